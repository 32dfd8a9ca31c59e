"""A sale's receipt through the shop's PosAPI, in the journal: one receipt for the whole sale and all its tenders.

Before the request goes out, `PosApiSteps.started` records the receiver, the till's bill number for it
(`billIdSuffix`, new for each request: the till's own number, then its day's sequence, so that tills sharing a
PosAPI never take one number; `pos_app.domain.receipt_bills`), the moment it is sent, and the request itself.
The spec offers no way to look a receipt up, but it does say a bill number may not repeat within a day: so after
a lost answer the *same* request, with the same number, is asked again that day (`asked_again`,
only away from midnight on both sides), and the service cannot make it a second receipt. Its answer settles the
step: the receipt (`issued`), or "that bill number is taken", which means the first request made
it (`found_taken`: the receipt exists, its id and lottery were lost with the answer), or a refusal
(`SaleSteps.receipt_failed`).

The lottery number and QR data are never written (the spec allows them only on the printed receipt).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from datetime import date, datetime
from decimal import Decimal

from pos_app.domain.receipt_bills import MAX_SEQUENCE, asking_again_is_safe, bill_number
from pos_app.domain.sale import IssuedReceipt, ReceiptVia, Receiver

from . import receipt_rows
from .queries import SaleQueries
from .receipt_rows import POSAPI, ReceiptStatus, corrected_row
from .records import JournalSale, JournalStatus, money_text, time_text
from .sale_steps import SaleSteps
from .schema import JournalError
from .store import JournalStore

__all__ = ["PosApiSteps"]

_S = JournalStatus
_RUNNING = "running"    # the bill numbers' sequence is not a day's (`_next_bill`)


class PosApiSteps:
    """PosAPI receipt steps, each one transaction of `store`; a refusal is the sale's own step (`sales`), and
    `queries` reads the sale outside a step."""

    def __init__(self, store: JournalStore, sales: SaleSteps, queries: SaleQueries) -> None:
        self.store = store
        self.sales = sales
        self.queries = queries

    def started(self, number: str, receiver: Receiver,
                               build: Callable[[JournalSale, str], str], till: int = 1) -> tuple[str, str]:
        """Before ``POST /rest/receipt``: a new bill number of till `till` for today, taken and recorded with the
        receiver, the moment and the request, which `build(sale, bill)` writes (JSON text; pure, it runs inside the
        transaction). Returns the bill number and the request. From PAID, or COMPLETED when the sale's receipt was
        voided with the money kept (issued again)."""
        with self.store.writing() as db:
            now = self.store.now()
            row = self.store.row_for(db, number, "posapi_receipt_started", {_S.PAID, _S.COMPLETED})
            sale = self.store.sale_in(row)
            if sale.receipt_via is not ReceiptVia.POSAPI:
                raise JournalError(f"Sale {number} does not get its receipt through PosAPI.")
            if not sale.can_issue_receipt:
                raise JournalError(f"Sale {number} is owed no receipt now.")
            bill, text = self._request_recorded(db, sale, receiver, build, now, till)
            self.store.log(db, number, now, "receipt_started",
                      {"from": row["status"], "to": _S.RECEIPT_PENDING.value, "receiver_kind": receiver.kind.value,
                       "receiver_register": receiver.register, "bill": bill, "via": POSAPI})
        return bill, text

    def correction_started(self, number: str, replaced: int,
                                  build: Callable[[JournalSale, str], str], till: int = 1) -> tuple[str, str]:
        """Before ``POST /rest/receipt`` corrects a receipt a partial return left standing: the new receipt for
        what the customer kept names the one it replaces (`inactiveId`, which `build` writes), for the same
        receiver. Its bill number and request are recorded as `started` records them, so a lost
        answer is settled the same way; once issued, the replaced receipt (row `replaced`) is CORRECTED."""
        with self.store.writing() as db:
            now = self.store.now()
            row = self.store.row_for(db, number, "posapi_correction_started", {_S.PAID, _S.COMPLETED})
            sale = self.store.sale_in(row)
            old = next((r for r in sale.stale_receipts if r.row_id == replaced), None)
            if sale.receipt_via is not ReceiptVia.POSAPI or old is None or not old.is_posapi or old.details_lost:
                raise JournalError(f"Sale {number} has no PosAPI receipt left standing by a return to correct.")
            if not sale.kept_lines:
                raise JournalError(f"Sale {number}: everything was returned, so there is nothing to receipt.")
            receiver = old.receipt.receiver
            bill, text = self._request_recorded(db, sale, receiver, build, now, till)
            if json.loads(text).get("inactiveId") != old.receipt.receipt_id:
                raise JournalError(f"Sale {number}: the correction must name the receipt it replaces.")
            self.store.log(db, number, now, "receipt_correction_started",
                      {"from": row["status"], "to": _S.RECEIPT_PENDING.value, "receiver_kind": receiver.kind.value,
                       "receiver_register": receiver.register, "bill": bill, "via": POSAPI,
                       "corrects": old.receipt.receipt_id})
        return bill, text

    def _request_recorded(self, db: sqlite3.Connection, sale: JournalSale, receiver: Receiver,
                          build: Callable[[JournalSale, str], str], now: datetime, till: int) -> tuple[str, str]:
        """The day's next bill number of till `till` taken, the request built with it and recorded with the moment
        it is sent (RECEIPT_PENDING)."""
        day = now.date()
        bill = self._next_bill(db, day, till)
        text = build(sale, bill)
        db.execute("UPDATE sales SET status = ?, receiver_kind = ?, receiver_register = ?, receiver_name = ?,"
                   " receipt_status = ?, receipt_bill = ?, receipt_bill_day = ?, receipt_bill_at = ?,"
                   " receipt_request = ?, failure = '', updated_at = ? WHERE number = ?",
                   (_S.RECEIPT_PENDING.value, receiver.kind.value, receiver.register, receiver.name,
                    ReceiptStatus.PENDING.value,
                    bill, day.isoformat(), time_text(now), text, time_text(now), sale.number))
        return bill, text

    def asked_again(self, number: str) -> None:
        """Before the same request is sent again (same bill number, same day) after an answer was lost: only while
        PosAPI's day is surely the one it was sent on (`asking_again_is_safe`)."""
        def same_day(row: sqlite3.Row) -> None:
            sale = self.store.sale_in(row)
            if not sale.receipt_bill or not sale.receipt_request:
                raise JournalError(f"Sale {number} has no PosAPI request to ask again.")
            if sale.receipt_bill_at is None or not asking_again_is_safe(sale.receipt_bill_at, self.store.now()):
                raise JournalError(f"Sale {number}'s receipt was asked on {sale.receipt_bill_day} near or on another "
                                   "day than PosAPI's today: its bill number may be free again there, so asking "
                                   "again could make a second receipt.")

        self.store.step(number, "receipt_asked_again", {_S.RECEIPT_PENDING}, None, {},
                   {"bill": self.queries.get(number).receipt_bill}, check=same_day)

    def issued(self, number: str, receipt: IssuedReceipt, printed_at: str) -> None:
        """The receipt, as PosAPI answered it (its lottery and QR data are not kept): COMPLETED."""
        if not receipt.receipt_id:
            raise JournalError("An issued receipt needs its id.")
        self._posapi_receipt(number, receipt, printed_at, "receipt_issued",
                             {"receipt_id": receipt.receipt_id, "printed_at": printed_at})

    def found_taken(self, number: str, amount: Decimal, vat: Decimal,
                                   city_tax: Decimal) -> None:
        """Asked again, PosAPI said the bill number was taken: the first request made the receipt, but its answer
        (id, lottery) was lost. Recorded valid, with the amounts the request sent; it cannot be voided by the till."""
        sale = self.queries.get(number)
        receiver = sale.receiver or Receiver()
        receipt = IssuedReceipt("", "", "", amount, vat, city_tax, receiver, "")
        self._posapi_receipt(number, receipt, "", "receipt_found_taken", {"bill": sale.receipt_bill})

    def settled_by_hand(self, number: str, made: bool, note: str) -> None:
        """A person looked the pending request up in PosAPI itself (its answer was lost, and its day is over):
        made (recorded valid, as when asking again finds the bill number taken), or not (the sale is owed its
        receipt again: the next request takes a new bill number). A correction not made is no refusal: the
        receipt it was to replace stays valid and the till corrects it again by itself, with a new request."""
        sale = self.queries.get(number)
        if sale.status is not _S.RECEIPT_PENDING or not sale.receipt_request:
            raise JournalError(f"Sale {number} has no PosAPI request waiting to be settled.")
        if made:
            request = json.loads(sale.receipt_request, parse_float=Decimal)
            self.found_taken(number, Decimal(str(request["totalAmount"])),
                                            Decimal(str(request.get("totalVAT") or 0)),
                                            Decimal(str(request.get("totalCityTax") or 0)))
        elif self._corrects(number, sale.receipt_request):
            self.store.step(number, "receipt_failed", {_S.RECEIPT_PENDING}, _S.COMPLETED,
                       {"receipt_status": ReceiptStatus.FAILED.value},
                       {"reason": f"correction not made (looked up in PosAPI by hand: {note})"[:300], "not_made": True})
        else:
            self.sales.receipt_failed(number, f"not made (looked up in PosAPI by hand: {note})"[:300])

    def _posapi_receipt(self, number: str, receipt: IssuedReceipt, printed_at: str, kind: str,
                        detail: dict[str, object]) -> None:
        money = {"amount": money_text(receipt.amount, "receipt amount"),
                 "vat": money_text(receipt.vat, "receipt VAT"),
                 "city_tax": money_text(receipt.city_tax, "receipt city tax")}
        with self.store.writing() as db:
            now = self.store.now()
            row = self.store.row_for(db, number, kind, {_S.RECEIPT_PENDING})
            # A correction (its request names the receipt it replaces): that one is no longer valid in PosAPI.
            replaced = corrected_row(db, number, row["receipt_request"])
            if replaced is not None:
                db.execute("UPDATE receipts SET status = ?, changed_at = ? WHERE id = ?",
                           (ReceiptStatus.CORRECTED.value, time_text(now), replaced["id"]))
                detail = {**detail, "corrects": replaced["receipt_id"]}
            receipt_rows.insert(db, number, receipt, time_text(now), money, kind=POSAPI, printed_at=printed_at,
                                bill=row["receipt_bill"], replaces=replaced["id"] if replaced is not None else None)
            db.execute("UPDATE sales SET status = ?, receipt_status = ?, failure = '', updated_at = ? WHERE number = ?",
                       (_S.COMPLETED.value, ReceiptStatus.ISSUED.value, time_text(now), number))
            self.store.log(db, number, now, kind,
                      {"from": _S.RECEIPT_PENDING.value, "to": _S.COMPLETED.value, "via": POSAPI,
                       "receiver_kind": receipt.receiver.kind.value, "receiver_register": receipt.receiver.register,
                       **detail})

    def _next_bill(self, db: sqlite3.Connection, day: date, till: int) -> str:
        """This till's next bill number: its number, then its own sequence, which runs on across midnight (PosAPI's
        day may end minutes before or after the till's: a sequence started again at the till's midnight would meet
        the numbers of the day before on a PosAPI still in it) and wraps after `MAX_SEQUENCE`, at most that many a
        day (the sale numbers' table keeps both counts)."""
        counted = []
        for key in (f"{self.store.terminal_id}#bill", f"{self.store.terminal_id}#bills-of-day"):
            period = _RUNNING if key.endswith("#bill") else day.isoformat()
            db.execute("INSERT INTO sale_sequence (terminal, day, last) VALUES (?, ?, 1) "
                       "ON CONFLICT (terminal, day) DO UPDATE SET last = last + 1", (key, period))
            (last,) = db.execute("SELECT last FROM sale_sequence WHERE terminal = ? AND day = ?",
                                 (key, period)).fetchone()
            counted.append(last)
        running, today = counted
        if today > MAX_SEQUENCE:
            raise JournalError(f"This till has used every bill number of the day ({MAX_SEQUENCE:,}).")
        try:
            return bill_number(till, (running - 1) % MAX_SEQUENCE + 1)
        except ValueError as exc:
            raise JournalError(str(exc)) from exc

    def _corrects(self, number: str, request: str) -> bool:
        """Whether `request` corrected a receipt of the sale that is still valid."""
        with self.store.reading() as db:
            return corrected_row(db, number, request) is not None
