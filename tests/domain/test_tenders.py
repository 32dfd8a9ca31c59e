"""Tenders of one sale: cash with change, the card terminal, QPay, splits, and the receipt's payment lines."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pos_app.domain.cash import MAX_CHANGE
from pos_app.domain.tenders import (
    TENDER_MESSAGES,
    CardTender,
    CashTender,
    PaymentLine,
    QPayTender,
    TenderError,
    TenderKind,
    Tendering,
    check_approval_code,
    is_unlikely_cash,
    posapi_payments,
)

PROPERTY = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def refused(call: object, *args: object, words: str | None = None) -> TenderError:
    assert callable(call)
    with pytest.raises(TenderError, match=words) as caught:
        call(*args)
    assert caught.value.template in TENDER_MESSAGES
    assert str(caught.value) == caught.value.template.format(**caught.value.params)
    return caught.value


def test_a_cash_sale_with_change() -> None:
    sale = Tendering(Decimal("12500")).add_cash("20000")
    assert sale.is_covered and sale.due == 0
    cash = sale.last
    assert isinstance(cash, CashTender) and cash.kind is TenderKind.CASH
    assert (cash.amount, cash.given, cash.change) == (Decimal("12500"), Decimal("20000"), Decimal("7500"))
    assert sale.change == Decimal("7500") and sale.cash_given == Decimal("20000") and sale.opens_drawer
    assert posapi_payments(sale) == (PaymentLine("CASH", Decimal("12500")),)     # applied, not given


def test_cash_below_the_due_leaves_the_rest_due() -> None:
    sale = Tendering(Decimal("12500.50")).add_cash(Decimal("10000"))
    assert not sale.is_covered and sale.due == Decimal("2500.50") and sale.change == 0 and sale.rounding == 0
    rest = sale.add_cash("2501")                 # the rest in cash: whole tögrög, half up
    assert rest.is_covered and rest.change == 0 and rest.rounding == Decimal("0.50")


def test_a_card_sale() -> None:
    sale = Tendering(Decimal("8000")).add_card("8000", " a1b2c3 ")
    card = sale.last
    assert isinstance(card, CardTender) and card.approval_code == "A1B2C3" and card.change == 0
    assert sale.is_covered and not sale.opens_drawer
    assert posapi_payments(sale) == (("PAYMENT_CARD", Decimal("8000")),)


def test_a_split_of_cash_and_qpay_for_the_remainder() -> None:
    sale = Tendering(Decimal("30000")).add_cash("10000")
    sale = sale.add_qpay(sale.due, ["pay-1"])
    assert sale.is_covered and sale.change == 0
    qpay = sale.last
    assert isinstance(qpay, QPayTender) and qpay.payment_ids == ("pay-1",) and qpay.amount == Decimal("20000")
    lines = posapi_payments(sale)
    assert lines == (("CASH", Decimal("10000")), ("PAYMENT_CARD", Decimal("20000")))
    assert sum(line.amount for line in lines) == sale.total
    assert sale.amount_by_kind(TenderKind.QPAY) == Decimal("20000")


def test_a_split_ending_in_cash_gives_change_from_the_cash() -> None:
    sale = Tendering(Decimal("30000")).add_card("25000", "123456").add_cash("10000")
    assert sale.is_covered and sale.change == Decimal("5000")
    assert posapi_payments(sale) == (("PAYMENT_CARD", Decimal("25000")), ("CASH", Decimal("5000")))


def test_over_tender_by_card_or_qpay_is_refused() -> None:
    sale = Tendering(Decimal("5000")).add_cash("1000")
    error = refused(sale.add_card, "4000.01", "123456", words="no change")
    assert error.params == {"due": "4,000 ₮"}
    refused(sale.add_qpay, "5000", ["p"], words="at most")
    assert sale.add_card("4000", "123456").is_covered


@pytest.mark.parametrize("given", ["0", 0, "-5", "1.005", "abc", "", None, True, "1e12", float("nan")])
def test_bad_cash_is_refused(given: object) -> None:
    refused(Tendering(Decimal("100")).add_cash, given)


def test_nothing_more_once_covered() -> None:
    sale = Tendering(Decimal("100")).add_cash("100")
    refused(sale.add_cash, "1", words="Nothing more is due")
    refused(sale.add_card, "1", "123456", words="Nothing more is due")


@pytest.mark.parametrize("code,kept", [("123456", "123456"), ("ab12", "AB12"), (" 0a0a0a0a0a0a\t", "0A0A0A0A0A0A")])
def test_approval_codes_kept(code: str, kept: str) -> None:
    assert check_approval_code(code) == kept


@pytest.mark.parametrize("code", ["", "123", "1234567890123", "12 34", "12-345", "１２３４５６", "ß12345", "١٢٣٤",
                                  None, 123456])
def test_approval_codes_refused(code: object) -> None:
    error = refused(check_approval_code, code, words="4 to 12 letters or digits")
    assert refused(Tendering(Decimal("10")).add_card, "10", code).template == error.template


def test_qpay_payment_ids() -> None:
    sale = Tendering(Decimal("10")).add_qpay("10", "only-one")
    assert isinstance(sale.last, QPayTender) and sale.last.payment_ids == ("only-one",)
    tender = Tendering(Decimal("10")).qpay_tender("10", [" a ", "b", "a"])
    assert tender.payment_ids == ("a", "b")
    refused(Tendering(Decimal("10")).add_qpay, "10", [], words="needs the id")
    refused(Tendering(Decimal("10")).add_qpay, "10", ["ok", " "], words="not valid")


def test_remove_last_and_complete() -> None:
    start = Tendering(Decimal("300"))
    refused(start.remove_last, words="no tender")
    two = start.add_card("100", "1111").add_cash("500")
    one = two.remove_last()
    assert one.tenders == two.tenders[:1] and one.due == Decimal("200")
    refused(one.complete, words="still due")
    done = two.complete()
    assert done.completed and done.complete() is done
    refused(done.remove_last, words="completed")
    refused(done.add_cash, "1", words="completed")


def test_a_tendering_from_the_journal_is_checked() -> None:
    cash, card = CashTender(Decimal("50"), Decimal("80")), CardTender(Decimal("50"), "9999")
    assert Tendering(Decimal("100"), (card, cash)).change == Decimal("30")
    refused(Tendering, Decimal("100"), (cash, card), words="Only the tender that covers")
    refused(Tendering, Decimal("100"), (card, CardTender(Decimal("60"), "9999")), words="no change")
    refused(Tendering, Decimal("100"), (card,), True, words="still due")
    refused(Tendering, Decimal("0"), words="total")
    refused(CashTender, Decimal("50"), Decimal("40"))
    with pytest.raises(TypeError):
        Tendering(Decimal("10"), ("cash",))  # type: ignore[arg-type]


# -- properties -------------------------------------------------------------------------------------------------

CENTS = st.integers(min_value=1, max_value=10**9).map(lambda c: Decimal(c) / 100)
STEP = st.tuples(st.sampled_from(list(TenderKind)), st.integers(min_value=1, max_value=10**9),
                 st.sampled_from([0, 0, 1, 3]))


def tendered(total: Decimal, steps: list[tuple[TenderKind, int, int]]) -> Tendering:
    """Applies each step that is valid at that point: cash of any whole amount (what is due in cash when `mode` is
    1 or 3), card and QPay of at most the due (the step's amount taken modulo the due when `mode` is 3, so that some
    cover exactly)."""
    sale = Tendering(total)
    for kind, cents, mode in steps:
        if sale.is_covered:
            break
        amount = Decimal(cents) / 100
        if kind is TenderKind.CASH:
            amount = sale.cash_due() if mode in (1, 3) else min(Decimal(cents // 100 + 1), sale.cash_due() + MAX_CHANGE)
        else:
            amount = min(amount, sale.due) if mode != 1 else sale.due
        if kind is TenderKind.CASH:
            sale = sale.add_cash(amount)
        elif kind is TenderKind.CARD_TERMINAL:
            sale = sale.add_card(amount, "AB12CD")
        else:
            sale = sale.add_qpay(amount, [f"p{len(sale.tenders)}"])
    return sale


@PROPERTY
@given(CENTS, st.lists(STEP, max_size=8))
def test_any_valid_tenders_keep_the_sale_consistent(total: Decimal, steps: list[tuple[TenderKind, int, int]]) -> None:
    sale = tendered(total, steps)
    assert 0 < sum(t.amount for t in sale.tenders) + sale.due == total
    assert sale.applied <= total and sale.due >= 0
    assert sale.is_covered == (sale.due == 0)
    for index, tender in enumerate(sale.tenders):
        assert tender.amount > 0 and tender.change >= 0
        if tender.change or sale.rounding:
            assert sale.tenders[-1].kind is TenderKind.CASH and sale.is_covered
        if tender.change:
            assert tender.kind is TenderKind.CASH and index == len(sale.tenders) - 1
    lines = posapi_payments(sale)
    assert sum((line.amount for line in lines), Decimal(0)) == sale.applied
    assert all(line.code in ("CASH", "PAYMENT_CARD") for line in lines)
    assert [line.code == "CASH" for line in lines] == [t.kind is TenderKind.CASH for t in sale.tenders]
    if sale.is_covered:
        assert sum((line.amount for line in lines), Decimal(0)) == total
        assert sale.complete().completed
    # The state rebuilt from its tenders (as from the journal) is the same; taking the last off restores the one
    # before it.
    assert Tendering(total, sale.tenders) == sale
    if sale.tenders:
        assert sale.remove_last() == Tendering(total, sale.tenders[:-1])


@PROPERTY
@given(CENTS, st.integers(min_value=1, max_value=10**7).map(Decimal))
def test_cash_applies_the_least_of_given_and_due(total: Decimal, given_cash: Decimal) -> None:
    given_cash = min(given_cash, Tendering(total).cash_due() + MAX_CHANGE)      # (beyond: refused, see below)
    sale = Tendering(total).add_cash(given_cash)
    cash = sale.last
    assert isinstance(cash, CashTender)
    in_cash = Tendering(total).cash_due()
    if sale.is_covered:
        assert cash.amount == total and cash.taken == min(given_cash, in_cash)
    else:
        assert cash.amount == given_cash < min(total, in_cash) and cash.rounding == 0
    assert cash.change == given_cash - cash.taken and cash.given - cash.change == cash.amount + cash.rounding


@PROPERTY
@given(CENTS, CENTS)
def test_card_and_qpay_never_exceed_the_due(total: Decimal, amount: Decimal) -> None:
    for add in (lambda s: s.add_card(amount, "1234"), lambda s: s.add_qpay(amount, ["p"])):
        if amount > total:
            with pytest.raises(TenderError):
                add(Tendering(total))
        else:
            assert add(Tendering(total)).due == total - amount


@PROPERTY
@given(st.text(max_size=20))
def test_approval_code_answers_a_code_or_the_error(text: str) -> None:
    try:
        code = check_approval_code(text)
    except TenderError as error:
        assert error.template in TENDER_MESSAGES
    else:
        assert 4 <= len(code) <= 12 and code.isascii() and code.isalnum() and code == code.upper()
        assert code == text.strip().upper()


# -- cash is whole tögrög (issue 31) ------------------------------------------------------------------------------

WEIGHED = Decimal("9526.84")


def test_cash_for_a_total_with_mongo_is_rounded_half_up_and_gives_whole_change() -> None:
    sale = Tendering(WEIGHED)
    assert sale.cash_due() == Decimal(9527)
    cash = sale.cash_tender("10000")
    assert (cash.amount, cash.given, cash.rounding, cash.taken, cash.change) == (
        WEIGHED, Decimal(10000), Decimal("0.16"), Decimal(9527), Decimal(473))
    paid = sale.add(cash)
    assert paid.is_covered and paid.rounding == Decimal("0.16")
    assert posapi_payments(paid) == (("CASH", WEIGHED),)          # the receipt's payments: its exact total
    down = Tendering(Decimal("9526.34")).add_cash("9526")          # half up: .34 goes down, the customer pays less
    assert down.is_covered and down.change == 0 and down.rounding == Decimal("-0.34")


@pytest.mark.parametrize("step,given,taken,change", [
    (Decimal(5), "9530", Decimal(9525), Decimal(5)),
    (Decimal(10), "10000", Decimal(9530), Decimal(470)),
    (Decimal(10), "9527", Decimal(9527), Decimal(0)),      # covers the exact due, short of its rounding: no change
    (Decimal(100), "9500", Decimal(9500), Decimal(0)),
    (Decimal(100), "10000", Decimal(9500), Decimal(500)),
])
def test_cash_rounded_by_the_shops_step(step: Decimal, given: str, taken: Decimal, change: Decimal) -> None:
    cash = Tendering(WEIGHED).cash_tender(given, step)
    assert (cash.amount, cash.taken, cash.change) == (WEIGHED, taken, change)


def test_a_split_rounds_only_the_cash_and_asks_the_exact_rest_of_the_other_tender() -> None:
    part = Tendering(WEIGHED).add_cash("5000")                     # cash first: what was given, nothing rounded
    assert part.due == Decimal("4526.84") and part.rounding == 0
    assert part.add_card(part.due, "123456").is_covered             # the terminal takes the exact rest
    card_first = Tendering(WEIGHED).add_card("4000", "123456")     # cash last covers: rounded, whole change
    last = card_first.add_cash("6000")
    assert last.is_covered and last.rounding == Decimal("0.16") and last.change == Decimal(473)
    assert sum(line.amount for line in posapi_payments(last)) == WEIGHED


def test_a_rest_that_rounds_to_nothing_is_covered_by_no_cash() -> None:
    sale = Tendering(WEIGHED).add_card("9526.50", "123456")        # 0.34 left: 0 in cash
    assert sale.cash_due() == 0
    cash = sale.cash_tender("0")
    assert (cash.amount, cash.given, cash.rounding, cash.change) == (Decimal("0.34"), 0, Decimal("-0.34"), 0)
    assert sale.add(cash).is_covered
    refused(Tendering(WEIGHED).add_cash, "0")                      # otherwise cash of 0 is no payment


@pytest.mark.parametrize("total,step,cash_due", [
    (Decimal(30), Decimal(100), Decimal(30)),            # below one step: whole tögrög, as Odoo leaves it unrounded
    (Decimal("30.40"), Decimal(100), Decimal(30)),
    (Decimal(20), Decimal(50), Decimal(20)),
    (Decimal("0.40"), Decimal(1), Decimal(1)),           # the whole sale never rounds to 0
    (Decimal("0.40"), Decimal(100), Decimal(1)),
    (Decimal(120), Decimal(100), Decimal(100)),          # a step or more: rounded by the step as before
    (Decimal(150), Decimal(100), Decimal(200)),
])
def test_a_small_sale_is_never_given_away_by_the_rounding(total: Decimal, step: Decimal, cash_due: Decimal) -> None:
    sale = Tendering(total)
    assert sale.cash_due(step) == cash_due
    refused(sale.add_cash, "0", step)                              # no goods leave for 0 ₮ of cash
    paid = sale.add_cash(cash_due, step)
    assert paid.is_covered and paid.rounding == cash_due - total
    rest = Tendering(Decimal(10030)).add_card("10000", "123456")   # a rest of a larger sale rounds by the step
    assert rest.cash_due(Decimal(100)) == 0


def test_cash_with_mongo_and_cash_no_till_could_give_change_for_are_refused() -> None:
    refused(Tendering(WEIGHED).add_cash, "9526.84", words="whole tögrög")
    error = refused(Tendering(Decimal(64000)).add_cash, "99999999999", words="no till hands that back")
    assert error.params == {"given": "99,999,999,999 ₮", "change": "99,999,935,999 ₮"}
    assert Tendering(Decimal(64000)).add_cash("1064000").change == Decimal(1_000_000)       # the most change
    refused(Tendering(WEIGHED).add, CashTender(WEIGHED, Decimal("10000.50"), Decimal("0.16")), words="whole")


def test_rounding_only_on_the_covering_cash_and_within_half_a_step() -> None:
    refused(Tendering, WEIGHED, (CashTender(Decimal("5000.16"), Decimal(5000), Decimal("-0.16")),),
            words="Only the cash that covers")
    refused(CashTender, WEIGHED, Decimal(10000), Decimal("50.01"), words="at most 50")
    with pytest.raises(ValueError):
        Tendering(WEIGHED).cash_due(Decimal(3))


def test_unlikely_cash_is_more_change_than_the_largest_note() -> None:
    sale = Tendering(Decimal(64000))
    assert not is_unlikely_cash(sale.cash_tender("84000"))       # four 20,000 ₮ notes and change of one
    assert is_unlikely_cash(sale.cash_tender("84001"))
    assert not is_unlikely_cash(Tendering(Decimal(64000)).card_tender("64000", "123456"))


@PROPERTY
@given(total=st.decimals(min_value=Decimal("0.01"), max_value=Decimal(10) ** 9, places=2),
       step=st.sampled_from([Decimal(s) for s in (1, 5, 10, 50, 100)]), extra=st.integers(0, 20000))
def test_covering_cash_is_whole_in_and_out_and_the_receipt_keeps_the_total(total: Decimal, step: Decimal,
                                                                        extra: int) -> None:
    sale = Tendering(total)
    given = sale.cash_due(step) + extra
    paid = sale.add(sale.cash_tender(given, step))
    cash = paid.last
    assert isinstance(cash, CashTender) and paid.is_covered
    assert cash.taken == cash.taken.to_integral_value() and cash.change == cash.change.to_integral_value()
    bound = step / 2 if total >= step else Decimal("0.50")       # a sale below one step: to the whole tögrög
    assert abs(cash.rounding) <= bound or (total < 1 and cash.taken == 1)      # and never 0 for the whole sale
    assert cash.taken > 0 and cash.given - cash.change == cash.amount + cash.rounding
    assert sum(line.amount for line in posapi_payments(paid)) == total
