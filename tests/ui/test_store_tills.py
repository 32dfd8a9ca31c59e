"""Three real tills (GUI, offscreen) at one store, against the QPay sandbox with one session per account (as the
live service keeps): every sale completes, the store logs in to QPay once, pushed hints find the payments."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import pytest
import requests
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from pos_app.domain.sale import Stage
from pos_app.journal.day_combine import combine
from pos_app.journal.day_summary import load_day
from pos_app.sandbox import SandboxServer
from pos_app.sandbox.service import SandboxOptions
from pos_app.store.credentials import add_credential
from pos_app.store.server import StoreServer

from .conftest import MILK, WAIT_MS, YOGURT, Till, close_app
from .store_tills import store_till

TILLS = ("T1", "T2", "T3")


@pytest.fixture
def single_session_sandbox() -> Iterator[SandboxServer]:
    with SandboxServer("127.0.0.1", 0, SandboxOptions(single_session=True)) as server:
        yield server


def _pay(sandbox: SandboxServer, invoice_id: str) -> None:
    answer = requests.post(f"{sandbox.url}/_sandbox/invoices/{invoice_id}/pay", timeout=10)
    assert answer.status_code == 200, answer.text


def _key(till: Till, key: Qt.Key) -> None:
    """To this till's window, made the active one (three windows share the application)."""
    till.window.activateWindow()
    till.qtbot.waitUntil(till.window.isActiveWindow, timeout=WAIT_MS)
    till.qtbot.keyClick(till.window.focusWidget() or till.window, key)


def _logins(sandbox: SandboxServer) -> int:
    seen = requests.get(f"{sandbox.url}/_sandbox/requests", timeout=10).json()
    return sum(1 for r in seen if r["path"] == "/v2/auth/token")


def test_three_tills_sell_at_one_store(qtbot: QtBot, tmp_path: Path, store_db_url: str,
                                       single_session_sandbox: SandboxServer) -> None:
    sandbox = single_session_sandbox
    store = StoreServer(store_db_url, sandbox.url, "TEST_MERCHANT", "123456", invoice_code="TEST_INVOICE").start()
    tills: dict[str, Till] = {}
    try:
        keys = {name: add_credential(store.engine, name) for name in TILLS}
        for name in TILLS:
            tills[name] = store_till(qtbot, tmp_path / name, store.url, sandbox.url, name, keys[name])
            assert tills[name].app.backend is not None and tills[name].app.backend.store_link is not None
        for link in (till.app.backend.store_link for till in tills.values()):   # type: ignore[union-attr]
            assert link is not None and link.hints.connected.wait(10)
        baskets = {"T1": [MILK, YOGURT], "T2": [YOGURT], "T3": [MILK, MILK, YOGURT]}
        for _round in range(2):
            for name, till in tills.items():
                till.window.activateWindow()
                qtbot.waitUntil(till.window.sale_page.entry.hasFocus, timeout=WAIT_MS)
                for code in baskets[name]:
                    till.scan(code)
                _key(till, Qt.Key.Key_F12)
                till.wait_stage(Stage.AWAITING_PAYMENT)
            for till in tills.values():
                _pay(sandbox, till.invoice_id)
            for till in tills.values():
                till.wait_stage(Stage.PAID, timeout=WAIT_MS)
                _key(till, Qt.Key.Key_Return)         # the receipt for a person
                till.wait_stage(Stage.COMPLETED, timeout=WAIT_MS)
                assert till.flow.sale is not None and till.flow.sale.receipt is not None
                _key(till, Qt.Key.Key_F2)
                till.wait_stage(None)
        assert _logins(sandbox) == 1
        assert store.context.upstream.logins == 1
        for name, till in tills.items():
            backend = till.app.backend
            assert backend is not None
            sales = backend.journal.queries.between(backend.clock.today(), backend.clock.today())
            assert len(sales) == 2 and all(sale.status.value == "completed" for sale in sales), name
            assert all(sale.total > Decimal(0) for sale in sales)
        # The store's day close is the sum of the tills' own, once each has shipped its journal.
        own = []
        for till in tills.values():
            backend = till.app.backend
            assert backend is not None and backend.store_link is not None
            assert backend.store_link.shipper.wait_caught_up(15)
            own.append(load_day(backend.journal.queries, backend.clock.today()).summary)
        day = own[0].day
        shop = tills["T1"].app.backend.store_link.shop_days.read(day)   # type: ignore[union-attr]
        summed = combine(own, day=day, terminal=shop.total.terminal)
        assert shop.total == summed
        assert shop.total.paid.count == 6 and shop.total.paid.amount == sum(s.paid.amount for s in own)
        answer = requests.get(f"{store.url}/store/day/{day.isoformat()}", auth=("T2", keys["T2"]), timeout=10)
        tills_there = {record["terminal"]: record for record in answer.json()["shops"][0]["tills"]}
        assert set(tills_there) == set(TILLS)
    finally:
        for till in tills.values():
            close_app(till.app)
        store.stop()
