"""Migration 13: the unpaid cart on screen, kept as it changes (`kept_cart`), so a till closed or killed mid-sale
brings it back at its next start. Kept apart from `schema` for length."""

from __future__ import annotations

import sqlite3


def add_kept_cart(db: sqlite3.Connection) -> None:
    """Migration 13: `kept_cart`, one row a terminal: the cart on screen before it became a sale."""
    db.execute("CREATE TABLE kept_cart ("
               " terminal TEXT PRIMARY KEY,"
               " kept_at TEXT NOT NULL,"
               " kept_by TEXT NOT NULL DEFAULT '',"
               " lines_json TEXT NOT NULL,"
               " discount_json TEXT)")
