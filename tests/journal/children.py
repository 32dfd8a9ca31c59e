"""A real child process for crash tests: started with a script, killed without warning."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


@contextmanager
def child(script: str, *args: str) -> Iterator[subprocess.Popen[str]]:
    """Run `python -c script args` from the repository; whatever happens, it is gone afterwards."""
    process = subprocess.Popen([sys.executable, "-c", script, *args], cwd=REPO, text=True,
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    try:
        yield process
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        assert process.stdin is not None and process.stdout is not None
        process.stdin.close()
        process.stdout.close()


def kill_hard(process: subprocess.Popen[str]) -> None:
    """SIGKILL: no cleanup, no clean close, as when the power goes."""
    os.kill(process.pid, signal.SIGKILL)
    process.wait(timeout=30)
    assert process.returncode == -signal.SIGKILL
