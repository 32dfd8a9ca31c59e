"""Reading the journal: one sale, its step log, and the sales recovery, the history and the day close ask for.

Every read takes the journal's lock and reads the sales with their receipts at one moment. `JournalReads` is a
part of `Journal` (a base class).
"""

from __future__ import annotations

import json
import sqlite3
from datetime import date, datetime, timedelta
from typing import TYPE_CHECKING, Any, Iterable

from .receipt_rows import ReceiptStatus
from .records import UNFINISHED_STATUSES, JournalSale, JournalStatus, ReversalStatus, SaleNotFound, sales_from_rows

if TYPE_CHECKING:
    from .journal import Journal

_S = JournalStatus


class JournalReads:
    """The journal's queries (mixed into `Journal`)."""

    def get(self: Journal, number: str) -> JournalSale:
        sales = self._read_sales("SELECT * FROM sales WHERE number = ?", (number,))
        if not sales:
            raise SaleNotFound(number)
        return sales[0]

    def unfinished(self: Journal) -> list[JournalSale]:
        """The sales a crash may have interrupted, oldest first."""
        statuses = sorted(status.value for status in UNFINISHED_STATUSES)
        marks = ", ".join("?" * len(statuses))
        # A paid sale whose payment was given back (or is being given back) is owed no receipt.
        # Only placeholders are formatted in; every value is bound.
        return self._read_sales(f"SELECT * FROM sales WHERE status IN ({marks}) AND NOT "  # noqa: S608
                                "(status = ? AND coalesce(reversal_status, '') IN (?, ?)) ORDER BY created_at, rowid",
                                (*statuses, _S.PAID.value, ReversalStatus.PENDING.value, ReversalStatus.DONE.value))

    def unsettled_afterwards(self: Journal) -> list[JournalSale]:
        """Finished sales whose refund or receipt cancel a crash may have interrupted, oldest first."""
        return self._read_sales("SELECT * FROM sales WHERE reversal_status = ? OR receipt_status = ? "
                                "ORDER BY created_at, rowid",
                                (ReversalStatus.PENDING.value, ReceiptStatus.CANCELLING.value))

    def sales_between(self: Journal, start: date, end: date) -> list[JournalSale]:
        """Sales begun from `start` to `end` (both included, local days), newest first."""
        return self._read_sales("SELECT * FROM sales WHERE created_at >= ? AND created_at < ? "
                                "ORDER BY created_at DESC, rowid DESC",
                                (start.isoformat(), (end + timedelta(days=1)).isoformat()))

    def most_sold(self: Journal, limit: int = 12, days: int = 30) -> list[str]:
        """The barcodes in the most paid sales of this till over the last `days`, most first (quick keys)."""
        since = (self._now().date() - timedelta(days=days)).isoformat()
        counts: dict[str, int] = {}
        for row in self._read("SELECT lines_json FROM sales WHERE terminal = ? AND created_at >= ? AND status IN"
                              " ('paid', 'receipt_pending', 'completed')", (self.terminal_id, since)):
            for barcode in {line.get("barcode") for line in json.loads(row["lines_json"])}:
                if barcode:
                    counts[barcode] = counts.get(barcode, 0) + 1
        return sorted(counts, key=lambda code: (-counts[code], code))[:limit]

    def events(self: Journal, number: str) -> list[tuple[datetime, str, dict]]:
        """The sale's step log, in the order the steps were written."""
        self.get(number)
        rows = self._read("SELECT at, kind, detail_json FROM events WHERE number = ? ORDER BY id", (number,))
        return [(datetime.fromisoformat(row["at"]), row["kind"], json.loads(row["detail_json"])) for row in rows]

    def activity_between(self: Journal, start: date, end: date,
                         ) -> tuple[list[JournalSale], list[tuple[str, datetime, str, dict[str, Any]]]]:
        """What happened from `start` to `end` (both included, local days), read at one moment: the sales with
        a step written then (whenever they were begun), oldest first, and those steps as (sale number, time,
        kind, detail), in the order they were written."""
        bounds = (start.isoformat(), (end + timedelta(days=1)).isoformat())
        with self._lock:
            db = self._connection()
            events = db.execute("SELECT number, at, kind, detail_json FROM events WHERE at >= ? AND at < ?"
                                " ORDER BY id", bounds).fetchall()
            rows = db.execute("SELECT * FROM sales WHERE number IN (SELECT number FROM events WHERE at >= ?"
                              " AND at < ?) ORDER BY created_at, rowid", bounds).fetchall()
            sales = sales_from_rows(db, rows)
        return sales, [(row["number"], datetime.fromisoformat(row["at"]), row["kind"], json.loads(row["detail_json"]))
                       for row in events]

    def sales_needing_attention(self: Journal) -> list[JournalSale]:
        """Sales of any day someone must see to, oldest first: left half-way (CREATING, OPEN, CANCELLING),
        money kept without a valid receipt for every payment (`owes_receipt`: never issued, refused, or voided
        afterwards), a give-back asked but not answered or failed, a receipt void not answered."""
        half_way = (_S.TENDERING.value, _S.CREATING.value, _S.OPEN.value, _S.CANCELLING.value, _S.PAID.value,
                    _S.RECEIPT_PENDING.value)
        candidates = self._read_sales(
            "SELECT * FROM sales WHERE status IN (?, ?, ?, ?, ?, ?) OR reversal_status IN (?, ?) OR receipt_status = ?"
            " OR (status = ? AND EXISTS (SELECT 1 FROM receipts WHERE receipts.number = sales.number"
            " AND receipts.status = ?)) ORDER BY created_at, rowid",
            (*half_way, ReversalStatus.PENDING.value, ReversalStatus.FAILED.value, ReceiptStatus.CANCELLING.value,
             _S.COMPLETED.value, ReceiptStatus.CANCELLED.value))
        return [sale for sale in candidates
                if sale.owes_receipt or sale.status in (_S.TENDERING, _S.CREATING, _S.OPEN, _S.CANCELLING)
                or sale.reversal_status in (ReversalStatus.PENDING, ReversalStatus.FAILED)
                or sale.receipt_status is ReceiptStatus.CANCELLING]

    def _read(self: Journal, sql: str, params: Iterable[object] = ()) -> list[sqlite3.Row]:
        with self._lock:
            return self._connection().execute(sql, tuple(params)).fetchall()

    def _read_sales(self: Journal, sql: str, params: Iterable[object] = ()) -> list[JournalSale]:
        """The sales a query selects, each with its receipts (one read under the lock)."""
        with self._lock:
            db = self._connection()
            rows = db.execute(sql, tuple(params)).fetchall()
            return sales_from_rows(db, rows)
