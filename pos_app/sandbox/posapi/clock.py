"""The sandbox's clock: real time plus an offset that tests move through the control API."""

from __future__ import annotations

import threading
import time
from datetime import datetime, timedelta, timezone

# Mongolia keeps UTC+8 all year; PosAPI writes its dates zone-less in local time.
ULAANBAATAR = timezone(timedelta(hours=8), "ULAT")
DATE_FORMAT = "%Y-%m-%d %H:%M:%S"   # "yyyy-MM-dd HH:mm:ss", as the spec's DELETE /rest/receipt says


class Clock:
    def __init__(self) -> None:
        self._offset = 0.0
        self._lock = threading.Lock()

    @property
    def offset(self) -> float:
        return self._offset

    def advance(self, seconds: float) -> None:
        with self._lock:
            self._offset += float(seconds)

    def reset(self) -> None:
        with self._lock:
            self._offset = 0.0

    def now(self) -> datetime:
        """Aware local time in Ulaanbaatar, as the sandbox sees it."""
        return datetime.fromtimestamp(time.time() + self._offset, ULAANBAATAR)


def stamp(moment: datetime) -> str:
    return moment.astimezone(ULAANBAATAR).strftime(DATE_FORMAT)


def parse_stamp(text: str) -> datetime:
    """ValueError unless `text` is "yyyy-MM-dd HH:mm:ss" (local time)."""
    return datetime.strptime(text, DATE_FORMAT).replace(tzinfo=ULAANBAATAR)
