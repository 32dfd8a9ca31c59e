"""The unpaid cart on screen, kept in the journal as it changes and brought back at the next start
(`pos_app.journal.kept_cart`): a till closed, killed or powered off mid-sale loses no scanned line.

Each change is written once the event loop is free again (a burst of changes, one write), on the money worker,
so it stays in order with the sale's own steps: the write that begins the sale also forgets the kept cart, and a
cart kept before it can never land after it. Only a cart before its sale began is kept (no stage, or the cart
stage): from the charge on, the journal's sale is what comes back. An empty cart (a new sale, a cleared cart, a
parked one) forgets it.

At the start the kept cart comes back into the empty cart once no sale is on screen (a sale a crash left is
settled and finished first). Should the cart hold lines by then, the kept one is parked instead (F10 brings it
back): nothing is ever dropped or mixed.
"""

from __future__ import annotations

import logging
from concurrent.futures import Future
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer, Signal

from pos_app.domain.cart import Cart
from pos_app.domain.sale import Stage

from pos_app.ui.sale.cart.cart_model import CartModel
from pos_app.ui.sale.flow.flow import SaleFlow
from pos_app.ui.common.tasks import TaskRunner

if TYPE_CHECKING:
    from pos_app.domain.cart import CartLine
    from pos_app.domain.discounts import Discount
    from pos_app.journal import Journal
    from pos_app.journal.kept_cart import KeptCart

logger = logging.getLogger(__name__)
_KEEPS = (None, Stage.CART)
Snapshot = tuple["tuple[CartLine, ...]", "Discount | None"]


class CartKeeper(QObject):
    restored = Signal(object)     # the KeptCart put back into the cart
    parked = Signal(object)       # the KeptCart parked (the cart held other lines by then)

    def __init__(self, runner: TaskRunner, model: CartModel, flow: SaleFlow, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.runner, self.model, self.flow = runner, model, flow
        self.journal: Journal | None = None
        self.pending: KeptCart | None = None          # to bring back once the cart is free
        self._written: Snapshot | None = None         # what the journal holds (None: unknown)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self.on_timer_timeout)
        model.changed.connect(self._timer.start)
        flow.stage_changed.connect(self.on_flow_stage_changed)

    def use(self, journal: Journal, kept: KeptCart | None) -> None:
        """The journal the cart is kept in from now on, and the cart it kept at the last stop."""
        self.journal = journal
        self.pending = kept if kept is not None and kept.lines else None
        # What the journal holds: the kept cart (or nothing). The cart on screen is written when it differs.
        self._written = (kept.lines, kept.sale_discount) if kept is not None else ((), None)
        self._timer.start()

    def on_flow_stage_changed(self, _sale: object) -> None:
        if self.flow.stage not in _KEEPS:
            self._written = None       # the sale began: the journal forgot the cart with it
        self._timer.start()

    def on_timer_timeout(self) -> None:
        if self.journal is None or self.flow.stage not in _KEEPS or self.runner.closed:
            return          # (closed: the till is stopping; what the journal holds is the cart as last kept)
        if self.pending is not None:
            self._bring_back()
        snapshot: Snapshot = (self.model.lines, self.model.cart.sale_discount)
        if snapshot == self._written:
            return
        self._written = snapshot
        journal = self.journal
        lines, discount = snapshot

        def keep() -> None:
            from pos_app.journal.kept_cart import keep_cart    # sqlite with the first change, not before the window
            keep_cart(journal.store, lines, discount)

        self.runner.run_in_background(keep, self._on_kept, money=True)

    def _bring_back(self) -> None:
        kept, self.pending = self.pending, None
        assert kept is not None and self.journal is not None
        if (kept.lines, kept.sale_discount) == (self.model.lines, self.model.cart.sale_discount):
            return                     # on screen already (the same journal opened again with new settings)
        if self.model.is_empty and self.flow.stage is None:
            self.model.restore(kept.lines, kept.sale_discount)
            self.restored.emit(kept)
            return
        journal = self.journal        # lines on screen already: the kept cart is parked, not mixed in
        cart = Cart()
        cart.restore(kept.lines, kept.sale_discount)
        total = cart.total
        self.runner.run_in_background(lambda: journal.parked.park(kept.lines, total, kept.sale_discount),
                                      lambda done: self._on_parked(kept, done))

    def _on_parked(self, kept: KeptCart, done: Future[int]) -> None:
        try:
            done.result()
        except Exception:  # noqa: BLE001 - said in the log; the kept row is still in the journal until overwritten
            logger.exception("the cart kept at the last stop could not be parked")
            return
        self.parked.emit(kept)

    def _on_kept(self, done: Future[None]) -> None:
        try:
            done.result()
        except Exception:  # noqa: BLE001 - the cart on screen is whole; the next change writes it again
            logger.warning("the cart on screen could not be kept in the journal", exc_info=True)
            self._written = None
