"""Building a receipt's body from the sale's lines, with `Decimal` throughout.

Prices include every tax. Per line: amount = qty × unit price (or the line's own discounted total),
rounded half-up to the cent; then, inside that amount,
VAT = amount / (1 + vat + city) × vat and city tax = amount / (1 + vat + city) × city
(city only on goods flagged for it), each rounded half-up to the cent (`pos_app.domain.taxes`; the
spec's own example: 1000 + 100 VAT + 20 city tax = 1120). Sub-receipt and receipt totals are sums of the
rounded lines, so they always add up exactly. The spec states no rounding rule; half-up per line is the
till's rule and the printed receipt's.

Lines are grouped into one sub-receipt per tax type, as the spec requires. A receipt with `customer_tin`
is B2B (``B2B_RECEIPT``), otherwise B2C (``B2C_RECEIPT``, optionally with the buyer's ebarimt
`consumer_no`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from pos_app.domain.catalog import DEFAULT_UNIT, KILOGRAM, is_kilograms
from pos_app.domain.money import parse_amount
from pos_app.domain.taxes import TaxRates, TaxSplit, cents, split_taxes

from .receipt_request import (
    BarCodeType,
    ItemData,
    PaymentEntry,
    ReceiptItem,
    ReceiptRequest,
    ReceiptType,
    SubReceipt,
    TaxType,
)

__all__ = ["DEFAULT_RATES", "PosIdentity", "ReceiptLine", "build_receipt", "line_amount", "line_taxes",
           "receipt_unit"]

_NO_TAX = TaxSplit(Decimal("0.00"), Decimal("0.00"))
DEFAULT_RATES = TaxRates()  # VAT 10 %, city tax 2 % (pos_app.domain.taxes)


@dataclass(frozen=True)
class PosIdentity:
    """The till's registration with PosAPI: the shop's TIN, its branch and district, the till's number."""

    merchant_tin: str
    pos_no: str
    branch_no: str
    district_code: str
    bank_account_no: str | None = None


@dataclass(frozen=True)
class ReceiptLine:
    """One sale line. `unit_price` includes all taxes; `total`, when set, is the line's amount after a
    discount (taxes are computed inside it); `city_taxed` marks goods that carry city tax."""

    name: str
    qty: Decimal
    unit_price: Decimal
    city_taxed: bool = False
    tax_type: TaxType = TaxType.VAT_ABLE
    measure_unit: str = DEFAULT_UNIT   # what one of `qty` is; sent as `receipt_unit` gives it
    barcode: str | None = None
    barcode_type: BarCodeType | None = None   # GS1 when a barcode is given, else UNDEFINED
    classification_code: str | None = None
    tax_product_code: str | None = None
    total: Decimal | None = None
    lot_no: str | None = None
    stock_qr: tuple[str, ...] = ()


def receipt_unit(unit: str) -> str:
    """A line's `measureUnit`, which the spec requires on every item: the catalog's unit as the shop wrote it, a
    kilogram always as "кг" (a catalog may write "kg"), none as "ш" (a piece: the catalog's default)."""
    if is_kilograms(unit):
        return KILOGRAM
    return unit.strip() or DEFAULT_UNIT


def line_amount(line: ReceiptLine) -> Decimal:
    """The line's amount in cents: its `total`, or qty × unit price, rounded half-up."""
    if line.total is not None:
        return cents(parse_amount(line.total))
    return cents(parse_amount(line.qty) * parse_amount(line.unit_price))


def line_taxes(line: ReceiptLine, rates: TaxRates = DEFAULT_RATES) -> TaxSplit:
    """VAT and city tax inside the line's amount. Goods outside VAT (`VAT_FREE`, `VAT_ZERO`, `NO_VAT`)
    carry none; city tax is taken out of their price alone."""
    amount = line_amount(line)
    if line.tax_type is TaxType.VAT_ABLE:
        return split_taxes(amount, line.city_taxed, rates)
    if not line.city_taxed:
        return _NO_TAX
    return split_taxes(amount, True, TaxRates(vat=Decimal(0), city=rates.city))


def _item(line: ReceiptLine, rates: TaxRates) -> ReceiptItem:
    taxes = line_taxes(line, rates)
    barcode_type = line.barcode_type or (BarCodeType.GS1 if line.barcode else BarCodeType.UNDEFINED)
    data = ItemData(lotNo=line.lot_no, stockQR=line.stock_qr or None) if line.lot_no or line.stock_qr else None
    return ReceiptItem(
        name=line.name, barCode=line.barcode, barCodeType=barcode_type,
        classificationCode=line.classification_code, taxProductCode=line.tax_product_code,
        measureUnit=receipt_unit(line.measure_unit), qty=parse_amount(line.qty),
        unitPrice=parse_amount(line.unit_price), totalVAT=taxes.vat, totalCityTax=taxes.city_tax,
        totalAmount=line_amount(line), data=data,
    )


def build_receipt(
    pos: PosIdentity,
    lines: Sequence[ReceiptLine],
    payments: Sequence[PaymentEntry],
    *,
    bill_id_suffix: str,
    customer_tin: str | None = None,
    consumer_no: str | None = None,
    rates: TaxRates = DEFAULT_RATES,
    inactive_id: str | None = None,
) -> ReceiptRequest:
    """The body of ``POST /rest/receipt`` for a sale.

    *bill_id_suffix* is the till's own number for the bill (the spec's `billIdSuffix`: it keeps the
    receipt id from repeating and must not repeat within the day). *payments* must add up to the total
    (cash given beyond it is change, not a payment). *inactive_id* is the id of a receipt this one
    corrects (a partial return). Raises `ValueError` (pydantic's `ValidationError`) for a body the
    service would refuse.
    """
    if not lines:
        raise ValueError("a receipt needs at least one line")
    by_type: dict[TaxType, list[ReceiptItem]] = {}
    for line in lines:
        by_type.setdefault(line.tax_type, []).append(_item(line, rates))
    subs = tuple(
        SubReceipt(
            totalAmount=sum((item.totalAmount for item in items), Decimal(0)),
            taxType=tax_type,
            merchantTin=pos.merchant_tin,
            totalVAT=sum((item.totalVAT for item in items), Decimal(0)),
            totalCityTax=sum((item.totalCityTax for item in items), Decimal(0)),
            bankAccountNo=pos.bank_account_no,
            items=tuple(items),
        )
        for tax_type, items in by_type.items()
    )
    return ReceiptRequest(
        branchNo=pos.branch_no,
        totalAmount=sum((sub.totalAmount for sub in subs), Decimal(0)),
        totalVAT=sum((sub.totalVAT for sub in subs), Decimal(0)),
        totalCityTax=sum((sub.totalCityTax for sub in subs), Decimal(0)),
        districtCode=pos.district_code,
        merchantTin=pos.merchant_tin,
        posNo=pos.pos_no,
        customerTin=customer_tin,
        consumerNo=consumer_no,
        type=ReceiptType.B2B_RECEIPT if customer_tin else ReceiptType.B2C_RECEIPT,
        inactiveId=inactive_id,
        billIdSuffix=bill_id_suffix,
        receipts=subs,
        payments=tuple(payments),
    )
