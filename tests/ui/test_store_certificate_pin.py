"""Settings, Store server: "Test connection" at a store serving its own certificate shows its fingerprint and asks
the owner to compare it with what `pos-store certificate` prints; confirmed, it is pinned (and saved with the
settings); refused, nothing is pinned; a pinned certificate that changed is refused in the till's words."""

from __future__ import annotations

from functools import partial

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit

from pos_app.app.start.payment_side import check_connection
from pos_app.config.secrets import SessionSecretStore
from pos_app.config.settings import Environment, Settings
from pos_app.store.certificates import certificate_fingerprint, made_certificate
from pos_app.ui.settings.dialog import SettingsDialog

WAIT_MS = 10_000
CHANGED = ":".join(["AB"] * 32)


@pytest.fixture
def https_store(tmp_path, sandbox_server):
    from pos_app.store.credentials import add_credential
    from pos_app.store.server import StoreServer

    cert, key = made_certificate(tmp_path / "store-data", ["127.0.0.1"])
    server = StoreServer(f"sqlite:///{tmp_path}/store.sqlite3", sandbox_server.url, "TEST_MERCHANT", "123456",
                         invoice_code="TEST_INVOICE", tls_cert=str(cert), tls_key=str(key)).start()
    server.till_key = add_credential(server.engine, "T7")   # type: ignore[attr-defined]
    server.fingerprint = certificate_fingerprint(cert)      # type: ignore[attr-defined]
    yield server
    server.stop()


@pytest.fixture
def store_dialog(qtbot, runner, https_store):
    def make(pin: str = "") -> SettingsDialog:
        settings = Settings(environment=Environment.STORE, base_url=https_store.url, terminal_id="T7",
                            store_certificate_sha256=pin)
        dialog = SettingsDialog(settings, SessionSecretStore(), runner, partial(check_connection, sandbox_url=None))
        qtbot.addWidget(dialog)
        dialog.show()
        qtbot.waitExposed(dialog)
        dialog.sections.password.setText(https_store.till_key)
        return dialog
    return make


def pin_field(dialog: SettingsDialog) -> QLineEdit:
    found = dialog.findChild(QLineEdit, "store_certificate_sha256")
    assert found is not None
    return found


def answer(qtbot, dialog: SettingsDialog, words: str) -> str:
    """Click Test connection, wait for the question, answer the button whose text holds `words`; its text."""
    actions = dialog.settings_actions
    qtbot.mouseClick(dialog.sections.test_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: actions.certificate_question is not None, timeout=WAIT_MS)
    box = actions.certificate_question
    assert box is not None
    text = box.text()
    button = next(button for button in box.buttons() if words in button.text())
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    return text


def test_the_owner_compares_the_fingerprint_and_pins_it(qtbot, store_dialog, https_store) -> None:
    dialog = store_dialog()
    assert pin_field(dialog).isVisible() and pin_field(dialog).text() == ""
    result = dialog.sections.connection_result

    asked = answer(qtbot, dialog, "Not the same")
    assert https_store.fingerprint in asked and "pos-store certificate" in asked
    qtbot.waitUntil(lambda: result.text() == "Not connected: the store's certificate was not pinned.",
                    timeout=WAIT_MS)
    assert pin_field(dialog).text() == ""

    qtbot.waitUntil(dialog.sections.test_button.isEnabled, timeout=WAIT_MS)
    answer(qtbot, dialog, "pin it")
    qtbot.waitUntil(lambda: result.text().startswith("Connected"), timeout=WAIT_MS)
    assert result.text() == "Connected: logged in as T7."
    assert pin_field(dialog).text() == https_store.fingerprint
    with qtbot.waitSignal(dialog.accepted, timeout=WAIT_MS):
        qtbot.mouseClick(dialog.save_button, Qt.MouseButton.LeftButton)
    assert dialog.result_settings is not None
    assert dialog.result_settings.store_certificate_sha256 == https_store.fingerprint


def test_a_pinned_certificate_is_used_without_asking_again(qtbot, store_dialog, https_store) -> None:
    dialog = store_dialog(https_store.fingerprint)
    qtbot.mouseClick(dialog.sections.test_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dialog.sections.connection_result.text().startswith("Connected"), timeout=WAIT_MS)
    assert dialog.settings_actions.certificate_question is None


def test_a_certificate_that_changed_is_refused_in_words(qtbot, store_dialog) -> None:
    dialog = store_dialog(CHANGED)
    result = dialog.sections.connection_result
    qtbot.mouseClick(dialog.sections.test_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: result.text().startswith("Could not connect."), timeout=WAIT_MS)
    assert "The store server's certificate changed" in result.text()
    assert pin_field(dialog).text() == CHANGED       # never replaced without the owner
