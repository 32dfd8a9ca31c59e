"""The keyboard comes back to the till when one of its windows closes.

On a shop's counter there is often no window manager, or one that gives the keyboard to nobody when a dialog
closes: a closed dialog then leaves no window active, and F7, F8 and F12 do nothing until a mouse click. Each
dialog giving the keyboard back itself is easy to forget (the free line's did); this does it for all of them, in
one place. When the window with the keyboard closes and no other window took it, the keyboard goes to the
window the closed one belonged to (an open question, else the window under it), and on the till's own window to
where its current page wants it (`MainWindow.restore_focus`).

Only then: when the cashier goes to another program, no window of the till closed, and the till takes nothing
back.
"""

from __future__ import annotations

from collections.abc import Callable

import shiboken6
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtGui import QGuiApplication, QWindow
from PySide6.QtWidgets import QApplication, QWidget


class FocusReturn(QObject):
    def __init__(self, home: QWidget, restore_home: Callable[[], None]) -> None:
        super().__init__(home)
        self.home = home
        self.restore_home = restore_home
        self._watched: list[QWidget] = []
        app = QGuiApplication.instance()
        assert isinstance(app, QGuiApplication)
        self._app = app
        app.focusWindowChanged.connect(self.on_app_focus_window_changed)
        home.destroyed.connect(self.stop)

    def stop(self) -> None:
        try:
            self._app.focusWindowChanged.disconnect(self.on_app_focus_window_changed)
        except (RuntimeError, TypeError):
            pass        # already gone with the application

    def on_app_focus_window_changed(self, window: QWindow | None) -> None:
        # Watch a window of the till other than its own while it has had the keyboard: for its closing only
        # (Qt says nothing when the window with the keyboard closes and leaves none with it).
        widget = _top_level_of(window)
        if widget is None or widget is self.home or widget in self._watched:
            return
        self._watched = [w for w in self._watched if shiboken6.isValid(w) and w.isVisible()] + [widget]
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        if event.type() is QEvent.Type.Hide and isinstance(watched, QWidget) and watched.isWindow():
            watched.removeEventFilter(self)
            if watched in self._watched:
                self._watched.remove(watched)
            parent = watched.parentWidget()
            # After the close has run its course: a window shown next (a dialog's follow-up) takes it first.
            QTimer.singleShot(0, lambda: self._give_back(parent.window() if parent is not None else None))
        return False

    def _give_back(self, under: QWidget | None) -> None:
        if not shiboken6.isValid(self.home) or not self.home.isVisible():
            return
        if QGuiApplication.focusWindow() is not None:
            return          # another window has the keyboard: nothing to give back
        modal = QApplication.activeModalWidget()
        if modal is not None:
            modal.activateWindow()
        elif under is not None and shiboken6.isValid(under) and under.isVisible() and under is not self.home:
            under.activateWindow()
        else:
            self.restore_home()


def _top_level_of(window: QWindow | None) -> QWidget | None:
    if window is None:
        return None
    for widget in QApplication.topLevelWidgets():
        if widget.windowHandle() is window:
            return widget
    return None
