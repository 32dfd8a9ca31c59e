"""Invoice endpoints: the three creation shapes, every creation error, get, cancel, list, check."""

from __future__ import annotations

import base64
import re
from decimal import Decimal
from typing import Any

import pytest

from pos_app.sandbox.qr import crc_is_valid, parse_emv

from .conftest import Api, assert_error, simple_invoice

UUID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$")

LINES = [
    {"tax_product_code": "6211", "line_description": "Сүү 1л", "line_quantity": "2.00",
     "line_unit_price": "3500.00", "taxes": [{"description": "CITY_TAX", "amount": 0}]},
    {"tax_product_code": "6212", "line_description": "Талх", "line_quantity": 1,
     "line_unit_price": 2500, "discounts": [{"description": "promo", "amount": 500}]},
]


def ebarimt_invoice(**fields: Any) -> dict[str, Any]:
    body = simple_invoice(amount=None, tax_type="1", district_code="3505", lines=LINES)
    body.update(fields)
    return {key: value for key, value in body.items() if value is not None}


def test_simple_invoice_creation_response(authed: Api) -> None:
    created = authed.invoice()
    assert set(created) == {"invoice_id", "qr_text", "qr_image", "qPay_shortUrl", "urls"}
    assert UUID.match(created["invoice_id"])
    assert created["qPay_shortUrl"].startswith(authed.url)


def test_qr_text_is_a_valid_emvco_payload_for_the_amount_in_mnt(authed: Api) -> None:
    created = authed.invoice(amount="12500.50")
    fields = parse_emv(created["qr_text"])
    assert crc_is_valid(created["qr_text"])
    assert fields["00"] == "01" and fields["53"] == "496" and fields["58"] == "MN"
    assert Decimal(fields["54"]) == Decimal("12500.50")


def test_qr_image_is_a_png(authed: Api) -> None:
    png = base64.b64decode(authed.invoice()["qr_image"])
    assert png.startswith(b"\x89PNG\r\n\x1a\n")


def test_deep_links_cover_the_banks_and_carry_the_qr(authed: Api) -> None:
    created = authed.invoice()
    names = {url["name"] for url in created["urls"]}
    assert {"Khan bank", "State bank", "Xac bank", "Trade and Development bank", "Social Pay"} <= names
    for url in created["urls"]:
        assert set(url) == {"name", "description", "logo", "link"}
        assert re.match(r"^[A-Za-z-]+://q\?qPay_QRcode=", url["link"])


def test_full_invoice_is_accepted_and_echoed_by_get(authed: Api) -> None:
    body = simple_invoice(
        sender_branch_code="BR1", note="counter 1", allow_partial=True, minimum_amount=1000,
        sender_branch_data={"register": "5395305", "name": "Shop", "address": {"city": "UB"}},
        sender_staff_data={"name": "Bat"}, invoice_receiver_data={"name": "Dorj"},
        enable_expiry="true", lines=LINES, amount=9000,
        transactions=[{"description": "main", "amount": "9000",
                       "accounts": [{"account_bank_code": "050000", "account_number": "1",
                                     "account_name": "Shop", "account_currency": "MNT", "is_default": True}]}])
    created = authed.call("POST", "/v2/invoice", body)
    assert created.status_code == 200, created.text
    detail = authed.call("GET", f"/v2/invoice/{created.json()['invoice_id']}").json()
    assert detail["sender_branch_code"] == "BR1" and detail["note"] == "counter 1"
    assert detail["sender_branch_data"]["address"] == {"city": "UB"}
    assert detail["allow_partial"] is True and detail["minimum_amount"] == 1000
    assert detail["enable_expiry"] is True and detail["expiry_date"]
    assert detail["total_amount"] == "9000.00"
    assert detail["lines"][0]["line_quantity"] == "2.00"
    assert detail["lines"][1]["line_unit_price"] == "2500.00"
    assert detail["discount_amount"] == 500 and detail["gross_amount"] == 9500
    assert detail["transactions"][0]["accounts"][0]["account_bank_code"] == "050000"


def test_get_invoice_has_the_live_shape(authed: Api) -> None:
    invoice_id = authed.invoice()["invoice_id"]
    detail = authed.call("GET", f"/v2/invoice/{invoice_id}").json()
    live_keys = {"invoice_id", "invoice_status", "sender_invoice_no", "sender_branch_code",
                 "sender_branch_data", "sender_staff_code", "sender_staff_data", "sender_terminal_code",
                 "sender_terminal_data", "invoice_description", "invoice_due_date", "enable_expiry",
                 "expiry_date", "allow_partial", "minimum_amount", "allow_exceed", "maximum_amount",
                 "total_amount", "gross_amount", "tax_amount", "surcharge_amount", "discount_amount",
                 "callback_url", "note", "lines", "transactions", "inputs"}
    assert live_keys <= detail.keys()
    assert {"qr_text", "qr_image", "qPay_shortUrl", "urls"} <= detail.keys()
    assert detail["invoice_status"] == "OPEN" and detail["enable_expiry"] is False
    assert isinstance(detail["total_amount"], str) and isinstance(detail["gross_amount"], (int, float))


def test_ebarimt_invoice_without_amount_totals_its_lines(authed: Api) -> None:
    created = authed.call("POST", "/v2/invoice", ebarimt_invoice())
    assert created.status_code == 200, created.text
    detail = authed.call("GET", f"/v2/invoice/{created.json()['invoice_id']}").json()
    assert detail["total_amount"] == "9000.00"  # 2 × 3500 + 2500 − 500


def test_ebarimt_invoice_needs_lines(authed: Api) -> None:
    assert_error(authed.call("POST", "/v2/invoice", ebarimt_invoice(lines=None)), 400, "INVOICE_LINE_REQUIRED")
    assert_error(authed.call("POST", "/v2/invoice", ebarimt_invoice(lines=[])), 400, "INVOICE_LINE_REQUIRED")


def test_unknown_invoice_code_is_invoice_code_invalid(authed: Api) -> None:
    answer = authed.call("POST", "/v2/invoice", simple_invoice(invoice_code="SOMEONE_ELSES"))
    assert_error(answer, 400, "INVOICE_CODE_INVALID")


@pytest.mark.parametrize("amount", [0, -5, "0", "-1.00", "abc", "", None, True, [1], {"a": 1},
                                    "NaN", "Infinity", "12.345", 0.1 + 0.2])
def test_bad_amounts_are_invalid_amount(authed: Api, amount: Any) -> None:
    body = simple_invoice()
    body["amount"] = amount
    assert_error(authed.call("POST", "/v2/invoice", body), 400, "INVALID_AMOUNT")


@pytest.mark.parametrize("amount", [12500, "12500", "12500.00", 12500.5, "100.10"])
def test_amounts_arrive_as_numbers_or_strings(authed: Api, amount: Any) -> None:
    invoice_id = authed.invoice(amount=amount)["invoice_id"]
    detail = authed.call("GET", f"/v2/invoice/{invoice_id}").json()
    assert Decimal(detail["total_amount"]) == Decimal(str(amount))


def test_merchant_limits_give_min_and_max_amount_errors(authed: Api) -> None:
    assert_error(authed.call("POST", "/v2/invoice", simple_invoice(amount="0.50")), 400, "MIN_AMOUNT_ERR")
    assert_error(authed.call("POST", "/v2/invoice", simple_invoice(amount=100_000_001)), 400, "MAX_AMOUNT_ERR")
    assert_error(authed.call("POST", "/v2/invoice", simple_invoice(amount="1e400")), 400, "MAX_AMOUNT_ERR")
    assert authed.call("POST", "/v2/invoice", simple_invoice(amount=100_000_000)).status_code == 200
    assert authed.call("POST", "/v2/invoice", simple_invoice(amount=1)).status_code == 200


def test_minimum_and_maximum_amount_that_contradict_the_amount(authed: Api) -> None:
    answer = authed.call("POST", "/v2/invoice", simple_invoice(allow_partial=True, minimum_amount=20000))
    assert_error(answer, 400, "MIN_AMOUNT_ERR")
    answer = authed.call("POST", "/v2/invoice", simple_invoice(allow_exceed=True, maximum_amount=100))
    assert_error(answer, 400, "MAX_AMOUNT_ERR")
    answer = authed.call("POST", "/v2/invoice", simple_invoice(allow_partial=True, minimum_amount=0))
    assert_error(answer, 400, "MIN_AMOUNT_ERR")


def test_merchant_not_found_and_inactive(authed: Api) -> None:
    authed.control("PATCH", "/merchants/TEST_MERCHANT", {"active": False})
    assert_error(authed.call("POST", "/v2/invoice", simple_invoice()), 403, "MERCHANT_INACTIVE")
    authed.control("PATCH", "/merchants/TEST_MERCHANT", {"active": True, "exists": False})
    assert_error(authed.call("POST", "/v2/invoice", simple_invoice()), 404, "MERCHANT_NOTFOUND")


@pytest.mark.parametrize("field,value", [
    ("sender_invoice_no", "X" * 46), ("invoice_description", "x" * 256),
    ("callback_url", "http://a/" + "x" * 250), ("callback_url", "ftp://nowhere"),
    ("invoice_receiver_code", None), ("invoice_description", 5), ("enable_expiry", True),
    ("lines", {"not": "a list"}), ("lines", [{"line_description": "x", "line_quantity": "0",
                                             "line_unit_price": "1"}]),
    ("sender_branch_data", "not an object"),
])
def test_bad_fields_are_invalid_parameters_naming_the_field(authed: Api, field: str, value: Any) -> None:
    body = simple_invoice()
    body[field] = value
    if value is None:
        del body[field]
    answer = authed.call("POST", "/v2/invoice", body)
    assert_error(answer, 400, "INVALID_PARAMETERS")
    assert field in answer.json()["message"]


def test_duplicate_sender_invoice_no_is_allowed_as_in_the_contract(authed: Api) -> None:
    # The contract does not forbid it; the client must guard itself (see docs/sandbox.md).
    assert authed.invoice()["invoice_id"] != authed.invoice()["invoice_id"]


def test_get_unknown_invoice_is_invoice_notfound(authed: Api) -> None:
    assert_error(authed.call("GET", "/v2/invoice/00000000-0000-4000-8000-000000000000"), 404,
                 "INVOICE_NOTFOUND")


def test_cancel_open_invoice_then_again(authed: Api) -> None:
    invoice_id = authed.invoice()["invoice_id"]
    answer = authed.call("DELETE", f"/v2/invoice/{invoice_id}")
    assert answer.status_code == 200 and answer.content == b""
    assert authed.call("GET", f"/v2/invoice/{invoice_id}").json()["invoice_status"] == "CANCELLED"
    assert_error(authed.call("DELETE", f"/v2/invoice/{invoice_id}"), 400, "INVOICE_ALREADY_CANCELED")


def test_cancel_paid_invoice_is_invoice_paid(authed: Api) -> None:
    invoice_id = authed.invoice()["invoice_id"]
    authed.pay(invoice_id)
    assert_error(authed.call("DELETE", f"/v2/invoice/{invoice_id}"), 400, "INVOICE_PAID")


def test_cancel_partly_paid_invoice_is_refused_too(authed: Api) -> None:
    invoice_id = authed.invoice(allow_partial=True)["invoice_id"]
    authed.pay(invoice_id, amount=1000)
    assert_error(authed.call("DELETE", f"/v2/invoice/{invoice_id}"), 400, "INVOICE_PAID")


def test_a_partly_paid_invoice_whose_card_payment_was_given_back_can_be_cancelled(authed: Api) -> None:
    invoice_id = authed.invoice(allow_partial=True)["invoice_id"]
    card = authed.pay(invoice_id, amount=1000, transaction_type="CARD")
    p2p = authed.pay(invoice_id, amount=1000)
    assert authed.call("POST", f"/v2/payment/cancel/{card['payment_id']}").status_code == 200
    assert_error(authed.call("DELETE", f"/v2/invoice/{invoice_id}"), 400, "INVOICE_PAID")   # the P2P part is kept
    other = authed.invoice(allow_partial=True)["invoice_id"]
    card = authed.pay(other, amount=1000, transaction_type="CARD")
    assert authed.call("POST", f"/v2/payment/cancel/{card['payment_id']}").status_code == 200
    assert authed.call("DELETE", f"/v2/invoice/{other}").status_code == 200
    assert authed.call("GET", f"/v2/invoice/{other}").json()["invoice_status"] == "CANCELLED"
    assert p2p["payment_status"] == "PAID"


# -- expiry: an invoice made with enable_expiry "true" expires 24 hours after creation (docs/sandbox.md) ----------

DAY = 24 * 3600


def _after(api: Api, seconds: int) -> None:
    """The sandbox's clock moved on (the access token expires with it: log in again)."""
    assert api.control("POST", "/clock", {"advance_seconds": seconds}).status_code == 200
    api.login()


def _status(api: Api, invoice_id: str) -> str:
    return str(api.call("GET", f"/v2/invoice/{invoice_id}").json()["invoice_status"])


def test_an_expiring_invoice_is_expired_a_day_after_creation_and_takes_no_payment(authed: Api) -> None:
    expiring = authed.invoice(enable_expiry="true", sender_invoice_no="T1-0001")["invoice_id"]
    lasting = authed.invoice(enable_expiry="false", sender_invoice_no="T1-0002")["invoice_id"]
    _after(authed, DAY - 60)
    assert _status(authed, expiring) == "OPEN"
    _after(authed, 61)
    assert (_status(authed, expiring), _status(authed, lasting)) == ("EXPIRED", "OPEN")
    listed = _list(authed, invoice_status="EXPIRED")
    assert [row["invoice_id"] for row in listed["rows"]] == [expiring]
    answer = authed.http.post(f"{authed.url}/_sandbox/invoices/{expiring}/pay", timeout=10)
    assert_error(answer, 400, "INVOICE_EXPIRED")
    assert authed.call("DELETE", f"/v2/invoice/{expiring}").status_code == 200      # unpaid: it can be cancelled
    assert _status(authed, expiring) == "CANCELLED"


def test_an_expired_invoice_keeps_its_part_payment_and_cannot_be_cancelled_while_it_holds_money(
        authed: Api) -> None:
    invoice_id = authed.invoice(enable_expiry="true", allow_partial=True, amount=7000)["invoice_id"]
    card = authed.pay(invoice_id, amount=2000, transaction_type="CARD")
    _after(authed, DAY + 1)
    assert _status(authed, invoice_id) == "EXPIRED"
    check = authed.call("POST", "/v2/payment/check", {"object_type": "INVOICE", "object_id": invoice_id}).json()
    assert check["paid_amount"] == 2000 and [row["payment_id"] for row in check["rows"]] == [card["payment_id"]]
    assert_error(authed.call("DELETE", f"/v2/invoice/{invoice_id}"), 400, "INVOICE_PAID")
    assert authed.call("POST", f"/v2/payment/cancel/{card['payment_id']}").status_code == 200   # given back
    assert authed.call("DELETE", f"/v2/invoice/{invoice_id}").status_code == 200
    assert _status(authed, invoice_id) == "CANCELLED"


def test_an_invoice_paid_in_full_never_expires(authed: Api) -> None:
    invoice_id = authed.invoice(enable_expiry="true")["invoice_id"]
    authed.pay(invoice_id)
    _after(authed, 2 * DAY)
    assert _status(authed, invoice_id) == "CLOSED"


def test_cancel_unknown_invoice_is_invoice_notfound(authed: Api) -> None:
    assert_error(authed.call("DELETE", "/v2/invoice/nope"), 404, "INVOICE_NOTFOUND")


def _list(api: Api, **filters: Any) -> dict[str, Any]:
    body = {"offset": {"page_number": 1, "page_limit": 100}, **filters}
    answer = api.call("POST", "/v2/invoice/list", body)
    assert answer.status_code == 200, answer.text
    return answer.json()


def test_list_filters_and_paginates_from_page_one(authed: Api) -> None:
    ids = [authed.invoice(sender_invoice_no=f"T1-{n:04d}")["invoice_id"] for n in range(7)]
    authed.pay(ids[0])
    authed.call("DELETE", f"/v2/invoice/{ids[1]}")
    listing = _list(authed)
    assert listing["count"] == 7
    assert set(listing["rows"][0]) == {"invoice_id", "invoice_code", "sender_invoice_no",
                                       "invoice_description", "amount", "invoice_status", "created_date"}
    assert re.match(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$", listing["rows"][0]["created_date"])
    assert _list(authed, sender_invoice_no="T1-0003")["rows"][0]["invoice_id"] == ids[3]
    assert _list(authed, invoice_status="CLOSED")["count"] == 1
    assert _list(authed, invoice_status="CANCELLED")["count"] == 1
    assert _list(authed, invoice_status="OPEN")["count"] == 5
    assert _list(authed, invoice_status="")["count"] == 7
    assert _list(authed, invoice_code="TEST_INVOICE")["count"] == 7
    pages = [authed.call("POST", "/v2/invoice/list", {"offset": {"page_number": n, "page_limit": 3}}).json()
             for n in (1, 2, 3, 4)]
    assert [len(p["rows"]) for p in pages] == [3, 3, 1, 0]
    assert {row["invoice_id"] for p in pages for row in p["rows"]} == set(ids)
    today = listing["rows"][0]["created_date"][:10]
    assert _list(authed, start_date=today, end_date=today)["count"] == 7
    assert _list(authed, start_date="2000-01-01", end_date="2000-01-02")["count"] == 0


@pytest.mark.parametrize("body", [{}, {"offset": {}}, {"offset": {"page_number": 0, "page_limit": 5}},
                                  {"offset": {"page_number": 1, "page_limit": 0}},
                                  {"offset": {"page_number": 1, "page_limit": 1000}},
                                  {"offset": {"page_number": 1, "page_limit": 5}, "start_date": "21/11/2026"}])
def test_list_needs_a_valid_offset_and_dates(authed: Api, body: dict[str, Any]) -> None:
    assert_error(authed.call("POST", "/v2/invoice/list", body), 400, "INVALID_PARAMETERS")


def test_invoice_check_is_the_payment_check_with_short_rows(authed: Api) -> None:
    invoice_id = authed.invoice()["invoice_id"]
    body = {"object_type": "INVOICE", "object_id": invoice_id}
    assert authed.call("POST", "/v2/invoice/check", body).json() == {"count": 0, "paid_amount": 0, "rows": []}
    payment = authed.pay(invoice_id)
    checked = authed.call("POST", "/v2/invoice/check", body).json()
    assert checked["count"] == 1 and checked["paid_amount"] == 12500
    assert checked["rows"] == [{"payment_id": payment["payment_id"], "payment_status": "PAID",
                                "payment_amount": "12500.00", "payment_currency": "MNT",
                                "payment_wallet": payment["payment_wallet"], "payment_type": "P2P"}]
    assert_error(authed.call("POST", "/v2/invoice/check", {"object_type": "MERCHANT", "object_id": invoice_id}),
                 400, "INVALID_OBJECT_TYPE")


def test_a_merchant_sees_only_its_own_invoices(sandbox_server) -> None:
    from pos_app.sandbox import SandboxOptions, SandboxServer
    from pos_app.sandbox.merchants import Merchant

    merchants = [Merchant("SHOP_A", "a-pass", ["A_INVOICE"]), Merchant("SHOP_B", "b-pass", ["B_INVOICE"])]
    with SandboxServer(options=SandboxOptions(merchants=merchants)) as server:
        shop_a, shop_b = Api(server.url), Api(server.url)
        shop_a.login("SHOP_A", "a-pass")
        shop_b.login("SHOP_B", "b-pass")
        invoice_id = shop_a.invoice(invoice_code="A_INVOICE")["invoice_id"]
        assert_error(shop_b.call("GET", f"/v2/invoice/{invoice_id}"), 404, "INVOICE_NOTFOUND")
        assert_error(shop_b.call("POST", "/v2/invoice", simple_invoice(invoice_code="A_INVOICE")), 400,
                     "INVOICE_CODE_INVALID")
        assert shop_b.call("POST", "/v2/invoice/list", {"offset": {"page_number": 1, "page_limit": 10}}
                           ).json()["count"] == 0
