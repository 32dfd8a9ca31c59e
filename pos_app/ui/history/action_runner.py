"""Running the sales history's actions: which actions apply to the selected sale, a question before one
starts, the action on the money worker, and its outcome in words.

Texts keep the dialog's translation context ("HistoryDialog"), where they were first written.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QCoreApplication
from pos_app.checkout.returns import can_void_at_till
from pos_app.journal import JournalSale, JournalStatus, ReceiptStatus, ReversalStatus

from pos_app.ui.history.model import can_check_again, can_reprint, can_return_items
from pos_app.ui.history.returns import stale_words
from pos_app.ui.common.messages import describe_error
from pos_app.ui.common.questions import ask, choose
from pos_app.checkout.sale_services import SaleServices

logger = logging.getLogger("pos_app.ui.history.dialog")

translate = QCoreApplication.translate     # lupdate reads translate("HistoryDialog", "...") calls


# -- what a background action brings back ---------------------------------------------------

@dataclass(frozen=True)
class ActionDone:
    """A finished action: its value or its error, and the sale as the journal has it afterwards."""

    value: Any = None
    error: BaseException | None = None
    after: JournalSale | None = None


def _guarded(services: SaleServices, number: str, work: Callable[[], Any]) -> Callable[[], ActionDone]:
    """The task for the worker: run `work`, then read the sale again (a failure included)."""
    journal = services.journal

    def task() -> ActionDone:
        try:
            value = work()
        except Exception as exc:  # noqa: BLE001 - shown in words; the journal says what is left
            try:
                after: JournalSale | None = journal.queries.get(number)
            except Exception:  # noqa: BLE001
                after = None
            return ActionDone(None, exc, after)
        return ActionDone(value, None, journal.queries.get(number))

    return task


@dataclass(frozen=True)
class ReceiptLeft:
    """Given back, but the receipt cancel after it failed."""

    error: BaseException


class HistoryRunning:
    """Starting and finishing the history dialog's actions (mixed into `HistoryDialog`)."""

    services: SaleServices
    runner: Any
    confirmation: Any
    message: Any
    table: Any
    note: Any
    _busy: bool
    _closed: bool
    _finished_text: str | None

    def _is_on_screen(self, sale: JournalSale) -> bool:
        return bool(sale.number) and sale.number == self._on_screen()

    def _give_back_problem(self, sale: JournalSale) -> str:
        """Why a paid sale cannot be given back here ("" when it can, or it is not paid)."""
        paid = sale.status in (JournalStatus.PAID, JournalStatus.COMPLETED)
        if sale.can_reverse or sale.can_return_tenders or not paid or not (sale.payments or sale.tenders):
            return ""
        if sale.part_returns:
            return translate("HistoryDialog", "Some of its items were returned: return the rest with Return items "
                                              "(Shift+F7).")
        if sale.tenders and sale.payments and sale.reversal_status is None:
            return translate("HistoryDialog", "Paid partly at the counter and partly by QPay: give the counter's "
                                              "part back by hand and the QPay part from QPay's merchant portal.")
        if sale.reversal_status is ReversalStatus.DONE:
            return translate("HistoryDialog", "The payment was already given back.")
        if sale.reversal_status is ReversalStatus.PENDING:
            return translate("HistoryDialog",
                             "The payment is being given back: press Check again (F5) to learn how it ended.")
        return translate("HistoryDialog",
                         "Paid by QPay bank transfer: QPay cannot give it back. Return the money another way.")

    def _update_actions(self) -> None:
        sale = self.selected_sale()
        on_screen = sale is not None and self._is_on_screen(sale)
        usable = sale is not None and not on_screen and not self._busy
        self.cancel_invoice_button.setEnabled(usable and sale.status is JournalStatus.OPEN
                                              and sale.invoice_id is not None)
        self.give_back_button.setEnabled(usable and (sale.can_reverse or sale.can_return_tenders))
        self.cancel_receipt_button.setEnabled(usable and can_void_at_till(sale)
                                              and not any(row.details_lost for row in sale.valid_receipts))
        self.return_items_button.setEnabled(usable and can_return_items(sale))
        self.settle_receipt_button.setVisible(sale is not None and bool(sale.stale_receipts))
        self.settle_receipt_button.setEnabled(usable and bool(sale.stale_receipts))
        self.issue_receipt_button.setEnabled(usable and sale.can_issue_receipt
                                             and sale.status is not JournalStatus.RECEIPT_PENDING)
        self.reprint_button.setEnabled(usable and can_reprint(sale))
        self.check_again_button.setEnabled(usable and can_check_again(sale))
        problem = self._give_back_problem(sale) if sale is not None else ""
        if sale is not None and sale.stale_receipts:
            problem = stale_words(sale, self.services.posapi is not None)
        self.give_back_button.setToolTip(problem or translate("HistoryDialog",
                                                              "Cancel or refund the sale's card payment."))
        self.note.setText(self.on_screen_text() if on_screen else problem)
        self.note.setVisible(bool(self.note.text()))

    def on_screen_text(self) -> str:
        return translate("HistoryDialog", "This sale is on the till's screen: finish it there.")

    def _usable(self) -> JournalSale | None:
        """The selected sale, when an action may start on it now; otherwise says why not."""
        sale = self.selected_sale()
        if sale is None or self._busy:
            return None
        if self._is_on_screen(sale):
            self._show_message(self.on_screen_text(), error=True)
            self._update_actions()
            return None
        return sale

    # -- running an action --------------------------------------------------------------------------

    def _start(self, sale: JournalSale, busy_text: str, work: Callable[[], Any],
               words: Callable[[ActionDone], tuple[str, bool]]) -> None:
        """Run `work` on the money worker; show its outcome (`words` gives text and whether it is an error)."""
        self._busy = True
        self._update_actions()
        self._show_message(busy_text, error=False)
        task = _guarded(self.services, sale.number, work)
        self.runner.run_in_background(task, lambda done: self._on_action_done(done, words), money=True)

    def _on_action_done(self, done: Future[ActionDone], words: Callable[[ActionDone], tuple[str, bool]]) -> None:
        if self._closed:
            return
        self._busy = False
        try:
            outcome = done.result()
            text, is_error = words(outcome)
        except Exception as exc:  # noqa: BLE001 - a bug in wording must not leave the buttons off
            logger.exception("history action outcome")
            text, is_error = describe_error(exc, translate("HistoryDialog", "Something went wrong.")), True
        self._show_message(text, error=is_error)
        self._finished_text = text
        if not self.reload():
            self._emit_finished()
        self.table.setFocus()

    def _show_message(self, text: str, *, error: bool) -> None:
        self.message.setText(text)
        self.message.setProperty("kind", "error" if error else "info")
        self.message.style().unpolish(self.message)
        self.message.style().polish(self.message)
        self.message.setVisible(bool(text))

    def _still_pending(self, after: JournalSale | None) -> str:
        if after is not None and (after.reversal_status is ReversalStatus.PENDING
                                  or after.receipt_status is ReceiptStatus.CANCELLING
                                  or after.status in (JournalStatus.CANCELLING, JournalStatus.CREATING)):
            return " " + translate("HistoryDialog",
                                   "Its outcome is not known yet: press Check again (F5) before trying again.")
        return ""

    def _confirm(self, question: str, yes: str, on_yes: Callable[[], None]) -> None:
        """A non-blocking question: Enter and Esc keep things as they are; Ctrl+Enter, or a click, does it."""
        box, yes_button = ask(self, question, yes, translate("HistoryDialog", "Back"))

        def on_finished() -> None:
            self.confirmation = None
            box.deleteLater()
            if self._closed:
                return
            self.activateWindow()      # the keyboard comes back to the history, not to a closed box
            if box.clickedButton() is yes_button and not self._busy:
                on_yes()
            self.table.setFocus()

        box.finished.connect(on_finished)
        self.confirmation = box
        box.open()

    def _choose(self, question: str, choices: Sequence[tuple[str, Callable[[], None]]]) -> None:
        """A non-blocking question with several answers (each text and what it does) and Back, the default: Enter
        and Esc keep things as they are."""
        box, answers = choose(self, question, [text for text, _then in choices], translate("HistoryDialog", "Back"))
        buttons = [(button, then) for button, (_text, then) in zip(answers, choices, strict=True)]

        def on_finished() -> None:
            self.confirmation = None
            box.deleteLater()
            if self._closed:
                return
            self.activateWindow()
            chosen = next((then for button, then in buttons if box.clickedButton() is button), None)
            if chosen is not None and not self._busy:
                chosen()
            self.table.setFocus()

        box.finished.connect(on_finished)
        self.confirmation = box
        box.open()
