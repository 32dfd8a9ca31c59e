"""The body of ``POST /rest/receipt`` (and ``DELETE``): pydantic models that validate on construction.

Field names are the wire's. Unknown keyword arguments are refused (``extra="forbid"``): a misspelt field
on a receipt must fail at the till, not vanish. Money is `Decimal` with at most two decimals and goes out
as an exact JSON number. A `ReceiptRequest` refuses totals that do not add up (header = sum of
sub-receipts = sum of items; payments = total), so a hand-made body is as safe as a built one.

Choices where the spec contradicts itself (docs/decisions.md, section 11): every field its examples send
as ``null`` is sent, ``null`` when unset (`customerTin`, `consumerNo`, `inactiveId`, `reportMonth`,
`barCode`, `taxProductCode`, `payments[].data`); object-only fields (`data` of the header and
sub-receipts) are left out when unset; the tax type for goods outside VAT's reach is ``NO_VAT``.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Callable
from datetime import datetime
from decimal import Decimal
from typing import Annotated, Any, ClassVar

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, SerializerFunctionWrapHandler
from pydantic import field_validator, model_serializer, model_validator

from pos_app.domain.money import parse_amount

__all__ = [
    "BarCodeType", "CardData", "ItemData", "PaymentEntry", "ReceiptItem", "ReceiptRequest", "ReceiptType",
    "SubReceipt", "TaxType", "VoidRequest", "json_number", "jsonable",
]

CASH = "CASH"
PAYMENT_CARD = "PAYMENT_CARD"
PAID = "PAID"
MAX_AMOUNT = Decimal("999999999999.99")  # above ~10^13 a JSON float cannot carry cents exactly
_CENT = Decimal("0.01")
TIN = re.compile(r"^[0-9]{11,14}$")  # 11 digits for an organisation, 12-14 for a person (the spec says both)
_CONSUMER_NO = re.compile(r"^[0-9]{8}$")
_DISTRICT = re.compile(r"^[0-9]{4}$")
_BRANCH = re.compile(r"^[0-9]{1,3}$")
_BILL_ID_SUFFIX = re.compile(r"^[0-9]{1,6}$")
_CLASSIFICATION = re.compile(r"^[0-9]{7}$")


class ReceiptType(str, enum.Enum):
    B2C_RECEIPT = "B2C_RECEIPT"   # to a person
    B2B_RECEIPT = "B2B_RECEIPT"   # to an organisation (`customerTin`)
    B2C_INVOICE = "B2C_INVOICE"
    B2B_INVOICE = "B2B_INVOICE"


class TaxType(str, enum.Enum):
    VAT_ABLE = "VAT_ABLE"   # VAT 10 % inside the price
    VAT_FREE = "VAT_FREE"   # exempt (needs a taxProductCode)
    VAT_ZERO = "VAT_ZERO"   # zero-rated (needs a taxProductCode)
    NO_VAT = "NO_VAT"       # outside VAT (the spec also writes NOT_VAT)


class BarCodeType(str, enum.Enum):
    UNDEFINED = "UNDEFINED"
    GS1 = "GS1"
    ISBN = "ISBN"


def _money(places: int) -> Callable[[Any], Decimal]:
    quantum = Decimal(1).scaleb(-places)

    def check(value: Any) -> Decimal:
        amount = parse_amount(value)
        if amount < 0 or amount > MAX_AMOUNT:
            raise ValueError(f"an amount must be from 0 to {MAX_AMOUNT}")
        if amount != amount.quantize(quantum):
            raise ValueError(f"an amount has at most {places} decimals")
        return amount
    return check


def _blank_to_none(value: Any) -> Any:
    # The spec's examples send "" where they mean "none" (`consumerNo`, `customerTin`, `inactiveId`).
    return None if isinstance(value, str) and not value.strip() else value


Money = Annotated[Decimal, BeforeValidator(_money(2))]
OptionalId = Annotated[str | None, BeforeValidator(_blank_to_none)]
Quantity = Annotated[Decimal, BeforeValidator(_money(6))]
Text = Annotated[str, Field(min_length=1, max_length=255)]


def json_number(value: Decimal) -> int | float:
    """A `Decimal` as a JSON number whose text is exactly that value (refuses rather than round)."""
    if value == value.to_integral_value():
        return int(value)
    as_float = float(value)
    if Decimal(repr(as_float)) != value:
        raise ValueError(f"{value} cannot be sent as an exact JSON number")
    return as_float


def jsonable(value: Any) -> Any:
    """*value* with every `Decimal` turned into an exact JSON number, for `json.dumps`."""
    if isinstance(value, Decimal):
        return json_number(value)
    if isinstance(value, dict):
        return {key: jsonable(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [jsonable(item) for item in value]
    if isinstance(value, enum.Enum):
        return value.value
    return value


class _Request(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, use_enum_values=False, defer_build=True)
    _drop_if_none: ClassVar[tuple[str, ...]] = ()

    @model_serializer(mode="wrap")
    def _serialize(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        data: dict[str, Any] = handler(self)
        for key in self._drop_if_none:
            if data.get(key) is None:
                data.pop(key, None)
        return data

    def to_payload(self) -> dict[str, Any]:
        """The JSON body (plain dicts, lists, str, exact numbers)."""
        payload = jsonable(self.model_dump(mode="python"))
        assert isinstance(payload, dict)
        return payload


def _pattern(value: str | None, pattern: re.Pattern[str], what: str) -> str | None:
    if value is not None and not pattern.match(value):
        raise ValueError(f"{what} does not have the expected form: {value!r}")
    return value


class CardData(_Request):
    """`payments[].data` of a card payment (the terminal's answer)."""

    terminalID: Text
    rrn: Text
    maskedCardNumber: Text
    easy: bool = False   # the buyer asked for the receipt to be confirmed by their card ("easy registration")
    bankCode: str | None = None
    _drop_if_none = ("bankCode",)


class PaymentEntry(_Request):
    """One element of `payments`. Use `cash`, `card` or `non_cash`."""

    code: Text
    status: Text = PAID
    paidAmount: Money
    exchangeCode: str | None = None
    data: CardData | None = None
    _drop_if_none = ("exchangeCode",)

    @classmethod
    def cash(cls, amount: Decimal | str | int) -> PaymentEntry:
        return cls(code=CASH, paidAmount=amount)

    @classmethod
    def card(cls, amount: Decimal | str | int, card: CardData | None = None) -> PaymentEntry:
        """A bank-card payment through the shop's terminal (`card` carries the terminal's answer)."""
        return cls(code=PAYMENT_CARD, paidAmount=amount, data=card)

    @classmethod
    def non_cash(cls, amount: Decimal | str | int, exchange_code: str | None = None) -> PaymentEntry:
        """Any other non-cash payment (QPay, a transfer). The spec knows only CASH and PAYMENT_CARD, so it
        goes as PAYMENT_CARD without card data, naming the paying system in `exchangeCode`."""
        return cls(code=PAYMENT_CARD, paidAmount=amount, exchangeCode=exchange_code)


class ItemData(_Request):
    lotNo: str | None = None                 # a medicine's batch number (pharmacies)
    stockQR: tuple[str, ...] | None = None   # excise stamps' QR codes
    _drop_if_none = ("lotNo", "stockQR")


class ReceiptItem(_Request):
    name: Text
    barCode: str | None = None
    barCodeType: BarCodeType = BarCodeType.UNDEFINED
    classificationCode: str | None = None
    taxProductCode: str | None = None
    measureUnit: Text
    qty: Quantity
    unitPrice: Money   # all taxes included
    totalVAT: Money
    totalCityTax: Money
    totalAmount: Money
    data: ItemData | None = None

    @field_validator("classificationCode")
    @classmethod
    def _classification(cls, value: str | None) -> str | None:
        return _pattern(value, _CLASSIFICATION, "classificationCode (7 digits)")


class SubReceipt(_Request):
    """One sub-receipt: the items of one tax type (the spec wants one per tax type)."""

    totalAmount: Money
    taxType: TaxType
    merchantTin: str
    customerTin: OptionalId = None
    totalVAT: Money
    totalCityTax: Money
    bankAccountNo: str | None = None
    iBan: str | None = None
    invoiceId: str | None = None
    data: dict[str, Any] | None = None
    items: tuple[ReceiptItem, ...] = Field(min_length=1)
    _drop_if_none = ("customerTin", "bankAccountNo", "iBan", "invoiceId", "data")  # customerTin: examples only

    @model_validator(mode="after")
    def _adds_up(self) -> SubReceipt:
        _pattern(self.merchantTin, TIN, "merchantTin")
        for name in ("totalAmount", "totalVAT", "totalCityTax"):
            if getattr(self, name) != sum((getattr(item, name) for item in self.items), Decimal(0)):
                raise ValueError(f"the sub-receipt's {name} is not the sum of its items")
        if self.taxType in (TaxType.VAT_FREE, TaxType.VAT_ZERO) and not all(i.taxProductCode for i in self.items):
            raise ValueError(f"{self.taxType.value} items need a taxProductCode")
        if self.taxType is not TaxType.VAT_ABLE and any(item.totalVAT for item in self.items):
            raise ValueError(f"{self.taxType.value} items carry no VAT")
        return self


class ReceiptRequest(_Request):
    """The whole body of ``POST /rest/receipt``. Build it with `pos_app.posapi.builders.build_receipt`."""

    branchNo: str
    totalAmount: Money
    totalVAT: Money
    totalCityTax: Money
    districtCode: str
    merchantTin: str
    posNo: Text
    customerTin: OptionalId = None
    consumerNo: OptionalId = None
    type: ReceiptType
    inactiveId: OptionalId = None
    invoiceId: OptionalId = None
    reportMonth: OptionalId = None
    billIdSuffix: str
    data: dict[str, Any] | None = None
    receipts: tuple[SubReceipt, ...] = Field(min_length=1)
    payments: tuple[PaymentEntry, ...] = Field(min_length=1)
    _drop_if_none = ("invoiceId", "data")

    @model_validator(mode="after")
    def _consistent(self) -> ReceiptRequest:
        _pattern(self.merchantTin, TIN, "merchantTin")
        _pattern(self.customerTin, TIN, "customerTin")
        _pattern(self.consumerNo, _CONSUMER_NO, "consumerNo (8 digits)")
        _pattern(self.districtCode, _DISTRICT, "districtCode (4 digits)")
        _pattern(self.branchNo, _BRANCH, "branchNo (up to 3 digits)")
        _pattern(self.billIdSuffix, _BILL_ID_SUFFIX, "billIdSuffix (up to 6 digits)")
        b2b = self.type in (ReceiptType.B2B_RECEIPT, ReceiptType.B2B_INVOICE)
        if b2b and not self.customerTin:
            raise ValueError("a B2B receipt needs the buyer's customerTin")
        if not b2b and self.customerTin:
            raise ValueError("customerTin is for B2B receipts only")
        if b2b and self.consumerNo:
            raise ValueError("consumerNo is for B2C receipts only")
        for name in ("totalAmount", "totalVAT", "totalCityTax"):
            if getattr(self, name) != sum((getattr(sub, name) for sub in self.receipts), Decimal(0)):
                raise ValueError(f"{name} is not the sum of the sub-receipts")
        if sum((payment.paidAmount for payment in self.payments), Decimal(0)) != self.totalAmount:
            raise ValueError("the payments do not add up to totalAmount")
        return self


class VoidRequest(_Request):
    """The body of ``DELETE /rest/receipt``: the receipt's `id` and its print `date` (``yyyy-MM-dd HH:mm:ss``,
    as the DELETE description says; the answer's own `date` text is sent back as it came)."""

    id: Text
    date: Text

    @classmethod
    def of(cls, receipt_id: str, printed_at: datetime | str) -> VoidRequest:
        when = printed_at if isinstance(printed_at, str) else printed_at.strftime("%Y-%m-%d %H:%M:%S")
        return cls(id=receipt_id, date=when)
