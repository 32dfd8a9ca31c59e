"""Discounts and weighed lines: every amount whole cents, never below zero, and the parts add up."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pos_app.domain.cart import Cart, CartLine
from pos_app.domain.catalog import CatalogItem
from pos_app.domain.discounts import Discount, DiscountError, DiscountKind, parse_discount, shares

MEAT = CatalogItem("2000123", "Үхрийн мах", Decimal("12995"), "1234567", "0111", False)
MILK = CatalogItem("4901", "Сүү", Decimal("3500"), "", "", True)


def test_a_weighed_line_is_rounded_half_up_to_the_cent() -> None:
    cart = Cart()
    index = cart.add_weighed(MEAT, "0.123")          # 1598.385
    assert cart.lines[index].total == Decimal("1598.39") and cart.total == Decimal("1598.39")
    again = cart.add_weighed(MEAT, "0.5")             # a second pack is a line of its own
    assert again == 1 and len(cart) == 2
    priced = cart.add_weighed(MEAT, 1, unit_price="4250.50")
    assert cart.lines[priced].total == Decimal("4250.50")
    assert cart.add_item(MEAT) == 3                   # a plain scan is not merged into a weighed pack


def test_percent_and_amount_discounts() -> None:
    assert parse_discount("10%") == Discount(DiscountKind.PERCENT, Decimal("10"))
    assert parse_discount(" 1 500 ") == Discount(DiscountKind.AMOUNT, Decimal("1500"))
    for bad in ("", "abc", "0", "-5", "101%", "0.001", "5.555%"):
        with pytest.raises(DiscountError):
            parse_discount(bad)
    assert Discount(DiscountKind.PERCENT, Decimal("33.33")).off(Decimal("100.00")) == Decimal("33.33")
    assert Discount(DiscountKind.PERCENT, Decimal("15")).off(Decimal("0.99")) == Decimal("0.14")   # rounded down
    assert Discount(DiscountKind.AMOUNT, Decimal("900")).off(Decimal("500")) == Decimal("500.00")  # never below 0


def test_line_and_sale_discounts_add_up() -> None:
    cart = Cart()
    cart.add_item(MILK, 3)                                            # 10500
    cart.add_weighed(MEAT, "0.123")                                  # 1598.39
    cart.set_line_discount(0, parse_discount("10%"))                  # -1050
    assert cart.lines[0].total == Decimal("9450.00")
    cart.set_sale_discount(parse_discount("1000"))
    lines = cart.lines
    assert sum(line.sale_share for line in lines) == Decimal("1000.00")
    assert cart.total == Decimal("10500") + Decimal("1598.39") - Decimal("1050") - Decimal("1000")
    assert cart.subtotal - cart.discount_total == cart.total
    assert cart.total == sum(line.total for line in lines)
    # Back from the journal: the same shares, from the amount the lines carry.
    other = Cart()
    other.restore(lines)
    assert other.lines == lines and other.total == cart.total
    cart.clear()
    assert cart.sale_discount is None and cart.total == 0


def test_a_line_discount_of_everything_leaves_zero_and_no_share() -> None:
    cart = Cart()
    cart.add_item(MILK)
    cart.add_item(CatalogItem("5", "Bread", Decimal("2000"), "", "", False))
    cart.set_line_discount(0, parse_discount("100%"))
    cart.set_sale_discount(parse_discount("5000"))
    assert [line.total for line in cart.lines] == [Decimal("0.00"), Decimal("0.00")]
    assert cart.total == 0


@given(st.lists(st.decimals(min_value=0, max_value=10**6, places=2), min_size=1, max_size=30),
       st.decimals(min_value=0, max_value=10**7, places=2))
def test_shares_are_whole_cents_within_each_base_and_add_up(bases: list[Decimal], amount: Decimal) -> None:
    parts = shares(amount, bases)
    assert all(Decimal(0) <= part <= base and part == part.quantize(Decimal("0.01"))
               for part, base in zip(parts, bases, strict=True))
    total = sum(bases, Decimal(0))
    assert sum(parts, Decimal(0)) == (min(amount, total) if total > 0 else 0)


def test_a_restored_line_with_a_share_beyond_its_amount_is_refused() -> None:
    from pos_app.domain.cart import CartError
    line = CartLine("x", Decimal(1), Decimal(10), sale_share=Decimal(11))
    with pytest.raises(CartError):
        Cart().restore((line,))
