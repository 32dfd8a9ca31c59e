"""PosApp start-up: a broken settings file, a real (sandbox) account, a missing password, a restart."""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from pos_app.app.root import PosApp
from pos_app.app.paths import AppPaths
from pos_app.app.loading import saved_language
from pos_app.config import Environment, SecretStore, SessionSecretStore, Settings, secret_account
from pos_app.domain.sale import Stage
from pos_app.ui.common.style import STYLESHEET
from tests.qpay.helpers import INVOICE_CODE, PASSWORD, USERNAME, SandboxControl

from .conftest import FAST_SCHEDULE, MILK, WAIT_MS, Till, close_app


class MemorySecretStore:
    """The SecretStore protocol in memory, with no problem to report (a working keyring)."""

    persistent = True
    problem: str | None = None

    def __init__(self, passwords: dict[str, str] | None = None) -> None:
        self.passwords = dict(passwords or {})

    def get_password(self, account: str) -> str | None:
        return self.passwords.get(account)

    def set_password(self, account: str, password: str) -> None:
        self.passwords[account] = password

    def delete_password(self, account: str) -> None:
        self.passwords.pop(account, None)


def app_paths(tmp_path: Path) -> AppPaths:
    return AppPaths(tmp_path / "config", tmp_path / "data", tmp_path / "cache")


def sandbox_settings(url: str) -> dict[str, str]:
    return {"environment": "sandbox", "base_url": url, "username": USERNAME, "invoice_code": INVOICE_CODE,
            "terminal_id": "T1"}


def write_settings(tmp_path: Path, content: str) -> Path:
    path = app_paths(tmp_path).settings_file
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(content, encoding="utf-8")
    return path


@pytest.fixture
def start_app(qtbot: QtBot, sandbox_server, tmp_path: Path) -> Iterator[Callable[..., PosApp]]:
    """Start a PosApp on tmp_path against the session sandbox and wait until it has loaded."""
    apps: list[PosApp] = []
    QApplication.instance().setStyleSheet(STYLESHEET)  # type: ignore[union-attr]

    def start(secrets: SecretStore | None = None, *, wait_ready: bool = True) -> PosApp:
        app = PosApp(app_paths(tmp_path), sandbox_url=sandbox_server.url,
                     secrets=secrets if secrets is not None else SessionSecretStore(), schedule=FAST_SCHEDULE)
        apps.append(app)
        app.window.set_ask_before_quit(False)
        if wait_ready:
            with qtbot.waitSignal(app.ready, timeout=WAIT_MS):
                app.start()
        else:
            app.start()
        return app

    yield start
    for app in apps:
        close_app(app)


def cashier(app: PosApp, qtbot: QtBot, url: str) -> Till:
    app.window.activateWindow()
    qtbot.waitUntil(app.window.isActiveWindow, timeout=WAIT_MS)
    qtbot.waitUntil(app.window.sale_page.entry.hasFocus, timeout=WAIT_MS)
    return Till(app, qtbot, SandboxControl(url))


# -- a settings file that is not JSON -------------------------------------------------------------


def test_bad_json_settings_start_in_training(start_app, tmp_path: Path) -> None:
    write_settings(tmp_path, '{"environment": "sandbox",')
    app = start_app()
    assert app.settings is not None and app.settings.environment is Environment.TRAINING
    assert app.flow.is_training
    assert app.window.training_badge.isVisible()


def test_bad_json_settings_show_a_message_naming_the_file(start_app, tmp_path: Path) -> None:
    path = write_settings(tmp_path, '{"environment": "sandbox",')
    app = start_app()
    message = app.window.sale_page.message
    assert message.isVisible()
    assert str(path) in message.text()
    assert "not valid JSON" in message.text() and "training" in message.text()


def test_bad_json_settings_file_is_left_unchanged(start_app, tmp_path: Path) -> None:
    path = write_settings(tmp_path, '{"environment": "sandbox",')
    before = path.read_bytes()
    app = start_app()
    app.shutdown()
    assert path.read_bytes() == before


@pytest.mark.parametrize(("content", "language"), [
    (None, ""),                                                            # no file: the computer's language
    ('{"language": "mn",', ""),                                            # not JSON
    ('["mn"]', ""),                                                        # no object
    (json.dumps({"language": "mn", "time_zone": "Nowhere/Atlantis"}), "mn"),   # the rest wrong: still its language
    (json.dumps({"language": 5}), ""),
    (json.dumps({"language": "mn; rm -rf"}), ""),                          # not a language code
])
def test_the_first_window_takes_the_settings_language_alone(tmp_path: Path, content: str | None,
                                                           language: str) -> None:
    """Issue 21: before the window, the language is read without the other settings' checks (the time zone's
    needs its database, loaded after the window)."""
    if content is not None:
        write_settings(tmp_path, content)
    assert saved_language(app_paths(tmp_path)) == language


def test_settings_that_cannot_be_used_give_way_to_defaults_in_their_language(start_app, tmp_path: Path) -> None:
    """The window was first shown in the file's language: the defaults that replace the file keep it."""
    write_settings(tmp_path, json.dumps({"language": "mn", "time_zone": "Nowhere/Atlantis"}))
    app = start_app()
    assert app.settings is not None and app.settings.language == "mn" and not app.settings.problems()
    assert app.settings.time_zone == Settings().time_zone
    assert "The time zone must be" in app.window.sale_page.message.text()


# -- a sandbox account whose password is in the keyring -------------------------------------------


@pytest.fixture
def sandbox_account(tmp_path: Path, sandbox_server) -> MemorySecretStore:
    write_settings(tmp_path, json.dumps(sandbox_settings(sandbox_server.url)))
    account = secret_account(Environment.SANDBOX, sandbox_server.url, USERNAME)
    return MemorySecretStore({account: PASSWORD})


def test_a_sandbox_account_hides_the_training_badge(start_app, sandbox_account: MemorySecretStore) -> None:
    app = start_app(sandbox_account)
    assert app.settings is not None and app.settings.environment is Environment.SANDBOX
    assert app.window.isVisible()
    assert not app.window.training_badge.isVisible()
    assert not app.flow.is_training


def test_a_sandbox_account_disables_simulated_payment(start_app, sandbox_account: MemorySecretStore) -> None:
    app = start_app(sandbox_account)
    assert not app.window.simulate_action.isEnabled()


def test_a_sandbox_account_shows_no_problem(start_app, sandbox_account: MemorySecretStore) -> None:
    app = start_app(sandbox_account)
    assert not app.window.sale_page.message.isVisible()


def test_a_sandbox_account_charges_and_sees_the_payment(start_app, sandbox_account: MemorySecretStore,
                                                        qtbot: QtBot, sandbox_server) -> None:
    till = cashier(start_app(sandbox_account), qtbot, sandbox_server.url)
    till.scan(MILK)
    till.charge()
    assert till.flow.stage is Stage.AWAITING_PAYMENT
    assert not till.window.simulate_action.isEnabled()   # still no pretend customer
    till.control.pay(till.invoice_id)
    till.wait_stage(Stage.PAID)
    assert till.flow.sale is not None and till.flow.sale.paid_amount == till.flow.sale.total


class GatedSecretStore(MemorySecretStore):
    """A keyring that answers only once the test opens its gate: the payment side's half of the start waits."""

    def __init__(self, passwords: dict[str, str], gate: threading.Event) -> None:
        super().__init__(passwords)
        self.gate = gate

    def get_password(self, account: str) -> str | None:
        self.gate.wait(WAIT_MS / 1000)
        return super().get_password(account)


def test_the_cart_takes_items_before_the_payment_side_is_up(start_app, sandbox_account: MemorySecretStore,
                                                           qtbot: QtBot, sandbox_server) -> None:
    """Issue 21: the till's books open the cart; a charge asked before the payment side is up is told so, not
    lost; once it is up, the same cart is charged."""
    gate = threading.Event()
    app = start_app(GatedSecretStore(sandbox_account.passwords, gate), wait_ready=False)
    try:
        with qtbot.waitSignal(app.opened, timeout=WAIT_MS):
            pass
        assert app.flow.services is None and app.backend is None
        till = cashier(app, qtbot, sandbox_server.url)
        till.scan(MILK)
        assert app.model.rowCount() == 1
        with qtbot.waitSignal(app.flow.charge_failed, timeout=WAIT_MS) as refused:
            till.key(Qt.Key.Key_F12)
        assert "still starting" in refused.args[0]
        assert app.flow.stage in (None, Stage.CART)
        # The back office waits for the payment side: nothing there could be done yet.
        assert not app.window.day_close_action.isEnabled() and not app.window.shift_action.isEnabled()
    finally:
        gate.set()
    with qtbot.waitSignal(app.ready, timeout=WAIT_MS):
        pass
    assert app.model.rowCount() == 1                 # the cart was kept
    assert app.window.day_close_action.isEnabled() and app.window.shift_action.isEnabled()
    till.charge()
    assert till.flow.sale is not None and till.flow.sale.total == app.model.total


def test_the_window_builds_its_later_pages_once_the_cart_is_open(start_app, qtbot: QtBot) -> None:
    """Issue 21: the first window holds the cart alone; the tender, payment and receipt pages and the customer's
    display follow once the cart is open, once, in the sale's order (ui/sale/pages/later_pages.py)."""
    app = start_app(wait_ready=False)
    window = app.window
    with qtbot.waitSignal(app.opened, timeout=WAIT_MS):
        assert window.pages.count() == 1 and window.pages.currentWidget() is window.sale_page
    qtbot.waitUntil(lambda: window.pages.count() == 4, timeout=WAIT_MS)
    pages = [window.pages.widget(index) for index in range(4)]
    assert pages == [window.sale_page, window.tender_page, window.payment_page, window.receipt_page]
    display = window.customer_display
    window.later_pages.build()                        # again: nothing new
    assert window.pages.count() == 4 and window.customer_display is display
    with qtbot.waitSignal(app.ready, timeout=WAIT_MS):
        pass


def test_a_sandbox_account_ignores_the_simulate_shortcut(start_app, sandbox_account: MemorySecretStore,
                                                         qtbot: QtBot, sandbox_server) -> None:
    till = cashier(start_app(sandbox_account), qtbot, sandbox_server.url)
    till.scan(MILK)
    till.charge()
    till.key(Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert till.flow.simulate_payment() is False
    assert till.control.count_prefix("/_sandbox/invoices/", "POST") == 0
    assert till.flow.stage is Stage.AWAITING_PAYMENT


# -- a sandbox account without a stored password ---------------------------------------------------




@pytest.fixture
def no_password(tmp_path: Path, sandbox_server) -> MemorySecretStore:
    write_settings(tmp_path, json.dumps(sandbox_settings(sandbox_server.url)))
    return MemorySecretStore()


def test_a_sandbox_account_without_a_password_says_so(start_app, no_password: MemorySecretStore,
                                                      qtbot: QtBot) -> None:
    app = start_app(no_password, wait_ready=False)
    message = app.window.sale_page.message
    qtbot.waitUntil(message.isVisible, timeout=WAIT_MS)
    assert "no password is stored" in message.text().lower()


def test_a_sandbox_account_without_a_password_still_loads_its_settings(start_app, no_password: MemorySecretStore,
                                                                       qtbot: QtBot) -> None:
    app = start_app(no_password, wait_ready=False)
    qtbot.waitUntil(app.window.sale_page.message.isVisible, timeout=WAIT_MS)
    # Loaded settings are what lets the Settings dialog open, where the password is entered.
    assert app.settings is not None and app.settings.environment is Environment.SANDBOX


def test_charging_without_a_password_says_what_to_do_and_sends_nothing(start_app, no_password: MemorySecretStore,
                                                                      qtbot: QtBot, sandbox_server) -> None:
    app = start_app(no_password, wait_ready=False)
    qtbot.waitUntil(lambda: app.settings is not None, timeout=WAIT_MS)
    till = cashier(app, qtbot, sandbox_server.url)
    till.scan(MILK)
    till.key(Qt.Key.Key_F12)
    assert "Settings" in app.window.sale_page.message.text()
    assert app.flow.stage is None
    assert till.control.count_prefix("/v2/") == 0


# -- a restart on the same data folder ----------------------------------------------------------------


def test_an_open_sale_is_back_on_screen_after_a_restart_and_numbers_continue(start_app, qtbot: QtBot,
                                                                             sandbox_server) -> None:
    first = cashier(start_app(), qtbot, sandbox_server.url)
    first.scan(MILK)
    first.charge()
    number, invoice_id = first.flow.sale.number, first.invoice_id  # type: ignore[union-attr]
    assert number.endswith("000001")
    close_app(first.app)

    second = start_app()
    till = Till(second, qtbot, SandboxControl(sandbox_server.url))
    till.wait_stage(Stage.AWAITING_PAYMENT)
    assert till.flow.sale is not None and till.flow.sale.number == number and till.invoice_id == invoice_id
    assert second.window.pages.currentWidget() is second.window.payment_page
    assert [line.barcode for line in second.model.lines] == [MILK]
    assert number in second.window.statusBar().currentMessage()
    till.control.pay(invoice_id)
    till.wait_stage(Stage.PAID)
    second.window.receipt_page.on_issue_clicked()
    till.wait_stage(Stage.COMPLETED)
    till.key(Qt.Key.Key_F2)
    till.wait_stage(None)
    qtbot.waitUntil(second.window.sale_page.entry.hasFocus, timeout=WAIT_MS)
    till.scan(MILK)
    till.charge()
    assert till.flow.sale is not None and till.flow.sale.number.endswith("000002")


def test_a_second_app_on_the_same_data_folder_says_another_is_running(start_app, qtbot: QtBot,
                                                                       sandbox_server) -> None:
    first = start_app()
    second = start_app()
    assert second.backend is None and second.flow.services is None
    message = second.window.sale_page.message
    assert message.isVisible() and "Another pos-app is already running" in message.text()
    assert str(os.getpid()) in message.text()
    till = Till(second, qtbot, SandboxControl(sandbox_server.url))
    assert second.flow.charge() is False
    assert first.backend is not None and first.lock.held
    assert till.control.count_prefix("/v2/invoice", "POST") == 0


def test_the_lock_is_released_when_the_app_stops(start_app) -> None:
    first = start_app()
    close_app(first)
    second = start_app()
    assert second.backend is not None and second.lock.held
