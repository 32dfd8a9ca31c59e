"""The history (F4) and the day's close (F6) from the till itself, keyboard first."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from pos_app.domain.sale import Stage

from .conftest import MILK, WAIT_MS, Till


def sell(till: Till) -> str:
    till.scan(MILK)
    till.charge()
    number = till.flow.sale.number  # type: ignore[union-attr]
    till.control.pay(till.invoice_id)
    till.wait_stage(Stage.PAID)
    till.key(Qt.Key.Key_Return)
    till.wait_stage(Stage.COMPLETED)
    till.key(Qt.Key.Key_F2)
    till.wait_stage(None)
    return number


def open_history(till: Till):
    till.key(Qt.Key.Key_F4)
    office = till.app.back_office
    till.qtbot.waitUntil(lambda: office.history_dialog is not None and office.history_dialog.isVisible(),
                         timeout=WAIT_MS)
    dialog = till.app.back_office.history_dialog
    assert dialog is not None
    till.qtbot.waitUntil(lambda: dialog.model.rowCount() > 0, timeout=WAIT_MS)
    return dialog


def test_f4_shows_todays_sales_and_gives_the_keyboard_back_on_close(till: Till) -> None:
    number = sell(till)
    dialog = open_history(till)
    assert dialog.model.rowCount() == 1
    till.qtbot.waitUntil(lambda: dialog.selected_sale() is not None, timeout=WAIT_MS)
    assert dialog.selected_sale().number == number  # type: ignore[union-attr]
    till.qtbot.waitUntil(dialog.reprint_button.isEnabled, timeout=WAIT_MS)   # printing: tests/ui/test_printing.py
    dialog.reject()
    till.qtbot.waitUntil(till.window.sale_page.entry.hasFocus, timeout=WAIT_MS)


def test_the_sale_on_screen_cannot_be_touched_from_the_history(till: Till) -> None:
    till.scan(MILK)
    till.charge()
    dialog = open_history(till)
    till.qtbot.waitUntil(lambda: dialog.selected_sale() is not None, timeout=WAIT_MS)
    assert not dialog.cancel_invoice_button.isEnabled()
    assert "till's screen" in dialog.sale_actions.on_screen_text()
    dialog.reject()
    till.qtbot.waitUntil(lambda: QApplication.activeModalWidget() is None, timeout=WAIT_MS)
    assert till.flow.stage is Stage.AWAITING_PAYMENT


def test_no_history_while_an_invoice_is_being_created(till: Till) -> None:
    till.control.fault("/v2/invoice", method="POST", delay_ms=1000)
    till.scan(MILK)
    till.key(Qt.Key.Key_F12)
    assert till.flow.stage is Stage.CHARGING
    assert not till.window.history_action.isEnabled()
    till.wait_stage(Stage.AWAITING_PAYMENT)
    assert till.window.history_action.isEnabled()


def test_f6_shows_the_days_close_of_this_terminal(till: Till) -> None:
    sell(till)
    till.key(Qt.Key.Key_F6)
    till.qtbot.waitUntil(lambda: till.app.back_office.day_close_dialog is not None, timeout=WAIT_MS)
    dialog = till.app.back_office.day_close_dialog
    till.qtbot.waitUntil(lambda: dialog.summary is not None, timeout=WAIT_MS)
    assert dialog.summary.paid.count == 1 and dialog.summary.paid.amount == 3500
    dialog.reject()
    till.qtbot.waitUntil(till.window.sale_page.entry.hasFocus, timeout=WAIT_MS)
