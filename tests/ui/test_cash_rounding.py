"""Cash is whole tögrög at the till (issue 31, points 8 and 9): a weighed sale's total keeps its möngö, the cash page
asks it rounded, the change is whole, the tax receipt keeps the exact total, and the drawer balances on a perfect
count; in a split only the cash is rounded; cash that leaves more change than the largest note is asked about
first (Enter keeps the amount), and cash no till could give change for is refused."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLabel

from pos_app.domain.sale import Stage
from pos_app.domain.tenders import CashTender
from pos_app.journal.shifts import shift_x_report

from .conftest import MILK, WAIT_MS, Till
from .test_counter import scale_label
from .test_tenders import CTRL_SHIFT, cash, history_on, open_shift, posapi_receipts

BEEF_100_G = scale_label("00123", "00100")      # 0.100 kg × 12,995 ₮ = 1,299.50 ₮
TOTAL = Decimal("4799.50")                      # with a carton of milk (3,500 ₮)
FLOAT = Decimal(50000)


def weighed_sale_on_the_cash_page(till: Till) -> None:
    open_shift(till)
    till.scan(MILK)
    till.scan(BEEF_100_G)
    till.key(Qt.Key.Key_F7)
    till.wait_stage(Stage.TENDERING)


def test_a_weighed_sale_is_paid_in_whole_togrog_and_a_perfect_count_balances(make_till) -> None:
    till = make_till(posapi=True)
    weighed_sale_on_the_cash_page(till)
    page = till.window.tender_page
    till.qtbot.waitUntil(lambda: page.cash.hasFocus(), timeout=WAIT_MS)
    assert page.due.text() == "4,799.50 ₮"
    assert page.cash.text() == "4800" and page.cash_due.isVisible()     # what cash pays, and why
    assert page.cash_due.text() == "In cash 4,800 ₮ (rounding +0.50 ₮)"
    till.type(page.cash, "5000")
    assert page.change.text() == "200 ₮"
    till.key(Qt.Key.Key_Return)
    till.wait_stage(Stage.PAID)
    sale = till.flow.sale
    assert sale is not None and sale.change == Decimal(200) and sale.cash_rounding == Decimal("0.50")
    till.key(Qt.Key.Key_Return)
    till.wait_stage(Stage.COMPLETED)
    [issued] = posapi_receipts(till)                                    # the tax receipt keeps the exact total
    body = issued["response"]
    assert Decimal(str(body["totalAmount"])) == TOTAL
    assert [(p["code"], Decimal(str(p["paidAmount"]))) for p in body["payments"]] == [("CASH", TOTAL)]
    journal = till.app.backend.journal  # type: ignore[union-attr]
    [row] = journal.queries.get(sale.number).tenders
    assert row.tender == CashTender(TOTAL, Decimal(5000), Decimal("0.50"))
    report = shift_x_report(journal.store)
    assert report.expected_cash == FLOAT + 4800 and report.cash_rounding == Decimal("0.50")


def test_in_a_split_only_the_cash_is_rounded(make_till) -> None:
    till = make_till(posapi=True)
    weighed_sale_on_the_cash_page(till)
    page = till.window.tender_page
    till.key(Qt.Key.Key_F8)                                             # the card terminal first: 2,000
    till.qtbot.waitUntil(page.approval.hasFocus, timeout=WAIT_MS)
    assert page.card_amount.text() == "4799.5"                          # the card takes the exact amount
    page.card_amount.setText("2000")
    till.type(page.approval, "551234")
    till.key(Qt.Key.Key_Return)
    till.qtbot.waitUntil(lambda: till.flow.sale.tenders != (), timeout=WAIT_MS)
    till.key(Qt.Key.Key_F7)                                             # then cash for the rest, rounded
    till.qtbot.waitUntil(lambda: page.cash.hasFocus() and page.cash.isEnabled(), timeout=WAIT_MS)
    assert page.due.text() == "2,799.50 ₮" and page.cash.text() == "2800"
    till.key(Qt.Key.Key_Return)
    till.wait_stage(Stage.PAID)
    assert till.flow.sale.change == 0 and till.flow.sale.cash_rounding == Decimal("0.50")
    till.key(Qt.Key.Key_Return)
    till.wait_stage(Stage.COMPLETED)
    body = posapi_receipts(till)[0]["response"]
    assert [(p["code"], Decimal(str(p["paidAmount"]))) for p in body["payments"]] == [
        ("PAYMENT_CARD", Decimal(2000)), ("CASH", Decimal("2799.50"))]


def test_cash_first_then_qpay_asks_the_exact_rest(make_till) -> None:
    till = make_till(posapi=True)
    weighed_sale_on_the_cash_page(till)
    cash(till, "2000")                                                  # a part: what was given, unrounded
    page = till.window.tender_page
    till.qtbot.waitUntil(lambda: page.due.text() == "2,799.50 ₮", timeout=WAIT_MS)
    till.key(Qt.Key.Key_F12)
    till.wait_stage(Stage.AWAITING_PAYMENT)
    assert till.window.payment_page.amount.text() == "2,799.50 ₮"
    till.key(Qt.Key.Key_P, CTRL_SHIFT)                                  # training: the customer pays the rest
    till.wait_stage(Stage.PAID)
    till.key(Qt.Key.Key_Return)
    till.wait_stage(Stage.COMPLETED)
    body = posapi_receipts(till)[0]["response"]
    assert [(p["code"], Decimal(str(p["paidAmount"]))) for p in body["payments"]] == [
        ("CASH", Decimal(2000)), ("PAYMENT_CARD", Decimal("2799.50"))]
    assert till.flow.sale.cash_rounding == 0


def test_cash_far_beyond_the_due_is_asked_about_and_enter_keeps_the_amount(make_till) -> None:
    till = make_till()
    open_shift(till)
    till.scan(MILK)                                                     # 3,500
    till.key(Qt.Key.Key_F7)
    till.wait_stage(Stage.TENDERING)
    page = till.window.tender_page
    cash(till, "99999999999")                                           # no till has that change: refused
    till.qtbot.waitUntil(page.error.isVisible, timeout=WAIT_MS)
    assert "no till hands that back" in page.error.text() and till.window.confirmation is None
    assert not till.flow.sale.tenders

    cash(till, "100000")                                                # 96,500 of change: a zero too many?
    till.qtbot.waitUntil(lambda: till.window.confirmation is not None, timeout=WAIT_MS)
    box = till.window.confirmation
    assert "100,000 ₮" in box.text() and "96,500 ₮" in box.text() and "20,000 ₮" in box.text()
    till.qtbot.keyClick(box, Qt.Key.Key_Return)                         # Enter: the safe answer, nothing taken
    till.qtbot.waitUntil(lambda: till.window.confirmation is None, timeout=WAIT_MS)
    assert till.flow.stage is Stage.TENDERING and not till.flow.sale.tenders

    cash(till, "100000")                                                # asked again, and meant
    till.answer_confirmation(accept=True)                               # Ctrl+Enter
    till.wait_stage(Stage.COMPLETED)                                    # (no PosAPI: done once paid)
    assert till.flow.sale.change == Decimal(96500)

    till.key(Qt.Key.Key_F2)
    till.wait_stage(None)
    till.scan(MILK)
    till.key(Qt.Key.Key_F7)
    till.wait_stage(Stage.TENDERING)
    cash(till, "23500")                                                 # 20,000 of change: no question
    till.wait_stage(Stage.COMPLETED)
    assert till.window.confirmation is None


def test_a_rounded_cash_sale_is_returned_in_whole_togrog(make_till) -> None:
    till = make_till()                                                  # (no PosAPI: no receipt to void)
    weighed_sale_on_the_cash_page(till)
    cash(till, "4800")
    till.wait_stage(Stage.COMPLETED)
    number = till.flow.sale.number
    till.key(Qt.Key.Key_F2)
    till.wait_stage(None)
    history = history_on(till, number)
    till.qtbot.keyClick(QApplication.focusWidget() or history, Qt.Key.Key_F7)    # give back
    till.qtbot.waitUntil(lambda: history.sale_actions.give_back_dialog is not None
                                 and history.sale_actions.give_back_dialog.isVisible(),
                         timeout=WAIT_MS)
    back = history.sale_actions.give_back_dialog
    assert "Cash <b>4,800 ₮</b>: give it back from the drawer" in back.findChild(QLabel, "payments").text()
    till.qtbot.waitUntil(back.reason.hasFocus, timeout=WAIT_MS)
    till.type(back.reason, "item returned")
    with till.qtbot.waitSignal(history.action_finished, timeout=WAIT_MS):
        till.qtbot.keyClick(back.reason, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    history.close()
    journal = till.app.backend.journal  # type: ignore[union-attr]
    assert journal.queries.get(number).reversed_amount == TOTAL                # the sale's money, as the day counts it
    report = shift_x_report(journal.store)
    assert report.expected_cash == FLOAT and report.cash_rounding == 0  # 4,800 in, 4,800 out


def test_the_shops_cash_rounding_setting_is_what_the_cash_page_asks(make_till, tmp_path: Path) -> None:
    settings = tmp_path / "config" / "settings.json"
    settings.parent.mkdir(parents=True, exist_ok=True)
    settings.write_text(json.dumps({"cash_rounding": "10"}), encoding="utf-8")
    till = make_till()
    open_shift(till)
    till.scan(scale_label("00123", "00123"))                            # 0.123 kg: 1,598.39 ₮
    till.key(Qt.Key.Key_F7)
    till.wait_stage(Stage.TENDERING)
    page = till.window.tender_page
    till.qtbot.waitUntil(lambda: page.cash.hasFocus(), timeout=WAIT_MS)
    assert page.cash.text() == "1600" and page.cash_due.text() == "In cash 1,600 ₮ (rounding +1.61 ₮)"
    till.type(page.cash, "2000")
    assert page.change.text() == "400 ₮"
    till.key(Qt.Key.Key_Return)
    till.wait_stage(Stage.COMPLETED)
    assert till.flow.sale.change == 400 and till.flow.sale.cash_rounding == Decimal("1.61")
