"""How the customer pays, after the cart: cash (amount given, the change as it is typed), the bank's card terminal
(the amount and the approval code from its slip), any mix of them, or QPay for what is left (F12).

Keys, not dialogs: F7 cash and F8 card terminal switch the field in front, Enter takes it, F12 sends the rest to
QPay, Esc goes back to the cart (nothing taken) or asks to hand the payments back. The amount field starts with
what is due, selected, so the cashier types over it: the card's exact, the cash's in whole tögrög (rounded as the
shop set it, the rounding said beside it); a cash amount that covers the sale shows its change large before
Enter.
"""

from __future__ import annotations

from decimal import Decimal
from enum import Enum

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from pos_app.domain.cash import DEFAULT_CASH_STEP
from pos_app.domain.sale import ReceiptVia, Sale
from pos_app.domain.tenders import CardTender, CashTender, Tender, TenderError, Tendering
from pos_app.formats import money_text, signed_money_text


class TenderMode(Enum):
    CASH = "cash"
    CARD = "card"


def _plain(amount: object) -> str:
    """An amount as the cashier types it (no separators, no sign): 9300, or 12.50."""
    text = f"{amount:f}" if not isinstance(amount, str) else amount
    return text.rstrip("0").rstrip(".") if "." in text else text


class TenderPage(QWidget):
    cash_entered = Signal(str)           # the amount the customer handed over
    card_entered = Signal(str, str)      # the amount the terminal charged, its approval code
    qpay_requested = Signal()
    back_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.mode = TenderMode.CASH
        self.sale: Sale | None = None
        self.cash_step = DEFAULT_CASH_STEP      # cash is paid to a multiple of it (the shop's: set_cash_step)
        self.title = QLabel()
        self.title.setObjectName("sectionTitle")
        self.due_label = QLabel(self.tr("Due"))
        self.due_label.setObjectName("muted")
        self.due = QLabel()
        self.due.setObjectName("total")
        self.taken = QListWidget()
        self.taken.setObjectName("tenders")
        self.taken.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.no_receipt = QLabel(self.tr("No PosAPI is set: a sale paid by cash or the card terminal gets no tax "
                                         "receipt. Set PosAPI in Settings (Ctrl+,)."))
        self.no_receipt.setObjectName("banner")
        self.no_receipt.setWordWrap(True)
        self.error = QLabel()
        self.error.setObjectName("banner")
        self.error.setWordWrap(True)
        self.error.hide()

        # -- cash
        self.cash = QLineEdit()
        self.cash.setObjectName("cashGiven")
        self.cash.setPlaceholderText(self.tr("Amount the customer gave"))
        self.cash.textChanged.connect(self.on_cash_changed)
        self.cash.returnPressed.connect(self.on_cash_returned)
        self.cash_due = QLabel()              # what cash pays when the due has möngö: rounded, and by how much
        self.cash_due.setObjectName("cashDue")
        self.change = QLabel()
        self.change.setObjectName("bigAmount")
        self.change_label = QLabel()
        self.change_label.setObjectName("muted")
        cash_box = QFrame()
        cash_box.setObjectName("card")
        cash_layout = QGridLayout(cash_box)
        cash_title = QLabel(self.tr("Cash  (F7)"))
        cash_title.setObjectName("sectionTitle")
        cash_layout.addWidget(cash_title, 0, 0, 1, 2)
        cash_layout.addWidget(self.cash_due, 1, 0, 1, 2)
        cash_layout.addWidget(QLabel(self.tr("Given")), 2, 0)
        cash_layout.addWidget(self.cash, 2, 1)
        cash_layout.addWidget(self.change_label, 3, 0)
        cash_layout.addWidget(self.change, 3, 1)

        # -- card terminal
        self.card_amount = QLineEdit()
        self.card_amount.setObjectName("cardAmount")
        self.card_amount.returnPressed.connect(lambda: self.approval.setFocus())
        self.approval = QLineEdit()
        self.approval.setObjectName("approvalCode")
        self.approval.setMaxLength(12)
        self.approval.setPlaceholderText(self.tr("From the terminal's slip, such as 123456"))
        self.approval.returnPressed.connect(self.on_card_returned)
        card_box = QFrame()
        card_box.setObjectName("card")
        card_layout = QGridLayout(card_box)
        card_title = QLabel(self.tr("Card terminal  (F8)"))
        card_title.setObjectName("sectionTitle")
        card_hint = QLabel(self.tr("Charge the card on the bank's terminal first, then type its approval code."))
        card_hint.setObjectName("muted")
        card_hint.setWordWrap(True)
        card_layout.addWidget(card_title, 0, 0, 1, 2)
        card_layout.addWidget(card_hint, 1, 0, 1, 2)
        card_layout.addWidget(QLabel(self.tr("Amount")), 2, 0)
        card_layout.addWidget(self.card_amount, 2, 1)
        card_layout.addWidget(QLabel(self.tr("Approval code")), 3, 0)
        card_layout.addWidget(self.approval, 3, 1)

        self.modes = QStackedWidget()
        self.modes.addWidget(cash_box)
        self.modes.addWidget(card_box)

        self.take_button = QPushButton(self.tr("Take the payment  (Enter)"))
        self.take_button.setObjectName("primary")
        self.take_button.clicked.connect(self.on_take_clicked)
        self.cash_button = QPushButton(self.tr("Cash  (F7)"))
        self.cash_button.clicked.connect(lambda: self.set_mode(TenderMode.CASH))
        self.card_button = QPushButton(self.tr("Card terminal  (F8)"))
        self.card_button.clicked.connect(lambda: self.set_mode(TenderMode.CARD))
        self.qpay_button = QPushButton(self.tr("QPay for the rest  (F12)"))
        self.qpay_button.clicked.connect(self.qpay_requested)
        self.back_button = QPushButton(self.tr("Back  (Esc)"))
        self.back_button.clicked.connect(self.back_requested)
        for button in (self.cash_button, self.card_button, self.qpay_button, self.back_button, self.take_button):
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        # The tenders in a column beside the field (a row of them would not fit 1024 pixels in Mongolian).
        buttons = QHBoxLayout()
        buttons.addWidget(self.back_button)
        buttons.addStretch(1)
        buttons.addWidget(self.take_button)

        self.taken.setMaximumHeight(self.fontMetrics().height() * 8)
        side = QVBoxLayout()
        side.addWidget(self.due_label)
        side.addWidget(self.due)
        side.addWidget(QLabel(self.tr("Taken so far")))
        side.addWidget(self.taken)
        side.addStretch(1)
        for button in (self.cash_button, self.card_button, self.qpay_button):
            side.addWidget(button)
        body = QHBoxLayout()
        body.addLayout(side, 2)
        main = QVBoxLayout()
        main.addWidget(self.modes)
        main.addWidget(self.error)
        main.addStretch(1)
        body.addLayout(main, 3)

        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addWidget(self.no_receipt)
        layout.addLayout(body, 1)
        layout.addLayout(buttons)

    # -- showing the sale --------------------------------------------------------------------------------------

    def show_sale(self, sale: Sale) -> None:
        """The sale as it stands: its total, what is taken, what is due (and the fields start with that)."""
        self.sale = sale
        self.title.setText(self.tr("Sale {number}  ·  total {total}").format(
            number=sale.number or self.tr("(new)"), total=money_text(sale.total)))
        self.due.setText(money_text(sale.due))
        self.no_receipt.setVisible(sale.receipt_via is ReceiptVia.NONE)
        self.taken.clear()
        for tender in sale.tenders:
            self.taken.addItem(self.tender_text(tender))
        if not sale.tenders:
            self.taken.addItem(self.tr("Nothing yet"))
        self.qpay_button.setText(self.tr("QPay for the rest  (F12)") if sale.tenders
                                 else self.tr("QPay  (F12)"))
        self.back_button.setText(self.tr("Hand back…  (Esc)") if sale.tenders else self.tr("Back to the cart  (Esc)"))
        self._fill_fields()

    def tender_text(self, tender: Tender) -> str:
        if isinstance(tender, CashTender):
            if tender.rounding:
                return self.tr("Cash {amount} (given {given}, change {change}, rounding {rounding})").format(
                    amount=money_text(tender.amount), given=money_text(tender.given),
                    change=money_text(tender.change), rounding=signed_money_text(tender.rounding))
            if tender.change:
                return self.tr("Cash {amount} (given {given}, change {change})").format(
                    amount=money_text(tender.amount), given=money_text(tender.given),
                    change=money_text(tender.change))
            return self.tr("Cash {amount}").format(amount=money_text(tender.amount))
        if isinstance(tender, CardTender):
            return self.tr("Card terminal {amount} (approval {code})").format(
                amount=money_text(tender.amount), code=tender.approval_code)
        return money_text(tender.amount)

    def _fill_fields(self) -> None:
        self.cash.clear()
        self.card_amount.clear()
        self.cash_due.hide()
        if self.sale is not None:
            due = self.sale.due
            cash_due = Tendering(self.sale.total, self.sale.tenders).cash_due(self.cash_step)
            self.cash.setText(_plain(cash_due))
            self.card_amount.setText(_plain(due))
            self.cash_due.setText(self.tr("In cash {amount} (rounding {rounding})").format(
                amount=money_text(cash_due), rounding=signed_money_text(cash_due - due)))
            self.cash_due.setVisible(cash_due != due)
        self.approval.clear()
        self.on_cash_changed(self.cash.text())
        self.focus_field()

    def set_cash_step(self, step: Decimal) -> None:
        self.cash_step = step

    def open_in(self, mode: TenderMode) -> None:
        """The mode shown when the page next shows a sale (`set_mode` shows one now)."""
        self.mode = mode

    def set_mode(self, mode: TenderMode) -> None:
        self.mode = mode
        self.modes.setCurrentIndex(0 if mode is TenderMode.CASH else 1)
        self.error.hide()
        self.focus_field()

    def focus_field(self) -> None:
        field = self.cash if self.mode is TenderMode.CASH else self.approval
        field.setFocus()
        field.selectAll()

    def show_error(self, text: str) -> None:
        self.error.setText(text)
        self.error.setVisible(bool(text))

    def set_busy(self, busy: bool) -> None:
        for widget in (self.cash, self.card_amount, self.approval, self.take_button, self.qpay_button,
                       self.back_button):
            widget.setEnabled(not busy)
        if not busy:
            self.focus_field()

    # -- the cashier's input -----------------------------------------------------------------------------------

    def on_cash_changed(self, text: str) -> None:
        """The change as the amount is typed: shown large once the cash covers what is due (as cash pays it)."""
        sale, tender = self.sale, None
        if sale is not None and sale.due > 0:
            try:
                tender = Tendering(sale.total, sale.tenders).cash_tender(text, self.cash_step)
            except TenderError:
                tender = None
        if sale is None or tender is None:
            self.change_label.setText("")
            self.change.setText("")
        elif tender.amount < sale.due:
            self.change_label.setText(self.tr("Still due after this"))
            self.change.setText(money_text(sale.due - tender.amount))
        else:
            self.change_label.setText(self.tr("Change"))
            self.change.setText(money_text(tender.change))

    def on_cash_returned(self) -> None:
        self.error.hide()
        self.cash_entered.emit(self.cash.text())

    def on_card_returned(self) -> None:
        self.error.hide()
        self.card_entered.emit(self.card_amount.text(), self.approval.text())

    def on_take_clicked(self) -> None:
        if self.mode is TenderMode.CASH:
            self.on_cash_returned()
        else:
            self.on_card_returned()
