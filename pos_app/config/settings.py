"""The shop's settings: what they may hold, and the JSON file they live in.

The password is never part of them: it lives in the OS keyring (see `secrets`).
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, fields
from decimal import Decimal
from pathlib import Path
from typing import Any, Mapping

import platformdirs

from pos_app.domain.cash import DEFAULT_CASH_STEP
from pos_app.domain.scale import ScaleFormat
from pos_app.domain.shop_time import DEFAULT_TIME_ZONE, ShopClock, time_zone
from pos_app.domain.taxes import TaxRates

# The field checks and their limits live in .checks; the limits stay importable from here.
from .checks import (
    CITY_TAX_RATES as CITY_TAX_RATES,
    DEFAULT_CITY_TAX_RATE,
    DEFAULT_VAT_RATE,
    ESCPOS_PREFIXES as ESCPOS_PREFIXES,
    FIELD_CHECKS,
    MAX_CREDENTIAL_LENGTH as MAX_CREDENTIAL_LENGTH,
    MAX_PRINTER_LENGTH as MAX_PRINTER_LENGTH,
    MAX_SHOP_ADDRESS_LENGTH as MAX_SHOP_ADDRESS_LENGTH,
    MAX_SHOP_NAME_LENGTH as MAX_SHOP_NAME_LENGTH,
    PAPER_WIDTHS as PAPER_WIDTHS,
    SYSTEM_PRINTER as SYSTEM_PRINTER,
    TRAINING_PROFILES as TRAINING_PROFILES,
    Check as Check,
    account_checks, anything, check_cash_rounding, check_text, posapi_checks, store_checks,
    parse_listen_address as parse_listen_address,
    percent,
)
from .environment import Environment as Environment
from .labels import FIELD_LABELS as FIELD_LABELS
from .scale_checks import scale_checks
from .settings_file import (
    MAX_SETTINGS_FILE_BYTES as MAX_SETTINGS_FILE_BYTES,
    SettingsFileError as SettingsFileError,
    read_settings_file as read_settings_file,
)

APP_NAME = "pos-app"
SETTINGS_FILE_NAME = "settings.json"


DEFAULT_BASE_URLS = {
    Environment.SANDBOX: "https://merchant-sandbox.qpay.mn",
    Environment.PRODUCTION: "https://merchant.qpay.mn",
}
DEFAULT_DIRECT_BASE_URL = DEFAULT_BASE_URLS[Environment.PRODUCTION]   # a till at a store selling directly
# The embedded sandbox's built-in merchant. Public test data, so fine to have in code.
TRAINING_USERNAME = "TEST_MERCHANT"
TRAINING_PASSWORD = "123456"  # noqa: S105
TRAINING_INVOICE_CODE = "TEST_INVOICE"
STORE_INVOICE_CODE = "STORE"  # a till at a store need not know the shop's invoice code: the store sets it


@dataclass(frozen=True)
class SettingsProblem:
    field: str      # the Settings attribute at fault
    message: str    # a plain sentence for the shop owner (English)
    # The message's English template ({label} is the field's FIELD_LABELS name) and its other fields, so the
    # window can show it in the till's language; "" when the message is not made from one.
    template: str = ""
    params: tuple[tuple[str, object], ...] = ()


class SettingsError(ValueError):
    def __init__(self, problems: list[SettingsProblem]) -> None:
        self.problems = list(problems)
        super().__init__(" ".join(problem.message for problem in self.problems))



@dataclass(frozen=True)
class Settings:
    environment: Environment = Environment.TRAINING
    base_url: str = ""            # unused in training: the app starts its own sandbox
    username: str = ""
    invoice_code: str = ""
    callback_url: str = ""        # empty: the app fills a harmless default (or the receiver's own address)
    callback_listen: str = ""     # "host:port" of the local callback receiver; empty: off (polling alone)
    terminal_id: str = "T1"
    shop_name: str = ""           # printed on receipts
    district_code: str = ""       # ebarimt defaults
    classification_code: str = ""
    tax_type: str = "1"
    catalog_file: str = ""        # empty: the sample catalog shipped in resources/
    language: str = ""            # empty: follow the system locale
    shop_register: str = ""       # the shop's tax register number (ТТД), printed on receipts
    shop_address: str = ""        # printed on receipts
    # Receipt printer: "" none, "system" / "system:<name>" through Qt, or an ESC/POS connection such as
    # "usb:04b8:0202", "serial:/dev/ttyUSB0:9600", "network:192.168.1.50:9100", "win32:<name>",
    # "cups:<name>", "file:/dev/usb/lp0" (pos_app.receipts.connections reads these).
    printer: str = ""
    paper_width: str = "80"       # "80" or "58" (mm), or "80-42": 80 mm at 180 dpi, 42 characters
    printer_model: str = ""       # ESC/POS: a python-escpos profile name; empty: a generic printer
    auto_print: bool = True       # print as soon as the ebarimt is issued (when a printer is set)
    cut_paper: bool = True
    open_drawer: bool = False     # kick the cash drawer on each new receipt
    text_as_image: bool = False   # ESC/POS: every line as a picture, for printers whose code pages are wrong
    # The shop's dates (sale numbers, history, day close, slips) are in this zone, whatever the computer's.
    time_zone: str = DEFAULT_TIME_ZONE
    vat_rate: str = DEFAULT_VAT_RATE             # percent
    city_tax_rate: str = DEFAULT_CITY_TAX_RATE   # percent: 1 or 2
    # The barcode scanner: what it sends before a code ("": none, recognised by its speed) and after it.
    scanner_prefix: str = ""
    scanner_suffix: str = "enter"                # "enter" or "tab"
    # Training only: the embedded sandbox answers "contract" (as the contract says) or "live" (as the live
    # service answers); a change restarts it.
    training_profile: str = "contract"
    # Every sale's receipt (cash, the card terminal, QPay) through PosAPI 3.0, the tax authority's local service.
    # Training: the embedded PosAPI sandbox when `training_posapi`. Otherwise the shop's own at `posapi_url`
    # ("" none: QPay sales get QPay's ebarimt, and cash or card-terminal sales get no receipt), registered with
    # the shop's TIN, this till's POS number, the branch and the district (`district_code`, 4 digits then).
    training_posapi: bool = True
    posapi_url: str = ""
    posapi_tin: str = ""
    posapi_pos_no: str = ""
    posapi_branch_no: str = "1"
    # This till's number on its receipts' bill numbers (1-99), unique among the tills on one PosAPI; "": the digits
    # its terminal id ends in (T2: 2). PosAPI refuses a bill number used by any of the merchant's tills that day.
    posapi_till_number: str = ""
    # The label scale's barcodes (pos_app.domain.scale): EAN-13s with these prefixes ("20-29", "21,22"; "": the
    # till reads none) carry an item code of `scale_code_digits` digits and the weight in grams ("weight") or the
    # price ("price", with `scale_price_decimals` decimals) in the rest; "yes": a GS1 verifier digit before it.
    scale_prefixes: str = "20-29"
    scale_kind: str = "weight"
    scale_code_digits: str = "5"
    scale_price_decimals: str = "0"
    scale_verifier_digit: str = "no"
    window_mode: str = "maximized"               # "maximized", "full_screen" or "window"
    idle_lock_minutes: str = "5"                 # once PINs are set up; "0": never
    discount_limit: str = "10"                   # percent a cashier may give; above it, a manager's PIN
    cash_rounding: str = "1"                     # cash is paid to a multiple of this many tögrög: 1, 5, 10, 50 or 100
    store_direct_allowed: bool = False           # at a store: the owner lets the till sell with QPay when it is down
    # ... with this QPay account (its password: the keyring's production account of it, `direct_account`).
    direct_base_url: str = DEFAULT_DIRECT_BASE_URL
    direct_username: str = ""
    direct_invoice_code: str = ""
    # At a store serving its own certificate: that certificate's SHA-256 fingerprint, compared by the owner with
    # what `pos-store certificate` prints and pinned at set-up ("": one an authority vouches for). Not a secret.
    store_certificate_sha256: str = ""

    def __post_init__(self) -> None:
        # Callers may pass "production"; keep the field a real Environment.
        try:
            object.__setattr__(self, "environment", Environment(self.environment))
        except (ValueError, TypeError):
            raise SettingsError([_bad_environment()]) from None

    @property
    def tax_rates(self) -> TaxRates:
        """The rates as fractions for the cart (ValueError when a rate is not valid: see problems())."""
        return TaxRates(vat=percent(self.vat_rate) / 100, city=percent(self.city_tax_rate) / 100)

    def clock(self) -> ShopClock:
        """The shop's clock in its time zone (ValueError when the zone is unknown: see problems())."""
        return ShopClock(time_zone(self.time_zone))

    @property
    def scale_format(self) -> ScaleFormat:
        """How the scale's labels read (ValueError when a scale setting is not valid: see problems())."""
        return ScaleFormat.from_text(self.scale_prefixes, self.scale_kind, self.scale_code_digits,
                                     self.scale_price_decimals, self.scale_verifier_digit)

    @property
    def cash_step(self) -> Decimal:
        """What cash is rounded to (`cash_rounding`); 1 ₮ when that setting is not valid (see problems())."""
        return Decimal(self.cash_rounding) if check_cash_rounding(self.cash_rounding) is None else DEFAULT_CASH_STEP

    @property
    def uses_posapi(self) -> bool:
        """Receipts go through a PosAPI: the training one, or the shop's."""
        if self.environment is Environment.TRAINING:
            return self.training_posapi
        return bool(self.posapi_url)

    @property
    def effective_username(self) -> str:
        """Who logs in: the sample merchant in training, this till (its terminal id) at a store."""
        if self.environment is Environment.TRAINING:
            return TRAINING_USERNAME
        return self.terminal_id if self.environment is Environment.STORE else self.username

    @property
    def effective_invoice_code(self) -> str:
        if self.environment is Environment.TRAINING:
            return TRAINING_INVOICE_CODE
        if self.environment is Environment.STORE:
            return self.invoice_code or STORE_INVOICE_CODE   # the store puts the shop's own on every invoice
        return self.invoice_code

    @property
    def uses_store(self) -> bool:
        return self.environment is Environment.STORE

    @property
    def pinned_certificate_sha256(self) -> str:
        """At a store: its certificate's pinned fingerprint, which every call to it checks ("": an authority's
        certificate, or not at a store)."""
        return self.store_certificate_sha256.strip() if self.uses_store else ""

    def problems(self) -> list[SettingsProblem]:
        """Every problem, in field order. Pure: no disk or network access."""
        checks = dict(FIELD_CHECKS)
        if self.environment is Environment.STORE:
            checks.update(store_checks(direct=self.store_direct_allowed))
        elif self.environment is not Environment.TRAINING:
            checks.update(account_checks(production=self.environment is Environment.PRODUCTION))
        if self.environment is not Environment.TRAINING and self.posapi_url:
            # At a store too: its tills share the shop's PosAPI, each with its own number on its bills.
            checks.update(posapi_checks(self.terminal_id))
        checks.update(scale_checks(verifier_digit=self.scale_verifier_digit == "yes"))
        found: list[SettingsProblem] = []
        for name in _text_field_names():
            value = getattr(self, name)
            # Every field must at least be savable text, even one this environment ignores.
            result = check_text(value) or checks.get(name, anything)(value)
            if result:
                template, params = (result, {}) if isinstance(result, str) else result
                found.append(SettingsProblem(name, template.format(label=FIELD_LABELS[name], **params), template,
                                             tuple(params.items())))
        return found

    def check(self) -> Settings:
        found = self.problems()
        if found:
            raise SettingsError(found)
        return self

    @property
    def printer_kind(self) -> str:
        """"" (no printer), "system" or the ESC/POS connection's kind ("usb", "network", ...)."""
        return self.printer.partition(":")[0].strip().lower()

    def to_json_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {name: getattr(self, name) for name in _text_field_names()}
        data.update({name: getattr(self, name) for name in _flag_field_names()})
        data["environment"] = self.environment.value
        return data

    @classmethod
    def from_json_dict(cls, data: Mapping[str, Any]) -> Settings:
        """Known keys only, so unknown keys and any stray secret are never loaded.

        Raises SettingsError when a value has the wrong type; values of the
        right type are not validated here (see problems()), so a hand-edited
        file still loads and its problems can be shown and fixed.
        """
        if not isinstance(data, Mapping):
            raise SettingsError([SettingsProblem("", "The settings must be a JSON object.")])
        found: list[SettingsProblem] = []
        values: dict[str, Any] = {}
        for name in _flag_field_names():
            if name not in data:
                continue
            if isinstance(data[name], bool):
                values[name] = data[name]
            else:
                found.append(SettingsProblem(name, f"The setting '{FIELD_LABELS[name]}' must be true or false."))
        for name in ("environment", *_text_field_names()):
            if name not in data:
                continue
            value = data[name]
            if not isinstance(value, str):
                found.append(SettingsProblem(name, f"The {FIELD_LABELS[name]} must be text."))
            elif name == "environment" and value not in {e.value for e in Environment}:
                found.append(_bad_environment())
            else:
                values[name] = value
        if found:
            raise SettingsError(found)
        return cls(**values)


def default_settings_path() -> Path:
    return platformdirs.user_config_path(APP_NAME, appauthor=False) / SETTINGS_FILE_NAME


def load_settings(path: Path) -> Settings:
    """Defaults when the file is missing; SettingsFileError (naming it) when it is unusable."""
    data = read_settings_file(path)
    if data is None:
        return Settings()
    try:
        return Settings.from_json_dict(data)
    except SettingsError as error:
        raise SettingsFileError(Path(path), str(error)) from None


def save_settings(settings: Settings, path: Path) -> None:
    """Write atomically, owner-only: a crash leaves the old file or the new one, never half of one."""
    settings.check()
    path = Path(path)
    folder = path.parent
    if not folder.exists():
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        os.chmod(folder, 0o700)  # mkdir's mode is narrowed by the umask; set it exactly
    text = json.dumps(settings.to_json_dict(), indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    import uuid   # (it loads `platform`: not before the till's first window)

    temp = folder / f".{path.name}.{uuid.uuid4().hex}.tmp"
    # Created 0o600 from the start, so the file is never readable by others, not even briefly.
    descriptor = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o600)
    try:
        try:
            if hasattr(os, "fchmod"):
                os.fchmod(descriptor, 0o600)
            os.write(descriptor, text.encode("utf-8"))
            os.fsync(descriptor)
        finally:
            os.close(descriptor)
        os.replace(temp, path)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise
    _fsync_folder(folder)


def _fsync_folder(folder: Path) -> None:
    # Makes the rename itself durable on POSIX; Windows cannot open a folder this way.
    if os.name == "nt":
        return
    descriptor = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


def _text_field_names() -> list[str]:
    return [field.name for field in fields(Settings) if field.name != "environment" and field.type in ("str", str)]


def _flag_field_names() -> list[str]:
    return [field.name for field in fields(Settings) if field.type in ("bool", bool)]


def _bad_environment() -> SettingsProblem:
    return SettingsProblem("environment", "The environment must be training, sandbox, production or store.")
