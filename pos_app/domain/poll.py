"""When to ask the service again whether the customer has paid.

About every second while the customer is likely scanning, slower after that;
after a failure, back off exponentially (capped); never sooner than the
service's `Retry-After`. A pure function, so the schedule is tested directly.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PollSchedule:
    fast_interval: float = 1.0      # the first minute: the customer is scanning
    fast_period: float = 60.0
    medium_interval: float = 2.0    # up to three minutes
    medium_period: float = 180.0
    slow_interval: float = 5.0      # after that
    max_backoff: float = 30.0

    def next_delay(self, elapsed: float, failures: int = 0, retry_after: float | None = None) -> float:
        """Seconds to wait before the next check.

        `elapsed`: seconds since the invoice was shown; `failures`: checks in a
        row that failed (network, 429, 5xx); `retry_after`: what the service asked.
        """
        if elapsed < self.fast_period:
            delay = self.fast_interval
        elif elapsed < self.medium_period:
            delay = self.medium_interval
        else:
            delay = self.slow_interval
        if failures > 0:
            delay = min(self.max_backoff, delay * 2 ** min(failures, 16))
        if retry_after is not None and retry_after > delay:
            delay = min(retry_after, 600.0)
        return delay
