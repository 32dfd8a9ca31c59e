"""A window's keyboard action: a QAction live wherever the keyboard is in the window, whoever owns its slot (the
window itself or one of its key parts)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QWidget


def window_action(window: QWidget, text: str, shortcut: QKeySequence | QKeySequence.StandardKey | str,
                  slot: object) -> QAction:
    """`text` in `window`'s menus and `shortcut` anywhere in it run `slot`."""
    action = QAction(text, window)
    action.setShortcut(QKeySequence(shortcut))
    action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
    action.triggered.connect(slot)
    window.addAction(action)
    return action
