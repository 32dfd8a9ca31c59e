"""POST /rest/receipt and DELETE /rest/receipt: checks, tax arithmetic, lotteries, ids, returns."""

from __future__ import annotations

import copy
import re
import secrets
import string
from datetime import timedelta
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from .clock import parse_stamp, stamp
from .jsonio import to_decimal
from .taxes import CENT, TAX_CODE_REQUIRED, VAT_TYPES, close, item_taxes

if TYPE_CHECKING:
    from .service import PosApiSandbox

TYPES = ("B2C_RECEIPT", "B2B_RECEIPT", "B2C_INVOICE", "B2B_INVOICE")
BAR_CODE_TYPES = ("UNDEFINED", "GS1", "ISBN")
PAYMENT_CODES = ("CASH", "PAYMENT_CARD")
PAYMENT_STATUSES = ("PAID", "PAY", "REVERSED", "ERROR")
CARD_FIELDS = ("terminalID", "rrn", "maskedCardNumber")
DISTRICT = re.compile(r"^[0-9]{4}$")
CONSUMER_NO = re.compile(r"^[0-9]{8}$")
EASY_CONSUMER = re.compile(r"^11[0-9]{6}$")   # the spec: an "11******" consumer code is sent at once (easy)
REPORT_MONTH = re.compile(r"^([0-9]{4})-([0-9]{2})(-[0-9]{2})?$")


class Refusal(Exception):
    """An answer with `status` ERROR (or PAYMENT) and a message; `http` overrides the HTTP status."""

    def __init__(self, message: str, status: str = "ERROR", http: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.status = status
        self.http = http


def _text(body: dict[str, Any], key: str, where: str = "", required: bool = True) -> str:
    value = body.get(key)
    if value is None or value == "":
        if required:
            raise Refusal(f"{where}{key} is required")
        return ""
    if isinstance(value, Decimal) and value == value.to_integral_value():
        value = str(value)   # a TIN or code sent as a JSON number
    if not isinstance(value, str) or len(value) > 512:
        raise Refusal(f"{where}{key} must be a string")
    return value


def _amount(body: dict[str, Any], key: str, where: str, required: bool = True) -> Decimal | None:
    value = body.get(key)
    if value is None:
        if required:
            raise Refusal(f"{where}{key} is required")
        return None
    number = to_decimal(value)
    if number is None:
        raise Refusal(f"{where}{key} must be a number, not {value!r}")
    if number < 0:
        raise Refusal(f"{where}{key} must not be negative")
    return number


def _list(body: dict[str, Any], key: str, where: str = "") -> list[Any]:
    value = body.get(key)
    if not isinstance(value, list) or not value:
        raise Refusal(f"{where}{key} must be a non-empty array")
    if not all(isinstance(entry, dict) for entry in value):
        raise Refusal(f"{where}{key} must hold objects")
    return value


def _sum_matches(stated: Decimal | None, parts: list[Decimal], what: str, count: int) -> Decimal:
    total = sum(parts, Decimal("0.00"))
    if stated is not None and not close(stated, total, CENT * max(1, count)):
        raise Refusal(f"{what} is {stated} but its parts add up to {total}")
    return stated if stated is not None else total


def _items(receipt: dict[str, Any], where: str, tax_type: str) -> tuple[Decimal, Decimal, Decimal]:
    amounts, vats, cities = [], [], []
    for index, item in enumerate(_list(receipt, "items", where)):
        at = f"{where}items[{index}]."
        _text(item, "name", at)
        _text(item, "measureUnit", at)   # required by the spec (the items' schema), as name, qty and prices are
        qty = _amount(item, "qty", at)
        _amount(item, "unitPrice", at)
        gross = _amount(item, "totalAmount", at)
        assert qty is not None and gross is not None
        if qty <= 0:
            raise Refusal(f"{at}qty must be above 0")
        bar_type = item.get("barCodeType")
        if bar_type not in (None, "") and bar_type not in BAR_CODE_TYPES:
            raise Refusal(f"{at}barCodeType must be one of {', '.join(BAR_CODE_TYPES)}")
        if item.get("barCode") is not None and not isinstance(item["barCode"], str):
            raise Refusal(f"{at}barCode must be a string")
        if tax_type in TAX_CODE_REQUIRED and not _text(item, "taxProductCode", at, required=False):
            raise Refusal(f"{at}taxProductCode is required for taxType {tax_type}")
        if item.get("data") is not None and not isinstance(item["data"], dict):
            raise Refusal(f"{at}data must be an object")
        taxes = item_taxes(gross, tax_type, _amount(item, "totalVAT", at, False),
                           _amount(item, "totalCityTax", at, False))
        if isinstance(taxes, str):
            raise Refusal(f"{at}{taxes}")
        item.setdefault("totalVAT", None)
        item.setdefault("totalCityTax", None)
        item["totalVAT"] = item["totalVAT"] if item["totalVAT"] is not None else taxes[0]
        item["totalCityTax"] = item["totalCityTax"] if item["totalCityTax"] is not None else taxes[1]
        amounts.append(gross)
        vats.append(taxes[0])
        cities.append(taxes[1])
    count = len(amounts)
    total = _sum_matches(_amount(receipt, "totalAmount", where), amounts, f"{where}totalAmount", 0)
    return (total, _sum_matches(_amount(receipt, "totalVAT", where, False), vats, f"{where}totalVAT", count),
            _sum_matches(_amount(receipt, "totalCityTax", where, False), cities, f"{where}totalCityTax", count))


def _payments(body: dict[str, Any], total: Decimal) -> None:
    payments = body.get("payments")
    if payments is None or payments == []:
        return   # the spec does not require payments
    paid = Decimal(0)
    for index, payment in enumerate(_list(body, "payments")):
        at = f"payments[{index}]."
        if payment.get("code") not in PAYMENT_CODES:
            raise Refusal(f"{at}code must be one of {', '.join(PAYMENT_CODES)}")
        if payment.get("status") not in PAYMENT_STATUSES:
            raise Refusal(f"{at}status must be one of {', '.join(PAYMENT_STATUSES)}")
        amount = _amount(payment, "paidAmount", at)
        assert amount is not None
        data = payment.get("data")
        if data not in (None, {}):
            if not isinstance(data, dict):
                raise Refusal(f"{at}data must be an object")
            for key in CARD_FIELDS:
                _text(data, key, f"{at}data.")
            if not isinstance(data.get("easy"), bool):
                raise Refusal(f"{at}data.easy must be true or false")
        if payment["status"] == "PAID":
            paid += amount
    if paid < total:
        raise Refusal(f"the PAID payments ({paid}) do not cover totalAmount {total}", status="PAYMENT")
    if paid > total:
        raise Refusal(f"the PAID payments ({paid}) exceed totalAmount {total}")


def _report_month(sandbox: "PosApiSandbox", body: dict[str, Any], kind: str) -> None:
    month = _text(body, "reportMonth", required=False)
    if not month:
        return
    if not kind.startswith("B2B_"):
        raise Refusal("reportMonth is allowed on B2B_RECEIPT and B2B_INVOICE only")
    match = REPORT_MONTH.match(month)
    now = sandbox.clock.now()
    previous = (now.replace(day=1) - timedelta(days=1))
    if match is None:
        raise Refusal("reportMonth must be a month, yyyy-MM")
    if now.day > 7 or (int(match[1]), int(match[2])) != (previous.year, previous.month):
        raise Refusal("a receipt for the previous month (reportMonth) can be issued on days 1 to 7 only")


def _customer(sandbox: "PosApiSandbox", body: dict[str, Any], kind: str) -> None:
    customer = _text(body, "customerTin", required=False)
    consumer = _text(body, "consumerNo", required=False)
    if kind.startswith("B2B_"):
        if not customer:
            raise Refusal(f"customerTin is required for {kind}")
        if sandbox.taxpayer_by_tin(customer) is None:
            raise Refusal(f"customerTin {customer} is not a registered taxpayer")
        if consumer:
            raise Refusal("consumerNo is allowed on B2C_RECEIPT only")
    else:
        if customer:
            raise Refusal(f"customerTin is for B2B receipts only, not {kind}")
        if consumer and kind != "B2C_RECEIPT":
            raise Refusal("consumerNo is allowed on B2C_RECEIPT only")
        if consumer and not CONSUMER_NO.match(consumer):
            raise Refusal("consumerNo must be the consumer's 8-digit ebarimt number")


def _bank_account(sandbox: "PosApiSandbox", receipt: dict[str, Any], head_tin: str, where: str) -> int | None:
    number = _text(receipt, "bankAccountNo", where, required=False)
    iban = _text(receipt, "iBan", where, required=False)
    tins = (_text(receipt, "merchantTin", where), head_tin)
    accounts = [a for a in sandbox.bank_accounts if a.tin in tins]
    if number or iban:
        for account in accounts:
            if (not number or account.account_no == number) and (not iban or account.iban == iban):
                return account.id
        raise Refusal(f"{where}bankAccountNo / iBan is not an account registered for the merchant")
    return accounts[0].id if accounts else None


def digits(count: int) -> str:
    return "".join(secrets.choice(string.digits) for _ in range(count))


def issue(sandbox: "PosApiSandbox", body: dict[str, Any]) -> dict[str, Any]:
    """Check the request as PosAPI would and issue the receipt; Refusal otherwise."""
    body = copy.deepcopy(body)
    for key in ("branchNo", "posNo", "billIdSuffix"):
        _text(body, key)
    kind = _text(body, "type")
    if kind not in TYPES:
        raise Refusal(f"type must be one of {', '.join(TYPES)}, not {kind!r}")
    merchant_tin = _text(body, "merchantTin")
    total = _amount(body, "totalAmount", "")
    district = _text(body, "districtCode", required=False)
    if district and not DISTRICT.match(district):
        raise Refusal("districtCode must be 4 digits")
    for key in ("data",):
        if body.get(key) is not None and not isinstance(body[key], dict):
            raise Refusal(f"{key} must be an object")
    with sandbox.lock:
        now = sandbox.clock.now()
        if now - sandbox.last_sent > timedelta(hours=sandbox.options.max_unsent_hours):
            raise Refusal(f"receipts have not been sent for over {sandbox.options.max_unsent_hours} hours "
                          f"(lastSentDate {stamp(sandbox.last_sent)}): call /rest/sendData")
        if merchant_tin not in sandbox.merchants:
            raise Refusal(f"merchantTin {merchant_tin} is not registered on this PosAPI")
        _customer(sandbox, body, kind)
        _report_month(sandbox, body, kind)
        totals = []
        for index, receipt in enumerate(_list(body, "receipts")):
            where = f"receipts[{index}]."
            tax_type = _text(receipt, "taxType", where)
            if tax_type not in VAT_TYPES:
                raise Refusal(f"{where}taxType must be one of {', '.join(VAT_TYPES)}")
            if sandbox.taxpayer_by_tin(_text(receipt, "merchantTin", where)) is None:
                raise Refusal(f"{where}merchantTin is not a registered taxpayer")
            totals.append(_items(receipt, where, tax_type))
            receipt["totalVAT"], receipt["totalCityTax"] = (
                receipt.get("totalVAT") if receipt.get("totalVAT") is not None else totals[-1][1],
                receipt.get("totalCityTax") if receipt.get("totalCityTax") is not None else totals[-1][2])
        count = sum(len(r["items"]) for r in body["receipts"])
        _sum_matches(total, [t[0] for t in totals], "totalAmount", 0)
        vat = _sum_matches(_amount(body, "totalVAT", "", False), [t[1] for t in totals], "totalVAT", count)
        city = _sum_matches(_amount(body, "totalCityTax", "", False), [t[2] for t in totals], "totalCityTax",
                            count)
        assert total is not None
        _payments(body, total)
        accounts = [_bank_account(sandbox, r, merchant_tin, f"receipts[{i}].") for i, r in enumerate(body["receipts"])]
        suffix_key = (merchant_tin, now.date().isoformat(), body["billIdSuffix"])
        if suffix_key in sandbox.bill_suffixes:
            raise Refusal(f"billIdSuffix {body['billIdSuffix']} was already used today")
        replaced = _replaced(sandbox, body, merchant_tin)
        lottery = ""
        if kind == "B2C_RECEIPT":
            if replaced is not None:
                lottery = replaced["lottery"]   # a correction keeps the lottery of the receipt it replaces
            elif sandbox.left_lotteries > 0:
                lottery = ("".join(secrets.choice(string.ascii_uppercase) for _ in range(2)) + " " + digits(8))
                sandbox.left_lotteries -= 1
            elif sandbox.options.lotteries_out == "refuse":
                raise Refusal("no lottery numbers left on this PosAPI: call /rest/sendData")
        sandbox.bill_suffixes.add(suffix_key)
        if replaced is not None:
            replaced["state"] = "CORRECTED"
        when = stamp(now)
        receipt_id = sandbox.next_id(merchant_tin, now)
        qr = digits(106)
        body.update({"id": receipt_id, "version": sandbox.options.version, "posId": sandbox.options.pos_id,
                     "status": "SUCCESS", "message": "", "qrData": qr, "qrDate": qr, "lottery": lottery,
                     "date": when, "easy": bool(EASY_CONSUMER.match(body.get("consumerNo") or "")),
                     "totalVAT": vat, "totalCityTax": city})
        for receipt, account in zip(body["receipts"], accounts, strict=True):
            receipt["id"] = sandbox.next_id(receipt["merchantTin"], now)
            receipt["bankAccountId"] = account
        sandbox.receipts[receipt_id] = {"id": receipt_id, "type": kind, "date": when, "lottery": lottery,
                                        "state": "ACTIVE", "sent": False, "easy": body["easy"],
                                        "merchantTin": merchant_tin, "response": body}
        return body


def _replaced(sandbox: "PosApiSandbox", body: dict[str, Any], merchant_tin: str) -> dict[str, Any] | None:
    inactive = _text(body, "inactiveId", required=False)
    if not inactive:
        return None
    record = sandbox.receipts.get(inactive)
    if record is None or record["merchantTin"] != merchant_tin:
        raise Refusal(f"inactiveId {inactive} is not a receipt of this merchant")
    if record["state"] != "ACTIVE":
        raise Refusal(f"inactiveId {inactive} was already {record['state'].lower()}")
    return record


def return_receipt(sandbox: "PosApiSandbox", body: dict[str, Any]) -> None:
    """DELETE /rest/receipt: make a B2C receipt inactive (returned goods, a receipt made in error)."""
    receipt_id = _text(body, "id")
    when = _text(body, "date")
    try:
        parse_stamp(when)
    except ValueError:
        raise Refusal('date must be the receipt\'s date as "yyyy-MM-dd HH:mm:ss"', http=400) from None
    with sandbox.lock:
        record = sandbox.receipts.get(receipt_id)
        if record is None:
            raise Refusal(f"no receipt {receipt_id}", http=404)
        if record["date"] != when:
            raise Refusal(f"receipt {receipt_id} was not issued at {when}", http=400)
        if record["type"] != "B2C_RECEIPT":
            raise Refusal("only B2C_RECEIPT receipts are returned here; correct others with inactiveId", http=400)
        if record["state"] != "ACTIVE":
            raise Refusal(f"receipt {receipt_id} was already {record['state'].lower().replace('_', ' ')}",
                          http=400)
        # A receipt the citizen confirmed (easy) waits for their approval in the ebarimt app.
        record["state"] = "UNCONFIRMED_RETURN" if record["easy"] else "RETURNED"
        record["returned"] = stamp(sandbox.clock.now())
