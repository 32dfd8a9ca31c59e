"""The journal's partial returns: one row a return of chosen lines and quantities, and what a sale is after them.

A row keeps the lines returned (each line's place in the sale, the quantity, its money), how that money goes back
tender by tender (`MoneyBack`: taken off which tender, handed back how; cash and the card terminal are given back
by the cashier at once, a QPay refund waits for QPay's answer; cash in whole tögrög, with its rounding), the reason
and the cash step the return was begun with (a QPay refund refused later goes back in cash rounded by it). A
sale's kept lines are read from its rows here (what it can still give back, and the taxes and money it keeps, are
`sale_returns`). The functions that write run inside the journal's own transactions; only the journal calls them.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from enum import Enum
from typing import Any

from pos_app.domain.cart import CartLine
from pos_app.domain.cash import DEFAULT_CASH_STEP
from pos_app.domain.returns import LineBack, MoneyBack, TenderSource, in_cash, kept_lines
from pos_app.domain.taxes import ZERO_TAX, TaxRates, TaxSplit

from .schema import rows_by_sale
from .tender_rows import CASH_TYPE, TERMINAL_TYPE

__all__ = ["PartReturn", "ReturnMoney", "ReturnStatus", "insert", "kept_after", "mark_pending", "money_record", "read",
           "settle_money", "taxes_at"]

_ZERO = Decimal("0.00")
_TYPES = {TenderSource.CASH: CASH_TYPE, TenderSource.CARD_TERMINAL: TERMINAL_TYPE, TenderSource.QPAY: "CARD"}


class ReturnStatus(str, Enum):
    PENDING = "pending"     # a QPay refund of it was asked and its answer is not recorded yet
    REFUSED = "refused"     # a part only: QPay refused its refund outside the return (recovery): the cashier chooses
    DONE = "done"


@dataclass(frozen=True)
class ReturnMoney:
    """One part of a return's money, and where it stands (pending: a QPay refund not answered yet; refused: QPay
    refused it when recovery asked again, and it waits for the cashier to ask again or hand it in cash). `asked`
    is the QPay call asked for it last ("cancel" or "refund", `ReversalKind`'s values; "" before one was)."""

    back: MoneyBack
    status: ReturnStatus
    at: datetime
    note: str = ""
    asked: str = ""

    @property
    def is_done(self) -> bool:
        return self.status is ReturnStatus.DONE

    @property
    def is_refused(self) -> bool:
        return self.status is ReturnStatus.REFUSED


@dataclass(frozen=True)
class PartReturn:
    id: int
    status: ReturnStatus
    at: datetime
    changed_at: datetime
    amount: Decimal
    lines: tuple[LineBack, ...]
    money: tuple[ReturnMoney, ...]
    reason: str = ""
    by: str = ""
    cash_step: Decimal = DEFAULT_CASH_STEP     # what its cash is rounded by (the shop's step when it was begun)

    @property
    def is_done(self) -> bool:
        return self.status is ReturnStatus.DONE

    @property
    def cash_rounding(self) -> Decimal:
        """What the drawer handed beyond the exact amounts to give this return's cash in whole tögrög."""
        return sum((part.back.rounding for part in self.money if part.is_done), _ZERO)

    def given_back(self, via: TenderSource) -> Decimal:
        """What this return has handed back so far by `via`."""
        return sum((part.back.amount for part in self.money if part.is_done and part.back.via is via), _ZERO)


def money_record(part: ReturnMoney) -> dict[str, object]:
    """A part of a return's money in a step's detail, in the shape the day close reads payments (`type` CASH,
    TERMINAL, or CARD for QPay), with where it was taken off (`source`) and, cash rounded, its `rounding` (as a cash
    tender's record carries its own: the day close and the shift read it there)."""
    record: dict[str, object] = {"payment_id": part.back.ref, "amount": str(part.back.amount), "bank": "",
                                 "type": _TYPES[part.back.via], "source": part.back.source.value,
                                 "status": part.status.value}
    if part.back.rounding:
        record["rounding"] = str(part.back.rounding)
    return record


def _money_json(money: Iterable[ReturnMoney]) -> str:
    records = []
    for part in money:
        record = {"source": part.back.source.value, "via": part.back.via.value, "amount": str(part.back.amount),
                  "ref": part.back.ref, "status": part.status.value,
                  "at": part.at.isoformat(timespec="microseconds"), "note": part.note}
        if part.back.rounding:
            record["rounding"] = str(part.back.rounding)
        if part.asked:
            record["asked"] = part.asked
        records.append(record)
    return json.dumps(records, ensure_ascii=False, sort_keys=True)


def _line_record(back: LineBack) -> dict[str, object]:
    record: dict[str, object] = {"line": back.line, "quantity": str(back.quantity), "amount": str(back.amount)}
    if back.taxes is not None:
        record.update(vat=str(back.taxes.vat), city_tax=str(back.taxes.city_tax))
    return record


def _line_from(record: Mapping[str, Any]) -> LineBack:
    taxes = TaxSplit(Decimal(record["vat"]), Decimal(record["city_tax"])) if "vat" in record else None
    return LineBack(int(record["line"]), Decimal(record["quantity"]), Decimal(record["amount"]), taxes)


def insert(db: sqlite3.Connection, number: str, at: datetime, lines: Iterable[LineBack],
           money: Iterable[ReturnMoney], reason: str, by: str, cash_step: Decimal) -> int:
    lines, money = tuple(lines), tuple(money)
    status = ReturnStatus.DONE if all(part.is_done for part in money) else ReturnStatus.PENDING
    records = [_line_record(back) for back in lines]
    cursor = db.execute(
        "INSERT INTO part_returns (number, status, at, changed_at, amount, lines_json, money_json, reason, by,"
        " cash_step) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (number, status.value, at.isoformat(timespec="microseconds"), at.isoformat(timespec="microseconds"),
         str(sum((back.amount for back in lines), _ZERO)), json.dumps(records, sort_keys=True), _money_json(money),
         reason, by, str(cash_step)))
    assert cursor.lastrowid is not None
    return cursor.lastrowid


def settle_money(db: sqlite3.Connection, return_id: int, ref: str, via: TenderSource, at: datetime,
                 note: str = "") -> ReturnMoney:
    """The pending QPay part `ref` of the return answered: given back `via` (QPay, or cash instead: in whole
    tögrög, rounded by the return's cash step). Returns it as recorded; the return is DONE once no part is
    pending."""
    row = db.execute("SELECT * FROM part_returns WHERE id = ?", (return_id,)).fetchone()
    part_return = from_row(row)
    money = list(part_return.money)
    index = next((i for i, part in enumerate(money) if part.back.ref == ref and not part.is_done), None)
    if index is None:
        raise ValueError(f"return {return_id} has no pending part {ref!r}")
    back = money[index].back
    money[index] = ReturnMoney(back if via is back.via else in_cash(back, part_return.cash_step),
                               ReturnStatus.DONE, at, note, money[index].asked)
    return _write_money(db, part_return, money, index, at)


def mark_pending(db: sqlite3.Connection, return_id: int, ref: str, at: datetime, *, asked: str = "",
                 refused: str = "") -> ReturnMoney:
    """The QPay part `ref` of a return not settled yet: about to be asked of QPay by the call `asked`, or
    `refused` by QPay (the reason) when asked outside the return itself (it waits for the cashier)."""
    part_return = from_row(db.execute("SELECT * FROM part_returns WHERE id = ?", (return_id,)).fetchone())
    money = list(part_return.money)
    index = next((i for i, part in enumerate(money) if part.back.ref == ref and not part.is_done), None)
    if index is None:
        raise ValueError(f"return {return_id} has no pending part {ref!r}")
    part = money[index]
    money[index] = (ReturnMoney(part.back, ReturnStatus.PENDING, part.at, part.note, asked) if asked
                    else ReturnMoney(part.back, ReturnStatus.REFUSED, part.at, refused, part.asked))
    return _write_money(db, part_return, money, index, at)


def _write_money(db: sqlite3.Connection, part_return: PartReturn, money: list[ReturnMoney], index: int,
                 at: datetime) -> ReturnMoney:
    """The return's parts as `money` now (the return DONE once every part is)."""
    status = ReturnStatus.DONE if all(part.is_done for part in money) else ReturnStatus.PENDING
    db.execute("UPDATE part_returns SET money_json = ?, status = ?, changed_at = ? WHERE id = ?",
               (_money_json(money), status.value, at.isoformat(timespec="microseconds"), part_return.id))
    return money[index]


def read(db: sqlite3.Connection, numbers: list[str]) -> dict[str, tuple[PartReturn, ...]]:
    found: dict[str, list[PartReturn]] = {}
    for row in rows_by_sale(db, "part_returns", numbers):
        found.setdefault(row["number"], []).append(from_row(row))
    return {number: tuple(returns) for number, returns in found.items()}


def from_row(row: sqlite3.Row | Mapping[str, Any]) -> PartReturn:
    """The return of one row (anything indexable by column name: the store rebuilds shipped rows with it)."""
    lines = tuple(_line_from(record) for record in json.loads(row["lines_json"]))
    money = tuple(ReturnMoney(MoneyBack(TenderSource(record["source"]), TenderSource(record["via"]),
                                        Decimal(record["amount"]), record.get("ref", ""),
                                        Decimal(record.get("rounding", "0"))),
                              ReturnStatus(record["status"]), datetime.fromisoformat(record["at"]),
                              record.get("note", ""), record.get("asked", ""))
                  for record in json.loads(row["money_json"]))
    # (rows shipped to the store by a till before migration 12 have no step: their cash went back exact)
    step = Decimal(row["cash_step"]) if "cash_step" in row.keys() else DEFAULT_CASH_STEP
    return PartReturn(int(row["id"]), ReturnStatus(row["status"]), datetime.fromisoformat(row["at"]),
                      datetime.fromisoformat(row["changed_at"]), Decimal(row["amount"]), lines, money,
                      row["reason"], row["by"], step)


# -- what a sale is after its returns ------------------------------------------------------------------------

def kept_after(lines: tuple[CartLine, ...], returns: Iterable[PartReturn]) -> tuple[CartLine | None, ...]:
    """The sale's lines by their place, as the customer keeps them after its returns (None: returned whole)."""
    kept: tuple[CartLine | None, ...] = lines
    for part in returns:
        kept = kept_lines(kept, part.lines)
    return kept


def taxes_at(lines: Iterable[CartLine], rates: TaxRates) -> TaxSplit:
    """The taxes inside `lines` at `rates`, each line split as the cart splits it (a sale's own taxes, when `rates`
    are those it was taxed at)."""
    splits = [line.taxes(rates) for line in lines]
    return TaxSplit(sum((split.vat for split in splits), ZERO_TAX.vat),
                    sum((split.city_tax for split in splits), ZERO_TAX.city_tax))
