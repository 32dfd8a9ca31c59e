"""Pydantic field types shared by request and response models.

Money is `Decimal` end to end. On the way in, strings and numbers both parse
(the live service mixes them in one body). On the way out, the contract wants
some amounts as JSON numbers (`amount`, `minimum_amount`...) and some as
strings (`line_quantity`, `line_unit_price`, `transactions[].amount`); the two
`Wire*` types emit exactly that.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Annotated, Any

from pydantic import BeforeValidator, PlainSerializer

from pos_app.domain.money import parse_amount

__all__ = [
    "MAX_WIRE_AMOUNT",
    "Amount",
    "OptionalAmount",
    "WireNumber",
    "WireString",
    "decimal_to_json_number",
    "lenient_bool",
    "lenient_number",
]

# Above ~10^13 a float cannot carry cents exactly; no till invoice comes near.
MAX_WIRE_AMOUNT = Decimal("999999999999.99")


def _parse_optional_amount(value: Any) -> Decimal | None:
    # Live bodies send `null`, and sometimes "" for an unset amount.
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    return parse_amount(value)


def decimal_to_json_number(value: Decimal) -> int | float:
    """A `Decimal` as a JSON number whose text is exactly the decimal value.

    Whole values go out as `int`. Others go out as `float` only when the
    float's shortest repr reads back as the same decimal (always true for
    cents below `MAX_WIRE_AMOUNT`); otherwise this refuses rather than
    sending a different amount.
    """
    if value == value.to_integral_value():
        return int(value)
    as_float = float(value)
    if Decimal(repr(as_float)) != value:
        raise ValueError(f"{value} cannot be sent as an exact JSON number")
    return as_float


def _decimal_to_json_string(value: Decimal) -> str:
    return format(value, "f")


# Reading: int, float (via str), Decimal or numeric string -> Decimal.
Amount = Annotated[Decimal, BeforeValidator(parse_amount)]
OptionalAmount = Annotated[Decimal | None, BeforeValidator(_parse_optional_amount)]

# Writing: the same Decimal, as the contract's JSON type for that field.
WireNumber = Annotated[
    Decimal,
    BeforeValidator(parse_amount),
    PlainSerializer(decimal_to_json_number, return_type=int | float, when_used="json"),
]
WireString = Annotated[
    Decimal,
    BeforeValidator(parse_amount),
    PlainSerializer(_decimal_to_json_string, return_type=str, when_used="json"),
]


def lenient_bool(value: Any) -> Any:
    """`enable_expiry` is a string in the contract and a boolean live."""
    if isinstance(value, str):
        text = value.strip().lower()
        if text in ("true", "1", "yes"):
            return True
        if text in ("false", "0", "no", ""):
            return False
    return value


def lenient_number(value: Any) -> Any:
    """`expires_in`, `count`... may come as numeric strings."""
    if isinstance(value, str):
        text = value.strip()
        if not text:
            return None
        try:
            return float(text)
        except ValueError:
            return value  # let the model report it
    return value
