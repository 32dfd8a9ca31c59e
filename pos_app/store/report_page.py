"""The day close across tills as a plain web page for the owner (`GET /store/day/{day}.html`): a table a shop,
its tills as rows and its total last, then the chain's total. No JavaScript, the style inline, every value
escaped. Money as the till writes it (`12,500 ₮`, `12,500.50 ₮`), without Qt: the store has no locale to ask.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from html import escape

from pos_app.journal.day_summary import DaySummary

from .journal_days import ChainDay, ShopDay

__all__ = ["day_page", "money_text"]

CURRENCY_SIGN = "₮"
_CENT = Decimal("0.01")
_TENDER_NAMES = {"CASH": "Cash", "TERMINAL": "Card terminal", "CARD": "QPay card", "P2P": "QPay bank transfer",
                 "": "Unknown"}

_STYLE = """
body { font-family: "DejaVu Sans", "Noto Sans", Arial, sans-serif; color: #1f2933; margin: 20px 24px;
       background: #f5f7fa; }
h1 { font-size: 22px; margin: 0 0 4px; }
h2 { font-size: 18px; margin: 28px 0 8px; }
p.note { color: #52606d; margin: 0 0 16px; font-size: 13px; }
table { border-collapse: collapse; background: white; width: 100%; font-size: 14px;
        box-shadow: 0 1px 2px rgba(0, 0, 0, 0.08); }
th, td { padding: 6px 8px; border-bottom: 1px solid #e4e7eb; text-align: right; }
td { white-space: nowrap; }
th { background: #e4e7eb; font-weight: 600; font-size: 12px; vertical-align: bottom; }
th:first-child, td:first-child { text-align: left; }
tr.total td { font-weight: 700; background: #f0f4f8; border-top: 2px solid #9aa5b1; }
td.alert { color: #ba2525; font-weight: 700; }
table.tenders { width: auto; min-width: 50%; margin-top: 10px; font-size: 13px; }
.chain { margin-top: 32px; }
"""

# (header, cell of a summary): the figures of the till's own day close, in its order.
_COLUMNS = (
    ("Sales begun", lambda s: str(s.sales_count)),
    ("Paid", lambda s: f"{s.paid.count}"),
    ("Paid amount", lambda s: money_text(s.paid.amount)),
    ("Given back", lambda s: money_text(s.given_back.amount)),
    ("Net", lambda s: money_text(s.net)),
    ("VAT", lambda s: money_text(s.vat)),
    ("City tax", lambda s: money_text(s.city_tax)),
    ("Receipts issued", lambda s: str(s.receipts_issued)),
    ("Receipts voided", lambda s: str(s.receipts_voided)),
    ("Without receipt", lambda s: money_text(s.without_receipt.amount)),
    ("Cancelled", lambda s: str(s.cancelled.count)),
    ("Needs attention", lambda s: str(s.needs_attention)),
)


def money_text(amount: Decimal) -> str:
    """``12,500 ₮`` / ``-12,500.50 ₮``: thousands separated, cents only when there are some (half-up)."""
    cents = amount.quantize(_CENT, rounding=ROUND_HALF_UP)
    whole, fraction = divmod(abs(int(cents * 100)), 100)
    text = f"{whole:,}" + (f".{fraction:02d}" if fraction else "")
    return f"{'-' if cents < 0 else ''}{text} {CURRENCY_SIGN}"


def _cells(name: str, summary: DaySummary, tag: str = "td") -> str:
    cells = [f"<{tag}>{escape(name)}</{tag}>"]
    for header, cell in _COLUMNS:
        alert = header == "Needs attention" and summary.needs_attention > 0
        cells.append(f'<td class="alert">{escape(cell(summary))}</td>' if alert
                     else f"<td>{escape(cell(summary))}</td>")
    return "".join(cells)


def _table(rows: list[tuple[str, DaySummary, bool]], first_header: str) -> str:
    head = "".join(f"<th>{escape(header)}</th>" for header in (first_header, *(h for h, _cell in _COLUMNS)))
    body = "".join(f'<tr class="total">{_cells(name, summary)}</tr>' if total else f"<tr>{_cells(name, summary)}</tr>"
                   for name, summary, total in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _tenders(summary: DaySummary) -> str:
    """Each tender's money paid, given back and net (what went back through cash is never called a card's)."""
    if not summary.by_tender:
        return ""
    head = "".join(f"<th>{header}</th>" for header in ("By tender", "Payments", "Paid", "Payments given back",
                                                        "Given back", "Net"))
    body = "".join(
        f"<tr><td>{escape(_TENDER_NAMES.get(tender.kind) or f'QPay {tender.kind}')}</td>"
        f"<td>{tender.paid.count}</td><td>{escape(money_text(tender.paid.amount))}</td>"
        f"<td>{tender.given_back.count}</td><td>{escape(money_text(tender.given_back.amount))}</td>"
        f"<td>{escape(money_text(tender.net))}</td></tr>" for tender in summary.by_tender)
    return f'<table class="tenders"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'


def _shop_section(shop: ShopDay) -> str:
    title = shop.shop or "Tills of no named shop"
    rows = [(till.terminal, till, False) for till in shop.tills]
    rows.append(("Shop total", shop.total, True))
    return f"<section><h2>{escape(title)}</h2>{_table(rows, 'Till')}{_tenders(shop.total)}</section>"


def day_page(report: ChainDay) -> str:
    day = report.day.isoformat()
    sections = "".join(_shop_section(shop) for shop in report.shops) or "<p>No tills yet.</p>"
    chain = ""
    if len(report.shops) > 1:
        chain = (f'<section class="chain"><h2>All shops</h2>'
                 f"{_table([('Chain total', report.total, True)], 'Shops')}{_tenders(report.total)}</section>")
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">'
        f"<title>Day close {escape(day)}</title><style>{_STYLE}</style></head><body>"
        f"<h1>Day close — {escape(day)}</h1>"
        '<p class="note">Money that moved on this calendar day at each till, as the tills shipped their journals '
        "to the store (a till's own close of the day is not applied here).</p>"
        f"{sections}{chain}</body></html>\n")
