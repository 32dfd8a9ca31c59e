"""A partly paid sale (no Qt; worker threads): check it across its invoices, invoice the rest, give the
part back, and settle what a crash interrupted.

Once part of a sale's amount is paid, its invoice cannot be cancelled (the service answers
`INVOICE_PAID`). The cashier can then:

- wait for the rest (the checks go on; `SaleCheck` says what is paid and what is still to go);
- ask a new invoice for the rest (`invoice_rest`): its own `sender_invoice_no`, `<number>-2`, journalled
  before the call (`journal.remainders.started`), so a lost answer is looked up by that number,
  never sent again; the sale is paid when its payments on all its invoices cover the total;
- give the part back when it was paid by card (`give_part_back`): the card payments are cancelled
  (journalled first), then the sale's invoices are cancelled and the sale ends CANCELLED, the payments
  given back recorded one by one (a give-back refused half-way records what did go back).

An invoice that expires (or is cancelled elsewhere) holding a part paid does not end the sale: that money is the
sale's, so the sale stays open, part paid, and the cashier invoices the rest or gives the part back as above. An
invoice for the rest that expired with nothing paid on it is closed (`close_expired_remainders`); one holding a
part keeps counting.

Money that arrives while or after a part is given back is never kept silently: the give-back applies to
its payments, and a check that sees other money closes that give-back's record (`money_after_give_back`)
so the sale waits again (or is paid). Once the sale is paid in full, its remainder invoices nobody paid are
cancelled and its invoices checked once more (`close_paid_sale`): a payment that landed on one that could
not be cancelled is recorded as an over-payment, owed its receipt.

Only an answer that proves the outcome moves a step on; anything else leaves it pending (and raises),
and the next try or the next start settles it by reading the state back (`settle_part_paid`).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from decimal import Decimal

from pos_app.domain.cart import CartLine
from pos_app.domain.sale import OpenInvoice, Sale, Stage
from pos_app.domain.taxes import TaxSplit
from pos_app.journal import Journal, JournalError, JournalSale, JournalStatus, ReceiptStatus, ReversalStatus
from pos_app.journal.sale_invoices import InvoiceStatus
from pos_app.qpay import (
    OutcomeUnknownError,
    QPayError,
)
from pos_app.qpay.statuses import normalize_invoice_status

from .after_sale import CancelOutcome, CancelResult, cancel_first_invoice, record_paid
from .receipts import refusal_text
from .remainders import (
    cancel_remainder,
    cancel_unpaid_remainders,
    close_expired_remainders,
    close_paid_sale,
    settle_remainders,
)
from .service import (
    CERTAIN_REFUSALS,
    Checkout,
    InvoiceState,
    PaymentCheck,
    given_back_before,
    is_definite_refusal,
)

logger = logging.getLogger(__name__)

# The reason recorded (and sent as the cancel's note) when the till gives a part payment back.
GIVE_BACK_REASON = "Part payment given back: the sale was not completed"


class NotByCard(JournalError):
    """Part of the money came by bank transfer: QPay cannot give it back."""


@dataclass(frozen=True)
class SaleCheck:
    """One check of a sale over all its invoices."""

    check: PaymentCheck                    # the whole sale: paid in full? what is paid, by which payments
    total: Decimal
    current: OpenInvoice | None = None     # the invoice to pay now: the newest live remainder, else the first
    amount_now: Decimal | None = None      # what it asks
    unpaid_remainders: tuple[str, ...] = ()   # live remainder invoices with no payment (their sender numbers)
    remainders: tuple[str, ...] = ()          # every live remainder invoice (paid in full: `close_paid_sale`)
    expired: bool = False                  # `current` expired at the service (seen when its status was read)

    @property
    def paid(self) -> Decimal:
        return self.check.paid_amount

    @property
    def due(self) -> Decimal:
        return max(Decimal(0), self.total - self.paid)

    @property
    def part_paid(self) -> bool:
        return not self.check.is_paid and self.paid > 0

    @property
    def can_give_back(self) -> bool:
        return self.part_paid and all(payment.is_card for payment in self.check.payments)


@dataclass(frozen=True)
class PartOutcome:
    """How a give-back ended: CANCELLED (the money given back), or PAID / PARTLY_PAID when money arrived."""

    result: CancelResult
    sale: JournalSale
    check: PaymentCheck | None = None


# -- checking ----------------------------------------------------------------------------------------


def check_sale(journal: Journal, checkout: Checkout, number: str, *, with_status: bool = False) -> SaleCheck:
    """Check the sale's first invoice and its live remainder invoices; the journal learns what the check
    proved (paid in full, or the invoice cancelled or expired elsewhere with nothing paid). `with_status` reads
    the invoices' own statuses too: the first invoice's when it is the only one, the remainders' always (one
    that expired unpaid is closed, and the invoice to pay now is the one before it)."""
    sale = journal.queries.get(number)
    if sale.invoice_id is None:
        raise JournalError(f"Sale {number} has no invoice to check.")
    expired = close_expired_remainders(journal, checkout, number) if with_status else ()
    live = [row for row in journal.remainders.invoices(number) if row.is_live]
    if not live:
        check = checkout.check_payment(sale.invoice_id, sale.qpay_due, with_status=with_status)
        first_invoice = OpenInvoice(sale.invoice_id, sale.qr_text, short_url=sale.short_url, banks=sale.banks)
        result = SaleCheck(check, sale.qpay_due, first_invoice, sale.qpay_due,
                           expired=check.invoice_state is InvoiceState.EXPIRED)
    else:
        first = checkout.check_payment(sale.invoice_id, sale.qpay_due)
        rest = [(row, checkout.check_payment(row.invoice_id or "", row.amount)) for row in live]
        payments = first.payments + tuple(payment for _, each in rest for payment in each.payments)
        paid = sum((payment.amount for payment in payments), Decimal(0))
        unpaid = tuple(row.sender_invoice_no for row, each in rest if not each.payments)
        result = SaleCheck(PaymentCheck(paid >= sale.qpay_due, paid, payments), sale.qpay_due, live[-1].invoice,
                           live[-1].amount, unpaid, tuple(row.sender_invoice_no for row in live),
                           live[-1].sender_invoice_no in expired)
    _record(journal, number, result.check)
    return result


def _record(journal: Journal, number: str, check: PaymentCheck) -> None:
    sale = journal.queries.get(number)
    if sale.status is JournalStatus.OPEN and _give_back_ended(sale):
        back = {payment.payment_id for payment in sale.given_back}
        if sale.reversal_status is ReversalStatus.DONE and not back:     # recorded before payments were listed
            back = {payment.payment_id for payment in sale.payments}
        new = tuple(payment for payment in check.payments if payment.payment_id not in back)
        # Money after the part went back (or, paid in full, after a give-back refused half-way): that
        # give-back's record closes; the sale waits for its money again, or is paid below.
        if new and (sale.reversal_status is ReversalStatus.DONE or check.is_paid):
            journal.remainders.money_after_give_back(number, new)
    if check.is_paid:
        record_paid(journal, number, check)
    elif check.payments:
        pass    # part paid: whatever became of the invoice, the money is the sale's and the sale stays open
    elif check.invoice_state is InvoiceState.CANCELLED:
        if journal.queries.get(number).status is JournalStatus.OPEN:
            journal.sales.invoice_cancelled(number)
    elif check.invoice_state is InvoiceState.EXPIRED:
        if journal.queries.get(number).status is JournalStatus.OPEN:
            journal.sales.expired(number)


# -- the rest as a new invoice ---------------------------------------------------------------------------


def invoice_rest(journal: Journal, checkout: Checkout, number: str) -> SaleCheck:
    """A new invoice for what the sale still lacks, and the sale checked afresh (its `current` is the new
    invoice). Paid in full meanwhile, or nothing paid: nothing is created. An unpaid invoice for exactly
    the rest is kept (never a second one); an unpaid one for another amount is cancelled first."""
    sale = journal.queries.get(number)
    if sale.status is not JournalStatus.OPEN:
        raise JournalError(f"Sale {number} is {sale.status.value}: only an open sale's rest can be invoiced.")
    settle_remainders(journal, checkout, number)
    now = check_sale(journal, checkout, number, with_status=True)    # an unpaid rest that expired is not kept
    if not now.part_paid:
        return now
    unpaid = [row for row in journal.remainders.invoices(number) if row.sender_invoice_no in now.unpaid_remainders]
    if unpaid and unpaid[-1].amount == now.due and unpaid[-1].invoice == now.current:
        return now
    for row in unpaid:
        cancel_remainder(journal, checkout, number, row)
    sender_no = journal.remainders.started(number, now.due, now.check.payments)
    request = Sale(sender_no, (_rest_line(sale, now.due),), now.due, TaxSplit(Decimal(0), Decimal(0)))
    try:
        invoice = checkout.create_invoice(request)
    except OutcomeUnknownError:
        raise   # it may exist: the row stays CREATING and is looked up by its number before anything else
    except CERTAIN_REFUSALS as exc:
        journal.remainders.failed(number, sender_no, refusal_text(exc))
        raise
    journal.remainders.opened(number, sender_no, invoice)
    return check_sale(journal, checkout, number)


def _rest_line(sale: JournalSale, amount: Decimal) -> CartLine:
    """One line for the rest (a part payment's receipt is one item for its amount). City tax only when every
    line of the sale carries it."""
    return CartLine(f"Rest of sale {sale.number}", Decimal(1), amount,
                    city_tax=all(line.city_tax for line in sale.lines))


# -- the part given back ----------------------------------------------------------------------------------


def give_part_back(journal: Journal, checkout: Checkout, number: str, reason: str = GIVE_BACK_REASON) -> PartOutcome:
    """Cancel the part payments (card only), then the sale's invoices. Paid in full meanwhile: nothing is
    given back (the sale is PAID); money that arrived while the part went back: the sale is still open
    (PARTLY_PAID). A payment by bank transfer: `NotByCard`, nothing is sent."""
    sale = journal.queries.get(number)
    if sale.status is not JournalStatus.OPEN:
        raise JournalError(f"Sale {number} is {sale.status.value}: only an open sale's part can be given back.")
    if sale.tenders_kept:
        raise JournalError(f"Sale {number} was paid partly in cash or on the card terminal: wait for the rest or "
                           "invoice it; its QPay part is not given back here.")
    if sale.reversal_status is ReversalStatus.PENDING:
        settle_part_reversal(journal, checkout, sale)    # asked before, answer lost: read back, never resent
    settle_remainders(journal, checkout, number)
    now = check_sale(journal, checkout, number)          # (money after an earlier give-back closes its record)
    if now.check.is_paid:
        return PartOutcome(CancelResult.PAID, journal.queries.get(number), now.check)
    back = {payment.payment_id for payment in journal.queries.get(number).given_back}   # a give-back refused half-way
    payments = tuple(payment for payment in now.check.payments if payment.payment_id not in back)
    if payments:
        if not all(payment.is_card for payment in payments):
            raise NotByCard(f"Sale {number}: a payment by bank transfer cannot be given back through QPay.")
        journal.remainders.part_reversal_started(number, payments, reason)
        try:
            amount = checkout.reverse_payments(payments, False, reason)
        except QPayError as exc:
            if is_definite_refusal(exc):     # what went back before the refusal stays recorded as given back
                journal.remainders.part_reversal_failed(number, refusal_text(exc), given_back_before(exc))
            raise    # otherwise unknown: left pending; the next try or start re-reads the payments
        journal.remainders.part_reversal_done(number, amount, payments)
    outcome = cancel_part_paid(journal, checkout, number)
    return PartOutcome(outcome.result, journal.queries.get(number), outcome.check)


def cancel_part_paid(journal: Journal, checkout: Checkout, number: str) -> CancelOutcome:
    """Cancel the sale's live remainder invoices, then its first invoice. An invoice that answers
    `INVOICE_PAID` took money meanwhile: the sale is checked again, and is PAID or still waiting
    (PARTLY_PAID); nothing more is cancelled."""
    for row in journal.remainders.invoices(number):
        if row.status is InvoiceStatus.OPEN:
            try:
                cancel_remainder(journal, checkout, number, row)
            except QPayError as exc:
                if exc.error_code != "INVOICE_PAID":
                    raise
                if checkout.check_payment(row.invoice_id or "", row.amount).payments:
                    return _money_arrived(journal, checkout, number)
                # Paid in full once and that money given back: closed, it takes no more money.
                journal.remainders.closed(number, row.sender_invoice_no, "paid in full and given back: closed")

    def money_arrived(sale: JournalSale) -> CancelOutcome:
        journal.sales.cancel_failed(number, "money arrived meanwhile: the invoice cannot be cancelled")
        return _money_arrived(journal, checkout, number)

    return cancel_first_invoice(journal, checkout, number, money_arrived)


def _money_arrived(journal: Journal, checkout: Checkout, number: str) -> CancelOutcome:
    """An invoice could not be cancelled because money arrived: the sale as a check finds it now."""
    now = check_sale(journal, checkout, number)
    return CancelOutcome(CancelResult.PAID if now.check.is_paid else CancelResult.PARTLY_PAID, now.check)


def settle_part_reversal(journal: Journal, checkout: Checkout, sale: JournalSale) -> None:
    """The part's cancel was asked and its answer lost: the payments read back say how it ended, one by one
    (those given back are recorded so, whatever became of the others)."""
    back = {payment.payment_id for payment in sale.given_back}
    asked = tuple(payment for payment in sale.payments if payment.payment_id not in back)
    returned = checkout.payments_given_back(asked)
    if len(returned) == len(asked):
        journal.remainders.part_reversal_done(sale.number, sum((p.amount for p in returned), Decimal(0)), returned)
        return
    journal.remainders.part_reversal_failed(sale.number, "no answer while giving the part back; " + (
        "the payment is still paid" if not returned else "only some of its payments were given back"), returned)


def _give_back_ended(sale: JournalSale) -> bool:
    """The sale's part give-back ended: done, or refused after returning some of it."""
    return sale.reversal_status is ReversalStatus.DONE or (
        sale.reversal_status is ReversalStatus.FAILED and bool(sale.given_back))


# -- after a crash -------------------------------------------------------------------------------------


def needs_part_settling(journal: Journal, sale: JournalSale) -> bool:
    """A sale still open (or being cancelled) with a remainder invoice or a part given back; or paid (no
    receipt asked yet, nothing being given back or voided) with a remainder invoice that may still take money
    (the till stopped before `close_paid_sale`)."""
    if sale.status in (JournalStatus.OPEN, JournalStatus.CANCELLING):
        return sale.reversal_status is not None or bool(journal.remainders.invoices(sale.number))
    return (sale.status is JournalStatus.PAID and sale.reversal_status is None
            and sale.receipt_status is not ReceiptStatus.CANCELLING
            and any(row.status in _MAY_TAKE_MONEY for row in journal.remainders.invoices(sale.number)))


_MAY_TAKE_MONEY = (InvoiceStatus.CREATING, InvoiceStatus.OPEN, InvoiceStatus.CANCELLING)


def settle_part_paid(journal: Journal, checkout: Checkout, sale: JournalSale) -> str:
    """Recovery of such a sale: "paid", "waiting" (resume its payment screen) or "cancelled"."""
    number = sale.number
    if sale.status is JournalStatus.CANCELLING and sale.invoice_id is not None:
        status = normalize_invoice_status(checkout.client.get_invoice(sale.invoice_id).invoice_status)
        if status == "CANCELLED":
            journal.sales.invoice_cancelled(number)
            return "cancelled"
        journal.sales.cancel_failed(number, "the till stopped while cancelling; the invoice is still open")
        sale = journal.queries.get(number)
    if sale.reversal_status is ReversalStatus.PENDING:
        settle_part_reversal(journal, checkout, sale)
        sale = journal.queries.get(number)
    settle_remainders(journal, checkout, number)
    if sale.reversal_status is ReversalStatus.DONE:
        # The part was given back: the cashier's cancel is finished (unless money came in meanwhile: then
        # the sale is checked, its give-back closed, and it waits or is paid).
        if cancel_part_paid(journal, checkout, number).result is CancelResult.CANCELLED:
            return "cancelled"
    check_sale(journal, checkout, number, with_status=True)
    status = journal.queries.get(number).status
    if status is JournalStatus.PAID:
        try:
            close_paid_sale(journal, checkout, number)
        except (QPayError, JournalError) as exc:     # the sale is paid; the next start tries the closing again
            logger.warning("sale %s paid; its other invoices could not be closed: %s", number, exc)
        return "paid"
    return "waiting" if status is JournalStatus.OPEN else "cancelled"


def resumable_sale(journal: Journal, sale: JournalSale) -> Sale:
    """The sale as the till shows it again: waiting on its newest live remainder invoice when it has one."""
    shown = sale.to_sale()
    if shown.stage is Stage.AWAITING_PAYMENT:
        live = [row for row in journal.remainders.invoices(sale.number) if row.is_live]
        if live and live[-1].invoice is not None:
            shown.invoice = live[-1].invoice
    return shown


__all__ = ["GIVE_BACK_REASON", "NotByCard", "PartOutcome", "SaleCheck", "cancel_part_paid", "cancel_remainder",
           "cancel_unpaid_remainders", "check_sale", "close_expired_remainders", "close_paid_sale", "give_part_back",
           "invoice_rest", "needs_part_settling", "resumable_sale", "settle_part_paid", "settle_remainders"]
