"""The QPay sandbox on a real socket in a background thread: `start()`, `.url`, `reset()`, `stop()`."""

from __future__ import annotations

from fastapi import FastAPI

from .app import create_app
from .service import Sandbox, SandboxOptions
from .serving import ThreadedAppServer


class SandboxServer(ThreadedAppServer):
    """Like moto's threaded server. Port 0 picks a free port; ready when `start()` returns."""

    def __init__(self, host: str = "127.0.0.1", port: int = 0,
                 options: SandboxOptions | None = None) -> None:
        super().__init__(host, port)
        self.sandbox = Sandbox(options)

    def app(self) -> FastAPI:
        return create_app(self.sandbox)

    def reset(self) -> None:
        self.sandbox.reset()

    def closed(self) -> None:
        self.sandbox.close()
