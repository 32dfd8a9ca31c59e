"""The contract's 14 endpoints under /v2."""

from __future__ import annotations

import base64
import secrets
from typing import TYPE_CHECKING

from fastapi import APIRouter, Request, Response
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException

from . import ebarimt, invoices, payments
from .errors import ApiError
from .http import JSON_BODY_DOC, OPTIONAL_JSON_BODY_DOC, SandboxJSON, base_url, bearer_token, json_body

if TYPE_CHECKING:
    from .service import Sandbox

router = APIRouter(prefix="/v2", default_response_class=SandboxJSON)


def _sandbox(request: Request) -> "Sandbox":
    return request.app.state.sandbox


def _merchant(request: Request) -> str:
    """The username behind the request's access token (401 otherwise)."""
    return _sandbox(request).tokens.verify_access(bearer_token(request))


def _no_credentials(message: str) -> ApiError:
    return ApiError(401, "NO_CREDENDIALS", message)  # spelled as in the contract


@router.post("/auth/token", summary="Get token pair (HTTP Basic)")
def token(request: Request) -> SandboxJSON:
    scheme, _, value = request.headers.get("authorization", "").partition(" ")
    if scheme.lower() != "basic" or not value.strip():
        raise _no_credentials("HTTP Basic credentials are required")
    try:
        decoded = base64.b64decode(value.strip(), validate=True).decode("utf-8")
    except ValueError:  # binascii.Error, UnicodeDecodeError, and a non-ASCII payload
        raise _no_credentials("the Authorization header is malformed") from None
    username, colon, password = decoded.partition(":")
    if not colon:
        raise _no_credentials("the Authorization header is malformed")
    sandbox = _sandbox(request)
    merchant = sandbox.state.merchant(username)
    if merchant is None or not secrets.compare_digest(password.encode(), merchant.password.encode()):
        raise ApiError(401, "AUTHENTICATION_FAILED", "invalid username or password")
    return SandboxJSON(sandbox.profile.token_pair(sandbox.tokens.login(username), login=True))


@router.post("/auth/refresh", summary="Refresh token pair")
def refresh(request: Request) -> SandboxJSON:
    sandbox = _sandbox(request)
    return SandboxJSON(sandbox.profile.token_pair(sandbox.tokens.refresh(bearer_token(request)), login=False))


@router.post("/invoice", summary="Create invoice", openapi_extra=JSON_BODY_DOC)
async def create_invoice(request: Request) -> SandboxJSON:
    username = _merchant(request)
    body = await json_body(request)
    sandbox = _sandbox(request)
    # Drawing the QR PNG takes milliseconds: keep it off the event loop.
    created = await run_in_threadpool(invoices.create_invoice, sandbox.state, username, body,
                                      base_url(request), unique_numbers=sandbox.profile.live)
    return SandboxJSON(sandbox.profile.invoice_created(sandbox.state, created))


@router.get("/invoice/{invoice_id}", summary="Get invoice")
def get_invoice(invoice_id: str, request: Request) -> SandboxJSON:
    sandbox = _sandbox(request)
    return SandboxJSON(sandbox.profile.invoice_detail(
        invoices.get_invoice(sandbox.state, _merchant(request), invoice_id, base_url(request))))


@router.delete("/invoice/{invoice_id}", summary="Cancel invoice")
def cancel_invoice(invoice_id: str, request: Request) -> Response:
    sandbox = _sandbox(request)
    invoices.cancel_invoice(sandbox.state, _merchant(request), invoice_id)
    answer = sandbox.profile.cancelled_invoice()
    return Response(status_code=200) if answer is None else SandboxJSON(answer)


@router.post("/invoice/list", summary="List invoices", openapi_extra=JSON_BODY_DOC)
async def list_invoices(request: Request) -> SandboxJSON:
    username = _merchant(request)
    return SandboxJSON(invoices.list_invoices(_sandbox(request).state, username, await json_body(request)))


@router.post("/invoice/check", summary="Check invoice payment", openapi_extra=JSON_BODY_DOC)
async def check_invoice(request: Request) -> SandboxJSON:
    username = _merchant(request)
    body = await json_body(request)
    return _check(request, username, body, full_rows=False)


@router.get("/payment/{payment_id}", summary="Get payment")
def get_payment(payment_id: str, request: Request) -> SandboxJSON:
    username, state = _merchant(request), _sandbox(request).state
    with state.lock:
        detail = payments.get_payment(state, username, payment_id)
        return SandboxJSON(_sandbox(request).profile.payment_detail(detail, state))


@router.post("/payment/check", summary="Check payment", openapi_extra=JSON_BODY_DOC)
async def check_payment(request: Request) -> SandboxJSON:
    username = _merchant(request)
    body = await json_body(request)
    return _check(request, username, body, full_rows=True)


def _check(request: Request, username: str, body: dict, *, full_rows: bool) -> SandboxJSON:
    state = _sandbox(request).state
    with state.lock:
        answer = invoices.check(state, username, body, full_rows=full_rows)
        return SandboxJSON(_sandbox(request).profile.check(answer, state))


@router.post("/payment/list", summary="List payments", openapi_extra=JSON_BODY_DOC)
async def list_payments(request: Request) -> SandboxJSON:
    username = _merchant(request)
    body = await json_body(request)
    sandbox = _sandbox(request)
    sandbox.profile.before_payment_list(body)
    with sandbox.state.lock:
        answer = payments.list_payments(sandbox.state, username, body)
        return SandboxJSON(sandbox.profile.payment_list(answer, sandbox.state))


async def _reverse(request: Request, payment_id: str, new_status: str) -> Response:
    # The contract cancels and refunds by POST, the live service by DELETE: the other method is a 405.
    method = _sandbox(request).profile.reversal_method
    if request.method != method:
        raise HTTPException(405, headers={"Allow": method})
    username = _merchant(request)
    body = await json_body(request, required=False)
    sandbox = _sandbox(request)
    outcome = payments.reverse_payment(sandbox.state, username, payment_id, body, new_status)
    if outcome["callback_url"]:
        sandbox.callbacks.reversal(outcome["callback_url"], payment_id, new_status)
    return Response(status_code=200)


@router.api_route("/payment/cancel/{payment_id}", methods=["POST", "DELETE"], summary="Cancel card payment",
                  description="POST in the contract profile, DELETE in the live one.",
                  openapi_extra=OPTIONAL_JSON_BODY_DOC)
async def cancel_payment(payment_id: str, request: Request) -> Response:
    return await _reverse(request, payment_id, "CANCELLED")


@router.api_route("/payment/refund/{payment_id}", methods=["POST", "DELETE"], summary="Refund card payment",
                  description="POST in the contract profile, DELETE in the live one.",
                  openapi_extra=OPTIONAL_JSON_BODY_DOC)
async def refund_payment(payment_id: str, request: Request) -> Response:
    return await _reverse(request, payment_id, "REFUNDED")


@router.post("/ebarimt_v3/create", summary="Create ebarimt", openapi_extra=JSON_BODY_DOC)
async def create_ebarimt(request: Request) -> SandboxJSON:
    username = _merchant(request)
    body = await json_body(request)
    sandbox = _sandbox(request)
    with sandbox.state.lock:
        view = ebarimt.create_ebarimt(sandbox.state, username, body, aliases=sandbox.profile.receiver_aliases)
        return SandboxJSON(sandbox.profile.ebarimt(view, sandbox.state))


@router.delete("/ebarimt_v3/{payment_id}", summary="Cancel ebarimt (by payment id)")
def cancel_ebarimt(payment_id: str, request: Request) -> SandboxJSON:
    sandbox = _sandbox(request)
    answer = ebarimt.cancel_ebarimt(sandbox.state, _merchant(request), payment_id)
    return SandboxJSON(sandbox.profile.ebarimt_cancelled(answer))


# -- the live profile's other ebarimt paths: `/v2/ebarimt/...`, as QPay's V2 document and public clients
# built from live traffic call them. The contract profile does not serve them (404, as any unknown path).
ANY_METHOD = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]


def _live_only(request: Request, method: str) -> None:
    if not _sandbox(request).profile.live:
        raise HTTPException(404)
    if request.method != method:
        raise HTTPException(405, headers={"Allow": method})


@router.api_route("/ebarimt/create", methods=ANY_METHOD, include_in_schema=False)
async def create_ebarimt_live(request: Request) -> SandboxJSON:
    _live_only(request, "POST")
    return await create_ebarimt(request)


@router.api_route("/ebarimt/{payment_id}", methods=ANY_METHOD, include_in_schema=False)
def cancel_ebarimt_live(payment_id: str, request: Request) -> SandboxJSON:
    _live_only(request, "DELETE")
    return cancel_ebarimt(payment_id, request)
