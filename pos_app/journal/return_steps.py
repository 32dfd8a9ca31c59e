"""A part of a paid sale returned: chosen lines and quantities, the money given back tender by tender, and the
receipts such a return leaves to put right (moved to PosAPI, or marked settled by a manager).

Each is committed before the call it announces and updated after the answer, like every journal step;
recovery settles what a crash left pending (`SaleQueries.unsettled`). The rows are `return_rows`'.
"""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal

from pos_app.domain.cash import CASH_STEPS, DEFAULT_CASH_STEP
from pos_app.domain.returns import ReturnError, TenderSource, line_back, money_back
from pos_app.domain.sale import ReceiptVia
from pos_app.domain.taxes import TaxRates
from pos_app.domain.validators import check_reversal_reason

from . import receipt_rows, return_rows, sale_returns
from .acting import acting
from .receipt_rows import ReceiptStatus
from .records import JournalStatus, ReversalKind, time_text
from .return_rows import ReturnMoney, ReturnStatus, money_record
from .schema import JournalError
from .store import MAX_REASON, JournalStore

__all__ = ["ReturnSteps"]

_S = JournalStatus


class ReturnSteps:
    """A paid sale's partial returns, each one transaction of `store`."""

    def __init__(self, store: JournalStore) -> None:
        self.store = store

    def started(self, number: str, quantities: Iterable[tuple[int, object]],
                            reason: str, cash_step: Decimal = DEFAULT_CASH_STEP,
                            rates: TaxRates | None = None) -> int:
        """A return of chosen lines (by their place in the sale) and quantities, before any QPay refund of it
        is asked. Each part is priced from the sale's kept lines (`domain.returns.line_back`) and its money
        planned tender by tender (`money_back`): the cash and the card terminal count as given back now (the
        cashier hands them over; cash in whole tögrög, rounded by `cash_step`, the shop's, which the return
        keeps), a QPay refund is pending until `refunded`. With `rates` (the shop's VAT and city tax
        rates) each part keeps its own taxes, when those rates give the sale's own taxes (else they are not
        the sale's: the day close then shares the taxes by amount). A new return makes any receipt a manager
        marked settled stale again, and clears a correction's refusal (the correction it needs is a new
        request). Returns its id."""
        note = _reason(reason)
        if cash_step not in CASH_STEPS:
            raise JournalError(f"Cash is rounded by one of {', '.join(map(str, CASH_STEPS))} tögrög, "
                               f"not {cash_step}.")
        with self.store.writing() as db:
            now = self.store.now()
            sale = self.store.sale_in(self.store.row_for(db, number, "part_return_started", {_S.PAID, _S.COMPLETED}))
            problem = sale_returns.part_return_problem(sale)
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
                plan = money_back(sum((back.amount for back in backs), Decimal(0)), sale_returns.refundable(sale),
                                  cash_step)
            except ReturnError as exc:
                raise JournalError(f"Sale {number}: {exc}") from exc
            money = [ReturnMoney(part, ReturnStatus.PENDING if part.via is TenderSource.QPAY else ReturnStatus.DONE,
                                 now) for part in plan]
            return_id = return_rows.insert(db, number, now, backs, money, note, acting(), cash_step)
            given = [part for part in money if part.is_done]
            unsettled = db.execute("UPDATE receipts SET settled = '' WHERE number = ? AND status = ? AND settled != ''",
                                   (number, ReceiptStatus.ISSUED.value)).rowcount
            db.execute("UPDATE sales SET failure = '', updated_at = ? WHERE number = ?", (time_text(now), number))
            self.store.log(db, number, now, "part_return_started", {
                "status": sale.status.value, "return_id": return_id,
                "amount": str(sum((part.back.amount for part in given), Decimal(0))),
                "total": str(sum((back.amount for back in backs), Decimal(0))), "reason": note,
                "lines": [{"line": back.line, "quantity": str(back.quantity), "amount": str(back.amount)}
                          for back in backs],
                "payments": [money_record(part) for part in given],
                "pending": [money_record(part) for part in money if not part.is_done],
                **({"receipts_unsettled": unsettled} if unsettled else {})})
        return return_id

    def refunded(self, number: str, return_id: int, payment_id: str, refunded: bool,
                             note: str = "") -> None:
        """QPay answered a return's refund of `payment_id` (or reading it back settled a lost answer): refunded,
        or not (refused, or still paid): then its money is given back in cash from the drawer instead, in whole
        tögrög (rounded by the step the return was begun with; the step logs the rounding)."""
        with self.store.writing() as db:
            now = self.store.now()
            sale = self.store.sale_in(self.store.row_for(db, number, "part_return_refunded", {_S.PAID, _S.COMPLETED}))
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
            self.store.log(db, number, now, "part_return_refunded", detail)

    def refund_asked(self, number: str, return_id: int, payment_id: str,
                                 kind: ReversalKind) -> None:
        """A return's QPay refund of `payment_id` is about to be asked (`kind`: a cancel on the sale's day, else
        a refund), written before the call; its answer (`refunded`) then counts as that kind."""
        self._return_part_pending(number, return_id, payment_id, "part_return_refund_asked",
                                  {"how": ReversalKind(kind).value}, asked=ReversalKind(kind).value)

    def refund_refused(self, number: str, return_id: int, payment_id: str,
                                   reason: str) -> None:
        """QPay refused a return's refund asked outside the return itself (recovery, or a check): nothing went
        back, and no cash is recorded, since no cashier was told to hand it over. The part waits for the cashier,
        who asks QPay again or hands it over in cash (`refunded`, not refunded)."""
        note = str(reason).strip()[:MAX_REASON] or "refused"
        self._return_part_pending(number, return_id, payment_id, "part_return_refund_refused", {"reason": note},
                                  refused=note)

    def _return_part_pending(self, number: str, return_id: int, payment_id: str, kind: str,
                             detail: dict[str, object], **mark: str) -> None:
        with self.store.writing() as db:
            now = self.store.now()
            sale = self.store.sale_in(self.store.row_for(db, number, kind, {_S.PAID, _S.COMPLETED}))
            if not any(part.id == return_id for part in sale.part_returns):
                raise JournalError(f"Sale {number} has no return {return_id}.")
            try:
                part = return_rows.mark_pending(db, return_id, payment_id, now, **mark)
            except ValueError as exc:
                raise JournalError(f"Sale {number}: {exc}") from exc
            db.execute("UPDATE sales SET updated_at = ? WHERE number = ?", (time_text(now), number))
            self.store.log(db, number, now, kind, {"return_id": return_id, "amount": str(part.back.amount),
                                              "payment_id": payment_id, **detail})

    def receipts_to_posapi(self, number: str) -> None:
        """A sale whose receipts came from QPay's ebarimt had a part returned: QPay's receipt is the payment's and
        cannot be made for less, so its receipts are voided (CANCELLING) and what the customer kept gets its
        receipt through the shop's PosAPI from now on, in one transaction."""
        with self.store.writing() as db:
            now = self.store.now()
            sale = self.store.sale_in(self.store.row_for(db, number, "receipts_to_posapi", {_S.PAID, _S.COMPLETED}))
            if sale.receipt_via is not ReceiptVia.QPAY or not sale.part_returns:
                raise JournalError(f"Sale {number}: only a returned sale with QPay's receipts moves to PosAPI.")
            moved = receipt_rows.move(db, number, ReceiptStatus.ISSUED, ReceiptStatus.CANCELLING, time_text(now))
            summary = receipt_rows.summary_status(receipt_rows.rows_of(db, number)) if moved else None
            db.execute("UPDATE sales SET receipt_via = ?, receipt_status = coalesce(?, receipt_status),"
                       " updated_at = ? WHERE number = ?",
                       (ReceiptVia.POSAPI.value, summary.value if summary else None, time_text(now), number))
            self.store.log(db, number, now, "receipt_cancel_started",
                      {"receipts": moved, "receipt_status": summary.value if summary else "",
                       "receipt_via": ReceiptVia.POSAPI.value})

    def receipts_left_settled(self, number: str, manager: str, note: str) -> int:
        """A manager says the receipts a return left standing (`stale_receipts`) were put right outside the
        till (the ebarimt portal, PosAPI's own tools). The tax figures do not change: the till counts what it
        knows PosAPI holds, and never guesses what was done elsewhere; the sale leaves "needs attention".
        Returns how many receipts were settled."""
        text = " ".join(str(note).split())[:MAX_REASON]
        if not text:
            raise JournalError("Say what was done about the receipt (for example: corrected in the portal).")
        with self.store.writing() as db:
            now = self.store.now()
            sale = self.store.sale_in(self.store.row_for(db, number, "receipts_left_settled",
                                               {_S.PAID, _S.COMPLETED, _S.RECEIPT_PENDING}))
            rows = sale.stale_receipts
            if not rows:
                raise JournalError(f"Sale {number} has no receipt left standing to settle.")
            who = manager or acting()
            mark = f"{who or '—'}, {time_text(now)[:19]}: {text}"
            for row in rows:
                db.execute("UPDATE receipts SET settled = ? WHERE id = ?", (mark, row.row_id))
            self.store.log(db, number, now, "receipts_left_settled",
                      {"receipts": len(rows), "manager": who, "reason": text,
                       "receipt_ids": [row.receipt.receipt_id for row in rows]})
        return len(rows)


def _reason(reason: str) -> str:
    try:
        return check_reversal_reason(reason)
    except ValueError as exc:
        raise JournalError(str(exc)) from exc
