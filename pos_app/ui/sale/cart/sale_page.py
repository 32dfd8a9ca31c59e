"""The first screen: the entry field, the cart and its totals, the quick keys, and Charge.

Keyboard first: the entry field has focus whenever nothing else is being
done; a scanner types a code and Enter; letters search the catalog by name
(`entry.py`). Up/Down pick a line (or a name found), Delete on an
empty entry removes it, F3 edits its quantity, Ctrl+L adds a free line.
"""

from __future__ import annotations

from decimal import Decimal

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent, QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from pos_app.domain.cart import Cart
from pos_app.domain.catalog import Catalog
from pos_app.domain.scale import ScaleFormat
from pos_app.domain.search import CatalogSearch
from pos_app.formats import discount_text, money_text

from pos_app.ui.sale.cart.cart_columns import CartColumns
from pos_app.ui.sale.cart.cart_model import CartModel, QuantityDelegate
from pos_app.ui.sale.cart.cart_table import CartTable
from pos_app.ui.common.messages import bounded_text
from pos_app.ui.sale.cart.quick_keys import QuickKeys
from pos_app.ui.sale.cart.entry import SaleEntry, SearchList


SEARCH_PAUSE_MS = 40     # a person's keys come 80 ms or more apart: the list follows each of them
EDIT_TRIGGERS = QAbstractItemView.EditTrigger.DoubleClicked | QAbstractItemView.EditTrigger.EditKeyPressed


class SalePage(QWidget):
    charge_requested = Signal()
    cash_requested = Signal()
    card_requested = Signal()

    def __init__(self, model: CartModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model

        self.entry = EntryField()
        self.entry.setObjectName("entry")
        self.entry.setPlaceholderText(self.tr("Scan or type a code, or type a name  ·  3*code for three"))
        self.entry.setClearButtonEnabled(True)
        self.entry.line_key_pressed.connect(self.on_line_key_pressed)
        # Searched once typing pauses: a Python slot at every key would make each of a scanner's keys wait for
        # the GIL (see scanner.py); the timer is restarted by Qt alone, and a scan's text is gone before it fires.
        self.search_timer = QTimer(self)
        self.search_timer.setSingleShot(True)
        self.search_timer.setInterval(SEARCH_PAUSE_MS)
        self.entry.textEdited.connect(self.search_timer.start)
        self.results = SearchList(self)
        self.quick_keys = QuickKeys()

        self.free_line_button = QPushButton(self.tr("Free line… (Ctrl+L)"))
        self.free_line_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.free_line_button.clicked.connect(self.on_free_line_clicked)

        self.message = QLabel()
        self.message.setObjectName("message")
        self.message.setWordWrap(True)
        self.message.hide()

        self.table = CartTable()
        self.table.setObjectName("cart")
        self.table.setModel(model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(EDIT_TRIGGERS)
        self.table.setItemDelegateForColumn(CartModel.QUANTITY, QuantityDelegate(self.table))
        self.table.setAlternatingRowColors(True)
        self.table.verticalHeader().hide()
        self.columns = CartColumns(self.table, model)  # widths from the font, never from measuring rows
        self.table.line_key_pressed.connect(self.on_line_key_pressed)
        # After a quantity edit the scanner's next code must land in the entry again.
        self.table.itemDelegateForColumn(CartModel.QUANTITY).closeEditor.connect(
            lambda *_: QTimer.singleShot(0, self.focus_entry))
        # What the entry, a touch on a name found and a quick key add (the catalog comes with `set_catalog`).
        self.sale_entry = SaleEntry(self.entry, self.results, self.search_timer, self.table, model,
                                    show_error=self.show_error, clear_message=self.clear_message,
                                    focus_entry=self.focus_entry)
        self.entry.returnPressed.connect(self.sale_entry.on_entry_returned)
        self.search_timer.timeout.connect(self.sale_entry.on_search_timer_timeout)
        self.results.itemClicked.connect(lambda _row: self.sale_entry.on_entry_returned())   # a touch picks it
        self.quick_keys.picked.connect(self.sale_entry.add_catalog_item)
        self.empty_hint = QLabel(self.tr("The cart is empty. Scan an item to start a sale."))
        self.empty_hint.setObjectName("hint")
        self.empty_hint.setAlignment(Qt.AlignmentFlag.AlignCenter)

        self.subtotal_label = QLabel()
        self.discount_label = QLabel()
        self.discount_label.setObjectName("discount")
        self.total_label = QLabel()
        self.total_label.setObjectName("total")
        self.total_label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.vat_label = QLabel()
        self.city_tax_label = QLabel()
        self.count_label = QLabel()
        for label in (self.vat_label, self.city_tax_label, self.count_label, self.subtotal_label,
                      self.discount_label):
            label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)

        self.charge_button = QPushButton(self.tr("Charge  (F12)"))
        self.charge_button.setObjectName("charge")
        self.charge_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.charge_button.clicked.connect(self.charge_requested)
        self.cash_button = QPushButton(self.tr("Cash  (F7)"))
        self.cash_button.clicked.connect(self.cash_requested)
        self.card_button = QPushButton(self.tr("Card terminal  (F8)"))
        self.card_button.clicked.connect(self.card_requested)
        for button in (self.cash_button, self.card_button):
            button.setObjectName("tender")
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)

        entry_row = QHBoxLayout()
        entry_row.addWidget(self.entry, 1)
        entry_row.addWidget(self.free_line_button)

        totals = QFrame()
        totals.setObjectName("totals")
        grid = QGridLayout(totals)
        self.subtotal_caption = QLabel(self.tr("Before discounts"))
        self.discount_caption = QLabel()
        self.discount_caption.setWordWrap(True)     # its parts in words: on two lines rather than a narrower cart
        grid.addWidget(self.subtotal_caption, 0, 0)
        grid.addWidget(self.subtotal_label, 0, 1)
        grid.addWidget(self.discount_caption, 1, 0)
        grid.addWidget(self.discount_label, 1, 1)
        grid.addWidget(QLabel(self.tr("Total")), 2, 0)
        grid.addWidget(self.total_label, 2, 1)
        grid.addWidget(QLabel(self.tr("incl. VAT")), 3, 0)
        grid.addWidget(self.vat_label, 3, 1)
        grid.addWidget(QLabel(self.tr("incl. city tax")), 4, 0)
        grid.addWidget(self.city_tax_label, 4, 1)
        grid.addWidget(self.count_label, 5, 0, 1, 2)
        grid.setColumnStretch(1, 1)

        side = QVBoxLayout()
        side.addWidget(totals)
        side.addWidget(self.quick_keys)
        side.addStretch(1)
        tenders = QHBoxLayout()
        tenders.addWidget(self.cash_button)
        tenders.addWidget(self.card_button)
        side.addLayout(tenders)
        side.addWidget(self.charge_button)

        cart_box = QVBoxLayout()
        cart_box.addWidget(self.table, 1)
        cart_box.addWidget(self.empty_hint)

        body = QHBoxLayout()
        body.addLayout(cart_box, 3)
        body.addLayout(side, 1)

        layout = QVBoxLayout(self)
        layout.addLayout(entry_row)
        layout.addWidget(self.message)
        layout.addLayout(body, 1)

        model.changed.connect(self.on_model_changed)
        model.refused.connect(self.show_error)
        model.large_quantity_typed.connect(self.sale_entry.on_model_large_quantity_typed)
        self.on_model_changed()

    # -- focus ------------------------------------------------------------------------

    def focus_entry(self) -> None:
        # Not from behind another page (a focus queued before the tender page came up must not take its keys).
        if self.entry.isEnabled() and (self.isVisible() or not self.window().isVisible()):
            self.entry.setFocus(Qt.FocusReason.OtherFocusReason)

    def set_catalog(self, catalog: Catalog | None, search: CatalogSearch | None = None,
                    scale_format: ScaleFormat | None = None) -> None:
        self.sale_entry.use_catalog(catalog, search, scale_format)

    @property
    def catalog(self) -> Catalog | None:
        """The catalog the entry adds from (None: the till's books are not read yet)."""
        return self.sale_entry.catalog

    @property
    def scale_format(self) -> ScaleFormat | None:
        """How the shop's scale labels read (None: no scale)."""
        return self.sale_entry.scale_format

    def add_code(self, text: str) -> bool:
        """See `SaleEntry.add_code` (a scan comes here)."""
        return self.sale_entry.add_code(text)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        self.sale_entry.place_results()

    def set_busy(self, busy: bool, text: str = "") -> None:
        """While the invoice is being created: no edits, Charge off (a double press does nothing)."""
        self.entry.setEnabled(not busy)
        self.results.hide()
        self.quick_keys.set_enabled_keys(not busy)
        self.free_line_button.setEnabled(not busy)
        self.model.set_editable(not busy)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers if busy else EDIT_TRIGGERS)
        for button in (self.charge_button, self.cash_button, self.card_button):
            button.setEnabled(not busy and not self.model.is_empty)
        self.charge_button.setText(text or self.tr("Charge  (F12)"))
        if not busy:
            QTimer.singleShot(0, self.focus_entry)

    # -- messages ------------------------------------------------------------------------

    def show_error(self, text: str) -> None:
        self.message.setProperty("kind", "error")
        self._show_message(text)
        QApplication.beep()

    def show_info(self, text: str) -> None:
        self.message.setProperty("kind", "info")
        self._show_message(text)

    def clear_message(self) -> None:
        self.message.hide()
        self.message.clear()

    def _show_message(self, text: str) -> None:
        self.message.setText(bounded_text(text))
        self.message.style().unpolish(self.message)
        self.message.style().polish(self.message)
        self.message.updateGeometry()  # the padding of the new kind changes the height
        self.message.show()

    # -- slots -----------------------------------------------------------------------------

    def on_free_line_clicked(self) -> None:
        from pos_app.ui.sale.dialogs.free_line import FreeLineDialog   # (with the first free line, not the window)
        dialog = FreeLineDialog(self.model, self)
        if dialog.exec():
            self.clear_message()
            self.table.selectRow(self.model.rowCount() - 1)
        self.focus_entry()

    def _discount_caption(self, cart: Cart) -> str:
        """What the discount beside it is made of: the items' own and the sale's, each in tögrög, so the parts
        add up to the amount shown."""
        items = sum((line.discount for line in cart.lines), Decimal(0))
        if cart.sale_discount is None:
            return self.tr("Discount")
        if not items:
            return self.tr("Discount (sale {discount})").format(discount=discount_text(cart.sale_discount))
        shared = sum((line.sale_share for line in cart.lines), Decimal(0))
        return self.tr("Discount (items {items} + sale {sale})").format(items=money_text(items),
                                                                        sale=money_text(shared))

    def on_model_changed(self) -> None:
        taxes = self.model.taxes
        cart = self.model.cart
        discounted = cart.discount_total > 0
        for widget in (self.subtotal_caption, self.subtotal_label, self.discount_caption, self.discount_label):
            widget.setVisible(discounted)
        if discounted:
            self.subtotal_label.setText(money_text(cart.subtotal))
            self.discount_label.setText(money_text(-cart.discount_total))
            self.discount_caption.setText(self._discount_caption(cart))
        self.total_label.setText(money_text(self.model.total))
        self.vat_label.setText(money_text(taxes.vat))
        self.city_tax_label.setText(money_text(taxes.city_tax))
        count = len(self.model.lines)
        self.count_label.setText(self.tr("%n line(s)", "", count))
        self.empty_hint.setVisible(count == 0)
        for button in (self.charge_button, self.cash_button, self.card_button):
            button.setEnabled(count > 0 and self.entry.isEnabled())

    def remove_selected_line(self) -> None:
        row = self.selected_row()
        if row is None:
            return
        line = self.model.remove(row)
        self.show_info(self.tr("Removed: {item}").format(item=line.description))
        if self.model.rowCount():
            self.table.selectRow(min(row, self.model.rowCount() - 1))

    def edit_selected_quantity(self) -> None:
        row = self.selected_row()
        if row is not None and self.model.editable:
            index = self.model.index(row, CartModel.QUANTITY)
            self.table.setCurrentIndex(index)
            self.table.edit(index)

    def selected_row(self) -> int | None:
        rows = self.table.selectionModel().selectedRows()
        if rows:
            return rows[0].row()
        return self.model.rowCount() - 1 if self.model.rowCount() else None

    def on_line_key_pressed(self, key: int) -> None:
        """Up/Down in the entry pick a line; Delete (the entry empty, or on the table) removes it; F3 edits
        its quantity."""
        if key == Qt.Key.Key_Escape:
            self.results.hide()
        elif key in (Qt.Key.Key_Up, Qt.Key.Key_Down) and self.results.isVisible():
            self.results.move_current(-1 if key == Qt.Key.Key_Up else 1)
        elif key in (Qt.Key.Key_Up, Qt.Key.Key_Down):
            if self.model.rowCount():
                row = (self.selected_row() or 0) + (-1 if key == Qt.Key.Key_Up else 1)
                self.table.selectRow(max(0, min(row, self.model.rowCount() - 1)))
        elif key == Qt.Key.Key_Delete:
            if self.model.editable:
                self.remove_selected_line()
                self.focus_entry()
        elif key == Qt.Key.Key_F3:
            self.edit_selected_quantity()


class EntryField(QLineEdit):
    """The code entry. Its line keys (Up, Down, Delete when empty, F3; Esc closes a search) are read in
    `keyPressEvent`, not by an event filter: a filter is called for every event of the field, each paint and
    each key's shortcut check, and every call from Qt into Python waits for the GIL while a worker runs Python."""

    line_key_pressed = Signal(int)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt's name
        key = event.key()
        if key in (Qt.Key.Key_Up, Qt.Key.Key_Down, Qt.Key.Key_F3) or (key == Qt.Key.Key_Delete and not self.text()) \
                or key == Qt.Key.Key_Escape:
            self.line_key_pressed.emit(key)
        else:
            super().keyPressEvent(event)
