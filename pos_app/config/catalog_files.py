"""The shop's catalog file, read for an import and written once imported.

A catalog comes as CSV (UTF-8, a BOM allowed, as the till reads it at start) or as an Excel workbook
(XLSX, its first sheet, through openpyxl). Every cell becomes the text a person sees in it: a price
stored as 3500.0 is "3500", 12.5 is "12.5" (never a float's 12.499999999999998), and a barcode stored
as a number is its digits, with no ".0" and no exponent. `read_catalog_file` hands the rows to the
domain's `check_rows`, which names every bad row; a file it cannot read at all is a problem of the whole
file, of kind "unreadable", "too_big", "not_utf8" (on the line of the first bad byte), "xls", "not_xlsx",
"no_sheet" or "sheet_broken" (on the line where the sheet broke off). `write_catalog_csv` writes the
imported catalog as the CSV the till loads at start, atomically. Both block: call them on a worker.
"""

from __future__ import annotations

import csv
import io
import math
import os
import re
from collections.abc import Iterable, Iterator, Sequence
from datetime import date, datetime, time, timedelta
from decimal import Decimal
from pathlib import Path
from typing import IO, Any

from pos_app.files import replace_file
from pos_app.domain.catalog import (
    ALL_COLUMNS,
    WHOLE_FILE,
    CatalogCheck,
    CatalogItem,
    RowProblem,
    check_csv_text,
    check_rows,
)

__all__ = ["MAX_FILE_BYTES", "cell_text", "read_catalog_file", "write_catalog_csv"]

MAX_FILE_BYTES = 64 * 1024 * 1024      # a catalog of 100,000 products is a few MB
XLSX_SUFFIXES = (".xlsx", ".xlsm")
ZIP_MAGIC = b"PK\x03\x04"              # an XLSX workbook is a zip archive
OLE_MAGIC = b"\xd0\xcf\x11\xe0"        # the old binary .xls
EXCEL_DIGITS = 15                       # Excel keeps and shows 15 significant digits
ZEROS = re.compile(r"0+")               # a number format of zeros only: leading zeros shown


def read_catalog_file(path: str | Path) -> CatalogCheck:
    """Every row of the catalog file at `path`, checked; a file that cannot be read is a problem of the whole
    file (`RowProblem.line == WHOLE_FILE`), never an exception."""
    path = Path(path)
    try:
        with path.open("rb") as handle:
            if os.fstat(handle.fileno()).st_size > MAX_FILE_BYTES:
                megabytes = str(MAX_FILE_BYTES // (1024 * 1024))
                return _file_problem("too_big", f"the file is larger than {megabytes} MB", megabytes)
            start = handle.read(len(ZIP_MAGIC))
            if start == OLE_MAGIC:
                return _file_problem("xls", "the file is an old Excel .xls workbook: save it as .xlsx or CSV UTF-8")
            if start == ZIP_MAGIC or path.suffix.lower() in XLSX_SUFFIXES:
                handle.seek(0)
                return _read_xlsx(handle)
            data = start + handle.read()
    except OSError as error:
        reason = error.strerror or type(error).__name__
        return _file_problem("unreadable", f"the file cannot be read: {reason}", reason)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data[:error.start].count(b"\n") + 1
        return CatalogCheck(problems=(RowProblem(line, "the file is not UTF-8 text: save it as CSV UTF-8",
                                                 "not_utf8"),))
    return check_csv_text(text)


def _file_problem(kind: str, message: str, *values: str) -> CatalogCheck:
    return CatalogCheck(problems=(RowProblem(WHOLE_FILE, message, kind, values),))


# -- XLSX -------------------------------------------------------------------------------------------------


def _read_xlsx(handle: IO[bytes]) -> CatalogCheck:
    # Imported here: only an import of a workbook pays for loading openpyxl.
    from openpyxl import load_workbook

    try:
        book = load_workbook(handle, read_only=True, data_only=True)
    except Exception as error:  # noqa: BLE001 - a damaged or foreign file says so, whatever openpyxl raises
        reason = _reason(error)
        return _file_problem("not_xlsx", f"the file is not an Excel workbook (.xlsx) that can be read: {reason}",
                             reason)
    try:
        if not book.worksheets:
            return _file_problem("no_sheet", "the workbook has no sheet")
        sheet = book.worksheets[0]
        # Some programs write a wrong size into the sheet; read-only mode would believe it and cut rows off.
        sheet.reset_dimensions()
        failed: list[RowProblem] = []
        rows = _sheet_rows(sheet.iter_rows(min_row=1, min_col=1), failed)
        _line, first = next(rows, (0, ()))     # the first row with something in it is the header
        header = _trimmed(first)
        check = check_rows(header, ((line, _fitted(fields, len(header))) for line, fields in rows))
        return check.with_problems(*failed)
    finally:
        book.close()


def _sheet_rows(sheet_rows: Iterable[Sequence[Any]], failed: list[RowProblem]) -> Iterator[tuple[int, tuple[str, ...]]]:
    """(line, texts) of each row with something in it; a sheet that breaks off midway is a problem at its line."""
    line = 0
    try:
        for line, cells in enumerate(sheet_rows, start=1):
            texts = tuple(cell_text(cell.value, cell.number_format) for cell in cells)
            if any(texts):
                yield line, texts
    except Exception as error:  # noqa: BLE001 - as above: the rows read so far stay, the break is named
        reason = _reason(error)
        failed.append(RowProblem(line + 1, f"the sheet cannot be read from here on: {reason}", "sheet_broken",
                                 (reason,)))


def _trimmed(fields: Sequence[str]) -> tuple[str, ...]:
    """Without the empty cells at the right end (a cell once formatted counts as one in a sheet)."""
    end = len(fields)
    while end and not fields[end - 1]:
        end -= 1
    return tuple(fields[:end])


def _fitted(fields: tuple[str, ...], width: int) -> tuple[str, ...]:
    """A sheet row as wide as the header: a blank cell is an empty field, never a missing one, and blank cells
    past the header are nothing (a value there is still "more fields than the header has")."""
    fields = _trimmed(fields)
    return fields + ("",) * (width - len(fields)) if len(fields) < width else fields


def cell_text(value: object, number_format: str | None = None) -> str:
    """A cell's value as the text a person sees in it, exact: numbers never as a float's repr or an exponent.

    A whole number shown with leading zeros (the format "0000000000000", as a shop keeps a barcode that
    starts with 0) keeps them."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (int, float, Decimal)):
        text = _number_text(value)
        if number_format and ZEROS.fullmatch(number_format) and text.isdigit():
            return text.rjust(len(number_format), "0")
        return text
    if isinstance(value, (datetime, date, time)):
        return value.isoformat()
    if isinstance(value, timedelta):
        return str(value)
    return str(value).strip()


def _number_text(value: int | float | Decimal) -> str:
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            return str(value)
        # Excel stores a computed 12.5 as 12.499999999999998 and shows it as 12.5: keep its 15 digits, as it does.
        value = Decimal(format(value, f".{EXCEL_DIGITS}g"))
    if not value.is_finite():
        return str(value)
    if value.is_zero():
        return "0"
    return format(value.normalize(), "f")        # no exponent: 8.656000010011E+12 is 8656000010011


def _reason(error: BaseException) -> str:
    text = str(error).strip()
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


# -- writing the imported catalog -------------------------------------------------------------------------


def write_catalog_csv(items: Iterable[CatalogItem], path: str | Path) -> Path:
    """Write `items` as the catalog CSV the till loads (UTF-8, every column), replacing `path` at once: a crash
    midway leaves the old file whole. Returns the path written."""
    text = io.StringIO(newline="")
    writer = csv.writer(text, lineterminator="\n")
    writer.writerow(ALL_COLUMNS)
    for item in items:
        writer.writerow([item.barcode, item.name, format(item.price, "f"), item.tax_product_code,
                         item.classification_code, _yes_no(item.city_tax), _yes_no(item.pinned), item.unit])
    # A catalog is no secret (0644).
    return replace_file(Path(path), text.getvalue().encode("utf-8"), make_folder=True)


def _yes_no(flag: bool) -> str:
    return "yes" if flag else "no"

