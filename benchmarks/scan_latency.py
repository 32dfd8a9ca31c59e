"""How soon a scan shows in a 400-line cart while a background task runs Python.

A `PosApp` offscreen in this process (training, the sandbox in a second process as in the other till
benchmarks) gets a cart of `--lines` lines (restored at once; every line also in the catalog). A
TaskRunner task then loops in pure Python for the whole run, so the GUI thread shares the GIL as it
does while a check or a print job runs. `--scans` scans follow, alternating a new line and a repeat
scan of a line already in the cart (picked at random, seeded), after a few unmeasured ones. Each is
typed as a keyboard-wedge scanner types: a key due every `--char-ms` ms from the scan's start, then
Enter; a precise timer delivers the keys due by then (a busy GUI thread gets them in a burst, as from
the OS's queue) to whatever widget has the keyboard, with the shortcut override first, so focus and
any application-wide key filter (the scanner recognizer) decide where they go.

Latency: from the moment the scanner sent Enter to the end of the first paint of the cart table that
follows the model's change (the table's paintEvent, hooked on the instance). Also counted: the calls from
Qt into Python on the GUI thread per scan (event filters, slots, Python overrides, and the benchmark's own
timer ticks and paint hook): each must take the GIL from the worker, which it hands over only at its
switch interval.

Goals (issue 23): median and p95 at most 16 ms (one frame at 60 Hz), and a repeat scan at most 1.5× a
new line (median over median).

    .venv/bin/python benchmarks/scan_latency.py [--lines 400] [--scans 100] [--char-ms 2] [--seed 1]

Prints Markdown tables; writes JSON to benchmarks/results/scan_latency.json. No pass/fail on the
numbers: it exits 1 only if it could not measure. A scan typed but never added (a lost scan: the
code ended up in the entry as an unknown one) is reported in the tables and the headline.
"""

from __future__ import annotations

import argparse
import enum
import os
import platform
import random
import shutil
import statistics
import sys
import tempfile
import threading
import time
import types
from decimal import Decimal
from pathlib import Path
from typing import Any

from common import RESULTS, SandboxProcess, percentile
from till_driver import Till, finish, log, start_till, stop_till, wait_until  # sets QT_QPA_PLATFORM first

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QKeyEvent, QPaintEvent
from PySide6.QtWidgets import QApplication, QWidget

from pos_app.domain.cart import CartLine
from pos_app.domain.catalog import Catalog, CatalogItem
from pos_app.domain.poll import PollSchedule

DEFAULT_OUTPUT = RESULTS / "scan_latency.json"
GOAL_MS = 16.0
GOAL_RATIO = 1.5
WARMUP_SCANS = 6
PAUSE_S = 0.1  # between the paint and the next scan: a quick cashier
SCAN_TIMEOUT = 20.0
LOST_AFTER_S = 0.5  # Enter delivered and the cart not changed by then: the scan was lost (the till adds at once)


class Scanner(QObject):
    """Types a code as a keyboard-wedge scanner does: a key every `char_ms` ms, then Enter.

    The keys are due at fixed moments from the start of the scan, whatever the GUI thread does, as a
    scanner's keys queue at the OS while the till is busy; each timer tick delivers every key that is due
    by then, in order, to the focus widget of the moment (Qt's QTest does what the platform does: the
    shortcut override first, then the key press and release). `enter_due`: when the scanner sent Enter;
    `enter_delivered`: when the till got it."""

    def __init__(self, char_ms: float) -> None:
        super().__init__()
        self.char_s = char_ms / 1000
        self.keys: list[tuple[float, str | Qt.Key]] = []
        self.enter_due: float | None = None
        self.enter_delivered: float | None = None
        self.timer = QTimer(self)
        self.timer.setTimerType(Qt.TimerType.PreciseTimer)
        self.timer.setSingleShot(True)
        self.timer.timeout.connect(self.on_timer_timeout)

    def scan(self, code: str) -> None:
        start = time.perf_counter()
        keys: list[str | Qt.Key] = [*code, Qt.Key.Key_Return]
        self.keys = [(start + (number + 1) * self.char_s, key) for number, key in enumerate(keys)]
        self.enter_due, self.enter_delivered = self.keys[-1][0], None
        self._next()

    def on_timer_timeout(self) -> None:
        while self.keys and self.keys[0][0] <= time.perf_counter():
            due, key = self.keys.pop(0)
            target = QApplication.focusWidget() or QApplication.activeWindow()
            assert target is not None, "no window has the keyboard"
            if key == Qt.Key.Key_Return:
                self.enter_delivered = time.perf_counter()
            _type(target, key, due)
        self._next()

    def _next(self) -> None:
        if self.keys:
            self.timer.start(max(0, round((self.keys[0][0] - time.perf_counter()) * 1000)))


def _type(target: QWidget, key: str | Qt.Key, due: float) -> None:
    """One key as the platform delivers it: the shortcut override, the press and the release, stamped with the
    moment the scanner sent it (a window system's key events carry that time, however late they are handled)."""
    code = Qt.Key(ord(key.upper())) if isinstance(key, str) else key
    text = key if isinstance(key, str) else "\r"
    stamp = max(1, round(due * 1000))
    for kind in (QEvent.Type.ShortcutOverride, QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
        event = QKeyEvent(kind, code, Qt.KeyboardModifier.NoModifier, text)
        event.setTimestamp(stamp)
        QApplication.sendEvent(target, event)


class EntryCounter:
    """How many times Qt called into Python on this (the GUI) thread while armed: each such call must take
    the GIL, which a worker running Python hands over only at its switch interval. A profile hook sees a
    Python call made while the innermost frame is a C function (an event loop, a sendEvent) as an entry."""

    def __init__(self) -> None:
        self.entries = 0
        self._stack: list[bool] = []   # True: inside a C function

    def start(self) -> None:
        self.entries, self._stack = 0, []
        sys.setprofile(self._hook)

    def stop(self) -> int:
        sys.setprofile(None)
        return self.entries

    def _hook(self, frame: Any, event: str, arg: Any) -> None:
        if event == "call":
            # Enum members made while a Qt method converts its answer run with the GIL already held.
            if (not self._stack or self._stack[-1]) and frame.f_code.co_filename != enum.__file__:
                self.entries += 1
            self._stack.append(False)
        elif event == "c_call":
            self._stack.append(_is_qt(arg))
        elif event in ("return", "c_return", "c_exception") and self._stack:
            self._stack.pop()


def _is_qt(function: Any) -> bool:
    """A Qt (PySide) function or method: Python called from inside it was called by Qt (builtins such as
    sum() calling a generator are not)."""
    owner = getattr(function, "__self__", None)
    if owner is None:
        return True     # Shiboken's static functions (QApplication.processEvents) have no owner
    if isinstance(owner, types.ModuleType):
        return owner.__name__.startswith(("PySide6", "shiboken6"))
    kind = owner if isinstance(owner, type) else type(owner)
    return kind.__module__.startswith(("PySide6", "shiboken6", "Shiboken"))


class PaintWatch:
    """When the cart model first changed after `arm()`, and when the table's next paint after that ended."""

    def __init__(self, till: Till) -> None:
        self.table = till.window.sale_page.table
        self.model = till.app.model
        self.changed_at: float | None = None
        self.painted_at: float | None = None
        paint = self.table.paintEvent      # the C++ QTableView::paintEvent

        def timed_paint(event: QPaintEvent) -> None:
            paint(event)
            if self.changed_at is not None and self.painted_at is None:
                self.painted_at = time.perf_counter()

        self.table.paintEvent = timed_paint  # type: ignore[method-assign]
        self.model.dataChanged.connect(self.on_model_changed)
        self.model.rowsInserted.connect(self.on_model_changed)

    def arm(self) -> None:
        self.changed_at = self.painted_at = None

    def on_model_changed(self, *_: Any) -> None:
        if self.changed_at is None:
            self.changed_at = time.perf_counter()

    def remove(self) -> None:
        self.model.dataChanged.disconnect(self.on_model_changed)
        self.model.rowsInserted.disconnect(self.on_model_changed)
        del self.table.paintEvent


def _items(count: int) -> list[CatalogItem]:
    return [CatalogItem(f"29{number:011d}", f"Бараа {number}", Decimal(1000 + 7 * number), "8401", "0122", False)
            for number in range(count)]


def _pause(seconds: float) -> None:
    until = time.perf_counter() + seconds
    wait_until(lambda: time.perf_counter() >= until, seconds + SCAN_TIMEOUT, lambda: "a pause")


def run(lines: int, scans: int, char_ms: float, seed: int, background_task: bool,
        switch_interval_ms: float | None) -> dict[str, Any]:
    home = Path(tempfile.mkdtemp(prefix="pos-bench-scan-"))
    sandbox = SandboxProcess()
    till: Till | None = None
    watch: PaintWatch | None = None
    stop = threading.Event()
    spins = [0]
    rows: list[dict[str, Any]] = []
    lost: list[dict[str, Any]] = []
    entries: list[int] = []
    interval_ms = sys.getswitchinterval() * 1000
    try:
        till = start_till(home, sandbox.url, PollSchedule())
        if switch_interval_ms is not None:   # instead of the till's own (its task runner sets one)
            sys.setswitchinterval(switch_interval_ms / 1000)
        interval_ms = sys.getswitchinterval() * 1000
        page, model = till.window.sale_page, till.app.model
        new_count = (scans + WARMUP_SCANS + 1) // 2
        items = _items(lines + new_count)
        assert page.catalog is not None
        page.set_catalog(Catalog([*page.catalog, *items]), page.sale_entry.search, page.scale_format)
        model.restore(tuple(CartLine(item.name, Decimal(1), item.price, item.barcode, item.tax_product_code,
                                     item.classification_code) for item in items[:lines]))
        _pause(0.3)  # the restored cart shown, whatever the header then does

        def spin() -> int:  # pure Python: holds the GIL but for the interpreter's switch interval
            while not stop.is_set():
                spins[0] += sum(number * number for number in range(500))
            return spins[0]

        background = till.app.runner.run_in_background(spin if background_task else lambda: 0)
        watch = PaintWatch(till)
        counter = EntryCounter()
        scanner = Scanner(char_ms)
        chooser = random.Random(seed)
        fresh = iter(items[lines:])
        in_cart = list(items[:lines])
        log(f"{lines} lines in the cart, {'a background task looping' if background_task else 'no background task'}; "
            f"{scans} scans after {WARMUP_SCANS} unmeasured")
        for number in range(-WARMUP_SCANS, scans):
            kind = "new" if number % 2 == 0 else "repeat"
            item = next(fresh) if kind == "new" else chooser.choice(in_cart)
            before_rows = model.rowCount()
            watch.arm()
            if number < 0:
                counter.start()   # counted on the warm-up scans only: the hook slows every Python call
            scanner.scan(item.barcode)

            def settled() -> bool:  # painted, or the whole scan typed and nothing came of it
                delivered = scanner.enter_delivered
                return watch.painted_at is not None or (
                    delivered is not None and watch.changed_at is None and time.perf_counter() - delivered > LOST_AFTER_S)

            wait_until(settled, SCAN_TIMEOUT, lambda: "the scan to be painted")
            if number < 0:
                entries.append(counter.stop())
            _pause(PAUSE_S)  # the cashier reaches for the next item; whatever the scan set off runs now
            enter_due, enter_delivered = scanner.enter_due, scanner.enter_delivered
            assert enter_due is not None and enter_delivered is not None
            if watch.painted_at is None or watch.changed_at is None:
                lost.append({"scan": number, "kind": kind, "code": item.barcode, "entry": page.entry.text(),
                             "message": page.message.text()})
                log(f"scan {number} ({kind}) {item.barcode} not added: the entry holds {page.entry.text()!r}, "
                    f"the message says {page.message.text()!r}")
                page.entry.clear()
                page.clear_message()
                continue
            if kind == "new":
                in_cart.append(item)
                assert model.rowCount() == before_rows + 1, "a new line did not add a row"
            if number >= 0:
                rows.append({"scan": number, "kind": kind, "rows": before_rows,
                             "latency_ms": (watch.painted_at - enter_due) * 1000,
                             "enter_delivered_ms": (enter_delivered - enter_due) * 1000,
                             "to_model_change_ms": (watch.changed_at - enter_due) * 1000,
                             })
        stop.set()
        wait_until(background.done, SCAN_TIMEOUT, lambda: "the background task to stop")
    finally:
        stop.set()
        if watch is not None:
            watch.remove()
        if till is not None:
            stop_till(till)
        sandbox.stop()
        shutil.rmtree(home, ignore_errors=True)
    return {"scans": rows, "lost_scans": lost, "python_entries": entries, "switch_interval_ms": interval_ms,
            "failure": None, "background_loops": spins[0] > 0}


def _stats(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    if not ordered:
        return {"median": float("nan"), "p95": float("nan"), "max": float("nan"), "min": float("nan")}
    return {"median": statistics.median(ordered), "p95": percentile(ordered, 0.95), "max": ordered[-1],
            "min": ordered[0]}


def summarize(scans: list[dict[str, Any]]) -> dict[str, Any]:
    summary: dict[str, Any] = {"all": _stats([s["latency_ms"] for s in scans])}
    for kind in ("new", "repeat"):
        chosen = [s for s in scans if s["kind"] == kind]
        summary[kind] = _stats([s["latency_ms"] for s in chosen]) | {
            "scans": len(chosen),
                        "to_model_change_median_ms": statistics.median([s["to_model_change_ms"] for s in chosen])
            if chosen else float("nan")}
    summary["repeat_over_new"] = summary["repeat"]["median"] / summary["new"]["median"]
    summary["meets_goal_ms"] = summary["all"]["median"] <= GOAL_MS and summary["all"]["p95"] <= GOAL_MS
    summary["meets_goal_ratio"] = summary["repeat_over_new"] <= GOAL_RATIO
    return summary


def _meanwhile(settings: dict[str, Any]) -> str:
    return "a background task running Python" if settings["background_task"] else "nothing else running"


def headline(result: dict[str, Any]) -> list[dict[str, str]]:
    s, settings = result["summary"], result["settings"]
    lost = f"; {len(result['lost_scans'])} lost" if result.get("lost_scans") else ""
    return [
        {"area": "GUI", "measure": f"scan → line painted, {settings['lines']}-line cart, median / p95",
         "value": f"{s['all']['median']:.1f} ms / {s['all']['p95']:.1f} ms",
         "note": f"goal ≤ {GOAL_MS:.0f} ms; {len(result['scans'])} scans typed at {settings['char_ms']:g} ms a key, "
                 f"{_meanwhile(settings)}{lost}"},
        {"area": "GUI", "measure": "repeat scan / new line (median)", "value": f"{s['repeat_over_new']:.2f}×",
         "note": f"goal ≤ {GOAL_RATIO}×; {_entries(result)} calls from Qt into Python a scan"},
    ]


def _entries(result: dict[str, Any]) -> str:
    counts = result.get("python_entries") or []
    return f"{statistics.median(counts):.0f}" if counts else "?"


def markdown(result: dict[str, Any]) -> str:
    s = result["summary"]
    lines = ["| scans | n | median ms | p95 ms | max ms | Enter → model change, median ms |",
             "|---|---:|---:|---:|---:|---:|"]
    for kind in ("new", "repeat"):
        k = s[kind]
        lines.append(f"| {kind} line | {k['scans']} | {k['median']:.1f} | {k['p95']:.1f} | {k['max']:.1f} | "
                     f"{k['to_model_change_median_ms']:.1f} |")
    a = s["all"]
    lines.append(f"| all | {len(result['scans'])} | {a['median']:.1f} | {a['p95']:.1f} | {a['max']:.1f} | |")
    settings = result["settings"]
    lines.append(f"\nFrom the scanner's Enter to the end of the cart table's first paint after the change; "
                 f"{settings['lines']} lines at the start, a key every {settings['char_ms']:g} ms, "
                 f"{_meanwhile(settings)} throughout (GIL switch interval {settings['switch_interval_ms']:g} ms). "
                 f"Calls from Qt into Python a scan (median of the warm-up scans, counted by a profile hook that "
                 f"would slow the measured ones): {_entries(result)}.")
    if result.get("lost_scans"):
        lines.append(f"\n**{len(result['lost_scans'])} scan(s) lost** (typed, no line added or raised): "
                     + ", ".join(f"{lost['kind']} {lost['code']} (entry {lost['entry']!r})"
                                 for lost in result["lost_scans"]))
    lines.append(f"\nGoal median and p95 ≤ {GOAL_MS:.0f} ms: **{'met' if s['meets_goal_ms'] else 'not met'}**. "
                 f"Repeat / new line {s['repeat_over_new']:.2f}× (goal ≤ {GOAL_RATIO}×): "
                 f"**{'met' if s['meets_goal_ratio'] else 'not met'}**.")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=400, help="lines in the cart before the scans")
    parser.add_argument("--scans", type=int, default=100, help="measured scans (half new lines, half repeats)")
    parser.add_argument("--char-ms", type=float, default=2.0, help="ms between the scanner's keys")
    parser.add_argument("--seed", type=int, default=1, help="which lines the repeat scans pick")
    parser.add_argument("--no-background", action="store_true",
                        help="no task running Python meanwhile: what the GIL's sharing costs, by difference")
    parser.add_argument("--switch-interval-ms", type=float, default=None,
                        help="sys.setswitchinterval instead of the till's own (its task runner's; Python's "
                             "default is 5 ms)")
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT)
    args = parser.parse_args(argv)
    if not (1 <= args.lines and args.scans >= 2 and args.lines + (args.scans + WARMUP_SCANS + 1) // 2 <= 500):
        parser.error("need 1 <= --lines, --scans >= 2, and the lines plus the new ones at most 500 (a sale's limit)")
    began = time.perf_counter()
    result: dict[str, Any] = {"settings": {"lines": args.lines, "scans": args.scans, "char_ms": args.char_ms,
                                           "seed": args.seed, "warmup_scans": WARMUP_SCANS,
                                           "background_task": not args.no_background,
                                           "pause_between_scans_s": PAUSE_S, "sandbox": "second process"},
                              "goals": {"median_and_p95_ms": GOAL_MS, "repeat_over_new": GOAL_RATIO},
                              "python": platform.python_version(), "cpus": os.cpu_count()}
    result |= run(args.lines, args.scans, args.char_ms, args.seed, not args.no_background, args.switch_interval_ms)
    result["settings"]["switch_interval_ms"] = result.pop("switch_interval_ms")
    result["elapsed_s"] = time.perf_counter() - began
    result["load_average"] = os.getloadavg() if hasattr(os, "getloadavg") else None
    if len({s["kind"] for s in result["scans"]}) < 2:
        result["summary"], result["headline"] = {}, []
        result["failure"] = f"too few scans came through to compare: {len(result['lost_scans'])} lost"
        return finish(result, args.output, "")
    result["summary"] = summarize(result["scans"])
    result["headline"] = headline(result)
    return finish(result, args.output, markdown(result))


if __name__ == "__main__":
    sys.exit(main())
