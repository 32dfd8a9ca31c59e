"""The sale's conductor: turns the cashier's intents into background calls and
the calls' outcomes into stage changes. Holds no widgets; pages watch its signals.
It holds the sale on screen and owns the parts that do the work for a stage: the
tenders (`tenders.py`), the receipt (`receipts.py`), cancelling the invoice
(`cancel.py`) and a partly paid sale's ways on (`part_paid.py`).

Polling: one check in flight at a time, the next one scheduled only after the
last one finished, at the `PollSchedule`'s pace (slower on errors, never
sooner than `Retry-After`).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from concurrent.futures import Future
from decimal import Decimal
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer, Signal

from pos_app.domain.poll import PollSchedule
from pos_app.domain.sale import (
    OpenInvoice,
    ReceiptVia,
    Receiver,
    Sale,
    SaleStateError,
    Stage,
)
from pos_app.domain.tenders import CashTender
from pos_app.checkout.sale_services import SaleServices
from pos_app.qpay.errors import (
    APIConnectionError,
    AuthenticationError,
    QPayError,
    RateLimitError,
)

from pos_app.ui.sale.cart.cart_model import CartModel
from pos_app.ui.common.messages import describe_error
from pos_app.ui.sale.flow.part_paid import PartPaidActions
from pos_app.ui.sale.flow.context import FlowContext
from pos_app.ui.sale.flow.cancel import InvoiceCancelling
from pos_app.ui.sale.flow.receipts import ReceiptIssuing
from pos_app.ui.sale.flow.tenders import SaleTenders
from pos_app.ui.common.tasks import TaskRunner

# The checkout (the clients, pydantic, PyJWT) is imported where the flow first calls it, on a worker, after the
# first window is up (issue 21, the start).
if TYPE_CHECKING:
    from pos_app.checkout.partial import SaleCheck

logger = logging.getLogger(__name__)

# Every this many checks, also read the invoice: a cancel made elsewhere
# (another terminal, the merchant portal) shows only there.
STATUS_EVERY = 10


class SaleFlow(QObject):
    stage_changed = Signal(object)        # the Sale (or None: back to an empty cart)
    charge_failed = Signal(str)
    connection_changed = Signal(str)      # "" when fine, else a calm sentence
    checked = Signal()                    # a payment check finished (for "checked Ns ago")
    cancel_failed = Signal(str)
    receipt_failed = Signal(str)
    receipt_issued = Signal(object)       # the completed Sale, right after its ebarimt (auto-print listens)
    receipt_receiver_differed = Signal(object, object)   # the Sale, the Receiver asked: the service had another
    receipt_queued = Signal(str)          # a sale's PosAPI receipt is left for the till to ask again by itself
    organization_looked_up = Signal(str, object)   # a register; its named Receiver, the Exception, or None (no PosAPI)
    tender_taken = Signal(object, object)  # the Sale, the cash or card-terminal Tender just recorded
    tender_failed = Signal(str)
    notice = Signal(str)                  # a short message for the status line

    def __init__(self, runner: TaskRunner, cart: CartModel, services: SaleServices | None = None,
                 schedule: PollSchedule | None = None, clock: Callable[[], float] = time.monotonic,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.runner = runner
        self.cart = cart
        self.services = services
        self.schedule = schedule or PollSchedule()
        self._clock = clock
        self.sale: Sale | None = None
        self.unavailable_reason = ""   # why there are no services, when it is not "still starting"
        self.last_check_at: float | None = None
        self._shown_at = 0.0
        self._failures = 0
        self._retry_after: float | None = None
        self._checks = 0
        self._poll_in_flight = False
        self._check_again = False
        self._poll_timer = QTimer(self)
        self._poll_timer.setSingleShot(True)
        self._poll_timer.timeout.connect(self._poll)
        # The parts see the sale on screen and the services as they are when they act.
        on_screen, services_now = (lambda: self.sale), (lambda: self.services)
        # A partly paid sale: what is paid, the rest, giving it back.
        context = FlowContext(runner, on_screen, services_now, self._move)
        self.part_paid = PartPaidActions(context, self.stop, self.check_now,
                                         lambda: self._poll_in_flight, stage_changed=self.stage_changed,
                                         notice=self.notice, parent=self)
        self.tenders = SaleTenders(context, self.start_polling,
                                   stage_changed=self.stage_changed, tender_taken=self.tender_taken,
                                   tender_failed=self.tender_failed, notice=self.notice)
        self.receipts = ReceiptIssuing(context,
                                       stage_changed=self.stage_changed, receipt_failed=self.receipt_failed,
                                       receipt_issued=self.receipt_issued,
                                       receipt_receiver_differed=self.receipt_receiver_differed,
                                       receipt_queued=self.receipt_queued,
                                       organization_looked_up=self.organization_looked_up)
        self.cancelling = InvoiceCancelling(context, self.stop,
                                            self._schedule_poll, self.part_paid.seen,
                                            stage_changed=self.stage_changed, cancel_failed=self.cancel_failed)

    # -- what the till hands it ------------------------------------------------------

    def use_services(self, services: SaleServices | None) -> None:
        """The payment side to sell with from the next step on (None: none, `set_unavailable` says why)."""
        self.services = services

    def set_unavailable(self, reason: str) -> None:
        """Why there are no services, said on Charge ("": none to say, or "still starting" while it starts)."""
        self.unavailable_reason = reason

    # -- state ----------------------------------------------------------------------

    @property
    def stage(self) -> Stage | None:
        return self.sale.stage if self.sale else None

    @property
    def is_training(self) -> bool:
        return bool(self.services and self.services.training)

    @property
    def is_polling(self) -> bool:
        return self._poll_in_flight or self._poll_timer.isActive()

    @property
    def poll_in_flight(self) -> bool:
        return self._poll_in_flight

    @property
    def tender_in_flight(self) -> bool:
        """A tender (or handing them back) is being written: the sale on screen waits for it."""
        return self.tenders.in_flight

    @property
    def receipts_queued(self) -> set[str]:
        """Sales whose PosAPI receipt the till asks again by itself."""
        return self.receipts.queued

    @property
    def cash_step(self) -> Decimal:
        """What cash is rounded to (the shop's setting, with the services)."""
        return self.tenders.cash_step

    def _move(self, stage: Stage) -> None:
        assert self.sale is not None
        self.sale.move_to(stage)
        self.stage_changed.emit(self.sale)

    # -- charge -----------------------------------------------------------------------

    def charge(self) -> bool:
        """Create the invoice for the cart (from the tender page: for what its tenders left due). False (and
        nothing sent) when not possible now."""
        if self.tender_in_flight:
            return False          # a tender is being written: it may begin this very sale
        if self.sale is not None and self.sale.stage is Stage.TENDERING:
            if self.sale.tenders:
                return self._charge_rest(self.sale)
            self.sale = None      # nothing taken yet: the whole sale by QPay
        if self.sale is not None and not self.sale.is_final:
            return False  # a charge is in flight or a sale is open: a double press does nothing
        services = self._services_for_the_cart()
        if services is None:
            return False
        sale = self._sale_of_cart(tendered=False)
        sale.move_to(Stage.CHARGING)
        self.sale = sale
        self.stage_changed.emit(sale)

        def create() -> tuple[str, OpenInvoice]:
            from pos_app.checkout.charging import charge   # with the backend, after the first window

            return charge(services.journal, services.checkout, sale)

        self.runner.run_in_background(create, lambda done: self._on_charge_done(sale, done), money=True)
        return True

    def _services_for_the_cart(self) -> SaleServices | None:
        """The services to sell the cart with; None, with why said, when there are none or the cart has nothing
        to pay."""
        if self.services is None:
            self.charge_failed.emit(self.unavailable_reason
                                    or self.tr("The payment service is still starting. Try again in a moment."))
            return None
        if self.cart.is_empty or self.cart.total <= 0:
            self.charge_failed.emit(self._nothing_to_pay(self.cart.is_empty))
            return None
        return self.services

    def _nothing_to_pay(self, empty: bool) -> str:
        """Why there is nothing to charge: an empty cart, or discounts that take the whole total."""
        if empty:
            return self.tr("The cart is empty: scan or add an item first.")
        return self.tr("Nothing to pay: the discounts take the whole total. Take one off (Ctrl+D, "
                       "Ctrl+Shift+D) or clear the cart (F2).")

    def _sale_of_cart(self, tendered: bool) -> Sale:
        """A new sale of what the cart holds now (no number yet: the journal gives it with its first step)."""
        return Sale(number="", lines=self.cart.lines, total=self.cart.total, taxes=self.cart.taxes,
                    receipt_via=self.receipt_via(tendered), sale_discount=self.cart.cart.sale_discount)

    def receipt_via(self, tendered: bool) -> ReceiptVia:
        """How a new sale will get its receipt: PosAPI when the shop has one; else QPay's ebarimt for a QPay sale,
        and none at all for cash or the card terminal."""
        if self.services is not None and self.services.posapi is not None:
            return ReceiptVia.POSAPI
        return ReceiptVia.NONE if tendered else ReceiptVia.QPAY

    def _charge_rest(self, sale: Sale) -> bool:
        """QPay for what the tenders left due: the sale's invoice asks only that."""
        services = self.services
        if services is None or self.tender_in_flight:
            return False
        if sale.invoice is not None:
            self.tender_failed.emit(self.tr("QPay was tried for this sale already: take the rest in cash or by card, "
                                            "or hand the payments back and start again."))
            return False
        sale.move_to(Stage.CHARGING)
        self.stage_changed.emit(sale)

        def create() -> tuple[str, OpenInvoice]:
            from pos_app.checkout.charging import charge_rest

            return sale.number, charge_rest(services.journal, services.checkout, sale)

        self.runner.run_in_background(create, lambda done: self._on_charge_done(sale, done), money=True)
        return True

    def _on_charge_done(self, sale: Sale, done: Future[tuple[str, OpenInvoice]]) -> None:
        if sale is not self.sale:
            return
        try:
            number, invoice = done.result()
        except Exception as exc:  # noqa: BLE001 - every failure goes back to the cart, in words
            logger.warning("charge failed: %s", type(exc).__name__)
            text = describe_error(exc, self.tr("The invoice could not be created."))
            if sale.tenders:      # where the journal says the split sale is (its cash is in the drawer)
                self.tenders.settle_rest(sale, text)
                return
            self.sale = None
            self.stage_changed.emit(None)
            self.charge_failed.emit(text)
            return
        sale.number = number
        sale.charged(invoice)
        self._start_polling()
        self.stage_changed.emit(sale)

    def resume(self, sale: Sale) -> bool:
        """A sale that recovery found unfinished, back on screen where it stopped: waiting for the
        payment (polling starts again) or paid (the receipt step is offered)."""
        if self.sale is not None and not self.sale.is_final:
            return False
        if sale.stage not in (Stage.AWAITING_PAYMENT, Stage.PAID, Stage.TENDERING) or not sale.number:
            return False
        if sale.stage is Stage.AWAITING_PAYMENT and sale.invoice is None:
            return False
        self.cart.restore(sale.lines, sale.sale_discount)
        self.sale = sale
        if sale.stage is Stage.AWAITING_PAYMENT:
            self._start_polling()
        self.stage_changed.emit(sale)
        return True

    # -- tenders (the work in `tenders.py`) ------------------------------------------------

    def start_tendering(self) -> bool:
        """From the cart to the tender page (cash, card terminal, or QPay for the rest). Nothing is written yet."""
        if self.sale is not None and self.sale.stage is Stage.TENDERING:
            return True
        if self.sale is not None and not self.sale.is_final:
            return False
        if self._services_for_the_cart() is None:
            return False
        sale = self._sale_of_cart(tendered=True)
        sale.move_to(Stage.TENDERING)
        self.sale = sale
        self.stage_changed.emit(sale)
        return True

    def leave_tendering(self) -> bool:
        """Back to the cart from a tender page where nothing was taken."""
        sale = self.sale
        if sale is None or sale.stage is not Stage.TENDERING or sale.tenders or self.tender_in_flight:
            return False
        self.sale = None
        self.stage_changed.emit(None)
        return True

    def cash_tender(self, given: object) -> CashTender | None:
        """See `SaleTenders.cash_tender`."""
        return self.tenders.cash_tender(given)

    def take_cash(self, given: object) -> bool:
        """See `SaleTenders.take_cash`."""
        return self.tenders.take_cash(given)

    def take_card(self, amount: object, approval_code: object) -> bool:
        """See `SaleTenders.take_card`."""
        return self.tenders.take_card(amount, approval_code)

    def hand_back_tenders(self) -> bool:
        """See `SaleTenders.hand_back_tenders`."""
        return self.tenders.hand_back_tenders()

    # -- waiting for the payment ----------------------------------------------------------

    def start_polling(self) -> None:
        self._start_polling()

    def _start_polling(self) -> None:
        self.part_paid.reset()
        self._shown_at = self._clock()
        self._failures = 0
        self._retry_after = None
        self._checks = 0
        self._check_again = False
        self.last_check_at = None
        self.connection_changed.emit("")
        self._schedule_poll()

    def _schedule_poll(self) -> None:
        elapsed = self._clock() - self._shown_at
        delay = self.schedule.next_delay(elapsed, self._failures, self._retry_after)
        self._poll_timer.start(int(delay * 1000))

    def check_now(self) -> None:
        if self.stage is not Stage.AWAITING_PAYMENT:
            return
        if self._poll_in_flight:
            self._check_again = True
            return
        self._poll_timer.stop()
        self._poll()

    def _poll(self) -> None:
        sale, services = self.sale, self.services
        if self._poll_in_flight or sale is None or sale.invoice is None or services is None:
            return
        if sale.stage not in (Stage.AWAITING_PAYMENT, Stage.CANCELLING) or self.part_paid.busy:
            return   # (a partly paid sale's way on is running: it checks for itself)
        self._poll_in_flight = True
        self._checks += 1
        with_status = self._checks % STATUS_EVERY == 0
        journal, checkout, number = services.journal, services.checkout, sale.number
        from pos_app.checkout.partial import check_sale

        def check() -> SaleCheck:
            # Every invoice of the sale (a remainder invoice too); the journal learns what the check proved.
            return check_sale(journal, checkout, number, with_status=with_status)

        self.runner.run_in_background(check, lambda done: self._on_poll_done(sale, done))

    def _on_poll_done(self, sale: Sale, done: Future[SaleCheck]) -> None:
        self._poll_in_flight = False
        self.part_paid.poll_finished()
        if sale is not self.sale:
            return
        self.last_check_at = self._clock()
        try:
            result = done.result()
            check = result.check
        except Exception as exc:  # noqa: BLE001 - polling goes on through any trouble
            self._failures += 1
            self._retry_after = exc.retry_after if isinstance(exc, RateLimitError) else None
            self.connection_changed.emit(self._trouble_text(exc))
        else:
            self._failures = 0
            self._retry_after = None
            self.connection_changed.emit("")
            if check.is_paid and sale.stage in (Stage.AWAITING_PAYMENT, Stage.CANCELLING):
                self._poll_timer.stop()
                self.part_paid.seen(sale, result)   # (an invoice for the rest nobody paid is cancelled)
                sale.paid(check.payments)
                self.stage_changed.emit(sale)
                return
            from pos_app.checkout.service import InvoiceState   # loaded: it made this check

            # Ended at the service with nothing paid. Holding a part paid, the sale goes on (part_paid.py).
            if (check.invoice_state is not InvoiceState.OPEN and not check.payments
                    and sale.stage is Stage.AWAITING_PAYMENT):
                ended = Stage.CANCELLED if check.invoice_state is InvoiceState.CANCELLED else Stage.EXPIRED
                self._move(Stage.TENDERING if sale.tenders else ended)
                self.notice.emit(self.tr("The invoice was closed by the service: nothing was paid."))
                return
            self.part_paid.seen(sale, result)
        self.checked.emit()
        if sale.stage is Stage.AWAITING_PAYMENT:
            if self._check_again:
                self._check_again = False
                self._poll()
            else:
                self._schedule_poll()

    def _trouble_text(self, exc: BaseException) -> str:
        if isinstance(exc, RateLimitError):
            return self.tr("The payment service asks us to slow down. Still checking, a little less often.")
        if isinstance(exc, AuthenticationError):
            return self.tr("The payment service refused our login. Still checking; "
                           "if this stays, check the username and password in Settings.")
        if isinstance(exc, APIConnectionError):
            return self.tr("No connection to the payment service. Still checking; "
                           "the customer's payment will show as soon as it is back.")
        if isinstance(exc, QPayError):
            return self.tr("The payment service is having trouble. Still checking.")
        logger.error("payment check failed unexpectedly: %r", exc)
        return self.tr("Checking the payment failed. Still trying.")

    def cancel_sale(self) -> bool:
        """See `InvoiceCancelling.cancel_sale`."""
        return self.cancelling.cancel_sale()

    # -- the receipt (the work in `receipts.py`) --------------------------------------------

    def issue_receipt(self, receiver: Receiver) -> bool:
        """See `ReceiptIssuing.issue_receipt`."""
        return self.receipts.issue_receipt(receiver)

    def reissue_receipt(self, receiver: Receiver) -> bool:
        """See `ReceiptIssuing.reissue_receipt`."""
        return self.receipts.reissue_receipt(receiver)

    def look_up_organization(self, register: str) -> None:
        """See `ReceiptIssuing.look_up_organization`."""
        self.receipts.look_up_organization(register)

    # -- training ---------------------------------------------------------------------------

    def simulate_payment(self) -> bool:
        sale, services = self.sale, self.services
        if (services is None or services.training is None or sale is None or sale.invoice is None
                or sale.stage is not Stage.AWAITING_PAYMENT):
            return False
        desk, invoice_id = services.training, sale.invoice.invoice_id
        self.notice.emit(self.tr("Training: the customer pays…"))
        self.runner.run_in_background(lambda: desk.pay(invoice_id), self._on_simulated)
        return True

    def _on_simulated(self, done: Future[str]) -> None:
        try:
            done.result()
        except Exception as exc:  # noqa: BLE001
            self.notice.emit(describe_error(exc, self.tr("The training payment failed.")))
            return
        self.check_now()

    # -- next sale ----------------------------------------------------------------------------

    def new_sale(self) -> bool:
        """Back to an empty cart. Refused while money is moving or a paid sale waits for its receipt
        unless it is final (the window asks first for PAID)."""
        if self.sale is not None and self.sale.stage in (Stage.CHARGING, Stage.AWAITING_PAYMENT,
                                                         Stage.CANCELLING, Stage.ISSUING_RECEIPT):
            return False
        if self.sale is not None and self.sale.stage is Stage.TENDERING and self.sale.tenders:
            return False      # its cash is in the drawer: finish it or hand the payments back
        self._poll_timer.stop()
        self.sale = None
        self.cart.clear()
        self.stage_changed.emit(None)
        return True

    def back_to_cart(self) -> None:
        """After a cancel or expiry: the same cart, ready to change and charge again."""
        if self.sale is not None and self.sale.is_final and self.sale.stage is not Stage.COMPLETED:
            self.sale = None
            self.stage_changed.emit(None)

    def stop(self) -> None:
        self._poll_timer.stop()


__all__ = ["SaleFlow", "SaleStateError"]
