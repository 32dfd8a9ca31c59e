"""Point 19 of issue 32: at 1366×768 and 1024×768, in English and Mongolian, nothing the cashier reads is cut.

The till's window at the counter's sizes, offscreen: the cart's item names have the room (Qty and Price sized
to their content), a long pasted text keeps the message within the window, the search list leaves the total in
sight, no label or check box in Settings is cut and its few-valued settings are choices, and every menu's
mnemonic is a letter a Latin keyboard can type."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from xml.etree import ElementTree

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractButton, QApplication, QCheckBox, QComboBox, QLabel, QWidget

from pos_app.config import Settings, save_settings
from pos_app.domain.discounts import Discount, DiscountKind
from pos_app.ui.sale.cart.cart_model import CartModel
from pos_app.ui.settings.dialog import SettingsDialog
from tests.conftest import TRANSLATIONS

from .conftest import MILK, WAIT_MS, Till

SIZES = [(1366, 768), (1024, 768)]
LANGUAGES = ["en", "mn"]


def settle(till: Till) -> None:
    for _ in range(5):
        QApplication.processEvents()
    till.qtbot.wait(30)


@pytest.fixture(params=LANGUAGES)
def speaking_till(request: pytest.FixtureRequest, language, make_till, tmp_path) -> Callable[..., Till]:
    code: str = request.param
    save_settings(Settings(language=code, window_mode="window"), tmp_path / "config" / "settings.json")
    assert language.use(code)

    def make(size: tuple[int, int]) -> Till:
        till = make_till(language=language)
        till.window.resize(*size)
        settle(till)
        return till
    return make


@pytest.mark.parametrize("size", SIZES, ids=["1366", "1024"])
def test_the_item_names_have_the_room_the_numbers_are_sized_to_content(speaking_till, size) -> None:
    till = speaking_till(size)
    for code in (MILK, "3*8656000010028", "8656000010103"):     # the last: "Архи (Чингис) 0.75л" was cut
        till.scan(code)
    model = till.app.model
    model.set_line_discount(1, Discount(DiscountKind.PERCENT, Decimal(10)))    # the totals' caption in words
    model.set_sale_discount(Discount(DiscountKind.AMOUNT, Decimal(1000)))
    settle(till)
    table = till.window.sale_page.table
    name = table.columnWidth(CartModel.ITEM)
    assert name > table.columnWidth(CartModel.QUANTITY) and name > table.columnWidth(CartModel.PRICE)
    metrics = table.fontMetrics()
    for row in range(table.model().rowCount()):     # no name is cut ("Архи (Чингис) …")
        text = table.model().index(row, CartModel.ITEM).data()
        assert metrics.horizontalAdvance(text) + 12 <= name, text


@pytest.mark.parametrize("size", SIZES, ids=["1366", "1024"])
def test_a_long_pasted_text_keeps_the_message_and_the_window_within_the_screen(speaking_till, size) -> None:
    till = speaking_till(size)
    page = till.window.sale_page
    page.entry.setText("x" * 2000)      # pasted: Ctrl+V puts it in at once
    till.qtbot.keyClick(page.entry, Qt.Key.Key_Return)
    till.qtbot.waitUntil(page.message.isVisible, timeout=WAIT_MS)
    settle(till)
    assert till.window.minimumSizeHint().width() <= size[0]
    assert till.window.width() <= size[0] and till.window.height() <= size[1]
    assert page.message.geometry().right() <= page.width()
    assert page.message.height() <= page.height() // 4      # a few lines, not the whole text


@pytest.mark.parametrize("size", SIZES, ids=["1366", "1024"])
def test_the_search_list_leaves_the_total_in_sight(speaking_till, size) -> None:
    till = speaking_till(size)
    page = till.window.sale_page
    till.type(page.entry, "suu")     # (found in Latin letters too)
    till.qtbot.waitUntil(page.results.isVisible, timeout=WAIT_MS)
    settle(till)
    total_box = page.total_label.parentWidget()     # the totals' frame
    where = total_box.rect().translated(total_box.mapTo(page, total_box.rect().topLeft()))
    assert not page.results.geometry().intersects(where)
    assert page.results.width() >= page.table.width() - 2      # still as wide as the cart


def _cut(widget: QWidget) -> bool:
    return widget.sizeHint().width() > widget.width()


@pytest.mark.parametrize("size", SIZES, ids=["1366", "1024"])
def test_no_label_in_settings_is_cut_and_its_few_valued_settings_are_choices(speaking_till, size) -> None:
    till = speaking_till(size)
    window = till.window
    window.settings_action.trigger()
    till.qtbot.waitUntil(lambda: till.app.settings_dialog is not None and till.app.settings_dialog.isVisible(),
                         timeout=WAIT_MS)
    dialog: SettingsDialog = till.app.settings_dialog
    screen = dialog.screen().availableGeometry()
    screen.setSize(screen.size().boundedTo(window.size()))     # the counter's screen: the window's size
    dialog.resize(dialog.size().boundedTo(screen.size()))
    dialog.resize(dialog.size().expandedTo(dialog.minimumSizeHint()))
    settle(till)
    assert dialog.width() <= size[0] and dialog.height() <= size[1]
    for page in range(dialog.pages.count()):
        dialog.pages.setCurrentIndex(page)
        settle(till)
        for widget in (*dialog.findChildren(QLabel), *dialog.findChildren(QCheckBox)):
            if widget.isVisible() and not (isinstance(widget, QLabel) and widget.wordWrap()):
                text = widget.text() if isinstance(widget, (QLabel, QAbstractButton)) else ""
                assert not _cut(widget), f"{text!r}: {widget.sizeHint().width()} > {widget.width()}"
    tax_type = dialog.sections.fields["tax_type"]
    assert tax_type.width() >= tax_type.fontMetrics().horizontalAdvance("99")    # not a 20-pixel field
    for name, value in (("window_mode", "window"), ("scale_kind", "weight"), ("scale_verifier_digit", "no"),
                        ("scanner_suffix", "enter")):
        box = dialog.findChild(QComboBox, name)
        assert box is not None, name
        assert box.currentData() == value       # the file's value, shown in the till's words
        assert box.currentText() != value or box.currentText().istitle(), name
    dialog.reject()


def _mnemonic(text: str) -> str | None:
    """The letter after a single & (&& is an ampersand), or None."""
    at = text.replace("&&", "").find("&")
    return None if at < 0 else text.replace("&&", "")[at + 1]


def test_every_menu_title_has_a_latin_mnemonic_or_none(speaking_till) -> None:
    till = speaking_till((1024, 768))
    titles = [action.text() for action in till.window.menuBar().actions()]
    assert titles
    for title in titles:
        letter = _mnemonic(title)
        assert letter is None or (letter.isascii() and letter.isalpha()), title     # Alt+Б on a Latin keyboard: none


def test_no_translation_gives_a_mnemonic_a_latin_keyboard_cannot_type() -> None:
    """Not the menus only: a label's or a button's Alt+letter is as dead on a Latin layout ("Борлуулалт (&S)")."""
    for ts in sorted(TRANSLATIONS.glob("pos_app_*.ts")):
        for message in ElementTree.parse(ts).getroot().iter("message"):
            translation = message.findtext("translation") or ""
            letter = _mnemonic(translation)
            assert letter is None or (letter.isascii() and letter.isalpha()), f"{ts.name}: {translation}"


@pytest.mark.parametrize("size", SIZES, ids=["1366", "1024"])
def test_a_long_status_message_is_read_whole_on_two_lines(speaking_till, size) -> None:
    """The no-manager message ran off a 1024-pixel screen in Mongolian: the status line wraps it instead."""
    till = speaking_till(size)
    words = " ".join(["Менежерийн ПИН бүртгэгдээгүй: хэн ч мөнгө буцааж чадна."] * 4)
    till.window.statusBar().showMessage(words)
    settle(till)
    line = till.window.statusBar().message
    assert till.window.statusBar().currentMessage() == words
    assert line.geometry().right() <= till.window.width()
    assert line.height() >= line.heightForWidth(line.width()) > line.fontMetrics().lineSpacing()


@pytest.mark.parametrize("size", SIZES, ids=["1366", "1024"])
def test_a_quick_keys_long_name_goes_onto_a_second_line_before_it_is_cut(speaking_till, size) -> None:
    till = speaking_till(size)
    settle(till)
    keys = [key for key in till.window.findChildren(QAbstractButton) if key.objectName() == "quickKey"]
    assert keys
    for key in keys:
        assert "…" not in key.text(), key.text()          # the sample catalog's names all fit on two lines
