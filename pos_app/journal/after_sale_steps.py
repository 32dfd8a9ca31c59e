"""The steps after a sale: a card payment given back (cancel or refund) and its receipts voided; a part of it
returned (chosen lines and quantities, the money given back tender by tender), and a receipt a return left
standing marked settled by a manager.

Each is committed before the call it announces and updated after the answer, like every journal step;
recovery settles what a crash left pending (`Journal.unsettled_afterwards`). `JournalAfterSale` is a part of
`Journal` (a base class): its steps run in the journal's own transactions and log to the same `events` table.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable
from datetime import datetime
from decimal import Decimal
from typing import TYPE_CHECKING, Callable

from pos_app.domain.cash import CASH_STEPS, DEFAULT_CASH_STEP
from pos_app.domain.returns import ReturnError, TenderSource, line_back, money_back
from pos_app.domain.sale import ReceiptVia
from pos_app.domain.taxes import TaxRates
from pos_app.domain.validators import check_reversal_reason

from . import receipt_rows, return_rows
from .receipt_rows import ReceiptStatus
from .records import JournalStatus, ReversalKind, ReversalStatus, money_text, time_text
from .return_rows import ReturnMoney, ReturnStatus, money_record
from .schema import JournalError

if TYPE_CHECKING:
    from .journal import Journal

MAX_REASON = 1000   # a failure note is for people; an endless exception text is not
_S = JournalStatus


class JournalAfterSale:
    """Card payments given back and receipts voided (mixed into `Journal`)."""

    def reversal_started(self: Journal, number: str, kind: ReversalKind, reason: str, *,
                         void_receipts: bool = False) -> None:
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

    def reversal_done(self: Journal, number: str, amount: Decimal) -> None:
        """The money is back: `amount` is what this give-back returned, the payments not returned before (a
        give-back refused half-way recorded those with its own amount). The sale's `reversed_amount` becomes
        what went back in all; the step logs its own amount, that total and the payments it returned, so the
        day close counts each payment once (`given_back`). When the give back asked for it, the sale's valid
        receipts move to CANCELLING in the same transaction: the void is then owed (recovery settles it) even
        if the till stops right here."""
        step = money_text(amount, "reversed amount")
        with self._writing() as db:
            now = self._now()   # under the write lock: a day close cannot fall between the time and the commit
            row = self._row_for(db, number, "reversal_done", {_S.PAID, _S.COMPLETED})
            _reversal_is(number, ReversalStatus.PENDING)(row)
            earlier = json.loads(row["given_back_json"] or "[]")
            back = {record.get("payment_id") for record in earlier}
            returned = [record for record in json.loads(row["payment_ids_json"] or "[]")
                        if record.get("payment_id") not in back]
            total = str(sum((Decimal(str(record["amount"])) for record in earlier), amount))
            db.execute("UPDATE sales SET reversal_status = ?, reversed_amount = ?, failure = '', updated_at = ?"
                       " WHERE number = ?", (ReversalStatus.DONE.value, total, time_text(now), number))
            self._log(db, number, now, "reversal_done", {"status": row["status"], "amount": step,
                                                        "reversed_amount": total, "payments": returned})
            self._void_if_asked(db, number, now)

    def _void_if_asked(self: Journal, db: sqlite3.Connection, number: str, at: datetime) -> None:
        asked = db.execute("SELECT detail_json FROM events WHERE number = ? AND kind = 'reversal_started'"
                           " ORDER BY id DESC LIMIT 1", (number,)).fetchone()
        if asked is None or not json.loads(asked["detail_json"]).get("void_receipts"):
            return
        moved = receipt_rows.move(db, number, ReceiptStatus.ISSUED, ReceiptStatus.CANCELLING, time_text(at))
        if moved:
            summary = receipt_rows.summary_status(receipt_rows.rows_of(db, number))
            db.execute("UPDATE sales SET receipt_status = ? WHERE number = ?", (summary.value, number))
            self._log(db, number, at, "receipt_cancel_started", {"receipts": moved, "receipt_status": summary.value})

    def reversal_failed(self: Journal, number: str, reason: str) -> None:
        self._failed_step(number, "reversal_failed", {_S.PAID, _S.COMPLETED}, None, reason,
                          {"reversal_status": ReversalStatus.FAILED.value},
                          check=_reversal_is(number, ReversalStatus.PENDING))

    def receipt_cancel_started(self: Journal, number: str) -> None:
        """Before Cancel Ebarimt: every issued receipt of the sale is voided together."""
        self._receipt_rows_step(number, "receipt_cancel_started", ReceiptStatus.ISSUED, ReceiptStatus.CANCELLING)

    def receipt_cancelled(self: Journal, number: str, payment_id: str | None = None) -> None:
        """The void of `payment_id`'s receipt (None: of every receipt being voided) is confirmed."""
        self._receipt_rows_step(number, "receipt_cancelled", ReceiptStatus.CANCELLING, ReceiptStatus.CANCELLED,
                                payment_id)

    def receipt_cancel_failed(self: Journal, number: str, reason: str, payment_id: str | None = None) -> None:
        """The service refused the void (the receipt stays valid); `reason` is kept for the history."""
        note = str(reason).strip()[:MAX_REASON] or "no reason given"
        self._receipt_rows_step(number, "receipt_cancel_failed", ReceiptStatus.CANCELLING, ReceiptStatus.ISSUED,
                                payment_id, failure=note)

    def _receipt_rows_step(self: Journal, number: str, kind: str, before: ReceiptStatus, after: ReceiptStatus,
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


    # -- partial returns ------------------------------------------------------------------------------------

    def part_return_started(self: Journal, number: str, quantities: Iterable[tuple[int, object]],
                            reason: str, cash_step: Decimal = DEFAULT_CASH_STEP,
                            rates: TaxRates | None = None) -> int:
        """A return of chosen lines (by their place in the sale) and quantities, before any QPay refund of it
        is asked. Each part is priced from the sale's kept lines (`domain.returns.line_back`) and its money
        planned tender by tender (`money_back`): the cash and the card terminal count as given back now (the
        cashier hands them over; cash in whole tögrög, rounded by `cash_step`, the shop's, which the return
        keeps), a QPay refund is pending until `part_return_refunded`. With `rates` (the shop's VAT and city tax
        rates) each part keeps its own taxes, when those rates give the sale's own taxes (else they are not
        the sale's: the day close then shares the taxes by amount). A new return makes any receipt a manager
        marked settled stale again, and clears a correction's refusal (the correction it needs is a new
        request). Returns its id."""
        note = _reason(reason)
        if cash_step not in CASH_STEPS:
            raise JournalError(f"Cash is rounded by one of {', '.join(map(str, CASH_STEPS))} tögrög, "
                               f"not {cash_step}.")
        with self._writing() as db:
            now = self._now()
            sale = self._sale_in(self._row_for(db, number, "part_return_started", {_S.PAID, _S.COMPLETED}))
            problem = return_rows.part_return_problem(sale)
            if problem:
                raise JournalError(problem)
            kept = return_rows.kept_after(sale.lines, sale.part_returns)
            chosen = dict(quantities)
            if not chosen:
                raise JournalError(f"Sale {number}: choose at least one line to return.")
            if rates is not None and return_rows.taxes_at(sale.lines, rates) != sale.taxes:
                rates = None            # not the rates the sale was taxed at: its parts' taxes are not known
            try:
                backs = []
                for index, quantity in sorted(chosen.items()):
                    line = kept[index] if 0 <= index < len(kept) else None
                    if line is None:
                        raise JournalError(f"Sale {number} has no line {index + 1} left to return.")
                    backs.append(line_back(line, index, quantity, rates))
                plan = money_back(sum((back.amount for back in backs), Decimal(0)), return_rows.refundable(sale),
                                  cash_step)
            except ReturnError as exc:
                raise JournalError(f"Sale {number}: {exc}") from exc
            money = [ReturnMoney(part, ReturnStatus.PENDING if part.via is TenderSource.QPAY else ReturnStatus.DONE,
                                 now) for part in plan]
            return_id = return_rows.insert(db, number, now, backs, money, note, self.operator, cash_step)
            given = [part for part in money if part.is_done]
            unsettled = db.execute("UPDATE receipts SET settled = '' WHERE number = ? AND status = ? AND settled != ''",
                                   (number, ReceiptStatus.ISSUED.value)).rowcount
            db.execute("UPDATE sales SET failure = '', updated_at = ? WHERE number = ?", (time_text(now), number))
            self._log(db, number, now, "part_return_started", {
                "status": sale.status.value, "return_id": return_id,
                "amount": str(sum((part.back.amount for part in given), Decimal(0))),
                "total": str(sum((back.amount for back in backs), Decimal(0))), "reason": note,
                "lines": [{"line": back.line, "quantity": str(back.quantity), "amount": str(back.amount)}
                          for back in backs],
                "payments": [money_record(part) for part in given],
                "pending": [money_record(part) for part in money if not part.is_done],
                **({"receipts_unsettled": unsettled} if unsettled else {})})
        return return_id

    def part_return_refunded(self: Journal, number: str, return_id: int, payment_id: str, refunded: bool,
                             note: str = "") -> None:
        """QPay answered a return's refund of `payment_id` (or reading it back settled a lost answer): refunded,
        or not (refused, or still paid): then its money is given back in cash from the drawer instead, in whole
        tögrög (rounded by the step the return was begun with; the step logs the rounding)."""
        with self._writing() as db:
            now = self._now()
            sale = self._sale_in(self._row_for(db, number, "part_return_refunded", {_S.PAID, _S.COMPLETED}))
            if not any(part.id == return_id for part in sale.part_returns):
                raise JournalError(f"Sale {number} has no return {return_id}.")
            try:
                part = return_rows.settle_money(db, return_id, payment_id,
                                                TenderSource.QPAY if refunded else TenderSource.CASH, now,
                                                str(note)[:MAX_REASON])
            except ValueError as exc:
                raise JournalError(f"Sale {number}: {exc}") from exc
            db.execute("UPDATE sales SET updated_at = ? WHERE number = ?", (time_text(now), number))
            detail: dict[str, object] = {"return_id": return_id, "amount": str(part.back.amount),
                                         "refunded": bool(refunded), "payments": [money_record(part)]}
            if refunded and part.asked:
                detail["how"] = part.asked       # a cancel on the sale's day, else a refund (the day close's split)
            if note:
                detail["reason"] = str(note)[:MAX_REASON]
            self._log(db, number, now, "part_return_refunded", detail)

    def part_return_refund_asked(self: Journal, number: str, return_id: int, payment_id: str,
                                 kind: ReversalKind) -> None:
        """A return's QPay refund of `payment_id` is about to be asked (`kind`: a cancel on the sale's day, else
        a refund), written before the call; its answer (`part_return_refunded`) then counts as that kind."""
        self._return_part_pending(number, return_id, payment_id, "part_return_refund_asked",
                                  {"how": ReversalKind(kind).value}, asked=ReversalKind(kind).value)

    def part_return_refund_refused(self: Journal, number: str, return_id: int, payment_id: str,
                                   reason: str) -> None:
        """QPay refused a return's refund asked outside the return itself (recovery, or a check): nothing went
        back, and no cash is recorded, since no cashier was told to hand it over. The part waits for the cashier,
        who asks QPay again or hands it over in cash (`part_return_refunded`, not refunded)."""
        note = str(reason).strip()[:MAX_REASON] or "refused"
        self._return_part_pending(number, return_id, payment_id, "part_return_refund_refused", {"reason": note},
                                  refused=note)

    def _return_part_pending(self: Journal, number: str, return_id: int, payment_id: str, kind: str,
                             detail: dict[str, object], **mark: str) -> None:
        with self._writing() as db:
            now = self._now()
            sale = self._sale_in(self._row_for(db, number, kind, {_S.PAID, _S.COMPLETED}))
            if not any(part.id == return_id for part in sale.part_returns):
                raise JournalError(f"Sale {number} has no return {return_id}.")
            try:
                part = return_rows.mark_pending(db, return_id, payment_id, now, **mark)
            except ValueError as exc:
                raise JournalError(f"Sale {number}: {exc}") from exc
            db.execute("UPDATE sales SET updated_at = ? WHERE number = ?", (time_text(now), number))
            self._log(db, number, now, kind, {"return_id": return_id, "amount": str(part.back.amount),
                                              "payment_id": payment_id, **detail})

    def receipts_to_posapi(self: Journal, number: str) -> None:
        """A sale whose receipts came from QPay's ebarimt had a part returned: QPay's receipt is the payment's and
        cannot be made for less, so its receipts are voided (CANCELLING) and what the customer kept gets its
        receipt through the shop's PosAPI from now on, in one transaction."""
        with self._writing() as db:
            now = self._now()
            sale = self._sale_in(self._row_for(db, number, "receipts_to_posapi", {_S.PAID, _S.COMPLETED}))
            if sale.receipt_via is not ReceiptVia.QPAY or not sale.part_returns:
                raise JournalError(f"Sale {number}: only a returned sale with QPay's receipts moves to PosAPI.")
            moved = receipt_rows.move(db, number, ReceiptStatus.ISSUED, ReceiptStatus.CANCELLING, time_text(now))
            summary = receipt_rows.summary_status(receipt_rows.rows_of(db, number)) if moved else None
            db.execute("UPDATE sales SET receipt_via = ?, receipt_status = coalesce(?, receipt_status),"
                       " updated_at = ? WHERE number = ?",
                       (ReceiptVia.POSAPI.value, summary.value if summary else None, time_text(now), number))
            self._log(db, number, now, "receipt_cancel_started",
                      {"receipts": moved, "receipt_status": summary.value if summary else "",
                       "receipt_via": ReceiptVia.POSAPI.value})

    def receipts_left_settled(self: Journal, number: str, manager: str, note: str) -> int:
        """A manager says the receipts a return left standing (`stale_receipts`) were put right outside the
        till (the ebarimt portal, PosAPI's own tools). The tax figures do not change: the till counts what it
        knows PosAPI holds, and never guesses what was done elsewhere; the sale leaves "needs attention".
        Returns how many receipts were settled."""
        text = " ".join(str(note).split())[:MAX_REASON]
        if not text:
            raise JournalError("Say what was done about the receipt (for example: corrected in the portal).")
        with self._writing() as db:
            now = self._now()
            sale = self._sale_in(self._row_for(db, number, "receipts_left_settled",
                                               {_S.PAID, _S.COMPLETED, _S.RECEIPT_PENDING}))
            rows = sale.stale_receipts
            if not rows:
                raise JournalError(f"Sale {number} has no receipt left standing to settle.")
            who = manager or self.operator
            mark = f"{who or '—'}, {time_text(now)[:19]}: {text}"
            for row in rows:
                db.execute("UPDATE receipts SET settled = ? WHERE id = ?", (mark, row.row_id))
            self._log(db, number, now, "receipts_left_settled",
                      {"receipts": len(rows), "manager": who, "reason": text,
                       "receipt_ids": [row.receipt.receipt_id for row in rows]})
        return len(rows)


def _reason(reason: str) -> str:
    try:
        return check_reversal_reason(reason)
    except ValueError as exc:
        raise JournalError(str(exc)) from exc


def _reversal_is(number: str, expected: ReversalStatus) -> Callable[[sqlite3.Row], None]:
    def check(row: sqlite3.Row) -> None:
        if row["reversal_status"] != expected.value:
            raise JournalError(f"Sale {number}: no payment reversal is {expected.value} "
                               f"(it is {row['reversal_status'] or 'not started'}).")
    return check
