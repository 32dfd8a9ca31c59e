"""Running the sales history's actions on the money worker, one at a time: the task reads the sale again after
the action (a failure included), and its outcome comes back in words.

Texts keep the dialog's translation context ("HistoryDialog"), where they were first written.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QCoreApplication
from pos_app.journal import Journal, JournalSale

from pos_app.ui.common.messages import describe_error
from pos_app.ui.common.tasks import TaskRunner

logger = logging.getLogger("pos_app.ui.history.dialog")

translate = QCoreApplication.translate     # lupdate reads translate("HistoryDialog", "...") calls


# -- what a background action brings back ---------------------------------------------------

@dataclass(frozen=True)
class ActionDone:
    """A finished action: its value or its error, and the sale as the journal has it afterwards."""

    value: Any = None
    error: BaseException | None = None
    after: JournalSale | None = None


def _guarded(journal: Journal, number: str, work: Callable[[], Any]) -> Callable[[], ActionDone]:
    """The task for the worker: run `work`, then read the sale again (a failure included)."""

    def task() -> ActionDone:
        try:
            value = work()
        except Exception as exc:  # noqa: BLE001 - shown in words; the journal says what is left
            try:
                after: JournalSale | None = journal.queries.get(number)
            except Exception:  # noqa: BLE001
                after = None
            return ActionDone(None, exc, after)
        return ActionDone(value, None, journal.queries.get(number))

    return task


@dataclass(frozen=True)
class ReceiptLeft:
    """Given back, but the receipt cancel after it failed."""

    error: BaseException


class ActionRunner:
    """Runs the history's actions on the money worker, one at a time (a part of `HistoryDialog`).

    `started(text)` says an action is running (`busy` is then true); `finished(text, is_error)` gives its outcome
    in words, unless the dialog `is_closed()` meanwhile.
    """

    def __init__(self, runner: TaskRunner, journal: Journal, *, is_closed: Callable[[], bool],
                 started: Callable[[str], None], finished: Callable[[str, bool], None]) -> None:
        self._runner = runner
        self._journal = journal
        self._is_closed = is_closed
        self._started = started
        self._finished = finished
        self.busy = False                   # a money action is running

    def start(self, sale: JournalSale, busy_text: str, work: Callable[[], Any],
              words: Callable[[ActionDone], tuple[str, bool]]) -> None:
        """Run `work` on the money worker; show its outcome (`words` gives text and whether it is an error)."""
        self.busy = True
        self._started(busy_text)
        task = _guarded(self._journal, sale.number, work)
        self._runner.run_in_background(task, lambda done: self._on_action_done(done, words), money=True)

    def forget_running(self) -> None:
        """The dialog is shown again after a close: an action left running was settled in the journal (the reload
        shows it), so none is running for this showing."""
        self.busy = False

    def _on_action_done(self, done: Future[ActionDone], words: Callable[[ActionDone], tuple[str, bool]]) -> None:
        if self._is_closed():
            return
        self.busy = False
        try:
            outcome = done.result()
            text, is_error = words(outcome)
        except Exception as exc:  # noqa: BLE001 - a bug in wording must not leave the buttons off
            logger.exception("history action outcome")
            text, is_error = describe_error(exc, translate("HistoryDialog", "Something went wrong.")), True
        self._finished(text, is_error)
