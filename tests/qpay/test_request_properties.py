"""Property tests of the request models (what the till sends) and of the `Retry-After` header reader.

A request model is built, with every amount going out as the exact decimal it was given, or refused with a
pydantic `ValidationError` before anything is sent: never another exception, never a float's rounding,
never a body that takes forever to write. `parse_retry_after` reads any header as seconds or nothing.
"""

from __future__ import annotations

import json
import re
import time
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from pos_app.qpay.builders import EbarimtRequest, FullInvoice, InvoiceLine
from pos_app.qpay.fields import MAX_WIRE_AMOUNT
from pos_app.qpay.retry import parse_retry_after

from .helpers import simple_invoice

PROPERTY = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
CENTS = st.decimals(min_value=Decimal("0.01"), max_value=MAX_WIRE_AMOUNT, places=2)
ANY_AMOUNT = (CENTS | CENTS.map(str) | CENTS.map(float) | st.integers(-10, 10**13) | st.text(max_size=12)
              | st.decimals(allow_nan=True, allow_infinity=True) | st.floats() | st.booleans() | st.none()
              | st.sampled_from(["1e999999999", "1E+999999999999999999", "1e-999999999", "0.001", "9" * 5000,
                                 " 12.50 ", "12,50", "-0.00", "0"]))


def exact_json(payload: dict[str, Any]) -> dict[str, Any]:
    """The body as the service reads it: JSON text, fractions as Decimal."""
    return json.loads(json.dumps(payload), parse_float=Decimal)


@PROPERTY
@given(ANY_AMOUNT)
@example(0.1)
@example(19.99)
@example("1E+999999999999999999")   # `format(..., "f")` / int() of it would never end
def test_an_invoice_amount_goes_out_exactly_or_is_refused(amount: Any) -> None:
    started = time.perf_counter()
    try:
        invoice = simple_invoice(amount=amount)
    except ValidationError:
        assert time.perf_counter() - started < 2
        return
    sent = exact_json(invoice.to_payload())["amount"]
    # A JSON number whose text is exactly the decimal: 0.1 goes out as 0.1, never as 0.1000000000000000055.
    assert Decimal(sent) == invoice.amount == Decimal(str(amount))
    assert Decimal("0") < invoice.amount <= MAX_WIRE_AMOUNT and invoice.amount.as_tuple().exponent >= -2


@PROPERTY
@given(ANY_AMOUNT, ANY_AMOUNT)
@example("1e-999999999", "1")
@example("999999999999999", "999999999999.99")
def test_a_line_goes_out_exactly_or_is_refused(quantity: Any, price: Any) -> None:
    started = time.perf_counter()
    try:
        line = InvoiceLine(line_description="Milk", line_quantity=quantity, line_unit_price=price,
                           tax_product_code="8401")
        body = line.to_payload()
    except ValidationError:
        return
    finally:
        assert time.perf_counter() - started < 2
    # Strings on the wire, with every digit: "0.001" stays "0.001", never "0.0010000000000000000208".
    assert Decimal(body["line_quantity"]) == line.line_quantity == Decimal(str(quantity).strip())
    assert Decimal(body["line_unit_price"]) == line.line_unit_price == Decimal(str(price).strip())
    assert re.fullmatch(r"-?[0-9]+(\.[0-9]+)?", body["line_quantity"]) and len(body["line_quantity"]) < 64


@PROPERTY
@given(CENTS, st.none() | CENTS, st.none() | CENTS)
def test_full_invoice_limits_are_kept_or_refused(amount: Decimal, minimum: Decimal | None,
                                                 maximum: Decimal | None) -> None:
    try:
        invoice = FullInvoice(**simple_invoice(amount=amount).model_dump(), minimum_amount=minimum,
                              maximum_amount=maximum)
    except ValidationError:
        assert (minimum is not None and minimum > amount) or (maximum is not None and maximum < amount)
        return
    sent = exact_json(invoice.to_payload())
    assert sent["amount"] == amount
    if minimum is not None:
        assert sent["minimum_amount"] == minimum <= amount
    if maximum is not None:
        assert sent["maximum_amount"] == maximum >= amount


RECEIVERS = (st.none() | st.text(max_size=12) | st.from_regex(r"[0-9]{7,8}", fullmatch=True)
             | st.from_regex(r"[А-ЯЁӨҮ]{2}[0-9]{8}", fullmatch=True) | st.sampled_from(["1234567\n", " 1234567 "]))


@PROPERTY
@given(st.sampled_from(["83", "84", "CITIZEN", "COMPANY", "citizen", 83, 84, "85", "", None, True]), RECEIVERS)
def test_an_ebarimt_request_names_a_valid_receiver_or_is_refused(kind: Any, receiver: str | None) -> None:
    try:
        request = EbarimtRequest(payment_id="PAY-1", ebarimt_receiver_type=kind, ebarimt_receiver=receiver)
    except ValidationError:
        return
    stripped = (request.ebarimt_receiver or "").strip()
    if request.ebarimt_receiver_type == "84":
        assert re.fullmatch(r"[0-9]{7}", stripped)
    else:
        assert request.ebarimt_receiver_type == "83"
        assert stripped == "" or re.fullmatch(r"[0-9]{8}|[А-ЯЁӨҮ]{2}[0-9]{8}", stripped)


@PROPERTY
@given(st.text(max_size=40) | st.from_regex(r"-?[0-9]{1,5}(\.[0-9]{1,3})?", fullmatch=True)
       | st.datetimes().map(lambda moment: moment.strftime("%a, %d %b %Y %H:%M:%S GMT"))
       | st.sampled_from(["1e400", "nan", "inf", "-inf", "Sat, 01 Jan 10000 00:00:00 GMT", "Mon, 99 Jan 2020"]))
@example("Fri, 31 Dec 9999 23:59:59 -2359")
def test_retry_after_is_seconds_or_nothing(header: str) -> None:
    seconds = parse_retry_after(header, now=1_700_000_000.0)
    assert seconds is None or (isinstance(seconds, float) and seconds >= 0)


@pytest.mark.parametrize("value", ["1e999999999", "1E+999999999999999999", "1e-999999999"])
def test_an_absurd_line_quantity_is_refused_at_once(value: str) -> None:
    # Found by the line property: a quantity of 1E+999999999999999999 passed (it is above 0), and writing
    # the body (`format(q, "f")`) would never have ended.
    started = time.perf_counter()
    with pytest.raises(ValidationError, match="line_quantity"):
        InvoiceLine(line_description="Milk", line_quantity=value, line_unit_price="1")
    assert time.perf_counter() - started < 2
