"""After the sale, against the real sandbox: card payments cancelled or refunded, receipts voided,
and recovery settling a reversal or receipt cancel that a crash interrupted."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from pos_app.checkout import Checkout
from pos_app.checkout.after_sale import give_back
from pos_app.checkout.recovery import Recovered, recover, recover_all
from pos_app.checkout.service import NO_ACTIVE_RECEIPT, NO_RECEIPT
from pos_app.domain.cart import Cart
from pos_app.domain.catalog import CatalogItem
from pos_app.domain.sale import PaymentSeen, Receiver, Sale
from pos_app.domain.shift import Tally as ShiftTally
from pos_app.domain.tenders import TenderKind
from pos_app.journal import Journal, JournalError, ReceiptStatus, ReversalKind, ReversalStatus
from pos_app.journal.day_summary import Tally, day_summary
from pos_app.journal.shifts import close_shift, open_shift, shift_x_report
from pos_app.qpay import QPayClient, QPayError
from pos_app.sandbox import SandboxServer
from tests.journal.test_day_summary import DAY, UB, SettableClock, at
from tests.qpay.helpers import (
    FAST_POLICY,
    PASSWORD,
    USERNAME,
    SandboxControl,
)

MILK = CatalogItem("1", "Сүү", Decimal("3500"), "8401", "0122", False)
TOTAL = Decimal("7000")
REASON = "customer returned the milk"
EBARIMT = "/v2/ebarimt_v3/"


def _paid(journal: Journal, checkout: Checkout, control: SandboxControl, transaction_type: str = "CARD") -> str:
    """A sale paid in the sandbox (by card or bank transfer) and recorded PAID, as the till does it."""
    cart = Cart()
    cart.add_item(MILK, 2)
    number = journal.sales.begin(cart.lines, cart.total, cart.taxes)
    invoice = checkout.create_invoice(Sale(number, cart.lines, cart.total, cart.taxes))
    journal.sales.invoice_opened(number, invoice)
    control.pay(invoice.invoice_id, transaction_type=transaction_type)
    check = checkout.check_payment(invoice.invoice_id, cart.total)
    assert check.is_paid
    journal.sales.payments_seen(number, check.payments)
    return number


def _completed(journal: Journal, checkout: Checkout, control: SandboxControl, transaction_type: str = "CARD") -> str:
    number = _paid(journal, checkout, control, transaction_type)
    journal.sales.receipt_started(number, Receiver())
    journal.sales.receipt_issued(number, checkout.issue_receipt(_payment_id(journal, number), Receiver()))
    return number


def _payment_id(journal: Journal, number: str) -> str:
    [payment] = journal.queries.get(number).payments
    return payment.payment_id


def _payment_status(checkout: Checkout, payment_id: str) -> str:
    return checkout.client.get_payment(payment_id).status


def _reversal_note(sandbox_server: SandboxServer, payment_id: str) -> Any:
    """The note sent with a cancel or refund. Neither Get Payment nor the control API shows it, so it is
    read from the in-process sandbox."""
    state = sandbox_server.sandbox.state
    with state.lock:
        return state.payments[payment_id].get("reversal", {}).get("note")


def _receipt_is_void(checkout: Checkout, payment_id: str) -> bool:
    """Asked directly: a payment whose receipt was voided has no receipt left to cancel."""
    try:
        checkout.client.cancel_ebarimt(payment_id)
    except QPayError as exc:
        return exc.error_code in (NO_RECEIPT, NO_ACTIVE_RECEIPT)   # the contract's code, the live service's
    return False   # there was an active receipt (and this call voided it)


# -- the payment's type ------------------------------------------------------------------------

@pytest.mark.parametrize(("transaction_type", "is_card"), [("CARD", True), ("P2P", False)])
def test_the_payment_type_reaches_the_journal(journal, checkout, control, transaction_type: str,
                                              is_card: bool) -> None:
    sale = journal.queries.get(_paid(journal, checkout, control, transaction_type))
    [payment] = sale.payments
    assert (payment.kind, payment.is_card, payment.amount) == (transaction_type, is_card, TOTAL)
    assert sale.can_reverse is is_card


# -- giving a card payment back ----------------------------------------------------------------

@pytest.mark.parametrize(("refund", "kind", "status", "endpoint"), [
    (False, ReversalKind.CANCEL, "CANCELLED", "cancel"),
    (True, ReversalKind.REFUND, "REFUNDED", "refund"),
])
def test_a_card_payment_is_given_back_and_the_journal_records_it(journal, checkout, control, sandbox_server,
                                                                 refund: bool, kind: ReversalKind, status: str,
                                                                 endpoint: str) -> None:
    number = _completed(journal, checkout, control)
    sale = journal.queries.get(number)
    payment_id = _payment_id(journal, number)
    assert sale.can_reverse and _payment_status(checkout, payment_id) == "PAID"

    journal.reversals.started(number, kind, REASON)
    given_back = checkout.reverse_payments(sale.payments, refund, REASON)
    journal.reversals.done(number, given_back)

    assert given_back == TOTAL
    assert _payment_status(checkout, payment_id) == status
    assert _reversal_note(sandbox_server, payment_id) == REASON
    assert control.count(f"/v2/payment/{endpoint}/{payment_id}", "POST") == 1
    done = journal.queries.get(number)
    assert done.is_reversed and done.reversed_amount == TOTAL and done.reversal_kind is kind
    assert not done.can_reverse and not done.needs_settling
    assert checkout.payments_reversed(done.payments) is True


def test_a_payment_already_cancelled_counts_as_given_back(journal, checkout, control) -> None:
    sale = journal.queries.get(_paid(journal, checkout, control))
    [payment] = sale.payments
    checkout.client.cancel_payment(payment.payment_id)          # done elsewhere, or an earlier try
    assert checkout.reverse_payments(sale.payments, False, REASON) == TOTAL
    assert checkout.reverse_payments(sale.payments, True, REASON) == TOTAL   # a refund of it too
    assert _payment_status(checkout, payment.payment_id) == "CANCELLED"


def test_a_payment_already_refunded_counts_as_given_back(journal, checkout, control) -> None:
    sale = journal.queries.get(_paid(journal, checkout, control))
    assert checkout.reverse_payments(sale.payments, True, REASON) == TOTAL
    assert checkout.reverse_payments(sale.payments, True, REASON) == TOTAL
    assert _payment_status(checkout, sale.payments[0].payment_id) == "REFUNDED"


@pytest.mark.contract_run_only
def test_a_reversal_whose_answer_was_lost_reads_the_payment_and_counts_it(journal, checkout, control) -> None:
    sale = journal.queries.get(_paid(journal, checkout, control))
    payment_id = sale.payments[0].payment_id
    control.fault("/v2/payment/cancel/", method="POST", after_processing=True, drop=True)
    assert checkout.reverse_payments(sale.payments, False, REASON) == TOTAL
    assert control.count(f"/v2/payment/cancel/{payment_id}", "POST") == 1     # never sent twice
    assert _payment_status(checkout, payment_id) == "CANCELLED"


@pytest.mark.parametrize("refund", [False, True])
def test_a_bank_transfer_is_refused_and_nothing_is_recorded_as_given_back(journal, checkout, control,
                                                                          refund: bool) -> None:
    number = _completed(journal, checkout, control, "P2P")
    sale = journal.queries.get(number)
    assert not sale.can_reverse
    with pytest.raises(JournalError, match="only card payments"):     # the journal refuses it first
        journal.reversals.started(number, ReversalKind.REFUND if refund else ReversalKind.CANCEL, REASON)
    with pytest.raises(QPayError) as refused:                           # and so would the service
        checkout.reverse_payments(sale.payments, refund, REASON)
    assert refused.value.error_code == "PAYMENT_SETTLED"

    after = journal.queries.get(number)
    assert after.reversal_status is None and not after.is_reversed
    assert after.reversed_amount == Decimal(0)
    assert _payment_status(checkout, sale.payments[0].payment_id) == "PAID"
    assert checkout.payments_reversed(sale.payments) is False


def test_payments_reversed_tells_all_none_and_some(journal, checkout, control) -> None:
    first = journal.queries.get(_paid(journal, checkout, control)).payments[0]
    second = journal.queries.get(_paid(journal, checkout, control)).payments[0]
    assert checkout.payments_reversed((first, second)) is False
    checkout.reverse_payments((first,), False, REASON)
    assert checkout.payments_reversed((first,)) is True
    assert checkout.payments_reversed((first, second)) is None          # mixed: a person must look
    checkout.reverse_payments((second,), True, REASON)
    assert checkout.payments_reversed((first, second)) is True


# -- voiding the receipt -----------------------------------------------------------------------

def test_cancel_receipt_voids_the_ebarimt_and_a_second_call_is_harmless(journal, checkout, control,
                                                                        sandbox_profile: str) -> None:
    number = _completed(journal, checkout, control)
    payment_id = _payment_id(journal, number)
    journal.reversals.receipt_cancel_started(number)
    assert checkout.cancel_receipt(payment_id) is None
    journal.reversals.receipt_cancelled(number)
    if sandbox_profile == "live":               # BARIMT_NOT_FOUND: no active receipt, nothing else
        assert checkout.cancel_receipt(payment_id) is None
    else:
        with pytest.raises(QPayError) as again:     # a first ask cannot tell "voided" from "not registered"
            checkout.cancel_receipt(payment_id)
        assert again.value.error_code == NO_RECEIPT
    assert checkout.cancel_receipt(payment_id, asked_before=True) is None   # recovery: "no receipt" was wanted
    assert control.count(f"{EBARIMT}{payment_id}", "DELETE") == 3
    assert _receipt_is_void(checkout, payment_id)
    voided = journal.queries.get(number)
    assert voided.receipt_status is ReceiptStatus.CANCELLED and not voided.has_active_receipt


def test_a_voided_receipt_can_be_issued_anew(journal, checkout, control) -> None:
    number = _completed(journal, checkout, control)
    payment_id = _payment_id(journal, number)
    old = journal.queries.get(number).receipt
    checkout.cancel_receipt(payment_id)
    new = checkout.issue_receipt(payment_id, Receiver())
    assert old is not None and new.receipt_id != old.receipt_id


def test_a_receipt_cancel_whose_answer_was_lost_still_ends_fine(journal, checkout, control) -> None:
    number = _completed(journal, checkout, control)
    payment_id = _payment_id(journal, number)
    control.fault(EBARIMT, method="DELETE", after_processing=True, drop=True)
    checkout.cancel_receipt(payment_id)              # asked again: "no receipt" now, which is what was wanted
    assert control.count(f"{EBARIMT}{payment_id}", "DELETE") == 2
    assert _receipt_is_void(checkout, payment_id)


def test_a_receipt_cancel_lost_on_the_way_is_asked_again_and_voids_it(journal, checkout, control) -> None:
    number = _completed(journal, checkout, control)
    payment_id = _payment_id(journal, number)
    control.fault(EBARIMT, method="DELETE", drop=True)                  # never reached the service
    checkout.cancel_receipt(payment_id)
    assert control.count(f"{EBARIMT}{payment_id}", "DELETE") == 2
    assert _receipt_is_void(checkout, payment_id)


def test_a_receipt_cancel_lost_twice_is_raised_and_the_journal_keeps_it_active(journal, checkout, control) -> None:
    number = _completed(journal, checkout, control)
    payment_id = _payment_id(journal, number)
    control.fault(EBARIMT, method="DELETE", drop=True, count=2)
    journal.reversals.receipt_cancel_started(number)
    with pytest.raises(QPayError) as lost:
        checkout.cancel_receipt(payment_id)
    journal.reversals.receipt_cancel_failed(number, str(lost.value))
    assert journal.queries.get(number).has_active_receipt
    assert control.count(f"{EBARIMT}{payment_id}", "DELETE") == 2        # two tries, not more
    assert not _receipt_is_void(checkout, payment_id)                    # (this call voids it now)


def test_a_receipt_of_an_earlier_month_is_refused(journal, checkout, control) -> None:
    number = _completed(journal, checkout, control)
    control.advance_clock(32 * 86400)
    with pytest.raises(QPayError) as refused:
        checkout.cancel_receipt(_payment_id(journal, number))
    assert refused.value.error_code == "EBARIMT_CANCEL_NOTSUPPERDED"


# -- recovery --------------------------------------------------------------------------------

@pytest.mark.parametrize("refund", [False, True])
def test_a_pending_reversal_the_service_already_made_is_recorded_done(journal, checkout, control,
                                                                      refund: bool) -> None:
    number = _completed(journal, checkout, control)
    sale = journal.queries.get(number)
    journal.reversals.started(number, ReversalKind.REFUND if refund else ReversalKind.CANCEL, REASON)
    checkout.reverse_payments(sale.payments, refund, REASON)             # the till died before writing it down
    [outcome] = recover_all(journal, checkout)
    assert (outcome.number, outcome.result) == (number, Recovered.REVERSED)
    done = journal.queries.get(number)
    assert done.reversal_status is ReversalStatus.DONE and done.reversed_amount == TOTAL
    assert [kind for _, kind, _ in journal.queries.events(number)][-2:] == ["reversal_started", "reversal_done"]
    assert journal.queries.unsettled() == []
    assert recover_all(journal, checkout) == []                          # settled once, for good


def test_a_pending_reversal_that_never_reached_the_service_is_marked_failed(journal, checkout, control) -> None:
    number = _completed(journal, checkout, control)
    journal.reversals.started(number, ReversalKind.CANCEL, REASON)        # the till died before sending it
    [outcome] = recover_all(journal, checkout)
    assert (outcome.number, outcome.result) == (number, Recovered.NOT_REVERSED)
    failed = journal.queries.get(number)
    assert failed.reversal_status is ReversalStatus.FAILED and "still paid" in failed.failure
    assert failed.can_reverse                                            # the cashier may try again
    assert journal.queries.events(number)[-1][1] == "reversal_failed"
    assert _payment_status(checkout, _payment_id(journal, number)) == "PAID"
    assert control.count_prefix("/v2/payment/cancel/") == 0            # recovery only reads
    assert control.count_prefix("/v2/payment/refund/") == 0


def test_a_pending_reversal_on_a_paid_sale_without_receipt_is_settled_once(journal, checkout, control) -> None:
    number = _paid(journal, checkout, control)
    journal.reversals.started(number, ReversalKind.CANCEL, REASON)
    checkout.reverse_payments(journal.queries.get(number).payments, False, REASON)
    outcomes = recover_all(journal, checkout)                            # unfinished *and* unsettled afterwards
    assert [(o.number, o.result) for o in outcomes] == [(number, Recovered.REVERSED)]
    assert journal.queries.get(number).is_reversed


def test_a_pending_reversal_with_the_service_unreachable_is_left_for_later(journal, checkout, control) -> None:
    number = _completed(journal, checkout, control)
    journal.reversals.started(number, ReversalKind.CANCEL, REASON)
    unreachable = Checkout(QPayClient("http://127.0.0.1:9", USERNAME, PASSWORD, retry_policy=FAST_POLICY),
                           replace(checkout.config))
    try:
        [outcome] = recover_all(journal, unreachable)
    finally:
        unreachable.client.close()
    assert outcome.result is Recovered.UNSETTLED
    assert journal.queries.get(number).reversal_status is ReversalStatus.PENDING
    assert [sale.number for sale in journal.queries.unsettled()] == [number]


def test_a_cancelling_receipt_the_service_already_voided_is_recorded_cancelled(journal, checkout, control) -> None:
    number = _completed(journal, checkout, control)
    payment_id = _payment_id(journal, number)
    journal.reversals.receipt_cancel_started(number)
    checkout.cancel_receipt(payment_id)                                  # the till died before writing it down
    [outcome] = recover_all(journal, checkout)
    assert (outcome.number, outcome.result) == (number, Recovered.RECEIPT_CANCELLED)
    assert journal.queries.get(number).receipt_status is ReceiptStatus.CANCELLED
    assert journal.queries.events(number)[-1][1] == "receipt_cancelled"
    assert _receipt_is_void(checkout, payment_id)
    assert journal.queries.unsettled() == []


def test_a_cancelling_receipt_not_yet_voided_is_voided_now(journal, checkout, control) -> None:
    number = _completed(journal, checkout, control)
    payment_id = _payment_id(journal, number)
    journal.reversals.receipt_cancel_started(number)                               # the till died before asking
    [outcome] = recover_all(journal, checkout)
    assert (outcome.number, outcome.result) == (number, Recovered.RECEIPT_CANCELLED)
    assert control.count(f"{EBARIMT}{payment_id}", "DELETE") == 1
    assert _receipt_is_void(checkout, payment_id)
    assert journal.queries.get(number).receipt_status is ReceiptStatus.CANCELLED


def test_recovering_a_cancelling_receipt_whose_answer_is_lost_still_ends_fine(journal, checkout, control) -> None:
    number = _completed(journal, checkout, control)
    payment_id = _payment_id(journal, number)
    journal.reversals.receipt_cancel_started(number)
    control.fault(EBARIMT, method="DELETE", after_processing=True, drop=True)
    [outcome] = recover_all(journal, checkout)
    assert outcome.result is Recovered.RECEIPT_CANCELLED
    assert journal.queries.get(number).receipt_status is ReceiptStatus.CANCELLED
    assert _receipt_is_void(checkout, payment_id)


def test_recover_settles_the_one_sale_it_is_given(journal, checkout, control) -> None:
    reversing = _completed(journal, checkout, control)
    voiding = _completed(journal, checkout, control)
    journal.reversals.started(reversing, ReversalKind.REFUND, REASON)
    journal.reversals.receipt_cancel_started(voiding)
    outcome = recover(journal, checkout, journal.queries.get(voiding))
    assert outcome.result is Recovered.RECEIPT_CANCELLED
    assert journal.queries.get(reversing).reversal_status is ReversalStatus.PENDING
    assert [sale.number for sale in journal.queries.unsettled()] == [reversing]


def test_recovery_settles_sales_and_after_sale_steps_oldest_first(journal, checkout, control) -> None:
    voiding = _completed(journal, checkout, control)
    journal.reversals.receipt_cancel_started(voiding)
    reversing = _completed(journal, checkout, control)
    journal.reversals.started(reversing, ReversalKind.CANCEL, REASON)
    checkout.reverse_payments(journal.queries.get(reversing).payments, False, REASON)
    waiting = _paid(journal, checkout, control)
    outcomes = recover_all(journal, checkout)
    assert [(o.number, o.result) for o in outcomes] == [
        (voiding, Recovered.RECEIPT_CANCELLED), (reversing, Recovered.REVERSED), (waiting, Recovered.PAID)]


def test_a_sale_with_a_reversal_and_a_receipt_cancel_in_flight_is_settled_in_one_recovery(
        journal, checkout, control) -> None:
    number = _completed(journal, checkout, control)
    journal.reversals.started(number, ReversalKind.REFUND, REASON)
    journal.reversals.receipt_cancel_started(number)
    checkout.reverse_payments(journal.queries.get(number).payments, True, REASON)
    recover_all(journal, checkout)
    settled = journal.queries.get(number)
    assert settled.is_reversed
    assert settled.receipt_status is ReceiptStatus.CANCELLED
    assert journal.queries.unsettled() == []


def test_payment_seen_keeps_older_rows_without_a_type_as_not_card() -> None:
    assert not PaymentSeen("p", TOTAL).is_card
    assert PaymentSeen("p", TOTAL, kind="card").is_card


def test_a_receipt_cancel_refused_because_the_merchant_is_not_registered_is_not_taken_as_voided(
        journal, checkout, control, sandbox_server) -> None:
    number = _completed(journal, checkout, control)
    payment_id = _payment_id(journal, number)
    control.patch_merchant(ebarimt_registered=False)
    journal.reversals.receipt_cancel_started(number)
    try:
        with pytest.raises(QPayError):
            checkout.cancel_receipt(payment_id)
    finally:
        state = sandbox_server.sandbox.state
        with state.lock:
            assert state.active_ebarimt(payment_id) is not None        # the receipt was left alone


def test_a_paid_sale_given_back_is_not_offered_for_a_receipt_again(journal, checkout, control) -> None:
    from pos_app.checkout.recovery import sale_to_resume

    number = _paid(journal, checkout, control)
    journal.reversals.started(number, ReversalKind.CANCEL, REASON)
    journal.reversals.done(number, checkout.reverse_payments(journal.queries.get(number).payments, False, REASON))
    assert [o.result for o in recover_all(journal, checkout) if o.number == number] != [Recovered.PAID]
    assert sale_to_resume(journal) is None


# -- a give-back finished after a refusal: the day's and the shifts' figures (issue 31, point 6) ------------------

def _paid_in_parts(journal: Journal, checkout: Checkout, control: SandboxControl, sandbox_server: SandboxServer,
                   amounts: tuple[Decimal, ...]) -> str:
    """A sale paid by card in the sandbox in `amounts` (one payment each) and recorded PAID."""
    cart = Cart()
    cart.add_item(MILK, 2)
    number = journal.sales.begin(cart.lines, cart.total, cart.taxes)
    invoice = checkout.create_invoice(Sale(number, cart.lines, cart.total, cart.taxes))
    journal.sales.invoice_opened(number, invoice)
    state = sandbox_server.sandbox.state     # the till's invoices take no part payments: the service's record is
    with state.lock:                         # changed instead
        state.invoices[invoice.invoice_id]["allow_partial"] = True
    for amount in amounts:
        control.pay(invoice.invoice_id, amount=str(amount), transaction_type="CARD")
    check = checkout.check_payment(invoice.invoice_id, cart.total)
    assert check.is_paid and len(check.payments) == len(amounts)
    journal.sales.payments_seen(number, check.payments)
    return number


def test_a_give_back_finished_after_a_refusal_counts_each_payment_once(tmp_path: Path, checkout, control,
                                                                       sandbox_server) -> None:
    """A 7,000 sale paid by two card payments (2,000 + 5,000): its give-back cancels the first, the second
    cancel is refused; the cashier gives the rest back later. The day close counts 7,000 given back (not
    2,000 + 7,000: net 0, not -2,000), and each shift what went back in it."""
    clock = SettableClock(at(DAY, 9).replace(tzinfo=UB))
    with Journal(tmp_path / "journal.sqlite3", "T1", clock=clock) as journal:
        open_shift(journal.store, Decimal(0))
        number = _paid_in_parts(journal, checkout, control, sandbox_server, (Decimal(2000), Decimal(5000)))
        first, second = journal.queries.get(number).payments
        control.fault(f"/v2/payment/cancel/{second.payment_id}", status=400, error_code="PAYMENT_SETTLED")
        with pytest.raises(QPayError):
            give_back(journal, checkout, number, ReversalKind.CANCEL, REASON)
        control.clear_faults()
        first_shift = close_shift(journal.store, Decimal(0))
        open_shift(journal.store, Decimal(0))
        sale = give_back(journal, checkout, number, ReversalKind.CANCEL, REASON)       # the rest, later
        later_shift = shift_x_report(journal.store)
        summary = day_summary(journal.store, DAY)
    assert sale.reversed_amount == TOTAL and sale.payments_given_back == (first, second)
    assert summary.paid == Tally(1, TOTAL) and summary.given_back == Tally(1, TOTAL) and summary.net == 0
    assert summary.given_back_cancel == Tally(1, TOTAL)
    assert first_shift.close is not None
    assert first_shift.close.report.figures(TenderKind.QPAY).refunded == ShiftTally(1, Decimal(2000))
    assert later_shift.figures(TenderKind.QPAY).refunded == ShiftTally(1, Decimal(5000))
