"""What every response model shares: the tolerant base class and lenient field types."""

from __future__ import annotations

from decimal import Decimal
from typing import Annotated, Any

from pydantic import BaseModel, BeforeValidator, ConfigDict

from .fields import lenient_bool, lenient_number

__all__ = ["MAX_COUNT", "Count", "Flag", "QPayModel", "Seconds", "StatusValue", "fill_pairs", "list_or_empty"]

# No listing holds more. JSON fractions arrive as Decimal, and `1e99999999` took minutes to become an int
# (1e999999999999999999 never would): such a count is refused as a validation error first.
MAX_COUNT = 10**9


def _count(value: Any) -> Any:
    if value is None:
        return 0
    if isinstance(value, Decimal) and not value.is_finite():
        raise ValueError("a count must be a finite number")
    number = isinstance(value, (int, float, Decimal)) and not isinstance(value, bool)
    if number and not -MAX_COUNT <= value <= MAX_COUNT:
        raise ValueError(f"a count must be at most {MAX_COUNT}")
    if isinstance(value, Decimal):
        # Made an int here: pydantic's own check of `1e-999999999` for a fraction never ended.
        if value != value.to_integral_value():
            raise ValueError("a count must be a whole number")
        return int(value)
    return value


Seconds = Annotated[float | None, BeforeValidator(lenient_number)]
Count = Annotated[int, BeforeValidator(_count)]
Flag = Annotated[bool | None, BeforeValidator(lenient_bool)]


def list_or_empty(value: Any) -> Any:
    return [] if value is None else value


# A status the contract gives as a string and QPay's document as a boolean (`barimt_histories[].status`).
StatusValue = bool | str | None


def fill_pairs(model: BaseModel, pairs: tuple[tuple[str, str], ...]) -> None:
    """Where the contract and the live service name one field differently, fill the unset name from the
    set one, so each name reads the value whichever the service sent."""
    for first, second in pairs:
        a, b = getattr(model, first), getattr(model, second)
        if a is None and b is not None:
            object.__setattr__(model, first, b)
        elif b is None and a is not None:
            object.__setattr__(model, second, a)


class QPayModel(BaseModel):
    model_config = ConfigDict(
        extra="allow",
        populate_by_name=True,
        coerce_numbers_to_str=True,  # an id or code sent as a number is still read
        defer_build=True,            # each model's validator is built when first used, not at the start
    )
