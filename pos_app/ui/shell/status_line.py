"""The till's status line: a message of any length is read whole.

QStatusBar draws a message on one line and cuts what does not fit: at 1024 pixels, in Mongolian, the end of a
message (what to do) was off the screen. Here the message is a word-wrapped label that takes the bar's width,
so a long one goes onto a second line. `showMessage`, `currentMessage` and `clearMessage` keep QStatusBar's
meaning (a timeout in milliseconds, 0 for until the next message), for the till's code that calls them.
"""

from __future__ import annotations

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QLabel, QSizePolicy, QStatusBar, QWidget


class StatusLine(QStatusBar):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.message = QLabel()
        self.message.setObjectName("statusMessage")
        self.message.setWordWrap(True)
        self.message.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.addWidget(self.message, 1)
        self._clear_timer = QTimer(self)
        self._clear_timer.setSingleShot(True)
        self._clear_timer.timeout.connect(self.clearMessage)

    def showMessage(self, text: str, timeout: int = 0) -> None:  # noqa: N802 - Qt's name
        self.message.setText(text)
        if timeout > 0:
            self._clear_timer.start(timeout)
        else:
            self._clear_timer.stop()
        self.messageChanged.emit(text)

    def currentMessage(self) -> str:  # noqa: N802 - Qt's name
        return self.message.text()

    def clearMessage(self) -> None:  # noqa: N802 - Qt's name
        self._clear_timer.stop()
        if self.message.text():
            self.message.clear()
            self.messageChanged.emit("")
