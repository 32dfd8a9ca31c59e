"""The store's own tokens for its tills: what QPay's `/v2/auth/token` and `/v2/auth/refresh` give, signed by the
store (HS256, a key made at its first start and kept in its database, sealed (`sealing`), so a restarted store
honours them).

A till never holds the store's QPay token: it logs in here with its own key and gets these. A refresh token is
used once (as QPay's own rotate): each one used is kept in the database by its id until it would have run out,
so a second use is refused at every copy of the store.
"""

from __future__ import annotations

import logging
import secrets
import time
import uuid
from collections.abc import Callable

import jwt
from sqlalchemy import Engine, delete, insert, select, update
from sqlalchemy.exc import IntegrityError

from pos_app.qpay.errors import QPayError

from .credentials import Caller
from .db import parameters_hidden, store_secrets, used_refresh_tokens
from .sealing import Sealer

logger = logging.getLogger(__name__)

ACCESS_LIFETIME = 3600          # seconds; the till's client renews a little before
REFRESH_LIFETIME = 24 * 3600
PRUNE_EVERY = 3600              # seconds between clearing out the used refresh tokens that ran out
_ALGORITHM = "HS256"
_KEY_NAME = "till_token_key"


class KeySealedElsewhere(RuntimeError):
    """The tills' token key in the database is sealed under another QPay password, and this one was not proven."""


def signing_key(engine: Engine, sealer: Sealer, prove: Callable[[], object] | None = None) -> str:
    """The store's token key, made once (two stores starting on one database at once agree on the first) and kept
    sealed. One an older store kept in the clear is sealed now. One sealed under another QPay password is replaced
    only once `prove` (a QPay login with this copy's password) succeeded: the password changed and this copy has
    the new one, so the tokens the old key signed are refused and each till logs in again with its key. A copy
    given a wrong password never replaces it (`KeySealedElsewhere`: it does not start)."""
    for _ in range(3):
        with engine.connect() as db:
            stored: str | None = db.execute(select(store_secrets.c.value)
                                            .where(store_secrets.c.name == _KEY_NAME)).scalar()
        if stored is None:
            key = secrets.token_urlsafe(48)
            try:
                with parameters_hidden(), engine.begin() as db:
                    db.execute(insert(store_secrets).values(name=_KEY_NAME, value=sealer.seal(key)))
                return key
            except IntegrityError:
                continue                        # another copy made it first: take theirs
        opened = sealer.open(stored)
        if opened and Sealer.is_sealed(stored):
            return opened
        if not opened:
            _prove_password(prove)
            logger.warning("the tills' token key was sealed under another QPay password: a new key (each till "
                           "logs in again)")
        key = opened or secrets.token_urlsafe(48)
        with parameters_hidden(), engine.begin() as db:
            changed = db.execute(update(store_secrets).where(store_secrets.c.name == _KEY_NAME,
                                                             store_secrets.c.value == stored)
                                 .values(value=sealer.seal(key))).rowcount
        if changed == 1:
            return key
    raise RuntimeError("the tills' token key kept changing under this store while it started")


def _prove_password(prove: Callable[[], object] | None) -> None:
    words = ("the secrets in the store's database are sealed under another QPay password: give this store the "
             "password its other copies have")
    if prove is None:
        raise KeySealedElsewhere(words)
    try:
        prove()
    except QPayError as exc:
        raise KeySealedElsewhere(f"{words} (QPay did not take this one: {type(exc).__name__})") from None


class TillTokens:
    def __init__(self, key: str, engine: Engine, clock: Callable[[], float] = time.time) -> None:
        self._key = key
        self._engine = engine
        self._clock = clock
        self._pruned_at = float("-inf")

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

    def use_refresh(self, token: str) -> bool:
        """Spend a valid refresh token: True the first time it is used (anywhere), False ever after."""
        try:
            claims = jwt.decode(token, self._key, algorithms=[_ALGORITHM],
                                options={"require": ["exp", "sub", "jti"]})
        except jwt.PyJWTError:
            return False
        if claims.get("typ") != "refresh" or not isinstance(claims["jti"], str):
            return False
        self._prune_now_and_then()
        try:
            with self._engine.begin() as db:
                db.execute(insert(used_refresh_tokens).values(jti=claims["jti"][:64],
                                                              expires_at=float(claims["exp"])))
        except IntegrityError:
            return False
        return True

    def _prune_now_and_then(self) -> None:
        now = self._clock()
        if now - self._pruned_at < PRUNE_EVERY:
            return
        self._pruned_at = now
        with self._engine.begin() as db:
            db.execute(delete(used_refresh_tokens).where(used_refresh_tokens.c.expires_at < now))

    def _token(self, till: Caller, kind: str, lifetime: int) -> str:
        now = int(self._clock())
        claims = {"sub": till.name, "gen": till.generation, "typ": kind, "iat": now, "exp": now + lifetime,
                  "jti": uuid.uuid4().hex}
        return jwt.encode(claims, self._key, algorithm=_ALGORITHM)
