"""A day of the till against the sandbox's live profile: 100 sales, faults among them, the fault matrix's
invariant check at the end (`assert_every_sale_kept`: no sale lost, no invoice twice, never paid without
the money, every paid sale with exactly one ebarimt).

The live profile answers as the service really does (docs/sandbox.md, "The live profile"): tokens whose
`expires_in` is a Unix time, errors under `error`, amounts as strings and numbers mixed, Create Ebarimt in
QPay's documented shape, `{}` for a cancel, one session per account. The till is the real `PosApp` driven
from the keyboard; its client gets a short read timeout and the suite's fast retries, as in the fault
matrix. The day is fixed, not random: which sales meet a fault, on which call, and which are cancelled.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

import pytest
from PySide6.QtCore import Qt

import pos_app.app.start.payment_side
from pos_app.domain.sale import Stage
from pos_app.journal import JournalStatus
from pos_app.qpay import QPayClient
from pos_app.sandbox import SandboxServer
from pos_app.sandbox.service import SandboxOptions
from tests.qpay.helpers import FAST_POLICY, SandboxControl

from .conftest import MILK, VODKA, WAIT_MS, YOGURT, Till
from .fault_matrix_helpers import Outcomes, assert_every_sale_kept, charge, issue_receipt

SALES = 100
READ_TIMEOUT = 1.0
SLOW_MS = 2_500          # past the read timeout
CALLS = {"login": ("/v2/auth/token", "POST"), "create": ("/v2/invoice", "POST"),
         "check": ("/v2/payment/check", "POST"), "ebarimt": ("/v2/ebarimt_v3/create", "POST")}
# Every fifth sale meets one of these, in turn (the held ones, past the timeout, once each: they take time).
DAY_FAULTS: list[tuple[str, dict[str, Any]]] = [
    ("create", {"status": 503, "count": 2}),
    ("check", {"status": 500, "count": 3}),
    ("ebarimt", {"drop": True, "after_processing": True, "count": 1}),
    ("check", {"status": 429, "retry_after": None, "count": 2}),
    ("create", {"drop": True, "after_processing": True, "count": 1}),
    ("ebarimt", {"status": 503, "count": 2}),
    ("login", {"status": 500, "count": 2}),
    ("create", {"delay_ms": SLOW_MS, "after_processing": True, "count": 1}),
    ("check", {"drop": True, "count": 2}),
    ("ebarimt", {"delay_ms": SLOW_MS, "count": 1}),
    ("check", {"status": 503, "count": 1}),
    ("create", {"status": 500, "count": 1}),
]
CANCELLED_EVERY = 9      # the customer walks away: Esc, the sale cancelled, the next one starts


@pytest.fixture(scope="module")
def live_sandbox() -> Iterator[SandboxServer]:
    server = SandboxServer(options=SandboxOptions(profile="live")).start()
    yield server
    server.stop()


@pytest.fixture
def live_till(make_till: Callable[..., Till], live_sandbox: SandboxServer,
              monkeypatch: pytest.MonkeyPatch) -> Till:
    live_sandbox.reset()
    monkeypatch.setattr(pos_app.app.start.payment_side, "QPayClient", partial(
        QPayClient, timeout=(2.0, READ_TIMEOUT), retry_policy=FAST_POLICY))
    till = make_till(sandbox_url=live_sandbox.url)
    till.control = SandboxControl(live_sandbox.url)
    return till


def _lines(number: int) -> list[str]:
    """What the customer of sale `number` buys: one to three items, some city-taxed, some several."""
    lines = [MILK] if number % 2 == 0 else [YOGURT]
    if number % 3 == 0:
        lines.append(f"{number % 4 + 2}*{YOGURT if number % 2 == 0 else MILK}")
    if number % 7 == 0:
        lines.append(VODKA)
    return lines


def _cancel(till: Till) -> None:
    till.key(Qt.Key.Key_Escape)
    till.answer_confirmation(accept=True)
    till.qtbot.waitUntil(lambda: till.flow.stage in (Stage.CANCELLED, Stage.CART, None), timeout=WAIT_MS)
    till.key(Qt.Key.Key_F2)                      # the cart kept after a cancel: clear it (the question)
    till.answer_confirmation(accept=True)
    till.qtbot.waitUntil(lambda: till.app.model.is_empty, timeout=WAIT_MS)


@pytest.mark.contract_run_only   # its sandbox is live already
def test_a_day_of_sales_on_the_live_profile_keeps_every_sale(live_till: Till, live_sandbox: SandboxServer) -> None:
    till, control = live_till, live_till.control
    outcomes = Outcomes.watch(till)
    faults = iter(DAY_FAULTS * (SALES // 5 // len(DAY_FAULTS) + 1))
    cancelled = completed = 0
    for number in range(1, SALES + 1):
        for code in _lines(number):
            till.scan(code)
        fault_call = None
        if number % 5 == 0:
            fault_call, fault = next(faults)
            path, method = CALLS[fault_call]
            control.fault(path, method=method, **fault)
        charge(till, outcomes)
        if number % CANCELLED_EVERY == 0 and fault_call != "ebarimt":
            _cancel(till)
            cancelled += 1
            control.clear_faults()
            continue
        control.pay(till.invoice_id)
        till.wait_stage(Stage.PAID)
        issue_receipt(till)
        completed += 1
        control.clear_faults()       # a fault its call never met (a login the token made needless) goes
        till.key(Qt.Key.Key_F2)
        till.qtbot.waitUntil(lambda: till.flow.stage in (None, Stage.CART) and till.app.model.is_empty,
                             timeout=WAIT_MS)

    sales = assert_every_sale_kept(till, live_sandbox)
    statuses = [sale.status for sale in sales]
    assert statuses.count(JournalStatus.COMPLETED) == completed
    assert completed + cancelled == SALES and cancelled >= SALES // CANCELLED_EVERY - 2
    # The live service's tokens say they expire in 50 years; the till logged in as often as it had to.
    assert control.logins() <= 1 + len([f for f in DAY_FAULTS if f[0] == "login"]) * 2
