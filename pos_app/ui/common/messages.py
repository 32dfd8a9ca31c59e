"""Failures in the cashier's words: what happened and what to do next.

The service's error code stays visible (for support); the message around it
is translatable.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from pos_app.checkout.errors import ReceiptNeedsPerson, TrainingError
from pos_app.domain.cart import CartError
from pos_app.domain.discounts import DiscountError
from pos_app.domain.people import PeopleError
from pos_app.domain.scale import ScaleError
from pos_app.domain.tenders import TenderError
from pos_app.posapi import errors as posapi_errors
from pos_app.qpay.errors import (
    APIConnectionError,
    AuthenticationError,
    CertificateChangedError,
    OutcomeUnknownError,
    PermissionDeniedError,
    QPayError,
    RateLimitError,
    ServerError,
)

from pos_app.ui.common.error_words import words_by_code
from pos_app.ui.common.posapi_words import posapi_words

if TYPE_CHECKING:
    from pos_app.config.settings import SettingsProblem
    from pos_app.domain.shift import ShiftError


translate = QCoreApplication.translate     # lupdate reads translate("Errors", "...") calls


# The domain's refusals (English templates in pos_app/domain, which has no Qt), marked here for lupdate;
# tests/ui/test_messages.py fails when the domain raises a template this list lacks.
CART_TEMPLATES = (
    QT_TRANSLATE_NOOP("Cart", "Type or scan a code, or quantity*code (e.g. 3*4901234567890)"),
    QT_TRANSLATE_NOOP("Cart", "Quantity {value} is not a number"),
    QT_TRANSLATE_NOOP("Cart", "Quantity must be above 0 and at most {maximum}"),
    QT_TRANSLATE_NOOP("Cart", "Quantity may have at most 3 decimals"),
    QT_TRANSLATE_NOOP("Cart", "Price {value} is not a number"),
    QT_TRANSLATE_NOOP("Cart", "Price must be at least 0, below 10^12, with at most 2 decimals"),
    QT_TRANSLATE_NOOP("Cart", "A line's share of the sale discount must be from 0 to its amount"),
    QT_TRANSLATE_NOOP("Cart", "Description must be 1 to {maximum} characters"),
    QT_TRANSLATE_NOOP("Cart", "There is no line {number}"),
    QT_TRANSLATE_NOOP("Cart", "A sale holds at most {maximum} lines"),
    QT_TRANSLATE_NOOP("Cart", "Scale label {code}: item {item} is not in the catalog"),
)


# The counter's refusals: discounts, people and PINs (pos_app/domain/discounts.py, people.py) and scale labels
# (scale.py), marked for lupdate; tests/ui/test_messages.py keeps the list whole.
COUNTER_TEMPLATES = (
    QT_TRANSLATE_NOOP("Counter", "A discount must be above 0"),
    QT_TRANSLATE_NOOP("Counter", "A discount may have at most 2 decimals"),
    QT_TRANSLATE_NOOP("Counter", "A discount can be at most 100 %"),
    QT_TRANSLATE_NOOP("Counter", "A discount must be below 10^12"),
    QT_TRANSLATE_NOOP("Counter", "Discount {value} is not a number or a percent"),
    QT_TRANSLATE_NOOP("Counter", "A name is 1 to {maximum} characters"),
    QT_TRANSLATE_NOOP("Counter", "A PIN is 4 to 8 digits"),
    QT_TRANSLATE_NOOP("Counter", "Someone else uses that PIN: choose another"),
    QT_TRANSLATE_NOOP("Counter", "Scale label {code} did not read right (its check digit is wrong): scan or type "
                                 "it again"),
    QT_TRANSLATE_NOOP("Counter", "Scale label {code} did not read right (the check digit of its weight or price is "
                                 "wrong): scan or type it again"),
    QT_TRANSLATE_NOOP("Counter", "Scale label {code} shows no weight: weigh the item again"),
    QT_TRANSLATE_NOOP("Counter", "Scale label {code} shows a price of 0: weigh the item again"),
)


LONGEST_WORD = 100       # characters of one unbroken word a message shows (a path whole); the rest elided mid-word
LONGEST_MESSAGE = 400    # characters of a whole message


def bounded_text(text: str) -> str:
    """`text` short enough for a message line: a message quotes what was typed or scanned, and a pasted text
    (2,000 characters, one word) made a label no line break could narrow, and the window ran off the screen."""
    half = LONGEST_WORD // 2
    words = [word if len(word) <= LONGEST_WORD else f"{word[:half]}…{word[-half:]}" for word in text.split(" ")]
    shown = " ".join(words)
    return shown if len(shown) <= LONGEST_MESSAGE else shown[:LONGEST_MESSAGE - 1] + "…"


def refusal_text(error: CartError | DiscountError | PeopleError | ScaleError) -> str:
    """A refusal of the cart, a discount, a PIN or a scale label in the cashier's language."""
    context = "Cart" if isinstance(error, CartError) else "Counter"
    return QCoreApplication.translate(context, error.template).format(**error.params)


# The tenders' refusals (English templates in pos_app/domain/tenders.py), marked for lupdate; tests/ui/test_messages.py
# keeps the list whole. (The shift's are in shift_actions.SHIFT_TEMPLATES.)
TENDER_TEMPLATES = (
    QT_TRANSLATE_NOOP("Tenders", "Amount {value} is not a number"),
    QT_TRANSLATE_NOOP("Tenders", "An amount must be above 0, below 10^12, with at most 2 decimals"),
    QT_TRANSLATE_NOOP("Tenders", "The sale's total must be above 0, below 10^12, with at most 2 decimals"),
    QT_TRANSLATE_NOOP("Tenders", "Nothing more is due: the sale is paid"),
    QT_TRANSLATE_NOOP("Tenders", "The sale is completed: its tenders cannot change"),
    QT_TRANSLATE_NOOP("Tenders", "{due} is still due"),
    QT_TRANSLATE_NOOP("Tenders", "A card terminal gives no change: charge at most {due}"),
    QT_TRANSLATE_NOOP("Tenders", "A QPay payment may cover at most {due}"),
    QT_TRANSLATE_NOOP("Tenders", "Cash applies at most {due} to the sale: the rest is change"),
    QT_TRANSLATE_NOOP("Tenders", "The approval code is 4 to 12 letters or digits, as on the terminal's slip"),
    QT_TRANSLATE_NOOP("Tenders", "A QPay tender needs the id of its payment"),
    QT_TRANSLATE_NOOP("Tenders", "QPay payment id {value} is not valid"),
    QT_TRANSLATE_NOOP("Tenders", "A QPay tender holds at most {maximum} payments"),
    QT_TRANSLATE_NOOP("Tenders", "There is no tender to take off"),
    QT_TRANSLATE_NOOP("Tenders", "Only the tender that covers the sale gives change"),
    QT_TRANSLATE_NOOP("Tenders", "Cash is whole tögrög: {value} has möngö"),
    QT_TRANSLATE_NOOP("Tenders", "Only the cash that covers the sale is rounded, and by at most 50 ₮"),
    QT_TRANSLATE_NOOP("Tenders", "{given} in cash would leave {change} of change: no till hands that back. Type "
                                 "what the customer gave"),
)


# The settings' problems (English templates in pos_app/config, which has no Qt) and the fields' names they
# put in {label}, marked here for lupdate; tests/ui/test_messages.py keeps both lists whole.
SETTINGS_TEMPLATES = (
    QT_TRANSLATE_NOOP("Settings", "The {label} must be empty or up to 20 Latin letters and digits."),
    QT_TRANSLATE_NOOP("Settings", "The {label} must be empty (follow the computer) or a code such as mn or en_US."),
    QT_TRANSLATE_NOOP("Settings", "The {label} must be empty or up to 20 letters and digits, without spaces."),
    QT_TRANSLATE_NOOP("Settings", "The {label} must be empty (none), system, system:<printer name>, or an ESC/POS "
                                  "connection such as usb:04b8:0202, serial:COM3, network:192.168.1.50:9100, "
                                  "win32:<name>, cups:<name> or file:/dev/usb/lp0."),
    QT_TRANSLATE_NOOP("Settings", "The {label} must be empty (a generic printer) or a model name such as TM-T20II."),
    QT_TRANSLATE_NOOP("Settings", "The {label} must be text."),
    QT_TRANSLATE_NOOP("Settings", "The {label} must not contain line breaks or control characters."),
    QT_TRANSLATE_NOOP("Settings", "Enter the {label}."),
    QT_TRANSLATE_NOOP("Settings", "The {label} must not contain spaces."),
    QT_TRANSLATE_NOOP("Settings", "The {label} must not contain a user name or password."),
    QT_TRANSLATE_NOOP("Settings", "The {label} must not contain ? or #."),
    QT_TRANSLATE_NOOP("Settings", "The {label} must start with https:// (plain http only to this computer), so the "
                                  "till's key cannot be read on the way."),
    QT_TRANSLATE_NOOP("Settings", "The {label} must be 64 hex digits, as 'pos-store certificate' prints it."),
    QT_TRANSLATE_NOOP("Settings", "Enter the {label}, for example https://merchant.qpay.mn."),
    QT_TRANSLATE_NOOP("Settings", "In production the {label} must start with https://, so the password and "
                                  "payments cannot be read on the way."),
    QT_TRANSLATE_NOOP("Settings", "The {label} must be 1 to 20 Latin letters, digits or _."),
    QT_TRANSLATE_NOOP("Settings", "The {label} must be 80, 58 or 80-42 (80 mm, 42 characters)."),
    QT_TRANSLATE_NOOP("Settings", "The {label} can be at most {maximum} characters."),
    QT_TRANSLATE_NOOP("Settings", "The {label} must be a full web address such as {example}."),
    QT_TRANSLATE_NOOP("Settings", "The {label} must be empty (off) or a host and port such as 127.0.0.1:8787."),
    QT_TRANSLATE_NOOP("Settings", "The {label} must be a time zone name such as {example}."),
    QT_TRANSLATE_NOOP("Settings", "The {label} must be a percentage below 100 with at most 2 decimals, such as "
                                  "{example}."),
    QT_TRANSLATE_NOOP("Settings", "The {label} must be 1 or 2 (percent)."),
    QT_TRANSLATE_NOOP("Settings", "The {label} is up to 4 signs that no code holds (such as ~ or #), or nothing."),
    QT_TRANSLATE_NOOP("Settings", "The {label} must be enter or tab."),
    QT_TRANSLATE_NOOP("Settings", "The {label} must be contract (as the contract says) or live (as the live "
                                  "service answers)."),
    QT_TRANSLATE_NOOP("Settings", "The {label} must be the shop's TIN: 11 to 14 digits."),
    QT_TRANSLATE_NOOP("Settings", "The {label} must be 1 to 20 Latin letters, digits, - or _."),
    QT_TRANSLATE_NOOP("Settings", "The {label} must be 1 to 3 digits."),
    QT_TRANSLATE_NOOP("Settings", "The {label} must be 4 digits."),
    QT_TRANSLATE_NOOP("Settings", "The {label} must be empty (off), a range such as 20-29 or a list such as 21,22 "
                                  "of two-digit prefixes from 20 to 29."),
    QT_TRANSLATE_NOOP("Settings", "The {label} must be weight or price."),
    QT_TRANSLATE_NOOP("Settings", "The {label} must be 4, 5 or 6."),
    QT_TRANSLATE_NOOP("Settings", "The {label} must be 4 or 5 when the scale writes a verifier digit."),
    QT_TRANSLATE_NOOP("Settings", "The {label} must be 0 (whole tögrög) or 2 (with cents)."),
    QT_TRANSLATE_NOOP("Settings", "The {label} must be no or yes (a check digit of the weight or price, just "
                                  "before it)."),
    QT_TRANSLATE_NOOP("Settings", "The {label} must be maximized, full_screen or window."),
    QT_TRANSLATE_NOOP("Settings", "The {label} must be a whole number of minutes from 0 (never) to 240."),
    QT_TRANSLATE_NOOP("Settings", "The {label} must be a percent from 0 to 100."),
    QT_TRANSLATE_NOOP("Settings", "The {label} must be empty (the digits the terminal id ends in) or a number "
                                  "from 1 to 99."),
    QT_TRANSLATE_NOOP("Settings", "Give this till its {label} (1 to 99, its own among the shop's tills): its "
                                  "terminal id does not end in one."),
    QT_TRANSLATE_NOOP("Settings", "The {label} must be 1, 5, 10, 50 or 100 tögrög."),
)
FIELD_NAMES = {
    "environment": QT_TRANSLATE_NOOP("Settings", "environment"),
    "base_url": QT_TRANSLATE_NOOP("Settings", "QPay service address"),
    "username": QT_TRANSLATE_NOOP("Settings", "QPay user name"),
    "invoice_code": QT_TRANSLATE_NOOP("Settings", "QPay invoice code"),
    "callback_url": QT_TRANSLATE_NOOP("Settings", "callback address"),
    "callback_listen": QT_TRANSLATE_NOOP("Settings", "callback receiver address"),
    "terminal_id": QT_TRANSLATE_NOOP("Settings", "terminal id"),
    "shop_name": QT_TRANSLATE_NOOP("Settings", "shop name"),
    "district_code": QT_TRANSLATE_NOOP("Settings", "district code"),
    "classification_code": QT_TRANSLATE_NOOP("Settings", "classification code"),
    "tax_type": QT_TRANSLATE_NOOP("Settings", "tax type"),
    "catalog_file": QT_TRANSLATE_NOOP("Settings", "catalog file"),
    "language": QT_TRANSLATE_NOOP("Settings", "language"),
    "shop_register": QT_TRANSLATE_NOOP("Settings", "shop's register number"),
    "shop_address": QT_TRANSLATE_NOOP("Settings", "shop address"),
    "printer": QT_TRANSLATE_NOOP("Settings", "receipt printer"),
    "paper_width": QT_TRANSLATE_NOOP("Settings", "paper width"),
    "printer_model": QT_TRANSLATE_NOOP("Settings", "printer model"),
    "auto_print": QT_TRANSLATE_NOOP("Settings", "print after the receipt is issued"),
    "cut_paper": QT_TRANSLATE_NOOP("Settings", "cut the paper"),
    "open_drawer": QT_TRANSLATE_NOOP("Settings", "open the cash drawer"),
    "text_as_image": QT_TRANSLATE_NOOP("Settings", "print text as pictures"),
    "time_zone": QT_TRANSLATE_NOOP("Settings", "time zone"),
    "vat_rate": QT_TRANSLATE_NOOP("Settings", "VAT rate"),
    "city_tax_rate": QT_TRANSLATE_NOOP("Settings", "city tax rate"),
    "scanner_prefix": QT_TRANSLATE_NOOP("Settings", "scanner prefix"),
    "scanner_suffix": QT_TRANSLATE_NOOP("Settings", "scanner suffix"),
    "training_profile": QT_TRANSLATE_NOOP("Settings", "training service's answers"),
    "training_posapi": QT_TRANSLATE_NOOP("Settings", "training PosAPI"),
    "posapi_url": QT_TRANSLATE_NOOP("Settings", "PosAPI address"),
    "posapi_tin": QT_TRANSLATE_NOOP("Settings", "shop's TIN on PosAPI"),
    "posapi_pos_no": QT_TRANSLATE_NOOP("Settings", "POS number"),
    "posapi_branch_no": QT_TRANSLATE_NOOP("Settings", "branch number"),
    "posapi_till_number": QT_TRANSLATE_NOOP("Settings", "till number on receipts"),
    "scale_prefixes": QT_TRANSLATE_NOOP("Settings", "scale label prefixes"),
    "scale_kind": QT_TRANSLATE_NOOP("Settings", "scale label value"),
    "scale_code_digits": QT_TRANSLATE_NOOP("Settings", "scale item code digits"),
    "scale_price_decimals": QT_TRANSLATE_NOOP("Settings", "scale price decimals"),
    "scale_verifier_digit": QT_TRANSLATE_NOOP("Settings", "scale verifier digit"),
    "window_mode": QT_TRANSLATE_NOOP("Settings", "window size"),
    "idle_lock_minutes": QT_TRANSLATE_NOOP("Settings", "lock after idle minutes"),
    "discount_limit": QT_TRANSLATE_NOOP("Settings", "discount limit without a manager"),
    "cash_rounding": QT_TRANSLATE_NOOP("Settings", "cash rounding"),
    "store_direct_allowed": QT_TRANSLATE_NOOP("Settings", "sell directly with QPay when the store is down"),
    "direct_base_url": QT_TRANSLATE_NOOP("Settings", "direct QPay service address"),
    "direct_username": QT_TRANSLATE_NOOP("Settings", "direct QPay user name"),
    "direct_invoice_code": QT_TRANSLATE_NOOP("Settings", "direct QPay invoice code"),
    "store_certificate_sha256": QT_TRANSLATE_NOOP("Settings", "store server's certificate fingerprint"),
}


# Why the password is kept for the session only (pos_app/config/secrets.py), marked for lupdate.
SECRETS_PROBLEMS = (
    QT_TRANSLATE_NOOP("Secrets", "No system keyring is available, so the password is kept for this session "
                                 "only and must be entered again after a restart."),
)


def secrets_problem_text(problem: str) -> str:
    return translate("Secrets", problem)


def settings_problem_text(problem: SettingsProblem) -> str:
    """A settings problem in the till's language (the English message when it has no template)."""
    if not problem.template:
        return problem.message
    label = translate("Settings", FIELD_NAMES.get(problem.field, problem.field))
    return translate("Settings", problem.template).format(label=label, **dict(problem.params))


def cart_error_text(error: CartError) -> str:
    """The cart's refusal in the cashier's language (the domain speaks English templates)."""
    return QCoreApplication.translate("Cart", error.template).format(**error.params)


def tender_error_text(error: TenderError | ShiftError) -> str:
    """A tender or shift refused, in the cashier's language (the domain speaks English templates)."""
    context = "Tenders" if isinstance(error, TenderError) else "Shift"
    return QCoreApplication.translate(context, error.template).format(**error.params)


def _is_shift_error(error: BaseException) -> bool:
    # Looked up, not imported: a ShiftError comes only from the shift's module, already loaded by then; the
    # window's start does not load it (issue 21).
    shift = sys.modules.get("pos_app.domain.shift")
    return shift is not None and isinstance(error, shift.ShiftError)


def describe_error(error: BaseException, what_failed: str) -> str:
    """*what_failed* (already translated), then why and what to do, then the code."""
    if isinstance(error, CartError):
        return cart_error_text(error)
    if isinstance(error, TenderError) or _is_shift_error(error):
        return tender_error_text(error)  # type: ignore[arg-type]
    if isinstance(error, posapi_errors.PosApiError):
        return f"{what_failed} {posapi_words(error)}"     # PosAPI has no codes; its own text is the journal's
    if isinstance(error, ReceiptNeedsPerson):
        why = translate("Errors", "The answer to its first request was lost on an earlier day: look the receipt "
                                  "up in PosAPI before issuing another.")
        return f"{what_failed} {why} (ReceiptNeedsPerson)"
    if isinstance(error, OutcomeUnknownError):
        why = translate("Errors", "The answer was lost on the way; check the sale before trying again.")
    elif isinstance(error, RateLimitError):
        why = translate("Errors", "The service is busy. Wait a few seconds and try again.")
    elif isinstance(error, CertificateChangedError):
        why = translate("Errors", "The store server's certificate changed: it is not the one pinned at this till, "
                                  "so nothing was sent to it. Ask the owner to compare it with what 'pos-store "
                                  "certificate' prints and pin it again (Settings, Test connection).")
    elif isinstance(error, APIConnectionError):
        why = translate("Errors", "No connection to the payment service. Check the network and try again.")
    elif isinstance(error, PermissionDeniedError):
        why = _words(error, translate("Errors", "The merchant account may not do this. Call the manager."))
    elif isinstance(error, AuthenticationError):
        why = _words(error, words_by_code()["AUTHENTICATION_FAILED"])
    elif isinstance(error, ServerError):
        why = _words(error, translate("Errors", "The payment service has a problem on its side. Try again in a "
                                                "minute."))
    elif isinstance(error, QPayError):
        why = _words(error, error.message or translate("Errors", "The service refused it."))
    elif isinstance(error, TrainingError):
        why = str(error)
    else:
        why = translate("Errors", "Unexpected error. Try again; if it repeats, call support.")
    code = error.error_code if isinstance(error, QPayError) and error.error_code else type(error).__name__
    return f"{what_failed} {why} ({code})"


def _words(error: QPayError, otherwise: str) -> str:
    """The cashier's words for the error's code (pos_app.ui.common.error_words), or *otherwise* for a code without."""
    return words_by_code().get((error.error_code or "").strip().upper(), otherwise)
