"""Screenshots of issue 31, for `scripts/screenshots.py`: cash paid in whole tögrög for a weighed sale whose total
has möngö (the cash page's rounding, then the change), and a partial return in the history (the lines chosen, then
the sale partly returned with its receipt corrected), every receipt through the training PosAPI."""

from __future__ import annotations

import tempfile
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QSplitter

from pos_app.app.root import PosApp
from pos_app.app.paths import AppPaths
from pos_app.config import SessionSecretStore, Settings, save_settings
from pos_app.domain.sale import Stage
from pos_app.ui.common.language import Language
from screenshots_counter import scale_label, type_text


def returns_shots(folder: Path, language_code: str, language: Language, size: tuple[int, int], tools: object) -> None:
    """`tools`: the screenshot script's module (wait, settle, save, save_screen, key, PERSON_MS)."""
    wait, settle, save, save_screen, key = (getattr(tools, name) for name in
                                            ("wait", "settle", "save", "save_screen", "key"))
    pace = tools.PERSON_MS  # type: ignore[attr-defined]
    home = Path(tempfile.mkdtemp(prefix="pos-app-shots-"))
    paths = AppPaths(home / "config", home / "data", home / "cache")
    save_settings(Settings(language=language_code, shop_name="Өглөөний Үүр", window_mode="window"),
                  paths.settings_file)
    app = PosApp(paths, secrets=SessionSecretStore(), language=language)
    window = app.window
    window.set_ask_before_quit(False)
    window.resize(*size)
    app.start()
    wait(lambda: app.backend is not None)
    window.activateWindow()
    entry = window.sale_page.entry
    wait(entry.hasFocus)
    # Two breads and a weighed item from the scale (its total has möngö).
    for code in ("2*8656000010028", scale_label("00123", "00737")):
        QTest.keyClicks(entry, code)
        QTest.keyClick(entry, Qt.Key.Key_Return)
    wait(lambda: len(window.model.lines) == 2)

    key(Qt.Key.Key_F7)                          # cash: the shift opens first, with the float counted
    wait(lambda: app.back_office.shift_dialog is not None and app.back_office.shift_dialog.float_edit.hasFocus())
    type_text(app.back_office.shift_dialog.float_edit, "100000", pace)
    key(Qt.Key.Key_Return)
    wait(lambda: app.flow.stage is Stage.TENDERING)
    page = window.tender_page
    wait(page.cash.hasFocus)
    settle()
    save(window, folder, "23-cash-rounding")    # the field starts at the due in whole tögrög, the rounding said
    page.cash.selectAll()
    type_text(page.cash, "20000", pace)
    key(Qt.Key.Key_Return)
    wait(lambda: app.flow.stage is Stage.PAID)
    settle()
    save(window, folder, "23b-cash-rounding-change")
    key(Qt.Key.Key_Return)                      # the receipt, for an individual
    wait(lambda: app.flow.stage is Stage.COMPLETED)
    key(Qt.Key.Key_F2)
    wait(lambda: app.flow.stage is None)

    window.history_action.trigger()
    wait(lambda: app.back_office.history_dialog is not None and app.back_office.history_dialog.model.rowCount() >= 1)
    history = app.back_office.history_dialog
    history.resize(*size)
    history.table.selectRow(0)
    wait(lambda: any(button.objectName() == "return_items" and button.isEnabled()
                     for button in history.action_buttons))
    QTest.keyClick(history, Qt.Key.Key_F7, Qt.KeyboardModifier.ShiftModifier)
    wait(lambda: history.sale_actions.return_dialog is not None and history.sale_actions.return_dialog.table.hasFocus())
    returns = history.sale_actions.return_dialog
    QTest.keyClicks(returns.table, "1")         # one bread back
    QTest.keyClick(returns.table, Qt.Key.Key_Down)
    QTest.keyClicks(returns.table, "0,3")       # and 300 g of the weighed item
    QTest.keyClick(returns, Qt.Key.Key_S, Qt.KeyboardModifier.AltModifier)
    wait(returns.reason.hasFocus)
    type_text(returns.reason, "Буцаалт: бараа гэмтэлтэй", pace)   # returned: the goods were damaged
    settle()
    save_screen(history, folder, "25-partial-return")
    finished: list[str] = []
    history.action_finished.connect(finished.append)
    QTest.keyClick(returns.reason, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)   # Ctrl+Enter: given back
    wait(lambda: bool(finished), 30)            # the money given back, the receipt corrected
    # One sale in the range: its details take the table's room, as a cashier drags the splitters, so the
    # corrected receipt and the return show without scrolling.
    for splitter in history.findChildren(QSplitter):
        vertical = splitter.orientation() is Qt.Orientation.Vertical
        splitter.setSizes([110, 10_000] if vertical else [720, 300])
    settle(1.0)
    save(history, folder, "25b-partial-return-done")
    history.reject()
    QApplication.processEvents()
    app.shutdown()
    window.close()
