"""A `PosApp` offscreen, typed on like a cashier: what payment_detection and memory_soak share.

The sandbox runs in a second process (common.SandboxProcess); waits keep Qt's event loop turning and
never sleep.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from common import ROOT

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # before any Qt import
sys.path.insert(0, str(ROOT))

from PySide6.QtCore import QEventLoop, QtMsgType, Qt, QTimer, qInstallMessageHandler  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from pos_app.app.root import PosApp  # noqa: E402
from pos_app.app.paths import AppPaths  # noqa: E402
from pos_app.config import SessionSecretStore  # noqa: E402
from pos_app.config.settings import Settings, save_settings  # noqa: E402
from pos_app.domain.poll import PollSchedule  # noqa: E402
from pos_app.domain.sale import Sale, Stage  # noqa: E402
from pos_app.ui.common.style import STYLESHEET  # noqa: E402

MILK = "8656000010011"  # 3,500 ₮ in the sample catalog
STEP_TIMEOUT = 30.0  # seconds for any one step of a sale that does not wait for a payment
CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


def log(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


# -- the till -----------------------------------------------------------------------------------

def wait_until(condition: Callable[[], bool], timeout: float, waiting_for: Callable[[], str]) -> None:
    """Turn Qt's event loop until *condition* holds (a timer must wake it now and then); *waiting_for* names
    what was awaited when the time is up."""
    deadline = time.monotonic() + timeout
    flags = QEventLoop.ProcessEventsFlag.AllEvents | QEventLoop.ProcessEventsFlag.WaitForMoreEvents
    while not condition():
        if time.monotonic() > deadline:
            raise TimeoutError(f"timed out waiting for {waiting_for()}")
        QApplication.processEvents(flags)  # blocks until an event comes: no spinning, no sleeping


class Till:
    """A PosApp offscreen, typed on like a cashier, with a wait loop that keeps the event loop turning.

    Also stamps (wall clock, as the sandbox's log uses) each stage the flow moves to."""

    def __init__(self, app: PosApp) -> None:
        self.app, self.flow, self.window = app, app.flow, app.window
        self.stamps: dict[Stage | None, float] = {}
        # Connected after the window's own slot: when this runs, the page for the stage is current.
        self.flow.stage_changed.connect(self.on_flow_stage_changed)
        self.wake = QTimer()  # WaitForMoreEvents below returns at least this often
        self.wake.setInterval(10)
        self.wake.start()

    def on_flow_stage_changed(self, sale: Sale | None) -> None:
        self.stamps[sale.stage if sale else None] = time.time()

    def wait(self, what: str, condition: Callable[[], bool], timeout: float = STEP_TIMEOUT) -> None:
        wait_until(condition, timeout, lambda: f"{what} (stage {self.flow.stage})")

    def wait_stage(self, stage: Stage | None, timeout: float = STEP_TIMEOUT) -> None:
        self.wait(f"stage {stage}", lambda: self.flow.stage is stage, timeout)

    def key(self, key: Qt.Key, modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:
        QTest.keyClick(QApplication.focusWidget() or self.window, key, modifier)

    def charge(self) -> None:
        """Scan one item and press F12: back when the payment page shows."""
        entry = self.window.sale_page.entry
        self.wait("the entry field to have focus", entry.hasFocus)
        self.stamps.clear()
        QTest.keyClicks(entry, MILK)
        QTest.keyClick(entry, Qt.Key.Key_Return)
        self.wait("the line in the cart", lambda: not self.app.model.is_empty)
        self.key(Qt.Key.Key_F12)
        self.wait_stage(Stage.AWAITING_PAYMENT)

    @property
    def invoice_id(self) -> str:
        sale = self.flow.sale
        assert sale is not None and sale.invoice is not None
        return sale.invoice.invoice_id

    def issue_and_next(self) -> None:
        """Return issues the receipt; F2 starts the next sale."""
        self.key(Qt.Key.Key_Return)
        self.wait_stage(Stage.COMPLETED)
        self.key(Qt.Key.Key_F2)
        self.wait_stage(None)
        self.wait("the entry field to have focus", self.window.sale_page.entry.hasFocus)


def _quiet_offscreen_warning(mode: QtMsgType, context: Any, message: str) -> None:
    if "propagateSizeHints" not in message:  # the offscreen plugin says it for every window shown
        print(message, file=sys.stderr)


def start_till(home: Path, sandbox_url: str, schedule: PollSchedule, posapi_url: str | None = None) -> Till:
    """A till in training on `sandbox_url` (QPay's sandbox), with PosAPI's sandbox at `posapi_url` (None: the one
    the till embeds, in this process)."""
    qInstallMessageHandler(_quiet_offscreen_warning)
    qt_app = QApplication.instance() or QApplication([sys.argv[0]])
    qt_app.setStyleSheet(STYLESHEET)  # type: ignore[union-attr]
    paths = AppPaths(home / "config", home / "data", home / "cache")
    save_settings(Settings(printer="", auto_print=False), paths.settings_file)  # no printer, nothing printed
    app = PosApp(paths, sandbox_url=sandbox_url, secrets=SessionSecretStore(), schedule=schedule, posapi_url=posapi_url)
    app.window.set_ask_before_quit(False)
    ready: list[bool] = []
    app.ready.connect(lambda: ready.append(True))
    till = Till(app)
    app.start()
    till.wait("the till to be ready", lambda: bool(ready))
    app.window.activateWindow()
    till.wait("the window to be active", app.window.isActiveWindow)
    till.wait("the entry field to have focus", app.window.sale_page.entry.hasFocus)
    return till


def stop_till(till: Till) -> None:
    till.wake.stop()
    till.flow.stop()
    till.app.shutdown()
    till.window.customer_display.close()
    till.window.close()


def quick_sale(till: Till) -> None:
    """A sale paid at once: Ctrl+Shift+P has the training desk pay through the control API, then check now.

    Here the unmeasured first sale (first page shown, bank logos fetched, pool threads started);
    every sale of the memory soak."""
    till.charge()
    till.key(Qt.Key.Key_P, CTRL_SHIFT)
    till.wait_stage(Stage.PAID)
    till.issue_and_next()


def finish(result: dict[str, Any], output: Path, table: str) -> int:
    """Print the tables, write the JSON; exit status 1 when a sale failed (the numbers never fail a run)."""
    if table:
        print(table)
    print(f"\nWhole run: {result['elapsed_s']:.0f} s.")
    output.parent.mkdir(parents=True, exist_ok=True)
    output.write_text(json.dumps(result, indent=2), encoding="utf-8")
    print(f"JSON: {output}")
    if result["failure"]:
        print(f"\n**A sale failed**: {result['failure']}")
        return 1
    return 0
