"""The till killed (SIGKILL, a real process) while a counter sale was being paid or its PosAPI receipt was on its
way, then started again on the same data folder against the same sandboxes: the cash taken is kept, and the sale
ends with exactly one receipt in PosAPI (issue 18).

The spec has no look-up of a receipt; its bill number (`billIdSuffix`) may not repeat within a day, so the restarted
till asks the same request again, the same number: PosAPI makes it then, or says the number is taken (the first
request made the receipt, whose answer died with the till).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from pos_app.app.root import PosApp
from pos_app.config import SessionSecretStore
from pos_app.domain.sale import Stage
from pos_app.journal import JournalStatus
from tests.journal.children import child, kill_hard
from tests.qpay.helpers import SandboxControl, wait_until

from .conftest import FAST_SCHEDULE, POSAPI_NOON, WAIT_MS, Ticking, Till, close_app
from .posapi_control import PosApiControl
from .test_crash_restart import HELD_BACK_MS, RUN_CHILD, STEP_TIMEOUT, journal_rows, paths, sale_in, the_sale


@pytest.fixture
def home(tmp_path: Path) -> Path:
    return tmp_path / "till"


@pytest.fixture
def posapi(posapi_server) -> PosApiControl:
    return PosApiControl(posapi_server.url)


def kill_when(home: Path, sandbox_server, posapi_server, goal: str, ready: Callable[[], object]) -> None:
    with child(RUN_CHILD, str(home), sandbox_server.url, goal, posapi_server.url, POSAPI_NOON.isoformat()) as process:
        def reached() -> object:
            assert process.poll() is None, f"the till exited early ({process.returncode})"
            return ready()

        wait_until(reached, timeout=STEP_TIMEOUT)
        kill_hard(process)


@pytest.fixture
def restart(qtbot: QtBot, home: Path, sandbox_server, posapi_server) -> Iterator[Callable[[], Till]]:
    apps: list[PosApp] = []

    def start() -> Till:
        # An hour after the killed till's clock began: the same day, far from its end (never the wall clock).
        app = PosApp(paths(home), sandbox_url=sandbox_server.url, secrets=SessionSecretStore(),
                     schedule=FAST_SCHEDULE, posapi_url=posapi_server.url,
                     instant=Ticking(POSAPI_NOON + timedelta(hours=1)))
        apps.append(app)
        app.window.set_ask_before_quit(False)
        with qtbot.waitSignal(app.ready, timeout=WAIT_MS):
            app.start()
        return Till(app, qtbot, SandboxControl(sandbox_server.url))

    yield start
    for app in apps:
        close_app(app)


def test_killed_while_the_receipt_answer_was_on_its_way_the_receipt_is_kept_once(
        home: Path, restart, sandbox_server, posapi_server, posapi: PosApiControl) -> None:
    # PosAPI makes the receipt at once; its answer is held back and the till dies waiting for it.
    posapi.fault(delay_ms=HELD_BACK_MS, after_processing=True)
    kill_when(home, sandbox_server, posapi_server, "cash_receipt",
              lambda: sale_in(home, JournalStatus.RECEIPT_PENDING) and posapi.receipts())
    [(number, _, _)] = journal_rows(home)
    posapi.clear_faults()
    [made] = posapi.receipts()

    till = restart()
    sale = the_sale(home, number)
    assert sale.status is JournalStatus.COMPLETED and not sale.owes_receipt
    assert len(posapi.receipts()) == 1                          # asked again: the bill number was taken
    [row] = sale.valid_receipts
    assert row.details_lost and row.bill == made["response"]["billIdSuffix"]
    assert row.receipt.amount == sale.total
    assert till.flow.sale is None


def test_killed_before_the_receipt_request_was_served_it_is_made_once_at_restart(
        home: Path, restart, sandbox_server, posapi_server, posapi: PosApiControl) -> None:
    # The request is held and then refused: no receipt exists when the till dies.
    posapi.fault(delay_ms=HELD_BACK_MS, status=503)
    kill_when(home, sandbox_server, posapi_server, "cash_receipt",
              lambda: sale_in(home, JournalStatus.RECEIPT_PENDING))
    [(number, _, _)] = journal_rows(home)
    posapi.clear_faults()
    assert posapi.receipts() == []

    restart()
    sale = the_sale(home, number)
    assert sale.status is JournalStatus.COMPLETED
    [made] = posapi.receipts()
    assert [row.receipt.receipt_id for row in sale.valid_receipts] == [made["id"]]


def test_killed_after_part_of_a_sale_was_taken_in_cash_it_comes_back_to_be_finished(
        home: Path, restart, sandbox_server, posapi_server, posapi: PosApiControl) -> None:
    kill_when(home, sandbox_server, posapi_server, "cash_part",
              lambda: sale_in(home, JournalStatus.TENDERING))
    [(number, _, _)] = journal_rows(home)

    till = restart()
    till.wait_stage(Stage.TENDERING)
    sale = till.flow.sale
    assert sale is not None and sale.number == number and sale.tendered == 1000
    assert till.window.pages.currentWidget() is till.window.tender_page
    assert till.window.tender_page.due.text() == "2,500 ₮"
    assert "what was taken is kept" in till.window.statusBar().currentMessage()
