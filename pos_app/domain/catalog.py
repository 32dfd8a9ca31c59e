"""The product catalog: a CSV of barcode, name, price, tax product code,
classification code and city-tax flag, read strictly with a clear error per row."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

from .money import parse_amount, shown

COLUMNS = ("barcode", "name", "price", "tax_product_code", "classification_code", "city_tax")
TRUE_WORDS = frozenset({"1", "true", "yes", "y", "тийм"})
FALSE_WORDS = frozenset({"0", "false", "no", "n", "үгүй", ""})
MAX_ROWS = 100_000
MAX_PRICE = Decimal(10) ** 12


class CatalogError(ValueError):
    """A catalog file that cannot be used; `line` is 1-based in the file (None: the whole file)."""

    def __init__(self, message: str, line: int | None = None) -> None:
        super().__init__(f"line {line}: {message}" if line else message)
        self.line = line


@dataclass(frozen=True)
class CatalogItem:
    barcode: str
    name: str
    price: Decimal
    tax_product_code: str
    classification_code: str
    city_tax: bool


class Catalog:
    def __init__(self, items: list[CatalogItem]) -> None:
        self._by_barcode = {item.barcode: item for item in items}

    def __len__(self) -> int:
        return len(self._by_barcode)

    def __iter__(self) -> Iterator[CatalogItem]:
        return iter(self._by_barcode.values())

    def find(self, barcode: str) -> CatalogItem | None:
        return self._by_barcode.get(barcode.strip())


def parse_catalog(text: str) -> Catalog:
    try:
        return _parse(text)
    except csv.Error as error:
        raise CatalogError(f"the file is not valid CSV: {error}") from None


def _parse(text: str) -> Catalog:
    # newline="" lets csv read quoted line breaks; Excel writes a BOM first.
    reader = csv.DictReader(io.StringIO(text.lstrip("\ufeff"), newline=""))
    header = tuple((name or "").strip().lower() for name in (reader.fieldnames or ()))
    missing = [c for c in COLUMNS if c not in header]
    if missing:
        raise CatalogError(f"the header lacks the column(s): {', '.join(missing)}", 1)
    items: list[CatalogItem] = []
    seen: dict[str, int] = {}
    for row in reader:
        line = reader.line_num
        if len(items) >= MAX_ROWS:
            raise CatalogError(f"more than {MAX_ROWS} products", line)
        values = {(k or "").strip().lower(): (v or "").strip() for k, v in row.items() if k is not None}
        if None in row:
            raise CatalogError("more fields than the header has", line)
        if not any(values.values()):
            continue  # a blank line
        # csv fills a short row's missing fields with None: a cut-off file ("1,Milk,12" of "1,Milk,1250,,,no")
        # must not load the last product with a wrong price.
        if any(value is None for key, value in row.items() if key is not None and key.strip().lower() in COLUMNS):
            raise CatalogError("fewer fields than the header has", line)
        item = _item(values, line)
        if item.barcode in seen:
            raise CatalogError(f"barcode {item.barcode} is already on line {seen[item.barcode]}", line)
        seen[item.barcode] = line
        items.append(item)
    return Catalog(items)


def _item(values: dict[str, str], line: int) -> CatalogItem:
    barcode = values["barcode"]
    if not barcode or not barcode.isprintable() or " " in barcode or len(barcode) > 64:
        raise CatalogError("the barcode must be 1 to 64 characters without spaces", line)
    if not values["name"] or len(values["name"]) > 255:
        raise CatalogError("the name must be 1 to 255 characters", line)
    try:
        price = parse_amount(values["price"])
    except ValueError:
        raise CatalogError(f"the price {shown(values['price'])} is not a number", line) from None
    # Below 10^12 as for a typed price (cart.parse_price): a price like 1e30 would make the cart's cents
    # rounding fail (decimal.InvalidOperation) the moment the item is scanned.
    if price < 0 or price.as_tuple().exponent < -2 or price >= MAX_PRICE:  # type: ignore[operator]
        raise CatalogError(f"the price {shown(values['price'])} must be at least 0 and below 10^12, "
                           "with at most 2 decimals", line)
    flag = values["city_tax"].lower()
    if flag not in TRUE_WORDS | FALSE_WORDS:
        raise CatalogError(f"city_tax must be yes or no, not {shown(values['city_tax'])}", line)
    return CatalogItem(barcode, values["name"], price, values["tax_product_code"],
                       values["classification_code"], flag in TRUE_WORDS)


def load_catalog(path: str | Path) -> Catalog:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise CatalogError("the file is not UTF-8 text") from None
    return parse_catalog(text)
