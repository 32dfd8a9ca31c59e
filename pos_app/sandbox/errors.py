"""The sandbox's one error type: it becomes the contract's envelope."""

from __future__ import annotations


class ApiError(Exception):
    """An answer in the contract's error envelope `{error_code, message}`."""

    def __init__(self, status: int, error_code: str, message: str,
                 headers: dict[str, str] | None = None, live: tuple[int, str] | None = None) -> None:
        super().__init__(f"{status} {error_code}: {message}")
        self.status = status
        self.error_code = error_code
        self.message = message
        self.headers = headers or {}
        # (status, code) the live profile answers instead, where the live service names it otherwise.
        self.live = live

    def envelope(self) -> dict[str, str]:
        return {"error_code": self.error_code, "message": self.message}


def invalid(message: str) -> ApiError:
    """A field is missing or has the wrong type or size (code not in the contract)."""
    return ApiError(400, "INVALID_PARAMETERS", message)


# Codes the fault injector uses for a bare status (429/5xx are the contract's
# statuses; their codes are not shown, so these are the sandbox's choice).
STATUS_CODES: dict[int, str] = {
    400: "BAD_REQUEST",
    401: "AUTHENTICATION_FAILED",
    403: "FORBIDDEN",
    404: "NOT_FOUND",
    405: "METHOD_NOT_ALLOWED",
    409: "CONFLICT",
    422: "UNPROCESSABLE_ENTITY",
    429: "TOO_MANY_REQUESTS",
    500: "INTERNAL_SERVER_ERROR",
    502: "BAD_GATEWAY",
    503: "SYSTEM_BUSY",
    504: "GATEWAY_TIMEOUT",
}


def code_for_status(status: int) -> str:
    return STATUS_CODES.get(status, f"HTTP_{status}")


# The HTTP status of every code the contract and the public SDKs name, by the classes of QPay's own
# document (400 VALIDATION_ERROR, 401, 403 FORBIDDEN_ERROR, 409 UNIQUE_ERROR, 422 NOT_FOUND_ERROR,
# 500): a fault injected with an `error_code` and no `status` answers with it.
_CODES_BY_STATUS: dict[int, tuple[str, ...]] = {
    401: ("AUTHENTICATION_FAILED", "NO_CREDENDIALS", "NO_CREDENTIALS", "UNAUTHORIZED_ERROR"),
    403: ("FORBIDDEN", "FORBIDDEN_ERROR", "MERCHANT_INACTIVE", "PERMISSION_DENIED", "QRACCOUNT_INACTIVE"),
    409: ("ACCOUNT_BANK_DUPLICATED", "BANK_MCC_ALREADY_ADDED", "CLIENT_USERNAME_DUPLICATED", "CONFLICT",
          "CUSTOMER_DUPLICATE", "INPUT_CODE_REGISTERED", "INVOICE_CODE_REGISTERED",
          "MERCHANT_ALREADY_REGISTERED", "QRCODE_USED", "UNIQUE_ERROR"),
    429: ("TOO_MANY_REQUESTS",),
    500: ("INTERNAL_ERROR", "INTERNAL_SERVER_ERROR"),
    503: ("SYSTEM_BUSY",),
}
CODE_STATUS = {code: status for status, codes in _CODES_BY_STATUS.items() for code in codes}


def status_for_code(code: str, *, live: bool = False) -> int:
    """An error code's status: a not-found is 404 (the contract) or 422 (live); anything else
    unnamed above is a 400 (CUSTOMER_REGISTER_INVALID, TAX_LINE_REQUIRED, OBJECT_DATA_ERROR...)."""
    if code in CODE_STATUS:
        return CODE_STATUS[code]
    if code.endswith(("NOTFOUND", "NOT_FOUND", "NOT_FOUND_ERROR")):
        return 422 if live else 404
    return 400
