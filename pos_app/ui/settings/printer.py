"""The Settings dialog's receipt printer: its group box, its fields' behaviour and the test page.

A part of `SettingsDialog` (see dialog.py), built on the dialog's view (`SettingsSections`). The test page prints
on the task runner's printing worker. Texts keep the "SettingsDialog" translation context.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future
from datetime import datetime

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from pos_app.config.settings import Settings
from pos_app.receipts import qt_out
from pos_app.receipts.escpos_target import printer_models
from pos_app.receipts.errors import PrintError
from pos_app.receipts.layout import printer_test_page
from pos_app.receipts.printers import PrinterChoice, print_layouts, shop_header

from pos_app.ui.common.messages import describe_error
from pos_app.ui.common.tasks import TaskRunner
from pos_app.ui.settings.sections import ERROR_STYLE, SettingsSections

translate = QCoreApplication.translate     # lupdate reads translate("SettingsDialog", "...") calls

_PRINTER_FLAGS = ("auto_print", "cut_paper", "open_drawer", "text_as_image")


class PrinterSettings:
    """The printer group of `SettingsDialog` (`group`), its rows added to the dialog's *sections*.

    *current_settings* reads the whole dialog (the test page prints the shop's header as typed), *on_changed* is
    told of every edit here, *is_closed* says whether the dialog was closed (a late answer is then not shown) and
    *on_test_page_done(text, ok)* hears how the test page went.
    """

    def __init__(self, settings: Settings, sections: SettingsSections, runner: TaskRunner,
                 current_settings: Callable[[], Settings], on_changed: Callable[[], None],
                 is_closed: Callable[[], bool], on_test_page_done: Callable[[str, bool], None]) -> None:
        self._sections = sections
        self._runner = runner
        self._current_settings = current_settings
        self._on_changed = on_changed
        self._is_closed = is_closed
        self._report_test_page = on_test_page_done
        self.group = self._printer_group(settings)
        self.printer_kind.currentIndexChanged.connect(self._on_printer_kind_changed)
        self.printer_address.textChanged.connect(self._on_printer_changed)
        self.paper_width.currentIndexChanged.connect(self._on_printer_changed)
        self.printer_model.currentTextChanged.connect(self._on_printer_changed)
        for box in self.flags.values():
            box.toggled.connect(self._on_printer_changed)
        self.test_page_button.clicked.connect(self.on_test_page_clicked)

    def _printer_group(self, settings: Settings) -> QGroupBox:
        self.printer_kind = QComboBox()
        self.printer_kind.setObjectName("printer_kind")
        for label, kind in ((translate("SettingsDialog", "None"), ""),
                            (translate("SettingsDialog", "System printer"), "system"),
                            (translate("SettingsDialog", "ESC/POS over USB"), "usb"),
                            (translate("SettingsDialog", "ESC/POS over the network"), "network"),
                            (translate("SettingsDialog", "ESC/POS over a serial port"), "serial"),
                            (translate("SettingsDialog", "ESC/POS via a Windows printer"), "win32"),
                            (translate("SettingsDialog", "ESC/POS via a CUPS queue"), "cups"),
                            (translate("SettingsDialog", "ESC/POS to a device file"), "file")):
            self.printer_kind.addItem(label, kind)
        kind, _, address = settings.printer.partition(":")
        index = self.printer_kind.findData(kind.strip().lower())
        self.printer_kind.setCurrentIndex(max(0, index))
        self.printer_address = QLineEdit(address.strip() if index > 0 else "")
        self.printer_address.setObjectName("printer_address")
        kind_box = QWidget()          # the kind above its connection: an address needs the whole width
        kind_layout = QVBoxLayout(kind_box)
        kind_layout.setContentsMargins(0, 0, 0, 0)
        kind_layout.setSpacing(4)
        kind_layout.addWidget(self.printer_kind)
        kind_layout.addWidget(self.printer_address)
        kind_layout.addWidget(self._sections.error_label("printer"))
        self._sections.add_row("printer", kind_box)

        self.paper_width = QComboBox()
        self.paper_width.setObjectName("paper_width")
        self.paper_width.addItem(translate("SettingsDialog", "80 mm"), "80")
        self.paper_width.addItem(translate("SettingsDialog", "58 mm"), "58")
        self.paper_width.addItem(translate("SettingsDialog", "80 mm, 42 characters"), "80-42")
        self.paper_width.setItemData(2, translate("SettingsDialog", "For 180 dpi printers such as the Epson TM-T88 "
                                                                    "series (512 dots a line)."),
                                     Qt.ItemDataRole.ToolTipRole)
        self.paper_width.setCurrentIndex(max(0, self.paper_width.findData(settings.paper_width)))
        self.printer_model = QComboBox()
        self.printer_model.setObjectName("printer_model")
        self.printer_model.setEditable(True)
        self.printer_model.addItem("")
        self.printer_model.addItems(printer_models())
        self.printer_model.lineEdit().setPlaceholderText(translate("SettingsDialog", "generic printer"))
        self.printer_model.setCurrentText(settings.printer_model)
        self.printer_model.setToolTip(translate("SettingsDialog", "The printer's model, when it is in the list: "
                                                                  "the till then knows which letters it can print "
                                                                  "as text. Leave empty when unsure."))
        paper_line = QWidget()        # width and model on one line, the width's error label under both
        paper_row = QHBoxLayout(paper_line)
        paper_row.setContentsMargins(0, 0, 0, 0)
        paper_row.addWidget(self.paper_width)
        paper_row.addWidget(QLabel(translate("SettingsDialog", "Model")))
        paper_row.addWidget(self._sections.with_error("printer_model", self.printer_model), 1)
        paper_box = self._sections.with_error("paper_width", paper_line)

        labels = {"auto_print": translate("SettingsDialog", "Print when the receipt is issued"),
                  "cut_paper": translate("SettingsDialog", "Cut the paper"),
                  "open_drawer": translate("SettingsDialog", "Open the cash drawer"),
                  "text_as_image": translate("SettingsDialog", "Print text as pictures")}
        self.flags: dict[str, QCheckBox] = {}
        flag_grid = QGridLayout()
        flag_grid.setContentsMargins(0, 0, 0, 0)
        for index, name in enumerate(_PRINTER_FLAGS):
            box = QCheckBox(labels[name])
            box.setObjectName(name)
            box.setChecked(bool(getattr(settings, name)))
            self.flags[name] = box
            flag_grid.addWidget(box, index // 2, index % 2)
        self.flags["text_as_image"].setToolTip(translate("SettingsDialog",
            "For a printer that prints wrong letters: every line goes as a picture (slower, always right)."))

        self.test_page_button = QPushButton(translate("SettingsDialog", "Print test page"))
        self.test_page_button.setObjectName("test_page")
        self.test_page_button.setAutoDefault(False)
        self.test_page_result = QLabel()
        self.test_page_result.setObjectName("test_page_result")
        self.test_page_result.setWordWrap(True)
        self.test_page_result.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        test_row = QHBoxLayout()
        test_row.addWidget(self.test_page_button)
        test_row.addWidget(self.test_page_result, 1)

        form = QFormLayout()
        form.addRow(translate("SettingsDialog", "Printer"), kind_box)
        form.addRow(translate("SettingsDialog", "Paper"), paper_box)
        form.addRow("", flag_grid)
        form.addRow("", test_row)
        group = QGroupBox(translate("SettingsDialog", "Receipt printer"))
        group.setLayout(form)
        self._testing_page = False
        self._enable_for_kind()     # (the test page's button follows once the dialog reads all its fields)
        return group

    # Marked for lupdate, translated where shown.
    _ADDRESS_HINTS = {
        "": "",
        "system": QT_TRANSLATE_NOOP("SettingsDialog", "empty: the computer's default printer"),
        "usb": QT_TRANSLATE_NOOP("SettingsDialog", "vendor:product, e.g. 04b8:0202"),
        "network": QT_TRANSLATE_NOOP("SettingsDialog", "address[:port], e.g. 192.168.1.50:9100"),
        "serial": QT_TRANSLATE_NOOP("SettingsDialog", "port[:baud], e.g. COM3 or /dev/ttyUSB0:115200"),
        "win32": QT_TRANSLATE_NOOP("SettingsDialog", "the printer's name in Windows"),
        "cups": QT_TRANSLATE_NOOP("SettingsDialog", "the CUPS queue's name"),
        "file": QT_TRANSLATE_NOOP("SettingsDialog", "e.g. /dev/usb/lp0"),
    }

    def current_values(self) -> dict[str, object]:
        """The printer's settings as on screen (unchecked), by the names of `Settings` fields."""
        values: dict[str, object] = {
            "printer": self.current_printer(),
            "paper_width": self.paper_width.currentData(),
            "printer_model": self.printer_model.currentText().strip(),
        }
        values.update({name: box.isChecked() for name, box in self.flags.items()})
        return values

    def current_printer(self) -> str:
        """The `printer` setting as on screen: "", "system", "system:<name>" or "<kind>:<connection>"."""
        kind = self.printer_kind.currentData() or ""
        address = self.printer_address.text().strip()
        if not kind:
            return ""
        return f"{kind}:{address}" if address else kind

    def _apply_printer_kind(self) -> None:
        self._enable_for_kind()
        self.update_test_page_button()

    def _enable_for_kind(self) -> None:
        """An address only with a printer; the ESC/POS choices only for an ESC/POS printer."""
        kind = self.printer_kind.currentData() or ""
        self.printer_address.setEnabled(bool(kind))
        self.printer_address.setPlaceholderText(translate("SettingsDialog", self._ADDRESS_HINTS.get(kind, "")))
        escpos = kind not in ("", "system")
        for widget in (self.printer_model, self.flags["text_as_image"], self.flags["open_drawer"]):
            widget.setEnabled(escpos)
        for name in ("auto_print", "cut_paper"):
            self.flags[name].setEnabled(bool(kind))
        self.flags["cut_paper"].setEnabled(escpos)

    def _on_printer_kind_changed(self) -> None:
        if not self.printer_kind.currentData():
            self.printer_address.clear()
        self._apply_printer_kind()
        self._on_printer_changed()

    def _on_printer_changed(self) -> None:
        self.test_page_result.clear()
        self._on_changed()

    def update_test_page_button(self) -> None:
        settings = self._current_settings()
        printer_fields = {"printer", "paper_width", "printer_model"}
        blocked = not settings.printer or any(p.field in printer_fields for p in settings.problems())
        self.test_page_button.setEnabled(not self._testing_page and not blocked)

    # -- test page ------------------------------------------------------------------

    def on_test_page_clicked(self) -> None:
        """Print the test page on the printer as set on screen (not saved yet), on the printing worker."""
        settings = self._current_settings()
        if not settings.printer or not self.test_page_button.isEnabled():
            return
        choice, shop = PrinterChoice.from_settings(settings), shop_header(settings)
        self._testing_page = True
        self.update_test_page_button()
        self.test_page_result.setText(translate("SettingsDialog", "Printing the test page…"))

        try:
            clock = settings.clock().now        # the shop's time, as on every slip
        except ValueError:
            clock = datetime.now                # a time zone still being typed

        if choice.is_system:
            qt_out.prepare_printing()   # fonts and the print plugin load here, never on the worker (GIL)

        def job() -> str:
            print_layouts((printer_test_page(shop, choice.describe(), choice.paper, clock()),), choice)
            return choice.describe()

        self._runner.run_in_background(job, self._on_test_page_done, printing=True)

    def _on_test_page_done(self, future: Future[str]) -> None:
        self._testing_page = False
        if self._is_closed():
            return
        self.update_test_page_button()
        try:
            where = future.result()
        except PrintError as error:
            text, ok = translate("SettingsDialog", "The test page did not print. {reason}").format(
                reason=error.message), False
        except Exception as error:  # noqa: BLE001 - every failure is shown in words
            text, ok = describe_error(error, translate("SettingsDialog", "The test page did not print.")), False
        else:
            text, ok = translate("SettingsDialog", "The test page went to {printer}: check every letter on it.").format(
                printer=where), True
        self.test_page_result.setStyleSheet("" if ok else ERROR_STYLE)
        self.test_page_result.setText(text)
        self._report_test_page(text, ok)
