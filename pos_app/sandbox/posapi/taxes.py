"""VAT and city tax (НХАТ) as the spec computes them, in Decimal.

Every amount the spec calls "Бүх төрлийн татвар шингэсэн дүн" holds all taxes: an item's totalAmount =
base + VAT + city tax, with VAT 10 % of the base and city tax 1 % or 2 % of the base (the spec's
examples: 5000 + 500 + 100 = 5600 and 5000 + 500 + 50 = 5550; 1000 + 100 + 20 = 1120). So from the
gross: VAT = gross × 0.10 / (1.10 + r), city tax = gross × r / (1.10 + r), each rounded half-up to the
cent. An item is city-taxed when its totalCityTax is above zero (the request carries no other flag).
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

CENT = Decimal("0.01")
VAT_RATE = Decimal("0.10")
CITY_TAX_RATES = (Decimal("0.02"), Decimal("0.01"))   # Capital City Tax Law art. 9: 2 %, 1 % for some goods
VAT_TYPES = ("VAT_ABLE", "VAT_FREE", "VAT_ZERO", "NO_VAT", "NOT_VAT")   # NOT_VAT: the spec's own example
TAX_CODE_REQUIRED = ("VAT_FREE", "VAT_ZERO")


def cents(value: Decimal) -> Decimal:
    return value.quantize(CENT, rounding=ROUND_HALF_UP)


def close(a: Decimal, b: Decimal, tolerance: Decimal = CENT) -> bool:
    return abs(a - b) <= tolerance


def split(gross: Decimal, vat_able: bool, city_rate: Decimal) -> tuple[Decimal, Decimal]:
    """(VAT, city tax) inside `gross`."""
    vat_rate = VAT_RATE if vat_able else Decimal(0)
    divisor = 1 + vat_rate + city_rate
    return cents(gross * vat_rate / divisor), cents(gross * city_rate / divisor)


def item_taxes(gross: Decimal, tax_type: str, vat: Decimal | None,
               city: Decimal | None) -> tuple[Decimal, Decimal] | str:
    """The item's (VAT, city tax), the stated values where they agree with `gross`; a reason otherwise.

    A null totalVAT / totalCityTax is computed (a null city tax: not city-taxed)."""
    vat_able = tax_type == "VAT_ABLE"
    if not vat_able and vat not in (None, Decimal(0)):
        return f"totalVAT must be 0 for taxType {tax_type}, not {vat}"
    if city is None or city == 0:
        expected_vat, _ = split(gross, vat_able, Decimal(0))
        if vat is not None and not close(vat, expected_vat):
            return f"totalVAT {vat} does not match the 10 % VAT included in {gross} ({expected_vat})"
        return (vat if vat is not None else expected_vat), Decimal("0.00")
    if city < 0:
        return f"totalCityTax must not be negative, not {city}"
    for rate in CITY_TAX_RATES:
        expected_vat, expected_city = split(gross, vat_able, rate)
        if close(city, expected_city) and (vat is None or close(vat, expected_vat)):
            return (vat if vat is not None else expected_vat), city
    rates = " or ".join(f"{rate * 100:.0f} % → {split(gross, vat_able, rate)[1]}" for rate in CITY_TAX_RATES)
    return (f"totalCityTax {city} / totalVAT {vat} do not match the taxes included in {gross} "
            f"(city tax {rates}; VAT {'10 %' if vat_able else '0'})")
