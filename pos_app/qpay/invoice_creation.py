"""Create Invoice with its duplicate guard (`QPayClient.create_invoice`).

Duplicate guard. If the answer is lost (timeout, dropped connection,
5xx) or cannot be read, the invoice may exist: the client waits
(`RetryPolicy.reconcile_delays`), looks it up by `sender_invoice_no`
with Invoice List and, if found, returns it rebuilt from Get Invoice
(which carries the QR text and image, short URL and bank links).
Only when it is truly not there is the request sent once more (and
after a second loss, looked up again). If the look-up itself cannot
be done, `OutcomeUnknownError` is raised and nothing is resent:
look the invoice up with `find_invoice` before creating it again.

So any other error means no invoice was made: the login failed, or
the one request sent was refused or never left. Once an answer was
lost, a refused resend is `OutcomeUnknownError` too (the first
request may still land).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Mapping
from decimal import Decimal
from typing import Any

from .builders import EbarimtInvoice, FullInvoice, SimpleInvoice
from .errors import InvalidResponseError, OutcomeUnknownError, QPayError, ServerError
from .models import InvoiceCreated, InvoiceSummary
from .statuses import InvoiceStatus
from .wire import parse, unknown_outcome

__all__ = ["InvoiceCreation", "InvoiceRequest", "invoice_request", "newest_live_invoice"]

logger = logging.getLogger("pos_app.qpay")

InvoiceRequest = SimpleInvoice | FullInvoice | EbarimtInvoice
# Outcomes after which the invoice may or may not exist: no answer, a 5xx, or a success answer the
# client cannot read (the service most likely made the invoice).
_LOST_ANSWER = (OutcomeUnknownError, ServerError, InvalidResponseError)


def invoice_request(invoice: InvoiceRequest | Mapping[str, Any]) -> InvoiceRequest:
    if isinstance(invoice, (SimpleInvoice, EbarimtInvoice)):
        return invoice
    if isinstance(invoice, Mapping):
        if "tax_type" in invoice:
            return EbarimtInvoice.model_validate(dict(invoice))
        return FullInvoice.model_validate(dict(invoice))
    raise TypeError(f"not an invoice request: {type(invoice).__name__}")


def newest_live_invoice(
    rows: Iterable[InvoiceSummary], sender_invoice_no: str, amount: Decimal | None
) -> InvoiceSummary | None:
    """The newest not-cancelled row for *sender_invoice_no* (and *amount*, when given)."""
    candidates = [
        row
        for row in rows
        if row.sender_invoice_no == sender_invoice_no
        and row.status != InvoiceStatus.CANCELLED
        and (amount is None or row.amount is None or row.amount == amount)
    ]
    if not candidates:
        return None
    return max(candidates, key=lambda row: row.created_date or "")


Find = Callable[..., InvoiceCreated | None]


class InvoiceCreation:
    """*login* makes sure a token is held; *send* posts the payload once (never blindly repeated);
    *find* is `QPayClient.find_invoice`; *sleep* and *reconcile_delays* pace the look-ups."""

    def __init__(
        self,
        login: Callable[[], object],
        send: Callable[[dict[str, Any]], Any],
        find: Find,
        sleep: Callable[[float], None],
        reconcile_delays: tuple[float, ...],
    ) -> None:
        self._login = login
        self._send = send
        self._find = find
        self._sleep = sleep
        self._reconcile_delays = reconcile_delays

    def create(self, request: InvoiceRequest) -> InvoiceCreated:
        """See `QPayClient.create_invoice`."""
        payload = request.to_payload()
        # Log in first, so that a failed login is not mistaken for a lost invoice.
        self._login()
        for attempt in (1, 2):
            try:
                body = self._send(payload)
                return parse(InvoiceCreated, body, "POST", "/v2/invoice")
            except _LOST_ANSWER as exc:
                lost: QPayError = exc
            except QPayError as exc:
                if attempt == 1:
                    raise
                if exc.status != 409:
                    raise OutcomeUnknownError(
                        f"invoice {request.sender_invoice_no!r}: the first answer was lost and the resend "
                        f"was refused ({type(exc).__name__}); the first may still land",
                        method="POST", path="/v2/invoice",
                    ) from exc
                # 409 (live: duplicate) on the second send means the first landed after all.
                lost = exc
            logger.warning(
                "create invoice %s: outcome unknown (%s); looking it up before any resend",
                request.sender_invoice_no,
                type(lost).__name__,
            )
            found = self._reconcile(request, lost)
            if found is not None:
                return found
            if attempt == 2:
                # A 409 here says the first request landed, though the look-up did not see it (yet): an
                # invoice may exist, so the outcome is unknown, never a refusal.
                raise unknown_outcome(
                    f"invoice {request.sender_invoice_no!r} could not be created: "
                    "the answer was lost (or unreadable) twice",
                    lost,
                    method="POST",
                    path="/v2/invoice",
                ) from lost
            logger.warning("create invoice %s: not found; sending it once more", request.sender_invoice_no)
        raise AssertionError("unreachable")

    def _reconcile(self, request: InvoiceRequest, lost: QPayError) -> InvoiceCreated | None:
        for delay in self._reconcile_delays or (0.0,):
            # The service may still be working on the request we stopped waiting for.
            self._sleep(delay)
            try:
                found = self._find(
                    request.sender_invoice_no,
                    invoice_code=request.invoice_code,
                    amount=request.amount if isinstance(request, SimpleInvoice) else None,
                )
            except QPayError as exc:
                raise unknown_outcome(
                    f"invoice {request.sender_invoice_no!r} may have been created and could not be looked up "
                    f"({type(exc).__name__}); look it up before creating it again",
                    lost,
                    method="POST",
                    path="/v2/invoice",
                ) from lost
            if found is not None:
                logger.info(
                    "create invoice %s: found %s after a lost answer", request.sender_invoice_no, found.invoice_id
                )
                return found
        return None
