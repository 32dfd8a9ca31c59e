"""Money in MNT: exact `Decimal` values, parsed strictly and shown the local way.

The domain layer stays stdlib-only (no requests, pydantic or Qt), so both the
QPay client and the GUI can share these two functions.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal, InvalidOperation

__all__ = ["CURRENCY_SIGN", "format_mnt", "parse_amount", "shown"]

CURRENCY_SIGN = "₮"

_CENT = Decimal("0.01")


def parse_amount(value: object) -> Decimal:
    """Read an amount from the wire or from user input as an exact `Decimal`.

    Accepts `int`, `Decimal`, a numeric `str` (surrounding blanks ignored,
    e.g. ``"12500.00"``) and `float` (converted through `str()`, so ``0.1``
    becomes ``Decimal("0.1")`` and not its binary approximation).

    Raises `ValueError` for `bool` (``True`` is an `int` in Python, never an
    amount), NaN, infinities, empty strings and anything else. `ValueError`
    (not `TypeError`) so that pydantic reports it as a validation error.
    """
    if isinstance(value, bool):
        raise ValueError(f"an amount cannot be a boolean: {value!r}")
    if isinstance(value, Decimal):
        amount = value
    elif isinstance(value, int):
        amount = Decimal(value)
    elif isinstance(value, float):
        amount = _decimal_from_text(str(value), value)
    elif isinstance(value, str):
        amount = _decimal_from_text(value.strip(), value)
    else:
        raise ValueError(f"an amount must be a number or a numeric string, not {type(value).__name__}")
    if not amount.is_finite():
        raise ValueError(f"an amount must be finite: {shown(value)}")
    return amount


def _decimal_from_text(text: str, original: object) -> Decimal:
    if not text:
        raise ValueError("an amount cannot be empty")
    try:
        return Decimal(text)
    except InvalidOperation:
        raise ValueError(f"not a numeric amount: {shown(original)}") from None


def shown(value: object, limit: int = 40) -> str:
    """`repr(value)` cut to about *limit* characters, for error messages: a pasted page is not a message."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def format_mnt(amount: Decimal) -> str:
    """Show an amount as the till prints it: ``12,500 ₮`` or ``12,500.50 ₮``.

    Whole amounts carry no decimals; any fraction is shown as exactly two
    decimals (rounded half-up, as a tugrik cash register does).
    """
    amount = parse_amount(amount)
    cents = amount.quantize(_CENT, rounding=ROUND_HALF_UP)
    text = f"{cents:,.0f}" if cents == cents.to_integral_value() else f"{cents:,.2f}"
    if text in ("-0", "-0.00"):  # a tiny negative rounds to zero: no sign on zero
        text = text[1:]
    return f"{text} {CURRENCY_SIGN}"
