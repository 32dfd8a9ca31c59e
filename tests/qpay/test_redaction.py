"""No token, password or Authorization value in logs, exception messages or reprs, over a whole flow."""

from __future__ import annotations

import base64
import logging
import socket
import traceback
from collections.abc import Iterator

import pytest

from pos_app.qpay import QPayClient, QPayError, RetryPolicy
from pos_app.qpay.redaction import Secret, redact
from pos_app.sandbox import SandboxServer
from pos_app.sandbox.merchants import Merchant

from .helpers import SandboxControl, SleepRecorder, simple_invoice

USERNAME = "REDACT_MERCHANT"
PASSWORD = "Pa55-w0rd-that-must-not-leak"
INVOICE_CODE = "REDACT_INVOICE"
POLICY = RetryPolicy(base_delay=0.001, max_delay=0.002, reconcile_delays=(0.0,))


@pytest.fixture(scope="module")
def redaction_sandbox() -> Iterator[SandboxServer]:
    # Its own merchant, so that the password is a string no random id can contain.
    merchant = Merchant(username=USERNAME, password=PASSWORD, invoice_codes=[INVOICE_CODE])
    from pos_app.sandbox import SandboxOptions

    server = SandboxServer(options=SandboxOptions(merchants=[merchant])).start()
    yield server
    server.stop()


def exception_texts(error: BaseException) -> list[str]:
    """str and repr of the error and of every error chained to it."""
    texts: list[str] = []
    current: BaseException | None = error
    while current is not None:
        texts += [str(current), repr(current)]
        current = current.__cause__ or current.__context__
    return texts


def test_whole_flow_leaks_nothing(redaction_sandbox: SandboxServer, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)  # root: pos_app.qpay, urllib3 and everything else
    caplog.set_level(logging.DEBUG, logger="urllib3")  # restored after the test, unlike setLevel
    redaction_sandbox.reset()
    control = SandboxControl(redaction_sandbox.url)
    client = QPayClient(redaction_sandbox.url, USERNAME, PASSWORD, retry_policy=POLICY, sleep=SleepRecorder())
    secrets: set[str] = {PASSWORD, base64.b64encode(f"{USERNAME}:{PASSWORD}".encode()).decode()}
    texts: list[str] = []

    pair = client.authenticate()
    secrets |= {pair.access_token, pair.refresh_token or ""}
    texts += [repr(pair), str(pair)]
    created = client.create_invoice(simple_invoice("R-1", invoice_code=INVOICE_CODE))
    client.get_invoice(created.invoice_id)
    payment = control.pay(created.invoice_id)
    client.paid_state(created.invoice_id)
    client.get_payment(payment["payment_id"])

    refreshed = client.refresh()
    secrets |= {refreshed.access_token, refreshed.refresh_token or ""}

    control.fault("/v2/invoice/list", status=429, retry_after=0, count=1)
    client.list_invoices()
    control.advance_clock(601)  # 401 on the held token, then a new login
    client.check_payment(created.invoice_id)
    secrets.add(client.tokens.access_token())

    failures: list[BaseException] = []
    for action in (
        lambda: client.refund_payment(payment["payment_id"]),  # P2P: PAYMENT_SETTLED
        lambda: client.get_invoice("no-such-invoice"),
        lambda: QPayClient(redaction_sandbox.url, USERNAME, "wrong-" + PASSWORD, retry_policy=POLICY).authenticate(),
        lambda: client._transport.request(
            "POST", "/v2/auth/refresh", authorization=f"Bearer {pair.refresh_token}", safe_to_repeat=False
        ),
    ):
        with pytest.raises(QPayError) as caught:
            action()
        failures.append(caught.value)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    offline = QPayClient(f"http://127.0.0.1:{port}", USERNAME, PASSWORD, retry_policy=POLICY, sleep=SleepRecorder())
    with pytest.raises(QPayError) as caught:
        offline.list_invoices()
    failures.append(caught.value)

    tracebacks = ["".join(traceback.format_exception(failure)) for failure in failures]
    for failure in failures:
        texts += exception_texts(failure)
    texts += [
        repr(client),
        str(client),
        repr(client.tokens),
        repr(vars(client)),
        repr(offline),
        repr(vars(client.tokens)),
    ]
    texts += [record.getMessage() for record in caplog.records]
    texts += [caplog.text]

    assert caplog.records, "the flow was logged"
    assert any(record.name == "pos_app.qpay" for record in caplog.records)
    assert any(record.name.startswith("urllib3") for record in caplog.records)
    everything = "\n".join(texts)
    # Formatted tracebacks quote source lines (which spell "Bearer {token}"), never values.
    with_tracebacks = everything + "\n".join(tracebacks)
    for secret in secrets:
        assert secret and secret not in with_tracebacks
    assert "eyJ" not in with_tracebacks
    assert "Basic " not in everything
    assert "Bearer " not in everything
    assert repr(client) == f"QPayClient(base_url={redaction_sandbox.url!r}, username={USERNAME!r})"
    client.close()
    offline.close()


def test_redact_masks_tokens_and_authorization_values() -> None:
    text = "Authorization: Bearer eyJhbGciOi.eyJzdWIi.c2ln and Basic VEVTVDoxMjM= and eyJx.eyJy.z"
    masked = redact(text)
    assert "eyJ" not in masked and "VEVTVDoxMjM=" not in masked
    assert "Bearer" not in masked and "Basic" not in masked


def test_redact_masks_a_token_cut_short() -> None:
    """An answer cut off inside a token (found by tests/qpay/test_response_properties.py): its header and payload,
    or the payload alone, are masked too."""
    token = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJURVNUX01FUkNIQU5UIn0.c2lnbmF0dXJl"
    header_and_payload = token.rsplit(".", 1)[0]
    payload = token.split(".")[1]
    for text in (f'{{"detail": "token {header_and_payload}', f"payload {payload} seen", f"{header_and_payload}."):
        masked = redact(text)
        assert payload not in masked and "eyJ" not in masked, masked


def test_secret_hides_its_value() -> None:
    secret = Secret("hunter2")
    assert "hunter2" not in repr(secret) and "hunter2" not in str(secret) and "hunter2" not in f"{secret}"
    assert secret.reveal() == "hunter2"
    with pytest.raises(TypeError):
        import pickle

        pickle.dumps(secret)
