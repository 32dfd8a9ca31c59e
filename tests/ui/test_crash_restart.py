"""The till killed (SIGKILL, a real process) at each step of a sale, then started again on the
same data folder against the same sandbox: no sale lost, no second invoice, no second receipt.
Each test ends in the fault matrix's invariant check (`assert_sale_kept`, see test_fault_matrix.py):
these are its "app killed at every step" rows.

The child (`tests/ui/crash_child.py`) is the real app; the test watches the journal file and
kills the child right after the step is committed, while a sandbox fault holds the answer
back when the kill must land in the middle of a call.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from pos_app.app.root import PosApp
from pos_app.app.paths import AppPaths
from pos_app.config import Environment, SessionSecretStore
from pos_app.domain.sale import Stage
from pos_app.journal import Journal, JournalStatus
from tests.journal.children import child, kill_hard
from tests.qpay.helpers import SandboxControl, wait_until

from .conftest import FAST_SCHEDULE, WAIT_MS, Till, close_app
from .fault_matrix_helpers import assert_every_sale_kept, assert_sale_kept

RUN_CHILD = "import runpy; runpy.run_module('tests.ui.crash_child', run_name='__main__')"
STEP_TIMEOUT = 30.0   # the child imports Qt and the app first
HELD_BACK_MS = 5_000  # how long a fault holds an answer: far longer than the kill takes


def paths(home: Path) -> AppPaths:
    return AppPaths(home / "config", home / "data", home / "cache")


def journal_file(home: Path) -> Path:
    return paths(home).journal_file(Environment.TRAINING)


def journal_rows(home: Path) -> list[tuple[str, str, str | None]]:
    """(number, status, invoice id) of every sale, read as another process would."""
    path = journal_file(home)
    if not path.exists():
        return []
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=5)
    try:
        return db.execute("SELECT number, status, invoice_id FROM sales ORDER BY rowid").fetchall()
    except sqlite3.OperationalError:     # the tables are not made yet
        return []
    finally:
        db.close()


def sale_in(home: Path, status: JournalStatus) -> tuple[str, str, str | None] | None:
    return next((row for row in journal_rows(home) if row[1] == status.value), None)


class Crash:
    """Run the real till in a child process and kill it when `ready()` says so."""

    def __init__(self, home: Path, url: str) -> None:
        self.home, self.url = home, url

    def kill_when(self, goal: str, ready: Callable[[], object], before_kill: Callable[[], None] = lambda: None) -> None:
        with child(RUN_CHILD, str(self.home), self.url, goal) as process:
            def reached() -> object:
                assert process.poll() is None, f"the till exited early ({process.returncode})"
                return ready()

            wait_until(reached, timeout=STEP_TIMEOUT)
            before_kill()
            kill_hard(process)


@pytest.fixture
def home(tmp_path: Path) -> Path:
    return tmp_path / "till"


@pytest.fixture
def crash(home: Path, sandbox_server) -> Crash:
    return Crash(home, sandbox_server.url)


@pytest.fixture
def restart(qtbot: QtBot, home: Path, sandbox_server) -> Iterator[Callable[[], Till]]:
    """Start the till again, in this process, on the dead one's data folder."""
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


def invoices_numbered(sandbox_server, number: str) -> list[dict]:
    state = sandbox_server.sandbox.state
    with state.lock:
        return [dict(invoice) for invoice in state.invoices.values() if invoice["sender_invoice_no"] == number]


def receipts_of(sandbox_server, payment_id: str) -> list[dict]:
    state = sandbox_server.sandbox.state
    with state.lock:
        return [dict(receipt) for receipt in state.ebarimts.values() if receipt["payment_id"] == payment_id]


def the_sale(home: Path, number: str):
    with Journal(journal_file(home), "T1") as journal:
        return journal.queries.get(number)


def issue_receipt(till: Till) -> None:
    till.window.receipt_page.on_issue_clicked()
    till.wait_stage(Stage.COMPLETED)


def _pay_when_open(control: SandboxControl, home: Path) -> Callable[[], None]:
    paid: list[str] = []

    def pay() -> None:
        row = sale_in(home, JournalStatus.OPEN)
        if row is not None and row[2] and not paid:
            control.pay(row[2])
            paid.append(row[2])
    return pay


# -- creating: the number is taken, the invoice is on its way ---------------------------------------


def test_killed_before_the_invoice_was_created_the_attempt_is_marked_failed(
        crash: Crash, restart, control: SandboxControl, home: Path, sandbox_server) -> None:
    # The service holds the create and then refuses it: no invoice ever exists.
    control.fault("/v2/invoice", method="POST", status=503, delay_ms=HELD_BACK_MS)
    crash.kill_when("wait", lambda: sale_in(home, JournalStatus.CREATING))
    number = journal_rows(home)[0][0]
    control.clear_faults()

    till = restart()
    assert till.flow.sale is None and till.app.model.is_empty        # nothing to resume: an empty cart
    assert the_sale(home, number).status is JournalStatus.FAILED
    assert invoices_numbered(sandbox_server, number) == []
    till.app.model.add_item(till.app.backend.catalog.find("8656000010011"))
    till.flow.charge()
    till.wait_stage(Stage.AWAITING_PAYMENT)
    assert till.flow.sale is not None and till.flow.sale.number.endswith("000002")
    assert_every_sale_kept(till, sandbox_server)


def test_killed_while_the_answer_to_create_was_on_its_way_the_invoice_is_found_not_made_again(
        crash: Crash, restart, control: SandboxControl, home: Path, sandbox_server) -> None:
    # Created at once, answer held back: the till dies knowing only its sale number.
    control.fault("/v2/invoice", method="POST", delay_ms=HELD_BACK_MS, after_processing=True)

    def created() -> object:
        row = sale_in(home, JournalStatus.CREATING)
        return row and invoices_numbered(sandbox_server, row[0])

    crash.kill_when("wait", created)
    number = journal_rows(home)[0][0]
    [invoice] = invoices_numbered(sandbox_server, number)
    control.clear_faults()

    till = restart()
    till.wait_stage(Stage.AWAITING_PAYMENT)
    assert till.flow.sale is not None and till.flow.sale.number == number
    assert till.invoice_id == invoice["invoice_id"]
    assert the_sale(home, number).status is JournalStatus.OPEN
    till.control.pay(till.invoice_id)
    till.wait_stage(Stage.PAID)
    assert len(invoices_numbered(sandbox_server, number)) == 1
    assert_sale_kept(till, sandbox_server, number)


# -- open: the invoice is shown, the customer has not paid yet ------------------------------------------


def test_killed_while_waiting_the_same_invoice_is_waited_for_again(
        crash: Crash, restart, home: Path, sandbox_server) -> None:
    crash.kill_when("wait", lambda: sale_in(home, JournalStatus.OPEN))
    number, _, invoice_id = journal_rows(home)[0]

    till = restart()
    till.wait_stage(Stage.AWAITING_PAYMENT)
    assert till.flow.sale is not None and till.flow.sale.number == number and till.invoice_id == invoice_id
    assert till.window.pages.currentWidget() is till.window.payment_page
    till.control.pay(invoice_id)
    till.wait_stage(Stage.PAID)
    issue_receipt(till)
    assert len(invoices_numbered(sandbox_server, number)) == 1
    assert the_sale(home, number).status is JournalStatus.COMPLETED
    assert_sale_kept(till, sandbox_server, number)


def test_a_customer_who_paid_while_the_till_was_down_gets_the_receipt_step(
        crash: Crash, restart, control: SandboxControl, home: Path, sandbox_server) -> None:
    crash.kill_when("wait", lambda: sale_in(home, JournalStatus.OPEN))
    number, _, invoice_id = journal_rows(home)[0]
    assert invoice_id is not None
    control.pay(invoice_id)

    till = restart()
    till.wait_stage(Stage.PAID)                     # on the receipt step at once, no waiting
    assert till.window.pages.currentWidget() is till.window.receipt_page
    assert the_sale(home, number).status is JournalStatus.PAID
    issue_receipt(till)
    sale = the_sale(home, number)
    assert sale.status is JournalStatus.COMPLETED and sale.receipt is not None
    assert len(receipts_of(sandbox_server, sale.payments[0].payment_id)) == 1
    assert len(invoices_numbered(sandbox_server, number)) == 1
    assert_sale_kept(till, sandbox_server, number)


# -- cancelling: the cashier cancelled, the answer is on its way ------------------------------------------


def test_killed_while_the_cancel_answer_was_on_its_way_the_sale_is_cancelled_once(
        crash: Crash, restart, control: SandboxControl, home: Path, sandbox_server) -> None:
    control.fault("/v2/invoice/", method="DELETE", delay_ms=HELD_BACK_MS, after_processing=True)

    def cancelled_at_the_service() -> object:
        row = sale_in(home, JournalStatus.CANCELLING)
        return row and all(invoice["invoice_status"] == "CANCELLED"
                           for invoice in invoices_numbered(sandbox_server, row[0]))

    crash.kill_when("cancel", cancelled_at_the_service)
    number = journal_rows(home)[0][0]
    control.clear_faults()

    till = restart()
    assert the_sale(home, number).status is JournalStatus.CANCELLED
    assert till.flow.sale is None                      # nothing to resume: nobody can pay it
    assert len(invoices_numbered(sandbox_server, number)) == 1
    assert_sale_kept(till, sandbox_server, number)


# -- paid: the payment is recorded, no receipt yet ------------------------------------------------------


def test_killed_after_the_payment_was_recorded_the_receipt_is_offered_once(
        crash: Crash, restart, control: SandboxControl, home: Path, sandbox_server) -> None:
    pay = _pay_when_open(control, home)

    def paid() -> object:
        pay()
        return sale_in(home, JournalStatus.PAID)

    crash.kill_when("wait", paid)
    number = journal_rows(home)[0][0]

    till = restart()
    till.wait_stage(Stage.PAID)
    assert till.flow.sale is not None and till.flow.sale.number == number
    assert number in till.window.statusBar().currentMessage()
    issue_receipt(till)
    sale = the_sale(home, number)
    assert sale.status is JournalStatus.COMPLETED
    assert len(receipts_of(sandbox_server, sale.payments[0].payment_id)) == 1
    assert len(invoices_numbered(sandbox_server, number)) == 1
    assert_sale_kept(till, sandbox_server, number)


# -- receipt pending: the receipt request is on its way ----------------------------------------------------


def test_killed_while_the_receipt_answer_was_on_its_way_the_same_receipt_is_kept(
        crash: Crash, restart, control: SandboxControl, home: Path, sandbox_server) -> None:
    # The receipt is made at once; its answer is held back and the till dies waiting for it.
    control.fault("/v2/ebarimt_v3/create", method="POST", delay_ms=HELD_BACK_MS, after_processing=True)
    pay = _pay_when_open(control, home)

    def receipt_made() -> object:
        pay()
        row = sale_in(home, JournalStatus.RECEIPT_PENDING)
        return row and the_sale(home, row[0]).payments and receipts_of(
            sandbox_server, the_sale(home, row[0]).payments[0].payment_id)

    crash.kill_when("receipt", receipt_made)
    number = journal_rows(home)[0][0]
    control.clear_faults()
    payment_id = the_sale(home, number).payments[0].payment_id
    [made] = receipts_of(sandbox_server, payment_id)

    till = restart()
    sale = the_sale(home, number)
    assert sale.status is JournalStatus.COMPLETED
    assert sale.receipt is not None and sale.receipt.receipt_id == made["id"]
    assert len(receipts_of(sandbox_server, payment_id)) == 1
    assert till.flow.sale is None                          # nothing left to do for it
    assert "receipt" in till.window.sale_page.message.text()
    assert_sale_kept(till, sandbox_server, number)


def test_killed_before_the_receipt_request_was_served_it_is_made_once_at_restart(
        crash: Crash, restart, control: SandboxControl, home: Path, sandbox_server) -> None:
    # The request is held and then refused: no receipt exists when the till dies.
    control.fault("/v2/ebarimt_v3/create", method="POST", status=503, delay_ms=HELD_BACK_MS)
    pay = _pay_when_open(control, home)

    def pending() -> object:
        pay()
        return sale_in(home, JournalStatus.RECEIPT_PENDING)

    crash.kill_when("receipt", pending)
    number = journal_rows(home)[0][0]
    control.clear_faults()
    payment_id = the_sale(home, number).payments[0].payment_id
    assert receipts_of(sandbox_server, payment_id) == []

    till = restart()
    sale = the_sale(home, number)
    assert sale.status is JournalStatus.COMPLETED and sale.receipt is not None
    assert [receipt["id"] for receipt in receipts_of(sandbox_server, payment_id)] == [sale.receipt.receipt_id]
    assert_sale_kept(till, sandbox_server, number)
