"""Paid means paid: the verdict on an invoice from its check response.

An invoice is paid when the payments whose status is ``PAID`` add up to at
least its amount. A row in another state (``PENDING``, ``NEW``, ``FAILED``,
``PARTIAL``, ``CANCELLED``, ``REFUNDED``...) counts for nothing, and neither
does the response's own `paid_amount` or `count`: "some row exists" is not
"paid". Nor does a row without a `payment_id`: the sale could neither record
it, get its receipt nor give it back.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from decimal import Decimal

from pos_app.domain.money import parse_amount

from .models import CheckResult, CheckRow
from .statuses import PaymentStatus

__all__ = ["PaidState", "PaidVerdict", "every_row", "paid_state"]


class PaidState:
    PAID = "PAID"  # fully paid (or more, when the invoice allows exceeding)
    PARTIAL = "PARTIAL"  # some money arrived, not all
    UNPAID = "UNPAID"


@dataclass(frozen=True)
class PaidVerdict:
    state: str
    invoice_amount: Decimal
    paid_amount: Decimal  # sum of the PAID rows only
    paid_payment_ids: tuple[str, ...]
    rows: tuple[CheckRow, ...]

    @property
    def is_paid(self) -> bool:
        return self.state == PaidState.PAID

    @property
    def remaining(self) -> Decimal:
        return max(Decimal(0), self.invoice_amount - self.paid_amount)


def paid_state(check: CheckResult | Iterable[CheckRow], invoice_amount: Decimal | int | str) -> PaidVerdict:
    """Decide from a check response (or all its rows) whether *invoice_amount* is paid.

    A `CheckResult` holding fewer rows than its `count` is refused: a verdict
    from one page of several could call a paid invoice unpaid or partly paid
    (`QPayClient.paid_state` fetches every page).
    """
    amount = parse_amount(invoice_amount)
    if amount <= 0:
        raise ValueError("the invoice amount must be greater than 0")
    if isinstance(check, CheckResult):
        if check.count > len(check.rows):
            raise ValueError(f"the check response holds {len(check.rows)} of {check.count} payments; fetch every page")
        rows = tuple(check.rows)
    else:
        rows = tuple(check)
    paid_rows = [row for row in rows
                 if row.status == PaymentStatus.PAID and row.payment_amount is not None and row.payment_id]
    paid = sum((row.payment_amount for row in paid_rows if row.payment_amount is not None), Decimal(0))
    if paid >= amount:
        state = PaidState.PAID
    elif paid > 0:
        state = PaidState.PARTIAL
    else:
        state = PaidState.UNPAID
    ids = tuple(row.payment_id for row in paid_rows if row.payment_id)
    return PaidVerdict(state=state, invoice_amount=amount, paid_amount=paid, paid_payment_ids=ids, rows=rows)


def every_row(check_page: Callable[[int], CheckResult]) -> list[CheckRow]:
    """The rows of every page (*check_page(n)* answers page n), each payment once."""
    rows: list[CheckRow] = []
    seen: set[str] = set()
    page = 1
    while True:
        result = check_page(page)
        new = [row for row in result.rows if _row_key(row) not in seen]
        seen.update(_row_key(row) for row in new)
        rows.extend(new)
        # A service that ignores page_number repeats a page: a page with nothing new is the end, and a
        # payment seen twice is counted once.
        if not new or len(rows) >= result.count:
            return rows
        page += 1


def _row_key(row: CheckRow) -> str:
    """A payment row's identity: its id, or the whole row when the service gave none."""
    return row.payment_id or row.model_dump_json()
