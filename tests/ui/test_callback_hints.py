"""The callback receiver setting: the service's callback makes the till check at once; a callback
for another invoice, or a flood of them, does not turn into checks; a busy port is a calm problem."""

from __future__ import annotations

import json
import socket
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import requests
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from pos_app.app.root import PosApp
from pos_app.app.paths import AppPaths
from pos_app.config import SessionSecretStore
from pos_app.domain.poll import PollSchedule
from pos_app.domain.sale import Stage
from pos_app.ui.common.style import STYLESHEET
from tests.qpay.helpers import SandboxControl

from .conftest import MILK, WAIT_MS, HintsHandled, Till, close_app

# Checks so rare that only a callback can find the payment within a test's wait.
RARE_CHECKS = PollSchedule(fast_interval=600, fast_period=30, medium_interval=600, medium_period=60,
                           slow_interval=600, max_backoff=600)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def start_till(qtbot: QtBot, sandbox_server, tmp_path: Path) -> Iterator[Callable[[str], Till]]:
    apps: list[PosApp] = []
    QApplication.instance().setStyleSheet(STYLESHEET)  # type: ignore[union-attr]

    def start(listen: str) -> Till:
        paths = AppPaths(tmp_path / "config", tmp_path / "data", tmp_path / "cache")
        paths.config_dir.mkdir(parents=True, exist_ok=True)
        paths.settings_file.write_text(json.dumps({"callback_listen": listen}), encoding="utf-8")
        app = PosApp(paths, sandbox_url=sandbox_server.url, secrets=SessionSecretStore(), schedule=RARE_CHECKS)
        apps.append(app)
        app.window.set_ask_before_quit(False)
        with qtbot.waitSignal(app.ready, timeout=WAIT_MS):
            app.start()
        app.window.activateWindow()
        qtbot.waitUntil(app.window.sale_page.entry.hasFocus, timeout=WAIT_MS)
        return Till(app, qtbot, SandboxControl(sandbox_server.url))

    yield start
    for app in apps:
        close_app(app)


def test_the_services_callback_makes_the_till_see_the_payment_at_once(start_till) -> None:
    port = free_port()
    till = start_till(f"127.0.0.1:{port}")
    assert till.app.backend is not None and till.app.backend.receiver is not None
    till.scan(MILK)
    till.charge()
    assert till.control.count("/v2/payment/check") == 0
    till.control.pay(till.invoice_id)          # the sandbox calls the invoice's callback URL
    till.wait_stage(Stage.PAID)
    assert till.control.count("/v2/payment/check", "POST") == 1


def test_the_invoice_carries_the_receivers_address(start_till, sandbox_server) -> None:
    port = free_port()
    till = start_till(f"127.0.0.1:{port}")
    till.scan(MILK)
    till.charge()
    state = sandbox_server.sandbox.state
    with state.lock:
        invoice = state.invoices[till.invoice_id]
    assert invoice["callback_url"] == f"http://127.0.0.1:{port}/qpay/callback"


def test_a_callback_for_another_invoice_checks_nothing(start_till, qtbot: QtBot) -> None:
    port = free_port()
    till = start_till(f"127.0.0.1:{port}")
    till.scan(MILK)
    till.charge()
    handled = HintsHandled(till.app)
    answer = requests.post(f"http://127.0.0.1:{port}/qpay/callback", json={"invoice_id": "someone-else"},
                           timeout=5)
    qtbot.waitUntil(lambda: handled.count == 1, timeout=WAIT_MS)
    assert answer.status_code == 200 and answer.text == "SUCCESS"
    assert till.flow.stage is Stage.AWAITING_PAYMENT
    assert till.control.count("/v2/payment/check") == 0


def test_a_flood_of_callbacks_is_one_check(start_till, qtbot: QtBot) -> None:
    port = free_port()
    till = start_till(f"127.0.0.1:{port}")
    till.scan(MILK)
    till.charge()
    checked: list[object] = []
    till.flow.checked.connect(lambda: checked.append(True))
    # Counted by a GUI-thread object, not waitSignal: the signal is emitted on the receiver's thread.
    handled = HintsHandled(till.app)
    for sent in range(1, 21):
        requests.post(f"http://127.0.0.1:{port}/qpay/callback", json={"invoice_id": till.invoice_id}, timeout=5)
        qtbot.waitUntil(lambda sent=sent: handled.count == sent, timeout=WAIT_MS)
    qtbot.waitUntil(lambda: bool(checked), timeout=WAIT_MS)
    assert till.control.count("/v2/payment/check", "POST") == 1
    assert till.flow.stage is Stage.AWAITING_PAYMENT           # a callback is never proof of payment


def test_a_busy_port_is_told_and_the_till_still_sells(start_till) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        till = start_till(f"127.0.0.1:{port}")
        assert till.app.backend is not None and till.app.backend.receiver is None
        message = till.window.sale_page.message
        assert message.isVisible() and "callback receiver could not start" in message.text()
        assert str(port) in message.text()
        till.scan(MILK)
        till.charge()
        assert till.flow.stage is Stage.AWAITING_PAYMENT
