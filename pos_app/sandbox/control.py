"""The control API under /_sandbox: for tests, demos and integrators. No auth, loopback only."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any

from fastapi import APIRouter, Depends, Request, Response
from fastapi.responses import HTMLResponse, RedirectResponse

from . import payments
from .banks import BANKS_BY_KEY, logo_png
from .clock import iso
from .errors import ApiError, invalid, status_for_code
from .faults import Fault
from .http import JSON_BODY_DOC, OPTIONAL_JSON_BODY_DOC, SandboxJSON, is_loopback, json_body
from .taxes import money
from .validate import to_decimal

if TYPE_CHECKING:
    from .service import Sandbox


def _loopback_only(request: Request) -> None:
    if not is_loopback(request):
        raise ApiError(403, "FORBIDDEN", "the control API answers on loopback only")


router = APIRouter(prefix="/_sandbox", default_response_class=SandboxJSON,
                   dependencies=[Depends(_loopback_only)], tags=["sandbox control"])


def _sandbox(request: Request) -> "Sandbox":
    return request.app.state.sandbox


@router.post("/reset", summary="Back to the start state")
def reset(request: Request) -> SandboxJSON:
    _sandbox(request).reset()
    return SandboxJSON({"status": "reset"})


@router.get("/info", summary="How this sandbox answers: its profile and the options it implies")
def info(request: Request) -> SandboxJSON:
    return SandboxJSON(_sandbox(request).info())


def _pay(sandbox: "Sandbox", invoice_id: str, body: dict[str, Any]) -> dict[str, Any]:
    outcome = payments.pay_invoice(sandbox.state, invoice_id, body, sandbox.profile.payment_statuses)
    payment = outcome["payment"]
    if payment["payment_status"] == "PAID":   # a NEW or FAILED payment completes nothing
        sandbox.callbacks.payment_completed(outcome["callback_url"], invoice_id, payment["payment_id"])
    return payment


@router.post("/invoices/{invoice_id}/pay", summary="The payer pays", openapi_extra=OPTIONAL_JSON_BODY_DOC)
async def pay(invoice_id: str, request: Request) -> SandboxJSON:
    body = await json_body(request, required=False)
    return SandboxJSON(_pay(_sandbox(request), invoice_id, body))


MERCHANT_FLAGS = ("active", "ebarimt_registered", "exists")
MERCHANT_LIMITS = ("min_amount", "max_amount")


@router.patch("/merchants/{username}", summary="Change a merchant's flags and limits",
              openapi_extra=JSON_BODY_DOC)
async def patch_merchant(username: str, request: Request) -> SandboxJSON:
    body = await json_body(request)
    unknown = set(body) - set(MERCHANT_FLAGS) - set(MERCHANT_LIMITS)
    if unknown:
        raise invalid(f"unknown fields: {', '.join(sorted(unknown))}")
    changes: dict[str, Any] = {}
    for key in MERCHANT_FLAGS:
        if key in body:
            if not isinstance(body[key], bool):
                raise invalid(f"{key} must be true or false")
            changes[key] = body[key]
    for key in MERCHANT_LIMITS:
        if key in body:
            value = to_decimal(body[key])
            if value is None or value <= 0:
                raise invalid(f"{key} must be a positive number")
            changes[key] = value
    state = _sandbox(request).state
    with state.lock:
        merchant = state.merchants.get(username)
        if merchant is None:
            raise ApiError(404, "MERCHANT_NOTFOUND", "no such merchant")
        minimum = changes.get("min_amount", merchant.min_amount)
        maximum = changes.get("max_amount", merchant.max_amount)
        if minimum > maximum:
            raise invalid("min_amount must not be above max_amount")
        for key, value in changes.items():
            setattr(merchant, key, value)
        state.save_merchant(merchant)
        view = merchant.to_json()
    view.pop("password")
    return SandboxJSON(view)


@router.post("/faults", summary="Inject faults into the next matching requests", openapi_extra=JSON_BODY_DOC)
async def add_fault(request: Request) -> SandboxJSON:
    body = await json_body(request)
    burst = body.pop("busy_burst", None)
    if burst is not None:   # sugar: the next `busy_burst` matching requests answer 503 SYSTEM_BUSY
        if isinstance(burst, bool) or not isinstance(burst, int) or not 1 <= burst <= 10_000:
            raise invalid("busy_burst must be a whole number from 1 to 10000")
        if any(key in body for key in ("count", "status", "error_code")):
            raise invalid("busy_burst sets count, status and error_code itself")
        body.update({"count": burst, "status": 503, "error_code": "SYSTEM_BUSY"})
    unknown = set(body) - set(Fault.__dataclass_fields__)
    if unknown:
        raise invalid(f"unknown fields: {', '.join(sorted(unknown))}")
    prefix = body.get("path_prefix")
    if not isinstance(prefix, str) or not prefix.startswith("/"):
        raise invalid("path_prefix must be a path starting with /")
    numbers = {}
    for key, default, low, high in (("count", 1, 1, 10_000), ("delay_ms", 0, 0, 600_000),
                                    ("retry_after", 1, 0, 3600)):
        value = body.get(key, default)
        if key == "retry_after" and value is None:   # null: a 429 without any Retry-After header
            numbers[key] = None
            continue
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise invalid(f"{key} must be a whole number from {low} to {high}")
        numbers[key] = value
    status = body.get("status")
    if status is not None and (isinstance(status, bool) or not isinstance(status, int)
                               or not 400 <= status <= 599):
        raise invalid("status must be an HTTP error status from 400 to 599")
    flags = {}
    for key in ("drop", "after_processing"):
        flags[key] = body.get(key, False)
        if not isinstance(flags[key], bool):
            raise invalid(f"{key} must be true or false")
    method = body.get("method")
    if method is not None and method not in ("GET", "POST", "PUT", "PATCH", "DELETE"):
        raise invalid("method must be GET, POST, PUT, PATCH or DELETE")
    error_code = body.get("error_code")
    if error_code is not None and not isinstance(error_code, str):
        raise invalid("error_code must be a string")
    sandbox = _sandbox(request)
    if error_code and status is None:   # a code alone answers with its own status (404 or 422 by profile)
        status = status_for_code(error_code, live=sandbox.profile.live)
    if status is None and not flags["drop"] and not numbers["delay_ms"]:
        raise invalid("a fault needs a status, a delay_ms or drop")
    sandbox.faults.add(Fault(path_prefix=prefix, status=status, error_code=error_code, method=method,
                             **flags, **numbers))
    return SandboxJSON({"faults": sandbox.faults.pending()})


@router.get("/faults", summary="Faults still pending")
def list_faults(request: Request) -> SandboxJSON:
    return SandboxJSON({"faults": _sandbox(request).faults.pending()})


@router.delete("/faults", summary="Clear all faults")
def clear_faults(request: Request) -> SandboxJSON:
    _sandbox(request).faults.clear()
    return SandboxJSON({"faults": []})


@router.post("/clock", summary="Move the sandbox's clock forward", openapi_extra=JSON_BODY_DOC)
async def advance_clock(request: Request) -> SandboxJSON:
    body = await json_body(request)
    seconds = to_decimal(body.get("advance_seconds"))
    if seconds is None or seconds < 0 or seconds > 10 * 365 * 86400:
        raise invalid("advance_seconds must be a number of seconds from 0 (up to ten years)")
    sandbox = _sandbox(request)
    sandbox.clock.advance(float(seconds))
    sandbox.state.save_clock()
    return _clock_view(sandbox)


@router.get("/clock", summary="The sandbox's time")
def get_clock(request: Request) -> SandboxJSON:
    return _clock_view(_sandbox(request))


def _clock_view(sandbox: "Sandbox") -> SandboxJSON:
    return SandboxJSON({"now": iso(sandbox.clock.now()), "offset_seconds": sandbox.clock.offset})


@router.get("/requests", summary="Requests the API received (no headers, no bodies)")
def requests_seen(request: Request) -> SandboxJSON:
    return SandboxJSON(_sandbox(request).log.entries())


@router.get("/callbacks", summary="Callback delivery attempts")
def callbacks_sent(request: Request) -> SandboxJSON:
    return SandboxJSON(_sandbox(request).callbacks.deliveries())


@router.get("/logos/{key}.png", summary="A bank app's logo", response_class=Response)
def logo(key: str) -> Response:
    if key not in BANKS_BY_KEY:
        raise ApiError(404, "NOT_FOUND", "no such bank logo")
    return Response(logo_png(key), media_type="image/png",
                    headers={"Cache-Control": "public, max-age=86400"})


# -- the payer's page behind qPay_shortUrl: a demo stand-in for a banking app --
def _invoice_by_code(sandbox: "Sandbox", code: str) -> dict[str, Any]:
    invoice_id = sandbox.state.short_codes.get(code)
    if invoice_id is None:
        raise ApiError(404, "INVOICE_NOTFOUND", "invoice does not exist")
    return sandbox.state.expire_if_due(sandbox.state.invoices[invoice_id])


@router.get("/s/{code}", summary="The payer's page for an invoice", response_class=HTMLResponse)
def payer_page(code: str, request: Request) -> HTMLResponse:
    sandbox = _sandbox(request)
    with sandbox.state.lock:
        invoice = _invoice_by_code(sandbox, code)
        paid = sandbox.state.paid_total(invoice["invoice_id"])
        status = invoice["invoice_status"]
        button = ("<form method='post'><button type='submit'>Pay</button></form>"
                  if status == "OPEN" else "")
        page = (f"<!doctype html><meta charset='utf-8'><title>Sandbox payment</title>"
                f"<h1>{html.escape(invoice['invoice_description'])}</h1>"
                f"<p>Amount: {money(invoice['amount'])} MNT &middot; paid {money(paid)} &middot; {status}</p>"
                f"{button}<p><small>pos-app sandbox: no real money moves.</small></p>")
    return HTMLResponse(page)


@router.post("/s/{code}", summary="Pay from the payer's page", response_class=RedirectResponse)
def payer_page_pay(code: str, request: Request) -> RedirectResponse:
    sandbox = _sandbox(request)
    with sandbox.state.lock:
        invoice_id = _invoice_by_code(sandbox, code)["invoice_id"]
    _pay(sandbox, invoice_id, {})
    return RedirectResponse(f"/_sandbox/s/{code}", status_code=303)
