"""Payment callbacks, pushed to the till that owns the invoice.

QPay calls the store's callback URL (`/store/callback/{ref}`, both forms: `POST {invoice_id}` and
`GET ?qpay_payment_id=`); the reference in the URL names the invoice, so the store knows whose it is without
asking QPay. The store answers QPay at once and sends the till a hint over its server-sent events stream
(`GET /store/events`), at whichever copy of the store the till listens (`hint_relay`); the till checks the
payment at once. A hint, never proof: nothing is trusted from a callback, and the till's polling stays the
safety net (a till not listening just finds it by polling).
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import AsyncIterator
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import PlainTextResponse, StreamingResponse

from pos_app.qpay import CALLBACK_ACK, parse_callback

from .callers import any_caller
from .errors import StoreError
from .jsonio import exact_json_bytes

router = APIRouter(prefix="/store")
HEARTBEAT_SECONDS = 15.0     # a comment line, so proxies and the till notice a dead stream
_BACKLOG = 100
MAX_STREAMS = 3
_END: dict[str, Any] = {}     # put on a stream's queue to end it


class Hub:
    """The tills' streams open at this copy of the store; `publish` may be called from any thread."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        # Each till's open streams, oldest first (a dict keeps the order they were opened in).
        self._streams: dict[str, dict[tuple[asyncio.AbstractEventLoop, asyncio.Queue[dict[str, Any]]], None]] = {}
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
        """A new stream for `till`; beyond `MAX_STREAMS` a till holds, its oldest is ended (a till that restarted
        without closing its old one, or a key used where it should not be)."""
        queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue(_BACKLOG + 1)    # + 1: room for _END
        with self._lock:
            streams = self._streams.setdefault(till, {})
            streams[(asyncio.get_running_loop(), queue)] = None
            oldest = list(streams)[:-MAX_STREAMS] if len(streams) > MAX_STREAMS else []
        for loop, old in oldest:
            loop.call_soon_threadsafe(old.put_nowait, _END)
        return queue

    def close(self, till: str, queue: asyncio.Queue[dict[str, Any]]) -> None:
        with self._lock:
            streams = self._streams.get(till, {})
            streams.pop((asyncio.get_running_loop(), queue), None)
            if not streams:
                self._streams.pop(till, None)


def _offer(queue: asyncio.Queue[dict[str, Any]], hint: dict[str, Any]) -> None:
    if queue.qsize() < _BACKLOG:      # a till that stopped reading loses hints, never the store's memory
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
                yield b"event: payment\ndata: " + exact_json_bytes(hint) + b"\n\n"
        finally:
            hub.close(till.name, queue)

    return StreamingResponse(stream(), media_type="text/event-stream",
                             headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})


@router.api_route("/callback/{ref}", methods=["GET", "POST"])
async def callback(ref: str, request: Request) -> PlainTextResponse:
    from starlette.concurrency import run_in_threadpool

    store = request.app.state.store
    # The invoice's row as its create left it here, else from the database.
    row = store.invoices.remembered_ref(ref) or await run_in_threadpool(store.invoices.by_ref, ref)
    if row is None:
        return PlainTextResponse("unknown callback", 404)
    body = await request.body()
    try:
        said = parse_callback(body=body or None, query=request.url.query or None)
    except ValueError:
        said = None   # the reference names the invoice anyway; the till checks it
    hint = {"invoice_id": row.invoice_id, "payment_id": said.payment_id if said is not None else None}
    if not store.hub.publish(row.till, hint):    # the till's streams at this copy, else at the others
        await run_in_threadpool(store.relay.send_on, row.till, hint)
    return PlainTextResponse(CALLBACK_ACK)
