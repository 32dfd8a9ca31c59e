"""The sale the journal tests record: its day, lines, total and taxes."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from pos_app.domain.cart import CartLine
from pos_app.domain.taxes import TaxSplit

DAY = date(2026, 11, 21)
LINES = (
    CartLine("Талх", Decimal("2"), Decimal("1500.00"), barcode="8650001000012"),
    CartLine("Сүү 1л", Decimal("1.5"), Decimal("3000"), tax_product_code="2211", classification_code="0211",
             city_tax=True),
)
TOTAL = Decimal("7500.00")
TAXES = TaxSplit(Decimal("672.27"), Decimal("40.18"))
