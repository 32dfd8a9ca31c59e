"""The cart: line items with exact quantities and prices, their total and the taxes inside it."""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property
from decimal import Decimal

from .catalog import DEFAULT_UNIT, KILOGRAM, CatalogItem
from .discounts import Discount, DiscountKind, shares
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


ZERO = Decimal("0.00")


@dataclass(frozen=True)
class CartLine:
    """A line: quantity × unit price rounded half-up to the cent (weighed goods: 0.123 kg × 12,995 comes to
    1,598.39), less its own discount and its share of the sale's discount."""

    description: str
    quantity: Decimal
    unit_price: Decimal
    barcode: str | None = None
    tax_product_code: str = ""
    classification_code: str = ""
    city_tax: bool = False
    line_discount: Discount | None = None
    sale_share: Decimal = ZERO       # this line's part of the sale discount (set by the cart)
    weighed: bool = False            # from a scale's barcode: never merged with another scan of the item
    unit: str = DEFAULT_UNIT         # what one of `quantity` is: the catalog's unit ("ш" a piece, "кг" a kilogram)

    # Cached: a line never changes (a change is a new line), and a 400-line cart adds them up at every scan.
    @cached_property
    def gross(self) -> Decimal:
        return cents(self.quantity * self.unit_price)

    @cached_property
    def discount(self) -> Decimal:
        """The line's own discount in tugrik."""
        return self.line_discount.off(self.gross) if self.line_discount is not None else ZERO

    @cached_property
    def net(self) -> Decimal:
        """After the line's own discount, before the sale's."""
        return self.gross - self.discount

    @cached_property
    def total(self) -> Decimal:
        return self.net - self.sale_share

    @property
    def is_exact(self) -> bool:
        """Quantity × unit price is whole cents (no rounding was needed)."""
        return self.quantity * self.unit_price == self.gross

    def taxes(self, rates: TaxRates) -> TaxSplit:
        return split_taxes(self.total, self.city_tax, rates)


def _checked(line: CartLine) -> CartLine:
    if not ZERO <= line.sale_share <= line.net:
        raise CartError("A line's share of the sale discount must be from 0 to its amount")
    return line


DEFAULT_RATES = TaxRates()


class Cart:
    """The lines of one sale. Its total and taxes are kept between changes, and each line's tax split
    while the line stays as it is: a scan into a 400-line cart then splits one line's taxes, not 400."""

    def __init__(self, rates: TaxRates = DEFAULT_RATES) -> None:
        self._rates = rates
        self._lines: list[CartLine] = []        # without their shares of the sale discount
        self._sale_discount: Discount | None = None
        self._shared: tuple[CartLine, ...] | None = None
        self._splits: dict[CartLine, TaxSplit] = {}     # each line's taxes at `rates`
        self._sums: tuple[Decimal, TaxSplit, Decimal] | None = None

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
        """The lines, each with its share of the sale discount."""
        if self._shared is None:
            lines = self._lines
            if self._sale_discount is None:
                self._shared = tuple(lines)
            else:
                nets = [line.net for line in lines]
                parts = shares(self._sale_discount.off(sum(nets, Decimal(0))), nets)
                self._shared = tuple(replace(line, sale_share=part) if part else line
                                     for line, part in zip(lines, parts, strict=True))
        return self._shared

    @property
    def sale_discount(self) -> Discount | None:
        return self._sale_discount

    def set_sale_discount(self, discount: Discount | None) -> None:
        self._sale_discount = discount
        self._changed()

    @property
    def subtotal(self) -> Decimal:
        """Before any discount."""
        return self._totals()[2]

    @property
    def discount_total(self) -> Decimal:
        return self.subtotal - self.total

    def set_line_discount(self, index: int, discount: Discount | None) -> None:
        self._lines[index] = replace(self._line(index), line_discount=discount)
        self._changed()

    def edit_line(self, index: int, description: str, unit_price: object) -> None:
        """A line's name and unit price anew (a manager's edit of the catalog item)."""
        text = description.strip()
        if not text or len(text) > MAX_DESCRIPTION:
            raise CartError("Description must be 1 to {maximum} characters", maximum=MAX_DESCRIPTION)
        self._lines[index] = replace(self._line(index), description=text, unit_price=parse_price(unit_price))
        self._changed()

    def _changed(self) -> None:
        self._sums = None
        self._shared = None

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

    def _totals(self) -> tuple[Decimal, TaxSplit, Decimal]:
        if self._sums is None:
            known, lines = self._splits, self.lines
            splits = [known.get(line) or line.taxes(self._rates) for line in lines]
            self._splits = dict(zip(lines, splits, strict=True))     # only the lines the cart holds now
            taxes = TaxSplit(sum((split.vat for split in splits), ZERO_TAX.vat),
                             sum((split.city_tax for split in splits), ZERO_TAX.city_tax))
            self._sums = (sum((line.total for line in lines), Decimal(0)), taxes,
                          sum((line.gross for line in lines), Decimal(0)))
        return self._sums

    def add_item(self, item: CatalogItem, quantity: object = 1) -> int:
        """Add a catalog item; the same barcode again raises its quantity. Returns the line's index."""
        amount = parse_quantity(quantity)
        for index, line in enumerate(self._lines):
            if line.barcode == item.barcode and not line.weighed:
                self.set_quantity(index, line.quantity + amount)
                return index
        return self._append(CartLine(item.name, amount, item.price, item.barcode, item.tax_product_code,
                                     item.classification_code, item.city_tax, unit=item.unit or DEFAULT_UNIT))

    def add_weighed(self, item: CatalogItem, quantity: object = 1, unit_price: object | None = None) -> int:
        """A scale's package: its own line (two packs of apples weigh differently), its weight in kilograms at the
        catalog's price per kilogram, or one package at the price the scale printed (`unit_price`, quantity 1)."""
        price = item.price if unit_price is None else parse_price(unit_price)
        unit = KILOGRAM if unit_price is None else DEFAULT_UNIT
        return self._append(CartLine(item.name, parse_quantity(quantity), price, item.barcode, item.tax_product_code,
                                     item.classification_code, item.city_tax, weighed=True, unit=unit))

    def add_free_line(self, description: str, quantity: object, unit_price: object,
                      city_tax: bool = False) -> int:
        text = description.strip()
        if not text or len(text) > MAX_DESCRIPTION:
            raise CartError("Description must be 1 to {maximum} characters", maximum=MAX_DESCRIPTION)
        return self._append(CartLine(text, parse_quantity(quantity), parse_price(unit_price), city_tax=city_tax))

    def set_quantity(self, index: int, quantity: object) -> None:
        self._lines[index] = replace(self._line(index), quantity=parse_quantity(quantity))
        self._changed()

    def remove(self, index: int) -> CartLine:
        self._line(index)
        line = self._lines.pop(index)
        self._changed()
        return line

    def clear(self) -> None:
        self._lines.clear()
        self._sale_discount = None
        self._changed()

    def restore(self, lines: tuple[CartLine, ...], sale_discount: Discount | None = None) -> None:
        """The lines of a sale brought back from the journal (each checked again). Their shares of the sale
        discount are shared out again from `sale_discount`; without it, a sale discount the lines carry comes
        back as its amount (the same amount over the same lines gives the same shares)."""
        if len(lines) > MAX_LINES:
            raise CartError("A sale holds at most {maximum} lines", maximum=MAX_LINES)
        checked = [_checked(line) for line in lines]
        carried = sum((line.sale_share for line in checked), Decimal(0))
        if sale_discount is None and carried > 0:
            sale_discount = Discount(DiscountKind.AMOUNT, carried)
        self._lines = [replace(line, sale_share=ZERO) for line in checked]
        self._sale_discount = sale_discount
        self._changed()

    def _line(self, index: int) -> CartLine:
        if not 0 <= index < len(self._lines):
            raise CartError("There is no line {number}", number=index + 1)
        return self._lines[index]

    def _append(self, line: CartLine) -> int:
        if len(self._lines) >= MAX_LINES:
            raise CartError("A sale holds at most {maximum} lines", maximum=MAX_LINES)
        self._lines.append(line)
        self._changed()
        return len(self._lines) - 1
