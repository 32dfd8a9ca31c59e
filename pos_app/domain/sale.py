"""One sale from cart to tax receipt: its stages and what each stage learned.

The window shows a `Sale`; only the transitions below move it on, so a paid
sale cannot be cancelled and a receipt cannot be issued before payment,
whatever the buttons do.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from enum import Enum

from .cart import CartLine
from .taxes import TaxSplit
from .validators import check_organization_register


class Stage(Enum):
    CART = "cart"                      # line items being entered
    CHARGING = "charging"              # the invoice is being created
    AWAITING_PAYMENT = "awaiting"      # QR shown, checking for the payment
    CANCELLING = "cancelling"          # the invoice is being cancelled
    PAID = "paid"                      # fully paid; the receipt step follows
    ISSUING_RECEIPT = "issuing"        # the ebarimt is being created
    COMPLETED = "completed"            # receipt issued: lottery number shown
    CANCELLED = "cancelled"
    EXPIRED = "expired"


_NEXT: dict[Stage, frozenset[Stage]] = {
    Stage.CART: frozenset({Stage.CHARGING}),
    Stage.CHARGING: frozenset({Stage.CART, Stage.AWAITING_PAYMENT}),
    Stage.AWAITING_PAYMENT: frozenset({Stage.CANCELLING, Stage.PAID, Stage.CANCELLED, Stage.EXPIRED}),
    # A cancel refused because the customer paid meanwhile lands in PAID.
    Stage.CANCELLING: frozenset({Stage.AWAITING_PAYMENT, Stage.CANCELLED, Stage.PAID}),
    Stage.PAID: frozenset({Stage.ISSUING_RECEIPT}),
    Stage.ISSUING_RECEIPT: frozenset({Stage.PAID, Stage.COMPLETED}),
    # Issued again for the right receiver (the service had recorded another one).
    Stage.COMPLETED: frozenset({Stage.ISSUING_RECEIPT}),
    Stage.CANCELLED: frozenset(),
    Stage.EXPIRED: frozenset(),
}

FINAL_STAGES = frozenset({Stage.COMPLETED, Stage.CANCELLED, Stage.EXPIRED})


class SaleStateError(RuntimeError):
    """A step asked of a sale in a stage that does not allow it (a bug, not bad input)."""


@dataclass(frozen=True)
class BankApp:
    """A bank's app in the invoice's deep-link list."""

    name: str
    description: str = ""
    logo_url: str = ""
    link: str = ""


@dataclass(frozen=True)
class OpenInvoice:
    invoice_id: str
    qr_text: str = ""
    qr_image: bytes = b""              # PNG, when the service sent one
    short_url: str = ""
    banks: tuple[BankApp, ...] = ()
    recovered: bool = False            # found again after its answer was lost


@dataclass(frozen=True)
class PaymentSeen:
    payment_id: str
    amount: Decimal
    bank: str = ""
    kind: str = ""                     # "CARD" or "P2P" (bank transfer); "" when the service did not say

    @property
    def is_card(self) -> bool:
        return self.kind.upper() == "CARD"


class ReceiverKind(Enum):
    INDIVIDUAL = "83"
    ORGANIZATION = "84"


@dataclass(frozen=True)
class Receiver:
    kind: ReceiverKind = ReceiverKind.INDIVIDUAL
    register: str = ""

    @classmethod
    def organization(cls, register: str) -> Receiver:
        return cls(ReceiverKind.ORGANIZATION, check_organization_register(register))


INDIVIDUAL = Receiver()


@dataclass(frozen=True)
class IssuedReceipt:
    """One ebarimt as the service made it: one per payment (the contract keeps one active receipt a
    payment), so a sale paid in parts has several. `receiver` is the one the service recorded, which
    after a lost answer may differ from the one the cashier chose last."""

    receipt_id: str
    lottery: str
    qr_data: str
    amount: Decimal
    vat: Decimal
    city_tax: Decimal
    receiver: Receiver = INDIVIDUAL
    payment_id: str = ""


@dataclass
class Sale:
    number: str                        # sender_invoice_no
    lines: tuple[CartLine, ...]
    total: Decimal
    taxes: TaxSplit
    stage: Stage = Stage.CART
    invoice: OpenInvoice | None = None
    payments: tuple[PaymentSeen, ...] = field(default=())
    receipts: tuple[IssuedReceipt, ...] = field(default=())

    @property
    def receipt(self) -> IssuedReceipt | None:
        """The first of the sale's receipts (a sale paid in one payment has just that one)."""
        return self.receipts[0] if self.receipts else None

    @property
    def overpaid(self) -> Decimal:
        """What the customer paid beyond the total (money received all the same)."""
        return max(Decimal(0), self.paid_amount - self.total)

    def __post_init__(self) -> None:
        if not self.lines or self.total <= 0:
            raise SaleStateError("a sale needs at least one line and a total above 0")

    def move_to(self, stage: Stage) -> None:
        if stage not in _NEXT[self.stage]:
            raise SaleStateError(f"a sale cannot go from {self.stage.value} to {stage.value}")
        self.stage = stage

    @property
    def is_final(self) -> bool:
        return self.stage in FINAL_STAGES

    @property
    def paid_amount(self) -> Decimal:
        return sum((payment.amount for payment in self.payments), Decimal(0))

    @property
    def bank(self) -> str:
        return ", ".join(dict.fromkeys(p.bank for p in self.payments if p.bank))

    def charged(self, invoice: OpenInvoice) -> None:
        self.move_to(Stage.AWAITING_PAYMENT)
        self.invoice = invoice

    def paid(self, payments: tuple[PaymentSeen, ...]) -> None:
        if sum((p.amount for p in payments), Decimal(0)) < self.total:
            raise SaleStateError("the payments do not cover the sale")
        self.move_to(Stage.PAID)
        self.payments = payments

    def receipt_issued(self, receipts: tuple[IssuedReceipt, ...]) -> None:
        if not receipts:
            raise SaleStateError("a completed sale needs its receipts")
        if self.stage is not Stage.COMPLETED:
            self.move_to(Stage.COMPLETED)
        self.receipts = tuple(receipts)
