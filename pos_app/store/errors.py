"""The store's answers for errors, in QPay's envelope `{error_code, message}`, so a till's client reads them
as it reads QPay's."""

from __future__ import annotations

from fastapi import Request
from fastapi.responses import JSONResponse

from pos_app.qpay import APIConnectionError, AuthenticationError, InvalidResponseError, QPayError, RateLimitError


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


def store_error_response(_request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, StoreError)
    return JSONResponse({"error_code": exc.error_code, "message": exc.message}, exc.status, headers=exc.headers)


def qpay_error_response(_request: Request, exc: Exception) -> JSONResponse:
    """QPay's refusal passes through as it came; what QPay did not answer is the gateway's 502/504, so the till
    takes its outcome as unknown and reads it back (never as a refusal)."""
    assert isinstance(exc, QPayError)
    headers = None
    if isinstance(exc, APIConnectionError):
        status, code = 504, "QPAY_NO_ANSWER"
    elif isinstance(exc, InvalidResponseError):
        status, code = 502, "QPAY_UNREADABLE_ANSWER"
    elif isinstance(exc, AuthenticationError):
        # The store's own QPay login failed: the till's key is fine, so never a 401 to the till.
        status, code = 502, "STORE_QPAY_LOGIN_FAILED"
    else:
        status, code = exc.status or 502, exc.error_code or "QPAY_ERROR"
        if isinstance(exc, RateLimitError):
            headers = {"Retry-After": str(max(1, round(exc.retry_after or 1)))}
    return JSONResponse({"error_code": code, "message": exc.message}, status, headers=headers)
