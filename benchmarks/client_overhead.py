"""The QPay client's cost, measured against the sandbox in a second process.

1. Per-call overhead: `QPayClient.check_payment` (token holder, retries,
   typed models, Decimal money) against a bare `requests` POST of the same
   check with the same token, in alternating slices of one run so that drift
   on a shared machine hits both alike. Reports µs per call and the ratio.
2. HTTP requests per sale: a whole sale through the client (login, create
   invoice, polling checks until paid, ebarimt), counted on the session;
   then a second sale on the same client (the token is reused).
3. Logins per 1,000 calls: one, as long as the token lives.

    .venv/bin/python benchmarks/client_overhead.py [--calls 3000] [--slice 250]

Prints Markdown tables; writes JSON to benchmarks/results/client_overhead.json.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import requests

from common import PASSWORD, RESULTS, ROOT, USERNAME, SandboxProcess, percentile, report

sys.path.insert(0, str(ROOT))
from pos_app.qpay import FullInvoice, QPayClient, paid_state  # noqa: E402

DEFAULT_OUTPUT = RESULTS / "client_overhead.json"
CHECKS_BEFORE_PAYMENT = 3  # the customer is still scanning for the first polls


class CountingSession(requests.Session):
    """A real session that counts what it sends, by method and path."""

    def __init__(self) -> None:
        super().__init__()
        self.sent: Counter[str] = Counter()

    def request(self, method: str, url: str, *args: Any, **kwargs: Any) -> requests.Response:  # type: ignore[override]
        path = "/" + url.split("/", 3)[3] if url.count("/") >= 3 else url
        self.sent[f"{method.upper()} {_generic(path)}"] += 1
        return super().request(method, url, *args, **kwargs)


def _generic(path: str) -> str:
    parts = path.split("?")[0].split("/")
    if len(parts) >= 4 and parts[2] == "ebarimt_v3" and parts[3] != "create":
        parts[3] = "{id}"
    return "/".join(parts)


def sale_invoice(number: int) -> FullInvoice:
    return FullInvoice.model_validate({
        "invoice_code": "TEST_INVOICE", "sender_invoice_no": f"BENCH-{number:06d}",
        "invoice_receiver_code": "terminal", "invoice_description": f"Sale {number}",
        "amount": "9500", "callback_url": "http://127.0.0.1:9/callback",
        "lines": [{"line_description": "Milk", "line_quantity": "2", "line_unit_price": "3500"},
                  {"line_description": "Bread", "line_quantity": "1", "line_unit_price": "2500"}],
    })


def one_sale(client: QPayClient, control: requests.Session, url: str, number: int) -> None:
    created = client.create_invoice(sale_invoice(number))
    for poll in range(CHECKS_BEFORE_PAYMENT + 1):
        if poll == CHECKS_BEFORE_PAYMENT:
            control.post(f"{url}/_sandbox/invoices/{created.invoice_id}/pay", json={}, timeout=10).raise_for_status()
        result = client.check_payment(created.invoice_id)
    if not paid_state(result, sale_invoice(number).amount).is_paid:
        raise RuntimeError("the sale was not paid")
    client.create_ebarimt(result.rows[0].payment_id, "83")


def requests_per_sale(url: str) -> dict[str, Any]:
    session = CountingSession()
    control = requests.Session()
    client = QPayClient(url, USERNAME, PASSWORD, session=session)
    one_sale(client, control, url, 1)
    first = dict(session.sent)
    session.sent.clear()
    one_sale(client, control, url, 2)
    second = dict(session.sent)
    return {"first_sale": first, "second_sale": second,
            "first_total": sum(first.values()), "second_total": sum(second.values()),
            "checks_before_payment": CHECKS_BEFORE_PAYMENT}


def logins_per_thousand(url: str, invoice_id: str) -> dict[str, int]:
    session = CountingSession()
    client = QPayClient(url, USERNAME, PASSWORD, session=session)
    for _ in range(1000):
        client.check_payment(invoice_id)
    return {"calls": 1000, "logins": session.sent["POST /v2/auth/token"],
            "refreshes": session.sent["POST /v2/auth/refresh"]}


def overhead(url: str, invoice_id: str, calls: int, slice_size: int) -> dict[str, Any]:
    client = QPayClient(url, USERNAME, PASSWORD)
    token = client.tokens.access_token()
    bare = requests.Session()
    headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
    body = {"object_type": "INVOICE", "object_id": invoice_id}

    def bare_call() -> None:
        answer = bare.post(f"{url}/v2/payment/check", json=body, headers=headers, timeout=(5, 30))
        answer.raise_for_status()
        answer.json()

    def client_call() -> None:
        client.check_payment(invoice_id)

    timings: dict[str, list[float]] = {"bare requests": [], "QPayClient": []}
    for _ in range(50):  # warm both connections and caches
        bare_call()
        client_call()
    done = 0
    while done < calls:
        for name, call in (("bare requests", bare_call), ("QPayClient", client_call)):
            for _ in range(slice_size):
                start = time.perf_counter()
                call()
                timings[name].append((time.perf_counter() - start) * 1e6)
        done += slice_size
    rows = {}
    for name, values in timings.items():
        ordered = sorted(values)
        rows[name] = {"calls": len(values), "median_us": statistics.median(values),
                      "p95_us": percentile(ordered, 0.95), "mean_us": statistics.fmean(values)}
    rows["ratio"] = rows["QPayClient"]["median_us"] / rows["bare requests"]["median_us"]
    rows["overhead_us"] = rows["QPayClient"]["median_us"] - rows["bare requests"]["median_us"]
    return rows


def markdown(result: dict[str, Any]) -> str:
    o = result["overhead"]
    lines = ["| `POST /v2/payment/check` via | calls | median µs | p95 µs |", "|---|---:|---:|---:|"]
    for name in ("bare requests", "QPayClient"):
        row = o[name]
        lines.append(f"| {name} | {row['calls']} | {row['median_us']:.0f} | {row['p95_us']:.0f} |")
    lines.append(f"\nClient/bare median ratio: **{o['ratio']:.2f}x** "
                 f"(+{o['overhead_us']:.0f} µs per call, measured side by side).\n")
    sale = result["requests_per_sale"]
    lines += ["| request | first sale | next sale |", "|---|---:|---:|"]
    for key in sorted(set(sale["first_sale"]) | set(sale["second_sale"])):
        lines.append(f"| `{key}` | {sale['first_sale'].get(key, 0)} | {sale['second_sale'].get(key, 0)} |")
    lines.append(f"| **total** | **{sale['first_total']}** | **{sale['second_total']}** |")
    logins = result["logins_per_1000_calls"]
    lines.append(f"\n(A sale here polls {sale['checks_before_payment']} times before the customer pays.) "
                 f"Logins per 1,000 calls: {logins['logins']}; refreshes: {logins['refreshes']}.")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=3000, help="calls per side")
    parser.add_argument("--slice", type=int, default=250, help="calls per alternating slice")
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT)
    args = parser.parse_args(argv)
    sandbox = SandboxProcess()
    try:
        setup = QPayClient(sandbox.url, USERNAME, PASSWORD)
        invoice_id = setup.create_invoice(sale_invoice(0)).invoice_id
        result = {"overhead": overhead(sandbox.url, invoice_id, args.calls, args.slice),
                  "requests_per_sale": requests_per_sale(sandbox.url),
                  "logins_per_1000_calls": logins_per_thousand(sandbox.url, invoice_id)}
    finally:
        sandbox.stop()
    report(result, markdown(result), args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
