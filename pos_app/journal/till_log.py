"""The till's own log in the journal file: what happened at the till that is no sale's step (signed in, locked, the
drawer opened without a sale, Settings opened, a price changed, someone added, a cart parked); append-only, each
with who acted (`acting`).
"""

from __future__ import annotations

import json
import sqlite3

from .acting import acting
from .record_text import dumps, time_text
from .store import JournalStore

__all__ = ["TillLog"]


class TillLog:
    """The terminal's `till_events`, in `store`."""

    def __init__(self, store: JournalStore) -> None:
        self.store = store

    def note(self, kind: str, detail: dict[str, object] | None = None) -> None:
        with self.store.writing() as db:
            self.write(db, kind, detail or {})

    def write(self, db: sqlite3.Connection, kind: str, detail: dict[str, object]) -> None:
        """Inside the caller's transaction (a person added, a cart parked): the event goes with the change."""
        db.execute("INSERT INTO till_events (terminal, at, kind, by, detail_json) VALUES (?, ?, ?, ?, ?)",
                   (self.store.terminal_id, time_text(self.store.now()), kind, acting(), dumps(detail)))

    def read(self, limit: int = 200) -> list[tuple[str, str, str, dict[str, object]]]:
        """The newest first: (time, kind, by, detail)."""
        rows = self.store.read("SELECT at, kind, by, detail_json FROM till_events WHERE terminal = ?"
                               " ORDER BY id DESC LIMIT ?", (self.store.terminal_id, limit))
        return [(row["at"], row["kind"], row["by"], json.loads(row["detail_json"])) for row in rows]
