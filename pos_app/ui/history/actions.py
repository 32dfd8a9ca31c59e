"""The sales history's actions on the selected sale: cancel its open invoice, give its payment back, return some
of its items, cancel or issue its tax receipt, mark a receipt a return left standing settled, reprint it, check an
unfinished step again; which of them apply, and the question asked before one starts.

Texts keep the dialog's translation context ("HistoryDialog"), where they were first written.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QDialog, QInputDialog, QLabel, QMessageBox, QPushButton, QWidget

from pos_app.checkout.after_sale import (
    CancelOutcome,
    CancelResult,
    cancel_open_invoice,
    give_back,
)
from pos_app.checkout.posapi_desk import may_ask_again
from pos_app.checkout.partial_returns import ask_refunds_again, refunds_in_cash, refused_refunds
from pos_app.checkout.recovery import RecoveryOutcome, recover, settled_by_hand
from pos_app.checkout.returns import (
    can_void_at_till,
    issue_owed_receipt,
    return_tenders,
    settle_left_receipts,
    void_receipts,
)
from pos_app.checkout.sale_services import SaleServices
from pos_app.domain.people import Permission
from pos_app.domain.sale import ReceiptVia, Receiver, ReceiverKind
from pos_app.formats import money_text
from pos_app.journal import JournalSale, JournalStatus, ReceiptStatus, ReversalKind, ReversalStatus

from pos_app.ui.history.give_back_dialog import GiveBackDialog
from pos_app.ui.history.model import can_check_again, can_reprint, can_return_items
from pos_app.ui.history.returns import give_back_words, recovery_words, refused_refund_words, return_words, return_work
from pos_app.ui.history.returns import stale_words
from pos_app.ui.history.action_runner import ActionDone, ActionRunner, ReceiptLeft
from pos_app.ui.common.messages import describe_error
from pos_app.ui.common.questions import ask, choose
from pos_app.ui.common.receipt_words import receipt_named
from pos_app.ui.history.return_items_dialog import ReturnItemsDialog

translate = QCoreApplication.translate     # lupdate reads translate("HistoryDialog", "...") calls
# (permission, then, parent): `then()` once whoever is signed in may, or after a manager's PIN.
Approve = Callable[[Permission, Callable[[], None], QWidget], None]
# The same, telling `then` who approved (a manager's name for the journal).
ApproveAs = Callable[[Permission, Callable[[str], None], QWidget], None]


@dataclass(frozen=True)
class ActionButtons:
    """The dialog's buttons for the actions, turned on and off as the selected sale allows."""

    cancel_invoice: QPushButton
    give_back: QPushButton
    return_items: QPushButton
    cancel_receipt: QPushButton
    settle_receipt: QPushButton
    issue_receipt: QPushButton
    reprint: QPushButton
    check_again: QPushButton


class HistoryActions:
    """What can still be done to the selected sale (a part of `HistoryDialog`).

    Built with the sale's services, the `ActionRunner` that runs an action, the dialog as the `parent` of its
    questions, the action `buttons` and the `note` saying why one is not offered; and the dialog's callbacks:
    `selected_sale()`, `on_screen()` (the number of the sale on the till's screen), `show_message(text, error=)`,
    `is_closed()`, `focus_table()` (the keyboard back in the list) and `reprint(number)` (the till prints a copy).
    `approve` and `approve_as` ask for a manager's PIN before a refund or a void (`TillPeople.approve`, `approve_as`).

    `confirmation` (an open question), `give_back_dialog` and `return_dialog` are open while shown.
    """

    def __init__(self, services: SaleServices, runner: ActionRunner, parent: QWidget, buttons: ActionButtons,
                 note: QLabel, *, selected_sale: Callable[[], JournalSale | None], on_screen: Callable[[], str],
                 show_message: Callable[..., None], is_closed: Callable[[], bool], focus_table: Callable[[], None],
                 reprint: Callable[[str], None], today: Callable[[], date], approve: Approve,
                 approve_as: ApproveAs) -> None:
        self._services = services
        self._runner = runner
        self._parent = parent
        self._buttons = buttons
        self._note = note
        self._selected_sale = selected_sale
        self._on_screen = on_screen
        self._show_message = show_message
        self._is_closed = is_closed
        self._focus_table = focus_table
        self._reprint = reprint
        self._today = today
        self._approve = approve
        self._approve_as = approve_as
        self.confirmation: QMessageBox | QInputDialog | None = None
        self.give_back_dialog: GiveBackDialog | None = None
        self.return_dialog: ReturnItemsDialog | None = None

    # -- which actions apply ------------------------------------------------------------------------------

    def update(self) -> None:
        """The buttons on or off, and the note, for the selected sale."""
        sale = self._selected_sale()
        on_screen = sale is not None and self._is_on_screen(sale)
        usable = sale is not None and not on_screen and not self._runner.busy
        buttons = self._buttons
        buttons.cancel_invoice.setEnabled(usable and sale.status is JournalStatus.OPEN
                                          and sale.invoice_id is not None)
        buttons.give_back.setEnabled(usable and (sale.can_reverse or sale.can_return_tenders))
        buttons.cancel_receipt.setEnabled(usable and can_void_at_till(sale)
                                          and not any(row.details_lost for row in sale.valid_receipts))
        buttons.return_items.setEnabled(usable and can_return_items(sale))
        buttons.settle_receipt.setVisible(sale is not None and bool(sale.stale_receipts))
        buttons.settle_receipt.setEnabled(usable and bool(sale.stale_receipts))
        buttons.issue_receipt.setEnabled(usable and sale.can_issue_receipt
                                         and sale.status is not JournalStatus.RECEIPT_PENDING)
        buttons.reprint.setEnabled(usable and can_reprint(sale))
        buttons.check_again.setEnabled(usable and can_check_again(sale))
        problem = _give_back_problem(sale) if sale is not None else ""
        if sale is not None and sale.stale_receipts:
            problem = stale_words(sale, self._services.posapi is not None)
        buttons.give_back.setToolTip(problem or translate("HistoryDialog",
                                                          "Cancel or refund the sale's card payment."))
        self._note.setText(self.on_screen_text() if on_screen else problem)
        self._note.setVisible(bool(self._note.text()))

    def on_screen_text(self) -> str:
        return translate("HistoryDialog", "This sale is on the till's screen: finish it there.")

    def close_questions(self) -> None:
        """The dialog closes: its open question or dialog goes with it."""
        if self.confirmation is not None:
            self.confirmation.reject()
        if self.give_back_dialog is not None:
            self.give_back_dialog.reject()
        if self.return_dialog is not None:
            self.return_dialog.reject()

    def _is_on_screen(self, sale: JournalSale) -> bool:
        return bool(sale.number) and sale.number == self._on_screen()

    def _usable(self) -> JournalSale | None:
        """The selected sale, when an action may start on it now; otherwise says why not."""
        sale = self._selected_sale()
        if sale is None or self._runner.busy:
            return None
        if self._is_on_screen(sale):
            self._show_message(self.on_screen_text(), error=True)
            self.update()
            return None
        return sale

    # -- questions before an action -----------------------------------------------------------------------

    def _confirm(self, question: str, yes: str, on_yes: Callable[[], None]) -> None:
        """A non-blocking question: Enter and Esc keep things as they are; Ctrl+Enter, or a click, does it."""
        box, yes_button = ask(self._parent, question, yes, translate("HistoryDialog", "Back"))

        def on_finished() -> None:
            self.confirmation = None
            box.deleteLater()
            if self._is_closed():
                return
            self._parent.activateWindow()      # the keyboard comes back to the history, not to a closed box
            if box.clickedButton() is yes_button and not self._runner.busy:
                on_yes()
            self._focus_table()

        box.finished.connect(on_finished)
        self.confirmation = box
        box.open()

    def _choose(self, question: str, choices: Sequence[tuple[str, Callable[[], None]]]) -> None:
        """A non-blocking question with several answers (each text and what it does) and Back, the default: Enter
        and Esc keep things as they are."""
        box, answers = choose(self._parent, question, [text for text, _then in choices],
                              translate("HistoryDialog", "Back"))
        buttons = [(button, then) for button, (_text, then) in zip(answers, choices, strict=True)]

        def on_finished() -> None:
            self.confirmation = None
            box.deleteLater()
            if self._is_closed():
                return
            self._parent.activateWindow()
            chosen = next((then for button, then in buttons if box.clickedButton() is button), None)
            if chosen is not None and not self._runner.busy:
                chosen()
            self._focus_table()

        box.finished.connect(on_finished)
        self.confirmation = box
        box.open()

    # -- cancel invoice ---------------------------------------------------------------------------------

    def on_cancel_invoice_clicked(self) -> None:
        sale = self._usable()
        if sale is None or sale.status is not JournalStatus.OPEN:
            return
        self._confirm(translate("HistoryDialog",
                                "Cancel the invoice of sale {number} ({amount})? The customer's QR code stops "
                                "working.").format(number=sale.number, amount=money_text(sale.qpay_due)),
                      translate("HistoryDialog", "Cancel invoice"), lambda: self._cancel_invoice(sale))

    def _cancel_invoice(self, sale: JournalSale) -> None:
        services, number = self._services, sale.number

        def words(done: ActionDone) -> tuple[str, bool]:
            if done.error is not None:
                return describe_error(done.error, translate("HistoryDialog",
                                                            "The invoice of sale {number} could not be cancelled.")
                                      .format(number=number)) + _still_pending(done.after), True
            outcome: CancelOutcome = done.value
            if outcome.result is CancelResult.CANCELLED:
                return translate("HistoryDialog",
                                 "Sale {number} is cancelled: nothing was charged.").format(number=number), False
            if outcome.result is CancelResult.PAID:
                return translate("HistoryDialog",
                                 "The customer has already paid sale {number}, so it cannot be cancelled. "
                                 "It is now recorded as paid.").format(number=number), True
            return translate("HistoryDialog",
                             "Part of sale {number} is already paid, so it cannot be cancelled. It stays open, "
                             "waiting for the rest.").format(number=number), True

        self._runner.start(sale, translate("HistoryDialog", "Cancelling the invoice of sale {number}…").format(
            number=number), lambda: cancel_open_invoice(services.journal, services.checkout, number), words)

    # -- give back ------------------------------------------------------------------------------------------

    def on_give_back_clicked(self) -> None:
        sale = self._usable()
        if sale is None or not (sale.can_reverse or sale.can_return_tenders):
            return
        self._approve(Permission.REFUND, lambda: self._ask_give_back(sale), self._parent)

    def _ask_give_back(self, sale: JournalSale) -> None:
        if self._is_closed():
            return
        dialog = GiveBackDialog(sale, self._parent, today=self._today)
        self.give_back_dialog = dialog
        dialog.accepted.connect(lambda: self.on_give_back_dialog_accepted(dialog))
        dialog.finished.connect(lambda _result: self.on_give_back_dialog_finished(dialog))
        dialog.open()

    def on_give_back_dialog_finished(self, dialog: GiveBackDialog) -> None:
        if self.give_back_dialog is dialog:
            self.give_back_dialog = None
        dialog.deleteLater()
        if not self._is_closed():
            self._parent.activateWindow()      # the keyboard comes back to the history, not to a closed dialog
            self._focus_table()

    def on_give_back_dialog_accepted(self, dialog: GiveBackDialog) -> None:
        sale, kind = dialog.sale, dialog.result_kind
        reason, void = dialog.result_reason, dialog.result_void_receipt
        if self._is_closed() or kind is None:
            return
        if self._runner.busy or self._is_on_screen(sale):
            self._show_message(self.on_screen_text() if self._is_on_screen(sale)
                               else translate("HistoryDialog",
                                              "Another action is still running: try again when it ends."), error=True)
            return
        services, number = self._services, sale.number

        def work() -> Any:
            try:
                if sale.can_return_tenders:     # cash from the drawer, the terminal's refund on the terminal
                    return return_tenders(services.journal, services.checkout, services.posapi, number, reason,
                                          void_receipt=void)
                return give_back(services.journal, services.checkout, number, kind, reason, void_receipt=void,
                                 posapi=services.posapi)
            except Exception as exc:
                after = services.journal.queries.get(number)
                if after.is_reversed:            # the money went back; only the receipt step failed
                    return ReceiptLeft(exc)
                raise

        def words(done: ActionDone) -> tuple[str, bool]:
            left = done.value.error if isinstance(done.value, ReceiptLeft) else None
            return give_back_words(sale, kind, done, left, _still_pending(done.after),
                                   services.posapi is not None)

        busy = (translate("HistoryDialog", "Refunding the payment of sale {number}…") if kind is ReversalKind.REFUND
                else translate("HistoryDialog", "Cancelling the card payment of sale {number}…")).format(number=number)
        self._runner.start(sale, busy, work, words)

    # -- return items (a part of the sale) ---------------------------------------------------------------------

    def on_return_items_clicked(self) -> None:
        sale = self._usable()
        if sale is None or not can_return_items(sale):
            return
        self._approve(Permission.REFUND, lambda: self._ask_return_items(sale), self._parent)

    def _ask_return_items(self, sale: JournalSale) -> None:
        if self._is_closed():
            return
        dialog = ReturnItemsDialog(sale, self._parent, posapi_set=self._services.posapi is not None,
                                   cash_step=self._services.cash_step)
        self.return_dialog = dialog
        dialog.accepted.connect(lambda: self.on_return_dialog_accepted(dialog))
        dialog.finished.connect(lambda _result: self.on_return_dialog_finished(dialog))
        dialog.open()

    def on_return_dialog_finished(self, dialog: ReturnItemsDialog) -> None:
        if self.return_dialog is dialog:
            self.return_dialog = None
        dialog.deleteLater()
        if not self._is_closed():
            self._parent.activateWindow()
            self._focus_table()

    def on_return_dialog_accepted(self, dialog: ReturnItemsDialog) -> None:
        sale, quantities, reason = dialog.sale, dialog.result_quantities, dialog.result_reason
        if self._is_closed() or not quantities:
            return
        if self._runner.busy or self._is_on_screen(sale):
            self._show_message(self.on_screen_text() if self._is_on_screen(sale)
                               else translate("HistoryDialog",
                                              "Another action is still running: try again when it ends."), error=True)
            return
        self._runner.start(sale, translate("HistoryDialog", "Returning items of sale {number}…").format(
            number=sale.number), return_work(self._services, sale.number, quantities, reason),
            lambda done: return_words(sale.number, done, self._services.posapi is not None))

    # -- a receipt a return left standing, settled by a manager -------------------------------------------------

    def on_settle_receipt_clicked(self) -> None:
        sale = self._usable()
        if sale is None or not sale.stale_receipts:
            return
        self._approve_as(Permission.VOID, lambda manager: self._ask_settle(sale, manager), self._parent)

    def _ask_settle(self, sale: JournalSale, manager: str) -> None:
        if self._is_closed():
            return
        box = QInputDialog(self._parent)
        box.setWindowTitle(translate("HistoryDialog", "Receipt settled"))
        box.setLabelText(translate("HistoryDialog", "The tax receipt of sale {number} stays valid in the tax system "
                                                    "for goods given back. What was done about it?").format(
            number=sale.number))
        box.setTextValue(translate("HistoryDialog", "corrected in the ebarimt portal"))
        box.setOkButtonText(translate("HistoryDialog", "Mark settled"))
        box.setCancelButtonText(translate("HistoryDialog", "Back"))

        def on_finished(result: int) -> None:
            self.confirmation = None
            box.deleteLater()
            note = box.textValue().strip()
            if self._is_closed() or result != QDialog.DialogCode.Accepted or self._runner.busy or not note:
                return
            journal, number = self._services.journal, sale.number

            def words(done: ActionDone) -> tuple[str, bool]:
                if done.error is not None:
                    return describe_error(done.error, translate("HistoryDialog", "Sale {number} was not settled.")
                                          .format(number=number)), True
                return translate("HistoryDialog", "Sale {number}'s tax receipt is marked settled; the day close "
                                                  "still counts it as PosAPI holds it.").format(number=number), False

            self._runner.start(sale, translate("HistoryDialog", "Recording what was done for sale {number}…").format(
                number=number), lambda: settle_left_receipts(journal, number, manager, note), words)

        box.finished.connect(on_finished)
        self.confirmation = box
        box.open()

    # -- cancel receipt --------------------------------------------------------------------------------------

    def on_cancel_receipt_clicked(self) -> None:
        sale = self._usable()
        if sale is None or not sale.has_active_receipt:
            return
        self._approve(Permission.VOID, lambda: self._ask_cancel_receipt(sale), self._parent)

    def _ask_cancel_receipt(self, sale: JournalSale) -> None:
        if self._is_closed():
            return
        self._confirm(translate("HistoryDialog",
                                "Cancel the tax receipt of sale {number} ({receipt})? This voids it in the "
                                "tax system (ebarimt). The payment is not given back.")
                      .format(number=sale.number, receipt=receipt_named(sale.receipt)),
                      translate("HistoryDialog", "Cancel receipt"), lambda: self._cancel_receipt(sale))

    def _cancel_receipt(self, sale: JournalSale) -> None:
        services, number = self._services, sale.number

        def words(done: ActionDone) -> tuple[str, bool]:
            if done.error is not None:
                return describe_error(done.error, translate("HistoryDialog",
                                                            "The tax receipt of sale {number} was not cancelled.")
                                      .format(number=number)) + _still_pending(done.after), True
            return translate("HistoryDialog",
                             "The tax receipt of sale {number} is cancelled in the tax system.").format(
                number=number), False

        self._runner.start(sale, translate("HistoryDialog",
                                           "Cancelling the tax receipt of sale {number}…").format(number=number),
                           lambda: void_receipts(services.journal, services.checkout, services.posapi, number), words)

    # -- issue receipt -----------------------------------------------------------------------------------------

    def on_issue_receipt_clicked(self) -> None:
        """A paid sale whose money was kept and that has no valid receipt (left without one, or voided): the
        receiver is asked (an organization's register number, or empty for an individual)."""
        sale = self._usable()
        if sale is None or not sale.can_issue_receipt:
            return
        box = QInputDialog(self._parent)
        box.setWindowTitle(translate("HistoryDialog", "Issue receipt"))
        box.setLabelText(translate("HistoryDialog",
                                   "Receipt of sale {number}: the organization's 7-digit register number, "
                                   "or nothing for an individual.").format(number=sale.number))
        box.setOkButtonText(translate("HistoryDialog", "Issue receipt"))
        box.setCancelButtonText(translate("HistoryDialog", "Back"))
        if sale.receiver is not None and sale.receiver.kind is ReceiverKind.ORGANIZATION:
            box.setTextValue(sale.receiver.register)

        def on_finished(result: int) -> None:
            self.confirmation = None
            box.deleteLater()
            if self._is_closed() or result != QDialog.DialogCode.Accepted or self._runner.busy:
                return
            text = box.textValue().strip()
            try:
                receiver = Receiver.organization(text) if text else Receiver()
            except ValueError:
                self._show_message(translate("HistoryDialog",
                                             "Check the register number: an organization's has exactly 7 digits."),
                                   error=True)
                return
            self._issue_receipt(sale, receiver)

        box.finished.connect(on_finished)
        self.confirmation = box
        box.open()

    def _issue_receipt(self, sale: JournalSale, receiver: Receiver) -> None:
        services, number = self._services, sale.number

        def words(done: ActionDone) -> tuple[str, bool]:
            if done.error is not None:
                return describe_error(done.error, translate("HistoryDialog",
                                                            "The tax receipt of sale {number} was not issued.")
                                      .format(number=number)), True
            after: JournalSale = done.value
            return translate("HistoryDialog", "The tax receipt of sale {number} is issued: lottery {lottery}.").format(
                number=number, lottery=", ".join(receipt.lottery for receipt in after.current_receipts)), False

        self._runner.start(sale, translate("HistoryDialog", "Issuing the tax receipt of sale {number}…").format(
            number=number), lambda: issue_owed_receipt(services.journal, services.checkout, services.posapi, number,
                                                       receiver), words)

    # -- reprint ----------------------------------------------------------------------------------------------

    def on_reprint_clicked(self) -> None:
        sale = self._usable()
        if sale is None or not can_reprint(sale):
            return
        self._reprint(sale.number)

    # -- a PosAPI receipt of an earlier day, settled by a person ------------------------------------------------

    def _settle_by_hand(self, sale: JournalSale) -> None:
        self._choose(translate(
            "HistoryDialog", "The answer to the receipt request of sale {number} was lost on {day} (bill number "
            "{bill}), and its day is over: asking again could make a second receipt. Look it up in PosAPI: was "
            "the receipt made?").format(number=sale.number, day=sale.receipt_bill_day, bill=sale.receipt_bill),
            [(translate("HistoryDialog", "It was made"), lambda: self._record_settled(sale, True)),
             (translate("HistoryDialog", "It was not made"), lambda: self._record_settled(sale, False))])

    def _record_settled(self, sale: JournalSale, made: bool) -> None:
        services, number = self._services, sale.number

        def words(done: ActionDone) -> tuple[str, bool]:
            if done.error is not None:
                return describe_error(done.error, translate("HistoryDialog", "Sale {number} was not settled.")
                                      .format(number=number)), True
            if made:
                return translate("HistoryDialog", "Sale {number}'s receipt is recorded as made.").format(
                    number=number), False
            if done.after is not None and done.after.stale_receipts:      # a correction not made: asked anew
                return stale_words(done.after, services.posapi is not None), False
            return translate("HistoryDialog", "Sale {number} is owed its receipt: issue it with Issue receipt "
                                              "(F9).").format(number=number), False

        self._runner.start(sale, translate("HistoryDialog", "Recording what PosAPI holds for sale {number}…").format(
            number=number), lambda: settled_by_hand(services.journal, number, made), words)

    # -- check again -------------------------------------------------------------------------------------------

    def on_check_again_clicked(self) -> None:
        sale = self._usable()
        if sale is None or not can_check_again(sale):
            return
        services, number = self._services, sale.number
        if sale.status is JournalStatus.RECEIPT_PENDING and sale.receipt_via is ReceiptVia.POSAPI \
                and not may_ask_again(sale, services.journal.now()):
            self._settle_by_hand(sale)      # the bill number is free again: a person looks in PosAPI
            return
        if refused_refunds(sale):           # QPay refused a return's refund: the cashier chooses
            self._choose(refused_refund_words(sale), [
                (translate("HistoryDialog", "Ask QPay again"), lambda: self._runner.start(
                    sale, translate("HistoryDialog", "Asking QPay again for sale {number}…").format(number=number),
                    lambda: ask_refunds_again(services.journal, services.checkout, services.posapi, number),
                    lambda done: return_words(number, done, services.posapi is not None, refused=sale))),
                (translate("HistoryDialog", "Hand it over in cash"), lambda: self._approve(
                    Permission.REFUND, lambda: self._runner.start(
                        sale, translate("HistoryDialog", "Recording the cash handed over for sale {number}…").format(
                            number=number),
                        lambda: refunds_in_cash(services.journal, services.checkout, services.posapi, number),
                        lambda done: return_words(number, done, services.posapi is not None, refused=sale)),
                    self._parent))])
            return

        def work() -> RecoveryOutcome | None:
            current = services.journal.queries.get(number)
            if not can_check_again(current):
                return None                  # settled meanwhile (the till's own retries)
            return recover(services.journal, services.checkout, current, services.posapi)

        def words(done: ActionDone) -> tuple[str, bool]:
            if done.error is not None:
                return describe_error(done.error, translate("HistoryDialog", "Sale {number} could not be checked.")
                                      .format(number=number)), True
            outcome: RecoveryOutcome | None = done.value
            if outcome is None:
                return translate("HistoryDialog",
                                 "Sale {number} has nothing left to check.").format(number=number), False
            text, is_error = recovery_words(outcome.result)
            return text.format(number=number), is_error

        self._runner.start(sale, translate("HistoryDialog",
                                           "Checking sale {number} with the payment service…").format(number=number),
                           work, words)


def _give_back_problem(sale: JournalSale) -> str:
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


def _still_pending(after: JournalSale | None) -> str:
    if after is not None and (after.reversal_status is ReversalStatus.PENDING
                              or after.receipt_status is ReceiptStatus.CANCELLING
                              or after.status in (JournalStatus.CANCELLING, JournalStatus.CREATING)):
        return " " + translate("HistoryDialog",
                               "Its outcome is not known yet: press Check again (F5) before trying again.")
    return ""
