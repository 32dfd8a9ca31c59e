"""The sales journal: every step of a sale, on disk before its network call.

A till that crashes mid-payment must not lose the sale, charge twice or forget
a receipt. So each step is committed (WAL, synchronous=FULL) *before* the
call it announces and updated *after* the answer; at start-up `unfinished()`
lists what a crash interrupted, for recovery to settle with the service.

Each step checks the sale's current status and appends an `events` row in the
same transaction, so the row and its history never disagree. Money is stored
as TEXT holding the exact `Decimal` (REAL would round it).
"""

from __future__ import annotations

import json
import re
import sqlite3
import threading
from contextlib import contextmanager
from dataclasses import replace
from datetime import date, datetime, timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

from pos_app.domain.cart import CartLine
from pos_app.domain.sale import (
    IssuedReceipt,
    OpenInvoice,
    PaymentSeen,
    Receiver,
)
from pos_app.domain.shop_time import ShopClock
from pos_app.domain.taxes import TaxSplit
from pos_app.domain.validators import TERMINAL_ID, check_reversal_reason

from . import receipt_rows
from .numbers import take_number
from .receipt_rows import JournalReceipt, ReceiptStatus
from .records import (
    FINAL_STATUSES,
    UNFINISHED_STATUSES,
    JournalSale,
    JournalStatus,
    ReversalKind,
    ReversalStatus,
    SaleNotFound,
    bank_record,
    dumps,
    line_record,
    money_text,
    payment_record,
    sale_from_row,
    time_text,
)
from .sale_invoices import JournalInvoices
from .schema import JournalError, migrate, refuse_newer, schema_version

__all__ = ["FINAL_STATUSES", "UNFINISHED_STATUSES", "Journal", "JournalError", "JournalReceipt", "JournalSale",
           "JournalStatus", "ReceiptStatus", "ReversalKind", "ReversalStatus", "SaleNotFound"]

MAX_REASON = 1000   # a failure note is for people; an endless exception text is not
_S = JournalStatus   # short, for the transition tables below


class Journal(JournalInvoices):
    """The journal file of one terminal. Safe to share between threads (one connection behind a lock).
    A partly paid sale's steps (remainder invoices, the part given back) are in `JournalInvoices`."""

    def __init__(self, path: str | Path, terminal_id: str, clock: Callable[[], datetime] | None = None) -> None:
        if not TERMINAL_ID.match(terminal_id):
            raise ValueError("A terminal id is 1 to 20 Latin letters, digits or _")
        self.path = Path(path)
        self.terminal_id = terminal_id
        self._clock = clock or ShopClock()     # the shop's time (Ulaanbaatar) unless the app passes its own
        self._lock = threading.Lock()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._db: sqlite3.Connection | None = self._open()

    def __repr__(self) -> str:
        return f"Journal({str(self.path)!r}, terminal_id={self.terminal_id!r})"

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

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

    def pragma(self, name: str) -> Any:
        """A PRAGMA's value on the journal's own connection (synchronous is per connection)."""
        if not re.fullmatch(r"[a-z_]+", name):
            raise ValueError(f"not a pragma name: {name!r}")
        with self._lock:
            return self._connection().execute(f"PRAGMA {name}").fetchone()[0]

    # -- steps ---------------------------------------------------------------

    def begin_sale(self, lines: Iterable[CartLine], total: Decimal, taxes: TaxSplit, day: date | None = None) -> str:
        """Take the next sale number (`take_number`, the sequence `SaleNumbers` also uses) and record the sale as
        CREATING."""
        lines = tuple(lines)
        if not lines:
            raise JournalError("A sale needs at least one line.")
        total_text = money_text(total, "total")
        if total <= 0:
            raise JournalError("A sale's total must be above 0.")
        lines_json = dumps([line_record(line) for line in lines])
        vat, city_tax = money_text(taxes.vat, "VAT"), money_text(taxes.city_tax, "city tax")
        with self._writing() as db:
            now = self._now()   # under the write lock: a day close cannot fall between the time and the commit
            day = day or now.date()
            # The number and its sale are one transaction: a crash cannot use a number without recording it.
            number = take_number(db, self.terminal_id, day)
            db.execute("INSERT INTO sales (number, terminal, created_at, updated_at, status, total, vat, city_tax,"
                       " lines_json) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                       (number, self.terminal_id, time_text(now), time_text(now), _S.CREATING.value, total_text,
                        vat, city_tax, lines_json))
            self._log(db, number, now, "sale_begun", {"total": total_text, "lines": len(lines)})
        return number

    def invoice_opened(self, number: str, invoice: OpenInvoice) -> None:
        if not invoice.invoice_id:
            raise JournalError("An open invoice needs its id.")
        self._step(number, "invoice_opened", {_S.CREATING}, _S.OPEN,
                   {"invoice_id": invoice.invoice_id, "qr_text": invoice.qr_text, "short_url": invoice.short_url,
                    "banks_json": dumps([bank_record(bank) for bank in invoice.banks])},
                   {"invoice_id": invoice.invoice_id, "recovered": invoice.recovered})

    def invoice_failed(self, number: str, reason: str) -> None:
        self._failed_step(number, "invoice_failed", {_S.CREATING}, _S.FAILED, reason)

    def cancel_started(self, number: str) -> None:
        self._step(number, "cancel_started", {_S.OPEN}, _S.CANCELLING)

    def invoice_cancelled(self, number: str) -> None:
        # From OPEN too: an invoice cancelled elsewhere (found by a check) ends the sale the same way.
        self._step(number, "invoice_cancelled", {_S.CANCELLING, _S.OPEN}, _S.CANCELLED)

    def cancel_failed(self, number: str, reason: str) -> None:
        self._failed_step(number, "cancel_failed", {_S.CANCELLING}, _S.OPEN, reason)

    def payments_seen(self, number: str, payments: Iterable[PaymentSeen]) -> None:
        """PAID: the payments that cover the sale (also from CANCELLING: the customer paid first)."""
        payments = tuple(payments)
        if not payments:
            raise JournalError("A paid sale needs at least one payment.")
        records = [payment_record(payment) for payment in payments]
        paid = sum((payment.amount for payment in payments), Decimal(0))
        bank = ", ".join(dict.fromkeys(payment.bank for payment in payments if payment.bank))

        def covers_total(row: sqlite3.Row) -> None:
            if paid < Decimal(row["total"]):
                raise JournalError(f"Sale {number}: the payments ({paid}) do not cover its total ({row['total']}).")

        self._step(number, "payments_seen", {_S.OPEN, _S.CANCELLING}, _S.PAID,
                   {"paid_amount": str(paid), "bank": bank, "payment_ids_json": dumps(records)},
                   {"payments": records}, check=covers_total)

    def receipt_started(self, number: str, receiver: Receiver) -> None:
        """Before Create Ebarimt: the receiver asked for. From PAID; from RECEIPT_PENDING (asked again after a
        lost answer, perhaps for another receiver); from COMPLETED when the sale's receipts were voided while
        the money was kept (it is issued again)."""
        def owes_receipt(row: sqlite3.Row) -> None:
            if not self._sale_in(row).can_issue_receipt:
                raise JournalError(f"Sale {number} is owed no receipt now (its money was given back, "
                                   "every payment has its receipt, or a void is still being asked).")

        self._step(number, "receipt_started", {_S.PAID, _S.COMPLETED, _S.RECEIPT_PENDING}, _S.RECEIPT_PENDING,
                   {"receiver_kind": receiver.kind.value, "receiver_register": receiver.register,
                    "receipt_status": ReceiptStatus.PENDING.value},
                   {"receiver_kind": receiver.kind.value, "receiver_register": receiver.register},
                   check=owes_receipt)

    def receipt_issued(self, number: str, receipt: IssuedReceipt) -> None:
        """One payment's receipt, as the service made it. The sale is COMPLETED once every payment has one;
        the same receipt recorded twice (asked again after a lost answer) is recorded once."""
        if not receipt.receipt_id:
            raise JournalError("An issued receipt needs its id.")
        money = {"amount": money_text(receipt.amount, "receipt amount"),
                 "vat": money_text(receipt.vat, "receipt VAT"),
                 "city_tax": money_text(receipt.city_tax, "receipt city tax")}
        with self._writing() as db:
            now = self._now()   # under the write lock: a day close cannot fall between the time and the commit
            sale = self._sale_in(self._row_for(db, number, "receipt_issued", {_S.RECEIPT_PENDING}))
            if not receipt.payment_id:
                # Unambiguous only for the one payment still without a receipt.
                owed = sale.payments_without_receipt
                if len(owed) != 1:
                    raise JournalError(f"Sale {number}: a receipt must name its payment (the sale has several).")
                receipt = replace(receipt, payment_id=owed[0].payment_id)
            if receipt.payment_id not in {payment.payment_id for payment in sale.payments}:
                raise JournalError(f"Sale {number} has no payment {receipt.payment_id}.")
            same = [row for row in sale.valid_receipts if row.payment_id == receipt.payment_id]
            if same and same[0].receipt.receipt_id != receipt.receipt_id:
                raise JournalError(f"Sale {number}: payment {receipt.payment_id} already has receipt "
                                   f"{same[0].receipt.receipt_id}; the service answered another one.")
            if not same:
                receipt_rows.insert(db, number, receipt, time_text(now), money)
            done = not self._sale_in(self._row_for(db, number, "receipt_issued", {_S.RECEIPT_PENDING}),
                                     ).payments_without_receipt
            status = _S.COMPLETED if done else _S.RECEIPT_PENDING
            db.execute("UPDATE sales SET status = ?, receipt_status = ?, failure = '', updated_at = ?"
                       " WHERE number = ?",
                       (status.value, ReceiptStatus.ISSUED.value if done else ReceiptStatus.PENDING.value,
                        time_text(now), number))
            self._log(db, number, now, "receipt_issued",
                      {"from": _S.RECEIPT_PENDING.value, "to": status.value, "receipt_id": receipt.receipt_id,
                       "lottery": receipt.lottery, "payment_id": receipt.payment_id,
                       "receiver_kind": receipt.receiver.kind.value,
                       "receiver_register": receipt.receiver.register, "again": bool(same)})

    def receipt_failed(self, number: str, reason: str) -> None:
        """The service refused the receipt: the sale is paid and still owed it (PAID)."""
        self._failed_step(number, "receipt_failed", {_S.RECEIPT_PENDING}, _S.PAID, reason,
                          {"receipt_status": ReceiptStatus.FAILED.value})

    def expired(self, number: str) -> None:
        self._step(number, "expired", {_S.OPEN}, _S.EXPIRED)

    # -- after the sale: card payments given back, receipts voided ----------------

    def reversal_started(self, number: str, kind: ReversalKind, reason: str, *, void_receipts: bool = False) -> None:
        """Before a card payment's cancel or refund is sent; `reason` is recorded with it, and whether the sale's
        receipts are to be voided once the money is back (`reversal_done` starts that void in its own
        transaction, so a crash between the two cannot leave the money given back and the receipt valid)."""
        try:
            kind = ReversalKind(kind)
            note = check_reversal_reason(reason)
        except ValueError as exc:
            raise JournalError(str(exc)) from exc

        def not_reversed(row: sqlite3.Row) -> None:
            if row["reversal_status"] in (ReversalStatus.PENDING.value, ReversalStatus.DONE.value):
                raise JournalError(f"Sale {number}: its payment is already being given back or was given back.")
            if any(str(payment.get("type", "")).upper() != "CARD" for payment in json.loads(row["payment_ids_json"])):
                raise JournalError(f"Sale {number}: only card payments can be given back through QPay.")

        self._step(number, "reversal_started", {_S.PAID, _S.COMPLETED}, None,
                   {"reversal_kind": kind.value, "reversal_status": ReversalStatus.PENDING.value,
                    "reversal_reason": note},
                   {"kind": kind.value, "reason": note, "void_receipts": bool(void_receipts)}, check=not_reversed)

    def reversal_done(self, number: str, amount: Decimal) -> None:
        """The money is back. When the give back asked for it, the sale's valid receipts move to CANCELLING in
        the same transaction: the void is then owed (recovery settles it) even if the till stops right here."""
        self._step(number, "reversal_done", {_S.PAID, _S.COMPLETED}, None,
                   {"reversal_status": ReversalStatus.DONE.value,
                    "reversed_amount": money_text(amount, "reversed amount")},
                   {"amount": str(amount)}, check=_reversal_is(number, ReversalStatus.PENDING),
                   then=self._void_if_asked)

    def _void_if_asked(self, db: sqlite3.Connection, number: str, at: datetime) -> None:
        asked = db.execute("SELECT detail_json FROM events WHERE number = ? AND kind = 'reversal_started'"
                           " ORDER BY id DESC LIMIT 1", (number,)).fetchone()
        if asked is None or not json.loads(asked["detail_json"]).get("void_receipts"):
            return
        moved = receipt_rows.move(db, number, ReceiptStatus.ISSUED, ReceiptStatus.CANCELLING, time_text(at))
        if moved:
            summary = receipt_rows.summary_status(receipt_rows.rows_of(db, number))
            db.execute("UPDATE sales SET receipt_status = ? WHERE number = ?", (summary.value, number))
            self._log(db, number, at, "receipt_cancel_started", {"receipts": moved, "receipt_status": summary.value})

    def reversal_failed(self, number: str, reason: str) -> None:
        self._failed_step(number, "reversal_failed", {_S.PAID, _S.COMPLETED}, None, reason,
                          {"reversal_status": ReversalStatus.FAILED.value},
                          check=_reversal_is(number, ReversalStatus.PENDING))

    def receipt_cancel_started(self, number: str) -> None:
        """Before Cancel Ebarimt: every issued receipt of the sale is voided together."""
        self._receipt_rows_step(number, "receipt_cancel_started", ReceiptStatus.ISSUED, ReceiptStatus.CANCELLING)

    def receipt_cancelled(self, number: str, payment_id: str | None = None) -> None:
        """The void of `payment_id`'s receipt (None: of every receipt being voided) is confirmed."""
        self._receipt_rows_step(number, "receipt_cancelled", ReceiptStatus.CANCELLING, ReceiptStatus.CANCELLED,
                                payment_id)

    def receipt_cancel_failed(self, number: str, reason: str, payment_id: str | None = None) -> None:
        """The service refused the void (the receipt stays valid); `reason` is kept for the history."""
        note = str(reason).strip()[:MAX_REASON] or "no reason given"
        self._receipt_rows_step(number, "receipt_cancel_failed", ReceiptStatus.CANCELLING, ReceiptStatus.ISSUED,
                                payment_id, failure=note)

    # -- reading -------------------------------------------------------------

    def get(self, number: str) -> JournalSale:
        sales = self._read_sales("SELECT * FROM sales WHERE number = ?", (number,))
        if not sales:
            raise SaleNotFound(number)
        return sales[0]

    def unfinished(self) -> list[JournalSale]:
        """The sales a crash may have interrupted, oldest first."""
        statuses = sorted(status.value for status in UNFINISHED_STATUSES)
        marks = ", ".join("?" * len(statuses))
        # A paid sale whose payment was given back (or is being given back) is owed no receipt.
        # Only placeholders are formatted in; every value is bound.
        return self._read_sales(f"SELECT * FROM sales WHERE status IN ({marks}) AND NOT "  # noqa: S608
                                "(status = ? AND coalesce(reversal_status, '') IN (?, ?)) ORDER BY created_at, rowid",
                                (*statuses, _S.PAID.value, ReversalStatus.PENDING.value, ReversalStatus.DONE.value))

    def unsettled_afterwards(self) -> list[JournalSale]:
        """Finished sales whose refund or receipt cancel a crash may have interrupted, oldest first."""
        return self._read_sales("SELECT * FROM sales WHERE reversal_status = ? OR receipt_status = ? "
                                "ORDER BY created_at, rowid",
                                (ReversalStatus.PENDING.value, ReceiptStatus.CANCELLING.value))

    def sales_between(self, start: date, end: date) -> list[JournalSale]:
        """Sales begun from `start` to `end` (both included, local days), newest first."""
        return self._read_sales("SELECT * FROM sales WHERE created_at >= ? AND created_at < ? "
                                "ORDER BY created_at DESC, rowid DESC",
                                (start.isoformat(), (end + timedelta(days=1)).isoformat()))

    def events(self, number: str) -> list[tuple[datetime, str, dict]]:
        """The sale's step log, in the order the steps were written."""
        self.get(number)
        rows = self._read("SELECT at, kind, detail_json FROM events WHERE number = ? ORDER BY id", (number,))
        return [(datetime.fromisoformat(row["at"]), row["kind"], json.loads(row["detail_json"])) for row in rows]

    def now(self) -> datetime:
        """The time the journal would stamp on a step now (the shop's wall time, as its clock gives it)."""
        return self._now()

    def activity_between(self, start: date, end: date,
                         ) -> tuple[list[JournalSale], list[tuple[str, datetime, str, dict[str, Any]]]]:
        """What happened from `start` to `end` (both included, local days), read at one moment: the sales with
        a step written then (whenever they were begun), oldest first, and those steps as (sale number, time,
        kind, detail), in the order they were written."""
        bounds = (start.isoformat(), (end + timedelta(days=1)).isoformat())
        with self._lock:
            db = self._connection()
            events = db.execute("SELECT number, at, kind, detail_json FROM events WHERE at >= ? AND at < ?"
                                " ORDER BY id", bounds).fetchall()
            rows = db.execute("SELECT * FROM sales WHERE number IN (SELECT number FROM events WHERE at >= ?"
                              " AND at < ?) ORDER BY created_at, rowid", bounds).fetchall()
            receipts = receipt_rows.read(db, [row["number"] for row in rows])
        sales = [sale_from_row(row, receipts.get(row["number"], ())) for row in rows]
        return sales, [(row["number"], datetime.fromisoformat(row["at"]), row["kind"], json.loads(row["detail_json"]))
                       for row in events]

    def sales_needing_attention(self) -> list[JournalSale]:
        """Sales of any day someone must see to, oldest first: left half-way (CREATING, OPEN, CANCELLING),
        money kept without a valid receipt for every payment (`owes_receipt`: never issued, refused, or voided
        afterwards), a give-back asked but not answered or failed, a receipt void not answered."""
        half_way = (_S.CREATING.value, _S.OPEN.value, _S.CANCELLING.value, _S.PAID.value, _S.RECEIPT_PENDING.value)
        candidates = self._read_sales(
            "SELECT * FROM sales WHERE status IN (?, ?, ?, ?, ?) OR reversal_status IN (?, ?) OR receipt_status = ?"
            " OR (status = ? AND EXISTS (SELECT 1 FROM receipts WHERE receipts.number = sales.number"
            " AND receipts.status = ?)) ORDER BY created_at, rowid",
            (*half_way, ReversalStatus.PENDING.value, ReversalStatus.FAILED.value, ReceiptStatus.CANCELLING.value,
             _S.COMPLETED.value, ReceiptStatus.CANCELLED.value))
        return [sale for sale in candidates
                if sale.owes_receipt or sale.status in (_S.CREATING, _S.OPEN, _S.CANCELLING)
                or sale.reversal_status in (ReversalStatus.PENDING, ReversalStatus.FAILED)
                or sale.receipt_status is ReceiptStatus.CANCELLING]

    # -- plumbing --------------------------------------------------------------

    def _connection(self) -> sqlite3.Connection:
        if self._db is None:
            raise JournalError(f"The journal {self.path} is closed.")
        return self._db

    def _now(self) -> datetime:
        # Kept as the clock gives it (the app's is the shop's wall time, aware): the stored text starts with the
        # shop's day, whatever the computer's time zone.
        return self._clock()

    @contextmanager
    def _writing(self) -> Iterator[sqlite3.Connection]:
        """One committed transaction; IMMEDIATE so another writer on the file waits instead of failing mid-way."""
        with self._lock:
            db = self._connection()
            db.execute("BEGIN IMMEDIATE")
            try:
                yield db
                db.execute("COMMIT")
            except BaseException:
                if db.in_transaction:
                    db.execute("ROLLBACK")
                raise

    def _read(self, sql: str, params: Iterable[object] = ()) -> list[sqlite3.Row]:
        with self._lock:
            return self._connection().execute(sql, tuple(params)).fetchall()

    def _read_sales(self, sql: str, params: Iterable[object] = ()) -> list[JournalSale]:
        """The sales a query selects, each with its receipts (one read under the lock)."""
        with self._lock:
            db = self._connection()
            rows = db.execute(sql, tuple(params)).fetchall()
            receipts = receipt_rows.read(db, [row["number"] for row in rows])
        return [sale_from_row(row, receipts.get(row["number"], ())) for row in rows]

    def _sale_in(self, row: sqlite3.Row) -> JournalSale:
        """A sale row read inside a transaction, with its receipts (the caller holds the lock)."""
        return sale_from_row(row, receipt_rows.read(self._connection(), [row["number"]]).get(row["number"], ()))

    @staticmethod
    def _row_for(db: sqlite3.Connection, number: str, kind: str, allowed: set[JournalStatus]) -> sqlite3.Row:
        row = db.execute("SELECT * FROM sales WHERE number = ?", (number,)).fetchone()
        if row is None:
            raise SaleNotFound(number)
        if _S(row["status"]) not in allowed:
            expected = " or ".join(sorted(s.value for s in allowed))
            raise JournalError(f"Sale {number} is {row['status']}: cannot record {kind} (only from {expected}).")
        return row

    def _receipt_rows_step(self, number: str, kind: str, before: ReceiptStatus, after: ReceiptStatus,
                           payment_id: str | None = None, failure: str = "") -> None:
        """Move the sale's receipts in `before` to `after` and its receipt summary with them: one transaction."""
        with self._writing() as db:
            now = self._now()   # under the write lock: a day close cannot fall between the time and the commit
            self._row_for(db, number, kind, {_S.PAID, _S.COMPLETED, _S.RECEIPT_PENDING})
            moved = receipt_rows.move(db, number, before, after, time_text(now), payment_id, failure)
            if not moved:
                raise JournalError(f"Sale {number}: no receipt is {before.value}"
                                   + (f" for payment {payment_id}." if payment_id else "."))
            summary = receipt_rows.summary_status(receipt_rows.rows_of(db, number))
            db.execute("UPDATE sales SET receipt_status = ?, failure = ?, updated_at = ? WHERE number = ?",
                       (summary.value, failure, time_text(now), number))
            detail: dict[str, object] = {"receipts": moved, "receipt_status": summary.value}
            if payment_id is not None:
                detail["payment_id"] = payment_id
            if failure:
                detail["reason"] = failure
            self._log(db, number, now, kind, detail)

    def _step(self, number: str, kind: str, allowed: set[JournalStatus], status: JournalStatus | None,
              columns: dict[str, object] | None = None, detail: dict[str, object] | None = None,
              check: Callable[[sqlite3.Row], None] | None = None,
              then: Callable[[sqlite3.Connection, str, datetime], None] | None = None) -> None:
        """Move a sale from one of `allowed` to `status` (None: keep it), set `columns`, log `kind`, and run `then`
        (what must happen with it): one transaction."""
        changes: dict[str, object] = {"failure": "", **(columns or {})}
        if status is not None:
            changes["status"] = status.value
        unknown = set(changes) - _SALE_COLUMNS
        if unknown:   # column names go into the SQL text: only our own
            raise ValueError(f"not a sales column: {sorted(unknown)}")
        with self._writing() as db:
            now = self._now()   # under the write lock: a day close cannot fall between the time and the commit
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
            changes["updated_at"] = time_text(now)
            assignments = ", ".join(f"{name} = ?" for name in changes)
            # The column names are this module's own; every value is bound.
            db.execute(f"UPDATE sales SET {assignments} WHERE number = ?",  # noqa: S608
                       (*changes.values(), number))
            moved = {"from": current.value, "to": status.value} if status is not None else {"status": current.value}
            self._log(db, number, now, kind, {**moved, **(detail or {})})
            if then is not None:
                then(db, number, now)

    def _failed_step(self, number: str, kind: str, allowed: set[JournalStatus], status: JournalStatus | None,
                     reason: str, columns: dict[str, object] | None = None,
                     check: Callable[[sqlite3.Row], None] | None = None) -> None:
        note = str(reason).strip()[:MAX_REASON] or "no reason given"
        self._step(number, kind, allowed, status, {**(columns or {}), "failure": note}, {"reason": note}, check)

    @staticmethod
    def _log(db: sqlite3.Connection, number: str, at: datetime, kind: str, detail: dict[str, object]) -> None:
        db.execute("INSERT INTO events (number, at, kind, detail_json) VALUES (?, ?, ?, ?)",
                   (number, time_text(at), kind, dumps(detail)))


_SALE_COLUMNS = frozenset({
    "updated_at", "status", "invoice_id", "qr_text", "short_url", "banks_json", "paid_amount", "bank",
    "payment_ids_json", "receiver_kind", "receiver_register", "receipt_id", "lottery", "receipt_qr",
    "receipt_amount", "receipt_vat", "receipt_city_tax", "receipt_status", "failure",
    "reversal_kind", "reversal_status", "reversal_reason", "reversed_amount"})


def _reversal_is(number: str, expected: ReversalStatus) -> Callable[[sqlite3.Row], None]:
    def check(row: sqlite3.Row) -> None:
        if row["reversal_status"] != expected.value:
            raise JournalError(f"Sale {number}: no payment reversal is {expected.value} "
                               f"(it is {row['reversal_status'] or 'not started'}).")
    return check
