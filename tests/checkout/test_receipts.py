"""The sale's receipts against the real sandbox: one ebarimt a payment, issued, voided and issued again; the
receiver the service recorded after a lost answer; 5xx and timeouts that leave a step pending (never failed)
until recovery asks again; a void the service refuses ends as refused, once. Each test ends with the journal
and the service agreeing on which receipts are valid."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal
from typing import Any

import pytest

from pos_app.checkout import Checkout
from pos_app.checkout.after_sale import give_back
from pos_app.checkout.receipts import cancel_receipts, issue_receipts, reissue_receipts
from pos_app.checkout.recovery import Recovered, recover_all
from pos_app.checkout.service import is_definite_refusal
from pos_app.domain.cart import Cart
from pos_app.domain.catalog import CatalogItem
from pos_app.domain.sale import Receiver, ReceiverKind, Sale
from pos_app.journal import (
    Journal,
    JournalError,
    JournalSale,
    JournalStatus,
    ReceiptStatus,
    ReversalKind,
    ReversalStatus,
)
from pos_app.qpay import InvalidRequestError, QPayClient, QPayError
from pos_app.sandbox import SandboxServer
from tests.qpay.helpers import FAST_POLICY, PASSWORD, USERNAME, SandboxControl, wait_until

MILK = CatalogItem("1", "Сүү", Decimal("3500"), "8401", "0122", False)
TOTAL = Decimal("7000")
CREATE = "/v2/ebarimt_v3/create"
EBARIMT = "/v2/ebarimt_v3/"
ORGANIZATION = Receiver.organization("1234567")
INDIVIDUAL = Receiver()
REASON = "customer returned the milk"
READ_TIMEOUT = 1.0
HELD_MS = 2_500            # past the read timeout, whatever the machine's load
DAY = 86_400


@pytest.fixture
def impatient(sandbox_server: SandboxServer, checkout: Checkout) -> Iterator[Checkout]:
    """The till's calls with a short read timeout, so a request the sandbox holds times out."""
    client = QPayClient(sandbox_server.url, USERNAME, PASSWORD, timeout=(2.0, READ_TIMEOUT), retry_policy=FAST_POLICY)
    yield Checkout(client, checkout.config)
    client.close()


def _paid(journal: Journal, checkout: Checkout, control: SandboxControl, sandbox_server: SandboxServer,
          amounts: tuple[Decimal, ...] = (TOTAL,)) -> str:
    """A sale paid by card in the sandbox in `amounts` (one payment each) and recorded PAID."""
    cart = Cart()
    cart.add_item(MILK, 2)
    number = journal.sales.begin(cart.lines, cart.total, cart.taxes)
    invoice = checkout.create_invoice(Sale(number, cart.lines, cart.total, cart.taxes))
    journal.sales.invoice_opened(number, invoice)
    if len(amounts) > 1:    # the till's invoices take no part payments: the service's record is changed instead
        state = sandbox_server.sandbox.state
        with state.lock:
            state.invoices[invoice.invoice_id]["allow_partial"] = True
    for amount in amounts:
        control.pay(invoice.invoice_id, amount=str(amount), transaction_type="CARD")
    check = checkout.check_payment(invoice.invoice_id, cart.total)
    assert check.is_paid and len(check.payments) == len(amounts)
    journal.sales.payments_seen(number, check.payments)
    return number


def _completed(journal: Journal, checkout: Checkout, control: SandboxControl, sandbox_server: SandboxServer,
               amounts: tuple[Decimal, ...] = (TOTAL,), receiver: Receiver = INDIVIDUAL) -> str:
    number = _paid(journal, checkout, control, sandbox_server, amounts)
    assert issue_receipts(journal, checkout, number, receiver).status is JournalStatus.COMPLETED
    return number


def _made(sandbox_server: SandboxServer, payment_id: str) -> list[dict[str, Any]]:
    """Every ebarimt the service made for the payment (voided ones too), oldest first."""
    state = sandbox_server.sandbox.state
    with state.lock:
        return [dict(receipt) for receipt in state.ebarimts.values() if receipt["payment_id"] == payment_id]


def _active(sandbox_server: SandboxServer, payment_id: str) -> dict[str, Any] | None:
    state = sandbox_server.sandbox.state
    with state.lock:
        found = state.active_ebarimt(payment_id)
        return dict(found) if found is not None else None


def assert_journal_agrees_with_service(sandbox_server: SandboxServer, sale: JournalSale) -> None:
    """Each payment's valid receipt in the journal is the service's active one (same id and receiver), and a
    payment without one in the journal has none in the service."""
    for payment in sale.payments:
        active = _active(sandbox_server, payment.payment_id)
        valid = [receipt.receipt for receipt in sale.valid_receipts if receipt.payment_id == payment.payment_id]
        if active is None:
            assert valid == [], (payment, valid)
            continue
        assert [receipt.receipt_id for receipt in valid] == [active["id"]]
        assert valid[0].receiver.kind.value == active["ebarimt_receiver_type"]
        assert valid[0].receiver.register == active["ebarimt_receiver"]
        assert valid[0].amount == Decimal(active["amount"]) == payment.amount


def _wait_for_held(control: SandboxControl, path: str, method: str, count: int = 1) -> None:
    """A held request is logged when the sandbox lets it go, long after the client gave up on it."""
    wait_until(lambda: sum(1 for entry in control.requests_seen()
                           if entry.get("fault") and entry["path"] == path and entry["method"] == method) >= count,
               timeout=20)


# -- point 5: one receipt a payment ---------------------------------------------------------------------------

def test_a_sale_paid_in_two_payments_gets_a_receipt_for_each_voided_together(journal, checkout, control,
                                                                            sandbox_server) -> None:
    number = _paid(journal, checkout, control, sandbox_server, (Decimal("3000"), Decimal("4000")))
    done = issue_receipts(journal, checkout, number, INDIVIDUAL)
    assert done.status is JournalStatus.COMPLETED and done.receipt_status is ReceiptStatus.ISSUED
    assert [receipt.payment_id for receipt in done.receipts] == [payment.payment_id for payment in done.payments]
    assert [receipt.amount for receipt in done.current_receipts] == [Decimal("3000"), Decimal("4000")]
    assert sum((receipt.amount for receipt in done.current_receipts), Decimal(0)) == TOTAL == done.total
    assert len({receipt.lottery for receipt in done.current_receipts}) == 2
    assert control.count(CREATE, "POST") == 2
    assert all(len(_made(sandbox_server, payment.payment_id)) == 1 for payment in done.payments)
    assert_journal_agrees_with_service(sandbox_server, done)

    voided = cancel_receipts(journal, checkout, number)
    assert voided.receipt_status is ReceiptStatus.CANCELLED and not voided.has_active_receipt
    assert [receipt.status for receipt in voided.receipts] == [ReceiptStatus.CANCELLED] * 2
    for payment in voided.payments:
        assert control.count(f"{EBARIMT}{payment.payment_id}", "DELETE") == 1
        assert _active(sandbox_server, payment.payment_id) is None
    assert_journal_agrees_with_service(sandbox_server, voided)


# -- point 3: issued again after a void, the money kept ---------------------------------------------------------

def test_after_its_receipts_were_voided_a_sale_whose_money_was_kept_is_issued_a_new_one(
        journal, checkout, control, sandbox_server) -> None:
    number = _completed(journal, checkout, control, sandbox_server)
    old = journal.queries.get(number).receipt
    assert old is not None
    cancel_receipts(journal, checkout, number)
    voided = journal.queries.get(number)
    assert voided.status is JournalStatus.COMPLETED and voided.owes_receipt and voided.can_issue_receipt

    again = issue_receipts(journal, checkout, number, INDIVIDUAL)
    assert again.status is JournalStatus.COMPLETED and again.has_active_receipt and not again.owes_receipt
    assert again.receipt is not None and again.receipt.receipt_id != old.receipt_id
    assert [(r.receipt.receipt_id, r.status) for r in again.receipts] == [
        (old.receipt_id, ReceiptStatus.CANCELLED), (again.receipt.receipt_id, ReceiptStatus.ISSUED)]
    assert again.to_sale().receipts == (again.receipt,)
    assert_journal_agrees_with_service(sandbox_server, again)


def test_a_refunded_sale_cannot_get_a_receipt_again(journal, checkout, control, sandbox_server) -> None:
    number = _completed(journal, checkout, control, sandbox_server)
    refunded = give_back(journal, checkout, number, ReversalKind.REFUND, REASON)
    assert refunded.is_reversed and refunded.receipt_status is ReceiptStatus.CANCELLED
    assert not refunded.owes_receipt and not refunded.can_issue_receipt
    with pytest.raises(JournalError, match="owed no receipt"):
        issue_receipts(journal, checkout, number, INDIVIDUAL)
    assert control.count(CREATE, "POST") == 1                     # the service was not asked
    assert journal.queries.get(number).receipt_status is ReceiptStatus.CANCELLED
    assert_journal_agrees_with_service(sandbox_server, journal.queries.get(number))


# -- point 1: the receiver the service recorded -------------------------------------------------------------------

def test_after_a_lost_answer_the_receipt_the_service_made_is_recorded_and_issued_again_for_the_organization(
        journal, checkout, control, sandbox_server) -> None:
    number = _paid(journal, checkout, control, sandbox_server)
    [payment] = journal.queries.get(number).payments
    control.fault(CREATE, method="POST", drop=True, after_processing=True)      # made for an individual, lost
    with pytest.raises(QPayError) as lost:
        issue_receipts(journal, checkout, number, INDIVIDUAL)
    assert not is_definite_refusal(lost.value)
    assert journal.queries.get(number).status is JournalStatus.RECEIPT_PENDING

    # The cashier asks again, now for an organization: the service answers with the receipt it made.
    recorded = issue_receipts(journal, checkout, number, ORGANIZATION)
    assert recorded.status is JournalStatus.COMPLETED
    assert recorded.receiver == ORGANIZATION                     # what was asked
    [row] = recorded.receipts
    assert row.receipt.receiver == INDIVIDUAL and row.receipt.receiver.kind is ReceiverKind.INDIVIDUAL
    assert recorded.receiver_differs
    individual = _made(sandbox_server, payment.payment_id)
    assert len(individual) == 1 and individual[0]["ebarimt_receiver_type"] == "83"
    assert row.receipt.receipt_id == individual[0]["id"]
    assert_journal_agrees_with_service(sandbox_server, recorded)

    reissued = reissue_receipts(journal, checkout, number, ORGANIZATION)
    assert reissued.status is JournalStatus.COMPLETED and not reissued.receiver_differs
    assert [(r.receipt.receiver, r.status) for r in reissued.receipts] == [
        (INDIVIDUAL, ReceiptStatus.CANCELLED), (ORGANIZATION, ReceiptStatus.ISSUED)]
    assert reissued.receipt is not None and reissued.receipt.receiver == ORGANIZATION
    made = _made(sandbox_server, payment.payment_id)
    assert [(r["ebarimt_receiver_type"], r["ebarimt_receiver"], r["barimt_status"]) for r in made] == [
        ("83", "", "CANCELLED"), ("84", "1234567", "CREATED")]
    assert reissued.receipt.receipt_id == made[1]["id"]
    assert_journal_agrees_with_service(sandbox_server, reissued)


# -- point 2: a 5xx or a timeout proves nothing ---------------------------------------------------------------------

CREATE_FAULTS = {
    "500": {"status": 500},                                    # never made
    "500-after-the-work": {"status": 500, "after_processing": True},   # made, then the 500
    "timeout": {"delay_ms": HELD_MS},                          # made after the till gave up
}


@pytest.mark.parametrize("fault_name", list(CREATE_FAULTS))
def test_a_create_ebarimt_that_failed_unknown_leaves_the_receipt_pending_and_recovery_settles_it(
        journal, impatient, control, sandbox_server, fault_name: str) -> None:
    fault = CREATE_FAULTS[fault_name]
    number = _paid(journal, impatient, control, sandbox_server)
    [payment] = journal.queries.get(number).payments
    control.fault(CREATE, method="POST", **fault)
    with pytest.raises(QPayError) as unknown:
        issue_receipts(journal, impatient, number, INDIVIDUAL)
    assert not is_definite_refusal(unknown.value)
    pending = journal.queries.get(number)
    assert pending.status is JournalStatus.RECEIPT_PENDING and pending.receipt_status is ReceiptStatus.PENDING
    assert pending.failure == "" and pending.receipts == ()      # not failed: the outcome is unknown
    assert [sale.number for sale in journal.queries.unfinished()] == [number]
    if fault.get("delay_ms"):
        _wait_for_held(control, CREATE, "POST")

    [outcome] = recover_all(journal, impatient)
    assert (outcome.number, outcome.result) == (number, Recovered.COMPLETED)
    settled = journal.queries.get(number)
    assert settled.status is JournalStatus.COMPLETED and settled.receipt is not None
    assert outcome.detail == settled.receipt.lottery
    made = _made(sandbox_server, payment.payment_id)
    assert len(made) == 1 and made[0]["barimt_status"] == "CREATED"      # one receipt, never a second
    assert control.count(CREATE, "POST") == 2
    assert_journal_agrees_with_service(sandbox_server, settled)
    assert recover_all(journal, impatient) == []


CANCEL_FAULTS = {
    "500": {"status": 500, "count": 2},            # the client asks twice itself; neither reaches the service
    "timeout": {"delay_ms": HELD_MS, "count": 2},  # both made after the till gave up (the second finds none)
}


@pytest.mark.parametrize("fault_name", list(CANCEL_FAULTS))
def test_a_cancel_ebarimt_that_failed_unknown_leaves_the_receipt_cancelling_and_recovery_settles_it(
        journal, impatient, control, sandbox_server, fault_name: str) -> None:
    fault = CANCEL_FAULTS[fault_name]
    number = _completed(journal, impatient, control, sandbox_server)
    [payment] = journal.queries.get(number).payments
    control.fault(EBARIMT, method="DELETE", **fault)
    with pytest.raises(QPayError) as unknown:
        cancel_receipts(journal, impatient, number)
    assert not is_definite_refusal(unknown.value)
    cancelling = journal.queries.get(number)
    assert cancelling.receipt_status is ReceiptStatus.CANCELLING and cancelling.failure == ""
    assert [receipt.status for receipt in cancelling.receipts] == [ReceiptStatus.CANCELLING]   # not ISSUED
    assert not cancelling.has_active_receipt and cancelling.needs_settling
    assert [sale.number for sale in journal.queries.unsettled()] == [number]
    if fault.get("delay_ms"):
        _wait_for_held(control, f"{EBARIMT}{payment.payment_id}", "DELETE", count=2)

    [outcome] = recover_all(journal, impatient)
    assert (outcome.number, outcome.result) == (number, Recovered.RECEIPT_CANCELLED)
    settled = journal.queries.get(number)
    assert settled.receipt_status is ReceiptStatus.CANCELLED
    assert [receipt.status for receipt in settled.receipts] == [ReceiptStatus.CANCELLED]
    assert [receipt["barimt_status"] for receipt in _made(sandbox_server, payment.payment_id)] == ["CANCELLED"]
    assert_journal_agrees_with_service(sandbox_server, settled)
    assert recover_all(journal, impatient) == []


def test_a_receipt_pending_that_the_service_refuses_is_left_paid_and_owed_it(journal, checkout, control,
                                                                             sandbox_server) -> None:
    number = _paid(journal, checkout, control, sandbox_server)
    journal.sales.receipt_started(number, INDIVIDUAL)                  # the till stopped before asking
    control.patch_merchant(ebarimt_registered=False)
    [outcome] = recover_all(journal, checkout)
    assert (outcome.number, outcome.result) == (number, Recovered.RECEIPT_REFUSED)
    refused = journal.queries.get(number)
    assert refused.status is JournalStatus.PAID and refused.receipt_status is ReceiptStatus.FAILED
    assert refused.failure == outcome.detail == "refused: EBARIMT_NOT_REGISTERED"
    assert refused.owes_receipt and refused.receipts == ()


# -- point 4: a void the service refuses, after a crash ---------------------------------------------------------------

def test_a_void_left_cancelling_that_the_service_refuses_ends_refused_once(journal, checkout, control,
                                                                          sandbox_server) -> None:
    number = _completed(journal, checkout, control, sandbox_server)
    [payment] = journal.queries.get(number).payments
    journal.reversals.receipt_cancel_started(number)                       # the till stopped before asking
    control.advance_clock(32 * DAY)                              # the receipt's month is closed now

    [outcome] = recover_all(journal, checkout)
    assert (outcome.number, outcome.result) == (number, Recovered.RECEIPT_CANCEL_REFUSED)
    assert "EBARIMT_CANCEL_NOTSUPPERDED" in outcome.detail
    refused = journal.queries.get(number)
    [row] = refused.receipts
    assert row.status is ReceiptStatus.ISSUED and refused.receipt_status is ReceiptStatus.ISSUED
    assert row.failure == refused.failure == "refused: EBARIMT_CANCEL_NOTSUPPERDED"
    assert refused.has_active_receipt and not refused.needs_settling and not refused.owes_receipt
    assert journal.queries.events(number)[-1][1] == "receipt_cancel_failed"
    assert _active(sandbox_server, payment.payment_id) is not None
    assert_journal_agrees_with_service(sandbox_server, refused)

    assert recover_all(journal, checkout) == []                  # settled for good: not asked for ever
    # Asked once (its month closed, the token had expired too: a 401, a new login, the same call once more).
    voids = [entry["status"] for entry in control.requests_seen()
             if (entry["method"], entry["path"]) == ("DELETE", f"{EBARIMT}{payment.payment_id}")]
    assert voids == [401, 400]
    assert journal.queries.get(number) == refused


# -- a give-back refused half-way; a receipt refused for one payment ---------------------------------------


def _payment_status(sandbox_server: SandboxServer, payment_id: str) -> str:
    state = sandbox_server.sandbox.state
    with state.lock:
        return state.payments[payment_id]["payment_status"]


def test_a_give_back_refused_half_way_records_what_went_back(journal, checkout, control, sandbox_server) -> None:
    number = _completed(journal, checkout, control, sandbox_server, (Decimal(2000), Decimal(5000)))
    first, second = journal.queries.get(number).payments
    control.fault(f"/v2/payment/cancel/{second.payment_id}", status=400, error_code="PAYMENT_SETTLED")
    with pytest.raises(QPayError):
        give_back(journal, checkout, number, ReversalKind.CANCEL, REASON)
    assert [_payment_status(sandbox_server, p.payment_id) for p in (first, second)] == ["CANCELLED", "PAID"]
    sale = journal.queries.get(number)
    assert sale.reversal_status is ReversalStatus.FAILED and sale.failure == "refused: PAYMENT_SETTLED"
    assert sale.given_back == (first,) and sale.reversed_amount == Decimal(2000)
    assert sale.payments_kept == (second,) and sale.money_kept and sale.can_reverse
    [refused] = [detail for _, kind, detail in journal.queries.events(number) if kind == "reversal_failed"]
    assert Decimal(refused["amount"]) == Decimal(2000) and [p["payment_id"] for p in refused["given_back"]] == [
        first.payment_id]
    control.clear_faults()
    sale = give_back(journal, checkout, number, ReversalKind.CANCEL, REASON)      # the rest, asked again
    assert sale.is_reversed and sale.reversed_amount == TOTAL and not sale.money_kept and not sale.owes_receipt
    assert control.count(f"/v2/payment/cancel/{first.payment_id}", "POST") == 1          # never asked twice
    assert not journal.queries.get(number).valid_receipts                                        # voided with it


def test_a_payment_given_back_half_way_is_owed_no_receipt(journal, checkout, control, sandbox_server) -> None:
    number = _paid(journal, checkout, control, sandbox_server, (Decimal(2000), Decimal(5000)))
    first, second = journal.queries.get(number).payments
    control.fault(f"/v2/payment/cancel/{second.payment_id}", status=400, error_code="PAYMENT_SETTLED")
    with pytest.raises(QPayError):
        give_back(journal, checkout, number, ReversalKind.CANCEL, REASON)
    assert journal.queries.get(number).payments_without_receipt == (second,)
    sale = issue_receipts(journal, checkout, number, INDIVIDUAL)
    assert sale.status is JournalStatus.COMPLETED and [r.payment_id for r in sale.valid_receipts] == [
        second.payment_id]
    assert _made(sandbox_server, first.payment_id) == []


def test_a_receipt_refused_for_one_payment_does_not_stop_the_others(journal, checkout, control, sandbox_server,
                                                                    monkeypatch) -> None:
    number = _paid(journal, checkout, control, sandbox_server, (Decimal(2000), Decimal(5000)))
    first, second = journal.queries.get(number).payments
    issue = checkout.issue_receipt

    def refused_for_the_first(payment_id: str, receiver: Receiver):
        if payment_id == first.payment_id:
            raise InvalidRequestError(400, "PAYMENT_NOT_PAID", "payment is not completed")
        return issue(payment_id, receiver)

    monkeypatch.setattr(checkout, "issue_receipt", refused_for_the_first)
    with pytest.raises(QPayError) as raised:
        issue_receipts(journal, checkout, number, INDIVIDUAL)
    assert raised.value.error_code == "PAYMENT_NOT_PAID"
    sale = journal.queries.get(number)
    assert sale.status is JournalStatus.PAID and sale.failure == "refused: PAYMENT_NOT_PAID"
    assert [r.payment_id for r in sale.valid_receipts] == [second.payment_id]
    assert sale.payments_without_receipt == (first,) and sale.owes_receipt
    monkeypatch.undo()
    assert issue_receipts(journal, checkout, number, INDIVIDUAL).status is JournalStatus.COMPLETED
