"""What the history does to a sale after the cashier has moved on (no Qt; worker threads):
cancel an invoice still open, give a card payment back, void a receipt.

Each writes its journal step before the call and its outcome after, as the
sale flow does, so a crash in the middle is settled by recovery at the next
start. A lost answer leaves the step pending (and raises): it is never simply
sent again.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

from pos_app.journal import Journal, JournalError, JournalSale, JournalStatus, ReceiptStatus, ReversalKind
from pos_app.qpay import QPayError

from .posapi_desk import PosApiDesk
from .receipts import refusal_text
from .returns import can_void_at_till, settle_voids
from .service import Checkout, PaymentCheck, given_back_before, is_definite_refusal


class CancelResult(Enum):
    CANCELLED = "cancelled"
    PAID = "paid"                  # the customer paid first: the sale is paid, not cancelled
    PARTLY_PAID = "partly_paid"    # some money arrived: still open, waiting for the rest


@dataclass(frozen=True)
class CancelOutcome:
    result: CancelResult
    check: PaymentCheck | None = None


def record_paid(journal: Journal, number: str, check: PaymentCheck) -> None:
    """Write the payments once, whichever of the poll and the cancel saw them first."""
    if journal.queries.get(number).status in (JournalStatus.OPEN, JournalStatus.CANCELLING):
        journal.sales.payments_seen(number, check.payments)


def cancel_open_invoice(journal: Journal, checkout: Checkout, number: str) -> CancelOutcome:
    """Cancel the sale's open invoice; a payment that got there first wins."""

    def paid_first(sale: JournalSale) -> CancelOutcome:
        assert sale.invoice_id is not None
        check = checkout.check_payment(sale.invoice_id, sale.qpay_due)
        if check.is_paid:
            record_paid(journal, number, check)
            return CancelOutcome(CancelResult.PAID, check)
        journal.sales.cancel_failed(number, "part of the amount is paid")
        return CancelOutcome(CancelResult.PARTLY_PAID, check)

    return cancel_first_invoice(journal, checkout, number, paid_first)


def cancel_first_invoice(journal: Journal, checkout: Checkout, number: str,
                         when_paid: Callable[[JournalSale], CancelOutcome]) -> CancelOutcome:
    """Cancel the sale's own (first) invoice, journalled first. The service answering `INVOICE_PAID` (money
    got there first) is `when_paid`'s to decide, given the sale as read before the cancel."""
    sale = journal.queries.get(number)
    if sale.status is not JournalStatus.OPEN or sale.invoice_id is None:
        raise JournalError(f"Sale {number} is {sale.status.value}: only an open invoice can be cancelled.")
    journal.sales.cancel_started(number)
    try:
        checkout.cancel_invoice(sale.invoice_id)
    except QPayError as exc:
        if exc.error_code == "INVOICE_ALREADY_CANCELED":
            journal.sales.invoice_cancelled(number)
            return CancelOutcome(CancelResult.CANCELLED)
        if exc.error_code == "INVOICE_PAID":
            return when_paid(sale)
        journal.sales.cancel_failed(number, f"cancel refused or lost: {exc.error_code or type(exc).__name__}")
        raise
    journal.sales.invoice_cancelled(number)
    return CancelOutcome(CancelResult.CANCELLED)


def give_back(journal: Journal, checkout: Checkout, number: str, kind: ReversalKind, reason: str,
              *, void_receipt: bool = True, posapi: PosApiDesk | None = None) -> JournalSale:
    """Cancel or refund the sale's card payments, the reason recorded; then void its receipt
    (when asked; through `posapi` when it was issued there), so the tax record matches the money. The money
    goes first: if it is refused, the receipt is left as it was."""
    sale = journal.queries.get(number)
    if not sale.can_reverse:
        raise JournalError(f"Sale {number} cannot be given back here: only a paid sale paid by card, "
                           "not given back already.")
    journal.reversals.started(number, kind, reason, void_receipts=void_receipt and can_void_at_till(sale))
    try:
        # A give-back refused half-way before returned some payments already: only the rest is asked.
        amount = checkout.reverse_payments(sale.payments_kept, kind is ReversalKind.REFUND, reason)
    except QPayError as exc:
        if is_definite_refusal(exc):
            returned = given_back_before(exc)
            if returned or sale.given_back:     # what went back is recorded; FAILED is for the rest
                journal.remainders.reversal_partly_done(number, returned, refusal_text(exc))
            else:
                journal.reversals.failed(number, refusal_text(exc))
        raise        # otherwise unknown: left pending; the next check or start re-reads the payment
    journal.reversals.done(number, amount)   # what this give-back returned; starts the receipts' void, when asked
    if journal.queries.get(number).receipt_status is ReceiptStatus.CANCELLING:
        settle_voids(journal, checkout, posapi, number)
    return journal.queries.get(number)
