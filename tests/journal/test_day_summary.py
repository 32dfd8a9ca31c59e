"""The day close in figures: a real journal file with a sale in every state, summed to the cent.

Every figure of `summarize` is checked with exact Decimals; money and receipts count on the day they moved
(a refund tomorrow of today's sale counts tomorrow); a closed day's Z report is stored and read back as it
was closed; the CSVs are read back with `csv.reader`; cells that a spreadsheet would run as a formula are
defused; and property tests sum random days the long way. Every clock is a parameter: nothing depends on
today's date.
"""

from __future__ import annotations

import csv
import io
import json
import os
import sqlite3
import threading
from dataclasses import fields, is_dataclass, replace
from datetime import date, datetime, timedelta, timezone
from decimal import Decimal
from pathlib import Path
from typing import Callable, Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pos_app.domain.cart import CartLine
from pos_app.domain.sale import IssuedReceipt, OpenInvoice, PaymentSeen, Receiver
from pos_app.domain.taxes import TaxSplit
from pos_app.journal.closed_days import ClosedDays, DayAlreadyClosed, close_day, read_day
from pos_app.journal.closed_days import summary_from_json, summary_json
from pos_app.journal.day_csv import CSV_ENCODING, money_text, safe_cell, sales_csv, sales_csv_path, save_csv, to_csv
from pos_app.journal.day_summary import (
    PAID_STATUSES,
    DayReport,
    DaySummary,
    Tally,
    day_moves,
    day_sales,
    day_summary,
    load_day,
    summarize,
)
from pos_app.journal.journal import (
    Journal,
    JournalError,
    JournalReceipt,
    JournalSale,
    JournalStatus,
    ReceiptStatus,
    ReversalKind,
    ReversalStatus,
)

DAY = date(2026, 11, 21)
KHAN = "Хаан банк"
GOLOMT = "Голомт банк"
S = JournalStatus
UB = timezone(timedelta(hours=8), "Ulaanbaatar")


class SettableClock:
    """One second further on every reading; `at()` jumps to another moment."""

    def __init__(self, start: datetime) -> None:
        self.now = start

    def at(self, moment: datetime) -> None:
        self.now = moment

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


def D(text: str) -> Decimal:  # noqa: N802 - reads like a literal
    return Decimal(text)


def at(day: date, hour: int, minute: int = 0) -> datetime:
    return datetime.combine(day, datetime.min.time()).replace(hour=hour, minute=minute)


def _lines(total: Decimal) -> tuple[CartLine, ...]:
    return (CartLine("Бараа", Decimal(1), total),)


def _receipt(number: str, payment: PaymentSeen, vat: str, city_tax: str = "0.00",
             receiver: Receiver | None = None, again: int = 0) -> IssuedReceipt:
    suffix = f"-{again}" if again else ""
    return IssuedReceipt(f"rcpt-{number}-{payment.payment_id}{suffix}", f"LT {number[-6:]}", "qr", payment.amount,
                         D(vat), D(city_tax), receiver or Receiver(), payment_id=payment.payment_id)


class DayBuilder:
    """Makes sales in a journal with its step methods, as the till and recovery would."""

    def __init__(self, journal: Journal) -> None:
        self.journal = journal

    def begin(self, total: str, vat: str, city_tax: str = "0.00") -> str:
        amount = D(total)
        return self.journal.sales.begin(_lines(amount), amount, TaxSplit(D(vat), D(city_tax)))

    def opened(self, total: str, vat: str = "0.00", city_tax: str = "0.00") -> str:
        number = self.begin(total, vat, city_tax)
        self.journal.sales.invoice_opened(number, OpenInvoice(f"inv-{number}", qr_text="qr"))
        return number

    def paid(self, total: str, vat: str, payments: tuple[PaymentSeen, ...], city_tax: str = "0.00") -> str:
        number = self.opened(total, vat, city_tax)
        self.journal.sales.payments_seen(number, payments)
        return number

    def receipts(self, number: str, vats: tuple[str, ...], city_taxes: tuple[str, ...] | None = None,
                 receiver: Receiver | None = None, again: int = 0) -> None:
        """One receipt a payment still without one, with these VATs (and city taxes), in payment order."""
        owed = self.journal.queries.get(number).payments_without_receipt
        assert len(owed) == len(vats)
        self.journal.sales.receipt_started(number, receiver or Receiver())
        for index, payment in enumerate(owed):
            city_tax = city_taxes[index] if city_taxes and index < len(city_taxes) else "0.00"
            self.journal.sales.receipt_issued(number, _receipt(number, payment, vats[index], city_tax, receiver, again))

    def completed(self, total: str, vat: str, payments: tuple[PaymentSeen, ...], *,
                  receipt_vats: tuple[str, ...] | None = None, city_tax: str = "0.00",
                  receipt_city_taxes: tuple[str, ...] | None = None, receiver: Receiver | None = None) -> str:
        number = self.paid(total, vat, payments, city_tax)
        self.receipts(number, receipt_vats or (vat,), receipt_city_taxes or (city_tax,), receiver)
        return number

    def void_receipts(self, number: str) -> None:
        self.journal.reversals.receipt_cancel_started(number)
        self.journal.reversals.receipt_cancelled(number)

    def refund(self, number: str, amount: str, kind: ReversalKind = ReversalKind.REFUND) -> None:
        self.journal.reversals.started(number, kind, "customer returned the goods")
        self.journal.reversals.done(number, D(amount))


def pay(amount: str, bank: str, kind: str) -> PaymentSeen:
    return PaymentSeen(f"pay-{bank}-{amount}-{kind}", D(amount), bank, kind)


def build_day(path: Path, day: date = DAY) -> dict[str, str]:
    """A journal file at `path` with one day of terminal T1 in every state (plus T2's and yesterday's sales).

    Returns the sale numbers by name. The figures it adds up to are spelled out
    in `test_every_figure_of_the_day`.
    """
    clock = SettableClock(at(day, 8))
    numbers: dict[str, str] = {}
    with Journal(path, "T1", clock=clock) as journal:
        till = DayBuilder(journal)
        clock.at(at(day - timedelta(days=1), 23, 59))
        numbers["yesterday"] = till.completed("88888.00", "8080.73", (pay("88888.00", KHAN, "P2P"),))
        clock.at(at(day, 9))

        # Receipt VAT differs from the sale's split on purpose: it shows which one the summary took.
        numbers["individual"] = till.completed("10000.00", "909.09", (pay("10000.00", KHAN, "P2P"),),
                                               receipt_vats=("909.10",))
        numbers["organization"] = till.completed(
            "22000.00", "1964.29", (pay("12000.00", GOLOMT, "CARD"), pay("10000.00", KHAN, "CARD")),
            city_tax="214.29", receipt_vats=("1071.43", "892.85"), receipt_city_taxes=("116.89", "97.41"),
            receiver=Receiver.organization("1234567"))

        numbers["paid_no_receipt"] = till.paid("3500.00", "318.18", (pay("3500.00", KHAN, "P2P"),))
        journal.sales.receipt_started(numbers["paid_no_receipt"], Receiver())
        journal.sales.receipt_failed(numbers["paid_no_receipt"], "ebarimt did not answer")

        numbers["cancelled"] = till.opened("5000.00")
        journal.sales.cancel_started(numbers["cancelled"])
        journal.sales.invoice_cancelled(numbers["cancelled"])

        numbers["expired"] = till.opened("1200.00")
        journal.sales.expired(numbers["expired"])

        numbers["failed"] = till.begin("800.00", "72.73")
        journal.sales.invoice_failed(numbers["failed"], "connection refused")

        refunded = numbers["refunded"] = till.completed("15000.00", "1363.64", (pay("15000.00", KHAN, "CARD"),),
                                                        receipt_vats=("1363.00",))
        till.refund(refunded, "15000.00")
        till.void_receipts(refunded)

        card_cancelled = numbers["card_cancelled"] = till.paid("4000.00", "363.64", (pay("4000.00", GOLOMT, "CARD"),))
        journal.reversals.started(card_cancelled, ReversalKind.CANCEL, "wrong amount")
        journal.reversals.done(card_cancelled, D("4000.00"))

        pending = numbers["reversal_pending"] = till.completed("6000.00", "545.45", (pay("6000.00", KHAN, "CARD"),))
        journal.reversals.started(pending, ReversalKind.REFUND, "=HYPERLINK(\"http://evil\")")

        voided = numbers["receipt_voided"] = till.completed("2500.00", "227.27", (pay("2500.00", KHAN, "P2P"),),
                                                            receipt_vats=("227.00",))
        till.void_receipts(voided)          # the money was kept: the sale is owed a receipt again

        failed_reversal = numbers["reversal_failed"] = till.completed("9000.00", "818.18",
                                                                      (pay("9000.00", "", "CARD"),))
        journal.reversals.started(failed_reversal, ReversalKind.CANCEL, "double charge")
        journal.reversals.failed(failed_reversal, "already settled")

        numbers["open"] = till.opened("1000.00")
        numbers["unknown_type"] = till.completed("1500.00", "136.36", (pay("1500.00", KHAN, ""),))
        void_pending = numbers["void_pending"] = till.completed("3000.00", "272.73", (pay("3000.00", GOLOMT, "P2P"),),
                                                               receipt_vats=("272.70",))
        journal.reversals.receipt_cancel_started(void_pending)
        numbers["creating"] = till.begin("700.00", "63.64")

    with Journal(path, "T2", clock=clock) as other_till:
        numbers["other_terminal"] = DayBuilder(other_till).completed("99999.00", "9090.82",
                                                                     (pay("99999.00", KHAN, "CARD"),))
    return numbers


@pytest.fixture
def day_path(tmp_path: Path) -> Path:
    return tmp_path / "journal.sqlite3"


@pytest.fixture
def numbers(day_path: Path) -> dict[str, str]:
    return build_day(day_path)


@pytest.fixture
def journal(day_path: Path, numbers: dict[str, str]) -> Iterator[Journal]:
    with Journal(day_path, "T1", clock=SettableClock(at(DAY, 23))) as opened:
        yield opened


@pytest.fixture
def summary(journal: Journal) -> DaySummary:
    return day_summary(journal.store, DAY)


# -- the figures -------------------------------------------------------------------------


def test_every_figure_of_the_day(summary: DaySummary, numbers: dict[str, str]) -> None:
    assert summary.day == DAY and summary.terminal == "T1"
    assert summary.sales_count == 15
    # individual 10000 + organization 22000 + paid without receipt 3500 + refunded 15000 + card-cancelled 4000
    # + reversal pending 6000 + receipt voided 2500 + reversal failed 9000 + unknown type 1500 + void pending 3000
    assert summary.paid == Tally(10, D("76500.00")) and summary.overpaid == 0
    # One receipt a payment: the organization's two, and the refunded and voided sales' (voided the same day).
    assert (summary.receipts_issued, summary.receipts_voided) == (9, 2)
    # What ebarimt holds from the day: 909.10 + 1071.43 + 892.85 + 545.45 + 818.18 + 136.36 + 272.70 (its void
    # is only asked); the refunded sale's 1363.00 and the voided 227.00 were issued and voided: zero.
    assert summary.receipt_vat == D("4646.07")
    assert summary.receipt_city_tax == D("214.30")
    # Money kept with no valid receipt at the day's end: the cart's split (318.18 + 227.27). The card-cancelled
    # sale gave its money back: it is in neither.
    assert summary.without_receipt == Tally(2, D("6000.00"))
    assert (summary.no_receipt_vat, summary.no_receipt_city_tax) == (D("545.45"), D("0.00"))
    assert summary.vat == D("5191.52") and summary.city_tax == D("214.30")
    assert summary.by_bank == ((KHAN, Tally(7, D("48500.00"))), (GOLOMT, Tally(3, D("19000.00"))),
                               ("", Tally(1, D("9000.00"))))
    assert summary.by_payment_type == (("CARD", Tally(6, D("56000.00"))), ("P2P", Tally(4, D("19000.00"))),
                                       ("", Tally(1, D("1500.00"))))
    assert summary.cancelled == Tally(1, D("5000.00"))
    assert summary.expired == Tally(1, D("1200.00"))
    assert summary.failed == Tally(1, D("800.00"))
    assert summary.given_back_cancel == Tally(1, D("4000.00"))
    assert summary.given_back_refund == Tally(1, D("15000.00"))
    assert summary.given_back == Tally(2, D("19000.00"))
    assert (summary.reversals_pending, summary.reversals_failed, summary.receipt_voids_pending) == (1, 1, 1)
    # Half-way: open 1000, creating 700. Owed a receipt: the failed one (3500) and the voided one whose money was
    # kept (2500); the card-cancelled PAID sale is owed none.
    assert summary.unfinished == Tally(2, D("1700.00"))
    assert summary.owes_receipt == Tally(2, D("6000.00"))
    assert summary.owing == ((numbers["paid_no_receipt"], D("3500.00")), (numbers["receipt_voided"], D("2500.00")))
    assert summary.needs_attention == 1 + 1 + 1 + 2 + 2
    assert summary.net == D("57500.00")
    assert summary.since is None and summary.closed_at is None and not summary.is_closed
    assert _money_values(summary) and all(isinstance(value, Decimal) for value in _money_values(summary))


def _eleven_thousand(till: DayBuilder, bank: str = KHAN) -> str:
    return till.completed("11000.00", "1000.00", (pay("11000.00", bank, "CARD"),))


def test_a_voided_receipt_counts_zero_and_a_sale_without_one_is_listed_apart(tmp_path: Path) -> None:
    """Issue 16, point 8: A, B, C each 11,000 with VAT 1,000; C refunded and its receipt voided."""
    clock = SettableClock(at(DAY, 10))
    with Journal(tmp_path / "j.sqlite3", "T1", clock=clock) as journal:
        till = DayBuilder(journal)
        a, b = _eleven_thousand(till), _eleven_thousand(till, GOLOMT)
        c = till.completed("11000.00", "1000.00", (PaymentSeen("pay-c", D("11000.00"), KHAN, "CARD"),))
        till.refund(c, "11000.00")
        till.void_receipts(c)
        without = till.paid("5500.00", "500.00", (pay("5500.00", KHAN, "P2P"),), city_tax="50.00")
        summary = day_summary(journal.store, DAY)
    assert summary.receipt_vat == D("2000.00")         # what ebarimt holds: A's and B's, not 3,000
    assert summary.receipts_issued == 3 and summary.receipts_voided == 1
    assert summary.without_receipt == Tally(1, D("5500.00"))
    assert (summary.no_receipt_vat, summary.no_receipt_city_tax) == (D("500.00"), D("50.00"))
    assert summary.vat == D("2500.00")
    assert summary.paid == Tally(4, D("38500.00")) and summary.net == D("27500.00")
    assert summary.owing == ((without, D("5500.00")),)
    assert {a, b, c, without} == {move.sale.number for move in load_day_moves(tmp_path / "j.sqlite3")}
    rows = {(row[0], row[1]): row[2:] for row in _read(to_csv(summary))[1:]}
    assert rows["with_receipt", "vat"] == ["", "2000.00"] and rows["without_receipt", "vat"] == ["", "500.00"]
    assert rows["without_receipt", "sales"] == ["1", "5500.00"]
    assert rows["without_receipt", "city_tax"] == ["", "50.00"]


def load_day_moves(path: Path, day: date = DAY) -> tuple:
    with Journal(path, "T1") as journal:
        return load_day(journal.queries, day).sales


def test_a_sale_with_several_receipts_counts_the_sum_of_its_valid_ones(tmp_path: Path) -> None:
    clock = SettableClock(at(DAY, 10))
    with Journal(tmp_path / "j.sqlite3", "T1", clock=clock) as journal:
        till = DayBuilder(journal)
        number = till.completed("30000.00", "2727.27", (pay("20000.00", KHAN, "P2P"), pay("10000.00", GOLOMT, "P2P")),
                                receipt_vats=("1818.18", "909.09"))
        summary = day_summary(journal.store, DAY)
        assert summary.receipt_vat == D("2727.27") and summary.receipts_issued == 2
        # One of the two is voided while the money is kept, then issued again the next day.
        journal.reversals.receipt_cancel_started(number)
        second = journal.queries.get(number).receipts[1].payment_id
        journal.reversals.receipt_cancelled(number, second)
        journal.reversals.receipt_cancel_failed(number, "refused", journal.queries.get(number).receipts[0].payment_id)
        same_day = day_summary(journal.store, DAY)
        assert same_day.receipt_vat == D("1818.18") and same_day.receipts_voided == 1
        assert same_day.owing == ((number, D("10000.00")),)
        assert same_day.without_receipt == Tally()        # it has a valid receipt: counted with receipt
        clock.at(at(DAY + timedelta(days=1), 9))
        till.receipts(number, ("909.09",), again=1)
        next_day = day_summary(journal.store, DAY + timedelta(days=1))
        assert next_day.receipt_vat == D("909.09") and next_day.receipts_issued == 1
        assert next_day.owing == () and next_day.paid == Tally()
        assert day_summary(journal.store, DAY) == replace(same_day, owing=(), owes_receipt=Tally())


def test_money_counts_on_the_day_it_moved_and_a_refund_tomorrow_counts_tomorrow(tmp_path: Path) -> None:
    """Issue 16, point 9: a sale begun before midnight and paid after it; a refund the next day."""
    clock = SettableClock(at(DAY, 12))
    tomorrow = DAY + timedelta(days=1)
    with Journal(tmp_path / "j.sqlite3", "T1", clock=clock) as journal:
        till = DayBuilder(journal)
        today = _eleven_thousand(till)
        clock.at(at(DAY, 23, 59) + timedelta(seconds=50))
        late = till.opened("2000.00", "181.82")
        clock.at(at(tomorrow, 0, 0) + timedelta(seconds=5))
        journal.sales.payments_seen(late, (pay("2000.00", KHAN, "P2P"),))
        before = day_summary(journal.store, DAY)
        clock.at(at(tomorrow, 10))
        till.refund(today, "11000.00")
        till.void_receipts(today)
        assert day_summary(journal.store, DAY) == before        # yesterday stays as it was
        next_day = day_summary(journal.store, tomorrow)
    assert before.sales_count == 2 and before.paid == Tally(1, D("11000.00")) and before.net == D("11000.00")
    assert before.receipt_vat == D("1000.00") and before.given_back == Tally()
    assert next_day.sales_count == 0
    assert next_day.paid == Tally(1, D("2000.00"))                     # paid after midnight: tomorrow's money
    assert next_day.given_back_refund == Tally(1, D("11000.00"))       # given back tomorrow
    assert next_day.net == D("-9000.00")
    assert (next_day.receipts_issued, next_day.receipts_voided, next_day.receipt_vat) == (0, 1, D("-1000.00"))
    assert next_day.without_receipt == Tally(1, D("2000.00")) and next_day.owing == ((late, D("2000.00")),)


def test_what_the_customer_paid_beyond_the_total_counts_as_money_received(tmp_path: Path) -> None:
    with Journal(tmp_path / "j.sqlite3", "T1", clock=SettableClock(at(DAY, 10))) as journal:
        till = DayBuilder(journal)
        till.paid("10000.00", "909.09", (pay("6000.00", KHAN, "P2P"), pay("4500.00", GOLOMT, "P2P")))
        summary = day_summary(journal.store, DAY)
    assert summary.paid == Tally(1, D("10500.00")) and summary.overpaid == D("500.00")
    assert sum((tally.amount for _bank, tally in summary.by_bank), D("0")) == summary.paid.amount
    assert summary.net == D("10500.00")
    assert summary.without_receipt == Tally(1, D("10500.00")) and summary.owes_receipt == Tally(1, D("10500.00"))
    assert ["paid", "overpaid", "", "500.00"] in _read(to_csv(summary))


def _sales_rows(report: DayReport) -> list[dict[str, str]]:
    rows = _read(sales_csv(report.sales))
    return [dict(zip(rows[0], row, strict=True)) for row in rows[1:]]


@pytest.mark.parametrize("days_later", [1, 3])
def test_a_part_whose_give_back_was_refused_then_paid_later_counts_each_payment_once(tmp_path: Path,
                                                                                      days_later: int) -> None:
    """Issue 16, point 9 (review): a part learnt of when it was to be given back (refused), the rest paid on a
    later day: each payment counts once, on the day the journal first learnt of it; and no cart VAT is counted
    while the sale is not paid in full."""
    clock = SettableClock(at(DAY, 15))
    later = DAY + timedelta(days=days_later)
    part = pay("5000.00", KHAN, "CARD")
    with Journal(tmp_path / "j.sqlite3", "T1", clock=clock) as journal:
        till = DayBuilder(journal)
        number = till.opened("10000.00", "892.86", "178.57")
        journal.remainders.part_reversal_started(number, [part], "customer left")
        journal.remainders.part_reversal_failed(number, "refused: TOO_MANY_REQUESTS")
        first = load_day(journal.queries, DAY)
        clock.at(at(later, 10))
        journal.sales.payments_seen(number, [part, PaymentSeen("p2", D("5000.00"), GOLOMT, "CARD")])
        second = load_day(journal.queries, later)
        again = load_day(journal.queries, DAY).summary                 # the first day's money stays as it was
        assert (again.paid, again.by_bank, again.vat, again.without_receipt) == (
            first.summary.paid, first.summary.by_bank, first.summary.vat, first.summary.without_receipt)
    assert first.summary.paid == Tally(1, D("5000.00")) and first.summary.by_bank == ((KHAN, Tally(1, D("5000.00"))),)
    assert first.summary.without_receipt == Tally() and first.summary.vat == 0      # not paid: no cart VAT
    assert second.summary.paid == Tally(1, D("5000.00")) and second.summary.by_bank == ((GOLOMT,
                                                                                        Tally(1, D("5000.00"))),)
    assert second.summary.overpaid == 0
    assert second.summary.without_receipt == Tally(1, D("10000.00"))               # paid now, no receipt
    assert (second.summary.no_receipt_vat, second.summary.no_receipt_city_tax) == (D("892.86"), D("178.57"))
    for report in (first, second):
        _columns_add_up(_sales_rows(report), report.summary)


def test_a_receipt_issued_the_day_after_the_payment_takes_the_cart_vat_back_out(tmp_path: Path) -> None:
    """Review: the cart split counted "without receipt" on the payment day, the receipt's VAT the next day:
    that day a correction line takes the split back out, so the VAT counts once."""
    clock = SettableClock(at(DAY, 23, 50))
    tomorrow = DAY + timedelta(days=1)
    with Journal(tmp_path / "j.sqlite3", "T1", clock=clock) as journal:
        till = DayBuilder(journal)
        number = till.paid("10000.00", "892.86", (pay("10000.00", KHAN, "P2P"),), city_tax="178.57")
        first = load_day(journal.queries, DAY)                   # the receipt's answer lost, or the service down
        clock.at(at(tomorrow, 9))
        till.receipts(number, ("892.86",), ("178.57",))
        second = load_day(journal.queries, tomorrow)
    assert first.summary.without_receipt == Tally(1, D("10000.00")) and first.summary.vat == D("892.86")
    assert second.summary.paid == Tally() and second.summary.receipt_vat == D("892.86")
    assert second.summary.without_receipt == Tally(-1, D("-10000.00"))
    assert (second.summary.no_receipt_vat, second.summary.no_receipt_city_tax) == (D("-892.86"), D("-178.57"))
    assert first.summary.vat + second.summary.vat == D("892.86")
    assert first.summary.city_tax + second.summary.city_tax == D("178.57")
    (row,) = _sales_rows(second)
    assert (row["day_without_receipt"], row["day_no_receipt_vat"], row["day_receipt_vat"]) == (
        "-1", "-892.86", "892.86")
    for report in (first, second):
        _columns_add_up(_sales_rows(report), report.summary)


def test_a_receipt_voided_the_next_day_with_the_money_kept_puts_the_cart_vat_back(tmp_path: Path) -> None:
    """Review: a receipt voided on a later day (wrong receiver), the money kept and no receipt issued again yet:
    its VAT leaves "with receipt" that day and the cart split comes back "without receipt"."""
    clock = SettableClock(at(DAY, 12))
    tomorrow = DAY + timedelta(days=1)
    with Journal(tmp_path / "j.sqlite3", "T1", clock=clock) as journal:
        till = DayBuilder(journal)
        number = till.completed("10000.00", "892.86", (pay("10000.00", KHAN, "P2P"),))
        first = load_day(journal.queries, DAY)
        clock.at(at(tomorrow, 10))
        till.void_receipts(number)
        second = load_day(journal.queries, tomorrow)
        assert journal.queries.get(number).owes_receipt
        clock.at(at(tomorrow + timedelta(days=1), 10))
        till.receipts(number, ("892.86",), again=1)                   # issued again the day after
        third = load_day(journal.queries, tomorrow + timedelta(days=1))
    assert first.summary.receipt_vat == D("892.86") and first.summary.without_receipt == Tally()
    assert second.summary.receipt_vat == D("-892.86") and second.summary.no_receipt_vat == D("892.86")
    assert second.summary.without_receipt == Tally(1, D("10000.00")) and second.summary.paid == Tally()
    assert first.summary.vat + second.summary.vat == D("892.86")
    assert third.summary.vat == 0 and third.summary.without_receipt == Tally(-1, D("-10000.00"))
    for report in (first, second, third):
        _columns_add_up(_sales_rows(report), report.summary)


def test_aware_ulaanbaatar_times_fall_on_their_local_day() -> None:
    """Event times are the journal's local aware times: 23:30 and 00:30 in Ulaanbaatar are two days."""
    sale = _sale(S.COMPLETED, D("7000.00"), created_at=datetime(2026, 11, 21, 23, 30, tzinfo=UB))
    events = {sale.number: [(datetime(2026, 11, 21, 23, 30, tzinfo=UB), "sale_begun", {}),
                            (datetime(2026, 11, 22, 0, 30, tzinfo=UB), "payments_seen", {})]}
    first = summarize([sale], DAY, "T1", events)
    second = summarize([sale], DAY + timedelta(days=1), "T1", events)
    assert (first.sales_count, first.paid) == (1, Tally())
    assert (second.sales_count, second.paid) == (0, Tally(1, D("7000.00")))
    # A close stamped in aware time bounds naive steps by the same wall clock (and the other way round).
    closed = summarize([sale], DAY + timedelta(days=1), "T1", events, until=datetime(2026, 11, 22, 0, 10, tzinfo=UB))
    assert closed.paid == Tally()


def test_other_terminals_are_left_out_and_each_day_has_its_own(journal: Journal, day_path: Path,
                                                               summary: DaySummary) -> None:
    with Journal(day_path, "T2") as other_till:
        other = day_summary(other_till.store, DAY)
    assert other.paid == Tally(1, D("99999.00")) and other.sales_count == 1 and other.needs_attention == 0
    yesterday = day_summary(journal.store, DAY - timedelta(days=1))
    assert yesterday.paid == Tally(1, D("88888.00")) and yesterday.sales_count == 1
    assert yesterday.needs_attention == 0               # today's sales need no attention on yesterday's close
    tomorrow = day_summary(journal.store, DAY + timedelta(days=1))
    # Nothing moved tomorrow; what needs attention now still does.
    assert tomorrow == replace(summary, day=DAY + timedelta(days=1), sales_count=0, paid=Tally(),
                               receipts_issued=0, receipts_voided=0, receipt_vat=D("0"), receipt_city_tax=D("0"),
                               without_receipt=Tally(), no_receipt_vat=D("0"), no_receipt_city_tax=D("0"),
                               by_bank=(), by_payment_type=(), cancelled=Tally(), expired=Tally(), failed=Tally(),
                               given_back_cancel=Tally(), given_back_refund=Tally(), given_back_by_type=())


def test_load_day_gives_the_summary_and_what_each_sale_did_oldest_first(journal: Journal,
                                                                        numbers: dict[str, str]) -> None:
    report = load_day(journal.queries, DAY)
    assert report.summary == day_summary(journal.store, DAY)
    assert [move.sale.number for move in report.sales] == [f"T1-20261121-{index:06d}" for index in range(1, 16)]
    assert numbers["yesterday"] not in {move.sale.number for move in report.sales}
    sales = journal.queries.between(DAY - timedelta(days=1), DAY)
    assert day_sales(sales, DAY, "T1") == tuple(move.sale for move in report.sales)


def test_an_empty_day_is_all_zero(tmp_path: Path) -> None:
    with Journal(tmp_path / "empty.sqlite3", "T1") as journal:
        summary = day_summary(journal.store, DAY)
    assert summary == DaySummary(DAY, "T1")
    assert summary.net == 0 and summary.needs_attention == 0 and summary.by_bank == ()


# -- needs attention, whatever day it began on -----------------------------------------------


def test_a_sale_owed_a_receipt_stays_in_needs_attention_on_later_days_until_it_has_one(tmp_path: Path) -> None:
    clock = SettableClock(at(DAY, 10))
    path = tmp_path / "j.sqlite3"
    with Journal(path, "T1", clock=clock) as journal:
        till = DayBuilder(journal)
        left = till.paid("4000.00", "363.64", (pay("4000.00", KHAN, "P2P"),))      # "New sale without receipt"
        voided = _eleven_thousand(till)
        till.void_receipts(voided)                    # COMPLETED, its receipt voided, the money kept
        refunded = _eleven_thousand(till)
        till.refund(refunded, "11000.00")
        till.void_receipts(refunded)                  # given back: owed nothing
        clock.at(at(DAY, 22))
        closed = close_day(journal.store, DAY).summary
        assert [number for number, _missing in closed.owing] == [left, voided]
        assert journal.queries.get(left).status is S.PAID and journal.queries.get(voided).status is S.COMPLETED

        for later in (DAY + timedelta(days=1), DAY + timedelta(days=2)):
            clock.at(at(later, 9))
            assert [number for number, _missing in day_summary(journal.store, later).owing] == [left, voided]
        till.receipts(left, ("363.64",))
        assert [number for number, _ in day_summary(journal.store, DAY + timedelta(days=2)).owing] == [voided]
        assert [number for number, _ in read_day(journal.store, DAY).summary.owing] == [left, voided]   # as closed
        assert {sale.number for sale in journal.queries.needing_attention()} == {voided}


def test_the_journal_lists_what_needs_attention_from_every_day(journal: Journal, numbers: dict[str, str]) -> None:
    listed = {sale.number for sale in journal.queries.needing_attention()}
    assert listed == {numbers[name] for name in ("paid_no_receipt", "receipt_voided", "reversal_pending",
                                                 "reversal_failed", "void_pending", "open", "creating")}


# -- closed days: the Z report -----------------------------------------------------------------


def test_a_closed_day_keeps_its_figures_and_later_steps_count_on_the_next_day(tmp_path: Path) -> None:
    path = tmp_path / "j.sqlite3"
    clock = SettableClock(at(DAY, 9))
    tomorrow = DAY + timedelta(days=1)
    with Journal(path, "T1", clock=clock) as journal:
        till = DayBuilder(journal)
        sold = _eleven_thousand(till)
        clock.at(at(DAY, 21))
        report = close_day(journal.store, DAY)
        closed_at = report.summary.closed_at
        assert closed_at is not None and at(DAY, 21) < closed_at < at(DAY, 21, 1)
        assert report.summary == replace(day_summary(journal.store, DAY), closed_at=closed_at)
        assert [move.sale.number for move in report.sales] == [sold]

        clock.at(at(DAY, 22))                           # sold after the close: counts tomorrow
        after_close = till.completed("3000.00", "272.73", (pay("3000.00", GOLOMT, "P2P"),))
        clock.at(at(tomorrow, 11))
        till.refund(sold, "11000.00")                   # tomorrow's correction of today's sale
        till.void_receipts(sold)

        again = read_day(journal.store, DAY)
        assert again.summary == report.summary          # the stored numbers, whatever happened since
        assert again.summary.paid == Tally(1, D("11000.00")) and again.summary.given_back == Tally()
        assert [move.sale.number for move in again.sales] == [sold]
        with pytest.raises(DayAlreadyClosed):
            close_day(journal.store, DAY)
        assert read_day(journal.store, DAY).summary == report.summary

        next_day = read_day(journal.store, tomorrow).summary
        assert next_day.since == closed_at and next_day.closed_at is None
        assert next_day.sales_count == 1 and next_day.paid == Tally(1, D("3000.00"))
        assert next_day.given_back_refund == Tally(1, D("11000.00")) and next_day.net == D("-8000.00")
        assert (next_day.receipts_issued, next_day.receipts_voided) == (1, 1)
        assert next_day.receipt_vat == D("272.73") - D("1000.00")
        assert {move.sale.number for move in read_day(journal.store, tomorrow).sales} == {sold, after_close}
        # The calendar day alone (no closes) would have counted the late sale on the day itself.
        assert day_summary(journal.store, DAY).paid == Tally(2, D("14000.00"))
        assert ["since", closed_at.isoformat(), "", ""] in _read(to_csv(next_day))


class RaceClock:
    """The journal's clock for two threads: `pause_in` names a thread whose next reading stops there (`read`
    is set) until the other thread says it goes for the file (`other_goes`): the reading thread holds the write
    lock, so whatever the other asks now comes after it."""

    def __init__(self, start: datetime) -> None:
        self.now = start
        self.pause_in: threading.Thread | None = None
        self.read = threading.Event()
        self.other_goes = threading.Event()

    def __call__(self) -> datetime:
        moment = self.now
        if threading.current_thread() is self.pause_in:
            self.pause_in = None
            self.read.set()
            assert self.other_goes.wait(10)
        return moment


def _in_thread(work: Callable[[], object]) -> tuple[threading.Thread, list[BaseException]]:
    errors: list[BaseException] = []

    def run() -> None:
        try:
            work()
        except BaseException as exc:  # noqa: BLE001 - handed to the test
            errors.append(exc)

    return threading.Thread(target=run, daemon=True), errors


def test_a_step_timed_before_the_close_but_committed_after_it_counts_on_some_day(tmp_path: Path) -> None:
    """Review (issue 16, point 8): the poll worker times a payment 22:59:59.9 and the day is closed at 23:00
    before the payment is committed. The step is timed under the file's write lock and the close reads the day
    under it too, so the close waits for the payment and counts it."""
    clock = RaceClock(datetime(2026, 11, 20, 22, 59, 59, 900000, tzinfo=UB))
    with Journal(tmp_path / "j.sqlite3", "T1", clock=clock) as journal:
        number = DayBuilder(journal).opened("10000.00", "909.09")
        worker, errors = _in_thread(lambda: journal.sales.payments_seen(number, [pay("10000.00", KHAN, "P2P")]))
        clock.pause_in = worker
        worker.start()
        assert clock.read.wait(10)
        clock.now = datetime(2026, 11, 20, 23, 0, tzinfo=UB)
        clock.other_goes.set()
        closed = close_day(journal.store, date(2026, 11, 20)).summary
        worker.join(10)
        assert not worker.is_alive() and not errors
        next_day = read_day(journal.store, date(2026, 11, 21)).summary
    assert closed.closed_at == datetime(2026, 11, 20, 23, 0, tzinfo=UB)
    assert closed.paid == Tally(1, D("10000.00")) and next_day.paid == Tally()


def test_a_step_asked_while_the_day_is_being_closed_waits_and_counts_on_the_next_day(tmp_path: Path) -> None:
    clock = RaceClock(datetime(2026, 11, 20, 22, 59, 59, tzinfo=UB))
    with Journal(tmp_path / "j.sqlite3", "T1", clock=clock) as journal:
        number = DayBuilder(journal).opened("10000.00", "909.09")
        clock.now = datetime(2026, 11, 20, 23, 0, tzinfo=UB)
        closer, errors = _in_thread(lambda: close_day(journal.store, date(2026, 11, 20)))
        clock.pause_in = closer                  # the close holds the write lock while its clock is read
        closer.start()
        assert clock.read.wait(10)
        clock.now = datetime(2026, 11, 20, 23, 0, 0, 1, tzinfo=UB)
        clock.other_goes.set()
        journal.sales.payments_seen(number, [pay("10000.00", KHAN, "P2P")])           # waits for the close
        closer.join(10)
        assert not closer.is_alive() and not errors
        closed = read_day(journal.store, date(2026, 11, 20)).summary
        next_day = read_day(journal.store, date(2026, 11, 21)).summary
        ((paid_at, _, _),) = [event for event in journal.queries.events(number) if event[1] == "payments_seen"]
    assert paid_at > closed.closed_at                                          # type: ignore[operator]
    assert closed.paid == Tally() and next_day.paid == Tally(1, D("10000.00"))


def test_the_stored_report_is_exact_json_and_the_table_refuses_changes(tmp_path: Path) -> None:
    path = tmp_path / "j.sqlite3"
    build_day(path)
    with Journal(path, "T1", clock=SettableClock(at(DAY, 23, 30).replace(tzinfo=UB))) as journal:
        closed = close_day(journal.store, DAY).summary
    assert closed.closed_at == datetime(2026, 11, 21, 23, 30, 1, tzinfo=UB)     # the journal clock's own moment
    db = sqlite3.connect(path)
    try:
        ((terminal, day, closed_at, text),) = db.execute("SELECT terminal, day, closed_at, summary_json"
                                                         " FROM closed_days").fetchall()
        assert (terminal, day, datetime.fromisoformat(closed_at)) == ("T1", "2026-11-21", closed.closed_at)
        record = json.loads(text)
        assert record["receipt_vat"] == "4646.07" and record["paid"] == {"count": 10, "amount": "76500.00"}
        assert record["closed_at"] == closed.closed_at.isoformat()
        for statement in ("UPDATE closed_days SET summary_json = '{}'", "DELETE FROM closed_days"):
            with pytest.raises(sqlite3.DatabaseError, match="never changed"):
                db.execute(statement)
    finally:
        db.close()
    assert ClosedDays(path).get("T1", DAY).summary == closed                      # type: ignore[union-attr]
    assert ClosedDays(path).get("T1", DAY + timedelta(days=1)) is None
    assert ClosedDays(path).get("T2", DAY) is None


def test_a_day_not_begun_cannot_be_closed(tmp_path: Path) -> None:
    with Journal(tmp_path / "j.sqlite3", "T1", clock=SettableClock(at(DAY, 9))) as journal:
        with pytest.raises(JournalError, match="not begun"):
            close_day(journal.store, DAY + timedelta(days=1))
        assert ClosedDays(journal.path).get("T1", DAY + timedelta(days=1)) is None
        yesterday = close_day(journal.store, DAY - timedelta(days=1)).summary      # a day gone by: closed in full
        assert yesterday == replace(DaySummary(DAY - timedelta(days=1), "T1"), closed_at=yesterday.closed_at)
        assert read_day(journal.store, DAY).summary.since is None    # closed after its midnight: today is whole


def test_summary_json_reads_back_every_figure(summary: DaySummary) -> None:
    closed = replace(summary, closed_at=datetime(2026, 11, 21, 22, 0, 1, 5, tzinfo=UB),
                     since=datetime(2026, 11, 20, 21, 0, tzinfo=UB))
    for value in (summary, closed, DaySummary(DAY, "T1")):
        assert summary_from_json(summary_json(value)) == value
    assert {field.name for field in fields(DaySummary)} <= set(json.loads(summary_json(summary)))


@pytest.mark.parametrize("text", [
    "", "[]", '{"format": 2}', '{"format": 1, "paid": {"count": 1, "amount": 7.5}}',
    '{"format": 1, "day": "yesterday"}',
    '{"format": 1, "day": "2026-11-21", "terminal": "T1", "receipt_vat": "x"}', '{"format": 1, "receipt_vat": "NaN"}',
])
def test_a_stored_report_that_cannot_be_read_is_said_so(text: str) -> None:
    with pytest.raises(JournalError, match="cannot be read"):
        summary_from_json(text)


# -- CSV --------------------------------------------------------------------------------------


def _read(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text, newline="")))


def test_summary_csv_reads_back_to_the_same_figures(summary: DaySummary, numbers: dict[str, str]) -> None:
    rows = _read(to_csv(summary))
    assert rows[0] == ["section", "key", "count", "amount"]
    assert rows[1] == ["date", "2026-11-21", "", ""] and rows[2] == ["terminal", "T1", "", ""]
    measures = {(section, key): (count, amount) for section, key, count, amount in rows[3:]}
    assert len(measures) == len(rows) - 3, "one row per measure"

    def tally(section: str, key: str) -> Tally:
        count, amount = measures[section, key]
        return Tally(int(count), Decimal(amount))

    assert measures["day", "sales_begun"] == ("15", "")
    assert tally("paid", "sales") == summary.paid
    assert measures["paid", "overpaid"] == ("", "0.00")
    assert Decimal(measures["paid", "vat"][1]) == D("5191.52")
    assert Decimal(measures["paid", "city_tax"][1]) == D("214.30")
    assert tally("paid", "given_back") == summary.given_back
    assert measures["paid", "net"] == ("", "57500.00")
    assert measures["receipts", "issued"] == ("9", "") and measures["receipts", "voided"] == ("2", "")
    assert measures["with_receipt", "vat"] == ("", "4646.07")
    assert measures["with_receipt", "city_tax"] == ("", "214.30")
    assert tally("without_receipt", "sales") == Tally(2, D("6000.00"))
    assert measures["without_receipt", "vat"] == ("", "545.45")
    assert measures["without_receipt", "city_tax"] == ("", "0.00")
    assert tally("bank", KHAN) == Tally(7, D("48500.00"))
    assert tally("bank", GOLOMT) == Tally(3, D("19000.00"))
    assert tally("bank", "Unknown") == Tally(1, D("9000.00"))
    assert tally("payment_type", "CARD") == Tally(6, D("56000.00"))
    assert tally("payment_type", "P2P") == Tally(4, D("19000.00"))
    assert tally("payment_type", "Unknown") == Tally(1, D("1500.00"))
    assert tally("not_paid", "cancelled") == summary.cancelled
    assert tally("not_paid", "expired") == summary.expired
    assert tally("not_paid", "failed") == summary.failed
    assert tally("given_back", "cancel") == summary.given_back_cancel
    assert tally("given_back", "refund") == summary.given_back_refund
    assert measures["attention", "reversals_pending"] == ("1", "")
    assert measures["attention", "reversals_failed"] == ("1", "")
    assert measures["attention", "receipt_voids_pending"] == ("1", "")
    assert tally("attention", "unfinished") == summary.unfinished
    assert tally("attention", "owes_receipt") == Tally(2, D("6000.00"))
    assert measures["owes_receipt", numbers["paid_no_receipt"]] == ("", "3500.00")
    assert measures["owes_receipt", numbers["receipt_voided"]] == ("", "2500.00")
    assert ("closed_at" not in {row[0] for row in rows}) and ("since" not in {row[0] for row in rows})
    for _section, _key, _count, amount in rows[3:]:
        assert "₮" not in amount and "," not in amount and " " not in amount
    closed = replace(summary, closed_at=datetime(2026, 11, 21, 22, 0, tzinfo=UB))
    assert _read(to_csv(closed))[3] == ["closed_at", "2026-11-21T22:00:00+08:00", "", ""]


def test_sales_csv_lists_what_each_sale_did_that_day(journal: Journal, numbers: dict[str, str]) -> None:
    report = load_day(journal.queries, DAY)
    rows = _read(sales_csv(report.sales))
    header, body = rows[0], rows[1:]
    assert header == ["number", "time", "status", "total", "paid", "vat", "city_tax", "bank", "payment_type",
                      "receipt_id", "lottery", "receipt_status", "reversal_kind", "reversal_status",
                      "reversed_amount", "reversal_reason", "day_paid", "day_given_back", "day_receipts_issued",
                      "day_receipts_voided", "day_receipt_vat", "day_receipt_city_tax", "day_without_receipt",
                      "day_no_receipt_vat", "day_no_receipt_city_tax"]
    assert len(body) == 15 and all(len(row) == len(header) for row in body)
    by_number = {row[0]: dict(zip(header, row, strict=True)) for row in body}
    assert [row[0] for row in body] == sorted(by_number)          # oldest first

    organization = by_number[numbers["organization"]]
    assert organization["time"].startswith("2026-11-21 09:")
    assert (organization["status"], organization["total"], organization["vat"], organization["city_tax"]) == (
        "completed", "22000.00", "1964.28", "214.30")
    assert organization["bank"] == f"{GOLOMT}, {KHAN}" and organization["payment_type"] == "CARD"
    assert organization["receipt_id"].count("rcpt-") == 2 and organization["receipt_status"] == "issued"
    assert (organization["day_paid"], organization["day_receipts_issued"], organization["day_receipt_vat"]) == (
        "22000.00", "2", "1964.28")

    refunded = by_number[numbers["refunded"]]
    assert (refunded["vat"], refunded["receipt_status"], refunded["reversal_kind"], refunded["reversal_status"],
            refunded["reversed_amount"], refunded["reversal_reason"]) == (
        "1363.64", "cancelled", "refund", "done", "15000.00", "customer returned the goods")
    assert (refunded["day_paid"], refunded["day_given_back"], refunded["day_receipts_issued"],
            refunded["day_receipts_voided"], refunded["day_receipt_vat"], refunded["day_without_receipt"]) == (
        "15000.00", "15000.00", "1", "1", "0.00", "")
    voided = by_number[numbers["receipt_voided"]]
    assert (voided["day_without_receipt"], voided["day_no_receipt_vat"]) == ("1", "227.27")

    cancelled = by_number[numbers["cancelled"]]
    assert (cancelled["status"], cancelled["paid"], cancelled["bank"], cancelled["receipt_id"],
            cancelled["day_paid"]) == ("cancelled", "", "", "", "")
    assert by_number[numbers["unknown_type"]]["payment_type"] == "Unknown"
    assert by_number[numbers["reversal_failed"]]["bank"] == ""
    # The reason typed at the till is defused: a spreadsheet shows it as text.
    assert by_number[numbers["reversal_pending"]]["reversal_reason"] == "'=HYPERLINK(\"http://evil\")"
    _columns_add_up(by_number.values(), report.summary)


def _columns_add_up(rows: object, summary: DaySummary) -> None:
    rows = list(rows)  # type: ignore[call-overload]

    def total(column: str) -> Decimal:
        return sum((Decimal(row[column]) for row in rows if row[column]), Decimal(0))

    assert total("day_paid") == summary.paid.amount
    assert total("day_given_back") == summary.given_back.amount
    assert total("day_receipts_issued") == summary.receipts_issued
    assert total("day_receipts_voided") == summary.receipts_voided
    assert total("day_receipt_vat") == summary.receipt_vat
    assert total("day_receipt_city_tax") == summary.receipt_city_tax
    assert total("day_no_receipt_vat") == summary.no_receipt_vat
    assert total("day_no_receipt_city_tax") == summary.no_receipt_city_tax
    assert sum(int(row["day_without_receipt"] or 0) for row in rows) == summary.without_receipt.count


@pytest.mark.parametrize(("cell", "written"), [
    ("=1+2", "'=1+2"),
    ("+cmd|' /C calc'!A0", "'+cmd|' /C calc'!A0"),
    ("-2+3", "'-2+3"),
    ("@SUM(A1:A2)", "'@SUM(A1:A2)"),
    ("  =1+2", "'  =1+2"),
    ("\t=1", "'\t=1"),
    ("\r=1", "'\r=1"),
    ("-", "'-"),
    ("-500.00", "-500.00"),
    ("+500", "+500"),
    ("-7", "-7"),
    ("12500.00", "12500.00"),
    (KHAN, KHAN),
    ("a=b", "a=b"),
    ("", ""),
])
def test_cells_a_spreadsheet_would_run_get_an_apostrophe(cell: str, written: str) -> None:
    assert safe_cell(cell) == written


def test_bank_names_that_look_like_formulas_are_defused_in_both_files() -> None:
    sale = _sale(S.COMPLETED, D("500.00"), bank="=cmd()", kind="@P2P")
    summary = summarize([sale], DAY, "T1")
    summary_rows = _read(to_csv(summary))
    assert ["bank", "'=cmd()", "1", "500.00"] in summary_rows
    assert ["payment_type", "'@P2P", "1", "500.00"] in summary_rows
    sales_row = dict(zip(*_read(sales_csv([sale])), strict=True))
    assert sales_row["bank"] == "'=cmd()" and sales_row["payment_type"] == "'@P2P"


def test_a_negative_net_is_written_as_a_plain_number() -> None:
    # Given back more than was paid that day (a refund of an earlier day's sale, or a file that lies).
    sale = _sale(S.COMPLETED, D("500.00"), reversal=(ReversalKind.REFUND, ReversalStatus.DONE, D("800.00")))
    rows = _read(to_csv(summarize([sale], DAY, "T1")))
    assert ["paid", "net", "", "-300.00"] in rows


@pytest.mark.parametrize(("amount", "text"), [
    (D("7500"), "7500.00"), (D("7500.5"), "7500.50"), (D("0.125"), "0.125"), (D("1E+3"), "1000.00"),
    (D("0"), "0.00"), (D("-500"), "-500.00"), (D("12345678901234.99"), "12345678901234.99"),
])
def test_money_text_is_exact_and_plain(amount: Decimal, text: str) -> None:
    assert money_text(amount) == text
    assert Decimal(text) == amount


def test_money_text_refuses_floats() -> None:
    with pytest.raises(TypeError):
        money_text(7500.0)  # type: ignore[arg-type]


# -- writing the files ---------------------------------------------------------------------


def test_save_csv_writes_both_files_as_utf8_with_the_bank_names(journal: Journal, tmp_path: Path) -> None:
    summary, sales = (report := load_day(journal.queries, DAY)).summary, report.sales
    target = tmp_path / "out" / "pos-app-T1-2026-11-21.csv"
    target.parent.mkdir()
    written = save_csv(target, summary, sales)
    assert written == (target, tmp_path / "out" / "pos-app-T1-2026-11-21-sales.csv")
    assert target.read_bytes().startswith("\ufeff".encode())          # spreadsheets then read it as UTF-8
    assert target.read_bytes().decode(CSV_ENCODING) == to_csv(summary)
    assert written[1].read_bytes().decode(CSV_ENCODING) == sales_csv(sales)
    assert KHAN in target.read_text(encoding="utf-8")
    assert sorted(os.listdir(target.parent)) == sorted(path.name for path in written)   # no temporary left


def test_save_csv_into_a_missing_folder_fails_and_leaves_nothing(journal: Journal, tmp_path: Path) -> None:
    report = load_day(journal.queries, DAY)
    with pytest.raises(FileNotFoundError):
        save_csv(tmp_path / "missing" / "day.csv", report.summary, report.sales)
    assert not (tmp_path / "missing").exists()


def test_a_failed_save_keeps_the_earlier_export(journal: Journal, tmp_path: Path) -> None:
    report = load_day(journal.queries, DAY)
    target = tmp_path / "day.csv"
    save_csv(target, report.summary, report.sales)
    before = (target.read_bytes(), sales_csv_path(target).read_bytes())
    os.chmod(tmp_path, 0o500)
    try:
        if os.access(tmp_path, os.W_OK):
            pytest.skip("running as a user who may write anywhere")
        with pytest.raises(PermissionError):
            save_csv(target, summarize([], DAY, "T1"), ())
    finally:
        os.chmod(tmp_path, 0o700)
    assert (target.read_bytes(), sales_csv_path(target).read_bytes()) == before
    assert not [name for name in os.listdir(tmp_path) if name.endswith(".tmp")]


def test_a_file_that_cannot_be_replaced_keeps_both_earlier_files(journal: Journal, tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    report = load_day(journal.queries, DAY)
    target = tmp_path / "day.csv"
    save_csv(target, report.summary, report.sales)
    before = (target.read_bytes(), sales_csv_path(target).read_bytes())

    def locked(source: str, destination: str) -> None:   # as Windows does while a spreadsheet has the file open
        raise PermissionError(13, "The file is open in another program", str(destination))

    monkeypatch.setattr("pos_app.journal.day_csv.os.replace", locked)
    with pytest.raises(PermissionError):
        save_csv(target, summarize([], DAY, "T1"), ())
    assert (target.read_bytes(), sales_csv_path(target).read_bytes()) == before
    assert not [name for name in os.listdir(tmp_path) if name.endswith(".tmp")]


@pytest.mark.parametrize(("chosen", "sales_name"), [
    ("day.csv", "day-sales.csv"), ("day.CSV", "day-sales.CSV"), ("report", "report-sales.csv"),
])
def test_the_sales_file_sits_next_to_the_summary(tmp_path: Path, chosen: str, sales_name: str) -> None:
    assert sales_csv_path(tmp_path / chosen) == tmp_path / sales_name


# -- any day, summed the long way ------------------------------------------------------------

_amounts = st.decimals(min_value=Decimal("0.01"), max_value=Decimal("999999999.99"), places=2,
                       allow_nan=False, allow_infinity=False)


def _sale(status: JournalStatus, total: Decimal, *, bank: str = KHAN, kind: str = "CARD",
          reversal: tuple[ReversalKind, ReversalStatus, Decimal] | None = None, terminal: str = "T1",
          created_at: datetime = datetime(2026, 11, 21, 12, 0), number: str = "T1-20261121-000001",
          receipts: tuple[tuple[str, ReceiptStatus, datetime, datetime], ...] = (),
          paid: Decimal | None = None, vat: Decimal = Decimal("0.00")) -> JournalSale:
    """A sale as the journal would read it; `receipts`: (VAT, status, issued at, changed at) each."""
    payments = (PaymentSeen("pay", paid or total, bank, kind),) if status in PAID_STATUSES else ()
    kind_, reversal_status, reversed_amount = reversal or (None, None, Decimal(0))
    rows = tuple(JournalReceipt(IssuedReceipt(f"rcpt-{number}-{index}", "LT 1", "qr", total, D(vat), D("0.00"),
                                              payment_id="pay"), status, issued_at, changed_at)
                 for index, (vat, status, issued_at, changed_at) in enumerate(receipts))
    return JournalSale(
        number=number, terminal=terminal, status=status, created_at=created_at, lines=_lines(total), total=total,
        taxes=TaxSplit(vat, Decimal("0.00")), payments=payments, receipts=rows,
        receipt_status=(ReceiptStatus.ISSUED if any(row.is_valid for row in rows) else ReceiptStatus.CANCELLED)
        if rows else None,
        reversal_kind=kind_, reversal_status=reversal_status,
        reversed_amount=reversed_amount if reversal_status is ReversalStatus.DONE else Decimal(0))


_START = datetime(2026, 11, 20, 0, 0)
_DAYS = [DAY - timedelta(days=1) + timedelta(days=offset) for offset in range(7)]     # every step falls in these


@st.composite
def _histories(draw: st.DrawFn) -> tuple[list[JournalSale], dict[str, list]]:
    """Random sales, each with a step log spread over a few days (paid, given back, receipts later)."""
    sales, events = [], {}
    minutes = st.integers(min_value=0, max_value=36 * 60)
    for index in range(draw(st.integers(min_value=0, max_value=15))):
        number = f"T1-20261121-{index + 1:06d}"
        status = draw(st.sampled_from(list(JournalStatus)))
        total = draw(_amounts)
        begun = _START + timedelta(minutes=draw(minutes))
        paid_at = begun + timedelta(minutes=draw(minutes))
        steps = [(begun, "sale_begun", {})]
        reversal = None
        receipts: list[tuple[str, ReceiptStatus, datetime, datetime]] = []
        paid = total + draw(st.sampled_from([D("0"), D("0"), D("0.50")]))
        if status in PAID_STATUSES:
            steps.append((paid_at, "payments_seen", {}))
            later = paid_at + timedelta(minutes=draw(minutes))
            if status is S.COMPLETED:
                issued = paid_at + timedelta(minutes=draw(minutes))
                voided = draw(st.booleans())
                receipts.append((str(draw(st.decimals(min_value=0, max_value=total, places=2))),
                                 ReceiptStatus.CANCELLED if voided else ReceiptStatus.ISSUED,
                                 issued, issued + timedelta(minutes=draw(minutes)) if voided else issued))
            if status in (S.PAID, S.COMPLETED) and draw(st.booleans()):
                reversal = (draw(st.sampled_from(list(ReversalKind))), draw(st.sampled_from(list(ReversalStatus))),
                            draw(st.decimals(min_value=Decimal("0.01"), max_value=total, places=2)))
                steps.append((later, "reversal_started", {}))
                if reversal[1] is ReversalStatus.DONE:
                    steps.append((later, "reversal_done", {"amount": str(reversal[2])}))
                elif reversal[1] is ReversalStatus.FAILED:
                    steps.append((later, "reversal_failed", {}))
        elif status in (S.CANCELLED, S.EXPIRED, S.FAILED):
            steps.append((paid_at, {S.CANCELLED: "invoice_cancelled", S.EXPIRED: "expired",
                                    S.FAILED: "invoice_failed"}[status], {}))
        sales.append(_sale(status, total, reversal=reversal, number=number, created_at=begun, paid=paid,
                           bank=draw(st.sampled_from([KHAN, GOLOMT, ""])),
                           kind=draw(st.sampled_from(["CARD", "P2P", ""])),
                           terminal=draw(st.sampled_from(["T1", "T1", "T1", "T2"])), receipts=tuple(receipts),
                           vat=draw(st.decimals(min_value=0, max_value=total, places=2))))
        events[number] = steps
    return sales, events


def _money_values(summary: DaySummary) -> list[object]:
    values: list[object] = [summary.vat, summary.city_tax, summary.net]

    def walk(value: object) -> None:
        if isinstance(value, (Tally, Decimal)):
            values.append(value.amount if isinstance(value, Tally) else value)
        elif isinstance(value, tuple):
            for item in value:
                walk(item)
        elif is_dataclass(value):
            for field in fields(value):
                walk(getattr(value, field.name))

    walk(summary)
    return values


@settings(max_examples=120, deadline=None)
@given(_histories())
def test_every_movement_counts_on_exactly_one_day(history: tuple[list[JournalSale], dict[str, list]]) -> None:
    sales, events = history
    mine = [sale for sale in sales if sale.terminal == "T1"]
    days = [summarize(sales, day, "T1", events) for day in _DAYS]
    paid = [sale for sale in mine if sale.status in PAID_STATUSES]
    done = [sale for sale in mine if sale.reversal_status is ReversalStatus.DONE]
    assert sum(day.sales_count for day in days) == len(mine)
    assert sum(day.paid.count for day in days) == len(paid)
    assert sum((day.paid.amount for day in days), D("0")) == sum((sale.paid_amount for sale in paid), D("0"))
    assert sum((day.overpaid for day in days), D("0")) == sum((sale.paid_amount - sale.total for sale in paid),
                                                              D("0"))
    assert sum((day.given_back.amount for day in days), D("0")) == sum((sale.reversed_amount for sale in done),
                                                                       D("0"))
    # Issued minus voided, day by day, leaves what ebarimt holds now.
    valid_vat = sum((row.receipt.vat for sale in mine for row in sale.valid_receipts), D("0"))
    assert sum((day.receipt_vat for day in days), D("0")) == valid_vat
    assert sum(day.receipts_issued for day in days) == sum(len(sale.receipts) for sale in mine)
    # VAT over the days: what ebarimt holds plus each sale kept without a valid receipt, once (its cart split).
    unreceipted = [sale for sale in mine if sale.money_kept and not sale.valid_receipts]
    assert sum((day.no_receipt_vat for day in days), D("0")) == sum((sale.taxes.vat for sale in unreceipted), D("0"))
    assert sum((day.vat for day in days), D("0")) == valid_vat + sum((sale.taxes.vat for sale in unreceipted), D("0"))
    assert sum((day.without_receipt for day in days), Tally()) == Tally(
        len(unreceipted), sum((sale.paid_amount for sale in unreceipted), D("0")))
    for day, summary in zip(_DAYS, days, strict=True):
        assert sum((tally.amount for _bank, tally in summary.by_bank), D("0")) == summary.paid.amount
        assert sum((tally.amount for _kind, tally in summary.by_payment_type), D("0")) == summary.paid.amount
        assert summary.net == summary.paid.amount - summary.given_back.amount
        assert all(type(value) is Decimal for value in _money_values(summary)), "never a float"
        assert summary_from_json(summary_json(summary)) == summary
        rows = {(row[0], row[1]): row[2:] for row in _read(to_csv(summary))[3:]}
        assert Decimal(rows["paid", "sales"][1]) == summary.paid.amount
        assert Decimal(rows["paid", "net"][1]) == summary.net
        moves = day_moves(sales, day, "T1", events)
        sales_rows = _read(sales_csv(moves))
        _columns_add_up([dict(zip(sales_rows[0], row, strict=True)) for row in sales_rows[1:]], summary)


@settings(max_examples=60, deadline=None)
@given(_histories(), st.integers(min_value=0, max_value=23 * 60))
def test_a_close_splits_its_day_without_losing_or_repeating_a_step(
        history: tuple[list[JournalSale], dict[str, list]], minute: int) -> None:
    sales, events = history
    close = datetime.combine(DAY, datetime.min.time()) + timedelta(minutes=minute)
    before = summarize(sales, DAY, "T1", events, until=close, closed_at=close)
    after = summarize(sales, DAY + timedelta(days=1), "T1", events, since=close)
    whole = [summarize(sales, day, "T1", events) for day in (DAY, DAY + timedelta(days=1))]
    assert before.paid + after.paid == whole[0].paid + whole[1].paid
    assert before.given_back + after.given_back == whole[0].given_back + whole[1].given_back
    assert before.receipt_vat + after.receipt_vat == whole[0].receipt_vat + whole[1].receipt_vat
    assert before.no_receipt_vat + after.no_receipt_vat == whole[0].no_receipt_vat + whole[1].no_receipt_vat
    assert before.without_receipt + after.without_receipt == whole[0].without_receipt + whole[1].without_receipt
    assert before.sales_count + after.sales_count == whole[0].sales_count + whole[1].sales_count
    assert after.since == close and before.closed_at == close


def test_migration_4_adds_the_closed_days_to_an_older_file(tmp_path: Path) -> None:
    from pos_app.journal import schema

    path = tmp_path / "old.sqlite3"
    db = sqlite3.connect(path, isolation_level=None)
    try:
        db.execute("BEGIN")
        for number, migration in enumerate(schema.MIGRATIONS[:3], start=1):   # a file as version 3 left it
            migration(db)
            db.execute(f"PRAGMA user_version = {number:d}")
        db.execute("COMMIT")
    finally:
        db.close()
    assert schema.MIGRATIONS[3].__name__ == "_add_closed_days" and schema.LATEST_VERSION >= 4
    with Journal(path, "T1", clock=SettableClock(at(DAY, 21))) as journal:
        assert journal.pragma("user_version") == schema.LATEST_VERSION
        closed = close_day(journal.store, DAY).summary
        assert read_day(journal.store, DAY).summary == closed == replace(DaySummary(DAY, "T1"),
                                                                         closed_at=closed.closed_at)
