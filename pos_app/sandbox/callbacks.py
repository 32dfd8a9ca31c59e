"""Callback delivery in the background: a few tries with backoff, never blocking the API."""

from __future__ import annotations

import threading
import time
from collections import deque
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import requests

CALLBACK_STYLES = ("post", "get")


# QPay calls each payment back on its own: with a few threads, a chain's busy minute (hundreds of payments, some
# callback URLs slow or dead and tried again) queued callbacks for seconds, which no real service does.
CALLBACK_WORKERS = 32


class CallbackSender:
    def __init__(self, style: str = "post", *, attempts: int = 4, first_delay: float = 0.25,
                 timeout: float = 5.0, expect_success: bool = False, workers: int = CALLBACK_WORKERS) -> None:
        if style not in CALLBACK_STYLES:
            raise ValueError(f"callback style must be one of {CALLBACK_STYLES}")
        self.style = style
        # The live profile: a payment callback counts as delivered only when answered with plain `SUCCESS`.
        self._expect_success = expect_success
        self._attempts = attempts
        self._first_delay = first_delay
        self._timeout = timeout
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="sandbox-callback")
        self._closing = threading.Event()
        self._deliveries: deque[dict[str, Any]] = deque(maxlen=1000)
        self._lock = threading.Lock()
        # A reset starts a new generation: deliveries queued before it stop quietly.
        self._generation = 0

    def payment_completed(self, callback_url: str, invoice_id: str, payment_id: str) -> None:
        """POST `{"invoice_id"}` (the contract's form) or GET `?qpay_payment_id=` (the live variant)."""
        if self.style == "post":
            self._submit("POST", callback_url, json={"invoice_id": invoice_id})
        else:
            self._submit("GET", callback_url, params={"qpay_payment_id": payment_id},
                         _success_text=self._expect_success)

    def reversal(self, callback_url: str, payment_id: str, payment_status: str) -> None:
        # The contract leaves this payload open; the sandbox sends the payment's new state.
        self._submit("POST", callback_url, json={"payment_id": payment_id, "payment_status": payment_status})

    def deliveries(self) -> list[dict[str, Any]]:
        with self._lock:
            return list(self._deliveries)

    def clear(self) -> None:
        with self._lock:
            self._generation += 1
            self._deliveries.clear()

    def close(self) -> None:
        self._closing.set()
        self._pool.shutdown(wait=False, cancel_futures=True)

    def _submit(self, method: str, url: str, **kwargs: Any) -> None:
        if not self._closing.is_set():
            self._pool.submit(self._deliver, method, url, kwargs, self._generation)

    def _deliver(self, method: str, url: str, kwargs: dict[str, Any], generation: int) -> None:
        success_text = kwargs.pop("_success_text", False)
        delay = self._first_delay
        for attempt in range(1, self._attempts + 1):
            if generation != self._generation:
                return
            record: dict[str, Any] = {"method": method, "url": url, "attempt": attempt,
                                      "time": time.time(), **{k: v for k, v in kwargs.items()}}
            try:
                answer = requests.request(method, url, timeout=self._timeout, **kwargs)
                record["status"] = answer.status_code
                ok = 200 <= answer.status_code < 300
                if success_text:
                    record["answer"] = answer.text[:100]
                    ok = ok and answer.text.strip() == "SUCCESS"
            except requests.RequestException as exc:
                record["error"] = type(exc).__name__
                ok = False
            with self._lock:
                if generation != self._generation:
                    return
                self._deliveries.append(record)
            if ok or attempt == self._attempts or self._closing.wait(delay):
                return
            delay *= 2
