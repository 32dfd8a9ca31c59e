"""QPay's `/v2` API as the tills see it through the store: the same paths and answers, each call forwarded
with the store's one QPay session. A till logs in with its own key; it sees and touches only its own invoices
and payments (`ownership`; another till's read as not found).

A create is claimed for the till before it is forwarded, and its callback URL becomes the store's, so QPay's
callback reaches the store (which pushes a hint to the till: `push`). A create the till sends again (its
answer was lost) is looked up at QPay by `sender_invoice_no`, never sent twice (`creating`).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from fastapi import APIRouter, Request
from starlette.concurrency import run_in_threadpool

from pos_app.qpay.fields import decimal_to_json_number
from pos_app.qpay.transport import NO_BODY
from pos_app.qpay.wire import segment

from . import creating, ownership
from .callers import bearer_token, key_caller, till_of, token_till
from .credentials import Caller
from .errors import StoreError, not_found
from .ids import body_id, path_id
from .jsonio import StoreJSON, WrittenJSON, read_json

router = APIRouter(prefix="/v2")


def _store(request: Request) -> Any:
    return request.app.state.store


async def _json_object(request: Request) -> dict[str, Any]:
    """The till's body, its numbers with a fraction as `Decimal` (`read_json`: exact, never a float)."""
    try:
        body = read_json(await request.body())
    except ValueError as exc:
        raise StoreError(400, "INVALID_PARAMETERS", f"the body is not JSON the store takes: {exc}") from None
    if not isinstance(body, dict):
        raise StoreError(400, "INVALID_PARAMETERS", "the body is not a JSON object")
    return body


def _for_qpay(value: Any) -> Any:
    """A till's body as the QPay client sends it (`json.dumps`): each `Decimal` as an int or a float whose text
    is exactly that decimal (`decimal_to_json_number`); one that no float carries exactly is refused (400),
    never rounded on its way to QPay. (`read_json` bounds the nesting, so this recursion is shallow.)"""
    if isinstance(value, Decimal):
        try:
            return decimal_to_json_number(value)
        except (ValueError, ArithmeticError):
            raise StoreError(400, "INVALID_PARAMETERS", f"the number {value} cannot be sent exactly") from None
    if isinstance(value, dict):
        return {key: _for_qpay(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_for_qpay(item) for item in value]
    return value


def _id(value: str, what: str) -> str:
    """An id from the till's path, safe in QPay's (quoted: "../x" stays one segment); one that names nothing
    is not found (`path_id`)."""
    return segment(path_id(value, what))


@router.post("/auth/token")
def token(request: Request) -> StoreJSON:
    caller = key_caller(request)
    if not caller.is_till:
        raise StoreError(401, "AUTHENTICATION_FAILED", "only a till logs in here")
    return StoreJSON(_store(request).tokens.pair(caller))


@router.post("/auth/refresh")
def refresh(request: Request) -> StoreJSON:
    till, tokens = token_till(request, "refresh"), _store(request).tokens
    if not tokens.use_refresh(bearer_token(request) or ""):
        # QPay's rotate: a refresh token gives one new pair; the till logs in again with its key.
        raise StoreError(401, "AUTHENTICATION_FAILED", "the refresh token was used already (log in again)")
    return StoreJSON(tokens.pair(till))


# -- invoices -------------------------------------------------------------------------------------------------

@router.post("/invoice")
async def create_invoice(request: Request) -> StoreJSON:
    till = await till_of(request)       # who asks, before a byte of the body is read
    body = await _json_object(request)
    return StoreJSON(await _in_thread(creating.create, _store(request), till, body))


@router.get("/invoice/{invoice_id}")
async def get_invoice(invoice_id: str, request: Request) -> WrittenJSON:
    till, store, path = await till_of(request), _store(request), f"/v2/invoice/{_id(invoice_id, 'invoice')}"
    await _require_invoice(store, till, invoice_id)
    return WrittenJSON(await store.upstream.read("GET", path))


@router.delete("/invoice/{invoice_id}")
def cancel_invoice(invoice_id: str, request: Request) -> StoreJSON:
    store, till, path = _store(request), token_till(request), f"/v2/invoice/{_id(invoice_id, 'invoice')}"
    ownership.require_invoice(store, till, invoice_id)
    return StoreJSON(store.upstream.call("DELETE", path, safe_to_repeat=False))


@router.post("/invoice/list")
async def list_invoices(request: Request) -> StoreJSON:
    till, body = await till_of(request), await _json_object(request)
    return StoreJSON(await _in_thread(_list, _store(request), till, body))


def _list(store: Any, till: Caller, body: dict[str, Any]) -> Any:
    sender = body.get("sender_invoice_no")
    if isinstance(sender, str) and sender and not ownership.may_list(store, till, sender):
        return {"count": 0, "rows": []}
    if store.invoice_code and body.get("invoice_code"):
        body = {**body, "invoice_code": store.invoice_code}   # the code the store put on the till's invoices
    answer = store.upstream.call("POST", "/v2/invoice/list", _for_qpay(body), safe_to_repeat=True)
    return ownership.only_own_rows(store, till, answer)


@router.post("/invoice/check")
async def check_invoice(request: Request) -> WrittenJSON:
    return await _forward_for_invoice(request, "/v2/invoice/check")


@router.post("/payment/check")
async def check_payment(request: Request) -> WrittenJSON:
    return await _forward_for_invoice(request, "/v2/payment/check")


@router.post("/payment/list")
async def list_payments(request: Request) -> WrittenJSON:
    return await _forward_for_invoice(request, "/v2/payment/list")


async def _forward_for_invoice(request: Request, path: str) -> WrittenJSON:
    """A read about one invoice (`object_id` in the body): the till's own only."""
    till, body = await till_of(request), await _json_object(request)
    if str(body.get("object_type") or "INVOICE").upper() != "INVOICE":
        raise StoreError(400, "INVALID_PARAMETERS", "a till reads its own invoices' payments only")
    store = _store(request)
    await _require_invoice(store, till, body_id(body, "object_id", "invoice"))
    return WrittenJSON(await store.upstream.read("POST", path, _for_qpay(body)))


async def _require_invoice(store: Any, till: Caller, invoice_id: str) -> None:
    """`ownership.require_invoice`, on a worker thread unless the invoice's owner is remembered (a till's polls
    of one invoice: the first looked it up)."""
    if store.invoices.remembered_owner(invoice_id) != till.name:
        await _in_thread(ownership.require_invoice, store, till, invoice_id)


# -- payments and their receipts --------------------------------------------------------------------------------

@router.get("/payment/{payment_id}")
def get_payment(payment_id: str, request: Request) -> StoreJSON:
    store, till = _store(request), token_till(request)
    return StoreJSON(ownership.require_payment(store, till, path_id(payment_id, "payment")))


@router.api_route("/payment/{action}/{payment_id}", methods=["POST", "DELETE"])
async def undo_payment(action: str, payment_id: str, request: Request) -> StoreJSON:
    if action not in ("cancel", "refund"):
        raise not_found("path")
    till, store = await till_of(request), _store(request)
    path = f"/v2/payment/{action}/{_id(payment_id, 'payment')}"
    body = await request.body()
    payload = _for_qpay(await _json_object(request)) if body.strip() else NO_BODY
    await _in_thread(ownership.require_payment, store, till, payment_id)
    return StoreJSON(await _in_thread(store.upstream.call, request.method, path, payload, safe_to_repeat=False))


@router.post("/ebarimt_v3/create")
async def create_ebarimt(request: Request) -> StoreJSON:
    till, body = await till_of(request), await _json_object(request)
    store = _store(request)
    await _in_thread(ownership.require_payment, store, till, body_id(body, "payment_id", "payment"))
    return StoreJSON(await _in_thread(store.upstream.call, "POST", "/v2/ebarimt_v3/create", _for_qpay(body),
                                      safe_to_repeat=False))


@router.api_route("/ebarimt_v3/{payment_id}", methods=["GET", "DELETE"])
async def ebarimt_of_payment(payment_id: str, request: Request) -> StoreJSON:
    till, store = await till_of(request), _store(request)
    path = f"/v2/ebarimt_v3/{_id(payment_id, 'payment')}"
    await _in_thread(ownership.require_payment, store, till, payment_id)
    return StoreJSON(await _in_thread(store.upstream.call, request.method, path,
                                      safe_to_repeat=request.method == "GET"))


async def _in_thread(function: Any, *args: Any, **kwargs: Any) -> Any:
    """A blocking call (QPay, the database) off the event loop."""
    return await run_in_threadpool(function, *args, **kwargs)
