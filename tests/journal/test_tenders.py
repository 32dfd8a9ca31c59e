"""Cash and the card terminal in the journal (migration 7): a tender counts once written, in the same transaction
as the sale's number or its payment in full; a split sale's QPay part; tenders handed back and refunded; what the
day close makes of them; and the file's own checks."""

from __future__ import annotations

import sqlite3
from decimal import Decimal
from pathlib import Path

import pytest

from pos_app.domain.cart import CartLine
from pos_app.domain.sale import OpenInvoice, PaymentSeen, ReceiptVia
from pos_app.domain.taxes import TaxSplit
from pos_app.domain.tenders import CardTender, CashTender
from pos_app.journal import Journal, JournalError, JournalStatus, ReversalKind, ReversalStatus
from pos_app.journal.day_summary import day_summary
from pos_app.journal.tender_rows import TenderStatus

from .conftest import SteppingClock, rewind

LINES = (CartLine("Талх", Decimal(2), Decimal("2500")),)
TOTAL = Decimal(5000)
TAXES = TaxSplit(Decimal("446.43"), Decimal("89.29"))
S = JournalStatus


def cash(amount: str, given: str | None = None) -> CashTender:
    return CashTender(Decimal(amount), Decimal(given or amount))


def begin(journal: Journal, tender: CashTender | CardTender, via: ReceiptVia = ReceiptVia.POSAPI) -> str:
    return journal.tenders.begin(LINES, TOTAL, TAXES, tender, via)


def test_the_first_tender_takes_the_number_and_a_covering_one_pays_the_sale(journal: Journal) -> None:
    number = begin(journal, cash("5000", "10000"))
    sale = journal.queries.get(number)
    assert number.endswith("000001") and sale.status is S.PAID and sale.receipt_via is ReceiptVia.POSAPI
    assert sale.paid_amount == TOTAL and sale.owes_receipt
    assert [t.tender for t in sale.tenders] == [cash("5000", "10000")]
    assert [kind for _, kind, _ in journal.queries.events(number)] == ["sale_begun", "tender_taken", "payments_seen"]


def test_tenders_that_do_not_cover_the_total_leave_it_tendering_until_one_does(journal: Journal) -> None:
    number = begin(journal, cash("1000"))
    assert journal.queries.get(number).status is S.TENDERING and not journal.queries.get(number).owes_receipt
    journal.tenders.take(number, CardTender(Decimal(1500), "AB1234"))
    assert journal.queries.get(number).status is S.TENDERING
    journal.tenders.take(number, cash("2500", "3000"))
    sale = journal.queries.get(number)
    assert sale.status is S.PAID and sale.tendered == TOTAL
    with pytest.raises(JournalError):
        journal.tenders.take(number, cash("100"))        # paid: no more tenders


def test_a_tender_that_does_not_fit_is_refused_and_writes_nothing(journal: Journal) -> None:
    number = begin(journal, cash("1000"))
    before = journal.queries.events(number)
    with pytest.raises(JournalError, match="at most"):
        journal.tenders.take(number, CardTender(Decimal(4500), "AB1234"))    # only 4,000 is due
    assert journal.queries.events(number) == before and len(journal.queries.get(number).tenders) == 1
    with pytest.raises(JournalError):
        journal.tenders.begin(LINES, TOTAL, TAXES, CardTender(Decimal(6000), "AB1234"), ReceiptVia.POSAPI)
    assert len(journal.queries.between(journal.now().date(), journal.now().date())) == 1


def test_with_no_way_to_issue_a_receipt_a_covered_sale_is_completed_at_once(journal: Journal) -> None:
    number = begin(journal, cash("5000"), ReceiptVia.NONE)
    sale = journal.queries.get(number)
    assert sale.status is S.COMPLETED and not sale.owes_receipt and not sale.needs_settling


def test_the_rest_by_qpay_asks_only_what_is_due_and_a_refusal_returns_to_the_tenders(journal: Journal) -> None:
    number = begin(journal, cash("2000"))
    assert journal.tenders.rest_started(number) == Decimal(3000)
    sale = journal.queries.get(number)
    assert sale.status is S.CREATING and sale.qpay_due == Decimal(3000)
    journal.sales.invoice_failed(number, "refused: MIN_AMOUNT_ERR")
    assert journal.queries.get(number).status is S.TENDERING          # the cash is in the drawer: back to it
    assert journal.tenders.rest_started(number) == Decimal(3000)  # nothing was made: it may be asked again
    journal.sales.invoice_opened(number, OpenInvoice("inv-1"))
    journal.sales.cancel_started(number)
    journal.sales.invoice_cancelled(number)
    assert journal.queries.get(number).status is S.TENDERING
    with pytest.raises(JournalError, match="QPay invoice already"):
        journal.tenders.rest_started(number)                     # its number was an invoice's: not again


def test_qpay_paying_the_rest_pays_the_sale_and_the_step_lists_all_of_its_money(journal: Journal) -> None:
    number = begin(journal, cash("2000"))
    journal.tenders.rest_started(number)
    journal.sales.invoice_opened(number, OpenInvoice("inv-1"))
    with pytest.raises(JournalError):
        journal.sales.payments_seen(number, (PaymentSeen("p1", Decimal(2999), "Khan", "CARD"),))
    journal.sales.payments_seen(number, (PaymentSeen("p1", Decimal(3000), "Khan", "CARD"),))
    sale = journal.queries.get(number)
    assert sale.status is S.PAID and sale.paid_amount == TOTAL
    [detail] = [d for _, kind, d in journal.queries.events(number) if kind == "payments_seen"]
    assert [(p["type"], p["amount"]) for p in detail["payments"]] == [("CASH", "2000"), ("CARD", "3000")]


def test_tenders_handed_back_cancel_the_sale_and_the_day_counts_them_in_and_out(journal: Journal) -> None:
    number = begin(journal, cash("1000"))
    journal.tenders.take(number, CardTender(Decimal(1500), "AB1234"))
    assert journal.tenders.handed_back(number, "customer left") == Decimal(2500)
    sale = journal.queries.get(number)
    assert sale.status is S.CANCELLED and not sale.money_kept
    assert {t.status for t in sale.tenders} == {TenderStatus.HANDED_BACK}
    assert sale.reversal_kind is ReversalKind.CANCEL and sale.reversal_status is ReversalStatus.DONE
    summary = day_summary(journal.store, journal.now().date())
    assert summary.paid.amount == Decimal(2500) and summary.given_back.amount == Decimal(2500)
    assert summary.net == 0 and summary.cancelled.count == 1 and summary.by_bank == ()


def test_a_return_refunds_the_tenders_and_starts_the_receipts_void_in_the_same_step(journal: Journal) -> None:
    from pos_app.domain.sale import INDIVIDUAL, IssuedReceipt

    number = begin(journal, cash("5000"))
    journal.posapi.started(number, INDIVIDUAL, lambda sale, bill: '{"billIdSuffix": "%s"}' % bill)
    receipt = IssuedReceipt("R1", "AB 12345678", "qr", TOTAL, TAXES.vat, TAXES.city_tax)
    journal.posapi.issued(number, receipt, "2026-11-21 09:00:05")
    stored = journal.queries.get(number).receipts[0]
    assert stored.receipt.lottery == "" and stored.printed_at == "2026-11-21 09:00:05" and stored.bill == "010001"
    assert journal.tenders.refunded(number, "item returned") == TOTAL
    sale = journal.queries.get(number)
    assert not sale.money_kept and sale.reversal_kind is ReversalKind.REFUND and sale.reversed_amount == TOTAL
    assert sale.receipts[0].status.value == "cancelling"
    kinds = [kind for _, kind, _ in journal.queries.events(number)]
    assert kinds[-2:] == ["tenders_refunded", "receipt_cancel_started"]
    summary = day_summary(journal.store, journal.now().date())
    assert summary.given_back_refund.amount == TOTAL and summary.receipt_voids_pending == 1


def test_the_day_close_names_tenders_by_type_and_keeps_them_out_of_the_banks(journal: Journal) -> None:
    begin(journal, cash("5000", "20000"))
    begin(journal, CardTender(TOTAL, "AB1234"))
    summary = day_summary(journal.store, journal.now().date())
    assert dict(summary.by_payment_type) == {"CASH": summary.by_payment_type[0][1],
                                             "TERMINAL": summary.by_payment_type[1][1]}
    assert summary.paid.amount == 2 * TOTAL and summary.by_bank == ()
    assert summary.owes_receipt.count == 2            # both paid, neither receipt issued yet


def test_the_file_refuses_an_unknown_tender_kind_or_status(path: Path, journal: Journal) -> None:
    number = begin(journal, cash("1000"))
    db = sqlite3.connect(path)
    try:
        for column, value in (("kind", "cheque"), ("status", "lost")):
            with pytest.raises(sqlite3.IntegrityError):
                db.execute(f"UPDATE tenders SET {column} = ? WHERE number = ?", (value, number))  # noqa: S608
    finally:
        db.close()


def test_a_version_6_file_gets_tenders_and_shifts_and_keeps_its_sales(path: Path, clock: SteppingClock) -> None:
    from pos_app.journal import schema

    db = sqlite3.connect(path, isolation_level=None)
    try:
        for number, migration in enumerate(schema.MIGRATIONS[:6], start=1):
            migration(db)
            db.execute(f"PRAGMA user_version = {number:d}")
        db.execute("INSERT INTO sales (number, terminal, created_at, updated_at, status, total, vat, city_tax,"
                   " lines_json) VALUES ('T1-20261120-000001', 'T1', '2026-11-20T10:00:00.000000',"
                   " '2026-11-20T10:00:00.000000', 'creating', '5000', '446.43', '89.29', '[]')")
        db.execute("INSERT INTO events (number, at, kind) VALUES ('T1-20261120-000001',"
                   " '2026-11-20T10:00:00.000000', 'sale_begun')")
    finally:
        db.close()
    with Journal(path, "T1", clock=clock) as journal:
        assert journal.pragma("user_version") == schema.LATEST_VERSION
        assert journal.pragma("foreign_keys") == 1
        sale = journal.queries.get("T1-20261120-000001")
        assert sale.status is S.CREATING and sale.receipt_via is ReceiptVia.QPAY and sale.tenders == ()
        assert [kind for _, kind, _ in journal.queries.events(sale.number)] == ["sale_begun"]
        number = journal.tenders.begin(LINES, TOTAL, TAXES, cash("5000"), ReceiptVia.POSAPI)
        assert journal.queries.get(number).status is S.PAID


def test_a_split_sale_whose_qpay_part_failed_is_not_counted_as_failed_by_the_day(journal: Journal) -> None:
    number = begin(journal, cash("2000"))
    journal.tenders.rest_started(number)
    journal.sales.invoice_failed(number, "refused: MIN_AMOUNT_ERR")     # back to its tenders
    journal.tenders.take(number, cash("3000"))
    summary = day_summary(journal.store, journal.now().date())
    assert summary.failed.count == 0 and summary.cancelled.count == 0
    assert summary.paid.amount == TOTAL


def test_a_pending_posapi_request_keeps_when_it_was_sent_and_an_older_file_learns_it_from_its_steps(
        tmp_path: Path) -> None:
    from pos_app.domain.sale import INDIVIDUAL
    from pos_app.journal import schema
    from pos_app.journal.schema_receipt_bills import add_receipt_bill_time

    path = tmp_path / "journal.sqlite3"
    with Journal(path, "T1", clock=SteppingClock()) as journal:
        number = begin(journal, cash("5000"))
        journal.posapi.started(number, INDIVIDUAL, lambda sale, bill: '{"billIdSuffix": "%s"}' % bill)
        sent = journal.queries.get(number).receipt_bill_at
        [started] = [at for at, kind, _ in journal.queries.events(number) if kind == "receipt_started"]
        assert sent == started
    # The file as the till before the migration left it: no column for the moment (nor any later migration's).
    rewind(path, schema.MIGRATIONS.index(add_receipt_bill_time))
    with Journal(path, "T1", clock=SteppingClock()) as journal:
        assert journal.queries.get(number).receipt_bill_at == sent
        assert journal.pragma("user_version") == schema.LATEST_VERSION
