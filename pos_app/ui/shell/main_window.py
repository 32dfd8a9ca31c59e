"""The cashier's window: header (with the TRAINING badge), the three pages of a
sale, and the keyboard shortcuts that drive it. Shows state, forwards intent."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QAction, QKeySequence
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

from pos_app.ui.sale.cart.cart_model import CartModel
from pos_app.ui.shell.focus_return import FocusReturn
from pos_app.ui.printing.printing import ReceiptPrinting
from pos_app.ui.sale.scanning.routing import ScanRouter
from pos_app.ui.shell.status_line import StatusLine
from pos_app.ui.sale.flow.flow import SaleFlow
from pos_app.ui.sale.cart.sale_page import SalePage
from pos_app.ui.common.tasks import TaskRunner
from pos_app.ui.shell.pages import WindowPages
from pos_app.ui.sale.keys.receipt_keys import WindowPrintActions
from pos_app.ui.shell.confirmations import WindowQuestions
from pos_app.ui.people.till_people import TillPeople
from pos_app.ui.sale.keys.counter_keys import WindowCounterActions
from pos_app.ui.sale.keys.tender_keys import WindowTenderActions

if TYPE_CHECKING:
    from pos_app.ui.sale.pages.logos import LogoCache

SALE_STAGES = (None, Stage.CART, Stage.CHARGING, Stage.CANCELLED, Stage.EXPIRED)
PAYMENT_STAGES = (Stage.AWAITING_PAYMENT, Stage.CANCELLING)


class MainWindow(WindowPages, WindowPrintActions, WindowTenderActions, WindowCounterActions, WindowQuestions,
                 QMainWindow):
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
        self.printed_numbers: set[str] = set()   # sales whose receipt printed this session: Ctrl+P prints a copy
        self.model: CartModel = flow.cart
        self.confirmation: QMessageBox | None = None
        self.scan_router = ScanRouter(self)
        self.focus_return = FocusReturn(self, self.restore_focus)   # a closed dialog gives the keyboard back
        self.ask_before_quit = True  # off only where nobody can answer (tests, scripted runs)
        self.starting = False        # the cart is open but the payment side not yet up: no back office
        self.setWindowTitle(self.tr("pos-app — QPay till"))
        self.setMinimumSize(1024, 700)       # usable from 1024×768 (with a taskbar) up; the app maximizes it
        self.resize(1024, 700)

        self.sale_page = SalePage(self.model)
        self.pages = QStackedWidget()
        self.pages.addWidget(self.sale_page)
        self.defer_later_pages(logos)      # the tender, payment and receipt pages: once the window is up

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

    def _action(self, text: str, shortcut: QKeySequence | str, slot: object) -> QAction:
        action = QAction(text, self)
        action.setShortcut(QKeySequence(shortcut))
        action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        action.triggered.connect(slot)
        self.addAction(action)
        return action

    def _make_actions(self) -> None:
        self.new_sale_action = self._action(self.tr("New sale"), "F2", self.on_new_sale_triggered)
        self.charge_action = self._action(self.tr("Charge"), "F12", self.on_charge_triggered)
        self.make_tender_actions()
        self.make_counter_actions()
        self.free_line_action = self._action(self.tr("Free line…"), "Ctrl+L", self.sale_page.on_free_line_clicked)
        self.check_action = self._action(self.tr("Check payment now"), "F5", self.flow.check_now)
        self.customer_action = self._action(self.tr("Show to customer"), "F9", self.on_customer_triggered)
        self.cancel_action = self._action(self.tr("Cancel sale"), "Esc", self.on_cancel_triggered)
        self.simulate_action = self._action(self.tr("Simulate customer payment"), "Ctrl+Shift+P",
                                            self.on_simulate_triggered)
        # (the receipt page's slots through a lambda: the page is built once the window is up, window_pages.py)
        self.issue_action = self._action(self.tr("Issue receipt"), "Return",
                                         lambda: self.receipt_page.on_issue_clicked())
        self.issue_action.setShortcuts([QKeySequence("Return"), QKeySequence("Enter"), QKeySequence("Ctrl+Return")])
        self.individual_action = self._action(self.tr("Individual receipt"), "Alt+I",
                                              lambda: self.receipt_page.choose_individual())
        self.organization_action = self._action(self.tr("Organization receipt"), "Alt+O",
                                                lambda: self.receipt_page.choose_organization())
        self.reissue_action = self._action(self.tr("Void and issue for the receiver chosen"), "Alt+V",
                                           lambda: self.receipt_page.on_reissue_clicked())
        self.print_action = self._action(self.tr("Print receipt"), QKeySequence.StandardKey.Print,
                                         self.on_print_triggered)
        self.preview_action = self._action(self.tr("Print preview…"), "Alt+P", self.on_preview_triggered)
        self.history_action = self._action(self.tr("Sales history…"), "F4", self.history_requested)
        self.day_close_action = self._action(self.tr("End of day…"), "F6", self.day_close_requested)
        self.settings_action = self._action(self.tr("Settings…"), "Ctrl+,", self.settings_requested)
        self.people_action = self._action(self.tr("People and PINs…"), "", self.people_requested)
        self.import_action = self._action(self.tr("Import the catalog (CSV, XLSX)…"), "", self.catalog_import_requested)
        self.quit_action = self._action(self.tr("Quit"), QKeySequence.StandardKey.Quit, self.close)

        sale_menu = self.menuBar().addMenu(self.tr("&Sale"))
        for action in (self.new_sale_action, self.charge_action, self.cash_action, self.card_action,
                       self.free_line_action, self.line_discount_action, self.sale_discount_action, self.park_action,
                       self.price_action, self.check_action, self.customer_action, self.cancel_action,
                       self.simulate_action):
            sale_menu.addAction(action)
        receipt_menu = self.menuBar().addMenu(self.tr("&Receipt"))
        for action in (self.individual_action, self.organization_action, self.issue_action, self.reissue_action,
                       self.print_action, self.preview_action):
            receipt_menu.addAction(action)
        till_menu = self.menuBar().addMenu(self.tr("&Till"))
        till_menu.addAction(self.history_action)
        till_menu.addAction(self.day_close_action)
        till_menu.addAction(self.shift_action)
        till_menu.addAction(self.drawer_action)
        till_menu.addAction(self.lock_action)
        till_menu.addSeparator()
        till_menu.addAction(self.settings_action)
        till_menu.addAction(self.people_action)
        till_menu.addAction(self.import_action)
        till_menu.addSeparator()
        till_menu.addAction(self.quit_action)

    def _connect(self) -> None:
        self.sale_page.charge_requested.connect(self.on_charge_triggered)
        self.scan_router.refused.connect(self.on_scan_router_refused)
        self.printing.printed.connect(self.on_printing_printed)
        self.printing.failed.connect(self.on_printing_failed)
        self.printing.preview_closed.connect(self.on_printing_preview_closed)
        self.flow.stage_changed.connect(self.show_stage)
        self.flow.charge_failed.connect(self.sale_page.show_error)
        self.flow.checked.connect(self.on_status_timer_timeout)
        self.flow.cancel_failed.connect(self.on_flow_cancel_failed)
        self.flow.notice.connect(lambda text: self.statusBar().showMessage(text, 8000))
        self.flow.part_paid.changed.connect(self.on_part_paid_changed)
        self.flow.part_paid.failed.connect(self.on_flow_cancel_failed)
        self.connect_tenders()

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
            self.show_tendering(sale)
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
        self.cash_action.setEnabled(ready and stage in (None, Stage.CART, Stage.TENDERING))
        self.card_action.setEnabled(ready and stage in (None, Stage.CART, Stage.TENDERING))
        self.free_line_action.setEnabled(ready and stage in (None, Stage.CART))
        self.check_action.setEnabled(stage is Stage.AWAITING_PAYMENT)
        self.simulate_action.setEnabled(self.flow.is_training and stage is Stage.AWAITING_PAYMENT)
        # Esc stays live on the paid screen so the cashier hears *why* it cannot cancel.
        self.cancel_action.setEnabled(stage in (Stage.AWAITING_PAYMENT, Stage.PAID, Stage.COMPLETED, Stage.TENDERING))
        self.issue_action.setEnabled(stage is Stage.PAID)
        self.individual_action.setEnabled(stage is Stage.PAID)
        self.organization_action.setEnabled(stage is Stage.PAID)
        self.print_action.setEnabled(stage is Stage.COMPLETED)
        self.preview_action.setEnabled(stage is Stage.COMPLETED)
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
        self.drawer_action.setEnabled(settled)
        self.update_counter_actions(settled)

    # -- slots ----------------------------------------------------------------------------------------

    def on_charge_triggered(self) -> None:
        if self.flow.charge():
            self.sale_page.clear_message()

    def on_new_sale_triggered(self) -> None:
        stage = self.flow.stage
        if stage is Stage.AWAITING_PAYMENT:
            from pos_app.ui.sale.pages.part_paid_box import ask_how_to_go_on
            ask_how_to_go_on(self)   # partly paid: wait, invoice the rest or give the part back
        elif stage is Stage.PAID and self.flow.sale is not None and self.flow.sale.number in self.flow.receipts_queued:
            self.start_new_sale()     # its receipt is asked again by the till as soon as PosAPI answers
        elif stage is Stage.PAID:
            self._confirm(self.tr("The receipt has not been issued yet. Start a new sale without it?"),
                          self.tr("New sale without receipt"), self.start_new_sale)
        elif stage in (None, Stage.CART) and not self.model.is_empty:
            self._confirm(self.tr("Clear the cart and start a new sale?"), self.tr("Clear cart"),
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
            self.on_tender_back_requested()
            return
        from pos_app.ui.sale.pages.part_paid_box import ask_how_to_go_on   # (with the payment page, once up)
        if stage is Stage.AWAITING_PAYMENT and ask_how_to_go_on(self):
            return   # partly paid: it cannot simply be cancelled
        if stage is Stage.AWAITING_PAYMENT:
            self._confirm(self.tr("Cancel this sale? The customer's QR code stops working."),
                          self.tr("Cancel sale"), self.flow.cancel_sale, keep=self.tr("Keep waiting"))
        elif stage in (Stage.PAID, Stage.COMPLETED):
            self.flow.cancel_sale()  # refused, with the reason

    def on_part_paid_changed(self, part: object) -> None:
        from pos_app.ui.sale.pages.part_paid_box import show_part_paid
        show_part_paid(self, part)  # type: ignore[arg-type]
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
