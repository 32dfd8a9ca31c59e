"""Tills at a store (pos-store), for the store's whole-shop tests: each till a real app with its own folders,
logged in at the store with its own key."""

from __future__ import annotations

import json
import os
import queue
import socket
import subprocess
import sys
import threading
from pathlib import Path

from pytestqt.qtbot import QtBot

from pos_app.app.root import PosApp
from pos_app.app.paths import AppPaths
from pos_app.config import Environment, SessionSecretStore, secret_account
from pos_app.domain.poll import PollSchedule
from tests.qpay.helpers import SandboxControl

from .conftest import WAIT_MS, Till

# Polling slow enough that the store's pushed hint is what finds a payment (polling stays the safety net).
PUSH_SCHEDULE = PollSchedule(fast_interval=3.0, fast_period=30, medium_interval=3.0, medium_period=60,
                             slow_interval=3.0)


def store_till(qtbot: QtBot, folder: Path, store_url: str, sandbox_url: str, name: str, key: str,
               schedule: PollSchedule = PUSH_SCHEDULE, settings: dict[str, object] | None = None,
               passwords: dict[str, str] | None = None) -> Till:
    """A till named `name` at the store, started and ready (its sandbox control talks to the store's QPay).
    `settings`: more of its settings; `passwords`: more keyring entries (account: password)."""
    config = folder / "config"
    config.mkdir(parents=True, exist_ok=True)
    (config / "settings.json").write_text(json.dumps({
        "environment": "store", "base_url": store_url, "terminal_id": name, "shop_name": "Store test",
        "training_posapi": False, **(settings or {})}), encoding="utf-8")
    secrets = SessionSecretStore()
    secrets.set_password(secret_account(Environment.STORE, store_url, name), key)
    for account, password in (passwords or {}).items():
        secrets.set_password(account, password)
    app = PosApp(AppPaths(config, folder / "data", folder / "cache"), secrets=secrets, schedule=schedule)
    app.window.set_ask_before_quit(False)
    with qtbot.waitSignal(app.ready, timeout=WAIT_MS):
        app.start()
    app.window.activateWindow()
    qtbot.waitUntil(app.window.sale_page.entry.hasFocus, timeout=WAIT_MS)
    return Till(app, qtbot, SandboxControl(sandbox_url))


class StoreProcess:
    """`pos-store serve` as its own process (so a test can really kill it), on a fixed port so that the store
    started again answers at the same address."""

    def __init__(self, db_url: str, qpay_url: str, port: int) -> None:
        self.db_url, self.qpay_url, self.port = db_url, qpay_url, port
        self.process: subprocess.Popen[str] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 30.0) -> StoreProcess:
        env = {**os.environ, "POS_STORE_QPAY_PASSWORD": "123456"}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "pos_app.store", "serve", "--db", self.db_url, "--qpay-url", self.qpay_url,
             "--username", "TEST_MERCHANT", "--invoice-code", "TEST_INVOICE", "--port", str(self.port)],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
        lines: queue.Queue[str] = queue.Queue()
        self.errors: list[str] = []
        stdout, stderr = self.process.stdout, self.process.stderr
        assert stdout is not None and stderr is not None
        threading.Thread(target=lambda: [lines.put(line) for line in stdout], daemon=True).start()
        threading.Thread(target=lambda: [self.errors.append(line) for line in stderr], daemon=True).start()
        try:
            line = lines.get(timeout=timeout)
        except queue.Empty:
            raise AssertionError(f"the store did not start: {''.join(self.errors)[-2000:]}") from None
        assert line.strip() == f"store listening on {self.url}", line
        return self

    def kill(self) -> None:
        """SIGKILL: no goodbye, as when the machine loses power."""
        if self.process is not None:
            self.process.kill()
            self.process.wait(10)
            self.process = None

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)
            self.process = None


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])
