"""The day close: one terminal's day in figures (the CSV for the accountant is `day_csv`'s).

`summarize` is a pure function of the journal's sales and their step log
(`events`); `load_day` reads them (call it on a worker: it reads the journal
file). Closed days (the Z reports) are kept by `pos_app.journal.closed_days`.
No Qt here: the dialog in `pos_app.ui.day_close.dialog` only shows what this
module computes.

**Everything counts on the day it happened** (local Ulaanbaatar time, the
journal's own event times), not on the day its sale was begun:

* **paid**: money that arrived that day, payment by payment: each payment
  (by its id) counts once, on the day the journal first learnt of it (the
  `payments_seen` step, or `part_reversal_started` for a part paid and then
  given back), at what the customer paid, so an over-payment counts as money
  received (**overpaid** says how much of it was beyond the totals). A part
  learnt of one day and the rest paid the next counts the part on the first
  day and only the rest on the second. **by_bank / by_payment_type** split the
  same payments (so they add up to *paid*). An unnamed bank or type is the
  key ``""`` (shown as "Unknown").
* **given_back_cancel / given_back_refund**: money given back that day, by
  how: QPay's card payments cancelled or refunded (`reversal_done`, the part
  returned before a give-back was refused half-way, a part paid and given
  back), and cash and the card terminal handed back (a sale cancelled before
  it was covered: a cancel) or refunded (a return), each step at what *it*
  gave back (`pos_app.journal.given_back`: each payment once, also in older
  journals). A sale counts once a way. A refund today of yesterday's sale
  counts today; yesterday stays as it was. **net** = paid − given back.
* **given_back_by_type**: the same money by payment type, payment by payment
  (as **by_payment_type** is for what was paid); **by_tender** puts the two
  side by side, each tender (cash, card terminal, QPay card, QPay bank
  transfer, unknown) with its net: over the tenders they add up to paid,
  given back and net.
* **receipts_issued / receipts_voided**: ebarimt receipts issued that day, and
  voids of receipts confirmed that day (a sale paid in parts has one receipt a
  payment, each counted).
* **receipt_vat / receipt_city_tax** (VAT "with receipt"): what ebarimt holds
  from that day: the receipts issued that day minus those voided that day. A
  receipt issued and voided the same day counts zero; a sale with several
  receipts counts each valid one.
* **without_receipt** (and **no_receipt_vat / no_receipt_city_tax**, the
  taxes inside the goods the customer kept): the change that day in the sales
  *without receipt*: paid (PAID or later; a sale not paid in full counts no
  cart VAT), something kept (its money not given back or being given back,
  not every line returned) and no valid receipt at all. A sale that became so
  that day (paid without a receipt, or its receipt voided with the money kept)
  adds its money and taxes; one that stopped being so (its receipt issued on a
  later day than the payment, its money given back, its last line returned)
  takes them back out: a correction line, count -1. Lines returned in part
  take their money and taxes out on the day they came back (each return's
  own taxes, worked out with the shop's rates when it was recorded; a return
  recorded without them shares the sale's taxes by amount). So over any run
  of days *vat* adds up to what ebarimt holds plus the taxes of what each sale
  without receipt kept, once.
* **cash_rounding**: what cash paid that day beyond the sales' exact amounts to be whole tögrög (below 0: short
  of them), less what went back with the cash of a return. The drawer holds it; *paid* (the sales' money, as
  their receipts have it) does not.
* **discounts**: the sales whose payments reached their total that day that had a discount (a line's own
  or the sale's), and what was taken off them.
* **sales_count**: sales begun that day; **cancelled / expired / failed**:
  sales that ended unpaid that day, at their total.
* Needs attention is about *now*, whatever day it began on (up to the end of
  the day shown): **owes_receipt** (money kept but a payment has no valid
  receipt: never issued, refused, or voided afterwards; `owing` names them),
  **unfinished** (left half-way: CREATING, OPEN, CANCELLING),
  **reversals_pending / reversals_failed** (a partial return waiting for
  QPay's answer is pending too), **receipt_voids_pending**, and
  **receipts_left_valid** (a receipt a return left valid for goods given back,
  which the till could not void or correct: `left_valid` names the sales and
  the receipts' amount; a manager's settling takes a sale out, not its VAT).
* A receipt corrected by a partial return (replaced through PosAPI's
  `inactiveId`) counts as voided on the day it was replaced, and its
  replacement as issued: VAT with receipt stays what PosAPI holds active.

A day's window is its local calendar day, except that once a day is closed,
what happens later on it counts on the next day (`since` is then the close of
the day before; `until` the close of this one). For a day that is over, the
figures depend only on steps before its end, so reading it again gives the same.

Money is `Decimal` throughout; nothing here ever turns an amount into a float.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from decimal import Decimal

from pos_app.domain.taxes import ZERO_TAX

from .day_moves import (
    HALF_WAY_STATUSES,
    PAID_STATUSES,
    Event,
    SaleDay,
    amount_sum,
    day_bounds,
    day_moves,
    day_sales,
    midnight,
    sale_day,
    wall_clock,
)
from .tallies import TENDER_ORDER, Tally, TenderDay, tender_order
from .tender_rows import CASH_TYPE, TERMINAL_TYPE
from .queries import SaleQueries
from .receipt_rows import ReceiptStatus
from .records import UNFINISHED_STATUSES, JournalSale, JournalStatus, ReversalKind, ReversalStatus
from .store import JournalStore

__all__ = ["HALF_WAY_STATUSES", "PAID_STATUSES", "TENDER_ORDER", "UNKNOWN", "DayReport", "DaySummary", "Event",
           "SaleDay", "Tally", "TenderDay", "day_bounds", "day_moves", "day_sales", "day_summary", "is_unfinished",
           "largest_first", "load_day", "needs_attention", "sale_day", "sale_taxes", "summarize", "tender_order",
           "wall_clock"]

_S = JournalStatus
TENDER_TYPES = frozenset({CASH_TYPE, TERMINAL_TYPE})
UNKNOWN = "Unknown"          # how the CSV names a bank or payment type the service did not give
_ZERO = Decimal(0)


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
    paid: Tally = Tally()                                  # money that arrived: sales, their payments first seen
    overpaid: Decimal = _ZERO                              # of `paid`, what was beyond the sales' totals
    cash_rounding: Decimal = _ZERO                         # beside `paid`: cash paid beyond it to be whole tögrög
    receipts_issued: int = 0
    receipts_voided: int = 0
    receipt_vat: Decimal = _ZERO                           # with receipt: issued minus voided that day
    receipt_city_tax: Decimal = _ZERO
    without_receipt: Tally = Tally()                       # the change in sales paid, kept, with no valid receipt
    discounts: Tally = Tally()                             # sales paid in full that day with a discount
    no_receipt_vat: Decimal = _ZERO                        # the taxes of what they kept (negative: corrections)
    no_receipt_city_tax: Decimal = _ZERO
    by_bank: tuple[tuple[str, Tally], ...] = ()
    by_payment_type: tuple[tuple[str, Tally], ...] = ()
    cancelled: Tally = Tally()
    expired: Tally = Tally()
    failed: Tally = Tally()
    given_back_cancel: Tally = Tally()
    given_back_refund: Tally = Tally()
    given_back_by_type: tuple[tuple[str, Tally], ...] = ()    # the payments given back, by type (as by_payment_type)
    reversals_pending: int = 0
    reversals_failed: int = 0
    receipt_voids_pending: int = 0
    owes_receipt: Tally = Tally()                          # any day: money kept without a valid receipt
    owing: tuple[tuple[str, Decimal], ...] = ()            # (sale number, money without a receipt)
    receipts_left_valid: Tally = Tally()                   # any day: receipts a return left valid (their amount)
    left_valid: tuple[tuple[str, Decimal], ...] = ()       # (sale number, its receipts' amount left valid)
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
    def by_tender(self) -> tuple[TenderDay, ...]:
        """Each tender that moved money in the day: paid, given back and net (see `TENDER_ORDER`). Money given
        back that is not split by type (a Z report stored before the split) is the unknown type's, so the
        tenders still add up to the day."""
        paid, back = dict(self.by_payment_type), dict(self.given_back_by_type)
        unsplit = self.given_back.amount - amount_sum(tally.amount for tally in back.values())
        if unsplit:
            back[""] = back.get("", Tally()) + Tally(0 if back else self.given_back.count, unsplit)
        return tuple(TenderDay(kind, paid.get(kind, Tally()), back.get(kind, Tally()))
                     for kind in sorted(paid.keys() | back.keys(), key=tender_order))

    @property
    def needs_attention(self) -> int:
        return (self.reversals_pending + self.reversals_failed + self.receipt_voids_pending
                + self.owes_receipt.count + self.unfinished.count + self.receipts_left_valid.count)

    @property
    def is_closed(self) -> bool:
        return self.closed_at is not None


@dataclass(frozen=True)
class DayReport:
    """A day as the close shows it: its summary, and what each sale did in it, oldest first."""

    summary: DaySummary
    sales: tuple[SaleDay, ...] = ()


def needs_attention(sale: JournalSale) -> bool:
    """Someone must see to it now: half-way, owed a receipt, a give-back unanswered or failed, a void unanswered,
    a partial return waiting for QPay, a receipt a return left valid."""
    return (sale.status in HALF_WAY_STATUSES or sale.owes_receipt
            or sale.reversal_status in (ReversalStatus.PENDING, ReversalStatus.FAILED)
            or sale.receipt_status is ReceiptStatus.CANCELLING or bool(sale.stale_receipts)
            or any(not part.is_done for part in sale.part_returns))


def is_unfinished(sale: JournalSale) -> bool:
    """Left half-way, or paid and still owed a receipt (a payment given back is owed none)."""
    return sale.status in UNFINISHED_STATUSES and (sale.status in HALF_WAY_STATUSES or sale.owes_receipt)


def sale_taxes(sale: JournalSale) -> tuple[Decimal, Decimal]:
    """(VAT, city tax) as things stand: the sum of its valid receipts when it has any, else the sale's own split."""
    valid = sale.valid_receipts
    if valid:
        return amount_sum(r.receipt.vat for r in valid), amount_sum(r.receipt.city_tax for r in valid)
    return sale.taxes.vat, sale.taxes.city_tax


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
               if sale.terminal == terminal and wall_clock(sale.created_at) < end and needs_attention(sale)}
    starts_at_close = since if since is not None and wall_clock(since) < midnight(day) else None
    return _summary_of(moves, tuple(waiting.values()), day, terminal, starts_at_close, closed_at)


def _summary_of(moves: Sequence[SaleDay], waiting: Sequence[JournalSale], day: date, terminal: str,
                since: datetime | None, closed_at: datetime | None) -> DaySummary:
    paid = without_receipt = cancelled = expired = failed = discounts = Tally()
    given_back = {ReversalKind.CANCEL: Tally(), ReversalKind.REFUND: Tally()}
    overpaid = cash_rounding = receipt_vat = receipt_city_tax = no_receipt_vat = no_receipt_city_tax = _ZERO
    begun = receipts_issued = receipts_voided = 0
    banks: dict[str, Tally] = {}
    kinds: dict[str, Tally] = {}
    kinds_back: dict[str, Tally] = {}

    for move in moves:
        sale = move.sale
        begun += move.begun
        cash_rounding += move.rounding
        if move.paid is not None:
            paid = paid.plus(move.paid)
            overpaid += move.overpaid
            for payment in move.payments:
                kind = payment.kind.strip().upper()
                if kind not in TENDER_TYPES:   # cash and the card terminal went through no bank the till knows
                    bank = payment.bank.strip()
                    banks[bank] = banks.get(bank, Tally()).plus(payment.amount)
                kinds[kind] = kinds.get(kind, Tally()).plus(payment.amount)
        if move.covered:
            taken_off = amount_sum(line.discount + line.sale_share for line in sale.lines)
            if taken_off:
                discounts = discounts.plus(taken_off)
        if move.without_receipt or move.without_receipt_amount or move.without_receipt_taxes != ZERO_TAX:
            without_receipt += Tally(move.without_receipt, move.without_receipt_amount)
            no_receipt_vat += move.no_receipt_vat
            no_receipt_city_tax += move.no_receipt_city_tax
        if move.ended is _S.CANCELLED:
            cancelled = cancelled.plus(sale.total)
        elif move.ended is _S.EXPIRED:
            expired = expired.plus(sale.total)
        elif move.ended is _S.FAILED:
            failed = failed.plus(sale.total)
        for how in dict.fromkeys(back.how for back in move.returned):    # a sale once a way; by type, each payment
            given_back[how] = given_back[how].plus(amount_sum(back.amount for back in move.returned if back.how is how))
        for payment in (payment for back in move.returned for payment in back.payments):
            kind = payment.kind.strip().upper()
            kinds_back[kind] = kinds_back.get(kind, Tally()).plus(payment.amount)
        receipts_issued += len(move.issued)
        receipts_voided += len(move.voided)
        receipt_vat += move.receipt_vat
        receipt_city_tax += move.receipt_city_tax

    unfinished = owes_receipt = left_valid = Tally()
    owing: list[tuple[str, Decimal]] = []
    left: list[tuple[str, Decimal]] = []
    reversals_pending = reversals_failed = receipt_voids_pending = 0
    for sale in sorted(waiting, key=lambda sale: (wall_clock(sale.created_at), sale.number)):
        if sale.status in HALF_WAY_STATUSES:
            unfinished = unfinished.plus(sale.total)
        if sale.owes_receipt:
            missing = amount_sum(payment.amount for payment in sale.payments_without_receipt)
            owes_receipt = owes_receipt.plus(missing)
            owing.append((sale.number, missing))
        stale = amount_sum(row.receipt.amount for row in sale.stale_receipts)
        if sale.stale_receipts:
            left_valid = left_valid.plus(stale)
            left.append((sale.number, stale))
        reversals_pending += sale.reversal_status is ReversalStatus.PENDING or any(
            not part.is_done for part in sale.part_returns)
        reversals_failed += sale.reversal_status is ReversalStatus.FAILED
        receipt_voids_pending += sale.receipt_status is ReceiptStatus.CANCELLING

    return DaySummary(
        day=day, terminal=terminal, sales_count=begun, paid=paid, overpaid=overpaid, cash_rounding=cash_rounding,
        receipts_issued=receipts_issued, receipts_voided=receipts_voided,
        receipt_vat=receipt_vat, receipt_city_tax=receipt_city_tax, without_receipt=without_receipt,
        no_receipt_vat=no_receipt_vat, no_receipt_city_tax=no_receipt_city_tax, discounts=discounts,
        by_bank=largest_first(banks), by_payment_type=largest_first(kinds),
        given_back_by_type=largest_first(kinds_back),
        cancelled=cancelled, expired=expired, failed=failed,
        given_back_cancel=given_back[ReversalKind.CANCEL], given_back_refund=given_back[ReversalKind.REFUND],
        reversals_pending=reversals_pending, reversals_failed=reversals_failed,
        receipt_voids_pending=receipt_voids_pending, owes_receipt=owes_receipt, owing=tuple(owing),
        receipts_left_valid=left_valid, left_valid=tuple(left),
        unfinished=unfinished, since=since, closed_at=closed_at)


def largest_first(tallies: dict[str, Tally]) -> tuple[tuple[str, Tally], ...]:
    """The tallies in the order a day's report lists them (a till's, or several combined)."""
    # Named keys before the unnamed one, then the most money first; the name breaks ties (a stable CSV).
    return tuple(sorted(tallies.items(), key=lambda item: (item[0] == "", -item[1].amount, item[0])))


def load_day(queries: SaleQueries, day: date, *, since: datetime | None = None, until: datetime | None = None,
             closed_at: datetime | None = None) -> DayReport:
    """The day's figures as the journal holds them now (disk: call it on a worker).

    `since` / `until` bound the day at the closes around it (`pos_app.journal.closed_days.read_day` finds
    them); without them it is the calendar day. Needs attention is read from every day. A sale that moved in
    the day but was begun before the day before is read with its whole step log (the payments learnt of
    earlier, whether it was paid and kept when the day began).
    """
    first = day - timedelta(days=1)
    sales, steps = queries.activity(first, day)
    events: dict[str, list[Event]] = {}
    for number, at, kind, detail in steps:
        events.setdefault(number, []).append((at, kind, detail))
    for sale in sales:
        # Begun before the steps read: what it did earlier (payments learnt of, paid, given back) is needed too.
        if wall_clock(sale.created_at) < midnight(first):
            events[sale.number] = queries.events(sale.number)
    attention = queries.needing_attention()
    terminal = queries.terminal_id
    summary = summarize(sales, day, terminal, events, since=since, until=until, attention=attention,
                        closed_at=closed_at)
    return DayReport(summary, day_moves(sales, day, terminal, events, since=since, until=until))


def day_summary(store: JournalStore, day: date) -> DaySummary:
    """The summary of the journal's own terminal for the calendar `day` (reads the file: call it on a worker)."""
    return load_day(SaleQueries(store), day).summary
