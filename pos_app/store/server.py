"""The store on a real socket: `StoreServer(...).start()`, `.url`, `stop()` (as the sandboxes are served)."""

from __future__ import annotations

from typing import Any

from pos_app.qpay import QPayClient
from pos_app.sandbox.serving import ThreadedAppServer

from .app import create_app
from .context import StoreContext
from .db import open_database
from .tokens import TillTokens, signing_key
from .upstream import STORE_RETRY_POLICY, STORE_TIMEOUT, Upstream


class StoreServer(ThreadedAppServer):
    label = "the store"

    def __init__(self, db_url: str, qpay_url: str, username: str, password: str, *, host: str = "127.0.0.1",
                 port: int = 0, public_url: str = "", invoice_code: str = "",
                 catalog_file: str | None = None) -> None:
        super().__init__(host, port)
        self.engine = open_database(db_url)
        client = QPayClient(qpay_url, username, password, retry_policy=STORE_RETRY_POLICY, timeout=STORE_TIMEOUT)
        self.context = StoreContext(self.engine, Upstream(client), TillTokens(signing_key(self.engine)),
                                    invoice_code=invoice_code, catalog_file=catalog_file)
        self._public_url = public_url

    def __repr__(self) -> str:
        return f"StoreServer(port={self.port!r})"

    def app(self) -> Any:
        return create_app(self.context)

    def start(self, timeout: float = 10.0) -> StoreServer:
        super().start(timeout)
        self.context.public_url = self._public_url or self.url
        self.context.relay.start()
        return self

    def stop(self, timeout: float = 10.0) -> None:
        self.context.relay.stop(timeout)
        self.context.hub.end_all()
        super().stop(timeout)

    def closed(self) -> None:
        self.context.upstream.client.close()
        self.engine.dispose()
