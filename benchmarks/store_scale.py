"""The store at a chain's scale: N simulated tills (the till's own `QPayClient`, and `StoreHints` for the pushed
hints) each selling create -> the payer pays at the sandbox -> check, through one store copy, through three
copies behind HAProxy, and straight to the sandbox, in one run. On a real PostgreSQL (tests/pg_server.py: the
binaries make test installs) and the QPay sandbox in a process of its own.

Per leg and N: create and check p50/p95 ms and their ratio to the direct leg's, pay -> hint p50/p95 (the hint
for the till's invoice arriving on its event stream), logins the sandbox saw, and the store's CPU per call (the
copies' process CPU / the calls they served). The tills run as threads spread over `--workers` processes (so
300 tills do not share one GIL). Goals printed beside the results, never asserted: at 100 tills through one
copy, check p50 <= 2x direct and hint p95 <= 500 ms; CPU per call <= 1.5 ms.

    .venv/bin/python benchmarks/store_scale.py [--tills 25,100,300] [--sales 2] [--workers 3]

Without HAProxy the three-copy leg says so and is skipped. Writes benchmarks/results/store_scale.json; exits 1
only if something failed (a sale not paid, a number made twice).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import statistics
import sys
import threading
import time
from decimal import Decimal
from pathlib import Path
from typing import Any

import requests

from common import PASSWORD, RESULTS, ROOT, USERNAME, SandboxProcess, percentile

sys.path.insert(0, str(ROOT))
from pos_app.qpay import CallbackHint, QPayClient  # noqa: E402
from pos_app.storelink.hints import StoreHints  # noqa: E402
from tests.pg_server import PostgresServer  # noqa: E402
from tests.store.balancer import StoreCopies, haproxy_program  # noqa: E402

DEFAULT_OUTPUT = RESULTS / "store_scale.json"
INVOICE_CODE = "TEST_INVOICE"
HINT_WAIT_S = 3.0
GOAL_CHECK_RATIO, GOAL_HINT_P95_MS, GOAL_CPU_MS = 2.0, 500.0, 1.5
DAY = "20261127"
SAMPLED = 20          # sale numbers looked up at the sandbox after a leg (none made twice)


_BEGAN = time.perf_counter()


def progress(text: str) -> None:
    print(f"[{time.perf_counter() - _BEGAN:5.1f} s] {text}", file=sys.stderr, flush=True)


def summary(values: list[float]) -> dict[str, Any]:
    ordered = sorted(values)
    return {"count": len(values), "p50_ms": statistics.median(values) if values else None,
            "p95_ms": percentile(ordered, 0.95) if values else None}


# -- the tills (in worker processes) ---------------------------------------------------------------------------

def _invoice(number: str) -> dict[str, Any]:
    return {"invoice_code": INVOICE_CODE, "sender_invoice_no": number, "invoice_receiver_code": "terminal",
            "invoice_description": f"Sale {number}", "amount": 9500, "callback_url": "http://127.0.0.1:9/callback"}


class _Hints:
    def __init__(self) -> None:
        self.at: dict[str, float] = {}
        self.lock = threading.Condition()

    def on_hint(self, hint: CallbackHint) -> None:
        with self.lock:
            if hint.invoice_id and hint.invoice_id not in self.at:
                self.at[hint.invoice_id] = time.perf_counter()
            self.lock.notify_all()

    def wait(self, invoice_id: str, timeout: float) -> float | None:
        with self.lock:
            self.lock.wait_for(lambda: invoice_id in self.at, timeout)
            return self.at.get(invoice_id)


def _one_till(url: str, till: str, key: str, sandbox_url: str, sales: int, tag: str, direct: bool,
              start_at: float, rows: list[dict[str, Any]], failures: list[str]) -> None:
    hints = _Hints()
    listener = None if direct else StoreHints(url, till, key, hints.on_hint).start()
    client = QPayClient(url, USERNAME if direct else till, key)
    payer = requests.Session()
    try:
        client.authenticate()                 # logged in before the clock starts: a sale is timed, not a login
        if listener is not None:
            listener.connected.wait(20)
        time.sleep(max(0.0, start_at - time.time()))
        for sale in range(sales):
            number = f"{till}-{DAY}-{sale + 1:06d}" if not direct else f"{tag}{till}-{DAY}-{sale + 1:06d}"
            began = time.perf_counter()
            invoice_id = client.create_invoice(_invoice(number)).invoice_id
            created = time.perf_counter()
            payer.post(f"{sandbox_url}/_sandbox/invoices/{invoice_id}/pay", json={}, timeout=30).raise_for_status()
            sent = time.perf_counter()
            hinted = hints.wait(invoice_id, HINT_WAIT_S) if listener is not None else None
            checked_at = time.perf_counter()
            paid = client.paid_state(invoice_id, Decimal(9500)).is_paid
            done = time.perf_counter()
            if not paid:
                failures.append(f"{number} not paid at the check")
            rows.append({"number": number, "create_ms": (created - began) * 1000,
                         "check_ms": (done - checked_at) * 1000,
                         "hint_ms": (hinted - sent) * 1000 if hinted is not None else None})
    except Exception as exc:  # noqa: BLE001 - counted and reported
        failures.append(f"{till}: {type(exc).__name__}: {exc}")
    finally:
        if listener is not None:
            listener.stop()
        client.close()
        payer.close()


def _worker(args: tuple[str, list[tuple[str, str]], str, int, str, bool, float]) -> dict[str, Any]:
    url, tills, sandbox_url, sales, tag, direct, start_at = args
    rows: list[dict[str, Any]] = []
    failures: list[str] = []
    threads = [threading.Thread(target=_one_till, args=(url, till, key, sandbox_url, sales, tag, direct, start_at,
                                                        rows, failures)) for till, key in tills]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return {"rows": rows, "failures": failures}


# -- the legs -------------------------------------------------------------------------------------------------

def run_leg(pool: Any, url: str, keys: dict[str, str], sandbox_url: str, sales: int, tag: str, direct: bool,
            workers: int) -> dict[str, Any]:
    tills = list(keys.items())
    start_at = time.time() + 3.0 + len(tills) * 0.02     # every till's stream open before the first sale
    chunks = [tills[index::workers] for index in range(workers)]
    results = pool.map(_worker, [(url, chunk, sandbox_url, sales, tag, direct, start_at) for chunk in chunks if chunk])
    rows = [row for result in results for row in result["rows"]]
    failures = [failure for result in results for failure in result["failures"]]
    hints = [row["hint_ms"] for row in rows if row["hint_ms"] is not None]
    return {"sales": len(rows), "failures": failures[:20], "failed": len(failures),
            "create": summary([row["create_ms"] for row in rows]), "check": summary([row["check_ms"] for row in rows]),
            "hint": summary(hints), "hints_missing": 0 if direct else len(rows) - len(hints),
            "numbers": [row["number"] for row in rows]}


def sandbox_logins(sandbox_url: str) -> int:
    entries = requests.get(f"{sandbox_url}/_sandbox/requests", timeout=30).json()
    return sum(1 for entry in entries if entry.get("path") == "/v2/auth/token" and entry.get("status") == 200)


def doubled(sandbox_url: str, numbers: list[str]) -> int:
    answer = requests.post(f"{sandbox_url}/v2/auth/token", auth=(USERNAME, PASSWORD), timeout=30).json()
    headers = {"Authorization": f"Bearer {answer['access_token']}"}
    twice = 0
    for number in numbers[:SAMPLED]:       # a sample: each list call costs the sandbox
        found = requests.post(f"{sandbox_url}/v2/invoice/list", headers=headers, timeout=30,
                              json={"sender_invoice_no": number, "offset": {"page_number": 1, "page_limit": 100}})
        rows = found.json().get("rows", []) if found.status_code == 200 else []
        twice += sum(1 for row in rows if row.get("sender_invoice_no") == number) > 1
    return twice


def through_store(pool: Any, postgres: PostgresServer, sandbox: SandboxProcess, copies_count: int, tills: int,
                  args: argparse.Namespace) -> dict[str, Any]:
    db_url = postgres.create_database(f"scale{copies_count}x{tills}")
    before = sandbox_logins(sandbox.url)
    with StoreCopies(db_url, sandbox.url, copies_count, username=USERNAME, password=PASSWORD,
                     invoice_code=INVOICE_CODE) as copies:
        url = copies.url if copies_count > 1 else copies.copies[0].url
        keys = {f"S{copies_count}T{n:03d}": "" for n in range(tills)}
        keys = {till: copies.add_till(till) for till in keys} if tills <= 25 else _bulk_tills(db_url, keys)
        cpu_before = copies.cpu_seconds()
        leg = run_leg(pool, url, keys, sandbox.url, args.sales, "", False, args.workers)
        cpu = copies.cpu_seconds() - cpu_before
    postgres.drop_database(db_url)
    calls = leg["sales"] * 2 + tills or 1        # each sale's create and check, each till's login
    leg["logins"] = sandbox_logins(sandbox.url) - before
    leg["cpu_ms_per_call"] = cpu * 1000 / calls
    leg["doubled"] = doubled(sandbox.url, leg.pop("numbers"))
    return leg


def _bulk_tills(db_url: str, keys: dict[str, str]) -> dict[str, str]:
    # Hundreds of `pos-store add-till` processes would take minutes: the same function in this process.
    from pos_app.store.credentials import add_credential
    from pos_app.store.db import open_database

    engine = open_database(db_url)
    try:
        return {till: add_credential(engine, till) for till in keys}
    finally:
        engine.dispose()


def ratios(leg: dict[str, Any], direct: dict[str, Any]) -> dict[str, float | None]:
    out: dict[str, float | None] = {}
    for kind in ("create", "check"):
        mine, theirs = leg[kind]["p50_ms"], direct[kind]["p50_ms"]
        out[f"{kind}_p50_ratio"] = mine / theirs if mine and theirs else None
    return out


def markdown(result: dict[str, Any]) -> str:
    lines = ["| tills | leg | sales | create p50/p95 ms (x direct) | check p50/p95 ms (x direct) | "
             "pay -> hint p50/p95 ms | logins | store CPU ms/call |",
             "|---|---|---|---|---|---|---|---|"]

    def cell(values: dict[str, Any]) -> str:
        return "-" if values["p50_ms"] is None else f"{values['p50_ms']:.0f} / {values['p95_ms']:.0f}"

    for run in result["runs"]:
        for name, leg in run["legs"].items():
            if leg.get("skipped"):
                lines.append(f"| {run['tills']} | {name} | skipped: {leg['skipped']} | | | | | |")
                continue
            ratio = leg.get("ratios", {})
            create = cell(leg["create"]) + (f" ({ratio['create_p50_ratio']:.1f}x)" if ratio.get("create_p50_ratio")
                                            else "")
            check = cell(leg["check"]) + (f" ({ratio['check_p50_ratio']:.1f}x)" if ratio.get("check_p50_ratio")
                                          else "")
            cpu = f"{leg['cpu_ms_per_call']:.2f}" if leg.get("cpu_ms_per_call") is not None else "-"
            lines.append(f"| {run['tills']} | {name} | {leg['sales']} | {create} | {check} | "
                         f"{cell(leg['hint']) if name != 'direct' else '-'} | {leg.get('logins', '-')} | {cpu} |")
    lines.append("")
    lines.append(f"Goals (not asserted): at 100 tills through one copy, check p50 <= {GOAL_CHECK_RATIO:g}x direct "
                 f"and pay -> hint p95 <= {GOAL_HINT_P95_MS:g} ms; store CPU <= {GOAL_CPU_MS:g} ms per call.")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tills", default="25,100,300", help="comma-separated numbers of tills")
    parser.add_argument("--sales", type=int, default=2, help="sales per till per leg")
    parser.add_argument("--workers", type=int, default=3, help="processes the tills are spread over")
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT)
    args = parser.parse_args(argv)
    began = time.perf_counter()
    haproxy = haproxy_program()
    result: dict[str, Any] = {"sales_per_till": args.sales, "workers": args.workers, "runs": [],
                              "haproxy": haproxy is not None, "goals": {"check_ratio": GOAL_CHECK_RATIO,
                                                                         "hint_p95_ms": GOAL_HINT_P95_MS,
                                                                         "cpu_ms_per_call": GOAL_CPU_MS}}
    failures: list[str] = []
    # The sandbox's multi-session mode: the direct tills and the store log in as one merchant side by side.
    sandbox = SandboxProcess()
    postgres = PostgresServer()
    try:
        postgres.start()
        with multiprocessing.get_context("spawn").Pool(args.workers) as pool:
            for tills in (int(text) for text in args.tills.split(",") if text.strip()):
                progress(f"{tills} tills: direct")
                direct_keys = {f"D{n:03d}": PASSWORD for n in range(tills)}
                direct = run_leg(pool, sandbox.url, {till: PASSWORD for till in direct_keys}, sandbox.url,
                                 args.sales, f"R{tills}", True, args.workers)
                direct = _direct_fixup(direct)
                legs: dict[str, Any] = {"direct": direct}
                for copies in (1, 3):
                    name = f"{copies} cop{'y' if copies == 1 else 'ies'}"
                    if copies > 1 and haproxy is None:
                        legs[name] = {"skipped": "HAProxy is not installed (apt-get install haproxy)"}
                        progress(f"{tills} tills: {name}: skipped, no HAProxy")
                        continue
                    progress(f"{tills} tills: {name}")
                    leg = through_store(pool, postgres, sandbox, copies, tills, args)
                    leg["ratios"] = ratios(leg, direct)
                    legs[name] = leg
                    failures += [f"{tills} tills, {name}: {failure}" for failure in leg["failures"]]
                    if leg["doubled"]:
                        failures.append(f"{tills} tills, {name}: {leg['doubled']} numbers made twice")
                failures += [f"{tills} tills, direct: {failure}" for failure in direct["failures"]]
                result["runs"].append({"tills": tills, "legs": legs})
    finally:
        postgres.stop()
        sandbox.stop()
    result["failures"] = failures
    result["headline"] = headline(result)
    result["elapsed_s"] = time.perf_counter() - began
    result["load_average"] = os.getloadavg() if hasattr(os, "getloadavg") else None
    print(markdown(result))
    print(f"\nWhole run: {result['elapsed_s']:.0f} s.")
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(json.dumps(result, indent=2), encoding="utf-8")
    print(f"JSON: {args.output}")
    return 1 if failures else 0


def headline(result: dict[str, Any]) -> list[dict[str, str]]:
    """summary.py's rows: the largest run measured, one row per store leg."""
    rows = []
    for run in result["runs"][-1:]:
        for name, leg in run["legs"].items():
            if name == "direct" or leg.get("skipped") or not leg["sales"]:
                continue
            ratio = leg["ratios"].get("check_p50_ratio")
            hint = leg["hint"]["p95_ms"]
            rows.append({"area": "Store at scale", "measure": f"{run['tills']} tills through {name}: check p50 "
                                                               f"(x direct) / pay -> hint p95 / CPU per call",
                         "value": f"{ratio:.1f}x / {hint:.0f} ms / {leg['cpu_ms_per_call']:.2f} ms"
                         if ratio and hint is not None else "-",
                         "note": f"goals {GOAL_CHECK_RATIO:g}x / {GOAL_HINT_P95_MS:g} ms / {GOAL_CPU_MS:g} ms; "
                                 f"{leg['logins']} logins, {leg['failed']} failed"})
    return rows


def _direct_fixup(leg: dict[str, Any]) -> dict[str, Any]:
    leg.pop("numbers", None)
    leg["logins"] = None
    return leg


if __name__ == "__main__":
    sys.exit(main())
