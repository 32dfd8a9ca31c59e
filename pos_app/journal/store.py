"""The journal file's store: its one connection, its lock and clock, and the unit of work every step runs in.

The step and query classes (`sale_steps`, `tender_steps`, `queries`…) and the functions over the file
(`shifts`, `closed_days`, `kept_cart`) are built over a `JournalStore`; none of them holds a connection of its
own. `writing()` is one committed IMMEDIATE transaction under the lock, `reading()` the connection under the
lock; `step` is the common move of a sale from one status to another, logged in the same transaction.
"""

from __future__ import annotations

import re
import sqlite3
import threading
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

from pos_app.domain.shop_time import ShopClock
from pos_app.domain.validators import TERMINAL_ID

from .acting import acting
from .records import JournalSale, JournalStatus, SaleNotFound, dumps, sales_from_rows, time_text
from .schema import JournalError, immediate, migrate, refuse_newer, schema_version

__all__ = ["MAX_REASON", "JournalStore", "StatusAfter"]

MAX_REASON = 1000   # a failure note is for people; an endless exception text is not
_S = JournalStatus
StatusAfter = JournalStatus | Callable[[sqlite3.Connection, sqlite3.Row], JournalStatus] | None
"""Where a step leaves a sale: a status, one decided from its row (inside the step's transaction), or None (its
status stays)."""


class JournalStore:
    """The journal file of one terminal, open. Safe to share between threads (one connection behind a lock)."""

    def __init__(self, path: str | Path, terminal_id: str, clock: Callable[[], datetime] | None = None) -> None:
        if not TERMINAL_ID.match(terminal_id):
            raise ValueError("A terminal id is 1 to 20 Latin letters, digits or _")
        self.path = Path(path)
        self.terminal_id = terminal_id
        self._clock = clock or ShopClock()     # the shop's time (Ulaanbaatar) unless the app passes its own
        self._lock = threading.Lock()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._db: sqlite3.Connection | None = self._open()

    def _open(self) -> sqlite3.Connection:
        # check_same_thread=False: workers write steps; self._lock keeps them one at a time.
        db = sqlite3.connect(self.path, timeout=10, isolation_level=None, check_same_thread=False)
        try:
            refuse_newer(schema_version(db), self.path)   # before anything writes to a file we do not know
            (mode,) = db.execute("PRAGMA journal_mode=WAL").fetchone()
            if str(mode).lower() != "wal":
                raise JournalError(f"The journal {self.path} cannot use write-ahead logging (mode {mode}).")
            db.execute("PRAGMA synchronous=FULL")       # a committed step survives a power cut
            db.execute("PRAGMA foreign_keys=ON")
            migrate(db, self.path)
        except sqlite3.DatabaseError as exc:
            db.close()
            raise JournalError(f"The journal {self.path} cannot be used: {exc}") from exc
        except BaseException:
            db.close()
            raise
        db.row_factory = sqlite3.Row
        return db

    def close(self) -> None:
        with self._lock:
            if self._db is not None:
                self._db.close()
                self._db = None

    def must_be_open(self) -> None:
        """`JournalError` once closed. Takes no lock: for a reader on another connection of the file."""
        self._connection()

    def now(self) -> datetime:
        """The time a step written now is stamped with: the clock's, as it gives it (the app's is the shop's wall
        time, aware), so the stored text starts with the shop's day whatever the computer's time zone."""
        return self._clock()

    @contextmanager
    def writing(self) -> Iterator[sqlite3.Connection]:
        """One committed transaction; IMMEDIATE so another writer on the file waits instead of failing mid-way.
        Take the step's time inside it (`now()`): a day close cannot then fall between the time and the commit."""
        with self._lock, immediate(self._connection()) as db:
            yield db

    @contextmanager
    def reading(self) -> Iterator[sqlite3.Connection]:
        """The connection, for reads at one moment (under the lock: no step is half-written meanwhile)."""
        with self._lock:
            yield self._connection()

    def read(self, sql: str, params: Iterable[object] = ()) -> list[sqlite3.Row]:
        with self.reading() as db:
            return db.execute(sql, tuple(params)).fetchall()

    def pragma(self, name: str) -> Any:
        """A PRAGMA's value on the journal's own connection (synchronous is per connection)."""
        if not re.fullmatch(r"[a-z_]+", name):
            raise ValueError(f"not a pragma name: {name!r}")
        with self.reading() as db:
            return db.execute(f"PRAGMA {name}").fetchone()[0]

    # -- inside a step's transaction ---------------------------------------------------------------------------

    def log(self, db: sqlite3.Connection, number: str, at: datetime, kind: str, detail: dict[str, object]) -> None:
        """The sale's step, in its log (`events`), with who acted (`acting`) when someone is signed in."""
        by = acting()
        if by:
            detail = {**detail, "by": by}
        db.execute("INSERT INTO events (number, at, kind, detail_json) VALUES (?, ?, ?, ?)",
                   (number, time_text(at), kind, dumps(detail)))

    def sale_in(self, row: sqlite3.Row) -> JournalSale:
        """A sale row read inside a transaction, with its receipts (the caller holds the lock)."""
        return sales_from_rows(self._connection(), [row])[0]

    @staticmethod
    def row_for(db: sqlite3.Connection, number: str, kind: str, allowed: set[JournalStatus]) -> sqlite3.Row:
        """The sale's row, when its status is one of `allowed` (`kind` names the step refused otherwise)."""
        row = db.execute("SELECT * FROM sales WHERE number = ?", (number,)).fetchone()
        if row is None:
            raise SaleNotFound(number)
        if _S(row["status"]) not in allowed:
            expected = " or ".join(sorted(s.value for s in allowed))
            raise JournalError(f"Sale {number} is {row['status']}: cannot record {kind} (only from {expected}).")
        return row

    def step(self, number: str, kind: str, allowed: set[JournalStatus], status: StatusAfter,
             columns: dict[str, object] | None = None, detail: dict[str, object] | None = None,
             check: Callable[[sqlite3.Row], None] | None = None,
             then: Callable[[sqlite3.Connection, str, datetime], None] | None = None) -> None:
        """Move a sale from one of `allowed` to `status` (None: keep it), set `columns`, log `kind`, and run `then`
        (what must happen with it): one transaction."""
        changes: dict[str, object] = {"failure": "", **(columns or {})}
        unknown = set(changes) - _SALE_COLUMNS
        if unknown:   # column names go into the SQL text: only our own
            raise ValueError(f"not a sales column: {sorted(unknown)}")
        with self.writing() as db:
            now = self.now()   # under the write lock: a day close cannot fall between the time and the commit
            row = db.execute("SELECT * FROM sales WHERE number = ?", (number,)).fetchone()
            if row is None:
                raise SaleNotFound(number)
            current = _S(row["status"])
            if current not in allowed:
                expected = " or ".join(sorted(s.value for s in allowed))
                raise JournalError(f"Sale {number} is {current.value}: cannot record {kind} "
                                   f"(only from {expected}).")
            if check is not None:
                check(row)
            if callable(status):
                status = status(db, row)
            if status is not None:
                changes["status"] = status.value
            changes["updated_at"] = time_text(now)
            assignments = ", ".join(f"{name} = ?" for name in changes)
            # The column names are this module's own; every value is bound.
            db.execute(f"UPDATE sales SET {assignments} WHERE number = ?",  # noqa: S608
                       (*changes.values(), number))
            moved = {"from": current.value, "to": status.value} if status is not None else {"status": current.value}
            self.log(db, number, now, kind, {**moved, **(detail or {})})
            if then is not None:
                then(db, number, now)

    def failed_step(self, number: str, kind: str, allowed: set[JournalStatus], status: StatusAfter,
                    reason: str, columns: dict[str, object] | None = None,
                    check: Callable[[sqlite3.Row], None] | None = None) -> None:
        """A `step` that records why the call failed (`reason`, cut to `MAX_REASON`) as the sale's failure."""
        note = str(reason).strip()[:MAX_REASON] or "no reason given"
        self.step(number, kind, allowed, status, {**(columns or {}), "failure": note}, {"reason": note}, check)

    def _connection(self) -> sqlite3.Connection:
        if self._db is None:
            raise JournalError(f"The journal {self.path} is closed.")
        return self._db


_SALE_COLUMNS = frozenset({
    "updated_at", "status", "invoice_id", "qr_text", "short_url", "banks_json", "paid_amount", "bank",
    "payment_ids_json", "receiver_kind", "receiver_register", "receiver_name", "receipt_id", "lottery",
    "receipt_qr", "receipt_amount", "receipt_vat", "receipt_city_tax", "receipt_status", "failure",
    "reversal_kind", "reversal_status", "reversal_reason", "reversed_amount", "receipt_bill", "receipt_bill_day",
    "receipt_bill_at", "receipt_request"})
