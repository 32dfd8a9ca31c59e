"""One real sandbox for the session, reset before each test that uses it (as with moto)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from pos_app.qpay import QPayClient
from pos_app.sandbox import SandboxServer

from .helpers import FAST_POLICY, PASSWORD, USERNAME, SandboxControl, SleepRecorder


@pytest.fixture
def sandbox(sandbox_server: SandboxServer) -> SandboxControl:
    return SandboxControl(sandbox_server.url)


@pytest.fixture
def sleeps() -> SleepRecorder:
    return SleepRecorder()


@pytest.fixture
def make_client(sandbox: SandboxControl, sleeps: SleepRecorder) -> Iterator[Callable[..., QPayClient]]:
    made: list[QPayClient] = []

    def make(**options: Any) -> QPayClient:
        base_url = options.pop("base_url", sandbox.url)
        options.setdefault("retry_policy", FAST_POLICY)
        options.setdefault("sleep", sleeps)
        options.setdefault("timeout", (2.0, 5.0))
        client = QPayClient(base_url, options.pop("username", USERNAME), options.pop("password", PASSWORD), **options)
        made.append(client)
        return client

    yield make
    for client in made:
        client.close()


@pytest.fixture
def client(make_client: Callable[..., QPayClient]) -> QPayClient:
    return make_client()
