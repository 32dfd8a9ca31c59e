"""A sale charged by QPay (no Qt; the money worker): the sale begun in the journal, its invoice created, and the
answer written, one function a way in.

- `charge`: a new sale, the whole total by QPay. `journal.sales.begin` takes its number (CREATING) before the call.
- `charge_rest`: a split sale's rest by QPay after cash or the card terminal. `journal.tenders.rest_started` moves
  it from its tenders to CREATING, the invoice asking only what they left due.

Both then create the invoice under the sale's number (`open_invoice`). An answer that proves nothing was made
(`CERTAIN_REFUSALS`) ends the step as failed (`invoice_failed`: the sale fails, or a split sale goes back to its
tenders); a lost answer (`OutcomeUnknownError`) leaves it CREATING: the invoice may exist, and recovery looks it up
by the sale's number, never creating it again.
"""

from __future__ import annotations

from dataclasses import replace

from pos_app.domain.sale import OpenInvoice, Sale
from pos_app.journal import Journal
from pos_app.qpay import OutcomeUnknownError

from .service import CERTAIN_REFUSALS, Checkout

__all__ = ["charge", "charge_rest", "open_invoice"]


def charge(journal: Journal, checkout: Checkout, sale: Sale) -> tuple[str, OpenInvoice]:
    """Begin `sale` (its number taken; journalled before the call: a crash from here on leaves a sale that
    recovery settles) and create its invoice for the whole total. Returns the number and the invoice."""
    number = journal.sales.begin(sale.lines, sale.total, sale.taxes, receipt_via=sale.receipt_via,
                                 sale_discount=sale.sale_discount)
    return number, open_invoice(journal, checkout, replace(sale, number=number))


def charge_rest(journal: Journal, checkout: Checkout, sale: Sale) -> OpenInvoice:
    """The rest of a split sale by QPay: `sale` (numbered, with its tenders) moves to CREATING and its invoice
    asks what the tenders left due."""
    journal.tenders.rest_started(sale.number)
    return open_invoice(journal, checkout, sale)


def open_invoice(journal: Journal, checkout: Checkout, sale: Sale) -> OpenInvoice:
    """Create the invoice of `sale`, whose step is journalled already (CREATING), and write the answer."""
    try:
        invoice = checkout.create_invoice(sale)
    except OutcomeUnknownError:
        raise  # the invoice may exist: the sale stays CREATING until recovery looks it up
    except CERTAIN_REFUSALS as exc:
        journal.sales.invoice_failed(sale.number, f"refused: {exc.error_code or type(exc).__name__}")
        raise
    journal.sales.invoice_opened(sale.number, invoice)
    return invoice
