"""Printing a receipt: what building, rendering and sending one costs, ESC/POS and Qt side by side.

One issued sale (an individual's, with its ebarimt QR code) from the receipt
samples (`pos_app.receipts.samples`), made through a real `Journal` in a
temporary folder, and its layout `sale_receipt(...)`. Measured in one run,
every operation once per round, the order rotated each round so drift on a
shared machine hits all of them alike:

1. ESC/POS rendering: `render_escpos(layout, Dummy(profile=...), paper)` on
   80 and 58 mm paper for a generic printer, for a model whose python-escpos
   profile declares the RK1048 code page (TM-T20II, which the back end's own
   documentation names; else the first such model) and for a generic printer
   with `text_as_image=True`. Median ms and bytes per receipt, against a naive
   job: the layout's plain text (`layout.text()`) through `Dummy().text()`
   (python-escpos's MagicEncode, "?" for what it cannot encode) and a cut.
   Also the first receipt of a process: the same render with the renderer's
   caches (code page tables, character cells, fonts) cleared before each try.
2. Sending: the seconds the bytes take on a serial line at 9600 and 115200
   baud (bytes x 10 / baud, 8N1, the printer's own speed not counted); a raw
   send over loopback TCP to a local server thread (connect, sendall, close
   for writing, until the server has read every byte); and the app's whole
   `send_escpos(...)` to `network:127.0.0.1:PORT` (render, connect, the paper
   status query, which the server answers "paper present", the send and the
   close, until the server has read every byte). The server is a thread of
   this process, so it shares the GIL with the sender.
3. Qt (QT_QPA_PLATFORM=offscreen): `qt_out.write_pdf([layout], path, paper)`
   and `qt_out.receipt_image(layout, paper, 203)`, median ms, the PDF's size,
   and the first call of each in the process (the bundled fonts registered).
4. Building the layout: `sale_receipt(...)` for the individual's receipt, an
   organization's and a reprint (copy), in µs, against `journal.queries.get(number)`,
   the journal read a reprint does first.

    .venv/bin/python benchmarks/receipt_print.py [--rounds 120] [--cold 5] [--max-seconds 30] [--json PATH]

Prints Markdown tables on stdout (progress on stderr); writes JSON only when
`--json` is given. No pass/fail on the numbers: the ratios within one run are
what to compare. Exits 1 if something failed (a send that did not arrive
whole, a render that printed different bytes on a second try).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import queue
import socket
import statistics
import sys
import tempfile
import threading
import time
import traceback
from dataclasses import dataclass
from datetime import datetime, timezone
from importlib import metadata
from pathlib import Path
from typing import Any, Callable

os.environ["QT_QPA_PLATFORM"] = "offscreen"   # before any Qt import (pos_app.receipts.layout imports QtCore)

from common import ROOT, percentile  # noqa: E402

sys.path.insert(0, str(ROOT))
from escpos.capabilities import CAPABILITIES  # noqa: E402
from escpos.constants import RT_STATUS_PAPER  # noqa: E402
from escpos.printer import Dummy  # noqa: E402
from PySide6 import __version__ as PYSIDE_VERSION  # noqa: E402
from PySide6.QtCore import qVersion  # noqa: E402
from PySide6.QtGui import QGuiApplication  # noqa: E402

from pos_app.journal import Journal  # noqa: E402
from pos_app.receipts import escpos_out, qt_out, text_image  # noqa: E402
from pos_app.receipts.connections import parse_target, printer_models, send_escpos  # noqa: E402
from pos_app.receipts.escpos_out import make_profile, render_escpos  # noqa: E402
from pos_app.receipts.layout import Paper, ReceiptLayout, sale_receipt  # noqa: E402
from pos_app.receipts.samples import ORGANIZATION, PRINTED_AT, SHOP, Sales, SteppingClock  # noqa: E402

PREFERRED_RK1048_MODEL = "TM-T20II"
BAUD_RATES = (9600, 115200)
BITS_PER_BYTE = 10                  # 8N1: a start bit, 8 data bits, a stop bit
PAPER_PRESENT = b"\x12"            # a real-time status byte with the paper-end bits clear
LAYOUT_CALLS_PER_ROUND = 20
BASELINE = "baseline: `Dummy().text(layout.text())` + `cut()`"


def progress(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def rk1048_models() -> list[str]:
    return [model for model in printer_models()
            if "RK1048" in CAPABILITIES["profiles"][model].get("codePages", {}).values()]


# ---------------------------------------------------------------------------
# A printer on loopback: reads every job, answers the paper status query
# ---------------------------------------------------------------------------
class LoopbackPrinter:
    """A TCP server on 127.0.0.1 (a thread): takes one connection at a time, answers DLE EOT 4 (the paper
    sensor query, when a job starts with it) with "paper present", reads to the end and puts the job's
    bytes (without the query) on `jobs`."""

    def __init__(self) -> None:
        self.server = socket.create_server(("127.0.0.1", 0), backlog=8)
        self.server.settimeout(0.2)
        self.port = self.server.getsockname()[1]
        self.jobs: queue.Queue[bytes | BaseException] = queue.Queue()
        self._stop = threading.Event()
        self.thread = threading.Thread(target=self._serve, name="loopback-printer", daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        while not self._stop.is_set():
            try:
                connection, _ = self.server.accept()
            except (socket.timeout, TimeoutError):
                continue
            except OSError:
                return
            try:
                self.jobs.put(self._read_job(connection))
            except Exception as error:     # noqa: BLE001 - reported by the sender
                self.jobs.put(error)
            finally:
                connection.close()

    @staticmethod
    def _read_job(connection: socket.socket) -> bytes:
        connection.settimeout(10)
        received = bytearray()
        answered = 0
        while True:
            chunk = connection.recv(1 << 16)
            if not chunk:
                break
            received += chunk
            # Each paper status query is answered, as a real printer does once it has read what came before it:
            # the till asks before the job and again after it (its confirmation that the whole job was taken).
            asked = received.count(RT_STATUS_PAPER)
            if asked > answered:
                connection.sendall(PAPER_PRESENT * (asked - answered))
                answered = asked
        job = bytes(received)                 # the job itself: without the queries before and after it
        job = job.removeprefix(RT_STATUS_PAPER)
        return job.removesuffix(RT_STATUS_PAPER)

    def job(self, timeout: float = 10.0) -> bytes:
        result = self.jobs.get(timeout=timeout)
        if isinstance(result, BaseException):
            raise RuntimeError(f"the loopback printer failed: {result!r}")
        return result

    def send_raw(self, data: bytes) -> bytes:
        """Connect, send, close for writing, wait until the server has read everything; what it read."""
        with socket.create_connection(("127.0.0.1", self.port), timeout=10) as sock:
            sock.sendall(data)
            sock.shutdown(socket.SHUT_WR)
            return self.job()

    def close(self) -> None:
        self._stop.set()
        self.server.close()
        self.thread.join(timeout=5)


# ---------------------------------------------------------------------------
# What is measured
# ---------------------------------------------------------------------------
@dataclass
class Variant:
    """One ESC/POS job: a paper, a printer model and whether text goes as pictures."""

    paper: Paper
    printer: str          # as the table names it
    model: str
    text_as_image: bool

    @property
    def key(self) -> str:
        return f"escpos {self.paper.value} mm {self.printer}"

    def render(self, layout: ReceiptLayout, profile) -> bytes:
        dummy = Dummy(profile=profile)
        render_escpos(layout, dummy, self.paper, text_as_image=self.text_as_image)
        return dummy.output


class Samples:
    """Wall time in ms per named operation."""

    def __init__(self) -> None:
        self.ms: dict[str, list[float]] = {}

    def time(self, name: str, call: Callable[[], Any]) -> Any:
        start = time.perf_counter_ns()
        result = call()
        self.ms.setdefault(name, []).append((time.perf_counter_ns() - start) / 1e6)
        return result

    def median(self, name: str) -> float:
        return statistics.median(self.ms[name])

    def summary(self, name: str) -> dict[str, Any]:
        values = sorted(self.ms.get(name, []))
        if not values:
            return {"count": 0}
        return {"count": len(values), "median_ms": statistics.median(values), "min_ms": values[0],
                "p90_ms": percentile(values, 0.9), "max_ms": values[-1]}


def clear_render_caches() -> int:
    """Empty every functools cache of the ESC/POS renderer's modules (code page tables, character cells,
    fonts): the state of a till's first receipt. Returns how many were cleared."""
    cleared = 0
    for module in (escpos_out, text_image):
        for value in list(vars(module).values()):
            if callable(getattr(value, "cache_clear", None)) and getattr(value, "__module__", "") == module.__name__:
                value.cache_clear()
                cleared += 1
    return cleared


def raster_stats(data: bytes) -> tuple[int, int] | None:
    """(pictures, bytes in them) of a job: its GS v 0 commands, walked over so picture data is not read as
    commands. None when the walk runs off the end (not the stream this benchmark knows)."""
    pictures = raster = 0
    index = 0
    while index < len(data):
        if data[index:index + 3] == b"\x1dv0":
            if index + 8 > len(data):
                return None
            width = int.from_bytes(data[index + 4:index + 6], "little")
            height = int.from_bytes(data[index + 6:index + 8], "little")
            size = 8 + width * height
            if index + size > len(data):
                return None
            pictures += 1
            raster += size
            index += size
        else:
            index += 1
    return pictures, raster


def baseline_job(layout: ReceiptLayout) -> bytes:
    dummy = Dummy()
    dummy.text(layout.text())
    dummy.cut()
    return dummy.output


def run(args: argparse.Namespace, folder: Path) -> dict[str, Any]:
    app = QGuiApplication.instance() or QGuiApplication([])  # noqa: F841 - Qt needs it alive for its fonts
    journal = Journal(folder / "journal.sqlite3", "T1", clock=SteppingClock())
    sink = LoopbackPrinter()
    problems: list[str] = []
    try:
        sales = Sales(journal)
        individual, organization = sales.issued(), sales.issued(ORGANIZATION)
        layout = sale_receipt(individual, SHOP, PRINTED_AT)

        candidates = rk1048_models()
        if not candidates:
            raise RuntimeError("no python-escpos profile declares RK1048")
        rk_model = PREFERRED_RK1048_MODEL if PREFERRED_RK1048_MODEL in candidates else candidates[0]
        variants = [variant for paper in (Paper.MM80, Paper.MM58) for variant in (
            Variant(paper, "generic", "default", False),
            Variant(paper, f"{rk_model} (RK1048)", rk_model, False),
            Variant(paper, "generic, text_as_image", "default", True))]
        profiles = {variant.key: make_profile(variant.paper, variant.model) for variant in variants}
        target = parse_target(f"network:127.0.0.1:{sink.port}")
        pdf_paths = {paper: folder / f"receipt-{paper.value}mm.pdf" for paper in Paper}

        samples = Samples()
        expected: dict[str, bytes] = {}

        # 1. The first receipt of a process: caches cleared before each try (interleaved).
        progress(f"first-receipt renders, caches cleared, {args.cold} of each")
        for attempt in range(args.cold):
            for variant in variants[attempt % len(variants):] + variants[:attempt % len(variants)]:
                clear_render_caches()
                output = samples.time(f"cold {variant.key}",
                                      lambda v=variant: v.render(layout, profiles[v.key]))
                expected.setdefault(variant.key, output)
        samples.time("first write_pdf", lambda: qt_out.write_pdf([layout], pdf_paths[Paper.MM80], Paper.MM80))
        samples.time("first receipt_image", lambda: qt_out.receipt_image(layout, Paper.MM80, 203))
        expected[BASELINE] = baseline_job(layout)

        # 2. Everything, side by side: one of each per round, the order rotated each round.
        tasks: list[tuple[str, Callable[[], Any]]] = []

        def add(name: str, call: Callable[[], Any]) -> None:
            tasks.append((name, call))

        def check_same(name: str, key: str) -> Callable[[bytes], None]:
            def check(output: bytes) -> None:
                if output != expected[key]:
                    problems.append(f"{name}: {len(output)} bytes, not the {len(expected[key])} expected")
            return check

        checks: dict[str, Callable[[Any], None]] = {}
        for variant in variants:
            key = variant.key
            add(f"render {key}", lambda v=variant: v.render(layout, profiles[v.key]))
            checks[f"render {key}"] = check_same(f"render {key}", key)
            add(f"tcp {key}", lambda k=key: sink.send_raw(expected[k]))
            checks[f"tcp {key}"] = check_same(f"loopback send {key}", key)

            def whole_send(v: Variant = variant) -> bytes:
                send_escpos([layout], target, v.paper, model=v.model, text_as_image=v.text_as_image,
                            timeout=5.0, status_timeout=2.0)
                return sink.job()
            add(f"send_escpos {key}", whole_send)
            checks[f"send_escpos {key}"] = check_same(f"send_escpos {key}", key)
        add(f"render {BASELINE}", lambda: baseline_job(layout))
        checks[f"render {BASELINE}"] = check_same("baseline", BASELINE)
        add(f"tcp {BASELINE}", lambda: sink.send_raw(expected[BASELINE]))
        checks[f"tcp {BASELINE}"] = check_same("loopback send baseline", BASELINE)
        for paper in (Paper.MM80, Paper.MM58):
            add(f"write_pdf {paper.value}", lambda p=paper: qt_out.write_pdf([layout], pdf_paths[p], p))
            add(f"receipt_image {paper.value}", lambda p=paper: qt_out.receipt_image(layout, p, 203))
        layouts = {"`sale_receipt`, individual": lambda: sale_receipt(individual, SHOP, PRINTED_AT),
                   "`sale_receipt`, organization": lambda: sale_receipt(organization, SHOP, PRINTED_AT),
                   "`sale_receipt(copy=True)`, reprint": lambda: sale_receipt(individual, SHOP, PRINTED_AT,
                                                                             copy=True),
                   "`journal.queries.get(number)` (what a reprint reads first)": lambda: journal.queries.get(individual.number)}

        def layout_block() -> None:
            for _ in range(LAYOUT_CALLS_PER_ROUND):
                for name, call in layouts.items():
                    samples.time(f"layout {name}", call)
        tasks.append(("layout", layout_block))

        def one_round(measure: bool, shift: int = 0) -> None:
            for name, call in tasks[shift:] + tasks[:shift]:
                if name == "layout":
                    if measure:
                        call()
                    else:
                        for build in layouts.values():
                            build()
                    continue
                result = samples.time(name, call) if measure else call()
                if name in checks:
                    checks[name](result)

        progress(f"warm-up: {args.warmup} rounds")
        for _ in range(args.warmup):
            one_round(False)
        progress(f"measuring: up to {args.rounds} rounds, {len(tasks)} operations each")
        began = time.perf_counter()
        rounds = 0
        while rounds < args.rounds:
            one_round(True, rounds % len(tasks))
            rounds += 1
            elapsed = time.perf_counter() - began
            if rounds % 10 == 0:
                progress(f"  {rounds}/{args.rounds} rounds, {elapsed:.1f} s")
            if elapsed > args.max_seconds and rounds < args.rounds:
                progress(f"  stopping after {rounds} rounds: --max-seconds {args.max_seconds:g} reached")
                break
        measure_s = time.perf_counter() - began
        if problems:
            raise RuntimeError("; ".join(sorted(set(problems))[:10]))
    finally:
        sink.close()
        journal.close()

    # -- results ---------------------------------------------------------------
    base_ms = samples.median(f"render {BASELINE}")
    base_bytes = len(expected[BASELINE])
    escpos = []
    for variant in variants:
        key = variant.key
        data = expected[key]
        pictures = raster_stats(data)
        escpos.append({
            "paper_mm": variant.paper.value, "printer": variant.printer, "model": variant.model,
            "text_as_image": variant.text_as_image, "bytes": len(data),
            "pictures": pictures[0] if pictures else None, "picture_bytes": pictures[1] if pictures else None,
            "render": samples.summary(f"render {key}"), "render_caches_cleared": samples.summary(f"cold {key}"),
            "render_over_baseline": samples.median(f"render {key}") / base_ms,
            "bytes_over_baseline": len(data) / base_bytes,
            "serial_s": {str(baud): len(data) * BITS_PER_BYTE / baud for baud in BAUD_RATES},
            "loopback_tcp": samples.summary(f"tcp {key}"),
            "send_escpos_loopback": samples.summary(f"send_escpos {key}"),
        })
    baseline = {"bytes": base_bytes, "render": samples.summary(f"render {BASELINE}"),
                "serial_s": {str(baud): base_bytes * BITS_PER_BYTE / baud for baud in BAUD_RATES},
                "loopback_tcp": samples.summary(f"tcp {BASELINE}")}
    generic_ms = {variant.paper.value: samples.median(f"render {variant.key}")
                  for variant in variants if variant.model == "default" and not variant.text_as_image}
    qt = []
    for paper in (Paper.MM80, Paper.MM58):
        image = qt_out.receipt_image(layout, paper, 203)
        qt.append({"output": "write_pdf", "paper_mm": paper.value, "bytes": pdf_paths[paper].stat().st_size,
                   "timing": samples.summary(f"write_pdf {paper.value}"),
                   "over_escpos_generic": samples.median(f"write_pdf {paper.value}") / generic_ms[paper.value]})
        qt.append({"output": "receipt_image (203 dpi)", "paper_mm": paper.value,
                   "pixels": f"{image.width()} x {image.height()}",
                   "timing": samples.summary(f"receipt_image {paper.value}"),
                   "over_escpos_generic": samples.median(f"receipt_image {paper.value}") / generic_ms[paper.value]})
    first = {"write_pdf 80 mm": samples.ms["first write_pdf"][0],
             "receipt_image 80 mm": samples.ms["first receipt_image"][0]}
    read_ms = samples.median("layout `journal.queries.get(number)` (what a reprint reads first)")
    layout_rows = {name: {**samples.summary(f"layout {name}"),
                          "over_journal_get": samples.median(f"layout {name}") / read_ms} for name in layouts}
    return {"rk1048_model": rk_model, "rk1048_models": candidates, "rounds": rounds, "measure_s": measure_s,
            "escpos": escpos, "baseline": baseline, "qt": qt, "qt_first_call_ms": first, "layout": layout_rows,
            "layout_blocks": len(layout.blocks), "layout_text_chars": len(layout.text())}


# ---------------------------------------------------------------------------
# Report
# ---------------------------------------------------------------------------
def _ms(value: float) -> str:
    return f"{value:.3f}" if value < 1 else f"{value:.2f}" if value < 10 else f"{value:.1f}"


def _s(value: float) -> str:
    return f"{value:.3f}" if value < 1 else f"{value:.2f}" if value < 10 else f"{value:.1f}"


def _bytes(value: int) -> str:
    return f"{value:,} ({value / 1024:.1f} KiB)" if value >= 1024 else f"{value} B"


def markdown(report: dict[str, Any]) -> str:
    r, m = report["results"], report["machine"]
    others = [model for model in r["rk1048_models"] if model != r["rk1048_model"]]
    lines = [f"Receipt: an individual's issued sale from `pos_app.receipts.samples` ({r['layout_blocks']} blocks, "
             f"{r['layout_text_chars']} characters of text, a 120-digit QR). {r['rounds']} rounds, each "
             f"operation once a round in rotating order; medians. RK1048 model: **{r['rk1048_model']}** "
             f"(also declaring RK1048: {', '.join(others) or 'none'}).", "",
             "ESC/POS rendering into `Dummy` (`render_escpos`), against the naive plain-text job:", "",
             "| paper | printer | median ms | p90 ms | caches cleared ms | × baseline time | bytes "
             "| × baseline bytes | pictures (bytes in them) |",
             "|---|---|---:|---:|---:|---:|---:|---:|---:|"]
    base = r["baseline"]
    for row in r["escpos"]:
        pictures = ("n/a" if row["pictures"] is None
                    else f"{row['pictures']} ({row['picture_bytes'] / row['bytes']:.0%})")
        lines.append(f"| {row['paper_mm']} mm | {row['printer']} | {_ms(row['render']['median_ms'])} "
                     f"| {_ms(row['render']['p90_ms'])} | {_ms(row['render_caches_cleared']['median_ms'])} "
                     f"| {row['render_over_baseline']:.1f}x | {_bytes(row['bytes'])} "
                     f"| {row['bytes_over_baseline']:.0f}x | {pictures} |")
    lines.append(f"| any | {BASELINE} | {_ms(base['render']['median_ms'])} | {_ms(base['render']['p90_ms'])} "
                 f"| | 1x | {_bytes(base['bytes'])} | 1x | 0 |")
    lines.append("\nThe baseline is not a usable receipt: no wrapping, no large type, no QR picture, and \"?\" "
                 "for Ө, Ү and ₮. Pictures: GS v 0 raster commands, each a text line no trusted code page spells "
                 "(or every line, with text_as_image) plus the QR code; \"caches cleared\": a till's first "
                 f"receipt (median of {report['settings']['cold']}, every functools cache of `escpos_out` and "
                 "`text_image` emptied before each try).")
    lines += ["", "Sending one receipt's bytes (serial: bytes × 10 / baud; loopback: a local server thread, "
              "timed until it has read every byte):", "",
              "| paper | printer | 9600 baud s | 115200 baud s | raw loopback TCP ms "
              "| `send_escpos` to `network:127.0.0.1` ms | × its render |",
              "|---|---|---:|---:|---:|---:|---:|"]
    for row in r["escpos"]:
        whole = row["send_escpos_loopback"]["median_ms"]
        lines.append(f"| {row['paper_mm']} mm | {row['printer']} | {_s(row['serial_s']['9600'])} "
                     f"| {_s(row['serial_s']['115200'])} | {_ms(row['loopback_tcp']['median_ms'])} "
                     f"| {_ms(whole)} | {whole / row['render']['median_ms']:.2f}x |")
    lines.append(f"| any | baseline | {_s(base['serial_s']['9600'])} | {_s(base['serial_s']['115200'])} "
                 f"| {_ms(base['loopback_tcp']['median_ms'])} | | |")
    lines += ["", "Qt (offscreen), 203 dpi picture and 300 dpi PDF:", "",
              "| output | paper | median ms | p90 ms | size | × ESC/POS generic render, same paper |",
              "|---|---|---:|---:|---:|---:|"]
    for row in r["qt"]:
        size = _bytes(row["bytes"]) if "bytes" in row else f"{row['pixels']} px"
        lines.append(f"| `{row['output']}` | {row['paper_mm']} mm | {_ms(row['timing']['median_ms'])} "
                     f"| {_ms(row['timing']['p90_ms'])} | {size} | {row['over_escpos_generic']:.1f}x |")
    first = r["qt_first_call_ms"]
    lines.append("\nFirst call in the process (registers the bundled fonts): "
                 + ", ".join(f"`{name}` {_ms(value)} ms" for name, value in first.items()) + ".")
    lines += ["", "Building the layout:", "", "| call | calls | median µs | p90 µs | × `journal.queries.get` |",
              "|---|---:|---:|---:|---:|"]
    for name, row in r["layout"].items():
        lines.append(f"| {name} | {row['count']:,} | {row['median_ms'] * 1000:.0f} | {row['p90_ms'] * 1000:.0f} "
                     f"| {row['over_journal_get']:.2f}x |")
    lines.append(f"\nMeasuring took {r['measure_s']:.1f} s; whole run {report['elapsed_s']:.1f} s. "
                 f"Python {m['python']}, PySide6 {m['pyside6']} (Qt {m['qt']}), python-escpos {m['escpos']}, "
                 f"{m['cpus']} CPUs, load average {', '.join(f'{v:.2f}' for v in m['load_average'] or [])}.")
    return "\n".join(lines)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=120, help="measured rounds (each operation once a round)")
    parser.add_argument("--warmup", type=int, default=3, help="unmeasured rounds first")
    parser.add_argument("--cold", type=int, default=5, help="renders of each job with the caches cleared")
    parser.add_argument("--max-seconds", type=float, default=30.0,
                        help="stop measuring after this long even if --rounds are not done")
    parser.add_argument("--json", type=Path, default=None, help="also write the numbers as JSON here")
    args = parser.parse_args(argv)
    if args.rounds < 1 or args.warmup < 0 or args.cold < 1 or args.max_seconds <= 0:
        parser.error("--rounds and --cold must be at least 1, --warmup at least 0, --max-seconds above 0")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    began = time.perf_counter()
    try:
        with tempfile.TemporaryDirectory(prefix="receipt-bench-") as tmp:
            results = run(args, Path(tmp))
    except Exception:
        traceback.print_exc()
        print("receipt_print: failed", file=sys.stderr)
        return 1
    report = {
        "benchmark": "receipt printing: layout, ESC/POS render and send, Qt PDF and picture",
        "measured_at": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "settings": {"rounds": args.rounds, "warmup": args.warmup, "cold": args.cold,
                     "max_seconds": args.max_seconds, "layout_calls_per_round": LAYOUT_CALLS_PER_ROUND},
        "machine": {"python": platform.python_version(), "pyside6": PYSIDE_VERSION, "qt": qVersion(),
                    "escpos": metadata.version("python-escpos"), "platform": platform.platform(),
                    "cpus": os.cpu_count(),
                    "load_average": list(os.getloadavg()) if hasattr(os, "getloadavg") else None},
        "results": results,
        "elapsed_s": time.perf_counter() - began,
    }
    print(markdown(report))
    if args.json is not None:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        progress(f"JSON: {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
