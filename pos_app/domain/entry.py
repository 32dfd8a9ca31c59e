"""What the cashier (or a barcode scanner acting as a keyboard) types into the entry field."""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal

from .cart import CartError, parse_quantity

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
