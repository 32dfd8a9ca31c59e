"""Who is calling: a till with the store's token (`Bearer`), or a till or owner with its key (HTTP Basic)."""

from __future__ import annotations

import base64
import binascii

from fastapi import Request

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


def token_till(request: Request, kind: str = "access") -> Caller:
    """The till a store token was given to (a till removed since is refused)."""
    context = request.app.state.store
    token = bearer_token(request)
    claims = context.tokens.claims_of(token, kind) if token else None
    caller = caller_named(context.engine, claims[0]) if claims else None
    # A token given for an older key of this name (the till removed and added again) is not honoured.
    if caller is None or not caller.is_till or claims is None or claims[1] != caller.generation:
        raise StoreError(401, "AUTHENTICATION_FAILED", "the token is not valid (log in again)")
    return caller


def any_caller(request: Request) -> Caller:
    """A store token or a key: the store's own endpoints take either."""
    return token_till(request) if bearer_token(request) else key_caller(request)
