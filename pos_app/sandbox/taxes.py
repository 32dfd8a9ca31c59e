"""Receipt arithmetic: line totals, VAT and city tax, all in Decimal.

VAT (10 %) and city tax (НХАТ, 2 % by default, 1 % with `--city-tax-rate 1`) are
included in the price, so for a line with both taxes VAT = gross / 1.12 * 0.10
(at 2 %). Each item is rounded to the tugrik cent half-up, and the receipt totals
are the sums of the items.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from typing import Any

CENT = Decimal("0.01")
VAT_RATE = Decimal("0.10")
CITY_TAX_RATE = Decimal("0.02")
# A line is city-taxed when its `taxes` list names the city tax.
CITY_TAX_NAMES = frozenset({"CITY_TAX", "НХАТ"})


def cents(value: Decimal) -> Decimal:
    return value.quantize(CENT, rounding=ROUND_HALF_UP)


def money(value: Decimal) -> str:
    return str(cents(value))


def line_total(line: dict[str, Any]) -> Decimal:
    """quantity × unit price − discounts + surcharges (taxes are inside the price)."""
    total = line["line_quantity"] * line["line_unit_price"]
    total -= sum((d["amount"] for d in line.get("discounts") or []), Decimal(0))
    total += sum((s["amount"] for s in line.get("surcharges") or []), Decimal(0))
    return total


def is_city_taxed(line: dict[str, Any]) -> bool:
    return any(str(t.get("description", "")).strip().upper() in CITY_TAX_NAMES
               for t in line.get("taxes") or [])


def split_taxes(gross: Decimal, city_taxed: bool, *, vat_rate: Decimal = VAT_RATE,
                city_rate: Decimal = CITY_TAX_RATE) -> tuple[Decimal, Decimal]:
    divisor = 1 + vat_rate + (city_rate if city_taxed else 0)
    vat = cents(gross / divisor * vat_rate)
    city = cents(gross / divisor * city_rate) if city_taxed else Decimal("0.00")
    return vat, city


def check_city_tax_rate(rate: object) -> Decimal:
    """The city tax rate as a fraction (0.01 or 0.02 in practice); ValueError unless a Decimal from 0 to below 1."""
    if not isinstance(rate, Decimal) or not rate.is_finite() or not Decimal(0) <= rate < Decimal(1):
        raise ValueError(f"the city tax rate must be a Decimal fraction from 0 to below 1, not {rate!r}")
    return rate


def receipt_items(lines: list[dict[str, Any]], amount: Decimal,
                  description: str, city_rate: Decimal = CITY_TAX_RATE) -> list[dict[str, str]]:
    """Items of a receipt for a payment of `amount`.

    The invoice's lines are the items when they add up to the payment; a
    partial payment (or an invoice without lines) gets one item for its amount.
    """
    if lines and sum((line_total(line) for line in lines), Decimal(0)) == amount:
        sources = [(line["line_description"], line.get("tax_product_code") or "", line["line_quantity"],
                    line["line_unit_price"], line_total(line), is_city_taxed(line)) for line in lines]
    else:
        sources = [(description, "", Decimal(1), amount, amount, False)]
    items = []
    for name, code, quantity, unit_price, gross, city_taxed in sources:
        vat, city = split_taxes(gross, city_taxed, city_rate=city_rate)
        items.append({"name": name, "amount": money(gross), "barcode": code,
                      "measure_unit": "ш", "quantity": format(quantity.normalize(), "f"),
                      "unit_price": money(unit_price), "vat": str(vat), "city_tax": str(city)})
    return items
