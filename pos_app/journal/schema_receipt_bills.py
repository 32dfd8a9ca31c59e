"""Migration 10: when a PosAPI receipt's request was sent (`receipt_bill_at`), not only its day.

A request sent just after the till's midnight may be dated on the day before by a PosAPI whose clock is behind;
whether it may be asked again after a lost answer depends on the moment it was sent
(`pos_app.domain.receipt_bills.asking_again_is_safe`). Requests already pending take the time of the step that
sent them, from the step log. Kept apart from `schema` for length."""

from __future__ import annotations

import sqlite3


def add_receipt_bill_time(db: sqlite3.Connection) -> None:
    """Migration 10: `sales.receipt_bill_at`, the time the PosAPI request of `receipt_bill` was sent."""
    db.execute("ALTER TABLE sales ADD COLUMN receipt_bill_at TEXT NOT NULL DEFAULT ''")
    db.execute("UPDATE sales SET receipt_bill_at = COALESCE((SELECT MAX(at) FROM events"
               " WHERE events.number = sales.number AND events.kind = 'receipt_started'), '')"
               " WHERE receipt_bill != ''")
