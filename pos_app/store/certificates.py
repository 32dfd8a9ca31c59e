"""The store's TLS certificate: the one it makes once (self-signed, for the tills to pin) and keeps in its data
folder, and the SHA-256 fingerprint of any certificate, which the owner compares at each till's set-up.

A till that pins the certificate checks its fingerprint alone (not its names, its issuer or its dates), so the
made certificate lives long and is reused on every start: a new one would make every till refuse the store until
its owner pins it again.
"""

from __future__ import annotations

import datetime
import ipaddress
import socket
from collections.abc import Iterable
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

from pos_app.files import replace_file
from pos_app.qpay.transport import certificate_sha256

CERTIFICATE_FILE = "store-certificate.pem"
KEY_FILE = "store-key.pem"
VALID_DAYS = 20 * 365          # the pin, not the date, is what the tills check
_WILDCARDS = {"0.0.0.0", "::", ""}  # noqa: S104 - addresses to bind, never a certificate's name


TLS_MODES = ("auto", "on", "off")


def tls_files(mode: str, certificate: str, key: str, names: Iterable[str], host: str,
              folder: Path) -> tuple[Path, Path] | None:
    """What the store serves HTTPS with: the owner's `certificate` and `key` when given, else (mode "on", or
    "auto" on an address other than loopback) the certificate it made in `folder` for `names` (or
    `default_names(host)`); None for plain HTTP ("off", or "auto" on loopback). ValueError for settings that do
    not go together."""
    if mode not in TLS_MODES:
        raise ValueError(f"--tls is one of {', '.join(TLS_MODES)}, not {mode!r}")
    if bool(certificate) != bool(key):
        raise ValueError("--tls-cert and --tls-key go together: the certificate and its key")
    if certificate:
        if mode == "off":
            raise ValueError("--tls off serves plain HTTP: leave out --tls-cert and --tls-key")
        return Path(certificate), Path(key)
    if mode == "off" or (mode == "auto" and is_loopback(host)):
        return None
    return made_certificate(folder, list(names) or default_names(host))


def is_loopback(host: str) -> bool:
    """Whether `host` serves this computer alone (127.0.0.1, ::1, localhost)."""
    if host.strip().lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def default_names(host: str) -> list[str]:
    """The names a made certificate carries when none are given: this machine's host name, the address the
    store binds (unless it is every address) and localhost."""
    names = [socket.gethostname(), host, "localhost"]
    return list(dict.fromkeys(name for name in names if name.strip() not in _WILDCARDS))


def made_certificate(folder: Path, names: Iterable[str]) -> tuple[Path, Path]:
    """(certificate, key) files in `folder`: made at the first call with `names` as its subject alternative
    names, the key readable by its owner alone (0600); the same files, unchanged, on every later call."""
    certificate_file, key_file = folder / CERTIFICATE_FILE, folder / KEY_FILE
    if certificate_file.is_file() and key_file.is_file():
        return certificate_file, key_file
    wanted = [name.strip() for name in names if name.strip()]
    if not wanted:
        raise ValueError("a certificate needs at least one name (--tls-name)")
    key = ec.generate_private_key(ec.SECP256R1())
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, wanted[0][:64]),
                         x509.NameAttribute(NameOID.ORGANIZATION_NAME, "pos-store")])
    now = datetime.datetime.now(datetime.timezone.utc)
    certificate = (
        x509.CertificateBuilder().subject_name(subject).issuer_name(subject).public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(days=1)).not_valid_after(now + datetime.timedelta(days=VALID_DAYS))
        .add_extension(x509.SubjectAlternativeName([_general_name(name) for name in dict.fromkeys(wanted)]),
                       critical=False)
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
        .sign(key, hashes.SHA256()))
    # The key first: a certificate on disk always has its key beside it.
    replace_file(key_file, key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                             serialization.NoEncryption()), mode=0o600, make_folder=True)
    replace_file(certificate_file, certificate.public_bytes(serialization.Encoding.PEM), mode=0o644)
    return certificate_file, key_file


def _general_name(name: str) -> x509.GeneralName:
    try:
        return x509.IPAddress(ipaddress.ip_address(name.strip("[]")))
    except ValueError:
        return x509.DNSName(name)


def certificate_fingerprint(certificate_file: Path) -> str:
    """The SHA-256 fingerprint of the (first) certificate in a PEM file, as `AB:CD:...` (what the till shows)."""
    certificate = x509.load_pem_x509_certificate(Path(certificate_file).read_bytes())
    return certificate_sha256(certificate.public_bytes(serialization.Encoding.DER))
