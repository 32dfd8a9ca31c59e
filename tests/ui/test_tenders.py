"""Cash, the card terminal and splits at the till, keyboard first, with every sale's receipt through the PosAPI
sandbox (issue 18), against the session's sandboxes over real HTTP."""

from __future__ import annotations

from decimal import Decimal

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLabel

from pos_app.domain.sale import ReceiptVia, ReceiverKind, Stage
from pos_app.domain.tenders import CardTender, CashTender, TenderKind
from pos_app.journal import JournalStatus
from pos_app.journal.shifts import last_closed_shift

from .conftest import MILK, WAIT_MS, YOGURT, Till
from .posapi_control import PosApiControl

CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
ALT = Qt.KeyboardModifier.AltModifier


def posapi(till: Till) -> PosApiControl:
    return PosApiControl(till.app.backend.posapi.client.base_url)  # type: ignore[union-attr]


def posapi_receipts(till: Till) -> list[dict]:
    return posapi(till).receipts()


def count_float(till: Till, float_amount: str = "50000") -> None:
    """The shift dialog is open (F11, or F7 with no shift open): type the float counted, Enter."""
    office = till.app.back_office
    till.qtbot.waitUntil(lambda: office.shift_dialog is not None and office.shift_dialog.isVisible()
                         and office.shift_dialog.float_edit.hasFocus(), timeout=WAIT_MS)
    dialog = till.app.back_office.shift_dialog
    till.type(dialog.float_edit, float_amount)
    with till.qtbot.waitSignal(dialog.shift_actions.shift_opened, timeout=WAIT_MS):
        till.qtbot.keyClick(dialog.float_edit, Qt.Key.Key_Return)


def open_shift(till: Till, float_amount: str = "50000") -> None:
    """F11, the float counted, Enter: the dialog closes by itself and the keyboard is back in the sale's entry."""
    till.key(Qt.Key.Key_F11)
    count_float(till, float_amount)
    till.qtbot.waitUntil(lambda: till.app.back_office.shift_dialog is None, timeout=WAIT_MS)
    till.qtbot.waitUntil(lambda: till.window.isActiveWindow() and till.window.sale_page.entry.hasFocus(),
                         timeout=WAIT_MS)


def cash(till: Till, given: str) -> None:
    page = till.window.tender_page
    till.qtbot.waitUntil(lambda: page.cash.hasFocus() and page.cash.isEnabled(), timeout=WAIT_MS)
    page.cash.selectAll()
    till.type(page.cash, given)
    till.key(Qt.Key.Key_Return)


def sell_in_cash(till: Till, code: str, given: str, *, receipt: bool = True) -> str:
    """A scan, F7, the cash typed, the receipt issued: the completed sale's number (the shift is open).
    `receipt` False: a till without PosAPI, where a cash sale has no receipt and completes at once."""
    till.scan(code)
    till.key(Qt.Key.Key_F7)
    till.wait_stage(Stage.TENDERING)
    cash(till, given)
    if receipt:
        till.wait_stage(Stage.PAID)
        till.key(Qt.Key.Key_Return)
    till.wait_stage(Stage.COMPLETED)
    return till.flow.sale.number  # type: ignore[union-attr]


def history_on(till: Till, number: str):  # noqa: ANN201 - the HistoryDialog
    """F4, the newest sale picked (`number`), the history active with its give-back button live."""
    till.key(Qt.Key.Key_F4)
    office = till.app.back_office
    till.qtbot.waitUntil(lambda: office.history_dialog is not None and office.history_dialog.isVisible(),
                         timeout=WAIT_MS)
    history = till.app.back_office.history_dialog
    till.qtbot.waitUntil(lambda: history.model.row_of(number) is not None, timeout=WAIT_MS)
    history.table.setFocus()
    till.qtbot.keyClick(history.table, Qt.Key.Key_Home, Qt.KeyboardModifier.ControlModifier)
    till.qtbot.waitUntil(lambda: history.give_back_button.isEnabled(), timeout=WAIT_MS)
    till.qtbot.waitUntil(lambda: QApplication.activeWindow() is history, timeout=WAIT_MS)
    return history


def test_a_cash_sale_with_change_and_its_posapi_receipt(make_till) -> None:
    till = make_till(posapi=True)
    till.scan(MILK)
    till.scan(YOGURT)                                   # 3,500 + 2,800 = 6,300
    till.key(Qt.Key.Key_F7)                             # cash: the shift that counts the drawer opens first
    count_float(till)
    till.wait_stage(Stage.TENDERING)
    page = till.window.tender_page
    assert till.window.pages.currentWidget() is page
    assert page.due.text() == "6,300 ₮"
    assert page.cash.text() == "6300" and page.cash.selectedText() == "6300"   # typed over
    till.type(page.cash, "10000")
    assert page.change.text() == "3,700 ₮"              # shown as typed, before Enter
    till.key(Qt.Key.Key_Return)
    till.wait_stage(Stage.PAID)
    sale = till.flow.sale
    assert sale is not None and sale.change == Decimal(3700) and sale.receipt_via is ReceiptVia.POSAPI
    receipt_page = till.window.receipt_page
    assert receipt_page.change.isVisible() and "3,700 ₮" in receipt_page.change.text()

    till.key(Qt.Key.Key_Return)                         # an individual's receipt
    till.wait_stage(Stage.COMPLETED)
    receipt = till.flow.sale.receipt
    assert receipt is not None and receipt.lottery and receipt.receipt_id
    assert receipt.amount == Decimal(6300) and receipt.vat + receipt.city_tax == sale.taxes.vat + sale.taxes.city_tax
    assert receipt_page.lottery.text() == receipt.lottery
    issued = posapi_receipts(till)
    assert [r["id"] for r in issued] == [receipt.receipt_id]
    body = issued[0]["response"]
    assert body["payments"] == [{"code": "CASH", "status": "PAID", "paidAmount": 6300, "data": None}]
    assert body["type"] == "B2C_RECEIPT" and Decimal(str(body["totalAmount"])) == Decimal(6300)

    recorded = till.app.backend.journal.queries.get(sale.number)   # type: ignore[union-attr]
    assert recorded.status is JournalStatus.COMPLETED
    assert [t.tender for t in recorded.tenders] == [CashTender(Decimal(6300), Decimal(10000))]
    # The spec allows the lottery and QR data on the printed receipt only: the journal never has them.
    assert recorded.receipts[0].receipt.lottery == "" and recorded.receipts[0].receipt.qr_data == ""
    assert till.control.count_prefix("/v2/invoice", "POST") == 0   # no QPay invoice for a cash sale


def test_a_card_terminal_sale_records_its_approval_code(make_till) -> None:
    till = make_till(posapi=True)
    till.scan(MILK)
    till.key(Qt.Key.Key_F8)
    till.wait_stage(Stage.TENDERING)
    page = till.window.tender_page
    till.qtbot.waitUntil(page.approval.hasFocus, timeout=WAIT_MS)
    assert page.card_amount.text() == "3500"
    till.type(page.approval, "x1")                       # too short: said plainly, nothing taken
    till.key(Qt.Key.Key_Return)
    till.qtbot.waitUntil(page.error.isVisible, timeout=WAIT_MS)
    assert "approval code" in page.error.text()
    assert till.flow.stage is Stage.TENDERING and not till.flow.sale.tenders
    page.approval.clear()
    till.type(page.approval, "ab1234")
    till.key(Qt.Key.Key_Return)
    till.wait_stage(Stage.PAID)
    till.key(Qt.Key.Key_O, ALT)                          # an organization's receipt: its TIN looked up
    till.type(till.window.receipt_page.register, "5395305")
    hint = till.window.receipt_page.register_hint       # the name read back to the customer before Enter
    till.qtbot.waitUntil(lambda: "НОМИН ХОЛДИНГ ХХК" in hint.text(), timeout=WAIT_MS)
    till.key(Qt.Key.Key_Return)
    till.wait_stage(Stage.COMPLETED)
    receipt = till.flow.sale.receipt
    assert receipt.receiver.kind is ReceiverKind.ORGANIZATION and receipt.receiver.register == "5395305"
    assert receipt.receiver.name == "НОМИН ХОЛДИНГ ХХК"
    body = posapi_receipts(till)[0]["response"]
    assert body["type"] == "B2B_RECEIPT" and body["customerTin"] == "31654321554"
    assert [p["code"] for p in body["payments"]] == ["PAYMENT_CARD"]
    recorded = till.app.backend.journal.queries.get(till.flow.sale.number)   # type: ignore[union-attr]
    assert [t.tender for t in recorded.tenders] == [CardTender(Decimal(3500), "AB1234")]


def test_a_split_cash_and_qpay_sale_gets_one_receipt(make_till) -> None:
    till = make_till(posapi=True)
    open_shift(till)
    till.scan(MILK)
    till.scan(YOGURT)                                    # 6,300
    till.key(Qt.Key.Key_F7)
    till.wait_stage(Stage.TENDERING)
    cash(till, "2000")                                   # part in cash
    till.qtbot.waitUntil(lambda: till.flow.sale.tenders != (), timeout=WAIT_MS)
    page = till.window.tender_page
    till.qtbot.waitUntil(lambda: page.due.text() == "4,300 ₮", timeout=WAIT_MS)
    assert till.flow.stage is Stage.TENDERING
    till.key(Qt.Key.Key_F12)                             # the rest by QPay
    till.wait_stage(Stage.AWAITING_PAYMENT)
    assert till.window.payment_page.amount.text() == "4,300 ₮"
    till.key(Qt.Key.Key_P, CTRL_SHIFT)                   # training: the customer pays the rest
    till.wait_stage(Stage.PAID)
    till.key(Qt.Key.Key_Return)
    till.wait_stage(Stage.COMPLETED)
    issued = posapi_receipts(till)
    assert len(issued) == 1                              # one receipt for the whole sale
    body = issued[0]["response"]
    assert [(p["code"], p["paidAmount"]) for p in body["payments"]] == [("CASH", 2000), ("PAYMENT_CARD", 4300)]
    assert Decimal(str(body["totalAmount"])) == Decimal(6300)
    # QPay made no ebarimt of its own for its part.
    assert till.control.count_prefix("/v2/ebarimt", "POST") == 0


def test_a_cash_sale_with_the_network_unplugged_completes_and_gets_its_receipt_when_posapi_answers(
        make_till) -> None:
    till = make_till(posapi=True)
    control = posapi(till)
    control.fault("/rest", method=None, count=1000, drop=True)        # PosAPI unreachable
    till.control.fault("/v2", count=1000, drop=True)                  # and QPay too: no network at all
    open_shift(till)
    till.scan(MILK)
    till.key(Qt.Key.Key_F7)
    till.wait_stage(Stage.TENDERING)
    cash(till, "5000")
    till.wait_stage(Stage.PAID)                                       # the money part needs no network
    number = till.flow.sale.number
    till.key(Qt.Key.Key_Return)                                       # its receipt: PosAPI does not answer
    page = till.window.receipt_page
    till.qtbot.waitUntil(page.error.isVisible, timeout=WAIT_MS)
    assert "PosAPI" in page.error.text() and "by itself" in page.error.text()
    journal = till.app.backend.journal  # type: ignore[union-attr]
    assert journal.queries.get(number).status is JournalStatus.RECEIPT_PENDING
    assert number in till.app.recovery_watch.unsettled

    till.key(Qt.Key.Key_F2)                                           # the next customer, no question asked
    till.wait_stage(None)
    assert till.window.confirmation is None
    assert control.receipts() == []

    control.clear_faults()                                            # the network is back
    till.app.recovery_watch.on_settle_timer_timeout()                 # (the till's own timer, every 30 s)
    till.qtbot.waitUntil(lambda: journal.queries.get(number).status is JournalStatus.COMPLETED, timeout=WAIT_MS)
    [made] = control.receipts()
    assert journal.queries.get(number).receipts[0].receipt.receipt_id == made["id"]
    # The journal is written on the worker; the till hears of it when the GUI thread takes the answer.
    till.qtbot.waitUntil(lambda: number not in till.app.recovery_watch.unsettled, timeout=WAIT_MS)


def test_a_cash_sale_is_returned_from_the_history_and_its_receipt_voided(make_till) -> None:
    till = make_till(posapi=True)
    open_shift(till)
    number = sell_in_cash(till, MILK, "3500")
    receipt_id = till.flow.sale.receipt.receipt_id
    till.key(Qt.Key.Key_F2)
    till.wait_stage(None)

    history = history_on(till, number)                                # the history
    till.qtbot.keyClick(QApplication.focusWidget() or history, Qt.Key.Key_F7)    # give back
    till.qtbot.waitUntil(lambda: history.sale_actions.give_back_dialog is not None
                                 and history.sale_actions.give_back_dialog.isVisible(),
                         timeout=WAIT_MS)
    back = history.sale_actions.give_back_dialog
    assert back.windowTitle() == "Return sale" and "from the drawer" in back.findChild(QLabel, "payments").text()
    till.qtbot.waitUntil(back.reason.hasFocus, timeout=WAIT_MS)
    till.type(back.reason, "item returned")
    with till.qtbot.waitSignal(history.action_finished, timeout=WAIT_MS) as finished:
        till.qtbot.keyClick(back.reason, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert "returned" in finished.args[0]
    journal = till.app.backend.journal  # type: ignore[union-attr]
    sale = journal.queries.get(number)
    assert not sale.money_kept and sale.reversed_amount == Decimal(3500) and not sale.has_active_receipt
    [made] = posapi(till).receipts()
    assert made["id"] == receipt_id and made["state"] == "RETURNED"
    history.close()


def test_a_shift_is_closed_with_a_difference(make_till) -> None:
    till = make_till(posapi=True)
    open_shift(till, "20000")
    till.scan(MILK)                                      # 3,500 in cash, 10,000 given
    till.key(Qt.Key.Key_F7)
    till.wait_stage(Stage.TENDERING)
    cash(till, "10000")
    till.wait_stage(Stage.PAID)
    till.key(Qt.Key.Key_Return)
    till.wait_stage(Stage.COMPLETED)
    till.key(Qt.Key.Key_F2)
    till.wait_stage(None)
    till.scan(YOGURT)                                    # 2,800 on the card terminal
    till.key(Qt.Key.Key_F8)
    till.wait_stage(Stage.TENDERING)
    page = till.window.tender_page
    till.qtbot.waitUntil(page.approval.hasFocus, timeout=WAIT_MS)
    till.type(page.approval, "551234")
    till.key(Qt.Key.Key_Return)
    till.wait_stage(Stage.PAID)

    till.key(Qt.Key.Key_F11)                             # the shift: X figures, then the count
    office = till.app.back_office
    till.qtbot.waitUntil(lambda: office.shift_dialog is not None
                                 and office.shift_dialog.shift_actions.report is not None, timeout=WAIT_MS)
    dialog = till.app.back_office.shift_dialog
    shown = dialog.figures()
    assert shown["expected"] == ("", "23,500 ₮")        # 20,000 float + 3,500 cash
    till.qtbot.waitUntil(lambda: dialog.counted_edit.isVisible(), timeout=WAIT_MS)
    dialog.counted_edit.setFocus()
    till.type(dialog.counted_edit, "23000")              # 500 short
    assert "-500" in dialog.difference_label.text()
    till.qtbot.keyClick(dialog.counted_edit, Qt.Key.Key_Return)
    till.qtbot.waitUntil(lambda: dialog.shift_actions.confirmation is not None, timeout=WAIT_MS)
    with till.qtbot.waitSignal(dialog.shift_actions.shift_closed, timeout=WAIT_MS) as closed:
        till.qtbot.keyClick(dialog.shift_actions.confirmation, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    close = closed.args[0].close
    assert close.counted == Decimal(23000) and close.expected == Decimal(23500) and close.difference == -500
    assert close.report.figures(TenderKind.CARD_TERMINAL).taken.amount == Decimal(2800)
    assert not till.window.tender_keys.shift_open
    stored = last_closed_shift(till.app.backend.journal.store)  # type: ignore[union-attr]
    assert stored is not None and stored.close is not None and stored.close.difference == -500


def test_the_tender_page_fits_a_1024_by_768_screen_in_mongolian(language, make_till) -> None:
    assert language.use("mn")
    till = make_till(language=language, posapi=True)
    page = till.window.tender_page
    hint = page.minimumSizeHint()
    assert hint.width() <= 1024 - 24 and hint.height() <= 768 - 150     # the window's margins, header, menus


def test_a_receipt_left_unknown_on_an_earlier_day_is_settled_by_a_person_from_the_history(make_till) -> None:
    from datetime import datetime, timedelta, timezone

    from tests.ui.conftest import Ticking

    clock = Ticking(datetime(2026, 11, 26, 2, 0, tzinfo=timezone.utc))      # 10:00 in Ulaanbaatar
    till = make_till(posapi=True, instant=clock)
    control = posapi(till)
    open_shift(till)
    till.scan(MILK)
    till.key(Qt.Key.Key_F7)
    till.wait_stage(Stage.TENDERING)
    cash(till, "3500")
    till.wait_stage(Stage.PAID)
    number = till.flow.sale.number
    control.fault(status=503)                         # the answer lost (here nothing was made)
    till.key(Qt.Key.Key_Return)
    till.qtbot.waitUntil(till.window.receipt_page.error.isVisible, timeout=WAIT_MS)
    till.key(Qt.Key.Key_F2)
    till.wait_stage(None)
    clock.now += timedelta(days=1)                    # the next day: the bill number is free again

    till.key(Qt.Key.Key_F4)
    office = till.app.back_office
    till.qtbot.waitUntil(lambda: office.history_dialog is not None and office.history_dialog.isVisible(),
                         timeout=WAIT_MS)
    history = till.app.back_office.history_dialog
    history.start_date.setDate(history.start_date.date().addDays(-1))       # yesterday's sales too
    def chosen() -> bool:       # the list is read again for the new range: choose the sale once it is there
        row = history.model.row_of(number)
        if row is not None and (history.selected_sale() is None or history.selected_sale().number != number):
            history.table.selectRow(row)
        return history.selected_sale() is not None and history.selected_sale().number == number

    till.qtbot.waitUntil(chosen, timeout=WAIT_MS)
    till.qtbot.waitUntil(history.check_again_button.isEnabled, timeout=WAIT_MS)
    history.check_again_button.click()
    till.qtbot.waitUntil(lambda: history.sale_actions.confirmation is not None, timeout=WAIT_MS)
    box = history.sale_actions.confirmation
    assert "bill number 010001" in box.text() and "second receipt" in box.text()
    made = next(button for button in box.buttons() if button.text() == "It was not made")
    with till.qtbot.waitSignal(history.action_finished, timeout=WAIT_MS):
        made.click()
    journal = till.app.backend.journal  # type: ignore[union-attr]
    assert journal.queries.get(number).status is JournalStatus.PAID and journal.queries.get(number).owes_receipt
    assert control.receipts() == []                  # nothing was sent again on the new day
    history.close()


def test_the_qpay_rest_whose_answer_was_lost_is_found_and_waited_for(make_till) -> None:
    till = make_till(posapi=True)
    open_shift(till)
    till.scan(MILK)
    till.scan(YOGURT)                                    # 6,300
    till.key(Qt.Key.Key_F7)
    till.wait_stage(Stage.TENDERING)
    cash(till, "2000")
    page = till.window.tender_page
    till.qtbot.waitUntil(lambda: page.due.text() == "4,300 ₮", timeout=WAIT_MS)
    # The invoice is made but its answer lost, and the client's own look-up fails too: the outcome is unknown.
    till.control.fault("/v2/invoice", method="POST", drop=True, after_processing=True)
    till.control.fault("/v2/invoice", method="GET", count=3, status=503)
    till.key(Qt.Key.Key_F12)
    till.wait_stage(Stage.AWAITING_PAYMENT, timeout=30_000)    # looked up by its number, then waited on
    sale = till.flow.sale
    assert sale.invoice is not None and sale.tenders and till.window.payment_page.amount.text() == "4,300 ₮"
    assert till.control.count("/v2/invoice", "POST") == 1                 # never made twice
    till.key(Qt.Key.Key_P, CTRL_SHIFT)
    till.wait_stage(Stage.PAID)


def test_f12_while_the_first_tender_is_being_written_does_nothing(make_till) -> None:
    till = make_till(posapi=True)
    till.scan(MILK)
    till.key(Qt.Key.Key_F8)
    till.wait_stage(Stage.TENDERING)
    till.flow.tenders.in_flight = True                    # as while the money worker writes it
    assert not till.flow.charge()
    assert till.flow.stage is Stage.TENDERING
    till.flow.tenders.in_flight = False
