"""What every route of the store reaches through `request.app.state.store`."""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Engine

from .callers import SeenTokens
from .creating import CreateLeases
from .errors import DatabaseOutage
from .hint_relay import HintRelay
from .invoice_rows import InvoiceRows
from .push import Hub
from .tokens import TillTokens
from .upstream import Upstream


def new_copy_id() -> str:
    """This copy of the store among those on one database (a random id, new at each start)."""
    return secrets.token_hex(8)


@dataclass
class StoreContext:
    engine: Engine
    upstream: Upstream
    tokens: TillTokens
    public_url: str = ""                  # what QPay reaches for callbacks (set once the server listens)
    invoice_code: str = ""                # the shop's, put on every invoice ("" keeps the till's)
    catalog_file: str | None = None       # the catalog every till sells from (`catalog`)
    copy_id: str = field(default_factory=new_copy_id)
    clock: Callable[[], float] = time.time    # epoch seconds, as every copy reads them (the create leases)
    invoices: InvoiceRows = field(init=False)
    hub: Hub = field(default_factory=Hub)     # this copy's open streams ...
    relay: HintRelay = field(init=False)      # ... and the hints to and from the other copies
    creating: CreateLeases = field(init=False)
    database_outage: DatabaseOutage = field(default_factory=DatabaseOutage)
    seen_tokens: SeenTokens = field(default_factory=SeenTokens)   # till tokens checked lately (`callers`)
    extras: dict[str, Any] = field(default_factory=dict)   # the catalog's source and such, by name

    def __post_init__(self) -> None:
        self.invoices = InvoiceRows(self.engine)
        self.relay = HintRelay(self.hub, self.engine, self.copy_id)
        self.creating = CreateLeases(self.invoices, self.copy_id, self.clock)

    def __repr__(self) -> str:
        return f"StoreContext(public_url={self.public_url!r}, copy_id={self.copy_id!r})"

    def callback_url(self, ref: str) -> str:
        return f"{self.public_url.rstrip('/')}/store/callback/{ref}"
