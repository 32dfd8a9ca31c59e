"""Fault injection (delay, drop, status) and the request log, as one ASGI middleware. The faults, their
queue and the log are the QPay sandbox's (`pos_app/sandbox/faults.py`); a PosAPI fault's answer is PosAPI's
error shape."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

from ..faults import CONTROL_PREFIX, Fault, FaultInjector, RequestLog, drop_connection

__all__ = ["CONTROL_PREFIX", "Fault", "FaultInjector", "FaultMiddleware", "RequestLog"]


async def _send_error(send: Any, status: int) -> None:
    body = json.dumps({"status": "ERROR", "message": "fault injected by the sandbox"}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


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
                if await drop_connection(send):
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
