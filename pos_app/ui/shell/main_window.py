"""The cashier's window: header (with the TRAINING badge), the three pages of a
sale, and the keyboard shortcuts that drive it. Shows state, forwards intent."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QTimer, Signal
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QFrame,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QMessageBox,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from pos_app.domain.catalog import Catalog, CatalogItem
from pos_app.domain.scale import ScaleFormat
from pos_app.domain.search import CatalogSearch
from pos_app.domain.sale import Sale, Stage
from pos_app.formats import money_text

from pos_app.ui.common.actions import window_action
from pos_app.ui.sale.cart.cart_model import CartModel
from pos_app.ui.shell.confirmations import Confirmations
from pos_app.ui.shell.focus_return import FocusReturn
from pos_app.ui.printing.printing import ReceiptPrinting
from pos_app.ui.sale.scanning.routing import ScanRouter
from pos_app.ui.shell.status_line import StatusLine
from pos_app.ui.sale.flow.flow import SaleFlow
from pos_app.ui.sale.cart.sale_page import SalePage
from pos_app.ui.sale.pages.later_pages import LaterPages
from pos_app.ui.common.tasks import TaskRunner
from pos_app.ui.sale.keys.receipt_keys import ReceiptKeys
from pos_app.ui.people.till_people import TillPeople
from pos_app.ui.sale.keys.counter_keys import CounterKeys
from pos_app.ui.sale.keys.tender_keys import TenderKeys

if TYPE_CHECKING:
    from pos_app.ui.sale.pages.customer_display import CustomerDisplay
    from pos_app.ui.sale.pages.logos import LogoCache
    from pos_app.ui.sale.pages.payment_page import PaymentPage
    from pos_app.ui.sale.pages.receipt_page import ReceiptPage
    from pos_app.ui.sale.pages.tender_page import TenderPage

SALE_STAGES = (None, Stage.CART, Stage.CHARGING, Stage.CANCELLED, Stage.EXPIRED)
PAYMENT_STAGES = (Stage.AWAITING_PAYMENT, Stage.CANCELLING)


class MainWindow(QMainWindow):
    """The shell: header, page stack, menus and status line. It holds the sale's parts: the later pages, the
    confirmations and the tender, counter and receipt keys; what the back office does, it only asks for (signals)."""

    settings_requested = Signal()
    history_requested = Signal()
    day_close_requested = Signal()
    shift_requested = Signal()
    people_requested = Signal()
    catalog_import_requested = Signal()
    catalog_item_edited = Signal(object, object)     # the CatalogItem before and after a manager's edit

    def __init__(self, runner: TaskRunner, flow: SaleFlow, logos: Callable[[], LogoCache],
                 parent: QWidget | None = None, printing: ReceiptPrinting | None = None,
                 people: TillPeople | None = None) -> None:
        super().__init__(parent)
        self.runner = runner
        self.flow = flow
        self.people = people or TillPeople(runner, self)
        self.printing = printing or ReceiptPrinting(runner, self)
        self.model: CartModel = flow.cart
        self.confirmations = Confirmations(self, self._entry_back)
        self.sale_page = SalePage(self.model)
        self.pages = QStackedWidget()
        self.pages.addWidget(self.sale_page)
        # the tender, payment and receipt pages: once the window is up
        self.later_pages = LaterPages(self.pages, logos, self._connect_later_pages)
        self.scan_router = ScanRouter(self, flow=flow, sale_page=self.sale_page, pages=self.pages,
                                      later=self.later_pages, asking=lambda: self.confirmation is not None,
                                      start_new_sale=self.start_new_sale)
        self.focus_return = FocusReturn(self, self.restore_focus)   # a closed dialog gives the keyboard back
        self.ask_before_quit = True  # off only where nobody can answer (tests, scripted runs)
        self.starting = False        # the cart is open but the payment side not yet up: no back office
        self.setWindowTitle(self.tr("pos-app — QPay till"))
        self.setMinimumSize(1024, 700)       # usable from 1024×768 (with a taskbar) up; the app maximizes it
        self.resize(1024, 700)

        central = QWidget()
        central.setObjectName("central")
        layout = QVBoxLayout(central)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self._header())
        body = QVBoxLayout()
        body.setContentsMargins(12, 8, 12, 8)
        body.addWidget(self.pages)
        layout.addLayout(body, 1)
        self.setCentralWidget(central)
        self.setStatusBar(StatusLine(self))     # a long message wraps, never off the screen
        self.statusBar().showMessage(self.tr("Starting…"))

        self._make_actions()
        self._connect()
        self._status_timer = QTimer(self)
        self._status_timer.setInterval(1000)
        self._status_timer.timeout.connect(self.on_status_timer_timeout)
        self.set_ready(False)
        self.show_stage(None)

    # -- building -------------------------------------------------------------------------

    def _header(self) -> QFrame:
        header = QFrame()
        header.setObjectName("header")
        row = QHBoxLayout(header)
        title = QLabel(self.tr("pos-app"))
        title.setObjectName("appTitle")
        self.till_label = QLabel()
        self.training_badge = QLabel(self.tr("TRAINING · no real money"))
        self.training_badge.setObjectName("trainingBadge")
        self.training_badge.hide()
        self.connection_label = QLabel()
        self.connection_label.setObjectName("connection")
        row.addWidget(title)
        row.addWidget(self.till_label)
        row.addStretch(1)
        row.addWidget(self.connection_label)
        row.addWidget(self.training_badge)
        return header

    def _action(self, text: str, shortcut: QKeySequence | QKeySequence.StandardKey | str, slot: object) -> QAction:
        return window_action(self, text, shortcut, slot)

    def _make_actions(self) -> None:
        """The window's actions and its parts', made in this order (the window's list of actions keeps it)."""
        self.new_sale_action = self._action(self.tr("New sale"), "F2", self.on_new_sale_triggered)
        self.charge_action = self._action(self.tr("Charge"), "F12", self.on_charge_triggered)
        self.tender_keys = TenderKeys(self, flow=self.flow, sale_page=self.sale_page, pages=self.pages,
                                      later=self.later_pages, confirm=self.confirmations.confirm,
                                      ask_for_shift=self.shift_requested.emit, open_drawer=self.printing.open_drawer)
        self.shift_action = self._action(self.tr("Shift: open, X report, close…"), "F11", self.shift_requested)
        self.counter_keys = CounterKeys(self, flow=self.flow, sale_page=self.sale_page, later=self.later_pages,
                                        runner=self.runner, people=self.people, open_drawer=self.printing.open_drawer,
                                        restore_focus=self.restore_focus, item_edited=self.catalog_item_edited.emit)
        self.free_line_action = self._action(self.tr("Free line…"), "Ctrl+L", self.sale_page.on_free_line_clicked)
        self.check_action = self._action(self.tr("Check payment now"), "F5", self.flow.check_now)
        self.customer_action = self._action(self.tr("Show to customer"), "F9", self.on_customer_triggered)
        self.cancel_action = self._action(self.tr("Cancel sale"), "Esc", self.on_cancel_triggered)
        self.simulate_action = self._action(self.tr("Simulate customer payment"), "Ctrl+Shift+P",
                                            self.on_simulate_triggered)
        self.receipt_keys = ReceiptKeys(self, flow=self.flow, printing=self.printing, pages=self.pages,
                                        later=self.later_pages, restore_focus=self.restore_focus)
        self.history_action = self._action(self.tr("Sales history…"), "F4", self.history_requested)
        self.day_close_action = self._action(self.tr("End of day…"), "F6", self.day_close_requested)
        self.settings_action = self._action(self.tr("Settings…"), "Ctrl+,", self.settings_requested)
        self.people_action = self._action(self.tr("People and PINs…"), "", self.people_requested)
        self.import_action = self._action(self.tr("Import the catalog (CSV, XLSX)…"), "", self.catalog_import_requested)
        self.quit_action = self._action(self.tr("Quit"), QKeySequence.StandardKey.Quit, self.close)

        sale_menu = self.menuBar().addMenu(self.tr("&Sale"))
        tender, counter = self.tender_keys, self.counter_keys
        for action in (self.new_sale_action, self.charge_action, tender.cash_action, tender.card_action,
                       self.free_line_action, counter.line_discount_action, counter.sale_discount_action,
                       counter.park_action, counter.price_action, self.check_action, self.customer_action,
                       self.cancel_action, self.simulate_action):
            sale_menu.addAction(action)
        receipt_menu = self.menuBar().addMenu(self.tr("&Receipt"))
        for action in self.receipt_keys.menu_actions():
            receipt_menu.addAction(action)
        till_menu = self.menuBar().addMenu(self.tr("&Till"))
        till_menu.addAction(self.history_action)
        till_menu.addAction(self.day_close_action)
        till_menu.addAction(self.shift_action)
        till_menu.addAction(counter.drawer_action)
        till_menu.addAction(counter.lock_action)
        till_menu.addSeparator()
        till_menu.addAction(self.settings_action)
        till_menu.addAction(self.people_action)
        till_menu.addAction(self.import_action)
        till_menu.addSeparator()
        till_menu.addAction(self.quit_action)

    def _connect(self) -> None:
        self.sale_page.charge_requested.connect(self.on_charge_triggered)
        self.scan_router.refused.connect(self.on_scan_router_refused)
        self.flow.stage_changed.connect(self.show_stage)
        self.flow.charge_failed.connect(self.sale_page.show_error)
        self.flow.checked.connect(self.on_status_timer_timeout)
        self.flow.cancel_failed.connect(self.on_flow_cancel_failed)
        self.flow.notice.connect(lambda text: self.statusBar().showMessage(text, 8000))
        self.flow.part_paid.changed.connect(self.on_part_paid_changed)
        self.flow.part_paid.failed.connect(self.on_flow_cancel_failed)
        # (the tender and receipt keys connect the flow's tenders and the printer's answers themselves)

    def _connect_later_pages(self, tender: TenderPage, payment: PaymentPage, receipt: ReceiptPage) -> None:
        payment.check_requested.connect(self.flow.check_now)
        payment.cancel_requested.connect(self.on_cancel_triggered)
        payment.show_customer_requested.connect(self.on_customer_triggered)
        payment.simulate_requested.connect(self.on_simulate_triggered)
        self.flow.connection_changed.connect(payment.set_trouble)
        receipt.issue_requested.connect(self.flow.issue_receipt)
        receipt.organization_asked.connect(self.flow.look_up_organization)
        self.flow.organization_looked_up.connect(receipt.on_flow_organization_looked_up)
        receipt.reissue_requested.connect(self.flow.reissue_receipt)
        receipt.print_requested.connect(self.receipt_keys.on_print_triggered)
        receipt.preview_requested.connect(self.receipt_keys.on_preview_triggered)
        receipt.new_sale_requested.connect(self.on_new_sale_triggered)
        self.scan_router.waiting_changed.connect(receipt.show_waiting)
        self.flow.receipt_receiver_differed.connect(receipt.show_receiver_differs)
        self.flow.receipt_failed.connect(receipt.show_error)
        tender.cash_entered.connect(self.tender_keys.on_tender_page_cash_entered)
        tender.card_entered.connect(self.tender_keys.on_tender_page_card_entered)
        tender.qpay_requested.connect(self.on_charge_triggered)
        tender.back_requested.connect(self.tender_keys.on_tender_back_requested)

    # -- the parts' pages and question, as the window's ------------------------------------------

    @property
    def tender_page(self) -> TenderPage:
        return self.later_pages.tender_page

    @property
    def payment_page(self) -> PaymentPage:
        return self.later_pages.payment_page

    @property
    def receipt_page(self) -> ReceiptPage:
        return self.later_pages.receipt_page

    @property
    def customer_display(self) -> CustomerDisplay:
        return self.later_pages.customer_display

    @property
    def confirmation(self) -> QMessageBox | None:
        """The question open over the window, if any."""
        return self.confirmations.current

    # -- what the app tells the window ----------------------------------------------------------

    def set_ready(self, ready: bool, catalog: Catalog | None = None, *, training: bool = False,
                  till: str = "", search: CatalogSearch | None = None, scale_format: ScaleFormat | None = None,
                  quick_keys: Sequence[CatalogItem] = ()) -> None:
        """The backend is (re)built: sales may start. Until then nothing can be charged."""
        self.sale_page.set_catalog(catalog, search, scale_format)
        self.sale_page.quick_keys.set_items(quick_keys)
        self.training_badge.setVisible(ready and training)
        self.simulate_action.setEnabled(training)
        self.till_label.setText(till)
        self.sale_page.entry.setEnabled(ready)
        if ready:
            self.statusBar().showMessage(self.tr("Ready."), 4000)
            self.sale_page.focus_entry()
        self.update_actions()

    def show_problem(self, text: str) -> None:
        self.sale_page.show_error(text)

    def set_starting(self, starting: bool) -> None:
        """True: the cart is open but the payment side not yet up (no back office until it is)."""
        self.starting = starting

    def set_ask_before_quit(self, ask: bool) -> None:
        """False only where nobody can answer "quit anyway?" (tests, scripted runs, a window replaced)."""
        self.ask_before_quit = ask

    def take_over(self, old: MainWindow) -> None:
        """This window replaces `old` (rebuilt in another language): it keeps what the session did there."""
        self.set_ask_before_quit(old.ask_before_quit)
        self.receipt_keys.remember_printed(old.receipt_keys.printed_numbers)

    # -- stages -----------------------------------------------------------------------------------

    def show_stage(self, sale: Sale | None) -> None:
        stage = sale.stage if sale else None
        if stage in SALE_STAGES:
            self.pages.setCurrentWidget(self.sale_page)
            self._status_timer.stop()
            charging = stage is Stage.CHARGING
            self.sale_page.set_busy(charging, self.tr("Creating invoice…") if charging else "")
            if stage in (Stage.CANCELLED, Stage.EXPIRED) and sale is not None:
                self.customer_display.show_idle()
                text = (self.tr("Sale {number} cancelled: nothing was charged.") if stage is Stage.CANCELLED
                        else self.tr("Sale {number} expired: nothing was charged."))
                if stage is Stage.CANCELLED and sale.paid_amount > 0:   # a part paid, given back
                    text = self.tr("Sale {number} cancelled: {amount} was given back to the customer's card.")
                self.flow.back_to_cart()
                text = text.format(number=sale.number, amount=money_text(sale.paid_amount))
                self.sale_page.show_info(text + " " + self.tr(
                    "The cart is kept: change it and charge again, or press F2 for a new sale."))
            elif stage is None:
                self.sale_page.focus_entry()
        elif stage is Stage.TENDERING and sale is not None:
            self._status_timer.stop()
            self.tender_keys.show_tendering(sale)
        elif stage in PAYMENT_STAGES and sale is not None:
            if self.pages.currentWidget() is not self.payment_page:
                self.payment_page.show_sale(sale, self.flow.is_training)
                self.payment_page.set_trouble("")
                self.customer_display.show_invoice(money_text(sale.qpay_amount),
                                                   sale.invoice)  # type: ignore[arg-type]
                self.pages.setCurrentWidget(self.payment_page)
                self.payment_page.setFocus()
            self.payment_page.set_stage(stage)
            self._status_timer.start()
            self.on_status_timer_timeout()
        elif sale is not None:
            if self.pages.currentWidget() is not self.receipt_page:
                self.statusBar().clearMessage()
                self.receipt_page.reset()
                self.customer_display.show_paid(money_text(sale.paid_amount))
                QApplication.beep()
            self._status_timer.stop()
            self.receipt_page.show_sale(sale)
            self.pages.setCurrentWidget(self.receipt_page)
            if stage is Stage.PAID:
                self.receipt_page.focus_step()
        self.update_actions()

    def update_actions(self) -> None:
        stage = self.flow.stage
        ready = self.sale_page.catalog is not None  # the cart is open (the till's books are read)
        settled = ready and not self.starting       # the payment side is up too (maybe without an account)
        on_sale_page = stage in SALE_STAGES
        self.charge_action.setEnabled(ready and stage in (None, Stage.CART, Stage.TENDERING))
        self.tender_keys.update_actions(ready, stage)
        self.free_line_action.setEnabled(ready and stage in (None, Stage.CART))
        self.check_action.setEnabled(stage is Stage.AWAITING_PAYMENT)
        self.simulate_action.setEnabled(self.flow.is_training and stage is Stage.AWAITING_PAYMENT)
        # Esc stays live on the paid screen so the cashier hears *why* it cannot cancel.
        self.cancel_action.setEnabled(stage in (Stage.AWAITING_PAYMENT, Stage.PAID, Stage.COMPLETED, Stage.TENDERING))
        self.receipt_keys.update_actions(stage)
        # F2 on a partly paid sale asks how it goes on (part_paid_box.py).
        self.new_sale_action.setEnabled(stage not in (Stage.CHARGING, Stage.CANCELLING, Stage.ISSUING_RECEIPT,
                                                      Stage.AWAITING_PAYMENT, Stage.TENDERING)
                                        or self.flow.part_paid.state is not None)
        self.settings_action.setEnabled(on_sale_page and stage is not Stage.CHARGING)
        # Not while charging: the new sale is in the journal before it has its number on screen.
        self.history_action.setEnabled(settled and stage is not Stage.CHARGING)
        self.day_close_action.setEnabled(settled)
        self.shift_action.setEnabled(settled)
        self.people_action.setEnabled(settled and on_sale_page)
        self.import_action.setEnabled(settled and on_sale_page and stage is not Stage.CHARGING)
        self.counter_keys.update_actions(settled)

    # -- slots ----------------------------------------------------------------------------------------

    def on_charge_triggered(self) -> None:
        if self.flow.charge():
            self.sale_page.clear_message()

    def on_new_sale_triggered(self) -> None:
        stage = self.flow.stage
        if stage is Stage.AWAITING_PAYMENT:
            from pos_app.ui.sale.pages.part_paid_box import ask_how_to_go_on
            # partly paid: wait, invoice the rest or give the part back
            ask_how_to_go_on(self.flow, self.confirmations, self)
        elif stage is Stage.PAID and self.flow.sale is not None and self.flow.sale.number in self.flow.receipts_queued:
            self.start_new_sale()     # its receipt is asked again by the till as soon as PosAPI answers
        elif stage is Stage.PAID:
            self.confirmations.confirm(self.tr("The receipt has not been issued yet. Start a new sale without it?"),
                                       self.tr("New sale without receipt"), self.start_new_sale)
        elif stage in (None, Stage.CART) and not self.model.is_empty:
            self.confirmations.confirm(self.tr("Clear the cart and start a new sale?"), self.tr("Clear cart"),
                                       self.start_new_sale)
        else:
            self.start_new_sale()

    def start_new_sale(self) -> None:
        if self.flow.new_sale():
            self.sale_page.clear_message()
            self.customer_display.show_idle()
            self.scan_router.on_new_sale_started()   # items scanned for the next customer come first

    def on_cancel_triggered(self) -> None:
        stage = self.flow.stage
        if stage is Stage.TENDERING:
            self.tender_keys.on_tender_back_requested()
            return
        from pos_app.ui.sale.pages.part_paid_box import ask_how_to_go_on   # (with the payment page, once up)
        if stage is Stage.AWAITING_PAYMENT and ask_how_to_go_on(self.flow, self.confirmations, self):
            return   # partly paid: it cannot simply be cancelled
        if stage is Stage.AWAITING_PAYMENT:
            self.confirmations.confirm(self.tr("Cancel this sale? The customer's QR code stops working."),
                                       self.tr("Cancel sale"), self.flow.cancel_sale, keep=self.tr("Keep waiting"))
        elif stage in (Stage.PAID, Stage.COMPLETED):
            self.flow.cancel_sale()  # refused, with the reason

    def on_part_paid_changed(self, part: object) -> None:
        from pos_app.ui.sale.pages.part_paid_box import show_part_paid
        show_part_paid(self.flow, self.pages, self.later_pages, part)  # type: ignore[arg-type]
        self.update_actions()

    def on_scan_router_refused(self, code: str, why: str) -> None:
        self.scan_router.show_refused(code, why)

    def on_flow_cancel_failed(self, text: str) -> None:
        if self.pages.currentWidget() is self.receipt_page:
            self.receipt_page.show_error(text)
        else:
            self.payment_page.set_trouble(text)
        self.statusBar().showMessage(text, 10000)

    def on_customer_triggered(self) -> None:
        """F9 shows the customer's display on the second screen, or hides it; with one screen it says so."""
        display = self.customer_display
        if display.isVisible():
            display.hide()
        elif not display.show_beside(self):
            text = self.tr("No second screen: the customer's display is shown only on a screen of its own, "
                           "never over the till. The QR code to scan is on the till's screen.")
            self.statusBar().showMessage(text, 10000)
            if self.pages.currentWidget() is self.sale_page:
                self.sale_page.show_info(text)
        self.activateWindow()  # the cashier keeps the keyboard

    def on_simulate_triggered(self) -> None:
        self.flow.simulate_payment()

    def restore_focus(self) -> None:
        """After a dialog: the keyboard goes back to where the current page wants it."""
        self.activateWindow()
        page = self.pages.currentWidget()
        if page is self.sale_page:
            self.sale_page.focus_entry()
        elif page is self.receipt_page and self.flow.stage is Stage.PAID:
            self.receipt_page.focus_step()
        else:
            page.setFocus()

    def on_status_timer_timeout(self) -> None:
        if self.flow.stage is not Stage.AWAITING_PAYMENT:
            return
        last = self.flow.last_check_at
        if last is None or time.monotonic() - last < 2:
            text = self.tr("Waiting for the customer to pay…")
        else:
            seconds = max(0, int(time.monotonic() - last))
            text = self.tr("Waiting for the customer to pay… (checked %n second(s) ago)", "", seconds)
        self.payment_page.set_status(text)

    # -- the window's own events -------------------------------------------------------------------------

    def _entry_back(self) -> None:
        if self.pages.currentWidget() is self.sale_page:
            self.sale_page.focus_entry()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt's name
        # Back at the till (focus returned from another window): the scanner types into the entry.
        if event.type() == QEvent.Type.ActivationChange and self.isActiveWindow() and self.confirmation is None:
            self._entry_back()
        super().changeEvent(event)

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt's name
        if self.ask_before_quit and not self.confirmations.may_quit(self.flow.stage):
            event.ignore()
            return
        self.flow.stop()
        self.later_pages.close_customer_display()
        super().closeEvent(event)
