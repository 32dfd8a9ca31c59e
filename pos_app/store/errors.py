"""The store's answers for errors, in QPay's envelope `{error_code, message}`, so a till's client reads them
as it reads QPay's."""

from __future__ import annotations

import math

from fastapi import Request
from starlette.exceptions import HTTPException

from pos_app.qpay import APIConnectionError, AuthenticationError, InvalidResponseError, QPayError, RateLimitError

from .jsonio import StoreJSON


class StoreError(Exception):
    def __init__(self, status: int, error_code: str, message: str, headers: dict[str, str] | None = None) -> None:
        super().__init__(f"{status} {error_code}: {message}")
        self.status = status
        self.error_code = error_code
        self.message = message
        self.headers = headers


def not_found(what: str) -> StoreError:
    """Another till's invoice or payment reads as one that does not exist."""
    return StoreError(404, "NOT_FOUND", f"{what} not found")


def store_error_response(_request: Request, exc: Exception) -> StoreJSON:
    assert isinstance(exc, StoreError)
    return StoreJSON({"error_code": exc.error_code, "message": exc.message}, exc.status, headers=exc.headers)


_HTTP_CODES = {404: "NOT_FOUND", 405: "METHOD_NOT_ALLOWED"}


def http_error_response(_request: Request, exc: Exception) -> StoreJSON:
    """No such path, or not with this method: in QPay's envelope too (its own words: "no such endpoint")."""
    assert isinstance(exc, HTTPException)
    code = _HTTP_CODES.get(exc.status_code, "HTTP_ERROR")
    message = "no such endpoint" if exc.status_code == 404 else str(exc.detail)
    return StoreJSON({"error_code": code, "message": message}, exc.status_code, headers=exc.headers)


def qpay_error_response(_request: Request, exc: Exception) -> StoreJSON:
    """QPay's refusal passes through as it came; what QPay did not answer is the gateway's 502/504, so the till
    takes its outcome as unknown and reads it back (never as a refusal)."""
    assert isinstance(exc, QPayError)
    headers = None
    if isinstance(exc, APIConnectionError):
        status, code = 504, "QPAY_NO_ANSWER"
    elif isinstance(exc, InvalidResponseError):
        status, code = 502, "QPAY_UNREADABLE_ANSWER"
    elif isinstance(exc, AuthenticationError) and exc.status == 401:
        # The store's own QPay login failed: the till's key is fine, so never a 401 to the till.
        status, code = 502, "STORE_QPAY_LOGIN_FAILED"
    else:
        # QPay's refusals (400, 403, 404, 409, 422...) pass as they came: the till's client reads them as QPay's.
        status, code = exc.status or 502, exc.error_code or "QPAY_ERROR"
        if isinstance(exc, RateLimitError):
            headers = {"Retry-After": str(retry_after_seconds(exc.retry_after))}
    return StoreJSON({"error_code": code, "message": exc.message}, status, headers=headers)


def retry_after_seconds(wait: float | None) -> int:
    """Whole seconds for a Retry-After header: at least 1, at most a minute (a nonsense value waits 1)."""
    if wait is None or not math.isfinite(wait):
        return 1
    return int(min(60, max(1, math.ceil(wait))))
