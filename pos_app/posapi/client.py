"""`PosApiClient` (the shop's local PosAPI 3.0) and `EbarimtLookupClient` (the tax authority's public
look-ups). Synchronous and blocking: call them from a worker thread, never the GUI thread. Safe to share
between threads (a `requests.Session` pools connections across threads; nothing else is mutable).

Repeats: reads are tried again on connection errors, timeouts and 5xx. ``POST``/``DELETE /rest/receipt``
are sent once: a lost or unreadable answer raises `OutcomeUnknownError` carrying the bill's
`billIdSuffix`; the spec has no look-up of a receipt, so the till must settle it (see docs/decisions.md,
section 11), never resend blindly.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any, TypeVar

import requests
from pydantic import BaseModel, TypeAdapter, ValidationError

from .errors import InvalidResponseError, NotFoundError, OutcomeUnknownError, error_for, refusal_from_answer
from .models import (
    BankAccount,
    Branch,
    BranchInfo,
    OrgData,
    OrgInfo,
    PosApiModel,
    PosInfo,
    ProductTaxCode,
    ProductTaxCodes,
    ReceiptIssued,
    TinInfo,
)
from .readiness_rules import DEFAULT_MAX_UNSENT, check_ready
from .receipt_request import ReceiptRequest, VoidRequest
from .retry import DEFAULT_RETRY_POLICY, RetryPolicy
from .transport import Timeout, Transport

__all__ = ["DEFAULT_LOCAL_URL", "EBARIMT_API_URL", "EBARIMT_STAGING_URL", "EbarimtLookupClient", "PosApiClient"]

DEFAULT_LOCAL_URL = "http://localhost:7080"
EBARIMT_API_URL = "https://api.ebarimt.mn"
EBARIMT_STAGING_URL = "https://st-api.ebarimt.mn"
RECEIPT_PATH = "/rest/receipt"

Model = TypeVar("Model", bound=BaseModel)
_BANK_ACCOUNTS = TypeAdapter(list[BankAccount])
_REFUSALS = ("ERROR", "PAYMENT")


def _parse(model: type[Model], body: Any, method: str, path: str) -> Model:
    try:
        return model.model_validate(body)
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(str(p) for p in e['loc']) or 'body'}: {e['type']}"
                             for e in exc.errors(include_input=False, include_url=False)[:5])
        raise InvalidResponseError(f"unexpected answer ({problems})", status=200, method=method,
                                   path=path) from None


class _Client:
    def __init__(self, base_url: str, *, timeout: Timeout, session: requests.Session | None,
                 retry_policy: RetryPolicy, sleep: Callable[[float], None], rng: random.Random | None,
                 allow_plain_http: bool) -> None:
        self._transport = Transport(base_url, session=session, timeout=timeout, retry_policy=retry_policy,
                                    sleep=sleep, rng=rng, allow_plain_http=allow_plain_http)
        self.base_url = self._transport.base_url

    def __repr__(self) -> str:
        return f"{type(self).__name__}(base_url={self.base_url!r})"

    @property
    def session(self) -> requests.Session:
        return self._transport.session

    def close(self) -> None:
        self._transport.close()

    def __enter__(self) -> Any:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def _get(self, path: str, params: dict[str, str] | None = None) -> Any:
        return self._transport.request("GET", path, params=params).body


class PosApiClient(_Client):
    """Client of the shop's local PosAPI 3.0 service (default ``http://localhost:7080``).

    *timeout* is ``(connect, read)`` seconds, applied to every request. Plain ``http`` is accepted for
    local and private-network addresses; *allow_plain_http* admits a LAN host name. *session*,
    *retry_policy*, *sleep* and *rng* exist for tests and diagnostics.
    """

    def __init__(
        self,
        base_url: str = DEFAULT_LOCAL_URL,
        *,
        timeout: Timeout = (3.0, 20.0),
        session: requests.Session | None = None,
        retry_policy: RetryPolicy = DEFAULT_RETRY_POLICY,
        sleep: Callable[[float], None] = time.sleep,
        rng: random.Random | None = None,
        allow_plain_http: bool = False,
    ) -> None:
        super().__init__(base_url, timeout=timeout, session=session, retry_policy=retry_policy, sleep=sleep,
                         rng=rng, allow_plain_http=allow_plain_http)

    def __enter__(self) -> PosApiClient:
        return self

    def issue_receipt(self, request: ReceiptRequest) -> ReceiptIssued:
        """``POST /rest/receipt``: issue the receipt. Sent once.

        Returns the answer (`status` ``SUCCESS``, with `id`, `lottery`, `qr_data`, `date` to print).
        Raises `ReceiptRefusedError` (`PaymentIncompleteError` for ``PAYMENT``) when the service issued
        nothing, `PosApiConnectionError` when it could not be reached, and `OutcomeUnknownError` when it
        may have issued the receipt but gave no readable answer.
        """
        method, suffix = "POST", request.billIdSuffix
        answer = self._transport.request(method, RECEIPT_PATH, json_body=request.to_payload(),
                                         bill_id_suffix=suffix)
        if not isinstance(answer.body, dict):
            raise self._unreadable("the answer is not a JSON object", answer.status, suffix)
        try:
            issued = ReceiptIssued.model_validate(answer.body)
        except ValidationError:
            raise self._unreadable("the answer does not read as a receipt", answer.status, suffix) from None
        if issued.succeeded and issued.id:
            return issued
        if (issued.status or "").strip().upper() in _REFUSALS:
            raise refusal_from_answer(answer.body, status=answer.status, method=method, path=RECEIPT_PATH)
        raise self._unreadable(f"status {issued.status!r} without a receipt id", answer.status, suffix)

    @staticmethod
    def _unreadable(what: str, status: int, suffix: str | None) -> OutcomeUnknownError:
        return OutcomeUnknownError(f"{what}; the receipt may have been issued", status=status,
                                   bill_id_suffix=suffix, method="POST", path=RECEIPT_PATH)

    def void_receipt(self, receipt_id: str, printed_at: datetime | str) -> None:
        """``DELETE /rest/receipt``: void a receipt (a return, or one issued in error). Sent once.

        *printed_at* is the receipt's `date` as the issue answer gave it (or a datetime). The spec: only
        a B2C receipt the buyer has not confirmed is voided at once; a confirmed one waits for the buyer's
        consent in their ebarimt app. A lost answer is `OutcomeUnknownError` (voiding twice cannot issue a
        receipt, so the till may ask again deliberately).
        """
        body = VoidRequest.of(receipt_id, printed_at).to_payload()
        answer = self._transport.request("DELETE", RECEIPT_PATH, json_body=body)
        if isinstance(answer.body, dict):
            status = answer.body.get("status")
            if isinstance(status, str) and status.strip().upper() in _REFUSALS:
                raise refusal_from_answer(answer.body, status=answer.status, method="DELETE", path=RECEIPT_PATH)

    def info(self) -> PosInfo:
        """``GET /rest/info``: operator, merchants, `leftLotteries`, `lastSentDate`."""
        return _parse(PosInfo, self._get("/rest/info"), "GET", "/rest/info")

    def check_ready(self, now: datetime, *, max_unsent: timedelta = DEFAULT_MAX_UNSENT) -> PosInfo:
        """`info()`, raising `LotteriesExhaustedError` or `DataNotSentError` when receipts cannot be issued.
        *now* is the shop's local wall time (naive)."""
        return check_ready(self.info(), now, max_unsent=max_unsent)

    def send_data(self) -> PosApiModel:
        """``GET /rest/sendData``: ask the service to send its receipts to the tax system now."""
        body = self._get("/rest/sendData")
        return _parse(PosApiModel, body if isinstance(body, dict) else {}, "GET", "/rest/sendData")

    def bank_accounts(self, tin: str | None = None) -> list[BankAccount]:
        """``GET /rest/bankAccounts`` (optionally ``?tin=``)."""
        body = self._get("/rest/bankAccounts", {"tin": tin} if tin else None)
        try:
            return _BANK_ACCOUNTS.validate_python(body if body is not None else [])
        except ValidationError:
            raise InvalidResponseError("unexpected answer (not a list of accounts)", status=200, method="GET",
                                       path="/rest/bankAccounts") from None


class EbarimtLookupClient(_Client):
    """The tax authority's public look-ups (``https://api.ebarimt.mn``; staging `EBARIMT_STAGING_URL`).
    They need no credentials. An envelope `status` other than 200 raises as its HTTP status would."""

    def __init__(
        self,
        base_url: str = EBARIMT_API_URL,
        *,
        timeout: Timeout = (3.0, 10.0),
        session: requests.Session | None = None,
        retry_policy: RetryPolicy = DEFAULT_RETRY_POLICY,
        sleep: Callable[[float], None] = time.sleep,
        rng: random.Random | None = None,
    ) -> None:
        super().__init__(base_url, timeout=timeout, session=session, retry_policy=retry_policy, sleep=sleep,
                         rng=rng, allow_plain_http=False)

    def __enter__(self) -> EbarimtLookupClient:
        return self

    def _envelope(self, model: type[Model], path: str, params: dict[str, str] | None = None) -> Model:
        body = self._get(path, params)
        status = body.get("status") if isinstance(body, dict) else None
        if isinstance(status, int) and not isinstance(status, bool) and status >= 400:
            raise error_for(status, body, method="GET", path=path)
        return _parse(model, body, "GET", path)

    def tin_by_register(self, register_no: str) -> str:
        """``GET /api/info/check/getTinInfo?regNo=``: the TIN of an organisation's register number (or a
        person's)."""
        path = "/api/info/check/getTinInfo"
        answer = self._envelope(TinInfo, path, {"regNo": _required(register_no, "register_no")})
        if not answer.data:
            raise NotFoundError(answer.msg or "no TIN for this register number", method="GET", path=path)
        return answer.data

    def organisation(self, tin: str) -> OrgData:
        """``GET /api/info/check/getInfo?tin=``: name, VAT and city-tax payer flags. `NotFoundError` when
        the service says `found` is false."""
        path = "/api/info/check/getInfo"
        answer = self._envelope(OrgInfo, path, {"tin": _required(tin, "tin")})
        if answer.data is None or answer.data.found is False:
            raise NotFoundError(answer.msg or "no taxpayer with this TIN", method="GET", path=path)
        return answer.data

    def organisation_by_register(self, register_no: str) -> tuple[str, OrgData]:
        """The TIN and the registration of the organisation with *register_no* (two look-ups): what a B2B
        receipt's `customerTin` needs."""
        tin = self.tin_by_register(register_no)
        return tin, self.organisation(tin)

    def branches(self) -> list[Branch]:
        """``GET /api/info/check/getBranchInfo``: districts; `Branch.district_code` is the receipt's
        `districtCode`."""
        return self._envelope(BranchInfo, "/api/info/check/getBranchInfo").data

    def product_tax_codes(self) -> list[ProductTaxCode]:
        """``GET /api/receipt/receipt/getProductTaxCode``: the `taxProductCode` values for VAT_FREE,
        VAT_ZERO and NO_VAT goods."""
        return self._envelope(ProductTaxCodes, "/api/receipt/receipt/getProductTaxCode").data


def _required(value: str, name: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"{name} is required")
    return value.strip()
