"""The Settings dialog: where the shop owner points the till at QPay.

The dialog only edits values. It never writes the settings file or the
keyring itself: on Save it leaves `result_settings` and `result_password`
for the app, which stores them in the background. The only store access it
makes is reading the saved password (to pre-fill the field), and that runs
through the task runner, never on the GUI thread.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from datetime import datetime
from concurrent.futures import Future
from dataclasses import fields
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt, QTimer, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
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

from pos_app.config.secrets import SecretStore, SecretStoreError, secret_account
from pos_app.config.settings import (
    DEFAULT_BASE_URLS,
    TRAINING_PASSWORD,
    Environment,
    Settings,
    SettingsProblem,
)
from pos_app.receipts.connections import printer_models
from pos_app.receipts.errors import PrintError
from pos_app.receipts.layout import printer_test_page
from pos_app.receipts import qt_out
from pos_app.receipts.printers import PrinterChoice, print_layouts, shop_header

from .language import LANGUAGES
from .messages import describe_error, secrets_problem_text, settings_problem_text
from .tasks import TaskRunner

ConnectionTest = Callable[[Settings, str], None]

# Fields a connection test depends on: a problem in one of them makes the test pointless.
_CONNECTION_FIELDS = frozenset({"environment", "base_url", "username"})
_ERROR_STYLE = "color: #b00020;"
_PASSWORD_LOOKUP_DELAY_MS = 300  # wait for the typing to pause before asking the keyring
_PRINTER_FLAGS = ("auto_print", "cut_paper", "open_drawer", "text_as_image")


class SettingsDialog(QDialog):
    """Edit the settings and the QPay password; check them as they are typed.

    On Save (the OK button) the dialog sets `result_settings` (a `Settings`
    without problems) and `result_password` (the newly typed password, or
    ``None`` when it was left as it was or not entered) and accepts. It does
    not write the settings file or the keyring: the caller does that, in the
    background. The password never appears in a repr, a log or a message.

    *test_connection(settings, password)* is called on a worker thread of
    *runner* when the cashier presses "Test connection"; it should raise on
    failure. In Training it is given the built-in practice password.

    Widgets tests may find by object name: `environment`, `training_profile`, the line edits
    named after the Settings fields (`base_url`, `username`, `invoice_code`,
    `callback_url`, `callback_listen`, `terminal_id`, `shop_name`, `district_code`,
    `classification_code`, `tax_type`, `vat_rate`, `city_tax_rate`, `catalog_file`, `shop_register`,
    `shop_address`, `time_zone`) and `password`; one `error_<field>` label per field (plus
    `error_general` for fields not on screen); `training_note`,
    `password_note`, `browse_catalog`, `test_connection`, `connection_result`
    and `save`. The receipt printer: `printer_kind`, `printer_address`,
    `paper_width`, `printer_model`, the check boxes `auto_print`, `cut_paper`,
    `open_drawer`, `text_as_image`, `test_page` and `test_page_result`; the
    `language` combo box ("" follows the computer).
    """

    test_page_finished = Signal(str, bool)   # the sentence shown under "Print test page", and whether it printed

    def __init__(self, settings: Settings, secrets: SecretStore, runner: TaskRunner,
                 test_connection: ConnectionTest, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Settings"))
        self._initial = settings
        self._secrets = secrets
        self._runner = runner
        self._test_connection = test_connection
        self._closed = False
        self._password_edited = False   # True once the cashier typed into the password field
        self._lookup_account: str | None = None
        self._testing = False
        self._test_generation = 0       # bumped on every change a running test would not reflect
        self.result_settings: Settings | None = None
        self.result_password: str | None = None

        self.fields: dict[str, QLineEdit] = {}
        self.error_labels: dict[str, QLabel] = {}
        self._rows: dict[str, QWidget] = {}

        # -- payment service ------------------------------------------------
        self.environment = QComboBox()
        self.environment.setObjectName("environment")
        self.environment.addItem(self.tr("Training"), Environment.TRAINING)
        self.environment.addItem(self.tr("QPay sandbox"), Environment.SANDBOX)
        self.environment.addItem(self.tr("Production"), Environment.PRODUCTION)
        self.environment.setCurrentIndex(self.environment.findData(settings.environment))

        self.training_note = QLabel(self.tr(
            "Training uses the built-in practice service: no real money, no account needed."))
        self.training_note.setObjectName("training_note")
        self.training_note.setWordWrap(True)
        self.training_profile = QComboBox()     # how the practice service answers (shown in Training only)
        self.training_profile.setObjectName("training_profile")
        self.training_profile.addItem(self.tr("As the contract says"), "contract")
        self.training_profile.addItem(self.tr("As the live service answers"), "live")
        self.training_profile.setCurrentIndex(max(0, self.training_profile.findData(settings.training_profile)))

        self.password = QLineEdit()
        self.password.setObjectName("password")
        self.password.setEchoMode(QLineEdit.EchoMode.Password)
        self.password.setMaxLength(200)
        self.password_note = QLabel()
        self.password_note.setObjectName("password_note")
        self.password_note.setWordWrap(True)
        if not secrets.persistent and secrets.problem:
            self.password_note.setText(secrets_problem_text(secrets.problem))
        self.password_note.setVisible(bool(self.password_note.text()))

        self.test_button = QPushButton(self.tr("Test connection"))
        self.test_button.setObjectName("test_connection")
        self.test_button.setAutoDefault(False)
        self.connection_result = QLabel()
        self.connection_result.setObjectName("connection_result")
        self.connection_result.setWordWrap(True)

        service = QFormLayout()
        self._service_form = service
        service.addRow(self.tr("Environment"), self._with_error("environment", self.environment))
        service.addRow("", self.training_note)
        service.addRow(self.tr("Training service answers"), self._with_error("training_profile", self.training_profile))
        self._add_line(service, "base_url", self.tr("QPay address"), "https://merchant.qpay.mn")
        self._add_line(service, "username", self.tr("Username"))
        password_box = QWidget()
        password_layout = QVBoxLayout(password_box)
        password_layout.setContentsMargins(0, 0, 0, 0)
        password_layout.setSpacing(2)
        password_layout.addWidget(self.password)
        password_layout.addWidget(self.password_note)
        service.addRow(self.tr("Password"), password_box)
        self._add_line(service, "invoice_code", self.tr("Invoice code"))
        self._add_line(service, "callback_url", self.tr("Callback URL"),
                       self.tr("empty: the app's own default"))
        self._add_line(service, "callback_listen", self.tr("Callback receiver"),
                       self.tr("off, or e.g. 127.0.0.1:8787"))
        self.fields["callback_listen"].setToolTip(self.tr(
            "The till listens here for the service's payment callbacks and checks at once when one "
            "arrives (it never takes a callback as proof of payment). The service must reach this "
            "address: set the Callback URL to the public address that forwards to it."))
        test_row = QHBoxLayout()
        test_row.addWidget(self.test_button)
        test_row.addWidget(self.connection_result, 1)
        service.addRow("", test_row)
        service_group = QGroupBox(self.tr("Payment service"))
        service_group.setLayout(service)

        # -- this till --------------------------------------------------------
        till = QFormLayout()
        self._add_line(till, "terminal_id", self.tr("Terminal id"))
        self._add_line(till, "shop_name", self.tr("Shop name"), self.tr("printed on receipts"))
        self._add_line(till, "shop_register", self.tr("Register no."), self.tr("the shop's ТТД, printed on receipts"))
        self._add_line(till, "shop_address", self.tr("Address"), self.tr("printed on receipts"))
        self.browse_button = QPushButton(self.tr("Browse…"))
        self.browse_button.setObjectName("browse_catalog")
        self.browse_button.setAutoDefault(False)
        self._add_line(till, "catalog_file", self.tr("Catalog file"),
                       self.tr("the sample catalog"), extra=self.browse_button)
        self.language = QComboBox()
        self.language.setObjectName("language")
        self.language.addItem(self.tr("The computer's language"), "")
        for code, name in LANGUAGES.items():
            self.language.addItem(name, code)
        if self.language.findData(settings.language) < 0:      # e.g. "mn_MN" typed into the file by hand
            self.language.addItem(settings.language, settings.language)
        self.language.setCurrentIndex(self.language.findData(settings.language))
        self.language.setToolTip(self.tr("The till's language; receipts print in it too. It changes as soon as "
                                         "the settings are saved."))
        till.addRow(self.tr("Language"), self._with_error("language", self.language))
        self._add_line(till, "time_zone", self.tr("Time zone"), self.tr("the shop's dates, e.g. Asia/Ulaanbaatar"))
        self._add_scanner(till)
        self._add_rates(till)
        till_group = QGroupBox(self.tr("This till"))
        till_group.setLayout(till)

        # -- ebarimt ----------------------------------------------------------
        tax = QFormLayout()
        self._add_line(tax, "district_code", self.tr("District code"))
        self._add_line(tax, "classification_code", self.tr("Classification code"))
        self._add_line(tax, "tax_type", self.tr("Tax type"))
        tax_group = QGroupBox(self.tr("Tax receipt (ebarimt)"))
        tax_group.setLayout(tax)

        printer_group = self._printer_group(settings)

        self.error_general = self._error_label("general")

        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.save_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.buttons.button(QDialogButtonBox.StandardButton.Cancel).setText(self.tr("Cancel"))  # Qt has no Mongolian
        self.save_button.setText(self.tr("Save"))
        self.save_button.setObjectName("save")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)

        # Two columns: with the till's large fonts one column is taller than a 1024x768 screen.
        left = QVBoxLayout()
        left.addWidget(service_group)
        left.addWidget(tax_group)
        left.addStretch(1)
        right = QVBoxLayout()
        right.addWidget(till_group)
        right.addWidget(printer_group)
        right.addStretch(1)
        columns = QHBoxLayout()
        columns.addLayout(left, 1)
        columns.addLayout(right, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(columns)
        layout.addWidget(self.error_general)
        layout.addStretch(1)
        layout.addWidget(self.buttons)
        self.setMinimumWidth(900)

        for name, edit in self.fields.items():
            edit.setText(getattr(settings, name))
            edit.textChanged.connect(self._on_changed)
            if name in _CONNECTION_FIELDS:
                edit.textChanged.connect(self._forget_connection_result)
                edit.textChanged.connect(self._on_account_changed)
        self.environment.currentIndexChanged.connect(self._on_environment_changed)
        self.password.textEdited.connect(self._on_password_edited)
        self.password.textChanged.connect(self._forget_connection_result)
        self.test_button.clicked.connect(self._start_test)
        self.printer_kind.currentIndexChanged.connect(self._on_printer_kind_changed)
        self.printer_address.textChanged.connect(self._on_printer_changed)
        self.paper_width.currentIndexChanged.connect(self._on_printer_changed)
        self.printer_model.currentTextChanged.connect(self._on_printer_changed)
        self.language.currentIndexChanged.connect(self._on_changed)
        self.training_profile.currentIndexChanged.connect(self._on_changed)
        for box in self.flags.values():
            box.toggled.connect(self._on_printer_changed)
        self.test_page_button.clicked.connect(self.on_test_page_clicked)
        self.browse_button.clicked.connect(self._browse_catalog)

        self._lookup_timer = QTimer(self)
        self._lookup_timer.setSingleShot(True)
        self._lookup_timer.setInterval(_PASSWORD_LOOKUP_DELAY_MS)
        self._lookup_timer.timeout.connect(self._look_up_password)

        self._apply_environment()
        self._on_changed()
        self._look_up_password()
        self.environment.setFocus()

    # -- building ---------------------------------------------------------------

    def _error_label(self, name: str) -> QLabel:
        label = QLabel()
        label.setObjectName(f"error_{name}")
        label.setStyleSheet(_ERROR_STYLE)
        label.setWordWrap(True)
        label.hide()
        self.error_labels[name] = label
        return label

    def _with_error(self, name: str, field: QWidget, extra: QWidget | None = None) -> QWidget:
        """The field (and an optional button beside it) with its error label underneath."""
        box = QWidget()
        column = QVBoxLayout(box)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(2)
        if extra is None:
            column.addWidget(field)
        else:
            line = QHBoxLayout()
            line.addWidget(field, 1)
            line.addWidget(extra)
            column.addLayout(line)
        column.addWidget(self._error_label(name))
        self._rows[name] = box
        return box

    def _add_rates(self, form: QFormLayout) -> None:
        """VAT and city tax side by side, in one row (the dialog must still fit a 1024x768 screen)."""
        self._add_side_by_side(form, self.tr("Tax rates"), (
            ("vat_rate", self.tr("VAT rate (%)"), "", "99.99 "),
            ("city_tax_rate", self.tr("City tax rate (%)"), self.tr("1 or 2"), "99.99 ")))

    def _add_scanner(self, form: QFormLayout) -> None:
        """The barcode scanner's prefix and suffix, in one row: without a prefix, scans are known by speed."""
        self._add_side_by_side(form, self.tr("Barcode scanner"), (
            ("scanner_prefix", self.tr("Prefix"), self.tr("none"), "~~~~ "),
            ("scanner_suffix", self.tr("Suffix"), self.tr("enter or tab"), "enter ")))

    def _add_side_by_side(self, form: QFormLayout, title: str,
                          fields: tuple[tuple[str, str, str, str], ...]) -> None:
        """Short fields in one row (name, label, placeholder, a sample of the widest value), errors below."""
        box = QWidget()
        column = QVBoxLayout(box)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(2)
        line = QHBoxLayout()
        for name, label, placeholder, widest in fields:
            edit = QLineEdit()
            edit.setObjectName(name)
            edit.setPlaceholderText(placeholder)
            edit.ensurePolished()     # the style sheet's font, to size the field for its widest value
            edit.setMaximumWidth(edit.fontMetrics().horizontalAdvance(widest) * 2)
            self.fields[name] = edit
            caption = QLabel(label)
            caption.setBuddy(edit)
            line.addWidget(caption)
            line.addWidget(edit, 1)
            self._rows[name] = box
        column.addLayout(line)
        for name, _label, _placeholder, _widest in fields:
            column.addWidget(self._error_label(name))
        form.addRow(title, box)

    def _add_line(self, form: QFormLayout, name: str, label: str, placeholder: str = "",
                  extra: QWidget | None = None) -> QLineEdit:
        edit = QLineEdit()
        edit.setObjectName(name)
        edit.setPlaceholderText(placeholder)
        self.fields[name] = edit
        form.addRow(label, self._with_error(name, edit, extra))
        return edit

    def _printer_group(self, settings: Settings) -> QGroupBox:
        self.printer_kind = QComboBox()
        self.printer_kind.setObjectName("printer_kind")
        for label, kind in ((self.tr("None"), ""), (self.tr("System printer"), "system"),
                            (self.tr("ESC/POS over USB"), "usb"), (self.tr("ESC/POS over the network"), "network"),
                            (self.tr("ESC/POS over a serial port"), "serial"),
                            (self.tr("ESC/POS via a Windows printer"), "win32"),
                            (self.tr("ESC/POS via a CUPS queue"), "cups"),
                            (self.tr("ESC/POS to a device file"), "file")):
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
        kind_layout.addWidget(self._error_label("printer"))
        self._rows["printer"] = kind_box

        self.paper_width = QComboBox()
        self.paper_width.setObjectName("paper_width")
        self.paper_width.addItem(self.tr("80 mm"), "80")
        self.paper_width.addItem(self.tr("58 mm"), "58")
        self.paper_width.addItem(self.tr("80 mm, 42 characters"), "80-42")
        self.paper_width.setItemData(2, self.tr("For 180 dpi printers such as the Epson TM-T88 series "
                                                "(512 dots a line)."), Qt.ItemDataRole.ToolTipRole)
        self.paper_width.setCurrentIndex(max(0, self.paper_width.findData(settings.paper_width)))
        self.printer_model = QComboBox()
        self.printer_model.setObjectName("printer_model")
        self.printer_model.setEditable(True)
        self.printer_model.addItem("")
        self.printer_model.addItems(printer_models())
        self.printer_model.lineEdit().setPlaceholderText(self.tr("generic printer"))
        self.printer_model.setCurrentText(settings.printer_model)
        self.printer_model.setToolTip(self.tr("The printer's model, when it is in the list: the till then knows "
                                              "which letters it can print as text. Leave empty when unsure."))
        paper_line = QWidget()        # width and model on one line, the width's error label under both
        paper_row = QHBoxLayout(paper_line)
        paper_row.setContentsMargins(0, 0, 0, 0)
        paper_row.addWidget(self.paper_width)
        paper_row.addWidget(QLabel(self.tr("Model")))
        paper_row.addWidget(self._with_error("printer_model", self.printer_model), 1)
        paper_box = self._with_error("paper_width", paper_line)

        labels = {"auto_print": self.tr("Print when the receipt is issued"),
                  "cut_paper": self.tr("Cut the paper"),
                  "open_drawer": self.tr("Open the cash drawer"),
                  "text_as_image": self.tr("Print text as pictures")}
        self.flags: dict[str, QCheckBox] = {}
        flag_grid = QGridLayout()
        flag_grid.setContentsMargins(0, 0, 0, 0)
        for index, name in enumerate(_PRINTER_FLAGS):
            box = QCheckBox(labels[name])
            box.setObjectName(name)
            box.setChecked(bool(getattr(settings, name)))
            self.flags[name] = box
            flag_grid.addWidget(box, index // 2, index % 2)
        self.flags["text_as_image"].setToolTip(self.tr(
            "For a printer that prints wrong letters: every line goes as a picture (slower, always right)."))

        self.test_page_button = QPushButton(self.tr("Print test page"))
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
        form.addRow(self.tr("Printer"), kind_box)
        form.addRow(self.tr("Paper"), paper_box)
        form.addRow("", flag_grid)
        form.addRow("", test_row)
        group = QGroupBox(self.tr("Receipt printer"))
        group.setLayout(form)
        self._testing_page = False
        self._apply_printer_kind()
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

    def current_printer(self) -> str:
        """The `printer` setting as on screen: "", "system", "system:<name>" or "<kind>:<connection>"."""
        kind = self.printer_kind.currentData() or ""
        address = self.printer_address.text().strip()
        if not kind:
            return ""
        return f"{kind}:{address}" if address else kind

    def _apply_printer_kind(self) -> None:
        kind = self.printer_kind.currentData() or ""
        self.printer_address.setEnabled(bool(kind))
        self.printer_address.setPlaceholderText(self.tr(self._ADDRESS_HINTS.get(kind, "")))
        escpos = kind not in ("", "system")
        for widget in (self.printer_model, self.flags["text_as_image"], self.flags["open_drawer"]):
            widget.setEnabled(escpos)
        for name in ("auto_print", "cut_paper"):
            self.flags[name].setEnabled(bool(kind))
        self.flags["cut_paper"].setEnabled(escpos)
        self._update_test_page_button()

    def _on_printer_kind_changed(self) -> None:
        if not self.printer_kind.currentData():
            self.printer_address.clear()
        self._apply_printer_kind()
        self._on_printer_changed()

    def _on_printer_changed(self) -> None:
        self.test_page_result.clear()
        self._on_changed()

    def _update_test_page_button(self) -> None:
        if not hasattr(self, "test_page_button"):
            return
        settings = self.current_settings()
        printer_fields = {"printer", "paper_width", "printer_model"}
        blocked = not settings.printer or any(p.field in printer_fields for p in settings.problems())
        self.test_page_button.setEnabled(not self._testing_page and not blocked)

    # -- test page ------------------------------------------------------------------

    def on_test_page_clicked(self) -> None:
        """Print the test page on the printer as set on screen (not saved yet), on the printing worker."""
        settings = self.current_settings()
        if not settings.printer or not self.test_page_button.isEnabled():
            return
        choice, shop = PrinterChoice.from_settings(settings), shop_header(settings)
        self._testing_page = True
        self._update_test_page_button()
        self.test_page_result.setText(self.tr("Printing the test page…"))

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
        if self._closed:
            return
        self._update_test_page_button()
        try:
            where = future.result()
        except PrintError as error:
            text, ok = self.tr("The test page did not print. {reason}").format(reason=error.message), False
        except Exception as error:  # noqa: BLE001 - every failure is shown in words
            text, ok = describe_error(error, self.tr("The test page did not print.")), False
        else:
            text, ok = self.tr("The test page went to {printer}: check every letter on it.").format(
                printer=where), True
        self.test_page_result.setStyleSheet("" if ok else _ERROR_STYLE)
        self.test_page_result.setText(text)
        self.test_page_finished.emit(text, ok)

    # -- reading the fields -----------------------------------------------------

    def current_environment(self) -> Environment:
        return Environment(self.environment.currentData())

    def current_settings(self) -> Settings:
        """A Settings from what is on screen now (not checked; see `problems()`)."""
        values: dict[str, Any] = {name: edit.text() for name, edit in self.fields.items()}
        values["environment"] = self.current_environment()
        values["training_profile"] = self.training_profile.currentData()
        if hasattr(self, "flags"):     # the printer group is built after the first fields
            values["printer"] = self.current_printer()
            values["paper_width"] = self.paper_width.currentData()
            values["printer_model"] = self.printer_model.currentText().strip()
            values["language"] = self.language.currentData()
            values.update({name: box.isChecked() for name, box in self.flags.items()})
        for field in fields(Settings):  # fields the dialog does not show keep their value
            values.setdefault(field.name, getattr(self._initial, field.name))
        return Settings(**values)

    def _account(self, settings: Settings) -> str | None:
        if settings.environment is Environment.TRAINING:
            return None
        return secret_account(settings.environment, settings.base_url, settings.username)

    # -- reacting to edits -----------------------------------------------------

    def _on_environment_changed(self) -> None:
        environment = self.current_environment()
        if environment in DEFAULT_BASE_URLS:
            url = self.fields["base_url"]
            if not url.text() or (url.text() in DEFAULT_BASE_URLS.values()
                                  and url.text() != DEFAULT_BASE_URLS[environment]):
                url.setText(DEFAULT_BASE_URLS[environment])
        self._apply_environment()
        self._forget_connection_result()
        self._on_changed()
        self._on_account_changed()

    def _apply_environment(self) -> None:
        training = self.current_environment() is Environment.TRAINING
        self.training_note.setVisible(training)
        self._service_form.setRowVisible(self._rows["training_profile"], training)
        self._service_form.setRowVisible(self._rows["base_url"], not training)
        self.fields["base_url"].setEnabled(not training)
        # Training logs in as the built-in merchant: no account details are needed.
        for name in ("username", "invoice_code"):
            self.fields[name].setEnabled(not training)
        self.password.setEnabled(not training)
        if training:
            self.password.setPlaceholderText(self.tr("not needed in Training"))
        elif self._secrets.persistent:
            self.password.setPlaceholderText(self.tr("stored in the system keyring"))
        else:
            self.password.setPlaceholderText(self.tr("kept for this session only"))

    def _on_changed(self) -> None:
        settings = self.current_settings()
        found = settings.problems()
        by_field: dict[str, list[str]] = {}
        general: list[str] = []
        for problem in found:
            if self._shows_errors_for(problem):
                by_field.setdefault(problem.field, []).append(settings_problem_text(problem))
            else:
                general.append(settings_problem_text(problem))
        for name, label in self.error_labels.items():
            messages = general if name == "general" else by_field.get(name, [])
            label.setText("\n".join(messages))
            label.setVisible(bool(messages))
        self.save_button.setEnabled(not found)
        self._update_test_button(found)
        self._update_test_page_button()
        if self.isVisible():
            QTimer.singleShot(0, self, self._fit_height)

    def _fit_height(self) -> None:
        # A window does not grow by itself when wrapped text (an error) needs more lines.
        layout = self.layout()
        if self._closed or layout is None:
            return
        layout.activate()
        width = self.width()
        needed = (layout.totalHeightForWidth(width) if layout.hasHeightForWidth()
                  else layout.totalSizeHint().height())
        screen = self.screen()
        if screen is not None:
            needed = min(needed, screen.availableGeometry().height())
        if needed > self.height():
            self.resize(width, needed)

    def showEvent(self, event: QShowEvent) -> None:
        self._closed = False  # shown again after a close: answers matter again
        super().showEvent(event)
        QTimer.singleShot(0, self, self._fit_height)

    def _shows_errors_for(self, problem: SettingsProblem) -> bool:
        row = self._rows.get(problem.field)
        return row is not None and not (
            problem.field == "base_url" and self.current_environment() is Environment.TRAINING)

    def _update_test_button(self, found: list[SettingsProblem] | None = None) -> None:
        if found is None:
            found = self.current_settings().problems()
        blocked = any(problem.field in _CONNECTION_FIELDS for problem in found)
        self.test_button.setEnabled(not self._testing and not blocked)

    def _forget_connection_result(self) -> None:
        # A result (or a running test) no longer describes what is on screen.
        self._test_generation += 1
        self.connection_result.clear()

    # -- the saved password -----------------------------------------------------

    def _on_password_edited(self, text: str) -> None:
        self._password_edited = bool(text)

    def _on_account_changed(self) -> None:
        if not self._password_edited:
            self._lookup_timer.start()

    def _look_up_password(self) -> None:
        account = self._account(self.current_settings())
        if account is not None and account == self._lookup_account:
            return
        if not self._password_edited:
            self.password.clear()  # it belonged to another account
        self._lookup_account = account
        if account is None or self._password_edited:
            return
        secrets = self._secrets
        self._runner.run_in_background(lambda: secrets.get_password(account),
                                       lambda future: self._password_found(account, future))

    def _password_found(self, account: str, future: Future[str | None]) -> None:
        if self._closed or self._password_edited or account != self._lookup_account:
            return
        try:
            password = future.result()
        except SecretStoreError as error:
            self._show_password_note(self.tr("Could not read the saved password: {}").format(error))
            return
        except Exception as error:  # noqa: BLE001 - a broken store may raise anything
            self._show_password_note(self.tr("Could not read the saved password ({}).").format(
                type(error).__name__))
            return
        if password:
            self.password.setText(password)

    def _show_password_note(self, text: str) -> None:
        problem = secrets_problem_text(self._secrets.problem) if not self._secrets.persistent and \
            self._secrets.problem else None
        self.password_note.setText("\n".join(part for part in (problem, text) if part))
        self.password_note.show()

    # -- test connection ----------------------------------------------------------

    def _start_test(self) -> None:
        settings = self.current_settings()
        if any(problem.field in _CONNECTION_FIELDS for problem in settings.problems()):
            return
        if settings.environment is Environment.TRAINING:
            password = TRAINING_PASSWORD
        else:
            password = self.password.text()
            if not password:
                self.connection_result.setText(self.tr("Enter the password first."))
                return
        generation = self._test_generation
        self._testing = True
        self.connection_result.setText(self.tr("Testing the connection…"))
        self.test_button.setText(self.tr("Testing…"))
        self.test_button.setEnabled(False)
        test = self._test_connection
        self._runner.run_in_background(
            lambda: test(settings, password),
            lambda future: self._test_done(generation, settings.effective_username, password, future),
            money=False)

    def _test_done(self, generation: int, username: str, password: str, future: Future[None]) -> None:
        if self._closed:
            return
        self._testing = False
        self.test_button.setText(self.tr("Test connection"))
        self._update_test_button()
        if generation != self._test_generation:
            return  # the fields changed while it ran: the answer is about other settings
        try:
            future.result()
        except Exception as error:  # noqa: BLE001 - every failure is shown in words
            text = describe_error(error, self.tr("Could not connect."))
        else:
            text = self.tr("Connected: logged in as {}.").format(username)
        if password:
            text = text.replace(password, "***")
        self.connection_result.setText(text)

    # -- catalog ------------------------------------------------------------------

    def _browse_catalog(self) -> None:
        current = self.fields["catalog_file"].text()
        path, _ = QFileDialog.getOpenFileName(
            self, self.tr("Choose the catalog"), os.path.dirname(current),
            self.tr("CSV files (*.csv);;All files (*)"))
        if path:
            self.fields["catalog_file"].setText(path)

    # -- closing ------------------------------------------------------------------

    def accept(self) -> None:
        settings = self.current_settings()
        found = settings.problems()
        if found:
            self._on_changed()
            edit = self.fields.get(found[0].field)
            if edit is not None and edit.isEnabled():
                edit.setFocus()
            return
        self.result_settings = settings
        typed = self.password.text()
        edited = self._password_edited and settings.environment is not Environment.TRAINING
        self.result_password = typed if edited and typed else None
        super().accept()

    def done(self, result: int) -> None:
        self._closed = True
        self._lookup_timer.stop()
        super().done(result)
