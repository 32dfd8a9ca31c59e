"""The sale's tenders, a part `SaleFlow` owns: cash with its change, the bank's card terminal with its approval
code, any mix of them, and QPay for what they leave due; the tenders handed back when the customer leaves before the
sale is covered. The signals it emits are the flow's, handed to it.

A tender counts once the journal has it (`checkout/tenders.py` writes it, on the money worker): the first one
begins the sale (its number taken in the same transaction), and the one that covers the total makes it paid. Until
then the tender page is only a page: leaving it with nothing taken writes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import replace
from decimal import Decimal
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QTimer, SignalInstance

from pos_app.domain.cash import DEFAULT_CASH_STEP
from pos_app.domain.sale import OpenInvoice, Sale, Stage
from pos_app.domain.tenders import CardTender, CashTender, Tender, TenderError, Tendering

from pos_app.ui.common.messages import describe_error
from pos_app.ui.sale.flow.context import FlowContext

if TYPE_CHECKING:
    from pos_app.journal.records import JournalSale


RETRY_REST_MS = 5_000     # a split sale's lost invoice answer: looked up again this often


translate = QCoreApplication.translate     # lupdate reads translate("SaleFlow", "...") calls


class SaleTenders:
    """The tenders of the sale on screen: taken, settled after a failed QPay part, handed back. Its texts keep the
    "SaleFlow" translation context."""

    def __init__(self, context: FlowContext,
                 start_polling: Callable[[], None], *, stage_changed: SignalInstance, tender_taken: SignalInstance,
                 tender_failed: SignalInstance, notice: SignalInstance) -> None:
        self.context = context
        self.start_polling = start_polling
        self.stage_changed = stage_changed
        self.tender_taken = tender_taken
        self.tender_failed = tender_failed
        self.notice = notice
        self.in_flight = False                # a tender (or handing them back) is being written

    @property
    def cash_step(self) -> Decimal:
        """What cash is rounded to (the shop's setting, with the services)."""
        services = self.context.services()
        return services.cash_step if services is not None else DEFAULT_CASH_STEP

    def cash_tender(self, given: object) -> CashTender | None:
        """The tender `given` in cash would make now, nothing written (whole tögrög: what is due rounded, the rest
        change); None, with the refusal said, when it cannot be taken."""
        sale = self._tendering()
        if sale is None:
            return None
        try:
            return Tendering(sale.total, sale.tenders).cash_tender(given, self.cash_step)
        except TenderError as exc:
            self.tender_failed.emit(describe_error(exc, ""))
            return None

    def take_cash(self, given: object) -> bool:
        """The customer handed over `given` in cash: it pays what is due (at most, rounded to whole tögrög), the
        rest is the change."""
        tender = self.cash_tender(given)
        sale = self._tendering()
        return tender is not None and sale is not None and self._take(sale, tender)

    def take_card(self, amount: object, approval_code: object) -> bool:
        """The bank's terminal charged the card `amount` (at most what is due); its slip's approval code."""
        sale = self._tendering()
        if sale is None:
            return False
        try:
            tender: Tender = Tendering(sale.total, sale.tenders).card_tender(amount, approval_code)
        except TenderError as exc:
            self.tender_failed.emit(describe_error(exc, ""))
            return False
        return self._take(sale, tender)

    def _tendering(self) -> Sale | None:
        sale = self.context.on_screen()
        if sale is None or sale.stage is not Stage.TENDERING or self.context.services() is None or self.in_flight:
            return None
        return sale

    def _on_tender_of_another_sale(self, number: str) -> None:
        """A tender recorded for a sale no longer on screen (it cannot happen through the keys; said if it does)."""
        self.tender_failed.emit(translate("SaleFlow", "A payment was recorded for sale {number}, which is no "
                                                      "longer on screen: see it in the history (F4).").format(
            number=number))

    def _take(self, sale: Sale, tender: Tender) -> bool:
        services = self.context.services()
        assert isinstance(tender, CashTender | CardTender) and services is not None
        journal, asked = services.journal, replace(sale)   # as it stands now: the worker reads a copy

        def record() -> str:
            from pos_app.checkout.tenders import take_tender   # with the backend, after the first window

            return take_tender(journal, asked, tender)      # the first tender begins the sale

        self.in_flight = True
        self.context.runner.run_in_background(record, lambda done: self._on_tender_recorded(sale, tender, done),
                                              money=True)
        return True

    def _on_tender_recorded(self, sale: Sale, tender: Tender, done: Future[str]) -> None:
        self.in_flight = False
        if sale is not self.context.on_screen():
            if not done.exception():
                self._on_tender_of_another_sale(done.result())
            return
        try:
            number = done.result()
        except Exception as exc:  # noqa: BLE001 - not recorded: it does not count, and the cashier is told
            self.tender_failed.emit(describe_error(exc, translate("SaleFlow", "The payment was not recorded; it "
                                                                              "does not count.")))
            return
        sale.number = number
        sale.tender_taken(tender)       # (with no receipt to issue, completed at once, as the journal has it)
        self.tender_taken.emit(sale, tender)
        self.stage_changed.emit(sale)

    # -- a split sale's QPay part that failed -------------------------------------------------------------------

    def settle_rest(self, sale: Sale, text: str) -> None:
        """The invoice for the rest failed: read where the journal has the sale. Refused (TENDERING): back to the
        tender page. Its answer lost (still CREATING): the invoice is looked up by the sale's number first, as
        recovery does, then the sale waits on it, or goes back to its tenders, or is looked up again shortly."""
        services = self.context.services()
        assert services is not None
        journal, checkout, posapi, number = services.journal, services.checkout, services.posapi, sale.number
        from pos_app.checkout.recovery import recover   # with the backend, after the first window
        from pos_app.journal.records import JournalStatus

        def settle() -> JournalSale:
            recorded = journal.queries.get(number)
            if recorded.status is JournalStatus.CREATING:
                recover(journal, checkout, recorded, posapi)
            return journal.queries.get(number)

        self.context.runner.run_in_background(settle, lambda done: self._on_rest_settled(sale, text, done), money=True)

    def _on_rest_settled(self, sale: Sale, text: str, done: Future[JournalSale]) -> None:
        if sale is not self.context.on_screen() or sale.stage is not Stage.CHARGING:
            return
        from pos_app.journal.records import JournalStatus   # (loaded with the journal that answered)
        try:
            recorded = done.result()
        except Exception:  # noqa: BLE001 - the service cannot be asked yet: look it up again shortly
            recorded = None
        if recorded is not None and recorded.status is JournalStatus.TENDERING:
            self.context.move(Stage.TENDERING)
            self.tender_failed.emit(text)
        elif recorded is not None and recorded.invoice_id and recorded.status is not JournalStatus.CREATING:
            sale.charged(OpenInvoice(recorded.invoice_id, recorded.qr_text, short_url=recorded.short_url,
                                     banks=recorded.banks, recovered=True))
            if recorded.payments and sale.qpay_amount <= sum((p.amount for p in recorded.payments), Decimal(0)):
                sale.paid(recorded.payments)
            else:
                self.start_polling()
            self.stage_changed.emit(sale)
        else:
            self.notice.emit(translate("SaleFlow", "The invoice for the rest: its answer was lost. The till looks "
                                                   "it up again in a moment."))
            QTimer.singleShot(RETRY_REST_MS,
                              lambda: self.settle_rest(sale, text) if sale is self.context.on_screen() else None)

    def hand_back_tenders(self) -> bool:
        """The customer leaves before the sale is covered: the cash taken is handed back (the terminal's charges
        are voided on the terminal), and the sale ends cancelled; the cart is kept."""
        sale, services = self.context.on_screen(), self.context.services()
        if sale is None or sale.stage is not Stage.TENDERING or not sale.tenders or services is None \
                or self.in_flight:
            return False
        journal, number = services.journal, sale.number

        def hand_back() -> object:
            from pos_app.checkout.tenders import hand_back

            return hand_back(journal, number)

        self.in_flight = True
        self.context.runner.run_in_background(hand_back, lambda done: self._on_handed_back(sale, done), money=True)
        return True

    def _on_handed_back(self, sale: Sale, done: Future[object]) -> None:
        self.in_flight = False
        if sale is not self.context.on_screen():
            return
        try:
            done.result()
        except Exception as exc:  # noqa: BLE001
            self.tender_failed.emit(describe_error(exc, translate("SaleFlow",
                                                                  "The payments could not be handed back.")))
            return
        self.context.move(Stage.CANCELLED)
