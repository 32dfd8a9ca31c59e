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
from .discounts import Discount
from .taxes import TaxSplit
from .tenders import CashTender, Tender, Tendering
from .validators import check_organization_register


class Stage(Enum):
    CART = "cart"                      # line items being entered
    TENDERING = "tendering"            # cash or the card terminal taken; something may still be due
    CHARGING = "charging"              # the invoice is being created
    AWAITING_PAYMENT = "awaiting"      # QR shown, checking for the payment
    CANCELLING = "cancelling"          # the invoice is being cancelled
    PAID = "paid"                      # fully paid; the receipt step follows
    ISSUING_RECEIPT = "issuing"        # the ebarimt is being created
    COMPLETED = "completed"            # receipt issued: lottery number shown
    CANCELLED = "cancelled"
    EXPIRED = "expired"


_NEXT: dict[Stage, frozenset[Stage]] = {
    Stage.CART: frozenset({Stage.CHARGING, Stage.TENDERING}),
    # Covered by its tenders (PAID), the rest by QPay (CHARGING), the tenders handed back (CANCELLED), or
    # nothing taken yet and the cashier back at the cart.
    Stage.TENDERING: frozenset({Stage.CHARGING, Stage.PAID, Stage.CANCELLED, Stage.CART}),
    # A sale with tenders goes back to them when its QPay part ends unpaid (refused, cancelled, expired).
    Stage.CHARGING: frozenset({Stage.CART, Stage.AWAITING_PAYMENT, Stage.TENDERING}),
    Stage.AWAITING_PAYMENT: frozenset({Stage.CANCELLING, Stage.PAID, Stage.CANCELLED, Stage.EXPIRED,
                                       Stage.TENDERING}),
    # A cancel refused because the customer paid meanwhile lands in PAID.
    Stage.CANCELLING: frozenset({Stage.AWAITING_PAYMENT, Stage.CANCELLED, Stage.PAID, Stage.TENDERING}),
    # Straight to COMPLETED only when no receipt can be issued (`ReceiptVia.NONE`).
    Stage.PAID: frozenset({Stage.ISSUING_RECEIPT, Stage.COMPLETED}),
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


class ReceiptVia(Enum):
    """How a sale gets its tax receipt, chosen when it begins."""

    QPAY = "qpay"        # QPay's ebarimt, one a payment: a QPay sale in a shop with no PosAPI
    POSAPI = "posapi"    # one receipt for the whole sale and all its tenders, through the shop's PosAPI
    NONE = "none"        # none can be issued: cash or the card terminal in a shop with no PosAPI (said plainly)


class ReceiverKind(Enum):
    INDIVIDUAL = "83"
    ORGANIZATION = "84"


@dataclass(frozen=True)
class Receiver:
    kind: ReceiverKind = ReceiverKind.INDIVIDUAL
    register: str = ""
    # The organization's name as the tax system's look-up gave it, for the cashier to read back and the slip to
    # print: not part of who the receiver is (the register is), so not compared.
    name: str = field(default="", compare=False)

    @classmethod
    def organization(cls, register: str, name: str = "") -> Receiver:
        return cls(ReceiverKind.ORGANIZATION, check_organization_register(register), name.strip())


INDIVIDUAL = Receiver()


@dataclass(frozen=True)
class IssuedReceipt:
    """One ebarimt as the service made it: one per payment (the contract keeps one active receipt a
    payment), so a sale paid in parts has several. `receiver` is the one the service recorded, which
    after a lost answer may differ from the one the cashier chose last."""

    receipt_id: str
    lottery: str = field(repr=False)     # printed only: never in a repr (PosAPI's are kept nowhere else)
    qr_data: str = field(repr=False)
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
    payments: tuple[PaymentSeen, ...] = field(default=())    # QPay's
    receipts: tuple[IssuedReceipt, ...] = field(default=())
    tenders: tuple[Tender, ...] = field(default=())          # cash and card terminal, taken before any QPay part
    receipt_via: ReceiptVia = ReceiptVia.QPAY
    sale_discount: Discount | None = None    # on the whole sale (each line carries its share)

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
    def tendered(self) -> Decimal:
        """What the cash and card-terminal tenders apply to the sale (cash: given less change)."""
        return sum((tender.amount for tender in self.tenders), Decimal(0))

    @property
    def change(self) -> Decimal:
        return sum((tender.change for tender in self.tenders), Decimal(0))

    @property
    def cash_rounding(self) -> Decimal:
        """What the cash paid beyond the total to be whole tögrög (below 0: short of it)."""
        return sum((tender.rounding for tender in self.tenders if isinstance(tender, CashTender)), Decimal(0))

    @property
    def qpay_amount(self) -> Decimal:
        """What a QPay invoice for this sale asks: the total less the tenders taken before it."""
        return self.total - self.tendered

    @property
    def due(self) -> Decimal:
        return max(Decimal(0), self.total - self.paid_amount)

    @property
    def paid_amount(self) -> Decimal:
        """Everything the customer paid: the tenders (as applied) and QPay's payments."""
        return self.tendered + sum((payment.amount for payment in self.payments), Decimal(0))

    @property
    def bank(self) -> str:
        return ", ".join(dict.fromkeys(p.bank for p in self.payments if p.bank))

    def charged(self, invoice: OpenInvoice) -> None:
        self.move_to(Stage.AWAITING_PAYMENT)
        self.invoice = invoice

    def paid(self, payments: tuple[PaymentSeen, ...]) -> None:
        if sum((p.amount for p in payments), Decimal(0)) < self.qpay_amount:
            raise SaleStateError("the payments do not cover the sale")
        self.move_to(Stage.PAID)
        self.payments = payments
        if self.receipt_via is ReceiptVia.NONE:
            self.move_to(Stage.COMPLETED)    # no receipt can be issued for it: done once paid (as the journal has it)

    def tender_taken(self, tender: Tender) -> None:
        """A cash or card-terminal tender counted (the journal has it): PAID once the tenders cover the total.
        `TenderError` when it does not fit (more than is due from a card, nothing due)."""
        if self.stage not in (Stage.CART, Stage.TENDERING) or self.payments:
            raise SaleStateError(f"a tender cannot be taken while the sale is {self.stage.value}")
        state = Tendering(self.total, self.tenders).add(tender)
        if self.stage is Stage.CART:
            self.move_to(Stage.TENDERING)
        self.tenders = state.tenders
        if state.is_covered:
            self.move_to(Stage.PAID)
            if self.receipt_via is ReceiptVia.NONE:
                self.move_to(Stage.COMPLETED)

    def completed_without_receipt(self) -> None:
        """Paid in a shop with no PosAPI by cash or the card terminal: done, with no receipt (said plainly)."""
        if self.receipt_via is not ReceiptVia.NONE:
            raise SaleStateError("this sale gets a receipt: it completes when the receipt is issued")
        self.move_to(Stage.COMPLETED)

    def receipt_issued(self, receipts: tuple[IssuedReceipt, ...]) -> None:
        if not receipts:
            raise SaleStateError("a completed sale needs its receipts")
        if self.stage is Stage.ISSUING_RECEIPT:
            self.move_to(Stage.COMPLETED)
        elif self.stage is not Stage.COMPLETED:
            raise SaleStateError(f"a receipt cannot be recorded while the sale is {self.stage.value}")
        self.receipts = tuple(receipts)
