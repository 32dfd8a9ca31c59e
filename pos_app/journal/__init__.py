"""journal layer (see docs/architecture.md): the SQLite record of every sale, and one app per journal."""

from typing import TYPE_CHECKING

from pos_app.lazy import lazy_names

if TYPE_CHECKING:    # what type checkers and the installer's bundler read; loaded when first used
    from .journal import (
        FINAL_STATUSES as FINAL_STATUSES,
        UNFINISHED_STATUSES as UNFINISHED_STATUSES,
        Journal as Journal,
        JournalError as JournalError,
        JournalReceipt as JournalReceipt,
        JournalSale as JournalSale,
        JournalStatus as JournalStatus,
        ReceiptStatus as ReceiptStatus,
        ReversalKind as ReversalKind,
        ReversalStatus as ReversalStatus,
        SaleNotFound as SaleNotFound,
    )
    from .lock import (
        JournalLock as JournalLock,
        JournalLockedError as JournalLockedError,
    )
    from .schema import (
        LATEST_VERSION as LATEST_VERSION,
    )

__getattr__, __dir__, __all__ = lazy_names(__name__, {
    "journal": "FINAL_STATUSES UNFINISHED_STATUSES Journal JournalError JournalReceipt JournalSale "
               "JournalStatus ReceiptStatus ReversalKind ReversalStatus SaleNotFound",
    "lock": "JournalLock JournalLockedError",
    "schema": "LATEST_VERSION",
})
