"""JSON as the store reads and writes it: money exact.

The store reads QPay's answers as the till's client does (every number with a fraction as `Decimal`, straight
from its text: `pos_app.qpay.transport`), so an amount with cents (a weighed item's 9,526.84) reaches the store
as `Decimal("9526.84")`. `exact_json` writes each `Decimal` back as a JSON number with the very digits QPay
sent (`str` of a finite Decimal is exact and valid JSON): a number stays a number, a string (`"10.00"`, as the
live service often sends) stays a string, so the till reads the store's answer exactly as it reads QPay's. The
same holds for the store's own answers (reports, journal shipping) and for what it keeps (the journals' steps
and sales), which it reads back with `read_json`.
"""

from __future__ import annotations

import json
from decimal import Decimal
from json.encoder import encode_basestring, encode_basestring_ascii
from typing import Any

from fastapi.responses import JSONResponse, Response

from pos_app import json_nesting

__all__ = ["MAX_DEPTH", "StoreJSON", "WrittenJSON", "exact_json", "exact_json_bytes", "read_json", "read_kept",
           "usable_text"]


class _Raw(str):
    """Text already written as JSON (a `_Raw` is never a value of the document itself)."""


def exact_json(value: Any, *, sort_keys: bool = False, ascii_only: bool = False) -> str:
    """`value` as JSON text, every `Decimal` as a number with its own digits (a non-finite one is refused:
    `ValueError`). Written without recursion, so a document as deep as JSON's reader allows is written too."""
    out: list[str] = []
    pending: list[Any] = [value]
    while pending:
        item = pending.pop()
        if type(item) is _Raw:
            out.append(item)
        elif isinstance(item, Decimal):
            if not item.is_finite():
                raise ValueError(f"{item} is not a JSON number")
            out.append(str(item))
        elif isinstance(item, dict):
            keys = sorted(item) if sort_keys else list(item)
            parts: list[Any] = [_Raw("{")]
            for index, key in enumerate(keys):
                if not isinstance(key, str):
                    raise TypeError(f"a JSON object's keys are text, not {type(key).__name__}")
                parts += [_Raw(("," if index else "") + _scalar(key, ascii_only) + ":"), item[key]]
            pending.extend(reversed([*parts, _Raw("}")]))
        elif isinstance(item, list | tuple):
            parts = [_Raw("[")]
            for index, element in enumerate(item):
                parts += [_Raw(","), element] if index else [element]
            pending.extend(reversed([*parts, _Raw("]")]))
        else:
            out.append(_scalar(item, ascii_only))
    return "".join(out)


# allow_nan=False: NaN and Infinity are not JSON (Python writes them unless told). Made once: `json.dumps` with
# these settings builds an encoder on every call, which was most of the store's time writing an answer.
_ENCODERS = {ascii_only: json.JSONEncoder(ensure_ascii=ascii_only, allow_nan=False).encode
             for ascii_only in (False, True)}
_CONSTANTS = {None: "null", True: "true", False: "false"}


def _scalar(value: Any, ascii_only: bool) -> str:
    # The common kinds straight to json's own C writers (the very text `json.dumps` gives); the rest through it.
    kind = type(value)
    if kind is str:
        return encode_basestring_ascii(value) if ascii_only else encode_basestring(value)
    if kind is int:
        return int.__repr__(value)
    if value is None or kind is bool:
        return _CONSTANTS[value]
    return _ENCODERS[ascii_only](value)


def exact_json_bytes(value: Any, *, sort_keys: bool = False) -> bytes:
    """UTF-8 `exact_json`. A lone surrogate (valid JSON escape, no character) cannot be UTF-8: such text is
    written with escapes (`\\ud800`), which read back as the same text."""
    text = exact_json(value, sort_keys=sort_keys)
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        return exact_json(value, sort_keys=sort_keys, ascii_only=True).encode("ascii")


class WrittenJSON(Response):
    """An answer already written as JSON: QPay's, passed on as it came (`Upstream.read`)."""

    media_type = "application/json"


class StoreJSON(JSONResponse):
    """Every JSON answer of the store (QPay's passed on, and its own): money exact (`exact_json`)."""

    def render(self, content: Any) -> bytes:
        return exact_json_bytes(content)


MAX_DEPTH = 64            # objects and arrays within each other: QPay's bodies and a till's journal need a few
_MAX_EXPONENT = 300       # beyond a double's range: no amount, and 1e999999999 as an int would take minutes


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _number(text: str) -> Decimal:
    number = Decimal(text)
    if number != 0 and abs(number.adjusted()) > _MAX_EXPONENT:
        raise ValueError("a number out of range")
    return number


def read_json(raw: bytes | str, *, nul_allowed: bool = False) -> Any:
    """JSON as the store reads it: a number with a fraction as `Decimal` (never a float). `ValueError` for
    what the store does not take: NaN or Infinity, a number beyond 10^300, text that is not UTF-8 or holds a lone
    surrogate (no database keeps it) or a NUL (PostgreSQL keeps none; `nul_allowed` where the text is kept as
    JSON, which escapes it), nesting deeper than `MAX_DEPTH`."""
    try:
        # The nesting is counted before the parser runs (`json_nesting`): deeper is a ValueError.
        value = json_nesting.loads(raw, max_depth=MAX_DEPTH, parse_float=_number, parse_constant=_refuse_constant)
    except UnicodeDecodeError:
        raise ValueError("not JSON the store can read") from None
    pending: list[Any] = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, str):
            if not usable_text(item.replace("\x00", "") if nul_allowed else item):
                raise ValueError("a text holds a NUL or a lone surrogate")
        elif isinstance(item, dict):
            pending.extend(item)
            pending.extend(item.values())
        elif isinstance(item, list):
            pending.extend(item)
    return value


def read_kept(text: str) -> Any:
    """JSON the store wrote itself (`exact_json`): its numbers with a fraction as `Decimal` again."""
    return json.loads(text, parse_float=Decimal)


def usable_text(value: str) -> bool:
    """Text PostgreSQL can hold and UTF-8 can carry: no NUL, no lone surrogate."""
    if "\x00" in value:
        return False
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True
