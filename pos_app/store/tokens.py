"""The store's own tokens for its tills: what QPay's `/v2/auth/token` and `/v2/auth/refresh` give, signed by the
store (HS256, a key made at its first start and kept in its database, so a restarted store honours them).

A till never holds the store's QPay token: it logs in here with its own key and gets these.
"""

from __future__ import annotations

import secrets
import time
import uuid
from collections.abc import Callable

import jwt
from sqlalchemy import Engine, insert, select
from sqlalchemy.exc import IntegrityError

from .credentials import Caller
from .db import store_secrets

ACCESS_LIFETIME = 3600          # seconds; the till's client renews a little before
REFRESH_LIFETIME = 24 * 3600
_ALGORITHM = "HS256"
_KEY_NAME = "till_token_key"


def signing_key(engine: Engine) -> str:
    """The store's token key, made once (two stores starting on one database at once agree on the first)."""
    with engine.begin() as db:
        row = db.execute(select(store_secrets.c.value).where(store_secrets.c.name == _KEY_NAME)).first()
        if row is not None:
            return str(row.value)
    try:
        with engine.begin() as db:
            db.execute(insert(store_secrets).values(name=_KEY_NAME, value=secrets.token_urlsafe(48)))
    except IntegrityError:
        pass
    with engine.connect() as db:
        return str(db.execute(select(store_secrets.c.value).where(store_secrets.c.name == _KEY_NAME)).scalar_one())


class TillTokens:
    def __init__(self, key: str, clock: Callable[[], float] = time.time) -> None:
        self._key = key
        self._clock = clock

    def __repr__(self) -> str:
        return "TillTokens()"

    def pair(self, till: Caller) -> dict[str, object]:
        """A token pair in QPay's shape (lifetimes in seconds, as the contract says), for this key of the till."""
        return {"token_type": "bearer", "access_token": self._token(till, "access", ACCESS_LIFETIME),
                "expires_in": ACCESS_LIFETIME, "refresh_token": self._token(till, "refresh", REFRESH_LIFETIME),
                "refresh_expires_in": REFRESH_LIFETIME}

    def claims_of(self, token: str, kind: str = "access") -> tuple[str, str] | None:
        """The till a valid token of `kind` was given to, and its key's generation; None for anything else."""
        try:
            claims = jwt.decode(token, self._key, algorithms=[_ALGORITHM], options={"require": ["exp", "sub"]})
        except jwt.PyJWTError:
            return None
        if claims.get("typ") != kind:
            return None
        return str(claims["sub"]), str(claims.get("gen", ""))

    def _token(self, till: Caller, kind: str, lifetime: int) -> str:
        now = int(self._clock())
        claims = {"sub": till.name, "gen": till.generation, "typ": kind, "iat": now, "exp": now + lifetime,
                  "jti": uuid.uuid4().hex}
        return jwt.encode(claims, self._key, algorithm=_ALGORITHM)
