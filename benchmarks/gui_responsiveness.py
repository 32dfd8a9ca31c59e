"""How long the till's GUI thread is ever busy during a sale (its start: benchmarks/start.py).

1. GUI-thread stalls during a sale: a `PosApp` in this process (offscreen)
   against the sandbox in a second process, so the server's threads do not
   compete for this process's GIL. Sales are driven from the keyboard (scan,
   F12, Ctrl+Shift+P, Return, F2) with `--latency` ms injected at the service
   (`/v2/` only), the latencies alternating sale by sale. A `StallMeter`
   (a 5 ms timer) around each sale gives the longest gap of the event loop.
   The first sale after start (logos, first QR, first page shown) is reported
   on its own row and not counted in the medians.
2. Where the longest stall of each sale went: the GUI-thread callbacks of the
   window and the sale flow, and each key press, are timed (about 1 µs each);
   the innermost callback that covers most of the longest gap is named. A gap
   no timed callback covers is told apart by the CPU time used during it:
   none in this process (the OS ran other work), the GUI thread's (Qt's own
   layout, polish, paint) or other threads' (a wait for the GIL).

    .venv/bin/python benchmarks/gui_responsiveness.py [--sales 5] [--latency 0,2000]

`--sandbox-in-process` runs the sandbox in this process instead, as the UI
tests do, to compare. Prints Markdown tables; writes JSON to
benchmarks/results/gui_responsiveness.json. No pass/fail on the numbers: it
exits non-zero only if a sale failed.
"""

from __future__ import annotations

import argparse
import functools
import os
import platform
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import requests

from common import RESULTS, ROOT, SandboxProcess, report

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # before any Qt import
sys.path.insert(0, str(ROOT))

from PySide6.QtCore import QtMsgType, Qt, QTimer, qInstallMessageHandler  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication, QWidget  # noqa: E402

from pos_app.app.root import PosApp  # noqa: E402
from pos_app.app.paths import AppPaths  # noqa: E402
from pos_app.config import SessionSecretStore  # noqa: E402
from pos_app.domain.poll import PollSchedule  # noqa: E402
from pos_app.domain.sale import Stage  # noqa: E402
from pos_app.ui.shell.main_window import MainWindow  # noqa: E402
from pos_app.ui.common.stall_meter import StallMeter  # noqa: E402
from pos_app.ui.common.style import STYLESHEET  # noqa: E402
from till_driver import wait_until  # noqa: E402

DEFAULT_OUTPUT = RESULTS / "gui_responsiveness.json"
MILK = "8656000010011"  # 3,500 ₮ in the sample catalog
# The tests' quick schedule: same shape as the real one, checks every 50 ms at first.
FAST_SCHEDULE = PollSchedule(fast_interval=0.05, fast_period=30, medium_interval=0.1, medium_period=60,
                             slow_interval=0.2, max_backoff=0.4)
STEP_TIMEOUT = 30.0  # seconds for any one step of a sale
UNTIMED = "outside timed Python calls"
# What the untimed part of a gap was, told by the CPU time used during it.
OFF_CPU = "off the CPU: nothing in this process ran (the OS ran other work)"
QT_WORK = "GUI thread busy in Qt itself (layout, polish, paint)"
GIL_WAIT = "GUI thread waiting: other threads of this process ran (the GIL)"
CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


def log(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


# -- 1 and 2. stalls during a sale -------------------------------------------------------------

class Probe:
    """Times GUI-thread callbacks: (start, end, label, depth) for each call."""

    def __init__(self) -> None:
        self.records: list[tuple[float, float, str, int]] = []
        self.depth = 0
        self.patched: list[tuple[type, str, Any]] = []   # None: the method was inherited

    def wrap(self, owner: type, name: str, label: Callable[..., str] | None = None) -> None:
        # The class's own method or one it inherits (a mixin's): looked up along the MRO, patched on `owner`.
        original = next((kind.__dict__[name] for kind in getattr(owner, "__mro__", (owner,)) if name in kind.__dict__), None)
        own = name in owner.__dict__
        if original is None or not callable(original):
            return  # the window changes under us; skip what is not there
        probe, default = self, f"{owner.__name__}.{name}"

        @functools.wraps(original)
        def timed(*args: Any, **kwargs: Any) -> Any:
            start = time.perf_counter()
            probe.depth += 1
            try:
                return original(*args, **kwargs)
            finally:
                probe.depth -= 1
                text = default
                if label is not None:
                    try:
                        text = label(*args, **kwargs)
                    except Exception:  # noqa: BLE001, S110 - a label is never worth a failure
                        pass
                probe.records.append((start, time.perf_counter(), text, probe.depth))

        setattr(owner, name, timed)
        self.patched.append((owner, name, original if own else None))

    def step(self, label: str, action: Callable[[], None]) -> None:
        """A driver action (a key press runs its shortcut's slot right inside it)."""
        start = time.perf_counter()
        self.depth += 1
        try:
            action()
        finally:
            self.depth -= 1
            self.records.append((start, time.perf_counter(), label, self.depth))

    def unpatch(self) -> None:
        for owner, name, original in reversed(self.patched):
            if original is None:
                delattr(owner, name)      # inherited: the base's method shows through again
            else:
                setattr(owner, name, original)
        self.patched.clear()

    def cause(self, window: tuple[float, float] | None, cpu: tuple[float, float] = (0.0, 0.0)) -> dict[str, Any]:
        """The innermost timed call that covers most of the gap *window*, and the rest of the gap.

        *cpu*: (this process's, the GUI thread's) CPU seconds during the gap."""
        if window is None:
            return {"label": "-", "overlap_ms": 0.0, "gap_ms": 0.0, "untimed_ms": 0.0, "covering": []}
        low, high = window
        covering = []
        for start, end, label, depth in sorted(self.records, key=lambda r: (r[0], r[3])):
            overlap = min(end, high) - max(start, low)
            if overlap > 0.0005:
                covering.append((overlap, depth, label, end - start))
        gap = high - low
        # Top-level calls follow one another on the one GUI thread: their sum is the timed part.
        untimed = gap - sum(overlap for overlap, depth, *_ in covering if depth == 0)
        process_cpu, gui_cpu = cpu
        if process_cpu < 0.3 * gap:
            untimed_label = OFF_CPU
        elif gui_cpu >= 0.5 * process_cpu:
            untimed_label = QT_WORK if untimed > 0.5 * gap else UNTIMED
        else:
            untimed_label = GIL_WAIT
        result: dict[str, Any] = {"gap_ms": gap * 1000, "untimed_ms": untimed * 1000, "untimed_label": untimed_label,
                                  "process_cpu_ms": process_cpu * 1000, "gui_thread_cpu_ms": gui_cpu * 1000,
                                  "covering": [
            {"label": label, "depth": depth, "overlap_ms": overlap * 1000, "call_ms": call * 1000}
            for overlap, depth, label, call in covering]}  # in call order: a parent before its children
        best = max((overlap for overlap, *_ in covering), default=0.0)
        if not covering or best < 0.5 * gap - 0.005:  # most of the gap (beyond one timer interval) ran in no timed call
            return result | {"label": untimed_label, "overlap_ms": untimed * 1000}
        inner = max((c for c in covering if c[0] >= 0.8 * best), key=lambda c: c[1])
        return result | {"label": inner[2], "overlap_ms": inner[0] * 1000}


def _stage_label(name: str) -> Callable[..., str]:
    def label(_self: Any, sale: Any = None, *_: Any) -> str:
        stage = getattr(sale, "stage", None)
        return f"{name}({stage.name if stage else None})"
    return label


def _done_label(_self: Any, _future: Any, on_done: Any = None) -> str:
    inner = getattr(on_done, "func", on_done)  # functools.partial
    return f"TaskRunner._on_finished → {getattr(inner, '__qualname__', repr(inner))}"


def instrument(probe: Probe) -> None:
    """Before the app is built: slots connect to the wrapped methods."""
    from pos_app.ui.common import qr_widget, tasks
    from pos_app.ui.sale.cart import entry, sale_page
    from pos_app.ui.sale.flow import flow as sale_flow
    from pos_app.ui.sale.flow import receipts as flow_receipts
    from pos_app.ui.sale.pages import bank_list, customer_display, logos, payment_page, receipt_page

    probe.wrap(MainWindow, "show_stage", _stage_label("MainWindow.show_stage"))
    for name in ("update_actions", "on_status_timer_timeout", "set_ready"):
        probe.wrap(MainWindow, name)
    probe.wrap(tasks.TaskRunner, "_on_finished", _done_label)
    for name in ("charge", "_on_charge_done", "_poll", "_on_poll_done", "issue_receipt", "simulate_payment",
                 "_on_simulated", "new_sale"):
        probe.wrap(sale_flow.SaleFlow, name)
    probe.wrap(flow_receipts.ReceiptIssuing, "_on_receipt_done")
    for name in ("show_sale", "set_stage", "set_status", "set_trouble"):
        probe.wrap(payment_page.PaymentPage, name)
    for name in ("setData", "paintEvent"):
        probe.wrap(qr_widget.QRWidget, name)
    probe.wrap(qr_widget, "qr_matrix")  # module function: setData looks it up at call time
    probe.wrap(bank_list.BankList, "set_banks")
    probe.wrap(bank_list.BankList, "on_logos_loaded")
    probe.wrap(logos.LogoCache, "on_load_finished")
    probe.wrap(bank_list, "fallback_icon")  # bank_list imported the name itself
    for name in ("show_invoice", "show_paid", "show_idle"):
        probe.wrap(customer_display.CustomerDisplay, name)
    for name in ("show_sale", "reset", "focus_step", "on_issue_clicked"):
        probe.wrap(receipt_page.ReceiptPage, name)
    for name in ("on_model_changed", "set_busy", "focus_entry"):
        probe.wrap(sale_page.SalePage, name)
    probe.wrap(entry.SaleEntry, "on_entry_returned")


class LocatingStallMeter(StallMeter):
    """A StallMeter that also notes when its longest gap was (perf_counter times) and
    how much CPU this process and the GUI thread used during it."""

    def start(self) -> None:
        super().start()
        self.where: tuple[float, float] | None = None
        self.cpu = (0.0, 0.0)
        self._widest = -1.0
        self._previous = (time.perf_counter(), time.process_time(), time.thread_time())

    def _on_timer_timeout(self) -> None:
        now = (time.perf_counter(), time.process_time(), time.thread_time())
        if now[0] - self._previous[0] > self._widest:
            self._widest, self.where = now[0] - self._previous[0], (self._previous[0], now[0])
            self.cpu = (now[1] - self._previous[1], now[2] - self._previous[2])
        self._previous = now
        super()._on_timer_timeout()


class Driver:
    """The cashier's keyboard and a wait loop that keeps the event loop turning."""

    def __init__(self, app: PosApp, probe: Probe) -> None:
        self.app, self.flow, self.window, self.probe = app, app.flow, app.window, probe
        self.wake = QTimer()  # WaitForMoreEvents below returns at least this often
        self.wake.setInterval(10)
        self.wake.start()

    def wait(self, what: str, condition: Callable[[], bool], timeout: float = STEP_TIMEOUT) -> None:
        wait_until(condition, timeout, lambda: f"{what} (stage {self.flow.stage})")

    def wait_stage(self, stage: Stage | None) -> None:
        self.wait(f"stage {stage}", lambda: self.flow.stage is stage)

    def focused(self) -> QWidget:
        return QApplication.focusWidget() or self.window

    def key(self, label: str, key: Qt.Key, modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:
        self.probe.step(f"key {label}", lambda: QTest.keyClick(self.focused(), key, modifier))

    def scan(self, code: str) -> None:
        entry = self.window.sale_page.entry
        self.wait("the entry field to have focus", entry.hasFocus)
        self.probe.step("scan (keyClicks)", lambda: QTest.keyClicks(entry, code))
        self.probe.step("key Return (scan)", lambda: QTest.keyClick(entry, Qt.Key.Key_Return))

    def sale(self) -> None:
        self.scan(MILK)
        self.wait("the line in the cart", lambda: not self.app.model.is_empty)
        self.key("F12", Qt.Key.Key_F12)
        self.wait_stage(Stage.AWAITING_PAYMENT)
        self.key("Ctrl+Shift+P", Qt.Key.Key_P, CTRL_SHIFT)
        self.wait_stage(Stage.PAID)
        self.key("Return (issue)", Qt.Key.Key_Return)
        self.wait_stage(Stage.COMPLETED)

    def next_sale(self) -> None:
        self.key("F2", Qt.Key.Key_F2)
        self.wait_stage(None)
        self.wait("the entry field to have focus", self.window.sale_page.entry.hasFocus)


def set_latency(control: requests.Session, url: str, latency_ms: int) -> None:
    control.delete(f"{url}/_sandbox/faults", timeout=10).raise_for_status()
    if latency_ms:
        control.post(f"{url}/_sandbox/faults", json={"path_prefix": "/v2/", "delay_ms": latency_ms, "count": 50},
                     timeout=10).raise_for_status()


class SandboxThread:
    """The sandbox in this process, as the UI tests run it: its threads share our GIL."""

    def __init__(self) -> None:
        from pos_app.sandbox import SandboxServer
        self.server = SandboxServer().start()
        self.url = self.server.url

    def stop(self) -> None:
        self.server.stop()


def _quiet_offscreen_warning(mode: QtMsgType, context: Any, message: str) -> None:
    if "propagateSizeHints" not in message:  # the offscreen plugin says it for every window shown
        print(message, file=sys.stderr)


def stalls(sales: int, latencies: list[int], in_process: bool = False) -> dict[str, Any]:
    qInstallMessageHandler(_quiet_offscreen_warning)
    qt_app = QApplication.instance() or QApplication([sys.argv[0]])
    qt_app.setStyleSheet(STYLESHEET)  # type: ignore[union-attr]
    probe = Probe()
    instrument(probe)
    home = Path(tempfile.mkdtemp(prefix="pos-bench-gui-"))
    sandbox: SandboxProcess | SandboxThread = SandboxThread() if in_process else SandboxProcess()
    control = requests.Session()
    app: PosApp | None = None
    rows: list[dict[str, Any]] = []
    try:
        app = PosApp(AppPaths(home / "config", home / "data", home / "cache"), sandbox_url=sandbox.url,
                     secrets=SessionSecretStore(), schedule=FAST_SCHEDULE)
        app.window.set_ask_before_quit(False)
        ready = []
        app.ready.connect(lambda: ready.append(True))
        driver = Driver(app, probe)
        app.start()
        driver.wait("the till to be ready", lambda: bool(ready))
        app.window.activateWindow()
        driver.wait("the window to be active", app.window.isActiveWindow)
        driver.wait("the entry field to have focus", app.window.sale_page.entry.hasFocus)
        meter = LocatingStallMeter()
        plan = [(0, latencies[0], True)] + [(n, latency, False) for n in range(1, sales + 1) for latency in latencies]
        for number, latency, first in plan:
            set_latency(control, sandbox.url, latency)
            probe.records.clear()
            meter.start()
            started = time.perf_counter()
            driver.sale()
            duration = time.perf_counter() - started
            longest = meter.stop()
            cause = probe.cause(meter.where, meter.cpu)
            slowest = sorted(((end - start, label) for start, end, label, _ in probe.records), reverse=True)
            rows.append({"sale": number, "first_after_start": first, "latency_ms": latency,
                         "longest_stall_ms": longest * 1000, "ticks": meter.ticks, "duration_s": duration,
                         "cause": cause,
                         "slowest_calls": [{"label": label, "ms": seconds * 1000} for seconds, label in slowest[:8]]})
            log(f"sale {number} at {latency} ms: {duration:.2f} s, longest stall {longest * 1000:.1f} ms "
                f"({cause['label']})")
            driver.next_sale()
        set_latency(control, sandbox.url, 0)
    finally:
        probe.unpatch()
        if app is not None:
            app.shutdown()
            app.window.customer_display.close()
            app.window.close()
        sandbox.stop()
        shutil.rmtree(home, ignore_errors=True)
    levels: dict[str, Any] = {}
    for latency in latencies:
        chosen = [r for r in rows if r["latency_ms"] == latency and not r["first_after_start"]]
        stall_ms = [r["longest_stall_ms"] for r in chosen]
        durations = [r["duration_s"] for r in chosen]
        worst = max(chosen, key=lambda r: r["longest_stall_ms"])
        levels[str(latency)] = {"sales": len(chosen), "stall_median_ms": statistics.median(stall_ms),
                                "stall_max_ms": max(stall_ms), "duration_median_s": statistics.median(durations),
                                "duration_max_s": max(durations), "worst_cause": worst["cause"]["label"],
                                "worst_cause_ms": worst["cause"]["overlap_ms"]}
    return {"sales": rows, "levels": levels, "switch_interval_ms": sys.getswitchinterval() * 1000}


# -- report -------------------------------------------------------------------------------------

def markdown(result: dict[str, Any]) -> str:
    lines: list[str] = []
    stall = result["stalls"]
    lines += ["| injected latency | sales | longest stall per sale: median ms | max ms | sale duration: median s "
              "| max s | worst stall was in |", "|---:|---:|---:|---:|---:|---:|---|"]
    first = next(r for r in stall["sales"] if r["first_after_start"])
    lines.append(f"| {first['latency_ms']} ms, first sale after start | 1 | {first['longest_stall_ms']:.1f} | "
                 f"{first['longest_stall_ms']:.1f} | {first['duration_s']:.2f} | {first['duration_s']:.2f} | "
                 f"{first['cause']['label']} ({first['cause']['overlap_ms']:.0f} ms) |")
    for latency, level in stall["levels"].items():
        lines.append(f"| {latency} ms | {level['sales']} | {level['stall_median_ms']:.1f} | {level['stall_max_ms']:.1f} "
                     f"| {level['duration_median_s']:.2f} | {level['duration_max_s']:.2f} | "
                     f"{level['worst_cause']} ({level['worst_cause_ms']:.0f} ms) |")
    where = "this process (as in the UI tests)" if result["settings"]["sandbox"] == "this process" else "a second process"
    lines.append("\nStall = the longest time a 5 ms timer on the GUI thread fired late during one sale "
                 f"(scan to receipt issued); the sandbox runs in {where}.")
    lines += ["\n| sale | latency ms | longest stall ms | sale s | in (innermost timed call covering most of it) |",
              "|---:|---:|---:|---:|---|"]
    for row in stall["sales"]:
        lines.append(f"| {row['sale']}{' (first)' if row['first_after_start'] else ''} | {row['latency_ms']} | "
                     f"{row['longest_stall_ms']:.1f} | {row['duration_s']:.2f} | {row['cause']['label']} "
                     f"({row['cause']['overlap_ms']:.0f} ms) |")
    worst = max(stall["sales"], key=lambda r: r["longest_stall_ms"])
    cause = worst["cause"]
    lines += [f"\nThe run's longest stall, {worst['longest_stall_ms']:.1f} ms (sale {worst['sale']}, "
              f"{worst['latency_ms']} ms latency): a {cause['gap_ms']:.1f} ms gap between two ticks, made of",
              "", "| timed GUI-thread call (› = called inside the one above) | ms in the gap | whole call ms |", "|---|---:|---:|"]
    for call in cause["covering"]:
        if call["overlap_ms"] >= 1.0:
            lines.append(f"| {'› ' * call['depth']}{call['label']} | {call['overlap_ms']:.1f} "
                         f"| {call['call_ms']:.1f} |")
    lines.append(f"| {cause.get('untimed_label', UNTIMED)} | {cause['untimed_ms']:.1f} | |")
    lines.append(f"\nDuring that gap this process used {cause.get('process_cpu_ms', 0):.1f} ms of CPU, "
                 f"the GUI thread {cause.get('gui_thread_cpu_ms', 0):.1f} ms.")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sales", type=int, default=5, help="measured sales per latency")
    parser.add_argument("--latency", default="0,2000", help="injected service latencies, ms, comma-separated")
    parser.add_argument("--sandbox-in-process", action="store_true",
                        help="the sandbox on threads of this process (as the UI tests run it), for comparison")
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT)
    args = parser.parse_args(argv)
    latencies = [int(part) for part in args.latency.split(",") if part.strip()]
    began = time.perf_counter()
    result: dict[str, Any] = {"settings": {"sales": args.sales, "latencies_ms": latencies,
                                           "schedule": "tests' FAST_SCHEDULE (first checks every 50 ms)",
                                           "sandbox": "this process" if args.sandbox_in_process else "second process"},
                              "python": platform.python_version(), "cpus": os.cpu_count()}
    result["stalls"] = stalls(args.sales, latencies, in_process=args.sandbox_in_process)
    result["elapsed_s"] = time.perf_counter() - began
    result["load_average"] = os.getloadavg() if hasattr(os, "getloadavg") else None
    report(result, markdown(result), args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
