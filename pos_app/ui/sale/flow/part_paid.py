"""A partly paid sale at the till: what the payment screen shows of it ("paid X of Y, Z to go") and the
cashier's ways on besides waiting: the rest as a new invoice, or the part given back (card payments).
Part of the sale flow (it owns one); holds no widgets.

Each way runs on the money worker (`checkout/partial.py`, journalled before every call) while the
flow's checks pause: no check runs beside it, so a payment is recorded by one of them only.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Signal, SignalInstance

from pos_app.domain.sale import Sale, Stage

from pos_app.ui.common.messages import describe_error
from pos_app.ui.sale.flow.context import FlowContext

if TYPE_CHECKING:
    from pos_app.checkout.partial import PartOutcome, SaleCheck


@dataclass(frozen=True)
class PartPaid:
    """What the payment screen shows of a partly paid sale."""

    paid: Decimal
    total: Decimal
    due: Decimal
    amount_now: Decimal        # what the invoice on screen asks (the rest, once it has its own invoice)
    can_give_back: bool        # every payment was by card
    expired: bool = False      # the invoice on screen expired at the service: the rest needs a new one


class PartPaidActions(QObject):
    changed = Signal(object)   # PartPaid, or None once nothing (or everything) is paid
    failed = Signal(str)

    def __init__(self, context: FlowContext, stop_polling: Callable[[], None],
                 check_now: Callable[[], None], poll_in_flight: Callable[[], bool], *, stage_changed: SignalInstance,
                 notice: SignalInstance, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.context = context
        self.stop_polling = stop_polling
        self.check_now = check_now            # the flow checks the sale at once
        self.poll_in_flight = poll_in_flight  # a check of the flow's is on its way
        self.stage_changed = stage_changed    # the flow's
        self.notice = notice                  # the flow's
        self.state: PartPaid | None = None
        self.busy = False                   # a way on is running: the flow's checks wait
        self._deferred: Callable[[], None] | None = None
        self._expired: set[str] = set()     # invoices a check found expired (only some checks read the status)

    def reset(self) -> None:
        self.busy, self._deferred = False, None
        self._expired.clear()
        if self.state is not None:
            self.state = None
            self.changed.emit(None)

    # -- what the checks learn ---------------------------------------------------------------

    def seen(self, sale: Sale, result: SaleCheck) -> None:
        """A check of the sale on screen: the invoice to pay now, and what is paid."""
        if result.check.is_paid:
            if result.remainders:
                self._close_paid(sale)
            self._show(None, False)
            return
        moved = result.current is not None and (sale.invoice is None
                                                or sale.invoice.invoice_id != result.current.invoice_id)
        if moved:
            sale.invoice = result.current
        if result.expired and result.current is not None:
            self._expired.add(result.current.invoice_id)
        expired = result.current is not None and result.current.invoice_id in self._expired
        # A split sale's QPay part is not given back here: the sale would end with its cash still counted.
        state = (PartPaid(result.paid, result.total, result.due, result.amount_now or result.due,
                          result.can_give_back and not sale.tenders, expired) if result.part_paid else None)
        self._show(state, moved)

    def _show(self, state: PartPaid | None, always: bool) -> None:
        if always or state != self.state:
            self.state = state
            self.changed.emit(state)

    def poll_finished(self) -> None:
        """The check that was on its way when a way on was asked has finished: the way on starts now."""
        if self._deferred is not None:
            start, self._deferred = self._deferred, None
            start()

    # -- the ways on -------------------------------------------------------------------------------

    def invoice_rest(self) -> bool:
        """A new invoice for what is still to pay; the screen shows it once it is made."""
        if self.state is None:
            return False
        self.notice.emit(self.tr("Creating an invoice for the rest…"))
        from pos_app.checkout.partial import invoice_rest   # the checkout: with the backend, after the window

        return self._start(invoice_rest, self._on_rest_done)

    def give_back(self) -> bool:
        """Cancel the card payments of the part paid, then the invoices: the sale ends cancelled."""
        sale = self.context.on_screen()
        if self.state is None or not self.state.can_give_back or sale is None:
            return False
        from pos_app.checkout.partial import give_part_back

        return self._start(give_part_back, self._on_given_back, Stage.CANCELLING)

    def _start(self, work: Callable[..., Any], on_done: Callable[[Sale, Future[Any]], None],
               stage: Stage | None = None) -> bool:
        sale, services = self.context.on_screen(), self.context.services()
        if self.busy or sale is None or services is None or sale.stage is not Stage.AWAITING_PAYMENT:
            return False
        self.busy = True
        self.stop_polling()
        if stage is not None:
            sale.move_to(stage)
            self.stage_changed.emit(sale)
        journal, checkout, number = services.journal, services.checkout, sale.number

        def launch() -> None:
            self.context.runner.run_in_background(lambda: work(journal, checkout, number),
                                                  lambda done: on_done(sale, done), money=True)

        if self.poll_in_flight():
            self._deferred = launch
        else:
            launch()
        return True

    def _on_rest_done(self, sale: Sale, done: Future[SaleCheck]) -> None:
        self.busy = False
        if sale is not self.context.on_screen():
            return
        try:
            result = done.result()
        except Exception as exc:  # noqa: BLE001 - the sale still waits; the cashier may try again
            self.failed.emit(describe_error(exc, self.tr("The invoice for the rest could not be created. "
                                                         "The sale is still waiting for its payment.")))
        else:
            if sale.stage is Stage.AWAITING_PAYMENT and not result.check.is_paid:
                self.seen(sale, result)
                if not result.part_paid:
                    self.failed.emit(self.tr("Nothing is paid yet: the customer pays the invoice on screen."))
        self.check_now()

    def _on_given_back(self, sale: Sale, done: Future[PartOutcome]) -> None:
        self.busy = False
        if sale is not self.context.on_screen() or sale.stage is not Stage.CANCELLING:
            return
        try:
            outcome = done.result()
        except Exception as exc:  # noqa: BLE001 - the journal says what was done; the sale waits again
            self._back_to_waiting(sale, describe_error(exc, self.tr(
                "The part paid could not be given back. The sale is still open; try again.")))
            return
        from pos_app.checkout.after_sale import CancelResult   # loaded: it gave the part back

        if outcome.result is CancelResult.CANCELLED:
            self._show(None, False)
            sale.payments = outcome.sale.payments if outcome.sale.is_reversed else ()
            sale.move_to(Stage.CANCELLED)
            self.stage_changed.emit(sale)
        elif outcome.result is CancelResult.PAID and outcome.check is not None:
            self._show(None, False)
            self._close_paid(sale)
            sale.paid(outcome.check.payments)
            self.stage_changed.emit(sale)
            self.failed.emit(self.tr("The customer has paid the rest meanwhile, so nothing was given back."))
        else:
            self._back_to_waiting(sale, self.tr("More money arrived meanwhile: the sale is still open."))

    def _back_to_waiting(self, sale: Sale, text: str) -> None:
        sale.move_to(Stage.AWAITING_PAYMENT)
        self.stage_changed.emit(sale)
        self.failed.emit(text)
        self.check_now()

    def _close_paid(self, sale: Sale) -> None:
        """Paid in full across its invoices: the remainder invoices nobody paid are cancelled, and a payment
        that landed on one that could not be (an over-payment) is recorded, owed its receipt. On the money
        worker, before the receipt step it queues after this."""
        services = self.context.services()
        if services is None:
            return
        journal, checkout, number = services.journal, services.checkout, sale.number
        from pos_app.checkout.partial import close_paid_sale

        self.context.runner.run_in_background(lambda: close_paid_sale(journal, checkout, number), money=True)
