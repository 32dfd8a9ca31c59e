"""The counter's screenshots (issue 19), for `scripts/screenshots.py`: an item found by name, the quick keys and
discounts, a scale's label, the PIN screen and a manager's PIN, the parked sales, the customer's display with
the lines, and the till at 1920×1080."""

from __future__ import annotations

import tempfile
from pathlib import Path

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget

from pos_app.app.root import PosApp
from pos_app.app.paths import AppPaths
from pos_app.config import Environment, SessionSecretStore, Settings, save_settings
from pos_app.domain.people import Role
from pos_app.domain.scale import ean13_check_digit
from pos_app.journal import Journal
from pos_app.ui.common.language import Language

PEOPLE = (("Болд", Role.MANAGER, "4321"), ("Сараа", Role.CASHIER, "1111"))
FULL_HD = (1920, 1080)


def type_text(widget: QWidget, text: str, pace_ms: int) -> None:
    """At a person's pace; Cyrillic as a Mongolian keyboard layout sends it (QTest types ASCII only)."""
    for character in text:
        if character.isascii():
            QTest.keyClick(widget, character)
        else:
            for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
                QApplication.sendEvent(widget, QKeyEvent(kind, 0, Qt.KeyboardModifier.NoModifier, character))
        QTest.qWait(pace_ms)


def back_to_till(window: QWidget, wait: object) -> None:
    """After a dialog: the keyboard in the entry again (a screen without a window manager activates nothing)."""
    window.activateWindow()
    window.sale_page.focus_entry()  # type: ignore[attr-defined]
    wait(window.sale_page.entry.hasFocus)  # type: ignore[attr-defined, operator]


def scale_label(item_code: str, grams: str) -> str:
    first12 = f"20{item_code}{grams}"
    return first12 + str(ean13_check_digit(first12))


def counter_shots(folder: Path, language_code: str, language: Language, size: tuple[int, int], tools: object) -> None:
    """`tools`: the screenshot script's module (wait, settle, save, save_screen, key, PERSON_MS)."""
    wait, settle, save, save_screen, key = (getattr(tools, name) for name in
                                            ("wait", "settle", "save", "save_screen", "key"))
    pace = tools.PERSON_MS  # type: ignore[attr-defined]
    home = Path(tempfile.mkdtemp(prefix="pos-app-shots-"))
    paths = AppPaths(home / "config", home / "data", home / "cache")
    save_settings(Settings(language=language_code, shop_name="Өглөөний Үүр", window_mode="window"),
                  paths.settings_file)
    with Journal(paths.journal_file(Environment.TRAINING), "T1") as journal:
        for name, role, pin in PEOPLE:
            journal.people.add(name, role, pin)
    app = PosApp(paths, secrets=SessionSecretStore(), language=language)
    window = app.window
    window.set_ask_before_quit(False)
    window.resize(*size)
    app.start()
    wait(lambda: app.people.lock_dialog is not None and app.people.lock_dialog.isVisible())
    lock = app.people.lock_dialog
    lock.activateWindow()
    type_text(lock.pin, "11", pace)
    settle()
    save_screen(window, folder, "21-pin-screen")
    type_text(lock.pin, "11", pace)
    QTest.keyClick(lock.pin, Qt.Key.Key_Return)
    wait(lambda: app.people.lock_dialog is None)
    back_to_till(window, wait)
    entry = window.sale_page.entry

    type_text(entry, "suu" if language_code == "en" else "сүү", pace)
    settle()
    save(window, folder, "19-search")
    QTest.keyClick(entry, Qt.Key.Key_Return)
    for code in ("3*8656000010028", scale_label("00123", "00732"), "8656000010103"):
        QTest.keyClicks(entry, code)
        QTest.keyClick(entry, Qt.Key.Key_Return)
    window.sale_page.quick_keys.buttons[1].click()              # a quick key, touched: bread
    wait(lambda: len(window.model.lines) == 5)
    window.sale_page.table.selectRow(1)
    key(Qt.Key.Key_D, Qt.KeyboardModifier.ControlModifier)     # 10 % off the yogurt
    wait(lambda: QApplication.activeModalWidget() is not None)
    dialog = QApplication.activeModalWidget()
    type_text(dialog.field, "10%", pace)
    settle()
    save_screen(window, folder, "20b-discount")
    QTest.keyClick(dialog.field, Qt.Key.Key_Return)
    wait(lambda: QApplication.activeModalWidget() is None)
    back_to_till(window, wait)
    key(Qt.Key.Key_D, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)   # the sale: 1,000
    wait(lambda: QApplication.activeModalWidget() is not None)
    dialog = QApplication.activeModalWidget()
    type_text(dialog.field, "1000", pace)
    QTest.keyClick(dialog.field, Qt.Key.Key_Return)
    wait(lambda: QApplication.activeModalWidget() is None)
    back_to_till(window, wait)
    settle()
    save(window, folder, "20-counter")
    window.on_customer_triggered()
    window.customer_display.resize(640, 720)
    settle()
    save(window.customer_display, folder, "05c-customer-lines")
    window.customer_display.hide()
    back_to_till(window, wait)

    key(Qt.Key.Key_F10)                                          # parked while the customer fetches a phone
    wait(lambda: window.model.is_empty)
    back_to_till(window, wait)
    for code in ("8656000010011",):
        QTest.keyClicks(entry, code)
        QTest.keyClick(entry, Qt.Key.Key_Return)
    key(Qt.Key.Key_F10)
    wait(lambda: window.model.is_empty)
    back_to_till(window, wait)
    key(Qt.Key.Key_F10)                                          # the list of what is parked
    wait(lambda: QApplication.activeModalWidget() is not None)
    settle()
    save_screen(window, folder, "22-parked")
    QTest.keyClick(QApplication.activeModalWidget(), Qt.Key.Key_Return)
    wait(lambda: not window.model.is_empty)
    back_to_till(window, wait)

    window.counter_keys.drawer_action.trigger()                               # a cashier: a manager's PIN first
    wait(lambda: QApplication.activeModalWidget() is not None)
    pin = QApplication.activeModalWidget()
    type_text(pin.pin, "1111", pace)
    QTest.keyClick(pin.pin, Qt.Key.Key_Return)
    wait(lambda: pin.message.isVisible())
    settle()
    save_screen(window, folder, "21b-manager-pin")
    pin.reject()

    window.resize(*FULL_HD)
    settle(0.8)
    save(window, folder, "24-full-hd")
    app.shutdown()
    window.close()
