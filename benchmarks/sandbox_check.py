"""Throughput and latency of the sandbox's POST /v2/payment/check, measured from a second process.

The script starts the sandbox as a subprocess on a free loopback port, logs in, creates one
invoice and pays it, then loads POST /v2/payment/check from this process with N client
threads (each its own keep-alive `requests.Session`) for a fixed time per concurrency level.
Side by side, in alternating slices of the same run, it loads two baselines without auth:

- GET /_sandbox/clock, the trivial control endpoint: the framework floor the ratio is taken
  against. Its handler and the control API's loopback check are plain `def`s, which FastAPI
  runs in its thread pool: two thread hand-offs per request that the async check skips.
- GET /v2/_floor, a path no route serves: the 404 envelope through the middleware, router and
  error handler, with no handler at all - the cheapest answer the app gives.

    .venv/bin/python benchmarks/sandbox_check.py [--duration 4] [--concurrency 1,4,16]

Prints a Markdown table; writes JSON to benchmarks/results/sandbox_check.json.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import signal
import sys
import threading
import time
from dataclasses import asdict, dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable

import requests

from common import PASSWORD, RESULTS, USERNAME, SandboxProcess, percentile

DEFAULT_OUTPUT = RESULTS / "sandbox_check.json"


# ---------------------------------------------------------------------------
# The sandbox subprocess
# ---------------------------------------------------------------------------
# ---------------------------------------------------------------------------
# Setting up: a token and one paid invoice
# ---------------------------------------------------------------------------
def prepare(url: str) -> tuple[str, str]:
    """Log in, create an invoice, pay it; return (access token, invoice id)."""
    with requests.Session() as http:
        answer = http.post(f"{url}/v2/auth/token", auth=(USERNAME, PASSWORD), timeout=10)
        answer.raise_for_status()
        token = answer.json()["access_token"]
        bearer = {"Authorization": f"Bearer {token}"}
        answer = http.post(f"{url}/v2/invoice", headers=bearer, timeout=10, json={
            "invoice_code": "TEST_INVOICE", "sender_invoice_no": "BENCH-0001",
            "invoice_receiver_code": "terminal", "invoice_description": "benchmark",
            "amount": 12500, "callback_url": "http://127.0.0.1:9/callback"})
        answer.raise_for_status()
        invoice_id = answer.json()["invoice_id"]
        http.post(f"{url}/_sandbox/invoices/{invoice_id}/pay", json={}, timeout=10).raise_for_status()
        check = http.post(f"{url}/v2/payment/check", headers=bearer, timeout=10,
                          json={"object_type": "INVOICE", "object_id": invoice_id}).json()
        if check.get("count") != 1 or check.get("paid_amount") != 12500:
            raise RuntimeError(f"the paid invoice does not check as paid: {check}")
    return token, invoice_id


# ---------------------------------------------------------------------------
# The load
# ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Target:
    name: str
    method: str
    path: str
    body: bytes | None
    headers: dict[str, str]
    expected_status: int = 200


@dataclass
class Sample:
    """What one slice of load gave: latencies (seconds), errors, wall and CPU time."""
    latencies: list[float] = field(default_factory=list)
    errors: int = 0
    error_examples: list[str] = field(default_factory=list)
    elapsed: float = 0.0
    server_cpu: float | None = 0.0
    client_cpu: float = 0.0

    def merge(self, other: "Sample") -> None:
        self.latencies += other.latencies
        self.errors += other.errors
        self.error_examples += other.error_examples[:3 - len(self.error_examples)]
        self.elapsed += other.elapsed
        self.client_cpu += other.client_cpu
        self.server_cpu = (None if self.server_cpu is None or other.server_cpu is None
                           else self.server_cpu + other.server_cpu)


def measured(sandbox: SandboxProcess, target: Target, concurrency: int, duration: float,
             max_requests: int) -> Sample:
    """`run_load`, with the CPU time both processes spent on it."""
    server_before, client_before = sandbox.cpu_seconds(), time.process_time()
    sample = run_load(sandbox.url, target, concurrency, duration, max_requests)
    server_after = sandbox.cpu_seconds()
    sample.client_cpu = time.process_time() - client_before
    sample.server_cpu = (None if server_before is None or server_after is None
                         else server_after - server_before)
    return sample


def run_load(url: str, target: Target, concurrency: int, duration: float, max_requests: int) -> Sample:
    """`concurrency` threads, each with its own keep-alive session, for `duration` seconds
    or until `max_requests` are done between them."""
    per_thread = max(1, max_requests // concurrency)
    sessions = [requests.Session() for _ in range(concurrency)]
    results = [Sample() for _ in range(concurrency)]
    window = [0.0, 0.0]  # start, deadline: set once every connection is open

    def open_window() -> None:
        window[0] = time.perf_counter()
        window[1] = window[0] + duration

    ready = threading.Barrier(concurrency, action=open_window)
    full_url = url + target.path

    def worker(index: int) -> None:
        session, result = sessions[index], results[index]
        send: Callable[[], requests.Response] = lambda: session.request(  # noqa: E731
            target.method, full_url, data=target.body, headers=target.headers, timeout=10)
        try:
            send().close()  # open the keep-alive connection before the clock starts
        except requests.RequestException:
            pass  # counted below, when it fails again inside the window
        try:
            ready.wait(timeout=60)
        except threading.BrokenBarrierError:
            return
        clock, end = time.perf_counter, window[1]
        for _ in range(per_thread):
            started = clock()
            if started >= end:
                break
            try:
                answer = send()
                ok = answer.status_code == target.expected_status
                if not ok and len(result.error_examples) < 3:
                    result.error_examples.append(f"{answer.status_code} {answer.text[:200]}")
            except requests.RequestException as exc:
                ok = False
                if len(result.error_examples) < 3:
                    result.error_examples.append(repr(exc)[:200])
            result.latencies.append(clock() - started)
            result.errors += not ok

    threads = [threading.Thread(target=worker, args=(i,), name=f"load-{i}") for i in range(concurrency)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    total = Sample()
    for result in results:
        total.merge(result)
    total.elapsed = time.perf_counter() - window[0]
    for session in sessions:
        session.close()
    return total


@dataclass
class Row:
    concurrency: int
    endpoint: str
    requests: int
    errors: int
    seconds: float
    throughput_rps: float
    p50_ms: float
    p95_ms: float
    p99_ms: float
    max_ms: float
    server_cpu_us_per_request: float | None
    client_cpu_us_per_request: float


def summarise(concurrency: int, target: Target, sample: Sample) -> Row:
    ordered = sorted(sample.latencies)
    ms = lambda q: round(percentile(ordered, q) * 1000, 3)  # noqa: E731
    return Row(concurrency=concurrency, endpoint=f"{target.method} {target.path.split('?')[0]}",
               requests=len(ordered), errors=sample.errors, seconds=round(sample.elapsed, 3),
               throughput_rps=round(len(ordered) / sample.elapsed, 1) if sample.elapsed else 0.0,
               p50_ms=ms(0.50), p95_ms=ms(0.95), p99_ms=ms(0.99),
               max_ms=round(ordered[-1] * 1000, 3) if ordered else math.nan,
               server_cpu_us_per_request=(None if sample.server_cpu is None or not ordered
                                          else round(sample.server_cpu / len(ordered) * 1e6, 1)),
               client_cpu_us_per_request=round(sample.client_cpu / len(ordered) * 1e6, 1) if ordered else math.nan)


def ratio(a: float, b: float) -> float:
    return round(a / b, 2) if b else math.nan


# ---------------------------------------------------------------------------
# Main
# ---------------------------------------------------------------------------
def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--duration", type=float, default=4.0,
                        help="seconds of measured load per endpoint and concurrency level (default 4)")
    parser.add_argument("--concurrency", default="1,4,16",
                        help="comma-separated numbers of client threads (default 1,4,16)")
    parser.add_argument("--rounds", type=int, default=2,
                        help="slices each endpoint's time is cut into, alternating with the floor's (default 2)")
    parser.add_argument("--warmup", type=float, default=0.5, help="unmeasured seconds per level (default 0.5)")
    parser.add_argument("--max-requests", type=int, default=200_000,
                        help="cap on requests per endpoint and level (default 200000)")
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT, help="where to write the JSON")
    args = parser.parse_args(argv)
    try:
        args.levels = [int(part) for part in args.concurrency.split(",") if part.strip()]
    except ValueError:
        parser.error("--concurrency takes whole numbers separated by commas, e.g. 1,4,16")
    if not args.levels or min(args.levels) < 1 or max(args.levels) > 256:
        parser.error("--concurrency levels must be from 1 to 256")
    if args.duration <= 0 or args.rounds < 1 or args.warmup < 0 or args.max_requests < 1:
        parser.error("--duration, --rounds and --max-requests must be positive, --warmup at least 0")
    return args


def markdown(rows: list[Row], ratios: list[dict]) -> str:
    lines = ["| concurrency | endpoint | requests | errors | req/s | p50 ms | p95 ms | p99 ms "
             "| server CPU µs/req | client CPU µs/req |",
             "|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for r in rows:
        server = "n/a" if r.server_cpu_us_per_request is None else f"{r.server_cpu_us_per_request:.0f}"
        lines.append(f"| {r.concurrency} | `{r.endpoint}` | {r.requests} | {r.errors} | {r.throughput_rps:.0f} "
                     f"| {r.p50_ms:.2f} | {r.p95_ms:.2f} | {r.p99_ms:.2f} | {server} "
                     f"| {r.client_cpu_us_per_request:.0f} |")
    lines += ["", "Cost of auth + check relative to each baseline, same run (above 1: check costs more):", "",
              "| concurrency | baseline | throughput baseline/check | p50 check/baseline | p99 check/baseline "
              "| server CPU check/baseline |",
              "|---:|---|---:|---:|---:|---:|"]
    for r in ratios:
        cpu = r["server_cpu_check_over_baseline"]
        lines.append(f"| {r['concurrency']} | `{r['baseline']}` | {r['throughput_baseline_over_check']:.2f}x "
                     f"| {r['p50_check_over_baseline']:.2f}x | {r['p99_check_over_baseline']:.2f}x "
                     f"| {'n/a' if cpu is None else f'{cpu:.2f}x'} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    sandbox = SandboxProcess()
    try:
        token, invoice_id = prepare(sandbox.url)
        check = Target("check", "POST", "/v2/payment/check",
                       json.dumps({"object_type": "INVOICE", "object_id": invoice_id,
                                   "offset": {"page_number": 1, "page_limit": 10}}).encode(),
                       {"Authorization": f"Bearer {token}", "Content-Type": "application/json"})
        clock = Target("clock", "GET", "/_sandbox/clock", None, {})
        bare = Target("404", "GET", "/v2/_floor", None, {}, expected_status=404)
        targets = (check, clock, bare)
        print(f"sandbox at {sandbox.url} (pid {sandbox.proc.pid}); {args.duration:g} s per endpoint "
              f"and level, in {args.rounds} alternating slices", file=sys.stderr)
        rows: list[Row] = []
        ratios: list[dict] = []
        for level in args.levels:
            for target in targets:  # warm every path, unmeasured
                run_load(sandbox.url, target, level, args.warmup, args.max_requests)  # unmeasured
            samples = {target.name: Sample() for target in targets}
            slice_seconds = args.duration / args.rounds
            cap = max(1, args.max_requests // args.rounds)
            for _ in range(args.rounds):
                for target in targets:
                    samples[target.name].merge(measured(sandbox, target, level, slice_seconds, cap))
            level_rows = {target.name: summarise(level, target, samples[target.name]) for target in targets}
            rows += level_rows.values()
            check_row = level_rows[check.name]
            for baseline in (clock, bare):
                base_row = level_rows[baseline.name]
                ratios.append({
                    "concurrency": level, "baseline": base_row.endpoint,
                    "throughput_baseline_over_check": ratio(base_row.throughput_rps, check_row.throughput_rps),
                    "p50_check_over_baseline": ratio(check_row.p50_ms, base_row.p50_ms),
                    "p99_check_over_baseline": ratio(check_row.p99_ms, base_row.p99_ms),
                    "server_cpu_check_over_baseline": (
                        None if check_row.server_cpu_us_per_request is None
                        or base_row.server_cpu_us_per_request is None
                        else ratio(check_row.server_cpu_us_per_request, base_row.server_cpu_us_per_request))})
            for name, sample in samples.items():
                for example in sample.error_examples:
                    print(f"error ({name}, concurrency {level}): {example}", file=sys.stderr)
            print(f"  concurrency {level}: " + ", ".join(
                f"{name} {row.throughput_rps:.0f} req/s" for name, row in level_rows.items()), file=sys.stderr)
    finally:
        returncode = sandbox.stop()
    if returncode not in (0, -signal.SIGTERM):
        print(f"the sandbox exited with {returncode}:\n{sandbox.stderr_tail()}", file=sys.stderr)

    report = {
        "benchmark": "sandbox POST /v2/payment/check vs GET /_sandbox/clock and a 404",
        "measured_at": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "settings": {"duration_s": args.duration, "rounds": args.rounds, "warmup_s": args.warmup,
                     "concurrency": args.levels, "max_requests": args.max_requests},
        "machine": {"python": platform.python_version(), "platform": platform.platform(),
                    "cpus": os.cpu_count(), "load_average": list(os.getloadavg())},
        "sandbox_exit_code": returncode,
        "results": [asdict(row) for row in rows],
        "ratios": ratios,
    }
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    print(markdown(rows, ratios))
    print(f"\nJSON: {args.output}", file=sys.stderr)
    errors = sum(row.errors for row in rows)
    return 1 if errors or returncode not in (0, -signal.SIGTERM) else 0


if __name__ == "__main__":
    sys.exit(main())
