"""Merchant accounts the sandbox knows: the default test merchant and any loaded from a file."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

DEFAULT_MIN_AMOUNT = Decimal("1")
DEFAULT_MAX_AMOUNT = Decimal("100000000")


@dataclass
class Merchant:
    username: str
    password: str
    invoice_codes: list[str] = field(default_factory=list)
    name: str = "TEST MERCHANT"
    register: str = "5395305"
    active: bool = True
    ebarimt_registered: bool = True
    exists: bool = True
    min_amount: Decimal = DEFAULT_MIN_AMOUNT
    max_amount: Decimal = DEFAULT_MAX_AMOUNT
    account_bank_code: str = "050000"
    account_number: str = "5000123456"
    account_name: str = "TEST MERCHANT LLC"

    def __repr__(self) -> str:  # never show the password
        return f"Merchant(username={self.username!r}, active={self.active}, exists={self.exists})"

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["min_amount"] = str(self.min_amount)
        data["max_amount"] = str(self.max_amount)
        return data

    @classmethod
    def from_json(cls, data: Any) -> "Merchant":
        """A merchant from its JSON object; ValueError naming the first bad field."""
        if not isinstance(data, dict):
            raise ValueError("each merchant must be a JSON object")
        unknown = set(data) - set(cls.__dataclass_fields__)
        if unknown:
            raise ValueError(f"unknown merchant fields: {', '.join(sorted(unknown))}")
        for key in ("username", "password", "name", "register", "account_bank_code",
                    "account_number", "account_name"):
            if key in data and (not isinstance(data[key], str) or not data[key]):
                raise ValueError(f"merchant field {key} must be a non-empty string")
        if "username" not in data or "password" not in data:
            raise ValueError("a merchant needs a username and password")
        codes = data.get("invoice_codes", [])
        if not isinstance(codes, list) or not all(isinstance(c, str) and c for c in codes):
            raise ValueError("merchant field invoice_codes must be a list of strings")
        for key in ("active", "ebarimt_registered", "exists"):
            if key in data and not isinstance(data[key], bool):
                raise ValueError(f"merchant field {key} must be true or false")
        values = dict(data)
        for key in ("min_amount", "max_amount"):
            if key in values:
                values[key] = _positive_amount(values[key], key)
        merchant = cls(**values)
        if merchant.min_amount > merchant.max_amount:
            raise ValueError("merchant min_amount must not be above max_amount")
        return merchant


def _positive_amount(value: Any, key: str) -> Decimal:
    try:
        number = Decimal(str(value)) if not isinstance(value, bool) else None
    except InvalidOperation:
        number = None
    if number is None or not number.is_finite() or number <= 0:
        raise ValueError(f"merchant field {key} must be a positive number")
    return number


def default_merchants() -> list[Merchant]:
    return [Merchant(username="TEST_MERCHANT", password="123456",  # noqa: S106 - the published test merchant
                     invoice_codes=["TEST_INVOICE"])]


def load_merchants(path: str | Path) -> list[Merchant]:
    """Read a JSON list of merchant objects (fields as in `Merchant`)."""
    try:
        raw = json.loads(Path(path).read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise ValueError(f"the merchants file is not valid JSON: {exc}") from None
    if not isinstance(raw, list):
        raise ValueError("the merchants file must hold a JSON list of merchant objects")
    merchants = [Merchant.from_json(item) for item in raw]
    names = [m.username for m in merchants]
    if len(set(names)) != len(names):
        raise ValueError("duplicate merchant usernames in the merchants file")
    return merchants
