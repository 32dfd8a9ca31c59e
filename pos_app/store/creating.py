"""A create through the store, once: claimed for its till, sent by one copy of the store at a time (a lease on
the claim's row in the database, so any number of copies on one database), and looked up (never sent again)
when the till asks again about a number the store already holds."""

from __future__ import annotations

import logging
import math
import secrets
import time
from collections.abc import Callable
from decimal import Decimal
from typing import Any

from pydantic import ValidationError
from sqlalchemy.exc import SQLAlchemyError

from pos_app.qpay.builders import SimpleInvoice
from pos_app.qpay.invoice_creation import invoice_request
from pos_app.qpay.models import InvoiceCreated

from . import ownership
from .credentials import Caller
from .errors import StoreError
from .invoice_rows import InvoiceRow, InvoiceRows, TakenByAnotherTill
from .upstream import STORE_RETRY_POLICY, STORE_TIMEOUT

logger = logging.getLogger(__name__)

BUSY_RETRY_S = 2      # a till asking again while its first create is still at QPay: ask after this
# The longest a create can stay at QPay through the store: a login, the create, and the client's look-ups of a
# lost answer after their waits, each call at most the store's connect + read timeout; and a margin. A lease
# that ran out before its create finished would let another copy look up too early and send a second one.
_ONE_CALL_S = sum(STORE_TIMEOUT)
LEASE_S = _ONE_CALL_S * (2 + len(STORE_RETRY_POLICY.reconcile_delays)) \
    + sum(STORE_RETRY_POLICY.reconcile_delays) + 15.0
WAIT_S = 5.0          # how long a second create of one number waits for the first (at any copy) to finish
POLL_S = 0.25         # ... reading the claim's row this often meanwhile


class CreateLeases:
    """The create lease on each claim (`invoices.sending_by`/`sending_until`): whoever holds it is the one
    sending that number to QPay. A holder is this copy's id and a token of its own, so two threads of one copy
    exclude each other as two copies do. `clock` is epoch seconds, as every copy reads it."""

    def __init__(self, invoices: InvoiceRows, copy_id: str, clock: Callable[[], float] = time.time,
                 sleep: Callable[[float], None] = time.sleep, *, lease_s: float = LEASE_S,
                 wait_s: float = WAIT_S, poll_s: float = POLL_S) -> None:
        self._invoices = invoices
        self.copy_id = copy_id
        self._clock = clock
        self._sleep = sleep
        self.lease_s = lease_s
        self.wait_s = wait_s
        self.poll_s = poll_s

    def __repr__(self) -> str:
        return f"CreateLeases(copy_id={self.copy_id!r})"

    def new_holder(self) -> str:
        return f"{self.copy_id}/{secrets.token_hex(6)}"

    def until(self) -> float:
        """When a lease taken now runs out."""
        return self._clock() + self.lease_s

    def wait_for_turn(self, row: InvoiceRow, holder: str) -> tuple[InvoiceRow, bool]:
        """The claim as it stands, and whether `holder` now holds its lease (to look up, then send). False: its
        invoice is made (look it up), or another held the lease all the while (`wait_s`)."""
        polls = math.ceil(self.wait_s / self.poll_s) if self.poll_s > 0 and self.wait_s > 0 else 0
        for poll in range(polls + 1):
            if row.invoice_id is not None:
                return row, False
            now = self._clock()
            if self._invoices.take_lease(row.ref, holder, now, now + self.lease_s):
                return row, True
            if poll < polls:
                self._sleep(self.poll_s)
                row = self._invoices.by_ref(row.ref) or row
        return row, False

    def release(self, ref: str, holder: str) -> None:
        """Done sending (made or failed). A database that does not answer keeps the lease until it runs out,
        which only delays the next create of this number (it looks up first): never an error here."""
        try:
            self._invoices.release_lease(ref, holder)
        except SQLAlchemyError as exc:
            logger.warning("the create lease of claim %s stays until it runs out: %s", ref[:8],
                           type(exc).__name__)


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
    leases: CreateLeases = store.creating
    holder = leases.new_holder()
    try:
        row, new = store.invoices.claim(till.name, sender_invoice_no, str(body.get("callback_url") or ""),
                                        holder, leases.until())
    except TakenByAnotherTill:
        raise StoreError(409, "INVOICE_NO_TAKEN", "another till uses this sender_invoice_no") from None
    try:
        created = _made_once(store, leases, row, new, holder, forwarded, amount)
    except BaseException:
        leases.release(row.ref, holder)
        raise
    # Made (or found made): its lease ended with it (`InvoiceRows.made`), or means nothing now (`take_lease`).
    return created.model_dump(mode="json", by_alias=True, exclude_none=True, exclude={"recovered"})


def _made_once(store: Any, leases: CreateLeases, row: InvoiceRow, new: bool, holder: str,
               forwarded: dict[str, Any], amount: Decimal | None) -> InvoiceCreated:
    """The claim's invoice: sent only by the lease's holder, and only when a look-up (for a claim that is not
    new: an earlier create's answer was lost, or its copy was killed mid-call) finds none."""
    sending = new
    if not new:
        row, sending = leases.wait_for_turn(row, holder)
    found = None if new else store.upstream.find_invoice(row.sender_invoice_no, amount)
    if found is not None:
        store.invoices.made(row.ref, found.invoice_id)    # kept once; a copy killed mid-create never kept it
        return found
    if row.invoice_id is not None:
        # It was made once (and is cancelled now, or for another amount): a number makes one invoice.
        raise StoreError(409, "INVOICE_NO_USED", "this sender_invoice_no already made an invoice")
    if not sending:
        # Another copy (or thread) is sending it right now. Unknown to the till (a 5xx), never a refusal: it
        # looks the invoice up later.
        raise StoreError(503, "INVOICE_BEING_CREATED", "this invoice is being created: look it up shortly",
                         headers={"Retry-After": str(BUSY_RETRY_S)})
    created: InvoiceCreated = store.upstream.create_invoice(
        {**forwarded, "callback_url": store.callback_url(row.ref)})
    store.invoices.made(row.ref, created.invoice_id)
    return created


def _words(exc: Exception) -> str:
    if isinstance(exc, ValidationError):
        return "; ".join(f"{'.'.join(str(part) for part in error['loc'])}: {error['msg']}"
                         for error in exc.errors(include_url=False, include_input=False))[:500]
    return str(exc)[:500]
