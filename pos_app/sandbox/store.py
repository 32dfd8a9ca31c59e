"""Optional persistence: the sandbox's records in one SQLite file (`--state FILE`)."""

from __future__ import annotations

import json
import sqlite3
import threading
from decimal import Decimal
from pathlib import Path
from typing import Any


def _encode(value: Any) -> Any:
    if isinstance(value, Decimal):
        return {"$dec": str(value)}
    raise TypeError(f"cannot store {type(value).__name__}")


def _decode(obj: dict[str, Any]) -> Any:
    if obj.keys() == {"$dec"}:
        return Decimal(obj["$dec"])
    return obj


class ObjectStore:
    """A write-through copy of records, keyed by (kind, id); Decimals stay exact."""

    def __init__(self, path: str | Path) -> None:
        self._db = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("CREATE TABLE IF NOT EXISTS objects (kind TEXT NOT NULL, id TEXT NOT NULL,"
                         " data TEXT NOT NULL, PRIMARY KEY (kind, id))")
        self._lock = threading.Lock()

    def save(self, kind: str, key: str, record: Any) -> None:
        data = json.dumps(record, default=_encode, ensure_ascii=False)
        with self._lock:
            self._db.execute("INSERT OR REPLACE INTO objects (kind, id, data) VALUES (?, ?, ?)",
                             (kind, key, data))

    def load(self, kind: str) -> dict[str, Any]:
        with self._lock:
            rows = self._db.execute("SELECT id, data FROM objects WHERE kind = ? ORDER BY rowid",
                                    (kind,)).fetchall()
        return {key: json.loads(data, object_hook=_decode) for key, data in rows}

    def clear(self) -> None:
        with self._lock:
            self._db.execute("DELETE FROM objects")

    def close(self) -> None:
        with self._lock:
            self._db.close()
