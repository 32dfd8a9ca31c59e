"""The QPay charge and the counter's tenders as checkout's own steps (checkout/charging.py, checkout/tenders.py), run
without a window: each writes its step, makes its call and writes the answer."""

from __future__ import annotations

from decimal import Decimal

import pytest

from pos_app.checkout.charging import charge, charge_rest
from pos_app.checkout.recovery import Recovered, recover_all
from pos_app.checkout.tenders import HANDED_BACK_REASON, hand_back, take_tender
from pos_app.domain.cart import Cart
from pos_app.domain.catalog import CatalogItem
from pos_app.domain.sale import ReceiptVia, Sale
from pos_app.domain.tenders import CardTender, CashTender
from pos_app.journal import Journal, JournalStatus
from pos_app.qpay import OutcomeUnknownError, QPayError

MILK = CatalogItem("1", "Сүү", Decimal("3500"), "8401", "0122", False)


def _sale(receipt_via: ReceiptVia = ReceiptVia.QPAY) -> Sale:
    cart = Cart()
    cart.add_item(MILK, 2)
    return Sale("", cart.lines, cart.total, cart.taxes, receipt_via=receipt_via)


def test_a_charge_begins_the_sale_and_opens_its_invoice(journal: Journal, checkout, control) -> None:
    number, invoice = charge(journal, checkout, _sale())
    recorded = journal.queries.get(number)
    assert recorded.status is JournalStatus.OPEN and recorded.invoice_id == invoice.invoice_id
    assert [kind for _, kind, _ in journal.queries.events(number)] == ["sale_begun", "invoice_opened"]
    assert control.count("/v2/invoice", "POST") == 1


def test_a_refused_charge_ends_the_sale_failed(journal: Journal, checkout, control) -> None:
    control.fault("/v2/invoice", method="POST", status=400)
    with pytest.raises(QPayError):
        charge(journal, checkout, _sale())
    [recorded] = journal.queries.between(journal.now().date(), journal.now().date())
    assert recorded.status is JournalStatus.FAILED and recorded.failure.startswith("refused: ")


def test_a_charge_whose_answer_was_lost_stays_creating_for_recovery(journal: Journal, checkout, control) -> None:
    control.fault("/v2/invoice", method=None, after_processing=True, drop=True, count=10)
    with pytest.raises(OutcomeUnknownError):
        charge(journal, checkout, _sale())
    [recorded] = journal.queries.between(journal.now().date(), journal.now().date())
    assert recorded.status is JournalStatus.CREATING        # never taken as refused
    control.clear_faults()
    [outcome] = recover_all(journal, checkout)               # found by its number, not created again
    assert outcome.result is Recovered.WAITING and journal.queries.get(recorded.number).status is JournalStatus.OPEN
    assert control.count("/v2/invoice", "POST") == 1


def test_tenders_begin_the_sale_and_the_rest_goes_to_qpay(journal: Journal, checkout, control) -> None:
    sale = _sale(ReceiptVia.NONE)
    number = take_tender(journal, sale, CashTender(Decimal(2000), Decimal(2000)))
    sale.number = number
    sale.tenders = (CashTender(Decimal(2000), Decimal(2000)),)
    assert journal.queries.get(number).status is JournalStatus.TENDERING
    assert take_tender(journal, sale, CardTender(Decimal(1000), "123456")) == number
    sale.tenders += (CardTender(Decimal(1000), "123456"),)
    invoice = charge_rest(journal, checkout, sale)
    recorded = journal.queries.get(number)
    assert recorded.status is JournalStatus.OPEN and recorded.invoice_id == invoice.invoice_id
    assert recorded.qpay_due == Decimal(4000)


def test_tenders_handed_back_end_the_sale_cancelled(journal: Journal) -> None:
    number = take_tender(journal, _sale(), CashTender(Decimal(2000), Decimal(2000)))
    assert hand_back(journal, number) == Decimal(2000)
    recorded = journal.queries.get(number)
    assert recorded.status is JournalStatus.CANCELLED and recorded.reversal_reason == HANDED_BACK_REASON
