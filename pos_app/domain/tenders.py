"""How the customer pays one sale: its tenders (cash, the bank's card terminal, QPay) and what is still due.

After the cart the cashier takes one tender after another until they cover the total. `Tendering` is the
state of that for one sale: an immutable value, so each step gives a new one. The caller writes the new
tender to the journal first and only then keeps the new state ("a tender counts once it is written").

* **Cash** (`add_cash(given, step)`): cash is whole tögrög. The customer hands over `given` (whole); what is due
  is paid in cash at `cash_due(step)`, half up to a multiple of the shop's `step` (1, 5, 10, 50 or 100 ₮; 1 by
  default; a sale below one step to the whole tögrög, and never 0 for the whole sale: `pos_app.domain.cash.
  cash_due`), so cash that covers it applies the exact due to the sale, its `rounding` is what the cash paid
  beyond it (below 0: short of it), and the rest is the change; less cash applies what was given, unrounded.
  Change and rounding come only from cash, and only from the tender that covers the sale, so a sale has at most
  one cash tender with change or rounding, its last. Cash of 0 is refused (but where the rounded due is 0 itself,
  as after a card that left 0.30, 0 given covers it); so is any tender once nothing is due, and cash leaving more
  change than `MAX_CHANGE`.
* **Card terminal** (`add_card(amount, approval_code)`): the bank's own terminal charges the card; the till
  records the approval code the cashier types from its slip. A terminal never gives change, so the amount
  is above 0 and at most what is due. The code is 4 to 12 letters or digits (6 on most slips), kept upper-case.
* **QPay** (`add_qpay(amount, payment_ids)`): a QPay invoice for (part of) what is due, with the id of each
  payment that paid it; at most what is due (an invoice is made for the due amount; any surplus the customer
  paid on top is the QPay flow's matter, not a tender's).
* `remove_last()` takes the last tender off while the sale is not completed (whether the money can be given
  back, a card voided or a QPay payment refunded, is for the journal and the checkout to decide: this only
  models the state). `complete()` marks a covered sale done; a completed one takes no more changes.

**PosAPI**: the receipt's `payments` come from `posapi_payments`, one ``(code, amount)`` line a tender, at the
amount applied (cash: never what was given). They add up exactly to the total once covered.

**Cash rounding** (`pos_app.domain.cash`): the total, card, QPay and the receipt stay exact to the möngö. The
rounding is the cash tender's own, outside the sale's amount (the receipt's `payments` still add up to its total);
the drawer keeps ``amount + rounding`` (`taken`). Change above the largest note is `is_unlikely_cash`.

Errors are `TenderError` (`tender_errors`): an English template with ``{name}`` fields and its params (as
`CartError`), so the window can translate it; every template is listed in `TENDER_MESSAGES`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from enum import Enum
from typing import ClassVar, NamedTuple

from .cash import CASH_STEPS, DEFAULT_CASH_STEP, LARGEST_NOTE, MAX_CHANGE, cash_due
from .money import format_mnt, parse_amount, shown
from .tender_errors import (ABSURD_CASH, BAD_AMOUNT, BAD_APPROVAL_CODE, BAD_CHANGE, BAD_PAYMENT_ID, BAD_ROUNDING,
                            BAD_TOTAL, CASH_NOT_WHOLE, COMPLETED, NO_PAYMENT_ID, NO_TENDER, NOT_A_NUMBER, NOT_COVERED,
                            NOTHING_DUE, OVER_DUE_CARD, OVER_DUE_CASH, OVER_DUE_QPAY, TENDER_MESSAGES,
                            TOO_MANY_PAYMENT_IDS, TenderError)

__all__ = ["CASH_CODE", "MAX_AMOUNT", "MAX_PAYMENT_IDS", "PAYMENT_CARD_CODE", "POSAPI_CODES", "TENDER_MESSAGES",
           "CardTender", "CashTender", "PaymentLine", "QPayTender", "Tender", "TenderError", "TenderKind",
           "Tendering", "check_approval_code", "is_unlikely_cash", "parse_tender_amount", "posapi_payments"]

MAX_AMOUNT = Decimal(10) ** 12          # as a price: any amount of a sale is below it
MAX_PAYMENT_IDS = 50
_ZERO = Decimal(0)
_MAX_ROUNDING = max(CASH_STEPS) / 2
_APPROVAL_CODE = re.compile(r"[A-Za-z0-9]{4,12}")

class TenderKind(Enum):
    QPAY = "qpay"
    CASH = "cash"
    CARD_TERMINAL = "card_terminal"


def parse_tender_amount(value: object) -> Decimal:
    """An amount the cashier enters or the journal holds: above 0, below 10^12, at most 2 decimals."""
    try:
        amount = parse_amount(value)
    except ValueError:
        raise TenderError(NOT_A_NUMBER, value=shown(value)) from None
    if not _ZERO < amount < MAX_AMOUNT or amount.as_tuple().exponent < -2:  # type: ignore[operator]
        raise TenderError(BAD_AMOUNT)
    return amount


def _cash_given(value: object) -> Decimal:
    """Cash the customer handed over: whole tögrög, 0 or more, below 10^12."""
    try:
        amount = parse_amount(value)
    except ValueError:
        raise TenderError(NOT_A_NUMBER, value=shown(value)) from None
    if not _ZERO <= amount < MAX_AMOUNT:
        raise TenderError(BAD_AMOUNT)
    if amount != amount.to_integral_value():
        raise TenderError(CASH_NOT_WHOLE, value=format_mnt(amount))
    return amount


def _rounding(value: object) -> Decimal:
    try:
        amount = parse_amount(value)
    except ValueError:
        raise TenderError(NOT_A_NUMBER, value=shown(value)) from None
    if abs(amount) > _MAX_ROUNDING or amount.as_tuple().exponent < -2:  # type: ignore[operator]
        raise TenderError(BAD_ROUNDING)
    return amount


def check_approval_code(code: object) -> str:
    """The card terminal's approval code as the cashier typed it: 4 to 12 ASCII letters or digits (blanks
    around ignored), returned upper-case."""
    text = code.strip() if isinstance(code, str) else ""
    if not _APPROVAL_CODE.fullmatch(text):
        raise TenderError(BAD_APPROVAL_CODE)
    return text.upper()


def _payment_ids(ids: Iterable[object]) -> tuple[str, ...]:
    if isinstance(ids, str):          # one id given alone, not a list of its characters
        ids = (ids,)
    found: list[str] = []
    for value in ids:
        text = value.strip() if isinstance(value, str) else ""
        if not text or len(text) > 100 or not text.isprintable():
            raise TenderError(BAD_PAYMENT_ID, value=shown(value))
        if text not in found:
            found.append(text)
        if len(found) > MAX_PAYMENT_IDS:
            raise TenderError(TOO_MANY_PAYMENT_IDS, maximum=MAX_PAYMENT_IDS)
    if not found:
        raise TenderError(NO_PAYMENT_ID)
    return tuple(found)


@dataclass(frozen=True)
class CashTender:
    """Cash: `given` by the customer, `amount` of it applied to the sale, `rounding` what the cash paid beyond the
    amount to pay it in whole tögrög (below 0: short of it; only the covering cash has one), and the rest (`change`)
    handed back. The drawer keeps `taken`: the amount and its rounding. Given is 0 only when that is 0 too."""

    amount: Decimal
    given: Decimal
    rounding: Decimal = _ZERO
    kind: ClassVar[TenderKind] = TenderKind.CASH

    def __post_init__(self) -> None:
        object.__setattr__(self, "amount", parse_tender_amount(self.amount))
        object.__setattr__(self, "rounding", _rounding(self.rounding))
        # (0 given only where the rounding took all that was due: nothing to hand over)
        given = _cash_given(self.given) if self.taken == 0 else parse_tender_amount(self.given)
        object.__setattr__(self, "given", given)
        if self.given < self.taken:
            raise TenderError(BAD_AMOUNT)

    @property
    def taken(self) -> Decimal:
        """What the drawer keeps: given less change."""
        return self.amount + self.rounding

    @property
    def change(self) -> Decimal:
        return self.given - self.taken


@dataclass(frozen=True)
class CardTender:
    """A payment on the bank's card terminal, with the approval code from its slip (never any change)."""

    amount: Decimal
    approval_code: str
    kind: ClassVar[TenderKind] = TenderKind.CARD_TERMINAL

    def __post_init__(self) -> None:
        object.__setattr__(self, "amount", parse_tender_amount(self.amount))
        object.__setattr__(self, "approval_code", check_approval_code(self.approval_code))

    @property
    def change(self) -> Decimal:
        return _ZERO


@dataclass(frozen=True)
class QPayTender:
    """A QPay invoice paid for `amount`, with the id of each payment that paid it (never any change)."""

    amount: Decimal
    payment_ids: tuple[str, ...]
    kind: ClassVar[TenderKind] = TenderKind.QPAY

    def __post_init__(self) -> None:
        object.__setattr__(self, "amount", parse_tender_amount(self.amount))
        object.__setattr__(self, "payment_ids", _payment_ids(self.payment_ids))

    @property
    def change(self) -> Decimal:
        return _ZERO


Tender = CashTender | CardTender | QPayTender


@dataclass(frozen=True)
class Tendering:
    """The tenders of one sale so far. Immutable: `add_cash`, `add_card`, `add_qpay`, `add`, `remove_last` and
    `complete` return the next state. Built directly (say from the journal), it checks its tenders as `add`
    would have taken them one by one."""

    total: Decimal
    tenders: tuple[Tender, ...] = ()
    completed: bool = False

    def __post_init__(self) -> None:
        try:
            total = parse_tender_amount(self.total)
        except TenderError:
            raise TenderError(BAD_TOTAL) from None
        object.__setattr__(self, "total", total)
        object.__setattr__(self, "tenders", tuple(self.tenders))
        due = total
        for tender in self.tenders:
            _check_fits(tender, due)
            due -= tender.amount
        if self.completed and due:
            raise TenderError(NOT_COVERED, due=format_mnt(due))

    # -- what it comes to -----------------------------------------------------------------------------------

    @property
    def applied(self) -> Decimal:
        """What the tenders apply to the sale (never above the total)."""
        return sum((tender.amount for tender in self.tenders), _ZERO)

    @property
    def due(self) -> Decimal:
        """What remains to pay: the total less what is applied."""
        return self.total - self.applied

    @property
    def is_covered(self) -> bool:
        return self.due == 0

    @property
    def change(self) -> Decimal:
        """The change to hand back (from the last, covering, cash tender; 0 otherwise)."""
        return sum((tender.change for tender in self.tenders), _ZERO)

    @property
    def cash_given(self) -> Decimal:
        return sum((tender.given for tender in self.tenders if isinstance(tender, CashTender)), _ZERO)

    @property
    def rounding(self) -> Decimal:
        """What the cash paid beyond the sale's exact amount to pay it in whole tögrög (below 0: short of it)."""
        return sum((tender.rounding for tender in self.tenders if isinstance(tender, CashTender)), _ZERO)

    @property
    def last(self) -> Tender | None:
        return self.tenders[-1] if self.tenders else None

    @property
    def opens_drawer(self) -> bool:
        """Any cash taken: the drawer opens when the sale completes."""
        return any(isinstance(tender, CashTender) for tender in self.tenders)

    def amount_by_kind(self, kind: TenderKind) -> Decimal:
        return sum((tender.amount for tender in self.tenders if tender.kind is kind), _ZERO)

    # -- the steps ------------------------------------------------------------------------------------------

    def cash_due(self, step: Decimal = DEFAULT_CASH_STEP) -> Decimal:
        """What is due, as cash pays it (`pos_app.domain.cash.cash_due`: rounded by `step`, a sale below one step
        to the whole tögrög, and never to 0 for the whole sale)."""
        return cash_due(self.due, self.total, step)

    def cash_tender(self, given: object, step: Decimal = DEFAULT_CASH_STEP) -> CashTender:
        """The cash tender `given` (whole tögrög) makes now (not yet added). Cash that covers the due (exact, or
        rounded by `step`: `cash_due`) applies the due, rounded: the drawer keeps min(given, cash due), the rest is
        change. Less applies what was given. Refused when it would leave more change than `MAX_CHANGE`."""
        due = self._open_and_due()
        amount = _cash_given(given)
        rounded = cash_due(due, self.total, step)
        if amount < min(due, rounded):
            tender = CashTender(amount, amount)
        else:
            tender = CashTender(due, amount, min(amount, rounded) - due)
        _check_new_cash(tender)
        return tender

    def card_tender(self, amount: object, approval_code: object) -> CardTender:
        due = self._open_and_due()
        value = parse_tender_amount(amount)
        if value > due:
            raise TenderError(OVER_DUE_CARD, due=format_mnt(due))
        return CardTender(value, check_approval_code(approval_code))

    def qpay_tender(self, amount: object, payment_ids: Iterable[object]) -> QPayTender:
        due = self._open_and_due()
        value = parse_tender_amount(amount)
        if value > due:
            raise TenderError(OVER_DUE_QPAY, due=format_mnt(due))
        return QPayTender(value, _payment_ids(payment_ids))

    def add_cash(self, given: object, step: Decimal = DEFAULT_CASH_STEP) -> Tendering:
        return self.add(self.cash_tender(given, step))

    def add_card(self, amount: object, approval_code: object) -> Tendering:
        return self.add(self.card_tender(amount, approval_code))

    def add_qpay(self, amount: object, payment_ids: Iterable[object]) -> Tendering:
        return self.add(self.qpay_tender(amount, payment_ids))

    def add(self, tender: Tender) -> Tendering:
        """This state with `tender` added (checked against what is due; new cash is whole tögrög in and out, and
        leaves at most `MAX_CHANGE` of change)."""
        _check_fits(tender, self._open_and_due())
        if isinstance(tender, CashTender):
            _check_new_cash(tender)
        return Tendering(self.total, (*self.tenders, tender))

    def remove_last(self) -> Tendering:
        """This state without its last tender (before completion only)."""
        if self.completed:
            raise TenderError(COMPLETED)
        if not self.tenders:
            raise TenderError(NO_TENDER)
        return Tendering(self.total, self.tenders[:-1])

    def complete(self) -> Tendering:
        """The sale done: covered, and no tender changes any more."""
        if self.completed:
            return self
        if not self.is_covered:
            raise TenderError(NOT_COVERED, due=format_mnt(self.due))
        return Tendering(self.total, self.tenders, completed=True)

    def _open_and_due(self) -> Decimal:
        if self.completed:
            raise TenderError(COMPLETED)
        due = self.due
        if due <= 0:
            raise TenderError(NOTHING_DUE)
        return due


_OVER_DUE = {TenderKind.CASH: OVER_DUE_CASH, TenderKind.CARD_TERMINAL: OVER_DUE_CARD, TenderKind.QPAY: OVER_DUE_QPAY}


def _check_fits(tender: object, due: Decimal) -> None:
    """`tender` may come when `due` remains: a tender at all, something due, at most that applied, and
    change only from the cash that covers it."""
    if not isinstance(tender, CashTender | CardTender | QPayTender):
        raise TypeError(f"not a tender: {shown(tender)}")
    if due <= 0:
        raise TenderError(NOTHING_DUE)
    if tender.amount > due:
        raise TenderError(_OVER_DUE[tender.kind], due=format_mnt(due))
    if tender.change and tender.amount != due:
        raise TenderError(BAD_CHANGE)
    if isinstance(tender, CashTender) and tender.rounding and tender.amount != due:
        raise TenderError(BAD_ROUNDING)


def _check_new_cash(tender: CashTender) -> None:
    """Cash taken now is whole tögrög, in and out, and leaves at most `MAX_CHANGE` (a journal's older tenders
    are read as they were written)."""
    for value in (tender.given, tender.taken):
        if value != value.to_integral_value():
            raise TenderError(CASH_NOT_WHOLE, value=format_mnt(value))
    if tender.change > MAX_CHANGE:
        raise TenderError(ABSURD_CASH, given=format_mnt(tender.given), change=format_mnt(tender.change))


def is_unlikely_cash(tender: Tender) -> bool:
    """Cash leaving more change than the largest note (`LARGEST_NOTE`): a customer never hands over a whole 20,000 ₮
    note more than the sale needs, so a zero too many is likelier than such cash; the till asks before taking it."""
    return isinstance(tender, CashTender) and tender.change > LARGEST_NOTE


# -- PosAPI ---------------------------------------------------------------------------------------------------

CASH_CODE = "CASH"
PAYMENT_CARD_CODE = "PAYMENT_CARD"
# The one place a tender kind becomes a PosAPI payment code. The spec knows only CASH and PAYMENT_CARD: the
# bank terminal's card payment is PAYMENT_CARD, and QPay (card or bank transfer through the QPay app) goes as
# non-cash, card-like, PAYMENT_CARD too (as `PaymentEntry.non_cash` in pos_app.posapi sends it).
POSAPI_CODES: dict[TenderKind, str] = {
    TenderKind.CASH: CASH_CODE,
    TenderKind.CARD_TERMINAL: PAYMENT_CARD_CODE,
    TenderKind.QPAY: PAYMENT_CARD_CODE,
}


class PaymentLine(NamedTuple):
    """One element of the receipt's `payments`: its code and paid amount."""

    code: str
    amount: Decimal


def posapi_payments(tenders: Tendering | Iterable[Tender]) -> tuple[PaymentLine, ...]:
    """The receipt's payment lines, one a tender in order, each at the amount applied to the sale (cash: not what
    was given, nor its rounding). For a covered `Tendering` they add up exactly to its total."""
    chosen = tenders.tenders if isinstance(tenders, Tendering) else tuple(tenders)
    return tuple(PaymentLine(POSAPI_CODES[tender.kind], tender.amount) for tender in chosen)
