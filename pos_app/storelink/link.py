"""Everything a till keeps running beside a store: the payment hints it pushes, the shop's catalog it serves
(`catalog`, when the till keeps a copy) and (`shipping`) the journal shipped to it. Built by the backend when
the settings name a store; stopped with the backend."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path

from pos_app.journal import Journal
from pos_app.qpay import CallbackHint

from .catalog_feed import CATALOG_EVERY_S, CatalogFeed
from .hints import StoreHints
from .shipping import JournalShipper
from .shop_day import ShopDays


class StoreLink:
    def __init__(self, base_url: str, till: str, key: str, journal: Journal,
                 on_hint: Callable[[CallbackHint], None], catalog_copy: Path | None = None,
                 catalog_every_s: float = CATALOG_EVERY_S, certificate_sha256: str = "") -> None:
        self.base_url = base_url
        self.till = till
        # Every call to the store trusts what the till's QPay client trusts: an authority, or the pinned certificate.
        pin = certificate_sha256
        self.hints = StoreHints(base_url, till, key, on_hint, self._on_hints_state, certificate_sha256=pin)
        self.catalog = CatalogFeed(base_url, till, key, catalog_copy, catalog_every_s,
                                   certificate_sha256=pin) if catalog_copy else None
        self.journal = journal
        self.shipper = JournalShipper(base_url, till, key, journal, certificate_sha256=pin)
        self.shop_days = ShopDays(base_url, till, key, pin)      # the whole shop's day close (F6), read on a worker
        self.store_answers: bool | None = None   # None: not known yet
        self._lock = threading.Lock()
        self._on_state: Callable[[bool], None] | None = None

    def __repr__(self) -> str:
        return f"StoreLink({self.base_url!r}, till={self.till!r})"

    def start(self) -> StoreLink:
        self.hints.start()
        self.shipper.start()
        if self.catalog is not None:
            self.catalog.start()
        return self

    def stop(self) -> None:
        self.hints.stop()
        self.shipper.stop()
        if self.catalog is not None:
            self.catalog.stop()

    def listen(self, on_state: Callable[[bool], None]) -> None:
        """`on_state(up)` each time the store starts or stops answering (on the hints' thread); at once when
        it is already known not to answer."""
        with self._lock:
            self._on_state = on_state
            down = self.store_answers is False
        if down:
            on_state(False)

    def _on_hints_state(self, up: bool) -> None:
        if up:
            self.shipper.poke()     # back: what was sold meanwhile goes at once, not after the shipper's long wait
        with self._lock:
            self.store_answers = up
            listener = self._on_state
        if listener is not None:
            listener(up)
