"""Catalog files for an import: CSV and real XLSX workbooks (written here with openpyxl) read as exact text, and
the imported catalog written atomically as the CSV the till loads at start."""

from __future__ import annotations

import os
from decimal import Decimal
from pathlib import Path

import pytest
from openpyxl import Workbook

from pos_app.config.catalog_files import cell_text, read_catalog_file, write_catalog_csv
from pos_app.domain.catalog import WHOLE_FILE, CatalogItem, load_catalog

HEADER = ["barcode", "name", "price", "tax_product_code", "classification_code", "city_tax"]
CSV_HEADER = ",".join(HEADER) + "\n"


def workbook(path: Path, rows: list[list[object]], *, second_sheet: bool = False) -> Path:
    book = Workbook()
    sheet = book.active
    for row in rows:
        sheet.append(row)
    if second_sheet:
        other = book.create_sheet("Notes")
        other.append(["not", "a", "catalog"])
        other.append(["x", "y", "z"])
    book.save(path)
    return path


# -- CSV ------------------------------------------------------------------------------------------------------


def test_a_csv_with_a_bom_reads_as_the_till_reads_it(tmp_path: Path) -> None:
    path = tmp_path / "catalog.csv"
    path.write_bytes(("\ufeff" + CSV_HEADER + "4901,Сүү 1л,3500,8401,0122,no\n4902,Архи,32000,8408,1101,тийм\n")
                     .encode("utf-8"))
    check = read_catalog_file(path)
    assert check.ok
    assert check.items == (CatalogItem("4901", "Сүү 1л", Decimal("3500"), "8401", "0122", False),
                           CatalogItem("4902", "Архи", Decimal("32000"), "8408", "1101", True))


def test_a_csv_names_every_bad_row(tmp_path: Path) -> None:
    path = tmp_path / "catalog.csv"
    path.write_text(CSV_HEADER + "1,Milk,abc,,,no\n2,Tea,5,,,no\n3,,5,,,no\n", encoding="utf-8")
    check = read_catalog_file(path)
    assert [(problem.line, problem.kind) for problem in check.problems] == [(2, "price"), (4, "name")]
    assert [item.barcode for item in check.items] == ["2"]


def test_a_csv_that_is_not_utf8_names_its_first_bad_line(tmp_path: Path) -> None:
    path = tmp_path / "catalog.csv"
    path.write_bytes(CSV_HEADER.encode() + b"1,Milk,5,,,no\n" + "2,Сок,5,,,no\n".encode("cp1251"))
    check = read_catalog_file(path)
    assert [(problem.line, problem.kind) for problem in check.problems] == [(3, "not_utf8")]
    assert "UTF-8" in check.problems[0].message and check.items == ()


def test_a_missing_file_is_a_problem_not_an_exception(tmp_path: Path) -> None:
    check = read_catalog_file(tmp_path / "nowhere.csv")
    assert [(problem.line, problem.kind) for problem in check.problems] == [(WHOLE_FILE, "unreadable")]


def test_an_old_xls_workbook_is_named(tmp_path: Path) -> None:
    path = tmp_path / "catalog.xls"
    path.write_bytes(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(500))
    assert [problem.kind for problem in read_catalog_file(path).problems] == ["xls"]


# -- XLSX -----------------------------------------------------------------------------------------------------


def test_numbers_in_a_workbook_read_as_exact_text(tmp_path: Path) -> None:
    path = workbook(tmp_path / "catalog.xlsx", [
        HEADER,
        [8656000010011, "Сүү", 3500.0, 8401, "0122", False],            # a barcode stored as a number
        [8.656000010028e12, "Тараг", 12.5, None, None, "no"],            # ... and as a float
        [4901.0, "Rice", 12.499999999999998, None, None, True],          # Excel's computed 12.5
        [4902, "Tea", 0.1 + 0.2, None, None, 0],
    ])
    check = read_catalog_file(path)
    assert check.ok, check.problems
    assert [row.fields[:3] for row in check.rows] == [("8656000010011", "Сүү", "3500"),
                                                      ("8656000010028", "Тараг", "12.5"),
                                                      ("4901", "Rice", "12.5"), ("4902", "Tea", "0.3")]
    assert [(item.barcode, item.price, item.city_tax) for item in check.items] == [
        ("8656000010011", Decimal("3500"), False), ("8656000010028", Decimal("12.5"), False),
        ("4901", Decimal("12.5"), True), ("4902", Decimal("0.3"), False)]
    assert check.items[0].tax_product_code == "8401"


@pytest.mark.parametrize("value, text", [
    (3500.0, "3500"), (12.5, "12.5"), (12.499999999999998, "12.5"), (8656000010011.0, "8656000010011"),
    (1e20, "100000000000000000000"), (1.5e-7, "0.00000015"), (-0.0, "0"), (42, "42"), (True, "yes"),
    (None, ""), ("  text ", "text"), (Decimal("1E+3"), "1000"),
])
def test_a_cell_reads_as_the_text_a_person_sees(value: object, text: str) -> None:
    assert cell_text(value) == text


def test_a_barcode_kept_with_leading_zeros_by_its_format_keeps_them(tmp_path: Path) -> None:
    book = Workbook()
    sheet = book.active
    sheet.append(HEADER)
    sheet.append([12345678905, "Imported tea", 5000, None, None, "no"])
    sheet["A2"].number_format = "0000000000000"
    book.save(tmp_path / "zeros.xlsx")
    check = read_catalog_file(tmp_path / "zeros.xlsx")
    assert [item.barcode for item in check.items] == ["0012345678905"]


def test_empty_rows_are_skipped_and_lines_stay_the_sheets(tmp_path: Path) -> None:
    path = workbook(tmp_path / "catalog.xlsx", [
        HEADER,
        ["4901", "Milk", 3500, None, None, "no"],
        [None, None, None, None, None, None],
        [],
        ["4902", "Tea", "abc", None, None, "no"],
        ["4903", "Salt", 900],                      # the empty cells at the end are empty fields, not missing
    ])
    check = read_catalog_file(path)
    assert [item.barcode for item in check.items] == ["4901", "4903"]
    assert [(problem.line, problem.kind) for problem in check.problems] == [(5, "price")]
    assert [row.line for row in check.rows] == [2, 5, 6]


def test_only_the_first_sheet_is_read(tmp_path: Path) -> None:
    path = workbook(tmp_path / "catalog.xlsx", [HEADER, ["4901", "Milk", 3500, None, None, "no"]],
                    second_sheet=True)
    check = read_catalog_file(path)
    assert check.ok and [item.barcode for item in check.items] == ["4901"]


def test_the_optional_columns_from_a_workbook(tmp_path: Path) -> None:
    path = workbook(tmp_path / "catalog.xlsx", [
        [*HEADER, "pinned", "unit"],
        ["4901", "Potatoes", 1800, None, None, "no", "yes", "kg"],
        ["4902", "Bread", 2500, None, None, "no", None, None],
    ])
    check = read_catalog_file(path)
    assert [(item.pinned, item.unit) for item in check.items] == [(True, "kg"), (False, "ш")]


def test_a_value_right_of_the_header_is_more_fields(tmp_path: Path) -> None:
    path = workbook(tmp_path / "catalog.xlsx", [HEADER, ["4901", "Milk", 3500, None, None, "no", None, "note"]])
    assert [(problem.line, problem.kind) for problem in read_catalog_file(path).problems] == [(2, "more_fields")]


def test_a_workbook_without_the_columns_is_a_header_problem(tmp_path: Path) -> None:
    path = workbook(tmp_path / "catalog.xlsx", [["code", "title"], ["4901", "Milk"]])
    assert [(problem.line, problem.kind) for problem in read_catalog_file(path).problems] == [(1, "columns")]


def test_a_damaged_workbook_is_a_problem_not_an_exception(tmp_path: Path) -> None:
    path = tmp_path / "catalog.xlsx"
    path.write_bytes(b"PK\x03\x04 this is not really a zip archive")
    check = read_catalog_file(path)
    assert [(problem.line, problem.kind) for problem in check.problems] == [(WHOLE_FILE, "not_xlsx")]


def test_a_workbook_under_another_name_is_still_read_as_one(tmp_path: Path) -> None:
    path = workbook(tmp_path / "catalog.xlsx", [HEADER, ["4901", "Milk", 3500, None, None, "no"]])
    renamed = path.rename(tmp_path / "catalog.csv")
    assert [item.barcode for item in read_catalog_file(renamed).items] == ["4901"]


# -- writing --------------------------------------------------------------------------------------------------


def test_the_written_catalog_loads_back_exactly(tmp_path: Path) -> None:
    items = (CatalogItem("4901", "Сүү, 1л \"Сүү ХК\"", Decimal("3500"), "8401", "0122", False, True),
             CatalogItem("4902", "Төмс", Decimal("1E+3"), "", "", True, False, "kg"),
             CatalogItem("4903", "Цай", Decimal("6.50"), "", "", False))
    target = tmp_path / "data" / "catalog.csv"
    assert write_catalog_csv(items, target) == target
    assert target.read_text(encoding="utf-8").splitlines()[:3] == [
        "barcode,name,price,tax_product_code,classification_code,city_tax,pinned,unit",
        "4901,\"Сүү, 1л \"\"Сүү ХК\"\"\",3500,8401,0122,no,yes,ш", "4902,Төмс,1000,,,yes,no,kg"]
    assert list(load_catalog(target)) == list(items)
    assert [path.name for path in target.parent.iterdir()] == ["catalog.csv"]      # no temporary file left


def test_a_failed_write_leaves_the_old_catalog_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "catalog.csv"
    target.write_text(CSV_HEADER + "1,Old,5,,,no\n", encoding="utf-8")

    def broken_replace(source: object, destination: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError):
        write_catalog_csv([CatalogItem("2", "New", Decimal("6"), "", "", False)], target)
    assert target.read_text(encoding="utf-8") == CSV_HEADER + "1,Old,5,,,no\n"
    assert [path.name for path in tmp_path.iterdir()] == ["catalog.csv"]


def test_blank_rows_above_the_header_are_passed_over(tmp_path: Path) -> None:
    path = workbook(tmp_path / "catalog.xlsx", [[], [None], HEADER, ["4901", "Milk", "oops", None, None, "no"]])
    assert [(problem.line, problem.kind) for problem in read_catalog_file(path).problems] == [(4, "price")]
