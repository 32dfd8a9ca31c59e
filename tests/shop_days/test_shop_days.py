"""Generated shop days, bounded: a fixed seed, a few days of a few dozen steps each (`make test`). `make soak`
runs the same machine for as long as asked (scripts/soak.py)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from hypothesis.stateful import run_state_machine_as_test

from .machine import ShopDay
from .world import Shop

EXAMPLES = int(os.environ.get("SHOP_DAYS_EXAMPLES", "12"))
BOUNDED = settings(max_examples=EXAMPLES, stateful_step_count=40, deadline=None, derandomize=True, database=None,
                   suppress_health_check=list(HealthCheck), print_blob=True)


@pytest.fixture(scope="module")
def shop(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Shop]:
    opened = Shop()
    ShopDay.shop, ShopDay.folder = opened, tmp_path_factory.mktemp("shop_days")
    yield opened
    ShopDay.shop = ShopDay.folder = None
    opened.stop()


@pytest.mark.timeout(600)
def test_generated_shop_days_keep_money_and_tax_right(shop: Shop, tmp_path: Path) -> None:
    run_state_machine_as_test(ShopDay, settings=BOUNDED)
