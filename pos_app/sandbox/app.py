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
from .live import ContractProfile, profile_for
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
        self.profile: ContractProfile = profile_for(self.options.profile)
        live = self.profile.live   # the live service: one session per account, callbacks by GET
        merchants = self.options.merchants or default_merchants()
        if self.options.merchants_file:
            merchants = load_merchants(self.options.merchants_file)
        self.clock = Clock()
        store = ObjectStore(self.options.state_file) if self.options.state_file else None
        self.state = State(self.clock, merchants, store, self.options.city_tax_rate)
        self.tokens = TokenIssuer(self.clock, single_session=self.options.single_session or live, live=live)
        self.callbacks = CallbackSender("get" if live else self.options.callback_style, expect_success=live)
        self.faults = FaultInjector()
        self.log = RequestLog()

    def reset(self) -> None:
        self.state.reset()
        self.tokens.reset()
        self.faults.clear()
        self.log.clear()
        self.callbacks.clear()
        self.profile.reset()

    def info(self) -> dict:
        return {"profile": self.profile.name, "callback_style": self.callbacks.style,
                "single_session": self.tokens.single_session, "city_tax_rate": str(self.state.city_tax_rate)}

    def close(self) -> None:
        self.callbacks.close()
        self.state.close()


def _envelope(request: Request, status: int, code: str, message: str, headers: dict[str, str] | None = None,
              live: tuple[int, str] | None = None) -> SandboxJSON:
    profile: ContractProfile = request.app.state.sandbox.profile
    status, body = profile.error(request.url.path, status, code, message, live)
    return SandboxJSON(body, status_code=status, headers=headers)


def create_app(sandbox: Sandbox | None = None) -> FastAPI:
    app = FastAPI(title="pos-app payment-service sandbox",
                  description="A faithful stand-in for the QPay merchant API v2, plus a control API "
                              "under /_sandbox for tests and demos.",
                  version="2")
    app.state.sandbox = sandbox or Sandbox()
    app.include_router(api.router)
    app.include_router(control.router)

    @app.exception_handler(ApiError)
    async def on_api_error(request: Request, exc: ApiError) -> SandboxJSON:
        return _envelope(request, exc.status, exc.error_code, exc.message, exc.headers, exc.live)

    @app.exception_handler(StarletteHTTPException)
    async def on_http_error(request: Request, exc: StarletteHTTPException) -> SandboxJSON:
        message = {404: "no such endpoint", 405: "method not allowed on this endpoint"}.get(
            exc.status_code, str(exc.detail))
        return _envelope(request, exc.status_code, code_for_status(exc.status_code), message,
                         dict(exc.headers or {}))

    @app.exception_handler(RequestValidationError)
    async def on_validation_error(request: Request, exc: RequestValidationError) -> SandboxJSON:
        return _envelope(request, 400, "INVALID_PARAMETERS", "the request's parameters are invalid")

    @app.exception_handler(ClientDisconnect)
    async def on_client_gone(_: Request, exc: ClientDisconnect) -> Response:
        # The client hung up before its body arrived (a timeout): nobody reads this answer.
        return Response(status_code=499)

    @app.exception_handler(Exception)
    async def on_unexpected(request: Request, exc: Exception) -> SandboxJSON:
        log.exception("unexpected error in the sandbox")
        return _envelope(request, 500, "INTERNAL_SERVER_ERROR", "unexpected server error")

    sandbox_state = app.state.sandbox
    return SandboxMiddleware(app, sandbox_state.faults, sandbox_state.log,  # type: ignore[return-value]
                             sandbox_state.profile.error)
