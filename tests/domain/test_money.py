"""Money: exact Decimal parsing and the till's way of showing tugrik."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pos_app.domain.money import format_mnt, parse_amount


@pytest.mark.parametrize(
    ("value", "amount"),
    [
        (12500, Decimal("12500")),
        ("12500.00", Decimal("12500.00")),
        (" 10.5 ", Decimal("10.5")),
        (Decimal("0.01"), Decimal("0.01")),
        (0.1, Decimal("0.1")),  # via str(): not 0.1000000000000000055511151231257827
        (19.99, Decimal("19.99")),
        ("-5", Decimal("-5")),
    ],
)
def test_parse_amount_accepts_numbers_and_numeric_strings(value: object, amount: Decimal) -> None:
    parsed = parse_amount(value)
    assert parsed == amount and type(parsed) is Decimal
    assert str(parsed) == str(amount)  # exact, scale kept


@pytest.mark.parametrize(
    "value",
    [
        True,
        False,
        None,
        "",
        "   ",
        "abc",
        "1,000",
        "NaN",
        "nan",
        "inf",
        "-Infinity",
        "sNaN",
        float("nan"),
        float("inf"),
        Decimal("NaN"),
        Decimal("Infinity"),
        [1],
        {"a": 1},
        b"10",
    ],
)
def test_parse_amount_rejects_garbage_with_a_value_error(value: object) -> None:
    with pytest.raises(ValueError):
        parse_amount(value)


def test_parse_amount_error_message_says_why() -> None:
    with pytest.raises(ValueError, match="boolean"):
        parse_amount(True)
    with pytest.raises(ValueError, match="finite"):
        parse_amount("NaN")
    with pytest.raises(ValueError, match="numeric"):
        parse_amount("twelve")


@pytest.mark.parametrize(
    ("amount", "text"),
    [
        (Decimal("12500"), "12,500 ₮"),
        (Decimal("12500.00"), "12,500 ₮"),
        (Decimal("12500.50"), "12,500.50 ₮"),
        (Decimal("12500.5"), "12,500.50 ₮"),
        (Decimal("0"), "0 ₮"),
        (Decimal("0.1"), "0.10 ₮"),
        (Decimal("999"), "999 ₮"),
        (Decimal("1234567.891"), "1,234,567.89 ₮"),
        (Decimal("0.005"), "0.01 ₮"),  # half-up
        (Decimal("-1500"), "-1,500 ₮"),
        (Decimal("-0.001"), "0 ₮"),
        (12500, "12,500 ₮"),
    ],
)
def test_format_mnt(amount: Decimal, text: str) -> None:
    assert format_mnt(amount) == text


@given(st.decimals(min_value=0, max_value=10**12, places=2, allow_nan=False, allow_infinity=False))
def test_parse_amount_round_trips_its_own_text(amount: Decimal) -> None:
    assert parse_amount(str(amount)) == amount
    assert parse_amount(format(amount, "f")) == amount


@given(st.integers(min_value=0, max_value=10**12), st.integers(min_value=0, max_value=99))
def test_format_mnt_reads_back(whole: int, cents: int) -> None:
    amount = Decimal(whole) + Decimal(cents) / 100
    text = format_mnt(amount)
    assert text.endswith(" ₮")
    assert Decimal(text[:-2].replace(",", "")) == amount
