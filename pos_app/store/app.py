"""The store's FastAPI app: the QPay gateway (`/v2`), the callback push, the store's own endpoints
(`/store/...`) and its health for a load balancer (`/store/health/live`, `/store/health/ready`)."""

from __future__ import annotations

import asyncio

from fastapi import FastAPI
from sqlalchemy import text
from sqlalchemy.exc import DBAPIError
from sqlalchemy.exc import TimeoutError as PoolTimeoutError
from starlette.exceptions import HTTPException

from pos_app.lazy import build_deferred_models
from pos_app.qpay import QPayError

from . import catalog, gateway, push
from . import journal_feed, reports
from .context import StoreContext
from .errors import (
    StoreError,
    database_error_response,
    http_error_response,
    is_database_outage,
    qpay_error_response,
    store_error_response,
)
from .jsonio import StoreJSON

READY_TIMEOUT_S = 3.0      # a database slower than this to say `SELECT 1` is not ready
NOT_READY_RETRY_S = 5


def create_app(store: StoreContext) -> FastAPI:
    build_deferred_models()   # the QPay client's validators, before the worker threads first use them at once
    # No redirect from ".../" to "...": a path with an empty id is not found (QPay answers so), never a 307.
    app = FastAPI(title="pos-store", docs_url=None, redoc_url=None, openapi_url=None,
                  default_response_class=StoreJSON, redirect_slashes=False)
    app.state.store = store
    app.add_exception_handler(StoreError, store_error_response)
    app.add_exception_handler(QPayError, qpay_error_response)
    app.add_exception_handler(HTTPException, http_error_response)
    app.add_exception_handler(DBAPIError, database_error_response)
    app.add_exception_handler(PoolTimeoutError, database_error_response)
    app.include_router(gateway.router)
    app.include_router(push.router)
    app.include_router(journal_feed.router)
    app.include_router(reports.router)
    app.include_router(catalog.router)

    # Liveness: async and touching nothing, so it answers even when every worker thread waits on QPay.
    @app.get("/store/health")
    @app.get("/store/health/live")
    async def health() -> StoreJSON:
        return StoreJSON({"status": "ok"})

    @app.get("/store/health/ready")
    async def ready() -> StoreJSON:
        """Whether a balancer should send tills here: the database answers and the QPay session works.
        Checked on threads of their own (not the workers', which may all be waiting on QPay)."""
        reasons = []
        try:
            database = await asyncio.wait_for(asyncio.to_thread(database_problem, store), READY_TIMEOUT_S)
        except TimeoutError:
            database = f"the database did not answer within {READY_TIMEOUT_S:g} s"
        if database is not None:
            reasons.append(database)     # the QPay session is kept there: nothing more to learn of it now
        else:
            try:
                session = await asyncio.wait_for(asyncio.to_thread(store.upstream.session_problem), READY_TIMEOUT_S)
            except Exception as exc:   # noqa: BLE001 - a check that failed is a reason, never a 500
                session = f"not checked ({type(exc).__name__})"
            if session is not None:
                reasons.append(f"QPay session: {session}")
        if reasons:
            return StoreJSON({"status": "not ready", "reasons": reasons}, 503,
                             headers={"Retry-After": str(NOT_READY_RETRY_S)})
        return StoreJSON({"status": "ready"})

    return app


def database_problem(store: StoreContext) -> str | None:
    """None when the database answers `SELECT 1`; else what the balancer reads (no address, no secret)."""
    try:
        with store.engine.connect() as db:
            db.execute(text("SELECT 1"))
    except (DBAPIError, PoolTimeoutError) as exc:
        if not is_database_outage(exc):
            raise
        store.database_outage.failed(exc)
        return "the database does not answer"
    store.database_outage.answered()
    return None
