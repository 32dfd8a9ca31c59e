"""`pos-store` as a program (`python -m pos_app.store`, as the .deb's pos-store and its systemd unit run it): a till's
key printed once and kept hashed, `serve` saying where it listens once ready, and where the QPay password comes from
(never a plain file or an argument: the environment, systemd's credential, the keyring)."""

from __future__ import annotations

import hashlib
import os
import queue
import re
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import requests
from sqlalchemy import select

from pos_app.qpay import QPayClient
from pos_app.sandbox.server import SandboxServer
from pos_app.store import cli
from pos_app.store.credentials import add_credential
from pos_app.store.db import credentials, open_database

from .helpers import simple_invoice

LISTENING = re.compile(r"store listening on (http://127\.0\.0\.1:(\d+))")
STARTUP_SECONDS = 60   # a cold interpreter importing FastAPI, SQLAlchemy and Alembic on a busy machine


def _env(home: Path, **extra: str) -> dict[str, str]:
    """The child's environment: no password from this machine's environment, no real keyring, no real home."""
    env = {k: v for k, v in os.environ.items() if k not in ("POS_STORE_QPAY_PASSWORD", "CREDENTIALS_DIRECTORY")}
    env.update(PYTHON_KEYRING_BACKEND="keyring.backends.null.Keyring", POS_STORE_HOME=str(home), **extra)
    return env


def _run(home: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pos_app.store", *args], env=_env(home, **env), capture_output=True,
                          text=True, timeout=STARTUP_SECONDS, check=False)


class Child:
    """A `pos-store serve` running in the background; its stdout read line by line on a thread."""

    def __init__(self, home: Path, *args: str, **env: str) -> None:
        self.stderr = home / "serve.err"
        with self.stderr.open("w") as stderr:
            self.process = subprocess.Popen(  # noqa: S603 - this interpreter, our own module
                [sys.executable, "-m", "pos_app.store", "serve", *args], env=_env(home, **env), text=True,
                stdout=subprocess.PIPE, stderr=stderr)
        self.lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line)
        self.lines.put(None)

    def next_line(self, timeout: float = STARTUP_SECONDS) -> str | None:
        """The next line the child printed (None once its stdout closed); fails after `timeout` seconds."""
        try:
            return self.lines.get(timeout=timeout)
        except queue.Empty:
            pytest.fail(f"pos-store serve printed nothing within {timeout} s: {self.stderr.read_text()}")

    def url(self) -> str:
        line = self.next_line()
        if line is None:
            self.process.wait(10)
            pytest.fail(f"pos-store serve ended ({self.process.returncode}): {self.stderr.read_text()}")
        found = LISTENING.fullmatch(line.rstrip("\n"))
        assert found is not None, line
        assert 0 < int(found[2]) < 65536
        return found[1]

    def stop(self) -> int:
        """SIGTERM, as systemd stops it: the child ends by itself, with 0."""
        self.process.send_signal(signal.SIGTERM)
        return self.process.wait(20)

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(10)


@contextmanager
def serving(home: Path, *args: str, **env: str) -> Iterator[Child]:
    child = Child(home, *args, **env)
    try:
        yield child
    finally:
        child.kill()


def test_add_till_prints_the_key_alone_keeps_only_its_hash_and_never_makes_two(store_db_url: str,
                                                                               tmp_path: Path) -> None:
    done = _run(tmp_path, "add-till", "T1", "--db", store_db_url, "--shop", "Main")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    key = lines[-1]
    assert re.fullmatch(r"[A-Za-z0-9_-]{43}", key), lines   # 32 random bytes, URL-safe, nothing else on the line
    assert "shown once" in lines[0]
    engine = open_database(store_db_url)
    try:
        with engine.connect() as db:
            rows = [row._asdict() for row in db.execute(select(credentials))]
    finally:
        engine.dispose()
    assert len(rows) == 1
    assert rows[0]["name"] == "T1" and rows[0]["role"] == "till" and rows[0]["shop"] == "Main"
    assert rows[0]["key_hash"] == hashlib.sha256(key.encode()).hexdigest()
    assert not any(key in str(value) for value in rows[0].values())

    again = _run(tmp_path, "add-till", "T1", "--db", store_db_url)
    assert again.returncode == 1
    assert again.stdout == ""                                       # no key printed
    assert "pos-store: T1 already has a key" in again.stderr
    assert "Traceback" not in again.stderr


def test_serve_in_training_says_once_where_it_listens(store_db_url: str, tmp_path: Path) -> None:
    with serving(tmp_path, "--db", store_db_url, "--qpay-url", "training", "--port", "0") as child:
        url = child.url()
        answer = requests.get(f"{url}/store/health", timeout=10)
        assert answer.status_code == 200, answer.text
        assert child.stop() == 0
        assert child.next_line(10) is None          # that one line was all it printed


@pytest.mark.parametrize("store_db_url", ["sqlite"], indirect=True)
def test_empty_optional_arguments_mean_their_defaults(store_db_url: str, tmp_path: Path) -> None:
    """As the systemd unit passes an unset setting: `--db ""` (the data folder's SQLite), `--public-url ""`..."""
    with serving(tmp_path, "--qpay-url", "training", "--port", "0", "--db", "", "--public-url", "", "--catalog", "",
                 "--username", "", "--invoice-code", "") as child:
        url = child.url()
        assert requests.get(f"{url}/store/health", timeout=10).status_code == 200
        assert child.stop() == 0
    assert (tmp_path / "store.sqlite3").exists()     # POS_STORE_HOME's default database


def test_serve_without_a_password_says_how_to_give_one(tmp_path: Path) -> None:
    done = _run(tmp_path, "serve", "--qpay-url", "http://127.0.0.1:9", "--username", "SHOP", "--port", "0",
                "--db", f"sqlite:///{tmp_path}/store.sqlite3")
    assert done.returncode == 2, done.stderr
    assert "POS_STORE_QPAY_PASSWORD" in done.stderr
    assert "qpay-password" in done.stderr
    assert done.stdout == ""
    assert "Traceback" not in done.stderr


def test_serve_reads_the_password_from_systemds_credential(tmp_path: Path) -> None:
    """LoadCredentialEncrypted=qpay-password:... gives the service $CREDENTIALS_DIRECTORY/qpay-password (systemd-creds
    keeps the newline that `echo` wrote): the store logs in to QPay with it."""
    sandbox = SandboxServer("127.0.0.1", 0).start()
    try:
        credentials_dir = tmp_path / "credentials"
        credentials_dir.mkdir(mode=0o700)
        (credentials_dir / "qpay-password").write_text("123456\n", encoding="utf-8")
        db_url = f"sqlite:///{tmp_path}/store.sqlite3"
        engine = open_database(db_url)
        try:
            key = add_credential(engine, "T1")
        finally:
            engine.dispose()
        with serving(tmp_path, "--db", db_url, "--qpay-url", sandbox.url, "--username", "TEST_MERCHANT",
                     "--invoice-code", "TEST_INVOICE", "--port", "0",
                     CREDENTIALS_DIRECTORY=str(credentials_dir)) as child:
            url = child.url()
            till = QPayClient(url, "T1", key)
            try:
                created = till.create_invoice(simple_invoice("T1-1"))   # the store logged in to QPay for it
            finally:
                till.close()
            assert created.invoice_id
            assert child.stop() == 0
    finally:
        sandbox.stop()


def test_the_password_comes_from_the_environment_then_systemds_credential(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PYTHON_KEYRING_BACKEND", "keyring.backends.null.Keyring")
    monkeypatch.delenv(cli.PASSWORD_VARIABLE, raising=False)
    monkeypatch.setenv("CREDENTIALS_DIRECTORY", str(tmp_path))
    assert cli.qpay_password("https://qpay.example", "SHOP") == ""          # the folder, but no such credential
    (tmp_path / "qpay-password").write_text("secret word\r\n", encoding="utf-8")
    assert cli.qpay_password("https://qpay.example", "SHOP") == "secret word"
    monkeypatch.setenv(cli.PASSWORD_VARIABLE, "from the environment")
    assert cli.qpay_password("https://qpay.example", "SHOP") == "from the environment"


def test_empty_settings_of_the_service_mean_the_defaults(capsys: pytest.CaptureFixture[str]) -> None:
    """systemd passes "${STORE_PORT}" as one argument, empty when the setting is; a missing QPay address is an error
    that restarting would not mend (exit 2: the unit's RestartPreventExitStatus=)."""
    args = cli.parse_args(["serve", "--qpay-url", "training", "--port", "", "--host", "", "--db", ""])
    assert (args.port, args.db) == (cli.DEFAULT_PORT, "")
    assert cli.parse_args(["serve", "--qpay-url", "training", "--port", "0"]).port == 0
    with pytest.raises(SystemExit):
        cli.parse_args(["serve", "--qpay-url", "training", "--port", "http"])
    capsys.readouterr()
    assert cli.main(["serve", "--qpay-url", "", "--port", "0"]) == 2
    assert "--qpay-url is needed" in capsys.readouterr().err
