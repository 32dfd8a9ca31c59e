"""Fault injection (delay, drop, status) and the request log, as one ASGI middleware."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections import deque
from dataclasses import asdict, dataclass
from typing import Any

CONTROL_PREFIX = "/_sandbox"


@dataclass
class Fault:
    path_prefix: str
    count: int = 1
    status: int | None = None      # answer this HTTP status with the error shape, without running the endpoint
    delay_ms: int = 0              # wait before answering
    drop: bool = False             # close the connection without an answer
    method: str | None = None      # only this method (a prefix such as /rest/receipt matches POST and DELETE)
    after_processing: bool = False  # run the endpoint first: "issued, but the answer was lost"


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
        with self._lock:
            for fault in self._faults:
                if path.startswith(fault.path_prefix) and fault.method in (None, method):
                    fault.count -= 1
                    if fault.count <= 0:
                        self._faults.remove(fault)
                    return fault
        return None


class RequestLog:
    """Method, path, query, status and time of each request; never a body."""

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


async def _send_error(send: Any, status: int) -> None:
    body = json.dumps({"status": "ERROR", "message": "fault injected by the sandbox"}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


async def _drop(send: Any) -> bool:
    """Close the socket without an answer, through uvicorn's transport behind `send`."""
    transport = getattr(getattr(send, "__self__", None), "transport", None)
    if transport is None:
        return False
    transport.abort()
    for _ in range(3):
        await asyncio.sleep(0)
    return True


class FaultMiddleware:
    def __init__(self, app: Any, faults: FaultInjector, log: RequestLog) -> None:
        self.app = app
        self.faults = faults
        self.log = log

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http" or scope["path"].startswith(CONTROL_PREFIX):
            await self.app(scope, receive, send)
            return
        entry: dict[str, Any] = {"method": scope["method"], "path": scope["path"],
                                 "query": scope.get("query_string", b"").decode("latin-1"),
                                 "status": None, "time": time.time()}
        logged = False

        def log_once(status: Any) -> None:
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
            held: list[dict[str, Any]] = []
            if fault.after_processing:
                async def hold(message: dict[str, Any]) -> None:
                    held.append(message)
                await self.app(scope, receive, hold)
            if fault.delay_ms:
                await asyncio.sleep(fault.delay_ms / 1000)
            if fault.drop:
                log_once("dropped")
                if await _drop(send):
                    return
            if fault.status is not None:
                await _send_error(logged_send, fault.status)
            elif held:
                for message in held:
                    await logged_send(message)
            elif not fault.after_processing:
                await self.app(scope, receive, logged_send)
        finally:
            log_once(entry["status"])
