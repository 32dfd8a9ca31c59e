"""Property tests of how the client reads the service's answers: valid, cut off, of the wrong types, huge.

Each body goes through the very code a real answer goes through (`QPayClient` → `Transport.request` →
`_success_body`/`parse_json_answer` → the pydantic model, or `error_from_response` for an error status): only
the socket is replaced, by a `requests` adapter that hands back the bytes. One test at the end sends the
same kinds of bodies over real loopback HTTP.

For any answer the result is the model, with every amount the exact decimal of the text it was sent as
(``0.1`` is ``Decimal("0.1")``; a 21-digit JSON number keeps all 21 digits), or a `QPayError` of the
documented family (`InvalidResponseError` for an unreadable success) whose text is short and holds no
token. Never another exception, never a float's rounding, never a hang.
"""

from __future__ import annotations

import json
import string
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from decimal import ROUND_DOWN, Decimal
from typing import Any
from urllib.parse import urlsplit

import jwt
import pytest
import requests
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st
from pydantic import BaseModel
from requests.adapters import BaseAdapter
from requests.structures import CaseInsensitiveDict

from pos_app.qpay import QPayClient
from pos_app.qpay.auth import token_lifetime
from pos_app.qpay.errors import (
    AuthenticationError,
    InvalidResponseError,
    QPayError,
    RateLimitError,
    ServerError,
    error_from_response,
)
from pos_app.qpay.fields import MAX_AMOUNT_DIGITS, MAX_AMOUNT_PLACES
from pos_app.qpay.models import (
    CheckResult,
    Ebarimt,
    EbarimtCancelResult,
    Invoice,
    InvoiceCreated,
    InvoiceList,
    Payment,
    PaymentList,
    TokenPair,
)
from pos_app.qpay.paid import paid_state

from .helpers import FAST_POLICY, Reply, SleepRecorder, TinyServer, simple_invoice

PROPERTY = settings(max_examples=120, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.function_scoped_fixture])
FEW = settings(PROPERTY, max_examples=40)
# Tokens the service hands out: they must never appear in an error's text, whatever the body echoes.
ACCESS_TOKEN = jwt.encode({"sub": "TEST_MERCHANT", "iat": 1_700_000_000, "exp": 1_700_003_600},
                          "a-signing-key-of-at-least-thirty-two-bytes", algorithm="HS256")
REFRESH_TOKEN = jwt.encode({"sub": "TEST_MERCHANT", "typ": "Refresh", "iat": 1_700_000_000},
                           "a-signing-key-of-at-least-thirty-two-bytes", algorithm="HS256")
TOKEN_BODY = json.dumps({"token_type": "bearer", "access_token": ACCESS_TOKEN, "expires_in": 3600,
                         "refresh_token": REFRESH_TOKEN, "refresh_expires_in": 86400}).encode()
AMOUNT_LIMIT = Decimal(10) ** MAX_AMOUNT_DIGITS
MAX_ERROR_TEXT = 1500


# -- the wire, without a socket -------------------------------------------------------------------------------

class CannedAdapter(BaseAdapter):
    """Answers every request from `answer(method, path) -> (status, body bytes)`, as the server would."""

    def __init__(self) -> None:
        super().__init__()
        self.answer: Callable[[str, str], tuple[int, bytes]] = lambda method, path: (200, b"{}")
        self.requests = 0

    def send(self, request: requests.PreparedRequest, stream: bool = False, timeout: Any = None,
             verify: Any = True, cert: Any = None, proxies: Any = None) -> requests.Response:
        self.requests += 1
        path = urlsplit(request.url or "").path
        status, body = (200, TOKEN_BODY) if path == "/v2/auth/token" and self.token_ok else self.answer(
            request.method or "", path)
        response = requests.Response()
        response.status_code = status
        response._content = body
        response.headers = CaseInsensitiveDict({"Content-Type": "application/json",
                                                "Content-Length": str(len(body))})
        response.url = request.url or ""
        response.request = request
        response.encoding = "utf-8"
        return response

    token_ok = True

    def close(self) -> None:
        pass


@dataclass(frozen=True)
class Endpoint:
    name: str
    method: str
    path: str
    model: type[BaseModel]
    call: Callable[[QPayClient], Any]

    def __str__(self) -> str:
        return self.name


ENDPOINTS = [
    Endpoint("get_invoice", "GET", "/v2/invoice/INV-1", Invoice, lambda c: c.get_invoice("INV-1")),
    Endpoint("check_payment", "POST", "/v2/payment/check", CheckResult, lambda c: c.check_payment("INV-1")),
    Endpoint("get_payment", "GET", "/v2/payment/PAY-1", Payment, lambda c: c.get_payment("PAY-1")),
    Endpoint("list_invoices", "POST", "/v2/invoice/list", InvoiceList,
             lambda c: c.list_invoices(sender_invoice_no="T1-20260101-000001")),
    Endpoint("list_payments", "POST", "/v2/payment/list", PaymentList,
             lambda c: c.list_payments("INV-1", "2026-01-01", "2026-01-02")),
    Endpoint("create_ebarimt", "POST", "/v2/ebarimt_v3/create", Ebarimt, lambda c: c.create_ebarimt("PAY-1")),
    Endpoint("cancel_ebarimt", "DELETE", "/v2/ebarimt_v3/PAY-1", EbarimtCancelResult,
             lambda c: c.cancel_ebarimt("PAY-1")),
    Endpoint("create_invoice", "POST", "/v2/invoice", InvoiceCreated, lambda c: c.create_invoice(simple_invoice())),
    Endpoint("authenticate", "POST", "/v2/auth/token", TokenPair, lambda c: c.authenticate()),
]
BY_NAME = {endpoint.name: endpoint for endpoint in ENDPOINTS}


class Service:
    """One client per test, wired to a `CannedAdapter`; `ask(endpoint, status, body)` makes one call."""

    def __init__(self) -> None:
        self.adapter = CannedAdapter()
        self.sleeps = SleepRecorder()
        session = requests.Session()
        session.mount("https://", self.adapter)
        self.client = QPayClient("https://qpay.test", "TEST_MERCHANT", "123456", session=session,
                                 retry_policy=FAST_POLICY, sleep=self.sleeps)

    def ask(self, endpoint: Endpoint, status: int, body: bytes) -> Any:
        def answer(method: str, path: str) -> tuple[int, bytes]:
            if path == endpoint.path:
                return status, body
            if path == "/v2/invoice/list":      # create_invoice's look-up after a lost answer: nothing found
                return 200, b'{"count": 0, "rows": []}'
            return 404, b'{"error_code": "NOT_FOUND", "message": "not here"}'

        self.adapter.answer = answer
        self.adapter.token_ok = endpoint.name != "authenticate"
        return endpoint.call(self.client)


@pytest.fixture
def service() -> Iterator[Service]:
    made = Service()
    yield made
    made.client.close()


# -- bodies -----------------------------------------------------------------------------------------------------
# A body is built as JSON text with placeholders, so that a number goes on the wire exactly as written
# (json.dumps would pass it through a float first). `Raw` is such a piece of text.

@dataclass(frozen=True)
class Raw:
    text: str


@dataclass(frozen=True)
class AmountSent:
    text: str          # as it stands in the body: 12500.50, "12500.50", 1.25E+4
    value: Decimal     # the exact decimal that text means


def render(value: Any) -> str:
    pieces: dict[str, str] = {}

    def swap(item: Any) -> Any:
        if isinstance(item, (Raw, AmountSent)):
            key = f"@@{len(pieces)}@@"
            pieces[key] = item.text
            return key
        if isinstance(item, dict):
            return {k: swap(v) for k, v in item.items()}
        if isinstance(item, list):
            return [swap(v) for v in item]
        return item

    text = json.dumps(swap(value), ensure_ascii=False)
    for key, piece in pieces.items():
        text = text.replace(json.dumps(key), piece, 1)
    return text


EXACT_AMOUNTS = (
    st.decimals(min_value=0, max_value=Decimal("999999999999.99"), places=2)
    | st.decimals(min_value=Decimal("-1e6"), max_value=Decimal("1e6"), places=0)
    # More digits than a float carries (17): they must all survive.
    | st.builds(lambda whole, fraction: Decimal(f"{whole}.{fraction}"), st.integers(10**10, 10**14 - 1),
                st.integers(10**9, 10**10 - 1))
    | st.sampled_from([Decimal("0.1"), Decimal("0.3"), Decimal("1234567.89"), Decimal("0.30000000000000004"),
                       Decimal("12500.00"), Decimal("0"), Decimal("0.00"), Decimal("999999999999999.99")])
)


@st.composite
def amounts(draw: st.DrawFn) -> AmountSent:
    value = draw(EXACT_AMOUNTS)
    style = draw(st.integers(0, 4))
    if style == 0:          # a JSON number, plain
        text = format(value, "f")
    elif style == 1:        # a JSON number with an exponent (a float to json.loads)
        text = format(value, "E")
    elif style == 2:        # a string, as the live service often sends
        text = json.dumps(str(value))
    elif style == 3:
        text = json.dumps(f" {value:f} ")
    else:                   # a whole number as a JSON integer
        value = value.to_integral_value(rounding=ROUND_DOWN)
        text = format(value, "f").lstrip("-") if value == 0 else format(value, "f")
    return AmountSent(text, Decimal(json.loads(text) if text.startswith('"') else text))


IDS = st.text(string.ascii_letters + string.digits + "-_", min_size=1, max_size=36)
TEXTS = st.none() | st.text(max_size=30) | st.integers(-10**6, 10**6)
STATUSES = st.sampled_from(["PAID", "paid", "NEW", "PENDING", "CANCELED", "CANCELLED", "REFUNDED", "OPEN",
                            "CLOSED", "REGISTERED", "FAILED", "PARTIAL", "", "something new"]) | st.none()
FLAGS = st.sampled_from([True, False, None, "true", "false", "1", "0", "yes", "no", ""])
SECONDS = (st.none() | st.integers(0, 10**10) | st.floats(0, 1e10)
           | st.integers(0, 10**6).map(lambda n: str(n)))

# field -> what it holds: "id", "text", "status", "flag", "seconds", "count", "amount", or a list of a row kind.
ROWS: dict[str, dict[str, Any]] = {
    "link": {"name": "text", "description": "text", "logo": "text", "link": "text"},
    "line": {"tax_product_code": "text", "line_description": "text", "line_quantity": "amount",
             "line_unit_price": "amount", "note": "text", "classification_code": "text"},
    "card": {"card_type": "text", "is_cross_border": "flag", "amount": "amount", "currency": "text",
             "status": "status"},
    "p2p": {"transaction_bank_code": "text", "account_bank_name": "text", "status": "status", "amount": "amount",
            "currency": "text"},
    "check_row": {"payment_id": "id", "payment_status": "status", "payment_amount": "amount", "trx_fee": "amount",
                  "payment_currency": "text", "payment_wallet": "text", "payment_type": "text",
                  "card_transactions": ["card"], "p2p_transactions": ["p2p"]},
    "invoice_row": {"invoice_id": "id", "invoice_code": "text", "sender_invoice_no": "text", "amount": "amount",
                    "invoice_status": "status", "created_date": "text"},
    "payment_row": {"payment_id": "id", "payment_status": "status", "payment_fee": "amount",
                    "payment_amount": "amount", "payment_currency": "text", "object_type": "text",
                    "object_id": "text"},
    "item": {"name": "text", "amount": "amount", "quantity": "amount", "unit_price": "amount", "vat": "amount",
             "city_tax": "amount", "barcode": "text"},
}
SHAPES: dict[type[BaseModel], dict[str, Any]] = {
    Invoice: {"invoice_id": "id", "invoice_status": "status", "sender_invoice_no": "text",
              "total_amount": "amount", "gross_amount": "amount", "tax_amount": "amount",
              "minimum_amount": "amount", "maximum_amount": "amount", "enable_expiry": "flag",
              "allow_partial": "flag", "qr_text": "text", "qPay_shortUrl": "text", "urls": ["link"],
              "lines": ["line"]},
    CheckResult: {"count": "count", "paid_amount": "amount", "rows": ["check_row"]},
    Payment: {"payment_id": "id", "payment_status": "status", "payment_fee": "amount", "payment_amount": "amount",
              "payment_currency": "text", "object_type": "text", "object_id": "text",
              "card_transactions": ["card"], "p2p_transactions": ["p2p"]},
    InvoiceList: {"count": "count", "rows": ["invoice_row"]},
    PaymentList: {"count": "count", "rows": ["payment_row"]},
    Ebarimt: {"id": "id", "barimt_status": "status", "status": "flag", "amount": "amount", "vat_amount": "amount",
              "city_tax_amount": "amount", "ebarimt_receiver_type": "text", "ebarimt_lottery": "text",
              "ebarimt_qr_data": "text", "barimt_items": ["item"]},
    EbarimtCancelResult: {"id": "id", "barimt_status": "status", "status": "flag"},
    InvoiceCreated: {"invoice_id": "id", "qr_text": "text", "qr_image": "text", "qPay_shortUrl": "text",
                     "urls": ["link"]},
    TokenPair: {"token_type": "text", "access_token": "token", "expires_in": "seconds",
                "refresh_token": "token", "refresh_expires_in": "seconds", "scope": "text"},
}
REQUIRED = {"id", "token"}


@st.composite
def bodies(draw: st.DrawFn, shape: dict[str, Any], depth: int = 0) -> tuple[dict[str, Any], list[tuple]]:
    """A valid body of `shape` and the amounts sent in it, as (path, AmountSent)."""
    body: dict[str, Any] = {}
    sent: list[tuple] = []
    for name, kind in shape.items():
        if not (isinstance(kind, str) and kind in REQUIRED) and draw(st.integers(0, 4)) == 0:
            continue                                        # optional fields come and go
        if isinstance(kind, list):
            rows = []
            for index in range(draw(st.integers(0, 3 if depth == 0 else 2))):
                row, row_sent = draw(bodies(ROWS[kind[0]], depth + 1))
                rows.append(row)
                sent += [((name, index, *path), amount) for path, amount in row_sent]
            body[name] = draw(st.sampled_from([rows, rows, None])) if not rows else rows
        elif kind == "amount":
            amount = draw(amounts() | st.sampled_from([None, ""]))
            body[name] = amount
            if isinstance(amount, AmountSent):
                sent.append(((name,), amount))
        elif kind == "count":
            body[name] = draw(st.integers(0, 10**6) | st.none() | st.integers(0, 99).map(str))
        else:
            body[name] = draw({"id": IDS, "token": st.just(ACCESS_TOKEN), "text": TEXTS, "status": STATUSES,
                               "flag": FLAGS, "seconds": SECONDS}[kind])
    if draw(st.booleans()):
        body["x_" + draw(st.text(string.ascii_lowercase, max_size=8))] = draw(TEXTS)   # unknown: kept
    return body, sent


def at(model: Any, path: tuple) -> Any:
    for step in path:
        model = model[step] if isinstance(step, int) else getattr(model, step)
    return model


def every_decimal(value: Any) -> Iterator[Decimal]:
    if isinstance(value, Decimal):
        yield value
    elif isinstance(value, BaseModel):
        for name in type(value).model_fields:
            yield from every_decimal(getattr(value, name))
    elif isinstance(value, list):
        for item in value:
            yield from every_decimal(item)


def assert_clear(error: QPayError) -> None:
    text, shown = str(error), repr(error)
    assert text.strip() and len(text) <= MAX_ERROR_TEXT, text[:200]
    for token in (ACCESS_TOKEN, REFRESH_TOKEN, ACCESS_TOKEN.split(".")[1], REFRESH_TOKEN.split(".")[1]):
        assert token not in text and token not in shown
    assert len(error.error_code or "") <= 600


def assert_sound(endpoint: Endpoint, result: Any) -> None:
    """What any model that comes out must hold, whatever the body was."""
    assert isinstance(result, endpoint.model)
    for amount in every_decimal(result):
        assert type(amount) is Decimal and amount.is_finite() and -AMOUNT_LIMIT < amount < AMOUNT_LIMIT
        assert amount.as_tuple().exponent >= -MAX_AMOUNT_PLACES
    for row in [result, *getattr(result, "rows", [])]:
        for attribute in ("status", "state", "receiver_type"):
            if isinstance(getattr(type(row), attribute, None), property):
                assert isinstance(getattr(row, attribute), str)
    if isinstance(result, CheckResult):
        # What the till does next with the rows: sum the PAID ones. Exact, and never an overflow.
        verdict = paid_state(result.rows, Decimal("12500"))
        assert verdict.paid_amount == sum((row.payment_amount for row in result.rows
                                           if row.status == "PAID" and row.payment_amount is not None), Decimal(0))
    if isinstance(result, TokenPair):
        assert ACCESS_TOKEN not in repr(result)


def outcome(service: Service, endpoint: Endpoint, status: int, body: bytes) -> Any:
    try:
        return service.ask(endpoint, status, body)
    except QPayError as error:      # anything else (ValueError, RecursionError, InvalidOperation) is a crash
        assert_clear(error)
        return error


ENDPOINT_NAMES = st.sampled_from([endpoint.name for endpoint in ENDPOINTS])


# -- valid bodies: read exactly ----------------------------------------------------------------------------------

@PROPERTY
@given(st.data())
@pytest.mark.parametrize("name", ["check_payment", "get_invoice", "get_payment", "list_invoices",
                                  "create_ebarimt", "authenticate"])
def test_a_valid_answer_is_read_with_every_amount_exact(service: Service, name: str, data: st.DataObject) -> None:
    endpoint = BY_NAME[name]
    body, sent = data.draw(bodies(SHAPES[endpoint.model]))
    result = outcome(service, endpoint, 200, render(body).encode())
    assert not isinstance(result, QPayError), result
    assert_sound(endpoint, result)
    for path, amount in sent:
        read = at(result, path)
        # Exactly the decimal written: no float on the way (Decimal(0.1) would be 0.1000000000000000055...).
        assert read == amount.value, (amount.text, read)
        if not amount.text.lstrip("-").isdigit():
            assert read.as_tuple() == amount.value.as_tuple(), (amount.text, read)


@pytest.mark.parametrize("text, value", [("0.1", "0.1"), ("1234567.89", "1234567.89"),
                                         ("123456789012.1234567891", "123456789012.1234567891"),
                                         ("0.30000000000000004", "0.30000000000000004"), ("1.5E+3", "1.5E+3"),
                                         ('"12500.50"', "12500.50"), ("12500", "12500")])
def test_json_numbers_are_exact_decimals(service: Service, text: str, value: str) -> None:
    body = f'{{"count": 1, "paid_amount": {text}, "rows": [{{"payment_status": "PAID", "payment_amount": {text}}}]}}'
    result = service.ask(BY_NAME["check_payment"], 200, body.encode())
    for read in (result.paid_amount, result.rows[0].payment_amount):
        assert read == Decimal(value) and str(read) == value


# -- cut off, wrong types, huge ------------------------------------------------------------------------------------

@PROPERTY
@given(ENDPOINT_NAMES, st.data())
def test_a_cut_off_answer_is_an_invalid_response(service: Service, name: str, data: st.DataObject) -> None:
    endpoint = BY_NAME[name]
    body, _ = data.draw(bodies(SHAPES[endpoint.model]))
    raw = render(body).encode()
    cut = raw[: data.draw(st.integers(0, len(raw) - 1))]     # may split a UTF-8 sequence too
    result = outcome(service, endpoint, 200, cut)
    # A strict prefix of a JSON object is never JSON, and an empty body is no answer.
    assert isinstance(result, InvalidResponseError) and result.status == 200


WRONG = st.sampled_from([
    Raw("[]"), Raw("{}"), Raw("true"), Raw("false"), Raw("null"), Raw("1.5"), Raw("-1"), Raw('"x"'), Raw('""'),
    Raw('"NaN"'), Raw("NaN"), Raw("Infinity"), Raw("-Infinity"), Raw('"Infinity"'), Raw("1e400"), Raw('"1e400"'),
    Raw("1e999999999"), Raw("-1e999999999"), Raw("1e-999999999"), Raw('"1E-999999999"'), Raw("9" * 4000),
    Raw("9" * 5000), Raw("9" * 3000 + ".5"), Raw('"' + "9" * 5000 + '"'), Raw('[{"a": [1, {"b": null}]}]'),
    Raw('{"amount": 1}'), Raw('"' + "x" * 200_000 + '"'), Raw("[" + ",".join(["1"] * 20_000) + "]"),
    Raw('"\\ud800"'), Raw('"\\u0000"'), Raw('"' + ACCESS_TOKEN + '"'),
])


def paths(value: Any, prefix: tuple = ()) -> Iterator[tuple]:
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from paths(item, (*prefix, index))


def replaced(value: Any, path: tuple, new: Any) -> Any:
    if not path:
        return new
    head, rest = path[0], path[1:]
    if isinstance(value, dict):
        return {**value, head: replaced(value[head], rest, new)}
    copy = list(value)
    copy[head] = replaced(copy[head], rest, new)
    return copy


@PROPERTY
@given(ENDPOINT_NAMES, st.data())
def test_a_value_of_the_wrong_type_is_read_or_refused(service: Service, name: str, data: st.DataObject) -> None:
    endpoint = BY_NAME[name]
    body, _ = data.draw(bodies(SHAPES[endpoint.model]))
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(list(paths(body))))
        body = replaced(body, path, data.draw(WRONG))
    result = outcome(service, endpoint, 200, render(body).encode())
    if isinstance(result, QPayError):
        assert isinstance(result, InvalidResponseError) and result.status == 200
        # Where and what, never the value: an answer to the login holds tokens.
        assert "x" * 100 not in str(result) and "9" * 100 not in str(result)
    else:
        assert_sound(endpoint, result)


SHORT_SECRET = "SeCrEt-42"       # a value the client must not quote back: it may be a token
HOLDING_A_SECRET = st.sampled_from([Raw(f'["{SHORT_SECRET}"]'), Raw(f'{{"id_token": "{SHORT_SECRET}"}}'),
                                    Raw(f'[{{"a": "{SHORT_SECRET}"}}]'),
                                    Raw(f'{{"access_token": ["{SHORT_SECRET}"]}}')])


@PROPERTY
@given(ENDPOINT_NAMES, st.data())
def test_a_refused_answer_never_quotes_its_values(service: Service, name: str, data: st.DataObject) -> None:
    endpoint = BY_NAME[name]
    body, _ = data.draw(bodies(SHAPES[endpoint.model]))
    candidates = [path for path in paths(body) if path]
    assume(candidates)
    body = replaced(body, data.draw(st.sampled_from(candidates)), data.draw(HOLDING_A_SECRET))
    result = outcome(service, endpoint, 200, render(body).encode())
    if isinstance(result, QPayError):
        # pydantic's own message quotes the input; the client says where and what is wrong, never the value.
        assert SHORT_SECRET not in str(result) and SHORT_SECRET not in repr(result)


@FEW
@given(ENDPOINT_NAMES, st.data())
def test_a_huge_answer_is_read_or_refused_in_good_time(service: Service, name: str, data: st.DataObject) -> None:
    endpoint = BY_NAME[name]
    body, _ = data.draw(bodies(SHAPES[endpoint.model]))
    big = data.draw(st.sampled_from(["string", "rows", "amount", "keys"]))
    if big == "string":
        body[data.draw(st.sampled_from(sorted(SHAPES[endpoint.model])))] = "Ө" * 500_000
    elif big == "rows":
        body["rows"] = [{"payment_id": str(i), "payment_status": "PAID", "payment_amount": "1.00",
                         "invoice_id": str(i)} for i in range(5000)]
    elif big == "amount":
        body[data.draw(st.sampled_from(sorted(SHAPES[endpoint.model])))] = Raw("1" * 4200 + "." + "1" * 4200)
    else:
        body.update({f"extra_{i}": i for i in range(20_000)})
    raw = render(body).encode()
    started = time.perf_counter()
    result = outcome(service, endpoint, 200, raw)
    assert time.perf_counter() - started < 20
    if not isinstance(result, QPayError):
        assert_sound(endpoint, result)


@pytest.mark.parametrize("count", ["1e99999999", "1E+999999999999999999", "1e10", "1e-999999999", "2.5"])
def test_a_count_far_beyond_any_listing_is_refused_at_once(service: Service, count: str) -> None:
    # Found by the wrong-type property: `count` arrives as a Decimal when written with an exponent, and
    # pydantic turned 1e99999999 into an int digit by digit (minutes; 1e999999999999999999 never ends), and
    # its check that 1e-999999999 has no fraction never ended either.
    started = time.perf_counter()
    with pytest.raises(InvalidResponseError, match="count"):
        service.ask(BY_NAME["check_payment"], 200, f'{{"count": {count}, "rows": []}}'.encode())
    assert time.perf_counter() - started < 5


@pytest.mark.parametrize("amount", ["1e400", '"1e30"', "1E+999999999999999999", "1e-999999999",
                                    '"1.0000000000000000000000000000000001"', "-1e15", "1000000000000000"])
def test_an_absurd_amount_is_an_invalid_response_not_a_crash_later(service: Service, amount: str) -> None:
    # Found by the wrong-type property: 1E+999999999999999999 as a PAID payment was read, and paid_state's
    # sum then raised decimal.Overflow; formatting 1E-999999999 with "f" (the day close) never ends.
    body = f'{{"count": 1, "rows": [{{"payment_status": "PAID", "payment_amount": {amount}}}]}}'
    with pytest.raises(InvalidResponseError, match="payment_amount"):
        service.ask(BY_NAME["check_payment"], 200, body.encode())


# -- error answers ----------------------------------------------------------------------------------------------

ERROR_STATUSES = st.sampled_from([400, 401, 403, 404, 409, 410, 418, 422, 429, 500, 502, 503, 504])
CODES = st.sampled_from(["INVOICE_NOTFOUND", "PAYMENT_NOT_PAID", "INVOICE_PAID", "AUTHENTICATION_FAILED",
                         "MERCHANT_INACTIVE", "SOMETHING_NEW", " invoice_paid ", "", "x" * 5000,
                         f"Bearer {ACCESS_TOKEN}", f"invalid token {ACCESS_TOKEN}", ACCESS_TOKEN])
MESSAGES = (st.text(max_size=40) | st.sampled_from(["x" * 100_000, f"token {ACCESS_TOKEN} refused",
                                                    f"Authorization: Bearer {ACCESS_TOKEN}", ""]))
ENVELOPE_VALUES = st.one_of(CODES, MESSAGES, st.none(), st.integers(), st.booleans(),
                            st.lists(st.integers(), max_size=2),
                            st.fixed_dictionaries({"code": CODES, "message": MESSAGES}),
                            st.fixed_dictionaries({"name": CODES, "detail": MESSAGES}))


@st.composite
def error_bodies(draw: st.DrawFn) -> bytes:
    kind = draw(st.integers(0, 4))
    if kind == 0:       # the contract's envelope and the live variants, values of any type
        body = {key: draw(ENVELOPE_VALUES) for key in draw(st.lists(
            st.sampled_from(["error_code", "error", "message", "details"]), unique=True, max_size=4))}
        raw = json.dumps(body).encode()
        return raw[: draw(st.integers(0, len(raw)))] if draw(st.booleans()) else raw   # maybe cut off
    if kind == 1:       # an HTML page from a proxy
        return f"<html><body>502 Bad Gateway {draw(MESSAGES)}</body></html>".encode()
    if kind == 2:
        return draw(st.binary(max_size=200))
    if kind == 3:
        return render(draw(st.lists(WRONG, max_size=2))).encode()
    return b""


@PROPERTY
@given(ENDPOINT_NAMES, ERROR_STATUSES, error_bodies())
@example("get_invoice", 404, b'{"error": "Bearer ' + ACCESS_TOKEN.encode() + b'"}')
@example("get_payment", 400, b'{"error_code": "' + b"x" * 5000 + b'"}')
def test_an_error_answer_is_a_qpay_error_of_its_family(service: Service, name: str, status: int,
                                                       body: bytes) -> None:
    endpoint = BY_NAME[name]
    result = outcome(service, endpoint, status, body)
    assert isinstance(result, QPayError), result
    if name == "create_invoice":
        return      # a lost answer there becomes a look-up and OutcomeUnknownError: any QPayError is right
    assert result.status == status
    if status == 401:
        assert isinstance(result, AuthenticationError)
    elif status == 429:
        assert isinstance(result, RateLimitError)
    elif status >= 500:
        assert isinstance(result, ServerError)


@pytest.mark.parametrize("body", [{"error": f"Bearer {ACCESS_TOKEN}"}, {"error_code": ACCESS_TOKEN},
                                  {"error": {"code": f"token {ACCESS_TOKEN}"}}])
def test_a_token_echoed_in_the_error_code_is_masked(body: dict[str, Any]) -> None:
    # Found by the error property: the message was masked but the code (shown in str() and repr()) was not.
    error = error_from_response(400, body)
    assert ACCESS_TOKEN not in str(error) and ACCESS_TOKEN not in repr(error)
    assert ACCESS_TOKEN not in (error.error_code or "")


def test_a_huge_error_code_is_cut_short() -> None:
    error = error_from_response(400, {"error_code": "X" * 100_000, "message": "no"})
    assert len(str(error)) < 1000 and (error.error_code or "").startswith("XXX")


# -- tokens -----------------------------------------------------------------------------------------------------

CLAIM_NUMBERS = st.none() | st.integers(-10**12, 10**12) | st.floats(allow_nan=True, allow_infinity=True) | (
    st.text(max_size=5)) | st.booleans()


@PROPERTY
@given(CLAIM_NUMBERS, CLAIM_NUMBERS, st.none() | st.floats(allow_nan=True, allow_infinity=True),
       st.floats(0, 2e9))
def test_a_token_lifetime_is_positive_or_unknown(exp: Any, iat: Any, expires_in: float | None, now: float) -> None:
    claims = {key: value for key, value in (("exp", exp), ("iat", iat)) if value is not None}
    token = jwt.encode(claims, "a-signing-key-of-at-least-thirty-two-bytes", algorithm="HS256")
    for candidate in (token, token[:-5], "not a token", "", "a.b.c", None):
        lifetime = token_lifetime(candidate, expires_in, now=now)
        assert lifetime is None or lifetime > 0


# -- answers past every limit: nested too deep, numbers too large, paging that never ends ---------------------

def test_a_deeply_nested_answer_is_an_invalid_response(service: Service) -> None:
    with pytest.raises(InvalidResponseError):
        service.ask(BY_NAME["get_invoice"], 200, b"[" * 100_000)


def test_a_deeply_nested_error_answer_is_a_qpay_error(service: Service) -> None:
    with pytest.raises(QPayError):
        service.ask(BY_NAME["get_invoice"], 400, b"[" * 100_000)


def test_a_number_beyond_decimal_range_is_an_invalid_response(service: Service) -> None:
    with pytest.raises(InvalidResponseError):
        service.ask(BY_NAME["check_payment"], 200, b'{"count": 0, "paid_amount": 1e9999999999999999999}')


def test_a_token_with_an_absurd_expiry_is_still_usable() -> None:
    token = jwt.encode({"exp": 10**400}, "a-signing-key-of-at-least-thirty-two-bytes", algorithm="HS256")
    lifetime = token_lifetime(token, None, now=1.0)
    assert lifetime is None or lifetime > 0


def test_paging_stops_when_the_service_repeats_itself(service: Service) -> None:
    invoice = b'{"invoice_id": "INV-1", "total_amount": 100}'
    page = b'{"count": 1000000000, "rows": [{"payment_id": "P1", "payment_status": "NEW", "payment_amount": 1}]}'

    def answer(method: str, path: str) -> tuple[int, bytes]:
        if service.adapter.requests > 200:
            raise RuntimeError("still paging after 200 requests")
        return (200, invoice) if path == "/v2/invoice/INV-1" else (200, page)

    service.adapter.answer = answer
    verdict = service.client.paid_state("INV-1")
    assert service.adapter.requests <= 4 and verdict.paid_amount == 0   # login, invoice, two pages; nothing paid


# -- the same over real HTTP ------------------------------------------------------------------------------------

def test_cut_off_wrong_and_huge_answers_over_real_http() -> None:
    body = render({"count": 1, "paid_amount": AmountSent("123456789012.1234567891", Decimal(0)),
                   "rows": [{"payment_status": "PAID", "payment_amount": Raw("0.1")}]}).encode()
    answers = {
        "exact": Reply(200, body),
        "cut": Reply(200, body[:-7]),
        "wrong": Reply(200, b'{"count": [], "rows": {"a": 1}}'),
        "huge": Reply(200, b'{"count": 1e99999999, "rows": []}'),
        "amount": Reply(200, b'{"rows": [{"payment_amount": 1e400}]}'),
        "html": Reply(502, "<html>Bad Gateway</html>"),
        "text": Reply(200, "SUCCESS"),
    }
    current = {"name": "exact"}

    def handle(seen: Any) -> Reply:
        if seen.path == "/v2/auth/token":
            return Reply(200, TOKEN_BODY)
        return answers[current["name"]]

    server = TinyServer(handle).start()
    try:
        with QPayClient(server.url, "TEST_MERCHANT", "123456", retry_policy=FAST_POLICY,
                        sleep=SleepRecorder()) as client:
            result = client.check_payment("INV-1")
            assert result.paid_amount == Decimal("123456789012.1234567891")
            assert str(result.rows[0].payment_amount) == "0.1"
            for name in ("cut", "wrong", "huge", "amount", "text"):
                current["name"] = name
                with pytest.raises(InvalidResponseError) as caught:
                    client.check_payment("INV-1")
                assert_clear(caught.value)
            current["name"] = "html"
            with pytest.raises(ServerError) as failed:
                client.check_payment("INV-1")
            assert_clear(failed.value)
    finally:
        server.stop()
