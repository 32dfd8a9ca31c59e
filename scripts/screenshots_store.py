"""Screenshots of tills at a store (pos-store), as a cashier and an owner see them: `make screenshots`.

A QPay sandbox, a store in front of it, and two real tills (T1, T2) logged in at the store with their own keys.
Both sell (QPay paid at the sandbox, the store's pushed hint finds it; cash with F7), ship their journals to the
store, and then: T1's Settings at the store, its F6 day close on "Whole shop", the owner's day page in headless
Chromium (when it is installed), and T1's window once the store has stopped answering.

    xvfb-run -a -s "-screen 0 1920x1080x24" .venv/bin/python scripts/screenshots_store.py docs/screenshots
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import requests
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMainWindow

import screenshots as tools     # beside this script (scripts/ is on the path when it runs)
from pos_app.app.root import PosApp
from pos_app.app.paths import AppPaths
from pos_app.config import Environment, SessionSecretStore, secret_account
from pos_app.domain.sale import Stage
from pos_app.sandbox.server import SandboxServer
from pos_app.store.credentials import OWNER, add_credential
from pos_app.store.server import StoreServer
from pos_app.ui.common.language import Language
from pos_app.ui.common.style import STYLESHEET

SHOP = "Өглөөний Үүр"
CHROMIUM = "/usr/bin/chromium"
MILK, YOGURT, BREAD, EGGS = "8656000010011", "8656000010028", "8656000010035", "8656000010042"
wait, settle, save = tools.wait, tools.settle, tools.save


def start_till(home: Path, store_url: str, name: str, key: str, language: Language) -> PosApp:
    """A till at the store, as tests/ui/store_tills.py builds one: its settings, its key in the keyring."""
    config = home / name / "config"
    config.mkdir(parents=True, exist_ok=True)
    (config / "settings.json").write_text(json.dumps({
        "environment": "store", "base_url": store_url, "terminal_id": name, "shop_name": SHOP,
        "training_posapi": False, "window_mode": "window", "language": "en"}), encoding="utf-8")
    secrets = SessionSecretStore()
    secrets.set_password(secret_account(Environment.STORE, store_url, name), key)
    app = PosApp(AppPaths(config, home / name / "data", home / name / "cache"), secrets=secrets, language=language)
    app.window.set_ask_before_quit(False)
    app.window.resize(*tools.SIZE)
    app.start()
    wait(lambda: app.backend is not None and app.backend.store_link is not None, 30)
    link = app.backend.store_link
    wait(lambda: link.hints.connected.is_set(), 20)     # the store's pushed hints reach this till
    focus(app.window)
    return app


def focus(window: QMainWindow) -> None:
    """This till's window active, the keyboard in its entry (two tills share the application)."""
    window.activateWindow()
    wait(window.isActiveWindow, 10)
    window.sale_page.focus_entry()
    wait(window.sale_page.entry.hasFocus)


def press(window: QMainWindow, key: Qt.Key, modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:
    window.activateWindow()
    wait(window.isActiveWindow, 10)
    QTest.keyClick(QApplication.focusWidget() or window, key, modifier)


def scan(window: QMainWindow, *codes: str) -> None:
    for code in codes:
        QTest.keyClicks(window.sale_page.entry, code)
        QTest.keyClick(window.sale_page.entry, Qt.Key.Key_Return)


def sell_with_qpay(app: PosApp, sandbox_url: str, *codes: str) -> None:
    focus(app.window)
    scan(app.window, *codes)
    press(app.window, Qt.Key.Key_F12)
    wait(lambda: app.flow.stage is Stage.AWAITING_PAYMENT, 30)
    invoice_id = app.flow.sale.invoice.invoice_id
    answer = requests.post(f"{sandbox_url}/_sandbox/invoices/{invoice_id}/pay", timeout=10)
    answer.raise_for_status()
    wait(lambda: app.flow.stage is Stage.PAID, 40)
    press(app.window, Qt.Key.Key_Return)            # QPay's ebarimt, for a person
    wait(lambda: app.flow.stage is Stage.COMPLETED, 40)
    press(app.window, Qt.Key.Key_F2)
    wait(lambda: app.flow.stage is None)


def sell_in_cash(app: PosApp, given: str, *codes: str) -> None:
    """F7; the shift opens first (the float counted) if it is not open yet."""
    focus(app.window)
    scan(app.window, *codes)
    press(app.window, Qt.Key.Key_F7)
    office = app.back_office
    wait(lambda: app.flow.stage is Stage.TENDERING
         or (office.shift_dialog is not None and office.shift_dialog.float_edit.hasFocus()))
    if app.flow.stage is not Stage.TENDERING:
        QTest.keyClicks(office.shift_dialog.float_edit, "100000", Qt.KeyboardModifier.NoModifier, tools.PERSON_MS)
        QTest.keyClick(office.shift_dialog.float_edit, Qt.Key.Key_Return)
        wait(lambda: app.flow.stage is Stage.TENDERING)
    page = app.window.tender_page
    wait(lambda: page.cash.hasFocus() and page.cash.isEnabled())
    page.cash.selectAll()
    QTest.keyClicks(page.cash, given, Qt.KeyboardModifier.NoModifier, tools.PERSON_MS)
    QTest.keyClick(page.cash, Qt.Key.Key_Return)
    wait(lambda: app.flow.stage in (Stage.PAID, Stage.COMPLETED))
    if app.flow.stage is Stage.PAID:
        press(app.window, Qt.Key.Key_Return)
        wait(lambda: app.flow.stage is Stage.COMPLETED)
    press(app.window, Qt.Key.Key_F2)
    wait(lambda: app.flow.stage is None)


def settings_shot(app: PosApp, folder: Path) -> None:
    app.window.settings_action.trigger()
    wait(lambda: app.settings_dialog is not None and app.settings_dialog.isVisible())
    dialog = app.settings_dialog
    wait(lambda: bool(dialog.sections.password.text()))  # the till's key, read from the keyring: dots
    dialog.sections.store_direct_allowed.setChecked(True)  # the owner's leave: the direct account's rows show
    dialog.sections.fields["direct_base_url"].setText("https://merchant.qpay.mn")
    dialog.sections.fields["direct_username"].setText("OGLOONII_UUR")
    dialog.sections.fields["direct_invoice_code"].setText("OGLOONII_UUR_INVOICE")
    settle(1.0)                                        # its password looked up (none stored): then typed
    dialog.sections.direct_password.setFocus()
    QTest.keyClicks(dialog.sections.direct_password, "qpay-password")
    dialog.sections.environment.setFocus()
    dialog.adjustSize()        # it opens taller than its rows at a store: no blank band above the buttons
    dialog.sections.fields["shop_register"].setText("5317878")
    dialog.sections.fields["shop_address"].setText("Улаанбаатар, СБД, 1-р хороо")
    settle(0.8)
    save(dialog, folder, "settings-store")
    dialog.reject()
    wait(lambda: app.settings_dialog is None or not app.settings_dialog.isVisible())


def day_close_shot(app: PosApp, folder: Path) -> None:
    app.window.day_close_action.trigger()
    wait(lambda: app.back_office.day_close_dialog is not None and app.back_office.day_close_dialog.summary is not None)
    dialog = app.back_office.day_close_dialog
    dialog.shop.whole_shop_button.click()
    wait(lambda: dialog.shop.shop_summary is not None, 30)
    settle(0.8)
    save(dialog, folder, "day-close-whole-shop")
    dialog.reject()


def owner_page_shot(store_url: str, owner: str, key: str, day: str, folder: Path, home: Path) -> None:
    """The owner's day page in headless Chromium, as tests/store/test_reports.py reads it."""
    if not shutil.which(CHROMIUM):
        print(f"no {CHROMIUM}: store-day-close.png left as it is")
        return
    profile = home / "chromium-profile"
    profile.mkdir(exist_ok=True)
    address = store_url.removeprefix("http://")
    url = f"http://{owner}:{key}@{address}/store/day/{day}.html"
    picture = folder / "store-day-close.png"
    done = subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                           "--disable-background-networking", "--disable-component-update", "--disable-sync",
                           f"--user-data-dir={profile}", "--window-size=1280,560", f"--screenshot={picture}", url],
                          capture_output=True, text=True, timeout=90, check=False)
    if done.returncode != 0:
        raise SystemExit(f"chromium failed: {done.stderr[-2000:]}")
    print(f"saved {picture}")


def store_down_shot(app: PosApp, store: StoreServer, folder: Path) -> None:
    window = app.window
    focus(window)
    scan(window, MILK, BREAD)                   # a sale in the cart when the store stops answering
    store.stop()
    wait(lambda: "not answering" in window.statusBar().currentMessage(), 40)
    wait(window.sale_page.message.isVisible)
    settle(1.0)
    save(window, folder, "store-down")


def main(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    qt_app = QApplication(sys.argv[:1])
    qt_app.setStyleSheet(STYLESHEET)
    language = Language(qt_app)
    language.use("en")
    home = Path(tempfile.mkdtemp(prefix="pos-app-store-shots-"))
    sandbox = SandboxServer("127.0.0.1", 0).start()
    store = StoreServer(f"sqlite:///{home}/store.sqlite3", sandbox.url, "TEST_MERCHANT", "123456",
                        invoice_code="TEST_INVOICE").start()
    tills: dict[str, PosApp] = {}
    try:
        keys = {name: add_credential(store.engine, name, shop=SHOP) for name in ("T1", "T2")}
        owner_key = add_credential(store.engine, "owner", OWNER, SHOP)
        for name, key in keys.items():
            tills[name] = start_till(home, store.url, name, key, language)
        t1, t2 = tills["T1"], tills["T2"]
        sell_with_qpay(t1, sandbox.url, MILK, "3*" + YOGURT)
        sell_with_qpay(t2, sandbox.url, BREAD, "2*" + MILK)
        sell_in_cash(t1, "20000", YOGURT, BREAD, EGGS)
        sell_in_cash(t2, "20000", "2*" + YOGURT, MILK)
        sell_with_qpay(t2, sandbox.url, "8656000010158")
        for name, app in tills.items():
            if not app.backend.store_link.shipper.wait_caught_up(15):
                raise SystemExit(f"{name} did not ship its journal to the store in time")
        day = t1.backend.clock.today().isoformat()

        focus(t1.window)
        settings_shot(t1, folder)
        focus(t1.window)
        day_close_shot(t1, folder)
        owner_page_shot(store.url, "owner", owner_key, day, folder, home)
        store_down_shot(t1, store, folder)
    finally:
        for app in tills.values():
            app.flow.stop()
            app.shutdown()
            app.window.customer_display.close()
            app.window.close()
        store.stop()
        sandbox.stop()


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots"))
