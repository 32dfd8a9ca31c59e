"""Paid means paid: the PAID rows must add up to the invoice amount."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from pos_app.qpay import CheckResult, PaidState, paid_state


def check(*rows: tuple[str, Any], count: int | None = None, paid_amount: Any = 0) -> CheckResult:
    return CheckResult.model_validate(
        {
            "count": len(rows) if count is None else count,
            "paid_amount": paid_amount,
            "rows": [
                {"payment_id": f"p{i}", "payment_status": status, "payment_amount": amount}
                for i, (status, amount) in enumerate(rows)
            ],
        }
    )


def test_no_payment_is_unpaid() -> None:
    verdict = paid_state(check(), "12500")
    assert verdict.state == PaidState.UNPAID and not verdict.is_paid
    assert verdict.remaining == Decimal("12500")


def test_one_full_payment_is_paid() -> None:
    verdict = paid_state(check(("PAID", "12500.00")), Decimal("12500"))
    assert verdict.state == PaidState.PAID and verdict.is_paid
    assert verdict.paid_payment_ids == ("p0",)
    assert verdict.remaining == 0


def test_partial_payments_add_up() -> None:
    assert paid_state(check(("PAID", "5000.00")), "12500").state == PaidState.PARTIAL
    verdict = paid_state(check(("PAID", "5000.00"), ("PAID", 7500)), "12500")
    assert verdict.state == PaidState.PAID
    assert verdict.paid_amount == Decimal("12500.00")


@pytest.mark.parametrize("status", ["PENDING", "NEW", "FAILED", "PARTIAL", "CANCELLED", "REFUNDED", "CANCELED", "?"])
def test_a_row_that_is_not_paid_counts_for_nothing(status: str) -> None:
    # "Any row" is not paid: count > 0 and rows present, yet no money.
    verdict = paid_state(check((status, "12500.00"), paid_amount="12500"), "12500")
    assert verdict.state == PaidState.UNPAID
    assert verdict.paid_amount == 0


def test_refunded_payment_after_a_new_one() -> None:
    verdict = paid_state(check(("REFUNDED", "12500.00"), ("PAID", "12500.00")), "12500")
    assert verdict.is_paid and verdict.paid_payment_ids == ("p1",)


def test_status_case_and_spacing_do_not_matter() -> None:
    assert paid_state(check((" paid ", "100")), "100").is_paid


def test_overpaid_is_paid() -> None:
    verdict = paid_state(check(("PAID", "13000")), "12500")
    assert verdict.is_paid and verdict.remaining == 0


def test_one_cent_short_is_partial() -> None:
    assert paid_state(check(("PAID", "12499.99")), "12500").state == PaidState.PARTIAL


def test_the_response_paid_amount_is_not_trusted() -> None:
    assert not paid_state(check(paid_amount=12500), "12500").is_paid


def test_a_page_short_of_count_is_refused() -> None:
    with pytest.raises(ValueError, match="every page"):
        paid_state(check(("PAID", "100"), count=11), "12500")


def test_rows_from_several_pages_are_accepted() -> None:
    rows = check(("PAID", "6000")).rows + check(("PAID", "6500")).rows
    assert paid_state(rows, "12500").is_paid


@pytest.mark.parametrize("amount", ["0", "-1", "abc"])
def test_invoice_amount_must_be_positive(amount: str) -> None:
    with pytest.raises(ValueError):
        paid_state(check(), amount)
