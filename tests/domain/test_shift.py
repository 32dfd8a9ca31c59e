"""The cashier's shift: the float, the cash the drawer should hold, X and Z reports with tenders apart."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from decimal import Decimal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pos_app.domain.shift import (
    REPORT_ORDER,
    SHIFT_MESSAGES,
    PaidIn,
    PaidOut,
    Refund,
    ReportKind,
    SaleTender,
    Shift,
    ShiftClose,
    ShiftError,
    ShiftMove,
    Tally,
    cash_in,
    expected_cash,
    x_report,
    z_report,
)
from pos_app.domain.tenders import CardTender, CashTender, QPayTender, TenderKind, Tendering

PROPERTY = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
UB = timezone(timedelta(hours=8), "+08")
# A fixed, arbitrary moment: nothing here depends on today.
OPENED = datetime(2031, 3, 14, 9, 0, tzinfo=UB)


def at(minutes: int) -> datetime:
    return OPENED + timedelta(minutes=minutes)


def refused(call: object, *args: object, words: str | None = None) -> ShiftError:
    assert callable(call)
    with pytest.raises(ShiftError, match=words) as caught:
        call(*args)
    assert caught.value.template in SHIFT_MESSAGES
    return caught.value


def a_day() -> tuple[Shift, list[ShiftMove]]:
    shift = Shift.open("T-01", OPENED, "50000")
    cash_sale = Tendering(Decimal("12500")).add_cash("20000")           # 7,500 change
    split = Tendering(Decimal("30000")).add_cash("10000").add_qpay("20000", ["qp-1"])
    moves: list[ShiftMove] = [
        *(SaleTender(tender, at(5), "S-1") for tender in cash_sale.tenders),
        SaleTender(CardTender(Decimal("8000"), "A1B2C3"), at(10), "S-2"),
        *(SaleTender(tender, at(15), "S-3") for tender in split.tenders),
        Refund(TenderKind.CASH, Decimal("2500"), at(20), "S-1"),
        Refund(TenderKind.CARD_TERMINAL, Decimal("8000"), at(25), "S-2"),
        PaidIn(Decimal("10000"), at(30), "coins from the bank"),
        PaidOut(Decimal("3000"), at(35), "delivery"),
    ]
    return shift, moves


def test_expected_cash_of_a_day() -> None:
    shift, moves = a_day()
    # float + cash sales (12,500 + 10,000) − cash refunds (2,500) + paid in (10,000) − paid out (3,000)
    assert expected_cash(shift.float_amount, moves) == Decimal("77000")


def test_the_x_report_shows_each_tender_kind_apart_and_leaves_the_shift_open() -> None:
    shift, moves = a_day()
    report = x_report(shift, moves, at(40))
    assert report.kind is ReportKind.X and report.shift.is_open and report.taken_at == at(40)
    assert [figures.kind for figures in report.by_kind] == list(REPORT_ORDER)
    cash, card, qpay = (report.figures(kind) for kind in (TenderKind.CASH, TenderKind.CARD_TERMINAL,
                                                            TenderKind.QPAY))
    assert cash.taken == Tally(2, Decimal("22500")) and cash.refunded == Tally(1, Decimal("2500"))
    assert card.taken == Tally(1, Decimal("8000")) and card.refunded == Tally(1, Decimal("8000")) and card.net == 0
    assert qpay.taken == Tally(1, Decimal("20000")) and qpay.refunded == Tally()
    assert report.cash_given == Decimal("30000") and report.cash_change == Decimal("7500")
    assert report.cash_sales == report.cash_given - report.cash_change
    assert report.paid_in == Tally(1, Decimal("10000")) and report.paid_out == Tally(1, Decimal("3000"))
    assert report.taken == Tally(4, Decimal("50500")) and report.refunded == Tally(2, Decimal("10500"))
    assert report.expected_cash == Decimal("77000") and report.float_amount == Decimal("50000")


def test_the_z_report_counts_the_drawer_and_closes_the_shift() -> None:
    shift, moves = a_day()
    short = z_report(shift, moves, "76500", at(60))
    assert isinstance(short, ShiftClose) and short.report.kind is ReportKind.Z
    assert (short.counted, short.expected, short.difference) == (Decimal("76500"), Decimal("77000"), Decimal(-500))
    assert short.shown_difference == "-500 ₮"
    assert not short.shift.is_open and short.shift.closed_at == at(60) and shift.is_open     # the input unchanged
    assert z_report(shift, moves, "77000.50", at(60)).shown_difference == "+0.50 ₮"
    assert z_report(shift, moves, 77000, at(60)).shown_difference == "0 ₮"
    refused(z_report, short.shift, moves, "1", at(61), words="already closed")
    refused(x_report, short.shift, moves, at(61), words="closed")


def test_a_shift_with_nothing_in_it_expects_its_float() -> None:
    shift = Shift.open("T-01", OPENED, "0")
    close = z_report(shift, [], "0", at(1))
    assert close.expected == 0 and close.difference == 0
    assert all(figures.taken == Tally() and figures.refunded == Tally() for figures in close.report.by_kind)


@pytest.mark.parametrize("value", ["-1", "1.001", "abc", "", None, True, "1e12"])
def test_bad_floats_and_counts_are_refused(value: object) -> None:
    refused(Shift.open, "T-01", OPENED, value)
    refused(z_report, Shift.open("T-01", OPENED, "0"), [], value, at(1))


def test_moments_need_their_zone_and_a_shift_its_terminal() -> None:
    naive = datetime(2031, 3, 14, 9, 0)
    refused(Shift.open, "T-01", naive, "0", words="time zone")
    refused(Shift.open, "  ", OPENED, "0", words="terminal")
    shift = Shift.open("T-01", OPENED, "0")
    refused(x_report, shift, [], naive, words="time zone")
    refused(shift.closed, naive, words="time zone")
    refused(PaidIn, Decimal("1"), naive)
    refused(PaidOut, Decimal("0"), at(1), words="above 0")
    refused(Refund, TenderKind.CASH, Decimal("-1"), at(1))
    refused(PaidIn, Decimal("1"), at(1), "x" * 256, words="at most 255")


def test_cash_in_is_the_drawers_side_of_each_move() -> None:
    cash = CashTender(Decimal("100"), Decimal("150"))
    assert cash_in(SaleTender(cash, at(1))) == Decimal("100")             # 150 in, 50 change out
    assert cash_in(SaleTender(QPayTender(Decimal("100"), ("p",)), at(1))) == 0
    assert cash_in(Refund(TenderKind.CASH, Decimal("30"), at(1))) == Decimal("-30")
    assert cash_in(Refund(TenderKind.QPAY, Decimal("30"), at(1))) == 0
    assert cash_in(PaidIn(Decimal("5"), at(1))) == 5 and cash_in(PaidOut(Decimal("5"), at(1))) == -5
    with pytest.raises(TypeError):
        cash_in("cash")  # type: ignore[arg-type]


# -- properties -------------------------------------------------------------------------------------------------

AMOUNT = st.integers(min_value=1, max_value=10**9).map(lambda c: Decimal(c) / 100)
COUNT = st.integers(min_value=0, max_value=10**9).map(lambda c: Decimal(c) / 100)
KIND = st.sampled_from(list(TenderKind))


@st.composite
def moves(draw: st.DrawFn) -> ShiftMove:
    when = at(draw(st.integers(min_value=0, max_value=24 * 60)))
    choice = draw(st.integers(min_value=0, max_value=5))
    amount = draw(AMOUNT)
    if choice == 0:
        return SaleTender(CashTender(amount, amount + draw(COUNT)), when)
    if choice == 1:
        return SaleTender(CardTender(amount, "1234"), when)
    if choice == 2:
        return SaleTender(QPayTender(amount, ("p",)), when)
    if choice == 3:
        return Refund(draw(KIND), amount, when)
    return PaidIn(amount, when) if choice == 4 else PaidOut(amount, when)


@PROPERTY
@given(COUNT, st.lists(moves(), max_size=30), COUNT)
def test_expected_cash_identity_and_the_difference(float_amount: Decimal, shift_moves: list[ShiftMove],
                                                   counted: Decimal) -> None:
    shift = Shift.open("T-01", OPENED, float_amount)
    report = x_report(shift, shift_moves, at(24 * 60 + 1))
    cash = report.figures(TenderKind.CASH)
    # expected = float + cash given − change − cash refunds + paid in − paid out
    assert report.expected_cash == (float_amount + report.cash_given - report.cash_change - cash.refunded.amount
                                     + report.paid_in.amount - report.paid_out.amount)
    assert report.expected_cash == expected_cash(float_amount, shift_moves)
    assert report.expected_cash == float_amount + sum((cash_in(move) for move in shift_moves), Decimal(0))
    # Card and QPay never touch the drawer.
    cash_only = [m for m in shift_moves if not isinstance(m, SaleTender | Refund) or m.kind is TenderKind.CASH]
    assert expected_cash(float_amount, cash_only) == report.expected_cash
    # Every move counts once, in its kind.
    assert report.taken.count + report.refunded.count + report.paid_in.count + report.paid_out.count \
        == len(shift_moves)
    close = z_report(shift, shift_moves, counted, at(24 * 60 + 2))
    assert close.expected == report.expected_cash and close.difference == counted - close.expected
    assert (close.difference > 0) == (counted > close.expected)
    assert (close.difference < 0) == (counted < close.expected)
    assert close.shown_difference.startswith("+" if close.difference > 0 else "-" if close.difference < 0 else "0")
    assert close.report.by_kind == report.by_kind and not close.shift.is_open
