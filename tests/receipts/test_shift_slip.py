"""The shift's slips: the X report (the open shift so far) and the Z report (its close, with the cash counted and the
difference), each tender kind apart; read as blocks and as the ESC/POS bytes a printer gets."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from decimal import Decimal

import pytest
from escpos.printer import Dummy

from pos_app.domain.shift import PaidIn, PaidOut, Refund, SaleTender, Shift, x_report, z_report
from pos_app.domain.tenders import CardTender, CashTender, QPayTender, TenderKind
from pos_app.formats import datetime_text
from pos_app.receipts.escpos_out import make_profile, render_escpos
from pos_app.receipts.escpos_replay import Cut, PrintedImage, PrintedLine, read_escpos
from pos_app.receipts.layout import Kind, Pair, Paper, ShopHeader, Text, pair_lines, shift_report_layout

UB = timezone(timedelta(hours=8))
SHOP = ShopHeader(name="Nomin shop", register="5317878", terminal="T1")
OPENED = datetime(2026, 11, 26, 9, 0, tzinfo=UB)
PRINTED_AT = datetime(2026, 11, 26, 21, 5, tzinfo=UB)


def shown_at(moment: datetime) -> str:
    """A moment as the slip writes it (the till's own format: the test's clock, never today)."""
    return datetime_text(moment, seconds=True)


def at(minutes: int) -> datetime:
    return OPENED + timedelta(minutes=minutes)


SHIFT = Shift.open("T1", OPENED, "50000")
MOVES = (
    SaleTender(CashTender(Decimal("6300"), Decimal("10000")), at(10), "T1-1"),     # 3,700 change
    SaleTender(CashTender(Decimal("2500"), Decimal("2500")), at(20), "T1-2"),
    SaleTender(CardTender(Decimal("12000"), "AB1234"), at(30), "T1-3"),
    SaleTender(QPayTender(Decimal("7000"), ("pay-1",)), at(40), "T1-4"),
    Refund(TenderKind.CASH, Decimal("2500"), at(50), "T1-2"),
    Refund(TenderKind.QPAY, Decimal("7000"), at(55), "T1-4"),
    PaidIn(Decimal("5000"), at(60), "change from the bank"),
    PaidOut(Decimal("1500.50"), at(70), "delivery"),
)
# 50,000 float + 8,800 cash sales − 2,500 cash refund + 5,000 in − 1,500.50 out
EXPECTED = Decimal("59799.50")


def pairs(layout) -> dict[str, str]:  # noqa: ANN001
    return {block.left: block.right for block in layout.blocks if isinstance(block, Pair)}


def section(layout, title: str) -> dict[str, str]:  # noqa: ANN001
    """The pairs under the bold line `title`, up to the next rule."""
    blocks = list(layout.blocks)
    start = next(index for index, block in enumerate(blocks) if isinstance(block, Text) and block.text == title)
    found: dict[str, str] = {}
    for block in blocks[start + 1:]:
        if not isinstance(block, Pair):
            break
        found[block.left] = block.right
    return found


def test_the_x_report_shows_each_tender_kind_apart_and_the_cash_expected() -> None:
    report = x_report(SHIFT, MOVES, at(90))
    assert report.expected_cash == EXPECTED
    layout = shift_report_layout(report, SHOP, PRINTED_AT)
    text = layout.text()
    assert layout.kind is Kind.DAY and not layout.opens_drawer
    assert "X REPORT" in text and "Z REPORT" not in text
    assert "Nomin shop" in text and "Register no. 5317878" in text and "Terminal T1" in text
    head = pairs(layout)
    assert head["Shift opened"] == shown_at(at(0)) and head["Taken"] == shown_at(at(90))
    assert head["Printed"] == shown_at(PRINTED_AT) and "Shift closed" not in head
    assert section(layout, "Cash") == {"Taken (2)": "8,800 ₮", "Refunded (1)": "2,500 ₮", "Net": "6,300 ₮"}
    assert section(layout, "Card terminal") == {"Taken (1)": "12,000 ₮", "Refunded (0)": "0 ₮", "Net": "12,000 ₮"}
    assert section(layout, "QPay") == {"Taken (1)": "7,000 ₮", "Refunded (1)": "7,000 ₮", "Net": "0 ₮"}
    assert section(layout, "CASH DRAWER") == {
        "Float": "50,000 ₮", "Cash given": "12,500 ₮", "Change": "3,700 ₮", "Paid in (1)": "5,000 ₮",
        "Paid out (1)": "1,500.50 ₮", "Expected cash": "59,799.50 ₮"}
    assert "Counted" not in text and "Difference" not in text and "signature" not in text
    assert layout.title == f"X report T1 {shown_at(at(90))}"


@pytest.mark.parametrize(("counted", "shown", "said"), [("59000", "59,000 ₮", "-799.50 ₮ short"),
                                                        ("60000", "60,000 ₮", "+200.50 ₮ over"),
                                                        ("59799.50", "59,799.50 ₮", "0 ₮ balances")])
def test_the_z_report_adds_the_count_and_the_signed_difference(counted: str, shown: str, said: str) -> None:
    close = z_report(SHIFT, MOVES, counted, at(600))
    layout = shift_report_layout(close, SHOP, PRINTED_AT)
    text = layout.text()
    assert "Z REPORT" in text and "X REPORT" not in text
    head = pairs(layout)
    assert head["Shift closed"] == shown_at(at(600)) and "Taken" not in head
    drawer = section(layout, "CASH DRAWER")
    assert drawer["Expected cash"] == "59,799.50 ₮"
    assert drawer["Counted"] == shown
    assert drawer["Difference"] == said
    assert "Cashier's signature" in text
    assert layout.title.startswith("Z report T1 ")


def test_a_shift_with_nothing_taken_lists_every_kind_at_zero() -> None:
    layout = shift_report_layout(x_report(SHIFT, (), at(1)), SHOP, PRINTED_AT)
    for kind in ("Cash", "Card terminal", "QPay"):
        assert section(layout, kind) == {"Taken (0)": "0 ₮", "Refunded (0)": "0 ₮", "Net": "0 ₮"}
    assert section(layout, "CASH DRAWER")["Expected cash"] == "50,000 ₮"


@pytest.mark.parametrize("paper", list(Paper))
def test_the_z_report_goes_to_an_escpos_printer_whole(paper: Paper) -> None:
    layout = shift_report_layout(z_report(SHIFT, MOVES, "59000", at(600)), SHOP, PRINTED_AT)
    printer = Dummy(profile=make_profile(paper))
    render_escpos(layout, printer, paper)
    printed = read_escpos(printer.output)
    text = "\n".join(item.text for item in printed if isinstance(item, PrintedLine))
    for expected in ("Z REPORT", "Shift opened", "Shift closed", "Cash", "Card terminal", "QPay", "CASH DRAWER",
                     "Cashier's signature"):
        assert expected in text, (paper, expected)
    # No code page has ₮: each line with an amount goes as a picture, none is dropped or printed as "?".
    amounts = [block for block in layout.blocks if isinstance(block, Pair) and "₮" in block.right]
    assert len(amounts) == 17
    assert sum(isinstance(item, PrintedImage) for item in printed) == len(amounts)
    assert "?" not in text and any(isinstance(item, Cut) for item in printed)
    for block in amounts:           # every label and its amount fit one line, even on the 58 mm roll
        assert len(pair_lines(block.left, block.right, paper.columns_for(block.size))) == 1, (paper, block)
