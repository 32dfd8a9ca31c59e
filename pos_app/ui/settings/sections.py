"""The Settings dialog's view: its group boxes, their rows and the fields in them.

A part of `SettingsDialog` (see dialog.py), which lays the group boxes out: it builds the widgets and holds them
under the names tests, the printer's part and the dialog's actions use. Texts keep the "SettingsDialog"
translation context.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from pos_app.config.secrets import SecretStore
from pos_app.config.settings import Environment, Settings

from pos_app.ui.common.language import LANGUAGES
from pos_app.ui.common.messages import secrets_problem_text

translate = QCoreApplication.translate     # lupdate reads translate("SettingsDialog", "...") calls

ERROR_STYLE = "color: #b00020;"
# A short field beside others: (name, label, placeholder, a sample of its widest value or its choices (value, label)).
SideField = tuple[str, str, str, str | tuple[tuple[str, str], ...]]


class SettingsSections:
    """Builds the dialog's group boxes, one call each in the dialog's order; each field's row keeps an error label
    underneath. `fields` are the line edits by setting, `choices` the settings with a few fixed values,
    `error_labels` each field's error label and `rows` the widget holding each field's row (to show or hide it, and
    to find its page)."""

    def __init__(self) -> None:
        self.fields: dict[str, QLineEdit] = {}
        self.choices: dict[str, QComboBox] = {}      # the settings with a few fixed values
        self.error_labels: dict[str, QLabel] = {}
        self.rows: dict[str, QWidget] = {}

    def service_group(self, settings: Settings, secrets: SecretStore) -> QGroupBox:
        self.environment = QComboBox()
        self.environment.setObjectName("environment")
        self.environment.addItem(translate("SettingsDialog", "Training"), Environment.TRAINING)
        self.environment.addItem(translate("SettingsDialog", "QPay sandbox"), Environment.SANDBOX)
        self.environment.addItem(translate("SettingsDialog", "Production"), Environment.PRODUCTION)
        self.environment.addItem(translate("SettingsDialog", "Store server"), Environment.STORE)
        self.environment.setCurrentIndex(self.environment.findData(settings.environment))

        self.training_note = QLabel(translate("SettingsDialog",
            "Training uses the built-in practice service: no real money, no account needed."))
        self.training_note.setObjectName("training_note")
        self.training_note.setWordWrap(True)
        self.training_profile = QComboBox()     # how the practice service answers (shown in Training only)
        self.training_profile.setObjectName("training_profile")
        self.training_profile.addItem(translate("SettingsDialog", "As the contract says"), "contract")
        self.training_profile.addItem(translate("SettingsDialog", "As the live service answers"), "live")
        self.training_profile.setCurrentIndex(max(0, self.training_profile.findData(settings.training_profile)))

        self.store_note = QLabel(translate("SettingsDialog",
            "The shop's store server takes this till's payments to QPay: enter its address and the key "
            "'pos-store add-till' gave this terminal id."))
        self.store_note.setObjectName("store_note")
        self.store_note.setWordWrap(True)
        self.store_direct_allowed = QCheckBox(translate("SettingsDialog",
                                                        "Sell directly with QPay when the store is down"))
        self.store_direct_allowed.setObjectName("store_direct_allowed")
        self.store_direct_allowed.setToolTip(translate("SettingsDialog", "The owner's choice. Without it, QPay "
                                                                         "sales wait until the store answers."))
        self.store_direct_allowed.setChecked(settings.store_direct_allowed)

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

        self.test_button = QPushButton(translate("SettingsDialog", "Test connection"))
        self.test_button.setObjectName("test_connection")
        self.test_button.setAutoDefault(False)
        self.connection_result = QLabel()
        self.connection_result.setObjectName("connection_result")
        self.connection_result.setWordWrap(True)

        service = QFormLayout()
        self.service_form = service
        service.addRow(translate("SettingsDialog", "Environment"), self.with_error("environment", self.environment))
        service.addRow("", self.training_note)
        service.addRow("", self.store_note)
        service.addRow(translate("SettingsDialog", "Training service answers"),
                       self.with_error("training_profile", self.training_profile))
        self._add_line(service, "base_url", translate("SettingsDialog", "QPay address"), "https://merchant.qpay.mn")
        self.base_url_label = service.labelForField(self.rows["base_url"])     # "Store address" at a store
        self._add_line(service, "username", translate("SettingsDialog", "Username"))
        password_box = QWidget()
        password_layout = QVBoxLayout(password_box)
        password_layout.setContentsMargins(0, 0, 0, 0)
        password_layout.setSpacing(2)
        password_layout.addWidget(self.password)
        password_layout.addWidget(self.password_note)
        service.addRow(translate("SettingsDialog", "Password"), password_box)
        self.password_label = service.labelForField(password_box)              # "Till key" at a store
        self._add_line(service, "store_certificate_sha256", translate("SettingsDialog", "Store certificate"),
                       translate("SettingsDialog", "pinned by Test connection"))
        self.fields["store_certificate_sha256"].setToolTip(translate("SettingsDialog",
            "The SHA-256 fingerprint of the store server's own certificate, pinned when you test the connection "
            "and compare it with what 'pos-store certificate' prints on the store's computer."))
        # Hidden until the environment is a store (`_apply_environment`): the dialog takes its first height from
        # the rows there when it is built, and one more would open it taller than a 768-pixel screen.
        service.setRowVisible(self.rows["store_certificate_sha256"], False)
        self._add_line(service, "invoice_code", translate("SettingsDialog", "Invoice code"))
        self._add_line(service, "callback_url", translate("SettingsDialog", "Callback URL"),
                       translate("SettingsDialog", "empty: the app's own default"))
        self._add_line(service, "callback_listen", translate("SettingsDialog", "Callback receiver"),
                       translate("SettingsDialog", "off, or e.g. 127.0.0.1:8787"))
        self.fields["callback_listen"].setToolTip(translate("SettingsDialog",
            "The till listens here for the service's payment callbacks and checks at once when one "
            "arrives (it never takes a callback as proof of payment). The service must reach this "
            "address: set the Callback URL to the public address that forwards to it."))
        service.addRow("", self.with_error("store_direct_allowed", self.store_direct_allowed))
        self._direct_rows(service)
        test_row = QHBoxLayout()
        test_row.addWidget(self.test_button)
        test_row.addWidget(self.connection_result, 1)
        service.addRow("", test_row)
        service_group = QGroupBox(translate("SettingsDialog", "Payment service"))
        service_group.setLayout(service)
        return service_group

    def _direct_rows(self, service: QFormLayout) -> None:
        """At a store, when the owner lets the till sell directly: the QPay account it then uses (shown only with
        the check box ticked); its password is kept in the keyring as that account's production password."""
        self._add_line(service, "direct_base_url", translate("SettingsDialog", "Direct QPay address"),
                       "https://merchant.qpay.mn")
        self._add_line(service, "direct_username", translate("SettingsDialog", "Direct QPay username"))
        self.direct_password = QLineEdit()
        self.direct_password.setObjectName("direct_password")
        self.direct_password.setEchoMode(QLineEdit.EchoMode.Password)
        self.direct_password.setMaxLength(200)
        self.rows["direct_password"] = self.direct_password
        service.addRow(translate("SettingsDialog", "Direct QPay password"), self.direct_password)
        self._add_line(service, "direct_invoice_code", translate("SettingsDialog", "Direct QPay invoice code"))

    def till_group(self, settings: Settings) -> QGroupBox:
        till = QFormLayout()
        self._add_line(till, "terminal_id", translate("SettingsDialog", "Terminal id"))
        self._add_line(till, "shop_name", translate("SettingsDialog", "Shop name"),
                       translate("SettingsDialog", "printed on receipts"))
        self._add_line(till, "shop_register", translate("SettingsDialog", "Register no."),
                       translate("SettingsDialog", "the shop's register number, printed on receipts"))
        self._add_line(till, "shop_address", translate("SettingsDialog", "Address"),
                       translate("SettingsDialog", "printed on receipts"))
        self.browse_button = QPushButton(translate("SettingsDialog", "Browse…"))
        self.browse_button.setObjectName("browse_catalog")
        self.browse_button.setAutoDefault(False)
        self._add_line(till, "catalog_file", translate("SettingsDialog", "Catalog file"),
                       translate("SettingsDialog", "the sample catalog"), extra=self.browse_button)
        self.language = QComboBox()
        self.language.setObjectName("language")
        self.language.addItem(translate("SettingsDialog", "The computer's language"), "")
        for code, name in LANGUAGES.items():
            self.language.addItem(name, code)
        if self.language.findData(settings.language) < 0:      # e.g. "mn_MN" typed into the file by hand
            self.language.addItem(settings.language, settings.language)
        self.language.setCurrentIndex(self.language.findData(settings.language))
        self.language.setToolTip(translate("SettingsDialog", "The till's language; receipts print in it too. "
                                                             "It changes as soon as the settings are saved."))
        till.addRow(translate("SettingsDialog", "Language"), self.with_error("language", self.language))
        self._add_line(till, "time_zone", translate("SettingsDialog", "Time zone"),
                       translate("SettingsDialog", "the shop's dates, e.g. Asia/Ulaanbaatar"))
        self._add_scanner(till)
        self._add_rates(till)
        till_group = QGroupBox(translate("SettingsDialog", "This till"))
        till_group.setLayout(till)
        return till_group

    def tax_group(self, settings: Settings) -> QGroupBox:
        tax = QFormLayout()
        self.tax_form = tax
        self.training_posapi = QCheckBox(translate("SettingsDialog", "Receipts through the training PosAPI"))
        self.training_posapi.setObjectName("training_posapi")
        self.training_posapi.setToolTip(translate("SettingsDialog", "Every sale's receipt, cash and the card "
                                                                    "terminal too, through a practice PosAPI."))
        self.training_posapi.setChecked(settings.training_posapi)
        tax.addRow("", self.with_error("training_posapi", self.training_posapi))
        self._add_line(tax, "posapi_url", translate("SettingsDialog", "PosAPI address"),
                       translate("SettingsDialog", "none; e.g. http://localhost:7080"))
        self.fields["posapi_url"].setToolTip(translate("SettingsDialog",
            "The tax authority's PosAPI 3.0 on this shop's computer or network. With it, every sale's receipt "
            "(cash, card terminal, QPay) goes through it; without it, only QPay sales get a receipt (QPay's)."))
        # Short fields side by side: the dialog must still fit a 1024x768 screen with the till's large fonts.
        self._add_side_by_side(tax, translate("SettingsDialog", "Registered"), (
            ("posapi_tin", translate("SettingsDialog", "Shop's TIN"), "", "9999999"),
            ("posapi_pos_no", translate("SettingsDialog", "POS"), "", "9999")))
        self._add_side_by_side(tax, translate("SettingsDialog", "Branch, district, till"), (
            ("posapi_branch_no", translate("SettingsDialog", "Branch"), "", "99"),
            ("district_code", translate("SettingsDialog", "District"), "", "99"),
            ("posapi_till_number", translate("SettingsDialog", "Till"), "", "99")))
        self.fields["posapi_till_number"].setToolTip(translate("SettingsDialog",
            "This till's number on its receipts, 1 to 99, its own among the tills on one PosAPI (empty: the digits "
            "its terminal id ends in)."))
        self._add_side_by_side(tax, translate("SettingsDialog", "Codes"), (
            ("classification_code", translate("SettingsDialog", "Classification"), "", "9999"),
            ("tax_type", translate("SettingsDialog", "Tax type"), "", "9")))
        tax_group = QGroupBox(translate("SettingsDialog", "Tax receipt (ebarimt)"))
        tax_group.setLayout(tax)
        return tax_group

    def counter_group(self) -> QGroupBox:
        """The till's screen, its lock, the discounts a cashier may give alone and what cash is rounded to."""
        counter = QFormLayout()
        self._add_choice(counter, "window_mode", translate("SettingsDialog", "Window"), (
            ("maximized", translate("SettingsDialog", "Maximized")),
            ("full_screen", translate("SettingsDialog", "Full screen")),
            ("window", translate("SettingsDialog", "A window"))))
        self._add_line(counter, "idle_lock_minutes", translate("SettingsDialog", "Lock after idle (minutes)"),
                       translate("SettingsDialog", "0: never (with PINs set up)"))
        self._add_line(counter, "discount_limit", translate("SettingsDialog", "Discount limit (%)"),
                       translate("SettingsDialog", "above it, a manager's PIN"))
        self._add_line(counter, "cash_rounding", translate("SettingsDialog", "Cash rounding (₮)"),
                       translate("SettingsDialog", "1, 5, 10, 50 or 100: cash is paid to a multiple of it"))
        group = QGroupBox(translate("SettingsDialog", "At the counter"))
        group.setLayout(counter)
        return group

    def scale_group(self) -> QGroupBox:
        """How the shop's scale prints its labels (EAN-13 starting 20-29: the item's code and its weight or price)."""
        scale = QFormLayout()
        self._add_side_by_side(scale, translate("SettingsDialog", "Labels"), (
            ("scale_prefixes", translate("SettingsDialog", "Prefixes"), translate("SettingsDialog", "off"),
             "20-29 "),
            ("scale_kind", translate("SettingsDialog", "Holds"), "", (
                ("weight", translate("SettingsDialog", "Weight")), ("price", translate("SettingsDialog", "Price")))),
            ("scale_code_digits", translate("SettingsDialog", "Code digits"), "5", "9 ")))
        self._add_side_by_side(scale, translate("SettingsDialog", "Checks"), (
            ("scale_price_decimals", translate("SettingsDialog", "Price decimals"), "0", "9 "),
            ("scale_verifier_digit", translate("SettingsDialog", "Verifier digit"), "", (
                ("no", translate("SettingsDialog", "No")), ("yes", translate("SettingsDialog", "Yes"))))))
        group = QGroupBox(translate("SettingsDialog", "Scale labels"))
        group.setLayout(scale)
        return group

    def error_label(self, name: str) -> QLabel:
        label = QLabel()
        label.setObjectName(f"error_{name}")
        label.setStyleSheet(ERROR_STYLE)
        label.setWordWrap(True)
        label.hide()
        self.error_labels[name] = label
        return label

    def add_row(self, name: str, row: QWidget) -> None:
        """A row built by another part (the printer's), holding its field and that field's `error_label`."""
        self.rows[name] = row

    def with_error(self, name: str, field: QWidget, extra: QWidget | None = None) -> QWidget:
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
        column.addWidget(self.error_label(name))
        self.rows[name] = box
        return box

    def _add_rates(self, form: QFormLayout) -> None:
        """VAT and city tax side by side, in one row (the dialog must still fit a 1024x768 screen)."""
        self._add_side_by_side(form, translate("SettingsDialog", "Tax rates"), (
            ("vat_rate", translate("SettingsDialog", "VAT (%)"), "", "99.99 "),
            ("city_tax_rate", translate("SettingsDialog", "City tax (%)"), translate("SettingsDialog", "1 or 2"),
             "99.99 ")))

    def _add_scanner(self, form: QFormLayout) -> None:
        """The barcode scanner's prefix and suffix, in one row: without a prefix, scans are known by speed."""
        self._add_side_by_side(form, translate("SettingsDialog", "Barcode scanner"), (
            ("scanner_prefix", translate("SettingsDialog", "Prefix"), translate("SettingsDialog", "none"), "~~~~ "),
            ("scanner_suffix", translate("SettingsDialog", "Suffix"), "", (
                ("enter", translate("SettingsDialog", "Enter key")), ("tab", translate("SettingsDialog", "Tab key"))))))

    def _add_side_by_side(self, form: QFormLayout, title: str, fields: tuple[SideField, ...]) -> None:
        """Short fields in one row (name, label, placeholder, and a sample of the widest value or the choices
        (value, label)), errors below."""
        box = QWidget()
        column = QVBoxLayout(box)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(2)
        line = QHBoxLayout()
        for name, label, placeholder, widest in fields:
            field: QWidget
            if isinstance(widest, tuple):
                field = self._choice_box(name, widest)
            else:
                field = edit = QLineEdit()
                edit.setObjectName(name)
                edit.setPlaceholderText(placeholder)
                edit.ensurePolished()     # the style sheet's font, to size the field for its widest value
                # The text's width and the frame's and the style's padding around it (a bare "9" was 20 px).
                room = edit.fontMetrics().horizontalAdvance(max(widest, placeholder, key=len))
                edit.setMinimumWidth(room + edit.sizeHint().width() - edit.fontMetrics().horizontalAdvance("x" * 17))
                edit.setMaximumWidth(max(edit.minimumWidth(), room * 2))
                self.fields[name] = edit
            caption = QLabel(label)
            caption.setBuddy(field)
            line.addWidget(caption)
            line.addWidget(field, 1)
            self.rows[name] = box
        column.addLayout(line)
        for name, _label, _placeholder, _widest in fields:
            column.addWidget(self.error_label(name))
        form.addRow(title, box)

    def _choice_box(self, name: str, choices: tuple[tuple[str, str], ...]) -> QComboBox:
        """A setting with a few fixed values: their labels in the till's language, the value the settings file
        keeps as item data (a value typed into the file by hand is shown as it is, with its error)."""
        box = QComboBox()
        box.setObjectName(name)
        for value, label in choices:
            box.addItem(label, value)
        self.choices[name] = box
        return box

    def _add_choice(self, form: QFormLayout, name: str, label: str, choices: tuple[tuple[str, str], ...]) -> None:
        form.addRow(label, self.with_error(name, self._choice_box(name, choices)))

    def _add_line(self, form: QFormLayout, name: str, label: str, placeholder: str = "",
                  extra: QWidget | None = None) -> QLineEdit:
        edit = QLineEdit()
        edit.setObjectName(name)
        edit.setPlaceholderText(placeholder)
        self.fields[name] = edit
        form.addRow(label, self.with_error(name, edit, extra))
        return edit
