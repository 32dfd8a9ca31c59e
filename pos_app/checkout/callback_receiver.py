"""A small local endpoint for the service's payment callbacks: a hint to check now, nothing more.

The service calls the invoice's ``callback_url`` when a payment completes, in
one of two forms (see `pos_app.qpay.callbacks`): ``POST`` with JSON
``{"invoice_id": ...}`` or ``GET ?qpay_payment_id=...``. `CallbackReceiver`
accepts both on one path, answers ``200 text/plain SUCCESS`` (what the GET
form expects; the POST form only needs the 200), and hands the parsed
`CallbackHint` to ``on_hint`` on a background thread. Nothing in a callback is
trusted (there is no signature): the app uses the hint only to run an
immediate payment check for the matching open sale, never to mark it paid.

Usage::

    with CallbackReceiver(on_hint=lambda hint: check_now(hint)) as receiver:
        invoice = SimpleInvoice(..., callback_url=receiver.url)

Requests are served by a `ThreadingHTTPServer` (daemon threads, 5 s socket
timeout), so a slow or hung client cannot hold up the others. Bodies over
64 KiB are refused with 413 before they are read. Nothing is written to
stderr: requests are logged through `logging` at DEBUG, without headers or
query strings.
"""

from __future__ import annotations

import json
import logging
import queue
import re
import socket
import threading
import time
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import urlsplit

from pos_app.qpay import CALLBACK_ACK, CallbackHint, parse_callback

__all__ = ["CallbackReceiver", "MAX_BODY_BYTES"]

log = logging.getLogger(__name__)

MAX_BODY_BYTES = 64 * 1024
_SOCKET_TIMEOUT = 5.0
_BODY_DEADLINE = 10.0  # the whole body, however slowly it trickles in
_DRAIN_LIMIT = 1024 * 1024  # discarded after a refusal, so the client still reads our answer
_HINT_BACKLOG = 1000
_ALLOWED = "GET, POST"
_STOP = object()
_UNCHECKED = object()
_DIGITS = re.compile(r"[0-9]{1,18}")


class CallbackReceiver:
    """Local HTTP endpoint for payment callbacks; ``on_hint`` runs on a background thread.

    *port* 0 picks a free port. *host* defaults to loopback: to receive the
    service's calls from outside, put a reverse proxy or tunnel in front and
    give the service that public address, not `url`.
    """

    def __init__(
        self,
        on_hint: Callable[[CallbackHint], None],
        host: str = "127.0.0.1",
        port: int = 0,
        path: str = "/qpay/callback",
        *,
        timeout: float = _SOCKET_TIMEOUT,
    ) -> None:
        if not path.startswith("/") or "?" in path or "#" in path:
            raise ValueError("path must be an absolute URL path without query or fragment")
        self._on_hint = on_hint
        self.host = host
        self.port = port
        self.path = path
        self.timeout = timeout
        self._server: _Server | None = None
        self._serve_thread: threading.Thread | None = None
        self._hint_thread: threading.Thread | None = None
        self._hints: queue.Queue[Any] = queue.Queue(maxsize=_HINT_BACKLOG)
        self._lock = threading.Lock()

    def __repr__(self) -> str:
        state = "running" if self._server is not None else "stopped"
        return f"CallbackReceiver(host={self.host!r}, port={self.port!r}, path={self.path!r}, {state})"

    @property
    def url(self) -> str:
        """The full callback URL (scheme, bound host and port, path)."""
        if self._server is None:
            raise RuntimeError("the callback receiver is not running")
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}{self.path}"

    @property
    def running(self) -> bool:
        return self._server is not None

    def start(self) -> CallbackReceiver:
        with self._lock:
            if self._server is not None:
                return self
            server_class = _Server6 if ":" in self.host else _Server
            server = server_class((self.host, self.port), _make_handler(self))
            self.port = server.server_address[1]
            self._hints = queue.Queue(maxsize=_HINT_BACKLOG)
            self._hint_thread = threading.Thread(
                target=self._dispatch, args=(self._hints,), name="callback-hints", daemon=True
            )
            self._hint_thread.start()
            self._serve_thread = threading.Thread(
                target=server.serve_forever, kwargs={"poll_interval": 0.1}, name="callback-receiver", daemon=True
            )
            self._serve_thread.start()
            self._server = server
        log.debug("callback receiver listening on %s:%s%s", self.host, self.port, self.path)
        return self

    def stop(self, timeout: float = 5.0) -> None:
        """Stop listening, cut open connections, let the hint thread finish its current call."""
        with self._lock:
            server, self._server = self._server, None
            serve_thread, hint_thread, hints = self._serve_thread, self._hint_thread, self._hints
            self._serve_thread = self._hint_thread = None
        if server is None:
            return
        server.shutdown()
        server.close_connections()
        server.server_close()
        if serve_thread is not None:
            serve_thread.join(timeout)
        _put_stop(hints)
        if hint_thread is not None and hint_thread is not threading.current_thread():
            hint_thread.join(timeout)
        log.debug("callback receiver stopped")

    def __enter__(self) -> CallbackReceiver:
        return self.start()

    def __exit__(self, *exc_info: object) -> None:
        self.stop()

    # -- hints -------------------------------------------------------------------------------------------

    def _offer(self, hint: CallbackHint) -> None:
        try:
            self._hints.put_nowait(hint)
        except queue.Full:
            # The app polls anyway; a lost hint only means the check comes at the usual pace.
            log.warning("callback hint dropped: %d hints are still waiting", _HINT_BACKLOG)

    def _dispatch(self, hints: queue.Queue[Any]) -> None:
        while True:
            hint = hints.get()
            if hint is _STOP:
                return
            try:
                self._on_hint(hint)
            except Exception:
                log.exception("callback hint handler failed")


def _put_stop(hints: queue.Queue[Any]) -> None:
    while True:
        try:
            hints.put_nowait(_STOP)
            return
        except queue.Full:
            try:  # drop the oldest waiting hint to make room: we are stopping
                hints.get_nowait()
            except queue.Empty:
                pass


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    block_on_close = False
    request_queue_size = 16

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self._connections: set[socket.socket] = set()
        self._connections_lock = threading.Lock()
        super().__init__(*args, **kwargs)

    def process_request(self, request: Any, client_address: Any) -> None:
        with self._connections_lock:
            self._connections.add(request)
        super().process_request(request, client_address)

    def shutdown_request(self, request: Any) -> None:
        with self._connections_lock:
            self._connections.discard(request)
        super().shutdown_request(request)

    def close_connections(self) -> None:
        with self._connections_lock:
            connections = list(self._connections)
        for connection in connections:
            try:
                connection.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def handle_error(self, request: Any, client_address: Any) -> None:
        # The default prints a traceback to stderr; a dropped client is routine here.
        log.debug("callback connection error", exc_info=True)


class _Server6(_Server):
    address_family = socket.AF_INET6


def _make_handler(receiver: CallbackReceiver) -> type[BaseHTTPRequestHandler]:
    class _Handler(_CallbackHandler):
        owner = receiver
        timeout = receiver.timeout

    return _Handler


class _CallbackHandler(BaseHTTPRequestHandler):
    owner: CallbackReceiver
    protocol_version = "HTTP/1.1"
    server_version = "pos-callback"
    sys_version = ""

    # -- dispatch ----------------------------------------------------------------------------------------

    def do_GET(self) -> None:
        self._serve()

    def do_POST(self) -> None:
        self._serve()

    def __getattr__(self, name: str) -> Any:
        # Any other method (PUT, DELETE, HEAD, FOO...) is answered here rather than with a 501 page.
        if name.startswith("do_"):
            return self._serve
        raise AttributeError(name)

    def parse_request(self) -> bool:
        self._length: int | None | object = _UNCHECKED  # per request: connections are kept alive
        self._body_pending = False
        return super().parse_request()

    def handle_expect_100(self) -> bool:
        # Refuse before the client sends the body when the headers alone rule it out.
        self._length = self._precheck()
        if self._length is None:
            return False
        return super().handle_expect_100()

    def _serve(self) -> None:
        length = self._precheck() if self._length is _UNCHECKED else self._length
        if not isinstance(length, int):
            return
        query = urlsplit(self.path).query
        if self.command == "POST" and length and not _json_media_type(self.headers.get("Content-Type")):
            self._refuse(415, "the callback body must be JSON")
            return
        body = self._read_body(length)
        if body is None:
            return
        if self.command == "GET":
            body = None  # the GET form carries its identifier in the query only
        try:
            hint = parse_callback(body=body, query=query)
        except ValueError:
            self._refuse(400, "not a payment callback")
            return
        self._send(200, CALLBACK_ACK.encode("ascii"), "text/plain; charset=utf-8")
        self.owner._offer(hint)

    def _precheck(self) -> int | None:
        """Path, method and declared length: the body length, or None once a refusal was sent."""
        self._body_pending = "Transfer-Encoding" in self.headers or self.headers.get(
            "Content-Length", "0").strip() not in ("", "0")
        if urlsplit(self.path).path != self.owner.path:
            self._refuse(404, "not found")
            return None
        if self.command not in ("GET", "POST"):
            self._refuse(405, "method not allowed", {"Allow": _ALLOWED})
            return None
        return self._content_length()

    # -- body --------------------------------------------------------------------------------------------

    def _content_length(self) -> int | None:
        """The declared body length, or None once a refusal has been sent."""
        if "Transfer-Encoding" in self.headers:
            self._refuse(411, "a Content-Length is required")
            return None
        raw = self.headers.get("Content-Length")
        if raw is None:
            return 0
        length = int(raw.strip()) if _DIGITS.fullmatch(raw.strip()) else -1
        if length < 0 or len(self.headers.get_all("Content-Length") or ()) > 1:
            self._refuse(400, "bad Content-Length")
            return None
        if length > MAX_BODY_BYTES:
            self._refuse(413, "the callback body is too large")
            return None
        return length

    def _read_body(self, length: int) -> bytes | None:
        deadline = time.monotonic() + _BODY_DEADLINE
        chunks: list[bytes] = []
        remaining = length
        try:
            while remaining:
                if time.monotonic() > deadline:
                    raise TimeoutError
                chunk = self.rfile.read1(remaining)
                if not chunk:
                    break
                chunks.append(chunk)
                remaining -= len(chunk)
        except (TimeoutError, OSError):
            remaining = -1
        if remaining:
            self.close_connection = True
            log.debug("callback body incomplete (%d bytes declared)", length)
            return None
        self._body_pending = False
        return b"".join(chunks)

    # -- answers -----------------------------------------------------------------------------------------

    def _refuse(self, status: int, message: str, headers: dict[str, str] | None = None) -> None:
        """Answer an error; when a body is left unread, close after a short, bounded drain."""
        pending = self._body_pending
        if pending:
            self.close_connection = True
            headers = {**(headers or {}), "Connection": "close"}
        payload = json.dumps({"error": message}).encode("utf-8")
        self._send(status, payload, "application/json", headers)
        if pending:
            self._linger()

    def _send(self, status: int, payload: bytes, content_type: str,
              headers: dict[str, str] | None = None) -> None:
        try:
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(payload)))
            self.send_header("Cache-Control", "no-store")
            for key, value in (headers or {}).items():
                self.send_header(key, value)
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(payload)
            self.wfile.flush()
        except OSError:
            self.close_connection = True

    def _linger(self) -> None:
        # Closing with unread input makes the kernel send a reset, which can wipe our answer
        # before the client reads it. So: stop writing, then discard a bounded amount of input.
        try:
            self.connection.shutdown(socket.SHUT_WR)
            self.connection.settimeout(min(self.timeout or _SOCKET_TIMEOUT, 2.0))
            discarded = 0
            while discarded < _DRAIN_LIMIT:
                data = self.connection.recv(65536)
                if not data:
                    break
                discarded += len(data)
        except OSError:
            pass

    # -- logging: DEBUG only, no headers, no query -------------------------------------------------------

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        path = urlsplit(getattr(self, "path", "") or "").path
        log.debug("callback %s %s -> %s", getattr(self, "command", "-"), path[:200], code)

    def log_error(self, format: str, *args: Any) -> None:
        # The standard messages can quote the raw request line; keep only the gist.
        code = args[0] if args and isinstance(args[0], int) else format.split(" ", 1)[0]
        log.debug("callback request refused: %s", code)

    def log_message(self, format: str, *args: Any) -> None:
        log.debug("callback server: %s", format)


def _json_media_type(content_type: str | None) -> bool:
    if not content_type:
        return True  # missing: the body is read as JSON and refused if it is not
    media = content_type.split(";", 1)[0].strip().lower()
    return media == "application/json" or (media.startswith("application/") and media.endswith("+json"))
