"""A sale's tenders in the journal: cash and the bank's card terminal, the QPay part for the rest, the tenders
handed back when the sale is cancelled before it is covered, and refunded when it is returned.

A tender counts once it is written: the step that records it is the one transaction that also takes the sale's
number (the first tender), moves it to PAID when the tenders cover the total, and logs it. Each step's detail
lists the tender as the day close reads money (`tender_rows.tender_record`: a payment typed CASH or TERMINAL),
and the step that makes the sale PAID lists all of its money (`payments_seen`), so the day close counts a tender
on the day it was taken and knows when the sale was paid.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from datetime import date, datetime
from decimal import Decimal

from pos_app.domain.cart import CartLine
from pos_app.domain.discounts import Discount
from pos_app.domain.sale import ReceiptVia
from pos_app.domain.taxes import TaxSplit
from pos_app.domain.tenders import CardTender, CashTender, TenderError, Tendering
from pos_app.domain.validators import check_reversal_reason

from . import receipt_rows, tender_rows
from .acting import acting
from .kept_cart import forget_kept_cart
from .numbers import take_number
from .receipt_rows import ReceiptStatus
from .record_text import discount_json, dumps, line_record, money_text, time_text
from .records import JournalStatus, ReversalKind, ReversalStatus
from .schema import JournalError
from .store import JournalStore
from .tender_rows import TenderStatus, tender_record

__all__ = ["Counted", "TenderSteps"]

_S = JournalStatus
Counted = CashTender | CardTender


class TenderSteps:
    """Tender steps, each one transaction of `store`."""

    def __init__(self, store: JournalStore) -> None:
        self.store = store

    def begin(self, lines: Iterable[CartLine], total: Decimal, taxes: TaxSplit,
                            tender: Counted, receipt_via: ReceiptVia, day: date | None = None,
                            sale_discount: Discount | None = None) -> str:
        """The sale's first tender: its number taken, the sale recorded (TENDERING, or PAID when the tender
        covers the total) and the tender counted, in one transaction. Returns the number."""
        lines = tuple(lines)
        if not lines:
            raise JournalError("A sale needs at least one line.")
        total_text = money_text(total, "total")
        try:
            state = Tendering(total).add(tender)
        except TenderError as exc:
            raise JournalError(str(exc)) from exc
        with self.store.writing() as db:
            now = self.store.now()
            number = take_number(db, self.store.terminal_id, day or now.date())
            db.execute("INSERT INTO sales (number, terminal, created_at, updated_at, status, total, vat, city_tax,"
                       " lines_json, receipt_via, cashier, discount_json) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                       (number, self.store.terminal_id, time_text(now), time_text(now), _S.TENDERING.value, total_text,
                        money_text(taxes.vat, "VAT"), money_text(taxes.city_tax, "city tax"),
                        dumps([line_record(line) for line in lines]), ReceiptVia(receipt_via).value, acting(),
                        discount_json(sale_discount)))
            self.store.log(db, number, now, "sale_begun", {"total": total_text, "lines": len(lines),
                                                      "receipt_via": ReceiptVia(receipt_via).value})
            self._count(db, number, tender, now, state.is_covered)
            forget_kept_cart(db, self.store.terminal_id)     # the sale holds the cart now (kept_cart.py)
        return number

    def take(self, number: str, tender: Counted) -> None:
        """One more tender of a sale being paid (TENDERING): PAID once the tenders cover the total."""
        with self.store.writing() as db:
            now = self.store.now()
            sale = self.store.sale_in(self.store.row_for(db, number, "tender_taken", {_S.TENDERING}))
            try:
                state = Tendering(sale.total, tuple(t.tender for t in sale.tenders_kept)).add(tender)
            except TenderError as exc:
                raise JournalError(f"Sale {number}: {exc}") from exc
            self._count(db, number, tender, now, state.is_covered)

    def _count(self, db: sqlite3.Connection, number: str, tender: Counted, now: datetime,
               covered: bool) -> None:
        tender_id = tender_rows.insert(db, number, tender, time_text(now))
        recorded = self.store.sale_in(db.execute("SELECT * FROM sales WHERE number = ?", (number,)).fetchone())
        taken = next(t for t in recorded.tenders if t.id == tender_id)
        self.store.log(db, number, now, "tender_taken", {"payments": [tender_record(taken)]})
        if covered:
            # With no way to issue a receipt (no PosAPI) the sale is done once paid; otherwise its receipt is owed.
            status = _S.COMPLETED if recorded.receipt_via is ReceiptVia.NONE else _S.PAID
            db.execute("UPDATE sales SET status = ?, paid_amount = ?, updated_at = ? WHERE number = ?",
                       (status.value, str(recorded.tendered), time_text(now), number))
            self.store.log(db, number, now, "payments_seen",
                      {"from": _S.TENDERING.value, "to": status.value,
                       "payments": [tender_record(t) for t in recorded.tenders_kept]})

    def rest_started(self, number: str) -> Decimal:
        """The rest by QPay: the sale goes CREATING with an invoice for what its tenders left due. Returns that."""
        with self.store.writing() as db:
            now = self.store.now()
            sale = self.store.sale_in(self.store.row_for(db, number, "qpay_rest_started", {_S.TENDERING}))
            if sale.invoice_id is not None:
                # Its number was an invoice's already (cancelled or expired): a second one could be taken for it.
                raise JournalError(f"Sale {number} had a QPay invoice already: take the rest another way.")
            due = sale.total - sale.tendered
            db.execute("UPDATE sales SET status = ?, invoice_amount = ?, failure = '', updated_at = ? WHERE number = ?",
                       (_S.CREATING.value, str(due), time_text(now), number))
            self.store.log(db, number, now, "qpay_rest_started", {"from": _S.TENDERING.value, "to": _S.CREATING.value,
                                                             "amount": str(due)})
        return due

    def handed_back(self, number: str, reason: str) -> Decimal:
        """The sale cancelled before its tenders covered it: the cash handed back, the terminal's charges voided
        there. CANCELLED; returns the amount handed back."""
        note = _reason(reason)
        with self.store.writing() as db:
            now = self.store.now()
            sale = self.store.sale_in(self.store.row_for(db, number, "tenders_handed_back", {_S.TENDERING}))
            amount = sum((t.amount for t in sale.tenders_kept), Decimal(0))
            tender_rows.move(db, number, TenderStatus.COUNTED, TenderStatus.HANDED_BACK, time_text(now))
            db.execute("UPDATE sales SET status = ?, reversal_kind = ?, reversal_status = ?, reversal_reason = ?,"
                       " reversed_amount = ?, updated_at = ? WHERE number = ?",
                       (_S.CANCELLED.value, ReversalKind.CANCEL.value, ReversalStatus.DONE.value, note,
                        str(amount), time_text(now), number))
            self.store.log(db, number, now, "tenders_handed_back",
                      {"from": _S.TENDERING.value, "to": _S.CANCELLED.value, "amount": str(amount), "reason": note,
                       "payments": [tender_record(t) for t in sale.tenders_kept]})
        return amount

    def refunded(self, number: str, reason: str, *, void_receipts: bool = True) -> Decimal:
        """A paid sale returned: its cash given back from the drawer (whole tögrög: with the rounding it was taken
        with, in each tender's record), its card-terminal payments refunded on the terminal. Its valid receipts
        move to CANCELLING in the same transaction when asked (the void is then owed even if the till stops right
        here). Only for a sale paid by tenders alone: QPay's money goes back
        through QPay (`ReversalSteps.started`). Returns the sale's amount given back (its rounding aside)."""
        note = _reason(reason)
        with self.store.writing() as db:
            now = self.store.now()
            sale = self.store.sale_in(self.store.row_for(db, number, "tenders_refunded", {_S.PAID, _S.COMPLETED}))
            if sale.payments:
                raise JournalError(f"Sale {number} was paid by QPay too: its QPay part goes back through QPay.")
            if not sale.tenders_kept:
                raise JournalError(f"Sale {number} has no tender left to give back.")
            amount = sum((t.amount for t in sale.tenders_kept), Decimal(0))
            tender_rows.move(db, number, TenderStatus.COUNTED, TenderStatus.REFUNDED, time_text(now))
            db.execute("UPDATE sales SET reversal_kind = ?, reversal_status = ?, reversal_reason = ?,"
                       " reversed_amount = ?, updated_at = ? WHERE number = ?",
                       (ReversalKind.REFUND.value, ReversalStatus.DONE.value, note, str(amount), time_text(now),
                        number))
            self.store.log(db, number, now, "tenders_refunded",
                      {"status": sale.status.value, "amount": str(amount), "reason": note,
                       "void_receipts": bool(void_receipts),
                       "payments": [tender_record(t) for t in sale.tenders_kept]})
            if void_receipts:
                moved = receipt_rows.move(db, number, ReceiptStatus.ISSUED, ReceiptStatus.CANCELLING, time_text(now))
                if moved:
                    summary = receipt_rows.summary_status(receipt_rows.rows_of(db, number))
                    db.execute("UPDATE sales SET receipt_status = ? WHERE number = ?", (summary.value, number))
                    self.store.log(db, number, now, "receipt_cancel_started",
                              {"receipts": moved, "receipt_status": summary.value})
        return amount


def _reason(reason: str) -> str:
    try:
        return check_reversal_reason(reason)
    except ValueError as exc:
        raise JournalError(str(exc)) from exc
