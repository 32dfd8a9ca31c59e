"""JSON in and out with money kept exact: numbers parse as Decimal, Decimals render as numbers."""

from __future__ import annotations

import json
from decimal import Decimal, InvalidOperation
from typing import Any

from fastapi.responses import JSONResponse

from .. import json_nesting
from .clock import stamp

MAX_BODY = 1 << 20


class BadJson(ValueError):
    """The body is not a JSON object the sandbox can read."""


def _default(value: Any) -> Any:
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    raise TypeError(f"not JSON serialisable: {type(value).__name__}")


class PosJSON(JSONResponse):
    def render(self, content: Any) -> bytes:
        return json.dumps(content, default=_default, ensure_ascii=False).encode("utf-8")


def _number(text: str) -> Decimal:
    number = Decimal(text)
    if number != 0 and number.adjusted() > 300:
        raise ValueError("number out of range")
    return number


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not valid JSON")


def parse_object(raw: bytes) -> dict[str, Any]:
    """A JSON object; every number (whole or not) as Decimal. BadJson otherwise."""
    if not raw.strip():
        raise BadJson("the request has no JSON body")
    if len(raw) > MAX_BODY:
        raise BadJson("the body is larger than 1 MiB")
    try:
        data = json_nesting.loads(raw, parse_float=_number, parse_int=_number, parse_constant=_no_constant)
        json.dumps(data, default=_default, ensure_ascii=False).encode("utf-8")   # lone surrogates
    except (ValueError, RecursionError, UnicodeError):
        raise BadJson("the body is not valid JSON") from None
    if not isinstance(data, dict):
        raise BadJson("the body must be a JSON object")
    return data


def to_decimal(value: Any) -> Decimal | None:
    """A JSON number or a numeric string (the spec's STOCK_QR example sends "1100") as Decimal."""
    if isinstance(value, bool):
        return None
    if isinstance(value, Decimal):
        return value if value.is_finite() else None
    if isinstance(value, int):
        return Decimal(value)
    if isinstance(value, str) and value.strip() and len(value) <= 40:
        try:
            number = Decimal(value.strip())
        except InvalidOperation:
            return None
        return number if number.is_finite() else None
    return None


def error_body(sandbox: Any, message: str, status: str = "ERROR") -> dict[str, Any]:
    """PosAPI's answer to what it refuses: a status, the words and the sandbox's time (`sandbox.clock`)."""
    return {"status": status, "message": message, "date": stamp(sandbox.clock.now())}
