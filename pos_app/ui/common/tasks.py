"""The one way work leaves the GUI thread: `run_in_background(task, on_done)`.

A task gets plain values and returns plain or domain objects; it never touches
a widget. `on_done` runs on the GUI thread with the finished future (call
`.result()` to get the value or the task's exception). Calls that move money
(`money=True`) share one worker, so they run one at a time, in order; so do
print jobs (`printing=True`), on a worker of their own, so a slow printer
never holds up a payment check and two receipts never interleave.

No worker ever holds the last reference to the task or to `on_done`: both
are kept here, on the GUI thread, and let go of there once `on_done` has run.
`on_done` is usually a widget's method or a lambda holding `self`; were a
worker the one to drop it (the future it holds outlives the call), a widget
without a parent would be deleted on that worker while the GUI thread paints it.

Workers and the GUI thread share one GIL. A worker running Python hands it over only when another thread
has waited Python's switch interval for it (5 ms by default), and the GUI thread needs it at every call
from Qt into Python (each key's event filter, each slot): a scan is dozens of those, so at 5 ms a scan
typed while a receipt was being laid out showed a third of a second late. `GUI_SWITCH_INTERVAL` is short
enough that the GUI thread's waits stay well inside a frame; it costs a worker only while the GUI thread
is busy (the interval counts only while another thread waits), a few hand-overs more per millisecond.
`benchmarks/scan_latency.py` measures it.
"""

from __future__ import annotations

import contextvars
import logging
import sys
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, Generic, TypeVar

from PySide6.QtCore import QObject, Qt, Signal

logger = logging.getLogger(__name__)

T = TypeVar("T")
GUI_SWITCH_INTERVAL = 0.0002   # seconds: sys.setswitchinterval for a till (see above)
DoneCallback = Callable[["Future[Any]"], None]


class _Call(Generic[T]):
    """What a worker runs: the task, in a copy of the submitting thread's context (what it records is decided when
    it was asked for: who acts at the till, `pos_app.journal.acting`, not when a worker gets to it), let go of
    before the worker reports back (the runner keeps its own reference on the GUI thread, so the last one is
    dropped there)."""

    __slots__ = ("_task", "_context")

    def __init__(self, task: Callable[[], T]) -> None:
        self._task: Callable[[], T] | None = task
        self._context = contextvars.copy_context()

    def __call__(self) -> T:
        task, self._task = self._task, None
        if task is None:
            raise RuntimeError("a background task runs once")
        try:
            return self._context.run(task)
        finally:
            del task


class TaskRunner(QObject):
    # Emitted from a worker thread with the finished future only; Qt queues it onto the GUI thread.
    _finished = Signal(object)
    busy_changed = Signal(bool)

    def __init__(self, workers: int = 4, parent: QObject | None = None) -> None:
        super().__init__(parent)
        sys.setswitchinterval(GUI_SWITCH_INTERVAL)   # the GUI thread gets the GIL back within a frame
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="pos-task")
        self._money = ThreadPoolExecutor(max_workers=1, thread_name_prefix="pos-money")
        self._printing = ThreadPoolExecutor(max_workers=1, thread_name_prefix="pos-print")
        self._pending = 0
        self._closed = False
        # The task and on_done of each future not reported yet: only the GUI thread touches (and drops) them.
        self._waiting: dict[Future[Any], tuple[Callable[[], Any], DoneCallback | None]] = {}
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
        future = executor.submit(_Call(task))
        self._waiting[future] = (task, on_done)
        self._pending += 1
        if self._pending == 1:
            self.busy_changed.emit(True)
        # The future outlives the call on its worker, which lets go of it (and of what its callbacks hold) there:
        # its callback holds the runner only, never on_done.
        future.add_done_callback(lambda done: self._finished.emit(done))
        return future

    def _on_finished(self, future: Future[Any]) -> None:
        _task, on_done = self._waiting.pop(future, (None, None))
        self._pending -= 1
        if self._pending == 0:
            self.busy_changed.emit(False)
        if self._closed:
            return
        if on_done is None:
            if not future.cancelled() and future.exception() is not None:
                logger.error("background task failed: %s", type(future.exception()).__name__)
            return
        error = None if future.cancelled() else future.exception()
        worker_frames = error.__traceback__ if error is not None else None
        try:
            on_done(future)
        except Exception:  # a slot's bug must not take the event loop down
            logger.exception("on_done of a background task failed")
        finally:
            if error is not None:
                # `future.result()` raised the task's exception inside on_done, adding on_done's frames (holding
                # the widget and the future: a cycle) to the traceback the future keeps. Take them off again, or
                # the garbage collector frees the widget on whichever thread it happens to run.
                error.__traceback__ = worker_frames

    @property
    def closed(self) -> bool:
        """Shut down: it takes no more work."""
        return self._closed

    def shutdown(self, wait: bool = True) -> None:
        self._closed = True
        self._pool.shutdown(wait=wait, cancel_futures=True)
        self._money.shutdown(wait=wait, cancel_futures=True)
        self._printing.shutdown(wait=wait, cancel_futures=True)
