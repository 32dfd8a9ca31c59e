"""Invoice endpoints: create (simple, full, ebarimt shapes), get, cancel, list, check."""

from __future__ import annotations

import uuid
from datetime import timedelta
from decimal import Decimal
from typing import Any

from .banks import deep_links
from .clock import iso, local_naive
from .errors import ApiError, invalid
from .merchants import Merchant
from .qr import emv_payload, qr_png_base64
from .state import State, short_code
from .taxes import cents, line_total, money
from .validate import (MAX_DIGITS, amount_field, bool_field, date_field, list_field, object_field,
                       page_field, paginate, string_field, to_decimal)

EXPIRY = timedelta(hours=24)
GIVEN_BACK_OR_UNPAID = ("CANCELLED", "REFUNDED", "NEW", "FAILED")   # payments that keep no money
INVOICE_STATUSES = ("OPEN", "CLOSED", "CANCELLED", "EXPIRED")
# Full-shape fields echoed back by Get Invoice as they were sent.
ECHOED_OBJECTS = ("sender_branch_data", "sender_staff_data", "sender_terminal_data",
                  "invoice_receiver_data")
ECHOED_STRINGS = ("sender_branch_code", "sender_staff_code", "sender_terminal_code", "note")


def active_merchant(state: State, username: str) -> Merchant:
    merchant = state.merchant(username)
    if merchant is None:
        raise ApiError(404, "MERCHANT_NOTFOUND", "merchant account not found")
    if not merchant.active:
        raise ApiError(403, "MERCHANT_INACTIVE", "merchant account is inactive")
    return merchant


def _adjustments(line: dict[str, Any], key: str, where: str) -> list[dict[str, Any]]:
    items = []
    for i, item in enumerate(list_field(line, key)):
        if not isinstance(item, dict):
            raise invalid(f"{where}.{key}[{i}] must be an object")
        amount = to_decimal(item.get("amount"))
        if amount is None or amount < 0:
            raise invalid(f"{where}.{key}[{i}].amount must be a number of at least 0")
        description = item.get("description", "")
        if not isinstance(description, str) or len(description) > 255:
            raise invalid(f"{where}.{key}[{i}].description must be a string")
        items.append({"description": description, "amount": amount})
    return items


def _lines(body: dict[str, Any]) -> list[dict[str, Any]]:
    lines = []
    for i, raw in enumerate(list_field(body, "lines")):
        where = f"lines[{i}]"
        if not isinstance(raw, dict):
            raise invalid(f"{where} must be an object")
        quantity, price = to_decimal(raw.get("line_quantity")), to_decimal(raw.get("line_unit_price"))
        if quantity is None or quantity <= 0:
            raise invalid(f"{where}.line_quantity must be a number greater than 0")
        if price is None or price < 0:
            raise invalid(f"{where}.line_unit_price must be a number of at least 0")
        line = {
            "tax_product_code": string_field(raw, "tax_product_code", required=False, max_len=45),
            "line_description": string_field(raw, "line_description", max_len=255),
            "line_quantity": quantity,
            "line_unit_price": price,
            "note": string_field(raw, "note", required=False, max_len=255),
            "classification_code": string_field(raw, "classification_code", required=False, max_len=45),
            "discounts": _adjustments(raw, "discounts", where),
            "surcharges": _adjustments(raw, "surcharges", where),
            "taxes": _adjustments(raw, "taxes", where),
        }
        total = line_total(line)
        if total < 0:
            raise invalid(f"{where}: discounts exceed the line's price")
        if total >= Decimal(10) ** MAX_DIGITS:  # quantity x price alone can reach 10^30
            raise invalid(f"{where}: the line's total must be below 10^{MAX_DIGITS}")
        lines.append(line)
    return lines


def _limits(body: dict[str, Any], merchant: Merchant, amount: Decimal) -> dict[str, Any]:
    """The merchant's per-invoice limits and the payer limits the invoice sets."""
    if amount < merchant.min_amount:
        raise ApiError(400, "MIN_AMOUNT_ERR", f"amount is below the minimum of {merchant.min_amount}")
    if amount > merchant.max_amount:
        raise ApiError(400, "MAX_AMOUNT_ERR", f"amount is above the maximum of {merchant.max_amount}")
    allow_partial, allow_exceed = bool_field(body, "allow_partial"), bool_field(body, "allow_exceed")
    bounds: dict[str, Decimal | None] = {}
    for key in ("minimum_amount", "maximum_amount"):
        value = body.get(key)
        bounds[key] = None if value is None else to_decimal(value)
        if value is not None and bounds[key] is None:
            raise invalid(f"{key} must be a number with at most 2 decimals")
    minimum, maximum = bounds["minimum_amount"], bounds["maximum_amount"]
    if allow_partial and minimum is not None and not (0 < minimum <= amount):
        raise ApiError(400, "MIN_AMOUNT_ERR", "minimum_amount must be above 0 and at most the amount")
    if allow_exceed and maximum is not None and not (amount <= maximum <= merchant.max_amount):
        raise ApiError(400, "MAX_AMOUNT_ERR",
                       "maximum_amount must be at least the amount and within the merchant's maximum")
    return {"allow_partial": allow_partial, "minimum_amount": minimum,
            "allow_exceed": allow_exceed, "maximum_amount": maximum}


def create_invoice(state: State, username: str, body: dict[str, Any], base_url: str, *,
                   unique_numbers: bool = False) -> dict[str, Any]:
    """`unique_numbers` (the live profile): a `sender_invoice_no` the merchant already uses on an
    invoice that is not cancelled is 409 UNIQUE_ERROR."""
    merchant = active_merchant(state, username)
    fields = {key: string_field(body, key, max_len=limit) for key, limit in (
        ("invoice_code", 45), ("sender_invoice_no", 45), ("invoice_receiver_code", 255),
        ("invoice_description", 255), ("callback_url", 255))}
    if not fields["callback_url"].startswith(("http://", "https://")):
        raise invalid("callback_url must be an http or https URL")
    if fields["invoice_code"] not in merchant.invoice_codes:
        raise ApiError(400, "INVOICE_CODE_INVALID", "invoice code is not valid for this merchant")
    lines = _lines(body)
    is_ebarimt = "tax_type" in body or "district_code" in body
    if is_ebarimt:
        for key in ("tax_type", "district_code"):
            fields[key] = string_field(body, key, max_len=45)
        if not lines:
            raise ApiError(400, "INVOICE_LINE_REQUIRED", "an ebarimt invoice needs line items")
    if is_ebarimt and body.get("amount") is None:
        amount = cents(sum((line_total(line) for line in lines), Decimal(0)))
        if amount <= 0:
            raise ApiError(400, "INVALID_AMOUNT", "the lines add up to zero")
    else:
        amount = amount_field(body, "amount")
    limits = _limits(body, merchant, amount)
    enable_expiry = body.get("enable_expiry", "false")
    if enable_expiry not in ("true", "false"):
        raise invalid('enable_expiry must be the string "true" or "false"')
    extras = {key: object_field(body, key, required=False) for key in ECHOED_OBJECTS}
    extras.update({key: string_field(body, key, required=False, max_len=1000) for key in ECHOED_STRINGS})
    transactions = list_field(body, "transactions")
    if not all(isinstance(t, dict) for t in transactions):
        raise invalid("transactions must be an array of objects")

    invoice_id = str(uuid.uuid4())
    qr_text = emv_payload(invoice_id=invoice_id, amount=amount, merchant_name=merchant.name,
                          reference=fields["sender_invoice_no"])
    qr_image = qr_png_base64(qr_text)  # the slow part: outside the lock
    now = state.clock.now()
    record = {
        **fields, **limits, **extras,
        "invoice_id": invoice_id, "merchant": username, "amount": amount,
        "invoice_status": "OPEN", "shape": "ebarimt" if is_ebarimt else ("full" if (
            lines or transactions or any(v is not None for v in extras.values())) else "simple"),
        "created_ts": now.timestamp(), "created_date": local_naive(now),
        "enable_expiry": enable_expiry == "true",
        "expiry_ts": (now + EXPIRY).timestamp() if enable_expiry == "true" else None,
        "expiry_date": iso(now + EXPIRY) if enable_expiry == "true" else None,
        "lines": lines, "transactions": transactions, "payment_ids": [],
        "qr_text": qr_text, "qr_image": qr_image, "short_code": short_code(),
    }
    with state.lock:
        if unique_numbers:
            for other in state.invoices.values():
                if (other["merchant"] == username and other["sender_invoice_no"] == fields["sender_invoice_no"]
                        and other["invoice_status"] != "CANCELLED"):
                    raise ApiError(409, "UNIQUE_ERROR",
                                   f"sender_invoice_no is already used by invoice {other['invoice_id']}")
        state.invoices[invoice_id] = record
        state.short_codes[record["short_code"]] = invoice_id
        state.save("invoice", record)
    return creation_response(record, base_url)


def creation_response(invoice: dict[str, Any], base_url: str) -> dict[str, Any]:
    return {"invoice_id": invoice["invoice_id"], "qr_text": invoice["qr_text"],
            "qr_image": invoice["qr_image"],
            "qPay_shortUrl": f"{base_url}/_sandbox/s/{invoice['short_code']}",
            "urls": deep_links(invoice["qr_text"], base_url)}


def invoice_detail(invoice: dict[str, Any], base_url: str) -> dict[str, Any]:
    """Get Invoice in the live service's shape, plus the QR data and payment URLs.

    Decimal amounts are left as they are: `SandboxJSON` writes them as JSON numbers.
    """
    lines = invoice["lines"]
    gross = sum((line["line_quantity"] * line["line_unit_price"] for line in lines), Decimal(0)) if lines \
        else invoice["amount"]
    totals = {key: sum((a["amount"] for line in lines for a in line[key]), Decimal(0))
              for key in ("discounts", "surcharges", "taxes")}
    detail = {
        "invoice_id": invoice["invoice_id"], "invoice_status": invoice["invoice_status"],
        "sender_invoice_no": invoice["sender_invoice_no"],
        **{key: invoice.get(key) for key in ("sender_branch_code", "sender_branch_data",
                                             "sender_staff_code", "sender_staff_data",
                                             "sender_terminal_code", "sender_terminal_data")},
        "invoice_description": invoice["invoice_description"], "invoice_due_date": None,
        "enable_expiry": invoice["enable_expiry"], "expiry_date": invoice["expiry_date"],
        "allow_partial": invoice["allow_partial"], "minimum_amount": invoice["minimum_amount"],
        "allow_exceed": invoice["allow_exceed"], "maximum_amount": invoice["maximum_amount"],
        "total_amount": money(invoice["amount"]), "gross_amount": cents(gross),
        "tax_amount": totals["taxes"], "surcharge_amount": totals["surcharges"],
        "discount_amount": totals["discounts"], "callback_url": invoice["callback_url"],
        "note": invoice.get("note"),
        "lines": [{
            "tax_product_code": line["tax_product_code"], "line_description": line["line_description"],
            "line_quantity": money(line["line_quantity"]), "line_unit_price": money(line["line_unit_price"]),
            "note": line["note"], **({"classification_code": line["classification_code"]}
                                     if line["classification_code"] else {}),
            **{key: [{"description": a["description"], "amount": a["amount"]} for a in line[key]]
               for key in ("discounts", "surcharges", "taxes")},
        } for line in lines],
        "transactions": invoice["transactions"], "inputs": None,
    }
    detail.update({k: v for k, v in creation_response(invoice, base_url).items() if k != "invoice_id"})
    return detail


def get_invoice(state: State, username: str, invoice_id: str, base_url: str) -> dict[str, Any]:
    with state.lock:
        return invoice_detail(state.invoice_of(username, invoice_id), base_url)


def cancel_invoice(state: State, username: str, invoice_id: str) -> None:
    with state.lock:
        invoice = state.invoice_of(username, invoice_id)
        if invoice["invoice_status"] == "CANCELLED":
            raise ApiError(400, "INVOICE_ALREADY_CANCELED", "invoice is already cancelled")
        # Any money received and kept makes it "paid" here: cancelling would strand a payment. Once every
        # payment of a partly paid invoice was given back (a card payment cancelled or refunded), it is unpaid.
        kept = [p for p in state.invoice_payments(invoice_id) if p["payment_status"] not in GIVEN_BACK_OR_UNPAID]
        if invoice["invoice_status"] == "CLOSED" or kept:
            raise ApiError(400, "INVOICE_PAID", "invoice has been paid and cannot be cancelled")
        invoice["invoice_status"] = "CANCELLED"
        state.save("invoice", invoice)


def list_invoices(state: State, username: str, body: dict[str, Any]) -> dict[str, Any]:
    code = string_field(body, "invoice_code", required=False, max_len=45, allow_empty=True)
    number = string_field(body, "sender_invoice_no", required=False, max_len=45, allow_empty=True)
    status = string_field(body, "invoice_status", required=False, max_len=20, allow_empty=True)
    start, end = date_field(body, "start_date", required=False), date_field(body, "end_date", required=False)
    page_number, page_limit = page_field(body, required=True)
    with state.lock:
        matches = [inv for inv in map(state.expire_if_due, state.invoices.values()) if inv["merchant"] == username
                   and (not code or inv["invoice_code"] == code)
                   and (not number or inv["sender_invoice_no"] == number)
                   and (not status or inv["invoice_status"] == status)
                   and (not start or inv["created_date"][:10] >= start)
                   and (not end or inv["created_date"][:10] <= end)]
        matches.sort(key=lambda inv: inv["created_ts"], reverse=True)  # newest first
        rows = [{"invoice_id": inv["invoice_id"], "invoice_code": inv["invoice_code"],
                 "sender_invoice_no": inv["sender_invoice_no"],
                 "invoice_description": inv["invoice_description"],
                 "amount": inv["amount"], "invoice_status": inv["invoice_status"],
                 "created_date": inv["created_date"]}
                for inv in paginate(matches, page_number, page_limit)]
    return {"count": len(matches), "rows": rows}


def check(state: State, username: str, body: dict[str, Any], *, full_rows: bool) -> dict[str, Any]:
    """Payment check and invoice check: the payments made against one invoice."""
    if body.get("object_type") != "INVOICE":
        raise ApiError(400, "INVALID_OBJECT_TYPE", "object_type must be INVOICE")
    invoice_id = string_field(body, "object_id", max_len=64)
    page_number, page_limit = page_field(body, required=False)
    with state.lock:
        invoice = state.invoices.get(invoice_id)
        # An unknown invoice has no payments: the contract's "count 0, rows empty".
        visible = invoice is not None and invoice["merchant"] == username
        payments = state.invoice_payments(invoice_id) if visible else []
        paid = state.paid_total(invoice_id) if visible else Decimal(0)
        rows = [check_row(p, full=full_rows) for p in paginate(payments, page_number, page_limit)]
    return {"count": len(payments), "paid_amount": paid, "rows": rows}


def check_row(payment: dict[str, Any], *, full: bool) -> dict[str, Any]:
    row = {"payment_id": payment["payment_id"], "payment_status": payment["payment_status"],
           "payment_amount": money(payment["payment_amount"])}
    if full:
        row["trx_fee"] = money(payment["payment_fee"])
    row.update({"payment_currency": "MNT", "payment_wallet": payment["payment_wallet"],
                "payment_type": payment["transaction_type"]})
    if full:
        row["card_transactions"] = payment["card_transactions"]
        row["p2p_transactions"] = [{key: t[key] for key in (
            "transaction_bank_code", "account_bank_name", "account_number", "status", "amount",
            "currency")} for t in payment["p2p_transactions"]]
    return row
