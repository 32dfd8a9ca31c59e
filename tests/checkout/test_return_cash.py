"""Cash given back in a return is whole tögrög (issue 31, points 3 and 8 where they meet), against the real PosAPI
and QPay sandboxes over HTTP: a rounded cash sale returned in parts gives back exactly the cash it took (each part
rounded half up as cash is paid, the last one all the drawer still holds of it), returned whole it gives back that
cash too, the money given back stays the exact amount the receipt loses, and QPay's money that goes back from the
drawer (a part QPay cannot refund, a refund QPay refused) is whole tögrög, rounded by the step the return was begun
with. The drawer's expected cash stays whole; the shift's reports and the day close show one net rounding."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime, timedelta
from decimal import Decimal
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from pos_app.checkout import Checkout
from pos_app.checkout.partial_returns import plan_return, return_part
from pos_app.checkout.returns import return_tenders
from pos_app.domain.cart import Cart
from pos_app.domain.cash import round_cash
from pos_app.domain.catalog import CatalogItem
from pos_app.domain.returns import TenderSource
from pos_app.domain.sale import INDIVIDUAL, ReceiptVia, Sale
from pos_app.domain.tenders import Tendering
from pos_app.journal import Journal, ReceiptStatus
from pos_app.journal.day_summary import load_day
from pos_app.journal.shifts import close_shift, open_shift, shift_x_report
from pos_app.receipts.samples import PRINTED_AT, SHOP
from pos_app.receipts.slip_blocks import Pair
from pos_app.receipts.slips import return_slip
from tests.checkout.test_partial_returns import _cart
from tests.qpay.helpers import SandboxControl

UB = ZoneInfo("Asia/Ulaanbaatar")
MILK = CatalogItem("4865000000028", "Сүү", Decimal("3500"), "", "", True)
APPLES = CatalogItem("2000001", "Алим", Decimal("4990"), "", "", False, unit="kg")
REASON = "the customer brought it back"
FLOAT = Decimal(50000)


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 11, 26, 10, 0, tzinfo=UB)

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


@pytest.fixture
def journal(tmp_path: Path) -> Iterator[Journal]:
    with Journal(tmp_path / "journal.sqlite3", "T1", clock=Clock()) as opened:
        open_shift(opened.store, FLOAT)
        yield opened


def _cash_sale(journal: Journal, desk, step: Decimal = Decimal(1)) -> str:  # type: ignore[no-untyped-def]
    """Two breads, a milk and 1.235 kg of apples with 10 % off, less 500: 13,546.39, paid with 20,000 in cash (the
    drawer keeps 13,546 at 1 ₮ steps, 13,550 at 10), its receipt through PosAPI."""
    cart = _cart()
    number = journal.tenders.begin(cart.lines, cart.total, cart.taxes,
                                   Tendering(cart.total).cash_tender(Decimal(20000), step), ReceiptVia.POSAPI,
                                   sale_discount=cart.sale_discount)
    desk.issue(journal, number, INDIVIDUAL)
    return number


def _cash_back(sale) -> list[tuple[Decimal, Decimal, Decimal]]:  # type: ignore[no-untyped-def]
    """Each cash part its returns gave back: (exact amount, handed, rounding)."""
    return [(part.back.amount, part.back.handed, part.back.rounding) for one in sale.part_returns
            for part in one.money if part.back.via is TenderSource.CASH]


def _cash_tender(summary):  # type: ignore[no-untyped-def]
    return next(row for row in summary.by_tender if row.kind == "CASH")


def test_a_rounded_cash_sale_returned_in_parts_gives_back_exactly_the_cash_it_took(
        journal: Journal, desk) -> None:  # type: ignore[no-untyped-def]
    number = _cash_sale(journal, desk)
    sale = journal.queries.get(number)
    assert sale.total == Decimal("13546.39") and sale.tenders[0].tender.taken == 13546       # rounding -0.39
    first = plan_return(sale, [(0, 1), (2, "0.5")], posapi_set=True)
    return_part(journal, None, desk, number, [(0, 1), (2, "0.5")], REASON)           # type: ignore[arg-type]
    report = shift_x_report(journal.store)
    assert report.expected_cash == FLOAT + 13546 - 4577 and report.cash_rounding == Decimal("-0.81")
    assert [(p.amount, p.handed, p.rounding) for p in first.money] == [(Decimal("4576.58"), 4577, Decimal("0.42"))]

    # The rest: the drawer holds 8,969 of the sale's cash for its 8,969.81, and gives back all of it.
    done = return_part(journal, None, desk, number, [(0, 1), (1, 1), (2, "0.735")], REASON)   # type: ignore[arg-type]
    report = shift_x_report(journal.store)
    assert report.expected_cash == FLOAT and report.cash_rounding == 0
    assert report.cash_refunds == sale.total                     # the money given back stays exact
    assert _cash_back(done) == [(Decimal("4576.58"), 4577, Decimal("0.42")),
                                (Decimal("8969.81"), 8969, Decimal("-0.81"))]
    assert not done.kept_lines and done.receipts[-1].status is ReceiptStatus.CANCELLED
    summary = load_day(journal.queries, journal.now().date()).summary
    cash = _cash_tender(summary)
    assert cash.paid.amount == cash.given_back.amount == sale.total and cash.net == 0
    assert summary.cash_rounding == 0
    assert summary.given_back.amount == sale.total and summary.receipt_vat == 0
    # The slip says what the cashier hands over and its rounding; what was given back is the exact amount.
    slip = return_slip(done, done.part_returns[-1], SHOP, PRINTED_AT)
    pairs = [(block.left, block.right) for block in slip.blocks if isinstance(block, Pair)]
    assert ("Given back", "8,969.81 ₮") in pairs and ("Cash", "8,969 ₮") in pairs
    assert ("Cash rounding", "-0.81 ₮") in pairs
    closed = close_shift(journal.store, FLOAT).close
    assert closed is not None and closed.difference == 0         # a perfect count balances


def test_a_day_where_every_cash_sale_went_back_nets_to_nothing(journal: Journal, desk) -> None:  # type: ignore[no-untyped-def]
    by_parts, whole = _cash_sale(journal, desk), _cash_sale(journal, desk)
    returned = return_tenders(journal, None, desk, whole, REASON)                    # type: ignore[arg-type]
    assert returned.reversed_amount == Decimal("13546.39")       # given back: what the receipt held
    for quantities in ([(2, "0.001")], [(0, 2), (1, 1)], [(2, "1.234")]):
        return_part(journal, None, desk, by_parts, quantities, REASON)               # type: ignore[arg-type]
    report = shift_x_report(journal.store)
    assert report.expected_cash == FLOAT and report.cash_rounding == 0
    summary = load_day(journal.queries, journal.now().date()).summary
    assert _cash_tender(summary).net == 0 and summary.net == 0 and summary.cash_rounding == 0
    parts = _cash_back(journal.queries.get(by_parts))
    assert [handed for amount, handed, _ in parts[:2]] == [round_cash(amount) for amount, _, _ in parts[:2]]
    assert sum(handed for _, handed, _ in parts) == 13546          # the last: all the drawer held of it


def test_the_shops_step_rounds_the_cash_given_back_and_the_last_part_takes_what_is_left(
        journal: Journal, desk) -> None:  # type: ignore[no-untyped-def]
    ten = Decimal(10)
    number = _cash_sale(journal, desk, ten)
    assert journal.queries.get(number).tenders[0].tender.taken == 13550                       # rounding +3.61
    plan = plan_return(journal.queries.get(number), [(0, 1), (2, "0.5")], posapi_set=True, cash_step=ten)
    done = return_part(journal, None, desk, number, [(0, 1), (2, "0.5")], REASON, ten)  # type: ignore[arg-type]
    assert [(p.amount, p.handed) for p in plan.money] == [(a, h) for a, h, _ in _cash_back(done)] == [
        (Decimal("4576.58"), 4580)]
    done = return_part(journal, None, desk, number, [(0, 1), (1, 1), (2, "0.735")], REASON, ten)  # type: ignore
    assert [handed for _, handed, _ in _cash_back(done)] == [4580, 8970]
    assert done.part_returns[0].cash_step == ten
    assert shift_x_report(journal.store).expected_cash == FLOAT


def _qpay_sale(journal: Journal, checkout: Checkout, control: SandboxControl) -> str:
    """1.235 kg of apples and a milk (9,662.65) paid by one QPay card payment, its receipt through PosAPI."""
    cart = Cart()
    cart.add_weighed(APPLES, Decimal("1.235"))
    cart.add_item(MILK, 1)
    number = journal.sales.begin(cart.lines, cart.total, cart.taxes, receipt_via=ReceiptVia.POSAPI)
    invoice = checkout.create_invoice(Sale(number, cart.lines, cart.total, cart.taxes))
    journal.sales.invoice_opened(number, invoice)
    control.pay(invoice.invoice_id, transaction_type="CARD")
    journal.sales.payments_seen(number, checkout.check_payment(invoice.invoice_id, cart.total).payments)
    return number


def test_qpays_money_given_back_from_the_drawer_is_whole_togrog(
        journal: Journal, checkout: Checkout, control: SandboxControl, desk) -> None:  # type: ignore[no-untyped-def]
    number = _qpay_sale(journal, checkout, control)
    desk.issue(journal, number, INDIVIDUAL)
    # A third of a kilo: QPay gives back whole payments only, so 1,661.67 goes from the drawer as 1,662.
    done = return_part(journal, checkout, desk, number, [(0, "0.333")], REASON)
    report = shift_x_report(journal.store)
    assert report.expected_cash == FLOAT - 1662 and report.cash_rounding == Decimal("-0.33")
    assert _cash_back(done) == [(Decimal("1661.67"), 1662, Decimal("0.33"))]
    summary = load_day(journal.queries, journal.now().date()).summary
    assert _cash_tender(summary).given_back.amount == Decimal("1661.67") and summary.cash_rounding == Decimal("-0.33")


def test_a_qpay_refund_refused_goes_back_in_cash_rounded_by_the_returns_own_step(
        journal: Journal, checkout: Checkout, control: SandboxControl, desk) -> None:  # type: ignore[no-untyped-def]
    number = _qpay_sale(journal, checkout, control)
    control.fault("/v2/payment/cancel/", method="POST", status=400, error_code="PAYMENT_SETTLED")
    done = return_part(journal, checkout, desk, number, [(0, "1.235"), (1, 1)], REASON, Decimal(10))
    [(amount, handed, rounding)] = _cash_back(done)
    assert (amount, handed, rounding) == (Decimal("9662.65"), 9660, Decimal("-2.65"))
    assert "refused" in done.part_returns[0].money[0].note
    report = shift_x_report(journal.store)
    assert report.expected_cash == FLOAT - 9660 and report.cash_rounding == Decimal("2.65")
    summary = load_day(journal.queries, journal.now().date()).summary
    assert summary.cash_rounding == Decimal("2.65") and _cash_tender(summary).given_back.amount == amount
