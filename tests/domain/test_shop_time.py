"""The shop's clock: Ulaanbaatar's wall time and day, whatever the computer's time zone."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from datetime import date, datetime, timedelta, timezone

import pytest

from pos_app.domain.shop_time import DEFAULT_TIME_ZONE, ShopClock, time_zone

# 00:30 on 21 November in Ulaanbaatar is still the 20th in UTC and in New York.
HALF_PAST_MIDNIGHT = datetime(2026, 11, 20, 16, 30, tzinfo=timezone.utc)


@pytest.fixture
def far_away() -> Iterator[None]:
    """The process's own time zone set to New York (13 hours behind Ulaanbaatar), as on a badly set computer."""
    before = os.environ.get("TZ")
    os.environ["TZ"] = "America/New_York"
    time.tzset()
    try:
        yield
    finally:
        if before is None:
            os.environ.pop("TZ", None)
        else:
            os.environ["TZ"] = before
        time.tzset()


def test_the_shops_day_is_ulaanbaatars_whatever_the_computers_zone(far_away: None) -> None:
    assert datetime.fromtimestamp(HALF_PAST_MIDNIGHT.timestamp()).date() == date(2026, 11, 20)   # the computer's
    clock = ShopClock(instant=lambda: HALF_PAST_MIDNIGHT)
    now = clock.now()
    assert (now.date(), now.hour, now.minute) == (date(2026, 11, 21), 0, 30)
    assert now.utcoffset() == timedelta(hours=8) and now == HALF_PAST_MIDNIGHT    # the same instant
    assert clock.today() == date(2026, 11, 21) and clock() == now


def test_the_year_turns_at_ulaanbaatars_midnight() -> None:
    clock = ShopClock(instant=lambda: datetime(2026, 12, 31, 16, 0, tzinfo=timezone.utc))
    assert clock.now().isoformat() == "2027-01-01T00:00:00+08:00"


def test_another_zone_by_name() -> None:
    clock = ShopClock.named("Asia/Hovd", instant=lambda: HALF_PAST_MIDNIGHT)     # western Mongolia: UTC+7
    assert clock.now().isoformat() == "2026-11-20T23:30:00+07:00"


def test_the_system_clock_gives_an_aware_time_in_the_shops_zone() -> None:
    now = ShopClock().now()
    assert now.utcoffset() == timedelta(hours=8)
    assert abs((now - datetime.now(timezone.utc)).total_seconds()) < 60


def test_a_naive_instant_is_refused() -> None:
    with pytest.raises(ValueError, match="aware"):
        ShopClock(instant=lambda: datetime(2026, 11, 21, 0, 30)).now()


@pytest.mark.parametrize("name", ["", "Mars/Olympus", "Asia", " Asia/Ulaanbaatar", "../etc/passwd", "UB"])
def test_unknown_zones_are_refused(name: str) -> None:
    with pytest.raises(ValueError):
        time_zone(name)


def test_the_default_zone_is_ulaanbaatar() -> None:
    assert DEFAULT_TIME_ZONE == "Asia/Ulaanbaatar"
    assert datetime(2026, 7, 1, tzinfo=time_zone(DEFAULT_TIME_ZONE)).utcoffset() == timedelta(hours=8)  # no DST


def test_without_a_tz_database_ulaanbaatar_is_still_known(monkeypatch: pytest.MonkeyPatch) -> None:
    import zoneinfo    # (shop_time imports it when first asked for a zone)

    def no_database(name: str) -> None:
        raise zoneinfo.ZoneInfoNotFoundError(name)

    monkeypatch.setattr(zoneinfo, "ZoneInfo", no_database)   # Windows without the tzdata package
    assert ShopClock.named(DEFAULT_TIME_ZONE, instant=lambda: HALF_PAST_MIDNIGHT).now().isoformat() \
        == "2026-11-21T00:30:00+08:00"
    with pytest.raises(ValueError):
        time_zone("Asia/Hovd")
