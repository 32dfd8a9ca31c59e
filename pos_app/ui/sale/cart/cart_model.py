"""The cart as a table model: the domain `Cart` holds the lines, this shows them.

Fast at any cart size and under load: the shown texts live in Qt's own `QStandardItemModel`, made once
per line when the line changes, so a view paints and measures without calling into Python at all. That
matters beyond the Python work saved: every call from Qt into Python takes the GIL, which a worker thread
running Python hands over only at its switch interval, so a view asking a Python model for each cell
waited for the worker hundreds of times a paint. An edit tells the views about its own cells only, and no
view needs to measure rows to size a column: `wider_text` says when a line brings a number longer than
any before it (`CartColumns` in sale_page.py sizes them from the font).

The quantity cell keeps its plain digits ("1.5", never the locale's "1,000") in `PLAIN_QUANTITY_ROLE`
for the editor (`QuantityDelegate`); an edit comes back through `setData`, which the cart checks.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import Any

from PySide6.QtCore import QModelIndex, QObject, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QLineEdit, QStyledItemDelegate, QWidget

from pos_app.domain.cart import Cart, CartError, CartLine, parse_quantity
from pos_app.domain.catalog import CatalogItem
from pos_app.domain.discounts import Discount
from pos_app.domain.entry import is_large
from pos_app.domain.taxes import TaxRates, TaxSplit
from pos_app.formats import discount_text, money_text, quantity_text

from pos_app.ui.common.messages import cart_error_text

Index = QModelIndex | QPersistentModelIndex
Texts = tuple[str, str, str, str]    # a line as shown: item, quantity, price, amount
PLAIN_QUANTITY_ROLE = Qt.ItemDataRole.UserRole + 1


class CartModel(QStandardItemModel):
    ITEM, QUANTITY, PRICE, AMOUNT = range(4)
    NUMBERS = (QUANTITY, PRICE, AMOUNT)

    changed = Signal()           # lines or totals changed
    refused = Signal(str)        # an edit the cart would not take, in words
    large_quantity_typed = Signal(int, object)   # (row, Decimal): an edited quantity to confirm first (is_large)
    wider_text = Signal(int, str)  # (column, text): longer than any text the column had in this cart

    # No data(), flags(), rowCount() or headerData() here, on purpose: Qt's own answer them (see above).

    def __init__(self, cart: Cart | None = None, parent: QObject | None = None) -> None:
        super().__init__(0, 4, parent)
        self.cart = cart or Cart()
        self.editable = True     # the views' editors are refused while a sale is being charged
        self._widest: list[str] = [""] * 4            # the longest text of each column in this cart
        self._set_headers()
        self._reset()

    # -- what the flow reads --------------------------------------------------------

    @property
    def lines(self) -> tuple[CartLine, ...]:
        return self.cart.lines

    @property
    def total(self) -> Decimal:
        return self.cart.total

    @property
    def taxes(self) -> TaxSplit:
        return self.cart.taxes

    @property
    def is_empty(self) -> bool:
        return self.cart.is_empty

    def widest(self, column: int) -> str:
        """The longest text `column` has shown in this cart (since it was last cleared or restored)."""
        return self._widest[column]

    def retranslate(self) -> None:
        """The language (and so the locale's digits and separators) changed: headers and texts anew
        (`widest` too, untold, as after a reset)."""
        self._set_headers()
        self.beginResetModel()
        self._reset()
        self.endResetModel()

    # -- the views' edits ---------------------------------------------------------------------

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        # Only an editor writes here (the model's own texts are set on its items): the cart decides.
        if role != Qt.ItemDataRole.EditRole or index.column() != self.QUANTITY or not self.editable:
            return False
        row = index.row()
        try:
            quantity = parse_quantity(str(value).strip().replace(",", "."))
            line = self.cart.lines[row]
            if quantity > line.quantity and is_large(quantity, line.unit_price):
                self.large_quantity_typed.emit(row, quantity)      # asked first (the sale page), then `set_quantity`
                return False
            self.set_quantity(row, quantity)
        except CartError as exc:
            self.refused.emit(cart_error_text(exc))
            return False
        return True

    def set_quantity(self, row: int, quantity: object) -> None:
        self.cart.set_quantity(row, quantity)
        self._row_changed(row)

    # -- cart edits --------------------------------------------------------------------------

    def add_item(self, item: CatalogItem, quantity: object = 1) -> int:
        existing = next((row for row, line in enumerate(self.cart.lines)
                         if line.barcode == item.barcode and not line.weighed), None)
        if existing is not None:
            self.cart.add_item(item, quantity)
            self._row_changed(existing)
            return existing
        return self._insert(lambda: self.cart.add_item(item, quantity))

    def add_weighed(self, item: CatalogItem, quantity: object = 1, unit_price: object | None = None) -> int:
        """A scale's label: a line of its own (`Cart.add_weighed`)."""
        return self._insert(lambda: self.cart.add_weighed(item, quantity, unit_price))

    def set_line_discount(self, row: int, discount: Discount | None) -> None:
        self.cart.set_line_discount(row, discount)
        self._row_changed(row)

    def set_sale_discount(self, discount: Discount | None) -> None:
        """The lines show their own discounts; the sale's shows in the totals (`changed`)."""
        self.cart.set_sale_discount(discount)
        self.changed.emit()

    def edit_line(self, row: int, description: str, price: object) -> None:
        self.cart.edit_line(row, description, price)
        self._row_changed(row)

    def add_free_line(self, description: str, quantity: object, unit_price: object, city_tax: bool = False) -> int:
        return self._insert(lambda: self.cart.add_free_line(description, quantity, unit_price, city_tax))

    def remove(self, row: int) -> CartLine:
        if not 0 <= row < len(self.cart):
            raise CartError("There is no line {number}", number=row + 1)
        line = self.cart.remove(row)
        self.removeRow(row)
        self.changed.emit()
        return line

    def set_editable(self, editable: bool) -> None:
        """Whether the views' editors may change a line (not while a sale is being charged)."""
        self.editable = editable

    def set_rates(self, rates: TaxRates) -> None:
        """The shop's VAT and city tax rates (from the settings); the totals are shown anew."""
        self.cart.rates = rates
        self.changed.emit()

    def clear(self) -> None:
        self.beginResetModel()
        self.cart.clear()
        self._reset()
        self.endResetModel()
        self.changed.emit()

    def restore(self, lines: tuple[CartLine, ...], sale_discount: Discount | None = None) -> None:
        self.beginResetModel()
        try:
            self.cart.restore(lines, sale_discount)
        finally:
            self._reset()
            self.endResetModel()
        self.changed.emit()

    def _insert(self, append: Callable[[], int]) -> int:
        row = append()   # a refused line raises here, before any view hears of a row
        texts = _texts(self.cart.lines[row])
        self.insertRow(row, self._row_items(self.cart.lines[row], texts))
        self._note_widths(texts)
        self.changed.emit()
        return row

    def _row_changed(self, row: int) -> None:
        # Only the cells whose text changed (a repeat scan: quantity and amount): each tells the views.
        line = self.cart.lines[row]
        texts = _texts(line)
        for column in range(4):
            if self.item(row, column).text() != texts[column]:
                roles: dict[int, Any] = {Qt.ItemDataRole.DisplayRole: texts[column],
                                         Qt.ItemDataRole.AccessibleTextRole: texts[column]}
                if column == self.QUANTITY:
                    roles[PLAIN_QUANTITY_ROLE] = _plain_quantity(line.quantity)
                self.setItemData(self.index(row, column), roles)   # one change signal a cell
        self._note_widths(texts)
        self.changed.emit()

    # -- the shown texts ------------------------------------------------------------------

    def _set_headers(self) -> None:
        for column, text in enumerate((self.tr("Item"), self.tr("Qty"), self.tr("Price"), self.tr("Amount"))):
            self.setHeaderData(column, Qt.Orientation.Horizontal, text)
            self.setHeaderData(column, Qt.Orientation.Horizontal, _alignment(column),
                               Qt.ItemDataRole.TextAlignmentRole)

    def _reset(self) -> None:
        """Every line anew, inside a reset (views then size their columns from `widest` untold)."""
        blocked = self.blockSignals(True)   # one reset for the views, not a signal per cell
        try:
            self.setRowCount(0)
            self._widest = [""] * 4
            for row, line in enumerate(self.cart.lines):
                texts = _texts(line)
                self.insertRow(row, self._row_items(line, texts))
                for column in self.NUMBERS:
                    if len(texts[column]) > len(self._widest[column]):
                        self._widest[column] = texts[column]
        finally:
            self.blockSignals(blocked)

    def _row_items(self, line: CartLine, texts: Texts) -> list[QStandardItem]:
        cells = []
        for column, text in enumerate(texts):
            cell = QStandardItem(text)
            cell.setTextAlignment(_alignment(column))
            cell.setData(text, Qt.ItemDataRole.AccessibleTextRole)
            flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
            if column == self.QUANTITY:
                flags |= Qt.ItemFlag.ItemIsEditable
                cell.setData(_plain_quantity(line.quantity), PLAIN_QUANTITY_ROLE)
            cell.setFlags(flags)
            cells.append(cell)
        cells[self.ITEM].setToolTip(line.barcode or self.tr("Free line"))
        return cells

    def _note_widths(self, texts: Texts) -> None:
        for column in self.NUMBERS:
            if len(texts[column]) > len(self._widest[column]):
                self._widest[column] = texts[column]
                self.wider_text.emit(column, texts[column])


class QuantityDelegate(QStyledItemDelegate):
    """The quantity's editor starts from its plain digits ("1000", "1.5"), never the shown "1,000", which
    the cart would read as one. Only starting an edit calls into Python; painting stays Qt's own."""

    def setEditorData(self, editor: QWidget, index: Index) -> None:  # noqa: N802 - Qt's name
        plain = index.data(PLAIN_QUANTITY_ROLE)
        if isinstance(editor, QLineEdit) and isinstance(plain, str):
            editor.setText(plain)
            editor.selectAll()
        else:
            super().setEditorData(editor, index)


_LEFT = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
_RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter


def _alignment(column: int) -> Qt.AlignmentFlag:
    return _LEFT if column == CartModel.ITEM else _RIGHT


def _texts(line: CartLine) -> Texts:
    """Amount: after the line's own discount (the sale's discount is shown with the totals)."""
    item = line.description
    if line.line_discount is not None:
        item = f"{item}   −{discount_text(line.line_discount)}"
    return (item, quantity_text(line.quantity), money_text(line.unit_price), money_text(line.net))


def _plain_quantity(quantity: Decimal) -> str:
    text = f"{quantity:f}"
    return text.rstrip("0").rstrip(".") if "." in text else text
