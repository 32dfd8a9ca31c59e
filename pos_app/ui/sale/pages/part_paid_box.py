"""The window's side of a partly paid sale: the payment screen shows what is paid and what is still to
go, and F2 or Esc ask how the sale goes on (F2 alone would leave the customer's money behind; Esc
cannot simply cancel an invoice that holds money).

The question, from the keyboard: Enter or Esc keep waiting (the safe answer: a scanner's Enter must not
start anything), Ctrl+Enter asks an invoice for the rest, G gives the part back (card payments only).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from PySide6.QtWidgets import QAbstractButton, QMessageBox, QStackedWidget, QWidget

from pos_app.formats import money_text

from pos_app.ui.sale.flow.part_paid import PartPaid
from pos_app.ui.common.questions import ctrl_enter_clicks

if TYPE_CHECKING:
    from pos_app.ui.sale.flow.flow import SaleFlow
    from pos_app.ui.sale.pages.later_pages import LaterPages


class Questions(Protocol):
    """The window's one open question, its confirmations (a Protocol: the sale's folders do not import the shell)."""

    @property
    def current(self) -> QMessageBox | None: ...

    def open(self, box: QMessageBox, on_answer: Callable[[QAbstractButton | None], None]) -> None: ...


class PartPaidQuestion(QMessageBox):
    def __init__(self, part: PartPaid, parent: QWidget) -> None:
        super().__init__(QMessageBox.Icon.Question, parent.windowTitle(), "", parent=parent)
        amounts = {"paid": money_text(part.paid), "total": money_text(part.total), "due": money_text(part.due)}
        self.setText(self.tr("{paid} of {total} is paid; {due} is still to pay.").format(**amounts))
        self.rest_button: QAbstractButton = self.addButton(self.tr("&Invoice the rest  (Ctrl+Enter)"),
                                                           QMessageBox.ButtonRole.AcceptRole)
        self.give_back_button: QAbstractButton | None = None
        if part.can_give_back:
            self.give_back_button = self.addButton(self.tr("&Give the part back"),
                                                   QMessageBox.ButtonRole.DestructiveRole)
            more = self.tr("Invoice the rest: a new QR code for {due}. Give the part back: {paid} goes back to "
                           "the customer's card and the sale is cancelled.")
        else:
            more = self.tr("Invoice the rest: a new QR code for {due}. A bank transfer cannot be given back "
                           "through QPay.")
        self.setInformativeText(more.format(**amounts))
        self.wait_button = self.addButton(self.tr("Keep &waiting  (Enter)"), QMessageBox.ButtonRole.RejectRole)
        ctrl_enter_clicks(self, self.rest_button)
        self.setDefaultButton(self.wait_button)   # type: ignore[arg-type]
        self.setEscapeButton(self.wait_button)


def ask_how_to_go_on(flow: SaleFlow, questions: Questions, parent: QWidget) -> bool:
    """F2 or Esc on a partly paid sale: ask (non-blocking). False when the sale is not partly paid."""
    part = flow.part_paid.state
    if part is None:
        return False
    if questions.current is not None:
        return True
    box = PartPaidQuestion(part, parent)

    def on_answer(clicked: QAbstractButton | None) -> None:
        if clicked is box.rest_button:
            flow.part_paid.invoice_rest()
        elif box.give_back_button is not None and clicked is box.give_back_button:
            flow.part_paid.give_back()

    questions.open(box, on_answer)
    return True


def show_part_paid(flow: SaleFlow, pages: QStackedWidget, later: LaterPages, part: PartPaid | None) -> None:
    """What is paid of the sale on the payment screen, and the invoice to pay now (the rest's, once made)."""
    sale = flow.sale
    if sale is None or sale.invoice is None or pages.currentWidget() is not later.payment_page:
        return
    later.payment_page.show_sale(sale, flow.is_training)
    later.payment_page.set_part_paid(part)
    later.customer_display.show_invoice(money_text(part.amount_now if part else sale.qpay_amount), sale.invoice)
