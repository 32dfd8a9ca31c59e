"""A partly paid sale's steps in the journal: its remainder invoices, and its part given back.

When part of a sale's amount is paid, the cashier can ask a new invoice for the rest (a *remainder invoice*,
`sale_invoices` tells its row and number) or give the part back (card payments only). Giving the part back uses
the sale's reversal columns while the sale is still OPEN (pending before the card cancel is sent, done or failed
after); then the invoices are cancelled and the sale ends CANCELLED with the payments and the amount given back
recorded. Money that arrives on such a sale's invoices after it was paid in full (`surplus_payments_seen`), and a
paid sale's give-back refused half-way (`reversal_partly_done`), are recorded here too, on the same plumbing.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import asdict
from datetime import datetime
from decimal import Decimal
from typing import Callable, Iterable

from pos_app.domain.sale import OpenInvoice, PaymentSeen
from pos_app.domain.validators import check_reversal_reason

from .records import JournalStatus, dumps, payment_record, time_text
from .sale_invoices import InvoiceStatus, SaleInvoice, invoice_from, remainder_number
from .schema import JournalError
from .store import JournalStore

__all__ = ["RemainderSteps"]


class RemainderSteps:
    """The steps of a partly paid sale, each one transaction of `store`."""

    def __init__(self, store: JournalStore) -> None:
        self.store = store

    def invoices(self, number: str) -> tuple[SaleInvoice, ...]:
        """The sale's remainder invoices, oldest first (its first invoice is on the sale itself)."""
        rows = self.store.read("SELECT * FROM sale_invoices WHERE number = ? ORDER BY id", (number,))
        return tuple(invoice_from(row) for row in rows)

    def started(self, number: str, amount: Decimal, paid: Iterable[PaymentSeen]) -> str:
        """Before Create Invoice for the rest: `amount` is what the sale's QPay part asks (`qpay_due`: a split
        sale's tenders are not QPay's to ask again) less `paid`. Returns the new invoice's `sender_invoice_no`."""
        paid = tuple(paid)
        paid_sum = sum((payment.amount for payment in paid), Decimal(0))
        if not isinstance(amount, Decimal) or not amount.is_finite() or amount <= 0:
            raise JournalError(f"A remainder invoice needs an amount above 0, not {amount!r}.")
        with self.store.writing() as db:
            now = self.store.now()   # under the write lock: a day close cannot fall between the time and the commit
            row = self.store.row_for(db, number, "remainder_started", _open())
            if row["reversal_status"] == "pending":
                raise JournalError(f"Sale {number}: its part is being given back.")
            _not_given_back(number, row, paid)
            if row["reversal_status"] == "done":
                if not paid:
                    raise JournalError(f"Sale {number}: its part was given back and nothing was paid since.")
                self._close_give_back(db, number, row, now, paid)   # money came after the part went back
            if (due := self.store.sale_in(row).qpay_due) - paid_sum != amount:
                raise JournalError(f"Sale {number}: the rest of {due} after {paid_sum} is not {amount}.")
            states = [status for (status,) in db.execute("SELECT status FROM sale_invoices WHERE number = ?",
                                                          (number,)).fetchall()]
            if InvoiceStatus.CREATING.value in states:
                raise JournalError(f"Sale {number}: an invoice for the rest is still being created.")
            sender_no = remainder_number(number, len(states) + 2)
            at = now.isoformat(timespec="microseconds")
            db.execute("INSERT INTO sale_invoices (number, sender_invoice_no, amount, status, created_at, changed_at)"
                       " VALUES (?, ?, ?, ?, ?, ?)", (number, sender_no, str(amount), InvoiceStatus.CREATING.value,
                                                     at, at))
            self.store.log(db, number, now, "remainder_started", {
                "sender_invoice_no": sender_no, "amount": str(amount),
                "paid": [{"payment_id": p.payment_id, "amount": str(p.amount), "type": p.kind} for p in paid]})
        return sender_no

    def opened(self, number: str, sender_invoice_no: str, invoice: OpenInvoice) -> None:
        if not invoice.invoice_id:
            raise JournalError("An open invoice needs its id.")
        self._invoice_step(number, sender_invoice_no, "remainder_opened", {InvoiceStatus.CREATING},
                           InvoiceStatus.OPEN, {
                               "invoice_id": invoice.invoice_id, "qr_text": invoice.qr_text,
                               "short_url": invoice.short_url,
                               "banks_json": json.dumps([asdict(bank) for bank in invoice.banks],
                                                        ensure_ascii=False, sort_keys=True)},
                           {"invoice_id": invoice.invoice_id, "recovered": invoice.recovered})

    def failed(self, number: str, sender_invoice_no: str, reason: str) -> None:
        self._invoice_step(number, sender_invoice_no, "remainder_failed", {InvoiceStatus.CREATING},
                           InvoiceStatus.FAILED, {}, {}, reason)

    def cancel_started(self, number: str, sender_invoice_no: str) -> None:
        self._invoice_step(number, sender_invoice_no, "remainder_cancel_started", {InvoiceStatus.OPEN},
                           InvoiceStatus.CANCELLING)

    def cancelled(self, number: str, sender_invoice_no: str) -> None:
        self._invoice_step(number, sender_invoice_no, "remainder_cancelled",
                           {InvoiceStatus.CANCELLING, InvoiceStatus.OPEN}, InvoiceStatus.CANCELLED)

    def closed(self, number: str, sender_invoice_no: str, reason: str) -> None:
        """The remainder invoice takes no more money and holds none kept, with no cancel: paid in full and that
        money given back (its cancel answers `INVOICE_PAID`), or expired at the service with nothing paid. It
        is done with (recorded CANCELLED, `reason` kept)."""
        self._invoice_step(number, sender_invoice_no, "remainder_closed",
                           {InvoiceStatus.CANCELLING, InvoiceStatus.OPEN}, InvoiceStatus.CANCELLED, {}, {}, reason)

    def cancel_failed(self, number: str, sender_invoice_no: str, reason: str) -> None:
        self._invoice_step(number, sender_invoice_no, "remainder_cancel_failed", {InvoiceStatus.CANCELLING},
                           InvoiceStatus.OPEN, {}, {}, reason)

    # -- the part given back (card payments of a sale still open) -------------------------

    def part_reversal_started(self, number: str, payments: Iterable[PaymentSeen], reason: str) -> None:
        """Before the card payments of a partly paid sale are cancelled: which ones, and why. After a give-back
        refused half-way, the rest of it (what it returned stays recorded); after a part given back, money
        that came since (a new give-back: that one stays in the step log)."""
        payments = tuple(payments)
        if not payments or not all(payment.is_card for payment in payments):
            raise JournalError(f"Sale {number}: only card payments can be given back through QPay.")
        try:
            note = check_reversal_reason(reason)
        except ValueError as exc:
            raise JournalError(str(exc)) from exc

        def decide(row: sqlite3.Row) -> tuple[dict[str, object], dict[str, object]]:
            if row["reversal_status"] == "pending":
                raise JournalError(f"Sale {number}: its part is already being given back.")
            _not_given_back(number, row, payments)
            # A give-back refused half-way goes on (what it returned stays); after one that ended, a new one.
            earlier = _payments_in(row["given_back_json"]) if row["reversal_status"] == "failed" else ()
            asked_before = _ids(_payments_in(row["payment_ids_json"])) if row["reversal_status"] == "failed" else set()
            scope = earlier + payments
            detail: dict[str, object] = {
                "payments": _records(p for p in payments if p.payment_id not in asked_before), "reason": note}
            if asked_before & _ids(payments):
                detail["again"] = _records(p for p in payments if p.payment_id in asked_before)
            if earlier:
                detail["given_back_before"] = _records(earlier)
            return {"reversal_kind": "cancel", "reversal_status": "pending", "reversal_reason": note, "failure": "",
                    "payment_ids_json": dumps(_records(scope)), "paid_amount": str(_sum(scope)),
                    "bank": _banks(scope), "given_back_json": dumps(_records(earlier)),
                    "reversed_amount": str(_sum(earlier)) if earlier else None}, detail

        self._sale_step(number, "part_reversal_started", _open(), decide)

    def part_reversal_done(self, number: str, amount: Decimal,
                           payments: Iterable[PaymentSeen] | None = None) -> None:
        """The part is back: `payments` (None: every payment the give-back was asked for). `reversed_amount`
        becomes what the give-back returned in all."""
        given = None if payments is None else tuple(payments)

        def decide(row: sqlite3.Row) -> tuple[dict[str, object], dict[str, object]]:
            _pending(number)(row)
            earlier = _payments_in(row["given_back_json"])
            returned = given if given is not None else tuple(
                p for p in _payments_in(row["payment_ids_json"]) if p.payment_id not in _ids(earlier))
            back = earlier + tuple(p for p in returned if p.payment_id not in _ids(earlier))
            return ({"reversal_status": "done", "failure": "", "reversed_amount": str(_sum(back)),
                     "given_back_json": dumps(_records(back))},
                    {"amount": str(amount), "payments": _records(returned)})

        self._sale_step(number, "part_reversal_done", _open(), decide)

    def part_reversal_failed(self, number: str, reason: str, given_back: Iterable[PaymentSeen] = ()) -> None:
        """The part's give-back was refused; `given_back`, the payments it returned before the refusal, stay
        recorded as given back (the rest is still paid)."""
        self._give_back_refused(number, "part_reversal_failed", _open(), reason, tuple(given_back))

    def reversal_partly_done(self, number: str, given_back: Iterable[PaymentSeen], reason: str) -> None:
        """A paid sale's give-back refused half-way: `given_back` went back, the rest is still paid (the
        reversal is FAILED for it; the cashier may give it back again). Logged as `reversal_failed`, with the
        payments returned and their amount."""
        self._give_back_refused(number, "reversal_failed", _paid(), reason, tuple(given_back))

    def money_after_give_back(self, number: str, payments: Iterable[PaymentSeen]) -> None:
        """Money arrived on an open sale after its part was given back (or after a part give-back refused
        half-way): `payments`, none of them given back. That give-back's record closes (it stays in the step
        log): the sale waits for its money again, and the cashier may invoice the rest or give this back."""
        payments = tuple(payments)
        with self.store.writing() as db:
            now = self.store.now()   # under the write lock: a day close cannot fall between the time and the commit
            row = self.store.row_for(db, number, "money_after_give_back", _open())
            if row["reversal_status"] not in ("done", "failed"):
                raise JournalError(f"Sale {number}: no give-back of its part has ended.")
            if not payments:
                raise JournalError(f"Sale {number}: no money arrived.")
            _not_given_back(number, row, payments)
            self._close_give_back(db, number, row, now, payments)

    def surplus_payments_seen(self, number: str, payments: Iterable[PaymentSeen]) -> tuple[PaymentSeen, ...]:
        """Payments that arrived on a paid sale's invoices after it was paid in full (an invoice that could not
        be cancelled, or a cancel that lost the race): money received, an over-payment, each owed its receipt.
        A completed sale is PAID again until they have theirs. Returns the payments recorded (those the sale
        did not have). Logged as `payments_seen` with the new payments only and `surplus`."""
        payments = tuple(payments)
        recorded: list[PaymentSeen] = []

        def decide(row: sqlite3.Row) -> tuple[dict[str, object], dict[str, object]]:
            if row["reversal_status"] in ("pending", "done"):
                raise JournalError(f"Sale {number}: its payments are being given back or were given back; "
                                   "money that arrived after needs a person.")
            had = _payments_in(row["payment_ids_json"])
            new = tuple({p.payment_id: p for p in payments if p.payment_id not in _ids(had)}.values())
            recorded.extend(new)
            if not new:
                return {}, {}
            every = had + new
            changes: dict[str, object] = {"payment_ids_json": dumps(_records(every)), "paid_amount": str(_sum(every)),
                                          "bank": _banks(every)}
            if row["status"] == JournalStatus.COMPLETED.value and row["receipt_via"] == "qpay":
                changes["status"] = JournalStatus.PAID.value   # owed QPay's receipt of each new payment
            return changes, {"payments": _records(new), "surplus": True,
                             "overpaid": str(_sum(every) - Decimal(row["invoice_amount"] or row["total"]))}

        self._sale_step(number, "payments_seen", _paid(), decide)
        return tuple(recorded)

    # -- the give-back's plumbing ---------------------------------------------------------

    def _give_back_refused(self, number: str, kind: str, allowed: set[JournalStatus], reason: str,
                           given_back: tuple[PaymentSeen, ...]) -> None:
        note = str(reason).strip()[:1000] or "no reason given"

        def decide(row: sqlite3.Row) -> tuple[dict[str, object], dict[str, object]]:
            _pending(number)(row)
            earlier = _payments_in(row["given_back_json"])
            returned = tuple(p for p in given_back if p.payment_id not in _ids(earlier))
            back = earlier + returned
            detail: dict[str, object] = {"reason": note}
            if returned:
                detail.update({"given_back": _records(returned), "amount": str(_sum(returned))})
            return ({"reversal_status": "failed", "failure": note, "given_back_json": dumps(_records(back)),
                     "reversed_amount": str(_sum(back)) if back else None}, detail)

        self._sale_step(number, kind, allowed, decide)

    def _close_give_back(self, db: sqlite3.Connection, number: str, row: sqlite3.Row, now: datetime,
                         payments: tuple[PaymentSeen, ...]) -> None:
        """Inside a step's transaction: the sale's give-back record closes because money came after it."""
        self._update_sale(db, number, row, "money_after_give_back", now, {
            "reversal_kind": None, "reversal_status": None, "reversal_reason": "", "reversed_amount": None,
            "given_back_json": "[]", "payment_ids_json": "[]", "paid_amount": None, "bank": "", "failure": ""}, {
            "payments": _records(payments), "given_back": _records(_payments_in(row["given_back_json"])),
            "reversed_amount": row["reversed_amount"], "reversal_status": row["reversal_status"]})

    def _sale_step(self, number: str, kind: str, allowed: set[JournalStatus],
                   decide: Callable[[sqlite3.Row], tuple[dict[str, object], dict[str, object]]]) -> None:
        """One step on the sale's row: `decide` reads it (in the transaction) and says what changes and what is
        logged with `kind`; nothing to change is no step."""
        with self.store.writing() as db:
            now = self.store.now()   # under the write lock: a day close cannot fall between the time and the commit
            row = self.store.row_for(db, number, kind, allowed)
            changes, detail = decide(row)
            if changes:
                self._update_sale(db, number, row, kind, now, changes, detail)

    def _update_sale(self, db: sqlite3.Connection, number: str, row: sqlite3.Row, kind: str, now: datetime,
                     changes: dict[str, object], detail: dict[str, object]) -> None:
        changes = {**changes, "updated_at": time_text(now)}
        if set(changes) - _GIVE_BACK_COLUMNS:   # column names go into the SQL text: only our own
            raise ValueError(f"not a sales column here: {sorted(set(changes) - _GIVE_BACK_COLUMNS)}")
        assignments = ", ".join(f"{name} = ?" for name in changes)
        db.execute(f"UPDATE sales SET {assignments} WHERE number = ?",  # noqa: S608
                   (*changes.values(), number))
        status = changes.get("status")
        moved = {"from": row["status"], "to": status} if status else {"status": row["status"]}
        self.store.log(db, number, now, kind, {**moved, **detail})

    # -- plumbing -------------------------------------------------------------------------

    def _invoice_step(self, number: str, sender_invoice_no: str, kind: str, allowed: set[InvoiceStatus],
                      status: InvoiceStatus, columns: dict[str, object] | None = None,
                      detail: dict[str, object] | None = None, failure: str = "") -> None:
        """Move one remainder invoice from one of `allowed` to `status`: one transaction, logged on the sale."""
        changes: dict[str, object] = {"status": status.value, "failure": str(failure).strip()[:1000],
                                      **(columns or {})}
        if set(changes) - _INVOICE_COLUMNS:   # column names go into the SQL text: only our own
            raise ValueError(f"not a sale_invoices column: {sorted(set(changes) - _INVOICE_COLUMNS)}")
        with self.store.writing() as db:
            now = self.store.now()   # under the write lock: a day close cannot fall between the time and the commit
            row = db.execute("SELECT status FROM sale_invoices WHERE number = ? AND sender_invoice_no = ?",
                             (number, sender_invoice_no)).fetchone()
            if row is None:
                raise JournalError(f"Sale {number} has no invoice {sender_invoice_no}.")
            if InvoiceStatus(row["status"]) not in allowed:
                raise JournalError(f"Invoice {sender_invoice_no} is {row['status']}: cannot record {kind}.")
            changes["changed_at"] = now.isoformat(timespec="microseconds")
            assignments = ", ".join(f"{name} = ?" for name in changes)
            db.execute(f"UPDATE sale_invoices SET {assignments} WHERE sender_invoice_no = ?",  # noqa: S608
                       (*changes.values(), sender_invoice_no))
            logged = {"sender_invoice_no": sender_invoice_no, "from": row["status"], "to": status.value,
                      **(detail or {})}
            if failure:
                logged["reason"] = changes["failure"]
            self.store.log(db, number, now, kind, logged)


def _open() -> set[JournalStatus]:
    """{JournalStatus.OPEN}: the steps of a partly paid sale are taken while it is open."""
    return {JournalStatus.OPEN}
_INVOICE_COLUMNS = frozenset({"status", "failure", "changed_at", "invoice_id", "qr_text", "short_url", "banks_json"})


def _paid() -> set[JournalStatus]:
    """The statuses of a sale paid in full."""
    return {JournalStatus.PAID, JournalStatus.RECEIPT_PENDING, JournalStatus.COMPLETED}


_GIVE_BACK_COLUMNS = frozenset({"status", "failure", "updated_at", "payment_ids_json", "paid_amount", "bank",
                                "reversal_kind", "reversal_status", "reversal_reason", "reversed_amount",
                                "given_back_json"})


def _payments_in(text: str) -> tuple[PaymentSeen, ...]:
    return tuple(PaymentSeen(p["payment_id"], Decimal(p["amount"]), p.get("bank", ""), p.get("type", ""))
                 for p in json.loads(text or "[]"))


def _records(payments: Iterable[PaymentSeen]) -> list[dict[str, object]]:
    return [payment_record(payment) for payment in payments]


def _ids(payments: Iterable[PaymentSeen]) -> set[str]:
    return {payment.payment_id for payment in payments}


def _sum(payments: Iterable[PaymentSeen]) -> Decimal:
    return sum((payment.amount for payment in payments), Decimal(0))


def _banks(payments: Iterable[PaymentSeen]) -> str:
    return ", ".join(dict.fromkeys(payment.bank for payment in payments if payment.bank))


def _not_given_back(number: str, row: sqlite3.Row, payments: Iterable[PaymentSeen]) -> None:
    """Refuse payments the sale's give-back record says went back (they are not money kept)."""
    back = _ids(_payments_in(row["given_back_json"]))
    if row["reversal_status"] == "done" and not back:      # recorded before payments were listed one by one
        back = _ids(_payments_in(row["payment_ids_json"]))
    again = sorted(back & _ids(payments))
    if again:
        raise JournalError(f"Sale {number}: payment {', '.join(again)} was given back already.")


def _pending(number: str) -> Callable[[sqlite3.Row], None]:
    def check(row: sqlite3.Row) -> None:
        if row["reversal_status"] != "pending":
            raise JournalError(f"Sale {number}: no part is being given back "
                               f"(it is {row['reversal_status'] or 'not started'}).")
    return check
