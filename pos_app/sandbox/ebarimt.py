"""Ebarimt endpoints: create a receipt for a paid payment, cancel it by payment id."""

from __future__ import annotations

import re
import secrets
import string
from datetime import datetime
from decimal import Decimal
from typing import Any

from .clock import ULAANBAATAR, iso
from .errors import ApiError, invalid
from .state import State, digits
from .taxes import money, receipt_items
from .validate import string_field

ORGANIZATION_REGISTER = re.compile(r"^[0-9]{7}$")
RECEIVER_TYPES = ("83", "84")  # individual, organization


def _registered_payment(state: State, username: str, payment_id: str) -> dict[str, Any]:
    payment = state.payment_of(username, payment_id)
    if not state.merchants[username].ebarimt_registered:
        raise ApiError(400, "EBARIMT_NOT_REGISTERED", "ebarimt is not registered for this merchant")
    return payment


def create_ebarimt(state: State, username: str, body: dict[str, Any],
                   aliases: dict[str, str] | None = None) -> dict[str, Any]:
    """`aliases` (the live profile): other names of the receiver types, `CITIZEN` and `COMPANY`."""
    payment_id = string_field(body, "payment_id", max_len=64)
    receiver_type = body.get("ebarimt_receiver_type")
    if isinstance(receiver_type, str) and aliases and receiver_type in aliases:
        receiver_type = aliases[receiver_type]
    if receiver_type not in RECEIVER_TYPES:
        raise invalid('ebarimt_receiver_type must be "83" (individual) or "84" (organization)')
    receiver = string_field(body, "ebarimt_receiver", required=False, max_len=20, allow_empty=True) or ""
    if receiver_type == "84" and not ORGANIZATION_REGISTER.match(receiver):
        raise invalid("ebarimt_receiver must be the organization's 7-digit register number")
    district_code = string_field(body, "district_code", required=False, max_len=10)
    classification_code = string_field(body, "classification_code", required=False, max_len=10)
    with state.lock:
        payment = _registered_payment(state, username, payment_id)
        if payment["payment_status"] != "PAID":
            raise ApiError(400, "PAYMENT_NOT_PAID", "payment is not completed")
        existing = state.active_ebarimt(payment_id)
        if existing is not None:  # one active receipt per payment: asking again returns it
            return receipt_view(existing)
        invoice = state.invoices[payment["invoice_id"]]
        items = receipt_items(invoice["lines"], payment["payment_amount"], invoice["invoice_description"],
                              state.city_tax_rate)
        now = iso(state.clock.now())
        receipt = {
            "id": digits(33), "payment_id": payment_id, "merchant": username,
            "ebarimt_by": "QPAY", "ebarimt_receiver_type": receiver_type,
            "ebarimt_receiver": receiver if receiver_type == "84" else "",
            "amount": money(payment["payment_amount"]),
            "vat_amount": str(sum((Decimal(i["vat"]) for i in items), Decimal("0.00"))),
            "city_tax_amount": str(sum((Decimal(i["city_tax"]) for i in items), Decimal("0.00"))),
            "ebarimt_qr_data": digits(120),
            "ebarimt_lottery": "".join(secrets.choice(string.ascii_uppercase) for _ in range(2))
                               + " " + digits(8),
            "barimt_status": "CREATED", "barimt_status_date": now, "status": True,
            "barimt_items": items,
            "barimt_transactions": [{"payment_id": payment_id, "amount": money(payment["payment_amount"]),
                                     "transaction_type": payment["transaction_type"]}],
            "barimt_histories": [{"status": "CREATED", "status_date": now}],
            "district_code": district_code, "classification_code": classification_code,
        }
        if aliases:   # a citizen's receiver may be a phone number or a register: the live view shows it
            receipt["receiver_sent"] = receiver
        state.ebarimts[receipt["id"]] = receipt
        state.save("ebarimt", receipt)
        return receipt_view(receipt)


def receipt_view(receipt: dict[str, Any]) -> dict[str, Any]:
    hidden = ("payment_id", "merchant", "district_code", "classification_code", "receiver_sent")
    return {key: value for key, value in receipt.items() if key not in hidden}


def cancel_ebarimt(state: State, username: str, payment_id: str) -> dict[str, Any]:
    with state.lock:
        _registered_payment(state, username, payment_id)
        receipt = state.active_ebarimt(payment_id)
        if receipt is None:
            raise ApiError(400, "EBARIMT_NOT_REGISTERED", "no active ebarimt for this payment",
                           live=(422, "BARIMT_NOT_FOUND"))
        now = state.clock.now()
        issued = datetime.fromisoformat(receipt["barimt_status_date"]).astimezone(ULAANBAATAR)
        # The tax period closes with the month: a receipt of an earlier month stays.
        if (issued.year, issued.month) != (now.year, now.month):
            raise ApiError(400, "EBARIMT_CANCEL_NOTSUPPERDED",
                           "a receipt from an earlier month can no longer be cancelled")
        receipt["barimt_status"] = "CANCELLED"
        receipt["barimt_status_date"] = iso(now)
        receipt["status"] = False
        receipt["barimt_histories"].append({"status": "CANCELLED", "status_date": iso(now)})
        state.save("ebarimt", receipt)
        return {"id": receipt["id"], "ebarimt_by": receipt["ebarimt_by"], "barimt_status": "CANCELLED",
                "barimt_status_date": receipt["barimt_status_date"], "status": True}
