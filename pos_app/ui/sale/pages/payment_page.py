"""The payment screen: the QR large, the amount, the short URL, the banks, and
what the till is doing about it (checking, trouble, cancelling)."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from pos_app.domain.sale import Sale, Stage
from pos_app.formats import money_text

from pos_app.ui.sale.pages.bank_list import BankList
from pos_app.ui.sale.pages.logos import LogoCache
from pos_app.ui.sale.flow.part_paid import PartPaid
from pos_app.ui.common.qr_widget import QRWidget


class PaymentPage(QWidget):
    check_requested = Signal()
    cancel_requested = Signal()
    show_customer_requested = Signal()
    simulate_requested = Signal()

    def __init__(self, logos: LogoCache, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.qr = QRWidget()
        self.qr.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.qr_error = QLabel()
        self.qr_error.setObjectName("banner")
        self.qr_error.setWordWrap(True)
        self.qr_error.hide()

        self.amount = QLabel()
        self.amount.setObjectName("bigAmount")
        self.number = QLabel()
        self.number.setObjectName("muted")
        self.part = QLabel()   # a partly paid sale: paid X of Y, Z to go, and the keys that go on
        self.part.setObjectName("partPaid")
        self.part.setWordWrap(True)
        self.part.hide()
        self.short_url = QLabel()
        self.short_url.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.short_url.setObjectName("muted")
        self.status = QLabel()
        self.status.setObjectName("status")
        self.status.setWordWrap(True)
        self.banner = QLabel()
        self.banner.setObjectName("banner")
        self.banner.setWordWrap(True)
        self.banner.hide()
        self.notice = QLabel()      # what the till would not do (a scan refused): kept until the next sale
        self.notice.setObjectName("banner")
        self.notice.setWordWrap(True)
        self.notice.hide()
        self.banks = BankList(logos)
        self.banks.setObjectName("banks")

        self.check_button = _button(self.tr("Check now  (F5)"), self.check_requested)
        self.customer_button = _button(self.tr("Show to customer  (F9)"), self.show_customer_requested)
        self.simulate_button = _button(self.tr("Simulate customer payment  (Ctrl+Shift+P)"), self.simulate_requested)
        self.simulate_button.setObjectName("training")
        self.cancel_button = _button(self.tr("Cancel sale  (Esc)"), self.cancel_requested)
        self.cancel_button.setObjectName("danger")

        head = QLabel(self.tr("Amount to pay"))
        head.setObjectName("muted")
        banks_head = QLabel(self.tr("Or open a bank app:"))
        banks_head.setObjectName("muted")

        side = QVBoxLayout()
        side.addWidget(head)
        side.addWidget(self.amount)
        side.addWidget(self.part)
        side.addWidget(self.number)
        side.addWidget(self.short_url)
        side.addSpacing(8)
        side.addWidget(self.status)
        side.addWidget(self.banner)
        side.addWidget(self.notice)
        side.addWidget(banks_head)
        side.addWidget(self.banks, 1)

        buttons = QHBoxLayout()
        buttons.addWidget(self.check_button)
        buttons.addWidget(self.customer_button)
        buttons.addWidget(self.simulate_button)
        buttons.addStretch(1)
        buttons.addWidget(self.cancel_button)

        qr_box = QVBoxLayout()
        qr_box.addWidget(self.qr, 1)
        qr_box.addWidget(self.qr_error)
        scan_hint = QLabel(self.tr("Scan with any bank app"))
        scan_hint.setAlignment(Qt.AlignmentFlag.AlignCenter)
        scan_hint.setObjectName("muted")
        qr_box.addWidget(scan_hint)

        frame = QFrame()
        frame.setObjectName("card")
        body = QHBoxLayout(frame)
        body.addLayout(qr_box, 3)
        body.addLayout(side, 2)

        layout = QVBoxLayout(self)
        layout.addWidget(frame, 1)
        layout.addLayout(buttons)

    def show_sale(self, sale: Sale, training: bool) -> None:
        invoice = sale.invoice
        if invoice is None:
            return
        self.amount.setText(money_text(sale.qpay_amount))
        self.set_part_paid(None)
        self.set_notice("")
        number = self.tr("Sale {number}").format(number=sale.number)
        if sale.tenders:      # the rest of a sale paid partly in cash or on the card terminal
            number += "  ·  " + self.tr("the rest of {total}; {tendered} taken already").format(
                total=money_text(sale.total), tendered=money_text(sale.tendered))
        self.number.setText(number)
        self.short_url.setText(invoice.short_url)
        self.short_url.setVisible(bool(invoice.short_url))
        try:
            self.qr.setData(invoice.qr_image, invoice.qr_text)
            self.qr_error.hide()
        except ValueError:
            self.qr.clear()
            self.qr_error.setText(self.tr("The service sent no usable QR code. The customer can pay "
                                          "through the short link or a bank app below."))
            self.qr_error.show()
        self.banks.set_banks(invoice.banks)
        self.simulate_button.setVisible(training)
        self.set_stage(sale.stage)

    def set_stage(self, stage: Stage) -> None:
        cancelling = stage is Stage.CANCELLING
        for button in (self.check_button, self.simulate_button, self.cancel_button):
            button.setEnabled(not cancelling)
        self.cancel_button.setText(self.tr("Cancelling…") if cancelling else self.tr("Cancel sale  (Esc)"))
        if cancelling:
            self.status.setText(self.tr("Cancelling the invoice…"))

    def set_part_paid(self, part: PartPaid | None) -> None:
        """Part of the amount is paid: how much of what, what is still to go, and the keys that go on.
        The amount to pay is the invoice's on screen (the rest, once it has its own invoice)."""
        if part is None:
            self.part.hide()
            return
        self.amount.setText(money_text(part.amount_now))
        ways = (self.tr("This invoice has expired: the customer can no longer pay it. What was paid is kept. F2 or "
                        "Esc: invoice the rest or give the part back.") if part.expired
                else self.tr("F2 or Esc: invoice the rest, give the part back, or keep waiting."))
        self.part.setText(self.tr("Paid {paid} of {total}: {due} to go.").format(
            paid=money_text(part.paid), total=money_text(part.total), due=money_text(part.due)) + "\n" + ways)
        self.part.show()

    def set_status(self, text: str) -> None:
        self.status.setText(text)

    def set_trouble(self, text: str) -> None:
        """The service's trouble, cleared by the next good check."""
        self.banner.setText(text)
        self.banner.setVisible(bool(text))

    def set_notice(self, text: str) -> None:
        """What the till would not do, in words; a good check does not clear it."""
        self.notice.setText(text)
        self.notice.setVisible(bool(text))


def _button(text: str, signal: Signal) -> QPushButton:
    button = QPushButton(text)
    button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # keys are shortcuts; focus would swallow Enter
    button.clicked.connect(signal)
    return button
