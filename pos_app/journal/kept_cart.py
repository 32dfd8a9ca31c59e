"""The unpaid cart on screen, kept in the journal as it changes, so that a till closed or killed before the sale
began (nothing charged, no number taken) shows it again at its next start.

One row a terminal, replaced whole at each change; an empty cart removes it. The moment the cart becomes a sale
(the QPay charge, or the first tender) the row goes in the same transaction that records the sale
(`forget_kept_cart`, called by `SaleSteps.begin` and `TenderSteps.begin`), and so does parking it: from then on the
sale, or the parked cart, is what the journal brings back, never the cart twice. Call these on the money worker,
in order with the sale's own steps.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from datetime import datetime

from pos_app.domain.cart import CartLine
from pos_app.domain.discounts import Discount

from .acting import acting
from .record_text import discount_json, dumps, line_record, sale_lines, time_text
from .store import JournalStore

__all__ = ["KeptCart", "forget_kept_cart", "keep_cart", "kept_cart"]


@dataclass(frozen=True)
class KeptCart:
    kept_at: datetime
    kept_by: str
    lines: tuple[CartLine, ...]
    sale_discount: Discount | None


def keep_cart(store: JournalStore, lines: tuple[CartLine, ...], sale_discount: Discount | None) -> None:
    """The cart on screen now, in place of the one kept before; an empty cart forgets it."""
    with store.writing() as db:
        if not lines:
            forget_kept_cart(db, store.terminal_id)
            return
        db.execute("INSERT INTO kept_cart (terminal, kept_at, kept_by, lines_json, discount_json)"
                   " VALUES (?, ?, ?, ?, ?) ON CONFLICT (terminal) DO UPDATE SET kept_at = excluded.kept_at,"
                   " kept_by = excluded.kept_by, lines_json = excluded.lines_json,"
                   " discount_json = excluded.discount_json",
                   (store.terminal_id, time_text(store.now()), acting(),
                    dumps([line_record(line) for line in lines]), discount_json(sale_discount)))


def kept_cart(store: JournalStore) -> KeptCart | None:
    """This terminal's kept cart, or None."""
    with store.reading() as db:
        row = db.execute("SELECT * FROM kept_cart WHERE terminal = ?", (store.terminal_id,)).fetchone()
    if row is None:
        return None
    discount = row["discount_json"]
    return KeptCart(datetime.fromisoformat(row["kept_at"]), row["kept_by"], sale_lines(row["lines_json"]),
                    Discount.from_record(json.loads(discount)) if discount else None)


def forget_kept_cart(db: sqlite3.Connection, terminal: str) -> None:
    """Inside the caller's transaction: the cart became a sale (or was parked, or emptied)."""
    db.execute("DELETE FROM kept_cart WHERE terminal = ?", (terminal,))
