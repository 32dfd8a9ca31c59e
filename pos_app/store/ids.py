"""The ids a path or a body names, checked before anything is looked up.

QPay answers 404 to a path id that names nothing, and 400 "must not be empty" to a blank id in a body; the store
answers the same. An id with blanks around it or a control character (a NUL, which PostgreSQL cannot even
compare) names nothing either: never a 500.
"""

from __future__ import annotations

from typing import Any

from .errors import StoreError, not_found
from .jsonio import usable_text

__all__ = ["body_id", "names_nothing", "path_id"]


def names_nothing(value: str) -> bool:
    """Blank, blanks around it, or a control character: no id QPay gives looks like that."""
    return (not value.strip() or value != value.strip() or not usable_text(value)
            or any(ord(char) < 0x20 or ord(char) == 0x7F for char in value))


def path_id(value: str, what: str) -> str:
    """An id from a path: as it came, or not found (404), as QPay answers an id that names nothing."""
    if names_nothing(value):
        raise not_found(what)
    return value


def body_id(body: dict[str, Any], name: str, what: str) -> str:
    """An id from a body: 400 when missing, not text or blank (QPay: "must not be empty"); not found (404)
    when it cannot name anything."""
    value = body.get(name)
    if not isinstance(value, str) or not value.strip():
        raise StoreError(400, "INVALID_PARAMETERS", f"{name} must not be empty")
    return path_id(value, what)
