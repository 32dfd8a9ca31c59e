"""The customer's display (F9) on the counter: on two screens it is full screen on the one the till is not on;
on one screen nothing of it is ever over the till; F9 shows and hides it; the till keeps the keyboard."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QGuiApplication

from pos_app.domain.sale import Stage
from pos_app.ui.sale.pages.customer_display import customer_screen

from .conftest import MILK, Till

LEFT = QRect(0, 0, 1366, 768)
RIGHT = QRect(1366, 0, 800, 480)
ABOVE = QRect(0, -1080, 1920, 1080)


@pytest.mark.parametrize(("till", "screens", "expected"), [
    (QRect(10, 30, 1346, 700), [LEFT, RIGHT], RIGHT),                 # the till on the first screen
    (QRect(1366, 0, 800, 480), [LEFT, RIGHT], LEFT),                  # the till on the second
    (QRect(100, 100, 800, 600), [ABOVE, LEFT], ABOVE),                # any layout of the screens
    (QRect(1200, 100, 400, 300), [LEFT, RIGHT], LEFT),               # the till mostly on the second
    (QRect(10, 30, 1346, 700), [LEFT, RIGHT, ABOVE], RIGHT),          # three: the first that is not the till's
    (QRect(10, 30, 1346, 700), [LEFT], None),                         # one screen: nowhere
    (QRect(10, 30, 1346, 700), [LEFT, QRect(LEFT)], None),            # mirrored screens are one screen
    (QRect(10, 30, 1346, 700), [], None),
])
def test_the_display_goes_to_a_screen_the_till_is_not_on(till: QRect, screens: list[QRect],
                                                          expected: QRect | None) -> None:
    assert customer_screen(till, screens) == expected


def test_on_one_screen_f9_shows_nothing_over_the_till_and_says_why(till: Till) -> None:
    assert len(QGuiApplication.screens()) == 1            # the offscreen platform: a one-screen counter
    window, display = till.window, till.window.customer_display
    till.scan(MILK)
    for stage in (Stage.CART, Stage.AWAITING_PAYMENT):
        if stage is Stage.AWAITING_PAYMENT:
            till.charge()
        till.key(Qt.Key.Key_F9)
        till.qtbot.wait(50)
        assert not display.isVisible() or not display.frameGeometry().intersects(window.frameGeometry())
        assert "second screen" in window.statusBar().currentMessage()
        assert window.isActiveWindow()                     # the keyboard stays with the till
    till.key(Qt.Key.Key_Escape)                            # the next key works without a click
    till.answer_confirmation(accept=False)
    assert till.flow.stage is Stage.AWAITING_PAYMENT


def test_f9_shows_and_hides_the_display_on_the_second_screen(till: Till,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """Two screens, as the display's placement sees them: F9 shows it there, full screen; F9 again hides it."""
    window, display = till.window, till.window.customer_display
    second = QRect(window.frameGeometry().right() + 1, 0, 800, 480)
    monkeypatch.setattr("pos_app.ui.sale.pages.customer_display.customer_screen", lambda _till, _screens: second)
    till.scan(MILK)
    till.charge()
    till.key(Qt.Key.Key_F9)
    till.qtbot.waitUntil(display.isVisible)
    assert display.windowState() & Qt.WindowState.WindowFullScreen
    assert window.isActiveWindow() and not display.isActiveWindow()
    assert display.amount.isVisible()                      # the amount to pay is on it
    till.key(Qt.Key.Key_F9)
    till.qtbot.waitUntil(lambda: not display.isVisible())
    till.key(Qt.Key.Key_F9)                                # and back, for the next sale too
    till.qtbot.waitUntil(display.isVisible)
    till.key(Qt.Key.Key_Escape)
    till.answer_confirmation(accept=True)
    till.wait_stage(None)
    till.key(Qt.Key.Key_F9)                                # hidden in any stage
    till.qtbot.waitUntil(lambda: not display.isVisible())
    assert window.isActiveWindow()

