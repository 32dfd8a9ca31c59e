"""Recovery settles each unfinished journal status with the sandbox: no lost sale,
no second invoice, no second receipt. (The kill-the-process versions of these
are the journal issue's next step.)"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from pathlib import Path


from pos_app.checkout import Checkout
from pos_app.checkout.recovery import Recovered, recover_all
from pos_app.domain.cart import Cart
from pos_app.domain.catalog import CatalogItem
from pos_app.domain.sale import Receiver, Sale
from pos_app.journal import Journal, JournalStatus
from pos_app.qpay import QPayClient
from tests.qpay.helpers import (
    FAST_POLICY,
    PASSWORD,
    USERNAME,
)

MILK = CatalogItem("1", "Сүү", Decimal("3500"), "8401", "0122", False)


def _begin(journal: Journal) -> tuple[str, Sale]:
    cart = Cart()
    cart.add_item(MILK, 2)
    number = journal.sales.begin(cart.lines, cart.total, cart.taxes)
    return number, Sale(number, cart.lines, cart.total, cart.taxes)


def _opened(journal: Journal, checkout: Checkout) -> tuple[str, str]:
    number, sale = _begin(journal)
    invoice = checkout.create_invoice(sale)
    journal.sales.invoice_opened(number, invoice)
    return number, invoice.invoice_id


def test_creating_whose_invoice_exists_resumes_it_without_a_second_invoice(journal, checkout, control) -> None:
    number, sale = _begin(journal)
    created = checkout.create_invoice(sale)          # the till died before writing this down
    [outcome] = recover_all(journal, checkout)
    assert outcome.result is Recovered.WAITING
    recovered = journal.queries.get(number)
    assert recovered.status is JournalStatus.OPEN and recovered.invoice_id == created.invoice_id
    assert control.count("/v2/invoice", "POST") == 1


def test_creating_whose_invoice_never_arrived_is_marked_failed(journal, checkout, control) -> None:
    number, _ = _begin(journal)
    [outcome] = recover_all(journal, checkout)
    assert outcome.result is Recovered.FAILED
    assert journal.queries.get(number).status is JournalStatus.FAILED
    assert control.count("/v2/invoice", "POST") == 0


def test_open_and_paid_meanwhile_becomes_paid_and_offers_the_receipt(journal, checkout, control) -> None:
    number, invoice_id = _opened(journal, checkout)
    control.pay(invoice_id)
    [outcome] = recover_all(journal, checkout)
    assert outcome.result is Recovered.PAID
    sale = journal.queries.get(number)
    assert sale.status is JournalStatus.PAID and sale.paid_amount == Decimal("7000")
    assert journal.queries.unfinished() == [sale]             # still waiting for its receipt


def test_open_and_unpaid_resumes_waiting(journal, checkout) -> None:
    number, _ = _opened(journal, checkout)
    [outcome] = recover_all(journal, checkout)
    assert outcome.result is Recovered.WAITING and journal.queries.get(number).status is JournalStatus.OPEN


def test_cancelling_that_reached_the_service_is_cancelled(journal, checkout) -> None:
    number, invoice_id = _opened(journal, checkout)
    journal.sales.cancel_started(number)
    checkout.cancel_invoice(invoice_id)
    [outcome] = recover_all(journal, checkout)
    assert outcome.result is Recovered.CANCELLED and journal.queries.get(number).status is JournalStatus.CANCELLED


def test_cancelling_that_never_reached_the_service_is_open_again(journal, checkout) -> None:
    number, _ = _opened(journal, checkout)
    journal.sales.cancel_started(number)
    [outcome] = recover_all(journal, checkout)
    assert outcome.result is Recovered.WAITING and journal.queries.get(number).status is JournalStatus.OPEN


def test_receipt_pending_gets_the_receipt_already_made_not_a_second(journal, checkout, control) -> None:
    number, invoice_id = _opened(journal, checkout)
    control.pay(invoice_id)
    recover_all(journal, checkout)
    sale = journal.queries.get(number)
    receiver = Receiver.organization("5395305")
    journal.sales.receipt_started(number, receiver)
    first = checkout.issue_receipt(sale.payments[0].payment_id, receiver)   # answer lost at the crash
    [outcome] = recover_all(journal, checkout)
    assert outcome.result is Recovered.COMPLETED
    completed = journal.queries.get(number)
    assert completed.status is JournalStatus.COMPLETED
    assert completed.receipt is not None and completed.receipt.receipt_id == first.receipt_id
    assert completed.receipt.lottery == first.lottery


def test_a_service_that_cannot_be_reached_leaves_everything_for_later(journal, checkout, sandbox_server,
                                                                      tmp_path: Path) -> None:
    number, _ = _opened(journal, checkout)
    unreachable = Checkout(QPayClient("http://127.0.0.1:9", USERNAME, PASSWORD, retry_policy=FAST_POLICY),
                           replace(checkout.config))
    [outcome] = recover_all(journal, unreachable)
    assert outcome.result is Recovered.UNSETTLED
    assert journal.queries.get(number).status is JournalStatus.OPEN
    unreachable.client.close()
