"""Does the till's memory grow sale after sale? 500 sales in one session, sampled every 50.

A `PosApp` in this process (offscreen) against the sandboxes (QPay's, PosAPI's) in processes of their
own, with the tests' fast poll schedule and no printer (auto-print off). Each sale is typed on the keyboard as a cashier
would (scan, F12, Ctrl+Shift+P: the training desk pays through the control API and the till checks
at once; Return issues the receipt; F2 starts the next sale), so the pages, the QR, the customer
display, the journal and the client all do their real work.

Before the first sale and every `--sample-every` sales, after a full `gc.collect()`: the process's
resident set (RSS, /proc/self/statm), SQLite's own heap (`sqlite3_memory_used`: the journal's page
cache), Python's heap (allocated memory blocks, gc-tracked objects), the Qt objects under the app
and its windows, threads and open files; the sandbox's RSS for context. The growth trend is the
least-squares slope of RSS over the samples from `--warmup` sales on (by default 250: the journal's
SQLite cache, 2,000 KiB, is full by then), in kB per 100 sales; the verdict is "no growth trend"
when it is below `--threshold-kb`. The object types that grew most between the end of the warm-up
and the end are listed; `--tracemalloc` also traces allocations from the end of the warm-up and
names the source lines that grew most (about four times as slow, and RSS then includes tracemalloc's
own records, so its trend says nothing).

    .venv/bin/python benchmarks/memory_soak.py [--sales 500] [--sample-every 50] [--warmup 250]

Prints Markdown tables; writes JSON to benchmarks/results/memory_soak.json. No pass/fail on the
numbers: it exits non-zero only if a sale failed. Linux only (/proc).
"""

from __future__ import annotations

import _sqlite3
import argparse
import ctypes
import gc
import math
import os
import platform
import resource
import shutil
import sys
import sysconfig
import tempfile
import time
import tracemalloc
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from common import RESULTS, ROOT, SandboxProcess, ServerProcess
# The keyboard driver is shared with the detection benchmark (it also sets QT_QPA_PLATFORM=offscreen).
from till_driver import Till, finish, log, quick_sale, start_till, stop_till

from PySide6.QtCore import QCoreApplication, QEvent, QObject  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from pos_app.domain.poll import PollSchedule  # noqa: E402

DEFAULT_OUTPUT = RESULTS / "memory_soak.json"
# The tests' quick schedule (tests/ui/conftest.py): same shape as the real one, checks every 50 ms at first.
FAST_SCHEDULE = PollSchedule(fast_interval=0.05, fast_period=30, medium_interval=0.1, medium_period=60,
                             slow_interval=0.2, max_backoff=0.4)
PAGE_KB = os.sysconf("SC_PAGE_SIZE") // 1024
# 2.5 kB a sale. A completed Sale is about 13 kB of Python objects (11 kB of it the invoice: eight bank
# links, the QR text), so a till that kept any sale, or a fifth of one, crosses this line. Under it
# is what a 250-sale window cannot tell from noise: after the warm-up the till's RSS still creeps
# 1-2 kB a sale for a few hundred sales (the C heap grows in steps, malloc keeps freed pages,
# pydantic-core's string cache fills toward its cap of ~1.1 MB) and then flattens (mostly 20-90 kB
# per 100 sales from ~800 sales on, in 2,000-sale runs). See the README section.
DEFAULT_THRESHOLD_KB = 250.0
TOP_TYPES = 8
TRACE_FRAMES = 30  # deep enough to reach the app's own frame from inside pydantic or a worker thread


# -- what a sample reads --------------------------------------------------------------------------

def rss_kb(pid: int | str = "self") -> int:
    """Resident set of a process in kB (Linux /proc)."""
    return int(Path(f"/proc/{pid}/statm").read_text().split()[1]) * PAGE_KB


def status_field(name: str) -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(f"{name}:"):
            return int(line.split()[1])
    return -1


def _sqlite_memory_used() -> Callable[[], int] | None:
    """SQLite's own count of the heap it holds (page cache included), through the library `sqlite3`
    is linked to; None when the symbol cannot be reached (a static build without it)."""
    try:
        function = ctypes.CDLL(_sqlite3.__file__).sqlite3_memory_used
    except (OSError, AttributeError):
        return None
    function.restype = ctypes.c_int64
    return function


SQLITE_MEMORY_USED = _sqlite_memory_used()


class MallInfo2(ctypes.Structure):
    """glibc's `struct mallinfo2` (glibc 2.33 and later): the C heap's totals over all arenas."""
    _fields_ = [(name, ctypes.c_size_t) for name in ("arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks",
                                                     "fsmblks", "uordblks", "fordblks", "keepcost")]


def _mallinfo2() -> Callable[[], MallInfo2] | None:
    try:
        function = ctypes.CDLL(None).mallinfo2
    except (OSError, AttributeError):
        return None  # not glibc, or an older one
    function.restype = MallInfo2
    return function


MALLINFO2 = _mallinfo2()


def _malloc_trim() -> Callable[[int], int] | None:
    try:
        return ctypes.CDLL(None).malloc_trim  # type: ignore[no-any-return]
    except (OSError, AttributeError):
        return None


MALLOC_TRIM = _malloc_trim()


def c_heap_kb() -> tuple[float | None, float | None]:
    """(in use, free but kept) kB of the C heap: what Qt, SQLite, pydantic-core and Python's large
    objects hold through malloc, and what malloc keeps for reuse. RSS minus these is mostly Python's
    own small-object arenas, code and shared libraries."""
    if MALLINFO2 is None:
        return None, None
    info = MALLINFO2()
    return (info.uordblks + info.hblkhd) / 1024, info.fordblks / 1024


def sqlite_kb() -> float | None:
    return SQLITE_MEMORY_USED() / 1024 if SQLITE_MEMORY_USED is not None else None


def qt_objects(till: Till) -> int:
    """QObjects under the app and every top-level window (pages, timers, models, the customer display)."""
    roots: list[QObject] = [till.app, *QApplication.topLevelWidgets()]
    return sum(1 + len(root.findChildren(QObject)) for root in roots)


def settle(trim: bool) -> None:
    """What a running event loop would have done by now: deleteLater'd objects gone, cycles collected.

    The driver turns the loop with processEvents, not exec(); deferred deletes are flushed here so
    they cannot pile up as a leak of the harness's own making. With *trim*, malloc hands its free
    pages back to the OS, so RSS follows the memory in use rather than what the allocator keeps."""
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    gc.collect()
    if trim and MALLOC_TRIM is not None:
        MALLOC_TRIM(0)


def sample(till: Till, sales: int, sandbox: SandboxProcess, began: float, trim: bool) -> dict[str, Any]:
    settle(trim)
    c_in_use, c_free = c_heap_kb()
    return {"sales": sales, "elapsed_s": time.perf_counter() - began, "rss_kb": rss_kb(),
            "max_rss_kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
            "c_heap_kb": c_in_use, "c_heap_free_kb": c_free,
            "sqlite_kb": sqlite_kb(), "python_blocks": sys.getallocatedblocks(), "gc_objects": len(gc.get_objects()),
            "qt_objects": qt_objects(till), "widgets": len(QApplication.allWidgets()),
            "threads": status_field("Threads"), "open_files": len(os.listdir("/proc/self/fd")),
            "sandbox_rss_kb": rss_kb(sandbox.proc.pid)}


def type_counts() -> Counter[str]:
    return Counter(f"{type(obj).__module__}.{type(obj).__qualname__}" for obj in gc.get_objects())


# -- the trend ------------------------------------------------------------------------------------

def slope_per_100(samples: list[dict[str, Any]], key: str) -> dict[str, float]:
    """Least-squares slope of *key* against the sale count, per 100 sales, and its standard error."""
    xs = [s["sales"] for s in samples]
    ys = [float(s[key]) for s in samples]
    n = len(xs)
    if n < 2:
        return {"slope": math.nan, "stderr": math.nan}
    mean_x, mean_y = sum(xs) / n, sum(ys) / n
    sxx = sum((x - mean_x) ** 2 for x in xs)
    slope = sum((x - mean_x) * (y - mean_y) for x, y in zip(xs, ys, strict=True)) / sxx
    residuals = [y - (mean_y + slope * (x - mean_x)) for x, y in zip(xs, ys, strict=True)]
    stderr = math.sqrt(sum(r * r for r in residuals) / (n - 2) / sxx) if n > 2 else math.nan
    return {"slope": slope * 100, "stderr": stderr * 100}


def verdict(rss_slope: float, threshold: float, traced: bool) -> str:
    if traced:
        return "none: with --tracemalloc, RSS also holds a record of every live allocation"
    if math.isnan(rss_slope):
        return "none: fewer than two samples after the warm-up"
    if rss_slope < threshold:
        return f"no growth trend (RSS slope below {threshold:g} kB per 100 sales)"
    return f"GROWS: about {rss_slope:.0f} kB per 100 sales (threshold {threshold:g})"


def objects_note(trend: dict[str, dict[str, float]]) -> str:
    """Whether objects pile up: a kept sale would add dozens of gc-tracked objects each time."""
    return (f"gc-tracked objects {trend['gc_objects']['slope']:+.0f} ± {trend['gc_objects']['stderr']:.0f}, "
            f"Qt objects {trend['qt_objects']['slope']:+.0f} per 100 sales")


# -- the run --------------------------------------------------------------------------------------

def soak(sales: int, every: int, warmup: int, trace: bool, trim: bool) -> dict[str, Any]:
    home = Path(tempfile.mkdtemp(prefix="pos-bench-soak-"))
    sandbox = SandboxProcess()
    # PosAPI's sandbox in a process of its own as well: embedded, it kept every receipt (as a PosAPI keeps them)
    # in the till's process, about 6 kB a sale, which the till's trend then showed as its own growth.
    posapi = ServerProcess("pos_app.sandbox.posapi", ["--port", "0"], "posapi sandbox listening on ",
                           label="the PosAPI sandbox")
    till: Till | None = None
    samples: list[dict[str, Any]] = []
    failure = None
    types_after_warmup: Counter[str] = Counter()
    grown_lines: list[dict[str, Any]] = []
    began = time.perf_counter()
    try:
        till = start_till(home, sandbox.url, FAST_SCHEDULE, posapi.url)
        samples.append(sample(till, 0, sandbox, began, trim))
        log(f"start: RSS {samples[-1]['rss_kb'] / 1024:.1f} MB")
        snapshot = None
        for number in range(1, sales + 1):
            try:
                quick_sale(till)
            except Exception as exc:  # noqa: BLE001 - the run stops; the samples so far are still reported
                failure = f"sale {number}: {type(exc).__name__}: {exc}"
                log(failure)
                break
            if number % every == 0 or number == sales:
                samples.append(sample(till, number, sandbox, began, trim))
                log(f"{number} sales, {samples[-1]['elapsed_s']:.0f} s: RSS {samples[-1]['rss_kb'] / 1024:.1f} MB, "
                    f"{samples[-1]['gc_objects']} gc objects, {samples[-1]['qt_objects']} Qt objects")
            if number == warmup:
                types_after_warmup = type_counts()
                if trace:
                    tracemalloc.start(TRACE_FRAMES)
                    snapshot = tracemalloc.take_snapshot()
        if snapshot is not None:  # before the type count below, so its own strings are not in the diff
            grown_lines = _grown_lines(snapshot, tracemalloc.take_snapshot())
            tracemalloc.stop()
        types_grown = _growth(types_after_warmup, type_counts()) if types_after_warmup else []
    finally:
        if till is not None:
            stop_till(till)
        sandbox.stop()
        posapi.stop()
        shutil.rmtree(home, ignore_errors=True)
    return {"samples": samples, "failure": failure, "types_grown": types_grown, "lines_grown": grown_lines}


def _growth(before: Counter[str], after: Counter[str]) -> list[dict[str, Any]]:
    changes = [(after[name] - before[name], name) for name in set(before) | set(after)]
    grown = sorted((c for c in changes if c[0] > 0), reverse=True)[:TOP_TYPES]
    return [{"type": name, "more": more, "at_end": after[name]} for more, name in grown]


def _grown_lines(before: tracemalloc.Snapshot, after: tracemalloc.Snapshot) -> list[dict[str, Any]]:
    harness = tracemalloc.Filter(False, __file__)  # the samples list and this script's own bookkeeping
    stats = after.filter_traces([harness]).compare_to(before.filter_traces([harness]), "traceback")
    grown: dict[str, dict[str, Any]] = {}
    for stat in stats:  # several call paths can end in the same two lines: add them up
        row = grown.setdefault(_where(stat.traceback), {"kb": 0.0, "blocks": 0})
        row["kb"] += stat.size_diff / 1024
        row["blocks"] += stat.count_diff
    top = sorted(grown.items(), key=lambda item: item[1]["kb"], reverse=True)[:TOP_TYPES]
    return [{"where": where, **row} for where, row in top if row["kb"] > 0]


def _where(traceback: tracemalloc.Traceback) -> str:
    """The allocating line, and the app's own line that led to it when that is another one."""
    innermost = traceback[-1]  # frames run from the oldest to the most recent
    text = f"{_short(innermost.filename)}:{innermost.lineno}"
    app_frame = next((frame for frame in reversed(traceback) if f"{os.sep}pos_app{os.sep}" in frame.filename), None)
    if app_frame is not None and (app_frame.filename, app_frame.lineno) != (innermost.filename, innermost.lineno):
        text += f" ← {_short(app_frame.filename)}:{app_frame.lineno}"
    return text


def _short(filename: str) -> str:
    for marker in (f"{os.sep}site-packages{os.sep}", f"{ROOT}{os.sep}", f"{sysconfig.get_paths()['stdlib']}{os.sep}"):
        if marker in filename:
            return filename.split(marker, 1)[1]
    return filename


def summarize(samples: list[dict[str, Any]], warmup: int, threshold: float, traced: bool) -> dict[str, Any]:
    after_warmup = [s for s in samples if s["sales"] >= warmup]
    keys = ("rss_kb", "c_heap_kb", "c_heap_free_kb", "sqlite_kb", "python_blocks", "gc_objects", "qt_objects",
            "open_files", "sandbox_rss_kb")
    trend = {key: slope_per_100(after_warmup, key) for key in keys if samples[0][key] is not None}
    sales_done = samples[-1]["sales"]
    seconds = samples[-1]["elapsed_s"] - samples[0]["elapsed_s"]
    return {"start": samples[0], "after_warmup": after_warmup[0] if after_warmup else None, "end": samples[-1],
            "trend_per_100_sales": trend, "samples_in_trend": len(after_warmup),
            "verdict": verdict(trend["rss_kb"]["slope"], threshold, traced), "objects": objects_note(trend),
            "sales_per_s": sales_done / seconds if seconds else math.nan}


# -- report ---------------------------------------------------------------------------------------

def mb(kb: float) -> str:
    return f"{kb / 1024:.1f}"


def _mb_or_na(kb: float | None) -> str:
    return "n/a" if kb is None else f"{kb / 1024:.2f}"


def markdown(result: dict[str, Any]) -> str:
    s, settings = result["summary"], result["settings"]
    lines = ["| sales | s | RSS MB | C heap in use MB | C heap free MB | SQLite MB | Python blocks | gc objects "
             "| Qt objects | threads | open files | sandbox RSS MB |",
             "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for row in result["samples"]:
        mark = " (warm-up)" if 0 < row["sales"] < settings["warmup"] else ""
        lines.append(f"| {row['sales']}{mark} | {row['elapsed_s']:.0f} | {mb(row['rss_kb'])} | {_mb_or_na(row['c_heap_kb'])} "
                     f"| {_mb_or_na(row['c_heap_free_kb'])} | {_mb_or_na(row['sqlite_kb'])} | {row['python_blocks']} "
                     f"| {row['gc_objects']} | {row['qt_objects']} | {row['threads']} | {row['open_files']} "
                     f"| {mb(row['sandbox_rss_kb'])} |")
    start, warm, end = s["start"], s["after_warmup"] or s["end"], s["end"]
    trend = s["trend_per_100_sales"]
    lines += ["", "| measure | start | after warm-up | end | slope per 100 sales after warm-up (± std. error) |",
              "|---|---:|---:|---:|---:|"]
    for label, key, unit in (("RSS", "rss_kb", "kB"), ("C heap in use (malloc)", "c_heap_kb", "kB"),
                             ("C heap free, kept by malloc", "c_heap_free_kb", "kB"), ("SQLite heap", "sqlite_kb", "kB"),
                             ("Python memory blocks", "python_blocks", ""),
                             ("gc-tracked objects", "gc_objects", ""), ("Qt objects", "qt_objects", ""),
                             ("open files", "open_files", ""), ("sandbox RSS (other process)", "sandbox_rss_kb", "kB")):
        if start[key] is None:
            continue  # SQLite's counter was not reachable
        shown = [f"{mb(row[key])} MB" if unit else str(row[key]) for row in (start, warm, end)]
        t = trend[key]
        lines.append(f"| {label} | {' | '.join(shown)} | {t['slope']:+.1f}{' ' + unit if unit else ''} "
                     f"(± {t['stderr']:.1f}) |")
    trimmed = " and `malloc_trim(0)`" if settings["malloc_trim_before_samples"] else ""
    lines += ["", f"**Verdict: {s['verdict']}**, fitted over the {s['samples_in_trend']} samples from sale "
              f"{settings['warmup']} on; {s['objects']}. {s['sales_per_s']:.1f} sales per second. Each sample "
              f"follows a full `gc.collect()`{trimmed}."]
    if result["types_grown"]:
        lines += ["", "| object type that grew most after warm-up | more | at the end |", "|---|---:|---:|"]
        lines += [f"| `{t['type']}` | {t['more']} | {t['at_end']} |" for t in result["types_grown"]]
    if result["lines_grown"]:
        lines += ["", "| source line whose memory grew most after warm-up (tracemalloc) | kB | blocks |",
                  "|---|---:|---:|"]
        lines += [f"| `{g['where']}` | {g['kb']:.1f} | {g['blocks']} |" for g in result["lines_grown"]]
    return "\n".join(lines)


def headline(result: dict[str, Any]) -> list[dict[str, str]]:
    s = result["summary"]
    start, warm, end = s["start"], s["after_warmup"] or s["end"], s["end"]
    trend = s["trend_per_100_sales"]
    return [
        {"area": "Memory", "measure": "RSS: start → after warm-up → end",
         "value": f"{mb(start['rss_kb'])} → {mb(warm['rss_kb'])} → {mb(end['rss_kb'])} MB",
         "note": f"{end['sales']} sales in one session, warm-up {result['settings']['warmup']} sales"},
        {"area": "Memory", "measure": "growth after warm-up",
         "value": f"{trend['rss_kb']['slope']:+.0f} kB / 100 sales",
         "note": f"{s['verdict']}; {s['objects']}"},
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sales", type=int, default=500, help="sales in the session")
    parser.add_argument("--sample-every", type=int, default=50, help="sales between samples")
    parser.add_argument("--warmup", type=int, default=250,
                        help="sales before the trend is fitted (the journal's SQLite cache fills in about 250)")
    parser.add_argument("--threshold-kb", type=float, default=DEFAULT_THRESHOLD_KB,
                        help="RSS slope (kB per 100 sales) below which there is no growth trend")
    parser.add_argument("--tracemalloc", action="store_true",
                        help="trace allocations after the warm-up and name the lines that grew (~4x slower)")
    parser.add_argument("--no-trim", action="store_true",
                        help="sample RSS as it is, without malloc_trim(0) first (more allocator noise)")
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT)
    args = parser.parse_args(argv)
    if not (args.sample_every > 0 and 0 <= args.warmup < args.sales):
        parser.error("need --sample-every > 0 and 0 <= --warmup < --sales")
    began = time.perf_counter()
    result: dict[str, Any] = {"settings": {"sales": args.sales, "sample_every": args.sample_every,
                                           "warmup": args.warmup, "threshold_kb_per_100_sales": args.threshold_kb,
                                           "tracemalloc": args.tracemalloc,
                                           "malloc_trim_before_samples": not args.no_trim and MALLOC_TRIM is not None,
                                           "schedule": "tests' FAST_SCHEDULE (first checks every 50 ms)",
                                           "payment": "Ctrl+Shift+P: training desk pays via the control API",
                                           "printer": "none, auto_print off", "sandbox": "second process",
                                           "posapi": "PosAPI sandbox, a process of its own"},
                              "python": platform.python_version(), "cpus": os.cpu_count()}
    result |= soak(args.sales, args.sample_every, args.warmup, args.tracemalloc, not args.no_trim)
    result["elapsed_s"] = time.perf_counter() - began
    result["load_average"] = os.getloadavg()
    result["summary"] = summarize(result["samples"], args.warmup, args.threshold_kb, args.tracemalloc)
    result["headline"] = headline(result)
    return finish(result, args.output, markdown(result))


if __name__ == "__main__":
    sys.exit(main())
