"""A scanner never does what the cashier didn't mean (issue 23). Scans are sent as key events through the
window at a scanner's pace (a character every 2 ms, then Enter), to whatever has focus, as a keyboard-wedge
scanner types them; in every state of the till nothing destructive happens and nothing is dropped without a
word."""

from __future__ import annotations

import time
from collections.abc import Callable
from decimal import Decimal

import pytest

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QApplication, QLineEdit, QWidget

from pos_app.domain.sale import Stage
from pos_app.journal import JournalStatus

from .conftest import MILK, PERSON_MS, WAIT_MS, YOGURT, Till
from .test_tenders import count_float

SCANNER_MS = 2
CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


def focus(till: Till) -> QWidget:
    """Where the keyboard types: the open question (the active window), else the till's focus widget."""
    modal = QApplication.activeModalWidget()
    if modal is not None:
        return modal.focusWidget() or modal
    return QApplication.focusWidget() or till.window


def scan(till: Till, code: str, suffix: Qt.Key = Qt.Key.Key_Return) -> None:
    """A keyboard-wedge scanner: the code's characters and Enter, 2 ms apart, wherever focus is. Each key carries
    its moment, as a real keyboard's events do (QTest's carry none), so a test machine's busy event loop between
    two keys never makes them a person's."""
    moment = int(time.monotonic() * 1000)      # the scanner's clock, for keys that carry no moment
    keys = [(Qt.Key(ord(char.upper())), char) for char in code]
    keys.append((suffix, "\t" if suffix == Qt.Key.Key_Tab else "\r"))
    for key, text in keys:
        target = focus(till)
        for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
            event = QKeyEvent(kind, key, Qt.KeyboardModifier.NoModifier, text)
            event.setTimestamp(moment)
            QApplication.sendEvent(target, event)
        moment += SCANNER_MS


class Refusals:
    def __init__(self, till: Till) -> None:
        self.seen: list[tuple[str, str]] = []
        till.window.scan_router.refused.connect(lambda code, why: self.seen.append((code, why)))


def cart(till: Till) -> list[tuple[str | None, Decimal]]:
    return [(line.barcode, line.quantity) for line in till.app.model.lines]


def test_scans_on_the_sale_screen_add_their_lines(till: Till) -> None:
    scan(till, MILK)
    scan(till, YOGURT)
    scan(till, MILK)
    assert cart(till) == [(MILK, 2), (YOGURT, 1)]
    assert till.window.sale_page.entry.text() == ""        # typed nowhere else, left nowhere


def test_a_scan_with_focus_elsewhere_still_adds_its_line(till: Till) -> None:
    scan(till, MILK)
    till.window.sale_page.table.setFocus()                  # the cashier clicked the cart
    till.qtbot.waitUntil(till.window.sale_page.table.hasFocus, timeout=WAIT_MS)
    scan(till, YOGURT)
    assert cart(till) == [(MILK, 1), (YOGURT, 1)]


def test_a_scan_while_charging_is_refused_with_a_word_and_the_cart_is_what_was_charged(till: Till) -> None:
    refusals = Refusals(till)
    scan(till, MILK)
    till.control.fault("/v2/invoice", method="POST", delay_ms=1500, count=1)   # the invoice takes its time
    till.key(Qt.Key.Key_F12)
    till.wait_stage(Stage.CHARGING)
    scan(till, YOGURT)
    assert refusals.seen and refusals.seen[0][0] == YOGURT and "being paid" in refusals.seen[0][1]
    assert YOGURT in till.window.statusBar().currentMessage()
    till.wait_stage(Stage.AWAITING_PAYMENT)
    assert cart(till) == [(MILK, 1)] and till.flow.sale is not None and till.flow.sale.total == Decimal(3500)


def test_a_scan_on_the_qr_screen_is_refused_and_the_invoice_stays(till: Till) -> None:
    refusals = Refusals(till)
    scan(till, MILK)
    till.charge()
    invoice_id = till.invoice_id
    scan(till, YOGURT)
    assert [code for code, _why in refusals.seen] == [YOGURT]
    assert YOGURT in till.window.payment_page.notice.text()
    with till.qtbot.waitSignal(till.flow.connection_changed, timeout=WAIT_MS):
        till.key(Qt.Key.Key_F5)                              # a good check clears the service's trouble only
    assert YOGURT in till.window.payment_page.notice.text()
    assert till.flow.stage is Stage.AWAITING_PAYMENT and till.invoice_id == invoice_id
    assert till.window.confirmation is None and cart(till) == [(MILK, 1)]


@pytest.mark.parametrize("question", ["clear the cart", "cancel the sale", "new sale without receipt"])
def test_a_scan_never_answers_a_question(till: Till, question: str) -> None:
    refusals = Refusals(till)
    scan(till, MILK)
    if question == "clear the cart":
        till.key(Qt.Key.Key_F2)
    elif question == "cancel the sale":
        till.charge()
        till.key(Qt.Key.Key_Escape)
    else:
        till.charge()
        till.key(Qt.Key.Key_P, CTRL_SHIFT)
        till.wait_stage(Stage.PAID)
        till.key(Qt.Key.Key_F2)
    till.qtbot.waitUntil(lambda: till.window.confirmation is not None, timeout=WAIT_MS)
    box = till.window.confirmation
    # The question is on screen once it has the keyboard (its first paint may hold the event loop longer than a
    # scanner's pause between keys: the test's keys carry no timestamps of their own, a real scanner's do).
    till.qtbot.waitUntil(lambda: box.isAncestorOf(QApplication.focusWidget()), timeout=WAIT_MS)
    stage = till.flow.stage
    scan(till, YOGURT)
    till.qtbot.wait(100)
    assert till.window.confirmation is box and till.flow.stage is stage      # still asking; nothing done
    assert [code for code, _why in refusals.seen] == [YOGURT] and "question" in refusals.seen[0][1]
    assert cart(till) == [(MILK, 1)]
    till.qtbot.keyClick(box, Qt.Key.Key_Return)            # a person's Enter: the safe answer
    till.qtbot.waitUntil(lambda: till.window.confirmation is None, timeout=WAIT_MS)
    assert till.flow.stage is stage and cart(till) == [(MILK, 1)]


def test_a_scan_on_the_paid_screen_waits_for_the_next_customer(till: Till) -> None:
    scan(till, MILK)
    till.charge()
    till.key(Qt.Key.Key_P, CTRL_SHIFT)
    till.wait_stage(Stage.PAID)
    number = till.flow.sale.number  # type: ignore[union-attr]
    scan(till, YOGURT)
    till.qtbot.wait(100)
    page = till.window.receipt_page
    assert till.flow.stage is Stage.PAID                     # no receipt issued by the scan's Enter
    assert till.app.backend.journal.queries.get(number).status is JournalStatus.PAID  # type: ignore[union-attr]
    assert page.waiting.isVisible() and "1 item" in page.waiting.text()
    till.key(Qt.Key.Key_Return)                              # the cashier's own Enter issues the receipt
    till.wait_stage(Stage.COMPLETED)
    till.key(Qt.Key.Key_F2)
    till.wait_stage(None)
    assert cart(till) == [(YOGURT, 1)]                       # the next sale starts with the held item
    assert not page.waiting.isVisible()


def test_a_scan_on_the_completed_screen_starts_the_next_sale_with_it(till: Till) -> None:
    scan(till, MILK)
    till.charge()
    till.key(Qt.Key.Key_P, CTRL_SHIFT)
    till.wait_stage(Stage.PAID)
    till.key(Qt.Key.Key_Return)
    till.wait_stage(Stage.COMPLETED)
    scan(till, YOGURT)
    till.wait_stage(None)
    assert cart(till) == [(YOGURT, 1)]
    assert till.window.sale_page.entry.hasFocus()


def test_a_person_typing_is_never_taken_for_a_scan(till: Till) -> None:
    scan(till, MILK)
    till.charge()
    till.key(Qt.Key.Key_P, CTRL_SHIFT)
    till.wait_stage(Stage.PAID)
    till.key(Qt.Key.Key_O, Qt.KeyboardModifier.AltModifier)
    till.type(till.window.receipt_page.register, "5395305")  # a person, then Enter: the receipt is asked
    assert till.window.receipt_page.register.text() == "5395305"
    till.key(Qt.Key.Key_Return)
    till.wait_stage(Stage.COMPLETED)
    assert not till.window.receipt_page.waiting.isVisible()


def test_with_a_prefix_set_a_scan_is_known_by_it_whatever_its_pace(till: Till) -> None:
    till.app.scanner.configure(prefix="~", suffix="enter")
    scan(till, MILK)                                          # no prefix: typed into the entry, as a person's
    assert cart(till) == [(MILK, 1)]
    till.charge()
    till.key(Qt.Key.Key_P, CTRL_SHIFT)
    till.wait_stage(Stage.PAID)
    for char in "~" + YOGURT:                                 # a slow scanner, with its prefix
        till.qtbot.keyClicks(focus(till), char, delay=PERSON_MS)
    till.qtbot.keyClick(focus(till), Qt.Key.Key_Return, delay=PERSON_MS)
    till.qtbot.wait(100)
    assert till.flow.stage is Stage.PAID and "1 item" in till.window.receipt_page.waiting.text()


# -- a refused scan leaves every field exactly as it was (issue 32, point 4) -----------------------------------




def field_state(field: QLineEdit) -> tuple[str, int, str]:
    return field.text(), field.cursorPosition(), field.selectedText()


def tendering_till(make_till: Callable[..., Till], mode_key: Qt.Key) -> Till:
    """A till with PosAPI (cash and the card terminal need a receipt), one item in the cart, on the tender page in
    the mode of `mode_key` (F7 cash: the shift's float counted first; F8 the card terminal)."""
    till = make_till(posapi=True)
    scan(till, MILK)
    till.key(mode_key)
    if mode_key is Qt.Key.Key_F7:
        count_float(till)
    till.wait_stage(Stage.TENDERING)
    return till


def test_a_scan_refused_in_the_approval_code_leaves_it_empty_and_enter_charges_nothing(make_till) -> None:
    till = tendering_till(make_till, Qt.Key.Key_F8)
    refusals = Refusals(till)
    page = till.window.tender_page
    till.qtbot.waitUntil(page.approval.hasFocus, timeout=WAIT_MS)
    before = field_state(page.approval)
    scan(till, "8656000010019")                    # 13 digits: the field (12 at most) keeps a prefix of it
    assert [code for code, _why in refusals.seen] == ["8656000010019"]
    assert field_state(page.approval) == before == ("", 0, "")
    till.key(Qt.Key.Key_Return)                    # the cashier's next Enter: no approval code, no payment
    till.qtbot.wait(100)
    assert till.flow.stage is Stage.TENDERING and not till.flow.sale.tenders  # type: ignore[union-attr]


def test_a_scan_refused_on_the_cash_page_puts_the_amount_due_back_selected(make_till) -> None:
    till = tendering_till(make_till, Qt.Key.Key_F7)
    page = till.window.tender_page
    till.qtbot.waitUntil(lambda: page.cash.hasFocus() and page.cash.hasSelectedText(), timeout=WAIT_MS)
    before = field_state(page.cash)
    scan(till, YOGURT)                              # its first digit replaced the selected amount due
    assert field_state(page.cash) == before and before[0] != ""


def test_a_scan_on_the_paid_screen_leaves_the_register_as_it_was(till: Till) -> None:
    scan(till, MILK)
    till.charge()
    till.key(Qt.Key.Key_P, CTRL_SHIFT)
    till.wait_stage(Stage.PAID)
    till.key(Qt.Key.Key_O, Qt.KeyboardModifier.AltModifier)
    register = till.window.receipt_page.register
    till.qtbot.waitUntil(register.hasFocus, timeout=WAIT_MS)
    till.type(register, "53")                       # the cashier had begun typing a register
    before = field_state(register)
    scan(till, YOGURT)
    assert field_state(register) == before == ("53", 2, "")


def test_keys_with_and_without_the_keyboards_moments_are_one_scan(till: Till) -> None:
    """A key source without timestamps beside the keyboard's (whose clock is not the till's) splits no scan."""
    target = till.window.sale_page.entry
    till.qtbot.waitUntil(target.hasFocus, timeout=WAIT_MS)
    moment = 987_654_321                            # the X server's clock: nothing like the till's monotonic one
    for index, char in enumerate(YOGURT + "\r"):
        key = Qt.Key.Key_Return if char == "\r" else Qt.Key(ord(char))
        for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
            event = QKeyEvent(kind, key, Qt.KeyboardModifier.NoModifier, char)
            if index >= 4:                          # the first four keys came without a moment
                event.setTimestamp(moment + 2 * index)
            QApplication.sendEvent(QApplication.focusWidget() or target, event)
    assert cart(till) == [(YOGURT, 1)] and target.text() == ""
