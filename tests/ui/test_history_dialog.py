"""The sales history against the real sandbox: the list, the details, and what the cashier can still
do to a sale (cancel its invoice, give its card payment back, cancel its receipt, reprint, check again)."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from datetime import date, datetime, time, timedelta
from decimal import Decimal
from pathlib import Path

import pytest
from PySide6.QtCore import QDate, Qt
from PySide6.QtWidgets import QApplication, QDialog, QLabel
from pytestqt.qtbot import QtBot

from pos_app.checkout import Checkout
from pos_app.checkout.after_sale import cancel_open_invoice
from pos_app.domain.cart import Cart
from pos_app.domain.catalog import CatalogItem
from pos_app.domain.sale import Receiver, Sale
from pos_app.formats import date_text
from pos_app.journal import Journal, JournalStatus, ReceiptStatus, ReversalKind, ReversalStatus
from pos_app.qpay.statuses import normalize_invoice_status
from pos_app.ui.history.give_back_dialog import GiveBackDialog
from pos_app.ui.history.dialog import HistoryDialog, SalesModel
from pos_app.checkout.sale_services import SaleServices
from pos_app.ui.common.style import STYLESHEET
from pos_app.ui.common.tasks import TaskRunner
from tests.qpay.helpers import SandboxControl

WAIT_MS = 15_000
MILK = CatalogItem("1", "Сүү", Decimal("3500"), "8401", "0122", False)
TOTAL = Decimal("7000")
REASON = "customer returned the milk"
# The dialog's and the journal's today: a fixed day, so no test depends on the day (or the zone) it runs in.
TODAY = date(2026, 11, 21)


class StepClock:
    """The journal's clock: TODAY from 10:00, one second a step, or a day the test sets."""

    def __init__(self) -> None:
        self.day = TODAY
        self._ticks = 0
        self._lock = threading.Lock()

    def __call__(self) -> datetime:
        with self._lock:
            self._ticks += 1
            return datetime.combine(self.day, time(10, 0)) + timedelta(seconds=self._ticks)


@pytest.fixture
def clock() -> StepClock:
    return StepClock()


@pytest.fixture
def journal(tmp_path: Path, clock: StepClock) -> Iterator[Journal]:
    with Journal(tmp_path / "journal.sqlite3", "T1", clock=clock) as opened:
        yield opened


@pytest.fixture
def make_dialog(qtbot: QtBot, runner: TaskRunner, checkout: Checkout,
                journal: Journal) -> Callable[..., HistoryDialog]:
    QApplication.instance().setStyleSheet(STYLESHEET)  # type: ignore[union-attr]

    def make(on_screen: Callable[[], str] = lambda: "") -> HistoryDialog:
        dialog = HistoryDialog(SaleServices(checkout, journal), runner, on_screen=on_screen, today=lambda: TODAY)
        qtbot.addWidget(dialog)
        dialog.show()
        dialog.activateWindow()
        qtbot.waitUntil(dialog.isActiveWindow, timeout=WAIT_MS)
        settle(qtbot, runner)
        return dialog

    return make


def settle(qtbot: QtBot, runner: TaskRunner) -> None:
    """Until every read and call the dialog started has finished and been shown."""
    qtbot.waitUntil(lambda: runner.pending == 0, timeout=WAIT_MS)


# -- sales made the way the till makes them ----------------------------------------------------------

def _open(journal: Journal, checkout: Checkout) -> str:
    cart = Cart()
    cart.add_item(MILK, 2)
    number = journal.sales.begin(cart.lines, cart.total, cart.taxes)
    journal.sales.invoice_opened(number, checkout.create_invoice(Sale(number, cart.lines, cart.total, cart.taxes)))
    return number


def _paid(journal: Journal, checkout: Checkout, control: SandboxControl, transaction_type: str = "CARD") -> str:
    number = _open(journal, checkout)
    invoice_id = journal.queries.get(number).invoice_id
    control.pay(invoice_id, transaction_type=transaction_type)
    check = checkout.check_payment(invoice_id, TOTAL)
    assert check.is_paid
    journal.sales.payments_seen(number, check.payments)
    return number


def _completed(journal: Journal, checkout: Checkout, control: SandboxControl, transaction_type: str = "CARD") -> str:
    number = _paid(journal, checkout, control, transaction_type)
    journal.sales.receipt_started(number, Receiver())
    journal.sales.receipt_issued(number, checkout.issue_receipt(journal.queries.get(number).payments[0].payment_id,
                                                                Receiver()))
    return number


def _payment_id(journal: Journal, number: str) -> str:
    [payment] = journal.queries.get(number).payments
    return payment.payment_id


def _active_receipt(sandbox_server, payment_id: str) -> bool:
    state = sandbox_server.sandbox.state
    with state.lock:
        return state.active_ebarimt(payment_id) is not None


def _reversal_note(sandbox_server, payment_id: str) -> object:
    state = sandbox_server.sandbox.state
    with state.lock:
        return state.payments[payment_id].get("reversal", {}).get("note")


# -- reading the dialog ------------------------------------------------------------------------------

def column(dialog: HistoryDialog, col: int) -> list[str]:
    model = dialog.model
    return [model.data(model.index(row, col)) for row in range(model.rowCount())]


def status_of(dialog: HistoryDialog, number: str) -> str:
    row = dialog.model.row_of(number)
    assert row >= 0, f"{number} is not listed"
    return dialog.model.data(dialog.model.index(row, SalesModel.STATUS))


def select(qtbot: QtBot, dialog: HistoryDialog, runner: TaskRunner, number: str) -> None:
    """With the keyboard: arrows from the top of the list down to the sale."""
    dialog.table.setFocus()
    qtbot.keyClick(dialog.table, Qt.Key.Key_Home, Qt.KeyboardModifier.ControlModifier)
    for _ in range(dialog.model.row_of(number)):
        qtbot.keyClick(dialog.table, Qt.Key.Key_Down)
    assert dialog.selected_sale() is not None and dialog.selected_sale().number == number
    settle(qtbot, runner)


def press(qtbot: QtBot, dialog: HistoryDialog, key: Qt.Key,
          modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:
    # After a question or the give back dialog closes, the history gets the keyboard back a moment later.
    qtbot.waitUntil(lambda: QApplication.activeWindow() is dialog, timeout=WAIT_MS)
    qtbot.keyClick(QApplication.focusWidget() or dialog, key, modifier)


def answer(qtbot: QtBot, dialog: HistoryDialog, accept: bool = True) -> str:
    qtbot.waitUntil(lambda: dialog.sale_actions.confirmation is not None, timeout=WAIT_MS)
    box = dialog.sale_actions.confirmation
    text = box.text()
    # The safe answer is the default (Enter, Esc); the other takes Ctrl+Enter, as at the till.
    qtbot.keyClick(box, Qt.Key.Key_Return if accept else Qt.Key.Key_Escape,
                   Qt.KeyboardModifier.ControlModifier if accept else Qt.KeyboardModifier.NoModifier)
    return text


def act(qtbot: QtBot, dialog: HistoryDialog, runner: TaskRunner, key: Qt.Key, confirm: bool = True) -> str:
    """Press an action's shortcut, confirm it, and return the outcome the dialog shows."""
    with qtbot.waitSignal(dialog.action_finished, timeout=WAIT_MS) as finished:
        press(qtbot, dialog, key)
        if confirm:
            answer(qtbot, dialog)
    settle(qtbot, runner)
    assert dialog.message.isVisible() and dialog.message.text() == finished.args[0]
    return finished.args[0]


def give_back_dialog(qtbot: QtBot, dialog: HistoryDialog) -> GiveBackDialog:
    press(qtbot, dialog, Qt.Key.Key_F7)
    qtbot.waitUntil(lambda: dialog.sale_actions.give_back_dialog is not None
                            and dialog.sale_actions.give_back_dialog.isVisible(),
                    timeout=WAIT_MS)
    back = dialog.sale_actions.give_back_dialog
    assert back is not None
    qtbot.waitUntil(back.reason.hasFocus, timeout=WAIT_MS)     # the keyboard is in the reason field
    return back


def give_back_by_keyboard(qtbot: QtBot, dialog: HistoryDialog, runner: TaskRunner, *, refund: bool = True,
                          void: bool = True, reason: str = REASON, back: GiveBackDialog | None = None) -> str:
    back = back or give_back_dialog(qtbot, dialog)
    choice = back.refund_choice if refund else back.cancel_choice
    if not choice.isChecked():        # mnemonics click a moment later, as a button shortcut does
        qtbot.keyClick(back, Qt.Key.Key_R if refund else Qt.Key.Key_C, Qt.KeyboardModifier.AltModifier)
        qtbot.waitUntil(choice.isChecked, timeout=WAIT_MS)
    if back.void_receipt.isVisible() and back.void_receipt.isChecked() != void:
        qtbot.keyClick(back, Qt.Key.Key_T, Qt.KeyboardModifier.AltModifier)
        qtbot.waitUntil(lambda: back.void_receipt.isChecked() == void, timeout=WAIT_MS)
    qtbot.keyClick(back, Qt.Key.Key_S, Qt.KeyboardModifier.AltModifier)      # back to the reason
    qtbot.waitUntil(back.reason.hasFocus, timeout=WAIT_MS)
    qtbot.keyClicks(back.reason, reason)
    with qtbot.waitSignal(dialog.action_finished, timeout=WAIT_MS) as finished:
        qtbot.keyClick(back.reason, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    settle(qtbot, runner)
    return finished.args[0]


def enabled_actions(dialog: HistoryDialog) -> set[str]:
    return {button.objectName() for button in dialog.action_buttons if button.isEnabled()}


# -- the list ---------------------------------------------------------------------------------------------

def test_the_list_shows_todays_sales_newest_first_with_status_words_and_totals(
        qtbot, make_dialog, runner, journal, checkout, control) -> None:
    waiting = _open(journal, checkout)
    paid = _paid(journal, checkout, control)
    completed = _completed(journal, checkout, control)
    cancelled = _open(journal, checkout)
    cancel_open_invoice(journal, checkout, cancelled)
    failed = journal.sales.begin(journal.queries.get(paid).lines, TOTAL, journal.queries.get(paid).taxes)
    journal.sales.invoice_failed(failed, "refused: INVALID_AMOUNT")

    dialog = make_dialog()

    assert column(dialog, SalesModel.NUMBER) == [failed, cancelled, completed, paid, waiting]
    assert column(dialog, SalesModel.STATUS) == ["Not created", "Cancelled", "Completed", "Paid, no receipt",
                                                 "Waiting for payment"]
    assert column(dialog, SalesModel.AMOUNT) == ["7,000 ₮"] * 5
    assert column(dialog, SalesModel.TIME)[0] == "10:00 AM"   # one day shown: the time alone (US English in the tests)
    banks = column(dialog, SalesModel.BANK)
    assert banks[2] and banks[3] and not banks[0] and not banks[4]
    assert column(dialog, SalesModel.LOTTERY)[2] == journal.queries.get(completed).receipt.lottery
    assert dialog.summary.text() == "5 sale(s) · paid 14,000 ₮"
    # Keyboard first: the list has the focus, the newest sale is selected and its details shown.
    assert dialog.table.hasFocus()
    assert dialog.selected_sale().number == failed
    assert "refused: INVALID_AMOUNT" in dialog.details.toPlainText()


def test_the_date_range_picks_the_days_and_a_reversed_range_is_refused_without_losing_the_list(
        qtbot, make_dialog, runner, journal, checkout, control, clock) -> None:
    clock.day = TODAY - timedelta(days=1)
    yesterday = _paid(journal, checkout, control)
    clock.day = TODAY
    today = _completed(journal, checkout, control)
    dialog = make_dialog()
    assert column(dialog, SalesModel.NUMBER) == [today]

    dialog.start_date.setDate(QDate(TODAY - timedelta(days=1)))
    settle(qtbot, runner)
    assert column(dialog, SalesModel.NUMBER) == [today, yesterday]
    assert column(dialog, SalesModel.TIME)[1].startswith(f"{date_text(clock.day - timedelta(days=1))} ")  # the date too
    assert dialog.summary.text() == "2 sale(s) · paid 14,000 ₮"

    dialog.end_date.setDate(QDate(TODAY - timedelta(days=1)))
    settle(qtbot, runner)
    assert column(dialog, SalesModel.NUMBER) == [yesterday]

    dialog.start_date.setDate(QDate(TODAY))          # after the last day
    settle(qtbot, runner)
    assert dialog.range_error.isVisible() and "after the last day" in dialog.range_error.text()
    assert column(dialog, SalesModel.NUMBER) == [yesterday]      # the list stays as it was

    press(qtbot, dialog, Qt.Key.Key_T, Qt.KeyboardModifier.ControlModifier)   # a button shortcut: clicked soon after
    qtbot.waitUntil(lambda: dialog.end_date.date() == QDate(TODAY), timeout=WAIT_MS)
    settle(qtbot, runner)
    assert dialog.start_date.date() == QDate(TODAY)
    assert not dialog.range_error.isVisible()
    assert column(dialog, SalesModel.NUMBER) == [today]
    assert dialog.table.hasFocus()


def test_the_details_show_lines_payments_receipt_and_the_event_log(
        qtbot, make_dialog, runner, journal, checkout, control) -> None:
    number = _completed(journal, checkout, control)
    _open(journal, checkout)
    sale = journal.queries.get(number)
    dialog = make_dialog()

    select(qtbot, dialog, runner, number)
    with qtbot.waitSignal(dialog.details_shown, timeout=WAIT_MS) as shown:
        qtbot.keyClick(dialog.table, Qt.Key.Key_Return)       # Enter: the details
    assert shown.args == [number]
    assert dialog.details.hasFocus()

    details = dialog.details.toPlainText()
    for expected in (f"Sale {number} — Completed", "Сүү", "3,500 ₮", "7,000 ₮", sale.payments[0].bank, "QPay card",
                     sale.payments[0].payment_id, sale.receipt.receipt_id, sale.receipt.lottery, "Individual",
                     "Valid", sale.invoice_id):
        assert expected in details, expected
    assert "Payment given back" not in details
    events = dialog.event_log.toPlainText()
    assert [step in events for step in ("Sale started", "Invoice created", "Paid", "Receipt asked",
                                        "Receipt issued")] == [True] * 5
    assert events.index("Sale started") < events.index("Receipt issued")


def test_up_and_down_move_the_details_and_escape_closes(qtbot, make_dialog, runner, journal, checkout,
                                                        control) -> None:
    first = _paid(journal, checkout, control)
    second = _open(journal, checkout)
    dialog = make_dialog()
    assert dialog.selected_sale().number == second and f"Sale {second}" in dialog.details.toPlainText()
    qtbot.keyClick(dialog.table, Qt.Key.Key_Down)
    settle(qtbot, runner)
    assert dialog.selected_sale().number == first and f"Sale {first}" in dialog.details.toPlainText()
    assert "Paid" in dialog.event_log.toPlainText()
    qtbot.keyClick(dialog.table, Qt.Key.Key_Escape)
    assert not dialog.isVisible() and dialog.result() == QDialog.DialogCode.Rejected


# -- cancel an open invoice ----------------------------------------------------------------------------------

def test_an_open_invoice_is_cancelled_after_asking(qtbot, make_dialog, runner, journal, checkout,
                                                   control) -> None:
    number = _open(journal, checkout)
    _completed(journal, checkout, control)
    dialog = make_dialog()
    select(qtbot, dialog, runner, number)
    assert enabled_actions(dialog) == {"cancel_invoice", "check_again"}

    press(qtbot, dialog, Qt.Key.Key_F6)
    question = answer(qtbot, dialog, accept=False)               # Esc: nothing is sent
    assert "QR code stops working" in question
    assert journal.queries.get(number).status is JournalStatus.OPEN
    assert control.count_prefix("/v2/invoice/", "DELETE") == 0

    with qtbot.waitSignal(dialog.action_finished, timeout=WAIT_MS) as finished:
        press(qtbot, dialog, Qt.Key.Key_F6)
        answer(qtbot, dialog)
        # While it runs: said so, and no second action can start.
        assert dialog.message.text() == f"Cancelling the invoice of sale {number}…"
        assert enabled_actions(dialog) == set()
    settle(qtbot, runner)
    outcome = finished.args[0]
    assert dialog.message.text() == outcome == f"Sale {number} is cancelled: nothing was charged."
    assert dialog.message.property("kind") == "info"
    assert journal.queries.get(number).status is JournalStatus.CANCELLED
    invoice = checkout.client.get_invoice(journal.queries.get(number).invoice_id)
    assert normalize_invoice_status(invoice.invoice_status) == "CANCELLED"
    assert dialog.selected_sale().number == number               # the selection survives the reload
    assert status_of(dialog, number) == "Cancelled"
    assert enabled_actions(dialog) == set()
    assert dialog.table.hasFocus()


def test_a_cancel_refused_because_the_customer_paid_first_records_the_payment(
        qtbot, make_dialog, runner, journal, checkout, control) -> None:
    number = _open(journal, checkout)
    dialog = make_dialog()
    assert status_of(dialog, number) == "Waiting for payment"
    control.pay(journal.queries.get(number).invoice_id, transaction_type="CARD")    # while the cashier looks

    outcome = act(qtbot, dialog, runner, Qt.Key.Key_F6)
    assert "already paid" in outcome and "cannot be cancelled" in outcome
    assert dialog.message.property("kind") == "error"
    sale = journal.queries.get(number)
    assert sale.status is JournalStatus.PAID and sale.paid_amount == TOTAL
    assert status_of(dialog, number) == "Paid, no receipt"
    assert {"give_back", "reprint"} <= enabled_actions(dialog)


# -- give a card payment back ------------------------------------------------------------------------------------

def test_a_card_payment_is_refunded_with_its_reason_and_the_receipt_voided(
        qtbot, make_dialog, runner, journal, checkout, control, sandbox_server) -> None:
    number = _completed(journal, checkout, control)
    payment_id = _payment_id(journal, number)
    dialog = make_dialog()
    assert enabled_actions(dialog) == {"give_back", "return_items", "cancel_receipt", "reprint"}

    back = give_back_dialog(qtbot, dialog)
    assert back.void_receipt.isVisible() and back.void_receipt.isChecked()
    assert back.cancel_choice.isChecked()                          # a sale of today: cancel is offered first
    assert back.findChild(QLabel, "title").text() == f"Sale {number}: 7,000 ₮"
    assert payment_id in back.findChild(QLabel, "payments").text()
    outcome = give_back_by_keyboard(qtbot, dialog, runner, refund=True, void=True, back=back)

    assert outcome == (f"Sale {number}: 7,000 ₮ refunded to the customer's card. Its tax receipt is cancelled.")
    sale = journal.queries.get(number)
    assert sale.reversal_status is ReversalStatus.DONE and sale.reversal_kind is ReversalKind.REFUND
    assert sale.reversal_reason == REASON and sale.reversed_amount == TOTAL
    assert sale.receipt_status is ReceiptStatus.CANCELLED
    assert checkout.client.get_payment(payment_id).status == "REFUNDED"
    assert _reversal_note(sandbox_server, payment_id) == REASON
    assert not _active_receipt(sandbox_server, payment_id)
    assert status_of(dialog, number) == "Refunded"
    assert dialog.summary.text() == "1 sale(s) · paid 7,000 ₮ · given back 7,000 ₮ · net 0 ₮"
    details = dialog.details.toPlainText()
    assert "Payment given back" in details and REASON in details and "Voided in the tax system" in details
    assert "Give back asked: Refund; customer returned the milk" in dialog.event_log.toPlainText()
    assert enabled_actions(dialog) == {"reprint"}
    assert "already given back" in dialog.give_back_button.toolTip()


def test_a_refund_can_keep_the_receipt(qtbot, make_dialog, runner, journal, checkout, control,
                                       sandbox_server) -> None:
    number = _completed(journal, checkout, control)
    payment_id = _payment_id(journal, number)
    dialog = make_dialog()
    outcome = give_back_by_keyboard(qtbot, dialog, runner, refund=False, void=False)
    assert outcome == (f"Sale {number}: the card payment of 7,000 ₮ is cancelled. Its tax receipt of 7,000 ₮ is "
                       "still valid for goods given back: void it with Cancel receipt (F8).")
    sale = journal.queries.get(number)
    assert sale.is_reversed and sale.reversal_kind is ReversalKind.CANCEL
    assert sale.has_active_receipt and _active_receipt(sandbox_server, payment_id)
    assert checkout.client.get_payment(payment_id).status == "CANCELLED"
    assert status_of(dialog, number) == "Card payment cancelled, receipt still valid"
    assert enabled_actions(dialog) == {"cancel_receipt", "settle_receipt", "reprint"}   # it can still be voided


def test_a_bank_transfer_cannot_be_given_back_and_the_dialog_says_why(
        qtbot, make_dialog, runner, journal, checkout, control) -> None:
    number = _completed(journal, checkout, control, "P2P")
    dialog = make_dialog()
    assert not dialog.give_back_button.isEnabled()
    assert "QPay bank transfer" in dialog.give_back_button.toolTip()
    assert dialog.note.isVisible() and "QPay cannot give it back" in dialog.note.text()
    assert enabled_actions(dialog) == {"return_items", "cancel_receipt", "reprint"}
    assert "QPay bank transfer" in dialog.details.toPlainText()
    assert journal.queries.get(number).reversal_status is None


def test_the_reason_is_required_and_checked_as_typed(qtbot, make_dialog, runner, journal, checkout,
                                                     control) -> None:
    number = _paid(journal, checkout, control)
    dialog = make_dialog()
    back = give_back_dialog(qtbot, dialog)
    assert not back.void_receipt.isVisible()                  # no receipt: nothing to void
    assert not back.ok_button.isEnabled()
    assert back.reason_error.isVisible() and "Say why" in back.reason_error.text()
    assert "Say why" in back.ok_button.toolTip()

    qtbot.keyClicks(back.reason, "   ")
    # Ctrl+Enter with only blanks: refused, still open
    qtbot.keyClick(back.reason, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert back.isVisible() and not back.ok_button.isEnabled()
    assert "Say why" in back.reason_error.text()
    assert back.reason.text() == "   "                         # nothing the cashier typed is lost

    qtbot.keyClicks(back.reason, "wrong size")
    assert back.ok_button.isEnabled() and not back.reason_error.isVisible()
    assert back.reason.maxLength() == 255
    qtbot.keyClick(back.reason, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(back.reason, Qt.Key.Key_Delete)
    assert not back.ok_button.isEnabled() and back.reason_error.isVisible()

    qtbot.keyClick(back, Qt.Key.Key_Escape)                    # Back: nothing sent
    qtbot.waitUntil(lambda: dialog.sale_actions.give_back_dialog is None, timeout=WAIT_MS)
    assert journal.queries.get(number).reversal_status is None
    assert control.count_prefix("/v2/payment/refund/") == control.count_prefix("/v2/payment/cancel/") == 0


def test_the_give_back_dialog_offers_a_refund_for_an_earlier_day(qtbot, journal, checkout, control,
                                                                clock) -> None:
    clock.day = TODAY - timedelta(days=2)
    sale = journal.queries.get(_paid(journal, checkout, control))
    back = GiveBackDialog(sale, today=lambda: TODAY)
    qtbot.addWidget(back)
    back.show()
    assert back.refund_choice.isChecked() and back.ok_button.text() == "Refund the payment  (Ctrl+Enter)"
    back.cancel_choice.setChecked(True)
    assert back.ok_button.text() == "Cancel the payment  (Ctrl+Enter)"
    qtbot.keyClicks(back.reason, "  double   charged ")
    with qtbot.waitSignal(back.accepted, timeout=WAIT_MS):
        qtbot.keyClick(back.reason, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert (back.result_kind, back.result_reason, back.result_void_receipt) == (
        ReversalKind.CANCEL, "double charged", False)


# -- cancel the receipt, reprint ------------------------------------------------------------------------------

def test_a_receipt_is_cancelled_after_asking(qtbot, make_dialog, runner, journal, checkout, control,
                                             sandbox_server) -> None:
    number = _completed(journal, checkout, control)
    payment_id = _payment_id(journal, number)
    dialog = make_dialog()
    with qtbot.waitSignal(dialog.action_finished, timeout=WAIT_MS) as finished:
        press(qtbot, dialog, Qt.Key.Key_F8)
        question = answer(qtbot, dialog)
    settle(qtbot, runner)
    assert "voids it in the tax system" in question and journal.queries.get(number).receipt.lottery in question
    assert finished.args == [f"The tax receipt of sale {number} is cancelled in the tax system."]
    assert journal.queries.get(number).receipt_status is ReceiptStatus.CANCELLED
    assert not _active_receipt(sandbox_server, payment_id)
    assert status_of(dialog, number) == "Receipt voided, money kept: owed a receipt"
    assert enabled_actions(dialog) == {"give_back", "return_items", "issue_receipt", "reprint"}   # owed a receipt again


def test_reprint_hands_the_sales_number_to_the_till(qtbot, make_dialog, runner, journal, checkout, control) -> None:
    waiting = _open(journal, checkout)
    number = _completed(journal, checkout, control)
    dialog = make_dialog()
    with qtbot.waitSignal(dialog.reprint_requested, timeout=WAIT_MS) as printed:
        press(qtbot, dialog, Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier)
    assert printed.args == [number]
    select(qtbot, dialog, runner, waiting)
    assert not dialog.reprint_button.isEnabled()             # nothing paid, nothing to print


# -- the sale on the till's screen --------------------------------------------------------------------------------

def test_the_sale_on_the_tills_screen_is_left_to_the_till(qtbot, make_dialog, runner, journal, checkout,
                                                          control) -> None:
    on_screen = _open(journal, checkout)
    completed = _completed(journal, checkout, control)
    dialog = make_dialog(on_screen=lambda: on_screen)
    select(qtbot, dialog, runner, on_screen)
    assert enabled_actions(dialog) == set()
    assert dialog.note.text() == "This sale is on the till's screen: finish it there."

    dialog.sale_actions.on_cancel_invoice_clicked()                      # as if it got there anyway
    dialog.sale_actions.on_check_again_clicked()
    assert dialog.sale_actions.confirmation is None
    assert dialog.message.isVisible() and dialog.message.text() == "This sale is on the till's screen: finish it there."
    settle(qtbot, runner)
    assert journal.queries.get(on_screen).status is JournalStatus.OPEN
    assert control.count_prefix("/v2/invoice/", "DELETE") == 0

    select(qtbot, dialog, runner, completed)                # the others are not affected
    assert enabled_actions(dialog) == {"give_back", "return_items", "cancel_receipt", "reprint"}
    assert dialog.note.text() == ""


# -- failures, and checking again ------------------------------------------------------------------------------------

def test_a_refund_whose_answer_is_lost_stays_pending_until_checked_again(
        qtbot, make_dialog, runner, journal, checkout, control) -> None:
    number = _completed(journal, checkout, control)
    payment_id = _payment_id(journal, number)
    control.fault("/v2/payment/refund/", method="POST", status=500)
    dialog = make_dialog()

    outcome = give_back_by_keyboard(qtbot, dialog, runner, refund=True)
    assert outcome.startswith(f"The payment of sale {number} was not given back.")
    assert "(OutcomeUnknownError)" in outcome and "Check again (F5)" in outcome
    assert dialog.message.property("kind") == "error"
    pending = journal.queries.get(number)
    assert pending.reversal_status is ReversalStatus.PENDING and pending.reversal_reason == REASON
    assert pending.has_active_receipt                        # the money first: the receipt is left alone
    assert status_of(dialog, number) == "Refund pending…"
    assert enabled_actions(dialog) == {"check_again", "cancel_receipt", "reprint"}
    assert "Check again" in dialog.note.text()

    outcome = act(qtbot, dialog, runner, Qt.Key.Key_F5, confirm=False)
    assert outcome == f"The payment of sale {number} was not given back: it is still paid. You may give it back again."
    failed = journal.queries.get(number)
    assert failed.reversal_status is ReversalStatus.FAILED and failed.can_reverse
    assert checkout.client.get_payment(payment_id).status == "PAID"
    assert status_of(dialog, number) == "Completed · give back failed"
    assert "still paid" in dialog.details.toPlainText()

    outcome = give_back_by_keyboard(qtbot, dialog, runner, refund=True)     # the fault is used up: it works now
    assert "refunded" in outcome
    assert checkout.client.get_payment(payment_id).status == "REFUNDED"
    assert journal.queries.get(number).is_reversed
    assert control.count(f"/v2/payment/refund/{payment_id}", "POST") == 2


def test_a_refund_refused_by_the_service_is_marked_failed_with_its_code(
        qtbot, make_dialog, runner, journal, checkout, control) -> None:
    number = _paid(journal, checkout, control)
    control.fault("/v2/payment/refund/", method="POST", status=400, error_code="REFUND_LIMIT_EXCEEDED")
    dialog = make_dialog()
    outcome = give_back_by_keyboard(qtbot, dialog, runner, refund=True)
    assert outcome.startswith(f"The payment of sale {number} was not given back.")
    assert outcome.endswith("(REFUND_LIMIT_EXCEEDED)")
    sale = journal.queries.get(number)
    assert sale.reversal_status is ReversalStatus.FAILED and sale.reversal_reason == REASON
    assert "REFUND_LIMIT_EXCEEDED" in sale.failure
    assert status_of(dialog, number) == "Paid, no receipt · give back failed"
    assert "REFUND_LIMIT_EXCEEDED" in dialog.details.toPlainText()
    assert "give_back" in enabled_actions(dialog) and "check_again" not in enabled_actions(dialog)


def test_a_receipt_cancel_refused_after_a_refund_is_said_and_can_be_done_later(
        qtbot, make_dialog, runner, journal, checkout, control, sandbox_server) -> None:
    number = _completed(journal, checkout, control)
    payment_id = _payment_id(journal, number)
    control.fault("/v2/ebarimt_v3/", method="DELETE", status=400, error_code="EBARIMT_CANCEL_NOTSUPPERDED")
    dialog = make_dialog()
    outcome = give_back_by_keyboard(qtbot, dialog, runner, refund=True, void=True)
    assert outcome.startswith(f"7,000 ₮ was given back for sale {number}, but its tax receipt could not be cancelled")
    assert outcome.endswith("(EBARIMT_CANCEL_NOTSUPPERDED)")
    sale = journal.queries.get(number)
    assert sale.is_reversed and sale.has_active_receipt
    assert status_of(dialog, number) == "Refunded, receipt still valid"
    assert enabled_actions(dialog) == {"cancel_receipt", "settle_receipt", "reprint"}

    outcome = act(qtbot, dialog, runner, Qt.Key.Key_F8)
    assert outcome == f"The tax receipt of sale {number} is cancelled in the tax system."
    assert not _active_receipt(sandbox_server, payment_id)
    assert status_of(dialog, number) == "Refunded"


def test_a_network_drop_on_an_invoice_cancel_loses_nothing(qtbot, make_dialog, runner, journal, checkout,
                                                          control) -> None:
    number = _open(journal, checkout)
    control.fault("/v2/invoice/", method="DELETE", drop=True, count=10)
    dialog = make_dialog()
    outcome = act(qtbot, dialog, runner, Qt.Key.Key_F6)
    assert outcome.startswith(f"The invoice of sale {number} could not be cancelled.")
    assert "No connection" in outcome or "answer was lost" in outcome
    assert journal.queries.get(number).status is JournalStatus.OPEN       # still open; the cashier may try again
    assert status_of(dialog, number) == "Waiting for payment"
    assert "cancel_invoice" in enabled_actions(dialog)


def test_check_again_finds_the_payment_of_an_open_sale_not_on_screen(
        qtbot, make_dialog, runner, journal, checkout, control) -> None:
    number = _open(journal, checkout)
    dialog = make_dialog()
    control.pay(journal.queries.get(number).invoice_id, transaction_type="P2P")
    outcome = act(qtbot, dialog, runner, Qt.Key.Key_F5, confirm=False)
    assert outcome == f"Sale {number} is paid; its receipt is not issued."
    assert journal.queries.get(number).status is JournalStatus.PAID
    assert status_of(dialog, number) == "Paid, no receipt"
    assert "check_again" not in enabled_actions(dialog)


# -- the house rules -----------------------------------------------------------------------------------------------

def test_reads_run_on_the_pool_and_money_moves_on_the_money_worker(qtbot, make_dialog, runner, journal,
                                                                    checkout, control, monkeypatch) -> None:
    number = _open(journal, checkout)
    threads: dict[str, set[str]] = {}

    def spy(owner: object, name: str, label: str = "") -> None:
        original = getattr(owner, name)

        def spied(*args, **kwargs):
            threads.setdefault(label or name, set()).add(threading.current_thread().name.rsplit("_", 1)[0])
            return original(*args, **kwargs)

        monkeypatch.setattr(owner, name, spied)

    for name, label in (("between", "sales_between"), ("events", "events"), ("get", "get")):
        spy(journal.queries, name, label)
    spy(checkout, "cancel_invoice")
    dialog = make_dialog()
    act(qtbot, dialog, runner, Qt.Key.Key_F6)
    seen = {name: set(names) for name, names in threads.items()}     # before the test reads the journal itself
    assert journal.queries.get(number).status is JournalStatus.CANCELLED
    assert threading.main_thread().name not in set().union(*seen.values())
    threads = seen
    assert threads["sales_between"] == threads["events"] == {"pos-task"}
    assert threads["cancel_invoice"] == {"pos-money"}


def test_cancelling_a_split_sales_invoice_names_what_the_invoice_asks_not_the_whole_sale(
        qtbot, make_dialog, runner, journal, checkout) -> None:
    # Issue 31: 2,000 in cash first, the rest (5,000) by QPay: the question is about the invoice's 5,000.
    from pos_app.checkout.charging import charge_rest
    from pos_app.domain.sale import ReceiptVia
    from pos_app.domain.tenders import CashTender

    cart = Cart()
    cart.add_item(MILK, 2)
    number = journal.tenders.begin(cart.lines, cart.total, cart.taxes, CashTender(Decimal(2000), Decimal(2000)),
                                   ReceiptVia.POSAPI)
    charge_rest(journal, checkout, journal.queries.get(number).to_sale())
    dialog = make_dialog()
    select(qtbot, dialog, runner, number)
    press(qtbot, dialog, Qt.Key.Key_F6)
    question = answer(qtbot, dialog, accept=False)
    assert "(5,000 ₮)" in question and "7,000" not in question
    assert journal.queries.get(number).status is JournalStatus.OPEN


def test_a_cash_payment_shows_what_was_given_and_the_rounding_that_made_it_whole(
        qtbot, make_dialog, runner, journal) -> None:
    # Issue 31: 0.737 kg of meat, 9,577.32 ₮, paid 9,577 in cash from 20,000: the history says the rounding.
    from pos_app.domain.sale import ReceiptVia
    from pos_app.domain.tenders import Tendering

    cart = Cart()
    cart.add_weighed(CatalogItem("2", "Мах", Decimal(12995), "", "", True, unit="kg"), Decimal("0.737"))
    cash = Tendering(cart.total).cash_tender(Decimal(20000))
    number = journal.tenders.begin(cart.lines, cart.total, cart.taxes, cash, ReceiptVia.NONE)
    dialog = make_dialog()
    select(qtbot, dialog, runner, number)
    details = dialog.details.toPlainText()
    assert "given 20,000 ₮, rounding -0.32 ₮" in details
