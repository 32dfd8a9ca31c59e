"""The cart as a table model: the domain `Cart` holds the lines, this shows them.

Fast at any cart size: a view asks for seven roles of every cell it paints (`multiData`: one call into
Python per cell), so the shown texts are formatted once per line and kept (`_texts`), and an edit tells
the views about its own row only. No view needs to measure rows to size a column: `wider_text` says when
a line brings a number longer than any before it (`CartColumns` in sale_page.py sizes them from the font).
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QModelRoleDataSpan,
    QObject,
    QPersistentModelIndex,
    Qt,
    Signal,
)

from pos_app.domain.cart import Cart, CartError, CartLine
from pos_app.domain.catalog import CatalogItem
from pos_app.domain.taxes import TaxRates, TaxSplit
from pos_app.formats import money_text, quantity_text

from .messages import cart_error_text

Index = QModelIndex | QPersistentModelIndex
Texts = tuple[str, str, str, str]    # a line as shown: item, quantity, price, amount


class CartModel(QAbstractTableModel):
    ITEM, QUANTITY, PRICE, AMOUNT = range(4)
    NUMBERS = (QUANTITY, PRICE, AMOUNT)

    changed = Signal()           # lines or totals changed
    refused = Signal(str)        # an edit the cart would not take, in words
    wider_text = Signal(int, str)  # (column, text): longer than any text the column had in this cart

    def __init__(self, cart: Cart | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.cart = cart or Cart()
        self.editable = True
        self._headers = self._header_texts()
        self._lines: tuple[CartLine, ...] = ()         # the cart's lines as last told to the views
        self._texts: list[Texts | None] = []          # each line's shown texts, made when first asked for
        self._widest: list[str] = [""] * 4            # the longest text of each column in this cart
        self._sync()

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
        self._headers = self._header_texts()
        self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, self.columnCount() - 1)
        self._reset()
        if self._lines:
            self.dataChanged.emit(self.index(0, 0), self.index(len(self._lines) - 1, self.columnCount() - 1))

    # -- Qt model -------------------------------------------------------------------------

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else len(self._lines)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else 4

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return self._headers[section]
        if role == Qt.ItemDataRole.TextAlignmentRole and orientation == Qt.Orientation.Horizontal:
            return _alignment(section)
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        # Called for every role of every painted cell: no formatting, no copy of the cart here.
        row = index.row()
        if not index.isValid() or row >= len(self._lines):
            return None
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole or role == Qt.ItemDataRole.AccessibleTextRole:
            return self._row_texts(row)[column]
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return _LEFT if column == self.ITEM else _RIGHT
        if role == Qt.ItemDataRole.EditRole and column == self.QUANTITY:
            return _plain_quantity(self._lines[row].quantity)  # what the cart reads back: digits and "."
        if role == Qt.ItemDataRole.ToolTipRole and column == self.ITEM:
            return self._lines[row].barcode or self.tr("Free line")
        return None

    def multiData(self, index: Index, roleDataSpan: QModelRoleDataSpan) -> None:  # noqa: N802, N803 - Qt's
        # A delegate asks for a cell's seven roles at once: one call from Qt into Python instead of seven.
        # Each such call takes the GIL, which a busy worker thread may hold for up to its switch interval.
        for number in range(len(roleDataSpan)):
            role_data = roleDataSpan[number]
            value = self.data(index, role_data.role())
            if value is None:
                role_data.clearData()
            else:
                role_data.setData(value)

    def flags(self, index: Index) -> Qt.ItemFlag:
        flags = super().flags(index)
        if index.isValid() and index.column() == self.QUANTITY and self.editable:
            flags |= Qt.ItemFlag.ItemIsEditable
        return flags

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if role != Qt.ItemDataRole.EditRole or index.column() != self.QUANTITY or not self.editable:
            return False
        try:
            self.cart.set_quantity(index.row(), str(value).strip().replace(",", "."))
        except CartError as exc:
            self.refused.emit(cart_error_text(exc))
            return False
        self._row_changed(index.row())
        return True

    # -- cart edits --------------------------------------------------------------------------

    def add_item(self, item: CatalogItem, quantity: object = 1) -> int:
        existing = next((row for row, line in enumerate(self.cart.lines) if line.barcode == item.barcode), None)
        if existing is not None:
            self.cart.add_item(item, quantity)
            self._row_changed(existing)
            return existing
        return self._insert(lambda: self.cart.add_item(item, quantity))

    def add_free_line(self, description: str, quantity: object, unit_price: object, city_tax: bool = False) -> int:
        return self._insert(lambda: self.cart.add_free_line(description, quantity, unit_price, city_tax))

    def remove(self, row: int) -> CartLine:
        if not 0 <= row < len(self.cart):
            raise CartError("There is no line {number}", number=row + 1)
        self.beginRemoveRows(QModelIndex(), row, row)
        line = self.cart.remove(row)
        self._lines = self.cart.lines
        del self._texts[row]
        self.endRemoveRows()
        self.changed.emit()
        return line

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

    def restore(self, lines: tuple[CartLine, ...]) -> None:
        self.beginResetModel()
        try:
            self.cart.restore(lines)
        finally:
            self._reset()
            self.endResetModel()
        self.changed.emit()

    def _insert(self, append: Callable[[], int]) -> int:
        # Views want to hear of a new row before it exists; a refused line then
        # ends the insert and resyncs the views, so they never show a ghost row.
        row = len(self.cart)
        self.beginInsertRows(QModelIndex(), row, row)
        try:
            row = append()
        except BaseException:
            self.endInsertRows()
            self.beginResetModel()
            self._sync()
            self.endResetModel()
            raise
        self._sync()
        self.endInsertRows()
        self._note_widths(self._row_texts(row))
        self.changed.emit()
        return row

    def _row_changed(self, row: int) -> None:
        self._lines = self.cart.lines
        self._texts[row] = None
        self._note_widths(self._row_texts(row))
        self.dataChanged.emit(self.index(row, 0), self.index(row, self.columnCount() - 1))
        self.changed.emit()

    # -- the shown texts ------------------------------------------------------------------

    def _header_texts(self) -> Texts:
        return (self.tr("Item"), self.tr("Qty"), self.tr("Price"), self.tr("Amount"))

    def _sync(self) -> None:
        """The cart's lines again, none of their texts made yet (after a change of many rows)."""
        self._lines = self.cart.lines
        self._texts = [None] * len(self._lines)

    def _reset(self) -> None:
        """Every line anew (a reset: views then size their columns from `widest` without being told)."""
        self._sync()
        self._widest = [""] * 4
        for row in range(len(self._lines)):
            texts = self._row_texts(row)
            for column in self.NUMBERS:
                if len(texts[column]) > len(self._widest[column]):
                    self._widest[column] = texts[column]

    def _row_texts(self, row: int) -> Texts:
        texts = self._texts[row]
        if texts is None:
            line = self._lines[row]
            texts = (line.description, quantity_text(line.quantity), money_text(line.unit_price),
                     money_text(line.total))
            self._texts[row] = texts
        return texts

    def _note_widths(self, texts: Texts) -> None:
        for column in self.NUMBERS:
            if len(texts[column]) > len(self._widest[column]):
                self._widest[column] = texts[column]
                self.wider_text.emit(column, texts[column])


_LEFT = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
_RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter


def _alignment(column: int) -> Qt.AlignmentFlag:
    return _LEFT if column == CartModel.ITEM else _RIGHT


def _plain_quantity(quantity: Decimal) -> str:
    text = f"{quantity:f}"
    return text.rstrip("0").rstrip(".") if "." in text else text
