"""The journal tests' clock and file."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from pos_app.journal import Journal


class SteppingClock:
    """A clock that moves one second per reading, so every step has its own time."""

    def __init__(self, start: datetime = datetime(2026, 11, 21, 9, 0, 0)) -> None:
        self.now = start

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


@pytest.fixture
def clock() -> SteppingClock:
    return SteppingClock()


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "journal.sqlite3"


@pytest.fixture
def journal(path: Path, clock: SteppingClock) -> Iterator[Journal]:
    opened = Journal(path, "T1", clock=clock)
    yield opened
    opened.close()


def strip_part_returns(db) -> None:  # type: ignore[no-untyped-def]
    """Take migration 9's table and columns off a journal file (to make an older version of it)."""
    db.execute("DROP TABLE part_returns")
    for column in ("replaces", "settled"):
        db.execute(f"ALTER TABLE receipts DROP COLUMN {column}")


def strip_people(db) -> None:  # type: ignore[no-untyped-def]
    """Take migrations 8 and 9's tables and columns off a journal file (to make an older version of it)."""
    strip_part_returns(db)
    for table in ("people", "parked", "till_events"):
        db.execute(f"DROP TABLE {table}")
    for table, column in (("sales", "cashier"), ("sales", "discount_json"), ("shifts", "opened_by"),
                          ("shifts", "closed_by"), ("drawer_moves", "by")):
        db.execute(f"ALTER TABLE {table} DROP COLUMN {column}")


def strip_tenders_and_shifts(db) -> None:  # type: ignore[no-untyped-def]
    """Take migrations 7 and 8's tables and columns off a journal file (to make an older version of it)."""
    strip_people(db)
    for table in ("drawer_moves", "shifts", "tenders"):
        db.execute(f"DROP TABLE {table}")
    for column in ("kind", "printed_at", "bill"):
        db.execute(f"ALTER TABLE receipts DROP COLUMN {column}")
    for column in ("receipt_via", "invoice_amount", "receipt_bill", "receipt_bill_day", "receipt_request"):
        db.execute(f"ALTER TABLE sales DROP COLUMN {column}")
