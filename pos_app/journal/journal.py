"""The sales journal: every step of a sale, on disk before its network call.

A till that crashes mid-payment must not lose the sale, charge twice or forget
a receipt. So each step is committed (WAL, synchronous=FULL) *before* the
call it announces and updated *after* the answer; at start-up
`journal.queries.unfinished()` lists what a crash interrupted, for recovery to
settle with the service.

Each step checks the sale's current status and appends an `events` row in the
same transaction, so the row and its history never disagree. Money is stored
as TEXT holding the exact `Decimal` (REAL would round it).

`Journal` opens the file (`JournalStore`) and holds the step and query objects
built over it, one per capability: `journal.sales.begin(...)`,
`journal.tenders.take(...)`, `journal.queries.get(number)`.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any, Callable

from .parked import Parked
from .people import People
from .posapi_steps import PosApiSteps
from .queries import SaleQueries
from .receipt_rows import JournalReceipt, ReceiptStatus
from .records import (
    FINAL_STATUSES,
    UNFINISHED_STATUSES,
    JournalSale,
    JournalStatus,
    ReversalKind,
    ReversalStatus,
    SaleNotFound,
)
from .remainder_steps import RemainderSteps
from .return_steps import ReturnSteps
from .reversal_steps import ReversalSteps
from .sale_steps import SaleSteps
from .schema import JournalError
from .store import JournalStore
from .tender_steps import TenderSteps
from .till_log import TillLog

__all__ = ["FINAL_STATUSES", "UNFINISHED_STATUSES", "Journal", "JournalError", "JournalReceipt", "JournalSale",
           "JournalStatus", "ReceiptStatus", "ReversalKind", "ReversalStatus", "SaleNotFound"]


class Journal:
    """The journal file of one terminal and its parts. Safe to share between threads (one connection behind a
    lock, in `store`).

    - `queries`: the sales, their step logs, what the store ships (`SaleQueries`);
    - `sales`: a QPay sale's own steps, its receipt asked and issued (`SaleSteps`);
    - `tenders`: cash and the card terminal (`TenderSteps`);
    - `posapi`: a receipt through the shop's PosAPI (`PosApiSteps`);
    - `reversals`: a paid sale's card payments given back, its receipts voided (`ReversalSteps`);
    - `returns`: a part of a paid sale returned (`ReturnSteps`);
    - `remainders`: a partly paid sale's remainder invoices and its part given back (`RemainderSteps`);
    - `people`, `parked`, `till_log`: the till's people, parked carts and its own log.
    """

    def __init__(self, path: str | Path, terminal_id: str, clock: Callable[[], datetime] | None = None) -> None:
        self.store = JournalStore(path, terminal_id, clock)
        self.queries = SaleQueries(self.store)
        self.sales = SaleSteps(self.store)
        self.tenders = TenderSteps(self.store)
        self.posapi = PosApiSteps(self.store, self.sales, self.queries)
        self.reversals = ReversalSteps(self.store)
        self.returns = ReturnSteps(self.store)
        self.remainders = RemainderSteps(self.store)
        self.till_log = TillLog(self.store)
        self.people = People(self.store, self.till_log)
        self.parked = Parked(self.store, self.till_log)

    @property
    def path(self) -> Path:
        return self.store.path

    @property
    def terminal_id(self) -> str:
        return self.store.terminal_id

    def __repr__(self) -> str:
        return f"Journal({str(self.path)!r}, terminal_id={self.terminal_id!r})"

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def close(self) -> None:
        self.store.close()

    def now(self) -> datetime:
        """The time the journal would stamp on a step now (the shop's wall time, as its clock gives it)."""
        return self.store.now()

    def pragma(self, name: str) -> Any:
        """A PRAGMA's value on the journal's own connection (synchronous is per connection)."""
        return self.store.pragma(name)
