"""Invoice and ebarimt request builders: validated on construction, exact on the wire."""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any

import pytest
from pydantic import ValidationError

from pos_app.qpay import (
    EbarimtInvoice,
    EbarimtRequest,
    FullInvoice,
    InvoiceLine,
    InvoiceTransaction,
    LineAdjustment,
    PartyData,
    SenderBranchData,
    SimpleInvoice,
)

BASE: dict[str, Any] = {
    "invoice_code": "TEST_INVOICE",
    "sender_invoice_no": "T1-0001",
    "invoice_receiver_code": "terminal",
    "invoice_description": "Sale",
    "callback_url": "https://shop.example/qpay/callback",
}


def line(**fields: Any) -> InvoiceLine:
    values: dict[str, Any] = {
        "tax_product_code": "6401",
        "line_description": "Coffee",
        "line_quantity": "2",
        "line_unit_price": "4500.50",
    }
    values.update(fields)
    return InvoiceLine(**values)


def test_simple_invoice_payload_has_exactly_the_six_fields() -> None:
    payload = SimpleInvoice(**BASE, amount="12500").to_payload()
    assert payload == {**BASE, "amount": 12500}
    assert json.dumps(payload)  # plain JSON types only


@pytest.mark.parametrize(
    ("given", "wire"),
    [
        ("12500", "12500"),
        ("12500.50", "12500.5"),
        (Decimal("0.01"), "0.01"),
        (19.99, "19.99"),
        ("999999999999.99", "999999999999.99"),
    ],
)
def test_amount_goes_out_as_an_exact_json_number(given: Any, wire: str) -> None:
    text = json.dumps(SimpleInvoice(**BASE, amount=given).to_payload())
    assert f'"amount": {wire}' in text
    assert Decimal(wire) == Decimal(str(given))


@pytest.mark.parametrize("amount", ["0", "-1", "12.345", "abc", "", True, float("nan"), "1e13"])
def test_bad_amounts_are_refused_before_sending(amount: Any) -> None:
    with pytest.raises(ValidationError):
        SimpleInvoice(**BASE, amount=amount)


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("sender_invoice_no", "x" * 46),
        ("sender_invoice_no", ""),
        ("invoice_description", "x" * 256),
        ("callback_url", "https://e/" + "x" * 250),
        ("callback_url", "ftp://shop.example/cb"),
        ("invoice_code", " "),
    ],
)
def test_lengths_and_formats_are_checked(field: str, value: str) -> None:
    with pytest.raises(ValidationError):
        SimpleInvoice(**{**BASE, field: value}, amount=100)


def test_limits_at_the_edge_are_accepted() -> None:
    SimpleInvoice(**{**BASE, "sender_invoice_no": "x" * 45, "invoice_description": "y" * 255}, amount=1)


def test_unknown_fields_are_refused_on_requests() -> None:
    with pytest.raises(ValidationError):
        SimpleInvoice(**BASE, amount=100, ammount=100)  # type: ignore[call-arg]


def test_full_invoice_wire_types_follow_the_contract() -> None:
    invoice = FullInvoice(
        **BASE,
        amount="9001",
        enable_expiry=True,
        allow_partial=True,
        minimum_amount="1000",
        allow_exceed=False,
        note="table 4",
        sender_branch_data=SenderBranchData(register="5395305", name="Branch", address={"city": "UB"}),
        invoice_receiver_data=PartyData(register="УУ12345678", name="Bat"),
        transactions=[
            InvoiceTransaction(
                description="split",
                amount="9001.00",
                accounts=[{"account_bank_code": "050000", "account_number": "5000123456", "account_name": "Shop"}],
            )
        ],
        lines=[line(taxes=[LineAdjustment(description="VAT", amount="818.27")])],
    )
    payload = invoice.to_payload()
    assert payload["enable_expiry"] == "true"  # a string, not a boolean
    assert payload["allow_partial"] is True
    assert payload["minimum_amount"] == 1000
    assert payload["transactions"][0]["amount"] == "9001.00"  # string per the contract
    assert payload["transactions"][0]["accounts"][0]["account_currency"] == "MNT"
    assert payload["lines"][0]["line_quantity"] == "2"
    assert payload["lines"][0]["line_unit_price"] == "4500.50"
    assert payload["lines"][0]["taxes"] == [{"description": "VAT", "amount": 818.27}]
    assert payload["sender_branch_data"] == {"register": "5395305", "name": "Branch", "address": {"city": "UB"}}
    assert "maximum_amount" not in payload  # unset fields are left out


def test_enable_expiry_accepts_only_true_or_false() -> None:
    assert FullInvoice(**BASE, amount=1, enable_expiry="false").to_payload()["enable_expiry"] == "false"
    with pytest.raises(ValidationError):
        FullInvoice(**BASE, amount=1, enable_expiry="yes")


def test_full_invoice_limits_are_consistent() -> None:
    with pytest.raises(ValidationError):
        FullInvoice(**BASE, amount=100, minimum_amount=101)
    with pytest.raises(ValidationError):
        FullInvoice(**BASE, amount=100, maximum_amount=99)
    with pytest.raises(ValidationError):
        FullInvoice(**BASE, amount=100, minimum_amount=0)


def test_line_validation() -> None:
    with pytest.raises(ValidationError):
        line(line_quantity="0")
    with pytest.raises(ValidationError):
        line(line_unit_price="-1")
    with pytest.raises(ValidationError):
        line(line_description="")
    assert line(line_unit_price="0").total == Decimal("0.00")
    assert line().total == Decimal("9001.00")


def test_ebarimt_invoice_needs_lines_with_tax_codes_and_has_no_amount() -> None:
    invoice = EbarimtInvoice(**BASE, tax_type="1", district_code="3505", lines=[line()])
    payload = invoice.to_payload()
    assert "amount" not in payload
    assert payload["tax_type"] == "1" and payload["district_code"] == "3505"
    assert invoice.expected_amount == Decimal("9001.00")
    with pytest.raises(ValidationError):
        EbarimtInvoice(**BASE, tax_type="1", district_code="3505", lines=[])
    with pytest.raises(ValidationError):
        EbarimtInvoice(**BASE, tax_type="1", district_code="3505", lines=[line(tax_product_code=None)])
    with pytest.raises(ValidationError):
        EbarimtInvoice(**BASE, district_code="3505", lines=[line()])  # type: ignore[call-arg]


@pytest.mark.parametrize(
    ("kind", "receiver", "ok"),
    [
        ("84", "1234567", True),
        ("84", None, False),
        ("84", "123456", False),
        ("84", "УУ12345678", False),
        ("COMPANY", "1234567", True),
        (84, "1234567", True),
        ("83", None, True),
        ("83", "", True),
        ("83", "99112233", True),
        ("CITIZEN", "УУ12345678", True),
        ("83", "not a register", False),
        ("85", None, False),
    ],
)
def test_ebarimt_request_receiver_rules(kind: Any, receiver: str | None, ok: bool) -> None:
    if ok:
        payload = EbarimtRequest(payment_id="p1", ebarimt_receiver_type=kind, ebarimt_receiver=receiver).to_payload()
        assert payload["ebarimt_receiver_type"] in ("83", "84")  # the contract's codes on the wire
    else:
        with pytest.raises(ValidationError):
            EbarimtRequest(payment_id="p1", ebarimt_receiver_type=kind, ebarimt_receiver=receiver)


def test_requests_are_frozen() -> None:
    invoice = SimpleInvoice(**BASE, amount=100)
    with pytest.raises(ValidationError):
        invoice.amount = Decimal(0)  # type: ignore[misc]


def test_a_line_whose_quantity_times_price_is_out_of_range_is_refused_not_an_arithmetic_error() -> None:
    with pytest.raises(ValidationError, match="too large"):
        InvoiceLine(line_description="Сүү", line_quantity="999999999999999", line_unit_price="999999999999.99")
