"""The sandbox's control API under /_sandbox: reset, pay, merchants, faults, clock, request log,
logos, the payer's page and the loopback-only rule."""

from __future__ import annotations

import asyncio
import base64
import json
import time
from datetime import datetime
from decimal import Decimal
from typing import Any
from urllib.parse import urlsplit

import pytest
import requests

from pos_app.sandbox import Sandbox, create_app

from .conftest import PASSWORD, USERNAME, Api, assert_error
from .conftest import simple_invoice as _simple


def dec(value: Any) -> Decimal:
    return Decimal(str(value))


def check(api: Api, invoice_id: str) -> dict[str, Any]:
    answer = api.call("POST", "/v2/payment/check", {"object_type": "INVOICE", "object_id": invoice_id})
    assert answer.status_code == 200, answer.text
    return answer.json()


def add_fault(api: Api, **fault: Any) -> list[dict[str, Any]]:
    answer = api.control("POST", "/faults", fault)
    assert answer.status_code == 200, answer.text
    return answer.json()["faults"]


def pending_faults(api: Api) -> list[dict[str, Any]]:
    answer = api.control("GET", "/faults")
    assert answer.status_code == 200, answer.text
    return answer.json()["faults"]


def login_answer(api: Api, username: str = USERNAME, password: str = PASSWORD) -> requests.Response:
    return api.http.post(f"{api.url}/v2/auth/token", auth=(username, password), timeout=10)


# -- reset ---------------------------------------------------------------------------------------

def test_reset_forgets_invoices_and_ends_every_session(authed: Api) -> None:
    invoice = authed.invoice()
    old_token = authed.token
    answer = authed.control("POST", "/reset")
    assert answer.status_code == 200, answer.text

    assert_error(authed.call("GET", f"/v2/invoice/{invoice['invoice_id']}", token=old_token),
                 401, "AUTHENTICATION_FAILED")
    authed.login()
    assert_error(authed.call("GET", f"/v2/invoice/{invoice['invoice_id']}"), 404, "INVOICE_NOTFOUND")
    listing = authed.call("POST", "/v2/invoice/list", {"offset": {"page_number": 1, "page_limit": 10}})
    assert listing.json() == {"count": 0, "rows": []}


def test_reset_restores_merchant_flags_and_the_clock(authed: Api) -> None:
    authed.control("PATCH", "/merchants/TEST_MERCHANT", {"active": False, "min_amount": 5000})
    authed.control("POST", "/clock", {"advance_seconds": 86400})
    authed.control("POST", "/reset")
    assert authed.control("GET", "/clock").json()["offset_seconds"] == 0
    authed.login()
    # Active again and the minimum back to 1: a 100 invoice is accepted.
    assert authed.call("POST", "/v2/invoice", _simple(amount=100)).status_code == 200


# -- pay -------------------------------------------------------------------------------------------

def test_pay_defaults_to_the_remaining_amount_by_p2p_from_khan_bank(authed: Api) -> None:
    invoice = authed.invoice(amount="12500.50")
    payment = authed.pay(invoice["invoice_id"])
    assert payment["payment_status"] == "PAID"
    assert dec(payment["payment_amount"]) == Decimal("12500.50")
    assert payment["transaction_type"] == "P2P"
    assert payment["payment_wallet"] == "Khan bank"
    assert payment["object_id"] == invoice["invoice_id"]
    assert check(authed, invoice["invoice_id"])["rows"][0]["payment_id"] == payment["payment_id"]


def test_pay_takes_amount_transaction_type_and_bank_from_the_body(authed: Api) -> None:
    invoice = authed.invoice(amount=1000, allow_partial=True)
    payment = authed.pay(invoice["invoice_id"], amount="250.25", transaction_type="CARD", bank="xacbank")
    assert dec(payment["payment_amount"]) == Decimal("250.25")
    assert payment["transaction_type"] == "CARD"
    assert payment["payment_wallet"] == "Xac bank"
    assert len(payment["card_transactions"]) == 1 and payment["p2p_transactions"] == []

    p2p = authed.pay(invoice["invoice_id"], amount=100, bank="xacbank")
    assert p2p["payment_wallet"] == "Xac bank"
    assert p2p["p2p_transactions"][0]["transaction_bank_code"] == "320000"
    assert dec(check(authed, invoice["invoice_id"])["paid_amount"]) == Decimal("350.25")


@pytest.mark.parametrize("body", [{"bank": "nosuchbank"}, {"transaction_type": "CASH"},
                                  {"amount": "ten"}, {"amount": 0}, {"amount": "1.001"}])
def test_pay_with_a_bad_body_is_refused(authed: Api, body: dict[str, Any]) -> None:
    invoice = authed.invoice()
    answer = authed.control("POST", f"/invoices/{invoice['invoice_id']}/pay", body)
    assert answer.status_code == 400, answer.text
    assert answer.json()["error_code"] in ("INVALID_PARAMETERS", "INVALID_AMOUNT")
    assert check(authed, invoice["invoice_id"])["count"] == 0


def test_pay_an_unknown_invoice_is_404(api: Api) -> None:
    answer = api.control("POST", "/invoices/00000000-0000-0000-0000-000000000000/pay")
    assert_error(answer, 404, "INVOICE_NOTFOUND")


# -- merchants -------------------------------------------------------------------------------------

def test_inactive_merchant_cannot_create_invoices(authed: Api) -> None:
    answer = authed.control("PATCH", f"/merchants/{USERNAME}", {"active": False})
    assert answer.status_code == 200, answer.text
    view = answer.json()
    assert view["active"] is False and view["username"] == USERNAME
    assert "password" not in view
    assert_error(authed.call("POST", "/v2/invoice", _simple()), 403, "MERCHANT_INACTIVE")

    authed.control("PATCH", f"/merchants/{USERNAME}", {"active": True})
    assert authed.call("POST", "/v2/invoice", _simple()).status_code == 200


def test_merchant_that_no_longer_exists_is_notfound_and_cannot_log_in(authed: Api) -> None:
    assert authed.control("PATCH", f"/merchants/{USERNAME}", {"exists": False}).status_code == 200
    # The token was issued before: it still authenticates, but the merchant is gone.
    assert_error(authed.call("POST", "/v2/invoice", _simple()), 404, "MERCHANT_NOTFOUND")
    assert_error(login_answer(authed), 401, "AUTHENTICATION_FAILED")


def test_merchant_min_and_max_amount_limit_invoice_amounts(authed: Api) -> None:
    answer = authed.control("PATCH", f"/merchants/{USERNAME}", {"min_amount": 1000, "max_amount": "50000.50"})
    assert answer.status_code == 200, answer.text
    assert dec(answer.json()["min_amount"]) == 1000
    assert dec(answer.json()["max_amount"]) == Decimal("50000.50")

    assert_error(authed.call("POST", "/v2/invoice", _simple(amount="999.99")), 400, "MIN_AMOUNT_ERR")
    assert_error(authed.call("POST", "/v2/invoice", _simple(amount="50000.51")), 400, "MAX_AMOUNT_ERR")
    assert authed.call("POST", "/v2/invoice", _simple(amount=1000)).status_code == 200
    assert authed.call("POST", "/v2/invoice", _simple(amount="50000.50")).status_code == 200


@pytest.mark.parametrize("body", [
    {"active": "no"}, {"exists": 0}, {"ebarimt_registered": None}, {"min_amount": -1},
    {"max_amount": "lots"}, {"min_amount": 0}, {"min_amount": 10, "max_amount": 5},
    {"password": "x"}, {"nickname": "shop"},
], ids=lambda body: json.dumps(body))
def test_bad_merchant_patch_is_invalid_parameters(api: Api, body: dict[str, Any]) -> None:
    assert_error(api.control("PATCH", f"/merchants/{USERNAME}", body), 400, "INVALID_PARAMETERS")
    api.login()  # nothing changed
    assert api.call("POST", "/v2/invoice", _simple()).status_code == 200


def test_patch_of_an_unknown_merchant_is_404(api: Api) -> None:
    assert_error(api.control("PATCH", "/merchants/NOBODY", {"active": False}), 404, "MERCHANT_NOTFOUND")


# -- faults ------------------------------------------------------------------------------------

def test_fault_status_answers_once_then_the_service_is_normal(authed: Api) -> None:
    add_fault(authed, path_prefix="/v2/invoice", status=500)
    assert_error(authed.call("POST", "/v2/invoice", _simple()), 500, "INTERNAL_SERVER_ERROR")
    assert authed.call("POST", "/v2/invoice", _simple()).status_code == 200
    assert pending_faults(authed) == []


def test_fault_429_carries_retry_after(authed: Api) -> None:
    add_fault(authed, path_prefix="/v2/payment/check", status=429, retry_after=7)
    answer = authed.call("POST", "/v2/payment/check", {"object_type": "INVOICE", "object_id": "x"})
    assert_error(answer, 429, "TOO_MANY_REQUESTS")
    assert answer.headers["Retry-After"] == "7"


def test_fault_429_with_retry_after_null_sends_no_retry_after(authed: Api) -> None:
    listed = add_fault(authed, path_prefix="/v2/payment/check", status=429, retry_after=None)
    assert listed[0]["retry_after"] is None
    answer = authed.call("POST", "/v2/payment/check", {"object_type": "INVOICE", "object_id": "x"})
    assert_error(answer, 429, "TOO_MANY_REQUESTS")
    assert "Retry-After" not in answer.headers
    add_fault(authed, path_prefix="/v2/payment/check", status=429)     # left out: the default, 1 s
    answer = authed.call("POST", "/v2/payment/check", {"object_type": "INVOICE", "object_id": "x"})
    assert answer.headers["Retry-After"] == "1"


def test_fault_with_its_own_error_code(authed: Api) -> None:
    add_fault(authed, path_prefix="/v2/invoice", status=503, error_code="SYSTEM_BUSY")
    answer = authed.call("POST", "/v2/invoice", _simple())
    assert_error(answer, 503, "SYSTEM_BUSY")
    assert "Retry-After" not in answer.headers


def test_fault_count_is_respected(authed: Api) -> None:
    add_fault(authed, path_prefix="/v2/invoice", status=502, count=3)
    for remaining in (2, 1, 0):
        assert_error(authed.call("POST", "/v2/invoice", _simple()), 502, "BAD_GATEWAY")
        assert [f["count"] for f in pending_faults(authed)] == ([remaining] if remaining else [])
    assert authed.call("POST", "/v2/invoice", _simple()).status_code == 200


def test_fault_matches_by_path_prefix_only(authed: Api) -> None:
    invoice = authed.invoice()
    add_fault(authed, path_prefix="/v2/payment", status=500)
    # Other paths pass untouched and leave the fault pending.
    assert authed.call("GET", f"/v2/invoice/{invoice['invoice_id']}").status_code == 200
    assert authed.call("POST", "/v2/invoice/check", {"object_type": "INVOICE",
                                                     "object_id": invoice["invoice_id"]}).status_code == 200
    [fault] = pending_faults(authed)
    assert fault["path_prefix"] == "/v2/payment" and fault["count"] == 1
    # A longer path under the prefix matches.
    assert_error(authed.call("POST", "/v2/payment/check", {"object_type": "INVOICE",
                                                           "object_id": invoice["invoice_id"]}),
                 500, "INTERNAL_SERVER_ERROR")
    assert pending_faults(authed) == []


def test_fault_delay_slows_the_answer_down(authed: Api) -> None:
    invoice = authed.invoice()
    add_fault(authed, path_prefix="/v2/invoice/", delay_ms=300)
    started = time.monotonic()
    answer = authed.call("GET", f"/v2/invoice/{invoice['invoice_id']}")
    elapsed = time.monotonic() - started
    assert answer.status_code == 200, answer.text  # a delay alone still answers normally
    assert elapsed >= 0.3


def test_fault_drop_closes_the_connection_then_the_next_call_works(authed: Api) -> None:
    add_fault(authed, path_prefix="/v2/invoice", drop=True)
    with pytest.raises(requests.exceptions.ConnectionError):
        authed.call("POST", "/v2/invoice", _simple())
    assert authed.call("POST", "/v2/invoice", _simple()).status_code == 200
    dropped = [e for e in authed.control("GET", "/requests").json() if e.get("fault")]
    assert [e["status"] for e in dropped] == ["dropped"]


def test_faults_are_listed_while_pending_and_delete_clears_them(api: Api) -> None:
    add_fault(api, path_prefix="/v2/invoice", status=500, count=2)
    listed = add_fault(api, path_prefix="/v2/auth", status=429, retry_after=3)
    assert listed == pending_faults(api)
    assert [(f["path_prefix"], f["status"], f["count"]) for f in listed] == [
        ("/v2/invoice", 500, 2), ("/v2/auth", 429, 1)]
    assert listed[1]["retry_after"] == 3

    cleared = api.control("DELETE", "/faults")
    assert cleared.status_code == 200 and cleared.json() == {"faults": []}
    assert pending_faults(api) == []
    api.login()  # no 429 any more
    assert api.call("POST", "/v2/invoice", _simple()).status_code == 200


@pytest.mark.parametrize("body", [
    {"status": 500},                                      # no path_prefix
    {"path_prefix": "v2/invoice", "status": 500},         # not a path
    {"path_prefix": "/v2", "status": 200},                # not an error status
    {"path_prefix": "/v2", "status": 600},
    {"path_prefix": "/v2", "status": True},
    {"path_prefix": "/v2", "status": 500, "count": 0},
    {"path_prefix": "/v2", "status": 500, "count": "2"},
    {"path_prefix": "/v2", "delay_ms": -1},
    {"path_prefix": "/v2", "status": 429, "retry_after": -5},
    {"path_prefix": "/v2", "status": 429, "retry_after": "none"},
    {"path_prefix": "/v2", "drop": "yes"},
    {"path_prefix": "/v2", "status": 500, "error_code": 7},
    {"path_prefix": "/v2"},                               # does nothing at all
    {"path_prefix": "/v2", "status": 500, "colour": "red"},
], ids=lambda body: json.dumps(body))
def test_bad_fault_body_is_invalid_parameters(api: Api, body: dict[str, Any]) -> None:
    assert_error(api.control("POST", "/faults", body), 400, "INVALID_PARAMETERS")
    assert pending_faults(api) == []


# -- clock ---------------------------------------------------------------------------------------

def test_clock_advance_moves_the_sandbox_time(api: Api) -> None:
    before = api.control("GET", "/clock").json()
    assert before["offset_seconds"] == 0
    moved = api.control("POST", "/clock", {"advance_seconds": 601})
    assert moved.status_code == 200, moved.text
    after = api.control("GET", "/clock").json()
    assert after["offset_seconds"] == 601
    assert moved.json()["offset_seconds"] == 601
    gap = datetime.fromisoformat(after["now"]) - datetime.fromisoformat(before["now"])
    assert 601 <= gap.total_seconds() < 601 + 30


def test_access_token_expires_after_600_s_while_refresh_lasts_3600_s(api: Api) -> None:
    pair = api.login()
    invoice = api.invoice()
    path = f"/v2/invoice/{invoice['invoice_id']}"
    api.control("POST", "/clock", {"advance_seconds": 601})
    assert_error(api.call("GET", path), 401, "AUTHENTICATION_FAILED")

    refreshed = api.call("POST", "/v2/auth/refresh", token=pair["refresh_token"])
    assert refreshed.status_code == 200, refreshed.text
    new_pair = refreshed.json()
    assert api.call("GET", path, token=new_pair["access_token"]).status_code == 200

    # The new refresh token lives 3600 s from its own issue: just before that it still works ...
    api.control("POST", "/clock", {"advance_seconds": 3590})
    again = api.call("POST", "/v2/auth/refresh", token=new_pair["refresh_token"])
    assert again.status_code == 200, again.text
    # ... and 3600 s after the last one it does not.
    api.control("POST", "/clock", {"advance_seconds": 3601})
    assert_error(api.call("POST", "/v2/auth/refresh", token=again.json()["refresh_token"]),
                 401, "AUTHENTICATION_FAILED")


def test_the_first_refresh_token_expires_after_3600_s(api: Api) -> None:
    pair = api.login()
    api.control("POST", "/clock", {"advance_seconds": 3601})
    assert_error(api.call("POST", "/v2/auth/refresh", token=pair["refresh_token"]), 401,
                 "AUTHENTICATION_FAILED")


@pytest.mark.parametrize("body", [{"advance_seconds": -1}, {"advance_seconds": "soon"}, {},
                                  {"advance_seconds": 11 * 365 * 86400}])
def test_clock_refuses_going_back_or_nonsense(api: Api, body: dict[str, Any]) -> None:
    answer = api.control("POST", "/clock", body)
    assert_error(answer, 400, "INVALID_PARAMETERS")
    assert api.control("GET", "/clock").json()["offset_seconds"] == 0


# -- request log ---------------------------------------------------------------------------------

def test_request_log_has_method_path_status_time_and_no_secrets(api: Api) -> None:
    pair = api.login()
    invoice = api.invoice()
    # A token in a query string does not reach the log either: only the path is kept.
    api.call("GET", f"/v2/invoice/{invoice['invoice_id']}", params={"access_token": pair["access_token"]})
    add_fault(api, path_prefix="/v2/payment/check", status=503)
    api.call("POST", "/v2/payment/check", {"object_type": "INVOICE", "object_id": invoice["invoice_id"]})
    api.control("GET", "/clock")  # control calls are not logged

    answer = api.control("GET", "/requests")
    assert answer.status_code == 200, answer.text
    entries = answer.json()
    assert [(e["method"], e["path"], e["status"]) for e in entries] == [
        ("POST", "/v2/auth/token", 200),
        ("POST", "/v2/invoice", 200),
        ("GET", f"/v2/invoice/{invoice['invoice_id']}", 200),
        ("POST", "/v2/payment/check", 503),
    ]
    for entry in entries[:3]:
        assert set(entry) == {"method", "path", "status", "time"}
    assert set(entries[3]) == {"method", "path", "status", "time", "fault"}
    assert entries[3]["fault"] is True
    assert all(isinstance(e["time"], (int, float)) for e in entries)
    assert not any(e["path"].startswith("/_sandbox") for e in entries)

    raw = answer.text
    for secret in (pair["access_token"], pair["refresh_token"],
                   base64.b64encode(f"{USERNAME}:{PASSWORD}".encode()).decode()):
        assert secret not in raw
    # The password is digits, which a float timestamp could contain by chance: look outside `time`.
    assert PASSWORD not in json.dumps([{k: v for k, v in e.items() if k != "time"} for e in entries])


# -- logos and the payer's page -------------------------------------------------------------------

def test_bank_logo_is_a_png(api: Api) -> None:
    answer = api.control("GET", "/logos/khanbank.png")
    assert answer.status_code == 200
    assert answer.headers["content-type"] == "image/png"
    assert answer.content.startswith(b"\x89PNG\r\n\x1a\n")


def test_every_deep_link_logo_is_served(authed: Api) -> None:
    invoice = authed.invoice()
    assert invoice["urls"]
    for url in {u["logo"] for u in invoice["urls"]}:
        answer = authed.http.get(url, timeout=10)
        assert answer.status_code == 200, url
        assert answer.content.startswith(b"\x89PNG")


def test_unknown_logo_is_a_404_envelope(api: Api) -> None:
    assert_error(api.control("GET", "/logos/nosuchbank.png"), 404, "NOT_FOUND")


def test_payers_page_shows_the_amount_and_pays_on_post(authed: Api) -> None:
    invoice = authed.invoice(amount="12500.50", invoice_description="Two <b>coffees</b>")
    url = invoice["qPay_shortUrl"]
    assert url.startswith(authed.url)

    page = authed.http.get(url, timeout=10)
    assert page.status_code == 200
    assert page.headers["content-type"].startswith("text/html")
    assert "12500.50" in page.text
    assert "<b>coffees</b>" not in page.text  # the description is escaped
    assert "<form" in page.text

    paid = authed.http.post(url, allow_redirects=False, timeout=10)
    assert paid.status_code == 303
    assert urlsplit(paid.headers["location"]).path == urlsplit(url).path

    answer = check(authed, invoice["invoice_id"])
    assert answer["count"] == 1
    assert dec(answer["paid_amount"]) == Decimal("12500.50")
    after = authed.http.get(url, timeout=10)
    assert "CLOSED" in after.text and "<form" not in after.text


def test_payers_page_of_an_unknown_code_is_404(api: Api) -> None:
    assert_error(api.control("GET", "/s/NOSUCHCODE"), 404, "INVOICE_NOTFOUND")


# -- loopback only -----------------------------------------------------------------------------

def _asgi_get(app: Any, path: str, client: tuple[str, int]) -> tuple[int, bytes]:
    """One GET through the ASGI app in-process, from the given client address."""
    messages: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        messages.append(message)

    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "GET",
             "scheme": "http", "path": path, "raw_path": path.encode(), "query_string": b"",
             "root_path": "", "headers": [(b"host", b"sandbox.example")], "client": client,
             "server": ("sandbox.example", 80)}
    asyncio.run(app(scope, receive, send))
    start = next(m for m in messages if m["type"] == "http.response.start")
    body = b"".join(m.get("body", b"") for m in messages if m["type"] == "http.response.body")
    return start["status"], body


def test_control_api_refuses_a_non_loopback_client_in_process() -> None:
    app = create_app(Sandbox())
    status, body = _asgi_get(app, "/_sandbox/clock", ("10.0.0.5", 1234))
    assert status == 403
    assert json.loads(body)["error_code"] == "FORBIDDEN"
    status, _ = _asgi_get(app, "/_sandbox/clock", ("127.0.0.1", 1234))
    assert status == 200
    # The contract API itself is not restricted by address.
    status, body = _asgi_get(app, "/v2/invoice/x", ("10.0.0.5", 1234))
    assert status == 401 and json.loads(body)["error_code"] == "AUTHENTICATION_FAILED"


def test_fault_after_processing_loses_the_answer_but_not_the_work(authed: Api) -> None:
    import requests as http

    fault = {"path_prefix": "/v2/invoice", "method": "POST", "drop": True, "after_processing": True}
    assert authed.control("POST", "/faults", fault).status_code == 200
    with pytest.raises(http.exceptions.ConnectionError):
        authed.call("POST", "/v2/invoice", _simple(sender_invoice_no="LOST-ANSWER-1"))
    listing = authed.call("POST", "/v2/invoice/list", {"sender_invoice_no": "LOST-ANSWER-1",
                                                       "offset": {"page_number": 1, "page_limit": 10}})
    assert listing.json()["count"] == 1  # the invoice exists although its creator never heard so


def test_fault_after_processing_can_answer_a_status_instead(authed: Api) -> None:
    authed.control("POST", "/faults", {"path_prefix": "/v2/invoice", "method": "POST", "status": 503,
                                       "after_processing": True})
    assert_error(authed.call("POST", "/v2/invoice", _simple(sender_invoice_no="BUSY-1")), 503,
                 "SYSTEM_BUSY")
    listing = authed.call("POST", "/v2/invoice/list", {"sender_invoice_no": "BUSY-1",
                                                       "offset": {"page_number": 1, "page_limit": 10}})
    assert listing.json()["count"] == 1


def test_fault_method_narrows_a_path_prefix(authed: Api) -> None:
    invoice_id = authed.invoice()["invoice_id"]
    authed.control("POST", "/faults", {"path_prefix": "/v2/invoice", "method": "DELETE", "status": 500})
    assert authed.call("GET", f"/v2/invoice/{invoice_id}").status_code == 200
    assert authed.call("POST", "/v2/invoice/list", {"offset": {"page_number": 1, "page_limit": 5}}
                       ).status_code == 200
    assert_error(authed.call("DELETE", f"/v2/invoice/{invoice_id}"), 500, "INTERNAL_SERVER_ERROR")
    assert authed.call("DELETE", f"/v2/invoice/{invoice_id}").status_code == 200


def test_a_request_is_in_the_log_by_the_time_its_answer_arrives(authed: Api) -> None:
    for _ in range(20):
        authed.call("GET", "/v2/invoice/nope")
        assert authed.control("GET", "/requests").json()[-1]["path"] == "/v2/invoice/nope"
        authed.control("POST", "/reset")
        authed.login()
