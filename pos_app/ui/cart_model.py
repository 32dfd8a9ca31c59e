"""The cart as a table model: the domain `Cart` holds the lines, this shows them."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
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



class CartModel(QAbstractTableModel):
    ITEM, QUANTITY, PRICE, AMOUNT = range(4)

    changed = Signal()           # lines or totals changed
    refused = Signal(str)        # an edit the cart would not take, in words

    def __init__(self, cart: Cart | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.cart = cart or Cart()
        self.editable = True
        self._headers = (self.tr("Item"), self.tr("Qty"), self.tr("Price"), self.tr("Amount"))

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

    # -- Qt model -------------------------------------------------------------------------

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else len(self.cart)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else 4

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return self._headers[section]
        if role == Qt.ItemDataRole.TextAlignmentRole and orientation == Qt.Orientation.Horizontal:
            return _alignment(section)
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        line = self.cart.lines[index.row()]
        column = index.column()
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.AccessibleTextRole):
            return (line.description, quantity_text(line.quantity), money_text(line.unit_price),
                    money_text(line.total))[column]
        if role == Qt.ItemDataRole.EditRole and column == self.QUANTITY:
            return _plain_quantity(line.quantity)     # what the cart reads back: digits and ".", never a locale's
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return _alignment(column)
        if role == Qt.ItemDataRole.ToolTipRole and column == self.ITEM:
            return line.barcode or self.tr("Free line")
        return None

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
        self.endResetModel()
        self.changed.emit()

    def restore(self, lines: tuple[CartLine, ...]) -> None:
        self.beginResetModel()
        try:
            self.cart.restore(lines)
        finally:
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
            self.endResetModel()
            raise
        self.endInsertRows()
        self.changed.emit()
        return row

    def _row_changed(self, row: int) -> None:
        self.dataChanged.emit(self.index(row, 0), self.index(row, self.columnCount() - 1))
        self.changed.emit()


def _alignment(column: int) -> Qt.AlignmentFlag:
    if column == CartModel.ITEM:
        return Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
    return Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter


def _plain_quantity(quantity: Decimal) -> str:
    text = f"{quantity:f}"
    return text.rstrip("0").rstrip(".") if "." in text else text
