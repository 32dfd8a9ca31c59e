"""The sale's receipt step, a part of `SaleFlow` (mixed in): one receipt for each payment of the paid
sale, issued again when the service recorded another receiver. The signals live on `SaleFlow`."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, SignalInstance

from pos_app.checkout import Checkout
from pos_app.checkout.receipts import issue_receipts, reissue_receipts
from pos_app.domain.sale import Receiver, Sale, Stage
from pos_app.journal import Journal, JournalSale, JournalStatus

from .messages import describe_error
from .tasks import TaskRunner

if TYPE_CHECKING:
    from .sale_flow import Services


class ReceiptSteps:
    """`SaleFlow`'s receipt methods; its texts keep the "SaleFlow" translation context."""

    sale: Sale | None
    services: Services | None
    runner: TaskRunner
    stage_changed: SignalInstance
    receipt_failed: SignalInstance
    receipt_issued: SignalInstance
    receipt_receiver_differed: SignalInstance
    _move: Callable[[Stage], None]

    def issue_receipt(self, receiver: Receiver) -> bool:
        """One receipt for each payment of the paid sale. A request whose answer was lost stays pending;
        asking again returns the receipt already made (one active receipt a payment), never a second one."""
        if self.sale is None or self.sale.stage is not Stage.PAID or not self.sale.payments:
            return False
        return self._receipt_step(receiver, issue_receipts)

    def reissue_receipt(self, receiver: Receiver) -> bool:
        """The service recorded another receiver than the one asked: void the receipts, issue them again."""
        if self.sale is None or self.sale.stage is not Stage.COMPLETED:
            return False
        return self._receipt_step(receiver, reissue_receipts)

    def _receipt_step(self, receiver: Receiver,
                      step: Callable[[Journal, Checkout, str, Receiver], JournalSale]) -> bool:
        sale, services = self.sale, self.services
        if sale is None or services is None:
            return False
        self._move(Stage.ISSUING_RECEIPT)
        number, journal, checkout = sale.number, services.journal, services.checkout
        self.runner.run_in_background(_with_record(journal, number, lambda: step(journal, checkout, number, receiver)),
                                      lambda done: self._on_receipt_done(sale, receiver, done), money=True)
        return True

    def _on_receipt_done(self, sale: Sale, asked: Receiver, done: Future[_Attempt]) -> None:
        if sale is not self.sale:
            return
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
            return
        assert recorded is not None
        sale.receipt_issued(recorded.current_receipts)
        self.stage_changed.emit(sale)
        if recorded.receiver_differs:
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
                return journal.get(number), exc
            except Exception:  # noqa: BLE001 - the step's own failure is the one to tell
                return None, exc
    return attempt
