"""The shop's catalog from the store (`GET /store/catalog`), fetched at start and every few minutes.

Each fetch sends the `ETag` of the copy the till holds (`If-None-Match`), so an unchanged catalog costs a
`304` and nothing else. A new one is checked with the till's own loader, kept in the till's data folder (a till
then starts with the shop's catalog when the store is down: `pos_app.app.start.books.load_shop_catalog`), and handed to
`listen`'s callback on this module's thread. Whatever goes wrong (the store down, no catalog there, a catalog the
till cannot read) leaves the last good copy in use and is only logged: the till sells on.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from pathlib import Path

import requests

from pos_app.qpay.transport import http_session

from pos_app.files import replace_file
from pos_app.domain.catalog import Catalog, CatalogError, parse_catalog

logger = logging.getLogger(__name__)

CATALOG_EVERY_S = 300.0        # 5 minutes between fetches
TIMEOUT_S = (5.0, 30.0)        # connect, read


class CatalogFeed:
    def __init__(self, base_url: str, till: str, key: str, copy_file: Path,
                 every_s: float = CATALOG_EVERY_S, certificate_sha256: str = "") -> None:
        self._url = base_url.rstrip("/") + "/store/catalog"
        self._certificate_sha256 = certificate_sha256
        self._auth = (till, key)
        self.copy_file = Path(copy_file)
        self._etag_file = self.copy_file.with_name(self.copy_file.name + ".etag")
        self.every_s = every_s
        self._stopping = threading.Event()
        self._wake = threading.Event()
        self._lock = threading.Lock()
        self._listener: Callable[[Catalog], None] | None = None
        self._unheard: Catalog | None = None     # fetched before anyone listened
        self._thread: threading.Thread | None = None
        self.rounds = 0                           # fetches done (tests wait on `done`)
        self.done = threading.Condition(self._lock)

    def __repr__(self) -> str:
        return f"CatalogFeed({self._url!r}, till={self._auth[0]!r})"

    def start(self) -> CatalogFeed:
        self._thread = threading.Thread(target=self._run, name="store-catalog", daemon=True)
        self._thread.start()
        return self

    def stop(self, timeout: float = 5.0) -> None:
        self._stopping.set()
        self._wake.set()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout)

    def fetch_now(self) -> None:
        """Fetch at once instead of at the next round."""
        self._wake.set()

    def listen(self, on_catalog: Callable[[Catalog], None]) -> None:
        """`on_catalog(catalog)` for each new catalog from now on (and at once for one fetched before)."""
        with self._lock:
            self._listener, unheard, self._unheard = on_catalog, self._unheard, None
        if unheard is not None:
            on_catalog(unheard)

    def wait_rounds(self, rounds: int, timeout: float) -> bool:
        """True once `rounds` fetches are done (tests)."""
        with self.done:
            return self.done.wait_for(lambda: self.rounds >= rounds, timeout)

    def _run(self) -> None:
        while not self._stopping.is_set():
            self._wake.clear()
            try:
                catalog = self.fetch()
            except Exception:  # noqa: BLE001 - the feed goes on; the till sells from the copy it has
                logger.exception("store catalog: the fetch failed")
                catalog = None
            if catalog is not None:
                self._deliver(catalog)
            with self.done:
                self.rounds += 1
                self.done.notify_all()
            self._wake.wait(self.every_s)

    def fetch(self) -> Catalog | None:
        """One fetch: the new catalog (kept on disk), or None when there is none new."""
        etag = self._held_etag()
        headers = {"If-None-Match": etag} if etag else {}
        try:
            with http_session(self._certificate_sha256) as session:
                answer = session.get(self._url, auth=self._auth, headers=headers, timeout=TIMEOUT_S)
        except requests.RequestException as exc:
            logger.info("store catalog: the store does not answer (%s)", type(exc).__name__)
            return None
        if answer.status_code == 304:
            return None
        if answer.status_code != 200:
            logger.info("store catalog: the store answered %s", answer.status_code)
            return None
        try:
            catalog = parse_catalog(answer.content.decode("utf-8"))
        except (UnicodeDecodeError, CatalogError) as exc:
            logger.warning("store catalog: the store's catalog cannot be used (%s); the last copy stays", exc)
            return None
        replace_file(self.copy_file, answer.content, mode=0o600, make_folder=True)
        replace_file(self._etag_file, answer.headers.get("ETag", "").encode("ascii", "replace"),
                     mode=0o600, make_folder=True)
        return catalog

    def _held_etag(self) -> str:
        if not self.copy_file.exists():
            return ""
        try:
            return self._etag_file.read_text(encoding="ascii").strip()
        except (OSError, UnicodeDecodeError):
            return ""

    def _deliver(self, catalog: Catalog) -> None:
        with self._lock:
            listener = self._listener
            if listener is None:
                self._unheard = catalog
        if listener is not None:
            try:
                listener(catalog)
            except Exception:  # noqa: BLE001 - a listener's fault must not end the feed
                logger.exception("store catalog: the listener failed")
