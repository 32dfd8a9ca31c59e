"""A running till against the session sandbox, driven like a cashier would."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
import threading
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QObject, Qt, Slot
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from pos_app.app.root import PosApp
from pos_app.app.paths import AppPaths
from pos_app.config import Environment, SessionSecretStore
from pos_app.domain.people import Role
from pos_app.journal import Journal
from pos_app.domain.poll import PollSchedule
from pos_app.domain.sale import Stage
from pos_app.ui.common.language import Language
from pos_app.ui.common.style import STYLESHEET
from pos_app.ui.common.tasks import TaskRunner
from tests.qpay.helpers import SandboxControl

# Quick checks so a test waits tenths of a second, not seconds; same shape as the real schedule.
FAST_SCHEDULE = PollSchedule(fast_interval=0.05, fast_period=30, medium_interval=0.1, medium_period=60,
                             slow_interval=0.2, max_backoff=0.4)
WAIT_MS = 15_000

MILK = "8656000010011"      # 3,500 ₮
YOGURT = "8656000010028"    # 2,800 ₮
VODKA = "8656000010097"     # city-taxed


PERSON_MS = 60   # between a person's keys: a scanner types a character every 1-4 ms
# The moment a till selling with PosAPI starts at (noon in Ulaanbaatar): its receipts are asked again only until
# shortly before the day's end, so these tests never read the wall clock.
POSAPI_NOON = datetime(2026, 11, 26, 4, 0, tzinfo=timezone.utc)


class Ticking:
    """The instant the till's clock reads: from `start`, one second later at each reading (workers read it too)."""

    def __init__(self, start: datetime) -> None:
        self.now = start
        self._lock = threading.Lock()

    def __call__(self) -> datetime:
        with self._lock:
            self.now += timedelta(seconds=1)
            return self.now


class Till:
    """The app plus the helpers a test needs to drive it from the keyboard."""

    def __init__(self, app: PosApp, qtbot: QtBot, control: SandboxControl) -> None:
        self.app = app
        self.qtbot = qtbot
        self.control = control
        self.window = app.window
        self.flow = app.flow

    def key(self, key: Qt.Key, modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:
        widget = QApplication.focusWidget() or self.window
        self.qtbot.keyClick(widget, key, modifier)

    def type(self, widget: QWidget, text: str) -> None:
        """Keys at a person's pace: never taken for a scanner's burst (pos_app/ui/sale/scanning/scanner.py)."""
        self.qtbot.keyClicks(widget, text, delay=PERSON_MS)

    def scan(self, text: str) -> None:
        """A scanner's code and Enter into the entry, each key carrying its moment 2 ms after the last, as a
        real keyboard's do: a busy test machine between two keys never splits one scan into two (QTest's keys
        carry no moment, so the till would measure their gaps by when it saw them)."""
        entry = self.window.sale_page.entry
        assert entry.hasFocus(), "the entry field must have focus when the till is idle"
        moment = int(time.monotonic() * 1000)
        for char in text + "\r":
            key = Qt.Key.Key_Return if char == "\r" else Qt.Key(ord(char.upper())) if char.isascii() \
                else Qt.Key.Key_unknown
            for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
                event = QKeyEvent(kind, key, Qt.KeyboardModifier.NoModifier, char)
                event.setTimestamp(moment)
                QApplication.sendEvent(entry, event)
            moment += 2

    def wait_stage(self, stage: Stage | None, timeout: int = WAIT_MS) -> None:
        self.qtbot.waitUntil(lambda: self.flow.stage is stage, timeout=timeout)

    def charge(self) -> None:
        self.key(Qt.Key.Key_F12)
        self.wait_stage(Stage.AWAITING_PAYMENT)

    def answer_confirmation(self, accept: bool = True) -> None:
        self.qtbot.waitUntil(lambda: self.window.confirmation is not None, timeout=WAIT_MS)
        box = self.window.confirmation
        assert box is not None
        # The safe answer is the default (Enter); the other takes Ctrl+Enter, which no scanner sends.
        if accept:
            self.qtbot.keyClick(box, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
        else:
            self.qtbot.keyClick(box, Qt.Key.Key_Escape)

    @property
    def invoice_id(self) -> str:
        assert self.flow.sale is not None and self.flow.sale.invoice is not None
        return self.flow.sale.invoice.invoice_id


def use_posapi_in_training(config_dir: Path, posapi: bool) -> None:
    """Whether training's receipts go through PosAPI, written into the settings file (the other settings a test
    wrote there first are kept)."""
    path = config_dir / "settings.json"
    data = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    data["training_posapi"] = posapi
    config_dir.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data), encoding="utf-8")


@pytest.fixture
def make_till(qtbot: QtBot, sandbox_server, tmp_path: Path,
              request: pytest.FixtureRequest) -> Iterator[Callable[..., Till]]:
    apps: list[PosApp] = []
    posapi_tills: list[object] = []
    QApplication.instance().setStyleSheet(STYLESHEET)  # type: ignore[union-attr]

    def make(schedule: PollSchedule = FAST_SCHEDULE, sandbox_url: str | None = None,
             language: Language | None = None, instant: Callable[[], datetime] | None = None,
             embedded_sandbox: bool = False, posapi: bool = False,
             people: Sequence[tuple[str, Role, str]] = ()) -> Till:
        """`instant`: the moment the till's clock reads (its shop's zone makes the day); `embedded_sandbox`:
        training mode starts its own sandbox, as on a shop's computer, instead of using the session's;
        `posapi`: every sale's receipt through the session's PosAPI sandbox (else QPay's ebarimt, and no
        receipt for cash); `people`: (name, role, PIN) set up before the till starts, which then opens on its
        PIN screen (the test signs in)."""
        control = SandboxControl(sandbox_server.url)
        use_posapi_in_training(tmp_path / "config", posapi)
        posapi_url = None
        if posapi and instant is None:
            instant = Ticking(POSAPI_NOON)
        if posapi:
            server = request.getfixturevalue("posapi_server")
            if not posapi_tills:
                server.reset()      # clean for the test's first till; a restarted till finds what it left
            posapi_tills.append(server)
            posapi_url = server.url
        paths = AppPaths(tmp_path / "config", tmp_path / "data", tmp_path / "cache")
        if people:
            with Journal(paths.journal_file(Environment.TRAINING), "T1") as journal:
                for name, role, pin in people:
                    journal.people.add(name, role, pin)
        app = PosApp(paths,
                     sandbox_url=None if embedded_sandbox else sandbox_url or sandbox_server.url,
                     secrets=SessionSecretStore(), schedule=schedule, language=language, instant=instant,
                     posapi_url=posapi_url)
        apps.append(app)
        app.window.set_ask_before_quit(False)  # nobody is there to answer "quit anyway?"
        with qtbot.waitSignal(app.ready, timeout=WAIT_MS):
            app.start()
        if embedded_sandbox:
            control = SandboxControl(app.backend.base_url)  # type: ignore[union-attr]
        if people:
            qtbot.waitUntil(lambda: app.people.lock_dialog is not None and app.people.lock_dialog.isVisible(),
                            timeout=WAIT_MS)
            app.people.lock_dialog.activateWindow()
            return Till(app, qtbot, control)
        app.window.activateWindow()
        qtbot.waitUntil(app.window.isActiveWindow, timeout=WAIT_MS)
        qtbot.waitUntil(app.window.sale_page.entry.hasFocus, timeout=WAIT_MS)
        return Till(app, qtbot, control)

    yield make
    for app in apps:
        close_app(app)


def close_app(app: PosApp) -> None:
    """Stop a test's till: polling, open questions, workers, windows. A second call does nothing."""
    if getattr(app, "closed_by_test", False):
        return
    app.closed_by_test = True  # type: ignore[attr-defined]
    app.flow.stop()
    if app.window.confirmation is not None:
        app.window.confirmation.reject()
    app.shutdown()
    app.window.customer_display.close()
    app.window.close()
    app.window.deleteLater()


@pytest.fixture
def till(make_till: Callable[..., Till]) -> Till:
    return make_till()


class HintsHandled(QObject):
    """Counts the callback hints the till has handled. The receiver emits `hint_arrived` on its own thread;
    this object lives on the GUI thread and is connected after the app, so its (queued) count goes up only
    once the app's own slot has run for that hint."""

    def __init__(self, app: QObject) -> None:
        super().__init__()
        self.count = 0
        app.hint_arrived.connect(self.on_hint)  # type: ignore[attr-defined]

    @Slot(object)
    def on_hint(self, hint: object) -> None:
        self.count += 1


@pytest.fixture
def runner() -> Iterator[TaskRunner]:
    """A task runner of the test's own, for a dialog tested alone (shut down, its workers done, afterwards)."""
    tasks = TaskRunner()
    yield tasks
    tasks.shutdown(wait=True)
