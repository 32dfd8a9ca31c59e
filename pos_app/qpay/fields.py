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
    "MAX_AMOUNT_DIGITS",
    "MAX_AMOUNT_PLACES",
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
# Every amount read or written here is below 10^15 (the sandbox refuses from there up too) with at most 30
# decimals. Far beyond any real answer or invoice; within these bounds the sums, cents and texts made from
# an amount can neither overflow, hang (`format(Decimal("1E+999999999"), "f")`) nor lose a cent, so an
# absurd amount is refused here, as a validation error, instead of crashing later in the till.
MAX_AMOUNT_DIGITS = 15
MAX_AMOUNT_PLACES = 30


def _parse_bounded_amount(value: Any) -> Decimal:
    amount = parse_amount(value)
    if amount != 0 and amount.adjusted() >= MAX_AMOUNT_DIGITS:
        raise ValueError(f"an amount must be below 10^{MAX_AMOUNT_DIGITS}")
    exponent = amount.as_tuple().exponent
    if isinstance(exponent, int) and exponent < -MAX_AMOUNT_PLACES:
        raise ValueError(f"an amount has at most {MAX_AMOUNT_PLACES} decimals")
    return amount


def _parse_optional_amount(value: Any) -> Decimal | None:
    # Live bodies send `null`, and sometimes "" for an unset amount.
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    return _parse_bounded_amount(value)


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


# Reading: int, float (via str), Decimal or numeric string -> Decimal (bounded, see MAX_AMOUNT_DIGITS).
Amount = Annotated[Decimal, BeforeValidator(_parse_bounded_amount)]
OptionalAmount = Annotated[Decimal | None, BeforeValidator(_parse_optional_amount)]

# Writing: the same Decimal, as the contract's JSON type for that field.
WireNumber = Annotated[
    Decimal,
    BeforeValidator(_parse_bounded_amount),
    PlainSerializer(decimal_to_json_number, return_type=int | float, when_used="json"),
]
WireString = Annotated[
    Decimal,
    BeforeValidator(_parse_bounded_amount),
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
