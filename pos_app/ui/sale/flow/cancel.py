"""Cancelling the sale's open invoice, a part `SaleFlow` owns: the customer may pay first (the sale is then paid),
or pay part of it (it goes on: wait, invoice the rest, or give the part back); a split sale's QPay part cancelled
goes back to its tenders. Texts keep the "SaleFlow" translation context; the signals it emits are the flow's,
handed to it."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, SignalInstance

from pos_app.domain.sale import Sale, Stage

from pos_app.ui.common.messages import describe_error
from pos_app.ui.sale.flow.context import FlowContext

if TYPE_CHECKING:
    from pos_app.checkout.after_sale import CancelOutcome
    from pos_app.checkout.partial import SaleCheck


translate = QCoreApplication.translate     # lupdate reads translate("SaleFlow", "...") calls


class InvoiceCancelling:
    """Cancelling the open invoice of the sale on screen, while the flow's checks pause."""

    def __init__(self, context: FlowContext,
                 stop_polling: Callable[[], None], schedule_poll: Callable[[], None],
                 part_paid_seen: Callable[[Sale, SaleCheck], None], *, stage_changed: SignalInstance,
                 cancel_failed: SignalInstance) -> None:
        self.context = context
        self.stop_polling = stop_polling
        self.schedule_poll = schedule_poll    # the next check, at the schedule's pace
        self.part_paid_seen = part_paid_seen  # what a check (here the cancel's) found paid of the sale
        self.stage_changed = stage_changed
        self.cancel_failed = cancel_failed

    def cancel_sale(self) -> bool:
        """Cancel the open invoice (the window has asked for confirmation)."""
        sale, services = self.context.on_screen(), self.context.services()
        if sale is None or services is None:
            return False
        if sale.stage in (Stage.PAID, Stage.ISSUING_RECEIPT, Stage.COMPLETED):
            self.cancel_failed.emit(translate("SaleFlow", "This sale is paid, so it cannot be cancelled here. "
                                            "A refund is made from the sales history."))
            return False
        if sale.stage is not Stage.AWAITING_PAYMENT or sale.invoice is None:
            return False
        self.stop_polling()
        self.context.move(Stage.CANCELLING)
        number, journal = sale.number, services.journal
        from pos_app.checkout.after_sale import cancel_open_invoice   # the checkout: loaded after the window

        def cancel() -> CancelOutcome:
            return cancel_open_invoice(journal, services.checkout, number)

        self.context.runner.run_in_background(cancel, lambda done: self._on_cancel_done(sale, done), money=True)
        return True

    def _on_cancel_done(self, sale: Sale, done: Future[CancelOutcome]) -> None:
        if sale is not self.context.on_screen() or sale.stage is not Stage.CANCELLING:
            return
        try:
            outcome = done.result()
        except Exception as exc:  # noqa: BLE001
            self.context.move(Stage.AWAITING_PAYMENT)
            self.schedule_poll()
            self.cancel_failed.emit(describe_error(exc, translate("SaleFlow", "The sale could not be cancelled. "
                                                                "It is still open; try again.")))
            return
        check = outcome.check
        from pos_app.checkout.after_sale import CancelResult   # loaded: it cancelled
        from pos_app.checkout.partial import SaleCheck

        if outcome.result is CancelResult.PAID and check is not None:
            sale.paid(check.payments)
            self.stage_changed.emit(sale)
            self.cancel_failed.emit(translate("SaleFlow", "The customer has already paid, so the sale cannot be "
                                                          "cancelled."))
        elif outcome.result is CancelResult.PARTLY_PAID:
            # Money arrived but not all of it: not cancelled (a payment would be stranded); the cashier
            # chooses how the sale goes on (part_paid.py): wait, invoice the rest, or give the part back.
            self.context.move(Stage.AWAITING_PAYMENT)
            if check is not None:
                self.part_paid_seen(sale, SaleCheck(check, sale.qpay_amount, sale.invoice, sale.qpay_amount))
            self.schedule_poll()
            self.cancel_failed.emit(translate("SaleFlow", "Part of the amount is already paid, so the sale cannot "
                                                          "simply be "
                                            "cancelled. Press Esc again to invoice the rest, give the part back "
                                            "or keep waiting."))
        else:
            # A split sale's QPay part cancelled: back to its tenders (take the rest another way, or hand back).
            self.context.move(Stage.TENDERING if sale.tenders else Stage.CANCELLED)

