"""The FastAPI app serving the sandbox's services (its state is `service.Sandbox`)."""

from __future__ import annotations

import logging

from fastapi import FastAPI, Request, Response
from starlette.requests import ClientDisconnect
from fastapi.exceptions import RequestValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException

from . import api, control
from .errors import ApiError, code_for_status
from .faults import SandboxMiddleware
from .http import SandboxJSON
from .live import ContractProfile
from .service import Sandbox

log = logging.getLogger("pos_app.sandbox")


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
