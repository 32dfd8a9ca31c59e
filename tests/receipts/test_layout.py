"""What each slip says (the one description both back ends print), from real journal records."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pos_app.formats import date_text, datetime_text
from pos_app.journal import Journal, ReversalKind
from pos_app.journal.day_summary import summarize
from pos_app.receipts.layout import (
    Align,
    Kind,
    Pair,
    Paper,
    QrCode,
    ShopHeader,
    Size,
    Text,
    day_summary_layout,
    layouts_for,
    pair_lines,
    printer_test_page,
    refund_slip,
    sale_receipt,
    void_slip,
    wrap,
)

from .conftest import LOTTERY, ORGANIZATION, PRINTED_AT, QR_DATA, RECEIPT_ID, SHOP, TOTAL, Sales


def test_a_receipt_holds_the_shop_the_lines_the_taxes_the_payment_and_the_ebarimt(sales: Sales) -> None:
    sale = sales.issued()
    layout = sale_receipt(sale, SHOP, PRINTED_AT)
    text = layout.text()
    for expected in (SHOP.name, "Register no. 5317878", SHOP.address, "Terminal T1", sale.number,
                     datetime_text(sale.created_at, seconds=True), "Сүү 1л (Сүү ХК)", "2 x 3,500 ₮ 7,000 ₮",
                     "1.5 x 2,500.50 ₮ 3,750.75 ₮",
                     "TOTAL 17,250.75 ₮", "VAT 1,562.82 ₮", "City tax 58.04 ₮", "Paid via Хаан банк",
                     f"Payment id {sale.payments[0].payment_id}", "Receiver Individual", RECEIPT_ID, LOTTERY):
        assert expected in text
    assert layout.kind is Kind.SALE and layout.opens_drawer
    lottery = next(b for b in layout.blocks if isinstance(b, Text) and b.text == LOTTERY)
    assert lottery.size is Size.LARGE and lottery.bold
    assert [b.data for b in layout.blocks if isinstance(b, QrCode)] == [QR_DATA]
    total = next(b for b in layout.blocks if isinstance(b, Pair) and b.left == "TOTAL")
    assert total.size is Size.LARGE
    assert "COPY" not in text


def test_an_organizations_receipt_names_its_register_number(sales: Sales) -> None:
    text = sale_receipt(sales.issued(ORGANIZATION), SHOP, PRINTED_AT).text()
    assert "Receiver Organization 6235972" in text


def test_a_paid_sale_without_its_ebarimt_says_so_and_has_no_qr(sales: Sales) -> None:
    layout = sale_receipt(sales.unreceipted(), SHOP, PRINTED_AT)
    assert "No ebarimt receipt issued" in layout.text()
    assert not any(isinstance(b, QrCode) for b in layout.blocks)


def test_a_reprint_is_marked_as_a_copy_and_does_not_open_the_drawer(sales: Sales) -> None:
    sale = sales.issued()
    (copy,) = layouts_for(sale, SHOP, PRINTED_AT)
    assert copy.kind is Kind.COPY and not copy.opens_drawer
    assert "COPY" in copy.text() and f"Printed {datetime_text(PRINTED_AT, seconds=True)}" in copy.text()


def test_a_refunded_sale_reprints_with_its_refund_slip(sales: Sales) -> None:
    copy, slip = layouts_for(sales.refunded(), SHOP, PRINTED_AT)
    assert copy.kind is Kind.COPY and slip.kind is Kind.REFUND
    text = slip.text()
    assert "*** REFUND ***" in text and f"Given back {'17,250.75 ₮'}" in text
    assert "Сүү нь муудсан байсан" in text and "Customer signature" in text
    assert not any(isinstance(b, QrCode) for b in slip.blocks)


def test_a_cancelled_receipt_prints_a_void_slip_without_its_qr(sales: Sales) -> None:
    sale = sales.receipt_voided()
    copy, slip = layouts_for(sale, SHOP, PRINTED_AT)
    assert slip.kind is Kind.VOID and not slip.opens_drawer
    text = slip.text()
    assert "*** RECEIPT CANCELLED ***" in text and RECEIPT_ID in text and f"Lottery {LOTTERY}" in text
    assert "no longer valid" in text and "Organization 6235972" in text
    assert not any(isinstance(b, QrCode) for b in slip.blocks)
    assert void_slip(sale, SHOP, PRINTED_AT) == slip


def test_a_refund_not_yet_confirmed_says_so(sales: Sales, journal: Journal) -> None:
    number = sales.issued().number
    journal.reversals.started(number, ReversalKind.CANCEL, "Буруу бараа")
    text = refund_slip(journal.queries.get(number), SHOP, PRINTED_AT).text()
    assert "*** PAYMENT CANCELLED ***" in text and "To give back 17,250.75 ₮" in text
    assert "not confirmed" in text


def test_a_shop_without_a_name_still_prints_its_terminal(sales: Sales) -> None:
    layout = sale_receipt(sales.issued(), ShopHeader(terminal="T1"), PRINTED_AT)
    first = layout.blocks[0]
    assert isinstance(first, Text) and first.text == "Terminal T1"


def test_the_day_close_slip_has_the_days_figures(sales: Sales, journal: Journal) -> None:
    day = sales.issued().created_at.date()       # the day of the journal's (the test's) clock
    sales.refunded()
    summary = summarize(journal.queries.between(day, day), day, "T1")
    layout = day_summary_layout(summary, SHOP, PRINTED_AT)
    text = layout.text()
    assert layout.kind is Kind.DAY and not layout.opens_drawer
    assert "DAY CLOSE" in text and f"Day {date_text(day)}" in text
    assert f"Paid (2) {'34,501.50 ₮'}" in text and "NET 17,250.75 ₮" in text
    assert "Хаан банк (2)" in text


@pytest.mark.parametrize("paper", list(Paper))
def test_the_test_page_ruler_is_as_wide_as_the_paper(paper: Paper) -> None:
    layout = printer_test_page(SHOP, "network printer 10.0.0.5:9100", paper, PRINTED_AT)
    ruler = layout.blocks[[isinstance(b, Text) and b.text.startswith("1234567890") for b in layout.blocks].index(True)]
    assert isinstance(ruler, Text) and len(ruler.text) == paper.columns
    assert "Өө Үү" in layout.text() and "₮" in layout.text()


def test_paper_widths_read_from_the_settings() -> None:
    assert Paper.of("58") is Paper.MM58 and Paper.of("58 mm") is Paper.MM58 and Paper.of("80") is Paper.MM80
    assert Paper.of("") is Paper.MM80
    assert (Paper.MM58.columns, Paper.MM58.dots, Paper.MM80.columns, Paper.MM80.dots) == (32, 384, 48, 576)


def test_columns_for_a_size_are_font_a_half_of_it_in_large_type_and_font_b_in_small() -> None:
    assert [Paper.MM58.columns_for(size) for size in (Size.SMALL, Size.NORMAL, Size.LARGE)] == [42, 32, 16]
    assert [Paper.MM80.columns_for(size) for size in (Size.SMALL, Size.NORMAL, Size.LARGE)] == [64, 48, 24]
    assert Text("x").size is Size.NORMAL and Pair("a", "b").size is Size.NORMAL


def test_the_receipt_id_is_in_small_type_flush_right_on_the_receipt_and_the_void_slip(sales: Sales) -> None:
    receipt, void = sale_receipt(sales.issued(), SHOP, PRINTED_AT), void_slip(sales.receipt_voided(), SHOP, PRINTED_AT)
    for layout in (receipt, void):
        (receipt_id,) = [b for b in layout.blocks if isinstance(b, Text) and b.text == RECEIPT_ID]
        assert (receipt_id.size, receipt_id.align, receipt_id.bold) == (Size.SMALL, Align.RIGHT, False)
        assert len(RECEIPT_ID) <= Paper.MM58.columns_for(Size.SMALL)
        others = [b for b in layout.blocks if isinstance(b, (Text, Pair)) and b is not receipt_id]
        assert all(b.size is not Size.SMALL for b in others), layout.kind


def test_a_total_that_does_not_fit_beside_its_label_wraps_the_label() -> None:
    lines = pair_lines("Талх (Талх Чихэр) — хар, зүсмэл", "2,500 ₮", 32)
    assert all(len(line) <= 32 for line in lines)
    assert lines[-1].endswith(" 2,500 ₮") and len(lines) == 2


WORDS = st.text(alphabet=st.sampled_from("абвгөүᴀ₮ 0123456789xyz"), max_size=80)


@given(WORDS, st.integers(min_value=1, max_value=48))
def test_wrapping_never_loses_a_letter_or_overflows(text: str, width: int) -> None:
    lines = wrap(text, width)
    assert lines and all(len(line) <= width for line in lines)
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")


@given(WORDS, st.text(alphabet="0123456789,.₮ ", min_size=1, max_size=60), st.sampled_from([16, 24, 32, 48]))
def test_pairs_never_overflow_and_keep_the_value_whole_on_the_right(left: str, right: str, width: int) -> None:
    lines = pair_lines(left, right, width)
    assert all(len(line) <= width for line in lines)
    assert "".join(lines).replace(" ", "") == (left + right).replace(" ", "")


def test_a_receipt_amount_is_never_a_float(sales: Sales) -> None:
    sale = sales.issued()
    assert isinstance(sale.total, Decimal) and sale.total == TOTAL


def test_a_cash_sale_returned_whole_slips_the_whole_togrog_the_customer_got(journal: Journal) -> None:
    # Issue 31: 0.737 kg at 12,995 = 9,577.32, paid 9,577 in cash; returned whole, the customer gets 9,577 back.
    from pos_app.domain.cart import Cart
    from pos_app.domain.catalog import CatalogItem
    from pos_app.domain.sale import ReceiptVia
    from pos_app.domain.tenders import Tendering

    cart = Cart()
    cart.add_weighed(CatalogItem("2", "Мах", Decimal(12995), "", "", True, unit="kg"), Decimal("0.737"))
    number = journal.tenders.begin(cart.lines, cart.total, cart.taxes,
                                   Tendering(cart.total).cash_tender(Decimal(10000)), ReceiptVia.NONE)
    journal.tenders.refunded(number, "returned")
    text = refund_slip(journal.queries.get(number), SHOP, PRINTED_AT).text()
    assert "*** REFUND ***" in text and "Given back 9,577 ₮" in text and "Cash rounding -0.32 ₮" in text
