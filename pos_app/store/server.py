"""The store on a real socket: `StoreServer(...).start()`, `.url`, `stop()` (as the sandboxes are served)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

import anyio.to_thread

from pos_app.qpay import QPayClient
from pos_app.qpay.transport import USER_AGENT, http_session
from pos_app.sandbox.serving import ThreadedAppServer

from .app import create_app
from .context import StoreContext
from .db import open_database
from .limits import ConnectionGuard, ConnectionLimits, RequestLimits, connection_cap, server_tls_context
from .loop_reads import LoopReads
from .sealing import Sealer
from .session import SharedSession, account_key
from .tokens import TillTokens, signing_key
from .upstream import STORE_RETRY_POLICY, STORE_TIMEOUT, Upstream

# Worker threads for the blocking calls (QPay, the database): each till's call waits on QPay in one, so anyio's
# default of 40 made the 41st till of a chain wait for another's QPay call to end before its own began.
WORKER_THREADS = 128


class StoreServer(ThreadedAppServer):
    label = "the store"

    def __init__(self, db_url: str, qpay_url: str, username: str, password: str, *, host: str = "127.0.0.1",
                 port: int = 0, public_url: str = "", invoice_code: str = "",
                 catalog_file: str | None = None, limits: ConnectionLimits | None = None,
                 tls_cert: str | None = None, tls_key: str | None = None, http_parser: str | None = None,
                 wall_clock: Callable[[], float] = time.time, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__(host, port)
        # The default limits, with room for as many connections as the open-file limit allows (`limits`).
        self.limits = limits or ConnectionLimits(max_connections=connection_cap())
        self.guard = ConnectionGuard(self.limits)
        self.http_parser = http_parser       # "httptools" or "h11" (uvicorn's request parser); None: `DEFAULT_PARSER`
        if bool(tls_cert) != bool(tls_key):
            raise ValueError("HTTPS needs both the certificate and its key")
        # Read once here: a certificate or key that cannot be read stops the store before it listens.
        self._tls = server_tls_context(str(tls_cert), str(tls_key)) if tls_cert and tls_key else None
        if self._tls is not None:
            self.scheme = "https"
        self.engine = open_database(db_url)
        # One QPay session for the account, kept in the database for every copy of the store on it.
        # The secrets the database keeps (that session's tokens, the tills' token key) sealed with the password.
        sealer = Sealer(password, username)
        session = SharedSession(self.engine, account_key(username, qpay_url), sealer=sealer, wall_clock=wall_clock,
                                clock=clock)
        # A QPay connection kept for each worker thread (beyond the pool's size each call would connect anew);
        # the environment's proxy settings read once (`http_session(server=...)`).
        self._qpay_session = http_session(pool_size=WORKER_THREADS, server=qpay_url)
        client = QPayClient(qpay_url, username, password, retry_policy=STORE_RETRY_POLICY, timeout=STORE_TIMEOUT,
                            token_holder=session.for_client, session=self._qpay_session)
        upstream = Upstream(client, session, wall_clock, loop_reads=self._loop_reads(qpay_url))
        # A key sealed under another password is replaced only once QPay took this one (`signing_key`).
        till_tokens = TillTokens(signing_key(self.engine, sealer, prove=client.authenticate), self.engine)
        self.context = StoreContext(self.engine, upstream, till_tokens, invoice_code=invoice_code,
                                    catalog_file=catalog_file)
        self._public_url = public_url

    def __repr__(self) -> str:
        return f"StoreServer(port={self.port!r})"

    def _loop_reads(self, qpay_url: str) -> LoopReads | None:
        """The tills' polls answered on the event loop (`loop_reads`); None behind a proxy to QPay, which only the
        worker threads' session goes through."""
        if self._qpay_session.proxies:
            return None
        bundle = self._qpay_session.verify if isinstance(self._qpay_session.verify, str) else None
        return LoopReads(qpay_url, timeout=STORE_TIMEOUT, user_agent=USER_AGENT, ca_bundle=bundle,
                         connections=WORKER_THREADS)

    def app(self) -> Any:
        return RequestLimits(create_app(self.context), max_header_bytes=self.limits.max_header_bytes)

    def uvicorn_options(self) -> dict[str, Any]:
        self.guard = ConnectionGuard(self.limits)        # this serving's connections
        return self.guard.uvicorn_options(self.http_parser, self._tls)

    def start(self, timeout: float = 10.0) -> StoreServer:
        super().start(timeout)
        self._set_worker_threads(timeout)
        self.context.public_url = self._public_url or self.url
        self.context.relay.start()
        return self

    def _set_worker_threads(self, timeout: float) -> None:
        # anyio's limiter belongs to the event loop: set from inside it (the loop the listening socket is on).
        assert self._server is not None

        async def raise_limit() -> None:
            anyio.to_thread.current_default_thread_limiter().total_tokens = WORKER_THREADS

        loop = self._server.servers[0].get_loop()
        asyncio.run_coroutine_threadsafe(raise_limit(), loop).result(timeout)

    def stop(self, timeout: float = 10.0) -> None:
        self.context.relay.stop(timeout)
        self.context.hub.end_all()
        super().stop(timeout)

    async def after_serving(self) -> None:
        await self.context.upstream.close_loop_reads()

    def closed(self) -> None:
        self.context.upstream.client.close()
        self._qpay_session.close()
        self.engine.dispose()
