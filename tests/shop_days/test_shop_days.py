"""Generated shop days: the bounded run of `make test` (a fixed seed, a dozen days of forty steps) and the soak of
`make soak` (new seeds for as long as asked, then what it tried, counted)."""

from __future__ import annotations

import os
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from hypothesis.stateful import run_state_machine_as_test

from .machine import ShopDay
from .world import Shop

EXAMPLES = int(os.environ.get("SHOP_DAYS_EXAMPLES", "20"))
SOAK_SECONDS = float(os.environ.get("SHOP_DAYS_SOAK_SECONDS", "0"))
BOUNDED = settings(max_examples=EXAMPLES, stateful_step_count=40, deadline=None, derandomize=True, database=None,
                   suppress_health_check=list(HealthCheck), print_blob=True)
SOAK_BATCH = settings(BOUNDED, max_examples=10, derandomize=False, stateful_step_count=60)


@pytest.fixture(scope="module")
def shop(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Shop]:
    opened = Shop()
    ShopDay.shop, ShopDay.folder = opened, tmp_path_factory.mktemp("shop_days")
    yield opened
    ShopDay.shop = ShopDay.folder = None
    opened.stop()


@pytest.mark.timeout(600)
@pytest.mark.skipif(SOAK_SECONDS > 0, reason="the soak runs instead")
def test_generated_shop_days_keep_money_and_tax_right(shop: Shop) -> None:
    run_state_machine_as_test(ShopDay, settings=BOUNDED)


@pytest.mark.timeout(SOAK_SECONDS + 900)
@pytest.mark.skipif(SOAK_SECONDS <= 0, reason="make soak DURATION=... runs it")
def test_soak(shop: Shop, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    report = tmp_path / "tried.tsv"
    os.environ["SHOP_DAYS_REPORT"] = str(report)
    deadline, batches = time.monotonic() + SOAK_SECONDS, 0
    try:
        while time.monotonic() < deadline:
            batches += 1
            run_state_machine_as_test(ShopDay, settings=SOAK_BATCH)
    finally:
        tried: Counter[str] = Counter()
        for line in report.read_text(encoding="utf-8").splitlines() if report.exists() else ():
            name, _, count = line.rpartition("\t")
            tried[name] += int(count)
        days = tried["day"]
        with capsys.disabled():
            print(f"\nsoak: {batches} batches, {days} shop days in {SOAK_SECONDS:.0f} s; what they tried:")
            for name, count in sorted(tried.items()):
                print(f"  {count:7d}  {name}")
