"""The day close in figures: a real journal file with a sale in every state, summed to the cent.

Every figure of `summarize` is checked with exact Decimals; the CSVs are read
back with `csv.reader`; cells that a spreadsheet would run as a formula are
defused; and a property test sums random days the long way.
"""

from __future__ import annotations

import csv
import io
import os
from dataclasses import fields, is_dataclass
from datetime import date, datetime, timedelta
from decimal import Decimal
from pathlib import Path
from typing import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pos_app.domain.cart import CartLine
from pos_app.domain.sale import IssuedReceipt, OpenInvoice, PaymentSeen, Receiver
from pos_app.domain.taxes import TaxSplit
from pos_app.journal.day_summary import (
    CSV_ENCODING,
    PAID_STATUSES,
    DaySummary,
    Tally,
    day_sales,
    day_summary,
    load_day,
    money_text,
    safe_cell,
    sales_csv,
    sales_csv_path,
    save_csv,
    summarize,
    to_csv,
)
from pos_app.journal.journal import (
    Journal,
    JournalSale,
    JournalStatus,
    ReceiptStatus,
    ReversalKind,
    ReversalStatus,
)

DAY = date(2026, 11, 21)
KHAN = "Хаан банк"
GOLOMT = "Голомт банк"
S = JournalStatus


class SettableClock:
    """One second further on every reading; `at()` jumps to another moment."""

    def __init__(self, start: datetime) -> None:
        self.now = start

    def at(self, moment: datetime) -> None:
        self.now = moment

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


def D(text: str) -> Decimal:  # noqa: N802 - reads like a literal
    return Decimal(text)


def _lines(total: Decimal) -> tuple[CartLine, ...]:
    return (CartLine("Бараа", Decimal(1), total),)


def _receipt(number: str, total: Decimal, vat: str, city_tax: str = "0.00",
             receiver: Receiver | None = None) -> IssuedReceipt:
    return IssuedReceipt(f"rcpt-{number}", f"LT {number[-6:]}", "qr", total, D(vat), D(city_tax),
                         receiver or Receiver())


class DayBuilder:
    """Makes sales in a journal with its step methods, as the till and recovery would."""

    def __init__(self, journal: Journal) -> None:
        self.journal = journal

    def begin(self, total: str, vat: str, city_tax: str = "0.00") -> str:
        amount = D(total)
        return self.journal.begin_sale(_lines(amount), amount, TaxSplit(D(vat), D(city_tax)))

    def opened(self, total: str, vat: str = "0.00", city_tax: str = "0.00") -> str:
        number = self.begin(total, vat, city_tax)
        self.journal.invoice_opened(number, OpenInvoice(f"inv-{number}", qr_text="qr"))
        return number

    def paid(self, total: str, vat: str, payments: tuple[PaymentSeen, ...], city_tax: str = "0.00") -> str:
        number = self.opened(total, vat, city_tax)
        self.journal.payments_seen(number, payments)
        return number

    def completed(self, total: str, vat: str, payments: tuple[PaymentSeen, ...], *, receipt_vat: str | None = None,
                  city_tax: str = "0.00", receipt_city_tax: str | None = None,
                  receiver: Receiver | None = None) -> str:
        number = self.paid(total, vat, payments, city_tax)
        receiver = receiver or Receiver()
        self.journal.receipt_started(number, receiver)
        self.journal.receipt_issued(number, _receipt(number, D(total), receipt_vat or vat,
                                                     receipt_city_tax or city_tax, receiver))
        return number


def pay(amount: str, bank: str, kind: str) -> PaymentSeen:
    return PaymentSeen(f"pay-{bank}-{amount}-{kind}", D(amount), bank, kind)


def build_day(path: Path, day: date = DAY) -> dict[str, str]:
    """A journal file at `path` with one day of terminal T1 in every state (plus T2's and yesterday's sales).

    Returns the sale numbers by name. The figures it adds up to are spelled out
    in `test_every_figure_of_the_day`.
    """
    clock = SettableClock(datetime.combine(day, datetime.min.time()).replace(hour=8))
    numbers: dict[str, str] = {}
    with Journal(path, "T1", clock=clock) as journal:
        till = DayBuilder(journal)
        clock.at(datetime.combine(day - timedelta(days=1), datetime.min.time()).replace(hour=23, minute=59))
        numbers["yesterday"] = till.completed("88888.00", "8080.73", (pay("88888.00", KHAN, "P2P"),))
        clock.at(datetime.combine(day, datetime.min.time()).replace(hour=9))

        # Receipt VAT differs from the sale's split on purpose: it shows which one the summary took.
        numbers["individual"] = till.completed("10000.00", "909.09", (pay("10000.00", KHAN, "P2P"),),
                                               receipt_vat="909.10")
        numbers["organization"] = till.completed(
            "22000.00", "1964.29", (pay("12000.00", GOLOMT, "CARD"), pay("10000.00", KHAN, "CARD")),
            city_tax="214.29", receipt_vat="1964.28", receipt_city_tax="214.30",
            receiver=Receiver.organization("1234567"))

        numbers["paid_no_receipt"] = till.paid("3500.00", "318.18", (pay("3500.00", KHAN, "P2P"),))
        journal.receipt_started(numbers["paid_no_receipt"], Receiver())
        journal.receipt_failed(numbers["paid_no_receipt"], "ebarimt did not answer")

        numbers["cancelled"] = till.opened("5000.00")
        journal.cancel_started(numbers["cancelled"])
        journal.invoice_cancelled(numbers["cancelled"])

        numbers["expired"] = till.opened("1200.00")
        journal.expired(numbers["expired"])

        numbers["failed"] = till.begin("800.00", "72.73")
        journal.invoice_failed(numbers["failed"], "connection refused")

        refunded = numbers["refunded"] = till.completed("15000.00", "1363.64", (pay("15000.00", KHAN, "CARD"),),
                                                        receipt_vat="1363.00")
        journal.reversal_started(refunded, ReversalKind.REFUND, "customer returned the goods")
        journal.reversal_done(refunded, D("15000.00"))
        journal.receipt_cancel_started(refunded)
        journal.receipt_cancelled(refunded)

        card_cancelled = numbers["card_cancelled"] = till.paid("4000.00", "363.64", (pay("4000.00", GOLOMT, "CARD"),))
        journal.reversal_started(card_cancelled, ReversalKind.CANCEL, "wrong amount")
        journal.reversal_done(card_cancelled, D("4000.00"))

        pending = numbers["reversal_pending"] = till.completed("6000.00", "545.45", (pay("6000.00", KHAN, "CARD"),))
        journal.reversal_started(pending, ReversalKind.REFUND, "=HYPERLINK(\"http://evil\")")

        voided = numbers["receipt_voided"] = till.completed("2500.00", "227.27", (pay("2500.00", KHAN, "P2P"),),
                                                            receipt_vat="227.00")
        journal.receipt_cancel_started(voided)
        journal.receipt_cancelled(voided)

        failed_reversal = numbers["reversal_failed"] = till.completed("9000.00", "818.18",
                                                                      (pay("9000.00", "", "CARD"),))
        journal.reversal_started(failed_reversal, ReversalKind.CANCEL, "double charge")
        journal.reversal_failed(failed_reversal, "already settled")

        numbers["open"] = till.opened("1000.00")
        numbers["unknown_type"] = till.completed("1500.00", "136.36", (pay("1500.00", KHAN, ""),))
        void_pending = numbers["void_pending"] = till.completed("3000.00", "272.73", (pay("3000.00", GOLOMT, "P2P"),),
                                                               receipt_vat="272.70")
        journal.receipt_cancel_started(void_pending)
        numbers["creating"] = till.begin("700.00", "63.64")

    with Journal(path, "T2", clock=clock) as other_till:
        numbers["other_terminal"] = DayBuilder(other_till).completed("99999.00", "9090.82",
                                                                     (pay("99999.00", KHAN, "CARD"),))
    return numbers


@pytest.fixture
def day_path(tmp_path: Path) -> Path:
    return tmp_path / "journal.sqlite3"


@pytest.fixture
def numbers(day_path: Path) -> dict[str, str]:
    return build_day(day_path)


@pytest.fixture
def journal(day_path: Path, numbers: dict[str, str]) -> Iterator[Journal]:
    with Journal(day_path, "T1") as opened:
        yield opened


@pytest.fixture
def summary(journal: Journal) -> DaySummary:
    return day_summary(journal, DAY)


# -- the figures -------------------------------------------------------------------------


def test_every_figure_of_the_day(summary: DaySummary) -> None:
    assert summary.day == DAY and summary.terminal == "T1"
    assert summary.sales_count == 15
    # individual 10000 + organization 22000 + paid without receipt 3500 + refunded 15000 + card-cancelled 4000
    # + reversal pending 6000 + receipt voided 2500 + reversal failed 9000 + unknown type 1500 + void pending 3000
    assert summary.paid == Tally(10, D("76500.00"))
    # Receipts' VAT where a receipt stands (909.10, 1964.28, 545.45, 818.18, 136.36, 272.70 still cancelling);
    # the sale's own split where there is none (318.18, 363.64) or it was voided (1363.64, 227.27).
    assert summary.vat == D("6918.80")
    assert summary.city_tax == D("214.30")
    assert (summary.receipts_issued, summary.receipts_voided, summary.receipt_voids_pending) == (8, 2, 1)
    assert summary.by_bank == ((KHAN, Tally(7, D("48500.00"))), (GOLOMT, Tally(3, D("19000.00"))),
                               ("", Tally(1, D("9000.00"))))
    assert summary.by_payment_type == (("CARD", Tally(6, D("56000.00"))), ("P2P", Tally(4, D("19000.00"))),
                                       ("", Tally(1, D("1500.00"))))
    assert summary.cancelled == Tally(1, D("5000.00"))
    assert summary.expired == Tally(1, D("1200.00"))
    assert summary.failed == Tally(1, D("800.00"))
    assert summary.given_back_cancel == Tally(1, D("4000.00"))
    assert summary.given_back_refund == Tally(1, D("15000.00"))
    assert summary.given_back == Tally(2, D("19000.00"))
    assert (summary.reversals_pending, summary.reversals_failed) == (1, 1)
    # paid without receipt 3500, open 1000, creating 700; the card-cancelled PAID sale is owed no receipt.
    assert summary.unfinished == Tally(3, D("5200.00"))
    assert summary.needs_attention == 1 + 1 + 1 + 3
    assert summary.net == D("57500.00")
    assert _money_values(summary) and all(isinstance(value, Decimal) for value in _money_values(summary))


def test_paid_then_given_back_stays_in_paid_and_net_subtracts_it(journal: Journal, numbers: dict[str, str],
                                                                 summary: DaySummary) -> None:
    refunded = journal.get(numbers["refunded"])
    assert refunded.status is S.COMPLETED and refunded.reversal_status is ReversalStatus.DONE
    without = summarize([sale for sale in journal.sales_between(DAY, DAY) if sale.number != refunded.number],
                        DAY, "T1")
    assert summary.paid.amount - without.paid.amount == refunded.total
    assert summary.net - without.net == 0          # paid 15000, given back 15000
    assert summary.given_back_refund.amount - without.given_back_refund.amount == D("15000.00")


def test_other_terminals_and_other_days_are_left_out(journal: Journal, day_path: Path, summary: DaySummary) -> None:
    wide = journal.sales_between(DAY - timedelta(days=1), DAY + timedelta(days=1))
    assert {sale.terminal for sale in wide} == {"T1", "T2"} and len(wide) == 17
    assert summarize(wide, DAY, "T1") == summary
    with Journal(day_path, "T2") as other_till:
        other = day_summary(other_till, DAY)
    assert other.paid == Tally(1, D("99999.00")) and other.sales_count == 1
    yesterday = day_summary(journal, DAY - timedelta(days=1))
    assert yesterday.paid == Tally(1, D("88888.00")) and yesterday.sales_count == 1
    assert day_summary(journal, DAY + timedelta(days=1)) == DaySummary(DAY + timedelta(days=1), "T1")


def test_load_day_gives_the_summary_and_the_days_sales_oldest_first(journal: Journal,
                                                                    numbers: dict[str, str]) -> None:
    summary, sales = load_day(journal, DAY)
    assert summary == day_summary(journal, DAY)
    assert [sale.number for sale in sales] == [f"T1-20261121-{index:06d}" for index in range(1, 16)]
    assert numbers["yesterday"] not in {sale.number for sale in sales}


def test_an_empty_day_is_all_zero(tmp_path: Path) -> None:
    with Journal(tmp_path / "empty.sqlite3", "T1") as journal:
        summary = day_summary(journal, DAY)
    assert summary == DaySummary(DAY, "T1")
    assert summary.net == 0 and summary.needs_attention == 0 and summary.by_bank == ()


# -- CSV --------------------------------------------------------------------------------------


def _read(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text, newline="")))


def test_summary_csv_reads_back_to_the_same_figures(summary: DaySummary) -> None:
    rows = _read(to_csv(summary))
    assert rows[0] == ["section", "key", "count", "amount"]
    assert rows[1] == ["date", "2026-11-21", "", ""] and rows[2] == ["terminal", "T1", "", ""]
    measures = {(section, key): (count, amount) for section, key, count, amount in rows[3:]}
    assert len(measures) == len(rows) - 3, "one row per measure"

    def tally(section: str, key: str) -> Tally:
        count, amount = measures[section, key]
        return Tally(int(count), Decimal(amount))

    assert measures["day", "sales_begun"] == ("15", "")
    assert tally("paid", "sales") == summary.paid
    assert Decimal(measures["paid", "vat"][1]) == D("6918.80")
    assert Decimal(measures["paid", "city_tax"][1]) == D("214.30")
    assert tally("paid", "given_back") == summary.given_back
    assert measures["paid", "net"] == ("", "57500.00")
    assert measures["receipts", "issued"] == ("8", "") and measures["receipts", "voided"] == ("2", "")
    assert tally("bank", KHAN) == Tally(7, D("48500.00"))
    assert tally("bank", GOLOMT) == Tally(3, D("19000.00"))
    assert tally("bank", "Unknown") == Tally(1, D("9000.00"))
    assert tally("payment_type", "CARD") == Tally(6, D("56000.00"))
    assert tally("payment_type", "P2P") == Tally(4, D("19000.00"))
    assert tally("payment_type", "Unknown") == Tally(1, D("1500.00"))
    assert tally("not_paid", "cancelled") == summary.cancelled
    assert tally("not_paid", "expired") == summary.expired
    assert tally("not_paid", "failed") == summary.failed
    assert tally("given_back", "cancel") == summary.given_back_cancel
    assert tally("given_back", "refund") == summary.given_back_refund
    assert measures["attention", "reversals_pending"] == ("1", "")
    assert measures["attention", "reversals_failed"] == ("1", "")
    assert measures["attention", "receipt_voids_pending"] == ("1", "")
    assert tally("attention", "unfinished") == summary.unfinished
    for _section, _key, _count, amount in rows[3:]:
        assert "₮" not in amount and "," not in amount and " " not in amount


def test_sales_csv_lists_each_sale_of_the_day(journal: Journal, numbers: dict[str, str]) -> None:
    _summary, sales = load_day(journal, DAY)
    rows = _read(sales_csv(sales))
    header, body = rows[0], rows[1:]
    assert header == ["number", "time", "status", "total", "paid", "vat", "city_tax", "bank", "payment_type",
                      "receipt_id", "lottery", "receipt_status", "reversal_kind", "reversal_status",
                      "reversed_amount", "reversal_reason"]
    assert len(body) == 15 and all(len(row) == len(header) for row in body)
    by_number = {row[0]: dict(zip(header, row, strict=True)) for row in body}
    assert [row[0] for row in body] == sorted(by_number)          # oldest first

    organization = by_number[numbers["organization"]]
    assert organization["time"].startswith("2026-11-21 09:")
    assert (organization["status"], organization["total"], organization["vat"], organization["city_tax"]) == (
        "completed", "22000.00", "1964.28", "214.30")
    assert organization["bank"] == f"{GOLOMT}, {KHAN}" and organization["payment_type"] == "CARD"
    assert organization["receipt_id"] == f"rcpt-{numbers['organization']}"
    assert organization["lottery"] and organization["receipt_status"] == "issued"

    refunded = by_number[numbers["refunded"]]
    assert (refunded["vat"], refunded["receipt_status"], refunded["reversal_kind"], refunded["reversal_status"],
            refunded["reversed_amount"], refunded["reversal_reason"]) == (
        "1363.64", "cancelled", "refund", "done", "15000.00", "customer returned the goods")

    cancelled = by_number[numbers["cancelled"]]
    assert (cancelled["status"], cancelled["paid"], cancelled["bank"], cancelled["receipt_id"]) == (
        "cancelled", "", "", "")
    assert by_number[numbers["unknown_type"]]["payment_type"] == "Unknown"
    assert by_number[numbers["reversal_failed"]]["bank"] == ""
    # The reason typed at the till is defused: a spreadsheet shows it as text.
    assert by_number[numbers["reversal_pending"]]["reversal_reason"] == "'=HYPERLINK(\"http://evil\")"
    total = sum((Decimal(row["total"]) for row in by_number.values() if S(row["status"]) in PAID_STATUSES),
                Decimal(0))
    assert total == D("76500.00")


@pytest.mark.parametrize(("cell", "written"), [
    ("=1+2", "'=1+2"),
    ("+cmd|' /C calc'!A0", "'+cmd|' /C calc'!A0"),
    ("-2+3", "'-2+3"),
    ("@SUM(A1:A2)", "'@SUM(A1:A2)"),
    ("  =1+2", "'  =1+2"),
    ("\t=1", "'\t=1"),
    ("\r=1", "'\r=1"),
    ("-", "'-"),
    ("-500.00", "-500.00"),
    ("+500", "+500"),
    ("-7", "-7"),
    ("12500.00", "12500.00"),
    (KHAN, KHAN),
    ("a=b", "a=b"),
    ("", ""),
])
def test_cells_a_spreadsheet_would_run_get_an_apostrophe(cell: str, written: str) -> None:
    assert safe_cell(cell) == written


def test_bank_names_that_look_like_formulas_are_defused_in_both_files() -> None:
    sale = _sale(S.COMPLETED, D("500.00"), bank="=cmd()", kind="@P2P")
    summary = summarize([sale], DAY, "T1")
    summary_rows = _read(to_csv(summary))
    assert ["bank", "'=cmd()", "1", "500.00"] in summary_rows
    assert ["payment_type", "'@P2P", "1", "500.00"] in summary_rows
    sales_row = dict(zip(*_read(sales_csv([sale])), strict=True))
    assert sales_row["bank"] == "'=cmd()" and sales_row["payment_type"] == "'@P2P"


def test_a_negative_net_is_written_as_a_plain_number() -> None:
    # Given back more than was paid that day (a refund cannot exceed its sale, but the file must not lie if it did).
    sale = _sale(S.COMPLETED, D("500.00"), reversal=(ReversalKind.REFUND, ReversalStatus.DONE, D("800.00")))
    rows = _read(to_csv(summarize([sale], DAY, "T1")))
    assert ["paid", "net", "", "-300.00"] in rows


@pytest.mark.parametrize(("amount", "text"), [
    (D("7500"), "7500.00"), (D("7500.5"), "7500.50"), (D("0.125"), "0.125"), (D("1E+3"), "1000.00"),
    (D("0"), "0.00"), (D("-500"), "-500.00"), (D("12345678901234.99"), "12345678901234.99"),
])
def test_money_text_is_exact_and_plain(amount: Decimal, text: str) -> None:
    assert money_text(amount) == text
    assert Decimal(text) == amount


def test_money_text_refuses_floats() -> None:
    with pytest.raises(TypeError):
        money_text(7500.0)  # type: ignore[arg-type]


# -- writing the files ---------------------------------------------------------------------


def test_save_csv_writes_both_files_as_utf8_with_the_bank_names(journal: Journal, tmp_path: Path) -> None:
    summary, sales = load_day(journal, DAY)
    target = tmp_path / "out" / "pos-app-T1-2026-11-21.csv"
    target.parent.mkdir()
    written = save_csv(target, summary, sales)
    assert written == (target, tmp_path / "out" / "pos-app-T1-2026-11-21-sales.csv")
    assert target.read_bytes().startswith("\ufeff".encode())          # spreadsheets then read it as UTF-8
    assert target.read_bytes().decode(CSV_ENCODING) == to_csv(summary)
    assert written[1].read_bytes().decode(CSV_ENCODING) == sales_csv(sales)
    assert KHAN in target.read_text(encoding="utf-8")
    assert sorted(os.listdir(target.parent)) == sorted(path.name for path in written)   # no temporary left


def test_save_csv_into_a_missing_folder_fails_and_leaves_nothing(journal: Journal, tmp_path: Path) -> None:
    summary, sales = load_day(journal, DAY)
    with pytest.raises(FileNotFoundError):
        save_csv(tmp_path / "missing" / "day.csv", summary, sales)
    assert not (tmp_path / "missing").exists()


def test_a_failed_save_keeps_the_earlier_export(journal: Journal, tmp_path: Path) -> None:
    summary, sales = load_day(journal, DAY)
    target = tmp_path / "day.csv"
    save_csv(target, summary, sales)
    before = (target.read_bytes(), sales_csv_path(target).read_bytes())
    os.chmod(tmp_path, 0o500)
    try:
        if os.access(tmp_path, os.W_OK):
            pytest.skip("running as a user who may write anywhere")
        with pytest.raises(PermissionError):
            save_csv(target, summarize([], DAY, "T1"), ())
    finally:
        os.chmod(tmp_path, 0o700)
    assert (target.read_bytes(), sales_csv_path(target).read_bytes()) == before
    assert not [name for name in os.listdir(tmp_path) if name.endswith(".tmp")]


def test_a_file_that_cannot_be_replaced_keeps_both_earlier_files(journal: Journal, tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    summary, sales = load_day(journal, DAY)
    target = tmp_path / "day.csv"
    save_csv(target, summary, sales)
    before = (target.read_bytes(), sales_csv_path(target).read_bytes())

    def locked(source: str, destination: str) -> None:   # as Windows does while a spreadsheet has the file open
        raise PermissionError(13, "The file is open in another program", str(destination))

    monkeypatch.setattr("pos_app.journal.day_summary.os.replace", locked)
    with pytest.raises(PermissionError):
        save_csv(target, summarize([], DAY, "T1"), ())
    assert (target.read_bytes(), sales_csv_path(target).read_bytes()) == before
    assert not [name for name in os.listdir(tmp_path) if name.endswith(".tmp")]


@pytest.mark.parametrize(("chosen", "sales_name"), [
    ("day.csv", "day-sales.csv"), ("day.CSV", "day-sales.CSV"), ("report", "report-sales.csv"),
])
def test_the_sales_file_sits_next_to_the_summary(tmp_path: Path, chosen: str, sales_name: str) -> None:
    assert sales_csv_path(tmp_path / chosen) == tmp_path / sales_name


# -- any day, summed the long way ------------------------------------------------------------

_amounts = st.decimals(min_value=Decimal("0.01"), max_value=Decimal("999999999.99"), places=2,
                       allow_nan=False, allow_infinity=False)


def _sale(status: JournalStatus, total: Decimal, *, bank: str = KHAN, kind: str = "CARD",
          reversal: tuple[ReversalKind, ReversalStatus, Decimal] | None = None, terminal: str = "T1",
          created_at: datetime = datetime(2026, 11, 21, 12, 0), number: str = "T1-20261121-000001",
          receipt: bool = False) -> JournalSale:
    payments = (PaymentSeen("pay", total, bank, kind),) if status in PAID_STATUSES else ()
    kind_, reversal_status, reversed_amount = reversal or (None, None, Decimal(0))
    return JournalSale(
        number=number, terminal=terminal, status=status, created_at=created_at, lines=_lines(total), total=total,
        taxes=TaxSplit(Decimal("0.00"), Decimal("0.00")), payments=payments,
        receipt=_receipt(number, total, "1.00") if receipt else None,
        receipt_status=ReceiptStatus.ISSUED if receipt else None,
        reversal_kind=kind_, reversal_status=reversal_status,
        reversed_amount=reversed_amount if reversal_status is ReversalStatus.DONE else Decimal(0))


@st.composite
def _days(draw: st.DrawFn) -> list[JournalSale]:
    sales = []
    for index in range(draw(st.integers(min_value=0, max_value=25))):
        status = draw(st.sampled_from(list(JournalStatus)))
        total = draw(_amounts)
        reversal = None
        if status in (S.PAID, S.COMPLETED) and draw(st.booleans()):
            reversal = (draw(st.sampled_from(list(ReversalKind))), draw(st.sampled_from(list(ReversalStatus))),
                        draw(st.decimals(min_value=Decimal("0.01"), max_value=total, places=2)))
        sales.append(_sale(status, total, reversal=reversal, number=f"T1-20261121-{index + 1:06d}",
                           bank=draw(st.sampled_from([KHAN, GOLOMT, ""])),
                           kind=draw(st.sampled_from(["CARD", "P2P", ""])),
                           terminal=draw(st.sampled_from(["T1", "T1", "T1", "T2"])),
                           created_at=datetime(2026, 11, 21, 12, 0) + timedelta(hours=draw(st.integers(-14, 13)))))
    return sales


def _money_values(summary: DaySummary) -> list[object]:
    values: list[object] = [summary.vat, summary.city_tax, summary.net]

    def walk(value: object) -> None:
        if isinstance(value, Tally):
            values.append(value.amount)
        elif isinstance(value, tuple):
            for item in value:
                walk(item)
        elif is_dataclass(value):
            for field in fields(value):
                walk(getattr(value, field.name))

    walk(summary)
    return values


@settings(max_examples=150, deadline=None)
@given(_days())
def test_any_day_adds_up_to_the_cent(sales: list[JournalSale]) -> None:
    summary = summarize(sales, DAY, "T1")
    mine = [sale for sale in sales if sale.terminal == "T1" and sale.created_at.date() == DAY]
    paid = [sale for sale in mine if sale.status in PAID_STATUSES]
    given_back = sum((sale.reversed_amount for sale in mine if sale.reversal_status is ReversalStatus.DONE),
                     Decimal(0))
    assert summary.sales_count == len(mine)
    assert summary.paid == Tally(len(paid), sum((sale.total for sale in paid), Decimal(0)))
    assert summary.given_back.amount == given_back
    assert summary.net == summary.paid.amount - given_back
    assert sum((tally.amount for _bank, tally in summary.by_bank), Decimal(0)) == summary.paid.amount
    assert sum((tally.amount for _kind, tally in summary.by_payment_type), Decimal(0)) == summary.paid.amount
    ended_unpaid = summary.cancelled.count + summary.expired.count + summary.failed.count
    half_way = sum(1 for sale in mine if sale.status in (S.CREATING, S.OPEN, S.CANCELLING))
    assert summary.paid.count + ended_unpaid + half_way == len(mine)
    assert all(type(value) is Decimal for value in _money_values(summary)), "never a float"
    rows = {(row[0], row[1]): row[2:] for row in _read(to_csv(summary))[3:]}
    assert Decimal(rows["paid", "sales"][1]) == summary.paid.amount
    assert Decimal(rows["paid", "net"][1]) == summary.net
    assert day_sales(sales, DAY, "T1") == tuple(sorted(mine, key=lambda sale: (sale.created_at, sale.number)))
