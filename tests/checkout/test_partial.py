"""A partly paid sale against the sandbox (checkout/partial.py): the rest as its own invoice (`<number>-2`),
never made twice; the part given back (card only); and what recovery does with each step a crash can
interrupt."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from pos_app.checkout import Checkout
from pos_app.checkout.after_sale import CancelResult
from pos_app.checkout.partial import NotByCard, check_sale, give_part_back, invoice_rest
from pos_app.checkout.recovery import Recovered, recover_all
from pos_app.domain.cart import Cart
from pos_app.domain.catalog import CatalogItem
from pos_app.domain.sale import Sale
from pos_app.journal import Journal, JournalStatus, ReversalStatus
from pos_app.journal.sale_invoices import InvoiceStatus
from pos_app.sandbox import SandboxServer

MILK = CatalogItem("1", "Сүү", Decimal("3500"), "8401", "0122", False)
TOTAL, PART = Decimal(7000), Decimal(2000)


def _opened(journal: Journal, checkout: Checkout, sandbox: SandboxServer) -> tuple[str, str]:
    """A sale of two cartons, its invoice open and taking part payments."""
    cart = Cart()
    cart.add_item(MILK, 2)
    number = journal.begin_sale(cart.lines, cart.total, cart.taxes)
    invoice = checkout.create_invoice(Sale(number, cart.lines, cart.total, cart.taxes))
    journal.invoice_opened(number, invoice)
    state = sandbox.sandbox.state
    with state.lock:
        state.invoices[invoice.invoice_id]["allow_partial"] = True
    return number, invoice.invoice_id


def _invoices(sandbox: SandboxServer, sender_invoice_no: str) -> list[dict[str, Any]]:
    state = sandbox.sandbox.state
    with state.lock:
        return [dict(i) for i in state.invoices.values() if i["sender_invoice_no"] == sender_invoice_no]


def test_the_rest_gets_its_own_invoice_once(journal, checkout, control, sandbox_server) -> None:
    number, first = _opened(journal, checkout, sandbox_server)
    control.pay(first, amount=str(PART))
    result = invoice_rest(journal, checkout, number)
    [row] = journal.invoices_of(number)
    assert (row.sender_invoice_no, row.amount, row.status) == (f"{number}-2", TOTAL - PART, InvoiceStatus.OPEN)
    assert result.current == row.invoice and result.amount_now == TOTAL - PART and result.part_paid
    assert invoice_rest(journal, checkout, number).current == row.invoice     # asked again: the same one
    assert control.count("/v2/invoice", "POST") == 2
    control.pay(row.invoice_id)
    paid = check_sale(journal, checkout, number)
    assert paid.check.is_paid and journal.get(number).status is JournalStatus.PAID
    assert sorted(p.amount for p in journal.get(number).payments) == [PART, TOTAL - PART]


def test_nothing_paid_makes_no_invoice_for_the_rest(journal, checkout, control, sandbox_server) -> None:
    number, _ = _opened(journal, checkout, sandbox_server)
    assert not invoice_rest(journal, checkout, number).part_paid
    assert journal.invoices_of(number) == () and control.count("/v2/invoice", "POST") == 1


def test_a_rest_whose_answer_was_lost_is_found_by_its_number_at_restart(journal, checkout, control,
                                                                       sandbox_server) -> None:
    number, first = _opened(journal, checkout, sandbox_server)
    payment = control.pay(first, amount=str(PART))
    sender_no = journal.remainder_started(number, TOTAL - PART, check_sale(journal, checkout, number).check.payments)
    assert payment["payment_id"]
    made = checkout.create_invoice(Sale(sender_no, journal.get(number).lines[:1], TOTAL - PART,
                                        journal.get(number).taxes))          # the till died before writing it
    [outcome] = recover_all(journal, checkout)
    assert outcome.result is Recovered.WAITING
    [row] = journal.invoices_of(number)
    assert row.status is InvoiceStatus.OPEN and row.invoice_id == made.invoice_id
    assert control.count("/v2/invoice", "POST") == 2 and len(_invoices(sandbox_server, sender_no)) == 1


def test_a_rest_never_made_is_marked_failed_and_the_sale_still_waits(journal, checkout, control,
                                                                    sandbox_server) -> None:
    number, first = _opened(journal, checkout, sandbox_server)
    control.pay(first, amount=str(PART))
    journal.remainder_started(number, TOTAL - PART, check_sale(journal, checkout, number).check.payments)
    [outcome] = recover_all(journal, checkout)
    assert outcome.result is Recovered.WAITING
    assert [row.status for row in journal.invoices_of(number)] == [InvoiceStatus.FAILED]
    assert invoice_rest(journal, checkout, number).current is not None      # asked again: `-3`, not `-2`
    assert [row.sender_invoice_no for row in journal.invoices_of(number)] == [f"{number}-2", f"{number}-3"]


def test_a_card_part_is_given_back_and_the_sale_cancelled(journal, checkout, control, sandbox_server) -> None:
    number, first = _opened(journal, checkout, sandbox_server)
    control.pay(first, amount=str(PART), transaction_type="CARD")
    invoice_rest(journal, checkout, number)                    # a rest invoice too: cancelled with it
    outcome = give_part_back(journal, checkout, number)
    assert outcome.result is CancelResult.CANCELLED
    sale = journal.get(number)
    assert sale.status is JournalStatus.CANCELLED and sale.reversal_status is ReversalStatus.DONE
    assert sale.reversed_amount == PART and [p.amount for p in sale.payments] == [PART]
    assert [row.status for row in journal.invoices_of(number)] == [InvoiceStatus.CANCELLED]
    assert [i["invoice_status"] for i in _invoices(sandbox_server, number) + _invoices(sandbox_server,
                                                                                       f"{number}-2")] == [
        "CANCELLED", "CANCELLED"]


def test_a_bank_transfer_part_is_not_given_back(journal, checkout, control, sandbox_server) -> None:
    number, first = _opened(journal, checkout, sandbox_server)
    control.pay(first, amount=str(PART))
    with pytest.raises(NotByCard):
        give_part_back(journal, checkout, number)
    sale = journal.get(number)
    assert sale.status is JournalStatus.OPEN and sale.reversal_status is None
    assert control.count("/v2/invoice/" + first, "DELETE") == 0


@pytest.mark.parametrize("reached", [True, False])
def test_a_part_being_given_back_at_a_crash_is_settled_by_reading_the_payment(
        journal, checkout, control, sandbox_server, reached: bool) -> None:
    number, first = _opened(journal, checkout, sandbox_server)
    card = control.pay(first, amount=str(PART), transaction_type="CARD")
    payments = check_sale(journal, checkout, number).check.payments
    journal.part_reversal_started(number, payments, "customer left")
    if reached:
        checkout.client.cancel_payment(card["payment_id"])     # the till died before writing the answer
    [outcome] = recover_all(journal, checkout)
    sale = journal.get(number)
    if reached:
        assert outcome.result is Recovered.CANCELLED
        assert sale.status is JournalStatus.CANCELLED and sale.reversal_status is ReversalStatus.DONE
    else:
        assert outcome.result is Recovered.WAITING
        assert sale.status is JournalStatus.OPEN and sale.reversal_status is ReversalStatus.FAILED
        assert control.count(f"/v2/payment/cancel/{card['payment_id']}", "POST") == 0   # never sent unasked
