"""The cashier's shifts in the journal: opened with a counted float, an X report any time, closed by counting the
drawer (the Z report, stored and never changed), and cash put in or taken out between sales.

What a shift holds is read from the journal by time, between its opening and its close (or now): the tenders
taken then (cash with what was given, the change and the rounding), QPay's payments first learnt of then, the
tenders handed back or refunded then, QPay's money given back then, what partial returns gave back then (by how it
went back), and the drawer's own moves. The figures are the domain's (`pos_app.domain.shift`); this module only
finds the moves and keeps the shift. One shift may be open per terminal (a unique index), and a closed one is never
changed (a trigger). Call these on a worker.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Any

from pos_app.domain.shift import (
    PaidIn,
    PaidOut,
    Refund,
    SaleTender,
    Shift,
    ShiftClose,
    ShiftError,
    ShiftMove,
    ShiftReport,
    x_report,
    z_report,
)
from pos_app.domain.returns import TenderSource
from pos_app.domain.tenders import QPayTender, TenderKind

from . import return_rows, tender_rows
from .acting import acting
from .given_back import GiveBackReader
from .records import money_text, time_text
from .schema import JournalError
from .shift_json import report_from_record, report_record
from .store import JournalStore
from .tender_rows import CASH_TYPE, TERMINAL_TYPE, TenderStatus

__all__ = ["JournalShift", "NoOpenShift", "ShiftAlreadyOpen", "close_shift", "current_shift", "last_closed_shift",
           "open_shift", "paid_in", "paid_out", "shift_moves", "shift_x_report"]

_LEARNING = ("payments_seen", "part_reversal_started", "money_after_give_back", "surplus_payments_seen")
# QPay's money given back: a give-back, a part of one, or what one refused half-way returned (`given_back`).
_QPAY_BACK = ("reversal_done", "part_reversal_done", "reversal_failed", "part_reversal_failed")


class ShiftAlreadyOpen(JournalError):
    """A shift is open on this terminal already: close it before opening another."""


class NoOpenShift(JournalError):
    """No shift is open on this terminal."""


@dataclass(frozen=True)
class JournalShift:
    """A shift as the journal keeps it; `close` is its Z report once closed."""

    id: int
    shift: Shift
    close: ShiftClose | None = None

    @property
    def is_open(self) -> bool:
        return self.shift.is_open


def open_shift(store: JournalStore, float_amount: object) -> JournalShift:
    """Open this terminal's shift now with the float the cashier counted in the drawer."""
    with store.writing() as db:
        now = store.now()
        shift = Shift.open(store.terminal_id, now, float_amount)
        if _open_row(db, store.terminal_id) is not None:
            raise ShiftAlreadyOpen("A shift is open already: close it (its Z report) before opening another.")
        cursor = db.execute("INSERT INTO shifts (terminal, opened_at, float_amount, opened_by) VALUES (?, ?, ?, ?)",
                            (shift.terminal, time_text(now), money_text(shift.float_amount, "float"),
                             acting()))
        assert cursor.lastrowid is not None
        return JournalShift(cursor.lastrowid, shift)


def current_shift(store: JournalStore) -> JournalShift | None:
    """This terminal's open shift, or None."""
    with store.reading() as db:
        row = _open_row(db, store.terminal_id)
    return None if row is None else _shift_from(row)


def last_closed_shift(store: JournalStore) -> JournalShift | None:
    """This terminal's last closed shift with its Z report (a reprint), or None."""
    with store.reading() as db:
        row = db.execute(
            "SELECT * FROM shifts WHERE terminal = ? AND closed_at IS NOT NULL ORDER BY id DESC LIMIT 1",
            (store.terminal_id,)).fetchone()
    return None if row is None else _shift_from(row)


def shift_x_report(store: JournalStore) -> ShiftReport:
    """The open shift's figures now (the X report); the shift stays open."""
    with store.writing() as db:                          # one moment: no step falls between
        now = store.now()
        shift = _require_open(db, store.terminal_id)
        return x_report(shift.shift, _moves(db, store.terminal_id, shift.shift.opened_at, None), now)


def close_shift(store: JournalStore, counted: object) -> JournalShift:
    """Count the drawer and close the shift (the Z report), stored with it in one transaction."""
    with store.writing() as db:
        now = store.now()
        shift = _require_open(db, store.terminal_id)
        try:
            close = z_report(shift.shift, _moves(db, store.terminal_id, shift.shift.opened_at, None), counted, now)
        except ShiftError:
            raise
        db.execute("UPDATE shifts SET closed_at = ?, counted = ?, z_json = ?, closed_by = ? WHERE id = ?",
                   (time_text(now), money_text(close.counted, "counted cash"),
                    json.dumps(report_record(close), ensure_ascii=False, sort_keys=True), acting(), shift.id))
        return JournalShift(shift.id, close.shift, close)


def paid_in(store: JournalStore, amount: object, note: str = "") -> None:
    """Cash put into the drawer that is not a sale (change from the bank)."""
    _drawer_move(store, "paid_in", amount, note)


def paid_out(store: JournalStore, amount: object, note: str = "") -> None:
    """Cash taken from the drawer that is not a refund (a delivery paid from the till)."""
    _drawer_move(store, "paid_out", amount, note)


def shift_moves(store: JournalStore, shift: JournalShift) -> list[ShiftMove]:
    """Every move of `shift` (to its close, or now while it is open), in time order."""
    with store.reading() as db:
        return _moves(db, store.terminal_id, shift.shift.opened_at,
                      shift.shift.closed_at)


# -- reading the moves ------------------------------------------------------------------------------------------


def _moves(db: sqlite3.Connection, terminal: str, start: datetime, end: datetime | None) -> list[ShiftMove]:
    since, until = time_text(start), time_text(end) if end is not None else "9999"
    moves: list[ShiftMove] = []
    tenders = db.execute(
        "SELECT tenders.* FROM tenders JOIN sales ON sales.number = tenders.number WHERE sales.terminal = ?"
        " AND ((tenders.at >= ? AND tenders.at < ?) OR (tenders.changed_at >= ? AND tenders.changed_at < ?))"
        " ORDER BY tenders.id", (terminal, since, until, since, until)).fetchall()
    for row in tenders:
        tender = tender_rows.from_row(row)
        if since <= row["at"] < until:
            moves.append(SaleTender(tender.tender, tender.at, row["number"]))
        if tender.status is not TenderStatus.COUNTED and since <= row["changed_at"] < until:
            moves.append(Refund(tender.kind, tender.amount, tender.changed_at, row["number"], tender.rounding))
    moves += _qpay_moves(db, terminal, since, until)
    moves += _part_return_moves(db, terminal, start, end)
    for row in db.execute("SELECT drawer_moves.* FROM drawer_moves JOIN shifts ON shifts.id = drawer_moves.shift_id"
                          " WHERE shifts.terminal = ? AND drawer_moves.at >= ? AND drawer_moves.at < ?"
                          " ORDER BY drawer_moves.id", (terminal, since, until)):
        kind = PaidIn if row["kind"] == "paid_in" else PaidOut
        moves.append(kind(Decimal(row["amount"]), datetime.fromisoformat(row["at"]), row["note"]))
    return sorted(moves, key=lambda move: move.at)


def _qpay_moves(db: sqlite3.Connection, terminal: str, since: str, until: str) -> list[ShiftMove]:
    """QPay's payments first learnt of in the window (each once, as the day close counts them) and QPay's money
    given back in it."""
    moves: list[ShiftMove] = []
    numbers = [row[0] for row in db.execute(
        "SELECT DISTINCT events.number FROM events JOIN sales ON sales.number = events.number WHERE"
        " sales.terminal = ? AND events.at >= ? AND events.at < ? AND events.kind IN (?, ?, ?, ?, ?, ?, ?, ?)",
        (terminal, since, until, *_LEARNING, *_QPAY_BACK))]
    for number in numbers:
        learnt: set[str] = set()
        giving_back = GiveBackReader()      # each step's own part, read as the day close reads it
        for row in db.execute("SELECT at, kind, detail_json FROM events WHERE number = ? AND at < ? ORDER BY id",
                              (number, until)):
            detail: dict[str, Any] = json.loads(row["detail_json"])
            at = datetime.fromisoformat(row["at"])
            back = giving_back.read(row["kind"], detail)
            if row["kind"] in _LEARNING:
                for record in detail.get("payments") or ():
                    payment_id = str(record.get("payment_id", ""))
                    if str(record.get("type", "")).upper() in (CASH_TYPE, TERMINAL_TYPE) or payment_id in learnt:
                        continue
                    learnt.add(payment_id)
                    if row["at"] >= since:
                        moves.append(SaleTender(QPayTender(Decimal(str(record["amount"])), (payment_id or "?",)), at,
                                                number))
            elif back is not None and back.through_qpay and row["at"] >= since and back.amount > 0:
                moves.append(Refund(TenderKind.QPAY, back.amount, at, number))
    return moves


_VIA_KIND = {TenderSource.CASH: TenderKind.CASH, TenderSource.CARD_TERMINAL: TenderKind.CARD_TERMINAL,
             TenderSource.QPAY: TenderKind.QPAY}


def _part_return_moves(db: sqlite3.Connection, terminal: str, start: datetime, end: datetime | None) -> list[ShiftMove]:
    """The money partial returns gave back in the window, by how it went back (cash from the drawer, the card
    terminal, QPay), each part when it was given: at its exact amount, cash with the rounding that made it whole."""
    moves: list[ShiftMove] = []
    for row in db.execute("SELECT part_returns.* FROM part_returns JOIN sales ON sales.number = part_returns.number"
                          " WHERE sales.terminal = ? AND part_returns.changed_at >= ? ORDER BY part_returns.id",
                          (terminal, time_text(start))):
        for part in return_rows.from_row(row).money:
            if part.is_done and start <= part.at and (end is None or part.at < end):
                moves.append(Refund(_VIA_KIND[part.back.via], part.back.amount, part.at, row["number"],
                                    part.back.rounding))
    return moves


# -- plumbing ---------------------------------------------------------------------------------------------------


def _drawer_move(store: JournalStore, kind: str, amount: object, note: str) -> None:
    move = (PaidIn if kind == "paid_in" else PaidOut)(amount, store.now(), note)   # type: ignore[arg-type]
    with store.writing() as db:
        shift = _require_open(db, store.terminal_id)
        db.execute("INSERT INTO drawer_moves (shift_id, kind, amount, note, at, by) VALUES (?, ?, ?, ?, ?, ?)",
                   (shift.id, kind, money_text(move.amount, "amount"), move.note, time_text(store.now()),
                    acting()))


def _open_row(db: sqlite3.Connection, terminal: str) -> sqlite3.Row | None:
    row: sqlite3.Row | None = db.execute("SELECT * FROM shifts WHERE terminal = ? AND closed_at IS NULL",
                                         (terminal,)).fetchone()
    return row


def _require_open(db: sqlite3.Connection, terminal: str) -> JournalShift:
    row = _open_row(db, terminal)
    if row is None:
        raise NoOpenShift("No shift is open: open one with the float counted in the drawer.")
    return _shift_from(row)


def _shift_from(row: sqlite3.Row) -> JournalShift:
    shift = Shift(row["terminal"], datetime.fromisoformat(row["opened_at"]), Decimal(row["float_amount"]),
                  datetime.fromisoformat(row["closed_at"]) if row["closed_at"] else None)
    close = None
    if row["z_json"]:
        report = report_from_record(json.loads(row["z_json"]), shift)
        close = ShiftClose(report, Decimal(row["counted"]))
    return JournalShift(row["id"], shift, close)
