"""The cashier's shift: opened with a counted float, closed by counting the drawer against what it should hold.

Pure functions over plain records; the journal keeps the records and feeds them here. Nothing reads the
clock: every moment (the opening, a move, a report) is a parameter, an aware datetime, normally the shop's
(Ulaanbaatar) wall time from `pos_app.domain.shop_time.ShopClock`. Which moves belong to a shift is the
journal's call; the figures here count every move they are given, whatever its time.

**The records** (`ShiftMove`):

* `SaleTender`: a tender that counted for a sale (a `pos_app.domain.tenders` tender, any kind). Cash comes in
  as the net of the drawer: the customer's `given` goes in and the `change` comes out, so the drawer gains
  ``given − change == applied + rounding`` (the tender's `amount`, and the `rounding` that made it whole tögrög).
* `Refund`: money given back to a customer, by tender kind, at its exact amount; only a cash refund leaves the
  drawer, in whole tögrög (with its rounding: a whole return the one the cash was taken with, a part of a return
  its own).
* `PaidIn` / `PaidOut`: cash put in or taken out that is not a sale (change brought from the bank, a
  delivery paid from the till).

**Expected cash** = float + cash sales (applied) + cash rounding − cash refunds + paid in − paid out; the same as
the issue's "cash sales − cash change − cash refunds + float" with cash sales counted at what was given. The
reports show the rounding apart (`cash_rounding`: taken less given back), as the sales are counted at their
exact amounts.

**Reports**: `x_report` any time while the shift is open (it stays open); `z_report` counts the drawer and
closes the shift: a `ShiftClose` with counted, expected and the signed difference (counted − expected:
above 0 the drawer is over, below 0 it is short). Both show every tender kind apart (`KindFigures`: count
and amount taken, count and amount refunded), in the order of `REPORT_ORDER`.

Errors are `ShiftError` (an English template and its params, as `CartError`); templates in `SHIFT_MESSAGES`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import datetime
from decimal import Decimal
from enum import Enum

from .money import format_mnt, parse_amount, shown
from .tenders import MAX_AMOUNT, CardTender, CashTender, QPayTender, Tender, TenderKind

__all__ = ["REPORT_ORDER", "SHIFT_MESSAGES", "KindFigures", "PaidIn", "PaidOut", "Refund", "ReportKind",
           "SaleTender", "Shift", "ShiftClose", "ShiftError", "ShiftMove", "ShiftReport", "Tally", "cash_in",
           "expected_cash", "parse_cash_count", "shift_report", "x_report", "z_report"]

_ZERO = Decimal(0)
MAX_NOTE = 255

NOT_A_NUMBER = "Amount {value} is not a number"
NO_COUNT = "Type the cash counted in the drawer (0 when it is empty), then Enter"
BAD_COUNT = "Counted cash must be at least 0, below 10^12, with at most 2 decimals"
BAD_MOVE_AMOUNT = "A cash move must be above 0, below 10^12, with at most 2 decimals"
NO_TERMINAL = "The shift needs its terminal's id"
NOT_AWARE = "A shift's moments need their time zone"
ALREADY_CLOSED = "The shift is already closed"
CLOSED_SHIFT = "The shift is closed: its Z report holds its figures"
BAD_NOTE = "A note is at most {maximum} characters"

SHIFT_MESSAGES = (NOT_A_NUMBER, NO_COUNT, BAD_COUNT, BAD_MOVE_AMOUNT, NO_TERMINAL, NOT_AWARE, ALREADY_CLOSED,
                  CLOSED_SHIFT, BAD_NOTE)

# The order the reports list the tender kinds in.
REPORT_ORDER = (TenderKind.CASH, TenderKind.CARD_TERMINAL, TenderKind.QPAY)


class ShiftError(ValueError):
    """A shift step refused, with a message fit to show the cashier: `template` (English, with ``{name}``
    fields; one of `SHIFT_MESSAGES`) and `params` let the window translate it; ``str()`` is the English."""

    def __init__(self, template: str, **params: object) -> None:
        self.template = template
        self.params = params
        super().__init__(template.format(**params))


def parse_cash_count(value: object) -> Decimal:
    """Cash counted in the drawer (the float at opening, the count at closing): 0 or more, at most 2 decimals."""
    if isinstance(value, str) and not value.strip():
        raise ShiftError(NO_COUNT)          # Enter on an empty field: what to type, not "'' is not a number"
    try:
        amount = parse_amount(value)
    except ValueError:
        raise ShiftError(NOT_A_NUMBER, value=shown(value)) from None
    if not _ZERO <= amount < MAX_AMOUNT or amount.as_tuple().exponent < -2:  # type: ignore[operator]
        raise ShiftError(BAD_COUNT)
    return amount


def _move_amount(value: object) -> Decimal:
    try:
        amount = parse_amount(value)
    except ValueError:
        raise ShiftError(NOT_A_NUMBER, value=shown(value)) from None
    if not _ZERO < amount < MAX_AMOUNT or amount.as_tuple().exponent < -2:  # type: ignore[operator]
        raise ShiftError(BAD_MOVE_AMOUNT)
    return amount


def _aware(moment: object) -> datetime:
    if not isinstance(moment, datetime) or moment.tzinfo is None or moment.utcoffset() is None:
        raise ShiftError(NOT_AWARE)
    return moment


def _note(note: object) -> str:
    text = note.strip() if isinstance(note, str) else ""
    if len(text) > MAX_NOTE:
        raise ShiftError(BAD_NOTE, maximum=MAX_NOTE)
    return text


@dataclass(frozen=True)
class Shift:
    """One cashier's shift on one terminal: opened at `opened_at` with `float_amount` counted in the drawer;
    `closed_at` once its Z report is taken."""

    terminal: str
    opened_at: datetime
    float_amount: Decimal
    closed_at: datetime | None = None

    def __post_init__(self) -> None:
        terminal = self.terminal.strip() if isinstance(self.terminal, str) else ""
        if not terminal:
            raise ShiftError(NO_TERMINAL)
        object.__setattr__(self, "terminal", terminal)
        _aware(self.opened_at)
        if self.closed_at is not None:
            _aware(self.closed_at)
        object.__setattr__(self, "float_amount", parse_cash_count(self.float_amount))

    @classmethod
    def open(cls, terminal: str, opened_at: datetime, float_amount: object) -> Shift:
        """A shift opened now (`opened_at`, from the shop's clock) with the float the cashier counted."""
        return cls(terminal, opened_at, parse_cash_count(float_amount))

    @property
    def is_open(self) -> bool:
        return self.closed_at is None

    def closed(self, at: datetime) -> Shift:
        if not self.is_open:
            raise ShiftError(ALREADY_CLOSED)
        return replace(self, closed_at=_aware(at))


# -- the moves ----------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class SaleTender:
    """A tender that counted for a sale (written to the journal). Cash: `given` in, `change` out."""

    tender: Tender
    at: datetime
    sale_number: str = ""

    def __post_init__(self) -> None:
        if not isinstance(self.tender, CashTender | CardTender | QPayTender):
            raise TypeError(f"not a tender: {shown(self.tender)}")
        _aware(self.at)

    @property
    def kind(self) -> TenderKind:
        return self.tender.kind

    @property
    def amount(self) -> Decimal:
        """What the tender applied to the sale (cash: given − change − rounding)."""
        return self.tender.amount

    @property
    def rounding(self) -> Decimal:
        """What cash paid beyond the amount to be whole tögrög (0 for any other tender)."""
        return self.tender.rounding if isinstance(self.tender, CashTender) else _ZERO


@dataclass(frozen=True)
class Refund:
    """Money given back to a customer by the tender `kind` (cash from the drawer, a card or QPay payment
    returned by the bank): the exact `amount`, and the `rounding` that makes its cash whole (cash only)."""

    kind: TenderKind
    amount: Decimal
    at: datetime
    sale_number: str = ""
    rounding: Decimal = _ZERO

    def __post_init__(self) -> None:
        if not isinstance(self.kind, TenderKind):
            raise TypeError(f"not a tender kind: {shown(self.kind)}")
        object.__setattr__(self, "amount", _move_amount(self.amount))
        object.__setattr__(self, "rounding", parse_amount(self.rounding))
        _aware(self.at)


@dataclass(frozen=True)
class _DrawerMove:
    """Cash moved in or out of the drawer that is neither a sale nor a refund."""

    amount: Decimal
    at: datetime
    note: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "amount", _move_amount(self.amount))
        object.__setattr__(self, "note", _note(self.note))
        _aware(self.at)


@dataclass(frozen=True)
class PaidIn(_DrawerMove):
    """Cash put into the drawer that is not a sale (say, change brought from the bank)."""


@dataclass(frozen=True)
class PaidOut(_DrawerMove):
    """Cash taken from the drawer that is not a refund (say, a delivery paid from the till)."""


ShiftMove = SaleTender | Refund | PaidIn | PaidOut


def cash_in(move: ShiftMove) -> Decimal:
    """What `move` did to the drawer's cash: above 0 in, below 0 out, 0 for card and QPay."""
    if isinstance(move, SaleTender):
        return move.amount + move.rounding if move.kind is TenderKind.CASH else _ZERO
    if isinstance(move, Refund):
        return -(move.amount + move.rounding) if move.kind is TenderKind.CASH else _ZERO
    if isinstance(move, PaidIn):
        return move.amount
    if isinstance(move, PaidOut):
        return -move.amount
    raise TypeError(f"not a shift move: {shown(move)}")


def expected_cash(float_amount: Decimal, moves: Iterable[ShiftMove]) -> Decimal:
    """What the drawer should hold: the float + cash sales (applied) + their rounding − cash refunds (with theirs)
    + paid in − paid out."""
    return float_amount + sum((cash_in(move) for move in moves), _ZERO)


# -- the reports --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Tally:
    """How many, and how much money."""

    count: int = 0
    amount: Decimal = _ZERO

    def plus(self, amount: Decimal) -> Tally:
        return Tally(self.count + 1, self.amount + amount)


@dataclass(frozen=True)
class KindFigures:
    """One tender kind in a report: tenders taken (at the amount applied) and refunds given."""

    kind: TenderKind
    taken: Tally = Tally()
    refunded: Tally = Tally()

    @property
    def net(self) -> Decimal:
        return self.taken.amount - self.refunded.amount


class ReportKind(Enum):
    X = "X"       # any time: the shift stays open
    Z = "Z"       # the close: the shift ends


@dataclass(frozen=True)
class ShiftReport:
    """A shift's figures at `taken_at`. `by_kind` has every kind of `REPORT_ORDER`, even those with nothing."""

    kind: ReportKind
    shift: Shift                                # as it is after the report (closed for a Z)
    taken_at: datetime
    by_kind: tuple[KindFigures, ...]
    cash_given: Decimal = _ZERO                 # what customers handed over in cash
    cash_change: Decimal = _ZERO                # the change handed back (cash sales = given − change)
    paid_in: Tally = Tally()
    paid_out: Tally = Tally()
    expected_cash: Decimal = _ZERO
    cash_rounding: Decimal = _ZERO              # what cash paid beyond the sales' exact amounts, less given back

    def figures(self, kind: TenderKind) -> KindFigures:
        return next(figures for figures in self.by_kind if figures.kind is kind)

    @property
    def float_amount(self) -> Decimal:
        return self.shift.float_amount

    @property
    def taken(self) -> Tally:
        """All tenders of all kinds (the sales' money, at the amounts applied)."""
        return Tally(sum(f.taken.count for f in self.by_kind), sum((f.taken.amount for f in self.by_kind), _ZERO))

    @property
    def refunded(self) -> Tally:
        return Tally(sum(f.refunded.count for f in self.by_kind),
                     sum((f.refunded.amount for f in self.by_kind), _ZERO))

    @property
    def cash_sales(self) -> Decimal:
        return self.figures(TenderKind.CASH).taken.amount

    @property
    def cash_refunds(self) -> Decimal:
        return self.figures(TenderKind.CASH).refunded.amount


@dataclass(frozen=True)
class ShiftClose:
    """The Z report: the figures, the cash counted and how far it is from what was expected."""

    report: ShiftReport
    counted: Decimal

    def __post_init__(self) -> None:
        object.__setattr__(self, "counted", parse_cash_count(self.counted))

    @property
    def shift(self) -> Shift:
        """The shift, closed."""
        return self.report.shift

    @property
    def expected(self) -> Decimal:
        return self.report.expected_cash

    @property
    def difference(self) -> Decimal:
        """Counted − expected: above 0 the drawer is over, below 0 short, 0 it balances."""
        return self.counted - self.expected

    @property
    def shown_difference(self) -> str:
        """The difference as the till prints it, signed (``+500 ₮``, ``-1,200 ₮``, ``0 ₮``)."""
        sign = "+" if self.difference > 0 else "-" if self.difference < 0 else ""
        return sign + format_mnt(abs(self.difference))


def shift_report(kind: ReportKind, shift: Shift, moves: Iterable[ShiftMove], taken_at: datetime) -> ShiftReport:
    """The figures of `shift` over `moves` at `taken_at` (the shift as given: this neither opens nor closes)."""
    _aware(taken_at)
    taken = dict.fromkeys(REPORT_ORDER, Tally())
    refunded = dict.fromkeys(REPORT_ORDER, Tally())
    given = change = rounding = _ZERO
    paid_in = paid_out = Tally()
    chosen = tuple(moves)
    for move in chosen:
        if isinstance(move, SaleTender):
            taken[move.kind] = taken[move.kind].plus(move.amount)
            if isinstance(move.tender, CashTender):
                given += move.tender.given
                change += move.tender.change
                rounding += move.tender.rounding
        elif isinstance(move, Refund):
            refunded[move.kind] = refunded[move.kind].plus(move.amount)
            rounding -= move.rounding
        elif isinstance(move, PaidIn):
            paid_in = paid_in.plus(move.amount)
        elif isinstance(move, PaidOut):
            paid_out = paid_out.plus(move.amount)
        else:
            raise TypeError(f"not a shift move: {shown(move)}")
    return ShiftReport(kind, shift, taken_at, tuple(KindFigures(k, taken[k], refunded[k]) for k in REPORT_ORDER),
                       given, change, paid_in, paid_out, expected_cash(shift.float_amount, chosen), rounding)


def x_report(shift: Shift, moves: Iterable[ShiftMove], taken_at: datetime) -> ShiftReport:
    """The X report: the open shift's figures so far; the shift stays open."""
    if not shift.is_open:
        raise ShiftError(CLOSED_SHIFT)
    return shift_report(ReportKind.X, shift, moves, taken_at)


def z_report(shift: Shift, moves: Iterable[ShiftMove], counted: object, closed_at: datetime) -> ShiftClose:
    """The Z report: the cash `counted` in the drawer against what was expected, and the shift closed at
    `closed_at` (the returned `ShiftClose.shift`; the journal records it)."""
    if not shift.is_open:
        raise ShiftError(ALREADY_CLOSED)
    amount = parse_cash_count(counted)
    return ShiftClose(shift_report(ReportKind.Z, shift.closed(closed_at), moves, closed_at), amount)
