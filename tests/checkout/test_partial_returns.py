"""Partial returns and receipts a return leaves standing (issue 31, points 2 and 3), against the real PosAPI and QPay
sandboxes over HTTP: chosen lines and quantities given back tender by tender, the receipt corrected with
`inactiveId` (chained, the lottery kept, B2C and B2B alike), a lost answer on the correction settled by asking
again (never two active receipts), QPay's own ebarimt voided and what was kept receipted through PosAPI, and an
organization's receipt on a returned sale under "needs attention" until a manager settles it; the day close's VAT
with receipt always what PosAPI holds active."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime, timedelta
from decimal import Decimal
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from pos_app.checkout import Checkout
from pos_app.checkout.partial_returns import ReceiptAfter, plan_return, return_part
from pos_app.checkout.posapi_desk import PosApiDesk, PosApiSetup
from pos_app.checkout.recovery import Recovered, recover_all
from pos_app.checkout.after_sale import give_back
from pos_app.checkout.returns import issue_owed_receipt, return_tenders, void_receipts
from pos_app.domain.cart import Cart
from pos_app.domain.catalog import CatalogItem
from pos_app.domain.discounts import Discount, DiscountKind
from pos_app.domain.returns import TenderSource
from pos_app.domain.sale import INDIVIDUAL, ReceiptVia, Receiver, Sale
from pos_app.domain.tenders import CardTender, CashTender, Tendering
from pos_app.journal import Journal, JournalError, JournalStatus, ReceiptStatus, ReversalKind
from pos_app.journal.acting import act_as
from pos_app.journal.day_summary import load_day
from pos_app.journal.shifts import open_shift, shift_x_report
from pos_app.posapi import EbarimtLookupClient, OutcomeUnknownError, PosApiClient, PosIdentity, RetryPolicy
from pos_app.qpay import QPayError
from tests.qpay.helpers import SandboxControl
from tests.ui.posapi_control import PosApiControl

UB = ZoneInfo("Asia/Ulaanbaatar")
POS = PosIdentity(merchant_tin="37900846788", pos_no="T1", branch_no="1", district_code="2501")
NO_RETRIES = RetryPolicy(max_attempts=1, base_delay=0, max_delay=0, jitter=0)
ORGANIZATION = Receiver.organization("5395305")        # the sandbox's taxpayer 31654321554
BREAD = CatalogItem("4865000000011", "Талх", Decimal("2500"), "", "", False)
MILK = CatalogItem("4865000000028", "Сүү", Decimal("3500"), "", "", True)
APPLES = CatalogItem("2000001", "Алим", Decimal("4990"), "", "", False, unit="kg")
REASON = "the customer brought it back"


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
        yield opened


@pytest.fixture
def posapi(posapi_server) -> PosApiControl:
    return PosApiControl(posapi_server.url)


@pytest.fixture
def desk(posapi_server) -> Iterator[PosApiDesk]:
    client = PosApiClient(posapi_server.url, retry_policy=NO_RETRIES, timeout=(2, 2))
    made = PosApiDesk(client, EbarimtLookupClient(posapi_server.url, retry_policy=NO_RETRIES), PosApiSetup(POS))
    yield made
    made.close()


def _cart() -> Cart:
    """Two breads, a milk (city tax), 1.235 kg of apples with 10 % off, and 500 off the whole sale."""
    cart = Cart()
    cart.add_item(BREAD, 2)
    cart.add_item(MILK, 1)
    apples = cart.add_weighed(APPLES, Decimal("1.235"))
    cart.set_line_discount(apples, Discount(DiscountKind.PERCENT, Decimal(10)))
    cart.set_sale_discount(Discount(DiscountKind.AMOUNT, Decimal(500)))
    return cart


def _cash_sale(journal: Journal, desk: PosApiDesk, receiver: Receiver = INDIVIDUAL) -> str:
    cart = _cart()
    number = journal.tenders.begin(cart.lines, cart.total, cart.taxes,
                                   Tendering(cart.total).cash_tender(Decimal(20000)), ReceiptVia.POSAPI,
                                   sale_discount=cart.sale_discount)
    desk.issue(journal, number, receiver)
    return number


def _active(posapi: PosApiControl) -> list[dict]:
    return [receipt for receipt in posapi.receipts() if receipt["state"] == "ACTIVE"]


def _vat_active(posapi: PosApiControl) -> Decimal:
    return sum((Decimal(str(receipt["response"]["totalVAT"])) for receipt in _active(posapi)), Decimal(0))


def _day(journal: Journal):  # type: ignore[no-untyped-def]
    return load_day(journal.queries, journal.now().date()).summary


def test_a_b2c_partial_return_gives_its_share_back_in_cash_and_corrects_the_receipt_keeping_its_lottery(
        journal: Journal, desk: PosApiDesk, posapi: PosApiControl) -> None:
    open_shift(journal.store, Decimal(50000))
    number = _cash_sale(journal, desk)
    sale = journal.queries.get(number)
    [first] = posapi.receipts()
    # One bread, and 0.5 kg of the discounted apples: each part's money is what the line loses by it.
    plan = plan_return(sale, [(0, 1), (2, "0.5")], posapi_set=True)
    assert plan.receipt is ReceiptAfter.CORRECTED
    assert [(part.source, part.via) for part in plan.money] == [(TenderSource.CASH, TenderSource.CASH)]
    done = return_part(journal, None, desk, number, [(0, 1), (2, "0.5")], REASON)   # type: ignore[arg-type]

    bread, milk, apples = sale.lines
    kept_bread, kept_milk, kept_apples = done.kept_lines
    assert kept_bread.quantity == 1 and kept_apples.quantity == Decimal("0.735") and kept_milk == milk
    assert plan.amount == (bread.total - kept_bread.total) + (apples.total - kept_apples.total)
    assert done.kept_total == sale.total - plan.amount == sum((line.total for line in done.kept_lines), Decimal(0))
    # The discount went with the part: the kept apples carry 10 % of what they come to, and their share of the
    # sale's 500 in proportion.
    assert kept_apples.discount == (kept_apples.gross / 10).quantize(Decimal("0.01"), rounding="ROUND_DOWN")
    assert 0 < kept_apples.sale_share < apples.sale_share

    old, new = done.receipts
    assert old.status is ReceiptStatus.CORRECTED and new.status is ReceiptStatus.ISSUED
    assert new.replaces == old.row_id and new.receipt.amount == done.kept_total
    made = {receipt["id"]: receipt for receipt in posapi.receipts()}
    assert made[old.receipt.receipt_id]["state"] == "CORRECTED"
    corrected = made[new.receipt.receipt_id]
    assert corrected["response"]["inactiveId"] == old.receipt.receipt_id
    assert corrected["lottery"] == first["lottery"]                   # no new lottery for a correction
    assert desk.print_only.fill(new.receipt).lottery == first["lottery"]
    assert corrected["response"]["payments"] == [
        {"code": "CASH", "status": "PAID", "paidAmount": float(done.kept_total), "data": None}]
    assert not done.stale_receipts and not done.owes_receipt

    summary = _day(journal)
    assert summary.given_back.amount == plan.amount and summary.needs_attention == 0
    assert summary.receipt_vat == _vat_active(posapi)                 # VAT with receipt = PosAPI's active receipts
    # The sale's 13,546.39 was taken as 13,546 in cash; its 4,576.58 goes back as 4,577 (half up): the drawer whole.
    assert sale.total == Decimal("13546.39") and sale.tenders[0].tender.taken == 13546
    [cash] = done.part_returns[0].money
    assert (cash.back.amount, cash.back.handed, cash.back.rounding) == (plan.amount, 4577, Decimal("0.42"))
    report = shift_x_report(journal.store)
    assert report.cash_refunds == plan.amount and report.expected_cash == 50000 + 13546 - 4577
    assert report.cash_rounding == Decimal("-0.39") - Decimal("0.42")


def test_a_b2b_partial_return_corrects_the_organizations_receipt(journal: Journal, desk: PosApiDesk,
                                                                  posapi: PosApiControl) -> None:
    number = _cash_sale(journal, desk, ORGANIZATION)
    done = return_part(journal, None, desk, number, [(1, 1)], REASON)      # type: ignore[arg-type]
    old, new = done.receipts
    assert old.status is ReceiptStatus.CORRECTED and new.receipt.receiver == ORGANIZATION
    body = next(r for r in posapi.receipts() if r["id"] == new.receipt.receipt_id)["response"]
    assert body["type"] == "B2B_RECEIPT" and body["customerTin"] == "31654321554"
    assert body["inactiveId"] == old.receipt.receipt_id
    assert [r["id"] for r in _active(posapi)] == [new.receipt.receipt_id]
    assert _day(journal).receipt_vat == _vat_active(posapi) and _day(journal).needs_attention == 0


def test_a_second_partial_return_chains_inactive_id_to_the_first_correction(journal: Journal, desk: PosApiDesk,
                                                                            posapi: PosApiControl) -> None:
    number = _cash_sale(journal, desk)
    return_part(journal, None, desk, number, [(0, 1)], REASON)                  # type: ignore[arg-type]
    done = return_part(journal, None, desk, number, [(1, 1)], REASON)           # type: ignore[arg-type]
    first, second, third = done.receipts
    assert [row.status for row in done.receipts] == [ReceiptStatus.CORRECTED, ReceiptStatus.CORRECTED,
                                                      ReceiptStatus.ISSUED]
    assert second.replaces == first.row_id and third.replaces == second.row_id
    made = {receipt["id"]: receipt for receipt in posapi.receipts()}
    assert made[second.receipt.receipt_id]["response"]["inactiveId"] == first.receipt.receipt_id
    assert made[third.receipt.receipt_id]["response"]["inactiveId"] == second.receipt.receipt_id
    assert len({receipt["lottery"] for receipt in made.values()}) == 1
    assert [r["id"] for r in _active(posapi)] == [third.receipt.receipt_id]
    summary = _day(journal)
    assert summary.receipt_vat == _vat_active(posapi) and summary.receipts_voided == 2
    assert summary.given_back.amount == journal.queries.get(number).total - done.kept_total


def test_a_whole_b2b_return_sends_no_void_and_waits_for_a_manager_under_needs_attention(
        journal: Journal, desk: PosApiDesk, posapi: PosApiControl) -> None:
    number = _cash_sale(journal, desk, ORGANIZATION)
    done = return_tenders(journal, None, desk, number, REASON)       # type: ignore[arg-type]
    assert not done.money_kept and done.has_active_receipt
    assert not [r for r in posapi.requests_seen() if r.get("method") == "DELETE"]   # never a certain refusal
    assert [row.receipt.receipt_id for row in done.stale_receipts] == [done.receipts[0].receipt.receipt_id]
    with pytest.raises(JournalError, match="organization"):
        void_receipts(journal, None, desk, number)                   # type: ignore[arg-type]
    summary = _day(journal)
    assert summary.receipts_left_valid.count == 1 and summary.needs_attention == 1
    assert summary.left_valid == ((number, done.receipts[0].receipt.amount),)
    assert summary.receipt_vat == _vat_active(posapi) > 0            # PosAPI still holds it: so does the day close
    assert [sale.number for sale in journal.queries.needing_attention()] == [number]

    act_as("Bat")
    journal.returns.receipts_left_settled(number, "Manager Oyun", "corrected in the ebarimt portal")
    after = _day(journal)
    assert after.needs_attention == 0 and after.receipt_vat == summary.receipt_vat    # no faked tax figures
    assert journal.queries.needing_attention() == []
    kind, detail = journal.queries.events(number)[-1][1:]
    assert kind == "receipts_left_settled" and detail["manager"] == "Manager Oyun" and detail["by"] == "Bat"


def test_a_whole_b2b_return_by_lines_leaves_the_receipt_standing_too(journal: Journal, desk: PosApiDesk,
                                                                     posapi: PosApiControl) -> None:
    number = _cash_sale(journal, desk, ORGANIZATION)
    plan = plan_return(journal.queries.get(number), [(0, 2), (1, 1), (2, "1.235")], posapi_set=True)
    assert plan.receipt is ReceiptAfter.LEFT and plan.kept == 0
    done = return_part(journal, None, desk, number, [(0, 2), (1, 1), (2, "1.235")], REASON)  # type: ignore[arg-type]
    assert not done.kept_lines and not done.money_kept and len(done.stale_receipts) == 1
    assert len(_active(posapi)) == 1 and _day(journal).needs_attention == 1


def test_a_whole_b2c_return_by_lines_voids_the_receipt(journal: Journal, desk: PosApiDesk,
                                                       posapi: PosApiControl) -> None:
    number = _cash_sale(journal, desk)
    done = return_part(journal, None, desk, number, [(0, 2), (1, 1), (2, "1.235")], REASON)  # type: ignore[arg-type]
    assert [row.status for row in done.receipts] == [ReceiptStatus.CANCELLED]
    assert [r["state"] for r in posapi.receipts()] == ["RETURNED"]
    summary = _day(journal)
    assert summary.needs_attention == 0 and summary.receipt_vat == 0 == _vat_active(posapi)
    assert summary.given_back.amount == journal.queries.get(number).total


def test_a_lost_answer_on_the_correction_is_settled_by_asking_again_never_two_active_receipts(
        journal: Journal, desk: PosApiDesk, posapi: PosApiControl) -> None:
    number = _cash_sale(journal, desk)
    posapi.fault(after_processing=True, drop=True)              # PosAPI makes the correction; its answer is lost
    with pytest.raises(OutcomeUnknownError):
        return_part(journal, None, desk, number, [(1, 1)], REASON)   # type: ignore[arg-type]
    pending = journal.queries.get(number)
    assert pending.status is JournalStatus.RECEIPT_PENDING and pending.receipts[0].status is ReceiptStatus.ISSUED
    [outcome] = recover_all(journal, checkout=None, posapi=desk)     # type: ignore[arg-type]
    assert outcome.result is Recovered.COMPLETED
    done = journal.queries.get(number)
    old, new = done.receipts
    assert old.status is ReceiptStatus.CORRECTED and new.details_lost and new.receipt.amount == done.kept_total
    [active] = _active(posapi)
    assert active["response"]["inactiveId"] == old.receipt.receipt_id
    assert _day(journal).receipt_vat == _vat_active(posapi)


def test_a_correction_posapi_never_got_is_made_once_when_asked_again(journal: Journal, desk: PosApiDesk,
                                                                     posapi: PosApiControl) -> None:
    number = _cash_sale(journal, desk)
    posapi.fault(status=503)                                          # refused before it was processed
    with pytest.raises(OutcomeUnknownError):
        return_part(journal, None, desk, number, [(1, 1)], REASON)   # type: ignore[arg-type]
    done = desk.issue(journal, number, INDIVIDUAL)                    # asked again, unchanged
    assert [row.status for row in done.receipts] == [ReceiptStatus.CORRECTED, ReceiptStatus.ISSUED]
    assert len(_active(posapi)) == 1 and len(posapi.receipts()) == 2


def test_the_money_goes_back_cash_first_then_the_card_terminal(journal: Journal, desk: PosApiDesk) -> None:
    cart = _cart()
    number = journal.tenders.begin(cart.lines, cart.total, cart.taxes, CashTender(Decimal(3000), Decimal(3000)),
                                   ReceiptVia.POSAPI, sale_discount=cart.sale_discount)
    journal.tenders.take(number, CardTender(cart.total - 3000, "AB12"))
    desk.issue(journal, number, INDIVIDUAL)
    done = return_part(journal, None, desk, number, [(0, 2)], REASON)         # type: ignore[arg-type]
    [part] = done.part_returns
    assert [(m.back.via, m.back.amount) for m in part.money] == [
        (TenderSource.CASH, Decimal(3000)), (TenderSource.CARD_TERMINAL, part.amount - 3000)]


def _qpay_sale(journal: Journal, checkout: Checkout, qpay: SandboxControl) -> str:
    """Two milks paid by one QPay card payment, with QPay's own ebarimt."""
    cart = Cart()
    cart.add_item(MILK, 2)
    number = journal.sales.begin(cart.lines, cart.total, cart.taxes)
    invoice = checkout.create_invoice(Sale(number, cart.lines, cart.total, cart.taxes))
    journal.sales.invoice_opened(number, invoice)
    qpay.pay(invoice.invoice_id, transaction_type="CARD")
    journal.sales.payments_seen(number, checkout.check_payment(invoice.invoice_id, cart.total).payments)
    [payment] = journal.queries.get(number).payments
    journal.sales.receipt_started(number, INDIVIDUAL)
    journal.sales.receipt_issued(number, checkout.issue_receipt(payment.payment_id, INDIVIDUAL))
    return number


def test_a_qpay_ebarimt_sale_partly_returned_is_voided_at_qpay_and_receipted_through_posapi_for_what_was_kept(
        journal: Journal, checkout: Checkout, control: SandboxControl, desk: PosApiDesk,
        posapi: PosApiControl) -> None:
    number = _qpay_sale(journal, checkout, control)
    sale = journal.queries.get(number)
    plan = plan_return(sale, [(0, 1)], posapi_set=True)
    # QPay gives back whole payments only: half of its one payment goes back in cash.
    assert [(p.source, p.via, p.amount) for p in plan.money] == [(TenderSource.QPAY, TenderSource.CASH,
                                                                  Decimal(3500))]
    assert plan.receipt is ReceiptAfter.REISSUED
    done = return_part(journal, checkout, desk, number, [(0, 1)], REASON)
    qpay_row, posapi_row = done.receipts
    assert qpay_row.status is ReceiptStatus.CANCELLED and not qpay_row.is_posapi
    assert posapi_row.is_posapi and posapi_row.receipt.amount == Decimal(3500)
    assert done.receipt_via is ReceiptVia.POSAPI and not done.owes_receipt and not done.stale_receipts
    [active] = _active(posapi)
    assert active["response"]["payments"] == [{"code": "PAYMENT_CARD", "status": "PAID", "paidAmount": 3500,
                                               "data": None}]
    assert checkout.client.get_payment(qpay_row.payment_id).status == "PAID"   # the card payment stays
    summary = _day(journal)
    assert summary.receipt_vat == _vat_active(posapi) and summary.needs_attention == 0


def test_returning_all_of_a_qpay_sale_refunds_its_payment_through_qpay_and_voids_its_receipt(
        journal: Journal, checkout: Checkout, control: SandboxControl, desk: PosApiDesk) -> None:
    number = _qpay_sale(journal, checkout, control)
    done = return_part(journal, checkout, desk, number, [(0, 2)], REASON)
    [part] = done.part_returns
    [money] = part.money
    assert money.back.via is TenderSource.QPAY and money.is_done
    assert checkout.client.get_payment(money.back.ref).status == "CANCELLED"      # the sale's day: cancelled
    assert [row.status for row in done.receipts] == [ReceiptStatus.CANCELLED]
    assert _day(journal).given_back.amount == done.total and _day(journal).needs_attention == 0


def test_a_qpay_refund_whose_answer_is_lost_is_settled_by_reading_the_payment_back(
        journal: Journal, checkout: Checkout, control: SandboxControl, desk: PosApiDesk) -> None:
    number = _qpay_sale(journal, checkout, control)
    control.fault("/v2/payment/cancel/", status=503, count=5)
    with pytest.raises(QPayError):
        return_part(journal, checkout, desk, number, [(0, 2)], REASON)
    pending = journal.queries.get(number)
    assert not pending.part_returns[0].is_done and _day(journal).reversals_pending == 1
    control.clear_faults()
    [outcome] = recover_all(journal, checkout, posapi=desk)
    assert outcome.result is Recovered.RETURNED
    [money] = journal.queries.get(number).part_returns[0].money
    # Read back still paid, QPay never took it back: the refund is asked again (never cash nobody was told to hand).
    assert money.back.via is TenderSource.QPAY and money.is_done
    assert checkout.client.get_payment(pending.payments[0].payment_id).status == "CANCELLED"


def test_a_lost_answer_on_voiding_qpays_receipt_is_settled_at_start_and_what_was_kept_receipted(
        journal: Journal, checkout: Checkout, control: SandboxControl, desk: PosApiDesk,
        posapi: PosApiControl) -> None:
    number = _qpay_sale(journal, checkout, control)
    control.fault("/v2/ebarimt_v3/", status=503, count=2)          # the void and its one repeat: no answer
    with pytest.raises(QPayError):
        return_part(journal, checkout, desk, number, [(0, 1)], REASON)
    pending = journal.queries.get(number)
    assert pending.receipt_status is ReceiptStatus.CANCELLING and pending.receipt_via is ReceiptVia.POSAPI
    assert not pending.can_issue_receipt and posapi.receipts() == []
    [outcome] = recover_all(journal, checkout, posapi=desk)
    assert outcome.result is Recovered.RETURNED
    done = journal.queries.get(number)
    assert [(row.is_posapi, row.status) for row in done.receipts] == [(False, ReceiptStatus.CANCELLED),
                                                                       (True, ReceiptStatus.ISSUED)]
    assert done.valid_receipts[0].receipt.amount == done.kept_total == Decimal(3500)


def test_a_partly_returned_qpay_sale_owed_its_receipt_gets_it_through_posapi_for_what_was_kept(
        journal: Journal, checkout: Checkout, control: SandboxControl, desk: PosApiDesk,
        posapi: PosApiControl) -> None:
    cart = Cart()
    cart.add_item(MILK, 2)
    number = journal.sales.begin(cart.lines, cart.total, cart.taxes)
    invoice = checkout.create_invoice(Sale(number, cart.lines, cart.total, cart.taxes))
    journal.sales.invoice_opened(number, invoice)
    control.pay(invoice.invoice_id, transaction_type="CARD")
    journal.sales.payments_seen(number, checkout.check_payment(invoice.invoice_id, cart.total).payments)
    return_part(journal, checkout, desk, number, [(0, 1)], REASON)        # no receipt yet: none to correct
    assert journal.queries.get(number).owes_receipt
    done = issue_owed_receipt(journal, checkout, desk, number, INDIVIDUAL)
    assert done.receipt_via is ReceiptVia.POSAPI and [r.receipt.amount for r in done.valid_receipts] == [3500]
    assert [r["state"] for r in posapi.receipts()] == ["ACTIVE"]


def test_a_qpay_sale_whose_posapi_receipt_id_was_lost_is_given_back_and_its_receipt_left_standing(
        journal: Journal, checkout: Checkout, control: SandboxControl, desk: PosApiDesk,
        posapi: PosApiControl) -> None:
    """Found by a soak: a QPay sale receipted through PosAPI, the answer lost and settled by reading back, then given
    back in full. The money goes back; the void cannot be asked without the receipt's id, so the receipt stays
    under needs attention and the cashier is told to void it in PosAPI itself (never a crash, never a guess)."""
    cart = Cart()
    cart.add_item(MILK, 2)
    number = journal.sales.begin(cart.lines, cart.total, cart.taxes, receipt_via=ReceiptVia.POSAPI)
    invoice = checkout.create_invoice(Sale(number, cart.lines, cart.total, cart.taxes))
    journal.sales.invoice_opened(number, invoice)
    control.pay(invoice.invoice_id, transaction_type="CARD")
    journal.sales.payments_seen(number, checkout.check_payment(invoice.invoice_id, cart.total).payments)
    posapi.fault(after_processing=True, drop=True)
    with pytest.raises(OutcomeUnknownError):
        desk.issue(journal, number, INDIVIDUAL)
    desk.settle(journal, journal.queries.get(number))
    assert journal.queries.get(number).valid_receipts[0].details_lost
    with pytest.raises(JournalError, match="void it in PosAPI itself"):
        give_back(journal, checkout, number, ReversalKind.REFUND, REASON, posapi=desk)
    sale = journal.queries.get(number)
    assert not sale.money_kept and sale.has_active_receipt
    assert sale.stale_receipts == sale.valid_receipts                   # under "needs attention"
    assert len(_active(posapi)) == 1
