"""What the entry field adds: a code at once, a scale's label, or an item found by name as the cashier types.

- A code (typed or scanned, `3*code` for three) is looked up whole first, so a shop's own 2x codes in the
  catalog stay items; then, when the shop's scale is set up, as a scale label (`pos_app.domain.scale`):
  the item's code with its weight (a line of its own at the price per kilogram) or its price.
- A quantity typed for one line that is likely a slip (`domain.entry.is_large`: 100 or more, or more than one
  coming to 5,000,000 ₮) is asked about first; Enter and Esc keep the entry as typed, Ctrl+Enter adds.
- Letters search the catalog by name as they are typed (Cyrillic, or Latin: `suu` finds Сүү;
  `pos_app.domain.search`); the list shows under the entry, ↑/↓ pick, Enter adds, Esc closes it. The
  keyboard stays in the entry throughout, so a scan in the middle of a search still adds its item.
`SaleEntry` is a part `SalePage` owns, built with the page's widgets it reads and the page's ways to speak.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from decimal import Decimal
from PySide6.QtCore import QCoreApplication, Qt, QTimer
from PySide6.QtWidgets import QAbstractItemView, QFrame, QLineEdit, QListWidget, QListWidgetItem, QTableView, QWidget

from pos_app.domain.cart import CartError, parse_quantity
from pos_app.domain.catalog import Catalog, CatalogItem, is_kilograms
from pos_app.domain.entry import is_large, parse_entry
from pos_app.domain.scale import ScaleError, ScaleFormat, read_scale_barcode
from pos_app.domain.search import CatalogSearch
from pos_app.formats import money_text, quantity_text

from pos_app.ui.common.messages import refusal_text
from pos_app.ui.common.questions import ask
from pos_app.ui.sale.cart.cart_model import CartModel

translate = QCoreApplication.translate
ITEM_ROLE = Qt.ItemDataRole.UserRole + 1
SHOWN_RESULTS = 12
# `2*сүү`: a quantity before the words, as before a code.
_QUANTITY_THEN_WORDS = re.compile(r"^\s*([0-9]+(?:[.,][0-9]+)?)\s*\*\s*(.*)$")


def is_search(text: str) -> bool:
    """Letters in it: a name being typed, not a code (codes are digits; a scanner never sends letters here)."""
    return any(character.isalpha() for character in text)


def split_quantity(text: str) -> tuple[Decimal, str]:
    match = _QUANTITY_THEN_WORDS.match(text)
    if not match:
        return Decimal(1), text.strip()
    return parse_quantity(match[1].replace(",", ".")), match[2].strip()


class SearchList(QListWidget):
    """The names found, under the entry. Never takes the keyboard: the entry moves its selection."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("searchResults")
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setFrameShape(QFrame.Shape.Box)
        self.setUniformItemSizes(True)
        self.hide()

    def show_items(self, items: list[CatalogItem]) -> None:
        self.clear()
        for item in items:
            row = QListWidgetItem(f"{item.name}    {money_text(item.price)}"
                                  + (f" / {item.unit}" if item.unit and item.unit != "ш" else ""))
            row.setData(ITEM_ROLE, item)
            row.setToolTip(item.barcode)
            self.addItem(row)
        if items:
            self.setCurrentRow(0)
        self.setVisible(bool(items))

    def move_current(self, step: int) -> None:
        if self.count():
            self.setCurrentRow(max(0, min(self.currentRow() + step, self.count() - 1)))

    def current_item(self) -> CatalogItem | None:
        row = self.currentItem()
        return row.data(ITEM_ROLE) if row is not None else None


class SaleEntry:
    """What the entry adds to the cart, looked up in the catalog the page was given. Its texts keep the "SalePage"
    translation context."""

    def __init__(self, entry: QLineEdit, results: SearchList, search_timer: QTimer, table: QTableView,
                 model: CartModel, *, show_error: Callable[[str], None], clear_message: Callable[[], None],
                 focus_entry: Callable[[], None]) -> None:
        self.entry = entry
        self.results = results
        self.search_timer = search_timer      # restarted by each key typed; its timeout searches
        self.table = table
        self.model = model
        self.show_error = show_error          # the page's message line
        self.clear_message = clear_message
        self.focus_entry = focus_entry
        self.catalog: Catalog | None = None
        self.search: CatalogSearch | None = None
        self.scale_format: ScaleFormat | None = None

    def use_catalog(self, catalog: Catalog | None, search: CatalogSearch | None = None,
                    scale_format: ScaleFormat | None = None) -> None:
        self.catalog, self.search, self.scale_format = catalog, search, scale_format
        self.results.hide()

    def on_entry_returned(self) -> None:
        text = self.entry.text()
        if not text.strip():
            return
        if self.search_timer.isActive():        # Enter before the list caught up with the last key
            self.search_timer.stop()
            self.on_entry_edited(text)
        added = self.pick_result() if self.results.isVisible() or self.search and is_search(text) \
            else self.add_code(text)
        if added:
            self.entry.clear()

    def _keep_in_entry(self, text: str) -> None:
        """A code not added stays in the entry, selected: seen, fixed by hand, or replaced by the next scan."""
        if self.entry.text() != text:
            self.entry.setText(text)
        self.entry.selectAll()

    def on_search_timer_timeout(self) -> None:
        self.on_entry_edited(self.entry.text())

    def on_entry_edited(self, text: str) -> None:
        if not is_search(text) or self.search is None:
            self.results.hide()
            return
        try:
            _quantity, words = split_quantity(text)
        except CartError:
            words = text
        self.results.show_items(self.search.find(words, SHOWN_RESULTS))
        self.place_results()

    def place_results(self) -> None:
        """Under the entry, over the cart only: the total beside the cart stays in sight while a name is typed."""
        if not self.results.isVisible():
            return
        entry, cart = self.entry.geometry(), self.table.geometry()
        rows = min(self.results.count(), 8)
        height = self.results.sizeHintForRow(0) * rows + 2 * self.results.frameWidth() + 4
        width = min(entry.width(), cart.right() - entry.left() + 1)
        self.results.setGeometry(entry.left(), entry.bottom() + 2, width, height)
        self.results.raise_()

    def pick_result(self) -> bool:
        """Enter on a search: the item chosen in the list, at the quantity typed before it (`2*сүү`)."""
        item = self.results.current_item()
        text = self.entry.text()
        if item is None:
            self.show_error(translate("SalePage", "Nothing in the catalog is called \"{words}\".").format(
                words=text.strip()))
            return False
        try:
            quantity, _words = split_quantity(text)
            if is_large(quantity, item.price):
                self.ask_large(quantity, item, text)
                return False
            row = self.model.add_item(item, quantity)
        except CartError as exc:
            self.show_error(refusal_text(exc))
            return False
        self.results.hide()
        self.clear_message()
        self.table.selectRow(row)
        return True

    def add_catalog_item(self, item: CatalogItem) -> bool:
        """A quick key's item: one, or the quantity typed in the entry first (`0.75` then the key: 0.75 kg). An item
        sold by weight needs its weight typed first."""
        typed = self.entry.text().strip().rstrip("*").strip()
        try:
            if typed:
                quantity = parse_quantity(typed.replace(",", "."))
            elif is_kilograms(item.unit):
                self.show_error(translate("SalePage", "{item} is sold by weight: type its weight in kg (such as "
                                                      "0.75), then press its key.").format(item=item.name))
                self.focus_entry()
                return False
            else:
                quantity = Decimal(1)
            if is_large(quantity, item.price):
                self.ask_large(quantity, item, self.entry.text())
                return False
            row = self.model.add_item(item, quantity)
        except CartError as exc:
            self.show_error(refusal_text(exc))
            self.focus_entry()
            return False
        self.entry.clear()
        self.results.hide()
        self.clear_message()
        self.table.selectRow(row)
        self.focus_entry()
        return True

    def add_code(self, text: str) -> bool:
        """Add what the entry or a scan holds (`3*code` too); False, with the reason shown, when it cannot."""
        try:
            scan = parse_entry(text)
            item = self.catalog.find(scan.code) if self.catalog else None
            if item is not None and is_large(scan.quantity, item.price):
                self.ask_large(scan.quantity, item, text)
                return False
            if item is not None:
                row = self.model.add_item(item, scan.quantity)
            else:
                row = self._add_scale_label(scan.code, scan.quantity)
                if row is None:
                    self.show_error(translate("SalePage", "Unknown code {code}: it is not in the catalog. "
                                                          "Add it as a free line (Ctrl+L)?").format(code=scan.code))
                    self._keep_in_entry(text)
                    return False
        except (CartError, ScaleError) as exc:
            self.show_error(refusal_text(exc))
            self._keep_in_entry(text)
            return False
        self.results.hide()
        self.clear_message()
        self.table.selectRow(row)
        return True

    def ask_large(self, quantity: Decimal, item: CatalogItem, text: str) -> None:
        """A quantity the cashier may not have meant (`is_large`): asked first, the entry kept as typed. Enter and
        Esc keep it so (to be fixed or cleared); Ctrl+Enter adds it."""
        self._keep_in_entry(text)
        self.results.hide()
        self._ask_quantity(quantity, item.name, item.price, lambda: self.model.add_item(item, quantity), text)

    def on_model_large_quantity_typed(self, row: int, quantity: Decimal) -> None:
        """F3's quantity edit above the bound: asked first, the line as it was until then."""
        line = self.model.lines[row]
        self._ask_quantity(quantity, line.description, line.unit_price,
                           lambda: (self.model.set_quantity(row, quantity), row)[1], None)

    def _ask_quantity(self, quantity: Decimal, name: str, price: Decimal, add: Callable[[], int],
                      text: str | None) -> None:
        box, yes_button = ask(self.entry.window(), translate(
            "SalePage", "{quantity} × {item} at {price} comes to {amount}. Is the quantity right?").format(
            quantity=quantity_text(quantity), item=name, price=money_text(price),
            amount=money_text(quantity * price)),
            translate("SalePage", "Add {quantity}").format(quantity=quantity_text(quantity)),
            translate("SalePage", "Back to change it"))

        def on_finished() -> None:
            box.deleteLater()
            self.entry.window().activateWindow()    # the keyboard comes back to the till, not to a closed box
            if box.clickedButton() is yes_button:
                try:
                    row = add()
                except CartError as exc:
                    self.show_error(refusal_text(exc))
                else:
                    if text is not None and self.entry.text() == text:
                        self.entry.clear()
                    self.clear_message()
                    self.table.selectRow(row)
            self.focus_entry()

        box.finished.connect(on_finished)
        box.open()

    def _add_scale_label(self, code: str, quantity: Decimal) -> int | None:
        """A scale's label as a line of its own (ScaleError for a label that did not read right); None when the
        code is no scale label. A quantity typed before it (`2*label`: two packs alike) multiplies the line."""
        if self.scale_format is None or self.catalog is None:
            return None
        label = read_scale_barcode(code, self.scale_format)
        if label is None:
            return None
        item = next((found for key in label.catalog_keys if (found := self.catalog.find(key)) is not None), None)
        if item is None:
            raise CartError("Scale label {code}: item {item} is not in the catalog", code=code, item=label.item_code)
        if label.weight is not None:
            return self.model.add_weighed(item, label.weight * quantity)
        return self.model.add_weighed(item, quantity, label.price)
