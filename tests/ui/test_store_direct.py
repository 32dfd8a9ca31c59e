"""A till at a store whose server stops answering: with the owner's leave (Settings) it sells with QPay directly,
with the shop's own account, once no sale is being paid, goes back through the store when it answers again, and
ships what it sold meanwhile; without it, nothing switches and cash still sells. Real store, real QPay sandbox
(over https, as a direct account must be)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot
from sqlalchemy import select

from pos_app.config import Settings, direct_account
from pos_app.domain.sale import Stage
from pos_app.journal.records import JournalStatus
from pos_app.store.credentials import add_credential
from pos_app.store.db import journal_sales
from pos_app.store.server import StoreServer

from .conftest import FAST_SCHEDULE, MILK, WAIT_MS, YOGURT, Till, close_app
from .store_tills import store_till
from .test_tenders import open_shift, sell_in_cash
from .tls_sandbox import TlsSandboxServer, make_certificates

BACK_MS = 40_000    # the store's hints stream is opened again every 10 s at most


@pytest.fixture
def https_sandbox(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[TlsSandboxServer]:
    folder = tmp_path / "tls"
    folder.mkdir()
    ca, cert, key = make_certificates(folder)
    monkeypatch.setenv("REQUESTS_CA_BUNDLE", str(ca))     # the till, the store and the test trust the test's CA
    server = TlsSandboxServer(cert, key).start()
    yield server
    server.stop()


def direct_settings(sandbox: TlsSandboxServer, allowed: bool) -> dict[str, object]:
    return {"store_direct_allowed": allowed, "direct_base_url": sandbox.url, "direct_username": "TEST_MERCHANT",
            "direct_invoice_code": "TEST_INVOICE"}


def direct_password(sandbox: TlsSandboxServer) -> dict[str, str]:
    settings = Settings(direct_base_url=sandbox.url, direct_username="TEST_MERCHANT")
    return {direct_account(settings): "123456"}


def start_store(db_url: str, sandbox: TlsSandboxServer, port: int = 0) -> StoreServer:
    return StoreServer(db_url, sandbox.url, "TEST_MERCHANT", "123456", invoice_code="TEST_INVOICE",
                       port=port).start()


def wait_answering(till: Till) -> None:
    link = till.app.backend.store_link     # type: ignore[union-attr]
    assert link is not None
    till.qtbot.waitUntil(lambda: link.store_answers is True, timeout=WAIT_MS)


def test_allowed_the_till_sells_directly_while_the_store_is_down_and_ships_that_sale_when_it_is_back(
        qtbot: QtBot, tmp_path: Path, store_db_url: str, https_sandbox: TlsSandboxServer) -> None:
    store = start_store(store_db_url, https_sandbox)
    stores = [store]
    till = None
    try:
        key = add_credential(store.engine, "T1")
        till = store_till(qtbot, tmp_path / "T1", store.url, https_sandbox.url, "T1", key, schedule=FAST_SCHEDULE,
                          settings=direct_settings(https_sandbox, True), passwords=direct_password(https_sandbox))
        backend = till.app.backend
        assert backend is not None and backend.direct_checkout is not None and not backend.direct
        wait_answering(till)
        link = backend.store_link
        assert link is not None
        title = till.window.windowTitle()

        till.scan(YOGURT)                  # a sale in the cart: the till may switch under it (nothing paid yet)
        port = store.port
        store.stop()
        qtbot.waitUntil(lambda: backend.direct, timeout=WAIT_MS)
        assert "selling directly with QPay" in till.window.sale_page.message.text()
        assert "SELLING DIRECTLY" in till.window.windowTitle()
        assert till.flow.services is not None and till.flow.services.checkout is backend.direct_checkout

        till.scan(MILK)
        till.charge()                      # the invoice made at QPay directly: the store is down
        number = till.flow.sale.number     # type: ignore[union-attr]
        till.control.pay(till.invoice_id)
        till.wait_stage(Stage.PAID)
        till.key(Qt.Key.Key_Return)        # the receipt for a person (QPay's ebarimt, directly)
        till.wait_stage(Stage.COMPLETED)
        assert backend.journal.queries.get(number).status is JournalStatus.COMPLETED

        store = start_store(store_db_url, https_sandbox, port)   # the same database, the same address
        stores.append(store)
        qtbot.waitUntil(lambda: "answers again" in till.window.statusBar().currentMessage()
                        or not till.app.store.down, timeout=BACK_MS)
        assert backend.direct              # the completed sale is still on screen: no switch yet
        till.key(Qt.Key.Key_F2)            # a new sale: the till is idle
        qtbot.waitUntil(lambda: not backend.direct, timeout=WAIT_MS)
        assert till.flow.services is not None and till.flow.services.checkout is backend.store_checkout
        assert till.window.windowTitle() == title
        # The shipper goes on by itself (poked when the store answers again): the direct sale reaches the store.
        target = backend.journal.queries.last_event_id()
        qtbot.waitUntil(lambda: (link.shipper.store_mark or 0) >= target, timeout=WAIT_MS)
        with store.engine.connect() as db:
            row = db.execute(select(journal_sales.c.snapshot_json).where(
                journal_sales.c.terminal == "T1", journal_sales.c.number == number)).one()
        assert json.loads(row.snapshot_json)["sale"]["status"] == "completed"

        till.scan(YOGURT)                  # and QPay goes through the store again
        till.charge()
        assert till.flow.sale is not None and till.flow.sale.invoice is not None
    finally:
        if till is not None:
            close_app(till.app)
        for one in stores:
            one.stop()


def test_not_allowed_the_till_stays_with_the_store_says_it_is_down_and_cash_still_sells(
        qtbot: QtBot, tmp_path: Path, https_sandbox: TlsSandboxServer) -> None:
    store = start_store(f"sqlite:///{tmp_path}/store.sqlite3", https_sandbox)
    till = None
    try:
        key = add_credential(store.engine, "T1")
        # The direct account and its password are there, but the owner has not allowed selling directly.
        till = store_till(qtbot, tmp_path / "T1", store.url, https_sandbox.url, "T1", key, schedule=FAST_SCHEDULE,
                          settings=direct_settings(https_sandbox, False), passwords=direct_password(https_sandbox))
        backend = till.app.backend
        assert backend is not None and backend.direct_checkout is None
        wait_answering(till)
        open_shift(till)
        store.stop()
        qtbot.waitUntil(lambda: "not answering" in till.window.statusBar().currentMessage(), timeout=WAIT_MS)
        assert "QPay sales cannot be charged until it is back" in till.window.sale_page.message.text()
        assert not backend.direct and "SELLING DIRECTLY" not in till.window.windowTitle()

        till.scan(MILK)
        till.key(Qt.Key.Key_F12)           # QPay fails cleanly: back to the cart, nothing charged
        qtbot.waitUntil(lambda: till.flow.sale is None and till.window.sale_page.message.isVisible(),
                        timeout=WAIT_MS)
        assert not backend.direct
        number = sell_in_cash(till, YOGURT, "10000", receipt=False)
        assert backend.journal.queries.get(number).status is JournalStatus.COMPLETED
        assert not backend.direct
    finally:
        if till is not None:
            close_app(till.app)
        store.stop()


def test_allowed_a_till_started_while_the_store_is_down_sells_directly_from_the_start(
        qtbot: QtBot, tmp_path: Path, https_sandbox: TlsSandboxServer) -> None:
    store = start_store(f"sqlite:///{tmp_path}/store.sqlite3", https_sandbox)
    key = add_credential(store.engine, "T1")
    url = store.url
    store.stop()
    till = store_till(qtbot, tmp_path / "T1", url, https_sandbox.url, "T1", key, schedule=FAST_SCHEDULE,
                      settings=direct_settings(https_sandbox, True), passwords=direct_password(https_sandbox))
    try:
        backend = till.app.backend
        assert backend is not None and backend.direct        # the store could not be reached at build
        assert "selling directly with QPay" in till.window.sale_page.message.text()
        assert "SELLING DIRECTLY" in till.window.windowTitle()
        till.scan(MILK)
        till.charge()
        till.control.pay(till.invoice_id)
        till.wait_stage(Stage.PAID)
    finally:
        close_app(till.app)
