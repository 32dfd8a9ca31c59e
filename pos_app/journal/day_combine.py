"""Several tills' day closes as one: a shop's day, or a chain's (the store's report, `pos_app.store.reports`).

`combine` adds `DaySummary`s figure by figure: counts and amounts add, tallies add, the by-bank and by-type
tallies merge by their key, and the sales owed a receipt (or left with a receipt after a return) are listed
together. A combined day belongs to no till
and to no close: `since` and `closed_at` stay empty.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import fields
from datetime import date
from decimal import Decimal

from .day_summary import DaySummary, Tally, largest_first

__all__ = ["combine"]

_NOT_ADDED = frozenset({"day", "terminal", "since", "closed_at"})
_MERGED_BY_KEY = frozenset({"by_bank", "by_payment_type", "given_back_by_type"})


def combine(summaries: Iterable[DaySummary], *, day: date | None = None, terminal: str = "") -> DaySummary:
    """The sum of these summaries, named `terminal` (a shop's name, say). They must be of one day; `day` is
    that day when there are none (an empty shop's day is all zero)."""
    summaries = tuple(summaries)
    days = {summary.day for summary in summaries} | ({day} if day is not None else set())
    if len(days) != 1:
        raise ValueError(f"summaries of one day are combined, not of {sorted(days) or 'no day'}")
    values: dict[str, object] = {"day": days.pop(), "terminal": terminal}
    for field in fields(DaySummary):
        if field.name in _NOT_ADDED:
            continue
        parts = [getattr(summary, field.name) for summary in summaries]
        if field.name in _MERGED_BY_KEY:
            merged: dict[str, Tally] = {}
            for pairs in parts:
                for key, tally in pairs:
                    merged[key] = merged.get(key, Tally()) + tally
            values[field.name] = largest_first(merged)
        elif field.name in ("owing", "left_valid"):
            values[field.name] = tuple(pair for pairs in parts for pair in pairs)
        elif not parts:
            continue                          # the field's own zero
        elif isinstance(parts[0], Tally):
            values[field.name] = sum(parts, Tally())
        elif isinstance(parts[0], Decimal):
            values[field.name] = sum(parts, Decimal(0))
        else:
            values[field.name] = sum(parts)
    return DaySummary(**values)  # type: ignore[arg-type]
