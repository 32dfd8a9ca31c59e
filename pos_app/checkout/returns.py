"""A sale returned (no Qt; worker threads): the money given back the way it came, then its tax receipt voided the
way it was issued.

- Cash and the card terminal (`return_tenders`): the cash goes back from the drawer and the terminal's payment is
  refunded on the terminal, by the cashier, so the journal records them as given back at once
  (`journal.tenders.refunded`), starting the receipt's void in the same transaction.
- QPay's card payments: `after_sale.give_back` (cancel or refund through QPay, journalled before the call).
- The receipts being voided (`settle_voids`): QPay's ebarimt through QPay (`receipts.settle_receipt_voids`), a
  receipt issued through PosAPI by ``DELETE /rest/receipt`` (`PosApiDesk.void`). A lost answer leaves the void
  pending for recovery; a refusal ends it as refused, the receipt still valid and its reason kept.
- A PosAPI receipt to an organization (B2B) is never sent to ``DELETE`` (PosAPI voids B2C receipts only): its sale
  is returned with the receipt still valid, and stays under "needs attention" (`JournalSale.stale_receipts`) until
  it is put right in the ebarimt portal and a manager marks it settled.
"""

from __future__ import annotations

from pos_app.domain.sale import ReceiptVia, Receiver
from pos_app.journal import Journal, JournalError, JournalSale, ReceiptStatus

from .posapi_desk import ORGANIZATION_VOID, PosApiDesk
from .receipts import issue_receipts, settle_receipt_voids
from .service import Checkout

__all__ = ["can_void_at_till", "issue_owed_receipt", "return_tenders", "settle_left_receipts", "settle_voids",
           "void_receipts"]


def return_tenders(journal: Journal, checkout: Checkout, posapi: PosApiDesk | None, number: str, reason: str,
                   *, void_receipt: bool = True) -> JournalSale:
    """Give back a sale paid by cash and the card terminal alone, and void its receipt when asked."""
    sale = journal.queries.get(number)
    if not sale.can_return_tenders:
        raise JournalError(f"Sale {number} cannot be returned here: only a paid sale paid by cash or the card "
                           "terminal, not given back already.")
    journal.tenders.refunded(number, reason, void_receipts=void_receipt and can_void_at_till(sale))
    settle_voids(journal, checkout, posapi, number)
    return journal.queries.get(number)


def can_void_at_till(sale: JournalSale) -> bool:
    """The sale has a valid receipt and the till can ask the void of every one (not one to an organization
    through PosAPI: that void is certain to be refused)."""
    return sale.has_active_receipt and all(row.voidable_at_till for row in sale.valid_receipts)


def settle_voids(journal: Journal, checkout: Checkout, posapi: PosApiDesk | None, number: str) -> JournalSale:
    """Ask the void of each of the sale's receipts being voided, through the service that issued it."""
    rows = [row for row in journal.queries.get(number).receipts if row.status is ReceiptStatus.CANCELLING]
    if any(not row.is_posapi for row in rows):
        settle_receipt_voids(journal, checkout, number)
    if any(row.is_posapi for row in rows):
        if posapi is None:
            raise JournalError(f"Sale {number}'s receipt was issued through PosAPI, and no PosAPI is set now: "
                               "set it in Settings to void the receipt.")
        posapi.void(journal, number)
    return journal.queries.get(number)


def void_receipts(journal: Journal, checkout: Checkout, posapi: PosApiDesk | None, number: str) -> JournalSale:
    """Void every valid receipt of the sale, the money kept (the history's Cancel receipt)."""
    sale = journal.queries.get(number)
    if not sale.has_active_receipt:
        raise JournalError(f"Sale {number} has no valid receipt to cancel.")
    if not can_void_at_till(sale):
        raise JournalError(f"Sale {number}: {ORGANIZATION_VOID}")
    journal.reversals.receipt_cancel_started(number)
    return settle_voids(journal, checkout, posapi, number)


def issue_owed_receipt(journal: Journal, checkout: Checkout, posapi: PosApiDesk | None, number: str,
                       receiver: Receiver) -> JournalSale:
    """The receipt a paid sale is owed (the history's Issue receipt), the way the sale gets its receipts."""
    sale = journal.queries.get(number)
    if sale.part_returns and sale.receipt_via is ReceiptVia.QPAY:
        # QPay's receipt is a whole payment's: what the customer kept after a return is receipted through PosAPI.
        if posapi is None:
            raise JournalError(f"Sale {number} had items returned: QPay's receipt would be for the whole payment. "
                               "Set PosAPI in Settings to receipt what the customer kept.")
        journal.returns.receipts_to_posapi(number)
        sale = journal.queries.get(number)
    if sale.receipt_via is ReceiptVia.POSAPI:
        if posapi is None:
            raise JournalError(f"Sale {number} gets its receipt through PosAPI, and no PosAPI is set now.")
        return posapi.print_only.fill_sale(posapi.issue(journal, number, receiver))
    return issue_receipts(journal, checkout, number, receiver)


def settle_left_receipts(journal: Journal, number: str, manager: str, note: str) -> int:
    """A manager says the receipts a return left standing were put right outside the till (the ebarimt portal,
    PosAPI's own tools), with what was done: the sale leaves "needs attention"; the tax figures stay as PosAPI
    holds them (`journal.returns.receipts_left_settled`). Returns how many receipts were settled."""
    return journal.returns.receipts_left_settled(number, manager, note)
