"""What every route shares: JSON in and out, bearer tokens, the error envelope."""

from __future__ import annotations

import ipaddress
import json
from decimal import Decimal
from typing import Any

from fastapi import Request
from fastapi.responses import JSONResponse

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
        data = json.loads(raw, parse_float=Decimal, parse_constant=_reject_constant)
    except (ValueError, RecursionError):
        raise ApiError(400, "INVALID_JSON", "the body is not valid JSON") from None
    if not isinstance(data, dict):
        raise ApiError(400, "INVALID_JSON", "the body must be a JSON object")
    return data


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
