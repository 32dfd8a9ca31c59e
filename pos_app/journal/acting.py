"""Who acts at the till: the name every journal step records as ``"by"``, bound where the cashier acts.

The GUI thread says who is signed in (`act_as`, from `ui/people/till_people.py`); the task runner copies the GUI
thread's context into each task when it is submitted (`contextvars.copy_context`, `ui/common/tasks.py`), so a
step a worker writes later names whoever was at the till when the cashier asked for it, not whoever signed in
since. A thread that is not handed a context (a test calling the journal directly, the start) sees its own.
"""

from __future__ import annotations

from contextvars import ContextVar

__all__ = ["act_as", "acting"]

_BY: ContextVar[str] = ContextVar("journal_by", default="")


def act_as(name: str) -> None:
    """`name` acts from now on, in this thread's context and the tasks it submits ("" for nobody)."""
    _BY.set(name)


def acting() -> str:
    """Who acts here: the name a step records as ``"by"`` ("" when nobody is signed in, or no PINs are set up)."""
    return _BY.get()
