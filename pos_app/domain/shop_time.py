"""The shop's time: dates and times in the shop's time zone (Ulaanbaatar), whatever the computer's own zone.

A sale's number, its time in the journal, the history's and the day close's days and the times printed on
slips are all the shop's. A till whose computer is set to UTC (or to the zone it was bought in) would
otherwise put a sale made at 00:30 in Ulaanbaatar on the day before. So nothing here reads the computer's
zone: the instant comes from the system clock (or a test's) and is turned into the shop's wall time.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta, timezone, tzinfo

DEFAULT_TIME_ZONE = "Asia/Ulaanbaatar"
# Mongolia keeps UTC+8 all year (no summer time since 2017): the shop's zone where the computer has no tz
# database (a Windows machine without the tzdata package).
_ULAANBAATAR_FIXED = timezone(timedelta(hours=8), "+08")


def time_zone(name: str) -> tzinfo:
    """The zone called `name` (an IANA name such as Asia/Ulaanbaatar); ValueError when there is none."""
    if not isinstance(name, str) or not name or name != name.strip():
        raise ValueError(f"not a time zone name: {name!r}")
    # Here, not atop the module: zoneinfo finds its database through sysconfig, some milliseconds the till's
    # first window does not need (issue 21).
    from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError):
        if name == DEFAULT_TIME_ZONE:
            return _ULAANBAATAR_FIXED
        raise ValueError(f"unknown time zone: {name!r}") from None


def utc_now() -> datetime:
    return datetime.now(timezone.utc)


@dataclass(frozen=True)
class ShopClock:
    """Aware wall time in the shop's zone. `instant` gives the moment (any aware datetime; the system clock
    by default): tests pass their own."""

    zone: tzinfo = field(default_factory=lambda: time_zone(DEFAULT_TIME_ZONE))
    instant: Callable[[], datetime] = utc_now

    @classmethod
    def named(cls, name: str, instant: Callable[[], datetime] = utc_now) -> ShopClock:
        return cls(time_zone(name), instant)

    def now(self) -> datetime:
        moment = self.instant()
        if moment.tzinfo is None:
            raise ValueError("the shop clock needs an aware instant")
        return moment.astimezone(self.zone)

    def today(self) -> date:
        return self.now().date()

    def __call__(self) -> datetime:
        return self.now()
