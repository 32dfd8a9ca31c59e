"""Keeping tokens and receipt secrets out of logs, exception messages and reprs.

The local service takes no credentials, but the public look-ups may one day,
and a message may echo anything. The receipt answer's `lottery` and `qrData`
may be kept only on the printed receipt (the spec forbids storing them in any
other form), so models hide them from `repr` and nothing here logs a body.
"""

from __future__ import annotations

import re

__all__ = ["REDACTED", "redact"]

REDACTED = "[REDACTED]"

# A token, or what is left of one in a message cut short (pos_app/qpay/redaction.py says why).
_JWT = re.compile(r"eyJ[A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]*){0,2}")
_AUTH_VALUE = re.compile(r"(?i)\b(?:bearer|basic)\s+[A-Za-z0-9._~+/=-]+")
_API_KEY = re.compile(r"(?i)(x-api-key[\"']?\s*[:=]\s*[\"']?)[A-Za-z0-9._-]+")


def redact(text: str) -> str:
    """Mask anything in *text* that looks like a token, an Authorization value or an API key."""
    text = _AUTH_VALUE.sub(REDACTED, text)
    text = _API_KEY.sub(lambda match: match.group(1) + REDACTED, text)
    return _JWT.sub(REDACTED, text)
