"""The sales journal's writes and size: what each committed step costs, and how big the file gets.

1. Write latency per step: `--sales` sales (default 10,000) go through the
   real `Journal` API on a fresh file (WAL, synchronous=FULL, as the till
   opens it), each through begin_sale, invoice_opened, payments_seen,
   receipt_started and receipt_issued: five committed transactions. The
   objects are what a real sale carries: 3 cart lines with Mongolian names and
   exact Decimal money, an invoice with 8 bank app links and a ~300 character
   qr_text, a payment, a receiver and an issued receipt. Every
   `--cancel-every`th sale also has a twin that is cancelled (cancel_started,
   invoice_cancelled), written to a second journal file in the same folder so
   the main file holds only completed sales.
2. Side by side, interleaved in rounds of `--round` sales with the order of
   the blocks rotated each round: a bare `BEGIN; INSERT; COMMIT` on a plain
   sqlite3 connection with the same pragmas (WAL, synchronous=FULL), and the
   same with synchronous=NORMAL, each on its own file in the same folder, one
   of each per sale. The "step / bare commit" ratios are the figures to
   compare between runs and machines; absolute times drift.
3. Size after the run: the main file and its -wal while the journal is open,
   bytes per sale, then (after the Journal is closed) the size after
   `PRAGMA wal_checkpoint(TRUNCATE)` on a separate sqlite3 connection.
4. Read latency with all those sales in the file: `unfinished()` (start-up)
   and `sales_between(today, today)` (the history screen), then a fresh
   `Journal(...)` open + `unfinished()` as a restarted till pays it.

    .venv/bin/python benchmarks/journal_write.py [--sales 10000] [--cancel-every 10] [--round 100]

Prints Markdown tables (progress on stderr); writes JSON to
benchmarks/results/journal_write.json. Exits 1 if anything failed.
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import json
import os
import platform
import sqlite3
import statistics
import sys
import tempfile
import time
import traceback
import uuid
from collections import Counter
from datetime import datetime, timezone
from decimal import Decimal
from pathlib import Path
from typing import Any, Callable
from urllib.parse import quote

from common import RESULTS, ROOT, percentile

sys.path.insert(0, str(ROOT))
from pos_app.domain.cart import CartLine  # noqa: E402
from pos_app.domain.shop_time import ShopClock  # noqa: E402
from pos_app.domain.sale import (  # noqa: E402
    BankApp,
    IssuedReceipt,
    OpenInvoice,
    PaymentSeen,
    Receiver,
    ReceiverKind,
)
from pos_app.domain.taxes import ZERO_TAX, TaxRates, TaxSplit  # noqa: E402
from pos_app.journal.journal import Journal, JournalStatus  # noqa: E402

DEFAULT_OUTPUT = RESULTS / "journal_write.json"
DEFAULT_SALES = 10_000
TERMINAL = "BENCH1"
SALE_STEPS = ("begin_sale", "invoice_opened", "payments_seen", "receipt_started", "receipt_issued")
CANCEL_STEPS = ("cancel_started", "invoice_cancelled")
WHOLE_SALE = "whole sale: the 5 steps + building its objects"
START_UP_READ = "Journal(...) + start-up reads, fresh open"
BARE_FULL, BARE_NORMAL = "bare INSERT+COMMIT, FULL", "bare INSERT+COMMIT, NORMAL"
RATES = TaxRates()
WAL_WRAP_COMMITS = 1200   # one-page commits that fill the -wal past the 1,000-page auto-checkpoint
SLOW_RUN_S = 60.0   # warn (on stderr) when the writes alone will take longer

# What a corner shop sells: (name, quantity, unit price, barcode, tax product code, city tax).
LINES = (
    ("Талх, цагаан 500г", "2", "1500.00", "8650001000012", "2111", False),
    ("Сүү 1л, Сүү ХК", "1", "3500.00", "8656000010011", "2211", True),
    ("Өндөг 10ш", "1", "6900.00", "8650032004410", "2311", False),
)
# 8 of the bank apps the service lists with every invoice (name, Mongolian description, deep-link scheme).
BANKS = (
    ("qPay wallet", "qPay хэтэвч", "qpaywallet"),
    ("Khan bank", "Хаан банк", "khanbank"),
    ("State bank", "Төрийн банк", "statebankmongolia"),
    ("Xac bank", "Хас банк", "xacbank"),
    ("Trade and Development bank", "Худалдаа хөгжлийн банк", "tdbbank"),
    ("Social Pay", "Голомт банк", "socialpay-payment"),
    ("Most money", "МОСТ мони", "most"),
    ("National investment bank", "Үндэсний хөрөнгө оруулалтын банк", "nibank"),
)


def progress(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


# ---------------------------------------------------------------------------
# One realistic sale's objects
# ---------------------------------------------------------------------------
def _tlv(tag: str, value: str) -> str:
    return f"{tag}{len(value):02d}{value}"


def qr_text_for(invoice_id: str, amount: Decimal, reference: str) -> str:
    """An EMVCo-shaped merchant QR payload of about 300 characters, as the live service's `qr_text`."""
    digest = hashlib.sha256(invoice_id.encode()).hexdigest().upper()
    body = "".join([
        _tlv("00", "01"), _tlv("01", "12"),
        _tlv("15", "2794049600" + digest[:21]),
        _tlv("26", _tlv("00", "MN.QPAY") + _tlv("01", invoice_id.replace("-", "").upper())),
        _tlv("27", _tlv("00", "MN.QPAY.MERCHANT") + _tlv("01", digest[21:61])),
        _tlv("52", "5411"), _tlv("53", "496"), _tlv("54", f"{amount:.2f}"), _tlv("58", "MN"),
        _tlv("59", "BENCH DELGUUR LLC"), _tlv("60", "ULAANBAATAR"),
        _tlv("62", _tlv("01", reference.replace("-", "")) + _tlv("07", TERMINAL)),
        _tlv("80", digest[:64]), _tlv("81", digest[:40]),
    ]) + "6304"
    return body + digest[-4:]


def cart_lines(number: int) -> tuple[tuple[CartLine, ...], Decimal, TaxSplit]:
    lines = tuple(CartLine(name, Decimal(quantity), Decimal(price), barcode, tax_code, "0" + tax_code[:3], city)
                  for name, quantity, price, barcode, tax_code, city in LINES)
    if number % 3 == 0:   # vary the basket a little: a third of the sales buy two cartons of milk
        lines = (lines[0], CartLine(lines[1].description, Decimal(2), lines[1].unit_price, lines[1].barcode,
                                    lines[1].tax_product_code, lines[1].classification_code, True), lines[2])
    total = sum((line.total for line in lines), Decimal(0))
    taxes = ZERO_TAX
    for line in lines:
        taxes = taxes + line.taxes(RATES)
    return lines, total, taxes


def open_invoice(total: Decimal, number: int) -> OpenInvoice:
    invoice_id = str(uuid.uuid4())
    qr_text = qr_text_for(invoice_id, total, f"{TERMINAL}-{number:06d}")
    code = quote(qr_text, safe="")
    banks = tuple(BankApp(name, description, f"https://qpay.mn/q/logo/{scheme}.png",
                          f"{scheme}://q?qPay_QRcode={code}") for name, description, scheme in BANKS)
    return OpenInvoice(invoice_id, qr_text, short_url=f"https://s.qpay.mn/{invoice_id[:8]}", banks=banks)


def payments(total: Decimal, number: int) -> tuple[PaymentSeen, ...]:
    return (PaymentSeen(f"{593620137500000 + number}", total, BANKS[1 + number % 7][0]),)


def receiver(number: int) -> Receiver:
    return Receiver.organization("5317878") if number % 10 == 0 else Receiver(ReceiverKind.INDIVIDUAL)


def issued_receipt(total: Decimal, taxes: TaxSplit, who: Receiver, number: int) -> IssuedReceipt:
    ddtd = f"0000383{number:026d}"   # the 33-digit ebarimt id
    qr_data = "".join(hashlib.sha256(f"{ddtd}{i}".encode()).hexdigest() for i in range(2))[:120]
    lottery = f"ЖХ {10_000_000 + number * 7919 % 90_000_000:08d}"
    return IssuedReceipt(ddtd, lottery, qr_data, total, taxes.vat, taxes.city_tax, who)


# ---------------------------------------------------------------------------
# The measured work
# ---------------------------------------------------------------------------
class Timings:
    """Wall and CPU (this thread's) ms per named operation."""

    def __init__(self) -> None:
        self.wall: dict[str, list[float]] = {}
        self.cpu: dict[str, list[float]] = {}

    def time(self, name: str, call: Callable[[], Any]) -> Any:
        cpu0, wall0 = time.thread_time_ns(), time.perf_counter_ns()
        result = call()
        wall1, cpu1 = time.perf_counter_ns(), time.thread_time_ns()
        self.wall.setdefault(name, []).append((wall1 - wall0) / 1e6)
        self.cpu.setdefault(name, []).append((cpu1 - cpu0) / 1e6)
        return result

    def summary(self, name: str) -> dict[str, Any]:
        values = self.wall.get(name, [])
        ordered = sorted(values)
        return {"count": len(values),
                "median_ms": statistics.median(values) if values else None,
                "p95_ms": percentile(ordered, 0.95) if values else None,
                "p99_ms": percentile(ordered, 0.99) if values else None,
                "mean_ms": statistics.fmean(values) if values else None,
                "max_ms": ordered[-1] if values else None,
                "cpu_median_ms": statistics.median(self.cpu[name]) if values else None}


def one_sale(journal: Journal, number: int, timings: Timings | None) -> str:
    """A sale through all five steps; each step's call (only the call) timed when `timings` is given."""
    lines, total, taxes = cart_lines(number)
    invoice = open_invoice(total, number)
    paid = payments(total, number)
    who = receiver(number)
    receipt = issued_receipt(total, taxes, who, number)

    def run(name: str, call: Callable[[], Any]) -> Any:
        return call() if timings is None else timings.time(name, call)

    sale = run("begin_sale", lambda: journal.sales.begin(lines, total, taxes))
    run("invoice_opened", lambda: journal.sales.invoice_opened(sale, invoice))
    run("payments_seen", lambda: journal.sales.payments_seen(sale, paid))
    run("receipt_started", lambda: journal.sales.receipt_started(sale, who))
    run("receipt_issued", lambda: journal.sales.receipt_issued(sale, receipt))
    return sale


def one_cancelled_sale(journal: Journal, number: int, timings: Timings | None) -> str:
    """A sale whose customer walks away: begun and opened (not timed), then cancelled (timed)."""
    lines, total, taxes = cart_lines(number)
    sale = journal.sales.begin(lines, total, taxes)
    journal.sales.invoice_opened(sale, open_invoice(total, number))
    if timings is None:
        journal.sales.cancel_started(sale)
        journal.sales.invoice_cancelled(sale)
    else:
        timings.time("cancel_started", lambda: journal.sales.cancel_started(sale))
        timings.time("invoice_cancelled", lambda: journal.sales.invoice_cancelled(sale))
    return sale


class BareCommits:
    """A plain sqlite3 connection, WAL, the given synchronous level: BEGIN IMMEDIATE; INSERT; COMMIT."""

    PAYLOAD = json.dumps({"from": "open", "to": "paid", "payments": [{"amount": "13400.00"}]})

    def __init__(self, path: Path, synchronous: str) -> None:
        self.db = sqlite3.connect(path, timeout=10, isolation_level=None)
        (mode,) = self.db.execute("PRAGMA journal_mode=WAL").fetchone()
        if str(mode).lower() != "wal":
            raise RuntimeError(f"{path} cannot use WAL (mode {mode})")
        self.db.execute(f"PRAGMA synchronous={synchronous}")
        self.db.execute("CREATE TABLE IF NOT EXISTS t"
                        " (id INTEGER PRIMARY KEY, at TEXT NOT NULL, payload TEXT NOT NULL)")
        self.synchronous = self.db.execute("PRAGMA synchronous").fetchone()[0]

    def commit_one(self) -> None:
        self.db.execute("BEGIN IMMEDIATE")
        self.db.execute("INSERT INTO t (at, payload) VALUES (?, ?)", (datetime.now().isoformat(), self.PAYLOAD))
        self.db.execute("COMMIT")

    def warm_up(self) -> None:
        """Commit until the -wal has been checkpointed once and is being reused from its start.

        While a -wal still grows, each fsync also flushes the file's new size, which makes a commit
        about twice as slow; the journal's -wal wraps within its first ~25 sales (5 steps of about
        8 pages each), a one-page bare commit only after ~1,000 commits.
        """
        for _ in range(WAL_WRAP_COMMITS):
            self.commit_one()

    def close(self) -> None:
        self.db.close()


def file_size(path: Path) -> int:
    try:
        return path.stat().st_size
    except FileNotFoundError:
        return 0


def sizes(path: Path) -> dict[str, int]:
    main, wal, shm = (file_size(Path(f"{path}{suffix}")) for suffix in ("", "-wal", "-shm"))
    return {"main_bytes": main, "wal_bytes": wal, "shm_bytes": shm, "main_plus_wal_bytes": main + wal}


def elapsed_estimate(began: float, done: int, total: int) -> float:
    return (time.perf_counter() - began) / done * total


def timed_reads(repeats: int, call: Callable[[], list[Any]]) -> dict[str, Any]:
    times, rows = [], None
    for _ in range(repeats):
        start = time.perf_counter_ns()
        result = call()
        times.append((time.perf_counter_ns() - start) / 1e6)
        rows = len(result)
    return {"repeats": repeats, "rows": rows, "median_ms": statistics.median(times), "min_ms": min(times),
            "max_ms": max(times)}


def run(args: argparse.Namespace, folder: Path) -> dict[str, Any]:
    main_path, side_path = folder / "journal.sqlite3", folder / "side-journal.sqlite3"
    clock = ShopClock()     # the journal's default: the shop's (Ulaanbaatar) time, and so its days
    journal = Journal(main_path, TERMINAL, clock=clock)
    # The warm-up sales and the cancelled twins go here: the main file holds only completed sales.
    side = Journal(side_path, TERMINAL, clock=clock)
    bare = {BARE_FULL: BareCommits(folder / "bare-full.sqlite3", "FULL"),
            BARE_NORMAL: BareCommits(folder / "bare-normal.sqlite3", "NORMAL")}
    pragmas = {"journal_mode": journal.pragma("journal_mode"), "synchronous": journal.pragma("synchronous"),
               "bare_full_synchronous": bare[BARE_FULL].synchronous,
               "bare_normal_synchronous": bare[BARE_NORMAL].synchronous}
    if pragmas["journal_mode"] != "wal" or pragmas["synchronous"] != 2 or pragmas["bare_full_synchronous"] != 2 \
            or pragmas["bare_normal_synchronous"] != 1:
        raise RuntimeError(f"unexpected pragmas: {pragmas}")
    timings = Timings()
    finished = False
    try:
        for number in range(1, args.warmup + 1):   # unmeasured: caches, the first pages of each file
            one_sale(side, 900_000 + number, None)
        for connection in bare.values():
            connection.warm_up()
        first_day = clock.today()
        began = time.perf_counter()
        done = cancelled = rounds = 0
        next_report = max(1, args.sales // 10)
        while done < args.sales:
            size = min(args.round, args.sales - done)
            first = done + 1

            # The blocks run within this round, so they see this round's first and size (B023 is moot).
            def journal_block() -> None:
                nonlocal cancelled
                for number in range(first, first + size):  # noqa: B023
                    timings.time(WHOLE_SALE, lambda: one_sale(journal, number, timings))  # noqa: B023
                    if args.cancel_every and number % args.cancel_every == 0:
                        one_cancelled_sale(side, number, timings)
                        cancelled += 1

            def bare_block(name: str, connection: BareCommits) -> None:
                for _ in range(size):  # noqa: B023
                    timings.time(name, connection.commit_one)

            blocks: list[Callable[[], None]] = [journal_block] + [
                functools.partial(bare_block, name, connection) for name, connection in bare.items()]
            # Rotate the order each round so no block always follows the same one.
            for block in blocks[rounds % 3:] + blocks[:rounds % 3]:
                block()
            rounds += 1
            done += size
            if done >= next_report or done == args.sales:
                elapsed = time.perf_counter() - began
                progress(f"  {done:,}/{args.sales:,} sales, {elapsed:.1f} s "
                         f"(about {elapsed / done * (args.sales - done):.0f} s to go)")
                next_report = done + max(1, args.sales // 10)
            if rounds == 1 and elapsed_estimate(began, done, args.sales) > SLOW_RUN_S:
                progress(f"  note: this machine's commits are slow; the run will take about "
                         f"{elapsed_estimate(began, done, args.sales):.0f} s. A smaller --sales is faster, but "
                         f"the size figures are then for that many sales.")
        write_s = time.perf_counter() - began
        last_day = clock.today()

        # Reads with every sale in the file, on the open journal (as the running till has it).
        progress("reading back")
        reads = {"unfinished()": timed_reads(args.read_repeats, journal.queries.unfinished)}
        if hasattr(journal, "unsettled_afterwards"):   # start-up recovery reads both
            reads["unsettled_afterwards()"] = timed_reads(args.read_repeats, journal.queries.unsettled)
        reads["sales_between(today, today)"] = timed_reads(args.read_repeats,
                                                          lambda: journal.queries.between(first_day, last_day))
        open_sizes = sizes(main_path)
        side_counts = Counter(sale.status.value for sale in side.queries.between(first_day, last_day))
        sample = journal.queries.get(f"{TERMINAL}-{first_day:%Y%m%d}-000001") if first_day == last_day else None
        finished = True
    finally:
        for connection in bare.values():
            connection.close()
        side.close()
        if not finished:
            journal.close()

    # A second connection holds the file open, so closing the Journal is not the last close
    # (which would checkpoint and delete the -wal itself): the TRUNCATE below does that work.
    checker = sqlite3.connect(main_path, isolation_level=None)
    try:
        try:
            (sales_in_file,) = checker.execute("SELECT count(*) FROM sales").fetchone()
        finally:
            journal.close()
        before_checkpoint = sizes(main_path)
        started = time.perf_counter()
        checkpoint = checker.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
        checkpoint_ms = (time.perf_counter() - started) * 1e3
        after_checkpoint = sizes(main_path)
        page_size = checker.execute("PRAGMA page_size").fetchone()[0]
        page_count = checker.execute("PRAGMA page_count").fetchone()[0]
        freelist = checker.execute("PRAGMA freelist_count").fetchone()[0]
        (events,) = checker.execute("SELECT count(*) FROM events").fetchone()
        statuses = dict(checker.execute("SELECT status, count(*) FROM sales GROUP BY status").fetchall())
        (quick_check,) = checker.execute("PRAGMA quick_check").fetchone()
        (row_bytes,) = checker.execute(
            "SELECT avg(length(CAST(lines_json AS BLOB)) + length(CAST(qr_text AS BLOB))"
            " + length(CAST(banks_json AS BLOB)) + length(CAST(payment_ids_json AS BLOB))"
            " + length(CAST(coalesce(receipt_qr, '') AS BLOB))) FROM sales").fetchone()
    finally:
        checker.close()

    # A restarted till: open the file and list what a crash left half-done.
    def open_and_list() -> list[Any]:
        with Journal(main_path, TERMINAL) as fresh:
            found = fresh.queries.unfinished()
            if hasattr(fresh, "unsettled_afterwards"):
                found += fresh.queries.unsettled()
            return found

    reads[START_UP_READ] = timed_reads(args.read_repeats, open_and_list)

    checks = {"sales_in_file": sales_in_file, "events_in_file": events, "statuses": statuses,
              "quick_check": quick_check, "side_journal_statuses": dict(side_counts),
              "wal_checkpoint_truncate": {"busy": checkpoint[0], "log_frames": checkpoint[1],
                                          "checkpointed_frames": checkpoint[2], "ms": checkpoint_ms}}
    problems = []
    if sales_in_file != args.sales or statuses != {JournalStatus.COMPLETED.value: args.sales}:
        problems.append(f"the journal holds {statuses}, expected {args.sales} completed sales")
    if events != args.sales * len(SALE_STEPS):
        problems.append(f"{events} events, expected {args.sales * len(SALE_STEPS)}")
    if quick_check != "ok":
        problems.append(f"quick_check: {quick_check}")
    if checkpoint[0] != 0 or after_checkpoint["wal_bytes"] != 0:
        problems.append(f"the checkpoint did not empty the WAL: {checkpoint}, {after_checkpoint}")
    if side_counts.get(JournalStatus.CANCELLED.value, 0) != cancelled:
        problems.append(f"side journal: {side_counts}, expected {cancelled} cancelled")
    for name in ("unfinished()", "unsettled_afterwards()", START_UP_READ):
        if name in reads and reads[name]["rows"] != 0:
            problems.append(f"{name} found {reads[name]['rows']} sales")
    if reads["sales_between(today, today)"]["rows"] != args.sales:
        problems.append(f"sales_between found {reads['sales_between(today, today)']['rows']} sales")
    if sample is not None and (len(sample.banks) != len(BANKS) or len(sample.lines) != len(LINES)
                               or sample.status is not JournalStatus.COMPLETED):
        problems.append(f"sale 1 did not read back whole: {sample}")
    if problems:
        raise RuntimeError("; ".join(problems))

    steps = {name: timings.summary(name) for name in (*SALE_STEPS, *CANCEL_STEPS)}
    steps[WHOLE_SALE] = timings.summary(WHOLE_SALE)
    baselines = {name: timings.summary(name) for name in bare}
    full, normal = baselines[BARE_FULL]["median_ms"], baselines[BARE_NORMAL]["median_ms"]
    ratios = {name: {"over_bare_full": row["median_ms"] / full, "over_bare_normal": row["median_ms"] / normal,
                     "extra_over_bare_full_ms": row["median_ms"] - full,
                     "p95_over_bare_full_p95": row["p95_ms"] / baselines[BARE_FULL]["p95_ms"]}
              for name, row in steps.items() if row["count"] and name in (*SALE_STEPS, *CANCEL_STEPS)}
    per_sale = open_sizes["main_plus_wal_bytes"] / args.sales
    return {
        "pragmas": pragmas,
        "steps": steps,
        "baselines": baselines,
        "ratios": ratios,
        "durability_full_over_normal": full / normal,
        "write_seconds": write_s,
        "cancelled_sales": cancelled,
        "size": {"sales": args.sales, "open": open_sizes, "open_bytes_per_sale": per_sale,
                 "after_close": before_checkpoint, "after_checkpoint_truncate": after_checkpoint,
                 "after_checkpoint_bytes_per_sale": after_checkpoint["main_bytes"] / args.sales,
                 "page_size": page_size, "page_count": page_count, "freelist_count": freelist,
                 "avg_text_bytes_per_sale_row": row_bytes},
        "reads": reads,
        "checks": checks,
    }


# ---------------------------------------------------------------------------
# Report
# ---------------------------------------------------------------------------
def _ms(value: float | None) -> str:
    return "n/a" if value is None else (f"{value:.3f}" if value < 10 else f"{value:.1f}")


def _bytes(value: float) -> str:
    return f"{value / 1e6:.1f} MB" if value >= 1e6 else f"{value / 1e3:.1f} kB" if value >= 1e3 else f"{value:.0f} B"


def markdown(result: dict[str, Any]) -> str:
    settings, r = result["settings"], result["results"]
    lines = []
    if settings["sales"] != DEFAULT_SALES:
        lines += [f"**Note: {settings['sales']:,} sales (`--sales`), not the default {DEFAULT_SALES:,}: "
                  "the size and read figures are for that many.**", ""]
    lines += [f"Write latency per committed step (WAL, synchronous=FULL), {settings['sales']:,} sales; "
              f"cancel steps on every {settings['cancel_every']}th sale's twin:", "",
              "| step | count | median ms | p95 ms | p99 ms | max ms | CPU median ms |",
              "|---|---:|---:|---:|---:|---:|---:|"]
    for name, row in [*r["steps"].items(), *r["baselines"].items()]:
        if row["count"]:
            label = f"`{name}`" if name in (*SALE_STEPS, *CANCEL_STEPS) else name
            lines.append(f"| {label} | {row['count']:,} | {_ms(row['median_ms'])} | {_ms(row['p95_ms'])} "
                         f"| {_ms(row['p99_ms'])} | {_ms(row['max_ms'])} | {_ms(row['cpu_median_ms'])} |")
    lines += ["", "Each step against a bare `BEGIN; INSERT; COMMIT` on a plain connection, interleaved in the "
              "same run (medians; above 1: the step costs more):", "",
              "| step | step / bare commit (FULL) | step / bare commit (NORMAL) | step − bare FULL, ms "
              "| p95 / bare FULL p95 |", "|---|---:|---:|---:|---:|"]
    for name, ratio in r["ratios"].items():
        lines.append(f"| `{name}` | {ratio['over_bare_full']:.2f}x | {ratio['over_bare_normal']:.1f}x "
                     f"| {ratio['extra_over_bare_full_ms']:+.3f} | {ratio['p95_over_bare_full_p95']:.2f}x |")
    lines.append(f"\nWhat durability costs: a bare commit with synchronous=FULL takes "
                 f"**{r['durability_full_over_normal']:.1f}x** one with synchronous=NORMAL.")
    size = r["size"]
    lines += ["", f"Journal size after {size['sales']:,} completed sales:", "",
              "| file | bytes | per sale |", "|---|---:|---:|"]
    for label, row in (("open journal: main file", size["open"]["main_bytes"]),
                       ("open journal: -wal", size["open"]["wal_bytes"]),
                       ("**open journal: main + -wal**", size["open"]["main_plus_wal_bytes"]),
                       ("(open journal: -shm, the WAL's index)", size["open"]["shm_bytes"]),
                       ("after `wal_checkpoint(TRUNCATE)`: main file", size["after_checkpoint_truncate"]["main_bytes"]),
                       ("after `wal_checkpoint(TRUNCATE)`: -wal", size["after_checkpoint_truncate"]["wal_bytes"])):
        lines.append(f"| {label} | {row:,} ({_bytes(row)}) | {_bytes(row / size['sales'])} |")
    checkpoint = r["checks"]["wal_checkpoint_truncate"]
    lines.append(f"\n{size['page_count']:,} pages of {size['page_size']} B ({size['freelist_count']} free); "
                 f"the text columns of a sale's row average {size['avg_text_bytes_per_sale_row']:.0f} B. "
                 f"`wal_checkpoint(TRUNCATE)` ran on a separate sqlite3 connection after the Journal was closed "
                 f"(that connection kept the file open, so the close did not checkpoint by itself): it emptied "
                 f"a {_bytes(size['after_close']['wal_bytes'])} -wal in {checkpoint['ms']:.0f} ms.")
    lines += ["", f"Reads with {size['sales']:,} sales in the file (median of {settings['read_repeats']}):", "",
              "| read | rows | median ms | min ms |", "|---|---:|---:|---:|"]
    for name, row in r["reads"].items():
        lines.append(f"| `{name}` | {row['rows']:,} | {_ms(row['median_ms'])} | {_ms(row['min_ms'])} |")
    lines.append(f"\nWriting took {r['write_seconds']:.1f} s; whole run {result['elapsed_s']:.1f} s.")
    return "\n".join(lines)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sales", type=int, default=DEFAULT_SALES,
                        help="completed sales written through the Journal (the size is for this many)")
    parser.add_argument("--cancel-every", type=int, default=10,
                        help="every Nth sale also has a cancelled twin in a second journal file (0: none)")
    parser.add_argument("--round", type=int, default=100,
                        help="sales per round; each round also makes as many bare commits of each kind")
    parser.add_argument("--warmup", type=int, default=50, help="unmeasured sales and bare commits first")
    parser.add_argument("--read-repeats", type=int, default=5, help="times each read is repeated")
    parser.add_argument("--tmpdir", type=Path, default=None,
                        help="where the temporary folder goes (default: the system's temp folder)")
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT)
    args = parser.parse_args(argv)
    if args.sales < 1 or args.round < 1 or args.warmup < 0 or args.read_repeats < 1 or args.cancel_every < 0:
        parser.error("--sales, --round and --read-repeats must be at least 1; --warmup, --cancel-every at least 0")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    began = time.perf_counter()
    try:
        with tempfile.TemporaryDirectory(prefix="journal-bench-", dir=args.tmpdir) as tmp:
            folder = Path(tmp)
            progress(f"journal benchmark in {folder}: {args.sales:,} sales in rounds of {args.round}, "
                     f"SQLite {sqlite3.sqlite_version}")
            results = run(args, folder)
    except Exception:
        traceback.print_exc()
        print("journal_write: failed", file=sys.stderr)
        return 1
    report = {
        "benchmark": "sales journal: write latency per step, size, reads; against bare sqlite3 commits",
        "measured_at": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "settings": {"sales": args.sales, "cancel_every": args.cancel_every, "round": args.round,
                     "warmup": args.warmup, "read_repeats": args.read_repeats,
                     "tmpdir": str(args.tmpdir or tempfile.gettempdir())},
        "machine": {"python": platform.python_version(), "sqlite": sqlite3.sqlite_version,
                    "platform": platform.platform(), "cpus": os.cpu_count(),
                    "load_average": list(os.getloadavg()) if hasattr(os, "getloadavg") else None},
        "results": results,
        "elapsed_s": time.perf_counter() - began,
    }
    print(markdown(report))
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"\nJSON: {args.output}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
