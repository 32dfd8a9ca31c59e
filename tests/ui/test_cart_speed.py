"""Fast at any cart size: a scan that raises a line's quantity redraws that line, never measures every row.

No timings here (the machines are shared and noisy; `benchmarks/scan_latency.py` times it): the work is
counted instead, as calls of `CartModel.data`, which a view makes for every cell it paints or measures.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from decimal import Decimal
from typing import Any

import pytest
from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QHeaderView

from pos_app.domain.cart import CartLine
from pos_app.domain.catalog import Catalog, CatalogItem
from pos_app.formats import money_text, quantity_text
from pos_app.ui.cart_model import CartModel

from .conftest import WAIT_MS, Till

LINES = 400
# A repainted row is 4 cells × the 7-15 roles a delegate asks each for (28 calls with Qt 6.11), and the row
# selected before may be repainted too. Measuring a column's contents asks every row: 10,104 calls at 400 lines.
MOST_CALLS = 120


class PaintCounter(QObject):
    def __init__(self, widget: QObject) -> None:
        super().__init__()
        self.paints = 0
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            self.paints += 1
        return False


@pytest.fixture
def data_calls(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """How many times any view asked the cart model for data (a one-element list, set to 0 at will).
    Before the till: Qt remembers a model's Python method once it has called it."""
    calls = [0]
    original = CartModel.data

    def counting(self: CartModel, *args: Any) -> Any:
        calls[0] += 1
        return original(self, *args)

    monkeypatch.setattr(CartModel, "data", counting)
    yield calls


def _items(count: int) -> list[CatalogItem]:
    return [CatalogItem(f"29{number:011d}", f"Бараа {number}", Decimal(1000 + 7 * number), "8401", "0122", False)
            for number in range(count)]


def _fill(till: Till, items: list[CatalogItem]) -> None:
    """A cart of one line per item (restored at once, as after a crash), the items in the catalog."""
    page = till.window.sale_page
    assert page.catalog is not None
    page.catalog = Catalog([*page.catalog, *items])
    till.app.model.restore(tuple(CartLine(item.name, Decimal(1), item.price, item.barcode, item.tax_product_code,
                                          item.classification_code) for item in items))


def _settle(till: Till, counter: PaintCounter, before: int) -> None:
    """Until the table has painted since `before`, then a little longer (Qt's delayed resizes run at 0 ms)."""
    till.qtbot.waitUntil(lambda: counter.paints > before, timeout=WAIT_MS)
    till.qtbot.wait(50)


def _counted(till: Till, counter: PaintCounter, calls: list[int], action: Callable[[], None]) -> int:
    calls[0] = 0
    before = counter.paints
    action()
    _settle(till, counter, before)
    return calls[0]


def test_a_repeat_scan_in_a_400_line_cart_asks_for_one_line_not_every_row(data_calls: list[int], till: Till) -> None:
    page, model = till.window.sale_page, till.app.model
    counter = PaintCounter(page.table.viewport())
    items = _items(LINES)
    _fill(till, items)
    _settle(till, counter, 0)
    till.scan(items[-1].barcode)                      # the line is selected and in view; then counted
    _settle(till, counter, counter.paints)
    resets: list[bool] = []
    changes: list[tuple[int, int]] = []
    model.modelReset.connect(lambda: resets.append(True))
    model.dataChanged.connect(lambda top, bottom, *_: changes.append((top.row(), bottom.row())))

    calls = _counted(till, counter, data_calls, lambda: till.scan(items[-1].barcode))

    assert model.lines[-1].quantity == 3
    assert not resets and changes == [(LINES - 1, LINES - 1)]  # that row alone
    print(f"CartModel.data calls for a repeat scan at {LINES} lines: {calls}")
    assert calls <= MOST_CALLS
    # The same scan again costs the same: nothing grows with the cart or with the scans.
    assert _counted(till, counter, data_calls, lambda: till.scan(items[-1].barcode)) <= MOST_CALLS
    assert model.index(LINES - 1, CartModel.QUANTITY).data() == quantity_text(Decimal(4))
    assert model.index(LINES - 1, CartModel.AMOUNT).data() == money_text(items[-1].price * 4)


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
    page.catalog = Catalog([*(page.catalog or ()), item])
    till.scan(f"9999*{item.barcode}")
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
    page.catalog = Catalog([*(page.catalog or ()), huge])
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
    model.setData(model.index(0, CartModel.QUANTITY), "1000")
    assert wider[1:] == [(CartModel.QUANTITY, "1,000"), (CartModel.AMOUNT, "1,000,000 ₮")]
    assert model.widest(CartModel.AMOUNT) == "1,000,000 ₮"
    model.remove(0)
    assert _shown(model) == _formatted(model) and model.rowCount() == 2
    model.restore(tuple(CartLine(item.name, Decimal(2), item.price, item.barcode) for item in _items(5)))
    assert _shown(model) == _formatted(model)
    assert model.widest(CartModel.AMOUNT) == "2,000 ₮"  # the first of the longest: measured with the widest digit
    model.clear()
    assert model.rowCount() == 0 and model.widest(CartModel.QUANTITY) == ""
