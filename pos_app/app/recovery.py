"""The till's recovery on screen, a part `PosApp` owns: what settling the journal found at start (the sale put
back on screen, the receipts found issued and printed), and the sales the services could not settle yet, asked
again every `SETTLE_AGAIN_MS` on the money worker (a PosAPI receipt left pending among them). Texts keep the
"PosApp" translation context."""

from __future__ import annotations

import logging
from collections.abc import Callable
from concurrent.futures import Future
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject, QTimer

from pos_app.domain.sale import Sale, Stage
from pos_app.app.start.problems import StartupRecovery

if TYPE_CHECKING:
    from pos_app.app.start.payment_side import Backend
    from pos_app.ui.shell.main_window import MainWindow
    from pos_app.ui.printing.printing import ReceiptPrinting
    from pos_app.ui.sale.flow.flow import SaleFlow
    from pos_app.ui.common.tasks import TaskRunner

logger = logging.getLogger("pos_app.app.root")
SETTLE_AGAIN_MS = 30_000   # sales the services could not settle yet are tried again this often


translate = QCoreApplication.translate     # lupdate reads translate("PosApp", "...") calls


class RecoveryWatch(QObject):
    """Shows what the start's settling found, and settles again what it could not, until nothing is left.

    `window` and `backend` give the ones of the moment: a language change rebuilds the window, new settings
    replace the backend."""

    def __init__(self, window: Callable[[], MainWindow], flow: SaleFlow, runner: TaskRunner,
                 printing: ReceiptPrinting, backend: Callable[[], Backend | None],
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.window = window
        self.flow = flow
        self.runner = runner
        self.printing = printing
        self.backend = backend
        self.unsettled: frozenset[str] = frozenset()
        self.settle_timer = QTimer(self)
        self.settle_timer.setInterval(SETTLE_AGAIN_MS)
        self.settle_timer.timeout.connect(self.on_settle_timer_timeout)

    def use(self, recovery: StartupRecovery) -> None:
        """What settling the journal found: said on screen, the sale put back, the receipts printed, the rest
        asked again later."""
        window = self.window()
        if recovery.problem:
            window.show_problem(translate("PosApp", "Unfinished sales could not be checked ({detail}). They "
                                                    "are kept in "
                                        "the journal; restart the till to try again.")
                                .format(detail=recovery.problem))
        if recovery.resume is not None and self.flow.resume(recovery.resume):
            window.statusBar().showMessage(self.describe_resumed(recovery.resume), 20000)
        self._print_receipts_found(recovery)
        settled = recovery.completed
        if settled and recovery.resume is None:
            window.sale_page.show_info(translate("PosApp", "After the restart, the receipt of {count} paid "
                                                           "sale(s) was "
                                               "found issued: reprint it from the history if needed.")
                                       .format(count=len(settled)))
        self._keep_settling(recovery.unsettled)

    def stop(self) -> None:
        self.settle_timer.stop()

    def _print_receipts_found(self, recovery: StartupRecovery) -> None:
        """A PosAPI receipt issued by asking again: printed now, while this session still holds its lottery
        number (it is never kept on disk)."""
        choice = self.printing.choice
        for outcome in recovery.completed:
            if outcome.printable and choice.is_set and choice.auto_print:
                self.window().receipt_keys.print_receipt(outcome.number, copy=False)

    def describe_resumed(self, sale: Sale) -> str:
        if sale.stage is Stage.TENDERING:
            return translate("PosApp", "Sale {number} was being paid when the till stopped: what was taken is "
                                       "kept; take the "
                           "rest.").format(number=sale.number)
        if sale.stage is Stage.PAID:
            return translate("PosApp", "Sale {number} was paid before the till stopped: issue its receipt.").format(
                number=sale.number)
        return translate("PosApp", "Sale {number} was still waiting for the customer's payment: waiting again.").format(
            number=sale.number)

    def _keep_settling(self, numbers: frozenset[str]) -> None:
        self.unsettled = numbers
        if numbers:
            self.window().statusBar().showMessage(
                translate("PosApp", "{count} unfinished sale(s) could not be checked with the payment service yet; "
                        "the till keeps trying.").format(count=len(numbers)), 20000)
            self.settle_timer.start()
        else:
            self.settle_timer.stop()

    def on_settle_timer_timeout(self) -> None:
        backend, current = self.backend(), self.flow.sale.number if self.flow.sale else ""
        numbers = self.unsettled - {current}
        if backend is None or not numbers:
            return
        from pos_app.app.start.payment_side import recover_sales   # loaded already: it built `backend`

        self.runner.run_in_background(lambda: recover_sales(backend, numbers), self._on_settled_again, money=True)

    def _on_settled_again(self, done: Future[StartupRecovery]) -> None:
        try:
            recovery = done.result()
        except Exception:  # noqa: BLE001 - try again at the next tick
            logger.exception("settling unfinished sales failed")
            return
        left = recovery.unsettled | (self.unsettled - {outcome.number for outcome in recovery.outcomes})
        self.unsettled = left
        self._print_receipts_found(recovery)
        if not left:
            self.settle_timer.stop()
            self.window().statusBar().showMessage(translate("PosApp", "The unfinished sales are settled with the "
                                                          "payment service."), 8000)

    def on_flow_receipt_queued(self, number: str) -> None:
        """A PosAPI receipt left pending (PosAPI not answering): the till asks again by itself, soon."""
        self._keep_settling(self.unsettled | {number})
