"""Copies of the store behind a real load balancer, for tests and the scale benchmark: each copy a `pos-store serve`
process of its own on one database (PostgreSQL), and Debian's HAProxy in front of them in the foreground, with a
configuration written here (round robin, the copies' readiness checked, a request whose connection failed sent
to another copy, the tills' event streams left open).

    with StoreCopies(db_url, sandbox_url, 3) as copies:
        key = copies.add_till("T1")
        QPayClient(copies.url, "T1", key) ...
        copies.copies[0].kill()          # SIGKILL: the balancer sends the next calls to the others
"""

from __future__ import annotations

import os
import queue
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

import requests

from pos_app.qpay.transport import http_session
from pos_app.store.certificates import certificate_fingerprint, made_certificate
from tests.qpay.helpers import wait_until

ROOT = Path(__file__).resolve().parents[2]
READY_LINE = "store listening on "
PASSWORD_VARIABLE = "POS_STORE_QPAY_PASSWORD"  # noqa: S105 - the variable's name (pos_app/store/cli.py)
READY_PATH, LIVE_PATH = "/store/health/ready", "/store/health"
START_TIMEOUT_S = 60.0
SSE_IDLE_S = 60          # the store sends a comment down each event stream every 15 s


def haproxy_program() -> str | None:
    """Debian's HAProxy (`apt-get install haproxy`; make test installs it), or None."""
    return shutil.which("haproxy") or next((path for path in ("/usr/sbin/haproxy",) if os.path.exists(path)), None)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _read_lines(stream: IO[str], lines: queue.Queue[str]) -> None:
    for line in stream:
        lines.put(line)


@dataclass
class StoreCopy:
    """One `pos-store serve` process: its own URL (not through the balancer) and its process, to kill."""

    number: int
    process: subprocess.Popen[str]
    url: str = ""
    errors: IO[bytes] = field(default_factory=tempfile.TemporaryFile, repr=False)

    def kill(self) -> None:
        """SIGKILL, as a crash: nothing of the copy finishes what it was doing."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                self.kill()

    @property
    def alive(self) -> bool:
        return self.process.poll() is None

    def cpu_seconds(self) -> float | None:
        """User + system CPU the copy has used so far (Linux /proc; None elsewhere or once it is gone)."""
        try:
            fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            return None
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def stderr_tail(self, limit: int = 3000) -> str:
        self.errors.seek(0)
        return self.errors.read().decode("utf-8", "replace")[-limit:]


class StoreCopies:
    """`count` store copies on `db_url` in front of the QPay at `qpay_url`, and HAProxy in front of them (`url`).
    QPay's callbacks come through the balancer too (each copy's public URL is the balancer's)."""

    def __init__(self, db_url: str, qpay_url: str, count: int, *, username: str = "TEST_MERCHANT",
                 password: str = "123456", invoice_code: str = "TEST_INVOICE",  # noqa: S107 - the sandbox's
                 python: str = sys.executable, https: bool = False) -> None:
        self.db_url, self.qpay_url, self.count = db_url, qpay_url, count
        self._username, self._password, self._invoice_code = username, password, invoice_code
        self._python = python
        self.port = free_port()
        self.url = f"{'https' if https else 'http'}://127.0.0.1:{self.port}"
        self.copies: list[StoreCopy] = []
        self.health_path = READY_PATH
        self.haproxy: subprocess.Popen[str] | None = None
        self._folder = Path(tempfile.mkdtemp(prefix="pos-balancer-"))
        # HTTPS at the balancer (docs/store.md): a certificate made as the store makes its own, which the tills
        # pin (`certificate_sha256`); the copies behind it serve plain HTTP on loopback.
        self.certificate_sha256 = self._make_certificate() if https else ""
        self._haproxy_errors: IO[bytes] = tempfile.TemporaryFile()

    def __repr__(self) -> str:
        return f"StoreCopies({self.count} copies behind {self.url})"

    def __enter__(self) -> StoreCopies:
        return self.start()

    def __exit__(self, *exc_info: object) -> None:
        self.stop()

    # -- starting and stopping ------------------------------------------------------------------------------

    def start(self) -> StoreCopies:
        program = haproxy_program()
        if program is None:
            raise RuntimeError("HAProxy is not installed (apt-get install haproxy; make test installs it)")
        try:
            # All started at once, then each waited for (migrations run under an advisory lock).
            started = []
            for number in range(self.count):
                copy, lines = self._launch_copy(number)
                self.copies.append(copy)          # stopped by stop() whatever happens next
                started.append((copy, lines))
            for copy, lines in started:
                self._wait_for_copy(copy, lines)
            self.health_path = self._health_path()
            config = self._folder / "haproxy.cfg"
            config.write_text(self.config(), encoding="utf-8")
            self.haproxy = subprocess.Popen([program, "-f", str(config), "-db"], stdout=subprocess.DEVNULL,
                                            stderr=self._haproxy_errors, text=True)
            self._wait_for_balancer()
        except BaseException:
            self.stop()
            raise
        return self

    def _launch_copy(self, number: int) -> tuple[StoreCopy, queue.Queue[str]]:
        command = [self._python, "-m", "pos_app.store", "serve", "--db", self.db_url, "--qpay-url", self.qpay_url,
                   "--username", self._username, "--invoice-code", self._invoice_code, "--port", "0",
                   "--public-url", self.url]
        errors = tempfile.TemporaryFile()
        process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=errors, text=True, bufsize=1,
                                   env={**os.environ, PASSWORD_VARIABLE: self._password})
        copy = StoreCopy(number, process, errors=errors)
        assert process.stdout is not None
        lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=_read_lines, args=(process.stdout, lines), name=f"store-copy-{number}",
                         daemon=True).start()
        return copy, lines

    def _wait_for_copy(self, copy: StoreCopy, lines: queue.Queue[str]) -> StoreCopy:
        deadline = time.monotonic() + START_TIMEOUT_S
        while time.monotonic() < deadline:
            try:
                line = lines.get(timeout=0.1)
            except queue.Empty:
                if copy.process.poll() is not None:
                    break
                continue
            if line.startswith(READY_LINE):
                copy.url = line[len(READY_LINE):].strip()
                return copy
        copy.kill()
        raise RuntimeError(f"store copy {copy.number} did not start:\n{copy.stderr_tail()}")

    def _make_certificate(self) -> str:
        certificate, key = made_certificate(self._folder, ["127.0.0.1", "localhost"])
        (self._folder / "balancer.pem").write_bytes(certificate.read_bytes() + key.read_bytes())
        return certificate_fingerprint(certificate)

    def _health_path(self) -> str:
        # Readiness (the database and the QPay session) where the store has it; liveness on a store without.
        answer = requests.get(self.copies[0].url + READY_PATH, timeout=10)
        return READY_PATH if answer.status_code != 404 else LIVE_PATH

    def config(self) -> str:
        servers = "".join(f"    server copy{copy.number} {copy.url.removeprefix('http://')} check\n"
                          for copy in self.copies)
        return (
            "global\n"
            "    maxconn 4096\n"
            "defaults\n"
            "    mode http\n"
            "    timeout connect 2s\n"
            "    timeout client 60s\n"
            # A till's event stream is one long answer: the store's comment every 15 s keeps it under this.
            f"    timeout server {SSE_IDLE_S}s\n"
            "    timeout tunnel 1h\n"
            "    timeout http-keep-alive 30s\n"
            # Without it a health check must be answered within `inter` (500 ms): a copy busy with 300 tills
            # answered later and was taken out (503s to the tills and to QPay's callbacks) though it was well.
            "    timeout check 5s\n"
            # A request whose connection to a copy failed (the copy is dead) goes to another: nothing reached
            # the dead copy, so even a create is safe to send on. Nothing else is sent twice.
            "    retries 3\n"
            "    option redispatch 1\n"
            "    retry-on conn-failure\n"
            "frontend tills\n"
            f"    bind 127.0.0.1:{self.port}{self._tls_bind()}\n"
            "    default_backend copies\n"
            "backend copies\n"
            "    balance roundrobin\n"
            # A connection to a copy for each request: none left idle for the copy to close under HAProxy's reuse
            # (a request sent on it would be lost halfway: a 502), nor counted against the copy's cap on waiting
            # connections from one address (the balancer's).
            "    option http-server-close\n"
            f"    option httpchk GET {self.health_path}\n"
            "    http-check expect status 200\n"
            "    default-server inter 500ms fall 2 rise 2\n"
            f"{servers}"
        )

    def _tls_bind(self) -> str:
        return f" ssl crt {self._folder / 'balancer.pem'}" if self.certificate_sha256 else ""

    def _wait_for_balancer(self) -> None:
        def answering() -> bool:
            assert self.haproxy is not None
            if self.haproxy.poll() is not None:
                raise RuntimeError(f"HAProxy stopped:\n{self.haproxy_errors()}")
            try:
                with http_session(self.certificate_sha256) as session:
                    return session.get(self.url + LIVE_PATH, timeout=2).status_code == 200
            except requests.RequestException:
                return False

        try:
            wait_until(answering, START_TIMEOUT_S)
        except AssertionError:
            raise RuntimeError(f"HAProxy did not answer on {self.url}:\n{self.haproxy_errors()}") from None

    def haproxy_errors(self) -> str:
        self._haproxy_errors.seek(0)
        return self._haproxy_errors.read().decode("utf-8", "replace")[-3000:]

    def stop(self) -> None:
        if self.haproxy is not None and self.haproxy.poll() is None:
            self.haproxy.terminate()
            try:
                self.haproxy.wait(10)
            except subprocess.TimeoutExpired:
                self.haproxy.kill()
                self.haproxy.wait(10)
        for copy in self.copies:
            copy.stop()
        shutil.rmtree(self._folder, ignore_errors=True)

    # -- using them -----------------------------------------------------------------------------------------

    def add_till(self, name: str, shop: str = "") -> str:
        """A new till's key (`pos-store add-till`, which prints it alone on its last line)."""
        result = subprocess.run([self._python, "-m", "pos_app.store", "add-till", name, "--db", self.db_url,
                                 "--shop", shop], cwd=ROOT, capture_output=True, text=True, timeout=60, check=False)
        if result.returncode != 0:
            raise RuntimeError(f"add-till {name} failed: {result.stderr[-2000:]}")
        return result.stdout.strip().splitlines()[-1]

    def cpu_seconds(self) -> float:
        """The CPU every copy still running has used (a killed copy's is lost with it)."""
        return sum(seconds for copy in self.copies if (seconds := copy.cpu_seconds()) is not None)
