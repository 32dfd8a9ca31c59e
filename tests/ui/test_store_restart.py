"""The store is killed mid-sale (SIGKILL, a real process) and started again: no sale is lost, no invoice is made
twice, and the till's journal reaches the store."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import requests
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from pos_app.domain.sale import Stage
from pos_app.journal.day_summary import load_day
from pos_app.sandbox import SandboxServer
from pos_app.sandbox.service import SandboxOptions
from pos_app.store.credentials import add_credential
from pos_app.store.db import open_database

from .conftest import FAST_SCHEDULE, MILK, YOGURT, Till, close_app
from .store_tills import StoreProcess, free_port, store_till

RECOVERY_MS = 60_000    # the till settles an unknown create when the store is back (its retry schedule)


@pytest.fixture
def sandbox() -> Iterator[SandboxServer]:
    with SandboxServer("127.0.0.1", 0, SandboxOptions(single_session=True)) as server:
        yield server


def _invoices_for(sandbox: SandboxServer, sender_invoice_no: str = "") -> list[dict[str, Any]]:
    """What QPay holds (the sandbox's own records): every invoice, or those of one sale."""
    state = sandbox.sandbox.state
    with state.lock:
        return [dict(invoice) for invoice in state.invoices.values()
                if not sender_invoice_no or invoice.get("sender_invoice_no") == sender_invoice_no]


def _pay(sandbox: SandboxServer, invoice_id: str) -> None:
    answer = requests.post(f"{sandbox.url}/_sandbox/invoices/{invoice_id}/pay", timeout=10)
    assert answer.status_code == 200, answer.text


def _finish(till: Till) -> None:
    """Paid: the receipt for a person, then the next customer."""
    till.wait_stage(Stage.PAID, timeout=RECOVERY_MS)
    till.key(Qt.Key.Key_Return)
    till.wait_stage(Stage.COMPLETED)
    till.key(Qt.Key.Key_F2)
    till.wait_stage(None)


def test_the_store_killed_mid_sale_loses_nothing(qtbot: QtBot, tmp_path: Path, store_db_url: str,
                                                  sandbox: SandboxServer) -> None:
    engine = open_database(store_db_url)
    key = add_credential(engine, "T1")
    engine.dispose()
    store = StoreProcess(store_db_url, sandbox.url, free_port()).start()
    till: Till | None = None
    try:
        till = store_till(qtbot, tmp_path / "T1", store.url, sandbox.url, "T1", key, schedule=FAST_SCHEDULE)
        # 1. Killed while QPay's answer to the create is on its way back: QPay made the invoice, nobody heard.
        requests.post(f"{sandbox.url}/_sandbox/faults", json={"path_prefix": "/v2/invoice", "method": "POST",
                      "delay_ms": 4000, "after_processing": True}, timeout=10).raise_for_status()
        till.scan(MILK)
        till.key(Qt.Key.Key_F12)
        qtbot.waitUntil(lambda: len(_invoices_for(sandbox)) == 1, timeout=15_000)
        number = _invoices_for(sandbox)[0]["sender_invoice_no"]
        store.kill()
        store.start()
        # The till settles it through the store started again: the same invoice, never a second one.
        till.wait_stage(Stage.AWAITING_PAYMENT, timeout=RECOVERY_MS)
        first = _invoices_for(sandbox, number)
        assert len(first) == 1 and till.invoice_id == first[0]["invoice_id"]
        _pay(sandbox, till.invoice_id)
        _finish(till)
        assert len(_invoices_for(sandbox, number)) == 1

        # 2. Killed while the customer pays: the payment lands while no store is there to hear the callback.
        till.scan(YOGURT)
        till.charge()
        second = till.flow.sale.number   # type: ignore[union-attr]
        store.kill()
        _pay(sandbox, till.invoice_id)
        store.start()
        _finish(till)
        assert len(_invoices_for(sandbox, second)) == 1

        # 3. The journal catches up: the store's day for this till is the till's own.
        backend = till.app.backend
        assert backend is not None and backend.store_link is not None
        assert backend.store_link.shipper.wait_caught_up(30)
        day = backend.clock.today()
        own = load_day(backend.journal.queries, day).summary
        shop = backend.store_link.shop_days.read(day)
        assert [summary for summary in shop.tills if summary.terminal == "T1"] == [own]
        assert own.paid.count == 2
    finally:
        if till is not None:
            close_app(till.app)
        store.stop()
