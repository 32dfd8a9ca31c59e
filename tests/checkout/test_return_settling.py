"""A partial return settled after the return itself, against the real PosAPI and QPay sandboxes over HTTP: a QPay
refund the till never asked (or whose answer was lost) read back and asked again, never recorded as cash nobody
was told to hand over; a refusal then left for the cashier, who asks again or hands it over in cash; a receipt
the till stopped before correcting put right at start; a correction refused once tried again after a later return
(and one a person found not made); a manager's settling that a later return makes stale again; a same-day QPay
refund counted as a cancel; and the day close's VAT without receipt for goods returned whole by lines."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime, timedelta
from decimal import Decimal
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from pos_app.checkout import Checkout
from pos_app.checkout.partial_returns import ask_refunds_again, refunds_in_cash, refused_refunds, return_part
from pos_app.checkout.posapi_desk import PosApiDesk
from pos_app.checkout.recovery import Recovered, recover_all, settled_by_hand
from pos_app.checkout.returns import settle_left_receipts
from pos_app.domain.cart import Cart
from pos_app.domain.catalog import CatalogItem
from pos_app.domain.returns import TenderSource
from pos_app.domain.sale import INDIVIDUAL, ReceiptVia, Receiver, Sale
from pos_app.domain.tenders import Tendering
from pos_app.journal import Journal, JournalStatus, ReceiptStatus
from pos_app.journal.day_summary import DaySummary, Tally, load_day
from pos_app.journal.shifts import open_shift, shift_x_report
from pos_app.posapi import OutcomeUnknownError, ReceiptRefusedError
from tests.qpay.helpers import SandboxControl
from tests.ui.posapi_control import PosApiControl

UB = ZoneInfo("Asia/Ulaanbaatar")
ORGANIZATION = Receiver.organization("5395305")        # the sandbox's taxpayer 31654321554
BREAD = CatalogItem("4865000000011", "Талх", Decimal("2500"), "", "", False)
MILK = CatalogItem("4865000000028", "Сүү", Decimal("3500"), "", "", True)
REASON = "the customer brought it back"
FLOAT = Decimal(50000)


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 11, 26, 10, 0, tzinfo=UB)

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def journal(tmp_path: Path, clock: Clock) -> Iterator[Journal]:
    with Journal(tmp_path / "journal.sqlite3", "T1", clock=clock) as opened:
        open_shift(opened.store, FLOAT)
        yield opened


@pytest.fixture
def posapi(posapi_server) -> PosApiControl:  # type: ignore[no-untyped-def]
    return PosApiControl(posapi_server.url)


def _day(journal: Journal) -> DaySummary:
    return load_day(journal.queries, journal.now().date()).summary


def _qpay_sale(journal: Journal, checkout: Checkout, control: SandboxControl) -> str:
    """Two milks (7,000) paid by one QPay card payment, with QPay's own ebarimt."""
    cart = Cart()
    cart.add_item(MILK, 2)
    number = journal.sales.begin(cart.lines, cart.total, cart.taxes)
    invoice = checkout.create_invoice(Sale(number, cart.lines, cart.total, cart.taxes))
    journal.sales.invoice_opened(number, invoice)
    control.pay(invoice.invoice_id, transaction_type="CARD")
    journal.sales.payments_seen(number, checkout.check_payment(invoice.invoice_id, cart.total).payments)
    [payment] = journal.queries.get(number).payments
    journal.sales.receipt_started(number, INDIVIDUAL)
    journal.sales.receipt_issued(number, checkout.issue_receipt(payment.payment_id, INDIVIDUAL))
    return number


def _cash_sale(journal: Journal, desk: PosApiDesk | None, receiver: Receiver = INDIVIDUAL) -> str:
    """Two breads and a milk (8,500: VAT 767.05), paid in cash; its receipt through PosAPI (none without it)."""
    cart = Cart()
    cart.add_item(BREAD, 2)
    cart.add_item(MILK, 1)
    number = journal.tenders.begin(cart.lines, cart.total, cart.taxes,
                                   Tendering(cart.total).cash_tender(Decimal(10000)),
                                   ReceiptVia.POSAPI if desk is not None else ReceiptVia.NONE)
    if desk is not None:
        desk.issue(journal, number, receiver)
    return number


# -- a QPay refund settled after the return ------------------------------------------------------------------------

def test_a_refund_the_till_stopped_before_asking_is_asked_at_start_and_no_cash_is_recorded(
        journal: Journal, checkout: Checkout, control: SandboxControl, desk: PosApiDesk) -> None:
    number = _qpay_sale(journal, checkout, control)
    journal.returns.started(number, [(0, 2)], REASON)      # the till stops here: QPay was never asked
    [outcome] = recover_all(journal, checkout, posapi=desk)
    assert outcome.result is Recovered.RETURNED
    done = journal.queries.get(number)
    [money] = done.part_returns[0].money
    # Read back still paid: the refund was not made, so it was asked (a cancel: the sale's day), and QPay gave it.
    assert money.is_done and money.back.via is TenderSource.QPAY and money.asked == "cancel"
    assert checkout.client.get_payment(money.back.ref).status == "CANCELLED"
    assert shift_x_report(journal.store).expected_cash == FLOAT                 # no cash left the drawer
    summary = _day(journal)
    assert summary.given_back_cancel == Tally(1, Decimal(7000)) and summary.given_back_refund == Tally()
    assert [row.status for row in done.receipts] == [ReceiptStatus.CANCELLED] and summary.needs_attention == 0


@pytest.mark.parametrize("choice", ["ask_again", "cash"])
def test_a_refund_qpay_refuses_at_start_waits_for_the_cashier_who_asks_again_or_hands_it_over_in_cash(
        journal: Journal, checkout: Checkout, control: SandboxControl, desk: PosApiDesk, choice: str) -> None:
    number = _qpay_sale(journal, checkout, control)
    journal.returns.started(number, [(0, 2)], REASON)
    control.fault("/v2/payment/cancel/", status=400)               # QPay says no to the refund asked at start
    [outcome] = recover_all(journal, checkout, posapi=desk)
    assert outcome.result is Recovered.REFUND_REFUSED
    [(part, cash)] = refused_refunds(journal.queries.get(number))
    assert part.back.via is TenderSource.QPAY and part.note.startswith("refused") and cash.handed == 7000
    assert shift_x_report(journal.store).expected_cash == FLOAT and _day(journal).reversals_pending == 1
    control.clear_faults()
    [again] = recover_all(journal, checkout, posapi=desk)          # the next start asks nothing: it is the cashier's
    assert again.result is Recovered.REFUND_REFUSED
    payment_id = part.back.ref
    assert checkout.client.get_payment(payment_id).status == "PAID"
    if choice == "ask_again":
        done = ask_refunds_again(journal, checkout, desk, number)
        [money] = done.part_returns[0].money
        assert money.back.via is TenderSource.QPAY and checkout.client.get_payment(payment_id).status == "CANCELLED"
        assert shift_x_report(journal.store).expected_cash == FLOAT
    else:
        done = refunds_in_cash(journal, checkout, desk, number)    # the history said 7,000 and the cashier confirmed
        [money] = done.part_returns[0].money
        assert money.back.via is TenderSource.CASH and money.note.endswith("handed over in cash by the cashier")
        assert shift_x_report(journal.store).expected_cash == FLOAT - 7000
        assert checkout.client.get_payment(payment_id).status == "PAID"
    assert money.is_done and done.part_returns[0].is_done and not refused_refunds(done)
    assert [row.status for row in done.receipts] == [ReceiptStatus.CANCELLED] and _day(journal).needs_attention == 0


def test_a_refund_refused_in_the_return_itself_goes_back_in_cash_as_the_return_says(
        journal: Journal, checkout: Checkout, control: SandboxControl, desk: PosApiDesk) -> None:
    number = _qpay_sale(journal, checkout, control)
    control.fault("/v2/payment/cancel/", status=400)
    done = return_part(journal, checkout, desk, number, [(0, 2)], REASON)
    [money] = done.part_returns[0].money
    assert money.back.via is TenderSource.CASH and "given in cash" in money.note
    assert shift_x_report(journal.store).expected_cash == FLOAT - 7000
    assert _day(journal).given_back_refund == Tally(1, Decimal(7000))     # from the drawer: a counter refund


# -- the receipt after a return ------------------------------------------------------------------------------------

def test_a_cash_return_the_till_stopped_before_correcting_is_corrected_at_start(
        journal: Journal, desk: PosApiDesk, posapi: PosApiControl) -> None:
    number = _cash_sale(journal, desk)
    journal.returns.started(number, [(1, 1)], REASON)        # the till stops here: no correction asked
    assert number in {sale.number for sale in journal.queries.unsettled()}
    [outcome] = recover_all(journal, None, posapi=desk)           # type: ignore[arg-type]
    assert outcome.result is Recovered.RETURNED
    done = journal.queries.get(number)
    assert [row.status for row in done.receipts] == [ReceiptStatus.CORRECTED, ReceiptStatus.ISSUED]
    assert done.valid_receipts[0].receipt.amount == 5000 and not done.stale_receipts
    assert recover_all(journal, None, posapi=desk) == []           # type: ignore[arg-type]
    assert _day(journal).needs_attention == 0


def test_a_correction_refused_once_is_made_by_the_till_after_a_later_return(
        journal: Journal, desk: PosApiDesk, posapi: PosApiControl) -> None:
    number = _cash_sale(journal, desk)
    posapi.fault(status=400)                                      # PosAPI refuses the first correction
    with pytest.raises(ReceiptRefusedError):
        return_part(journal, None, desk, number, [(1, 1)], REASON)   # type: ignore[arg-type]
    refused = journal.queries.get(number)
    assert refused.failure and refused.stale_receipts
    assert recover_all(journal, None, posapi=desk) == []           # type: ignore[arg-type]   # not asked again
    done = return_part(journal, None, desk, number, [(0, 1)], REASON)   # type: ignore[arg-type]
    assert [row.status for row in done.receipts] == [ReceiptStatus.CORRECTED, ReceiptStatus.ISSUED]
    assert done.valid_receipts[0].receipt.amount == 2500 and not done.stale_receipts and not done.failure


def test_a_correction_a_person_found_not_made_is_made_again_by_the_till(
        journal: Journal, desk: PosApiDesk, posapi: PosApiControl, clock: Clock) -> None:
    number = _cash_sale(journal, desk)
    posapi.fault(status=503)                                      # no answer, and its day ends
    with pytest.raises(OutcomeUnknownError):
        return_part(journal, None, desk, number, [(1, 1)], REASON)   # type: ignore[arg-type]
    clock.now += timedelta(days=1)
    [outcome] = recover_all(journal, None, posapi=desk)            # type: ignore[arg-type]
    assert outcome.result is Recovered.NEEDS_PERSON
    settled_by_hand(journal, number, made=False, note="not in PosAPI")
    after = journal.queries.get(number)
    assert after.status is JournalStatus.COMPLETED and not after.failure and after.stale_receipts
    [outcome] = recover_all(journal, None, posapi=desk)            # type: ignore[arg-type]
    assert outcome.result is Recovered.RETURNED
    done = journal.queries.get(number)
    assert [row.status for row in done.receipts] == [ReceiptStatus.CORRECTED, ReceiptStatus.ISSUED]
    assert len([r for r in posapi.receipts() if r["state"] == "ACTIVE"]) == 1


def test_a_receipt_settled_by_a_manager_is_stale_again_after_a_later_return(
        journal: Journal, desk: PosApiDesk, posapi: PosApiControl) -> None:
    number = _cash_sale(journal, desk, ORGANIZATION)
    posapi.fault(status=400)
    with pytest.raises(ReceiptRefusedError):
        return_part(journal, None, desk, number, [(1, 1)], REASON)   # type: ignore[arg-type]
    settle_left_receipts(journal, number, "manager", "corrected in the ebarimt portal")
    assert not journal.queries.get(number).stale_receipts and _day(journal).receipts_left_valid == Tally()
    posapi.fault(status=400)
    with pytest.raises(ReceiptRefusedError):
        return_part(journal, None, desk, number, [(0, 1)], REASON)   # type: ignore[arg-type]
    after = journal.queries.get(number)
    [stale] = after.stale_receipts                                # the settling was about the first return only
    assert not stale.settled and _day(journal).receipts_left_valid == Tally(1, Decimal(8500))
    last = [detail for _, kind, detail in journal.queries.events(number) if kind == "part_return_started"][-1]
    assert last["receipts_unsettled"] == 1                        # the log says the manager's word was about before


# -- the day close's VAT without receipt ----------------------------------------------------------------------------

def test_a_sale_returned_whole_by_lines_with_its_receipt_voided_counts_no_vat_without_receipt(
        journal: Journal, desk: PosApiDesk, posapi: PosApiControl) -> None:
    number = _cash_sale(journal, desk)
    done = return_part(journal, None, desk, number, [(0, 2), (1, 1)], REASON)    # type: ignore[arg-type]
    assert [row.status for row in done.receipts] == [ReceiptStatus.CANCELLED]
    summary = _day(journal)
    assert summary.without_receipt == Tally() and summary.no_receipt_vat == 0 and summary.no_receipt_city_tax == 0
    assert summary.receipt_vat == 0 == summary.vat and summary.needs_attention == 0


def test_a_sale_without_receipt_counts_the_vat_of_what_the_customer_kept(journal: Journal) -> None:
    number = _cash_sale(journal, None)
    assert (_day(journal).without_receipt, _day(journal).no_receipt_vat) == (Tally(1, Decimal(8500)),
                                                                             Decimal("767.05"))
    return_part(journal, None, None, number, [(1, 1)], REASON)    # type: ignore[arg-type]   # the milk
    summary = _day(journal)
    assert (summary.without_receipt, summary.no_receipt_vat, summary.no_receipt_city_tax) == (
        Tally(1, Decimal(5000)), Decimal("454.55"), Decimal(0))
    return_part(journal, None, None, number, [(0, 2)], REASON)    # type: ignore[arg-type]   # the breads
    summary = _day(journal)
    assert (summary.without_receipt, summary.no_receipt_vat, summary.vat) == (Tally(), 0, 0)
