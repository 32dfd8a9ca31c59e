"""The one way work leaves the GUI thread: `run_in_background(task, on_done)`.

A task gets plain values and returns plain or domain objects; it never touches
a widget. `on_done` runs on the GUI thread with the finished future (call
`.result()` to get the value or the task's exception). Calls that move money
(`money=True`) share one worker, so they run one at a time, in order; so do
print jobs (`printing=True`), on a worker of their own, so a slow printer
never holds up a payment check and two receipts never interleave.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, TypeVar

from PySide6.QtCore import QObject, Qt, Signal

logger = logging.getLogger(__name__)

T = TypeVar("T")
DoneCallback = Callable[["Future[Any]"], None]


class TaskRunner(QObject):
    # Emitted from a worker thread; Qt queues it onto the GUI thread.
    _finished = Signal(object, object)
    busy_changed = Signal(bool)

    def __init__(self, workers: int = 4, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="pos-task")
        self._money = ThreadPoolExecutor(max_workers=1, thread_name_prefix="pos-money")
        self._printing = ThreadPoolExecutor(max_workers=1, thread_name_prefix="pos-print")
        self._pending = 0
        self._closed = False
        # Queued even when emitted on the GUI thread: a task already done when its callback is attached emits
        # from here, and `on_done` must still run later, never inside `run_in_background` itself.
        self._finished.connect(self._on_finished, Qt.ConnectionType.QueuedConnection)

    @property
    def pending(self) -> int:
        """Tasks submitted whose `on_done` has not run yet."""
        return self._pending

    def run_in_background(self, task: Callable[[], T], on_done: DoneCallback | None = None, *,
                          money: bool = False, printing: bool = False) -> Future[T]:
        if self._closed:
            raise RuntimeError("the task runner is shut down")
        executor = self._money if money else self._printing if printing else self._pool
        future = executor.submit(task)
        self._pending += 1
        if self._pending == 1:
            self.busy_changed.emit(True)
        future.add_done_callback(lambda done: self._finished.emit(done, on_done))
        return future

    def _on_finished(self, future: Future[Any], on_done: DoneCallback | None) -> None:
        self._pending -= 1
        if self._pending == 0:
            self.busy_changed.emit(False)
        if self._closed:
            return
        if on_done is None:
            if not future.cancelled() and future.exception() is not None:
                logger.error("background task failed: %s", type(future.exception()).__name__)
            return
        try:
            on_done(future)
        except Exception:  # a slot's bug must not take the event loop down
            logger.exception("on_done of a background task failed")

    def shutdown(self, wait: bool = True) -> None:
        self._closed = True
        self._pool.shutdown(wait=wait, cancel_futures=True)
        self._money.shutdown(wait=wait, cancel_futures=True)
        self._printing.shutdown(wait=wait, cancel_futures=True)
