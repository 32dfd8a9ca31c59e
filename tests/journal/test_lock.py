"""One app per journal: an OS lock on `<journal>.lock`, freed by the OS when its holder dies."""

from __future__ import annotations

import os
import sys
import textwrap
from pathlib import Path
from typing import Iterator

import pytest

from pos_app.journal.lock import JournalLock, JournalLockedError

from .children import child, kill_hard


@pytest.fixture
def journal_path(tmp_path: Path) -> Path:
    return tmp_path / "journal.sqlite3"


@pytest.fixture
def held(journal_path: Path) -> Iterator[JournalLock]:
    lock = JournalLock(journal_path)
    lock.acquire()
    yield lock
    lock.release()


def test_the_lock_file_sits_beside_the_journal_and_holds_the_pid(journal_path: Path, held: JournalLock) -> None:
    assert held.path == journal_path.with_name("journal.sqlite3.lock")
    assert held.held
    assert held.path.read_text().strip() == str(os.getpid())


def test_a_second_lock_in_the_same_process_is_refused(journal_path: Path, held: JournalLock) -> None:
    second = JournalLock(journal_path)
    with pytest.raises(JournalLockedError) as refused:
        second.acquire()
    assert str(refused.value) == f"Another pos-app is already running with this journal (pid {os.getpid()})."
    assert refused.value.pid == os.getpid()
    assert not second.held
    assert held.path.read_text().strip() == str(os.getpid())    # the refused one did not wipe the PID


def test_release_frees_the_lock(journal_path: Path) -> None:
    first = JournalLock(journal_path)
    first.acquire()
    first.acquire()              # already held: nothing happens
    first.release()
    first.release()              # not held: nothing happens
    assert not first.held
    with JournalLock(journal_path) as second:
        assert second.held
    assert not second.held


def test_the_context_manager_releases_on_an_error(journal_path: Path) -> None:
    with pytest.raises(RuntimeError):
        with JournalLock(journal_path):
            raise RuntimeError("boom")
    with JournalLock(journal_path):
        pass


def test_another_journal_has_its_own_lock(tmp_path: Path, held: JournalLock) -> None:
    with JournalLock(tmp_path / "other.sqlite3") as other:
        assert other.held


HOLDING_TILL = textwrap.dedent("""
    import sys
    from pos_app.journal.lock import JournalLock

    lock = JournalLock(sys.argv[1])
    lock.acquire()
    print("locked", flush=True)
    sys.stdin.readline()   # hold the lock until the test kills us
""")


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")
def test_a_lock_held_by_another_process_is_refused_until_that_process_dies(journal_path: Path) -> None:
    with child(HOLDING_TILL, str(journal_path)) as till:
        assert till.stdout.readline() == "locked\n"
        with pytest.raises(JournalLockedError) as refused:
            JournalLock(journal_path).acquire()
        assert str(refused.value) == f"Another pos-app is already running with this journal (pid {till.pid})."
        kill_hard(till)      # no release, no clean exit: the OS must free it

    with JournalLock(journal_path) as mine:
        assert mine.path.read_text().strip() == str(os.getpid())


def test_an_unreadable_pid_still_gives_the_message(journal_path: Path, held: JournalLock) -> None:
    held.path.write_text("")      # the holder had not written its PID yet
    with pytest.raises(JournalLockedError, match=r"\(pid unknown\)\.$"):
        JournalLock(journal_path).acquire()
