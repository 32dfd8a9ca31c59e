"""A sale's receipt through PosAPI, journalled (`pos_app.checkout.posapi_desk`), against the PosAPI sandbox over real
HTTP: issued once for the whole sale, a lost answer settled by asking the same request again the same day (the
bill number cannot make a second receipt), never asked again on a later day, refusals kept apart from unknown
outcomes, voids for returns, and the lottery never written down."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import datetime, timedelta
from decimal import Decimal
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
import requests

from pos_app.checkout.posapi_desk import PosApiDesk, PosApiSetup, ReceiptNeedsPerson, receipt_request
from pos_app.checkout.recovery import Recovered, recover_all
from pos_app.checkout.returns import return_tenders
from pos_app.domain.cart import CartLine
from pos_app.domain.sale import INDIVIDUAL, ReceiptVia, Receiver, ReceiverKind
from pos_app.domain.taxes import TaxSplit
from pos_app.domain.tenders import CardTender, CashTender
from pos_app.journal import Journal, JournalError, JournalStatus, ReceiptStatus
from pos_app.posapi import (
    EbarimtLookupClient,
    OutcomeUnknownError,
    PosApiClient,
    PosIdentity,
    ReceiptRefusedError,
    RetryPolicy,
)
from tests.ui.posapi_control import PosApiControl

UB = ZoneInfo("Asia/Ulaanbaatar")
POS = PosIdentity(merchant_tin="37900846788", pos_no="T1", branch_no="1", district_code="2501")
NO_RETRIES = RetryPolicy(max_attempts=1, base_delay=0, max_delay=0, jitter=0)
BREAD = CartLine("Талх", Decimal(2), Decimal("2500"))
MILK = CartLine("Сүү", Decimal(1), Decimal("3500"), city_tax=True)
LINES = (BREAD, MILK)
TOTAL = Decimal(8500)
TAXES = TaxSplit(Decimal("772.73"), Decimal("31.25"))


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
def control(posapi_server) -> PosApiControl:
    return PosApiControl(posapi_server.url)


@pytest.fixture
def desk(posapi_server) -> Iterator[PosApiDesk]:
    client = PosApiClient(posapi_server.url, retry_policy=NO_RETRIES, timeout=(2, 2))
    made = PosApiDesk(client, _lookups(posapi_server.url), PosApiSetup(POS))
    yield made
    made.close()


def _lookups(url: str) -> EbarimtLookupClient:
    # The sandbox serves the public look-ups on its own (plain http, loopback) address.
    return EbarimtLookupClient(url, retry_policy=NO_RETRIES)


def cash_sale(journal: Journal, given: str = "10000") -> str:
    return journal.tenders.begin(LINES, TOTAL, TAXES, CashTender(TOTAL, Decimal(given)), ReceiptVia.POSAPI)


def sent_bodies(control: PosApiControl) -> list[dict]:
    return [receipt["response"] for receipt in control.receipts()]


def test_a_cash_sale_gets_one_receipt_and_its_lottery_is_printed_from_memory_only(
        journal: Journal, desk: PosApiDesk, control: PosApiControl) -> None:
    number = cash_sale(journal)
    done = desk.issue(journal, number, INDIVIDUAL)
    assert done.status is JournalStatus.COMPLETED and not done.owes_receipt
    [row] = done.valid_receipts
    assert row.is_posapi and row.receipt.lottery == "" and row.receipt.qr_data == "" and row.bill == "010001"
    assert row.receipt.amount == TOTAL and row.receipt.vat + row.receipt.city_tax > 0
    [made] = control.receipts()
    assert made["id"] == row.receipt.receipt_id and made["lottery"]
    assert desk.print_only.fill(row.receipt).lottery == made["lottery"]      # in memory, to print
    assert made["lottery"] not in json.dumps([event[2] for event in journal.queries.events(number)], ensure_ascii=False)
    body = made["response"]
    assert body["payments"] == [{"code": "CASH", "status": "PAID", "paidAmount": 8500, "data": None}]
    assert body["billIdSuffix"] == "010001" and body["posNo"] == "T1"
    assert Decimal(str(body["totalVAT"])) == row.receipt.vat
    assert Decimal(str(body["totalCityTax"])) == row.receipt.city_tax


def test_each_request_takes_a_new_bill_number_of_the_day(journal: Journal, desk: PosApiDesk,
                                                         control: PosApiControl) -> None:
    for _ in range(3):
        desk.issue(journal, cash_sale(journal), INDIVIDUAL)
    assert [body["billIdSuffix"] for body in sent_bodies(control)] == ["010001", "010002", "010003"]


def test_a_split_sale_sends_a_payment_line_a_tender_and_one_for_qpay(journal: Journal) -> None:
    number = journal.tenders.begin(LINES, TOTAL, TAXES, CashTender(Decimal(2000), Decimal(2000)),
                                   ReceiptVia.POSAPI)
    journal.tenders.take(number, CardTender(Decimal(1500), "AB1234"))
    journal.tenders.rest_started(number)
    from pos_app.domain.sale import OpenInvoice, PaymentSeen

    journal.sales.invoice_opened(number, OpenInvoice("inv-1"))
    journal.sales.payments_seen(number, (PaymentSeen("p-1", Decimal(5100), "Khan", "CARD"),))   # 100 over
    request = receipt_request(journal.queries.get(number), PosApiSetup(POS), "7", None)
    assert [(p.code, p.paidAmount) for p in request.payments] == [("CASH", 2000), ("PAYMENT_CARD", 1500),
                                                                   ("PAYMENT_CARD", 5000)]
    assert request.totalAmount == TOTAL


def test_a_lost_answer_is_asked_again_unchanged_and_the_taken_bill_number_proves_the_receipt(
        journal: Journal, desk: PosApiDesk, control: PosApiControl) -> None:
    number = cash_sale(journal)
    control.fault(after_processing=True, drop=True)          # made, then the answer lost
    with pytest.raises(OutcomeUnknownError):
        desk.issue(journal, number, INDIVIDUAL)
    pending = journal.queries.get(number)
    assert pending.status is JournalStatus.RECEIPT_PENDING and pending.receipt_bill == "010001"
    first = json.loads(pending.receipt_request)
    # The cashier asks again, for an organization this time: the pending request goes again as it was.
    done = desk.issue(journal, number, Receiver.organization("5395305"))
    assert len(control.receipts()) == 1
    [row] = done.valid_receipts
    assert row.details_lost and row.bill == "010001" and row.receipt.amount == TOTAL
    assert row.receipt.receiver == INDIVIDUAL                  # what the first request asked
    assert done.status is JournalStatus.COMPLETED and not done.owes_receipt
    asked_again = [event for event in journal.queries.events(number) if event[1] == "receipt_asked_again"]
    assert len(asked_again) == 1 and first["billIdSuffix"] == "010001"


def test_a_request_never_served_is_made_once_when_asked_again(journal: Journal, desk: PosApiDesk,
                                                              control: PosApiControl) -> None:
    number = cash_sale(journal)
    control.fault(status=503)                                  # a 5xx: unknown, though nothing was made
    with pytest.raises(OutcomeUnknownError):
        desk.issue(journal, number, INDIVIDUAL)
    assert control.receipts() == []
    [outcome] = recover_all(journal, checkout=None, posapi=desk)   # type: ignore[arg-type]
    assert outcome.result is Recovered.COMPLETED and outcome.printable
    [made] = control.receipts()
    assert made["response"]["billIdSuffix"] == "010001"
    assert journal.queries.get(number).valid_receipts[0].receipt.receipt_id == made["id"]


def test_posapi_unreachable_leaves_the_receipt_pending_for_the_same_request(
        journal: Journal, posapi_server, control: PosApiControl) -> None:
    dead = PosApiClient("http://127.0.0.1:9", retry_policy=NO_RETRIES, timeout=(0.5, 0.5))
    desk = PosApiDesk(dead, _lookups(posapi_server.url), PosApiSetup(POS))
    number = cash_sale(journal)
    with pytest.raises(Exception) as raised:
        desk.issue(journal, number, INDIVIDUAL)
    assert type(raised.value).__name__ in ("PosApiConnectionError", "OutcomeUnknownError")
    assert journal.queries.get(number).status is JournalStatus.RECEIPT_PENDING
    desk.client = PosApiClient(posapi_server.url, retry_policy=NO_RETRIES)   # PosAPI answers again
    assert desk.settle(journal, journal.queries.get(number)).status is JournalStatus.COMPLETED
    assert len(control.receipts()) == 1


def test_on_a_later_day_the_till_never_asks_again_by_itself(journal: Journal, desk: PosApiDesk,
                                                             control: PosApiControl, clock: Clock) -> None:
    number = cash_sale(journal)
    control.fault(status=503)
    with pytest.raises(OutcomeUnknownError):
        desk.issue(journal, number, INDIVIDUAL)
    clock.now += timedelta(days=1)                             # the bill number is free again tomorrow
    with pytest.raises(ReceiptNeedsPerson):
        desk.settle(journal, journal.queries.get(number))
    [outcome] = recover_all(journal, checkout=None, posapi=desk)   # type: ignore[arg-type]
    assert outcome.result is Recovered.NEEDS_PERSON
    assert control.receipts() == [] and journal.queries.get(number).status is JournalStatus.RECEIPT_PENDING
    assert journal.queries.get(number).owes_receipt                    # under the day close's "needs attention"


def test_a_refusal_ends_the_step_and_the_next_request_takes_a_new_bill_number(
        journal: Journal, desk: PosApiDesk, control: PosApiControl, posapi_server) -> None:
    number = cash_sale(journal)
    requests.post(f"{posapi_server.url}/_sandbox/state", json={"left_lotteries": 0}, timeout=5)
    with pytest.raises(ReceiptRefusedError):
        desk.issue(journal, number, INDIVIDUAL)
    refused = journal.queries.get(number)
    assert refused.status is JournalStatus.PAID and "lottery" in refused.failure.lower() and refused.owes_receipt
    requests.get(f"{posapi_server.url}/rest/sendData", timeout=5)    # lotteries topped up
    done = desk.issue(journal, number, INDIVIDUAL)
    assert done.status is JournalStatus.COMPLETED and done.valid_receipts[0].bill == "010002"


def test_a_refusal_to_a_request_asked_again_proves_nothing_and_it_stays_pending(
        journal: Journal, desk: PosApiDesk, control: PosApiControl, posapi_server) -> None:
    number = cash_sale(journal)
    control.fault(status=503)
    with pytest.raises(OutcomeUnknownError):
        desk.issue(journal, number, INDIVIDUAL)
    requests.post(f"{posapi_server.url}/_sandbox/state", json={"left_lotteries": 0}, timeout=5)
    with pytest.raises(ReceiptRefusedError):
        desk.settle(journal, journal.queries.get(number))
    assert journal.queries.get(number).status is JournalStatus.RECEIPT_PENDING


def test_an_organization_receipt_carries_its_tin_looked_up(journal: Journal, desk: PosApiDesk,
                                                           control: PosApiControl) -> None:
    number = journal.tenders.begin(LINES, TOTAL, TAXES, CardTender(TOTAL, "123456"), ReceiptVia.POSAPI)
    done = desk.issue(journal, number, Receiver.organization("5395305"))
    [body] = sent_bodies(control)
    assert body["type"] == "B2B_RECEIPT" and body["customerTin"] == "31654321554"
    assert body["payments"][0]["code"] == "PAYMENT_CARD"
    assert done.valid_receipts[0].receipt.receiver.kind is ReceiverKind.ORGANIZATION


def test_a_return_gives_the_cash_back_and_voids_the_receipt(journal: Journal, desk: PosApiDesk,
                                                            control: PosApiControl) -> None:
    number = cash_sale(journal)
    desk.issue(journal, number, INDIVIDUAL)
    done = return_tenders(journal, checkout=None, posapi=desk, number=number, reason="item returned")  # type: ignore[arg-type]
    assert not done.money_kept and not done.has_active_receipt and done.reversed_amount == TOTAL
    assert done.receipts[0].status is ReceiptStatus.CANCELLED
    assert [receipt["state"] for receipt in control.receipts()] == ["RETURNED"]


def test_a_void_whose_answer_was_lost_is_asked_once_more_and_already_returned_means_done(
        journal: Journal, desk: PosApiDesk, control: PosApiControl) -> None:
    number = cash_sale(journal)
    desk.issue(journal, number, INDIVIDUAL)
    control.fault(method="DELETE", after_processing=True, drop=True)
    done = return_tenders(journal, checkout=None, posapi=desk, number=number, reason="item returned")  # type: ignore[arg-type]
    assert done.receipts[0].status is ReceiptStatus.CANCELLED
    assert [receipt["state"] for receipt in control.receipts()] == ["RETURNED"]


def test_an_organizations_receipt_is_never_sent_to_delete_and_its_returned_sale_needs_attention(
        journal: Journal, desk: PosApiDesk, control: PosApiControl) -> None:
    number = journal.tenders.begin(LINES, TOTAL, TAXES, CashTender(TOTAL, TOTAL), ReceiptVia.POSAPI)
    desk.issue(journal, number, Receiver.organization("5395305"))      # PosAPI voids B2C receipts only
    after = return_tenders(journal, checkout=None, posapi=desk, number=number, reason="item returned")  # type: ignore[arg-type]
    assert after.has_active_receipt and after.receipts[0].status is ReceiptStatus.ISSUED
    assert not after.money_kept                                # the money went back all the same
    assert after.stale_receipts == after.valid_receipts        # left standing: under "needs attention"
    # A void asked all the same (a journal of an older till) is refused by the till, in words, without a call.
    journal.reversals.receipt_cancel_started(number)
    with pytest.raises(JournalError, match="ebarimt portal"):
        desk.void(journal, number)
    assert journal.queries.get(number).receipts[0].status is ReceiptStatus.ISSUED
    assert "organization" in journal.queries.get(number).receipts[0].failure
    assert not [seen for seen in control.requests_seen() if seen["method"] == "DELETE"]


def test_a_receipt_whose_id_was_lost_is_not_voided_by_the_till(journal: Journal, desk: PosApiDesk,
                                                                control: PosApiControl) -> None:
    number = cash_sale(journal)
    control.fault(after_processing=True, drop=True)
    with pytest.raises(OutcomeUnknownError):
        desk.issue(journal, number, INDIVIDUAL)
    desk.settle(journal, journal.queries.get(number))
    with pytest.raises(Exception, match="void it in PosAPI itself"):
        return_tenders(journal, checkout=None, posapi=desk, number=number, reason="item returned")  # type: ignore[arg-type]
    assert journal.queries.get(number).has_active_receipt


def test_near_the_end_of_the_day_the_till_stops_asking_again(journal: Journal, desk: PosApiDesk,
                                                             control: PosApiControl, clock: Clock) -> None:
    clock.now = datetime(2026, 11, 26, 23, 45, tzinfo=UB)
    number = cash_sale(journal)
    control.fault(status=503)
    with pytest.raises(OutcomeUnknownError):
        desk.issue(journal, number, INDIVIDUAL)
    clock.now = datetime(2026, 11, 26, 23, 52, tzinfo=UB)       # PosAPI's clock may be past midnight already
    with pytest.raises(ReceiptNeedsPerson):
        desk.settle(journal, journal.queries.get(number))
    assert control.receipts() == []


@pytest.mark.parametrize("made", [True, False])
def test_a_person_settles_a_request_of_an_earlier_day_by_what_posapi_holds(
        journal: Journal, desk: PosApiDesk, control: PosApiControl, clock: Clock, made: bool) -> None:
    number = cash_sale(journal)
    control.fault(status=503)
    with pytest.raises(OutcomeUnknownError):
        desk.issue(journal, number, INDIVIDUAL)
    clock.now += timedelta(days=1)
    journal.posapi.settled_by_hand(number, made, "looked up")
    sale = journal.queries.get(number)
    if made:
        assert sale.status is JournalStatus.COMPLETED and sale.valid_receipts[0].details_lost
        assert sale.valid_receipts[0].receipt.amount == TOTAL and not sale.owes_receipt
    else:
        assert sale.status is JournalStatus.PAID and sale.owes_receipt and "by hand" in sale.failure
        done = desk.issue(journal, number, INDIVIDUAL)         # a new bill number of the new day
        assert done.status is JournalStatus.COMPLETED and len(control.receipts()) == 1


def test_a_void_whose_answer_was_lost_and_whose_repeat_is_refused_stays_unknown(
        journal: Journal, desk: PosApiDesk, control: PosApiControl) -> None:
    number = cash_sale(journal)
    desk.issue(journal, number, INDIVIDUAL)
    control.fault(method="DELETE", drop=True)                 # the first void: no answer
    control.fault(method="DELETE", status=400)                # the repeat: refused, proving nothing of the first
    with pytest.raises(OutcomeUnknownError):
        return_tenders(journal, checkout=None, posapi=desk, number=number, reason="item returned")  # type: ignore[arg-type]
    assert journal.queries.get(number).receipts[0].status is ReceiptStatus.CANCELLING    # asked again by recovery
    [outcome] = recover_all(journal, checkout=None, posapi=desk)                  # type: ignore[arg-type]
    assert outcome.result is Recovered.RECEIPT_CANCELLED
    assert journal.queries.get(number).receipts[0].status is ReceiptStatus.CANCELLED


def test_test_connection_asks_the_shops_posapi_too(sandbox_server, posapi_server) -> None:
    from pos_app.app.start.payment_side import check_connection
    from pos_app.config import Environment, Settings
    from pos_app.posapi import LotteriesExhaustedError

    shop = Settings(environment=Environment.SANDBOX, base_url=sandbox_server.url, username="TEST_MERCHANT",
                    invoice_code="TEST_INVOICE", posapi_url=posapi_server.url, posapi_tin="37900846788",
                    posapi_pos_no="T1", district_code="2501")
    info = check_connection(shop, "123456")
    assert info is not None and info.leftLotteries and info.leftLotteries > 0
    requests.post(f"{posapi_server.url}/_sandbox/state", json={"left_lotteries": 0}, timeout=5)
    with pytest.raises(LotteriesExhaustedError):
        check_connection(shop, "123456")
    assert check_connection(Settings(), "123456", sandbox_url=sandbox_server.url) is None   # training: QPay's only
