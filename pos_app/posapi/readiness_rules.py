"""Can the service issue receipts now? Read from ``GET /rest/info``: a pure function, no I/O, no clock.

The spec gives no error code for "no lottery numbers left" or "receipts not sent to the tax system for
too long"; it gives the two facts in ``/rest/info``: `leftLotteries` and `lastSentDate`. The till asks
before a sale (or after a refusal) and shows the cashier why receipts stop.

How old `lastSentDate` may be is not in the spec: `max_unsent` is a setting. Its default, 72 hours, is our
assumption, not the spec's: confirm it against the live service and the tax authority's rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from .errors import DataNotSentError, LotteriesExhaustedError, PosNotReadyError
from .models import PosInfo

__all__ = ["DEFAULT_MAX_UNSENT", "Readiness", "check_ready", "readiness"]

DEFAULT_MAX_UNSENT = timedelta(hours=72)
DEFAULT_LOW_LOTTERIES = 50


@dataclass(frozen=True)
class Readiness:
    """`problem` is the error to raise (``None`` when ready); `low_lotteries` warns ahead of time;
    `unsent_for` is the age of the last send (``None`` when unknown: absent or unreadable date)."""

    problem: PosNotReadyError | None
    low_lotteries: bool
    unsent_for: timedelta | None

    @property
    def ready(self) -> bool:
        return self.problem is None


def readiness(
    info: PosInfo,
    now: datetime,
    *,
    max_unsent: timedelta = DEFAULT_MAX_UNSENT,
    low_lotteries: int = DEFAULT_LOW_LOTTERIES,
) -> Readiness:
    """How the service stands at *now*, a naive datetime in the service's local time (the shop's wall time:
    `ShopClock`'s aware time with its zone dropped). An aware *now* is refused: it cannot be compared
    with `lastSentDate`, which carries no zone."""
    if now.tzinfo is not None:
        raise ValueError("now must be the shop's local wall time without a zone (lastSentDate has none)")
    sent = info.last_sent_at
    unsent_for = (now - sent) if sent is not None else None
    left = info.leftLotteries
    problem: PosNotReadyError | None = None
    if left is not None and left <= 0:
        problem = LotteriesExhaustedError(
            "no lottery numbers left; send the data (GET /rest/sendData) or ask the tax authority",
            method="GET", path="/rest/info")
    elif unsent_for is not None and unsent_for > max_unsent:
        problem = DataNotSentError(
            f"receipts not sent to the tax system since {info.lastSentDate}; check the service's connection",
            method="GET", path="/rest/info")
    return Readiness(problem, left is not None and 0 < left < low_lotteries, unsent_for)


def check_ready(info: PosInfo, now: datetime, *, max_unsent: timedelta = DEFAULT_MAX_UNSENT) -> PosInfo:
    """*info* when the service can issue receipts; else raises `LotteriesExhaustedError` or
    `DataNotSentError`."""
    problem = readiness(info, now, max_unsent=max_unsent).problem
    if problem is not None:
        raise problem
    return info
