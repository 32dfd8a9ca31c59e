"""The till's questions: the safe answer is the default, the other needs a deliberate chord.

Enter and Esc keep things as they are (the cart, the sale); Ctrl+Enter, or a click, does what was asked. A
barcode scanner ends every code with Enter, and an Enter meant for the till must never clear a cart or cancel
a customer's invoice; no scanner sends Ctrl.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QAbstractButton, QMessageBox, QWidget, QApplication

_ENTER = (Qt.Key.Key_Return, Qt.Key.Key_Enter)


class _CtrlEnterClicks(QObject):
    """Ctrl+Enter anywhere in the question clicks its `button` (a key event filter: the question need not be
    the active window, as a QShortcut would need)."""

    def __init__(self, box: QMessageBox, button: QAbstractButton) -> None:
        super().__init__(box)
        self._box = box
        self._button = button
        QApplication.instance().installEventFilter(self)  # type: ignore[union-attr]

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        if (event.type() is QEvent.Type.KeyPress and isinstance(event, QKeyEvent) and event.key() in _ENTER
                and event.modifiers() & Qt.KeyboardModifier.ControlModifier
                and isinstance(watched, QWidget) and (watched is self._box or self._box.isAncestorOf(watched))):
            self._button.click()
            return True
        return False


def ctrl_enter_clicks(box: QMessageBox, button: QAbstractButton) -> None:
    """Ctrl+Enter in `box` clicks `button`, for as long as the box lives."""
    _CtrlEnterClicks(box, button)


def ask(parent: QWidget, question: str, yes: str, keep: str) -> tuple[QMessageBox, QAbstractButton]:
    """A question box (not yet open): `keep` is the default (Enter, Esc), `yes` takes Ctrl+Enter. Returns the
    box and its yes button (compare with `clickedButton()` when it is finished)."""
    box = QMessageBox(QMessageBox.Icon.Question, parent.windowTitle(), question, parent=parent)
    yes_button = box.addButton(QApplication.translate("Questions", "{action}  (Ctrl+Enter)").format(action=yes),
                               QMessageBox.ButtonRole.AcceptRole)
    keep_button = box.addButton(QApplication.translate("Questions", "{action}  (Enter)").format(action=keep),
                                QMessageBox.ButtonRole.RejectRole)
    ctrl_enter_clicks(box, yes_button)
    box.setDefaultButton(keep_button)
    box.setEscapeButton(keep_button)
    return box, yes_button
