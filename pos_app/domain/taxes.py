"""VAT and city tax inside a price, as the till shows them and the receipt prints them.

Both taxes are included in the shelf price. VAT is 10 %; city tax (НХАТ) applies
to some goods only, at 1 % or 2 % depending on the goods and the year, so both
rates are settings. With both taxes, VAT = price / (1 + 0.10 + city) × 0.10.
Each line is rounded half-up to the cent; totals are the sums of the lines.

(The sandbox computes receipts independently: the two must agree, and tests
compare them, without sharing code.)
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

CENT = Decimal("0.01")
DEFAULT_VAT_RATE = Decimal("0.10")
DEFAULT_CITY_TAX_RATE = Decimal("0.02")


@dataclass(frozen=True)
class TaxRates:
    vat: Decimal = DEFAULT_VAT_RATE
    city: Decimal = DEFAULT_CITY_TAX_RATE

    def __post_init__(self) -> None:
        for name in ("vat", "city"):
            rate = getattr(self, name)
            if not isinstance(rate, Decimal) or not Decimal(0) <= rate < Decimal(1):
                raise ValueError(f"the {name} rate must be a Decimal from 0 to below 1")


@dataclass(frozen=True)
class TaxSplit:
    vat: Decimal
    city_tax: Decimal

    def __add__(self, other: "TaxSplit") -> "TaxSplit":
        return TaxSplit(self.vat + other.vat, self.city_tax + other.city_tax)


ZERO_TAX = TaxSplit(Decimal("0.00"), Decimal("0.00"))


def cents(value: Decimal) -> Decimal:
    return value.quantize(CENT, rounding=ROUND_HALF_UP)


def split_taxes(gross: Decimal, city_taxed: bool, rates: TaxRates = TaxRates()) -> TaxSplit:
    """The VAT and city tax inside `gross`, each rounded half-up to the cent."""
    divisor = 1 + rates.vat + (rates.city if city_taxed else 0)
    vat = cents(gross / divisor * rates.vat)
    city = cents(gross / divisor * rates.city) if city_taxed else Decimal("0.00")
    return TaxSplit(vat, city)
