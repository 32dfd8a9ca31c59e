"""A partly paid sale in the journal: its remainder invoices, and its part given back.

When part of a sale's amount is paid, the cashier can ask a new invoice for
the rest (a *remainder invoice*) or give the part back (card payments only).

- A remainder invoice has its own row in `sale_invoices` and its own
  `sender_invoice_no`, `<number>-2` (then `-3`...), so after a crash recovery
  finds it again by that number exactly as it finds a sale's first invoice,
  and the service holds at most one live invoice per number. Its row is
  written CREATING before the call, OPEN (or FAILED) after the answer. The
  sale's own row keeps its first invoice; the sale is paid when its payments
  on all its invoices cover the total.
- Giving the part back uses the sale's reversal columns while the sale is
  still OPEN (pending before the card cancel is sent, done or failed after);
  then the invoices are cancelled and the sale ends CANCELLED with the
  payments and the amount given back recorded.

The steps are `remainder_steps`' (`RemainderSteps`); this module holds what they
write and read back: a remainder invoice's row.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from enum import Enum

from pos_app.domain.sale import BankApp, OpenInvoice


class InvoiceStatus(str, Enum):
    CREATING = "creating"       # asked; the answer is not recorded yet (recovery looks it up by its number)
    OPEN = "open"
    FAILED = "failed"           # certainly not created
    CANCELLING = "cancelling"   # its cancel was asked; the answer is not recorded yet
    CANCELLED = "cancelled"


@dataclass(frozen=True)
class SaleInvoice:
    """A sale's remainder invoice, as the journal last recorded it."""

    number: str                 # the sale's number
    sender_invoice_no: str      # `<number>-2`, `<number>-3`...
    amount: Decimal
    status: InvoiceStatus
    invoice: OpenInvoice | None
    created_at: datetime
    failure: str = ""

    @property
    def invoice_id(self) -> str | None:
        return self.invoice.invoice_id if self.invoice else None

    @property
    def is_live(self) -> bool:
        """Can be paid at the service (or may be: a cancel not yet confirmed)."""
        return self.invoice is not None and self.status in (InvoiceStatus.OPEN, InvoiceStatus.CANCELLING)


def remainder_number(number: str, sequence: int) -> str:
    """The remainder invoice's `sender_invoice_no`: never a sale's own number (those have no fourth part)."""
    return f"{number}-{sequence}"


def invoice_from(row: sqlite3.Row) -> SaleInvoice:
    """A `sale_invoices` row as the invoice it records."""
    invoice = (OpenInvoice(row["invoice_id"], row["qr_text"], short_url=row["short_url"],
                           banks=tuple(BankApp(**bank) for bank in json.loads(row["banks_json"])))
               if row["invoice_id"] else None)
    return SaleInvoice(row["number"], row["sender_invoice_no"], Decimal(row["amount"]), InvoiceStatus(row["status"]),
                       invoice, datetime.fromisoformat(row["created_at"]), row["failure"])
