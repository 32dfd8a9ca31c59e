"""The PosAPI sandbox on a real socket in a background thread: `start()`, `.url`, `reset()`, `stop()`."""

from __future__ import annotations

from typing import Any

from ..serving import ThreadedAppServer
from .app import create_app
from .service import PosApiOptions, PosApiSandbox


class PosApiSandboxServer(ThreadedAppServer):
    """Port 0 picks a free port; ready when `start()` returns."""

    label = "the PosAPI sandbox"

    def __init__(self, host: str = "127.0.0.1", port: int = 0, options: PosApiOptions | None = None) -> None:
        super().__init__(host, port)
        self.sandbox = PosApiSandbox(options)

    def app(self) -> Any:
        return create_app(self.sandbox)

    def reset(self) -> None:
        self.sandbox.reset()
