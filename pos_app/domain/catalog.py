"""The product catalog: rows of barcode, name, price, tax product code, classification code and city-tax
flag, and optionally `pinned` (a quick key) and `unit` ("kg" for weighed items).

`check_rows` reads every row and names every bad one (an import's preview); `parse_catalog` and
`load_catalog` read a CSV strictly and stop at the first problem, as the till does at start."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

from .money import parse_amount, shown

COLUMNS = ("barcode", "name", "price", "tax_product_code", "classification_code", "city_tax")
OPTIONAL_COLUMNS = ("pinned", "unit")   # old files without them still load
ALL_COLUMNS = COLUMNS + OPTIONAL_COLUMNS
TRUE_WORDS = frozenset({"1", "true", "yes", "y", "тийм"})
FALSE_WORDS = frozenset({"0", "false", "no", "n", "үгүй", ""})
YES_NO_WORDS = TRUE_WORDS | FALSE_WORDS
DEFAULT_UNIT = "ш"       # ширхэг: a piece
KILOGRAM = "кг"          # what a scale's weight is in; the catalog may write it "kg" too
KILOGRAM_UNITS = frozenset({"kg", KILOGRAM})
MAX_ROWS = 100_000
MAX_PRICE = Decimal(10) ** 12
MAX_UNIT = 16
WHOLE_FILE = 0           # RowProblem.line of a problem with the whole file (not UTF-8, not CSV, ...)
HEADER_LINE = 1


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
    pinned: bool = False          # shown as a quick key
    unit: str = DEFAULT_UNIT      # "kg" for weighed items


@dataclass(frozen=True)
class RowProblem:
    """What is wrong on `line` (1 is the header, `WHOLE_FILE` the file as a whole), in English words.

    `kind` and `values` say the same for a window to put in its own language: `kind` is one of
    `PROBLEM_KINDS`, `values` the texts its words name (the bad value, the other line...)."""

    line: int
    message: str
    kind: str = ""
    values: tuple[str, ...] = ()


# The kinds `check_rows` and `check_csv_text` give; a reader of files may add its own for the whole file.
PROBLEM_KINDS = ("columns", "too_many_rows", "more_fields", "fewer_fields", "barcode", "name", "price",
                 "price_range", "city_tax", "pinned", "unit", "duplicate", "csv")


@dataclass(frozen=True)
class CatalogRow:
    """A row as the file has it (blanks around each field taken off), in `ALL_COLUMNS` order."""

    line: int
    fields: tuple[str, ...]


@dataclass(frozen=True)
class CatalogCheck:
    """Every row read: the good ones as `items`, each bad one named in `problems` (in the file's order)."""

    items: tuple[CatalogItem, ...] = ()
    problems: tuple[RowProblem, ...] = ()
    rows: tuple[CatalogRow, ...] = ()     # every non-blank row, good or bad, for a preview

    @property
    def ok(self) -> bool:
        return not self.problems

    @property
    def bad_lines(self) -> tuple[int, ...]:
        """The lines with at least one problem, each once, in order."""
        return tuple(sorted({problem.line for problem in self.problems}))

    def with_problems(self, *problems: RowProblem) -> CatalogCheck:
        return CatalogCheck(self.items, self.problems + problems, self.rows)

    def catalog(self) -> Catalog:
        """The catalog, or `CatalogError` with the first problem."""
        if self.problems:
            first = self.problems[0]
            raise CatalogError(first.message, first.line or None)
        return Catalog(list(self.items))


class Catalog:
    def __init__(self, items: list[CatalogItem]) -> None:
        self._by_barcode = {item.barcode: item for item in items}

    def __len__(self) -> int:
        return len(self._by_barcode)

    def __iter__(self) -> Iterator[CatalogItem]:
        return iter(self._by_barcode.values())

    def find(self, barcode: str) -> CatalogItem | None:
        return self._by_barcode.get(barcode.strip())


def is_kilograms(unit: str) -> bool:
    """Whether a catalog's unit is the kilogram ("kg" or "кг", in any case): an item sold by weight."""
    return unit.strip().lower() in KILOGRAM_UNITS


def check_rows(header: Sequence[str], rows: Iterable[tuple[int, Sequence[str]]]) -> CatalogCheck:
    """Check every row (`(line, fields)`, 1-based lines) against `header`; never stops at a bad row.

    A header without the required columns is one problem on line 1 and no row is read. Blank rows are
    skipped; more than `MAX_ROWS` products is a problem on the first row too many, and reading stops there."""
    names = tuple((name or "").strip().lower() for name in header)
    missing = [c for c in COLUMNS if c not in names]
    if missing:
        listed = ", ".join(missing)
        return CatalogCheck(problems=(RowProblem(HEADER_LINE, f"the header lacks the column(s): {listed}",
                                                 "columns", (listed,)),))
    # As csv.DictReader: a name given twice takes the later field.
    where = {name: index for index, name in enumerate(names)}
    positions = tuple(where.get(name, -1) for name in ALL_COLUMNS)      # -1: an optional column left out
    last_known = max(positions)
    items: list[CatalogItem] = []
    problems: list[RowProblem] = []
    kept: list[CatalogRow] = []
    seen: dict[str, int] = {}
    for line, fields in rows:
        if len(kept) >= MAX_ROWS:
            problems.append(RowProblem(line, f"more than {MAX_ROWS} products", "too_many_rows", (str(MAX_ROWS),)))
            break
        if len(fields) > len(names):
            problems.append(RowProblem(line, "more fields than the header has", "more_fields"))
            kept.append(CatalogRow(line, _fields(fields, positions)))
            continue
        if not "".join(fields).strip():
            continue  # a blank line
        row = CatalogRow(line, _fields(fields, positions))
        kept.append(row)
        # A short row: a cut-off file ("1,Milk,12" of "1,Milk,1250,,,no") must not load the last product
        # with a wrong price.
        if last_known >= len(fields):
            problems.append(RowProblem(line, "fewer fields than the header has", "fewer_fields"))
            continue
        item, found = _read(row)
        barcode = row.fields[0]
        if not found or found[0].kind != "barcode":
            # A bad row's barcode counts too: fixing its price must not reveal a second copy only then.
            if barcode in seen:
                found.append(RowProblem(line, f"barcode {barcode} is already on line {seen[barcode]}",
                                        "duplicate", (barcode, str(seen[barcode]))))
            else:
                seen[barcode] = line
        if found:
            problems.extend(found)
        elif item is not None:
            items.append(item)
    return CatalogCheck(tuple(items), tuple(problems), tuple(kept))


def _fields(fields: Sequence[str], positions: tuple[int, ...]) -> tuple[str, ...]:
    count = len(fields)
    return tuple([fields[index].strip() if 0 <= index < count else "" for index in positions])


def _read(row: CatalogRow) -> tuple[CatalogItem | None, list[RowProblem]]:
    """The row's item, or every problem of its fields in the columns' order."""
    barcode, name, price_text, tax, classification, city_tax, pinned, unit = row.fields
    line = row.line
    problems: list[RowProblem] = []
    if not barcode or not barcode.isprintable() or " " in barcode or len(barcode) > 64:
        problems.append(RowProblem(line, "the barcode must be 1 to 64 characters without spaces", "barcode",
                                   (barcode,)))
    if not name or len(name) > 255:
        problems.append(RowProblem(line, "the name must be 1 to 255 characters", "name", (name,)))
    try:
        price: Decimal | None = parse_amount(price_text)
    except ValueError:
        price = None
        problems.append(RowProblem(line, f"the price {shown(price_text)} is not a number", "price",
                                   (shown(price_text),)))
    # Below 10^12 as for a typed price (cart.parse_price): a price like 1e30 would make the cart's cents
    # rounding fail (decimal.InvalidOperation) the moment the item is scanned.
    if price is not None and (price < 0 or price.as_tuple().exponent < -2  # type: ignore[operator]
                              or price >= MAX_PRICE):
        problems.append(RowProblem(line, f"the price {shown(price_text)} must be at least 0 and below 10^12, "
                                         "with at most 2 decimals", "price_range", (shown(price_text),)))
    city_tax, pinned = city_tax.lower(), pinned.lower()
    if city_tax not in YES_NO_WORDS:
        problems.append(RowProblem(line, f"city_tax must be yes or no, not {shown(row.fields[5])}", "city_tax",
                                   (shown(row.fields[5]),)))
    if pinned not in YES_NO_WORDS:
        problems.append(RowProblem(line, f"pinned must be yes or no, not {shown(row.fields[6])}", "pinned",
                                   (shown(row.fields[6]),)))
    if len(unit) > MAX_UNIT or not unit.isprintable():
        problems.append(RowProblem(line, f"the unit {shown(unit)} must be at most {MAX_UNIT} characters",
                                   "unit", (shown(unit),)))
    if problems or price is None:
        return None, problems
    return CatalogItem(barcode, name, price, tax, classification, city_tax in TRUE_WORDS, pinned in TRUE_WORDS,
                       unit or DEFAULT_UNIT), problems


def check_csv_text(text: str) -> CatalogCheck:
    """`check_rows` on CSV text (a BOM first allowed): text that is not valid CSV is a problem of its line."""
    # newline="" lets csv read quoted line breaks; Excel writes a BOM first.
    reader = csv.reader(io.StringIO(text.lstrip("\ufeff"), newline=""))
    broken: list[RowProblem] = []

    def problem(error: csv.Error) -> RowProblem:
        return RowProblem(reader.line_num or WHOLE_FILE, f"the file is not valid CSV: {error}", "csv", (str(error),))

    try:
        header = next(reader, [])
    except csv.Error as error:
        return CatalogCheck(problems=(problem(error),))

    def rows() -> Iterator[tuple[int, list[str]]]:
        try:
            for fields in reader:
                if fields:                  # csv.DictReader skips a line with nothing on it
                    yield reader.line_num, fields
        except csv.Error as error:
            broken.append(problem(error))

    return check_rows(header, rows()).with_problems(*broken)


def parse_catalog(text: str) -> Catalog:
    return check_csv_text(text).catalog()


def load_catalog(path: str | Path) -> Catalog:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise CatalogError("the file is not UTF-8 text") from None
    return parse_catalog(text)
