"""The catalog import dialog: a file chosen, read on a worker, every bad row shown; Import only for a file with
no problem, written on a worker as the data folder's catalog.csv, then `imported`."""

from __future__ import annotations

import threading
from decimal import Decimal
from pathlib import Path

import pytest
from openpyxl import Workbook
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QFileDialog, QLabel, QPushButton, QTableView
from pytestqt.qtbot import QtBot

import pos_app.ui.settings.catalog_import as dialog_module
from pos_app.domain.catalog import CatalogItem, load_catalog
from pos_app.ui.settings.catalog_import import CatalogImportDialog
from pos_app.ui.settings.catalog_preview import BAD_ROLE, LINE_ROLE, CatalogPreviewModel
from pos_app.ui.common.tasks import TaskRunner

WAIT_MS = 10_000
HEADER = "barcode,name,price,tax_product_code,classification_code,city_tax,pinned,unit\n"
BAD = HEADER + ("8656000010011,Сүү 1л,3500,8401,0122,no,yes,\n"
                "8656000010028,Тараг,abc,8401,0122,no,,\n"
                "8656000010035,Талх,2500,8402,1071,no,,\n"
                "8656000010035,Талх again,2600,,,maybe,,\n")
FIXED = HEADER + ("8656000010011,Сүү 1л,3500,8401,0122,no,yes,\n"
                  "8656000010028,Тараг,2800,8401,0122,no,,\n"
                  "8656000010035,Талх,2500,8402,1071,no,,\n"
                  "8656000010042,Төмс,1800,,,no,,kg\n")


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    folder.mkdir()
    return folder


@pytest.fixture
def dialog(qtbot: QtBot, runner: TaskRunner, data_dir: Path) -> CatalogImportDialog:
    shown = CatalogImportDialog(runner, data_dir)
    qtbot.addWidget(shown)
    shown.open()
    return shown


def child(dialog: CatalogImportDialog, kind: type, name: str):  # noqa: ANN201 - the widget asked for
    found = dialog.findChild(kind, name)
    assert found is not None, name
    return found


def choose(qtbot: QtBot, dialog: CatalogImportDialog, path: Path) -> None:
    with qtbot.waitSignal(dialog.previewed, timeout=WAIT_MS):
        assert dialog.on_file_dialog_file_selected(str(path))


def texts(table: QTableView, column: int) -> list[str]:
    model = table.model()
    return [model.index(row, column).data() for row in range(model.rowCount())]


def test_a_file_with_bad_rows_shows_each_and_cannot_be_imported_until_fixed(
        qtbot: QtBot, dialog: CatalogImportDialog, tmp_path: Path, data_dir: Path) -> None:
    bad = tmp_path / "bad.csv"
    bad.write_text(BAD, encoding="utf-8")
    choose(qtbot, dialog, bad)

    table = child(dialog, QTableView, "preview")
    import_button = child(dialog, QPushButton, "importButton")
    summary = child(dialog, QLabel, "summary")
    assert texts(table, CatalogPreviewModel.LINE) == ["2", "3", "4", "5"]
    bad_rows = [row for row in range(4) if table.model().index(row, 0).data(BAD_ROLE)]
    assert [table.model().index(row, 0).data(LINE_ROLE) for row in bad_rows] == [3, 5]
    reasons = texts(table, CatalogPreviewModel.PROBLEM)
    assert reasons[0] == "" and reasons[2] == ""
    assert "abc" in reasons[1] and "not a number" in reasons[1]
    assert "maybe" in reasons[3] and "already on line 4" in reasons[3]         # both of the row's problems
    assert texts(table, CatalogPreviewModel.TAX_CODES)[0] == "8401 / 0122"
    assert texts(table, CatalogPreviewModel.PINNED)[0] == "yes"
    assert summary.text().startswith("2 item(s); 2 row(s) need fixing")   # the source texts: no language
    assert not import_button.isEnabled()
    assert not dialog.on_import_button_clicked()
    assert not (data_dir / "catalog.csv").exists()

    fixed = tmp_path / "fixed.csv"
    fixed.write_text(FIXED, encoding="utf-8")
    choose(qtbot, dialog, fixed)
    assert import_button.isEnabled() and summary.text().startswith("4 item(s), every row right")
    assert not any(table.model().index(row, 0).data(BAD_ROLE) for row in range(4))

    with qtbot.waitSignal(dialog.imported, timeout=WAIT_MS) as done:
        qtbot.mouseClick(import_button, Qt.MouseButton.LeftButton)
    target = data_dir / "catalog.csv"
    assert done.args == [str(target)]
    catalog = load_catalog(target)
    assert len(catalog) == 4
    assert catalog.find("8656000010011") == CatalogItem("8656000010011", "Сүү 1л", Decimal("3500"), "8401",
                                                        "0122", False, True, "ш")
    assert catalog.find("8656000010042").unit == "kg"
    assert "Imported 4 item(s)" in summary.text() and not import_button.isEnabled()


def test_an_xlsx_workbook_is_previewed_and_imported(qtbot: QtBot, dialog: CatalogImportDialog, tmp_path: Path,
                                                    data_dir: Path) -> None:
    book = Workbook()
    sheet = book.active
    sheet.append(["barcode", "name", "price", "tax_product_code", "classification_code", "city_tax"])
    sheet.append([8656000010011, "Сүү", 3500.0, 8401, "0122", False])
    sheet.append([8656000010097, "Архи", 32000, 8408, "1101", True])
    book.save(tmp_path / "catalog.xlsx")
    choose(qtbot, dialog, tmp_path / "catalog.xlsx")
    table = child(dialog, QTableView, "preview")
    assert texts(table, CatalogPreviewModel.BARCODE) == ["8656000010011", "8656000010097"]
    assert texts(table, CatalogPreviewModel.PRICE) == ["3500", "32000"]
    with qtbot.waitSignal(dialog.imported, timeout=WAIT_MS):
        assert dialog.on_import_button_clicked()
    assert [item.city_tax for item in load_catalog(data_dir / "catalog.csv")] == [False, True]


def test_the_file_is_read_and_written_on_workers(qtbot: QtBot, dialog: CatalogImportDialog, tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    threads: list[str] = []
    read, write = dialog_module.read_catalog_file, dialog_module.write_catalog_csv

    def reading(path: str):  # noqa: ANN202 - as read_catalog_file
        threads.append(threading.current_thread().name)
        return read(path)

    def writing(items, path):  # noqa: ANN001, ANN202 - as write_catalog_csv
        threads.append(threading.current_thread().name)
        return write(items, path)

    monkeypatch.setattr(dialog_module, "read_catalog_file", reading)
    monkeypatch.setattr(dialog_module, "write_catalog_csv", writing)
    fixed = tmp_path / "fixed.csv"
    fixed.write_text(FIXED, encoding="utf-8")
    choose(qtbot, dialog, fixed)
    with qtbot.waitSignal(dialog.imported, timeout=WAIT_MS):
        dialog.on_import_button_clicked()
    assert len(threads) == 2 and all(name.startswith("pos-task") for name in threads), threads


def test_a_header_without_the_columns_says_so(qtbot: QtBot, dialog: CatalogImportDialog, tmp_path: Path) -> None:
    path = tmp_path / "wrong.csv"
    path.write_text("barcode,name,prices\n1,Milk,5\n", encoding="utf-8")
    choose(qtbot, dialog, path)
    summary = child(dialog, QLabel, "summary").text()
    assert summary.startswith("This file cannot be imported: The header lacks the column(s): price")
    table = child(dialog, QTableView, "preview")
    assert texts(table, CatalogPreviewModel.LINE) == ["1"]
    assert not child(dialog, QPushButton, "importButton").isEnabled()


def test_only_the_rows_to_fix_can_be_shown(qtbot: QtBot, dialog: CatalogImportDialog, tmp_path: Path) -> None:
    bad = tmp_path / "bad.csv"
    bad.write_text(BAD, encoding="utf-8")
    choose(qtbot, dialog, bad)
    only = child(dialog, QCheckBox, "onlyProblems")
    assert only.isEnabled()
    only.setChecked(True)
    table = child(dialog, QTableView, "preview")
    assert texts(table, CatalogPreviewModel.LINE) == ["3", "5"]
    only.setChecked(False)
    assert texts(table, CatalogPreviewModel.LINE) == ["2", "3", "4", "5"]


def test_an_empty_catalog_is_not_imported(qtbot: QtBot, dialog: CatalogImportDialog, tmp_path: Path) -> None:
    path = tmp_path / "empty.csv"
    path.write_text(HEADER, encoding="utf-8")
    choose(qtbot, dialog, path)
    assert "no products" in child(dialog, QLabel, "summary").text()
    assert not child(dialog, QPushButton, "importButton").isEnabled()


def test_a_failed_write_says_so_and_changes_nothing(qtbot: QtBot, dialog: CatalogImportDialog, tmp_path: Path,
                                                    data_dir: Path) -> None:
    fixed = tmp_path / "fixed.csv"
    fixed.write_text(FIXED, encoding="utf-8")
    choose(qtbot, dialog, fixed)
    (data_dir / "catalog.csv").mkdir()          # a folder where the file goes: replacing it fails, even as root
    with qtbot.waitSignal(dialog.import_failed, timeout=WAIT_MS) as failed:
        dialog.on_import_button_clicked()
    assert "catalog in use is unchanged" in failed.args[0]
    assert child(dialog, QLabel, "summary").text() == failed.args[0]
    assert child(dialog, QPushButton, "importButton").isEnabled()       # try again
    assert [path.name for path in data_dir.iterdir()] == ["catalog.csv"]     # no temporary file left behind


def test_choose_file_opens_a_file_dialog_without_blocking(qtbot: QtBot, dialog: CatalogImportDialog) -> None:
    qtbot.mouseClick(child(dialog, QPushButton, "chooseFile"), Qt.MouseButton.LeftButton)
    files = [widget for widget in dialog.findChildren(QFileDialog) if widget.isVisible()]
    assert len(files) == 1
    assert "*.xlsx" in " ".join(files[0].nameFilters()) and "*.csv" in files[0].nameFilters()[0]
    files[0].reject()


def test_the_preview_speaks_mongolian(qtbot: QtBot, language, runner: TaskRunner, data_dir: Path,
                                      tmp_path: Path) -> None:
    assert language.use("mn")
    dialog = CatalogImportDialog(runner, data_dir)
    qtbot.addWidget(dialog)
    dialog.open()
    bad = tmp_path / "bad.csv"
    bad.write_text(BAD, encoding="utf-8")
    choose(qtbot, dialog, bad)
    table = child(dialog, QTableView, "preview")
    assert table.model().headerData(CatalogPreviewModel.BARCODE, Qt.Orientation.Horizontal) == "Бар код"
    reasons = texts(table, CatalogPreviewModel.PROBLEM)
    assert reasons[1] == "Үнэ 'abc' тоо биш байна."
    assert "4-р мөрөнд аль хэдийн байна" in reasons[3]
    assert child(dialog, QLabel, "summary").text().startswith("2 бараа; 2 мөрийг засах шаардлагатай.")
    assert child(dialog, QPushButton, "importButton").text() == "Оруулах"
