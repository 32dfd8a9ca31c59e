"""JSON's nesting counted before the parser: exact on any JSON, linear on any bytes, and no deep stack."""

from __future__ import annotations

import gc
import json
import sys
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pos_app import json_nesting
from pos_app.sandbox import json_nesting as sandbox_json_nesting

TRICKY_TEXT = st.text(alphabet=st.sampled_from('[]{}"\\ax\u00e9\u0444'), max_size=12)
VALUES = st.recursive(st.none() | st.integers() | TRICKY_TEXT,
                      lambda inner: st.lists(inner, max_size=3) | st.dictionaries(TRICKY_TEXT, inner, max_size=3),
                      max_leaves=40)


def depth(value: Any) -> int:
    if isinstance(value, list):
        return 1 + max(map(depth, value), default=0)
    if isinstance(value, dict):
        return 1 + max(map(depth, value.values()), default=0)
    return 0


@given(VALUES, st.integers(0, 12), st.booleans(), st.booleans())
def test_the_count_is_the_nesting_of_any_json(value: Any, limit: int, as_bytes: bool, ascii_only: bool) -> None:
    text = json.dumps(value, ensure_ascii=ascii_only)
    raw: bytes | str = text.encode("utf-8") if as_bytes else text
    assert json_nesting.nested_deeper_than(raw, limit) is (depth(value) > limit)
    assert sandbox_json_nesting.nested_deeper_than(raw, limit) is (depth(value) > limit)


@pytest.mark.parametrize(("raw", "limit", "deeper"), [
    (b"[" * 65, 64, True),
    (b"[" * 64, 64, False),                       # not JSON, but no deeper than 64: the parser says what is wrong
    (b"[1, [2, 3]", 2, False),                     # cut off: the parser's own message, not "nested too deeply"
    (b'"' + b"[" * 1000, 3, False),                # a string that never closes holds no bracket
    (b'["\\\\", [[[', 3, True),                   # an escaped backslash does not escape the quote after it
    (b'["\\"[[[[", []]', 2, False),                # an escaped quote does not close the string
    (b"{" * 40 + b"[" * 40, 64, True),
])
def test_examples(raw: bytes, limit: int, deeper: bool) -> None:
    assert json_nesting.nested_deeper_than(raw, limit) is deeper


def test_loads_refuses_past_the_limit_with_a_value_error_and_reads_the_rest() -> None:
    with pytest.raises(ValueError, match="nested deeper than 64"):
        json_nesting.loads(b"[" * 100_000 + b"]" * 100_000)
    assert json_nesting.loads(b'{"a": [1.5]}', parse_float=str) == {"a": ["1.5"]}
    assert json_nesting.loads("[" * 64 + "]" * 64, max_depth=64) is not None


def test_a_deep_text_never_takes_the_parser_down_to_where_other_code_would_fail() -> None:
    """The defect seen in a CI run: a garbage collection inside the parser's deep stack ran a finalizer there,
    it hit the recursion limit in turn, and Python reported it as unraisable. Here a collection comes at every
    allocation, and a callback of the collector's (run where a finalizer would be) makes a few calls of its own."""
    unraisable: list[object] = []

    def at_collection(phase: str, info: dict[str, int]) -> None:
        json.dumps([[[[phase]]]])

    old_hook, old_threshold = sys.unraisablehook, gc.get_threshold()
    sys.unraisablehook = unraisable.append
    gc.callbacks.append(at_collection)
    try:
        gc.set_threshold(1)
        with pytest.raises((ValueError, RecursionError)):   # RecursionError: what json.loads alone gives
            json_nesting.loads(b"[" * 100_000)
    finally:
        gc.set_threshold(*old_threshold)
        gc.callbacks.remove(at_collection)
        sys.unraisablehook = old_hook
    assert unraisable == []


def test_the_linear_scan_takes_a_string_of_escaped_quotes_that_never_closes() -> None:
    raw = b"[" * 100 + b'"' + b'\\"' * 500_000
    assert json_nesting.nested_deeper_than(raw, 64) is True
    assert json_nesting.nested_deeper_than(b"[" * 10 + raw[100:], 64) is False
