"""How quickly the till starts, beside a bare PySide6 window started in the same run.

Three programs, spawned in turn (one unmeasured round first, so the OS file cache holds Python, Qt and the
app for every run), each with a fresh POS_APP_HOME and QT_QPA_PLATFORM=offscreen:

1. the floor: a bare PySide6 window (`QApplication`, a `QMainWindow` shown, quit at the event loop's first
   turn), timed from the spawn to its `window-shown` line and to its exit ("shown and closed");
2. the till in training, `python -m pos_app.launch --quit-when-ready` (POS_APP_REPORT_STARTUP=1): from the spawn
   to `window-shown` (its first window is painted), to `open` (ready to sell: the cart takes the first item,
   the catalog, the journal and the settings read) and to `ready` (the payment side up too: the clients, the
   embedded sandboxes, the journal's unfinished sales settled; a charge asked before is told the payment
   service is still starting);
3. the till with a real account: the same, its settings those of a shop with a QPay account (the QPay
   sandbox's test merchant, as QPay's own test service) and its own PosAPI, both running as second processes,
   the password in the keyring (a keyring backend of this folder, `bench_keyring.py`, that reads it from the
   environment).

The ratios are the goals of issue 21: the first window within 2× the floor, ready within 3× in training and
2.5× with a real account (the floor: the bare window shown and closed).

    .venv/bin/python benchmarks/start.py [--starts 7]

Prints Markdown; writes benchmarks/results/start.json. Exits non-zero only if a start failed.
"""

from __future__ import annotations

import argparse
import os
import platform
import queue
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import IO, Any

from common import PASSWORD, RESULTS, ROOT, USERNAME, SandboxProcess, ServerProcess, report

sys.path.insert(0, str(ROOT))

from pos_app.config.settings import Environment, Settings, save_settings  # noqa: E402

DEFAULT_OUTPUT = RESULTS / "start.json"
GOALS = {"window": 2.0, "ready_training": 3.0, "ready_account": 2.5}
BARE_WINDOW = """
import sys
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMainWindow
app = QApplication(sys.argv)
window = QMainWindow()
window.resize(1024, 700)
window.show()
def shown():
    print("window-shown", flush=True)
    app.quit()
QTimer.singleShot(0, shown)
app.exec()
"""


def log(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def spawn_timed(argv: list[str], env: dict[str, str], timeout: float = 60.0) -> dict[str, Any]:
    """Spawn *argv*; seconds from the spawn to each stdout line and to the exit."""
    stderr: IO[bytes] = tempfile.TemporaryFile()
    lines: queue.Queue[tuple[float, str]] = queue.Queue()
    start = time.perf_counter()
    proc = subprocess.Popen(argv, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=stderr, text=True, bufsize=1)
    assert proc.stdout is not None
    stdout = proc.stdout

    def read() -> None:  # stamp each line as it arrives
        for line in stdout:
            lines.put((time.perf_counter() - start, line.strip()))

    reader = threading.Thread(target=read, name="child-stdout", daemon=True)
    reader.start()
    # A blocking wait stamps the exit to the millisecond; `wait(timeout)` would poll, at 50 ms steps once past
    # the first 64 ms, and round the floor's exit up by 25 ms on average. A timer kills a start that hangs.
    killed = threading.Event()
    killer = threading.Timer(timeout, lambda: (killed.set(), proc.kill()))
    killer.start()
    code: int | None = proc.wait()
    exited = time.perf_counter() - start
    killer.cancel()
    if killed.is_set():
        code = None
    reader.join(5)
    seen: list[tuple[float, str]] = []
    while not lines.empty():
        seen.append(lines.get())
    stderr.seek(0)
    tail = stderr.read().decode("utf-8", "replace")[-2000:]
    stderr.close()
    return {"returncode": code, "exit_s": exited, "lines": seen, "stderr_tail": tail}


def seconds_to(seen: list[tuple[float, str]], word: str) -> float | None:
    """Seconds after the spawn of the first line starting with *word*."""
    return next((at for at, line in seen if line.split()[:1] == [word]), None)


def account_home(qpay_url: str, posapi_url: str) -> Settings:
    """A shop with its QPay account and its own PosAPI (every sale's receipt through it)."""
    return Settings(environment=Environment.SANDBOX, base_url=qpay_url, username=USERNAME,
                    invoice_code="TEST_INVOICE", posapi_url=posapi_url, posapi_tin="37900846788",
                    posapi_pos_no="T1", posapi_branch_no="01", district_code="2501")


def run_once(kind: str, argv: list[str], env: dict[str, str], settings: Settings | None) -> dict[str, Any]:
    home = tempfile.mkdtemp(prefix="pos-bench-start-")
    try:
        if settings is not None:
            save_settings(settings, Path(home) / "config" / "settings.json")
        run = spawn_timed(argv, {**env, "POS_APP_HOME": home})
    finally:
        shutil.rmtree(home, ignore_errors=True)
    if run["returncode"] != 0:
        raise RuntimeError(f"{kind} exited with {run['returncode']}:\n{run['stderr_tail']}")
    shown, opened = seconds_to(run["lines"], "window-shown"), seconds_to(run["lines"], "open")
    ready = seconds_to(run["lines"], "ready")
    if shown is None or (kind != "bare" and (opened is None or ready is None)):
        raise RuntimeError(f"{kind} did not report its start:\n{run['lines']}\n{run['stderr_tail']}")
    return {"window_shown_s": shown, "open_s": opened, "ready_s": ready, "exit_s": run["exit_s"]}


def compile_the_till() -> None:
    """The till's bytecode written beforehand, as an installed till has it (pip compiles what it installs; the
    bundle carries it): with PYTHONDONTWRITEBYTECODE set, as on CI, a checkout would otherwise compile every
    module of its own from source at each start, while PySide6, installed, would not."""
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "pos_app")], check=True)


def measure(starts: int) -> dict[str, Any]:
    compile_the_till()
    base_env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "POS_APP_REPORT_STARTUP": "1"}
    account_env = {**base_env, "PYTHON_KEYRING_BACKEND": "bench_keyring.EnvironmentKeyring",
                   "BENCH_KEYRING_PASSWORD": PASSWORD,
                   "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT / "benchmarks"), os.environ.get("PYTHONPATH")]))}
    app = [sys.executable, "-m", "pos_app.launch", "--quit-when-ready"]
    qpay = SandboxProcess()
    posapi = ServerProcess("pos_app.sandbox.posapi", ["--port", "0"], "posapi sandbox listening on ",
                           label="the PosAPI sandbox")
    account = account_home(qpay.url, posapi.url)
    if account.problems():
        raise RuntimeError(f"the benchmark's account settings are wrong: {account.problems()}")
    programs = (("bare", [sys.executable, "-c", BARE_WINDOW], base_env, None),
                ("training", app, base_env, None),
                ("account", app, account_env, account))
    runs: dict[str, list[dict[str, Any]]] = {name: [] for name, *_ in programs}
    try:
        for index in range(starts + 1):
            for name, argv, env, settings in programs:
                run = run_once(name, argv, env, settings)
                if index > 0:
                    runs[name].append(run)
    finally:
        qpay.stop()
        posapi.stop()
    log(f"start: {starts} runs of each, in turn")

    def median(name: str, key: str) -> float:
        return statistics.median(run[key] for run in runs[name])

    floor = median("bare", "exit_s")
    result: dict[str, Any] = {
        "runs": runs,
        "bare_window_shown_s": median("bare", "window_shown_s"), "bare_exit_s": floor,
        **{name: {key: median(name, key) for key in ("window_shown_s", "open_s", "ready_s")}
           for name in ("training", "account")},
    }
    # Each ratio is the median of the rounds' own ratios (each program against the floor of its round), so a
    # moment of load on a shared machine hits both sides of a ratio alike.
    def ratio(name: str, key: str) -> float:
        return statistics.median(run[key] / bare["exit_s"] for run, bare in zip(runs[name], runs["bare"], strict=True))

    result["ratios"] = {
        "window": max(ratio("training", "window_shown_s"), ratio("account", "window_shown_s")),
        "window_training": ratio("training", "window_shown_s"), "window_account": ratio("account", "window_shown_s"),
        "ready_training": ratio("training", "open_s"), "ready_account": ratio("account", "open_s"),
        "payments_training": ratio("training", "ready_s"), "payments_account": ratio("account", "ready_s"),
    }
    result["goals"] = GOALS
    result["met"] = {name: result["ratios"][name] <= goal for name, goal in GOALS.items()}
    return result


def markdown(result: dict[str, Any]) -> str:
    def ms(seconds: float) -> str:
        return f"{seconds * 1000:.0f}"

    def spread(name: str, key: str) -> str:
        values = [run[key] for run in result["runs"][name]]
        return f"{ms(min(values))}–{ms(max(values))}"

    ratios, goals, met = result["ratios"], result["goals"], result["met"]
    lines = ["| from the spawn to … | median ms | range ms | × the floor | goal |", "|---|---:|---:|---:|---:|",
             f"| floor: a bare PySide6 window shown and closed | {ms(result['bare_exit_s'])} | "
             f"{spread('bare', 'exit_s')} | 1.00 | |",
             f"| (the bare window shown) | {ms(result['bare_window_shown_s'])} | {spread('bare', 'window_shown_s')} | | |"]
    for name, label in (("training", "training"), ("account", "a real account")):
        row = result[name]
        lines.append(f"| till, {label}: first window shown | {ms(row['window_shown_s'])} | "
                     f"{spread(name, 'window_shown_s')} | {ratios[f'window_{name}']:.2f} | "
                     f"≤ {goals['window']:g}× |")
        goal = f"ready_{name}"
        lines.append(f"| till, {label}: ready to sell (the cart takes items) | {ms(row['open_s'])} | "
                     f"{spread(name, 'open_s')} | {ratios[goal]:.2f} | ≤ {goals[goal]:g}× "
                     f"{'met' if met[goal] else 'NOT MET'} |")
        lines.append(f"| till, {label}: the payment side up too | {ms(row['ready_s'])} | {spread(name, 'ready_s')} "
                     f"| {ratios[f'payments_{name}']:.2f} | |")
    lines.append(f"\nFirst window: {ratios['window']:.2f}× (the slower of the two), goal ≤ {goals['window']:g}×: "
                 f"{'met' if met['window'] else 'NOT MET'}. {len(result['runs']['bare'])} runs of each, in turn, "
                 "after one unmeasured round; each ratio is the median of the rounds' own.")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--starts", type=int, default=7, help="measured starts of each program")
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT)
    args = parser.parse_args(argv)
    began = time.perf_counter()
    result = measure(args.starts)
    result |= {"settings": {"starts": args.starts}, "python": platform.python_version(), "cpus": os.cpu_count(),
               "elapsed_s": time.perf_counter() - began,
               "load_average": os.getloadavg() if hasattr(os, "getloadavg") else None}
    report(result, markdown(result), args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
