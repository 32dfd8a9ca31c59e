"""The sandbox against the spec (/work/shared/spec/posapi-3.0.yaml): every example request of
POST /rest/receipt goes over real HTTP, and every answer's shape (keys, types, status) is compared with
the spec's response schema and example responses."""

from __future__ import annotations

import re
from typing import Any

import pytest

import yaml

from .conftest import SPEC_FILE, PosApi, receipt_examples, sale

SPEC: dict[str, Any] = yaml.safe_load(SPEC_FILE.read_text(encoding="utf-8")) if SPEC_FILE.exists() else {}
EXAMPLES = receipt_examples(SPEC) if SPEC else {}
pytestmark = pytest.mark.skipif(not SPEC, reason=f"the PosAPI 3.0 spec is not at {SPEC_FILE}")

# Where the sandbox answers otherwise than the spec's schema, on purpose (docs/posapi-sandbox.md):
# `easy` and `vatPayer` are JSON booleans (the spec types them "string" but describes true/false; the
# public SDK ebarimt-pos-sdk reads booleans).
BOOLEAN_NOT_STRING = {"easy", "vatPayer"}
JSON_TYPES = {"string": str, "number": (int, float), "integer": int, "boolean": bool, "array": list,
              "object": dict, "null": type(None)}

# The outcome of each example request: the spec's own examples are not all valid requests.
REFUSED = {
    # B2B_RECEIPT with consumerNo "10038071" (allowed on B2C_RECEIPT only), placeholders ("string")
    "examples: Төлбөрийн баримт B2B_INVOICE": "consumerNo is allowed on B2C_RECEIPT only",
    # type "B2C_" and no billIdSuffix
    "x-examples: Example 1": "billIdSuffix is required",
}
MISSING_SUFFIX = "billIdSuffix is required"   # the B2B_INVOICE, STOCK_QR and NO_VAT tabs omit it


def expected_refusal(name: str, body: dict[str, Any]) -> str | None:
    if name in REFUSED:
        return REFUSED[name]
    return MISSING_SUFFIX if "billIdSuffix" not in body else None


def shape_errors(value: Any, schema: dict[str, Any], path: str = "$") -> list[str]:
    """Where `value` does not have the schema's keys and types."""
    errors: list[str] = []
    types = schema.get("type")
    if types is not None:
        allowed = tuple(JSON_TYPES[t] for t in ([types] if isinstance(types, str) else types))
        name = path.rsplit(".", 1)[-1]
        if name in BOOLEAN_NOT_STRING and "string" in ([types] if isinstance(types, str) else types):
            allowed = (*allowed, bool)
        if isinstance(value, bool) and bool not in allowed:
            errors.append(f"{path}: boolean where the spec says {types}")
        elif not isinstance(value, allowed):
            errors.append(f"{path}: {type(value).__name__} where the spec says {types}")
            return errors
    if isinstance(value, dict):
        errors += [f"{path}.{key}: missing" for key in schema.get("required", []) if key not in value]
        for key, sub in schema.get("properties", {}).items():
            if key in value and isinstance(sub, dict) and key != "...":
                errors += shape_errors(value[key], sub, f"{path}.{key}")
    if isinstance(value, list) and isinstance(schema.get("items"), dict):
        for index, entry in enumerate(value):
            errors += shape_errors(entry, schema["items"], f"{path}[{index}]")
    return errors


def like_example(value: Any, example: Any, path: str = "$") -> list[str]:
    """Where `value` lacks a key of the spec's example answer or holds another JSON type there."""
    if isinstance(example, dict):
        if not isinstance(value, dict):
            return [f"{path}: not an object"]
        return [error for key, sub in example.items()
                for error in ([f"{path}.{key}: missing"] if key not in value else like_example(value[key], sub,
                                                                                                f"{path}.{key}"))]
    if isinstance(example, list):
        if not isinstance(value, list):
            return [f"{path}: not an array"]
        return [e for entry in value for e in like_example(entry, example[0], f"{path}[]")] if example else []
    kinds = (bool,) if isinstance(example, bool) else (int, float) if isinstance(example, (int, float)) else (
        type(example),)
    if isinstance(value, bool) and isinstance(example, str) and path.rsplit(".", 1)[-1] in BOOLEAN_NOT_STRING:
        return []
    if example is None or isinstance(value, kinds) and not (isinstance(value, bool) and bool not in kinds):
        return []
    return [f"{path}: {type(value).__name__}, the example has {type(example).__name__}"]


def response_schema(path: str, method: str = "get") -> dict[str, Any]:
    return SPEC["paths"][path][method]["responses"]["200"]["content"]["application/json"]["schema"]


def test_the_spec_holds_the_examples_this_suite_expects() -> None:
    assert len(EXAMPLES) >= 15, sorted(EXAMPLES)
    types = {body.get("type") for body in EXAMPLES.values()}
    assert {"B2C_RECEIPT", "B2B_RECEIPT", "B2C_INVOICE", "B2B_INVOICE"} <= types


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_each_example_request_of_the_spec(posapi: PosApi, name: str) -> None:
    body = EXAMPLES[name]
    answer = posapi.call("POST", "/rest/receipt", body)
    assert answer.status_code == 200, answer.text
    result = answer.json()
    assert shape_errors(result, response_schema("/rest/receipt", "post")) == []
    refusal = expected_refusal(name, body)
    if refusal is not None:
        assert (result["status"], result["message"]) == ("ERROR", refusal)
        assert result["id"] == "" and result["receipts"] == []
        return
    assert result["status"] == "SUCCESS", result
    assert re.fullmatch(r"[0-9]{33}", result["id"])
    assert re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}", result["date"])
    assert result["qrData"] == result["qrDate"] and result["qrData"].isdigit()
    if body["type"] == "B2C_RECEIPT":
        assert re.fullmatch(r"[A-Z]{2} [0-9]{8}", result["lottery"])
    else:
        assert result["lottery"] == ""
    # The request comes back, every field kept, with the PosAPI's additions.
    for key, value in body.items():
        if key not in ("receipts", "totalVAT", "totalCityTax"):
            assert result[key] == value or str(result[key]) == str(value), key
    assert len(result["receipts"]) == len(body["receipts"])
    for sent, sub in zip(body["receipts"], result["receipts"], strict=True):
        assert re.fullmatch(r"[0-9]{33}", sub["id"]) and sub["id"] != result["id"]
        assert isinstance(sub["bankAccountId"], int)
        assert [item["name"] for item in sub["items"]] == [item["name"] for item in sent["items"]]


def request_schema() -> dict[str, Any]:
    return SPEC["paths"]["/rest/receipt"]["post"]["requestBody"]["content"]["application/json"]["schema"]


# Fields the request's schema marks required that the sandbox takes without, on purpose (docs/posapi-sandbox.md):
# the spec's own examples send `barCode` as null and CASH payments without `data` (whose description says it is
# added for PAYMENT_CARD; its four fields are required once it is not empty).
REQUIRED_BUT_NOT_REFUSED = {("receipts", "items", "barCode"), ("payments", "data")}


def required_fields(schema: dict[str, Any], where: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    """The path (object keys; arrays stand for their first element) of every field the request's schema marks
    required: on the request, on its sub-receipts, their items and its payments (each element of an array sent,
    `payments` too though it may be left out), and `payments[].data` itself (not the fields inside that object,
    required only once it is sent)."""
    found = [(*where, name) for name in schema.get("required", [])]
    for name, field in schema.get("properties", {}).items():
        if field.get("type") == "array":
            found += required_fields(field.get("items", {}), (*where, name))
    return found


def _without(body: dict[str, Any], path: tuple[str, ...]) -> dict[str, Any]:
    node: Any = body
    for key in path[:-1]:
        node = node[key][0] if isinstance(node[key], list) else node[key]
    node.pop(path[-1], None)
    return body


def test_the_spec_requires_measure_unit_on_every_item() -> None:
    fields = required_fields(request_schema())
    assert ("receipts", "items", "measureUnit") in fields
    assert {("branchNo",), ("billIdSuffix",), ("receipts", "taxType"), ("payments", "paidAmount")} <= set(fields)


@pytest.mark.parametrize("path", required_fields(request_schema()) if SPEC else [], ids=".".join)
def test_a_request_without_a_field_the_spec_requires_is_refused(posapi: PosApi, path: tuple[str, ...]) -> None:
    body = _without(sale((5600, 500, 100)), path)
    result = posapi.receipt(body)
    if path in REQUIRED_BUT_NOT_REFUSED:
        assert result["status"] == "SUCCESS", result
        return
    assert result["status"] == "ERROR" and path[-1] in result["message"], result
    assert result["id"] == "" and result["receipts"] == []


def test_info_has_the_shape_of_the_spec(posapi: PosApi) -> None:
    info = posapi.info()
    assert shape_errors(info, response_schema("/rest/info")) == []
    assert like_example(info, response_schema("/rest/info")["x-examples"]["Example 1"]) == []
    assert info["leftLotteries"] == 1000 and info["merchants"]


def test_bank_accounts_have_the_shape_of_the_spec(posapi: PosApi) -> None:
    answer = posapi.call("GET", "/rest/bankAccounts", params={"tin": "110718991986"})
    accounts = answer.json()
    assert answer.status_code == 200 and len(accounts) == 1
    assert shape_errors(accounts, response_schema("/rest/bankAccounts")) == []
    assert accounts[0]["bankAccountNo"] == "1111111111" and accounts[0]["iBan"] == "1001000151111111111"
    assert posapi.call("GET", "/rest/bankAccounts", params={"tin": "99999999999"}).json() == []
    assert len(posapi.call("GET", "/rest/bankAccounts").json()) == 3


def test_send_data_answers_an_object(posapi: PosApi) -> None:
    answer = posapi.call("GET", "/rest/sendData")
    assert answer.status_code == 200 and answer.json() == {}


LOOKUPS = [
    ("/api/info/check/getTinInfo", {"regNo": "5395305"}),
    ("/api/info/check/getInfo", {"tin": "37900846788"}),
    ("/api/receipt/receipt/getProductTaxCode", {}),
    ("/api/inventory/stock/getStockQr", {"stockQr": "BF6B1FBA86FB4C41ADDBB01C09C024F5"}),
]


@pytest.mark.parametrize(("path", "params"), LOOKUPS)
def test_lookups_answer_like_the_spec_examples(posapi: PosApi, path: str, params: dict[str, str]) -> None:
    answer = posapi.call("GET", path, params=params)
    assert answer.status_code == 200, answer.text
    schema = response_schema(path)
    example = SPEC["paths"][path]["get"]["responses"]["200"]["content"]["application/json"]["examples"]
    assert shape_errors(answer.json(), schema) == []
    for value in example.values():
        assert like_example(answer.json(), value["value"]) == []


def test_tin_info_gives_the_spec_example(posapi: PosApi) -> None:
    answer = posapi.call("GET", "/api/info/check/getTinInfo", params={"regNo": "5395305"}).json()
    assert answer == {"status": 200, "msg": "Амжилттай", "data": 31654321554}


def test_branch_info_and_the_classification_look_ups(posapi: PosApi) -> None:
    path = "/api/info/check/getBranchInfo"
    branches = posapi.call("GET", path).json()
    schema = SPEC["paths"][path]["get"]["responses"]["200"]["content"]["application/javascript"]["schema"]
    assert shape_errors(branches, schema) == []
    assert {"branchCode": "01", "branchName": "Архангай", "subBranchCode": "02",
            "subBranchName": "Чулуут"} in branches["data"]
    examples = SPEC["paths"]["/api/info/check/barcode/v2/{p4}/{p5}/{p1}/{p2}/{p3}/{p6}"]["get"]["responses"][
        "200"]["content"]["application/json"]["examples"]
    assert posapi.call("GET", "/api/info/check/barcode/v2/0/01/011/0111/01111/0111100").json() == \
        examples["Баркод"]["value"]
    assert posapi.call("GET", "/api/info/check/barcode/v2/0/01").json() == [
        [code, name.strip()] for code, name in examples["Бүлэг"]["value"][:2]]


def test_operator_registers_merchants_as_the_spec_example(posapi: PosApi) -> None:
    body = {"posNo": "10005299", "merchantTins": [77001059076, 83000874855]}
    assert posapi.call("POST", "/api/tpi/receipt/saveOprMerchants", body).status_code == 401
    answer = posapi.call("POST", "/api/tpi/receipt/saveOprMerchants", body, headers={"X-API-KEY": "test"})
    schema = response_schema("/api/tpi/receipt/saveOprMerchants", "post")
    assert answer.status_code == 200 and shape_errors(answer.json(), schema) == []
    assert {"77001059076", "83000874855"} <= {m["tin"] for m in posapi.info()["merchants"]}
