"""The sandbox's one error type: it becomes the contract's envelope."""

from __future__ import annotations


class ApiError(Exception):
    """An answer in the contract's error envelope `{error_code, message}`."""

    def __init__(self, status: int, error_code: str, message: str,
                 headers: dict[str, str] | None = None) -> None:
        super().__init__(f"{status} {error_code}: {message}")
        self.status = status
        self.error_code = error_code
        self.message = message
        self.headers = headers or {}

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
