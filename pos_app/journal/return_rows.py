"""The journal's partial returns: one row a return of chosen lines and quantities, and what a sale is after them.

A row keeps the lines returned (each line's place in the sale, the quantity, its money), how that money goes back
tender by tender (`MoneyBack`: taken off which tender, handed back how; cash and the card terminal are given back
by the cashier at once, a QPay refund waits for QPay's answer; cash in whole tögrög, with its rounding), the reason
and the cash step the return was begun with (a QPay refund refused later goes back in cash rounded by it). A
sale's kept lines, what it can still give back, and which of its receipts a return left standing are read from its
rows here. The functions that write run inside the journal's own transactions; only the journal calls them.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from enum import Enum
from typing import TYPE_CHECKING, Any

from pos_app.domain.cart import CartLine
from pos_app.domain.cash import DEFAULT_CASH_STEP
from pos_app.domain.returns import LineBack, MoneyBack, Refundable, TenderSource, in_cash, kept_lines
from pos_app.domain.taxes import ZERO_TAX, TaxRates, TaxSplit, cents
from pos_app.domain.tenders import TenderKind

from .receipt_rows import JournalReceipt, ReceiptStatus
from .schema import rows_by_sale
from .tender_rows import CASH_TYPE, TERMINAL_TYPE, JournalTender

if TYPE_CHECKING:
    from .records import JournalSale

__all__ = ["PartReturn", "ReturnMoney", "ReturnStatus", "insert", "kept_after", "kept_money", "kept_taxes",
           "mark_pending", "money_record", "part_return_problem", "read", "refundable", "returned_taxes",
           "settle_money", "stale_receipts", "taxes_at"]

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


def returned_taxes(sale: JournalSale, part_return: PartReturn) -> TaxSplit:
    """The VAT and city tax inside what `part_return` gave back: its lines' own (worked out with the shop's rates
    when it was recorded), else (a return recorded without them) the sale's taxes shared by amount."""
    taxes = [back.taxes for back in part_return.lines]
    if all(split is not None for split in taxes):
        known = [split for split in taxes if split is not None]
        return TaxSplit(sum((split.vat for split in known), _ZERO), sum((split.city_tax for split in known), _ZERO))
    if not sale.total:
        return ZERO_TAX
    share = part_return.amount / sale.total
    return TaxSplit(cents(sale.taxes.vat * share), cents(sale.taxes.city_tax * share))


def kept_taxes(sale: JournalSale, returns: Iterable[PartReturn]) -> TaxSplit:
    """The VAT and city tax inside what the customer keeps after `returns` (some of the sale's): its own taxes less
    those of the returns."""
    vat, city_tax = sale.taxes.vat, sale.taxes.city_tax
    for part_return in returns:
        back = returned_taxes(sale, part_return)
        vat, city_tax = vat - back.vat, city_tax - back.city_tax
    return TaxSplit(vat, city_tax)


def _taken_off(returns: Iterable[PartReturn], source: TenderSource, ref: str | None = None) -> Decimal:
    return sum((part.back.amount for one in returns for part in one.money
                if part.back.source is source and (ref is None or part.back.ref == ref)), _ZERO)


def _tender_ref(tender: JournalTender) -> str:
    return tender.as_payment().payment_id


def refundable(sale: JournalSale) -> Refundable:
    """What `sale` can still give back, tender by tender (its returns so far taken off), and the rounding the
    drawer still holds with its cash (what the cash was taken with, less what went back with earlier returns)."""
    returns = sale.part_returns
    kept = sale.tenders_kept
    cash = sum((t.amount for t in kept if t.kind is TenderKind.CASH), _ZERO) - _taken_off(returns, TenderSource.CASH)
    rounding = sum((t.rounding for t in kept if t.kind is TenderKind.CASH), _ZERO) - sum(
        (part.back.rounding for one in returns for part in one.money if part.back.source is TenderSource.CASH), _ZERO)
    terminal = tuple((_tender_ref(t), t.amount - _taken_off(returns, TenderSource.CARD_TERMINAL, _tender_ref(t)))
                     for t in kept if t.kind is TenderKind.CARD_TERMINAL)
    qpay = _ZERO
    if sale.payments_kept:
        qpay = sale.total - sum((t.amount for t in kept), _ZERO) - _taken_off(returns, TenderSource.QPAY)
    refunded = {part.back.ref for one in returns for part in one.money if part.back.via is TenderSource.QPAY}
    whole = tuple((payment.payment_id, payment.amount) for payment in sale.payments_kept
                  if payment.is_card and payment.payment_id not in refunded)
    return Refundable(max(cash, _ZERO), tuple((ref, left) for ref, left in terminal if left > 0), max(qpay, _ZERO),
                      whole, rounding if cash > 0 else _ZERO)


def kept_money(sale: JournalSale) -> dict[TenderSource, Decimal]:
    """What the customer's kept goods were paid with, by tender: what the receipt for them lists."""
    returns = sale.part_returns
    kept = sale.tenders_kept
    cash = sum((t.amount for t in kept if t.kind is TenderKind.CASH), _ZERO)
    terminal = sum((t.amount for t in kept if t.kind is TenderKind.CARD_TERMINAL), _ZERO)
    qpay = sale.total - cash - terminal if sale.payments_kept else _ZERO
    return {TenderSource.CASH: cash - _taken_off(returns, TenderSource.CASH),
            TenderSource.CARD_TERMINAL: terminal - _taken_off(returns, TenderSource.CARD_TERMINAL),
            TenderSource.QPAY: qpay - _taken_off(returns, TenderSource.QPAY)}


def stale_receipts(sale: JournalSale) -> tuple[JournalReceipt, ...]:
    """The valid receipts a return left standing for goods the customer no longer has: the money all given
    back and a receipt still valid (its void refused, or never possible: an organization's PosAPI receipt), or a
    receipt made before the sale's last partial return and not corrected since. A manager's settling takes one
    out (`settled`); one whose void is being asked is not stale yet."""
    whole_back = sale.is_reversed and not sale.money_kept
    last = max((part.at for part in sale.part_returns), default=None)
    return tuple(row for row in sale.receipts
                 if row.status is ReceiptStatus.ISSUED and not row.settled
                 and (whole_back or (last is not None and row.issued_at <= last)))


def part_return_problem(sale: JournalSale) -> str:
    """Why a part of `sale` cannot be returned now ("" when it can): paid and kept, no receipt being issued or
    voided, no give-back of the whole sale, no return still waiting for QPay."""
    if sale.status.value not in ("paid", "completed") or not sale.money_kept:
        return f"Sale {sale.number} has nothing paid and kept to return."
    if sale.reversal_status is not None:
        return f"Sale {sale.number}'s payment was given back (or is being given back) as a whole."
    if sale.receipt_status is ReceiptStatus.CANCELLING:
        return f"Sale {sale.number}'s receipt is being voided: check it again (F5) first."
    if any(not part.is_done for part in sale.part_returns):
        return f"Sale {sale.number}'s last return waits for QPay's answer: check it again (F5) first."
    return ""
