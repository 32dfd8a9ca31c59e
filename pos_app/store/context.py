"""What every route of the store reaches through `request.app.state.store`."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Engine

from .callers import SeenTokens
from .creating import CreatesInFlight
from .invoice_rows import InvoiceRows
from .push import Hub
from .tokens import TillTokens
from .upstream import Upstream


@dataclass
class StoreContext:
    engine: Engine
    upstream: Upstream
    tokens: TillTokens
    public_url: str = ""                  # what QPay reaches for callbacks (set once the server listens)
    invoice_code: str = ""                # the shop's, put on every invoice ("" keeps the till's)
    catalog_file: str | None = None       # the catalog every till sells from (`catalog`)
    invoices: InvoiceRows = field(init=False)
    hub: Hub = field(default_factory=Hub)
    creating: CreatesInFlight = field(default_factory=CreatesInFlight)
    seen_tokens: SeenTokens = field(default_factory=SeenTokens)   # till tokens checked lately (`callers`)
    extras: dict[str, Any] = field(default_factory=dict)   # the catalog's source and such, by name

    def __post_init__(self) -> None:
        self.invoices = InvoiceRows(self.engine)

    def __repr__(self) -> str:
        return f"StoreContext(public_url={self.public_url!r})"

    def callback_url(self, ref: str) -> str:
        return f"{self.public_url.rstrip('/')}/store/callback/{ref}"
