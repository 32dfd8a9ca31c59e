"""Suite-wide settings and the one sandbox all client and GUI tests talk to."""

from __future__ import annotations

import os
import subprocess
import sys
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
from pos_app.qpay import QPayClient  # noqa: E402
from pos_app.sandbox import SandboxServer  # noqa: E402
from pos_app.ui.language import Language  # noqa: E402
from tests.qpay.helpers import FAST_POLICY, INVOICE_CODE, PASSWORD, USERNAME, SandboxControl  # noqa: E402


@pytest.fixture(scope="session")
def sandbox_server() -> Iterator[SandboxServer]:
    """A real sandbox on loopback for the whole session, like moto's threaded server."""
    server = SandboxServer().start()
    yield server
    server.stop()


@pytest.fixture(autouse=True)
def _fresh_sandbox(request: pytest.FixtureRequest) -> None:
    # Tests that need no sandbox never start it; any test that uses it gets a clean one.
    if "sandbox_server" in request.fixturenames:
        request.getfixturevalue("sandbox_server").reset()


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
