"""`pos-app --self-test`: one training sale from cart to lottery number, with nobody at the keyboard.

It proves an installed till works end to end (window, embedded sandbox, journal, receipt) and exits 0,
or says what failed and exits 1. It refuses to run outside training mode: it never moves real money.
`--screenshot PATH` saves the window once the receipt is shown.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject, QTimer

from pos_app.config import Environment
from pos_app.domain.sale import INDIVIDUAL, Sale, Stage

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from pos_app.app.start.payment_side import Backend
    from pos_app.config.settings import Settings
    from pos_app.ui.sale.cart.cart_model import CartModel
    from pos_app.ui.sale.flow.flow import SaleFlow

TIMEOUT_MS = 60_000


class SelfTest(QObject):
    """Drives one sale through `flow` once the till is ready (`begin`); `window` gives the window of the moment
    (for the screenshot)."""

    def __init__(self, flow: SaleFlow, model: CartModel, window: Callable[[], QWidget],
                 screenshot: Path | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.flow = flow
        self.model = model
        self.window = window
        self.screenshot = screenshot
        self.exit_code: int | None = None
        self._paid_asked = False
        self._receipt_asked = False
        flow.stage_changed.connect(self.on_flow_stage_changed)
        flow.charge_failed.connect(lambda text: self._finish(1, f"charge failed: {text}"))
        flow.receipt_failed.connect(lambda text: self._finish(1, f"receipt failed: {text}"))
        QTimer.singleShot(TIMEOUT_MS, self, lambda: self._finish(1, "no receipt within 60 s"))

    def begin(self, settings: Settings | None, backend: Backend | None) -> None:
        """The till is ready with these (None: it did not start): one item charged, in training only."""
        if settings is None or backend is None:
            self._finish(1, "the till did not start")
            return
        if settings.environment is not Environment.TRAINING:
            self._finish(2, "the self-test runs in training mode only (it never moves real money)")
            return
        item = next(iter(backend.catalog), None)
        if item is None:
            self._finish(1, "the catalog is empty")
            return
        self.model.add_item(item)
        self._say(f"charging {item.name} ({item.price} MNT)")
        self.flow.charge()

    def on_flow_stage_changed(self, sale: Sale | None) -> None:
        stage = sale.stage if sale is not None else None
        if stage is Stage.AWAITING_PAYMENT and not self._paid_asked:
            self._paid_asked = True
            self._say(f"invoice {sale.invoice.invoice_id if sale and sale.invoice else '?'}: the customer pays")
            self.flow.simulate_payment()
        elif stage is Stage.PAID and not self._receipt_asked:
            self._receipt_asked = True
            self._say("paid: issuing the receipt")
            self.flow.issue_receipt(INDIVIDUAL)
        elif stage is Stage.COMPLETED and sale is not None and sale.receipt is not None:
            # Let the receipt page paint before the picture is taken.
            QTimer.singleShot(300, self, lambda: self._completed(sale))

    def _completed(self, sale: Sale) -> None:
        if self.screenshot is not None:
            self.window().grab().save(str(self.screenshot))
            self._say(f"screenshot {self.screenshot}")
        lottery = sale.receipt.lottery if sale.receipt else ""
        self._finish(0, f"sale {sale.number} completed, lottery {lottery}")

    def _finish(self, code: int, text: str) -> None:
        if self.exit_code is not None:
            return
        self.exit_code = code
        self._say(("ok: " if code == 0 else "FAILED: ") + text)
        QCoreApplication.exit(code)

    @staticmethod
    def _say(text: str) -> None:
        print(f"self-test: {text}", file=sys.stderr if text.startswith("FAILED") else sys.stdout, flush=True)
