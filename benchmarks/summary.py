"""One table from every benchmark's JSON in benchmarks/results/, printed and written into the README.

    .venv/bin/python benchmarks/summary.py [--readme README.md] [--no-write]

`make bench` runs it last. Each benchmark keeps its own detailed tables; this picks the few numbers a
reader wants first, and says which run they came from. A benchmark whose JSON is missing gets a row
saying so, never an old number passed off as new.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from collections.abc import Callable
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from common import RESULTS, ROOT

START, END = "<!-- bench-summary:start -->", "<!-- bench-summary:end -->"
Row = tuple[str, str, str, str]  # area, measure, value, note


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.0f} ms"


def client_rows(r: dict[str, Any]) -> list[Row]:
    overhead, per_sale, logins = r["overhead"], r["requests_per_sale"], r["logins_per_1000_calls"]
    return [
        ("Client", "cost per call over a bare `requests` call",
         f"{overhead['overhead_us']:+.0f} µs ({overhead['ratio']:.2f}×)",
         f"median of {overhead['QPayClient']['calls']:,} checks each, alternating slices"),
        ("Client", "HTTP requests per sale", f"{per_sale['first_total']} first, {per_sale['second_total']} next",
         f"login, invoice, {per_sale['checks_before_payment'] + 1} checks, ebarimt; the token is reused"),
        ("Client", "logins per 1,000 calls", f"{logins['logins']} ({logins['refreshes']} refreshes)",
         "while the token lives"),
    ]


def start_rows(r: dict[str, Any]) -> list[Row]:
    ratios, met = r["ratios"], r["met"]

    def verdict(name: str) -> str:
        return f"{ratios[name]:.2f}× (goal ≤ {r['goals'][name]:g}×: {'met' if met[name] else 'NOT MET'})"

    return [
        ("Start", "first window shown (training / a real account)",
         f"{_ms(r['training']['window_shown_s'])} / {_ms(r['account']['window_shown_s'])}",
         f"{verdict('window')} a bare PySide6 window shown and closed ({_ms(r['bare_exit_s'])}); "
         f"median of {r['settings']['starts']}, in turn"),
        ("Start", "ready to sell, training: the cart takes items", _ms(r["training"]["open_s"]),
         f"{verdict('ready_training')}; the payment side up at {_ms(r['training']['ready_s'])} "
         f"({ratios['payments_training']:.1f}×: both sandboxes started)"),
        ("Start", "ready to sell, a real account", _ms(r["account"]["open_s"]),
         f"{verdict('ready_account')}; the payment side up at {_ms(r['account']['ready_s'])} "
         f"({ratios['payments_account']:.1f}×)"),
    ]


def gui_rows(r: dict[str, Any]) -> list[Row]:
    rows: list[Row] = []
    for latency, level in r["stalls"]["levels"].items():
        rows.append(("GUI", f"longest GUI-thread stall in a sale, {int(latency) / 1000:g} s service latency",
                     f"{level['stall_max_ms']:.0f} ms (median {level['stall_median_ms']:.0f} ms)",
                     f"{level['sales']} sales; a 5 ms timer's lateness"))
    return rows


def sandbox_rows(r: dict[str, Any]) -> list[Row]:
    checks = [row for row in r["results"] if row["endpoint"] == "POST /v2/payment/check"]
    busiest = max(checks, key=lambda row: row["concurrency"])
    floor = next((row for row in r["ratios"] if row["concurrency"] == busiest["concurrency"]
                  and row["baseline"] == "GET /v2/_floor"), None)
    note = f"{busiest['concurrency']} client threads in another process; {busiest['errors']} errors"
    if floor is not None:
        note += f"; {floor['server_cpu_check_over_baseline']:.2f}× the CPU of the cheapest answer"
    return [("Sandbox", "payment check under load: throughput, p99",
             f"{busiest['throughput_rps']:,.0f} req/s, {busiest['p99_ms']:.1f} ms", note)]


def journal_rows(r: dict[str, Any]) -> list[Row]:
    results = r["results"]
    steps = {name: row for name, row in results["steps"].items() if not name.startswith("whole sale")}
    whole = next(row for name, row in results["steps"].items() if name.startswith("whole sale"))
    medians = [row["median_ms"] for row in steps.values()]
    p99s = [row["p99_ms"] for row in steps.values()]
    ratios = [row["over_bare_full"] for row in results["ratios"].values()]
    return [
        ("Journal", "write per step, median / p99",
         f"{min(medians):.2f}–{max(medians):.2f} ms / {min(p99s):.2f}–{max(p99s):.2f} ms",
         f"{len(steps)} steps, {r['settings']['sales']:,} sales; {min(ratios):.1f}–{max(ratios):.1f}× a bare "
         "INSERT+COMMIT with the same fsync"),
        ("Journal", "a whole sale's writes", f"{whole['median_ms']:.2f} ms median", "5 steps, WAL, synchronous=FULL"),
    ]


def receipt_rows(r: dict[str, Any]) -> list[Row]:
    results = r["results"]
    generic = [row for row in results["escpos"] if row["printer"] == "generic"] or results["escpos"]
    render = max(row["render"]["median_ms"] for row in generic)
    size = max(row["bytes"] for row in generic)
    pdf = max(row["timing"]["median_ms"] for row in results["qt"] if row["output"] == "write_pdf")
    return [("Receipts", "ESC/POS render / Qt PDF of one receipt", f"{render:.0f} ms / {pdf:.0f} ms",
             f"up to {size / 1000:.0f} kB of ESC/POS with Cyrillic lines as pictures")]


def installer_rows(r: dict[str, Any]) -> list[Row]:
    return [("Installer", ".deb / installed bundle", f"{r['deb_mb']:.0f} MB / {r['bundle_mb']:.0f} MB", "PyInstaller"),
            ("Installer", "installed cold start → first window / ready",
             f"{_ms(r['installed']['window_shown_s'])} / {_ms(r['installed']['ready_s'])}",
             f"{r['installed_over_source']:.2f}× the source checkout's, median of {r['starts']}")]


def headline_rows(r: dict[str, Any]) -> list[Row]:
    return [(row["area"], row["measure"], row["value"], row.get("note", "")) for row in r["headline"]]


# In the order of the README's table; each name is benchmarks/results/<name>.json.
SOURCES: dict[str, Callable[[dict[str, Any]], list[Row]]] = {
    "client_overhead": client_rows,
    "payment_detection": headline_rows,
    "start": start_rows,
    "gui_responsiveness": gui_rows,
    "scan_latency": headline_rows,
    "catalog_search": headline_rows,
    "memory_soak": headline_rows,
    "sandbox_check": sandbox_rows,
    "journal_write": journal_rows,
    "store": headline_rows,
    "store_scale": headline_rows,
    "store_floor": headline_rows,
    "receipt_print": receipt_rows,
    "installed_start": installer_rows,
}


def collect(results: Path) -> list[Row]:
    rows: list[Row] = []
    for name, extract in SOURCES.items():
        path = results / f"{name}.json"
        if not path.is_file():
            rows.append((name, "not measured", "—", f"no {path.name}: run make bench"))
            continue
        try:
            rows += extract(json.loads(path.read_text(encoding="utf-8")))
        except (KeyError, TypeError, ValueError, StopIteration) as error:
            rows.append((name, "unreadable result", "—", f"{path.name}: {type(error).__name__} {error}"))
    return rows


def whole_run(results: Path) -> str:
    """How long make bench took, from the stamp it leaves at its start."""
    try:
        started = int((results / "started_at").read_text().strip())
    except (OSError, ValueError):
        return ""
    seconds = time.time() - started
    return f" in {int(seconds // 60)} min {int(seconds % 60):02d} s"


def table(rows: list[Row], took: str = "") -> str:
    stamp = datetime.now(timezone.utc).strftime("%Y-%m-%d")
    load = ", ".join(f"{value:.1f}" for value in os.getloadavg()) if hasattr(os, "getloadavg") else "n/a"
    lines = ["| area | measure | value | how |", "|---|---|---:|---|"]
    lines += [f"| {area} | {measure} | {value} | {note} |" for area, measure, value, note in rows]
    lines.append(f"\n`make bench`{took}, {stamp}: {os.cpu_count()} CPUs, Python {platform.python_version()}, "
                 f"load average {load} at the end. Shared machine: compare within one run (the ratios), "
                 "not across runs; details in [benchmarks/README.md](benchmarks/README.md).")
    return "\n".join(lines)


def write_into(readme: Path, text: str) -> None:
    content = readme.read_text(encoding="utf-8")
    if START not in content or END not in content:
        raise SystemExit(f"{readme}: the markers {START} and {END} are missing")
    before, rest = content.split(START, 1)
    after = rest.split(END, 1)[1]
    readme.write_text(f"{before}{START}\n{text}\n{END}{after}", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--results", type=Path, default=RESULTS)
    parser.add_argument("--readme", type=Path, default=ROOT / "README.md")
    parser.add_argument("--no-write", action="store_true", help="print only")
    args = parser.parse_args(argv)
    text = table(collect(args.results), whole_run(args.results))
    print(text)
    if not args.no_write:
        write_into(args.readme, text)
        print(f"written into {args.readme}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
