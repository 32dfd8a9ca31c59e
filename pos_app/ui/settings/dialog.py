"""The Settings dialog: where the shop owner points the till at QPay.

The dialog is split by job: settings_sections.py builds the payment-service, till and ebarimt
group boxes, settings_printer.py the receipt printer's group and its test page, settings_actions.py
the password look-up, "Test connection" and "Browse…"; this module holds the model (reading and
checking what is on screen) and ties them together.

The dialog only edits values. It never writes the settings file or the
keyring itself: on Save it leaves `result_settings` and `result_password`
for the app, which stores them in the background. The only store access it
makes is reading the saved password (to pre-fill the field), and that runs
through the task runner, never on the GUI thread.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from typing import Any

from PySide6.QtCore import QTimer, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QDialog,
    QComboBox,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from pos_app.config.secrets import SecretStore, secret_account
from pos_app.config.settings import (
    DEFAULT_BASE_URLS,
    Environment,
    Settings,
    SettingsProblem,
)

from pos_app.ui.common.messages import settings_problem_text
from pos_app.ui.settings.actions import CONNECTION_FIELDS, DIRECT_ROWS, SettingsActions
from pos_app.ui.settings.printer import PrinterSettings
from pos_app.ui.common.tasks import TaskRunner

ConnectionTest = Callable[[Settings, str], None]

_PASSWORD_LOOKUP_DELAY_MS = 300  # wait for the typing to pause before asking the keyring


class SettingsDialog(QDialog, PrinterSettings, SettingsActions):
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
    `password_note`, `browse_catalog`, `test_connection`, `connection_result`; at a store, the check box
    `store_direct_allowed` and, when ticked, the direct QPay account's `direct_base_url`, `direct_username`,
    `direct_invoice_code` and `direct_password`
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
        self._direct_password_edited = False   # the same for the direct QPay account's password
        self._direct_lookup_account: str | None = None
        self._testing = False
        self._test_generation = 0       # bumped on every change a running test would not reflect
        self.result_settings: Settings | None = None
        self.result_password: str | None = None
        self.result_direct_password: str | None = None   # the direct QPay account's, when typed (at a store)

        self.fields: dict[str, QLineEdit] = {}
        self.choices: dict[str, QComboBox] = {}      # the settings with a few fixed values
        self.error_labels: dict[str, QLabel] = {}
        self._rows: dict[str, QWidget] = {}

        service_group = self._service_group(settings, secrets)
        till_group = self._till_group(settings)
        tax_group = self._tax_group(settings)
        printer_group = self._printer_group(settings)
        counter_group = self._counter_group()
        scale_group = self._scale_group()

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
        left.addStretch(1)
        right = QVBoxLayout()
        right.addWidget(till_group)
        right.addStretch(1)
        columns = QHBoxLayout()
        columns.addLayout(left, 1)
        columns.addLayout(right, 1)
        # The counter's settings on a page of their own: with them beside the rest the dialog outgrew 1024x768.
        shop_page, counter_page = QWidget(), QWidget()
        shop_page.setLayout(columns)
        columns.setContentsMargins(0, 6, 0, 0)
        counter_column = QHBoxLayout(counter_page)
        counter_column.setContentsMargins(0, 6, 0, 0)
        counter_left, counter_right = QVBoxLayout(), QVBoxLayout()
        counter_left.addWidget(tax_group)
        counter_left.addWidget(printer_group)
        counter_left.addStretch(1)
        counter_right.addWidget(counter_group)
        counter_right.addWidget(scale_group)
        counter_right.addStretch(1)
        counter_column.addLayout(counter_left, 1)
        counter_column.addLayout(counter_right, 1)
        self.pages = QTabWidget()
        self.pages.setObjectName("pages")
        self.pages.setDocumentMode(True)     # no frame around the pages: the dialog must fit 1024x768
        self.pages.addTab(shop_page, self.tr("Payments and till"))
        self.pages.addTab(counter_page, self.tr("Receipts, printer, counter, scale"))
        layout = QVBoxLayout(self)
        layout.addWidget(self.pages)
        layout.addWidget(self.error_general)
        layout.addStretch(1)
        layout.addWidget(self.buttons)
        # At least 900 px wide, never narrower than the layout needs (a fixed minimum width overrides the layout's
        # own: at 1024x768 in Mongolian that cut labels, "VAT rate (%"); bounded by the screen when shown.
        self.resize(max(900, self.sizeHint().width()), self.height())

        for name, box in self.choices.items():
            value = getattr(settings, name)
            if box.findData(value) < 0:
                box.addItem(value, value)
            box.setCurrentIndex(box.findData(value))
            box.currentIndexChanged.connect(self._on_changed)
        for name, edit in self.fields.items():
            edit.setText(getattr(settings, name))
            edit.textChanged.connect(self._on_changed)
            if name in CONNECTION_FIELDS:
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
        self.training_posapi.toggled.connect(self._on_changed)
        self.store_direct_allowed.toggled.connect(self._on_direct_allowed_toggled)
        for name in ("direct_base_url", "direct_username"):
            self.fields[name].textChanged.connect(self._on_direct_account_changed)
        self.direct_password.textEdited.connect(self._on_direct_password_edited)
        if "terminal_id" not in CONNECTION_FIELDS:     # at a store the till logs in by its terminal id
            self.fields["terminal_id"].textChanged.connect(self._forget_connection_result)
            self.fields["terminal_id"].textChanged.connect(self._on_account_changed)
        for box in self.flags.values():
            box.toggled.connect(self._on_printer_changed)
        self.test_page_button.clicked.connect(self.on_test_page_clicked)
        self.browse_button.clicked.connect(self._browse_catalog)

        self._lookup_timer = QTimer(self)
        self._lookup_timer.setSingleShot(True)
        self._lookup_timer.setInterval(_PASSWORD_LOOKUP_DELAY_MS)
        self._lookup_timer.timeout.connect(self._look_up_password)
        self._lookup_timer.timeout.connect(self._look_up_direct_password)

        self._apply_environment()
        self._on_changed()
        self._look_up_password()
        self._look_up_direct_password()
        self.environment.setFocus()

    # -- reading the fields -----------------------------------------------------

    def current_environment(self) -> Environment:
        return Environment(self.environment.currentData())

    def current_settings(self) -> Settings:
        """A Settings from what is on screen now (not checked; see `problems()`)."""
        values: dict[str, Any] = {name: edit.text() for name, edit in self.fields.items()}
        values.update({name: box.currentData() for name, box in self.choices.items()})
        values["environment"] = self.current_environment()
        values["training_profile"] = self.training_profile.currentData()
        values["training_posapi"] = self.training_posapi.isChecked()
        values["store_direct_allowed"] = self.store_direct_allowed.isChecked()
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
        return secret_account(settings.environment, settings.base_url, settings.effective_username)

    # -- reacting to edits -----------------------------------------------------

    def _on_environment_changed(self) -> None:
        environment = self.current_environment()
        if environment in DEFAULT_BASE_URLS:
            url = self.fields["base_url"]
            if not url.text() or (url.text() in DEFAULT_BASE_URLS.values()
                                  and url.text() != DEFAULT_BASE_URLS[environment]):
                url.setText(DEFAULT_BASE_URLS[environment])
        elif environment is Environment.STORE and self.fields["base_url"].text() in DEFAULT_BASE_URLS.values():
            self.fields["base_url"].clear()      # QPay's address is never the store's
        self._apply_environment()
        self._forget_connection_result()
        self._on_changed()
        self._on_account_changed()

    def _apply_environment(self) -> None:
        training = self.current_environment() is Environment.TRAINING
        self.training_note.setVisible(training)
        self._service_form.setRowVisible(self._rows["training_profile"], training)
        self._service_form.setRowVisible(self._rows["base_url"], not training)
        self._tax_form.setRowVisible(self._rows["training_posapi"], training)
        for name in ("posapi_url", "posapi_tin"):   # (the TIN's row holds the POS number)
            self._tax_form.setRowVisible(self._rows[name], not training)
        self.fields["base_url"].setEnabled(not training)
        # Training logs in as the built-in merchant: no account details are needed.
        for name in ("username", "invoice_code"):
            self.fields[name].setEnabled(not training)
        self.password.setEnabled(not training)
        # At a store the till logs in by its terminal id and key; the store holds the account and gets callbacks.
        store = self.current_environment() is Environment.STORE
        self.store_note.setVisible(store)
        for name in ("username", "invoice_code", "callback_url", "callback_listen", "store_direct_allowed"):
            self._service_form.setRowVisible(self._rows[name], store if name == "store_direct_allowed" else not store)
        direct = store and self.store_direct_allowed.isChecked()      # the direct account: only when allowed
        for name in DIRECT_ROWS:
            self._service_form.setRowVisible(self._rows[name], direct)
        self.base_url_label.setText(self.tr("Store address") if store else self.tr("QPay address"))
        self.password_label.setText(self.tr("Till key") if store else self.tr("Password"))
        self.fields["base_url"].setPlaceholderText("http://192.168.1.10:8770" if store else "https://merchant.qpay.mn")
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
        self._mark_pages(set(by_field))
        self._update_test_button(found)
        self._update_test_page_button()
        if self.isVisible():
            QTimer.singleShot(0, self, self._fit_height)

    def show_page_of(self, widget: QWidget) -> None:
        for index in range(self.pages.count()):
            if self.pages.widget(index).isAncestorOf(widget):
                self.pages.setCurrentIndex(index)

    def _mark_pages(self, fields_at_fault: set[str]) -> None:
        """A page holding a field with a problem says so on its tab (its errors are out of sight)."""
        for index in range(self.pages.count()):
            page = self.pages.widget(index)
            faulty = any(page.isAncestorOf(self._rows[name]) for name in fields_at_fault if name in self._rows)
            title = self.pages.tabText(index).removesuffix("  ⚠")
            self.pages.setTabText(index, title + ("  ⚠" if faulty else ""))

    def _fit_height(self) -> None:
        # A window does not grow by itself when wrapped text (an error) needs more lines.
        layout = self.layout()
        if self._closed or layout is None:
            return
        layout.activate()
        width, height = self.width(), self.height()
        needed = (layout.totalHeightForWidth(width) if layout.hasHeightForWidth()
                  else layout.totalSizeHint().height())
        height = max(height, needed)
        screen = self.screen()
        if screen is not None:      # (sized before it was shown, with every row there: perhaps larger than the screen)
            area = screen.availableGeometry()
            width = max(min(width, area.width()), layout.totalMinimumSize().width())
            height = max(min(height, area.height()), layout.totalMinimumSize().height())
        if (width, height) != (self.width(), self.height()):
            self.resize(width, height)

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
        blocked = any(problem.field in CONNECTION_FIELDS for problem in found)
        self.test_button.setEnabled(not self._testing and not blocked)

    def _forget_connection_result(self) -> None:
        # A result (or a running test) no longer describes what is on screen.
        self._test_generation += 1
        self.connection_result.clear()

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
        direct = self.direct_password.text()
        self.result_direct_password = direct if (self._direct_password_edited and direct and settings.uses_store
                                                 and settings.store_direct_allowed) else None
        super().accept()

    def done(self, result: int) -> None:
        self._closed = True
        self._lookup_timer.stop()
        super().done(result)
