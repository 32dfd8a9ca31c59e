"""Screenshots of every screen, as a cashier sees them: `make screenshots`.

Runs the real app in training mode (its embedded sandbox) on the display it
is given (Xvfb under `make screenshots`), drives one sale from the keyboard
and saves each screen as PNG into the folder named on the command line:
`screenshots.py FOLDER LANGUAGE [WIDTHxHEIGHT]` (the window's size, 1366x768
unless given; the X screen should be that size too, as the Makefile starts it).
"""

from __future__ import annotations

import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget

from pos_app.app.root import PosApp
from pos_app.app.paths import AppPaths
from pos_app.config import SessionSecretStore, Settings, save_settings
from pos_app.domain.sale import Stage
from pos_app.ui.sale.dialogs.free_line import FreeLineDialog
from pos_app.ui.common.language import Language
from pos_app.ui.common.style import STYLESHEET

SIZE = (1366, 768)      # the window's size; `screenshots.py FOLDER LANGUAGE 1024x768` for another
SCANS = ["8656000010011", "3*8656000010028", "8656000010103", "8656000010158", "2*8656000010141"]


def wait(condition: Callable[[], bool], seconds: float = 20.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise TimeoutError("the app did not get there in time")
        QApplication.processEvents()
        time.sleep(0.01)


def settle(seconds: float = 0.4) -> None:
    wait_until = time.monotonic() + seconds
    while time.monotonic() < wait_until:
        QApplication.processEvents()
        time.sleep(0.01)


def save(widget: QWidget, folder: Path, name: str) -> None:
    settle()
    path = folder / f"{name}.png"
    widget.grab().save(str(path))
    print(f"saved {path}")


def save_screen(window: QWidget, folder: Path, name: str) -> None:
    """The screen where the window is: dialogs and message boxes included (a real X screen)."""
    settle()
    frame = window.frameGeometry()
    shot = window.screen().grabWindow(0, frame.x(), frame.y(), frame.width(), frame.height())
    path = folder / f"{name}.png"
    shot.save(str(path))
    print(f"saved {path}")


PERSON_MS = 60   # a person's pace between keys: a faster burst ending in Enter is taken for a barcode scan


def key(key: Qt.Key, modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:
    QTest.keyClick(QApplication.focusWidget() or QApplication.activeWindow(), key, modifier)


def main(folder: Path, language_code: str = "en") -> None:
    folder.mkdir(parents=True, exist_ok=True)
    qt_app = QApplication(sys.argv[:1])
    qt_app.setStyleSheet(STYLESHEET)
    language = Language(qt_app)
    if not language.use(language_code):
        raise SystemExit(f"no compiled translations for {language_code}: run make translations")
    home = Path(tempfile.mkdtemp(prefix="pos-app-shots-"))
    # The QPay sales first, with QPay's own ebarimt (no PosAPI); the counter's sales after, with it (counter_shots).
    save_settings(Settings(language=language_code, training_posapi=False, window_mode="window"),
                  home / "config" / "settings.json")
    app = PosApp(AppPaths(home / "config", home / "data", home / "cache"), secrets=SessionSecretStore(),
                 language=language)
    window = app.window
    window.set_ask_before_quit(False)
    window.resize(*SIZE)
    app.start()
    wait(lambda: app.backend is not None)
    window.activateWindow()
    wait(window.sale_page.entry.hasFocus)
    save(window, folder, "01-empty-till")

    for text in SCANS:
        QTest.keyClicks(window.sale_page.entry, text)
        QTest.keyClick(window.sale_page.entry, Qt.Key.Key_Return)
    save(window, folder, "02-cart")
    free_line = FreeLineDialog(app.model, window)
    free_line.description.setText("Бэлгийн уут")
    free_line.price.setText("500")
    free_line.show()
    save_screen(window, folder, "02b-free-line")
    free_line.reject()
    QTest.keyClicks(window.sale_page.entry, "123")
    QTest.keyClick(window.sale_page.entry, Qt.Key.Key_Return)
    save(window, folder, "03-unknown-code")
    window.sale_page.entry.clear()

    key(Qt.Key.Key_F12)
    wait(lambda: app.flow.stage is Stage.AWAITING_PAYMENT)
    wait(lambda: all(not app.logos.has_failed(b.logo_url) for b in app.flow.sale.invoice.banks))
    settle(1.5)  # logos arrive in the background
    save(window, folder, "04-payment")
    key(Qt.Key.Key_Escape)
    wait(lambda: window.confirmation is not None)
    save_screen(window, folder, "04b-cancel-question")
    QTest.keyClick(window.confirmation, Qt.Key.Key_Escape)  # keep waiting
    wait(lambda: window.confirmation is None)
    window.on_customer_triggered()
    window.customer_display.resize(640, 720)
    save(window.customer_display, folder, "05-customer-display")
    window.customer_display.hide()

    # The service goes quiet for a while: the till says so calmly and keeps checking.
    import requests
    sandbox_url = app.backend.base_url
    requests.post(f"{sandbox_url}/_sandbox/faults", json={"path_prefix": "/v2/payment/check", "status": 503,
                                                            "count": 20}, timeout=5)
    wait(window.payment_page.banner.isVisible, 30)
    save(window, folder, "06-payment-trouble")
    requests.delete(f"{sandbox_url}/_sandbox/faults", timeout=5)

    key(Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    wait(lambda: app.flow.stage is Stage.PAID, 40)
    save(window, folder, "07-paid")
    key(Qt.Key.Key_O, Qt.KeyboardModifier.AltModifier)
    QTest.keyClicks(window.receipt_page.register, "53953", Qt.KeyboardModifier.NoModifier, PERSON_MS)
    save(window, folder, "08-organization-register")
    QTest.keyClicks(window.receipt_page.register, "05", Qt.KeyboardModifier.NoModifier, PERSON_MS)
    key(Qt.Key.Key_Return)
    wait(lambda: app.flow.stage is Stage.COMPLETED)
    save(window, folder, "09-receipt")
    key(Qt.Key.Key_P, Qt.KeyboardModifier.AltModifier)
    printing = app.printing
    wait(lambda: printing.preview_dialog is not None and bool(printing.preview_dialog.layouts))
    settle()
    save_screen(window, folder, "09b-print-preview")
    printing.preview_dialog.reject()
    wait(lambda: printing.preview_dialog is None)
    wait(lambda: QApplication.focusWidget() is not None)

    key(Qt.Key.Key_F2)
    wait(lambda: app.flow.stage is None)
    window.settings_action.trigger()
    wait(lambda: app.settings_dialog is not None and app.settings_dialog.isVisible())
    dialog = app.settings_dialog
    dialog.sections.fields["shop_register"].setText("5317878")
    dialog.sections.fields["shop_address"].setText("Улаанбаатар, СБД, 1-р хороо")
    dialog.printer.printer_kind.setCurrentIndex(dialog.printer.printer_kind.findData("network"))
    dialog.printer.printer_address.setText("192.168.1.50:9100")
    settle()
    save(app.settings_dialog, folder, "10-settings")
    dialog.pages.setCurrentIndex(1)             # receipts, printer, counter, scale
    save(app.settings_dialog, folder, "10b-settings-counter")
    app.settings_dialog.reject()

    # Two more sales for the history: one paid by card (it can be given back), one cancelled.
    wait(window.sale_page.entry.hasFocus)
    for text in SCANS[:2]:
        QTest.keyClicks(window.sale_page.entry, text)
        QTest.keyClick(window.sale_page.entry, Qt.Key.Key_Return)
    key(Qt.Key.Key_F12)
    wait(lambda: app.flow.stage is Stage.AWAITING_PAYMENT)
    requests.post(f"{sandbox_url}/_sandbox/invoices/{app.flow.sale.invoice.invoice_id}/pay",
                  json={"transaction_type": "CARD"}, timeout=5)
    wait(lambda: app.flow.stage is Stage.PAID, 40)
    key(Qt.Key.Key_Return)
    wait(lambda: app.flow.stage is Stage.COMPLETED)
    key(Qt.Key.Key_F2)
    wait(lambda: app.flow.stage is None)
    QTest.keyClicks(window.sale_page.entry, SCANS[0])
    QTest.keyClick(window.sale_page.entry, Qt.Key.Key_Return)
    key(Qt.Key.Key_F12)
    wait(lambda: app.flow.stage is Stage.AWAITING_PAYMENT)
    app.flow.cancel_sale()
    wait(lambda: app.flow.stage is None)
    window.sale_page.entry.clear()
    app.model.clear()

    window.history_action.trigger()
    wait(lambda: app.back_office.history_dialog is not None and app.back_office.history_dialog.model.rowCount() >= 3)
    history = app.back_office.history_dialog
    history.resize(*SIZE)
    history.table.selectRow(1)      # the card sale
    wait(history.give_back_button.isEnabled)
    settle()
    save(history, folder, "11-history")
    history.give_back_button.click()
    wait(lambda: QApplication.activeModalWidget() is not history)
    give_back = QApplication.activeModalWidget()
    give_back.reason.setText("Буцаалт: бараа гэмтэлтэй")  # returned: the goods were damaged
    settle()
    save(give_back, folder, "11b-give-back")
    give_back.reject()
    history.reject()

    # A partly paid sale: what is paid and what is still to go, then F2's question.
    window.activateWindow()
    wait(window.sale_page.entry.hasFocus)
    for text in SCANS[:2]:
        QTest.keyClicks(window.sale_page.entry, text)
        QTest.keyClick(window.sale_page.entry, Qt.Key.Key_Return)
    key(Qt.Key.Key_F12)
    wait(lambda: app.flow.stage is Stage.AWAITING_PAYMENT)
    invoice_id = app.flow.sale.invoice.invoice_id
    state = app.backend.sandbox.sandbox.state          # an account whose invoices take part payments
    with state.lock:
        state.invoices[invoice_id]["allow_partial"] = True
    requests.post(f"{sandbox_url}/_sandbox/invoices/{invoice_id}/pay",
                  json={"amount": "2000", "transaction_type": "CARD"}, timeout=5)
    app.flow.check_now()
    wait(lambda: window.payment_page.part.isVisible(), 30)
    settle()
    save(window, folder, "04c-part-paid")
    key(Qt.Key.Key_F2)
    wait(lambda: QApplication.activeModalWidget() is not None)
    settle()
    save_screen(window, folder, "04d-part-paid-question")
    QTest.keyClick(QApplication.activeModalWidget(), Qt.Key.Key_Escape)     # keep waiting
    requests.post(f"{sandbox_url}/_sandbox/invoices/{invoice_id}/pay", json={"transaction_type": "CARD"},
                  timeout=5)
    app.flow.check_now()
    wait(lambda: app.flow.stage is Stage.PAID, 40)

    # The receipt's answer is lost; the cashier then asks for an organization: the service kept the first one.
    requests.post(f"{sandbox_url}/_sandbox/faults", json={"path_prefix": "/v2/ebarimt_v3/create", "drop": True,
                                                            "after_processing": True, "count": 1}, timeout=5)
    key(Qt.Key.Key_Return)
    wait(lambda: window.receipt_page.error.isVisible(), 30)
    key(Qt.Key.Key_O, Qt.KeyboardModifier.AltModifier)
    QTest.keyClicks(window.receipt_page.register, "5395305", Qt.KeyboardModifier.NoModifier, PERSON_MS)
    key(Qt.Key.Key_Return)
    wait(lambda: window.receipt_page.differs_card.isVisible(), 30)
    settle()
    save(window, folder, "09c-receiver-differs")
    key(Qt.Key.Key_V, Qt.KeyboardModifier.AltModifier)
    wait(lambda: app.flow.stage is Stage.COMPLETED and not window.receipt_page.differs_card.isVisible(), 30)
    key(Qt.Key.Key_F2)
    wait(lambda: app.flow.stage is None)

    window.day_close_action.trigger()
    wait(lambda: app.back_office.day_close_dialog is not None and app.back_office.day_close_dialog.summary is not None)
    settle()
    save(app.back_office.day_close_dialog, folder, "12-day-close")
    app.back_office.day_close_dialog.reject()

    app.shutdown()
    window.close()
    counter_shots(folder, language_code, language)
    import screenshots_counter     # beside this script (scripts/ is on the path when it runs)
    screenshots_counter.counter_shots(folder, language_code, language, SIZE, sys.modules[__name__])
    import screenshots_returns
    screenshots_returns.returns_shots(folder, language_code, language, SIZE, sys.modules[__name__])


def type_slowly(widget: QWidget, text: str) -> None:
    QTest.keyClicks(widget, text, Qt.KeyboardModifier.NoModifier, PERSON_MS)


def counter_shots(folder: Path, language_code: str, language: Language) -> None:
    """Cash, the card terminal and the shift, with every receipt through the training PosAPI."""
    home = Path(tempfile.mkdtemp(prefix="pos-app-shots-"))
    save_settings(Settings(language=language_code, shop_name="Өглөөний Үүр", window_mode="window"),
                  home / "config" / "settings.json")
    app = PosApp(AppPaths(home / "config", home / "data", home / "cache"), secrets=SessionSecretStore(),
                 language=language)
    window = app.window
    window.set_ask_before_quit(False)
    window.resize(*SIZE)
    app.start()
    wait(lambda: app.backend is not None)
    window.activateWindow()
    wait(window.sale_page.entry.hasFocus)
    for text in SCANS[:3]:
        QTest.keyClicks(window.sale_page.entry, text)
        QTest.keyClick(window.sale_page.entry, Qt.Key.Key_Return)

    key(Qt.Key.Key_F7)                          # cash: the shift opens first, with the float counted
    wait(lambda: app.back_office.shift_dialog is not None and app.back_office.shift_dialog.float_edit.hasFocus())
    type_slowly(app.back_office.shift_dialog.float_edit, "100000")
    settle()
    save(app.back_office.shift_dialog, folder, "14-shift-open")
    key(Qt.Key.Key_Return)
    wait(lambda: app.flow.stage is Stage.TENDERING)
    page = window.tender_page
    wait(page.cash.hasFocus)
    page.cash.selectAll()
    type_slowly(page.cash, "5000")              # part in cash
    key(Qt.Key.Key_Return)
    wait(lambda: bool(app.flow.sale.tenders) and page.cash.isEnabled())
    wait(page.cash.hasFocus)
    page.cash.selectAll()
    type_slowly(page.cash, "40000")             # the rest: the change shows as it is typed
    settle()
    save(window, folder, "15-tender")
    key(Qt.Key.Key_Return)
    wait(lambda: app.flow.stage is Stage.PAID)
    window.on_customer_triggered()
    window.customer_display.resize(640, 720)
    settle()
    save(window.customer_display, folder, "05b-customer-change")
    window.customer_display.hide()
    window.activateWindow()
    save(window, folder, "16-change")
    key(Qt.Key.Key_Return)
    wait(lambda: app.flow.stage is Stage.COMPLETED)
    settle()
    save(window, folder, "16b-cash-receipt")
    key(Qt.Key.Key_F2)
    wait(lambda: app.flow.stage is None)

    wait(window.sale_page.entry.hasFocus)
    QTest.keyClicks(window.sale_page.entry, SCANS[1])
    QTest.keyClick(window.sale_page.entry, Qt.Key.Key_Return)
    key(Qt.Key.Key_F8)                          # the bank's card terminal
    wait(lambda: app.flow.stage is Stage.TENDERING and page.approval.hasFocus())
    type_slowly(page.approval, "A12B34")
    settle()
    save(window, folder, "17-card-terminal")
    key(Qt.Key.Key_Return)
    wait(lambda: app.flow.stage is Stage.PAID)
    key(Qt.Key.Key_Return)
    wait(lambda: app.flow.stage is Stage.COMPLETED)
    key(Qt.Key.Key_F2)
    wait(lambda: app.flow.stage is None)

    key(Qt.Key.Key_F11)                         # the shift: its X figures, the drawer counted, the Z report
    office = app.back_office
    wait(lambda: office.shift_dialog is not None and office.shift_dialog.shift_actions.report is not None)
    dialog = office.shift_dialog
    dialog.counted_edit.setFocus()
    type_slowly(dialog.counted_edit, "138500")
    settle()
    save(dialog, folder, "18-shift-close")
    key(Qt.Key.Key_Return)
    wait(lambda: dialog.shift_actions.confirmation is not None)
    QTest.keyClick(dialog.shift_actions.confirmation, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    wait(lambda: dialog.shift_actions.shift is not None and dialog.shift_actions.shift.close is not None)
    settle()
    save(dialog, folder, "18b-shift-closed")
    dialog.reject()

    app.shutdown()
    window.close()


def parse_size(text: str) -> tuple[int, int]:
    width, _, height = text.partition("x")
    return int(width), int(height)


if __name__ == "__main__":
    if len(sys.argv) > 3:
        SIZE = parse_size(sys.argv[3])
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots"), sys.argv[2] if len(sys.argv) > 2 else "en")
