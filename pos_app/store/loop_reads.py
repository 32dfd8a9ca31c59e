"""QPay reads sent from the store's event loop: a till's poll (a payment check, an invoice read) is the call a
chain makes most, and on a worker thread through `requests` it cost the store about three times what the call
itself needs (the hop to the thread and back, the session's request preparation). Here it is one request on a
pooled keep-alive connection (aiohttp), answered on the loop.

Only what is safe to repeat comes here, and only while the QPay session's token and 429 wait are in hand (read
within `session.RE_READ_S`). Anything else, a 401 (the token is renewed on a worker, as the client does), or a
proxy between the store and QPay goes the worker's way (`Upstream.call`). Answers are read as the client reads
them, and errors are the client's (`error_from_response`), so a till cannot tell the two ways apart.
"""

from __future__ import annotations

import asyncio
import json
import logging
import ssl
from typing import Any

import aiohttp
import certifi

from pos_app.qpay.errors import (
    APIConnectionError,
    InvalidResponseError,
    OutcomeUnknownError,
    QPayError,
    error_from_response,
)
from pos_app.qpay.retry import parse_retry_after
from pos_app.qpay.transport import NO_BODY, UNREADABLE_JSON, parse_json_answer, validate_base_url

__all__ = ["LoopReads", "TokenRefused"]

logger = logging.getLogger("pos_app.store.loop_reads")


class TokenRefused(Exception):
    """QPay answered 401 to the session's token: the caller renews it (on a worker) and asks again."""


class LoopReads:
    """Reads from QPay at *base_url* on the running event loop. The connection pool belongs to the loop it was
    made on; `close` (awaited on that loop, at the app's shutdown) ends it."""

    def __init__(self, base_url: str, *, timeout: tuple[float, float], user_agent: str,
                 ca_bundle: str | None = None, connections: int = 128) -> None:
        self.base_url = validate_base_url(base_url)
        # The whole call bounded too: waiting for a free connection while QPay holds every other one counts.
        self._timeout = aiohttp.ClientTimeout(total=timeout[0] + timeout[1], sock_connect=timeout[0],
                                              sock_read=timeout[1])
        self._headers = {"Content-Type": "application/json", "Accept": "application/json", "User-Agent": user_agent}
        self._ca_bundle = ca_bundle
        self._connections = connections
        self._client: aiohttp.ClientSession | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self.calls = 0

    def __repr__(self) -> str:
        return f"LoopReads({self.base_url!r})"

    def _session(self) -> aiohttp.ClientSession:
        loop = asyncio.get_running_loop()
        if self._client is None or self._loop is not loop:
            context = ssl.create_default_context(cafile=self._ca_bundle or certifi.where())
            connector = aiohttp.TCPConnector(limit=self._connections, ssl=context, keepalive_timeout=4.0)
            # No cookie jar: QPay's API sets none that matter, and a jar is work on every answer.
            self._client = aiohttp.ClientSession(connector=connector, timeout=self._timeout, trust_env=False,
                                                 cookie_jar=aiohttp.DummyCookieJar())
            self._loop = loop
        return self._client

    @property
    def is_open(self) -> bool:
        return self._client is not None and not self._client.closed

    async def close(self) -> None:
        client, self._client, self._loop = self._client, None, None
        if client is not None:
            await client.close()

    async def call(self, method: str, path: str, token: str, body: Any = NO_BODY) -> bytes:
        """QPay's answer as it came (JSON the client can read: checked, never written again; `null` for none);
        `TokenRefused` on a 401; else the client's errors."""
        self.calls += 1
        headers = {**self._headers, "Authorization": f"Bearer {token}"}
        data = None if body is NO_BODY else json.dumps(body, ensure_ascii=False).encode("utf-8")
        url = self.base_url + path
        for attempt in (1, 2):
            try:
                async with self._session().request(method, url, data=data, headers=headers,
                                                   allow_redirects=False) as response:
                    content = await response.read()
                    status, retry_after = response.status, response.headers.get("Retry-After")
                break
            except aiohttp.ServerDisconnectedError as exc:
                # A kept connection QPay had closed as it was taken: a read is asked again, once.
                if attempt == 1:
                    continue
                raise _lost(method, path, exc) from None
            except (aiohttp.ClientConnectorError, aiohttp.ConnectionTimeoutError) as exc:
                raise APIConnectionError(f"could not reach the service: {type(exc).__name__}", method=method,
                                         path=path) from None
            except (aiohttp.ClientError, asyncio.TimeoutError) as exc:
                raise _lost(method, path, exc) from None
        logger.debug("%s %s -> %d (on the loop)", method, path, status)
        if 200 <= status < 300:
            return _success_body(content, status, method, path)
        if status == 401:
            raise TokenRefused()
        raise error_from_response(status, _error_body(content), retry_after=parse_retry_after(retry_after),
                                  method=method, path=path)


def _lost(method: str, path: str, exc: BaseException) -> QPayError:
    return OutcomeUnknownError(f"no answer from the service: {type(exc).__name__}", method=method, path=path)


def _success_body(content: bytes, status: int, method: str, path: str) -> bytes:
    if not content.strip():
        return b"null"
    try:
        parse_json_answer(content)
        return content
    except UNREADABLE_JSON:
        raise InvalidResponseError(status, None, "the answer is not JSON", method=method, path=path) from None


def _error_body(content: bytes) -> Any:
    if not content.strip():
        return None
    try:
        return parse_json_answer(content)
    except UNREADABLE_JSON:
        return content.decode("utf-8", "replace")

