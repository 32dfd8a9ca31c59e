"""A log that a flood cannot fill: each kind of record (its logger, level and message template) passes `burst` times
an interval, then is counted, and said once as "N similar messages suppressed" when its next interval begins (or
when the log is closed). A traceback of a kind is written once an interval; later records of that kind within it
say their message alone. (Without it, connection errors a client can cause wrote 226 MB of tracebacks in 20 s.)
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass

__all__ = ["FloodLimitedHandler", "install_flood_limits"]

BURST = 5
INTERVAL = 60.0
MAX_KINDS = 1000               # messages of more kinds than this are counted as one kind
_OTHER = ("", 0, "(messages of many kinds)")


@dataclass
class _Kind:
    since: float
    passed: int = 0
    suppressed: int = 0
    traceback_shown: bool = False
    example: logging.LogRecord | None = None      # the last one passed, to say what was suppressed


class FloodLimitedHandler(logging.Handler):
    """Hands `target` what the limits let through."""

    def __init__(self, target: logging.Handler, *, burst: int = BURST, interval: float = INTERVAL,
                 clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__(target.level)
        self.target = target
        self.burst = burst
        self.interval = interval
        self._clock = clock
        self._kinds: dict[tuple[str, int, str], _Kind] = {}

    def __repr__(self) -> str:
        return f"FloodLimitedHandler({self.target!r})"

    def emit(self, record: logging.LogRecord) -> None:
        now = self._clock()
        key = (record.name, record.levelno, str(record.msg).partition("\n")[0][:200])
        if key not in self._kinds and len(self._kinds) >= MAX_KINDS:
            key = _OTHER
        kind = self._kinds.setdefault(key, _Kind(now))
        if now - kind.since >= self.interval:
            self._say_suppressed(kind)
            kind.since, kind.passed, kind.traceback_shown = now, 0, False
        if kind.passed >= self.burst:
            kind.suppressed += 1
            return
        kind.passed += 1
        if record.exc_info or record.exc_text:
            if kind.traceback_shown:
                record = _without_traceback(record)
            kind.traceback_shown = True
        kind.example = record
        self.target.handle(record)

    def flush(self) -> None:
        self.target.flush()

    def close(self) -> None:
        self.acquire()
        try:
            for kind in self._kinds.values():
                self._say_suppressed(kind)
            self._kinds.clear()
        finally:
            self.release()
        self.target.close()
        super().close()

    def _say_suppressed(self, kind: _Kind) -> None:
        if not kind.suppressed or kind.example is None:
            return
        example = kind.example
        said = logging.LogRecord(example.name, example.levelno, example.pathname, example.lineno,
                                 "%d similar messages suppressed (%s)", (kind.suppressed, _first_line(example)),
                                 None)
        kind.suppressed = 0
        self.target.handle(said)


def _first_line(record: logging.LogRecord) -> str:
    try:
        return record.getMessage().partition("\n")[0][:200]
    except (TypeError, ValueError):
        return str(record.msg)[:200]


def _without_traceback(record: logging.LogRecord) -> logging.LogRecord:
    copy = logging.makeLogRecord(record.__dict__)
    copy.exc_info, copy.exc_text = None, None
    copy.msg = f"{record.msg} (traceback as above)"
    return copy


def install_flood_limits(logger_names: Iterable[str] = ("", "uvicorn", "uvicorn.access"), *, burst: int = BURST,
                         interval: float = INTERVAL) -> None:
    """Put every handler of these loggers behind a `FloodLimitedHandler` (once: one already behind one is left).
    After uvicorn's configuration, which replaces its loggers' handlers."""
    for name in logger_names:
        logger = logging.getLogger(name)
        for handler in list(logger.handlers):
            if isinstance(handler, FloodLimitedHandler):
                continue
            logger.removeHandler(handler)
            logger.addHandler(FloodLimitedHandler(handler, burst=burst, interval=interval))
