"""The till's journal, shipped to the store in the background (the store's side: `pos_app.store.journal_feed`).

`JournalShipper` runs on a thread of its own. Every `interval` seconds, and at once when poked (`poke()`, after
a journal write), it sends the steps the store does not have yet, in batches, each with the rows of the sales
its steps touch (`journal.queries.shipment`: one read under the journal's lock). It learns where the store stands
(`GET /store/journal/{till}/last`) when it does not know it: at start and after any fault, so it resumes after
an outage from what the store kept, whatever was lost in between. The store keeps steps by (till, event id):
a batch sent twice changes nothing there.

It never holds up the till: the journal is read for a moment under its lock, every call has a timeout, and a
fault (the store down, a refusal, the journal closed) is logged in a line and tried again later, waiting longer
each time (up to `MAX_WAIT_S`). The key goes in each call's HTTP Basic header and nowhere else.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
from collections.abc import Callable
from typing import Any

import requests

from pos_app import json_nesting
from pos_app.qpay.transport import http_session

from pos_app.journal import Journal, JournalError

logger = logging.getLogger(__name__)

INTERVAL_S = 2.0          # how often the journal is looked at without a poke
BATCH = 500               # steps a call (the store takes up to 1000)
FIRST_WAIT_S = 1.0        # after a fault; doubled each time up to MAX_WAIT_S
MAX_WAIT_S = 30.0
TIMEOUT_S = (5.0, 20.0)   # connect, read


class StoreRefused(Exception):
    """The store answered, but not with what was asked (its status and words)."""


class JournalShipper:
    """Ships `journal` to the store at `base_url` as `till` (the journal's terminal at the store).

    `shipped` counts the steps sent in batches the store took; `store_mark` is the newest step the store is
    known to keep (`last_shipped_event_id`, None until it answered once); `faults` counts failed rounds.
    `wait_caught_up(timeout)` waits until the store keeps every step written before the call.
    """

    def __init__(self, base_url: str, till: str, key: str, journal: Journal, *, interval: float = INTERVAL_S,
                 batch: int = BATCH, first_wait: float = FIRST_WAIT_S, max_wait: float = MAX_WAIT_S,
                 certificate_sha256: str = "") -> None:
        self._url = f"{base_url.rstrip('/')}/store/journal/{till}"
        self._certificate_sha256 = certificate_sha256
        self._auth = (till, key)
        self._journal = journal
        self._interval, self._batch = interval, batch
        self._first_wait, self._max_wait = first_wait, max_wait
        self._stopping = threading.Event()
        self._poked = threading.Event()
        self._changed = threading.Condition()
        self._thread: threading.Thread | None = None
        self.store_mark: int | None = None
        self.shipped = 0
        self.faults = 0
        self.last_fault = ""

    def __repr__(self) -> str:
        return f"JournalShipper({self._url!r}, shipped={self.shipped})"

    @property
    def last_shipped_event_id(self) -> int | None:
        return self.store_mark

    def start(self) -> JournalShipper:
        self._thread = threading.Thread(target=self._run, name="journal-shipper", daemon=True)
        self._thread.start()
        return self

    def stop(self, timeout: float = 5.0) -> None:
        self._stopping.set()
        self._poked.set()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout)

    def poke(self) -> None:
        """Look at the journal now (a step was written), not at the next interval."""
        self._poked.set()

    def wait_caught_up(self, timeout: float) -> bool:
        """Wait until the store keeps every step the journal holds now; False when `timeout` seconds passed."""
        target = self._journal.queries.last_event_id()
        self.poke()
        return self.wait_for(lambda: (self.store_mark or 0) >= target, timeout)

    def wait_for(self, done: Callable[[], bool], timeout: float) -> bool:
        """Wait until `done()` (asked after each round's outcome: a batch taken, the store's mark, a fault)."""
        with self._changed:
            return self._changed.wait_for(done, timeout)

    # -- the thread --------------------------------------------------------------------------------------------

    def _run(self) -> None:
        wait = self._first_wait
        with http_session(self._certificate_sha256) as session:
            session.auth = self._auth
            while not self._stopping.is_set():
                try:
                    more = self._round(session)
                    wait = self._first_wait
                except (requests.RequestException, StoreRefused, ValueError, KeyError, TypeError,
                        JournalError, sqlite3.Error) as exc:
                    if self._stopping.is_set():
                        break
                    self._fault(exc, wait)
                    self._pause(wait)
                    wait = min(self._max_wait, wait * 2)
                    continue
                if not more:
                    self._pause(self._interval)

    def _pause(self, seconds: float) -> None:
        self._poked.wait(seconds)
        self._poked.clear()

    def _fault(self, exc: Exception, wait: float) -> None:
        fault = type(exc).__name__ if isinstance(exc, requests.RequestException) else str(exc)[:200]
        with self._changed:
            self.faults += 1
            self.store_mark = None        # after a fault, ask the store where it stands before sending again
            self.last_fault = fault
            self._changed.notify_all()
        logger.info("journal shipping: %s; trying again in %.1f s", fault, wait)

    def _round(self, session: requests.Session) -> bool:
        """Send one batch; whether more may be waiting."""
        if self.store_mark is None:
            self._set_mark(int(self._answer(session.get(f"{self._url}/last", timeout=TIMEOUT_S))["last_event_id"]))
        mark = self.store_mark or 0
        events, sales = self._journal.queries.shipment(mark, self._batch)
        if not events:
            return False
        said = self._answer(session.post(self._url, json={"events": events, "sales": sales}, timeout=TIMEOUT_S))
        self._set_mark(max(int(said["last_event_id"]), events[-1]["event_id"]), len(events))
        return len(events) >= self._batch

    def _set_mark(self, mark: int, shipped: int = 0) -> None:
        with self._changed:
            self.store_mark = mark
            self.shipped += shipped
            self._changed.notify_all()

    @staticmethod
    def _answer(response: requests.Response) -> dict[str, Any]:
        if response.status_code != 200:
            try:
                words = str(json_nesting.loads(response.content).get("message", ""))
            except (ValueError, AttributeError):
                words = ""
            raise StoreRefused(f"the store answered {response.status_code} {words}".strip())
        said = json_nesting.loads(response.content)
        if not isinstance(said, dict):
            raise ValueError("the store's answer is not a JSON object")
        return said
