"""Cart, catalog, scanner entry and taxes: exact money, clear errors, never a crash."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pos_app.domain.cart import Cart, CartError, parse_quantity
from pos_app.domain.catalog import CatalogError, CatalogItem, load_catalog, parse_catalog
from pos_app.domain.entry import parse_entry
from pos_app.domain.taxes import TaxRates, split_taxes

SAMPLE = Path(__file__).resolve().parents[2] / "resources" / "catalog.csv"
HEADER = "barcode,name,price,tax_product_code,classification_code,city_tax\n"
MILK = CatalogItem("4901", "Milk", Decimal("3500"), "8401", "0122", False)
VODKA = CatalogItem("4902", "Vodka", Decimal("32000"), "8408", "1101", True)


def test_the_shipped_catalog_loads() -> None:
    catalog = load_catalog(SAMPLE)
    assert len(catalog) >= 10
    milk = catalog.find("8656000010011")
    assert milk is not None and milk.price == Decimal("3500") and milk.city_tax is False
    assert any(item.city_tax for item in catalog)


@pytest.mark.parametrize("text,line,words", [
    ("barcode,name\n1,x\n", 1, "lacks the column"),
    (HEADER + "1,Milk,abc,,,no\n", 2, "not a number"),
    (HEADER + "1,Milk,-5,,,no\n", 2, "at least 0"),
    (HEADER + "1,Milk,1.234,,,no\n", 2, "2 decimals"),
    (HEADER + "1,Milk,5,,,maybe\n", 2, "city_tax"),
    (HEADER + ",Milk,5,,,no\n", 2, "barcode"),
    (HEADER + "1,,5,,,no\n", 2, "name"),
    (HEADER + "1,Milk,5,,,no\n1,Tea,6,,,no\n", 3, "already on line 2"),
    (HEADER + "1,Milk,5,,,no,extra\n", 2, "more fields"),
])
def test_bad_catalog_rows_name_their_line(text: str, line: int, words: str) -> None:
    with pytest.raises(CatalogError, match=words) as caught:
        parse_catalog(text)
    assert caught.value.line == line


def test_catalog_accepts_a_bom_blank_lines_and_yes_no_words() -> None:
    catalog = parse_catalog("\ufeff" + HEADER + "1,Milk,5,,,тийм\n\n2,Tea,6.50,,,0\n")
    assert catalog.find("1").city_tax is True and catalog.find("2").price == Decimal("6.50")


def test_catalog_that_is_not_utf8_is_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "catalog.csv"
    path.write_bytes(HEADER.encode() + "1,Сок,5,,,no\n".encode("cp1251"))
    with pytest.raises(CatalogError, match="UTF-8"):
        load_catalog(path)


@given(st.text(max_size=300))
def test_any_catalog_text_loads_or_says_why(text: str) -> None:
    try:
        parse_catalog(HEADER + text)
    except CatalogError as error:
        assert str(error)


def test_scanning_the_same_code_raises_its_quantity() -> None:
    cart = Cart()
    cart.add_item(MILK)
    cart.add_item(MILK, parse_entry("3*4901").quantity)
    assert len(cart) == 1 and cart.lines[0].quantity == 4 and cart.total == Decimal("14000")


@pytest.mark.parametrize("text,quantity,code", [("4901", "1", "4901"), ("3*4901", "3", "4901"),
                                                (" 2 * 4901 ", "2", "4901"), ("0.5*4901", "0.5", "4901"),
                                                ("1,5*4901", "1.5", "4901")])
def test_entry_reads_quantity_and_code(text: str, quantity: str, code: str) -> None:
    entry = parse_entry(text)
    assert entry.code == code and entry.quantity == Decimal(quantity)


@pytest.mark.parametrize("text", ["", "   ", "*4901", "0*4901", "3*", "3*49 01", "-1*4901", "99999*4901",
                                  "1.2345*4901"])
def test_bad_entries_are_cart_errors(text: str) -> None:
    with pytest.raises(CartError):
        parse_entry(text)


@given(st.text(max_size=50))
def test_any_entry_parses_or_says_why(text: str) -> None:
    try:
        entry = parse_entry(text)
    except CartError as error:
        assert str(error)
    else:
        assert entry.quantity > 0 and entry.code


def test_taxes_follow_the_rates_and_round_per_line() -> None:
    cart = Cart()
    cart.add_item(MILK, 2)       # 7000, VAT only: 7000 / 1.10 × 0.10 = 636.36
    cart.add_item(VODKA)         # 32000, VAT and city tax: / 1.12
    split = cart.taxes
    assert split.vat == Decimal("636.36") + Decimal("2857.14")
    assert split.city_tax == Decimal("571.43")
    assert split_taxes(Decimal("32000"), True, TaxRates(city=Decimal("0.01"))).city_tax == Decimal("288.29")


def test_a_cart_at_1_percent_city_tax_divides_by_1_11() -> None:
    cart = Cart(TaxRates(city=Decimal("0.01")))     # the shop's setting: city tax 1 %
    cart.add_item(MILK, 2)       # 7000, VAT only: 636.36 whatever the city tax
    cart.add_item(VODKA)         # 32000 / 1.11: VAT 2882.882… -> 2882.88, city tax 288.288… -> 288.29
    assert cart.taxes.vat == Decimal("636.36") + Decimal("2882.88")
    assert cart.taxes.city_tax == Decimal("288.29")
    assert cart.total == Decimal("39000")            # the taxes are inside the prices
    cart.rates = TaxRates(vat=Decimal("0.10"), city=Decimal("0.02"))
    assert cart.taxes.city_tax == Decimal("571.43")  # the same lines at 2 %


def test_free_lines_quantities_and_removal() -> None:
    cart = Cart()
    index = cart.add_free_line("  Service  ", "2", "1500.50")
    assert cart.lines[index].description == "Service" and cart.total == Decimal("3001.00")
    cart.set_quantity(index, "3")
    assert cart.total == Decimal("4501.50")
    with pytest.raises(CartError):
        cart.set_quantity(index, "0")
    odd = cart.add_free_line("Odd", "0.333", "0.10")      # 0.0333 comes to 0.03, not refused
    assert cart.lines[odd].total == Decimal("0.03") and not cart.lines[odd].is_exact
    cart.remove(odd)
    assert cart.remove(index).description == "Service" and cart.is_empty
    with pytest.raises(CartError):
        cart.remove(0)
    with pytest.raises(CartError):
        cart.add_free_line("", 1, 1)


@given(st.one_of(st.text(max_size=20), st.integers(), st.floats(allow_nan=True), st.booleans(), st.none()))
def test_quantity_parser_never_crashes_and_never_floats(value: object) -> None:
    try:
        quantity = parse_quantity(value)
    except CartError:
        return
    assert isinstance(quantity, Decimal) and 0 < quantity <= 9999
