"""Payment hints from the store, over its server-sent events stream (`GET /store/events`).

The store pushes a hint when QPay calls back about one of this till's invoices; `on_hint` gets a
`CallbackHint` on this module's thread, and the till checks the payment at once (never taking the hint as
proof). The stream is opened again after any fault, waiting a little longer each time (up to
`MAX_WAIT_S`); `on_state(True/False)` says when the store answers and when it stops answering.
"""

from __future__ import annotations

import logging
import socket
import threading
from collections.abc import Callable, Iterator

import requests

from pos_app import json_nesting
from pos_app.qpay import CallbackHint
from pos_app.qpay.transport import CertificateChanged, http_session

logger = logging.getLogger(__name__)

FIRST_WAIT_S = 0.5
MAX_WAIT_S = 10.0
READ_TIMEOUT_S = 45.0    # the store sends a comment every 15 s: three missed means the stream is dead


class StoreHints:
    def __init__(self, base_url: str, till: str, key: str, on_hint: Callable[[CallbackHint], None],
                 on_state: Callable[[bool], None] | None = None, certificate_sha256: str = "") -> None:
        self._url = base_url.rstrip("/") + "/store/events"
        self._certificate_sha256 = certificate_sha256
        self._auth = (till, key)
        self._on_hint = on_hint
        self._on_state = on_state or (lambda up: None)
        self._stopping = threading.Event()
        self._thread: threading.Thread | None = None
        self._response: requests.Response | None = None
        self.connected = threading.Event()   # set while the stream is open (tests wait on it)

    def __repr__(self) -> str:
        return f"StoreHints({self._url!r}, till={self._auth[0]!r})"

    def start(self) -> StoreHints:
        self._thread = threading.Thread(target=self._run, name="store-hints", daemon=True)
        self._thread.start()
        return self

    def stop(self, timeout: float = 5.0) -> None:
        self._stopping.set()
        response = self._response
        if response is not None:
            _cut(response)      # wakes the thread out of its read
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout)

    def _run(self) -> None:
        wait = FIRST_WAIT_S
        up: bool | None = None
        while not self._stopping.is_set():
            try:
                with http_session(self._certificate_sha256) as session:
                    response = session.get(self._url, auth=self._auth, stream=True, timeout=(5.0, READ_TIMEOUT_S),
                                           headers={"Accept": "text/event-stream"})
                    self._response = response
                    response.raise_for_status()
                    self.connected.set()
                    if up is not True:
                        up = True
                        self._on_state(True)
                    wait = FIRST_WAIT_S
                    for data in _events(response.iter_lines(decode_unicode=True)):
                        self._deliver(data)
            except (requests.RequestException, ValueError, AttributeError) as exc:
                if self._stopping.is_set():
                    break
                if isinstance(exc, CertificateChanged):
                    logger.warning("store hints: the store server's certificate changed (not the one pinned at "
                                   "set-up): nothing is sent to it until the owner pins the new one")
                logger.info("store hints: %s; opening the stream again in %.1f s", type(exc).__name__, wait)
            finally:
                self.connected.clear()
                self._response = None
            if self._stopping.is_set():
                break
            if up is not False:
                up = False
                self._on_state(False)
            self._stopping.wait(wait)
            wait = min(MAX_WAIT_S, wait * 2)

    def _deliver(self, data: str) -> None:
        try:
            said = json_nesting.loads(data)
            hint = CallbackHint(invoice_id=said.get("invoice_id") or None, payment_id=said.get("payment_id") or None)
        except (ValueError, AttributeError):
            return   # not a hint we can read: polling finds the payment anyway
        try:
            self._on_hint(hint)
        except Exception:  # noqa: BLE001 - a listener's fault must not end the stream
            logger.exception("store hints: the listener failed")


def _cut(response: requests.Response) -> None:
    """End a streamed response from another thread: closing it alone leaves a blocked read waiting."""
    try:
        response.raw.connection.sock.shutdown(socket.SHUT_RDWR)
    except (AttributeError, OSError):
        pass
    response.close()


def _events(lines: Iterator[str]) -> Iterator[str]:
    """The data of each `payment` event in a server-sent events stream."""
    kind, data = "message", []
    for line in lines:
        if line == "":
            if data and kind == "payment":
                yield "\n".join(data)
            kind, data = "message", []
        elif line.startswith(":"):
            continue
        else:
            field, _, value = line.partition(":")
            value = value[1:] if value.startswith(" ") else value
            if field == "event":
                kind = value
            elif field == "data":
                data.append(value)
