"""The day close at a store (F6): "This till" and "Whole shop". The shop's figures come from a real store over
HTTP (its journals shipped by real shippers), read on the task runner; a store that does not answer is said in
one line and this till's figures stay. Fixed clocks: nothing depends on today's date.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from pos_app.formats import money_text
from pos_app.journal import Journal
from pos_app.journal.day_summary import load_day
from pos_app.sandbox import SandboxServer
from pos_app.store.credentials import add_credential
from pos_app.store.server import StoreServer
from pos_app.storelink.shop_day import ShopDay, ShopDays
from pos_app.ui.day_close.dialog import DayCloseDialog
from pos_app.ui.common.style import STYLESHEET
from pos_app.ui.common.tasks import TaskRunner
from tests.store.helpers import PASSWORD, USERNAME
from tests.store.till_journals import DAY, SettableClock, at, mixed_day, shipper_for, till_journal

WAIT_MS = 15_000
SHOP = "Төв дэлгүүр"


@dataclass
class StoreShop:
    store: StoreServer
    keys: dict[str, str]
    journals: dict[str, Journal]


@pytest.fixture
def store_shop(tmp_path: Path) -> Iterator[StoreShop]:
    sandbox = SandboxServer("127.0.0.1", 0).start()
    store = StoreServer(f"sqlite:///{tmp_path}/store.sqlite3", sandbox.url, USERNAME, PASSWORD).start()
    journals: dict[str, Journal] = {}
    try:
        keys = {till: add_credential(store.engine, till, shop=SHOP) for till in ("T1", "T2")}
        for till, scale in (("T1", 1), ("T2", 3)):
            clock = SettableClock(at(DAY, 8))
            journal = journals[till] = till_journal(tmp_path / f"{till}.sqlite3", till, clock)
            mixed_day(journal, clock, aware=True, scale=scale)
            shipper = shipper_for(store.url, till, keys[till], journal).start()
            try:
                assert shipper.wait_caught_up(30)
            finally:
                shipper.stop()
        yield StoreShop(store, keys, journals)
    finally:
        for journal in journals.values():
            journal.close()
        store.stop()
        sandbox.stop()


class NotedReader:
    """The store link's reader, noting the thread each read runs on."""

    def __init__(self, reader: Callable[[date], ShopDay]) -> None:
        self.reader = reader
        self.threads: list[str] = []

    def __call__(self, day: date) -> ShopDay:
        self.threads.append(threading.current_thread().name)
        return self.reader(day)


@pytest.fixture
def make_dialog(qtbot: QtBot, runner: TaskRunner) -> Callable[..., DayCloseDialog]:
    QApplication.instance().setStyleSheet(STYLESHEET)  # type: ignore[union-attr]

    def make(journal: Journal, shop_days: Callable[[date], ShopDay] | None) -> DayCloseDialog:
        dialog = DayCloseDialog(journal, runner, today=lambda: DAY, now=lambda: at(DAY, 20), shop_days=shop_days)
        qtbot.addWidget(dialog)
        if dialog.summary is None:
            with qtbot.waitSignal(dialog.loaded, timeout=WAIT_MS):
                dialog.show()
        else:
            dialog.show()
        return dialog

    return make


def test_whole_shop_shows_the_shops_total_read_on_a_worker(qtbot: QtBot, make_dialog, store_shop: StoreShop) -> None:
    journal = store_shop.journals["T1"]
    reader = NotedReader(ShopDays(store_shop.store.url, "T1", store_shop.keys["T1"]).read)
    dialog = make_dialog(journal, reader)
    own = load_day(journal.queries, DAY).summary
    assert dialog.shop.this_till_button.isVisible() and dialog.shop.whole_shop_button.isVisible()
    assert dialog.shop.this_till_button.isChecked() and dialog.figures.shown()["net"] == ("", money_text(own.net))
    assert dialog.close_day_button.isEnabled() and dialog.export_button.isEnabled()

    with qtbot.waitSignal(dialog.shop_loaded, timeout=WAIT_MS) as loaded:
        dialog.shop.whole_shop_button.click()
    shop_day = loaded.args[0]
    assert reader.threads and all(name.startswith("pos-task") for name in reader.threads)
    other = load_day(store_shop.journals["T2"].queries, DAY).summary
    assert shop_day.shop == SHOP and [till.terminal for till in shop_day.tills] == ["T1", "T2"]
    assert shop_day.total.net == own.net + other.net and shop_day.total.paid == own.paid + other.paid
    shown = dialog.figures.shown()
    assert shown["net"] == ("", money_text(own.net + other.net))
    assert shown["paid"] == (str(own.paid.count + other.paid.count), money_text(own.paid.amount + other.paid.amount))
    assert dialog.figures.net_label.text().endswith(money_text(own.net + other.net))
    assert SHOP in dialog.terminal_label.text() and "2" in dialog.terminal_label.text()
    assert dialog.shop.whole_shop_button.isChecked() and not dialog.shop.this_till_button.isChecked()
    # Closing the day, printing and the CSV are this till's alone.
    assert not dialog.close_day_button.isEnabled() and not dialog.export_button.isEnabled()

    dialog.shop.this_till_button.click()
    assert dialog.figures.shown()["net"] == ("", money_text(own.net)) and "T1" in dialog.terminal_label.text()
    assert dialog.close_day_button.isEnabled() and dialog.export_button.isEnabled()


def test_a_store_that_does_not_answer_is_said_in_a_line_and_this_till_stays(qtbot: QtBot, make_dialog,
                                                                            store_shop: StoreShop) -> None:
    journal = store_shop.journals["T1"]
    dialog = make_dialog(journal, ShopDays(store_shop.store.url, "T1", store_shop.keys["T1"]).read)
    own = load_day(journal.queries, DAY).summary
    store_shop.store.stop()
    with qtbot.waitSignal(dialog.shop_failed, timeout=WAIT_MS) as failed:
        dialog.shop.whole_shop_button.click()
    assert failed.args[0] == "The store did not answer: showing this till only."
    assert dialog.status.text() == failed.args[0] and "\n" not in dialog.status.text()
    assert dialog.shop.this_till_button.isChecked() and not dialog.shop.whole_shop
    assert dialog.figures.shown()["net"] == ("", money_text(own.net)) and "T1" in dialog.terminal_label.text()
    assert dialog.close_day_button.isEnabled()
    assert store_shop.keys["T1"] not in dialog.status.text()


def test_a_wrong_key_reads_as_the_store_not_answering(qtbot: QtBot, make_dialog, store_shop: StoreShop) -> None:
    dialog = make_dialog(store_shop.journals["T1"], ShopDays(store_shop.store.url, "T1", "not the key").read)
    with qtbot.waitSignal(dialog.shop_failed, timeout=WAIT_MS):
        dialog.shop.whole_shop_button.click()
    assert dialog.shop.this_till_button.isChecked()


def test_changing_the_day_in_the_shops_view_reads_that_day_of_the_shop(qtbot: QtBot, make_dialog,
                                                                       store_shop: StoreShop) -> None:
    dialog = make_dialog(store_shop.journals["T1"], ShopDays(store_shop.store.url, "T1", store_shop.keys["T1"]).read)
    with qtbot.waitSignal(dialog.shop_loaded, timeout=WAIT_MS):
        dialog.shop.whole_shop_button.click()
    before = DAY - timedelta(days=1)
    with qtbot.waitSignal(dialog.shop_loaded, timeout=WAIT_MS) as loaded:
        dialog.date_edit.setDate(dialog.date_edit.date().addDays(-1))
    assert loaded.args[0].total.day == before
    expected = sum((load_day(journal.queries, before).summary.net for journal in store_shop.journals.values()),
                   Decimal(0))
    assert dialog.figures.shown()["net"] == ("", money_text(expected))


def test_without_a_store_there_is_no_shop_to_show(make_dialog, tmp_path: Path) -> None:
    clock = SettableClock(at(DAY, 8))
    with till_journal(tmp_path / "alone.sqlite3", "T1", clock) as journal:
        dialog = make_dialog(journal, None)
        assert not dialog.shop.this_till_button.isVisible() and not dialog.shop.whole_shop_button.isVisible()
