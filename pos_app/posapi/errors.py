"""PosAPI 3.0 errors: one base class, one subclass per family, one factory.

The spec documents no HTTP error codes for the local service: a refused
receipt is a **200 answer whose `status` is not ``SUCCESS``** (``ERROR``, or
``PAYMENT`` when the payment data is incomplete), with a `message`. The
public look-ups (``/api/...``) answer an envelope ``{"status": 200, "msg":
...}`` whose `status` repeats an HTTP-like code. The factory reads both, and
any plain HTTP error a proxy or a broken service may send.

How a class is chosen (`error_for`):

1. HTTP 5xx: `ServerError` for reads; for a call that may issue or void a
   receipt it is `OutcomeUnknownError` (the service may have done the work).
2. HTTP 404: `NotFoundError`. Any other 4xx: `ReceiptRefusedError` on the
   receipt path (nothing was issued), `InvalidRequestError` elsewhere.
3. A 2xx body with `status` ``ERROR``/``PAYMENT`` (receipt) is a refusal;
   an envelope `status` of 4xx/5xx (look-ups) picks the family as in 1-2.

The spec names no code for "lotteries used up" or "data not sent for too
long"; the till learns both from ``GET /rest/info`` (`leftLotteries`,
`lastSentDate`), see `pos_app.posapi.readiness_rules`, which raises
`LotteriesExhaustedError` and `DataNotSentError`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .redaction import redact

__all__ = [
    "DataNotSentError",
    "InvalidRequestError",
    "InvalidResponseError",
    "LotteriesExhaustedError",
    "NotFoundError",
    "OutcomeUnknownError",
    "PaymentIncompleteError",
    "PosApiConnectionError",
    "PosApiError",
    "PosNotReadyError",
    "ReceiptRefusedError",
    "ServerError",
    "error_for",
    "refusal_from_answer",
]

_MAX_MESSAGE = 500


class PosApiError(Exception):
    """Any failure of a PosAPI call.

    `status`: the HTTP status (``None`` when no answer came); `service_status`: the body's own `status`
    (``"ERROR"``, ``"PAYMENT"``, ``404``...) or ``None``; `message`: human-readable, masked and cut short;
    `method`, `path`: the request, when known.
    """

    def __init__(
        self,
        message: str,
        *,
        status: int | None = None,
        service_status: str | int | None = None,
        method: str | None = None,
        path: str | None = None,
    ) -> None:
        self.status = status
        self.service_status = service_status
        self.message = _short(redact(message or ""))
        self.method = method
        self.path = path
        super().__init__(self._describe())

    def _describe(self) -> str:
        head = type(self).__name__
        if self.status is not None:
            head += f" (HTTP {self.status})"
        if self.service_status is not None:
            head += f" [{self.service_status}]"
        where = f" [{self.method} {self.path}]" if self.method and self.path else ""
        return f"{head}: {self.message}{where}" if self.message else f"{head}{where}"

    def __reduce__(self) -> tuple[Any, ...]:
        # Errors cross the GUI's worker-thread queues; keep them picklable.
        return (_rebuild, (type(self), dict(self.__dict__)))


def _rebuild(cls: type[PosApiError], state: dict[str, Any]) -> PosApiError:
    error = cls.__new__(cls)
    error.__dict__.update(state)
    Exception.__init__(error, error._describe())
    return error


class PosApiConnectionError(PosApiError):
    """No answer, and the call issued nothing: a failed connect, or a read that timed out."""


class OutcomeUnknownError(PosApiError):
    """``POST``/``DELETE /rest/receipt`` was (maybe) received but no readable answer came: a timeout, a
    dropped connection, a 5xx, or a success status with a body the client cannot read.

    The receipt may have been issued (or voided). Never send it again blindly. `bill_id_suffix` is the
    till's own number sent with it (the spec's `billIdSuffix`, unique per day); the spec offers no look-up
    of a receipt by it, so the till keeps the sale open for the cashier to settle.
    """

    def __init__(self, message: str, *, bill_id_suffix: str | None = None, **kwargs: Any) -> None:
        self.bill_id_suffix = bill_id_suffix
        super().__init__(message, **kwargs)


class ServerError(PosApiError):
    """HTTP 5xx (or an envelope status of 5xx) on a read."""


class InvalidRequestError(PosApiError):
    """The request was refused as invalid; sending it again unchanged won't help."""


class ReceiptRefusedError(InvalidRequestError):
    """The service answered, and issued (or voided) nothing: `status` ``ERROR`` in a 200 answer, or a 4xx."""


class PaymentIncompleteError(ReceiptRefusedError):
    """`status` ``PAYMENT``: the payment data of the receipt is incomplete."""


class NotFoundError(PosApiError):
    """HTTP 404 (or an envelope status of 404): no such taxpayer, receipt or route."""


class InvalidResponseError(PosApiError):
    """A read was answered with a success status and a body the client cannot read."""


class PosNotReadyError(PosApiError):
    """``GET /rest/info`` says the service cannot issue receipts now."""


class LotteriesExhaustedError(PosNotReadyError):
    """`leftLotteries` is 0: the service has no lottery numbers left to print."""


class DataNotSentError(PosNotReadyError):
    """`lastSentDate` is older than the allowed age: receipts have not reached the tax system."""


def error_for(
    status: int,
    body: Any,
    *,
    method: str | None = None,
    path: str | None = None,
    may_issue: bool = False,
    bill_id_suffix: str | None = None,
) -> PosApiError:
    """The exception for an HTTP error answer (*status* >= 400) or a look-up envelope with an error status.

    *body* is the parsed JSON, the raw text, or ``None``. *may_issue* is true for the calls that issue or
    void a receipt: a 5xx is then an `OutcomeUnknownError`, a 4xx a `ReceiptRefusedError`.
    """
    service_status, message = _read_body(body)
    message = message or f"HTTP {status}"
    where: dict[str, Any] = {"method": method, "path": path, "service_status": service_status}
    if status >= 500:
        if may_issue:
            return OutcomeUnknownError(
                f"{message}; the receipt may have been issued or voided", status=status,
                bill_id_suffix=bill_id_suffix, **where)
        return ServerError(message, status=status, **where)
    if status == 404:
        return NotFoundError(message, status=status, **where)
    if may_issue:
        return ReceiptRefusedError(message, status=status, **where)
    return InvalidRequestError(message, status=status, **where)


def refusal_from_answer(body: Mapping[str, Any], *, status: int, method: str, path: str) -> ReceiptRefusedError:
    """The refusal in a 2xx receipt answer whose `status` is not ``SUCCESS``."""
    service_status, message = _read_body(body)
    cls = PaymentIncompleteError if str(service_status).strip().upper() == "PAYMENT" else ReceiptRefusedError
    return cls(message or "the receipt was refused", status=status, service_status=service_status,
               method=method, path=path)


def _read_body(body: Any) -> tuple[str | int | None, str]:
    """(the body's own status, its message) from any error body."""
    if isinstance(body, (bytes, bytearray)):
        body = body.decode("utf-8", "replace")
    if isinstance(body, str):
        return None, body
    if not isinstance(body, Mapping):
        return None, ""
    raw = body.get("status")
    service_status = raw if isinstance(raw, (str, int)) and not isinstance(raw, bool) else None
    for key in ("message", "msg", "error"):
        value = body.get(key)
        if isinstance(value, str) and value.strip():
            return service_status, value
    return service_status, ""


def _short(text: str) -> str:
    text = text.strip()
    return text if len(text) <= _MAX_MESSAGE else text[:_MAX_MESSAGE] + "…"
