"""How long the GUI thread was ever busy: a fast timer notes the longest gap
between its ticks. A tick that comes late means the event loop was blocked."""

from __future__ import annotations

import time

from PySide6.QtCore import QObject, Qt, QTimer


class StallMeter(QObject):
    def __init__(self, interval_ms: int = 5, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.interval = interval_ms / 1000
        self.longest = 0.0          # seconds the loop was late, at worst
        self.ticks = 0
        self._last: float | None = None
        self._timer = QTimer(self)
        self._timer.setTimerType(Qt.TimerType.PreciseTimer)
        self._timer.setInterval(interval_ms)
        self._timer.timeout.connect(self._on_timer_timeout)

    def start(self) -> None:
        self.longest, self.ticks, self._last = 0.0, 0, time.perf_counter()
        self._timer.start()

    def stop(self) -> float:
        self._timer.stop()
        return self.longest

    def _on_timer_timeout(self) -> None:
        now = time.perf_counter()
        if self._last is not None:
            self.longest = max(self.longest, now - self._last - self.interval)
        self._last = now
        self.ticks += 1
