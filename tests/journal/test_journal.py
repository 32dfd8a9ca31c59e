"""The sales journal on real SQLite files: steps, illegal steps, reopening, numbers, threads, crashes."""

from __future__ import annotations

import sqlite3
import sys
import textwrap
from datetime import date, datetime
from decimal import Decimal
from pathlib import Path
from typing import Callable
from zoneinfo import ZoneInfo

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pos_app.domain.cart import CartLine
from pos_app.domain.sale import (
    BankApp,
    IssuedReceipt,
    OpenInvoice,
    PaymentSeen,
    ReceiptVia,
    Receiver,
    Sale,
    Stage,
)
from pos_app.domain.taxes import TaxSplit
from pos_app.domain.tenders import CashTender
from pos_app.journal import schema
from pos_app.journal.journal import (
    Journal,
    JournalError,
    JournalSale,
    JournalStatus,
    SaleNotFound,
)
from pos_app.journal.numbers import SaleNumbers
from tests.qpay.helpers import run_in_threads

from .children import child, kill_hard
from .conftest import SteppingClock, rewind
from .samples import DAY, LINES, TAXES, TOTAL

NEXT_DAY = date(2026, 11, 22)

INVOICE = OpenInvoice("inv-0001", qr_text="0002010102121531...", short_url="https://s.qpay.mn/abc",
                      banks=(BankApp("Khan bank", "Хаан банк", "https://logo/khan.png", "khanbank://q?qPay_QRcode=x"),))
PAYMENTS = (PaymentSeen("pay-1", Decimal("5000.00"), "Khan bank"), PaymentSeen("pay-2", Decimal("2500"), "Golomt"))
RECEIVER = Receiver.organization("1234567")
# One receipt a payment (the service keeps one active ebarimt per payment), their amounts adding up to the total.
RECEIPTS = (
    IssuedReceipt("ebarimt-1", "AB 12345678", "qr-data", Decimal("5000.00"), Decimal("448.18"), Decimal("26.79"),
                  RECEIVER, "pay-1"),
    IssuedReceipt("ebarimt-2", "CD 87654321", "qr-data-2", Decimal("2500"), Decimal("224.09"), Decimal("13.39"),
                  RECEIVER, "pay-2"),
)
RECEIPT = RECEIPTS[0]

S = JournalStatus




def begin(journal: Journal, day: date | None = DAY) -> str:
    return journal.sales.begin(LINES, TOTAL, TAXES, day=day)


def _receipts_issued(journal: Journal, number: str) -> None:
    """The receipt of each payment, as the till records them (one `receipt_issued` a payment)."""
    for receipt in RECEIPTS:
        journal.sales.receipt_issued(number, receipt)


# Every step, by name, with the arguments a real sale gives it.
STEPS: dict[str, Callable[[Journal, str], None]] = {
    "invoice_opened": lambda j, n: j.sales.invoice_opened(n, INVOICE),
    "invoice_failed": lambda j, n: j.sales.invoice_failed(n, "timeout"),
    "cancel_started": lambda j, n: j.sales.cancel_started(n),
    "invoice_cancelled": lambda j, n: j.sales.invoice_cancelled(n),
    "cancel_failed": lambda j, n: j.sales.cancel_failed(n, "network down"),
    "payments_seen": lambda j, n: j.sales.payments_seen(n, PAYMENTS),
    "receipt_started": lambda j, n: j.sales.receipt_started(n, RECEIVER),
    "receipt_issued": lambda j, n: _receipts_issued(j, n),
    "receipt_failed": lambda j, n: j.sales.receipt_failed(n, "ebarimt down"),
    "expired": lambda j, n: j.sales.expired(n),
}

# How to bring a new sale to each status.
PATHS: dict[JournalStatus, tuple[str, ...]] = {
    S.TENDERING: (),      # begun by its first tender (`sale_in`)
    S.CREATING: (),
    S.OPEN: ("invoice_opened",),
    S.CANCELLING: ("invoice_opened", "cancel_started"),
    S.CANCELLED: ("invoice_opened", "cancel_started", "invoice_cancelled"),
    S.FAILED: ("invoice_failed",),
    S.PAID: ("invoice_opened", "payments_seen"),
    S.RECEIPT_PENDING: ("invoice_opened", "payments_seen", "receipt_started"),
    S.COMPLETED: ("invoice_opened", "payments_seen", "receipt_started", "receipt_issued"),
    S.EXPIRED: ("invoice_opened", "expired"),
}

# The only legal steps, written out independently of the implementation.
LEGAL: dict[tuple[JournalStatus, str], JournalStatus] = {
    (S.CREATING, "invoice_opened"): S.OPEN,
    (S.CREATING, "invoice_failed"): S.FAILED,
    (S.OPEN, "cancel_started"): S.CANCELLING,
    (S.OPEN, "invoice_cancelled"): S.CANCELLED,      # cancelled elsewhere, seen by a check
    (S.OPEN, "payments_seen"): S.PAID,
    (S.OPEN, "expired"): S.EXPIRED,
    (S.CANCELLING, "invoice_cancelled"): S.CANCELLED,
    (S.CANCELLING, "cancel_failed"): S.OPEN,
    (S.CANCELLING, "payments_seen"): S.PAID,         # the customer paid before the cancel
    (S.PAID, "receipt_started"): S.RECEIPT_PENDING,
    (S.RECEIPT_PENDING, "receipt_started"): S.RECEIPT_PENDING,   # asked again after a lost answer
    (S.RECEIPT_PENDING, "receipt_issued"): S.COMPLETED,
    (S.RECEIPT_PENDING, "receipt_failed"): S.PAID,
}
ILLEGAL = sorted(((status, step) for status in S for step in STEPS if (status, step) not in LEGAL),
                 key=lambda pair: (pair[0].value, pair[1]))
# Refused for what the sale holds rather than for its status: a completed sale whose every payment has its
# receipt is owed none (it is only after its receipts were voided, the money kept).
REFUSED_BECAUSE = {(S.COMPLETED, "receipt_started"): "is owed no receipt now"}


def sale_in(journal: Journal, status: JournalStatus, day: date | None = DAY) -> str:
    if status is S.TENDERING:   # cash that does not cover the total
        number = journal.tenders.begin(LINES, TOTAL, TAXES, CashTender(Decimal(1), Decimal(1)),
                                       ReceiptVia.POSAPI, day=day)
    else:
        number = begin(journal, day)
    for step in PATHS[status]:
        STEPS[step](journal, number)
    assert journal.queries.get(number).status is status
    return number


def raw(path: Path, sql: str, params: tuple = ()) -> list[tuple]:
    db = sqlite3.connect(path)
    try:
        return db.execute(sql, params).fetchall()
    finally:
        db.close()


# -- the steps ----------------------------------------------------------------------

def test_the_happy_path_records_every_step_in_order(journal: Journal) -> None:
    number = begin(journal)
    assert number == "T1-20261121-000001"
    created = journal.queries.get(number)
    assert created.status is S.CREATING
    assert (created.lines, created.total, created.taxes, created.terminal) == (LINES, TOTAL, TAXES, "T1")
    assert created.invoice_id is None and created.payments == () and created.receipt is None

    journal.sales.invoice_opened(number, INVOICE)
    opened = journal.queries.get(number)
    assert (opened.status, opened.invoice_id, opened.qr_text, opened.short_url, opened.banks) == (
        S.OPEN, "inv-0001", INVOICE.qr_text, INVOICE.short_url, INVOICE.banks)

    journal.sales.payments_seen(number, PAYMENTS)
    paid = journal.queries.get(number)
    assert (paid.status, paid.payments, paid.paid_amount) == (S.PAID, PAYMENTS, Decimal("7500.00"))

    journal.sales.receipt_started(number, RECEIVER)
    assert journal.queries.get(number).status is S.RECEIPT_PENDING
    assert journal.queries.get(number).receiver == RECEIVER

    journal.sales.receipt_issued(number, RECEIPTS[0])
    half = journal.queries.get(number)       # one payment of two has its receipt: not complete yet
    assert (half.status, half.current_receipts, half.payments_without_receipt) == (
        S.RECEIPT_PENDING, RECEIPTS[:1], PAYMENTS[1:])
    journal.sales.receipt_issued(number, RECEIPTS[1])
    done = journal.queries.get(number)
    assert (done.status, done.receipt, done.receiver, done.failure) == (S.COMPLETED, RECEIPT, RECEIVER, "")
    assert done.current_receipts == RECEIPTS and not done.owes_receipt and not done.receiver_differs
    assert sum((receipt.amount for receipt in done.current_receipts), Decimal(0)) == TOTAL
    assert done.is_final

    events = journal.queries.events(number)
    assert [kind for _, kind, _ in events] == [
        "sale_begun", "invoice_opened", "payments_seen", "receipt_started", "receipt_issued", "receipt_issued"]
    times = [at for at, _, _ in events]
    assert times == sorted(times) and len(set(times)) == len(times)
    assert events[0][2] == {"total": "7500.00", "lines": 2}
    assert events[1][2]["invoice_id"] == "inv-0001"
    assert events[2][2]["payments"] == [{"payment_id": "pay-1", "amount": "5000.00", "bank": "Khan bank", "type": ""},
                                        {"payment_id": "pay-2", "amount": "2500", "bank": "Golomt", "type": ""}]
    assert events[4][2] == {"from": "receipt_pending", "to": "receipt_pending", "receipt_id": "ebarimt-1",
                            "lottery": "AB 12345678", "payment_id": "pay-1", "receiver_kind": "84",
                            "receiver_register": "1234567", "again": False}
    assert events[5][2]["to"] == "completed" and events[5][2]["payment_id"] == "pay-2"


def test_a_cancel_that_fails_goes_back_to_open_and_can_be_tried_again(journal: Journal) -> None:
    number = sale_in(journal, S.OPEN)
    journal.sales.cancel_started(number)
    journal.sales.cancel_failed(number, "  connection reset  ")
    sale = journal.queries.get(number)
    assert (sale.status, sale.failure) == (S.OPEN, "connection reset")
    journal.sales.cancel_started(number)
    assert journal.queries.get(number).failure == ""          # a good step clears the last failure
    journal.sales.invoice_cancelled(number)
    assert journal.queries.get(number).status is S.CANCELLED
    assert [kind for _, kind, _ in journal.queries.events(number)] == [
        "sale_begun", "invoice_opened", "cancel_started", "cancel_failed", "cancel_started", "invoice_cancelled"]
    assert journal.queries.events(number)[3][2] == {"from": "cancelling", "to": "open", "reason": "connection reset"}


def test_a_failed_receipt_leaves_the_sale_paid_with_the_reason_and_can_be_retried(journal: Journal) -> None:
    number = sale_in(journal, S.RECEIPT_PENDING)
    journal.sales.receipt_failed(number, "ebarimt service unavailable")
    sale = journal.queries.get(number)
    assert (sale.status, sale.failure, sale.receipt) == (S.PAID, "ebarimt service unavailable", None)
    journal.sales.receipt_started(number, Receiver())
    STEPS["receipt_issued"](journal, number)
    assert journal.queries.get(number).status is S.COMPLETED


def test_a_failed_invoice_keeps_its_reason(journal: Journal) -> None:
    number = begin(journal)
    journal.sales.invoice_failed(number, "")
    assert (journal.queries.get(number).status, journal.queries.get(number).failure) == (S.FAILED, "no reason given")


@pytest.mark.parametrize(("status", "step"), sorted(LEGAL, key=lambda pair: (pair[0].value, pair[1])))
def test_every_legal_step_lands_in_its_status(journal: Journal, status: JournalStatus, step: str) -> None:
    number = sale_in(journal, status)
    STEPS[step](journal, number)
    assert journal.queries.get(number).status is LEGAL[status, step]
    assert journal.queries.events(number)[-1][1] == step


@pytest.mark.parametrize(("status", "step"), ILLEGAL)
def test_every_illegal_step_is_refused_and_changes_nothing(journal: Journal, status: JournalStatus,
                                                           step: str) -> None:
    number = sale_in(journal, status)
    before, events_before = journal.queries.get(number), journal.queries.events(number)
    message = REFUSED_BECAUSE.get((status, step), f"is {status.value}: cannot record {step}")
    with pytest.raises(JournalError, match=f"{number} {message}"):
        STEPS[step](journal, number)
    assert journal.queries.get(number) == before
    assert journal.queries.events(number) == events_before


def test_a_receipt_on_an_open_sale_says_why_it_is_refused(journal: Journal) -> None:
    number = sale_in(journal, S.OPEN)
    with pytest.raises(JournalError) as refused:
        journal.sales.receipt_issued(number, RECEIPT)
    assert str(refused.value) == (f"Sale {number} is open: cannot record receipt_issued "
                                  "(only from receipt_pending).")


def test_payments_that_do_not_cover_the_total_are_refused(journal: Journal) -> None:
    number = sale_in(journal, S.OPEN)
    with pytest.raises(JournalError, match="do not cover"):
        journal.sales.payments_seen(number, (PaymentSeen("pay-1", Decimal("7499.99")),))
    with pytest.raises(JournalError, match="at least one payment"):
        journal.sales.payments_seen(number, ())
    assert journal.queries.get(number).status is S.OPEN


@pytest.mark.parametrize(("lines", "total", "message"), [
    ((), TOTAL, "at least one line"),
    (LINES, Decimal("0"), "above 0"),
    (LINES, 7500.0, "Decimal"),
    (LINES, Decimal("NaN"), "Decimal"),
    ((CartLine("Float", 2.0, Decimal("1")),), TOTAL, "quantity"),   # type: ignore[arg-type]
])
def test_a_sale_that_cannot_be_recorded_exactly_is_refused(journal: Journal, lines, total, message: str) -> None:
    with pytest.raises(JournalError, match=message):
        journal.sales.begin(lines, total, TAXES, day=DAY)
    assert raw(journal.path, "SELECT count(*) FROM sales") == [(0,)]
    assert raw(journal.path, "SELECT count(*) FROM sale_sequence") == [(0,)]   # no number used up


def test_an_unknown_sale_is_a_key_error_and_a_journal_error(journal: Journal) -> None:
    for look_up in (journal.queries.get, journal.queries.events, journal.sales.cancel_started):
        with pytest.raises(SaleNotFound, match="There is no sale T1-20990101-000001 in the journal"):
            look_up("T1-20990101-000001")
    assert issubclass(SaleNotFound, KeyError) and issubclass(SaleNotFound, JournalError)


def test_a_closed_journal_says_so(journal: Journal) -> None:
    journal.close()
    journal.close()   # twice is harmless
    with pytest.raises(JournalError, match="closed"):
        begin(journal)


# -- lists and reopening --------------------------------------------------------------

def test_unfinished_lists_exactly_the_sales_a_crash_can_interrupt_oldest_first(journal: Journal) -> None:
    numbers = {status: sale_in(journal, status) for status in S}
    unfinished = journal.queries.unfinished()
    expected = [numbers[s] for s in S if s in {S.TENDERING, S.CREATING, S.OPEN, S.CANCELLING, S.PAID,
                                                 S.RECEIPT_PENDING}]
    assert [sale.number for sale in unfinished] == expected
    assert [sale.created_at for sale in unfinished] == sorted(sale.created_at for sale in unfinished)
    assert not any(sale.is_final for sale in unfinished)


def test_a_new_journal_on_the_file_finds_everything(path: Path, clock: SteppingClock) -> None:
    first = Journal(path, "T1", clock=clock)
    numbers = {status: sale_in(first, status) for status in S}
    sales = {number: first.queries.get(number) for number in numbers.values()}
    events = {number: first.queries.events(number) for number in numbers.values()}
    first.close()

    with Journal(path, "T1", clock=clock) as reopened:
        assert {number: reopened.queries.get(number) for number in numbers.values()} == sales
        assert {number: reopened.queries.events(number) for number in numbers.values()} == events
        assert reopened.queries.get(numbers[S.COMPLETED]).receipt == RECEIPT
        assert reopened.queries.get(numbers[S.PAID]).payments == PAYMENTS
        assert begin(reopened) == f"T1-20261121-{len(S) + 1:06d}"


def test_sales_between_picks_local_days_newest_first(journal: Journal, clock: SteppingClock) -> None:
    clock.now = datetime(2026, 11, 21, 23, 59, 57)
    first, late = begin(journal), begin(journal)          # 23:59:58 and 23:59:59
    second_day = begin(journal)                           # 00:00:00 the next day
    assert journal.queries.get(second_day).created_at == datetime(2026, 11, 22, 0, 0, 0)

    def numbers(start: date, end: date) -> list[str]:
        return [sale.number for sale in journal.queries.between(start, end)]

    assert numbers(DAY, DAY) == [late, first]
    assert numbers(NEXT_DAY, NEXT_DAY) == [second_day]
    assert numbers(DAY, NEXT_DAY) == [second_day, late, first]
    assert numbers(date(2026, 11, 20), date(2026, 11, 20)) == []
    assert numbers(NEXT_DAY, DAY) == []


def test_an_aware_clock_is_kept_as_given(path: Path) -> None:
    # The shop's wall time (its zone, not the computer's): the stored text starts with the shop's day.
    moment = datetime(2026, 11, 21, 0, 30, tzinfo=ZoneInfo("Asia/Ulaanbaatar"))
    with Journal(path, "T1", clock=lambda: moment) as journal:
        number = journal.sales.begin(LINES, TOTAL, TAXES)
        created = journal.queries.get(number).created_at
        assert (created, created.utcoffset(), created.date()) == (moment, moment.utcoffset(), date(2026, 11, 21))
        assert number == "T1-20261121-000001"
        assert [sale.number for sale in journal.queries.between(moment.date(), moment.date())] == [number]


@pytest.mark.parametrize(("status", "stage"), [
    (S.CREATING, Stage.CHARGING), (S.OPEN, Stage.AWAITING_PAYMENT), (S.CANCELLING, Stage.CANCELLING),
    (S.PAID, Stage.PAID), (S.RECEIPT_PENDING, Stage.PAID), (S.COMPLETED, Stage.COMPLETED),
    (S.CANCELLED, Stage.CANCELLED), (S.FAILED, Stage.CANCELLED), (S.EXPIRED, Stage.EXPIRED),
])
def test_to_sale_rebuilds_the_domain_sale_in_its_stage(journal: Journal, status: JournalStatus,
                                                       stage: Stage) -> None:
    sale = journal.queries.get(sale_in(journal, status)).to_sale()
    assert isinstance(sale, Sale)
    assert (sale.stage, sale.lines, sale.total, sale.taxes) == (stage, LINES, TOTAL, TAXES)
    if "invoice_opened" in PATHS[status]:
        assert sale.invoice == OpenInvoice("inv-0001", INVOICE.qr_text, short_url=INVOICE.short_url,
                                           banks=INVOICE.banks)
    else:
        assert sale.invoice is None
    assert sale.payments == (PAYMENTS if "payments_seen" in PATHS[status] else ())
    assert sale.receipt == (RECEIPT if status is S.COMPLETED else None)
    assert sale.receipts == (RECEIPTS if status is S.COMPLETED else ())


def test_a_rebuilt_paid_sale_moves_on_like_any_other(journal: Journal) -> None:
    sale = journal.queries.get(sale_in(journal, S.RECEIPT_PENDING)).to_sale()
    sale.move_to(Stage.ISSUING_RECEIPT)
    sale.receipt_issued(RECEIPTS)
    assert sale.stage is Stage.COMPLETED


# -- numbers ---------------------------------------------------------------------------

def test_numbers_continue_the_sale_numbers_sequence_on_the_same_file(path: Path, clock: SteppingClock) -> None:
    numbers = SaleNumbers(path, "T1")
    assert [numbers.allocate(DAY), numbers.allocate(DAY)] == ["T1-20261121-000001", "T1-20261121-000002"]
    with Journal(path, "T1", clock=clock) as journal:
        assert begin(journal) == "T1-20261121-000003"
        assert numbers.allocate(DAY) == "T1-20261121-000004"    # still one sequence, whoever takes the number
        assert begin(journal) == "T1-20261121-000005"
        assert begin(journal, NEXT_DAY) == "T1-20261122-000001"
        assert begin(journal, day=None) == "T1-20261121-000006"  # the day is the clock's
    with Journal(path, "T2", clock=clock) as other_till:
        assert begin(other_till) == "T2-20261121-000001"


def test_a_file_from_sale_numbers_is_migrated_and_keeps_its_counter(path: Path, clock: SteppingClock) -> None:
    SaleNumbers(path, "T1").allocate(DAY)
    SaleNumbers(path, "T1").allocate(DAY)
    assert raw(path, "PRAGMA user_version") == [(0,)]
    assert raw(path, "SELECT name FROM sqlite_master WHERE type = 'table'") == [("sale_sequence",)]

    with Journal(path, "T1", clock=clock) as journal:
        assert journal.pragma("user_version") == schema.LATEST_VERSION
        assert begin(journal) == "T1-20261121-000003"
    tables = {name for (name,) in raw(path, "SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert {"sale_sequence", "sales", "events", "receipts"} <= tables
    indexes = {name for (name,) in raw(path, "SELECT name FROM sqlite_master WHERE type = 'index'"
                                             " AND name NOT LIKE 'sqlite_%'")}
    assert {"sales_by_status", "sales_by_created_at", "sales_by_reversal_status", "receipts_by_sale"} <= indexes


@pytest.mark.parametrize("version", range(1, schema.LATEST_VERSION))
def test_a_file_rewound_to_an_older_version_is_that_version_and_migrates_back_to_the_latest(
        tmp_path: Path, clock: SteppingClock, version: int) -> None:
    """The tests' `rewind` makes the schema an older till had (so migrations appended later cannot break the tests
    that make older files), keeping the rows."""
    fresh, rewound = tmp_path / "fresh.sqlite3", tmp_path / "rewound.sqlite3"
    Journal(fresh, "T1").close()
    with Journal(rewound, "T1", clock=clock) as journal:
        number = begin(journal)
    older = tmp_path / "older.sqlite3"
    db = sqlite3.connect(older, isolation_level=None)
    for migration in schema.MIGRATIONS[:version]:
        migration(db)
    db.close()
    rewind(rewound, version)
    schema_of = "SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name"
    assert raw(rewound, schema_of) == raw(older, schema_of)
    assert raw(rewound, "PRAGMA user_version") == [(version,)]
    with Journal(rewound, "T1", clock=clock) as journal:
        assert journal.queries.get(number).total == TOTAL
    assert raw(rewound, schema_of) == raw(fresh, schema_of)


def test_a_file_from_a_newer_pos_app_is_refused_and_left_untouched(path: Path) -> None:
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE sales_v9 (number TEXT)")
    db.execute(f"PRAGMA user_version = {schema.LATEST_VERSION + 1}")
    db.commit()
    db.close()
    before = path.read_bytes()

    newer, latest = schema.LATEST_VERSION + 1, schema.LATEST_VERSION
    with pytest.raises(JournalError, match=rf"newer pos-app \(schema version {newer}; this one knows up to {latest}"):
        Journal(path, "T1")
    assert path.read_bytes() == before
    assert not Path(f"{path}-wal").exists()


def test_a_migration_that_fails_leaves_the_file_as_it_was(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    Journal(path, "T1").close()

    def broken(db: sqlite3.Connection) -> None:
        db.execute("CREATE TABLE half_done (x TEXT)")
        raise RuntimeError("the next migration went wrong")

    latest = schema.LATEST_VERSION
    monkeypatch.setattr(schema, "MIGRATIONS", schema.MIGRATIONS + (broken,))
    monkeypatch.setattr(schema, "LATEST_VERSION", latest + 1)
    with pytest.raises(RuntimeError, match="the next migration went wrong"):
        Journal(path, "T1")
    assert raw(path, "PRAGMA user_version") == [(latest,)]
    assert raw(path, "SELECT name FROM sqlite_master WHERE name = 'half_done'") == []


def test_a_file_that_is_not_a_database_is_a_journal_error(path: Path) -> None:
    path.write_bytes(b"this is not sqlite" * 100)
    with pytest.raises(JournalError, match="cannot be used"):
        Journal(path, "T1")


def test_a_bad_terminal_id_is_refused_at_once(path: Path) -> None:
    with pytest.raises(ValueError, match="terminal id"):
        Journal(path, "T-1")


def _begin_in_threads(make: Callable[[], Journal], threads: int, each: int) -> list[str]:
    def work() -> list[str]:
        journal = make()
        return [begin(journal) for _ in range(each)]

    return [number for batch in run_in_threads(threads, work) for number in batch]


def test_eight_threads_sharing_a_journal_get_distinct_numbers(journal: Journal) -> None:
    numbers = _begin_in_threads(lambda: journal, threads=8, each=10)
    assert sorted(numbers) == [f"T1-20261121-{n:06d}" for n in range(1, 81)]
    assert len(journal.queries.unfinished()) == 80


def test_eight_threads_with_their_own_journals_on_one_file_get_distinct_numbers(path: Path) -> None:
    Journal(path, "T1").close()     # migrated before the race
    journals: list[Journal] = []

    def make() -> Journal:
        journal = Journal(path, "T1")
        journals.append(journal)
        return journal

    numbers = _begin_in_threads(make, threads=8, each=5)
    for journal in journals:
        journal.close()
    assert sorted(numbers) == [f"T1-20261121-{n:06d}" for n in range(1, 41)]


# -- what is on disk -----------------------------------------------------------------------

def test_the_journal_uses_wal_and_full_sync(journal: Journal) -> None:
    assert journal.pragma("journal_mode") == "wal"
    assert journal.pragma("synchronous") == 2        # FULL
    assert journal.pragma("foreign_keys") == 1
    assert raw(journal.path, "PRAGMA journal_mode") == [("wal",)]
    with pytest.raises(ValueError):
        journal.pragma("synchronous = OFF")


def test_money_is_stored_as_exact_text(journal: Journal) -> None:
    number = sale_in(journal, S.COMPLETED)
    money = ("total", "vat", "city_tax", "paid_amount")
    row = raw(journal.path, f"SELECT {', '.join(f'typeof({c}), {c}' for c in money)} FROM sales WHERE number = ?",
              (number,))[0]
    assert row == ("text", "7500.00", "text", "672.27", "text", "40.18", "text", "7500.00")
    receipts = raw(journal.path, "SELECT typeof(amount), amount, typeof(vat), vat, typeof(city_tax), city_tax"
                                 " FROM receipts WHERE number = ? ORDER BY id", (number,))
    assert receipts == [("text", "5000.00", "text", "448.18", "text", "26.79"),
                        ("text", "2500", "text", "224.09", "text", "13.39")]
    (lines_json,) = raw(journal.path, "SELECT lines_json FROM sales")[0]
    assert '"quantity": "1.5"' in lines_json and '"unit_price": "1500.00"' in lines_json


def test_the_step_log_only_grows(journal: Journal) -> None:
    sale_in(journal, S.OPEN)
    db = sqlite3.connect(journal.path)
    try:
        for statement in ("UPDATE events SET kind = 'x'", "DELETE FROM events"):
            with pytest.raises(sqlite3.DatabaseError, match="append-only"):
                db.execute(statement)
    finally:
        db.close()


amounts = st.integers(0, 2).flatmap(lambda places: st.decimals(
    min_value=Decimal("0.01"), max_value=Decimal(10) ** 12, places=places, allow_nan=False, allow_infinity=False))
quantities = st.integers(0, 3).flatmap(lambda places: st.decimals(
    min_value=Decimal("0.001"), max_value=Decimal(9999), places=places, allow_nan=False, allow_infinity=False))
cart_lines = st.builds(CartLine, description=st.text(max_size=40), quantity=quantities, unit_price=amounts,
                       barcode=st.none() | st.text(max_size=14), city_tax=st.booleans())


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(lines=st.lists(cart_lines, min_size=1, max_size=4), total=amounts, vat=amounts, paid=amounts)
def test_decimals_round_trip_exactly(journal: Journal, lines: list[CartLine], total: Decimal, vat: Decimal,
                                     paid: Decimal) -> None:
    number = journal.sales.begin(lines, total, TaxSplit(vat, Decimal("0.00")), day=DAY)
    journal.sales.invoice_opened(number, INVOICE)
    payment = PaymentSeen("pay", total + paid)
    journal.sales.payments_seen(number, (payment,))
    sale = journal.queries.get(number)
    assert sale.lines == tuple(lines)
    # Equal and written the same way: 1.50 stays 1.50, not 1.5.
    assert [(str(line.quantity), str(line.unit_price)) for line in sale.lines] == [
        (str(line.quantity), str(line.unit_price)) for line in lines]
    assert (str(sale.total), str(sale.taxes.vat), str(sale.payments[0].amount)) == (
        str(total), str(vat), str(total + paid))


# -- a crash -------------------------------------------------------------------------------------

CRASHING_TILL = textwrap.dedent("""
    import sys
    from decimal import Decimal
    from pos_app.domain.cart import CartLine
    from pos_app.domain.sale import OpenInvoice
    from pos_app.domain.taxes import TaxSplit
    from pos_app.journal.journal import Journal

    journal = Journal(sys.argv[1], "T1")
    number = journal.sales.begin([CartLine("Bread", Decimal("2"), Decimal("1500.00"))], Decimal("3000.00"),
                                TaxSplit(Decimal("272.73"), Decimal("0.00")))
    journal.sales.invoice_opened(number, OpenInvoice("inv-crash", qr_text="qr-crash"))
    print("written", number, flush=True)
    sys.stdin.readline()   # the till goes on waiting for the payment; the test kills it here
""")


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")
def test_a_till_killed_after_a_step_keeps_the_step(path: Path) -> None:
    with child(CRASHING_TILL, str(path)) as till:
        line = till.stdout.readline()
        assert line.startswith("written "), line
        kill_hard(till)
    assert Path(f"{path}-wal").exists()          # killed: no clean close, the steps live in the WAL

    number = line.split()[1]
    with Journal(path, "T1") as journal:
        sale = journal.queries.get(number)
        assert (sale.status, sale.invoice_id, sale.qr_text, sale.total) == (
            S.OPEN, "inv-crash", "qr-crash", Decimal("3000.00"))
        assert [s.number for s in journal.queries.unfinished()] == [number]
        assert [kind for _, kind, _ in journal.queries.events(number)] == ["sale_begun", "invoice_opened"]


def test_journal_sale_is_frozen(journal: Journal) -> None:
    sale = journal.queries.get(begin(journal))
    assert isinstance(sale, JournalSale)
    with pytest.raises(AttributeError):
        sale.status = S.PAID  # type: ignore[misc]
    assert sale.receiver is None
