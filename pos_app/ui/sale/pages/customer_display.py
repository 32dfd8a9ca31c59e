"""The customer's screen: the lines as they are scanned with the running total, the amount and the QR to scan,
then "Paid — thank you".

It is a window of its own, full screen on a second monitor facing the customer, that
never takes the keyboard from the cashier's window: the barcode scanner types
into whatever has focus, so a display grabbing focus would swallow a scan.
F9 shows and hides it; on a one-screen counter it is never shown, as it would
cover the till (decisions.md §19).
"""

from __future__ import annotations

import html
import logging
from collections.abc import Sequence

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QFont, QGuiApplication
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from pos_app.domain.sale import OpenInvoice

from pos_app.ui.common.qr_widget import QRWidget

logger = logging.getLogger(__name__)

PAID_GREEN = "#1b873f"
SHOWN_LINES = 8          # the newest lines; the total counts them all


def customer_screen(till: QRect, screens: Sequence[QRect]) -> QRect | None:
    """Where the customer's display goes: a screen the till's window is not on (the first one that does not
    meet the till's own screen), or None when there is none (one screen, or screens that mirror each other),
    as the display would cover the till there."""
    if not screens:
        return None

    def overlap(screen: QRect) -> int:
        common = screen.intersected(till)
        return common.width() * common.height() if common.isValid() else 0

    till_screen = max(screens, key=overlap)
    return next((screen for screen in screens if not screen.intersects(till_screen)), None)


def _label(name: str, point_size: int, *, bold: bool = False) -> QLabel:
    label = QLabel()
    label.setObjectName(name)
    label.setAlignment(Qt.AlignmentFlag.AlignCenter)
    label.setWordWrap(True)
    font = QFont(label.font())
    font.setPointSize(point_size)
    font.setBold(bold)
    label.setFont(font)
    return label


class CustomerDisplay(QWidget):
    SHOWN_LINES = SHOWN_LINES

    def __init__(self, shop_name: str = "", parent: QWidget | None = None) -> None:
        # Qt.Window keeps it a top-level window even when given a parent.
        super().__init__(parent, Qt.WindowType.Window | Qt.WindowType.WindowDoesNotAcceptFocus)
        self.setAttribute(Qt.WidgetAttribute.WA_ShowWithoutActivating)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setWindowTitle(self.tr("Customer display"))
        self.setAutoFillBackground(True)
        palette = self.palette()
        palette.setColor(self.backgroundRole(), Qt.GlobalColor.white)
        palette.setColor(self.foregroundRole(), Qt.GlobalColor.black)
        self.setPalette(palette)

        self.shop = _label("shop", 20, bold=True)
        self.caption = _label("caption", 18)
        self.amount = _label("amount", 40, bold=True)
        self.qr = QRWidget()
        self.hint = _label("hint", 18)
        self.paid = _label("paid", 48, bold=True)
        self.paid.setStyleSheet(f"color: {PAID_GREEN};")
        self.lines = _label("lines", 16)
        self.lines.setTextFormat(Qt.TextFormat.RichText)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(32, 24, 32, 24)
        layout.setSpacing(12)
        layout.addWidget(self.shop)
        layout.addStretch(1)
        layout.addWidget(self.lines)
        layout.addWidget(self.caption)
        layout.addWidget(self.amount)
        layout.addWidget(self.qr, 8)           # it centres the square itself
        layout.addWidget(self.paid)
        layout.addWidget(self.hint)
        layout.addStretch(1)

        self.set_shop_name(shop_name)
        self.show_idle()

    def show_beside(self, till: QWidget) -> bool:
        """Full screen on a screen the till is not on, without taking the keyboard; False (and nothing shown)
        when there is no such screen."""
        screens = QGuiApplication.screens()
        geometry = customer_screen(till.frameGeometry(), [screen.geometry() for screen in screens])
        if geometry is None:
            return False
        screen = QGuiApplication.screenAt(geometry.center())
        if screen is not None:
            self.setScreen(screen)
        self.setGeometry(geometry)
        self.showFullScreen()
        return True

    def set_shop_name(self, name: str) -> None:
        self.shop.setText(name)
        self.shop.setVisible(bool(name))

    def show_cart(self, newest: Sequence[tuple[str, str, str]], count: int, total_text: str,
                  discount_text: str = "") -> None:
        """The sale as it is rung up: (item, quantity × price, amount) for the newest lines (of `count`), and
        the total."""
        if not count:
            self.show_idle()
            return
        rows = "".join(f"<tr><td>{html.escape(name)}</td><td align='right'>&nbsp;{html.escape(times)}&nbsp;</td>"
                       f"<td align='right'>{html.escape(amount)}</td></tr>" for name, times, amount in
                       newest[-SHOWN_LINES:])
        more = count - min(len(newest), SHOWN_LINES)
        before = self.tr("… and %n line(s) before", "", more)
        earlier = f"<p>{html.escape(before)}</p>" if more > 0 else ""
        self.lines.setText(f"{earlier}<table width='100%'>{rows}</table>")
        self.caption.setText(self.tr("Total") + (f"  ({discount_text})" if discount_text else ""))
        self.amount.setText(total_text)
        self.qr.clear()
        self._show_parts(caption=True, amount=True, qr=False, hint=False, paid=False, lines=True)

    def show_invoice(self, amount_text: str, invoice: OpenInvoice) -> None:
        self.caption.setText(self.tr("Amount to pay"))
        self.amount.setText(amount_text)
        try:
            self.qr.setData(invoice.qr_image, invoice.qr_text)
        except ValueError as error:
            # The cashier's window reports it; the customer just gets another way to pay.
            logger.warning("no QR for the customer display: %s", error)
            self.hint.setText(self.tr("Please ask the cashier how to pay."))
        else:
            self.hint.setText(self.tr("Scan with your bank app"))
        self._show_parts(caption=True, amount=True, qr=self.qr.source != "", hint=True, paid=False)

    def show_paid(self, amount_text: str) -> None:
        self.qr.clear()                        # an old code must not be scanned again
        self.paid.setText(self.tr("Paid — thank you"))
        self.amount.setText(amount_text)
        self._show_parts(caption=False, amount=True, qr=False, hint=False, paid=True)

    def show_due(self, total_text: str, due_text: str) -> None:
        """Paying at the counter (cash, the card terminal): what is left to pay of the total."""
        self.qr.clear()
        self.caption.setText(self.tr("Amount to pay"))
        self.amount.setText(due_text)
        self.hint.setText(self.tr("Total {total}").format(total=total_text))
        self._show_parts(caption=True, amount=True, qr=False, hint=True, paid=False)

    def show_change(self, paid_text: str, change_text: str) -> None:
        """Paid in cash with more than was due: the change, large."""
        self.qr.clear()
        self.paid.setText(self.tr("Paid — thank you"))
        self.caption.setText(self.tr("Your change"))
        self.amount.setText(change_text)
        self.hint.setText(self.tr("Paid {amount}").format(amount=paid_text))
        self._show_parts(caption=True, amount=True, qr=False, hint=True, paid=True)

    def show_idle(self) -> None:
        self.qr.clear()
        self.amount.clear()
        self.hint.setText(self.tr("Welcome"))
        self._show_parts(caption=False, amount=False, qr=False, hint=True, paid=False)

    def _show_parts(self, *, caption: bool, amount: bool, qr: bool, hint: bool, paid: bool,
                    lines: bool = False) -> None:
        self.lines.setVisible(lines)
        self.caption.setVisible(caption)
        self.amount.setVisible(amount)
        self.qr.setVisible(qr)
        self.hint.setVisible(hint)
        self.paid.setVisible(paid)
