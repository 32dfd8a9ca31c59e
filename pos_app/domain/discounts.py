"""Discounts: a percent or an amount off a line or off the whole sale, in whole cents, never below zero.

A sale discount is shared out over the lines in proportion to what each line comes to after its own
discount (largest remainder, cent by cent), so every line carries its part: the QPay invoice's `discounts`,
the tax receipt's amounts and the printed receipt then all add up to the sale's total exactly, and each
line's VAT is taken from what the customer really pays for it.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import ROUND_DOWN, Decimal

from .money import parse_amount, shown

CENT = Decimal("0.01")
HUNDRED = Decimal(100)


class DiscountError(ValueError):
    """A discount the till refuses, with a message fit to show the cashier (`template` and `params` as in
    `CartError`, so the window can translate it)."""

    def __init__(self, template: str, **params: object) -> None:
        self.template = template
        self.params = params
        super().__init__(template.format(**params))


class DiscountKind(enum.Enum):
    PERCENT = "percent"
    AMOUNT = "amount"


@dataclass(frozen=True)
class Discount:
    """`value` percent (above 0, at most 100, two decimals) or `value` tugrik (above 0, whole cents)."""

    kind: DiscountKind
    value: Decimal

    def __post_init__(self) -> None:
        if not isinstance(self.value, Decimal) or not self.value.is_finite() or self.value <= 0:
            raise DiscountError("A discount must be above 0")
        if self.value != self.value.quantize(CENT):
            raise DiscountError("A discount may have at most 2 decimals")
        if self.kind is DiscountKind.PERCENT and self.value > HUNDRED:
            raise DiscountError("A discount can be at most 100 %")
        if self.value >= Decimal(10) ** 12:
            raise DiscountError("A discount must be below 10^12")

    def off(self, base: Decimal) -> Decimal:
        """What it takes off `base` (whole cents): a percent is rounded down to the cent, so the shop never
        gives more than it said; an amount beyond `base` takes `base` (a line or sale never goes below 0)."""
        if base <= 0:
            return Decimal("0.00")
        if self.kind is DiscountKind.PERCENT:
            return (base * self.value / HUNDRED).quantize(CENT, rounding=ROUND_DOWN)
        return min(self.value, base).quantize(CENT)

    def percent_of(self, base: Decimal) -> Decimal:
        """The discount as a percent of `base` (for the manager's limit); 100 when `base` is 0."""
        if self.kind is DiscountKind.PERCENT:
            return self.value
        return HUNDRED if base <= 0 else min(HUNDRED, self.value * HUNDRED / base)

    @property
    def label(self) -> str:
        """How the receipt and the screen name it: ``10%`` or ``500.00``."""
        if self.kind is DiscountKind.PERCENT:
            return f"{self.value.normalize():f}%"
        return f"{self.value:,.2f}"

    def record(self) -> dict[str, str]:
        return {"kind": self.kind.value, "value": str(self.value)}

    @classmethod
    def from_record(cls, record: object) -> Discount | None:
        if not isinstance(record, dict):
            return None
        return cls(DiscountKind(record["kind"]), Decimal(record["value"]))


def parse_discount(text: object) -> Discount:
    """What the cashier types: ``10%`` (percent) or ``500`` (tugrik)."""
    raw = str(text).strip().replace(" ", "").replace(",", "") if isinstance(text, str) else text
    kind = DiscountKind.AMOUNT
    if isinstance(raw, str) and raw.endswith("%"):
        kind, raw = DiscountKind.PERCENT, raw[:-1]
    try:
        value = parse_amount(raw)
    except ValueError:
        raise DiscountError("Discount {value} is not a number or a percent", value=shown(text)) from None
    return Discount(kind, value)


def shares(amount: Decimal, bases: Sequence[Decimal]) -> list[Decimal]:
    """`amount` (whole cents, at most the sum of `bases`) split over `bases` in proportion, each share whole
    cents and at most its base; the leftover cents go to the largest remainders (ties: the earlier line)."""
    total = sum(bases, Decimal(0))
    if amount <= 0 or total <= 0:
        return [Decimal("0.00") for _ in bases]
    amount = min(amount, total)
    exact = [amount * base / total for base in bases]
    parts = [share.quantize(CENT, rounding=ROUND_DOWN) for share in exact]
    left = int((amount - sum(parts, Decimal(0))) / CENT)
    order = sorted(range(len(bases)), key=lambda i: (-(exact[i] - parts[i]), i))
    for index in order:
        if left <= 0:
            break
        if parts[index] + CENT <= bases[index]:
            parts[index] += CENT
            left -= 1
    return parts
