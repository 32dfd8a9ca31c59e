"""What the till takes from the service's answers, without a service: a receipt answer is recorded only when it
is an active receipt with its lottery and every amount (else the outcome is unknown and asked again), and a
check row without a payment id is no payment."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from pos_app.checkout.service import ReceiptAnswerIncomplete, is_definite_refusal, issued_receipt, payments_seen
from pos_app.domain.cart import CartLine
from pos_app.domain.sale import OpenInvoice, PaymentSeen, Receiver, ReceiverKind
from pos_app.domain.taxes import TaxSplit
from pos_app.journal import Journal, JournalStatus
from pos_app.qpay import CheckResult, Ebarimt, PaidState, paid_state

ORGANIZATION = Receiver.organization("1234567")
ANSWER: dict[str, Any] = {
    "id": "123456789012345678901234567890123", "ebarimt_by": "QPAY", "ebarimt_receiver_type": "83",
    "ebarimt_receiver": "", "amount": "7000.00", "vat_amount": "636.36", "city_tax_amount": "0.00",
    "ebarimt_qr_data": "0123456789", "ebarimt_lottery": "AB 12345678", "barimt_status": "CREATED",
    "barimt_status_date": "2026-11-21T10:00:00.000+08:00", "status": True,
}


def answer(**changes: Any) -> Ebarimt:
    return Ebarimt.model_validate({**ANSWER, **changes})


# -- the receipt answer ---------------------------------------------------------------------------------------

def test_a_whole_active_answer_is_the_receipt_of_its_payment() -> None:
    receipt = issued_receipt(answer(), "pay-1", Receiver())
    assert (receipt.receipt_id, receipt.lottery, receipt.qr_data, receipt.payment_id) == (
        ANSWER["id"], "AB 12345678", "0123456789", "pay-1")
    assert (receipt.amount, receipt.vat, receipt.city_tax) == (Decimal("7000.00"), Decimal("636.36"), Decimal(0))
    assert receipt.receiver == Receiver()


def test_the_receiver_is_the_one_the_service_recorded_not_the_one_asked() -> None:
    assert issued_receipt(answer(), "pay-1", ORGANIZATION).receiver == Receiver()
    company = answer(ebarimt_receiver_type="84", ebarimt_receiver=" 5395305 ")
    assert issued_receipt(company, "pay-1", Receiver()).receiver == Receiver(ReceiverKind.ORGANIZATION, "5395305")
    # Only an answer silent on it keeps the one asked.
    assert issued_receipt(answer(ebarimt_receiver_type=None), "pay-1", ORGANIZATION).receiver == ORGANIZATION


@pytest.mark.parametrize("changes", [
    {"status": False},
    {"barimt_status": "CANCELLED"},
    {"barimt_status": "CANCELED", "status": True},
    {"ebarimt_lottery": None},
    {"ebarimt_lottery": ""},
    {"vat_amount": None},            # a VAT not given is not a VAT of 0
    {"amount": None},
    {"city_tax_amount": None},
    {"id": None},
], ids=["status-false", "cancelled", "canceled", "no-lottery", "empty-lottery", "null-vat", "null-amount",
        "null-city-tax", "no-id"])
def test_an_answer_that_is_not_a_whole_active_receipt_is_refused(changes: dict[str, Any]) -> None:
    with pytest.raises(ReceiptAnswerIncomplete):
        issued_receipt(answer(**changes), "pay-1", Receiver())


def test_a_refused_answer_is_an_unknown_outcome_not_a_refusal() -> None:
    # The receipt may exist all the same: the step stays pending and is settled by asking again.
    with pytest.raises(ReceiptAnswerIncomplete) as refused:
        issued_receipt(answer(vat_amount=None), "pay-1", Receiver())
    assert not is_definite_refusal(refused.value)


def test_a_zero_city_tax_is_an_amount() -> None:
    assert issued_receipt(answer(city_tax_amount=0), "pay-1", Receiver()).city_tax == Decimal(0)


# -- a check row without its payment id -------------------------------------------------------------------------

def check(*rows: dict[str, Any]) -> CheckResult:
    return CheckResult.model_validate({"count": len(rows), "rows": list(rows)})


def row(amount: str, payment_id: str | None = None, status: str = "PAID") -> dict[str, Any]:
    found: dict[str, Any] = {"payment_status": status, "payment_amount": amount, "payment_wallet": "Khan bank",
                             "payment_type": "CARD"}
    if payment_id is not None:
        found["payment_id"] = payment_id
    return found


@pytest.mark.parametrize("payment_id", [None, ""], ids=["missing", "empty"])
def test_a_paid_row_without_a_payment_id_counts_as_no_payment(payment_id: str | None) -> None:
    verdict = paid_state(check(row("7000.00", payment_id)), "7000")
    assert verdict.state == PaidState.UNPAID and verdict.paid_amount == 0 and verdict.paid_payment_ids == ()
    assert payments_seen(verdict) == ()


def test_a_row_without_a_payment_id_leaves_the_rest_partly_paid() -> None:
    verdict = paid_state(check(row("3000.00", "pay-1"), row("4000.00")), "7000")
    assert verdict.state == PaidState.PARTIAL and verdict.paid_amount == Decimal("3000.00")
    assert payments_seen(verdict) == (PaymentSeen("pay-1", Decimal("3000.00"), "Khan bank", "CARD"),)


def test_a_sale_paid_beside_a_row_without_its_id_is_recorded_with_its_payments_only(tmp_path: Path) -> None:
    verdict = paid_state(check(row("7000.00", "pay-1"), row("500.00"), row("7000.00", "pay-2", "REFUNDED")), "7000")
    assert verdict.is_paid and verdict.paid_amount == Decimal("7000.00")
    seen = payments_seen(verdict)
    assert seen == (PaymentSeen("pay-1", Decimal("7000.00"), "Khan bank", "CARD"),)
    with Journal(tmp_path / "journal.sqlite3", "T1") as journal:
        number = journal.sales.begin((CartLine("Milk", Decimal(2), Decimal(3500)),), Decimal(7000),
                                     TaxSplit(Decimal("636.36"), Decimal(0)))
        journal.sales.invoice_opened(number, OpenInvoice("inv-1", "qr"))
        journal.sales.payments_seen(number, seen)
        sale = journal.queries.get(number)
        assert (sale.status, sale.payments, sale.paid_amount) == (JournalStatus.PAID, seen, Decimal("7000.00"))
        assert [payment.payment_id for payment in sale.payments_without_receipt] == ["pay-1"]
