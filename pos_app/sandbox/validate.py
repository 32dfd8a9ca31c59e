"""Reading request bodies field by field, so each failure gets the contract's own code."""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from typing import Any

from .errors import ApiError, invalid

DATE_RE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
MAX_PAGE_LIMIT = 100
# Numbers from 10^15 up are refused: far above any merchant's limit, and below it the Decimal
# arithmetic (line totals, cents, JSON numbers) can neither overflow nor lose the cents.
MAX_DIGITS = 15


def _exact_decimal(value: Any) -> Decimal | None:
    """A JSON number or numeric string as a finite Decimal with at most 2 decimals, of any size."""
    if isinstance(value, bool) or not isinstance(value, (int, float, str, Decimal)):
        return None
    text = str(value).strip()
    if len(text) > 32:
        return None
    try:
        number = Decimal(text)
    except InvalidOperation:
        return None
    if not number.is_finite() or number.as_tuple().exponent < -2:  # type: ignore[operator]
        return None
    return number


def _too_big(number: Decimal) -> bool:
    return number != 0 and number.adjusted() >= MAX_DIGITS  # |number| >= 10^15, without arithmetic


def to_decimal(value: Any) -> Decimal | None:
    """A JSON number or numeric string as an exact Decimal; None if it is not one.

    At most two decimals: MNT has cents, and a float artefact like
    0.30000000000000004 from a client is a bug worth refusing, not rounding.
    Below 10^15 in size (MAX_DIGITS).
    """
    number = _exact_decimal(value)
    return None if number is None or _too_big(number) else number


def amount_field(body: dict[str, Any], key: str, code: str = "INVALID_AMOUNT") -> Decimal:
    """A positive amount, or 400 with `code` (zero, negative, missing or non-numeric);
    MAX_AMOUNT_ERR from 10^15 up, above any merchant's maximum."""
    number = _exact_decimal(body.get(key))
    if number is None:
        raise ApiError(400, code, f"{key} must be a number with at most 2 decimals")
    if number <= 0:
        raise ApiError(400, code, f"{key} must be greater than zero")
    if _too_big(number):
        raise ApiError(400, "MAX_AMOUNT_ERR", f"{key} is above any merchant's maximum")
    return number


def string_field(body: dict[str, Any], key: str, *, required: bool = True,
                 max_len: int | None = 255, allow_empty: bool = False) -> str | None:
    value = body.get(key)
    if value is None:
        if required:
            raise invalid(f"{key} is required")
        return None
    if not isinstance(value, str):
        raise invalid(f"{key} must be a string")
    if not value.strip() and not allow_empty:
        if required:
            raise invalid(f"{key} must not be empty")
        return None
    if max_len is not None and len(value) > max_len:
        raise invalid(f"{key} must be at most {max_len} characters")
    return value


def bool_field(body: dict[str, Any], key: str, default: bool = False) -> bool:
    value = body.get(key)
    if value is None:
        return default
    if not isinstance(value, bool):
        raise invalid(f"{key} must be true or false")
    return value


def date_field(body: dict[str, Any], key: str, *, required: bool) -> str | None:
    value = string_field(body, key, required=required, max_len=10, allow_empty=not required)
    if not value:
        return None
    if not DATE_RE.match(value):
        raise invalid(f"{key} must be a date as YYYY-MM-DD")
    return value


def object_field(body: dict[str, Any], key: str, *, required: bool) -> dict[str, Any] | None:
    value = body.get(key)
    if value is None:
        if required:
            raise invalid(f"{key} is required")
        return None
    if not isinstance(value, dict):
        raise invalid(f"{key} must be an object")
    return value


def list_field(body: dict[str, Any], key: str) -> list[Any]:
    value = body.get(key)
    if value is None:
        return []
    if not isinstance(value, list):
        raise invalid(f"{key} must be an array")
    return value


def page_field(body: dict[str, Any], *, required: bool) -> tuple[int, int]:
    """`offset.page_number` (from 1) and `offset.page_limit`; check endpoints default to 1 and 10."""
    offset = object_field(body, "offset", required=required) or {}
    values = []
    for key, default in (("page_number", 1), ("page_limit", 10)):
        value = offset.get(key)
        if value is None:
            if required:
                raise invalid(f"offset.{key} is required")
            value = default
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise invalid(f"offset.{key} must be a whole number from 1")
        values.append(value)
    if values[1] > MAX_PAGE_LIMIT:
        raise invalid(f"offset.page_limit must be at most {MAX_PAGE_LIMIT}")
    return values[0], values[1]


def paginate(items: list[Any], page_number: int, page_limit: int) -> list[Any]:
    start = (page_number - 1) * page_limit
    return items[start:start + page_limit]
