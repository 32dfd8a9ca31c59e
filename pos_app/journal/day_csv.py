"""The day close as CSV for the accountant: the summary (one row a measure) and the sales (one row a sale),
written side by side, safely (temporary files first), with cells a spreadsheet cannot take for formulas."""

from __future__ import annotations

import csv
import io
import os
import re
import secrets
from collections.abc import Iterable
from decimal import Decimal
from pathlib import Path

from .day_moves import SaleDay, day_bounds, sale_day, wall_clock
from .day_summary import UNKNOWN, DaySummary, Tally, sale_taxes
from .records import JournalSale, ReversalStatus

__all__ = ["CSV_ENCODING", "SALES_HEADER", "SUMMARY_HEADER", "money_text", "safe_cell", "sales_csv", "sales_csv_path",
           "save_csv", "to_csv"]

CSV_ENCODING = "utf-8-sig"   # with a BOM, so spreadsheet programs read the Cyrillic names right
_CENT = Decimal("0.01")


_PLAIN_NUMBER = re.compile(r"[+-]?[0-9]+(\.[0-9]+)?")
_FORMULA_STARTS = ("=", "+", "-", "@")


def safe_cell(value: object) -> str:
    """The cell's text, with a leading ' when a spreadsheet would read it as a formula (CSV injection).

    Plain numbers (``-500.00``) stay as they are; so does everything not
    starting with = + - @ (after blanks) or a tab or carriage return.
    """
    text = "" if value is None else str(value)
    if text.startswith(("\t", "\r")):
        return "'" + text
    if text.lstrip().startswith(_FORMULA_STARTS) and not _PLAIN_NUMBER.fullmatch(text):
        return "'" + text
    return text


def money_text(amount: Decimal) -> str:
    """The exact decimal text of an amount: no exponent, no separators, at least two decimals (``7500.00``)."""
    if not isinstance(amount, Decimal) or not amount.is_finite():
        raise TypeError(f"an amount must be a finite Decimal, not {amount!r}")
    exponent = amount.as_tuple().exponent
    if isinstance(exponent, int) and exponent > -2:
        amount = amount.quantize(_CENT)        # only adds zeros: exact
    return format(amount, "f")


def _write_rows(rows: Iterable[Iterable[object]]) -> str:
    buffer = io.StringIO(newline="")
    writer = csv.writer(buffer)                 # comma, minimal quoting, \r\n lines (RFC 4180)
    for row in rows:
        writer.writerow([safe_cell(cell) for cell in row])
    return buffer.getvalue()


SUMMARY_HEADER = ("section", "key", "count", "amount")


def _summary_rows(summary: DaySummary) -> list[tuple[str, str, object, object]]:
    def tally(section: str, key: str, value: Tally) -> tuple[str, str, object, object]:
        return section, key, value.count, money_text(value.amount)

    def amount(section: str, key: str, value: Decimal) -> tuple[str, str, object, object]:
        return section, key, "", money_text(value)

    rows: list[tuple[str, str, object, object]] = [
        ("date", summary.day.isoformat(), "", ""),
        ("terminal", summary.terminal, "", ""),
    ]
    if summary.since is not None:
        rows.append(("since", summary.since.isoformat(), "", ""))
    if summary.closed_at is not None:
        rows.append(("closed_at", summary.closed_at.isoformat(), "", ""))
    rows += [
        ("day", "sales_begun", summary.sales_count, ""),
        tally("paid", "sales", summary.paid),
        amount("paid", "overpaid", summary.overpaid),
        amount("paid", "cash_rounding", summary.cash_rounding),
        amount("paid", "vat", summary.vat),
        amount("paid", "city_tax", summary.city_tax),
        tally("paid", "given_back", summary.given_back),
        amount("paid", "net", summary.net),
        tally("paid", "discounts", summary.discounts),
        ("receipts", "issued", summary.receipts_issued, ""),
        ("receipts", "voided", summary.receipts_voided, ""),
        amount("with_receipt", "vat", summary.receipt_vat),
        amount("with_receipt", "city_tax", summary.receipt_city_tax),
        tally("without_receipt", "sales", summary.without_receipt),
        amount("without_receipt", "vat", summary.no_receipt_vat),
        amount("without_receipt", "city_tax", summary.no_receipt_city_tax),
    ]
    rows += [tally("bank", bank or UNKNOWN, value) for bank, value in summary.by_bank]
    rows += [tally("payment_type", kind or UNKNOWN, value) for kind, value in summary.by_payment_type]
    # Each tender's money given back and its net (paid − given back), in the till's order of tenders.
    rows += [tally("given_back_type", tender.kind or UNKNOWN, tender.given_back) for tender in summary.by_tender
             if tender.given_back.count]
    rows += [amount("net_type", tender.kind or UNKNOWN, tender.net) for tender in summary.by_tender]
    rows += [
        tally("not_paid", "cancelled", summary.cancelled),
        tally("not_paid", "expired", summary.expired),
        tally("not_paid", "failed", summary.failed),
        tally("given_back", "cancel", summary.given_back_cancel),
        tally("given_back", "refund", summary.given_back_refund),
        ("attention", "reversals_pending", summary.reversals_pending, ""),
        ("attention", "reversals_failed", summary.reversals_failed, ""),
        ("attention", "receipt_voids_pending", summary.receipt_voids_pending, ""),
        tally("attention", "unfinished", summary.unfinished),
        tally("attention", "owes_receipt", summary.owes_receipt),
        tally("attention", "receipts_left_valid", summary.receipts_left_valid),
    ]
    rows += [amount("owes_receipt", number, missing) for number, missing in summary.owing]
    rows += [amount("receipt_left_valid", number, stale) for number, stale in summary.left_valid]
    return rows


def to_csv(summary: DaySummary) -> str:
    """The summary as CSV: a header, then one row per measure (section, key, count, amount).

    Amounts are exact decimal text (``7500.00``: no separators, no ₮); a
    count-only measure leaves the amount empty, an amount-only one the count.
    The first rows name the day and the terminal (and, when set, the close it
    began at and its own close) in the `key` cell, so the amount column holds
    nothing but amounts. Each sale owed a receipt has a row of its own
    (section ``owes_receipt``, its number as the key). Each payment type (tender) has its money paid
    (``payment_type``), given back (``given_back_type``) and net (``net_type``); over the types these add up
    to ``paid``'s sales, given back and net.
    """
    return _write_rows([SUMMARY_HEADER, *_summary_rows(summary)])


SALES_HEADER = ("number", "time", "status", "total", "paid", "vat", "city_tax", "bank", "payment_type",
                "receipt_id", "lottery", "receipt_status", "reversal_kind", "reversal_status", "reversed_amount",
                "reversal_reason",
                # What the sale did in the day (these columns add up to the summary's figures):
                "day_paid", "day_given_back", "day_receipts_issued", "day_receipts_voided", "day_receipt_vat",
                "day_receipt_city_tax", "day_without_receipt", "day_no_receipt_vat", "day_no_receipt_city_tax")


def _as_move(item: SaleDay | JournalSale) -> SaleDay:
    if isinstance(item, SaleDay):
        return item
    day = wall_clock(item.created_at).date()       # a bare sale: its own day, every step when it was begun
    return sale_day(item, None, *day_bounds(day))


def sales_csv(sales: Iterable[SaleDay | JournalSale]) -> str:
    """Each sale on its own row, oldest first, for the accountant.

    The first columns say where the sale stands now (`vat` / `city_tax`: its valid receipts', else its own
    split); the ``day_`` columns what it did in the day, as the summary counts it: ``day_paid`` the payments
    first learnt of that day, ``day_without_receipt`` 1 when it became a sale without receipt that day and
    -1 when it stopped being one (a correction; see `day_summary`). A bare `JournalSale` is taken on the day it
    was begun.
    """
    rows: list[Iterable[object]] = [SALES_HEADER]
    moves = sorted((_as_move(item) for item in sales), key=lambda move: (wall_clock(move.sale.created_at),
                                                                           move.sale.number))
    for move in moves:
        sale = move.sale
        vat, city_tax = sale_taxes(sale)
        banks = ", ".join(dict.fromkeys(payment.bank.strip() for payment in sale.payments if payment.bank.strip()))
        kinds = ", ".join(dict.fromkeys(payment.kind.strip().upper() or UNKNOWN for payment in sale.payments))
        reversed_amount = money_text(sale.reversed_amount) if sale.reversal_status is ReversalStatus.DONE else ""
        receipts = sale.current_receipts
        rows.append((
            sale.number,
            wall_clock(sale.created_at).isoformat(sep=" ", timespec="seconds"),
            sale.status.value,
            money_text(sale.total),
            money_text(sale.paid_amount) if sale.payments else "",
            money_text(vat),
            money_text(city_tax),
            banks,
            kinds,
            ", ".join(receipt.receipt_id for receipt in receipts),
            ", ".join(receipt.lottery for receipt in receipts),
            sale.receipt_status.value if sale.receipt_status else "",
            sale.reversal_kind.value if sale.reversal_kind else "",
            sale.reversal_status.value if sale.reversal_status else "",
            reversed_amount,
            sale.reversal_reason,
            money_text(move.paid) if move.paid is not None else "",
            money_text(move.given_back) if move.given_back is not None else "",
            len(move.issued),
            len(move.voided),
            money_text(move.receipt_vat),
            money_text(move.receipt_city_tax),
            str(move.without_receipt) if move.without_receipt else "",      # 1, or -1 for a correction
            money_text(move.no_receipt_vat),
            money_text(move.no_receipt_city_tax),
        ))
    return _write_rows(rows)


def sales_csv_path(path: str | Path) -> Path:
    """Where the per-sale CSV goes next to the summary: ``day.csv`` → ``day-sales.csv``."""
    path = Path(path)
    if path.suffix.lower() == ".csv":
        return path.with_name(f"{path.stem}-sales{path.suffix}")
    return path.with_name(f"{path.name}-sales.csv")


def save_csv(path: str | Path, summary: DaySummary, sales: Iterable[SaleDay | JournalSale]) -> tuple[Path, Path]:
    """Write the summary CSV at `path` and the sales CSV next to it (disk: call it on a worker).

    Both are written to temporary files first and only then put in place, so
    a failure (missing folder, full disk, a file open elsewhere) leaves any
    earlier export as it was. Returns (summary path, sales path).
    """
    path = Path(path)
    targets = {path: to_csv(summary), sales_csv_path(path): sales_csv(sales)}
    written: list[tuple[Path, Path]] = []
    try:
        for target, text in targets.items():
            temporary = target.with_name(f".{target.name}.{secrets.token_hex(4)}.tmp")
            with open(temporary, "x", encoding=CSV_ENCODING, newline="") as handle:
                written.append((temporary, target))
                handle.write(text)
                handle.flush()
                os.fsync(handle.fileno())
        for temporary, target in written:
            os.replace(temporary, target)
    except BaseException:
        for temporary, _target in written:
            try:
                os.unlink(temporary)
            except FileNotFoundError:
                pass
        raise
    return path, sales_csv_path(path)
