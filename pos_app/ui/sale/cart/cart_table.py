"""The cart's table widget: its line keys, and a word when its font, style or language changed."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QTableView

# What may change the width the cart's number columns need.
_REFIT_EVENTS = (QEvent.Type.FontChange, QEvent.Type.StyleChange, QEvent.Type.LocaleChange,
                 QEvent.Type.LanguageChange)


class CartTable(QTableView):
    """The cart's table: Delete removes the selected line, F3 edits its quantity. `looks_changed` says its
    font, style or language changed (True: the language or locale). Overridden handlers, not an event
    filter, so that painting the table never calls into Python."""

    line_key_pressed = Signal(int)
    looks_changed = Signal(bool)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt's name
        super().changeEvent(event)
        if event.type() in _REFIT_EVENTS:
            self.looks_changed.emit(event.type() in (QEvent.Type.LanguageChange, QEvent.Type.LocaleChange))

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt's name
        if event.key() in (Qt.Key.Key_Delete, Qt.Key.Key_F3):
            self.line_key_pressed.emit(event.key())
        else:
            super().keyPressEvent(event)
