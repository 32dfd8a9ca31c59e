"""How a sale's parts are written in the journal's rows and step details, and read back: money as exact decimal
text (floats refused), times as fixed-width ISO text (text order is time order), lines, payments, bank apps and
discounts as JSON records."""

from __future__ import annotations

import json
from datetime import datetime
from decimal import Decimal
from typing import Any

from pos_app.domain.cart import CartLine
from pos_app.domain.catalog import DEFAULT_UNIT
from pos_app.domain.discounts import Discount
from pos_app.domain.sale import BankApp, PaymentSeen

from .errors import JournalError

__all__ = ["bank_record", "discount_json", "dumps", "line_from", "line_record", "money_text", "payment_from",
           "payment_record", "sale_lines", "time_text"]


def dumps(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def time_text(moment: datetime) -> str:
    # Fixed width (microseconds always present), so text order is time order.
    return moment.isoformat(timespec="microseconds")


def money_text(value: object, what: str) -> str:
    """The exact decimal text of an amount; floats are refused (they are not exact)."""
    if not isinstance(value, Decimal) or not value.is_finite():
        raise JournalError(f"The {what} must be a finite Decimal, not {value!r}.")
    return str(value)


def line_record(line: CartLine) -> dict[str, object]:
    record: dict[str, object] = {
        "description": line.description, "quantity": money_text(line.quantity, "quantity"),
        "unit_price": money_text(line.unit_price, "unit price"), "barcode": line.barcode,
        "tax_product_code": line.tax_product_code, "classification_code": line.classification_code,
        "city_tax": line.city_tax}
    # Written only when there is one, so a line without them reads as before.
    if line.line_discount is not None:
        record["discount"] = line.line_discount.record()
    if line.sale_share:
        record["sale_share"] = money_text(line.sale_share, "share of the sale discount")
    if line.weighed:
        record["weighed"] = True
    if line.unit != DEFAULT_UNIT:
        record["unit"] = line.unit
    return record


def line_from(record: dict[str, Any]) -> CartLine:
    return CartLine(record["description"], Decimal(record["quantity"]), Decimal(record["unit_price"]),
                    record.get("barcode"), record.get("tax_product_code", ""), record.get("classification_code", ""),
                    bool(record.get("city_tax", False)), Discount.from_record(record.get("discount")),
                    Decimal(record.get("sale_share", "0.00")), bool(record.get("weighed", False)),
                    str(record.get("unit") or DEFAULT_UNIT))


def payment_record(payment: PaymentSeen) -> dict[str, object]:
    return {"payment_id": payment.payment_id, "amount": money_text(payment.amount, "payment amount"),
            "bank": payment.bank, "type": payment.kind}


def bank_record(bank: BankApp) -> dict[str, object]:
    return {"name": bank.name, "description": bank.description, "logo_url": bank.logo_url, "link": bank.link}


def discount_json(discount: Discount | None) -> str | None:
    return dumps(discount.record()) if discount is not None else None


def sale_lines(lines_json: str) -> tuple[CartLine, ...]:
    return tuple(line_from(record) for record in json.loads(lines_json))


def payment_from(record: dict[str, Any]) -> PaymentSeen:
    return PaymentSeen(record["payment_id"], Decimal(record["amount"]), record.get("bank", ""), record.get("type", ""))
