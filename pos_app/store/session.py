"""The QPay session every copy of the store shares: one row a merchant account in `qpay_sessions` (the token
pair with its wall-clock expiry, a version moved on each change, QPay's 429 wait), renewed by one copy at a time.

QPay keeps one session per account (a login ends the others), so copies that each logged in would log each
other out. Here a copy reads the row (at most once every `RE_READ_S`, or at once after QPay refused the token)
and uses the token it holds; a copy that finds it missing or about to expire renews it under a lock (on
PostgreSQL an advisory lock, so across processes; on SQLite, one process, a thread lock), and first reads the
row again: a copy that renewed meanwhile left a token the others take as it is. A 401 clears the token only if
the row still holds that very token (the version it was written with), so a burst of 401s (in any copies) makes
one renewal. The tokens are kept sealed (`sealing`): the database alone opens neither.
"""

from __future__ import annotations

import logging
import math
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Connection, Engine, case, insert, select, text, update
from sqlalchemy.exc import IntegrityError

from pos_app.qpay.auth import FALLBACK_LIFETIME, MAX_LIFETIME, LoginCall, RefreshCall, token_lifetime
from pos_app.qpay.errors import AuthenticationError, InvalidResponseError, QPayError
from pos_app.qpay.models import TokenPair
from pos_app.qpay.redaction import Secret

from .db import SESSION_LOCK, parameters_hidden, qpay_sessions
from .sealing import Sealer

logger = logging.getLogger(__name__)

RE_READ_S = 1.0         # how stale a copy's view of the row may be (a refused token is read again at once)
MARGIN_S = 30.0         # a token is renewed this long before it runs out (at most half its life)
_CLEARED: dict[str, Any] = {"access_token": "", "access_expires_at": 0.0, "refresh_token": "",
                            "refresh_expires_at": 0.0}


def account_key(username: str, base_url: str) -> str:
    """The row's key: one session per merchant account at one QPay address."""
    return f"{username}@{base_url.strip().rstrip('/')}"


@dataclass(frozen=True)
class SessionRow:
    """The row as a copy last read it. Times are wall-clock epoch seconds; the renewal times have the margin
    taken off already."""

    version: int
    access_token: Secret
    access_renew_at: float
    refresh_token: Secret
    refresh_renew_at: float
    not_before: float
    logins: int
    refreshes: int

    def access_usable(self, now: float) -> bool:
        return bool(self.access_token) and now < self.access_renew_at

    def refresh_usable(self, now: float) -> bool:
        return bool(self.refresh_token) and now < self.refresh_renew_at


_EMPTY = SessionRow(-1, Secret(""), 0.0, Secret(""), 0.0, 0.0, 0, 0)


def _renew_at(expires_at: float, written_at: float, margin: float) -> float:
    # As the client's own token holder: renew a little before the end, never sooner than half-way.
    return expires_at - min(margin, max(expires_at - written_at, 0.0) / 2)


def _written_at(updated_at: str) -> float:
    try:
        return datetime.fromisoformat(updated_at).timestamp()
    except ValueError:
        return 0.0


class SharedSession:
    """The client's token holder (`pos_app.qpay.auth.TokenHolder`) kept in the database for all copies, and
    the account's 429 wait. `for_client` is what `QPayClient(token_holder=...)` takes: it hands over the
    client's own login and refresh calls."""

    def __init__(self, engine: Engine, account: str, *, sealer: Sealer, margin: float = MARGIN_S,
                 wall_clock: Callable[[], float] = time.time, clock: Callable[[], float] = time.monotonic,
                 re_read_after: float = RE_READ_S) -> None:
        self._engine = engine
        self.account = account
        self._sealer = sealer
        self._margin = margin
        self._wall_clock = wall_clock
        self._clock = clock
        self._re_read_after = re_read_after
        self._login: LoginCall | None = None
        self._refresh: RefreshCall | None = None
        self._renewing = threading.Lock()     # one renewal at a time in this copy (the others wait, then read)
        self._reading = threading.Lock()      # one re-read at a time; the other threads use the row they saw
        self._seen: tuple[SessionRow, float] = (_EMPTY, -math.inf)   # the row, and when read (monotonic)
        self._login_problem: str | None = None
        self.logins = 0        # what this copy did (the row counts the account's)
        self.refreshes = 0
        self._add_row()

    def __repr__(self) -> str:
        return f"SharedSession(account={self.account!r}, version={self._seen[0].version})"

    def for_client(self, login: LoginCall, refresh: RefreshCall) -> SharedSession:
        self._login, self._refresh = login, refresh
        return self

    # -- reading ----------------------------------------------------------------------------------------------

    def row(self) -> SessionRow:
        """The row as last read, read again when older than `RE_READ_S` (one query by key)."""
        seen, read_at = self._seen
        if self._clock() - read_at < self._re_read_after:
            return seen
        if not self._reading.acquire(blocking=read_at == -math.inf):
            return seen       # another thread is reading it now: a second-old view is good enough meanwhile
        try:
            seen, read_at = self._seen
            if self._clock() - read_at < self._re_read_after:
                return seen   # read by the thread this one waited for
            with self._engine.connect() as db:
                return self._read(db)
        finally:
            self._reading.release()

    def in_hand(self) -> SessionRow | None:
        """The row as last read when that was within `RE_READ_S`, else None: asks the database nothing, so the
        event loop may use it (`loop_reads`)."""
        seen, read_at = self._seen
        return seen if self._clock() - read_at < self._re_read_after else None

    def _read(self, db: Connection) -> SessionRow:
        found = db.execute(select(qpay_sessions).where(qpay_sessions.c.account == self.account)).first()
        if found is None:
            raise LookupError(f"no QPay session row for {self.account!r}")
        seen = self._seen[0]
        if found.version == seen.version:
            # The same pair: keep what was worked out of it, take the wait and counters as they are now.
            row = replace(seen, not_before=found.not_before, logins=found.logins, refreshes=found.refreshes)
        else:
            written = _written_at(found.updated_at)
            row = SessionRow(found.version, self._opened(found.access_token),
                             _renew_at(found.access_expires_at, written, self._margin),
                             self._opened(found.refresh_token),
                             _renew_at(found.refresh_expires_at, written, self._margin),
                             found.not_before, found.logins, found.refreshes)
        self._seen = (row, self._clock())
        return row

    def _opened(self, stored: str) -> Secret:
        opened = self._sealer.open(stored)
        if opened is None:
            # Sealed under another password (the QPay password changed): as good as none, so a renewal.
            logger.warning("the QPay session in the database was sealed under another password: renewing it")
        return Secret(opened or "")

    def _forget(self) -> None:
        self._seen = (self._seen[0], -math.inf)

    # -- the token holder -------------------------------------------------------------------------------------

    def access_token(self) -> str:
        row = self.row()
        if row.access_usable(self._wall_clock()):
            return row.access_token.reveal()
        return self._renewed().access_token.reveal()

    def invalidate(self, token: str) -> None:
        """QPay refused *token*: clear it from the row only if the row still holds it (if another copy or thread
        renewed already, nothing changes), so many 401s on one token make one renewal. The row holds it while its
        version is the one this copy read it with (every new token moves the version on; sealed tokens cannot be
        compared in the database)."""
        seen = self._seen[0]
        if seen.version >= 0 and seen.access_token.reveal() == token:
            with parameters_hidden(), self._engine.begin() as db:
                db.execute(update(qpay_sessions)
                           .where(qpay_sessions.c.account == self.account, qpay_sessions.c.version == seen.version)
                           .values(version=qpay_sessions.c.version + 1, updated_at=self._now_text(), **_CLEARED))
        self._forget()

    def login(self) -> TokenPair:
        """Log in now, whatever the row holds (the client's `authenticate`)."""
        with self._renewing, parameters_hidden(), self._engine.begin() as db:
            self._locked_read(db)
            pair = self._logged_in()
            self._write(db, pair, "logins")
            return pair

    def refresh(self) -> TokenPair:
        """Refresh now with the row's refresh token (the client's `refresh`); logs in first if it holds none. A
        refused refresh clears the row (the session ended: the next call logs in) and raises."""
        with self._renewing, parameters_hidden(), self._engine.begin() as db:
            row = self._locked_read(db)
            if not row.refresh_token:
                row = self._write(db, self._logged_in(), "logins")
            if not row.refresh_token:
                raise InvalidResponseError(None, None, "the service gave no refresh token")
            try:
                pair = self._refreshed(row.refresh_token.reveal())
            except AuthenticationError as exc:
                refused = exc
                db.execute(update(qpay_sessions).where(qpay_sessions.c.account == self.account)
                           .values(version=qpay_sessions.c.version + 1, updated_at=self._now_text(), **_CLEARED))
            else:
                self._write(db, pair, "refreshes")
                return pair
        self._forget()
        raise refused

    def clear(self) -> None:
        with parameters_hidden(), self._engine.begin() as db:
            db.execute(update(qpay_sessions).where(qpay_sessions.c.account == self.account)
                       .values(version=qpay_sessions.c.version + 1, updated_at=self._now_text(), **_CLEARED))
        self._forget()

    def _renewed(self) -> SessionRow:
        unusable = self._seen[0].version
        with self._renewing:
            seen = self._seen[0]
            if seen.version != unusable and seen.access_usable(self._wall_clock()):
                return seen                     # another thread of this copy renewed it while this one waited
            with parameters_hidden(), self._engine.begin() as db:
                row = self._locked_read(db)
                now = self._wall_clock()
                if row.access_usable(now):
                    return row                  # another copy renewed it while this one waited
                if row.refresh_usable(now):
                    try:
                        return self._write(db, self._refreshed(row.refresh_token.reveal()), "refreshes")
                    except QPayError as exc:
                        # Refresh tokens rotate: a refused (or lost) refresh cannot be tried again; a login can.
                        logger.info("QPay token refresh failed (%s); logging in again", type(exc).__name__)
                return self._write(db, self._logged_in(), "logins")

    def _locked_read(self, db: Connection) -> SessionRow:
        if db.dialect.name == "postgresql":
            # Every copy renews under this lock (it ends with the transaction); SQLite serves one process,
            # where the thread lock held around this is enough.
            db.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": SESSION_LOCK})
        return self._read(db)

    def _logged_in(self) -> TokenPair:
        assert self._login is not None, "for_client was not called"
        self.logins += 1
        try:
            pair = self._login()
        except QPayError as exc:
            self._login_problem = f"QPay login failed: {str(exc)[:200]}"
            raise
        self._login_problem = None
        return pair

    def _refreshed(self, refresh_token: str) -> TokenPair:
        assert self._refresh is not None, "for_client was not called"
        self.refreshes += 1
        return self._refresh(refresh_token)

    def _write(self, db: Connection, pair: TokenPair, counter: str) -> SessionRow:
        now = self._wall_clock()
        lifetime = token_lifetime(pair.access_token, pair.expires_in, now=now) or FALLBACK_LIFETIME
        refresh_expires_at = 0.0
        if pair.refresh_token:
            # An unknown refresh lifetime: try it anyway (a refusal falls back to a login).
            refresh_expires_at = now + (token_lifetime(pair.refresh_token, pair.refresh_expires_in, now=now)
                                        or MAX_LIFETIME)
        column = qpay_sessions.c[counter]
        db.execute(update(qpay_sessions).where(qpay_sessions.c.account == self.account).values(
            access_token=self._sealer.seal(pair.access_token), access_expires_at=now + lifetime,
            refresh_token=self._sealer.seal(pair.refresh_token or ""), refresh_expires_at=refresh_expires_at,
            version=qpay_sessions.c.version + 1, updated_at=self._now_text(), **{counter: column + 1}))
        return self._read(db)

    # -- QPay's 429 wait --------------------------------------------------------------------------------------

    def not_before(self) -> float:
        """Until when (wall clock) QPay asked the account to wait, as last read (at most `RE_READ_S` old)."""
        return self.row().not_before

    def wait_until(self, moment: float) -> None:
        """Keep every copy from calling QPay before *moment* (a later wait already there stays)."""
        column = qpay_sessions.c.not_before
        with self._engine.begin() as db:
            db.execute(update(qpay_sessions).where(qpay_sessions.c.account == self.account)
                       .values(not_before=case((column < moment, moment), else_=column)))
        seen, read_at = self._seen
        self._seen = (replace(seen, not_before=max(seen.not_before, moment)), read_at)

    def problem(self) -> str | None:
        """None while the session is usable (a token held, or none yet and no login failed), else why not.
        QPay's 429 wait is no problem here: every copy shares it and answers the tills 429 with its Retry-After
        itself; a balancer that took every copy out for it would answer them a bare 503 instead."""
        row = self.row()
        now = self._wall_clock()
        if row.access_usable(now) or row.refresh_usable(now):
            return None
        return self._login_problem

    # -- the row ----------------------------------------------------------------------------------------------

    def _add_row(self) -> None:
        try:
            with self._engine.begin() as db:
                db.execute(insert(qpay_sessions).values(account=self.account, **_CLEARED, version=0,
                                                        not_before=0.0, logins=0, refreshes=0, updated_at=""))
        except IntegrityError:
            pass        # another copy (or an earlier start) made it

    def _now_text(self) -> str:
        return datetime.fromtimestamp(self._wall_clock(), UTC).isoformat()
