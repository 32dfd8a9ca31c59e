"""The contract's 14 endpoints under /v2."""

from __future__ import annotations

import base64
import secrets
from typing import TYPE_CHECKING

from fastapi import APIRouter, Request, Response
from starlette.concurrency import run_in_threadpool

from . import ebarimt, invoices, payments
from .errors import ApiError
from .http import JSON_BODY_DOC, OPTIONAL_JSON_BODY_DOC, SandboxJSON, base_url, bearer_token, json_body

if TYPE_CHECKING:
    from .app import Sandbox

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
    return SandboxJSON(sandbox.tokens.login(username))


@router.post("/auth/refresh", summary="Refresh token pair")
def refresh(request: Request) -> SandboxJSON:
    return SandboxJSON(_sandbox(request).tokens.refresh(bearer_token(request)))


@router.post("/invoice", summary="Create invoice", openapi_extra=JSON_BODY_DOC)
async def create_invoice(request: Request) -> SandboxJSON:
    username = _merchant(request)
    body = await json_body(request)
    # Drawing the QR PNG takes milliseconds: keep it off the event loop.
    created = await run_in_threadpool(invoices.create_invoice, _sandbox(request).state, username, body,
                                      base_url(request))
    return SandboxJSON(created)


@router.get("/invoice/{invoice_id}", summary="Get invoice")
def get_invoice(invoice_id: str, request: Request) -> SandboxJSON:
    return SandboxJSON(invoices.get_invoice(_sandbox(request).state, _merchant(request), invoice_id,
                                            base_url(request)))


@router.delete("/invoice/{invoice_id}", summary="Cancel invoice")
def cancel_invoice(invoice_id: str, request: Request) -> Response:
    invoices.cancel_invoice(_sandbox(request).state, _merchant(request), invoice_id)
    return Response(status_code=200)


@router.post("/invoice/list", summary="List invoices", openapi_extra=JSON_BODY_DOC)
async def list_invoices(request: Request) -> SandboxJSON:
    username = _merchant(request)
    return SandboxJSON(invoices.list_invoices(_sandbox(request).state, username, await json_body(request)))


@router.post("/invoice/check", summary="Check invoice payment", openapi_extra=JSON_BODY_DOC)
async def check_invoice(request: Request) -> SandboxJSON:
    username = _merchant(request)
    body = await json_body(request)
    return SandboxJSON(invoices.check(_sandbox(request).state, username, body, full_rows=False))


@router.get("/payment/{payment_id}", summary="Get payment")
def get_payment(payment_id: str, request: Request) -> SandboxJSON:
    return SandboxJSON(payments.get_payment(_sandbox(request).state, _merchant(request), payment_id))


@router.post("/payment/check", summary="Check payment", openapi_extra=JSON_BODY_DOC)
async def check_payment(request: Request) -> SandboxJSON:
    username = _merchant(request)
    body = await json_body(request)
    return SandboxJSON(invoices.check(_sandbox(request).state, username, body, full_rows=True))


@router.post("/payment/list", summary="List payments", openapi_extra=JSON_BODY_DOC)
async def list_payments(request: Request) -> SandboxJSON:
    username = _merchant(request)
    return SandboxJSON(payments.list_payments(_sandbox(request).state, username, await json_body(request)))


async def _reverse(request: Request, payment_id: str, new_status: str) -> Response:
    username = _merchant(request)
    body = await json_body(request, required=False)
    sandbox = _sandbox(request)
    outcome = payments.reverse_payment(sandbox.state, username, payment_id, body, new_status)
    if outcome["callback_url"]:
        sandbox.callbacks.reversal(outcome["callback_url"], payment_id, new_status)
    return Response(status_code=200)


@router.post("/payment/cancel/{payment_id}", summary="Cancel card payment",
             openapi_extra=OPTIONAL_JSON_BODY_DOC)
async def cancel_payment(payment_id: str, request: Request) -> Response:
    return await _reverse(request, payment_id, "CANCELLED")


@router.post("/payment/refund/{payment_id}", summary="Refund card payment",
             openapi_extra=OPTIONAL_JSON_BODY_DOC)
async def refund_payment(payment_id: str, request: Request) -> Response:
    return await _reverse(request, payment_id, "REFUNDED")


@router.post("/ebarimt_v3/create", summary="Create ebarimt", openapi_extra=JSON_BODY_DOC)
async def create_ebarimt(request: Request) -> SandboxJSON:
    username = _merchant(request)
    body = await json_body(request)
    return SandboxJSON(ebarimt.create_ebarimt(_sandbox(request).state, username, body))


@router.delete("/ebarimt_v3/{payment_id}", summary="Cancel ebarimt (by payment id)")
def cancel_ebarimt(payment_id: str, request: Request) -> SandboxJSON:
    return SandboxJSON(ebarimt.cancel_ebarimt(_sandbox(request).state, _merchant(request), payment_id))
