"""Quick keys: the shop's pinned and most sold items as big buttons (a touch, or Shift+F1 to Shift+F12).

For the goods without a barcode (bread, vegetables) and the ones sold all day: one press adds one. The items
come from the catalog (its `pinned` column, in the catalog's order) and then the till's most sold, up to
`MAX_KEYS`; the window sets them when the catalog is loaded.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QGridLayout, QPushButton, QSizePolicy, QWidget

from pos_app.domain.catalog import CatalogItem
from pos_app.domain.quick_keys import MAX_KEYS
from pos_app.formats import money_text

COLUMNS = 3
TOUCH_HEIGHT = 56       # px: a fingertip's target on a counter's touch screen


class QuickKeys(QWidget):
    picked = Signal(object)      # the CatalogItem of the key pressed

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("quickKeys")
        self.items: list[CatalogItem] = []
        self.buttons: list[QPushButton] = []
        self._grid = QGridLayout(self)
        self._grid.setContentsMargins(0, 0, 0, 0)
        self._grid.setSpacing(6)
        self.hide()

    def set_items(self, items: Sequence[CatalogItem]) -> None:
        for button in self.buttons:
            button.deleteLater()
        self.items, self.buttons = list(items)[:MAX_KEYS], []
        for index, item in enumerate(self.items):
            key = QKeySequence(f"Shift+F{index + 1}")
            button = QPushButton(f"{item.name}\n{money_text(item.price)}   ·   "
                                 f"{key.toString(QKeySequence.SequenceFormat.NativeText)}")
            button.setObjectName("quickKey")
            button.setShortcut(key)
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)      # the entry keeps the scanner's keys
            button.setMinimumHeight(TOUCH_HEIGHT)
            button.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)  # long names never widen
            button.setToolTip(item.name)
            button.clicked.connect(lambda _checked=False, chosen=item: self.picked.emit(chosen))
            self._grid.addWidget(button, index // COLUMNS, index % COLUMNS)
            self.buttons.append(button)
        self.setVisible(bool(self.items))

    def set_enabled_keys(self, enabled: bool) -> None:
        for button in self.buttons:
            button.setEnabled(enabled)
