"""Who is calling: a till with the store's token (`Bearer`), or a till or owner with its key (HTTP Basic).

A till's token is checked once (its signature, and its till's key in the database), then remembered for a few
seconds (`SeenTokens`): every `/v2` call carries it, and checking it each time was a third of the store's work
on a call. A till removed (or given a new key) is refused within `TOKEN_RECHECK_S` at every copy of the store;
a token is never honoured past its expiry.
"""

from __future__ import annotations

import base64
import binascii
import threading
import time
from collections import OrderedDict
from collections.abc import Callable

import jwt
from fastapi import Request
from starlette.concurrency import run_in_threadpool

from .credentials import Caller, caller_named, check_credential
from .errors import StoreError
from .jsonio import usable_text


def basic_credentials(request: Request) -> tuple[str, str] | None:
    scheme, _, value = request.headers.get("authorization", "").partition(" ")
    if scheme.lower() != "basic":
        return None
    try:
        name, colon, key = base64.b64decode(value.strip(), validate=True).decode("utf-8").partition(":")
    except (binascii.Error, UnicodeDecodeError, ValueError):
        return None
    # A name no database row can hold (a NUL) is nobody's: refused as a wrong key is, never a 500.
    return (name, key) if colon and usable_text(name) else None


def bearer_token(request: Request) -> str | None:
    scheme, _, value = request.headers.get("authorization", "").partition(" ")
    return value.strip() or None if scheme.lower() == "bearer" else None


def key_caller(request: Request) -> Caller:
    """A till or an owner by name and key (401 with the same words for a wrong key and an unknown name)."""
    context = request.app.state.store
    basic = basic_credentials(request)
    caller = check_credential(context.engine, *basic) if basic is not None else None
    if caller is None:
        raise StoreError(401, "AUTHENTICATION_FAILED", "unknown till or wrong key",
                         headers={"WWW-Authenticate": 'Basic realm="pos-store"'})
    return caller


TOKEN_RECHECK_S = 5.0      # a till removed is refused within this long: its key is looked at again so often
TOKEN_CACHE_SIZE = 4096    # tokens remembered (the least recently used forgotten first): a chain's tills, twice


class SeenTokens:
    """Access tokens checked lately, each with its till: until `recheck_s` after the check (then the key is
    looked at again) and never past the token's expiry. Thread-safe; `size` bounds it."""

    def __init__(self, *, size: int = TOKEN_CACHE_SIZE, recheck_s: float = TOKEN_RECHECK_S,
                 clock: Callable[[], float] = time.monotonic, wall_clock: Callable[[], float] = time.time) -> None:
        self._size, self._recheck_s = size, recheck_s
        self._clock, self._wall_clock = clock, wall_clock
        self._lock = threading.Lock()
        self._seen: OrderedDict[str, tuple[Caller, float, float]] = OrderedDict()   # till, checked, expires

    def __repr__(self) -> str:
        return f"SeenTokens({len(self._seen)} remembered)"   # never the tokens

    def till(self, token: str) -> Caller | None:
        with self._lock:
            seen = self._seen.get(token)
            if seen is None:
                return None
            caller, checked_at, expires_at = seen
            if self._clock() - checked_at >= self._recheck_s or self._wall_clock() >= expires_at:
                del self._seen[token]
                return None
            self._seen.move_to_end(token)
            return caller

    def keep(self, token: str, caller: Caller, expires_at: float) -> None:
        with self._lock:
            self._seen[token] = (caller, self._clock(), expires_at)
            self._seen.move_to_end(token)
            while len(self._seen) > self._size:
                self._seen.popitem(last=False)


def token_till(request: Request, kind: str = "access") -> Caller:
    """The till a store token was given to (a till removed since is refused, within `TOKEN_RECHECK_S`)."""
    context = request.app.state.store
    token = bearer_token(request)
    seen: Caller | None = context.seen_tokens.till(token) if token and kind == "access" else None
    if seen is not None:
        return seen
    claims = context.tokens.claims_of(token, kind) if token else None
    caller = caller_named(context.engine, claims[0]) if claims else None
    # A token given for an older key of this name (the till removed and added again) is not honoured.
    if caller is None or not caller.is_till or claims is None or claims[1] != caller.generation:
        raise StoreError(401, "AUTHENTICATION_FAILED", "the token is not valid (log in again)")
    if kind == "access" and token:
        context.seen_tokens.keep(token, caller, _expiry(token))
    return caller


async def till_of(request: Request) -> Caller:
    """`token_till` for an async route: a token seen lately answers at once, any other is checked in a worker
    thread (the database is asked)."""
    token = bearer_token(request)
    seen = request.app.state.store.seen_tokens.till(token) if token else None
    return seen if seen is not None else await run_in_threadpool(token_till, request)


def _expiry(token: str) -> float:
    # Its signature and expiry were checked just now (`claims_of`): only the number is read here.
    return float(jwt.decode(token, options={"verify_signature": False})["exp"])


def any_caller(request: Request) -> Caller:
    """A store token or a key: the store's own endpoints take either."""
    return token_till(request) if bearer_token(request) else key_caller(request)
