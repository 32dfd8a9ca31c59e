"""Whole sales at the till, keyboard first, against the sandbox over real HTTP."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from pos_app.domain.sale import ReceiverKind, Stage
from pos_app.qpay import QPayClient
from pos_app.sandbox import SandboxServer
from pos_app.sandbox.service import SandboxOptions

from .conftest import MILK, VODKA, WAIT_MS, YOGURT, Till

ALT = Qt.KeyboardModifier.AltModifier
CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


def _invoice_status(till: Till, invoice_id: str) -> str | None:
    with QPayClient(till.control.url, "TEST_MERCHANT", "123456") as client:
        return client.get_invoice(invoice_id).invoice_status


def test_a_whole_sale_from_scan_to_lottery_number(till: Till) -> None:
    page = till.window.sale_page
    till.scan(MILK)
    till.scan(f"3*{YOGURT}")
    till.scan(MILK)                       # the same code again: one more, not a new line
    till.scan(VODKA)
    model = till.app.model
    assert [(line.barcode, line.quantity) for line in model.lines] == [
        (MILK, 2), (YOGURT, 3), (VODKA, 1)]
    assert model.total == Decimal("3500") * 2 + Decimal("2800") * 3 + Decimal("3900")
    assert page.total_label.text() == "19,300 ₮"
    assert page.city_tax_label.text() != "0 ₮"   # the city-taxed soft drink

    till.charge()
    sale = till.flow.sale
    assert sale is not None and sale.invoice is not None
    payment = till.window.payment_page
    assert till.window.pages.currentWidget() is payment
    assert payment.amount.text() == "19,300 ₮"
    assert payment.qr.source in ("image", "text")
    assert payment.banks.count() > 0
    assert payment.short_url.text().startswith("http")
    assert till.window.training_badge.isVisible()
    lines = till.control._call("GET", "/requests")  # noqa: SLF001 - the request log is the proof
    assert sum(1 for r in lines if r["path"] == "/v2/invoice" and r["method"] == "POST"
               and r["time"] >= till.control.since) == 1

    till.key(Qt.Key.Key_P, CTRL_SHIFT)    # training: the customer pays
    till.wait_stage(Stage.PAID)
    receipt_page = till.window.receipt_page
    assert "19,300 ₮" in receipt_page.paid_title.text()
    # The bank as the service names it: "Khan bank" (the contract profile), or the app, "Хаан банк апп" (live).
    assert "Khan" in receipt_page.paid_details.text() or "Хаан" in receipt_page.paid_details.text()

    till.key(Qt.Key.Key_O, ALT)           # organization
    assert receipt_page.register.hasFocus()
    till.type(receipt_page.register, "5395305")
    assert receipt_page.issue_button.isEnabled()
    till.key(Qt.Key.Key_Return)
    till.wait_stage(Stage.COMPLETED)
    receipt = till.flow.sale.receipt
    assert receipt is not None and receipt.lottery
    assert receipt.receiver.kind is ReceiverKind.ORGANIZATION and receipt.receiver.register == "5395305"
    assert receipt_page.lottery.text() == receipt.lottery
    assert receipt_page.lottery.isVisible()
    assert receipt.vat + receipt.city_tax > 0
    assert receipt.city_tax == sale.taxes.city_tax and receipt.vat == sale.taxes.vat

    till.key(Qt.Key.Key_F2)
    till.wait_stage(None)
    assert model.is_empty
    assert till.window.pages.currentWidget() is page
    till.qtbot.waitUntil(page.entry.hasFocus, timeout=WAIT_MS)


def test_cancel_with_confirmation_keeps_the_cart(till: Till) -> None:
    till.scan(MILK)
    till.charge()
    invoice_id = till.invoice_id
    till.key(Qt.Key.Key_Escape)
    till.answer_confirmation(accept=False)      # "Keep waiting"
    assert till.flow.stage is Stage.AWAITING_PAYMENT
    till.key(Qt.Key.Key_Escape)
    till.answer_confirmation(accept=True)
    till.wait_stage(None)
    assert _invoice_status(till, invoice_id) == "CANCELLED"
    page = till.window.sale_page
    assert "cancelled" in page.message.text()
    assert [line.barcode for line in till.app.model.lines] == [MILK]   # ready to charge again
    till.charge()
    assert till.invoice_id != invoice_id
    assert till.flow.sale.number.endswith("000002")


def test_a_paid_sale_cannot_be_cancelled_and_says_why(till: Till) -> None:
    till.scan(MILK)
    till.charge()
    till.key(Qt.Key.Key_P, CTRL_SHIFT)
    till.wait_stage(Stage.PAID)
    till.key(Qt.Key.Key_Escape)
    page = till.window.receipt_page
    till.qtbot.waitUntil(page.error.isVisible, timeout=WAIT_MS)
    assert "cannot be cancelled" in page.error.text()
    assert till.flow.stage is Stage.PAID
    assert till.control.count_prefix("/v2/invoice/", "DELETE") == 0


def test_cancel_that_meets_a_payment_lands_on_paid(make_till) -> None:
    from pos_app.domain.poll import PollSchedule

    # No automatic checks: the payment arrives unseen, then the cashier cancels.
    till = make_till(schedule=PollSchedule(fast_interval=600, medium_interval=600, slow_interval=600))
    till.scan(MILK)
    till.charge()
    till.control.pay(till.invoice_id)
    till.key(Qt.Key.Key_Escape)
    till.answer_confirmation(accept=True)
    till.wait_stage(Stage.PAID)
    page = till.window.receipt_page
    till.qtbot.waitUntil(page.error.isVisible, timeout=WAIT_MS)
    assert "already paid" in page.error.text()
    assert _invoice_status(till, till.invoice_id) == "CLOSED"


def test_rate_limited_checks_show_a_calm_banner_and_go_on(till: Till) -> None:
    till.scan(MILK)
    # Four in a row: the client's own retries (which honour Retry-After) give up, the till carries on.
    till.control.fault("/v2/payment/check", status=429, retry_after=1, count=4)
    till.charge()
    banner = till.window.payment_page.banner
    till.qtbot.waitUntil(lambda: banner.isVisible() and "slow down" in banner.text(), timeout=WAIT_MS)
    assert till.window.payment_page.cancel_button.isEnabled()     # the window still works
    till.control.pay(till.invoice_id)
    till.wait_stage(Stage.PAID)
    checks = [r["time"] for r in till.control.requests_seen() if r["path"] == "/v2/payment/check"]
    # The service asked for 1 s each time: no check came sooner, from the client or the till.
    gaps = [b - a for a, b in zip(checks, checks[1:], strict=False)]
    assert len(gaps) >= 4 and min(gaps[:4]) >= 0.9


def test_sandbox_down_during_polling_then_back(make_till, tmp_path: Path) -> None:
    state = tmp_path / "sandbox.sqlite3"
    first = SandboxServer(options=SandboxOptions(state_file=state)).start()
    port = first.port
    till = make_till(sandbox_url=first.url)
    try:
        till.scan(MILK)
        till.charge()
        invoice_id = till.invoice_id
        first.stop()                                               # the service goes away
        banner = till.window.payment_page.banner
        till.qtbot.waitUntil(lambda: banner.isVisible() and "No connection" in banner.text(), timeout=WAIT_MS)
        till.key(Qt.Key.Key_F5)                                    # "Check now" still answers
        assert till.flow.stage is Stage.AWAITING_PAYMENT
        second = SandboxServer(port=port, options=SandboxOptions(state_file=state)).start()
        try:
            till.qtbot.waitUntil(lambda: not banner.isVisible(), timeout=WAIT_MS)
            import requests
            requests.post(f"{second.url}/_sandbox/invoices/{invoice_id}/pay", json={}, timeout=10)
            till.wait_stage(Stage.PAID)
        finally:
            till.app.flow.stop()
            second.stop()
    finally:
        first.stop()


def test_an_invalid_register_number_is_refused_as_typed(till: Till) -> None:
    till.scan(MILK)
    till.charge()
    till.key(Qt.Key.Key_P, CTRL_SHIFT)
    till.wait_stage(Stage.PAID)
    page = till.window.receipt_page
    till.key(Qt.Key.Key_O, ALT)
    till.type(page.register, "12345")
    assert not page.issue_button.isEnabled()
    assert "5 of 7" in page.register_hint.text()
    till.type(page.register, "6x")
    assert page.register_hint.property("state") == "invalid"
    till.key(Qt.Key.Key_Return)
    assert page.error.isVisible() and "7 digits" in page.error.text()
    assert till.flow.stage is Stage.PAID
    assert till.control.count("/v2/ebarimt_v3/create") == 0
    page.register.clear()
    till.type(page.register, "5395305")
    till.key(Qt.Key.Key_Return)
    till.wait_stage(Stage.COMPLETED)


def test_double_press_on_charge_creates_one_invoice(till: Till) -> None:
    till.scan(MILK)
    button = till.window.sale_page.charge_button
    till.qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    till.qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    till.key(Qt.Key.Key_F12)
    till.key(Qt.Key.Key_F12)
    till.wait_stage(Stage.AWAITING_PAYMENT)
    till.key(Qt.Key.Key_F12)
    till.qtbot.waitUntil(lambda: till.app.runner.pending <= 1, timeout=WAIT_MS)
    assert till.control.count("/v2/invoice", "POST") == 1


def test_unknown_code_and_bad_quantity_are_explained_and_lose_nothing(till: Till) -> None:
    till.scan(MILK)
    till.scan("999999")
    page = till.window.sale_page
    assert page.message.isVisible() and "999999" in page.message.text()
    assert page.entry.selectedText() == "999999"         # the next scan replaces it
    till.qtbot.keyClicks(page.entry, f"0*{YOGURT}")
    till.qtbot.keyClick(page.entry, Qt.Key.Key_Return)
    assert "Quantity" in page.message.text()
    assert [line.barcode for line in till.app.model.lines] == [MILK]


def test_quantity_is_edited_in_the_table_and_lines_removed_by_keyboard(till: Till) -> None:
    till.scan(MILK)
    till.scan(YOGURT)
    page = till.window.sale_page
    till.key(Qt.Key.Key_Up)                                 # select the milk
    till.key(Qt.Key.Key_F3)
    editor = QApplication.focusWidget()
    assert editor is not page.entry
    editor.selectAll()  # type: ignore[union-attr]
    till.qtbot.keyClicks(editor, "4")
    till.qtbot.keyClick(editor, Qt.Key.Key_Return)
    till.qtbot.waitUntil(page.entry.hasFocus, timeout=WAIT_MS)
    assert till.app.model.lines[0].quantity == 4
    till.key(Qt.Key.Key_Delete)                             # empty entry: removes the selected line
    assert [line.barcode for line in till.app.model.lines] == [YOGURT]
    assert page.total_label.text() == "2,800 ₮"
