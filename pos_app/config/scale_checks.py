"""The checks of the label scale's settings (`pos_app.domain.scale`): which prefixes, weight or price, and the layout
of its labels. Each returns None or a message template ({label} is the field's plain name), as `checks` does."""

from __future__ import annotations

from typing import Callable

from pos_app.domain.scale import CODE_DIGITS, PRICE_DECIMALS, VERIFIED_VALUE_DIGITS, ScaleKind, parse_scale_prefixes

# The shop's label scale (pos_app.domain.scale): which prefixes, weight or price, and the layout of its labels.
SCALE_KINDS = tuple(kind.value for kind in ScaleKind)
SCALE_CODE_DIGITS = tuple(str(digits) for digits in CODE_DIGITS)
SCALE_PRICE_DECIMALS = tuple(str(decimals) for decimals in PRICE_DECIMALS)
SCALE_VERIFIER_DIGIT = ("no", "yes")
# A verifier digit takes one of the 10 middle digits and goes with a value of 4 or 5: the item code has 5 or 4.
SCALE_VERIFIED_CODE_DIGITS = tuple(sorted(str(9 - digits) for digits in VERIFIED_VALUE_DIGITS))


def check_scale_prefixes(value: str) -> str | None:
    try:
        parse_scale_prefixes(value)
    except ValueError:
        return ("The {label} must be empty (off), a range such as 20-29 or a list such as 21,22 of two-digit "
                "prefixes from 20 to 29.")
    return None


def check_scale_kind(value: str) -> str | None:
    return None if value in SCALE_KINDS else "The {label} must be weight or price."


def check_scale_code_digits(value: str) -> str | None:
    return None if value in SCALE_CODE_DIGITS else "The {label} must be 4, 5 or 6."


def check_scale_verified_code_digits(value: str) -> str | None:
    if value in SCALE_VERIFIED_CODE_DIGITS:
        return None
    return "The {label} must be 4 or 5 when the scale writes a verifier digit."


def check_scale_price_decimals(value: str) -> str | None:
    return None if value in SCALE_PRICE_DECIMALS else "The {label} must be 0 (whole tögrög) or 2 (with cents)."


def check_scale_verifier_digit(value: str) -> str | None:
    if value in SCALE_VERIFIER_DIGIT:
        return None
    return "The {label} must be no or yes (a check digit of the weight or price, just before it)."


def scale_checks(verifier_digit: bool) -> dict[str, Callable[[str], str | None]]:
    """The item code's digits are checked against the verifier digit's setting: with one, 4 or 5."""
    return {"scale_code_digits": check_scale_verified_code_digits} if verifier_digit else {}
