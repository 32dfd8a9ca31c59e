"""The store's answers for errors, in QPay's envelope `{error_code, message}`, so a till's client reads them
as it reads QPay's."""

from __future__ import annotations

import logging
import math
import threading
import time
from collections.abc import Callable

from fastapi import Request
from sqlalchemy.exc import DBAPIError, InterfaceError, OperationalError, SQLAlchemyError
from sqlalchemy.exc import TimeoutError as PoolTimeoutError
from starlette.exceptions import HTTPException

from pos_app.qpay import APIConnectionError, AuthenticationError, InvalidResponseError, QPayError, RateLimitError

from .jsonio import StoreJSON


logger = logging.getLogger(__name__)

DATABASE_RETRY_S = 5        # a database outage: the till asks again after this


class StoreError(Exception):
    def __init__(self, status: int, error_code: str, message: str, headers: dict[str, str] | None = None) -> None:
        super().__init__(f"{status} {error_code}: {message}")
        self.status = status
        self.error_code = error_code
        self.message = message
        self.headers = headers


def not_found(what: str) -> StoreError:
    """Another till's invoice or payment reads as one that does not exist."""
    return StoreError(404, "NOT_FOUND", f"{what} not found")


def store_error_response(_request: Request, exc: Exception) -> StoreJSON:
    assert isinstance(exc, StoreError)
    return StoreJSON({"error_code": exc.error_code, "message": exc.message}, exc.status, headers=exc.headers)


_HTTP_CODES = {404: "NOT_FOUND", 405: "METHOD_NOT_ALLOWED"}


def http_error_response(_request: Request, exc: Exception) -> StoreJSON:
    """No such path, or not with this method: in QPay's envelope too (its own words: "no such endpoint")."""
    assert isinstance(exc, HTTPException)
    code = _HTTP_CODES.get(exc.status_code, "HTTP_ERROR")
    message = "no such endpoint" if exc.status_code == 404 else str(exc.detail)
    return StoreJSON({"error_code": code, "message": message}, exc.status_code, headers=exc.headers)


def qpay_error_response(_request: Request, exc: Exception) -> StoreJSON:
    """QPay's refusal passes through as it came; what QPay did not answer is the gateway's 502/504, so the till
    takes its outcome as unknown and reads it back (never as a refusal)."""
    assert isinstance(exc, QPayError)
    headers = None
    if isinstance(exc, APIConnectionError):
        status, code = 504, "QPAY_NO_ANSWER"
    elif isinstance(exc, InvalidResponseError):
        status, code = 502, "QPAY_UNREADABLE_ANSWER"
    elif isinstance(exc, AuthenticationError) and exc.status == 401:
        # The store's own QPay login failed: the till's key is fine, so never a 401 to the till.
        status, code = 502, "STORE_QPAY_LOGIN_FAILED"
    else:
        # QPay's refusals (400, 403, 404, 409, 422...) pass as they came: the till's client reads them as QPay's.
        status, code = exc.status or 502, exc.error_code or "QPAY_ERROR"
        if isinstance(exc, RateLimitError):
            headers = {"Retry-After": str(retry_after_seconds(exc.retry_after))}
    return StoreJSON({"error_code": code, "message": exc.message}, status, headers=headers)


def retry_after_seconds(wait: float | None) -> int:
    """Whole seconds for a Retry-After header: at least 1, at most a minute (a nonsense value waits 1)."""
    if wait is None or not math.isfinite(wait):
        return 1
    return int(min(60, max(1, math.ceil(wait))))


def is_database_outage(exc: BaseException) -> bool:
    """The database does not answer (no connection, one lost, none free in time): not a fault in the request."""
    if isinstance(exc, (OperationalError, InterfaceError, PoolTimeoutError)):
        return True
    return isinstance(exc, DBAPIError) and bool(exc.connection_invalidated)


class DatabaseOutage:
    """Says once in the log that the database stopped answering, not a traceback a request; again every
    `quiet_s` while it lasts (with how many answers were 503 meanwhile), and once when it answers again."""

    def __init__(self, clock: Callable[[], float] = time.monotonic, quiet_s: float = 60.0) -> None:
        self._clock = clock
        self._quiet_s = quiet_s
        self._lock = threading.Lock()
        self._since: float | None = None
        self._logged_at = 0.0
        self._unlogged = 0

    @property
    def ongoing(self) -> bool:
        return self._since is not None

    def failed(self, exc: BaseException) -> None:
        now = self._clock()
        with self._lock:
            first = self._since is None
            if not first and now - self._logged_at < self._quiet_s:
                self._unlogged += 1
                return
            if first:
                self._since = now
            self._logged_at, unlogged, self._unlogged = now, self._unlogged, 0
        if first:
            logger.warning("the database does not answer (%s): the store answers 503 until it is back",
                           database_words(exc))
        else:
            logger.warning("the database still does not answer (%s): %d more answers were 503",
                           database_words(exc), unlogged)

    def answered(self) -> None:
        with self._lock:
            if self._since is None:
                return
            self._since, unlogged, self._unlogged = None, self._unlogged, 0
        logger.warning("the database answers again (%d answers were 503 since it was last said)", unlogged)


def database_words(exc: BaseException) -> str:
    """What went wrong, for the operator: the driver's first line (never the statement or its parameters,
    which SQLAlchemy's own text carries)."""
    original = getattr(exc, "orig", None) or exc
    first_line = (str(original).strip().splitlines() or [""])[0][:200]
    return f"{type(original).__name__}: {first_line}" if first_line else type(original).__name__


def database_error_response(request: Request, exc: Exception) -> StoreJSON:
    """The database is down: 503 with a reason, in QPay's envelope, so the till takes the outcome as unknown
    (a create whose claim could not be written was never forwarded) and asks again. Anything else the
    database said is a fault of the store: raised on, a 500."""
    assert isinstance(exc, SQLAlchemyError)
    if not is_database_outage(exc):
        raise exc
    request.app.state.store.database_outage.failed(exc)
    return StoreJSON({"error_code": "STORE_DATABASE_UNAVAILABLE",
                      "message": "the store's database does not answer: try again shortly"}, 503,
                     headers={"Retry-After": str(DATABASE_RETRY_S)})
