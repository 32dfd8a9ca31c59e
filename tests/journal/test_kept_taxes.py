"""The day close's VAT "without receipt" after partial returns: the taxes of what the customer kept (not the whole
cart's), as a change over the day's window; exact with the shop's rates (each returned part keeps its own), shared
by amount for a return recorded without them; a sale with every line returned keeps nothing and is not counted."""

from __future__ import annotations

from datetime import datetime, timedelta
from decimal import Decimal

from pos_app.domain.cart import DEFAULT_RATES, Cart
from pos_app.domain.catalog import CatalogItem
from pos_app.domain.sale import ReceiptVia
from pos_app.domain.taxes import TaxRates, TaxSplit
from pos_app.domain.tenders import Tendering
from pos_app.journal import Journal
from pos_app.journal.day_summary import DaySummary, Tally, day_summary

from .conftest import SteppingClock

BREAD = CatalogItem("4865000000011", "Талх", Decimal("2500"), "", "", False)
MILK = CatalogItem("4865000000028", "Сүү", Decimal("3500"), "", "", True)      # city taxed
DAY = datetime(2026, 11, 21).date()
REASON = "item returned"


def _without_receipt(journal: Journal) -> str:
    """Two breads and a milk (8,500: VAT 767.05, city tax 62.50), paid in cash, no receipt (no PosAPI set)."""
    cart = Cart()
    cart.add_item(BREAD, 2)
    cart.add_item(MILK, 1)
    assert cart.taxes == TaxSplit(Decimal("767.05"), Decimal("62.50"))
    return journal.tenders.begin(cart.lines, cart.total, cart.taxes,
                                 Tendering(cart.total).cash_tender(Decimal(10000)), ReceiptVia.NONE)


def _figures(summary: DaySummary) -> tuple[Tally, Decimal, Decimal]:
    return summary.without_receipt, summary.no_receipt_vat, summary.no_receipt_city_tax


def test_a_sale_without_receipt_counts_the_taxes_of_what_was_kept_and_nothing_once_all_came_back(
        journal: Journal) -> None:
    number = _without_receipt(journal)
    assert _figures(day_summary(journal.store, DAY)) == (Tally(1, Decimal(8500)), Decimal("767.05"), Decimal("62.50"))
    journal.returns.started(number, [(1, 1)], REASON, rates=DEFAULT_RATES)          # the milk
    # What was kept is two breads: 5,000, their VAT 454.55 and no city tax (the milk's went with it).
    summary = day_summary(journal.store, DAY)
    assert _figures(summary) == (Tally(1, Decimal(5000)), Decimal("454.55"), Decimal(0))
    assert summary.vat == Decimal("454.55") and summary.city_tax == 0
    journal.returns.started(number, [(0, 2)], REASON, rates=DEFAULT_RATES)          # the breads too
    assert _figures(day_summary(journal.store, DAY)) == (Tally(0, Decimal(0)), Decimal(0), Decimal(0))


def test_a_return_on_a_later_day_takes_out_what_went_back_that_day(journal: Journal, clock: SteppingClock) -> None:
    number = _without_receipt(journal)
    clock.now += timedelta(days=1)
    journal.returns.started(number, [(1, 1)], REASON, rates=DEFAULT_RATES)
    clock.now += timedelta(days=1)
    journal.returns.started(number, [(0, 2)], REASON, rates=DEFAULT_RATES)
    # The sale day keeps its figures; each return's day a correction line of what went back: the milk's taxes,
    # then the breads' (the sale keeps nothing: it leaves the count).
    assert _figures(day_summary(journal.store, DAY)) == (Tally(1, Decimal(8500)), Decimal("767.05"), Decimal("62.50"))
    assert _figures(day_summary(journal.store, DAY + timedelta(days=1))) == (
        Tally(0, Decimal(-3500)), Decimal("-312.50"), Decimal("-62.50"))
    assert _figures(day_summary(journal.store, DAY + timedelta(days=2))) == (
        Tally(-1, Decimal(-5000)), Decimal("-454.55"), Decimal(0))


def test_each_returned_part_keeps_its_taxes_with_its_lines(journal: Journal) -> None:
    number = _without_receipt(journal)
    journal.returns.started(number, [(0, 1), (1, 1)], REASON, rates=DEFAULT_RATES)
    [part] = journal.queries.get(number).part_returns
    # A bread's part is the line's VAT less the kept bread's (454.55 − 227.27): the parts and what is kept add up.
    assert [back.taxes for back in part.lines] == [TaxSplit(Decimal("227.28"), Decimal(0)),
                                                   TaxSplit(Decimal("312.50"), Decimal("62.50"))]
    assert _figures(day_summary(journal.store, DAY)) == (Tally(1, Decimal(2500)), Decimal("227.27"), Decimal(0))


def test_a_return_recorded_without_the_shops_rates_shares_the_taxes_by_amount(journal: Journal) -> None:
    """A return written before the parts kept their taxes, or with rates that do not give the sale's own taxes
    (the shop changed them since): the milk's 3,500 takes 3,500/8,500 of the sale's taxes."""
    shared = (Tally(1, Decimal(5000)), Decimal("767.05") - Decimal("315.84"), Decimal("62.50") - Decimal("25.74"))
    number = _without_receipt(journal)
    journal.returns.started(number, [(1, 1)], REASON)
    assert journal.queries.get(number).part_returns[0].lines[0].taxes is None
    assert _figures(day_summary(journal.store, DAY)) == shared
    other = _without_receipt(journal)
    journal.returns.started(other, [(1, 1)], REASON, rates=TaxRates(Decimal("0.10"), Decimal("0.01")))
    assert journal.queries.get(other).part_returns[0].lines[0].taxes is None
    assert _figures(day_summary(journal.store, DAY)) == (Tally(2, Decimal(10000)), shared[1] * 2, shared[2] * 2)
