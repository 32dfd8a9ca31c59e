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

import re
import sqlite3
import threading
from contextlib import contextmanager
from dataclasses import replace
from datetime import date, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

from pos_app.domain.cart import CartLine
from pos_app.domain.discounts import Discount
from pos_app.domain.sale import (
    IssuedReceipt,
    OpenInvoice,
    PaymentSeen,
    ReceiptVia,
    Receiver,
)
from pos_app.domain.shop_time import ShopClock
from pos_app.domain.taxes import TaxSplit
from pos_app.domain.validators import TERMINAL_ID

from . import receipt_rows
from .kept_cart import forget_kept_cart
from .numbers import take_number
from .receipt_rows import JournalReceipt, ReceiptStatus
from .record_text import discount_json
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
    sales_from_rows,
    time_text,
)
from .after_sale_steps import MAX_REASON, JournalAfterSale
from .journal_reads import JournalReads
from .sale_invoices import JournalInvoices
from .people_rows import JournalPeople
from .posapi_steps import JournalPosApi
from .tender_rows import tender_record
from .tender_steps import JournalTenders
from .schema import JournalError, immediate, migrate, refuse_newer, schema_version

__all__ = ["FINAL_STATUSES", "UNFINISHED_STATUSES", "Journal", "JournalError", "JournalReceipt", "JournalSale",
           "JournalStatus", "ReceiptStatus", "ReversalKind", "ReversalStatus", "SaleNotFound"]

_S = JournalStatus   # short, for the transition tables below


class Journal(JournalReads, JournalAfterSale, JournalInvoices, JournalTenders, JournalPosApi, JournalPeople):
    """The journal file of one terminal. Safe to share between threads (one connection behind a lock).
    Its queries are in `JournalReads`; the steps after a sale (a payment given back, receipts voided) in
    `JournalAfterSale`; a partly paid sale's steps (remainder invoices, the part given back) in `JournalInvoices`;
    cash and the card terminal in `JournalTenders`; a receipt through PosAPI in `JournalPosApi`; people, parked carts
    and the till's own log in `JournalPeople`."""

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

    def begin_sale(self, lines: Iterable[CartLine], total: Decimal, taxes: TaxSplit, day: date | None = None,
                   receipt_via: ReceiptVia = ReceiptVia.QPAY, sale_discount: Discount | None = None) -> str:
        """Take the next sale number (`take_number`, the sequence `SaleNumbers` also uses) and record the sale as
        CREATING (its QPay invoice is asked next); `receipt_via` says how it will get its receipt."""
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
            via = ReceiptVia(receipt_via)
            db.execute("INSERT INTO sales (number, terminal, created_at, updated_at, status, total, vat, city_tax,"
                       " lines_json, receipt_via, cashier, discount_json) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                       (number, self.terminal_id, time_text(now), time_text(now), _S.CREATING.value, total_text,
                        vat, city_tax, lines_json, via.value, self.operator, discount_json(sale_discount)))
            detail: dict[str, object] = {"total": total_text, "lines": len(lines)}
            if via is not ReceiptVia.QPAY:
                detail["receipt_via"] = via.value
            self._log(db, number, now, "sale_begun", detail)
            forget_kept_cart(db, self.terminal_id)     # the sale holds the cart now (kept_cart.py)
        return number

    def invoice_opened(self, number: str, invoice: OpenInvoice) -> None:
        if not invoice.invoice_id:
            raise JournalError("An open invoice needs its id.")
        self._step(number, "invoice_opened", {_S.CREATING}, _S.OPEN,
                   {"invoice_id": invoice.invoice_id, "qr_text": invoice.qr_text, "short_url": invoice.short_url,
                    "banks_json": dumps([bank_record(bank) for bank in invoice.banks])},
                   {"invoice_id": invoice.invoice_id, "recovered": invoice.recovered})

    def invoice_failed(self, number: str, reason: str) -> None:
        """No invoice was made: the sale failed, or, with tenders taken before it, is back to them."""
        self._failed_step(number, "invoice_failed", {_S.CREATING}, self._unpaid_end(number, _S.FAILED), reason)

    def cancel_started(self, number: str) -> None:
        self._step(number, "cancel_started", {_S.OPEN}, _S.CANCELLING)

    def invoice_cancelled(self, number: str) -> None:
        # From OPEN too: an invoice cancelled elsewhere (found by a check) ends the sale the same way.
        self._step(number, "invoice_cancelled", {_S.CANCELLING, _S.OPEN}, self._unpaid_end(number, _S.CANCELLED))

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
        with self._writing() as db:
            now = self._now()   # under the write lock: a day close cannot fall between the time and the commit
            row = self._row_for(db, number, "payments_seen", {_S.OPEN, _S.CANCELLING})
            sale = self._sale_in(row)
            if paid < sale.qpay_due:
                raise JournalError(f"Sale {number}: the payments ({paid}) do not cover its total ({sale.qpay_due}).")
            # With no way to issue a receipt (a split sale in a shop with no PosAPI) it is done once paid.
            status = _S.COMPLETED if sale.receipt_via is ReceiptVia.NONE else _S.PAID
            db.execute("UPDATE sales SET status = ?, paid_amount = ?, bank = ?, payment_ids_json = ?, failure = '',"
                       " updated_at = ? WHERE number = ?",
                       (status.value, str(paid + sale.tendered), bank, dumps(records), time_text(now), number))
            # The detail lists all of the sale's money (tenders taken before its QPay part too): the day close
            # learns from it when the sale was paid, and with what.
            self._log(db, number, now, "payments_seen",
                      {"from": row["status"], "to": status.value,
                       "payments": [tender_record(tender) for tender in sale.tenders_kept] + records})

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
                    "receiver_name": receiver.name, "receipt_status": ReceiptStatus.PENDING.value},
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
        """The service refused the receipt: the sale is paid and still owed it (PAID; COMPLETED when it corrected a
        receipt, which stays valid)."""
        self._failed_step(number, "receipt_failed", {_S.RECEIPT_PENDING}, self._receipt_refused_to, reason,
                          {"receipt_status": ReceiptStatus.FAILED.value})

    def expired(self, number: str) -> None:
        self._step(number, "expired", {_S.OPEN}, self._unpaid_end(number, _S.EXPIRED))

    def now(self) -> datetime:
        """The time the journal would stamp on a step now (the shop's wall time, as its clock gives it)."""
        return self._now()

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
        with self._lock, immediate(self._connection()) as db:
            yield db

    def _sale_in(self, row: sqlite3.Row) -> JournalSale:
        """A sale row read inside a transaction, with its receipts (the caller holds the lock)."""
        return sales_from_rows(self._connection(), [row])[0]

    @staticmethod
    def _row_for(db: sqlite3.Connection, number: str, kind: str, allowed: set[JournalStatus]) -> sqlite3.Row:
        row = db.execute("SELECT * FROM sales WHERE number = ?", (number,)).fetchone()
        if row is None:
            raise SaleNotFound(number)
        if _S(row["status"]) not in allowed:
            expected = " or ".join(sorted(s.value for s in allowed))
            raise JournalError(f"Sale {number} is {row['status']}: cannot record {kind} (only from {expected}).")
        return row

    def _unpaid_end(self, number: str, end: JournalStatus) -> Callable[[sqlite3.Row], JournalStatus]:
        """Where a sale goes when its QPay part ends unpaid: `end`, or back to its tenders when it has some
        (the cash is in the drawer: the cashier takes the rest another way or hands it back)."""
        def decide(row: sqlite3.Row) -> JournalStatus:
            return _S.TENDERING if self._sale_in(row).tenders_kept else end
        return decide

    def _step(self, number: str, kind: str, allowed: set[JournalStatus],
              status: JournalStatus | Callable[[sqlite3.Row], JournalStatus] | None,
              columns: dict[str, object] | None = None, detail: dict[str, object] | None = None,
              check: Callable[[sqlite3.Row], None] | None = None,
              then: Callable[[sqlite3.Connection, str, datetime], None] | None = None) -> None:
        """Move a sale from one of `allowed` to `status` (None: keep it), set `columns`, log `kind`, and run `then`
        (what must happen with it): one transaction."""
        changes: dict[str, object] = {"failure": "", **(columns or {})}
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
            if callable(status):
                status = status(row)
            if status is not None:
                changes["status"] = status.value
            changes["updated_at"] = time_text(now)
            assignments = ", ".join(f"{name} = ?" for name in changes)
            # The column names are this module's own; every value is bound.
            db.execute(f"UPDATE sales SET {assignments} WHERE number = ?",  # noqa: S608
                       (*changes.values(), number))
            moved = {"from": current.value, "to": status.value} if status is not None else {"status": current.value}
            self._log(db, number, now, kind, {**moved, **(detail or {})})
            if then is not None:
                then(db, number, now)

    def _failed_step(self, number: str, kind: str, allowed: set[JournalStatus],
                     status: JournalStatus | Callable[[sqlite3.Row], JournalStatus] | None,
                     reason: str, columns: dict[str, object] | None = None,
                     check: Callable[[sqlite3.Row], None] | None = None) -> None:
        note = str(reason).strip()[:MAX_REASON] or "no reason given"
        self._step(number, kind, allowed, status, {**(columns or {}), "failure": note}, {"reason": note}, check)

    def _log(self, db: sqlite3.Connection, number: str, at: datetime, kind: str, detail: dict[str, object]) -> None:
        if self.operator:
            detail = {**detail, "by": self.operator}
        db.execute("INSERT INTO events (number, at, kind, detail_json) VALUES (?, ?, ?, ?)",
                   (number, time_text(at), kind, dumps(detail)))


_SALE_COLUMNS = frozenset({
    "updated_at", "status", "invoice_id", "qr_text", "short_url", "banks_json", "paid_amount", "bank",
    "payment_ids_json", "receiver_kind", "receiver_register", "receiver_name", "receipt_id", "lottery",
    "receipt_qr", "receipt_amount", "receipt_vat", "receipt_city_tax", "receipt_status", "failure",
    "reversal_kind", "reversal_status", "reversal_reason", "reversed_amount", "receipt_bill", "receipt_bill_day",
    "receipt_request", "receipt_bill_at"})
