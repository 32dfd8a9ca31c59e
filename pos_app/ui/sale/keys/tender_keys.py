"""The till window's tender keys: F7 cash, F8 card terminal (from the cart or the tender page), Esc on the tender
page (back to the cart, or hand the payments back), cash far beyond the due asked about first, cash only with a
shift open, and what a tender taken does on screen (the change, the drawer, the customer's display). A part of
`MainWindow` (its texts keep the window's translation context)."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject
from PySide6.QtWidgets import QMainWindow, QStackedWidget

from pos_app.domain.sale import Sale, Stage
from pos_app.domain.cash import LARGEST_NOTE
from pos_app.domain.tenders import CashTender, Tender, is_unlikely_cash
from pos_app.formats import money_text

from pos_app.ui.common.actions import window_action
from pos_app.ui.sale.pages.tender_page import TenderMode

if TYPE_CHECKING:
    from pos_app.ui.sale.cart.sale_page import SalePage
    from pos_app.ui.sale.flow.flow import SaleFlow
    from pos_app.ui.sale.pages.later_pages import LaterPages

translate = QCoreApplication.translate     # lupdate reads translate("MainWindow", "...") calls
Confirm = Callable[[str, str, Callable[[], object], str], None]    # question, yes, on yes, keep


class TenderKeys(QObject):
    """Owns F7 and F8 (added to `window`) and the tender page's answers. `confirm` asks a question whose safe
    answer keeps things; `ask_for_shift()` opens the shift (F11); `open_drawer()` kicks the cash drawer."""

    def __init__(self, window: QMainWindow, *, flow: SaleFlow, sale_page: SalePage, pages: QStackedWidget,
                 later: LaterPages, confirm: Confirm, ask_for_shift: Callable[[], None],
                 open_drawer: Callable[[], None]) -> None:
        super().__init__(window)      # (gone with the window: the flow outlives a rebuilt one)
        self.window = window
        self.flow = flow
        self.sale_page = sale_page
        self.pages = pages
        self.later = later
        self.confirm = confirm
        self.ask_for_shift = ask_for_shift
        self.open_drawer = open_drawer
        self.shift_open = False  # a cashier's shift is open (the app says so); cash needs one: the drawer's count
        self.cash_after_shift = False  # F7 asked for the shift first: cash follows once it is open
        self.cash_action = window_action(window, translate("MainWindow", "Cash"), "F7", self.on_cash_triggered)
        self.card_action = window_action(window, translate("MainWindow", "Card terminal"), "F8",
                                         self.on_card_triggered)
        # (the tender page's own signals: the window wires them, once the later pages are built)
        flow.tender_failed.connect(self.on_flow_tender_failed)
        flow.tender_taken.connect(self.on_flow_tender_taken)
        sale_page.cash_requested.connect(self.on_cash_triggered)
        sale_page.card_requested.connect(self.on_card_triggered)

    def update_actions(self, ready: bool, stage: Stage | None) -> None:
        takes = ready and stage in (None, Stage.CART, Stage.TENDERING)
        self.cash_action.setEnabled(takes)
        self.card_action.setEnabled(takes)

    # -- the shift ------------------------------------------------------------------------------------

    def set_shift_open(self, shift_open: bool) -> None:
        """What the till's books say at the start: a shift is open, or none."""
        self.shift_open = shift_open

    def on_shift_opened(self) -> None:
        self.shift_open = True
        self.window.statusBar().showMessage(translate("MainWindow", "The shift is open."), 8000)
        if self.cash_after_shift:
            self.cash_after_shift = False
            self.on_cash_triggered()

    def on_shift_closed(self) -> None:
        self.shift_open = False
        self.cash_after_shift = False

    # -- tendering --------------------------------------------------------------------------------------

    def on_cash_triggered(self) -> None:
        self._tender(TenderMode.CASH)

    def on_card_triggered(self) -> None:
        self._tender(TenderMode.CARD)

    def _tender(self, mode: TenderMode) -> None:
        if self.flow.services is None:
            self.flow.start_tendering()     # refused, with the reason (still starting, or no account yet)
            return
        if mode is TenderMode.CASH and not self.shift_open:
            # Cash goes into the drawer: the shift that counts it must be open (its float counted) first.
            self.cash_after_shift = True
            self.window.statusBar().showMessage(translate("MainWindow", "Open the shift first: count the float in "
                                                                        "the drawer."), 8000)
            self.ask_for_shift()
            return
        if self.flow.stage in (None, Stage.CART, Stage.CANCELLED, Stage.EXPIRED):
            self.flow.back_to_cart()
            self.later.tender_page.open_in(mode)
            if self.flow.start_tendering():
                self.sale_page.clear_message()
        if self.flow.stage is Stage.TENDERING:
            self.later.tender_page.set_mode(mode)

    def on_tender_page_cash_entered(self, given: str) -> None:
        if not self.shift_open:        # closed meanwhile (F11): cash waits for a shift that counts it
            self._tender(TenderMode.CASH)
            return
        tender = self.flow.cash_tender(given)       # (None: refused, and said)
        if tender is None:
            return
        if is_unlikely_cash(tender):
            # More change than the largest note: likelier a zero too many than cash handed over. Enter keeps it.
            question = translate("MainWindow", "Take {given} in cash for {due}? The change would be {change}: more "
                                               "than a {note} note. Check the amount typed.").format(
                given=money_text(tender.given), due=money_text(tender.taken), change=money_text(tender.change),
                note=money_text(LARGEST_NOTE))
            self.confirm(question, translate("MainWindow", "Take it"), lambda: self._take_cash(given),
                         translate("MainWindow", "Correct the amount"))
            return
        self._take_cash(given)

    def _take_cash(self, given: str) -> None:
        if self.flow.take_cash(given):
            self.later.tender_page.set_busy(True)

    def on_tender_page_card_entered(self, amount: str, approval_code: str) -> None:
        if self.flow.take_card(amount, approval_code):
            self.later.tender_page.set_busy(True)

    def on_tender_back_requested(self) -> None:
        """Esc on the tender page: back to the cart when nothing is taken; else ask before handing it back."""
        sale = self.flow.sale
        if sale is None or sale.stage is not Stage.TENDERING or self.flow.tender_in_flight:
            return
        if not sale.tenders:
            self.flow.leave_tendering()
            return
        cash = sum((t.taken for t in sale.tenders if isinstance(t, CashTender)), Decimal(0))
        question = translate("MainWindow", "Cancel this sale and hand back what was taken? Give the customer {cash} "
                                           "in cash; void any card payment on the bank's terminal.").format(
            cash=money_text(cash))
        self.confirm(question, translate("MainWindow", "Hand back and cancel"), self.flow.hand_back_tenders,
                     translate("MainWindow", "Keep paying"))

    def on_flow_tender_failed(self, text: str) -> None:
        self.later.tender_page.set_busy(False)
        self.later.tender_page.show_error(text)
        self.window.statusBar().showMessage(text, 10000)

    def on_flow_tender_taken(self, sale: Sale, tender: Tender) -> None:
        """Recorded: the drawer opens for cash; the customer sees what is left, or the change."""
        self.later.tender_page.set_busy(False)
        if isinstance(tender, CashTender):
            self.open_drawer()
        if sale.stage is Stage.TENDERING:
            self.later.tender_page.show_sale(sale)
            self.later.customer_display.show_due(money_text(sale.total), money_text(sale.due))
        elif sale.change:
            self.later.customer_display.show_change(money_text(sale.paid_amount + sale.cash_rounding),
                                                    money_text(sale.change))

    def show_tendering(self, sale: Sale) -> None:
        self.later.tender_page.set_cash_step(self.flow.cash_step)
        if self.pages.currentWidget() is not self.later.tender_page:
            self.later.tender_page.show_sale(sale)
            self.later.tender_page.set_mode(self.later.tender_page.mode)
            self.pages.setCurrentWidget(self.later.tender_page)
            self.later.customer_display.show_due(money_text(sale.total), money_text(sale.due))
        else:
            self.later.tender_page.show_sale(sale)
        self.later.tender_page.set_busy(self.flow.tender_in_flight)
