"""One real PosAPI sandbox on loopback for the session, reset before every test; the spec, loaded."""

from __future__ import annotations

import copy
import json
import re
from decimal import Decimal
from pathlib import Path
from typing import Any, Iterator

import pytest
import requests

from pos_app.sandbox.posapi import PosApiSandboxServer

# The spec beside the repository (../shared/spec) when there is one, else the copy the tests keep.
_REPOSITORY = Path(__file__).resolve().parents[3]
SPEC_FILE = next(path for path in (_REPOSITORY.parent / "shared" / "spec" / "posapi-3.0.yaml",
                                   _REPOSITORY / "tests" / "data" / "posapi-3.0.yaml") if path.exists())
B2B_TIN, B2B_REGISTER = "37900846788", "5317878"
MERCHANT = "37900846788"


def _json_blocks(node: Any, path: str) -> Iterator[tuple[str, str]]:
    """```json blocks inside the spec's (markdown) descriptions, where most of its examples live."""
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _json_blocks(value, f"{path}/{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _json_blocks(value, f"{path}[{index}]")
    elif isinstance(node, str):
        for index, block in enumerate(re.findall(r"```json\s*(.*?)```", node, re.S)):
            yield f"{path}#{index}", block


def receipt_examples(spec: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Every example request body of POST /rest/receipt: `examples`, `x-examples`, and the JSON in
    descriptions (the tabs B2C_RECEIPT, B2B_RECEIPT, ..., STOCK_QR, VAT_ABLE, ..., EASY_BANK_CARD)."""
    content = spec["paths"]["/rest/receipt"]["post"]["requestBody"]["content"]["application/json"]
    found = {f"examples: {name}": example["value"] for name, example in content["examples"].items()}
    found.update({f"x-examples: {name}": value for name, value in content["schema"]["x-examples"].items()})
    for where, block in _json_blocks(content["schema"], "schema"):
        found[where.replace("/properties/", ".").removeprefix("schema")] = json.loads(block)
    return found


class PosApi:
    """Raw HTTP against the sandbox (requests)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.http = requests.Session()

    def call(self, method: str, path: str, body: Any = None, **kwargs: Any) -> requests.Response:
        return self.http.request(method, f"{self.url}{path}", json=body, timeout=10, **kwargs)

    def receipt(self, body: dict[str, Any]) -> dict[str, Any]:
        answer = self.call("POST", "/rest/receipt", body)
        assert answer.status_code == 200, answer.text
        return answer.json()

    def issued(self, body: dict[str, Any]) -> dict[str, Any]:
        result = self.receipt(body)
        assert result["status"] == "SUCCESS", result
        return result

    def info(self) -> dict[str, Any]:
        answer = self.call("GET", "/rest/info")
        assert answer.status_code == 200, answer.text
        return answer.json()

    def control(self, method: str, path: str, body: Any = None) -> dict[str, Any]:
        answer = self.call(method, f"/_sandbox{path}", body)
        assert answer.status_code == 200, answer.text
        return answer.json()

    def advance(self, hours: float) -> None:
        self.control("POST", "/clock", {"advance_seconds": hours * 3600})


_SUFFIX = [0]


def sale(*items: tuple[Any, Any, Any], kind: str = "B2C_RECEIPT", tax_type: str = "VAT_ABLE",
         customer: str | None = None, **top: Any) -> dict[str, Any]:
    """A receipt request of items (gross, VAT, city tax); totals are the sums unless `top` says otherwise."""
    _SUFFIX[0] += 1
    lines = [{"name": f"Бараа {i}", "barCode": "19059010880001", "barCodeType": "GS1",
              "classificationCode": "2349010", "measureUnit": "ш", "qty": 1, "unitPrice": gross,
              "totalAmount": gross, "totalVAT": vat, "totalCityTax": city,
              **({"taxProductCode": "320"} if tax_type in ("VAT_FREE", "VAT_ZERO") else {})}
             for i, (gross, vat, city) in enumerate(items)]

    def add(key: str) -> Any:
        values = [line[key] for line in lines]
        if any(value is None for value in values):
            return None
        total = sum((Decimal(str(v)) for v in values), Decimal(0))
        return int(total) if total == total.to_integral_value() else float(total)

    body = {"branchNo": "001", "posNo": "001", "districtCode": "2501", "merchantTin": MERCHANT,
            "type": kind, "customerTin": customer, "consumerNo": None, "billIdSuffix": f"{_SUFFIX[0]:06d}",
            "totalAmount": add("totalAmount"), "totalVAT": add("totalVAT"), "totalCityTax": add("totalCityTax"),
            "receipts": [{"totalAmount": add("totalAmount"), "totalVAT": add("totalVAT"),
                          "totalCityTax": add("totalCityTax"), "taxType": tax_type, "merchantTin": MERCHANT,
                          "items": lines}],
            "payments": [{"code": "CASH", "status": "PAID", "paidAmount": add("totalAmount")}]}
    body.update(top)
    return copy.deepcopy(body)


def b2b(*items: tuple[Any, Any, Any], **top: Any) -> dict[str, Any]:
    return sale(*items, kind="B2B_RECEIPT", customer=top.pop("customer", B2B_TIN), **top)


@pytest.fixture
def posapi(posapi_server: PosApiSandboxServer) -> PosApi:
    posapi_server.reset()
    return PosApi(posapi_server.url)

