"""A partial return in plain terms: which part of each line goes back and for how much, what the customer keeps,
and which tender gives the money back.

A line's part returned is priced by the cart's own arithmetic: what the line came to, less what the part kept
comes to (`kept_part`: the kept quantity at the unit price, rounded to the cent as the cart rounds; a percent
discount taken off it as the cart takes it; an amount discount and the line's share of the sale discount
shared in proportion to what the kept part comes to). So the money given back and the receipt for what was
kept always add up to the line as sold, to the cent, and the discount goes with the part it was given on.

The money goes back in this order (`money_back`): the drawer's cash first (any amount, at once), then the card
terminal (any amount, refunded there by the cashier), then QPay, which gives back whole card payments only
(Refund Payment takes no amount, and a bank transfer cannot be given back at all): a QPay payment is refunded
when it fits whole in what is left to give, and what QPay cannot give back whole is given in cash from the
drawer (`source` QPay, `via` cash), said to the cashier before they confirm.

Cash leaves the drawer in whole tögrög (`pos_app.domain.cash`): each part given back in cash keeps its exact
`amount` (what the receipt's payments and the tax figures lose) and the `rounding` the drawer hands beyond it
(below 0: short of it), so the cashier hands `handed`. The sale's own cash is rounded as cash is paid
(`cash_due`, the shop's step) but never beyond what the drawer still holds of it, and the return that takes the
last of it hands back all the drawer still holds (the rounding it was taken with goes back with it): a rounded cash
sale returned in any number of parts gives back exactly the cash it took. Money QPay took that goes back in cash
is rounded as cash is paid (`in_cash`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal, InvalidOperation
from enum import Enum

from .cart import CartLine
from .cash import DEFAULT_CASH_STEP, cash_due
from .discounts import Discount, DiscountKind
from .taxes import ZERO_TAX, TaxRates, TaxSplit, cents

__all__ = ["LineBack", "MoneyBack", "Refundable", "ReturnError", "TenderSource", "in_cash", "kept_lines",
           "kept_part", "line_back", "money_back"]

_ZERO = Decimal("0.00")


class ReturnError(ValueError):
    """A return the till refuses, with a message fit to show the cashier (`template` and `params` as in
    `CartError`, so the window can translate it)."""

    def __init__(self, template: str, **params: object) -> None:
        self.template = template
        self.params = params
        super().__init__(template.format(**params))


class TenderSource(str, Enum):
    """Where money came from, or how it goes back."""

    CASH = "cash"
    CARD_TERMINAL = "card_terminal"
    QPAY = "qpay"


@dataclass(frozen=True)
class LineBack:
    """A part of one line given back: the line's place in the sale, the quantity, its money and the VAT and city
    tax inside that money (None: not known, a return recorded without the shop's rates)."""

    line: int
    quantity: Decimal
    amount: Decimal
    taxes: TaxSplit | None = None


@dataclass(frozen=True)
class MoneyBack:
    """Money given back: taken off `source` (the tender it was paid with: what the receipt's payments lose)
    and handed back `via` (what leaves the drawer, the terminal or QPay). `ref` names the tender or QPay payment
    (QPay: the payment refunded whole; "" for cash). `amount` is exact; cash is `handed` in whole tögrög, its
    `rounding` what that is beyond the amount (below 0: short of it; 0 for the terminal and QPay)."""

    source: TenderSource
    via: TenderSource
    amount: Decimal
    ref: str = ""
    rounding: Decimal = _ZERO

    @property
    def handed(self) -> Decimal:
        """What leaves the drawer (cash: whole tögrög), the terminal or QPay."""
        return self.amount + self.rounding


@dataclass(frozen=True)
class Refundable:
    """What a sale can still give back: the cash and each card-terminal tender (by id) not given back yet, its
    QPay part not given back yet, and the QPay card payments still whole (id, amount). `cash_rounding` is the
    rounding the drawer still holds with that cash (what it was taken with, less what went back with earlier
    returns): the drawer holds ``cash + cash_rounding`` of the sale's cash."""

    cash: Decimal = _ZERO
    terminal: tuple[tuple[str, Decimal], ...] = ()
    qpay: Decimal = _ZERO
    qpay_payments: tuple[tuple[str, Decimal], ...] = ()
    cash_rounding: Decimal = _ZERO

    @property
    def total(self) -> Decimal:
        return self.cash + sum((amount for _, amount in self.terminal), _ZERO) + self.qpay


def kept_part(line: CartLine, returned: Decimal) -> CartLine | None:
    """What the customer keeps of `line` after `returned` of it goes back (None: all of it went back)."""
    left = line.quantity - returned
    if left <= 0:
        return None
    kept = replace(line, quantity=left, sale_share=_ZERO, line_discount=None)
    own = line.line_discount
    if own is not None and own.kind is DiscountKind.PERCENT:
        kept = replace(kept, line_discount=own)
    elif own is not None and line.discount and line.gross:
        part = min(cents(line.discount * kept.gross / line.gross), kept.gross)
        kept = replace(kept, line_discount=Discount(DiscountKind.AMOUNT, part) if part > 0 else None)
    if line.sale_share and line.net:
        kept = replace(kept, sale_share=min(cents(line.sale_share * kept.net / line.net), kept.net))
    return kept


def line_back(line: CartLine, index: int, quantity: object, rates: TaxRates | None = None) -> LineBack:
    """The part `quantity` of `line` (the line's `index` in the sale) returned: checked and priced. A weighed
    line takes any weight up to three decimals; a counted line whole pieces (unless it was sold in parts).

    With `rates` (the shop's, those the sale was taxed at) its taxes are the line's less the kept part's, each
    split as the cart splits a line: so the taxes of what is kept and of every part returned add up to the
    line's, to the cent, whatever the number of returns."""
    try:
        amount = Decimal(str(quantity).strip().replace(",", "."))
    except InvalidOperation:
        raise ReturnError("Quantity {value} is not a number", value=str(quantity)) from None
    if not amount.is_finite() or amount <= 0:
        raise ReturnError("A quantity returned must be above 0")
    if amount > line.quantity:
        raise ReturnError("Line {line}: at most {quantity} can be returned", line=index + 1,
                          quantity=f"{line.quantity.normalize():f}")
    places = 3 if line.weighed or line.quantity != line.quantity.to_integral_value() else 0
    if amount != amount.quantize(Decimal(1).scaleb(-places)):
        raise ReturnError("Line {line}: {item} is returned in whole pieces" if places == 0
                          else "Line {line}: a weight has at most 3 decimals", line=index + 1,
                          item=line.description)
    kept = kept_part(line, amount)
    back = line.total - (kept.total if kept is not None else _ZERO)
    taxes = None
    if rates is not None:
        whole, left = line.taxes(rates), kept.taxes(rates) if kept is not None else ZERO_TAX
        taxes = TaxSplit(whole.vat - left.vat, whole.city_tax - left.city_tax)
    return LineBack(index, amount, max(back, _ZERO), taxes)


def kept_lines(lines: Sequence[CartLine | None], backs: Iterable[LineBack]) -> tuple[CartLine | None, ...]:
    """`lines` (by their place in the sale; None: all returned before) after `backs` went back."""
    kept = list(lines)
    for back in backs:
        line = kept[back.line]
        if line is None:
            raise ReturnError("Line {line} was returned already", line=back.line + 1)
        kept[back.line] = kept_part(line, back.quantity)
    return tuple(kept)


def money_back(amount: Decimal, refundable: Refundable, step: Decimal = DEFAULT_CASH_STEP) -> tuple[MoneyBack, ...]:
    """How `amount` goes back: cash, then the card terminal, then QPay's whole card payments that fit, then
    what is left of QPay's part in cash; cash whole tögrög, rounded by `step` (see the module's docstring)."""
    if amount <= 0:
        return ()
    if amount > refundable.total:
        raise ReturnError("{amount} is more than the sale has left to give back", amount=str(amount))
    plan: list[MoneyBack] = []
    rest = amount
    cash = min(rest, refundable.cash)
    if cash > 0:
        plan.append(_sales_cash(cash, refundable, step))
        rest -= cash
    for ref, left in refundable.terminal:
        part = min(rest, left)
        if part > 0:
            plan.append(MoneyBack(TenderSource.CARD_TERMINAL, TenderSource.CARD_TERMINAL, part, ref))
            rest -= part
    for ref, whole in sorted(refundable.qpay_payments, key=lambda payment: (-payment[1], payment[0])):
        if 0 < whole <= rest:
            plan.append(MoneyBack(TenderSource.QPAY, TenderSource.QPAY, whole, ref))
            rest -= whole
    if rest > 0:
        plan.append(in_cash(MoneyBack(TenderSource.QPAY, TenderSource.QPAY, rest), step))
    return tuple(plan)


def _sales_cash(amount: Decimal, refundable: Refundable, step: Decimal) -> MoneyBack:
    """`amount` of the sale's own cash given back from the drawer in whole tögrög: all the cash left goes back as
    the drawer holds it; less is rounded as cash is paid, never beyond what the drawer holds of the sale's cash."""
    held = refundable.cash + refundable.cash_rounding
    handed = held if amount >= refundable.cash else min(cash_due(amount, amount, step), held)
    return MoneyBack(TenderSource.CASH, TenderSource.CASH, amount, rounding=handed - amount)


def in_cash(part: MoneyBack, step: Decimal = DEFAULT_CASH_STEP) -> MoneyBack:
    """`part` given back in cash from the drawer instead (QPay cannot give it back, or refused to): its amount
    rounded as cash is paid (`cash_due` by `step`: an amount below one step to the whole tögrög, never to 0)."""
    return MoneyBack(part.source, TenderSource.CASH, part.amount, "", cash_due(part.amount, part.amount, step)
                     - part.amount)

