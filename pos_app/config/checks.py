"""The settings' field checks: what each text field may hold, and the limits they check against.

Pure: no disk or network access. `Settings.problems()` (pos_app.config.settings) runs them.
"""

from __future__ import annotations

import re
import unicodedata
from decimal import Decimal, InvalidOperation
from typing import Callable, Union
from urllib.parse import urlsplit

from pos_app.domain.receipt_bills import till_number, till_number_from
from pos_app.domain.cash import CASH_STEPS
from pos_app.domain.shop_time import DEFAULT_TIME_ZONE, time_zone
from pos_app.domain.validators import TERMINAL_ID

from .scale_checks import (
    check_scale_code_digits,
    check_scale_kind,
    check_scale_prefixes,
    check_scale_price_decimals,
    check_scale_verifier_digit,
)

MAX_CREDENTIAL_LENGTH = 45
MAX_SHOP_NAME_LENGTH = 100
MAX_SHOP_ADDRESS_LENGTH = 200
MAX_PRINTER_LENGTH = 200
PAPER_WIDTHS = ("80", "58", "80-42")   # "80-42": 80 mm at 180 dpi, 42 characters (Epson TM-T88)
# How the `printer` setting starts: the system's printers through Qt, or an ESC/POS printer's connection.
SYSTEM_PRINTER = "system"
ESCPOS_PREFIXES = ("usb", "serial", "network", "win32", "cups", "file")
# Tax rates in percent, as the tax office states them. City tax (НХАТ) is 1 % or 2 % by the goods and the year.
DEFAULT_VAT_RATE = "10"
DEFAULT_CITY_TAX_RATE = "2"
CITY_TAX_RATES = ("1", "2")
# How the training service (the embedded sandbox) answers: as the contract says, or as the live service does.
TRAINING_PROFILES = ("contract", "live")
_PERCENT = re.compile(r"[0-9]{1,2}(\.[0-9]{1,2})?")
_SHA256_HEX = re.compile(r"[0-9A-Fa-f]{64}")
_SHORT_CODE = re.compile(r"[A-Za-z0-9]{1,20}")
_LANGUAGE = re.compile(r"[A-Za-z]{2,3}([_-][A-Za-z0-9]{2,8})*")
# Control characters, lone surrogates and line/paragraph separators: unprintable, unsavable as UTF-8.
_UNSAFE_CATEGORIES = frozenset({"Cc", "Cs", "Zl", "Zp"})

# Each check returns None, a message template ({label} is the field's plain name), or a template and the
# values of its other fields.
Check = Union[str, tuple[str, dict[str, object]], None]

def check_text(value: object) -> Check:
    if not isinstance(value, str):
        return "The {label} must be text."
    if any(unicodedata.category(ch) in _UNSAFE_CATEGORIES for ch in value):
        return "The {label} must not contain line breaks or control characters."
    return None


def check_credential(value: str) -> Check:
    if not value:
        return "Enter the {label}."
    if any(ch.isspace() for ch in value):
        return "The {label} must not contain spaces."
    if len(value) > MAX_CREDENTIAL_LENGTH:
        return "The {label} can be at most {maximum} characters.", {"maximum": MAX_CREDENTIAL_LENGTH}
    return None


def anything(value: str) -> Check:
    return None


def check_web_address(value: str, example: str) -> Check:
    """Whether `value` is an absolute http(s) address with a host."""
    if any(ch.isspace() for ch in value):
        return "The {label} must not contain spaces."
    try:
        parts = urlsplit(value)
        parts.port  # noqa: B018 - raises ValueError for a port that is not a number
    except ValueError:
        parts = None
    if parts is None or parts.scheme.lower() not in ("http", "https") or not parts.hostname:
        return "The {label} must be a full web address such as {example}.", {"example": example}
    if parts.username is not None or parts.password is not None:
        return "The {label} must not contain a user name or password."  # secrets belong in the keyring
    if parts.query or parts.fragment:
        return "The {label} must not contain ? or #."
    return None


def check_base_url(value: str, https_only: bool) -> Check:
    if not value:
        return "Enter the {label}, for example https://merchant.qpay.mn."
    problem = check_web_address(value, "https://merchant.qpay.mn")
    if problem:
        return problem
    if https_only and urlsplit(value).scheme.lower() != "https":
        return ("In production the {label} must start with https://, "
                "so the password and payments cannot be read on the way.")
    return None


def check_store_url(value: str) -> Check:
    """The store's address: https (the till's key crosses the shop's network), or plain http to this computer."""
    problem = check_base_url(value, https_only=False)
    if problem:
        return problem
    parts = urlsplit(value)
    if parts.scheme.lower() != "https" and (parts.hostname or "").lower() not in ("localhost", "127.0.0.1", "::1"):
        return ("The {label} must start with https:// (plain http only to this computer), so the till's key "
                "cannot be read on the way.")
    return None


def check_certificate_sha256(value: str) -> Check:
    """Empty (the store's certificate is vouched for by an authority), or the SHA-256 fingerprint of the store's
    own certificate, pinned at set-up (64 hex digits, colons or blanks between them as `pos-store` prints it)."""
    if value and not _SHA256_HEX.fullmatch(re.sub(r"[\s:]", "", value)):
        return "The {label} must be 64 hex digits, as 'pos-store certificate' prints it."
    return None


def check_callback_url(value: str) -> Check:
    # Empty is fine: the app then fills a harmless default.
    return check_web_address(value, "https://myshop.mn/qpay") if value else None


def parse_listen_address(value: str) -> tuple[str, int]:
    """`host:port` (IPv6 as `[::1]:8787`) as the receiver binds it; ValueError when it is not one."""
    host, sep, port_text = value.rpartition(":")
    host = host[1:-1] if host.startswith("[") and host.endswith("]") else host
    if not sep or not host or not port_text.isascii() or not port_text.isdigit():
        raise ValueError(value)
    port = int(port_text)
    if not 1 <= port <= 65535 or any(ch.isspace() or ch in "/?#@" for ch in host):
        raise ValueError(value)
    return host, port


def check_listen_address(value: str) -> Check:
    if not value:
        return None
    try:
        parse_listen_address(value)
    except ValueError:
        return "The {label} must be empty (off) or a host and port such as 127.0.0.1:8787."
    return None


def check_terminal_id(value: str) -> Check:
    return None if TERMINAL_ID.fullmatch(value) else "The {label} must be 1 to 20 Latin letters, digits or _."


def check_short_code(value: str) -> Check:
    if not value or _SHORT_CODE.fullmatch(value):
        return None
    return "The {label} must be empty or up to 20 Latin letters and digits."


def check_shop_name(value: str) -> Check:
    if len(value) > MAX_SHOP_NAME_LENGTH:
        return "The {label} can be at most {maximum} characters.", {"maximum": MAX_SHOP_NAME_LENGTH}
    return None


def check_language(value: str) -> Check:
    if not value or _LANGUAGE.fullmatch(value):
        return None
    return "The {label} must be empty (follow the computer) or a code such as mn or en_US."


def check_shop_register(value: str) -> Check:
    if not value or (len(value) <= 20 and value.isalnum()):
        return None
    return "The {label} must be empty or up to 20 letters and digits, without spaces."


def check_shop_address(value: str) -> Check:
    if len(value) > MAX_SHOP_ADDRESS_LENGTH:
        return "The {label} can be at most {maximum} characters.", {"maximum": MAX_SHOP_ADDRESS_LENGTH}
    return None


def check_printer(value: str) -> Check:
    """The shape only (a known kind); the connection's details are read where it is used."""
    if not value:
        return None
    if len(value) > MAX_PRINTER_LENGTH:
        return "The {label} can be at most {maximum} characters.", {"maximum": MAX_PRINTER_LENGTH}
    kind, sep, rest = value.partition(":")
    if kind == SYSTEM_PRINTER:
        return None
    if kind in ESCPOS_PREFIXES and sep and rest.strip():
        return None
    return ("The {label} must be empty (none), system, system:<printer name>, or an ESC/POS connection "
            "such as usb:04b8:0202, serial:COM3, network:192.168.1.50:9100, win32:<name>, cups:<name> "
            "or file:/dev/usb/lp0.")


def check_paper_width(value: str) -> Check:
    return None if value in PAPER_WIDTHS else "The {label} must be 80, 58 or 80-42 (80 mm, 42 characters)."


def check_printer_model(value: str) -> Check:
    if not value or (len(value) <= 40 and all(ch.isalnum() or ch in "-_. " for ch in value)):
        return None
    return "The {label} must be empty (a generic printer) or a model name such as TM-T20II."


def check_time_zone(value: str) -> Check:
    try:
        time_zone(value)
    except ValueError:
        return "The {label} must be a time zone name such as {example}.", {"example": DEFAULT_TIME_ZONE}
    return None


def percent(value: str) -> Decimal:
    if not _PERCENT.fullmatch(value):
        raise ValueError(f"not a percentage: {value!r}")
    try:
        return Decimal(value)
    except InvalidOperation:
        raise ValueError(f"not a percentage: {value!r}") from None


def check_vat_rate(value: str) -> Check:
    try:
        percent(value)
    except ValueError:
        return "The {label} must be a percentage below 100 with at most 2 decimals, such as {example}.", {
            "example": DEFAULT_VAT_RATE}
    return None


def check_scanner_prefix(value: str) -> Check:
    if value and (len(value) > 4 or not value.isprintable() or any(char.isalnum() or char.isspace()
                                                                   for char in value)):
        return "The {label} is up to 4 signs that no code holds (such as ~ or #), or nothing."
    return None


def check_scanner_suffix(value: str) -> Check:
    return None if value in ("enter", "tab") else "The {label} must be enter or tab."


def check_city_tax_rate(value: str) -> Check:
    return None if value in CITY_TAX_RATES else "The {label} must be 1 or 2 (percent)."


def check_training_profile(value: str) -> Check:
    return None if value in TRAINING_PROFILES else ("The {label} must be contract (as the contract says) or live "
                                                    "(as the live service answers).")


_TIN = re.compile(r"[0-9]{11,14}")
_BRANCH_NO = re.compile(r"[0-9]{1,3}")
_DISTRICT = re.compile(r"[0-9]{4}")
_POS_NO = re.compile(r"[A-Za-z0-9_-]{1,20}")


def check_posapi_url(value: str) -> Check:
    """The shop's PosAPI: empty (none), or an http(s) address; plain http is its own (it runs on the shop's
    computer or network, http://localhost:7080 by default)."""
    if not value:
        return None
    return check_web_address(value, "http://localhost:7080")


def _pattern_check(pattern: re.Pattern[str], template: str) -> Callable[[str], Check]:
    def check(value: str) -> Check:
        return None if pattern.fullmatch(value) else template
    return check


def check_till_number(value: str) -> Check:
    """The till's number on its bills: empty (from the terminal id) or 1 to 99."""
    return None if not value or (value.isascii() and till_number(value) is not None) else \
        "The {label} must be empty (the digits the terminal id ends in) or a number from 1 to 99."


def posapi_checks(terminal_id: str) -> dict[str, Callable[[str], Check]]:
    """The checks of the PosAPI registration's fields, when a PosAPI is set (this till is `terminal_id`)."""
    def till_number_known(value: str) -> Check:
        if check_till_number(value) is None and till_number_from(value, terminal_id) is None:
            return "Give this till its {label} (1 to 99, its own among the shop's tills): its terminal id does " \
                   "not end in one."
        return check_till_number(value)

    return {
        "posapi_till_number": till_number_known,
        "posapi_tin": _pattern_check(_TIN, "The {label} must be the shop's TIN: 11 to 14 digits."),
        "posapi_pos_no": _pattern_check(_POS_NO, "The {label} must be 1 to 20 Latin letters, digits, - or _."),
        "posapi_branch_no": _pattern_check(_BRANCH_NO, "The {label} must be 1 to 3 digits."),
        "district_code": _pattern_check(_DISTRICT, "The {label} must be 4 digits."),
    }


WINDOW_MODES = ("maximized", "full_screen", "window")


def check_window_mode(value: str) -> Check:
    return None if value in WINDOW_MODES else "The {label} must be maximized, full_screen or window."


def check_idle_lock_minutes(value: str) -> Check:
    return None if value.isascii() and value.isdigit() and len(value) <= 3 and int(value) <= 240 else \
        "The {label} must be a whole number of minutes from 0 (never) to 240."


def check_discount_limit(value: str) -> Check:
    try:
        limit = Decimal(value)
    except ArithmeticError:
        limit = Decimal(-1)
    return None if limit.is_finite() and 0 <= limit <= 100 and limit == limit.quantize(Decimal("0.01")) else \
        "The {label} must be a percent from 0 to 100."


def check_cash_rounding(value: str) -> Check:
    # Cash is whole tögrög: there is no "no rounding" (0 or empty), only the step it is rounded to.
    return None if value in (str(step) for step in CASH_STEPS) else \
        "The {label} must be 1, 5, 10, 50 or 100 tögrög."


# The checks of the fields every environment uses; the account's fields are added outside training.
FIELD_CHECKS: dict[str, Callable[[str], Check]] = {
    "callback_url": check_callback_url,
    "callback_listen": check_listen_address,
    "terminal_id": check_terminal_id,
    "shop_name": check_shop_name,
    "district_code": check_short_code,
    "classification_code": check_short_code,
    "tax_type": check_short_code,
    "language": check_language,
    "shop_register": check_shop_register,
    "shop_address": check_shop_address,
    "printer": check_printer,
    "paper_width": check_paper_width,
    "printer_model": check_printer_model,
    "time_zone": check_time_zone,
    "vat_rate": check_vat_rate,
    "city_tax_rate": check_city_tax_rate,
    "scanner_prefix": check_scanner_prefix,
    "scanner_suffix": check_scanner_suffix,
    "training_profile": check_training_profile,
    "posapi_url": check_posapi_url,
    "scale_prefixes": check_scale_prefixes,
    "scale_kind": check_scale_kind,
    "scale_code_digits": check_scale_code_digits,
    "scale_price_decimals": check_scale_price_decimals,
    "scale_verifier_digit": check_scale_verifier_digit,
    "window_mode": check_window_mode,
    "idle_lock_minutes": check_idle_lock_minutes,
    "discount_limit": check_discount_limit,
    "posapi_till_number": check_till_number,
    "cash_rounding": check_cash_rounding,
}


def account_checks(production: bool) -> dict[str, Callable[[str], Check]]:
    """The checks of the QPay account's fields (outside training)."""
    return {
        "base_url": lambda value: check_base_url(value, https_only=production),
        "username": check_credential,
        "invoice_code": check_credential,
    }


def store_checks(direct: bool = False) -> dict[str, Callable[[str], Check]]:
    """At a store: its address (https, or plain http to this computer) and its certificate's pinned fingerprint
    (none: an authority vouches for it); the till logs in by its id.
    `direct`: the owner lets the till sell with its own QPay account when the store is down; that account is
    checked as production's (https only: it goes over the internet)."""
    checks: dict[str, Callable[[str], Check]] = {
        "base_url": check_store_url,
        "terminal_id": check_credential,
        "store_certificate_sha256": check_certificate_sha256,
    }
    if direct:
        checks.update({
            "direct_base_url": lambda value: check_base_url(value, https_only=True),
            "direct_username": check_credential,
            "direct_invoice_code": check_credential,
        })
    return checks
