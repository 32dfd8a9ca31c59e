"""What the start found for the window to say: problems the shop owner should fix, and what settling the
journal's unfinished sales left (no Qt; light, so the window can know these names before the backend loads)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pos_app.checkout.recovery import RecoveryOutcome
    from pos_app.domain.sale import Sale


@dataclass(frozen=True)
class StartupProblem:
    """Something the shop owner should fix; the window words it (translatably) by `kind`."""

    kind: str            # one of the *_PROBLEM names below
    detail: str = ""     # a file name or the underlying reason, shown as is


CATALOG_PROBLEM = "catalog"
NO_PASSWORD_PROBLEM = "no_password"  # noqa: S105 - a problem's name, not a password
SETTINGS_FILE_PROBLEM = "settings_file"
SETTINGS_INVALID_PROBLEM = "settings_invalid"
CALLBACK_PROBLEM = "callback_receiver"


@dataclass(frozen=True)
class StartupRecovery:
    """What settling the journal at start found: the sale to put back on screen, and what is left."""

    outcomes: tuple[RecoveryOutcome, ...] = ()
    resume: Sale | None = None
    unsettled: frozenset[str] = frozenset()   # the service could not be asked: try these again later
    problem: str = ""                          # recovery itself failed (the journal refused a step)

    @property
    def completed(self) -> tuple[RecoveryOutcome, ...]:
        """The sales settling found paid and finished (their receipts issued)."""
        if not self.outcomes:
            return ()
        from pos_app.checkout.recovery import Recovered   # loaded already: the backend made these outcomes

        return tuple(outcome for outcome in self.outcomes if outcome.result is Recovered.COMPLETED)
