"""The PosAPI's own service under /rest: receipts, info, sendData, bank accounts."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fastapi import APIRouter, Request, Response

from .jsonio import BadJson, PosJSON, error_body, parse_object
from .receipts import Refusal, issue, return_receipt

if TYPE_CHECKING:
    from .service import PosApiSandbox

router = APIRouter(prefix="/rest", default_response_class=PosJSON, tags=["PosAPI 3.0"])
BODY_DOC = {"requestBody": {"required": True, "content": {"application/json": {"schema": {"type": "object"}}}}}


def _sandbox(request: Request) -> "PosApiSandbox":
    return request.app.state.sandbox


def _receipt_error(sandbox: "PosApiSandbox", refusal: Refusal) -> PosJSON:
    """A refused receipt: the 200 answer's shape (every required key) with status ERROR or PAYMENT."""
    body: dict[str, Any] = {"id": "", "posId": sandbox.options.pos_id, "version": sandbox.options.version,
                            "qrData": "", "qrDate": "", "lottery": "", "easy": False, "receipts": []}
    body.update(error_body(sandbox, refusal.message, refusal.status))
    return PosJSON(body, status_code=refusal.http or sandbox.options.receipt_error_status)


async def _body(request: Request) -> dict[str, Any]:
    try:
        return parse_object(await request.body())
    except BadJson as exc:
        raise Refusal(str(exc), http=400) from None


@router.post("/receipt", summary="Issue a receipt (Төлбөрийн баримт хадгалах)", openapi_extra=BODY_DOC)
async def post_receipt(request: Request) -> PosJSON:
    sandbox = _sandbox(request)
    try:
        return PosJSON(issue(sandbox, await _body(request)))
    except Refusal as refusal:
        return _receipt_error(sandbox, refusal)


@router.delete("/receipt", summary="Return a receipt (Төлбөрийн баримт буцаах)", openapi_extra=BODY_DOC)
async def delete_receipt(request: Request) -> Response:
    sandbox = _sandbox(request)
    try:
        return_receipt(sandbox, await _body(request))
    except Refusal as refusal:
        return PosJSON(error_body(sandbox, refusal.message), status_code=refusal.http or 400)
    return Response(status_code=200)   # the spec: "200 OK", no body


@router.get("/info", summary="The PosAPI's settings and state (Ажиллагааны мэдээлэл)")
def info(request: Request) -> PosJSON:
    return PosJSON(_sandbox(request).info())


@router.get("/sendData", summary="Send the receipts to the central system (Мэдээлэл илгээх)")
def send_data(request: Request) -> PosJSON:
    _sandbox(request).send_data()
    return PosJSON({})


@router.get("/bankAccounts", summary="Bank accounts of the merchants (Банкны дансны мэдээлэл)")
def bank_accounts(request: Request, tin: str | None = None) -> PosJSON:
    sandbox = _sandbox(request)
    with sandbox.lock:
        registered = set(sandbox.merchants)
        for merchant in sandbox.merchants.values():
            registered.update(merchant.customers)
        accounts = [a.view() for a in sandbox.bank_accounts
                    if a.tin in registered and (tin is None or a.tin == tin.strip())]
    return PosJSON(accounts)
