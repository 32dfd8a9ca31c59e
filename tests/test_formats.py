"""Money, quantities, dates and times through QLocale: exact, and as each language writes them."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PySide6.QtCore import QLocale

from pos_app.domain.money import format_mnt
from pos_app.formats import date_text, datetime_text, money_text, quantity_text, time_text

MONGOLIAN = QLocale(QLocale.Language.Mongolian, QLocale.Country.Mongolia)
US_ENGLISH = QLocale(QLocale.Language.English, QLocale.Country.UnitedStates)
GERMAN = QLocale(QLocale.Language.German, QLocale.Country.Germany)     # another grouping, to see it is QLocale's


@pytest.fixture
def locale_of() -> Iterator:
    before = QLocale()

    def use(locale: QLocale) -> None:
        QLocale.setDefault(locale)

    yield use
    QLocale.setDefault(before)


def test_money_as_each_language_writes_it(locale_of) -> None:
    locale_of(MONGOLIAN)
    assert money_text(Decimal("17250.75")) == "17,250.75 ₮" and money_text(12500) == "12,500 ₮"
    locale_of(GERMAN)
    assert money_text(Decimal("17250.75")) == "17.250,75 ₮" and money_text(Decimal("0.5")) == "0,50 ₮"


def test_dates_and_times_as_each_language_writes_them(locale_of) -> None:
    moment = datetime(2026, 11, 21, 18, 30, 5)
    locale_of(MONGOLIAN)
    assert (date_text(moment.date()), time_text(moment), datetime_text(moment, seconds=True)) == \
        ("2026.11.21", "18:30", "2026.11.21 18:30:05")
    locale_of(US_ENGLISH)
    assert (date_text(moment.date()), time_text(moment, seconds=True)) == ("11/21/26", "6:30:05 PM")


def test_quantities_keep_every_digit(locale_of) -> None:
    locale_of(GERMAN)
    assert [quantity_text(Decimal(q)) for q in ("2", "1.500", "0.125", "1500")] == ["2", "1,5", "0,125", "1.500"]


@given(st.decimals(min_value=Decimal("-1e12"), max_value=Decimal("1e12"), places=3))
def test_in_us_english_money_reads_as_the_domain_writes_it(amount: Decimal) -> None:
    before = QLocale()
    QLocale.setDefault(US_ENGLISH)
    try:
        assert money_text(amount) == format_mnt(amount)
    finally:
        QLocale.setDefault(before)
