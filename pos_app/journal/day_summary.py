"""The day close: one terminal's day in figures, and the same as CSV for the accountant.

`summarize` is a pure function of the journal's sales and their step log
(`events`); `load_day` reads them (call it on a worker: it reads the journal
file). Closed days (the Z reports) are kept by `pos_app.journal.closed_days`.
No Qt here: the dialog in `pos_app.ui.day_close_dialog` only shows what this
module computes.

**Everything counts on the day it happened** (local Ulaanbaatar time, the
journal's own event times), not on the day its sale was begun:

* **paid**: money that arrived that day (the `payments_seen` step), at what
  the customer paid: the sum of the payments, so an over-payment counts as
  money received (**overpaid** says how much of it was beyond the totals).
  **by_bank / by_payment_type** split the same payments (so they add up to
  *paid*). An unnamed bank or type is the key ``""`` (shown as "Unknown").
* **given_back_cancel / given_back_refund**: card payments given back that day
  (`reversal_done`), at the amount given back. A refund today of yesterday's
  sale counts today; yesterday stays as it was. **net** = paid − given back.
* **receipts_issued / receipts_voided**: ebarimt receipts issued that day, and
  voids of receipts confirmed that day (a sale paid in parts has one receipt a
  payment, each counted).
* **receipt_vat / receipt_city_tax** (VAT "with receipt"): what ebarimt holds
  from that day: the receipts issued that day minus those voided that day. A
  receipt issued and voided the same day counts zero; a sale with several
  receipts counts each valid one.
* **without_receipt** (and **no_receipt_vat / no_receipt_city_tax**, the
  cart's tax split): sales whose money arrived that day and that, at the end of
  the day, kept their money with no valid receipt at all.
* **sales_count**: sales begun that day; **cancelled / expired / failed**:
  sales that ended unpaid that day, at their total.
* Needs attention is about *now*, whatever day it began on (up to the end of
  the day shown): **owes_receipt** (money kept but a payment has no valid
  receipt: never issued, refused, or voided afterwards; `owing` names them),
  **unfinished** (left half-way: CREATING, OPEN, CANCELLING),
  **reversals_pending / reversals_failed** and **receipt_voids_pending**.

A day's window is its local calendar day, except that once a day is closed,
what happens later on it counts on the next day (`since` is then the close of
the day before; `until` the close of this one). For a day that is over, the
figures depend only on steps before its end, so reading it again gives the same.

Money is `Decimal` throughout; nothing here ever turns an amount into a float.
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
import secrets
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, fields
from datetime import date, datetime, time, timedelta
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from .journal import (
    UNFINISHED_STATUSES,
    JournalError,
    JournalReceipt,
    JournalSale,
    JournalStatus,
    ReceiptStatus,
    ReversalKind,
    ReversalStatus,
)

if TYPE_CHECKING:
    from .journal import Journal

__all__ = ["HALF_WAY_STATUSES", "PAID_STATUSES", "UNKNOWN", "DayReport", "DaySummary", "Event", "SaleDay", "Tally",
           "day_bounds", "day_moves", "day_sales", "day_summary", "is_unfinished", "load_day", "money_text",
           "needs_attention", "safe_cell", "sale_day", "sale_taxes", "sales_csv", "sales_csv_path", "save_csv",
           "summarize", "summary_from_json", "summary_json", "to_csv"]

_S = JournalStatus
PAID_STATUSES = frozenset({_S.PAID, _S.RECEIPT_PENDING, _S.COMPLETED})
HALF_WAY_STATUSES = frozenset({_S.CREATING, _S.OPEN, _S.CANCELLING})     # no money yet, the answer not known
UNKNOWN = "Unknown"          # how the CSV names a bank or payment type the service did not give
CSV_ENCODING = "utf-8-sig"   # with a BOM, so spreadsheet programs read the Cyrillic names right

Event = tuple[datetime, str, dict[str, Any]]   # a sale's step, as `Journal.events` gives it: (time, kind, detail)

_ZERO = Decimal(0)
_CENT = Decimal("0.01")
_ENDINGS = {"invoice_cancelled": _S.CANCELLED, "expired": _S.EXPIRED, "invoice_failed": _S.FAILED}
_REVERSAL_STEPS = {"reversal_started": ReversalStatus.PENDING, "reversal_done": ReversalStatus.DONE,
                   "reversal_failed": ReversalStatus.FAILED,
                   # The part of a partly paid sale given back to the card (the sale then ends cancelled).
                   "part_reversal_started": ReversalStatus.PENDING, "part_reversal_done": ReversalStatus.DONE,
                   "part_reversal_failed": ReversalStatus.FAILED}


@dataclass(frozen=True)
class Tally:
    """How many, and how much money."""

    count: int = 0
    amount: Decimal = _ZERO

    def plus(self, amount: Decimal) -> Tally:
        return Tally(self.count + 1, self.amount + amount)

    def __add__(self, other: Tally) -> Tally:
        return Tally(self.count + other.count, self.amount + other.amount)


@dataclass(frozen=True)
class DaySummary:
    """One terminal's day (see the module docstring for what counts where).

    `by_bank` and `by_payment_type` are (key, Tally) pairs, largest amount
    first; the key ``""`` means the service did not say. `owing` names the
    sales owed a receipt, each with the money that has none. `since` is set
    when the day began at the close of the day before; `closed_at` when this
    is the day's stored Z report.
    """

    day: date
    terminal: str
    sales_count: int = 0                                   # sales begun in the day
    paid: Tally = Tally()                                  # money that arrived: sales, sum of their payments
    overpaid: Decimal = _ZERO                              # of `paid`, what was beyond the sales' totals
    receipts_issued: int = 0
    receipts_voided: int = 0
    receipt_vat: Decimal = _ZERO                           # with receipt: issued minus voided that day
    receipt_city_tax: Decimal = _ZERO
    without_receipt: Tally = Tally()                       # paid that day, kept, no valid receipt at its end
    no_receipt_vat: Decimal = _ZERO                        # their cart's split
    no_receipt_city_tax: Decimal = _ZERO
    by_bank: tuple[tuple[str, Tally], ...] = ()
    by_payment_type: tuple[tuple[str, Tally], ...] = ()
    cancelled: Tally = Tally()
    expired: Tally = Tally()
    failed: Tally = Tally()
    given_back_cancel: Tally = Tally()
    given_back_refund: Tally = Tally()
    reversals_pending: int = 0
    reversals_failed: int = 0
    receipt_voids_pending: int = 0
    owes_receipt: Tally = Tally()                          # any day: money kept without a valid receipt
    owing: tuple[tuple[str, Decimal], ...] = ()            # (sale number, money without a receipt)
    unfinished: Tally = Tally()                            # any day: left half-way
    since: datetime | None = None
    closed_at: datetime | None = None

    @property
    def vat(self) -> Decimal:
        """The day's VAT: with receipt plus without."""
        return self.receipt_vat + self.no_receipt_vat

    @property
    def city_tax(self) -> Decimal:
        return self.receipt_city_tax + self.no_receipt_city_tax

    @property
    def given_back(self) -> Tally:
        return self.given_back_cancel + self.given_back_refund

    @property
    def net(self) -> Decimal:
        """Paid minus what was given back."""
        return self.paid.amount - self.given_back.amount

    @property
    def needs_attention(self) -> int:
        return (self.reversals_pending + self.reversals_failed + self.receipt_voids_pending
                + self.owes_receipt.count + self.unfinished.count)

    @property
    def is_closed(self) -> bool:
        return self.closed_at is not None


@dataclass(frozen=True)
class SaleDay:
    """What one sale did in a day's window: a row of the sales CSV (the summary adds these up)."""

    sale: JournalSale
    begun: bool = False
    paid: Decimal | None = None             # its money arrived (the sum of its payments)
    given_back: Decimal | None = None
    ended: JournalStatus | None = None      # CANCELLED, EXPIRED or FAILED: it ended unpaid
    issued: tuple[JournalReceipt, ...] = ()
    voided: tuple[JournalReceipt, ...] = ()
    without_receipt: bool = False           # paid in the window; at its end kept and with no valid receipt

    @property
    def moved(self) -> bool:
        return bool(self.begun or self.paid is not None or self.given_back is not None or self.ended
                    or self.issued or self.voided)

    @property
    def overpaid(self) -> Decimal:
        return max(_ZERO, self.paid - self.sale.total) if self.paid is not None else _ZERO

    @property
    def receipt_vat(self) -> Decimal:
        return _sum(r.receipt.vat for r in self.issued) - _sum(r.receipt.vat for r in self.voided)

    @property
    def receipt_city_tax(self) -> Decimal:
        return _sum(r.receipt.city_tax for r in self.issued) - _sum(r.receipt.city_tax for r in self.voided)

    @property
    def no_receipt_vat(self) -> Decimal:
        return self.sale.taxes.vat if self.without_receipt else _ZERO

    @property
    def no_receipt_city_tax(self) -> Decimal:
        return self.sale.taxes.city_tax if self.without_receipt else _ZERO


@dataclass(frozen=True)
class DayReport:
    """A day as the close shows it: its summary, and what each sale did in it, oldest first."""

    summary: DaySummary
    sales: tuple[SaleDay, ...] = ()


def _sum(amounts: Iterable[Decimal]) -> Decimal:
    return sum(amounts, _ZERO)


def _wall(moment: datetime) -> datetime:
    """The local wall-clock time: the journal keeps aware times in local time, so dropping the zone keeps the
    day and the hour (and compares with naive times the same way)."""
    return moment.replace(tzinfo=None)


def _midnight(day: date) -> datetime:
    return datetime.combine(day, time())


def day_bounds(day: date, since: datetime | None = None, until: datetime | None = None) -> tuple[datetime, datetime]:
    """The day's window in local wall-clock time: from midnight (or `since`, the close of the day before) to the
    next midnight (or `until`, this day's close, when earlier)."""
    start, end = _midnight(day), _midnight(day + timedelta(days=1))
    if since is not None:
        start = min(start, _wall(since))
    if until is not None:
        end = min(end, _wall(until))
    return start, end


def needs_attention(sale: JournalSale) -> bool:
    """Someone must see to it now: half-way, owed a receipt, a give-back unanswered or failed, a void unanswered."""
    return (sale.status in HALF_WAY_STATUSES or sale.owes_receipt
            or sale.reversal_status in (ReversalStatus.PENDING, ReversalStatus.FAILED)
            or sale.receipt_status is ReceiptStatus.CANCELLING)


def is_unfinished(sale: JournalSale) -> bool:
    """Left half-way, or paid and still owed a receipt (a payment given back is owed none)."""
    return sale.status in UNFINISHED_STATUSES and (sale.status in HALF_WAY_STATUSES or sale.owes_receipt)


def sale_taxes(sale: JournalSale) -> tuple[Decimal, Decimal]:
    """(VAT, city tax) as things stand: the sum of its valid receipts when it has any, else the sale's own split."""
    valid = sale.valid_receipts
    if valid:
        return _sum(r.receipt.vat for r in valid), _sum(r.receipt.city_tax for r in valid)
    return sale.taxes.vat, sale.taxes.city_tax


def _steps_from_the_sale(sale: JournalSale) -> list[Event]:
    """Without a step log: every step at the time the sale was begun (its receipts keep their own times)."""
    at = sale.created_at
    steps: list[Event] = [(at, "sale_begun", {})]
    if sale.payments and (sale.status in PAID_STATUSES or sale.reversal_status is not None):
        steps.append((at, "payments_seen", {}))
    if sale.reversal_status is not None:
        steps.append((at, "reversal_started", {}))
        if sale.reversal_status is ReversalStatus.DONE:
            steps.append((at, "reversal_done", {"amount": str(sale.reversed_amount)}))
        elif sale.reversal_status is ReversalStatus.FAILED:
            steps.append((at, "reversal_failed", {}))
    for kind, status in _ENDINGS.items():
        if sale.status is status:
            steps.append((at, kind, {}))
    return steps


def _amount(detail: Mapping[str, Any], default: Decimal) -> Decimal:
    try:
        amount = Decimal(str(detail["amount"]))
    except (KeyError, InvalidOperation):
        return default
    return amount if amount.is_finite() else default


def sale_day(sale: JournalSale, events: Sequence[Event] | None, start: datetime, end: datetime) -> SaleDay:
    """What `sale` did from `start` to `end` (wall-clock times, see `day_bounds`).

    `events` is the sale's step log (at least from `start` on); None derives one from the sale itself.
    """
    steps = _steps_from_the_sale(sale) if events is None else events
    begun = False
    paid: Decimal | None = None
    given_back: Decimal | None = None
    ended: JournalStatus | None = None
    reversal: ReversalStatus | None = None
    for at, kind, detail in steps:
        moment = _wall(at)
        if moment >= end:
            continue
        reversal = _REVERSAL_STEPS.get(kind, reversal)
        if moment < start:
            continue
        if kind == "sale_begun":
            begun = True
        elif kind == "payments_seen" and sale.payments:
            paid = sale.paid_amount
        elif kind == "part_reversal_started":
            # A part paid, learnt of when it is given back: it arrived, then went back (both counted).
            paid = _sum(_amount(record, _ZERO) for record in detail.get("payments", ()))
        elif kind in ("reversal_done", "part_reversal_done"):
            given_back = (given_back or _ZERO) + _amount(detail, sale.reversed_amount)
        elif kind in _ENDINGS:
            ended = _ENDINGS[kind]

    def within(moment: datetime) -> bool:
        return start <= _wall(moment) < end

    issued = tuple(row for row in sale.receipts if within(row.issued_at))
    voided = tuple(row for row in sale.receipts if row.status is ReceiptStatus.CANCELLED and within(row.changed_at))
    valid_at_end = any(_wall(row.issued_at) < end
                       and not (row.status is ReceiptStatus.CANCELLED and _wall(row.changed_at) < end)
                       for row in sale.receipts)
    kept = reversal not in (ReversalStatus.PENDING, ReversalStatus.DONE)
    return SaleDay(sale, begun, paid, given_back, ended, issued, voided,
                   without_receipt=paid is not None and kept and not valid_at_end)


def day_moves(sales: Iterable[JournalSale], day: date, terminal: str,
              events: Mapping[str, Sequence[Event]] | None = None, *, since: datetime | None = None,
              until: datetime | None = None) -> tuple[SaleDay, ...]:
    """What each of `terminal`'s sales did in the day (those that did nothing are left out), oldest first.

    `events` maps sale numbers to their steps (as `Journal.events`); None derives them from the sales.
    """
    start, end = day_bounds(day, since, until)
    moves = []
    for sale in sales:
        if sale.terminal != terminal:
            continue
        move = sale_day(sale, None if events is None else events.get(sale.number, ()), start, end)
        if move.moved:
            moves.append(move)
    return tuple(sorted(moves, key=lambda move: (_wall(move.sale.created_at), move.sale.number)))


def day_sales(sales: Iterable[JournalSale], day: date, terminal: str) -> tuple[JournalSale, ...]:
    """The sales of `terminal` begun on `day`, oldest first."""
    chosen = [sale for sale in sales if sale.terminal == terminal and _wall(sale.created_at).date() == day]
    return tuple(sorted(chosen, key=lambda sale: (_wall(sale.created_at), sale.number)))


def summarize(sales: Iterable[JournalSale], day: date, terminal: str,
              events: Mapping[str, Sequence[Event]] | None = None, *, since: datetime | None = None,
              until: datetime | None = None, attention: Iterable[JournalSale] | None = None,
              closed_at: datetime | None = None) -> DaySummary:
    """The summary of `terminal`'s day (other terminals' sales are left out).

    `events`: the sales' steps by sale number (None: every step at the time its sale was begun).
    `attention`: the sales that need attention now, any day (None: those among `sales`); those begun after
    the day are left out. `since` / `until`: the closes that bound the day (see `day_bounds`).
    """
    sales = tuple(sales)
    moves = day_moves(sales, day, terminal, events, since=since, until=until)
    start, end = day_bounds(day, since, until)
    chosen = sales if attention is None else tuple(attention)
    waiting = {sale.number: sale for sale in chosen
               if sale.terminal == terminal and _wall(sale.created_at) < end and needs_attention(sale)}
    starts_at_close = since if since is not None and _wall(since) < _midnight(day) else None
    return _summary_of(moves, tuple(waiting.values()), day, terminal, starts_at_close, closed_at)


def _summary_of(moves: Sequence[SaleDay], waiting: Sequence[JournalSale], day: date, terminal: str,
                since: datetime | None, closed_at: datetime | None) -> DaySummary:
    paid = without_receipt = cancelled = expired = failed = Tally()
    given_back = {ReversalKind.CANCEL: Tally(), ReversalKind.REFUND: Tally()}
    overpaid = receipt_vat = receipt_city_tax = no_receipt_vat = no_receipt_city_tax = _ZERO
    begun = receipts_issued = receipts_voided = 0
    banks: dict[str, Tally] = {}
    kinds: dict[str, Tally] = {}

    for move in moves:
        sale = move.sale
        begun += move.begun
        if move.paid is not None:
            paid = paid.plus(move.paid)
            overpaid += move.overpaid
            for payment in sale.payments:
                bank = payment.bank.strip()
                banks[bank] = banks.get(bank, Tally()).plus(payment.amount)
                kind = payment.kind.strip().upper()
                kinds[kind] = kinds.get(kind, Tally()).plus(payment.amount)
            if move.without_receipt:
                without_receipt = without_receipt.plus(move.paid)
                no_receipt_vat += move.no_receipt_vat
                no_receipt_city_tax += move.no_receipt_city_tax
        if move.ended is _S.CANCELLED:
            cancelled = cancelled.plus(sale.total)
        elif move.ended is _S.EXPIRED:
            expired = expired.plus(sale.total)
        elif move.ended is _S.FAILED:
            failed = failed.plus(sale.total)
        if move.given_back is not None:
            kind_back = sale.reversal_kind or ReversalKind.REFUND
            given_back[kind_back] = given_back[kind_back].plus(move.given_back)
        receipts_issued += len(move.issued)
        receipts_voided += len(move.voided)
        receipt_vat += move.receipt_vat
        receipt_city_tax += move.receipt_city_tax

    unfinished = owes_receipt = Tally()
    owing: list[tuple[str, Decimal]] = []
    reversals_pending = reversals_failed = receipt_voids_pending = 0
    for sale in sorted(waiting, key=lambda sale: (_wall(sale.created_at), sale.number)):
        if sale.status in HALF_WAY_STATUSES:
            unfinished = unfinished.plus(sale.total)
        if sale.owes_receipt:
            missing = _sum(payment.amount for payment in sale.payments_without_receipt)
            owes_receipt = owes_receipt.plus(missing)
            owing.append((sale.number, missing))
        reversals_pending += sale.reversal_status is ReversalStatus.PENDING
        reversals_failed += sale.reversal_status is ReversalStatus.FAILED
        receipt_voids_pending += sale.receipt_status is ReceiptStatus.CANCELLING

    return DaySummary(
        day=day, terminal=terminal, sales_count=begun, paid=paid, overpaid=overpaid,
        receipts_issued=receipts_issued, receipts_voided=receipts_voided,
        receipt_vat=receipt_vat, receipt_city_tax=receipt_city_tax, without_receipt=without_receipt,
        no_receipt_vat=no_receipt_vat, no_receipt_city_tax=no_receipt_city_tax,
        by_bank=_largest_first(banks), by_payment_type=_largest_first(kinds),
        cancelled=cancelled, expired=expired, failed=failed,
        given_back_cancel=given_back[ReversalKind.CANCEL], given_back_refund=given_back[ReversalKind.REFUND],
        reversals_pending=reversals_pending, reversals_failed=reversals_failed,
        receipt_voids_pending=receipt_voids_pending, owes_receipt=owes_receipt, owing=tuple(owing),
        unfinished=unfinished, since=since, closed_at=closed_at)


def _largest_first(tallies: dict[str, Tally]) -> tuple[tuple[str, Tally], ...]:
    # Named keys before the unnamed one, then the most money first; the name breaks ties (a stable CSV).
    return tuple(sorted(tallies.items(), key=lambda item: (item[0] == "", -item[1].amount, item[0])))


def load_day(journal: Journal, day: date, *, since: datetime | None = None, until: datetime | None = None,
             closed_at: datetime | None = None) -> DayReport:
    """The day's figures as the journal holds them now (disk: call it on a worker).

    `since` / `until` bound the day at the closes around it (`pos_app.journal.closed_days.read_day` finds
    them); without them it is the calendar day. Needs attention is read from every day.
    """
    sales, steps = journal.activity_between(day - timedelta(days=1), day)
    events: dict[str, list[Event]] = {}
    for number, at, kind, detail in steps:
        events.setdefault(number, []).append((at, kind, detail))
    attention = journal.sales_needing_attention()
    terminal = journal.terminal_id
    summary = summarize(sales, day, terminal, events, since=since, until=until, attention=attention,
                        closed_at=closed_at)
    return DayReport(summary, day_moves(sales, day, terminal, events, since=since, until=until))


def day_summary(journal: Journal, day: date) -> DaySummary:
    """The summary of the journal's own terminal for the calendar `day` (reads the file: call it on a worker)."""
    return load_day(journal, day).summary


# -- the stored Z report -----------------------------------------------------------------

SUMMARY_FORMAT = 1


def _encode(value: object) -> object:
    if isinstance(value, Tally):
        return {"count": value.count, "amount": str(value.amount)}
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, (datetime, date)):
        return value.isoformat()
    if isinstance(value, tuple):
        return [_encode(item) for item in value]
    return value


def _tally(record: Mapping[str, Any]) -> Tally:
    return Tally(int(record["count"]), _decimal(record["amount"]))


def _decimal(text: object) -> Decimal:
    if not isinstance(text, str):
        raise ValueError(f"an amount is written as text, not {text!r}")
    amount = Decimal(text)
    if not amount.is_finite():
        raise ValueError(f"not an amount: {text!r}")
    return amount


def _moment(text: object) -> datetime | None:
    return None if text is None else datetime.fromisoformat(str(text))


_DECODERS: dict[str, Callable[[Any], object]] = {
    "date": lambda text: date.fromisoformat(str(text)),
    "str": str,
    "int": int,
    "Decimal": _decimal,
    "Tally": _tally,
    "datetime | None": _moment,
    "tuple[tuple[str, Tally], ...]": lambda pairs: tuple((str(key), _tally(value)) for key, value in pairs),
    "tuple[tuple[str, Decimal], ...]": lambda pairs: tuple((str(key), _decimal(value)) for key, value in pairs),
}


def summary_json(summary: DaySummary) -> str:
    """The summary as exact JSON text (money as decimal text, times as ISO text), as a Z report stores it."""
    record: dict[str, object] = {"format": SUMMARY_FORMAT}
    record.update({field.name: _encode(getattr(summary, field.name)) for field in fields(DaySummary)})
    return json.dumps(record, ensure_ascii=False, sort_keys=True)


def summary_from_json(text: str) -> DaySummary:
    """The summary `summary_json` wrote, figure for figure. A figure it does not have keeps its default."""
    try:
        record = json.loads(text)
        if not isinstance(record, dict) or record.get("format") != SUMMARY_FORMAT:
            raise ValueError("an unknown format")
        values: dict[str, Any] = {field.name: _DECODERS[str(field.type)](record[field.name])
                  for field in fields(DaySummary) if field.name in record}
        return DaySummary(**values)
    except (ValueError, TypeError, KeyError, InvalidOperation) as exc:
        raise JournalError(f"A stored day close cannot be read: {exc}") from exc


# -- CSV -------------------------------------------------------------------------------

_PLAIN_NUMBER = re.compile(r"[+-]?[0-9]+(\.[0-9]+)?")
_FORMULA_STARTS = ("=", "+", "-", "@")


def safe_cell(value: object) -> str:
    """The cell's text, with a leading ' when a spreadsheet would read it as a formula (CSV injection).

    Plain numbers (``-500.00``) stay as they are; so does everything not
    starting with = + - @ (after blanks) or a tab or carriage return.
    """
    text = "" if value is None else str(value)
    if text.startswith(("\t", "\r")):
        return "'" + text
    if text.lstrip().startswith(_FORMULA_STARTS) and not _PLAIN_NUMBER.fullmatch(text):
        return "'" + text
    return text


def money_text(amount: Decimal) -> str:
    """The exact decimal text of an amount: no exponent, no separators, at least two decimals (``7500.00``)."""
    if not isinstance(amount, Decimal) or not amount.is_finite():
        raise TypeError(f"an amount must be a finite Decimal, not {amount!r}")
    exponent = amount.as_tuple().exponent
    if isinstance(exponent, int) and exponent > -2:
        amount = amount.quantize(_CENT)        # only adds zeros: exact
    return format(amount, "f")


def _write_rows(rows: Iterable[Iterable[object]]) -> str:
    buffer = io.StringIO(newline="")
    writer = csv.writer(buffer)                 # comma, minimal quoting, \r\n lines (RFC 4180)
    for row in rows:
        writer.writerow([safe_cell(cell) for cell in row])
    return buffer.getvalue()


SUMMARY_HEADER = ("section", "key", "count", "amount")


def _summary_rows(summary: DaySummary) -> list[tuple[str, str, object, object]]:
    def tally(section: str, key: str, value: Tally) -> tuple[str, str, object, object]:
        return section, key, value.count, money_text(value.amount)

    def amount(section: str, key: str, value: Decimal) -> tuple[str, str, object, object]:
        return section, key, "", money_text(value)

    rows: list[tuple[str, str, object, object]] = [
        ("date", summary.day.isoformat(), "", ""),
        ("terminal", summary.terminal, "", ""),
    ]
    if summary.since is not None:
        rows.append(("since", summary.since.isoformat(), "", ""))
    if summary.closed_at is not None:
        rows.append(("closed_at", summary.closed_at.isoformat(), "", ""))
    rows += [
        ("day", "sales_begun", summary.sales_count, ""),
        tally("paid", "sales", summary.paid),
        amount("paid", "overpaid", summary.overpaid),
        amount("paid", "vat", summary.vat),
        amount("paid", "city_tax", summary.city_tax),
        tally("paid", "given_back", summary.given_back),
        amount("paid", "net", summary.net),
        ("receipts", "issued", summary.receipts_issued, ""),
        ("receipts", "voided", summary.receipts_voided, ""),
        amount("with_receipt", "vat", summary.receipt_vat),
        amount("with_receipt", "city_tax", summary.receipt_city_tax),
        tally("without_receipt", "sales", summary.without_receipt),
        amount("without_receipt", "vat", summary.no_receipt_vat),
        amount("without_receipt", "city_tax", summary.no_receipt_city_tax),
    ]
    rows += [tally("bank", bank or UNKNOWN, value) for bank, value in summary.by_bank]
    rows += [tally("payment_type", kind or UNKNOWN, value) for kind, value in summary.by_payment_type]
    rows += [
        tally("not_paid", "cancelled", summary.cancelled),
        tally("not_paid", "expired", summary.expired),
        tally("not_paid", "failed", summary.failed),
        tally("given_back", "cancel", summary.given_back_cancel),
        tally("given_back", "refund", summary.given_back_refund),
        ("attention", "reversals_pending", summary.reversals_pending, ""),
        ("attention", "reversals_failed", summary.reversals_failed, ""),
        ("attention", "receipt_voids_pending", summary.receipt_voids_pending, ""),
        tally("attention", "unfinished", summary.unfinished),
        tally("attention", "owes_receipt", summary.owes_receipt),
    ]
    rows += [amount("owes_receipt", number, missing) for number, missing in summary.owing]
    return rows


def to_csv(summary: DaySummary) -> str:
    """The summary as CSV: a header, then one row per measure (section, key, count, amount).

    Amounts are exact decimal text (``7500.00``: no separators, no ₮); a
    count-only measure leaves the amount empty, an amount-only one the count.
    The first rows name the day and the terminal (and, when set, the close it
    began at and its own close) in the `key` cell, so the amount column holds
    nothing but amounts. Each sale owed a receipt has a row of its own
    (section ``owes_receipt``, its number as the key).
    """
    return _write_rows([SUMMARY_HEADER, *_summary_rows(summary)])


SALES_HEADER = ("number", "time", "status", "total", "paid", "vat", "city_tax", "bank", "payment_type",
                "receipt_id", "lottery", "receipt_status", "reversal_kind", "reversal_status", "reversed_amount",
                "reversal_reason",
                # What the sale did in the day (these columns add up to the summary's figures):
                "day_paid", "day_given_back", "day_receipts_issued", "day_receipts_voided", "day_receipt_vat",
                "day_receipt_city_tax", "day_without_receipt", "day_no_receipt_vat", "day_no_receipt_city_tax")


def _as_move(item: SaleDay | JournalSale) -> SaleDay:
    if isinstance(item, SaleDay):
        return item
    day = _wall(item.created_at).date()       # a bare sale: its own day, every step when it was begun
    return sale_day(item, None, *day_bounds(day))


def sales_csv(sales: Iterable[SaleDay | JournalSale]) -> str:
    """Each sale on its own row, oldest first, for the accountant.

    The first columns say where the sale stands now (`vat` / `city_tax`: its valid receipts', else its own
    split); the ``day_`` columns what it did in the day, as the summary counts it. A bare `JournalSale`
    is taken on the day it was begun.
    """
    rows: list[Iterable[object]] = [SALES_HEADER]
    moves = sorted((_as_move(item) for item in sales), key=lambda move: (_wall(move.sale.created_at),
                                                                           move.sale.number))
    for move in moves:
        sale = move.sale
        vat, city_tax = sale_taxes(sale)
        banks = ", ".join(dict.fromkeys(payment.bank.strip() for payment in sale.payments if payment.bank.strip()))
        kinds = ", ".join(dict.fromkeys(payment.kind.strip().upper() or UNKNOWN for payment in sale.payments))
        reversed_amount = money_text(sale.reversed_amount) if sale.reversal_status is ReversalStatus.DONE else ""
        receipts = sale.current_receipts
        rows.append((
            sale.number,
            _wall(sale.created_at).isoformat(sep=" ", timespec="seconds"),
            sale.status.value,
            money_text(sale.total),
            money_text(sale.paid_amount) if sale.payments else "",
            money_text(vat),
            money_text(city_tax),
            banks,
            kinds,
            ", ".join(receipt.receipt_id for receipt in receipts),
            ", ".join(receipt.lottery for receipt in receipts),
            sale.receipt_status.value if sale.receipt_status else "",
            sale.reversal_kind.value if sale.reversal_kind else "",
            sale.reversal_status.value if sale.reversal_status else "",
            reversed_amount,
            sale.reversal_reason,
            money_text(move.paid) if move.paid is not None else "",
            money_text(move.given_back) if move.given_back is not None else "",
            len(move.issued),
            len(move.voided),
            money_text(move.receipt_vat),
            money_text(move.receipt_city_tax),
            "yes" if move.without_receipt else "",
            money_text(move.no_receipt_vat),
            money_text(move.no_receipt_city_tax),
        ))
    return _write_rows(rows)


def sales_csv_path(path: str | Path) -> Path:
    """Where the per-sale CSV goes next to the summary: ``day.csv`` → ``day-sales.csv``."""
    path = Path(path)
    if path.suffix.lower() == ".csv":
        return path.with_name(f"{path.stem}-sales{path.suffix}")
    return path.with_name(f"{path.name}-sales.csv")


def save_csv(path: str | Path, summary: DaySummary, sales: Iterable[SaleDay | JournalSale]) -> tuple[Path, Path]:
    """Write the summary CSV at `path` and the sales CSV next to it (disk: call it on a worker).

    Both are written to temporary files first and only then put in place, so
    a failure (missing folder, full disk, a file open elsewhere) leaves any
    earlier export as it was. Returns (summary path, sales path).
    """
    path = Path(path)
    targets = {path: to_csv(summary), sales_csv_path(path): sales_csv(sales)}
    written: list[tuple[Path, Path]] = []
    try:
        for target, text in targets.items():
            temporary = target.with_name(f".{target.name}.{secrets.token_hex(4)}.tmp")
            with open(temporary, "x", encoding=CSV_ENCODING, newline="") as handle:
                written.append((temporary, target))
                handle.write(text)
                handle.flush()
                os.fsync(handle.fileno())
        for temporary, target in written:
            os.replace(temporary, target)
    except BaseException:
        for temporary, _target in written:
            try:
                os.unlink(temporary)
            except FileNotFoundError:
                pass
        raise
    return path, sales_csv_path(path)
