"""The catalog check an import previews: every bad row named at once, the optional columns, old files unchanged."""

from __future__ import annotations

from decimal import Decimal

import pytest

from pos_app.domain.catalog import (
    DEFAULT_UNIT,
    MAX_ROWS,
    CatalogError,
    CatalogItem,
    RowProblem,
    check_csv_text,
    check_rows,
    parse_catalog,
)

HEADER = ("barcode", "name", "price", "tax_product_code", "classification_code", "city_tax")
CSV_HEADER = ",".join(HEADER) + "\n"


def numbered(*rows: tuple[str, ...]) -> list[tuple[int, tuple[str, ...]]]:
    return [(line, row) for line, row in enumerate(rows, start=2)]


def test_every_bad_row_is_named_at_once_and_the_good_ones_are_kept() -> None:
    check = check_rows(HEADER, numbered(
        ("4901", "Milk", "3500", "8401", "0122", "no"),
        ("4902", "", "abc", "", "", "maybe"),         # three problems on one row
        ("49 03", "Bread", "2500", "", "", "no"),
        ("4904", "Tea", "6.505", "", "", "yes"),
        ("4901", "Milk again", "3600", "", "", "no"),
        ("4905", "Eggs", "6500", "8403", "0147", "yes"),
    ))
    assert not check.ok
    assert [item.barcode for item in check.items] == ["4901", "4905"]
    assert [(problem.line, problem.kind) for problem in check.problems] == [
        (3, "name"), (3, "price"), (3, "city_tax"), (4, "barcode"), (5, "price_range"), (6, "duplicate")]
    assert check.bad_lines == (3, 4, 5, 6)
    assert check.problems[-1].message == "barcode 4901 is already on line 2"
    assert check.problems[-1].values == ("4901", "2")
    assert [row.line for row in check.rows] == [2, 3, 4, 5, 6, 7]       # every row, for the preview
    assert check.rows[1].fields[:3] == ("4902", "", "abc")


def test_a_bad_rows_barcode_still_counts_for_the_duplicates() -> None:
    check = check_rows(HEADER, numbered(("4901", "Milk", "oops", "", "", "no"), ("4901", "Tea", "5", "", "", "no")))
    assert [(problem.line, problem.kind) for problem in check.problems] == [(2, "price"), (3, "duplicate")]
    assert check.items == ()


def test_a_good_file_is_ok_with_exact_prices() -> None:
    check = check_rows(HEADER, numbered(("4901", "Milk", "3500", "8401", "0122", "no"),
                                        ("4902", "Tea", " 6.50 ", "", "", "тийм")))
    assert check.ok and check.problems == ()
    assert check.items == (CatalogItem("4901", "Milk", Decimal("3500"), "8401", "0122", False),
                           CatalogItem("4902", "Tea", Decimal("6.50"), "", "", True))
    assert str(check.items[1].price) == "6.50"


def test_a_header_without_the_columns_is_one_problem_on_line_1_and_no_row_is_read() -> None:
    def never() -> list[tuple[int, tuple[str, ...]]]:
        raise AssertionError("rows read after a bad header")

    check = check_rows(("barcode", "name"), iter(never, None))
    assert check.problems == (RowProblem(1, "the header lacks the column(s): price, tax_product_code, "
                                            "classification_code, city_tax", "columns",
                                         ("price, tax_product_code, classification_code, city_tax",)),)
    assert check.items == () and check.rows == ()


def test_short_long_and_blank_rows() -> None:
    check = check_rows(HEADER, numbered(("4901", "Milk", "35"), ("", "", "", "", "", ""),
                                        ("4902", "Tea", "5", "", "", "no", "extra"), ("4903", "Salt", "9", "", "", "")))
    assert [(problem.line, problem.kind) for problem in check.problems] == [(2, "fewer_fields"), (4, "more_fields")]
    assert [item.barcode for item in check.items] == ["4903"]
    assert [row.line for row in check.rows] == [2, 4, 5]                  # the blank line 3 is no row


def test_the_optional_columns_pinned_and_unit() -> None:
    header = (*HEADER, "pinned", "unit")
    check = check_rows(header, numbered(("4901", "Milk", "3500", "", "", "no", "yes", ""),
                                        ("4902", "Potatoes", "1800", "", "", "no", "", "kg"),
                                        ("4903", "Bread", "2500", "", "", "no", "sometimes", "ш"),
                                        ("4904", "Rope", "900", "", "", "no", "no", "metres of the rope")))  # 18 > 16
    assert [(item.barcode, item.pinned, item.unit) for item in check.items] == [
        ("4901", True, DEFAULT_UNIT), ("4902", False, "kg")]
    assert [(problem.line, problem.kind) for problem in check.problems] == [(4, "pinned"), (5, "unit")]


def test_optional_columns_may_come_in_any_order_and_case() -> None:
    check = check_rows(("Unit", " PINNED ", *reversed(HEADER)),
                       numbered(("л", "Y", "no", "", "", "450", "Kefir", "77")))
    assert check.ok
    assert check.items == (CatalogItem("77", "Kefir", Decimal("450"), "", "", False, True, "л"),)


def test_an_item_built_the_old_way_is_not_pinned_and_counted_in_pieces() -> None:
    item = CatalogItem("4901", "Milk", Decimal("3500"), "8401", "0122", False)
    assert item.pinned is False and item.unit == "ш"


def test_more_than_max_rows_stops_with_one_problem() -> None:
    rows = ((line, (str(line), "x", "1", "", "", "no")) for line in range(2, MAX_ROWS + 10))
    check = check_rows(HEADER, rows)
    assert len(check.items) == MAX_ROWS
    assert check.problems == (RowProblem(MAX_ROWS + 2, f"more than {MAX_ROWS} products", "too_many_rows",
                                         (str(MAX_ROWS),)),)


def test_csv_text_is_checked_the_same_way_with_its_lines() -> None:
    text = "\ufeff" + CSV_HEADER + "1,Milk,5,,,no\n\n2,Tea,x,,,no\n3,\"Long\nname\",5,,,no\n4,Salt,-1,,,no\n"
    check = check_csv_text(text)
    assert [(problem.line, problem.kind) for problem in check.problems] == [(4, "price"), (7, "price_range")]
    assert [item.barcode for item in check.items] == ["1", "3"]


def test_broken_csv_keeps_the_rows_before_it_and_names_its_line() -> None:
    check = check_csv_text(CSV_HEADER + "1,Milk,5,,,no\n" + "2,Tea," + "x" * 200_000 + ",,,no\n")
    assert [item.barcode for item in check.items] == ["1"]
    assert [(problem.line, problem.kind) for problem in check.problems] == [(3, "csv")]


@pytest.mark.parametrize("text, line, words", [
    (CSV_HEADER + "1,Milk,5,,,no\n2,Tea,x,,,maybe\n3,Bread,-1,,,no\n", 3, "not a number"),
    (CSV_HEADER + "1,Milk,5,,,no\n1,Milk,5,,,no\n2,,x,,,no\n", 3, "already on line 2"),
    ("barcode,name\n1,x\n", 1, "lacks the column"),
])
def test_old_callers_still_get_the_first_problem_as_a_catalog_error(text: str, line: int, words: str) -> None:
    with pytest.raises(CatalogError, match=words) as caught:
        parse_catalog(text)
    assert caught.value.line == line


def test_an_old_file_loads_as_before() -> None:
    catalog = parse_catalog(CSV_HEADER + "4901,Milk,3500,8401,0122,no\n4902,Vodka,32000,8408,1101,yes\n")
    assert list(catalog) == [CatalogItem("4901", "Milk", Decimal("3500"), "8401", "0122", False),
                             CatalogItem("4902", "Vodka", Decimal("32000"), "8408", "1101", True)]
    assert all(not item.pinned and item.unit == "ш" for item in catalog)
