"""Migration 8: who is at the till (people, and who did each step), parked carts, the till's own log and a
sale's discount (see `people`, `parked` and `till_log`). Kept apart from `schema` only for length."""

from __future__ import annotations

import sqlite3


def add_people_and_parking(db: sqlite3.Connection) -> None:
    """Migration 8: people, who did each step, parked carts, the till's own log, a sale's discount."""
    for statement in (
        "CREATE TABLE people ("
        " name TEXT PRIMARY KEY CHECK (length(name) BETWEEN 1 AND 40),"
        " role TEXT NOT NULL CHECK (role IN ('cashier', 'manager')),"
        " pin_hash TEXT NOT NULL,"
        " active INTEGER NOT NULL DEFAULT 1,"
        " changed_at TEXT NOT NULL)",
        "CREATE TRIGGER people_are_not_deleted BEFORE DELETE ON people"
        " BEGIN SELECT RAISE(ABORT, 'a person is made inactive, never deleted'); END",
        "CREATE TABLE parked ("
        " id INTEGER PRIMARY KEY,"
        " terminal TEXT NOT NULL,"
        " parked_at TEXT NOT NULL,"
        " parked_by TEXT NOT NULL DEFAULT '',"
        " note TEXT NOT NULL DEFAULT '',"
        " total TEXT NOT NULL,"
        " lines_json TEXT NOT NULL,"
        " discount_json TEXT)",
        "CREATE TABLE till_events ("
        " id INTEGER PRIMARY KEY,"
        " terminal TEXT NOT NULL,"
        " at TEXT NOT NULL,"
        " kind TEXT NOT NULL,"
        " by TEXT NOT NULL DEFAULT '',"
        " detail_json TEXT NOT NULL DEFAULT '{}')",
        "CREATE TRIGGER till_events_are_not_updated BEFORE UPDATE ON till_events"
        " BEGIN SELECT RAISE(ABORT, 'the till log is append-only'); END",
        "CREATE TRIGGER till_events_are_not_deleted BEFORE DELETE ON till_events"
        " BEGIN SELECT RAISE(ABORT, 'the till log is append-only'); END",
        "ALTER TABLE sales ADD COLUMN cashier TEXT NOT NULL DEFAULT ''",
        "ALTER TABLE sales ADD COLUMN discount_json TEXT",
        "ALTER TABLE shifts ADD COLUMN opened_by TEXT NOT NULL DEFAULT ''",
        "ALTER TABLE shifts ADD COLUMN closed_by TEXT NOT NULL DEFAULT ''",
        "ALTER TABLE drawer_moves ADD COLUMN by TEXT NOT NULL DEFAULT ''",
    ):
        db.execute(statement)
