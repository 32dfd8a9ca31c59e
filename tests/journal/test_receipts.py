"""The journal's receipts: one a payment, each settled on its own, issued again after a void when the money was
kept (never after it was given back), and the receipt of a version-2 file moved to the receipts table."""

from __future__ import annotations

import json
import sqlite3
from decimal import Decimal
from pathlib import Path

import pytest

from pos_app.domain.sale import INDIVIDUAL, IssuedReceipt, OpenInvoice, PaymentSeen, Receiver, ReceiverKind
from pos_app.journal import schema
from pos_app.journal.journal import (
    Journal,
    JournalError,
    JournalStatus,
    ReceiptStatus,
    ReversalKind,
)

from .conftest import SteppingClock
from .samples import DAY, LINES, TAXES, TOTAL

S = JournalStatus
INVOICE = OpenInvoice("inv-0001", qr_text="qr")
ONE = (PaymentSeen("pay-1", TOTAL, "Khan bank", "CARD"),)
TWO = (PaymentSeen("pay-1", Decimal("5000.00"), "Khan bank", "CARD"),
       PaymentSeen("pay-2", Decimal("2500.00"), "Golomt", "CARD"))
ORGANIZATION = Receiver.organization("1234567")


def receipt(payment: PaymentSeen, receipt_id: str = "", receiver: Receiver = INDIVIDUAL, *,
            payment_id: str | None = None) -> IssuedReceipt:
    return IssuedReceipt(receipt_id or f"ebarimt-{payment.payment_id}", "AB 12345678", "qr", payment.amount,
                         Decimal("1.00"), Decimal("0.00"), receiver,
                         payment.payment_id if payment_id is None else payment_id)


def paid(journal: Journal, payments: tuple[PaymentSeen, ...] = ONE) -> str:
    number = journal.sales.begin(LINES, TOTAL, TAXES, day=DAY)
    journal.sales.invoice_opened(number, INVOICE)
    journal.sales.payments_seen(number, payments)
    return number


def completed(journal: Journal, payments: tuple[PaymentSeen, ...] = ONE) -> str:
    number = paid(journal, payments)
    journal.sales.receipt_started(number, Receiver())
    for payment in payments:
        journal.sales.receipt_issued(number, receipt(payment))
    assert journal.queries.get(number).status is S.COMPLETED
    return number


def raw(path: Path, sql: str, params: tuple = ()) -> list[tuple]:
    db = sqlite3.connect(path)
    try:
        return db.execute(sql, params).fetchall()
    finally:
        db.close()


def snapshot(journal: Journal, number: str) -> tuple:
    return (raw(journal.path, "SELECT * FROM sales WHERE number = ?", (number,)),
            raw(journal.path, "SELECT * FROM receipts WHERE number = ? ORDER BY id", (number,)),
            journal.queries.events(number))


# -- one receipt a payment ------------------------------------------------------------------------------------

def test_a_receipt_without_its_payment_is_refused_while_two_payments_have_none(journal: Journal) -> None:
    number = paid(journal, TWO)
    journal.sales.receipt_started(number, Receiver())
    before = snapshot(journal, number)
    with pytest.raises(JournalError, match="must name its payment"):
        journal.sales.receipt_issued(number, receipt(TWO[0], payment_id=""))
    assert snapshot(journal, number) == before
    journal.sales.receipt_issued(number, receipt(TWO[0]))
    # One payment left without: a receipt that names none is that one's.
    journal.sales.receipt_issued(number, receipt(TWO[1], payment_id=""))
    sale = journal.queries.get(number)
    assert sale.status is S.COMPLETED
    assert [r.payment_id for r in sale.receipts] == ["pay-1", "pay-2"]


def test_a_receipt_for_a_payment_the_sale_does_not_have_is_refused(journal: Journal) -> None:
    number = paid(journal, ONE)
    journal.sales.receipt_started(number, Receiver())
    with pytest.raises(JournalError, match="has no payment pay-9"):
        journal.sales.receipt_issued(number, receipt(ONE[0], payment_id="pay-9"))
    assert journal.queries.get(number).receipts == ()


def test_the_same_receipt_answered_again_is_recorded_once_and_another_one_is_refused(journal: Journal) -> None:
    number = paid(journal, TWO)
    journal.sales.receipt_started(number, Receiver())
    journal.sales.receipt_issued(number, receipt(TWO[0]))
    journal.sales.receipt_issued(number, receipt(TWO[0]))               # asked again after a lost answer
    assert len(journal.queries.get(number).receipts) == 1
    assert journal.queries.events(number)[-1][2]["again"] is True
    with pytest.raises(JournalError, match="already has receipt ebarimt-pay-1"):
        journal.sales.receipt_issued(number, receipt(TWO[0], "ebarimt-other"))
    assert journal.queries.get(number).status is S.RECEIPT_PENDING


def test_the_receiver_recorded_is_each_receipts_own(journal: Journal) -> None:
    number = paid(journal, ONE)
    journal.sales.receipt_started(number, ORGANIZATION)
    journal.sales.receipt_issued(number, receipt(ONE[0], receiver=Receiver()))   # the service had made it earlier
    sale = journal.queries.get(number)
    assert sale.receiver == ORGANIZATION and sale.receipt is not None and sale.receipt.receiver == Receiver()
    assert sale.receiver_differs
    assert raw(journal.path, "SELECT receiver_kind, receiver_register FROM receipts") == [("83", "")]
    assert raw(journal.path, "SELECT receiver_kind, receiver_register FROM sales") == [("84", "1234567")]


def test_the_voids_of_two_receipts_are_settled_one_by_one(journal: Journal) -> None:
    number = completed(journal, TWO)
    journal.reversals.receipt_cancel_started(number)
    journal.reversals.receipt_cancelled(number, "pay-1")
    half = journal.queries.get(number)
    assert half.receipt_status is ReceiptStatus.CANCELLING and half.needs_settling
    assert [r.status for r in half.receipts] == [ReceiptStatus.CANCELLED, ReceiptStatus.CANCELLING]
    journal.reversals.receipt_cancel_failed(number, "refused: EBARIMT_CANCEL_NOTSUPPERDED", "pay-2")
    settled = journal.queries.get(number)
    assert settled.receipt_status is ReceiptStatus.ISSUED and not settled.needs_settling
    assert [(r.status, r.failure) for r in settled.receipts] == [
        (ReceiptStatus.CANCELLED, ""), (ReceiptStatus.ISSUED, "refused: EBARIMT_CANCEL_NOTSUPPERDED")]
    assert settled.failure == "refused: EBARIMT_CANCEL_NOTSUPPERDED"
    assert [p.payment_id for p in settled.payments_without_receipt] == ["pay-1"]
    with pytest.raises(JournalError, match="no receipt is cancelling for payment pay-2"):
        journal.reversals.receipt_cancelled(number, "pay-2")


# -- issued again after a void ---------------------------------------------------------------------------------

def test_a_sale_whose_receipts_were_voided_with_the_money_kept_is_issued_a_new_one(journal: Journal) -> None:
    number = completed(journal, ONE)
    old = journal.queries.get(number).receipt
    assert not journal.queries.get(number).owes_receipt
    journal.reversals.receipt_cancel_started(number)
    assert not journal.queries.get(number).can_issue_receipt            # not while the void is being asked
    journal.reversals.receipt_cancelled(number)
    voided = journal.queries.get(number)
    assert voided.status is S.COMPLETED and voided.money_kept
    assert voided.owes_receipt and voided.can_issue_receipt and voided.payments_without_receipt == ONE

    journal.sales.receipt_started(number, ORGANIZATION)
    assert journal.queries.get(number).status is S.RECEIPT_PENDING
    new = receipt(ONE[0], "ebarimt-new", ORGANIZATION)
    journal.sales.receipt_issued(number, new)
    again = journal.queries.get(number)
    assert again.status is S.COMPLETED and again.receipt_status is ReceiptStatus.ISSUED
    assert again.receipt == new and again.current_receipts == (new,) and again.has_active_receipt
    assert [(r.receipt, r.status) for r in again.receipts] == [(old, ReceiptStatus.CANCELLED),
                                                               (new, ReceiptStatus.ISSUED)]
    assert not again.owes_receipt and not again.receiver_differs


def test_a_sale_whose_receipt_is_valid_is_not_issued_another(journal: Journal) -> None:
    number = completed(journal, ONE)
    before = snapshot(journal, number)
    with pytest.raises(JournalError, match="is owed no receipt now"):
        journal.sales.receipt_started(number, Receiver())
    assert snapshot(journal, number) == before


@pytest.mark.parametrize("done", [True, False], ids=["refunded", "refund-pending"])
def test_a_sale_whose_money_was_given_back_cannot_get_a_receipt(journal: Journal, done: bool) -> None:
    number = completed(journal, ONE)
    journal.reversals.started(number, ReversalKind.REFUND, "customer returned the goods")
    if done:
        journal.reversals.done(number, TOTAL)
    journal.reversals.receipt_cancel_started(number)
    journal.reversals.receipt_cancelled(number)
    sale = journal.queries.get(number)
    assert not sale.money_kept and not sale.owes_receipt and not sale.can_issue_receipt
    before = snapshot(journal, number)
    with pytest.raises(JournalError, match="is owed no receipt now"):
        journal.sales.receipt_started(number, Receiver())
    assert snapshot(journal, number) == before


# -- a version-2 file --------------------------------------------------------------------------------------------

V2_PAYMENTS = [{"payment_id": "pay-1", "amount": "7500.00", "bank": "Khan bank", "type": "CARD"}]


def _version_2_file(path: Path) -> None:
    """A journal as pos-app with schema version 2 left it: the receipt in the sale's own columns."""
    db = sqlite3.connect(path, isolation_level=None)
    try:
        for migration in schema.MIGRATIONS[:2]:
            migration(db)
        db.execute("PRAGMA user_version = 2")
        lines_json = json.dumps([{"description": "Талх", "quantity": "2", "unit_price": "1500.00"}])
        sales = (   # number, receiver, receipt_id, receipt status
            ("T1-20261120-000001", ("84", "1234567"), "ebarimt-1", "issued"),
            ("T1-20261120-000002", ("83", ""), "ebarimt-2", "cancelled"),
            ("T1-20261120-000003", ("83", ""), "ebarimt-3", "cancelling"),
            ("T1-20261120-000004", (None, ""), None, None),
        )
        for n, (number, (kind, register), receipt_id, status) in enumerate(sales):
            payments = [{**V2_PAYMENTS[0], "payment_id": f"pay-{n + 1}"}]
            db.execute(
                "INSERT INTO sales (number, terminal, created_at, updated_at, status, total, vat, city_tax,"
                " lines_json, invoice_id, paid_amount, bank, payment_ids_json, receiver_kind, receiver_register,"
                " receipt_id, lottery, receipt_qr, receipt_amount, receipt_vat, receipt_city_tax, receipt_status)"
                " VALUES (?, 'T1', ?, ?, ?, '7500.00', '672.27', '40.18', ?, ?, '7500.00', 'Khan bank', ?, ?, ?,"
                " ?, ?, ?, ?, ?, ?, ?)",
                (number, f"2026-11-20T1{n}:00:00.000000", f"2026-11-20T1{n}:05:00.000000",
                 "completed" if receipt_id else "paid", lines_json, f"inv-{n}", json.dumps(payments), kind, register,
                 receipt_id, receipt_id and f"AB 1234567{n}", receipt_id and "qr-data", receipt_id and "7500.00",
                 receipt_id and "672.27", receipt_id and "40.18", status))
        db.execute("INSERT INTO sale_sequence (terminal, day, last) VALUES ('T1', '2026-11-20', 4)")
    finally:
        db.close()


def test_a_version_2_file_is_migrated_to_the_latest_and_its_receipts_land_in_the_receipts_table(
        path: Path, clock: SteppingClock) -> None:
    _version_2_file(path)
    assert raw(path, "PRAGMA user_version") == [(2,)]
    with Journal(path, "T1", clock=clock) as journal:
        assert journal.pragma("user_version") == schema.LATEST_VERSION
        assert raw(path, "SELECT number, payment_id, receipt_id, lottery, amount, vat, city_tax, receiver_kind,"
                         " receiver_register, status, issued_at FROM receipts ORDER BY id") == [
            ("T1-20261120-000001", "pay-1", "ebarimt-1", "AB 12345670", "7500.00", "672.27", "40.18", "84",
             "1234567", "issued", "2026-11-20T10:05:00.000000"),
            ("T1-20261120-000002", "pay-2", "ebarimt-2", "AB 12345671", "7500.00", "672.27", "40.18", "83", "",
             "cancelled", "2026-11-20T11:05:00.000000"),
            ("T1-20261120-000003", "pay-3", "ebarimt-3", "AB 12345672", "7500.00", "672.27", "40.18", "83", "",
             "cancelling", "2026-11-20T12:05:00.000000"),
        ]

        issued = journal.queries.get("T1-20261120-000001")
        assert issued.receipt is not None and issued.receipt == IssuedReceipt(
            "ebarimt-1", "AB 12345670", "qr-data", TOTAL, Decimal("672.27"), Decimal("40.18"),
            Receiver(ReceiverKind.ORGANIZATION, "1234567"), "pay-1")
        assert issued.has_active_receipt and not issued.owes_receipt and not issued.receiver_differs
        voided = journal.queries.get("T1-20261120-000002")
        assert voided.receipt_status is ReceiptStatus.CANCELLED and voided.owes_receipt   # the money was kept
        cancelling = journal.queries.get("T1-20261120-000003")
        assert cancelling.receipts[0].status is ReceiptStatus.CANCELLING and cancelling.needs_settling
        assert [sale.number for sale in journal.queries.unsettled()] == ["T1-20261120-000003"]
        assert journal.queries.get("T1-20261120-000004").receipts == ()

        # The migrated receipts take the new steps like any other.
        journal.reversals.receipt_cancel_started(issued.number)
        journal.reversals.receipt_cancelled(issued.number, "pay-1")
        journal.sales.receipt_started(voided.number, Receiver())
        journal.sales.receipt_issued(voided.number, receipt(PaymentSeen("pay-2", TOTAL), "ebarimt-2b"))
        assert [r.status for r in journal.queries.get(voided.number).receipts] == [ReceiptStatus.CANCELLED,
                                                                                    ReceiptStatus.ISSUED]
    with Journal(path, "T1", clock=clock):
        pass
    assert raw(path, "SELECT count(*) FROM receipts") == [(4,)]          # migrated once, not again
