"""Fuzzing every sandbox endpoint over real HTTP: bodies, content types, path ids and tokens.

Whatever arrives, the sandbox must answer below 500, never leak a traceback, and answer
every 4xx with exactly the contract's envelope `{"error_code": str, "message": str}`.
A 200 is fine when the random input happens to be valid; a 200 that stored something is
read back (get, list, check, pay, ebarimt), since bad data can also break later answers.

Hypothesis draws inside each test (`st.data()`), because the ids of the records the
bodies point at only exist once the sandbox is running. A deterministic sweep puts each
wrong type into every field once, which random drawing finds only now and then. The
tests at the end pin the bugs this fuzzing found.

On CPython 3.11 a failure here may surface as pytest's INTERNALERROR "AST constructor
recursion depth mismatch" (pytest-dev/pytest#10763, with Hypothesis loaded); rerun with
`--tb=native` to see the real failure.
"""

from __future__ import annotations

import base64
import json
import string
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Callable
from urllib.parse import quote

import pytest
import requests
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .conftest import INVOICE_CODE, PASSWORD, USERNAME, Api, assert_error, simple_invoice


def fuzz(examples: int) -> Callable:
    return settings(max_examples=examples, deadline=None, print_blob=True,
                    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                           HealthCheck.data_too_large])


# ---------------------------------------------------------------------------
# The endpoints
# ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Endpoint:
    method: str
    path: str                      # "{id}" marks the path parameter
    fields: tuple[str, ...] = ()   # the body's real field names
    auth: str = "access"           # access | refresh | basic | none

    def __str__(self) -> str:
        return f"{self.method} {self.path}"


INVOICE_FIELDS = ("invoice_code", "sender_invoice_no", "invoice_receiver_code", "invoice_description",
                  "amount", "callback_url", "sender_branch_code", "sender_branch_data", "sender_staff_data",
                  "invoice_receiver_data", "enable_expiry", "allow_partial", "minimum_amount",
                  "allow_exceed", "maximum_amount", "note", "transactions", "lines", "tax_type",
                  "district_code")
CHECK_FIELDS = ("object_type", "object_id", "offset")
REVERSE_FIELDS = ("callback_url", "note")

V2 = (
    Endpoint("POST", "/v2/auth/token", auth="basic"),
    Endpoint("POST", "/v2/auth/refresh", auth="refresh"),
    Endpoint("POST", "/v2/invoice", INVOICE_FIELDS),
    Endpoint("GET", "/v2/invoice/{id}"),
    Endpoint("DELETE", "/v2/invoice/{id}"),
    Endpoint("POST", "/v2/invoice/list", ("invoice_code", "sender_invoice_no", "invoice_status",
                                          "start_date", "end_date", "offset")),
    Endpoint("POST", "/v2/invoice/check", CHECK_FIELDS),
    Endpoint("GET", "/v2/payment/{id}"),
    Endpoint("POST", "/v2/payment/check", CHECK_FIELDS),
    Endpoint("POST", "/v2/payment/list", ("object_type", "object_id", "start_date", "end_date", "offset")),
    Endpoint("POST", "/v2/payment/cancel/{id}", REVERSE_FIELDS),
    Endpoint("POST", "/v2/payment/refund/{id}", REVERSE_FIELDS),
    Endpoint("POST", "/v2/ebarimt_v3/create", ("payment_id", "ebarimt_receiver_type", "ebarimt_receiver",
                                               "district_code", "classification_code")),
    Endpoint("DELETE", "/v2/ebarimt_v3/{id}"),
)
# POST /_sandbox/reset is left out: it is what every example here uses to start clean.
CONTROL = (
    Endpoint("POST", "/_sandbox/invoices/{id}/pay", ("amount", "transaction_type", "bank"), auth="none"),
    Endpoint("PATCH", "/_sandbox/merchants/TEST_MERCHANT",
             ("active", "ebarimt_registered", "exists", "min_amount", "max_amount"), auth="none"),
    Endpoint("POST", "/_sandbox/faults", ("path_prefix", "count", "status", "delay_ms", "drop",
                                          "retry_after", "error_code"), auth="none"),
    Endpoint("POST", "/_sandbox/clock", ("advance_seconds",), auth="none"),
)
ALL = V2 + CONTROL
WITH_ID = tuple(ep for ep in ALL if "{id}" in ep.path)
BEARER = tuple(ep for ep in V2 if ep.auth in ("access", "refresh"))


# ---------------------------------------------------------------------------
# The records bodies point at, and the requests
# ---------------------------------------------------------------------------
LINE = {"tax_product_code": "6401", "line_description": "Coffee", "line_quantity": "2.00",
        "line_unit_price": "6250.00", "note": "hot", "classification_code": "0111100",
        "discounts": [{"description": "loyalty", "amount": 100}],
        "surcharges": [{"description": "service", "amount": 100}],
        "taxes": [{"description": "CITY_TAX", "amount": 0}]}


@dataclass
class World:
    api: Api
    access: str
    refresh: str
    open_invoice: str      # OPEN, allows partial and excess payments
    paid_invoice: str      # paid by card, so its payment can be cancelled, refunded, receipted
    payment: str

    def url(self, path: str, ident: str | None = None) -> str:
        if "{id}" in path:
            path = path.replace("{id}", ident if ident is not None else self.default_id(path))
        return self.api.url + path

    def default_id(self, path: str) -> str:
        if path.startswith(("/v2/invoice", "/_sandbox/invoices")):
            return self.open_invoice
        return self.payment


def build_world(api: Api) -> World:
    pair = api.login()
    open_invoice = api.invoice(allow_partial=True, minimum_amount=100, allow_exceed=True,
                               maximum_amount=50_000)["invoice_id"]
    paid_invoice = api.invoice(sender_invoice_no="T1-20261121-0002", lines=[LINE],
                               amount=12_500)["invoice_id"]
    payment = api.pay(paid_invoice, transaction_type="CARD")["payment_id"]
    return World(api, pair["access_token"], pair["refresh_token"], open_invoice, paid_invoice, payment)


@pytest.fixture
def world(api: Api) -> World:
    return build_world(api)


def base_bodies(ep: Endpoint, world: World) -> list[dict[str, Any]]:
    """Valid bodies for the endpoint (none for endpoints without one): what mutations start from."""
    offset = {"page_number": 1, "page_limit": 10}
    check = {"object_type": "INVOICE", "object_id": world.paid_invoice, "offset": offset}
    return {
        "/v2/invoice": [simple_invoice(),
                        simple_invoice(lines=[LINE], note="n", enable_expiry="true",
                                       sender_branch_data={"name": "b", "address": {"city": "UB"}}),
                        simple_invoice(amount=None, tax_type="VAT_ABLE", district_code="3505",
                                       lines=[LINE])],
        "/v2/invoice/list": [{"invoice_code": INVOICE_CODE, "invoice_status": "", "start_date": "2020-01-01",
                              "end_date": "2100-12-31", "offset": offset}],
        "/v2/invoice/check": [check],
        "/v2/payment/check": [check],
        "/v2/payment/list": [{**check, "start_date": "2020-01-01", "end_date": "2100-12-31"}],
        "/v2/payment/cancel/{id}": [{"callback_url": "http://127.0.0.1:9/cb", "note": "changed mind"}, {}],
        "/v2/payment/refund/{id}": [{"callback_url": "http://127.0.0.1:9/cb", "note": "broken"}, {}],
        "/v2/ebarimt_v3/create": [{"payment_id": world.payment, "ebarimt_receiver_type": "83"},
                                  {"payment_id": world.payment, "ebarimt_receiver_type": "84",
                                   "ebarimt_receiver": "1234567", "district_code": "3505"}],
        "/_sandbox/invoices/{id}/pay": [{"amount": 500, "transaction_type": "CARD", "bank": "khanbank"}, {}],
        "/_sandbox/merchants/TEST_MERCHANT": [{"active": True, "min_amount": 1, "max_amount": 1_000_000}],
        "/_sandbox/faults": [{"path_prefix": "/v2/nowhere", "status": 503, "count": 1}],
        "/_sandbox/clock": [{"advance_seconds": 1}],
    }.get(ep.path, [])


def auth_headers(ep: Endpoint, world: World) -> dict[str, str]:
    if ep.auth == "access":
        return {"Authorization": f"Bearer {world.access}"}
    if ep.auth == "refresh":
        return {"Authorization": f"Bearer {world.refresh}"}
    if ep.auth == "basic":
        return {"Authorization": "Basic " + base64.b64encode(f"{USERNAME}:{PASSWORD}".encode()).decode()}
    return {}


def send(api: Api, method: str, url: str, *, body: bytes | None = None,
         headers: dict[str, Any] | None = None) -> requests.Response:
    """One request on the shared session; any answer is checked (`check_answer`) before it returns."""
    what = f"{method} {url[len(api.url):][:200]} body={(body or b'')[:200]!r} headers={headers!r}"[:800]
    try:
        answer = api.http.request(method, url, data=body, headers=headers or {}, timeout=15,
                                  allow_redirects=False)
    except requests.RequestException as exc:  # a dropped connection is a crash too
        api.http.close()
        pytest.fail(f"no answer to {what}: {exc!r}")
    if answer.status_code >= 500:
        # uvicorn closes the connection after an unhandled error: start the next request afresh,
        # or Hypothesis replaying this example meets a dead socket and calls the failure flaky.
        api.http.close()
    check_answer(answer, what)
    return answer


def check_answer(answer: requests.Response, what: str) -> None:
    info = f"{what}\n-> {answer.status_code} {answer.headers.get('content-type')} {answer.content[:400]!r}"
    assert answer.status_code < 500, info
    assert b"Traceback" not in answer.content and b'File "' not in answer.content, info
    media_type = answer.headers.get("content-type", "").split(";")[0].strip()
    if answer.status_code >= 400:
        assert media_type == "application/json", info
        body = json.loads(answer.content)
        assert isinstance(body, dict) and set(body) == {"error_code", "message"}, info
        assert isinstance(body["error_code"], str) and body["error_code"], info
        assert isinstance(body["message"], str) and body["message"], info
    elif answer.status_code in (307, 308):
        # Starlette's trailing-slash redirect (an id ending in an encoded "/"): no body to check.
        assert answer.headers.get("location"), info
    else:
        assert answer.status_code == 200, info
        if answer.content:  # cancel endpoints answer 200 with an empty body, as the contract says
            assert media_type == "application/json", info
            json.loads(answer.content)


# ---------------------------------------------------------------------------
# Strategies
# ---------------------------------------------------------------------------
class Raw:
    """A JSON literal written as is: numbers Python's floats cannot hold, NaN, huge integers."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __repr__(self) -> str:
        return f"Raw({self.text[:40]!r}{'...' if len(self.text) > 40 else ''})"


def dump(value: Any, ascii_only: bool) -> str:
    if isinstance(value, Raw):
        return value.text
    if isinstance(value, dict):
        return "{" + ",".join(f"{json.dumps(str(k), ensure_ascii=ascii_only)}:{dump(v, ascii_only)}"
                              for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ",".join(dump(v, ascii_only) for v in value) + "]"
    return json.dumps(value, ensure_ascii=ascii_only)  # NaN and Infinity come out as bare literals


ENCODINGS: dict[str, Callable[[Any], bytes]] = {
    "json-ascii": lambda v: dump(v, True).encode(),                     # lone surrogates as \udXXX
    "json-utf8": lambda v: dump(v, False).encode("utf-8", "surrogatepass"),  # ... and as raw bytes
    "json-utf16": lambda v: dump(v, False).encode("utf-16-le", "surrogatepass"),
    "json-cp1251": lambda v: dump(v, False).encode("cp1251", "replace"),  # not UTF-8 at all
}

ANY_CHAR = st.characters(codec=None, exclude_categories=())  # surrogates and controls included
# Characters that break things more often than a uniform draw would find them.
NASTY_CHAR = st.sampled_from(["\ud800", "\udfff", "\ud83d", "\x00", "\x1b", "\u2028", "\ufeff", "\u202e",
                              "\uffff", "\U0010ffff", "é", "я", "🙂", '"', "\\", "/", "%"])
SPECIAL_TEXT = st.sampled_from([
    "", " ", "\t\n", "\x00", "null", "true", "abc", "1e5", "-1", "0", "1.5", "NaN", "Infinity", "1e400",
    "0.001", "1_000", "١٢٣", "１２３", "\ud800", "\udfff", "🙂", "Хаан банк", "INVOICE", "TEST_INVOICE",
    "terminal", "http://127.0.0.1:9/cb", "javascript:alert(1)", "2024-02-30", "9999-99-99",
    "٢٠٢٤-٠١-٠١", "2024-01-01\n", "83", "84", "P2P", "CARD", "khanbank", "/", "/v2", "../", "%00",
    "'; DROP TABLE invoices; --", "{{7*7}}", "${jndi:ldap://x}",
])
TEXT = st.one_of(
    st.text(ANY_CHAR, max_size=30),
    st.text(NASTY_CHAR | st.sampled_from(string.ascii_letters), min_size=1, max_size=12),
    st.text(string.printable, max_size=30),
    SPECIAL_TEXT,
    st.tuples(st.sampled_from(["x", "я", "🙂", "9"]), st.integers(40, 5000)).map(lambda t: t[0] * t[1]),
)
NUMBERS = st.one_of(
    st.integers(),
    st.integers(min_value=10**18, max_value=10**400) | st.integers(min_value=-10**400, max_value=-10**18),
    st.floats(),  # nan and inf serialise as the NaN/Infinity literals
    st.decimals(allow_nan=False, allow_infinity=False).map(lambda d: Raw(str(d))),
    st.sampled_from([Raw("1e400"), Raw("-1e400"), Raw("1e999999999"), Raw("1E+30"), Raw("1e-400"),
                     Raw("0.001"), Raw("12500.005"), Raw("-0"), Raw("0E+20"), Raw("1" + "0" * 5000),
                     Raw("123456789012345678901234567890.12"), Raw("NaN"), Raw("-Infinity"),
                     10**30, 2**63, -(2**63), 2**64, 0, -1, 1, 1.5]),
)
STRINGY_NUMBERS = st.sampled_from(["1e5", "1e30", "1e999999999", "99999999999999999999999999999999",
                                   "0E+20", "-5", "12500", "12500.00", "0.10", "1_0", "١٢", " 7 "])
SCALARS = st.one_of(st.none(), st.booleans(), NUMBERS, TEXT)
JSON_VALUES = st.recursive(
    SCALARS,
    lambda children: st.lists(children, max_size=5) | st.dictionaries(TEXT, children, max_size=5),
    max_leaves=20,
)
WRONG = st.one_of(
    st.sampled_from([None, True, False, 0, -1, 1, 1.5, "", "abc", "1e5", "-5", [], {}, [1], {"a": 1},
                     ["a", "b"], [[]], [None]]),
    NUMBERS, STRINGY_NUMBERS, TEXT, JSON_VALUES,
)
PAGE_VALUES = st.one_of(st.sampled_from([0, -1, 1, 2, 100, 101, 10**6, 10**30, 1.5, "1", True, None,
                                         Raw("1e400"), Raw("1.0"), []]), st.integers(), WRONG)
OFFSETS = st.one_of(st.fixed_dictionaries({}, optional={"page_number": PAGE_VALUES, "page_limit": PAGE_VALUES}),
                    WRONG)
HUGE = st.sampled_from([Raw("1e400"), Raw("1e99999"), Raw("1E+30"), "1e999999999", "1e30", "1e20", "1e15",
                        "999999999999999.99", 10**15, 10**30, Raw("-1e400")])
AMOUNTS = st.one_of(HUGE, NUMBERS, STRINGY_NUMBERS, WRONG, st.integers(-10, 10**9))


@st.composite
def mutated(draw: st.DrawFn, base: dict[str, Any], values: dict[str, st.SearchStrategy]) -> dict[str, Any]:
    """`base` with a few fields dropped or set to wrong-typed values (nested ones recursively)."""
    body = dict(base)
    keys = sorted(set(base) | set(values))
    for key in draw(st.lists(st.sampled_from(keys), min_size=1, max_size=3, unique=True)):
        if draw(st.integers(0, 3)) == 0:
            body.pop(key, None)
        else:
            body[key] = draw(values.get(key, WRONG))
    if draw(st.integers(0, 7)) == 0:
        body[draw(TEXT)] = draw(JSON_VALUES)
    return body


ADJUSTMENT = {"description": "x", "amount": 10}
ADJUSTMENTS = st.one_of(
    st.lists(mutated(ADJUSTMENT, {"amount": AMOUNTS, "description": WRONG}), max_size=3), WRONG)
LINE_VALUES: dict[str, st.SearchStrategy] = {
    "line_quantity": AMOUNTS, "line_unit_price": AMOUNTS, "discounts": ADJUSTMENTS,
    "surcharges": ADJUSTMENTS, "taxes": ADJUSTMENTS,
}
LINES = st.one_of(
    st.lists(st.one_of(mutated(LINE, LINE_VALUES), st.dictionaries(TEXT, WRONG, max_size=3), TEXT),
             min_size=1, max_size=4),
    st.lists(st.just(LINE), min_size=1, max_size=3).map(
        lambda lines: [dict(line, line_quantity="1e14", line_unit_price="1e14") for line in lines]),
    WRONG,
)
TRANSACTIONS = st.one_of(st.lists(st.dictionaries(st.sampled_from(["description", "amount", "accounts"]),
                                                  WRONG, max_size=3), max_size=3), WRONG)
FIELD_VALUES: dict[str, st.SearchStrategy] = {
    "amount": AMOUNTS, "minimum_amount": AMOUNTS, "maximum_amount": AMOUNTS,
    "min_amount": AMOUNTS, "max_amount": AMOUNTS, "advance_seconds": AMOUNTS,
    "count": PAGE_VALUES, "status": st.one_of(st.integers(300, 700), WRONG), "delay_ms": PAGE_VALUES,
    "retry_after": PAGE_VALUES, "offset": OFFSETS, "lines": LINES, "transactions": TRANSACTIONS,
    "enable_expiry": st.sampled_from(["true", "false", True, "TRUE", 1]) | WRONG,
}

NESTING = st.integers(1, 20_000)
RAW_BYTES = st.one_of(
    st.binary(max_size=300),
    st.binary(min_size=1, max_size=60).map(lambda b: b'{"amount": "' + b + b'"}'),  # invalid UTF-8 inside
    NESTING.map(lambda n: b"[" * n + b"]" * n),
    NESTING.map(lambda n: b'{"a":' * n + b"1" + b"}" * n),
    NESTING.map(lambda n: b"[" * n),
    st.sampled_from([b"", b" ", b"\r\n", b"null", b"[]", b"{}", b'"text"', b"1", b"true", b"{", b'{"a":',
                     b'{"amount": NaN}', b'{"amount": Infinity}', b'{"amount": 1e400}',
                     b"\xef\xbb\xbf{}", b"\xff\xfe{\x00}\x00", b"{'single': 'quotes'}",
                     b'{"a": 1,}', b'{"a": 1} {"b": 2}', b'{"\xed\xa0\x80": 1}',
                     b'{"amount": 1' + b"0" * 5000 + b"}"]),
)
CONTENT_TYPES = st.sampled_from([
    "application/json", "application/json", "application/json", "application/json; charset=utf-8",
    "APPLICATION/JSON", "application/json; charset=latin-1", "text/plain", "text/json",
    "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/jsonx", "",
    None, None,
])


@st.composite
def wire_bodies(draw: st.DrawFn, ep: Endpoint, world: World) -> bytes:
    """The raw bytes of a body: a mutated valid body, any JSON, an object of wrong fields, or junk."""
    bases = base_bodies(ep, world)
    kind = draw(st.sampled_from(["mutated"] * 4 + ["fields", "json", "raw"] if bases
                                else ["fields", "json", "json", "raw"]))
    if kind == "raw":
        return draw(RAW_BYTES)
    if kind == "mutated":
        value = draw(mutated(draw(st.sampled_from(bases)), FIELD_VALUES))
    elif kind == "fields":
        keys = st.sampled_from(ep.fields) | TEXT if ep.fields else TEXT
        value = draw(st.dictionaries(keys, WRONG, max_size=6))
    else:
        value = draw(JSON_VALUES)
    encoding = draw(st.sampled_from(["json-ascii"] * 3 + ["json-utf8"] * 3 + ["json-utf16", "json-cp1251"]))
    return ENCODINGS[encoding](value)


PATH_IDS = st.one_of(
    st.text(ANY_CHAR, min_size=1, max_size=40),
    st.text(string.printable, min_size=1, max_size=40),
    st.sampled_from(["..", "../..", "../../_sandbox/reset", "%00", "%2e%2e", "%ff%fe", "%zz", "%", "null",
                     "0", "-1", "1e5", "١٢٣", "🙂", "\x00", " ", "a b", "?x=1", "#frag", ";x", "\\",
                     "a/", "'; DROP TABLE payments; --"]),
    # Long, but the request head stays under h11's 16 KiB limit: beyond it uvicorn itself answers
    # a plain-text 400 before the app sees the request.
    st.tuples(st.sampled_from(["x", "я", "9"]), st.integers(100, 2000)).map(lambda t: t[0] * t[1]),
)


@st.composite
def path_ids(draw: st.DrawFn, world: World) -> str:
    """An id as it goes into the URL: percent-encoded, or left raw so `../` and `%` get through."""
    ident = draw(PATH_IDS | st.sampled_from([world.open_invoice, world.paid_invoice, world.payment]).flatmap(
        lambda real: st.sampled_from([real, real.upper(), real + "x", real[:-1], real + "/", " " + real])))
    if draw(st.booleans()):
        return quote(ident, safe="", errors="surrogatepass")
    return quote(ident, safe="/%.?#;\\ ", errors="surrogatepass")


def header_bytes(min_size: int = 0, max_size: int = 120) -> st.SearchStrategy[bytes]:
    """Bytes an HTTP header value may carry (VCHAR, obs-text, SP, HTAB), starting with a visible one."""
    allowed = bytes([9, *range(0x20, 0x7F), *range(0x80, 0x100)])
    return st.binary(min_size=min_size, max_size=max_size).map(
        lambda raw: bytes(allowed[b % len(allowed)] for b in raw).lstrip(b" \t"))


def b64(raw: bytes) -> bytes:
    return base64.b64encode(raw)


BASIC_PAYLOADS = st.one_of(
    st.binary(max_size=60).map(b64),                                     # mostly not UTF-8, no colon
    st.tuples(st.text(ANY_CHAR, max_size=20), st.text(ANY_CHAR, max_size=20)).map(
        lambda up: b64(f"{up[0]}:{up[1]}".encode("utf-8", "surrogatepass"))),
    st.text(ANY_CHAR, max_size=20).map(lambda text: b64(text.encode("utf-8", "surrogatepass"))),
    st.binary(min_size=1, max_size=60).map(lambda raw: b64(raw)[:-1]),  # broken padding
    st.binary(max_size=60).map(base64.urlsafe_b64encode),
    header_bytes(),                                                      # not base64 at all
    st.sampled_from([b"", b"=", b"====", b"\xc3\xa9", b"\xff\xfe", b"\xe9t\xe9", b64(b"\xff\xfe:\x80"),
                     b64(b"TEST_MERCHANT"), b64(b":"), b64(b"TEST_MERCHANT:"), b64(b":123456"),
                     b64(b"TEST_MERCHANT:123456") + b"==", b64(b"TEST_MERCHANT:123456 "),
                     b64(b"TEST_MERCHANT:123456")[:-2], b64("ТЕСТ:пароль".encode()),
                     b64(b"TEST_MERCHANT:123456\x00"), b64(b"\x00:\x00")]),
)
SCHEMES = st.sampled_from([b"Basic", b"Basic", b"basic", b"BASIC", b"Bearer", b"Digest", b"Basic:", b"B\xe1sic",
                           b""])
SEPARATORS = st.sampled_from([b" ", b" ", b"  ", b"\t", b""])


def b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def jwt_like(header: Any, payload: Any, signature: bytes) -> str:
    return ".".join([b64url(dump(header, True).encode()), b64url(dump(payload, True).encode()),
                     b64url(signature)])


SMALL_JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.text(NASTY_CHAR | ANY_CHAR, max_size=20),
                          lambda children: st.lists(children, max_size=4) | st.dictionaries(
                              st.text(max_size=8), children, max_size=4), max_leaves=10)
CLAIMS = {"iss": "pos-app-sandbox", "sub": USERNAME, "sid": "x", "iat": 0, "exp": 4102444800,
          "jti": "x", "typ": "Bearer"}


@st.composite
def bearer_headers(draw: st.DrawFn, world: World, ep: Endpoint) -> tuple[bytes | None, bool]:
    """An Authorization header for a bearer endpoint, and whether it must be refused (401)."""
    right, wrong = ((world.refresh, world.access) if ep.auth == "refresh" else (world.access, world.refresh))
    kind = draw(st.sampled_from(["random", "scheme", "wrong-kind", "tampered", "truncated", "jwt", "none-alg",
                                 "hs256", "missing", "spaces"]))
    value, must_fail = draw(_bearer_headers(world, ep, right, wrong, kind))
    return (value.lstrip(b" \t") or None if value is not None else None), must_fail


@st.composite
def _bearer_headers(draw: st.DrawFn, world: World, ep: Endpoint, right: str, wrong: str,
                    kind: str) -> tuple[bytes | None, bool]:
    if kind == "random":
        return draw(header_bytes()) or None, True
    if kind == "scheme":  # a real token behind a wrong or odd scheme
        scheme = draw(st.sampled_from([b"Basic", b"Token", b"JWT", b"", b"Bearer:", b"Bearer\xa0"]))
        return scheme + draw(SEPARATORS) + right.encode(), scheme not in (b"Bearer",)
    if kind == "wrong-kind":  # a refresh token as an access token, and the other way round
        return b"Bearer " + wrong.encode(), True
    if kind == "tampered":  # may still verify when the flipped bit is padding: no claim either way
        index = draw(st.integers(0, len(right) - 1))
        char = draw(st.sampled_from(string.ascii_letters + string.digits + "-_.=é"))
        return b"Bearer " + (right[:index] + char + right[index + 1:]).encode("utf-8"), False
    if kind == "truncated":
        return b"Bearer " + right[:draw(st.integers(0, len(right) - 1))].encode(), True
    if kind == "jwt":
        header = draw(st.one_of(st.just({"alg": "RS256", "typ": "JWT"}), SMALL_JSON,
                                st.dictionaries(st.sampled_from(["alg", "typ", "kid", "crit", "jku", "x5u"]),
                                                SMALL_JSON, max_size=4)))
        payload = draw(st.one_of(st.just(CLAIMS), SMALL_JSON,
                                 st.dictionaries(st.sampled_from(sorted(CLAIMS)), SMALL_JSON, max_size=3).map(
                                     lambda changes: {**CLAIMS, **changes})))
        return f"Bearer {jwt_like(header, payload, draw(st.binary(max_size=64)))}".encode(), True
    if kind == "none-alg":
        return f"Bearer {jwt_like({'alg': 'none', 'typ': 'JWT'}, CLAIMS, b'')}".encode(), True
    if kind == "hs256":  # algorithm confusion: HS256 signed with something guessable
        return f"Bearer {jwt_like({'alg': 'HS256', 'typ': 'JWT'}, CLAIMS, b'x' * 32)}".encode(), True
    if kind == "missing":
        return draw(st.sampled_from([None, b"Bearer", b"Bearer ", b"Bearer\t"])), True
    return b"Bearer" + draw(st.sampled_from([b"  ", b"\t", b" \t "])) + right.encode() + b"  ", False


def key_paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON value: its keys and indexes, nested ones included."""
    paths = [prefix] if prefix else []
    if isinstance(value, dict):
        for key, item in value.items():
            paths += key_paths(item, prefix + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            paths += key_paths(item, prefix + (index,))
    return paths


def replaced(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    """A copy of `value` with the place at `path` set to `new`."""
    if not path:
        return new
    copy = dict(value) if isinstance(value, dict) else list(value)
    copy[path[0]] = new if len(path) == 1 else replaced(copy[path[0]], path[1:], new)
    return copy


def at(value: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        value = value[step]
    return value


FIELD_VALUE = st.one_of(NUMBERS, STRINGY_NUMBERS, TEXT, WRONG)


# ---------------------------------------------------------------------------
# Reading back what a 200 stored: bad data must not break later answers either
# ---------------------------------------------------------------------------
def read_back(world: World, ep: Endpoint, answer: requests.Response) -> None:
    api, bearer = world.api, {"Authorization": f"Bearer {world.access}", "Content-Type": "application/json"}
    if answer.status_code != 200:
        return

    def post(path: str, body: Any, headers: dict[str, str] | None = None) -> requests.Response:
        return send(api, "POST", api.url + path, body=json.dumps(body).encode(),
                    headers=bearer if headers is None else headers)

    def look_at_invoice(invoice_id: str) -> None:
        send(api, "GET", f"{api.url}/v2/invoice/{quote(invoice_id, safe='')}", headers=bearer)
        post("/v2/invoice/list", {"offset": {"page_number": 1, "page_limit": 100}})
        post("/v2/payment/check", {"object_type": "INVOICE", "object_id": invoice_id})

    def look_at_payment(payment: dict[str, Any]) -> None:
        send(api, "GET", f"{api.url}/v2/payment/{payment['payment_id']}", headers=bearer)
        post("/v2/payment/list", {"object_type": "INVOICE", "object_id": payment["object_id"],
                                  "start_date": "2000-01-01", "end_date": "2199-12-31",
                                  "offset": {"page_number": 1, "page_limit": 100}})
        post("/v2/ebarimt_v3/create", {"payment_id": payment["payment_id"], "ebarimt_receiver_type": "83"})
        look_at_invoice(payment["object_id"])

    if ep.path == "/v2/invoice":
        invoice_id = answer.json()["invoice_id"]
        look_at_invoice(invoice_id)
        paid = post(f"/_sandbox/invoices/{invoice_id}/pay", {"transaction_type": "CARD"}, headers={
            "Content-Type": "application/json"})
        if paid.status_code == 200:
            look_at_payment(paid.json())
    elif ep.path == "/_sandbox/invoices/{id}/pay":
        look_at_payment(answer.json())
    elif ep.path in ("/v2/payment/cancel/{id}", "/v2/payment/refund/{id}"):
        send(api, "GET", f"{api.url}/v2/payment/{world.payment}", headers=bearer)
    elif ep.path == "/_sandbox/merchants/TEST_MERCHANT":
        view = answer.json()
        for amount in (view["min_amount"], view["max_amount"]):
            post("/v2/invoice", simple_invoice(amount=amount))
    elif ep.path == "/_sandbox/clock":
        post("/v2/payment/check", {"object_type": "INVOICE", "object_id": world.paid_invoice})


# ---------------------------------------------------------------------------
# The fuzz tests
# ---------------------------------------------------------------------------
@pytest.mark.parametrize("ep", V2, ids=str)
@fuzz(examples=80)
@given(data=st.data())
def test_v2_bodies(world: World, ep: Endpoint, data: st.DataObject) -> None:
    """Malformed bodies and content types on each of the 14 contract endpoints (real ids, valid auth)."""
    body = data.draw(wire_bodies(ep, world), label="body")
    headers = auth_headers(ep, world)
    content_type = data.draw(CONTENT_TYPES, label="content_type")
    if content_type is not None:
        headers["Content-Type"] = content_type
    answer = send(world.api, ep.method, world.url(ep.path), body=body, headers=headers)
    read_back(world, ep, answer)


@pytest.mark.parametrize("ep", CONTROL, ids=str)
@fuzz(examples=40)
@given(data=st.data())
def test_control_bodies(api: Api, ep: Endpoint, data: st.DataObject) -> None:
    """The control API's bodies. Each example starts from a reset: a valid body may change the
    merchant, move the clock (expiring tokens) or queue faults, so it must not leak into the next."""
    assert api.control("POST", "/reset").status_code == 200
    world = build_world(api)
    body = data.draw(wire_bodies(ep, world), label="body")
    content_type = data.draw(CONTENT_TYPES, label="content_type")
    headers = {"Content-Type": content_type} if content_type is not None else {}
    try:
        answer = send(api, ep.method, world.url(ep.path), body=body, headers=headers)
        read_back(world, ep, answer)
    finally:
        assert api.control("DELETE", "/faults").status_code == 200


WITH_BODY = tuple(ep for ep in ALL if ep.fields)


@fuzz(examples=60)     # the sweep below tries every wrong type on every field; this adds the odd mixes
@given(data=st.data())
def test_one_field_wrong(api: Api, data: st.DataObject) -> None:
    """A valid body with exactly one field (nested ones too: lines, offsets, adjustments) set to a
    wrong-typed, huge, tiny or odd value - or with an odd extra key beside it. Stored results are
    read back. Starts from a reset, since valid control bodies change the merchant, clock or faults."""
    assert api.control("POST", "/reset").status_code == 200
    world = build_world(api)
    ep = data.draw(st.sampled_from(WITH_BODY), label="endpoint")
    base = data.draw(st.sampled_from(base_bodies(ep, world)).filter(bool), label="base")
    path = data.draw(st.sampled_from(key_paths(base)), label="field")
    if isinstance(at(base, path[:-1]), dict) and data.draw(st.integers(0, 5), label="extra_key") == 0:
        body = replaced(base, path[:-1] + (data.draw(TEXT, label="key"),), data.draw(FIELD_VALUE, label="value"))
    else:
        body = replaced(base, path, data.draw(FIELD_VALUES.get(path[-1], FIELD_VALUE), label="value"))
    encoding = data.draw(st.sampled_from(["json-ascii", "json-utf8"]), label="encoding")
    headers = {**auth_headers(ep, world), "Content-Type": "application/json"}
    try:
        answer = send(api, ep.method, world.url(ep.path), body=ENCODINGS[encoding](body), headers=headers)
        read_back(world, ep, answer)
    finally:
        assert api.control("DELETE", "/faults").status_code == 200


# Each wrong type once, in every field: what random drawing finds only now and then.
CONFUSION = (None, True, 0, -1, 1.5, "", "abc", [], {}, [1], {"a": 1}, "\ud800", "x" * 3000, Raw("NaN"),
             Raw("1e400"), Raw("1e99999"), "1e999999999", "1e30", 10**30, "1e14")


@pytest.mark.parametrize("ep", WITH_BODY, ids=str)
def test_every_field_with_every_wrong_type(api: Api, ep: Endpoint) -> None:
    """Deterministic sweep: every field of every valid body (nested ones too) set to each of
    CONFUSION in turn; whatever was stored is read back."""
    assert api.control("POST", "/reset").status_code == 200
    world = build_world(api)
    for base in base_bodies(ep, world):
        for path in key_paths(base):
            for value in CONFUSION:
                headers = {**auth_headers(ep, world), "Content-Type": "application/json"}
                answer = send(api, ep.method, world.url(ep.path), headers=headers,
                              body=dump(replaced(base, path, value), True).encode())
                read_back(world, ep, answer)
                if answer.status_code == 200 and ep.auth == "none":  # the control API changed something
                    assert api.control("POST", "/reset").status_code == 200
                    world = build_world(api)


@pytest.mark.parametrize("ep", WITH_ID, ids=str)
@fuzz(examples=25)
@given(data=st.data())
def test_path_ids(world: World, ep: Endpoint, data: st.DataObject) -> None:
    """Random ids in the path: unicode, very long, `../`, percent-encoded (valid or not)."""
    ident = data.draw(path_ids(world), label="id")
    bodies = base_bodies(ep, world)
    body = json.dumps(data.draw(st.sampled_from(bodies))).encode() if bodies else None
    headers = {**auth_headers(ep, world), "Content-Type": "application/json"}
    send(world.api, ep.method, world.url(ep.path, ident), body=body, headers=headers)


@fuzz(examples=150)
@given(data=st.data())
def test_token_endpoint_authorization(api: Api, data: st.DataObject) -> None:
    """Random HTTP Basic headers on POST /v2/auth/token: never a crash, 401 unless they happen to be right."""
    scheme, separator, payload = (data.draw(SCHEMES, label="scheme"), data.draw(SEPARATORS, label="sep"),
                                  data.draw(BASIC_PAYLOADS, label="payload"))
    value = (scheme + separator + payload).lstrip(b" \t")
    headers = {"Authorization": value} if value else {}
    if data.draw(st.booleans(), label="with_body"):
        headers["Content-Type"] = "application/json"
        body = data.draw(RAW_BYTES, label="body")
    else:
        body = None
    answer = send(api, "POST", f"{api.url}/v2/auth/token", body=body, headers=headers)
    assert answer.status_code in (200, 401), answer.text
    if answer.status_code == 401:
        assert answer.json()["error_code"] in ("NO_CREDENDIALS", "AUTHENTICATION_FAILED")


@fuzz(examples=150)
@given(data=st.data())
def test_bearer_tokens(world: World, data: st.DataObject) -> None:
    """Random, tampered, forged and wrong-kind bearer tokens on every bearer endpoint."""
    ep = data.draw(st.sampled_from(BEARER), label="endpoint")
    value, must_fail = data.draw(bearer_headers(world, ep), label="authorization")
    headers = {"Content-Type": "application/json"}
    if value is not None:
        headers["Authorization"] = value
    bodies = base_bodies(ep, world)
    body = json.dumps(bodies[0]).encode() if bodies else None
    answer = send(world.api, ep.method, world.url(ep.path), body=body, headers=headers)
    if must_fail:
        assert_error(answer, 401, "AUTHENTICATION_FAILED")
    if ep.auth == "refresh" and answer.status_code == 200:
        world.refresh = answer.json()["refresh_token"]  # the old one is spent
        world.access = answer.json()["access_token"]


METHODS = ("GET", "POST", "PUT", "PATCH", "DELETE")
OTHER_ROUTES = {("GET", "/_sandbox/faults"), ("DELETE", "/_sandbox/faults"), ("GET", "/_sandbox/clock")}


@pytest.mark.parametrize("ep", ALL, ids=str)
def test_wrong_methods(world: World, ep: Endpoint) -> None:
    """A method the path does not serve: 405 in the envelope (404 where another route's
    `{id}` takes the last segment, as GET /v2/invoice/list does)."""
    served = {other.method for other in ALL if other.path == ep.path}
    served |= {method for method, path in OTHER_ROUTES if path == ep.path}
    for method in METHODS:
        if method in served:
            continue
        answer = send(world.api, method, world.url(ep.path), body=b"{}",
                      headers={"Content-Type": "application/json", **auth_headers(ep, world)})
        assert answer.status_code in (401, 404, 405), answer.text


def test_body_over_one_mebibyte(world: World) -> None:
    body = b'{"note": "' + b"x" * (1 << 20) + b'"}'
    answer = send(world.api, "POST", world.url("/v2/invoice/list"), body=body,
                  headers={"Authorization": f"Bearer {world.access}", "Content-Type": "application/json"})
    assert_error(answer, 400, "INVALID_JSON")


# ---------------------------------------------------------------------------
# Regressions: one per bug the fuzzing found
# ---------------------------------------------------------------------------
def test_regression_basic_payload_with_non_ascii_characters(api: Api) -> None:
    """A Basic payload with bytes above 0x7f reached `b64decode` as a non-ASCII str, which raises
    a plain ValueError (not binascii.Error): 500 instead of 401 NO_CREDENDIALS (api.py, `token`)."""
    for value in (b"Basic \xc3\xa9", b"Basic \xff\xfe", "Basic é".encode("latin-1")):
        answer = send(api, "POST", f"{api.url}/v2/auth/token", headers={"Authorization": value})
        assert_error(answer, 401, "NO_CREDENDIALS")


def test_regression_lone_surrogates_are_refused(world: World) -> None:
    """`\\ud800` is valid JSON syntax but not Unicode: the sandbox took it, then could not encode an
    answer holding it (http.py, SandboxJSON.render) - a 500 for an unknown-field message at once,
    or for every later get/list of a stored invoice. Now the body is refused as INVALID_JSON."""
    json_headers = {"Content-Type": "application/json"}
    for path in ("/_sandbox/faults", "/_sandbox/merchants/TEST_MERCHANT"):
        answer = send(world.api, "POST" if "faults" in path else "PATCH", world.url(path),
                      body=b'{"\\ud800": 1}', headers=json_headers)
        assert_error(answer, 400, "INVALID_JSON")
    bearer = {**json_headers, "Authorization": f"Bearer {world.access}"}
    for body in (json.dumps(simple_invoice(invoice_description="\ud800")).encode(),
                 dump(simple_invoice(sender_invoice_no="\udfff"), False).encode("utf-8", "surrogatepass")):
        answer = send(world.api, "POST", world.url("/v2/invoice"), body=body, headers=bearer)
        assert_error(answer, 400, "INVALID_JSON")
    # A paired surrogate is an ordinary character and still welcome.
    answer = send(world.api, "POST", world.url("/v2/invoice"), headers=bearer,
                  body=json.dumps(simple_invoice(invoice_description="\ud83d\ude00 coffee")).encode())
    assert answer.status_code == 200
    listed = send(world.api, "POST", world.url("/v2/invoice/list"), headers=bearer,
                  body=b'{"offset": {"page_number": 1, "page_limit": 100}}')
    assert "\U0001F600 coffee" in [row["invoice_description"] for row in listed.json()["rows"]]


def test_regression_pay_with_a_non_string_bank(world: World) -> None:
    """`bank` as a list or object: `bank_key not in BANKS_BY_KEY` raised TypeError (unhashable),
    a 500 from POST /_sandbox/invoices/{id}/pay (payments.py, pay_invoice)."""
    for bank in ([], {}, ["khanbank"], {"key": "khanbank"}):
        answer = send(world.api, "POST", world.url("/_sandbox/invoices/{id}/pay"),
                      body=json.dumps({"bank": bank}).encode(), headers={"Content-Type": "application/json"})
        assert_error(answer, 400, "INVALID_PARAMETERS")


def test_regression_huge_numbers_are_refused_before_any_arithmetic(world: World) -> None:
    """Numbers with huge exponents passed validation and broke the Decimal arithmetic later, each a
    500, some only on a later read of what was stored:
    - `quantity * price` overflowed (taxes.py, line_total), `cents()` could not quantize more than
      28 digits (invoices.py create_invoice and invoice_detail, payments.py pay_invoice);
    - a stored `maximum_amount` of 1e99999 became a 100,000-digit int in GET /v2/invoice/{id};
    - a merchant `max_amount` of 1e120 let an invoice amount overflow the QR's 99-character field.
    Now numbers from 10^15 up are refused (validate.py: to_decimal gives None, amount_field gives
    MAX_AMOUNT_ERR as before), and so are lines whose total reaches 10^15 (invoices.py, _lines)."""
    bearer = {"Authorization": f"Bearer {world.access}", "Content-Type": "application/json"}
    control = {"Content-Type": "application/json"}

    def create(**fields: Any) -> requests.Response:
        body = dump(simple_invoice(**fields), True).encode()
        return send(world.api, "POST", world.url("/v2/invoice"), body=body, headers=bearer)

    assert_error(create(lines=[dict(LINE, line_quantity="1e999999999")]), 400, "INVALID_PARAMETERS")
    assert_error(create(amount=None, tax_type="VAT_ABLE", district_code="3505",
                        lines=[dict(LINE, line_quantity="1e30")]), 400, "INVALID_PARAMETERS")
    # The stated amount is fine, but the lines' total would have broken GET /v2/invoice/{id}.
    assert_error(create(lines=[dict(LINE, line_quantity="1e14", line_unit_price="1e14")]),
                 400, "INVALID_PARAMETERS")
    assert_error(create(maximum_amount="1e99999"), 400, "INVALID_PARAMETERS")
    for amount in ("1e400", "1e999999999", 10**30, "1e15", Raw("1e300")):
        assert_error(create(amount=amount), 400, "MAX_AMOUNT_ERR")
    open_ended = create(sender_invoice_no="T1-20261121-0003", allow_exceed=True).json()["invoice_id"]
    answer = send(world.api, "POST", world.url("/_sandbox/invoices/{id}/pay", open_ended),
                  body=b'{"amount": "1e30"}', headers=control)
    assert_error(answer, 400, "MAX_AMOUNT_ERR")
    for limit in (b'{"max_amount": "1e120"}', b'{"max_amount": 1e15}', b'{"min_amount": "1e400"}'):
        answer = send(world.api, "PATCH", world.url("/_sandbox/merchants/TEST_MERCHANT"), body=limit,
                      headers=control)
        assert_error(answer, 400, "INVALID_PARAMETERS")
    # Just below the bound still works end to end: create, get, list, pay, receipt.
    answer = send(world.api, "PATCH", world.url("/_sandbox/merchants/TEST_MERCHANT"),
                  body=b'{"max_amount": 999999999999999.99}', headers=control)
    assert Decimal(answer.json()["max_amount"]) == Decimal("999999999999999.99")
    created = create(sender_invoice_no="T1-20261121-0004", amount="999999999999999.99")
    assert created.status_code == 200, created.text
    read_back(world, V2[2], created)


def test_regression_huge_json_numbers_in_echoed_objects(world: World) -> None:
    """`transactions` and the sender/receiver objects are stored as sent and echoed by GET
    /v2/invoice/{id}. A JSON number like 1e99999 in them parsed to a Decimal that rendered as an
    int of 100,000 digits: ValueError, 500 (http.py, _json_default); 1e999999999 would have kept
    the server busy for minutes building a billion-digit int. JSON numbers beyond a double's
    range are now refused as INVALID_JSON (http.py, _parse_float); strings are left to the fields."""
    bearer = {"Authorization": f"Bearer {world.access}", "Content-Type": "application/json"}
    for number in ("1e99999", "1e999999999", "1e400", "-1e400", "1" + "0" * 400 + ".5"):
        for fields in ({"transactions": [{"description": "x", "amount": Raw(number), "accounts": []}]},
                       {"sender_branch_data": {"register": Raw(number)}}, {"amount": Raw(number)}):
            body = dump(simple_invoice(**fields), True).encode()
            answer = send(world.api, "POST", world.url("/v2/invoice"), body=body, headers=bearer)
            assert_error(answer, 400, "INVALID_JSON")
    # Within a double's range they are still echoed, as numbers.
    body = dump(simple_invoice(transactions=[{"amount": Raw("1e300")}, {"amount": Raw("0.1")}]), True)
    created = send(world.api, "POST", world.url("/v2/invoice"), body=body.encode(), headers=bearer)
    detail = send(world.api, "GET", world.url("/v2/invoice/{id}", created.json()["invoice_id"]), headers=bearer)
    assert detail.json()["transactions"] == [{"amount": 10**300}, {"amount": 0.1}]
