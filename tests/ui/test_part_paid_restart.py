"""A partly paid sale across a crash (issue 16, point 6): the real till killed (SIGKILL) with part of the
amount paid, while its invoice for the rest was on its way, and while the part was being given back;
then started again on the same data folder. The machinery is test_crash_restart.py's; each test ends in
the fault matrix's invariant check (`assert_sale_kept`)."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path

from PySide6.QtCore import Qt

from pos_app.domain.sale import Stage
from pos_app.formats import money_text
from pos_app.journal import JournalStatus, ReversalStatus
from pos_app.journal.sale_invoices import InvoiceStatus
from tests.qpay.helpers import SandboxControl

from .conftest import WAIT_MS, Till
from .fault_matrix_helpers import allow_on_invoice, assert_sale_kept, invoices_numbered, paid_payments
from . import test_crash_restart as crash_tests
from .test_crash_restart import HELD_BACK_MS, Crash, journal_file, sale_in
from .test_part_paid import answer

# The crash tests' fixtures: the till's data folder, the child killed at a step, the till started again.
crash, home, restart = crash_tests.crash, crash_tests.home, crash_tests.restart

PART = "1000"          # of one carton of milk, 3,500


def remainder_rows(home: Path) -> list[tuple[str, str]]:
    """(sender_invoice_no, status) of every invoice for the rest, read as another process would."""
    path = journal_file(home)
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=5)
    try:
        return db.execute("SELECT sender_invoice_no, status FROM sale_invoices ORDER BY id").fetchall()
    except sqlite3.OperationalError:
        return []
    finally:
        db.close()


def reversal_status(home: Path, number: str) -> str | None:
    db = sqlite3.connect(f"file:{journal_file(home)}?mode=ro", uri=True, timeout=5)
    try:
        (status,) = db.execute("SELECT reversal_status FROM sales WHERE number = ?", (number,)).fetchone()
        return status
    finally:
        db.close()


def pay_part_when_open(control: SandboxControl, sandbox_server, home: Path, *,
                       before: Callable[[], None] = lambda: None, **body: str) -> Callable[[], list]:
    """Once the sale's invoice is open: it takes part payments, `before` runs, and the customer pays a part."""
    paid: list[tuple[str, str]] = []

    def pay() -> list:
        row = sale_in(home, JournalStatus.OPEN)
        if row is not None and row[2] and not paid:
            allow_on_invoice(sandbox_server, row[2], allow_partial=True)
            before()
            control.pay(row[2], amount=PART, **body)
            paid.append((row[0], row[2]))
        return paid
    return pay


def at_the_till(till: Till) -> None:
    """The restarted window takes the keyboard, as the cashier's would."""
    till.window.activateWindow()
    till.qtbot.waitUntil(till.window.isActiveWindow, timeout=WAIT_MS)


def test_killed_with_part_paid_the_sale_comes_back_showing_it_with_its_ways_on(
        crash: Crash, restart, control: SandboxControl, home: Path, sandbox_server) -> None:
    pay = pay_part_when_open(control, sandbox_server, home)
    crash.kill_when("wait", pay)
    [(number, first)] = pay()

    till = restart()
    at_the_till(till)
    till.wait_stage(Stage.AWAITING_PAYMENT)
    assert till.flow.sale is not None and till.flow.sale.number == number and till.invoice_id == first
    till.qtbot.waitUntil(lambda: till.window.payment_page.part.isVisible(), timeout=WAIT_MS)
    assert money_text(PART) in till.window.payment_page.part.text()
    till.key(Qt.Key.Key_F2)                                   # wait, invoice the rest, give back: the rest
    answer(till, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    till.qtbot.waitUntil(lambda: till.invoice_id != first, timeout=WAIT_MS)
    [rest] = invoices_numbered(sandbox_server, f"{number}-2")
    assert till.invoice_id == rest["invoice_id"]
    till.control.pay(rest["invoice_id"])
    till.wait_stage(Stage.PAID)
    sale = assert_sale_kept(till, sandbox_server, number)
    assert sale.status is JournalStatus.COMPLETED and len(sale.payments) == 2


def test_killed_while_the_invoice_for_the_rest_was_on_its_way_it_is_found_not_made_again(
        crash: Crash, restart, control: SandboxControl, home: Path, sandbox_server) -> None:
    # The sale's invoice is open, so only the invoice for the rest meets this: made at once, its answer held back.
    pay = pay_part_when_open(control, sandbox_server, home, before=lambda: control.fault(
        "/v2/invoice", method="POST", delay_ms=HELD_BACK_MS, after_processing=True))

    def rest_created() -> object:
        if not pay():
            return False
        number = pay()[0][0]
        return (remainder_rows(home) == [(f"{number}-2", InvoiceStatus.CREATING.value)]
                and invoices_numbered(sandbox_server, f"{number}-2"))

    crash.kill_when("rest", rest_created)
    [(number, first)] = pay()
    [made] = invoices_numbered(sandbox_server, f"{number}-2")
    control.clear_faults()

    till = restart()
    till.wait_stage(Stage.AWAITING_PAYMENT)
    assert till.flow.sale is not None and till.flow.sale.number == number
    assert till.invoice_id == made["invoice_id"]              # resumed on the invoice for the rest
    assert remainder_rows(home) == [(f"{number}-2", InvoiceStatus.OPEN.value)]
    # The sale's and the rest's, the held one logged once let go: none sent again.
    till.qtbot.waitUntil(lambda: control.count("/v2/invoice", "POST") >= 2, timeout=WAIT_MS)
    assert control.count("/v2/invoice", "POST") == 2
    till.control.pay(made["invoice_id"])
    till.wait_stage(Stage.PAID)
    assert len(invoices_numbered(sandbox_server, f"{number}-2")) == 1
    sale = assert_sale_kept(till, sandbox_server, number)
    assert sale.status is JournalStatus.COMPLETED and sale.paid_amount == sale.total


def test_killed_while_giving_the_part_back_the_sale_ends_cancelled_at_restart(
        crash: Crash, restart, control: SandboxControl, home: Path, sandbox_server) -> None:
    # The card cancel is done at once, its answer held back: the till dies not knowing.
    pay = pay_part_when_open(control, sandbox_server, home, transaction_type="CARD", before=lambda: control.fault(
        "/v2/payment/cancel/", method="POST", delay_ms=HELD_BACK_MS, after_processing=True))

    def giving_back() -> object:
        if not pay():
            return False
        number, invoice_id = pay()[0]
        return reversal_status(home, number) == "pending" and not paid_payments(sandbox_server, invoice_id)

    crash.kill_when("give_back", giving_back)
    [(number, invoice_id)] = pay()
    control.clear_faults()

    till = restart()
    till.qtbot.waitUntil(lambda: till.flow.sale is None, timeout=WAIT_MS)   # nothing to resume
    with_journal = till.app.backend.journal  # type: ignore[union-attr]
    sale = with_journal.queries.get(number)
    assert sale.status is JournalStatus.CANCELLED and sale.reversal_status is ReversalStatus.DONE
    assert sale.reversed_amount == Decimal(PART)
    assert [invoice["invoice_status"] for invoice in invoices_numbered(sandbox_server, number)] == ["CANCELLED"]
    assert control.count(f"/v2/payment/cancel/{sale.payments[0].payment_id}", "POST") <= 1   # never resent
    assert_sale_kept(till, sandbox_server, number)
