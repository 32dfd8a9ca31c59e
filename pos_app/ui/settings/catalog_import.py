"""Import the shop's catalog from a CSV or an Excel workbook, after a preview that names every bad row.

`CatalogImportDialog(runner, data_dir)`, opened with `open()`: "Choose file…" (a non-blocking file dialog),
the file read and checked on a worker (`pos_app.config.catalog_files.read_catalog_file`), then the preview
(`catalog_import_preview.CatalogPreviewModel`): every row, each bad one marked with its reasons, and a
summary. "Import" is enabled only for a file with products and no problem at all: nothing is imported
until every row is fixed. It writes `data_dir / "catalog.csv"` on a worker (atomically: the catalog in use
stays whole if anything fails) and emits `imported(path)`; the caller points the settings at it and reloads.

Signals: `previewed(CatalogCheck)` once a chosen file is shown, `imported(str)`, `import_failed(str)`.
Object names: `chooseFile`, `fileName`, `onlyProblems`, `preview`, `summary`, `importButton`, `closeButton`.
"""

from __future__ import annotations

from concurrent.futures import Future
from pathlib import Path

from PySide6.QtCore import QStandardPaths, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QDialog,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from pos_app.config.catalog_files import read_catalog_file, write_catalog_csv
from pos_app.domain.catalog import HEADER_LINE, CatalogCheck

from pos_app.ui.settings.catalog_preview import ALERT_COLOR, CatalogPreviewModel
from pos_app.ui.common.tasks import TaskRunner

CATALOG_FILE_NAME = "catalog.csv"

_STYLE = f"""
QLabel#summary {{ font-size: 12pt; }}
QLabel#summary[kind="error"] {{ color: {ALERT_COLOR}; }}
QLabel#summary[kind="done"] {{ color: #0e7c4a; }}
QLabel#fileName {{ color: #52606d; }}
QTableView#preview {{ font-size: 11pt; background: white; }}
"""


class CatalogImportDialog(QDialog):
    """See the module's docstring."""

    previewed = Signal(object)      # the CatalogCheck shown
    imported = Signal(str)          # the catalog file written
    import_failed = Signal(str)     # what the cashier was told

    def __init__(self, runner: TaskRunner, data_dir: Path, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("catalogImportDialog")
        self.setWindowTitle(self.tr("Import the catalog"))
        self.setStyleSheet(_STYLE)
        self.resize(1180, 640)
        self._runner = runner
        self.target = Path(data_dir) / CATALOG_FILE_NAME
        self.check: CatalogCheck | None = None     # the file shown, once read
        self._path = ""
        self._reading = 0            # which read is the latest: an older one's answer is not shown
        self._busy_reading = False
        self._writing = False
        self._done = False           # the file shown was imported
        self._closed = False
        self._file_dialog: QFileDialog | None = None
        self._folder = (QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
                        or QStandardPaths.writableLocation(QStandardPaths.StandardLocation.HomeLocation))

        self.choose_button = QPushButton(self.tr("Choose file…"))
        self.choose_button.setObjectName("chooseFile")
        self.choose_button.clicked.connect(self.on_choose_file_clicked)
        self.file_label = QLabel(self.tr("A CSV file (UTF-8) or an Excel workbook (.xlsx) with the columns "
                                         "barcode, name, price, tax_product_code, classification_code, city_tax; "
                                         "pinned and unit may be added."))
        self.file_label.setObjectName("fileName")
        self.file_label.setWordWrap(True)

        self.model = CatalogPreviewModel(self)
        self.table = QTableView()
        self.table.setObjectName("preview")
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().hide()
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(CatalogPreviewModel.NAME, QHeaderView.ResizeMode.Stretch)
        for column, width in ((CatalogPreviewModel.LINE, 60), (CatalogPreviewModel.PROBLEM, 360),
                              (CatalogPreviewModel.BARCODE, 160), (CatalogPreviewModel.PRICE, 80),
                              (CatalogPreviewModel.UNIT, 50), (CatalogPreviewModel.TAX_CODES, 100),
                              (CatalogPreviewModel.CITY_TAX, 70), (CatalogPreviewModel.PINNED, 70)):
            header.resizeSection(column, width)

        self.only_problems = QCheckBox(self.tr("Show only the rows to fix"))
        self.only_problems.setObjectName("onlyProblems")
        self.only_problems.toggled.connect(self.on_only_problems_toggled)
        self.summary = QLabel(self.tr("Choose the file to import."))
        self.summary.setObjectName("summary")
        self.summary.setWordWrap(True)

        self.import_button = QPushButton(self.tr("Import"))
        self.import_button.setObjectName("importButton")
        self.import_button.setDefault(True)
        self.import_button.clicked.connect(self.on_import_button_clicked)
        self.close_button = QPushButton(self.tr("Close"))
        self.close_button.setObjectName("closeButton")
        self.close_button.setAutoDefault(False)
        self.close_button.clicked.connect(self.reject)

        top = QHBoxLayout()
        top.addWidget(self.choose_button)
        top.addWidget(self.file_label, 1)
        buttons = QHBoxLayout()
        buttons.addWidget(self.only_problems)
        buttons.addStretch(1)
        buttons.addWidget(self.import_button)
        buttons.addWidget(self.close_button)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.summary)
        layout.addLayout(buttons)
        self._update_buttons()

    # -- state ------------------------------------------------------------------------------------------------

    @property
    def can_import(self) -> bool:
        """A file is shown with products, no problem at all, and is not imported yet."""
        return (self.check is not None and self.check.ok and bool(self.check.items) and not self._busy_reading
                and not self._writing and not self._done)

    def _update_buttons(self) -> None:
        self.choose_button.setEnabled(not self._writing)
        self.import_button.setEnabled(self.can_import)
        self.only_problems.setEnabled(self.check is not None and not self.check.ok)

    def _set_summary(self, text: str, kind: str = "") -> None:
        self.summary.setText(text)
        self.summary.setProperty("kind", kind)
        self.summary.style().unpolish(self.summary)
        self.summary.style().polish(self.summary)

    # -- choosing and reading the file ---------------------------------------------------------------------------

    def on_choose_file_clicked(self) -> None:
        if self._file_dialog is not None or self._writing:
            return
        dialog = QFileDialog(self, self.tr("Choose the catalog to import"), self._folder)
        dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptOpen)
        dialog.setFileMode(QFileDialog.FileMode.ExistingFile)
        dialog.setNameFilters([self.tr("Catalogs (*.csv *.xlsx *.xlsm)"), self.tr("CSV files (*.csv)"),
                               self.tr("Excel workbooks (*.xlsx *.xlsm)"), self.tr("All files (*)")])
        dialog.fileSelected.connect(self.on_file_dialog_file_selected)
        dialog.finished.connect(self.on_file_dialog_finished)
        self._file_dialog = dialog
        dialog.open()

    def on_file_dialog_finished(self, _result: int) -> None:
        dialog, self._file_dialog = self._file_dialog, None
        if dialog is not None:
            dialog.deleteLater()

    def on_file_dialog_file_selected(self, path: str) -> bool:
        """Read and check the file at `path` on a worker, then preview it; `previewed` follows.

        Returns False (and starts nothing) while the catalog is being written or when `path` is empty."""
        if self._closed or self._writing or not path:
            return False
        self._reading += 1
        reading = self._reading
        self._path = path
        self._folder = str(Path(path).parent)
        self._busy_reading = True
        self._done = False
        self.check = None
        self.model.set_check(None)
        self.file_label.setText(path)
        self._set_summary(self.tr("Reading {file}…").format(file=Path(path).name))
        self._update_buttons()
        self._runner.run_in_background(lambda: read_catalog_file(path),
                                       lambda future: self.on_read_finished(reading, path, future))
        return True

    def on_read_finished(self, reading: int, path: str, future: Future[CatalogCheck]) -> None:
        if self._closed or reading != self._reading:
            return                     # closed (and so forgotten), or another file was chosen meanwhile
        self._busy_reading = False
        try:
            check = future.result()
        except Exception as error:  # noqa: BLE001 - every failure is shown in words
            self._set_summary(self.tr("Could not read {file}: {reason}. Nothing was imported.").format(
                file=Path(path).name, reason=str(error) or type(error).__name__), "error")
            self._update_buttons()
            return
        self.check = check
        self.model.set_check(check)
        self._show_summary(check)
        self._update_buttons()
        self.previewed.emit(check)

    def _show_summary(self, check: CatalogCheck) -> None:
        items = self.tr("%Ln item(s)", "", len(check.items))
        whole = [problem for problem in check.problems if problem.line <= HEADER_LINE]
        if whole:
            self._set_summary(self.tr("This file cannot be imported: {reason} Nothing was imported.").format(
                reason=self.model.problem_text(whole[0])), "error")
        elif check.problems:
            rows = self.tr("%Ln row(s) need fixing", "", len(check.bad_lines))
            self._set_summary(self.tr("{items}; {rows}. Fix them in the file and choose it again: nothing is "
                                      "imported until every row is right.").format(items=items, rows=rows),
                              "error")
        elif not check.items:
            self._set_summary(self.tr("The file has no products to import."), "error")
        else:
            self._set_summary(self.tr("{items}, every row right. Import replaces the catalog the till sells "
                                      "from.").format(items=items))

    def on_only_problems_toggled(self, checked: bool) -> None:
        self.model.show_only_problems(checked)

    # -- importing -----------------------------------------------------------------------------------------------

    def on_import_button_clicked(self) -> bool:
        """Write the previewed catalog to `target` on a worker; `imported` or `import_failed` follows.

        Returns False (and starts nothing) unless `can_import`."""
        if self._closed or not self.can_import or self.check is None:
            return False
        items, target = self.check.items, self.target
        self._writing = True
        self._update_buttons()
        self._set_summary(self.tr("Importing %Ln item(s)…", "", len(items)))
        self._runner.run_in_background(lambda: write_catalog_csv(items, target),
                                       lambda future: self.on_write_finished(len(items), future))
        return True

    def on_write_finished(self, count: int, future: Future[Path]) -> None:
        self._writing = False
        try:
            written = future.result()
        except Exception as error:  # noqa: BLE001 - every failure is shown in words
            reason = (error.strerror if isinstance(error, OSError) else None) or str(error) or type(error).__name__
            text = self.tr("Could not save the catalog to {path}: {reason}. The catalog in use is unchanged; "
                           "try again.").format(path=self.target, reason=reason)
            if not self._closed:
                self._set_summary(text, "error")
                self._update_buttons()
            self.import_failed.emit(text)
            return
        # Said even when the dialog was closed meanwhile: the file is written, the caller must use it.
        self._done = True
        if not self._closed:
            self._set_summary(self.tr("Imported %Ln item(s) into {path}.", "", count).format(path=written),
                              "done")
            self._update_buttons()
        self.imported.emit(str(written))

    # -- closing -------------------------------------------------------------------------------------------------

    def done(self, result: int) -> None:
        self._closed = True   # a read still on its way is not shown any more
        if self._file_dialog is not None:
            self._file_dialog.reject()
        super().done(result)

    def showEvent(self, event) -> None:  # noqa: ANN001 - Qt's QShowEvent
        if self._closed:                  # opened again: start afresh (a read still on its way is forgotten)
            self._closed = False
            self._reading += 1
            self._busy_reading = self._done = False
            self.check = None
            self.model.set_check(None)
            self._set_summary(self.tr("Choose the file to import."))
            self._update_buttons()
        super().showEvent(event)


__all__ = ["CATALOG_FILE_NAME", "CatalogImportDialog"]
