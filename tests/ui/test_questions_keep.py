"""Every question before what cannot be undone in the sales history keeps things as they are on Enter (a
scanner's too) and on Esc, and does it on Ctrl+Enter: cancelling an invoice (F6), giving the money back (F7),
voiding a receipt (F8) and returning items (Shift+F7). (The day close's question: test_day_close_dialog.py; the
sale screen's: test_counter_guards.py, test_sale.py, test_part_paid.py.)"""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import pytest
import shiboken6
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from pos_app.checkout import Checkout
from pos_app.checkout.posapi_desk import PosApiDesk, PosApiSetup
from pos_app.domain.cart import Cart
from pos_app.domain.catalog import CatalogItem
from pos_app.domain.sale import INDIVIDUAL, ReceiptVia, Sale
from pos_app.domain.tenders import Tendering
from pos_app.journal import Journal
from pos_app.posapi import EbarimtLookupClient, PosApiClient, PosIdentity, RetryPolicy
from pos_app.ui.history.dialog import HistoryDialog
from pos_app.checkout.sale_services import SaleServices
from pos_app.ui.common.tasks import TaskRunner
from tests.ui.test_history_dialog import TODAY, WAIT_MS, StepClock, press, select, settle

POS = PosIdentity(merchant_tin="37900846788", pos_no="T1", branch_no="1", district_code="2501")
NO_RETRIES = RetryPolicy(max_attempts=1, base_delay=0, max_delay=0, jitter=0)
BREAD = CatalogItem("4865000000011", "Талх", Decimal("2500"), "", "", False)
CTRL = Qt.KeyboardModifier.ControlModifier


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


def cash_sale(journal: Journal, desk: PosApiDesk, _checkout: Checkout) -> str:
    """Two breads paid in cash, its receipt through PosAPI: it can be given back, voided and returned."""
    cart = Cart()
    cart.add_item(BREAD, 2)
    cash = Tendering(cart.total).cash_tender(Decimal(5000))
    number = journal.tenders.begin(cart.lines, cart.total, cart.taxes, cash, ReceiptVia.POSAPI)
    desk.issue(journal, number, INDIVIDUAL)
    return number


def open_sale(journal: Journal, _desk: PosApiDesk, checkout: Checkout) -> str:
    """A QPay invoice the customer has not paid yet."""
    cart = Cart()
    cart.add_item(BREAD, 2)
    number = journal.sales.begin(cart.lines, cart.total, cart.taxes)
    journal.sales.invoice_opened(number, checkout.create_invoice(Sale(number, cart.lines, cart.total, cart.taxes)))
    return number


def message_box(qtbot: QtBot, dialog: HistoryDialog) -> QWidget:
    # Shown is not yet the keyboard's: a key typed before the question is active would go to the history (an
    # Esc there closes it). The cashier's keys reach the question once it is the active window.
    qtbot.waitUntil(lambda: dialog.sale_actions.confirmation is not None
                            and dialog.sale_actions.confirmation.isVisible()
                            and QApplication.activeWindow() is dialog.sale_actions.confirmation, timeout=WAIT_MS)
    return dialog.sale_actions.confirmation


def give_back(qtbot: QtBot, dialog: HistoryDialog) -> QWidget:
    press(qtbot, dialog, Qt.Key.Key_F7)
    qtbot.waitUntil(lambda: dialog.sale_actions.give_back_dialog is not None
                            and dialog.sale_actions.give_back_dialog.isVisible(),
                    timeout=WAIT_MS)
    back = dialog.sale_actions.give_back_dialog
    qtbot.waitUntil(back.reason.hasFocus, timeout=WAIT_MS)
    qtbot.keyClicks(back.reason, "customer changed her mind")
    assert "(Ctrl+Enter)" in back.ok_button.text()            # it names its key
    return back


def return_items(qtbot: QtBot, dialog: HistoryDialog) -> QWidget:
    press(qtbot, dialog, Qt.Key.Key_F7, Qt.KeyboardModifier.ShiftModifier)
    qtbot.waitUntil(lambda: dialog.sale_actions.return_dialog is not None
                            and dialog.sale_actions.return_dialog.isVisible(), timeout=WAIT_MS)
    returns = dialog.sale_actions.return_dialog
    qtbot.waitUntil(returns.table.hasFocus, timeout=WAIT_MS)
    qtbot.keyClicks(returns.table, "1")                         # one bread goes back
    qtbot.keyClick(returns, Qt.Key.Key_S, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(returns.reason.hasFocus, timeout=WAIT_MS)
    qtbot.keyClicks(returns.reason, "stale")
    assert "(Ctrl+Enter)" in returns.ok_button.text()
    return returns


def cancel_invoice(qtbot: QtBot, dialog: HistoryDialog) -> QWidget:
    press(qtbot, dialog, Qt.Key.Key_F6)
    return message_box(qtbot, dialog)


def void_receipt(qtbot: QtBot, dialog: HistoryDialog) -> QWidget:
    press(qtbot, dialog, Qt.Key.Key_F8)
    return message_box(qtbot, dialog)


QUESTIONS = {
    "cancel invoice (F6)": (open_sale, cancel_invoice),
    "give back (F7)": (cash_sale, give_back),
    "void receipt (F8)": (cash_sale, void_receipt),
    "return items (Shift+F7)": (cash_sale, return_items),
}


@pytest.mark.parametrize("name", list(QUESTIONS))
def test_enter_and_esc_keep_things_as_they_are_and_ctrl_enter_does_it(
        name: str, qtbot: QtBot, runner: TaskRunner, checkout: Checkout, journal: Journal, desk: PosApiDesk) -> None:
    make_sale, ask = QUESTIONS[name]
    number = make_sale(journal, desk, checkout)
    before = journal.queries.get(number)
    dialog = HistoryDialog(SaleServices(checkout, journal, posapi=desk), runner, today=lambda: TODAY)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow, timeout=WAIT_MS)
    settle(qtbot, runner)
    done: list[str] = []
    dialog.action_finished.connect(done.append)
    select(qtbot, dialog, runner, number)

    for key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Escape):
        question = ask(qtbot, dialog)
        assert "Ctrl+Enter" in " ".join(button.text() for button in question.findChildren(QWidget)
                                        if hasattr(button, "text") and callable(button.text)
                                        and isinstance(button.text(), str))
        qtbot.keyClick(QApplication.focusWidget() or question, key)
        qtbot.wait(100)
        settle(qtbot, runner)
        assert not done and journal.queries.get(number) == before, f"{name}: {key} did it"
        if shiboken6.isValid(question) and question.isVisible():     # still asking: Esc leaves it
            qtbot.keyClick(QApplication.focusWidget() or question, Qt.Key.Key_Escape)
        qtbot.waitUntil(lambda: dialog.sale_actions.confirmation is None
                                and dialog.sale_actions.give_back_dialog is None
                        and dialog.sale_actions.return_dialog is None, timeout=WAIT_MS)

    question = ask(qtbot, dialog)
    with qtbot.waitSignal(dialog.action_finished, timeout=WAIT_MS):
        qtbot.keyClick(QApplication.focusWidget() or question, Qt.Key.Key_Return, CTRL)
    settle(qtbot, runner)
    assert journal.queries.get(number) != before
