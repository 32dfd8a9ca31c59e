"""Where a scan goes, by what the till is doing (the scanner itself is `scanner.ScanRecognizer`).

- taking items (the cart, or a cancelled sale's cart kept): the item is added, as if typed in the entry;
- the completed screen: the next sale starts with the item (the next customer is here);
- the paid screen, the receipt being issued: the item is held for the next customer ("1 item waiting") and
  becomes the first line of the next sale, once this one is done;
- charging, the QR screen, a question or another window open: nothing is added; the till beeps and says
  which item was not added and why.
Nothing is ever lost in silence, and a scan never presses a button or answers a question.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication, QMainWindow, QStackedWidget

from pos_app.domain.sale import Stage

if TYPE_CHECKING:
    from pos_app.ui.sale.cart.sale_page import SalePage
    from pos_app.ui.sale.flow.flow import SaleFlow
    from pos_app.ui.sale.pages.later_pages import LaterPages

_TAKES_ITEMS = (None, Stage.CART)
_AFTER_A_CANCEL = (Stage.CANCELLED, Stage.EXPIRED)
_HOLDS_ITEMS = (Stage.PAID, Stage.ISSUING_RECEIPT)


class ScanRouter(QObject):
    refused = Signal(str, str)        # the code, why it was not added (shown, with a beep)
    waiting_changed = Signal(int)     # how many items wait for the next customer

    def __init__(self, window: QMainWindow, *, flow: SaleFlow, sale_page: SalePage, pages: QStackedWidget,
                 later: LaterPages, asking: Callable[[], bool], start_new_sale: Callable[[], None]) -> None:
        """`window`: the till's window (its status bar, and its own windows are not another window open);
        `pages`: its page stack, the sale page and `later`'s pages in it; `asking()`: a question is open over it;
        `start_new_sale()`: the next customer's sale, as F2 starts it."""
        super().__init__(window)
        self.window = window
        self.flow = flow
        self.sale_page = sale_page
        self.pages = pages
        self.later = later
        self.asking = asking
        self.start_new_sale = start_new_sale
        self.waiting: list[str] = []
        self._said_while_asked = ""       # a refusal said while a question or another window was open
        QGuiApplication.instance().focusWindowChanged.connect(self.on_application_focus_window_changed)

    def on_scanner_scanned(self, code: str) -> None:
        flow = self.flow
        busy_window = self._other_window_open()
        if busy_window:
            self._refuse(code, busy_window)
            return
        stage = flow.stage
        if stage in _AFTER_A_CANCEL:
            flow.back_to_cart()
            stage = flow.stage
        if stage in _TAKES_ITEMS:
            self.sale_page.add_code(code)
        elif stage is Stage.COMPLETED:
            self.waiting.append(code)
            self.start_new_sale()               # the next customer: their first item starts the sale
        elif stage in _HOLDS_ITEMS:
            self.waiting.append(code)
            self.waiting_changed.emit(len(self.waiting))
        else:
            self._refuse(code, self.tr("the sale is being paid: finish or cancel it first"))

    def on_new_sale_started(self) -> None:
        """The next sale is on screen: the items held for it become its first lines, in the order scanned."""
        waiting, self.waiting = self.waiting, []
        for code in waiting:
            self.sale_page.add_code(code)
        if waiting:
            self.waiting_changed.emit(0)

    def _other_window_open(self) -> str:
        if self.asking() or QApplication.activeModalWidget() is not None:
            return self.tr("answer the question on the screen first")
        active = QApplication.activeWindow()
        if active is not None and active is not self.window and active is not self.later.customer_display:
            return self.tr("close the window \"{title}\" first").format(title=active.windowTitle())
        return ""

    def show_refused(self, code: str, why: str) -> None:
        """The refusal said where the cashier looks, in the message size (the item named when the catalog knows the
        code); one said over a question or another window goes when it closes."""
        catalog = self.sale_page.catalog
        item = catalog.find(code) if catalog is not None else None
        text = (self.tr("Not added: {item} ({code}): {why}.").format(item=item.name, code=code, why=why)
                if item is not None else self.tr("Not added: {code}: {why}.").format(code=code, why=why))
        self.window.statusBar().showMessage(text, 15000)
        page = self.pages.currentWidget()
        if page is self.later.payment_page:
            self.later.payment_page.set_notice(text)
        elif page is self.later.tender_page:
            self.later.tender_page.show_error(text)
        self._said_while_asked = text if self._other_window_open() else ""

    def on_application_focus_window_changed(self, _focused: object) -> None:
        """The question (or window) a refusal was said over has closed: its words go with it."""
        text = self._said_while_asked
        if not text or self._other_window_open():
            return
        self._said_while_asked = ""
        status = self.window.statusBar()
        if status.currentMessage() == text:
            status.clearMessage()
        for label in (self.later.payment_page.notice, self.later.tender_page.error):
            if label.text() == text:
                label.clear()
                label.hide()

    def _refuse(self, code: str, why: str) -> None:
        QApplication.beep()
        self.refused.emit(code, why)
