"""The store's FastAPI app: the QPay gateway (`/v2`), the callback push and the store's own endpoints
(`/store/...`)."""

from __future__ import annotations

from fastapi import FastAPI
from starlette.exceptions import HTTPException

from pos_app.lazy import build_deferred_models
from pos_app.qpay import QPayError

from . import catalog, gateway, push
from . import journal_feed, reports
from .context import StoreContext
from .errors import StoreError, http_error_response, qpay_error_response, store_error_response
from .jsonio import StoreJSON


def create_app(store: StoreContext) -> FastAPI:
    build_deferred_models()   # the QPay client's validators, before the worker threads first use them at once
    # No redirect from ".../" to "...": a path with an empty id is not found (QPay answers so), never a 307.
    app = FastAPI(title="pos-store", docs_url=None, redoc_url=None, openapi_url=None,
                  default_response_class=StoreJSON, redirect_slashes=False)
    app.state.store = store
    app.add_exception_handler(StoreError, store_error_response)
    app.add_exception_handler(QPayError, qpay_error_response)
    app.add_exception_handler(HTTPException, http_error_response)
    app.include_router(gateway.router)
    app.include_router(push.router)
    app.include_router(journal_feed.router)
    app.include_router(reports.router)
    app.include_router(catalog.router)

    @app.get("/store/health")
    async def health() -> StoreJSON:   # async: answers even when every worker thread waits on QPay
        return StoreJSON({"status": "ok"})

    return app
