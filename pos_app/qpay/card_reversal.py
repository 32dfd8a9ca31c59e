"""Card cancel and refund: which HTTP method the service takes, found without risking money.

The contract says ``POST /v2/payment/cancel/{id}`` (and ``.../refund/{id}``);
every public integration sends ``DELETE`` on the same paths, and the live
service answers the contract's POST with 405. `CardReversal` finds the form
that works, by this rule:

1. Send the form this client instance last saw reach the service's handler
   (at first the contract's ``POST``), with the same optional JSON body.
2. Only a *route answer* proves the request reached no handler, so nothing
   moved: HTTP 405 (method not allowed), or a 404 that is not the service's
   own answer, i.e. its code is a routing one (``NOT_FOUND``,
   ``METHOD_NOT_ALLOWED``...) or it has no service envelope at all (an HTML or
   text page, a JSON body with no code). After a route answer the other
   method is sent once on the same path, and its answer is final.
   A 404 with a business code (``PAYMENT_NOTFOUND``...) is the service's
   answer, not a route answer: it is raised as it is, the other method untried.
3. The method that got an answer from a handler (success, or a refusal
   carrying a service code such as ``PAYMENT_NOT_PAID``) is remembered for
   later calls of this client instance.
4. A timeout, a dropped connection, a 5xx or an answer the client cannot read
   is an unknown outcome, as for any call that moves money: the other
   method is never tried then. The payment is read back: ``CANCELLED`` or
   ``REFUNDED`` means done; anything else raises `OutcomeUnknownError`
   (check the payment before trying again).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any

from .errors import InvalidResponseError, OutcomeUnknownError, QPayError, ServerError
from .statuses import PaymentStatus
from .wire import unknown_outcome

__all__ = ["ROUTE_CODES", "CardReversal", "is_route_refusal"]

logger = logging.getLogger("pos_app.qpay")

# Codes web frameworks and gateways give for "no such route / method here" (never a payment's state).
ROUTE_CODES = frozenset({"NOT_FOUND", "METHOD_NOT_ALLOWED", "ROUTE_NOT_FOUND", "NO_ROUTE", "NOT_ALLOWED"})
METHODS = ("POST", "DELETE")  # the contract's form first
# A money move whose answer was lost counts as done when the re-read shows these.
UNDONE_PAYMENT_STATES = frozenset({PaymentStatus.CANCELLED, PaymentStatus.REFUNDED})
# Answers after which the reversal may or may not have happened.
LOST_ANSWER = (OutcomeUnknownError, ServerError, InvalidResponseError)

Send = Callable[[str, str, Any], Any]  # (method, path, json_body) -> parsed answer


def is_route_refusal(exc: QPayError) -> bool:
    """True when *exc* is an answer from routing, not from a handler: the request did nothing."""
    if exc.status == 405:
        return True
    if exc.status != 404:
        return False
    code = (exc.error_code or "").strip().upper()
    if code:
        return code in ROUTE_CODES
    return exc.details is None  # no envelope at all: an HTML/text page or a bare body


def _answered_by_handler(exc: QPayError) -> bool:
    """A refusal that proves the route exists: a 4xx with a service code (not login, rate or routing)."""
    status = exc.status
    return (
        status is not None
        and 400 <= status < 500
        and status not in (401, 403, 405, 408, 429)
        and bool(exc.error_code)
        and not is_route_refusal(exc)
    )


class CardReversal:
    """Cancels and refunds card payments for one client, remembering the method that works.

    *send* does one authenticated request that is never blindly repeated;
    *payment_status* reads a payment's normalised status back.
    """

    def __init__(self, send: Send, payment_status: Callable[[str], str]) -> None:
        self._send = send
        self._payment_status = payment_status
        self._lock = threading.Lock()
        self._method = METHODS[0]

    @property
    def method(self) -> str:
        """The method sent first (the last one seen to reach the handler)."""
        with self._lock:
            return self._method

    def _remember(self, method: str) -> None:
        with self._lock:
            if self._method != method:
                logger.info("card reversal: the service takes %s; using it from now on", method)
            self._method = method

    def undo(self, action: str, payment_id: str, path: str, body: dict[str, Any]) -> None:
        """Cancel or refund (*action*) the payment at *path*; see the module's rule."""
        method = self.method
        try:
            lost = self._attempt(method, path, body)
        except QPayError as exc:
            if not is_route_refusal(exc):
                raise
            other = METHODS[1] if method == METHODS[0] else METHODS[0]
            logger.warning(
                "%s payment: %s %s was not routed (HTTP %s); trying %s", action, method, path, exc.status, other
            )
            method = other
            lost = self._attempt(method, path, body)
        if lost is None:
            return
        self._settle(action, payment_id, method, path, lost)

    def _attempt(self, method: str, path: str, body: dict[str, Any]) -> QPayError | None:
        """Send once: ``None`` when done, the error when the outcome is unknown; a refusal is raised."""
        try:
            self._send(method, path, body)
        except LOST_ANSWER as exc:
            return exc
        except QPayError as exc:
            if _answered_by_handler(exc):
                self._remember(method)
            raise
        self._remember(method)
        return None

    def _settle(self, action: str, payment_id: str, method: str, path: str, lost: QPayError) -> None:
        logger.warning("%s payment: outcome unknown (%s); re-reading the payment", action, type(lost).__name__)
        try:
            status = self._payment_status(payment_id)
        except QPayError as exc:
            raise unknown_outcome(
                f"{action} of payment {payment_id}: answer lost or unreadable and the payment could not be "
                f"re-read ({type(exc).__name__}); check it before trying again",
                lost,
                method=method,
                path=path,
            ) from lost
        if status in UNDONE_PAYMENT_STATES:
            return
        raise unknown_outcome(
            f"{action} of payment {payment_id}: answer lost or unreadable and the payment is still "
            f"{status or 'unknown'}; check it before trying again",
            lost,
            method=method,
            path=path,
        ) from lost
