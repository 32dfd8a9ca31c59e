"""Setting the counter up (issue 19): people and PINs set up by the owner, an item's price changed at the till by
a manager (the catalog file written and used), a catalog imported, the idle lock, the till's size."""

from __future__ import annotations

import time
from decimal import Decimal
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWidget

from pos_app.domain.catalog import load_catalog
from pos_app.domain.people import Role
from pos_app.journal.acting import acting
from pos_app.ui.sale.dialogs.item_edit import ItemEditDialog
from pos_app.ui.people.people_dialog import PeopleDialog

from .conftest import MILK, WAIT_MS, Till
from .test_counter import PEOPLE, enter_pin, lines, open_pin_dialog, sign_in, type_in_entry


def modal(till: Till, kind: type) -> QWidget:
    till.qtbot.waitUntil(lambda: isinstance(QApplication.activeModalWidget(), kind), timeout=WAIT_MS)
    widget = QApplication.activeModalWidget()
    assert widget is not None
    return widget


def test_the_owner_sets_up_people_and_the_till_then_asks_a_pin(till: Till) -> None:
    """Keyboard only. The first person starts as a manager; saving them says in words that PINs start now, and
    keeps the owner signed in to finish setting up (no lock mid-task); the lock comes on Ctrl+Shift+L."""
    till.window.people_action.trigger()                 # nobody set up yet: nobody is asked
    dialog = modal(till, PeopleDialog)
    assert isinstance(dialog, PeopleDialog)
    till.qtbot.waitUntil(lambda: "Nobody is set up" in dialog.message.text(), timeout=WAIT_MS)
    assert dialog.role.currentData() is Role.MANAGER     # the first person is the owner: a manager
    till.qtbot.waitUntil(dialog.name.hasFocus, timeout=WAIT_MS)
    till.type(dialog.name, "Bold")
    till.key(Qt.Key.Key_Tab)
    assert dialog.role.hasFocus()
    till.key(Qt.Key.Key_Tab)
    till.type(dialog.pin, "4321")
    till.key(Qt.Key.Key_Tab)
    till.type(dialog.pin_again, "4322")
    till.key(Qt.Key.Key_Return)
    till.qtbot.waitUntil(lambda: "differ" in dialog.message.text(), timeout=WAIT_MS)
    assert dialog.isVisible() and dialog.pin.hasFocus() and dialog.pin.text() == ""   # both typed again
    till.type(dialog.pin, "4321")
    till.key(Qt.Key.Key_Tab)
    till.type(dialog.pin_again, "4321")
    till.key(Qt.Key.Key_Return)
    till.qtbot.waitUntil(lambda: [p.name for p in till.app.backend.people] == ["Bold"],  # type: ignore[union-attr]
                         timeout=WAIT_MS)
    till.qtbot.waitUntil(lambda: "asks for a PIN" in dialog.message.text(), timeout=WAIT_MS)
    assert "Bold is signed in" in dialog.message.text()
    assert till.app.people.lock_dialog is None and dialog.isVisible()           # not locked out mid-task
    assert till.app.people.operator is not None and till.app.people.operator.name == "Bold"
    assert acting() == "Bold"
    assert dialog.pin.text() == "" and dialog.role.currentData() is Role.CASHIER      # next: a cashier

    dialog.name.setFocus()                               # a cashier next, still without a PIN asked
    dialog.name.selectAll()
    till.type(dialog.name, "Saraa")
    till.key(Qt.Key.Key_Tab)
    till.key(Qt.Key.Key_Tab)
    till.type(dialog.pin, "1111")
    till.key(Qt.Key.Key_Tab)
    till.type(dialog.pin_again, "1111")
    till.key(Qt.Key.Key_Return)
    till.qtbot.waitUntil(lambda: len(till.app.backend.people) == 2, timeout=WAIT_MS)  # type: ignore[union-attr]
    assert {p.name: p.role for p in till.app.backend.people} == {  # type: ignore[union-attr]
        "Bold": Role.MANAGER, "Saraa": Role.CASHIER}
    till.qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    till.qtbot.waitUntil(lambda: not dialog.isVisible(), timeout=WAIT_MS)

    till.window.sale_page.focus_entry()
    till.qtbot.waitUntil(till.window.sale_page.entry.hasFocus, timeout=WAIT_MS)
    till.key(Qt.Key.Key_L, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    till.qtbot.waitUntil(lambda: till.app.people.lock_dialog is not None, timeout=WAIT_MS)
    enter_pin(till, till.app.people.lock_dialog, "1111")    # type: ignore[arg-type]
    till.qtbot.waitUntil(lambda: till.app.people.lock_dialog is None, timeout=WAIT_MS)
    assert till.app.people.operator is not None and till.app.people.operator.name == "Saraa"


def test_a_manager_changes_a_price_at_the_till_and_the_catalog_keeps_it(make_till, tmp_path: Path) -> None:
    till = make_till(people=PEOPLE)
    sign_in(till, "1111")                                # a cashier: the price needs a manager
    till.scan(MILK)
    till.key(Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)
    pin = open_pin_dialog(till)
    enter_pin(till, pin, "4321")
    edit = modal(till, ItemEditDialog)
    assert isinstance(edit, ItemEditDialog)
    edit.price.selectAll()
    till.type(edit.price, "3700")
    till.qtbot.keyClick(edit.price, Qt.Key.Key_Return)
    till.qtbot.waitUntil(lambda: lines(till) == [("Сүү 1л (Сүү ХК)", Decimal(1), Decimal(3700))], timeout=WAIT_MS)
    written = tmp_path / "data" / "catalog.csv"
    till.qtbot.waitUntil(lambda: till.app.settings is not None and till.app.settings.catalog_file == str(written),
                         timeout=WAIT_MS)
    assert load_catalog(written).find(MILK).price == Decimal(3700)  # type: ignore[union-attr]
    till.qtbot.waitUntil(lambda: till.app.backend.catalog.find(MILK).price == Decimal(3700),  # type: ignore
                         timeout=WAIT_MS)
    till.window.sale_page.focus_entry()
    type_in_entry(till, "сүү")                            # the search knows the new price too
    assert "3,700" in till.window.sale_page.results.item(0).text()


def test_the_till_locks_itself_after_the_idle_time(make_till) -> None:
    till = make_till(people=PEOPLE)
    sign_in(till, "1111")
    people = till.app.people
    start = time.monotonic() + 5                           # after the last key pressed
    moments = iter([start, start + 4 * 60, start + 6 * 60])
    people._clock = lambda: next(moments)                  # noqa: SLF001 - the idle clock, moved by the test
    people._seen_now()                                     # noqa: SLF001
    people.on_idle_timer_timeout()                         # 4 minutes: still open
    assert people.lock_dialog is None
    people.on_idle_timer_timeout()                         # 6 minutes (of 5): locked
    assert people.lock_dialog is not None and people.operator is None
    assert acting() == ""


def test_the_till_fills_its_screen(till: Till) -> None:
    from pos_app.app.people_and_catalog import window_state

    maximized, full, none = (Qt.WindowState.WindowMaximized, Qt.WindowState.WindowFullScreen,
                             Qt.WindowState.WindowNoState)
    assert window_state("maximized", 1280, 800) == maximized             # the default
    assert window_state("full_screen", 1920, 1080) == full
    assert window_state("window", 1920, 1080) == none
    assert window_state("maximized", 800, 600) == none                   # smaller than the till: a window
    area = till.window.screen().availableGeometry()
    expected = window_state("maximized", area.width(), area.height())
    assert till.window.isMaximized() == (expected == maximized)
    assert till.window.minimumWidth() <= 1024 and till.window.minimumHeight() <= 768


def test_a_catalog_imported_at_the_till_is_used_at_once(till: Till, tmp_path: Path) -> None:
    from pos_app.ui.settings.catalog_import import CatalogImportDialog

    source = tmp_path / "new-catalog.csv"
    source.write_text("barcode,name,price,tax_product_code,classification_code,city_tax,pinned,unit\n"
                      "4900000000017,Төмс (кг),1800,8414,0131,no,yes,kg\n"
                      f"{MILK},Сүү 1л,3600,8401,0122,no,no,ш\n", encoding="utf-8")
    till.window.import_action.trigger()
    dialog = modal(till, CatalogImportDialog)
    assert isinstance(dialog, CatalogImportDialog)
    dialog.on_file_dialog_file_selected(str(source))
    till.qtbot.waitUntil(lambda: dialog.import_button.isEnabled(), timeout=WAIT_MS)
    dialog.on_import_button_clicked()
    till.qtbot.waitUntil(lambda: till.app.backend is not None and len(till.app.backend.catalog) == 2,
                         timeout=WAIT_MS)
    assert [item.name for item in till.window.sale_page.quick_keys.items][0] == "Төмс (кг)"
    dialog.close()
    till.window.restore_focus()
    till.qtbot.waitUntil(till.window.sale_page.entry.hasFocus, timeout=WAIT_MS)
    type_in_entry(till, "tums")
    assert "Төмс" in till.window.sale_page.results.item(0).text()


def test_no_pin_reaches_a_log_a_repr_or_the_journal(make_till, caplog, tmp_path: Path) -> None:
    import logging
    import sqlite3

    caplog.set_level(logging.DEBUG)
    till = make_till(people=(("Болд", Role.MANAGER, "86420"), ("Сараа", Role.CASHIER, "97531")))
    sign_in(till, "86420")
    till.key(Qt.Key.Key_L, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    sign_in(till, "97531")
    people = till.app.backend.people  # type: ignore[union-attr]
    shown = caplog.text + " ".join(repr(person) for person in people) + repr(till.app.people.operator)
    assert "86420" not in shown and "97531" not in shown
    journal = next((tmp_path / "data").glob("journal-*.sqlite3"))
    with sqlite3.connect(journal) as db:
        rows = db.execute("SELECT name, role, pin_hash FROM people").fetchall()
        events = " ".join(row[0] for row in db.execute("SELECT detail_json FROM till_events"))
    assert all(digest.startswith("scrypt$") and "86420" not in name + role and "97531" not in name + role
               for name, role, digest in rows)
    assert "86420" not in events and "97531" not in events


def test_a_counter_setting_not_valid_takes_the_careful_side() -> None:
    from pos_app.app.people_and_catalog import counter_limits
    from pos_app.config import Settings

    assert counter_limits(Settings()) == (5, Decimal(10))
    assert counter_limits(Settings(idle_lock_minutes="0", discount_limit="12.5")) == (0, Decimal("12.5"))
    assert counter_limits(Settings(idle_lock_minutes="soon", discount_limit="lots")) == (5, Decimal(0))
    assert counter_limits(Settings(idle_lock_minutes="1" * 5000)) == (5, Decimal(10))      # no int() of it
    assert [p.field for p in Settings(idle_lock_minutes="1" * 5000).problems()] == ["idle_lock_minutes"]
