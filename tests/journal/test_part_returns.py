"""Partial returns and corrected receipts in the journal: the step's checks, what a sale is after its returns, the
receipts a return leaves standing and a manager's settling of them, the day close and the shift, an older file
brought up to date, and a shipped sale rebuilt at the store."""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing
from datetime import datetime, timedelta
from decimal import Decimal
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from pos_app.domain.cart import CartLine
from pos_app.domain.returns import TenderSource
from pos_app.domain.sale import INDIVIDUAL, IssuedReceipt, OpenInvoice, PaymentSeen, ReceiptVia, Receiver
from pos_app.domain.taxes import TaxSplit
from pos_app.domain.tenders import CardTender, CashTender
from pos_app.journal import Journal, JournalError, ReceiptStatus, schema
from pos_app.journal.day_summary import day_summary, load_day
from pos_app.journal.queries import needing_attention
from pos_app.journal.schema_return_cash import add_return_cash_step
from pos_app.journal.schema_returns import add_part_returns
from pos_app.journal.shifts import open_shift, shift_x_report
from pos_app.store.journal_days import rebuild_sale

from .conftest import SteppingClock, rewind

BREAD = CartLine("Талх", Decimal(3), Decimal(2500))
MILK = CartLine("Сүү", Decimal(1), Decimal(3500), city_tax=True)
TOTAL = Decimal(11000)
TAXES = TaxSplit(Decimal("996.65"), Decimal("31.25"))
REASON = "item returned"


def _receipted(journal: Journal, receiver: Receiver = INDIVIDUAL, *, cash: Decimal = TOTAL) -> str:
    """A sale paid in cash (and the card terminal for the rest), with its PosAPI receipt."""
    number = journal.tenders.begin((BREAD, MILK), TOTAL, TAXES, CashTender(cash, cash), ReceiptVia.POSAPI)
    if cash < TOTAL:
        journal.tenders.take(number, CardTender(TOTAL - cash, "AB1234"))
    journal.posapi.started(number, receiver, lambda _sale, bill: json.dumps({"billIdSuffix": bill}))
    journal.posapi.issued(number, IssuedReceipt("R-1", "", "", TOTAL, TAXES.vat, TAXES.city_tax, receiver, ""),
                          "2026-11-21 09:00:05")
    return number


def _corrected(journal: Journal, number: str, receipt_id: str = "R-2") -> None:
    sale = journal.queries.get(number)
    [old] = sale.stale_receipts
    journal.posapi.correction_started(number, old.row_id, lambda _sale, bill: json.dumps(
        {"billIdSuffix": bill, "inactiveId": old.receipt.receipt_id}))
    kept = journal.queries.get(number).kept_total
    journal.posapi.issued(number, IssuedReceipt(receipt_id, "", "", kept, Decimal(500), Decimal(0),
                                                old.receipt.receiver, ""), "2026-11-21 09:10:00")


def test_a_part_returned_is_priced_from_the_kept_lines_and_given_back_cash_first(journal: Journal) -> None:
    number = _receipted(journal, cash=Decimal(5000))
    return_id = journal.returns.started(number, [(0, "2")], REASON)
    sale = journal.queries.get(number)
    [part] = sale.part_returns
    assert part.id == return_id and part.amount == 5000 and part.is_done and part.reason == REASON
    assert [(m.back.via, m.back.amount) for m in part.money] == [(TenderSource.CASH, Decimal(5000))]
    assert sale.kept_lines == (CartLine("Талх", Decimal(1), Decimal(2500)), MILK) and sale.kept_total == 6000
    assert sale.money_kept and [row.receipt.receipt_id for row in sale.stale_receipts] == ["R-1"]
    journal.returns.started(number, [(0, "1")], REASON)            # the terminal now: the cash is gone
    money = journal.queries.get(number).part_returns[1].money
    assert [(m.back.via, m.back.ref, m.back.amount) for m in money] == [
        (TenderSource.CARD_TERMINAL, "tender-2", Decimal(2500))]
    kind, detail = journal.queries.events(number)[-1][1:]
    assert kind == "part_return_started" and Decimal(detail["amount"]) == 2500
    assert detail["payments"][0]["type"] == "TERMINAL"


@pytest.mark.parametrize(("quantities", "words"), [
    ([(0, "4")], "at most 3"), ([(5, "1")], "no line 6"), ([], "choose at least one line"),
])
def test_a_return_the_till_cannot_make_is_refused_and_records_nothing(journal: Journal, quantities: list,
                                                                      words: str) -> None:
    number = _receipted(journal)
    with pytest.raises(JournalError, match=words):
        journal.returns.started(number, quantities, REASON)
    assert journal.queries.get(number).part_returns == ()


def test_a_line_returned_whole_cannot_be_returned_again_and_a_reason_is_required(journal: Journal) -> None:
    number = _receipted(journal)
    with pytest.raises(JournalError):
        journal.returns.started(number, [(1, "1")], "  ")
    journal.returns.started(number, [(1, "1")], REASON)
    with pytest.raises(JournalError, match="no line 2 left"):
        journal.returns.started(number, [(1, "1")], REASON)


def test_a_qpay_refund_waits_for_its_answer_and_blocks_the_next_return(journal: Journal) -> None:
    number = journal.sales.begin((BREAD,), Decimal(7500), TaxSplit(Decimal("681.82"), Decimal(0)))
    journal.sales.invoice_opened(number, OpenInvoice("inv-1"))
    journal.sales.payments_seen(number, (PaymentSeen("p-1", Decimal(2500), "Khan", "CARD"),
                                         PaymentSeen("p-2", Decimal(5000), "Khan", "P2P")))
    return_id = journal.returns.started(number, [(0, "2")], REASON)
    [part] = journal.queries.get(number).part_returns
    assert [(m.back.via, m.back.ref, m.is_done) for m in part.money] == [
        (TenderSource.QPAY, "p-1", False), (TenderSource.CASH, "", True)]       # a transfer cannot go back
    assert journal.queries.get(number).needs_settling and needing_attention(journal.queries.get(number))
    with pytest.raises(JournalError, match="waits for QPay"):
        journal.returns.started(number, [(0, "1")], REASON)
    journal.returns.refunded(number, return_id, "p-1", False, "refused: PAYMENT_NOT_PAID")
    [cash_instead, cash] = journal.queries.get(number).part_returns[0].money
    assert cash_instead.back.via is TenderSource.CASH and cash_instead.back.source is TenderSource.QPAY
    assert cash_instead.is_done and "PAYMENT_NOT_PAID" in cash_instead.note
    assert all(part.is_done for part in journal.queries.get(number).part_returns)
    summary = day_summary(journal.store, journal.now().date())
    assert summary.given_back.amount == 5000 and summary.reversals_pending == 0


def test_a_whole_return_leaving_the_receipt_valid_needs_attention_until_a_manager_settles_it(
        journal: Journal) -> None:
    number = _receipted(journal, Receiver.organization("5395305"))
    journal.tenders.refunded(number, REASON, void_receipts=False)
    with pytest.raises(JournalError, match="Say what was done"):
        journal.returns.receipts_left_settled(number, "Oyun", " ")
    day = journal.now().date()
    before = day_summary(journal.store, day)
    assert before.receipts_left_valid.count == 1 and before.left_valid == ((number, TOTAL),)
    assert before.receipt_vat == TAXES.vat and before.needs_attention == 1
    assert journal.returns.receipts_left_settled(number, "Oyun", "corrected in the ebarimt portal") == 1
    after = day_summary(journal.store, day)
    assert after.needs_attention == 0 and after.receipt_vat == before.receipt_vat == TAXES.vat
    assert journal.queries.get(number).receipts[0].settled.startswith("Oyun, ")
    with pytest.raises(JournalError, match="no receipt left standing"):
        journal.returns.receipts_left_settled(number, "Oyun", "again")


def test_a_corrected_receipt_counts_as_voided_on_the_day_it_was_replaced(journal: Journal,
                                                                        clock: SteppingClock) -> None:
    number = _receipted(journal)
    first_day = journal.now().date()
    clock.now += timedelta(days=1)
    journal.returns.started(number, [(0, "1")], REASON)
    _corrected(journal, number)
    sale = journal.queries.get(number)
    old, new = sale.receipts
    assert old.status is ReceiptStatus.CORRECTED and new.replaces == old.row_id and not sale.stale_receipts
    assert day_summary(journal.store, first_day).receipt_vat == TAXES.vat
    next_day = day_summary(journal.store, first_day + timedelta(days=1))
    assert next_day.receipt_vat == Decimal(500) - TAXES.vat and next_day.receipts_voided == 1
    assert next_day.given_back.amount == 2500 and next_day.needs_attention == 0


def test_a_refused_correction_leaves_the_sale_completed_with_its_receipt_standing(journal: Journal) -> None:
    number = _receipted(journal)
    journal.returns.started(number, [(0, "1")], REASON)
    [old] = journal.queries.get(number).stale_receipts
    journal.posapi.correction_started(number, old.row_id, lambda _s, bill: json.dumps(
        {"billIdSuffix": bill, "inactiveId": "R-1"}))
    journal.sales.receipt_failed(number, "refused: inactiveId unknown")
    sale = journal.queries.get(number)
    assert sale.status.value == "completed" and sale.stale_receipts == sale.valid_receipts


def test_the_shift_counts_what_went_back_by_how_it_went(path: Path) -> None:
    clock = SteppingClock(datetime(2026, 11, 21, 9, 0, tzinfo=ZoneInfo("Asia/Ulaanbaatar")))
    with Journal(path, "T1", clock=clock) as journal:
        open_shift(journal.store, Decimal(10000))
        number = _receipted(journal, cash=Decimal(5000))
        journal.returns.started(number, [(0, "3")], REASON)
        report = shift_x_report(journal.store)
    assert report.cash_refunds == 5000 and report.expected_cash == 10000
    assert report.refunded.amount == 7500


def test_a_version_8_file_gets_the_table_and_keeps_its_receipts(path: Path, clock: SteppingClock) -> None:
    with Journal(path, "T1", clock=clock) as journal:
        number = _receipted(journal)
    rewind(path, schema.MIGRATIONS.index(add_part_returns))         # version 8: the receipts table as it was
    with closing(sqlite3.connect(path)) as db:
        assert not {"replaces", "settled"} & {row[1] for row in db.execute("PRAGMA table_info(receipts)")}
        assert not db.execute("SELECT name FROM sqlite_master WHERE name = 'part_returns'").fetchall()
    with Journal(path, "T1", clock=clock) as journal:
        assert journal.pragma("user_version") == schema.LATEST_VERSION
        [row] = journal.queries.get(number).receipts
        assert row.status is ReceiptStatus.ISSUED and row.receipt.receipt_id == "R-1" and row.replaces is None
        journal.returns.started(number, [(0, "1")], REASON)
        _corrected(journal, number)
        assert [r.status for r in journal.queries.get(number).receipts] == [ReceiptStatus.CORRECTED,
                                                                            ReceiptStatus.ISSUED]


def test_the_store_rebuilds_a_shipped_sale_with_its_returns(journal: Journal) -> None:
    number = _receipted(journal, Receiver.organization("5395305"))
    journal.returns.started(number, [(0, "3"), (1, "1")], REASON)
    [snapshot] = journal.queries.snapshots([number])
    rebuilt = rebuild_sale(snapshot)
    assert rebuilt.part_returns == journal.queries.get(number).part_returns and not rebuilt.money_kept
    assert needing_attention(rebuilt) and load_day(journal.queries, journal.now().date()).summary.needs_attention == 1


def test_a_qpay_refund_refused_goes_back_in_cash_rounded_by_the_step_the_return_was_begun_with(
        journal: Journal) -> None:
    apples = CartLine("Алим", Decimal("1.235"), Decimal(4990), weighed=True)          # 6,162.65
    number = journal.sales.begin((apples,), apples.total, TaxSplit(Decimal("560.24"), Decimal(0)))
    journal.sales.invoice_opened(number, OpenInvoice("inv-1"))
    journal.sales.payments_seen(number, (PaymentSeen("p-1", apples.total, "Khan", "CARD"),))
    with pytest.raises(JournalError, match="one of 1, 5, 10, 50, 100"):
        journal.returns.started(number, [(0, "1.235")], REASON, Decimal(3))
    return_id = journal.returns.started(number, [(0, "1.235")], REASON, Decimal(50))
    assert journal.queries.get(number).part_returns[0].cash_step == 50
    journal.returns.refunded(number, return_id, "p-1", False, "refused: PAYMENT_SETTLED")
    [cash] = journal.queries.get(number).part_returns[0].money
    assert (cash.back.via, cash.back.amount, cash.back.handed) == (TenderSource.CASH, Decimal("6162.65"), 6150)
    kind, detail = journal.queries.events(number)[-1][1:]
    assert kind == "part_return_refunded" and detail["payments"][0]["rounding"] == "-12.65"
    assert day_summary(journal.store, journal.now().date()).cash_rounding == Decimal("12.65")


def test_a_file_before_the_returns_cash_step_keeps_its_returns_at_1(path: Path, clock: SteppingClock) -> None:
    with Journal(path, "T1", clock=clock) as journal:
        number = _receipted(journal)
        journal.returns.started(number, [(0, "1")], REASON)
    rewind(path, schema.MIGRATIONS.index(add_return_cash_step))
    with Journal(path, "T1", clock=clock) as journal:
        assert journal.pragma("user_version") == schema.LATEST_VERSION
        [part] = journal.queries.get(number).part_returns
        assert part.cash_step == 1 and part.amount == 2500
