"""`pos-store`: the store server as a program.

    pos-store serve --db URL --qpay-url URL --username NAME --invoice-code CODE [--host H] [--port P]
                    [--tls auto|on|off] [--tls-cert FILE --tls-key FILE] [--tls-name NAME ...]
    pos-store certificate [--tls-cert FILE] [--host H] [--tls-name NAME ...]   # its SHA-256 fingerprint
    pos-store add-till T1 [--db URL] [--shop NAME]      # prints the till's key once, alone on its last line
    pos-store add-owner NAME [--db URL]                 # a key for the owner's reports

The QPay password comes from the environment variable POS_STORE_QPAY_PASSWORD, or systemd's credential
`qpay-password` (an encrypted file that systemd decrypts for the service alone: `$CREDENTIALS_DIRECTORY`, see
packaging/linux/pos-store.service), or the keyring (service "pos-store", account "NAME@URL"); never from a plain
file or an argument. `--qpay-url training` runs the embedded training sandbox and its sample merchant: no account
needed. An empty value of an optional argument (`--db ""`, as a service's unset setting gives) means its default.

HTTPS (`--tls`, default auto): with the owner's certificate (`--tls-cert`, `--tls-key`), or else, on any address
but loopback, with one the store makes once and keeps in its data folder (`pos_app.store.certificates`), which
each till pins by the fingerprint `pos-store certificate` prints. `--tls off`: plain HTTP, behind a proxy that
does TLS.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
from pathlib import Path

import platformdirs

PASSWORD_VARIABLE = "POS_STORE_QPAY_PASSWORD"  # noqa: S105 - the variable's name, not a password
CREDENTIAL_NAME = "qpay-password"  # noqa: S105 - the credential's name (systemd's LoadCredentialEncrypted=)
TLS_KEY_CREDENTIAL = "tls-key"     # the owner's certificate's key, as systemd's LoadCredential= hands it over
KEYRING_SERVICE = "pos-store"
TRAINING = "training"
DEFAULT_HOST, DEFAULT_PORT = "127.0.0.1", 8770


def _data_folder() -> Path:
    folder = Path(os.environ.get("POS_STORE_HOME") or platformdirs.user_data_path("pos-store", appauthor=False))
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    return folder


def _default_db() -> str:
    from .db import default_url

    return default_url(_data_folder())


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="pos-store", description="The store server beside a shop's tills.")
    commands = parser.add_subparsers(dest="command", required=True)
    serve = commands.add_parser("serve", help="run the store")
    serve.add_argument("--db", help="database URL (default: a SQLite file in the data folder; "
                                    "postgresql+psycopg://... for a chain)")
    serve.add_argument("--qpay-url", required=True, help="QPay's address, or 'training' for the embedded sandbox")
    serve.add_argument("--username", default="", help="the shop's QPay user name")
    serve.add_argument("--invoice-code", default="", help="the shop's QPay invoice code (sent on every invoice)")
    serve.add_argument("--host", default=DEFAULT_HOST, help="address to bind (default: loopback only)")
    serve.add_argument("--port", type=_port, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT}; "
                                                                         "0 picks a free one)")
    serve.add_argument("--public-url", default="", help="the store's address as QPay reaches it, for callbacks "
                                                        "(default: the address it listens on)")
    serve.add_argument("--catalog", help="the shop's catalog file (CSV or XLSX), served to every till")
    serve.add_argument("--tls", default="auto", help="HTTPS: 'auto' (default: on unless the address is loopback), "
                                                      "'on', or 'off' (plain HTTP, behind a proxy that does TLS)")
    _certificate_arguments(serve)
    serve.add_argument("--tls-key", default="", help="the key of --tls-cert (a PEM file; default: systemd's "
                                                     f"credential {TLS_KEY_CREDENTIAL})")
    certificate = commands.add_parser("certificate", help="the SHA-256 fingerprint of the store's certificate, "
                                                          "to compare at each till (made now if it is not yet)")
    certificate.add_argument("--host", default=DEFAULT_HOST, help="the address the store binds (as for serve)")
    _certificate_arguments(certificate)
    for name, text in (("add-till", "a new till and its key"), ("add-owner", "a key for the owner's reports")):
        command = commands.add_parser(name, help=text)
        command.add_argument("name")
        command.add_argument("--db", help="database URL (as for serve)")
        command.add_argument("--shop", default="", help="the shop the till stands in (a chain has several)")
    return parser.parse_args(argv)


def _certificate_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--tls-cert", default="", help="the owner's certificate (a PEM file, its chain after it); "
                                                       "default: the one the store makes in its data folder")
    parser.add_argument("--tls-name", action="append", default=[],
                        help="a name or address the made certificate carries (again for more, or commas between; "
                             "default: this computer's name and the --host address)")


def _names(given: list[str]) -> list[str]:
    return [name.strip() for text in given for name in text.split(",") if name.strip()]


def _port(text: str) -> int:
    if not text.strip():
        return DEFAULT_PORT
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a port number: {text!r}") from None
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"a port is 0 to 65535, not {port}")
    return port


def _credential() -> str:
    """systemd's decrypted `qpay-password` credential, when the service was given one ("" otherwise)."""
    folder = os.environ.get("CREDENTIALS_DIRECTORY")
    if not folder:
        return ""
    try:
        text = (Path(folder) / CREDENTIAL_NAME).read_text(encoding="utf-8")
    except (FileNotFoundError, NotADirectoryError):
        return ""
    return text.removesuffix("\n").removesuffix("\r")


def _credential_file(name: str) -> str:
    """The path of systemd's credential `name`, when the service was given one ("" otherwise)."""
    folder = os.environ.get("CREDENTIALS_DIRECTORY")
    path = Path(folder) / name if folder else None
    return str(path) if path is not None and path.is_file() else ""


def qpay_password(qpay_url: str, username: str) -> str:
    password = os.environ.get(PASSWORD_VARIABLE) or _credential()
    if password:
        return password
    try:
        import keyring

        return keyring.get_password(KEYRING_SERVICE, f"{username}@{qpay_url}") or ""
    except Exception:  # noqa: BLE001 - no keyring on this machine: the variable is the other way
        return ""


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.command in ("add-till", "add-owner"):
        return _add(args)
    if args.command == "certificate":
        return _certificate(args)
    return _serve(args)


def _certificate(args: argparse.Namespace) -> int:
    from .certificates import certificate_fingerprint, default_names, made_certificate

    try:
        if args.tls_cert:
            certificate = Path(args.tls_cert)
        else:
            names = _names(args.tls_name) or default_names(args.host or DEFAULT_HOST)
            certificate, _key = made_certificate(_data_folder(), names)
        fingerprint = certificate_fingerprint(certificate)
    except (OSError, ValueError) as exc:
        print(f"pos-store: no certificate: {exc}", file=sys.stderr)
        return 1
    print(f"The store's certificate ({certificate}), SHA-256 (compare it at each till):")
    print(fingerprint, flush=True)
    return 0


def _add(args: argparse.Namespace) -> int:
    from .credentials import OWNER, TILL, CredentialError, add_credential
    from .db import open_database

    engine = open_database(args.db or _default_db())
    try:
        key = add_credential(engine, args.name, TILL if args.command == "add-till" else OWNER, args.shop)
    except CredentialError as exc:
        print(f"pos-store: {exc}", file=sys.stderr)
        return 1
    finally:
        engine.dispose()
    print(f"{args.name}'s key (shown once; keep it in the till's settings):")
    print(key, flush=True)
    return 0


def _serve(args: argparse.Namespace) -> int:
    from pos_app.sandbox.serving import serve_until_signalled

    from .certificates import tls_files
    from .limits import raise_open_file_limit
    from .log_limits import install_flood_limits
    from .server import StoreServer

    # As many open files as the system lets it have: the store's connection cap is set below this (`limits`).
    raise_open_file_limit()
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")

    sandbox = None
    qpay_url, username, invoice_code = args.qpay_url.strip(), args.username, args.invoice_code
    if not qpay_url:
        print(f"pos-store: --qpay-url is needed (QPay's address, or {TRAINING!r})", file=sys.stderr)
        return 2
    if qpay_url == TRAINING:
        from pos_app.config import TRAINING_INVOICE_CODE, TRAINING_PASSWORD, TRAINING_USERNAME
        from pos_app.sandbox.server import SandboxServer

        sandbox = SandboxServer("127.0.0.1", 0).start()
        qpay_url, username, password = sandbox.url, TRAINING_USERNAME, TRAINING_PASSWORD
        invoice_code = invoice_code or TRAINING_INVOICE_CODE
    else:
        password = qpay_password(qpay_url, username)
        if not username or not password:
            print(f"pos-store: the QPay user name (--username) and its password ({PASSWORD_VARIABLE}, systemd's "
                  f"credential {CREDENTIAL_NAME}, or the keyring) are needed", file=sys.stderr)
            return 2
    host = args.host or DEFAULT_HOST
    tls_key = args.tls_key or (_credential_file(TLS_KEY_CREDENTIAL) if args.tls_cert else "")
    try:
        tls = tls_files(args.tls.strip() or "auto", args.tls_cert, tls_key, _names(args.tls_name), host,
                        _data_folder())
    except (OSError, ValueError) as exc:
        print(f"pos-store: {exc}", file=sys.stderr)
        if sandbox is not None:
            sandbox.stop()
        return 2
    try:
        server = StoreServer(args.db or _default_db(), qpay_url, username, password, host=host,
                             port=args.port, public_url=args.public_url, invoice_code=invoice_code,
                             catalog_file=args.catalog or None, tls_cert=str(tls[0]) if tls else None,
                             tls_key=str(tls[1]) if tls else None).start()
    except (OSError, ValueError, RuntimeError) as exc:
        print(f"pos-store: cannot start: {exc}", file=sys.stderr)
        if sandbox is not None:
            sandbox.stop()
        return 1
    install_flood_limits()      # after the servers started: uvicorn sets its loggers' handlers as it starts
    serve_until_signalled(*([sandbox] if sandbox is not None else []), server,
                          ready_line=f"store listening on {server.url}")
    return 0
