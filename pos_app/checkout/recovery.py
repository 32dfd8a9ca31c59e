"""Settling the sales a crash left open, with the service, before the cashier
sees an empty cart. One function a journal status; each asks the service first
and only then writes what it learned.

- creating, no invoice id: look the invoice up by `sender_invoice_no`;
  resume it if found, otherwise the attempt failed (nothing was created);
- invoice open: check the payment; paid, or resume waiting;
- cancelling: read the invoice; cancelled, paid, or back to open;
- paid without a receipt: the receipt step is offered again;
- partly paid, with a remainder invoice or its part being given back: `partial.settle_part_paid`;
- receipt being created: the service keeps one active receipt per payment, so
  asking again returns the receipt already made rather than a second one (for
  each payment still without one); a refusal leaves the sale paid, owed it;
- a card payment being given back: re-read the payments; given back, or the
  reversal failed (the cashier may try again from the history);
- a receipt being voided: ask again (a voided receipt answers "no receipt");
  a refusal (the month is closed, say) ends the void as refused, its reason
  kept for the history, instead of asking for ever;
- tenders taken but not covering the total: nothing to ask; the sale comes
  back on its tender page (its cash is in the drawer);
- a receipt through PosAPI being issued or voided: `PosApiDesk.settle` asks the
  same request again the same day (its bill number cannot make a second
  receipt), `PosApiDesk.void` asks the void again; on a later day the sale waits
  for a person (NEEDS_PERSON), who looks in PosAPI and records what it holds
  (`settled_by_hand`);
- a partial return whose QPay refund was not answered: the payment is read back;
  given back, it is done; still paid, the refund was not made and is asked again
  (a refusal then leaves it for the cashier: no cash is recorded that nobody was
  told to hand over); then its receipt is put right, also after a return whose
  correction the till stopped before asking (`partial_returns.settle_part_return`;
  a correction is a receipt like any other).

Only an answer that proves the outcome settles a step; anything else (5xx,
timeout, no connection, an unreadable answer) leaves it for the next try.
"""

from __future__ import annotations

import logging
from collections.abc import Collection
from dataclasses import dataclass
from decimal import Decimal
from enum import Enum

from pos_app.domain.sale import ReceiptVia
from pos_app.journal.journal import Journal, JournalError, JournalSale, JournalStatus, ReceiptStatus, ReversalStatus
from pos_app.posapi import PosApiError
from pos_app.qpay import QPayError
from pos_app.qpay.statuses import normalize_invoice_status

from .partial import needs_part_settling, settle_part_paid
from .partial_returns import correction_owed, refused_refunds, settle_part_return
from .posapi_desk import PosApiDesk, ReceiptNeedsPerson
from .receipts import issue_receipts
from .returns import settle_voids
from .service import Checkout, is_definite_refusal, open_invoice

logger = logging.getLogger(__name__)


class Recovered(Enum):
    FAILED = "failed"                # no invoice was ever created
    WAITING = "waiting"              # invoice open, not paid: resume the payment screen
    CANCELLED = "cancelled"
    PAID = "paid"                    # offer the receipt step
    COMPLETED = "completed"          # the receipt was there
    REVERSED = "reversed"            # the card payment was given back
    NOT_REVERSED = "not_reversed"    # the payment is still paid; the reversal is marked failed
    RECEIPT_CANCELLED = "receipt_cancelled"
    RECEIPT_REFUSED = "receipt_refused"                # the service refused the receipt: still owed
    RECEIPT_CANCEL_REFUSED = "receipt_cancel_refused"  # the service refused the void: the receipt stays
    TENDERING = "tendering"          # cash or the card terminal taken, the rest not yet: back on its tender page
    UNSETTLED = "unsettled"          # the service could not be asked; try again later
    NEEDS_PERSON = "needs_person"    # asking again could do harm (a PosAPI receipt of an earlier day): a person
    RETURNED = "returned"            # a partial return's money and receipt settled (see the sale for what is left)
    REFUND_REFUSED = "refund_refused"  # QPay refused a return's refund: the cashier asks again or hands it in cash


@dataclass(frozen=True)
class RecoveryOutcome:
    number: str
    result: Recovered
    detail: str = ""
    printable: bool = False          # a PosAPI receipt issued just now: its lottery is in memory to print


def recover_all(journal: Journal, checkout: Checkout, only: Collection[str] | None = None,
                posapi: PosApiDesk | None = None) -> list[RecoveryOutcome]:
    """Settle every unfinished sale (or `only` these numbers), oldest first; a failure to reach
    the service leaves it for later. `posapi` settles the receipts asked of the shop's PosAPI."""
    outcomes = []
    sales = {sale.number: sale for sale in journal.queries.unsettled() + journal.queries.unfinished()}
    for sale in sorted(sales.values(), key=lambda sale: sale.created_at):
        if only is not None and sale.number not in only:
            continue
        if not sale.needs_settling and not correction_owed(sale, posapi is not None):
            continue        # a receipt a return left standing that the till cannot put right: for a person
        try:
            outcomes.append(recover(journal, checkout, sale, posapi))
        except ReceiptNeedsPerson as exc:
            outcomes.append(RecoveryOutcome(sale.number, Recovered.NEEDS_PERSON, str(exc)))
        except (QPayError, PosApiError) as exc:
            logger.warning("recovery of %s postponed: %s", sale.number, type(exc).__name__)
            outcomes.append(RecoveryOutcome(sale.number, Recovered.UNSETTLED, str(exc)))
        except JournalError as exc:      # one sale's step refused must not stop the others being settled
            logger.error("recovery of %s refused by the journal: %s", sale.number, exc)
            outcomes.append(RecoveryOutcome(sale.number, Recovered.NEEDS_PERSON, str(exc)))
    return outcomes


def recover(journal: Journal, checkout: Checkout, sale: JournalSale,
            posapi: PosApiDesk | None = None) -> RecoveryOutcome:
    if sale.part_returns and sale.status is not JournalStatus.RECEIPT_PENDING and (
            any(not part.is_done for part in sale.part_returns) or correction_owed(sale, posapi is not None)
            or sale.receipt_status is ReceiptStatus.CANCELLING):
        after = settle_part_return(journal, checkout, posapi, sale.number, read_back=True)
        if refused_refunds(after):
            return RecoveryOutcome(sale.number, Recovered.REFUND_REFUSED)
        if any(not part.is_done for part in after.part_returns):
            return RecoveryOutcome(sale.number, Recovered.UNSETTLED, "QPay's refund could not be read yet")
        return RecoveryOutcome(sale.number, Recovered.RETURNED)
    if sale.receipt_via is ReceiptVia.POSAPI and (
            sale.status is JournalStatus.RECEIPT_PENDING or sale.receipt_status is ReceiptStatus.CANCELLING):
        return _posapi_receipt(journal, checkout, posapi, sale)
    if sale.status is JournalStatus.TENDERING:
        return RecoveryOutcome(sale.number, Recovered.TENDERING)
    if needs_part_settling(journal, sale):   # partly paid: a remainder invoice, or its part given back
        return RecoveryOutcome(sale.number, Recovered(settle_part_paid(journal, checkout, sale)))
    afterwards: RecoveryOutcome | None = None
    if sale.reversal_status is ReversalStatus.PENDING:
        afterwards = _reversal_pending(journal, checkout, sale)
        sale = journal.queries.get(sale.number)
    if sale.receipt_status is ReceiptStatus.CANCELLING:
        afterwards = _receipt_cancelling(journal, checkout, sale, posapi)
    if afterwards is not None:
        return afterwards
    status = sale.status
    if status is JournalStatus.CREATING:
        return _creating(journal, checkout, sale)
    if status is JournalStatus.OPEN:
        return _open(journal, checkout, sale)
    if status is JournalStatus.CANCELLING:
        return _cancelling(journal, checkout, sale)
    if status is JournalStatus.PAID:
        return RecoveryOutcome(sale.number, Recovered.PAID)
    if status is JournalStatus.RECEIPT_PENDING:
        return _receipt_pending(journal, checkout, sale)
    if sale.part_returns:          # returned, its receipt left for a person: nothing the service can tell
        return RecoveryOutcome(sale.number, Recovered.RETURNED)
    raise ValueError(f"sale {sale.number} is {status.value}: nothing to recover")


def _creating(journal: Journal, checkout: Checkout, sale: JournalSale) -> RecoveryOutcome:
    found = checkout.client.find_invoice(sale.number, invoice_code=checkout.config.invoice_code,
                                         amount=sale.qpay_due)
    if found is None:
        journal.sales.invoice_failed(sale.number, "not created: the till stopped before the service answered")
        return RecoveryOutcome(sale.number, Recovered.FAILED)
    journal.sales.invoice_opened(sale.number, open_invoice(found))
    return _open(journal, checkout, journal.queries.get(sale.number))


def _open(journal: Journal, checkout: Checkout, sale: JournalSale) -> RecoveryOutcome:
    assert sale.invoice_id is not None
    check = checkout.check_payment(sale.invoice_id, sale.qpay_due, with_status=True)
    if check.is_paid:
        journal.sales.payments_seen(sale.number, check.payments)
        return RecoveryOutcome(sale.number, Recovered.PAID)
    if check.invoice_state.value == "cancelled":
        journal.sales.cancel_started(sale.number)
        journal.sales.invoice_cancelled(sale.number)
        return RecoveryOutcome(sale.number, Recovered.CANCELLED)
    return RecoveryOutcome(sale.number, Recovered.WAITING)


def _cancelling(journal: Journal, checkout: Checkout, sale: JournalSale) -> RecoveryOutcome:
    assert sale.invoice_id is not None
    status = normalize_invoice_status(checkout.client.get_invoice(sale.invoice_id).invoice_status)
    if status == "CANCELLED":
        journal.sales.invoice_cancelled(sale.number)
        return RecoveryOutcome(sale.number, Recovered.CANCELLED)
    journal.sales.cancel_failed(sale.number, "the till stopped while cancelling; the invoice is still open")
    return _open(journal, checkout, journal.queries.get(sale.number))


def _receipt_pending(journal: Journal, checkout: Checkout, sale: JournalSale) -> RecoveryOutcome:
    if not sale.payments or sale.receiver is None:
        journal.sales.receipt_failed(sale.number, "the receipt request was not recorded in full")
        return RecoveryOutcome(sale.number, Recovered.PAID)
    try:
        done = issue_receipts(journal, checkout, sale.number, sale.receiver)
    except QPayError as exc:
        if not is_definite_refusal(exc):
            raise
        return RecoveryOutcome(sale.number, Recovered.RECEIPT_REFUSED, journal.queries.get(sale.number).failure)
    return RecoveryOutcome(sale.number, Recovered.COMPLETED,
                           ", ".join(receipt.lottery for receipt in done.current_receipts))


def _reversal_pending(journal: Journal, checkout: Checkout, sale: JournalSale) -> RecoveryOutcome:
    undone = checkout.payments_given_back(sale.payments)
    if len(undone) == len(sale.payments):
        # What this give-back returned: the payments a refusal half-way before it had not (it logged those).
        journal.reversals.done(sale.number, sum((payment.amount for payment in sale.payments_kept), Decimal(0)))
        return RecoveryOutcome(sale.number, Recovered.REVERSED)
    if undone:   # stopped half-way: what went back is recorded, the rest is still paid (give it back again)
        journal.remainders.reversal_partly_done(sale.number, undone, "the till stopped while giving the payments back; "
                                                "only some of them went back")
    else:
        journal.reversals.failed(sale.number, "the till stopped while giving the payment back; the payment is "
                                 "still paid")
    return RecoveryOutcome(sale.number, Recovered.NOT_REVERSED)


def _receipt_cancelling(journal: Journal, checkout: Checkout, sale: JournalSale,
                        posapi: PosApiDesk | None = None) -> RecoveryOutcome:
    try:
        settle_voids(journal, checkout, posapi, sale.number)   # QPay's through QPay, PosAPI's through PosAPI
    except QPayError as exc:
        if not is_definite_refusal(exc):
            raise
        return RecoveryOutcome(sale.number, Recovered.RECEIPT_CANCEL_REFUSED, journal.queries.get(sale.number).failure)
    return RecoveryOutcome(sale.number, Recovered.RECEIPT_CANCELLED)


def _posapi_receipt(journal: Journal, checkout: Checkout, posapi: PosApiDesk | None,
                    sale: JournalSale) -> RecoveryOutcome:
    if posapi is None:      # PosAPI was taken out of the settings: nothing can be asked
        return RecoveryOutcome(sale.number, Recovered.NEEDS_PERSON, "no PosAPI is set to settle its receipt with")
    if sale.receipt_status is ReceiptStatus.CANCELLING:
        try:
            settle_voids(journal, checkout, posapi, sale.number)
        except (PosApiError, QPayError, JournalError) as exc:
            if journal.queries.get(sale.number).receipt_status is ReceiptStatus.CANCELLING:
                raise
            return RecoveryOutcome(sale.number, Recovered.RECEIPT_CANCEL_REFUSED, str(exc))
        return RecoveryOutcome(sale.number, Recovered.RECEIPT_CANCELLED)
    done = posapi.settle(journal, sale)
    if done.status is JournalStatus.COMPLETED:
        printable = any(posapi.print_only.fill(row.receipt).lottery for row in done.valid_receipts)
        return RecoveryOutcome(sale.number, Recovered.COMPLETED, printable=printable)
    return RecoveryOutcome(sale.number, Recovered.RECEIPT_REFUSED, done.failure)


def settled_by_hand(journal: Journal, number: str, made: bool, note: str = "checked by the cashier") -> None:
    """A person looked the sale's pending PosAPI request up in PosAPI itself (its answer was lost and its day is
    over): the receipt was `made` (recorded valid), or not (the sale is owed its receipt again)."""
    journal.posapi.settled_by_hand(number, made, note)


# What recovery can put back on the screen: the customer paid (the receipt is owed), or the invoice waits.
_RESUMABLE_PAID = (JournalStatus.PAID, JournalStatus.RECEIPT_PENDING)


def sale_to_resume(journal: Journal) -> JournalSale | None:
    """The unfinished sale the till shows at start: a paid one first (its receipt is owed;
    the oldest), else the newest one with tenders taken (its cash is in the drawer), else the newest open
    invoice. The others stay in the history."""
    unfinished = journal.queries.unfinished()
    paid = [sale for sale in unfinished if sale.status in _RESUMABLE_PAID]
    if paid:
        return paid[0]
    tendering = [sale for sale in unfinished if sale.status is JournalStatus.TENDERING]
    if tendering:
        return tendering[-1]
    waiting = [sale for sale in unfinished if sale.status is JournalStatus.OPEN]
    return waiting[-1] if waiting else None
