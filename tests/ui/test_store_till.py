"""A till at a store: a price the owner changes at the store reaches the running till's cart, and the till says
plainly when the store stops answering and when it is back."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from decimal import Decimal
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from pos_app.app.start.books import store_catalog_copy
from pos_app.sandbox.server import SandboxServer
from pos_app.store.credentials import add_credential
from pos_app.store.server import StoreServer

from .conftest import FAST_SCHEDULE, MILK, WAIT_MS, YOGURT, Till, close_app
from .store_tills import store_till

HEADER = "barcode,name,price,tax_product_code,classification_code,city_tax,pinned,unit\n"


def write_catalog(path: Path, milk_price: str) -> None:
    path.write_text(HEADER + f"{MILK},Сүү 1л,{milk_price},8401,0122,no,yes,ш\n"
                             "8656000010028,Тараг 500г,2800,8401,0122,no,no,ш\n", encoding="utf-8")


class Shop:
    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.catalog = folder / "shop.csv"
        write_catalog(self.catalog, "4000")
        self.sandbox = SandboxServer("127.0.0.1", 0).start()
        self.store = self.start_store()
        self.key = add_credential(self.store.engine, "T1")

    def start_store(self, port: int = 0) -> StoreServer:
        return StoreServer(f"sqlite:///{self.folder}/store.sqlite3", self.sandbox.url, "TEST_MERCHANT", "123456",
                           invoice_code="TEST_INVOICE", catalog_file=str(self.catalog), port=port).start()

    def stop(self) -> None:
        self.store.stop()
        self.sandbox.stop()


@pytest.fixture
def shop(tmp_path: Path) -> Iterator[Shop]:
    running = Shop(tmp_path)
    yield running
    running.stop()


@pytest.fixture
def start_till(qtbot: QtBot, shop: Shop, tmp_path: Path) -> Iterator[Callable[[], Till]]:
    tills: list[Till] = []

    def start() -> Till:
        tills.append(store_till(qtbot, tmp_path, shop.store.url, shop.sandbox.url, "T1", shop.key,
                                schedule=FAST_SCHEDULE))
        return tills[-1]

    yield start
    for till in tills:
        close_app(till.app)


def milk_price(till: Till) -> Decimal | None:
    catalog = till.window.sale_page.catalog
    item = catalog.find(MILK) if catalog is not None else None
    return item.price if item is not None else None


def test_a_price_changed_at_the_store_reaches_the_tills_cart(start_till, shop: Shop, tmp_path: Path) -> None:
    till = start_till()
    assert till.app.backend is not None and till.app.backend.store_link is not None
    till.qtbot.waitUntil(lambda: milk_price(till) == Decimal(4000), timeout=WAIT_MS)   # the store's, not the sample's
    assert till.window.sale_page.quick_keys.items[0].price == Decimal(4000)
    till.scan(YOGURT)                         # a sale under way while the owner changes a price
    write_catalog(shop.catalog, "45000")      # the owner edits the store's file
    feed = till.app.backend.store_link.catalog
    assert feed is not None
    with till.qtbot.waitSignal(till.app.store.catalog_used, timeout=WAIT_MS):
        feed.fetch_now()
    till.scan(MILK)
    assert [line.unit_price for line in till.app.model.lines] == [Decimal(2800), Decimal(45000)]
    assert till.window.sale_page.quick_keys.items[0].price == Decimal(45000)
    assert "45000" in store_catalog_copy(till.app.paths).read_text(encoding="utf-8")


def test_the_till_says_when_the_store_stops_answering_and_when_it_is_back(start_till, shop: Shop) -> None:
    till = start_till()
    link = till.app.backend.store_link    # type: ignore[union-attr]
    assert link is not None
    till.qtbot.waitUntil(lambda: link.store_answers is True and milk_price(till) == Decimal(4000), timeout=WAIT_MS)
    header = till.window.connection_label
    assert header.text() == "Store server" and header.property("down") is False
    port = shop.store.port
    shop.store.stop()
    till.qtbot.waitUntil(lambda: "not answering" in till.window.statusBar().currentMessage(), timeout=WAIT_MS)
    assert "The store server is not answering" in till.window.sale_page.message.text()
    # The header keeps saying it after the banner has given way to the next scan's words.
    assert "NOT ANSWERING" in header.text() and header.property("down") is True
    till.scan(MILK)
    assert "NOT ANSWERING" in header.text()
    shop.store = shop.start_store(port)
    till.qtbot.waitUntil(lambda: "answers again" in till.window.statusBar().currentMessage(), timeout=30_000)
    assert not till.app.store.down
    assert header.text() == "Store server" and header.property("down") is False
