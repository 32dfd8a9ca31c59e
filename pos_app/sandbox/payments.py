"""Payment endpoints (get, list, cancel, refund) and the payer's side (control API)."""

from __future__ import annotations

import secrets
from decimal import Decimal
from typing import Any

from .banks import BANK_APPS, BANKS_BY_CODE, BANKS_BY_KEY
from .clock import iso
from .errors import ApiError, invalid
from .state import State, digits
from .taxes import money
from .validate import amount_field, date_field, page_field, paginate, string_field


def payment_detail(payment: dict[str, Any]) -> dict[str, Any]:
    """The Get Payment shape."""
    return {
        "payment_id": payment["payment_id"], "payment_status": payment["payment_status"],
        "payment_fee": money(payment["payment_fee"]), "payment_amount": money(payment["payment_amount"]),
        "payment_currency": "MNT", "payment_date": payment["payment_date"],
        "payment_wallet": payment["payment_wallet"], "transaction_type": payment["transaction_type"],
        "object_type": "INVOICE", "object_id": payment["invoice_id"],
        "card_transactions": payment["card_transactions"],
        "p2p_transactions": payment["p2p_transactions"],
    }


def get_payment(state: State, username: str, payment_id: str) -> dict[str, Any]:
    with state.lock:
        return payment_detail(state.payment_of(username, payment_id))


def list_payments(state: State, username: str, body: dict[str, Any]) -> dict[str, Any]:
    object_type = string_field(body, "object_type", max_len=20)
    if object_type != "INVOICE":
        raise ApiError(400, "INVALID_OBJECT_TYPE", "object_type must be INVOICE")
    invoice_id = string_field(body, "object_id", max_len=64)
    start, end = date_field(body, "start_date", required=True), date_field(body, "end_date", required=True)
    page_number, page_limit = page_field(body, required=True)
    with state.lock:
        invoice = state.invoices.get(invoice_id)
        payments = state.invoice_payments(invoice_id) if invoice and invoice["merchant"] == username else []
        matches = [p for p in payments if start <= p["payment_date"][:10] <= end]
        rows = [{"payment_id": p["payment_id"], "payment_date": p["payment_date"],
                 "payment_status": p["payment_status"], "payment_fee": money(p["payment_fee"]),
                 "payment_amount": money(p["payment_amount"]), "payment_currency": "MNT",
                 "payment_wallet": p["payment_wallet"], "payment_name": p["payment_wallet"],
                 "payment_description": invoice["invoice_description"], "object_type": "INVOICE",
                 "object_id": p["invoice_id"]} for p in paginate(matches, page_number, page_limit)]
    return {"count": len(matches), "rows": rows}


def reverse_payment(state: State, username: str, payment_id: str, body: dict[str, Any],
                    new_status: str) -> dict[str, Any]:
    """Cancel (`CANCELLED`) or refund (`REFUNDED`) a paid card payment."""
    callback_url = string_field(body, "callback_url", required=False, max_len=255)
    note = string_field(body, "note", required=False, max_len=255)
    if callback_url and not callback_url.startswith(("http://", "https://")):
        raise invalid("callback_url must be an http or https URL")
    with state.lock:
        payment = state.payment_of(username, payment_id)
        if payment["transaction_type"] != "CARD":
            raise ApiError(400, "PAYMENT_SETTLED",
                           "only card payments can be cancelled or refunded; this is a P2P payment")
        if payment["payment_status"] in ("CANCELLED", "REFUNDED"):
            raise ApiError(400, "PAYMENT_ALREADY_CANCELED", "payment is already cancelled or refunded")
        if payment["payment_status"] != "PAID":
            raise ApiError(400, "PAYMENT_NOT_PAID", "payment is not completed")
        payment["payment_status"] = new_status
        payment["reversal"] = {"status": new_status, "note": note, "date": iso(state.clock.now())}
        state.save("payment", payment)
    return {"callback_url": callback_url, "payment_id": payment_id, "payment_status": new_status}


ELEMENT_STATUS = {"PAID": "SUCCESS", "NEW": "PENDING", "FAILED": "FAILED"}


def _remaining(state: State, invoice: dict[str, Any]) -> Decimal:
    return invoice["amount"] - state.paid_total(invoice["invoice_id"])


def _bank_name(bank_code: str) -> str:
    bank = BANKS_BY_CODE.get(bank_code)
    return bank.name if bank else bank_code


def pay_invoice(state: State, invoice_id: str, body: dict[str, Any],
                statuses: tuple[str, ...] = ("PAID",)) -> dict[str, Any]:
    """The payer pays (control API): partial and excess payments as the invoice allows.

    `payment_status` may name another of `statuses` (the live profile: `NEW`, `FAILED`: such a payment
    moves no money, so it neither closes the invoice nor counts as paid; `PARTIAL`: paid, shown so).
    """
    status = body.get("payment_status", "PAID")
    if not isinstance(status, str) or status not in statuses:
        raise invalid(f"payment_status must be one of: {', '.join(statuses)}")
    shown, status = (status, "PAID") if status == "PARTIAL" else (None, status)   # money moved; shown PARTIAL
    transaction_type = body.get("transaction_type", "P2P")
    if transaction_type not in ("P2P", "CARD"):
        raise invalid('transaction_type must be "P2P" or "CARD"')
    bank_key = body.get("bank", "khanbank")
    if not isinstance(bank_key, str) or bank_key not in BANKS_BY_KEY:
        raise invalid(f"bank must be one of: {', '.join(b.key for b in BANK_APPS)}")
    with state.lock:
        invoice = state.invoices.get(invoice_id)
        if invoice is None:
            raise ApiError(404, "INVOICE_NOTFOUND", "invoice does not exist")
        if state.expire_if_due(invoice)["invoice_status"] == "CANCELLED":
            raise ApiError(400, "INVOICE_ALREADY_CANCELED", "invoice is cancelled")
        if invoice["expiry_ts"] is not None and state.clock.timestamp() > invoice["expiry_ts"]:
            raise ApiError(400, "INVOICE_EXPIRED", "invoice has expired")
        if invoice["invoice_status"] == "CLOSED" and not invoice["allow_exceed"]:
            raise ApiError(400, "INVOICE_PAID", "invoice is already fully paid")
        remaining = _remaining(state, invoice)
        amount = remaining if body.get("amount") is None else amount_field(body, "amount")
        if amount <= 0:
            raise ApiError(400, "INVOICE_PAID", "invoice is already fully paid")
        merchant = state.merchants[invoice["merchant"]]
        if amount < remaining:
            if not invoice["allow_partial"]:
                raise ApiError(400, "MIN_AMOUNT_ERR", "this invoice does not allow partial payment")
            minimum = invoice["minimum_amount"]
            if minimum is not None and amount < minimum:
                raise ApiError(400, "MIN_AMOUNT_ERR", f"a payment must be at least {minimum}")
        if amount > remaining:
            if not invoice["allow_exceed"]:
                raise ApiError(400, "MAX_AMOUNT_ERR", "this invoice does not allow paying more than its amount")
            # Without its own maximum an invoice is still held to the merchant's limit.
            maximum = invoice["maximum_amount"] or merchant.max_amount
            if invoice["amount"] - remaining + amount > maximum:
                raise ApiError(400, "MAX_AMOUNT_ERR", f"the invoice's total may not exceed {maximum}")
        bank = BANKS_BY_KEY[bank_key]
        now = iso(state.clock.now())
        amount_text = money(amount)
        payment = {
            "payment_id": digits(15), "merchant": invoice["merchant"], "invoice_id": invoice_id,
            "payment_status": status, "shown_status": shown, "payment_amount": amount, "payment_fee": Decimal(0),
            "payment_date": now, "payment_wallet": bank.name, "transaction_type": transaction_type,
            "card_transactions": [{
                "card_type": secrets.choice(["VISA", "MASTERCARD", "UNIONPAY"]), "is_cross_border": False,
                "amount": amount_text, "currency": "MNT", "date": now, "status": ELEMENT_STATUS[status],
                "settlement_status": "PENDING", "settlement_status_date": None,
            }] if transaction_type == "CARD" else [],
            "p2p_transactions": [{
                "transaction_bank_code": bank.bank_code, "account_bank_code": merchant.account_bank_code,
                "account_bank_name": _bank_name(merchant.account_bank_code),
                "account_number": merchant.account_number,
                "status": ELEMENT_STATUS[status], "amount": amount_text, "currency": "MNT",
                "settlement_status": "PENDING",
            }] if transaction_type == "P2P" else [],
        }
        state.payments[payment["payment_id"]] = payment
        invoice["payment_ids"].append(payment["payment_id"])
        if _remaining(state, invoice) <= 0:
            invoice["invoice_status"] = "CLOSED"
        state.save("payment", payment)
        state.save("invoice", invoice)
        return {"payment": payment_detail(payment), "callback_url": invoice["callback_url"]}

