"""Fast at any cart size: a scan that raises a line's quantity redraws that line, never measures every row,
and painting the cart never calls into Python.

No timings here (the machines are shared and noisy; `benchmarks/scan_latency.py` times it): the work is
counted instead. Calls from Qt into Python are what a busy worker thread makes slow (each takes the GIL),
so a paint of the cart must make none: its texts are Qt's own (`QStandardItemModel`).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from decimal import Decimal
from types import FrameType
from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QApplication, QHeaderView, QMessageBox

from pos_app.domain.cart import CartLine
from pos_app.domain.catalog import Catalog, CatalogItem
from pos_app.formats import money_text, quantity_text
from pos_app.ui.sale.cart.cart_model import CartModel

from .conftest import WAIT_MS, Till

LINES = 400


class PaintCounter(QObject):
    def __init__(self, widget: QObject) -> None:
        super().__init__()
        self.paints = 0
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            self.paints += 1
        return False


def python_called_during(action: Callable[[], None]) -> list[str]:
    """The till's Python functions called on this thread from elsewhere (from Qt) while `action` runs; not
    the functions those call in turn."""
    called: list[str] = []

    def ours(frame: FrameType | None) -> bool:
        return frame is not None and "/pos_app/" in frame.f_code.co_filename

    def hook(frame: FrameType, event: str, arg: Any) -> None:
        if event == "call" and ours(frame) and not ours(frame.f_back):
            called.append(f"{frame.f_code.co_filename.rsplit('/', 1)[-1]}:{frame.f_code.co_name}")

    sys.setprofile(hook)
    try:
        action()
    finally:
        sys.setprofile(None)
    return called


def _items(count: int) -> list[CatalogItem]:
    return [CatalogItem(f"29{number:011d}", f"Бараа {number}", Decimal(1000 + 7 * number), "8401", "0122", False)
            for number in range(count)]


def _fill(till: Till, items: list[CatalogItem]) -> None:
    """A cart of one line per item (restored at once, as after a crash), the items in the catalog."""
    page = till.window.sale_page
    assert page.catalog is not None
    page.set_catalog(Catalog([*page.catalog, *items]), page.sale_entry.search, page.scale_format)
    till.app.model.restore(tuple(CartLine(item.name, Decimal(1), item.price, item.barcode, item.tax_product_code,
                                          item.classification_code) for item in items))


def _settle(till: Till, counter: PaintCounter, before: int) -> None:
    """Until the table has painted since `before`, then a little longer (Qt's delayed resizes run at 0 ms)."""
    till.qtbot.waitUntil(lambda: counter.paints > before, timeout=WAIT_MS)
    till.qtbot.wait(50)


def test_painting_a_400_line_cart_never_calls_into_python(till: Till) -> None:
    page = till.window.sale_page
    counter = PaintCounter(page.table.viewport())
    items = _items(LINES)
    _fill(till, items)
    _settle(till, counter, 0)
    till.scan(items[-1].barcode)
    _settle(till, counter, counter.paints)
    page.table.removeEventFilter(counter)
    viewport, header = page.table.viewport(), page.table.horizontalHeader()

    called = python_called_during(lambda: (viewport.repaint(), header.viewport().repaint(), page.table.repaint()))

    assert not called


def test_a_repeat_scan_in_a_400_line_cart_changes_its_own_cells_only(till: Till) -> None:
    page, model = till.window.sale_page, till.app.model
    counter = PaintCounter(page.table.viewport())
    items = _items(LINES)
    _fill(till, items)
    _settle(till, counter, 0)
    till.scan(items[-1].barcode)                      # the line is selected and in view
    _settle(till, counter, counter.paints)
    resets: list[bool] = []
    changes: list[tuple[int, int, int, int]] = []
    model.modelReset.connect(lambda: resets.append(True))
    model.dataChanged.connect(lambda top, bottom, *_: changes.append((top.row(), top.column(), bottom.row(),
                                                                      bottom.column())))

    till.scan(items[-1].barcode)
    _settle(till, counter, counter.paints)

    assert model.lines[-1].quantity == 3
    last = LINES - 1
    assert not resets and changes == [(last, CartModel.QUANTITY, last, CartModel.QUANTITY),
                                      (last, CartModel.AMOUNT, last, CartModel.AMOUNT)]
    assert model.index(last, CartModel.QUANTITY).data() == quantity_text(Decimal(3))
    assert model.index(last, CartModel.AMOUNT).data() == money_text(items[-1].price * 3)


def test_no_column_is_sized_by_measuring_its_rows(till: Till) -> None:
    header = till.window.sale_page.table.horizontalHeader()
    for column in (CartModel.QUANTITY, CartModel.PRICE, CartModel.AMOUNT):
        assert header.sectionResizeMode(column) != QHeaderView.ResizeMode.ResizeToContents


def _fits(till: Till, row: int, column: int) -> bool:
    table = till.window.sale_page.table
    text = table.model().index(row, column).data()
    return table.fontMetrics().horizontalAdvance(text) + 6 <= table.columnWidth(column)  # and the cell's margins


def test_the_columns_fit_the_widest_values_without_measuring_rows(till: Till) -> None:
    page, model = till.window.sale_page, till.app.model
    # The widest quantity, and a price near the catalog's limit: both fit from the start.
    item = CatalogItem("2900000099999", "Алт", Decimal("99999999.99"), "8401", "0122", False)
    page.set_catalog(Catalog([*(page.catalog or ()), item]), page.sale_entry.search, page.scale_format)
    till.scan(f"9999*{item.barcode}")
    till.qtbot.waitUntil(lambda: isinstance(QApplication.activeModalWidget(), QMessageBox), timeout=WAIT_MS)
    till.qtbot.keyClick(QApplication.activeModalWidget(), Qt.Key.Key_Return,   # 9,999 of it: asked, and meant
                        Qt.KeyboardModifier.ControlModifier)
    till.qtbot.waitUntil(lambda: bool(model.lines), timeout=WAIT_MS)
    till.qtbot.wait(20)
    assert model.lines[0].quantity == 9999
    for column in (CartModel.QUANTITY, CartModel.PRICE):
        assert _fits(till, 0, column)
    # 9,999 × 99,999,999.99 is wider than any width chosen beforehand: the amount's column grows for it.
    assert _fits(till, 0, CartModel.AMOUNT)


def test_a_wider_value_widens_its_column_once_and_a_new_font_measures_again(till: Till) -> None:
    page = till.window.sale_page
    table, header = page.table, page.table.horizontalHeader()
    width = table.columnWidth(CartModel.AMOUNT)
    huge = CatalogItem("2900000088888", "Машин", Decimal("999999999999.99"), "8401", "0122", False)
    page.set_catalog(Catalog([*(page.catalog or ()), huge]), page.sale_entry.search, page.scale_format)
    till.scan(huge.barcode)
    till.qtbot.wait(20)
    assert table.columnWidth(CartModel.AMOUNT) > width and _fits(till, 0, CartModel.AMOUNT)
    assert header.sectionResizeMode(CartModel.AMOUNT) != QHeaderView.ResizeMode.ResizeToContents

    table.setStyleSheet("QTableView#cart { font-size: 26pt; }")  # the style sheet's font wins over setFont
    till.qtbot.waitUntil(lambda: _fits(till, 0, CartModel.AMOUNT), timeout=WAIT_MS)
    assert _fits(till, 0, CartModel.QUANTITY) and _fits(till, 0, CartModel.PRICE)


def _shown(model: CartModel) -> list[list[str]]:
    return [[model.index(row, column).data() for column in range(4)] for row in range(model.rowCount())]


def _formatted(model: CartModel) -> list[list[str]]:
    return [[line.description, quantity_text(line.quantity), money_text(line.unit_price), money_text(line.total)]
            for line in model.lines]


def test_the_kept_texts_follow_every_edit_and_only_longer_ones_are_reported(qapp: object) -> None:
    model = CartModel()
    wider: list[tuple[int, str]] = []
    model.wider_text.connect(lambda column, text: wider.append((column, text)))
    items = _items(3)
    for item in items:
        model.add_item(item)
    assert _shown(model) == _formatted(model)
    assert wider == [(CartModel.QUANTITY, "1"), (CartModel.PRICE, "1,000 ₮"), (CartModel.AMOUNT, "1,000 ₮")]
    wider.clear()
    model.add_item(items[1], 2)                       # a repeat scan: 3 × 1,007
    model.setData(model.index(2, CartModel.QUANTITY), "1.5")
    assert _shown(model) == _formatted(model)
    assert wider == [(CartModel.QUANTITY, "1.5")]     # "3,021 ₮" and "1,521 ₮" are no longer than "1,000 ₮"
    model.set_quantity(0, "1000")                     # (as F3 after its question: test_counter_guards.py)
    assert wider[1:] == [(CartModel.QUANTITY, "1,000"), (CartModel.AMOUNT, "1,000,000 ₮")]
    assert model.widest(CartModel.AMOUNT) == "1,000,000 ₮"
    model.remove(0)
    assert _shown(model) == _formatted(model) and model.rowCount() == 2
    model.restore(tuple(CartLine(item.name, Decimal(2), item.price, item.barcode) for item in _items(5)))
    assert _shown(model) == _formatted(model)
    assert model.widest(CartModel.AMOUNT) == "2,000 ₮"  # the first of the longest: measured with the widest digit
    model.clear()
    assert model.rowCount() == 0 and model.widest(CartModel.QUANTITY) == ""


def test_a_key_typed_into_the_entry_calls_into_python_a_few_times_only(till: Till) -> None:
    """The scanner listens where keys go first (the focus widget), not to every event of the application;
    a key typed, and the entry's repaint after it, call the till's Python only for the key itself."""
    entry = till.window.sale_page.entry
    till.qtbot.wait(50)

    called = python_called_during(lambda: (till.qtbot.keyClick(entry, "7"), till.window.repaint()))

    assert entry.text() == "7"
    # The shortcut override, the press and the release through the scanner; the entry's own key handler.
    assert len(called) <= 6, called
