"""The day close slip (the printed Z report): taxes with and without receipt, its close, what is owed a receipt."""

from __future__ import annotations

from datetime import date, datetime, timedelta, timezone
from decimal import Decimal

from pos_app.journal.day_summary import DaySummary, Tally
from pos_app.receipts.layout import Kind, Pair, Paper, ShopHeader, Size, day_summary_layout, pair_lines

UB = timezone(timedelta(hours=8))
SHOP = ShopHeader(name="Номин дэлгүүр", terminal="T1")
PRINTED_AT = datetime(2026, 11, 21, 22, 5, tzinfo=UB)
DAY = date(2026, 11, 21)


def test_a_closed_day_says_when_it_was_closed_and_splits_its_taxes() -> None:
    summary = DaySummary(
        DAY, "T1", sales_count=4, paid=Tally(4, Decimal("38500.00")), overpaid=Decimal("500.00"),
        receipts_issued=3, receipts_voided=1, receipt_vat=Decimal("2000.00"), receipt_city_tax=Decimal("0.00"),
        without_receipt=Tally(1, Decimal("5500.00")), no_receipt_vat=Decimal("500.00"),
        no_receipt_city_tax=Decimal("50.00"), given_back_refund=Tally(1, Decimal("11000.00")),
        owes_receipt=Tally(1, Decimal("5500.00")), owing=(("T1-20261121-000004", Decimal("5500.00")),),
        since=datetime(2026, 11, 20, 21, 30, tzinfo=UB), closed_at=datetime(2026, 11, 21, 22, 0, tzinfo=UB))
    layout = day_summary_layout(summary, SHOP, PRINTED_AT)
    text = layout.text()
    assert layout.kind is Kind.DAY and not layout.opens_drawer
    for expected in ("DAY CLOSE", "Closed", "From", "Paid (4) 38,500 ₮", "Paid beyond the total 500 ₮",
                     "Given back (1) 11,000 ₮", "NET 27,500 ₮", "Receipts issued 3", "Receipts cancelled 1",
                     "VAT with receipt 2,000 ₮", "City tax with receipt 0 ₮", "Without receipt (1) 5,500 ₮",
                     "VAT without receipt 500 ₮", "City tax without receipt 50 ₮", "NEEDS ATTENTION",
                     "Owed a receipt 1", "T1-20261121-000004 5,500 ₮"):
        assert expected in text, expected
    owed = next(block for block in layout.blocks if isinstance(block, Pair) and block.left == "T1-20261121-000004")
    assert owed.size is Size.SMALL        # a sale number and its amount fit one line of the narrowest roll
    assert len(pair_lines(owed.left, owed.right, Paper.MM58.columns_for(Size.SMALL))) == 1


def test_an_open_day_with_nothing_to_see_to_has_no_attention_part() -> None:
    text = day_summary_layout(DaySummary(DAY, "T1"), SHOP, PRINTED_AT).text()
    assert "NEEDS ATTENTION" not in text and "Closed" not in text and "From" not in text
    assert "Paid beyond the total" not in text and "VAT with receipt 0 ₮" in text


def test_the_slip_shows_each_tender_paid_given_back_and_net() -> None:
    """Issue 31, point 10: cash given back is cash's, and every tender has its net, named as the till names it
    (never the service's raw CARD / P2P)."""
    summary = DaySummary(
        DAY, "T1", paid=Tally(5, Decimal("33500.00")),
        by_payment_type=(("CARD", Tally(2, Decimal("13000.00"))), ("TERMINAL", Tally(2, Decimal("8000.00"))),
                         ("P2P", Tally(1, Decimal("7000.00"))), ("CASH", Tally(2, Decimal("5500.00")))),
        given_back_refund=Tally(2, Decimal("3500.00")), given_back_cancel=Tally(1, Decimal("3000.00")),
        given_back_by_type=(("CARD", Tally(1, Decimal("3000.00"))), ("TERMINAL", Tally(1, Decimal("2000.00"))),
                            ("CASH", Tally(1, Decimal("1500.00")))))
    lines = day_summary_layout(summary, SHOP, PRINTED_AT).text().splitlines()
    start = lines.index("By tender")
    assert lines[start:start + 17:] == [
        "By tender",
        "Cash", "Paid (2) 5,500 ₮", "Given back (1) 1,500 ₮", "Net 4,000 ₮",
        "Card terminal", "Paid (2) 8,000 ₮", "Given back (1) 2,000 ₮", "Net 6,000 ₮",
        "QPay card", "Paid (2) 13,000 ₮", "Given back (1) 3,000 ₮", "Net 10,000 ₮",
        "QPay bank transfer", "Paid (1) 7,000 ₮", "Given back (0) 0 ₮", "Net 7,000 ₮"]
    assert "Given back (3) 6,500 ₮" in lines and "NET 27,000 ₮" in lines
    assert not any(line.startswith(("CARD", "P2P")) for line in lines)
