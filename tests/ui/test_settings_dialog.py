"""The Settings dialog: checked as typed, password kept out of settings, connection tested for real."""

from __future__ import annotations

import threading

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLabel, QLineEdit

from pos_app.config.secrets import (
    NO_KEYRING_PROBLEM,
    SessionSecretStore,
    direct_account,
    secret_account,
)
from pos_app.config.settings import DEFAULT_BASE_URLS, Environment, Settings
from pos_app.qpay import QPayClient
from pos_app.ui.settings.dialog import SettingsDialog

WAIT_MS = 10_000


class MemorySecretStore:
    """A persistent-looking store in memory that remembers which thread read it."""

    persistent = True
    problem: str | None = None

    def __init__(self, passwords: dict[str, str] | None = None) -> None:
        self.passwords = dict(passwords or {})
        self.read_on: list[str] = []

    def get_password(self, account: str) -> str | None:
        self.read_on.append(threading.current_thread().name)
        return self.passwords.get(account)

    def set_password(self, account: str, password: str) -> None:
        raise AssertionError("the dialog must not write the keyring")

    def delete_password(self, account: str) -> None:
        raise AssertionError("the dialog must not write the keyring")


def qpay_login(settings: Settings, password: str) -> None:
    client = QPayClient(settings.base_url, settings.username, password, timeout=5.0)
    try:
        client.authenticate()
    finally:
        client.close()


def never_called(settings: Settings, password: str) -> None:
    raise AssertionError("no connection test expected")


@pytest.fixture
def make_dialog(qtbot, runner):
    def make(settings: Settings | None = None, secrets=None, test_connection=never_called) -> SettingsDialog:
        dialog = SettingsDialog(settings or Settings(), secrets if secrets is not None else MemorySecretStore(),
                                runner, test_connection)
        qtbot.addWidget(dialog)
        dialog.show()
        qtbot.waitExposed(dialog)
        return dialog
    return make


def edit(dialog: SettingsDialog, name: str) -> QLineEdit:
    found = dialog.findChild(QLineEdit, name)
    assert found is not None, name
    return found


def error(dialog: SettingsDialog, field: str) -> QLabel:
    found = dialog.findChild(QLabel, f"error_{field}")
    assert found is not None, field
    return found


def retype(qtbot, dialog: SettingsDialog, name: str, text: str) -> None:
    field = edit(dialog, name)
    field.clear()
    qtbot.keyClicks(field, text)


def choose(dialog: SettingsDialog, environment: Environment) -> None:
    dialog.sections.environment.setCurrentIndex(dialog.sections.environment.findData(environment))


def fill_sandbox(qtbot, dialog: SettingsDialog, base_url: str, password: str | None = "123456") -> None:
    choose(dialog, Environment.SANDBOX)
    retype(qtbot, dialog, "base_url", base_url)
    retype(qtbot, dialog, "username", "TEST_MERCHANT")
    retype(qtbot, dialog, "invoice_code", "TEST_INVOICE")
    if password is not None:
        retype(qtbot, dialog, "password", password)


def test_opens_with_the_defaults_in_training(make_dialog) -> None:
    dialog = make_dialog()
    assert dialog.sections.environment.currentText() == "Training"
    assert dialog.sections.environment.currentData() == Environment.TRAINING
    assert dialog.sections.training_note.isVisible()
    assert "no real money" in dialog.sections.training_note.text()
    assert not edit(dialog, "base_url").isVisible()
    assert not edit(dialog, "password").isEnabled()
    assert edit(dialog, "terminal_id").text() == "T1"
    assert edit(dialog, "tax_type").text() == "1"
    assert dialog.save_button.text() == "Save"
    assert dialog.save_button.isEnabled()
    assert dialog.result_settings is None


def test_the_password_field_hides_what_is_typed(make_dialog) -> None:
    dialog = make_dialog()
    choose(dialog, Environment.SANDBOX)
    password = edit(dialog, "password")
    assert password.isEnabled()
    assert password.echoMode() == QLineEdit.EchoMode.Password
    assert password.placeholderText() == "stored in the system keyring"


def test_switching_to_production_fills_its_address(make_dialog) -> None:
    dialog = make_dialog()
    choose(dialog, Environment.PRODUCTION)
    assert edit(dialog, "base_url").isVisible()
    assert edit(dialog, "base_url").text() == "https://merchant.qpay.mn"
    assert not dialog.sections.training_note.isVisible()
    choose(dialog, Environment.SANDBOX)  # the other default is replaced too
    assert edit(dialog, "base_url").text() == DEFAULT_BASE_URLS[Environment.SANDBOX]


def test_switching_keeps_an_address_the_owner_typed(qtbot, make_dialog) -> None:
    dialog = make_dialog()
    choose(dialog, Environment.SANDBOX)
    retype(qtbot, dialog, "base_url", "http://127.0.0.1:8000")
    choose(dialog, Environment.PRODUCTION)
    assert edit(dialog, "base_url").text() == "http://127.0.0.1:8000"


def test_production_refuses_a_plain_http_address(qtbot, make_dialog) -> None:
    dialog = make_dialog()
    choose(dialog, Environment.PRODUCTION)
    retype(qtbot, dialog, "username", "SHOP1")
    retype(qtbot, dialog, "invoice_code", "SHOP1_INVOICE")
    assert dialog.save_button.isEnabled()
    retype(qtbot, dialog, "base_url", "http://merchant.qpay.mn")
    assert error(dialog, "base_url").isVisible()
    assert "https://" in error(dialog, "base_url").text()
    assert not dialog.save_button.isEnabled()
    assert not dialog.sections.test_button.isEnabled()


def test_an_empty_username_in_the_sandbox_is_named(make_dialog) -> None:
    dialog = make_dialog()
    choose(dialog, Environment.SANDBOX)
    assert error(dialog, "username").isVisible()
    assert "user name" in error(dialog, "username").text()
    assert not dialog.save_button.isEnabled()


def test_save_returns_what_was_typed_and_keeps_the_password_apart(qtbot, make_dialog) -> None:
    dialog = make_dialog()
    fill_sandbox(qtbot, dialog, "https://merchant-sandbox.qpay.mn", password="s3cret-pass")
    retype(qtbot, dialog, "callback_url", "https://myshop.mn/qpay")
    retype(qtbot, dialog, "terminal_id", "TILL_2")
    edit(dialog, "shop_name").insert("Номин дэлгүүр")  # QTest.keyClicks aborts on non-Latin-1 text
    retype(qtbot, dialog, "district_code", "3505")
    retype(qtbot, dialog, "classification_code", "7211200")
    retype(qtbot, dialog, "tax_type", "1")
    retype(qtbot, dialog, "catalog_file", "/srv/catalog.csv")
    assert [label.objectName() for label in dialog.findChildren(QLabel)
            if label.objectName().startswith("error_") and label.isVisible()] == []
    assert dialog.save_button.isEnabled()

    with qtbot.waitSignal(dialog.accepted, timeout=WAIT_MS):
        qtbot.mouseClick(dialog.save_button, Qt.MouseButton.LeftButton)

    assert dialog.result_settings == Settings(
        environment=Environment.SANDBOX, base_url="https://merchant-sandbox.qpay.mn",
        username="TEST_MERCHANT", invoice_code="TEST_INVOICE", callback_url="https://myshop.mn/qpay",
        terminal_id="TILL_2", shop_name="Номин дэлгүүр", district_code="3505",
        classification_code="7211200", tax_type="1", catalog_file="/srv/catalog.csv")
    assert dialog.result_password == "s3cret-pass"
    assert "s3cret-pass" not in repr(dialog.result_settings)
    assert "s3cret-pass" not in str(dialog.result_settings.to_json_dict())
    assert "s3cret-pass" not in repr(dialog)


def test_save_without_a_new_password_leaves_it_unchanged(qtbot, make_dialog) -> None:
    dialog = make_dialog(Settings(language="mn"))
    with qtbot.waitSignal(dialog.accepted, timeout=WAIT_MS):
        qtbot.mouseClick(dialog.save_button, Qt.MouseButton.LeftButton)
    assert dialog.result_settings == Settings(language="mn")  # fields not shown keep their value
    assert dialog.result_password is None


def test_session_store_problem_is_shown_plainly(make_dialog) -> None:
    dialog = make_dialog(secrets=SessionSecretStore())
    choose(dialog, Environment.SANDBOX)
    assert dialog.sections.password_note.isVisible()
    assert dialog.sections.password_note.text() == NO_KEYRING_PROBLEM


def test_the_saved_password_is_filled_in_from_a_worker_thread(qtbot, make_dialog) -> None:
    settings = Settings(environment=Environment.SANDBOX, base_url="https://merchant-sandbox.qpay.mn",
                        username="SHOP1", invoice_code="SHOP1_INVOICE")
    account = secret_account(settings.environment, settings.base_url, settings.username)
    store = MemorySecretStore({account: "kept-in-keyring"})
    dialog = make_dialog(settings, secrets=store)
    password = edit(dialog, "password")
    qtbot.waitUntil(lambda: password.text() == "kept-in-keyring", timeout=WAIT_MS)
    assert store.read_on and all(name.startswith("pos-task") for name in store.read_on)

    with qtbot.waitSignal(dialog.accepted, timeout=WAIT_MS):
        qtbot.mouseClick(dialog.save_button, Qt.MouseButton.LeftButton)
    assert dialog.result_password is None  # pre-filled, not changed
    assert dialog.result_settings == settings


def test_another_account_does_not_keep_the_pre_filled_password(qtbot, make_dialog) -> None:
    settings = Settings(environment=Environment.SANDBOX, base_url="https://merchant-sandbox.qpay.mn",
                        username="SHOP1", invoice_code="SHOP1_INVOICE")
    store = MemorySecretStore({secret_account(settings.environment, settings.base_url, "SHOP1"): "one",
                               secret_account(settings.environment, settings.base_url, "SHOP2"): "two"})
    dialog = make_dialog(settings, secrets=store)
    password = edit(dialog, "password")
    qtbot.waitUntil(lambda: password.text() == "one", timeout=WAIT_MS)
    retype(qtbot, dialog, "username", "SHOP2")
    qtbot.waitUntil(lambda: password.text() == "two", timeout=WAIT_MS)
    retype(qtbot, dialog, "username", "SHOP3")
    qtbot.waitUntil(lambda: password.text() == "", timeout=WAIT_MS)


def test_connection_succeeds_against_the_sandbox(qtbot, make_dialog, sandbox_server) -> None:
    dialog = make_dialog(secrets=SessionSecretStore(), test_connection=qpay_login)
    fill_sandbox(qtbot, dialog, sandbox_server.url)
    assert dialog.sections.test_button.isEnabled()

    qtbot.mouseClick(dialog.sections.test_button, Qt.MouseButton.LeftButton)
    assert dialog.sections.test_button.text() == "Testing…"
    assert not dialog.sections.test_button.isEnabled()

    qtbot.waitUntil(lambda: dialog.sections.connection_result.text().startswith("Connected"), timeout=WAIT_MS)
    assert dialog.sections.connection_result.text() == "Connected: logged in as TEST_MERCHANT."
    assert dialog.sections.test_button.text() == "Test connection"
    assert dialog.sections.test_button.isEnabled()


def test_a_wrong_password_is_explained_without_showing_it(qtbot, make_dialog, sandbox_server) -> None:
    dialog = make_dialog(secrets=SessionSecretStore(), test_connection=qpay_login)
    fill_sandbox(qtbot, dialog, sandbox_server.url, password="wrong-Pa55")

    qtbot.mouseClick(dialog.sections.test_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dialog.sections.connection_result.text().startswith("Could not connect."),
                    timeout=WAIT_MS)
    text = dialog.sections.connection_result.text()
    assert "login" in text
    assert "wrong-Pa55" not in text
    assert dialog.sections.test_button.isEnabled()


def test_a_password_in_the_failure_text_is_masked(qtbot, make_dialog) -> None:
    from pos_app.qpay import AuthenticationError

    def leaky(settings: Settings, password: str) -> None:
        raise AuthenticationError(401, None, f"bad password {password}")

    dialog = make_dialog(test_connection=leaky)
    fill_sandbox(qtbot, dialog, "https://merchant-sandbox.qpay.mn", password="leak-me-77")
    qtbot.mouseClick(dialog.sections.test_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dialog.sections.connection_result.text().startswith("Could not connect."),
                    timeout=WAIT_MS)
    assert "leak-me-77" not in dialog.sections.connection_result.text()


def test_connection_test_needs_a_password_outside_training(qtbot, make_dialog) -> None:
    dialog = make_dialog()
    fill_sandbox(qtbot, dialog, "https://merchant-sandbox.qpay.mn", password=None)
    qtbot.mouseClick(dialog.sections.test_button, Qt.MouseButton.LeftButton)
    assert dialog.sections.connection_result.text() == "Enter the password first."
    assert dialog.sections.test_button.isEnabled()


def test_it_fits_a_1024_by_768_screen(qtbot, make_dialog) -> None:
    dialog = make_dialog(secrets=SessionSecretStore())
    choose(dialog, Environment.PRODUCTION)  # every row shown, with an error or two
    hint = dialog.sizeHint()
    assert hint.width() <= 1024 and hint.height() <= 768 - 60  # room for a title bar and panel


# -- the receipt printer ------------------------------------------------------------------------------

def choose_printer(dialog: SettingsDialog, kind: str, address: str = "") -> None:
    dialog.show_page_of(dialog.printer.printer_kind)
    dialog.printer.printer_kind.setCurrentIndex(dialog.printer.printer_kind.findData(kind))
    dialog.printer.printer_address.setText(address)


def test_no_printer_at_first_and_nothing_to_test(make_dialog) -> None:
    dialog = make_dialog()
    assert dialog.current_settings().printer == ""
    assert not dialog.printer.printer_address.isEnabled() and not dialog.printer.test_page_button.isEnabled()
    assert dialog.printer.flags["auto_print"].isChecked() and not dialog.printer.flags["open_drawer"].isChecked()


def test_a_saved_printer_is_shown_as_it_was_set(make_dialog) -> None:
    saved = Settings(printer="network:192.168.1.50:9100", paper_width="58", printer_model="TM-T20II",
                     open_drawer=True, text_as_image=True, auto_print=False, shop_register="5317878",
                     shop_address="Улаанбаатар")
    dialog = make_dialog(saved)
    assert dialog.printer.printer_kind.currentData() == "network"
    assert dialog.printer.printer_address.text() == "192.168.1.50:9100"
    assert dialog.printer.paper_width.currentData() == "58" and dialog.printer.printer_model.currentText() == "TM-T20II"
    assert dialog.sections.fields["shop_address"].text() == "Улаанбаатар"
    assert dialog.current_settings() == saved


def test_an_escpos_printer_without_its_connection_cannot_be_saved(qtbot, make_dialog) -> None:
    dialog = make_dialog()
    choose_printer(dialog, "usb")
    assert dialog.sections.error_labels["printer"].isVisibleTo(dialog)
    assert "usb:04b8:0202" in dialog.sections.error_labels["printer"].text()
    assert not dialog.save_button.isEnabled() and not dialog.printer.test_page_button.isEnabled()
    dialog.printer.printer_address.setText("04b8:0202")
    assert not dialog.sections.error_labels["printer"].isVisibleTo(dialog) and dialog.save_button.isEnabled()


def test_the_test_page_goes_to_the_printer_on_screen_before_it_is_saved(qtbot, make_dialog, tmp_path) -> None:
    from pos_app.receipts.escpos_replay import printed_text

    device = tmp_path / "lp0"
    dialog = make_dialog(Settings(shop_name="Дэлгүүр"))
    choose_printer(dialog, "file", str(device))
    assert dialog.printer.test_page_button.isEnabled()
    with qtbot.waitSignal(dialog.test_page_finished, timeout=WAIT_MS) as finished:
        dialog.printer.test_page_button.click()
        assert not dialog.printer.test_page_button.isEnabled()          # one test page at a time
    assert finished.args[1] is True and "check every letter" in dialog.printer.test_page_result.text()
    text = printed_text(device.read_bytes())
    assert "Printer test page" in text and "?" not in text
    assert dialog.printer.test_page_button.isEnabled()
    assert dialog.result_settings is None                     # nothing was saved by testing


def test_a_test_page_to_a_printer_that_is_off_says_which_and_why(qtbot, make_dialog) -> None:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    dialog = make_dialog()
    choose_printer(dialog, "network", f"127.0.0.1:{port}")
    with qtbot.waitSignal(dialog.test_page_finished, timeout=WAIT_MS) as finished:
        dialog.printer.test_page_button.click()
    assert finished.args[1] is False
    assert ("did not print" in dialog.printer.test_page_result.text()
            and f"127.0.0.1:{port}" in dialog.printer.test_page_result.text())


# -- the training service's profile ---------------------------------------------------------------------------

def profile_box(dialog: SettingsDialog) -> QComboBox:
    found = dialog.findChild(QComboBox, "training_profile")
    assert found is not None
    return found


def test_the_training_service_answers_are_chosen_in_training_and_saved(qtbot, make_dialog) -> None:
    dialog = make_dialog()
    profile = profile_box(dialog)
    assert profile.isVisible() and (profile.currentData(), profile.currentText()) == ("contract",
                                                                                      "As the contract says")
    choose(dialog, Environment.SANDBOX)
    assert not profile.isVisible()          # only the practice service has a profile
    choose(dialog, Environment.TRAINING)
    assert profile.isVisible()
    profile.setCurrentIndex(profile.findData("live"))
    assert profile.currentText() == "As the live service answers" and dialog.save_button.isEnabled()
    with qtbot.waitSignal(dialog.accepted, timeout=WAIT_MS):
        qtbot.mouseClick(dialog.save_button, Qt.MouseButton.LeftButton)
    assert dialog.result_settings == Settings(training_profile="live",
                                              base_url=DEFAULT_BASE_URLS[Environment.SANDBOX])  # from the switch


def test_a_saved_profile_is_shown_and_kept_outside_training(qtbot, make_dialog) -> None:
    dialog = make_dialog(Settings(training_profile="live"))
    assert profile_box(dialog).currentData() == "live"
    fill_sandbox(qtbot, dialog, "https://merchant-sandbox.qpay.mn")
    with qtbot.waitSignal(dialog.accepted, timeout=WAIT_MS):
        qtbot.mouseClick(dialog.save_button, Qt.MouseButton.LeftButton)
    assert dialog.result_settings is not None and dialog.result_settings.training_profile == "live"


def test_a_new_profile_restarts_the_training_service_with_it(make_till) -> None:
    from .conftest import Till

    till: Till = make_till(embedded_sandbox=True)
    old = till.app.backend
    assert old is not None and old.sandbox.sandbox.options.profile == "contract"  # type: ignore[union-attr]
    till.window.settings_action.trigger()
    till.qtbot.waitUntil(lambda: till.app.settings_dialog is not None and till.app.settings_dialog.isVisible(),
                         timeout=WAIT_MS)
    dialog = till.app.settings_dialog
    profile_box(dialog).setCurrentIndex(profile_box(dialog).findData("live"))
    dialog.accept()
    till.qtbot.waitUntil(lambda: till.app.backend is not old, timeout=WAIT_MS)
    new = till.app.backend
    assert new.sandbox is not None and new.sandbox is not old.sandbox  # type: ignore[union-attr]
    assert new.sandbox.sandbox.options.profile == "live"  # type: ignore[union-attr]
    assert till.app.settings.training_profile == "live"


# -- the store server ------------------------------------------------------------------------------------------

@pytest.fixture
def store(tmp_path, sandbox_server):
    from pos_app.store.credentials import add_credential
    from pos_app.store.server import StoreServer

    server = StoreServer(f"sqlite:///{tmp_path}/store.sqlite3", sandbox_server.url, "TEST_MERCHANT", "123456",
                         invoice_code="TEST_INVOICE").start()
    server.till_key = add_credential(server.engine, "T7")   # type: ignore[attr-defined]
    yield server
    server.stop()


def fill_store(qtbot, dialog: SettingsDialog, url: str, terminal: str, key: str | None) -> None:
    choose(dialog, Environment.STORE)
    retype(qtbot, dialog, "base_url", url)
    retype(qtbot, dialog, "terminal_id", terminal)
    if key is not None:
        retype(qtbot, dialog, "password", key)


def test_the_store_asks_for_its_address_and_the_tills_key_only(qtbot, make_dialog) -> None:
    dialog = make_dialog(Settings(environment=Environment.PRODUCTION, base_url="https://merchant.qpay.mn",
                                  username="SHOP1", invoice_code="SHOP1_INVOICE"))
    choose(dialog, Environment.STORE)
    assert dialog.sections.environment.currentText() == "Store server"
    assert edit(dialog, "base_url").text() == ""      # QPay's address is not the store's
    assert edit(dialog, "base_url").isVisible() and dialog.sections.base_url_label.text() == "Store address"
    assert edit(dialog, "password").isVisible() and dialog.sections.password_label.text() == "Till key"
    for hidden in ("username", "invoice_code", "callback_url", "callback_listen"):
        assert not edit(dialog, hidden).isVisible(), hidden
    assert dialog.sections.store_note.isVisible() and dialog.sections.store_direct_allowed.isVisible()
    assert not dialog.sections.store_direct_allowed.isChecked()
    assert not dialog.save_button.isEnabled()          # no address yet
    fill_store(qtbot, dialog, "https://192.168.1.10:8770", "T7", "the-tills-key")
    dialog.sections.store_direct_allowed.setChecked(True)
    assert not dialog.save_button.isEnabled()          # allowed: the direct QPay account is asked for
    retype(qtbot, dialog, "direct_username", "SHOP1")
    retype(qtbot, dialog, "direct_invoice_code", "SHOP1_INVOICE")
    with qtbot.waitSignal(dialog.accepted, timeout=WAIT_MS):
        qtbot.mouseClick(dialog.save_button, Qt.MouseButton.LeftButton)
    assert dialog.result_settings is not None
    assert (dialog.result_settings.environment, dialog.result_settings.base_url,
            dialog.result_settings.effective_username, dialog.result_settings.store_direct_allowed) == (
        Environment.STORE, "https://192.168.1.10:8770", "T7", True)
    assert dialog.result_password == "the-tills-key"
    choose(dialog, Environment.SANDBOX)
    assert (dialog.sections.base_url_label.text() == "QPay address"
            and dialog.sections.password_label.text() == "Password")
    assert edit(dialog, "username").isVisibleTo(dialog) and not dialog.sections.store_direct_allowed.isVisibleTo(dialog)


def test_the_tills_key_is_read_from_the_account_of_its_terminal_id(qtbot, make_dialog) -> None:
    settings = Settings(environment=Environment.STORE, base_url="https://192.168.1.10:8770", terminal_id="T7")
    secrets = MemorySecretStore({secret_account(Environment.STORE, settings.base_url, "T7"): "key-of-T7",
                                 secret_account(Environment.STORE, settings.base_url, "T8"): "key-of-T8"})
    dialog = make_dialog(settings, secrets=secrets)
    password = edit(dialog, "password")
    qtbot.waitUntil(lambda: password.text() == "key-of-T7", timeout=WAIT_MS)
    retype(qtbot, dialog, "terminal_id", "T8")
    qtbot.waitUntil(lambda: password.text() == "key-of-T8", timeout=WAIT_MS)


def test_test_connection_logs_in_at_the_store_as_the_till(qtbot, make_dialog, store) -> None:
    from functools import partial

    from pos_app.app.start.payment_side import check_connection

    dialog = make_dialog(secrets=SessionSecretStore(), test_connection=partial(check_connection, sandbox_url=None))
    fill_store(qtbot, dialog, store.url, "T7", store.till_key)
    assert dialog.sections.test_button.isEnabled()
    qtbot.mouseClick(dialog.sections.test_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dialog.sections.connection_result.text().startswith("Connected"), timeout=WAIT_MS)
    assert dialog.sections.connection_result.text() == "Connected: logged in as T7."
    retype(qtbot, dialog, "password", "wrong-key-42")
    qtbot.waitUntil(dialog.sections.test_button.isEnabled, timeout=WAIT_MS)
    qtbot.mouseClick(dialog.sections.test_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dialog.sections.connection_result.text().startswith("Could not connect."), timeout=WAIT_MS)
    assert "wrong-key-42" not in dialog.sections.connection_result.text() and store.till_key not in repr(dialog)


def test_the_direct_qpay_account_shows_only_when_selling_directly_is_allowed(qtbot, make_dialog) -> None:
    settings = Settings(environment=Environment.STORE, base_url="https://192.168.1.10:8770", terminal_id="T7",
                        direct_username="SHOP1")
    secrets = MemorySecretStore({secret_account(Environment.STORE, settings.base_url, "T7"): "key-of-T7",
                                 direct_account(settings): "the-direct-password"})
    dialog = make_dialog(settings, secrets=secrets)
    direct = ("direct_base_url", "direct_username", "direct_invoice_code", "direct_password")
    assert not any(edit(dialog, name).isVisible() for name in direct)
    qtbot.waitUntil(lambda: edit(dialog, "password").text() == "key-of-T7", timeout=WAIT_MS)
    assert dialog.save_button.isEnabled()            # not allowed: the direct account is not asked for
    dialog.sections.store_direct_allowed.setChecked(True)
    assert all(edit(dialog, name).isVisible() for name in direct)
    assert edit(dialog, "direct_base_url").text() == "https://merchant.qpay.mn"
    # The saved password of that account is read (on a worker) into its field; the invoice code is missing.
    qtbot.waitUntil(lambda: edit(dialog, "direct_password").text() == "the-direct-password", timeout=WAIT_MS)
    assert threading.main_thread().name not in secrets.read_on
    assert not dialog.save_button.isEnabled() and error(dialog, "direct_invoice_code").isVisible()
    retype(qtbot, dialog, "direct_base_url", "http://merchant.qpay.mn")
    assert "https://" in error(dialog, "direct_base_url").text()
    retype(qtbot, dialog, "direct_base_url", "https://merchant.qpay.mn")
    retype(qtbot, dialog, "direct_invoice_code", "SHOP1_INVOICE")
    retype(qtbot, dialog, "direct_password", "a-new-direct-password")
    with qtbot.waitSignal(dialog.accepted, timeout=WAIT_MS):
        qtbot.mouseClick(dialog.save_button, Qt.MouseButton.LeftButton)
    result = dialog.result_settings
    assert result is not None and result.store_direct_allowed
    assert (result.direct_base_url, result.direct_username, result.direct_invoice_code) == (
        "https://merchant.qpay.mn", "SHOP1", "SHOP1_INVOICE")
    assert dialog.result_direct_password == "a-new-direct-password" and dialog.result_password is None
    dialog.sections.store_direct_allowed.setChecked(False)
    assert not any(edit(dialog, name).isVisible() for name in direct)


def test_cash_rounding_is_set_at_the_counter_and_no_rounding_is_refused(qtbot, make_dialog) -> None:
    dialog = make_dialog()
    assert edit(dialog, "cash_rounding").text() == "1"
    retype(qtbot, dialog, "cash_rounding", "0")                   # cash is whole tögrög: no "no rounding"
    said = error(dialog, "cash_rounding")                         # (on the counter's page, not the one in front)
    assert not said.isHidden() and "1, 5, 10, 50 or 100" in said.text()
    assert not dialog.save_button.isEnabled()
    retype(qtbot, dialog, "cash_rounding", "50")
    assert said.isHidden()
    with qtbot.waitSignal(dialog.accepted, timeout=WAIT_MS):
        qtbot.mouseClick(dialog.save_button, Qt.MouseButton.LeftButton)
    assert dialog.result_settings is not None and dialog.result_settings.cash_step == 50
