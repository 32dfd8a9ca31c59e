"""The error factory: one class per family, chosen from status and code, under either envelope key."""

from __future__ import annotations

import pickle

import pytest

from pos_app.qpay import (
    APIConnectionError,
    AuthenticationError,
    ConflictError,
    InvalidRequestError,
    NotFoundError,
    OutcomeUnknownError,
    PaymentStateError,
    PermissionDeniedError,
    QPayError,
    RateLimitError,
    ServerError,
    error_from_response,
)
from pos_app.qpay.errors import KNOWN_ERROR_CODES

# Every code of the contract (section 7), with its status, and the family it belongs to.
CONTRACT_CODES = [
    ("AUTHENTICATION_FAILED", 401, AuthenticationError),
    ("NO_CREDENDIALS", 401, AuthenticationError),
    ("INVOICE_CODE_INVALID", 400, InvalidRequestError),
    ("INVOICE_LINE_REQUIRED", 400, InvalidRequestError),
    ("INVALID_AMOUNT", 400, InvalidRequestError),
    ("MIN_AMOUNT_ERR", 400, InvalidRequestError),
    ("MAX_AMOUNT_ERR", 400, InvalidRequestError),
    ("MERCHANT_NOTFOUND", 404, NotFoundError),
    ("MERCHANT_INACTIVE", 403, PermissionDeniedError),
    ("INVOICE_NOTFOUND", 404, NotFoundError),
    ("INVOICE_ALREADY_CANCELED", 400, PaymentStateError),
    ("INVOICE_PAID", 400, PaymentStateError),
    ("INVALID_OBJECT_TYPE", 400, InvalidRequestError),
    ("PAYMENT_NOTFOUND", 404, NotFoundError),
    ("PAYMENT_NOT_PAID", 400, PaymentStateError),
    ("PAYMENT_ALREADY_CANCELED", 400, PaymentStateError),
    ("EBARIMT_NOT_REGISTERED", 400, PaymentStateError),
    ("EBARIMT_CANCEL_NOTSUPPERDED", 400, PaymentStateError),
]

# The live service's and the sandbox's codes beyond the contract.
OTHER_CODES = [
    ("NO_CREDENTIALS", 401, AuthenticationError),
    ("PAYMENT_SETTLED", 400, PaymentStateError),
    ("BARIMT_NOT_FOUND", 404, NotFoundError),
    ("SYSTEM_BUSY", 503, ServerError),
    ("INTERNAL_SERVER_ERROR", 500, ServerError),
    ("BAD_GATEWAY", 502, ServerError),
    ("GATEWAY_TIMEOUT", 504, ServerError),
    ("TOO_MANY_REQUESTS", 429, RateLimitError),
    ("INVALID_JSON", 400, InvalidRequestError),
    ("INVALID_CONTENT_TYPE", 400, InvalidRequestError),
    ("INVALID_PARAMETERS", 400, InvalidRequestError),
    ("NOT_FOUND", 404, NotFoundError),
    ("METHOD_NOT_ALLOWED", 405, InvalidRequestError),
    ("FORBIDDEN", 403, PermissionDeniedError),
    ("CONFLICT", 409, ConflictError),
    ("UNPROCESSABLE_ENTITY", 422, InvalidRequestError),
]


@pytest.mark.parametrize(("code", "status", "family"), CONTRACT_CODES + OTHER_CODES)
@pytest.mark.parametrize("key", ["error_code", "error"])
def test_every_code_maps_to_its_family_under_either_key(code: str, status: int, family: type, key: str) -> None:
    error = error_from_response(status, {key: code, "message": "something happened"})
    assert type(error) is family
    assert error.status == status
    assert error.error_code == code
    assert error.message == "something happened"
    assert code in str(error) and str(status) in str(error)


def test_every_contract_code_is_known() -> None:
    assert {code for code, _, _ in CONTRACT_CODES} <= KNOWN_ERROR_CODES


def test_an_unknown_code_takes_its_status_class_with_the_code_intact() -> None:
    # The live service's document: 400 validation, 403 forbidden, 409 unique, 422 not found.
    error = error_from_response(400, {"error_code": "SOMETHING_NEW", "message": "new rule"})
    assert type(error) is InvalidRequestError
    assert error.error_code == "SOMETHING_NEW"
    assert error.status == 400


@pytest.mark.parametrize(
    ("status", "family"),
    [(401, AuthenticationError), (429, RateLimitError), (500, ServerError), (503, ServerError)],
)
def test_status_decides_for_401_429_and_5xx_whatever_the_code(status: int, family: type) -> None:
    error = error_from_response(status, {"error_code": "SOMETHING_NEW"})
    assert type(error) is family
    assert error.error_code == "SOMETHING_NEW"


@pytest.mark.parametrize(
    ("status", "family"),
    [
        (400, InvalidRequestError),
        (422, InvalidRequestError),
        (403, PermissionDeniedError),
        (404, NotFoundError),
        (409, ConflictError),
        (418, QPayError),
    ],
)
def test_without_a_code_the_status_decides(status: int, family: type) -> None:
    error = error_from_response(status, None)
    assert type(error) is family
    assert error.error_code is None
    assert error.message == f"HTTP {status}"


def test_live_422_for_not_found_is_still_not_found() -> None:
    error = error_from_response(422, {"error": "INVOICE_NOTFOUND", "message": "Invoice not found"})
    assert isinstance(error, NotFoundError)
    assert error.status == 422


def test_nested_validation_object_under_error() -> None:
    body = {
        "error": {
            "message": "Validation failed",
            "details": [{"field": "amount", "message": "must be positive"}],
        }
    }
    error = error_from_response(400, body)
    assert isinstance(error, InvalidRequestError)
    assert error.error_code is None
    assert error.message == "Validation failed"
    assert error.details == body["error"]


def test_nested_object_with_a_code_inside() -> None:
    error = error_from_response(400, {"error": {"code": "INVALID_AMOUNT", "message": "bad"}})
    assert isinstance(error, InvalidRequestError)
    assert error.error_code == "INVALID_AMOUNT"


def test_plain_text_body_becomes_the_message_shortened() -> None:
    error = error_from_response(502, "<html>" + "x" * 2000 + "</html>")
    assert isinstance(error, ServerError)
    assert error.message.startswith("<html>")
    assert len(error.message) <= 501


def test_rate_limit_error_carries_retry_after() -> None:
    error = error_from_response(429, {"error_code": "TOO_MANY_REQUESTS"}, retry_after=7.0)
    assert isinstance(error, RateLimitError)
    assert error.retry_after == 7.0
    bare = error_from_response(429, None)
    assert isinstance(bare, RateLimitError) and bare.retry_after is None


def test_message_is_redacted_when_a_server_echoes_a_token() -> None:
    token = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl"
    error = error_from_response(401, {"error_code": "AUTHENTICATION_FAILED", "message": f"bad token Bearer {token}"})
    assert token not in str(error) and token not in repr(error)
    assert "Bearer " not in str(error)


def test_request_is_named_in_the_string() -> None:
    error = error_from_response(404, {"error_code": "INVOICE_NOTFOUND"}, method="GET", path="/v2/invoice/x")
    assert "GET /v2/invoice/x" in str(error)
    assert error.method == "GET" and error.path == "/v2/invoice/x"


def test_connection_errors_have_no_status() -> None:
    error = OutcomeUnknownError("no answer", method="POST", path="/v2/invoice")
    assert isinstance(error, APIConnectionError) and isinstance(error, QPayError)
    assert error.status is None and error.error_code is None


@pytest.mark.parametrize(
    "error",
    [
        error_from_response(429, {"error_code": "TOO_MANY_REQUESTS", "message": "slow down"}, retry_after=3),
        error_from_response(400, {"error": {"message": "bad"}}),
        OutcomeUnknownError("lost", method="POST", path="/v2/invoice"),
    ],
)
def test_errors_survive_pickling(error: QPayError) -> None:
    copy = pickle.loads(pickle.dumps(error))
    assert type(copy) is type(error)
    assert str(copy) == str(error)
    assert copy.__dict__ == error.__dict__
