"""A public QPay v2 client written by others from live traffic (`qpay-client` 2.0.5 on PyPI) runs a whole sale
against the sandbox's live profile: what an integrator rehearsing with our sandbox meets.

It reads `expires_in` as a Unix time (as the live service sends it) and its models hold the service's
documented shapes; against the contract profile it would log in before every call. One login for the run.
"""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal

import pytest
from qpay_client.v2 import QPayClient, QPaySettings
from qpay_client.v2.enums import ObjectType, PaymentStatus
from qpay_client.v2.schemas import (
    EbarimtCreateRequest,
    InvoiceCreateSimpleRequest,
    Offset,
    PaymentCheckRequest,
)

from pos_app.sandbox import SandboxServer
from pos_app.sandbox.service import SandboxOptions
from tests.qpay.helpers import INVOICE_CODE, PASSWORD, USERNAME, SandboxControl


@pytest.fixture(scope="module")
def live_sandbox() -> Iterator[SandboxServer]:
    server = SandboxServer(options=SandboxOptions(profile="live")).start()
    yield server
    server.stop()


@pytest.fixture
def control(live_sandbox: SandboxServer) -> SandboxControl:
    live_sandbox.reset()
    return SandboxControl(live_sandbox.url)


def test_a_whole_sale_with_one_login(live_sandbox: SandboxServer, control: SandboxControl) -> None:
    settings = QPaySettings(username=USERNAME, password=PASSWORD, invoice_code=INVOICE_CODE,
                            base_url=f"{live_sandbox.url}/v2", client_retries=0, payment_check_retries=1)
    with QPayClient(settings) as client:
        created = client.invoice_create(InvoiceCreateSimpleRequest(
            invoice_code=INVOICE_CODE, sender_invoice_no="PUBLIC-000001", invoice_receiver_code="terminal",
            invoice_description="A sale through a public client", amount=Decimal("12500"),
            callback_url="http://127.0.0.1:9/callback"))
        assert created.invoice_id and created.qr_text and created.qPay_shortUrl

        invoice = client.invoice_get(created.invoice_id)
        assert invoice.total_amount == Decimal("12500")

        control.pay(created.invoice_id)
        checked = client.payment_check(PaymentCheckRequest(
            object_type=ObjectType.invoice, object_id=created.invoice_id,
            offset=Offset(page_number=1, page_limit=100)))
        assert checked.count == 1 and checked.rows[0].payment_status is PaymentStatus.paid
        assert checked.rows[0].payment_amount == Decimal("12500")

        payment = client.payment_get(checked.rows[0].payment_id)
        assert payment.payment_amount == Decimal("12500")

        receipt = client.ebarimt_create(EbarimtCreateRequest(
            payment_id=checked.rows[0].payment_id, ebarimt_receiver_type="CITIZEN"))
        assert receipt.amount == Decimal("12500") and receipt.ebarimt_lottery
        assert receipt.vat_amount > 0

    assert control.logins() == 1, "the public client logs in once: it reads expires_in as the live service means it"
