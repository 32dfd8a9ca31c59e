"""The poll schedule and the validators: pure functions, tested directly."""

from __future__ import annotations

from datetime import date

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pos_app.domain.poll import PollSchedule
from pos_app.domain.validators import (InputState, check_organization_register, is_citizen_register,
                                       organization_register_state, sender_invoice_no)

SCHEDULE = PollSchedule()


def test_polls_about_every_second_while_the_customer_scans_then_slower() -> None:
    assert SCHEDULE.next_delay(0) == 1.0
    assert SCHEDULE.next_delay(59) == 1.0
    assert SCHEDULE.next_delay(61) == 2.0
    assert SCHEDULE.next_delay(600) == 5.0


def test_failures_back_off_exponentially_up_to_a_cap() -> None:
    assert [SCHEDULE.next_delay(0, failures) for failures in range(7)] == [1, 2, 4, 8, 16, 30, 30]


def test_retry_after_is_never_undercut() -> None:
    assert SCHEDULE.next_delay(0, 1, retry_after=7) == 7
    assert SCHEDULE.next_delay(0, 5, retry_after=3) == 30


@given(st.floats(0, 1e7), st.integers(0, 10_000), st.one_of(st.none(), st.floats(0, 1e6)))
def test_delay_is_always_positive_and_bounded(elapsed: float, failures: int, retry_after: float | None) -> None:
    assert 1.0 <= SCHEDULE.next_delay(elapsed, failures, retry_after) <= 600.0


@pytest.mark.parametrize("text,state", [("", InputState.EMPTY), ("123", InputState.INCOMPLETE),
                                        ("1234567", InputState.VALID), ("12345678", InputState.INVALID),
                                        ("12a", InputState.INVALID), ("١٢٣٤٥٦٧", InputState.INVALID)])
def test_organization_register_as_typed(text: str, state: InputState) -> None:
    assert organization_register_state(text) is state


def test_organization_register_check() -> None:
    assert check_organization_register(" 5395305 ") == "5395305"
    with pytest.raises(ValueError, match="7 digits"):
        check_organization_register("539530")


def test_citizen_register() -> None:
    assert is_citizen_register("УУ12345678") and is_citizen_register("өү12345678")
    assert not is_citizen_register("UU12345678") and not is_citizen_register("УУ1234567")


def test_sender_invoice_no() -> None:
    assert sender_invoice_no("T1", date(2026, 11, 21), 42) == "T1-20261121-000042"
    assert len(sender_invoice_no("T" * 20, date(2026, 11, 21), 999_999)) <= 45
    for terminal, sequence in (("", 1), ("T 1", 1), ("T1", 0), ("T1", 1_000_000)):
        with pytest.raises(ValueError):
            sender_invoice_no(terminal, date(2026, 11, 21), sequence)
