"""HTTP for the QPay client: session, explicit timeouts, retries, safe logging.

The transport knows nothing of endpoints. Per call it is told whether the
request may simply be sent again (reads and checks) or not (calls that move
money). For the latter it repeats only when the request certainly did not
reach the service (failed connect, 429) and otherwise raises, leaving the
client to find out what happened.

Logged: method, path, status, elapsed time, attempt. Never headers, never
bodies (so never the token endpoint's body either).

A server whose certificate no authority vouches for (the store server's own,
made by it) is trusted by its pinned SHA-256 fingerprint instead
(`certificate_sha256`): checked during the handshake, before anything is sent.
"""

from __future__ import annotations

import hashlib
import ipaddress
import json
import re
import logging
import os
import random
import time
from collections.abc import Callable
from decimal import Decimal
from typing import Any
from urllib.parse import urlsplit

import requests
from requests.adapters import HTTPAdapter

from pos_app import json_nesting

from .errors import (
    APIConnectionError,
    CertificateChangedError,
    InvalidResponseError,
    OutcomeUnknownError,
    error_from_response,
)
from .redaction import redact
from .retry import DEFAULT_RETRY_POLICY, RetryPolicy, parse_retry_after, request_not_sent, retry_delay

__all__ = [
    "NO_BODY",
    "UNREADABLE_JSON",
    "CertificateChanged",
    "PinnedAdapter",
    "Timeout",
    "Transport",
    "USER_AGENT",
    "certificate_sha256",
    "http_session",
    "normalize_sha256",
    "normalize_timeout",
    "parse_json_answer",
    "validate_base_url",
]

Timeout = float | tuple[float, float]

logger = logging.getLogger("pos_app.qpay")

_LOOPBACK_NAMES = {"localhost"}


def validate_base_url(base_url: str) -> str:
    """The base URL without a trailing slash; ``https`` required.

    Plain ``http`` is allowed for loopback hosts only (the embedded sandbox,
    a test server): credentials must never cross a network in clear text.
    """
    parts = urlsplit(base_url.strip())
    host = parts.hostname or ""
    if parts.scheme not in ("https", "http") or not host:
        raise ValueError(f"not an http(s) URL: {base_url!r}")
    if parts.username or parts.password:
        raise ValueError("the base URL must not carry credentials")
    if parts.query or parts.fragment:
        raise ValueError("the base URL must not carry a query or fragment")
    if parts.scheme == "http" and not _is_loopback(host):
        raise ValueError(f"plain http is allowed for loopback hosts only, not {host!r}; use https")
    return base_url.strip().rstrip("/")


def _is_loopback(host: str) -> bool:
    if host.lower() in _LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def normalize_timeout(timeout: Timeout) -> tuple[float, float]:
    """(connect, read) seconds; a single number is used for both."""
    if isinstance(timeout, tuple):
        connect, read = timeout
    else:
        connect = read = timeout
    if connect <= 0 or read <= 0:
        raise ValueError("timeouts must be positive")
    return float(connect), float(read)


_SHA256_HEX = re.compile(r"[0-9a-f]{64}")


def certificate_sha256(der: bytes) -> str:
    """A certificate's SHA-256 fingerprint (of its DER bytes) as people compare it: `AB:CD:...`, 32 pairs."""
    return ":".join(f"{byte:02X}" for byte in hashlib.sha256(der).digest())


def normalize_sha256(text: str) -> str:
    """A fingerprint as typed or pasted (any case, with or without colons or blanks) as `AB:CD:...`; ValueError
    when it is not 64 hex digits."""
    digits = re.sub(r"[\s:]", "", text).lower()
    if not _SHA256_HEX.fullmatch(digits):
        raise ValueError("a SHA-256 fingerprint is 64 hex digits (32 pairs, colons between them)")
    return ":".join(digits[i:i + 2] for i in range(0, 64, 2)).upper()


class CertificateChanged(requests.exceptions.SSLError):
    """The server's certificate does not have the pinned fingerprint (nothing was sent). A `requests` error, so
    every caller that survives a dropped connection survives this one too; `Transport` tells it apart."""


class PinnedAdapter(HTTPAdapter):
    """HTTPS that trusts one certificate, by its SHA-256 fingerprint, in place of the authorities, the host name
    and the dates (urllib3's `assert_fingerprint`, checked after the handshake and before the request is sent).
    For a server that made its own certificate, which the owner has compared and pinned."""

    def __init__(self, sha256: str, **kwargs: Any) -> None:
        self.sha256 = normalize_sha256(sha256)
        super().__init__(**kwargs)

    def __repr__(self) -> str:
        return f"PinnedAdapter(sha256={self.sha256!r})"

    def init_poolmanager(self, *args: Any, **kwargs: Any) -> None:
        super().init_poolmanager(*args, **kwargs, assert_fingerprint=self.sha256)

    def send(self, request: requests.PreparedRequest, stream: bool = False, timeout: Any = None,
             verify: Any = True, cert: Any = None, proxies: Any = None) -> requests.Response:
        # No authority's check, whatever the session or REQUESTS_CA_BUNDLE say: the pin alone decides (urllib3
        # counts a connection whose fingerprint matched as verified).
        try:
            return super().send(request, stream, timeout, False, cert, proxies)
        except requests.exceptions.SSLError as exc:
            if _fingerprint_mismatch(exc):
                raise CertificateChanged(f"the server's certificate is not the pinned one ({self.sha256})",
                                         request=request) from exc
            raise


def _fingerprint_mismatch(exc: BaseException) -> bool:
    # urllib3 says it in words only (`urllib3.util.ssl_.assert_fingerprint`); tests/store/test_https.py holds it.
    seen: BaseException | None = exc
    for _ in range(8):
        if seen is None:
            return False
        if "Fingerprints did not match" in str(seen):
            return True
        reason = getattr(seen.args[0], "reason", None) if seen.args else None
        seen = reason if isinstance(reason, BaseException) else seen.__cause__
    return False


def http_session(certificate_sha256: str = "", *, pool_size: int = 16, server: str = "") -> requests.Session:
    """A session as the client uses one: no retries below it, `pool_size` connections kept per host (room for the
    GUI's worker threads); HTTPS verified by the authorities, or by `certificate_sha256` (the pinned fingerprint)
    when one is given.

    `server`: the one server this session calls (the store's, calling QPay for every till). The environment's
    proxy for it (`HTTPS_PROXY`, `NO_PROXY`, ...) and CA bundle (`REQUESTS_CA_BUNDLE`) are read once, now, and the
    session stops reading the environment: requests otherwise looks at the proxy variables and ~/.netrc on every
    call (a tenth of the store's CPU on a call), and a ~/.netrc entry for the host would replace the bearer
    token the call carries."""
    session = requests.Session()
    plain = HTTPAdapter(pool_connections=2, pool_maxsize=pool_size, max_retries=0)
    pinned = PinnedAdapter(certificate_sha256, pool_connections=2, pool_maxsize=pool_size, max_retries=0) \
        if certificate_sha256 else None
    session.mount("https://", pinned or plain)
    session.mount("http://", plain)
    if server:
        session.proxies = requests.utils.get_environ_proxies(server)
        bundle = os.environ.get("REQUESTS_CA_BUNDLE") or os.environ.get("CURL_CA_BUNDLE")
        if bundle:
            session.verify = bundle
        session.trust_env = False
    return session


USER_AGENT = "pos-app-qpay/0.1"
NO_BODY = object()   # a call without a body (`None` would be sent as JSON null)


class Transport:
    """Sends one logical request, with the retries its kind allows."""

    def __init__(
        self,
        base_url: str,
        *,
        session: requests.Session | None = None,
        timeout: Timeout = (5.0, 30.0),
        retry_policy: RetryPolicy = DEFAULT_RETRY_POLICY,
        sleep: Callable[[float], None] = time.sleep,
        rng: random.Random | None = None,
        user_agent: str = USER_AGENT,
        certificate_sha256: str = "",
    ) -> None:
        self.base_url = validate_base_url(base_url)
        self._owns_session = session is None
        self.session = session if session is not None else http_session(certificate_sha256)
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
        authorization: str | None,
        json_body: Any = NO_BODY,
        safe_to_repeat: bool,
    ) -> Any:
        """Send and return the parsed JSON answer (``None`` for an empty body).

        Raises a `QPayError` subclass: the factory's choice for an error
        status, `APIConnectionError` when nothing was sent,
        `OutcomeUnknownError` when the request may have reached the service
        but no answer came back.
        """
        url = self.base_url + path
        headers = {
            # The contract requires the JSON content type on every request.
            "Content-Type": "application/json",
            "Accept": "application/json",
            "User-Agent": self._user_agent,
        }
        if authorization is not None:
            headers["Authorization"] = authorization
        data = None if json_body is NO_BODY else json.dumps(json_body, ensure_ascii=False).encode("utf-8")

        attempt = 0
        while True:
            attempt += 1
            started = time.monotonic()
            try:
                response = self.session.request(
                    method, url, data=data, headers=headers, timeout=self.timeout, allow_redirects=False
                )
            except CertificateChanged as exc:
                logger.warning("%s %s: the server's certificate is not the pinned one", method, path)
                raise CertificateChangedError(f"the server's certificate changed: {exc}", method=method,
                                              path=path) from exc
            except requests.RequestException as exc:
                elapsed_ms = (time.monotonic() - started) * 1000
                not_sent = request_not_sent(exc)
                logger.warning(
                    "%s %s: %s after %.0f ms (attempt %d)", method, path, type(exc).__name__, elapsed_ms, attempt
                )
                if safe_to_repeat or not_sent:
                    delay = retry_delay(attempt, exc, policy=self.retry_policy, rng=self._rng)
                    if delay is not None:
                        self._wait(delay, method, path)
                        continue
                error_class = APIConnectionError if not_sent else OutcomeUnknownError
                what = "could not reach the service" if not_sent else "no answer from the service"
                raise error_class(
                    f"{what}: {type(exc).__name__}: {redact(str(exc))}", method=method, path=path
                ) from exc

            elapsed_ms = (time.monotonic() - started) * 1000
            status = response.status_code
            logger.debug("%s %s -> %d in %.0f ms (attempt %d)", method, path, status, elapsed_ms, attempt)
            if 200 <= status < 300:
                return self._success_body(response, method, path)

            retry_after = parse_retry_after(response.headers.get("Retry-After"))
            body = _error_body(response)
            if safe_to_repeat or request_not_sent(status):
                delay = retry_delay(attempt, status, retry_after, policy=self.retry_policy, rng=self._rng)
                if delay is not None:
                    logger.warning("%s %s -> %d, retrying (attempt %d)", method, path, status, attempt)
                    self._wait(delay, method, path)
                    continue
            raise error_from_response(status, body, retry_after=retry_after, method=method, path=path)

    def _wait(self, delay: float, method: str, path: str) -> None:
        logger.debug("%s %s: waiting %.2f s before the next attempt", method, path, delay)
        self._sleep(delay)

    @staticmethod
    def _success_body(response: requests.Response, method: str, path: str) -> Any:
        if not response.content.strip():
            return None
        try:
            return parse_json_answer(response.content)
        except UNREADABLE_JSON:
            raise InvalidResponseError(
                response.status_code, None, "the answer is not JSON", method=method, path=path
            ) from None


def _error_body(response: requests.Response) -> Any:
    if not response.content.strip():
        return None
    try:
        return parse_json_answer(response.content)
    except UNREADABLE_JSON:
        return response.text


# Not JSON or nested too deeply (both ValueError); a number no Decimal can hold (1e9999999999999999999).
UNREADABLE_JSON = (ValueError, RecursionError, ArithmeticError)


def parse_json_answer(content: bytes) -> Any:
    """QPay's answer read as the client reads it; one of `UNREADABLE_JSON` when it cannot be."""
    # Fractions are read as Decimal straight from the text: no float on the way.
    return json_nesting.loads(content, parse_float=Decimal)
