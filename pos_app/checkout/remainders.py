"""A partly paid sale's remainder invoices (no Qt; worker threads): cancel one, settle one whose answer was
lost, close one that expired, and close them once the sale is paid in full.

A remainder invoice (`<number>-2`, `-3`...) is journalled before each call (`journal.remainders`), so a lost
answer leaves it CREATING or CANCELLING, read back by `settle_remainders`, never sent again. The rest of a
partly paid sale (checking it, invoicing the rest, giving the part back) is in `pos_app.checkout.partial`.
"""

from __future__ import annotations

import logging

from pos_app.domain.sale import PaymentSeen
from pos_app.journal import Journal, JournalError, JournalStatus
from pos_app.journal.sale_invoices import InvoiceStatus, SaleInvoice
from pos_app.qpay import QPayError
from pos_app.qpay.statuses import InvoiceStatus as ServiceStatus
from pos_app.qpay.statuses import normalize_invoice_status

from .receipts import refusal_text
from .service import Checkout, is_definite_refusal, open_invoice

logger = logging.getLogger("pos_app.checkout.partial")     # the partly paid sale's log, as before the split

__all__ = ["cancel_remainder", "cancel_unpaid_remainders", "close_expired_remainders", "close_paid_sale",
           "settle_remainders"]

# Why a remainder invoice that expired unpaid is closed without a call (`journal.remainders.closed`).
EXPIRED_UNPAID = "expired at the service with nothing paid: it takes no more money"


def cancel_remainder(journal: Journal, checkout: Checkout, number: str, row: SaleInvoice) -> None:
    """Cancel one remainder invoice, journalled first; a lost answer leaves it CANCELLING (read back later)."""
    journal.remainders.cancel_started(number, row.sender_invoice_no)
    try:
        checkout.cancel_invoice(row.invoice_id or "")
    except QPayError as exc:
        if exc.error_code == "INVOICE_ALREADY_CANCELED":
            journal.remainders.cancelled(number, row.sender_invoice_no)
            return
        if is_definite_refusal(exc):
            journal.remainders.cancel_failed(number, row.sender_invoice_no, refusal_text(exc))
        raise
    journal.remainders.cancelled(number, row.sender_invoice_no)


def cancel_unpaid_remainders(journal: Journal, checkout: Checkout, number: str,
                             sender_numbers: tuple[str, ...]) -> None:
    """After the sale was paid in full elsewhere: its remainder invoices nobody paid are cancelled, so
    nobody pays them."""
    for row in journal.remainders.invoices(number):
        if row.sender_invoice_no in sender_numbers and row.status is InvoiceStatus.OPEN:
            cancel_remainder(journal, checkout, number, row)


def close_paid_sale(journal: Journal, checkout: Checkout, number: str) -> tuple[PaymentSeen, ...]:
    """A sale paid in full across its invoices: cancel the remainder invoices nobody paid, then check every
    invoice that may still take money once more (a partly paid first invoice cannot be cancelled; a cancel
    can lose the race with the customer). A payment the sale does not have is recorded as money received, an
    over-payment owed its receipt (`surplus_payments_seen`). Returns those payments. A cancel that failed is
    raised after the check."""
    sale = journal.queries.get(number)
    if sale.status not in (JournalStatus.PAID, JournalStatus.RECEIPT_PENDING, JournalStatus.COMPLETED):
        raise JournalError(f"Sale {number} is {sale.status.value}: only a paid sale's invoices are closed.")
    settle_remainders(journal, checkout, number)
    troubles: list[QPayError] = []
    for row in journal.remainders.invoices(number):
        if row.status is not InvoiceStatus.OPEN or not row.invoice_id:
            continue
        if checkout.check_payment(row.invoice_id, row.amount).payments:
            continue        # paid: it cannot be cancelled, and its payments are looked at below
        try:
            cancel_remainder(journal, checkout, number, row)
        except QPayError as exc:
            if exc.error_code != "INVOICE_PAID":     # paid meanwhile: found below
                troubles.append(exc)
    sale = journal.queries.get(number)
    assert sale.invoice_id is not None
    invoices = [(sale.invoice_id, sale.qpay_due)] + [
        (row.invoice_id, row.amount) for row in journal.remainders.invoices(number)
        if row.invoice_id and row.status in (InvoiceStatus.OPEN, InvoiceStatus.CANCELLING)]
    known = {payment.payment_id for payment in sale.payments + sale.given_back}
    seen: dict[str, PaymentSeen] = {}
    for invoice_id, amount in invoices:
        for payment in checkout.check_payment(invoice_id, amount).payments:
            if payment.payment_id not in known:
                seen.setdefault(payment.payment_id, payment)
    recorded = journal.remainders.surplus_payments_seen(number, tuple(seen.values())) if seen else ()
    if recorded:
        logger.warning("sale %s: %d payment(s) arrived after it was paid in full; recorded as an over-payment",
                       number, len(recorded))
    if troubles:
        raise troubles[0]
    return recorded


def settle_remainders(journal: Journal, checkout: Checkout, number: str) -> None:
    """A remainder invoice whose creation or cancel answer was lost: looked up by its number, or read back."""
    for row in journal.remainders.invoices(number):
        if row.status is InvoiceStatus.CREATING:
            found = checkout.client.find_invoice(row.sender_invoice_no, invoice_code=checkout.config.invoice_code,
                                                 amount=row.amount)
            if found is None:
                journal.remainders.failed(number, row.sender_invoice_no, "not created: no answer from the service")
            else:
                journal.remainders.opened(number, row.sender_invoice_no, open_invoice(found))
        elif row.status is InvoiceStatus.CANCELLING and row.invoice_id:
            status = normalize_invoice_status(checkout.client.get_invoice(row.invoice_id).invoice_status)
            if status == "CANCELLED":
                journal.remainders.cancelled(number, row.sender_invoice_no)
            else:
                journal.remainders.cancel_failed(number, row.sender_invoice_no, "the cancel did not reach it")


def close_expired_remainders(journal: Journal, checkout: Checkout, number: str) -> tuple[str, ...]:
    """Read the status of the sale's open remainder invoices. One the service says EXPIRED takes no more money:
    with nothing paid on it, it is done with (recorded closed: no call, nothing on it to lose); holding a part
    payment, it stays, so that money keeps counting as the sale's. Its payments are read after its status,
    when none can land any more. Returns the expired ones still counted (their sender numbers)."""
    counted: list[str] = []
    for row in journal.remainders.invoices(number):
        if row.status is not InvoiceStatus.OPEN or not row.invoice_id:
            continue
        if checkout.client.get_invoice(row.invoice_id).status != ServiceStatus.EXPIRED:
            continue
        if checkout.check_payment(row.invoice_id, row.amount).payments:
            counted.append(row.sender_invoice_no)
        else:
            journal.remainders.closed(number, row.sender_invoice_no, EXPIRED_UNPAID)
    return tuple(counted)
