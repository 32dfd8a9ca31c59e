"""The control API under /_sandbox: for tests and demos. No auth; it answers on loopback only."""

from __future__ import annotations

import ipaddress
from datetime import timedelta
from typing import TYPE_CHECKING, Any

from fastapi import APIRouter, Depends, HTTPException, Request

from .clock import stamp
from .faults import Fault
from .jsonio import BadJson, PosJSON, parse_object, to_decimal

if TYPE_CHECKING:
    from .service import PosApiSandbox


def _loopback_only(request: Request) -> None:
    host = request.client.host if request.client else ""
    try:
        loopback = ipaddress.ip_address(host).is_loopback
    except ValueError:
        loopback = host in ("localhost", "testclient")
    if not loopback:
        raise HTTPException(403, "the control API answers on loopback only")


router = APIRouter(prefix="/_sandbox", default_response_class=PosJSON, dependencies=[Depends(_loopback_only)],
                   tags=["sandbox control"])


def _sandbox(request: Request) -> "PosApiSandbox":
    return request.app.state.sandbox


async def _body(request: Request) -> dict[str, Any]:
    try:
        return parse_object(await request.body())
    except BadJson as exc:
        raise HTTPException(400, str(exc)) from None


def _whole(body: dict[str, Any], key: str, default: int | None, low: int, high: int) -> int | None:
    value = body.get(key, default)
    if value is None:
        return None
    number = to_decimal(value)
    if number is None or number != number.to_integral_value() or not low <= number <= high:
        raise HTTPException(400, f"{key} must be a whole number from {low} to {high}")
    return int(number)


@router.post("/reset", summary="Back to the start state (receipts, lotteries, lastSentDate, clock, faults, log)")
def reset(request: Request) -> PosJSON:
    _sandbox(request).reset()
    return PosJSON({"status": "reset"})


@router.get("/clock", summary="The sandbox's time")
def get_clock(request: Request) -> PosJSON:
    sandbox = _sandbox(request)
    return PosJSON({"now": stamp(sandbox.clock.now()), "offset_seconds": sandbox.clock.offset})


@router.post("/clock", summary="Move the sandbox's clock forward: {advance_seconds}")
async def advance_clock(request: Request) -> PosJSON:
    body = await _body(request)
    seconds = to_decimal(body.get("advance_seconds"))
    if seconds is None or not 0 <= seconds <= 10 * 365 * 86400:
        raise HTTPException(400, "advance_seconds must be a number of seconds from 0 (up to ten years)")
    sandbox = _sandbox(request)
    sandbox.clock.advance(float(seconds))
    return get_clock(request)


@router.post("/state", summary="Set leftLotteries and/or lastSentDate (hours_ago) directly")
async def set_state(request: Request) -> PosJSON:
    body = await _body(request)
    unknown = set(body) - {"left_lotteries", "last_sent_hours_ago"}
    if unknown:
        raise HTTPException(400, f"unknown fields: {', '.join(sorted(unknown))}")
    left = _whole(body, "left_lotteries", None, 0, 10**9)
    hours = _whole(body, "last_sent_hours_ago", None, 0, 24 * 3650)
    sandbox = _sandbox(request)
    with sandbox.lock:
        if left is not None:
            sandbox.left_lotteries = left
        if hours is not None:
            sandbox.last_sent = sandbox.clock.now() - timedelta(hours=hours)
    return PosJSON(sandbox.info())


@router.get("/receipts", summary="Every receipt issued: state (ACTIVE, RETURNED, ...), sent, the answer given")
def receipts(request: Request) -> PosJSON:
    sandbox = _sandbox(request)
    with sandbox.lock:
        return PosJSON({"receipts": list(sandbox.receipts.values())})


@router.post("/faults", summary="Inject faults into the next matching requests")
async def add_fault(request: Request) -> PosJSON:
    body = await _body(request)
    unknown = set(body) - set(Fault.__dataclass_fields__)
    if unknown:
        raise HTTPException(400, f"unknown fields: {', '.join(sorted(unknown))}")
    prefix = body.get("path_prefix")
    if not isinstance(prefix, str) or not prefix.startswith("/"):
        raise HTTPException(400, "path_prefix must be a path starting with /")
    count = _whole(body, "count", 1, 1, 10_000)
    delay = _whole(body, "delay_ms", 0, 0, 600_000)
    status = _whole(body, "status", None, 400, 599)
    flags = {key: body.get(key, False) for key in ("drop", "after_processing")}
    if not all(isinstance(flag, bool) for flag in flags.values()):
        raise HTTPException(400, "drop and after_processing must be true or false")
    method = body.get("method")
    if method not in (None, "GET", "POST", "DELETE"):
        raise HTTPException(400, "method must be GET, POST or DELETE")
    if status is None and not flags["drop"] and not delay:
        raise HTTPException(400, "a fault needs a status, a delay_ms or drop")
    assert count is not None and delay is not None
    sandbox = _sandbox(request)
    sandbox.faults.add(Fault(path_prefix=prefix, count=count, status=status, delay_ms=delay, method=method,
                             **flags))
    return PosJSON({"faults": sandbox.faults.pending()})


@router.get("/faults", summary="Faults still pending")
def list_faults(request: Request) -> PosJSON:
    return PosJSON({"faults": _sandbox(request).faults.pending()})


@router.delete("/faults", summary="Clear all faults")
def clear_faults(request: Request) -> PosJSON:
    _sandbox(request).faults.clear()
    return PosJSON({"faults": []})


@router.get("/requests", summary="The request log: method, path, query, status, time (no bodies)")
def request_log(request: Request) -> PosJSON:
    return PosJSON({"requests": _sandbox(request).log.entries()})


@router.delete("/requests", summary="Clear the request log")
def clear_log(request: Request) -> PosJSON:
    _sandbox(request).log.clear()
    return PosJSON({"requests": []})
