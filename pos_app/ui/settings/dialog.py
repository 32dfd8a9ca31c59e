"""The Settings dialog: where the shop owner points the till at QPay.

The dialog owns a part for each job: its view (sections.py) builds the group boxes and holds their
fields, the printer's part (printer.py) the receipt printer's group and its test page, its actions
(actions.py) the password look-up, "Test connection" and "Browse…"; this module lays the groups out,
holds the model (reading and checking what is on screen) and ties the parts together.

The dialog only edits values. It never writes the settings file or the
keyring itself: on Save it leaves `result_settings` and `result_password`
for the app, which stores them in the background. The only store access it
makes is reading the saved password (to pre-fill the field), and that runs
through the task runner, never on the GUI thread.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from PySide6.QtCore import QTimer, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from pos_app.config.secrets import SecretStore
from pos_app.config.settings import (
    DEFAULT_BASE_URLS,
    Environment,
    Settings,
    SettingsProblem,
)

from pos_app.ui.common.messages import settings_problem_text
from pos_app.ui.settings.actions import CONNECTION_FIELDS, DIRECT_ROWS, ConnectionTest, SettingsActions
from pos_app.ui.settings.printer import PrinterSettings
from pos_app.ui.settings.sections import SettingsSections
from pos_app.ui.common.tasks import TaskRunner
from pos_app.ui.common.weak_calls import weak_method


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

    Its parts: `sections` (the view: the group boxes and their fields), `printer` (the receipt printer's group
    and its test page) and `settings_actions` (the password look-up, "Test connection" and "Browse…").

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
        self._closed = False
        self.result_settings: Settings | None = None
        self.result_password: str | None = None
        self.result_direct_password: str | None = None   # the direct QPay account's, when typed (at a store)

        self.sections = sections = SettingsSections()
        service_group = sections.service_group(settings, secrets)
        till_group = sections.till_group(settings)
        tax_group = sections.tax_group(settings)
        # The parts get the dialog's methods weakly (see weak_calls): a dialog let go of dies at once.
        current_settings, is_closed = weak_method(self.current_settings), weak_method(self._is_closed, gone=True)
        self.printer = PrinterSettings(settings, sections, runner, current_settings, weak_method(self._on_changed),
                                       is_closed, self.test_page_finished.emit)
        printer_group = self.printer.group
        counter_group = sections.counter_group()
        scale_group = sections.scale_group()
        self.settings_actions = SettingsActions(self, sections, secrets, runner, test_connection, current_settings,
                                                is_closed)

        self.error_general = sections.error_label("general")

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

        # The fields' edits, in this order: the model first, then what depends on the account. (The printer's and
        # the actions' own widgets are tied to them by those parts.)
        for name, box in sections.choices.items():
            value = getattr(settings, name)
            if box.findData(value) < 0:
                box.addItem(value, value)
            box.setCurrentIndex(box.findData(value))
            box.currentIndexChanged.connect(self._on_changed)
        for name, edit in sections.fields.items():
            edit.setText(getattr(settings, name))
            edit.textChanged.connect(self._on_changed)
            if name in CONNECTION_FIELDS:
                edit.textChanged.connect(self.settings_actions.forget_connection_result)
                edit.textChanged.connect(self.settings_actions.on_account_changed)
        sections.environment.currentIndexChanged.connect(self._on_environment_changed)
        sections.language.currentIndexChanged.connect(self._on_changed)
        sections.training_profile.currentIndexChanged.connect(self._on_changed)
        sections.training_posapi.toggled.connect(self._on_changed)
        sections.store_direct_allowed.toggled.connect(self._on_direct_allowed_toggled)
        for name in ("direct_base_url", "direct_username"):
            sections.fields[name].textChanged.connect(self.settings_actions.on_direct_account_changed)
        if "terminal_id" not in CONNECTION_FIELDS:     # at a store the till logs in by its terminal id
            sections.fields["terminal_id"].textChanged.connect(self.settings_actions.forget_connection_result)
            sections.fields["terminal_id"].textChanged.connect(self.settings_actions.on_account_changed)

        self._apply_environment()
        self._on_changed()
        self.settings_actions.look_up_password()
        self.settings_actions.look_up_direct_password()
        sections.environment.setFocus()

    # -- reading the fields -----------------------------------------------------

    def current_environment(self) -> Environment:
        return Environment(self.sections.environment.currentData())

    def current_settings(self) -> Settings:
        """A Settings from what is on screen now (not checked; see `problems()`)."""
        sections = self.sections
        values: dict[str, Any] = {name: edit.text() for name, edit in sections.fields.items()}
        values.update({name: box.currentData() for name, box in sections.choices.items()})
        values["environment"] = self.current_environment()
        values["training_profile"] = sections.training_profile.currentData()
        values["training_posapi"] = sections.training_posapi.isChecked()
        values["store_direct_allowed"] = sections.store_direct_allowed.isChecked()
        values["language"] = sections.language.currentData()
        values.update(self.printer.current_values())
        for field in fields(Settings):  # fields the dialog does not show keep their value
            values.setdefault(field.name, getattr(self._initial, field.name))
        return Settings(**values)

    def _is_closed(self) -> bool:
        return self._closed

    # -- reacting to edits -----------------------------------------------------

    def _on_environment_changed(self) -> None:
        environment = self.current_environment()
        if environment in DEFAULT_BASE_URLS:
            url = self.sections.fields["base_url"]
            if not url.text() or (url.text() in DEFAULT_BASE_URLS.values()
                                  and url.text() != DEFAULT_BASE_URLS[environment]):
                url.setText(DEFAULT_BASE_URLS[environment])
        elif environment is Environment.STORE and self.sections.fields["base_url"].text() in DEFAULT_BASE_URLS.values():
            self.sections.fields["base_url"].clear()      # QPay's address is never the store's
        self._apply_environment()
        self.settings_actions.forget_connection_result()
        self._on_changed()
        self.settings_actions.on_account_changed()

    def _apply_environment(self) -> None:
        sections, rows = self.sections, self.sections.rows
        training = self.current_environment() is Environment.TRAINING
        sections.training_note.setVisible(training)
        sections.service_form.setRowVisible(rows["training_profile"], training)
        sections.service_form.setRowVisible(rows["base_url"], not training)
        sections.tax_form.setRowVisible(rows["training_posapi"], training)
        for name in ("posapi_url", "posapi_tin"):   # (the TIN's row holds the POS number)
            sections.tax_form.setRowVisible(rows[name], not training)
        sections.fields["base_url"].setEnabled(not training)
        # Training logs in as the built-in merchant: no account details are needed.
        for name in ("username", "invoice_code"):
            sections.fields[name].setEnabled(not training)
        sections.password.setEnabled(not training)
        # At a store the till logs in by its terminal id and key; the store holds the account and gets callbacks.
        store = self.current_environment() is Environment.STORE
        sections.store_note.setVisible(store)
        for name in ("username", "invoice_code", "callback_url", "callback_listen", "store_direct_allowed",
                     "store_certificate_sha256"):
            shown = store if name in ("store_direct_allowed", "store_certificate_sha256") else not store
            sections.service_form.setRowVisible(rows[name], shown)
        direct = store and sections.store_direct_allowed.isChecked()      # the direct account: only when allowed
        for name in DIRECT_ROWS:
            sections.service_form.setRowVisible(rows[name], direct)
        sections.base_url_label.setText(self.tr("Store address") if store else self.tr("QPay address"))
        sections.password_label.setText(self.tr("Till key") if store else self.tr("Password"))
        sections.fields["base_url"].setPlaceholderText("https://192.168.1.10:8770" if store else "https://merchant.qpay.mn")
        if training:
            sections.password.setPlaceholderText(self.tr("not needed in Training"))
        elif self._secrets.persistent:
            sections.password.setPlaceholderText(self.tr("stored in the system keyring"))
        else:
            sections.password.setPlaceholderText(self.tr("kept for this session only"))

    def _on_direct_allowed_toggled(self) -> None:
        self._apply_environment()
        self._on_changed()
        self.settings_actions.on_direct_account_changed()

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
        for name, label in self.sections.error_labels.items():
            messages = general if name == "general" else by_field.get(name, [])
            label.setText("\n".join(messages))
            label.setVisible(bool(messages))
        self.save_button.setEnabled(not found)
        self._mark_pages(set(by_field))
        self.settings_actions.update_test_button(found)
        self.printer.update_test_page_button()
        if self.isVisible():
            QTimer.singleShot(0, self, self._fit_height)

    def show_page_of(self, widget: QWidget) -> None:
        for index in range(self.pages.count()):
            if self.pages.widget(index).isAncestorOf(widget):
                self.pages.setCurrentIndex(index)

    def _mark_pages(self, fields_at_fault: set[str]) -> None:
        """A page holding a field with a problem says so on its tab (its errors are out of sight)."""
        rows = self.sections.rows
        for index in range(self.pages.count()):
            page = self.pages.widget(index)
            faulty = any(page.isAncestorOf(rows[name]) for name in fields_at_fault if name in rows)
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
        row = self.sections.rows.get(problem.field)
        return row is not None and not (
            problem.field == "base_url" and self.current_environment() is Environment.TRAINING)

    # -- closing ------------------------------------------------------------------

    def accept(self) -> None:
        settings = self.current_settings()
        found = settings.problems()
        if found:
            self._on_changed()
            edit = self.sections.fields.get(found[0].field)
            if edit is not None and edit.isEnabled():
                edit.setFocus()
            return
        self.result_settings = settings
        typed = self.sections.password.text()
        edited = self.settings_actions.password_edited and settings.environment is not Environment.TRAINING
        self.result_password = typed if edited and typed else None
        direct = self.sections.direct_password.text()
        self.result_direct_password = direct if (self.settings_actions.direct_password_edited and direct
                                                 and settings.uses_store and settings.store_direct_allowed) else None
        super().accept()

    def done(self, result: int) -> None:
        self._closed = True
        self.settings_actions.stop()
        super().done(result)
