"""The store benchmark's report: its Markdown section and its rows in the README's table (`store.py`)."""

from __future__ import annotations

from typing import Any

def markdown(result: dict[str, Any]) -> str:
    lines = ["| call (QPayClient) | calls each | direct median ms | store median ms | direct p95 | store p95 | "
             "store/direct | added ms | store CPU ms/call |", "|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for kind, row in result["overhead"].items():
        cpu = row["store_cpu_ms_per_call"]
        lines.append(f"| `{kind}` | {row['direct']['count']} | {row['direct']['median_ms']:.2f} | "
                     f"{row['store']['median_ms']:.2f} | {row['direct']['p95_ms']:.2f} | {row['store']['p95_ms']:.2f} | "
                     f"{row['ratio']:.2f}× | {row['added_ms']:+.2f} | {'n/a' if cpu is None else f'{cpu:.2f}'} |")
    lines.append("\nInterleaved call by call (A B, B A, ...); the store's calls go on to the sandbox with its one QPay "
                 "session. Store CPU: the store process's, over its calls of that kind.\n")
    p, s = result["push"], result["polling"]
    lines += ["| paid → (from the pay request sent) | invoices | median ms | p95 ms | min ms | max ms |",
              "|---|---:|---:|---:|---:|---:|"]
    for label, d in (("hint at the till (`on_hint`), pushed", p["hint_ms"]),
                     ("**shown**: the till's check after the hint says PAID", p["shown_ms"]),
                     (f"shown by polling alone every {s['interval_s']:g} s", s["shown_ms"])):
        if d["count"]:
            lines.append(f"| {label} | {d['count']} | {d['median_ms']:.1f} | {d['p95_ms']:.1f} | {d['min_ms']:.1f} | "
                         f"{d['max_ms']:.1f} |")
    goal = result["goal"]
    lines += ["", f"Goal: paid → shown median ≤ {goal['median_ms']:.0f} ms; measured "
              f"{goal['measured_ms']:.1f} ms: **{'pass' if goal['met'] else 'FAIL'}**. "
              f"The pay call itself took {p['pay_call_ms']['median_ms']:.1f} ms (median; the sandbox answers before "
              "its callback goes out). Polling: payments at stratified moments of the interval, expected median "
              f"{s['expected_median_ms']:.0f} ms + a check."
              + (f" Push is {s['shown_ms']['median_ms'] / p['shown_ms']['median_ms']:.1f}× sooner."
                 if s["shown_ms"]["count"] and p["shown_ms"]["count"] else ""), ""]
    j = result["shipping"]
    built = j["journal"]
    lines += [f"| journal of {built['sales']:,} sales, {built['events']:,} steps ({built['file_mb']:.1f} MB) | s | "
              "steps/s | sales/s | store CPU s |", "|---|---:|---:|---:|---:|"]
    fresh, again, resend = j["fresh"], j["already_kept"], j["resend"]
    lines.append(f"| shipped to the store, which had none of it ({fresh['batches']} batches of {j['batch']}) | "
                 f"{fresh['seconds']:.2f} | {fresh['events_per_s']:,.0f} | {fresh['sales_per_s']:,.0f} | "
                 f"{_cpu(fresh['store_cpu_s'])} |")
    lines.append(f"| a new shipper, the store has it all (asks where it stands, sends nothing) | "
                 f"{again['seconds']:.3f} | | | {_cpu(again['store_cpu_s'])} |")
    lines.append(f"| every batch sent again (stored {resend['stored']}) | {resend['seconds']:.2f} | "
                 f"{resend['events_per_s']:,.0f} | {resend['sales_per_s']:,.0f} | {_cpu(resend['store_cpu_s'])} |")
    if result["failures"]:
        lines += ["", "**Failures:**"] + [f"- {failure}" for failure in result["failures"]]
    return "\n".join(lines)


def _ms(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.0f} ms"


def _cpu(seconds: float | None) -> str:
    return "n/a" if seconds is None else f"{seconds:.2f}"


def headline(result: dict[str, Any]) -> list[dict[str, str]]:
    o, p, s, j, goal = result["overhead"], result["push"], result["polling"], result["shipping"], result["goal"]
    added = ", ".join(f"{kind.split('_')[0]} {row['added_ms']:+.1f} ms ({row['ratio']:.1f}×)" for kind, row in o.items())
    rows = [
        {"area": "Store", "measure": "added per call through the store (check, get, create)", "value": added,
         "note": f"medians against straight to QPay (the sandbox), {o['check_payment']['direct']['count']} calls "
                 f"each ({o['create_invoice']['direct']['count']} creates), interleaved; SQLite"},
        {"area": "Store", "measure": "paid → shown through the push: goal / measured median",
         "value": f"≤ {goal['median_ms']:.0f} ms / {_ms(goal['measured_ms'])}: **{'pass' if goal['met'] else 'FAIL'}**",
         "note": f"p95 {_ms(p['shown_ms']['p95_ms'])}, the hint alone {_ms(p['hint_ms']['median_ms'])} (median); "
                 f"{p['shown_ms']['count']} invoices, from the pay request to the check after the hint"},
    ]
    if s["shown_ms"]["count"]:
        rows.append({"area": "Store", "measure": f"paid → shown by polling alone ({s['interval_s']:g} s)",
                     "value": f"{s['shown_ms']['median_ms']:.0f} ms / {s['shown_ms']['p95_ms']:.0f} ms",
                     "note": f"median / p95, {s['shown_ms']['count']} invoices; expected median "
                             f"{s['expected_median_ms']:.0f} ms + a check: why the push matters"})
    fresh, resend = j["fresh"], j["resend"]
    rows.append({"area": "Store", "measure": "journal shipped to the store",
                 "value": f"{fresh['events_per_s']:,.0f} steps/s ({fresh['sales_per_s']:,.0f} sales/s)",
                 "note": f"{j['journal']['sales']:,} sales into a store without them; sent again: "
                         f"{resend['events_per_s']:,.0f} steps/s, nothing stored twice"})
    return rows
