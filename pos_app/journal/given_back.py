"""What each step of a sale's log gave back: how much, how (a cancel or a refund) and by which payments.

The day close (`day_moves`) and the shift (`shifts`) read money given back from the step log, so they must
agree on what each step's amount means. It is **what that step itself gave back**: a give-back refused
half-way logs what it returned (`reversal_failed` / `part_reversal_failed` with an amount), and the step that
finishes it (`reversal_done`, `part_reversal_done`) logs the rest only. Tenders handed back or refunded log what
went back from the counter; a partial return logs what each of its steps gave back (`part_return_started` its
cash and card-terminal parts, `part_return_refunded` one QPay refund or the cash paid in its place).

**Older logs** (before issue 31) logged `reversal_done` with what the sale's give-back had returned in all (the
sale's `reversed_amount`, running on from a refusal half-way). Such a step is told apart by what it lacks: the
journal now logs `reversed_amount` beside the amount. Its own part is read as a difference: its amount minus
what the sale's give-back record held before it, which this reader follows step by step exactly as the journal
kept it (each part returned adds to it; a part give-back begun afresh, or money arriving after a give-back,
starts it again). A journal written before is therefore read right without being changed (its log is
append-only), at the till and at the store alike.

No Qt, no SQLite: a pure reading of `(kind, detail)` steps, oldest first.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Any

from pos_app.domain.sale import PaymentSeen

from .records import JournalSale, ReversalKind

__all__ = ["GIVING_BACK", "GivenBack", "GiveBackReader", "listed_payments", "step_amount"]

_ZERO = Decimal(0)
_CANCEL, _REFUND = ReversalKind.CANCEL, ReversalKind.REFUND
# The steps that give money back, and how (None: as the give-back begun before it said). A refusal half-way gives
# back only when its detail says what went back.
GIVING_BACK: Mapping[str, ReversalKind | None] = {
    "reversal_done": None, "reversal_failed": None, "part_reversal_done": _CANCEL, "part_reversal_failed": _CANCEL,
    "tenders_handed_back": _CANCEL, "tenders_refunded": _REFUND,
    # A partial return: its cash and card-terminal parts when it is begun (a counter return: a refund), each QPay
    # refund once answered (a cancel when its step says so: asked on the sale's day), or the cash paid instead of
    # one QPay refused (a refund). A step written before the cancel/refund split was kept says nothing: a refund.
    "part_return_started": _REFUND, "part_return_refunded": None}
_HALF_WAY = frozenset({"reversal_failed", "part_reversal_failed"})
_QPAY_BACK = frozenset({"reversal_done", "reversal_failed", "part_reversal_done", "part_reversal_failed"})


@dataclass(frozen=True)
class GivenBack:
    """Money one step gave back: `amount`, `how`, and the `payments` it was (their amounts add up to `amount`;
    a payment of no id stands for money whose payments the step did not list)."""

    amount: Decimal
    how: ReversalKind
    payments: tuple[PaymentSeen, ...]
    through_qpay: bool = True        # False: from the counter (cash, the card terminal)


def step_amount(detail: Mapping[str, Any], default: Decimal) -> Decimal:
    """The step's `amount` (a finite decimal), else `default`."""
    try:
        amount = Decimal(str(detail["amount"]))
    except (KeyError, InvalidOperation):
        return default
    return amount if amount.is_finite() else default


def listed_payments(detail: Mapping[str, Any], key: str = "payments") -> tuple[PaymentSeen, ...] | None:
    """The payments a step's detail lists under `key` (None: it lists none)."""
    records = detail.get(key)
    if not isinstance(records, (list, tuple)):
        return None
    return tuple(PaymentSeen(str(record.get("payment_id", "")), step_amount(record, _ZERO), str(record.get("bank", "")),
                             str(record.get("type", "")))
                 for record in records if isinstance(record, Mapping))


def _total(payments: Iterable[PaymentSeen]) -> Decimal:
    return sum((payment.amount for payment in payments), _ZERO)


class GiveBackReader:
    """Reads one sale's steps in order (`read` each, from the first) and says what each gave back.

    `sale` gives what a step leaves unsaid (a derived or old step without its amount, how or payments); without
    it such a step gives back nothing it does not say.
    """

    def __init__(self, sale: JournalSale | None = None) -> None:
        self._sale = sale
        self._how: ReversalKind | None = None       # the kind of the give-back begun last
        self._record = _ZERO                        # what the sale's give-back record held (its reversed amount)

    def read(self, kind: str, detail: Mapping[str, Any]) -> GivenBack | None:
        """What the step gave back (None: nothing)."""
        if kind == "reversal_started":
            self._how = _kind(detail.get("kind"))
        elif kind == "part_reversal_started":
            self._how = _CANCEL
            self._record = _total(listed_payments(detail, "given_back_before") or ())
        elif kind == "money_after_give_back":
            self._record = _ZERO
        if kind not in GIVING_BACK or (kind in _HALF_WAY and "amount" not in detail):
            return None
        default = self._sale.reversed_amount if self._sale is not None else _ZERO
        amount = step_amount(detail, default)
        if kind == "reversal_done" and "reversed_amount" not in detail:
            amount -= self._record          # an older log: its amount ran on from a refusal half-way
        if kind in _QPAY_BACK:
            self._record += amount
        if not amount:
            return None
        if kind == "part_return_refunded":
            how = _kind(detail.get("how")) or _REFUND
        else:
            how = GIVING_BACK[kind] or self._how or (self._sale.reversal_kind if self._sale is not None else None) \
                or _REFUND
        listed = listed_payments(detail, "given_back" if kind in _HALF_WAY else "payments")
        if not listed or _total(listed) != amount:
            listed = (PaymentSeen("", amount, "", self._kind_unsaid(kind)),)
        return GivenBack(amount, how, listed, kind in _QPAY_BACK)

    def _kind_unsaid(self, step: str) -> str:
        """The payment type of money a step did not list: the sale's own when all its payments (QPay's, or for a
        tender step its tenders) share one, else unknown."""
        if self._sale is None:
            return ""
        if step in _QPAY_BACK:
            kinds = {payment.kind for payment in self._sale.payments}
        else:
            kinds = {tender.as_payment().kind for tender in self._sale.tenders}
        return kinds.pop() if len(kinds) == 1 else ""


def _kind(value: object) -> ReversalKind | None:
    try:
        return ReversalKind(str(value))
    except ValueError:
        return None
