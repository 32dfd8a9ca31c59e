"""The retry decision as a pure function: which outcomes, how long, when to stop."""

from __future__ import annotations

import random
from email.utils import formatdate

import pytest
import requests
from urllib3.exceptions import MaxRetryError, NewConnectionError, ProtocolError

from pos_app.qpay.retry import RetryPolicy, is_retryable, parse_retry_after, request_not_sent, retry_delay

NO_JITTER = RetryPolicy(base_delay=1.0, max_delay=8.0, jitter=0.0, max_attempts=10)


@pytest.mark.parametrize("outcome", [429, 500, 502, 503, 504, requests.ConnectionError(), requests.Timeout()])
def test_transient_outcomes_are_retried(outcome: int | BaseException) -> None:
    assert is_retryable(outcome)
    assert retry_delay(1, outcome, policy=NO_JITTER) is not None


@pytest.mark.parametrize("outcome", [400, 401, 403, 404, 409, 422, ValueError("bug"), True])
def test_permanent_outcomes_are_not_retried(outcome: int | BaseException) -> None:
    assert not is_retryable(outcome)
    assert retry_delay(1, outcome, policy=NO_JITTER) is None


def test_backoff_doubles_and_is_capped() -> None:
    delays = [retry_delay(attempt, 503, policy=NO_JITTER) for attempt in range(1, 7)]
    assert delays == [1.0, 2.0, 4.0, 8.0, 8.0, 8.0]


def test_gives_up_after_max_attempts() -> None:
    policy = RetryPolicy(max_attempts=3, jitter=0.0)
    assert retry_delay(2, 500, policy=policy) is not None
    assert retry_delay(3, 500, policy=policy) is None


def test_jitter_stays_within_its_share_and_is_deterministic_with_a_seed() -> None:
    policy = RetryPolicy(base_delay=2.0, max_delay=100.0, jitter=0.5)
    first = [retry_delay(1, 500, policy=policy, rng=random.Random(42)) for _ in range(3)]
    assert len(set(first)) == 1  # same seed, same delay
    rng = random.Random(7)
    draws = [retry_delay(1, 500, policy=policy, rng=rng) or -1.0 for _ in range(200)]
    assert all(1.0 <= delay <= 2.0 for delay in draws)  # half of the 2 s is random
    assert max(draws) - min(draws) > 0.5


def test_retry_after_is_a_minimum() -> None:
    assert retry_delay(1, 429, 5.0, policy=NO_JITTER) == 5.0
    assert retry_delay(4, 429, 0.5, policy=NO_JITTER) == 8.0  # backoff already longer


def test_retry_after_beyond_the_cap_gives_up() -> None:
    policy = RetryPolicy(max_retry_after=30.0)
    assert retry_delay(1, 429, 31.0, policy=policy) is None
    assert retry_delay(1, 429, 30.0, policy=policy) == 30.0


@pytest.mark.parametrize(
    ("header", "seconds"),
    [("3", 3.0), (" 0 ", 0.0), ("-5", 0.0), ("1.5", 1.5), ("", None), (None, None), ("soon", None), ("nan", None)],
)
def test_parse_retry_after_seconds(header: str | None, seconds: float | None) -> None:
    assert parse_retry_after(header) == seconds


def test_parse_retry_after_http_date() -> None:
    now = 1_700_000_000.0
    assert parse_retry_after(formatdate(now + 10, usegmt=True), now=now) == pytest.approx(10.0)
    assert parse_retry_after(formatdate(now - 10, usegmt=True), now=now) == 0.0


def _wrapped(reason: Exception) -> requests.ConnectionError:
    return requests.ConnectionError(MaxRetryError(None, "/v2/invoice", reason))  # type: ignore[arg-type]


def test_request_not_sent_tells_a_failed_connect_from_a_lost_answer() -> None:
    refused = _wrapped(NewConnectionError(None, "refused"))  # type: ignore[arg-type]
    dropped = requests.ConnectionError(ProtocolError("Connection aborted.", ConnectionResetError()))
    assert request_not_sent(refused)
    assert request_not_sent(requests.ConnectTimeout())
    assert request_not_sent(429)
    assert not request_not_sent(dropped)
    assert not request_not_sent(requests.ReadTimeout())
    assert not request_not_sent(500)
    assert not request_not_sent(503)


def test_tls_failures_are_not_retried_and_were_not_sent() -> None:
    failure = requests.exceptions.SSLError("certificate verify failed")
    assert not is_retryable(failure)
    assert request_not_sent(failure)


@pytest.mark.parametrize("kwargs", [{"max_attempts": 0}, {"base_delay": -1}, {"jitter": 1.5}, {"max_retry_after": -1}])
def test_policy_refuses_nonsense(kwargs: dict[str, float]) -> None:
    with pytest.raises(ValueError):
        RetryPolicy(**kwargs)  # type: ignore[arg-type]
