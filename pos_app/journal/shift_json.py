"""A shift's report as exact JSON (money as decimal text, times as ISO text): the stored Z report, and the X or Z
report exported for the accountant. `shift_csv` writes the same figures as CSV."""

from __future__ import annotations

import csv
import io
from datetime import datetime
from decimal import Decimal
from typing import Any

from pos_app.domain.shift import REPORT_ORDER, KindFigures, ReportKind, Shift, ShiftClose, ShiftReport, Tally

__all__ = ["REPORT_FORMAT", "report_from_record", "report_record", "shift_csv"]

REPORT_FORMAT = 1


def _tally(tally: Tally) -> dict[str, object]:
    return {"count": tally.count, "amount": str(tally.amount)}


def _read_tally(record: Any) -> Tally:
    return Tally(int(record["count"]), Decimal(str(record["amount"])))


def report_record(report: ShiftReport | ShiftClose) -> dict[str, object]:
    """The report's figures (a Z report with the cash counted and the difference)."""
    close = report if isinstance(report, ShiftClose) else None
    figures = close.report if close is not None else report
    assert isinstance(figures, ShiftReport)
    record: dict[str, object] = {
        "format": REPORT_FORMAT,
        "kind": figures.kind.value,
        "terminal": figures.shift.terminal,
        "opened_at": figures.shift.opened_at.isoformat(),
        "taken_at": figures.taken_at.isoformat(),
        "float": str(figures.float_amount),
        "by_kind": {f.kind.value: {"taken": _tally(f.taken), "refunded": _tally(f.refunded)}
                    for f in figures.by_kind},
        "cash_given": str(figures.cash_given),
        "cash_change": str(figures.cash_change),
        "paid_in": _tally(figures.paid_in),
        "paid_out": _tally(figures.paid_out),
        "expected_cash": str(figures.expected_cash),
        "cash_rounding": str(figures.cash_rounding),
    }
    if close is not None:
        record.update({"counted": str(close.counted), "difference": str(close.difference)})
    return record


def report_from_record(record: dict[str, Any], shift: Shift) -> ShiftReport:
    """The figures `report_record` wrote, for `shift` as the journal keeps it."""
    by_kind = record["by_kind"]
    return ShiftReport(
        ReportKind(record["kind"]), shift, datetime.fromisoformat(record["taken_at"]),
        tuple(KindFigures(kind, _read_tally(by_kind[kind.value]["taken"]), _read_tally(by_kind[kind.value]["refunded"]))
              for kind in REPORT_ORDER),
        Decimal(record["cash_given"]), Decimal(record["cash_change"]), _read_tally(record["paid_in"]),
        _read_tally(record["paid_out"]), Decimal(record["expected_cash"]),
        Decimal(record.get("cash_rounding", "0")))         # (a Z report stored before cash was rounded: none)


def shift_csv(report: ShiftReport | ShiftClose) -> str:
    """The report as CSV rows (section, key, count, amount), UTF-8 text with a header, as the day close's."""
    record = report_record(report)
    rows: list[tuple[object, ...]] = [("section", "key", "count", "amount"),
                                      ("shift", "report", "", record["kind"]),
                                      ("shift", "terminal", "", record["terminal"]),
                                      ("shift", "opened_at", "", record["opened_at"]),
                                      ("shift", "taken_at", "", record["taken_at"]),
                                      ("cash", "float", "", record["float"])]
    by_kind = record["by_kind"]
    assert isinstance(by_kind, dict)
    for kind, figures in by_kind.items():
        rows.append(("taken", kind, figures["taken"]["count"], figures["taken"]["amount"]))
        rows.append(("refunded", kind, figures["refunded"]["count"], figures["refunded"]["amount"]))
    for key in ("cash_given", "cash_change", "cash_rounding", "expected_cash", "counted", "difference"):
        if key in record:
            rows.append(("cash", key, "", record[key]))
    for key in ("paid_in", "paid_out"):
        tally = record[key]
        assert isinstance(tally, dict)
        rows.append(("cash", key, tally["count"], tally["amount"]))
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerows(rows)
    return out.getvalue()
