"""The counter, keyboard first (issue 19): an item found by its name in Cyrillic or Latin letters, a quick key,
a scale's weight and price labels, a line and a sale discount through the QPay invoice's `discounts`, the
receipt and the ebarimt, a refund that needs a manager's PIN, and a sale parked while another is served.
Against the session's sandboxes over real HTTP."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QApplication

from pos_app.domain.people import Role
from pos_app.domain.sale import Stage
from pos_app.domain.scale import ean13_check_digit
from pos_app.journal import JournalStatus
from pos_app.receipts.sale_slip import sale_receipt
from pos_app.receipts.slip_blocks import ShopHeader
from pos_app.ui.sale.dialogs.discount import DiscountDialog
from pos_app.ui.people.pin_dialog import PinDialog

from .conftest import MILK, PERSON_MS, WAIT_MS, YOGURT, Till
from .test_tenders import cash, history_on, open_shift, posapi, sell_in_cash

CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier
CTRL_SHIFT = CTRL | SHIFT
BEEF = "2000123"         # 12,995 ₮ a kilogram
APPLES = "2000456"       # 5,990 ₮ a kilogram, pinned
PEOPLE = (("Болд", Role.MANAGER, "4321"), ("Сараа", Role.CASHIER, "1111"))


def scale_label(item_code: str, value: str) -> str:
    """An EAN-13 a scale prints: prefix 20, the item's 5 digits, 5 digits of grams (or tögrög), its check digit."""
    first12 = f"20{item_code}{value}"
    return first12 + str(ean13_check_digit(first12))


def set_scale_kind(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "config" / "settings.json"
    data = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    data["scale_kind"] = kind
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data), encoding="utf-8")


def lines(till: Till) -> list[tuple[str, Decimal, Decimal]]:
    return [(line.description, line.quantity, line.total) for line in till.window.model.lines]


def type_in_entry(till: Till, text: str) -> None:
    """At a person's pace; Cyrillic letters as a Mongolian keyboard layout sends them (QTest types ASCII only)."""
    entry = till.window.sale_page.entry
    assert entry.hasFocus()
    for character in text:
        if character.isascii():
            till.type(entry, character)
            continue
        for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
            QApplication.sendEvent(entry, QKeyEvent(kind, 0, Qt.KeyboardModifier.NoModifier, character))
        till.qtbot.wait(PERSON_MS)
    till.qtbot.wait(PERSON_MS)        # the person looks at the list before the next key


def enter_pin(till: Till, dialog: PinDialog, pin: str) -> None:
    till.qtbot.waitUntil(lambda: dialog.isVisible() and dialog.pin.hasFocus() and not dialog.pin.isReadOnly(),
                         timeout=WAIT_MS)
    till.type(dialog.pin, pin)
    till.qtbot.keyClick(dialog.pin, Qt.Key.Key_Return)


def sign_in(till: Till, pin: str) -> None:
    enter_pin(till, till.app.people.lock_dialog, pin)  # type: ignore[arg-type]
    till.qtbot.waitUntil(lambda: till.app.people.lock_dialog is None, timeout=WAIT_MS)
    till.qtbot.waitUntil(lambda: QApplication.activeModalWidget() is None and till.window.isActiveWindow(),
                         timeout=WAIT_MS)
    till.window.sale_page.focus_entry()
    till.qtbot.waitUntil(till.window.sale_page.entry.hasFocus, timeout=WAIT_MS)


def open_pin_dialog(till: Till) -> PinDialog:
    till.qtbot.waitUntil(lambda: isinstance(QApplication.activeModalWidget(), PinDialog), timeout=WAIT_MS)
    dialog = QApplication.activeModalWidget()
    assert isinstance(dialog, PinDialog)
    return dialog


def discount(till: Till, keys: Qt.KeyboardModifier, text: str) -> None:
    till.key(Qt.Key.Key_D, keys)
    till.qtbot.waitUntil(lambda: isinstance(QApplication.activeModalWidget(), DiscountDialog), timeout=WAIT_MS)
    dialog = QApplication.activeModalWidget()
    assert isinstance(dialog, DiscountDialog)
    till.qtbot.waitUntil(dialog.field.hasFocus, timeout=WAIT_MS)
    dialog.field.selectAll()
    till.type(dialog.field, text)
    till.qtbot.keyClick(dialog.field, Qt.Key.Key_Return)
    till.qtbot.waitUntil(lambda: QApplication.activeModalWidget() is None, timeout=WAIT_MS)
    till.qtbot.waitUntil(till.window.sale_page.entry.hasFocus, timeout=WAIT_MS)


# -- finding items --------------------------------------------------------------------------------------------

def test_an_item_is_found_by_its_name_in_cyrillic_and_in_latin_letters(till: Till) -> None:
    page = till.window.sale_page
    type_in_entry(till, "тараг")
    assert page.results.isVisible() and page.results.current_item().barcode == YOGURT  # type: ignore[union-attr]
    till.key(Qt.Key.Key_Return)
    assert lines(till) == [("Тараг 500г", Decimal(1), Decimal(2800))]
    assert page.entry.text() == "" and not page.results.isVisible()

    type_in_entry(till, "2*suu")                       # Сүү, typed in Latin letters, two of them
    assert page.results.current_item().barcode == MILK  # type: ignore[union-attr]
    till.key(Qt.Key.Key_Return)
    assert lines(till)[1] == ("Сүү 1л (Сүү ХК)", Decimal(2), Decimal(7000))

    type_in_entry(till, "undug")                       # Өндөг, as it is said
    assert [page.results.item(i).text().split("    ")[0] for i in range(page.results.count())] == ["Өндөг 10ш"]
    till.key(Qt.Key.Key_Escape)                        # closed: nothing added, the text stays to fix
    assert not page.results.isVisible() and len(lines(till)) == 2
    page.entry.clear()
    till.scan(MILK)                                    # a code still adds at once
    assert lines(till)[1][1] == Decimal(3)


def test_a_quick_key_adds_its_item_and_a_weighed_one_asks_its_weight_first(till: Till) -> None:
    keys = till.window.sale_page.quick_keys
    assert keys.isVisible() and keys.items[0].barcode == MILK          # the catalog's pinned items first
    till.key(Qt.Key.Key_F1, SHIFT)                                     # the button clicks a moment later
    till.qtbot.waitUntil(lambda: lines(till) == [("Сүү 1л (Сүү ХК)", Decimal(1), Decimal(3500))], timeout=WAIT_MS)
    apples = next(i for i, item in enumerate(keys.items) if item.barcode == APPLES)
    till.key(getattr(Qt.Key, f"Key_F{apples + 1}"), SHIFT)             # sold by weight: its weight first
    till.qtbot.waitUntil(lambda: "by weight" in till.window.sale_page.message.text(), timeout=WAIT_MS)
    assert len(lines(till)) == 1
    type_in_entry(till, "0.75")
    till.key(getattr(Qt.Key, f"Key_F{apples + 1}"), SHIFT)
    till.qtbot.waitUntil(lambda: len(lines(till)) == 2, timeout=WAIT_MS)
    assert lines(till)[1] == ("Алим (кг)", Decimal("0.75"), Decimal("4492.50"))
    assert till.window.sale_page.entry.text() == "" and till.window.sale_page.entry.hasFocus()
    keys.buttons[0].click()                                            # a touch
    assert lines(till)[0][1] == Decimal(2)


def test_a_weighed_label_adds_its_weight_rounded_half_up_to_the_cent(till: Till) -> None:
    till.scan(scale_label("00123", "00123"))           # 0.123 kg × 12,995 = 1,598.385
    assert lines(till) == [("Үхрийн мах (кг)", Decimal("0.123"), Decimal("1598.39"))]
    till.scan(scale_label("00123", "00500"))           # a second pack: a line of its own
    assert lines(till)[1] == ("Үхрийн мах (кг)", Decimal("0.5"), Decimal("6497.50"))
    bad = scale_label("00123", "00123")[:-1] + str((int(scale_label("00123", "00123")[-1]) + 1) % 10)
    till.scan(bad)
    assert len(lines(till)) == 2 and "check digit" in till.window.sale_page.message.text()
    till.window.sale_page.entry.clear()
    till.charge()                                      # QPay's invoice comes to the till's total
    invoice = till.app.backend.checkout.client.get_invoice(till.invoice_id)  # type: ignore[union-attr]
    assert Decimal(str(invoice.total_amount)) == Decimal("8095.89") == till.flow.sale.total  # type: ignore[union-attr]


def test_a_price_label_adds_the_price_the_scale_printed(make_till, tmp_path: Path) -> None:
    set_scale_kind(tmp_path, "price")
    till = make_till()
    till.scan(scale_label("00456", "04250"))
    assert lines(till) == [("Алим (кг)", Decimal(1), Decimal(4250))]


# -- discounts --------------------------------------------------------------------------------------------

def test_a_line_and_a_sale_discount_agree_on_the_invoice_the_receipt_and_the_ebarimt(till: Till) -> None:
    till.scan(f"2*{MILK}")                             # 7,000
    till.scan(scale_label("00123", "00123"))           # 1,598.39
    page = till.window.sale_page
    till.key(Qt.Key.Key_Up)                            # the milk's line
    discount(till, CTRL, "10%")                        # −700 on it
    discount(till, CTRL_SHIFT, "500")                  # −500 over the sale
    cart = till.window.model.cart
    assert cart.total == Decimal("7398.39") and cart.discount_total == Decimal(1200)
    assert page.discount_label.isVisible() and page.total_label.text() == "7,398.39 ₮"
    assert page.subtotal_label.text() == "8,598.39 ₮"

    till.charge()
    client = till.app.backend.checkout.client  # type: ignore[union-attr]
    invoice = client.get_invoice(till.invoice_id)
    by_line = [[Decimal(str(d["amount"])) for d in line.discounts] for line in invoice.lines]
    assert sum(sum(amounts) for amounts in by_line) == Decimal(1200)
    assert by_line[0][0] == Decimal(700) and len(by_line[1]) == 1          # the line's own, and each one's share
    assert Decimal(str(invoice.total_amount)) == cart.total

    till.key(Qt.Key.Key_P, CTRL_SHIFT)                 # training: the customer pays
    till.wait_stage(Stage.PAID)
    till.key(Qt.Key.Key_Return)                        # the ebarimt
    till.wait_stage(Stage.COMPLETED)
    sale = till.app.backend.journal.queries.get(till.flow.sale.number)  # type: ignore[union-attr]
    [receipt] = sale.current_receipts
    assert receipt.amount == sale.total == Decimal("7398.39")
    assert (receipt.vat, receipt.city_tax) == (sale.taxes.vat, sale.taxes.city_tax)   # line by line, alike
    assert sale.sale_discount is not None and sum(line.sale_share for line in sale.lines) == Decimal(500)
    printed = sale_receipt(sale, ShopHeader(name="Дэлгүүр"), sale.created_at).text()
    assert "Discount 10 %" in printed and "Sale discount" in printed and "7,398.39" in printed


def test_a_discount_above_the_shops_limit_needs_a_managers_pin(make_till) -> None:
    till = make_till(people=PEOPLE)
    sign_in(till, "1111")                                          # Сараа, a cashier
    till.scan(MILK)
    till.key(Qt.Key.Key_D, CTRL)
    dialog = QApplication.activeModalWidget()
    assert isinstance(dialog, DiscountDialog)
    till.type(dialog.field, "50%")
    till.qtbot.keyClick(dialog.field, Qt.Key.Key_Return)
    pin = open_pin_dialog(till)
    enter_pin(till, pin, "4321")
    till.qtbot.waitUntil(lambda: till.window.model.total == Decimal(1750), timeout=WAIT_MS)


def open_discount(till: Till, keys: Qt.KeyboardModifier, text: str) -> DiscountDialog:
    """Ctrl+D (or Ctrl+Shift+D), `text` typed and Enter: the dialog, still open when the discount was refused."""
    till.key(Qt.Key.Key_D, keys)
    till.qtbot.waitUntil(lambda: isinstance(QApplication.activeModalWidget(), DiscountDialog), timeout=WAIT_MS)
    dialog = QApplication.activeModalWidget()
    assert isinstance(dialog, DiscountDialog)
    till.qtbot.waitUntil(dialog.field.hasFocus, timeout=WAIT_MS)
    till.type(dialog.field, text)
    till.qtbot.keyClick(dialog.field, Qt.Key.Key_Return)
    return dialog


def test_without_a_manager_the_shops_discount_limit_still_holds_in_words(till: Till) -> None:
    """Nobody set up: the settings' limit (10 % by default) still holds; above it there is no manager to approve,
    so it is refused in words, the dialog open with the text kept; Esc goes back to the sale as it was."""
    till.scan(MILK)                                                  # 3,500
    dialog = open_discount(till, CTRL, "50%")
    assert dialog.isVisible() and dialog.field.text() == "50%"       # refused: nothing given
    assert "no manager is set up" in dialog.preview.text() and "10 %" in dialog.preview.text()
    assert not dialog.ok_button.isEnabled()
    assert till.window.model.total == Decimal(3500)
    dialog.field.selectAll()
    till.type(dialog.field, "10%")                                  # at the limit: given
    till.qtbot.keyClick(dialog.field, Qt.Key.Key_Return)
    till.qtbot.waitUntil(lambda: till.window.model.total == Decimal(3150), timeout=WAIT_MS)
    till.qtbot.waitUntil(till.window.sale_page.entry.hasFocus, timeout=WAIT_MS)

    dialog = open_discount(till, CTRL_SHIFT, "400")                 # an amount: 400 of 3,150 is above 10 %
    assert dialog.isVisible() and "no manager is set up" in dialog.preview.text()
    till.qtbot.keyClick(dialog.field, Qt.Key.Key_Escape)
    till.qtbot.waitUntil(lambda: not dialog.isVisible(), timeout=WAIT_MS)
    assert till.window.model.total == Decimal(3150)
    till.qtbot.waitUntil(till.window.sale_page.entry.hasFocus, timeout=WAIT_MS)


def test_a_discount_above_the_lines_amount_is_refused_in_words_not_capped(make_till) -> None:
    till = make_till(people=PEOPLE)
    sign_in(till, "4321")                                            # Болд, a manager: no limit
    till.scan(MILK)                                                  # 3,500
    dialog = open_discount(till, CTRL, "35000")                     # a zero too many
    assert dialog.isVisible() and dialog.field.text() == "35000"
    assert "more than the 3,500" in dialog.preview.text() and "35,000" in dialog.preview.text()
    assert not dialog.ok_button.isEnabled() and till.window.model.total == Decimal(3500)
    dialog.field.selectAll()
    till.type(dialog.field, "3500")                                 # the whole line, said exactly: given
    till.qtbot.keyClick(dialog.field, Qt.Key.Key_Return)
    till.qtbot.waitUntil(lambda: till.window.model.total == Decimal(0), timeout=WAIT_MS)


# -- who is at the till ---------------------------------------------------------------------------------------

def test_a_refund_is_refused_without_a_managers_pin_then_done_with_one(make_till) -> None:
    till = make_till(posapi=True, people=PEOPLE)
    lock = till.app.people.lock_dialog
    enter_pin(till, lock, "9999")                                  # nobody's
    till.qtbot.waitUntil(lambda: "nobody" in lock.message.text(), timeout=WAIT_MS)
    sign_in(till, "1111")                                          # Сараа, a cashier, signs in
    open_shift(till)
    number = sell_in_cash(till, MILK, "3500")
    journal = till.app.backend.journal  # type: ignore[union-attr]
    assert journal.queries.get(number).cashier == "Сараа"
    assert "Cashier" in sale_receipt(journal.queries.get(number), ShopHeader(),
                                     journal.queries.get(number).created_at).text()
    till.key(Qt.Key.Key_F2)
    till.wait_stage(None)

    history = history_on(till, number)
    till.qtbot.keyClick(QApplication.focusWidget() or history, Qt.Key.Key_F7)    # give back: a manager's PIN first
    pin = open_pin_dialog(till)
    assert "manager" in pin.prompt.text()
    enter_pin(till, pin, "1111")                                   # the cashier's own: refused
    till.qtbot.waitUntil(lambda: "not a manager" in pin.message.text(), timeout=WAIT_MS)
    assert history.sale_actions.give_back_dialog is None and journal.queries.get(number).money_kept
    enter_pin(till, pin, "4321")                                   # Болд, a manager
    till.qtbot.waitUntil(lambda: history.sale_actions.give_back_dialog is not None
                                 and history.sale_actions.give_back_dialog.isVisible(),
                         timeout=WAIT_MS)
    back = history.sale_actions.give_back_dialog
    till.qtbot.waitUntil(back.reason.hasFocus, timeout=WAIT_MS)
    till.type(back.reason, "item returned")
    with till.qtbot.waitSignal(history.action_finished, timeout=WAIT_MS):
        till.qtbot.keyClick(back.reason, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    sale = journal.queries.get(number)
    assert not sale.money_kept and sale.reversed_amount == Decimal(3500)
    assert posapi(till).receipts()[0]["state"] == "RETURNED"
    steps = journal.queries.events(number)
    assert {detail.get("by") for _, _, detail in steps} == {"Сараа"}       # who was signed in
    assert any(kind == "approved" and detail["manager"] == "Болд" for _, kind, _, detail in journal.till_log.read())
    history.close()


def test_the_till_locks_keeping_the_sale_and_opens_with_a_pin(make_till) -> None:
    till = make_till(people=PEOPLE)
    sign_in(till, "4321")
    till.scan(MILK)
    till.key(Qt.Key.Key_L, CTRL_SHIFT)                              # the cashier steps away
    lock = till.app.people.lock_dialog
    assert lock is not None and lock.isVisible()
    till.qtbot.keyClick(lock, Qt.Key.Key_Escape)                    # no way past without a PIN
    assert lock.isVisible()
    enter_pin(till, lock, "1111")
    till.qtbot.waitUntil(lambda: till.app.people.lock_dialog is None, timeout=WAIT_MS)
    assert lines(till)[0][0] == "Сүү 1л (Сүү ХК)" and till.app.people.operator.name == "Сараа"  # type: ignore


# -- parking ------------------------------------------------------------------------------------------------

def test_a_parked_sale_is_resumed_after_another_sale(till: Till) -> None:
    till.scan(MILK)
    till.scan(YOGURT)
    discount(till, CTRL_SHIFT, "300")
    till.key(Qt.Key.Key_F10)                                        # parked: the customer fetches their phone
    till.qtbot.waitUntil(lambda: till.window.model.is_empty and "parked" in till.window.sale_page.message.text(),
                         timeout=WAIT_MS)

    till.scan(f"3*{YOGURT}")                                        # the next customer
    till.charge()
    till.key(Qt.Key.Key_P, CTRL_SHIFT)
    till.wait_stage(Stage.PAID)
    till.key(Qt.Key.Key_Return)
    till.wait_stage(Stage.COMPLETED)
    till.key(Qt.Key.Key_F2)
    till.wait_stage(None)

    till.key(Qt.Key.Key_F10)                                        # the list of parked sales
    till.qtbot.waitUntil(lambda: QApplication.activeModalWidget() is not None, timeout=WAIT_MS)
    dialog = QApplication.activeModalWidget()
    assert dialog.objectName() == "parkedDialog" and dialog.list.count() == 1  # type: ignore[attr-defined]
    till.qtbot.keyClick(dialog.list, Qt.Key.Key_Return)             # type: ignore[attr-defined]
    till.qtbot.waitUntil(lambda: len(till.window.model.lines) == 2, timeout=WAIT_MS)
    assert till.window.model.total == Decimal(6000)                 # its discount came back with it
    till.charge()
    till.key(Qt.Key.Key_P, CTRL_SHIFT)
    till.wait_stage(Stage.PAID)
    sale = till.app.backend.journal.queries.get(till.flow.sale.number)  # type: ignore[union-attr]
    assert sale.status is JournalStatus.PAID and sale.total == Decimal(6000)
    assert till.app.backend.journal.parked.read() == ()  # type: ignore[union-attr]


def test_discounts_reach_the_posapi_receipt_line_by_line(make_till) -> None:
    till = make_till(posapi=True)
    open_shift(till)
    till.scan(f"2*{MILK}")                             # 7,000
    till.scan(scale_label("00123", "00123"))           # 1,598.39
    till.key(Qt.Key.Key_Up)
    discount(till, CTRL, "10%")
    discount(till, CTRL_SHIFT, "500")
    total = till.window.model.total
    till.key(Qt.Key.Key_F7)
    till.wait_stage(Stage.TENDERING)
    cash(till, "10000")
    till.wait_stage(Stage.PAID)
    till.key(Qt.Key.Key_Return)
    till.wait_stage(Stage.COMPLETED)
    [made] = posapi(till).receipts()
    body = made["response"]                             # the receipt as the PosAPI answered (and keeps) it
    items = [item for sub in body["receipts"] for item in sub["items"]]
    assert sum(Decimal(str(item["totalAmount"])) for item in items) == Decimal(str(body["totalAmount"])) == total
    assert Decimal(str(items[1]["qty"])) == Decimal("0.123")          # the real weight, at its rounded amount
    sale = till.app.backend.journal.queries.get(till.flow.sale.number)  # type: ignore[union-attr]
    assert [Decimal(str(item["totalAmount"])) for item in items] == [line.total for line in sale.lines]
