"""The sale's receipts in the journal's terms (no Qt; worker threads): one ebarimt for each payment, issued
together, voided together, issued again when the money was kept.

Each step is journalled before its call and settled after the answer. Only an
answer that proves the outcome moves a step on: a refusal (4xx) ends it as
refused; a 5xx, a timeout, a lost connection or an answer we cannot read
leaves it pending and raises, and recovery settles it by asking again: Create
Ebarimt for a payment that has its receipt returns that receipt, and Cancel
Ebarimt for a voided one answers "no receipt for this payment".
"""

from __future__ import annotations

from pos_app.domain.sale import Receiver
from pos_app.journal import Journal, JournalError, JournalSale, JournalStatus, ReceiptStatus
from pos_app.qpay import QPayError

from .service import Checkout, is_definite_refusal


def refusal_text(exc: QPayError) -> str:
    return f"refused: {exc.error_code or type(exc).__name__}"


def issue_receipts(journal: Journal, checkout: Checkout, number: str, receiver: Receiver) -> JournalSale:
    """The receipt of every payment kept that has none, for `receiver`. Returns the sale as recorded:
    COMPLETED once each payment has its receipt. The service may answer with a receipt made earlier for another
    receiver (after a lost answer): the sale's `receiver_differs` says so.

    A refusal for one payment (`PAYMENT_NOT_PAID`: it went back meanwhile, say) does not stop the others: each
    is asked, then the sale is recorded refused (PAID, still owed the refused one) and the first refusal is
    raised. An answer that proves nothing is raised at once, the step left pending for recovery to ask again.
    A payment recorded meanwhile (an over-payment) is asked too."""
    journal.sales.receipt_started(number, receiver)
    refused: list[QPayError] = []
    asked: set[str] = set()
    while True:
        owed = [p for p in journal.queries.get(number).payments_without_receipt if p.payment_id not in asked]
        if not owed:
            break
        payment = owed[0]
        asked.add(payment.payment_id)
        try:
            receipt = checkout.issue_receipt(payment.payment_id, receiver)
        except QPayError as exc:
            if not is_definite_refusal(exc):
                raise    # unknown: left pending for recovery to ask again
            refused.append(exc)
            continue
        journal.sales.receipt_issued(number, receipt)
    if refused:
        if journal.queries.get(number).status is JournalStatus.RECEIPT_PENDING:
            journal.sales.receipt_failed(number, refusal_text(refused[0]) + (
                f" (and {len(refused) - 1} more)" if len(refused) > 1 else ""))
        raise refused[0]
    sale = journal.queries.get(number)
    if sale.status is not JournalStatus.COMPLETED:   # a payment was added meanwhile: a bug, not bad input
        raise JournalError(f"Sale {number}: not every payment has its receipt.")
    return sale


def cancel_receipts(journal: Journal, checkout: Checkout, number: str) -> JournalSale:
    """Void every valid receipt of the sale in the tax system."""
    sale = journal.queries.get(number)
    if not sale.has_active_receipt or not (sale.payments or sale.tenders):
        raise JournalError(f"Sale {number} has no valid receipt to cancel.")
    journal.reversals.receipt_cancel_started(number)
    return settle_receipt_voids(journal, checkout, number)


def settle_receipt_voids(journal: Journal, checkout: Checkout, number: str) -> JournalSale:
    """Ask the void of each receipt being voided; a refusal ends that one as refused (the receipt stays
    valid, the reason in the history) and is raised after the others were asked.

    "No receipt for this payment" (`EBARIMT_NOT_REGISTERED`, the live service's `BARIMT_NOT_FOUND`)
    means voided: these receipts are ones the service issued to this merchant, so the code's other meaning
    ("not registered") cannot apply; it is how a receipt voided elsewhere (the merchant portal, another
    till) or by a lost earlier ask answers."""
    refused: list[QPayError] = []
    for receipt in journal.queries.get(number).receipts:
        if receipt.status is not ReceiptStatus.CANCELLING or receipt.is_posapi:
            continue     # (a PosAPI receipt is voided through PosAPI: returns.settle_voids)
        try:
            checkout.cancel_receipt(receipt.payment_id, asked_before=True)
        except QPayError as exc:
            if not is_definite_refusal(exc):
                raise    # unknown: left cancelling; asked again by the next check or start
            journal.reversals.receipt_cancel_failed(number, refusal_text(exc), receipt.payment_id)
            refused.append(exc)
            continue
        journal.reversals.receipt_cancelled(number, receipt.payment_id)
    if refused:
        raise refused[0]
    return journal.queries.get(number)


def reissue_receipts(journal: Journal, checkout: Checkout, number: str, receiver: Receiver) -> JournalSale:
    """Void the sale's receipts and issue them again for `receiver` (the wrong receiver was recorded)."""
    if journal.queries.get(number).has_active_receipt:
        cancel_receipts(journal, checkout, number)
    return issue_receipts(journal, checkout, number, receiver)
