"""Payments in the sandbox: Get Payment, payment/invoice check, payment list, card cancel/refund,
partial and excess payments, merchant isolation and authentication (contract 2.3, 4.3, 4.4)."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import Any, Iterator

import pytest

from pos_app.sandbox import SandboxOptions, SandboxServer
from pos_app.sandbox.merchants import Merchant

from .conftest import Api, assert_error

DETAIL_KEYS = {"payment_id", "payment_status", "payment_fee", "payment_amount", "payment_currency",
               "payment_date", "payment_wallet", "transaction_type", "object_type", "object_id",
               "card_transactions", "p2p_transactions"}
P2P_KEYS = {"transaction_bank_code", "account_bank_code", "account_bank_name", "account_number",
            "status", "amount", "currency", "settlement_status"}
P2P_CHECK_KEYS = {"transaction_bank_code", "account_bank_name", "account_number", "status",
                  "amount", "currency"}
CARD_KEYS = {"card_type", "is_cross_border", "amount", "currency", "date", "status",
             "settlement_status", "settlement_status_date"}
PAYMENT_CHECK_ROW_KEYS = {"payment_id", "payment_status", "payment_amount", "trx_fee",
                          "payment_currency", "payment_wallet", "payment_type",
                          "card_transactions", "p2p_transactions"}
INVOICE_CHECK_ROW_KEYS = {"payment_id", "payment_status", "payment_amount", "payment_currency",
                          "payment_wallet", "payment_type"}
LIST_ROW_KEYS = {"payment_id", "payment_date", "payment_status", "payment_fee", "payment_amount",
                 "payment_currency", "payment_wallet", "payment_name", "payment_description",
                 "object_type", "object_id"}


def dec(value: Any) -> Decimal:
    return Decimal(str(value))


def check(api: Api, invoice_id: str, path: str = "/v2/payment/check", **offset: int) -> dict[str, Any]:
    body: dict[str, Any] = {"object_type": "INVOICE", "object_id": invoice_id}
    if offset:
        body["offset"] = offset
    answer = api.call("POST", path, body)
    assert answer.status_code == 200, answer.text
    return answer.json()


def invoice_status(api: Api, invoice_id: str) -> str:
    answer = api.call("GET", f"/v2/invoice/{invoice_id}")
    assert answer.status_code == 200, answer.text
    return answer.json()["invoice_status"]


def get_payment(api: Api, payment_id: str) -> dict[str, Any]:
    answer = api.call("GET", f"/v2/payment/{payment_id}")
    assert answer.status_code == 200, answer.text
    return answer.json()


def list_body(invoice_id: str, start: str, end: str, page: int = 1, limit: int = 10) -> dict[str, Any]:
    return {"object_type": "INVOICE", "object_id": invoice_id, "start_date": start, "end_date": end,
            "offset": {"page_number": page, "page_limit": limit}}


def pay_raw(api: Api, invoice_id: str, body: dict[str, Any] | None = None):
    return api.control("POST", f"/invoices/{invoice_id}/pay", body)


# -- Get Payment --------------------------------------------------------------------------------

def test_get_payment_p2p_has_every_contract_field_and_no_card_transactions(authed: Api) -> None:
    invoice = authed.invoice(amount=12500)
    paid = authed.pay(invoice["invoice_id"])
    payment = get_payment(authed, paid["payment_id"])

    assert set(payment) == DETAIL_KEYS
    assert payment == paid  # the control API answers with the same detail
    assert payment["payment_status"] == "PAID"
    assert dec(payment["payment_amount"]) == Decimal("12500.00")
    assert dec(payment["payment_fee"]) == Decimal("0")
    for key in ("payment_id", "payment_fee", "payment_amount", "payment_currency", "payment_date",
                "payment_wallet", "transaction_type", "object_type", "object_id"):
        assert isinstance(payment[key], str), key
    assert payment["payment_currency"] == "MNT"
    assert payment["transaction_type"] == "P2P"
    assert payment["object_type"] == "INVOICE"
    assert payment["object_id"] == invoice["invoice_id"]
    datetime.fromisoformat(payment["payment_date"])  # ISO 8601
    assert payment["card_transactions"] == []

    [p2p] = payment["p2p_transactions"]
    assert set(p2p) == P2P_KEYS
    assert all(isinstance(value, str) for value in p2p.values())
    assert p2p["status"] in ("SUCCESS", "PENDING", "FAILED")
    assert p2p["settlement_status"] in ("SETTLED", "PENDING")
    assert dec(p2p["amount"]) == Decimal("12500")
    assert p2p["currency"] == "MNT"
    assert p2p["transaction_bank_code"] == "050000"  # the default payer bank: Khan bank
    assert p2p["account_bank_name"] == "Khan bank"


def test_get_payment_card_has_card_element_and_no_p2p(authed: Api) -> None:
    invoice = authed.invoice(amount="990.50")
    paid = authed.pay(invoice["invoice_id"], transaction_type="CARD")
    payment = get_payment(authed, paid["payment_id"])

    assert set(payment) == DETAIL_KEYS
    assert payment["transaction_type"] == "CARD"
    assert payment["p2p_transactions"] == []
    [card] = payment["card_transactions"]
    assert set(card) == CARD_KEYS
    assert isinstance(card["card_type"], str) and card["card_type"]
    assert card["is_cross_border"] is False
    assert dec(card["amount"]) == Decimal("990.50")
    assert card["currency"] == "MNT"
    datetime.fromisoformat(card["date"])
    assert card["status"] == "SUCCESS"
    assert card["settlement_status"] in ("SETTLED", "PENDING")


def test_get_unknown_payment_is_404_payment_notfound(authed: Api) -> None:
    assert_error(authed.call("GET", "/v2/payment/999999999999999"), 404, "PAYMENT_NOTFOUND")


# -- payment check and invoice check -----------------------------------------------------------

@pytest.mark.parametrize("path", ["/v2/payment/check", "/v2/invoice/check"])
@pytest.mark.parametrize("object_type", ["PAYMENT", "invoice", "", None])
def test_check_refuses_wrong_or_missing_object_type(authed: Api, path: str, object_type: str | None) -> None:
    invoice = authed.invoice()
    body = {"object_id": invoice["invoice_id"]}
    if object_type is not None:
        body["object_type"] = object_type
    assert_error(authed.call("POST", path, body), 400, "INVALID_OBJECT_TYPE")


@pytest.mark.parametrize("path", ["/v2/payment/check", "/v2/invoice/check"])
def test_check_without_payment_is_count_zero_paid_zero_no_rows(authed: Api, path: str) -> None:
    invoice = authed.invoice()
    answer = check(authed, invoice["invoice_id"], path)
    assert answer == {"count": 0, "paid_amount": 0, "rows": []}


def test_payment_check_row_has_exactly_the_check_fields(authed: Api) -> None:
    invoice = authed.invoice(amount=12500)
    paid = authed.pay(invoice["invoice_id"], bank="statebank")
    answer = check(authed, invoice["invoice_id"])

    assert answer["count"] == 1
    assert dec(answer["paid_amount"]) == Decimal("12500")
    [row] = answer["rows"]
    assert set(row) == PAYMENT_CHECK_ROW_KEYS
    assert row["payment_id"] == paid["payment_id"]
    assert row["payment_status"] == "PAID"
    assert dec(row["payment_amount"]) == Decimal("12500.00")
    assert dec(row["trx_fee"]) == Decimal("0")
    assert row["payment_currency"] == "MNT"
    assert row["payment_wallet"] == "State bank"
    assert row["payment_type"] == "P2P"
    for key in ("payment_id", "payment_status", "payment_amount", "trx_fee", "payment_currency",
                "payment_wallet", "payment_type"):
        assert isinstance(row[key], str), key
    assert row["card_transactions"] == []
    [p2p] = row["p2p_transactions"]
    assert set(p2p) == P2P_CHECK_KEYS
    assert p2p["transaction_bank_code"] == "340000"
    assert dec(p2p["amount"]) == Decimal("12500")


def test_invoice_check_row_has_exactly_six_fields(authed: Api) -> None:
    invoice = authed.invoice(amount=700)
    paid = authed.pay(invoice["invoice_id"], transaction_type="CARD")
    answer = check(authed, invoice["invoice_id"], "/v2/invoice/check")

    assert answer["count"] == 1
    assert dec(answer["paid_amount"]) == Decimal("700")
    [row] = answer["rows"]
    assert set(row) == INVOICE_CHECK_ROW_KEYS
    assert row["payment_id"] == paid["payment_id"]
    assert row["payment_type"] == "CARD"
    assert dec(row["payment_amount"]) == Decimal("700.00")


@pytest.mark.parametrize("path", ["/v2/payment/check", "/v2/invoice/check"])
def test_check_defaults_to_page_1_of_10_and_paginates_12_partial_payments(authed: Api, path: str) -> None:
    invoice = authed.invoice(amount=1200, allow_partial=True)
    ids = [authed.pay(invoice["invoice_id"], amount=100)["payment_id"] for _ in range(12)]

    first = check(authed, invoice["invoice_id"], path)  # no offset at all: page 1, size 10
    assert first["count"] == 12
    assert dec(first["paid_amount"]) == Decimal("1200")
    assert [row["payment_id"] for row in first["rows"]] == ids[:10]

    second = check(authed, invoice["invoice_id"], path, page_number=2)  # size still 10
    assert second["count"] == 12
    assert [row["payment_id"] for row in second["rows"]] == ids[10:]

    small = check(authed, invoice["invoice_id"], path, page_number=3, page_limit=5)
    assert [row["payment_id"] for row in small["rows"]] == ids[10:]
    beyond = check(authed, invoice["invoice_id"], path, page_number=4, page_limit=5)
    assert beyond["rows"] == [] and beyond["count"] == 12


def test_paid_amount_counts_paid_rows_only_and_drops_after_card_refund(authed: Api) -> None:
    invoice = authed.invoice(amount=1000, allow_partial=True)
    card = authed.pay(invoice["invoice_id"], amount="400.25", transaction_type="CARD")
    authed.pay(invoice["invoice_id"], amount="599.75")
    assert dec(check(authed, invoice["invoice_id"])["paid_amount"]) == Decimal("1000")

    refund = authed.call("POST", f"/v2/payment/refund/{card['payment_id']}")
    assert refund.status_code == 200, refund.text

    answer = check(authed, invoice["invoice_id"])
    assert answer["count"] == 2  # the refunded payment is still listed ...
    statuses = {row["payment_id"]: row["payment_status"] for row in answer["rows"]}
    assert statuses[card["payment_id"]] == "REFUNDED"
    assert dec(answer["paid_amount"]) == Decimal("599.75")  # ... but no longer counted
    invoice_answer = check(authed, invoice["invoice_id"], "/v2/invoice/check")
    assert dec(invoice_answer["paid_amount"]) == Decimal("599.75")


# -- partial and excess payments through the control pay call -------------------------------------

def test_partial_payments_close_the_invoice_exactly_when_the_total_is_reached(authed: Api) -> None:
    invoice = authed.invoice(amount=1000, allow_partial=True, minimum_amount=300)
    invoice_id = invoice["invoice_id"]
    assert invoice_status(authed, invoice_id) == "OPEN"

    first = authed.pay(invoice_id, amount=300)
    assert dec(first["payment_amount"]) == Decimal("300")
    assert invoice_status(authed, invoice_id) == "OPEN"
    second = authed.pay(invoice_id, amount="499.99")
    assert dec(second["payment_amount"]) == Decimal("499.99")
    assert invoice_status(authed, invoice_id) == "OPEN"
    # The remainder (200.01) is below the minimum, but paying it off is allowed: the default is the rest.
    last = authed.pay(invoice_id)
    assert dec(last["payment_amount"]) == Decimal("200.01")
    assert invoice_status(authed, invoice_id) == "CLOSED"
    answer = check(authed, invoice_id)
    assert answer["count"] == 3
    assert dec(answer["paid_amount"]) == Decimal("1000")


def test_partial_payment_below_minimum_is_min_amount_err(authed: Api) -> None:
    invoice = authed.invoice(amount=1000, allow_partial=True, minimum_amount=300)
    assert_error(pay_raw(authed, invoice["invoice_id"], {"amount": "299.99"}), 400, "MIN_AMOUNT_ERR")
    assert check(authed, invoice["invoice_id"])["count"] == 0


def test_partial_payment_without_allow_partial_is_min_amount_err(authed: Api) -> None:
    invoice = authed.invoice(amount=1000)
    assert_error(pay_raw(authed, invoice["invoice_id"], {"amount": 999}), 400, "MIN_AMOUNT_ERR")
    assert invoice_status(authed, invoice["invoice_id"]) == "OPEN"


def test_excess_payment_up_to_maximum_amount_is_accepted(authed: Api) -> None:
    invoice = authed.invoice(amount=1000, allow_exceed=True, maximum_amount=1500)
    payment = authed.pay(invoice["invoice_id"], amount="1500.00")
    assert dec(payment["payment_amount"]) == Decimal("1500")
    assert invoice_status(authed, invoice["invoice_id"]) == "CLOSED"
    assert dec(check(authed, invoice["invoice_id"])["paid_amount"]) == Decimal("1500")


def test_excess_payment_above_maximum_amount_is_max_amount_err(authed: Api) -> None:
    invoice = authed.invoice(amount=1000, allow_exceed=True, maximum_amount=1500)
    assert_error(pay_raw(authed, invoice["invoice_id"], {"amount": "1500.01"}), 400, "MAX_AMOUNT_ERR")
    authed.pay(invoice["invoice_id"], amount=1200)
    # The invoice's total may not pass the maximum over several payments either.
    assert_error(pay_raw(authed, invoice["invoice_id"], {"amount": 301}), 400, "MAX_AMOUNT_ERR")
    assert dec(authed.pay(invoice["invoice_id"], amount=300)["payment_amount"]) == Decimal("300")


def test_excess_payment_without_allow_exceed_is_max_amount_err(authed: Api) -> None:
    invoice = authed.invoice(amount=1000)
    assert_error(pay_raw(authed, invoice["invoice_id"], {"amount": "1000.01"}), 400, "MAX_AMOUNT_ERR")
    assert invoice_status(authed, invoice["invoice_id"]) == "OPEN"


def test_paying_a_fully_paid_invoice_is_invoice_paid(authed: Api) -> None:
    invoice = authed.invoice(amount=1000)
    authed.pay(invoice["invoice_id"])
    assert_error(pay_raw(authed, invoice["invoice_id"]), 400, "INVOICE_PAID")
    assert_error(pay_raw(authed, invoice["invoice_id"], {"amount": 1}), 400, "INVOICE_PAID")
    assert check(authed, invoice["invoice_id"])["count"] == 1


def test_paying_a_cancelled_invoice_is_invoice_already_canceled(authed: Api) -> None:
    invoice = authed.invoice(amount=1000)
    assert authed.call("DELETE", f"/v2/invoice/{invoice['invoice_id']}").status_code == 200
    assert_error(pay_raw(authed, invoice["invoice_id"]), 400, "INVOICE_ALREADY_CANCELED")
    assert check(authed, invoice["invoice_id"])["count"] == 0


# -- payment list ---------------------------------------------------------------------------------

@pytest.mark.parametrize("missing", ["object_type", "object_id", "start_date", "end_date", "offset"])
def test_payment_list_without_a_required_field_is_invalid_parameters(authed: Api, missing: str) -> None:
    invoice = authed.invoice()
    body = list_body(invoice["invoice_id"], "2025-01-01", "2099-12-31")
    del body[missing]
    assert_error(authed.call("POST", "/v2/payment/list", body), 400, "INVALID_PARAMETERS")


@pytest.mark.parametrize("key", ["page_number", "page_limit"])
def test_payment_list_without_an_offset_field_is_invalid_parameters(authed: Api, key: str) -> None:
    invoice = authed.invoice()
    body = list_body(invoice["invoice_id"], "2025-01-01", "2099-12-31")
    del body["offset"][key]
    assert_error(authed.call("POST", "/v2/payment/list", body), 400, "INVALID_PARAMETERS")


def test_payment_list_with_a_malformed_date_is_invalid_parameters(authed: Api) -> None:
    invoice = authed.invoice()
    body = list_body(invoice["invoice_id"], "2025/01/01", "2099-12-31")
    assert_error(authed.call("POST", "/v2/payment/list", body), 400, "INVALID_PARAMETERS")


def test_payment_list_rows_are_summaries_with_string_fields(authed: Api) -> None:
    invoice = authed.invoice(amount="12500.50", invoice_description="Two coffees")
    paid = authed.pay(invoice["invoice_id"], bank="xacbank")
    day = paid["payment_date"][:10]

    answer = authed.call("POST", "/v2/payment/list", list_body(invoice["invoice_id"], day, day))
    assert answer.status_code == 200, answer.text
    listing = answer.json()
    assert listing["count"] == 1
    [row] = listing["rows"]
    assert set(row) == LIST_ROW_KEYS
    assert all(isinstance(value, str) for value in row.values())
    assert row["payment_id"] == paid["payment_id"]
    assert row["payment_date"] == paid["payment_date"]
    assert row["payment_status"] == "PAID"
    assert dec(row["payment_fee"]) == Decimal("0")
    assert dec(row["payment_amount"]) == Decimal("12500.50")
    assert row["payment_currency"] == "MNT"
    assert row["payment_wallet"] == "Xac bank"
    assert row["payment_description"] == "Two coffees"
    assert row["object_type"] == "INVOICE"
    assert row["object_id"] == invoice["invoice_id"]


def test_payment_list_filters_by_payment_day_and_paginates(authed: Api) -> None:
    invoice = authed.invoice(amount=1000, allow_partial=True)
    first = authed.pay(invoice["invoice_id"], amount=400)
    # Two days later (the access token expires with the clock: log in again).
    assert authed.control("POST", "/clock", {"advance_seconds": 2 * 86400}).status_code == 200
    authed.login()
    second = authed.pay(invoice["invoice_id"], amount=600)
    day1, day2 = first["payment_date"][:10], second["payment_date"][:10]
    assert day1 < day2

    def listed(start: str, end: str, page: int = 1, limit: int = 10) -> dict[str, Any]:
        answer = authed.call("POST", "/v2/payment/list", list_body(invoice["invoice_id"], start, end, page, limit))
        assert answer.status_code == 200, answer.text
        return answer.json()

    only_first = listed(day1, day1)
    assert only_first["count"] == 1 and [r["payment_id"] for r in only_first["rows"]] == [first["payment_id"]]
    only_second = listed(day2, day2)
    assert only_second["count"] == 1 and [r["payment_id"] for r in only_second["rows"]] == [second["payment_id"]]
    both = listed(day1, day2)
    assert both["count"] == 2
    assert [r["payment_id"] for r in both["rows"]] == [first["payment_id"], second["payment_id"]]
    assert listed("2000-01-01", "2000-01-31") == {"count": 0, "rows": []}

    page2 = listed(day1, day2, page=2, limit=1)
    assert page2["count"] == 2
    assert [r["payment_id"] for r in page2["rows"]] == [second["payment_id"]]


# -- cancel and refund of card payments -------------------------------------------------------

@pytest.mark.parametrize("operation,status", [("cancel", "CANCELLED"), ("refund", "REFUNDED")])
def test_card_cancel_or_refund_answers_200_empty_and_changes_status(authed: Api, operation: str,
                                                                     status: str) -> None:
    invoice = authed.invoice(amount=5000)
    card = authed.pay(invoice["invoice_id"], transaction_type="CARD")
    answer = authed.call("POST", f"/v2/payment/{operation}/{card['payment_id']}", {"note": "customer left"})
    assert answer.status_code == 200, answer.text
    assert answer.content == b""
    assert get_payment(authed, card["payment_id"])["payment_status"] == status


def test_card_cancel_without_a_body_is_accepted(authed: Api) -> None:
    invoice = authed.invoice(amount=5000)
    card = authed.pay(invoice["invoice_id"], transaction_type="CARD")
    answer = authed.call("POST", f"/v2/payment/cancel/{card['payment_id']}")
    assert answer.status_code == 200 and answer.content == b""


@pytest.mark.parametrize("first", ["cancel", "refund"])
@pytest.mark.parametrize("second", ["cancel", "refund"])
def test_second_cancel_or_refund_is_payment_already_canceled(authed: Api, first: str, second: str) -> None:
    invoice = authed.invoice(amount=5000)
    card = authed.pay(invoice["invoice_id"], transaction_type="CARD")
    assert authed.call("POST", f"/v2/payment/{first}/{card['payment_id']}").status_code == 200
    before = get_payment(authed, card["payment_id"])["payment_status"]
    assert_error(authed.call("POST", f"/v2/payment/{second}/{card['payment_id']}"), 400,
                 "PAYMENT_ALREADY_CANCELED")
    assert get_payment(authed, card["payment_id"])["payment_status"] == before


@pytest.mark.parametrize("operation", ["cancel", "refund"])
def test_p2p_payment_cannot_be_cancelled_or_refunded(authed: Api, operation: str) -> None:
    invoice = authed.invoice(amount=5000)
    p2p = authed.pay(invoice["invoice_id"])
    assert_error(authed.call("POST", f"/v2/payment/{operation}/{p2p['payment_id']}"), 400, "PAYMENT_SETTLED")
    assert get_payment(authed, p2p["payment_id"])["payment_status"] == "PAID"


@pytest.mark.parametrize("operation", ["cancel", "refund"])
def test_cancel_or_refund_of_unknown_payment_is_404(authed: Api, operation: str) -> None:
    assert_error(authed.call("POST", f"/v2/payment/{operation}/123456789012345"), 404, "PAYMENT_NOTFOUND")


def _pending_card_payment(authed: Api, sandbox_server: SandboxServer) -> str:
    """A card payment forced to PENDING.

    The control API creates every payment PAID (the payer's bank has already
    confirmed it), so the contract's PAYMENT_NOT_PAID cannot arise through any
    public call; the only way to reach that branch is to set the state directly.
    """
    invoice = authed.invoice(amount=5000)
    card = authed.pay(invoice["invoice_id"], transaction_type="CARD")
    state = sandbox_server.sandbox.state
    with state.lock:
        state.payments[card["payment_id"]]["payment_status"] = "PENDING"
    return card["payment_id"]


@pytest.mark.parametrize("operation", ["cancel", "refund"])
def test_cancel_or_refund_of_a_pending_payment_is_payment_not_paid(authed: Api, sandbox_server: SandboxServer,
                                                                    operation: str) -> None:
    payment_id = _pending_card_payment(authed, sandbox_server)
    assert_error(authed.call("POST", f"/v2/payment/{operation}/{payment_id}"), 400, "PAYMENT_NOT_PAID")
    assert get_payment(authed, payment_id)["payment_status"] == "PENDING"


def test_ebarimt_for_a_pending_payment_is_payment_not_paid(authed: Api, sandbox_server: SandboxServer) -> None:
    payment_id = _pending_card_payment(authed, sandbox_server)
    answer = authed.call("POST", "/v2/ebarimt_v3/create",
                         {"payment_id": payment_id, "ebarimt_receiver_type": "83", "ebarimt_receiver": ""})
    assert_error(answer, 400, "PAYMENT_NOT_PAID")


# -- merchant isolation and authentication ------------------------------------------------------

@pytest.fixture(scope="module")
def two_merchant_server() -> Iterator[SandboxServer]:
    merchants = [Merchant(username="TEST_MERCHANT", password="123456", invoice_codes=["TEST_INVOICE"]),
                 Merchant(username="OTHER_SHOP", password="other-pass", invoice_codes=["OTHER_INVOICE"],
                          name="OTHER SHOP")]
    server = SandboxServer(options=SandboxOptions(merchants=merchants)).start()
    yield server
    server.stop()


def test_a_merchant_cannot_see_or_touch_another_merchants_payment(two_merchant_server: SandboxServer) -> None:
    two_merchant_server.reset()
    owner, other = Api(two_merchant_server.url), Api(two_merchant_server.url)
    owner.login()
    other.login("OTHER_SHOP", "other-pass")
    invoice = owner.invoice(amount=3000)
    card = owner.pay(invoice["invoice_id"], transaction_type="CARD")
    payment_id = card["payment_id"]

    assert_error(other.call("GET", f"/v2/payment/{payment_id}"), 404, "PAYMENT_NOTFOUND")
    assert_error(other.call("POST", f"/v2/payment/cancel/{payment_id}"), 404, "PAYMENT_NOTFOUND")
    assert_error(other.call("POST", f"/v2/payment/refund/{payment_id}"), 404, "PAYMENT_NOTFOUND")
    assert_error(other.call("POST", "/v2/ebarimt_v3/create", {"payment_id": payment_id,
                                                              "ebarimt_receiver_type": "83"}),
                 404, "PAYMENT_NOTFOUND")
    assert_error(other.call("DELETE", f"/v2/ebarimt_v3/{payment_id}"), 404, "PAYMENT_NOTFOUND")
    for path in ("/v2/payment/check", "/v2/invoice/check"):
        assert check(other, invoice["invoice_id"], path) == {"count": 0, "paid_amount": 0, "rows": []}
    listing = other.call("POST", "/v2/payment/list",
                         list_body(invoice["invoice_id"], "2000-01-01", "2099-12-31")).json()
    assert listing == {"count": 0, "rows": []}

    # The owner still sees it, untouched.
    assert get_payment(owner, payment_id)["payment_status"] == "PAID"
    assert check(owner, invoice["invoice_id"])["count"] == 1


PAYMENT_ENDPOINTS = [
    ("GET", "/v2/payment/{pid}", None),
    ("POST", "/v2/payment/check", {"object_type": "INVOICE", "object_id": "{iid}"}),
    ("POST", "/v2/payment/list", {"object_type": "INVOICE", "object_id": "{iid}", "start_date": "2000-01-01",
                                  "end_date": "2099-12-31", "offset": {"page_number": 1, "page_limit": 10}}),
    ("POST", "/v2/payment/cancel/{pid}", None),
    ("POST", "/v2/payment/refund/{pid}", None),
]


@pytest.mark.parametrize("method,path,body", PAYMENT_ENDPOINTS, ids=[p for _, p, _ in PAYMENT_ENDPOINTS])
@pytest.mark.parametrize("token", [None, "not-a-jwt", "eyJhbGciOiJSUzI1NiJ9.e30.c2ln"])
def test_payment_endpoints_need_a_valid_access_token(api: Api, method: str, path: str, body: Any,
                                                     token: str | None) -> None:
    owner = Api(api.url)
    owner.login()
    invoice = owner.invoice(amount=1000)
    card = owner.pay(invoice["invoice_id"], transaction_type="CARD")
    ids = {"pid": card["payment_id"], "iid": invoice["invoice_id"]}
    filled_path = path.format(**ids)
    filled_body = None if body is None else {k: v.format(**ids) if isinstance(v, str) else v
                                             for k, v in body.items()}

    assert api.token is None  # never logged in
    assert_error(api.call(method, filled_path, filled_body, token=token), 401, "AUTHENTICATION_FAILED")
    # Nothing happened: the card payment is still PAID.
    assert get_payment(owner, card["payment_id"])["payment_status"] == "PAID"


def test_a_refresh_token_is_not_an_access_token(authed: Api) -> None:
    pair = authed.login()
    invoice = authed.invoice()
    paid = authed.pay(invoice["invoice_id"])
    assert_error(authed.call("GET", f"/v2/payment/{paid['payment_id']}", token=pair["refresh_token"]),
                 401, "AUTHENTICATION_FAILED")


def test_excess_payment_without_a_maximum_is_held_to_the_merchants_limit(authed: Api) -> None:
    authed.control("PATCH", "/merchants/TEST_MERCHANT", {"max_amount": 20000})
    invoice = authed.invoice(amount=10000, allow_exceed=True)
    answer = authed.control("POST", f"/invoices/{invoice['invoice_id']}/pay", {"amount": 20001})
    assert_error(answer, 400, "MAX_AMOUNT_ERR")
    assert authed.control("POST", f"/invoices/{invoice['invoice_id']}/pay", {"amount": 20000}).status_code == 200
