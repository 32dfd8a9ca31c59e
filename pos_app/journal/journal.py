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
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from decimal import Decimal
from enum import Enum
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

from pos_app.domain.cart import CartLine
from pos_app.domain.sale import (
    BankApp,
    IssuedReceipt,
    OpenInvoice,
    PaymentSeen,
    Receiver,
    ReceiverKind,
    Sale,
    Stage,
)
from pos_app.domain.taxes import TaxSplit
from pos_app.domain.validators import TERMINAL_ID, check_reversal_reason

from .numbers import take_number
from .schema import JournalError, migrate, refuse_newer, schema_version

__all__ = ["FINAL_STATUSES", "UNFINISHED_STATUSES", "Journal", "JournalError", "JournalSale", "JournalStatus",
           "ReceiptStatus", "ReversalKind", "ReversalStatus", "SaleNotFound"]

MAX_REASON = 1000   # a failure note is for people; an endless exception text is not


class JournalStatus(str, Enum):
    CREATING = "creating"                 # number taken; the invoice is being created
    OPEN = "open"                         # invoice created: waiting for the payment
    CANCELLING = "cancelling"             # the invoice is being cancelled
    CANCELLED = "cancelled"
    FAILED = "failed"                     # no invoice was created
    PAID = "paid"                         # paid in full; no receipt yet
    RECEIPT_PENDING = "receipt_pending"   # the receipt is being created
    COMPLETED = "completed"               # receipt issued
    EXPIRED = "expired"


class ReversalKind(str, Enum):
    CANCEL = "cancel"       # a card payment voided (typically the same day, before settlement)
    REFUND = "refund"       # a card payment given back after settlement


class ReversalStatus(str, Enum):
    PENDING = "pending"     # asked; the answer is not recorded yet (recovery re-reads the payment)
    DONE = "done"
    FAILED = "failed"       # the payment is still paid; the cashier may try again


class ReceiptStatus(str, Enum):
    PENDING = "pending"
    ISSUED = "issued"
    FAILED = "failed"
    CANCELLING = "cancelling"
    CANCELLED = "cancelled"


_S = JournalStatus   # short, for the transition tables below
# What a crash can leave half-done: recovery settles these with the service.
UNFINISHED_STATUSES = frozenset({_S.CREATING, _S.OPEN, _S.CANCELLING, _S.PAID, _S.RECEIPT_PENDING})
FINAL_STATUSES = frozenset(JournalStatus) - UNFINISHED_STATUSES

_STAGE_OF_STATUS = {
    _S.CREATING: Stage.CHARGING,
    _S.OPEN: Stage.AWAITING_PAYMENT,
    _S.CANCELLING: Stage.CANCELLING,
    _S.PAID: Stage.PAID,
    _S.RECEIPT_PENDING: Stage.PAID,        # the receipt step is offered again
    _S.COMPLETED: Stage.COMPLETED,
    _S.CANCELLED: Stage.CANCELLED,
    _S.FAILED: Stage.CANCELLED,
    _S.EXPIRED: Stage.EXPIRED,
}


class SaleNotFound(JournalError, KeyError):
    """No sale with that number in the journal."""

    def __init__(self, number: str) -> None:
        super().__init__(f"There is no sale {number} in the journal.")
        self.number = number

    def __str__(self) -> str:          # KeyError would show the message in quotes
        return str(self.args[0])


@dataclass(frozen=True)
class JournalSale:
    """One sale as the journal last recorded it."""

    number: str
    terminal: str
    status: JournalStatus
    created_at: datetime
    lines: tuple[CartLine, ...]
    total: Decimal
    taxes: TaxSplit
    invoice_id: str | None = None
    qr_text: str = ""
    short_url: str = ""
    payments: tuple[PaymentSeen, ...] = ()
    receiver: Receiver | None = None
    receipt: IssuedReceipt | None = None
    failure: str = ""                     # the last failed step's reason; cleared by the next good step
    banks: tuple[BankApp, ...] = ()       # the invoice's bank app links, to resume the payment screen
    receipt_status: ReceiptStatus | None = None
    reversal_kind: ReversalKind | None = None
    reversal_status: ReversalStatus | None = None
    reversal_reason: str = ""
    reversed_amount: Decimal = Decimal(0)

    @property
    def has_active_receipt(self) -> bool:
        return self.receipt is not None and self.receipt_status is ReceiptStatus.ISSUED

    @property
    def is_reversed(self) -> bool:
        return self.reversal_status is ReversalStatus.DONE

    @property
    def can_reverse(self) -> bool:
        """Paid, not given back yet, and every payment a card payment (P2P cannot be reversed via QPay)."""
        return (self.status in (JournalStatus.PAID, JournalStatus.COMPLETED) and bool(self.payments)
                and self.reversal_status in (None, ReversalStatus.FAILED)
                and all(payment.is_card for payment in self.payments))

    @property
    def needs_settling(self) -> bool:
        """A step a crash may have interrupted: the sale itself, or a reversal or receipt cancel after it."""
        return (self.status in UNFINISHED_STATUSES or self.reversal_status is ReversalStatus.PENDING
                or self.receipt_status is ReceiptStatus.CANCELLING)

    @property
    def is_final(self) -> bool:
        return self.status in FINAL_STATUSES

    @property
    def paid_amount(self) -> Decimal:
        return sum((payment.amount for payment in self.payments), Decimal(0))

    def to_sale(self) -> Sale:
        """The domain `Sale` in the stage matching this status (the QR image is not kept: redraw it from qr_text)."""
        invoice = (OpenInvoice(self.invoice_id, self.qr_text, short_url=self.short_url, banks=self.banks)
                   if self.invoice_id else None)
        sale = Sale(self.number, self.lines, self.total, self.taxes, invoice=invoice, payments=self.payments,
                    receipt=self.receipt)
        # Restored, not moved: the journal already checked every step that led here.
        sale.stage = _STAGE_OF_STATUS[self.status]
        return sale


class Journal:
    """The journal file of one terminal. Safe to share between threads (one connection behind a lock)."""

    def __init__(self, path: str | Path, terminal_id: str, clock: Callable[[], datetime] = datetime.now) -> None:
        if not TERMINAL_ID.match(terminal_id):
            raise ValueError("A terminal id is 1 to 20 Latin letters, digits or _")
        self.path = Path(path)
        self.terminal_id = terminal_id
        self._clock = clock
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
        total_text = _money_text(total, "total")
        if total <= 0:
            raise JournalError("A sale's total must be above 0.")
        lines_json = _dumps([_line_record(line) for line in lines])
        vat, city_tax = _money_text(taxes.vat, "VAT"), _money_text(taxes.city_tax, "city tax")
        now = self._now()
        day = day or now.date()
        with self._writing() as db:
            # The number and its sale are one transaction: a crash cannot use a number without recording it.
            number = take_number(db, self.terminal_id, day)
            db.execute("INSERT INTO sales (number, terminal, created_at, updated_at, status, total, vat, city_tax,"
                       " lines_json) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                       (number, self.terminal_id, _time_text(now), _time_text(now), _S.CREATING.value, total_text,
                        vat, city_tax, lines_json))
            self._log(db, number, now, "sale_begun", {"total": total_text, "lines": len(lines)})
        return number

    def invoice_opened(self, number: str, invoice: OpenInvoice) -> None:
        if not invoice.invoice_id:
            raise JournalError("An open invoice needs its id.")
        self._step(number, "invoice_opened", {_S.CREATING}, _S.OPEN,
                   {"invoice_id": invoice.invoice_id, "qr_text": invoice.qr_text, "short_url": invoice.short_url,
                    "banks_json": _dumps([_bank_record(bank) for bank in invoice.banks])},
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
        records = [_payment_record(payment) for payment in payments]
        paid = sum((payment.amount for payment in payments), Decimal(0))
        bank = ", ".join(dict.fromkeys(payment.bank for payment in payments if payment.bank))

        def covers_total(row: sqlite3.Row) -> None:
            if paid < Decimal(row["total"]):
                raise JournalError(f"Sale {number}: the payments ({paid}) do not cover its total ({row['total']}).")

        self._step(number, "payments_seen", {_S.OPEN, _S.CANCELLING}, _S.PAID,
                   {"paid_amount": str(paid), "bank": bank, "payment_ids_json": _dumps(records)},
                   {"payments": records}, check=covers_total)

    def receipt_started(self, number: str, receiver: Receiver) -> None:
        self._step(number, "receipt_started", {_S.PAID}, _S.RECEIPT_PENDING,
                   {"receiver_kind": receiver.kind.value, "receiver_register": receiver.register,
                    "receipt_status": "pending"},
                   {"receiver_kind": receiver.kind.value, "receiver_register": receiver.register})

    def receipt_issued(self, number: str, receipt: IssuedReceipt) -> None:
        if not receipt.receipt_id:
            raise JournalError("An issued receipt needs its id.")
        self._step(number, "receipt_issued", {_S.RECEIPT_PENDING}, _S.COMPLETED,
                   {"receipt_id": receipt.receipt_id, "lottery": receipt.lottery, "receipt_qr": receipt.qr_data,
                    "receipt_amount": _money_text(receipt.amount, "receipt amount"),
                    "receipt_vat": _money_text(receipt.vat, "receipt VAT"),
                    "receipt_city_tax": _money_text(receipt.city_tax, "receipt city tax"),
                    "receiver_kind": receipt.receiver.kind.value, "receiver_register": receipt.receiver.register,
                    "receipt_status": "issued"},
                   {"receipt_id": receipt.receipt_id, "lottery": receipt.lottery})

    def receipt_failed(self, number: str, reason: str) -> None:
        self._failed_step(number, "receipt_failed", {_S.RECEIPT_PENDING}, _S.PAID, reason,
                          {"receipt_status": "failed"})

    def expired(self, number: str) -> None:
        self._step(number, "expired", {_S.OPEN}, _S.EXPIRED)

    # -- after the sale: card payments given back, receipts voided ----------------

    def reversal_started(self, number: str, kind: ReversalKind, reason: str) -> None:
        """Before a card payment's cancel or refund is sent; `reason` is recorded with it."""
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
                   {"kind": kind.value, "reason": note}, check=not_reversed)

    def reversal_done(self, number: str, amount: Decimal) -> None:
        self._step(number, "reversal_done", {_S.PAID, _S.COMPLETED}, None,
                   {"reversal_status": ReversalStatus.DONE.value,
                    "reversed_amount": _money_text(amount, "reversed amount")},
                   {"amount": str(amount)}, check=_reversal_is(number, ReversalStatus.PENDING))

    def reversal_failed(self, number: str, reason: str) -> None:
        self._failed_step(number, "reversal_failed", {_S.PAID, _S.COMPLETED}, None, reason,
                          {"reversal_status": ReversalStatus.FAILED.value},
                          check=_reversal_is(number, ReversalStatus.PENDING))

    def receipt_cancel_started(self, number: str) -> None:
        self._step(number, "receipt_cancel_started", {_S.COMPLETED}, None,
                   {"receipt_status": ReceiptStatus.CANCELLING.value},
                   check=_receipt_is(number, ReceiptStatus.ISSUED))

    def receipt_cancelled(self, number: str) -> None:
        self._step(number, "receipt_cancelled", {_S.COMPLETED}, None,
                   {"receipt_status": ReceiptStatus.CANCELLED.value},
                   check=_receipt_is(number, ReceiptStatus.CANCELLING))

    def receipt_cancel_failed(self, number: str, reason: str) -> None:
        self._failed_step(number, "receipt_cancel_failed", {_S.COMPLETED}, None, reason,
                          {"receipt_status": ReceiptStatus.ISSUED.value},
                          check=_receipt_is(number, ReceiptStatus.CANCELLING))

    # -- reading -------------------------------------------------------------

    def get(self, number: str) -> JournalSale:
        rows = self._read("SELECT * FROM sales WHERE number = ?", (number,))
        if not rows:
            raise SaleNotFound(number)
        return _sale_from_row(rows[0])

    def unfinished(self) -> list[JournalSale]:
        """The sales a crash may have interrupted, oldest first."""
        statuses = sorted(status.value for status in UNFINISHED_STATUSES)
        marks = ", ".join("?" * len(statuses))
        # A paid sale whose payment was given back (or is being given back) is owed no receipt.
        # Only placeholders are formatted in; every value is bound.
        rows = self._read(f"SELECT * FROM sales WHERE status IN ({marks}) AND NOT "  # noqa: S608
                          "(status = ? AND coalesce(reversal_status, '') IN (?, ?)) ORDER BY created_at, rowid",
                          (*statuses, _S.PAID.value, ReversalStatus.PENDING.value, ReversalStatus.DONE.value))
        return [_sale_from_row(row) for row in rows]

    def unsettled_afterwards(self) -> list[JournalSale]:
        """Finished sales whose refund or receipt cancel a crash may have interrupted, oldest first."""
        rows = self._read("SELECT * FROM sales WHERE reversal_status = ? OR receipt_status = ? "
                          "ORDER BY created_at, rowid",
                          (ReversalStatus.PENDING.value, ReceiptStatus.CANCELLING.value))
        return [_sale_from_row(row) for row in rows]

    def sales_between(self, start: date, end: date) -> list[JournalSale]:
        """Sales begun from `start` to `end` (both included, local days), newest first."""
        rows = self._read("SELECT * FROM sales WHERE created_at >= ? AND created_at < ? "
                          "ORDER BY created_at DESC, rowid DESC",
                          (start.isoformat(), (end + timedelta(days=1)).isoformat()))
        return [_sale_from_row(row) for row in rows]

    def events(self, number: str) -> list[tuple[datetime, str, dict]]:
        """The sale's step log, in the order the steps were written."""
        self.get(number)
        rows = self._read("SELECT at, kind, detail_json FROM events WHERE number = ? ORDER BY id", (number,))
        return [(datetime.fromisoformat(row["at"]), row["kind"], json.loads(row["detail_json"])) for row in rows]

    # -- plumbing --------------------------------------------------------------

    def _connection(self) -> sqlite3.Connection:
        if self._db is None:
            raise JournalError(f"The journal {self.path} is closed.")
        return self._db

    def _now(self) -> datetime:
        now = self._clock()
        # Aware times are kept in local time, so the stored text starts with the local day.
        return now.astimezone() if now.tzinfo is not None else now

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

    def _step(self, number: str, kind: str, allowed: set[JournalStatus], status: JournalStatus | None,
              columns: dict[str, object] | None = None, detail: dict[str, object] | None = None,
              check: Callable[[sqlite3.Row], None] | None = None) -> None:
        """Move a sale from one of `allowed` to `status` (None: keep it), set `columns`, log `kind`: one transaction."""
        changes: dict[str, object] = {"failure": "", **(columns or {})}
        if status is not None:
            changes["status"] = status.value
        unknown = set(changes) - _SALE_COLUMNS
        if unknown:   # column names go into the SQL text: only our own
            raise ValueError(f"not a sales column: {sorted(unknown)}")
        now = self._now()
        with self._writing() as db:
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
            changes["updated_at"] = _time_text(now)
            assignments = ", ".join(f"{name} = ?" for name in changes)
            # The column names are this module's own; every value is bound.
            db.execute(f"UPDATE sales SET {assignments} WHERE number = ?",  # noqa: S608
                       (*changes.values(), number))
            moved = {"from": current.value, "to": status.value} if status is not None else {"status": current.value}
            self._log(db, number, now, kind, {**moved, **(detail or {})})

    def _failed_step(self, number: str, kind: str, allowed: set[JournalStatus], status: JournalStatus | None,
                     reason: str, columns: dict[str, object] | None = None,
                     check: Callable[[sqlite3.Row], None] | None = None) -> None:
        note = str(reason).strip()[:MAX_REASON] or "no reason given"
        self._step(number, kind, allowed, status, {**(columns or {}), "failure": note}, {"reason": note}, check)

    @staticmethod
    def _log(db: sqlite3.Connection, number: str, at: datetime, kind: str, detail: dict[str, object]) -> None:
        db.execute("INSERT INTO events (number, at, kind, detail_json) VALUES (?, ?, ?, ?)",
                   (number, _time_text(at), kind, _dumps(detail)))


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


def _receipt_is(number: str, expected: ReceiptStatus) -> Callable[[sqlite3.Row], None]:
    def check(row: sqlite3.Row) -> None:
        if row["receipt_status"] != expected.value:
            raise JournalError(f"Sale {number}: its receipt is {row['receipt_status'] or 'not issued'}, "
                               f"not {expected.value}.")
    return check


# -- rows <-> domain objects ----------------------------------------------------

def _dumps(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def _time_text(moment: datetime) -> str:
    # Fixed width (microseconds always present), so text order is time order.
    return moment.isoformat(timespec="microseconds")


def _money_text(value: object, what: str) -> str:
    """The exact decimal text of an amount; floats are refused (they are not exact)."""
    if not isinstance(value, Decimal) or not value.is_finite():
        raise JournalError(f"The {what} must be a finite Decimal, not {value!r}.")
    return str(value)


def _line_record(line: CartLine) -> dict[str, object]:
    return {"description": line.description, "quantity": _money_text(line.quantity, "quantity"),
            "unit_price": _money_text(line.unit_price, "unit price"), "barcode": line.barcode,
            "tax_product_code": line.tax_product_code, "classification_code": line.classification_code,
            "city_tax": line.city_tax}


def _line_from(record: dict[str, Any]) -> CartLine:
    return CartLine(record["description"], Decimal(record["quantity"]), Decimal(record["unit_price"]),
                    record.get("barcode"), record.get("tax_product_code", ""), record.get("classification_code", ""),
                    bool(record.get("city_tax", False)))


def _payment_record(payment: PaymentSeen) -> dict[str, object]:
    return {"payment_id": payment.payment_id, "amount": _money_text(payment.amount, "payment amount"),
            "bank": payment.bank, "type": payment.kind}


def _bank_record(bank: BankApp) -> dict[str, object]:
    return {"name": bank.name, "description": bank.description, "logo_url": bank.logo_url, "link": bank.link}


def _receiver_from(row: sqlite3.Row) -> Receiver | None:
    if row["receiver_kind"] is None:
        return None
    return Receiver(ReceiverKind(row["receiver_kind"]), row["receiver_register"])


def _receipt_from(row: sqlite3.Row, receiver: Receiver | None) -> IssuedReceipt | None:
    if row["receipt_id"] is None:
        return None
    return IssuedReceipt(row["receipt_id"], row["lottery"] or "", row["receipt_qr"] or "",
                         Decimal(row["receipt_amount"]), Decimal(row["receipt_vat"]),
                         Decimal(row["receipt_city_tax"]), receiver or Receiver())


def _sale_from_row(row: sqlite3.Row) -> JournalSale:
    receiver = _receiver_from(row)
    return JournalSale(
        number=row["number"],
        terminal=row["terminal"],
        status=_S(row["status"]),
        created_at=datetime.fromisoformat(row["created_at"]),
        lines=tuple(_line_from(record) for record in json.loads(row["lines_json"])),
        total=Decimal(row["total"]),
        taxes=TaxSplit(Decimal(row["vat"]), Decimal(row["city_tax"])),
        invoice_id=row["invoice_id"],
        qr_text=row["qr_text"],
        short_url=row["short_url"],
        payments=tuple(PaymentSeen(p["payment_id"], Decimal(p["amount"]), p.get("bank", ""), p.get("type", ""))
                       for p in json.loads(row["payment_ids_json"])),
        receiver=receiver,
        receipt=_receipt_from(row, receiver),
        failure=row["failure"],
        banks=tuple(BankApp(**record) for record in json.loads(row["banks_json"])),
        receipt_status=ReceiptStatus(row["receipt_status"]) if row["receipt_status"] else None,
        reversal_kind=ReversalKind(row["reversal_kind"]) if row["reversal_kind"] else None,
        reversal_status=ReversalStatus(row["reversal_status"]) if row["reversal_status"] else None,
        reversal_reason=row["reversal_reason"],
        reversed_amount=Decimal(row["reversed_amount"]) if row["reversed_amount"] else Decimal(0),
    )
