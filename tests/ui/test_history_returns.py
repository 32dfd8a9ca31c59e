"""The sales history's partial return (Shift+F7) and a manager settling a receipt a return left valid (Shift+F8),
by the keyboard, against the real PosAPI and QPay sandboxes."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from decimal import Decimal
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from pos_app.checkout import Checkout
from pos_app.checkout.posapi_desk import PosApiDesk, PosApiSetup
from pos_app.checkout.recovery import Recovered, recover_all
from pos_app.checkout.returns import return_tenders
from pos_app.domain.cart import Cart
from pos_app.domain.catalog import CatalogItem
from pos_app.domain.returns import TenderSource
from pos_app.domain.sale import INDIVIDUAL, ReceiptVia, Receiver, Sale
from pos_app.domain.tenders import Tendering
from pos_app.journal import Journal, ReceiptStatus
from pos_app.posapi import EbarimtLookupClient, PosApiClient, PosIdentity, RetryPolicy
from pos_app.ui.history.dialog import HistoryDialog
from pos_app.ui.history.model import step_text
from pos_app.ui.history.return_items_dialog import ReturnItemsDialog
from pos_app.checkout.sale_services import SaleServices
from pos_app.ui.common.style import STYLESHEET
from pos_app.ui.common.tasks import TaskRunner
from tests.ui.posapi_control import PosApiControl
from tests.ui.test_history_dialog import TODAY, WAIT_MS, StepClock, enabled_actions, press, select, settle, status_of

POS = PosIdentity(merchant_tin="37900846788", pos_no="T1", branch_no="1", district_code="2501")
NO_RETRIES = RetryPolicy(max_attempts=1, base_delay=0, max_delay=0, jitter=0)
BREAD = CatalogItem("4865000000011", "Талх", Decimal("2500"), "", "", False)
APPLES = CatalogItem("2000001", "Алим", Decimal("4990"), "", "", False, unit="kg")
MILK = CatalogItem("4865000000028", "Сүү", Decimal("3500"), "", "", True)
REASON = "bread was stale"


@pytest.fixture
def journal(tmp_path: Path) -> Iterator[Journal]:
    with Journal(tmp_path / "journal.sqlite3", "T1", clock=StepClock()) as opened:
        yield opened


@pytest.fixture
def desk(posapi_server) -> Iterator[PosApiDesk]:
    client = PosApiClient(posapi_server.url, retry_policy=NO_RETRIES, timeout=(2, 2))
    made = PosApiDesk(client, EbarimtLookupClient(posapi_server.url, retry_policy=NO_RETRIES), PosApiSetup(POS))
    yield made
    made.close()


@pytest.fixture
def posapi(posapi_server) -> PosApiControl:
    return PosApiControl(posapi_server.url)


@pytest.fixture
def make_dialog(qtbot: QtBot, runner: TaskRunner, checkout: Checkout, journal: Journal,
                desk: PosApiDesk) -> Callable[..., HistoryDialog]:
    QApplication.instance().setStyleSheet(STYLESHEET)  # type: ignore[union-attr]

    def make(cash_step: Decimal = Decimal(1), **kwargs: object) -> HistoryDialog:
        dialog = HistoryDialog(SaleServices(checkout, journal, posapi=desk, cash_step=cash_step), runner,
                               today=lambda: TODAY, **kwargs)  # type: ignore[arg-type]
        qtbot.addWidget(dialog)
        dialog.show()
        dialog.activateWindow()
        qtbot.waitUntil(dialog.isActiveWindow, timeout=WAIT_MS)
        settle(qtbot, runner)
        return dialog

    return make


def _sale(journal: Journal, desk: PosApiDesk, receiver: Receiver = INDIVIDUAL) -> str:
    """Three breads and 1.235 kg of apples, paid in cash, its receipt through PosAPI."""
    cart = Cart()
    cart.add_item(BREAD, 3)
    cart.add_weighed(APPLES, Decimal("1.235"))
    cash = Tendering(cart.total).cash_tender(Decimal(20000))
    number = journal.tenders.begin(cart.lines, cart.total, cart.taxes, cash, ReceiptVia.POSAPI)
    desk.issue(journal, number, receiver)
    return number


def _return_dialog(qtbot: QtBot, dialog: HistoryDialog) -> ReturnItemsDialog:
    press(qtbot, dialog, Qt.Key.Key_F7, Qt.KeyboardModifier.ShiftModifier)
    qtbot.waitUntil(lambda: dialog.sale_actions.return_dialog is not None
                            and dialog.sale_actions.return_dialog.isVisible(), timeout=WAIT_MS)
    returns = dialog.sale_actions.return_dialog
    assert returns is not None
    qtbot.waitUntil(returns.table.hasFocus, timeout=WAIT_MS)           # the keyboard is on the lines
    return returns


def test_items_are_returned_by_the_keyboard_and_the_receipt_is_corrected(
        qtbot, make_dialog, runner, journal, desk, posapi) -> None:
    number = _sale(journal, desk)
    dialog = make_dialog()
    assert "return_items" in enabled_actions(dialog)
    select(qtbot, dialog, runner, number)
    returns = _return_dialog(qtbot, dialog)

    qtbot.keyClicks(returns.table, "4")                                 # more breads than were sold
    assert returns.error_label.isVisible() and returns.error_label.text() == "Line 1: at most 3 can be returned"
    assert not returns.ok_button.isEnabled()
    qtbot.keyClick(returns.table, Qt.Key.Key_Backspace)
    qtbot.keyClicks(returns.table, "1")                                 # one bread
    qtbot.keyClick(returns.table, Qt.Key.Key_Down)
    qtbot.keyClicks(returns.table, "0,5")                               # half a kilo of the apples
    plan = returns.plan_label.text()
    assert returns.plan is not None and returns.plan.amount == Decimal(2500) + Decimal("2495.00")
    assert "Give back 4,995 ₮:" in plan and "4,995 ₮ in cash from the drawer" in plan
    assert "a new one for what the customer keeps" in plan
    # no reason yet: it says so, nothing done
    qtbot.keyClick(returns.table, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert returns.isVisible() and "Say why" in returns.error_label.text()

    qtbot.keyClick(returns, Qt.Key.Key_S, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(returns.reason.hasFocus, timeout=WAIT_MS)
    qtbot.keyClicks(returns.reason, REASON)
    with qtbot.waitSignal(dialog.action_finished, timeout=WAIT_MS) as finished:
        qtbot.keyClick(returns.reason, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    settle(qtbot, runner)
    outcome = finished.args[0]
    assert outcome.startswith(f"Sale {number}: 4,995 ₮ given back. 4,995 ₮ in cash from the drawer.")
    assert "corrected for what the customer keeps" in outcome

    sale = journal.queries.get(number)
    assert [line.quantity for line in sale.kept_lines] == [2, Decimal("0.735")]
    old, new = sale.receipts
    assert old.status is ReceiptStatus.CORRECTED and new.replaces == old.row_id
    assert [r["state"] for r in posapi.receipts()] == ["CORRECTED", "ACTIVE"]
    assert status_of(dialog, number) == "Partly returned"
    details = dialog.details.toPlainText()
    assert "Items returned" in details and "Replaced by a corrected receipt" in details and REASON in details
    # All of it went back at once (cash, no QPay refund to wait for): the amount is said once.
    assert f"Items returned: money given back: items worth 4,995 ₮; {REASON}" in dialog.event_log.toPlainText()
    assert "given back 4,995 ₮" in dialog.summary.text()
    assert {"return_items", "reprint"} <= enabled_actions(dialog) and "give_back" not in enabled_actions(dialog)


def test_cash_goes_back_in_whole_togrog_rounded_by_the_shops_step(qtbot, make_dialog, runner, journal, desk) -> None:
    number = _sale(journal, desk)                                       # 13,662.65, taken as 13,663
    dialog = make_dialog(cash_step=Decimal(10))
    select(qtbot, dialog, runner, number)
    returns = _return_dialog(qtbot, dialog)
    qtbot.keyClicks(returns.table, "1")                                 # a bread, and a third of a kilo of apples
    qtbot.keyClick(returns.table, Qt.Key.Key_Down)
    qtbot.keyClicks(returns.table, "0,333")
    plan = returns.plan_label.text()
    assert "Give back 4,161.67 ₮:" in plan and "4,160 ₮ in cash from the drawer (rounding -1.67 ₮)" in plan
    qtbot.keyClick(returns, Qt.Key.Key_S, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(returns.reason.hasFocus, timeout=WAIT_MS)
    qtbot.keyClicks(returns.reason, REASON)
    with qtbot.waitSignal(dialog.action_finished, timeout=WAIT_MS) as finished:
        qtbot.keyClick(returns.reason, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    settle(qtbot, runner)
    assert finished.args[0].startswith(f"Sale {number}: 4,161.67 ₮ given back. 4,160 ₮ in cash from the drawer "
                                       "(rounding -1.67 ₮).")
    [part] = journal.queries.get(number).part_returns
    assert part.cash_step == 10 and part.money[0].back.handed == 4160
    assert "4,160 ₮ in cash from the drawer (rounding -1.67 ₮)" in dialog.details.toPlainText()


def test_space_returns_a_whole_line_and_escape_changes_nothing(qtbot, make_dialog, runner, journal, desk) -> None:
    number = _sale(journal, desk)
    dialog = make_dialog()
    select(qtbot, dialog, runner, number)
    returns = _return_dialog(qtbot, dialog)
    qtbot.keyClick(returns.table, Qt.Key.Key_Space)
    assert returns.quantities() == ((0, "3"),) and returns.plan is not None and returns.plan.amount == 7500
    qtbot.keyClick(returns.table, Qt.Key.Key_Space)                     # again: none of it
    assert returns.quantities() == ()
    qtbot.keyClick(returns, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: dialog.sale_actions.return_dialog is None, timeout=WAIT_MS)
    assert journal.queries.get(number).part_returns == ()


def test_a_manager_settles_an_organizations_receipt_left_valid_by_a_return(
        qtbot, make_dialog, runner, journal, desk, posapi) -> None:
    number = _sale(journal, desk, Receiver.organization("5395305"))
    return_tenders(journal, None, desk, number, "returned whole")     # type: ignore[arg-type]
    approvals: list[str] = []

    def approve_as(permission, then, _parent) -> None:  # type: ignore[no-untyped-def]
        approvals.append(permission.value)
        then("Oyun")                                                     # the manager's PIN, accepted

    dialog = make_dialog(approve_as=approve_as)
    select(qtbot, dialog, runner, number)
    assert dialog.settle_receipt_button.isVisible() and "settle_receipt" in enabled_actions(dialog)
    assert "cancel_receipt" not in enabled_actions(dialog)               # a void certain to be refused: not offered
    assert "ebarimt portal" in dialog.note.text() and "individuals only" in dialog.note.text()
    with qtbot.waitSignal(dialog.action_finished, timeout=WAIT_MS) as finished:
        press(qtbot, dialog, Qt.Key.Key_F8, Qt.KeyboardModifier.ShiftModifier)
        qtbot.waitUntil(lambda: dialog.sale_actions.confirmation is not None, timeout=WAIT_MS)
        qtbot.keyClick(dialog.sale_actions.confirmation, Qt.Key.Key_Return)         # "corrected in the ebarimt portal"
    settle(qtbot, runner)
    assert approvals == ["void"] and "marked settled" in finished.args[0]
    sale = journal.queries.get(number)
    assert not sale.stale_receipts and sale.receipts[0].settled.startswith("Oyun")
    assert [r["state"] for r in posapi.receipts()] == ["ACTIVE"]        # the till never fakes what PosAPI holds
    assert not dialog.settle_receipt_button.isVisible()
    assert "settled: Oyun" in dialog.details.toPlainText()


@pytest.mark.parametrize("choice", ["Hand it over in cash", "Ask QPay again"])
def test_a_refund_qpay_refused_at_start_is_the_cashiers_choice_in_the_history(
        qtbot, make_dialog, runner, journal, desk, checkout, control, choice) -> None:
    cart = Cart()
    cart.add_item(MILK, 2)                                              # 7,000, one QPay card payment
    number = journal.sales.begin(cart.lines, cart.total, cart.taxes)
    invoice = checkout.create_invoice(Sale(number, cart.lines, cart.total, cart.taxes))
    journal.sales.invoice_opened(number, invoice)
    control.pay(invoice.invoice_id, transaction_type="CARD")
    journal.sales.payments_seen(number, checkout.check_payment(invoice.invoice_id, cart.total).payments)
    journal.returns.started(number, [(0, 2)], REASON)             # the till stopped before asking QPay
    control.fault("/v2/payment/cancel/", status=400)
    [outcome] = recover_all(journal, checkout, posapi=desk)            # at start: refused, no cash recorded
    assert outcome.result is Recovered.REFUND_REFUSED
    control.clear_faults()
    approvals: list[str] = []

    def approve(permission, then, _parent) -> None:  # type: ignore[no-untyped-def]
        approvals.append(permission.value)
        then()

    dialog = make_dialog(approve=approve)
    select(qtbot, dialog, runner, number)
    assert status_of(dialog, number).endswith("QPay refused a refund: check again (F5)")
    assert "refused" in dialog.details.toPlainText()
    with qtbot.waitSignal(dialog.action_finished, timeout=WAIT_MS) as finished:
        press(qtbot, dialog, Qt.Key.Key_F5)
        qtbot.waitUntil(lambda: dialog.sale_actions.confirmation is not None, timeout=WAIT_MS)
        box = dialog.sale_actions.confirmation
        assert "QPay refused to give back 7,000 ₮" in box.text() and "hand the customer 7,000 ₮ in cash" in box.text()
        next(button for button in box.buttons() if button.text() == choice).click()
    settle(qtbot, runner)
    [money] = journal.queries.get(number).part_returns[0].money
    assert money.is_done
    if choice == "Ask QPay again":
        assert approvals == [] and money.back.via is TenderSource.QPAY
        assert "back to the card through QPay" in finished.args[0]
    else:
        assert approvals == ["refund"] and money.back.via is TenderSource.CASH
        assert "settled: 7,000 ₮ in cash from the drawer" in finished.args[0]


def test_the_return_dialog_speaks_mongolian(qtbot, language, journal, desk) -> None:
    assert language.use("mn")
    number = _sale(journal, desk)
    returns = ReturnItemsDialog(journal.queries.get(number), posapi_set=True)
    qtbot.addWidget(returns)
    assert returns.windowTitle() == "Бараа буцаах" and returns.ok_button.text() == "Буцаах  (Ctrl+Enter)"
    returns.set_quantity(0, "4")
    assert returns.error_label.text() == "Мөр 1: хамгийн ихдээ 3-г буцааж болно"
    returns.set_quantity(0, "1")
    assert "бэлнээр, мөнгөний шүүгээнээс" in returns.plan_label.text()
    returns.set_quantity(1, "0.333")                                    # 4,161.67: 4,162 from the drawer
    assert "4,162 ₮ бэлнээр, мөнгөний шүүгээнээс (тоймлолт +0.33 ₮)" in returns.plan_label.text()
    assert "И-баримтыг засварлана" in returns.plan_label.text()


def test_a_return_waiting_for_qpay_says_what_went_back_so_far() -> None:
    detail = {"amount": "4000.00", "total": "10000.00", "reason": REASON}   # 6,000 of QPay's refund pending
    assert step_text("part_return_started", detail) == \
        f"Items returned: money given back: items worth 10,000 ₮; 4,000 ₮; {REASON}"


def test_the_history_summary_speaks_mongolian(qtbot, language, make_dialog, runner, journal, desk) -> None:
    assert language.use("mn")
    number = _sale(journal, desk)
    dialog = make_dialog()
    select(qtbot, dialog, runner, number)
    assert dialog.summary.text() == "1 борлуулалт · төлөгдсөн 13,662.65 ₮"
