"""Request bodies: the simple, full and ebarimt invoice shapes and the ebarimt request.

Each is a pydantic model that validates on construction, so a bad invoice is
refused at the till, before anything is sent. Unknown keyword arguments are
refused too (``extra="forbid"``): a misspelt field on a money request must
fail loudly, not vanish. `to_payload()` gives the JSON body.
"""

from __future__ import annotations

import re
import warnings
from decimal import Decimal
from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, StringConstraints, field_validator, model_validator

from .fields import MAX_WIRE_AMOUNT, WireNumber, WireString
from .statuses import ReceiverType, normalize_receiver_type

__all__ = [
    "Address",
    "BankAccount",
    "EbarimtInvoice",
    "EbarimtRequest",
    "FullInvoice",
    "InvoiceLine",
    "InvoiceTransaction",
    "LineAdjustment",
    "PartyData",
    "SenderBranchData",
    "SimpleInvoice",
    "StaffData",
]

# Limits from the live service (real-service-notes); the contract shows none.
SENDER_INVOICE_NO_MAX = 45
TEXT_MAX = 255

_CENT = Decimal("0.01")
_ORG_REGISTER = re.compile(r"^[0-9]{7}$")
_CITIZEN_REGISTER = re.compile(r"^[А-ЯЁӨҮ]{2}[0-9]{8}$")
_PHONE = re.compile(r"^[0-9]{8}$")

Text = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=TEXT_MAX)]
Code = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=TEXT_MAX)]
SenderInvoiceNo = Annotated[
    str, StringConstraints(strip_whitespace=True, min_length=1, max_length=SENDER_INVOICE_NO_MAX)
]


def _check_money(value: Decimal, *, name: str, allow_zero: bool = False) -> Decimal:
    if value < 0 or (value == 0 and not allow_zero):
        raise ValueError(f"{name} must be greater than 0" if not allow_zero else f"{name} cannot be negative")
    if value > MAX_WIRE_AMOUNT:
        raise ValueError(f"{name} is too large")
    if value != value.quantize(_CENT):
        raise ValueError(f"{name} has more than 2 decimals")
    return value


def _enable_expiry(value: Any) -> Any:
    # The contract wants the *string* "true"/"false"; accept a bool from callers.
    if isinstance(value, bool):
        return "true" if value else "false"
    return value


class _Request(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True, frozen=True, defer_build=True)

    def to_payload(self) -> dict[str, Any]:
        """The JSON body, wire names, unset fields left out."""
        return self.model_dump(mode="json", by_alias=True, exclude_none=True)


class Address(_Request):
    city: str | None = None
    district: str | None = None
    street: str | None = None
    building: str | None = None
    apartment: str | None = None
    zipcode: str | None = None


with warnings.catch_warnings():
    # `register` is the contract's name; it only shadows ABCMeta.register on
    # the class, never the value on an instance.
    warnings.filterwarnings("ignore", message='Field name "register"', category=UserWarning)

    class PartyData(_Request):
        """`invoice_receiver_data` (and the base of `sender_branch_data`)."""

        register: str | None = None
        name: str | None = None
        email: str | None = None
        phone: str | None = None


class SenderBranchData(PartyData):
    address: Address | None = None


class StaffData(_Request):
    name: str | None = None
    email: str | None = None
    phone: str | None = None


class BankAccount(_Request):
    account_bank_code: str
    account_number: str
    account_name: str
    account_currency: str = "MNT"
    is_default: bool = False


class InvoiceTransaction(_Request):
    """Routing of (part of) the amount to bank accounts; amount is a string on the wire."""

    description: str
    amount: WireString
    accounts: list[BankAccount] = Field(default_factory=list)

    @field_validator("amount")
    @classmethod
    def _amount(cls, value: Decimal) -> Decimal:
        return _check_money(value, name="transaction amount")


class LineAdjustment(_Request):
    """An element of `discounts`, `surcharges` or `taxes` (amount is a number)."""

    description: str
    amount: WireNumber

    @field_validator("amount")
    @classmethod
    def _amount(cls, value: Decimal) -> Decimal:
        return _check_money(value, name="adjustment amount", allow_zero=True)


class InvoiceLine(_Request):
    """A line item; quantity and unit price are strings on the wire."""

    tax_product_code: str | None = None
    line_description: Text
    line_quantity: WireString
    line_unit_price: WireString
    note: str | None = None
    discounts: list[LineAdjustment] | None = None
    surcharges: list[LineAdjustment] | None = None
    taxes: list[LineAdjustment] | None = None
    classification_code: str | None = None

    @field_validator("line_quantity")
    @classmethod
    def _quantity(cls, value: Decimal) -> Decimal:
        if value <= 0:
            raise ValueError("line_quantity must be greater than 0")
        return value

    @field_validator("line_unit_price")
    @classmethod
    def _price(cls, value: Decimal) -> Decimal:
        return _check_money(value, name="line_unit_price", allow_zero=True)

    @model_validator(mode="after")
    def _total_in_range(self) -> InvoiceLine:
        # Each factor may be in range while the product is not (quantize would raise InvalidOperation).
        if self.line_quantity * self.line_unit_price >= MAX_WIRE_AMOUNT:
            raise ValueError("line_quantity times line_unit_price is too large")
        return self

    @property
    def total(self) -> Decimal:
        """Quantity times unit price, before discounts and surcharges."""
        return (self.line_quantity * self.line_unit_price).quantize(_CENT)


class _InvoiceBase(_Request):
    invoice_code: Code
    sender_invoice_no: SenderInvoiceNo
    invoice_receiver_code: Code  # "terminal" or a customer e-mail
    invoice_description: Text
    callback_url: Text

    @field_validator("callback_url")
    @classmethod
    def _callback_url(cls, value: str) -> str:
        if not value.lower().startswith(("https://", "http://")):
            raise ValueError("callback_url must be an http(s) URL")
        return value


class SimpleInvoice(_InvoiceBase):
    """The simple shape: six required fields."""

    amount: WireNumber

    @field_validator("amount")
    @classmethod
    def _amount(cls, value: Decimal) -> Decimal:
        return _check_money(value, name="amount")

    @property
    def expected_amount(self) -> Decimal | None:
        return self.amount


class FullInvoice(SimpleInvoice):
    """The simple shape plus the optional fields of a full invoice."""

    sender_branch_code: str | None = None
    sender_branch_data: SenderBranchData | None = None
    sender_staff_data: StaffData | None = None
    invoice_receiver_data: PartyData | None = None
    enable_expiry: Annotated[Literal["true", "false"] | None, BeforeValidator(_enable_expiry)] = None
    allow_partial: bool | None = None
    minimum_amount: WireNumber | None = None
    allow_exceed: bool | None = None
    maximum_amount: WireNumber | None = None
    note: str | None = None
    transactions: list[InvoiceTransaction] | None = None
    lines: list[InvoiceLine] | None = None

    @model_validator(mode="after")
    def _limits(self) -> FullInvoice:
        if self.minimum_amount is not None:
            _check_money(self.minimum_amount, name="minimum_amount")
            if self.minimum_amount > self.amount:
                raise ValueError("minimum_amount cannot exceed amount")
        if self.maximum_amount is not None:
            _check_money(self.maximum_amount, name="maximum_amount")
            if self.maximum_amount < self.amount:
                raise ValueError("maximum_amount cannot be below amount")
        return self


class EbarimtInvoice(_InvoiceBase):
    """The ebarimt shape: no `amount`; the lines (at least one, each with a
    tax product code) make the total."""

    tax_type: Code
    district_code: Code
    lines: list[InvoiceLine] = Field(min_length=1)

    @field_validator("lines")
    @classmethod
    def _tax_codes(cls, lines: list[InvoiceLine]) -> list[InvoiceLine]:
        for number, line in enumerate(lines, 1):
            if not (line.tax_product_code or "").strip():
                raise ValueError(f"line {number} needs a tax_product_code for an ebarimt invoice")
        return lines

    @property
    def expected_amount(self) -> Decimal | None:
        """Sum of the lines; the service may add or take adjustments, so only a hint."""
        return sum((line.total for line in self.lines), Decimal(0))


class EbarimtRequest(_Request):
    """Body of Create Ebarimt. Receiver type is sent as the contract's ``83``/``84``
    (``CITIZEN``/``COMPANY`` and ints are accepted and converted). Type ``84``
    (organisation) needs its 7-digit register number."""

    payment_id: Code
    ebarimt_receiver_type: Annotated[Literal["83", "84"], BeforeValidator(normalize_receiver_type)]
    ebarimt_receiver: str | None = None
    district_code: str | None = None
    classification_code: str | None = None

    @model_validator(mode="after")
    def _receiver(self) -> EbarimtRequest:
        receiver = (self.ebarimt_receiver or "").strip()
        if self.ebarimt_receiver_type == ReceiverType.ORGANIZATION:
            if not _ORG_REGISTER.match(receiver):
                raise ValueError("an organisation receiver (84) needs its 7-digit register number")
        elif receiver and not (_PHONE.match(receiver) or _CITIZEN_REGISTER.match(receiver)):
            raise ValueError(
                "an individual receiver (83) is empty, a phone number or a register number like УУ12345678"
            )
        return self
