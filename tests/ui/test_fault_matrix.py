"""The fault matrix: whole sales at the till (a real PosApp driven from the keyboard) against the
sandbox's fault injection. Every case ends in the same check, `assert_sale_kept`
(tests/ui/fault_matrix_helpers.py): no sale lost, no invoice twice, never paid without the money,
no paid sale without its receipt offer (and then exactly one ebarimt).

The matrix
----------
Each call of a sale x each fault, `test_whole_sale_survives[<call>-<fault>]`:

calls (`CALLS`): login ``POST /v2/auth/token``, create ``POST /v2/invoice`` (its look-up after a
lost answer, ``POST /v2/invoice/list``, shares the prefix and so meets the same faults), check
``POST /v2/payment/check``, get invoice ``GET /v2/invoice/{id}`` (every tenth check), ebarimt
``POST /v2/ebarimt_v3/create``.

faults (`FAULTS`): a 429 burst with Retry-After (1 s), a 429 burst without Retry-After, 500s,
503s, a timeout (held longer than the client's read timeout before the service does anything),
a late answer (done, then held past the timeout), a dropped connection before processing, a
dropped connection after processing (the answer lost).

Besides the invariants each case asserts: its faults were met (none left pending); the journal holds
one sale (the charge never failed: a fault within the client's retries, or a lost create found by
its look-up, stays invisible to the cashier); a 429 with Retry-After was asked again only after it;
an invoice whose creation answer was lost after the work was looked up, never sent again; a receipt
request that may have reached the service came back to the cashier once per fault (never resent
unasked) and the service kept one ebarimt; a request held past the timeout has been let go by the
service before the check (so a late second invoice or receipt would be seen).

The named scenarios
-------------------
Each item of the issue, and the test that covers it (``*``: every parameter; ``...``: the name goes on).

=============================================  =====================================================================
matrix item                                    test
=============================================  =====================================================================
429 bursts with Retry-After                    test_whole_sale_survives[*-429-retry-after]
429 bursts without Retry-After                 test_whole_sale_survives[*-429-no-retry-after]
500s, 503s                                     test_whole_sale_survives[*-500], [*-503]
timeouts (before / after the service's work)   test_whole_sale_survives[*-timeout], [*-late-answer]
dropped connections at every call of a sale    test_whole_sale_survives[*-drop], [*-drop-after]
a check outage beyond the client's retries     test_a_check_outage_longer_than_the_clients_retries
a login / create outage beyond the client's    test_an_outage_longer_than_the_clients_retries_at_charge_...[*]
retries: the charge fails, the cart stays
token expiry mid-sale                          test_token_expiry_mid_sale_the_till_renews_it[refresh], [401]
refresh token expired                          test_refresh_token_expired_mid_sale_the_till_logs_in_again[*]
login invalidated by another terminal          test_login_taken_by_another_terminal_mid_sale
sandbox restart mid-sale                       test_sandbox_restart_mid_sale_while_waiting_and_before_the_receipt
duplicate callbacks                            test_duplicate_callbacks_make_one_payment_and_one_receipt
forged callbacks                               test_forged_callbacks_never_mark_a_sale_paid
partial payment then the rest                  test_partial_payment_then_the_rest,
                                               test_a_partial_payment_refused_by_the_service_changes_nothing,
                                               test_partial_payments_receipt_covers_the_whole_sale
overpayment refused                            test_overpayment_is_refused_and_the_exact_payment_completes
app killed at every step (the journal issue)   tests/ui/test_crash_restart.py (not repeated here); each test there
                                               ends in assert_sale_kept:
- before the invoice was created               test_killed_before_the_invoice_was_created_...
- while the create answer was on its way       test_killed_while_the_answer_to_create_was_on_its_way_...
- while waiting for the payment                test_killed_while_waiting_the_same_invoice_is_waited_for_again
- paid while the till was down                 test_a_customer_who_paid_while_the_till_was_down_gets_the_receipt_step
- while the cancel answer was on its way       test_killed_while_the_cancel_answer_was_on_its_way_...
- after the payment was recorded               test_killed_after_the_payment_was_recorded_the_receipt_is_offered_once
- while the receipt answer was on its way      test_killed_while_the_receipt_answer_was_on_its_way_...
- before the receipt request was served        test_killed_before_the_receipt_request_was_served_...
=============================================  =====================================================================

The till's client is the app's own `QPayClient`, built by `build_backend` as always, with a short read
timeout, the suite's fast retry policy (`FAST_POLICY`) and a token clock the test moves, so the whole
module runs in under a minute; the app has no setting for any of them, so the test swaps the class
`build_backend` uses. No test sleeps: every wait is `qtbot.waitUntil` on the till or the sandbox.

Tests marked xfail(strict) are real bugs, reported: they pass (and so fail the run) once fixed.
"""

from __future__ import annotations

import json
import socket
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from decimal import Decimal
from functools import partial
from pathlib import Path
from typing import Any

import pytest
import requests
from PySide6.QtCore import Qt

import pos_app.app.start.payment_side
from pos_app.domain.poll import PollSchedule
from pos_app.domain.sale import Stage
from pos_app.journal import JournalStatus
from pos_app.qpay import QPayClient
from pos_app.sandbox import SandboxServer
from pos_app.sandbox.service import SandboxOptions
from tests.qpay.helpers import FAST_POLICY, PASSWORD, USERNAME, FakeClock, SandboxControl

from .conftest import MILK, WAIT_MS, YOGURT, HintsHandled, Till
from .fault_matrix_helpers import (
    Outcomes,
    allow_on_invoice,
    assert_every_sale_kept,
    assert_sale_kept,
    charge,
    invoices_numbered,
    issue_receipt,
    paid_payments,
    receipts_of,
)

CONNECT_TIMEOUT, READ_TIMEOUT = 2.0, 1.0
SLOW_MS = 2_500                     # held this long: past the read timeout, whatever the machine's load
LINES = [(MILK, Decimal(1)), (YOGURT, Decimal(3))]
TOTAL = Decimal(3500 + 3 * 2800)
# Checks so rare that only F5 (or a callback) checks within a test's wait.
RARE_CHECKS = PollSchedule(fast_interval=600, fast_period=30, medium_interval=600, medium_period=60,
                           slow_interval=600, max_backoff=600)


# -- the till under test ----------------------------------------------------------------------------------


@pytest.fixture
def token_clock() -> FakeClock:
    """The till's client's monotonic clock (token lifetimes): still unless a test moves it."""
    return FakeClock()


@pytest.fixture
def fast_till(make_till: Callable[..., Till], monkeypatch: pytest.MonkeyPatch,
              token_clock: FakeClock) -> Callable[..., Till]:
    """`make_till`, its client built with a short read timeout, fast retries and the test's token clock."""
    monkeypatch.setattr(pos_app.app.start.payment_side, "QPayClient", partial(
        QPayClient, timeout=(CONNECT_TIMEOUT, READ_TIMEOUT), retry_policy=FAST_POLICY, clock=token_clock))
    return make_till


def wait_faults_met(till: Till, control: SandboxControl) -> None:
    till.qtbot.waitUntil(lambda: not control.pending_faults(), timeout=WAIT_MS)


def scan_lines(till: Till) -> None:
    till.scan(MILK)
    till.scan(f"3*{YOGURT}")


def pay(till: Till, control: SandboxControl, **body: Any) -> dict[str, Any]:
    payment = control.pay(till.invoice_id, **body)
    till.wait_stage(Stage.PAID)
    return payment


# -- the matrix -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Call:
    path: str          # the fault's path prefix
    method: str
    exact: str | None  # the request path to find in the log (None: any under the prefix)
    moves_money: bool = False


CALLS = {
    "login": Call("/v2/auth/token", "POST", "/v2/auth/token"),
    "create": Call("/v2/invoice", "POST", "/v2/invoice", moves_money=True),
    "check": Call("/v2/payment/check", "POST", "/v2/payment/check"),
    "get": Call("/v2/invoice/", "GET", None),
    "ebarimt": Call("/v2/ebarimt_v3/create", "POST", "/v2/ebarimt_v3/create", moves_money=True),
}
FAULTS: dict[str, dict[str, Any]] = {
    "429-retry-after": {"status": 429, "retry_after": 1, "count": 2},
    "429-no-retry-after": {"status": 429, "retry_after": None, "count": 3},
    "500": {"status": 500, "count": 3},
    "503": {"status": 503, "count": 3},
    "timeout": {"delay_ms": SLOW_MS, "count": 1},
    "late-answer": {"delay_ms": SLOW_MS, "after_processing": True, "count": 1},
    "drop": {"drop": True, "count": 2},
    "drop-after": {"drop": True, "after_processing": True, "count": 2},
}


def _log_of(control: SandboxControl, call: Call) -> list[dict[str, Any]]:
    return [entry for entry in control.requests_seen() if entry["method"] == call.method
            and (entry["path"] == call.exact if call.exact else entry["path"].startswith(call.path))]


@pytest.mark.parametrize("fault_name", list(FAULTS))
@pytest.mark.parametrize("call_name", list(CALLS))
def test_whole_sale_survives(fast_till: Callable[..., Till], sandbox_server: SandboxServer,
                             call_name: str, fault_name: str) -> None:
    call, fault = CALLS[call_name], FAULTS[fault_name]
    till = fast_till()
    control = till.control
    outcomes = Outcomes.watch(till)
    scan_lines(till)
    control.fault(call.path, method=call.method, **fault)

    charge(till, outcomes)
    if call_name != "ebarimt":
        wait_faults_met(till, control)         # the fault has struck before the customer pays
    pay(till, control)
    issue_receipt(till)
    assert not control.pending_faults(), "the fault never met its call"
    [sale] = assert_every_sale_kept(till, sandbox_server)    # one sale: no charge had to be made again
    assert [(line.barcode, line.quantity) for line in sale.lines] == LINES and sale.total == TOTAL

    if call.moves_money and fault.get("delay_ms"):
        # A held request is logged when the service lets it go, long after the client gave up on it:
        # wait for that, so a late second invoice or receipt would be seen below.
        till.qtbot.waitUntil(lambda: any(entry.get("fault") for entry in _log_of(control, call)), timeout=WAIT_MS)
    # The charge never failed: faults within the client's retries, or a lost create found by its look-up.
    assert outcomes.charge_failed == []
    if call_name == "ebarimt" and fault.get("status") != 429:
        # A receipt request that may have reached the service is never sent again unasked: each one the
        # fault met came back to the cashier, who asked again (and the service kept one receipt).
        assert len(outcomes.receipt_failed) == fault["count"], outcomes.receipt_failed
        assert control.count("/v2/ebarimt_v3/create", "POST") == fault["count"] + 1
    else:
        assert outcomes.receipt_failed == []
    log = _log_of(control, call)
    faulted = [entry for entry in log if entry.get("fault")]
    if fault.get("status") == 429 and fault.get("retry_after"):
        # Each refused request was asked again only after the service's Retry-After.
        for entry in faulted:
            later = [other["time"] for other in log if other["time"] > entry["time"]]
            assert later and min(later) - entry["time"] >= fault["retry_after"] - 0.1, log
    if call_name == "create" and fault.get("after_processing"):
        # The service made the invoice and the answer was lost: looked up, never sent again.
        assert control.count("/v2/invoice", "POST") == 1
        assert control.count("/v2/invoice/list", "POST") >= 1
    if call_name == "create":
        assert len(invoices_numbered(sandbox_server, sale.number)) == 1


# -- outages longer than the client's own retries ------------------------------------------------------------


def test_a_check_outage_longer_than_the_clients_retries(fast_till: Callable[..., Till],
                                                        sandbox_server: SandboxServer) -> None:
    till = fast_till()
    control = till.control
    scan_lines(till)
    # More 503s than the client's attempts: one whole check fails, the till says so and keeps checking.
    control.fault("/v2/payment/check", method="POST", status=503, count=FAST_POLICY.max_attempts + 2)
    charge(till, Outcomes.watch(till))
    banner = till.window.payment_page.banner
    till.qtbot.waitUntil(lambda: banner.isVisible() and "trouble" in banner.text(), timeout=WAIT_MS)
    wait_faults_met(till, control)
    till.qtbot.waitUntil(lambda: not banner.isVisible(), timeout=WAIT_MS)
    pay(till, control)
    assert_sale_kept(till, sandbox_server, till.flow.sale.number, lines=LINES)  # type: ignore[union-attr]


@pytest.mark.parametrize("call_name", ["login", "create"])
def test_an_outage_longer_than_the_clients_retries_at_charge_the_cashier_charges_again(
        fast_till: Callable[..., Till], sandbox_server: SandboxServer, call_name: str) -> None:
    """The login fails (503s), or the create is refused (429s) on every attempt: nothing was created, the
    attempt is marked failed at once, the charge fails in words, the cart stays, and the next F12 sells
    under a new number."""
    till = fast_till()
    control = till.control
    call = CALLS[call_name]
    outcomes = Outcomes.watch(till)
    scan_lines(till)
    control.fault(call.path, method=call.method, status=503 if call_name == "login" else 429, retry_after=0,
                  count=FAST_POLICY.max_attempts)
    charge(till, outcomes)
    assert len(outcomes.charge_failed) == 1
    pay(till, control)
    first, second = assert_every_sale_kept(till, sandbox_server)
    assert invoices_numbered(sandbox_server, first.number) == []
    assert first.status is JournalStatus.FAILED, first.status   # settled now, not left for the next start
    assert [(line.barcode, line.quantity) for line in second.lines] == LINES
    assert control.count("/v2/invoice", "POST") == (1 if call_name == "login" else FAST_POLICY.max_attempts + 1)


# -- tokens ---------------------------------------------------------------------------------------------------

ACCESS_LIFETIME, REFRESH_LIFETIME = 600, 3600   # the sandbox's (pos_app/sandbox/tokens.py)


def _auth_log(control: SandboxControl) -> list[tuple[str, Any]]:
    return [(entry["path"], entry["status"]) for entry in control.requests_seen()
            if entry["path"].startswith("/v2/auth/") or entry["status"] == 401]


def check_now(till: Till) -> None:
    """F5, and wait until that check's answer is handled."""
    before = till.flow.last_check_at
    till.key(Qt.Key.Key_F5)
    till.qtbot.waitUntil(lambda: till.flow.last_check_at != before, timeout=WAIT_MS)


@pytest.mark.contract_run_only
@pytest.mark.parametrize("till_knows", [True, False], ids=["refresh", "401"])
def test_token_expiry_mid_sale_the_till_renews_it(fast_till: Callable[..., Till], sandbox_server: SandboxServer,
                                                 token_clock: FakeClock, till_knows: bool) -> None:
    # Checks only on F5: no check is in flight while the clocks move.
    till = fast_till(schedule=RARE_CHECKS)
    control = till.control
    scan_lines(till)
    charge(till, Outcomes.watch(till))
    check_now(till)
    control.advance_clock(ACCESS_LIFETIME + 60)       # the access token has expired at the service...
    if till_knows:
        token_clock.advance(ACCESS_LIFETIME + 60)     # ... and the till's clock says so: it refreshes first
    check_now(till)                                   # (else its clock lags: the check meets a 401)
    assert till.flow.stage is Stage.AWAITING_PAYMENT and not till.window.payment_page.banner.isVisible()
    control.pay(till.invoice_id)
    check_now(till)
    till.wait_stage(Stage.PAID)
    assert_sale_kept(till, sandbox_server, till.flow.sale.number, lines=LINES)  # type: ignore[union-attr]
    auth = _auth_log(control)
    if till_knows:
        assert control.refreshes() == 1 and control.logins() == 1, auth
        assert ("/v2/payment/check", 401) not in auth, auth
    else:
        assert ("/v2/payment/check", 401) in auth, auth
        assert control.refreshes() == 0 and control.logins() == 2, auth


@pytest.mark.contract_run_only
@pytest.mark.parametrize("till_knows", [True, False], ids=["till-knows", "till-does-not-know"])
def test_refresh_token_expired_mid_sale_the_till_logs_in_again(
        fast_till: Callable[..., Till], sandbox_server: SandboxServer, token_clock: FakeClock,
        till_knows: bool) -> None:
    till = fast_till(schedule=RARE_CHECKS)
    control = till.control
    scan_lines(till)
    charge(till, Outcomes.watch(till))
    check_now(till)
    control.advance_clock(REFRESH_LIFETIME + 60)      # both tokens have expired at the service
    # Knowing, the till logs in straight away; not knowing (its clock says the refresh token still
    # lives), it tries the refresh, is refused, and logs in.
    token_clock.advance((REFRESH_LIFETIME if till_knows else ACCESS_LIFETIME) + 60)
    check_now(till)
    assert till.flow.stage is Stage.AWAITING_PAYMENT and not till.window.payment_page.banner.isVisible()
    control.pay(till.invoice_id)
    check_now(till)
    till.wait_stage(Stage.PAID)
    assert_sale_kept(till, sandbox_server, till.flow.sale.number, lines=LINES)  # type: ignore[union-attr]
    auth = _auth_log(control)
    assert control.logins() == 2, auth
    if till_knows:
        assert control.refreshes() == 0, auth
    else:
        assert ("/v2/auth/refresh", 401) in auth and control.refreshes() == 1, auth


@pytest.fixture
def single_session_sandbox() -> Iterator[SandboxServer]:
    """A sandbox like the live service: one live session per account; a new login ends the others."""
    server = SandboxServer(options=SandboxOptions(single_session=True)).start()
    yield server
    server.stop()


def test_login_taken_by_another_terminal_mid_sale(fast_till: Callable[..., Till],
                                                  single_session_sandbox: SandboxServer) -> None:
    server = single_session_sandbox
    till = fast_till(sandbox_url=server.url)
    control = SandboxControl(server.url)
    scan_lines(till)
    charge(till, Outcomes.watch(till))
    with QPayClient(server.url, USERNAME, PASSWORD, retry_policy=FAST_POLICY) as other:
        other.authenticate()                          # the other terminal: the till's session ends
        till.qtbot.waitUntil(lambda: ("/v2/payment/check", 401) in _auth_log(control), timeout=WAIT_MS)
        till.qtbot.waitUntil(lambda: control.logins() == 3, timeout=WAIT_MS)   # the till logged in again
        control.pay(till.invoice_id)
        till.wait_stage(Stage.PAID)
        other.authenticate()                          # and again, right before the receipt
        issue_receipt(till)
        # The receipt request met a 401 (refused, so nothing was made), logged in again, asked once more.
        assert ("/v2/ebarimt_v3/create", 401) in _auth_log(control)
        assert control.count("/v2/ebarimt_v3/create", "POST") == 2
        other.list_invoices()                         # the other terminal carries on too
    assert_sale_kept(till, server, till.flow.sale.number, lines=LINES)  # type: ignore[union-attr]


# -- the service restarted --------------------------------------------------------------------------------


class RestartableSandbox:
    """A sandbox that keeps its records in a file and comes back on the same port (with new signing keys,
    so the till's tokens die with it, as after a real restart)."""

    def __init__(self, state: Path) -> None:
        self.state = state
        self.servers = [SandboxServer(options=SandboxOptions(state_file=state)).start()]
        self.url = self.servers[0].url

    @property
    def server(self) -> SandboxServer:
        return self.servers[-1]

    def stop(self) -> None:
        self.server.stop()

    def start_again(self) -> SandboxServer:
        self.server.stop()
        port = self.servers[0].port
        self.servers.append(SandboxServer(port=port, options=SandboxOptions(state_file=self.state)).start())
        return self.server

    def close(self) -> None:
        for server in self.servers:
            server.stop()


@pytest.fixture
def restartable_sandbox(tmp_path: Path) -> Iterator[RestartableSandbox]:
    sandbox = RestartableSandbox(tmp_path / "sandbox.sqlite3")
    yield sandbox
    sandbox.close()


def test_sandbox_restart_mid_sale_while_waiting_and_before_the_receipt(
        fast_till: Callable[..., Till], restartable_sandbox: RestartableSandbox) -> None:
    sandbox = restartable_sandbox
    till = fast_till(sandbox_url=sandbox.url)
    control = SandboxControl(sandbox.url)        # the same address before and after each restart
    outcomes = Outcomes.watch(till)
    scan_lines(till)
    charge(till, outcomes)
    banner = till.window.payment_page.banner
    sandbox.stop()                                                      # down while waiting
    till.qtbot.waitUntil(lambda: banner.isVisible() and "No connection" in banner.text(), timeout=WAIT_MS)
    server = sandbox.start_again()                                      # back: records kept, new keys
    till.qtbot.waitUntil(lambda: not banner.isVisible(), timeout=WAIT_MS)
    control.pay(till.invoice_id)
    till.wait_stage(Stage.PAID)
    assert ("/v2/payment/check", 401) in _auth_log(control)            # the old token died with it
    sandbox.stop()                                                      # down before the receipt
    till.key(Qt.Key.Key_Return)
    till.qtbot.waitUntil(lambda: bool(outcomes.receipt_failed), timeout=WAIT_MS)
    assert till.flow.stage is Stage.PAID                                # still offered
    server = sandbox.start_again()
    issue_receipt(till)
    number = till.flow.sale.number  # type: ignore[union-attr]
    sale = assert_sale_kept(till, server, number, lines=LINES)
    assert len(invoices_numbered(server, number)) == 1
    assert len(receipts_of(server, [payment.payment_id for payment in sale.payments])) == 1
    till.app.flow.stop()


# -- callbacks --------------------------------------------------------------------------------------------



class Receiver:
    """Callbacks sent to the till's receiver, each waited for until the till has handled it."""

    def __init__(self, till: Till, url: str) -> None:
        self.till, self.url = till, url
        self.handled = HintsHandled(till.app)

    def wait_handled(self, count: int) -> None:
        self.till.qtbot.waitUntil(lambda: self.handled.count >= count, timeout=WAIT_MS)

    def post(self, invoice_id: str) -> None:
        before = self.handled.count
        answer = requests.post(self.url, json={"invoice_id": invoice_id}, timeout=5)
        assert answer.status_code == 200 and answer.text == "SUCCESS"
        self.wait_handled(before + 1)

    def get(self, payment_id: str) -> None:
        before = self.handled.count
        answer = requests.get(self.url, params={"qpay_payment_id": payment_id}, timeout=5)
        assert answer.status_code == 200 and answer.text == "SUCCESS"
        self.wait_handled(before + 1)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def callback_till(fast_till: Callable[..., Till], tmp_path: Path) -> tuple[Till, Receiver]:
    """A till with its callback receiver on, checking (by itself) only every ten minutes."""
    port = _free_port()
    config = tmp_path / "config"
    config.mkdir(parents=True, exist_ok=True)
    (config / "settings.json").write_text(json.dumps({"callback_listen": f"127.0.0.1:{port}"}), encoding="utf-8")
    till = fast_till(schedule=RARE_CHECKS)
    assert till.app.backend is not None and till.app.backend.receiver is not None
    return till, Receiver(till, f"http://127.0.0.1:{port}/qpay/callback")


def _checks(control: SandboxControl) -> int:
    return control.count("/v2/payment/check", "POST")


def _journal_kinds(till: Till, number: str) -> list[str]:
    return [kind for _, kind, _ in till.app.backend.journal.queries.events(number)]  # type: ignore[union-attr]


def test_forged_callbacks_never_mark_a_sale_paid(callback_till: tuple[Till, Receiver],
                                                 sandbox_server: SandboxServer) -> None:
    till, receiver = callback_till
    control = till.control
    scan_lines(till)
    charge(till, Outcomes.watch(till))
    number, invoice_id = till.flow.sale.number, till.invoice_id  # type: ignore[union-attr]
    receiver.post(invoice_id)                         # "paid!", says someone, of the open sale
    receiver.get("999999999999999")                   # a payment id the service never made
    receiver.post("not-an-invoice-of-ours")           # another invoice
    # Nothing paid: still waiting, nothing recorded, nothing owed...
    assert till.flow.stage is Stage.AWAITING_PAYMENT
    sale = assert_sale_kept(till, sandbox_server, number, lines=LINES)
    assert sale.status is JournalStatus.OPEN and not sale.payments
    # ... though the callbacks made the till ask the service.
    till.qtbot.waitUntil(lambda: till.flow.last_check_at is not None, timeout=WAIT_MS)
    assert _checks(control) >= 1 and till.flow.stage is Stage.AWAITING_PAYMENT
    sale = assert_sale_kept(till, sandbox_server, number, lines=LINES)
    assert sale.status is JournalStatus.OPEN and "payments_seen" not in _journal_kinds(till, number)
    assert control.count("/v2/ebarimt_v3/create") == 0

    forged = receiver.handled.count
    control.pay(invoice_id)                           # the real payment, and the service's callback
    receiver.wait_handled(forged + 1)                 # (its check may be spaced out behind theirs: F5)
    till.key(Qt.Key.Key_F5)
    till.wait_stage(Stage.PAID)
    assert_sale_kept(till, sandbox_server, number, lines=LINES)
    receiver.post(invoice_id)                         # a forged one after the receipt changes nothing
    assert till.flow.stage is Stage.COMPLETED
    assert control.count("/v2/ebarimt_v3/create") == 1


def test_duplicate_callbacks_make_one_payment_and_one_receipt(callback_till: tuple[Till, Receiver],
                                                              sandbox_server: SandboxServer) -> None:
    till, receiver = callback_till
    control = till.control
    scan_lines(till)
    charge(till, Outcomes.watch(till))
    number, invoice_id = till.flow.sale.number, till.invoice_id  # type: ignore[union-attr]
    payment = control.pay(invoice_id)                 # the service's own callback makes the till check
    receiver.wait_handled(1)
    for _ in range(3):                                # ... and the same callback arrives again and again
        receiver.post(invoice_id)
        receiver.get(payment["payment_id"])
    till.wait_stage(Stage.PAID)
    assert _journal_kinds(till, number).count("payments_seen") == 1
    sale = assert_sale_kept(till, sandbox_server, number, lines=LINES)
    checks = _checks(control)
    for _ in range(3):                                # late duplicates after the receipt
        receiver.post(invoice_id)
        receiver.get(payment["payment_id"])
    assert till.flow.stage is Stage.COMPLETED and _checks(control) == checks
    assert control.count("/v2/ebarimt_v3/create") == 1

    till.key(Qt.Key.Key_F2)                           # the next customer
    till.wait_stage(None)
    scan_lines(till)
    charge(till, Outcomes.watch(till))
    receiver.post(invoice_id)                         # the old sale's callback once more
    receiver.get(payment["payment_id"])
    assert till.flow.stage is Stage.AWAITING_PAYMENT
    assert till.flow.sale.number != number  # type: ignore[union-attr]
    assert_sale_kept(till, sandbox_server, till.flow.sale.number)  # type: ignore[union-attr]
    assert till.app.backend.journal.queries.get(till.flow.sale.number).status is JournalStatus.OPEN  # type: ignore
    assert assert_sale_kept(till, sandbox_server, number).receipt == sale.receipt
    assert len(receipts_of(sandbox_server, [payment["payment_id"]])) == 1


# -- partial payments and overpayment -----------------------------------------------------------------------


def _raw_pay(control: SandboxControl, invoice_id: str, **body: Any) -> requests.Response:
    return control.http.post(f"{control.url}/_sandbox/invoices/{invoice_id}/pay", json=body, timeout=10)


def _wait_checks_after(till: Till, control: SandboxControl, count: int) -> None:
    """Until the till has checked `count` more times (each answered by the service), or stopped waiting."""
    before = _checks(control)
    till.qtbot.waitUntil(lambda: _checks(control) >= before + count
                         or till.flow.stage is not Stage.AWAITING_PAYMENT, timeout=WAIT_MS)


def test_partial_payment_then_the_rest(fast_till: Callable[..., Till], sandbox_server: SandboxServer) -> None:
    till = fast_till()
    control = till.control
    scan_lines(till)
    charge(till, Outcomes.watch(till))
    number, invoice_id = till.flow.sale.number, till.invoice_id  # type: ignore[union-attr]
    allow_on_invoice(sandbox_server, invoice_id, allow_partial=True)
    control.pay(invoice_id, amount="5000")            # part of it
    _wait_checks_after(till, control, 3)
    assert till.flow.stage is Stage.AWAITING_PAYMENT  # not paid: waiting for the rest
    sale = assert_sale_kept(till, sandbox_server, number, lines=LINES)
    assert sale.status is JournalStatus.OPEN and not sale.payments
    pay(till, control)                                # the rest
    sale = assert_sale_kept(till, sandbox_server, number, lines=LINES)
    assert sale.paid_amount == TOTAL and len(sale.payments) == 2
    assert sorted(p.amount for p in sale.payments) == sorted([Decimal(5000), TOTAL - 5000])


def test_partial_payments_receipt_covers_the_whole_sale(fast_till: Callable[..., Till],
                                                       sandbox_server: SandboxServer) -> None:
    till = fast_till()
    control = till.control
    scan_lines(till)
    charge(till, Outcomes.watch(till))
    allow_on_invoice(sandbox_server, till.invoice_id, allow_partial=True)
    control.pay(till.invoice_id, amount="5000")
    pay(till, control)
    issue_receipt(till)
    sale = till.app.backend.journal.queries.get(till.flow.sale.number)  # type: ignore[union-attr]
    made = receipts_of(sandbox_server, [payment.payment_id for payment in sale.payments])
    assert sum((Decimal(receipt["amount"]) for receipt in made), Decimal(0)) == TOTAL, made
    # One receipt a payment, all recorded, every lottery number shown on the screen and printed on one slip.
    assert len(made) == 2 and {r.receipt.receipt_id for r in sale.receipts} == {r["id"] for r in made}
    shown = till.window.receipt_page.lottery.text()
    assert all(receipt["ebarimt_lottery"] in shown for receipt in made)
    assert_sale_kept(till, sandbox_server, sale.number)


def test_a_partial_payment_refused_by_the_service_changes_nothing(fast_till: Callable[..., Till],
                                                                 sandbox_server: SandboxServer) -> None:
    till = fast_till()
    control = till.control
    scan_lines(till)
    charge(till, Outcomes.watch(till))
    number, invoice_id = till.flow.sale.number, till.invoice_id  # type: ignore[union-attr]
    refused = _raw_pay(control, invoice_id, amount="1000")   # the till's invoices take no part payments
    assert refused.status_code == 400 and refused.json()["error_code"] == "MIN_AMOUNT_ERR"
    _wait_checks_after(till, control, 2)
    assert till.flow.stage is Stage.AWAITING_PAYMENT
    pay(till, control)
    sale = assert_sale_kept(till, sandbox_server, number, lines=LINES)
    assert [payment.amount for payment in sale.payments] == [TOTAL]


def test_overpayment_is_refused_and_the_exact_payment_completes(fast_till: Callable[..., Till],
                                                               sandbox_server: SandboxServer) -> None:
    till = fast_till()
    control = till.control
    scan_lines(till)
    charge(till, Outcomes.watch(till))
    number, invoice_id = till.flow.sale.number, till.invoice_id  # type: ignore[union-attr]
    refused = _raw_pay(control, invoice_id, amount=str(TOTAL + 1000))
    assert refused.status_code == 400 and refused.json()["error_code"] == "MAX_AMOUNT_ERR"
    _wait_checks_after(till, control, 2)
    assert till.flow.stage is Stage.AWAITING_PAYMENT
    assert paid_payments(sandbox_server, invoice_id) == []
    pay(till, control)
    sale = assert_sale_kept(till, sandbox_server, number, lines=LINES)
    assert [payment.amount for payment in sale.payments] == [TOTAL] and sale.paid_amount == TOTAL
    assert sale.receipt is not None and sale.receipt.amount == TOTAL
