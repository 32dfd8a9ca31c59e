"""A throwaway PostgreSQL server for the tests, started by the tests themselves (like moto for AWS).

    server = PostgresServer()
    server.start()                      # a fresh cluster in a temporary directory, on 127.0.0.1:<free port>
    url = server.create_database()      # a fresh, empty database: postgresql+psycopg://postgres@127.0.0.1:PORT/test_1
    ...
    server.drop_database(url)
    server.stop()                       # pg_ctl stop -m immediate, and the directory is removed

It runs the binaries of Debian's `postgresql` package (/usr/lib/postgresql/<newest version>/bin), which
make test installs (make system-test-packages). Without them start() fails loudly: the tests that need a
server are never skipped. initdb and postgres refuse to run as root, so under root (as in CI) every server
command runs as the package's `postgres` system user, which then owns the temporary directory.

Built for speed, never for durability: no fsync anywhere, trust authentication (only on the loopback address
and the socket in the temporary directory), and the C locale, so that text sorts by its bytes as it does in
SQLite.
"""

from __future__ import annotations

import atexit
import itertools
import os
import pwd
import re
import shutil
import socket
import stat
import subprocess
import tempfile
import threading
import time
from pathlib import Path
from types import TracebackType

POSTGRES_ROOT = Path("/usr/lib/postgresql")
SERVER_USER = "postgres"        # the Debian package's system user, which runs the server under root
SUPERUSER = "postgres"          # the cluster's superuser role, which the URLs log in as
DATABASE = "pos_test"           # the database start() creates; .url names it
START_TIMEOUT = 60              # seconds pg_ctl waits for the server to accept connections
START_ATTEMPTS = 3              # a free port can be taken by someone else before the server binds it
COMMAND_TIMEOUT = 120           # seconds for initdb and pg_ctl themselves
SETTINGS = {
    "listen_addresses": "'127.0.0.1'",
    "fsync": "off",
    "synchronous_commit": "off",
    "full_page_writes": "off",
    "wal_level": "minimal",
    "max_wal_senders": "0",
    "shared_buffers": "16MB",
    "max_connections": "100",
    "autovacuum": "off",
    "jit": "off",
    "logging_collector": "off",
    "log_min_messages": "warning",
}
_NAME = re.compile(r"[a-z_][a-z0-9_]{0,62}")


class PostgresUnavailable(RuntimeError):
    """The PostgreSQL server binaries (or the user to run them as) are not on this machine."""


class PostgresFailed(RuntimeError):
    """initdb or pg_ctl failed; the message holds what they said and the server log's end."""


def find_binaries(root: Path = POSTGRES_ROOT) -> Path:
    """The bin directory of the newest PostgreSQL version installed under *root*."""
    versions = []
    for directory in root.glob("*/bin"):
        version = directory.parent.name
        if re.fullmatch(r"\d+(\.\d+)*", version) and (directory / "initdb").is_file() \
                and (directory / "pg_ctl").is_file():
            versions.append((tuple(int(part) for part in version.split(".")), directory))
    if not versions:
        raise PostgresUnavailable(
            f"no PostgreSQL server binaries (initdb, pg_ctl) under {root}/*/bin: the store tests start a "
            "PostgreSQL server of their own from Debian's `postgresql` package; install it with "
            "`make system-test-packages` (make test does), or `apt-get install postgresql`")
    return max(versions)[1]


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _searchable_by_everyone(path: Path) -> bool:
    """Whether another user (the server's) can reach into *path*: every directory up to / has o+x."""
    return all(os.stat(part).st_mode & stat.S_IXOTH for part in (path, *path.parents))


class PostgresServer:
    """A PostgreSQL cluster of its own in a temporary directory, on 127.0.0.1 and a free port."""

    def __init__(self, root: Path = POSTGRES_ROOT, database: str = DATABASE) -> None:
        self.root = root
        self.database = database
        self.port = 0
        self.directory: Path | None = None
        self.version = ""
        self.start_seconds = 0.0
        self._bin: Path | None = None
        self._as_user: list[str] = []
        self._owner: tuple[int, int] | None = None
        self._running = False
        self._names = itertools.count(1)
        self._lock = threading.Lock()

    # -- the life cycle -------------------------------------------------------------------------------------

    def start(self) -> None:
        if self._running:
            raise RuntimeError("the PostgreSQL server is already running")
        began = time.perf_counter()
        self._bin = find_binaries(self.root)
        self._prepare_user()
        self.directory = Path(tempfile.mkdtemp(prefix="pos-pg-", dir=self._temp_root()))
        try:
            if self._owner is not None:
                os.chown(self.directory, *self._owner)
            self._initdb()
            self._start_on_a_free_port()
            atexit.register(self.stop)
            self._create(self.database)
        except BaseException:
            self.stop()
            raise
        self.start_seconds = time.perf_counter() - began

    def stop(self) -> None:
        """Stops the server at once (no shutdown checkpoint: nothing is kept) and removes its directory."""
        atexit.unregister(self.stop)
        if self._running and self.directory is not None:
            self._running = False
            self._run("pg_ctl", "stop", "-D", str(self.directory / "data"), "-m", "immediate", "-w",
                      "-t", str(START_TIMEOUT), check=False)
        directory, self.directory = self.directory, None
        if directory is not None:
            shutil.rmtree(directory, ignore_errors=True)

    def halt(self) -> None:
        """Stops the server hard (as a crash: `-m immediate`), keeping its data and its port for `resume`."""
        assert self._running and self.directory is not None, "the PostgreSQL server is not running"
        self._run("pg_ctl", "stop", "-D", str(self.directory / "data"), "-m", "immediate", "-w",
                  "-t", str(START_TIMEOUT))

    def resume(self) -> None:
        """Starts a `halt`ed server again on the same port (its URLs stay good)."""
        assert self._running and self.directory is not None, "the PostgreSQL server is not running"
        self._run("pg_ctl", "start", "-D", str(self.directory / "data"), "-l", str(self.directory / "server.log"),
                  "-w", "-t", str(START_TIMEOUT), "-o", f"-p {self.port}")

    def __enter__(self) -> PostgresServer:
        self.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 traceback: TracebackType | None) -> None:
        self.stop()

    # -- addresses ------------------------------------------------------------------------------------------

    @property
    def running(self) -> bool:
        return self._running

    @property
    def url(self) -> str:
        """The SQLAlchemy URL of the database start() created."""
        return self.url_of(self.database)

    def url_of(self, database: str) -> str:
        if not self._running:
            raise RuntimeError("the PostgreSQL server is not running: start() it first")
        return f"postgresql+psycopg://{SUPERUSER}@127.0.0.1:{self.port}/{database}"

    @property
    def socket_directory(self) -> Path:
        assert self.directory is not None, "the PostgreSQL server is not running"
        return self.directory

    # -- databases ------------------------------------------------------------------------------------------

    def create_database(self, prefix: str = "test") -> str:
        """A fresh, empty database (a copy of template1), as a SQLAlchemy URL."""
        with self._lock:
            name = f"{prefix}_{next(self._names)}"
        self._create(name)
        return self.url_of(name)

    def drop_database(self, url_or_name: str) -> None:
        """Drops a database, ending any connections to it that are still open (engines not disposed)."""
        name = url_or_name.rsplit("/", 1)[-1].split("?", 1)[0]
        self._admin(f'DROP DATABASE IF EXISTS "{self._checked(name)}" WITH (FORCE)')

    def _create(self, name: str) -> None:
        # FILE_COPY: with fsync off its checkpoint costs nothing, and it copies the few MB of template1 faster
        # than writing them all through the WAL (PostgreSQL 15's default, WAL_LOG).
        strategy = " STRATEGY = FILE_COPY" if self._major() >= 15 else ""
        self._admin(f'CREATE DATABASE "{self._checked(name)}" TEMPLATE template1{strategy}')

    def _admin(self, statement: str) -> None:
        import psycopg  # the store's driver: imported only by the tests that start a server

        with psycopg.connect(host="127.0.0.1", port=self.port, user=SUPERUSER, dbname="postgres",
                             autocommit=True, connect_timeout=10) as connection:
            connection.execute(statement.encode())

    @staticmethod
    def _checked(name: str) -> str:
        if not _NAME.fullmatch(name):
            raise ValueError(f"not a plain database name: {name!r}")
        return name

    def _major(self) -> int:
        match = re.search(r"(\d+)", self.version)
        return int(match[1]) if match else 0

    # -- the commands ---------------------------------------------------------------------------------------

    def _prepare_user(self) -> None:
        """Under root: run every server command as the `postgres` system user, which owns the directory."""
        if os.geteuid() != 0:
            self._as_user, self._owner = [], None
            return
        try:
            user = pwd.getpwnam(SERVER_USER)
        except KeyError:
            raise PostgresUnavailable(
                f"running as root, and there is no `{SERVER_USER}` system user to run the PostgreSQL server as "
                "(initdb and postgres refuse root): Debian's `postgresql` package creates it; install it with "
                "`make system-test-packages` (make test does)") from None
        runuser = shutil.which("runuser") or "/usr/sbin/runuser"
        self._as_user, self._owner = [runuser, "-u", SERVER_USER, "--"], (user.pw_uid, user.pw_gid)

    def _temp_root(self) -> str | None:
        """Where the temporary directory goes: the usual place, unless the server's user could not reach it."""
        usual = Path(tempfile.gettempdir())
        if self._owner is None or _searchable_by_everyone(usual):
            return None
        return "/tmp"

    def _run(self, program: str, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        assert self._bin is not None and self.directory is not None
        command = [*self._as_user, str(self._bin / program), *args]
        # The server's user may not reach the caller's working directory (/root): work in the cluster's own.
        environment = {key: value for key, value in os.environ.items() if not key.startswith("PG")}
        result = subprocess.run(command, cwd=self.directory, env=environment, capture_output=True, text=True,
                                timeout=COMMAND_TIMEOUT, check=False)
        if check and result.returncode != 0:
            raise PostgresFailed(f"{program} {' '.join(args)} failed ({result.returncode}):\n"
                                 f"{result.stdout}{result.stderr}{self._log_tail()}")
        return result

    def _initdb(self) -> None:
        assert self.directory is not None
        data = self.directory / "data"
        self._run("initdb", "-D", str(data), "-U", SUPERUSER, "-A", "trust", "-E", "UTF8", "--locale=C",
                  "--no-sync", "--no-instructions")
        self.version = (data / "PG_VERSION").read_text(encoding="utf-8").strip()
        settings = {**SETTINGS, "unix_socket_directories": f"'{self.directory}'"}
        lines = "".join(f"{key} = {value}\n" for key, value in settings.items())
        with (data / "postgresql.conf").open("a", encoding="utf-8") as conf:  # root appends; the owner stays
            conf.write(f"\n# tests/pg_server.py: a throwaway cluster\n{lines}")

    def _start_on_a_free_port(self) -> None:
        assert self.directory is not None
        for attempt in range(1, START_ATTEMPTS + 1):
            self.port = free_port()
            result = self._run("pg_ctl", "start", "-D", str(self.directory / "data"), "-l",
                               str(self.directory / "server.log"), "-w", "-t", str(START_TIMEOUT),
                               "-o", f"-p {self.port}", check=False)
            if result.returncode == 0:
                self._running = True
                return
            if attempt == START_ATTEMPTS or "could not bind" not in self._log_tail():
                raise PostgresFailed(f"pg_ctl start failed ({result.returncode}):\n"
                                     f"{result.stdout}{result.stderr}{self._log_tail()}")

    def _log_tail(self, lines: int = 20) -> str:
        if self.directory is None:
            return ""
        log = self.directory / "server.log"
        if not log.is_file():
            return ""
        text = log.read_text(encoding="utf-8", errors="replace").splitlines()[-lines:]
        return "\n--- server.log ---\n" + "\n".join(text)
