"""Live-service variants (real-service-notes.md), served by a tiny HTTP server of the tests' own."""

from __future__ import annotations

import time
from collections.abc import Iterator
from decimal import Decimal
from typing import Any

import pytest

from pos_app.qpay import (
    AuthenticationError,
    ConflictError,
    InvalidRequestError,
    NotFoundError,
    PaidState,
    OutcomeUnknownError,
    PaymentStateError,
    QPayClient,
    QPayError,
)

from .helpers import FAST_POLICY, Reply, Routes, Seen, SleepRecorder, TinyServer, simple_invoice

INVOICE_ID = "6c1e2f4a-0000-4000-8000-000000000001"
PAYMENT_ID = "480000000000001"


def live_token_pair(n: int = 1) -> dict[str, Any]:
    issued = int(time.time())
    return {
        "token_type": "bearer",  # lower case, seen live
        "access_token": f"opaque-live-access-{n}",
        "expires_in": issued + 86400,  # a Unix time, not seconds
        "refresh_token": f"opaque-live-refresh-{n}",
        "refresh_expires_in": issued + 86400,
        "scope": "profile email",
        "not-before-policy": 0,  # a number, not a string
        "session_state": f"live-session-{n}",
    }


class LiveService(Routes):
    """Routes (method, path) to a queue of replies; the last reply repeats."""

    def __init__(self) -> None:
        super().__init__()
        self.on("POST", "/v2/auth/token", Reply(200, live_token_pair()))


@pytest.fixture
def live() -> Iterator[tuple[LiveService, TinyServer]]:
    service = LiveService()
    server = TinyServer(service).start()
    yield service, server
    server.stop()


@pytest.fixture
def live_client(live: tuple[LiveService, TinyServer], sleeps: SleepRecorder) -> Iterator[QPayClient]:
    _, server = live
    client = QPayClient(server.url, "TEST_MERCHANT", "WBDUzy8n", retry_policy=FAST_POLICY, sleep=sleeps, timeout=(2, 5))
    yield client
    client.close()


def calls(server: TinyServer, method: str, path: str) -> list[Seen]:
    return [seen for seen in server.seen if seen.method == method and seen.path == path]


def test_unix_time_expiry_lower_case_bearer_and_numeric_policy(
    live: tuple[LiveService, TinyServer], live_client: QPayClient
) -> None:
    service, server = live
    service.on("GET", f"/v2/invoice/{INVOICE_ID}", Reply(200, {"invoice_id": INVOICE_ID, "invoice_status": "OPEN"}))
    pair = live_client.authenticate()
    assert pair.token_type == "bearer" and pair.not_before_policy == "0"
    for _ in range(5):
        live_client.get_invoice(INVOICE_ID)
    assert len(calls(server, "POST", "/v2/auth/token")) == 1  # the Unix-time expiry was read as a day
    sent = calls(server, "GET", f"/v2/invoice/{INVOICE_ID}")[0]
    assert sent.headers["Authorization"] == "Bearer opaque-live-access-1"
    assert sent.headers["Content-Type"] == "application/json"  # required on every request


def test_login_sends_basic_credentials_and_no_body(
    live: tuple[LiveService, TinyServer], live_client: QPayClient
) -> None:
    _, server = live
    live_client.authenticate()
    login = calls(server, "POST", "/v2/auth/token")[0]
    assert login.headers["Authorization"] == "Basic VEVTVF9NRVJDSEFOVDpXQkRVenk4bg=="  # TEST_MERCHANT:WBDUzy8n
    assert login.body == b""


@pytest.mark.parametrize("code", ["NO_CREDENTIALS", "NO_CREDENDIALS"])
def test_no_credentials_in_either_spelling_under_the_error_key(
    live: tuple[LiveService, TinyServer], live_client: QPayClient, code: str
) -> None:
    service, _ = live
    service.on("POST", "/v2/auth/token", Reply(401, {"error": code, "message": "No credentials"}))
    with pytest.raises(AuthenticationError) as caught:
        live_client.authenticate()
    assert caught.value.error_code == code and caught.value.status == 401


def test_creation_answer_with_placeholder_short_url_and_empty_qr_image(
    live: tuple[LiveService, TinyServer], live_client: QPayClient
) -> None:
    service, server = live
    service.on(
        "POST",
        "/v2/invoice",
        Reply(
            200,
            {
                "invoice_id": INVOICE_ID,
                "qr_text": "0002010102122653...6304ABCD",
                "qr_image": "",
                "pay_shortUrl": "https://s.qpay.mn/abc",
                "urls": [
                    {
                        "name": "Khan bank",
                        "description": "Хаан банк",
                        "logo": "https://x/k.png",
                        "link": "khanbank://q?qPay_QRcode=000201",
                    }
                ],
                "something_new": True,
            },
        ),
    )
    created = live_client.create_invoice(simple_invoice("T1-LIVE", amount="12500.50"))
    assert created.qPay_shortUrl == "https://s.qpay.mn/abc"
    assert not created.has_qr_image and created.qr_text  # render qr_text locally
    assert created.something_new is True  # type: ignore[attr-defined]
    body = calls(server, "POST", "/v2/invoice")[0].body
    assert b'"amount": 12500.5' in body  # an exact JSON number


def test_mixed_amounts_and_live_payment_statuses(live: tuple[LiveService, TinyServer], live_client: QPayClient) -> None:
    service, _ = live
    rows = [
        {"payment_id": "1", "payment_status": "NEW", "payment_amount": "12500.00"},
        {"payment_id": "2", "payment_status": "FAILED", "payment_amount": 12500},
        {"payment_id": "3", "payment_status": "PARTIAL", "payment_amount": "6000"},
        {"payment_id": "4", "payment_status": "PAID", "payment_amount": 6000.5},
    ]
    service.on("POST", "/v2/payment/check", Reply(200, {"count": 4, "paid_amount": "36500.50", "rows": rows}))
    result = live_client.check_payment(INVOICE_ID)
    assert [row.payment_amount for row in result.rows] == [
        Decimal("12500.00"),
        Decimal("12500"),
        Decimal("6000"),
        Decimal("6000.5"),
    ]
    verdict = live_client.paid_state(INVOICE_ID, Decimal("12500"))
    assert verdict.state == PaidState.PARTIAL and verdict.paid_amount == Decimal("6000.5")


def test_paid_state_pages_through_every_check_page(
    live: tuple[LiveService, TinyServer], live_client: QPayClient
) -> None:
    service, server = live
    page = lambda ids: {  # noqa: E731
        "count": 3,
        "paid_amount": 300,
        "rows": [{"payment_id": i, "payment_status": "PAID", "payment_amount": "100.00"} for i in ids],
    }
    service.on("POST", "/v2/payment/check", Reply(200, page(["a", "b"])), Reply(200, page(["c"])))
    assert live_client.paid_state(INVOICE_ID, Decimal("300")).is_paid
    sent = [seen.json()["offset"] for seen in calls(server, "POST", "/v2/payment/check")]
    assert sent == [{"page_number": 1, "page_limit": 100}, {"page_number": 2, "page_limit": 100}]


@pytest.mark.parametrize(("raw", "normal"), [("CLOSED", "CLOSED"), ("PAID", "CLOSED"), ("CANCELED", "CANCELLED")])
def test_invoice_status_variants(
    live: tuple[LiveService, TinyServer], live_client: QPayClient, raw: str, normal: str
) -> None:
    service, _ = live
    service.on(
        "GET",
        f"/v2/invoice/{INVOICE_ID}",
        Reply(
            200,
            {
                "invoice_id": INVOICE_ID,
                "invoice_status": raw,
                "total_amount": "100.00",
                "enable_expiry": False,
                "gross_amount": 100,
            },
        ),
    )
    invoice = live_client.get_invoice(INVOICE_ID)
    assert invoice.invoice_status == raw and invoice.status == normal


def test_card_payment_with_live_card_transaction(live: tuple[LiveService, TinyServer], live_client: QPayClient) -> None:
    service, _ = live
    card = {
        "card_type": "VISA",
        "is_cross_border": "false",
        "amount": "12500.00",
        "currency": "MNT",
        "date": "2024-05-01T10:00:00",
        "status": "SUCCESS",
        "settlement_status": "SETTLED",
        "settlement_status_date": "2024-05-02T10:00:00",
    }
    service.on(
        "GET",
        f"/v2/payment/{PAYMENT_ID}",
        Reply(
            200,
            {
                "payment_id": PAYMENT_ID,
                "payment_status": "NEW",
                "payment_amount": 12500,
                "card_transactions": [card],
                "p2p_transactions": None,
            },
        ),
    )
    payment = live_client.get_payment(PAYMENT_ID)
    assert payment.status == "NEW" and payment.payment_amount == Decimal("12500")
    assert payment.card_transactions[0].is_cross_border is False
    assert payment.card_transactions[0].settlement_status == "SETTLED"
    assert payment.p2p_transactions == []


def test_ebarimt_receiver_and_status_variants(live: tuple[LiveService, TinyServer], live_client: QPayClient) -> None:
    service, server = live
    service.on(
        "POST",
        "/v2/ebarimt_v3/create",
        Reply(
            200,
            {
                "id": "e1",
                "ebarimt_receiver_type": "COMPANY",
                "ebarimt_receiver": "1234567",
                "barimt_status": "REGISTERED",
                "amount": 12500,
                "vat_amount": "1136.36",
                "ebarimt_lottery": "HV 83198235",
                "status": True,
            },
        ),
    )
    service.on(
        "DELETE",
        f"/v2/ebarimt_v3/{PAYMENT_ID}",
        Reply(200, {"id": "e1", "barimt_status": "CANCELED", "status": True}),
    )
    receipt = live_client.create_ebarimt(PAYMENT_ID, "COMPANY", "1234567")
    assert receipt.receiver_type == "84" and receipt.state == "CREATED"
    assert receipt.vat_amount == Decimal("1136.36")
    assert calls(server, "POST", "/v2/ebarimt_v3/create")[0].json()["ebarimt_receiver_type"] == "84"
    service.on(
        "POST",
        "/v2/ebarimt_v3/create",
        Reply(200, {"id": "e2", "ebarimt_receiver_type": "CITIZEN", "barimt_status": "CREATED"}),
    )
    assert live_client.create_ebarimt(PAYMENT_ID).receiver_type == "83"
    assert live_client.cancel_ebarimt(PAYMENT_ID).state == "CANCELLED"


def test_payment_settled_under_the_error_key(live: tuple[LiveService, TinyServer], live_client: QPayClient) -> None:
    service, server = live
    service.on(
        "POST",
        f"/v2/payment/cancel/{PAYMENT_ID}",
        Reply(400, {"error": "PAYMENT_SETTLED", "message": "Payment already settled"}),
    )
    with pytest.raises(PaymentStateError) as caught:
        live_client.cancel_payment(PAYMENT_ID)
    assert caught.value.error_code == "PAYMENT_SETTLED"
    sent = calls(server, "POST", f"/v2/payment/cancel/{PAYMENT_ID}")
    assert len(sent) == 1 and sent[0].json() == {}  # POST, as the contract says; DELETE is not needed


def test_system_busy_is_retried(live: tuple[LiveService, TinyServer], live_client: QPayClient) -> None:
    service, server = live
    service.on(
        "POST",
        "/v2/invoice/list",
        Reply(503, {"error": "SYSTEM_BUSY", "message": "busy"}),
        Reply(200, {"count": "1", "rows": [{"invoice_id": INVOICE_ID, "amount": "100.00", "invoice_status": "OPEN"}]}),
    )
    listing = live_client.list_invoices()
    assert listing.count == 1 and listing.rows[0].amount == Decimal("100.00")
    assert len(calls(server, "POST", "/v2/invoice/list")) == 2


def test_422_for_not_found(live: tuple[LiveService, TinyServer], live_client: QPayClient) -> None:
    service, _ = live
    service.on("GET", f"/v2/invoice/{INVOICE_ID}", Reply(422, {"error": "INVOICE_NOTFOUND", "message": "not found"}))
    with pytest.raises(NotFoundError) as caught:
        live_client.get_invoice(INVOICE_ID)
    assert caught.value.status == 422


def test_409_duplicate_on_a_first_create_is_raised(
    live: tuple[LiveService, TinyServer], live_client: QPayClient
) -> None:
    service, _ = live
    service.on("POST", "/v2/invoice", Reply(409, {"message": "sender_invoice_no already used"}))
    with pytest.raises(ConflictError):
        live_client.create_invoice(simple_invoice("T1-DUP"))


def test_409_on_the_resend_after_a_lost_answer_finds_the_first_invoice(
    live: tuple[LiveService, TinyServer], live_client: QPayClient
) -> None:
    service, server = live
    summary = {
        "invoice_id": INVOICE_ID,
        "sender_invoice_no": "T1-DUP",
        "amount": 12500,
        "invoice_status": "OPEN",
        "created_date": "2024-05-01T10:00:00",
    }
    service.on(
        "POST", "/v2/invoice", Reply(drop=True), Reply(409, {"error": "DUPLICATE_INVOICE", "message": "duplicate"})
    )
    # The list lags behind the first time (the first request was still being written).
    service.on(
        "POST", "/v2/invoice/list", Reply(200, {"count": 0, "rows": []}), Reply(200, {"count": 1, "rows": [summary]})
    )
    service.on(
        "GET",
        f"/v2/invoice/{INVOICE_ID}",
        Reply(200, {"invoice_id": INVOICE_ID, "qr_text": "000201...", "qPay_shortUrl": "https://s/1"}),
    )
    created = live_client.create_invoice(simple_invoice("T1-DUP", amount="12500"))
    assert created.invoice_id == INVOICE_ID and created.qr_text and created.recovered
    assert len(calls(server, "POST", "/v2/invoice")) == 2


def test_409_on_the_resend_with_nothing_found_is_an_unknown_outcome(
    live: tuple[LiveService, TinyServer], live_client: QPayClient
) -> None:
    # The 409 says the first request landed; the look-up just did not see it. Never a refusal (the till would
    # mark the sale failed while a payable invoice exists), and never sent a third time.
    service, server = live
    service.on("POST", "/v2/invoice", Reply(drop=True), Reply(409, {"message": "duplicate"}))
    service.on("POST", "/v2/invoice/list", Reply(200, {"count": 0, "rows": []}))
    with pytest.raises(OutcomeUnknownError) as caught:
        live_client.create_invoice(simple_invoice("T1-DUP2"))
    assert not isinstance(caught.value, ConflictError)
    assert len(calls(server, "POST", "/v2/invoice")) == 2


@pytest.mark.parametrize("refusal", [
    Reply(400, {"error": "INVOICE_CODE_INVALID", "message": "bad code"}),
    Reply(429, {"error": "TOO_MANY_REQUESTS", "message": "slow down"}, {"Retry-After": "0"}),
], ids=["400", "429"])
def test_a_refused_resend_after_a_lost_answer_is_outcome_unknown(
    live: tuple[LiveService, TinyServer], live_client: QPayClient, refusal: Reply
) -> None:
    # The first request may still land: the till must keep the sale for recovery, not mark it failed.
    service, server = live
    service.on("POST", "/v2/invoice", Reply(drop=True), refusal)
    service.on("POST", "/v2/invoice/list", Reply(200, {"count": 0, "rows": []}))
    with pytest.raises(OutcomeUnknownError, match="may still land"):
        live_client.create_invoice(simple_invoice("T1-REFUSED"))
    assert len(calls(server, "POST", "/v2/invoice")) >= 2


def test_a_refusal_of_the_one_request_sent_is_raised_as_it_is(
    live: tuple[LiveService, TinyServer], live_client: QPayClient
) -> None:
    service, server = live
    service.on("POST", "/v2/invoice", Reply(400, {"error": "INVOICE_CODE_INVALID", "message": "bad code"}))
    with pytest.raises(InvalidRequestError):
        live_client.create_invoice(simple_invoice("T1-BAD"))
    assert len(calls(server, "POST", "/v2/invoice")) == 1 and not calls(server, "POST", "/v2/invoice/list")


def test_recovered_invoice_from_a_live_get_invoice_without_qr_data(
    live: tuple[LiveService, TinyServer], live_client: QPayClient
) -> None:
    service, _ = live
    summary = {"invoice_id": INVOICE_ID, "sender_invoice_no": "T1-NOQR", "amount": "100.00", "invoice_status": "OPEN"}
    service.on("POST", "/v2/invoice", Reply(drop=True))
    service.on("POST", "/v2/invoice/list", Reply(200, {"count": 1, "rows": [summary]}))
    live_shape = {"invoice_id": INVOICE_ID, "invoice_status": "OPEN", "total_amount": "100.00", "lines": None}
    service.on("GET", f"/v2/invoice/{INVOICE_ID}", Reply(200, live_shape))
    created = live_client.create_invoice(simple_invoice("T1-NOQR", amount="100"))
    # Found, not created twice; the till must see there is no QR to show.
    assert created.recovered and created.invoice_id == INVOICE_ID
    assert created.qr_text is None and not created.has_qr_image


def test_nested_validation_error_under_error(live: tuple[LiveService, TinyServer], live_client: QPayClient) -> None:
    service, _ = live
    nested = {"error": {"message": "Validation error", "fields": {"amount": ["must be a number"]}}}
    service.on("POST", "/v2/invoice", Reply(400, nested))
    with pytest.raises(InvalidRequestError) as caught:
        live_client.create_invoice(simple_invoice())
    assert caught.value.message == "Validation error"
    assert caught.value.details == nested["error"]


def test_unknown_error_code_survives(live: tuple[LiveService, TinyServer], live_client: QPayClient) -> None:
    # An unknown code takes the family of its status class (400: invalid request), its code intact.
    service, _ = live
    service.on("GET", f"/v2/payment/{PAYMENT_ID}", Reply(400, {"error": "BRAND_NEW_RULE", "message": "new"}))
    with pytest.raises(InvalidRequestError) as caught:
        live_client.get_payment(PAYMENT_ID)
    assert caught.value.error_code == "BRAND_NEW_RULE"
    service.on("GET", f"/v2/payment/{PAYMENT_ID}", Reply(418, {"error": "BRAND_NEW_RULE", "message": "new"}))
    with pytest.raises(QPayError) as caught:
        live_client.get_payment(PAYMENT_ID)
    assert type(caught.value) is QPayError and caught.value.error_code == "BRAND_NEW_RULE"


def test_html_error_page_from_a_proxy(live: tuple[LiveService, TinyServer], live_client: QPayClient) -> None:
    service, _ = live
    service.on("GET", f"/v2/payment/{PAYMENT_ID}", Reply(502, "<html><body>Bad gateway</body></html>"))
    with pytest.raises(QPayError) as caught:
        live_client.get_payment(PAYMENT_ID)
    assert caught.value.status == 502 and "Bad gateway" in caught.value.message


def test_answer_that_is_not_json_is_an_invalid_response(
    live: tuple[LiveService, TinyServer], live_client: QPayClient
) -> None:
    from pos_app.qpay import InvalidResponseError

    service, _ = live
    service.on("GET", f"/v2/payment/{PAYMENT_ID}", Reply(200, "SUCCESS"))
    with pytest.raises(InvalidResponseError):
        live_client.get_payment(PAYMENT_ID)
    service.on("GET", f"/v2/payment/{PAYMENT_ID}", Reply(200, {"payment_status": "PAID"}))  # no payment_id
    with pytest.raises(InvalidResponseError, match="payment_id"):
        live_client.get_payment(PAYMENT_ID)


def test_ids_are_quoted_into_one_path_segment(live: tuple[LiveService, TinyServer], live_client: QPayClient) -> None:
    _, server = live
    with pytest.raises(NotFoundError):
        live_client.get_payment("../invoice/x")
    assert calls(server, "GET", "/v2/payment/..%2Finvoice%2Fx")


def test_client_accepts_an_instrumented_session(live: tuple[LiveService, TinyServer]) -> None:
    import requests

    service, server = live
    service.on("POST", "/v2/invoice/list", Reply(200, {"count": 0, "rows": []}))
    sent: list[str] = []

    class CountingSession(requests.Session):
        def request(self, method: str, url: str, *args: Any, **kwargs: Any) -> requests.Response:  # type: ignore[override]
            sent.append(f"{method} {url.removeprefix(server.url)}")
            return super().request(method, url, *args, **kwargs)

    session = CountingSession()
    with QPayClient(server.url, "TEST_MERCHANT", "x", session=session) as client:
        client.list_invoices()
        client.list_invoices()
    assert sent == ["POST /v2/auth/token", "POST /v2/invoice/list", "POST /v2/invoice/list"]
    assert session.adapters  # not closed by the client: the caller owns it
