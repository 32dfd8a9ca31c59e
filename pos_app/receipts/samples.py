"""Sample sales for receipts: a shop, three lines, and a sale at every step the journal records.

Used by the receipt tests and by `scripts/sample_receipts.py`, which prints
the sample receipts in docs/receipts/. Everything goes through a real
`Journal` (an SQLite file), the way the till records a sale, so a sample
slip is exactly what a reprint of that sale would print.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal

from pos_app.domain.cart import CartLine
from pos_app.domain.sale import INDIVIDUAL, IssuedReceipt, OpenInvoice, PaymentSeen, Receiver
from pos_app.domain.taxes import TaxSplit
from pos_app.journal import Journal, JournalSale, ReversalKind

from .layout import ShopHeader

PRINTED_AT = datetime(2026, 11, 21, 18, 30, 5)
SHOP = ShopHeader(name="Өглөөний Үүр дэлгүүр", register="5317878", address="Улаанбаатар, СБД, 1-р хороо",
                  terminal="T1")
LINES = (
    CartLine("Сүү 1л (Сүү ХК)", Decimal("2"), Decimal("3500")),
    CartLine("Өндөг 10ш", Decimal("1"), Decimal("6500"), city_tax=True),
    CartLine("Талх (Талх Чихэр) — хар, зүсмэл, том савлагаатай", Decimal("1.5"), Decimal("2500.50")),
)
TOTAL = Decimal("17250.75")
TAXES = TaxSplit(Decimal("1562.82"), Decimal("58.04"))
LOTTERY = "HV 83198235"
QR_DATA = "1234567890" * 12            # the service's ebarimt_qr_data: 120 digits
RECEIPT_ID = "037900846788001094500100110000018"
ORGANIZATION = Receiver.organization("6235972")   # the customer company (the shop is 5317878)


class SteppingClock:
    """Seven seconds a step, from a fixed morning: the samples print the same every time."""

    def __init__(self, start: datetime = datetime(2026, 11, 21, 9, 15, 0)) -> None:
        self.now = start

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=7)
        return self.now


@dataclass
class Sales:
    """Builds sales through every journal step, as the till does."""

    journal: Journal

    def paid(self, bank: str = "Хаан банк", kind: str = "CARD") -> str:
        number = self.journal.sales.begin(LINES, TOTAL, TAXES)
        self.journal.sales.invoice_opened(number, OpenInvoice(f"inv-{number}", "0002010102121531..."))
        self.journal.sales.payments_seen(number, [PaymentSeen(f"pay-{number[-4:]}-5120", TOTAL, bank, kind)])
        return number

    def issued(self, receiver: Receiver = INDIVIDUAL, lottery: str = LOTTERY) -> JournalSale:
        number = self.paid()
        [payment] = self.journal.queries.get(number).payments
        self.journal.sales.receipt_started(number, receiver)
        self.journal.sales.receipt_issued(number, IssuedReceipt(RECEIPT_ID, lottery, QR_DATA, TOTAL, TAXES.vat,
                                                                TAXES.city_tax, receiver, payment.payment_id))
        return self.journal.queries.get(number)

    def refunded(self) -> JournalSale:
        number = self.issued().number
        self.journal.reversals.started(number, ReversalKind.REFUND, "Сүү нь муудсан байсан")
        self.journal.reversals.done(number, TOTAL)
        return self.journal.queries.get(number)

    def receipt_voided(self) -> JournalSale:
        number = self.issued(ORGANIZATION).number
        self.journal.reversals.receipt_cancel_started(number)
        self.journal.reversals.receipt_cancelled(number)
        return self.journal.queries.get(number)

    def unreceipted(self) -> JournalSale:
        return self.journal.queries.get(self.paid())


