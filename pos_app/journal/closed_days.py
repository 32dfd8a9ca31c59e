"""Closed days: the Z reports.

When the cashier closes a day (the day close dialog's "Close the day"), its
summary is stored in the journal file (table `closed_days`, migration 4) as
exact JSON, money as decimal text, with the time it was closed. A closed day
is never changed: closing it again is refused, the table's triggers refuse
any update or delete, and `read_day` shows the stored figures however many
steps happen afterwards.

What happens on a closed day after its close (a sale at 23:30 after closing
at 23:00) counts on the next day: that day then begins at the close (`since`).
A refund tomorrow of today's sale counts tomorrow, like every other step.

The table is read and written through a short connection of its own (the
journal's connection belongs to the sale steps); call these on a worker.

A close is one IMMEDIATE transaction on that connection: it takes the write
lock of the file, so the journal's steps wait; only then does it take its time
(`closed_at`), read the day and store it. A journal step takes its own time
under the same lock (after its BEGIN IMMEDIATE), so every step is either
committed before the close read the day (and counted in it) or timed after the
close (and counted on the next day): none falls between the two.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Mapping
from contextlib import closing, contextmanager
from dataclasses import dataclass, fields
from datetime import date, datetime, timedelta
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any, Callable, Iterator

from .day_summary import DayReport, DaySummary, Tally, load_day
from .queries import OneConnection, SaleQueries
from .schema import JournalError, immediate
from .store import JournalStore

__all__ = ["ClosedDay", "ClosedDays", "DayAlreadyClosed", "close_day", "read_day", "summary_from_json",
           "summary_json"]


class DayAlreadyClosed(JournalError):
    """The day was closed before: its Z report stays as it was."""

    def __init__(self, terminal: str, day: date) -> None:
        super().__init__(f"The day {day.isoformat()} of terminal {terminal} is already closed.")
        self.terminal = terminal
        self.day = day


@dataclass(frozen=True)
class ClosedDay:
    """One Z report: the summary as the cashier closed it, and when."""

    terminal: str
    day: date
    closed_at: datetime
    summary: DaySummary


class ClosedDays:
    """The Z reports kept in a journal file (already brought up to date by `Journal`)."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)

    def _connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, timeout=10, isolation_level=None)
        db.execute("PRAGMA synchronous=FULL")          # a stored close survives a power cut
        return db

    def get(self, terminal: str, day: date) -> ClosedDay | None:
        """The stored Z report of `terminal`'s `day`, or None while the day is open."""
        try:
            with closing(self._connect()) as db:
                return _stored(db, terminal, day)
        except sqlite3.DatabaseError as exc:
            raise JournalError(f"The closed days in {self.path} cannot be read: {exc}") from exc

    def add(self, summary: DaySummary) -> ClosedDay:
        """Store `summary` (its `closed_at` set) as its day's Z report; `DayAlreadyClosed` if there is one."""
        closed_at = summary.closed_at
        if closed_at is None:
            raise JournalError("A day is stored with the time it was closed.")
        with self.writing(summary.terminal, summary.day) as db:
            _insert(db, summary)
        return ClosedDay(summary.terminal, summary.day, closed_at, summary)

    @contextmanager
    def writing(self, terminal: str, day: date) -> Iterator[sqlite3.Connection]:
        """One IMMEDIATE transaction on the file (the journal's steps wait for it), committed at the end."""
        try:
            with closing(self._connect()) as db, immediate(db):
                db.row_factory = sqlite3.Row
                yield db
        except sqlite3.IntegrityError as exc:
            raise DayAlreadyClosed(terminal, day) from exc
        except sqlite3.DatabaseError as exc:
            raise JournalError(f"The day close could not be stored in {self.path}: {exc}") from exc


def _stored(db: sqlite3.Connection, terminal: str, day: date) -> ClosedDay | None:
    row = db.execute("SELECT closed_at, summary_json FROM closed_days WHERE terminal = ? AND day = ?",
                     (terminal, day.isoformat())).fetchone()
    if row is None:
        return None
    return ClosedDay(terminal, day, datetime.fromisoformat(row[0]), summary_from_json(row[1]))


def _insert(db: sqlite3.Connection, summary: DaySummary) -> None:
    if summary.closed_at is None:
        raise JournalError("A day is stored with the time it was closed.")
    db.execute("INSERT INTO closed_days (terminal, day, closed_at, summary_json) VALUES (?, ?, ?, ?)",
               (summary.terminal, summary.day.isoformat(), summary.closed_at.isoformat(timespec="microseconds"),
                summary_json(summary)))


def _start(store: ClosedDays, terminal: str, day: date) -> datetime | None:
    """The close of the day before, when there is one (what came after it counts on `day`)."""
    before = store.get(terminal, day - timedelta(days=1))
    return before.closed_at if before is not None else None


def read_day(journal: JournalStore, day: date, store: ClosedDays | None = None) -> DayReport:
    """The day as the till reports it (reads the file: call it on a worker): a closed day's stored summary,
    else its figures now; either way with what each sale did in it (for the sales CSV)."""
    store = store or ClosedDays(journal.path)
    terminal = journal.terminal_id
    since = _start(store, terminal, day)
    closed = store.get(terminal, day)
    queries = SaleQueries(journal)
    if closed is None:
        return load_day(queries, day, since=since)
    moves = load_day(queries, day, since=since, until=closed.closed_at).sales
    return DayReport(closed.summary, moves)


def close_day(journal: JournalStore, day: date, store: ClosedDays | None = None) -> DayReport:
    """Close `day` now: compute its summary up to this moment and store it as its Z report.

    Refused (`DayAlreadyClosed`) when the day is closed already, and for a day that has not begun. What
    happens on the day after this moment counts on the next day. One IMMEDIATE transaction (see the module
    docstring): the journal's steps wait while the day is read and stored.
    """
    store = store or ClosedDays(journal.path)
    terminal = journal.terminal_id
    journal.must_be_open()                               # a closed journal stays closed (JournalError)
    with store.writing(terminal, day) as db:
        # Under the write lock: a step committed before now was timed before now; one after it, after it.
        closed_at = journal.now()
        if closed_at.replace(tzinfo=None).date() < day:
            raise JournalError(f"The day {day.isoformat()} has not begun yet: it cannot be closed.")
        if _stored(db, terminal, day) is not None:
            raise DayAlreadyClosed(terminal, day)
        before = _stored(db, terminal, day - timedelta(days=1))
        # Read on the close's own connection, inside its transaction: the journal's connection is behind its lock,
        # which a step waiting for the close's write lock may hold.
        queries = SaleQueries(OneConnection(db, terminal, journal.now))
        report = load_day(queries, day, since=before.closed_at if before is not None else None,
                          until=closed_at, closed_at=closed_at)
        _insert(db, report.summary)
    return report


# -- the stored summary: exact JSON ------------------------------------------------------------

SUMMARY_FORMAT = 1


def _encode(value: object) -> object:
    if isinstance(value, Tally):
        return {"count": value.count, "amount": str(value.amount)}
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, (datetime, date)):
        return value.isoformat()
    if isinstance(value, tuple):
        return [_encode(item) for item in value]
    return value


def _tally(record: Mapping[str, Any]) -> Tally:
    return Tally(int(record["count"]), _decimal(record["amount"]))


def _decimal(text: object) -> Decimal:
    if not isinstance(text, str):
        raise ValueError(f"an amount is written as text, not {text!r}")
    amount = Decimal(text)
    if not amount.is_finite():
        raise ValueError(f"not an amount: {text!r}")
    return amount


def _moment(text: object) -> datetime | None:
    return None if text is None else datetime.fromisoformat(str(text))


_DECODERS: dict[str, Callable[[Any], object]] = {
    "date": lambda text: date.fromisoformat(str(text)),
    "str": str,
    "int": int,
    "Decimal": _decimal,
    "Tally": _tally,
    "datetime | None": _moment,
    "tuple[tuple[str, Tally], ...]": lambda pairs: tuple((str(key), _tally(value)) for key, value in pairs),
    "tuple[tuple[str, Decimal], ...]": lambda pairs: tuple((str(key), _decimal(value)) for key, value in pairs),
}


def summary_json(summary: DaySummary) -> str:
    """The summary as exact JSON text (money as decimal text, times as ISO text), as a Z report stores it."""
    record: dict[str, object] = {"format": SUMMARY_FORMAT}
    record.update({field.name: _encode(getattr(summary, field.name)) for field in fields(DaySummary)})
    return json.dumps(record, ensure_ascii=False, sort_keys=True)


def summary_from_json(text: str) -> DaySummary:
    """The summary `summary_json` wrote, figure for figure. A figure it does not have keeps its default."""
    try:
        record = json.loads(text)
        if not isinstance(record, dict) or record.get("format") != SUMMARY_FORMAT:
            raise ValueError("an unknown format")
        values: dict[str, Any] = {field.name: _DECODERS[str(field.type)](record[field.name])
                  for field in fields(DaySummary) if field.name in record}
        return DaySummary(**values)
    except (ValueError, TypeError, KeyError, InvalidOperation) as exc:
        raise JournalError(f"A stored day close cannot be read: {exc}") from exc
