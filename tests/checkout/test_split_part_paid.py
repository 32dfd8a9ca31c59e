"""A split sale whose QPay part is partly paid (issue 31 point 1), against both sandboxes over real HTTP: 4,000 in
cash at the counter, the rest (6,000) sent to QPay, 2,000 of it paid. The rest of the QPay part is what that part
asks less what QPay has paid (4,000), never the sale's total less it: invoiced as `<number>-2`, paid, the sale is
paid in full once (the cash and both QPay payments make 10,000) and its one PosAPI receipt covers the whole sale."""

from __future__ import annotations

from decimal import Decimal

import pytest

from pos_app.checkout import Checkout
from pos_app.checkout.partial import check_sale, close_paid_sale, invoice_rest
from pos_app.checkout.posapi_desk import PosApiDesk
from pos_app.checkout.recovery import Recovered, recover_all
from pos_app.domain.cart import CartLine
from pos_app.domain.sale import ReceiptVia, Receiver
from pos_app.domain.taxes import TaxSplit
from pos_app.domain.tenders import CashTender
from pos_app.journal import Journal, JournalError, JournalStatus
from pos_app.journal.sale_invoices import InvoiceStatus
from pos_app.sandbox import SandboxServer
from tests.ui.posapi_control import PosApiControl

TOTAL, CASH, QPAY_PART, PAID_FIRST = Decimal(10000), Decimal(4000), Decimal(6000), Decimal(2000)
REST = QPAY_PART - PAID_FIRST
LINES = (CartLine("Хивс", Decimal(1), TOTAL),)
TAXES = TaxSplit(Decimal("909.09"), Decimal(0))


def split_sale(journal: Journal, checkout: Checkout, sandbox: SandboxServer) -> tuple[str, str]:
    """4,000 cash at the counter, then F12: the rest by QPay, an invoice for 6,000 that takes part payments.
    Returns the sale's number and its QPay invoice."""
    number = journal.tenders.begin(LINES, TOTAL, TAXES, CashTender(CASH, CASH), ReceiptVia.POSAPI)
    assert journal.tenders.rest_started(number) == QPAY_PART
    invoice = checkout.create_invoice(journal.queries.get(number).to_sale())
    journal.sales.invoice_opened(number, invoice)
    state = sandbox.sandbox.state
    with state.lock:
        assert state.invoices[invoice.invoice_id]["amount"] == QPAY_PART     # it asks the QPay part alone
        state.invoices[invoice.invoice_id]["allow_partial"] = True           # an account taking part payments
    return number, invoice.invoice_id


def test_the_rest_of_a_split_sales_qpay_part_is_that_part_less_what_qpay_paid(
        journal, checkout, control, sandbox_server) -> None:
    number, first = split_sale(journal, checkout, sandbox_server)
    control.pay(first, amount=str(PAID_FIRST))
    seen = check_sale(journal, checkout, number)
    assert (seen.paid, seen.total, seen.due, seen.part_paid) == (PAID_FIRST, QPAY_PART, REST, True)
    now = invoice_rest(journal, checkout, number)
    [row] = journal.remainders.invoices(number)
    assert (row.sender_invoice_no, row.amount, row.status) == (f"{number}-2", REST, InvoiceStatus.OPEN)
    assert now.current == row.invoice and now.amount_now == REST and now.due == REST
    assert invoice_rest(journal, checkout, number).current == row.invoice      # asked again: the same one
    assert control.count("/v2/invoice", "POST") == 2
    sale = journal.queries.get(number)
    assert sale.status is JournalStatus.OPEN and sale.tendered == CASH


def test_the_journal_refuses_a_rest_that_is_not_the_qpay_parts(journal, checkout, control, sandbox_server) -> None:
    number, first = split_sale(journal, checkout, sandbox_server)
    control.pay(first, amount=str(PAID_FIRST))
    payments = check_sale(journal, checkout, number).check.payments
    with pytest.raises(JournalError, match="rest"):
        journal.remainders.started(number, TOTAL - PAID_FIRST, payments)     # the cash counted twice
    assert journal.remainders.invoices(number) == ()


def test_a_split_sale_paid_through_an_invoice_for_the_rest_is_paid_once_and_its_receipt_covers_it(
        journal, checkout, control, sandbox_server, desk: PosApiDesk, posapi_server) -> None:
    number, first = split_sale(journal, checkout, sandbox_server)
    control.pay(first, amount=str(PAID_FIRST))
    invoice_rest(journal, checkout, number)
    [rest] = journal.remainders.invoices(number)
    control.pay(rest.invoice_id)
    paid = check_sale(journal, checkout, number)
    assert paid.check.is_paid and paid.paid == QPAY_PART
    assert close_paid_sale(journal, checkout, number) == ()          # nothing more: no over-payment
    sale = journal.queries.get(number)
    assert sale.status is JournalStatus.PAID
    assert sorted(p.amount for p in sale.payments) == [PAID_FIRST, REST]
    assert sale.paid_amount == TOTAL and sale.tendered == CASH
    paid_steps = [detail for _, kind, detail in journal.queries.events(number) if kind == "payments_seen"]
    assert len(paid_steps) == 1
    assert sum(Decimal(p["amount"]) for p in paid_steps[0]["payments"]) == TOTAL     # cash + both QPay payments
    assert [o.result for o in recover_all(journal, checkout)] == [Recovered.PAID]    # a restart adds nothing
    assert journal.queries.get(number).payments == sale.payments
    done = desk.issue(journal, number, Receiver())
    assert done.status is JournalStatus.COMPLETED and len(done.valid_receipts) == 1
    [receipt] = PosApiControl(posapi_server.url).receipts()
    body = receipt["response"]
    assert Decimal(str(body["totalAmount"])) == TOTAL
    assert sorted(Decimal(str(p["paidAmount"])) for p in body["payments"]) == [CASH, QPAY_PART]
