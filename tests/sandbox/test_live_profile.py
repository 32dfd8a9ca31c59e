"""The sandbox's live profile (docs/sandbox.md, "The live profile"): every variant of
shared/spec/real-service-notes.md it answers with, over real HTTP. One live sandbox for the module,
reset before each test."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit

import jwt
import pytest
import requests

from pos_app.sandbox import SandboxOptions, SandboxServer
from pos_app.sandbox.cli import parse_args

from .conftest import PASSWORD, USERNAME, Api, simple_invoice

WAIT = 10.0  # seconds: an upper bound only, every wait returns as soon as its condition holds
DAY = 86400


@pytest.fixture(scope="module")
def live_server() -> Iterator[SandboxServer]:
    server = SandboxServer(options=SandboxOptions(profile="live")).start()
    yield server
    server.stop()


@pytest.fixture
def live(live_server: SandboxServer) -> Api:
    live_server.reset()
    api = Api(live_server.url)
    api.login()
    return api


def ok(answer: requests.Response) -> Any:
    assert answer.status_code == 200, answer.text
    return answer.json()


def live_error(answer: requests.Response, status: int, code: str) -> dict[str, Any]:
    assert answer.status_code == status, answer.text
    body = answer.json()
    assert "error_code" not in body and body["error"] == code, body
    assert body["message"]
    return body


def login(api: Api) -> requests.Response:
    return api.http.post(f"{api.url}/v2/auth/token", auth=(USERNAME, PASSWORD), timeout=10)


def check(api: Api, invoice_id: str, path: str = "/v2/payment/check") -> dict[str, Any]:
    return ok(api.call("POST", path, {"object_type": "INVOICE", "object_id": invoice_id}))


def paid_invoice(api: Api, amount: Any = 100, **pay: Any) -> tuple[str, str]:
    """An invoice and one payment of it (the whole amount unless `pay` says otherwise)."""
    invoice_id = api.invoice(amount=amount, sender_invoice_no=f"L-{time.monotonic_ns()}")["invoice_id"]
    return invoice_id, api.pay(invoice_id, **pay)["payment_id"]


# -- tokens ---------------------------------------------------------------------------------------

def test_login_answers_unix_times_lower_case_bearer_and_the_sandbox_session_state(live: Api) -> None:
    before = int(live.control("GET", "/clock").json()["offset_seconds"] + time.time())
    pair = login(live).json()
    assert pair["token_type"] == "bearer" and pair["session_state"] == "sandbox"
    for key in ("expires_in", "refresh_expires_in"):
        assert before + DAY - 5 <= pair[key] <= before + DAY + 5 and pair[key] > 10**9
    assert pair["scope"] == "profile email"


def test_not_before_policy_is_a_string_at_login_and_a_number_on_refresh(live: Api) -> None:
    pair = login(live).json()
    assert pair["not-before-policy"] == "0"
    refreshed = ok(live.call("POST", "/v2/auth/refresh", token=pair["refresh_token"]))
    assert refreshed["not-before-policy"] == 0 and refreshed["token_type"] == "bearer"
    assert refreshed["expires_in"] > 10**9


def test_jwts_are_hs256_with_exp_iat_plus_expires_in_and_a_merchant_id(live: Api) -> None:
    pair = login(live).json()
    for token in (pair["access_token"], pair["refresh_token"]):
        assert jwt.get_unverified_header(token)["alg"] == "HS256"
        claims = jwt.decode(token, options={"verify_signature": False})
        assert claims["exp"] == claims["iat"] + pair["expires_in"]   # ~50 years ahead
        assert claims["exp"] - time.time() > 40 * 365 * DAY
        assert claims["merchant_id"]


def test_a_live_token_ends_a_day_after_issue_whatever_its_exp_says(live: Api) -> None:
    assert live.call("POST", "/v2/invoice/list", {"offset": {"page_number": 1, "page_limit": 10}}).ok
    live.control("POST", "/clock", {"advance_seconds": DAY + 1})
    live_error(live.call("POST", "/v2/invoice/list", {"offset": {"page_number": 1, "page_limit": 10}}),
               401, "AUTHENTICATION_FAILED")


def test_a_new_login_ends_the_first_session_refresh_token_included(live: Api) -> None:
    first = login(live).json()
    login(live)
    live_error(live.call("GET", "/v2/invoice/x", token=first["access_token"]), 401, "AUTHENTICATION_FAILED")
    live_error(live.call("POST", "/v2/auth/refresh", token=first["refresh_token"]), 401, "AUTHENTICATION_FAILED")


# -- errors ---------------------------------------------------------------------------------------

def test_errors_come_under_the_error_key(live: Api) -> None:
    live_error(live.call("POST", "/v2/invoice", simple_invoice(invoice_code="NOT_OURS")), 400, "INVOICE_CODE_INVALID")


def test_not_found_is_422(live: Api) -> None:
    live_error(live.call("GET", "/v2/invoice/no-such-invoice"), 422, "INVOICE_NOTFOUND")
    live_error(live.call("GET", "/v2/payment/000"), 422, "PAYMENT_NOTFOUND")
    live_error(live.call("DELETE", "/v2/invoice/no-such-invoice"), 422, "INVOICE_NOTFOUND")


def test_no_credentials_is_spelled_right(live: Api) -> None:
    live_error(live.http.post(f"{live.url}/v2/auth/token", timeout=10), 401, "NO_CREDENTIALS")


def test_a_validation_error_nests_the_field_problem_in_message(live: Api) -> None:
    body = live_error(live.call("POST", "/v2/invoice/list", {"offset": {"page_number": 1, "page_limit": 0}}),
                      400, "VALIDATION_ERROR")
    assert body["message"] == {"page_limit": {"type": "MIN_NUMBER", "message": "Number min value [1]!"}}
    body = live_error(live.call("POST", "/v2/invoice", simple_invoice(invoice_description=None)),
                      400, "VALIDATION_ERROR")
    assert body["message"]["invoice_description"]["type"] == "REQUIRED"


def test_a_duplicate_sender_invoice_no_is_409_until_its_invoice_is_cancelled(live: Api) -> None:
    first = live.invoice(sender_invoice_no="DUP-1")
    body = live_error(live.call("POST", "/v2/invoice", simple_invoice(sender_invoice_no="DUP-1")), 409, "UNIQUE_ERROR")
    assert first["invoice_id"] in body["message"]
    assert ok(live.call("DELETE", f"/v2/invoice/{first['invoice_id']}")) == {}
    assert live.invoice(sender_invoice_no="DUP-1")["invoice_id"] != first["invoice_id"]


def test_control_api_keeps_the_sandbox_envelope(live: Api) -> None:
    answer = live.control("POST", "/invoices/nothing/pay")
    assert answer.status_code == 404 and answer.json()["error_code"] == "INVOICE_NOTFOUND"


# -- invoices -------------------------------------------------------------------------------------

def test_every_fifth_invoice_has_an_empty_qr_image_and_a_qr_text(live: Api) -> None:
    created = [live.invoice(sender_invoice_no=f"QR-{n}") for n in range(1, 11)]
    empty = [n for n, invoice in enumerate(created, 1) if invoice["qr_image"] == ""]
    assert empty == [5, 10]
    assert all(invoice["qr_text"] and invoice["qPay_shortUrl"] for invoice in created)
    assert ok(live.call("GET", f"/v2/invoice/{created[4]['invoice_id']}"))["qr_image"] == ""


def test_get_invoice_amounts_are_strings_beside_numbers(live: Api) -> None:
    line = {"tax_product_code": "6401", "line_description": "Coffee", "line_quantity": "2",
            "line_unit_price": "60", "discounts": [{"description": "d", "amount": 10}]}
    invoice = live.invoice(amount=110, lines=[line], allow_partial=True, minimum_amount=50)
    detail = ok(live.call("GET", f"/v2/invoice/{invoice['invoice_id']}"))
    assert (detail["total_amount"], detail["gross_amount"], detail["tax_amount"], detail["surcharge_amount"],
            detail["discount_amount"]) == ("110.00", "120.00", "0.00", "0.00", "10.00")
    assert detail["minimum_amount"] == 50 and detail["lines"][0]["discounts"][0]["amount"] == 10
    assert detail["invoice_status"] == "OPEN" and detail["inputs"] == []


def test_cancel_invoice_answers_an_empty_object(live: Api) -> None:
    answer = live.call("DELETE", f"/v2/invoice/{live.invoice()['invoice_id']}")
    assert answer.status_code == 200 and answer.content == b"{}" and answer.headers["content-length"] == "2"


def test_invoice_statuses_open_closed_cancelled(live: Api) -> None:
    invoice_id, _ = paid_invoice(live)
    cancelled = live.invoice(sender_invoice_no="CANCEL-ME")["invoice_id"]
    live.call("DELETE", f"/v2/invoice/{cancelled}")
    rows = ok(live.call("POST", "/v2/invoice/list", {"offset": {"page_number": 1, "page_limit": 10}}))["rows"]
    assert {row["invoice_id"]: row["invoice_status"] for row in rows} == {invoice_id: "CLOSED", cancelled: "CANCELLED"}
    expiring = live.invoice(sender_invoice_no="EXPIRE-ME", enable_expiry="true")["invoice_id"]
    assert live.control("POST", "/clock", {"advance_seconds": 86401}).status_code == 200
    live.login()
    detail = ok(live.call("GET", f"/v2/invoice/{expiring}"))
    assert detail["invoice_status"] == "EXPIRED" and detail["enable_expiry"] is True and detail["expiry_date"]


# -- payments -------------------------------------------------------------------------------------

def test_check_without_payment_has_no_paid_amount(live: Api) -> None:
    invoice_id = live.invoice()["invoice_id"]
    assert check(live, invoice_id) == {"count": 0, "rows": []}
    assert check(live, invoice_id, "/v2/invoice/check") == {"count": 0, "rows": []}


def test_check_mixes_string_amounts_and_number_fees_with_net_p2p_amounts(live: Api) -> None:
    invoice_id, payment_id = paid_invoice(live, amount=100)
    answer = check(live, invoice_id)
    row = answer["rows"][0]
    assert answer["paid_amount"] == 100 and row["payment_amount"] == "100.00" and row["trx_fee"] == 1
    assert row["payment_wallet"] == "Хаан банк апп" and row["payment_status"] == "PAID"
    assert row["next_payment_date"] is None and row["next_payment_datetime"] is None
    element = row["p2p_transactions"][0]
    assert element["amount"] == "99.00" and element["id"].startswith(payment_id)
    short = check(live, invoice_id, "/v2/invoice/check")["rows"][0]
    assert short["payment_wallet"] == "Хаан банк апп" and "p2p_transactions" not in short


def test_get_payment_names_the_wallet_by_id_and_fees_as_numbers(live: Api) -> None:
    _, payment_id = paid_invoice(live, amount=250)
    payment = ok(live.call("GET", f"/v2/payment/{payment_id}"))
    assert payment["payment_amount"] == "250.00" and payment["payment_fee"] == 2.5
    assert payment["payment_wallet"] != "Khan bank" and len(payment["payment_wallet"]) == 36
    assert payment["p2p_transactions"][0]["amount"] == "247.50" and payment["card_transactions"] == []


def test_a_payment_made_partial_shows_partial_and_its_money_counts(live: Api) -> None:
    invoice_id = live.invoice(amount=1000, allow_partial=True)["invoice_id"]
    first = live.pay(invoice_id, amount=400, payment_status="PARTIAL")["payment_id"]
    assert ok(live.call("GET", f"/v2/payment/{first}"))["payment_status"] == "PARTIAL"
    live.pay(invoice_id)            # the rest, as an ordinary payment: PAID
    answer = check(live, invoice_id)
    assert [row["payment_status"] for row in answer["rows"]] == ["PARTIAL", "PAID"]
    assert answer["paid_amount"] == 1000
    assert ok(live.call("GET", f"/v2/invoice/{invoice_id}"))["invoice_status"] == "CLOSED"


def test_control_api_makes_new_and_failed_payments_that_close_nothing(live: Api) -> None:
    invoice_id = live.invoice(amount=100)["invoice_id"]
    failed = live.pay(invoice_id, payment_status="FAILED")
    new = live.pay(invoice_id, payment_status="NEW")
    assert failed["payment_status"] == "FAILED" and failed["p2p_transactions"][0]["status"] == "FAILED"
    assert new["payment_status"] == "NEW"
    answer = check(live, invoice_id)
    assert answer["count"] == 2 and answer["paid_amount"] == 0
    assert [row["trx_fee"] for row in answer["rows"]] == [0, 0]
    assert ok(live.call("GET", f"/v2/invoice/{invoice_id}"))["invoice_status"] == "OPEN"
    assert live.call("DELETE", f"/v2/invoice/{invoice_id}").status_code == 200   # no money was kept


def test_get_payment_card_element_has_the_documented_card_fields(live: Api) -> None:
    _, payment_id = paid_invoice(live, amount=300, transaction_type="CARD")
    card = ok(live.call("GET", f"/v2/payment/{payment_id}"))["card_transactions"][0]
    assert card["card_merchant_code"] and card["card_terminal_code"]
    assert "******" in card["card_number"] and card["card_number"].endswith(payment_id[-4:])
    assert (card["transaction_amount"], card["transaction_currency"], card["transaction_status"]) == (
        "300.00", "MNT", "SUCCESS")
    assert card["transaction_date"]


def test_card_cancel_and_refund_are_delete_and_post_is_405(live: Api) -> None:
    _, cancel_id = paid_invoice(live, transaction_type="CARD")
    _, refund_id = paid_invoice(live, transaction_type="CARD")
    for path in (f"/v2/payment/cancel/{cancel_id}", f"/v2/payment/refund/{refund_id}"):
        answer = live.call("POST", path)
        live_error(answer, 405, "METHOD_NOT_ALLOWED")
        assert answer.headers["allow"] == "DELETE"
    assert live.call("DELETE", f"/v2/payment/cancel/{cancel_id}", {"note": "wrong item"}).status_code == 200
    assert live.call("DELETE", f"/v2/payment/refund/{refund_id}").status_code == 200
    assert ok(live.call("GET", f"/v2/payment/{cancel_id}"))["payment_status"] == "CANCELLED"
    assert ok(live.call("GET", f"/v2/payment/{refund_id}"))["card_transactions"][0]["transaction_status"] == "REFUNDED"
    live_error(live.call("DELETE", f"/v2/payment/cancel/{cancel_id}"), 400, "PAYMENT_ALREADY_CANCELED")


def test_cancel_or_refund_of_a_p2p_payment_is_payment_settled(live: Api) -> None:
    _, payment_id = paid_invoice(live)
    live_error(live.call("DELETE", f"/v2/payment/cancel/{payment_id}"), 400, "PAYMENT_SETTLED")
    live_error(live.call("DELETE", f"/v2/payment/refund/{payment_id}"), 400, "PAYMENT_SETTLED")


def test_payment_list_with_page_limit_1000_is_500(live: Api) -> None:
    invoice_id, _ = paid_invoice(live)
    body = {"object_type": "INVOICE", "object_id": invoice_id, "start_date": "2000-01-01",
            "end_date": "2999-12-31", "offset": {"page_number": 1, "page_limit": 1000}}
    live_error(live.call("POST", "/v2/payment/list", body), 500, "INTERNAL_ERROR")
    body["offset"]["page_limit"] = 100
    row = ok(live.call("POST", "/v2/payment/list", body))["rows"][0]
    assert row["payment_amount"] == "100.00" and row["payment_fee"] == 1 and row["paid_by"] == "P2P"


# -- ebarimt --------------------------------------------------------------------------------------

def test_ebarimt_create_answers_the_documented_shape(live: Api) -> None:
    _, payment_id = paid_invoice(live, amount=112)
    receipt = ok(live.call("POST", "/v2/ebarimt_v3/create",
                           {"payment_id": payment_id, "ebarimt_receiver_type": "CITIZEN",
                            "ebarimt_receiver": "88114450"}))
    assert receipt["barimt_status"] == "REGISTERED" and receipt["status"] is True
    assert receipt["g_payment_id"] == payment_id and receipt["paid_by"] == "P2P" and receipt["tax_type"] == "1"
    assert len(receipt["ebarimt_receipt_id"]) == 33 and receipt["ebarimt_receipt_id"].isdigit()
    assert receipt["merchant_tin"] and receipt["ebarimt_receiver_phone"] == "88*14*50"
    assert receipt["ebarimt_receiver_type"] == "CITIZEN" and receipt["ebarimt_receiver"] == ""
    item = receipt["barimt_items"][0]
    assert {"vat_amount", "city_tax_amount", "bar_code"} <= set(item) and item["status"] is True
    assert not {"vat", "city_tax", "barcode"} & set(item)
    assert item["vat_amount"] == receipt["vat_amount"] == "10.18"
    history = receipt["barimt_histories"][0]
    assert history["barimt_status"] == "REGISTERED" and history["status"] is True
    assert history["barimt_status_date"] and history["ebarimt_bill_id"] == receipt["ebarimt_receipt_id"]
    assert history["ebarimt_lottery"] == receipt["ebarimt_lottery"]


def test_ebarimt_takes_company_and_the_contract_codes_too(live: Api) -> None:
    _, company = paid_invoice(live)
    receipt = ok(live.call("POST", "/v2/ebarimt_v3/create", {"payment_id": company, "ebarimt_receiver_type": "COMPANY",
                                                            "ebarimt_receiver": "5395305"}))
    assert receipt["ebarimt_receiver_type"] == "COMPANY" and receipt["ebarimt_receiver"] == "5395305"
    assert receipt["ebarimt_receiver_phone"] is None
    _, citizen = paid_invoice(live)
    receipt = ok(live.call("POST", "/v2/ebarimt_v3/create", {"payment_id": citizen, "ebarimt_receiver_type": "83"}))
    assert receipt["ebarimt_receiver_type"] == "CITIZEN"
    live_error(live.call("POST", "/v2/ebarimt_v3/create", {"payment_id": citizen, "ebarimt_receiver_type": "citizen"}),
               400, "VALIDATION_ERROR")


def test_ebarimt_cancel_is_canceled_and_then_barimt_not_found(live: Api) -> None:
    _, payment_id = paid_invoice(live)
    ok(live.call("POST", "/v2/ebarimt_v3/create", {"payment_id": payment_id, "ebarimt_receiver_type": "CITIZEN"}))
    cancelled = ok(live.call("DELETE", f"/v2/ebarimt_v3/{payment_id}"))
    assert cancelled["barimt_status"] == "CANCELED" and cancelled["status"] is True
    live_error(live.call("DELETE", f"/v2/ebarimt_v3/{payment_id}"), 422, "BARIMT_NOT_FOUND")
    again = ok(live.call("POST", "/v2/ebarimt_v3/create", {"payment_id": payment_id, "ebarimt_receiver_type": "83"}))
    assert again["barimt_status"] == "REGISTERED"


def test_ebarimt_also_answers_on_the_documents_paths_without_v3(live: Api) -> None:
    _, payment_id = paid_invoice(live)
    receipt = ok(live.call("POST", "/v2/ebarimt/create",
                           {"payment_id": payment_id, "ebarimt_receiver_type": "CITIZEN"}))
    assert receipt["barimt_status"] == "REGISTERED"
    assert ok(live.call("DELETE", f"/v2/ebarimt/{payment_id}"))["barimt_status"] == "CANCELED"
    live_error(live.call("GET", "/v2/ebarimt/create"), 405, "METHOD_NOT_ALLOWED")


# -- callbacks ------------------------------------------------------------------------------------

class TextReceiver:
    """A callback endpoint answering 200 with the scripted texts in turn (then `SUCCESS`)."""

    def __init__(self, texts: list[str]) -> None:
        self.received: list[dict[str, Any]] = []
        self.changed = threading.Condition()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 - the http.server hook's name
                url = urlsplit(self.path)
                with receiver.changed:
                    receiver.received.append({"method": "GET", "query": parse_qs(url.query)})
                    payload = (texts.pop(0) if texts else "SUCCESS").encode()
                    receiver.changed.notify_all()
                self.send_response(200)
                self.send_header("Content-Type", "text/plain")
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

            do_POST = do_GET

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()

    @property
    def url(self) -> str:
        host, port = self.server.server_address[:2]
        return f"http://{host}:{port}/cb"

    def wait_for(self, count: int) -> list[dict[str, Any]]:
        with self.changed:
            assert self.changed.wait_for(lambda: len(self.received) >= count, WAIT), self.received
            return list(self.received)


def test_payment_callback_is_a_get_with_qpay_payment_id_retried_until_plain_success(live: Api) -> None:
    receiver = TextReceiver(["OK"])   # a 200 that is not `SUCCESS` does not count
    try:
        invoice_id = live.invoice(callback_url=receiver.url)["invoice_id"]
        payment_id = live.pay(invoice_id)["payment_id"]
        received = receiver.wait_for(2)
        assert [r["method"] for r in received] == ["GET", "GET"]
        assert all(r["query"] == {"qpay_payment_id": [payment_id]} for r in received)
    finally:
        receiver.server.shutdown()


# -- faults ---------------------------------------------------------------------------------------

def test_a_busy_burst_answers_system_busy_n_times_then_recovers(live: Api) -> None:
    assert live.control("POST", "/faults", {"path_prefix": "/v2/invoice/list", "busy_burst": 2}).ok
    body = {"offset": {"page_number": 1, "page_limit": 10}}
    for _ in range(2):
        live_error(live.call("POST", "/v2/invoice/list", body), 503, "SYSTEM_BUSY")
    assert live.call("POST", "/v2/invoice/list", body).status_code == 200


@pytest.mark.parametrize(("code", "status"), [
    ("TAX_LINE_REQUIRED", 400), ("TAX_PRODUCT_CODE_REQUIRED", 400), ("CUSTOMER_REGISTER_INVALID", 400),
    ("OBJECT_DATA_ERROR", 400), ("TRANSACTION_NOT_APPROVED", 400), ("TRANSACTION_REQUIRED", 400),
    ("INVOICE_RECEIVER_DATA_REQUIRED", 400), ("SENDER_BRANCH_DATA_REQUIRED", 400), ("EBARIMT_QR_CODE_INVALID", 400),
    ("ACCOUNT_SELECTION_INVALID", 400), ("PERMISSION_DENIED", 403), ("QRACCOUNT_INACTIVE", 403),
    ("QRCODE_USED", 409), ("CUSTOMER_DUPLICATE", 409), ("INVOICE_CODE_REGISTERED", 409),
    ("ACCOUNT_BANK_DUPLICATED", 409), ("CLIENT_USERNAME_DUPLICATED", 409), ("MERCHANT_ALREADY_REGISTERED", 409),
    ("INPUT_CODE_REGISTERED", 409), ("BANK_MCC_ALREADY_ADDED", 409), ("CUSTOMER_NOTFOUND", 422),
    ("QRCODE_NOTFOUND", 422), ("BANK_MCC_NOT_FOUND", 422), ("CARD_TERMINAL_NOTFOUND", 422),
    ("INVOICE_NOTFOUND", 422), ("SYSTEM_BUSY", 503),
])
def test_an_injected_code_answers_with_its_class_status_under_the_error_key(live: Api, code: str, status: int) -> None:
    assert live.control("POST", "/faults", {"path_prefix": "/v2/invoice", "error_code": code}).ok
    live_error(live.call("POST", "/v2/invoice", simple_invoice()), status, code)


def test_a_bare_status_fault_answers_the_documents_class_name(live: Api) -> None:
    live.control("POST", "/faults", {"path_prefix": "/v2/invoice", "status": 500})
    live_error(live.call("POST", "/v2/invoice", simple_invoice()), 500, "INTERNAL_ERROR")


# -- the profile itself ---------------------------------------------------------------------------

def test_info_reports_the_live_profile_and_what_it_implies(live: Api) -> None:
    assert ok(live.control("GET", "/info")) == {"profile": "live", "callback_style": "get", "single_session": True,
                                                 "city_tax_rate": "0.02"}


def test_pos_sandbox_takes_profile_live_and_defaults_to_contract() -> None:
    assert parse_args(["--profile", "live"]).profile == "live"
    assert parse_args([]).profile == "contract"
    with pytest.raises(SystemExit):
        parse_args(["--profile", "production"])


def test_an_unknown_profile_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="profile"):
        SandboxServer(options=SandboxOptions(profile="prod"))
