"""journal layer (see docs/architecture.md): the SQLite record of every sale, and one app per journal."""

from .journal import (
                      FINAL_STATUSES,
                      UNFINISHED_STATUSES,
                      Journal,
                      JournalError,
                      JournalReceipt,
                      JournalSale,
                      JournalStatus,
                      ReceiptStatus,
                      ReversalKind,
                      ReversalStatus,
                      SaleNotFound,
)
from .lock import JournalLock, JournalLockedError
from .schema import LATEST_VERSION

__all__ = ["FINAL_STATUSES", "LATEST_VERSION", "UNFINISHED_STATUSES", "Journal", "JournalError", "JournalLock",
           "JournalLockedError", "JournalReceipt", "JournalSale", "JournalStatus", "ReceiptStatus", "ReversalKind",
           "ReversalStatus", "SaleNotFound"]
