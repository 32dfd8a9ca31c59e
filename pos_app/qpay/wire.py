"""Small pieces of the client's wire handling: reading an answer into a model, path segments, days, pages."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime
from typing import Any, TypeVar
from urllib.parse import quote

from pydantic import BaseModel, ValidationError

from .errors import InvalidResponseError, OutcomeUnknownError, QPayError, UnreadableAnswerError
from .redaction import redact

__all__ = [
    "MAX_PAGE_LIMIT", "day", "offset", "parse", "require_id", "segment", "send_for_outcome", "unknown_outcome",
    "unreadable",
]

Model = TypeVar("Model", bound=BaseModel)

# A live page_limit of 1000 has produced HTTP 500: stay well below.
MAX_PAGE_LIMIT = 100

_PROBLEMS_TOLD = 5


def parse(model: type[Model], body: Any, method: str, path: str) -> Model:
    try:
        return model.model_validate(body)
    except ValidationError as exc:
        # Say where and what, never the values (a token answer holds secrets); the first few problems
        # only (a list of 20,000 wrong items would make a message of megabytes).
        errors = exc.errors(include_input=False, include_url=False)
        problems = "; ".join(
            f"{'.'.join(str(part) for part in error['loc'])[:80] or 'body'}: {error['type']}"
            for error in errors[:_PROBLEMS_TOLD]
        )
        if len(errors) > _PROBLEMS_TOLD:
            problems += f"; and {len(errors) - _PROBLEMS_TOLD} more"
        raise InvalidResponseError(
            200, None, redact(f"unexpected answer ({problems})"), method=method, path=path
        ) from None


def require_id(identifier: str) -> str:
    if not isinstance(identifier, str) or not identifier.strip():
        raise ValueError("an identifier is required")
    return identifier.strip()


def segment(identifier: str) -> str:
    # Ids come from callbacks and user input: quote so "../x" stays one segment.
    return quote(require_id(identifier), safe="")


def day(value: date | str | None) -> str | None:
    """`YYYY-MM-DD` (a datetime is cut to its day)."""
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, datetime):
        value = value.date()
    return value.isoformat()


def offset(page_number: int, page_limit: int) -> dict[str, int]:
    if page_number < 1:
        raise ValueError("page numbers start at 1")
    if not 1 <= page_limit <= MAX_PAGE_LIMIT:
        raise ValueError(f"page_limit must be between 1 and {MAX_PAGE_LIMIT}")
    return {"page_number": page_number, "page_limit": page_limit}


def send_for_outcome(
    send: Callable[[], Any], model: type[Model], method: str, path: str, settle: str
) -> Model:
    """*send* a call that moves money (or voids a receipt) and read its answer into *model*. An answer
    the client cannot read (not JSON, or not the model) is an unknown outcome (`UnreadableAnswerError`),
    never a failure; *settle* tells the caller how to find out what happened."""
    try:
        return parse(model, send(), method, path)
    except UnreadableAnswerError:
        raise
    except InvalidResponseError as exc:
        raise unreadable(exc, settle) from None


def unreadable(exc: InvalidResponseError, settle: str) -> UnreadableAnswerError:
    """*exc* (an unreadable success answer) as the unknown outcome it is for a call that moves money."""
    if isinstance(exc, UnreadableAnswerError):
        return exc
    return UnreadableAnswerError(
        exc.status, f"{exc.message}; the call may have taken effect: {settle}", method=exc.method, path=exc.path
    )


def unknown_outcome(message: str, lost: QPayError, *, method: str, path: str) -> OutcomeUnknownError:
    """The `OutcomeUnknownError` to raise when a money move could not be settled after *lost*: an
    `UnreadableAnswerError` (keeping the success status) when *lost* was an unreadable answer."""
    if isinstance(lost, InvalidResponseError):
        return UnreadableAnswerError(lost.status, message, method=method, path=path)
    return OutcomeUnknownError(message, method=method, path=path)
