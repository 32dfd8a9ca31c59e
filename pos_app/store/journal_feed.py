"""The tills' journals at the store: each till ships its step log and its sales' rows here in the background
(`pos_app.storelink.shipping`), and the store keeps them for the day close across tills (`journal_days`).

    GET  /store/journal/{terminal}/last   -> {"terminal", "last_event_id"}   (the high-water mark; 0: nothing yet)
    POST /store/journal/{terminal}        <- {"events": [{event_id, number, at, kind, detail}, ...],
                                              "sales": [{number, last_event_id, sale, receipts, tenders}, ...]}
                                          -> {"terminal", "stored", "last_event_id"}

`sales` holds, for each sale the batch's steps touch, its rows as they stood when the batch was read: the
`sales` row, its receipt rows and its tender rows, as objects of column values (the till's own
`journal.queries.shipment`). Only the till itself ships its journal (the caller's name is `{terminal}`); owners ship
nothing. Append-only and idempotent: a step already kept (by terminal and event id) is left as it was, so a
batch sent twice changes nothing; a sale's rows replace those kept only when they are newer (a higher
`last_event_id`). A batch is checked whole before anything is stored: a bad one is refused (400, its words say
what is wrong) and nothing of it is kept.
"""

from __future__ import annotations

import re
from dataclasses import fields, is_dataclass
from decimal import Decimal, InvalidOperation
from typing import Any

from fastapi import APIRouter, Request
from sqlalchemy import Engine, func, select
from starlette.concurrency import run_in_threadpool

from pos_app.journal.queries import needing_attention
from pos_app.qpay.fields import MAX_AMOUNT_DIGITS, MAX_AMOUNT_PLACES

from .callers import any_caller
from .credentials import Caller
from .db import journal_events, journal_sales
from .errors import StoreError
from .ids import path_id
from .journal_days import rebuild_sale
from .jsonio import StoreJSON, exact_json, read_json

router = APIRouter(prefix="/store/journal")

MAX_EVENTS = 1000             # a batch's steps (the till sends 500 at most); keeps one statement's parameters low
MAX_SALES = 1000
MAX_BODY_BYTES = 32 * 1024 * 1024
_MAX_ID = 2 ** 63 - 1
# What `records.time_text` writes: fixed width, so text order is time order (the day's steps are read by text).
_MOMENT = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}([+-]\d{2}:\d{2})?")


def _bad(message: str) -> StoreError:
    return StoreError(400, "INVALID_PARAMETERS", message)


def shipping_till(request: Request, terminal: str) -> Caller:
    """The caller, when it is the till whose journal this is (403 for an owner or another till; a blank name is
    no till's: not found)."""
    caller = any_caller(request)
    if not caller.is_till:
        raise StoreError(403, "NOT_A_TILL", "only a till ships its journal")
    if caller.name != path_id(terminal, "journal"):
        raise StoreError(403, "NOT_YOUR_JOURNAL", "a till ships only its own journal")
    return caller


@router.get("/{terminal}/last")
async def last_event(terminal: str, request: Request) -> StoreJSON:
    await run_in_threadpool(shipping_till, request, terminal)
    engine = request.app.state.store.engine
    mark = await run_in_threadpool(high_water_mark, engine, terminal)
    return StoreJSON({"terminal": terminal, "last_event_id": mark})


@router.post("/{terminal}")
async def ship(terminal: str, request: Request) -> StoreJSON:
    till = await run_in_threadpool(shipping_till, request, terminal)
    body = await request.body()
    if len(body) > MAX_BODY_BYTES:
        raise StoreError(413, "TOO_LARGE", f"a batch is at most {MAX_BODY_BYTES} bytes: send fewer steps")
    try:
        # Exact: an amount sent as a number stays the decimal it says (a float's would not); a NUL is kept, as
        # the JSON the steps are kept in escapes it.
        said = read_json(body, nul_allowed=True)
    except ValueError as exc:
        raise _bad(f"the body is not JSON the store takes: {exc}") from None
    events, sales = _batch(terminal, till.shop, said)
    engine = request.app.state.store.engine
    stored, mark = await run_in_threadpool(store_batch, engine, terminal, events, sales)
    return StoreJSON({"terminal": terminal, "stored": stored, "last_event_id": mark})


# -- checking a batch ------------------------------------------------------------------------------------------

def _batch(terminal: str, shop: str, said: object) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    if not isinstance(said, dict):
        raise _bad("the body is not a JSON object")
    unknown = set(said) - {"events", "sales"}
    if unknown:
        raise _bad(f"unknown fields: {', '.join(sorted(map(str, unknown)))}")
    events, sales = said.get("events"), said.get("sales", [])
    if not isinstance(events, list) or not isinstance(sales, list):
        raise _bad("events and sales are lists")
    if len(events) > MAX_EVENTS or len(sales) > MAX_SALES:
        raise _bad(f"a batch holds at most {MAX_EVENTS} events and {MAX_SALES} sales")
    event_rows = [_event_row(terminal, index, event) for index, event in enumerate(events)]
    sale_rows = [_sale_row(terminal, shop, index, sale) for index, sale in enumerate(sales)]
    for rows, key, what in ((event_rows, "event_id", "event"), (sale_rows, "number", "sale")):
        keys = [row[key] for row in rows]
        if len(set(keys)) != len(keys):
            raise _bad(f"a batch names each {what} once")
    return event_rows, sale_rows


def _text(record: dict[str, Any], name: str, where: str, longest: int = 64) -> str:
    value = record.get(name)
    if not isinstance(value, str) or not value.strip() or len(value) > longest or "\x00" in value:
        raise _bad(f"{where}.{name} must be a text of 1 to {longest} characters (without a NUL)")
    return value


def _whole(record: dict[str, Any], name: str, where: str, least: int) -> int:
    value = record.get(name)
    if type(value) is not int or not least <= value <= _MAX_ID:
        raise _bad(f"{where}.{name} must be a whole number from {least}")
    return value


def _event_row(terminal: str, index: int, event: object) -> dict[str, Any]:
    where = f"events[{index}]"
    if not isinstance(event, dict):
        raise _bad(f"{where} is not an object")
    at = _text(event, "at", where, 40)
    if not _MOMENT.fullmatch(at):
        raise _bad(f"{where}.at must be a time as the journal writes it (2026-11-21T09:30:00.000000+08:00)")
    detail = event.get("detail")
    if not isinstance(detail, dict):
        raise _bad(f"{where}.detail must be an object")
    return {"terminal": terminal, "event_id": _whole(event, "event_id", where, 1),
            "number": _text(event, "number", where), "at": at, "kind": _text(event, "kind", where),
            "detail_json": exact_json(detail, sort_keys=True)}


def _sale_row(terminal: str, shop: str, index: int, record: object) -> dict[str, Any]:
    where = f"sales[{index}]"
    if not isinstance(record, dict):
        raise _bad(f"{where} is not an object")
    number = _text(record, "number", where)
    last_event_id = _whole(record, "last_event_id", where, 0)
    row, receipts, tenders = record.get("sale"), record.get("receipts", []), record.get("tenders", [])
    if not isinstance(row, dict) or row.get("number") != number:
        raise _bad(f"{where}.sale must be the sale's row (an object with its number)")
    if not isinstance(receipts, list) or not isinstance(tenders, list) \
            or not all(isinstance(item, dict) for item in (*receipts, *tenders)):
        raise _bad(f"{where}.receipts and .tenders must be lists of rows (objects)")
    part_returns = record.get("part_returns", [])
    if not isinstance(part_returns, list) or not all(isinstance(item, dict) for item in part_returns):
        raise _bad(f"{where}.part_returns must be a list of rows (objects)")
    snapshot = {"sale": row, "receipts": receipts, "tenders": tenders, "part_returns": part_returns}
    try:
        sale = rebuild_sale(snapshot)       # what the day close will do with it, tried now
    except (KeyError, ValueError, TypeError, AttributeError, InvalidOperation) as exc:
        raise _bad(f"{where} cannot be read as a sale: {type(exc).__name__} {exc}") from None
    figure = _figure_beyond_sums(sale)
    if figure is not None:
        raise _bad(f"{where} holds {figure}, which is no amount (the day close could not add it up)")
    return {"terminal": terminal, "number": number, "shop": shop, "created_at": row["created_at"],
            "last_event_id": last_event_id, "attention": needing_attention(sale),
            "snapshot_json": exact_json(snapshot, sort_keys=True)}


def _figure_beyond_sums(sale: object) -> str | None:
    """The first figure of a rebuilt sale that is no amount: NaN or infinite (the day close would fail on it for
    every reader of the shop), or beyond `MAX_AMOUNT_DIGITS` digits or `MAX_AMOUNT_PLACES` decimals (writing it
    out could take minutes). None: every figure is one."""
    pending: list[object] = [sale]
    while pending:
        item = pending.pop()
        if isinstance(item, Decimal):
            exponent = item.as_tuple().exponent
            if not item.is_finite() or (item and item.adjusted() >= MAX_AMOUNT_DIGITS) \
                    or (isinstance(exponent, int) and exponent < -MAX_AMOUNT_PLACES):
                return str(item)
        elif is_dataclass(item) and not isinstance(item, type):
            pending.extend(getattr(item, field.name) for field in fields(item))
        elif isinstance(item, tuple | list):
            pending.extend(item)
    return None


# -- storing it ------------------------------------------------------------------------------------------------

def _insert_for(engine: Engine) -> Any:
    """The dialect's INSERT, which knows ON CONFLICT (SQLite's and PostgreSQL's are spelled alike)."""
    if engine.dialect.name == "postgresql":
        from sqlalchemy.dialects.postgresql import insert
    elif engine.dialect.name == "sqlite":
        from sqlalchemy.dialects.sqlite import insert
    else:
        raise RuntimeError(f"the store runs on SQLite or PostgreSQL, not {engine.dialect.name}")
    return insert


def store_batch(engine: Engine, terminal: str, events: list[dict[str, Any]],
                sales: list[dict[str, Any]]) -> tuple[int, int]:
    """Keep a checked batch in one transaction: (how many steps were new, the terminal's high-water mark)."""
    insert = _insert_for(engine)
    stored = 0
    with engine.begin() as db:
        if events:
            # RETURNING names the rows inserted (a multi-row rowcount is not reliable on every driver).
            stored = len(db.execute(insert(journal_events).values(events)
                                    .on_conflict_do_nothing(index_elements=["terminal", "event_id"])
                                    .returning(journal_events.c.event_id)).all())
        if sales:
            upsert = insert(journal_sales).values(sales)
            newer = {name: upsert.excluded[name]
                     for name in ("shop", "created_at", "last_event_id", "snapshot_json", "attention")}
            db.execute(upsert.on_conflict_do_update(
                index_elements=["terminal", "number"], set_=newer,
                where=journal_sales.c.last_event_id < upsert.excluded.last_event_id))
        mark = _mark(db, terminal)
    return stored, mark


def high_water_mark(engine: Engine, terminal: str) -> int:
    """The newest step kept of the terminal (0: none); the till ships what comes after it."""
    with engine.connect() as db:
        return _mark(db, terminal)


def _mark(db: Any, terminal: str) -> int:
    found = db.execute(select(func.max(journal_events.c.event_id)).where(journal_events.c.terminal == terminal))
    return int(found.scalar() or 0)
