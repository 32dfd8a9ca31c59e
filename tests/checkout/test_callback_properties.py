"""Property tests of incoming payment callbacks: `parse_callback` and the local `CallbackReceiver`.

Whatever a caller sends (any body, content type, query, method), `parse_callback` gives a hint with one
well-formed identifier or a `ValueError`, and the receiver answers over real HTTP with 200 ``SUCCESS``
(and exactly that hint) or a 4xx: never a dropped connection, never a hint from a malformed callback.
"""

from __future__ import annotations

import json
import re
import string
import threading
from collections.abc import Iterator
from typing import Any
from urllib.parse import quote, urlencode

import pytest
import requests
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from pos_app.checkout.callback_receiver import CallbackReceiver
from pos_app.qpay import CALLBACK_ACK, CallbackHint, parse_callback

PROPERTY = settings(max_examples=150, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
OVER_HTTP = settings(PROPERTY, max_examples=60)
WELL_FORMED = re.compile(r"[A-Za-z0-9._:-]{1,128}")
IDS = st.text(string.ascii_letters + string.digits + "._:-", min_size=1, max_size=128)
JUNK_IDS = (st.text(max_size=20) | st.sampled_from(["", " ", "a" * 129, "../x", "a b", "a\nb", "a/b", "ид"])
            | st.integers() | st.none() | st.booleans() | st.lists(IDS, max_size=2) | st.floats())
JSON_VALUES = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=10),
                           lambda inner: st.lists(inner, max_size=3)
                           | st.dictionaries(st.text(max_size=5), inner, max_size=3), max_leaves=6)


@st.composite
def bodies(draw: st.DrawFn) -> bytes:
    kind = draw(st.integers(0, 3))
    if kind == 0:
        data: dict[str, Any] = draw(st.dictionaries(st.text(max_size=6), JSON_VALUES, max_size=3))
        if draw(st.booleans()):
            data["invoice_id"] = draw(IDS | JUNK_IDS)
        raw = json.dumps(data).encode()
        return raw[: draw(st.integers(0, len(raw)))] if draw(st.integers(0, 3)) == 0 else raw
    if kind == 1:
        return json.dumps(draw(JSON_VALUES)).encode()
    if kind == 2:
        return draw(st.binary(max_size=100))
    return draw(st.text(max_size=60)).encode("utf-8", "surrogatepass")


@st.composite
def queries(draw: st.DrawFn) -> str:
    pairs = draw(st.lists(st.tuples(st.sampled_from(["qpay_payment_id", "pay_payment_id", "invoice_id", "x", ""]),
                                    st.text(max_size=20) | IDS), max_size=3))
    query = urlencode(pairs)
    return draw(st.sampled_from([query, "?" + query, query.replace("=", ""), quote(query)]))


def assert_well_formed(hint: CallbackHint) -> None:
    ids = [value for value in (hint.invoice_id, hint.payment_id) if value is not None]
    assert len(ids) == 1 and WELL_FORMED.fullmatch(ids[0]), hint


# -- parse_callback ---------------------------------------------------------------------------------------------

@PROPERTY
@given(st.none() | bodies() | st.dictionaries(st.sampled_from(["invoice_id", "x"]), IDS | JUNK_IDS, max_size=2),
       st.none() | queries() | st.dictionaries(st.sampled_from(["qpay_payment_id", "pay_payment_id"]),
                                               IDS | JUNK_IDS, max_size=2))
@example(b'{"invoice_id": "INV-1\\n"}', None)
@example(None, "qpay_payment_id=%0APAY-1%0A")
@example(b'{"invoice_id": ' + b"1" * 5000 + b"}", None)       # json refuses ints of over 4300 digits
@example(b"\xff\xfe{\x00}\x00", None)                           # UTF-16 by its BOM, then junk
def test_a_callback_is_one_well_formed_id_or_a_value_error(body: Any, query: Any) -> None:
    try:
        hint = parse_callback(body=body, query=query)
    except ValueError as error:     # ValueError only: the receiver turns it into a 400
        assert str(error).strip()
        return
    assert_well_formed(hint)


@PROPERTY
@given(IDS, st.text(" \t\n", max_size=2), st.sampled_from(["qpay_payment_id", "pay_payment_id", "invoice_id"]))
def test_a_well_formed_callback_gives_its_id(identifier: str, blanks: str, key: str) -> None:
    if key == "invoice_id":
        hint = parse_callback(body=json.dumps({"invoice_id": blanks + identifier + blanks}).encode())
        assert hint == CallbackHint(invoice_id=identifier)
    else:
        hint = parse_callback(query=urlencode({key: blanks + identifier}))
        assert hint == CallbackHint(payment_id=identifier)


# -- the receiver over real HTTP --------------------------------------------------------------------------------

class Collected:
    def __init__(self) -> None:
        self.hints: list[CallbackHint] = []
        self._changed = threading.Condition()

    def __call__(self, hint: CallbackHint) -> None:
        with self._changed:
            self.hints.append(hint)
            self._changed.notify_all()

    def wait_for(self, count: int) -> list[CallbackHint]:
        with self._changed:
            assert self._changed.wait_for(lambda: len(self.hints) >= count, 10), self.hints
            return list(self.hints)


@pytest.fixture(scope="module")
def running() -> Iterator[tuple[CallbackReceiver, Collected]]:
    collected = Collected()
    with CallbackReceiver(on_hint=collected) as receiver:
        yield receiver, collected


@pytest.fixture(scope="module")
def http() -> Iterator[requests.Session]:
    session = requests.Session()
    session.trust_env = False
    yield session
    session.close()


CONTENT_TYPES = st.sampled_from([None, "application/json", "application/json; charset=utf-8",
                                 "application/problem+json", "text/plain", "application/x-www-form-urlencoded",
                                 "", "APPLICATION/JSON"])


@OVER_HTTP
@given(st.sampled_from(["POST", "GET", "PUT", "DELETE", "PATCH"]), CONTENT_TYPES, bodies(),
       st.none() | queries())
@example("POST", "application/json", b'{"invoice_id": "INV-1"}', None)
@example("GET", None, b"", "qpay_payment_id=PAY-1")
def test_the_receiver_answers_every_request_with_success_or_a_4xx(
        running: tuple[CallbackReceiver, Collected], http: requests.Session, method: str,
        content_type: str | None, body: bytes, query: str | None) -> None:
    receiver, collected = running
    before = len(collected.hints)
    headers = {"Content-Type": content_type} if content_type is not None else {}
    url = receiver.url + ("?" + query.lstrip("?") if query else "")
    answer = http.request(method, url, data=body, headers=headers, timeout=10)   # never a dropped connection
    if answer.status_code == 200:
        assert answer.text == CALLBACK_ACK
        expected = parse_callback(body=None if method == "GET" else body, query=query)
        assert collected.wait_for(before + 1)[before] == expected
    else:
        assert answer.status_code in (400, 405, 411, 413, 415), answer.status_code
        assert "error" in answer.json()


# -- thousands of nested brackets -----------------------------------------------------------------------------

def test_a_deeply_nested_body_is_a_value_error() -> None:
    with pytest.raises(ValueError):
        parse_callback(body=b"[" * 50_000)


def test_the_receiver_answers_a_deeply_nested_body_with_400(running: tuple[CallbackReceiver, Collected],
                                                            http: requests.Session) -> None:
    receiver, _ = running
    answer = http.post(receiver.url, data=b"[" * 50_000, headers={"Content-Type": "application/json"}, timeout=10)
    assert answer.status_code == 400
