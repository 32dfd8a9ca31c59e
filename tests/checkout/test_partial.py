"""A partly paid sale against the sandbox (checkout/partial.py): the rest as its own invoice (`<number>-2`),
never made twice; the part given back (card only); and what recovery does with each step a crash can
interrupt."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from pos_app.checkout import Checkout
from pos_app.checkout.after_sale import CancelResult, give_back
from pos_app.checkout.partial import NotByCard, check_sale, close_paid_sale, give_part_back, invoice_rest
from pos_app.checkout.receipts import issue_receipts
from pos_app.checkout.recovery import Recovered, recover_all
from pos_app.domain.cart import Cart
from pos_app.domain.catalog import CatalogItem
from pos_app.domain.sale import Receiver, Sale
from pos_app.journal import Journal, JournalStatus, ReversalKind, ReversalStatus
from pos_app.qpay import QPayError
from pos_app.journal.sale_invoices import InvoiceStatus
from pos_app.sandbox import SandboxServer

MILK = CatalogItem("1", "Сүү", Decimal("3500"), "8401", "0122", False)
TOTAL, PART = Decimal(7000), Decimal(2000)


def _opened(journal: Journal, checkout: Checkout, sandbox: SandboxServer) -> tuple[str, str]:
    """A sale of two cartons, its invoice open and taking part payments."""
    cart = Cart()
    cart.add_item(MILK, 2)
    number = journal.sales.begin(cart.lines, cart.total, cart.taxes)
    invoice = checkout.create_invoice(Sale(number, cart.lines, cart.total, cart.taxes))
    journal.sales.invoice_opened(number, invoice)
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
    [row] = journal.remainders.invoices(number)
    assert (row.sender_invoice_no, row.amount, row.status) == (f"{number}-2", TOTAL - PART, InvoiceStatus.OPEN)
    assert result.current == row.invoice and result.amount_now == TOTAL - PART and result.part_paid
    assert invoice_rest(journal, checkout, number).current == row.invoice     # asked again: the same one
    assert control.count("/v2/invoice", "POST") == 2
    control.pay(row.invoice_id)
    paid = check_sale(journal, checkout, number)
    assert paid.check.is_paid and journal.queries.get(number).status is JournalStatus.PAID
    assert sorted(p.amount for p in journal.queries.get(number).payments) == [PART, TOTAL - PART]


def test_nothing_paid_makes_no_invoice_for_the_rest(journal, checkout, control, sandbox_server) -> None:
    number, _ = _opened(journal, checkout, sandbox_server)
    assert not invoice_rest(journal, checkout, number).part_paid
    assert journal.remainders.invoices(number) == () and control.count("/v2/invoice", "POST") == 1


def test_a_rest_whose_answer_was_lost_is_found_by_its_number_at_restart(journal, checkout, control,
                                                                       sandbox_server) -> None:
    number, first = _opened(journal, checkout, sandbox_server)
    payment = control.pay(first, amount=str(PART))
    sender_no = journal.remainders.started(number, TOTAL - PART, check_sale(journal, checkout, number).check.payments)
    assert payment["payment_id"]
    made = checkout.create_invoice(Sale(sender_no, journal.queries.get(number).lines[:1], TOTAL - PART,
                                        journal.queries.get(number).taxes))          # the till died before writing it
    [outcome] = recover_all(journal, checkout)
    assert outcome.result is Recovered.WAITING
    [row] = journal.remainders.invoices(number)
    assert row.status is InvoiceStatus.OPEN and row.invoice_id == made.invoice_id
    assert control.count("/v2/invoice", "POST") == 2 and len(_invoices(sandbox_server, sender_no)) == 1


def test_a_rest_never_made_is_marked_failed_and_the_sale_still_waits(journal, checkout, control,
                                                                    sandbox_server) -> None:
    number, first = _opened(journal, checkout, sandbox_server)
    control.pay(first, amount=str(PART))
    journal.remainders.started(number, TOTAL - PART, check_sale(journal, checkout, number).check.payments)
    [outcome] = recover_all(journal, checkout)
    assert outcome.result is Recovered.WAITING
    assert [row.status for row in journal.remainders.invoices(number)] == [InvoiceStatus.FAILED]
    assert invoice_rest(journal, checkout, number).current is not None      # asked again: `-3`, not `-2`
    assert [row.sender_invoice_no for row in journal.remainders.invoices(number)] == [f"{number}-2", f"{number}-3"]


def test_a_card_part_is_given_back_and_the_sale_cancelled(journal, checkout, control, sandbox_server) -> None:
    number, first = _opened(journal, checkout, sandbox_server)
    control.pay(first, amount=str(PART), transaction_type="CARD")
    invoice_rest(journal, checkout, number)                    # a rest invoice too: cancelled with it
    outcome = give_part_back(journal, checkout, number)
    assert outcome.result is CancelResult.CANCELLED
    sale = journal.queries.get(number)
    assert sale.status is JournalStatus.CANCELLED and sale.reversal_status is ReversalStatus.DONE
    assert sale.reversed_amount == PART and [p.amount for p in sale.payments] == [PART]
    assert [row.status for row in journal.remainders.invoices(number)] == [InvoiceStatus.CANCELLED]
    assert [i["invoice_status"] for i in _invoices(sandbox_server, number) + _invoices(sandbox_server,
                                                                                       f"{number}-2")] == [
        "CANCELLED", "CANCELLED"]


def test_a_bank_transfer_part_is_not_given_back(journal, checkout, control, sandbox_server) -> None:
    number, first = _opened(journal, checkout, sandbox_server)
    control.pay(first, amount=str(PART))
    with pytest.raises(NotByCard):
        give_part_back(journal, checkout, number)
    sale = journal.queries.get(number)
    assert sale.status is JournalStatus.OPEN and sale.reversal_status is None
    assert control.count("/v2/invoice/" + first, "DELETE") == 0


@pytest.mark.parametrize("reached", [True, False])
def test_a_part_being_given_back_at_a_crash_is_settled_by_reading_the_payment(
        journal, checkout, control, sandbox_server, reached: bool) -> None:
    number, first = _opened(journal, checkout, sandbox_server)
    card = control.pay(first, amount=str(PART), transaction_type="CARD")
    payments = check_sale(journal, checkout, number).check.payments
    journal.remainders.part_reversal_started(number, payments, "customer left")
    if reached:
        checkout.client.cancel_payment(card["payment_id"])     # the till died before writing the answer
    [outcome] = recover_all(journal, checkout)
    sale = journal.queries.get(number)
    if reached:
        assert outcome.result is Recovered.CANCELLED
        assert sale.status is JournalStatus.CANCELLED and sale.reversal_status is ReversalStatus.DONE
    else:
        assert outcome.result is Recovered.WAITING
        assert sale.status is JournalStatus.OPEN and sale.reversal_status is ReversalStatus.FAILED
        assert control.count(f"/v2/payment/cancel/{card['payment_id']}", "POST") == 0   # never sent unasked


# -- money that arrives while or after the part goes back (issue 16 point 6) -----------------------------------


def _rest_paid_while_the_part_goes_back(journal: Journal, checkout: Checkout, control,
                                        sandbox: SandboxServer) -> tuple[str, str, str]:
    """A card part on the first invoice, the rest invoiced as `-2`; the customer pays the `-2` just as the part
    is given back. Returns the sale's number, its first invoice and the `-2`."""
    number, first = _opened(journal, checkout, sandbox)
    control.pay(first, amount=str(PART), transaction_type="CARD")
    invoice_rest(journal, checkout, number)
    [rest] = journal.remainders.invoices(number)
    reverse = checkout.reverse_payments

    def reverse_while_the_customer_pays_the_rest(*args: Any, **kwargs: Any) -> Any:
        given = reverse(*args, **kwargs)
        control.pay(rest.invoice_id, transaction_type="CARD")      # the customer's phone was quicker
        return given

    checkout.reverse_payments = reverse_while_the_customer_pays_the_rest    # type: ignore[method-assign]
    try:
        outcome = give_part_back(journal, checkout, number)
    finally:
        del checkout.reverse_payments
    assert outcome.result is CancelResult.PARTLY_PAID          # not cancelled, and no error for ever
    return number, first, rest.invoice_id or ""


def test_the_rest_paid_while_the_part_goes_back_leaves_the_sale_waiting(journal, checkout, control,
                                                                        sandbox_server) -> None:
    number, _, rest = _rest_paid_while_the_part_goes_back(journal, checkout, control, sandbox_server)
    sale = journal.queries.get(number)
    assert sale.status is JournalStatus.OPEN and sale.reversal_status is None     # the give-back's record closed
    kinds = [kind for _, kind, _ in journal.queries.events(number)]
    assert kinds.index("part_reversal_done") < kinds.index("remainder_cancel_failed") < kinds.index(
        "money_after_give_back")
    assert [row.status for row in journal.remainders.invoices(number)] == [InvoiceStatus.OPEN]
    assert [o.result for o in recover_all(journal, checkout) + recover_all(journal, checkout)] == [
        Recovered.WAITING, Recovered.WAITING]
    now = check_sale(journal, checkout, number)
    assert now.part_paid and now.paid == TOTAL - PART and now.can_give_back


def test_after_the_rest_was_paid_during_a_give_back_the_rest_can_be_invoiced(journal, checkout, control,
                                                                             sandbox_server) -> None:
    number, _, _ = _rest_paid_while_the_part_goes_back(journal, checkout, control, sandbox_server)
    now = invoice_rest(journal, checkout, number)
    rows = journal.remainders.invoices(number)
    assert [row.sender_invoice_no for row in rows] == [f"{number}-2", f"{number}-3"]
    assert rows[1].amount == PART and now.current == rows[1].invoice
    control.pay(rows[1].invoice_id)
    assert check_sale(journal, checkout, number).check.is_paid
    sale = journal.queries.get(number)
    assert sale.status is JournalStatus.PAID and sale.paid_amount == TOTAL and sale.owes_receipt


def test_after_the_rest_was_paid_during_a_give_back_it_can_be_given_back_too(journal, checkout, control,
                                                                             sandbox_server) -> None:
    number, first, rest = _rest_paid_while_the_part_goes_back(journal, checkout, control, sandbox_server)
    outcome = give_part_back(journal, checkout, number)
    assert outcome.result is CancelResult.CANCELLED
    sale = journal.queries.get(number)
    assert sale.status is JournalStatus.CANCELLED and sale.reversed_amount == TOTAL - PART
    assert paid_now(sandbox_server, first) == paid_now(sandbox_server, rest) == []
    [rest_row] = journal.remainders.invoices(number)     # paid in full, then given back: the service keeps it closed
    assert rest_row.status is InvoiceStatus.CANCELLED and "closed" in rest_row.failure
    assert [i["invoice_status"] for i in _invoices(sandbox_server, number)] == ["CANCELLED"]
    assert [o.result for o in recover_all(journal, checkout)] == []


def test_money_kept_after_a_part_given_back_is_owed_its_receipt(journal, checkout, control,
                                                               sandbox_server) -> None:
    number, first, _ = _rest_paid_while_the_part_goes_back(journal, checkout, control, sandbox_server)
    control.pay(first, amount=str(PART), transaction_type="CARD")    # the customer pays the part again
    assert check_sale(journal, checkout, number).check.is_paid
    sale = journal.queries.get(number)
    assert sale.status is JournalStatus.PAID and sale.paid_amount == TOTAL and sale.money_kept
    assert sale.owes_receipt and number in [s.number for s in journal.queries.unfinished()]
    assert issue_receipts(journal, checkout, number, Receiver()).status is JournalStatus.COMPLETED
    assert len(journal.queries.get(number).valid_receipts) == 2
    sale = give_back(journal, checkout, number, ReversalKind.CANCEL, "customer returned it")
    assert sale.is_reversed and not sale.money_kept and sale.reversed_amount == TOTAL


def test_a_part_give_back_refused_half_way_records_what_went_back(journal, checkout, control,
                                                                 sandbox_server) -> None:
    number, first = _opened(journal, checkout, sandbox_server)
    control.pay(first, amount="1000", transaction_type="CARD")
    control.pay(first, amount="1500", transaction_type="CARD")
    one, two = check_sale(journal, checkout, number).check.payments
    control.fault(f"/v2/payment/cancel/{two.payment_id}", status=400, error_code="PAYMENT_SETTLED")
    with pytest.raises(QPayError):
        give_part_back(journal, checkout, number)
    sale = journal.queries.get(number)
    assert sale.status is JournalStatus.OPEN and sale.reversal_status is ReversalStatus.FAILED
    assert sale.given_back == (one,) and sale.reversed_amount == Decimal(1000)
    assert paid_now(sandbox_server, first) == [two.payment_id]
    control.clear_faults()
    assert give_part_back(journal, checkout, number).result is CancelResult.CANCELLED      # the rest of it
    sale = journal.queries.get(number)
    assert sale.given_back == (one, two) and sale.reversed_amount == Decimal(2500)
    assert control.count(f"/v2/payment/cancel/{one.payment_id}", "POST") == 1              # never asked twice


def test_a_part_left_pending_with_some_of_it_given_back_is_recorded_so(journal, checkout, control,
                                                                       sandbox_server) -> None:
    number, first = _opened(journal, checkout, sandbox_server)
    control.pay(first, amount="1000", transaction_type="CARD")
    control.pay(first, amount="1500", transaction_type="CARD")
    one, two = check_sale(journal, checkout, number).check.payments
    journal.remainders.part_reversal_started(number, (one, two), "customer left")
    checkout.client.cancel_payment(one.payment_id)           # the till died after the first
    [outcome] = recover_all(journal, checkout)
    sale = journal.queries.get(number)
    assert outcome.result is Recovered.WAITING and sale.reversal_status is ReversalStatus.FAILED
    assert sale.given_back == (one,) and sale.status is JournalStatus.OPEN


# -- a paid sale's invoices closed, and money that landed on them recorded -----------------------------------


def test_a_payment_on_the_first_invoice_after_the_rest_paid_is_an_over_payment_owed_its_receipt(
        journal, checkout, control, sandbox_server) -> None:
    number, first = _opened(journal, checkout, sandbox_server)
    control.pay(first, amount=str(PART))
    invoice_rest(journal, checkout, number)
    [rest] = journal.remainders.invoices(number)
    control.pay(rest.invoice_id)
    assert check_sale(journal, checkout, number).check.is_paid
    late = control.pay(first, amount="500")          # the partly paid first invoice could not be cancelled
    recorded = close_paid_sale(journal, checkout, number)
    assert [p.payment_id for p in recorded] == [late["payment_id"]]
    sale = journal.queries.get(number)
    assert sale.status is JournalStatus.PAID and sale.paid_amount == TOTAL + 500 and len(sale.payments) == 3
    assert [p.payment_id for p in sale.payments_without_receipt][-1] == late["payment_id"]
    assert issue_receipts(journal, checkout, number, Receiver()).status is JournalStatus.COMPLETED
    assert len(journal.queries.get(number).valid_receipts) == 3
    assert close_paid_sale(journal, checkout, number) == ()       # checked again: nothing new


def test_a_rest_invoice_whose_cancel_lost_the_race_has_its_payment_recorded(journal, checkout, control,
                                                                            sandbox_server) -> None:
    number, first = _opened(journal, checkout, sandbox_server)
    control.pay(first, amount=str(PART))
    invoice_rest(journal, checkout, number)
    [rest] = journal.remainders.invoices(number)
    control.pay(first)                               # the rest paid on the first invoice after all
    assert check_sale(journal, checkout, number).check.is_paid
    cancel = checkout.cancel_invoice

    def the_customer_pays_first(invoice_id: str) -> None:
        control.pay(invoice_id)                      # ... and on the `-2` too, just before its cancel
        cancel(invoice_id)

    checkout.cancel_invoice = the_customer_pays_first      # type: ignore[method-assign]
    try:
        recorded = close_paid_sale(journal, checkout, number)
    finally:
        del checkout.cancel_invoice
    assert [p.amount for p in recorded] == [TOTAL - PART]
    sale = journal.queries.get(number)
    assert sale.paid_amount == TOTAL + TOTAL - PART and sale.owes_receipt
    assert [row.status for row in journal.remainders.invoices(number)] == [InvoiceStatus.OPEN]   # paid: not cancelled
    overpaid = [d for _, kind, d in journal.queries.events(number) if kind == "payments_seen" and d.get("surplus")]
    assert overpaid and Decimal(overpaid[0]["overpaid"]) == TOTAL - PART


def test_an_unpaid_rest_is_cancelled_when_the_sale_is_paid_and_nothing_is_added(journal, checkout, control,
                                                                                 sandbox_server) -> None:
    number, first = _opened(journal, checkout, sandbox_server)
    control.pay(first, amount=str(PART))
    invoice_rest(journal, checkout, number)
    control.pay(first)
    assert check_sale(journal, checkout, number).check.is_paid
    assert close_paid_sale(journal, checkout, number) == ()
    assert [row.status for row in journal.remainders.invoices(number)] == [InvoiceStatus.CANCELLED]
    assert journal.queries.get(number).paid_amount == TOTAL


@pytest.mark.parametrize("rest_paid_too", [False, True])
def test_a_paid_sale_whose_invoices_were_not_closed_at_a_crash_is_closed_at_restart(
        journal, checkout, control, sandbox_server, rest_paid_too: bool) -> None:
    number, first = _opened(journal, checkout, sandbox_server)
    control.pay(first, amount=str(PART))
    invoice_rest(journal, checkout, number)
    [rest] = journal.remainders.invoices(number)
    control.pay(first)
    assert check_sale(journal, checkout, number).check.is_paid     # the till died before closing the `-2`
    if rest_paid_too:
        control.pay(rest.invoice_id)
    [outcome] = recover_all(journal, checkout)
    assert outcome.result is Recovered.PAID
    sale = journal.queries.get(number)
    [row] = journal.remainders.invoices(number)
    if rest_paid_too:       # its payment is recorded, an over-payment owed its receipt
        assert sale.paid_amount == TOTAL + TOTAL - PART and len(sale.payments_without_receipt) == 3
        assert row.status is InvoiceStatus.OPEN
    else:                   # nobody paid it: cancelled, so nobody does
        assert sale.paid_amount == TOTAL and row.status is InvoiceStatus.CANCELLED
    assert [o.result for o in recover_all(journal, checkout)] == [Recovered.PAID]
    assert journal.queries.get(number).payments == sale.payments


def paid_now(sandbox: SandboxServer, invoice_id: str) -> list[str]:
    """The invoice's payments the service holds as paid."""
    state = sandbox.sandbox.state
    with state.lock:
        return [p["payment_id"] for p in state.invoice_payments(invoice_id) if p["payment_status"] == "PAID"]
