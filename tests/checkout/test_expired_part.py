"""An invoice that expires after a part payment (issue 31 point 11), against the sandbox over real HTTP: every
invoice the till makes here is made expiring (`enable_expiry` "true") and taking part payments, and the sandbox's
clock is moved a day on. The part paid stays the sale's money: the sale does not end expired, the cashier invoices
the rest (or gives a card part back), and no later check or restart counts the part twice or asks for it again."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal
from typing import Any

import pytest

from pos_app.checkout import Checkout
from pos_app.checkout.after_sale import CancelResult
from pos_app.checkout.partial import check_sale, close_paid_sale, give_part_back, invoice_rest
from pos_app.checkout.posapi_desk import PosApiDesk
from pos_app.checkout.recovery import Recovered, recover_all
from pos_app.checkout.remainders import EXPIRED_UNPAID
from pos_app.domain.cart import Cart
from pos_app.domain.sale import Receiver, Sale
from pos_app.journal import Journal, JournalStatus, ReversalStatus
from pos_app.journal.sale_invoices import InvoiceStatus
from pos_app.sandbox import SandboxServer
from tests.ui.posapi_control import PosApiControl

from .test_partial import MILK, PART, TOTAL, paid_now
from .test_split_part_paid import CASH, PAID_FIRST, QPAY_PART
from .test_split_part_paid import REST as SPLIT_REST
from .test_split_part_paid import TOTAL as SPLIT_TOTAL
from .test_split_part_paid import split_sale

DAY = 24 * 3600


@pytest.fixture
def expiring(checkout: Checkout, monkeypatch: pytest.MonkeyPatch) -> Iterator[Checkout]:
    """The till's checkout, its invoices made expiring and taking part payments (as an account can set them)."""
    made = checkout.invoice_request

    def expiring_request(sale: Sale) -> Any:
        return made(sale).model_copy(update={"enable_expiry": "true", "allow_partial": True})

    monkeypatch.setattr(checkout, "invoice_request", expiring_request)
    yield checkout


def opened(journal: Journal, checkout: Checkout) -> tuple[str, str]:
    """A sale of two cartons (7,000), its expiring invoice open."""
    cart = Cart()
    cart.add_item(MILK, 2)
    number = journal.sales.begin(cart.lines, cart.total, cart.taxes)
    invoice = checkout.create_invoice(Sale(number, cart.lines, cart.total, cart.taxes))
    journal.sales.invoice_opened(number, invoice)
    return number, invoice.invoice_id


def status_at_service(sandbox: SandboxServer, invoice_id: str) -> str:
    state = sandbox.sandbox.state
    with state.lock:
        return str(state.expire_if_due(state.invoices[invoice_id])["invoice_status"])


def a_day_later(control) -> None:  # type: ignore[no-untyped-def]
    control.advance_clock(DAY + 1)


def test_a_part_paid_invoice_that_expires_leaves_the_sale_open_with_its_part(
        journal, expiring, control, sandbox_server) -> None:
    number, first = opened(journal, expiring)
    control.pay(first, amount=str(PART))
    a_day_later(control)
    assert status_at_service(sandbox_server, first) == "EXPIRED"
    seen = check_sale(journal, expiring, number, with_status=True)
    sale = journal.queries.get(number)
    assert (sale.status is JournalStatus.OPEN
            and "expired" not in [kind for _, kind, _ in journal.queries.events(number)])
    assert seen.check.invoice_state.value == "expired" and seen.expired
    assert (seen.paid, seen.due, seen.part_paid) == (PART, TOTAL - PART, True)
    assert [o.result for o in recover_all(journal, expiring)] == [Recovered.WAITING]     # a restart: still waiting
    again = check_sale(journal, expiring, number, with_status=True)
    assert (again.paid, again.due) == (PART, TOTAL - PART)                                # counted once


def test_after_the_expiry_the_rest_is_invoiced_once_and_the_sale_is_paid_in_full_once(
        journal, expiring, control, sandbox_server) -> None:
    number, first = opened(journal, expiring)
    control.pay(first, amount=str(PART))
    a_day_later(control)
    now = invoice_rest(journal, expiring, number)
    [row] = journal.remainders.invoices(number)
    assert (row.sender_invoice_no, row.amount, row.status) == (f"{number}-2", TOTAL - PART, InvoiceStatus.OPEN)
    assert now.current == row.invoice and now.due == TOTAL - PART
    assert invoice_rest(journal, expiring, number).current == row.invoice            # asked again: the same one
    assert [o.result for o in recover_all(journal, expiring)] == [Recovered.WAITING]
    assert control.count("/v2/invoice", "POST") == 2
    control.pay(row.invoice_id)
    assert check_sale(journal, expiring, number).check.is_paid
    assert close_paid_sale(journal, expiring, number) == ()
    sale = journal.queries.get(number)
    assert sale.status is JournalStatus.PAID and sale.paid_amount == TOTAL
    assert sorted(p.amount for p in sale.payments) == [PART, TOTAL - PART]
    assert [kind for _, kind, _ in journal.queries.events(number)].count("payments_seen") == 1
    assert [o.result for o in recover_all(journal, expiring)] == [Recovered.PAID]
    assert journal.queries.get(number).payments == sale.payments and control.count("/v2/invoice", "POST") == 2


def test_a_card_part_on_an_expired_invoice_can_be_given_back(journal, expiring, control, sandbox_server) -> None:
    number, first = opened(journal, expiring)
    control.pay(first, amount=str(PART), transaction_type="CARD")
    a_day_later(control)
    check_sale(journal, expiring, number, with_status=True)
    outcome = give_part_back(journal, expiring, number)
    assert outcome.result is CancelResult.CANCELLED
    sale = journal.queries.get(number)
    assert sale.status is JournalStatus.CANCELLED and sale.reversal_status is ReversalStatus.DONE
    assert sale.reversed_amount == PART and paid_now(sandbox_server, first) == []
    assert status_at_service(sandbox_server, first) == "CANCELLED"
    assert recover_all(journal, expiring) == []


def test_an_expired_invoice_with_nothing_paid_still_ends_the_sale_expired(journal, expiring, control) -> None:
    number, _ = opened(journal, expiring)
    a_day_later(control)
    check_sale(journal, expiring, number, with_status=True)
    assert journal.queries.get(number).status is JournalStatus.EXPIRED


def test_a_rest_invoice_part_paid_then_expired_keeps_counting_and_the_next_rest_asks_what_is_left(
        journal, expiring, control, sandbox_server) -> None:
    number, first = opened(journal, expiring)
    control.pay(first, amount=str(PART))
    invoice_rest(journal, expiring, number)
    [rest] = journal.remainders.invoices(number)
    control.pay(rest.invoice_id, amount="1000")
    a_day_later(control)
    seen = check_sale(journal, expiring, number, with_status=True)
    assert (seen.paid, seen.due, seen.expired) == (PART + 1000, TOTAL - PART - 1000, True)
    assert journal.queries.get(number).status is JournalStatus.OPEN
    assert [row.status for row in journal.remainders.invoices(number)] == [InvoiceStatus.OPEN]   # its money counts
    invoice_rest(journal, expiring, number)
    rows = journal.remainders.invoices(number)
    assert [(row.sender_invoice_no, row.amount) for row in rows] == [
        (f"{number}-2", TOTAL - PART), (f"{number}-3", TOTAL - PART - 1000)]
    control.pay(rows[1].invoice_id)
    assert check_sale(journal, expiring, number).check.is_paid
    assert close_paid_sale(journal, expiring, number) == ()
    sale = journal.queries.get(number)
    assert sale.status is JournalStatus.PAID and sale.paid_amount == TOTAL and len(sale.payments) == 3
    assert [o.result for o in recover_all(journal, expiring)] == [Recovered.PAID]
    assert journal.queries.get(number).paid_amount == TOTAL


def test_an_unpaid_rest_invoice_that_expired_is_closed_and_a_new_one_made(
        journal, expiring, control, sandbox_server) -> None:
    number, first = opened(journal, expiring)
    control.pay(first, amount=str(PART))
    invoice_rest(journal, expiring, number)
    [rest] = journal.remainders.invoices(number)
    a_day_later(control)
    now = invoice_rest(journal, expiring, number)        # not the expired one again: the customer cannot pay it
    old, new = journal.remainders.invoices(number)
    assert (old.sender_invoice_no, old.status, old.failure) == (rest.sender_invoice_no, InvoiceStatus.CANCELLED,
                                                                EXPIRED_UNPAID)
    assert (new.sender_invoice_no, new.amount, new.status) == (f"{number}-3", TOTAL - PART, InvoiceStatus.OPEN)
    assert now.current == new.invoice and journal.queries.get(number).status is JournalStatus.OPEN
    assert control.count(f"/v2/invoice/{rest.invoice_id}", "DELETE") == 0      # closed by reading, not a call
    control.pay(new.invoice_id)
    assert check_sale(journal, expiring, number).check.is_paid
    assert journal.queries.get(number).paid_amount == TOTAL


def test_a_check_that_reads_the_status_closes_an_unpaid_rest_that_expired(journal, expiring, control) -> None:
    number, first = opened(journal, expiring)
    control.pay(first, amount=str(PART))
    invoice_rest(journal, expiring, number)
    a_day_later(control)
    assert check_sale(journal, expiring, number).current == journal.remainders.invoices(number)[0].invoice   # not read
    seen = check_sale(journal, expiring, number, with_status=True)
    assert [row.status for row in journal.remainders.invoices(number)] == [InvoiceStatus.CANCELLED]
    assert journal.queries.get(number).status is JournalStatus.OPEN
    assert seen.current is not None and seen.current.invoice_id == first and seen.expired
    assert (seen.paid, seen.due) == (PART, TOTAL - PART)
    assert [o.result for o in recover_all(journal, expiring)] == [Recovered.WAITING]


# -- a split sale: its QPay rest part paid, then expired ------------------------------------------------------


def test_a_split_sales_qpay_rest_part_paid_then_expired_keeps_the_cash_and_the_part_and_invoices_the_rest(
        journal, expiring, control, sandbox_server, desk: PosApiDesk, posapi_server) -> None:
    number, first = split_sale(journal, expiring, sandbox_server)
    control.pay(first, amount=str(PAID_FIRST))
    a_day_later(control)
    seen = check_sale(journal, expiring, number, with_status=True)
    sale = journal.queries.get(number)
    assert sale.status is JournalStatus.OPEN and sale.tendered == CASH      # not back to its tenders, not expired
    assert (seen.paid, seen.due, seen.expired) == (PAID_FIRST, SPLIT_REST, True)
    assert [o.result for o in recover_all(journal, expiring)] == [Recovered.WAITING]
    invoice_rest(journal, expiring, number)
    [rest] = journal.remainders.invoices(number)
    assert rest.amount == SPLIT_REST
    control.pay(rest.invoice_id)
    assert check_sale(journal, expiring, number).check.is_paid
    assert [o.result for o in recover_all(journal, expiring)] == [Recovered.PAID]
    sale = journal.queries.get(number)
    assert sale.status is JournalStatus.PAID and sale.paid_amount == SPLIT_TOTAL
    assert sorted(p.amount for p in sale.payments) == [PAID_FIRST, SPLIT_REST]
    assert desk.issue(journal, number, Receiver()).status is JournalStatus.COMPLETED
    [receipt] = PosApiControl(posapi_server.url).receipts()
    assert sorted(Decimal(str(p["paidAmount"])) for p in receipt["response"]["payments"]) == [CASH, QPAY_PART]
