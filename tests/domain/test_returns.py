"""A partial return in plain terms (`pos_app.domain.returns`): a line's part priced by the cart's own arithmetic,
its discounts going with it, and the money going back cash first, then the card terminal, then QPay's whole
payments."""

from __future__ import annotations

from decimal import ROUND_CEILING, Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pos_app.domain.cart import Cart, CartLine
from pos_app.domain.cash import CASH_STEPS
from pos_app.domain.catalog import CatalogItem
from pos_app.domain.discounts import Discount, DiscountKind
from pos_app.domain.returns import (
    MoneyBack,
    Refundable,
    ReturnError,
    TenderSource,
    in_cash,
    kept_lines,
    kept_part,
    line_back,
    money_back,
)
from pos_app.domain.taxes import TaxRates
from pos_app.domain.tenders import Tendering

CASH, TERMINAL, QPAY = TenderSource.CASH, TenderSource.CARD_TERMINAL, TenderSource.QPAY
BREAD = CatalogItem("1", "Талх", Decimal("2500"), "", "", False)
APPLES = CatalogItem("2", "Алим", Decimal("4990"), "", "", False, unit="kg")
MILK = CatalogItem("3", "Сүү", Decimal("3500"), "", "", True)


def test_a_counted_line_gives_back_its_pieces_at_their_price() -> None:
    line = CartLine("Талх", Decimal(3), Decimal(2500))
    back = line_back(line, 0, "1")
    assert back.amount == 2500 and kept_part(line, back.quantity) == CartLine("Талх", Decimal(2), Decimal(2500))


def test_a_weighed_line_gives_back_a_weight_rounded_as_the_cart_rounds() -> None:
    line = CartLine("Алим", Decimal("1.235"), Decimal("4990"), weighed=True)          # 6,162.65
    back = line_back(line, 2, "0,5")
    kept = kept_part(line, back.quantity)
    assert kept is not None and kept.quantity == Decimal("0.735") and kept.total == Decimal("3667.65")
    assert back.amount == line.total - kept.total == Decimal("2495.00")


def test_a_percent_discount_is_taken_off_the_part_kept_as_the_cart_takes_it() -> None:
    line = CartLine("Талх", Decimal(3), Decimal(1000), line_discount=Discount(DiscountKind.PERCENT, Decimal(10)))
    back = line_back(line, 0, 1)
    assert back.amount == 900 and kept_part(line, Decimal(1)).total == 1800        # type: ignore[union-attr]


def test_an_amount_discount_and_the_sale_share_go_with_the_part_in_proportion() -> None:
    line = CartLine("Талх", Decimal(4), Decimal(1000), line_discount=Discount(DiscountKind.AMOUNT, Decimal(400)),
                    sale_share=Decimal("360.00"))                                   # net 3,600, total 3,240
    kept = kept_part(line, Decimal(1))
    assert kept is not None and kept.discount == 300 and kept.sale_share == Decimal("270.00")
    assert line_back(line, 0, 1).amount == line.total - kept.total == Decimal("810.00")


@given(st.integers(1, 40), st.integers(0, 1000), st.integers(1, 99), st.data())
def test_what_goes_back_and_what_is_kept_always_add_up_to_the_line(pieces: int, price: int, percent: int,
                                                                   data: st.DataObject) -> None:
    cart = Cart()
    cart.add_item(BREAD, pieces)
    cart.add_weighed(APPLES, Decimal(data.draw(st.integers(1, 9999))) / 1000)
    cart.set_line_discount(0, Discount(DiscountKind.PERCENT, Decimal(percent)))
    if price:
        cart.set_sale_discount(Discount(DiscountKind.AMOUNT, Decimal(price)))
    lines: tuple[CartLine | None, ...] = cart.lines
    backs = []
    for index, line in enumerate(cart.lines):
        quantity = data.draw(st.integers(1, int(line.quantity * 1000))) / Decimal(1000) if line.weighed \
            else Decimal(data.draw(st.integers(1, int(line.quantity))))
        backs.append(line_back(line, index, quantity))
    kept = kept_lines(lines, backs)
    returned = sum((back.amount for back in backs), Decimal(0))
    assert returned + sum((line.total for line in kept if line is not None), Decimal(0)) == cart.total
    assert all(back.amount >= 0 for back in backs)


@given(st.integers(2, 40), st.integers(1, 9999), st.data())
def test_the_taxes_of_the_parts_returned_and_of_what_is_kept_add_up_to_the_sales(pieces: int, grams: int,
                                                                                 data: st.DataObject) -> None:
    """Returned in any number of parts, the taxes of the parts (at the shop's rates) and of what is kept add up to
    the sale's own taxes, to the cent: VAT and city tax alike."""
    rates = TaxRates(Decimal("0.10"), Decimal("0.01"))
    cart = Cart(rates)
    cart.add_item(MILK, pieces)                                     # city taxed
    cart.add_weighed(APPLES, Decimal(grams) / 1000)
    lines: tuple[CartLine | None, ...] = cart.lines
    vat = city = Decimal(0)
    for _ in range(data.draw(st.integers(1, 3))):
        backs = []
        for index, line in enumerate(lines):
            if line is None or not data.draw(st.booleans()):
                continue
            quantity = data.draw(st.integers(1, int(line.quantity * 1000))) / Decimal(1000) if line.weighed \
                else Decimal(data.draw(st.integers(1, int(line.quantity))))
            back = line_back(line, index, quantity, rates)
            assert back.taxes is not None
            vat, city = vat + back.taxes.vat, city + back.taxes.city_tax
            backs.append(back)
        lines = kept_lines(lines, backs)
    kept = [line.taxes(rates) for line in lines if line is not None]
    assert vat + sum((split.vat for split in kept), Decimal(0)) == cart.taxes.vat
    assert city + sum((split.city_tax for split in kept), Decimal(0)) == cart.taxes.city_tax
    assert line_back(cart.lines[0], 0, 1).taxes is None              # without the rates: not known


@pytest.mark.parametrize(("quantity", "words"), [
    ("4", "Line 1: at most 3 can be returned"), ("0", "A quantity returned must be above 0"),
    ("1.5", "Line 1: Талх is returned in whole pieces"), ("abc", "Quantity abc is not a number"),
])
def test_a_quantity_the_till_refuses_says_why(quantity: str, words: str) -> None:
    with pytest.raises(ReturnError) as refused:
        line_back(CartLine("Талх", Decimal(3), Decimal(2500)), 0, quantity)
    assert str(refused.value) == words


def test_a_weight_has_at_most_three_decimals() -> None:
    with pytest.raises(ReturnError, match="3 decimals"):
        line_back(CartLine("Алим", Decimal("1.235"), Decimal(4990), weighed=True), 0, "0.1234")


def test_the_money_goes_back_cash_then_the_terminal_then_qpays_whole_payments_then_cash_for_the_rest() -> None:
    refundable = Refundable(cash=Decimal(1000), terminal=(("tender-2", Decimal(2000)),), qpay=Decimal(7000),
                            qpay_payments=(("p-1", Decimal(3000)), ("p-2", Decimal(4000))))
    assert money_back(Decimal(800), refundable) == (MoneyBack(CASH, CASH, Decimal(800)),)
    assert money_back(Decimal(7500), refundable) == (
        MoneyBack(CASH, CASH, Decimal(1000)), MoneyBack(TERMINAL, TERMINAL, Decimal(2000), "tender-2"),
        MoneyBack(QPAY, QPAY, Decimal(4000), "p-2"), MoneyBack(QPAY, CASH, Decimal(500)))
    assert money_back(Decimal(10000), refundable)[-2:] == (MoneyBack(QPAY, QPAY, Decimal(4000), "p-2"),
                                                           MoneyBack(QPAY, QPAY, Decimal(3000), "p-1"))


def test_qpay_cannot_give_back_part_of_a_payment_so_the_part_goes_in_cash() -> None:
    refundable = Refundable(qpay=Decimal(7000), qpay_payments=(("p-1", Decimal(7000)),))
    assert money_back(Decimal(3500), refundable) == (MoneyBack(QPAY, CASH, Decimal(3500)),)


def test_more_than_is_left_is_refused() -> None:
    with pytest.raises(ReturnError, match="more than the sale has left"):
        money_back(Decimal(1001), Refundable(cash=Decimal(1000)))


# -- cash given back is whole tögrög -------------------------------------------------------------------------------

def test_the_sales_cash_goes_back_rounded_half_up_and_the_last_of_it_as_the_drawer_holds_it() -> None:
    # 13,546.39 taken as 13,546 (rounding -0.39): a part of 4,576.58 goes back as 4,577.
    first = money_back(Decimal("4576.58"), Refundable(cash=Decimal("13546.39"), cash_rounding=Decimal("-0.39")))
    assert first == (MoneyBack(CASH, CASH, Decimal("4576.58"), rounding=Decimal("0.42")),)
    assert first[0].handed == 4577
    # The rest: the drawer holds 8,969 of it, and all of that goes back (the sale's rounding nets out).
    [rest] = money_back(Decimal("8969.81"), Refundable(cash=Decimal("8969.81"), cash_rounding=Decimal("-0.81")))
    assert (rest.handed, rest.rounding) == (8969, Decimal("-0.81"))


def test_cash_never_goes_back_beyond_what_the_drawer_holds_of_the_sale() -> None:
    # 99.70 left of the sale's cash, 99 of it in the drawer: 99.60 would round to 100.
    [part] = money_back(Decimal("99.60"), Refundable(cash=Decimal("99.70"), cash_rounding=Decimal("-0.70")))
    assert part.handed == 99 and part.rounding == Decimal("-0.60")


def test_the_shops_step_rounds_cash_given_back_and_qpays_part_in_cash_too() -> None:
    [cash] = money_back(Decimal("4576.58"), Refundable(cash=Decimal("13546.39"), cash_rounding=Decimal("3.61")),
                        Decimal(10))
    assert cash.handed == 4580
    [qpay] = money_back(Decimal("3500.50"), Refundable(qpay=Decimal(7001), qpay_payments=(("p-1", Decimal(7001)),)))
    assert (qpay.source, qpay.via, qpay.handed, qpay.rounding) == (QPAY, CASH, 3501, Decimal("0.50"))
    assert in_cash(MoneyBack(QPAY, QPAY, Decimal("9662.65"), "p-1"), Decimal(10)) == MoneyBack(
        QPAY, CASH, Decimal("9662.65"), "", Decimal("-2.65"))


def test_a_small_return_gives_back_cash_however_large_the_step() -> None:
    """A return below one step goes back to the whole tögrög, never as nothing (as a small sale is paid)."""
    [cash] = money_back(Decimal(30), Refundable(cash=Decimal(1000)), Decimal(100))
    assert (cash.handed, cash.rounding) == (30, 0)
    [qpay] = money_back(Decimal("0.40"), Refundable(qpay=Decimal(7001), qpay_payments=(("p-1", Decimal(7001)),)),
                        Decimal(100))
    assert (qpay.via, qpay.handed) == (CASH, 1)


@given(st.lists(st.integers(1, 10**7), min_size=1, max_size=6), st.sampled_from(CASH_STEPS), st.integers(0, 200))
def test_a_rounded_cash_sale_returned_in_any_parts_gives_back_exactly_what_the_drawer_took(
        parts: list[int], step: Decimal, extra: int) -> None:
    """Whatever the parts (in cents) and the step, each part's cash is whole and within what the drawer holds, and
    all of them hand back exactly what the cash tender took."""
    total = Decimal(sum(parts)) / 100
    least = min(total, Tendering(total).cash_due(step)).to_integral_value(rounding=ROUND_CEILING)
    tender = Tendering(total).cash_tender(least + extra, step)
    left, held, handed = total, tender.taken, Decimal(0)
    for cents in parts:
        amount = Decimal(cents) / 100
        [part] = money_back(amount, Refundable(cash=left, cash_rounding=held - left), step)
        assert part.amount == amount and part.handed == part.handed.to_integral_value() and 0 <= part.handed <= held
        left, held, handed = left - amount, held - part.handed, handed + part.handed
    assert left == held == 0 and handed == tender.taken
