"""Quick keys: the shop's pinned and most sold items as big buttons (a touch, or Shift+F1 to Shift+F12).

For the goods without a barcode (bread, vegetables) and the ones sold all day: one press adds one. The items
come from the catalog (its `pinned` column, in the catalog's order) and then the till's most sold, up to
`MAX_KEYS`; the window sets them when the catalog is loaded.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFontMetrics, QKeySequence, QResizeEvent
from PySide6.QtWidgets import QGridLayout, QPushButton, QSizePolicy, QWidget

from pos_app.domain.catalog import CatalogItem
from pos_app.domain.quick_keys import MAX_KEYS
from pos_app.formats import money_text

COLUMNS = (2, 3)        # two across for up to 8 keys (room for their names), three for more (room for 12)
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
        columns = COLUMNS[0] if len(self.items) <= 8 else COLUMNS[1]
        for index, item in enumerate(self.items):
            button = QuickKeyButton(item, QKeySequence(f"Shift+F{index + 1}"))
            button.clicked.connect(lambda _checked=False, chosen=item: self.picked.emit(chosen))
            self._grid.addWidget(button, index // columns, index % columns)
            self.buttons.append(button)
        self.setVisible(bool(self.items))

    def set_enabled_keys(self, enabled: bool) -> None:
        for button in self.buttons:
            button.setEnabled(enabled)


class QuickKeyButton(QPushButton):
    """A quick key: the item's name (on two lines where one is too narrow, cut only beyond), its price and its
    key (⇧F1)."""

    def __init__(self, item: CatalogItem, key: QKeySequence) -> None:
        super().__init__()
        self.item = item
        self.key = key
        self.key_text = key.toString(QKeySequence.SequenceFormat.NativeText).replace("Shift+", "⇧")
        self.setObjectName("quickKey")
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)      # the entry keeps the scanner's keys
        self.setMinimumHeight(TOUCH_HEIGHT)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)  # long names never widen
        self.setToolTip(f"{item.name}  ({self.key_text})")
        self._show(200)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        self._show(event.size().width())

    def _show(self, width: int) -> None:
        room = max(20, width - 16)
        name = "\n".join(name_lines(self.item.name, room, self.fontMetrics()))
        self.setText(f"{name}\n{money_text(self.item.price)}  ·  {self.key_text}")
        self.setShortcut(self.key)       # after the text: setText puts the text's mnemonic (none) in its place


def name_lines(name: str, room: int, metrics: QFontMetrics) -> list[str]:
    """An item's name in at most two lines of `room` pixels: broken between words where one line is too narrow
    (a 1024-pixel till's keys are), and cut with "…" only where two are not enough."""
    if metrics.horizontalAdvance(name) <= room:
        return [name]
    words = name.split()
    first = words[0] if words else name
    for count in range(len(words) - 1, 0, -1):
        candidate = " ".join(words[:count])
        if metrics.horizontalAdvance(candidate) <= room:
            first = candidate
            break
    rest = name[len(first):].strip()
    lines = [metrics.elidedText(first, Qt.TextElideMode.ElideRight, room)]
    if rest:
        lines.append(metrics.elidedText(rest, Qt.TextElideMode.ElideRight, room))
    return lines
