"""Every endpoint, and every error code of the contract, over real HTTP against the sandbox."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from decimal import Decimal
from typing import Any

import pytest

from pos_app.qpay import (
    AuthenticationError,
    EbarimtInvoice,
    EbarimtRequest,
    FullInvoice,
    InvalidRequestError,
    InvoiceLine,
    InvoiceStatus,
    NotFoundError,
    PaymentStateError,
    PaymentStatus,
    PermissionDeniedError,
    QPayClient,
    QPayError,
)
from pos_app.sandbox.clock import ULAANBAATAR

from .helpers import INVOICE_CODE, SandboxControl, simple_invoice

# The service's day is Ulaanbaatar's (its dates filter in that zone), whatever the computer's zone.
TODAY = datetime.now(ULAANBAATAR).date()
AROUND_TODAY = (TODAY - timedelta(days=2), TODAY + timedelta(days=2))


def assert_code(error: QPayError, family: type, status: int, code: str) -> None:
    assert type(error) is family, repr(error)
    assert error.status == status
    assert error.error_code == code
    assert error.message


def paid_card_invoice(client: QPayClient, sandbox: SandboxControl, number: str = "T1-CARD") -> tuple[str, str]:
    created = client.create_invoice(simple_invoice(number, amount="12500"))
    payment = sandbox.pay(created.invoice_id, transaction_type="CARD")
    return created.invoice_id, payment["payment_id"]


# -- authentication ------------------------------------------------------------------------


@pytest.mark.contract_run_only
def test_authenticate_returns_the_token_pair(client: QPayClient) -> None:
    pair = client.authenticate()
    assert pair.token_type == "Bearer"
    assert pair.expires_in == 600 and pair.refresh_expires_in == 3600
    assert pair.access_token and pair.refresh_token
    assert pair.not_before_policy is not None and pair.scope


def test_refresh_returns_a_new_pair(client: QPayClient, sandbox: SandboxControl) -> None:
    first = client.authenticate()
    second = client.refresh()
    assert second.access_token != first.access_token
    assert second.refresh_token != first.refresh_token
    assert sandbox.logins() == 1 and sandbox.refreshes() == 1


def test_wrong_password_is_authentication_failed(make_client: Callable[..., QPayClient]) -> None:
    client = make_client(password="wrong")
    with pytest.raises(AuthenticationError) as caught:
        client.get_invoice("anything")
    assert_code(caught.value, AuthenticationError, 401, "AUTHENTICATION_FAILED")


@pytest.mark.contract_run_only
def test_missing_credentials_are_no_credendials(client: QPayClient) -> None:
    # The client always sends Basic credentials; call the endpoint bare to see the code mapped.
    with pytest.raises(AuthenticationError) as caught:
        client._transport.request("POST", "/v2/auth/token", authorization=None, safe_to_repeat=True)
    assert_code(caught.value, AuthenticationError, 401, "NO_CREDENDIALS")


# -- invoices ------------------------------------------------------------------------------------


def test_create_simple_invoice(client: QPayClient, sandbox: SandboxControl) -> None:
    created = client.create_invoice(simple_invoice("T1-0001", amount="12500.50"))
    assert created.invoice_id
    assert created.qr_text and created.qr_text.startswith("000201")
    assert created.has_qr_image
    assert created.qPay_shortUrl and created.urls and created.urls[0].link
    assert not created.recovered
    assert sandbox.count("/v2/invoice", "POST") == 1
    invoice = client.get_invoice(created.invoice_id)
    assert invoice.total_amount == Decimal("12500.50")


def test_create_full_invoice(client: QPayClient) -> None:
    invoice = FullInvoice(
        invoice_code=INVOICE_CODE,
        sender_invoice_no="T1-FULL",
        invoice_receiver_code="terminal",
        invoice_description="Full",
        amount="9001",
        callback_url="http://127.0.0.1:9/cb",
        enable_expiry=False,
        allow_partial=True,
        minimum_amount="1000",
        sender_branch_code="BR1",
        sender_branch_data={"register": "5395305", "name": "Branch", "address": {"city": "Ulaanbaatar"}},
        sender_staff_data={"name": "Cashier"},
        note="table 4",
        lines=[
            InvoiceLine(
                tax_product_code="6401",
                line_description="Coffee",
                line_quantity="2",
                line_unit_price="4500.50",
                taxes=[{"description": "VAT", "amount": "818.23"}],
            )
        ],
    )
    created = client.create_invoice(invoice)
    detail = client.get_invoice(created.invoice_id)
    assert detail.invoice_status == "OPEN"
    assert detail.allow_partial is True and detail.minimum_amount == Decimal("1000")
    assert detail.enable_expiry is False
    assert detail.sender_branch_code == "BR1"
    assert detail.lines[0].line_unit_price == Decimal("4500.50")
    assert detail.tax_amount == Decimal("818.23")
    assert detail.note == "table 4"


def test_create_ebarimt_invoice(client: QPayClient) -> None:
    invoice = EbarimtInvoice(
        invoice_code=INVOICE_CODE,
        sender_invoice_no="T1-EB",
        invoice_receiver_code="terminal",
        invoice_description="Ebarimt sale",
        callback_url="http://127.0.0.1:9/cb",
        tax_type="1",
        district_code="3505",
        lines=[InvoiceLine(tax_product_code="6401", line_description="Tea", line_quantity="3", line_unit_price="1500")],
    )
    created = client.create_invoice(invoice)
    assert client.get_invoice(created.invoice_id).total_amount == Decimal("4500.00")


def test_create_invoice_from_a_mapping(client: QPayClient) -> None:
    created = client.create_invoice(simple_invoice("T1-MAP").model_dump())
    assert client.get_invoice(created.invoice_id).sender_invoice_no == "T1-MAP"


def test_get_invoice_carries_the_creation_fields(client: QPayClient) -> None:
    created = client.create_invoice(simple_invoice())
    invoice = client.get_invoice(created.invoice_id)
    assert invoice.invoice_id == created.invoice_id
    assert invoice.qr_text == created.qr_text
    assert invoice.qPay_shortUrl == created.qPay_shortUrl
    assert [u.link for u in invoice.urls] == [u.link for u in created.urls]


def test_cancel_invoice(client: QPayClient, sandbox: SandboxControl) -> None:
    created = client.create_invoice(simple_invoice())
    client.cancel_invoice(created.invoice_id)
    assert client.get_invoice(created.invoice_id).status == InvoiceStatus.CANCELLED
    assert sandbox.count(f"/v2/invoice/{created.invoice_id}", "DELETE") == 1


def test_list_invoices_with_filters(client: QPayClient) -> None:
    first = client.create_invoice(simple_invoice("T1-A", amount="100"))
    client.create_invoice(simple_invoice("T1-B", amount="200.50"))
    everything = client.list_invoices()
    assert everything.count == 2 and len(everything.rows) == 2
    only_a = client.list_invoices(sender_invoice_no="T1-A", invoice_code=INVOICE_CODE)
    assert [row.invoice_id for row in only_a.rows] == [first.invoice_id]
    assert only_a.rows[0].amount == Decimal("100") and only_a.rows[0].created_date
    dated = client.list_invoices(start_date=AROUND_TODAY[0], end_date=AROUND_TODAY[1], invoice_status="OPEN")
    assert dated.count == 2
    page = client.list_invoices(page_number=2, page_limit=1)
    assert page.count == 2 and len(page.rows) == 1


@pytest.mark.parametrize("method", ["check_payment", "check_invoice"])
def test_checks_before_and_after_payment(client: QPayClient, sandbox: SandboxControl, method: str) -> None:
    created = client.create_invoice(simple_invoice(amount="12500"))
    check: Callable[..., Any] = getattr(client, method)
    before = check(created.invoice_id)
    assert before.count == 0 and before.rows == [] and before.paid_amount == 0
    payment = sandbox.pay(created.invoice_id)
    after = check(created.invoice_id)
    assert after.count == 1 and after.paid_amount == Decimal("12500")
    row = after.rows[0]
    assert row.payment_id == payment["payment_id"]
    assert row.payment_amount == Decimal("12500.00") and row.status == PaymentStatus.PAID


def test_paid_state_reads_every_payment(client: QPayClient, sandbox: SandboxControl) -> None:
    invoice = FullInvoice(**simple_invoice("T1-PART", amount="12500").model_dump(), allow_partial=True)
    created = client.create_invoice(invoice)
    assert client.paid_state(created.invoice_id).state == "UNPAID"
    sandbox.pay(created.invoice_id, amount=5000)
    partial = client.paid_state(created.invoice_id)
    assert partial.state == "PARTIAL" and partial.remaining == Decimal("7500")
    sandbox.pay(created.invoice_id)
    paid = client.paid_state(created.invoice_id, Decimal("12500"))
    assert paid.is_paid and len(paid.paid_payment_ids) == 2
    assert client.get_invoice(created.invoice_id).status == InvoiceStatus.CLOSED


# -- payments -----------------------------------------------------------------------------------


def test_get_payment(client: QPayClient, sandbox: SandboxControl) -> None:
    invoice_id, payment_id = paid_card_invoice(client, sandbox)
    payment = client.get_payment(payment_id)
    assert payment.payment_id == payment_id and payment.object_id == invoice_id
    assert payment.status == PaymentStatus.PAID and payment.transaction_type == "CARD"
    assert payment.payment_amount == Decimal("12500.00")
    assert payment.card_transactions and payment.card_transactions[0].amount == Decimal("12500.00")


def test_list_payments(client: QPayClient, sandbox: SandboxControl) -> None:
    invoice_id, payment_id = paid_card_invoice(client, sandbox)
    listing = client.list_payments(invoice_id, *AROUND_TODAY)
    assert listing.count == 1 and listing.rows[0].payment_id == payment_id
    assert listing.rows[0].payment_amount == Decimal("12500.00")
    assert client.list_payments(invoice_id, "2000-01-01", "2000-01-02").count == 0


@pytest.mark.parametrize(("action", "final"), [("cancel_payment", "CANCELLED"), ("refund_payment", "REFUNDED")])
def test_cancel_and_refund_a_card_payment(client: QPayClient, sandbox: SandboxControl, action: str, final: str) -> None:
    _, payment_id = paid_card_invoice(client, sandbox)
    assert getattr(client, action)(payment_id, note="customer changed mind") is None
    assert client.get_payment(payment_id).status == final
    with pytest.raises(PaymentStateError) as caught:
        getattr(client, action)(payment_id)
    assert_code(caught.value, PaymentStateError, 400, "PAYMENT_ALREADY_CANCELED")


@pytest.mark.parametrize("action", ["cancel_payment", "refund_payment"])
def test_p2p_payment_cannot_be_reversed(client: QPayClient, sandbox: SandboxControl, action: str) -> None:
    created = client.create_invoice(simple_invoice())
    payment = sandbox.pay(created.invoice_id, transaction_type="P2P")
    with pytest.raises(PaymentStateError) as caught:
        getattr(client, action)(payment["payment_id"])
    assert_code(caught.value, PaymentStateError, 400, "PAYMENT_SETTLED")


# -- ebarimt -----------------------------------------------------------------------------------------


def test_create_and_cancel_ebarimt(client: QPayClient, sandbox: SandboxControl) -> None:
    _, payment_id = paid_card_invoice(client, sandbox)
    receipt = client.create_ebarimt(payment_id, "84", "1234567")
    assert receipt.state == "CREATED" and receipt.status is True
    assert receipt.amount == Decimal("12500.00") and receipt.vat_amount is not None
    assert receipt.ebarimt_lottery and receipt.barimt_items and receipt.barimt_histories
    cancelled = client.cancel_ebarimt(payment_id)
    assert cancelled.id == receipt.id and cancelled.state == "CANCELLED"


def test_create_ebarimt_from_a_request_for_an_individual(client: QPayClient, sandbox: SandboxControl) -> None:
    _, payment_id = paid_card_invoice(client, sandbox)
    receipt = client.create_ebarimt(EbarimtRequest(payment_id=payment_id, ebarimt_receiver_type="CITIZEN"))
    assert receipt.receiver_type == "83"


# -- every error code of the contract, provoked for real --------------------------------------------


def test_invoice_code_invalid(client: QPayClient) -> None:
    with pytest.raises(InvalidRequestError) as caught:
        client.create_invoice(simple_invoice(invoice_code="NOT_OURS"))
    assert_code(caught.value, InvalidRequestError, 400, "INVOICE_CODE_INVALID")


def test_invoice_line_required_and_invalid_amount(client: QPayClient) -> None:
    # The builders refuse both before sending; send raw bodies to see the service's codes mapped.
    base = simple_invoice().to_payload()
    ebarimt = {**base, "tax_type": "1", "district_code": "3505"}
    del ebarimt["amount"]
    with pytest.raises(InvalidRequestError) as caught:
        client._call("POST", "/v2/invoice", json_body=ebarimt, safe_to_repeat=False)
    assert_code(caught.value, InvalidRequestError, 400, "INVOICE_LINE_REQUIRED")
    with pytest.raises(InvalidRequestError) as caught:
        client._call("POST", "/v2/invoice", json_body={**base, "amount": 0}, safe_to_repeat=False)
    assert_code(caught.value, InvalidRequestError, 400, "INVALID_AMOUNT")


def test_min_and_max_amount(client: QPayClient, sandbox: SandboxControl) -> None:
    sandbox.patch_merchant(min_amount=1000, max_amount=50000)
    with pytest.raises(InvalidRequestError) as caught:
        client.create_invoice(simple_invoice(amount="999"))
    assert_code(caught.value, InvalidRequestError, 400, "MIN_AMOUNT_ERR")
    with pytest.raises(InvalidRequestError) as caught:
        client.create_invoice(simple_invoice(amount="50000.01"))
    assert_code(caught.value, InvalidRequestError, 400, "MAX_AMOUNT_ERR")


def test_merchant_inactive(client: QPayClient, sandbox: SandboxControl) -> None:
    client.authenticate()
    sandbox.patch_merchant(active=False)
    with pytest.raises(PermissionDeniedError) as caught:
        client.create_invoice(simple_invoice())
    assert_code(caught.value, PermissionDeniedError, 403, "MERCHANT_INACTIVE")
    assert isinstance(caught.value, AuthenticationError)  # the authentication family


@pytest.mark.contract_run_only
def test_merchant_notfound(client: QPayClient, sandbox: SandboxControl) -> None:
    client.authenticate()
    sandbox.patch_merchant(exists=False)
    with pytest.raises(NotFoundError) as caught:
        client.create_invoice(simple_invoice())
    assert_code(caught.value, NotFoundError, 404, "MERCHANT_NOTFOUND")


@pytest.mark.contract_run_only
def test_invoice_notfound(client: QPayClient) -> None:
    for call in (client.get_invoice, client.cancel_invoice):
        with pytest.raises(NotFoundError) as caught:
            call("00000000-0000-0000-0000-000000000000")
        assert_code(caught.value, NotFoundError, 404, "INVOICE_NOTFOUND")


def test_invoice_already_cancelled_and_paid(client: QPayClient, sandbox: SandboxControl) -> None:
    cancelled = client.create_invoice(simple_invoice("T1-X"))
    client.cancel_invoice(cancelled.invoice_id)
    with pytest.raises(PaymentStateError) as caught:
        client.cancel_invoice(cancelled.invoice_id)
    assert_code(caught.value, PaymentStateError, 400, "INVOICE_ALREADY_CANCELED")
    paid = client.create_invoice(simple_invoice("T1-Y"))
    sandbox.pay(paid.invoice_id)
    with pytest.raises(PaymentStateError) as caught:
        client.cancel_invoice(paid.invoice_id)
    assert_code(caught.value, PaymentStateError, 400, "INVOICE_PAID")


def test_invalid_object_type(client: QPayClient) -> None:
    with pytest.raises(InvalidRequestError) as caught:
        client.list_payments("x", *AROUND_TODAY, object_type="ORDER")
    assert_code(caught.value, InvalidRequestError, 400, "INVALID_OBJECT_TYPE")
    body = {"object_type": "ORDER", "object_id": "x"}
    for path in ("/v2/payment/check", "/v2/invoice/check"):
        with pytest.raises(InvalidRequestError) as caught:
            client._call("POST", path, json_body=body, safe_to_repeat=True)
        assert_code(caught.value, InvalidRequestError, 400, "INVALID_OBJECT_TYPE")


@pytest.mark.contract_run_only
def test_payment_notfound_everywhere(client: QPayClient) -> None:
    calls: list[Callable[[str], Any]] = [
        client.get_payment,
        client.cancel_payment,
        client.refund_payment,
        client.create_ebarimt,
        client.cancel_ebarimt,
    ]
    for call in calls:
        with pytest.raises(NotFoundError) as caught:
            call("999999999999999")
        assert_code(caught.value, NotFoundError, 404, "PAYMENT_NOTFOUND")


def test_payment_not_paid(client: QPayClient, sandbox: SandboxControl) -> None:
    _, payment_id = paid_card_invoice(client, sandbox)
    client.refund_payment(payment_id)
    with pytest.raises(PaymentStateError) as caught:
        client.create_ebarimt(payment_id)
    assert_code(caught.value, PaymentStateError, 400, "PAYMENT_NOT_PAID")


@pytest.mark.contract_run_only
def test_ebarimt_not_registered(client: QPayClient, sandbox: SandboxControl) -> None:
    _, payment_id = paid_card_invoice(client, sandbox)
    with pytest.raises(PaymentStateError) as caught:
        client.cancel_ebarimt(payment_id)  # no receipt for the payment
    assert_code(caught.value, PaymentStateError, 400, "EBARIMT_NOT_REGISTERED")
    sandbox.patch_merchant(ebarimt_registered=False)
    with pytest.raises(PaymentStateError) as caught:
        client.create_ebarimt(payment_id)
    assert_code(caught.value, PaymentStateError, 400, "EBARIMT_NOT_REGISTERED")


def test_ebarimt_cancel_not_supported_next_month(client: QPayClient, sandbox: SandboxControl) -> None:
    _, payment_id = paid_card_invoice(client, sandbox)
    client.create_ebarimt(payment_id)
    sandbox.advance_clock(40 * 86400)  # tokens expire too: the client logs in again by itself
    with pytest.raises(PaymentStateError) as caught:
        client.cancel_ebarimt(payment_id)
    assert_code(caught.value, PaymentStateError, 400, "EBARIMT_CANCEL_NOTSUPPERDED")
    assert sandbox.logins() == 2


@pytest.mark.parametrize(
    ("method", "path", "body", "family", "status", "code"),
    [
        ("POST", "/v2/invoice", [1, 2], InvalidRequestError, 400, "INVALID_JSON"),
        ("POST", "/v2/payment/list", {"object_type": "INVOICE"}, InvalidRequestError, 400, "INVALID_PARAMETERS"),
        ("GET", "/v2/no-such-thing", None, NotFoundError, 404, "NOT_FOUND"),
        ("PUT", "/v2/invoice", {}, InvalidRequestError, 405, "METHOD_NOT_ALLOWED"),
    ],
)
@pytest.mark.contract_run_only
def test_sandbox_codes_for_malformed_requests(
    client: QPayClient, method: str, path: str, body: Any, family: type, status: int, code: str
) -> None:
    from pos_app.qpay.transport import NO_BODY

    with pytest.raises(QPayError) as caught:
        client._call(method, path, json_body=NO_BODY if body is None else body, safe_to_repeat=False)
    assert_code(caught.value, family, status, code)
