"""All of the sandbox's mutable state behind one lock, with write-through persistence."""

from __future__ import annotations

import copy
import secrets
import string
import threading
from decimal import Decimal
from typing import Any

from .clock import Clock
from .errors import ApiError
from .merchants import Merchant
from .store import ObjectStore
from .taxes import CITY_TAX_RATE, check_city_tax_rate

class State:
    """Records are plain dicts with Decimal money; every change goes through `save`."""

    def __init__(self, clock: Clock, merchants: list[Merchant],
                 store: ObjectStore | None = None, city_tax_rate: Decimal = CITY_TAX_RATE) -> None:
        self.clock = clock
        self.city_tax_rate = check_city_tax_rate(city_tax_rate)   # the receipts' city tax (НХАТ)
        self.lock = threading.RLock()
        self._initial_merchants = [copy.deepcopy(m) for m in merchants]
        self._store = store
        self.merchants: dict[str, Merchant] = {}
        self.invoices: dict[str, dict[str, Any]] = {}
        self.payments: dict[str, dict[str, Any]] = {}
        self.ebarimts: dict[str, dict[str, Any]] = {}
        self.short_codes: dict[str, str] = {}
        self.reset(clear_store=False)
        if store is not None:
            self._load(store)

    def reset(self, clear_store: bool = True) -> None:
        with self.lock:
            self.merchants = {m.username: copy.deepcopy(m) for m in self._initial_merchants}
            self.invoices.clear()
            self.payments.clear()
            self.ebarimts.clear()
            self.short_codes.clear()
            self.clock.set_offset(0)
            if clear_store and self._store is not None:
                self._store.clear()

    def _load(self, store: ObjectStore) -> None:
        for username, data in store.load("merchant").items():
            self.merchants[username] = Merchant.from_json(data)
        self.invoices.update(store.load("invoice"))
        self.payments.update(store.load("payment"))
        self.ebarimts.update(store.load("ebarimt"))
        self.short_codes = {inv["short_code"]: inv["invoice_id"] for inv in self.invoices.values()}
        meta = store.load("meta")
        if "clock" in meta:
            self.clock.set_offset(meta["clock"]["offset"])

    # -- persistence -------------------------------------------------------
    def save(self, kind: str, record: dict[str, Any]) -> None:
        if self._store is not None:
            key = {"invoice": "invoice_id", "payment": "payment_id", "ebarimt": "id"}[kind]
            self._store.save(kind, record[key], record)

    def save_merchant(self, merchant: Merchant) -> None:
        if self._store is not None:
            self._store.save("merchant", merchant.username, merchant.to_json())

    def save_clock(self) -> None:
        if self._store is not None:
            self._store.save("meta", "clock", {"offset": self.clock.offset})

    def close(self) -> None:
        if self._store is not None:
            self._store.close()

    # -- look-ups ------------------------------------------------------------
    def merchant(self, username: str) -> Merchant | None:
        merchant = self.merchants.get(username)
        return merchant if merchant is not None and merchant.exists else None

    def invoice_of(self, username: str, invoice_id: str) -> dict[str, Any]:
        invoice = self.invoices.get(invoice_id)
        if invoice is None or invoice["merchant"] != username:
            raise ApiError(404, "INVOICE_NOTFOUND", "invoice does not exist")
        return self.expire_if_due(invoice)

    def expire_if_due(self, invoice: dict[str, Any]) -> dict[str, Any]:
        """The invoice, `EXPIRED` once the clock is past its `expiry_date` while it is still `OPEN` (made with
        `enable_expiry` "true"). It then takes no payment; those it has stay as they are (a check lists them)
        and, with none of them kept, it can still be cancelled. Paid in full (`CLOSED`) or cancelled, it never
        expires. Decided when the invoice is next read (the clock moves by offsets): under `lock`."""
        if (invoice["invoice_status"] == "OPEN" and invoice["expiry_ts"] is not None
                and self.clock.timestamp() > invoice["expiry_ts"]):
            invoice["invoice_status"] = "EXPIRED"
            self.save("invoice", invoice)
        return invoice

    def payment_of(self, username: str, payment_id: str) -> dict[str, Any]:
        payment = self.payments.get(payment_id)
        if payment is None or payment["merchant"] != username:
            raise ApiError(404, "PAYMENT_NOTFOUND", "payment does not exist")
        return payment

    def invoice_payments(self, invoice_id: str) -> list[dict[str, Any]]:
        invoice = self.invoices[invoice_id]
        return [self.payments[pid] for pid in invoice["payment_ids"]]

    def paid_total(self, invoice_id: str) -> Decimal:
        """What the payer has paid and kept: the sum of the invoice's PAID payments."""
        return sum((p["payment_amount"] for p in self.invoice_payments(invoice_id)
                    if p["payment_status"] == "PAID"), Decimal(0))

    def active_ebarimt(self, payment_id: str) -> dict[str, Any] | None:
        for receipt in self.ebarimts.values():
            if receipt["payment_id"] == payment_id and receipt["barimt_status"] == "CREATED":
                return receipt
        return None


def digits(count: int) -> str:
    return "".join(secrets.choice(string.digits) for _ in range(count))


def short_code() -> str:
    return "".join(secrets.choice(string.ascii_letters + string.digits) for _ in range(8))
