"""How soon the till shows a payment at the real poll pace, and what the waiting costs in requests.

1. Detection latency: a `PosApp` in this process (offscreen) against the sandbox in a second
   process, with the DEFAULT `PollSchedule()` (a check every second for the first minute). Each
   sale is typed on the keyboard (scan, F12). At a seeded random moment `--pay-from`..`--pay-to`
   seconds after the payment page shows (its phase within the 1 s poll interval stratified over the
   sales), the benchmark pays the invoice through the control API
   (`POST /_sandbox/invoices/{id}/pay`) on its own session, not through the till (Ctrl+Shift+P
   would check at once). Measured: from the sandbox's own payment time (`payment_date`, ms) to the
   sale flow's stage becoming PAID, right after the window has switched to the receipt page.
   Then Return (issue the receipt) and F2. One unmeasured sale goes first.
2. Requests per minute of waiting: the /v2/ requests the sandbox logged (`GET /_sandbox/requests`)
   between the payment page showing and the payment shown, over those minutes, side by side with
   what the schedule implies for the same waits.
3. Per phase of the schedule (first minute, to three minutes, after): the checks and requests per
   minute the `PollSchedule` implies, computed from the object itself (no minute-long waits), and
   the expected median detection: half the poll interval.

    .venv/bin/python benchmarks/payment_detection.py [--sales 16] [--pay-from 0.5] [--pay-to 3.5] [--seed 1]

Prints Markdown tables; writes JSON to benchmarks/results/payment_detection.json. No pass/fail on
the numbers: it exits non-zero only if a sale failed.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import shutil
import statistics
import sys
import tempfile
import time
from dataclasses import asdict
from datetime import datetime
from pathlib import Path
from typing import Any

import requests

from common import RESULTS, SandboxProcess, percentile
from till_driver import STEP_TIMEOUT, Till, finish, log, quick_sale, start_till, stop_till  # sets up Qt offscreen first

from PySide6.QtCore import Qt, QTimer
from pos_app.domain.poll import PollSchedule
from pos_app.domain.sale import Stage
from pos_app.ui.sale.flow.flow import STATUS_EVERY

DEFAULT_OUTPUT = RESULTS / "payment_detection.json"
AFTER_PHASE_SPAN = 600.0  # seconds of the last, open-ended phase to average over (its rate is constant)


# -- one measured sale --------------------------------------------------------------------------

def pay_later(control: requests.Session, url: str, invoice_id: str, delay: float, into: dict[str, Any]) -> QTimer:
    """Pay the invoice after *delay* seconds, from a timer on this thread (the event loop keeps turning)."""

    def pay() -> None:
        try:
            answer = control.post(f"{url}/_sandbox/invoices/{invoice_id}/pay", json={}, timeout=10)
            into["call_returned_at"] = time.time()
            answer.raise_for_status()
            # The sandbox's own clock (no offset in a fresh sandbox): when it marked the invoice paid.
            into["paid_at"] = datetime.fromisoformat(answer.json()["payment_date"]).timestamp()
        except Exception as exc:  # noqa: BLE001 - reported as the sale's failure
            into["error"] = f"{type(exc).__name__}: {exc}"

    # Precise: a coarse timer (Qt's default) may fire up to 5 % off to share a wake-up, and would snap
    # onto the whole second where the till's own 1 s poll timer fires, making detection look instant.
    timer = QTimer()
    timer.setSingleShot(True)
    timer.setTimerType(Qt.TimerType.PreciseTimer)
    timer.timeout.connect(pay)
    timer.start(max(0, round(delay * 1000)))
    return timer  # the caller keeps it alive until it has fired


def measured_sale(till: Till, control: requests.Session, url: str, pay_after: float) -> dict[str, Any]:
    till.charge()
    shown_at = till.stamps[Stage.AWAITING_PAYMENT]
    paid: dict[str, Any] = {}
    timer = pay_later(control, url, till.invoice_id, pay_after - (time.time() - shown_at), paid)
    till.wait("the payment to be shown", lambda: till.flow.stage is Stage.PAID or "error" in paid,
              timeout=pay_after + STEP_TIMEOUT)
    timer.stop()
    if "error" in paid:
        raise RuntimeError(f"paying through the control API failed: {paid['error']}")
    row = {"invoice_id": till.invoice_id, "pay_after_s": pay_after, "awaiting_at": shown_at,
           "paid_at": paid["paid_at"], "call_returned_at": paid["call_returned_at"],
           "shown_at": till.stamps[Stage.PAID]}
    row["detection_s"] = row["shown_at"] - row["paid_at"]
    row["detection_from_call_s"] = row["shown_at"] - row["call_returned_at"]
    row["waiting_s"] = row["shown_at"] - row["awaiting_at"]
    till.issue_and_next()
    return row


# -- requests during the waits ------------------------------------------------------------------

def requests_while_waiting(log_entries: list[dict[str, Any]], sale: dict[str, Any]) -> list[dict[str, Any]]:
    """The /v2/ requests that started while this sale's payment page waited."""
    return [entry for entry in log_entries if entry["path"].startswith("/v2/")
            and sale["awaiting_at"] <= entry["time"] <= sale["shown_at"]]


def check_gaps(seen: list[dict[str, Any]]) -> list[float]:
    """Seconds from one payment check's start to the next: the real poll period."""
    starts = sorted(entry["time"] for entry in seen if entry["path"] == "/v2/payment/check")
    return [later - earlier for earlier, later in zip(starts, starts[1:], strict=False)]


# -- what the schedule implies --------------------------------------------------------------------

def check_times(schedule: PollSchedule, until: float) -> list[float]:
    """Seconds after the payment page shows at which the flow checks, if each check took no time."""
    times, elapsed = [], 0.0
    while True:
        elapsed += schedule.next_delay(elapsed)
        if elapsed > until:
            return times
        times.append(elapsed)


def requests_for(check_count: int) -> int:
    """Every STATUS_EVERYth check also reads the invoice: one more request."""
    return check_count + check_count // STATUS_EVERY


def implied_for_payment(schedule: PollSchedule, paid_after: float) -> int:
    """Requests until the schedule's first check at or after the payment, which sees it."""
    times = check_times(schedule, paid_after + schedule.max_backoff)
    return requests_for(1 + sum(at < paid_after for at in times))


def schedule_phases(schedule: PollSchedule) -> list[dict[str, Any]]:
    """Checks and requests per minute in each phase, counted on the schedule's own check times."""
    phases = [("first minute", 0.0, schedule.fast_period),
              ("to three minutes", schedule.fast_period, schedule.medium_period),
              ("after", schedule.medium_period, schedule.medium_period + AFTER_PHASE_SPAN)]
    times = check_times(schedule, phases[-1][2])
    rows = []
    for name, low, high in phases:
        # Numbered from the first check of the sale: that is what decides the invoice reads.
        numbers = [n for n, at in enumerate(times, start=1) if low <= at < high]
        minutes = (high - low) / 60
        interval = schedule.next_delay(low)
        rows.append({"phase": name, "from_s": low, "to_s": None if name == "after" else high,
                     "interval_s": interval, "checks_per_min": len(numbers) / minutes,
                     "requests_per_min": (len(numbers) + sum(n % STATUS_EVERY == 0 for n in numbers)) / minutes,
                     "expected_detection_median_s": interval / 2})
    return rows


# -- the run --------------------------------------------------------------------------------------

def payment_moments(count: int, earliest: float, latest: float, interval: float, rng: random.Random) -> list[float]:
    """Seconds after the page shows: a random whole number of poll intervals into the window, plus a
    phase within the interval. The phases are stratified (one in each of *count* equal slices of the
    interval, in shuffled order), so a few sales cover every phase evenly: plain uniform draws bunch
    (with seed 1, 7 of 16 fell within one tenth of the interval, and the median came out at 0.22 s
    instead of about 0.5 s)."""
    whole_intervals = max(1, int((latest - earliest) // interval))
    phases = [(slot + rng.random()) / count * interval for slot in range(count)]
    rng.shuffle(phases)
    return [earliest + rng.randrange(whole_intervals) * interval + phase for phase in phases]


def run(sales: int, pay_from: float, pay_to: float, seed: int) -> dict[str, Any]:
    schedule = PollSchedule()  # the till's real pace, not the tests' fast one
    rng = random.Random(seed)
    home = Path(tempfile.mkdtemp(prefix="pos-bench-detect-"))
    sandbox = SandboxProcess()
    control = requests.Session()
    till: Till | None = None
    rows: list[dict[str, Any]] = []
    failure = None
    try:
        till = start_till(home, sandbox.url, schedule)
        quick_sale(till)
        moments = payment_moments(sales, pay_from, pay_to, schedule.fast_interval, rng)
        for number, pay_after in enumerate(moments, start=1):
            try:
                row = measured_sale(till, control, sandbox.url, pay_after)
            except Exception as exc:  # noqa: BLE001 - the run stops; what was measured is still reported
                failure = f"sale {number}: {type(exc).__name__}: {exc}"
                log(failure)
                break
            rows.append(row)
            log(f"sale {number}/{sales}: paid {pay_after:.2f} s after the page showed, "
                f"shown {row['detection_s'] * 1000:.0f} ms later")
        log_entries = control.get(f"{sandbox.url}/_sandbox/requests", timeout=10).json()
    finally:
        if till is not None:
            stop_till(till)
        sandbox.stop()
        shutil.rmtree(home, ignore_errors=True)
    gaps: list[float] = []
    for row in rows:
        seen = requests_while_waiting(log_entries, row)
        row["requests"] = len(seen)
        row["requests_by_path"] = _count_paths(seen)
        row["implied_requests"] = implied_for_payment(schedule, row["paid_at"] - row["awaiting_at"])
        gaps += check_gaps(seen)
    return {"sales": rows, "failure": failure, "check_gaps_s": gaps,
            "phases": schedule_phases(schedule),
            "summary": summarize(rows, gaps, schedule)}


def _count_paths(entries: list[dict[str, Any]]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for entry in entries:
        key = f"{entry['method']} {'/v2/invoice/{id}' if entry['path'].startswith('/v2/invoice/') else entry['path']}"
        counts[key] = counts.get(key, 0) + 1
    return counts


def _spread(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    if not ordered:
        return {"median": float("nan"), "p95": float("nan"), "min": float("nan"), "max": float("nan")}
    return {"median": statistics.median(ordered), "p95": percentile(ordered, 0.95),
            "min": ordered[0], "max": ordered[-1]}


def summarize(rows: list[dict[str, Any]], gaps: list[float], schedule: PollSchedule) -> dict[str, Any]:
    waiting_min = sum(r["waiting_s"] for r in rows) / 60
    requests_seen = sum(r["requests"] for r in rows)
    implied = sum(r["implied_requests"] for r in rows)
    detection = _spread([r["detection_s"] for r in rows])
    half_interval = schedule.fast_interval / 2
    period = statistics.median(gaps) if gaps else float("nan")
    return {
        "detection_s": detection,
        "detection_from_call_s": _spread([r["detection_from_call_s"] for r in rows]),
        "expected_median_s": half_interval,
        "median_over_expected": detection["median"] / half_interval,
        "median_minus_expected_s": detection["median"] - half_interval,
        "poll_period_median_s": period,
        "median_minus_half_period_s": detection["median"] - period / 2,
        "waiting_minutes": waiting_min,
        "requests_seen": requests_seen,
        "requests_per_waiting_min": requests_seen / waiting_min if waiting_min else float("nan"),
        "implied_requests": implied,
        "implied_per_waiting_min": implied / waiting_min if waiting_min else float("nan"),
        "measured_over_implied": requests_seen / implied if implied else float("nan"),
    }


# -- report ---------------------------------------------------------------------------------------

def markdown(result: dict[str, Any]) -> str:
    s, settings = result["summary"], result["settings"]
    ms = 1000
    lines = ["| paid → shown (PAID, receipt page current) | sales | median ms | p95 ms | min ms | max ms |",
             "|---|---:|---:|---:|---:|---:|"]
    for label, key in (("from the sandbox's payment time", "detection_s"),
                       ("from the pay call's return", "detection_from_call_s")):
        d = s[key]
        lines.append(f"| {label} | {len(result['sales'])} | {d['median'] * ms:.0f} | {d['p95'] * ms:.0f} | "
                     f"{d['min'] * ms:.0f} | {d['max'] * ms:.0f} |")
    lines += ["", "| compared with | ms | measured median / it | measured median − it, ms |", "|---|---:|---:|---:|",
              f"| half the poll interval ({settings['schedule']['fast_interval']:g} s): the expectation | "
              f"{s['expected_median_s'] * ms:.0f} | {s['median_over_expected']:.2f}× | "
              f"{s['median_minus_expected_s'] * ms:+.0f} |",
              f"| half the measured poll period (check start to check start: {s['poll_period_median_s'] * ms:.0f} ms) | "
              f"{s['poll_period_median_s'] / 2 * ms:.0f} | {s['detection_s']['median'] / (s['poll_period_median_s'] / 2):.2f}× | "
              f"{s['median_minus_half_period_s'] * ms:+.0f} |",
              "",
              f"Paid at a seeded random moment {settings['pay_from_s']:g}–{settings['pay_to_s']:g} s after the payment "
              f"page showed (seed {settings['seed']}; the phases within the poll interval stratified: one in each of "
              f"{len(result['sales'])} equal slices), "
              "so within the first minute (1 s checks). "
              f"p95 is nearest-rank over {len(result['sales'])} sales.", ""]
    lines += ["| phase of the default schedule | poll interval s | checks / min | /v2/ requests / min "
              "(every 10th check also reads the invoice) | expected detection median s |",
              "|---|---:|---:|---:|---:|"]
    for phase in result["phases"]:
        span = (f"{phase['from_s']:g}–{phase['to_s']:g} s" if phase["to_s"] is not None
                else f"{phase['from_s']:g} s on")
        lines.append(f"| {phase['phase']} ({span}) | {phase['interval_s']:g} | {phase['checks_per_min']:.1f} | "
                     f"{phase['requests_per_min']:.1f} | {phase['expected_detection_median_s']:.2f} |")
    lines.append(f"| **measured**: {len(result['sales'])} waits, {s['waiting_minutes'] * 60:.0f} s in all, "
                 f"first minute | {s['poll_period_median_s']:.3f} (period) | | **{s['requests_per_waiting_min']:.1f}** "
                 f"| {s['detection_s']['median']:.2f} |")
    lines += ["", f"Requests the sandbox saw while the till waited: {s['requests_seen']} in "
              f"{s['waiting_minutes'] * 60:.1f} s = {s['requests_per_waiting_min']:.1f} per minute of waiting. "
              f"The schedule implies {s['implied_requests']} to see payments made at the same moments "
              f"({s['implied_per_waiting_min']:.1f} per minute of these waits): measured / implied = "
              f"{s['measured_over_implied']:.2f}×. A wait ends right after the check that saw the payment, so over "
              "waits of a few seconds the rate per minute runs a little above the schedule's 60. The phase rows "
              "are counted on the schedule's own check times (the first check 1 s after the page shows), not "
              "measured."]
    return "\n".join(lines)


def headline(result: dict[str, Any]) -> list[dict[str, str]]:
    s = result["summary"]
    first, medium, after = result["phases"]
    d = s["detection_s"]
    return [
        {"area": "Payment detection", "measure": "paid → shown, median / p95",
         "value": f"{d['median']:.2f} s / {d['p95']:.2f} s",
         "note": f"default schedule, 1 s checks in the first minute; expected median {s['expected_median_s']:.2f} s "
                 f"(half the interval), {len(result['sales'])} sales"},
        {"area": "Payment detection", "measure": "requests per minute of waiting",
         "value": f"{s['requests_per_waiting_min']:.0f} / min",
         "note": f"measured in the first minute; the schedule implies {first['requests_per_min']:.0f}, "
                 f"{medium['requests_per_min']:.0f} and {after['requests_per_min']:.0f} / min "
                 "(first minute, to 3 min, after)"},
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sales", type=int, default=16, help="measured sales")
    parser.add_argument("--pay-from", type=float, default=0.5, help="earliest payment, s after the page shows")
    parser.add_argument("--pay-to", type=float, default=3.5,
                        help="latest payment, s after the page shows (keep it under 60: the 1 s phase)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the payment moments")
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT)
    args = parser.parse_args(argv)
    if not 0 <= args.pay_from <= args.pay_to <= PollSchedule().fast_period:
        parser.error("need 0 <= --pay-from <= --pay-to <= 60: the payments must fall in the 1 s phase")
    began = time.perf_counter()
    result: dict[str, Any] = {"settings": {"sales": args.sales, "pay_from_s": args.pay_from, "pay_to_s": args.pay_to,
                                           "seed": args.seed, "schedule": asdict(PollSchedule()),
                                           "status_every": STATUS_EVERY, "sandbox": "second process"},
                              "python": platform.python_version(), "cpus": os.cpu_count()}
    result |= run(args.sales, args.pay_from, args.pay_to, args.seed)
    result["elapsed_s"] = time.perf_counter() - began
    result["load_average"] = os.getloadavg() if hasattr(os, "getloadavg") else None
    result["headline"] = headline(result) if result["sales"] else []
    return finish(result, args.output, markdown(result) if result["sales"] else "")


if __name__ == "__main__":
    sys.exit(main())
