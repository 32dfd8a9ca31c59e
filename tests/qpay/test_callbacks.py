"""Callbacks are hints: both forms become the verification calls; nothing is trusted without them."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator

import pytest

from pos_app.qpay import (
    CALLBACK_ACK,
    FullInvoice,
    NotFoundError,
    PaidState,
    QPayClient,
    parse_callback,
    verify_callback,
)
from pos_app.sandbox import SandboxOptions, SandboxServer

from .helpers import Reply, SandboxControl, Seen, TinyServer, simple_invoice

# -- reading the callback ------------------------------------------------------------------------------


def test_post_form_body_as_bytes_str_or_mapping() -> None:
    for body in (b'{"invoice_id": "inv-1"}', '{"invoice_id": "inv-1"}', {"invoice_id": "inv-1"}):
        hint = parse_callback(body=body)
        assert hint.invoice_id == "inv-1" and hint.payment_id is None


@pytest.mark.parametrize(
    "query",
    [
        "qpay_payment_id=480000000000001",
        "?qpay_payment_id=480000000000001",
        {"qpay_payment_id": ["480000000000001"]},
        {"pay_payment_id": "480000000000001"},
    ],
)
def test_get_form_query_in_any_shape(query: object) -> None:
    hint = parse_callback(query=query)  # type: ignore[arg-type]
    assert hint.payment_id == "480000000000001" and hint.invoice_id is None


@pytest.mark.parametrize(
    ("body", "query"),
    [
        (None, None),
        (b"not json", None),
        (b"[1, 2]", None),
        (b'{"invoice_id": 12}', None),
        (b'{"invoice_id": "../../etc/passwd"}', None),
        (b'{"invoice_id": ""}', None),
        (b'{"other": "x"}', None),
        (None, "qpay_payment_id="),
        (None, "qpay_payment_id=1%202"),
        (None, "payment=1"),
    ],
)
def test_malformed_callbacks_are_refused(body: bytes | None, query: str | None) -> None:
    with pytest.raises(ValueError):
        parse_callback(body=body, query=query)


# -- verifying for real ----------------------------------------------------------------------------------


@pytest.fixture
def receiver() -> Iterator[TinyServer]:
    """The merchant's callback endpoint: answers SUCCESS, records what arrived."""
    server = TinyServer(lambda seen: Reply(200, CALLBACK_ACK)).start()
    yield server
    server.stop()


@pytest.mark.contract_run_only
def test_post_callback_from_the_sandbox_is_verified(
    client: QPayClient, sandbox: SandboxControl, receiver: TinyServer
) -> None:
    created = client.create_invoice(simple_invoice(callback_url=f"{receiver.url}/qpay/callback"))
    sandbox.pay(created.invoice_id)
    seen = receiver.wait_for(lambda seen: len(seen) >= 1)[0]
    assert seen.method == "POST" and json.loads(seen.body) == {"invoice_id": created.invoice_id}
    result = verify_callback(client, body=seen.body)
    assert result.invoice_id == created.invoice_id and result.is_paid
    assert sandbox.count("/v2/payment/check") == 1  # the verification call was made


@pytest.fixture(scope="module")
def get_style_sandbox() -> Iterator[SandboxServer]:
    server = SandboxServer(options=SandboxOptions(callback_style="get")).start()
    yield server
    server.stop()


def test_get_callback_from_the_sandbox_is_verified(
    get_style_sandbox: SandboxServer, make_client: Callable[..., QPayClient], receiver: TinyServer
) -> None:
    get_style_sandbox.reset()
    control = SandboxControl(get_style_sandbox.url)
    client = make_client(base_url=get_style_sandbox.url)
    created = client.create_invoice(simple_invoice(callback_url=f"{receiver.url}/qpay/callback"))
    payment = control.pay(created.invoice_id)
    seen: Seen = receiver.wait_for(lambda seen: len(seen) >= 1)[0]
    assert seen.method == "GET" and seen.query == f"qpay_payment_id={payment['payment_id']}"
    result = verify_callback(client, query=seen.query)
    assert result.payment_id == payment["payment_id"]
    assert result.invoice_id == created.invoice_id and result.is_paid
    assert control.count(f"/v2/payment/{payment['payment_id']}") == 1
    assert control.count("/v2/payment/check") == 1


def test_a_forged_callback_for_an_unpaid_invoice_is_not_paid(client: QPayClient) -> None:
    created = client.create_invoice(simple_invoice())
    result = verify_callback(client, body={"invoice_id": created.invoice_id})
    assert result.verdict.state == PaidState.UNPAID and not result.is_paid


def test_a_callback_after_a_partial_payment_is_partial(client: QPayClient, sandbox: SandboxControl) -> None:
    created = client.create_invoice(FullInvoice(**simple_invoice(amount="10000").model_dump(), allow_partial=True))
    sandbox.pay(created.invoice_id, amount=4000)
    result = verify_callback(client, body={"invoice_id": created.invoice_id})
    assert result.verdict.state == PaidState.PARTIAL


def test_a_callback_for_an_unknown_payment_fails_verification(client: QPayClient) -> None:
    with pytest.raises(NotFoundError):
        verify_callback(client, query="qpay_payment_id=999999999999999")


def test_invoice_amount_can_be_given_to_save_a_call(client: QPayClient, sandbox: SandboxControl) -> None:
    from decimal import Decimal

    created = client.create_invoice(simple_invoice(amount="12500"))
    sandbox.pay(created.invoice_id)
    result = verify_callback(client, body={"invoice_id": created.invoice_id}, invoice_amount=Decimal("12500"))
    assert result.is_paid
    assert sandbox.count(f"/v2/invoice/{created.invoice_id}", "GET") == 0
