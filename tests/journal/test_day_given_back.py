"""Money given back, in the day close and the shift, on a real journal file (issue 31, points 6 and 10).

Each step counts what it itself gave back, on the day (and in the shift) it happened: a give-back refused
half-way and finished later counts each payment once, also in a journal an older till wrote (its last step
logged the give-back's running total). And the day shows what each tender brought in and gave back: cash,
the card terminal, QPay by card and by bank transfer, each with its net; the totals stay the sums.
"""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing
from dataclasses import replace
from datetime import datetime, timedelta
from decimal import Decimal
from pathlib import Path

from pos_app.domain.cart import CartLine
from pos_app.domain.sale import PaymentSeen, ReceiptVia
from pos_app.domain.shift import Tally as ShiftTally
from pos_app.domain.taxes import TaxSplit
from pos_app.domain.tenders import CardTender, CashTender, TenderKind
from pos_app.journal.closed_days import summary_from_json, summary_json
from pos_app.journal.day_combine import combine
from pos_app.journal.day_csv import to_csv
from pos_app.journal.day_summary import DaySummary, Tally, TenderDay, load_day, summarize
from pos_app.journal.journal import Journal, ReversalKind
from pos_app.journal.records import time_text
from pos_app.journal.shifts import close_shift, open_shift, shift_x_report
from tests.journal.test_day_summary import (
    DAY,
    GOLOMT,
    KHAN,
    UB,
    DayBuilder,
    SettableClock,
    _columns_add_up,
    _read,
    _sales_rows,
    at,
    pay,
)

D = Decimal
NEXT_DAY = DAY + timedelta(days=1)
FIRST, SECOND = PaymentSeen("p-2000", D("2000.00"), KHAN, "CARD"), PaymentSeen("p-5000", D("5000.00"), GOLOMT, "CARD")


def _moment(day: object, hour: int) -> datetime:
    return at(day, hour).replace(tzinfo=UB)     # type: ignore[arg-type]


def refused_half_way(journal: Journal, payments: tuple[PaymentSeen, PaymentSeen] = (FIRST, SECOND)) -> str:
    """A 7,000 sale paid by two card payments (2,000 + 5,000), its give-back refused after the first went back."""
    till = DayBuilder(journal)
    number = till.completed("7000.00", "636.36", payments, receipt_vats=("181.82", "454.54"))
    journal.reversals.started(number, ReversalKind.CANCEL, "customer returned it")
    journal.remainders.reversal_partly_done(number, payments[:1], "refused: PAYMENT_SETTLED")
    return number


def as_an_older_till_finished_it(path: Path, number: str, moment: datetime) -> None:
    """The give-back's last step as a till wrote it before issue 31: the give-back's running total (7,000) as
    the step's amount, nothing else. The log is append-only, so such a step stays in the file for good."""
    with closing(sqlite3.connect(path)) as db, db:
        db.execute("UPDATE sales SET reversal_status = 'done', reversed_amount = '7000.00', failure = '',"
                   " updated_at = ? WHERE number = ?", (time_text(moment), number))
        db.execute("INSERT INTO events (number, at, kind, detail_json) VALUES (?, ?, 'reversal_done', ?)",
                   (number, time_text(moment), json.dumps({"status": "completed", "amount": "7000.00"})))


def test_a_give_back_finished_after_a_refusal_counts_each_payment_once_on_its_day(tmp_path: Path) -> None:
    """Issue 31, point 6: the first payment went back on the day, the second was refused and given back the next
    day. Each day counts what went back on it (2,000, then 5,000: not 7,000 on the second), and so does each
    shift; the sale keeps what went back in all."""
    clock = SettableClock(_moment(DAY, 9))
    with Journal(tmp_path / "j.sqlite3", "T1", clock=clock) as journal:
        open_shift(journal.store, D(0))
        number = refused_half_way(journal)
        first_shift = close_shift(journal.store, D(0))
        clock.at(_moment(NEXT_DAY, 10))
        open_shift(journal.store, D(0))
        journal.reversals.started(number, ReversalKind.CANCEL, "customer returned it")
        journal.reversals.done(number, D("5000.00"))                 # what this give-back returned: the rest
        sale = journal.queries.get(number)
        later_shift = shift_x_report(journal.store)
        first, second = load_day(journal.queries, DAY), load_day(journal.queries, NEXT_DAY)
    assert sale.reversed_amount == D("7000.00") and sale.payments_given_back == (FIRST, SECOND)
    assert first.summary.given_back == Tally(1, D("2000.00")) and first.summary.net == D("5000.00")
    assert second.summary.given_back == Tally(1, D("5000.00")) and second.summary.net == D("-5000.00")
    assert second.summary.given_back_cancel == Tally(1, D("5000.00"))
    assert first.summary.given_back_by_type == (("CARD", Tally(1, D("2000.00"))),)
    assert second.summary.given_back_by_type == (("CARD", Tally(1, D("5000.00"))),)
    assert first_shift.close is not None
    assert first_shift.close.report.figures(TenderKind.QPAY).refunded == ShiftTally(1, D("2000.00"))
    assert later_shift.figures(TenderKind.QPAY).refunded == ShiftTally(1, D("5000.00"))
    for report in (first, second):
        _columns_add_up(_sales_rows(report), report.summary)


def test_an_older_journal_whose_last_step_logged_the_running_total_is_read_right(tmp_path: Path) -> None:
    """Issue 31, point 6, in a journal written before the fix: its `reversal_done` logged 7,000 (2,000 given
    back before + 5,000 now). The day close read 9,000 given back, net -2,000; it reads the step's own part."""
    path = tmp_path / "j.sqlite3"
    clock = SettableClock(_moment(DAY, 9))
    with Journal(path, "T1", clock=clock) as journal:
        open_shift(journal.store, D(0))
        number = refused_half_way(journal)
        first_shift = close_shift(journal.store, D(0))
        open_shift(journal.store, D(0))
        same_day = _moment(DAY, 15)
        as_an_older_till_finished_it(path, number, same_day)
        clock.at(same_day)
        later_shift = shift_x_report(journal.store)
        report = load_day(journal.queries, DAY)
        events = {number: journal.queries.events(number)}
        sale = journal.queries.get(number)
    summary = report.summary
    assert summary.paid == Tally(1, D("7000.00"))
    assert summary.given_back == Tally(1, D("7000.00")) and summary.net == 0
    assert summary.given_back_by_type == (("CARD", Tally(2, D("7000.00"))),)
    _columns_add_up(_sales_rows(report), summary)
    assert first_shift.close is not None
    assert first_shift.close.report.figures(TenderKind.QPAY).refunded == ShiftTally(1, D("2000.00"))
    assert later_shift.figures(TenderKind.QPAY).refunded == ShiftTally(1, D("5000.00"))
    # The store rebuilds the day from the shipped steps with the same `summarize`: the last step a day later.
    later = {number: [(moment + timedelta(days=1) if kind == "reversal_done" else moment, kind, detail)
                      for moment, kind, detail in events[number]]}
    assert summarize([sale], DAY, "T1", later).given_back == Tally(1, D("2000.00"))
    assert summarize([sale], NEXT_DAY, "T1", later).given_back == Tally(1, D("5000.00"))


def _counter_sale(journal: Journal, total: str, tender: CashTender | CardTender) -> str:
    amount = D(total)
    return journal.tenders.begin((CartLine("Талх", D(1), amount),), amount, TaxSplit(D(0), D(0)), tender,
                                 ReceiptVia.NONE)


def test_a_part_given_back_half_way_and_the_counters_returns_count_each_step_once(tmp_path: Path) -> None:
    """The part-paid give-back logs each step's own part (refused half-way, then the rest), and tenders handed
    back or refunded what went back from the counter: nothing is counted twice."""
    with Journal(tmp_path / "j.sqlite3", "T1", clock=SettableClock(at(DAY, 9))) as journal:
        till = DayBuilder(journal)
        part = till.opened("10000.00", "909.09")
        two = (pay("1000.00", KHAN, "CARD"), pay("3000.00", GOLOMT, "CARD"))
        journal.remainders.part_reversal_started(part, two, "customer left")
        journal.remainders.part_reversal_failed(part, "refused: PAYMENT_SETTLED", given_back=two[:1])
        journal.remainders.part_reversal_started(part, two[1:], "customer left")
        journal.remainders.part_reversal_done(part, D("3000.00"), two[1:])
        cash = _counter_sale(journal, "2500.00", CashTender(D("2500.00"), D("3000.00")))
        journal.tenders.refunded(cash, "returned")
        handed = _counter_sale(journal, "8000.00", CardTender(D("3000.00"), "AB1234"))
        journal.tenders.handed_back(handed, "customer left")
        report = load_day(journal.queries, DAY)
    summary = report.summary
    assert summary.given_back == Tally(3, D("9500.00"))
    assert summary.given_back_cancel == Tally(2, D("7000.00")) and summary.given_back_refund == Tally(1, D("2500.00"))
    assert summary.given_back_by_type == (("CARD", Tally(2, D("4000.00"))), ("TERMINAL", Tally(1, D("3000.00"))),
                                          ("CASH", Tally(1, D("2500.00"))))
    _columns_add_up(_sales_rows(report), summary)


def tender_day(path: Path) -> DaySummary:
    """A day of every tender: cash and the card terminal (one of each returned), QPay by card (one given back)
    and by bank transfer."""
    with Journal(path, "T1", clock=SettableClock(at(DAY, 9))) as journal:
        till = DayBuilder(journal)
        kept_cash = _counter_sale(journal, "4000.00", CashTender(D("4000.00"), D("5000.00")))
        returned_cash = _counter_sale(journal, "1500.00", CashTender(D("1500.00"), D("1500.00")))
        journal.tenders.refunded(returned_cash, "returned")
        _counter_sale(journal, "6000.00", CardTender(D("6000.00"), "AB1234"))
        returned_card = _counter_sale(journal, "2000.00", CardTender(D("2000.00"), "CD5678"))
        journal.tenders.refunded(returned_card, "returned")
        till.completed("10000.00", "909.09", (pay("10000.00", KHAN, "CARD"),))
        till.refund(till.completed("3000.00", "272.73", (pay("3000.00", GOLOMT, "CARD"),)), "3000.00",
                    ReversalKind.CANCEL)
        till.completed("7000.00", "636.36", (pay("7000.00", KHAN, "P2P"),))
        assert kept_cash
        return load_day(journal.queries, DAY).summary


def test_the_day_shows_what_each_tender_brought_in_and_gave_back(tmp_path: Path) -> None:
    """Issue 31, point 10: cash returned is cash given back (not a card refund); each tender has its paid,
    given back and net, in the till's order, and they add up to the day's."""
    summary = tender_day(tmp_path / "j.sqlite3")
    assert summary.by_tender == (
        TenderDay("CASH", Tally(2, D("5500.00")), Tally(1, D("1500.00"))),
        TenderDay("TERMINAL", Tally(2, D("8000.00")), Tally(1, D("2000.00"))),
        TenderDay("CARD", Tally(2, D("13000.00")), Tally(1, D("3000.00"))),
        TenderDay("P2P", Tally(1, D("7000.00")), Tally()))
    assert [tender.net for tender in summary.by_tender] == [D("4000.00"), D("6000.00"), D("10000.00"), D("7000.00")]
    assert sum((tender.paid.amount for tender in summary.by_tender), D(0)) == summary.paid.amount
    assert sum((tender.given_back.amount for tender in summary.by_tender), D(0)) == summary.given_back.amount
    assert sum((tender.net for tender in summary.by_tender), D(0)) == summary.net == D("27000.00")
    # How it went back: the counter's returns are refunds, the QPay card payment was cancelled.
    assert summary.given_back_refund == Tally(2, D("3500.00")) and summary.given_back_cancel == Tally(1, D("3000.00"))
    assert summary_from_json(summary_json(summary)) == summary
    shop = combine([summary, replace(summary, terminal="T2")], terminal="shop")
    assert shop.by_tender[0] == TenderDay("CASH", Tally(4, D("11000.00")), Tally(2, D("3000.00")))


def test_a_z_report_stored_before_the_split_still_adds_up_by_tender(tmp_path: Path) -> None:
    """A day closed before issue 31 has no money given back by type: it is shown as of an unknown type."""
    summary = tender_day(tmp_path / "j.sqlite3")
    record = json.loads(summary_json(summary))
    del record["given_back_by_type"]
    stored = summary_from_json(json.dumps(record))
    assert stored.given_back == summary.given_back and stored.given_back_by_type == ()
    assert stored.by_tender[-1] == TenderDay("", Tally(), Tally(3, D("6500.00")))
    assert sum((tender.net for tender in stored.by_tender), D(0)) == stored.net


def test_the_summary_csv_has_each_tenders_given_back_and_net(tmp_path: Path) -> None:
    rows = {(section, key): (count, amount) for section, key, count, amount in _read(to_csv(
        tender_day(tmp_path / "j.sqlite3")))[3:]}
    assert rows["payment_type", "CASH"] == ("2", "5500.00")
    assert rows["given_back_type", "CASH"] == ("1", "1500.00") and rows["net_type", "CASH"] == ("", "4000.00")
    assert rows["given_back_type", "TERMINAL"] == ("1", "2000.00") and rows["net_type", "TERMINAL"] == ("", "6000.00")
    assert rows["given_back_type", "CARD"] == ("1", "3000.00") and rows["net_type", "P2P"] == ("", "7000.00")
    assert ("given_back_type", "P2P") not in rows
