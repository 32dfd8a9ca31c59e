"""Voids that must not slip away (issue 16, from the review of the money paths): a give back that asked for the
receipt's void starts it in the same transaction as the money's return, so a crash between the two still voids
it; a receipt voided elsewhere is recognised as voided; a receipt to an organization needs no lottery number."""

from __future__ import annotations

from decimal import Decimal

import pytest

from pos_app.checkout import Checkout, CheckoutConfig
from pos_app.checkout.receipts import cancel_receipts
from pos_app.checkout.recovery import Recovered, recover_all
from pos_app.checkout.service import issued_receipt
from pos_app.domain.sale import Receiver, ReceiverKind
from pos_app.journal import Journal, JournalStatus, ReceiptStatus, ReversalKind
from pos_app.qpay import Ebarimt, EbarimtCancelResult, NotFoundError, OutcomeUnknownError
from pos_app.sandbox import SandboxServer
from tests.qpay.helpers import SandboxControl

from .test_receipts import ORGANIZATION, REASON, _completed, _made



def test_a_crash_between_the_money_given_back_and_the_receipts_void_still_voids_it(
        journal: Journal, checkout: Checkout, control: SandboxControl, sandbox_server: SandboxServer) -> None:
    number = _completed(journal, checkout, control, sandbox_server)
    payment_id = journal.queries.get(number).payments[0].payment_id
    journal.reversals.started(number, ReversalKind.CANCEL, REASON, void_receipts=True)
    checkout.reverse_payments(journal.queries.get(number).payments, False, REASON)
    journal.reversals.done(number, Decimal("7000"))
    # <- the till stops here: the void is already owed, in the same transaction as the money's return
    sale = journal.queries.get(number)
    assert sale.receipt_status is ReceiptStatus.CANCELLING and [s.number for s in journal.queries.unsettled()] \
        == [number]
    [outcome] = recover_all(journal, checkout)
    assert outcome.result is Recovered.RECEIPT_CANCELLED
    sale = journal.queries.get(number)
    assert not sale.valid_receipts and [r["barimt_status"] for r in _made(sandbox_server, payment_id)] == [
        "CANCELLED"]


def test_a_give_back_without_the_void_leaves_the_receipt_valid(
        journal: Journal, checkout: Checkout, control: SandboxControl, sandbox_server: SandboxServer) -> None:
    number = _completed(journal, checkout, control, sandbox_server)
    journal.reversals.started(number, ReversalKind.CANCEL, REASON)
    journal.reversals.done(number, Decimal("7000"))
    assert journal.queries.get(number).has_active_receipt and journal.queries.unsettled() == []


def test_a_receipt_voided_elsewhere_is_recorded_as_voided(
        journal: Journal, checkout: Checkout, control: SandboxControl, sandbox_server: SandboxServer) -> None:
    number = _completed(journal, checkout, control, sandbox_server)
    payment_id = journal.queries.get(number).payments[0].payment_id
    checkout.client.cancel_ebarimt(payment_id)            # the merchant portal, or another till
    sale = cancel_receipts(journal, checkout, number)     # "no receipt for this payment": it is voided
    assert [row.status for row in sale.receipts] == [ReceiptStatus.CANCELLED] and not sale.failure


def test_a_receipt_to_an_organization_needs_no_lottery_number() -> None:
    answer = Ebarimt.model_validate({
        "id": "1" * 33, "ebarimt_receiver_type": "84", "ebarimt_receiver": "1234567", "amount": "7000.00",
        "vat_amount": "636.36", "city_tax_amount": "0.00", "ebarimt_qr_data": "", "ebarimt_lottery": "",
        "barimt_status": "CREATED", "status": True})
    receipt = issued_receipt(answer, "p1", ORGANIZATION)
    assert receipt.lottery == "" and receipt.receiver.kind is ReceiverKind.ORGANIZATION


def test_an_organizations_receipt_without_lottery_completes_the_sale(
        journal: Journal, checkout: Checkout, control: SandboxControl, sandbox_server: SandboxServer) -> None:
    state = sandbox_server.sandbox.state
    original = state.save

    def no_lottery_for_organizations(kind: str, record: dict) -> object:   # B2B receipts carry no lottery
        if kind == "ebarimt" and record.get("ebarimt_receiver_type") == "84":
            record["ebarimt_lottery"] = ""
        return original(kind, record)

    state.save = no_lottery_for_organizations  # type: ignore[method-assign]
    try:
        number = _completed(journal, checkout, control, sandbox_server, receiver=ORGANIZATION)
    finally:
        state.save = original  # type: ignore[method-assign]
    sale = journal.queries.get(number)
    assert sale.status is JournalStatus.COMPLETED and sale.receipt is not None and sale.receipt.lottery == ""
    assert sale.receipt.receiver == Receiver.organization("1234567")


def test_a_give_back_the_till_stopped_half_way_records_what_went_back_at_restart(
        journal: Journal, checkout: Checkout, control: SandboxControl, sandbox_server: SandboxServer) -> None:
    number = _completed(journal, checkout, control, sandbox_server, (Decimal(2000), Decimal(5000)))
    first, second = journal.queries.get(number).payments
    journal.reversals.started(number, ReversalKind.CANCEL, REASON)
    checkout.client.cancel_payment(first.payment_id, note=REASON)   # <- the till stops before the second one
    [outcome] = recover_all(journal, checkout)
    assert outcome.result is Recovered.NOT_REVERSED
    sale = journal.queries.get(number)
    assert sale.given_back == (first,) and sale.reversed_amount == Decimal(2000)
    assert sale.payments_kept == (second,) and sale.can_reverse


class _VoidAnswers:
    """A client whose receipt voids answer from a list, in turn (the last one repeating)."""

    def __init__(self, *answers: dict[str, object]) -> None:
        self.answers = list(answers)
        self.asked = 0

    def cancel_ebarimt(self, payment_id: str) -> EbarimtCancelResult:
        answer = self.answers[min(self.asked, len(self.answers) - 1)]
        self.asked += 1
        return EbarimtCancelResult.model_validate(answer)


@pytest.mark.parametrize("answer", [{}, {"barimt_status": "REGISTERED"},
                                    {"barimt_status": "REGISTERED", "status": True}],
                         ids=["empty", "registered", "registered-true"])
def test_a_void_answer_that_does_not_say_cancelled_is_asked_again_then_unknown(answer: dict[str, object]) -> None:
    # Recorded as voided only on an answer that says so; else asked once more, and then the void stays unknown
    # (the receipt is left cancelling for recovery), never recorded done.
    client = _VoidAnswers(answer)
    checkout = Checkout(client, CheckoutConfig(invoice_code="TEST_INVOICE", callback_url="http://127.0.0.1:9/cb"))
    with pytest.raises(OutcomeUnknownError):
        checkout.cancel_receipt("P1")
    assert client.asked == 2


@pytest.mark.parametrize("answer", [{"barimt_status": "CANCELLED", "status": True}, {"barimt_status": "CANCELED"},
                                    {"status": True}], ids=["contract", "live", "status-only"])
def test_a_void_answer_that_says_cancelled_is_done_at_once(answer: dict[str, object]) -> None:
    client = _VoidAnswers(answer)
    checkout = Checkout(client, CheckoutConfig(invoice_code="TEST_INVOICE", callback_url="http://127.0.0.1:9/cb"))
    assert checkout.cancel_receipt("P1") is None and client.asked == 1


def test_an_unclear_void_answer_then_no_receipt_is_done() -> None:
    # The second ask finds no receipt left: the first did void it.
    client = _VoidAnswers({})
    checkout = Checkout(client, CheckoutConfig(invoice_code="TEST_INVOICE", callback_url="http://127.0.0.1:9/cb"))

    def no_receipt(payment_id: str) -> EbarimtCancelResult:
        client.asked += 1
        if client.asked == 1:
            return EbarimtCancelResult.model_validate({})
        raise NotFoundError(422, "BARIMT_NOT_FOUND", "no active ebarimt")

    client.cancel_ebarimt = no_receipt  # type: ignore[method-assign]
    assert checkout.cancel_receipt("P1") is None and client.asked == 2
