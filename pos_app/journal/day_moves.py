"""What each sale did in a day's window: the per-sale moves the day close (`day_summary`) adds up and the
sales CSV (`day_csv`) lists, one `SaleDay` a sale.

`sale_day` reads one sale's step log (`SaleQueries.events`) over a window (`day_bounds`); `day_moves` does it for a
terminal's sales. What counts where is told in `pos_app.journal.day_summary`'s docstring. No Qt here; money is
`Decimal` throughout.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from decimal import Decimal
from typing import Any

from pos_app.domain.sale import PaymentSeen
from pos_app.domain.taxes import ZERO_TAX, TaxSplit

from .given_back import GivenBack, GiveBackReader, listed_payments
from .receipt_rows import JournalReceipt, ReceiptStatus
from .records import JournalSale, JournalStatus, ReversalStatus
from .sale_returns import kept_taxes

__all__ = ["HALF_WAY_STATUSES", "PAID_STATUSES", "Event", "SaleDay", "amount_sum", "day_bounds", "day_moves",
           "day_sales", "midnight", "sale_day", "wall_clock"]

_S = JournalStatus
PAID_STATUSES = frozenset({_S.PAID, _S.RECEIPT_PENDING, _S.COMPLETED})
# Not paid in full yet: no money, or only tenders taken before the rest (the answer about it not known).
HALF_WAY_STATUSES = frozenset({_S.TENDERING, _S.CREATING, _S.OPEN, _S.CANCELLING})

Event = tuple[datetime, str, dict[str, Any]]   # a sale's step, as `SaleQueries.events` gives it: (time, kind, detail)

_ZERO = Decimal(0)
_ENDINGS = {"invoice_cancelled": _S.CANCELLED, "expired": _S.EXPIRED, "invoice_failed": _S.FAILED,
            "tenders_handed_back": _S.CANCELLED}
# The steps that tell the journal of payments (their detail lists them): each payment counts on the first. A cash or
# card-terminal tender is a payment here, typed CASH or TERMINAL (`tender_rows.tender_record`).
_LEARNING_STEPS = frozenset({"payments_seen", "part_reversal_started", "money_after_give_back", "tender_taken"})
# Money given back (a QPay give-back, a part of one, tenders handed back or refunded, a partial return) is read by
# `given_back`.
# A receipt no longer valid in the tax system: voided, or replaced by a correction (PosAPI's inactiveId).
_GONE = (ReceiptStatus.CANCELLED, ReceiptStatus.CORRECTED)
_REVERSAL_CLEARED = frozenset({"money_after_give_back"})     # the part's give-back record closes: money came after
_REVERSAL_STEPS = {"reversal_started": ReversalStatus.PENDING, "reversal_done": ReversalStatus.DONE,
                   "reversal_failed": ReversalStatus.FAILED,
                   # The part of a partly paid sale given back to the card (the sale then ends cancelled).
                   "part_reversal_started": ReversalStatus.PENDING, "part_reversal_done": ReversalStatus.DONE,
                   "part_reversal_failed": ReversalStatus.FAILED,
                   "tenders_handed_back": ReversalStatus.DONE, "tenders_refunded": ReversalStatus.DONE}



@dataclass(frozen=True)
class SaleDay:
    """What one sale did in a day's window: a row of the sales CSV (the summary adds these up)."""

    sale: JournalSale
    begun: bool = False
    paid: Decimal | None = None             # money arrived: the sum of `payments`
    given_back: Decimal | None = None       # the sum of `returned`
    ended: JournalStatus | None = None      # CANCELLED, EXPIRED or FAILED: it ended unpaid
    issued: tuple[JournalReceipt, ...] = ()
    voided: tuple[JournalReceipt, ...] = ()     # voided, or replaced by a correction
    without_receipt: int = 0                # +1 became paid-kept-without-receipt in the window, -1 stopped being
    payments: tuple[PaymentSeen, ...] = ()  # the payments the journal first learnt of in the window
    paid_before: Decimal = _ZERO            # the payments learnt of before the window
    without_receipt_amount: Decimal = _ZERO  # the money of `without_receipt` (the sale's payments), same sign
    returned: tuple[GivenBack, ...] = ()    # what each of its steps in the window gave back, how and by what
    rounding: Decimal = _ZERO               # cash rounding taken in the window, less that given back with its cash
    # The change in the taxes of what the customer kept without a receipt (the goods not returned), as
    # `without_receipt_amount` is of its money.
    without_receipt_taxes: TaxSplit = ZERO_TAX

    @property
    def moved(self) -> bool:
        return bool(self.begun or self.paid is not None or self.given_back is not None or self.ended
                    or self.issued or self.voided or self.without_receipt or self.without_receipt_amount
                    or self.without_receipt_taxes != ZERO_TAX)

    @property
    def covered(self) -> bool:
        """Its payments reached its total in the window (where its discount counts: once, on that day)."""
        total = self.sale.total
        return self.paid is not None and self.paid_before < total <= self.paid_before + self.paid

    @property
    def overpaid(self) -> Decimal:
        """What the window's payments brought beyond the total (the part beyond it before is not counted again)."""
        if self.paid is None:
            return _ZERO
        total = self.sale.total
        return max(_ZERO, self.paid_before + self.paid - total) - max(_ZERO, self.paid_before - total)

    @property
    def receipt_vat(self) -> Decimal:
        return amount_sum(r.receipt.vat for r in self.issued) - amount_sum(r.receipt.vat for r in self.voided)

    @property
    def receipt_city_tax(self) -> Decimal:
        return amount_sum(r.receipt.city_tax for r in self.issued) - amount_sum(r.receipt.city_tax for r in self.voided)

    @property
    def no_receipt_vat(self) -> Decimal:
        return self.without_receipt_taxes.vat

    @property
    def no_receipt_city_tax(self) -> Decimal:
        return self.without_receipt_taxes.city_tax




def amount_sum(amounts: Iterable[Decimal]) -> Decimal:
    """The amounts added up (zero when there are none)."""
    return sum(amounts, _ZERO)


def wall_clock(moment: datetime) -> datetime:
    """The local wall-clock time: the journal keeps aware times in local time, so dropping the zone keeps the
    day and the hour (and compares with naive times the same way)."""
    return moment.replace(tzinfo=None)


def midnight(day: date) -> datetime:
    """The start of `day` in local wall-clock time (naive, as `wall_clock` gives)."""
    return datetime.combine(day, time())


def day_bounds(day: date, since: datetime | None = None, until: datetime | None = None) -> tuple[datetime, datetime]:
    """The day's window in local wall-clock time: from midnight (or `since`, the close of the day before) to the
    next midnight (or `until`, this day's close, when earlier)."""
    start, end = midnight(day), midnight(day + timedelta(days=1))
    if since is not None:
        start = min(start, wall_clock(since))
    if until is not None:
        end = min(end, wall_clock(until))
    return start, end



def _steps_from_the_sale(sale: JournalSale) -> list[Event]:
    """Without a step log: every step at the time the sale was begun (its receipts keep their own times)."""
    at = sale.created_at
    steps: list[Event] = [(at, "sale_begun", {})]
    if sale.payments and sale.status in PAID_STATUSES:
        steps.append((at, "payments_seen", {}))
    elif sale.payments and sale.reversal_status is not None:     # a part paid, then given back
        steps.append((at, "part_reversal_started", {}))
    if sale.reversal_status is not None:
        steps.append((at, "reversal_started", {}))
        if sale.reversal_status is ReversalStatus.DONE:
            steps.append((at, "reversal_done", {"amount": str(sale.reversed_amount),
                                                "reversed_amount": str(sale.reversed_amount)}))
        elif sale.reversal_status is ReversalStatus.FAILED:    # (what a refusal half-way returned, if anything)
            steps.append((at, "reversal_failed", {"amount": str(sale.reversed_amount)} if sale.reversed_amount
                          else {}))
    for kind, status in _ENDINGS.items():
        if sale.status is status:
            steps.append((at, kind, {}))
    return steps


def _learnt(detail: Mapping[str, Any], sale: JournalSale) -> tuple[PaymentSeen, ...]:
    """The payments one of `_LEARNING_STEPS` told the journal of (its detail lists them; a step without the
    list, derived or old: the sale's payments)."""
    listed = listed_payments(detail)
    return sale.payments if listed is None else listed


# The steps whose tender records carry a cash rounding: taken with the cash, and given back with it (a whole return,
# a partial return's cash, the cash paid instead of a QPay refund).
_ROUNDING_SIGNS = {"tender_taken": 1, "tenders_refunded": -1, "tenders_handed_back": -1, "part_return_started": -1,
                   "part_return_refunded": -1}


def _rounding(steps: Sequence[Event], start: datetime, end: datetime) -> Decimal:
    """The cash rounding the sale's steps in the window took (each cash tender's, in its record) less what went
    back with its cash."""
    total = _ZERO
    for at, kind, detail in steps:
        sign = _ROUNDING_SIGNS.get(kind)
        records = detail.get("payments")
        if sign and start <= wall_clock(at) < end and isinstance(records, (list, tuple)):
            total += sign * amount_sum(Decimal(str(record.get("rounding", "0")))
                                 for record in records if isinstance(record, Mapping))
    return total


def _key(payment: PaymentSeen) -> object:
    return payment.payment_id or (payment.amount, payment.bank, payment.kind)


def sale_day(sale: JournalSale, events: Sequence[Event] | None, start: datetime, end: datetime) -> SaleDay:
    """What `sale` did from `start` to `end` (wall-clock times, see `day_bounds`).

    `events` is the sale's whole step log (from before `start` too: which payments were learnt of, whether it
    was paid and kept then); None derives one from the sale itself.
    """
    steps = _steps_from_the_sale(sale) if events is None else events
    begun = False
    learnt: set[object] = set()
    payments: list[PaymentSeen] = []
    paid_before = _ZERO
    paid_at: datetime | None = None                      # the sale was paid (PAID) from then on
    paid_with: dict[object, tuple[datetime, Decimal]] = {}   # its payments once paid: when learnt, how much
    returned: list[GivenBack] = []
    giving_back = GiveBackReader(sale)
    ended: JournalStatus | None = None
    reversals: list[tuple[datetime, ReversalStatus | None]] = []
    for at, kind, detail in steps:
        moment = wall_clock(at)
        if moment >= end:
            continue
        if kind in _REVERSAL_STEPS:
            reversals.append((moment, _REVERSAL_STEPS[kind]))
        elif kind in _REVERSAL_CLEARED:
            reversals.append((moment, None))
        if kind in _LEARNING_STEPS:
            if kind == "payments_seen":
                paid_at = paid_at or moment
                for payment in _learnt(detail, sale):
                    paid_with.setdefault(_key(payment), (moment, payment.amount))
            for payment in _learnt(detail, sale):
                if _key(payment) in learnt:
                    continue                             # learnt of before: counted then
                learnt.add(_key(payment))
                if moment < start:
                    paid_before += payment.amount
                else:
                    payments.append(payment)
        back = giving_back.read(kind, detail)     # every step, from the first: it follows the give-back's record
        if moment < start:
            continue
        if back is not None:
            returned.append(back)
        if kind == "sale_begun":
            begun = True
        elif kind in _ENDINGS and detail.get("to") != "tendering":    # (a split sale goes on with its tenders)
            ended = _ENDINGS[kind]

    def without_receipt(moment: datetime) -> tuple[Decimal, TaxSplit] | None:
        """Its money and the taxes inside the goods kept when, with every step before `moment` taken, it is paid,
        something of it kept (not every line returned, its money not given back) and it has no valid receipt;
        else None."""
        if paid_at is None or paid_at >= moment:
            return None
        returns = [part for part in sale.part_returns if wall_clock(part.at) < moment]
        returned = amount_sum(part.amount for part in returns)
        if returned >= sale.total:
            return None                          # every line returned: nothing is kept
        reversal = None
        for at, status in reversals:
            if at < moment:
                reversal = status
        if reversal in (ReversalStatus.PENDING, ReversalStatus.DONE):
            return None
        if any(wall_clock(row.issued_at) < moment
               and not (row.status in _GONE and wall_clock(row.changed_at) < moment)
               for row in sale.receipts):
            return None
        paid = amount_sum(amount for at, amount in paid_with.values() if at < moment)
        return paid - returned, kept_taxes(sale, returns)

    def within(moment: datetime) -> bool:
        return start <= wall_clock(moment) < end

    issued = tuple(row for row in sale.receipts if within(row.issued_at))
    voided = tuple(row for row in sale.receipts if row.status in _GONE and within(row.changed_at))
    paid = amount_sum(payment.amount for payment in payments) if payments else None
    given_back = amount_sum(back.amount for back in returned) if returned else None
    # The change over the window (a correction line when it stopped being without receipt).
    at_start, at_end = without_receipt(start), without_receipt(end)
    money_then, taxes_then = at_start or (_ZERO, ZERO_TAX)
    money_now, taxes_now = at_end or (_ZERO, ZERO_TAX)
    return SaleDay(sale, begun, paid, given_back, ended, issued, voided,
                   without_receipt=(at_end is not None) - (at_start is not None), payments=tuple(payments),
                   paid_before=paid_before, without_receipt_amount=money_now - money_then,
                   returned=tuple(returned), rounding=_rounding(steps, start, end),
                   without_receipt_taxes=TaxSplit(taxes_now.vat - taxes_then.vat,
                                                  taxes_now.city_tax - taxes_then.city_tax))


def day_moves(sales: Iterable[JournalSale], day: date, terminal: str,
              events: Mapping[str, Sequence[Event]] | None = None, *, since: datetime | None = None,
              until: datetime | None = None) -> tuple[SaleDay, ...]:
    """What each of `terminal`'s sales did in the day (those that did nothing are left out), oldest first.

    `events` maps sale numbers to their steps (as `SaleQueries.events`); None derives them from the sales.
    """
    start, end = day_bounds(day, since, until)
    moves = []
    for sale in sales:
        if sale.terminal != terminal:
            continue
        move = sale_day(sale, None if events is None else events.get(sale.number, ()), start, end)
        if move.moved:
            moves.append(move)
    return tuple(sorted(moves, key=lambda move: (wall_clock(move.sale.created_at), move.sale.number)))


def day_sales(sales: Iterable[JournalSale], day: date, terminal: str) -> tuple[JournalSale, ...]:
    """The sales of `terminal` begun on `day`, oldest first."""
    chosen = [sale for sale in sales if sale.terminal == terminal and wall_clock(sale.created_at).date() == day]
    return tuple(sorted(chosen, key=lambda sale: (wall_clock(sale.created_at), sale.number)))
