"""When to try a request again, and after how long: pure functions, no I/O.

Only *whether* a repeat is safe for a given call is decided elsewhere (the
transport knows which calls move money); this module answers "is this outcome
worth another attempt and how long to wait", so it can be tested alone.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from email.utils import parsedate_to_datetime

import requests

__all__ = [
    "DEFAULT_RETRY_POLICY",
    "RetryPolicy",
    "is_retryable",
    "parse_retry_after",
    "request_not_sent",
    "retry_delay",
]


@dataclass(frozen=True)
class RetryPolicy:
    """Capped exponential backoff with jitter.

    - `max_attempts`: attempts in all, the first included.
    - `base_delay` doubles per attempt up to `max_delay` (seconds).
    - `jitter`: the share of each delay that is random, so that tills which
      failed together do not come back together.
    - `max_retry_after`: a server asking for a longer wait than this is not
      waited for; the call fails with `RateLimitError.retry_after` set, so the
      cashier sees it instead of a frozen screen.
    - `reconcile_delays`: after a lost answer on create-invoice, the waits
      before each look-up of the invoice (the server may still be processing
      the request the client stopped waiting for).
    """

    max_attempts: int = 4
    base_delay: float = 0.5
    max_delay: float = 8.0
    jitter: float = 0.5
    max_retry_after: float = 30.0
    reconcile_delays: tuple[float, ...] = (1.0, 2.0)

    def __post_init__(self) -> None:
        if self.max_attempts < 1:
            raise ValueError("max_attempts must be at least 1")
        if self.base_delay < 0 or self.max_delay < 0 or self.max_retry_after < 0:
            raise ValueError("delays cannot be negative")
        if not 0 <= self.jitter <= 1:
            raise ValueError("jitter is a share between 0 and 1")


DEFAULT_RETRY_POLICY = RetryPolicy()

Outcome = int | BaseException


def is_retryable(outcome: Outcome) -> bool:
    """True for 429, any 5xx, a connection error or a timeout.

    A TLS failure (bad certificate, wrong host) is a connection error that
    no repeat will cure, so it is not retried.
    """
    if isinstance(outcome, bool):
        return False
    if isinstance(outcome, int):
        return outcome == 429 or 500 <= outcome <= 599
    if isinstance(outcome, requests.exceptions.SSLError):
        return False
    return isinstance(outcome, (requests.ConnectionError, requests.Timeout))


def request_not_sent(outcome: Outcome) -> bool:
    """True when the request certainly had no effect on the server.

    A 429 is refused before processing; a failed connect never reached the
    server. These are the only outcomes after which a call that moves money
    may simply be sent again.
    """
    if isinstance(outcome, bool):
        return False
    if isinstance(outcome, int):
        return outcome == 429
    if isinstance(outcome, (requests.ConnectTimeout, requests.exceptions.SSLError)):
        return True  # the request goes out only after connect and TLS handshake
    if isinstance(outcome, requests.ConnectionError):
        # requests wraps urllib3's MaxRetryError, whose `reason` tells a failed
        # connect (NewConnectionError: refused, no route, DNS) from a dropped answer.
        reason = getattr(outcome.args[0], "reason", None) if outcome.args else None
        name = type(reason).__name__
        return name in {"NewConnectionError", "NameResolutionError", "ConnectTimeoutError"}
    return False


def retry_delay(
    attempt: int,
    outcome: Outcome,
    retry_after: float | None = None,
    *,
    policy: RetryPolicy = DEFAULT_RETRY_POLICY,
    rng: random.Random | None = None,
) -> float | None:
    """Seconds to wait before the next attempt, or ``None`` to give up.

    *attempt* counts the attempts made so far (1 after the first failure).
    *outcome* is the HTTP status or the exception of that attempt.
    *retry_after* is the server's `Retry-After` in seconds, honoured as a
    minimum unless it exceeds `policy.max_retry_after`.
    """
    if attempt >= policy.max_attempts or not is_retryable(outcome):
        return None
    if retry_after is not None and retry_after > policy.max_retry_after:
        return None
    backoff = min(policy.max_delay, policy.base_delay * 2.0 ** (attempt - 1))
    draw = rng.random() if rng is not None else random.random()  # noqa: S311 - jitter, not a secret
    delay = backoff * (1 - policy.jitter) + backoff * policy.jitter * draw
    if retry_after is not None:
        delay = max(delay, retry_after)
    return delay


def parse_retry_after(value: str | None, *, now: float | None = None) -> float | None:
    """A `Retry-After` header (delta-seconds or HTTP-date) as seconds from now."""
    if value is None:
        return None
    value = value.strip()
    if not value:
        return None
    try:
        seconds = float(value)
    except ValueError:
        try:
            moment = parsedate_to_datetime(value)
        except (TypeError, ValueError, IndexError):
            return None
        if moment is None:
            return None
        seconds = moment.timestamp() - (time.time() if now is None else now)
    if seconds != seconds:  # NaN
        return None
    return max(0.0, seconds)
