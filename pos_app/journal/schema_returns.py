"""The journal's migration for partial returns and corrected receipts (issue 31)."""

from __future__ import annotations

import sqlite3

from .errors import JournalError

_RECEIPT_COLUMNS = ("id", "number", "payment_id", "receipt_id", "lottery", "qr_data", "amount", "vat", "city_tax",
                    "receiver_kind", "receiver_register", "status", "issued_at", "changed_at", "failure", "kind",
                    "printed_at", "bill")


def add_part_returns(db: sqlite3.Connection) -> None:
    """A sale's lines returned in part, and receipts corrected rather than voided.

    `part_returns`: one row a return of chosen lines and quantities: the lines and their money (`lines_json`),
    how the money goes back tender by tender (`money_json`: each part's source, how it goes back, its state), and
    the return's state (pending while a QPay refund of it is unanswered). The receipts table is made anew
    (SQLite cannot change a CHECK in place): a receipt may now be `corrected` (a newer receipt replaced it,
    PosAPI's `inactiveId`), `replaces` names the row a receipt replaced, and `settled` keeps a manager's word
    that a receipt the till could not void or correct was put right outside it (who, when, what they said).
    Foreign keys are off for the whole migration (`migrate`); `foreign_key_check` proves the rows whole."""
    columns = ", ".join(_RECEIPT_COLUMNS)
    statements = (
        "CREATE TABLE receipts_new ("
        " id INTEGER PRIMARY KEY,"
        " number TEXT NOT NULL REFERENCES sales (number),"
        " payment_id TEXT NOT NULL,"
        " receipt_id TEXT NOT NULL,"
        " lottery TEXT NOT NULL,"
        " qr_data TEXT NOT NULL,"
        " amount TEXT NOT NULL,"
        " vat TEXT NOT NULL,"
        " city_tax TEXT NOT NULL,"
        " receiver_kind TEXT NOT NULL,"
        " receiver_register TEXT NOT NULL DEFAULT '',"
        " status TEXT NOT NULL CHECK (status IN ('issued', 'cancelling', 'cancelled', 'corrected')),"
        " issued_at TEXT NOT NULL,"
        " changed_at TEXT NOT NULL,"
        " failure TEXT NOT NULL DEFAULT '',"
        " kind TEXT NOT NULL DEFAULT 'qpay' CHECK (kind IN ('qpay', 'posapi')),"
        " printed_at TEXT NOT NULL DEFAULT '',"
        " bill TEXT NOT NULL DEFAULT '',"
        " replaces INTEGER,"
        " settled TEXT NOT NULL DEFAULT '')",
        f"INSERT INTO receipts_new ({columns}) SELECT {columns} FROM receipts",  # noqa: S608 - our own names
        "DROP TABLE receipts",
        "ALTER TABLE receipts_new RENAME TO receipts",
        "CREATE INDEX receipts_by_sale ON receipts (number, id)",
        "CREATE TABLE part_returns ("
        " id INTEGER PRIMARY KEY,"
        " number TEXT NOT NULL REFERENCES sales (number),"
        " status TEXT NOT NULL CHECK (status IN ('pending', 'done')),"
        " at TEXT NOT NULL,"
        " changed_at TEXT NOT NULL,"
        " amount TEXT NOT NULL,"
        " lines_json TEXT NOT NULL,"
        " money_json TEXT NOT NULL,"
        " reason TEXT NOT NULL DEFAULT '',"
        " by TEXT NOT NULL DEFAULT '')",
        "CREATE INDEX part_returns_by_sale ON part_returns (number, id)",
    )
    for statement in statements:
        db.execute(statement)
    broken = db.execute("PRAGMA foreign_key_check").fetchall()
    if broken:
        raise JournalError(f"The journal's receipts could not be carried over whole ({len(broken)} rows lost their "
                           "sale); the file was left as it was.")
