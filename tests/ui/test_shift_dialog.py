"""The cashier's shift dialog on a real journal file: opened with a float by keyboard, its X figures by tender
kind, closed by counting the drawer (the Z report stored with its difference), exported as CSV, printed through a
real ESC/POS device file and through the preview; bad input said in the dialog, nothing lost.

Every clock is the test's own (aware, in Ulaanbaatar, a second further at each reading): nothing depends on the day
the tests run.
"""

from __future__ import annotations

import csv
import io
import re
import threading
from collections.abc import Callable, Iterator
from datetime import datetime, timedelta
from decimal import Decimal
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog, QMessageBox
from pytestqt.qtbot import QtBot

from pos_app.domain.cart import CartLine
from pos_app.domain.sale import OpenInvoice, PaymentSeen, ReceiptVia
from pos_app.domain.shift import SHIFT_MESSAGES
from pos_app.domain.taxes import TaxSplit
from pos_app.domain.tenders import CardTender, CashTender
from pos_app.journal.day_csv import CSV_ENCODING
from pos_app.journal.journal import Journal
from pos_app.journal.shift_json import shift_csv
from pos_app.journal.shifts import current_shift, last_closed_shift, open_shift, paid_in, paid_out
from pos_app.receipts.escpos_replay import printed_text
from pos_app.receipts.layout import ShopHeader
from pos_app.receipts.printers import PrinterChoice
from pos_app.ui.shift import actions as shift_actions
from pos_app.ui.printing.printing import ReceiptPrinting
from pos_app.ui.shift.actions import SHIFT_TEMPLATES, ShiftView
from pos_app.ui.shift.dialog import ShiftDialog
from pos_app.ui.common.tasks import TaskRunner

WAIT_MS = 10_000
UB = ZoneInfo("Asia/Ulaanbaatar")
MORNING = datetime(2026, 11, 26, 9, 0, tzinfo=UB)
CYRILLIC = re.compile("[А-Яа-яӨөҮүЁё]")


class Clock:
    """The shop's wall time, aware; one second further at every reading."""

    def __init__(self, start: datetime) -> None:
        self.now = start

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


@pytest.fixture
def journal(tmp_path: Path) -> Iterator[Journal]:
    with Journal(tmp_path / "journal.sqlite3", "T1", clock=Clock(MORNING)) as opened:
        yield opened


@pytest.fixture
def runner(journal: Journal) -> Iterator[TaskRunner]:
    # Asks for the journal so it shuts down (its workers done) before the journal closes.
    tasks = TaskRunner()
    yield tasks
    tasks.shutdown(wait=True)


@pytest.fixture
def make_dialog(qtbot: QtBot, runner: TaskRunner, journal: Journal) -> Callable[..., ShiftDialog]:
    def make(printing: ReceiptPrinting | None = None) -> ShiftDialog:
        dialog = ShiftDialog(runner, journal, printing)
        qtbot.addWidget(dialog)
        # the read's answer comes through the event loop
        with qtbot.waitSignal(dialog.shift_actions.loaded, timeout=WAIT_MS):
            dialog.open()
        dialog.activateWindow()
        qtbot.waitUntil(dialog.isActiveWindow, timeout=WAIT_MS)
        return dialog

    return make


# -- sales in the journal, as the till's tender steps write them ------------------------------------------------

def _lines(total: str) -> tuple[CartLine, ...]:
    return (CartLine("Сүү", Decimal(1), Decimal(total)),)


def cash_sale(journal: Journal, total: str, given: str) -> str:
    return journal.tenders.begin(_lines(total), Decimal(total), TaxSplit(Decimal(0), Decimal(0)),
                                 CashTender(Decimal(total), Decimal(given)), ReceiptVia.POSAPI)


def split_sale(journal: Journal, cash: str, card: str) -> str:
    total = str(Decimal(cash) + Decimal(card))
    number = journal.tenders.begin(_lines(total), Decimal(total), TaxSplit(Decimal(0), Decimal(0)),
                                   CashTender(Decimal(cash), Decimal(cash)), ReceiptVia.POSAPI)
    journal.tenders.take(number, CardTender(Decimal(card), "AB1234"))
    return number


def qpay_sale(journal: Journal, total: str) -> str:
    number = journal.sales.begin(_lines(total), Decimal(total), TaxSplit(Decimal(0), Decimal(0)))
    journal.sales.invoice_opened(number, OpenInvoice(f"inv-{number}", qr_text="qr"))
    journal.sales.payments_seen(number, (PaymentSeen(f"pay-{number}", Decimal(total), "Хаан банк", "P2P"),))
    return number


def cancelled_cash_sale(journal: Journal, total: str, cash: str) -> str:
    number = journal.tenders.begin(_lines(total), Decimal(total), TaxSplit(Decimal(0), Decimal(0)),
                                   CashTender(Decimal(cash), Decimal(cash)), ReceiptVia.POSAPI)
    journal.tenders.handed_back(number, "the customer changed their mind")
    return number


def a_day_of_sales(journal: Journal) -> None:
    """Cash with change, a split of cash and card, QPay, a cancelled sale's cash handed back, paid in and out.

    Cash taken 6,300 + 8,000 + 1,000 = 15,300 (3), 1,000 refunded; given 19,000, change 3,700; card 12,000;
    QPay 7,000. Expected: 50,000 float + 15,300 − 1,000 + 5,000 in − 1,500 out = 67,800."""
    cash_sale(journal, "6300", "10000")
    split_sale(journal, "8000", "12000")
    qpay_sale(journal, "7000")
    cancelled_cash_sale(journal, "5000", "1000")
    paid_in(journal.store, "5000", "change from the bank")
    paid_out(journal.store, "1500", "delivery")


def type_into(qtbot: QtBot, field, text: str) -> None:  # noqa: ANN001
    field.setFocus()
    field.selectAll()
    qtbot.keyClicks(field, text)


def confirmation(qtbot: QtBot, dialog: ShiftDialog) -> QMessageBox:
    qtbot.waitUntil(lambda: dialog.shift_actions.confirmation is not None
                            and dialog.shift_actions.confirmation.isVisible(), timeout=WAIT_MS)
    assert dialog.shift_actions.confirmation is not None
    return dialog.shift_actions.confirmation


def open_with_sales(journal: Journal) -> None:
    open_shift(journal.store, "50000")
    a_day_of_sales(journal)


# -- opening ---------------------------------------------------------------------------------------------------

def test_a_shift_opens_with_the_float_typed_and_enter(qtbot: QtBot, make_dialog, journal: Journal) -> None:
    dialog = make_dialog()
    assert dialog.objectName() == "shiftDialog" and dialog.shift_actions.view is ShiftView.NO_SHIFT
    assert dialog.open_box.isVisible() and not dialog.figures_table.isVisible() and not dialog.count_box.isVisible()
    assert "No shift is open on terminal T1" in dialog.headline.text()
    qtbot.waitUntil(dialog.float_edit.hasFocus, timeout=WAIT_MS)       # the keyboard is in the float field
    qtbot.keyClicks(dialog.float_edit, "50000")
    with qtbot.waitSignal(dialog.shift_actions.shift_opened, timeout=WAIT_MS) as opened, \
            qtbot.waitSignal(dialog.shift_actions.loaded, timeout=WAIT_MS) as loaded:
        qtbot.keyClick(dialog.float_edit, Qt.Key.Key_Return)
    stored = current_shift(journal.store)
    assert stored is not None and stored == opened.args[0] and stored.shift.float_amount == Decimal(50000)
    assert loaded.args[0].float_amount == Decimal(50000)
    assert (dialog.shift_actions.view is ShiftView.OPEN and dialog.figures_table.isVisible()
            and not dialog.open_box.isVisible())
    assert dialog.figures()["float"] == ("", "50,000 ₮") and dialog.figures()["expected"] == ("", "50,000 ₮")
    assert dialog.expected_label.text() == "Expected in the drawer: 50,000 ₮"
    assert dialog.status.text().startswith("Shift opened at ") and dialog.status.property("kind") == "done"
    assert "Shift open since" in dialog.headline.text()
    qtbot.waitUntil(dialog.counted_edit.hasFocus, timeout=WAIT_MS)     # next: counting, when the shift ends


def test_the_open_button_opens_it_too(qtbot: QtBot, make_dialog, journal: Journal) -> None:
    dialog = make_dialog()
    dialog.float_edit.setText("0")
    with qtbot.waitSignal(dialog.shift_actions.loaded, timeout=WAIT_MS,
                          check_params_cb=lambda report: report is not None):
        qtbot.mouseClick(dialog.open_button, Qt.MouseButton.LeftButton)
    assert current_shift(journal.store).shift.float_amount == 0  # type: ignore[union-attr]


# -- the X figures ---------------------------------------------------------------------------------------------

def test_the_x_report_shows_cash_card_and_qpay_apart_and_the_cash_expected(qtbot: QtBot, make_dialog,
                                                                            journal: Journal) -> None:
    open_with_sales(journal)
    dialog = make_dialog()
    assert dialog.shift_actions.view is ShiftView.OPEN
    shown = dialog.figures()
    assert shown["taken:cash"] == ("3", "15,300 ₮") and shown["refunded:cash"] == ("1", "1,000 ₮")
    assert shown["taken:card_terminal"] == ("1", "12,000 ₮") and shown["refunded:card_terminal"] == ("0", "0 ₮")
    assert shown["taken:qpay"] == ("1", "7,000 ₮") and shown["refunded:qpay"] == ("0", "0 ₮")
    assert shown["float"] == ("", "50,000 ₮")
    assert shown["cash_given"] == ("", "19,000 ₮") and shown["cash_change"] == ("", "3,700 ₮")
    assert shown["paid_in"] == ("1", "5,000 ₮") and shown["paid_out"] == ("1", "1,500 ₮")
    assert shown["expected"] == ("", "67,800 ₮")
    assert "counted" not in shown and "difference" not in shown
    labels = [dialog.figures_table.item(row, 0).text() for row in range(dialog.figures_table.rowCount())]
    assert {"Cash", "Card terminal", "QPay", "Cash drawer"} <= set(labels)
    assert dialog.expected_label.text() == "Expected in the drawer: 67,800 ₮"
    assert dialog.difference_label.text() == "Type the cash counted in the drawer."
    assert not dialog.print_x_button.isVisible()                     # no printing given: no print button
    assert dialog.export_button.isVisible() and dialog.export_button.isEnabled()

    cash_sale(journal, "2000", "2000")                               # a sale meanwhile: F5 reads again
    with qtbot.waitSignal(dialog.shift_actions.loaded, timeout=WAIT_MS):
        qtbot.keyClick(dialog.counted_edit, Qt.Key.Key_F5)
    assert dialog.figures()["taken:cash"] == ("4", "17,300 ₮") and dialog.figures()["expected"] == ("", "69,800 ₮")


def test_the_journal_is_read_and_written_on_the_money_worker(qtbot: QtBot, make_dialog, journal: Journal,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    threads: list[str] = []

    def noting(function):  # noqa: ANN001, ANN202
        def call(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
            threads.append(threading.current_thread().name)
            return function(*args, **kwargs)
        return call

    for name in ("current_shift", "shift_x_report", "open_shift", "close_shift"):
        monkeypatch.setattr(shift_actions, name, noting(getattr(shift_actions, name)))
    dialog = make_dialog()
    with qtbot.waitSignal(dialog.shift_actions.loaded, timeout=WAIT_MS,
                          check_params_cb=lambda report: report is not None):
        assert dialog.shift_actions.open_shift("100")
    with qtbot.waitSignal(dialog.shift_actions.shift_closed, timeout=WAIT_MS):
        assert dialog.shift_actions.close_shift("100")
    # read (none open), open, read (shift and X), close
    assert len(threads) == 5 and all(name.startswith("pos-money") for name in threads), threads


# -- the count and the close -----------------------------------------------------------------------------------

def test_the_difference_shows_as_the_cashier_types(qtbot: QtBot, make_dialog, journal: Journal) -> None:
    open_with_sales(journal)
    dialog = make_dialog()
    for typed, said, kind in (("70000", "Difference: +2,200 ₮ over", "over"),
                              ("67300", "Difference: -500 ₮ short", "short"),
                              ("67800", "Difference: 0 ₮ balances", "balances"),
                              ("67800.5", "Difference: +0.50 ₮ over", "over")):
        type_into(qtbot, dialog.counted_edit, typed)
        assert dialog.difference_label.text() == said and dialog.difference_label.property("kind") == kind
    type_into(qtbot, dialog.counted_edit, "12.345")
    assert dialog.difference_label.property("kind") == "error"
    assert dialog.difference_label.text() == "Counted cash must be at least 0, below 10^12, with at most 2 decimals"


def test_closing_with_a_count_that_differs_stores_the_z_report_with_its_difference(
        qtbot: QtBot, make_dialog, journal: Journal, runner: TaskRunner) -> None:
    open_with_sales(journal)
    dialog = make_dialog()
    type_into(qtbot, dialog.counted_edit, "67300")
    qtbot.keyClick(dialog.counted_edit, Qt.Key.Key_Return)           # Enter asks first ...
    box = confirmation(qtbot, dialog)
    assert "67,300 ₮ counted" in box.text() and "-500 ₮ short" in box.text()
    qtbot.keyClick(box, Qt.Key.Key_Return)                           # ... and Enter again keeps it open
    qtbot.waitUntil(lambda: dialog.shift_actions.confirmation is None, timeout=WAIT_MS)
    qtbot.waitUntil(lambda: runner.pending == 0, timeout=WAIT_MS)
    assert current_shift(journal.store) is not None and last_closed_shift(journal.store) is None
    assert dialog.counted_edit.text() == "67300"

    qtbot.mouseClick(dialog.close_shift_button, Qt.MouseButton.LeftButton)
    box = confirmation(qtbot, dialog)
    with qtbot.waitSignal(dialog.shift_actions.shift_closed, timeout=WAIT_MS) as closed:
        qtbot.keyClick(box, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)   # Ctrl+Enter closes it
    stored = last_closed_shift(journal.store)
    assert stored is not None and stored.close is not None and current_shift(journal.store) is None
    assert stored.close.difference == Decimal(-500) == closed.args[0].close.difference
    assert stored.close.counted == Decimal(67300) and stored.close.expected == Decimal(67800)
    assert dialog.shift_actions.view is ShiftView.CLOSED
    shown = dialog.figures()
    assert shown["counted"] == ("", "67,300 ₮") and shown["expected"] == ("", "67,800 ₮")
    assert shown["difference"] == ("", "-500 ₮ short") and shown["taken:card_terminal"] == ("1", "12,000 ₮")
    assert dialog.difference_label.text() == "Difference: -500 ₮ short"
    assert dialog.difference_label.property("kind") == "short"
    assert not dialog.close_shift_button.isVisible() and dialog.counted_edit.isReadOnly()
    assert dialog.status.text().startswith("Shift closed at ") and dialog.status.property("kind") == "done"
    assert "closed at" in dialog.headline.text()
    assert dialog.shift_actions.close_shift("1") is False                          # once only
    assert dialog.export_button.isVisible() and dialog.export_button.isEnabled()


# -- export ----------------------------------------------------------------------------------------------------

def _csv_rows(path: Path) -> dict[tuple[str, str], tuple[str, str]]:
    text = path.read_bytes().decode(CSV_ENCODING)
    return {(row[0], row[1]): (row[2], row[3]) for row in csv.reader(io.StringIO(text))}


def test_the_export_holds_the_x_figures_then_the_z_figures(qtbot: QtBot, make_dialog, journal: Journal,
                                                           tmp_path: Path) -> None:
    open_with_sales(journal)
    dialog = make_dialog()
    target = tmp_path / "x.csv"
    with qtbot.waitSignal(dialog.shift_actions.exported, timeout=WAIT_MS) as exported:
        assert dialog.shift_actions.export_to(str(target))
    assert exported.args == [str(target)]
    assert target.read_bytes().decode(CSV_ENCODING) == shift_csv(dialog.shift_actions.shown_report())  # type: ignore[arg-type]
    rows = _csv_rows(target)
    assert rows[("shift", "report")] == ("", "X") and rows[("shift", "terminal")] == ("", "T1")
    assert rows[("taken", "cash")] == ("3", "15300") and rows[("refunded", "cash")] == ("1", "1000")
    assert rows[("taken", "card_terminal")] == ("1", "12000") and rows[("taken", "qpay")] == ("1", "7000")
    assert rows[("cash", "float")] == ("", "50000") and rows[("cash", "expected_cash")] == ("", "67800")
    assert ("cash", "counted") not in rows
    assert dialog.status.text() == f"Saved to {target}." and dialog.status.property("kind") == "done"

    with qtbot.waitSignal(dialog.shift_actions.shift_closed, timeout=WAIT_MS):
        assert dialog.shift_actions.close_shift("68000")
    z_file = tmp_path / "z.csv"
    with qtbot.waitSignal(dialog.shift_actions.exported, timeout=WAIT_MS):
        assert dialog.shift_actions.export_to(str(z_file))
    rows = _csv_rows(z_file)
    assert rows[("shift", "report")] == ("", "Z")
    assert rows[("cash", "counted")] == ("", "68000") and rows[("cash", "difference")] == ("", "200")


def test_the_export_button_opens_a_save_dialog_without_blocking(qtbot: QtBot, make_dialog, journal: Journal,
                                                                 tmp_path: Path) -> None:
    open_with_sales(journal)
    dialog = make_dialog()
    qtbot.mouseClick(dialog.export_button, Qt.MouseButton.LeftButton)
    chooser = dialog.findChild(QFileDialog)
    assert chooser is not None and chooser.isVisible()
    assert chooser.acceptMode() == QFileDialog.AcceptMode.AcceptSave
    assert [Path(name).name for name in chooser.selectedFiles()] == ["pos-app-T1-shift-2026-11-26-0900-X.csv"]
    chooser.setDirectory(str(tmp_path))
    chooser.selectFile(str(tmp_path / "chosen.csv"))
    with qtbot.waitSignal(dialog.shift_actions.exported, timeout=WAIT_MS) as exported:
        chooser.accept()
    assert Path(exported.args[0]) == tmp_path / "chosen.csv" and (tmp_path / "chosen.csv").exists()
    qtbot.waitUntil(lambda: dialog.findChild(QFileDialog) is None, timeout=WAIT_MS)


def test_a_write_error_is_said_and_the_report_can_be_saved_elsewhere(qtbot: QtBot, make_dialog, journal: Journal,
                                                                     tmp_path: Path) -> None:
    open_with_sales(journal)
    dialog = make_dialog()
    missing = tmp_path / "no such folder" / "x.csv"
    with qtbot.waitSignal(dialog.shift_actions.failed, timeout=WAIT_MS) as failed:
        assert dialog.shift_actions.export_to(str(missing))
    assert failed.args[0] == dialog.status.text() and dialog.status.text().startswith(f"Could not save {missing}: ")
    assert ".tmp" not in dialog.status.text() and not missing.parent.exists()
    assert dialog.export_button.isEnabled()
    with qtbot.waitSignal(dialog.shift_actions.exported, timeout=WAIT_MS):
        assert dialog.shift_actions.export_to(str(tmp_path / "x.csv"))
    assert list(tmp_path.glob(".*.tmp")) == []


# -- printing --------------------------------------------------------------------------------------------------

def test_the_x_and_z_reports_print_on_an_escpos_printer(qtbot: QtBot, make_dialog, journal: Journal,
                                                        runner: TaskRunner, tmp_path: Path) -> None:
    open_with_sales(journal)
    device = tmp_path / "usb-lp0"
    printing = ReceiptPrinting(runner)
    printing.configure(PrinterChoice(f"file:{device}"), ShopHeader("Nomin shop", "5317878", "", "T1"), journal,
                       clock=Clock(MORNING + timedelta(hours=12)))
    dialog = make_dialog(printing)
    assert dialog.print_x_button.isVisible() and not dialog.print_z_button.isVisible()
    with qtbot.waitSignal(dialog.shift_actions.printed, timeout=WAIT_MS) as printed:
        qtbot.mouseClick(dialog.print_x_button, Qt.MouseButton.LeftButton)
        assert not dialog.print_x_button.isEnabled()                  # one print at a time
    assert printed.args[1] is True and "printed" in printed.args[0]
    assert dialog.print_x_button.isEnabled()
    text = printed_text(device.read_bytes())
    assert "X REPORT" in text and "Nomin shop" in text and "Register no. 5317878" in text
    assert "Card terminal" in text and "QPay" in text and "CASH DRAWER" in text
    device.unlink()

    with qtbot.waitSignal(dialog.shift_actions.shift_closed, timeout=WAIT_MS):
        assert dialog.shift_actions.close_shift("67800")
    assert dialog.print_z_button.isVisible() and not dialog.print_x_button.isVisible()
    with qtbot.waitSignal(dialog.shift_actions.printed, timeout=WAIT_MS) as printed:
        qtbot.keyClick(dialog, Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier)       # Ctrl+P
    assert printed.args[1] is True
    text = printed_text(device.read_bytes())
    assert "Z REPORT" in text and "X REPORT" not in text and "Cashier's signature" in text


def test_with_no_printer_set_the_report_opens_in_the_preview(qtbot: QtBot, make_dialog, journal: Journal,
                                                             runner: TaskRunner) -> None:
    open_with_sales(journal)
    printing = ReceiptPrinting(runner)
    printing.configure(PrinterChoice(), ShopHeader("Nomin shop", terminal="T1"), journal)
    dialog = make_dialog(printing)
    qtbot.mouseClick(dialog.print_x_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: printing.preview_dialog is not None and printing.preview_dialog.isVisible(),
                    timeout=WAIT_MS)
    preview = printing.preview_dialog
    qtbot.waitUntil(lambda: bool(preview.layouts), timeout=WAIT_MS)
    text = preview.layouts[0].text()
    assert "X REPORT" in text and "Expected cash 67,800 ₮" in text and "Taken (3) 15,300 ₮" in text
    preview.reject()
    qtbot.waitUntil(lambda: printing.preview_dialog is None, timeout=WAIT_MS)
    assert dialog.print_x_button.isEnabled()


# -- bad input -------------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("typed", "said"), [
    ("abc", "Amount 'abc' is not a number"),
    ("", "Type the cash counted in the drawer (0 when it is empty), then Enter"),     # never "'' is not a number"
    ("-5", "Counted cash must be at least 0, below 10^12, with at most 2 decimals"),
    ("100.125", "Counted cash must be at least 0, below 10^12, with at most 2 decimals"),
])
def test_a_bad_float_is_said_and_nothing_is_lost(qtbot: QtBot, make_dialog, journal: Journal, runner: TaskRunner,
                                                 typed: str, said: str) -> None:
    dialog = make_dialog()
    qtbot.waitUntil(dialog.float_edit.hasFocus, timeout=WAIT_MS)
    qtbot.keyClicks(dialog.float_edit, typed)
    with qtbot.waitSignal(dialog.shift_actions.failed, timeout=WAIT_MS) as failed:
        qtbot.keyClick(dialog.float_edit, Qt.Key.Key_Return)
    assert failed.args == [said] and dialog.status.text() == said and dialog.status.property("kind") == "error"
    assert dialog.isVisible() and dialog.shift_actions.view is ShiftView.NO_SHIFT and dialog.float_edit.text() == typed
    assert dialog.float_edit.hasFocus() and dialog.open_button.isEnabled()
    qtbot.waitUntil(lambda: runner.pending == 0, timeout=WAIT_MS)
    assert current_shift(journal.store) is None


def test_a_bad_count_is_said_and_the_shift_stays_open(qtbot: QtBot, make_dialog, journal: Journal,
                                                      runner: TaskRunner) -> None:
    open_with_sales(journal)
    dialog = make_dialog()
    type_into(qtbot, dialog.counted_edit, "1,000")
    with qtbot.waitSignal(dialog.shift_actions.failed, timeout=WAIT_MS) as failed:
        qtbot.mouseClick(dialog.close_shift_button, Qt.MouseButton.LeftButton)
    assert failed.args == ["Amount '1,000' is not a number"] and dialog.status.property("kind") == "error"
    assert (dialog.shift_actions.confirmation is None and dialog.isVisible()
            and dialog.shift_actions.view is ShiftView.OPEN)
    assert dialog.counted_edit.text() == "1,000" and dialog.counted_edit.hasFocus()
    qtbot.waitUntil(lambda: runner.pending == 0, timeout=WAIT_MS)
    assert current_shift(journal.store) is not None and last_closed_shift(journal.store) is None
    assert dialog.figures()["expected"] == ("", "67,800 ₮")


def test_in_mongolian_a_bad_amount_is_said_in_mongolian(qtbot: QtBot, language, make_dialog) -> None:
    assert language.use("mn")
    dialog = make_dialog()
    assert CYRILLIC.search(dialog.windowTitle()) and CYRILLIC.search(dialog.headline.text())
    with qtbot.waitSignal(dialog.shift_actions.failed, timeout=WAIT_MS) as failed:
        assert dialog.shift_actions.open_shift("12.345") is False
    assert CYRILLIC.search(failed.args[0]) and "10^12" in failed.args[0]


def test_every_shift_refusal_is_marked_for_translation() -> None:
    assert set(SHIFT_MESSAGES) == set(SHIFT_TEMPLATES)


# -- busy, and others meanwhile ----------------------------------------------------------------------------------

def test_buttons_that_start_work_disable_themselves_while_it_runs(qtbot: QtBot, make_dialog, journal: Journal,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    gate = threading.Event()
    real_open, real_close = shift_actions.open_shift, shift_actions.close_shift

    def gated(function):  # noqa: ANN001, ANN202
        def call(*args):  # noqa: ANN002, ANN202
            if not gate.wait(WAIT_MS / 1000):
                raise TimeoutError("the test never opened the gate")
            return function(*args)
        return call

    monkeypatch.setattr(shift_actions, "open_shift", gated(real_open))
    monkeypatch.setattr(shift_actions, "close_shift", gated(real_close))
    dialog = make_dialog()
    try:
        assert dialog.shift_actions.open_shift("500")
        assert not dialog.open_button.isEnabled() and not dialog.float_edit.isEnabled()
        assert not dialog.refresh_button.isEnabled() and dialog.status.text() == "Opening the shift…"
        assert dialog.shift_actions.open_shift("500") is False                       # one at a time
        with qtbot.waitSignal(dialog.shift_actions.loaded, timeout=WAIT_MS,
                          check_params_cb=lambda report: report is not None):
            gate.set()
        gate.clear()
        assert dialog.close_shift_button.isEnabled()
        assert dialog.shift_actions.close_shift("500")
        assert not dialog.close_shift_button.isEnabled() and not dialog.counted_edit.isEnabled()
        assert not dialog.refresh_button.isEnabled() and dialog.status.text() == "Closing the shift…"
        assert dialog.shift_actions.close_shift("500") is False
        with qtbot.waitSignal(dialog.shift_actions.shift_closed, timeout=WAIT_MS):
            gate.set()
    finally:
        gate.set()
    assert last_closed_shift(journal.store).close.difference == 0  # type: ignore[union-attr]


def test_a_shift_opened_elsewhere_meanwhile_is_said_and_shown(qtbot: QtBot, make_dialog, journal: Journal) -> None:
    dialog = make_dialog()
    open_shift(journal.store, "20000")                                      # another dialog was first
    with qtbot.waitSignal(dialog.shift_actions.failed, timeout=WAIT_MS) as failed:
        assert dialog.shift_actions.open_shift("50000")
    assert "opened already" in failed.args[0]
    qtbot.waitUntil(lambda: dialog.shift_actions.view is ShiftView.OPEN, timeout=WAIT_MS)
    assert dialog.figures()["float"] == ("", "20,000 ₮") and dialog.status.text() == failed.args[0]


def test_escape_closes_the_dialog_and_answers_after_it_are_not_shown(qtbot: QtBot, make_dialog,
                                                                     journal: Journal, runner: TaskRunner) -> None:
    dialog = make_dialog()
    qtbot.waitUntil(dialog.float_edit.hasFocus, timeout=WAIT_MS)
    seen: list[object] = []
    dialog.shift_actions.loaded.connect(seen.append)
    assert dialog.shift_actions.reload()
    with qtbot.waitSignal(dialog.rejected, timeout=WAIT_MS):
        qtbot.keyClick(dialog.float_edit, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: runner.pending == 0, timeout=WAIT_MS)
    assert seen == [] and not dialog.isVisible()
