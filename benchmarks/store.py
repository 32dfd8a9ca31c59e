"""The store server (`pos_app/store/`) between the tills and QPay: what it adds to a call, how soon a payment
pushed through it shows, and how fast a till's journal ships to it. SQLite (the store's default database) in a
temporary folder; the QPay sandbox and the store each in a process of their own, the till (this process) in a
third, so none shares a GIL with another.

1. Store overhead per call: the same `QPayClient` calls (`check_payment` on a paid invoice, `get_invoice`,
   `create_invoice`) made straight to the sandbox and through the store, interleaved call by call (A B, B A, ...)
   so that drift on the machine hits both alike, `--calls` of each (`--create-calls` creates). Per kind of call: the median and p95 ms of
   both, the ratio store/direct, the ms the store adds, and the store process's CPU per call.
2. Paid -> shown through the callback push: a till listening with `StoreHints`; for each of `--invoices`
   invoices (made through the store), the payer pays at the sandbox (`POST /_sandbox/invoices/{id}/pay`), the
   sandbox calls the store's callback URL, the store pushes a hint down the till's event stream. Timed from the
   pay request being sent to `on_hint` firing for that invoice, and to the `paid_state` check the till makes
   right after the hint saying PAID ("shown"). Goal: median <= 150 ms (reported, never asserted). For
   comparison, polling alone at the till's first-minute interval (1 s) through the store, `--poll-invoices`
   invoices in parallel, each paid at a stratified moment within its poll interval.
3. Journal shipping: a till journal with `--sales` sales (5 steps each, written with the journal's own API as
   `journal_write.py` does, fsync off while building: the writes are not measured here) shipped by a
   `JournalShipper` to the store, which has nothing of it: steps and sales per second until caught up. Then a
   new shipper on the same journal against the store that has it all (it asks where the store stands, sends
   nothing), and every batch POSTed again as it was (the store keeps nothing twice): steps per second.

    .venv/bin/python benchmarks/store.py [--calls 150] [--create-calls 50] [--invoices 40] [--poll-invoices 16]
                                         [--sales 2000]

Prints Markdown tables (progress on stderr); writes JSON to benchmarks/results/store.json. No pass/fail on the
numbers: it exits 1 only if something failed (a hint never came, a check did not see the payment, the
journal did not catch up).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path
from typing import Any

import requests

from common import PASSWORD, RESULTS, ROOT, USERNAME, SandboxProcess, ServerProcess, percentile
from store_report import headline, markdown
from store_shipping import TILL, build_journal, shipping

sys.path.insert(0, str(ROOT))
from pos_app.qpay import CallbackHint, FullInvoice, QPayClient  # noqa: E402
from pos_app.storelink.hints import StoreHints  # noqa: E402

DEFAULT_OUTPUT = RESULTS / "store.json"
INVOICE_CODE = "TEST_INVOICE"
AMOUNT = "9500"
GOAL_SHOWN_MEDIAN_MS = 150.0      # the goal for paid -> shown through the push
POLL_INTERVAL_S = 1.0             # the till's first-minute poll interval (PollSchedule().fast_interval)
HINT_TIMEOUT_S = 5.0
WARMUP_CALLS = 10
KINDS = ("check_payment", "get_invoice", "create_invoice")


def progress(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


class StoreProcess(ServerProcess):
    """`python -m pos_app.store serve` on loopback in front of the sandbox, its password from the environment."""

    def __init__(self, db_url: str, qpay_url: str) -> None:
        super().__init__("pos_app.store", ["serve", "--db", db_url, "--qpay-url", qpay_url, "--username", USERNAME,
                                           "--invoice-code", INVOICE_CODE, "--port", "0"],
                         "store listening on ", label="the store", env={"POS_STORE_QPAY_PASSWORD": PASSWORD})


def invoice(number: str) -> FullInvoice:
    return FullInvoice.model_validate({
        "invoice_code": INVOICE_CODE, "sender_invoice_no": number, "invoice_receiver_code": "terminal",
        "invoice_description": f"Sale {number}", "amount": AMOUNT, "callback_url": "http://127.0.0.1:9/callback",
        "lines": [{"line_description": "Milk", "line_quantity": "2", "line_unit_price": "3500"},
                  {"line_description": "Bread", "line_quantity": "1", "line_unit_price": "2500"}],
    })


def summary(values: list[float]) -> dict[str, Any]:
    ordered = sorted(values)
    return {"count": len(values), "median_ms": statistics.median(values) if values else None,
            "p95_ms": percentile(ordered, 0.95) if values else None,
            "min_ms": ordered[0] if values else None, "max_ms": ordered[-1] if values else None}


def timed_ms(call: Callable[[], Any]) -> tuple[float, Any]:
    start = time.perf_counter()
    result = call()
    return (time.perf_counter() - start) * 1000, result


# -- 1. what the store adds to a call ------------------------------------------------------------------------

def overhead(direct: QPayClient, store: QPayClient, pay: Callable[[str], None], store_cpu: Callable[[], float | None],
             calls: int, create_calls: int) -> dict[str, Any]:
    numbers = iter(range(1, 10**9))

    def new_invoice(client: QPayClient, side: str) -> str:
        return client.create_invoice(invoice(f"OVH-{side}-{next(numbers):06d}")).invoice_id

    paid = {}
    for side, client in (("direct", direct), ("store", store)):
        paid[side] = new_invoice(client, side)   # also logs in: the store's first call logs it in at QPay
        pay(paid[side])
    work: dict[str, dict[str, Callable[[], Any]]] = {
        "check_payment": {"direct": lambda: direct.check_payment(paid["direct"]),
                          "store": lambda: store.check_payment(paid["store"])},
        "get_invoice": {"direct": lambda: direct.get_invoice(paid["direct"]),
                        "store": lambda: store.get_invoice(paid["store"])},
        "create_invoice": {"direct": lambda: new_invoice(direct, "direct"),
                           "store": lambda: new_invoice(store, "store")},
    }
    rows: dict[str, Any] = {}
    for kind in KINDS:
        calls_of = work[kind]
        for _ in range(WARMUP_CALLS):
            calls_of["direct"]()
            calls_of["store"]()
        times: dict[str, list[float]] = {"direct": [], "store": []}
        cpu_before = store_cpu()
        for index in range(create_calls if kind == "create_invoice" else calls):
            order = ("direct", "store") if index % 2 == 0 else ("store", "direct")   # A B, B A: neither always first
            for side in order:
                times[side].append(timed_ms(calls_of[side])[0])
        cpu_after = store_cpu()
        row = {side: summary(values) for side, values in times.items()}
        row["ratio"] = row["store"]["median_ms"] / row["direct"]["median_ms"]
        row["added_ms"] = row["store"]["median_ms"] - row["direct"]["median_ms"]
        row["store_cpu_ms_per_call"] = ((cpu_after - cpu_before) * 1000 / len(times["store"])
                                        if cpu_before is not None and cpu_after is not None else None)
        rows[kind] = row
        progress(f"  {kind}: direct {row['direct']['median_ms']:.2f} ms, store {row['store']['median_ms']:.2f} ms")
    return rows


# -- 2. paid -> shown through the push, and by polling alone --------------------------------------------------

class HintLog:
    """When each invoice's hint came (perf_counter), as `StoreHints` delivers it on its thread."""

    def __init__(self) -> None:
        self._lock = threading.Condition()
        self.at: dict[str, float] = {}
        self.count = 0

    def on_hint(self, hint: CallbackHint) -> None:
        now = time.perf_counter()
        with self._lock:
            self.count += 1
            if hint.invoice_id and hint.invoice_id not in self.at:
                self.at[hint.invoice_id] = now
            self._lock.notify_all()

    def wait(self, invoice_id: str, timeout: float) -> float | None:
        with self._lock:
            self._lock.wait_for(lambda: invoice_id in self.at, timeout)
            return self.at.get(invoice_id)


def push(store_url: str, key: str, sandbox_url: str, invoices: int) -> dict[str, Any]:
    log = HintLog()
    hints = StoreHints(store_url, TILL, key, log.on_hint).start()
    client = QPayClient(store_url, TILL, key)
    payer = requests.Session()
    rows: list[dict[str, Any]] = []
    failures: list[str] = []
    try:
        if not hints.connected.wait(10):
            raise RuntimeError("the till's event stream did not open")
        for number in range(-3, invoices):         # three unmeasured first (connections, first callback)
            invoice_id = client.create_invoice(invoice(f"PUSH-{number + 3:05d}")).invoice_id
            sent = time.perf_counter()
            answer = payer.post(f"{sandbox_url}/_sandbox/invoices/{invoice_id}/pay", json={}, timeout=10)
            returned = time.perf_counter()
            answer.raise_for_status()
            hinted = log.wait(invoice_id, HINT_TIMEOUT_S)
            if hinted is None:
                failures.append(f"no hint for {invoice_id} within {HINT_TIMEOUT_S:g} s")
                continue
            verdict = client.paid_state(invoice_id, Decimal(AMOUNT))
            shown = time.perf_counter()
            if not verdict.is_paid:
                failures.append(f"the check after the hint for {invoice_id} said {verdict.state}")
                continue
            if number >= 0:
                rows.append({"invoice_id": invoice_id, "pay_call_ms": (returned - sent) * 1000,
                             "hint_ms": (hinted - sent) * 1000, "shown_ms": (shown - sent) * 1000})
    finally:
        hints.stop()
        client.close()
        payer.close()
    return {"invoices": rows, "failures": failures, "hints_received": log.count,
            "hint_ms": summary([row["hint_ms"] for row in rows]),
            "shown_ms": summary([row["shown_ms"] for row in rows]),
            "pay_call_ms": summary([row["pay_call_ms"] for row in rows])}


def polling(store_url: str, key: str, sandbox_url: str, invoices: int, seed: int) -> dict[str, Any]:
    """Each invoice polled on its own thread every POLL_INTERVAL_S through the store (no hints), paid at a moment
    whose phase within the interval is stratified over the invoices; the pollers' grids are staggered so that
    their checks do not all meet at the store at once."""
    clients = [QPayClient(store_url, TILL, key) for _ in range(invoices)]   # a till each, as at a store
    ids = [client.create_invoice(invoice(f"POLL-{n:05d}")).invoice_id for n, client in enumerate(clients)]
    phases = [(n + 0.5) / invoices for n in range(invoices)]
    random.Random(seed).shuffle(phases)
    start = time.perf_counter() + 0.2
    rows: list[dict[str, Any] | None] = [None] * invoices
    failures: list[str] = []

    def till(n: int) -> None:
        client = clients[n]
        grid = start + n * POLL_INTERVAL_S / invoices
        pay_at = grid + POLL_INTERVAL_S + phases[n] * POLL_INTERVAL_S   # after the first check, before the second
        sent = returned = None
        with requests.Session() as payer:
            for check in range(1, 10):
                at = grid + check * POLL_INTERVAL_S
                if sent is None and pay_at < at:
                    time.sleep(max(0.0, pay_at - time.perf_counter()))
                    sent = time.perf_counter()
                    payer.post(f"{sandbox_url}/_sandbox/invoices/{ids[n]}/pay", json={}, timeout=10).raise_for_status()
                    returned = time.perf_counter()
                time.sleep(max(0.0, at - time.perf_counter()))
                if client.paid_state(ids[n], Decimal(AMOUNT)).is_paid:
                    if sent is None or returned is None:
                        failures.append(f"{ids[n]} read paid before it was paid")
                        return
                    shown = time.perf_counter()
                    rows[n] = {"invoice_id": ids[n], "phase": phases[n], "pay_call_ms": (returned - sent) * 1000,
                               "shown_ms": (shown - sent) * 1000, "checks": check}
                    return
        failures.append(f"polling never saw {ids[n]} paid")

    threads = [threading.Thread(target=till, args=(n,), name=f"poller-{n}") for n in range(invoices)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(20)
    for client in clients:
        client.close()
    done = [row for row in rows if row is not None]
    return {"interval_s": POLL_INTERVAL_S, "invoices": done, "failures": failures, "seed": seed,
            "shown_ms": summary([row["shown_ms"] for row in done]),
            "expected_median_ms": POLL_INTERVAL_S / 2 * 1000}


# -- 3. journal shipping --------------------------------------------------------------------------------------

def run(args: argparse.Namespace, folder: Path) -> dict[str, Any]:
    from pos_app.store.credentials import add_credential
    from pos_app.store.db import open_database

    db_path = folder / "store.sqlite3"
    db_url = f"sqlite:///{db_path}"
    engine = open_database(db_url)     # the schema, and the till's key, before the store starts
    key = add_credential(engine, TILL)
    engine.dispose()
    # The sandbox's default (multi-session) mode: the direct client and the store log in as the same merchant side
    # by side; single-session (as the live service) would have each login end the other's session.
    sandbox = SandboxProcess()
    store: StoreProcess | None = None
    result: dict[str, Any] = {}
    try:
        store = StoreProcess(db_url, sandbox.url)
        payer = requests.Session()

        def pay(invoice_id: str) -> None:
            payer.post(f"{sandbox.url}/_sandbox/invoices/{invoice_id}/pay", json={}, timeout=10).raise_for_status()

        direct = QPayClient(sandbox.url, USERNAME, PASSWORD)
        through = QPayClient(store.url, TILL, key)
        progress(f"1. overhead: {args.calls} calls of each kind, each way")
        result["overhead"] = overhead(direct, through, pay, store.cpu_seconds, args.calls, args.create_calls)
        direct.close()
        through.close()
        progress(f"2. paid -> shown: {args.invoices} invoices through the push")
        result["push"] = push(store.url, key, sandbox.url, args.invoices)
        progress(f"   and {args.poll_invoices} by polling alone every {POLL_INTERVAL_S:g} s")
        result["polling"] = (polling(store.url, key, sandbox.url, args.poll_invoices, args.seed)
                             if args.poll_invoices else
                             {"interval_s": POLL_INTERVAL_S, "invoices": [], "failures": [], "shown_ms": summary([]),
                              "expected_median_ms": POLL_INTERVAL_S / 2 * 1000})
        progress(f"3. journal shipping: building {args.sales:,} sales")
        journal, built = build_journal(folder / "journal.sqlite3", args.sales)
        try:
            progress(f"   {built['events']:,} steps written in {built['build_s']:.1f} s; shipping")
            result["shipping"] = shipping(store.url, key, journal, built, db_path, store.cpu_seconds)
        finally:
            journal.close()
        payer.close()
        logins = [entry for entry in requests.get(f"{sandbox.url}/_sandbox/requests", timeout=10).json()
                  if entry.get("path") == "/v2/auth/token"]
        result["sandbox_logins"] = len(logins)   # the direct client's one and the store's one
    finally:
        stopped = {"store": store.stop() if store is not None else None, "sandbox": sandbox.stop()}
    result["stopped"] = stopped
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=150, help="calls of each kind, each way (direct, store)")
    parser.add_argument("--create-calls", type=int, default=50,
                        help="create_invoice calls each way (each makes an invoice: slower, so fewer)")
    parser.add_argument("--invoices", type=int, default=40, help="invoices paid and pushed")
    parser.add_argument("--poll-invoices", type=int, default=16, help="invoices found by polling alone (0: skip)")
    parser.add_argument("--sales", type=int, default=2000, help="sales in the shipped journal")
    parser.add_argument("--seed", type=int, default=1, help="seed of the polling payments' moments")
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT)
    args = parser.parse_args(argv)
    began = time.perf_counter()
    result: dict[str, Any] = {"settings": {"calls": args.calls, "create_calls": args.create_calls, "invoices": args.invoices,
                                           "poll_invoices": args.poll_invoices, "sales": args.sales,
                                           "seed": args.seed, "database": "SQLite (temporary folder)",
                                           "processes": "sandbox, store and till (this one) apart"},
                              "python": platform.python_version(), "cpus": os.cpu_count()}
    with tempfile.TemporaryDirectory(prefix="bench-store-") as folder:
        result |= run(args, Path(folder))
    shown = result["push"]["shown_ms"]["median_ms"]
    result["goal"] = {"median_ms": GOAL_SHOWN_MEDIAN_MS, "measured_ms": shown,
                      "met": shown is not None and shown <= GOAL_SHOWN_MEDIAN_MS}
    result["failures"] = (result["push"]["failures"] + result["polling"]["failures"]
                          + result["shipping"]["failures"])
    result["elapsed_s"] = time.perf_counter() - began
    result["load_average"] = os.getloadavg() if hasattr(os, "getloadavg") else None
    result["headline"] = headline(result)
    print(markdown(result))
    print(f"\nWhole run: {result['elapsed_s']:.0f} s.")
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(json.dumps(result, indent=2), encoding="utf-8")
    print(f"JSON: {args.output}")
    return 1 if result["failures"] else 0


if __name__ == "__main__":
    sys.exit(main())
