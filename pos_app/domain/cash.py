"""Cash is whole tögrög: what cash pays, rounded as the shop set it, and the bounds of cash a customer hands over.

Möngö (a hundredth of a tögrög) is long out of the customers' hands, yet a weighed or discounted sale's total has
it. As Odoo's cash rounding (`account.cash.rounding`, applied to cash alone): what is due is paid in cash at
`round_cash(due, step)`, half up to a multiple of `step` tögrög (one of `CASH_STEPS`; 1 by default), a sale below
one step to the whole tögrög and never to 0 (`cash_due`); card, QPay and the tax receipt keep the exact amount.
`pos_app.domain.tenders` records the difference as the cash tender's own.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

from .money import shown

__all__ = ["CASH_STEPS", "DEFAULT_CASH_STEP", "LARGEST_NOTE", "MAX_CHANGE", "cash_due", "round_cash"]

# What cash pays is rounded to a multiple of one of these (tögrög): the shop's setting.
CASH_STEPS = tuple(Decimal(step) for step in (1, 5, 10, 50, 100))
DEFAULT_CASH_STEP = Decimal(1)
# The largest Mongolian banknote: a customer never hands over a whole one more than the sale needs.
LARGEST_NOTE = Decimal(20_000)
# More change than a till ever hands back (fifty of the largest notes): such cash cannot be real.
MAX_CHANGE = Decimal(1_000_000)
_ONE = Decimal(1)


def round_cash(amount: Decimal, step: Decimal = DEFAULT_CASH_STEP) -> Decimal:
    """`amount` as cash pays it: half up to a multiple of `step` tögrög (one of `CASH_STEPS`): 9,526.50 → 9,527 by
    1 ₮, 9,525 → 9,530 by 10 ₮, 9,524.99 → 9,520."""
    if step not in CASH_STEPS:
        raise ValueError(f"cash is rounded by one of {', '.join(map(str, CASH_STEPS))} tögrög, not {shown(step)}")
    return (amount / step).quantize(_ONE, rounding=ROUND_HALF_UP) * step


def cash_due(due: Decimal, total: Decimal, step: Decimal = DEFAULT_CASH_STEP) -> Decimal:
    """What cash pays of `due`, what is left of a sale (or a return's cash) of `total`: `round_cash(due, step)`,
    except that a total below one step is rounded to the whole tögrög only, as Odoo rounds no order whose total is
    below its rounding precision (cash here is whole tögrög all the same), and cash paying a whole positive total
    is at least 1 ₮. So goods never leave unpaid by the rounding alone: at 100 ₮ steps a 30 ₮ sale is 30 ₮ in cash,
    a 0.40 ₮ one 1 ₮; a rest of a larger sale (a card paid the most of it) still rounds to a multiple of the step,
    0 included."""
    rounded = round_cash(due, step if total >= step else DEFAULT_CASH_STEP)
    if 0 < due == total:
        rounded = max(rounded, _ONE)
    return rounded
