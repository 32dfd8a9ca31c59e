"""The journal's one error, apart from its tables: the window words it without loading sqlite3 before its
first paint (issue 21, the start)."""

from __future__ import annotations


class JournalError(RuntimeError):
    """The journal refused a step or cannot be used (bad file, illegal transition, missing sale)."""
