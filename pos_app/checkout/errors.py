"""The checkout's own refusals, apart from the calls that raise them: the window words them without loading
the clients (requests, pydantic) before its first paint."""

from __future__ import annotations

from pos_app.journal.errors import JournalError


class TrainingError(RuntimeError):
    """Training's stand-in customer could not pay (the sandbox's control API refused or did not answer)."""


class ReceiptNeedsPerson(JournalError):
    """A receipt asked on an earlier day whose answer was lost: asking again now could make a second one, so a
    person settles it (PosAPI's own records say whether it was made)."""
