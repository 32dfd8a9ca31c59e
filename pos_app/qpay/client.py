"""`QPayClient`: one method per endpoint of the QPay merchant API v2.

Safe to share between threads (the token holder serialises renewals; a
`requests.Session` pools connections across threads).

Repeats, per kind of call:

- Reads and checks (get, list, check) and the login are retried on
  connection errors, timeouts, 429 and 5xx, with capped exponential backoff
  and jitter, honouring ``Retry-After``.
- Calls that move money are never blindly repeated. They are sent again
  unasked only when they certainly did not reach the service (a failed
  connect, a 429). After a lost answer (timeout, dropped connection, 5xx)
  the client finds out what happened instead:
  `create_invoice` looks the invoice up by `sender_invoice_no`,
  `cancel_payment`/`refund_payment` re-read the payment,
  `cancel_invoice` re-reads the invoice.
- A 401 on a token the client believed valid means the session ended: the
  client logs in again once and repeats the call once (a 401 is a refusal,
  so nothing was done).
"""

from __future__ import annotations

import base64
import logging
import random
import time
from collections.abc import Callable, Mapping
from datetime import date, datetime
from decimal import Decimal
from typing import Any, TypeVar
from urllib.parse import quote

import requests
from pydantic import BaseModel, ValidationError

from .auth import TokenManager
from .builders import EbarimtInvoice, EbarimtRequest, FullInvoice, SimpleInvoice
from .errors import (
    AuthenticationError,
    InvalidResponseError,
    OutcomeUnknownError,
    QPayError,
    ServerError,
)
from .models import (
    CheckResult,
    CheckRow,
    Ebarimt,
    EbarimtCancelResult,
    Invoice,
    InvoiceCreated,
    InvoiceList,
    InvoiceSummary,
    Payment,
    PaymentList,
    TokenPair,
)
from .paid import PaidVerdict, paid_state
from .redaction import Secret, redact
from .retry import DEFAULT_RETRY_POLICY, RetryPolicy
from .statuses import InvoiceStatus, PaymentStatus
from .transport import _NO_BODY, Timeout, Transport

__all__ = ["QPayClient"]

logger = logging.getLogger("pos_app.qpay")

Model = TypeVar("Model", bound=BaseModel)
InvoiceRequest = SimpleInvoice | FullInvoice | EbarimtInvoice

# A live page_limit of 1000 has produced HTTP 500: stay well below.
MAX_PAGE_LIMIT = 100
_OBJECT_TYPE = "INVOICE"
# A money move whose answer was lost counts as done when the re-read shows these.
_UNDONE_PAYMENT_STATES = frozenset({PaymentStatus.CANCELLED, PaymentStatus.REFUNDED})
# Outcomes after which a money move may or may not have happened.
_LOST_ANSWER = (OutcomeUnknownError, ServerError)


class QPayClient:
    """Client of the QPay merchant API v2.

    *timeout* is ``(connect, read)`` seconds (or one number for both) and is
    applied to every request. Pass *session* to use an instrumented or
    pre-configured `requests.Session` (it is then not closed by `close()`).
    *retry_policy*, *sleep*, *rng*, *clock* and *wall_clock* exist so that
    tests and benchmarks can make waits short and deterministic.
    """

    def __init__(
        self,
        base_url: str,
        username: str,
        password: str,
        *,
        timeout: Timeout = (5.0, 30.0),
        session: requests.Session | None = None,
        retry_policy: RetryPolicy = DEFAULT_RETRY_POLICY,
        token_margin: float = 30.0,
        sleep: Callable[[float], None] = time.sleep,
        rng: random.Random | None = None,
        clock: Callable[[], float] = time.monotonic,
        wall_clock: Callable[[], float] = time.time,
    ) -> None:
        if not username or not password:
            raise ValueError("username and password are required")
        self._transport = Transport(
            base_url, session=session, timeout=timeout, retry_policy=retry_policy, sleep=sleep, rng=rng
        )
        self.base_url = self._transport.base_url
        self.username = username
        self._password = Secret(password)
        self._sleep = sleep
        self._retry_policy = retry_policy
        self._tokens = TokenManager(
            self._request_token, self._request_refresh, margin=token_margin, clock=clock, wall_clock=wall_clock
        )

    def __repr__(self) -> str:
        return f"QPayClient(base_url={self.base_url!r}, username={self.username!r})"

    def close(self) -> None:
        self._transport.close()

    def __enter__(self) -> QPayClient:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    @property
    def session(self) -> requests.Session:
        return self._transport.session

    @property
    def tokens(self) -> TokenManager:
        """The token holder (its `logins`/`refreshes` counters help diagnostics)."""
        return self._tokens

    # -- authentication -------------------------------------------------------

    def authenticate(self) -> TokenPair:
        """POST /v2/auth/token: log in now and keep the new pair."""
        return self._tokens.login()

    def refresh(self) -> TokenPair:
        """POST /v2/auth/refresh: exchange the held refresh token for a new pair
        (the old refresh token stops working). Logs in first if nothing is held."""
        return self._tokens.refresh()

    def _request_token(self) -> TokenPair:
        credentials = f"{self.username}:{self._password.reveal()}".encode()
        basic = "Basic " + base64.b64encode(credentials).decode("ascii")
        # A repeated login only opens another session: safe to retry.
        body = self._transport.request("POST", "/v2/auth/token", authorization=basic, safe_to_repeat=True)
        return _parse(TokenPair, body, "POST", "/v2/auth/token")

    def _request_refresh(self, refresh_token: str) -> TokenPair:
        # Not repeated: with rotation a lost answer may already have spent the
        # refresh token; the token holder falls back to a login instead.
        body = self._transport.request(
            "POST", "/v2/auth/refresh", authorization=f"Bearer {refresh_token}", safe_to_repeat=False
        )
        return _parse(TokenPair, body, "POST", "/v2/auth/refresh")

    def _call(self, method: str, path: str, *, json_body: Any = _NO_BODY, safe_to_repeat: bool) -> Any:
        token = self._tokens.access_token()
        try:
            return self._transport.request(
                method, path, authorization=f"Bearer {token}", json_body=json_body, safe_to_repeat=safe_to_repeat
            )
        except AuthenticationError as exc:
            if exc.status != 401:
                raise
            logger.info("%s %s -> 401 on a live token; logging in again", method, path)
            self._tokens.invalidate(token)
        token = self._tokens.access_token()
        return self._transport.request(
            method, path, authorization=f"Bearer {token}", json_body=json_body, safe_to_repeat=safe_to_repeat
        )

    # -- invoices --------------------------------------------------------------

    def create_invoice(self, invoice: InvoiceRequest | Mapping[str, Any]) -> InvoiceCreated:
        """POST /v2/invoice: create an invoice (simple, full or ebarimt shape).

        A mapping is validated as `EbarimtInvoice` when it has ``tax_type``,
        else as `FullInvoice`. Validation happens before anything is sent.

        Duplicate guard. If the answer is lost (timeout, dropped connection,
        5xx), the invoice may exist: the client waits
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
        request = _invoice_request(invoice)
        payload = request.to_payload()
        # Log in first, so that a failed login is not mistaken for a lost invoice.
        self._tokens.access_token()
        for attempt in (1, 2):
            try:
                body = self._call("POST", "/v2/invoice", json_body=payload, safe_to_repeat=False)
                return _parse(InvoiceCreated, body, "POST", "/v2/invoice")
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
            found = self._reconcile_invoice(request, lost)
            if found is not None:
                return found
            if attempt == 2:
                if lost.status == 409:
                    raise lost  # a duplicate that is not ours to find: let the caller decide
                raise OutcomeUnknownError(
                    f"invoice {request.sender_invoice_no!r} could not be created: the answer was lost twice",
                    method="POST",
                    path="/v2/invoice",
                ) from lost
            logger.warning("create invoice %s: not found; sending it once more", request.sender_invoice_no)
        raise AssertionError("unreachable")

    def _reconcile_invoice(self, request: InvoiceRequest, lost: QPayError) -> InvoiceCreated | None:
        for delay in self._retry_policy.reconcile_delays or (0.0,):
            # The service may still be working on the request we stopped waiting for.
            self._sleep(delay)
            try:
                found = self.find_invoice(
                    request.sender_invoice_no,
                    invoice_code=request.invoice_code,
                    amount=request.amount if isinstance(request, SimpleInvoice) else None,
                )
            except QPayError as exc:
                raise OutcomeUnknownError(
                    f"invoice {request.sender_invoice_no!r} may have been created and could not be looked up "
                    f"({type(exc).__name__}); look it up before creating it again",
                    method="POST",
                    path="/v2/invoice",
                ) from lost
            if found is not None:
                logger.info(
                    "create invoice %s: found %s after a lost answer", request.sender_invoice_no, found.invoice_id
                )
                return found
        return None

    def find_invoice(
        self, sender_invoice_no: str, *, invoice_code: str | None = None, amount: Decimal | None = None
    ) -> InvoiceCreated | None:
        """The live (not cancelled) invoice with this `sender_invoice_no`, as
        a creation response rebuilt from Get Invoice; ``None`` if there is none.

        With *amount*, an invoice for another amount does not match. Use it
        after `OutcomeUnknownError` (or a restart) before creating again.

        The result has `recovered` set. The sandbox's Get Invoice carries the
        QR data; the live one may not (real-service-notes list no `qr_text`).
        A recovered invoice without `qr_text` cannot be shown to the payer:
        cancel it (`cancel_invoice`) and create the sale again under a new
        `sender_invoice_no`.
        """
        listing = self.list_invoices(
            invoice_code=invoice_code, sender_invoice_no=sender_invoice_no, page_limit=MAX_PAGE_LIMIT
        )
        candidates = [
            row
            for row in listing.rows
            if row.sender_invoice_no == sender_invoice_no
            and row.status != InvoiceStatus.CANCELLED
            and (amount is None or row.amount is None or row.amount == amount)
        ]
        if not candidates:
            return None
        newest: InvoiceSummary = max(candidates, key=lambda row: row.created_date or "")
        invoice = self.get_invoice(newest.invoice_id)
        return InvoiceCreated(
            invoice_id=invoice.invoice_id,
            qr_text=invoice.qr_text,
            qr_image=invoice.qr_image,
            qPay_shortUrl=invoice.qPay_shortUrl,
            urls=invoice.urls,
            recovered=True,
        )

    def get_invoice(self, invoice_id: str) -> Invoice:
        """GET /v2/invoice/{id}."""
        path = f"/v2/invoice/{_segment(invoice_id)}"
        return _parse(Invoice, self._call("GET", path, safe_to_repeat=True), "GET", path)

    def cancel_invoice(self, invoice_id: str) -> None:
        """DELETE /v2/invoice/{id}: cancel an unpaid invoice.

        After a lost answer the invoice is re-read: already ``CANCELLED``
        counts as done; still open, the cancel is sent once more (cancelling
        an unpaid invoice twice cannot move money).
        """
        path = f"/v2/invoice/{_segment(invoice_id)}"
        self._tokens.access_token()  # a failed login is not a lost cancel
        try:
            self._call("DELETE", path, safe_to_repeat=False)
            return
        except _LOST_ANSWER as exc:
            logger.warning("cancel invoice: outcome unknown (%s); re-reading it", type(exc).__name__)
        if self.get_invoice(invoice_id).status == InvoiceStatus.CANCELLED:
            return
        self._call("DELETE", path, safe_to_repeat=False)

    def list_invoices(
        self,
        *,
        invoice_code: str | None = None,
        sender_invoice_no: str | None = None,
        invoice_status: str | None = None,
        start_date: date | str | None = None,
        end_date: date | str | None = None,
        page_number: int = 1,
        page_limit: int = MAX_PAGE_LIMIT,
    ) -> InvoiceList:
        """POST /v2/invoice/list. Filters left ``None`` are not sent."""
        body: dict[str, Any] = {
            key: value
            for key, value in {
                "invoice_code": invoice_code,
                "sender_invoice_no": sender_invoice_no,
                "invoice_status": invoice_status,
                "start_date": _day(start_date),
                "end_date": _day(end_date),
            }.items()
            if value is not None
        }
        body["offset"] = _offset(page_number, page_limit)
        path = "/v2/invoice/list"
        return _parse(InvoiceList, self._call("POST", path, json_body=body, safe_to_repeat=True), "POST", path)

    def check_invoice(self, invoice_id: str, *, page_number: int = 1, page_limit: int = 10) -> CheckResult:
        """POST /v2/invoice/check (same request and answer as check_payment)."""
        return self._check("/v2/invoice/check", invoice_id, page_number, page_limit)

    # -- payments ---------------------------------------------------------------

    def check_payment(self, invoice_id: str, *, page_number: int = 1, page_limit: int = 10) -> CheckResult:
        """POST /v2/payment/check: the payments of an invoice.

        Do not read "paid" from this alone: `paid_state` sums the ``PAID``
        rows of every page against the invoice amount.
        """
        return self._check("/v2/payment/check", invoice_id, page_number, page_limit)

    def _check(self, path: str, invoice_id: str, page_number: int, page_limit: int) -> CheckResult:
        body = {
            "object_type": _OBJECT_TYPE,
            "object_id": _require_id(invoice_id),
            "offset": _offset(page_number, page_limit),
        }
        return _parse(CheckResult, self._call("POST", path, json_body=body, safe_to_repeat=True), "POST", path)

    def paid_state(self, invoice_id: str, invoice_amount: Decimal | None = None) -> PaidVerdict:
        """Fully paid, partly paid or unpaid, from every page of Check Payment.

        *invoice_amount* defaults to the invoice's `total_amount` (Get Invoice).
        """
        if invoice_amount is None:
            invoice_amount = self.get_invoice(invoice_id).total_amount
            if invoice_amount is None:
                raise InvalidResponseError(None, None, f"invoice {invoice_id} has no total_amount")
        rows: list[CheckRow] = []
        seen: set[str] = set()
        page = 1
        while True:
            result = self.check_payment(invoice_id, page_number=page, page_limit=MAX_PAGE_LIMIT)
            new = [row for row in result.rows if _row_key(row) not in seen]
            seen.update(_row_key(row) for row in new)
            rows.extend(new)
            # A service that ignores page_number repeats a page: a page with nothing new is the end, and a
            # payment seen twice is counted once.
            if not new or len(rows) >= result.count:
                break
            page += 1
        return paid_state(rows, invoice_amount)

    def get_payment(self, payment_id: str) -> Payment:
        """GET /v2/payment/{id}."""
        path = f"/v2/payment/{_segment(payment_id)}"
        return _parse(Payment, self._call("GET", path, safe_to_repeat=True), "GET", path)

    def list_payments(
        self,
        invoice_id: str,
        start_date: date | str,
        end_date: date | str,
        *,
        object_type: str = _OBJECT_TYPE,
        page_number: int = 1,
        page_limit: int = MAX_PAGE_LIMIT,
    ) -> PaymentList:
        """POST /v2/payment/list: payments of an invoice between two days (inclusive)."""
        body = {
            "object_type": object_type,
            "object_id": _require_id(invoice_id),
            "start_date": _day(start_date),
            "end_date": _day(end_date),
            "offset": _offset(page_number, page_limit),
        }
        path = "/v2/payment/list"
        return _parse(PaymentList, self._call("POST", path, json_body=body, safe_to_repeat=True), "POST", path)

    def cancel_payment(self, payment_id: str, *, callback_url: str | None = None, note: str | None = None) -> None:
        """POST /v2/payment/cancel/{id}: cancel a card payment.

        Never resent: after a lost answer the payment is re-read, and
        ``CANCELLED`` (or ``REFUNDED``) counts as done; otherwise
        `OutcomeUnknownError` is raised.
        """
        self._undo_payment("cancel", payment_id, callback_url, note)

    def refund_payment(self, payment_id: str, *, callback_url: str | None = None, note: str | None = None) -> None:
        """POST /v2/payment/refund/{id}: refund a card payment (lost answer: as cancel)."""
        self._undo_payment("refund", payment_id, callback_url, note)

    def _undo_payment(self, action: str, payment_id: str, callback_url: str | None, note: str | None) -> None:
        path = f"/v2/payment/{action}/{_segment(payment_id)}"
        # The body is optional; an empty object keeps strict JSON checks happy.
        body = {key: value for key, value in {"callback_url": callback_url, "note": note}.items() if value}
        self._tokens.access_token()  # a failed login is not a lost reversal
        try:
            self._call("POST", path, json_body=body, safe_to_repeat=False)
            return
        except _LOST_ANSWER as exc:
            lost = exc
        logger.warning("%s payment: outcome unknown (%s); re-reading the payment", action, type(lost).__name__)
        try:
            status = self.get_payment(payment_id).status
        except QPayError as exc:
            raise OutcomeUnknownError(
                f"{action} of payment {payment_id}: answer lost and the payment could not be re-read "
                f"({type(exc).__name__}); check it before trying again",
                method="POST",
                path=path,
            ) from lost
        if status in _UNDONE_PAYMENT_STATES:
            return
        raise OutcomeUnknownError(
            f"{action} of payment {payment_id}: answer lost and the payment is still {status or 'unknown'}; "
            "check it before trying again",
            method="POST",
            path=path,
        ) from lost

    # -- ebarimt ----------------------------------------------------------------

    def create_ebarimt(
        self,
        payment_id: str | EbarimtRequest,
        ebarimt_receiver_type: str = "83",
        ebarimt_receiver: str | None = None,
        *,
        district_code: str | None = None,
        classification_code: str | None = None,
    ) -> Ebarimt:
        """POST /v2/ebarimt_v3/create: the tax receipt of a paid payment.

        Pass an `EbarimtRequest` or its fields. Never resent after a lost
        answer (a receipt is registered with the tax system, and there is no
        endpoint to look it up): `OutcomeUnknownError` is raised then.
        """
        request = (
            payment_id
            if isinstance(payment_id, EbarimtRequest)
            else EbarimtRequest.model_validate(
                {
                    "payment_id": payment_id,
                    "ebarimt_receiver_type": ebarimt_receiver_type,
                    "ebarimt_receiver": ebarimt_receiver,
                    "district_code": district_code,
                    "classification_code": classification_code,
                }
            )
        )
        path = "/v2/ebarimt_v3/create"
        body = self._call("POST", path, json_body=request.to_payload(), safe_to_repeat=False)
        return _parse(Ebarimt, body, "POST", path)

    def cancel_ebarimt(self, payment_id: str) -> EbarimtCancelResult:
        """DELETE /v2/ebarimt_v3/{payment_id}: void the receipt of a payment
        (the id is the payment's, not the receipt's). Not resent after a lost answer."""
        path = f"/v2/ebarimt_v3/{_segment(payment_id)}"
        return _parse(EbarimtCancelResult, self._call("DELETE", path, safe_to_repeat=False), "DELETE", path)


def _invoice_request(invoice: InvoiceRequest | Mapping[str, Any]) -> InvoiceRequest:
    if isinstance(invoice, (SimpleInvoice, EbarimtInvoice)):
        return invoice
    if isinstance(invoice, Mapping):
        if "tax_type" in invoice:
            return EbarimtInvoice.model_validate(dict(invoice))
        return FullInvoice.model_validate(dict(invoice))
    raise TypeError(f"not an invoice request: {type(invoice).__name__}")


def _row_key(row: CheckRow) -> str:
    """A payment row's identity: its id, or the whole row when the service gave none."""
    return row.payment_id or row.model_dump_json()


_PROBLEMS_TOLD = 5


def _parse(model: type[Model], body: Any, method: str, path: str) -> Model:
    try:
        return model.model_validate(body)
    except ValidationError as exc:
        # Say where and what, never the values (a token answer holds secrets); the first few problems
        # only (a list of 20,000 wrong items would make a message of megabytes).
        errors = exc.errors(include_input=False, include_url=False)
        problems = "; ".join(
            f"{'.'.join(str(part) for part in error['loc'])[:80] or 'body'}: {error['type']}"
            for error in errors[:_PROBLEMS_TOLD]
        )
        if len(errors) > _PROBLEMS_TOLD:
            problems += f"; and {len(errors) - _PROBLEMS_TOLD} more"
        raise InvalidResponseError(
            200, None, redact(f"unexpected answer ({problems})"), method=method, path=path
        ) from None


def _require_id(identifier: str) -> str:
    if not isinstance(identifier, str) or not identifier.strip():
        raise ValueError("an identifier is required")
    return identifier.strip()


def _segment(identifier: str) -> str:
    # Ids come from callbacks and user input: quote so "../x" stays one segment.
    return quote(_require_id(identifier), safe="")


def _day(value: date | str | None) -> str | None:
    """`YYYY-MM-DD` (a datetime is cut to its day)."""
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, datetime):
        value = value.date()
    return value.isoformat()


def _offset(page_number: int, page_limit: int) -> dict[str, int]:
    if page_number < 1:
        raise ValueError("page numbers start at 1")
    if not 1 <= page_limit <= MAX_PAGE_LIMIT:
        raise ValueError(f"page_limit must be between 1 and {MAX_PAGE_LIMIT}")
    return {"page_number": page_number, "page_limit": page_limit}
