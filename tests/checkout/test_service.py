"""Checkout and TrainingDesk against the real sandbox: cart to invoice, check to verdict, payment to receipt."""

from __future__ import annotations

import base64
import logging
from collections.abc import Iterator
from decimal import Decimal

import pytest

from pos_app.checkout import Checkout, CheckoutConfig, InvoiceState, TrainingDesk
from pos_app.checkout.service import _png
from pos_app.checkout.training import TrainingError
from pos_app.domain.cart import Cart
from pos_app.domain.catalog import CatalogItem
from pos_app.domain.sale import OpenInvoice, Receiver, ReceiverKind, Sale
from pos_app.qpay import QPayClient
from tests.qpay.helpers import (
    FAST_POLICY,
    INVOICE_CODE,
    PASSWORD,
    USERNAME,
    SandboxControl,
)

MILK = CatalogItem("8656000010011", "Сүү 1л", Decimal("3500"), "8401", "0122", False)
SODA = CatalogItem("8656000010097", "Ундаа 1.5л", Decimal("3900"), "8407", "1107", True)
CALLBACK = "http://127.0.0.1:9/qpay/callback"
PNG_MAGIC = b"\x89PNG"


def make_cart(*items: tuple[CatalogItem, int | str]) -> Cart:
    cart = Cart()
    for item, quantity in items:
        cart.add_item(item, quantity)
    return cart


def sale_of(cart: Cart, number: str = "T1-20260101-000001") -> Sale:
    return Sale(number=number, lines=cart.lines, total=cart.total, taxes=cart.taxes)


@pytest.fixture
def checkout(sandbox_server) -> Iterator[Checkout]:
    client = QPayClient(sandbox_server.url, USERNAME, PASSWORD, retry_policy=FAST_POLICY)
    yield Checkout(client, CheckoutConfig(invoice_code=INVOICE_CODE, callback_url=CALLBACK, shop_name="Дэлгүүр"))
    client.close()


@pytest.fixture
def desk(sandbox_server) -> Iterator[TrainingDesk]:
    training = TrainingDesk(sandbox_server.url)
    yield training
    training.close()


@pytest.fixture
def mixed_cart() -> Cart:
    return make_cart((MILK, 2), (SODA, 1))


# -- invoice_request ------------------------------------------------------------------------


def test_invoice_request_amount_is_the_cart_total(checkout: Checkout, mixed_cart: Cart) -> None:
    request = checkout.invoice_request(sale_of(mixed_cart))
    assert request.amount == mixed_cart.total == Decimal("10900")


def test_invoice_request_carries_the_sale_number_and_merchant_invoice_code(checkout: Checkout,
                                                                           mixed_cart: Cart) -> None:
    request = checkout.invoice_request(sale_of(mixed_cart, "T1-20260101-000042"))
    assert request.sender_invoice_no == "T1-20260101-000042"
    assert request.invoice_code == INVOICE_CODE
    assert request.callback_url == CALLBACK
    assert request.invoice_description == "Дэлгүүр T1-20260101-000042"


def test_invoice_request_lines_carry_quantity_price_and_codes(checkout: Checkout, mixed_cart: Cart) -> None:
    lines = checkout.invoice_request(sale_of(mixed_cart)).to_payload()["lines"]
    assert [(line["line_description"], line["line_quantity"], line["line_unit_price"],
             line["tax_product_code"], line["classification_code"]) for line in lines] == [
        ("Сүү 1л", "2", "3500", "8401", "0122"),
        ("Ундаа 1.5л", "1", "3900", "8407", "1107"),
    ]


def test_invoice_request_marks_only_city_taxed_lines(checkout: Checkout, mixed_cart: Cart) -> None:
    milk, soda = checkout.invoice_request(sale_of(mixed_cart)).to_payload()["lines"]
    assert "taxes" not in milk
    assert soda["taxes"] == [{"description": "CITY_TAX", "amount": 0}]


def test_invoice_request_keeps_weighed_quantities_exact(checkout: Checkout) -> None:
    cart = make_cart((MILK, "0.5"))
    (line,) = checkout.invoice_request(sale_of(cart)).lines
    assert line.line_quantity == Decimal("0.5") and line.line_unit_price == Decimal("3500")
    assert checkout.invoice_request(sale_of(cart)).amount == Decimal("1750.0")


def test_invoice_request_of_a_free_line_sends_no_empty_codes(checkout: Checkout) -> None:
    cart = Cart()
    cart.add_free_line("Bag", 1, "200")
    (line,) = checkout.invoice_request(sale_of(cart)).to_payload()["lines"]
    assert "tax_product_code" not in line and "classification_code" not in line


# -- create_invoice ----------------------------------------------------------------------------


def test_create_invoice_gives_an_open_invoice_with_qr_link_and_banks(checkout: Checkout, mixed_cart: Cart) -> None:
    invoice = checkout.create_invoice(sale_of(mixed_cart))
    assert isinstance(invoice, OpenInvoice)
    assert invoice.invoice_id
    assert invoice.qr_text
    assert invoice.qr_image.startswith(PNG_MAGIC)
    assert invoice.short_url.startswith("http")
    assert invoice.banks and all(bank.name and bank.link for bank in invoice.banks)
    assert invoice.recovered is False


def test_create_invoice_sends_one_invoice_with_the_lines(checkout: Checkout, control: SandboxControl,
                                                         mixed_cart: Cart) -> None:
    invoice = checkout.create_invoice(sale_of(mixed_cart))
    assert control.count("/v2/invoice", "POST") == 1
    stored = checkout.client.get_invoice(invoice.invoice_id)
    assert stored.total_amount == Decimal("10900")


# -- check_payment ------------------------------------------------------------------------------


def test_check_payment_before_payment_is_not_paid(checkout: Checkout, mixed_cart: Cart) -> None:
    invoice = checkout.create_invoice(sale_of(mixed_cart))
    check = checkout.check_payment(invoice.invoice_id, mixed_cart.total)
    assert check.is_paid is False
    assert check.paid_amount == Decimal(0)
    assert check.payments == ()
    assert check.invoice_state is InvoiceState.OPEN


def test_check_payment_after_the_customer_paid_is_paid(checkout: Checkout, desk: TrainingDesk,
                                                       mixed_cart: Cart) -> None:
    invoice = checkout.create_invoice(sale_of(mixed_cart))
    payment_id = desk.pay(invoice.invoice_id)
    check = checkout.check_payment(invoice.invoice_id, mixed_cart.total)
    assert check.is_paid is True
    assert check.paid_amount == Decimal("10900")
    assert [p.payment_id for p in check.payments] == [payment_id]
    assert check.payments[0].amount == Decimal("10900")
    assert check.payments[0].bank


def test_check_payment_with_status_of_an_open_invoice_is_open(checkout: Checkout, mixed_cart: Cart) -> None:
    invoice = checkout.create_invoice(sale_of(mixed_cart))
    check = checkout.check_payment(invoice.invoice_id, mixed_cart.total, with_status=True)
    assert check.is_paid is False and check.invoice_state is InvoiceState.OPEN


def test_check_payment_with_status_after_a_cancel_is_cancelled(checkout: Checkout, mixed_cart: Cart) -> None:
    invoice = checkout.create_invoice(sale_of(mixed_cart))
    checkout.cancel_invoice(invoice.invoice_id)
    check = checkout.check_payment(invoice.invoice_id, mixed_cart.total, with_status=True)
    assert check.is_paid is False
    assert check.invoice_state is InvoiceState.CANCELLED


def test_check_payment_without_status_does_not_read_the_invoice(checkout: Checkout, control: SandboxControl,
                                                                 mixed_cart: Cart) -> None:
    invoice = checkout.create_invoice(sale_of(mixed_cart))
    checkout.cancel_invoice(invoice.invoice_id)
    check = checkout.check_payment(invoice.invoice_id, mixed_cart.total)
    assert check.invoice_state is InvoiceState.OPEN   # not asked, so not learned
    assert control.count(f"/v2/invoice/{invoice.invoice_id}", "GET") == 0


# -- issue_receipt ------------------------------------------------------------------------------


def test_issue_receipt_for_an_organization_matches_the_cart_taxes(checkout: Checkout, desk: TrainingDesk,
                                                                  mixed_cart: Cart) -> None:
    invoice = checkout.create_invoice(sale_of(mixed_cart))
    payment_id = desk.pay(invoice.invoice_id)
    receipt = checkout.issue_receipt(payment_id, Receiver.organization("5395305"))
    assert receipt.lottery
    assert receipt.qr_data
    assert receipt.amount == mixed_cart.total
    assert receipt.vat == mixed_cart.taxes.vat
    assert receipt.city_tax == mixed_cart.taxes.city_tax
    assert receipt.city_tax > 0
    assert receipt.receiver.kind is ReceiverKind.ORGANIZATION and receipt.receiver.register == "5395305"


def test_issue_receipt_for_an_individual_has_no_city_tax_without_taxed_lines(checkout: Checkout,
                                                                              desk: TrainingDesk) -> None:
    cart = make_cart((MILK, 3))
    invoice = checkout.create_invoice(sale_of(cart))
    receipt = checkout.issue_receipt(desk.pay(invoice.invoice_id), Receiver())
    assert receipt.vat == cart.taxes.vat and receipt.city_tax == Decimal(0)
    assert receipt.receiver.kind is ReceiverKind.INDIVIDUAL


# -- _png ------------------------------------------------------------------------------------------

PNG = PNG_MAGIC + b"\r\n\x1a\n rest of the image"
PNG_BASE64 = base64.b64encode(PNG).decode()


def test_png_decodes_base64() -> None:
    assert _png(PNG_BASE64) == PNG


def test_png_accepts_a_data_url() -> None:
    assert _png(f"data:image/png;base64,{PNG_BASE64}") == PNG


@pytest.mark.parametrize("data", [None, ""], ids=["none", "empty"])
def test_png_of_nothing_is_empty(data: str | None) -> None:
    assert _png(data) == b""


@pytest.mark.parametrize("data", ["not base64 at all!", PNG_BASE64[:-3], "data:image/png;base64,@@@@"],
                         ids=["junk", "truncated", "junk data url"])
def test_png_drops_broken_base64_with_a_warning(data: str, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="pos_app.checkout.service"):
        assert _png(data) == b""
    assert "qr_text" in caplog.text


# -- TrainingDesk and repr ------------------------------------------------------------------------


def test_training_pay_of_an_unknown_invoice_raises_a_readable_error(desk: TrainingDesk) -> None:
    with pytest.raises(TrainingError, match="refused the payment: .+") as caught:
        desk.pay("no-such-invoice")
    message = str(caught.value)
    assert "invoice" in message.lower()
    assert "{" not in message and "<" not in message   # words, not a JSON or HTML body


def test_training_pay_when_the_service_is_not_there_raises_a_readable_error() -> None:
    desk = TrainingDesk("http://127.0.0.1:9")   # discard port: nothing listens
    with pytest.raises(TrainingError, match="did not answer"):
        desk.pay("any")
    desk.close()


def test_checkout_repr_contains_no_password(checkout: Checkout) -> None:
    text = repr(checkout)
    assert PASSWORD not in text
    assert INVOICE_CODE in text
