"""Electronic tax receipts (ebarimt): create, cancel, tax arithmetic (contract 2.4, 3, 4.5)."""

from __future__ import annotations

import re
from datetime import datetime
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

import pytest

from pos_app.sandbox import SandboxServer

from .conftest import Api, assert_error

RECEIPT_KEYS = {"id", "ebarimt_by", "ebarimt_receiver_type", "ebarimt_receiver", "amount", "vat_amount",
                "city_tax_amount", "ebarimt_qr_data", "ebarimt_lottery", "barimt_status",
                "barimt_status_date", "status", "barimt_items", "barimt_transactions", "barimt_histories"}
ITEM_KEYS = {"name", "amount", "barcode", "measure_unit", "quantity", "unit_price", "vat", "city_tax"}
CANCEL_KEYS = {"id", "ebarimt_by", "barimt_status", "barimt_status_date", "status"}
LOTTERY = re.compile(r"^[A-Z]{2} \d{8}$")
CENT = Decimal("0.01")


def dec(value: Any) -> Decimal:
    return Decimal(str(value))


def paid_payment(api: Api, **invoice_fields: Any) -> str:
    invoice = api.invoice(**invoice_fields)
    return api.pay(invoice["invoice_id"])["payment_id"]


def create(api: Api, payment_id: str, receiver_type: Any = "83", receiver: Any = "", **extra: Any):
    body = {"payment_id": payment_id, "ebarimt_receiver_type": receiver_type, **extra}
    if receiver is not None:
        body["ebarimt_receiver"] = receiver
    return api.call("POST", "/v2/ebarimt_v3/create", body)


def created(api: Api, payment_id: str, receiver_type: str = "83", receiver: str = "") -> dict[str, Any]:
    answer = create(api, payment_id, receiver_type, receiver)
    assert answer.status_code == 200, answer.text
    return answer.json()


def cancel(api: Api, payment_id: str):
    return api.call("DELETE", f"/v2/ebarimt_v3/{payment_id}")


def line(description: str, quantity: str, unit_price: str, *, city_tax: bool = False,
         code: str = "") -> dict[str, Any]:
    body: dict[str, Any] = {"tax_product_code": code, "line_description": description,
                            "line_quantity": quantity, "line_unit_price": unit_price,
                            "note": "", "discounts": [], "surcharges": [], "taxes": []}
    if city_tax:
        body["taxes"] = [{"description": "CITY_TAX", "amount": 0}]
    if not code:
        del body["tax_product_code"]
    return body


# -- create ------------------------------------------------------------------------------------

def test_create_for_an_individual_returns_the_full_receipt(authed: Api) -> None:
    payment_id = paid_payment(authed, amount=11000)
    receipt = created(authed, payment_id, "83", "")

    assert set(receipt) == RECEIPT_KEYS
    assert isinstance(receipt["id"], str) and receipt["id"]
    assert isinstance(receipt["ebarimt_by"], str) and receipt["ebarimt_by"]
    assert receipt["ebarimt_receiver_type"] == "83"
    assert receipt["ebarimt_receiver"] == ""
    assert dec(receipt["amount"]) == Decimal("11000.00")
    assert receipt["vat_amount"] == "1000.00"  # 11000 / 1.1 * 0.10, no city tax
    assert receipt["city_tax_amount"] == "0.00"
    assert isinstance(receipt["ebarimt_qr_data"], str) and receipt["ebarimt_qr_data"]
    assert LOTTERY.match(receipt["ebarimt_lottery"]), receipt["ebarimt_lottery"]
    assert receipt["barimt_status"] == "CREATED"
    datetime.fromisoformat(receipt["barimt_status_date"])
    assert receipt["status"] is True
    assert isinstance(receipt["barimt_transactions"], list)
    assert receipt["barimt_histories"] == [{"status": "CREATED", "status_date": receipt["barimt_status_date"]}]


def test_create_for_an_organization_keeps_the_7_digit_register(authed: Api) -> None:
    payment_id = paid_payment(authed)
    receipt = created(authed, payment_id, "84", "5395305")
    assert receipt["ebarimt_receiver_type"] == "84"
    assert receipt["ebarimt_receiver"] == "5395305"
    assert receipt["barimt_status"] == "CREATED"


@pytest.mark.parametrize("receiver", [None, "", "123456", "12345678", "ABCDEFG", "УУ12345678"])
def test_organization_without_a_valid_register_is_invalid_parameters(authed: Api, receiver: str | None) -> None:
    payment_id = paid_payment(authed)
    assert_error(create(authed, payment_id, "84", receiver), 400, "INVALID_PARAMETERS")
    # Nothing was created: a valid request now makes the first receipt.
    assert created(authed, payment_id)["barimt_histories"][0]["status"] == "CREATED"


@pytest.mark.parametrize("receiver_type", ["85", "CITIZEN", 83, "", None])
def test_unknown_receiver_type_is_invalid_parameters(authed: Api, receiver_type: Any) -> None:
    payment_id = paid_payment(authed)
    body = {"payment_id": payment_id, "ebarimt_receiver": ""}
    if receiver_type is not None:
        body["ebarimt_receiver_type"] = receiver_type
    assert_error(authed.call("POST", "/v2/ebarimt_v3/create", body), 400, "INVALID_PARAMETERS")


def test_create_for_an_unknown_payment_is_payment_notfound(authed: Api) -> None:
    assert_error(create(authed, "999999999999999"), 404, "PAYMENT_NOTFOUND")


def test_create_for_a_cancelled_card_payment_is_payment_not_paid(authed: Api) -> None:
    invoice = authed.invoice(amount=5000)
    card = authed.pay(invoice["invoice_id"], transaction_type="CARD")
    assert authed.call("POST", f"/v2/payment/cancel/{card['payment_id']}").status_code == 200
    assert_error(create(authed, card["payment_id"]), 400, "PAYMENT_NOT_PAID")


def test_unregistered_merchant_gets_ebarimt_not_registered_on_create_and_cancel(authed: Api) -> None:
    with_receipt = paid_payment(authed)
    receipt = created(authed, with_receipt)
    without_receipt = paid_payment(authed, sender_invoice_no="T1-2")
    patch = authed.control("PATCH", "/merchants/TEST_MERCHANT", {"ebarimt_registered": False})
    assert patch.status_code == 200, patch.text
    assert patch.json()["ebarimt_registered"] is False

    assert_error(create(authed, without_receipt), 400, "EBARIMT_NOT_REGISTERED")
    assert_error(create(authed, with_receipt), 400, "EBARIMT_NOT_REGISTERED")
    assert_error(cancel(authed, with_receipt), 400, "EBARIMT_NOT_REGISTERED")

    # Registered again: the receipt was left alone.
    authed.control("PATCH", "/merchants/TEST_MERCHANT", {"ebarimt_registered": True})
    assert created(authed, with_receipt)["id"] == receipt["id"]


def test_one_active_receipt_per_payment_create_again_returns_it(authed: Api) -> None:
    payment_id = paid_payment(authed)
    first = created(authed, payment_id)
    again = created(authed, payment_id)
    assert again["id"] == first["id"]
    assert again["ebarimt_lottery"] == first["ebarimt_lottery"]
    assert again == first


def test_after_cancel_a_new_create_issues_a_new_receipt(authed: Api) -> None:
    payment_id = paid_payment(authed)
    first = created(authed, payment_id)
    assert cancel(authed, payment_id).status_code == 200
    second = created(authed, payment_id)
    assert second["id"] != first["id"]
    assert second["barimt_status"] == "CREATED"
    assert second["status"] is True
    assert LOTTERY.match(second["ebarimt_lottery"])
    assert [h["status"] for h in second["barimt_histories"]] == ["CREATED"]


def test_lottery_numbers_have_two_capitals_a_space_and_eight_digits(authed: Api) -> None:
    invoice = authed.invoice(amount=1000, allow_partial=True)
    lotteries = []
    for _ in range(5):
        payment_id = authed.pay(invoice["invoice_id"], amount=200)["payment_id"]
        lotteries.append(created(authed, payment_id)["ebarimt_lottery"])
    assert all(LOTTERY.match(lottery) for lottery in lotteries), lotteries


# -- tax arithmetic ----------------------------------------------------------------------------

def expected_taxes(gross: Decimal, city_taxed: bool) -> tuple[Decimal, Decimal]:
    """VAT 10 % and city tax 2 % inside the price, each rounded half-up to the cent."""
    divisor = Decimal("1.12") if city_taxed else Decimal("1.1")
    vat = (gross / divisor * Decimal("0.10")).quantize(CENT, rounding=ROUND_HALF_UP)
    city = (gross / divisor * Decimal("0.02")).quantize(CENT, rounding=ROUND_HALF_UP) if city_taxed \
        else Decimal("0.00")
    return vat, city


def test_vat_and_city_tax_per_item_rounded_half_up_and_totals_are_item_sums(authed: Api) -> None:
    lines = [
        line("Airag 1L", "2", "5600.00", city_tax=True, code="8650000000011"),  # 11200: 1000.00 + 200.00
        line("Bread", "1", "1234.56"),                                          # VAT 112.2327 -> 112.23
        line("Candy", "4", "0.07", city_tax=True),                              # 0.28: VAT 0.025, city 0.005
        line("Milk", "3", "333.33", city_tax=True),                             # 999.99: 89.2848 / 17.8569
    ]
    # The ebarimt shape: no amount, the lines make it (13434.83).
    invoice = authed.invoice(amount=None, tax_type="1", district_code="3505", lines=lines)
    detail = authed.call("GET", f"/v2/invoice/{invoice['invoice_id']}").json()
    assert dec(detail["total_amount"]) == Decimal("13434.83")
    payment = authed.pay(invoice["invoice_id"])
    assert dec(payment["payment_amount"]) == Decimal("13434.83")

    receipt = created(authed, payment["payment_id"])
    items = receipt["barimt_items"]
    assert len(items) == 4
    for item in items:
        assert set(item) == ITEM_KEYS
        assert all(isinstance(value, str) for value in item.values()), item

    # Hand-checked values: the half-cent cases (Candy) round up, not to even.
    assert [(i["name"], i["amount"], i["vat"], i["city_tax"]) for i in items] == [
        ("Airag 1L", "11200.00", "1000.00", "200.00"),
        ("Bread", "1234.56", "112.23", "0.00"),
        ("Candy", "0.28", "0.03", "0.01"),
        ("Milk", "999.99", "89.28", "17.86"),
    ]
    # And the same from the rule, item by item.
    for item, city_taxed in zip(items, [True, False, True, True], strict=True):
        vat, city = expected_taxes(dec(item["amount"]), city_taxed)
        assert (dec(item["vat"]), dec(item["city_tax"])) == (vat, city)

    assert [i["quantity"] for i in items] == ["2", "1", "4", "3"]
    assert [dec(i["unit_price"]) for i in items] == [Decimal("5600"), Decimal("1234.56"),
                                                    Decimal("0.07"), Decimal("333.33")]
    assert items[0]["barcode"] == "8650000000011"
    assert all(i["measure_unit"] for i in items)

    # Totals are sums of the rounded items (rounding the total city tax would give 217.86).
    assert dec(receipt["amount"]) == Decimal("13434.83") == sum(dec(i["amount"]) for i in items)
    assert dec(receipt["vat_amount"]) == Decimal("1201.54") == sum(dec(i["vat"]) for i in items)
    assert dec(receipt["city_tax_amount"]) == Decimal("217.87") == sum(dec(i["city_tax"]) for i in items)


def test_full_invoice_with_amount_equal_to_its_lines_itemises_the_lines(authed: Api) -> None:
    lines = [line("Tea", "2", "1500.00"), line("Vodka", "1", "28000.00", city_tax=True)]
    invoice = authed.invoice(amount="31000.00", lines=lines)
    payment = authed.pay(invoice["invoice_id"])
    receipt = created(authed, payment["payment_id"])
    assert [(i["name"], i["vat"], i["city_tax"]) for i in receipt["barimt_items"]] == [
        ("Tea", "272.73", "0.00"),         # 3000 / 11 = 272.7272...
        ("Vodka", "2500.00", "500.00"),    # 28000 / 1.12 = 25000
    ]
    assert receipt["vat_amount"] == "2772.73"
    assert receipt["city_tax_amount"] == "500.00"


def test_partial_payment_gets_one_item_for_the_payment_amount(authed: Api) -> None:
    lines = [line("Airag 1L", "2", "5600.00", city_tax=True), line("Bread", "1", "1234.56")]
    invoice = authed.invoice(amount="12434.56", lines=lines, allow_partial=True,
                             invoice_description="Order 77")
    payment = authed.pay(invoice["invoice_id"], amount="5000.05")
    receipt = created(authed, payment["payment_id"])

    [item] = receipt["barimt_items"]
    assert set(item) == ITEM_KEYS
    assert dec(item["amount"]) == Decimal("5000.05")
    assert item["name"] == "Order 77"
    assert dec(item["quantity"]) == 1
    assert dec(item["unit_price"]) == Decimal("5000.05")
    vat, city = expected_taxes(Decimal("5000.05"), False)
    assert dec(item["vat"]) == vat == Decimal("454.55")  # 5000.05 / 11 = 454.5500
    assert dec(item["city_tax"]) == city
    assert dec(receipt["amount"]) == Decimal("5000.05")
    assert dec(receipt["vat_amount"]) == vat
    assert dec(receipt["city_tax_amount"]) == Decimal("0")


# -- cancel ------------------------------------------------------------------------------------

def test_cancel_answers_the_cancel_shape_and_a_second_cancel_finds_nothing(authed: Api,
                                                                           sandbox_server: SandboxServer) -> None:
    payment_id = paid_payment(authed)
    receipt = created(authed, payment_id)

    answer = cancel(authed, payment_id)
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert set(body) == CANCEL_KEYS
    assert body["id"] == receipt["id"]
    assert body["ebarimt_by"] == receipt["ebarimt_by"]
    assert body["barimt_status"] == "CANCELLED"
    assert body["status"] is True
    assert datetime.fromisoformat(body["barimt_status_date"]) >= datetime.fromisoformat(
        receipt["barimt_status_date"])

    assert_error(cancel(authed, payment_id), 400, "EBARIMT_NOT_REGISTERED")

    # No endpoint reads a receipt back, so the history is read from the sandbox's state.
    stored = sandbox_server.sandbox.state.ebarimts[receipt["id"]]
    assert [h["status"] for h in stored["barimt_histories"]] == ["CREATED", "CANCELLED"]
    assert stored["barimt_histories"][1]["status_date"] == body["barimt_status_date"]
    assert stored["barimt_status"] == "CANCELLED"


def test_cancel_without_any_receipt_is_ebarimt_not_registered(authed: Api) -> None:
    payment_id = paid_payment(authed)
    assert_error(cancel(authed, payment_id), 400, "EBARIMT_NOT_REGISTERED")


def test_cancel_for_an_unknown_payment_is_payment_notfound(authed: Api) -> None:
    assert_error(cancel(authed, "999999999999999"), 404, "PAYMENT_NOTFOUND")


def test_cancel_of_a_receipt_from_an_earlier_month_is_not_supported(authed: Api) -> None:
    payment_id = paid_payment(authed)
    receipt = created(authed, payment_id)

    moved = authed.control("POST", "/clock", {"advance_seconds": 32 * 86400})
    assert moved.status_code == 200, moved.text
    authed.login()  # the access token expired with the clock (600 s of sandbox time)

    assert_error(cancel(authed, payment_id), 400, "EBARIMT_CANCEL_NOTSUPPERDED")
    # The receipt stays active: asking again returns it.
    again = created(authed, payment_id)
    assert again["id"] == receipt["id"]
    assert again["barimt_status"] == "CREATED"
    assert [h["status"] for h in again["barimt_histories"]] == ["CREATED"]
