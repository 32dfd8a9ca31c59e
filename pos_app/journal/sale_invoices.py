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

`JournalInvoices` is a part of `Journal` (a base class): its steps run in the
journal's own transactions and log to the same `events` table.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import asdict, dataclass
from datetime import datetime
from decimal import Decimal
from enum import Enum
from typing import TYPE_CHECKING, Callable, Iterable

from pos_app.domain.sale import BankApp, OpenInvoice, PaymentSeen
from pos_app.domain.validators import check_reversal_reason

from .records import JournalStatus
from .schema import JournalError

if TYPE_CHECKING:
    from .journal import Journal


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


class JournalInvoices:
    """The steps of a partly paid sale (mixed into `Journal`)."""

    def invoices_of(self: Journal, number: str) -> tuple[SaleInvoice, ...]:
        """The sale's remainder invoices, oldest first (its first invoice is on the sale itself)."""
        rows = self._read("SELECT * FROM sale_invoices WHERE number = ? ORDER BY id", (number,))
        return tuple(_invoice_from(row) for row in rows)

    def remainder_started(self: Journal, number: str, amount: Decimal, paid: Iterable[PaymentSeen]) -> str:
        """Before Create Invoice for the rest: `amount` is the sale's total less `paid`. Returns the new
        invoice's `sender_invoice_no`."""
        paid = tuple(paid)
        paid_sum = sum((payment.amount for payment in paid), Decimal(0))
        if not isinstance(amount, Decimal) or not amount.is_finite() or amount <= 0:
            raise JournalError(f"A remainder invoice needs an amount above 0, not {amount!r}.")
        now = self._now()
        with self._writing() as db:
            row = self._row_for(db, number, "remainder_started", _open())
            if row["reversal_status"] in ("pending", "done"):
                raise JournalError(f"Sale {number}: its part is being given back or was given back.")
            if Decimal(row["total"]) - paid_sum != amount:
                raise JournalError(f"Sale {number}: the rest of {row['total']} after {paid_sum} is not {amount}.")
            states = [status for (status,) in db.execute("SELECT status FROM sale_invoices WHERE number = ?",
                                                          (number,)).fetchall()]
            if InvoiceStatus.CREATING.value in states:
                raise JournalError(f"Sale {number}: an invoice for the rest is still being created.")
            sender_no = remainder_number(number, len(states) + 2)
            at = now.isoformat(timespec="microseconds")
            db.execute("INSERT INTO sale_invoices (number, sender_invoice_no, amount, status, created_at, changed_at)"
                       " VALUES (?, ?, ?, ?, ?, ?)", (number, sender_no, str(amount), InvoiceStatus.CREATING.value,
                                                     at, at))
            self._log(db, number, now, "remainder_started", {
                "sender_invoice_no": sender_no, "amount": str(amount),
                "paid": [{"payment_id": p.payment_id, "amount": str(p.amount), "type": p.kind} for p in paid]})
        return sender_no

    def remainder_opened(self: Journal, number: str, sender_invoice_no: str, invoice: OpenInvoice) -> None:
        if not invoice.invoice_id:
            raise JournalError("An open invoice needs its id.")
        self._invoice_step(number, sender_invoice_no, "remainder_opened", {InvoiceStatus.CREATING},
                           InvoiceStatus.OPEN, {
                               "invoice_id": invoice.invoice_id, "qr_text": invoice.qr_text,
                               "short_url": invoice.short_url,
                               "banks_json": json.dumps([asdict(bank) for bank in invoice.banks],
                                                        ensure_ascii=False, sort_keys=True)},
                           {"invoice_id": invoice.invoice_id, "recovered": invoice.recovered})

    def remainder_failed(self: Journal, number: str, sender_invoice_no: str, reason: str) -> None:
        self._invoice_step(number, sender_invoice_no, "remainder_failed", {InvoiceStatus.CREATING},
                           InvoiceStatus.FAILED, {}, {}, reason)

    def remainder_cancel_started(self: Journal, number: str, sender_invoice_no: str) -> None:
        self._invoice_step(number, sender_invoice_no, "remainder_cancel_started", {InvoiceStatus.OPEN},
                           InvoiceStatus.CANCELLING)

    def remainder_cancelled(self: Journal, number: str, sender_invoice_no: str) -> None:
        self._invoice_step(number, sender_invoice_no, "remainder_cancelled",
                           {InvoiceStatus.CANCELLING, InvoiceStatus.OPEN}, InvoiceStatus.CANCELLED)

    def remainder_cancel_failed(self: Journal, number: str, sender_invoice_no: str, reason: str) -> None:
        self._invoice_step(number, sender_invoice_no, "remainder_cancel_failed", {InvoiceStatus.CANCELLING},
                           InvoiceStatus.OPEN, {}, {}, reason)

    # -- the part given back (card payments of a sale still open) -------------------------

    def part_reversal_started(self: Journal, number: str, payments: Iterable[PaymentSeen], reason: str) -> None:
        """Before the card payments of a partly paid sale are cancelled: which ones, and why."""
        payments = tuple(payments)
        if not payments or not all(payment.is_card for payment in payments):
            raise JournalError(f"Sale {number}: only card payments can be given back through QPay.")
        try:
            note = check_reversal_reason(reason)
        except ValueError as exc:
            raise JournalError(str(exc)) from exc
        records = [{"payment_id": p.payment_id, "amount": str(p.amount), "bank": p.bank, "type": p.kind}
                   for p in payments]

        def not_reversed(row: sqlite3.Row) -> None:
            if row["reversal_status"] in ("pending", "done"):
                raise JournalError(f"Sale {number}: its part is already being given back or was given back.")

        paid = sum((payment.amount for payment in payments), Decimal(0))
        self._step(number, "part_reversal_started", _open(), None, {
            "reversal_kind": "cancel", "reversal_status": "pending", "reversal_reason": note,
            "payment_ids_json": json.dumps(records, ensure_ascii=False, sort_keys=True), "paid_amount": str(paid),
            "bank": ", ".join(dict.fromkeys(p.bank for p in payments if p.bank))},
            {"payments": records, "reason": note}, check=not_reversed)

    def part_reversal_done(self: Journal, number: str, amount: Decimal) -> None:
        self._step(number, "part_reversal_done", _open(), None,
                   {"reversal_status": "done", "reversed_amount": str(amount)}, {"amount": str(amount)},
                   check=_pending(number))

    def part_reversal_failed(self: Journal, number: str, reason: str) -> None:
        self._failed_step(number, "part_reversal_failed", _open(), None, reason, {"reversal_status": "failed"},
                          check=_pending(number))

    # -- plumbing -------------------------------------------------------------------------

    def _invoice_step(self: Journal, number: str, sender_invoice_no: str, kind: str, allowed: set[InvoiceStatus],
                      status: InvoiceStatus, columns: dict[str, object] | None = None,
                      detail: dict[str, object] | None = None, failure: str = "") -> None:
        """Move one remainder invoice from one of `allowed` to `status`: one transaction, logged on the sale."""
        changes: dict[str, object] = {"status": status.value, "failure": str(failure).strip()[:1000],
                                      **(columns or {})}
        if set(changes) - _INVOICE_COLUMNS:   # column names go into the SQL text: only our own
            raise ValueError(f"not a sale_invoices column: {sorted(set(changes) - _INVOICE_COLUMNS)}")
        now = self._now()
        with self._writing() as db:
            row = db.execute("SELECT status FROM sale_invoices WHERE number = ? AND sender_invoice_no = ?",
                             (number, sender_invoice_no)).fetchone()
            if row is None:
                raise JournalError(f"Sale {number} has no invoice {sender_invoice_no}.")
            if InvoiceStatus(row["status"]) not in allowed:
                raise JournalError(f"Invoice {sender_invoice_no} is {row['status']}: cannot record {kind}.")
            changes["changed_at"] = now.isoformat(timespec="microseconds")
            assignments = ", ".join(f"{name} = ?" for name in changes)
            db.execute(f"UPDATE sale_invoices SET {assignments} WHERE sender_invoice_no = ?",  # noqa: S608
                       (*changes.values(), sender_invoice_no))
            logged = {"sender_invoice_no": sender_invoice_no, "from": row["status"], "to": status.value,
                      **(detail or {})}
            if failure:
                logged["reason"] = changes["failure"]
            self._log(db, number, now, kind, logged)


def _open() -> set[JournalStatus]:
    """{JournalStatus.OPEN}: the steps of a partly paid sale are taken while it is open."""
    return {JournalStatus.OPEN}
_INVOICE_COLUMNS = frozenset({"status", "failure", "changed_at", "invoice_id", "qr_text", "short_url", "banks_json"})


def _pending(number: str) -> Callable[[sqlite3.Row], None]:
    def check(row: sqlite3.Row) -> None:
        if row["reversal_status"] != "pending":
            raise JournalError(f"Sale {number}: no part is being given back "
                               f"(it is {row['reversal_status'] or 'not started'}).")
    return check


def _invoice_from(row: sqlite3.Row) -> SaleInvoice:
    invoice = (OpenInvoice(row["invoice_id"], row["qr_text"], short_url=row["short_url"],
                           banks=tuple(BankApp(**bank) for bank in json.loads(row["banks_json"])))
               if row["invoice_id"] else None)
    return SaleInvoice(row["number"], row["sender_invoice_no"], Decimal(row["amount"]), InvoiceStatus(row["status"]),
                       invoice, datetime.fromisoformat(row["created_at"]), row["failure"])

