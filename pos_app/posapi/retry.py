"""When to send a PosAPI request again: pure functions, no I/O.

Only reads are repeated after a failure (``GET /rest/info``, ``/rest/bankAccounts``, ``/rest/sendData``
-- which only asks the service to send what it holds, harmless twice -- and the ``/api/`` look-ups).
``POST /rest/receipt`` issues a receipt and ``DELETE /rest/receipt`` voids one: they are sent again only
when the request certainly never reached the service (the connection was never made). After a timeout,
a dropped answer or a 5xx they are not repeated; the client raises `OutcomeUnknownError`.
"""

from __future__ import annotations

import enum
import random
from dataclasses import dataclass

import requests

__all__ = ["DEFAULT_RETRY_POLICY", "CallKind", "RetryPolicy", "call_kind", "request_not_sent", "retry_delay"]


class CallKind(enum.Enum):
    READ = "read"          # repeatable: reads nothing but state
    RECEIPT = "receipt"    # issues or voids a receipt: never blindly repeated


RECEIPT_PATH = "/rest/receipt"


def call_kind(method: str, path: str) -> CallKind:
    """`READ` for ``GET``/``HEAD``; `RECEIPT` for any other method (``POST``/``DELETE /rest/receipt``, and
    any write this client does not know: treated as one that may issue a receipt)."""
    del path  # the method decides: every PosAPI write touches a receipt
    return CallKind.READ if method.upper() in ("GET", "HEAD") else CallKind.RECEIPT


@dataclass(frozen=True)
class RetryPolicy:
    """Capped exponential backoff with jitter; `max_attempts` counts the first attempt."""

    max_attempts: int = 3
    base_delay: float = 0.5
    max_delay: float = 4.0
    jitter: float = 0.5

    def __post_init__(self) -> None:
        if self.max_attempts < 1:
            raise ValueError("max_attempts must be at least 1")
        if self.base_delay < 0 or self.max_delay < 0:
            raise ValueError("delays cannot be negative")
        if not 0 <= self.jitter <= 1:
            raise ValueError("jitter is a share between 0 and 1")


DEFAULT_RETRY_POLICY = RetryPolicy()

Outcome = int | BaseException


def request_not_sent(outcome: Outcome) -> bool:
    """True when the request certainly never reached the service: the connection was never made."""
    if isinstance(outcome, bool) or isinstance(outcome, int):
        return False
    if isinstance(outcome, (requests.ConnectTimeout, requests.exceptions.SSLError)):
        return True
    if isinstance(outcome, requests.ConnectionError) and not isinstance(outcome, requests.Timeout):
        reason = getattr(outcome.args[0], "reason", None) if outcome.args else None
        return type(reason).__name__ in {"NewConnectionError", "NameResolutionError", "ConnectTimeoutError"}
    return False


def _worth_repeating(outcome: Outcome) -> bool:
    if isinstance(outcome, bool):
        return False
    if isinstance(outcome, int):
        return outcome == 429 or 500 <= outcome <= 599
    if isinstance(outcome, requests.exceptions.SSLError):
        return False  # a bad certificate stays bad
    return isinstance(outcome, (requests.ConnectionError, requests.Timeout))


def retry_delay(
    kind: CallKind,
    attempt: int,
    outcome: Outcome,
    *,
    policy: RetryPolicy = DEFAULT_RETRY_POLICY,
    rng: random.Random | None = None,
) -> float | None:
    """Seconds to wait before sending again, or ``None`` to stop.

    *attempt* is the number of attempts made (1 after the first failure); *outcome* the HTTP status or the
    exception of the last one. A `RECEIPT` call is repeated only when `request_not_sent(outcome)`.
    """
    if attempt >= policy.max_attempts or not _worth_repeating(outcome):
        return None
    if kind is CallKind.RECEIPT and not request_not_sent(outcome):
        return None
    backoff = min(policy.max_delay, policy.base_delay * 2.0 ** (attempt - 1))
    draw = rng.random() if rng is not None else random.random()  # noqa: S311 - jitter, not a secret
    return backoff * (1 - policy.jitter) + backoff * policy.jitter * draw
