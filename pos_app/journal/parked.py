"""Parked sales in the journal file: a cart put aside while its customer fetches their phone.

It has no sale number yet (nothing was charged), so taking it back removes the row; the till's log keeps that it
was parked and by whom.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from pos_app.domain.cart import CartLine
from pos_app.domain.discounts import Discount

from .acting import acting
from .kept_cart import forget_kept_cart
from .record_text import dumps, line_record, sale_lines, time_text
from .schema import JournalError
from .store import JournalStore
from .till_log import TillLog

__all__ = ["MAX_NOTE", "MAX_PARKED", "Parked", "ParkedSale"]

MAX_PARKED = 20
MAX_NOTE = 60


@dataclass(frozen=True)
class ParkedSale:
    id: int
    parked_at: datetime
    parked_by: str
    note: str
    total: Decimal                         # as the cart came to when parked
    lines: tuple[CartLine, ...]
    sale_discount: Discount | None


class Parked:
    """The terminal's parked carts in `store`; parking and taking back are noted in `till_log`."""

    def __init__(self, store: JournalStore, till_log: TillLog) -> None:
        self.store = store
        self.till_log = till_log

    def park(self, lines: tuple[CartLine, ...], total: Decimal, sale_discount: Discount | None,
             note: str = "") -> int:
        if not lines:
            raise JournalError("An empty cart is not parked.")
        note = " ".join(str(note).split())[:MAX_NOTE]
        terminal = self.store.terminal_id
        with self.store.writing() as db:
            (count,) = db.execute("SELECT count(*) FROM parked WHERE terminal = ?", (terminal,)).fetchone()
            if count >= MAX_PARKED:
                raise JournalError(f"{MAX_PARKED} sales are parked already: finish one first.")
            cursor = db.execute(
                "INSERT INTO parked (terminal, parked_at, parked_by, note, total, lines_json, discount_json)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (terminal, time_text(self.store.now()), acting(), note, str(total),
                 dumps([line_record(line) for line in lines]),
                 dumps(sale_discount.record()) if sale_discount is not None else None))
            assert cursor.lastrowid is not None
            forget_kept_cart(db, terminal)      # parked: the parked row brings it back, not this one
            self.till_log.write(db, "sale_parked", {"parked": cursor.lastrowid, "total": str(total),
                                                    "lines": len(lines)})
            return cursor.lastrowid

    def read(self) -> tuple[ParkedSale, ...]:
        """The parked carts, oldest first."""
        rows = self.store.read("SELECT * FROM parked WHERE terminal = ? ORDER BY id", (self.store.terminal_id,))
        return tuple(_parked_from(row) for row in rows)

    def unpark(self, parked_id: int) -> ParkedSale:
        """Take a parked cart back (it leaves the list)."""
        with self.store.writing() as db:
            row = db.execute("SELECT * FROM parked WHERE id = ? AND terminal = ?",
                             (parked_id, self.store.terminal_id)).fetchone()
            if row is None:
                raise JournalError("That parked sale was taken back already.")
            db.execute("DELETE FROM parked WHERE id = ?", (parked_id,))
            self.till_log.write(db, "sale_resumed", {"parked": parked_id, "total": row["total"]})
        return _parked_from(row)


def _parked_from(row: sqlite3.Row) -> ParkedSale:
    discount = row["discount_json"]
    return ParkedSale(row["id"], datetime.fromisoformat(row["parked_at"]), row["parked_by"], row["note"],
                      Decimal(row["total"]), sale_lines(row["lines_json"]),
                      Discount.from_record(json.loads(discount)) if discount else None)
