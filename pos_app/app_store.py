"""The till at a store, a part of `PosApp` (owned by it): the shop's catalog taken as the store changes it, and
the cashier told in plain words when the store stops answering and when it answers again.

The store link reports on its own threads; these signals carry each report to the GUI thread. A report from a
backend already replaced (new settings) is ignored.
"""

from __future__ import annotations

import logging
from concurrent.futures import Future
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

from pos_app.backend import Backend, quick_keys_of
from pos_app.domain.catalog import Catalog, CatalogItem
from pos_app.domain.search import CatalogSearch

if TYPE_CHECKING:
    from pos_app.app import PosApp

logger = logging.getLogger("pos_app.app")
BACK_MESSAGE_MS = 10_000


class AppStore(QObject):
    catalog_arrived = Signal(object, object)   # (the StoreLink, a Catalog): emitted on the feed's thread
    state_changed = Signal(object, bool)       # (the StoreLink, whether the store answers): on the hints' thread
    catalog_used = Signal(object)              # the store's new Catalog is in the cart, search and quick keys

    def __init__(self, app: PosApp) -> None:
        super().__init__(app)
        self.app = app
        self.down = False            # the cashier was told the store does not answer
        self.catalog_arrived.connect(self.on_link_catalog_arrived)
        self.state_changed.connect(self.on_link_state_changed)

    def use(self, backend: Backend) -> None:
        """Listen to the backend's store link (there is none away from a store)."""
        link = backend.store_link
        if link is None:
            self.down = False
            return
        link.listen(lambda up: self.state_changed.emit(link, up))
        if link.catalog is not None:
            link.catalog.listen(lambda catalog: self.catalog_arrived.emit(link, catalog))

    def _current(self, link: object) -> Backend | None:
        backend = self.app.backend
        return backend if backend is not None and backend.store_link is link else None

    # -- the catalog ---------------------------------------------------------------------------------------

    def on_link_catalog_arrived(self, link: object, catalog: Catalog) -> None:
        backend = self._current(link)
        if backend is None:
            return
        journal = backend.journal

        def prepare() -> tuple[CatalogSearch, tuple[CatalogItem, ...]]:
            return CatalogSearch(catalog), quick_keys_of(catalog, journal)

        self.app.runner.run_in_background(prepare, lambda done: self._use_catalog(link, catalog, done))

    def _use_catalog(self, link: object, catalog: Catalog,
                     done: Future[tuple[CatalogSearch, tuple[CatalogItem, ...]]]) -> None:
        backend = self._current(link)
        if backend is None:
            return
        try:
            search, quick_keys = done.result()
        except Exception:  # noqa: BLE001 - the till sells on with the catalog it has
            logger.exception("the store's catalog could not be prepared")
            return
        backend.catalog, backend.search, backend.quick_keys = catalog, search, quick_keys
        page = self.app.window.sale_page
        page.set_catalog(catalog, search, page.scale_format)     # what is added from now on takes its prices
        page.quick_keys.set_items(quick_keys)
        page.quick_keys.set_enabled_keys(page.entry.isEnabled())
        if not self.down:      # a store that does not answer stays the status bar's news
            self.app.window.statusBar().showMessage(self.tr("The store's catalog is in use: {count} items (what is "
                                                            "added from now on takes its prices).").format(
                                                                count=len(catalog)), BACK_MESSAGE_MS)
        self.catalog_used.emit(catalog)

    # -- whether the store answers ------------------------------------------------------------------------

    def on_link_state_changed(self, link: object, up: bool) -> None:
        if self._current(link) is None:
            return
        window = self.app.window
        if not up and not self.down:
            self.down = True
            text = self.tr("The store server is not answering: QPay sales cannot be charged until it is back "
                           "(cash and card terminal sales go on). The till keeps trying.")
            window.show_problem(text)
            window.statusBar().showMessage(text)
        elif up and self.down:
            self.down = False
            text = self.tr("The store server answers again: QPay sales can be charged.")
            window.sale_page.show_info(text)
            window.statusBar().showMessage(text, BACK_MESSAGE_MS)
