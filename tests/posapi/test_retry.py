"""The retry decision: reads are repeated, a receipt only when the connection was never made."""

from __future__ import annotations

import random

import pytest
import requests
from urllib3.exceptions import MaxRetryError, NewConnectionError, ProtocolError

from pos_app.posapi import CallKind, RetryPolicy, call_kind, retry_delay
from pos_app.posapi.retry import Outcome, request_not_sent

POLICY = RetryPolicy(max_attempts=3, base_delay=1.0, max_delay=4.0, jitter=0.0)


def _refused() -> requests.ConnectionError:
    reason = NewConnectionError(None, "Connection refused")  # type: ignore[arg-type]
    return requests.ConnectionError(MaxRetryError(None, "/rest/receipt", reason))  # type: ignore[arg-type]


def _dropped() -> requests.ConnectionError:
    return requests.ConnectionError(ProtocolError("Connection aborted.", ConnectionResetError()))


@pytest.mark.parametrize(("method", "path", "kind"), [
    ("GET", "/rest/info", CallKind.READ), ("GET", "/rest/sendData", CallKind.READ),
    ("GET", "/rest/bankAccounts", CallKind.READ), ("GET", "/api/info/check/getInfo", CallKind.READ),
    ("POST", "/rest/receipt", CallKind.RECEIPT), ("DELETE", "/rest/receipt", CallKind.RECEIPT),
    ("post", "/rest/anything", CallKind.RECEIPT),
])
def test_call_kinds(method: str, path: str, kind: CallKind) -> None:
    assert call_kind(method, path) is kind


TABLE: list[tuple[str, Outcome, bool, bool]] = [
    # outcome, retried as a READ, retried as a RECEIPT
    ("500", 500, True, False),
    ("503", 503, True, False),
    ("429", 429, True, False),
    ("400", 400, False, False),
    ("404", 404, False, False),
    ("read timeout", requests.ReadTimeout(), True, False),
    ("connect timeout", requests.ConnectTimeout(), True, True),
    ("refused", _refused(), True, True),
    ("dropped answer", _dropped(), True, False),
    ("bad certificate", requests.exceptions.SSLError(), False, False),
    ("other error", ValueError("x"), False, False),
]


@pytest.mark.parametrize(("name", "outcome", "read", "receipt"), TABLE, ids=[row[0] for row in TABLE])
def test_decision_table(name: str, outcome: Outcome, read: bool, receipt: bool) -> None:
    assert (retry_delay(CallKind.READ, 1, outcome, policy=POLICY) is not None) is read
    assert (retry_delay(CallKind.RECEIPT, 1, outcome, policy=POLICY) is not None) is receipt


def test_not_sent_only_when_the_connection_was_never_made() -> None:
    assert request_not_sent(_refused()) and request_not_sent(requests.ConnectTimeout())
    assert not request_not_sent(requests.ReadTimeout()) and not request_not_sent(_dropped())
    assert not request_not_sent(500) and not request_not_sent(True)


def test_attempts_are_capped_and_the_backoff_doubles() -> None:
    assert [retry_delay(CallKind.READ, attempt, 500, policy=POLICY) for attempt in (1, 2, 3)] == [1.0, 2.0, None]
    capped = RetryPolicy(max_attempts=10, base_delay=1.0, max_delay=4.0, jitter=0.0)
    assert retry_delay(CallKind.READ, 6, 500, policy=capped) == 4.0


def test_jitter_stays_within_its_share() -> None:
    policy = RetryPolicy(base_delay=2.0, jitter=0.5)
    delays = [retry_delay(CallKind.READ, 1, 500, policy=policy, rng=random.Random(seed)) for seed in range(50)]
    assert all(d is not None and 1.0 <= d <= 2.0 for d in delays)


@pytest.mark.parametrize("bad", [{"max_attempts": 0}, {"base_delay": -1}, {"jitter": 2}])
def test_bad_policies_are_refused(bad: dict[str, float]) -> None:
    with pytest.raises(ValueError):
        RetryPolicy(**bad)  # type: ignore[arg-type]
