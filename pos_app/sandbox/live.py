"""The sandbox's profiles: the contract's answers, or the live service's variants of them.

`ContractProfile` leaves every answer as the contract endpoints build it. `LiveProfile` reshapes
them as `shared/spec/real-service-notes.md` says the live QPay service answers (see
docs/sandbox.md, "The live profile"). The handlers consult the profile; the shaping lives here.
"""

from __future__ import annotations

import re
import threading
import uuid
import zlib
from decimal import ROUND_HALF_UP, Decimal
from typing import Any, ClassVar

from .banks import BANK_APPS
from .errors import ApiError
from .state import State
from .taxes import CENT, money

PROFILES = ("contract", "live")
EMPTY_QR_EVERY = 5                 # live: every 5th invoice since the start or a reset has qr_image ""
FEE_RATE = Decimal("0.01")         # live: the 1 % fee behind "99.00" net of "100.00"
FAILING_PAGE_LIMIT = 1000          # live: payment list fails with 500 from this page_limit up
RECEIVER_ALIASES = {"CITIZEN": "83", "COMPANY": "84"}
LIVE_RECEIVER = {"83": "CITIZEN", "84": "COMPANY"}
LIVE_BARIMT_STATUS = {"CREATED": "REGISTERED", "CANCELLED": "CANCELED"}
LIVE_CODES = {"NO_CREDENDIALS": "NO_CREDENTIALS", "INVALID_PARAMETERS": "VALIDATION_ERROR",
              "INTERNAL_SERVER_ERROR": "INTERNAL_ERROR", "BAD_REQUEST": "VALIDATION_ERROR",
              "FORBIDDEN": "FORBIDDEN_ERROR", "CONFLICT": "UNIQUE_ERROR",
              "UNPROCESSABLE_ENTITY": "NOT_FOUND_ERROR"}
CARD_PREFIX = {"VISA": "411111", "MASTERCARD": "512345", "UNIONPAY": "625094"}
CARD_STATUS = {"PAID": "SUCCESS", "NEW": "PENDING"}
WALLET_APPS = {bank.name: bank for bank in BANK_APPS}
PHONE = re.compile(r"^[0-9]{8}$")
CITIZEN_REGISTER = re.compile(r"^[А-ЯЁӨҮ]{2}[0-9]{8}$")


class ContractProfile:
    """As the contract says: every hook answers what it is given."""

    name = "contract"
    live = False
    reversal_method = "POST"
    receiver_aliases: ClassVar[dict[str, str]] = {}
    payment_statuses: tuple[str, ...] = ("PAID",)

    def reset(self) -> None:
        pass

    def error(self, path: str, status: int, code: str, message: str,
              live: tuple[int, str] | None = None, *, remap: bool = True) -> tuple[int, dict[str, Any]]:
        return status, {"error_code": code, "message": message}

    def token_pair(self, pair: dict[str, Any], *, login: bool) -> dict[str, Any]:
        return pair

    def invoice_created(self, state: State, created: dict[str, Any]) -> dict[str, Any]:
        return created

    def invoice_detail(self, detail: dict[str, Any]) -> dict[str, Any]:
        return detail

    def cancelled_invoice(self) -> Any:
        return None   # an empty body

    def check(self, answer: dict[str, Any], state: State) -> dict[str, Any]:
        return answer

    def payment_detail(self, detail: dict[str, Any], state: State) -> dict[str, Any]:
        return detail

    def before_payment_list(self, body: dict[str, Any]) -> None:
        pass

    def payment_list(self, answer: dict[str, Any], state: State) -> dict[str, Any]:
        return answer

    def ebarimt(self, view: dict[str, Any], state: State) -> dict[str, Any]:
        return view

    def ebarimt_cancelled(self, answer: dict[str, Any]) -> dict[str, Any]:
        return answer


class LiveProfile(ContractProfile):
    """As the live service answers (real-service-notes.md), where a careful reading agrees."""

    name = "live"
    live = True
    reversal_method = "DELETE"
    receiver_aliases = RECEIVER_ALIASES
    payment_statuses = ("PAID", "NEW", "FAILED", "PARTIAL")

    def __init__(self) -> None:
        self._created = 0
        self._lock = threading.Lock()

    def reset(self) -> None:
        with self._lock:
            self._created = 0

    # -- errors ---------------------------------------------------------------------------------
    def error(self, path: str, status: int, code: str, message: str,
              live: tuple[int, str] | None = None, *, remap: bool = True) -> tuple[int, dict[str, Any]]:
        if not path.startswith("/v2"):   # the control API keeps the sandbox's own envelope
            return super().error(path, status, code, message)
        if live is not None:
            status, code = live
        elif remap and status == 404 and code != "NOT_FOUND":
            status = 422                  # "HTTP 422 for not-found"
        if code == "INVALID_PARAMETERS":
            return status, {"error": "VALIDATION_ERROR", "message": field_problem(message)}
        return status, {"error": LIVE_CODES.get(code, code), "message": message}

    # -- tokens ---------------------------------------------------------------------------------
    def token_pair(self, pair: dict[str, Any], *, login: bool) -> dict[str, Any]:
        # "not-before-policy has been seen as a number as well as a string": the refresh answer has the
        # number, the login the string (public clients built from live traffic require the string there).
        return {**pair, "token_type": "bearer", "scope": "profile email",
                "not-before-policy": "0" if login else 0, "session_state": "sandbox"}

    # -- invoices -------------------------------------------------------------------------------
    def invoice_created(self, state: State, created: dict[str, Any]) -> dict[str, Any]:
        with self._lock:
            self._created += 1
            blank = self._created % EMPTY_QR_EVERY == 0
        if blank:   # "qr_image has been seen empty": qr_text can always be drawn locally
            with state.lock:
                record = state.invoices[created["invoice_id"]]
                record["qr_image"] = ""
                state.save("invoice", record)
            created = {**created, "qr_image": ""}
        return created

    def invoice_detail(self, detail: dict[str, Any]) -> dict[str, Any]:
        amounts = ("gross_amount", "tax_amount", "surcharge_amount", "discount_amount")
        detail = {key: money(value) if key in amounts else value for key, value in detail.items()}
        return {**detail, "inputs": detail["inputs"] or []}   # a list, as clients built from live traffic read it

    def cancelled_invoice(self) -> Any:
        return {}

    # -- payments -------------------------------------------------------------------------------
    def check(self, answer: dict[str, Any], state: State) -> dict[str, Any]:
        if not answer["count"]:
            return {"count": 0, "rows": []}   # no paid_amount
        rows = []
        for row in answer["rows"]:
            payment = state.payments[row["payment_id"]]
            row = {**row, "payment_status": live_status(payment, state),
                   "payment_wallet": wallet_app(payment["payment_wallet"])}
            if "trx_fee" in row:
                row["trx_fee"] = fee(payment)
                row["p2p_transactions"] = p2p_elements(payment)
            row.update({"next_payment_date": None, "next_payment_datetime": None})
            rows.append(row)
        return {**answer, "rows": rows}

    def payment_detail(self, detail: dict[str, Any], state: State) -> dict[str, Any]:
        payment = state.payments[detail["payment_id"]]
        return {**detail, "payment_status": live_status(payment, state), "payment_fee": fee(payment),
                "payment_wallet": wallet_id(payment["payment_wallet"]),
                "next_payment_date": None, "next_payment_datetime": None,
                "card_transactions": card_elements(payment), "p2p_transactions": p2p_elements(payment)}

    def before_payment_list(self, body: dict[str, Any]) -> None:
        offset = body.get("offset")
        limit = offset.get("page_limit") if isinstance(offset, dict) else None
        if isinstance(limit, int) and not isinstance(limit, bool) and limit >= FAILING_PAGE_LIMIT:
            raise ApiError(500, "INTERNAL_ERROR", "internal error")   # as the live service fails

    def payment_list(self, answer: dict[str, Any], state: State) -> dict[str, Any]:
        rows = []
        for row in answer["rows"]:
            payment = state.payments[row["payment_id"]]
            rows.append({**row, "payment_status": live_status(payment, state), "payment_fee": fee(payment),
                         "paid_by": payment["transaction_type"]})
        return {**answer, "rows": rows}

    # -- ebarimt --------------------------------------------------------------------------------
    def ebarimt(self, view: dict[str, Any], state: State) -> dict[str, Any]:
        receipt = state.ebarimts[view["id"]]
        payment = state.payments[receipt["payment_id"]]
        sent = receipt.get("receiver_sent") or ""
        citizen = receipt["ebarimt_receiver_type"] == "83"
        receiver = receipt["ebarimt_receiver"] or (sent if citizen and CITIZEN_REGISTER.match(sent) else "")
        histories = [{"barimt_status": LIVE_BARIMT_STATUS[h["status"]], "barimt_status_date": h["status_date"],
                      "status": h["status"] == "CREATED", "ebarimt_bill_id": receipt["id"],
                      "ebarimt_lottery": receipt["ebarimt_lottery"]} for h in receipt["barimt_histories"]]
        items = [{"id": f"{receipt['id']}-{n + 1}", "barimt_id": receipt["id"],
                  "tax_product_code": i["barcode"] or None, "name": i["name"], "amount": i["amount"],
                  "bar_code": i["barcode"],
                  "measure_unit": i["measure_unit"], "quantity": i["quantity"], "unit_price": i["unit_price"],
                  "vat_amount": i["vat"], "city_tax_amount": i["city_tax"], "note": None, "status": True}
                 for n, i in enumerate(receipt["barimt_items"])]
        invoice = state.invoices[payment["invoice_id"]]
        register = state.merchants[receipt["merchant"]].register
        active = receipt["barimt_status"] == "CREATED"
        created = receipt["barimt_histories"][0]["status_date"]
        return {
            "id": receipt["id"], "ebarimt_by": receipt["ebarimt_by"],
            # The document's field table: its spellings and fields next to the example's.
            "g_wallet_id": wallet_id(payment["payment_wallet"]),
            "g_wallet_customer_id": wallet_id(payment["payment_id"]),
            "ebarim_receiver_type": LIVE_RECEIVER[receipt["ebarimt_receiver_type"]],
            "ebarimt_district_code": receipt.get("district_code") or "",
            "ebarimt_bill_type": "1" if citizen else "3", "g_merchant_id": merchant_id(receipt["merchant"]),
            "merchant_branch_code": invoice.get("sender_branch_code") or "", "merchant_terminal_code": None,
            "merchant_staff_code": None, "merchant_register_no": register, "object_type": "INVOICE",
            "object_id": payment["invoice_id"], "note": None,
            "ebarimt_status": "SUCCESS" if active else "CANCELED", "ebarimt_status_date": receipt["barimt_status_date"],
            "created_by": "QPAY", "created_date": created, "updated_by": "QPAY",
            "updated_date": receipt["barimt_status_date"],
            "g_payment_id": receipt["payment_id"],
            "paid_by": payment["transaction_type"],
            "ebarimt_receiver_type": LIVE_RECEIVER[receipt["ebarimt_receiver_type"]],
            "ebarimt_receiver": receiver,
            "ebarimt_receiver_phone": mask_phone(sent) if citizen and PHONE.match(sent) else None,
            "ebarimt_receipt_id": receipt["id"], "merchant_tin": merchant_tin(register),
            "tax_type": "1", "amount": receipt["amount"], "vat_amount": receipt["vat_amount"],
            "city_tax_amount": receipt["city_tax_amount"], "ebarimt_qr_data": receipt["ebarimt_qr_data"],
            "ebarimt_lottery": receipt["ebarimt_lottery"],
            "barimt_status": LIVE_BARIMT_STATUS[receipt["barimt_status"]],
            "barimt_status_date": receipt["barimt_status_date"], "status": receipt["status"],
            "barimt_items": items, "barimt_transactions": receipt["barimt_transactions"],
            "barimt_histories": histories,
        }

    def ebarimt_cancelled(self, answer: dict[str, Any]) -> dict[str, Any]:
        return {**answer, "barimt_status": LIVE_BARIMT_STATUS[answer["barimt_status"]]}


def profile_for(name: str) -> ContractProfile:
    if name == "contract":
        return ContractProfile()
    if name == "live":
        return LiveProfile()
    raise ValueError(f"profile must be one of {PROFILES}, not {name!r}")


# -- the live service's ways of writing things --------------------------------------------------
def field_problem(message: str) -> dict[str, Any]:
    """A validation message as the live document nests it: {field: {type, message}}."""
    field, _, problem = message.partition(" ")
    if not problem or not re.match(r"^[A-Za-z_][\w.\[\]]*$", field):
        return {"body": {"type": "INVALID", "message": message}}
    field = field.removeprefix("offset.")
    kinds = (("from 1", "MIN_NUMBER", "Number min value [1]!"), ("is required", "REQUIRED", None),
             ("must not be empty", "REQUIRED", None), ("characters", "MAX_LENGTH", None),
             ("must be at most", "MAX_NUMBER", None), ("must be a", "TYPE", None),
             ("true or false", "TYPE", None))
    for words, kind, text in kinds:
        if words in problem:
            return {field: {"type": kind, "message": text or message}}
    return {field: {"type": "INVALID", "message": message}}


def live_status(payment: dict[str, Any], state: State) -> str:
    """The status the live service shows: as stored, or `PARTIAL` for a payment the control API made with
    that status (the notes name it without saying what it means: money moved for part of the invoice, as
    the sandbox keeps it, or a payment not yet whole). Only on request, so that a client's reading of it
    is a choice its tests make, never a surprise in a part payment."""
    return str(payment.get("shown_status") or payment["payment_status"])


def fee(payment: dict[str, Any]) -> Decimal:
    """The service's fee (a JSON number here, next to amounts as strings); none on a payment not made."""
    if payment["payment_status"] in ("NEW", "FAILED"):
        return Decimal("0.00")
    return (payment["payment_amount"] * FEE_RATE).quantize(CENT, rounding=ROUND_HALF_UP)


def p2p_elements(payment: dict[str, Any]) -> list[dict[str, Any]]:
    net = money(payment["payment_amount"] - fee(payment))
    return [{"id": f"{payment['payment_id']}{i + 1:02d}", **element, "amount": net}
            for i, element in enumerate(payment["p2p_transactions"])]


def card_elements(payment: dict[str, Any]) -> list[dict[str, Any]]:
    code = zlib.crc32(payment["merchant"].encode()) % 10**9
    return [{
        **element, "card_merchant_code": f"{code:09d}", "card_terminal_code": f"QP{code % 10**6:06d}",
        "card_number": CARD_PREFIX.get(element.get("card_type", ""), "400000") + "******"
                       + payment["payment_id"][-4:],
        "transaction_amount": money(payment["payment_amount"]), "transaction_currency": "MNT",
        "transaction_date": payment["payment_date"],
        "transaction_status": CARD_STATUS.get(payment["payment_status"], payment["payment_status"]),
    } for element in payment["card_transactions"]]


def wallet_app(name: str) -> str:
    """The wallet as check rows name it: the app's name (`Хаан банк апп`)."""
    bank = WALLET_APPS.get(name)
    if bank is None:
        return name
    return bank.description if bank.description.endswith("апп") else f"{bank.description} апп"


def wallet_id(name: str) -> str:
    """The wallet as Get Payment names it: an id."""
    return str(uuid.uuid5(uuid.NAMESPACE_URL, f"pos-app-sandbox/wallet/{name}"))


def merchant_tin(register: str) -> str:
    """An 11-digit taxpayer number (TIN) derived from the 7-digit register, as receipts carry both."""
    return "379" + register.rjust(8, "0")[-8:]


def mask_phone(phone: str) -> str:
    """`88114450` -> `88*14*50`, as the live receipt shows it."""
    return f"{phone[:2]}*{phone[3:5]}*{phone[6:]}"


def merchant_id(username: str) -> str:
    return str(uuid.uuid5(uuid.NAMESPACE_URL, f"pos-app-sandbox/merchant/{username}"))
