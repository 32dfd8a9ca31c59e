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
  or a success answer it cannot read, the client finds out what happened
  instead: `create_invoice` looks the invoice up by `sender_invoice_no`,
  `cancel_payment`/`refund_payment` re-read the payment,
  `cancel_invoice` re-reads the invoice; `create_ebarimt`/`cancel_ebarimt`,
  which have nothing to read back, raise `OutcomeUnknownError`
  (`UnreadableAnswerError` for an unreadable answer) for the caller to ask again.
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
from datetime import date
from decimal import Decimal
from typing import Any

import requests

from .auth import TokenHolder, TokenHolderFactory, TokenManager
from .errors import (
    AuthenticationError,
    InvalidResponseError,
    OutcomeUnknownError,
    ServerError,
)
from .models import (
    CheckResult,
    Ebarimt,
    EbarimtCancelResult,
    Invoice,
    InvoiceCreated,
    InvoiceList,
    Payment,
    PaymentList,
    TokenPair,
)
from .paid import PaidVerdict, every_row, paid_state
from .card_reversal import CardReversal
from .builders import EbarimtRequest
from .invoice_creation import InvoiceCreation, InvoiceRequest, invoice_request, newest_live_invoice
from .redaction import Secret
from .retry import DEFAULT_RETRY_POLICY, RetryPolicy
from .statuses import InvoiceStatus
from .transport import NO_BODY, Timeout, Transport
from .wire import MAX_PAGE_LIMIT, day, offset, parse, require_id, segment, send_for_outcome

__all__ = ["QPayClient"]

logger = logging.getLogger("pos_app.qpay")

_OBJECT_TYPE = "INVOICE"
# Outcomes after which a money move may or may not have happened: no answer, a 5xx, or a success answer
# the client cannot read.
_LOST_ANSWER = (OutcomeUnknownError, ServerError, InvalidResponseError)
_ASK_EBARIMT_AGAIN = "ask Create Ebarimt again for this payment (it answers with the receipt it holds)"
_ASK_VOID_AGAIN = "ask Cancel Ebarimt again (a voided receipt answers EBARIMT_NOT_REGISTERED)"


class QPayClient:
    """Client of the QPay merchant API v2.

    *timeout* is ``(connect, read)`` seconds (or one number for both) and is
    applied to every request. Pass *session* to use an instrumented or
    pre-configured `requests.Session` (it is then not closed by `close()`).
    *certificate_sha256*: the server's pinned certificate fingerprint (a
    store server's own certificate), trusted in place of the authorities.
    *retry_policy*, *sleep*, *rng*, *clock* and *wall_clock* exist so that
    tests and benchmarks can make waits short and deterministic. *token_holder*
    makes the token holder from the client's login and refresh calls (the
    default keeps the tokens in this process: `TokenManager`).
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
        token_holder: TokenHolderFactory | None = None,
        certificate_sha256: str = "",
    ) -> None:
        if not username or not password:
            raise ValueError("username and password are required")
        self._transport = Transport(
            base_url, session=session, timeout=timeout, retry_policy=retry_policy, sleep=sleep, rng=rng,
            certificate_sha256=certificate_sha256,
        )
        self.base_url = self._transport.base_url
        self.username = username
        self._password = Secret(password)
        self._sleep = sleep
        self._retry_policy = retry_policy
        self._tokens: TokenHolder = (
            token_holder(self._request_token, self._request_refresh) if token_holder is not None else TokenManager(
                self._request_token, self._request_refresh, margin=token_margin, clock=clock, wall_clock=wall_clock
            )
        )
        self._creation = InvoiceCreation(
            self._tokens.access_token,
            lambda payload: self._call("POST", "/v2/invoice", json_body=payload, safe_to_repeat=False),
            self.find_invoice,
            sleep,
            retry_policy.reconcile_delays,
        )
        self._reversal = CardReversal(
            lambda method, path, body: self._call(method, path, json_body=body, safe_to_repeat=False),
            lambda payment_id: self.get_payment(payment_id).status,
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
    def tokens(self) -> TokenHolder:
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
        return parse(TokenPair, body, "POST", "/v2/auth/token")

    def _request_refresh(self, refresh_token: str) -> TokenPair:
        # Not repeated: with rotation a lost answer may already have spent the
        # refresh token; the token holder falls back to a login instead.
        body = self._transport.request(
            "POST", "/v2/auth/refresh", authorization=f"Bearer {refresh_token}", safe_to_repeat=False
        )
        return parse(TokenPair, body, "POST", "/v2/auth/refresh")

    def call(self, method: str, path: str, *, json_body: Any = NO_BODY, safe_to_repeat: bool) -> Any:
        """Any `/v2` call with this client's session, its JSON answer as it came (a gateway passes it on, as
        the store does); errors as for every call. *safe_to_repeat* False: never sent twice on a lost answer."""
        return self._call(method, path, json_body=json_body, safe_to_repeat=safe_to_repeat)

    def _call(self, method: str, path: str, *, json_body: Any = NO_BODY, safe_to_repeat: bool) -> Any:
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

        Duplicate guard: after a lost or unreadable answer the invoice is
        looked up before any resend (`pos_app.qpay.invoice_creation`). Any
        error other than `OutcomeUnknownError` means no invoice was made.
        """
        return self._creation.create(invoice_request(invoice))

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
        newest = newest_live_invoice(listing.rows, sender_invoice_no, amount)
        if newest is None:
            return None
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
        path = f"/v2/invoice/{segment(invoice_id)}"
        return parse(Invoice, self._call("GET", path, safe_to_repeat=True), "GET", path)

    def cancel_invoice(self, invoice_id: str) -> None:
        """DELETE /v2/invoice/{id}: cancel an unpaid invoice.

        After a lost answer the invoice is re-read: already ``CANCELLED``
        counts as done; still open, the cancel is sent once more (cancelling
        an unpaid invoice twice cannot move money).
        """
        path = f"/v2/invoice/{segment(invoice_id)}"
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
                "start_date": day(start_date),
                "end_date": day(end_date),
            }.items()
            if value is not None
        }
        body["offset"] = offset(page_number, page_limit)
        path = "/v2/invoice/list"
        return parse(InvoiceList, self._call("POST", path, json_body=body, safe_to_repeat=True), "POST", path)

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
            "object_id": require_id(invoice_id),
            "offset": offset(page_number, page_limit),
        }
        return parse(CheckResult, self._call("POST", path, json_body=body, safe_to_repeat=True), "POST", path)

    def paid_state(self, invoice_id: str, invoice_amount: Decimal | None = None) -> PaidVerdict:
        """Fully paid, partly paid or unpaid, from every page of Check Payment.

        *invoice_amount* defaults to the invoice's `total_amount` (Get Invoice).
        """
        if invoice_amount is None:
            invoice_amount = self.get_invoice(invoice_id).total_amount
            if invoice_amount is None:
                raise InvalidResponseError(None, None, f"invoice {invoice_id} has no total_amount")
        rows = every_row(lambda page: self.check_payment(invoice_id, page_number=page, page_limit=MAX_PAGE_LIMIT))
        return paid_state(rows, invoice_amount)

    def get_payment(self, payment_id: str) -> Payment:
        """GET /v2/payment/{id}."""
        path = f"/v2/payment/{segment(payment_id)}"
        return parse(Payment, self._call("GET", path, safe_to_repeat=True), "GET", path)

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
            "object_id": require_id(invoice_id),
            "start_date": day(start_date),
            "end_date": day(end_date),
            "offset": offset(page_number, page_limit),
        }
        path = "/v2/payment/list"
        return parse(PaymentList, self._call("POST", path, json_body=body, safe_to_repeat=True), "POST", path)

    def cancel_payment(self, payment_id: str, *, callback_url: str | None = None, note: str | None = None) -> None:
        """Cancel a card payment: the contract's ``POST /v2/payment/cancel/{id}``, or ``DELETE`` on the
        same path, which the live service takes (`pos_app.qpay.card_reversal` tells how the working
        method is found without risk: the other method only after a route answer, 404/405).

        Never resent after a lost or unreadable answer: the payment is re-read, and
        ``CANCELLED`` (or ``REFUNDED``) counts as done; otherwise
        `OutcomeUnknownError` is raised.
        """
        self._undo_payment("cancel", payment_id, callback_url, note)

    def refund_payment(self, payment_id: str, *, callback_url: str | None = None, note: str | None = None) -> None:
        """Refund a card payment: ``/v2/payment/refund/{id}``, method and lost answer as `cancel_payment`."""
        self._undo_payment("refund", payment_id, callback_url, note)

    @property
    def card_reversal_method(self) -> str:
        """The method this client sends first to cancel or refund (the last one seen to work)."""
        return self._reversal.method

    def _undo_payment(self, action: str, payment_id: str, callback_url: str | None, note: str | None) -> None:
        path = f"/v2/payment/{action}/{segment(payment_id)}"
        # The body is optional; an empty object keeps strict JSON checks happy.
        body = {key: value for key, value in {"callback_url": callback_url, "note": note}.items() if value}
        self._tokens.access_token()  # a failed login is not a lost reversal
        self._reversal.undo(action, payment_id, path, body)

    # -- ebarimt ----------------------------------------------------------------
    # Neither call is resent after a lost answer, and an answer the client cannot read is an unknown outcome
    # (`UnreadableAnswerError`, an `OutcomeUnknownError`), never a refusal: the receipt may well have been
    # registered (or voided). The contract has no endpoint to read a receipt back; the caller settles the outcome
    # by asking again when it decides to: Create Ebarimt for a payment that has its receipt answers with that
    # receipt (a payment has at most one active receipt), and Cancel Ebarimt for a voided one answers
    # ``EBARIMT_NOT_REGISTERED``.

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
        endpoint to look it up): `OutcomeUnknownError` is raised then. An
        answer the client cannot read raises `UnreadableAnswerError` (an
        `OutcomeUnknownError`): the receipt may well exist. Settle either by
        asking Create Ebarimt again for the same payment when the caller
        decides to (a payment has at most one active receipt: the service
        answers with the existing one), never by taking it as refused.
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
        path, payload = "/v2/ebarimt_v3/create", request.to_payload()
        return send_for_outcome(
            lambda: self._call("POST", path, json_body=payload, safe_to_repeat=False),
            Ebarimt, "POST", path, _ASK_EBARIMT_AGAIN,
        )

    def cancel_ebarimt(self, payment_id: str) -> EbarimtCancelResult:
        """DELETE /v2/ebarimt_v3/{payment_id}: void the receipt of a payment
        (the id is the payment's, not the receipt's). Not resent after a lost answer; an unreadable
        answer raises `UnreadableAnswerError` (ask again: a voided receipt answers EBARIMT_NOT_REGISTERED)."""
        path = f"/v2/ebarimt_v3/{segment(payment_id)}"
        return send_for_outcome(
            lambda: self._call("DELETE", path, safe_to_repeat=False),
            EbarimtCancelResult, "DELETE", path, _ASK_VOID_AGAIN,
        )
