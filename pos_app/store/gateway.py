"""QPay's `/v2` API as the tills see it through the store: the same paths and answers, each call forwarded
with the store's one QPay session. A till logs in with its own key; it sees and touches only its own invoices
and payments (another till's read as not found).

A create is claimed for the till before it is forwarded, and its callback URL becomes the store's, so QPay's
callback reaches the store (which pushes a hint to the till: `push`). A create the till sends again (its
answer was lost) is looked up at QPay by `sender_invoice_no` before anything is sent again.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from starlette.concurrency import run_in_threadpool

from .callers import key_caller, token_till
from .credentials import Caller
from .errors import StoreError, not_found
from .invoice_rows import TakenByAnotherTill
from .upstream import NO_BODY

router = APIRouter(prefix="/v2")


def _store(request: Request) -> Any:
    return request.app.state.store


async def _json_object(request: Request) -> dict[str, Any]:
    try:
        body = await request.json()
    except ValueError:
        raise StoreError(400, "INVALID_PARAMETERS", "the body is not JSON") from None
    if not isinstance(body, dict):
        raise StoreError(400, "INVALID_PARAMETERS", "the body is not a JSON object")
    return body


@router.post("/auth/token")
def token(request: Request) -> JSONResponse:
    caller = key_caller(request)
    if not caller.is_till:
        raise StoreError(401, "AUTHENTICATION_FAILED", "only a till logs in here")
    return JSONResponse(_store(request).tokens.pair(caller.name))


@router.post("/auth/refresh")
def refresh(request: Request) -> JSONResponse:
    return JSONResponse(_store(request).tokens.pair(token_till(request, "refresh").name))


# -- invoices -------------------------------------------------------------------------------------------------

@router.post("/invoice")
async def create_invoice(request: Request) -> JSONResponse:
    body = await _json_object(request)
    till = await _in_thread(token_till, request)
    return await _in_thread(_create, _store(request), till, body)


def _create(store: Any, till: Caller, body: dict[str, Any]) -> JSONResponse:
    sender_invoice_no = body.get("sender_invoice_no")
    if not isinstance(sender_invoice_no, str) or not sender_invoice_no.strip():
        raise StoreError(400, "INVALID_PARAMETERS", "sender_invoice_no is required")
    try:
        row, new = store.invoices.claim(till.name, sender_invoice_no, str(body.get("callback_url") or ""))
    except TakenByAnotherTill:
        raise StoreError(409, "INVOICE_NO_TAKEN", "another till uses this sender_invoice_no") from None
    found = None if new else store.upstream.find_invoice(sender_invoice_no)
    forwarded = {**body, "callback_url": store.callback_url(row.ref)}
    if store.invoice_code:
        forwarded["invoice_code"] = store.invoice_code
    created = found or store.upstream.create_invoice(forwarded)
    store.invoices.made(row.ref, created.invoice_id)
    return JSONResponse(created.model_dump(mode="json", by_alias=True, exclude_none=True,
                                           exclude={"recovered"}))


def _own_invoice(store: Any, till: Caller, invoice_id: str) -> None:
    if store.invoices.owner(invoice_id) != till.name:
        raise not_found("invoice")


@router.get("/invoice/{invoice_id}")
def get_invoice(invoice_id: str, request: Request) -> JSONResponse:
    store, till = _store(request), token_till(request)
    _own_invoice(store, till, invoice_id)
    return JSONResponse(store.upstream.call("GET", f"/v2/invoice/{invoice_id}", safe_to_repeat=True))


@router.delete("/invoice/{invoice_id}")
def cancel_invoice(invoice_id: str, request: Request) -> JSONResponse:
    store, till = _store(request), token_till(request)
    _own_invoice(store, till, invoice_id)
    return JSONResponse(store.upstream.call("DELETE", f"/v2/invoice/{invoice_id}", safe_to_repeat=False))


@router.post("/invoice/list")
async def list_invoices(request: Request) -> JSONResponse:
    body, till = await _json_object(request), await _in_thread(token_till, request)
    return JSONResponse(await _in_thread(_list, _store(request), till, body))


def _list(store: Any, till: Caller, body: dict[str, Any]) -> Any:
    sender = body.get("sender_invoice_no")
    if isinstance(sender, str) and sender:
        row = store.invoices.by_sender(sender)
        if row is None or row.till != till.name:
            return {"count": 0, "rows": []}
    return _only_own_rows(store, till, store.upstream.call("POST", "/v2/invoice/list", body, safe_to_repeat=True))


def _only_own_rows(store: Any, till: Caller, answer: Any) -> Any:
    if not isinstance(answer, dict) or not isinstance(answer.get("rows"), list):
        return answer
    rows = [row for row in answer["rows"] if isinstance(row, dict) and _is_own_row(store, till, row)]
    return {**answer, "count": len(rows), "rows": rows}


def _is_own_row(store: Any, till: Caller, row: dict[str, Any]) -> bool:
    invoice_id = str(row.get("invoice_id") or "")
    owner = store.invoices.owner(invoice_id)
    if owner is not None:
        return bool(owner == till.name)
    # Not yet known by its id: QPay made it, but the store stopped before it heard the id (killed, or the
    # answer was lost). The till's claim on its sender_invoice_no makes it the till's; the id is kept now.
    claim = store.invoices.by_sender(str(row.get("sender_invoice_no") or ""))
    if claim is None or claim.till != till.name or not invoice_id:
        return False
    if claim.invoice_id is None:
        store.invoices.made(claim.ref, invoice_id)
    return claim.invoice_id in (None, invoice_id)


@router.post("/invoice/check")
async def check_invoice(request: Request) -> JSONResponse:
    return await _forward_for_object(request, "/v2/invoice/check")


@router.post("/payment/check")
async def check_payment(request: Request) -> JSONResponse:
    return await _forward_for_object(request, "/v2/payment/check")


@router.post("/payment/list")
async def list_payments(request: Request) -> JSONResponse:
    return await _forward_for_object(request, "/v2/payment/list")


async def _forward_for_object(request: Request, path: str) -> JSONResponse:
    """A read about one invoice (`object_id` in the body): the till's own only."""
    body, till = await _json_object(request), await _in_thread(token_till, request)
    store = _store(request)
    _own_invoice(store, till, str(body.get("object_id", "")))
    return JSONResponse(await _in_thread(store.upstream.call, "POST", path, body, safe_to_repeat=True))


# -- payments and their receipts --------------------------------------------------------------------------------

def _own_payment(store: Any, till: Caller, payment_id: str) -> Any:
    payment = store.upstream.call("GET", f"/v2/payment/{payment_id}", safe_to_repeat=True)
    invoice_id = payment.get("object_id") if isinstance(payment, dict) else None
    if not invoice_id or store.invoices.owner(str(invoice_id)) != till.name:
        raise not_found("payment")
    return payment


@router.get("/payment/{payment_id}")
def get_payment(payment_id: str, request: Request) -> JSONResponse:
    return JSONResponse(_own_payment(_store(request), token_till(request), payment_id))


@router.api_route("/payment/{action}/{payment_id}", methods=["POST", "DELETE"])
async def undo_payment(action: str, payment_id: str, request: Request) -> JSONResponse:
    if action not in ("cancel", "refund"):
        raise not_found("path")
    till, store = await _in_thread(token_till, request), _store(request)
    body = await request.body()
    payload = await _json_object(request) if body.strip() else NO_BODY
    await _in_thread(_own_payment, store, till, payment_id)
    return JSONResponse(await _in_thread(store.upstream.call, request.method, f"/v2/payment/{action}/{payment_id}",
                                         payload, safe_to_repeat=False))


@router.post("/ebarimt_v3/create")
async def create_ebarimt(request: Request) -> JSONResponse:
    body, till = await _json_object(request), await _in_thread(token_till, request)
    store = _store(request)
    await _in_thread(_own_payment, store, till, str(body.get("payment_id", "")))
    return JSONResponse(await _in_thread(store.upstream.call, "POST", "/v2/ebarimt_v3/create", body,
                                         safe_to_repeat=False))


@router.api_route("/ebarimt_v3/{payment_id}", methods=["GET", "DELETE"])
async def ebarimt_of_payment(payment_id: str, request: Request) -> JSONResponse:
    till, store = await _in_thread(token_till, request), _store(request)
    await _in_thread(_own_payment, store, till, payment_id)
    return JSONResponse(await _in_thread(store.upstream.call, request.method, f"/v2/ebarimt_v3/{payment_id}",
                                         safe_to_repeat=request.method == "GET"))


async def _in_thread(function: Any, *args: Any, **kwargs: Any) -> Any:
    """A blocking call (QPay, the database) off the event loop."""
    return await run_in_threadpool(function, *args, **kwargs)
