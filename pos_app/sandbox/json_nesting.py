"""JSON read with its nesting bounded before the parser sees it: the sandboxes' own copy of
`pos_app.json_nesting` (a sandbox imports nothing from the till, so it stands as the real services do).

`json.loads` recurses once per level, so thousands of brackets drive it to Python's recursion limit. Catching the
`RecursionError` is not enough: a garbage collection that falls inside that deep stack runs other objects'
finalizers there, they fail in turn, and Python reports them as "Exception ignored" (a socket left open, a log
line, under pytest a failed test). Counting the levels first, without recursion, keeps the parser off that edge.
"""

from __future__ import annotations

import json
from typing import Any

__all__ = ["MAX_DEPTH", "JSONDecodeError", "NestedTooDeeply", "loads", "nested_deeper_than"]

JSONDecodeError = json.JSONDecodeError

MAX_DEPTH = 64   # objects and arrays within each other: QPay's and PosAPI's bodies need a few

# The scan keeps brackets alone: braces read as square brackets (depth does not care which), all else dropped.
_BRACKETS_AS_ONE = bytes.maketrans(b"{}", b"[]")
_NOT_BRACKETS = bytes(byte for byte in range(256) if byte not in b"[]{}")


class NestedTooDeeply(ValueError):
    """The text holds arrays and objects within each other deeper than the reader takes."""


def nested_deeper_than(raw: bytes | str, limit: int) -> bool:
    """Whether JSON text opens more than `limit` arrays or objects within each other; brackets inside strings do
    not count. Linear and in C: the strings are cut out (escaped backslashes and quotes first), then each pass
    of `replace("[]", "")` takes off exactly one level. A text with no more brackets than `limit` is answered by
    counting alone."""
    data = raw.encode("utf-8", "surrogatepass") if isinstance(raw, str) else raw
    if data.count(b"[") + data.count(b"{") <= limit:
        return False
    # Every second piece between quotes is a string's inside; a string left open runs to the end, cut out too.
    outside = b"".join(data.replace(b"\\\\", b"").replace(b'\\"', b"").split(b'"')[::2])
    brackets = outside.translate(_BRACKETS_AS_ONE, _NOT_BRACKETS)
    levels = 0
    while brackets and levels < limit:
        shorter = brackets.replace(b"[]", b"")
        if len(shorter) == len(brackets):
            break   # brackets that do not close: not JSON, but the parser would still go down each of them
        brackets, levels = shorter, levels + 1
    return bool(brackets) and levels + len(brackets) > limit


def loads(raw: bytes | str, *, max_depth: int = MAX_DEPTH, **options: Any) -> Any:
    """`json.loads(raw, **options)`, but `NestedTooDeeply` (a ValueError) past `max_depth` levels."""
    if nested_deeper_than(raw, max_depth):
        raise NestedTooDeeply(f"the JSON is nested deeper than {max_depth} levels")
    return json.loads(raw, **options)
