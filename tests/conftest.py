"""Suite-wide settings and the one sandbox all client and GUI tests talk to."""

from __future__ import annotations

import faulthandler
import os
import subprocess
import sys
from collections.abc import Generator
from pathlib import Path
from typing import Iterator

import pytest

# Qt renders offscreen, so tests need no display (set before any Qt import).
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QLocale  # noqa: E402

# Numbers, money and dates follow the locale (pos_app.formats); the tests read them as US English writes them,
# whatever the machine's own locale (often C, which groups no digits).
QLocale.setDefault(QLocale(QLocale.Language.English, QLocale.Country.UnitedStates))
TRANSLATIONS = Path(__file__).resolve().parents[1] / "resources" / "translations"

from pos_app.checkout import Checkout, CheckoutConfig  # noqa: E402
from pos_app.journal.acting import act_as  # noqa: E402
from pos_app.qpay import QPayClient  # noqa: E402
from pos_app.sandbox.posapi import PosApiSandboxServer  # noqa: E402
from pos_app.sandbox import SandboxServer  # noqa: E402
from pos_app.sandbox.service import SandboxOptions  # noqa: E402
from pos_app.ui.common.language import Language  # noqa: E402
from tests.pg_server import PostgresServer  # noqa: E402
from tests.qpay.helpers import FAST_POLICY, INVOICE_CODE, PASSWORD, USERNAME, SandboxControl  # noqa: E402


# -- a watchdog for deadlocks -------------------------------------------------------------------------------

TIMEOUT = 120.0             # pytest-timeout's per-test limit (pyproject.toml)
WATCHDOG_MARGIN = 120.0     # the watchdog fires this long after it: 240 s, so pytest-timeout goes first
_terminal_stderr = pytest.StashKey[int]()


@pytest.hookimpl(trylast=True)
def pytest_configure(config: pytest.Config) -> None:
    # The terminal's stderr, kept now: while a test runs, fd 2 is pytest's capture file, lost at an exit.
    config.stash[_terminal_stderr] = os.dup(2)


def pytest_unconfigure(config: pytest.Config) -> None:
    if _terminal_stderr in config.stash:
        os.close(config.stash[_terminal_stderr])
        del config.stash[_terminal_stderr]


def _watchdog_seconds(item: pytest.Item) -> float:
    marker = item.get_closest_marker("timeout")
    timeout = (marker.args[0] if marker.args else marker.kwargs.get("timeout")) if marker else None
    if timeout is None:
        timeout = item.config.getoption("timeout", None) or item.config.getini("timeout")
    return max(float(timeout or 0), TIMEOUT) + WATCHDOG_MARGIN


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Generator[None, object, object]:
    """pytest-timeout stops a hung test with a signal, which Python handles only once a thread gets the GIL;
    a deadlock that holds the GIL (Qt's locks against the GIL, see pos_app/ui/sale/pages/logos.py) would hang the run
    for good. faulthandler's watchdog is a C thread: past its time it writes every thread's stack to the
    terminal and ends the run."""
    faulthandler.dump_traceback_later(_watchdog_seconds(item), file=item.config.stash.get(_terminal_stderr, 2),
                                    exit=True)
    try:
        return (yield)
    finally:
        faulthandler.cancel_dump_traceback_later()


# -- the sandbox's profile -------------------------------------------------------------------------------

PROFILES = ("contract", "live")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--sandbox-profile", choices=PROFILES, default="contract",
                     help="how the session's sandbox answers: as the contract says (default) or as the live service "
                          "does (docs/sandbox.md); with live, only the tests that talk to the sandbox run")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """With the live profile: the tests that talk to the session's sandbox, but those marked `contract_run_only`
    (they hold the contract's own wire shapes, or start a live sandbox of their own); the others would only run
    a second time unchanged."""
    if config.getoption("--sandbox-profile") != "live":
        return
    chosen, dropped = [], []
    for item in items:
        uses_sandbox = "sandbox_server" in getattr(item, "fixturenames", ())
        (chosen if uses_sandbox and item.get_closest_marker("contract_run_only") is None else dropped).append(item)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = chosen


@pytest.fixture(scope="session")
def sandbox_profile(request: pytest.FixtureRequest) -> str:
    return str(request.config.getoption("--sandbox-profile"))


@pytest.fixture(scope="session")
def sandbox_server(sandbox_profile: str) -> Iterator[SandboxServer]:
    """A real sandbox on loopback for the whole session, like moto's threaded server, answering with the
    profile the run asked for (`--sandbox-profile`)."""
    server = SandboxServer(options=SandboxOptions(profile=sandbox_profile)).start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def posapi_server() -> Iterator[PosApiSandboxServer]:
    """A real PosAPI 3.0 sandbox on loopback for the whole session."""
    with PosApiSandboxServer() as server:
        yield server


@pytest.fixture(autouse=True)
def _nobody_acting() -> Iterator[None]:
    # Who acts at the till lives in the test thread's context (`pos_app.journal.acting`): each test starts with
    # nobody signed in, whoever the test before signed in.
    act_as("")
    yield
    act_as("")


@pytest.fixture(autouse=True)
def _fresh_sandbox(request: pytest.FixtureRequest) -> None:
    # Tests that need no sandbox never start it; any test that uses it gets a clean one.
    if "sandbox_server" in request.fixturenames:
        request.getfixturevalue("sandbox_server").reset()
    if "posapi_server" in request.fixturenames:
        request.getfixturevalue("posapi_server").reset()


@pytest.fixture
def control(sandbox_server: SandboxServer) -> SandboxControl:
    """The sandbox's control API (pay, faults, the request log), read from this test on."""
    return SandboxControl(sandbox_server.url)


@pytest.fixture
def checkout(sandbox_server: SandboxServer) -> Iterator[Checkout]:
    """The till's calls to the service, as the test merchant, against the session sandbox."""
    client = QPayClient(sandbox_server.url, USERNAME, PASSWORD, retry_policy=FAST_POLICY)
    yield Checkout(client, CheckoutConfig(invoice_code=INVOICE_CODE, callback_url="http://127.0.0.1:9/cb"))
    client.close()


# -- the till's languages -----------------------------------------------------------------------------------

@pytest.fixture(scope="session")
def compiled_translations(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """resources/translations/*.ts compiled once for the run (as `make translations` does for the app)."""
    folder = tmp_path_factory.mktemp("translations")
    for ts in sorted(TRANSLATIONS.glob("pos_app_*.ts")):
        subprocess.run([str(Path(sys.executable).parent / "pyside6-lrelease"), "-silent", str(ts), "-qm",
                        str(folder / ts.with_suffix(".qm").name)], check=True)
    return folder


@pytest.fixture
def language(qapp, compiled_translations: Path) -> Iterator[Language]:
    """A language to `use()` in one test, back to the source texts after it. Ask for it before `make_till`,
    so the till is closed before its translations are taken away."""
    speaking = Language(qapp, compiled_translations)
    yield speaking
    speaking.stop()


# -- the store's databases -------------------------------------------------------------------------------------
# Every store test runs on SQLite and on a real PostgreSQL server.
# `store_db_url` is a fresh, empty database per test, as a SQLAlchemy URL, once for each backend (test ids
# `sqlite` and `postgresql`). The PostgreSQL server is one per test session (tests/pg_server.py), started only
# when a `postgresql` test first asks for it; each test gets a database of its own on it, dropped afterwards.
# A machine without the server's binaries fails those tests (make test installs them): they are never skipped.

STORE_BACKENDS = ["sqlite", "postgresql"]


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    server = PostgresServer()
    server.start()
    yield server
    server.stop()


@pytest.fixture(params=STORE_BACKENDS, ids=STORE_BACKENDS)
def store_db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path}/store.sqlite3"
        return
    server: PostgresServer = request.getfixturevalue("postgres_server")
    url = server.create_database()
    yield url
    server.drop_database(url)  # also ends the connections of engines the test did not dispose
