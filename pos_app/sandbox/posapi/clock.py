"""The PosAPI sandbox's clock (the QPay sandbox's: real time plus an offset tests move) and its date form."""

from __future__ import annotations

from datetime import datetime

from ..clock import ULAANBAATAR, Clock

__all__ = ["DATE_FORMAT", "ULAANBAATAR", "Clock", "parse_stamp", "stamp"]

DATE_FORMAT = "%Y-%m-%d %H:%M:%S"   # "yyyy-MM-dd HH:mm:ss", as the spec's DELETE /rest/receipt says


def stamp(moment: datetime) -> str:
    return moment.astimezone(ULAANBAATAR).strftime(DATE_FORMAT)


def parse_stamp(text: str) -> datetime:
    """ValueError unless `text` is "yyyy-MM-dd HH:mm:ss" (local time)."""
    return datetime.strptime(text, DATE_FORMAT).replace(tzinfo=ULAANBAATAR)
