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
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Callable

from .errors import JournalError as JournalError
from .schema_kept_cart import add_kept_cart
from .schema_people import add_people_and_parking
from .schema_receipt_bills import add_receipt_bill_time
from .schema_receiver_names import add_receiver_names
from .schema_return_cash import add_return_cash_step
from .schema_returns import add_part_returns

Migration = Callable[[sqlite3.Connection], None]


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


def _add_receipts(db: sqlite3.Connection) -> None:
    """One row per ebarimt: a sale paid in several payments has one receipt for each (the contract keeps one
    active receipt a payment), and a voided receipt stays beside the one issued again after it. Each row keeps
    the receiver the service recorded, not the one asked. The sale's own receipt columns stay as they were for
    older files; `receipt_status` remains the sale's summary (pending, issued, failed, cancelling, cancelled)."""
    db.execute(
        "CREATE TABLE receipts ("
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
        " status TEXT NOT NULL CHECK (status IN ('issued', 'cancelling', 'cancelled')),"
        " issued_at TEXT NOT NULL,"
        " changed_at TEXT NOT NULL,"
        " failure TEXT NOT NULL DEFAULT '')")
    db.execute("CREATE INDEX receipts_by_sale ON receipts (number, id)")
    # A receipt recorded before this migration belongs to the sale's first payment (the only one asked).
    db.execute(
        "INSERT INTO receipts (number, payment_id, receipt_id, lottery, qr_data, amount, vat, city_tax,"
        " receiver_kind, receiver_register, status, issued_at, changed_at)"
        " SELECT number, coalesce(json_extract(payment_ids_json, '$[0].payment_id'), ''), receipt_id,"
        " coalesce(lottery, ''), coalesce(receipt_qr, ''), receipt_amount, receipt_vat, receipt_city_tax,"
        " coalesce(receiver_kind, '83'), receiver_register,"
        " CASE WHEN receipt_status IN ('cancelling', 'cancelled') THEN receipt_status ELSE 'issued' END,"
        " updated_at, updated_at FROM sales WHERE receipt_id IS NOT NULL ORDER BY created_at, rowid")


def _add_closed_days(db: sqlite3.Connection) -> None:
    """The Z reports: each closed day's summary as the cashier closed it (exact JSON, money as decimal text),
    with the time it was closed. A closed day is never changed: closing it again is refused (the primary
    key) and triggers refuse any update or delete, so a later read shows the same figures. The day close reads
    the steps of a day by their time: `events_by_time` finds them without reading the whole log."""
    statements = (
        "CREATE TABLE closed_days ("
        " terminal TEXT NOT NULL,"
        " day TEXT NOT NULL,"
        " closed_at TEXT NOT NULL,"
        " summary_json TEXT NOT NULL,"
        " PRIMARY KEY (terminal, day))",
        "CREATE TRIGGER closed_days_are_not_updated BEFORE UPDATE ON closed_days"
        " BEGIN SELECT RAISE(ABORT, 'a closed day is never changed'); END",
        "CREATE TRIGGER closed_days_are_not_deleted BEFORE DELETE ON closed_days"
        " BEGIN SELECT RAISE(ABORT, 'a closed day is never changed'); END",
        "CREATE INDEX events_by_time ON events (at)",
    )
    for statement in statements:
        db.execute(statement)


def _add_sale_invoices(db: sqlite3.Connection) -> None:
    """A partly paid sale's remainder invoices (sale_invoices.py): each with its own sender_invoice_no
    (`<number>-2`...), so recovery looks it up by that number as it looks up a sale's first invoice."""
    db.execute(
        "CREATE TABLE sale_invoices ("
        " id INTEGER PRIMARY KEY,"
        " number TEXT NOT NULL REFERENCES sales (number),"
        " sender_invoice_no TEXT NOT NULL UNIQUE CHECK (length(sender_invoice_no) BETWEEN 1 AND 45),"
        " amount TEXT NOT NULL,"
        " status TEXT NOT NULL CHECK (status IN ('creating', 'open', 'failed', 'cancelling', 'cancelled')),"
        " invoice_id TEXT,"
        " qr_text TEXT NOT NULL DEFAULT '',"
        " short_url TEXT NOT NULL DEFAULT '',"
        " banks_json TEXT NOT NULL DEFAULT '[]',"
        " created_at TEXT NOT NULL,"
        " changed_at TEXT NOT NULL,"
        " failure TEXT NOT NULL DEFAULT '')")
    db.execute("CREATE INDEX sale_invoices_by_sale ON sale_invoices (number, id)")


def _add_given_back_payments(db: sqlite3.Connection) -> None:
    """Which payments a give-back returned, one by one (JSON records like `payment_ids_json`): a give-back
    refused half-way returned some of them, and money that arrives after a part was given back is kept. A
    give-back done before this migration returned every payment it recorded."""
    db.execute("ALTER TABLE sales ADD COLUMN given_back_json TEXT NOT NULL DEFAULT '[]'")
    db.execute("UPDATE sales SET given_back_json = payment_ids_json WHERE reversal_status = 'done'")


_SALES_COLUMNS = (
    "number", "terminal", "created_at", "updated_at", "status", "total", "vat", "city_tax", "lines_json",
    "invoice_id", "qr_text", "short_url", "banks_json", "paid_amount", "bank", "payment_ids_json", "receiver_kind",
    "receiver_register", "receipt_id", "lottery", "receipt_qr", "receipt_amount", "receipt_vat",
    "receipt_city_tax", "receipt_status", "failure", "reversal_kind", "reversal_status", "reversal_reason",
    "reversed_amount", "given_back_json")


def _add_tenders_and_shifts(db: sqlite3.Connection) -> None:
    """Cash and the bank's card terminal beside QPay, one receipt for a whole sale through the shop's PosAPI,
    and the cashier's shifts.

    The sales table is made anew (SQLite cannot change a CHECK in place): its status may now be 'tendering'
    (cash or the card terminal taken, something still due), and four columns join it: how the sale gets its
    receipt (`receipt_via`), what its QPay invoice asks when tenders came first (`invoice_amount`, NULL: the
    total), and the PosAPI receipt asked last: its bill number, the day it was sent and the request itself
    (`receipt_bill`, `receipt_bill_day`, `receipt_request`; the number may not repeat within a day, which is what
    makes asking again with the same request safe).
    Foreign keys are off for the whole migration (`migrate`), so the tables that refer to sales keep their rows;
    `foreign_key_check` proves them whole before the commit."""
    columns = ", ".join(_SALES_COLUMNS)
    statements = (
        "CREATE TABLE sales_new ("
        " number TEXT PRIMARY KEY CHECK (length(number) BETWEEN 1 AND 45),"
        " terminal TEXT NOT NULL,"
        " created_at TEXT NOT NULL,"
        " updated_at TEXT NOT NULL,"
        " status TEXT NOT NULL CHECK (status IN ('tendering', 'creating', 'open', 'cancelling', 'cancelled',"
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
        " failure TEXT NOT NULL DEFAULT '',"
        " reversal_kind TEXT CHECK (reversal_kind IN ('cancel', 'refund')),"
        " reversal_status TEXT CHECK (reversal_status IN ('pending', 'done', 'failed')),"
        " reversal_reason TEXT NOT NULL DEFAULT '',"
        " reversed_amount TEXT,"
        " given_back_json TEXT NOT NULL DEFAULT '[]',"
        " receipt_via TEXT NOT NULL DEFAULT 'qpay' CHECK (receipt_via IN ('qpay', 'posapi', 'none')),"
        " invoice_amount TEXT,"
        " receipt_bill TEXT NOT NULL DEFAULT '',"
        " receipt_bill_day TEXT NOT NULL DEFAULT '',"
        " receipt_request TEXT NOT NULL DEFAULT '')",
        f"INSERT INTO sales_new ({columns}) SELECT {columns} FROM sales",  # noqa: S608 - our own column names
        "DROP TABLE sales",
        "ALTER TABLE sales_new RENAME TO sales",
        "CREATE INDEX sales_by_status ON sales (status)",
        "CREATE INDEX sales_by_created_at ON sales (created_at)",
        "CREATE INDEX sales_by_reversal_status ON sales (reversal_status)",
        "CREATE INDEX sales_by_receipt_status ON sales (receipt_status)",
        # A PosAPI receipt covers the whole sale (payment_id ''); DELETE needs the date it answered.
        "ALTER TABLE receipts ADD COLUMN kind TEXT NOT NULL DEFAULT 'qpay' CHECK (kind IN ('qpay', 'posapi'))",
        "ALTER TABLE receipts ADD COLUMN printed_at TEXT NOT NULL DEFAULT ''",
        "ALTER TABLE receipts ADD COLUMN bill TEXT NOT NULL DEFAULT ''",
        # Cash and the card terminal: counted when written; handed back (the sale cancelled before it was
        # covered) or refunded (a return) afterwards.
        "CREATE TABLE tenders ("
        " id INTEGER PRIMARY KEY,"
        " number TEXT NOT NULL REFERENCES sales (number),"
        " kind TEXT NOT NULL CHECK (kind IN ('cash', 'card_terminal')),"
        " amount TEXT NOT NULL,"
        " given TEXT NOT NULL,"
        " approval_code TEXT NOT NULL DEFAULT '',"
        " status TEXT NOT NULL CHECK (status IN ('counted', 'handed_back', 'refunded')),"
        " at TEXT NOT NULL,"
        " changed_at TEXT NOT NULL)",
        "CREATE INDEX tenders_by_sale ON tenders (number, id)",
        "CREATE INDEX tenders_by_time ON tenders (at)",
        # The cashier's shifts: opened with a counted float, closed by counting the drawer (the Z report).
        "CREATE TABLE shifts ("
        " id INTEGER PRIMARY KEY,"
        " terminal TEXT NOT NULL,"
        " opened_at TEXT NOT NULL,"
        " float_amount TEXT NOT NULL,"
        " closed_at TEXT,"
        " counted TEXT,"
        " z_json TEXT)",
        "CREATE UNIQUE INDEX one_open_shift ON shifts (terminal) WHERE closed_at IS NULL",
        "CREATE TRIGGER closed_shifts_are_not_changed BEFORE UPDATE ON shifts WHEN old.closed_at IS NOT NULL"
        " BEGIN SELECT RAISE(ABORT, 'a closed shift is never changed'); END",
        "CREATE TRIGGER shifts_are_not_deleted BEFORE DELETE ON shifts"
        " BEGIN SELECT RAISE(ABORT, 'a shift is never deleted'); END",
        # Cash put in or taken out of the drawer that is neither a sale nor a refund.
        "CREATE TABLE drawer_moves ("
        " id INTEGER PRIMARY KEY,"
        " shift_id INTEGER NOT NULL REFERENCES shifts (id),"
        " kind TEXT NOT NULL CHECK (kind IN ('paid_in', 'paid_out')),"
        " amount TEXT NOT NULL,"
        " note TEXT NOT NULL DEFAULT '',"
        " at TEXT NOT NULL)",
    )
    for statement in statements:
        db.execute(statement)
    broken = db.execute("PRAGMA foreign_key_check").fetchall()
    if broken:
        raise JournalError(f"The journal's sales could not be carried over whole ({len(broken)} rows lost their "
                           "sale); the file was left as it was.")


def _add_cash_rounding(db: sqlite3.Connection) -> None:
    """Cash is whole tögrög: a cash tender's rounding (what the cash paid beyond the amount it applied, below 0 short
    of it; '0' for every tender before, and for the card terminal)."""
    db.execute("ALTER TABLE tenders ADD COLUMN rounding TEXT NOT NULL DEFAULT '0'")


MIGRATIONS: tuple[Migration, ...] = (
    _create_sales_journal,   # 1
    _add_reversals,          # 2
    _add_receipts,           # 3
    _add_closed_days,        # 4
    _add_sale_invoices,      # 5
    _add_given_back_payments,  # 6
    _add_tenders_and_shifts,   # 7
    add_people_and_parking,    # 8
    add_part_returns,          # 9
    add_receipt_bill_time,     # 10
    _add_cash_rounding,        # 11
    add_return_cash_step,      # 12
    add_receiver_names,        # 13
    add_kept_cart,             # 14
)
LATEST_VERSION = len(MIGRATIONS)


def rows_by_sale(db: sqlite3.Connection, table: str, numbers: list[str]) -> list[sqlite3.Row]:
    """Every row of `table` (receipts, tenders, part returns: one of ours) for these sales, in the order they were
    written."""
    if table not in ("receipts", "tenders", "part_returns"):
        raise ValueError(f"not a table of a sale's rows: {table!r}")
    rows: list[sqlite3.Row] = []
    # SQLite's limit on bound parameters is far above this; chunks keep any list safe.
    for start in range(0, len(numbers), 500):
        chunk = numbers[start:start + 500]
        marks = ", ".join("?" * len(chunk))
        rows += db.execute(f"SELECT * FROM {table} WHERE number IN ({marks}) ORDER BY id",  # noqa: S608
                           chunk).fetchall()
    return sorted(rows, key=lambda row: row["id"])


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
    # Foreign keys off while tables are made anew (migration 7 replaces the sales table under the tables that
    # refer to it; each such migration checks them itself). The pragma only takes effect outside a transaction.
    enforced = db.execute("PRAGMA foreign_keys").fetchone()[0]
    db.execute("PRAGMA foreign_keys=OFF")
    try:
        # IMMEDIATE takes the write lock first, so two tills opening one fresh file
        # cannot both run migration 1; the version is read again under the lock.
        with immediate(db):
            version = schema_version(db)
            refuse_newer(version, path)
            for number, migration in enumerate(MIGRATIONS[version:], start=version + 1):
                migration(db)
                db.execute(f"PRAGMA user_version = {number:d}")
    finally:
        db.execute(f"PRAGMA foreign_keys={'ON' if enforced else 'OFF'}")
    return max(version, LATEST_VERSION)


@contextmanager
def immediate(db: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """One committed transaction that takes the file's write lock first (BEGIN IMMEDIATE), so another writer
    waits instead of failing mid-way; rolled back on any error. `db` must be in autocommit mode."""
    db.execute("BEGIN IMMEDIATE")
    try:
        yield db
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise
