"""The unpaid cart survives the till (issue 32): kept in the journal as it changes, on the money worker, and
brought back at the next start, after a real kill (SIGKILL of a real till process, as the crash tests do) and
after a close; a paid sale and a cleared cart forget it, and the cart never comes back beside its own sale."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterator
from decimal import Decimal
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from pos_app.app.root import PosApp
from pos_app.config import SessionSecretStore
from pos_app.domain.discounts import Discount, DiscountKind
from pos_app.domain.sale import Stage
from pos_app.journal import LATEST_VERSION
from tests.qpay.helpers import SandboxControl

from .conftest import FAST_SCHEDULE, MILK, WAIT_MS, YOGURT, Till, close_app
from .test_crash_restart import Crash, journal_file, paths


@pytest.fixture
def home(tmp_path: Path) -> Path:
    return tmp_path / "till"


@pytest.fixture
def crash(home: Path, sandbox_server) -> Crash:
    return Crash(home, sandbox_server.url)


@pytest.fixture
def restart(qtbot: QtBot, home: Path, sandbox_server) -> Iterator[Callable[[], Till]]:
    """The till started (again) in this process on the data folder `home`."""
    apps: list[PosApp] = []

    def start() -> Till:
        app = PosApp(paths(home), sandbox_url=sandbox_server.url, secrets=SessionSecretStore(),
                     schedule=FAST_SCHEDULE)
        apps.append(app)
        app.window.set_ask_before_quit(False)
        with qtbot.waitSignal(app.ready, timeout=WAIT_MS):
            app.start()
        return Till(app, qtbot, SandboxControl(sandbox_server.url))

    yield start
    for app in apps:
        close_app(app)


def kept_rows(home: Path) -> list[tuple[list[dict], dict | None]]:
    """The kept cart's rows, read as another process would: (lines, sale discount)."""
    path = journal_file(home)
    if not path.exists():
        return []
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=5)
    try:
        if db.execute("PRAGMA user_version").fetchone()[0] < LATEST_VERSION:
            return []
        rows = db.execute("SELECT lines_json, discount_json FROM kept_cart").fetchall()
    finally:
        db.close()
    return [(json.loads(lines), json.loads(discount) if discount else None) for lines, discount in rows]


def cart_of(till: Till) -> list[tuple[str, Decimal, Decimal]]:
    return [(line.description, line.quantity, line.total) for line in till.window.model.lines]


MILK_AND_YOGURT = [("Сүү 1л (Сүү ХК)", Decimal(2), Decimal("5953.85")), ("Тараг 500г", Decimal(1), Decimal("2646.15"))]


def test_a_cart_killed_mid_sale_comes_back_whole_at_the_next_start(crash: Crash, restart, home: Path) -> None:
    def kept_whole() -> bool:
        rows = kept_rows(home)
        return bool(rows) and len(rows[0][0]) == 2 and rows[0][1] is not None and "discount" in rows[0][0][0]

    crash.kill_when("cart", kept_whole)                   # SIGKILL right after the journal has it

    till = restart()
    till.qtbot.waitUntil(lambda: cart_of(till) == MILK_AND_YOGURT, timeout=WAIT_MS)
    cart = till.window.model.cart
    assert cart.lines[0].line_discount == Discount(DiscountKind.PERCENT, Decimal(10))
    assert cart.sale_discount == Discount(DiscountKind.AMOUNT, Decimal(500)) and cart.total == Decimal(8600)
    page = till.window.sale_page
    assert "before the till stopped is back" in page.message.text() and page.entry.hasFocus()
    assert till.flow.stage is None

    till.charge()                                         # the cart becomes a sale: the journal forgets it at once
    assert kept_rows(home) == []
    till.control.pay(till.invoice_id)
    till.wait_stage(Stage.PAID)
    till.key(Qt.Key.Key_Return)
    till.wait_stage(Stage.COMPLETED)
    till.key(Qt.Key.Key_F2)                               # the next customer: nothing comes back
    till.wait_stage(None)
    assert kept_rows(home) == [] and till.window.model.is_empty
    close_app(till.app)

    again = restart()
    again.qtbot.wait(200)
    assert again.window.model.is_empty and again.flow.stage is None   # the paid sale never comes back as a cart


def test_a_cart_left_when_the_till_is_closed_comes_back_and_a_cleared_one_does_not(restart, home: Path) -> None:
    till = restart()
    till.scan(MILK)
    till.scan(f"2*{YOGURT}")
    till.qtbot.waitUntil(lambda: len(kept_rows(home)[0][0]) == 2 if kept_rows(home) else False, timeout=WAIT_MS)
    close_app(till.app)

    till = restart()
    till.qtbot.waitUntil(lambda: len(cart_of(till)) == 2, timeout=WAIT_MS)
    assert [line[:2] for line in cart_of(till)] == [("Сүү 1л (Сүү ХК)", Decimal(1)), ("Тараг 500г", Decimal(2))]
    till.scan(MILK)                                       # changes are kept as they come
    till.qtbot.waitUntil(lambda: kept_rows(home)[0][0][0]["quantity"] == "2", timeout=WAIT_MS)

    till.key(Qt.Key.Key_F2)                               # the cart cleared (Ctrl+Enter): forgotten too
    till.answer_confirmation(accept=True)
    till.qtbot.waitUntil(lambda: kept_rows(home) == [], timeout=WAIT_MS)
    close_app(till.app)

    till = restart()
    till.qtbot.wait(200)
    assert till.window.model.is_empty


def test_a_parked_cart_is_not_kept_twice(restart, home: Path) -> None:
    till = restart()
    till.scan(MILK)
    till.qtbot.waitUntil(lambda: bool(kept_rows(home)), timeout=WAIT_MS)
    till.key(Qt.Key.Key_F10)                              # parked: the parked row brings it back, not the kept one
    till.qtbot.waitUntil(lambda: till.window.model.is_empty and kept_rows(home) == [], timeout=WAIT_MS)
    close_app(till.app)
    till = restart()
    till.qtbot.wait(200)
    assert till.window.model.is_empty
    assert len(till.app.backend.journal.parked.read()) == 1   # type: ignore[union-attr]
