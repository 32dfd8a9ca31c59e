"""Response models: contract names, Decimal money, unknown fields kept, live variants read."""

from __future__ import annotations

from decimal import Decimal

import pytest
from pydantic import ValidationError

from pos_app.qpay import (
    CheckResult,
    Ebarimt,
    EbarimtCancelResult,
    Invoice,
    InvoiceCreated,
    InvoiceList,
    Payment,
    PaymentList,
    TokenPair,
)
from pos_app.qpay.statuses import (
    normalize_barimt_status,
    normalize_invoice_status,
    normalize_payment_status,
    normalize_receiver_type,
)


def test_amounts_as_strings_and_numbers_in_one_body_are_all_decimal() -> None:
    result = CheckResult.model_validate(
        {
            "count": 2,
            "paid_amount": 100.5,
            "rows": [
                {"payment_id": "1", "payment_status": "PAID", "payment_amount": "50.25"},
                {"payment_id": "2", "payment_status": "PAID", "payment_amount": 50.25},
            ],
        }
    )
    assert result.paid_amount == Decimal("100.5")
    amounts = [row.payment_amount for row in result.rows]
    assert amounts == [Decimal("50.25"), Decimal("50.25")]
    assert all(type(amount) is Decimal for amount in amounts)


def test_unknown_fields_are_kept() -> None:
    payment = Payment.model_validate({"payment_id": "1", "payment_status": "PAID", "brand_new_field": {"x": 1}})
    assert payment.brand_new_field == {"x": 1}  # type: ignore[attr-defined]
    assert payment.model_dump()["brand_new_field"] == {"x": 1}


def test_unknown_status_values_do_not_crash() -> None:
    payment = Payment.model_validate({"payment_id": "1", "payment_status": "SOMETHING_ELSE"})
    assert payment.payment_status == "SOMETHING_ELSE"
    assert payment.status == "SOMETHING_ELSE"


def test_short_url_under_either_name() -> None:
    real = InvoiceCreated.model_validate({"invoice_id": "i", "qPay_shortUrl": "https://s/1"})
    placeholder = InvoiceCreated.model_validate({"invoice_id": "i", "pay_shortUrl": "https://s/2"})
    assert real.qPay_shortUrl == "https://s/1" and real.short_url == "https://s/1"
    assert placeholder.qPay_shortUrl == "https://s/2"
    assert real.model_dump(by_alias=True)["qPay_shortUrl"] == "https://s/1"


def test_empty_qr_image_and_null_urls_are_fine() -> None:
    created = InvoiceCreated.model_validate({"invoice_id": "i", "qr_text": "000201", "qr_image": "", "urls": None})
    assert not created.has_qr_image
    assert created.urls == []
    assert "qr_image" not in repr(created)  # a base64 PNG is not worth printing


def test_get_invoice_live_shape() -> None:
    invoice = Invoice.model_validate(
        {
            "invoice_id": "i",
            "invoice_status": "PAID",
            "enable_expiry": False,
            "allow_partial": "false",
            "total_amount": "12500.00",
            "gross_amount": 12500,
            "tax_amount": 1136.36,
            "surcharge_amount": 0,
            "discount_amount": None,
            "minimum_amount": None,
            "lines": [{"line_description": "Coffee", "line_quantity": "1.00", "line_unit_price": "12500.00"}],
            "transactions": [],
            "inputs": None,
            "sender_branch_data": None,
        }
    )
    assert invoice.status == "CLOSED"  # PAID (some integrations) is fully paid
    assert invoice.enable_expiry is False and invoice.allow_partial is False
    assert invoice.total_amount == Decimal("12500.00")
    assert invoice.tax_amount == Decimal("1136.36")
    assert invoice.discount_amount is None
    assert invoice.lines[0].line_quantity == Decimal("1.00")


def test_token_pair_live_variants_and_no_secrets_in_repr() -> None:
    pair = TokenPair.model_validate(
        {
            "token_type": "bearer",
            "access_token": "eyJaccess.secret.part",
            "expires_in": 1_700_086_400,
            "refresh_token": "eyJrefresh.secret.part",
            "refresh_expires_in": "1700086400",
            "not-before-policy": 0,
            "session_state": "sess-1",
            "id_token": "eyJid.secret.part",
        }
    )
    assert pair.not_before_policy == "0"
    assert pair.refresh_expires_in == 1_700_086_400
    for text in (repr(pair), str(pair)):
        assert "secret" not in text and "sess-1" not in text


def test_numbers_where_strings_are_expected_are_read() -> None:
    receipt = Ebarimt.model_validate({"id": 123, "ebarimt_receiver_type": 84, "status": True})
    assert receipt.id == "123"
    assert receipt.receiver_type == "84"


def test_live_ebarimt_values_normalise() -> None:
    receipt = Ebarimt.model_validate(
        {"id": "e", "barimt_status": "REGISTERED", "ebarimt_receiver_type": "CITIZEN", "amount": "100.00"}
    )
    assert receipt.state == "CREATED" and receipt.receiver_type == "83"
    cancelled = EbarimtCancelResult.model_validate({"id": "e", "barimt_status": "CANCELED", "status": True})
    assert cancelled.state == "CANCELLED"


def test_lists_tolerate_missing_rows_and_string_counts() -> None:
    assert InvoiceList.model_validate({"count": "0"}).rows == []
    listing = PaymentList.model_validate({"count": 1, "rows": [{"payment_id": "1", "payment_amount": "5"}]})
    assert listing.rows[0].payment_amount == Decimal("5")


def test_garbage_amount_is_a_validation_error_not_a_float() -> None:
    with pytest.raises(ValidationError):
        Payment.model_validate({"payment_id": "1", "payment_amount": "twelve"})


@pytest.mark.parametrize(
    ("function", "raw", "normal"),
    [
        (normalize_invoice_status, "open", "OPEN"),
        (normalize_invoice_status, "PAID", "CLOSED"),
        (normalize_invoice_status, "CANCELED", "CANCELLED"),
        (normalize_payment_status, " paid ", "PAID"),
        (normalize_payment_status, "CANCELED", "CANCELLED"),
        (normalize_payment_status, "PARTIAL", "PARTIAL"),
        (normalize_payment_status, None, ""),
        (normalize_barimt_status, "REGISTERED", "CREATED"),
        (normalize_barimt_status, "CANCELED", "CANCELLED"),
        (normalize_receiver_type, "COMPANY", "84"),
        (normalize_receiver_type, "citizen", "83"),
        (normalize_receiver_type, 83, "83"),
    ],
)
def test_status_normalisers(function: object, raw: object, normal: str) -> None:
    assert function(raw) == normal  # type: ignore[operator]
