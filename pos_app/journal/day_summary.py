"""The day close: one terminal's day in figures, and the same as CSV for the accountant.

`summarize` is a pure function of the journal's sales; `day_summary` reads them
(call it on a worker: it reads the journal file). No Qt here: the dialog in
`pos_app.ui.day_close_dialog` only shows what this module computes.

What counts where (every sale belongs to the local day it was *begun*, as
`Journal.sales_between` reads it; a refund made the next morning for
yesterday's sale shows up in yesterday's summary):

* **paid**: sales whose customer paid: status PAID, RECEIPT_PENDING (the
  receipt is being made: the money is in) or COMPLETED, counted at the sale's
  `total`. A sale paid and later given back stays in *paid*: it was paid, then
  given back; `net` subtracts what was given back.
* **vat / city_tax** of the paid sales: from the issued receipt when the sale
  has one that is not cancelled (what was reported to ebarimt), else from the
  sale's own tax split (no receipt yet, or the receipt was voided).
* **receipts_issued**: paid sales that got a receipt, voided ones included;
  **receipts_voided**: those whose receipt was cancelled afterwards.
* **by_bank / by_payment_type**: every payment of the paid sales (number of
  payments, their amounts). An overpaid sale therefore adds more here than to
  *paid*. An unnamed bank or type is the key ``""`` (shown as "Unknown").
* **cancelled / expired / failed**: sales that ended unpaid, at their total.
* **given_back_cancel / given_back_refund**: reversals DONE, at the amount
  given back (`reversed_amount`).
* Needs attention: **reversals_pending** and **reversals_failed** (the money
  may still be with the shop), **receipt_voids_pending**, and **unfinished**:
  sales a crash or a lost answer left half-way (CREATING, OPEN, CANCELLING,
  RECEIPT_PENDING, or PAID and still owed a receipt), the same rule as
  `Journal.unfinished()`: a paid sale whose payment is (being) given back is
  owed no receipt.
* **net** = paid total minus given back (cancel + refund).

Money is `Decimal` throughout; nothing here ever turns an amount into a float.
"""

from __future__ import annotations

import csv
import io
import os
import re
import secrets
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING, Iterable

from .journal import (
    UNFINISHED_STATUSES,
    JournalSale,
    JournalStatus,
    ReceiptStatus,
    ReversalKind,
    ReversalStatus,
)

if TYPE_CHECKING:
    from .journal import Journal

__all__ = ["PAID_STATUSES", "UNKNOWN", "DaySummary", "Tally", "day_sales", "day_summary", "load_day",
           "is_unfinished", "money_text", "safe_cell", "sale_taxes", "sales_csv", "sales_csv_path", "save_csv",
           "summarize", "to_csv"]

_S = JournalStatus
PAID_STATUSES = frozenset({_S.PAID, _S.RECEIPT_PENDING, _S.COMPLETED})
UNKNOWN = "Unknown"          # how the CSV names a bank or payment type the service did not give
CSV_ENCODING = "utf-8-sig"   # with a BOM, so spreadsheet programs read the Cyrillic names right

_ZERO = Decimal(0)
_CENT = Decimal("0.01")


@dataclass(frozen=True)
class Tally:
    """How many, and how much money."""

    count: int = 0
    amount: Decimal = _ZERO

    def plus(self, amount: Decimal) -> Tally:
        return Tally(self.count + 1, self.amount + amount)

    def __add__(self, other: Tally) -> Tally:
        return Tally(self.count + other.count, self.amount + other.amount)


@dataclass(frozen=True)
class DaySummary:
    """One terminal's day (see the module docstring for what counts where).

    `by_bank` and `by_payment_type` are (key, Tally) pairs, largest amount
    first; the key ``""`` means the service did not say.
    """

    day: date
    terminal: str
    sales_count: int = 0                                   # every sale begun that day, whatever became of it
    paid: Tally = Tally()
    vat: Decimal = _ZERO
    city_tax: Decimal = _ZERO
    receipts_issued: int = 0
    receipts_voided: int = 0
    by_bank: tuple[tuple[str, Tally], ...] = ()
    by_payment_type: tuple[tuple[str, Tally], ...] = ()
    cancelled: Tally = Tally()
    expired: Tally = Tally()
    failed: Tally = Tally()
    given_back_cancel: Tally = Tally()
    given_back_refund: Tally = Tally()
    reversals_pending: int = 0
    reversals_failed: int = 0
    receipt_voids_pending: int = 0
    unfinished: Tally = Tally()

    @property
    def given_back(self) -> Tally:
        return self.given_back_cancel + self.given_back_refund

    @property
    def net(self) -> Decimal:
        """Paid total minus what was given back."""
        return self.paid.amount - self.given_back.amount

    @property
    def needs_attention(self) -> int:
        return self.reversals_pending + self.reversals_failed + self.receipt_voids_pending + self.unfinished.count


def day_sales(sales: Iterable[JournalSale], day: date, terminal: str) -> tuple[JournalSale, ...]:
    """The sales of `terminal` begun on `day`, oldest first."""
    chosen = [sale for sale in sales if sale.terminal == terminal and sale.created_at.date() == day]
    return tuple(sorted(chosen, key=lambda sale: (sale.created_at, sale.number)))


def sale_taxes(sale: JournalSale) -> tuple[Decimal, Decimal]:
    """(VAT, city tax): the receipt's when it has one that is not cancelled, else the sale's own split."""
    if sale.receipt is not None and sale.receipt_status is not ReceiptStatus.CANCELLED:
        return sale.receipt.vat, sale.receipt.city_tax
    return sale.taxes.vat, sale.taxes.city_tax


def is_unfinished(sale: JournalSale) -> bool:
    """Left half-way; a paid sale whose payment is (being) given back is owed no receipt (as `Journal.unfinished`)."""
    if sale.status not in UNFINISHED_STATUSES:
        return False
    return not (sale.status is _S.PAID and sale.reversal_status in (ReversalStatus.PENDING, ReversalStatus.DONE))


def summarize(sales: Iterable[JournalSale], day: date, terminal: str) -> DaySummary:
    """The summary of `terminal`'s sales begun on `day` (other sales are left out)."""
    chosen = day_sales(sales, day, terminal)
    paid = cancelled = expired = failed = Tally()
    given_back = {ReversalKind.CANCEL: Tally(), ReversalKind.REFUND: Tally()}
    unfinished = Tally()
    vat = city_tax = _ZERO
    receipts_issued = receipts_voided = receipt_voids_pending = 0
    reversals_pending = reversals_failed = 0
    banks: dict[str, Tally] = {}
    kinds: dict[str, Tally] = {}

    for sale in chosen:
        if sale.status in PAID_STATUSES:
            paid = paid.plus(sale.total)
            sale_vat, sale_city_tax = sale_taxes(sale)
            vat += sale_vat
            city_tax += sale_city_tax
            for payment in sale.payments:
                bank = payment.bank.strip()
                banks[bank] = banks.get(bank, Tally()).plus(payment.amount)
                kind = payment.kind.strip().upper()
                kinds[kind] = kinds.get(kind, Tally()).plus(payment.amount)
        elif sale.status is _S.CANCELLED:
            cancelled = cancelled.plus(sale.total)
        elif sale.status is _S.EXPIRED:
            expired = expired.plus(sale.total)
        elif sale.status is _S.FAILED:
            failed = failed.plus(sale.total)

        if sale.receipt is not None:
            receipts_issued += 1
            if sale.receipt_status is ReceiptStatus.CANCELLED:
                receipts_voided += 1
            elif sale.receipt_status is ReceiptStatus.CANCELLING:
                receipt_voids_pending += 1

        if sale.reversal_status is ReversalStatus.DONE and sale.reversal_kind is not None:
            given_back[sale.reversal_kind] = given_back[sale.reversal_kind].plus(sale.reversed_amount)
        elif sale.reversal_status is ReversalStatus.PENDING:
            reversals_pending += 1
        elif sale.reversal_status is ReversalStatus.FAILED:
            reversals_failed += 1

        if is_unfinished(sale):
            unfinished = unfinished.plus(sale.total)

    return DaySummary(
        day=day, terminal=terminal, sales_count=len(chosen), paid=paid, vat=vat, city_tax=city_tax,
        receipts_issued=receipts_issued, receipts_voided=receipts_voided,
        by_bank=_largest_first(banks), by_payment_type=_largest_first(kinds),
        cancelled=cancelled, expired=expired, failed=failed,
        given_back_cancel=given_back[ReversalKind.CANCEL], given_back_refund=given_back[ReversalKind.REFUND],
        reversals_pending=reversals_pending, reversals_failed=reversals_failed,
        receipt_voids_pending=receipt_voids_pending, unfinished=unfinished)


def _largest_first(tallies: dict[str, Tally]) -> tuple[tuple[str, Tally], ...]:
    # Named keys before the unnamed one, then the most money first; the name breaks ties (a stable CSV).
    return tuple(sorted(tallies.items(), key=lambda item: (item[0] == "", -item[1].amount, item[0])))


def load_day(journal: Journal, day: date) -> tuple[DaySummary, tuple[JournalSale, ...]]:
    """Read the day from the journal (disk: call it on a worker): its summary and its sales, oldest first."""
    sales = day_sales(journal.sales_between(day, day), day, journal.terminal_id)
    return summarize(sales, day, journal.terminal_id), sales


def day_summary(journal: Journal, day: date) -> DaySummary:
    """The summary of the journal's own terminal for `day` (reads the file: call it on a worker)."""
    return summarize(journal.sales_between(day, day), day, journal.terminal_id)


# -- CSV -------------------------------------------------------------------------------

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

    rows: list[tuple[str, str, object, object]] = [
        ("date", summary.day.isoformat(), "", ""),
        ("terminal", summary.terminal, "", ""),
        ("day", "sales_begun", summary.sales_count, ""),
        tally("paid", "sales", summary.paid),
        ("paid", "vat", "", money_text(summary.vat)),
        ("paid", "city_tax", "", money_text(summary.city_tax)),
        tally("paid", "given_back", summary.given_back),
        ("paid", "net", "", money_text(summary.net)),
        ("receipts", "issued", summary.receipts_issued, ""),
        ("receipts", "voided", summary.receipts_voided, ""),
    ]
    rows += [tally("bank", bank or UNKNOWN, value) for bank, value in summary.by_bank]
    rows += [tally("payment_type", kind or UNKNOWN, value) for kind, value in summary.by_payment_type]
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
    ]
    return rows


def to_csv(summary: DaySummary) -> str:
    """The summary as CSV: a header, then one row per measure (section, key, count, amount).

    Amounts are exact decimal text (``7500.00``: no separators, no ₮); a
    count-only measure leaves the amount empty, an amount-only one the count.
    The first two rows name the day and the terminal (in the `key` cell), so
    the amount column holds nothing but amounts.
    """
    return _write_rows([SUMMARY_HEADER, *_summary_rows(summary)])


SALES_HEADER = ("number", "time", "status", "total", "paid", "vat", "city_tax", "bank", "payment_type",
                "receipt_id", "lottery", "receipt_status", "reversal_kind", "reversal_status", "reversed_amount",
                "reversal_reason")


def sales_csv(sales: Iterable[JournalSale]) -> str:
    """Each sale on its own row, oldest first, for the accountant (same VAT rule as the summary)."""
    rows: list[Iterable[object]] = [SALES_HEADER]
    for sale in sorted(sales, key=lambda sale: (sale.created_at, sale.number)):
        vat, city_tax = sale_taxes(sale)
        banks = ", ".join(dict.fromkeys(payment.bank.strip() for payment in sale.payments if payment.bank.strip()))
        kinds = ", ".join(dict.fromkeys(payment.kind.strip().upper() or UNKNOWN for payment in sale.payments))
        reversed_amount = money_text(sale.reversed_amount) if sale.reversal_status is ReversalStatus.DONE else ""
        rows.append((
            sale.number,
            sale.created_at.replace(tzinfo=None).isoformat(sep=" ", timespec="seconds"),
            sale.status.value,
            money_text(sale.total),
            money_text(sale.paid_amount) if sale.payments else "",
            money_text(vat),
            money_text(city_tax),
            banks,
            kinds,
            sale.receipt.receipt_id if sale.receipt else "",
            sale.receipt.lottery if sale.receipt else "",
            sale.receipt_status.value if sale.receipt_status else "",
            sale.reversal_kind.value if sale.reversal_kind else "",
            sale.reversal_status.value if sale.reversal_status else "",
            reversed_amount,
            sale.reversal_reason,
        ))
    return _write_rows(rows)


def sales_csv_path(path: str | Path) -> Path:
    """Where the per-sale CSV goes next to the summary: ``day.csv`` → ``day-sales.csv``."""
    path = Path(path)
    if path.suffix.lower() == ".csv":
        return path.with_name(f"{path.stem}-sales{path.suffix}")
    return path.with_name(f"{path.name}-sales.csv")


def save_csv(path: str | Path, summary: DaySummary, sales: Iterable[JournalSale]) -> tuple[Path, Path]:
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
