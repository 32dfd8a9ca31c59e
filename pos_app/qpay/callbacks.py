"""Payment callbacks: a hint to check, never a proof of payment.

Two forms reach the merchant's callback URL:

- ``POST`` with JSON ``{"invoice_id": ...}`` (the contract's primary form);
- ``GET ?qpay_payment_id=...`` (live deployments; the contract's name
  ``pay_payment_id`` is accepted too), answered with plain text ``SUCCESS``.

`verify_callback` turns either into the verification calls and returns the
verdict from the service's own check response. Nothing in the callback itself
is trusted beyond being an identifier to look up.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs

from pos_app import json_nesting

from .paid import PaidVerdict

if TYPE_CHECKING:
    from .client import QPayClient

__all__ = ["CALLBACK_ACK", "CallbackHint", "CallbackVerification", "parse_callback", "verify_callback"]

CALLBACK_ACK = "SUCCESS"  # the plain-text answer live GET callbacks expect

_PAYMENT_ID_KEYS = ("qpay_payment_id", "pay_payment_id")
# Identifiers go into a URL path and a JSON body: keep them to what ids look like.
_IDENTIFIER = re.compile(r"^[A-Za-z0-9._:-]{1,128}$")


@dataclass(frozen=True)
class CallbackHint:
    """What a callback claims: an invoice id (POST form) or a payment id (GET form)."""

    invoice_id: str | None = None
    payment_id: str | None = None


@dataclass(frozen=True)
class CallbackVerification:
    invoice_id: str
    payment_id: str | None  # from the GET form
    verdict: PaidVerdict

    @property
    def is_paid(self) -> bool:
        return self.verdict.is_paid


def parse_callback(
    *, body: bytes | str | Mapping[str, Any] | None = None, query: str | Mapping[str, Any] | None = None
) -> CallbackHint:
    """Read the identifier from a callback's JSON *body* or its *query*.

    *query* is a raw query string or a mapping (values may be lists, as from
    `urllib.parse.parse_qs`). Raises `ValueError` when neither holds a
    well-formed identifier.
    """
    if query:
        params = parse_qs(query.lstrip("?"), keep_blank_values=True) if isinstance(query, str) else query
        for key in _PAYMENT_ID_KEYS:
            if key in params:
                return CallbackHint(payment_id=_identifier(_first(params[key]), key))
    if body:
        data = _json_object(body)
        if "invoice_id" in data:
            return CallbackHint(invoice_id=_identifier(data["invoice_id"], "invoice_id"))
    raise ValueError("the callback carries neither invoice_id nor qpay_payment_id")


def verify_callback(
    client: QPayClient,
    *,
    body: bytes | str | Mapping[str, Any] | None = None,
    query: str | Mapping[str, Any] | None = None,
    invoice_amount: Decimal | None = None,
) -> CallbackVerification:
    """Verify a callback through the service.

    POST form: Check Payment for the invoice. GET form: Get Payment for the
    payment id, then Check Payment for its invoice (`object_id`). The verdict
    sums the ``PAID`` rows against *invoice_amount* (read from Get Invoice
    when not given).
    """
    hint = parse_callback(body=body, query=query)
    payment_id = hint.payment_id
    if payment_id is not None:
        payment = client.get_payment(payment_id)
        if (payment.object_type or "INVOICE").upper() != "INVOICE" or not payment.object_id:
            raise ValueError(f"payment {payment_id} does not belong to an invoice")
        invoice_id = payment.object_id
    else:
        assert hint.invoice_id is not None
        invoice_id = hint.invoice_id
    verdict = client.paid_state(invoice_id, invoice_amount)
    return CallbackVerification(invoice_id=invoice_id, payment_id=payment_id, verdict=verdict)


def _first(value: Any) -> Any:
    if isinstance(value, Sequence) and not isinstance(value, (str, bytes)):
        return value[0] if value else None
    return value


def _json_object(body: bytes | str | Mapping[str, Any]) -> Mapping[str, Any]:
    if isinstance(body, Mapping):
        return body
    try:
        data = json_nesting.loads(body)
    except (ValueError, RecursionError):  # thousands of nested brackets: NestedTooDeeply, a ValueError
        raise ValueError("the callback body is not JSON") from None
    if not isinstance(data, dict):
        raise ValueError("the callback body is not a JSON object")
    return data


def _identifier(value: Any, name: str) -> str:
    if not isinstance(value, str) or not _IDENTIFIER.match(value.strip()):
        raise ValueError(f"the callback's {name} is not a well-formed identifier")
    return value.strip()
