"""The day close across tills: each till's day rebuilt from the journal it shipped (`journal_feed`), and its
shop's and the chain's sums (`pos_app.journal.day_combine.combine`).

A till's day is computed exactly as the till's own `load_day(journal.queries, day)` computes it: the same sales (those
with a step from the day before to the end of the day), the same steps (a sale begun earlier with its whole
log), the same list of what needs attention (`needing_attention`, from any day), and the same pure
`summarize`, over the sales rebuilt with the journal's own readers (`sale_from_row` and the receipt and tender
row readers). So, once a till has shipped everything, the store's figures of it are the till's own.

The store counts **calendar days only**: it knows nothing of the closes (Z reports) a till made, which move what
happened after a close to the next day on that till. A till that closed its day before midnight and sold after
the close shows that sale on the day here, and on the next day at the till.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any

from sqlalchemy import Engine, select

from pos_app.journal import receipt_rows, return_rows, tender_rows
from pos_app.journal.day_combine import combine
from pos_app.journal.day_summary import DaySummary, Event, day_bounds, summarize, wall_clock
from pos_app.journal.records import JournalSale, sale_from_row

from .credentials import OWNER, TILL, Caller
from .db import credentials, journal_events, journal_sales
from .jsonio import read_kept

__all__ = ["ChainDay", "ShopDay", "chain_day", "rebuild_sale", "till_day", "visible_shops"]

_CHUNK = 500      # sale numbers a query names at once


@dataclass(frozen=True)
class ShopDay:
    shop: str
    tills: tuple[DaySummary, ...]      # by till name
    total: DaySummary                  # named after the shop


@dataclass(frozen=True)
class ChainDay:
    day: date
    shops: tuple[ShopDay, ...]         # by shop name ("" first: tills of no named shop)
    total: DaySummary


def rebuild_sale(snapshot: Mapping[str, Any]) -> JournalSale:
    """The till's `JournalSale` from its shipped rows (`{sale, receipts, tenders, part_returns}`)."""
    receipts = tuple(receipt_rows.from_row(row) for row in snapshot["receipts"])
    tenders = tuple(tender_rows.from_row(row) for row in snapshot["tenders"])
    returns = tuple(return_rows.from_row(row) for row in snapshot.get("part_returns", ()))
    return sale_from_row(snapshot["sale"], receipts, tenders, returns)


def _bytewise(engine: Engine, column: Any) -> Any:
    # The times are compared as text; PostgreSQL's collation may not sort by bytes as SQLite does.
    return column.collate("C") if engine.dialect.name == "postgresql" else column


def till_day(engine: Engine, terminal: str, day: date) -> DaySummary:
    """`terminal`'s calendar day as the till's `load_day(journal.queries, day).summary` gives it (see the module)."""
    first = day - timedelta(days=1)
    low, high = first.isoformat(), (day + timedelta(days=1)).isoformat()
    e = journal_events.c
    at = _bytewise(engine, e.at)
    with engine.connect() as db:
        steps = db.execute(select(e.number, e.at, e.kind, e.detail_json)
                           .where(e.terminal == terminal, at >= low, at < high).order_by(e.event_id)).all()
        sales = _sales(db, terminal, list(dict.fromkeys(step.number for step in steps)))
        events: dict[str, list[Event]] = {}
        for step in steps:
            events.setdefault(step.number, []).append(_event(step))
        # Begun before the steps read: what it did earlier (payments learnt of, paid, given back) is needed too.
        earlier = [sale.number for sale in sales if wall_clock(sale.created_at) < day_bounds(first)[0]]
        for number in earlier:
            events[number] = []
        for chunk in _chunks(earlier):
            for step in db.execute(select(e.number, e.at, e.kind, e.detail_json)
                                   .where(e.terminal == terminal, e.number.in_(chunk)).order_by(e.event_id)):
                events[step.number].append(_event(step))
        attention = [rebuild_sale(read_kept(row.snapshot_json)) for row in db.execute(
            select(journal_sales.c.snapshot_json)
            .where(journal_sales.c.terminal == terminal, journal_sales.c.attention.is_(True)))]
    return summarize(sales, day, terminal, events, attention=attention)


def _event(step: Any) -> Event:
    return datetime.fromisoformat(step.at), step.kind, read_kept(step.detail_json)


def _chunks(numbers: list[str]) -> Iterable[list[str]]:
    for start in range(0, len(numbers), _CHUNK):
        yield numbers[start:start + _CHUNK]


def _sales(db: Any, terminal: str, numbers: list[str]) -> list[JournalSale]:
    s = journal_sales.c
    rows = []
    for chunk in _chunks(numbers):
        rows += db.execute(select(s.created_at, s.number, s.snapshot_json)
                           .where(s.terminal == terminal, s.number.in_(chunk))).all()
    rows.sort(key=lambda row: (row.created_at, row.number))
    return [rebuild_sale(read_kept(row.snapshot_json)) for row in rows]


# -- shops and the chain -------------------------------------------------------------------------------------

def tills_by_shop(engine: Engine) -> dict[str, list[str]]:
    """Every till the store knows, by shop: those with a key, and those whose journal it keeps (a till removed
    since stays in the shop it last shipped from)."""
    shops: dict[str, str] = {}
    with engine.connect() as db:
        for row in db.execute(select(credentials.c.name, credentials.c.shop).where(credentials.c.role == TILL)):
            shops[row.name] = row.shop
        shipped = db.execute(select(journal_events.c.terminal).distinct()).scalars().all()
        for terminal in shipped:
            if terminal not in shops:
                last = db.execute(select(journal_sales.c.shop).where(journal_sales.c.terminal == terminal)
                                  .order_by(journal_sales.c.last_event_id.desc()).limit(1)).scalar()
                shops[terminal] = last or ""
    by_shop: dict[str, list[str]] = {}
    for till, shop in sorted(shops.items()):
        by_shop.setdefault(shop, []).append(till)
    return dict(sorted(by_shop.items()))


def visible_shops(caller: Caller) -> set[str] | None:
    """The shops a caller may read: an owner of no shop in particular reads them all (None); anyone else, their
    own shop."""
    if caller.role == OWNER and caller.shop == "":
        return None
    return {caller.shop}


def chain_day(engine: Engine, day: date, shops: set[str] | None = None) -> ChainDay:
    """The day of every till of `shops` (None: all), each shop's sum and theirs."""
    shop_days = []
    for shop, tills in tills_by_shop(engine).items():
        if shops is not None and shop not in shops:
            continue
        summaries = tuple(till_day(engine, till, day) for till in tills)
        shop_days.append(ShopDay(shop, summaries, combine(summaries, day=day, terminal=shop)))
    if shops is not None:
        # A shop with no till yet still answers, all zero (a till asking about its own shop always sees it).
        known = {shop_day.shop for shop_day in shop_days}
        shop_days += [ShopDay(shop, (), combine((), day=day, terminal=shop)) for shop in sorted(shops - known)]
        shop_days.sort(key=lambda shop_day: shop_day.shop)
    total = combine((shop_day.total for shop_day in shop_days), day=day)
    return ChainDay(day, tuple(shop_days), total)
