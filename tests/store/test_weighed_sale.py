"""A weighed sale through the store (issue 31, point 7): amounts with cents go through the store exactly as
QPay gives them, to the möngö, on every path the till reads, in the day's report, and never as a 500."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
import requests

from pos_app.checkout.after_sale import record_paid
from pos_app.checkout.receipts import issue_receipts
from pos_app.checkout.service import Checkout, CheckoutConfig
from pos_app.domain.cart import Cart
from pos_app.domain.catalog import CatalogItem
from pos_app.domain.sale import INDIVIDUAL, OpenInvoice, PaymentSeen, Sale
from pos_app.journal import Journal, JournalStatus
from pos_app.journal.closed_days import summary_from_json
from pos_app.journal.day_summary import load_day
from pos_app.qpay import QPayClient

from .helpers import INVOICE_CODE, PASSWORD, USERNAME, Shop, running_shop
from .till_journals import DAY, UB, SettableClock, at

APPLES = CatalogItem("2100042", "Алим", Decimal("12997.05"), "", "", False, unit="kg")
WEIGHT = Decimal("0.733")                   # 0.733 kg × 12,997.05 = 9,526.83765: 9,526.84 to the möngö
TOTAL = Decimal("9526.84")
VAT = Decimal("866.08")                     # 9,526.84 / 11, half-up


@pytest.fixture
def shop(store_db_url: str) -> Iterator[Shop]:
    # Several sessions: the test also asks QPay itself, to compare its answers with the store's.
    with running_shop(store_db_url, ("T1",), single_session=False) as running:
        yield running


def _qpay_itself(shop: Shop) -> QPayClient:
    return QPayClient(shop.sandbox.url, USERNAME, PASSWORD)


def _both(shop: Shop, till: QPayClient, method: str, path: str, body: Any = None) -> tuple[Any, Any]:
    """The same call's answer from the store (as the till gets it) and from QPay itself, both read as the till's
    client reads an answer (every fraction a Decimal, from its text)."""
    kwargs = {} if body is None else {"json_body": body}
    return (till.call(method, path, safe_to_repeat=True, **kwargs),
            _qpay_itself(shop).call(method, path, safe_to_repeat=True, **kwargs))


def _checkout(till: QPayClient) -> Checkout:
    return Checkout(till, CheckoutConfig(invoice_code=INVOICE_CODE, callback_url="http://127.0.0.1:9/callback"))


def _weighed_sale(journal: Journal, checkout: Checkout) -> tuple[str, str]:
    cart = Cart()
    cart.add_weighed(APPLES, WEIGHT)
    assert cart.total == TOTAL and cart.taxes.vat == VAT
    number = journal.sales.begin(cart.lines, cart.total, cart.taxes)
    invoice = checkout.create_invoice(Sale(number, cart.lines, cart.total, cart.taxes))
    journal.sales.invoice_opened(number, invoice)
    return number, invoice.invoice_id


def _paid_in_the_journal(journal: Journal) -> str:
    """The weighed sale as the till journals it once paid (no QPay: the journal's shipping alone is tried)."""
    cart = Cart()
    cart.add_weighed(APPLES, WEIGHT)
    number = journal.sales.begin(cart.lines, cart.total, cart.taxes)
    journal.sales.invoice_opened(number, OpenInvoice(f"inv-{number}", qr_text="qr"))
    journal.sales.payments_seen(number, (PaymentSeen(f"pay-{number}", TOTAL, "Хаан банк", "P2P"),))
    return number


def test_a_weighed_sale_through_the_store_is_exact_to_the_mongo(shop: Shop, tmp_path: Path) -> None:
    till = shop.client("T1")
    checkout = _checkout(till)
    clock = SettableClock(at(DAY, 10).replace(tzinfo=UB))
    with Journal(tmp_path / "journal.sqlite3", "T1", clock=clock) as journal:
        number, invoice_id = _weighed_sale(journal, checkout)

        # Get Invoice: the store's answer is QPay's, to the digit (its string amounts strings, its numbers numbers).
        store_said, qpay_said = _both(shop, till, "GET", f"/v2/invoice/{invoice_id}")
        assert store_said == qpay_said
        invoice = till.get_invoice(invoice_id)
        assert (invoice.total_amount, invoice.gross_amount) == (TOTAL, TOTAL)

        shop.pay(invoice_id)
        check_body = {"object_type": "INVOICE", "object_id": invoice_id, "offset": {"page_number": 1, "page_limit": 10}}
        for path in ("/v2/payment/check", "/v2/invoice/check"):
            store_said, qpay_said = _both(shop, till, "POST", path, check_body)
            assert store_said == qpay_said, path
        for check in (till.check_payment(invoice_id), till.check_invoice(invoice_id)):
            assert check.paid_amount == TOTAL
            assert [row.payment_amount for row in check.rows] == [TOTAL]
        rows = till.list_invoices(sender_invoice_no=number).rows
        assert [(row.invoice_id, row.amount) for row in rows] == [(invoice_id, TOTAL)]
        verdict = till.paid_state(invoice_id)
        assert verdict.is_paid and verdict.paid_amount == TOTAL

        # The till confirms the payment and gets its receipt, all through the store.
        paid = checkout.check_payment(invoice_id, TOTAL)
        assert paid.is_paid and paid.paid_amount == TOTAL
        record_paid(journal, number, paid)
        sale = issue_receipts(journal, checkout, number, INDIVIDUAL)
        assert sale.status is JournalStatus.COMPLETED
        assert (sale.receipts[0].receipt.amount, sale.receipts[0].receipt.vat) == (TOTAL, VAT)

        # The day's report at the store: the till's own figures, to the möngö, as JSON, CSV and the page.
        events, sales = journal.queries.shipment(0, 1000)
        auth = ("T1", shop.keys["T1"])
        shipped = requests.post(f"{shop.store.url}/store/journal/T1", json={"events": events, "sales": sales},
                                auth=auth, timeout=10)
        assert shipped.status_code == 200, shipped.text
        own = load_day(journal.queries, DAY).summary
    assert (own.paid.amount, own.net, own.vat, own.receipt_vat) == (TOTAL, TOTAL, VAT, VAT)
    day = requests.get(f"{shop.store.url}/store/day/{DAY.isoformat()}", auth=auth, timeout=10).json()
    assert summary_from_json(json.dumps(day["shops"][0]["tills"][0])) == own
    for record in (day["shops"][0]["tills"][0], day["shops"][0]["total"], day["total"]):
        assert (record["paid"]["amount"], record["receipt_vat"]) == ("9526.84", "866.08")
    text = requests.get(f"{shop.store.url}/store/day/{DAY.isoformat()}.csv", auth=auth, timeout=10).content
    till_row = next(row for row in csv.DictReader(io.StringIO(text.decode("utf-8-sig"))) if row["till"] == "T1")
    assert (till_row["paid"], till_row["net"], till_row["vat"]) == ("9526.84", "9526.84", "866.08")
    page = requests.get(f"{shop.store.url}/store/day/{DAY.isoformat()}.html", auth=auth, timeout=10).text
    assert "9,526.84 ₮" in page and "866.08 ₮" in page


def test_a_sale_shipped_with_its_money_as_json_numbers_stays_exact(shop: Shop, tmp_path: Path) -> None:
    """A journal's money is decimal text; one sent as JSON numbers (another client, an odd till) is read as the
    decimals it says, never through a float (9526.84 as a float is 9526.840000000000145...)."""
    clock = SettableClock(at(DAY, 10).replace(tzinfo=UB))
    with Journal(tmp_path / "journal.sqlite3", "T1", clock=clock) as journal:
        _paid_in_the_journal(journal)
        events, sales = journal.queries.shipment(0, 1000)
        own = load_day(journal.queries, DAY).summary
    body = {"events": events, "sales": [{**record, "sale": {**record["sale"], "total": "__TOTAL__", "vat": "__VAT__"}}
                                        for record in sales]}
    raw = json.dumps(body).replace('"__TOTAL__"', "9526.84").replace('"__VAT__"', "866.08")
    auth = ("T1", shop.keys["T1"])
    assert requests.post(f"{shop.store.url}/store/journal/T1", data=raw.encode(), auth=auth,
                         timeout=10).status_code == 200
    day = requests.get(f"{shop.store.url}/store/day/{DAY.isoformat()}", auth=auth, timeout=10).json()
    assert summary_from_json(json.dumps(day["shops"][0]["tills"][0])) == own


@pytest.mark.parametrize("figure", ["NaN", "Infinity", "-Infinity", "1E+999999", "1E-40"])
def test_a_sale_whose_money_is_no_amount_is_refused_and_the_report_still_answers(shop: Shop, tmp_path: Path,
                                                                                  figure: str) -> None:
    clock = SettableClock(at(DAY, 10).replace(tzinfo=UB))
    with Journal(tmp_path / "journal.sqlite3", "T1", clock=clock) as journal:
        _paid_in_the_journal(journal)
        events, sales = journal.queries.shipment(0, 1000)
    auth = ("T1", shop.keys["T1"])
    bad = [{**record, "sale": {**record["sale"], "vat": figure}} for record in sales]
    answer = requests.post(f"{shop.store.url}/store/journal/T1", json={"events": events, "sales": bad}, auth=auth,
                           timeout=10)
    assert answer.status_code == 400 and figure in answer.json()["message"]
    for suffix in ("", ".csv", ".html"):
        assert requests.get(f"{shop.store.url}/store/day/{DAY.isoformat()}{suffix}", auth=auth,
                            timeout=10).status_code == 200
