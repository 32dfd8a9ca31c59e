"""The store's one QPay session, shared by every till: one login for all (the client's token manager lets one
thread renew while the others wait), and one backoff when QPay says 429 (no till calls QPay again until the
wait is over: each is told to wait as long, at once)."""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable
from decimal import Decimal
from typing import Any

from pos_app.qpay import QPayClient, RateLimitError
from pos_app.qpay.models import InvoiceCreated
from pos_app.qpay.retry import RetryPolicy

# One attempt a call: the till's client already tries a read again (and waits on a 429), so the store trying
# too would multiply QPay calls and hold the store's threads longer than the till waits. On a 429 the store's
# backoff answers every till at once. Its waits before looking a lost create up stay (`reconcile_delays`).
STORE_RETRY_POLICY = RetryPolicy(max_attempts=1, max_retry_after=0.0)
STORE_TIMEOUT = (5.0, 20.0)     # connect, read: a lost create is looked up before the till's own 30 s run out
MAX_BACKOFF_S = 60.0
NO_BODY: Any = object()


class Upstream:
    def __init__(self, client: QPayClient, clock: Callable[[], float] = time.monotonic) -> None:
        self.client = client
        self._clock = clock
        self._lock = threading.Lock()
        self._not_before = 0.0

    def __repr__(self) -> str:
        return f"Upstream({self.client.base_url!r})"

    @property
    def logins(self) -> int:
        return self.client.tokens.logins

    def session_problem(self) -> str | None:
        """What keeps the store's QPay session from working, in words for the balancer (None: nothing)."""
        return None

    def call(self, method: str, path: str, body: Any = NO_BODY, *, safe_to_repeat: bool) -> Any:
        self._wait_turn()
        try:
            if body is NO_BODY:
                return self.client.call(method, path, safe_to_repeat=safe_to_repeat)
            return self.client.call(method, path, json_body=body, safe_to_repeat=safe_to_repeat)
        except RateLimitError as exc:
            self._back_off(exc.retry_after)
            raise

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

    def _wait_turn(self) -> None:
        with self._lock:
            left = self._not_before - self._clock()
        if left > 0:
            raise RateLimitError(429, "RATE_LIMITED", "QPay asked the store to wait", retry_after=left)

    def _back_off(self, retry_after: float | None) -> None:
        wait = retry_after if retry_after is not None and math.isfinite(retry_after) and retry_after > 0 else 1.0
        with self._lock:
            self._not_before = max(self._not_before, self._clock() + min(wait, MAX_BACKOFF_S))
