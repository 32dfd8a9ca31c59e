"""The till's questions: the safe answer is the default, the other needs a deliberate chord.

Enter and Esc keep things as they are (the cart, the sale, a receipt, the day); Ctrl+Enter, or a click, does
what was asked. A barcode scanner ends every code with Enter, and an Enter meant for the till must never clear a
cart, cancel a customer's invoice, void a receipt or close the day; no scanner sends Ctrl. The one way the till
asks before what cannot be undone: `ask` (yes or keep), `choose` (several answers or keep), and
`confirmed_by_ctrl_enter` for a dialog that asks with a form (the reason for giving money back).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QAbstractButton, QApplication, QDialog, QMessageBox, QWidget

_ENTER = (Qt.Key.Key_Return, Qt.Key.Key_Enter)


class _CtrlEnterDoes(QObject):
    """Ctrl+Enter anywhere in the question does its `action` (a key event filter: the question need not be
    the active window, as a QShortcut would need)."""

    def __init__(self, box: QWidget, action: Callable[[], object], *, bare_enter_ignored: bool = False) -> None:
        super().__init__(box)
        self._box = box
        self._action = action
        self._bare_enter_ignored = bare_enter_ignored
        QApplication.instance().installEventFilter(self)  # type: ignore[union-attr]

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        if (event.type() is QEvent.Type.KeyPress and isinstance(event, QKeyEvent) and event.key() in _ENTER
                and isinstance(watched, QWidget) and (watched is self._box or self._box.isAncestorOf(watched))):
            if event.modifiers() & Qt.KeyboardModifier.ControlModifier:
                self._action()
                return True
            return self._bare_enter_ignored
        return False


def ctrl_enter_clicks(box: QWidget, button: QAbstractButton) -> None:
    """Ctrl+Enter in `box` clicks `button`, for as long as the box lives."""
    _CtrlEnterDoes(box, button.click)


def confirmed_by_ctrl_enter(dialog: QDialog) -> None:
    """A dialog whose OK does what cannot be undone: a bare Enter anywhere in it does nothing (whatever button is
    the default, or has the focus) and Esc goes back; Ctrl+Enter accepts (the dialog's `accept` still checks what
    was typed). Its OK button's text names Ctrl+Enter."""
    _CtrlEnterDoes(dialog, dialog.accept, bare_enter_ignored=True)

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


def choose(parent: QWidget, question: str, answers: Sequence[str],
           keep: str) -> tuple[QMessageBox, list[QAbstractButton]]:
    """A question box (not yet open) with several answers, none of which a key gives by itself: `keep` is the
    default (Enter, Esc); an answer is a click, or Tab to it (as to `ask`'s yes) and Enter or Space. Returns the
    box and the answers' buttons, in order."""
    box = QMessageBox(QMessageBox.Icon.Question, parent.windowTitle(), question, parent=parent)
    buttons = [box.addButton(answer, QMessageBox.ButtonRole.AcceptRole) for answer in answers]
    keep_button = box.addButton(QApplication.translate("Questions", "{action}  (Enter)").format(action=keep),
                                QMessageBox.ButtonRole.RejectRole)
    box.setDefaultButton(keep_button)
    box.setEscapeButton(keep_button)
    return box, buttons
