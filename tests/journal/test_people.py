"""People with PINs, who did each step, parked carts and the till's own log, in the journal file."""

from __future__ import annotations

import sqlite3
from decimal import Decimal
from pathlib import Path

import pytest

from pos_app.domain.cart import Cart
from pos_app.domain.catalog import CatalogItem
from pos_app.domain.discounts import parse_discount
from pos_app.domain.people import PeopleError, Permission, Role, hash_pin, pin_matches, who_matches
from pos_app.journal import Journal, JournalError
from pos_app.journal.acting import act_as
from pos_app.journal.shifts import open_shift

MILK = CatalogItem("4901", "Сүү", Decimal("3500"), "", "", True)


def test_a_pin_is_kept_only_as_a_salted_hash() -> None:
    first, second = hash_pin("1234"), hash_pin("1234")
    assert first != second and "1234" not in first          # a fresh salt each time
    assert pin_matches("1234", first) and not pin_matches("1235", first)
    for bad in ("", "12", "abcd", "123456789", None, "１２３４"):
        assert not pin_matches(bad, first)                    # type: ignore[arg-type]
    assert not pin_matches("1234", "garbage") and not pin_matches("1234", "scrypt$1$2$3$zz$zz")
    with pytest.raises(PeopleError):
        hash_pin("12a4")


def test_people_are_added_found_by_pin_and_retired(journal: Journal, path: Path) -> None:
    owner = journal.people.add("Болд", Role.MANAGER, "4321")
    journal.people.add("  Сараа  ", Role.CASHIER, "1111")
    with pytest.raises(PeopleError, match="Someone else uses that PIN"):
        journal.people.add("Other", Role.CASHIER, "1111")
    people = journal.people.read()
    assert [p.name for p in people] == ["Болд", "Сараа"]
    assert who_matches(people, "1111").name == "Сараа"          # type: ignore[union-attr]
    assert who_matches(people, "9999") is None
    assert owner.may(Permission.REFUND) and not people[1].may(Permission.REFUND)
    assert "4321" not in repr(owner) and owner.pin_hash not in repr(owner)
    journal.people.retire("Сараа")
    assert [p.name for p in journal.people.read()] == ["Болд"]
    with sqlite3.connect(path) as db:
        with pytest.raises(sqlite3.DatabaseError, match="never deleted"):
            db.execute("DELETE FROM people")
        stored = [tuple(row) for row in db.execute("SELECT name, role, active, changed_at, pin_hash FROM people")]
    # The PINs nowhere in the clear: a salted hash's hex may hold "1111" by chance (one run in a few hundred).
    assert not any(pin in " ".join(str(value) for value in row[:-1]) for row in stored for pin in ("4321", "1111"))
    assert all(row[-1] not in ("4321", "1111") and len(row[-1]) >= 32 for row in stored)
    kinds = [kind for _, kind, _, _ in journal.till_log.read()]
    assert kinds == ["person_retired", "person_set", "person_set"]


def test_every_step_records_who_did_it(journal: Journal) -> None:
    cart = Cart()
    cart.add_item(MILK, 2)
    cart.set_sale_discount(parse_discount("10%"))
    act_as("Сараа")
    number = journal.sales.begin(cart.lines, cart.total, cart.taxes, sale_discount=cart.sale_discount)
    sale = journal.queries.get(number)
    assert sale.cashier == "Сараа" and sale.sale_discount == cart.sale_discount
    assert sale.total == Decimal("6300.00") and sale.lines == cart.lines
    assert all(detail.get("by") == "Сараа" for _, _, detail in journal.queries.events(number))



def test_a_shift_records_who_opened_it(path: Path) -> None:
    from datetime import datetime

    from pos_app.domain.shop_time import time_zone
    zone = time_zone("Asia/Ulaanbaatar")
    with Journal(path, "T1", clock=lambda: datetime(2026, 11, 21, 9, tzinfo=zone)) as journal:
        act_as("Болд")
        open_shift(journal.store, Decimal(50000))
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT opened_by FROM shifts").fetchone() == ("Болд",)


def test_a_parked_cart_comes_back_as_it_was(journal: Journal) -> None:
    cart = Cart()
    cart.add_item(MILK, 3)
    cart.add_weighed(CatalogItem("2000123", "Мах", Decimal("12995"), "", "", False), "0.123")
    cart.set_line_discount(0, parse_discount("500"))
    cart.set_sale_discount(parse_discount("5%"))
    act_as("Болд")
    first = journal.parked.park(cart.lines, cart.total, cart.sale_discount, note="  phone  ")
    second = journal.parked.park(cart.lines[:1], Decimal(3500), None)
    parked = journal.parked.read()
    assert [p.id for p in parked] == [first, second]
    assert parked[0].parked_by == "Болд" and parked[0].note == "phone" and parked[0].total == cart.total
    back = journal.parked.unpark(first)
    again = Cart()
    again.restore(back.lines, back.sale_discount)
    assert again.lines == cart.lines and again.total == cart.total and again.sale_discount == cart.sale_discount
    assert [p.id for p in journal.parked.read()] == [second]
    with pytest.raises(JournalError, match="taken back already"):
        journal.parked.unpark(first)
    with pytest.raises(JournalError):
        journal.parked.park((), Decimal(0), None)
    assert [kind for _, kind, _, _ in journal.till_log.read()][:3] == ["sale_resumed", "sale_parked", "sale_parked"]


def test_the_day_close_lists_the_discounts_on_the_day_the_sale_was_paid(path: Path) -> None:
    from datetime import datetime

    from pos_app.domain.sale import ReceiptVia
    from pos_app.domain.shop_time import time_zone
    from pos_app.domain.tenders import CashTender
    from pos_app.journal.day_summary import Tally, day_summary

    zone = time_zone("Asia/Ulaanbaatar")
    cart = Cart()
    cart.add_item(MILK, 2)                                   # 7,000
    cart.set_line_discount(0, parse_discount("10%"))          # -700
    cart.set_sale_discount(parse_discount("300"))             # -300
    with Journal(path, "T1", clock=lambda: datetime(2026, 11, 21, 12, tzinfo=zone)) as journal:
        journal.tenders.begin(cart.lines, cart.total, cart.taxes, CashTender(cart.total, Decimal(10000)),
                              ReceiptVia.NONE, sale_discount=cart.sale_discount)
        plain = Cart()
        plain.add_item(MILK)
        journal.tenders.begin(plain.lines, plain.total, plain.taxes, CashTender(plain.total, plain.total),
                              ReceiptVia.NONE)
        summary = day_summary(journal.store, datetime(2026, 11, 21).date())
    assert summary.discounts == Tally(1, Decimal("1000.00"))
    assert summary.paid.amount == Decimal("9500.00")
