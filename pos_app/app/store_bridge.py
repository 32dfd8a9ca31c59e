"""The till at a store, a part `PosApp` owns: the shop's catalog taken as the store changes it, and
the cashier told in plain words when the store stops answering and when it answers again.

When the owner lets the till sell directly (Settings) and the direct account's password is known, the till's QPay
sales go to QPay directly while the store does not answer, and through the store again once it answers
(`Backend.sell_directly`). The switch waits until the till is idle (no sale on screen, or the sale still in the
cart): a sale at the payment stage ends on the client it began with. The journal is the same either way, so
what is sold directly is shipped to the store once it is back.

The store link reports on its own threads; these signals carry each report to the GUI thread. A report from a
backend already replaced (new settings) is ignored.
"""

from __future__ import annotations

import logging
from concurrent.futures import Future
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

from pos_app.domain.catalog import Catalog, CatalogItem
from pos_app.domain.sale import Stage
from pos_app.domain.search import CatalogSearch

if TYPE_CHECKING:
    from pos_app.app.start.payment_side import Backend
    from pos_app.ui.common.tasks import TaskRunner
    from pos_app.ui.sale.flow.flow import SaleFlow
    from pos_app.ui.shell.main_window import MainWindow

logger = logging.getLogger("pos_app.app.root")
BACK_MESSAGE_MS = 10_000
BASE_TITLE = "baseTitle"     # the window's own title, kept while "selling directly" is added to it


class AppStore(QObject):
    """Follows the backend's store link: its catalog, whether it answers, and the QPay route that follows.

    `window` and `backend` give the ones of the moment: a language change rebuilds the window, new settings
    replace the backend."""

    catalog_arrived = Signal(object, object)   # (the StoreLink, a Catalog): emitted on the feed's thread
    state_changed = Signal(object, bool)       # (the StoreLink, whether the store answers): on the hints' thread
    catalog_used = Signal(object)              # the store's new Catalog is in the cart, search and quick keys

    def __init__(self, window: Callable[[], MainWindow], flow: SaleFlow, runner: TaskRunner,
                 backend: Callable[[], Backend | None], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.window = window
        self.flow = flow
        self.runner = runner
        self.backend = backend
        self.down = False            # the cashier was told the store does not answer
        self.want_direct: bool | None = None    # the QPay route waiting for the till to be idle (None: none)
        self.catalog_arrived.connect(self.on_link_catalog_arrived)
        self.state_changed.connect(self.on_link_state_changed)
        flow.stage_changed.connect(self.on_flow_stage_changed)

    def use(self, backend: Backend) -> None:
        """Listen to the backend's store link (there is none away from a store)."""
        link = backend.store_link
        self.want_direct = None
        if link is None:
            self.down = False
            self._show_route(backend)
            return
        if backend.direct and not self.down:     # the store could not be reached when the backend was built
            self.down = True
            self._say_down(backend)
        self._show_route(backend)
        link.listen(lambda up: self.state_changed.emit(link, up))
        if link.catalog is not None:
            link.catalog.listen(lambda catalog: self.catalog_arrived.emit(link, catalog))

    def _current(self, link: object) -> Backend | None:
        backend = self.backend()
        return backend if backend is not None and backend.store_link is link else None

    # -- the catalog ---------------------------------------------------------------------------------------

    def on_link_catalog_arrived(self, link: object, catalog: Catalog) -> None:
        backend = self._current(link)
        if backend is None:
            return
        journal = backend.journal
        from pos_app.app.start.books import quick_keys_of   # loaded already: it opened `journal`

        def prepare() -> tuple[CatalogSearch, tuple[CatalogItem, ...]]:
            return CatalogSearch(catalog), quick_keys_of(catalog, journal)

        self.runner.run_in_background(prepare, lambda done: self._use_catalog(link, catalog, done))

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
        backend.set_catalog(catalog, search, quick_keys)
        window = self.window()
        page = window.sale_page
        page.set_catalog(catalog, search, page.scale_format)     # what is added from now on takes its prices
        page.quick_keys.set_items(quick_keys)
        page.quick_keys.set_enabled_keys(page.entry.isEnabled())
        if not self.down:      # a store that does not answer stays the status bar's news
            window.statusBar().showMessage(self.tr("The store's catalog is in use: {count} items (what is "
                                                            "added from now on takes its prices).").format(
                                                                count=len(catalog)), BACK_MESSAGE_MS)
        self.catalog_used.emit(catalog)

    # -- whether the store answers ------------------------------------------------------------------------

    def on_link_state_changed(self, link: object, up: bool) -> None:
        backend = self._current(link)
        if backend is None:
            return
        window = self.window()
        if not up and not self.down:
            self.down = True
            self._say_down(backend)
            self._show_connection(backend)
        elif up and self.down:
            self.down = False
            text = (self.tr("The store server answers again: QPay sales go through it again, and what was sold "
                            "directly is sent to it.") if backend.direct
                    else self.tr("The store server answers again: QPay sales can be charged."))
            window.sale_page.show_info(text)
            window.statusBar().showMessage(text, BACK_MESSAGE_MS)
            self._show_connection(backend)
        if backend.direct_checkout is not None:
            wanted = not up
            self.want_direct = wanted if backend.direct != wanted else None
            self._switch_when_idle()

    def _say_down(self, backend: Backend) -> None:
        if backend.direct_checkout is not None:
            text = self.tr("The store server is not answering: selling directly with QPay (the shop's own account) "
                           "until it is back. The till keeps trying.")
        else:
            text = self.tr("The store server is not answering: QPay sales cannot be charged until it is back "
                           "(cash and card terminal sales go on). The till keeps trying.")
            if backend.settings.store_direct_allowed:
                text += " " + self.tr("Selling directly is allowed, but no password is stored for the direct QPay "
                                      "account: enter it in Settings (Ctrl+,).")
        window = self.window()
        window.show_problem(text)
        window.statusBar().showMessage(text)

    # -- QPay directly or through the store: switched between sales only ---------------------------------------

    def on_flow_stage_changed(self, _sale: object) -> None:
        if self.want_direct is not None:
            self._switch_when_idle()

    def _idle(self) -> bool:
        """No sale on screen, or the sale still in the cart: nothing is being paid (no call to QPay under way)."""
        flow = self.flow
        return not flow.tender_in_flight and (flow.sale is None or flow.sale.stage is Stage.CART)

    def _switch_when_idle(self) -> None:
        backend = self.backend()
        if self.want_direct is None or backend is None or not self._idle():
            return
        direct, self.want_direct = self.want_direct, None
        if not backend.sell_directly(direct):
            return
        services = self.flow.services
        if services is not None and backend.checkout is not None:
            self.flow.use_services(replace(services, checkout=backend.checkout))
        logger.info("QPay sales go %s", "directly to QPay (the store does not answer)" if direct
                    else "through the store again")
        self._show_route(backend)
        text = (self.tr("Selling directly with QPay: the store server is not answering.") if direct
                else self.tr("QPay sales go through the store server again."))
        self.window().statusBar().showMessage(text, 0 if direct else BACK_MESSAGE_MS)

    def _show_connection(self, backend: Backend) -> None:
        """The header says, for as long as it lasts, whether the store answers (a banner goes with the next scan)."""
        label = self.window().connection_label
        if backend.store_link is None:
            label.setText("")
        elif self.down:
            label.setText(self.tr("Store server: NOT ANSWERING · selling directly") if backend.direct
                          else self.tr("Store server: NOT ANSWERING"))
        else:
            label.setText(self.tr("Store server"))
        label.setProperty("down", self.down and backend.store_link is not None)
        label.style().unpolish(label)      # the style sheet's [down="true"] rule reads the property anew
        label.style().polish(label)

    def _show_route(self, backend: Backend) -> None:
        """The window's title says when the till sells directly (the store not answering)."""
        self._show_connection(backend)
        window = self.window()
        base = window.property(BASE_TITLE) or window.windowTitle()
        window.setProperty(BASE_TITLE, base)
        window.setWindowTitle(f"{base} — " + self.tr("SELLING DIRECTLY WITH QPAY: the store server is not answering")
                              if backend.direct else base)
