"""A create through the store, once: claimed for its till, sent once at a time, and looked up (never sent
again) when the till asks again about a number the store already holds."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from pydantic import ValidationError

from pos_app.qpay.builders import SimpleInvoice
from pos_app.qpay.invoice_creation import invoice_request
from pos_app.qpay.models import InvoiceCreated

from . import ownership
from .credentials import Caller
from .errors import StoreError
from .invoice_rows import TakenByAnotherTill

BUSY_RETRY_S = 2      # a till asking again while its first create is still at QPay: ask after this


class CreatesInFlight:
    """The numbers whose create is at QPay right now (one store process; a till talks to one store)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._sending: set[str] = set()

    @contextmanager
    def only_one(self, sender_invoice_no: str) -> Iterator[None]:
        with self._lock:
            if sender_invoice_no in self._sending:
                # Unknown to the till (a 5xx), never a refusal: it looks the invoice up later.
                raise StoreError(503, "INVOICE_BEING_CREATED", "this invoice is being created: look it up shortly",
                                 headers={"Retry-After": str(BUSY_RETRY_S)})
            self._sending.add(sender_invoice_no)
        try:
            yield
        finally:
            with self._lock:
                self._sending.discard(sender_invoice_no)


def create(store: Any, till: Caller, body: dict[str, Any]) -> dict[str, Any]:
    sender_invoice_no = body.get("sender_invoice_no")
    if not isinstance(sender_invoice_no, str) or not sender_invoice_no.strip():
        raise StoreError(400, "INVALID_PARAMETERS", "sender_invoice_no is required")
    forwarded = {**body, "callback_url": "https://store.invalid/callback"}   # the real one once claimed
    if store.invoice_code:
        forwarded["invoice_code"] = store.invoice_code
    try:
        request = invoice_request(forwarded)      # bad input is refused before anything is claimed or sent
    except (ValidationError, ValueError, TypeError) as exc:
        raise StoreError(400, "INVALID_PARAMETERS", _words(exc)) from None
    amount = request.amount if isinstance(request, SimpleInvoice) else None
    sender_invoice_no = request.sender_invoice_no      # as QPay gets it (blanks around it taken off)
    ownership.require_own_number(till, sender_invoice_no)
    with store.creating.only_one(sender_invoice_no):
        try:
            row, new = store.invoices.claim(till.name, sender_invoice_no, str(body.get("callback_url") or ""))
        except TakenByAnotherTill:
            raise StoreError(409, "INVOICE_NO_TAKEN", "another till uses this sender_invoice_no") from None
        found = None if new else store.upstream.find_invoice(sender_invoice_no, amount)
        if found is None and row.invoice_id is not None:
            # It was made once (and is cancelled now, or for another amount): a number makes one invoice.
            raise StoreError(409, "INVOICE_NO_USED", "this sender_invoice_no already made an invoice")
        created: InvoiceCreated = found or store.upstream.create_invoice(
            {**forwarded, "callback_url": store.callback_url(row.ref)})
        store.invoices.made(row.ref, created.invoice_id)
    return created.model_dump(mode="json", by_alias=True, exclude_none=True, exclude={"recovered"})


def _words(exc: Exception) -> str:
    if isinstance(exc, ValidationError):
        return "; ".join(f"{'.'.join(str(part) for part in error['loc'])}: {error['msg']}"
                         for error in exc.errors(include_url=False, include_input=False))[:500]
    return str(exc)[:500]
