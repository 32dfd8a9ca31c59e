"""The steps after a sale paid by QPay: its card payments given back (cancel or refund), and its receipts voided.

Each is committed before the call it announces and updated after the answer, like every journal step;
recovery settles what a crash left pending (`SaleQueries.unsettled`). A part of a sale returned is
`return_steps`'; the part of a sale still open given back is `remainder_steps`'.
"""

from __future__ import annotations

import json
import sqlite3
from datetime import datetime
from decimal import Decimal
from typing import Callable

from pos_app.domain.validators import check_reversal_reason

from . import receipt_rows
from .receipt_rows import ReceiptStatus
from .records import JournalStatus, ReversalKind, ReversalStatus, money_text, time_text
from .schema import JournalError
from .store import MAX_REASON, JournalStore

__all__ = ["ReversalSteps"]

_S = JournalStatus


class ReversalSteps:
    """A paid sale's card payments given back and its receipts voided, each one transaction of `store`."""

    def __init__(self, store: JournalStore) -> None:
        self.store = store

    def started(self, number: str, kind: ReversalKind, reason: str, *,
                         void_receipts: bool = False) -> None:
        """Before a card payment's cancel or refund is sent; `reason` is recorded with it, and whether the sale's
        receipts are to be voided once the money is back (`done` starts that void in its own
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

        self.store.step(number, "reversal_started", {_S.PAID, _S.COMPLETED}, None,
                   {"reversal_kind": kind.value, "reversal_status": ReversalStatus.PENDING.value,
                    "reversal_reason": note},
                   {"kind": kind.value, "reason": note, "void_receipts": bool(void_receipts)}, check=not_reversed)

    def done(self, number: str, amount: Decimal) -> None:
        """The money is back: `amount` is what this give-back returned, the payments not returned before (a
        give-back refused half-way recorded those with its own amount). The sale's `reversed_amount` becomes
        what went back in all; the step logs its own amount, that total and the payments it returned, so the
        day close counts each payment once (`given_back`). When the give back asked for it, the sale's valid
        receipts move to CANCELLING in the same transaction: the void is then owed (recovery settles it) even
        if the till stops right here."""
        step = money_text(amount, "reversed amount")
        with self.store.writing() as db:
            now = self.store.now()   # under the write lock: a day close cannot fall between the time and the commit
            row = self.store.row_for(db, number, "reversal_done", {_S.PAID, _S.COMPLETED})
            _reversal_is(number, ReversalStatus.PENDING)(row)
            earlier = json.loads(row["given_back_json"] or "[]")
            back = {record.get("payment_id") for record in earlier}
            returned = [record for record in json.loads(row["payment_ids_json"] or "[]")
                        if record.get("payment_id") not in back]
            total = str(sum((Decimal(str(record["amount"])) for record in earlier), amount))
            db.execute("UPDATE sales SET reversal_status = ?, reversed_amount = ?, failure = '', updated_at = ?"
                       " WHERE number = ?", (ReversalStatus.DONE.value, total, time_text(now), number))
            self.store.log(db, number, now, "reversal_done", {"status": row["status"], "amount": step,
                                                        "reversed_amount": total, "payments": returned})
            self._void_if_asked(db, number, now)

    def _void_if_asked(self, db: sqlite3.Connection, number: str, at: datetime) -> None:
        asked = db.execute("SELECT detail_json FROM events WHERE number = ? AND kind = 'reversal_started'"
                           " ORDER BY id DESC LIMIT 1", (number,)).fetchone()
        if asked is None or not json.loads(asked["detail_json"]).get("void_receipts"):
            return
        moved = receipt_rows.move(db, number, ReceiptStatus.ISSUED, ReceiptStatus.CANCELLING, time_text(at))
        if moved:
            summary = receipt_rows.summary_status(receipt_rows.rows_of(db, number))
            db.execute("UPDATE sales SET receipt_status = ? WHERE number = ?", (summary.value, number))
            self.store.log(db, number, at, "receipt_cancel_started",
                           {"receipts": moved, "receipt_status": summary.value})

    def failed(self, number: str, reason: str) -> None:
        self.store.failed_step(number, "reversal_failed", {_S.PAID, _S.COMPLETED}, None, reason,
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

    def _receipt_rows_step(self, number: str, kind: str, before: ReceiptStatus, after: ReceiptStatus,
                           payment_id: str | None = None, failure: str = "") -> None:
        """Move the sale's receipts in `before` to `after` and its receipt summary with them: one transaction."""
        with self.store.writing() as db:
            now = self.store.now()   # under the write lock: a day close cannot fall between the time and the commit
            self.store.row_for(db, number, kind, {_S.PAID, _S.COMPLETED, _S.RECEIPT_PENDING})
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
            self.store.log(db, number, now, kind, detail)


def _reversal_is(number: str, expected: ReversalStatus) -> Callable[[sqlite3.Row], None]:
    def check(row: sqlite3.Row) -> None:
        if row["reversal_status"] != expected.value:
            raise JournalError(f"Sale {number}: no payment reversal is {expected.value} "
                               f"(it is {row['reversal_status'] or 'not started'}).")
    return check
