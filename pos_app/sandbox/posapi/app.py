"""The FastAPI app serving PosAPI 3.0 and the control API (the sandbox's state is `service.PosApiSandbox`)."""

from __future__ import annotations

import logging
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException

from . import control, lookups, rest
from .faults import FaultMiddleware
from .jsonio import PosJSON, error_body
from .service import PosApiSandbox

log = logging.getLogger("pos_app.sandbox.posapi")
def create_app(sandbox: PosApiSandbox | None = None) -> Any:
    app = FastAPI(title="PosAPI 3.0 sandbox", version="3.0",
                  description="A stand-in for the tax authority's local receipt service (PosAPI 3.0), plus a "
                              "control API under /_sandbox for tests. docs/posapi-sandbox.md")
    app.state.sandbox = sandbox = sandbox or PosApiSandbox()
    app.include_router(rest.router)
    app.include_router(lookups.router)
    app.include_router(control.router)

    @app.exception_handler(StarletteHTTPException)
    async def on_http_error(request: Request, exc: StarletteHTTPException) -> PosJSON:
        message = {404: "no such endpoint", 405: "method not allowed on this endpoint"}.get(
            exc.status_code, str(exc.detail))
        return PosJSON(error_body(sandbox, message), status_code=exc.status_code)

    @app.exception_handler(RequestValidationError)
    async def on_invalid(request: Request, exc: RequestValidationError) -> PosJSON:
        return PosJSON(error_body(sandbox, "the request's parameters are invalid"), status_code=400)

    @app.exception_handler(Exception)
    async def on_unexpected(request: Request, exc: Exception) -> PosJSON:
        log.exception("unexpected error in the PosAPI sandbox")
        return PosJSON(error_body(sandbox, "unexpected server error"), status_code=500)

    return FaultMiddleware(app, sandbox.faults, sandbox.log)
