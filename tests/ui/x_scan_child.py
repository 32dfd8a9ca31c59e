"""A real till on a real X server, scanned as a keyboard-wedge scanner types: every key is an X event sent by
`xdotool` (a character every 2 ms, then Enter), the till's own keys too. For the scanner's tests
(test_scanner_x.py), which start Xvfb and read what this process writes.

    python -m tests.ui.x_scan_child HOME SANDBOX_URL POSAPI_URL OUT_JSON

It walks the till through every field a scan can meet (the sale's entry, the card terminal's approval code, the
cash given, the free line's description, the discount, the organization's register on the paid screen, and
the next sale right after F2), and at each: the field before the scan, after it, the cart, the stage and the
refusals said. The test judges; this only records. Every wait is bounded: a step that never comes writes
what it saw, and the process ends.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

os.environ["QT_QPA_PLATFORM"] = "xcb"

from PySide6.QtCore import QTimer  # noqa: E402
from PySide6.QtWidgets import QApplication, QLineEdit, QWidget  # noqa: E402

from pos_app.app.root import PosApp  # noqa: E402
from pos_app.app.paths import AppPaths  # noqa: E402
from pos_app.config import SessionSecretStore  # noqa: E402
from pos_app.domain.sale import Stage  # noqa: E402
from pos_app.ui.common.style import STYLESHEET  # noqa: E402
from tests.ui.conftest import (FAST_SCHEDULE, MILK, POSAPI_NOON, YOGURT, Ticking, close_app,  # noqa: E402
                               use_posapi_in_training)

SCAN_DELAY_MS = 2            # xdotool's pause between keys: a scanner's pace
PERSON_DELAY_MS = 120        # a person's
STEP_TIMEOUT = 20.0
CARD_SCAN = "865600001001"   # the code: 12 digits, exactly what the approval code holds

Wait = tuple[str, Any]       # ("until", predicate) | ("keys", xdotool arguments) | ("sleep", seconds)


def xdotool(*args: str) -> list[str]:
    return ["xdotool", *args]


def scan_keys(code: str) -> list[str]:
    # "\r" is typed as the Return key (a scanner's suffix); "\n" would be a line feed, another key.
    return xdotool("type", "--delay", str(SCAN_DELAY_MS), code + "\r")


class Walk:
    def __init__(self, app: PosApp, out: Path) -> None:
        self.app = app
        self.out = out
        self.records: list[dict[str, Any]] = []
        self.refusals: list[str] = []
        app.window.scan_router.refused.connect(lambda code, _why: self.refusals.append(code))
        self.steps = self.walk()
        self.waiting: Wait | None = None
        self.deadline = 0.0
        self.process: subprocess.Popen[bytes] | None = None
        self.timer = QTimer()
        self.timer.setInterval(20)
        self.timer.timeout.connect(self.on_timer_timeout)

    # -- what is looked at --------------------------------------------------------------

    def focus(self) -> QWidget | None:
        return QApplication.focusWidget()

    def state(self, field: QLineEdit) -> list[Any]:
        return [field.text(), field.cursorPosition(), field.selectedText()]

    def cart(self) -> list[str]:
        return [line.barcode or line.name for line in self.app.model.lines]

    def record(self, station: str, field: QLineEdit | None, before: list[Any] | None) -> None:
        stage = self.app.flow.stage
        self.records.append({"station": station, "before": before,
                             "after": self.state(field) if field is not None else None,
                             "cart": self.cart(), "stage": stage.value if stage else None,
                             "refused": list(self.refusals)})
        self.refusals.clear()

    # -- the walk -----------------------------------------------------------------------

    def scanned_into(self, station: str, field: QLineEdit, code: str) -> Iterator[Wait]:
        yield "until", field.hasFocus
        yield "sleep", 0.2
        before = self.state(field)
        yield "keys", scan_keys(code)
        yield "sleep", 0.4
        self.record(station, field, before)

    def walk(self) -> Iterator[Wait]:
        window, flow = self.app.window, self.app.flow
        entry = window.sale_page.entry
        yield from self.scanned_into("entry", entry, MILK)

        yield "keys", xdotool("key", "F8")
        yield "until", lambda: flow.stage is Stage.TENDERING
        yield from self.scanned_into("approval", window.tender_page.approval, CARD_SCAN)
        yield "keys", xdotool("key", "Return")          # the cashier's next Enter
        yield "sleep", 0.4
        self.record("approval-enter", window.tender_page.approval, None)
        yield "keys", xdotool("key", "Escape")
        yield "until", lambda: flow.stage in (None, Stage.CART) and entry.hasFocus()

        yield "keys", xdotool("key", "F7")               # no shift yet: the float is counted first
        office = self.app.back_office
        yield "until", lambda: office.shift_dialog is not None and office.shift_dialog.float_edit.hasFocus()
        yield "keys", xdotool("type", "--delay", str(PERSON_DELAY_MS), "50000\r")
        yield "until", lambda: flow.stage is Stage.TENDERING and window.tender_page.cash.hasSelectedText()
        yield from self.scanned_into("cash", window.tender_page.cash, YOGURT)
        yield "keys", xdotool("key", "Escape")
        yield "until", lambda: flow.stage in (None, Stage.CART) and entry.hasFocus()

        yield "keys", xdotool("key", "ctrl+l")
        yield "until", lambda: isinstance(self.focus(), QLineEdit) and self.focus() is not entry
        description = self.focus()
        assert isinstance(description, QLineEdit)
        yield "keys", xdotool("type", "--delay", str(PERSON_DELAY_MS), "Bag")
        yield from self.scanned_into("free-line", description, YOGURT)
        yield "keys", xdotool("key", "Escape")
        yield "until", lambda: QApplication.activeModalWidget() is None

        yield "keys", xdotool("key", "F12")
        yield "until", lambda: flow.stage is Stage.AWAITING_PAYMENT
        yield "keys", xdotool("key", "ctrl+shift+p")
        yield "until", lambda: flow.stage is Stage.PAID
        yield "keys", xdotool("key", "alt+o")
        register = window.receipt_page.register
        yield "until", register.hasFocus
        yield "keys", xdotool("type", "--delay", str(PERSON_DELAY_MS), "53")
        yield from self.scanned_into("register", register, YOGURT)
        yield "keys", xdotool("key", "ctrl+a", "BackSpace", "alt+i", "Return")   # an individual's receipt
        yield "until", lambda: flow.stage is Stage.COMPLETED
        yield "sleep", 0.3
        # F2 from the receipt screen and, at once, a scan: the next sale starts with the whole code.
        yield "keys", [*xdotool("key", "F2"), *scan_keys(MILK)[1:]]
        yield "until", lambda: flow.stage is None and bool(self.app.model.lines)
        yield "sleep", 0.4
        self.record("after-F2", entry, None)

    # -- driving it ---------------------------------------------------------------------

    def start(self) -> None:
        self.timer.start()

    def on_timer_timeout(self) -> None:
        if self.process is not None:
            if self.process.poll() is None:
                return
            self.process = None
        if self.waiting is not None:
            kind, what = self.waiting
            if kind == "until" and not what():
                if time.monotonic() > self.deadline:
                    self.finish(f"timed out waiting, focus on {type(self.focus()).__name__}, "
                                f"stage {self.app.flow.stage}")
                return
            if kind == "sleep" and time.monotonic() < self.deadline:
                return
            self.waiting = None
        try:
            kind, what = next(self.steps)
        except StopIteration:
            self.finish("")
            return
        if kind == "keys":
            self.process = subprocess.Popen(what)
            return
        self.waiting = (kind, what)
        self.deadline = time.monotonic() + (STEP_TIMEOUT if kind == "until" else what)

    def finish(self, trouble: str) -> None:
        self.timer.stop()
        self.out.write_text(json.dumps({"records": self.records, "trouble": trouble}, indent=1))
        QApplication.quit()


def main(home: Path, sandbox_url: str, posapi_url: str, out: Path) -> int:
    qt_app = QApplication([sys.argv[0]])
    qt_app.setStyleSheet(STYLESHEET)
    use_posapi_in_training(home / "config", True)
    app = PosApp(AppPaths(home / "config", home / "data", home / "cache"), sandbox_url=sandbox_url,
                 secrets=SessionSecretStore(), schedule=FAST_SCHEDULE, posapi_url=posapi_url,
                 instant=Ticking(POSAPI_NOON))
    app.window.set_ask_before_quit(False)
    walk = Walk(app, out)

    def on_ready() -> None:
        app.window.activateWindow()        # no window manager: the till takes the X input focus itself
        walk.start()

    app.ready.connect(on_ready)
    app.start()
    code = qt_app.exec()
    close_app(app)
    return code


if __name__ == "__main__":
    raise SystemExit(main(Path(sys.argv[1]), sys.argv[2], sys.argv[3], Path(sys.argv[4])))
