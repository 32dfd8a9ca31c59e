"""What a caller on the shop's network (no login needed to connect) can make the store hold: connections and the
time they take to say what they want, header and body sizes, and the process's open files.

Connections (`guarded_protocol`: uvicorn's httptools protocol, or its h11 one, with a `ConnectionGuard`): a
connection *waits* from its opening, and from the end of each answer, until its next request's headers are complete.
A waiting connection is closed `header_timeout` after it began waiting (uvicorn has no such deadline: a slow or
silent client kept its socket forever), and an idle one already at uvicorn's `timeout_keep_alive`. When the store
holds `max_connections`, or one address `max_waiting_per_address` waiting ones, a newcomer closes the connection
that has waited longest (that address's first): a flood of half-open connections pushes out its own, never a till's
request in progress nor its event stream (`/store/events` is a request in progress for as long as it lasts, so no
deadline ends it). Only when every connection is busy is the newcomer itself closed. Over HTTPS a connection is
under the guard from before its TLS handshake (`TlsHandshake`), which must end within `header_timeout` as well.

Requests (`RequestLimits`, pure ASGI, outside the app): headers beyond `MAX_HEADER_BYTES` are refused (431), a
body declared larger than its path's limit is
answered 413 before a byte of it is read, and one sent in chunks is cut (413) once it passes the limit; a path
with a blank segment (an empty, blank or control-character id) is not found (404) before anyone is asked who
they are. Answers here are in QPay's envelope.
"""

from __future__ import annotations

import asyncio
import json
import resource
import ssl
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass
from typing import Any, ClassVar

from uvicorn.protocols.http.h11_impl import H11Protocol

from pos_app.config.catalog_files import MAX_FILE_BYTES

from .ids import names_nothing
from .journal_feed import MAX_BODY_BYTES as MAX_JOURNAL_BYTES

__all__ = ["BACKLOG", "DEFAULT_PARSER", "PROTOCOLS", "ConnectionGuard", "ConnectionLimits", "RequestLimits",
           "TlsHandshake", "body_limit", "guarded_protocol", "raise_open_file_limit", "server_tls_context"]

TLS_SHUTDOWN_S = 2.0          # how long a closing HTTPS connection waits for the client's TLS goodbye
BACKLOG = 128                 # connections accepted at once (asyncio accepts up to this many per wake-up)
# Open files kept for what is not a till's connection: the burst accepted before the guard closes any, the
# database's and QPay's connection pools, the database and log files.
RESERVED_FILES = BACKLOG + 96
DEFAULT_MAX_CONNECTIONS = 4096
MAX_V2_BODY = 512 * 1024      # a `/v2` body: an invoice of a few hundred lines is a few tens of KB
MAX_CALLBACK_BODY = 64 * 1024
MAX_HEADER_BYTES = 16 * 1024  # a request line and its headers (h11's default is 16 KB as well: said here)

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


def raise_open_file_limit() -> int:
    """The process's soft open-file limit raised to its hard one; the limit now."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or soft < hard:
        wanted = hard if hard != resource.RLIM_INFINITY else max(soft, 65536)
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
        except (ValueError, OSError):
            pass
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def connection_cap(open_files: int | None = None) -> int:
    """How many connections the store holds at most: `DEFAULT_MAX_CONNECTIONS`, fewer when the open-file limit
    would not leave `RESERVED_FILES` beside them (so accept() never fails for want of a file)."""
    limit = resource.getrlimit(resource.RLIMIT_NOFILE)[0] if open_files is None else open_files
    if limit == resource.RLIM_INFINITY:
        return DEFAULT_MAX_CONNECTIONS
    return max(16, min(DEFAULT_MAX_CONNECTIONS, limit - RESERVED_FILES))


@dataclass(frozen=True)
class ConnectionLimits:
    header_timeout: float = 10.0          # seconds a connection may wait before its request's headers are complete
    keep_alive: float = 5.0               # seconds an idle connection is kept after an answer
    max_connections: int = DEFAULT_MAX_CONNECTIONS
    max_waiting_per_address: int = 64     # a till waits on one or two; behind a balancer, its own few
    max_header_bytes: int = MAX_HEADER_BYTES


class ConnectionGuard:
    """The connections of one server and which of them wait for a request (on the event loop's thread only)."""

    def __init__(self, limits: ConnectionLimits) -> None:
        self.limits = limits
        self.open: set[GuardedConnection] = set()
        # Waiting connections, the longest waiting first (a dict keeps insertion order), all and by address.
        self._waiting: dict[GuardedConnection, None] = {}
        self._waiting_at: dict[str, dict[GuardedConnection, None]] = {}
        self.closed_early = 0                 # connections closed by a limit (for tests and diagnostics)

    def __repr__(self) -> str:
        return f"ConnectionGuard(open={len(self.open)}, waiting={len(self._waiting)})"

    def uvicorn_options(self, parser: str | None = None, tls: ssl.SSLContext | None = None) -> dict[str, Any]:
        """uvicorn's settings for serving under this guard (its protocol class on `parser`, by default
        `DEFAULT_PARSER`, over HTTPS with `tls`: never uvicorn's own TLS; its limits)."""
        limits = self.limits
        return {"http": guarded_protocol(self, parser or DEFAULT_PARSER, tls), "ws": "none", "backlog": BACKLOG,
                "timeout_keep_alive": limits.keep_alive, "h11_max_incomplete_event_size": limits.max_header_bytes}

    @property
    def waiting(self) -> int:
        return len(self._waiting)

    def opened(self, connection: GuardedConnection) -> bool:
        """Room for a new connection (closing the longest waiting one if need be); False: it is closed."""
        same_address = self._waiting_at.get(connection.address, {})
        if len(same_address) >= self.limits.max_waiting_per_address:
            self._close(next(iter(same_address)))
        if len(self.open) >= self.limits.max_connections:
            if not self._waiting:
                self.closed_early += 1
                return False
            self._close(next(iter(self._waiting)))
        self.open.add(connection)
        self.waits(connection)
        return True

    def waits(self, connection: GuardedConnection) -> None:
        if connection in self.open:
            self._waiting[connection] = None
            self._waiting_at.setdefault(connection.address, {})[connection] = None

    def busy(self, connection: GuardedConnection) -> None:
        self._waiting.pop(connection, None)
        same_address = self._waiting_at.get(connection.address)
        if same_address is not None:
            same_address.pop(connection, None)
            if not same_address:
                del self._waiting_at[connection.address]

    def closed(self, connection: GuardedConnection) -> None:
        self.busy(connection)
        self.open.discard(connection)

    def _close(self, connection: GuardedConnection) -> None:
        self.closed(connection)               # its file is freed a moment later (asyncio's connection_lost)
        self.closed_early += 1
        connection.transport.close()


class GuardedConnection(asyncio.Protocol):
    """What a `ConnectionGuard` adds to an uvicorn HTTP protocol (`GuardedH11Protocol`,
    `GuardedHttpToolsProtocol`): a deadline for each request's headers, and room made by closing the connection
    that waited longest. (uvicorn's own `limit_concurrency` counts every open connection, half-open ones too:
    under a flood it would answer every till 503.) Uses only what both protocols have: `cycle` (the request
    read last), `client`, `transport`, `loop` and `on_response_complete`."""

    guard: ClassVar[ConnectionGuard]
    address = ""
    _deadline: asyncio.TimerHandle | None = None
    cycle: Any
    client: tuple[str, int] | None
    transport: asyncio.Transport
    loop: asyncio.AbstractEventLoop

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)
        self.address = self.client[0] if self.client else ""
        if not self.guard.opened(self):
            transport.close()
            return
        self._await_request()

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_deadline()
        self.guard.closed(self)
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        cycle = self.cycle
        super().data_received(data)
        if self.cycle is not cycle and self._in_progress():
            self._busy()

    def on_response_complete(self) -> None:
        super().on_response_complete()  # type: ignore[misc]
        if self.transport.is_closing():
            return
        if self._in_progress():
            self._busy()                      # a pipelined request taken up (or queued: its headers are in)
        else:
            self._await_request()

    def _in_progress(self) -> bool:
        return self.cycle is not None and not self.cycle.response_complete

    def _busy(self) -> None:
        self._stop_deadline()                 # headers complete: a request in progress (a stream, for hours)
        self.guard.busy(self)

    def _await_request(self) -> None:
        self._stop_deadline()
        self.guard.waits(self)
        self._deadline = self.loop.call_later(self.guard.limits.header_timeout, self._too_slow)

    def _stop_deadline(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _too_slow(self) -> None:
        self._deadline = None
        self.guard.closed_early += 1
        self.transport.close()


class GuardedH11Protocol(GuardedConnection, H11Protocol):
    """uvicorn's pure-Python h11 protocol under a `ConnectionGuard` (h11 bounds unfinished headers itself:
    `h11_max_incomplete_event_size`)."""


PROTOCOLS: dict[str, type[GuardedConnection]] = {"h11": GuardedH11Protocol}

try:
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
except ImportError:  # pragma: no cover - a dependency; uvicorn serves without it, on h11
    pass
else:
    class GuardedHttpToolsProtocol(GuardedConnection, HttpToolsProtocol):
        """uvicorn's httptools protocol (its parser in C: a few times less CPU a request than h11) under a
        `ConnectionGuard`. httptools keeps an unfinished header line in a buffer of its own with no bound, so
        the bytes received while a request's headers are incomplete are counted here, and past
        `max_header_bytes` the connection is answered 400 and closed, as h11 does."""

        _reading_headers = True           # from the connection's start and each request's end to its headers' end
        _headers_ended = False            # ... which happened during this `data_received`
        _header_bytes = 0

        def data_received(self, data: bytes) -> None:
            reading = self._reading_headers
            self._headers_ended = False
            super().data_received(data)
            if self._headers_ended:
                self._header_bytes = 0
            elif reading and self._reading_headers:
                # Whole chunks: one that ended a request's body and began the next request's headers is not
                # counted (at most one read's worth beyond the limit).
                self._header_bytes += len(data)
                if self._header_bytes > self.guard.limits.max_header_bytes and not self.transport.is_closing():
                    self.send_400_response("Request headers too large.")

        def on_headers_complete(self) -> None:
            self._reading_headers, self._headers_ended = False, True
            super().on_headers_complete()

        def on_message_complete(self) -> None:
            super().on_message_complete()
            self._reading_headers = True

    PROTOCOLS["httptools"] = GuardedHttpToolsProtocol

DEFAULT_PARSER = "httptools" if "httptools" in PROTOCOLS else "h11"


class TlsHandshake(asyncio.Protocol):
    """A connection over HTTPS until its TLS handshake is done, then handed to the HTTP protocol. Under the guard
    from its opening, as a waiting connection: a flood of connections that never finish their handshake pushes out
    its own (and one is closed `header_timeout` after it opened), as plain ones that never finish their headers do.
    uvicorn given the certificate would leave the handshake to asyncio, which holds such a connection for 60 s
    outside any count: on HTTPS, the store's default off loopback, half-open connections would lock every till
    out again. Here asyncio's `start_tls` shakes hands on the accepted connection, with this object as the
    application until the HTTP protocol takes over (what arrives meanwhile is kept and handed on)."""

    guard: ClassVar[ConnectionGuard]
    http: ClassVar[type[GuardedConnection]]
    tls: ClassVar[ssl.SSLContext]
    address = ""
    transport: asyncio.Transport

    def __init__(self, **uvicorn_args: Any) -> None:
        self._uvicorn_args = uvicorn_args            # for the HTTP protocol made once the handshake is done
        self.loop: asyncio.AbstractEventLoop = uvicorn_args.get("_loop") or asyncio.get_event_loop()
        # uvicorn's own count of connections, which its shutdown ends (`shutdown`) and waits for.
        self._connections: set[Any] = uvicorn_args["server_state"].connections
        self._received: list[bytes] = []
        self._handshake: asyncio.Task[None] | None = None

    def __repr__(self) -> str:
        return f"TlsHandshake(address={self.address!r})"

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        transport.pause_reading()        # the first bytes are the handshake's: `start_tls` reads them
        self.transport = transport
        peer = transport.get_extra_info("peername")
        self.address = str(peer[0]) if isinstance(peer, (tuple, list)) and peer else ""
        if not self.guard.opened(self):
            transport.close()
            return
        self._connections.add(self)
        self._handshake = self.loop.create_task(self._shake_hands(transport))

    def connection_lost(self, exc: Exception | None) -> None:
        self._left()
        if self._handshake is not None:
            self._handshake.cancel()

    def shutdown(self) -> None:
        """uvicorn is stopping: a handshake not done yet ends here (no HTTP protocol is made after)."""
        self.transport.abort()

    def data_received(self, data: bytes) -> None:
        self._received.append(data)                  # the request, sent before the HTTP protocol took over

    def eof_received(self) -> bool | None:
        return None                                  # the client ended before its request: close

    def _left(self) -> None:
        self.guard.closed(self)
        self._connections.discard(self)

    async def _shake_hands(self, transport: asyncio.Transport) -> None:
        # The handshake has `header_timeout` to end, and then the request's headers as long again. Closing after
        # it waits `TLS_SHUTDOWN_S` at most for the client's goodbye: asyncio's 30 s would keep a closed or
        # pushed-out connection's file that long, outside any count.
        try:
            if transport.is_closing():
                return
            secure = await self.loop.start_tls(transport, self, self.tls, server_side=True,
                                               ssl_handshake_timeout=self.guard.limits.header_timeout,
                                               ssl_shutdown_timeout=TLS_SHUTDOWN_S)
        except (OSError, RuntimeError):             # SSL errors and the handshake's timeout are OSErrors
            transport.close()                        # no handshake (asyncio logs only at debug): nothing to serve
            return
        finally:
            self._left()
        if transport.is_closing() or secure.is_closing():
            return                                   # pushed out or shut down meanwhile
        http = self.http(**self._uvicorn_args)
        secure.set_protocol(http)
        http.connection_made(secure)
        if self._received and not secure.is_closing():
            http.data_received(b"".join(self._received))
        self._received.clear()


def guarded_protocol(guard: ConnectionGuard, parser: str = DEFAULT_PARSER, tls: ssl.SSLContext | None = None
                     ) -> type[asyncio.Protocol]:
    """A protocol class for one server (uvicorn makes one instance a connection; they share `guard`), on
    `parser`'s protocol ("httptools" when installed, else "h11"); over HTTPS with `tls`, each connection's
    handshake under the guard too (`TlsHandshake`)."""
    base = PROTOCOLS[parser]
    http = type(f"Store{base.__name__.removeprefix('Guarded')}", (base,), {"guard": guard})
    if tls is None:
        return http
    return type(f"StoreTls{base.__name__.removeprefix('Guarded')}", (TlsHandshake,),
                {"guard": guard, "http": http, "tls": tls})


def server_tls_context(certificate: str, key: str) -> ssl.SSLContext:
    """The store's side of HTTPS: its certificate (the chain after it) and key, TLS 1.2 or newer."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    context.load_cert_chain(certificate, key)
    return context


# -- requests --------------------------------------------------------------------------------------------------

def body_limit(method: str, path: str) -> int:
    """The largest body a request may carry: a till's journal batch and the owner's catalog are large, a `/v2`
    call or a callback small."""
    if method == "POST" and path.startswith("/store/journal/"):
        return MAX_JOURNAL_BYTES
    if method == "PUT" and path == "/store/catalog":
        return MAX_FILE_BYTES
    if path.startswith("/store/callback/"):
        return MAX_CALLBACK_BODY
    return MAX_V2_BODY


class BodyTooLarge(Exception):
    """A chunked body went past its limit (raised from `receive`, caught by `RequestLimits`)."""


class RequestLimits:
    """Pure ASGI around the store's app (the body is never read here, only counted)."""

    def __init__(self, app: ASGIApp, limit: Callable[[str, str], int] = body_limit,
                 max_header_bytes: int = MAX_HEADER_BYTES) -> None:
        self.app = app
        self.limit = limit
        self.max_header_bytes = max_header_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if _header_bytes(scope) > self.max_header_bytes:
            # h11 stops headers beyond its limit only while they are incomplete; ones that came at once, here.
            await _refuse(send, 431, "HEADERS_TOO_LARGE", f"a request's headers are at most {self.max_header_bytes} "
                                                          "bytes")
            return
        if any(names_nothing(part) for part in scope["path"].split("/")[1:]):
            await _refuse(send, 404, "NOT_FOUND", "not found")
            return
        limit = self.limit(scope["method"], scope["path"])
        declared = _content_length(scope)
        if declared is not None and declared > limit:
            await _refuse(send, 413, "TOO_LARGE", f"a body here is at most {limit} bytes")
            return
        await self._counted(scope, receive, send, limit)

    async def _counted(self, scope: Scope, receive: Receive, send: Send, limit: int) -> None:
        received, ended, answered, cut = 0, False, False, False

        async def counting_receive() -> Message:
            nonlocal received, ended, cut
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                ended = not message.get("more_body", False)
                if received > limit:
                    cut = True
                    raise BodyTooLarge
            return message

        async def closing_send(message: Message) -> None:
            nonlocal answered
            if cut:
                return        # Starlette's 500 for the exception: the 413 below is the answer
            if message["type"] == "http.response.start":
                answered = True
                if not ended and _has_body(scope):
                    # Answered before the body was read (a caller refused first): not kept for another request,
                    # so the rest of it is not read either.
                    message = {**message, "headers": [*message.get("headers", []), (b"connection", b"close")]}
            await send(message)

        try:
            await self.app(scope, counting_receive, closing_send)
        except BodyTooLarge:
            if not answered:
                await _refuse(send, 413, "TOO_LARGE", f"a body here is at most {limit} bytes")


def _header_bytes(scope: Scope) -> int:
    return len(scope.get("raw_path") or b"") + len(scope.get("query_string") or b"") + sum(
        len(name) + len(value) + 4 for name, value in scope["headers"])


def _content_length(scope: Scope) -> int | None:
    for name, value in scope["headers"]:
        if name == b"content-length":
            return int(value) if value.isdigit() else None     # h11 refused a malformed one already
    return None


def _has_body(scope: Scope) -> bool:
    declared = _content_length(scope)
    if declared is not None:
        return declared > 0
    return any(name == b"transfer-encoding" for name, _value in scope["headers"])


async def _refuse(send: Send, status: int, code: str, message: str) -> None:
    body = json.dumps({"error_code": code, "message": message}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                            (b"connection", b"close")]})
    await send({"type": "http.response.body", "body": body})
