"""After the sale, in the journal: card payments given back (cancel/refund) and receipts voided.

Each step's allowed and refused transitions, its reason checks, its log entry and its money;
what start-up recovery is told to settle; and a version-1 file brought up to version 2.
"""

from __future__ import annotations

import json
import sqlite3
from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import Callable

import pytest

from pos_app.domain.sale import ReceiptVia
from pos_app.domain.tenders import CashTender
from pos_app.domain.sale import IssuedReceipt, OpenInvoice, PaymentSeen, Receiver
from pos_app.domain.validators import MAX_REVERSAL_REASON
from pos_app.journal import schema
from pos_app.journal.journal import (
    Journal,
    JournalError,
    JournalStatus,
    ReceiptStatus,
    ReversalKind,
    ReversalStatus,
    SaleNotFound,
)

from .conftest import SteppingClock
from .samples import DAY, LINES, TAXES, TOTAL

INVOICE = OpenInvoice("inv-0001", qr_text="0002010102121531...", short_url="https://s.qpay.mn/abc")
CARD = (PaymentSeen("pay-1", Decimal("5000.00"), "Khan bank", "CARD"),
        PaymentSeen("pay-2", Decimal("2500"), "Golomt", "CARD"))
P2P = (PaymentSeen("pay-3", Decimal("7500.00"), "Khan bank", "P2P"),)
MIXED = (PaymentSeen("pay-4", Decimal("5000.00"), "Khan bank", "CARD"),
         PaymentSeen("pay-5", Decimal("2500.00"), "Golomt", "P2P"))
UNKNOWN_KIND = (PaymentSeen("pay-6", Decimal("7500.00"), "Khan bank"),)   # older rows: the type was not kept
RECEIVER = Receiver.organization("1234567")


def receipts_for(payments: tuple[PaymentSeen, ...]) -> tuple[IssuedReceipt, ...]:
    """One receipt a payment, for its amount (the service keeps one active ebarimt per payment)."""
    return tuple(IssuedReceipt(f"ebarimt-{payment.payment_id}", f"AB 1234567{n}", f"qr-{n}", payment.amount,
                               (payment.amount * 12 / 112).quantize(Decimal("0.01")), Decimal("0.00"), RECEIVER,
                               payment.payment_id)
                 for n, payment in enumerate(payments))


RECEIPTS = receipts_for(CARD)
RECEIPT = RECEIPTS[0]
REASON = "customer returned the goods"

S = JournalStatus




def raw(path: Path, sql: str, params: tuple = ()) -> list[tuple]:
    db = sqlite3.connect(path)
    try:
        return db.execute(sql, params).fetchall()
    finally:
        db.close()


def sale_in(journal: Journal, status: JournalStatus, payments: tuple[PaymentSeen, ...] = CARD) -> str:
    """A new sale brought to `status` by the ordinary sale steps (paid with `payments`)."""
    if status is S.TENDERING:   # cash that does not cover the total
        return journal.tenders.begin(LINES, TOTAL, TAXES, CashTender(Decimal(1), Decimal(1)),
                                     ReceiptVia.POSAPI, day=DAY)
    number = journal.sales.begin(LINES, TOTAL, TAXES, day=DAY)
    steps: dict[JournalStatus, tuple[Callable[[], None], ...]] = {
        S.CREATING: (),
        S.OPEN: (lambda: journal.sales.invoice_opened(number, INVOICE),),
        S.FAILED: (lambda: journal.sales.invoice_failed(number, "timeout"),),
        S.EXPIRED: (lambda: journal.sales.invoice_opened(number, INVOICE), lambda: journal.sales.expired(number)),
    }
    opened = (lambda: journal.sales.invoice_opened(number, INVOICE),)
    steps[S.CANCELLING] = opened + (lambda: journal.sales.cancel_started(number),)
    steps[S.CANCELLED] = steps[S.CANCELLING] + (lambda: journal.sales.invoice_cancelled(number),)
    steps[S.PAID] = opened + (lambda: journal.sales.payments_seen(number, payments),)
    steps[S.RECEIPT_PENDING] = steps[S.PAID] + (lambda: journal.sales.receipt_started(number, RECEIVER),)
    steps[S.COMPLETED] = steps[S.RECEIPT_PENDING] + tuple(
        (lambda receipt=receipt: journal.sales.receipt_issued(number, receipt)) for receipt in receipts_for(payments))
    for step in steps[status]:
        step()
    assert journal.queries.get(number).status is status
    return number


def snapshot(journal: Journal, number: str) -> tuple:
    """The sale's row and its receipts exactly as stored (updated_at included) and its step log."""
    return (raw(journal.path, "SELECT * FROM sales WHERE number = ?", (number,)),
            raw(journal.path, "SELECT * FROM receipts WHERE number = ? ORDER BY id", (number,)),
            journal.queries.events(number))


# -- every after-sale step from every sale status ------------------------------------------

AFTER_STEPS: dict[str, Callable[[Journal, str], None]] = {
    "reversal_started": lambda j, n: j.reversals.started(n, ReversalKind.REFUND, REASON),
    "reversal_done": lambda j, n: j.reversals.done(n, TOTAL),
    "reversal_failed": lambda j, n: j.reversals.failed(n, "card network down"),
    "receipt_cancel_started": lambda j, n: j.reversals.receipt_cancel_started(n),
    "receipt_cancelled": lambda j, n: j.reversals.receipt_cancelled(n),
    "receipt_cancel_failed": lambda j, n: j.reversals.receipt_cancel_failed(n, "tax system down"),
}

# On a sale fresh in each status (nothing given back or voided yet), the only legal after-sale steps.
FRESH_LEGAL = {
    (S.PAID, "reversal_started"),
    (S.COMPLETED, "reversal_started"),
    (S.COMPLETED, "receipt_cancel_started"),
}
ALL_PAIRS = sorted(((status, step) for status in S for step in AFTER_STEPS),
                   key=lambda pair: (pair[0].value, pair[1]))


@pytest.mark.parametrize(("status", "step"), [pair for pair in ALL_PAIRS if pair in FRESH_LEGAL])
def test_a_legal_after_sale_step_keeps_the_sale_status_and_is_logged(journal: Journal, status: JournalStatus,
                                                                      step: str) -> None:
    number = sale_in(journal, status)
    AFTER_STEPS[step](journal, number)
    assert journal.queries.get(number).status is status
    _, kind, detail = journal.queries.events(number)[-1]
    assert kind == step and "from" not in detail and "to" not in detail
    if step == "receipt_cancel_started":     # a receipt step logs the receipts it moved, and their summary
        assert (detail["receipts"], detail["receipt_status"]) == (len(CARD), "cancelling")
    else:
        assert detail["status"] == status.value


@pytest.mark.parametrize(("status", "step"), [pair for pair in ALL_PAIRS if pair not in FRESH_LEGAL])
def test_an_illegal_after_sale_step_is_refused_and_changes_nothing(journal: Journal, status: JournalStatus,
                                                                   step: str) -> None:
    number = sale_in(journal, status)
    before = snapshot(journal, number)
    with pytest.raises(JournalError):
        AFTER_STEPS[step](journal, number)
    assert snapshot(journal, number) == before


@pytest.mark.parametrize("status", sorted(set(S) - {S.PAID, S.COMPLETED}, key=lambda s: s.value))
def test_a_reversal_before_payment_or_after_a_cancel_says_which_statuses_allow_it(
        journal: Journal, status: JournalStatus) -> None:
    number = sale_in(journal, status)
    with pytest.raises(JournalError) as refused:
        journal.reversals.started(number, ReversalKind.CANCEL, REASON)
    assert str(refused.value) == (f"Sale {number} is {status.value}: cannot record reversal_started "
                                  "(only from completed or paid).")


def test_after_sale_steps_on_an_unknown_sale_are_sale_not_found(journal: Journal) -> None:
    for step in AFTER_STEPS.values():
        with pytest.raises(SaleNotFound):
            step(journal, "T1-20990101-000001")
    assert raw(journal.path, "SELECT count(*) FROM events") == [(0,)]


# -- the reversal's own states ------------------------------------------------------------

# How to bring a fresh (paid) sale's reversal to each state.
REVERSAL_PATHS: dict[ReversalStatus | None, tuple[str, ...]] = {
    None: (),
    ReversalStatus.PENDING: ("reversal_started",),
    ReversalStatus.DONE: ("reversal_started", "reversal_done"),
    ReversalStatus.FAILED: ("reversal_started", "reversal_failed"),
}
REVERSAL_LEGAL: dict[tuple[ReversalStatus | None, str], ReversalStatus] = {
    (None, "reversal_started"): ReversalStatus.PENDING,
    (ReversalStatus.PENDING, "reversal_done"): ReversalStatus.DONE,
    (ReversalStatus.PENDING, "reversal_failed"): ReversalStatus.FAILED,
    (ReversalStatus.FAILED, "reversal_started"): ReversalStatus.PENDING,   # the cashier tries again
}
REVERSAL_STEPS = ("reversal_started", "reversal_done", "reversal_failed")
REVERSAL_CASES = [(state, step, paid) for state in REVERSAL_PATHS for step in REVERSAL_STEPS
                  for paid in (S.PAID, S.COMPLETED)]


def _id(value: object) -> str:
    return getattr(value, "value", None) or str(value)


@pytest.mark.parametrize(("state", "step", "status"), REVERSAL_CASES, ids=lambda v: _id(v))
def test_reversal_steps_follow_their_own_states(journal: Journal, state: ReversalStatus | None, step: str,
                                                status: JournalStatus) -> None:
    number = sale_in(journal, status)
    for earlier in REVERSAL_PATHS[state]:
        AFTER_STEPS[earlier](journal, number)
    assert journal.queries.get(number).reversal_status is state
    if (state, step) in REVERSAL_LEGAL:
        AFTER_STEPS[step](journal, number)
        after = journal.queries.get(number)
        assert after.reversal_status is REVERSAL_LEGAL[state, step]
        assert after.status is status
    else:
        before = snapshot(journal, number)
        with pytest.raises(JournalError, match=f"Sale {number}"):
            AFTER_STEPS[step](journal, number)
        assert snapshot(journal, number) == before


def test_a_second_reversal_while_one_is_pending_or_done_is_refused_with_a_reason(journal: Journal) -> None:
    number = sale_in(journal, S.COMPLETED)
    journal.reversals.started(number, ReversalKind.CANCEL, REASON)
    with pytest.raises(JournalError, match="already being given back or was given back"):
        journal.reversals.started(number, ReversalKind.REFUND, REASON)
    journal.reversals.done(number, TOTAL)
    with pytest.raises(JournalError, match="already being given back or was given back"):
        journal.reversals.started(number, ReversalKind.CANCEL, REASON)
    with pytest.raises(JournalError, match="no payment reversal is pending .it is done."):
        journal.reversals.done(number, TOTAL)


def test_done_or_failed_without_a_started_reversal_says_so(journal: Journal) -> None:
    number = sale_in(journal, S.PAID)
    for step in ("reversal_done", "reversal_failed"):
        with pytest.raises(JournalError, match="no payment reversal is pending .it is not started."):
            AFTER_STEPS[step](journal, number)


def test_a_cancel_is_recorded_with_its_kind_reason_and_exact_amount(journal: Journal) -> None:
    number = sale_in(journal, S.COMPLETED)
    journal.reversals.started(number, ReversalKind.CANCEL, REASON)
    pending = journal.queries.get(number)
    assert (pending.reversal_kind, pending.reversal_status, pending.reversal_reason) == (
        ReversalKind.CANCEL, ReversalStatus.PENDING, REASON)
    assert pending.reversed_amount == Decimal(0) and not pending.is_reversed and not pending.can_reverse

    journal.reversals.done(number, Decimal("7500.00"))
    done = journal.queries.get(number)
    assert done.is_reversed and done.reversal_status is ReversalStatus.DONE
    assert done.reversed_amount == Decimal("7500.00") and str(done.reversed_amount) == "7500.00"
    assert done.reversal_kind is ReversalKind.CANCEL and done.reversal_reason == REASON
    assert done.status is S.COMPLETED and done.receipt == RECEIPT and done.failure == ""
    assert not done.can_reverse
    assert raw(journal.path, "SELECT typeof(reversed_amount), reversed_amount, reversal_kind, reversal_status, "
                             "reversal_reason FROM sales") == [("text", "7500.00", "cancel", "done", REASON)]

    events = journal.queries.events(number)
    assert [kind for _, kind, _ in events][-2:] == ["reversal_started", "reversal_done"]
    assert events[-2][2] == {"status": "completed", "kind": "cancel", "reason": REASON, "void_receipts": False}
    # Its own amount, what the sale's give-back returned in all (the same: nothing went back before), and the
    # payments it returned (issue 31: the day close counts each step's own part).
    assert events[-1][2] == {"status": "completed", "amount": "7500.00", "reversed_amount": "7500.00",
                             "payments": [{"payment_id": "pay-1", "amount": "5000.00", "bank": "Khan bank",
                                           "type": "CARD"},
                                          {"payment_id": "pay-2", "amount": "2500", "bank": "Golomt", "type": "CARD"}]}
    assert events[-2][0] < events[-1][0]


def test_a_refund_given_as_plain_text_is_recorded_as_a_refund(journal: Journal) -> None:
    number = sale_in(journal, S.PAID)
    journal.reversals.started(number, "refund", REASON)   # type: ignore[arg-type]
    assert journal.queries.get(number).reversal_kind is ReversalKind.REFUND
    assert journal.queries.events(number)[-1][2]["kind"] == "refund"


def test_an_unknown_reversal_kind_is_refused_and_nothing_written(journal: Journal) -> None:
    number = sale_in(journal, S.PAID)
    before = snapshot(journal, number)
    with pytest.raises((ValueError, JournalError)):
        journal.reversals.started(number, "void", REASON)   # type: ignore[arg-type]
    assert snapshot(journal, number) == before


@pytest.mark.parametrize("amount", [Decimal("0.1") + Decimal("0.2"), Decimal("1E+3"), Decimal("7499.999"),
                                    Decimal("1000000000000.01")])
def test_the_reversed_amount_is_kept_as_the_exact_decimal_text(journal: Journal, amount: Decimal) -> None:
    number = sale_in(journal, S.PAID)
    journal.reversals.started(number, ReversalKind.REFUND, REASON)
    journal.reversals.done(number, amount)
    assert raw(journal.path, "SELECT reversed_amount FROM sales") == [(str(amount),)]
    stored = journal.queries.get(number).reversed_amount
    assert stored == amount and str(stored) == str(amount)
    assert journal.queries.events(number)[-1][2]["amount"] == str(amount)


@pytest.mark.parametrize("amount", [7500.0, Decimal("NaN"), Decimal("Infinity"), "7500.00", None])
def test_a_reversed_amount_that_is_not_an_exact_decimal_is_refused_and_nothing_written(
        journal: Journal, amount: object) -> None:
    number = sale_in(journal, S.PAID)
    journal.reversals.started(number, ReversalKind.REFUND, REASON)
    before = snapshot(journal, number)
    with pytest.raises(JournalError, match="reversed amount must be a finite Decimal"):
        journal.reversals.done(number, amount)   # type: ignore[arg-type]
    assert snapshot(journal, number) == before
    assert journal.queries.get(number).reversal_status is ReversalStatus.PENDING


def test_a_failed_reversal_keeps_the_reason_and_can_be_tried_again(journal: Journal) -> None:
    number = sale_in(journal, S.COMPLETED)
    journal.reversals.started(number, ReversalKind.CANCEL, REASON)
    journal.reversals.failed(number, "  PAYMENT_SETTLED: too late to cancel  ")
    failed = journal.queries.get(number)
    assert (failed.reversal_status, failed.failure) == (ReversalStatus.FAILED, "PAYMENT_SETTLED: too late to cancel")
    assert failed.can_reverse and not failed.is_reversed and failed.reversed_amount == Decimal(0)
    assert journal.queries.events(number)[-1][2] == {"status": "completed",
                                                     "reason": "PAYMENT_SETTLED: too late to cancel"}

    journal.reversals.started(number, ReversalKind.REFUND, "settled: refunded instead")
    again = journal.queries.get(number)
    assert (again.reversal_kind, again.reversal_status, again.reversal_reason, again.failure) == (
        ReversalKind.REFUND, ReversalStatus.PENDING, "settled: refunded instead", "")   # a good step clears it
    journal.reversals.done(number, TOTAL)
    assert journal.queries.get(number).is_reversed
    assert [kind for _, kind, _ in journal.queries.events(number)][-4:] == [
        "reversal_started", "reversal_failed", "reversal_started", "reversal_done"]


def test_a_failed_reversal_without_a_reason_still_says_something(journal: Journal) -> None:
    number = sale_in(journal, S.PAID)
    journal.reversals.started(number, ReversalKind.CANCEL, REASON)
    journal.reversals.failed(number, "   ")
    assert journal.queries.get(number).failure == "no reason given"


# -- the reason -----------------------------------------------------------------------------

@pytest.mark.parametrize("reason", ["", "   ", "\n\t ", " \u00a0 "])
def test_a_reversal_without_a_reason_is_refused_and_nothing_written(journal: Journal, reason: str) -> None:
    number = sale_in(journal, S.COMPLETED)
    before = snapshot(journal, number)
    with pytest.raises(JournalError, match="Say why the payment is given back"):
        journal.reversals.started(number, ReversalKind.CANCEL, reason)
    assert snapshot(journal, number) == before


def test_a_reason_longer_than_the_service_allows_is_refused_and_nothing_written(journal: Journal) -> None:
    number = sale_in(journal, S.COMPLETED)
    before = snapshot(journal, number)
    with pytest.raises(JournalError, match=f"too long: at most {MAX_REVERSAL_REASON} characters"):
        journal.reversals.started(number, ReversalKind.REFUND, "x" * (MAX_REVERSAL_REASON + 1))
    assert snapshot(journal, number) == before
    assert MAX_REVERSAL_REASON == 255


def test_a_reason_of_exactly_the_limit_is_kept_whole(journal: Journal) -> None:
    number = sale_in(journal, S.COMPLETED)
    reason = "я" * MAX_REVERSAL_REASON                 # characters, not bytes
    journal.reversals.started(number, ReversalKind.REFUND, reason)
    assert journal.queries.get(number).reversal_reason == reason


def test_the_reason_is_one_line_with_its_whitespace_collapsed(journal: Journal) -> None:
    number = sale_in(journal, S.COMPLETED)
    journal.reversals.started(number, ReversalKind.CANCEL, "  wrong\n\n item \t scanned  ")
    assert journal.queries.get(number).reversal_reason == "wrong item scanned"
    assert journal.queries.events(number)[-1][2]["reason"] == "wrong item scanned"


def test_whitespace_that_collapses_under_the_limit_is_accepted(journal: Journal) -> None:
    number = sale_in(journal, S.PAID)
    padded = "a" + " " * 400 + "b"                       # 402 typed, 3 kept
    journal.reversals.started(number, ReversalKind.CANCEL, padded)
    assert journal.queries.get(number).reversal_reason == "a b"


# -- voiding the receipt ----------------------------------------------------------------------

RECEIPT_PATHS: dict[ReceiptStatus, tuple[str, ...]] = {
    ReceiptStatus.ISSUED: (),
    ReceiptStatus.CANCELLING: ("receipt_cancel_started",),
    ReceiptStatus.CANCELLED: ("receipt_cancel_started", "receipt_cancelled"),
}
RECEIPT_LEGAL: dict[tuple[ReceiptStatus, str], ReceiptStatus] = {
    (ReceiptStatus.ISSUED, "receipt_cancel_started"): ReceiptStatus.CANCELLING,
    (ReceiptStatus.CANCELLING, "receipt_cancelled"): ReceiptStatus.CANCELLED,
    (ReceiptStatus.CANCELLING, "receipt_cancel_failed"): ReceiptStatus.ISSUED,
}
RECEIPT_STEPS = ("receipt_cancel_started", "receipt_cancelled", "receipt_cancel_failed")


@pytest.mark.parametrize(("state", "step"), [(state, step) for state in RECEIPT_PATHS for step in RECEIPT_STEPS],
                         ids=lambda v: _id(v))
def test_receipt_cancel_steps_follow_the_receipt_states(journal: Journal, state: ReceiptStatus, step: str) -> None:
    number = sale_in(journal, S.COMPLETED)
    for earlier in RECEIPT_PATHS[state]:
        AFTER_STEPS[earlier](journal, number)
    assert journal.queries.get(number).receipt_status is state
    if (state, step) in RECEIPT_LEGAL:
        AFTER_STEPS[step](journal, number)
        assert journal.queries.get(number).receipt_status is RECEIPT_LEGAL[state, step]
        assert journal.queries.get(number).status is S.COMPLETED
    else:
        before = snapshot(journal, number)
        with pytest.raises(JournalError, match=f"Sale {number}: no receipt is "):
            AFTER_STEPS[step](journal, number)
        assert snapshot(journal, number) == before


def test_a_paid_sale_whose_receipt_failed_has_no_receipt_to_void(journal: Journal) -> None:
    number = sale_in(journal, S.RECEIPT_PENDING)
    journal.sales.receipt_failed(number, "ebarimt down")
    sale = journal.queries.get(number)
    assert sale.receipt_status is ReceiptStatus.FAILED and not sale.has_active_receipt
    with pytest.raises(JournalError, match=f"Sale {number}: no receipt is issued"):
        journal.reversals.receipt_cancel_started(number)


def test_a_voided_receipt_keeps_its_details_but_is_no_longer_active(journal: Journal) -> None:
    number = sale_in(journal, S.COMPLETED)
    assert journal.queries.get(number).has_active_receipt
    journal.reversals.receipt_cancel_started(number)
    cancelling = journal.queries.get(number)
    assert cancelling.receipt_status is ReceiptStatus.CANCELLING and not cancelling.has_active_receipt
    journal.reversals.receipt_cancelled(number)
    voided = journal.queries.get(number)
    assert voided.receipt_status is ReceiptStatus.CANCELLED and not voided.has_active_receipt
    assert voided.receipt == RECEIPT and voided.status is S.COMPLETED and voided.is_final
    assert voided.current_receipts == RECEIPTS and voided.valid_receipts == ()
    assert [receipt.status for receipt in voided.receipts] == [ReceiptStatus.CANCELLED] * len(CARD)
    assert [(kind, detail) for _, kind, detail in journal.queries.events(number)][-2:] == [
        ("receipt_cancel_started", {"receipts": 2, "receipt_status": "cancelling"}),
        ("receipt_cancelled", {"receipts": 2, "receipt_status": "cancelled"})]


def test_a_failed_receipt_cancel_leaves_it_active_with_the_reason_and_can_be_retried(journal: Journal) -> None:
    number = sale_in(journal, S.COMPLETED)
    journal.reversals.receipt_cancel_started(number)
    journal.reversals.receipt_cancel_failed(number, " EBARIMT_CANCEL_NOTSUPPERDED ")
    failed = journal.queries.get(number)
    assert failed.has_active_receipt and failed.failure == "EBARIMT_CANCEL_NOTSUPPERDED"
    assert [receipt.failure for receipt in failed.receipts] == ["EBARIMT_CANCEL_NOTSUPPERDED"] * len(CARD)
    assert journal.queries.events(number)[-1][2] == {"receipts": 2, "receipt_status": "issued",
                                                     "reason": "EBARIMT_CANCEL_NOTSUPPERDED"}
    journal.reversals.receipt_cancel_started(number)
    assert journal.queries.get(number).failure == ""
    assert [receipt.failure for receipt in journal.queries.get(number).receipts] == [""] * len(CARD)
    journal.reversals.receipt_cancelled(number)
    assert journal.queries.get(number).receipt_status is ReceiptStatus.CANCELLED


def test_a_payment_and_its_receipt_can_be_given_back_together(journal: Journal) -> None:
    number = sale_in(journal, S.COMPLETED)
    journal.reversals.started(number, ReversalKind.REFUND, REASON)
    journal.reversals.receipt_cancel_started(number)
    both = journal.queries.get(number)
    assert (both.reversal_status, both.receipt_status) == (ReversalStatus.PENDING, ReceiptStatus.CANCELLING)
    journal.reversals.receipt_cancelled(number)
    journal.reversals.done(number, TOTAL)
    done = journal.queries.get(number)
    assert done.is_reversed and done.receipt_status is ReceiptStatus.CANCELLED


# -- what recovery is told to settle ---------------------------------------------------------

def test_unsettled_afterwards_lists_pending_reversals_and_cancelling_receipts_oldest_first(journal: Journal) -> None:
    plain = sale_in(journal, S.COMPLETED)
    paid_pending = sale_in(journal, S.PAID)
    journal.reversals.started(paid_pending, ReversalKind.CANCEL, REASON)
    reversed_ = sale_in(journal, S.COMPLETED)
    journal.reversals.started(reversed_, ReversalKind.REFUND, REASON)
    journal.reversals.done(reversed_, TOTAL)
    failed = sale_in(journal, S.COMPLETED)
    journal.reversals.started(failed, ReversalKind.REFUND, REASON)
    journal.reversals.failed(failed, "declined")
    cancelling = sale_in(journal, S.COMPLETED)
    journal.reversals.receipt_cancel_started(cancelling)
    voided = sale_in(journal, S.COMPLETED)
    journal.reversals.receipt_cancel_started(voided)
    journal.reversals.receipt_cancelled(voided)
    both = sale_in(journal, S.COMPLETED)
    journal.reversals.started(both, ReversalKind.CANCEL, REASON)
    journal.reversals.receipt_cancel_started(both)
    completed_pending = sale_in(journal, S.COMPLETED)
    journal.reversals.started(completed_pending, ReversalKind.CANCEL, REASON)
    sale_in(journal, S.OPEN)
    sale_in(journal, S.RECEIPT_PENDING)               # receipt_status "pending" is the sale's own business

    unsettled = journal.queries.unsettled()
    assert [sale.number for sale in unsettled] == [paid_pending, cancelling, both, completed_pending]
    assert all(sale.needs_settling for sale in unsettled)
    assert plain not in [sale.number for sale in unsettled]
    assert [sale.created_at for sale in unsettled] == sorted(sale.created_at for sale in unsettled)


def test_unsettled_afterwards_is_empty_on_a_new_journal(journal: Journal) -> None:
    assert journal.queries.unsettled() == []
    sale_in(journal, S.COMPLETED)
    assert journal.queries.unsettled() == []


@pytest.mark.parametrize("status", sorted(S, key=lambda s: s.value))
def test_needs_settling_is_the_unfinished_sales_when_nothing_was_given_back(journal: Journal,
                                                                            status: JournalStatus) -> None:
    number = sale_in(journal, status)
    assert journal.queries.get(number).needs_settling is (status in {S.TENDERING, S.CREATING, S.OPEN, S.CANCELLING,
                                                                     S.PAID, S.RECEIPT_PENDING})


@pytest.mark.parametrize(("steps", "expected"), [
    ((), False),
    (("reversal_started",), True),
    (("reversal_started", "reversal_done"), False),
    (("reversal_started", "reversal_failed"), False),
    (("receipt_cancel_started",), True),
    (("receipt_cancel_started", "receipt_cancelled"), False),
    (("receipt_cancel_started", "receipt_cancel_failed"), False),
])
def test_a_completed_sale_needs_settling_while_a_reversal_or_receipt_cancel_is_in_flight(
        journal: Journal, steps: tuple[str, ...], expected: bool) -> None:
    number = sale_in(journal, S.COMPLETED)
    for step in steps:
        AFTER_STEPS[step](journal, number)
    sale = journal.queries.get(number)
    assert sale.needs_settling is expected
    assert (sale in journal.queries.unsettled()) is expected


# -- who can be given back -------------------------------------------------------------------

@pytest.mark.parametrize(("status", "payments", "expected"), [
    (S.PAID, CARD, True),
    (S.COMPLETED, CARD, True),
    (S.PAID, P2P, False),                 # a bank transfer cannot be reversed through QPay
    (S.COMPLETED, P2P, False),
    (S.COMPLETED, MIXED, False),          # all or nothing
    (S.COMPLETED, UNKNOWN_KIND, False),   # the type was not recorded: not known to be a card
])
def test_can_reverse_only_a_paid_sale_paid_by_card(journal: Journal, status: JournalStatus,
                                                   payments: tuple[PaymentSeen, ...], expected: bool) -> None:
    number = sale_in(journal, status, payments)
    assert journal.queries.get(number).can_reverse is expected


@pytest.mark.parametrize("status", sorted(set(S) - {S.PAID, S.COMPLETED}, key=lambda s: s.value))
def test_an_unpaid_or_receipt_pending_sale_cannot_be_reversed(journal: Journal, status: JournalStatus) -> None:
    assert not journal.queries.get(sale_in(journal, status)).can_reverse


def test_a_lower_case_card_type_is_still_a_card(journal: Journal) -> None:
    number = sale_in(journal, S.PAID, (PaymentSeen("pay-1", TOTAL, "Khan bank", "card"),))
    assert journal.queries.get(number).can_reverse


def test_the_payment_type_is_kept_with_each_payment(journal: Journal) -> None:
    number = sale_in(journal, S.PAID, MIXED)
    sale = journal.queries.get(number)
    assert sale.payments == MIXED
    assert [payment.is_card for payment in sale.payments] == [True, False]
    (payments_json,) = raw(journal.path, "SELECT payment_ids_json FROM sales")[0]
    assert [record["type"] for record in json.loads(payments_json)] == ["CARD", "P2P"]
    assert [record["type"] for record in journal.queries.events(number)[-1][2]["payments"]] == ["CARD", "P2P"]


# -- the schema ---------------------------------------------------------------------------------

def test_a_new_file_has_the_reversal_columns_and_indexes(journal: Journal) -> None:
    assert journal.pragma("user_version") == schema.LATEST_VERSION
    columns = {row[1] for row in raw(journal.path, "PRAGMA table_info(sales)")}
    assert {"reversal_kind", "reversal_status", "reversal_reason", "reversed_amount", "receipt_status"} <= columns
    indexes = {name for (name,) in raw(journal.path, "SELECT name FROM sqlite_master WHERE type = 'index'")}
    assert {"sales_by_reversal_status", "sales_by_receipt_status"} <= indexes


@pytest.mark.parametrize(("column", "value"), [("reversal_kind", "void"), ("reversal_status", "maybe")])
def test_the_file_itself_refuses_an_unknown_reversal_kind_or_status(journal: Journal, column: str,
                                                                    value: str) -> None:
    number = sale_in(journal, S.PAID)
    db = sqlite3.connect(journal.path)
    try:
        with pytest.raises(sqlite3.IntegrityError, match="CHECK constraint failed"):
            db.execute(f"UPDATE sales SET {column} = ? WHERE number = ?", (value, number))
    finally:
        db.close()


V1_PAYMENTS = [{"payment_id": "pay-1", "amount": "5000.00", "bank": "Khan bank"},
               {"payment_id": "pay-2", "amount": "2500", "bank": "Golomt"}]


def _version_1_file(path: Path) -> None:
    """A journal as pos-app with schema version 1 left it: one completed sale, one open, their events."""
    db = sqlite3.connect(path, isolation_level=None)
    try:
        for migration in schema.MIGRATIONS[:1]:
            migration(db)
        db.execute("PRAGMA user_version = 1")
        lines_json = json.dumps([{"description": "Талх", "quantity": "2", "unit_price": "1500.00",
                                  "barcode": None, "tax_product_code": "", "classification_code": "",
                                  "city_tax": False},
                                 {"description": "Сүү 1л", "quantity": "1.5", "unit_price": "3000",
                                  "barcode": None, "tax_product_code": "2211", "classification_code": "0211",
                                  "city_tax": True}], ensure_ascii=False)
        db.execute(
            "INSERT INTO sales (number, terminal, created_at, updated_at, status, total, vat, city_tax, lines_json,"
            " invoice_id, paid_amount, bank, payment_ids_json, receiver_kind, receiver_register, receipt_id,"
            " lottery, receipt_qr, receipt_amount, receipt_vat, receipt_city_tax, receipt_status)"
            " VALUES (?, 'T1', ?, ?, 'completed', '7500.00', '672.27', '40.18', ?, 'inv-0001', '7500.00',"
            " 'Khan bank, Golomt', ?, '84', '1234567', 'ebarimt-1', 'AB 12345678', 'qr-data', '7500.00',"
            " '672.27', '40.18', 'issued')",
            ("T1-20261120-000001", "2026-11-20T10:00:00.000000", "2026-11-20T10:05:00.000000", lines_json,
             json.dumps(V1_PAYMENTS)))
        db.execute(
            "INSERT INTO sales (number, terminal, created_at, updated_at, status, total, vat, city_tax, lines_json,"
            " invoice_id) VALUES (?, 'T1', ?, ?, 'open', '7500.00', '672.27', '40.18', ?, 'inv-0002')",
            ("T1-20261120-000002", "2026-11-20T11:00:00.000000", "2026-11-20T11:00:00.000000", lines_json))
        db.execute("INSERT INTO sale_sequence (terminal, day, last) VALUES ('T1', '2026-11-20', 2)")
        for number, kind in (("T1-20261120-000001", "sale_begun"), ("T1-20261120-000001", "receipt_issued"),
                             ("T1-20261120-000002", "sale_begun")):
            db.execute("INSERT INTO events (number, at, kind, detail_json) VALUES (?, ?, ?, '{}')",
                       (number, "2026-11-20T10:00:00.000000", kind))
    finally:
        db.close()


def test_a_version_1_file_is_migrated_to_the_latest_and_keeps_its_sales(path: Path, clock: SteppingClock) -> None:
    _version_1_file(path)
    assert raw(path, "PRAGMA user_version") == [(1,)]
    assert "reversal_status" not in {row[1] for row in raw(path, "PRAGMA table_info(sales)")}
    before = raw(path, "SELECT number, status, total, payment_ids_json, receipt_id, receipt_status FROM sales"
                       " ORDER BY number")

    with Journal(path, "T1", clock=clock) as journal:
        assert journal.pragma("user_version") == schema.LATEST_VERSION
        assert raw(path, "SELECT number, status, total, payment_ids_json, receipt_id, receipt_status FROM sales"
                         " ORDER BY number") == before
        assert raw(path, "SELECT reversal_kind, reversal_status, reversal_reason, reversed_amount FROM sales") == [
            (None, None, "", None), (None, None, "", None)]

        old = journal.queries.get("T1-20261120-000001")
        assert old.status is S.COMPLETED and old.paid_amount == TOTAL
        assert [(p.payment_id, p.amount, p.bank, p.kind) for p in old.payments] == [
            ("pay-1", Decimal("5000.00"), "Khan bank", ""), ("pay-2", Decimal("2500"), "Golomt", "")]
        assert not any(payment.is_card for payment in old.payments)
        assert (old.reversal_kind, old.reversal_status, old.reversal_reason, old.reversed_amount) == (
            None, None, "", Decimal(0))
        assert old.receipt is not None and old.receipt.receipt_id == "ebarimt-1"
        assert old.has_active_receipt and not old.needs_settling
        # The till of version 1 asked the receipt of the first payment only: the second is still owed its own.
        assert [receipt.payment_id for receipt in old.receipts] == ["pay-1"]
        assert [payment.payment_id for payment in old.payments_without_receipt] == ["pay-2"]
        assert old.receipt.receiver == Receiver.organization("1234567") and not old.receiver_differs
        assert not old.can_reverse                   # the payment type was never recorded
        assert [kind for _, kind, _ in journal.queries.events(old.number)] == ["sale_begun", "receipt_issued"]
        assert [sale.number for sale in journal.queries.unfinished()] == ["T1-20261120-000002"]
        assert journal.queries.unsettled() == []

        # The old sale takes the new steps like any other.
        journal.reversals.receipt_cancel_started(old.number)
        journal.reversals.receipt_cancelled(old.number)
        assert journal.queries.get(old.number).receipt_status is ReceiptStatus.CANCELLED
        # And the day's counter carries on.
        assert journal.sales.begin(LINES, TOTAL, TAXES, day=date(2026, 11, 20)) == "T1-20261120-000003"


def test_a_migrated_file_opens_again_without_migrating_twice(path: Path, clock: SteppingClock) -> None:
    _version_1_file(path)
    with Journal(path, "T1", clock=clock):
        pass
    with Journal(path, "T1", clock=clock) as journal:
        assert journal.pragma("user_version") == schema.LATEST_VERSION
        assert len(journal.queries.between(date(2026, 11, 20), date(2026, 11, 20))) == 2
    assert raw(path, "SELECT count(*) FROM receipts") == [(1,)]       # its receipt was moved over once


def test_a_paid_version_1_sale_still_needs_its_receipt_and_is_not_known_to_be_a_card(
        path: Path, clock: SteppingClock) -> None:
    _version_1_file(path)
    db = sqlite3.connect(path, isolation_level=None)
    try:
        db.execute("UPDATE sales SET status = 'paid', receipt_id = NULL, receipt_status = NULL, lottery = NULL,"
                   " receipt_qr = NULL, receipt_amount = NULL, receipt_vat = NULL, receipt_city_tax = NULL"
                   " WHERE number = 'T1-20261120-000001'")
    finally:
        db.close()
    with Journal(path, "T1", clock=clock) as journal:
        paid = journal.queries.get("T1-20261120-000001")
        assert paid.status is S.PAID and paid.needs_settling
        assert not paid.can_reverse and not paid.has_active_receipt
        assert [sale.number for sale in journal.queries.unfinished()] == ["T1-20261120-000001", "T1-20261120-000002"]
