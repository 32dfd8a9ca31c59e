"""Fault injection and the request log, as one ASGI middleware around the whole API."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections import deque
from dataclasses import asdict, dataclass
from typing import Any

from .errors import code_for_status

CONTROL_PREFIX = "/_sandbox"


@dataclass
class Fault:
    path_prefix: str
    count: int = 1
    status: int | None = None
    delay_ms: int = 0
    drop: bool = False
    # Seconds sent as 429's Retry-After; None sends no Retry-After at all (a service that does not say).
    retry_after: int | None = 1
    error_code: str | None = None
    # Narrow a fault to one method (a prefix such as /v2/invoice also matches /v2/invoice/list).
    method: str | None = None
    # Apply the fault after the endpoint has done its work: "created, but the answer was lost".
    after_processing: bool = False


class FaultInjector:
    def __init__(self) -> None:
        self._faults: list[Fault] = []
        self._lock = threading.Lock()

    def add(self, fault: Fault) -> None:
        with self._lock:
            self._faults.append(fault)

    def clear(self) -> None:
        with self._lock:
            self._faults.clear()

    def pending(self) -> list[dict[str, Any]]:
        with self._lock:
            return [asdict(f) for f in self._faults]

    def take(self, method: str, path: str) -> Fault | None:
        """The first fault matching the request, counted down by one use."""
        with self._lock:
            for fault in self._faults:
                if path.startswith(fault.path_prefix) and fault.method in (None, method):
                    fault.count -= 1
                    if fault.count <= 0:
                        self._faults.remove(fault)
                    return fault
        return None


class RequestLog:
    """What reached the API: method, path, status, time. Never a header or a body."""

    def __init__(self, limit: int = 10_000) -> None:
        self._entries: deque[dict[str, Any]] = deque(maxlen=limit)
        self._lock = threading.Lock()

    def add(self, entry: dict[str, Any]) -> None:
        with self._lock:
            self._entries.append(entry)

    def entries(self) -> list[dict[str, Any]]:
        with self._lock:
            return list(self._entries)

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()


def contract_envelope(path: str, status: int, code: str, message: str, live: Any = None, *,
                      remap: bool = True) -> tuple[int, dict[str, Any]]:
    return status, {"error_code": code, "message": message}


async def _send_envelope(send: Any, status: int, body_of: dict[str, Any],
                         headers: dict[str, str]) -> None:
    body = json.dumps(body_of).encode()
    raw_headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    raw_headers += [(k.lower().encode(), v.encode()) for k, v in headers.items()]
    await send({"type": "http.response.start", "status": status, "headers": raw_headers})
    await send({"type": "http.response.body", "body": body})


async def drop_connection(send: Any) -> bool:
    """Close the socket without an answer. Reaches uvicorn's transport through its `send`."""
    transport = getattr(getattr(send, "__self__", None), "transport", None)
    if transport is None:
        return False
    transport.abort()
    # Let the protocol see the loss, so the server does not try to answer a closed socket.
    for _ in range(3):
        await asyncio.sleep(0)
    return True


class SandboxMiddleware:
    """Outermost layer: logs every API request and applies pending faults to it."""

    def __init__(self, app: Any, faults: FaultInjector, log: RequestLog, envelope: Any = contract_envelope) -> None:
        self.app = app
        self.faults = faults
        self.log = log
        self.envelope = envelope   # the profile's error shape: (path, status, code, message) -> (status, body)

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http" or scope["path"].startswith(CONTROL_PREFIX):
            await self.app(scope, receive, send)
            return
        entry: dict[str, Any] = {"method": scope["method"], "path": scope["path"], "status": None,
                                 "time": time.time()}
        logged = False

        def log_once(status: Any) -> None:
            # Logged as the answer starts, so a test that has its answer sees its entry.
            nonlocal logged
            if not logged:
                entry["status"] = status
                self.log.add(entry)
                logged = True

        async def logged_send(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                log_once(message["status"])
            await send(message)

        try:
            fault = self.faults.take(scope["method"], scope["path"])
            if fault is None:
                await self.app(scope, receive, logged_send)
                return
            entry["fault"] = True
            if fault.after_processing:
                await self._after_processing(fault, scope, receive, send, logged_send, log_once)
            else:
                if fault.delay_ms:
                    await asyncio.sleep(fault.delay_ms / 1000)
                if not await self._apply(fault, scope["path"], send, logged_send, log_once):
                    await self.app(scope, receive, logged_send)
        finally:
            log_once(entry["status"])

    async def _apply(self, fault: Fault, path: str, send: Any, logged_send: Any, log_once: Any) -> bool:
        """Drop the connection or answer the fault's status; False when neither applies."""
        if fault.drop:
            log_once("dropped")
            if await drop_connection(send):
                return True
        if fault.status is not None:
            headers = ({"Retry-After": str(fault.retry_after)}
                       if fault.status == 429 and fault.retry_after is not None else {})
            status, body = self.envelope(path, fault.status, fault.error_code or code_for_status(fault.status),
                                         "fault injected by the sandbox", remap=False)
            await _send_envelope(logged_send, status, body, headers)
            return True
        return False

    async def _after_processing(self, fault: Fault, scope: dict[str, Any], receive: Any, send: Any,
                                logged_send: Any, log_once: Any) -> None:
        """Run the endpoint, hold its answer back, then delay, drop or replace it."""
        held: list[dict[str, Any]] = []

        async def hold(message: dict[str, Any]) -> None:
            held.append(message)

        await self.app(scope, receive, hold)
        if fault.delay_ms:
            await asyncio.sleep(fault.delay_ms / 1000)
        if not await self._apply(fault, scope["path"], send, logged_send, log_once):
            for message in held:
                await logged_send(message)
