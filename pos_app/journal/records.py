"""What a sale looks like in the journal: its statuses, the `JournalSale` read back, and how a row turns into one
(its parts' texts, money as exact decimal text and times as fixed-width ISO text, are `record_text`'s). The steps
that write them are `Journal`'s (journal.py)."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from enum import Enum

from pos_app.domain.cart import CartLine
from pos_app.domain.discounts import Discount
from pos_app.domain.sale import (
    BankApp,
    IssuedReceipt,
    OpenInvoice,
    PaymentSeen,
    ReceiptVia,
    Receiver,
    ReceiverKind,
    Sale,
    Stage,
)
from pos_app.domain.taxes import TaxSplit

from . import receipt_rows, return_rows, tender_rows
from .receipt_rows import JournalReceipt, ReceiptStatus
from .return_rows import PartReturn
from .tender_rows import JournalTender, TenderStatus
from .record_text import (
    bank_record,
    dumps,
    line_record,
    money_text,
    payment_from,
    payment_record,
    sale_lines,
    time_text,
)
from .schema import JournalError

__all__ = ["FINAL_STATUSES", "UNFINISHED_STATUSES", "JournalSale", "JournalStatus", "ReversalKind", "ReversalStatus",
           "SaleNotFound", "bank_record", "dumps", "line_record", "money_text", "payment_record", "sale_from_row",
           "sales_from_rows", "time_text"]


class JournalStatus(str, Enum):
    TENDERING = "tendering"               # cash or the card terminal taken, not yet covering the total
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


_S = JournalStatus   # short, for the transition tables below
# What a crash can leave half-done: recovery settles these with the service.
UNFINISHED_STATUSES = frozenset({_S.TENDERING, _S.CREATING, _S.OPEN, _S.CANCELLING, _S.PAID, _S.RECEIPT_PENDING})
_KEPT_STATUSES = frozenset({_S.PAID, _S.RECEIPT_PENDING, _S.COMPLETED})   # the money arrived in full
FINAL_STATUSES = frozenset(JournalStatus) - UNFINISHED_STATUSES

_STAGE_OF_STATUS = {
    _S.TENDERING: Stage.TENDERING,
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
    receiver: Receiver | None = None      # the receiver the cashier asked for last
    receipts: tuple[JournalReceipt, ...] = ()   # every ebarimt the service made for it, oldest first
    failure: str = ""                     # the last failed step's reason; cleared by the next good step
    banks: tuple[BankApp, ...] = ()       # the invoice's bank app links, to resume the payment screen
    receipt_status: ReceiptStatus | None = None
    reversal_kind: ReversalKind | None = None
    reversal_status: ReversalStatus | None = None
    reversal_reason: str = ""
    reversed_amount: Decimal = Decimal(0)
    given_back: tuple[PaymentSeen, ...] = ()   # the payments a give-back confirmed returned (see `payments_given_back`)
    receipt_via: ReceiptVia = ReceiptVia.QPAY
    invoice_amount: Decimal | None = None      # what its QPay invoice asks when tenders came first (None: the total)
    tenders: tuple[JournalTender, ...] = ()    # cash and the card terminal, in the order taken
    receipt_bill: str = ""                     # PosAPI: the bill number of the receipt asked last, its day and
    receipt_bill_day: str = ""                 # the request itself (asked again as it was, never changed)
    receipt_request: str = field(default="", repr=False)
    receipt_bill_at: datetime | None = None    # when that request was first sent (None: not known)
    cashier: str = ""                          # who began it ("" when the till had no PINs set up)
    sale_discount: Discount | None = None      # the discount given on the whole sale (the lines carry its shares)
    part_returns: tuple[PartReturn, ...] = ()  # its lines returned in part, oldest first (return_rows)

    @property
    def kept_lines(self) -> tuple[CartLine, ...]:
        """The lines as the customer keeps them after the partial returns (all of them when there were none)."""
        return tuple(line for line in return_rows.kept_after(self.lines, self.part_returns) if line is not None)

    @property
    def kept_total(self) -> Decimal:
        """What the customer's kept goods come to: the total less what the partial returns gave back."""
        return self.total - sum((part.amount for part in self.part_returns), Decimal(0))

    @property
    def stale_receipts(self) -> tuple[JournalReceipt, ...]:
        """Valid receipts for goods the customer gave back, which the till could not void or correct: the money all
        given back and a receipt still valid (its void refused, or never possible: an organization's PosAPI
        receipt), or a receipt made before the sale's last partial return and not corrected since. A manager's
        settling takes one out (`settled`); one whose void is being asked is not stale yet."""
        whole_back = self.is_reversed and not self.money_kept
        last = max((part.at for part in self.part_returns), default=None)
        return tuple(row for row in self.receipts
                     if row.status is ReceiptStatus.ISSUED and not row.settled
                     and (whole_back or (last is not None and row.issued_at <= last)))

    @property
    def qpay_due(self) -> Decimal:
        """What the sale's QPay part must cover: its first invoice's amount."""
        return self.total if self.invoice_amount is None else self.invoice_amount

    @property
    def tendered(self) -> Decimal:
        """What its cash and card-terminal tenders brought (those handed back before it was covered do not count)."""
        return sum((t.amount for t in self.tenders if t.status is not TenderStatus.HANDED_BACK), Decimal(0))

    @property
    def tenders_kept(self) -> tuple[JournalTender, ...]:
        return tuple(tender for tender in self.tenders if tender.is_kept)

    @property
    def valid_receipts(self) -> tuple[JournalReceipt, ...]:
        """The receipts that count in the tax system (issued, or being voided)."""
        return tuple(receipt for receipt in self.receipts if receipt.is_valid)

    @property
    def current_receipts(self) -> tuple[IssuedReceipt, ...]:
        """What the slip and the history show: the valid receipts, else (all voided) the last ones made."""
        shown = self.valid_receipts or self.receipts
        return tuple(receipt.receipt for receipt in shown)

    @property
    def receipt(self) -> IssuedReceipt | None:
        """The first of `current_receipts` (a sale paid in one payment has just that one)."""
        current = self.current_receipts
        return current[0] if current else None

    @property
    def has_active_receipt(self) -> bool:
        """A receipt that can be voided now (issued, no void of it being asked)."""
        return any(receipt.status is ReceiptStatus.ISSUED for receipt in self.receipts)

    @property
    def payments_given_back(self) -> tuple[PaymentSeen, ...]:
        """The payments that went back to the customer. A give-back applies to payments, not to the sale: one
        refused half-way returned some (`given_back`), and money that came after a part was given back is
        kept. A paid sale's give-back that ended DONE returned every payment it had (the step that records it
        does not list them), unless its record is about other payments than the sale's (a part given back
        before the money the sale was paid with)."""
        given = self.given_back
        if self.reversal_status is ReversalStatus.DONE and self.status in _KEPT_STATUSES:
            ids = {payment.payment_id for payment in given}
            if not given or ids & {payment.payment_id for payment in self.payments}:
                return given + tuple(payment for payment in self.payments if payment.payment_id not in ids)
        return given

    @property
    def payments_kept(self) -> tuple[PaymentSeen, ...]:
        """The sale's payments not given back."""
        back = {payment.payment_id for payment in self.payments_given_back}
        return tuple(payment for payment in self.payments if payment.payment_id not in back)

    @property
    def money_kept(self) -> bool:
        """Paid, and some payment or tender is not given back (nor being given back)."""
        return (self.status in _KEPT_STATUSES and self.reversal_status is not ReversalStatus.PENDING
                and bool(self.payments_kept or self.tenders_kept) and self.kept_total > 0)

    @property
    def payments_without_receipt(self) -> tuple[PaymentSeen, ...]:
        """The money kept that has no valid receipt yet. QPay's ebarimt: each payment its own (one given back is
        owed none). PosAPI: one receipt covers the whole sale, tenders too. None can be issued: nothing."""
        if self.receipt_via is ReceiptVia.NONE:
            return ()
        if self.receipt_via is ReceiptVia.POSAPI:
            if self.valid_receipts:
                return ()
            return self.payments_kept + tuple(tender.as_payment() for tender in self.tenders_kept)
        covered = {receipt.payment_id for receipt in self.valid_receipts}
        return tuple(payment for payment in self.payments_kept if payment.payment_id not in covered)

    @property
    def owes_receipt(self) -> bool:
        """The money was kept but some of it has no valid receipt (never issued, refused, or voided)."""
        return self.money_kept and bool(self.payments_without_receipt)

    @property
    def can_issue_receipt(self) -> bool:
        """A receipt may be asked for now: owed, and no void in flight (a receipt whose answer was lost,
        RECEIPT_PENDING, is asked again)."""
        return self.owes_receipt and self.receipt_status is not ReceiptStatus.CANCELLING

    @property
    def receiver_differs(self) -> bool:
        """A valid receipt was made for another receiver than the cashier asked for last."""
        return self.receiver is not None and any(receipt.receipt.receiver != self.receiver
                                                 for receipt in self.valid_receipts)

    @property
    def is_reversed(self) -> bool:
        return self.reversal_status is ReversalStatus.DONE

    @property
    def can_reverse(self) -> bool:
        """Paid, not given back yet, and every payment a card payment (P2P cannot be reversed via QPay)."""
        return (self.status in (JournalStatus.PAID, JournalStatus.COMPLETED) and bool(self.payments)
                and not self.tenders and self.reversal_status in (None, ReversalStatus.FAILED)
                and all(payment.is_card for payment in self.payments) and not self.part_returns)

    @property
    def can_return_tenders(self) -> bool:
        """Paid by cash and the card terminal alone, and not given back: the cashier can give it back at the
        counter (QPay's payments go back through QPay: `can_reverse`)."""
        return (self.status in (JournalStatus.PAID, JournalStatus.COMPLETED) and bool(self.tenders_kept)
                and not self.payments and self.reversal_status is None and not self.part_returns)

    @property
    def needs_settling(self) -> bool:
        """A step a crash may have interrupted: the sale itself, or a reversal or receipt cancel after it."""
        return (self.status in UNFINISHED_STATUSES or self.reversal_status is ReversalStatus.PENDING
                or self.receipt_status is ReceiptStatus.CANCELLING or any(not r.is_done for r in self.part_returns))

    @property
    def is_final(self) -> bool:
        return self.status in FINAL_STATUSES

    @property
    def paid_amount(self) -> Decimal:
        """QPay's payments and the tenders that counted."""
        return self.tendered + sum((payment.amount for payment in self.payments), Decimal(0))

    def to_sale(self) -> Sale:
        """The domain `Sale` in the stage matching this status (the QR image is not kept: redraw it from qr_text)."""
        invoice = (OpenInvoice(self.invoice_id, self.qr_text, short_url=self.short_url, banks=self.banks)
                   if self.invoice_id else None)
        tenders = tuple(t.tender for t in self.tenders if t.status is not TenderStatus.HANDED_BACK)
        sale = Sale(self.number, self.lines, self.total, self.taxes, invoice=invoice, payments=self.payments,
                    receipts=self.current_receipts, tenders=tenders, receipt_via=self.receipt_via,
                    sale_discount=self.sale_discount)
        # Restored, not moved: the journal already checked every step that led here.
        sale.stage = _STAGE_OF_STATUS[self.status]
        return sale


# -- rows <-> domain objects (the texts of its parts: `record_text`) ------------------------------

def _receiver_from(row: sqlite3.Row) -> Receiver | None:
    if row["receiver_kind"] is None:
        return None
    return Receiver(ReceiverKind(row["receiver_kind"]), row["receiver_register"],
                    row["receiver_name"] if "receiver_name" in row.keys() else "")


def sale_from_row(row: sqlite3.Row, receipts: tuple[JournalReceipt, ...] = (),
                  tenders: tuple[JournalTender, ...] = (), part_returns: tuple[PartReturn, ...] = ()) -> JournalSale:
    receiver = _receiver_from(row)
    return JournalSale(
        number=row["number"],
        terminal=row["terminal"],
        status=_S(row["status"]),
        created_at=datetime.fromisoformat(row["created_at"]),
        lines=sale_lines(row["lines_json"]),
        total=Decimal(row["total"]),
        taxes=TaxSplit(Decimal(row["vat"]), Decimal(row["city_tax"])),
        invoice_id=row["invoice_id"],
        qr_text=row["qr_text"],
        short_url=row["short_url"],
        payments=tuple(payment_from(record) for record in json.loads(row["payment_ids_json"])),
        receiver=receiver,
        receipts=receipts,
        failure=row["failure"],
        banks=tuple(BankApp(**record) for record in json.loads(row["banks_json"])),
        receipt_status=ReceiptStatus(row["receipt_status"]) if row["receipt_status"] else None,
        reversal_kind=ReversalKind(row["reversal_kind"]) if row["reversal_kind"] else None,
        reversal_status=ReversalStatus(row["reversal_status"]) if row["reversal_status"] else None,
        reversal_reason=row["reversal_reason"],
        reversed_amount=Decimal(row["reversed_amount"]) if row["reversed_amount"] else Decimal(0),
        given_back=tuple(payment_from(record) for record in json.loads(row["given_back_json"])),
        receipt_via=ReceiptVia(row["receipt_via"]),
        invoice_amount=Decimal(row["invoice_amount"]) if row["invoice_amount"] else None,
        tenders=tenders,
        receipt_bill=row["receipt_bill"],
        receipt_bill_day=row["receipt_bill_day"],
        receipt_request=row["receipt_request"],
        receipt_bill_at=datetime.fromisoformat(row["receipt_bill_at"]) if row["receipt_bill_at"] else None,
        cashier=row["cashier"],
        sale_discount=Discount.from_record(json.loads(row["discount_json"])) if row["discount_json"] else None,
        part_returns=part_returns,
    )


def sales_from_rows(db: sqlite3.Connection, rows: list[sqlite3.Row]) -> list[JournalSale]:
    """The sales of these rows with their receipts and tenders (read on the same connection, at one moment)."""
    numbers = [row["number"] for row in rows]
    receipts, tenders = receipt_rows.read(db, numbers), tender_rows.read(db, numbers)
    returns = return_rows.read(db, numbers)
    return [sale_from_row(row, receipts.get(row["number"], ()), tenders.get(row["number"], ()),
                          returns.get(row["number"], ())) for row in rows]
