"""The store at a chain's scale: N simulated tills (the till's own `QPayClient`, and `StoreHints` for the pushed
hints) each selling create -> the payer pays at the sandbox -> check, through one store copy, through three
copies behind HAProxy, and straight to the sandbox, in one run. On a real PostgreSQL (tests/pg_server.py: the
binaries make test installs) and the QPay sandbox in a process of its own.

Per leg and N: create and check p50/p95 ms and their ratio to the direct leg's, pay -> hint p50/p95 (the hint
for the till's invoice arriving on its event stream) and callback -> hint (from the sandbox's first try of the
callback: the store's part), logins the sandbox saw, and the store's CPU per call (the copies' process CPU from
the first sale to the last / the `/v2` calls answered then). The tills run as threads spread over `--workers`
processes (so 300 tills do not share one GIL), each from a loopback address of its own (127.0.x.y, as real tills
each have theirs); all set up (logged in, event stream open) before the first sale. The copies are started once
(in parallel) and serve every N; the direct tills' callbacks go to a sink that answers at once. Goals printed beside the results, never asserted: at 100 tills through one
copy, check p50 <= 2x direct and hint p95 <= 500 ms; CPU per call <= 1.5 ms.

    .venv/bin/python benchmarks/store_scale.py [--tills 25,100,300] [--sales 2] [--workers 3]

Without HAProxy the three-copy leg says so and is skipped. Writes benchmarks/results/store_scale.json; exits 1
only if something failed (a sale not paid, a number made twice).
"""

from __future__ import annotations

import argparse
import base64
import json
import multiprocessing
import os
import statistics
import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from decimal import Decimal
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import requests
from requests.adapters import HTTPAdapter

from common import PASSWORD, RESULTS, ROOT, USERNAME, SandboxProcess, percentile

sys.path.insert(0, str(ROOT))
from pos_app.qpay import CallbackHint, QPayClient  # noqa: E402
from pos_app.qpay.transport import http_session  # noqa: E402
from pos_app.storelink.hints import StoreHints  # noqa: E402
from tests.pg_server import PostgresServer  # noqa: E402
from tests.store.balancer import StoreCopies, haproxy_program  # noqa: E402

DEFAULT_OUTPUT = RESULTS / "store_scale.json"
INVOICE_CODE = "TEST_INVOICE"
HINT_WAIT_S = 3.0
GOAL_CHECK_RATIO, GOAL_HINT_P95_MS, GOAL_CPU_MS = 2.0, 500.0, 1.5
GOAL_TILLS = 100
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

class SourceAdapter(HTTPAdapter):
    """Connections from one loopback address (Linux routes all of 127/8 to lo): each simulated till its own, as
    real tills each have theirs, so the store's limits per address see one till, not all of them."""

    def __init__(self, source: str, **kwargs: Any) -> None:
        self.source = source
        super().__init__(**kwargs)

    def init_poolmanager(self, *args: Any, **kwargs: Any) -> None:
        kwargs["source_address"] = (self.source, 0)
        super().init_poolmanager(*args, **kwargs)


def till_session(source: str) -> requests.Session:
    """`http_session()` as the till makes it, its connections from `source`."""
    session = http_session()
    adapter = SourceAdapter(source, pool_connections=2, pool_maxsize=16, max_retries=0)
    session.mount("http://", adapter)
    return session


_SOURCES: dict[str, str] = {}      # a till's name -> its address (in each worker process)


def _hints_session(certificate_sha256: str = "", **kwargs: Any) -> requests.Session:
    # StoreHints makes its session on its own thread: which till's it is, the Authorization header tells.
    session = http_session(certificate_sha256, **kwargs)
    session.mount("http://", _ByTillAdapter(max_retries=0))
    return session


class _ByTillAdapter(HTTPAdapter):
    def __init__(self, **kwargs: Any) -> None:
        self.by_source: dict[str, SourceAdapter] = {}
        self.kwargs = kwargs
        super().__init__(**kwargs)

    def send(self, request: requests.PreparedRequest, *args: Any, **kwargs: Any) -> requests.Response:
        till = _basic_user(request.headers.get("Authorization", ""))
        source = _SOURCES.get(till)
        if source is None:
            return super().send(request, *args, **kwargs)
        if source not in self.by_source:
            self.by_source[source] = SourceAdapter(source, **self.kwargs)
        return self.by_source[source].send(request, *args, **kwargs)

    def close(self) -> None:
        for adapter in self.by_source.values():
            adapter.close()
        super().close()


def _basic_user(header: str) -> str:
    if not header.startswith("Basic "):
        return ""
    try:
        return base64.b64decode(header[6:]).decode().split(":", 1)[0]
    except ValueError:
        return ""


def source_of(index: int) -> str:
    return f"127.0.{1 + index // 250}.{1 + index % 250}"


def _invoice(number: str, callback_url: str) -> dict[str, Any]:
    return {"invoice_code": INVOICE_CODE, "sender_invoice_no": number, "invoice_receiver_code": "terminal",
            "invoice_description": f"Sale {number}", "amount": 9500, "callback_url": callback_url}


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


class _Phases:
    """A worker's tills: all set up -> (the main process says go) -> all sold -> (the main process says stop)."""

    def __init__(self, tills: int) -> None:
        self.set_up = threading.Barrier(tills + 1)
        self.go = threading.Event()
        self.sold = threading.Barrier(tills + 1)
        self.stop = threading.Event()


def _one_till(leg: dict[str, Any], till: str, key: str, source: str, phases: _Phases, rows: list[dict[str, Any]],
              failures: list[str]) -> None:
    direct = leg["direct"]
    hints = _Hints()
    calls = [0]

    def count(response: requests.Response, *args: Any, **kwargs: Any) -> None:
        if "/v2/" in response.url:
            calls[0] += 1

    session = till_session(source)
    session.hooks["response"].append(count)
    client = QPayClient(leg["url"], USERNAME if direct else till, key, session=session)
    listener = None if direct else StoreHints(leg["url"], till, key, hints.on_hint).start()
    payer = requests.Session()
    try:
        try:
            client.authenticate()          # logged in before the clock starts: a sale is timed, not a login
            if listener is not None and not listener.connected.wait(30):
                failures.append(f"{till}: its event stream did not open in 30 s")
        except Exception as exc:  # noqa: BLE001 - counted and reported
            failures.append(f"{till}: set-up: {type(exc).__name__}: {exc}")
        phases.set_up.wait()
        phases.go.wait()
        before = calls[0]
        try:
            for sale in range(leg["sales"]):
                number = f"{leg['prefix']}{till}-{DAY}-{leg['first_sale'] + sale:06d}"
                began = time.perf_counter()
                invoice_id = client.create_invoice(_invoice(number, leg["callback_url"])).invoice_id
                created = time.perf_counter()
                paid_answer = payer.post(f"{leg['sandbox_url']}/_sandbox/invoices/{invoice_id}/pay", json={},
                                         timeout=30)
                if paid_answer.status_code != 200:
                    failures.append(f"{number}: pay answered {paid_answer.status_code} {paid_answer.text[:200]}")
                    continue
                sent = time.perf_counter()
                hinted = hints.wait(invoice_id, HINT_WAIT_S) if listener is not None else None
                checked_at = time.perf_counter()
                paid = client.paid_state(invoice_id, Decimal(9500)).is_paid
                done = time.perf_counter()
                if not paid:
                    failures.append(f"{number} not paid at the check")
                rows.append({"number": number, "invoice_id": invoice_id, "paid_at": time.time() - (done - sent),
                             "create_ms": (created - began) * 1000,
                             "check_ms": (done - checked_at) * 1000,
                             "hint_ms": (hinted - sent) * 1000 if hinted is not None else None})
        except Exception as exc:  # noqa: BLE001 - counted and reported
            failures.append(f"{till}: {type(exc).__name__}: {exc}")
        rows.append({"calls": calls[0] - before})
        phases.sold.wait()
        phases.stop.wait()
    finally:
        if listener is not None:
            listener.stop()
        client.close()
        payer.close()


_READY: Any = None      # the worker's queue to the main process, and the main process's go and stop
_GO: Any = None
_STOP: Any = None


def _init_worker(ready: Any, go: Any, stop: Any) -> None:
    global _READY, _GO, _STOP
    _READY, _GO, _STOP = ready, go, stop
    from pos_app.storelink import hints
    hints.http_session = _hints_session     # type: ignore[attr-defined] - each till's stream from its address


def _worker(args: tuple[dict[str, Any], list[tuple[str, str, str]]]) -> dict[str, Any]:
    leg, tills = args
    rows: list[dict[str, Any]] = []
    failures: list[str] = []
    phases = _Phases(len(tills))
    _SOURCES.clear()
    _SOURCES.update({till: source for till, _key, source in tills})
    threads = [threading.Thread(target=_one_till, args=(leg, till, key, source, phases, rows, failures))
               for till, key, source in tills]
    for thread in threads:
        thread.start()
    phases.set_up.wait()
    _READY.put("set up")
    _GO.wait()
    phases.go.set()
    phases.sold.wait()
    _READY.put("sold")
    _STOP.wait()
    phases.stop.set()
    for thread in threads:
        thread.join()
    return {"rows": rows, "failures": failures}


# -- the legs -------------------------------------------------------------------------------------------------

class Workers:
    """The processes the tills run in, and the phases the main process steps them through."""

    def __init__(self, count: int) -> None:
        context = multiprocessing.get_context("spawn")
        self.manager = context.Manager()
        self.ready, self.go, self.stop = self.manager.Queue(), self.manager.Event(), self.manager.Event()
        self.count = count
        self.pool = context.Pool(count, initializer=_init_worker, initargs=(self.ready, self.go, self.stop))

    def close(self) -> None:
        self.pool.terminate()
        self.manager.shutdown()

    def run(self, leg: dict[str, Any], tills: list[tuple[str, str, str]],
            on_go: Callable[[], None], on_sold: Callable[[], None]) -> list[dict[str, Any]]:
        self.go.clear()
        self.stop.clear()
        chunks = [chunk for chunk in (tills[index::self.count] for index in range(self.count)) if chunk]
        pending = self.pool.map_async(_worker, [(leg, chunk) for chunk in chunks])
        for _ in chunks:
            self.ready.get(timeout=120)
        on_go()
        self.go.set()
        for _ in chunks:
            self.ready.get(timeout=300)
        on_sold()
        self.stop.set()
        return pending.get(timeout=120)


class CpuWatch:
    """The store copies' process CPU from the first sale to the last (read from /proc before and after)."""

    def __init__(self, copies: StoreCopies | None) -> None:
        self.copies = copies
        self.began = self.ended = 0.0
        self.cpu = 0.0

    def go(self) -> None:
        self.began = time.perf_counter()
        self.cpu = -self.copies.cpu_seconds() if self.copies is not None else 0.0

    def sold(self) -> None:
        self.ended = time.perf_counter()
        if self.copies is not None:
            self.cpu += self.copies.cpu_seconds()


def run_leg(workers: Workers, leg: dict[str, Any], keys: dict[str, str], copies: StoreCopies | None,
            sandbox_url: str) -> dict[str, Any]:
    tills = [(till, key, source_of(index)) for index, (till, key) in enumerate(keys.items())]
    watch = CpuWatch(copies)
    leg_began = time.time()
    results = workers.run(leg, tills, watch.go, watch.sold)
    rows = [row for result in results for row in result["rows"] if "number" in row]
    calls = sum(row["calls"] for result in results for row in result["rows"] if "calls" in row)
    failures = [failure for result in results for failure in result["failures"]]
    hints = [row["hint_ms"] for row in rows if row["hint_ms"] is not None]
    out = {"sales": len(rows), "failures": failures[:20], "failed": len(failures),
           "create": summary([row["create_ms"] for row in rows]), "check": summary([row["check_ms"] for row in rows]),
           "hint": summary(hints), "hints_missing": 0 if leg["direct"] else len(rows) - len(hints),
           "numbers": [row["number"] for row in rows], "sold_in_s": watch.ended - watch.began, "v2_calls": calls}
    if copies is not None:
        out["cpu_s"] = watch.cpu
        out["cpu_ms_per_call"] = watch.cpu * 1000 / calls if calls else None
        deliveries = [entry for entry in callback_deliveries(sandbox_url) if entry.get("time", 0) >= leg_began]
        out["callbacks"] = callback_outcomes(deliveries)
        sent, relayed = callback_lags(rows, deliveries)
        out["callback_queued"] = summary(sent)      # pay answered -> the sandbox's first try of the callback
        out["callback_to_hint"] = summary(relayed)  # that try -> the hint at the till: the store's part
    return out


def callback_deliveries(sandbox_url: str) -> list[dict[str, Any]]:
    return list(requests.get(f"{sandbox_url}/_sandbox/callbacks", timeout=30).json())


def callback_lags(rows: list[dict[str, Any]], deliveries: list[dict[str, Any]]) -> tuple[list[float], list[float]]:
    """Per sale, ms from the payer's pay answered to the sandbox's first try of its callback (how long the
    sandbox's callback queue held it), and from that try to the hint at the till (the store's part)."""
    first: dict[str, float] = {}
    for entry in deliveries:
        invoice_id = (entry.get("json") or {}).get("invoice_id")
        if invoice_id and entry.get("attempt") == 1:
            first[invoice_id] = entry["time"]
    queued, relayed = [], []
    for row in rows:
        tried = first.get(row["invoice_id"])
        if tried is None:
            continue
        queued.append(max(0.0, (tried - row["paid_at"]) * 1000))
        if row["hint_ms"] is not None:
            relayed.append(max(0.0, (row["paid_at"] + row["hint_ms"] / 1000 - tried) * 1000))
    return queued, relayed


def callback_outcomes(deliveries: list[dict[str, Any]]) -> dict[str, int]:
    """The sandbox's callback tries in a leg: answered 2xx, or what else."""
    outcomes: dict[str, int] = {}
    for entry in deliveries:
        status = entry.get("status")
        name = "ok" if status is not None and 200 <= status < 300 else str(status or entry.get("error"))
        outcomes[name] = outcomes.get(name, 0) + 1
    return outcomes


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


class StoreLeg:
    """One set of copies (1, or 3 behind HAProxy) on a database of its own, started once for every N, with
    the most tills any N needs added at the start (in this process, through the store's own function)."""

    def __init__(self, postgres: PostgresServer, sandbox_url: str, count: int, tills: int) -> None:
        self.count = count
        self.db_url = postgres.create_database(f"scale{count}")
        self.copies = StoreCopies(self.db_url, sandbox_url, count, username=USERNAME, password=PASSWORD,
                                  invoice_code=INVOICE_CODE).start()
        self.url = self.copies.url if count > 1 else self.copies.copies[0].url
        self.keys: dict[str, str] = {}
        self.tills = tills

    def add_tills(self) -> None:
        """Alembic's migration (run again, finding nothing to do) is not for two threads at once: one leg at a
        time."""
        self.keys = _bulk_tills(self.db_url, [f"S{self.count}T{n:03d}" for n in range(self.tills)])

    def stop(self) -> None:
        self.copies.stop()


def _bulk_tills(db_url: str, names: list[str]) -> dict[str, str]:
    # Hundreds of `pos-store add-till` processes would take minutes: the same function in this process.
    from pos_app.store.credentials import add_credential
    from pos_app.store.db import open_database

    engine = open_database(db_url)
    try:
        return {till: add_credential(engine, till) for till in names}
    finally:
        engine.dispose()


class CallbackSink:
    """Where the direct tills' invoices send QPay's callback: answered `SUCCESS` at once (a dead URL would keep
    the sandbox's few callback threads retrying it, and the store legs' callbacks would queue behind)."""

    def __init__(self) -> None:
        class Answer(BaseHTTPRequestHandler):
            def _ok(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                self.rfile.read(length)
                self.send_response(200)
                self.send_header("Content-Length", "7")
                self.end_headers()
                self.wfile.write(b"SUCCESS")

            do_GET = do_POST = _ok

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Answer)
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/callback"
        threading.Thread(target=self.server.serve_forever, name="callback-sink", daemon=True).start()

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def ratios(leg: dict[str, Any], direct: dict[str, Any]) -> dict[str, float | None]:
    out: dict[str, float | None] = {}
    for kind in ("create", "check"):
        mine, theirs = leg[kind]["p50_ms"], direct[kind]["p50_ms"]
        out[f"{kind}_p50_ratio"] = mine / theirs if mine and theirs else None
    return out


def markdown(result: dict[str, Any]) -> str:
    lines = ["| tills | leg | sales | create p50/p95 ms (x direct) | check p50/p95 ms (x direct) | "
             "pay -> hint p50/p95 ms | callback -> hint p50/p95 ms | logins | store CPU ms/call |",
             "|---|---|---|---|---|---|---|---|---|"]

    def cell(values: dict[str, Any]) -> str:
        return "-" if values["p50_ms"] is None else f"{values['p50_ms']:.0f} / {values['p95_ms']:.0f}"

    def relay_cell(name: str, leg: dict[str, Any]) -> str:
        return "-" if name == "direct" or "callback_to_hint" not in leg else cell(leg["callback_to_hint"])

    def hint_cell(name: str, leg: dict[str, Any]) -> str:
        if name == "direct":
            return "-"
        failed = {key: count for key, count in leg.get("callbacks", {}).items() if key != "ok"}
        said = f"{leg['hints_missing']} of {leg['sales']} missing" + (f"; callbacks {failed}" if failed else "")
        return f"{cell(leg['hint'])} ({said})"

    for run in result["runs"]:
        for name, leg in run["legs"].items():
            if leg.get("skipped"):
                lines.append(f"| {run['tills']} | {name} | skipped: {leg['skipped']} | | | | | | |")
                continue
            ratio = leg.get("ratios", {})
            create = cell(leg["create"]) + (f" ({ratio['create_p50_ratio']:.1f}x)" if ratio.get("create_p50_ratio")
                                            else "")
            check = cell(leg["check"]) + (f" ({ratio['check_p50_ratio']:.1f}x)" if ratio.get("check_p50_ratio")
                                          else "")
            cpu = f"{leg['cpu_ms_per_call']:.2f}" if leg.get("cpu_ms_per_call") is not None else "-"
            lines.append(f"| {run['tills']} | {name} | {leg['sales']} | {create} | {check} | "
                         f"{hint_cell(name, leg)} | {relay_cell(name, leg)} | {leg.get('logins') if leg.get('logins') is not None else '-'} | {cpu} |")
    lines.append("")
    lines.append(f"Goals (not asserted): at 100 tills through one copy, check p50 <= {GOAL_CHECK_RATIO:g}x direct "
                 f"and pay -> hint p95 <= {GOAL_HINT_P95_MS:g} ms; store CPU <= {GOAL_CPU_MS:g} ms per call.")
    lines.append("Store CPU per call: the copies' process CPU (/proc/<pid>/stat) from the first sale to the last, "
                 "divided by the /v2 calls the tills had answered in that time (each sale's create and check); it "
                 "includes what the store did beside them then: QPay's callbacks, the hints, HAProxy's health checks.")
    lines.append("Callback -> hint: from the sandbox's first try of QPay's callback to the hint at the till (the "
                 "store's part of pay -> hint); the rest is the sandbox's callback queue (CALLBACK_WORKERS threads, "
                 "one callback at a time each), p50/p95 in the JSON as callback_queued.")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tills", default="25,100,300", help="comma-separated numbers of tills")
    parser.add_argument("--sales", type=int, default=2, help="sales per till per leg")
    parser.add_argument("--workers", type=int, default=3, help="processes the tills are spread over")
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT)
    args = parser.parse_args(argv)
    began = time.perf_counter()
    counts = [int(text) for text in args.tills.split(",") if text.strip()]
    haproxy = haproxy_program()
    result: dict[str, Any] = {"sales_per_till": args.sales, "workers": args.workers, "runs": [],
                              "haproxy": haproxy is not None, "goals": {"check_ratio": GOAL_CHECK_RATIO,
                                                                         "hint_p95_ms": GOAL_HINT_P95_MS,
                                                                         "cpu_ms_per_call": GOAL_CPU_MS},
                              "cpu_per_call": "the copies' process CPU (/proc) from the first sale to the last, "
                                              "over the /v2 calls the tills had answered in that time"}
    failures: list[str] = []
    # The sandbox's multi-session mode: the direct tills and the store log in as one merchant side by side.
    sandbox = SandboxProcess()
    postgres = PostgresServer()
    sink = CallbackSink()
    legs_by_count: dict[int, StoreLeg] = {}
    workers: Workers | None = None
    try:
        postgres.start()
        progress("PostgreSQL and the sandbox up; starting the store copies and the tills' processes")
        workers = Workers(args.workers)
        wanted = [1, 3] if haproxy is not None else [1]
        with ThreadPoolExecutor(len(wanted)) as starting:
            for leg in starting.map(lambda count: StoreLeg(postgres, sandbox.url, count, max(counts)), wanted):
                legs_by_count[leg.count] = leg
        for store in legs_by_count.values():
            store.add_tills()
        for run_number, tills in enumerate(counts):
            progress(f"{tills} tills: direct")
            base = {"sandbox_url": sandbox.url, "sales": args.sales, "first_sale": run_number * 1000 + 1}
            direct = run_leg(workers, {**base, "url": sandbox.url, "direct": True, "prefix": f"R{tills}",
                                       "callback_url": sink.url},
                             {f"D{n:03d}": PASSWORD for n in range(tills)}, None, sandbox.url)
            direct.pop("numbers", None)
            direct["logins"] = None
            legs: dict[str, Any] = {"direct": direct}
            for copies in (1, 3):
                name = f"{copies} cop{'y' if copies == 1 else 'ies'}"
                store = legs_by_count.get(copies)
                if store is None:
                    legs[name] = {"skipped": "HAProxy is not installed (apt-get install haproxy)"}
                    progress(f"{tills} tills: {name}: skipped, no HAProxy")
                    continue
                progress(f"{tills} tills: {name}")
                before = sandbox_logins(sandbox.url)
                keys = dict(list(store.keys.items())[:tills])
                leg = run_leg(workers, {**base, "url": store.url, "direct": False, "prefix": "",
                                        "callback_url": "http://127.0.0.1:9/callback"}, keys, store.copies,
                              sandbox.url)
                leg["logins"] = sandbox_logins(sandbox.url) - before
                leg["doubled"] = doubled(sandbox.url, leg.pop("numbers"))
                leg["ratios"] = ratios(leg, direct)
                legs[name] = leg
                failures += [f"{tills} tills, {name}: {failure}" for failure in leg["failures"]]
                if leg["doubled"]:
                    failures.append(f"{tills} tills, {name}: {leg['doubled']} numbers made twice")
            failures += [f"{tills} tills, direct: {failure}" for failure in direct["failures"]]
            result["runs"].append({"tills": tills, "legs": legs})
    finally:
        if workers is not None:
            workers.close()
        for store in legs_by_count.values():
            store.stop()
        sink.stop()
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
    """summary.py's rows: the goal's size (100 tills) and the largest run measured, one row per store leg."""
    rows = []
    for run in [run for run in result["runs"][:-1] if run["tills"] == GOAL_TILLS] + result["runs"][-1:]:
        for name, leg in run["legs"].items():
            if name == "direct" or leg.get("skipped") or not leg["sales"]:
                continue
            ratio = leg["ratios"].get("check_p50_ratio")
            hint = leg["hint"]["p95_ms"]
            relay = leg.get("callback_to_hint", {}).get("p95_ms")
            rows.append({"area": "Store at scale", "measure": f"{run['tills']} tills through {name}: check p50 "
                                                               f"(x direct) / pay -> hint p95 (callback -> hint) / "
                                                               f"CPU per call",
                         "value": f"{ratio:.1f}x / {hint:.0f} ms ({relay or 0:.0f} ms) / "
                                  f"{leg['cpu_ms_per_call']:.2f} ms"
                         if ratio and hint is not None else "-",
                         "note": f"goals {GOAL_CHECK_RATIO:g}x / {GOAL_HINT_P95_MS:g} ms / {GOAL_CPU_MS:g} ms; "
                                 f"{leg['logins']} logins, {leg['failed']} failed"})
    return rows


if __name__ == "__main__":
    sys.exit(main())
