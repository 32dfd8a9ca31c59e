"""A store on a real socket in front of a real QPay sandbox, and raw HTTP to both (store tests share these)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import requests

from pos_app.qpay import QPayClient
from pos_app.sandbox import SandboxServer
from pos_app.sandbox.service import SandboxOptions
from pos_app.store.credentials import OWNER, add_credential
from pos_app.store.server import StoreServer

USERNAME, PASSWORD, INVOICE_CODE = "TEST_MERCHANT", "123456", "TEST_INVOICE"


@dataclass
class Shop:
    sandbox: SandboxServer
    store: StoreServer
    keys: dict[str, str]

    def client(self, till: str, key: str | None = None) -> QPayClient:
        return QPayClient(self.store.url, till, key if key is not None else self.keys[till])

    def add_till(self, name: str, shop: str = "") -> str:
        self.keys[name] = add_credential(self.store.engine, name, shop=shop)
        return self.keys[name]

    def add_owner(self, name: str, shop: str = "") -> str:
        self.keys[name] = add_credential(self.store.engine, name, OWNER, shop)
        return self.keys[name]

    def pay(self, invoice_id: str, **body: Any) -> dict[str, Any]:
        answer = requests.post(f"{self.sandbox.url}/_sandbox/invoices/{invoice_id}/pay", json=body or None,
                               timeout=10)
        assert answer.status_code == 200, answer.text
        return dict(answer.json())

    def fault(self, **fault: Any) -> None:
        answer = requests.post(f"{self.sandbox.url}/_sandbox/faults", json=fault, timeout=10)
        assert answer.status_code == 200, answer.text

    def sandbox_requests(self) -> list[dict[str, Any]]:
        return list(requests.get(f"{self.sandbox.url}/_sandbox/requests", timeout=10).json())


@contextmanager
def running_shop(db_url: str, tills: tuple[str, ...] = ("T1", "T2"), *,
                 single_session: bool = True, **store_options: Any) -> Iterator[Shop]:
    """A sandbox, a store in front of it (`store_options`: more of `StoreServer`'s) and `tills` added."""
    sandbox = SandboxServer("127.0.0.1", 0, SandboxOptions(single_session=single_session)).start()
    store = StoreServer(db_url, sandbox.url, USERNAME, PASSWORD, invoice_code=INVOICE_CODE, **store_options)
    try:
        store.start()
        shop = Shop(sandbox, store, {})
        for till in tills:
            shop.add_till(till)
        yield shop
    finally:
        store.stop()
        sandbox.stop()


def simple_invoice(sender_invoice_no: str, amount: int = 1000, **fields: Any) -> dict[str, Any]:
    return {"invoice_code": "STORE", "sender_invoice_no": sender_invoice_no, "invoice_receiver_code": "terminal",
            "invoice_description": f"Sale {sender_invoice_no}", "amount": amount,
            "callback_url": "http://127.0.0.1:9/callback", **fields}
