"""Test helpers: sandbox control, tiny real HTTP servers of the tests' own, fakes.

The servers here are real sockets on 127.0.0.1 served from threads (stdlib
`http.server`), so the client under test goes through its whole HTTP stack.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, TypeVar
from urllib.parse import urlsplit

import requests

from pos_app.qpay import RetryPolicy, SimpleInvoice

T = TypeVar("T")

USERNAME, PASSWORD, INVOICE_CODE = "TEST_MERCHANT", "123456", "TEST_INVOICE"

# Backoff small enough to keep the suite fast; the sleeps are recorded, not slept.
FAST_POLICY = RetryPolicy(base_delay=0.01, max_delay=0.05, reconcile_delays=(0.0,))


def simple_invoice(sender_invoice_no: str = "T1-0001", amount: Any = "12500", **fields: Any) -> SimpleInvoice:
    values: dict[str, Any] = {
        "invoice_code": INVOICE_CODE,
        "sender_invoice_no": sender_invoice_no,
        "invoice_receiver_code": "terminal",
        "invoice_description": "Sale at till 1",
        "amount": amount,
        "callback_url": "http://127.0.0.1:9/qpay/callback",
    }
    values.update(fields)
    return SimpleInvoice(**values)


class SandboxControl:
    """The sandbox's control API (`/_sandbox/...`) over HTTP.

    Make it right after a reset: the request log is read from that moment on.
    (The sandbox writes a log entry only after the answer has gone out, so
    the last request of the previous test can land after the reset; its
    arrival time tells it apart.)
    """

    def __init__(self, url: str) -> None:
        self.url = url
        self.http = requests.Session()
        self.since = time.time()

    def _call(self, method: str, path: str, body: Any = None) -> Any:
        answer = self.http.request(method, f"{self.url}/_sandbox{path}", json=body, timeout=10)
        assert answer.status_code == 200, answer.text
        return answer.json() if answer.content else None

    def reset(self) -> None:
        self.since = time.time()
        self._call("POST", "/reset")

    def pay(self, invoice_id: str, **body: Any) -> dict[str, Any]:
        return self._call("POST", f"/invoices/{invoice_id}/pay", body or None)

    def fault(self, path_prefix: str, **fault: Any) -> None:
        self._call("POST", "/faults", {"path_prefix": path_prefix, **fault})

    def pending_faults(self) -> list[dict[str, Any]]:
        return self._call("GET", "/faults")["faults"]

    def clear_faults(self) -> None:
        self._call("DELETE", "/faults")

    def advance_clock(self, seconds: float) -> None:
        self._call("POST", "/clock", {"advance_seconds": seconds})

    def patch_merchant(self, username: str = USERNAME, **changes: Any) -> None:
        self._call("PATCH", f"/merchants/{username}", changes)

    def requests_seen(self) -> list[dict[str, Any]]:
        return [entry for entry in self._call("GET", "/requests") if entry["time"] >= self.since]

    def count(self, path: str, method: str | None = None) -> int:
        return sum(
            1
            for entry in self.requests_seen()
            if entry["path"] == path and (method is None or entry["method"] == method)
        )

    def count_prefix(self, prefix: str, method: str | None = None) -> int:
        return sum(
            1
            for entry in self.requests_seen()
            if entry["path"].startswith(prefix) and (method is None or entry["method"] == method)
        )

    def logins(self) -> int:
        return self.count("/v2/auth/token")

    def refreshes(self) -> int:
        return self.count("/v2/auth/refresh")


class SleepRecorder:
    """Stands in for `time.sleep`: records the delays, waits for nothing."""

    def __init__(self) -> None:
        self.delays: list[float] = []
        self._lock = threading.Lock()

    def __call__(self, seconds: float) -> None:
        with self._lock:
            self.delays.append(seconds)


class FakeClock:
    """A monotonic clock the test moves by hand (thread-safe reads)."""

    def __init__(self, start: float = 1000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


# -- tiny real HTTP servers -------------------------------------------------


@dataclass
class Seen:
    method: str
    path: str
    query: str
    headers: dict[str, str]
    body: bytes

    def json(self) -> Any:
        return json.loads(self.body) if self.body else None


@dataclass
class Reply:
    status: int = 200
    body: Any = None  # dict/list -> JSON, str/bytes -> as is, None -> empty
    headers: dict[str, str] = field(default_factory=dict)
    drop: bool = False  # close the connection without answering


Handler = Callable[[Seen], Reply]


class _Server(ThreadingHTTPServer):
    daemon_threads = True


class Routes:
    """A `TinyServer` handler: (method, path) to a queue of replies, the last one repeating; unknown routes
    answer 404 `NOT_FOUND` in the live service's envelope."""

    def __init__(self) -> None:
        self.routes: dict[tuple[str, str], list[Reply]] = {}

    def on(self, method: str, path: str, *replies: Reply) -> None:
        self.routes[(method, path)] = list(replies)

    def __call__(self, seen: Seen) -> Reply:
        queue = self.routes.get((seen.method, seen.path))
        if not queue:
            return Reply(404, {"error": "NOT_FOUND", "message": "no route in the test server"})
        return queue.pop(0) if len(queue) > 1 else queue[0]


class TinyServer:
    """A real HTTP server on 127.0.0.1 in a thread; `handler(seen) -> Reply` answers."""

    def __init__(self, handler: Handler) -> None:
        self.handler = handler
        self.seen: list[Seen] = []
        self._lock = threading.Condition()
        owner = self

        class _RequestHandler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: Any) -> None:  # keep test output clean
                pass

            def _handle(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else b""
                parts = urlsplit(self.path)
                seen = Seen(self.command, parts.path, parts.query, dict(self.headers.items()), body)
                with owner._lock:
                    owner.seen.append(seen)
                    owner._lock.notify_all()
                reply = owner.handler(seen)
                if reply.drop:
                    self.close_connection = True
                    return
                if isinstance(reply.body, (dict, list)):
                    payload = json.dumps(reply.body, default=_json_default).encode()
                    content_type = "application/json"
                elif isinstance(reply.body, str):
                    payload = reply.body.encode()
                    content_type = "text/plain; charset=utf-8"
                else:
                    payload = reply.body or b""
                    content_type = "application/octet-stream"
                self.send_response(reply.status)
                self.send_header("Content-Type", content_type)
                self.send_header("Content-Length", str(len(payload)))
                for key, value in reply.headers.items():
                    self.send_header(key, value)
                self.end_headers()
                self.wfile.write(payload)

            do_GET = do_POST = do_DELETE = do_PATCH = do_PUT = _handle

        self._server = _Server(("127.0.0.1", 0), _RequestHandler)
        self.url = f"http://127.0.0.1:{self._server.server_address[1]}"
        self._thread = threading.Thread(target=self._server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)

    def start(self) -> TinyServer:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()

    def wait_for(self, predicate: Callable[[list[Seen]], bool], timeout: float = 10.0) -> list[Seen]:
        """Block until *predicate(seen)* holds (no sleeping: a condition variable)."""
        with self._lock:
            assert self._lock.wait_for(lambda: predicate(self.seen), timeout), "timed out waiting"
            return list(self.seen)


def _json_default(value: Any) -> Any:
    if isinstance(value, Decimal):
        return float(value)
    raise TypeError(type(value).__name__)


class ForwardingProxy:
    """Forwards requests to *upstream*.

    `drop_answer(seen)` True: forward (so the service does the work), then close
    the connection unanswered: the "answer lost after processing" case.
    `hold_answer(seen)` True: forward, then keep the answer back until `stop()`,
    so the client's read timeout fires: the "answer too slow" case.
    `forward(seen)` False: close the connection without forwarding: "lost on the way".
    """

    def __init__(
        self,
        upstream: str,
        drop_answer: Callable[[Seen], bool] = lambda seen: False,
        hold_answer: Callable[[Seen], bool] = lambda seen: False,
        forward: Callable[[Seen], bool] = lambda seen: True,
    ) -> None:
        self.upstream = upstream
        self.drop_answer = drop_answer
        self.hold_answer = hold_answer
        self.forward = forward
        self._released = threading.Event()
        self._http = requests.Session()
        self.server = TinyServer(self._forward)

    @property
    def url(self) -> str:
        return self.server.url

    def start(self) -> ForwardingProxy:
        self.server.start()
        return self

    def stop(self) -> None:
        self._released.set()  # let held handlers finish (their clients are long gone)
        self.server.stop()

    @property
    def seen(self) -> list[Seen]:
        return self.server.seen

    def _forward(self, seen: Seen) -> Reply:
        if not self.forward(seen):
            return Reply(drop=True)
        headers = {k: v for k, v in seen.headers.items() if k.lower() not in ("host", "content-length", "connection")}
        url = self.upstream + seen.path + (f"?{seen.query}" if seen.query else "")
        answer = self._http.request(seen.method, url, data=seen.body or None, headers=headers, timeout=10)
        if self.drop_answer(seen):
            return Reply(drop=True)
        if self.hold_answer(seen):
            self._released.wait(30)
            return Reply(drop=True)
        passed = {k: v for k, v in answer.headers.items() if k.lower() == "retry-after"}
        body: Any = answer.json() if answer.content else None
        return Reply(answer.status_code, body, passed)


def run_in_threads(count: int, work: Callable[[], T]) -> list[T]:
    """Run `work` in `count` threads released together; their results, or the first error raised."""
    barrier = threading.Barrier(count)
    results: list[T] = []
    errors: list[BaseException] = []
    lock = threading.Lock()

    def worker() -> None:
        barrier.wait()
        try:
            value = work()
        except BaseException as exc:
            with lock:
                errors.append(exc)
            return
        with lock:
            results.append(value)

    threads = [threading.Thread(target=worker) for _ in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert not errors, errors
    assert len(results) == count
    return results


def wait_until(condition: Callable[[], Any], timeout: float = 10.0) -> Any:
    """Re-check *condition* until it is truthy, for state only readable by asking (like the sandbox's
    logs); fail after *timeout* seconds."""
    tick = threading.Event()
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        tick.wait(0.02)
    raise AssertionError(f"condition not met within {timeout} s")
