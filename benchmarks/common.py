"""What the benchmarks share: the sandbox (or another server) as a second process, and percentiles."""

from __future__ import annotations

import ipaddress
import json
import math
import os
import queue
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import IO
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "benchmarks" / "results"
USERNAME, PASSWORD = "TEST_MERCHANT", "123456"  # the sandbox's built-in test merchant
READY_PREFIX = "sandbox listening on "


class ServerProcess:
    """A server of the project's as a second process (`python -m MODULE ARGS...`) on loopback: started, its
    address read from the line starting with `ready_prefix` on its stdout; stopped with SIGTERM."""

    def __init__(self, module: str, args: Sequence[str], ready_prefix: str, *, label: str = "the server",
                 env: Mapping[str, str] | None = None, start_timeout: float = 30.0) -> None:
        self.label, self.ready_prefix = label, ready_prefix
        self._stderr: IO[bytes] = tempfile.TemporaryFile()
        self.proc = subprocess.Popen([sys.executable, "-m", module, *args], cwd=ROOT,
                                     stdout=subprocess.PIPE, stderr=self._stderr, text=True, bufsize=1,
                                     env={**os.environ, **env} if env else None)
        self.url = self._wait_for_url(start_timeout)
        host = urlsplit(self.url).hostname or ""
        if not ipaddress.ip_address(host).is_loopback:
            self.stop()
            raise RuntimeError(f"{self.label} is not on loopback: {self.url}")

    def _wait_for_url(self, timeout: float) -> str:
        lines: queue.Queue[str] = queue.Queue()
        assert self.proc.stdout is not None
        stdout = self.proc.stdout

        def read() -> None:  # readline blocks: a thread keeps the timeout honest
            for line in stdout:
                lines.put(line)

        threading.Thread(target=read, name="sandbox-stdout", daemon=True).start()
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                line = lines.get(timeout=0.1)
            except queue.Empty:
                if self.proc.poll() is not None:
                    break
                continue
            if line.startswith(self.ready_prefix):
                return line[len(self.ready_prefix):].strip()
        self.stop()
        raise RuntimeError(f"{self.label} did not start within {timeout:.0f} s:\n{self.stderr_tail()}")

    def cpu_seconds(self) -> float | None:
        """User + system CPU the server process has used (Linux /proc; None elsewhere)."""
        try:
            fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            return None
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def stderr_tail(self, limit: int = 4000) -> str:
        self._stderr.seek(0)
        return self._stderr.read().decode("utf-8", "replace")[-limit:]

    def stop(self, timeout: float = 10.0) -> int:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout)
        return self.proc.returncode


class SandboxProcess(ServerProcess):
    """`python -m pos_app.sandbox --port 0 [ARGS...]` on loopback; stopped with SIGTERM."""

    def __init__(self, start_timeout: float = 30.0, args: Sequence[str] = ()) -> None:
        super().__init__("pos_app.sandbox", ["--port", "0", *args], READY_PREFIX, label="the sandbox",
                         start_timeout=start_timeout)


def percentile(ordered: list[float], fraction: float) -> float:
    """Nearest-rank percentile of an ascending list."""
    if not ordered:
        return math.nan
    return ordered[min(len(ordered) - 1, max(0, math.ceil(fraction * len(ordered)) - 1))]


def report(result: dict[str, object], markdown: str, output: Path) -> None:
    """Print a benchmark's Markdown table and write its result as JSON (for summary.py)."""
    print(markdown)
    output.parent.mkdir(parents=True, exist_ok=True)
    output.write_text(json.dumps(result, indent=2), encoding="utf-8")
    elapsed = result.get("elapsed_s")
    print(f"\n{f'Whole run: {elapsed:.0f} s. ' if isinstance(elapsed, float) else ''}JSON: {output}")
