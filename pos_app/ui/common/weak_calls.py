"""Callbacks that do not keep their object alive: how a dialog hands its own methods to the parts it owns.

A part holding its dialog's bound methods (or lambdas over the dialog) would make a cycle (dialog → part →
method → dialog) that only the garbage collector frees, on whatever thread it next runs; a dialog let go of must
die at once, on the GUI thread (widgets deleted on a worker while the GUI thread paints crash it). A signal's
`emit` and the dialog's child widgets hold no such reference, and need no wrapping.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import Any, ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")


def weak_method(method: Callable[P, R], gone: Any = None) -> Callable[P, R]:
    """*method*, a bound method, called through a weak reference to its object; once that object is gone (a late
    answer from a worker reaching a part of a dialog already deleted), the call does nothing and returns *gone*."""
    ref = weakref.WeakMethod(method)  # type: ignore[arg-type, var-annotated]

    def call(*args: P.args, **kwargs: P.kwargs) -> R:
        bound = ref()
        return gone if bound is None else bound(*args, **kwargs)  # type: ignore[no-any-return]

    return call
