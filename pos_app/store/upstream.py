"""The store's QPay calls for every till, through one QPay session for all tills and all copies of the store
(`session.SharedSession`: one login for all), and one backoff when QPay says 429 (kept in the session's row:
no till calls QPay again through any copy until the wait is over; each is told to wait as long, at once)."""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from decimal import Decimal
from typing import Any

from pos_app.qpay import QPayClient, RateLimitError
from pos_app.qpay.models import InvoiceCreated
from pos_app.qpay.retry import RetryPolicy
from pos_app.qpay.transport import NO_BODY
from sqlalchemy.exc import SQLAlchemyError
from starlette.concurrency import run_in_threadpool

from .jsonio import exact_json_bytes
from .loop_reads import LoopReads, TokenRefused
from .session import SharedSession

# One attempt a call: the till's client already tries a read again (and waits on a 429), so the store trying
# too would multiply QPay calls and hold the store's threads longer than the till waits. On a 429 the store's
# backoff answers every till at once. Its waits before looking a lost create up stay (`reconcile_delays`).
STORE_RETRY_POLICY = RetryPolicy(max_attempts=1, max_retry_after=0.0)
STORE_TIMEOUT = (5.0, 20.0)     # connect, read: a lost create is looked up before the till's own 30 s run out
MAX_BACKOFF_S = 60.0


class Upstream:
    """*session* is *client*'s token holder (`QPayClient(token_holder=session.for_client)`); *wall_clock* is the
    one the copies share the 429 wait by; *loop_reads* sends the reads from the event loop (`read`), None
    sends them from a worker thread as every other call."""

    def __init__(self, client: QPayClient, session: SharedSession,
                 wall_clock: Callable[[], float] = time.time, *, loop_reads: LoopReads | None = None) -> None:
        if client.tokens is not session:
            raise ValueError("the client must hold its tokens in the shared session")
        self.client = client
        self.session = session
        self._wall_clock = wall_clock
        self.loop_reads = loop_reads

    def __repr__(self) -> str:
        return f"Upstream({self.client.base_url!r})"

    @property
    def logins(self) -> int:
        """The logins this copy made (`session.row().logins` counts the account's, by all copies)."""
        return self.session.logins

    def session_problem(self) -> str | None:
        """None while the QPay session is usable (a token held, or the last login succeeded), else why not, in
        a few words (never a secret)."""
        try:
            return self.session.problem()
        except SQLAlchemyError as exc:
            return f"the QPay session cannot be read from the database ({type(exc).__name__})"

    def call(self, method: str, path: str, body: Any = NO_BODY, *, safe_to_repeat: bool) -> Any:
        self._wait_turn()
        try:
            if body is NO_BODY:
                return self.client.call(method, path, safe_to_repeat=safe_to_repeat)
            return self.client.call(method, path, json_body=body, safe_to_repeat=safe_to_repeat)
        except RateLimitError as exc:
            self._back_off(exc.retry_after)
            raise

    async def read(self, method: str, path: str, body: Any = NO_BODY) -> bytes:
        """A call safe to repeat, awaited: from the event loop while the session's token and wait are in hand
        (`loop_reads`), else as `call` on a worker thread. The answer as JSON text (QPay's own from the loop),
        the errors the client's, both ways alike."""
        row = self.session.in_hand()
        now = self._wall_clock()
        if self.loop_reads is None or row is None or not row.access_usable(now):
            return await run_in_threadpool(self._read_on_worker, method, path, body)
        self._wait_turn(row.not_before)
        token = row.access_token.reveal()
        try:
            return await self.loop_reads.call(method, path, token, body)
        except TokenRefused:
            # As the client does on a 401: the token is given up (once for all copies), renewed, asked again.
            await run_in_threadpool(self.session.invalidate, token)
            return await run_in_threadpool(self._read_on_worker, method, path, body)
        except RateLimitError as exc:
            await run_in_threadpool(self._back_off, exc.retry_after)
            raise

    def _read_on_worker(self, method: str, path: str, body: Any) -> bytes:
        return exact_json_bytes(self.call(method, path, body, safe_to_repeat=True))

    async def close_loop_reads(self) -> None:
        if self.loop_reads is not None:
            await self.loop_reads.close()

    def create_invoice(self, payload: dict[str, Any]) -> InvoiceCreated:
        """With the client's duplicate guard: an answer lost on the way from QPay is looked up, never resent."""
        self._wait_turn()
        try:
            return self.client.create_invoice(payload)
        except RateLimitError as exc:
            self._back_off(exc.retry_after)
            raise

    def find_invoice(self, sender_invoice_no: str, amount: Decimal | None = None) -> InvoiceCreated | None:
        self._wait_turn()
        try:
            return self.client.find_invoice(sender_invoice_no, amount=amount)
        except RateLimitError as exc:
            self._back_off(exc.retry_after)
            raise

    def _wait_turn(self, not_before: float | None = None) -> None:
        """A 429 while the account's wait lasts (`not_before`: the row in hand; None reads it)."""
        left = (self.session.not_before() if not_before is None else not_before) - self._wall_clock()
        if left > 0:
            raise RateLimitError(429, "RATE_LIMITED", "QPay asked the store to wait", retry_after=left)

    def _back_off(self, retry_after: float | None) -> None:
        wait = retry_after if retry_after is not None and math.isfinite(retry_after) and retry_after > 0 else 1.0
        self.session.wait_until(self._wall_clock() + min(wait, MAX_BACKOFF_S))
