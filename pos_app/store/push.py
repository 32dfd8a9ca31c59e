"""Payment callbacks, pushed to the till that owns the invoice.

QPay calls the store's callback URL (`/store/callback/{ref}`, both forms: `POST {invoice_id}` and
`GET ?qpay_payment_id=`); the reference in the URL names the invoice, so the store knows whose it is without
asking QPay. The store answers QPay at once and sends the till a hint over its server-sent events stream
(`GET /store/events`); the till checks the payment at once. A hint, never proof: nothing is trusted from a
callback, and the till's polling stays the safety net (a till not listening just finds it by polling).
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import AsyncIterator
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import PlainTextResponse, StreamingResponse

from pos_app.qpay import CALLBACK_ACK, parse_callback

from .callers import any_caller
from .errors import StoreError

router = APIRouter(prefix="/store")
HEARTBEAT_SECONDS = 15.0     # a comment line, so proxies and the till notice a dead stream
_BACKLOG = 100
_END: dict[str, Any] = {}     # put on a stream's queue to end it


class Hub:
    """The tills' open streams; `publish` may be called from any thread."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._streams: dict[str, set[tuple[asyncio.AbstractEventLoop, asyncio.Queue[dict[str, Any]]]]] = {}
        self.sent = 0

    def listeners(self, till: str) -> int:
        with self._lock:
            return len(self._streams.get(till, ()))

    def publish(self, till: str, hint: dict[str, Any]) -> int:
        """Hand the hint to each stream `till` has open; how many got it."""
        with self._lock:
            streams = list(self._streams.get(till, ()))
        for loop, queue in streams:
            loop.call_soon_threadsafe(_offer, queue, hint)
        self.sent += len(streams)
        return len(streams)

    def end_all(self) -> None:
        """Close every stream (the store is stopping: a server waits for open responses to end)."""
        with self._lock:
            streams = [stream for group in self._streams.values() for stream in group]
        for loop, queue in streams:
            loop.call_soon_threadsafe(queue.put_nowait, _END)

    def open(self, till: str) -> asyncio.Queue[dict[str, Any]]:
        queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue(_BACKLOG)
        with self._lock:
            self._streams.setdefault(till, set()).add((asyncio.get_running_loop(), queue))
        return queue

    def close(self, till: str, queue: asyncio.Queue[dict[str, Any]]) -> None:
        with self._lock:
            streams = self._streams.get(till, set())
            streams.discard((asyncio.get_running_loop(), queue))
            if not streams:
                self._streams.pop(till, None)


def _offer(queue: asyncio.Queue[dict[str, Any]], hint: dict[str, Any]) -> None:
    if not queue.full():      # a till that stopped reading loses hints, never the store's memory (_END fits)
        queue.put_nowait(hint)


@router.get("/events")
async def events(request: Request) -> StreamingResponse:
    from starlette.concurrency import run_in_threadpool

    till = await run_in_threadpool(any_caller, request)
    if not till.is_till:
        raise StoreError(403, "NOT_A_TILL", "only a till listens for its payments")
    hub: Hub = request.app.state.store.hub
    queue = hub.open(till.name)

    async def stream() -> AsyncIterator[bytes]:
        try:
            yield b"retry: 1000\n: connected\n\n"
            while True:
                try:
                    hint = await asyncio.wait_for(queue.get(), HEARTBEAT_SECONDS)
                except TimeoutError:
                    yield b": ping\n\n"
                    continue
                if hint is _END:
                    return
                yield f"event: payment\ndata: {json.dumps(hint)}\n\n".encode()
        finally:
            hub.close(till.name, queue)

    return StreamingResponse(stream(), media_type="text/event-stream",
                             headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})


@router.api_route("/callback/{ref}", methods=["GET", "POST"])
async def callback(ref: str, request: Request) -> PlainTextResponse:
    from starlette.concurrency import run_in_threadpool

    store = request.app.state.store
    row = await run_in_threadpool(store.invoices.by_ref, ref)
    if row is None:
        return PlainTextResponse("unknown callback", 404)
    body = await request.body()
    try:
        said = parse_callback(body=body or None, query=request.url.query or None)
    except ValueError:
        said = None   # the reference names the invoice anyway; the till checks it
    hint = {"invoice_id": row.invoice_id, "payment_id": said.payment_id if said is not None else None}
    store.hub.publish(row.till, hint)
    return PlainTextResponse(CALLBACK_ACK)
