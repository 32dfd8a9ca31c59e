"""The till window's counter keys: discounts (Ctrl+D a line, Ctrl+Shift+D the sale), parking a sale (F10),
locking the till (Ctrl+Shift+L), a catalog item's price (Ctrl+E), the drawer without a sale (Ctrl+Shift+O),
and the customer's display following the cart. What only a manager may do goes through `TillPeople.approve`.
A part of `MainWindow` (its texts keep the window's translation context)."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QObject, QTimer
from PySide6.QtWidgets import QDialog, QWidget

from pos_app.domain.cart import CartError
from pos_app.domain.discounts import Discount
from pos_app.domain.people import Permission
from pos_app.domain.sale import Stage
from pos_app.formats import discount_text, money_text, quantity_text

from pos_app.ui.common.actions import window_action
from pos_app.ui.sale.dialogs.discount import DiscountDialog
from pos_app.ui.sale.dialogs.item_edit import ItemEditDialog
from pos_app.ui.common.messages import describe_error, refusal_text

if TYPE_CHECKING:
    from pos_app.domain.catalog import CatalogItem
    from pos_app.journal.parked import ParkedSale
    from pos_app.ui.common.tasks import TaskRunner
    from pos_app.ui.people.till_people import TillPeople
    from pos_app.ui.sale.cart.sale_page import SalePage
    from pos_app.ui.sale.flow.flow import SaleFlow
    from pos_app.ui.sale.pages.later_pages import LaterPages

translate = QCoreApplication.translate     # lupdate reads translate("MainWindow", "...") calls
_TAKES_ITEMS = (None, Stage.CART)


class CounterKeys(QObject):
    """Owns the counter's actions (added to `window`, its dialogs over it). `item_edited(before, after)`: a catalog
    item changed by a manager (the app saves it); `open_drawer()` kicks the cash drawer; `restore_focus()` gives
    the keyboard back to the page after a dialog."""

    def __init__(self, window: QWidget, *, flow: SaleFlow, sale_page: SalePage, later: LaterPages,
                 runner: TaskRunner, people: TillPeople, open_drawer: Callable[[], None],
                 restore_focus: Callable[[], None], item_edited: Callable[[CatalogItem, CatalogItem], None]) -> None:
        super().__init__(window)      # (gone with the window: the flow and the cart outlive a rebuilt one)
        self.window = window
        self.flow = flow
        self.model = flow.cart
        self.sale_page = sale_page
        self.later = later
        self.runner = runner
        self.people = people
        self.open_drawer = open_drawer
        self.restore_focus = restore_focus
        self.item_edited = item_edited
        self.discount_limit = Decimal(100)    # percent a cashier may give without a manager (the app sets it)
        self.line_discount_action = window_action(window, translate("MainWindow", "Discount on the line…"), "Ctrl+D",
                                                  self.on_line_discount_triggered)
        self.sale_discount_action = window_action(window, translate("MainWindow", "Discount on the sale…"),
                                                  "Ctrl+Shift+D", self.on_sale_discount_triggered)
        self.park_action = window_action(window, translate("MainWindow", "Park the sale / parked sales…"), "F10",
                                         self.on_park_triggered)
        self.lock_action = window_action(window, translate("MainWindow", "Lock the till"), "Ctrl+Shift+L",
                                         self.on_lock_triggered)
        self.price_action = window_action(window, translate("MainWindow", "Change the item's price or name…"),
                                          "Ctrl+E", self.on_price_triggered)
        self.drawer_action = window_action(window, translate("MainWindow", "Open the cash drawer"), "Ctrl+Shift+O",
                                           self.on_drawer_triggered)
        # The customer's display follows the cart once the event loop is free again: a scan's line is painted
        # first, and a burst of changes (a parked sale coming back) redraws the display once.
        self._customer_timer = QTimer(self)
        self._customer_timer.setSingleShot(True)
        self._customer_timer.setInterval(0)
        self._customer_timer.timeout.connect(self.on_customer_timer_timeout)
        self.model.changed.connect(self._customer_timer.start)

    def set_discount_limit(self, limit: Decimal) -> None:
        """The shop's setting: the percent a cashier may give without a manager."""
        self.discount_limit = limit

    def update_actions(self, ready: bool) -> None:
        """`ready`: the till's books and its payment side are up."""
        taking = ready and self.flow.stage in _TAKES_ITEMS
        for action in (self.line_discount_action, self.sale_discount_action, self.park_action, self.price_action):
            action.setEnabled(taking)
        self.lock_action.setEnabled(self.people.guarded)
        self.drawer_action.setEnabled(ready)

    # -- discounts ----------------------------------------------------------------------------------

    def on_line_discount_triggered(self) -> None:
        row = self.sale_page.selected_row()
        if row is None or not self.model.editable:
            return
        line = self.model.lines[row]
        what = translate("MainWindow", "Discount on {item}").format(item=line.description)
        self._ask_discount(what, line.gross, line.line_discount,
                           lambda discount: self.model.set_line_discount(row, discount))

    def on_sale_discount_triggered(self) -> None:
        if self.model.is_empty or not self.model.editable:
            return
        cart = self.model.cart
        base = sum((line.net for line in cart.lines), Decimal(0))
        self._ask_discount(translate("MainWindow", "Discount on the whole sale"), base, cart.sale_discount,
                           self.model.set_sale_discount)

    def _ask_discount(self, what: str, base: Decimal, current: Discount | None, apply: Any) -> None:
        # The shop's limit holds with or without people set up; above it a manager approves, or (no manager set
        # up) the dialog refuses in words. A manager signed in gives any discount.
        managers = self.people.guarded
        limit = None if managers and self.people.may(Permission.BIG_DISCOUNT) else self.discount_limit
        dialog = DiscountDialog(what, base, current, self.window, limit=limit, managers=managers)

        def done(result: int) -> None:
            dialog.deleteLater()
            discount = dialog.result_discount
            if result != QDialog.DialogCode.Accepted:
                self.restore_focus()
                return

            def give() -> None:
                try:
                    apply(discount)
                except CartError as exc:
                    self.sale_page.show_error(refusal_text(exc))
                else:
                    self.sale_page.show_info(
                        translate("MainWindow", "Discount {discount} given.").format(discount=discount_text(discount))
                        if discount is not None else translate("MainWindow", "Discount taken off."))
                self.restore_focus()

            if dialog.above_limit(discount):
                self.people.approve(Permission.BIG_DISCOUNT, give, self.window)
            else:
                give()

        dialog.finished.connect(done)
        dialog.open()

    # -- parking ---------------------------------------------------------------------------------------

    def on_park_triggered(self) -> None:
        services = self.flow.services
        if services is None or self.flow.stage not in _TAKES_ITEMS:
            return
        journal = services.journal
        if self.model.is_empty:
            self.runner.run_in_background(journal.parked.read, self.on_parked_read)
            return
        cart = self.model.cart
        lines, total, discount = cart.lines, cart.total, cart.sale_discount
        self.model.clear()          # the next customer is served at once; the journal keeps the cart

        def parked(done: Future[int]) -> None:
            try:
                done.result()
            except Exception as exc:  # noqa: BLE001 - the cart comes back: nothing is lost
                self.model.restore(lines, discount)
                self.sale_page.show_error(describe_error(exc, translate("MainWindow", "The sale was not parked.")))
                return
            self.sale_page.show_info(translate("MainWindow", "Sale of {total} parked: F10 with an empty cart brings "
                                                             "it back.").format(total=money_text(total)))
            self.later.customer_display.show_idle()

        self.runner.run_in_background(lambda: journal.parked.park(lines, total, discount), parked)

    def on_parked_read(self, done: Future[tuple[ParkedSale, ...]]) -> None:
        try:
            parked = done.result()
        except Exception as exc:  # noqa: BLE001
            self.sale_page.show_error(describe_error(exc, translate("MainWindow", "The parked sales were not read.")))
            return
        if not parked:
            self.sale_page.show_info(translate("MainWindow", "No sale is parked. F10 parks the sale on screen."))
            return
        from pos_app.ui.sale.dialogs.parked import ParkedDialog   # (with the parked rows: loaded when first asked)
        dialog = ParkedDialog(parked, self.window)

        def done(result: int) -> None:
            dialog.deleteLater()
            chosen = dialog.chosen
            if result == QDialog.DialogCode.Accepted and chosen is not None:
                self._unpark(chosen)
            self.restore_focus()

        dialog.finished.connect(done)
        dialog.open()

    def _unpark(self, chosen: ParkedSale) -> None:
        services = self.flow.services
        if services is None:
            return
        journal = services.journal

        def back(done: Future[ParkedSale]) -> None:
            try:
                sale = done.result()
            except Exception as exc:  # noqa: BLE001
                self.sale_page.show_error(describe_error(exc, translate("MainWindow", "The sale was not resumed.")))
                return
            if not self.model.is_empty or self.flow.stage not in _TAKES_ITEMS:   # rung up meanwhile: park it back
                self.runner.run_in_background(lambda: journal.parked.park(sale.lines, sale.total, sale.sale_discount))
                self.sale_page.show_error(translate("MainWindow", "Finish or park the sale on screen first."))
                return
            try:
                self.model.restore(sale.lines, sale.sale_discount)
            except CartError as exc:
                self.sale_page.show_error(refusal_text(exc))
                return
            self.sale_page.show_info(translate("MainWindow", "Parked sale resumed: {total}.").format(
                total=money_text(self.model.total)))

        self.runner.run_in_background(lambda: journal.parked.unpark(chosen.id), back)

    # -- people, prices, the drawer ------------------------------------------------------------------

    def on_lock_triggered(self) -> None:
        self.people.lock(self.window)

    def on_price_triggered(self) -> None:
        row = self.sale_page.selected_row()
        catalog = self.sale_page.catalog
        if row is None or catalog is None or not self.model.editable:
            return
        line = self.model.lines[row]
        item = catalog.find(line.barcode or "") if line.barcode else None
        if item is None:
            self.sale_page.show_error(translate("MainWindow", "Only a catalog item's price is changed here; a free "
                                                              "line is typed anew."))
            return
        self.people.approve(Permission.PRICE, lambda: self._edit_item(row, item), self.window)

    def _edit_item(self, row: int, item: CatalogItem) -> None:
        dialog = ItemEditDialog(item, self.window)

        def done(result: int) -> None:
            dialog.deleteLater()
            edited = dialog.result_item
            if result == QDialog.DialogCode.Accepted and edited is not None and edited != item:
                if row < len(self.model.lines) and self.model.lines[row].barcode == item.barcode:
                    self.model.edit_line(row, edited.name, edited.price)
                self.item_edited(item, edited)
                self.sale_page.show_info(translate("MainWindow", "{item}: {price} from now on.").format(
                    item=edited.name, price=money_text(edited.price)))
            self.restore_focus()

        dialog.finished.connect(done)
        dialog.open()

    def on_drawer_triggered(self) -> None:
        def kick() -> None:
            self.open_drawer()
            self.people.note("drawer_opened", {})
        self.people.approve(Permission.DRAWER, kick, self.window)

    # -- the customer's display ------------------------------------------------------------------------

    def on_customer_timer_timeout(self) -> None:
        if self.flow.stage not in _TAKES_ITEMS:
            return
        cart, display = self.model.cart, self.later.customer_display
        # The newest lines only: a scan into a 400-line cart formats a few lines, not 400.
        newest = [(line.description, f"{quantity_text(line.quantity)} × {money_text(line.unit_price)}",
                   money_text(line.net)) for line in cart.lines[-display.SHOWN_LINES:]]
        discount = (translate("MainWindow", "discount {amount}").format(amount=money_text(cart.discount_total))
                    if cart.discount_total else "")
        display.show_cart(newest, len(cart), money_text(cart.total), discount)
