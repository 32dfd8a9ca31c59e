"""A QPay sale's own steps in the journal: begun, its invoice opened (or not), cancelled or expired, paid, and its
receipt asked, issued or refused.

A sale that crashes mid-payment must not be lost, charged twice or left without its receipt: each step is
committed before the call it announces and updated after the answer (`JournalStore.step`: the status checked, the
row changed and the step logged in one transaction). A sale paid by tenders first is begun by `tender_steps`.
"""

from __future__ import annotations

import sqlite3
from dataclasses import replace
from datetime import date
from decimal import Decimal
from typing import Callable, Iterable

from pos_app.domain.cart import CartLine
from pos_app.domain.discounts import Discount
from pos_app.domain.sale import IssuedReceipt, OpenInvoice, PaymentSeen, ReceiptVia, Receiver
from pos_app.domain.taxes import TaxSplit

from . import receipt_rows
from .acting import acting
from .kept_cart import forget_kept_cart
from .numbers import take_number
from .receipt_rows import ReceiptStatus, corrected_row
from .record_text import discount_json
from .records import JournalStatus, bank_record, dumps, line_record, money_text, payment_record, time_text
from .schema import JournalError
from .store import JournalStore
from .tender_rows import tender_record

__all__ = ["SaleSteps"]

_S = JournalStatus   # short, for the transition tables below


class SaleSteps:
    """A QPay sale's steps, each one transaction of `store`."""

    def __init__(self, store: JournalStore) -> None:
        self.store = store

    def begin(self, lines: Iterable[CartLine], total: Decimal, taxes: TaxSplit, day: date | None = None,
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
        with self.store.writing() as db:
            now = self.store.now()   # under the write lock: a day close cannot fall between the time and the commit
            day = day or now.date()
            # The number and its sale are one transaction: a crash cannot use a number without recording it.
            number = take_number(db, self.store.terminal_id, day)
            via = ReceiptVia(receipt_via)
            db.execute("INSERT INTO sales (number, terminal, created_at, updated_at, status, total, vat, city_tax,"
                       " lines_json, receipt_via, cashier, discount_json) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                       (number, self.store.terminal_id, time_text(now), time_text(now), _S.CREATING.value, total_text,
                        vat, city_tax, lines_json, via.value, acting(), discount_json(sale_discount)))
            detail: dict[str, object] = {"total": total_text, "lines": len(lines)}
            if via is not ReceiptVia.QPAY:
                detail["receipt_via"] = via.value
            self.store.log(db, number, now, "sale_begun", detail)
            forget_kept_cart(db, self.store.terminal_id)     # the sale holds the cart now (kept_cart.py)
        return number

    def invoice_opened(self, number: str, invoice: OpenInvoice) -> None:
        if not invoice.invoice_id:
            raise JournalError("An open invoice needs its id.")
        self.store.step(number, "invoice_opened", {_S.CREATING}, _S.OPEN,
                   {"invoice_id": invoice.invoice_id, "qr_text": invoice.qr_text, "short_url": invoice.short_url,
                    "banks_json": dumps([bank_record(bank) for bank in invoice.banks])},
                   {"invoice_id": invoice.invoice_id, "recovered": invoice.recovered})

    def invoice_failed(self, number: str, reason: str) -> None:
        """No invoice was made: the sale failed, or, with tenders taken before it, is back to them."""
        self.store.failed_step(number, "invoice_failed", {_S.CREATING}, self._unpaid_end(number, _S.FAILED), reason)

    def cancel_started(self, number: str) -> None:
        self.store.step(number, "cancel_started", {_S.OPEN}, _S.CANCELLING)

    def invoice_cancelled(self, number: str) -> None:
        # From OPEN too: an invoice cancelled elsewhere (found by a check) ends the sale the same way.
        self.store.step(number, "invoice_cancelled", {_S.CANCELLING, _S.OPEN}, self._unpaid_end(number, _S.CANCELLED))

    def cancel_failed(self, number: str, reason: str) -> None:
        self.store.failed_step(number, "cancel_failed", {_S.CANCELLING}, _S.OPEN, reason)

    def payments_seen(self, number: str, payments: Iterable[PaymentSeen]) -> None:
        """PAID: the payments that cover the sale (also from CANCELLING: the customer paid first)."""
        payments = tuple(payments)
        if not payments:
            raise JournalError("A paid sale needs at least one payment.")
        records = [payment_record(payment) for payment in payments]
        paid = sum((payment.amount for payment in payments), Decimal(0))
        bank = ", ".join(dict.fromkeys(payment.bank for payment in payments if payment.bank))
        with self.store.writing() as db:
            now = self.store.now()   # under the write lock: a day close cannot fall between the time and the commit
            row = self.store.row_for(db, number, "payments_seen", {_S.OPEN, _S.CANCELLING})
            sale = self.store.sale_in(row)
            if paid < sale.qpay_due:
                raise JournalError(f"Sale {number}: the payments ({paid}) do not cover its total ({sale.qpay_due}).")
            # With no way to issue a receipt (a split sale in a shop with no PosAPI) it is done once paid.
            status = _S.COMPLETED if sale.receipt_via is ReceiptVia.NONE else _S.PAID
            db.execute("UPDATE sales SET status = ?, paid_amount = ?, bank = ?, payment_ids_json = ?, failure = '',"
                       " updated_at = ? WHERE number = ?",
                       (status.value, str(paid + sale.tendered), bank, dumps(records), time_text(now), number))
            # The detail lists all of the sale's money (tenders taken before its QPay part too): the day close
            # learns from it when the sale was paid, and with what.
            self.store.log(db, number, now, "payments_seen",
                      {"from": row["status"], "to": status.value,
                       "payments": [tender_record(tender) for tender in sale.tenders_kept] + records})

    def receipt_started(self, number: str, receiver: Receiver) -> None:
        """Before Create Ebarimt: the receiver asked for. From PAID; from RECEIPT_PENDING (asked again after a
        lost answer, perhaps for another receiver); from COMPLETED when the sale's receipts were voided while
        the money was kept (it is issued again)."""
        def owes_receipt(row: sqlite3.Row) -> None:
            if not self.store.sale_in(row).can_issue_receipt:
                raise JournalError(f"Sale {number} is owed no receipt now (its money was given back, "
                                   "every payment has its receipt, or a void is still being asked).")

        self.store.step(number, "receipt_started", {_S.PAID, _S.COMPLETED, _S.RECEIPT_PENDING}, _S.RECEIPT_PENDING,
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
        with self.store.writing() as db:
            now = self.store.now()   # under the write lock: a day close cannot fall between the time and the commit
            sale = self.store.sale_in(self.store.row_for(db, number, "receipt_issued", {_S.RECEIPT_PENDING}))
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
            done = not self.store.sale_in(self.store.row_for(db, number, "receipt_issued", {_S.RECEIPT_PENDING}),
                                     ).payments_without_receipt
            status = _S.COMPLETED if done else _S.RECEIPT_PENDING
            db.execute("UPDATE sales SET status = ?, receipt_status = ?, failure = '', updated_at = ?"
                       " WHERE number = ?",
                       (status.value, ReceiptStatus.ISSUED.value if done else ReceiptStatus.PENDING.value,
                        time_text(now), number))
            self.store.log(db, number, now, "receipt_issued",
                      {"from": _S.RECEIPT_PENDING.value, "to": status.value, "receipt_id": receipt.receipt_id,
                       "lottery": receipt.lottery, "payment_id": receipt.payment_id,
                       "receiver_kind": receipt.receiver.kind.value,
                       "receiver_register": receipt.receiver.register, "again": bool(same)})

    def receipt_failed(self, number: str, reason: str) -> None:
        """The service refused the receipt: the sale is paid and still owed it (PAID; COMPLETED when it corrected a
        receipt, which stays valid)."""
        self.store.failed_step(number, "receipt_failed", {_S.RECEIPT_PENDING}, _receipt_refused_to, reason,
                          {"receipt_status": ReceiptStatus.FAILED.value})

    def expired(self, number: str) -> None:
        self.store.step(number, "expired", {_S.OPEN}, self._unpaid_end(number, _S.EXPIRED))

    def _unpaid_end(self, number: str, end: JournalStatus,
                    ) -> Callable[[sqlite3.Connection, sqlite3.Row], JournalStatus]:
        """Where a sale goes when its QPay part ends unpaid: `end`, or back to its tenders when it has some
        (the cash is in the drawer: the cashier takes the rest another way or hands it back)."""
        def decide(_db: sqlite3.Connection, row: sqlite3.Row) -> JournalStatus:
            return _S.TENDERING if self.store.sale_in(row).tenders_kept else end
        return decide


def _receipt_refused_to(db: sqlite3.Connection, row: sqlite3.Row) -> JournalStatus:
    """Where a refused receipt request leaves the sale: PAID (owed its receipt), or COMPLETED when the request
    corrected a receipt, which stays valid (the sale then needs attention: `stale_receipts`)."""
    return _S.COMPLETED if corrected_row(db, row["number"], row["receipt_request"]) else _S.PAID
