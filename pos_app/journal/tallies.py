"""The day's figures as the day close counts them: a `Tally` (how many, how much) and a tender's day (`TenderDay`:
paid, given back, net), in the order the day close lists the tenders."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from .tender_rows import CASH_TYPE, TERMINAL_TYPE

__all__ = ["TENDER_ORDER", "Tally", "TenderDay", "tender_order"]

_ZERO = Decimal(0)


@dataclass(frozen=True)
class Tally:
    """How many, and how much money."""

    count: int = 0
    amount: Decimal = _ZERO

    def plus(self, amount: Decimal) -> Tally:
        return Tally(self.count + 1, self.amount + amount)

    def __add__(self, other: Tally) -> Tally:
        return Tally(self.count + other.count, self.amount + other.amount)


# The tenders in the order the day close lists them: cash, the card terminal, QPay by card, QPay by bank transfer;
# then any other QPay type by name, and money whose type was not said last.
TENDER_ORDER = (CASH_TYPE, TERMINAL_TYPE, "CARD", "P2P")


def tender_order(kind: str) -> tuple[int, str]:
    """The sort key of a payment type (`TENDER_ORDER`)."""
    return (TENDER_ORDER.index(kind), "") if kind in TENDER_ORDER else (len(TENDER_ORDER) + (kind == ""), kind)


@dataclass(frozen=True)
class TenderDay:
    """One tender's day (a payment type: CASH, TERMINAL, CARD, P2P; "" not said): what it brought in, what went
    back through it, and the difference. Over the tenders these add up to the day's paid, given back and net."""

    kind: str
    paid: Tally = Tally()            # payments (each once, on the day first learnt of)
    given_back: Tally = Tally()      # payments given back

    @property
    def net(self) -> Decimal:
        return self.paid.amount - self.given_back.amount
