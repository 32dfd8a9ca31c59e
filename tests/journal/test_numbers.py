"""Sale numbers: a per-terminal, per-day sequence in a real SQLite file that never repeats."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from datetime import date
from pathlib import Path

from pos_app.domain.shop_time import ShopClock
from pos_app.journal.numbers import SaleNumbers
from tests.qpay.helpers import run_in_threads

DAY = date(2026, 11, 21)
NEXT_DAY = date(2026, 11, 22)


def test_numbers_run_from_000001_upward(tmp_path: Path) -> None:
    numbers = SaleNumbers(tmp_path / "journal.sqlite3", "T1")
    assert [numbers.allocate(DAY) for _ in range(3)] == [
        "T1-20261121-000001", "T1-20261121-000002", "T1-20261121-000003"]


def test_the_default_day_is_the_given_today(tmp_path: Path) -> None:
    numbers = SaleNumbers(tmp_path / "journal.sqlite3", "T1", today=lambda: NEXT_DAY)
    assert numbers.allocate() == "T1-20261122-000001"


def test_without_a_given_today_it_is_the_shops_today(tmp_path: Path) -> None:
    numbers = SaleNumbers(tmp_path / "journal.sqlite3", "T1")
    before = ShopClock().today()
    number = numbers.allocate()
    after = ShopClock().today()      # midnight may pass between the readings
    assert number in {f"T1-{day:%Y%m%d}-000001" for day in (before, after)}


def test_a_new_sale_numbers_on_the_same_file_continues(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    first = SaleNumbers(path, "T1")
    first.allocate(DAY)
    first.allocate(DAY)
    restarted = SaleNumbers(path, "T1")
    assert restarted.allocate(DAY) == "T1-20261121-000003"


def test_two_terminals_have_separate_sequences(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    till_1, till_2 = SaleNumbers(path, "T1"), SaleNumbers(path, "T2")
    assert till_1.allocate(DAY) == "T1-20261121-000001"
    assert till_2.allocate(DAY) == "T2-20261121-000001"
    assert till_1.allocate(DAY) == "T1-20261121-000002"
    assert till_2.allocate(DAY) == "T2-20261121-000002"


def test_a_new_day_starts_again_at_000001(tmp_path: Path) -> None:
    numbers = SaleNumbers(tmp_path / "journal.sqlite3", "T1")
    numbers.allocate(DAY)
    numbers.allocate(DAY)
    assert numbers.allocate(NEXT_DAY) == "T1-20261122-000001"


def test_going_back_to_an_earlier_day_continues_that_day(tmp_path: Path) -> None:
    numbers = SaleNumbers(tmp_path / "journal.sqlite3", "T1")
    numbers.allocate(DAY)
    numbers.allocate(NEXT_DAY)
    assert numbers.allocate(DAY) == "T1-20261121-000002"


def test_the_folder_is_created_when_missing(tmp_path: Path) -> None:
    path = tmp_path / "data" / "nested" / "journal.sqlite3"
    SaleNumbers(path, "T1").allocate(DAY)
    assert path.is_file()


def _allocate_in_threads(make: Callable[[], SaleNumbers], threads: int, each: int) -> list[str]:
    def work() -> list[str]:
        numbers = make()
        return [numbers.allocate(DAY) for _ in range(each)]

    return [number for batch in run_in_threads(threads, work) for number in batch]


def test_threads_sharing_one_sale_numbers_get_distinct_numbers(tmp_path: Path) -> None:
    shared = SaleNumbers(tmp_path / "journal.sqlite3", "T1")
    numbers = _allocate_in_threads(lambda: shared, threads=8, each=50)
    assert len(numbers) == 400
    assert len(set(numbers)) == 400
    assert set(numbers) == {f"T1-20261121-{n:06d}" for n in range(1, 401)}


def test_threads_with_their_own_sale_numbers_on_one_file_get_distinct_numbers(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    SaleNumbers(path, "T1")   # the table exists before the race
    numbers = _allocate_in_threads(lambda: SaleNumbers(path, "T1"), threads=8, each=50)
    assert len(set(numbers)) == 400
    assert set(numbers) == {f"T1-20261121-{n:06d}" for n in range(1, 401)}


def test_the_file_is_in_wal_mode(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    SaleNumbers(path, "T1").allocate(DAY)
    db = sqlite3.connect(path)
    try:
        (mode,) = db.execute("PRAGMA journal_mode").fetchone()
    finally:
        db.close()
    assert mode == "wal"


def test_the_sequence_is_committed_to_the_file(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    SaleNumbers(path, "T7").allocate(DAY)
    db = sqlite3.connect(path)
    try:
        rows = db.execute("SELECT terminal, day, last FROM sale_sequence").fetchall()
    finally:
        db.close()
    assert rows == [("T7", "2026-11-21", 1)]


def test_repr_names_the_file_and_terminal(tmp_path: Path) -> None:
    text = repr(SaleNumbers(tmp_path / "journal.sqlite3", "T1"))
    assert "journal.sqlite3" in text and "T1" in text
