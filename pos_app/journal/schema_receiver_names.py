"""Migration 13: the organization's name beside its register (`sales.receiver_name`, `receipts.receiver_name`).

A receipt to an organization shows and prints the name the tax system's look-up gave for its register, so the
cashier can read it back and the customer sees whose receipt it is. The name is no tax secret (unlike the
lottery); receivers recorded before have none ('') and show their register alone. Kept apart from `schema` for
length."""

from __future__ import annotations

import sqlite3


def add_receiver_names(db: sqlite3.Connection) -> None:
    """Migration 13: `receiver_name` on the sale (the receiver asked) and on each receipt (the one recorded)."""
    db.execute("ALTER TABLE sales ADD COLUMN receiver_name TEXT NOT NULL DEFAULT ''")
    db.execute("ALTER TABLE receipts ADD COLUMN receiver_name TEXT NOT NULL DEFAULT ''")
