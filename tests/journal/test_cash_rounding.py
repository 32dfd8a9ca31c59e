"""Cash is whole tögrög in the journal (issue 31, point 8): a cash tender's rounding kept with it (migration 11), the
drawer's expected cash counting it (so a perfect count of a weighed sale balances), a return giving the whole cash
back, and the day close and the shift's reports showing the rounding apart from the sales' exact money."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from datetime import datetime, timedelta
from decimal import Decimal
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from pos_app.domain.cart import CartLine
from pos_app.domain.sale import ReceiptVia
from pos_app.domain.taxes import TaxSplit
from pos_app.domain.tenders import CashTender, Tendering
from pos_app.journal import Journal, JournalError
from pos_app.journal.day_csv import to_csv
from pos_app.journal.day_summary import day_summary
from pos_app.journal.shift_json import report_from_record, report_record, shift_csv
from pos_app.journal.shifts import close_shift, open_shift, shift_x_report

from .conftest import rewind, version_before

UB = ZoneInfo("Asia/Ulaanbaatar")
# A weighed line: 1.234 kg at 7,720.29 ₮ makes 9,526.84 ₮ (the total).
LINES = (CartLine("Үхрийн мах", Decimal("1.234"), Decimal("7720.29")),)
WEIGHED = Decimal("9526.84")
TAXES = TaxSplit(Decimal("850.61"), Decimal("170.12"))
FLOAT = Decimal(50000)


class Clock:
    """The shop's wall time, aware; a second further at every reading (`jump` moves it on)."""

    def __init__(self) -> None:
        self.now = datetime(2026, 11, 26, 9, 0, tzinfo=UB)

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def journal(tmp_path: Path, clock: Clock) -> Iterator[Journal]:
    with Journal(tmp_path / "journal.sqlite3", "T1", clock=clock) as opened:
        yield opened


def sell(journal: Journal, given: str, step: Decimal = Decimal(1)) -> str:
    tender = Tendering(WEIGHED).cash_tender(given, step)
    return journal.tenders.begin(LINES, WEIGHED, TAXES, tender, ReceiptVia.NONE)


def test_a_rounded_cash_tender_is_kept_with_its_rounding_and_the_day_shows_it_apart(journal: Journal) -> None:
    number = sell(journal, "10000")
    [row] = journal.queries.get(number).tenders
    assert row.tender == CashTender(WEIGHED, Decimal(10000), Decimal("0.16")) and row.tender.change == 473
    [taken] = [d for _, kind, d in journal.queries.events(number) if kind == "tender_taken"]
    assert taken["payments"][0] | {"payment_id": ""} == {"payment_id": "", "amount": "9526.84", "bank": "",
                                                         "type": "CASH", "given": "10000", "rounding": "0.16"}
    summary = day_summary(journal.store, journal.now().date())
    assert summary.paid.amount == WEIGHED and dict(summary.by_payment_type)["CASH"].amount == WEIGHED
    assert summary.cash_rounding == Decimal("0.16") and summary.net == WEIGHED     # the sales' money stays exact
    rows = list(csv.reader(io.StringIO(to_csv(summary))))
    assert ["paid", "cash_rounding", "", "0.16"] in rows


def test_a_perfect_count_of_a_weighed_cash_sale_balances(journal: Journal) -> None:
    open_shift(journal.store, FLOAT)
    sell(journal, "10000")                                    # 9,527 stays in the drawer, 473 handed back
    sell(journal, "9526")                                     # short of the 9,527 due in cash: a part, unrounded
    report = shift_x_report(journal.store)
    assert report.cash_given == Decimal(19526) and report.cash_change == Decimal(473)
    assert report.cash_rounding == Decimal("0.16") and report.cash_sales == WEIGHED + 9526
    assert report.expected_cash == FLOAT + 9527 + 9526
    closed = close_shift(journal.store, FLOAT + 9527 + 9526)
    assert closed.close is not None and closed.close.difference == 0
    stored = closed.close.report
    assert stored.cash_rounding == Decimal("0.16")
    assert ["cash", "cash_rounding", "", "0.16"] in list(csv.reader(io.StringIO(shift_csv(closed.close))))


def test_a_z_report_stored_before_cash_was_rounded_reads_as_none(journal: Journal) -> None:
    open_shift(journal.store, FLOAT)
    record = report_record(shift_x_report(journal.store))
    del record["cash_rounding"]
    assert report_from_record(record, shift_x_report(journal.store).shift).cash_rounding == 0


def test_a_return_gives_the_whole_cash_back_and_takes_its_rounding_out(journal: Journal, clock: Clock) -> None:
    open_shift(journal.store, FLOAT)
    number = sell(journal, "10000")
    clock.now += timedelta(days=1)                            # returned the next day
    assert journal.tenders.refunded(number, "too fat") == WEIGHED
    sale = journal.queries.get(number)
    assert sale.reversed_amount == WEIGHED
    report = shift_x_report(journal.store)
    assert report.cash_refunds == WEIGHED and report.cash_rounding == 0
    assert report.expected_cash == FLOAT                      # 9,527 in, 9,527 back: whole tögrög both ways
    today = day_summary(journal.store, journal.now().date())
    assert today.given_back.amount == WEIGHED and today.cash_rounding == Decimal("-0.16")
    yesterday = day_summary(journal.store, (journal.now() - timedelta(days=1)).date())
    assert yesterday.cash_rounding == Decimal("0.16")


def test_the_journal_refuses_cash_with_mongo_or_change_no_till_gives(journal: Journal) -> None:
    with pytest.raises(JournalError, match="whole"):
        journal.tenders.begin(LINES, WEIGHED, TAXES, CashTender(WEIGHED, Decimal("9526.84")), ReceiptVia.NONE)
    with pytest.raises(JournalError, match="no till"):
        journal.tenders.begin(LINES, Decimal(64000), TAXES, CashTender(Decimal(64000), Decimal(99999999999)),
                              ReceiptVia.NONE)
    assert journal.queries.between(journal.now().date(), journal.now().date()) == []


def test_an_older_file_gets_the_rounding_column_and_its_tenders_none(tmp_path: Path, clock: Clock) -> None:
    from pos_app.journal import schema

    path = tmp_path / "old.sqlite3"
    with Journal(path, "T1", clock=clock) as journal:
        number = journal.tenders.begin(LINES, Decimal(5000), TAXES, CashTender(Decimal(5000), Decimal(5000)),
                                       ReceiptVia.NONE)
    rewind(path, version_before("_add_cash_rounding"))      # back to the version before it: the column gone
    with Journal(path, "T1", clock=clock) as journal:
        assert journal.pragma("user_version") == schema.LATEST_VERSION
        [row] = journal.queries.get(number).tenders
        assert row.rounding == 0 and row.tender == CashTender(Decimal(5000), Decimal(5000))
