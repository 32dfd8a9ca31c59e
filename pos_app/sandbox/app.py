"""Assembles the sandbox: its state and services, and the FastAPI app serving them."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path

from fastapi import FastAPI, Request, Response
from starlette.requests import ClientDisconnect
from fastapi.exceptions import RequestValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException

from . import api, control
from .callbacks import CallbackSender
from .clock import Clock
from .errors import ApiError, code_for_status
from .faults import FaultInjector, RequestLog, SandboxMiddleware
from .http import SandboxJSON
from .merchants import Merchant, default_merchants, load_merchants
from .state import State
from .store import ObjectStore
from .taxes import CITY_TAX_RATE
from .tokens import TokenIssuer

log = logging.getLogger("pos_app.sandbox")


@dataclass
class SandboxOptions:
    merchants_file: str | Path | None = None
    state_file: str | Path | None = None
    callback_style: str = "post"
    single_session: bool = False
    merchants: list[Merchant] | None = field(default=None, repr=False)
    city_tax_rate: Decimal = CITY_TAX_RATE   # a fraction: 0.02 (2 %) or 0.01 (1 %)
    profile: str = "contract"   # "contract": as the contract says; "live": as the live service answers


class Sandbox:
    """Everything the service holds: merchants, records, tokens, clock, faults, logs."""

    def __init__(self, options: SandboxOptions | None = None) -> None:
        self.options = options or SandboxOptions()
        merchants = self.options.merchants or default_merchants()
        if self.options.merchants_file:
            merchants = load_merchants(self.options.merchants_file)
        self.clock = Clock()
        store = ObjectStore(self.options.state_file) if self.options.state_file else None
        self.state = State(self.clock, merchants, store, self.options.city_tax_rate)
        self.tokens = TokenIssuer(self.clock, single_session=self.options.single_session)
        self.callbacks = CallbackSender(self.options.callback_style)
        self.faults = FaultInjector()
        self.log = RequestLog()

    def reset(self) -> None:
        self.state.reset()
        self.tokens.reset()
        self.faults.clear()
        self.log.clear()
        self.callbacks.clear()

    def close(self) -> None:
        self.callbacks.close()
        self.state.close()


def _envelope(status: int, code: str, message: str, headers: dict[str, str] | None = None) -> SandboxJSON:
    return SandboxJSON({"error_code": code, "message": message}, status_code=status, headers=headers)


def create_app(sandbox: Sandbox | None = None) -> FastAPI:
    app = FastAPI(title="pos-app payment-service sandbox",
                  description="A faithful stand-in for the QPay merchant API v2, plus a control API "
                              "under /_sandbox for tests and demos.",
                  version="2")
    app.state.sandbox = sandbox or Sandbox()
    app.include_router(api.router)
    app.include_router(control.router)

    @app.exception_handler(ApiError)
    async def on_api_error(_: Request, exc: ApiError) -> SandboxJSON:
        return _envelope(exc.status, exc.error_code, exc.message, exc.headers)

    @app.exception_handler(StarletteHTTPException)
    async def on_http_error(_: Request, exc: StarletteHTTPException) -> SandboxJSON:
        message = {404: "no such endpoint", 405: "method not allowed on this endpoint"}.get(
            exc.status_code, str(exc.detail))
        return _envelope(exc.status_code, code_for_status(exc.status_code), message,
                         dict(exc.headers or {}))

    @app.exception_handler(RequestValidationError)
    async def on_validation_error(_: Request, exc: RequestValidationError) -> SandboxJSON:
        return _envelope(400, "INVALID_PARAMETERS", "the request's parameters are invalid")

    @app.exception_handler(ClientDisconnect)
    async def on_client_gone(_: Request, exc: ClientDisconnect) -> Response:
        # The client hung up before its body arrived (a timeout): nobody reads this answer.
        return Response(status_code=499)

    @app.exception_handler(Exception)
    async def on_unexpected(_: Request, exc: Exception) -> SandboxJSON:
        log.exception("unexpected error in the sandbox")
        return _envelope(500, "INTERNAL_SERVER_ERROR", "unexpected server error")

    sandbox_state = app.state.sandbox
    return SandboxMiddleware(app, sandbox_state.faults, sandbox_state.log)  # type: ignore[return-value]
