"""Response models of PosAPI 3.0 and the public look-ups: attributes carry the spec's field names.

Tolerant by design: unknown fields are kept (``extra="allow"``), every field may be missing or ``null``,
money is `Decimal` (strings and numbers both read), ids sent as numbers are read as strings, and flags the
spec types as strings but describes as true/false (`easy`, `vatPayer`) read as booleans.
Where the spec contradicts itself both forms are read: `qrData` (described) and `qrDate` (schema).
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from decimal import Decimal
from typing import Annotated, Any

from pydantic import AliasChoices, BaseModel, BeforeValidator, ConfigDict, Field, TypeAdapter

from pos_app.domain.money import parse_amount

__all__ = [
    "CLASSIFICATION_ROWS", "AppInfo", "BankAccount", "Branch", "BranchInfo", "CustomerInfo", "MerchantInfo",
    "OperatorAnswer",
    "OrgData", "OrgInfo", "PosApiModel", "PosInfo", "ProductTaxCode", "ProductTaxCodes", "ReceiptIssued",
    "StockQrInfo", "SubReceiptIssued", "TinInfo", "parse_service_time",
]

SUCCESS = "SUCCESS"
_TIME_FORMATS = ("%Y-%m-%d %H:%M:%S", "%Y-%m-%dT%H:%M:%S", "%Y-%m-%d %H:%M:%S.%f", "%Y-%m-%dT%H:%M:%S.%f",
                 "%Y-%m-%d")


def _flag(value: Any) -> Any:
    if isinstance(value, str):
        text = value.strip().lower()
        if text in ("true", "1", "yes", "t"):
            return True
        if text in ("false", "0", "no", "f", ""):
            return False
        return None
    return value


def _whole(value: Any) -> Any:
    if isinstance(value, Decimal) and value.is_finite() and value == value.to_integral_value():
        return int(value)
    if isinstance(value, str) and value.strip().lstrip("-").isdigit():
        return int(value.strip())
    return value


def _money(value: Any) -> Decimal | None:
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    return parse_amount(value)


def _one_or_many(value: Any) -> Any:
    if value is None:
        return []
    return [value] if isinstance(value, dict) else value


Flag = Annotated[bool | None, BeforeValidator(_flag)]
Whole = Annotated[int | None, BeforeValidator(_whole)]
Money = Annotated[Decimal | None, BeforeValidator(_money)]


def parse_service_time(text: str | None) -> datetime | None:
    """A service time (``yyyy-MM-dd HH:mm:ss``, ISO, or a bare date) as a naive datetime in the service's
    local time; ``None`` when absent or unreadable."""
    if not text or not isinstance(text, str):
        return None
    for pattern in _TIME_FORMATS:
        try:
            return datetime.strptime(text.strip(), pattern)
        except ValueError:
            continue
    return None


class PosApiModel(BaseModel):
    model_config = ConfigDict(extra="allow", populate_by_name=True, coerce_numbers_to_str=True, defer_build=True)


class SubReceiptIssued(PosApiModel):
    id: str | None = None
    bankAccountId: Whole = None


class ReceiptIssued(PosApiModel):
    """Answer of ``POST /rest/receipt``. `lottery` and `qr_data` may only be printed (the spec forbids
    keeping them in any other form), so they never show in `repr`."""

    id: str | None = None
    posId: Whole = None
    status: str | None = None
    message: str | None = None
    qr_data: str | None = Field(default=None, repr=False, validation_alias=AliasChoices("qrData", "qrDate"),
                                serialization_alias="qrData")
    lottery: str | None = Field(default=None, repr=False)
    date: str | None = None
    easy: Flag = None
    receipts: Annotated[list[SubReceiptIssued], BeforeValidator(_one_or_many)] = Field(default_factory=list)

    @property
    def succeeded(self) -> bool:
        return (self.status or "").strip().upper() == SUCCESS

    @property
    def printed_at(self) -> datetime | None:
        return parse_service_time(self.date)

    def __repr_args__(self) -> Iterator[tuple[str | None, Any]]:
        # Only the declared, harmless fields: an unknown extra field may hold a copy of the lottery.
        for name in ("id", "posId", "status", "message", "date", "easy"):
            yield name, getattr(self, name)


class AppInfo(PosApiModel):
    applicationDir: str | None = None
    currentDir: str | None = None
    database: str | None = None
    database_host: str | None = Field(default=None, alias="database-host")
    workDir: str | None = None


class CustomerInfo(PosApiModel):
    name: str | None = None
    tin: str | None = None
    vatPayer: Flag = None


class MerchantInfo(PosApiModel):
    name: str | None = None
    tin: str | None = None
    customers: Annotated[list[CustomerInfo], BeforeValidator(_one_or_many)] = Field(default_factory=list)


class PosInfo(PosApiModel):
    """Answer of ``GET /rest/info``."""

    operatorName: str | None = None
    operatorTIN: str | None = None
    posId: Whole = None
    posNo: str | None = None
    lastSentDate: str | None = None
    leftLotteries: Whole = None
    appInfo: AppInfo | None = None
    merchants: Annotated[list[MerchantInfo], BeforeValidator(_one_or_many)] = Field(default_factory=list)

    @property
    def last_sent_at(self) -> datetime | None:
        return parse_service_time(self.lastSentDate)


class BankAccount(PosApiModel):
    """An element of ``GET /rest/bankAccounts``."""

    id: Whole = None
    tin: str | None = None
    bankAccountNo: str | None = None
    bankAccountName: str | None = None
    bankId: Whole = None
    iBan: str | None = None
    bankName: str | None = None


class _Envelope(PosApiModel):
    """The look-ups' envelope: `status` repeats an HTTP-like code, `msg` says it in words."""

    status: Whole = None
    msg: str | None = None


class TinInfo(_Envelope):
    """``GET /api/info/check/getTinInfo?regNo=``: `data` is the TIN (a number in the example)."""

    data: str | None = None


class OrgData(PosApiModel):
    name: str | None = None
    freeProject: Flag = None
    cityPayer: Flag = None
    vatPayer: Flag = None
    found: Flag = None
    vatpayerRegisteredDate: str | None = None
    isGovernment: Flag = None


class OrgInfo(_Envelope):
    """``GET /api/info/check/getInfo?tin=``."""

    data: OrgData | None = None


class Branch(PosApiModel):
    branchCode: str | None = None
    branchName: str | None = None
    subBranchCode: str | None = None
    subBranchName: str | None = None

    @property
    def district_code(self) -> str | None:
        """The receipt's `districtCode`: branch code then sub-branch code (``01`` + ``02`` = ``0102``)."""
        if self.branchCode and self.subBranchCode:
            return f"{self.branchCode}{self.subBranchCode}"
        return None


class BranchInfo(_Envelope):
    """``GET /api/info/check/getBranchInfo``: an array in the schema, one object in the example; both read."""

    data: Annotated[list[Branch], BeforeValidator(_one_or_many)] = Field(default_factory=list)


class ProductTaxCode(PosApiModel):
    startDate: str | None = None
    endDate: str | None = None
    taxProductCode: str | None = None
    taxProductName: str | None = None
    taxTypeCode: Whole = None
    taxTypeName: str | None = None


class ProductTaxCodes(_Envelope):
    """``GET /api/receipt/receipt/getProductTaxCode``."""

    data: Annotated[list[ProductTaxCode], BeforeValidator(_one_or_many)] = Field(default_factory=list)


class StockQrInfo(PosApiModel):
    """``GET /api/inventory/stock/getStockQr`` (needs an ITC token; the client does not call it yet)."""

    barcode: str | None = None
    barcodeName: str | None = None
    cpcd: str | None = None
    productTypeCode: str | None = None
    productTypeName: str | None = None
    productCategory: str | None = None
    productPercent: Money = None
    productSize: Money = None
    unitCode: str | None = None


class OperatorAnswer(_Envelope):
    """``POST /api/tpi/receipt/saveOprMerchants`` (operator side; not called by the till)."""

    code: str | None = None
    data: Any = None


# ``GET /api/info/check/barcode/v2/...`` (the classification tree and its barcodes): rows of strings,
# ``[code, name]`` or ``[barcode, name, date]``. The client does not call it yet (the spec's path lists its
# parameters in an order its description does not use).
CLASSIFICATION_ROWS: TypeAdapter[list[list[str]]] = TypeAdapter(list[list[str]])
