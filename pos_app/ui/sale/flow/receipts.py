"""The sale's receipt step, a part `SaleFlow` owns: one receipt for each payment of the paid sale, issued again
when the service recorded another receiver. The signals it emits are the flow's, handed to it."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, SignalInstance

from pos_app.domain.sale import ReceiptVia, Receiver, Sale, Stage

from pos_app.ui.common.messages import describe_error
from pos_app.ui.sale.flow.context import FlowContext

if TYPE_CHECKING:
    from pos_app.checkout import Checkout
    from pos_app.journal import Journal, JournalSale



class ReceiptIssuing:
    """The receipt of the sale on screen, and the organization look-up for its receiver. Its texts keep the
    "SaleFlow" translation context."""

    def __init__(self, context: FlowContext, *,
                 stage_changed: SignalInstance, receipt_failed: SignalInstance, receipt_issued: SignalInstance,
                 receipt_receiver_differed: SignalInstance, receipt_queued: SignalInstance,
                 organization_looked_up: SignalInstance) -> None:
        self.context = context
        self.stage_changed = stage_changed
        self.receipt_failed = receipt_failed
        self.receipt_issued = receipt_issued
        self.receipt_receiver_differed = receipt_receiver_differed
        self.receipt_queued = receipt_queued
        self.organization_looked_up = organization_looked_up
        self.queued: set[str] = set()         # sales whose PosAPI receipt the till asks again by itself

    def issue_receipt(self, receiver: Receiver) -> bool:
        """The paid sale's receipt. Through PosAPI: one for the whole sale (a request whose answer was lost is
        asked again unchanged, the same bill number, never made twice). Through QPay: one for each payment (asking
        again returns the receipt already made, one active receipt a payment)."""
        sale = self.context.on_screen()
        if sale is None or sale.stage is not Stage.PAID:
            return False
        if sale.receipt_via is ReceiptVia.POSAPI:
            return self._posapi_step(receiver, reissue=False)
        if sale.receipt_via is ReceiptVia.NONE or not sale.payments:
            return False
        from pos_app.checkout.receipts import issue_receipts   # the checkout: loaded after the first window

        return self._receipt_step(receiver, issue_receipts)

    def look_up_organization(self, register: str) -> None:
        """The organization with `register` named by the tax system's look-up, on the task runner (never the money
        worker: a slow look-up holds up no payment); `organization_looked_up` tells. Without PosAPI there is no
        look-up here: it tells None at once."""
        services = self.context.services()
        desk = services.posapi if services is not None else None
        if desk is None:
            self.organization_looked_up.emit(register, None)
            return

        def on_done(done: Future[tuple[str, Receiver]]) -> None:
            try:
                found: object = done.result()[1]
            except Exception as exc:  # noqa: BLE001 - said in the till's words by the page
                found = exc
            self.organization_looked_up.emit(register, found)
        self.context.runner.run_in_background(lambda: desk.organization(register), on_done)

    def reissue_receipt(self, receiver: Receiver) -> bool:
        """The receipt was made for another receiver than the one asked: void it, issue it again."""
        sale = self.context.on_screen()
        if sale is None or sale.stage is not Stage.COMPLETED:
            return False
        if sale.receipt_via is ReceiptVia.POSAPI:
            return self._posapi_step(receiver, reissue=True)
        from pos_app.checkout.receipts import reissue_receipts

        return self._receipt_step(receiver, reissue_receipts)

    def _posapi_step(self, receiver: Receiver, *, reissue: bool) -> bool:
        services = self.context.services()
        desk = services.posapi if services is not None else None
        if desk is None:
            self.receipt_failed.emit(QCoreApplication.translate(
                "SaleFlow", "No PosAPI is set for this sale's receipt: set it in Settings (Ctrl+,)."))
            return False

        def step(journal: Journal, _checkout: Checkout, number: str, asked: Receiver) -> JournalSale:
            done = desk.reissue(journal, number, asked) if reissue else desk.issue(journal, number, asked)
            return desk.print_only.fill_sale(done)     # the lottery and QR, from memory: they are not kept
        return self._receipt_step(receiver, step)

    def _receipt_step(self, receiver: Receiver,
                      step: Callable[[Journal, Checkout, str, Receiver], JournalSale]) -> bool:
        sale, services = self.context.on_screen(), self.context.services()
        if sale is None or services is None:
            return False
        self.context.move(Stage.ISSUING_RECEIPT)
        number, journal, checkout = sale.number, services.journal, services.checkout
        self.context.runner.run_in_background(
            _with_record(journal, number, lambda: step(journal, checkout, number, receiver)),
            lambda done: self._on_receipt_done(sale, receiver, done), money=True)
        return True

    def _on_receipt_done(self, sale: Sale, asked: Receiver, done: Future[_Attempt]) -> None:
        if sale is not self.context.on_screen():
            return
        from pos_app.journal.records import JournalStatus   # (loaded with the journal that answered)
        try:
            recorded, failure = done.result()
        except Exception as exc:  # noqa: BLE001 - not even the journal could be read back
            recorded, failure = None, exc
        if failure is not None:
            # Where the sale stands now: its receipts still valid (a refused void), or owed one.
            if recorded is not None and recorded.status is JournalStatus.COMPLETED and recorded.valid_receipts:
                sale.receipt_issued(recorded.current_receipts)
            else:
                sale.move_to(Stage.PAID)
            self.stage_changed.emit(sale)
            self.receipt_failed.emit(describe_error(failure, QCoreApplication.translate(
                "SaleFlow", "The receipt could not be issued.")))
            if recorded is not None and recorded.status is JournalStatus.RECEIPT_PENDING \
                    and recorded.receipt_via is ReceiptVia.POSAPI:
                self.queued.add(sale.number)
                self.receipt_queued.emit(sale.number)    # asked again by the till, the same request
            return
        assert recorded is not None
        sale.receipt_issued(recorded.current_receipts)
        self.stage_changed.emit(sale)
        if any(row.receipt.receiver != asked for row in recorded.valid_receipts):
            # Not printed by itself: the cashier decides between this receipt and a new one.
            self.receipt_receiver_differed.emit(sale, asked)
            return
        self.receipt_issued.emit(sale)


_Attempt = tuple["JournalSale | None", "Exception | None"]


def _with_record(journal: Journal, number: str, step: Callable[[], JournalSale]) -> Callable[[], _Attempt]:
    """Run a receipt step on the worker; on failure also read back where the sale stands (for the screen)."""
    def attempt() -> _Attempt:
        try:
            return step(), None
        except Exception as exc:  # noqa: BLE001 - handed to the GUI thread with the record
            try:
                return journal.queries.get(number), exc
            except Exception:  # noqa: BLE001 - the step's own failure is the one to tell
                return None, exc
    return attempt
