"""Token pairs: RS256 access JWTs and HS256 refresh JWTs, rotated on refresh (the live profile:
both HS256 and a day long, with `expires_in` a Unix time and `exp` iat + expires_in)."""

from __future__ import annotations

import secrets
import threading
import uuid
from dataclasses import dataclass

import jwt
from cryptography.hazmat.primitives.asymmetric import rsa

from .clock import Clock
from .errors import ApiError
from .live import merchant_id

ACCESS_LIFETIME = 600
REFRESH_LIFETIME = 3600
# The live profile: both tokens last a day, `expires_in` is a Unix time and the JWT's `exp` is
# iat + expires_in (about 50 years ahead), both HS256, as the live service does (notes, "Tokens").
LIVE_LIFETIME = 86400
ISSUER = "pos-app-sandbox"


def _auth_failed(message: str) -> ApiError:
    return ApiError(401, "AUTHENTICATION_FAILED", message)


@dataclass
class Session:
    session_id: str
    username: str
    refresh_jti: str
    active: bool = True


class TokenIssuer:
    """Issues and checks tokens against the sandbox clock (not the wall clock)."""

    def __init__(self, clock: Clock, *, single_session: bool = False, live: bool = False) -> None:
        self._clock = clock
        self._single_session = single_session
        self._live = live
        self._access_secret = secrets.token_bytes(32)
        # Keys are made fresh at every start: tokens do not outlive the process.
        self._private_key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
        self._public_key = self._private_key.public_key()
        self._refresh_secret = secrets.token_bytes(32)
        self._sessions: dict[str, Session] = {}
        self._lock = threading.Lock()

    @property
    def single_session(self) -> bool:
        return self._single_session

    def __repr__(self) -> str:
        return f"TokenIssuer(sessions={len(self._sessions)})"

    def reset(self) -> None:
        with self._lock:
            self._sessions.clear()

    def login(self, username: str) -> dict:
        session = Session(str(uuid.uuid4()), username, refresh_jti="")
        with self._lock:
            if self._single_session:
                # The live service keeps one session per account: a new login
                # silently ends the others (real-service-notes, "Tokens").
                for other in self._sessions.values():
                    if other.username == username:
                        other.active = False
            self._sessions[session.session_id] = session
            pair = self._issue(session)
        pair.update({"scope": "profile email", "not-before-policy": "0",
                     "session_state": session.session_id})
        return pair

    def refresh(self, refresh_token: str) -> dict:
        claims = self._decode(refresh_token, self._refresh_secret, "HS256", "Refresh")
        with self._lock:
            session = self._sessions.get(claims["sid"])
            if session is None or not session.active or session.refresh_jti != claims["jti"]:
                raise _auth_failed("refresh token is no longer valid")
            return self._issue(session)

    def verify_access(self, access_token: str) -> str:
        """Return the merchant username the token belongs to."""
        key, algorithm = (self._access_secret, "HS256") if self._live else (self._public_key, "RS256")
        claims = self._decode(access_token, key, algorithm, "Bearer")
        session = self._sessions.get(claims["sid"])
        if session is None or not session.active:
            raise _auth_failed("access token session has ended")
        return claims["sub"]

    def _issue(self, session: Session) -> dict:
        if self._live:
            return self._issue_live(session)
        now = int(self._clock.timestamp())
        session.refresh_jti = str(uuid.uuid4())
        base = {"iss": ISSUER, "sub": session.username, "sid": session.session_id, "iat": now}
        access = jwt.encode({**base, "typ": "Bearer", "jti": str(uuid.uuid4()),
                             "exp": now + ACCESS_LIFETIME},
                            self._private_key, algorithm="RS256")
        refresh = jwt.encode({**base, "typ": "Refresh", "jti": session.refresh_jti,
                              "exp": now + REFRESH_LIFETIME},
                             self._refresh_secret, algorithm="HS256")
        return {"token_type": "Bearer", "access_token": access, "expires_in": ACCESS_LIFETIME,
                "refresh_token": refresh, "refresh_expires_in": REFRESH_LIFETIME}

    def _issue_live(self, session: Session) -> dict:
        now = int(self._clock.timestamp())
        expires = now + LIVE_LIFETIME   # a Unix time, sent as `expires_in`
        session.refresh_jti = str(uuid.uuid4())
        base = {"iss": ISSUER, "sub": session.username, "sid": session.session_id, "iat": now,
                "exp": now + expires, "merchant_id": merchant_id(session.username)}
        access = jwt.encode({**base, "typ": "Bearer", "jti": str(uuid.uuid4())}, self._access_secret,
                            algorithm="HS256")
        refresh = jwt.encode({**base, "typ": "Refresh", "jti": session.refresh_jti}, self._refresh_secret,
                             algorithm="HS256")
        return {"token_type": "bearer", "access_token": access, "expires_in": expires,
                "refresh_token": refresh, "refresh_expires_in": expires}

    def _decode(self, token: str, key, algorithm: str, token_type: str) -> dict:
        try:
            # Times are checked below against the sandbox clock, which tests move.
            claims = jwt.decode(token, key, algorithms=[algorithm], issuer=ISSUER,
                                options={"verify_exp": False, "verify_iat": False, "verify_nbf": False,
                                         "require": ["exp", "iat", "sub", "sid", "jti", "typ"]})
        except jwt.PyJWTError:
            raise _auth_failed("token is invalid") from None
        if claims.get("typ") != token_type:
            raise _auth_failed("token is of the wrong kind for this endpoint")
        # Live tokens' `exp` lies ~50 years ahead: they end a day after they were issued.
        deadline = claims["iat"] + LIVE_LIFETIME if self._live else claims["exp"]
        if deadline <= self._clock.timestamp():
            raise _auth_failed("token has expired")
        return claims
