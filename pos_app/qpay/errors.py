"""QPay errors: one base class, one subclass per family, one factory.

The factory `error_from_response` reads the contract's envelope
``{"error_code": ..., "message": ...}`` and the live variants (key ``error``
holding a string or a nested validation object; plain-text bodies).

How a class is chosen:

1. HTTP 401, 429 and 5xx pick the family by status whatever the code says,
   because they decide what the client itself does (log in again, retry).
2. Otherwise a known code picks its family (so a live 422 ``INVOICE_NOTFOUND``
   is still a `NotFoundError`). Known: the contract's codes, the live
   service's, the error classes of QPay's own API document
   (``VALIDATION_ERROR``...) and the till-relevant codes public SDKs list.
3. An unknown code (QPay's document lists 52, SDKs more) takes the family
   of its status class, as the document assigns them: 400 invalid request,
   403 permission denied, 404 and 422 not found (the document's class for
   422 is ``NOT_FOUND_ERROR``), 409 conflict. The code stays intact, so
   callers can still branch on it. Other statuses (418...) keep the base
   `QPayError`.
4. With no code at all, the status picks the family (400/422 invalid request
   -- a bare 422 is what web frameworks send for a malformed body --, 403
   permission, 404 not found, 409 conflict).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .redaction import redact

__all__ = [
    "APIConnectionError",
    "AuthenticationError",
    "CertificateChangedError",
    "ConflictError",
    "InvalidRequestError",
    "InvalidResponseError",
    "NotFoundError",
    "OutcomeUnknownError",
    "PaymentStateError",
    "PermissionDeniedError",
    "QPayError",
    "RateLimitError",
    "ServerError",
    "UnreadableAnswerError",
    "error_from_response",
]

_MAX_MESSAGE = 500  # an HTML error page is not a message
_MAX_CODE = 100  # real codes are short words: INVOICE_NOTFOUND


class QPayError(Exception):
    """Any failure of a QPay call.

    Attributes: `status` (HTTP status, ``None`` when no answer came),
    `error_code` (the service's machine-readable code, as sent but cut short and masked like the
    message, or ``None``),
    `message` (human-readable, with anything token-like masked), `details`
    (a nested validation object when the service sent one), and the request's
    `method` and `path` when known.
    """

    def __init__(
        self,
        status: int | None,
        error_code: str | None,
        message: str,
        *,
        details: Any = None,
        method: str | None = None,
        path: str | None = None,
    ) -> None:
        self.status = status
        # The code is shown in str() and repr(), like the message: mask tokens and keep it short too (a live
        # `error` may hold a sentence, even one quoting the Authorization header).
        self.error_code = _short(redact(error_code), _MAX_CODE) if error_code else error_code
        self.message = redact(message or "")
        self.details = details
        self.method = method
        self.path = path
        super().__init__(self._describe())

    def _describe(self) -> str:
        parts: list[str] = []
        if self.error_code:
            parts.append(self.error_code)
        if self.status is not None:
            parts.append(f"(HTTP {self.status})")
        head = " ".join(parts) or type(self).__name__
        where = f" [{self.method} {self.path}]" if self.method and self.path else ""
        return f"{head}: {self.message}{where}" if self.message else f"{head}{where}"

    def __repr__(self) -> str:
        return (
            f"{type(self).__name__}(status={self.status!r}, error_code={self.error_code!r}, message={self.message!r})"
        )

    def __reduce__(self) -> tuple[Any, ...]:
        # Exceptions cross thread/process queues; keep them picklable.
        return (_rebuild, (type(self), dict(self.__dict__)))


def _rebuild(cls: type[QPayError], state: dict[str, Any]) -> QPayError:
    error = cls.__new__(cls)
    error.__dict__.update(state)
    Exception.__init__(error, error._describe())
    return error


class AuthenticationError(QPayError):
    """Credentials or token refused (401), or the account may not act (403)."""


class PermissionDeniedError(AuthenticationError):
    """HTTP 403, e.g. ``MERCHANT_INACTIVE``: the account is disabled."""


class NotFoundError(QPayError):
    """The invoice, payment, merchant or receipt does not exist."""


class InvalidRequestError(QPayError):
    """The request was refused as malformed or invalid; sending it again won't help."""


class ConflictError(InvalidRequestError):
    """HTTP 409: a duplicate (seen live for a reused `sender_invoice_no`)."""


class PaymentStateError(QPayError):
    """The object is in the wrong state for the operation (already paid, cancelled...)."""


class RateLimitError(QPayError):
    """HTTP 429. `retry_after` is the server's wait in seconds, or ``None``."""

    def __init__(self, *args: Any, retry_after: float | None = None, **kwargs: Any) -> None:
        self.retry_after = retry_after
        super().__init__(*args, **kwargs)


class ServerError(QPayError):
    """HTTP 5xx (``INTERNAL_SERVER_ERROR``, ``SYSTEM_BUSY``...)."""


class InvalidResponseError(QPayError):
    """A success status with a body the client cannot read."""


class APIConnectionError(QPayError):
    """No HTTP answer: connection refused, timed out or dropped. `status` is ``None``."""

    def __init__(self, message: str, *, method: str | None = None, path: str | None = None) -> None:
        super().__init__(None, None, message, method=method, path=path)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (type(self), dict(self.__dict__)))


class CertificateChangedError(APIConnectionError):
    """The server's TLS certificate is not the one pinned (its SHA-256 fingerprint differs): nothing was sent. Not
    tried again: only the owner, comparing the new fingerprint, may accept it."""


class OutcomeUnknownError(APIConnectionError):
    """The request was sent but its answer was lost: it may or may not have taken effect.

    Raised for calls that move money only after the client has tried to
    find out (look-up of the invoice, re-read of the payment) and could not.
    """


class UnreadableAnswerError(OutcomeUnknownError, InvalidResponseError):
    """A call that moves money (or voids a receipt) was answered with a success status, but the client
    cannot read the answer: the call most likely took effect, and the client cannot say what it did.

    Both an `OutcomeUnknownError` (settle it by reading the state back, never take it as refused and
    never send blindly again) and an `InvalidResponseError` (code that branched on an unreadable answer
    keeps working). `status` is the success status that came with the unreadable answer.
    """

    def __init__(
        self, status: int | None, message: str, *, method: str | None = None, path: str | None = None
    ) -> None:
        QPayError.__init__(self, status, None, message, method=method, path=path)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (type(self), dict(self.__dict__)))


_FAMILY_BY_CODE: dict[str, type[QPayError]] = {}


def _register(cls: type[QPayError], *codes: str) -> None:
    for code in codes:
        _FAMILY_BY_CODE[code] = cls


_register(AuthenticationError, "AUTHENTICATION_FAILED", "NO_CREDENDIALS", "NO_CREDENTIALS", "UNAUTHORIZED_ERROR")
_register(PermissionDeniedError, "MERCHANT_INACTIVE", "FORBIDDEN", "FORBIDDEN_ERROR", "PERMISSION_DENIED",
          "QRACCOUNT_INACTIVE")
_register(
    NotFoundError,
    "INVOICE_NOTFOUND",
    "PAYMENT_NOTFOUND",
    "MERCHANT_NOTFOUND",
    "BARIMT_NOT_FOUND",
    "NOT_FOUND",
    "NOT_FOUND_ERROR",  # QPay's document: the class of its 422 answers
    # Listed by public SDKs (real-service-notes).
    "BANK_ACCOUNT_NOTFOUND",
    "BANK_MCC_NOT_FOUND",
    "CARD_TERMINAL_NOTFOUND",
    "CLIENT_NOTFOUND",
    "CUSTOMER_NOTFOUND",
    "INFORM_NOTFOUND",
    "INPUT_NOTFOUND",
    "MCC_NOTFOUND",
    "P2P_TERMINAL_NOTFOUND",
    "QRACCOUNT_NOTFOUND",
    "QRCODE_NOTFOUND",
)
_register(
    InvalidRequestError,
    "INVOICE_CODE_INVALID",
    "INVOICE_LINE_REQUIRED",
    "INVALID_AMOUNT",
    "MIN_AMOUNT_ERR",
    "MAX_AMOUNT_ERR",
    "INVALID_OBJECT_TYPE",
    # The sandbox's codes for malformed input (the contract shows none).
    "INVALID_JSON",
    "INVALID_CONTENT_TYPE",
    "INVALID_PARAMETERS",
    "BAD_REQUEST",
    "METHOD_NOT_ALLOWED",
    "UNPROCESSABLE_ENTITY",
    "VALIDATION_ERROR",  # QPay's document: the class of its 400 answers
    # Listed by public SDKs: refusals of what the till sent (the request's data).
    "ACCOUNT_SELECTION_INVALID",
    "CUSTOMER_REGISTER_INVALID",
    "EBARIMT_QR_CODE_INVALID",
    "INVOICE_RECEIVER_DATA_ADDRESS_REQUIRED",
    "INVOICE_RECEIVER_DATA_EMAIL_REQUIRED",
    "INVOICE_RECEIVER_DATA_PHONE_REQUIRED",
    "INVOICE_RECEIVER_DATA_REQUIRED",
    "OBJECT_DATA_ERROR",
    "SENDER_BRANCH_DATA_REQUIRED",
    "TAX_LINE_REQUIRED",
    "TAX_PRODUCT_CODE_REQUIRED",
    "TRANSACTION_REQUIRED",
)
_register(
    ConflictError,
    "CONFLICT",
    "UNIQUE_ERROR",  # QPay's document: the class of its 409 answers
    "ACCOUNT_BANK_DUPLICATED",
    "BANK_MCC_ALREADY_ADDED",
    "CLIENT_USERNAME_DUPLICATED",
    "CUSTOMER_DUPLICATE",
    "INPUT_CODE_REGISTERED",
    "INVOICE_CODE_REGISTERED",
    "MERCHANT_ALREADY_REGISTERED",
)
_register(
    PaymentStateError,
    "INVOICE_PAID",
    "INVOICE_ALREADY_CANCELED",
    "PAYMENT_NOT_PAID",
    "PAYMENT_ALREADY_CANCELED",
    "PAYMENT_SETTLED",
    "EBARIMT_NOT_REGISTERED",
    "EBARIMT_CANCEL_NOTSUPPERDED",  # the contract's spelling
    "EBARIMT_CANCEL_NOTSUPPORTED",
    # The payer's side: the card transaction was declined, the QR code was paid already.
    "TRANSACTION_NOT_APPROVED",
    "QRCODE_USED",
)
_register(RateLimitError, "TOO_MANY_REQUESTS")
_register(
    ServerError,
    "INTERNAL_SERVER_ERROR",
    "INTERNAL_ERROR",  # QPay's document: the class of its 500 answers
    "SYSTEM_BUSY",
    "BAD_GATEWAY",
    "SERVICE_UNAVAILABLE",
    "GATEWAY_TIMEOUT",
)

KNOWN_ERROR_CODES: frozenset[str] = frozenset(_FAMILY_BY_CODE)

_FAMILY_BY_STATUS: dict[int, type[QPayError]] = {
    400: InvalidRequestError,
    403: PermissionDeniedError,
    404: NotFoundError,
    409: ConflictError,
    422: InvalidRequestError,
}
# An unknown code in a service answer: QPay's document gives 422 the class NOT_FOUND_ERROR.
_FAMILY_BY_UNKNOWN_CODE_STATUS: dict[int, type[QPayError]] = {**_FAMILY_BY_STATUS, 422: NotFoundError}


def error_class_for(status: int, error_code: str | None) -> type[QPayError]:
    """The exception class for an HTTP *status* and service *error_code*."""
    if status == 401:
        return AuthenticationError
    if status == 429:
        return RateLimitError
    if status >= 500:
        return ServerError
    if error_code:
        known = _FAMILY_BY_CODE.get(error_code.strip().upper())
        if known is not None:
            return known
        return _FAMILY_BY_UNKNOWN_CODE_STATUS.get(status, QPayError)
    return _FAMILY_BY_STATUS.get(status, QPayError)


def error_from_response(
    status: int,
    body: Any,
    *,
    retry_after: float | None = None,
    method: str | None = None,
    path: str | None = None,
) -> QPayError:
    """Build the exception for an error answer.

    *body* is the parsed JSON (a dict, usually), or the raw text when the body
    was not JSON, or ``None`` when it was empty.
    """
    error_code, message, details = _read_envelope(body)
    cls = error_class_for(status, error_code)
    if not message:
        message = f"HTTP {status}"
    kwargs: dict[str, Any] = {"details": details, "method": method, "path": path}
    if cls is RateLimitError:
        kwargs["retry_after"] = retry_after
    return cls(status, error_code, message, **kwargs)


def _read_envelope(body: Any) -> tuple[str | None, str, Any]:
    """(error_code, message, details) from any error body seen so far."""
    if isinstance(body, (bytes, bytearray)):
        body = body.decode("utf-8", "replace")
    if isinstance(body, str):
        return None, _short(body), None
    if not isinstance(body, Mapping):
        return None, "", body
    message = _message(body.get("message"))
    if isinstance(body.get("message"), Mapping) and not isinstance(body.get("details"), (Mapping, list)):
        body = {**body, "details": dict(body["message"])}
    raw = body.get("error_code")
    if raw is None:
        raw = body.get("error")
    details: Any = None
    code: str | None = None
    if isinstance(raw, str):
        code = raw.strip() or None
    elif isinstance(raw, Mapping):
        # Live validation errors: a nested object under `error`.
        details = dict(raw)
        for key in ("error_code", "code", "error", "name", "type"):
            if isinstance(raw.get(key), str) and raw[key].strip():
                code = raw[key].strip()
                break
        message = message or _message(raw.get("message")) or _text(raw.get("detail")) or ""
    elif raw is not None:
        details = raw
    if details is None and isinstance(body.get("details"), (Mapping, list)):
        details = body["details"]
    return code, _short(message), details


def _message(value: Any) -> str:
    """A message as text. In QPay's validation errors `message` may be an object of field -> problem
    (``{"page_limit": {"type": "MIN_NUMBER", "message": "Number min value [1]!"}}``)."""
    if isinstance(value, str):
        return value
    if isinstance(value, Mapping):
        parts = []
        for key, problem in list(value.items())[:5]:
            text = problem if isinstance(problem, str) else None
            if isinstance(problem, Mapping):
                text = _text(problem.get("message")) or _text(problem.get("type"))
            parts.append(f"{key}: {text}" if text else str(key))
        return "; ".join(parts)
    return ""


def _text(value: Any) -> str | None:
    return value if isinstance(value, str) else None


def _short(text: str, limit: int = _MAX_MESSAGE) -> str:
    text = text.strip()
    return text if len(text) <= limit else text[:limit] + "…"
