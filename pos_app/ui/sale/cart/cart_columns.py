"""The cart table's number columns, sized from the font (see `CartColumns`)."""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QSize, Qt, QTimer
from PySide6.QtWidgets import QHeaderView, QStyle, QStyleOptionViewItem

from pos_app.formats import money_text, quantity_text

from pos_app.ui.sale.cart.cart_model import CartModel

if TYPE_CHECKING:
    from pos_app.ui.sale.cart.cart_table import CartTable


# What each number column is sized for before a line needs more: a two-digit quantity and a price or amount
# below 100,000 ₮. A wider value widens its column when it comes (`CartModel.wider_text`) and a new cart starts
# narrow again: the item's name has the room on a 1024-pixel screen (sized for 9,999.999 × 99,999,999.99 ₮
# from the start, the numbers took half the cart and the names were cut).
TYPICAL_QUANTITY = Decimal(99)
TYPICAL_MONEY = Decimal(99999)


class CartColumns(QObject):
    """The cart table's Qty, Price and Amount columns sized to their content, never by measuring the rows.

    Qt's ResizeToContents measures every row of a column again after each change: a scan that raised a
    quantity in a 400-line cart asked the model for data ten thousand times. Here each column gets the
    width of the longest text it has shown in this cart or of a typical value, whichever is wider (formatted
    as the till shows it, every digit as wide as the font's widest), measured again only when the font, the
    style or the language changes, the cart is emptied or the model reports a longer text than the column
    had (`CartModel.wider_text`: one line, one check). The item's name takes the rest of the width.
    """

    def __init__(self, table: CartTable, model: CartModel) -> None:
        super().__init__(table)
        self.table = table
        self.model = model
        self._refit_queued = False
        self._language_changed = False
        header = table.horizontalHeader()
        header.setSectionResizeMode(CartModel.ITEM, QHeaderView.ResizeMode.Stretch)
        for column in CartModel.NUMBERS:
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Fixed)
        model.wider_text.connect(self.on_model_wider_text)
        model.modelReset.connect(self.fit)
        table.looks_changed.connect(self.on_table_looks_changed)
        # The model outlives a window and a new window may speak another language; its reset fits the columns.
        model.retranslate()

    def fit(self) -> None:
        """Every number column to its content (shrinking back after a cart that needed more)."""
        header = self.table.horizontalHeader()
        samples = {CartModel.QUANTITY: quantity_text(TYPICAL_QUANTITY), CartModel.PRICE: money_text(TYPICAL_MONEY),
                   CartModel.AMOUNT: money_text(TYPICAL_MONEY)}
        for column, sample in samples.items():
            width = max(header.sectionSizeHint(column), self.cell_width(sample),
                        self.cell_width(self.model.widest(column)))
            if header.sectionSize(column) != width:
                header.resizeSection(column, width)

    def on_model_wider_text(self, column: int, text: str) -> None:
        width = self.cell_width(text)
        if width > self.table.horizontalHeader().sectionSize(column):
            self.table.horizontalHeader().resizeSection(column, width)

    def cell_width(self, text: str) -> int:
        """What the table's delegate needs to show `text` unelided (the style's margins and padding, the
        grid line), with every digit as wide as the font's widest."""
        if not text:
            return 0
        metrics = self.table.fontMetrics()
        widest_digit = max("0123456789", key=metrics.horizontalAdvance)
        option = QStyleOptionViewItem()
        option.initFrom(self.table)
        option.font = self.table.font()
        option.fontMetrics = metrics
        option.features = QStyleOptionViewItem.ViewItemFeature.HasDisplay
        option.displayAlignment = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        option.text = "".join(widest_digit if character.isdigit() else character for character in text)
        size = self.table.style().sizeFromContents(QStyle.ContentsType.CT_ItemViewItem, option, QSize(), self.table)
        return size.width() + (1 if self.table.showGrid() else 0)

    def on_table_looks_changed(self, language: bool) -> None:
        self._language_changed |= language
        if not self._refit_queued:
            # Once the change has settled (a new translator comes before the locale it goes with).
            self._refit_queued = True
            QTimer.singleShot(0, self, self._refit)

    def _refit(self) -> None:
        if self._language_changed:
            self.model.retranslate()   # the texts in the new locale's digits and separators
        self._refit_queued = self._language_changed = False
        self.fit()
