"""One running pos-app per journal file.

Two tills writing one journal would each recover the other's open sales (and
could charge or issue a receipt twice). The guard is an OS lock on
`<journal>.lock`: the OS drops it when the process ends, however it ends, so
a crash never leaves a stale lock behind. The file holds the owner's PID for
the message only; the lock itself is what counts.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import BinaryIO

if sys.platform == "win32":
    import msvcrt

    # Windows locks are mandatory: lock a byte past the PID, so others can still read the PID.
    _LOCKED_OFFSET = 64

    def _try_lock(file: BinaryIO) -> None:
        file.seek(_LOCKED_OFFSET)
        msvcrt.locking(file.fileno(), msvcrt.LK_NBLCK, 1)   # OSError when held

    def _unlock(file: BinaryIO) -> None:
        file.seek(_LOCKED_OFFSET)
        msvcrt.locking(file.fileno(), msvcrt.LK_UNLCK, 1)
else:
    import fcntl

    def _try_lock(file: BinaryIO) -> None:
        # flock belongs to the open file description, so even a second
        # JournalLock in this same process is refused.
        fcntl.flock(file.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)   # OSError when held

    def _unlock(file: BinaryIO) -> None:
        fcntl.flock(file.fileno(), fcntl.LOCK_UN)


class JournalLockedError(RuntimeError):
    def __init__(self, pid: int | None) -> None:
        self.pid = pid
        super().__init__(f"Another pos-app is already running with this journal (pid {pid if pid else 'unknown'}).")


class JournalLock:
    """`with JournalLock(journal_path):` — held for the life of the app."""

    def __init__(self, journal_path: str | Path) -> None:
        self.path = Path(f"{journal_path}.lock")
        self._file: BinaryIO | None = None

    def __repr__(self) -> str:
        return f"JournalLock({str(self.path)!r}, held={self.held})"

    @property
    def held(self) -> bool:
        return self._file is not None

    def acquire(self) -> None:
        """Take the lock without waiting; JournalLockedError names the PID of the holder."""
        if self._file is not None:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        # Opened without truncating: until we hold the lock, the PID in it is the holder's.
        file = os.fdopen(os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644), "r+b", buffering=0)
        try:
            _try_lock(file)
        except OSError:
            pid = _read_pid(file)
            file.close()
            raise JournalLockedError(pid) from None
        except BaseException:
            file.close()
            raise
        file.seek(0)
        file.truncate()
        file.write(f"{os.getpid()}\n".encode("ascii"))
        self._file = file

    def release(self) -> None:
        file, self._file = self._file, None
        if file is None:
            return
        try:
            file.seek(0)
            file.truncate()          # no stale PID for the next reader
            _unlock(file)
        finally:
            file.close()             # closing drops the lock in any case

    def __enter__(self) -> JournalLock:
        self.acquire()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.release()


def _read_pid(file: BinaryIO) -> int | None:
    try:
        file.seek(0)
        text = file.read(32).decode("ascii", "replace").strip()
    except OSError:
        return None
    return int(text) if text.isdigit() else None
