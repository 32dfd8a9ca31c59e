"""Every dialog and window of the till gives the keyboard back (issue 32, point 1): opened with its key, closed
with Esc, and the next key, pressed where the keyboard is with no click, does its work. Keys go where a real
keyboard's go: the focus widget, else the active window, else nowhere."""

from __future__ import annotations

import pytest
import shiboken6
from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget

from pos_app.domain.sale import Stage

from .conftest import MILK, WAIT_MS, Till

CTRL = Qt.KeyboardModifier.ControlModifier
CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
NONE = Qt.KeyboardModifier.NoModifier


def keyboard_target() -> QWidget | None:
    return QApplication.focusWidget() or QApplication.activeWindow()


def press(till: Till, key: Qt.Key, modifier: Qt.KeyboardModifier = NONE) -> bool:
    """A key as a keyboard sends it: lost (False) when no window of the till has the keyboard."""
    target = keyboard_target()
    if target is None:
        return False
    QTest.keyClick(target, key, modifier)
    return True


DIALOGS = {
    "free line": (Qt.Key.Key_L, CTRL),
    "line discount": (Qt.Key.Key_D, CTRL),
    "sale discount": (Qt.Key.Key_D, CTRL_SHIFT),
    "history": (Qt.Key.Key_F4, NONE),
    "day close": (Qt.Key.Key_F6, NONE),
    "shift": (Qt.Key.Key_F11, NONE),
}


@pytest.mark.parametrize("dialog", list(DIALOGS))
def test_after_a_dialog_closes_the_next_key_works_without_a_click(make_till, dialog: str) -> None:
    till = make_till(posapi=True)
    till.scan(MILK)
    key, modifier = DIALOGS[dialog]
    opened: list[QWidget] = []

    def close_it() -> None:      # from the dialog's own event loop (a modal dialog's exec() holds the test's)
        window = QApplication.activeWindow()
        if window in (None, till.window):
            QTimer.singleShot(20, close_it)          # not up yet
            return
        opened.append(window)
        press(till, Qt.Key.Key_Escape)

    QTimer.singleShot(0, lambda: press(till, key, modifier))
    QTimer.singleShot(0, close_it)
    till.qtbot.waitUntil(lambda: bool(opened) and not (shiboken6.isValid(opened[0]) and opened[0].isVisible()),
                         timeout=WAIT_MS)
    till.qtbot.wait(50)
    assert press(till, Qt.Key.Key_F8), "no window has the keyboard"
    till.wait_stage(Stage.TENDERING)
    till.qtbot.waitUntil(till.window.tender_page.approval.hasFocus, timeout=WAIT_MS)
