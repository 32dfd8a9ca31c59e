"""Whose invoice (and so whose payment) it is: a till sees and touches only its own.

An invoice is a till's when the store claimed its `sender_invoice_no` for that till (every create through the
store), or, failing that, when the till numbered it: a till's sale numbers begin with its name and the day
(`T1-20261127-000001`, a part's `...-000001-2`). That second rule lets the store take on what a till made
directly with QPay while the store was down (the same QPay account): settling that sale later through the
store finds it instead of "not found".
"""

from __future__ import annotations

import re
from typing import Any

from pos_app.qpay.wire import segment

from .credentials import Caller
from .errors import StoreError, not_found

_DAY_AND_SEQUENCE = re.compile(r"^\d{8}-\d{6}(-\d{1,3})?$")
_SALE_NUMBER = re.compile(r"^.+-\d{8}-\d{6}(-\d{1,3})?$")     # some till's: its name, the day, a sequence


def numbered_by(till: str, sender_invoice_no: str) -> bool:
    """Whether `sender_invoice_no` is one of `till`'s sale numbers (another till's name never matches: the part
    after the name must be a day and a sequence)."""
    prefix = f"{till}-"
    return sender_invoice_no.startswith(prefix) and bool(_DAY_AND_SEQUENCE.match(sender_invoice_no[len(prefix):]))


def require_own_number(till: Caller, sender_invoice_no: str) -> None:
    """Refused (403) when `sender_invoice_no` is a sale number of another till (a name other than this till's);
    a number that is no till's sale number (`INV-1`) is anybody's."""
    if _SALE_NUMBER.match(sender_invoice_no) and not numbered_by(till.name, sender_invoice_no):
        raise StoreError(403, "INVOICE_NO_NOT_YOURS", "this sender_invoice_no is another till's sale number")


def require_invoice(store: Any, till: Caller, invoice_id: str) -> None:
    """Not found (404) unless the invoice is this till's (blocking: QPay may be asked)."""
    owner = store.invoices.owner(invoice_id)
    if owner == till.name:
        return
    if owner is None and invoice_id and _take_on(store, till, invoice_id):
        return
    raise not_found("invoice")


def _take_on(store: Any, till: Caller, invoice_id: str) -> bool:
    try:
        invoice = store.upstream.call("GET", f"/v2/invoice/{segment(invoice_id)}", safe_to_repeat=True)
    except ValueError:
        return False                         # not an id at all
    sender = invoice.get("sender_invoice_no") if isinstance(invoice, dict) else None
    if not isinstance(sender, str) or not numbered_by(till.name, sender):
        return False
    return bool(store.invoices.take_on(till.name, sender, invoice_id))


def require_payment(store: Any, till: Caller, payment_id: str) -> Any:
    """The payment (as QPay gave it) when its invoice is this till's; else not found."""
    payment = store.upstream.call("GET", f"/v2/payment/{segment(payment_id)}", safe_to_repeat=True)
    invoice_id = payment.get("object_id") if isinstance(payment, dict) else None
    if not isinstance(invoice_id, str) or not invoice_id:
        raise not_found("payment")
    try:
        require_invoice(store, till, invoice_id)
    except StoreError:
        raise not_found("payment") from None
    return payment


def may_list(store: Any, till: Caller, sender_invoice_no: str) -> bool:
    row = store.invoices.by_sender(sender_invoice_no)
    return row.till == till.name if row is not None else numbered_by(till.name, sender_invoice_no)


def only_own_rows(store: Any, till: Caller, answer: Any) -> Any:
    if not isinstance(answer, dict) or not isinstance(answer.get("rows"), list):
        return answer
    rows = [row for row in answer["rows"] if isinstance(row, dict) and _is_own_row(store, till, row)]
    return {**answer, "count": len(rows), "rows": rows}


def _is_own_row(store: Any, till: Caller, row: dict[str, Any]) -> bool:
    invoice_id = str(row.get("invoice_id") or "")
    owner = store.invoices.owner(invoice_id)
    if owner is not None:
        return bool(owner == till.name)
    if not invoice_id:
        return False
    # Not known by its id: QPay made it but the store never heard the id (killed, or the answer lost), or the
    # till made it directly. The till's claim on its number, or the number itself, makes it the till's.
    sender = str(row.get("sender_invoice_no") or "")
    claim = store.invoices.by_sender(sender)
    if claim is None:
        return numbered_by(till.name, sender) and bool(store.invoices.take_on(till.name, sender, invoice_id))
    if claim.till != till.name:
        return False
    if claim.invoice_id is None:
        return bool(store.invoices.made(claim.ref, invoice_id))
    return claim.invoice_id == invoice_id
