"""What every route shares: JSON in and out, bearer tokens, the error envelope."""

from __future__ import annotations

import ipaddress
import json
from decimal import Decimal
from typing import Any

from fastapi import Request
from fastapi.responses import JSONResponse

from . import json_nesting
from .errors import ApiError

MAX_BODY = 1 << 20
JSON_BODY_DOC = {"requestBody": {"required": True, "content": {"application/json": {
    "schema": {"type": "object", "description": "As in the contract, section 4"}}}}}
OPTIONAL_JSON_BODY_DOC = {"requestBody": {"required": False, "content": {"application/json": {
    "schema": {"type": "object"}}}}}


def _json_default(value: Any) -> Any:
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    raise TypeError(f"not JSON serialisable: {type(value).__name__}")


class SandboxJSON(JSONResponse):
    """JSON with Decimals written as numbers (exact for money with two decimals)."""

    def render(self, content: Any) -> bytes:
        return json.dumps(content, default=_json_default, ensure_ascii=False).encode("utf-8")


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not valid JSON")


def _parse_float(text: str) -> Decimal:
    """A JSON number with a fraction or exponent, exactly. Beyond a double's range (1e308) it is
    refused: echoed back (transactions, sender data) it would render as Infinity, as an int of
    over 4300 digits (ValueError), or for 1e999999999 as a billion-digit int (minutes of CPU)."""
    number = Decimal(text)
    if number != 0 and number.adjusted() > 300:
        raise ValueError("number out of range")
    return number


async def json_body(request: Request, *, required: bool = True) -> dict[str, Any]:
    """The request's JSON object; money stays exact (floats parse as Decimal)."""
    raw = await request.body()
    if not raw.strip():
        if required:
            raise ApiError(400, "INVALID_JSON", "a JSON object body is required")
        return {}
    media_type = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if media_type != "application/json":
        raise ApiError(400, "INVALID_CONTENT_TYPE", "the body must be sent as application/json")
    if len(raw) > MAX_BODY:
        raise ApiError(400, "INVALID_JSON", "the body is larger than 1 MiB")
    try:
        data = json_nesting.loads(raw, parse_float=_parse_float, parse_constant=_reject_constant)
    except (ValueError, RecursionError):
        raise ApiError(400, "INVALID_JSON", "the body is not valid JSON") from None
    if not isinstance(data, dict):
        raise ApiError(400, "INVALID_JSON", "the body must be a JSON object")
    # "\ud800" is valid JSON syntax but no character: taken in, it breaks every answer echoing it.
    if (b"\\u" in raw or not raw.isascii()) and _has_lone_surrogate(data):
        raise ApiError(400, "INVALID_JSON", "the body holds a lone UTF-16 surrogate (not Unicode text)")
    return data


def _has_lone_surrogate(data: Any) -> bool:
    """True when a key or string anywhere in `data` cannot be encoded as UTF-8."""
    pending = [data]
    while pending:
        item = pending.pop()
        if isinstance(item, str):
            if not item.isascii():
                try:
                    item.encode("utf-8")
                except UnicodeEncodeError:
                    return True
        elif isinstance(item, dict):
            pending.extend(item)
            pending.extend(item.values())
        elif isinstance(item, list):
            pending.extend(item)
    return False


def bearer_token(request: Request) -> str:
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError(401, "AUTHENTICATION_FAILED", "a bearer token is required")
    return token.strip()


def base_url(request: Request) -> str:
    return str(request.base_url).rstrip("/")


def is_loopback(request: Request) -> bool:
    host = request.client.host if request.client else ""
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host in ("localhost", "testclient")
