"""Suite-wide settings and the one sandbox all client and GUI tests talk to."""

from __future__ import annotations

import os
from typing import Iterator

import pytest

# Qt renders offscreen, so tests need no display (set before any Qt import).
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from pos_app.sandbox import SandboxServer  # noqa: E402


@pytest.fixture(scope="session")
def sandbox_server() -> Iterator[SandboxServer]:
    """A real sandbox on loopback for the whole session, like moto's threaded server."""
    server = SandboxServer().start()
    yield server
    server.stop()


@pytest.fixture(autouse=True)
def _fresh_sandbox(request: pytest.FixtureRequest) -> None:
    # Tests that need no sandbox never start it; any test that uses it gets a clean one.
    if "sandbox_server" in request.fixturenames:
        request.getfixturevalue("sandbox_server").reset()
