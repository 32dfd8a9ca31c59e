"""Sale numbers that stay unique across restarts: a day's sequence in SQLite.

`sender_invoice_no` must never repeat for a merchant: a repeated number could
make the client's look-up after a lost answer find an older sale's invoice.
The sales journal (its own issue) takes this table over.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable
from datetime import date
from pathlib import Path

from pos_app.domain.shop_time import ShopClock
from pos_app.domain.validators import sender_invoice_no


def take_number(db: sqlite3.Connection, terminal_id: str, day: date) -> str:
    """The day's next number, inside the caller's write transaction (so it commits with whatever uses it)."""
    db.execute("INSERT INTO sale_sequence (terminal, day, last) VALUES (?, ?, 1) "
               "ON CONFLICT (terminal, day) DO UPDATE SET last = last + 1", (terminal_id, day.isoformat()))
    (last,) = db.execute("SELECT last FROM sale_sequence WHERE terminal = ? AND day = ?",
                         (terminal_id, day.isoformat())).fetchone()
    return sender_invoice_no(terminal_id, day, last)


class SaleNumbers:
    def __init__(self, path: str | Path, terminal_id: str, today: Callable[[], date] | None = None) -> None:
        self.path = Path(path)
        self.terminal_id = terminal_id
        self._today = today or ShopClock().today    # the shop's day (Ulaanbaatar), not the computer's
        self._lock = threading.Lock()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        db = self._connect()
        try:
            db.execute("CREATE TABLE IF NOT EXISTS sale_sequence ("
                       " terminal TEXT NOT NULL, day TEXT NOT NULL, last INTEGER NOT NULL,"
                       " PRIMARY KEY (terminal, day))")
        finally:
            db.close()

    def __repr__(self) -> str:
        return f"SaleNumbers({str(self.path)!r}, terminal_id={self.terminal_id!r})"

    def _connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, timeout=10, isolation_level=None)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=FULL")
        return db

    def allocate(self, day: date | None = None) -> str:
        """The next number of the day (the shop's today unless given), committed to disk before it is used."""
        day = day or self._today()
        with self._lock:
            db = self._connect()
            try:
                db.execute("BEGIN IMMEDIATE")
                number = take_number(db, self.terminal_id, day)
                db.execute("COMMIT")
            except BaseException:
                if db.in_transaction:
                    db.execute("ROLLBACK")
                raise
            finally:
                db.close()
        return number
