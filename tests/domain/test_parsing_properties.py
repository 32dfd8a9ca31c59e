"""Property tests of every parser and validator of the domain: amounts, quantities, prices, the entry field,
register numbers, sale numbers, reversal reasons and the catalog CSV.

For any input the answer is a correct value or the documented error (`ValueError`, `CartError`,
`CatalogError`) with a short, non-empty message: never another exception, never a float's rounding, never
a hang. Each property fails when the protection it watches is taken away (see the comments).
"""

from __future__ import annotations

import csv
import io
import re
import string
import time
from dataclasses import replace
from datetime import date
from decimal import Decimal

import pytest
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

from pos_app.domain.cart import MAX_QUANTITY, Cart, CartError, parse_price, parse_quantity
from pos_app.domain.catalog import COLUMNS, FALSE_WORDS, TRUE_WORDS, CatalogError, CatalogItem, parse_catalog
from pos_app.domain.entry import parse_entry
from pos_app.domain.money import parse_amount
from pos_app.domain.validators import (
    MAX_REVERSAL_REASON,
    MAX_SENDER_INVOICE_NO,
    InputState,
    check_organization_register,
    check_reversal_reason,
    is_citizen_register,
    organization_register_state,
    sender_invoice_no,
)

# Pure functions: quick, but the machine is shared, so no per-example deadline; the huge inputs below are
# timed on their own.
PROPERTY = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
MAX_MESSAGE = 300   # a message the cashier can read, whatever was pasted in
HEADER = ",".join(COLUMNS) + "\n"

# Text that looks like numbers, half-numbers and junk: digits, signs, exponents, separators, blanks, the
# Unicode digits and spaces that str methods accept and Decimal may not, NUL and line breaks.
NUMBERISH = st.text(alphabet="0123456789+-.,eE_ \t\n\u00a0\u0663\u00b2\u2007NaIifnsy\x00", max_size=30)
ANY_TEXT = st.text(max_size=60) | NUMBERISH
ANYTHING = (ANY_TEXT | st.integers() | st.floats(allow_nan=True, allow_infinity=True) | st.booleans() | st.none()
            | st.decimals(allow_nan=True, allow_infinity=True) | st.just(Decimal("sNaN")) | st.binary(max_size=10)
            | st.lists(st.integers(), max_size=2) | st.dictionaries(st.text(max_size=2), st.integers(), max_size=1))
# Exact decimals as a person or a file writes them: plain, with an exponent, signed, with padding blanks.
EXACT = st.decimals(allow_nan=False, allow_infinity=False, places=None, min_value=Decimal("-1e20"),
                    max_value=Decimal("1e20"))


def written(amount: Decimal, style: int) -> str:
    return [str(amount), format(amount, "f"), format(amount, "E"), f"  {amount}\t", f"\n{amount:f} "][style]


def assert_readable(error: BaseException) -> None:
    message = str(error)
    assert message.strip(), f"{type(error).__name__} without a message"
    assert len(message) <= MAX_MESSAGE, f"{len(message)} characters: {message[:80]}..."


def same_decimal(a: Decimal, b: Decimal) -> bool:
    """Equal in value, sign, digits and exponent: "12.50" stays 12.50, not 12.5 or 12.5000000001."""
    return type(a) is Decimal and a.as_tuple() == b.as_tuple()


# -- amounts ---------------------------------------------------------------------------------------------

@PROPERTY
@given(ANYTHING)
def test_parse_amount_gives_a_finite_decimal_or_a_value_error(value: object) -> None:
    try:
        amount = parse_amount(value)
    except ValueError as error:      # ValueError only: a TypeError or decimal.InvalidOperation is a crash
        assert_readable(error)
        return
    assert type(amount) is Decimal and amount.is_finite()
    assert not isinstance(value, bool)


@PROPERTY
@given(EXACT, st.integers(0, 4))
def test_parse_amount_reads_numeric_text_exactly(amount: Decimal, style: int) -> None:
    text = written(amount, style)
    assert same_decimal(parse_amount(text), Decimal(text.strip()))
    assert parse_amount(text) == amount


@PROPERTY
@given(st.decimals(min_value=Decimal("-999999999999.99"), max_value=Decimal("999999999999.99"), places=2))
def test_a_float_on_the_wire_is_read_as_the_decimal_it_shows_never_its_binary_value(cents: Decimal) -> None:
    # 0.1 must become Decimal("0.1"), not 0.1000000000000000055511151231257827 (Decimal(0.1)).
    value = float(cents)
    assert parse_amount(value) == cents
    assert same_decimal(parse_amount(value), Decimal(repr(value)))


@pytest.mark.parametrize("value", [True, False])
def test_a_boolean_is_never_an_amount(value: bool) -> None:
    with pytest.raises(ValueError, match="boolean"):
        parse_amount(value)


def test_huge_amount_texts_are_read_or_refused_without_hanging() -> None:
    started = time.perf_counter()
    assert parse_amount("9" * 200_000) == Decimal("9" * 200_000)
    assert parse_amount("1e999999999999999999") == Decimal("1e999999999999999999")
    for junk in ("9" * 200_000 + "x", "1e" + "9" * 100_000, " " * 200_000, "." * 200_000):
        with pytest.raises(ValueError) as caught:
            parse_amount(junk)
        assert_readable(caught.value)
    assert time.perf_counter() - started < 10


# -- quantities and prices (the cart's parsers) --------------------------------------------------------------

QUANTITIES = st.decimals(min_value=Decimal("0.001"), max_value=MAX_QUANTITY, places=3)
PRICES = st.decimals(min_value=0, max_value=Decimal("999999999999.99"), places=2)


@PROPERTY
@given(ANYTHING | st.builds(str, EXACT) | st.builds(str, QUANTITIES))
def test_parse_quantity_gives_a_valid_quantity_or_a_cart_error(value: object) -> None:
    try:
        quantity = parse_quantity(value)
    except CartError as error:
        assert_readable(error)
        assert error.template and str(error) == error.template.format(**error.params)
        return
    # Above 0, at most 9,999, at most 3 decimals (the exponent check), and exactly the amount typed.
    assert type(quantity) is Decimal and 0 < quantity <= MAX_QUANTITY
    assert quantity.as_tuple().exponent >= -3
    assert same_decimal(quantity, parse_amount(value))


@PROPERTY
@given(QUANTITIES, st.integers(0, 4))
def test_every_valid_quantity_is_read_exactly(quantity: Decimal, style: int) -> None:
    text = written(quantity, style)
    assume(Decimal(text.strip()).as_tuple().exponent >= -3)   # "1.000E+3" style keeps the places: fine
    assert same_decimal(parse_quantity(text), Decimal(text.strip()))


@PROPERTY
@given(ANYTHING | st.builds(str, EXACT) | st.builds(str, PRICES))
def test_parse_price_gives_a_valid_price_or_a_cart_error(value: object) -> None:
    try:
        price = parse_price(value)
    except CartError as error:
        assert_readable(error)
        return
    assert type(price) is Decimal and 0 <= price < Decimal(10) ** 12
    assert price.as_tuple().exponent >= -2
    assert same_decimal(price, parse_amount(value))


# -- the entry field -----------------------------------------------------------------------------------------

CODES = st.text(alphabet=string.ascii_letters + string.digits + "-_./#АБВӨҮ", min_size=1, max_size=30)
BLANKS = st.text(alphabet=" \t", max_size=3)


@PROPERTY
@given(st.text(max_size=80) | st.text(alphabet="0123456789.,* \t\nab", max_size=40))
def test_any_entry_gives_a_scan_or_a_cart_error(text: str) -> None:
    try:
        entry = parse_entry(text)
    except CartError as error:
        assert_readable(error)
        return
    assert entry.code and not any(ch.isspace() or ch == "*" for ch in entry.code)
    assert text.strip().endswith(entry.code)     # the whole entry was read: nothing left after the code
    assert 0 < entry.quantity <= MAX_QUANTITY and entry.quantity.as_tuple().exponent >= -3


@PROPERTY
@given(QUANTITIES, CODES, BLANKS, BLANKS, BLANKS, st.booleans())
def test_quantity_times_code_is_read_exactly(quantity: Decimal, code: str, before: str, around: str, after: str,
                                             comma: bool) -> None:
    typed = format(quantity, "f")
    if comma:
        typed = typed.replace(".", ",")     # the Mongolian keyboard's decimal comma
    entry = parse_entry(f"{before}{typed}{around}*{around}{code}{after}")
    assert entry.code == code and same_decimal(entry.quantity, quantity)


@PROPERTY
@given(CODES, BLANKS, BLANKS)
def test_a_bare_code_adds_one(code: str, before: str, after: str) -> None:
    assert parse_entry(before + code + after) == parse_entry(f"1*{code}")


def test_a_huge_entry_is_refused_or_read_without_hanging() -> None:
    started = time.perf_counter()
    for text in ("1" * 100_000, " " * 100_000 + "x", "1" * 100_000 + "*" + "2" * 100_000, "1*" * 50_000,
                 "1." + "1" * 100_000 + "*4901", " \t" * 50_000 + "4901 x"):
        try:
            parse_entry(text)
        except CartError as error:
            assert_readable(error)
    assert time.perf_counter() - started < 10


# -- register numbers, sale numbers, reversal reasons --------------------------------------------------------

REGISTERISH = (st.text(alphabet="0123456789 \t\n\u0663\u00b2a", max_size=10)
               | st.text(alphabet="АБВЁӨҮабвёөү0123456789 \nAB", max_size=12) | st.text(max_size=12))


@PROPERTY
@given(REGISTERISH | st.from_regex(r"\s{0,2}[0-9]{7}\s{0,2}", fullmatch=True))
@example(" 5395305\n")
@example("5395305\n")
@example("\u0665\u0663\u0669\u0665\u0663\u0660\u0665")   # Arabic-Indic digits: isdigit(), not ASCII
def test_organization_register_checks_agree_with_each_other(text: str) -> None:
    state = organization_register_state(text)
    try:
        register = check_organization_register(text)
    except ValueError as error:
        assert_readable(error)
        assert state is not InputState.VALID
    else:
        # Exactly seven ASCII digits (not "١٢٣٤٥٦٧", not a trailing line break), and the typed state agrees.
        assert re.fullmatch(r"[0-9]{7}", register) and register == text.strip()
        assert state is InputState.VALID
    if state is InputState.INCOMPLETE:
        assert re.fullmatch(r"[0-9]{1,6}", text.strip())
    assert (state is InputState.EMPTY) == (not text.strip())


@PROPERTY
@given(REGISTERISH)
def test_a_citizen_register_is_two_cyrillic_capitals_and_eight_digits(text: str) -> None:
    if is_citizen_register(text):
        assert re.fullmatch(r"[А-ЯЁӨҮ]{2}[0-9]{8}", text.strip().upper())


@PROPERTY
@given(st.text(alphabet="АБВЁӨҮабвёөү", min_size=2, max_size=2), st.integers(0, 99_999_999), BLANKS, BLANKS)
def test_every_citizen_register_is_recognised(letters: str, number: int, before: str, after: str) -> None:
    assert is_citizen_register(f"{before}{letters}{number:08d}{after}")
    assert not is_citizen_register(f"{letters}{number:08d}9") and not is_citizen_register(f"A{letters[1]}{number:08d}")


TERMINALS = st.text(alphabet=string.ascii_letters + string.digits + "_- \n\t.", max_size=24) | st.text(max_size=24)


@PROPERTY
@given(TERMINALS, st.dates(min_value=date(1000, 1, 1)), st.integers(-10, 2_000_000))
@example("T1\n", date(2026, 11, 21), 42)       # `$` matches before a final line break: \Z does not
@example("T" * 20, date(9999, 12, 31), 999_999)
def test_sale_numbers_are_well_formed_or_refused(terminal: str, day: date, sequence: int) -> None:
    try:
        number = sender_invoice_no(terminal, day, sequence)
    except ValueError as error:
        assert_readable(error)
        return
    assert re.fullmatch(r"[A-Za-z0-9_]{1,20}-[0-9]{8}-[0-9]{6}", number), repr(number)
    assert len(number) <= MAX_SENDER_INVOICE_NO and number.startswith(f"{terminal}-{day:%Y%m%d}-")


@PROPERTY
@given(st.text(max_size=300) | st.text(alphabet=" \t\n\r\u2028\u00a0x", max_size=300) | st.none()
       | st.text(alphabet="ab ", min_size=200, max_size=600) | st.integers() | st.binary(max_size=5))
@example("x" * (MAX_REVERSAL_REASON + 1))
@example("  " + "x " * MAX_REVERSAL_REASON)
def test_a_reversal_reason_is_one_short_line_or_refused(text: object) -> None:
    try:
        reason = check_reversal_reason(text)  # type: ignore[arg-type]
    except ValueError as error:
        assert_readable(error)
        return
    assert isinstance(text, str)
    assert 1 <= len(reason) <= MAX_REVERSAL_REASON and not any(ch in reason for ch in "\n\r\u2028")
    assert reason == " ".join(text.split()) and reason.split() == text.split()


# -- the catalog CSV ------------------------------------------------------------------------------------------

BARCODES = st.text(alphabet=string.ascii_letters + string.digits + "-_.", min_size=1, max_size=64)
NAMES = st.text(alphabet=st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=40).filter(
    lambda name: name.strip() == name and name)
FLAGS = st.sampled_from(sorted(TRUE_WORDS | FALSE_WORDS)).flatmap(
    lambda word: st.sampled_from([word, word.upper(), word.capitalize()]))


@st.composite
def catalog_rows(draw: st.DrawFn) -> tuple[list[list[str]], list[CatalogItem]]:
    barcodes = draw(st.lists(BARCODES, min_size=1, max_size=8, unique=True))
    rows, items = [], []
    for barcode in barcodes:
        price = draw(PRICES)
        price_text = draw(st.sampled_from([str(price), format(price, "f"), f" {price} "]))
        name, flag = draw(NAMES), draw(FLAGS)
        tax, classification = draw(st.text(string.digits, max_size=8)), draw(st.text(string.digits, max_size=8))
        rows.append([barcode, name, price_text, tax, classification, flag])
        items.append(CatalogItem(barcode, name, Decimal(price_text.strip()), tax, classification,
                                 flag.lower() in TRUE_WORDS))
    return rows, items


def csv_text(rows: list[list[str]], header: str = HEADER) -> str:
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(rows)
    return header + out.getvalue()


@PROPERTY
@given(catalog_rows(), st.booleans())
def test_a_valid_catalog_is_read_exactly(data: tuple[list[list[str]], list[CatalogItem]], bom: bool) -> None:
    rows, items = data
    catalog = parse_catalog(("\ufeff" if bom else "") + csv_text(rows))
    assert list(catalog) == items
    for item in items:
        found = catalog.find(item.barcode)
        assert found is not None and same_decimal(found.price, item.price)


BAD_VALUES = {
    0: ["", "49 01", "x" * 65, "49\x0001"],
    1: ["", "n" * 256],
    2: ["", "abc", "-1", "1.005", "NaN", "Infinity", "1e12", "1e30", "1e999999999", "12,50", "9" * 5000, "0x10"],
    5: ["maybe", "2", "tak", "yes please", "x" * 5000],
}
BAD_FIELDS = {column: st.sampled_from(values) for column, values in BAD_VALUES.items()}


@PROPERTY
@given(catalog_rows(), st.data())
def test_a_bad_field_is_refused_with_its_line(data: tuple[list[list[str]], list[CatalogItem]],
                                               draw: st.DataObject) -> None:
    rows, _ = data
    index = draw.draw(st.integers(0, len(rows) - 1))
    column = draw.draw(st.sampled_from(sorted(BAD_FIELDS)))
    bad = draw.draw(BAD_FIELDS[column])
    rows[index][column] = bad
    assume(any(field.strip() for field in rows[index]))   # an all-blank row is a blank line, skipped
    with pytest.raises(CatalogError) as caught:
        parse_catalog(csv_text(rows))
    assert_readable(caught.value)
    assert caught.value.line == index + 2      # 1-based, after the header; no quoted line breaks here


@pytest.mark.parametrize("column, bad", [(column, bad) for column, values in BAD_VALUES.items() for bad in values])
def test_each_bad_field_is_refused_with_its_line(column: int, bad: str) -> None:
    # The sweep: every bad value in its field once (random drawing finds each only now and then).
    rows = [["4901", "Milk", "3500", "8401", "0122", "no"], ["4902", "Tea", "6.50", "", "", "yes"]]
    rows[1][column] = bad
    with pytest.raises(CatalogError) as caught:
        parse_catalog(csv_text(rows))
    assert_readable(caught.value)
    assert caught.value.line == 3


@PROPERTY
@given(catalog_rows(), st.data())
def test_a_row_with_too_few_or_too_many_fields_is_refused(data: tuple[list[list[str]], list[CatalogItem]],
                                                          draw: st.DataObject) -> None:
    rows, _ = data
    index = draw.draw(st.integers(0, len(rows) - 1))
    keep = draw.draw(st.integers(1, len(COLUMNS) + 2).filter(lambda n: n != len(COLUMNS)))
    rows[index] = (rows[index] + ["extra", "more"])[:keep]
    with pytest.raises(CatalogError, match="fields than the header") as caught:
        parse_catalog(csv_text(rows))
    assert caught.value.line == index + 2


@PROPERTY
@given(catalog_rows(), st.data())
def test_a_cut_off_catalog_never_loads_a_wrong_product(data: tuple[list[list[str]], list[CatalogItem]],
                                                       draw: st.DataObject) -> None:
    rows, items = data
    text = csv_text(rows)
    cut = text[: draw.draw(st.integers(len(HEADER), len(text)))]
    try:
        catalog = parse_catalog(cut)
    except CatalogError as error:
        assert_readable(error)
        return
    loaded = list(catalog)
    assert len(loaded) <= len(items)
    for position, item in enumerate(loaded):
        if item == items[position]:
            continue
        # The one change a cut can make unseen: the last field of the last line cut away whole (or "yes"
        # cut to "y", "no" to "n": the same answer). An empty city_tax means "no".
        assert position == len(loaded) - 1 and not cut.endswith("\n")
        assert replace(item, city_tax=items[position].city_tax) == items[position] and not item.city_tax


@PROPERTY
@given(st.text(max_size=400) | st.text(alphabet='a1,"\n\r\ufeff;\x00 ', max_size=200),
       st.sampled_from(["", HEADER, HEADER.upper(), "price,barcode,city_tax,name,classification_code,"
                                                    "tax_product_code\n", "barcode;name\n"]))
def test_any_text_is_a_catalog_or_a_catalog_error(text: str, header: str) -> None:
    try:
        catalog = parse_catalog(header + text)
    except CatalogError as error:
        assert_readable(error)
        assert error.line is None or error.line >= 1
        return
    for item in catalog:
        assert item.barcode and len(item.barcode) <= 64 and " " not in item.barcode
        assert 0 <= item.price < Decimal(10) ** 12 and item.price.as_tuple().exponent >= -2


@PROPERTY
@given(st.sampled_from(["1e12", "1e15", "1e30", "999999999999999999999999999999", "1E+999999999"]),
       st.integers(1, 9999))
def test_a_catalog_price_never_breaks_the_cart(price: str, quantity: int) -> None:
    # Found by the properties above: the catalog took any size of price, and scanning an item priced 1e30
    # made the cart's cents check raise decimal.InvalidOperation instead of a CartError.
    try:
        catalog = parse_catalog(f"{HEADER}1,Milk,{price},,,no\n")
    except CatalogError as error:
        assert "10^12" in str(error)
        return
    cart = Cart()
    try:
        cart.add_item(next(iter(catalog)), quantity)
    except CartError:
        pass


def test_a_catalog_price_of_1e30_is_refused() -> None:
    with pytest.raises(CatalogError, match="below 10\\^12") as caught:
        parse_catalog(f"{HEADER}1,Milk,1e30,,,no\n")
    assert caught.value.line == 2


def test_a_cut_off_last_row_is_refused_not_loaded_with_a_wrong_price() -> None:
    with pytest.raises(CatalogError, match="fewer fields") as caught:
        parse_catalog(f"{HEADER}1,Milk,1250,,,no\n2,Tea,12")
    assert caught.value.line == 3


def test_a_terminal_id_with_a_line_break_makes_no_sale_number() -> None:
    with pytest.raises(ValueError):
        sender_invoice_no("T1\n", date(2026, 11, 21), 42)


def test_a_huge_catalog_cell_gives_a_short_message() -> None:
    with pytest.raises(CatalogError) as caught:
        parse_catalog(f"{HEADER}1,Milk,{'9' * 100_000}x,,,no\n")
    assert_readable(caught.value)
    with pytest.raises(CartError) as too_long:
        parse_quantity("x" * 100_000)
    assert_readable(too_long.value)
