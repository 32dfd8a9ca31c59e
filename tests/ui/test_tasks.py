"""TaskRunner: work leaves the GUI thread, results come back to it, money moves one call at a time."""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterator
from concurrent.futures import Future
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from pos_app.ui.common.tasks import TaskRunner

WAIT_MS = 10_000
WAIT_S = 10


@pytest.fixture
def gates() -> Iterator[list[threading.Event]]:
    """Events that hold tasks back; all are opened at teardown so no worker is left waiting."""
    made: list[threading.Event] = []
    yield made
    for gate in made:
        gate.set()


def gate(gates: list[threading.Event]) -> threading.Event:
    event = threading.Event()
    gates.append(event)
    return event


@pytest.fixture
def runner(qtbot: QtBot, gates: list[threading.Event]) -> Iterator[TaskRunner]:
    tasks = TaskRunner()
    yield tasks
    for event in gates:   # before shutdown(wait=True), or it would wait for a held task
        event.set()
    tasks.shutdown(wait=True)


class Done:
    """Records each on_done call: the future and the thread it ran on."""

    def __init__(self) -> None:
        self.calls: list[tuple[Future[Any], threading.Thread]] = []

    def __call__(self, future: Future[Any]) -> None:
        self.calls.append((future, threading.current_thread()))


def test_the_task_runs_off_the_gui_thread(runner: TaskRunner, qtbot: QtBot) -> None:
    done = Done()
    runner.run_in_background(threading.current_thread, done)
    qtbot.waitUntil(lambda: len(done.calls) == 1, timeout=WAIT_MS)
    worker = done.calls[0][0].result()
    assert worker is not threading.current_thread()
    assert worker.name.startswith("pos-task")


def test_a_money_task_runs_on_the_money_worker(runner: TaskRunner, qtbot: QtBot) -> None:
    done = Done()
    runner.run_in_background(threading.current_thread, done, money=True)
    qtbot.waitUntil(lambda: len(done.calls) == 1, timeout=WAIT_MS)
    assert done.calls[0][0].result().name.startswith("pos-money")


def test_a_print_job_runs_on_the_printing_worker_beside_a_held_money_task(
        runner: TaskRunner, qtbot: QtBot, gates: list[threading.Event]) -> None:
    money_may_finish = gate(gates)
    held = Done()
    runner.run_in_background(lambda: money_may_finish.wait(WAIT_S), held, money=True)
    printed = Done()
    runner.run_in_background(threading.current_thread, printed, printing=True)
    qtbot.waitUntil(lambda: len(printed.calls) == 1, timeout=WAIT_MS)   # not queued behind the money call
    assert printed.calls[0][0].result().name.startswith("pos-print")
    assert held.calls == []
    money_may_finish.set()
    qtbot.waitUntil(lambda: len(held.calls) == 1, timeout=WAIT_MS)


def test_on_done_runs_on_the_gui_thread_with_the_value(runner: TaskRunner, qtbot: QtBot) -> None:
    done = Done()
    future = runner.run_in_background(lambda: 6 * 7, done)
    qtbot.waitUntil(lambda: len(done.calls) == 1, timeout=WAIT_MS)
    (seen, thread), = done.calls
    assert thread is threading.current_thread()
    assert seen is future
    assert seen.result() == 42


def test_on_done_gets_the_task_exception_from_result(runner: TaskRunner, qtbot: QtBot) -> None:
    done = Done()

    def fail() -> None:
        raise ValueError("the service said no")

    runner.run_in_background(fail, done)
    qtbot.waitUntil(lambda: len(done.calls) == 1, timeout=WAIT_MS)
    (future, thread), = done.calls
    assert thread is threading.current_thread()
    with pytest.raises(ValueError, match="the service said no"):
        future.result()


def test_money_tasks_run_one_at_a_time_in_submission_order(runner: TaskRunner, qtbot: QtBot,
                                                            gates: list[threading.Event]) -> None:
    log: list[str] = []
    lock = threading.Lock()
    first_may_finish = gate(gates)

    def task(name: str, hold: threading.Event | None = None) -> str:
        with lock:
            log.append(f"start {name}")
        if hold is not None:
            assert hold.wait(WAIT_S)
        with lock:
            log.append(f"end {name}")
        return name

    done = Done()
    runner.run_in_background(lambda: task("first", first_may_finish), done, money=True)
    runner.run_in_background(lambda: task("second"), done, money=True)
    runner.run_in_background(lambda: task("third"), done, money=True)
    first_may_finish.set()   # only now can anything after the first one happen
    qtbot.waitUntil(lambda: len(done.calls) == 3, timeout=WAIT_MS)
    assert log == ["start first", "end first", "start second", "end second", "start third", "end third"]
    assert [future.result() for future, _ in done.calls] == ["first", "second", "third"]


def test_other_tasks_run_side_by_side(runner: TaskRunner, qtbot: QtBot) -> None:
    # Each waits for the other to have started: only possible when both run at once.
    a_started, b_started = threading.Event(), threading.Event()

    def a() -> bool:
        a_started.set()
        return b_started.wait(WAIT_S)

    def b() -> bool:
        b_started.set()
        return a_started.wait(WAIT_S)

    done = Done()
    runner.run_in_background(a, done)
    runner.run_in_background(b, done)
    qtbot.waitUntil(lambda: len(done.calls) == 2, timeout=WAIT_MS)
    assert [future.result() for future, _ in done.calls] == [True, True]


def test_a_money_task_is_not_held_up_by_a_busy_pool(runner: TaskRunner, qtbot: QtBot,
                                                    gates: list[threading.Event]) -> None:
    held = gate(gates)
    for _ in range(4):   # every pool worker busy
        runner.run_in_background(lambda: held.wait(WAIT_S))
    done = Done()
    runner.run_in_background(lambda: "charged", done, money=True)
    qtbot.waitUntil(lambda: len(done.calls) == 1, timeout=WAIT_MS)
    assert done.calls[0][0].result() == "charged"


def test_pending_counts_tasks_until_their_on_done_ran(runner: TaskRunner, qtbot: QtBot,
                                                      gates: list[threading.Event]) -> None:
    release = gate(gates)
    done = Done()
    assert runner.pending == 0
    runner.run_in_background(lambda: release.wait(WAIT_S), done)
    runner.run_in_background(lambda: release.wait(WAIT_S), done, money=True)
    assert runner.pending == 2
    release.set()
    qtbot.waitUntil(lambda: runner.pending == 0, timeout=WAIT_MS)
    assert len(done.calls) == 2


def test_busy_changed_fires_true_then_false_once(runner: TaskRunner, qtbot: QtBot,
                                                 gates: list[threading.Event]) -> None:
    release = gate(gates)
    busy: list[bool] = []
    runner.busy_changed.connect(busy.append)
    runner.run_in_background(lambda: release.wait(WAIT_S))
    runner.run_in_background(lambda: release.wait(WAIT_S))
    assert busy == [True]
    with qtbot.waitSignal(runner.busy_changed, timeout=WAIT_MS) as idle:
        release.set()
    assert idle.args == [False]
    assert busy == [True, False]
    assert runner.pending == 0


def test_busy_changed_fires_again_for_the_next_batch(runner: TaskRunner, qtbot: QtBot) -> None:
    busy: list[bool] = []
    runner.busy_changed.connect(busy.append)
    for _ in range(2):
        with qtbot.waitSignals([runner.busy_changed, runner.busy_changed], timeout=WAIT_MS):
            runner.run_in_background(lambda: None)
    assert busy == [True, False, True, False]


def test_an_exception_in_on_done_is_logged_and_later_tasks_still_finish(
        runner: TaskRunner, qtbot: QtBot, caplog: pytest.LogCaptureFixture) -> None:
    def broken_slot(future: Future[Any]) -> None:
        raise KeyError("a bug in the slot")

    with caplog.at_level(logging.ERROR, logger="pos_app.ui.common.tasks"):
        runner.run_in_background(lambda: 1, broken_slot)
        qtbot.waitUntil(lambda: runner.pending == 0, timeout=WAIT_MS)
    assert "on_done of a background task failed" in caplog.text
    assert any(record.exc_info and record.exc_info[0] is KeyError for record in caplog.records)

    done = Done()
    runner.run_in_background(lambda: 2, done)
    runner.run_in_background(lambda: 3, done, money=True)
    qtbot.waitUntil(lambda: len(done.calls) == 2, timeout=WAIT_MS)
    assert sorted(future.result() for future, _ in done.calls) == [2, 3]


def test_a_failed_task_without_on_done_is_logged_by_type(runner: TaskRunner, qtbot: QtBot,
                                                          caplog: pytest.LogCaptureFixture) -> None:
    def fail() -> None:
        raise ConnectionError("secret detail")

    with caplog.at_level(logging.ERROR, logger="pos_app.ui.common.tasks"):
        runner.run_in_background(fail)
        qtbot.waitUntil(lambda: runner.pending == 0, timeout=WAIT_MS)
    assert "background task failed: ConnectionError" in caplog.text


def test_after_shutdown_run_in_background_raises(qtbot: QtBot) -> None:
    runner = TaskRunner()
    runner.shutdown()
    with pytest.raises(RuntimeError, match="shut down"):
        runner.run_in_background(lambda: None)
    with pytest.raises(RuntimeError):
        runner.run_in_background(lambda: None, money=True)


def test_after_shutdown_on_done_of_a_late_task_is_not_called(qtbot: QtBot, gates: list[threading.Event]) -> None:
    runner = TaskRunner()
    release = gate(gates)
    done = Done()
    future = runner.run_in_background(lambda: release.wait(WAIT_S), done)
    runner.shutdown(wait=False)
    release.set()
    assert future.result(WAIT_S) is True
    qtbot.waitUntil(lambda: runner.pending == 0, timeout=WAIT_MS)
    assert done.calls == []


def test_shutdown_cancels_money_tasks_still_queued(qtbot: QtBot, gates: list[threading.Event]) -> None:
    runner = TaskRunner()
    release = gate(gates)
    started = threading.Event()

    def first() -> None:
        started.set()
        release.wait(WAIT_S)

    running = runner.run_in_background(first, money=True)
    queued = runner.run_in_background(lambda: "never", money=True)
    assert started.wait(WAIT_S)
    runner.shutdown(wait=False)
    release.set()
    running.result(WAIT_S)
    assert queued.cancelled()
    qtbot.waitUntil(lambda: runner.pending == 0, timeout=WAIT_MS)


def test_on_done_of_a_task_already_done_runs_later_never_inside_the_call(runner: TaskRunner, qtbot: QtBot,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    # A task that finishes before its callback is attached must still report through the event loop: a
    # caller that sets up its listeners after run_in_background (as dialogs do) would otherwise miss it.
    def submit_done(task: Any) -> Future[Any]:      # the worker was faster than the GUI thread
        future: Future[Any] = Future()
        future.set_result(task())
        return future

    monkeypatch.setattr(runner._pool, "submit", submit_done)
    calls: list[str] = []
    runner.run_in_background(lambda: "value", lambda _future: calls.append("on_done"))
    calls.append("returned")
    qtbot.waitUntil(lambda: "on_done" in calls, timeout=5000)
    assert calls == ["returned", "on_done"]
