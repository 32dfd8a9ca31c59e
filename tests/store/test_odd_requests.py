"""Blank ids and odd or hostile requests at the store (issue 31, point 7): a 404 or a 400 in QPay's envelope, as
QPay answers them, never a 500; and money of any cents through the store exactly as QPay gives it."""

from __future__ import annotations

import base64
import itertools
import json
from collections.abc import Iterator
from decimal import Decimal
from typing import Any

import pytest
import requests
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pos_app.qpay import QPayClient
from pos_app.store.jsonio import exact_json, read_kept

from .helpers import PASSWORD, USERNAME, Shop, running_shop, simple_invoice

# Blank, blanks around an id, control characters (a NUL PostgreSQL cannot even compare), and nothing at all.
BLANK_IDS = ("%20", "%20%20%20", "%09", "%0A", "%E2%80%83", "%00", "inv%00", "%20inv", "inv%20", "")
PATHS_WITH_AN_ID = (("GET", "/v2/invoice/{}"), ("DELETE", "/v2/invoice/{}"), ("GET", "/v2/payment/{}"),
                    ("POST", "/v2/payment/cancel/{}"), ("DELETE", "/v2/payment/cancel/{}"),
                    ("POST", "/v2/payment/refund/{}"), ("DELETE", "/v2/payment/refund/{}"),
                    ("GET", "/v2/ebarimt_v3/{}"), ("DELETE", "/v2/ebarimt_v3/{}"),
                    ("GET", "/store/journal/{}/last"), ("POST", "/store/journal/{}"))
READS_OF_AN_INVOICE = ("/v2/payment/check", "/v2/invoice/check", "/v2/payment/list")


@pytest.fixture
def shop(store_db_url: str) -> Iterator[Shop]:
    with running_shop(store_db_url, ("T1",), single_session=False) as running:
        yield running


def _bearer(shop: Shop) -> dict[str, str]:
    return {"Authorization": f"Bearer {shop.client('T1').authenticate().access_token}"}


def _in_qpays_envelope(answer: requests.Response, status: int) -> dict[str, Any]:
    assert answer.status_code == status, (answer.request.method, answer.request.url, answer.text)
    said = answer.json()
    assert set(said) == {"error_code", "message"} and said["message"], said
    return dict(said)


def test_a_blank_id_on_every_path_is_not_found(shop: Shop) -> None:
    headers = _bearer(shop)
    for (method, path), blank in itertools.product(PATHS_WITH_AN_ID, BLANK_IDS):
        url = shop.store.url + path.format(blank)
        for auth in ({"headers": headers}, {"auth": ("T1", shop.keys["T1"])}) if "journal" in path else \
                ({"headers": headers},):
            answer = requests.request(method, url, timeout=10, **auth)   # type: ignore[arg-type]
            _in_qpays_envelope(answer, 404)
    for blank in BLANK_IDS:
        for method in ("GET", "POST"):
            answer = requests.request(method, f"{shop.store.url}/store/callback/{blank}", timeout=10)
            assert answer.status_code == 404, (blank, answer.text)


def test_a_blank_id_in_a_body_is_refused_as_qpay_refuses_it(shop: Shop) -> None:
    headers, qpay_headers = _bearer(shop), _qpay_bearer(shop)
    offset = {"page_number": 1, "page_limit": 10}
    for value in ("", "   ", "\t", None, 5, ["inv"], {"id": "inv"}):
        for path in READS_OF_AN_INVOICE:
            body = {"object_type": "INVOICE", "object_id": value, "offset": offset,
                    "start_date": "2026-11-01", "end_date": "2026-11-30"}
            said = _in_qpays_envelope(requests.post(shop.store.url + path, json=body, headers=headers, timeout=10),
                                      400)
            assert said == {"error_code": "INVALID_PARAMETERS", "message": "object_id must not be empty"}
            # QPay's own words for it.
            assert _in_qpays_envelope(requests.post(shop.sandbox.url + path, json={**body, "object_id": ""},
                                                    headers=qpay_headers, timeout=10), 400)
        said = _in_qpays_envelope(requests.post(f"{shop.store.url}/v2/ebarimt_v3/create", headers=headers, timeout=10,
                                                json={"payment_id": value, "ebarimt_receiver_type": "CITIZEN"}), 400)
        assert said["message"] == "payment_id must not be empty"
    for value in ("\u0000", "inv\u0000", " inv", "inv\n"):
        body = {"object_type": "INVOICE", "object_id": value, "offset": offset}
        _in_qpays_envelope(requests.post(f"{shop.store.url}/v2/payment/check", json=body, headers=headers,
                                         timeout=10), 400 if "\u0000" in value else 404)


def _qpay_bearer(shop: Shop) -> dict[str, str]:
    token = QPayClient(shop.sandbox.url, USERNAME, PASSWORD).authenticate().access_token
    return {"Authorization": f"Bearer {token}"}


ODD_BODIES = (b"[" * 100_000, b"{" * 50 + b"}" * 50, b'{"offset": NaN}', b'{"offset": {"page_number": 1e400}}',
              b'{"n": 1' + b"0" * 5000 + b"}", b"\xff\xfe{", b'{"object_id": "\\ud800"}',
              b'{"sender_invoice_no": "T1-\\u0000"}', b'{"note": "\\ud800\\u0000"}', b"null", b"[1]", b'"x"', b"")


def test_odd_bodies_get_a_400_never_a_500(shop: Shop) -> None:
    headers = {**_bearer(shop), "Content-Type": "application/json"}
    for raw, path in itertools.product(ODD_BODIES, ("/v2/invoice", "/v2/invoice/list", "/v2/payment/check",
                                                     "/v2/ebarimt_v3/create")):
        answer = requests.post(shop.store.url + path, data=raw, headers=headers, timeout=30)
        assert 400 <= answer.status_code < 500, (raw[:40], path, answer.text)
        _in_qpays_envelope(answer, answer.status_code)
    # A text no database keeps (a NUL) where the store would keep or look it up.
    for invoice in (simple_invoice("T1-20261121-000009\u0000", 1000), simple_invoice("T1-1", 1000, callback_url=
                                                                                      "http://127.0.0.1:9/\u0000")):
        answer = requests.post(f"{shop.store.url}/v2/invoice", json=invoice, headers=headers, timeout=10)
        _in_qpays_envelope(answer, 400)
    # An amount no float carries exactly is refused, never rounded on its way to QPay.
    body = b'{"offset": {"page_number": 1, "page_limit": 10}, "x": 0.1000000000000000000001}'
    answer = requests.post(f"{shop.store.url}/v2/invoice/list", data=body, headers=headers, timeout=10)
    assert "cannot be sent exactly" in _in_qpays_envelope(answer, 400)["message"]


def test_odd_names_and_references_are_nobodys(shop: Shop) -> None:
    for name in ("T1\u0000", "\u0000", "T1\ud800"):
        credential = base64.b64encode(f"{name}:{shop.keys['T1']}".encode("utf-8", "surrogatepass")).decode()
        for method, path in (("POST", "/v2/auth/token"), ("GET", "/store/day/2026-11-21"),
                             ("GET", "/store/journal/T1/last")):
            answer = requests.request(method, shop.store.url + path, timeout=10,
                                      headers={"Authorization": f"Basic {credential}"})
            _in_qpays_envelope(answer, 401)
    events = [{"event_id": 1, "number": "T1-\u0000", "at": "2026-11-21T09:00:00.000000+08:00", "kind": "x",
               "detail": {}}]
    answer = requests.post(f"{shop.store.url}/store/journal/T1", json={"events": events}, timeout=10,
                           auth=("T1", shop.keys["T1"]))
    _in_qpays_envelope(answer, 400)


def test_an_unknown_path_or_method_is_answered_in_qpays_envelope(shop: Shop) -> None:
    headers = _bearer(shop)
    assert _in_qpays_envelope(requests.get(f"{shop.store.url}/v2/nothing", headers=headers, timeout=10),
                              404)["error_code"] == "NOT_FOUND"
    assert _in_qpays_envelope(requests.put(f"{shop.store.url}/v2/invoice/x", headers=headers, timeout=10),
                              405)["error_code"] == "METHOD_NOT_ALLOWED"


# -- money with cents, any amount ------------------------------------------------------------------------------

CENTS = st.integers(min_value=101, max_value=10_000_000_000).map(lambda cents: Decimal(cents).scaleb(-2))
JSON_WITH_DECIMALS = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text()
    | st.decimals(allow_nan=False, allow_infinity=False, places=None),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(), children, max_size=4),
    max_leaves=20)


@settings(max_examples=300, deadline=None)
@given(JSON_WITH_DECIMALS)
def test_exact_json_keeps_every_decimals_digits(value: Any) -> None:
    text = exact_json(value)
    assert read_kept(text) == value
    assert exact_json(read_kept(text)) == text     # the same digits: 9526.840 stays 9526.840, 1E+2 stays 1E+2
    json.loads(text)                               # plain JSON, which any reader takes


_NUMBERS = itertools.count(1)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(amount=CENTS)
def test_any_amount_with_cents_reads_through_the_store_as_from_qpay(shop: Shop, amount: Decimal) -> None:
    till, qpay = shop.client("T1"), QPayClient(shop.sandbox.url, USERNAME, PASSWORD)
    number = f"T1-20261121-{next(_NUMBERS):06d}"
    invoice_id = till.create_invoice(simple_invoice(number, amount)).invoice_id
    shop.pay(invoice_id)
    check = {"object_type": "INVOICE", "object_id": invoice_id, "offset": {"page_number": 1, "page_limit": 10}}
    listing = {"sender_invoice_no": number, "offset": {"page_number": 1, "page_limit": 10}}
    for method, path, body in (("GET", f"/v2/invoice/{invoice_id}", None), ("POST", "/v2/payment/check", check),
                               ("POST", "/v2/invoice/check", check), ("POST", "/v2/invoice/list", listing)):
        kwargs = {} if body is None else {"json_body": body}
        store_said = till.call(method, path, safe_to_repeat=True, **kwargs)
        assert store_said == qpay.call(method, path, safe_to_repeat=True, **kwargs), path
    assert till.get_invoice(invoice_id).total_amount == amount
    assert till.paid_state(invoice_id).paid_amount == amount
    assert [row.amount for row in till.list_invoices(sender_invoice_no=number).rows] == [amount]
