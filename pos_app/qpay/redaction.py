"""Keeping credentials out of logs, exception messages and reprs."""

from __future__ import annotations

import re

__all__ = ["REDACTED", "Secret", "redact"]

REDACTED = "[REDACTED]"

# A JWT is three base64url segments, each JSON one starting with `eyJ` (`{"`). A message cut short may hold only
# the first two, or the payload alone: any such run is masked, with whatever segments follow it.
_JWT = re.compile(r"eyJ[A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]*){0,2}")
# An Authorization header value, wherever it is echoed.
_AUTH_VALUE = re.compile(r"(?i)\b(?:bearer|basic)\s+[A-Za-z0-9._~+/=-]+")


def redact(text: str) -> str:
    """Mask anything in *text* that looks like a token or an Authorization value.

    Used on text the client does not control (server messages, exception
    strings from lower layers) before it reaches a log line or an exception.
    """
    return _JWT.sub(REDACTED, _AUTH_VALUE.sub(REDACTED, text))


class Secret:
    """A string that never shows itself by accident: `repr`/`str` are masked.

    Call `reveal()` at the one place the value has to go on the wire.
    """

    __slots__ = ("_value",)

    def __init__(self, value: str) -> None:
        self._value = value

    def reveal(self) -> str:
        return self._value

    def __repr__(self) -> str:
        return f"Secret({REDACTED})"

    __str__ = __repr__

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Secret) and other._value == self._value

    def __hash__(self) -> int:
        return hash(self._value)

    def __bool__(self) -> bool:
        return bool(self._value)

    def __reduce__(self) -> tuple[object, ...]:
        # Pickling would write the value to disk or a queue; refuse loudly.
        raise TypeError("a Secret cannot be pickled")
