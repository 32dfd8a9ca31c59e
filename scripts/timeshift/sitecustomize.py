"""Loaded by every Python process that scripts/timeshift.sh starts (it puts this folder on PYTHONPATH).

libfaketime 0.9.10 (Debian 12) mistranslates an absolute sleep on the monotonic clock when it leaves that clock
alone (FAKETIME_DONT_FAKE_MONOTONIC=1): Python's `time.sleep` is one (clock_nanosleep with TIMER_ABSTIME) and
fails with EINVAL. Faking the monotonic clock instead hangs every lock and Event wait with a timeout (their
deadlines are compared with the real monotonic clock). So the monotonic clock stays real, and `time.sleep`
waits with `select`, whose relative timeout libfaketime passes through untouched. Only the wall clock moves.
"""

from __future__ import annotations

import select
import time

_monotonic = time.monotonic


def _sleep(seconds: float) -> None:
    if seconds < 0:
        raise ValueError("sleep length must be non-negative")
    deadline = _monotonic() + seconds
    while (left := deadline - _monotonic()) > 0:
        select.select([], [], [], left)


_sleep.__doc__ = time.sleep.__doc__
time.sleep = _sleep
