"""The till's journal shipped to the store: kept append-only and idempotent, resumed after an outage, only by the
till itself, and rebuilt into each till's day exactly as the till computes it (`load_day`).

Real servers over HTTP (the store in front of the QPay sandbox), real journal files written with the journal's own
steps; on SQLite and on PostgreSQL (`store_db_url`). Fixed clocks: nothing depends on today's date.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
import requests
from sqlalchemy import func, select

from pos_app.journal import Journal
from pos_app.journal.day_summary import load_day
from pos_app.sandbox import SandboxServer
from pos_app.store.credentials import add_credential
from pos_app.store.db import journal_events, journal_sales
from pos_app.store.journal_days import till_day
from pos_app.store.server import StoreServer

from tests.journal.test_day_summary import KHAN, DayBuilder, pay

from .helpers import PASSWORD, USERNAME, Shop, running_shop
from .till_journals import DAY, DAYS, SettableClock, at, build_day, mixed_day, shipper_for, till_journal

WAIT_S = 30


@pytest.fixture
def shop(store_db_url: str) -> Iterator[Shop]:
    with running_shop(store_db_url, ("T1", "T2")) as running:
        yield running


@pytest.fixture
def clock() -> SettableClock:
    return SettableClock(at(DAY, 8))


@pytest.fixture
def journal(tmp_path: Path, clock: SettableClock) -> Iterator[Journal]:
    with till_journal(tmp_path / "journal.sqlite3", "T1", clock) as opened:
        yield opened


def _counts(shop: Shop, terminal: str = "T1") -> tuple[int, int, int]:
    with shop.store.engine.connect() as db:
        events = db.execute(select(func.count()).select_from(journal_events)
                            .where(journal_events.c.terminal == terminal)).scalar_one()
        sales = db.execute(select(func.count()).select_from(journal_sales)
                           .where(journal_sales.c.terminal == terminal)).scalar_one()
        newest = db.execute(select(func.coalesce(func.sum(journal_sales.c.last_event_id), 0))
                            .where(journal_sales.c.terminal == terminal)).scalar_one()
    return int(events), int(sales), int(newest)


def test_the_store_keeps_the_journal_and_each_day_is_the_tills_own(shop: Shop, journal: Journal,
                                                                     clock: SettableClock) -> None:
    mixed_day(journal, clock, aware=True)
    shipper = shipper_for(shop.store.url, "T1", shop.keys["T1"], journal).start()
    try:
        assert shipper.wait_caught_up(WAIT_S)
        assert (shipper.shipped == journal.queries.last_event_id()
                and shipper.last_shipped_event_id == journal.queries.last_event_id())
    finally:
        shipper.stop()
    for day in DAYS:
        assert till_day(shop.store.engine, "T1", day) == load_day(journal.queries, day).summary, day


def test_a_journal_with_every_state_and_another_terminals_sales_gives_the_same_day(shop: Shop, tmp_path: Path) -> None:
    path = tmp_path / "every-state.sqlite3"
    build_day(path)                       # T1's day in every state, and a sale of T2 in the same file
    with Journal(path, "T1", clock=SettableClock(at(DAY, 23))) as journal:
        shipper = shipper_for(shop.store.url, "T1", shop.keys["T1"], journal).start()
        try:
            assert shipper.wait_caught_up(WAIT_S)
        finally:
            shipper.stop()
        for day in DAYS:
            assert till_day(shop.store.engine, "T1", day) == load_day(journal.queries, day).summary, day
        assert till_day(shop.store.engine, "T1", DAY).needs_attention > 0


def test_a_batch_sent_twice_changes_nothing(shop: Shop, journal: Journal, clock: SettableClock) -> None:
    mixed_day(journal, clock)
    events, sales = journal.queries.shipment(0, 1000)
    url, auth = f"{shop.store.url}/store/journal/T1", ("T1", shop.keys["T1"])
    first = requests.post(url, json={"events": events, "sales": sales}, auth=auth, timeout=10)
    assert first.status_code == 200, first.text
    assert first.json() == {"terminal": "T1", "stored": len(events), "last_event_id": events[-1]["event_id"]}
    kept = _counts(shop)
    before = till_day(shop.store.engine, "T1", DAY)
    again = requests.post(url, json={"events": events, "sales": sales}, auth=auth, timeout=10)
    assert again.status_code == 200 and again.json()["stored"] == 0
    assert _counts(shop) == kept == (len(events), len(sales), sum(sale["last_event_id"] for sale in sales))
    assert till_day(shop.store.engine, "T1", DAY) == before == load_day(journal.queries, DAY).summary

    # An older picture of a sale (an earlier batch sent late) never replaces a newer one.
    stale = [{**sale, "last_event_id": 1, "sale": {**sale["sale"], "status": "open"}} for sale in sales]
    late = requests.post(url, json={"events": events[:1], "sales": stale}, auth=auth, timeout=10)
    assert late.status_code == 200 and late.json()["stored"] == 0
    assert _counts(shop) == kept and till_day(shop.store.engine, "T1", DAY) == before

    # The store says where it stands.
    mark = requests.get(f"{url}/last", auth=auth, timeout=10)
    assert mark.json() == {"terminal": "T1", "last_event_id": events[-1]["event_id"]}


def test_shipping_resumes_after_the_store_was_down(store_db_url: str, tmp_path: Path, clock: SettableClock) -> None:
    sandbox = SandboxServer("127.0.0.1", 0).start()
    store = StoreServer(store_db_url, sandbox.url, USERNAME, PASSWORD).start()
    key = add_credential(store.engine, "T1")
    port, restarted = store.port, None
    journal = till_journal(tmp_path / "journal.sqlite3", "T1", clock)
    shipper = shipper_for(store.url, "T1", key, journal)
    try:
        numbers = mixed_day(journal, clock)
        shipper.start()
        assert shipper.wait_caught_up(WAIT_S)
        shipped_before = shipper.shipped

        store.stop()
        clock.at(at(DAY, 18))
        till = DayBuilder(journal)
        till.completed("12345.00", "1122.27", (pay("12345.00", KHAN, "P2P"),))
        till.refund(numbers["owes_receipt"], "3500.00")          # an older sale moves on: its rows ship again
        shipper.poke()
        assert shipper.wait_for(lambda: shipper.faults > 0, WAIT_S)      # it tried, and the store was gone
        assert not shipper.wait_caught_up(0.05)

        restarted = StoreServer(store_db_url, sandbox.url, USERNAME, PASSWORD, port=port).start()
        assert shipper.wait_caught_up(WAIT_S)
        assert shipper.shipped > shipped_before and shipper.last_shipped_event_id == journal.queries.last_event_id()
        for day in DAYS:
            assert till_day(restarted.engine, "T1", day) == load_day(journal.queries, day).summary, day
    finally:
        shipper.stop()
        journal.close()
        if restarted is not None:
            restarted.stop()
        sandbox.stop()


def test_a_till_ships_only_its_own_journal(shop: Shop, journal: Journal, clock: SettableClock) -> None:
    mixed_day(journal, clock)
    events, sales = journal.queries.shipment(0, 1000)
    owner_key = shop.add_owner("boss")
    batch = {"events": events, "sales": sales}
    for till, key, terminal, status in (("T1", shop.keys["T1"], "T2", 403), ("T2", shop.keys["T2"], "T1", 403),
                                        ("boss", owner_key, "boss", 403), ("T1", "not the key", "T1", 401),
                                        ("T9", shop.keys["T1"], "T9", 401)):
        shipped = requests.post(f"{shop.store.url}/store/journal/{terminal}", json=batch, auth=(till, key),
                                timeout=10)
        assert shipped.status_code == status, (till, terminal, shipped.text)
        asked = requests.get(f"{shop.store.url}/store/journal/{terminal}/last", auth=(till, key), timeout=10)
        assert asked.status_code == status
        assert key not in shipped.text and key not in asked.text
    assert _counts(shop, "T1") == _counts(shop, "T2") == _counts(shop, "boss") == (0, 0, 0)

    # A shipper started with another till's name never gets its steps in either.
    shipper = shipper_for(shop.store.url, "T2", shop.keys["T1"], journal).start()
    try:
        assert shipper.wait_for(lambda: shipper.faults > 0, WAIT_S)
        assert "401" in shipper.last_fault and shop.keys["T1"] not in repr(shipper)
    finally:
        shipper.stop()
    assert _counts(shop, "T2") == (0, 0, 0)


def _bad_batches(events: list[dict], sales: list[dict]) -> dict[str, object]:
    event, sale = events[0], sales[0]
    return {
        "not an object": [events],
        "unknown field": {"events": events, "sales": sales, "extra": 1},
        "events not a list": {"events": {"0": event}, "sales": sales},
        "event id as text": {"events": [{**event, "event_id": str(event["event_id"])}], "sales": []},
        "event id zero": {"events": [{**event, "event_id": 0}], "sales": []},
        "event id a float": {"events": [{**event, "event_id": 1.0}], "sales": []},
        "time not the journal's": {"events": [{**event, "at": "21/11/2026 09:00"}], "sales": []},
        "detail not an object": {"events": [{**event, "detail": "[]"}], "sales": []},
        "no kind": {"events": [{k: v for k, v in event.items() if k != "kind"}], "sales": []},
        "the same event twice": {"events": [event, event], "sales": []},
        "sale without its row": {"events": events, "sales": [{**sale, "sale": None}]},
        "sale row of another number": {"events": events, "sales": [{**sale, "number": "T1-OTHER"}]},
        "sale row missing a column": {"events": events,
                                      "sales": [{**sale, "sale": {k: v for k, v in sale["sale"].items()
                                                                  if k != "status"}}]},
        "money not a number": {"events": events, "sales": [{**sale, "sale": {**sale["sale"], "total": "lots"}}]},
        "unknown status": {"events": events, "sales": [{**sale, "sale": {**sale["sale"], "status": "stolen"}}]},
        "receipts not rows": {"events": events, "sales": [{**sale, "receipts": ["r1"]}]},
        "the same sale twice": {"events": events, "sales": [sale, sale]},
    }


def test_a_bad_batch_is_refused_in_words_and_nothing_of_it_is_kept(shop: Shop, journal: Journal,
                                                                      clock: SettableClock) -> None:
    mixed_day(journal, clock)
    events, sales = journal.queries.shipment(0, 1000)
    url, auth = f"{shop.store.url}/store/journal/T1", ("T1", shop.keys["T1"])
    for name, body in _bad_batches(events, sales).items():
        answer = requests.post(url, json=body, auth=auth, timeout=10)
        assert answer.status_code == 400, (name, answer.text)
        assert answer.json()["error_code"] == "INVALID_PARAMETERS" and answer.json()["message"], name
    answer = requests.post(url, data=b"{not json", auth=auth, timeout=10)
    assert answer.status_code == 400 and "JSON" in answer.json()["message"]
    assert _counts(shop) == (0, 0, 0)
    good = requests.post(url, data=json.dumps({"events": events, "sales": sales}), auth=auth, timeout=10)
    assert good.status_code == 200 and _counts(shop)[0] == len(events)
