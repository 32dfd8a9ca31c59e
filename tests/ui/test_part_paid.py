"""A partly paid sale never locks the till (issue 16, point 6): a real till driven from the keyboard
against the sandbox. Part of the amount is paid (an account whose invoices take part payments: the
sandbox's `allow_partial` on the invoice), then the cashier

(a) waits for the rest: the payment screen shows "paid X of Y, Z to go";
(b) asks a new invoice for the rest (F2 or Esc, then Enter): `<number>-2`, for the total less the part;
    the sale completes when its payments on both invoices cover the total;
(c) gives the part back when it was paid by card (F2, then G): the card payment is cancelled, then the
    invoice, and the sale ends cancelled with the money given back recorded.

Each ends in the fault matrix's invariant check (`assert_sale_kept`, extended to a sale's invoices for
the rest). A restart on such a sale is in test_part_paid_restart.py.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal

from PySide6.QtCore import Qt

from pos_app.domain.poll import PollSchedule
from pos_app.domain.sale import Stage
from pos_app.formats import money_text
from pos_app.journal import JournalStatus, ReversalStatus
from pos_app.journal.sale_invoices import InvoiceStatus
from pos_app.sandbox import SandboxServer

from .conftest import MILK, WAIT_MS, YOGURT, Till
from .fault_matrix_helpers import allow_on_invoice, assert_sale_kept, invoices_numbered, paid_payments

LINES = [(MILK, Decimal(1)), (YOGURT, Decimal(3))]
TOTAL = Decimal(3500 + 3 * 2800)      # 11,900
PART = Decimal(5000)
REST = TOTAL - PART                   # 6,900
# Checks so rare that only F5 (or the cashier's cancel) asks the service within a test.
RARE_CHECKS = PollSchedule(fast_interval=600, fast_period=30, medium_interval=600, medium_period=60,
                           slow_interval=600, max_backoff=600)


def sell(till: Till) -> tuple[str, str]:
    till.scan(MILK)
    till.scan(f"3*{YOGURT}")
    till.charge()
    assert till.flow.sale is not None
    return till.flow.sale.number, till.invoice_id


def pay_part(till: Till, sandbox: SandboxServer, invoice_id: str, *, card: bool = False) -> None:
    allow_on_invoice(sandbox, invoice_id, allow_partial=True)
    till.control.pay(invoice_id, amount=str(PART), **({"transaction_type": "CARD"} if card else {}))


def wait_part_shown(till: Till) -> None:
    till.qtbot.waitUntil(lambda: till.flow.part_paid.state is not None
                         and till.window.payment_page.part.isVisible(), timeout=WAIT_MS)


def answer(till: Till, key: Qt.Key, modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:
    """The open question, answered from the keyboard."""
    till.qtbot.waitUntil(lambda: till.window.confirmation is not None, timeout=WAIT_MS)
    box = till.window.confirmation
    assert box is not None
    till.qtbot.keyClick(box, key, modifier)
    till.qtbot.waitUntil(lambda: till.window.confirmation is None, timeout=WAIT_MS)


def journal_of(till: Till):
    return till.app.backend.journal  # type: ignore[union-attr]


def invoice_the_rest(till: Till, key: Qt.Key = Qt.Key.Key_F2) -> str:
    """F2 (or Esc), Ctrl+Enter: the invoice for the rest is on screen. Returns its invoice id."""
    first = till.invoice_id
    till.key(key)
    answer(till, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    till.qtbot.waitUntil(lambda: till.flow.sale is not None and till.invoice_id != first, timeout=WAIT_MS)
    return till.invoice_id


# -- (a) waiting for the rest --------------------------------------------------------------------------


def test_a_part_paid_shows_what_is_paid_and_what_is_to_go_then_the_rest_completes_it(
        make_till: Callable[..., Till], sandbox_server: SandboxServer) -> None:
    till = make_till()
    number, invoice_id = sell(till)
    pay_part(till, sandbox_server, invoice_id)
    wait_part_shown(till)
    text = till.window.payment_page.part.text()
    for amount in (PART, TOTAL, REST):
        assert money_text(amount) in text, text
    assert till.flow.stage is Stage.AWAITING_PAYMENT
    assert till.window.new_sale_action.isEnabled()          # F2 asks how it goes on (not refused)
    till.key(Qt.Key.Key_F2)
    answer(till, Qt.Key.Key_Escape)                         # keep waiting
    assert till.flow.stage is Stage.AWAITING_PAYMENT and till.invoice_id == invoice_id
    till.control.pay(invoice_id)                            # the rest, on the same invoice
    till.wait_stage(Stage.PAID)
    assert not till.window.payment_page.part.isVisible() or till.window.pages.currentWidget() is not \
        till.window.payment_page
    sale = assert_sale_kept(till, sandbox_server, number, lines=LINES)
    assert sorted(payment.amount for payment in sale.payments) == [PART, REST]
    assert journal_of(till).remainders.invoices(number) == ()


# -- (b) the rest as a new invoice ---------------------------------------------------------------------------


def test_b_f2_invoices_the_rest_and_the_two_invoices_complete_the_sale(
        make_till: Callable[..., Till], sandbox_server: SandboxServer) -> None:
    till = make_till()
    number, first = sell(till)
    pay_part(till, sandbox_server, first)
    wait_part_shown(till)
    rest_id = invoice_the_rest(till)

    [row] = journal_of(till).remainders.invoices(number)
    assert (row.sender_invoice_no, row.amount, row.status, row.invoice_id) == (
        f"{number}-2", REST, InvoiceStatus.OPEN, rest_id)
    [at_service] = invoices_numbered(sandbox_server, f"{number}-2")
    assert at_service["amount"] == REST and at_service["invoice_status"] == "OPEN"
    till.qtbot.waitUntil(lambda: till.window.payment_page.amount.text() == money_text(REST), timeout=WAIT_MS)
    assert money_text(PART) in till.window.payment_page.part.text()       # still shows what is paid
    assert journal_of(till).queries.get(number).status is JournalStatus.OPEN

    till.control.pay(rest_id)                                             # the customer pays the rest
    till.wait_stage(Stage.PAID)
    sale = assert_sale_kept(till, sandbox_server, number, lines=LINES)
    assert sale.status is JournalStatus.COMPLETED and sale.paid_amount == TOTAL
    assert sorted(payment.amount for payment in sale.payments) == [PART, REST]
    assert len(sale.valid_receipts) == 2                                  # one receipt a payment
    assert [invoice["invoice_status"] for invoice in invoices_numbered(sandbox_server, number)] == ["OPEN"]


def test_b_esc_on_a_part_paid_sale_asks_instead_of_refusing_for_ever(
        make_till: Callable[..., Till], sandbox_server: SandboxServer) -> None:
    till = make_till(schedule=RARE_CHECKS)      # the till has not checked since the part was paid
    number, first = sell(till)
    pay_part(till, sandbox_server, first)
    till.key(Qt.Key.Key_Escape)
    answer(till, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)   # "Cancel this sale?" yes: refused
    wait_part_shown(till)
    assert till.flow.stage is Stage.AWAITING_PAYMENT
    assert "Esc" in till.window.payment_page.banner.text()
    rest_id = invoice_the_rest(till, Qt.Key.Key_Escape)     # Esc again: the question; Enter: the rest
    assert journal_of(till).remainders.invoices(number)[0].invoice_id == rest_id
    till.control.pay(rest_id)
    till.key(Qt.Key.Key_F5)
    till.wait_stage(Stage.PAID)
    sale = assert_sale_kept(till, sandbox_server, number, lines=LINES)
    assert sale.paid_amount == TOTAL


def test_b_the_rest_paid_on_the_first_invoice_after_all_cancels_the_unpaid_one(
        make_till: Callable[..., Till], sandbox_server: SandboxServer) -> None:
    till = make_till()
    number, first = sell(till)
    pay_part(till, sandbox_server, first)
    wait_part_shown(till)
    invoice_the_rest(till)
    till.control.pay(first)                     # the customer's bank app still had the first QR open
    till.wait_stage(Stage.PAID)
    till.qtbot.waitUntil(lambda: journal_of(till).remainders.invoices(number)[0].status is InvoiceStatus.CANCELLED,
                         timeout=WAIT_MS)
    [rest] = invoices_numbered(sandbox_server, f"{number}-2")
    assert rest["invoice_status"] == "CANCELLED" and paid_payments(sandbox_server, rest["invoice_id"]) == []
    sale = assert_sale_kept(till, sandbox_server, number, lines=LINES)
    assert sale.paid_amount == TOTAL


# -- (c) the part given back --------------------------------------------------------------------------------


def test_c_f2_gives_a_card_part_back_and_the_sale_ends_cancelled(
        make_till: Callable[..., Till], sandbox_server: SandboxServer) -> None:
    till = make_till()
    number, invoice_id = sell(till)
    pay_part(till, sandbox_server, invoice_id, card=True)
    wait_part_shown(till)
    assert till.flow.part_paid.state is not None and till.flow.part_paid.state.can_give_back
    till.key(Qt.Key.Key_F2)
    answer(till, Qt.Key.Key_G)                  # give the part back
    till.qtbot.waitUntil(lambda: journal_of(till).queries.get(number).status is JournalStatus.CANCELLED,
                         timeout=WAIT_MS)
    till.qtbot.waitUntil(lambda: till.flow.sale is None, timeout=WAIT_MS)   # back at the (kept) cart
    assert money_text(PART) in till.window.sale_page.message.text()
    assert till.window.sale_page.entry.hasFocus()

    sale = journal_of(till).queries.get(number)
    assert sale.reversal_status is ReversalStatus.DONE and sale.reversed_amount == PART
    assert [payment.amount for payment in sale.payments] == [PART]
    events = [kind for _, kind, _ in journal_of(till).queries.events(number)]
    assert events.index("part_reversal_started") < events.index("part_reversal_done") < events.index(
        "cancel_started") < events.index("invoice_cancelled")
    [invoice] = invoices_numbered(sandbox_server, number)
    assert invoice["invoice_status"] == "CANCELLED"
    assert paid_payments(sandbox_server, invoice_id) == []
    assert_sale_kept(till, sandbox_server, number, lines=LINES)
    till.key(Qt.Key.Key_F2)                     # and the till sells again ("Clear the cart?": Ctrl+Enter)
    answer(till, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert till.app.model.is_empty


def test_c_a_bank_transfer_part_is_not_offered_back(make_till: Callable[..., Till],
                                                    sandbox_server: SandboxServer) -> None:
    till = make_till()
    number, invoice_id = sell(till)
    pay_part(till, sandbox_server, invoice_id)  # P2P: QPay cannot give it back
    wait_part_shown(till)
    till.key(Qt.Key.Key_F2)
    till.qtbot.waitUntil(lambda: till.window.confirmation is not None, timeout=WAIT_MS)
    box = till.window.confirmation
    assert box.give_back_button is None         # type: ignore[union-attr]
    till.qtbot.keyClick(box, Qt.Key.Key_G)      # no such choice: nothing happens
    till.qtbot.wait(300)
    assert till.window.confirmation is box and journal_of(till).queries.get(number).reversal_status is None
    answer(till, Qt.Key.Key_Escape)             # keep waiting
    assert till.flow.stage is Stage.AWAITING_PAYMENT
    assert_sale_kept(till, sandbox_server, number, lines=LINES)
