"""The journal file's tables and how an older file is brought up to date.

`PRAGMA user_version` says which migrations a file has had. Each migration
runs once, in order, inside the same transaction as the version bump, so a
crash mid-migration leaves the file as it was. A file written by a newer
pos-app (a version we do not know) is refused before anything writes to it:
guessing at its tables could lose sales.

Migrations are history: never edit one that has shipped, append a new one.
"""

from __future__ import annotations

import sqlite3
from typing import Callable

Migration = Callable[[sqlite3.Connection], None]


class JournalError(RuntimeError):
    """The journal refused a step or cannot be used (bad file, illegal transition, missing sale)."""


def _create_sales_journal(db: sqlite3.Connection) -> None:
    statements = (
        # The same table (and columns) SaleNumbers made, so an older file keeps counting.
        "CREATE TABLE IF NOT EXISTS sale_sequence ("
        " terminal TEXT NOT NULL, day TEXT NOT NULL, last INTEGER NOT NULL,"
        " PRIMARY KEY (terminal, day))",
        # Money columns are TEXT holding exact decimals: REAL would round them.
        "CREATE TABLE sales ("
        " number TEXT PRIMARY KEY CHECK (length(number) BETWEEN 1 AND 45),"
        " terminal TEXT NOT NULL,"
        " created_at TEXT NOT NULL,"
        " updated_at TEXT NOT NULL,"
        " status TEXT NOT NULL CHECK (status IN ('creating', 'open', 'cancelling', 'cancelled',"
        "  'failed', 'paid', 'receipt_pending', 'completed', 'expired')),"
        " total TEXT NOT NULL,"
        " vat TEXT NOT NULL,"
        " city_tax TEXT NOT NULL,"
        " lines_json TEXT NOT NULL,"
        " invoice_id TEXT,"
        " qr_text TEXT NOT NULL DEFAULT '',"
        " short_url TEXT NOT NULL DEFAULT '',"
        " banks_json TEXT NOT NULL DEFAULT '[]',"
        " paid_amount TEXT,"
        " bank TEXT NOT NULL DEFAULT '',"
        " payment_ids_json TEXT NOT NULL DEFAULT '[]',"
        " receiver_kind TEXT,"
        " receiver_register TEXT NOT NULL DEFAULT '',"
        " receipt_id TEXT,"
        " lottery TEXT,"
        " receipt_qr TEXT,"
        " receipt_amount TEXT,"
        " receipt_vat TEXT,"
        " receipt_city_tax TEXT,"
        " receipt_status TEXT,"
        " failure TEXT NOT NULL DEFAULT '')",
        "CREATE INDEX sales_by_status ON sales (status)",
        "CREATE INDEX sales_by_created_at ON sales (created_at)",
        "CREATE TABLE events ("
        " id INTEGER PRIMARY KEY,"
        " number TEXT NOT NULL REFERENCES sales (number),"
        " at TEXT NOT NULL,"
        " kind TEXT NOT NULL,"
        " detail_json TEXT NOT NULL DEFAULT '{}')",
        "CREATE INDEX events_by_sale ON events (number, id)",
        # The step log is evidence of what happened: it only grows.
        "CREATE TRIGGER events_are_not_updated BEFORE UPDATE ON events"
        " BEGIN SELECT RAISE(ABORT, 'journal events are append-only'); END",
        "CREATE TRIGGER events_are_not_deleted BEFORE DELETE ON events"
        " BEGIN SELECT RAISE(ABORT, 'journal events are append-only'); END",
    )
    for statement in statements:
        db.execute(statement)


def _add_reversals(db: sqlite3.Connection) -> None:
    """Card payment cancels and refunds, and receipt cancels, after the sale (history)."""
    statements = (
        # 'cancel' (same day, before settlement) or 'refund'; NULL while nothing was reversed.
        "ALTER TABLE sales ADD COLUMN reversal_kind TEXT CHECK (reversal_kind IN ('cancel', 'refund'))",
        # 'pending' (asked, answer not yet recorded), 'done' or 'failed' (the payment is still paid).
        "ALTER TABLE sales ADD COLUMN reversal_status TEXT"
        " CHECK (reversal_status IN ('pending', 'done', 'failed'))",
        "ALTER TABLE sales ADD COLUMN reversal_reason TEXT NOT NULL DEFAULT ''",
        "ALTER TABLE sales ADD COLUMN reversed_amount TEXT",
        "CREATE INDEX sales_by_reversal_status ON sales (reversal_status)",
        "CREATE INDEX sales_by_receipt_status ON sales (receipt_status)",
    )
    for statement in statements:
        db.execute(statement)


MIGRATIONS: tuple[Migration, ...] = (
    _create_sales_journal,   # 1
    _add_reversals,          # 2
)
LATEST_VERSION = len(MIGRATIONS)


def schema_version(db: sqlite3.Connection) -> int:
    (version,) = db.execute("PRAGMA user_version").fetchone()
    return int(version)


def refuse_newer(version: int, path: object) -> None:
    if version > LATEST_VERSION:
        raise JournalError(
            f"The journal {path} was written by a newer pos-app (schema version {version}; this one knows "
            f"up to {LATEST_VERSION}). Update pos-app; the file was left untouched.")


def migrate(db: sqlite3.Connection, path: object = "") -> int:
    """Apply the missing migrations in one transaction; returns the file's version afterwards.

    `db` must be in autocommit mode (isolation_level=None) so BEGIN/COMMIT here are the real ones.
    """
    # IMMEDIATE takes the write lock first, so two tills opening one fresh file
    # cannot both run migration 1; the version is read again under the lock.
    db.execute("BEGIN IMMEDIATE")
    try:
        version = schema_version(db)
        refuse_newer(version, path)
        for number, migration in enumerate(MIGRATIONS[version:], start=version + 1):
            migration(db)
            db.execute(f"PRAGMA user_version = {number:d}")
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise
    return max(version, LATEST_VERSION)
