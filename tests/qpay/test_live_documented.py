"""Bodies of QPay's own API document (V2 examples) and of public integrations' tests, replayed through
the client by a tiny HTTP server of the tests' own (real-service-notes.md, newest section)."""

from __future__ import annotations

import base64
import json
from collections.abc import Iterator
from decimal import Decimal
from typing import Any

import jwt
import pytest

from pos_app.qpay import (
    AuthenticationError,
    ConflictError,
    InvalidRequestError,
    InvalidResponseError,
    NotFoundError,
    OutcomeUnknownError,
    PaidState,
    PaymentStateError,
    PermissionDeniedError,
    QPayClient,
    QPayError,
    ServerError,
)
from pos_app.qpay.auth import MAX_LIFETIME, token_lifetime
from pos_app.qpay.errors import KNOWN_ERROR_CODES, UnreadableAnswerError, error_from_response

from .helpers import FAST_POLICY, FakeClock, Reply, Routes, Seen, SleepRecorder, TinyServer, simple_invoice

INVOICE_ID = "7b9e33c4-1111-4c2d-9e2f-000000000042"
PAYMENT_ID = "590000000000042"
CANCEL = f"/v2/payment/cancel/{PAYMENT_ID}"
REFUND = f"/v2/payment/refund/{PAYMENT_ID}"
GET_PAYMENT = f"/v2/payment/{PAYMENT_ID}"
# A fixed issue time: nothing here depends on today's date.
ISSUED = 1_700_000_000


def documented_token(kind: str, n: int = 1) -> str:
    """A token as the document's and a recorded sandbox one: HS256, exp = iat + expires_in, where
    expires_in is already a Unix time (so exp lies about 52 years ahead)."""
    expires_in = ISSUED + 86400
    claims = {"iat": ISSUED, "exp": ISSUED + expires_in, "typ": kind, "merchant_id": "m-1", "n": n,
              "session_state": "sandbox"}
    return jwt.encode(claims, "k" * 32, algorithm="HS256")


def documented_pair(n: int = 1) -> dict[str, Any]:
    return {
        "token_type": "bearer",
        "refresh_expires_in": ISSUED + 86400,
        "refresh_token": documented_token("Refresh", n),
        "access_token": documented_token("Bearer", n),
        "expires_in": ISSUED + 86400,
        "scope": "profile email",
        "not-before-policy": 0,
        "session_state": "sandbox",
    }


class Documented(Routes):
    """Routes (method, path) to a queue of replies; the last reply repeats. Unknown routes: 404 NOT_FOUND."""

    def __init__(self) -> None:
        super().__init__()
        self.on("POST", "/v2/auth/token", Reply(200, documented_pair(1)), Reply(200, documented_pair(2)))
        self.on("POST", "/v2/auth/refresh", Reply(200, documented_pair(3)))


@pytest.fixture
def doc() -> Iterator[tuple[Documented, TinyServer]]:
    service = Documented()
    server = TinyServer(service).start()
    yield service, server
    server.stop()


@pytest.fixture
def client(doc: tuple[Documented, TinyServer], sleeps: SleepRecorder) -> Iterator[QPayClient]:
    made = QPayClient(doc[1].url, "TEST_MERCHANT", "WBDUzy8n", retry_policy=FAST_POLICY, sleep=sleeps, timeout=(2, 5))
    yield made
    made.close()


def calls(server: TinyServer, method: str, path: str) -> list[Seen]:
    return [seen for seen in server.seen if seen.method == method and seen.path == path]


def methods_to(server: TinyServer, path: str) -> list[str]:
    return [seen.method for seen in server.seen if seen.path == path]


# -- 1. Create Ebarimt: the document's answer ----------------------------------------------------------------------

RECEIPT_ID = "000000000000000000000000123456789"  # 33 digits

DOCUMENTED_EBARIMT: dict[str, Any] = {
    "id": "1b3a9b2e-5c71-4a54-9d3e-ebarimt00001",
    "ebarimt_by": "QPAY",
    "g_wallet_id": "6d5e1b8a-0000-0000-0000-000000000001",
    "g_payment_id": PAYMENT_ID,
    "paid_by": "P2P",
    "ebarimt_receiver_type": "CITIZEN",
    "ebarimt_receiver": "",
    "ebarimt_receiver_phone": "88*14*50",
    "ebarimt_district_code": "3505",
    "ebarimt_bill_type": "1",
    "g_merchant_id": "6d5e1b8a-0000-0000-0000-000000000002",
    "merchant_branch_code": "BRANCH1",
    "merchant_terminal_code": None,
    "merchant_staff_code": None,
    "merchant_register_no": "5395305",
    "merchant_tin": "37900846788",
    "g_payment_id_type": None,
    "amount": "100.00",
    "vat_amount": "9.09",
    "city_tax_amount": "0.00",
    "ebarimt_qr_data": "1234567890123456789012345678901234567890",
    "ebarimt_lottery": "HV 83198235",
    "ebarimt_receipt_id": RECEIPT_ID,
    "tax_type": "1",
    "note": None,
    "barimt_status": "REGISTERED",
    "barimt_status_date": "2024-01-17T12:20:14.433Z",
    "ebarimt_sent_email": None,
    "status": True,
    "created_by": "MERCHANT",
    "created_date": "2024-01-17T12:20:14.433Z",
    "barimt_items": [
        {
            "id": "item-1",
            "barimt_id": "1b3a9b2e-5c71-4a54-9d3e-ebarimt00001",
            "merchant_product_code": None,
            "tax_product_code": "6201",
            "bar_code": "6901234567892",
            "name": "Coffee",
            "unit_price": "100.00",
            "quantity": "1.00",
            "amount": "100.00",
            "city_tax_amount": "0.00",
            "vat_amount": "9.09",
            "note": None,
            "created_by": "MERCHANT",
            "status": True,
        }
    ],
    "barimt_transactions": [],
    "barimt_histories": [
        {
            "id": "hist-1",
            "barimt_id": "1b3a9b2e-5c71-4a54-9d3e-ebarimt00001",
            "ebarimt_receiver_type": "CITIZEN",
            "ebarimt_receiver": "",
            "ebarimt_register_no": None,
            "ebarimt_bill_id": "000000000000000000000000123456789",
            "ebarimt_date": "2024-01-17 20:20:14",
            "ebarimt_mac_address": None,
            "ebarimt_internal_code": None,
            "ebarimt_bill_type": "1",
            "ebarimt_qr_data": "1234567890123456789012345678901234567890",
            "ebarimt_lottery": "HV 83198235",
            "barimt_status": "REGISTERED",
            "barimt_status_date": "2024-01-17T12:20:14.433Z",
            "status": True,
        }
    ],
}


def test_create_ebarimt_reads_the_documented_answer(doc: tuple[Documented, TinyServer], client: QPayClient) -> None:
    service, server = doc
    service.on("POST", "/v2/ebarimt_v3/create", Reply(200, DOCUMENTED_EBARIMT))
    receipt = client.create_ebarimt(PAYMENT_ID, "CITIZEN")
    assert receipt.state == "CREATED" and receipt.status is True and receipt.receiver_type == "83"
    assert (receipt.amount, receipt.vat_amount, receipt.city_tax_amount) == (
        Decimal("100.00"), Decimal("9.09"), Decimal("0.00"))
    assert receipt.ebarimt_lottery == "HV 83198235"
    assert receipt.ebarimt_receipt_id == RECEIPT_ID and len(receipt.ebarimt_receipt_id) == 33
    assert receipt.g_payment_id == PAYMENT_ID and receipt.paid_by == "P2P"
    assert receipt.merchant_tin == "37900846788" and receipt.tax_type == "1"
    assert receipt.ebarimt_receiver_phone == "88*14*50"
    item = receipt.barimt_items[0]
    # The document's names and the contract's read the same values.
    assert item.vat_amount == item.vat == Decimal("9.09")
    assert item.city_tax_amount == item.city_tax == Decimal("0.00")
    assert item.bar_code == item.barcode == "6901234567892"
    assert item.status is True and item.quantity == Decimal("1.00")
    history = receipt.barimt_histories[0]
    assert history.status is True and history.state == "CREATED"
    assert history.barimt_status_date == "2024-01-17T12:20:14.433Z"
    assert history.ebarimt_bill_id == RECEIPT_ID and history.ebarimt_lottery == "HV 83198235"
    assert len(calls(server, "POST", "/v2/ebarimt_v3/create")) == 1


def test_ebarimt_receipt_id_as_a_json_number_keeps_every_digit(
    doc: tuple[Documented, TinyServer], client: QPayClient
) -> None:
    service, _ = doc
    body = json.dumps(DOCUMENTED_EBARIMT).replace(f'"ebarimt_receipt_id": "{RECEIPT_ID}"',
                                                  '"ebarimt_receipt_id": 100000000000000000000000123456789')
    service.on("POST", "/v2/ebarimt_v3/create", Reply(200, body.encode()))
    assert client.create_ebarimt(PAYMENT_ID).ebarimt_receipt_id == "100000000000000000000000123456789"


def test_ebarimt_answer_in_the_field_tables_spelling(doc: tuple[Documented, TinyServer], client: QPayClient) -> None:
    # The document's table spells `ebarim_receiver_type` and uses `ebarimt_status` "SUCCESS" in places.
    service, _ = doc
    body = {"id": "e-2", "ebarim_receiver_type": "COMPANY", "ebarimt_receiver": "5395305",
            "ebarimt_status": "SUCCESS", "amount": 12500, "vat_amount": "1136.36", "city_tax_amount": 0,
            "status": True,
            "barimt_histories": [{"status": "CREATED", "status_date": "2024-01-17T12:20:14"}],
            "barimt_items": [{"name": "Tea", "vat": "1136.36", "city_tax": "0", "barcode": "1"}]}
    service.on("POST", "/v2/ebarimt_v3/create", Reply(200, body))
    receipt = client.create_ebarimt(PAYMENT_ID, "84", "5395305")
    assert receipt.receiver_type == "84" and receipt.ebarimt_receiver_type == "COMPANY"
    assert receipt.state == "CREATED"
    assert receipt.amount == Decimal("12500") and receipt.vat_amount == Decimal("1136.36")
    # The contract's names still read, and fill the document's.
    assert receipt.barimt_items[0].vat_amount == Decimal("1136.36") and receipt.barimt_items[0].bar_code == "1"
    assert receipt.barimt_histories[0].status == "CREATED" and receipt.barimt_histories[0].state == "CREATED"
    service.on("DELETE", f"/v2/ebarimt_v3/{PAYMENT_ID}",
               Reply(200, {"id": "e-2", "barimt_status": "CANCELED", "status": True}))
    assert client.cancel_ebarimt(PAYMENT_ID).state == "CANCELLED"


@pytest.mark.parametrize(("answer", "void_answer"), [
    (Reply(200, "<html><body>Gateway says hello</body></html>"), Reply(200, "<html>hello</html>")),
    (Reply(200, {**DOCUMENTED_EBARIMT, "barimt_items": "not a list"}), Reply(200, {"status": "perhaps"})),
    (Reply(200, b'{"id": "e-1", "amount": "100.0'), Reply(200, b'{"id": "e-1", "sta')),
], ids=["not-json", "wrong-shape", "cut-off"])
def test_an_unreadable_ebarimt_answer_is_an_unknown_outcome(
    doc: tuple[Documented, TinyServer], client: QPayClient, answer: Reply, void_answer: Reply
) -> None:
    # The receipt may be registered with the tax system: never a refusal, never sent again by the client.
    service, server = doc
    service.on("POST", "/v2/ebarimt_v3/create", answer)
    with pytest.raises(OutcomeUnknownError) as caught:
        client.create_ebarimt(PAYMENT_ID)
    assert isinstance(caught.value, UnreadableAnswerError) and isinstance(caught.value, InvalidResponseError)
    assert caught.value.status == 200 and "Create Ebarimt again" in caught.value.message
    assert len(calls(server, "POST", "/v2/ebarimt_v3/create")) == 1
    service.on("DELETE", f"/v2/ebarimt_v3/{PAYMENT_ID}", void_answer)
    with pytest.raises(UnreadableAnswerError):
        client.cancel_ebarimt(PAYMENT_ID)
    assert len(calls(server, "DELETE", f"/v2/ebarimt_v3/{PAYMENT_ID}")) == 1


def test_an_unreadable_invoice_answer_is_settled_by_looking_the_invoice_up(
    doc: tuple[Documented, TinyServer], client: QPayClient
) -> None:
    service, server = doc
    service.on("POST", "/v2/invoice", Reply(200, "<html>proxy page</html>"))
    summary = {"invoice_id": INVOICE_ID, "sender_invoice_no": "T1-UNREAD", "amount": "100.00",
               "invoice_status": "OPEN", "created_date": "2024-01-17T12:20:14"}
    service.on("POST", "/v2/invoice/list", Reply(200, {"count": 1, "rows": [summary]}))
    service.on("GET", f"/v2/invoice/{INVOICE_ID}",
               Reply(200, {"invoice_id": INVOICE_ID, "invoice_status": "OPEN", "qr_text": "000201",
                           "qPay_shortUrl": "https://s.qpay.mn/x"}))
    created = client.create_invoice(simple_invoice("T1-UNREAD", amount="100"))
    assert created.recovered and created.invoice_id == INVOICE_ID
    assert len(calls(server, "POST", "/v2/invoice")) == 1  # found: not sent again


@pytest.mark.parametrize("reversal", ["cancel", "refund"])
def test_an_unreadable_reversal_answer_is_settled_by_reading_the_payment(
    doc: tuple[Documented, TinyServer], client: QPayClient, reversal: str
) -> None:
    service, server = doc
    path = CANCEL if reversal == "cancel" else REFUND
    undo = client.cancel_payment if reversal == "cancel" else client.refund_payment
    service.on("POST", path, Reply(200, "<html>proxy page</html>"))
    service.on("GET", GET_PAYMENT, Reply(200, {"payment_id": PAYMENT_ID, "payment_status": "PAID"}),
               Reply(200, {"payment_id": PAYMENT_ID, "payment_status": "CANCELLED"}))
    with pytest.raises(OutcomeUnknownError) as caught:  # still PAID: unknown, not refused
        undo(PAYMENT_ID)
    assert caught.value.status == 200 and isinstance(caught.value, UnreadableAnswerError)
    undo(PAYMENT_ID)  # the re-read shows it given back: done
    assert methods_to(server, path) == ["POST", "POST"]  # never DELETE after an answer, never a blind resend
    assert len(calls(server, "GET", GET_PAYMENT)) == 2


# -- 2. Token lifetime ----------------------------------------------------------------------------------------------

def test_the_documented_token_lives_a_day_not_52_years() -> None:
    token = documented_token("Bearer")
    assert jwt.decode(token, options={"verify_signature": False})["exp"] - ISSUED > 50 * 365 * 86400
    assert token_lifetime(token, ISSUED + 86400, now=ISSUED + 999_999) == 86400  # the wall clock does not matter
    assert token_lifetime(token, None, now=ISSUED) is None  # the insane exp alone is not trusted
    assert token_lifetime(documented_token("Refresh"), ISSUED + 86400, now=ISSUED) == 86400  # refresh_expires_in too
    assert token_lifetime("opaque", ISSUED + 10**9, now=ISSUED) == MAX_LIFETIME  # capped
    assert token_lifetime("opaque", 10**8, now=ISSUED) == MAX_LIFETIME  # seconds, capped
    sane = jwt.encode({"iat": ISSUED, "exp": ISSUED + 600}, "k" * 32, algorithm="HS256")
    assert token_lifetime(sane, ISSUED + 86400, now=ISSUED) == 600  # a sane exp still bounds it


def test_documented_tokens_are_renewed_after_a_day_and_a_401_means_log_in_again(
    doc: tuple[Documented, TinyServer], sleeps: SleepRecorder
) -> None:
    service, server = doc
    clock = FakeClock()
    service.on("GET", f"/v2/invoice/{INVOICE_ID}", Reply(200, {"invoice_id": INVOICE_ID, "invoice_status": "OPEN"}))
    with QPayClient(server.url, "TEST_MERCHANT", "WBDUzy8n", retry_policy=FAST_POLICY, sleep=sleeps,
                    clock=clock, wall_clock=lambda: ISSUED + 5.0) as client:
        pair = client.authenticate()
        assert pair.token_type == "bearer" and pair.not_before_policy == "0" and pair.session_state == "sandbox"
        assert jwt.get_unverified_header(pair.access_token)["alg"] == "HS256"
        clock.advance(86400 - 120)
        client.get_invoice(INVOICE_ID)

        def renewals() -> int:
            return len(calls(server, "POST", "/v2/auth/token")) + len(calls(server, "POST", "/v2/auth/refresh"))

        assert renewals() == 1  # still the first token, a day long
        clock.advance(120)
        client.get_invoice(INVOICE_ID)
        assert renewals() == 2  # renewed after a day, not in 52 years
        # A 401 on a token the client believed valid: log in again and repeat once.
        service.on("GET", f"/v2/invoice/{INVOICE_ID}",
                   Reply(401, {"error": "AUTHENTICATION_FAILED", "message": "session ended"}),
                   Reply(200, {"invoice_id": INVOICE_ID, "invoice_status": "OPEN"}))
        logins = len(calls(server, "POST", "/v2/auth/token"))
        assert client.get_invoice(INVOICE_ID).invoice_id == INVOICE_ID
        assert len(calls(server, "POST", "/v2/auth/token")) == logins + 1


# -- 3. Get Payment's card fields, check rows' extras ------------------------------------------------------------

def test_get_payment_reads_the_documented_card_element(doc: tuple[Documented, TinyServer], client: QPayClient) -> None:
    service, _ = doc
    card = {"card_merchant_code": "M0001", "card_terminal_code": "T0001", "card_number": "4111 11** **** 1111",
            "card_type": "VISA", "is_cross_border": False, "transaction_amount": "100.00",
            "transaction_currency": "MNT", "transaction_date": "2024-01-17T12:20:14.433Z",
            "transaction_status": "SUCCESS", "settlement_status": "PENDING",
            "settlement_status_date": None}
    body = {"payment_id": PAYMENT_ID, "payment_status": "PAID", "payment_fee": "1.00", "payment_amount": "100.00",
            "payment_currency": "MNT", "payment_date": "2024-01-17T12:20:14.433Z",
            "payment_wallet": "0fc9b71c-cd87-4ffd-9cac-2279ebd9deb0", "transaction_type": "CARD",
            "object_type": "INVOICE", "object_id": INVOICE_ID, "next_payment_date": None,
            "next_payment_datetime": None, "card_transactions": [card], "p2p_transactions": []}
    service.on("GET", GET_PAYMENT, Reply(200, body))
    element = client.get_payment(PAYMENT_ID).card_transactions[0]
    assert (element.card_merchant_code, element.card_terminal_code) == ("M0001", "T0001")
    assert element.card_number == "4111 11** **** 1111"
    assert element.transaction_amount == Decimal("100.00") and element.transaction_currency == "MNT"
    assert element.transaction_date == "2024-01-17T12:20:14.433Z" and element.transaction_status == "SUCCESS"
    # The names seen in check rows read the same values.
    assert (element.amount, element.currency, element.status) == (Decimal("100.00"), "MNT", "SUCCESS")
    assert element.date == element.transaction_date


def test_check_rows_with_the_documented_extras(doc: tuple[Documented, TinyServer], client: QPayClient) -> None:
    service, _ = doc
    row = {"payment_id": PAYMENT_ID, "payment_status": "PAID", "payment_amount": "100.00", "trx_fee": "1.00",
           "payment_currency": "MNT", "payment_wallet": "Хаан банк апп", "payment_type": "P2P",
           "next_payment_date": None, "next_payment_datetime": None, "card_transactions": [],
           "p2p_transactions": [{"id": "p2p-1", "transaction_bank_code": "050000", "account_bank_code": "050000",
                                 "account_bank_name": "Хаан банк", "account_number": "5000000000",
                                 "status": "SUCCESS", "amount": "99.00", "currency": "MNT",
                                 "settlement_status": "SETTLED"}]}
    service.on("POST", "/v2/payment/check", Reply(200, {"count": 1, "paid_amount": 100, "rows": [row]}))
    result = client.check_payment(INVOICE_ID)
    read = result.rows[0]
    assert read.payment_wallet == "Хаан банк апп" and read.next_payment_date is None
    assert "next_payment_datetime" in read.model_fields_set
    assert read.p2p_transactions[0].id == "p2p-1" and read.p2p_transactions[0].amount == Decimal("99.00")
    # The payer paid payment_amount; the transfer's amount is net of the fee.
    verdict = client.paid_state(INVOICE_ID, Decimal("100"))
    assert verdict.is_paid and verdict.paid_amount == Decimal("100.00")


# -- 4. Error codes ----------------------------------------------------------------------------------------------

SDK_CODES = """ACCOUNT_BANK_DUPLICATED ACCOUNT_SELECTION_INVALID BANK_ACCOUNT_NOTFOUND BANK_MCC_ALREADY_ADDED
BANK_MCC_NOT_FOUND CARD_TERMINAL_NOTFOUND CLIENT_NOTFOUND CLIENT_USERNAME_DUPLICATED CUSTOMER_DUPLICATE
CUSTOMER_NOTFOUND CUSTOMER_REGISTER_INVALID EBARIMT_QR_CODE_INVALID INFORM_NOTFOUND INPUT_CODE_REGISTERED
INPUT_NOTFOUND INVOICE_CODE_REGISTERED INVOICE_RECEIVER_DATA_ADDRESS_REQUIRED INVOICE_RECEIVER_DATA_EMAIL_REQUIRED
INVOICE_RECEIVER_DATA_PHONE_REQUIRED INVOICE_RECEIVER_DATA_REQUIRED MCC_NOTFOUND MERCHANT_ALREADY_REGISTERED
OBJECT_DATA_ERROR P2P_TERMINAL_NOTFOUND PERMISSION_DENIED QRACCOUNT_INACTIVE QRACCOUNT_NOTFOUND QRCODE_NOTFOUND
QRCODE_USED SENDER_BRANCH_DATA_REQUIRED TAX_LINE_REQUIRED TAX_PRODUCT_CODE_REQUIRED TRANSACTION_NOT_APPROVED
TRANSACTION_REQUIRED""".split()
DOCUMENT_CLASSES = ["VALIDATION_ERROR", "UNAUTHORIZED_ERROR", "FORBIDDEN_ERROR", "UNIQUE_ERROR", "NOT_FOUND_ERROR",
                    "INTERNAL_ERROR"]


def test_every_listed_code_is_known() -> None:
    assert len(SDK_CODES) == 34
    assert set(SDK_CODES + DOCUMENT_CLASSES) <= KNOWN_ERROR_CODES


@pytest.mark.parametrize(("status", "body", "family"), [
    (400, {"error": "TAX_LINE_REQUIRED", "message": "Tax line required"}, InvalidRequestError),
    (400, {"error": "TAX_PRODUCT_CODE_REQUIRED", "message": "x"}, InvalidRequestError),
    (400, {"error": "CUSTOMER_REGISTER_INVALID", "message": "x"}, InvalidRequestError),
    (400, {"error": "OBJECT_DATA_ERROR", "message": "x"}, InvalidRequestError),
    (403, {"error": "PERMISSION_DENIED", "message": "x"}, PermissionDeniedError),
    (400, {"error": "TRANSACTION_NOT_APPROVED", "message": "x"}, PaymentStateError),
    (400, {"error": "QRCODE_USED", "message": "x"}, PaymentStateError),
    (400, {"error": "VALIDATION_ERROR", "message": "x"}, InvalidRequestError),
    (401, {"error": "UNAUTHORIZED_ERROR", "message": "x"}, AuthenticationError),
    (403, {"error": "FORBIDDEN_ERROR", "message": "x"}, PermissionDeniedError),
    (409, {"error": "UNIQUE_ERROR", "message": "x"}, ConflictError),
    (422, {"error": "NOT_FOUND_ERROR", "message": "x"}, NotFoundError),
    (500, {"error": "INTERNAL_ERROR", "message": "x"}, ServerError),
    # Unknown codes: the family of the status class.
    (422, {"error": "SOMETHING_GONE", "message": "x"}, NotFoundError),
    (409, {"error": "SOMETHING_TWICE", "message": "x"}, ConflictError),
    (403, {"error": "SOMETHING_FORBIDDEN", "message": "x"}, PermissionDeniedError),
    (400, {"error_code": "SOMETHING_WRONG", "message": "x"}, InvalidRequestError),
    (401, {"error": "SOMETHING_EXPIRED", "message": "x"}, AuthenticationError),
    (503, {"error": "SOMETHING_DOWN", "message": "x"}, ServerError),
], ids=lambda value: value.get("error") or value.get("error_code") if isinstance(value, dict) else None)
def test_documented_and_unknown_codes_take_their_family(status: int, body: dict[str, Any], family: type) -> None:
    error = error_from_response(status, body, method="GET", path=GET_PAYMENT)
    assert type(error) is family
    assert error.error_code == (body.get("error") or body.get("error_code")) and error.status == status


def test_codes_through_the_client(doc: tuple[Documented, TinyServer], client: QPayClient) -> None:
    service, _ = doc
    service.on("GET", GET_PAYMENT, Reply(422, {"error": "NOT_FOUND_ERROR", "message": "Payment not found"}))
    with pytest.raises(NotFoundError):
        client.get_payment(PAYMENT_ID)
    service.on("POST", "/v2/invoice", Reply(400, {"error": "TAX_PRODUCT_CODE_REQUIRED", "message": "x"}))
    with pytest.raises(InvalidRequestError) as caught:
        client.create_invoice(simple_invoice("T1-TAX"))
    assert caught.value.error_code == "TAX_PRODUCT_CODE_REQUIRED"


def test_validation_error_with_a_nested_message(doc: tuple[Documented, TinyServer], client: QPayClient) -> None:
    service, _ = doc
    nested = {"page_limit": {"type": "MIN_NUMBER", "message": "Number min value [1]!"}}
    service.on("POST", "/v2/invoice/list", Reply(400, {"error": "VALIDATION_ERROR", "message": nested}))
    with pytest.raises(InvalidRequestError) as caught:
        client.list_invoices()
    assert caught.value.error_code == "VALIDATION_ERROR"
    assert caught.value.message == "page_limit: Number min value [1]!" and caught.value.details == nested


def test_error_messages_stay_free_of_tokens() -> None:
    token = documented_token("Bearer")
    error = error_from_response(400, {"error": "VALIDATION_ERROR",
                                      "message": {"authorization": {"message": f"Bearer {token}"}}})
    assert token not in str(error) and token not in repr(error) and "[REDACTED]" in error.message


# -- 5. Card cancel and refund: POST by the contract, DELETE on the live service ---------------------------------

@pytest.mark.parametrize("not_routed", [
    Reply(405, None),
    Reply(405, {"error": "METHOD_NOT_ALLOWED", "message": "Method Not Allowed"}),
    Reply(404, {"error": "NOT_FOUND", "message": "Cannot POST /v2/payment/cancel"}),
    Reply(404, "<html><body><h1>404 Not Found</h1></body></html>"),
], ids=["405-empty", "405-code", "404-route-code", "404-html"])
def test_a_route_answer_to_post_tries_delete_and_remembers_it(
    doc: tuple[Documented, TinyServer], client: QPayClient, not_routed: Reply
) -> None:
    service, server = doc
    service.on("POST", CANCEL, not_routed)
    service.on("DELETE", CANCEL, Reply(200, None))
    service.on("POST", REFUND, Reply(405, None))
    service.on("DELETE", REFUND, Reply(200, None))
    assert client.card_reversal_method == "POST"
    client.cancel_payment(PAYMENT_ID, note="wrong item")
    assert methods_to(server, CANCEL) == ["POST", "DELETE"]
    assert [seen.json() for seen in calls(server, "DELETE", CANCEL)] == [{"note": "wrong item"}]
    assert client.card_reversal_method == "DELETE"
    client.refund_payment(PAYMENT_ID)
    client.cancel_payment(PAYMENT_ID)
    assert methods_to(server, REFUND) == ["DELETE"]  # remembered: the contract's form is not tried again
    assert methods_to(server, CANCEL) == ["POST", "DELETE", "DELETE"]


def test_a_business_404_is_not_a_route_answer(doc: tuple[Documented, TinyServer], client: QPayClient) -> None:
    service, server = doc
    service.on("POST", CANCEL, Reply(404, {"error": "PAYMENT_NOTFOUND", "message": "Payment not found"}))
    with pytest.raises(NotFoundError) as caught:
        client.cancel_payment(PAYMENT_ID)
    assert caught.value.error_code == "PAYMENT_NOTFOUND"
    assert methods_to(server, CANCEL) == ["POST"]
    assert client.card_reversal_method == "POST"  # the handler answered: POST reaches it


@pytest.mark.parametrize("lost", [
    Reply(drop=True),
    Reply(502, "<html>Bad gateway</html>"),
    Reply(503, {"error": "SYSTEM_BUSY", "message": "busy"}),
    Reply(200, "<html>not json</html>"),
], ids=["dropped", "502", "503", "unreadable"])
def test_an_unknown_outcome_never_tries_the_other_method(
    doc: tuple[Documented, TinyServer], client: QPayClient, lost: Reply
) -> None:
    service, server = doc
    service.on("POST", CANCEL, lost)
    service.on("DELETE", CANCEL, Reply(200, None))
    service.on("GET", GET_PAYMENT, Reply(200, {"payment_id": PAYMENT_ID, "payment_status": "PAID"}))
    with pytest.raises(OutcomeUnknownError):
        client.cancel_payment(PAYMENT_ID)
    assert methods_to(server, CANCEL) == ["POST"]  # neither resent nor tried as DELETE
    assert len(calls(server, "GET", GET_PAYMENT)) == 1  # settled by reading back
    service.on("GET", GET_PAYMENT, Reply(200, {"payment_id": PAYMENT_ID, "payment_status": "CANCELLED"}))
    client.cancel_payment(PAYMENT_ID)  # the re-read shows it given back: done
    assert methods_to(server, CANCEL) == ["POST", "POST"]


def test_a_lost_answer_to_delete_after_a_405_is_settled_by_reading_back(
    doc: tuple[Documented, TinyServer], client: QPayClient
) -> None:
    service, server = doc
    service.on("POST", REFUND, Reply(405, None))
    service.on("DELETE", REFUND, Reply(drop=True))
    service.on("GET", GET_PAYMENT, Reply(200, {"payment_id": PAYMENT_ID, "payment_status": "REFUNDED"}))
    client.refund_payment(PAYMENT_ID)
    assert methods_to(server, REFUND) == ["POST", "DELETE"]
    assert client.card_reversal_method == "POST"  # nothing proved DELETE reaches a handler


def test_both_forms_refused_by_routing_is_raised(doc: tuple[Documented, TinyServer], client: QPayClient) -> None:
    service, server = doc
    service.on("POST", CANCEL, Reply(405, None))
    service.on("DELETE", CANCEL, Reply(405, None))
    with pytest.raises(QPayError) as caught:
        client.cancel_payment(PAYMENT_ID)
    assert caught.value.status == 405 and not isinstance(caught.value, OutcomeUnknownError)
    assert methods_to(server, CANCEL) == ["POST", "DELETE"]  # each once
    assert client.card_reversal_method == "POST"


def test_a_remembered_delete_that_stops_working_falls_back_to_post(
    doc: tuple[Documented, TinyServer], client: QPayClient
) -> None:
    service, server = doc
    service.on("POST", CANCEL, Reply(405, None), Reply(200, None))
    service.on("DELETE", CANCEL, Reply(200, None), Reply(405, None))
    client.cancel_payment(PAYMENT_ID)
    client.cancel_payment(PAYMENT_ID)
    assert methods_to(server, CANCEL) == ["POST", "DELETE", "DELETE", "POST"]
    assert client.card_reversal_method == "POST"


def test_a_business_refusal_of_delete_is_remembered_and_raised(
    doc: tuple[Documented, TinyServer], client: QPayClient
) -> None:
    service, server = doc
    service.on("POST", CANCEL, Reply(405, None))
    service.on("DELETE", CANCEL, Reply(400, {"error": "PAYMENT_SETTLED", "message": "settled"}))
    with pytest.raises(PaymentStateError):
        client.cancel_payment(PAYMENT_ID)
    assert client.card_reversal_method == "DELETE"
    assert methods_to(server, CANCEL) == ["POST", "DELETE"]


def test_card_reversal_methods_are_per_client_instance(
    doc: tuple[Documented, TinyServer], sleeps: SleepRecorder
) -> None:
    service, server = doc
    service.on("POST", CANCEL, Reply(405, None))
    service.on("DELETE", CANCEL, Reply(200, None))
    with QPayClient(server.url, "TEST_MERCHANT", "x", retry_policy=FAST_POLICY, sleep=sleeps) as first:
        first.cancel_payment(PAYMENT_ID)
        assert first.card_reversal_method == "DELETE"
    with QPayClient(server.url, "TEST_MERCHANT", "x", retry_policy=FAST_POLICY, sleep=sleeps) as second:
        assert second.card_reversal_method == "POST"


# -- other shapes the document shows -----------------------------------------------------------------------------

def test_cancel_invoice_answering_an_empty_object(doc: tuple[Documented, TinyServer], client: QPayClient) -> None:
    service, server = doc
    service.on("DELETE", f"/v2/invoice/{INVOICE_ID}", Reply(200, {}))
    assert client.cancel_invoice(INVOICE_ID) is None
    assert len(calls(server, "DELETE", f"/v2/invoice/{INVOICE_ID}")) == 1
    assert not calls(server, "GET", f"/v2/invoice/{INVOICE_ID}")


def test_payment_check_with_no_payment_and_no_paid_amount(
    doc: tuple[Documented, TinyServer], client: QPayClient
) -> None:
    service, _ = doc
    service.on("POST", "/v2/payment/check", Reply(200, {"count": 0, "rows": []}))
    result = client.check_payment(INVOICE_ID)
    assert result.count == 0 and result.rows == [] and result.paid_amount == Decimal(0)
    assert client.paid_state(INVOICE_ID, Decimal("100")).state == PaidState.UNPAID


@pytest.mark.parametrize("status", ["NEW", "FAILED", "PARTIAL", "PENDING"])
def test_only_paid_rows_are_money_received(
    doc: tuple[Documented, TinyServer], client: QPayClient, status: str
) -> None:
    service, _ = doc
    rows = [{"payment_id": "1", "payment_status": status, "payment_amount": "100.00"}]
    service.on("POST", "/v2/payment/check", Reply(200, {"count": 1, "paid_amount": "100.00", "rows": rows}))
    verdict = client.paid_state(INVOICE_ID, Decimal("100"))
    assert verdict.state == PaidState.UNPAID and verdict.paid_amount == 0 and verdict.paid_payment_ids == ()


@pytest.mark.parametrize(("raw", "normal"), [("OPEN", "OPEN"), ("CLOSED", "CLOSED"), ("CANCELLED", "CANCELLED"),
                                             ("PAID", "CLOSED")])
def test_get_invoice_with_every_amount_as_a_string(
    doc: tuple[Documented, TinyServer], client: QPayClient, raw: str, normal: str
) -> None:
    service, _ = doc
    body = {"invoice_id": INVOICE_ID, "invoice_status": raw, "sender_invoice_no": "T1-1", "enable_expiry": False,
            "allow_partial": False, "minimum_amount": None, "allow_exceed": False, "maximum_amount": None,
            "total_amount": "100.00", "gross_amount": "100.00", "tax_amount": "9.09", "surcharge_amount": "0.00",
            "discount_amount": "0.00", "lines": [{"tax_product_code": None, "line_description": "Coffee",
                                                  "line_quantity": "1.00", "line_unit_price": "100.00",
                                                  "note": None, "discounts": [], "surcharges": [], "taxes": []}],
            "transactions": [], "inputs": []}
    service.on("GET", f"/v2/invoice/{INVOICE_ID}", Reply(200, body))
    invoice = client.get_invoice(INVOICE_ID)
    assert invoice.status == normal
    assert (invoice.total_amount, invoice.gross_amount, invoice.tax_amount, invoice.surcharge_amount,
            invoice.discount_amount) == (Decimal("100.00"), Decimal("100.00"), Decimal("9.09"), Decimal("0.00"),
                                         Decimal("0.00"))
    assert invoice.lines[0].line_unit_price == Decimal("100.00")


@pytest.mark.parametrize("short_url_key", ["qPay_shortUrl", "pay_shortUrl"])
def test_creation_answer_short_url_and_empty_qr_image(
    doc: tuple[Documented, TinyServer], client: QPayClient, short_url_key: str
) -> None:
    service, _ = doc
    service.on("POST", "/v2/invoice", Reply(200, {"invoice_id": INVOICE_ID, "qr_text": "000201", "qr_image": "",
                                                  short_url_key: "https://s.qpay.mn/abc", "urls": []}))
    created = client.create_invoice(simple_invoice("T1-SHORT"))
    assert created.short_url == "https://s.qpay.mn/abc" and not created.has_qr_image


def test_the_login_header_is_basic_and_tokens_never_show(
    doc: tuple[Documented, TinyServer], client: QPayClient
) -> None:
    _, server = doc
    pair = client.authenticate()
    sent = calls(server, "POST", "/v2/auth/token")[0].headers["Authorization"]
    assert sent == "Basic " + base64.b64encode(b"TEST_MERCHANT:WBDUzy8n").decode()
    assert pair.access_token not in repr(pair) and pair.refresh_token not in repr(pair)
    assert pair.access_token not in repr(client.tokens)
