"""The till speaks the chosen language: Mongolian first, English second, switched from Settings without
losing the cart. The translations are compiled from resources/translations/*.ts for the run (tests/conftest.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PySide6.QtCore import QLocale

from pos_app.config import Settings, save_settings
from pos_app.ui.common.language import Language, choose_language

from .conftest import MILK, WAIT_MS, YOGURT, Till
from .test_scanner import scan


CYRILLIC = re.compile("[А-Яа-яӨөҮүЁё]")


def switch_to_english(till: Till) -> None:
    """Settings, English, OK: the window is built again in English."""
    window = till.app.window
    window.settings_action.trigger()
    till.qtbot.waitUntil(lambda: till.app.settings_dialog is not None and till.app.settings_dialog.isVisible(),
                         timeout=WAIT_MS)
    dialog = till.app.settings_dialog
    dialog.sections.language.setCurrentIndex(dialog.sections.language.findData("en"))
    dialog.accept()
    till.qtbot.waitUntil(lambda: till.app.window is not window, timeout=WAIT_MS)


@pytest.mark.parametrize("setting, system, expected", [
    ("mn", "en_US", "mn"), ("en", "mn_MN", "en"), ("en-US", "mn_MN", "en"), ("", "mn_MN", "mn"),
    ("", "en_GB", "en"), ("", "ru_RU", "mn"), ("de", "en_US", "en"), ("de", "ru_RU", "mn")])
def test_mongolian_first_then_the_computers_language(setting: str, system: str, expected: str) -> None:
    assert choose_language(setting, QLocale(system)) == expected


def test_missing_translations_leave_english_and_do_not_stop_the_till(qapp, tmp_path: Path) -> None:
    speaking = Language(qapp, tmp_path)
    try:
        assert speaking.use("mn") is False and speaking.code == "mn"
    finally:
        speaking.stop()


def test_the_till_starts_in_mongolian_and_switches_to_english_keeping_the_cart(language, make_till, tmp_path):
    save_settings(Settings(language="mn"), tmp_path / "config" / "settings.json")
    assert language.use("mn")
    till = make_till(language=language)
    window = till.window
    assert CYRILLIC.search(window.receipt_keys.print_action.text()) and CYRILLIC.search(window.history_action.text())
    till.scan(MILK)
    assert till.flow.cart.rowCount() == 1
    switch_to_english(till)
    assert till.app.window.receipt_keys.print_action.text() == "Print receipt"
    assert till.app.language.code == "en"
    assert till.flow.cart.rowCount() == 1                      # the cart is where it was
    assert till.app.window.sale_page.model is till.flow.cart and till.app.window.isVisible()
    till.qtbot.waitUntil(lambda: till.app.window.sale_page.entry.isEnabled(), timeout=WAIT_MS)


def test_the_window_built_in_the_new_language_still_knows_a_scan(language, make_till, tmp_path):
    """The scanner's home is the rebuilt window: keys in it are the till's own, so a scan with the cart's table
    focused still adds its line (with the old window as home they were another window's, and went to the table)."""
    save_settings(Settings(language="mn"), tmp_path / "config" / "settings.json")
    assert language.use("mn")
    till = make_till(language=language)
    switch_to_english(till)
    page = till.app.window.sale_page
    till.qtbot.waitUntil(lambda: page.entry.isEnabled() and till.app.window.isActiveWindow(), timeout=WAIT_MS)
    page.table.setFocus()
    till.qtbot.waitUntil(page.table.hasFocus, timeout=WAIT_MS)
    scan(till, YOGURT)
    till.qtbot.waitUntil(lambda: till.flow.cart.rowCount() == 1, timeout=WAIT_MS)
