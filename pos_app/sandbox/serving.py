"""A FastAPI app on a real socket in a background thread, as moto's server mode runs: `start()`, `.url`,
`stop()`. Port 0 picks a free port; the server is ready when `start()` returns. Both sandboxes (QPay's and
PosAPI's) are served this way."""

from __future__ import annotations

import asyncio
import signal
import socket
import threading
from typing import Any, Self

import uvicorn


class ThreadedAppServer:
    """Serves `app()` on `host:port`; a subclass says what it serves (`app`, `label`) and what stopping
    ends (`closed`)."""

    label = "the sandbox"
    scheme = "http"

    def __init__(self, host: str = "127.0.0.1", port: int = 0) -> None:
        self.host = host
        self.port = port
        self._server: uvicorn.Server | None = None
        self._thread: threading.Thread | None = None

    def app(self) -> Any:
        raise NotImplementedError

    def closed(self) -> None:
        """Called once the server has stopped."""

    async def after_serving(self) -> None:
        """Run on the server's event loop once it has stopped serving (what the app opened on that loop)."""

    def uvicorn_options(self) -> dict[str, Any]:
        """More of uvicorn's settings (a TLS certificate, say)."""
        return {}

    @property
    def url(self) -> str:
        if self._server is None:
            raise RuntimeError(f"{self.label} is not running")
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{self.scheme}://{host}:{self.port}"

    def start(self, timeout: float = 10.0) -> Self:
        if self._server is not None:
            return self
        family = socket.AF_INET6 if ":" in self.host else socket.AF_INET
        sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)  # so asyncio sets TCP_NODELAY
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((self.host, self.port))
        self.port = sock.getsockname()[1]
        options: dict[str, Any] = {"timeout_keep_alive": 30, **self.uvicorn_options()}
        config = uvicorn.Config(self.app(), log_level="warning", access_log=False, lifespan="off", **options)
        server = uvicorn.Server(config)
        started = threading.Event()

        def serve() -> None:
            async def run() -> None:
                serving = asyncio.ensure_future(server.serve(sockets=[sock]))
                while not server.started and not serving.done():
                    await asyncio.sleep(0.005)
                started.set()
                try:
                    await serving
                finally:
                    await self.after_serving()

            asyncio.run(run())
            started.set()

        self._thread = threading.Thread(target=serve, name=self.label.replace(" ", "-"), daemon=True)
        self._thread.start()
        if not started.wait(timeout) or not server.started:
            server.should_exit = True
            raise RuntimeError(f"{self.label} did not start on {self.host}:{self.port}")
        self._server = server
        return self

    def stop(self, timeout: float = 10.0) -> None:
        if self._server is None:
            return
        self._server.should_exit = True
        if self._thread is not None:
            self._thread.join(timeout)
        self._server = None
        self.closed()

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


def serve_until_signalled(*servers: ThreadedAppServer, ready_line: str = "") -> None:
    """Block until SIGINT or SIGTERM, then stop `servers`, the last first (a program's main thread).
    `ready_line` is printed once the signals are handled: a SIGTERM sent on reading it stops the servers
    cleanly, never kills the process outright."""
    stopping = threading.Event()
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, lambda *_: stopping.set())
    if ready_line:
        print(ready_line, flush=True)
    stopping.wait()
    for server in reversed(servers):
        server.stop()
