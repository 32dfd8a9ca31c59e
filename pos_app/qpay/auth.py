"""The token holder: one login, the access token reused until it is about to
expire, refresh with rotation, single flight across threads.

Expiry. ``expires_in`` (and ``refresh_expires_in``) is read as seconds, or,
above 10^9, as a Unix time (the live service sends issue time + 86400 where
the contract promises seconds). The JWT ``exp`` claim (read without checking
the signature: the client only needs the date) is only a further upper bound,
and only when sane: QPay's own document and a token recorded from the public
sandbox carry ``exp = iat + expires_in`` with ``expires_in`` already a Unix
time, i.e. about 52 years ahead. Nothing is trusted beyond `MAX_LIFETIME`.
The lifetime is measured from the token's own ``iat`` when it has one, and
then counted on the local monotonic clock: a till whose wall clock is wrong
still renews its token on time. Whatever the lifetime, a 401 on a token the
client believed valid still means: log in again (`TokenManager.invalidate`).
"""

from __future__ import annotations

import logging
import math
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

import jwt

from .errors import AuthenticationError, InvalidResponseError, QPayError
from .models import TokenPair
from .redaction import Secret

__all__ = [
    "FALLBACK_LIFETIME", "MAX_LIFETIME", "LoginCall", "RefreshCall", "TokenHolder", "TokenHolderFactory",
    "TokenManager", "jwt_claims", "token_lifetime",
]

# `expires_in` above this is a Unix time (seen live), not a number of seconds.
UNIX_TIME_THRESHOLD = 1_000_000_000
# When nothing says how long a token lives: short enough to be safe, and a
# wrong guess only costs an early renewal (a 401 is handled anyway).
FALLBACK_LIFETIME = 300.0
# The longest a token is trusted to live, whatever the answer or the JWT says: 25 hours. The longest
# lifetime ever seen is the live service's 24 h (expires_in = issue time + 86400), the contract's are 600 s
# and 3600 s; the extra hour leaves room for a few seconds between the token's `iat` and the answer's
# `expires_in`. Trusting more only delays finding out the session ended; a token that dies earlier costs
# one 401 and a new login, never a failed sale.
MAX_LIFETIME = 25 * 3600.0

_log = logging.getLogger("pos_app.qpay")


def jwt_claims(token: str | None) -> dict[str, Any] | None:
    """The unverified claims of a JWT, or ``None`` if *token* is not one."""
    if not token:
        return None
    try:
        claims = jwt.decode(token, options={"verify_signature": False})
    except (jwt.PyJWTError, UnicodeError, ValueError):  # not a JWT, or text no JWT can hold (lone surrogates)
        return None
    return claims if isinstance(claims, dict) else None


def _number(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    try:
        number = float(value)
    except OverflowError:  # an integer claim beyond 1e308
        return None
    return number if math.isfinite(number) else None


def _sane(lifetime: float | None) -> float | None:
    return lifetime if lifetime is not None and 0 < lifetime <= MAX_LIFETIME else None


def token_lifetime(token: str | None, expires_in: float | None, *, now: float) -> float | None:
    """Seconds *token* stays valid, counted from when it was issued, at most `MAX_LIFETIME`.

    *expires_in* is seconds, or above 10^9 a Unix time. The JWT ``exp`` is a
    further upper bound when it gives a sane lifetime (positive, within
    `MAX_LIFETIME`), and is used alone when *expires_in* is missing or unusable.
    *now* is the local Unix time, used only when the token carries no ``iat``.
    Returns ``None`` when nothing usable says it (a non-positive result counts
    as unusable: a wrong wall clock must not make every token look expired).
    """
    claims = jwt_claims(token) or {}
    exp = _number(claims.get("exp"))
    issued = _number(claims.get("iat"))
    start = issued if issued is not None else now
    from_exp = _sane(exp - start) if exp is not None else None
    from_answer: float | None = None
    if expires_in is not None and math.isfinite(expires_in):
        from_answer = expires_in - start if expires_in > UNIX_TIME_THRESHOLD else expires_in
        if from_answer <= 0:
            from_answer = None
    if from_answer is None:
        return from_exp
    lifetime = min(from_answer, MAX_LIFETIME)
    return min(lifetime, from_exp) if from_exp is not None else lifetime


LoginCall = Callable[[], TokenPair]
RefreshCall = Callable[[str], TokenPair]


class TokenHolder(Protocol):
    """What the client asks of its token holder: `TokenManager` (one process's memory), or one kept elsewhere
    and shared (the store's copies keep theirs in the database)."""

    @property
    def logins(self) -> int: ...

    def access_token(self) -> str: ...

    def invalidate(self, token: str) -> None: ...

    def login(self) -> TokenPair: ...

    def refresh(self) -> TokenPair: ...

    def clear(self) -> None: ...


# Makes a client's token holder from the client's own login and refresh calls (the HTTP requests).
TokenHolderFactory = Callable[[LoginCall, RefreshCall], TokenHolder]


@dataclass
class _HeldToken:
    value: Secret
    renew_at: float  # on the monotonic clock, margin already taken off

    def usable(self, now: float) -> bool:
        return now < self.renew_at


class TokenManager:
    """Holds the token pair and hands out a valid access token.

    *login* and *refresh* do the HTTP calls (the refresh one takes the refresh
    token). One lock serialises every renewal: threads that find the token
    stale wait for the one doing the renewal, then reuse its result, so
    N concurrent callers cause exactly one refresh.
    """

    def __init__(
        self,
        login: LoginCall,
        refresh: RefreshCall,
        *,
        margin: float = 30.0,
        clock: Callable[[], float] = time.monotonic,
        wall_clock: Callable[[], float] = time.time,
    ) -> None:
        self._login = login
        self._refresh = refresh
        self._margin = margin
        self._clock = clock
        self._wall_clock = wall_clock
        self._lock = threading.Lock()
        self._access: _HeldToken | None = None
        self._refresh_token: _HeldToken | None = None
        self.logins = 0  # counters for diagnostics and benchmarks
        self.refreshes = 0

    def __repr__(self) -> str:
        return f"TokenManager(has_token={self._access is not None})"

    def access_token(self) -> str:
        """A valid access token, renewing it first if needed."""
        with self._lock:
            now = self._clock()
            if self._access is not None and self._access.usable(now):
                return self._access.value.reveal()
            if self._refresh_token is not None and self._refresh_token.usable(now):
                try:
                    self._store(self._call_refresh(self._refresh_token.value.reveal()))
                    return self._require_access()
                except QPayError as exc:
                    # Rotation makes a failed (or lost) refresh unrecoverable
                    # by retrying it; credentials always work.
                    _log.info("token refresh failed (%s); logging in again", type(exc).__name__)
            self._store(self._call_login())
            return self._require_access()

    def invalidate(self, token: str) -> None:
        """Forget *token* after a 401 on it, so the next caller logs in again.

        A 401 on a token still within its lifetime means the session ended
        (another terminal logged in, keys rotated): the refresh token is
        dropped too. If another thread already replaced *token*, nothing
        happens, so a burst of 401s causes one renewal, not many.
        """
        with self._lock:
            if self._access is not None and self._access.value.reveal() == token:
                self._access = None
                self._refresh_token = None

    def login(self) -> TokenPair:
        """Log in now, whatever is held (the client's `authenticate`)."""
        with self._lock:
            pair = self._call_login()
            self._store(pair)
            return pair

    def refresh(self) -> TokenPair:
        """Refresh now with the held refresh token (the client's `refresh`).

        With no refresh token held, logs in first. A refused refresh raises
        (the held tokens are then dropped, so the next call logs in).
        """
        with self._lock:
            if self._refresh_token is None:
                self._store(self._call_login())
            if self._refresh_token is None:
                raise InvalidResponseError(None, None, "the service gave no refresh token")
            try:
                pair = self._call_refresh(self._refresh_token.value.reveal())
            except AuthenticationError:
                self._access = self._refresh_token = None
                raise
            self._store(pair)
            return pair

    def clear(self) -> None:
        with self._lock:
            self._access = self._refresh_token = None

    def _call_login(self) -> TokenPair:
        self.logins += 1
        return self._login()

    def _call_refresh(self, refresh_token: str) -> TokenPair:
        self.refreshes += 1
        return self._refresh(refresh_token)

    def _require_access(self) -> str:
        assert self._access is not None
        return self._access.value.reveal()

    def _store(self, pair: TokenPair) -> None:
        now = self._clock()
        wall = self._wall_clock()
        lifetime = token_lifetime(pair.access_token, pair.expires_in, now=wall) or FALLBACK_LIFETIME
        self._access = _HeldToken(Secret(pair.access_token), now + lifetime - min(self._margin, lifetime / 2))
        if pair.refresh_token:
            refresh_lifetime = token_lifetime(pair.refresh_token, pair.refresh_expires_in, now=wall)
            # Unknown refresh lifetime: try it anyway; a refusal falls back to login.
            renew_at = (
                now + refresh_lifetime - min(self._margin, refresh_lifetime / 2) if refresh_lifetime else float("inf")
            )
            self._refresh_token = _HeldToken(Secret(pair.refresh_token), renew_at)
        else:
            self._refresh_token = None
