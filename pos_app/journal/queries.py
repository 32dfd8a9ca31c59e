"""Reading the journal: one sale, its step log, and the sales recovery, the history and the day close ask for.

`SaleQueries` reads over a `Reading` source: the journal's store (each read under its lock, the sales with their
receipts at one moment), or `OneConnection`, another connection of the same file (the day close reads the day
inside its own transaction there).
"""

from __future__ import annotations

import json
import sqlite3
from datetime import date, datetime, timedelta
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Iterator, Protocol

from pos_app.domain.sale import ReceiptVia

from .receipt_rows import ReceiptStatus
from .schema import rows_by_sale
from .records import UNFINISHED_STATUSES, JournalSale, JournalStatus, ReversalStatus, SaleNotFound, sales_from_rows

_S = JournalStatus


class Reading(Protocol):
    """Where `SaleQueries` reads: the terminal's journal file, at one moment per `reading()`."""

    @property
    def terminal_id(self) -> str: ...

    def reading(self) -> AbstractContextManager[sqlite3.Connection]: ...

    def now(self) -> datetime: ...


@dataclass(frozen=True)
class OneConnection:
    """A `Reading` over a connection the caller holds (inside its own transaction: no lock taken)."""

    db: sqlite3.Connection
    terminal_id: str
    clock: Callable[[], datetime]

    @contextmanager
    def reading(self) -> Iterator[sqlite3.Connection]:
        yield self.db

    def now(self) -> datetime:
        return self.clock()


class SaleQueries:
    """The sales, their step logs and what the store ships, read from `source`."""

    def __init__(self, source: Reading) -> None:
        self.source = source

    @property
    def terminal_id(self) -> str:
        return self.source.terminal_id

    def get(self, number: str) -> JournalSale:
        sales = self._sales("SELECT * FROM sales WHERE number = ?", (number,))
        if not sales:
            raise SaleNotFound(number)
        return sales[0]

    def unfinished(self) -> list[JournalSale]:
        """The sales a crash may have interrupted, oldest first."""
        statuses = sorted(status.value for status in UNFINISHED_STATUSES)
        marks = ", ".join("?" * len(statuses))
        # A paid sale whose payment was given back (or is being given back) is owed no receipt.
        # Only placeholders are formatted in; every value is bound.
        return self._sales(f"SELECT * FROM sales WHERE status IN ({marks}) AND NOT "  # noqa: S608
                           "(status = ? AND coalesce(reversal_status, '') IN (?, ?)) ORDER BY created_at, rowid",
                           (*statuses, _S.PAID.value, ReversalStatus.PENDING.value, ReversalStatus.DONE.value))

    def unsettled(self) -> list[JournalSale]:
        """Finished sales whose refund, receipt cancel or partial return's QPay refund a crash may have interrupted,
        or whose receipt a partial return may have left to put right (a valid receipt made before a return and not
        settled by a manager since, or QPay's receipts voided by a return), oldest first. (Which of the last can be
        put right at the till is recovery's to say: `checkout.partial_returns.correction_owed`.)"""
        return self._sales(
            "SELECT * FROM sales WHERE reversal_status = ? OR receipt_status = ? OR EXISTS"
            " (SELECT 1 FROM part_returns WHERE part_returns.number = sales.number AND part_returns.status = ?)"
            " OR EXISTS (SELECT 1 FROM part_returns JOIN receipts ON receipts.number = part_returns.number"
            " WHERE part_returns.number = sales.number AND receipts.status = ? AND receipts.settled = ''"
            " AND receipts.issued_at <= part_returns.at)"
            " OR (receipt_via = ? AND receipt_status = ? AND EXISTS"
            " (SELECT 1 FROM part_returns WHERE part_returns.number = sales.number))"
            " ORDER BY created_at, rowid",
            (ReversalStatus.PENDING.value, ReceiptStatus.CANCELLING.value, "pending", ReceiptStatus.ISSUED.value,
             ReceiptVia.POSAPI.value, ReceiptStatus.CANCELLED.value))

    def between(self, start: date, end: date) -> list[JournalSale]:
        """Sales begun from `start` to `end` (both included, local days), newest first."""
        return self._sales("SELECT * FROM sales WHERE created_at >= ? AND created_at < ? "
                           "ORDER BY created_at DESC, rowid DESC",
                           (start.isoformat(), (end + timedelta(days=1)).isoformat()))

    def most_sold(self, limit: int = 12, days: int = 30) -> list[str]:
        """The barcodes in the most paid sales of this till over the last `days`, most first (quick keys)."""
        since = (self.source.now().date() - timedelta(days=days)).isoformat()
        counts: dict[str, int] = {}
        for row in self._read("SELECT lines_json FROM sales WHERE terminal = ? AND created_at >= ? AND status IN"
                              " ('paid', 'receipt_pending', 'completed')", (self.source.terminal_id, since)):
            for barcode in {line.get("barcode") for line in json.loads(row["lines_json"])}:
                if barcode:
                    counts[barcode] = counts.get(barcode, 0) + 1
        return sorted(counts, key=lambda code: (-counts[code], code))[:limit]

    def events(self, number: str) -> list[tuple[datetime, str, dict]]:
        """The sale's step log, in the order the steps were written."""
        self.get(number)
        rows = self._read("SELECT at, kind, detail_json FROM events WHERE number = ? ORDER BY id", (number,))
        return [(datetime.fromisoformat(row["at"]), row["kind"], json.loads(row["detail_json"])) for row in rows]

    def activity(self, start: date, end: date,
                 ) -> tuple[list[JournalSale], list[tuple[str, datetime, str, dict[str, Any]]]]:
        """What happened from `start` to `end` (both included, local days), read at one moment: the sales with
        a step written then (whenever they were begun), oldest first, and those steps as (sale number, time,
        kind, detail), in the order they were written."""
        bounds = (start.isoformat(), (end + timedelta(days=1)).isoformat())
        with self.source.reading() as db:
            events = db.execute("SELECT number, at, kind, detail_json FROM events WHERE at >= ? AND at < ?"
                                " ORDER BY id", bounds).fetchall()
            rows = db.execute("SELECT * FROM sales WHERE number IN (SELECT number FROM events WHERE at >= ?"
                              " AND at < ?) ORDER BY created_at, rowid", bounds).fetchall()
            sales = sales_from_rows(db, rows)
        return sales, [(row["number"], datetime.fromisoformat(row["at"]), row["kind"], json.loads(row["detail_json"]))
                       for row in events]

    def needing_attention(self) -> list[JournalSale]:
        """Sales of any day someone must see to, oldest first: left half-way (CREATING, OPEN, CANCELLING),
        money kept without a valid receipt for every payment (`owes_receipt`: never issued, refused, or voided
        afterwards), a give-back asked but not answered or failed, a receipt void not answered, a receipt a return
        left standing (`stale_receipts`)."""
        half_way = (_S.TENDERING.value, _S.CREATING.value, _S.OPEN.value, _S.CANCELLING.value, _S.PAID.value,
                    _S.RECEIPT_PENDING.value)
        candidates = self._sales(
            "SELECT * FROM sales WHERE status IN (?, ?, ?, ?, ?, ?) OR reversal_status IN (?, ?, ?)"
            " OR receipt_status = ?"
            " OR (status = ? AND EXISTS (SELECT 1 FROM receipts WHERE receipts.number = sales.number"
            " AND receipts.status = ?)) OR EXISTS (SELECT 1 FROM part_returns WHERE part_returns.number ="
            " sales.number) ORDER BY created_at, rowid",
            (*half_way, ReversalStatus.PENDING.value, ReversalStatus.FAILED.value, ReversalStatus.DONE.value,
             ReceiptStatus.CANCELLING.value, _S.COMPLETED.value, ReceiptStatus.CANCELLED.value))
        return [sale for sale in candidates if _needs_attention(sale)]

    # -- shipping the journal to a store (`pos_app.storelink.shipping`) ------------------------------------

    def last_event_id(self) -> int:
        """The id of the newest step written (0 for an empty journal)."""
        return int(self._read("SELECT coalesce(max(id), 0) AS last FROM events")[0]["last"])

    def events_after(self, event_id: int, limit: int = 500) -> list[dict[str, Any]]:
        """The steps written after `event_id`, oldest first, at most `limit`:
        `{event_id, number, at, kind, detail}` (the detail parsed)."""
        with self.source.reading() as db:
            return _events_after(db, event_id, limit)

    def snapshots(self, numbers: Iterable[str]) -> list[dict[str, Any]]:
        """These sales as their rows stand now: `{number, last_event_id, sale, receipts, tenders, part_returns}`,
        the rows as dicts of column values (what `records.sale_from_row` and the row readers rebuild a sale from)."""
        with self.source.reading() as db:
            return _sale_snapshots(db, list(numbers))

    def shipment(self, event_id: int, limit: int = 500) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        """`events_after` and the `snapshots` of the sales they touch, read at one moment (one read under the
        lock), so a snapshot is never older than the steps shipped with it."""
        with self.source.reading() as db:
            events = _events_after(db, event_id, limit)
            return events, _sale_snapshots(db, list(dict.fromkeys(event["number"] for event in events)))

    def _read(self, sql: str, params: Iterable[object] = ()) -> list[sqlite3.Row]:
        with self.source.reading() as db:
            return db.execute(sql, tuple(params)).fetchall()

    def _sales(self, sql: str, params: Iterable[object] = ()) -> list[JournalSale]:
        """The sales a query selects, each with its receipts (one read under the lock)."""
        with self.source.reading() as db:
            rows = db.execute(sql, tuple(params)).fetchall()
            return sales_from_rows(db, rows)


_HALF_WAY = (_S.TENDERING, _S.CREATING, _S.OPEN, _S.CANCELLING)
_OPEN_REVERSALS = (ReversalStatus.PENDING, ReversalStatus.FAILED)


def _needs_attention(sale: JournalSale) -> bool:
    return (sale.owes_receipt or sale.status in _HALF_WAY or sale.reversal_status in _OPEN_REVERSALS
            or sale.receipt_status is ReceiptStatus.CANCELLING or bool(sale.stale_receipts)
            or any(not part.is_done for part in sale.part_returns))


def needing_attention(sale: JournalSale) -> bool:
    """Whether `needing_attention` lists this sale: its query's choice and its filter, in Python (the store
    rebuilds a till's list from the sales it shipped with this)."""
    chosen = (sale.status in (*_HALF_WAY, _S.PAID, _S.RECEIPT_PENDING) or sale.reversal_status in _OPEN_REVERSALS
              or sale.reversal_status is ReversalStatus.DONE or bool(sale.part_returns)
              or sale.receipt_status is ReceiptStatus.CANCELLING
              or (sale.status is _S.COMPLETED
                  and any(receipt.status is ReceiptStatus.CANCELLED for receipt in sale.receipts)))
    return chosen and _needs_attention(sale)


def _events_after(db: sqlite3.Connection, event_id: int, limit: int) -> list[dict[str, Any]]:
    rows = db.execute("SELECT id, number, at, kind, detail_json FROM events WHERE id > ? ORDER BY id LIMIT ?",
                      (int(event_id), int(limit))).fetchall()
    return [{"event_id": row["id"], "number": row["number"], "at": row["at"], "kind": row["kind"],
             "detail": json.loads(row["detail_json"])} for row in rows]


def _sale_snapshots(db: sqlite3.Connection, numbers: list[str]) -> list[dict[str, Any]]:
    sales: list[sqlite3.Row] = []
    last: dict[str, int] = {}
    for start in range(0, len(numbers), 500):      # in chunks: SQLite bounds a statement's parameters
        chunk = numbers[start:start + 500]
        marks = ", ".join("?" * len(chunk))
        # Only placeholders are formatted in; every value is bound.
        sales += db.execute(f"SELECT * FROM sales WHERE number IN ({marks}) ORDER BY rowid", chunk).fetchall()  # noqa: S608
        last.update(db.execute(f"SELECT number, max(id) FROM events WHERE number IN ({marks})"  # noqa: S608
                               " GROUP BY number", chunk).fetchall())
    found = [row["number"] for row in sales]
    rows: dict[str, dict[str, list[dict[str, Any]]]] = {
        number: {"receipts": [], "tenders": [], "part_returns": []} for number in found}
    for table in ("receipts", "tenders", "part_returns"):
        for row in rows_by_sale(db, table, found):
            rows[row["number"]][table].append(dict(row))
    return [{"number": row["number"], "last_event_id": last.get(row["number"], 0), "sale": dict(row),
             **rows[row["number"]]} for row in sales]
