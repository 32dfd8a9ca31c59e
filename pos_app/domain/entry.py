"""What the cashier (or a barcode scanner acting as a keyboard) types into the entry field."""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal

from .cart import CartError, parse_quantity

# A quantity typed for one line is asked about (Enter keeps the entry as it is) from this many on, or when more
# than one of an item comes to this much: an extra digit or a price read as a quantity, seldom a real sale.
LARGE_QUANTITY = Decimal(100)
LARGE_LINE_AMOUNT = Decimal(5_000_000)

# `3*4901234567890` sets the quantity; a bare code adds one.
ENTRY = re.compile(r"^\s*(?:(?P<quantity>[0-9]+(?:[.,][0-9]+)?)\s*\*\s*)?(?P<code>[^\s*]+)\s*$")


@dataclass(frozen=True)
class ScanEntry:
    code: str
    quantity: Decimal


def parse_entry(text: str) -> ScanEntry:
    match = ENTRY.match(text)
    if not match:
        raise CartError("Type or scan a code, or quantity*code (e.g. 3*4901234567890)")
    quantity = match["quantity"]
    return ScanEntry(match["code"], parse_quantity(quantity.replace(",", ".")) if quantity else Decimal(1))


def is_large(quantity: Decimal, unit_price: Decimal) -> bool:
    """A quantity typed for one line that the cashier confirms first: `LARGE_QUANTITY` or more, or more than one
    coming to `LARGE_LINE_AMOUNT` or more. One (a scan) or less (a weight) is never asked about."""
    return quantity > 1 and (quantity >= LARGE_QUANTITY or quantity * unit_price >= LARGE_LINE_AMOUNT)
