"""A sale's stages: only the allowed moves happen, and a paid sale is paid in full."""

from __future__ import annotations

from decimal import Decimal

import pytest

from pos_app.domain.cart import CartLine
from pos_app.domain.sale import (
    FINAL_STAGES,
    IssuedReceipt,
    OpenInvoice,
    PaymentSeen,
    Receiver,
    ReceiverKind,
    Sale,
    SaleStateError,
    Stage,
)
from pos_app.domain.taxes import TaxSplit

MILK = CartLine("Milk", Decimal("2"), Decimal("3500"), "4901", "8401", "0122")
TOTAL = Decimal("7000")
TAXES = TaxSplit(Decimal("636.36"), Decimal("0.00"))

ALLOWED = {
    Stage.CART: {Stage.CHARGING, Stage.TENDERING},
    Stage.TENDERING: {Stage.CHARGING, Stage.PAID, Stage.CANCELLED, Stage.CART},
    # A sale with tenders goes back to them when its QPay part ends unpaid.
    Stage.CHARGING: {Stage.CART, Stage.AWAITING_PAYMENT, Stage.TENDERING},
    Stage.AWAITING_PAYMENT: {Stage.CANCELLING, Stage.PAID, Stage.CANCELLED, Stage.EXPIRED, Stage.TENDERING},
    Stage.CANCELLING: {Stage.AWAITING_PAYMENT, Stage.CANCELLED, Stage.PAID, Stage.TENDERING},
    Stage.PAID: {Stage.ISSUING_RECEIPT, Stage.COMPLETED},   # COMPLETED: no receipt can be issued (no PosAPI)
    Stage.ISSUING_RECEIPT: {Stage.PAID, Stage.COMPLETED},
    Stage.COMPLETED: {Stage.ISSUING_RECEIPT},   # issued again (the service had recorded another receiver)
    Stage.CANCELLED: set(),
    Stage.EXPIRED: set(),
}
ALLOWED_PAIRS = [(start, end) for start, ends in ALLOWED.items() for end in sorted(ends, key=lambda s: s.value)]
FORBIDDEN_PAIRS = [(start, end) for start in Stage for end in Stage if end not in ALLOWED[start]]


def sale_at(stage: Stage) -> Sale:
    sale = Sale(number="T1-20260101-000001", lines=(MILK,), total=TOTAL, taxes=TAXES)
    sale.stage = stage  # set directly: the test is about the next move, not how it got here
    return sale


def payment(amount: str, bank: str = "Khan Bank", payment_id: str = "P1") -> PaymentSeen:
    return PaymentSeen(payment_id, Decimal(amount), bank)


@pytest.mark.parametrize("start,end", ALLOWED_PAIRS, ids=lambda s: s.value)
def test_an_allowed_move_changes_the_stage(start: Stage, end: Stage) -> None:
    sale = sale_at(start)
    sale.move_to(end)
    assert sale.stage is end


@pytest.mark.parametrize("start,end", FORBIDDEN_PAIRS, ids=lambda s: s.value)
def test_a_forbidden_move_raises_and_keeps_the_stage(start: Stage, end: Stage) -> None:
    sale = sale_at(start)
    with pytest.raises(SaleStateError):
        sale.move_to(end)
    assert sale.stage is start


@pytest.mark.parametrize("start,end", [
    (Stage.PAID, Stage.CANCELLING),       # a paid sale cannot be cancelled
    (Stage.CART, Stage.PAID),             # nothing is paid without an invoice
    (Stage.AWAITING_PAYMENT, Stage.COMPLETED),  # no receipt before payment
    (Stage.CANCELLED, Stage.AWAITING_PAYMENT),
], ids=lambda s: s.value)
def test_the_moves_that_matter_most_are_refused(start: Stage, end: Stage) -> None:
    with pytest.raises(SaleStateError, match=f"from {start.value} to {end.value}"):
        sale_at(start).move_to(end)


@pytest.mark.parametrize("stage", sorted(FINAL_STAGES, key=lambda s: s.value), ids=lambda s: s.value)
def test_a_final_stage_goes_nowhere_but_to_a_receipt_issued_again(stage: Stage) -> None:
    sale = sale_at(stage)
    assert sale.is_final
    for end in Stage:
        if (stage, end) == (Stage.COMPLETED, Stage.ISSUING_RECEIPT):
            continue
        with pytest.raises(SaleStateError):
            sale.move_to(end)


def test_only_completed_cancelled_and_expired_are_final() -> None:
    assert {stage for stage in Stage if sale_at(stage).is_final} == {
        Stage.COMPLETED, Stage.CANCELLED, Stage.EXPIRED}


def test_a_new_sale_starts_in_the_cart_with_nothing_learned() -> None:
    sale = Sale(number="", lines=(MILK,), total=TOTAL, taxes=TAXES)
    assert sale.stage is Stage.CART
    assert sale.invoice is None and sale.payments == () and sale.receipt is None
    assert sale.paid_amount == Decimal(0)


def test_charged_keeps_the_invoice_and_awaits_payment() -> None:
    sale = sale_at(Stage.CHARGING)
    invoice = OpenInvoice("INV-1", qr_text="qr")
    sale.charged(invoice)
    assert sale.stage is Stage.AWAITING_PAYMENT
    assert sale.invoice is invoice


def test_charged_from_the_cart_is_refused_and_keeps_no_invoice() -> None:
    sale = sale_at(Stage.CART)
    with pytest.raises(SaleStateError):
        sale.charged(OpenInvoice("INV-1"))
    assert sale.invoice is None


def test_paid_accepts_payments_that_cover_the_total() -> None:
    sale = sale_at(Stage.AWAITING_PAYMENT)
    payments = (payment("3000", payment_id="P1"), payment("4000", payment_id="P2"))
    sale.paid(payments)
    assert sale.stage is Stage.PAID
    assert sale.payments == payments
    assert sale.paid_amount == Decimal("7000")


def test_paid_accepts_more_than_the_total() -> None:
    sale = sale_at(Stage.AWAITING_PAYMENT)
    sale.paid((payment("7000.01"),))
    assert sale.paid_amount == Decimal("7000.01")


@pytest.mark.parametrize("payments", [
    (),
    (payment("6999.99"),),
    (payment("3500"), payment("3499.99", payment_id="P2")),
], ids=["none", "one cent short", "two short"])
def test_paid_refuses_payments_that_do_not_cover_the_total(payments: tuple[PaymentSeen, ...]) -> None:
    sale = sale_at(Stage.AWAITING_PAYMENT)
    with pytest.raises(SaleStateError, match="do not cover"):
        sale.paid(payments)
    assert sale.stage is Stage.AWAITING_PAYMENT
    assert sale.payments == ()


def test_paid_from_the_cancelling_stage_is_allowed() -> None:
    sale = sale_at(Stage.CANCELLING)   # the cancel met a payment
    sale.paid((payment("7000"),))
    assert sale.stage is Stage.PAID


def test_paid_in_full_from_the_cart_is_still_refused() -> None:
    sale = sale_at(Stage.CART)
    with pytest.raises(SaleStateError):
        sale.paid((payment("7000"),))
    assert sale.payments == ()


def test_receipt_issued_completes_the_sale() -> None:
    sale = sale_at(Stage.ISSUING_RECEIPT)
    receipt = IssuedReceipt("R1", "AB 12345678", "qr", TOTAL, TAXES.vat, TAXES.city_tax, payment_id="P1")
    sale.receipt_issued((receipt,))
    assert sale.stage is Stage.COMPLETED
    assert sale.receipt is receipt and sale.receipts == (receipt,)


def test_a_sale_paid_in_two_payments_keeps_a_receipt_for_each() -> None:
    sale = sale_at(Stage.ISSUING_RECEIPT)
    first = IssuedReceipt("R1", "AB 12345678", "qr1", Decimal("3000"), Decimal("272.73"), Decimal(0), payment_id="P1")
    second = IssuedReceipt("R2", "CD 87654321", "qr2", Decimal("4000"), Decimal("363.63"), Decimal(0), payment_id="P2")
    sale.receipt_issued((first, second))
    assert sale.stage is Stage.COMPLETED
    assert sale.receipts == (first, second) and sale.receipt is first


def test_receipt_issued_without_a_receipt_is_refused() -> None:
    sale = sale_at(Stage.ISSUING_RECEIPT)
    with pytest.raises(SaleStateError):
        sale.receipt_issued(())
    assert sale.stage is Stage.ISSUING_RECEIPT and sale.receipt is None


def test_receipt_issued_straight_from_paid_is_refused() -> None:
    sale = sale_at(Stage.PAID)
    with pytest.raises(SaleStateError):
        sale.receipt_issued((IssuedReceipt("R1", "AB 12345678", "qr", TOTAL, TAXES.vat, TAXES.city_tax),))
    assert sale.receipt is None


def test_overpaid_is_what_was_paid_beyond_the_total() -> None:
    sale = sale_at(Stage.AWAITING_PAYMENT)
    assert sale.overpaid == Decimal(0)
    sale.paid((payment("5000", payment_id="P1"), payment("2500", payment_id="P2")))
    assert sale.overpaid == Decimal("500")


def test_bank_joins_distinct_bank_names_in_order() -> None:
    sale = sale_at(Stage.AWAITING_PAYMENT)
    sale.paid((payment("2000", "Khan Bank", "P1"), payment("2000", "Golomt Bank", "P2"),
               payment("2000", "Khan Bank", "P3"), payment("1000", "", "P4")))
    assert sale.bank == "Khan Bank, Golomt Bank"


def test_bank_is_empty_without_payments() -> None:
    assert sale_at(Stage.AWAITING_PAYMENT).bank == ""


def test_a_sale_needs_lines() -> None:
    with pytest.raises(SaleStateError, match="at least one line"):
        Sale(number="", lines=(), total=TOTAL, taxes=TAXES)


@pytest.mark.parametrize("total", [Decimal(0), Decimal("-1")], ids=["zero", "negative"])
def test_a_sale_needs_a_total_above_zero(total: Decimal) -> None:
    with pytest.raises(SaleStateError, match="above 0"):
        Sale(number="", lines=(MILK,), total=total, taxes=TAXES)


def test_a_receiver_is_an_individual_by_default() -> None:
    receiver = Receiver()
    assert receiver.kind is ReceiverKind.INDIVIDUAL and receiver.kind.value == "83"
    assert receiver.register == ""


def test_an_organization_keeps_its_seven_digit_register() -> None:
    receiver = Receiver.organization("5395305")
    assert receiver.kind is ReceiverKind.ORGANIZATION and receiver.kind.value == "84"
    assert receiver.register == "5395305"


def test_an_organization_register_is_trimmed() -> None:
    assert Receiver.organization("  5395305 ").register == "5395305"


@pytest.mark.parametrize("register", [
    "", "539530", "53953051", "539530a", "539 5305", "ДА12345678", "+539530"],
    ids=["empty", "six digits", "eight digits", "a letter", "a space", "citizen", "sign"])
def test_an_organization_register_that_is_not_seven_digits_is_refused(register: str) -> None:
    with pytest.raises(ValueError, match="7 digits"):
        Receiver.organization(register)


@pytest.mark.parametrize("register", ["５３９５３０５", "᠕᠓᠙᠕᠓᠐᠕"], ids=["fullwidth", "mongolian digits"])
def test_an_organization_register_of_non_ascii_digits_is_refused(register: str) -> None:
    with pytest.raises(ValueError):
        Receiver.organization(register)


# -- tenders at the counter (issue 18) ------------------------------------------------------------------------

def test_a_cash_tender_that_covers_the_sale_pays_it_and_keeps_the_change() -> None:
    from pos_app.domain.tenders import CashTender

    sale = sale_at(Stage.TENDERING)
    sale.tender_taken(CashTender(TOTAL, Decimal(10000)))
    assert sale.stage is Stage.PAID and sale.change == Decimal(3000) and sale.paid_amount == TOTAL
    assert sale.due == 0


def test_tenders_that_do_not_cover_it_leave_the_rest_due_and_the_qpay_invoice_asks_only_that() -> None:
    from pos_app.domain.tenders import CardTender, CashTender

    sale = sale_at(Stage.CART)
    sale.tender_taken(CashTender(Decimal(2000), Decimal(2000)))
    sale.tender_taken(CardTender(Decimal(1500), "AB1234"))
    assert sale.stage is Stage.TENDERING and sale.tendered == Decimal(3500) and sale.due == Decimal(3500)
    assert sale.qpay_amount == Decimal(3500)
    sale.move_to(Stage.CHARGING)
    sale.charged(OpenInvoice("inv-1"))
    sale.paid((payment("3500"),))            # QPay covers what the tenders left
    assert sale.stage is Stage.PAID and sale.paid_amount == TOTAL


def test_a_card_terminal_tender_above_what_is_due_is_refused_and_changes_nothing() -> None:
    from pos_app.domain.tenders import CardTender, TenderError

    sale = sale_at(Stage.TENDERING)
    with pytest.raises(TenderError):
        sale.tender_taken(CardTender(Decimal(7001), "AB1234"))
    assert sale.tenders == () and sale.stage is Stage.TENDERING


def test_no_tender_is_taken_once_qpay_money_arrived_or_the_sale_is_paid() -> None:
    from pos_app.domain.tenders import CashTender

    sale = sale_at(Stage.AWAITING_PAYMENT)
    with pytest.raises(SaleStateError):
        sale.tender_taken(CashTender(Decimal(1000), Decimal(1000)))


def test_only_a_sale_that_gets_no_receipt_completes_without_one() -> None:
    from pos_app.domain.sale import ReceiptVia

    sale = sale_at(Stage.PAID)
    with pytest.raises(SaleStateError):
        sale.completed_without_receipt()
    sale.receipt_via = ReceiptVia.NONE
    sale.completed_without_receipt()
    assert sale.stage is Stage.COMPLETED and sale.receipt is None
