"""The till's own tax split (domain) equals the receipt's (service), computed independently."""

from __future__ import annotations

from decimal import Decimal

import requests

from pos_app.domain.cart import Cart
from pos_app.domain.catalog import CatalogItem
from pos_app.qpay import FullInvoice, QPayClient


def test_cart_taxes_equal_the_ebarimt_of_its_sale(sandbox_server) -> None:
    cart = Cart()
    cart.add_item(CatalogItem("1", "Сүү", Decimal("3500"), "8401", "0122", False), 3)
    cart.add_item(CatalogItem("2", "Архи", Decimal("32000"), "8408", "1101", True))
    cart.add_item(CatalogItem("3", "Хиам", Decimal("12499.99"), "8412", "1013", False))
    cart.add_free_line("Уут", "0.5", "101")
    lines = [{"line_description": line.description, "line_quantity": str(line.quantity),
              "line_unit_price": str(line.unit_price), "tax_product_code": line.tax_product_code or None,
              **({"taxes": [{"description": "CITY_TAX", "amount": 0}]} if line.city_tax else {})}
             for line in cart.lines]
    with QPayClient(sandbox_server.url, "TEST_MERCHANT", "123456") as qpay:
        created = qpay.create_invoice(FullInvoice.model_validate({
            "invoice_code": "TEST_INVOICE", "sender_invoice_no": "TAX-CHECK-1",
            "invoice_receiver_code": "terminal", "invoice_description": "tax check",
            "amount": str(cart.total), "callback_url": "http://127.0.0.1:9/cb", "lines": lines}))
        payment = requests.post(f"{sandbox_server.url}/_sandbox/invoices/{created.invoice_id}/pay",
                                json={}, timeout=10).json()
        receipt = qpay.create_ebarimt(payment["payment_id"], "83")
    assert receipt.amount == cart.total
    assert receipt.vat_amount == cart.taxes.vat
    assert receipt.city_tax_amount == cart.taxes.city_tax
    assert len(receipt.barimt_items) == len(cart.lines)
