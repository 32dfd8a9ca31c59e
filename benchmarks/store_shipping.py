"""The store benchmark's journal part: a till's journal of many sales, shipped to a store (`store.py`)."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import requests

from common import ROOT
from journal_write import one_sale

sys.path.insert(0, str(ROOT))
from pos_app.journal import Journal  # noqa: E402
from pos_app.storelink.shipping import BATCH, JournalShipper  # noqa: E402

TILL = "T1"


def build_journal(path: Path, sales: int) -> tuple[Journal, dict[str, Any]]:
    journal = Journal(path, TILL)
    # Only the journal's content matters here (journal_write.py measures its writes): no fsync while building.
    with journal.store.reading() as db:       # (the journal's own connection: synchronous is per connection)
        db.execute("PRAGMA synchronous=OFF")
    began = time.perf_counter()
    for number in range(sales):
        one_sale(journal, number, None)
    took = time.perf_counter() - began
    with journal.store.reading() as db:
        db.execute("PRAGMA synchronous=FULL")
    return journal, {"sales": sales, "events": journal.queries.last_event_id(), "build_s": took,
                     "file_mb": path.stat().st_size / 1e6}


def store_counts(db_path: Path) -> tuple[int, int]:
    import sqlite3

    with sqlite3.connect(f"file:{db_path}?mode=ro", uri=True, timeout=10) as db:
        events = db.execute("SELECT count(*) FROM journal_events WHERE terminal = ?", (TILL,)).fetchone()[0]
        sales = db.execute("SELECT count(*) FROM journal_sales WHERE terminal = ?", (TILL,)).fetchone()[0]
    return int(events), int(sales)


def shipping(store_url: str, key: str, journal: Journal, built: dict[str, Any], db_path: Path,
             store_cpu: Callable[[], float | None]) -> dict[str, Any]:
    events, sales = built["events"], built["sales"]
    failures: list[str] = []

    def ship(label: str) -> dict[str, Any]:
        shipper = JournalShipper(store_url, TILL, key, journal)
        cpu0, began = store_cpu(), time.perf_counter()
        shipper.start()
        caught_up = shipper.wait_caught_up(120)
        took = time.perf_counter() - began
        cpu1 = store_cpu()
        shipper.stop()
        if not caught_up:
            failures.append(f"{label}: not caught up after 120 s ({shipper.shipped} steps shipped, "
                            f"fault: {shipper.last_fault or 'none'})")
        return {"seconds": took, "shipped": shipper.shipped, "faults": shipper.faults, "caught_up": caught_up,
                "store_cpu_s": cpu1 - cpu0 if cpu0 is not None and cpu1 is not None else None}

    fresh = ship("into a store without the journal")
    fresh |= {"events_per_s": events / fresh["seconds"], "sales_per_s": sales / fresh["seconds"],
              "batches": -(-events // BATCH)}
    kept = store_counts(db_path)
    if kept != (events, sales):
        failures.append(f"the store keeps {kept[0]} steps and {kept[1]} sales, the journal has {events} and {sales}")
    again = ship("into the store that has it all")

    # Every batch sent again as it was (as a till whose answers were lost would): the store keeps nothing twice.
    url, stored, took, mark = f"{store_url}/store/journal/{TILL}", 0, 0.0, 0
    cpu0 = store_cpu()
    with requests.Session() as session:
        session.auth = (TILL, key)
        while True:
            batch, rows = journal.queries.shipment(mark, BATCH)
            if not batch:
                break
            began = time.perf_counter()
            answer = session.post(url, json={"events": batch, "sales": rows}, timeout=60)
            took += time.perf_counter() - began
            answer.raise_for_status()
            stored += int(answer.json()["stored"])
            mark = batch[-1]["event_id"]
    cpu1 = store_cpu()
    resend = {"seconds": took, "stored": stored, "events_per_s": events / took, "sales_per_s": sales / took,
              "store_cpu_s": cpu1 - cpu0 if cpu0 is not None and cpu1 is not None else None}
    if stored:
        failures.append(f"the resend stored {stored} steps again")
    if store_counts(db_path) != kept:
        failures.append("the resend changed what the store keeps")
    return {"journal": built, "fresh": fresh, "already_kept": again, "resend": resend, "failures": failures,
            "batch": BATCH}


# -- report ---------------------------------------------------------------------------------------------------
