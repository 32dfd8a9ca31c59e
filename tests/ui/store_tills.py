"""Tills at a store (pos-store), for the store's whole-shop tests: each till a real app with its own folders,
logged in at the store with its own key."""

from __future__ import annotations

import json
from pathlib import Path

from pytestqt.qtbot import QtBot

from pos_app.app import PosApp
from pos_app.backend import AppPaths
from pos_app.config import Environment, SessionSecretStore, secret_account
from pos_app.domain.poll import PollSchedule
from tests.qpay.helpers import SandboxControl

from .conftest import WAIT_MS, Till

# Polling slow enough that the store's pushed hint is what finds a payment (polling stays the safety net).
PUSH_SCHEDULE = PollSchedule(fast_interval=3.0, fast_period=30, medium_interval=3.0, medium_period=60,
                             slow_interval=3.0)


def store_till(qtbot: QtBot, folder: Path, store_url: str, sandbox_url: str, name: str, key: str,
               schedule: PollSchedule = PUSH_SCHEDULE) -> Till:
    """A till named `name` at the store, started and ready (its sandbox control talks to the store's QPay)."""
    config = folder / "config"
    config.mkdir(parents=True, exist_ok=True)
    (config / "settings.json").write_text(json.dumps({
        "environment": "store", "base_url": store_url, "terminal_id": name, "shop_name": "Store test",
        "training_posapi": False}), encoding="utf-8")
    secrets = SessionSecretStore()
    secrets.set_password(secret_account(Environment.STORE, store_url, name), key)
    app = PosApp(AppPaths(config, folder / "data", folder / "cache"), secrets=secrets, schedule=schedule)
    app.window.ask_before_quit = False
    with qtbot.waitSignal(app.ready, timeout=WAIT_MS):
        app.start()
    app.window.activateWindow()
    qtbot.waitUntil(app.window.sale_page.entry.hasFocus, timeout=WAIT_MS)
    return Till(app, qtbot, SandboxControl(sandbox_url))
