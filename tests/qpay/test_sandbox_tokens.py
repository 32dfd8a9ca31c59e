"""Token life over real HTTP: reuse, expiry by the sandbox clock, refresh rotation, single flight.

The contract's lifetimes (access 600 s, refresh 3600 s), so the contract run only: the live profile's tokens
live a day (tests/sandbox/test_live_profile.py, tests/qpay/test_live_documented.py, tests/ui/test_live_day.py)."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
import requests

from pos_app.qpay import AuthenticationError, QPayClient
from pos_app.sandbox import SandboxOptions, SandboxServer

from .helpers import FakeClock, SandboxControl, run_in_threads, simple_invoice

pytestmark = pytest.mark.contract_run_only


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def timed_client(make_client: Callable[..., QPayClient], clock: FakeClock) -> QPayClient:
    """A client whose monotonic clock the test moves together with the sandbox's."""
    return make_client(clock=clock)


def advance_both(sandbox: SandboxControl, clock: FakeClock, seconds: float) -> None:
    sandbox.advance_clock(seconds)
    clock.advance(seconds)


def test_many_calls_make_one_login(client: QPayClient, sandbox: SandboxControl) -> None:
    created = client.create_invoice(simple_invoice())
    for _ in range(10):
        client.get_invoice(created.invoice_id)
        client.check_payment(created.invoice_id)
    assert sandbox.logins() == 1
    assert sandbox.refreshes() == 0
    assert client.tokens.logins == 1


def test_access_token_is_refreshed_before_it_expires(
    timed_client: QPayClient, sandbox: SandboxControl, clock: FakeClock
) -> None:
    created = timed_client.create_invoice(simple_invoice())
    advance_both(sandbox, clock, 569)  # 600 - 30 s margin not reached yet
    timed_client.get_invoice(created.invoice_id)
    assert sandbox.refreshes() == 0
    advance_both(sandbox, clock, 2)
    timed_client.get_invoice(created.invoice_id)
    assert sandbox.refreshes() == 1 and sandbox.logins() == 1
    # No request was refused on the way: the renewal came first.
    assert all(entry["status"] == 200 for entry in sandbox.requests_seen())


def test_refresh_rotation_over_several_periods(
    timed_client: QPayClient, sandbox: SandboxControl, clock: FakeClock
) -> None:
    created = timed_client.create_invoice(simple_invoice())
    for _ in range(4):  # 4 x 601 s: 2400 s, beyond no single refresh token's life
        advance_both(sandbox, clock, 601)
        timed_client.get_invoice(created.invoice_id)
    assert sandbox.refreshes() == 4 and sandbox.logins() == 1


def test_old_refresh_token_fails_after_rotation(client: QPayClient, sandbox_server: SandboxServer) -> None:
    old = client.authenticate()
    new = client.refresh()
    answer = requests.post(
        f"{sandbox_server.url}/v2/auth/refresh", headers={"Authorization": f"Bearer {old.refresh_token}"}, timeout=5
    )
    assert answer.status_code == 401 and answer.json()["error_code"] == "AUTHENTICATION_FAILED"
    assert client.refresh().access_token != new.access_token  # the held, rotated token still works


def test_expired_refresh_token_means_a_new_login(
    timed_client: QPayClient, sandbox: SandboxControl, clock: FakeClock
) -> None:
    created = timed_client.create_invoice(simple_invoice())
    advance_both(sandbox, clock, 3601)
    timed_client.get_invoice(created.invoice_id)
    assert sandbox.logins() == 2 and sandbox.refreshes() == 0


def test_token_expired_on_the_server_only_means_401_then_one_login(client: QPayClient, sandbox: SandboxControl) -> None:
    # The till's clock did not move (or is wrong): the 401 is the signal.
    created = client.create_invoice(simple_invoice())
    sandbox.advance_clock(601)
    assert client.get_invoice(created.invoice_id).invoice_id == created.invoice_id
    statuses = [(e["path"], e["status"]) for e in sandbox.requests_seen()]
    assert statuses[-3:] == [
        (f"/v2/invoice/{created.invoice_id}", 401),
        ("/v2/auth/token", 200),
        (f"/v2/invoice/{created.invoice_id}", 200),
    ]


def test_failed_refresh_logs_in_again_once(timed_client: QPayClient, sandbox: SandboxControl, clock: FakeClock) -> None:
    timed_client.authenticate()
    sandbox.reset()  # every session ends (and the request log restarts): the refresh token is refused
    clock.advance(601)
    timed_client.list_invoices()
    assert sandbox.refreshes() == 1 and sandbox.logins() == 1
    assert [e["status"] for e in sandbox.requests_seen() if e["path"] == "/v2/auth/refresh"] == [401]


def test_a_401_that_persists_is_raised_after_one_retry(
    make_client: Callable[..., QPayClient], sandbox: SandboxControl
) -> None:
    client = make_client()
    client.authenticate()
    sandbox.fault("/v2/invoice/list", status=401, count=5)
    with pytest.raises(AuthenticationError):
        client.list_invoices()
    assert sandbox.count("/v2/invoice/list") == 2  # the call and one repeat after a new login
    assert sandbox.logins() == 2


def test_eight_threads_make_one_refresh(timed_client: QPayClient, sandbox: SandboxControl, clock: FakeClock) -> None:
    created = timed_client.create_invoice(simple_invoice())
    advance_both(sandbox, clock, 601)
    results = run_in_threads(8, lambda: timed_client.get_invoice(created.invoice_id).invoice_id)
    assert results == [created.invoice_id] * 8
    assert sandbox.refreshes() == 1 and sandbox.logins() == 1


def test_eight_threads_hit_by_401_make_one_login(client: QPayClient, sandbox: SandboxControl) -> None:
    created = client.create_invoice(simple_invoice())
    sandbox.advance_clock(601)  # all eight send the expired token and get 401
    results = run_in_threads(8, lambda: client.get_invoice(created.invoice_id).invoice_id)
    assert results == [created.invoice_id] * 8
    assert sandbox.logins() == 2 and sandbox.refreshes() == 0


@pytest.fixture(scope="module")
def single_session_server() -> Iterator[SandboxServer]:
    server = SandboxServer(options=SandboxOptions(single_session=True)).start()
    yield server
    server.stop()


def test_another_terminal_logging_in_ends_our_session(
    single_session_server: SandboxServer, make_client: Callable[..., QPayClient]
) -> None:
    single_session_server.reset()
    control = SandboxControl(single_session_server.url)
    till_1 = make_client(base_url=single_session_server.url)
    till_2 = make_client(base_url=single_session_server.url)
    created = till_1.create_invoice(simple_invoice())
    till_2.authenticate()  # the live service keeps one session per account
    assert till_1.get_invoice(created.invoice_id).invoice_id == created.invoice_id
    assert control.logins() == 3  # till 1, till 2, till 1 again after its 401
