"""The day close across tills, for the owner and the tills: one calendar day of every till, each shop's total
and the chain's (`journal_days`).

    GET /store/day/{YYYY-MM-DD}              JSON: {"day", "shops": [{"shop", "tills": [summary], "total": summary}],
                                             "total": summary}; each summary as a Z report stores it
                                             (`closed_days.summary_json`: money as decimal text) with
                                             "by_tender": [{"tender", "paid", "given_back", "net"}]
    GET /store/day/{YYYY-MM-DD}?format=csv   CSV (also /store/day/{YYYY-MM-DD}.csv): a row a till, a total row a shop;
                                             each tender's paid, given back and net in columns of its own
    GET /store/day/{YYYY-MM-DD}.html         a plain page for the owner: a table a shop, its tills as rows

Read by owners and by tills (a store token or a key). A till, and an owner of one shop, read their own shop
only; an owner of no shop in particular reads every shop.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Callable
from datetime import date
from decimal import Decimal

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response
from starlette.concurrency import run_in_threadpool

from pos_app.journal.closed_days import summary_json
from pos_app.journal.day_csv import CSV_ENCODING, money_text, safe_cell
from pos_app.journal.day_summary import DaySummary, Tally

from .callers import any_caller
from .errors import StoreError
from .journal_days import ChainDay, chain_day, visible_shops
from .jsonio import StoreJSON, read_kept
from .report_page import day_page

router = APIRouter(prefix="/store/day")

_DAY = re.compile(r"(\d{4}-\d{2}-\d{2})(\.csv|\.html|\.json)?")

# The CSV's columns after shop and till: (header, figure of a DaySummary).
_FIGURE_COLUMNS: tuple[tuple[str, Callable[[DaySummary], object]], ...] = (
    ("sales_count", lambda s: s.sales_count),
    ("paid_count", lambda s: s.paid.count),
    ("paid", lambda s: money_text(s.paid.amount)),
    ("overpaid", lambda s: money_text(s.overpaid)),
    ("given_back_count", lambda s: s.given_back.count),
    ("given_back", lambda s: money_text(s.given_back.amount)),
    ("given_back_cancel", lambda s: money_text(s.given_back_cancel.amount)),
    ("given_back_refund", lambda s: money_text(s.given_back_refund.amount)),
    ("net", lambda s: money_text(s.net)),
    ("vat", lambda s: money_text(s.vat)),
    ("city_tax", lambda s: money_text(s.city_tax)),
    ("receipts_issued", lambda s: s.receipts_issued),
    ("receipts_voided", lambda s: s.receipts_voided),
    ("receipt_vat", lambda s: money_text(s.receipt_vat)),
    ("receipt_city_tax", lambda s: money_text(s.receipt_city_tax)),
    ("without_receipt_count", lambda s: s.without_receipt.count),
    ("without_receipt", lambda s: money_text(s.without_receipt.amount)),
    ("no_receipt_vat", lambda s: money_text(s.no_receipt_vat)),
    ("no_receipt_city_tax", lambda s: money_text(s.no_receipt_city_tax)),
    ("discounts_count", lambda s: s.discounts.count),
    ("discounts", lambda s: money_text(s.discounts.amount)),
    ("cancelled_count", lambda s: s.cancelled.count),
    ("cancelled", lambda s: money_text(s.cancelled.amount)),
    ("expired_count", lambda s: s.expired.count),
    ("expired", lambda s: money_text(s.expired.amount)),
    ("failed_count", lambda s: s.failed.count),
    ("failed", lambda s: money_text(s.failed.amount)),
    ("owes_receipt_count", lambda s: s.owes_receipt.count),
    ("owes_receipt", lambda s: money_text(s.owes_receipt.amount)),
    ("unfinished_count", lambda s: s.unfinished.count),
    ("unfinished", lambda s: money_text(s.unfinished.amount)),
    ("reversals_pending", lambda s: s.reversals_pending),
    ("reversals_failed", lambda s: s.reversals_failed),
    ("receipt_voids_pending", lambda s: s.receipt_voids_pending),
)
# Each tender's money paid, given back and net (paid − given back): (column name, payment types). Over the tenders
# these add up to paid, given back and net; "other" is any other QPay type and money whose type was not said.
TENDER_COLUMNS = (("cash", ("CASH",)), ("terminal", ("TERMINAL",)), ("qpay_card", ("CARD",)),
                  ("qpay_transfer", ("P2P",)), ("other", None))


def _tender_figure(types: tuple[str, ...] | None, figure: str) -> Callable[[DaySummary], object]:
    named = {kind for _name, kinds in TENDER_COLUMNS for kind in kinds or ()}

    def cell(summary: DaySummary) -> object:
        chosen = [tender for tender in summary.by_tender
                  if (tender.kind in types if types is not None else tender.kind not in named)]
        if figure == "net":
            return money_text(sum((tender.net for tender in chosen), Decimal(0)))
        return money_text(sum((getattr(tender, figure).amount for tender in chosen), Decimal(0)))
    return cell


CSV_COLUMNS = _FIGURE_COLUMNS + tuple((f"{figure}_{name}", _tender_figure(types, figure))
                                      for name, types in TENDER_COLUMNS for figure in ("paid", "given_back", "net"))
CSV_HEADER = ("day", "row", "shop", "till", *(name for name, _figure in CSV_COLUMNS))
TILL_ROW, SHOP_ROW, CHAIN_ROW = "till", "shop total", "chain total"


@router.get("/{name}")
async def day_report(name: str, request: Request, format: str = "json") -> Response:
    found = _DAY.fullmatch(name)
    day = _day(found.group(1)) if found else None
    if day is None or found is None:
        raise StoreError(400, "INVALID_PARAMETERS", "the day is written YYYY-MM-DD (with .csv or .html for those)")
    kind = (found.group(2) or "").lstrip(".") or format
    if kind not in ("json", "csv", "html"):
        raise StoreError(400, "INVALID_PARAMETERS", "format is json, csv or html")
    caller = await run_in_threadpool(any_caller, request)
    report = await run_in_threadpool(chain_day, request.app.state.store.engine, day, visible_shops(caller))
    if kind == "csv":
        return Response(day_csv(report).encode(CSV_ENCODING), media_type="text/csv; charset=utf-8",
                        headers={"Content-Disposition": f'attachment; filename="store-day-{day.isoformat()}.csv"',
                                 "Cache-Control": "no-store"})
    if kind == "html":
        return HTMLResponse(day_page(report), headers={"Cache-Control": "no-store"})
    return StoreJSON(day_json(report), headers={"Cache-Control": "no-store"})


def _day(text: str) -> date | None:
    try:
        return date.fromisoformat(text)
    except ValueError:
        return None


def _summary(summary: DaySummary) -> dict[str, object]:
    """The summary as a Z report stores it, and each tender's paid, given back and net (`by_tender`)."""
    record = dict(read_kept(summary_json(summary)))
    record["by_tender"] = [{"tender": tender.kind, "paid": _tally(tender.paid), "given_back": _tally(tender.given_back),
                            "net": str(tender.net)} for tender in summary.by_tender]
    return record


def _tally(tally: Tally) -> dict[str, object]:
    return {"count": tally.count, "amount": str(tally.amount)}


def day_json(report: ChainDay) -> dict[str, object]:
    return {"day": report.day.isoformat(),
            "shops": [{"shop": shop.shop, "tills": [_summary(till) for till in shop.tills],
                       "total": _summary(shop.total)} for shop in report.shops],
            "total": _summary(report.total)}


def day_csv(report: ChainDay) -> str:
    """A row a till, a total row a shop, the chain's total last; money as exact decimal text."""
    buffer = io.StringIO(newline="")
    writer = csv.writer(buffer)
    writer.writerow(CSV_HEADER)
    day = report.day.isoformat()

    def row(kind: str, shop: str, till: str, summary: DaySummary) -> None:
        cells = (day, kind, shop, till, *(figure(summary) for _name, figure in CSV_COLUMNS))
        writer.writerow([safe_cell(cell) for cell in cells])

    for shop in report.shops:
        for till in shop.tills:
            row(TILL_ROW, shop.shop, till.terminal, till)
        row(SHOP_ROW, shop.shop, "", shop.total)
    row(CHAIN_ROW, "", "", report.total)
    return buffer.getvalue()
