"""Merchant accounts the sandbox knows: the default test merchant and any loaded from a file."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from decimal import Decimal
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
    def from_json(cls, data: dict[str, Any]) -> "Merchant":
        known = {f for f in cls.__dataclass_fields__}
        unknown = set(data) - known
        if unknown:
            raise ValueError(f"unknown merchant fields: {', '.join(sorted(unknown))}")
        if not isinstance(data.get("username"), str) or not isinstance(data.get("password"), str):
            raise ValueError("a merchant needs a string username and password")
        values = dict(data)
        for key in ("min_amount", "max_amount"):
            if key in values:
                values[key] = Decimal(str(values[key]))
        return cls(**values)


def default_merchants() -> list[Merchant]:
    return [Merchant(username="TEST_MERCHANT", password="123456", invoice_codes=["TEST_INVOICE"])]


def load_merchants(path: str | Path) -> list[Merchant]:
    """Read a JSON list of merchant objects (fields as in `Merchant`)."""
    raw = json.loads(Path(path).read_text(encoding="utf-8"))
    if not isinstance(raw, list):
        raise ValueError("the merchants file must hold a JSON list of merchant objects")
    merchants = [Merchant.from_json(item) for item in raw]
    names = [m.username for m in merchants]
    if len(set(names)) != len(names):
        raise ValueError("duplicate merchant usernames in the merchants file")
    return merchants
