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
    retry_after: int = 1
    error_code: str | None = None


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

    def take(self, path: str) -> Fault | None:
        """The first fault matching the path, counted down by one use."""
        with self._lock:
            for fault in self._faults:
                if path.startswith(fault.path_prefix):
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


async def _send_envelope(send: Any, status: int, code: str, message: str,
                         headers: dict[str, str]) -> None:
    body = json.dumps({"error_code": code, "message": message}).encode()
    raw_headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    raw_headers += [(k.lower().encode(), v.encode()) for k, v in headers.items()]
    await send({"type": "http.response.start", "status": status, "headers": raw_headers})
    await send({"type": "http.response.body", "body": body})


async def _drop_connection(send: Any) -> bool:
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

    def __init__(self, app: Any, faults: FaultInjector, log: RequestLog) -> None:
        self.app = app
        self.faults = faults
        self.log = log

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http" or scope["path"].startswith(CONTROL_PREFIX):
            await self.app(scope, receive, send)
            return
        entry: dict[str, Any] = {"method": scope["method"], "path": scope["path"], "status": None,
                                 "time": time.time()}

        async def logged_send(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                entry["status"] = message["status"]
            await send(message)

        try:
            fault = self.faults.take(scope["path"])
            if fault is not None:
                entry["fault"] = True
                if fault.delay_ms:
                    await asyncio.sleep(fault.delay_ms / 1000)
                if fault.drop and await _drop_connection(send):
                    entry["status"] = "dropped"
                    return
                if fault.status is not None:
                    headers = {"Retry-After": str(fault.retry_after)} if fault.status == 429 else {}
                    await _send_envelope(logged_send, fault.status,
                                         fault.error_code or code_for_status(fault.status),
                                         "fault injected by the sandbox", headers)
                    return
            await self.app(scope, receive, logged_send)
        finally:
            self.log.add(entry)
