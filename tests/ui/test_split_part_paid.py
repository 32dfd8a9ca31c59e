"""Where a part payment meets a split sale or an expiry (issue 31 points 1 and 11): a real till driven from the
keyboard against both sandboxes.

- A split sale (cash first, F12 for the rest by QPay) whose QPay part is partly paid: F2, Ctrl+Enter invoices
  the QPay part's rest, never the cash again; paid, the sale completes with one PosAPI receipt for all of it.
- An invoice that expires after a part payment (the till's invoices made expiring, the sandbox's clock moved a
  day on): the sale stays on its payment screen, part paid, saying the invoice expired; the cashier invoices the
  rest, and the sale is paid in full once. A split sale's QPay part does the same: not back to its tenders.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import Any

import pytest
from PySide6.QtCore import Qt

from pos_app.domain.sale import Sale, Stage
from pos_app.formats import money_text
from pos_app.journal import JournalStatus
from pos_app.sandbox import SandboxServer
from pos_app.ui.sale.pages.part_paid_box import show_part_paid

from .conftest import MILK, WAIT_MS, YOGURT, Till
from .fault_matrix_helpers import allow_on_invoice
from .test_part_paid import invoice_the_rest, journal_of, wait_part_shown
from .test_tenders import cash, open_shift, posapi_receipts

TOTAL, CASH = Decimal(3500 + 2800), Decimal(2000)       # 6,300: 2,000 in cash, 4,300 by QPay
QPAY_PART, PART = TOTAL - CASH, Decimal(1000)
REST = QPAY_PART - PART                                  # 3,300
DAY = 24 * 3600


def split_to_qpay(till: Till) -> tuple[str, str]:
    """Milk and yogurt, 2,000 in cash, F12: the rest (4,300) by QPay, its invoice on screen. Returns the sale's
    number and that invoice."""
    open_shift(till)
    till.scan(MILK)
    till.scan(YOGURT)
    till.key(Qt.Key.Key_F7)
    till.wait_stage(Stage.TENDERING)
    cash(till, str(CASH))
    till.qtbot.waitUntil(lambda: till.window.tender_page.due.text() == money_text(QPAY_PART), timeout=WAIT_MS)
    till.key(Qt.Key.Key_F12)
    till.wait_stage(Stage.AWAITING_PAYMENT)
    assert till.flow.sale is not None
    return till.flow.sale.number, till.invoice_id


def assert_paid_once_with_one_receipt(till: Till, number: str) -> None:
    """Enter: the receipt; the sale is paid once (cash + both QPay payments) and PosAPI's receipt covers it all."""
    till.wait_stage(Stage.PAID)
    till.key(Qt.Key.Key_Return)
    till.wait_stage(Stage.COMPLETED)
    sale = journal_of(till).queries.get(number)
    assert sale.status is JournalStatus.COMPLETED and sale.paid_amount == TOTAL and sale.tendered == CASH
    assert sorted(payment.amount for payment in sale.payments) == [PART, REST]
    assert [kind for _, kind, _ in journal_of(till).queries.events(number)].count("payments_seen") == 1
    [receipt] = posapi_receipts(till)
    body = receipt["response"]
    assert Decimal(str(body["totalAmount"])) == TOTAL
    assert [(p["code"], Decimal(str(p["paidAmount"]))) for p in body["payments"]] == [
        ("CASH", CASH), ("PAYMENT_CARD", QPAY_PART)]


@pytest.fixture
def expiring_invoices() -> Callable[[Till], None]:
    """The till's invoices made expiring and taking part payments (`enable_expiry` "true" on the wire)."""
    def make(till: Till) -> None:
        checkout = till.app.backend.checkout    # type: ignore[union-attr]
        made = checkout.invoice_request

        def expiring_request(sale: Sale) -> Any:
            return made(sale).model_copy(update={"enable_expiry": "true", "allow_partial": True})

        checkout.invoice_request = expiring_request
    return make


def a_day_later_the_till_sees_it_expired(till: Till) -> None:
    """The sandbox's clock a day on; the till's checks read the invoice's status every tenth time."""
    till.control.advance_clock(DAY + 1)
    till.qtbot.waitUntil(lambda: "expired" in till.window.payment_page.part.text()
                         or till.flow.stage is not Stage.AWAITING_PAYMENT, timeout=WAIT_MS)
    assert till.flow.stage is Stage.AWAITING_PAYMENT            # not ended expired, nor back to its tenders
    assert till.flow.part_paid.state is not None and till.flow.part_paid.state.expired


def test_a_split_sales_qpay_part_partly_paid_invoices_its_own_rest_and_completes(
        make_till: Callable[..., Till], sandbox_server: SandboxServer) -> None:
    till = make_till(posapi=True)
    number, first = split_to_qpay(till)
    # nothing paid yet: the customer sees what QPay asks
    show_part_paid(till.flow, till.window.pages, till.window.later_pages, None)
    assert till.window.customer_display.amount.text() == money_text(QPAY_PART)
    allow_on_invoice(sandbox_server, first, allow_partial=True)
    till.control.pay(first, amount=str(PART))
    wait_part_shown(till)
    text = till.window.payment_page.part.text()
    for amount in (PART, QPAY_PART, REST):              # paid 1,000 of the QPay part's 4,300: 3,300 to go
        assert money_text(amount) in text, text
    rest_id = invoice_the_rest(till)
    [row] = journal_of(till).remainders.invoices(number)
    assert (row.sender_invoice_no, row.amount, row.invoice_id) == (f"{number}-2", REST, rest_id)
    till.qtbot.waitUntil(lambda: till.window.payment_page.amount.text() == money_text(REST), timeout=WAIT_MS)
    assert till.window.customer_display.amount.text() == money_text(REST)
    till.control.pay(rest_id)
    assert_paid_once_with_one_receipt(till, number)


def test_an_invoice_that_expires_part_paid_keeps_the_sale_open_and_its_rest_is_invoiced(
        make_till: Callable[..., Till], sandbox_server: SandboxServer,
        expiring_invoices: Callable[[Till], None]) -> None:
    till = make_till()
    expiring_invoices(till)
    till.scan(MILK)
    till.charge()
    number, first = till.flow.sale.number, till.invoice_id          # type: ignore[union-attr]
    till.control.pay(first, amount=str(PART), transaction_type="CARD")
    wait_part_shown(till)
    a_day_later_the_till_sees_it_expired(till)
    assert (till.flow.stage is Stage.AWAITING_PAYMENT
            and journal_of(till).queries.get(number).status is JournalStatus.OPEN)
    assert till.flow.part_paid.state.can_give_back                  # type: ignore[union-attr]
    rest_id = invoice_the_rest(till)
    [row] = journal_of(till).remainders.invoices(number)
    assert row.amount == Decimal(3500) - PART and row.invoice_id == rest_id
    till.qtbot.waitUntil(lambda: "expired" not in till.window.payment_page.part.text(), timeout=WAIT_MS)
    till.control.pay(rest_id)
    till.wait_stage(Stage.PAID)
    sale = journal_of(till).queries.get(number)
    assert sale.paid_amount == Decimal(3500) and sorted(p.amount for p in sale.payments) == [PART, row.amount]


def test_a_split_sales_qpay_part_that_expires_part_paid_stays_on_the_payment_screen(
        make_till: Callable[..., Till], sandbox_server: SandboxServer,
        expiring_invoices: Callable[[Till], None]) -> None:
    till = make_till(posapi=True)
    expiring_invoices(till)
    number, first = split_to_qpay(till)
    till.control.pay(first, amount=str(PART))
    wait_part_shown(till)
    a_day_later_the_till_sees_it_expired(till)
    till.qtbot.wait(300)                                 # a few more checks: nothing moves it to the tenders
    assert (till.flow.stage is Stage.AWAITING_PAYMENT
            and journal_of(till).queries.get(number).status is JournalStatus.OPEN)
    rest_id = invoice_the_rest(till)
    assert journal_of(till).remainders.invoices(number)[0].amount == REST
    till.control.pay(rest_id)
    assert_paid_once_with_one_receipt(till, number)
    assert till.control.count_prefix("/v2/ebarimt", "POST") == 0
