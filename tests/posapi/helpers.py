"""Shared pieces of the PosAPI client tests: the spec, a small JSON-Schema check, a few bodies."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest
import yaml

from pos_app.posapi import PaymentEntry, PosIdentity, ReceiptLine, RetryPolicy

# The spec beside the repository (../shared/spec) when there is one, else the copy the tests keep.
_REPOSITORY = Path(__file__).resolve().parents[2]
SPEC = next(path for path in (_REPOSITORY.parent / "shared" / "spec" / "posapi-3.0.yaml",
                              _REPOSITORY / "tests" / "data" / "posapi-3.0.yaml") if path.exists())

POS = PosIdentity(merchant_tin="37900846788", pos_no="001", branch_no="001", district_code="2501")
FAST = RetryPolicy(max_attempts=3, base_delay=0.0, max_delay=0.0, jitter=0.0)

# Where the spec's own examples contradict its schema (docs/decisions.md, section 11): these fields are
# sent as null, as its examples do, though the schema types them as strings.
NULL_AS_EXAMPLES = frozenset({"barCode", "taxProductCode"})

RECEIPT_ANSWER = {
    "id": "037900846788001000000000000010125",
    "posId": 10008331,
    "status": "SUCCESS",
    "message": "",
    "qrData": "1234567890QRDATA",
    "lottery": "AB 12345678",
    "date": "2025-03-31 10:15:00",
    "easy": "false",
    "receipts": [{"id": "037900846788001000000000000010126", "bankAccountId": 4}],
}


@lru_cache(maxsize=1)
def spec() -> dict[str, Any]:
    if not SPEC.exists():
        pytest.skip(f"{SPEC} is not beside the repository", allow_module_level=True)
    loaded = yaml.safe_load(SPEC.read_text(encoding="utf-8"))
    assert isinstance(loaded, dict)
    return loaded


def operation(path: str, method: str) -> dict[str, Any]:
    found = spec()["paths"][path][method]
    assert isinstance(found, dict)
    return found


def json_content(part: dict[str, Any]) -> dict[str, Any]:
    content = part.get("content", {})
    for media, body in content.items():
        if "json" in media or "javascript" in media:
            assert isinstance(body, dict)
            return body
    return {}


def response_examples() -> Iterator[tuple[str, str, str, Any]]:
    """(path, method, example name, value) of every example of every 200 answer in the spec."""
    for path, item in spec()["paths"].items():
        for method, op in item.items():
            if not isinstance(op, dict) or "responses" not in op:
                continue
            body = json_content(op["responses"].get("200", {}))
            for name, example in (body.get("examples") or {}).items():
                yield path, method, name, example["value"]
            for name, value in (body.get("schema", {}).get("x-examples") or {}).items():
                yield path, method, f"x-{name}", value


def request_schema(path: str = "/rest/receipt", method: str = "post") -> dict[str, Any]:
    schema = json_content(operation(path, method)["requestBody"])["schema"]
    assert isinstance(schema, dict)
    return schema


_TYPES = {
    "string": lambda v: isinstance(v, str),
    "number": lambda v: isinstance(v, (int, float, Decimal)) and not isinstance(v, bool),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "null": lambda v: v is None,
}


def schema_problems(value: Any, schema: dict[str, Any], where: str = "$",
                    null_ok: frozenset[str] = NULL_AS_EXAMPLES) -> list[str]:
    """The subset of JSON Schema the spec uses: type (one or a list), required, properties, items."""
    problems: list[str] = []
    types = schema.get("type")
    if types is not None:
        allowed = [types] if isinstance(types, str) else list(types)
        name = where.rsplit(".", 1)[-1]
        if name in null_ok:
            allowed.append("null")
        if not any(_TYPES[kind](value) for kind in allowed):
            return [f"{where}: {value!r} is not {allowed}"]
    if isinstance(value, dict):
        problems += [f"{where}: missing {key}" for key in schema.get("required", []) if key not in value]
        for key, sub in (schema.get("properties") or {}).items():
            if key in value and isinstance(sub, dict):
                problems += schema_problems(value[key], sub, f"{where}.{key}", null_ok)
    if isinstance(value, list) and isinstance(schema.get("items"), dict):
        for index, element in enumerate(value):
            problems += schema_problems(element, schema["items"], f"{where}[{index}]", null_ok)
    return problems


def bread(**changes: Any) -> ReceiptLine:
    values: dict[str, Any] = {"name": "Талх", "qty": Decimal(1), "unit_price": Decimal(5600), "city_taxed": True,
                              "barcode": "19059010880001", "classification_code": "2349010"}
    values.update(changes)
    return ReceiptLine(**values)


def cash(amount: str | int) -> list[PaymentEntry]:
    return [PaymentEntry.cash(Decimal(amount))]
