"""Register numbers and sale numbers, checked the same way everywhere."""

from __future__ import annotations

import re
from datetime import date
from enum import Enum

ORGANIZATION_REGISTER = re.compile(r"^[0-9]{7}$")
# A citizen's register: two Cyrillic capitals (Mongolian letters included) and 8 digits.
CITIZEN_REGISTER = re.compile(r"^[А-ЯЁӨҮ]{2}[0-9]{8}$")
# \Z, not $: `$` also matches before a final line break, and "T1\n" must not pass `.match()` (the journal
# checks with it, and the sale number would carry the line break).
TERMINAL_ID = re.compile(r"^[A-Za-z0-9_]{1,20}\Z")
MAX_SENDER_INVOICE_NO = 45


class InputState(Enum):
    EMPTY = "empty"
    INCOMPLETE = "incomplete"   # could still become valid: keep typing
    VALID = "valid"
    INVALID = "invalid"


def organization_register_state(text: str) -> InputState:
    """For validation as typed: digits only, seven of them."""
    value = text.strip()
    if not value:
        return InputState.EMPTY
    if not value.isascii() or not value.isdigit() or len(value) > 7:
        return InputState.INVALID
    return InputState.VALID if len(value) == 7 else InputState.INCOMPLETE


def check_organization_register(text: str) -> str:
    value = text.strip()
    if not ORGANIZATION_REGISTER.match(value):
        raise ValueError("An organization's register number has exactly 7 digits")
    return value


def is_citizen_register(text: str) -> bool:
    return bool(CITIZEN_REGISTER.match(text.strip().upper()))


def sender_invoice_no(terminal_id: str, day: date, sequence: int) -> str:
    """`T1-20261121-000042`: unique per terminal and day, at most 45 characters."""
    if not TERMINAL_ID.match(terminal_id):
        raise ValueError("A terminal id is 1 to 20 Latin letters, digits or _")
    if not 1 <= sequence <= 999_999:
        raise ValueError("The day's sale sequence runs from 1 to 999,999")
    # At most 20 + 1 + 8 + 1 + 6 = 36 characters: within MAX_SENDER_INVOICE_NO.
    return f"{terminal_id}-{day:%Y%m%d}-{sequence:06d}"


MAX_REVERSAL_REASON = 255   # the service's `note` limit on cancel and refund


def check_reversal_reason(text: str) -> str:
    """The reason recorded with a cancel or refund: required, one line, at most 255 characters."""
    reason = " ".join(text.split()) if isinstance(text, str) else ""
    if not reason:
        raise ValueError("Say why the payment is given back (for example: item returned).")
    if len(reason) > MAX_REVERSAL_REASON:
        raise ValueError(f"The reason is too long: at most {MAX_REVERSAL_REASON} characters.")
    return reason
