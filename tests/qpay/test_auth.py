"""Token expiry reading and the token holder (reuse, refresh, fallback, single flight), without HTTP."""

from __future__ import annotations

import threading

import jwt
import pytest

from pos_app.qpay import AuthenticationError, OutcomeUnknownError, TokenPair
from pos_app.qpay.auth import FALLBACK_LIFETIME, TokenManager, jwt_claims, token_lifetime

from .helpers import FakeClock, run_in_threads

NOW = 1_800_000_000


def make_jwt(**claims: object) -> str:
    return jwt.encode(dict(claims), "k" * 32, algorithm="HS256")


# -- reading the expiry ----------------------------------------------------------


def test_lifetime_from_exp_minus_iat_ignores_a_wrong_local_clock() -> None:
    token = make_jwt(iat=NOW, exp=NOW + 600)
    assert token_lifetime(token, 9999, now=NOW + 5000) == 600  # claim wins over expires_in


def test_lifetime_from_exp_without_iat_uses_local_time() -> None:
    assert token_lifetime(make_jwt(exp=NOW + 300), None, now=NOW) == 300


def test_expires_in_as_seconds() -> None:
    assert token_lifetime("not-a-jwt", 600, now=NOW) == 600


def test_expires_in_as_unix_time() -> None:
    # Live: issue time + 86400, sent where seconds were promised.
    assert token_lifetime("opaque", NOW + 86400, now=NOW) == 86400
    assert token_lifetime(make_jwt(iat=NOW - 10), NOW + 86400, now=NOW + 50) == 86410


def test_unusable_expiry_gives_none() -> None:
    assert token_lifetime("opaque", None, now=NOW) is None
    assert token_lifetime(make_jwt(exp=NOW - 1), None, now=NOW) is None  # wrong wall clock
    assert token_lifetime(make_jwt(exp="soon"), None, now=NOW) is None


def test_jwt_claims_without_verifying() -> None:
    assert jwt_claims(make_jwt(sub="x")) == {"sub": "x"}
    assert jwt_claims("a.b.c") is None and jwt_claims(None) is None


# -- the token holder ----------------------------------------------------------------


class FakeService:
    """Issues token pairs with a given lifetime; counts and can refuse calls."""

    def __init__(self, lifetime: int = 600, refresh_lifetime: int = 3600) -> None:
        self.lifetime = lifetime
        self.refresh_lifetime = refresh_lifetime
        self.logins = 0
        self.refreshes = 0
        self.refuse_refresh: Exception | None = None
        self.refreshed_with: list[str] = []
        self._lock = threading.Lock()
        self.gate: threading.Event | None = None

    def _pair(self, n: int) -> TokenPair:
        return TokenPair(
            token_type="Bearer",
            access_token=make_jwt(iat=NOW, exp=NOW + self.lifetime, n=n),
            refresh_token=make_jwt(iat=NOW, exp=NOW + self.refresh_lifetime, r=n),
            expires_in=self.lifetime,
            refresh_expires_in=self.refresh_lifetime,
        )

    def login(self) -> TokenPair:
        with self._lock:
            self.logins += 1
            n = self.logins * 1000
        return self._pair(n)

    def refresh(self, refresh_token: str) -> TokenPair:
        if self.gate is not None:
            self.gate.wait(5)
        with self._lock:
            self.refreshes += 1
            self.refreshed_with.append(refresh_token)
            n = self.refreshes
        if self.refuse_refresh is not None:
            raise self.refuse_refresh
        return self._pair(n)


@pytest.fixture
def service() -> FakeService:
    return FakeService()


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def manager(service: FakeService, clock: FakeClock) -> TokenManager:
    return TokenManager(service.login, service.refresh, margin=30, clock=clock, wall_clock=lambda: NOW)


def test_one_login_then_reuse(manager: TokenManager, service: FakeService, clock: FakeClock) -> None:
    tokens = set()
    for _ in range(20):
        tokens.add(manager.access_token())
        clock.advance(25)  # 500 s in all: still before 600 - 30
    assert len(tokens) == 1
    assert service.logins == 1 and service.refreshes == 0


def test_refresh_at_expiry_minus_margin(manager: TokenManager, service: FakeService, clock: FakeClock) -> None:
    first = manager.access_token()
    clock.advance(569)
    assert manager.access_token() == first
    clock.advance(1)  # 570 = 600 - 30
    second = manager.access_token()
    assert second != first
    assert service.refreshes == 1 and service.logins == 1


def test_rotated_refresh_token_is_used_next_time(manager: TokenManager, service: FakeService, clock: FakeClock) -> None:
    manager.access_token()
    clock.advance(600)
    manager.access_token()
    clock.advance(600)
    manager.access_token()
    assert service.refreshes == 2
    assert service.refreshed_with[0] != service.refreshed_with[1]


def test_expired_refresh_token_means_login(manager: TokenManager, service: FakeService, clock: FakeClock) -> None:
    manager.access_token()
    clock.advance(3600)
    manager.access_token()
    assert service.logins == 2 and service.refreshes == 0


@pytest.mark.parametrize(
    "failure",
    [
        AuthenticationError(401, "AUTHENTICATION_FAILED", "refresh token is no longer valid"),
        OutcomeUnknownError("no answer"),
    ],
)
def test_failed_refresh_falls_back_to_one_login(
    manager: TokenManager, service: FakeService, clock: FakeClock, failure: Exception
) -> None:
    manager.access_token()
    clock.advance(600)
    service.refuse_refresh = failure
    manager.access_token()
    assert service.refreshes == 1 and service.logins == 2


def test_invalidate_after_a_401_logs_in_again(manager: TokenManager, service: FakeService) -> None:
    token = manager.access_token()
    manager.invalidate(token)
    assert manager.access_token() != token
    assert service.logins == 2 and service.refreshes == 0  # the session ended: refresh would fail too


def test_invalidate_of_a_replaced_token_does_nothing(manager: TokenManager, service: FakeService) -> None:
    old = manager.access_token()
    manager.invalidate(old)
    new = manager.access_token()
    manager.invalidate(old)  # a late 401 from a request sent with the old token
    assert manager.access_token() == new
    assert service.logins == 2


def test_unknown_lifetime_uses_the_fallback(service: FakeService, clock: FakeClock) -> None:
    def opaque_login() -> TokenPair:
        service.logins += 1
        return TokenPair(access_token="opaque", refresh_token="opaque-refresh")

    manager = TokenManager(opaque_login, service.refresh, margin=30, clock=clock)
    manager.access_token()
    clock.advance(FALLBACK_LIFETIME - 31)
    manager.access_token()
    assert service.logins == 1
    clock.advance(1)
    manager.access_token()
    assert service.refreshes == 1


def test_short_lifetime_does_not_loop_on_the_margin(service: FakeService, clock: FakeClock) -> None:
    service.lifetime = 20  # shorter than the margin: half the lifetime is used instead
    manager = TokenManager(service.login, service.refresh, margin=30, clock=clock, wall_clock=lambda: NOW)
    manager.access_token()
    clock.advance(9)
    manager.access_token()
    assert service.logins == 1 and service.refreshes == 0


def test_explicit_login_and_refresh(manager: TokenManager, service: FakeService) -> None:
    manager.refresh()  # nothing held yet: logs in first, then refreshes
    assert service.logins == 1 and service.refreshes == 1
    manager.login()
    assert service.logins == 2
    service.refuse_refresh = AuthenticationError(401, "AUTHENTICATION_FAILED", "no")
    with pytest.raises(AuthenticationError):
        manager.refresh()
    manager.access_token()  # the refused pair was dropped: log in
    assert service.logins == 3


def test_explicit_refresh_without_a_refresh_token_is_an_error(service: FakeService, clock: FakeClock) -> None:
    from pos_app.qpay import InvalidResponseError

    manager = TokenManager(lambda: TokenPair(access_token="opaque"), service.refresh, clock=clock)
    with pytest.raises(InvalidResponseError):
        manager.refresh()


def test_concurrent_callers_share_one_refresh(manager: TokenManager, service: FakeService, clock: FakeClock) -> None:
    manager.access_token()
    clock.advance(600)
    # The refresh is held open until all 8 threads have asked for a token.
    service.gate = threading.Event()
    arrived = 0
    arrived_lock = threading.Lock()

    def ask() -> str:
        nonlocal arrived
        with arrived_lock:
            arrived += 1
            if arrived == 8:
                service.gate.set()  # type: ignore[union-attr]
        return manager.access_token()

    tokens = run_in_threads(8, ask)
    assert len(set(tokens)) == 1
    assert service.refreshes == 1 and service.logins == 1


def test_repr_hides_tokens(manager: TokenManager) -> None:
    token = manager.access_token()
    assert token not in repr(manager)
    assert token not in repr(vars(manager))
