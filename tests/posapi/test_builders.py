"""Receipt bodies built from sale lines: exact Decimal totals, the spec's schema, B2C/B2B, payments."""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from pos_app.domain.taxes import TaxRates
from pos_app.posapi import (
    CardData,
    PaymentEntry,
    ReceiptLine,
    ReceiptRequest,
    ReceiptType,
    TaxType,
    VoidRequest,
    build_receipt,
    line_taxes,
)

from .helpers import POS, bread, cash, operation, request_schema, schema_problems


def _payload(**kwargs: Any) -> dict[str, Any]:
    kwargs.setdefault("bill_id_suffix", "000001")
    lines = kwargs.pop("lines", [bread()])
    payments = kwargs.pop("payments", cash(5600))
    return build_receipt(POS, lines, payments, **kwargs).to_payload()


def test_the_b2c_example_of_the_spec_comes_out_of_one_line() -> None:
    # The spec's B2C_RECEIPT example: 5600 with VAT 500 and city tax 100 (2 %), one CASH payment.
    body = _payload()
    assert schema_problems(body, request_schema()) == []
    assert (body["type"], body["totalAmount"], body["totalVAT"], body["totalCityTax"]) == ("B2C_RECEIPT", 5600, 500,
                                                                                             100)
    sub = body["receipts"][0]
    assert (sub["taxType"], sub["totalAmount"], sub["totalVAT"], sub["totalCityTax"]) == ("VAT_ABLE", 5600, 500, 100)
    item = sub["items"][0]
    assert (item["qty"], item["unitPrice"], item["totalAmount"], item["totalVAT"], item["totalCityTax"]) == (
        1, 5600, 5600, 500, 100)
    assert body["payments"] == [{"code": "CASH", "status": "PAID", "paidAmount": 5600, "data": None}]
    assert body["billIdSuffix"] == "000001" and body["customerTin"] is None


def test_the_spec_formula_example_1120() -> None:
    # "1000 + 100 + 20 = 1120": VAT = 1120 / 1.12 × 0.10, city tax = 1120 / 1.12 × 0.02.
    taxes = line_taxes(bread(unit_price=Decimal(1120)))
    assert (taxes.vat, taxes.city_tax) == (Decimal("100.00"), Decimal("20.00"))
    one_percent = line_taxes(bread(unit_price=Decimal(5550)), TaxRates(city=Decimal("0.01")))
    assert (one_percent.vat, one_percent.city_tax) == (Decimal("500.00"), Decimal("50.00"))  # "Example 1"


def test_b2b_with_customer_tin_matches_the_schema() -> None:
    line = bread(tax_type=TaxType.VAT_FREE, tax_product_code="320", unit_price=Decimal(5000), city_taxed=False)
    body = _payload(lines=[line], payments=cash(5000), customer_tin="110718991986")
    assert schema_problems(body, request_schema()) == []
    assert body["type"] == "B2B_RECEIPT" and body["customerTin"] == "110718991986" and body["consumerNo"] is None
    assert body["receipts"][0]["taxType"] == "VAT_FREE" and body["totalVAT"] == 0


def test_one_sub_receipt_per_tax_type_and_totals_add_up() -> None:
    lines = [bread(), bread(name="Сүү", qty=Decimal(2), unit_price=Decimal("2499.99"), city_taxed=False),
             bread(name="Эм", tax_type=TaxType.VAT_FREE, tax_product_code="304", unit_price=Decimal(1000),
                   city_taxed=False, lot_no="L-77")]
    body = _payload(lines=lines, payments=[PaymentEntry.cash(Decimal("5000")), PaymentEntry.card(Decimal("6599.98"))])
    assert schema_problems(body, request_schema()) == []
    assert [sub["taxType"] for sub in body["receipts"]] == ["VAT_ABLE", "VAT_FREE"]
    assert body["totalAmount"] == 5600 + 4999.98 + 1000
    milk = body["receipts"][0]["items"][1]
    assert (milk["totalAmount"], milk["totalVAT"], milk["totalCityTax"]) == (4999.98, 454.54, 0)
    assert body["receipts"][1]["items"][0]["data"] == {"lotNo": "L-77"}


def test_a_discounted_line_computes_taxes_inside_its_own_total() -> None:
    body = _payload(lines=[bread(qty=Decimal(2), total=Decimal("10000"))], payments=cash(10000))
    item = body["receipts"][0]["items"][0]
    assert (item["totalAmount"], item["totalVAT"], item["totalCityTax"]) == (10000, 892.86, 178.57)


def test_weighed_goods_round_half_up_to_the_cent() -> None:
    # 0.333 kg × 1234.50 = 411.0885 -> 411.09
    body = _payload(lines=[bread(qty=Decimal("0.333"), unit_price=Decimal("1234.50"), measure_unit="кг",
                                 city_taxed=False)], payments=cash("411.09"))
    assert body["totalAmount"] == 411.09 and body["receipts"][0]["items"][0]["qty"] == 0.333
    assert body["totalVAT"] == 37.37   # 411.09 / 1.1 × 0.1 = 37.3718...


def test_card_and_non_cash_payments() -> None:
    card = CardData(terminalID="11111", rrn="123456789123", maskedCardNumber="123456XXXXXX7890", easy=True)
    body = _payload(payments=[PaymentEntry.cash(Decimal(4000)), PaymentEntry.card(Decimal(600), card),
                              PaymentEntry.non_cash(Decimal(1000), exchange_code="QPAY")])
    assert schema_problems(body, request_schema()) == []
    assert body["payments"][1] == {"code": "PAYMENT_CARD", "status": "PAID", "paidAmount": 600, "data": {
        "terminalID": "11111", "rrn": "123456789123", "maskedCardNumber": "123456XXXXXX7890", "easy": True}}
    assert body["payments"][2] == {"code": "PAYMENT_CARD", "status": "PAID", "paidAmount": 1000,
                                   "exchangeCode": "QPAY", "data": None}


def test_the_body_is_plain_json_with_exact_numbers() -> None:
    body = _payload(lines=[bread(unit_price=Decimal("5600.10"))], payments=cash("5600.10"))
    text = json.dumps(body)
    assert '"totalAmount": 5600.1' in text and json.loads(text) == body


@pytest.mark.parametrize(("changes", "message"), [
    ({"payments": cash(5000)}, "payments do not add up"),
    ({"customer_tin": "123"}, "customerTin"),
    ({"customer_tin": "110718991986", "consumer_no": "10038071"}, "consumerNo is for B2C"),
    ({"consumer_no": "1003"}, "consumerNo"),
    ({"bill_id_suffix": ""}, "billIdSuffix"),
    ({"bill_id_suffix": "12-3"}, "billIdSuffix"),
    ({"lines": [bread(tax_type=TaxType.VAT_ZERO, city_taxed=False)]}, "taxProductCode"),
    ({"lines": [bread(classification_code="12")]}, "classificationCode"),
    ({"lines": [bread(unit_price=Decimal("-1"))], "payments": cash(0)}, "amount"),
    ({"lines": [bread(unit_price=Decimal("1.005"))], "payments": cash(1)}, "decimals"),
])
def test_bodies_the_service_would_refuse_are_refused_at_the_till(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        _payload(**changes)


def test_no_lines_is_refused() -> None:
    with pytest.raises(ValueError, match="at least one line"):
        build_receipt(POS, [], cash(0), bill_id_suffix="1")


def test_a_hand_made_request_that_does_not_add_up_is_refused() -> None:
    body = _payload()
    body["totalVAT"] = 499
    with pytest.raises(ValidationError, match="sum of the sub-receipts"):
        ReceiptRequest.model_validate(body)
    with pytest.raises(ValidationError, match="Extra inputs"):
        ReceiptRequest.model_validate({**_payload(), "totalAmmount": 1})


def test_a_built_body_reads_back_into_the_same_request() -> None:
    request = build_receipt(POS, [bread()], cash(5600), bill_id_suffix="7")
    assert ReceiptRequest.model_validate(request.to_payload()) == request
    assert request.type is ReceiptType.B2C_RECEIPT


def test_void_request_matches_the_delete_schema() -> None:
    schema = operation("/rest/receipt", "delete")["requestBody"]["content"]["application/json"]["schema"]
    body = VoidRequest.of("037900846788001000000000000010125", "2025-03-31 10:15:00").to_payload()
    assert schema_problems(body, schema) == [] and body["date"] == "2025-03-31 10:15:00"
    from datetime import datetime
    assert VoidRequest.of("1", datetime(2025, 3, 31, 10, 15)).to_payload()["date"] == "2025-03-31 10:15:00"


_cents = st.decimals(min_value=Decimal("0.01"), max_value=Decimal("999999.99"), places=2)
_qty = st.decimals(min_value=Decimal("0.001"), max_value=Decimal("100"), places=3)
_lines = st.lists(st.builds(
    lambda qty, price, city, free: ReceiptLine(
        "x", qty, price, city_taxed=city, tax_type=TaxType.VAT_FREE if free else TaxType.VAT_ABLE,
        tax_product_code="304" if free else None),
    _qty, _cents, st.booleans(), st.booleans()), min_size=1, max_size=12)


@settings(max_examples=150, deadline=None)
@given(lines=_lines, city=st.sampled_from([Decimal(0), Decimal("0.01"), Decimal("0.02")]))
def test_totals_are_the_exact_sums_of_the_lines(lines: list[ReceiptLine], city: Decimal) -> None:
    from pos_app.posapi import line_amount
    total = sum((line_amount(line) for line in lines), Decimal(0))
    request = build_receipt(POS, lines, [PaymentEntry.cash(total)], bill_id_suffix="1",
                            rates=TaxRates(city=city))
    assert request.totalAmount == total
    items = [item for sub in request.receipts for item in sub.items]
    for name in ("totalAmount", "totalVAT", "totalCityTax"):
        assert getattr(request, name) == sum((getattr(item, name) for item in items), Decimal(0))
    for item in items:
        assert item.totalAmount.as_tuple().exponent >= -2
        assert Decimal(0) <= item.totalVAT + item.totalCityTax <= item.totalAmount
        if city == 0:
            assert item.totalCityTax == 0
    payload = request.to_payload()
    assert Decimal(repr(payload["totalAmount"])) == total  # exact on the wire too


def _no_nulls(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: _no_nulls(item) for key, item in value.items() if item is not None}
    if isinstance(value, list):
        return [_no_nulls(item) for item in value]
    return value


def _known_keys(value: Any, schema: dict[str, Any], where: str = "$") -> list[str]:
    """Keys the schema does not name: a body must not invent fields."""
    unknown: list[str] = []
    if isinstance(value, dict) and "properties" in schema:
        for key, item in value.items():
            if key not in schema["properties"]:
                unknown.append(f"{where}.{key}")
            else:
                unknown += _known_keys(item, schema["properties"][key], f"{where}.{key}")
    if isinstance(value, list) and isinstance(schema.get("items"), dict):
        for item in value:
            unknown += _known_keys(item, schema["items"], where + "[]")
    return unknown


REQUEST_EXAMPLES = operation("/rest/receipt", "post")["requestBody"]["content"]["application/json"]["examples"]
COHERENT = [name for name in REQUEST_EXAMPLES if "INVOICE" not in name or "B2C" in name]


@pytest.mark.parametrize("name", COHERENT)
def test_the_spec_request_examples_read_and_go_out_unchanged(name: str) -> None:
    # B2C_RECEIPT, B2B_RECEIPT, B2C_INVOICE; "B2B_INVOICE" holds placeholders ("string") and is refused below.
    example = REQUEST_EXAMPLES[name]["value"]
    request = ReceiptRequest.model_validate(example)
    assert _no_nulls(request.to_payload()) == _no_nulls({k: v for k, v in example.items()
                                                         if k not in ("consumerNo", "customerTin") or v})


def test_the_placeholder_examples_are_refused() -> None:
    placeholder = next(v["value"] for n, v in REQUEST_EXAMPLES.items() if "B2B_INVOICE" in n)
    with pytest.raises(ValidationError):
        ReceiptRequest.model_validate(placeholder)
    x_example = request_schema()["x-examples"]["Example 1"]  # type "B2C_", no billIdSuffix
    with pytest.raises(ValidationError):
        ReceiptRequest.model_validate(x_example)


@pytest.mark.parametrize("customer_tin", [None, "110718991986"])
def test_built_bodies_use_only_fields_the_schema_names(customer_tin: str | None) -> None:
    card = CardData(terminalID="1", rrn="2", maskedCardNumber="3", bankCode="05")
    lines = [bread(), bread(tax_type=TaxType.VAT_ZERO, tax_product_code="502", stock_qr=("A1", "B2"))]
    body = _payload(lines=lines, payments=[PaymentEntry.card(Decimal(11200), card)], customer_tin=customer_tin)
    assert _known_keys(body, request_schema()) == [] and schema_problems(body, request_schema()) == []
