"""The cart: line items with exact quantities and prices, their total and the taxes inside it."""

from __future__ import annotations

from dataclasses import dataclass, replace
from decimal import Decimal

from .catalog import CatalogItem
from .money import parse_amount, shown
from .taxes import ZERO_TAX, TaxRates, TaxSplit, cents, split_taxes

MAX_QUANTITY = Decimal(9999)
MAX_LINES = 500
MAX_DESCRIPTION = 255


class CartError(ValueError):
    """Input the cart refuses, with a message fit to show the cashier.

    `template` (English, with ``{name}`` fields) and `params` let the window
    translate the message; ``str()`` is the English text.
    """

    def __init__(self, template: str, **params: object) -> None:
        self.template = template
        self.params = params
        super().__init__(template.format(**params))


def parse_quantity(value: object) -> Decimal:
    """A quantity above 0, at most 9,999, with at most 3 decimals (weighed goods)."""
    try:
        quantity = parse_amount(value)
    except ValueError:
        raise CartError("Quantity {value} is not a number", value=shown(value)) from None
    if quantity <= 0 or quantity > MAX_QUANTITY:
        raise CartError("Quantity must be above 0 and at most {maximum}", maximum=f"{MAX_QUANTITY:,}")
    if quantity.as_tuple().exponent < -3:  # type: ignore[operator]
        raise CartError("Quantity may have at most 3 decimals")
    return quantity


def parse_price(value: object) -> Decimal:
    try:
        price = parse_amount(value)
    except ValueError:
        raise CartError("Price {value} is not a number", value=shown(value)) from None
    if price < 0 or price.as_tuple().exponent < -2 or price >= Decimal(10) ** 12:  # type: ignore[operator]
        raise CartError("Price must be at least 0, below 10^12, with at most 2 decimals")
    return price


@dataclass(frozen=True)
class CartLine:
    description: str
    quantity: Decimal
    unit_price: Decimal
    barcode: str | None = None
    tax_product_code: str = ""
    classification_code: str = ""
    city_tax: bool = False

    @property
    def total(self) -> Decimal:
        return self.quantity * self.unit_price

    def taxes(self, rates: TaxRates) -> TaxSplit:
        return split_taxes(self.total, self.city_tax, rates)


def _checked(line: CartLine) -> CartLine:
    # The invoice's amount must equal the sum of its lines to the cent (the
    # service and the tax receipt both add the lines up exactly).
    if line.total != cents(line.total):
        raise CartError("Quantity × price must come to whole cents")
    return line


DEFAULT_RATES = TaxRates()


class Cart:
    """The lines of one sale. Its total and taxes are kept between changes, and each line's tax split
    while the line stays as it is: a scan into a 400-line cart then splits one line's taxes, not 400."""

    def __init__(self, rates: TaxRates = DEFAULT_RATES) -> None:
        self._rates = rates
        self._lines: list[CartLine] = []
        self._splits: dict[CartLine, TaxSplit] = {}     # each line's taxes at `rates`
        self._sums: tuple[Decimal, TaxSplit] | None = None

    @property
    def rates(self) -> TaxRates:
        return self._rates

    @rates.setter
    def rates(self, rates: TaxRates) -> None:
        self._rates = rates
        self._splits.clear()
        self._sums = None

    @property
    def lines(self) -> tuple[CartLine, ...]:
        return tuple(self._lines)

    def __len__(self) -> int:
        return len(self._lines)

    @property
    def is_empty(self) -> bool:
        return not self._lines

    @property
    def total(self) -> Decimal:
        return self._totals()[0]

    @property
    def taxes(self) -> TaxSplit:
        return self._totals()[1]

    def _totals(self) -> tuple[Decimal, TaxSplit]:
        if self._sums is None:
            known = self._splits
            splits = [known.get(line) or line.taxes(self._rates) for line in self._lines]
            self._splits = dict(zip(self._lines, splits, strict=True))     # only the lines the cart holds now
            taxes = TaxSplit(sum((split.vat for split in splits), ZERO_TAX.vat),
                             sum((split.city_tax for split in splits), ZERO_TAX.city_tax))
            self._sums = (sum((line.total for line in self._lines), Decimal(0)), taxes)
        return self._sums

    def add_item(self, item: CatalogItem, quantity: object = 1) -> int:
        """Add a catalog item; the same barcode again raises its quantity. Returns the line's index."""
        amount = parse_quantity(quantity)
        for index, line in enumerate(self._lines):
            if line.barcode == item.barcode:
                self.set_quantity(index, line.quantity + amount)
                return index
        return self._append(CartLine(item.name, amount, item.price, item.barcode, item.tax_product_code,
                                     item.classification_code, item.city_tax))

    def add_free_line(self, description: str, quantity: object, unit_price: object,
                      city_tax: bool = False) -> int:
        text = description.strip()
        if not text or len(text) > MAX_DESCRIPTION:
            raise CartError("Description must be 1 to {maximum} characters", maximum=MAX_DESCRIPTION)
        return self._append(CartLine(text, parse_quantity(quantity), parse_price(unit_price), city_tax=city_tax))

    def set_quantity(self, index: int, quantity: object) -> None:
        self._lines[index] = _checked(replace(self._line(index), quantity=parse_quantity(quantity)))
        self._sums = None

    def remove(self, index: int) -> CartLine:
        self._line(index)
        self._sums = None
        return self._lines.pop(index)

    def clear(self) -> None:
        self._lines.clear()
        self._sums = None

    def restore(self, lines: tuple[CartLine, ...]) -> None:
        """The lines of a sale brought back from the journal (each checked again)."""
        if len(lines) > MAX_LINES:
            raise CartError("A sale holds at most {maximum} lines", maximum=MAX_LINES)
        self._lines = [_checked(line) for line in lines]
        self._sums = None

    def _line(self, index: int) -> CartLine:
        if not 0 <= index < len(self._lines):
            raise CartError("There is no line {number}", number=index + 1)
        return self._lines[index]

    def _append(self, line: CartLine) -> int:
        if len(self._lines) >= MAX_LINES:
            raise CartError("A sale holds at most {maximum} lines", maximum=MAX_LINES)
        self._lines.append(_checked(line))
        self._sums = None
        return len(self._lines) - 1
