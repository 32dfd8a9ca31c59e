"""A part of a sale returned (no Qt; worker threads): chosen lines and quantities, their money given back tender by
tender, and the sale's receipt corrected the way PosAPI 3.0 says.

1. `journal.returns.started` prices each part from the sale's kept lines and plans the money
   (`domain.returns.money_back`: cash, then the card terminal, then QPay's whole card payments, the rest of QPay's
   part in cash): the cash and the terminal's refund are given by the cashier at once; a QPay refund is pending.
   Cash leaves the drawer in whole tögrög, rounded by the shop's cash step (which the return keeps), its rounding
   recorded with it; the money given back (what the receipt and the tax figures lose) stays exact.
2. Each QPay payment of the plan is refunded (cancelled on the sale's day) through QPay, the call written before
   it (`part_return_refund_asked`) and its answer after (`part_return_refunded`). In the return itself a refusal
   gives that money back in cash instead (whole tögrög, by the return's step): the return's words tell the
   cashier to hand it over. A lost answer leaves it pending; recovery (at start, or Check again) reads the payment
   back: given back, it is done; still paid, the refund was not made and is asked again (a definite "not made" is
   the one case a money call is sent again). A refusal then records no cash, since nobody was told to hand any
   over: the part waits, refused, until the cashier asks QPay again or hands it over in cash
   (`refunds_in_cash`, after the history said how much). The journal records cash handed back only where the
   till told the cashier to hand it over in that same action.
3. The receipt (`correct_receipt`), once the money is settled:
   - through PosAPI, something kept: a new receipt for what was kept, naming the one it replaces (`inactiveId`,
     `PosApiDesk.correct`; PosAPI keeps the lottery and marks the old one corrected), B2C and B2B alike, chained
     on a second return (it names the receipt the first return made);
   - through PosAPI, everything returned: a receipt to a person is voided (``DELETE``); one to an organization
     cannot be (PosAPI voids B2C receipts only, and a receipt needs items): it stays valid and the sale stays under
     "needs attention" until it is put right in the ebarimt portal and a manager marks it settled;
   - QPay's own ebarimt: QPay makes a receipt for a whole payment (Create Ebarimt takes a payment, not lines), so
     it is voided and what was kept gets its receipt through the shop's PosAPI (`journal.returns.receipts_to_posapi`);
     with no PosAPI, QPay's receipt stays valid and the sale needs attention (nothing at the till can make it
     smaller); everything returned: voided.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from enum import Enum

from pos_app.domain.cart import DEFAULT_RATES
from pos_app.domain.cash import DEFAULT_CASH_STEP
from pos_app.domain.returns import LineBack, MoneyBack, ReturnError, in_cash, line_back, money_back
from pos_app.domain.sale import ReceiptVia, Receiver
from pos_app.domain.taxes import TaxRates
from pos_app.journal import Journal, JournalError, JournalReceipt, JournalSale, ReceiptStatus, ReversalKind
from pos_app.journal.return_rows import PartReturn, ReturnMoney, kept_after
from pos_app.journal.sale_returns import part_return_problem, refundable
from pos_app.qpay import QPayError

from .posapi_desk import PosApiDesk
from .returns import settle_voids
from .service import Checkout, is_definite_refusal

__all__ = ["ReceiptAfter", "ReturnPlan", "ask_refunds_again", "correct_receipt", "correction_owed", "plan_return",
           "refunds_in_cash", "refused_refunds", "return_part", "settle_part_return", "settle_refunds"]

_GIVEN_BACK = ("CANCELLED", "REFUNDED")     # a QPay payment read back as given back


class ReceiptAfter(Enum):
    """What a return does to the sale's receipt."""

    NONE = "none"              # the sale has no valid receipt
    CORRECTED = "corrected"    # PosAPI: a new receipt for what was kept replaces it (inactiveId)
    REISSUED = "reissued"      # QPay's ebarimt voided, what was kept receipted through PosAPI
    VOIDED = "voided"          # everything returned: voided
    LEFT = "left"              # the till cannot put it right: needs attention until a manager settles it


@dataclass(frozen=True)
class ReturnPlan:
    """What a return will do, shown to the cashier before they confirm (the journal decides the same)."""

    lines: tuple[LineBack, ...]
    amount: Decimal
    money: tuple[MoneyBack, ...]
    receipt: ReceiptAfter
    kept: Decimal                     # what the customer's goods come to afterwards


def plan_return(sale: JournalSale, quantities: Iterable[tuple[int, object]], *, posapi_set: bool,
                cash_step: Decimal = DEFAULT_CASH_STEP) -> ReturnPlan:
    """The return of `quantities` ((line place, quantity) pairs) of `sale`, its cash rounded by `cash_step` (the
    shop's): `ReturnError` for a quantity the till refuses, `JournalError` when the sale cannot have a part
    returned now."""
    problem = part_return_problem(sale)
    if problem:
        raise JournalError(problem)
    kept = kept_after(sale.lines, sale.part_returns)
    backs = []
    for index, quantity in sorted(dict(quantities).items()):
        line = kept[index] if 0 <= index < len(kept) else None
        if line is None:
            raise ReturnError("Line {line} was returned already", line=index + 1)
        backs.append(line_back(line, index, quantity))
    amount = sum((back.amount for back in backs), Decimal(0))
    left = sale.kept_total - amount
    return ReturnPlan(tuple(backs), amount, money_back(amount, refundable(sale), cash_step),
                      _receipt_after(sale, left > 0, posapi_set), left)


def _receipt_after(sale: JournalSale, something_kept: bool, posapi_set: bool) -> ReceiptAfter:
    valid = sale.valid_receipts
    if not valid:
        return ReceiptAfter.NONE
    if all(row.is_posapi for row in valid):
        if something_kept:
            return ReceiptAfter.CORRECTED if posapi_set and not any(r.details_lost for r in valid) \
                else ReceiptAfter.LEFT
        return ReceiptAfter.VOIDED if all(r.voidable_at_till and not r.details_lost for r in valid) \
            else ReceiptAfter.LEFT
    if not something_kept:
        return ReceiptAfter.VOIDED
    return ReceiptAfter.REISSUED if posapi_set else ReceiptAfter.LEFT


def return_part(journal: Journal, checkout: Checkout, posapi: PosApiDesk | None, number: str,
                quantities: Iterable[tuple[int, object]], reason: str,
                cash_step: Decimal = DEFAULT_CASH_STEP, rates: TaxRates | None = None) -> JournalSale:
    """Return `quantities` of sale `number`: journalled (its cash rounded by `cash_step`, each part's taxes worked
    out at `rates`: the shop's, by default PosAPI's when set, else the cart's), the money given back (a QPay
    refund refused goes back in cash: the return's words say so), the receipt put right."""
    if rates is None:
        rates = posapi.setup.rates if posapi is not None else DEFAULT_RATES
    journal.returns.started(number, quantities, reason, cash_step, rates)
    return settle_part_return(journal, checkout, posapi, number, cash_if_refused=True)


def settle_part_return(journal: Journal, checkout: Checkout, posapi: PosApiDesk | None, number: str, *,
                       read_back: bool = False, cash_if_refused: bool = False,
                       ask_refused: bool = False) -> JournalSale:
    """A return's QPay refunds settled (`settle_refunds`), then the receipt put right. Raises when an answer is
    lost (the step stays pending) or a receipt call is refused."""
    settle_refunds(journal, checkout, number, read_back=read_back, cash_if_refused=cash_if_refused,
                   ask_refused=ask_refused)
    if journal.queries.get(number).receipt_status is ReceiptStatus.CANCELLING:     # QPay's receipts being voided
        settle_voids(journal, checkout, posapi, number)
    return correct_receipt(journal, checkout, posapi, number)


def settle_refunds(journal: Journal, checkout: Checkout, number: str, *, read_back: bool = False,
                   cash_if_refused: bool = False, ask_refused: bool = False) -> None:
    """Each QPay refund of the sale's returns not settled yet. `read_back` (recovery, Check again) reads the
    payment first: given back, it is done; still paid, the refund was not made and is asked again; any other
    state is left pending. A refusal gives the money in cash only with `cash_if_refused` (the return itself, whose
    words tell the cashier to hand it over); otherwise the part waits, refused, for the cashier. A part refused
    before is asked again only when the cashier says so (`ask_refused`)."""
    sale = journal.queries.get(number)
    for part_return in sale.part_returns:
        for part in part_return.money:
            if part.is_done or (part.is_refused and not ask_refused):
                continue
            if read_back:
                status = str(checkout.client.get_payment(part.back.ref).status or "").upper()
                if status in _GIVEN_BACK:
                    journal.returns.refunded(number, part_return.id, part.back.ref, True)
                    continue
                if status != "PAID":
                    continue     # neither given back nor surely still paid: read again later
            _ask_refund(journal, checkout, sale, part_return, part, cash_if_refused)


def _ask_refund(journal: Journal, checkout: Checkout, sale: JournalSale, part_return: PartReturn,
                part: ReturnMoney, cash_if_refused: bool) -> None:
    """Ask QPay to give one return's payment back: cancelled on the sale's day (the card is not settled yet),
    else refunded; the call written first."""
    number, ref = sale.number, part.back.ref
    kind = ReversalKind.CANCEL if sale.created_at.date() == journal.now().date() else ReversalKind.REFUND
    journal.returns.refund_asked(number, part_return.id, ref, kind)
    undo = checkout.client.cancel_payment if kind is ReversalKind.CANCEL else checkout.client.refund_payment
    try:
        undo(ref, note=part_return.reason)
    except QPayError as exc:
        if exc.error_code == "PAYMENT_ALREADY_CANCELED":
            journal.returns.refunded(number, part_return.id, ref, True)
        elif not is_definite_refusal(exc):
            raise        # unknown: left pending; the next check or start reads the payment back
        elif cash_if_refused:
            journal.returns.refunded(number, part_return.id, ref, False,
                                     f"refused: {exc.error_code or type(exc).__name__}; given in cash")
        else:
            journal.returns.refund_refused(number, part_return.id, ref,
                                           f"refused: {exc.error_code or type(exc).__name__}")
        return
    journal.returns.refunded(number, part_return.id, ref, True)


def refused_refunds(sale: JournalSale) -> tuple[tuple[ReturnMoney, MoneyBack], ...]:
    """The QPay refunds of the sale's returns that QPay refused outside the return (the cashier chooses), each
    with what it comes to in cash from the drawer (whole tögrög, by its return's step)."""
    return tuple((part, in_cash(part.back, part_return.cash_step))
                 for part_return in sale.part_returns for part in part_return.money if part.is_refused)


def ask_refunds_again(journal: Journal, checkout: Checkout, posapi: PosApiDesk | None, number: str) -> JournalSale:
    """The cashier asks QPay again for the refunds it refused (read back first: settled meanwhile, nothing is
    asked); a refusal leaves them for the cashier again."""
    return settle_part_return(journal, checkout, posapi, number, read_back=True, ask_refused=True)


def refunds_in_cash(journal: Journal, checkout: Checkout, posapi: PosApiDesk | None, number: str) -> JournalSale:
    """The cashier hands over in cash, from the drawer, the QPay refunds QPay refused (the history said how much,
    whole tögrög by the return's step, and the cashier confirmed): recorded as given in cash; then the receipt is
    put right. Only a refusal proves QPay gave nothing back: a refund whose answer is unknown is never paid in cash
    on top."""
    sale = journal.queries.get(number)
    for part_return in sale.part_returns:
        for part in part_return.money:
            if part.is_refused:
                journal.returns.refunded(number, part_return.id, part.back.ref, False,
                                         f"{part.note}; handed over in cash by the cashier")
    return correct_receipt(journal, checkout, posapi, number)


def correction_owed(sale: JournalSale, posapi_set: bool) -> bool:
    """The sale's receipt after its partial returns is something the till can still put right by itself: a
    receipt a return left standing that it can correct or void, or (QPay's receipts voided) what was kept owed its
    receipt through PosAPI."""
    if not sale.part_returns or any(not part.is_done for part in sale.part_returns):
        return False
    if sale.receipt_via is ReceiptVia.POSAPI and sale.can_issue_receipt and not sale.valid_receipts:
        return posapi_set and any(not row.is_posapi for row in sale.receipts)    # QPay's, voided by a return
    stale = sale.stale_receipts
    if not stale or sale.failure or any(row.failure for row in stale):
        return False                  # refused once: the same request would be refused again
    return _receipt_after(sale, bool(sale.kept_lines), posapi_set) is not ReceiptAfter.LEFT


def correct_receipt(journal: Journal, checkout: Checkout, posapi: PosApiDesk | None, number: str) -> JournalSale:
    """Put the receipt right after the sale's partial returns (see the module's docstring); a receipt the till
    cannot put right is left as it is (the sale needs attention: `JournalSale.stale_receipts`)."""
    sale = journal.queries.get(number)
    if not correction_owed(sale, posapi is not None):
        return sale
    stale = sale.stale_receipts
    if not stale:        # QPay's receipts were voided earlier: what was kept is owed its receipt
        assert posapi is not None
        return posapi.issue(journal, number, _last_receiver(sale))
    posapi_rows = [row for row in stale if row.is_posapi]
    if posapi_rows and sale.kept_lines:
        assert posapi is not None
        return posapi.correct(journal, number, posapi_rows[-1])
    if not sale.kept_lines:           # everything returned: voided (only what the till can void: see LEFT)
        journal.reversals.receipt_cancel_started(number)
        return settle_voids(journal, checkout, posapi, number)
    assert posapi is not None         # QPay's receipts: voided, then what was kept through PosAPI
    receiver = _last_receiver(sale)
    if sale.receipt_via is ReceiptVia.QPAY:
        journal.returns.receipts_to_posapi(number)
    else:
        journal.reversals.receipt_cancel_started(number)
    settle_voids(journal, checkout, posapi, number)
    return posapi.issue(journal, number, receiver)


def _last_receiver(sale: JournalSale) -> Receiver:
    rows: tuple[JournalReceipt, ...] = sale.receipts
    return rows[-1].receipt.receiver if rows else (sale.receiver or Receiver())
