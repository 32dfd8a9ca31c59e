"""Migration 12: the cash step a partial return is rounded by (`part_returns.cash_step`).

Cash leaves the drawer in whole tögrög, rounded by the shop's `cash_rounding` step (1, 5, 10, 50 or 100 ₮). A return
keeps the step it was begun with, so a QPay refund refused later, or read back at the next start after the setting
changed, goes back in cash rounded as the return dialog said. Returns recorded before gave their cash back exact;
they take the default step, 1 ₮. Kept apart from `schema` for length."""

from __future__ import annotations

import sqlite3


def add_return_cash_step(db: sqlite3.Connection) -> None:
    """Migration 12: `part_returns.cash_step`, the step a return's cash is rounded by ('1' for those before)."""
    db.execute("ALTER TABLE part_returns ADD COLUMN cash_step TEXT NOT NULL DEFAULT '1'")
