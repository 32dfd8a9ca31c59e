"""Response models: attributes carry the contract's field names.

Tolerant by design: unknown fields are kept (``extra="allow"``), every field
the service might leave out or send as ``null`` is optional, amounts accept
strings and numbers, numbers are accepted where strings are expected, and
statuses stay plain strings (normalised views are properties).
"""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal
from typing import Annotated, Any

from pydantic import AliasChoices, BeforeValidator, Field, model_validator

from .fields import Amount, OptionalAmount
from .model_base import Count, Flag, QPayModel, Seconds, fill_pairs, list_or_empty
from .redaction import redact
from .receipt_models import BarimtHistory, BarimtItem, Ebarimt, EbarimtCancelResult
from .statuses import normalize_invoice_status, normalize_payment_status

__all__ = [
    "BankLink",
    "BarimtHistory",
    "BarimtItem",
    "CardTransaction",
    "CheckResult",
    "CheckRow",
    "Ebarimt",
    "EbarimtCancelResult",
    "Invoice",
    "InvoiceCreated",
    "InvoiceLineInfo",
    "InvoiceList",
    "InvoiceSummary",
    "P2PTransaction",
    "Payment",
    "PaymentList",
    "PaymentSummary",
    "TokenPair",
]

class TokenPair(QPayModel):
    """Answer of the token and refresh endpoints. Tokens never appear in `repr`."""

    token_type: str | None = None
    access_token: str = Field(repr=False)
    expires_in: Seconds = None
    refresh_token: str | None = Field(default=None, repr=False)
    refresh_expires_in: Seconds = None
    scope: str | None = None
    not_before_policy: str | None = Field(default=None, alias="not-before-policy")
    session_state: str | None = Field(default=None, repr=False)

    def __repr_args__(self) -> Iterator[tuple[str | None, Any]]:
        # Only these: an unknown extra field (an id_token, say) must not leak.
        for name in ("token_type", "expires_in", "refresh_expires_in", "scope"):
            value = getattr(self, name)
            yield name, redact(value) if isinstance(value, str) else value


class BankLink(QPayModel):
    """An element of `urls`: a deep link into a banking app."""

    name: str | None = None
    description: str | None = None
    logo: str | None = None
    link: str | None = None


class _QrFields(QPayModel):
    qr_text: str | None = None
    qr_image: str | None = Field(default=None, repr=False)  # base64 PNG: too big to show
    qPay_shortUrl: str | None = Field(
        default=None,
        validation_alias=AliasChoices("qPay_shortUrl", "pay_shortUrl"),
        serialization_alias="qPay_shortUrl",
    )
    urls: Annotated[list[BankLink], BeforeValidator(list_or_empty)] = Field(default_factory=list)

    @property
    def short_url(self) -> str | None:
        return self.qPay_shortUrl

    @property
    def has_qr_image(self) -> bool:
        """False when `qr_image` is empty (seen live): render `qr_text` locally then."""
        return bool(self.qr_image)


class InvoiceCreated(_QrFields):
    """Answer of Create Invoice (also rebuilt from Get Invoice after a lost answer)."""

    invoice_id: str
    # Not a wire field: True when the client rebuilt this from a look-up
    # after the creation answer was lost (see `QPayClient.find_invoice`).
    recovered: bool = Field(default=False, exclude=True)


class InvoiceLineInfo(QPayModel):
    tax_product_code: str | None = None
    line_description: str | None = None
    line_quantity: OptionalAmount = None
    line_unit_price: OptionalAmount = None
    note: str | None = None
    discounts: Any = None
    surcharges: Any = None
    taxes: Any = None
    classification_code: str | None = None


class Invoice(_QrFields):
    """Answer of Get Invoice (the live shape plus the QR fields)."""

    invoice_id: str
    invoice_status: str | None = None
    sender_invoice_no: str | None = None
    sender_branch_code: str | None = None
    sender_branch_data: Any = None
    sender_staff_code: str | None = None
    sender_staff_data: Any = None
    sender_terminal_code: str | None = None
    sender_terminal_data: Any = None
    invoice_description: str | None = None
    invoice_due_date: str | None = None
    enable_expiry: Flag = None
    expiry_date: str | None = None
    allow_partial: Flag = None
    minimum_amount: OptionalAmount = None
    allow_exceed: Flag = None
    maximum_amount: OptionalAmount = None
    total_amount: OptionalAmount = None
    gross_amount: OptionalAmount = None
    tax_amount: OptionalAmount = None
    surcharge_amount: OptionalAmount = None
    discount_amount: OptionalAmount = None
    callback_url: str | None = None
    note: str | None = None
    lines: Annotated[list[InvoiceLineInfo], BeforeValidator(list_or_empty)] = Field(default_factory=list)
    transactions: Any = None
    inputs: Any = None

    @property
    def status(self) -> str:
        """`invoice_status` normalised (``PAID`` -> ``CLOSED``, ``CANCELED`` -> ``CANCELLED``)."""
        return normalize_invoice_status(self.invoice_status)


class InvoiceSummary(QPayModel):
    invoice_id: str
    invoice_code: str | None = None
    sender_invoice_no: str | None = None
    invoice_description: str | None = None
    amount: OptionalAmount = None
    invoice_status: str | None = None
    created_date: str | None = None

    @property
    def status(self) -> str:
        return normalize_invoice_status(self.invoice_status)


class InvoiceList(QPayModel):
    count: Count = 0
    rows: Annotated[list[InvoiceSummary], BeforeValidator(list_or_empty)] = Field(default_factory=list)


class P2PTransaction(QPayModel):
    """A bank transfer. In check rows `amount` is net of the fee (``"99.00"`` of a ``"100.00"`` payment):
    the payment's own `payment_amount` is what the payer paid."""

    id: str | None = None  # carried by some check rows (QPay's document)
    transaction_bank_code: str | None = None
    account_bank_code: str | None = None
    account_bank_name: str | None = None
    account_number: str | None = None
    status: str | None = None
    amount: OptionalAmount = None
    currency: str | None = None
    settlement_status: str | None = None


class CardTransaction(QPayModel):
    """Left open by the contract. Seen in check rows: `card_type`, `is_cross_border`, `amount`, `currency`,
    `date`, `status`, `settlement_*`; in Get Payment (QPay's document): `card_merchant_code`,
    `card_terminal_code`, `card_number` (masked), `transaction_amount`, `transaction_currency`,
    `transaction_date`, `transaction_status`. The pairs (`amount`/`transaction_amount`...) are filled from
    each other, so either name reads the value."""

    card_type: str | None = None
    is_cross_border: Flag = None
    amount: OptionalAmount = None
    currency: str | None = None
    date: str | None = None
    status: str | None = None
    settlement_status: str | None = None
    settlement_status_date: str | None = None
    card_merchant_code: str | None = None
    card_terminal_code: str | None = None
    card_number: str | None = None  # masked by the service ("4111****1111")
    transaction_amount: OptionalAmount = None
    transaction_currency: str | None = None
    transaction_date: str | None = None
    transaction_status: str | None = None

    @model_validator(mode="after")
    def _same_fields_other_names(self) -> CardTransaction:
        fill_pairs(self, (("amount", "transaction_amount"), ("currency", "transaction_currency"),
                           ("date", "transaction_date"), ("status", "transaction_status")))
        return self


class CheckRow(QPayModel):
    """A payment row of a check response (payment or invoice variant)."""

    payment_id: str | None = None
    payment_status: str | None = None
    payment_amount: OptionalAmount = None
    trx_fee: OptionalAmount = None
    payment_currency: str | None = None
    payment_wallet: str | None = None  # here the bank app's name ("Хаан банк апп"); an id in Get Payment
    payment_type: str | None = None
    next_payment_date: str | None = None
    next_payment_datetime: str | None = None
    card_transactions: Annotated[list[CardTransaction], BeforeValidator(list_or_empty)] = Field(default_factory=list)
    p2p_transactions: Annotated[list[P2PTransaction], BeforeValidator(list_or_empty)] = Field(default_factory=list)

    @property
    def status(self) -> str:
        return normalize_payment_status(self.payment_status)


class CheckResult(QPayModel):
    """Answer of Check Payment / Check Invoice. Do not read "paid" from
    `count` or `rows` alone: use `pos_app.qpay.paid.paid_state`."""

    count: Count = 0
    paid_amount: Annotated[Amount, BeforeValidator(lambda v: 0 if v in (None, "") else v)] = Decimal(0)
    rows: Annotated[list[CheckRow], BeforeValidator(list_or_empty)] = Field(default_factory=list)


class Payment(QPayModel):
    """Answer of Get Payment."""

    payment_id: str
    payment_status: str | None = None
    payment_fee: OptionalAmount = None
    payment_amount: OptionalAmount = None
    payment_currency: str | None = None
    payment_date: str | None = None
    payment_wallet: str | None = None
    transaction_type: str | None = None
    object_type: str | None = None
    object_id: str | None = None
    card_transactions: Annotated[list[CardTransaction], BeforeValidator(list_or_empty)] = Field(default_factory=list)
    p2p_transactions: Annotated[list[P2PTransaction], BeforeValidator(list_or_empty)] = Field(default_factory=list)

    @property
    def status(self) -> str:
        return normalize_payment_status(self.payment_status)


class PaymentSummary(QPayModel):
    payment_id: str
    payment_date: str | None = None
    payment_status: str | None = None
    payment_fee: OptionalAmount = None
    payment_amount: OptionalAmount = None
    payment_currency: str | None = None
    payment_wallet: str | None = None
    payment_name: str | None = None
    payment_description: str | None = None
    object_type: str | None = None
    object_id: str | None = None

    @property
    def status(self) -> str:
        return normalize_payment_status(self.payment_status)


class PaymentList(QPayModel):
    count: Count = 0
    rows: Annotated[list[PaymentSummary], BeforeValidator(list_or_empty)] = Field(default_factory=list)
