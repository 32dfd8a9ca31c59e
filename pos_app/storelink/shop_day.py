"""The whole shop's day close, read from the store (`GET /store/day/{day}`, `pos_app.store.reports`) for the
till's F6 dialog. A blocking call with a timeout: the dialog runs it on its task runner, never on the GUI thread.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import date

import requests

from pos_app import json_nesting
from pos_app.qpay.transport import http_session

from pos_app.journal import JournalError
from pos_app.journal.closed_days import summary_from_json
from pos_app.journal.day_summary import DaySummary

TIMEOUT_S = (3.0, 15.0)       # connect, read: a store that does not answer is said so soon


class ShopDayUnavailable(Exception):
    """The store did not answer, or not with the day (its words, never the key)."""


@dataclass(frozen=True)
class ShopDay:
    shop: str
    tills: tuple[DaySummary, ...]
    total: DaySummary


class ShopDays:
    """Reads the shop's day from the store as `till` (HTTP Basic with its key)."""

    def __init__(self, base_url: str, till: str, key: str, certificate_sha256: str = "") -> None:
        self._url = f"{base_url.rstrip('/')}/store/day"
        self._certificate_sha256 = certificate_sha256
        self._till = till
        self._auth = (till, key)

    def __repr__(self) -> str:
        return f"ShopDays({self._url!r}, till={self._till!r})"

    def read(self, day: date) -> ShopDay:
        """The day of the till's shop: each till's summary and the shop's total (blocking: call on a worker)."""
        try:
            with http_session(self._certificate_sha256) as session:
                response = session.get(f"{self._url}/{day.isoformat()}", auth=self._auth, timeout=TIMEOUT_S)
        except requests.RequestException as exc:
            raise ShopDayUnavailable(f"the store did not answer ({type(exc).__name__})") from None
        if response.status_code != 200:
            raise ShopDayUnavailable(f"the store answered {response.status_code}")
        try:
            return shop_day_of(json_nesting.loads(response.content), self._till)
        except (ValueError, KeyError, TypeError) as exc:
            raise ShopDayUnavailable(f"the store's answer cannot be read: {exc}") from None


def shop_day_of(said: dict, till: str) -> ShopDay:
    """The shop `till` stands in, from the store's day (a till reads its own shop only)."""
    shops = said["shops"]
    chosen = next((shop for shop in shops if any(t["terminal"] == till for t in shop["tills"])), None)
    if chosen is None:
        if len(shops) != 1:
            raise ValueError(f"the store lists {len(shops)} shops, none with this till")
        chosen = shops[0]
    return ShopDay(str(chosen["shop"]), tuple(_summary(record) for record in chosen["tills"]),
                   _summary(chosen["total"]))


def _summary(record: dict) -> DaySummary:
    try:
        return summary_from_json(json.dumps(record))
    except JournalError as exc:
        raise ValueError(str(exc)) from None
