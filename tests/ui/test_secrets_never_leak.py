"""A whole sale with debug logging on everything leaves no password, token or Authorization value in any log
record, exception text, file the till wrote (settings, journal and its WAL, exports) or text on screen.

The till runs as a shop with its own account would (environment "sandbox", the password in the secret store),
against a sandbox of this module's own whose merchant has a password no id or text can contain by chance.
On the way the service fails in the ways that make code log and raise: a 500, a 429, a dropped answer, an
expired token, a refused receipt.
"""

from __future__ import annotations

import base64
import logging
import traceback
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractButton, QApplication, QLabel, QLineEdit, QWidget
from pytestqt.qtbot import QtBot

from pos_app.app.root import PosApp
from pos_app.app.paths import AppPaths
from pos_app.config import SessionSecretStore, Settings
from pos_app.config.secrets import secret_account
from pos_app.config.settings import Environment, save_settings
from pos_app.domain.sale import Stage
from pos_app.sandbox import SandboxOptions, SandboxServer
from pos_app.sandbox.merchants import Merchant
from tests.qpay.helpers import SandboxControl
from tests.ui.conftest import FAST_SCHEDULE, MILK, WAIT_MS, close_app

USERNAME = "LEAK_MERCHANT"
PASSWORD = "Leak-Canary-Pa55w0rd-7f3a"
INVOICE_CODE = "LEAK_INVOICE"


@pytest.fixture(scope="module")
def own_sandbox() -> Iterator[SandboxServer]:
    merchant = Merchant(username=USERNAME, password=PASSWORD, invoice_codes=[INVOICE_CODE])
    server = SandboxServer(options=SandboxOptions(merchants=[merchant])).start()
    yield server
    server.stop()


def screen_texts(window: QWidget) -> list[str]:
    texts: list[str] = [window.windowTitle()]
    for widget in window.findChildren(QWidget):
        if isinstance(widget, (QLabel, QLineEdit, QAbstractButton)):
            texts.append(widget.text())
        texts.append(widget.toolTip())
    return texts


def files_under(folder: Path) -> dict[Path, bytes]:
    return {path: path.read_bytes() for path in folder.rglob("*") if path.is_file()}


def test_a_whole_sale_with_faults_and_debug_logging_leaks_no_secret(
        qtbot: QtBot, own_sandbox: SandboxServer, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)                       # root: pos_app.*, urllib3, uvicorn, everything
    for name in ("urllib3", "pos_app", "uvicorn", "fastapi"):
        caplog.set_level(logging.DEBUG, logger=name)      # and back to their levels after the test
    own_sandbox.reset()
    control = SandboxControl(own_sandbox.url)
    paths = AppPaths(tmp_path / "config", tmp_path / "data", tmp_path / "cache")
    settings = Settings(environment=Environment.SANDBOX, base_url=own_sandbox.url, username=USERNAME,
                        invoice_code=INVOICE_CODE, terminal_id="T9", shop_name="Leak test shop")
    paths.config_dir.mkdir(parents=True)
    save_settings(settings, paths.settings_file)
    secrets = SessionSecretStore()
    secrets.set_password(secret_account(settings.environment, settings.base_url, USERNAME), PASSWORD)

    app = PosApp(paths, secrets=secrets, schedule=FAST_SCHEDULE)
    app.window.set_ask_before_quit(False)
    try:
        with qtbot.waitSignal(app.ready, timeout=WAIT_MS):
            app.start()
        app.window.activateWindow()
        qtbot.waitUntil(app.window.sale_page.entry.hasFocus, timeout=WAIT_MS)
        assert app.backend is not None and not app.backend.training

        entry = app.window.sale_page.entry
        qtbot.keyClicks(entry, MILK)
        qtbot.keyClick(entry, Qt.Key.Key_Return)
        control.fault("/v2/invoice", method="POST", drop=True, after_processing=True)   # created, answer lost
        qtbot.keyClick(QApplication.focusWidget() or app.window, Qt.Key.Key_F12)
        qtbot.waitUntil(lambda: app.flow.stage is Stage.AWAITING_PAYMENT, timeout=WAIT_MS)
        sale = app.flow.sale
        assert sale is not None and sale.invoice is not None

        control.fault("/v2/payment/check", status=500, count=2)
        control.fault("/v2/payment/check", status=429, count=2, retry_after=0)
        control.advance_clock(3600)                                 # the held token has expired
        qtbot.waitUntil(lambda: control.count("/v2/payment/check") >= 6, timeout=WAIT_MS)
        control.pay(sale.invoice.invoice_id)
        qtbot.waitUntil(lambda: app.flow.stage is Stage.PAID, timeout=WAIT_MS)

        receipt_page = app.window.receipt_page
        control.fault("/v2/ebarimt", status=500, count=10)          # refused until the cashier tries again
        qtbot.keyClick(QApplication.focusWidget() or app.window, Qt.Key.Key_Return)
        qtbot.waitUntil(lambda: control.count_prefix("/v2/ebarimt") >= 1 and receipt_page.issue_button.isEnabled(),
                        timeout=WAIT_MS)
        assert app.flow.stage is Stage.PAID
        control.clear_faults()
        qtbot.keyClick(QApplication.focusWidget() or app.window, Qt.Key.Key_Return)
        qtbot.waitUntil(lambda: app.flow.stage is Stage.COMPLETED, timeout=WAIT_MS)
        assert control.logins() >= 2                               # the expired token meant a new login

        checkout = app.backend.checkout
        assert checkout is not None
        tokens = {checkout.client.tokens.access_token()}
        shown = screen_texts(app.window)
        reprs = [repr(app.backend), repr(checkout), repr(checkout.client), repr(vars(checkout.client)),
                 repr(settings), repr(secrets)]
    finally:
        close_app(app)

    records = caplog.records
    assert any(record.name.startswith("urllib3") for record in records), "debug logging reached the HTTP layer"
    assert any(record.name.startswith("pos_app") for record in records)
    logged = [caplog.text] + [record.getMessage() for record in records] + [
        "".join(traceback.format_exception(*record.exc_info)) for record in records if record.exc_info]
    written = files_under(tmp_path)
    assert paths.settings_file in written and any(path.suffix == ".sqlite3" for path in written)

    basic = base64.b64encode(f"{USERNAME}:{PASSWORD}".encode()).decode()
    canaries = {PASSWORD, basic, *tokens}
    texts = {"log": "\n".join(logged), "screen": "\n".join(shown), "repr": "\n".join(reprs)}
    for path, data in written.items():
        texts[str(path.relative_to(tmp_path))] = data.decode("latin-1")
    for where, text in texts.items():
        for canary in canaries:
            assert canary not in text, f"a secret in {where}"
        assert "eyJ" not in text, f"something like a JWT in {where}"
        assert "Bearer " not in text and "Basic " not in text, f"an Authorization value in {where}"
