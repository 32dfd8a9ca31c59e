"""HTTP for the PosAPI client: one `requests.Session`, an explicit timeout on every request, retries as
`pos_app.posapi.retry` decides, safe logging (method, path, status, time, attempt; never headers or bodies:
a receipt answer holds the lottery number and QR data, which may only be printed)."""

from __future__ import annotations

import ipaddress
import json
import logging
import random
import time
from collections.abc import Callable, Mapping
from decimal import Decimal
from typing import Any
from urllib.parse import urlsplit

import requests
from requests.adapters import HTTPAdapter

from pos_app import json_nesting

from .errors import (
    InvalidResponseError,
    OutcomeUnknownError,
    PosApiConnectionError,
    PosApiError,
    error_for,
)
from .redaction import redact
from .retry import DEFAULT_RETRY_POLICY, CallKind, RetryPolicy, call_kind, request_not_sent, retry_delay

__all__ = ["Answer", "Timeout", "Transport", "normalize_timeout", "validate_base_url"]

Timeout = float | tuple[float, float]

logger = logging.getLogger("pos_app.posapi")

_UNREADABLE = (ValueError, RecursionError, ArithmeticError)


def validate_base_url(base_url: str, *, allow_plain_http: bool = False) -> str:
    """The base URL without a trailing slash.

    PosAPI 3.0 serves plain ``http`` (default ``http://localhost:7080``) on the shop's own machine or
    network: ``http`` is accepted for loopback and private-network IP addresses and ``localhost``; any
    other host needs ``https`` unless *allow_plain_http* is set (a name on the shop's LAN).
    """
    parts = urlsplit(base_url.strip())
    host = parts.hostname or ""
    if parts.scheme not in ("https", "http") or not host:
        raise ValueError(f"not an http(s) URL: {base_url!r}")
    if parts.username or parts.password or parts.query or parts.fragment:
        raise ValueError("the base URL must not carry credentials, a query or a fragment")
    if parts.scheme == "http" and not allow_plain_http and not _is_local(host):
        raise ValueError(f"plain http only for local or private hosts, not {host!r}; use https")
    return base_url.strip().rstrip("/")


def _is_local(host: str) -> bool:
    if host.lower() == "localhost":
        return True
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    return address.is_loopback or address.is_private or address.is_link_local


def normalize_timeout(timeout: Timeout) -> tuple[float, float]:
    """(connect, read) seconds; one number is used for both."""
    connect, read = timeout if isinstance(timeout, tuple) else (timeout, timeout)
    if not connect > 0 or not read > 0:
        raise ValueError("timeouts must be positive")
    return float(connect), float(read)


def _new_session() -> requests.Session:
    session = requests.Session()
    adapter = HTTPAdapter(pool_connections=2, pool_maxsize=8, max_retries=0)  # we decide the retries
    session.mount("https://", adapter)
    session.mount("http://", adapter)
    return session


class Answer:
    """A success answer: its status and parsed JSON body (``None`` when empty)."""

    __slots__ = ("body", "status")

    def __init__(self, status: int, body: Any) -> None:
        self.status = status
        self.body = body


class Transport:
    """Sends one logical request, with the repeats its kind allows. Safe to share between threads."""

    def __init__(
        self,
        base_url: str,
        *,
        session: requests.Session | None = None,
        timeout: Timeout = (3.0, 20.0),
        retry_policy: RetryPolicy = DEFAULT_RETRY_POLICY,
        sleep: Callable[[float], None] = time.sleep,
        rng: random.Random | None = None,
        allow_plain_http: bool = False,
        user_agent: str = "pos-app-posapi/0.1",
    ) -> None:
        self.base_url = validate_base_url(base_url, allow_plain_http=allow_plain_http)
        self._owns_session = session is None
        self.session = session if session is not None else _new_session()
        self.timeout = normalize_timeout(timeout)
        self.retry_policy = retry_policy
        self._sleep = sleep
        self._rng = rng or random.Random()  # noqa: S311 - retry jitter, not a secret
        self._user_agent = user_agent

    def __repr__(self) -> str:
        return f"Transport(base_url={self.base_url!r})"

    def close(self) -> None:
        if self._owns_session:
            self.session.close()

    def request(
        self,
        method: str,
        path: str,
        *,
        params: Mapping[str, str] | None = None,
        json_body: Any = None,
        bill_id_suffix: str | None = None,
    ) -> Answer:
        """Send and return the success answer, or raise a `PosApiError`.

        For a `RECEIPT` call (any write): a lost answer (timeout, dropped connection, 5xx, an unreadable
        success body) is `OutcomeUnknownError`, sent once; only a connection never made is tried again.
        """
        kind = call_kind(method, path)
        may_issue = kind is CallKind.RECEIPT
        url = self.base_url + path
        headers = {"Accept": "application/json", "User-Agent": self._user_agent}
        data = None
        if json_body is not None:
            headers["Content-Type"] = "application/json"
            data = json.dumps(json_body, ensure_ascii=False).encode("utf-8")
        attempt = 0
        while True:
            attempt += 1
            started = time.monotonic()
            try:
                response = self.session.request(method, url, params=params, data=data, headers=headers,
                                                timeout=self.timeout, allow_redirects=False)
            except requests.RequestException as exc:
                elapsed = (time.monotonic() - started) * 1000
                logger.warning("%s %s: %s after %.0f ms (attempt %d)", method, path, type(exc).__name__,
                               elapsed, attempt)
                delay = retry_delay(kind, attempt, exc, policy=self.retry_policy, rng=self._rng)
                if delay is not None:
                    self._sleep(delay)
                    continue
                raise self._lost(exc, may_issue, method, path, bill_id_suffix) from exc
            status = response.status_code
            logger.debug("%s %s -> %d in %.0f ms (attempt %d)", method, path, status,
                         (time.monotonic() - started) * 1000, attempt)
            if 200 <= status < 300:
                return Answer(status, self._success_body(response, may_issue, method, path, bill_id_suffix))
            delay = retry_delay(kind, attempt, status, policy=self.retry_policy, rng=self._rng)
            if delay is not None:
                logger.warning("%s %s -> %d, trying again (attempt %d)", method, path, status, attempt)
                self._sleep(delay)
                continue
            raise error_for(status, _error_body(response), method=method, path=path, may_issue=may_issue,
                            bill_id_suffix=bill_id_suffix)

    @staticmethod
    def _lost(exc: requests.RequestException, may_issue: bool, method: str, path: str,
              bill_id_suffix: str | None) -> PosApiError:
        text = f"{type(exc).__name__}: {redact(str(exc))}"
        if may_issue and not request_not_sent(exc):
            return OutcomeUnknownError(f"no answer from the service ({text}); the receipt may have been "
                                       "issued or voided", bill_id_suffix=bill_id_suffix, method=method, path=path)
        return PosApiConnectionError(f"could not reach the service: {text}", method=method, path=path)

    @staticmethod
    def _success_body(response: requests.Response, may_issue: bool, method: str, path: str,
                      bill_id_suffix: str | None) -> Any:
        if not response.content.strip():
            return None
        try:
            return json_nesting.loads(response.content, parse_float=Decimal)
        except _UNREADABLE:
            if may_issue:
                raise OutcomeUnknownError("the answer is not JSON; the receipt may have been issued or voided",
                                          status=response.status_code, bill_id_suffix=bill_id_suffix,
                                          method=method, path=path) from None
            raise InvalidResponseError("the answer is not JSON", status=response.status_code, method=method,
                                       path=path) from None


def _error_body(response: requests.Response) -> Any:
    if not response.content.strip():
        return None
    try:
        return json_nesting.loads(response.content, parse_float=Decimal)
    except _UNREADABLE:
        return response.text
