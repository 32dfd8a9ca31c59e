"""The sandbox's clock: real time plus an offset that tests can advance."""

from __future__ import annotations

import threading
import time
from datetime import datetime, timedelta, timezone

# Mongolia keeps UTC+8 all year (no DST since 2017); the service's zone-less
# timestamps and its date filters are read in this zone.
ULAANBAATAR = timezone(timedelta(hours=8), "ULAT")


class Clock:
    def __init__(self) -> None:
        self._offset = 0.0
        self._lock = threading.Lock()

    @property
    def offset(self) -> float:
        return self._offset

    def reset(self) -> None:
        with self._lock:
            self._offset = 0.0

    def set_offset(self, seconds: float) -> None:
        with self._lock:
            self._offset = float(seconds)

    def advance(self, seconds: float) -> None:
        with self._lock:
            self._offset += float(seconds)

    def timestamp(self) -> float:
        """Unix time as the sandbox sees it."""
        return time.time() + self._offset

    def now(self) -> datetime:
        """Aware local time in Ulaanbaatar."""
        return datetime.fromtimestamp(self.timestamp(), ULAANBAATAR)


def local_naive(moment: datetime) -> str:
    """`YYYY-MM-DDThh:mm:ss`, the contract's zone-less form (Ulaanbaatar time)."""
    return moment.astimezone(ULAANBAATAR).strftime("%Y-%m-%dT%H:%M:%S")


def iso(moment: datetime) -> str:
    """ISO 8601 with milliseconds and offset, for payment and receipt dates."""
    return moment.astimezone(ULAANBAATAR).isoformat(timespec="milliseconds")
