"""Retries for reads, and no blind repeats for money moves, over real HTTP with injected faults."""

from __future__ import annotations

import socket
from collections.abc import Callable, Iterator
from decimal import Decimal

import pytest

from pos_app.qpay import (
    APIConnectionError,
    OutcomeUnknownError,
    QPayClient,
    RateLimitError,
    RetryPolicy,
    ServerError,
)
from pos_app.sandbox import SandboxServer

from .helpers import FAST_POLICY, ForwardingProxy, SandboxControl, Seen, SleepRecorder, simple_invoice

# -- reads and checks are retried -----------------------------------------------------------------


def test_429_with_retry_after_is_waited_out_and_retried(
    client: QPayClient, sandbox: SandboxControl, sleeps: SleepRecorder
) -> None:
    client.authenticate()
    sandbox.fault("/v2/invoice/list", status=429, retry_after=2, count=1)
    assert client.list_invoices().count == 0
    assert sandbox.count("/v2/invoice/list") == 2
    assert sleeps.delays and sleeps.delays[0] >= 2.0  # Retry-After honoured as a minimum


def test_429_asking_for_too_long_a_wait_is_raised_with_retry_after(
    client: QPayClient, sandbox: SandboxControl, sleeps: SleepRecorder
) -> None:
    client.authenticate()
    sandbox.fault("/v2/invoice/list", status=429, retry_after=120, count=1)
    with pytest.raises(RateLimitError) as caught:
        client.list_invoices()
    assert caught.value.retry_after == 120 and caught.value.error_code == "TOO_MANY_REQUESTS"
    assert sleeps.delays == []


@pytest.mark.parametrize("status", [500, 502, 503, 504])
def test_5xx_then_success(client: QPayClient, sandbox: SandboxControl, status: int) -> None:
    created = client.create_invoice(simple_invoice())
    sandbox.fault(f"/v2/invoice/{created.invoice_id}", status=status, count=2)
    assert client.get_invoice(created.invoice_id).invoice_id == created.invoice_id
    assert sandbox.count(f"/v2/invoice/{created.invoice_id}") == 3


def test_5xx_that_persists_gives_up_after_max_attempts(
    client: QPayClient, sandbox: SandboxControl, sleeps: SleepRecorder
) -> None:
    client.authenticate()
    sandbox.fault("/v2/payment/check", status=503, count=10)
    with pytest.raises(ServerError) as caught:
        client.check_payment("some-invoice")
    assert caught.value.error_code == "SYSTEM_BUSY" and caught.value.status == 503
    assert sandbox.count("/v2/payment/check") == FAST_POLICY.max_attempts
    assert len(sleeps.delays) == FAST_POLICY.max_attempts - 1
    assert sleeps.delays == sorted(sleeps.delays)  # backing off


def test_login_is_retried_too(client: QPayClient, sandbox: SandboxControl) -> None:
    sandbox.fault("/v2/auth/token", status=503, count=1)
    client.list_invoices()
    assert sandbox.count("/v2/auth/token") == 2


def test_dropped_connection_on_a_read_is_retried(client: QPayClient, sandbox: SandboxControl) -> None:
    client.authenticate()
    sandbox.fault("/v2/invoice/list", drop=True, count=2)
    assert client.list_invoices().count == 0
    assert sandbox.count("/v2/invoice/list") == 3


def test_nothing_listening_is_a_connection_error(make_client: Callable[..., QPayClient], sleeps: SleepRecorder) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    client = make_client(base_url=f"http://127.0.0.1:{port}")
    with pytest.raises(APIConnectionError) as caught:
        client.list_invoices()
    assert type(caught.value) is APIConnectionError  # nothing was sent: the outcome is known
    assert caught.value.status is None
    assert len(sleeps.delays) == FAST_POLICY.max_attempts - 1


# -- create-invoice: never a second invoice ------------------------------------------------------------


def invoices_in_sandbox(client: QPayClient, number: str) -> int:
    return client.list_invoices(sender_invoice_no=number).count


def test_429_on_create_is_resent_because_nothing_was_done(client: QPayClient, sandbox: SandboxControl) -> None:
    client.authenticate()
    sandbox.fault("/v2/invoice", status=429, retry_after=0, count=1)
    client.create_invoice(simple_invoice("T1-429"))
    assert sandbox.count("/v2/invoice", "POST") == 2
    assert sandbox.count("/v2/invoice/list") == 0  # no look-up needed
    assert invoices_in_sandbox(client, "T1-429") == 1


@pytest.mark.parametrize("status", [500, 503])
def test_5xx_on_create_is_looked_up_before_the_one_resend(
    client: QPayClient, sandbox: SandboxControl, status: int
) -> None:
    client.authenticate()
    sandbox.fault("/v2/invoice", status=status, count=1)
    created = client.create_invoice(simple_invoice("T1-5XX"))
    assert sandbox.count("/v2/invoice", "POST") == 2
    assert sandbox.count("/v2/invoice/list") == 1, sandbox.requests_seen()
    assert invoices_in_sandbox(client, "T1-5XX") == 1
    assert client.get_invoice(created.invoice_id).sender_invoice_no == "T1-5XX"


def test_connection_dropped_before_processing_creates_one_invoice(client: QPayClient, sandbox: SandboxControl) -> None:
    client.authenticate()
    sandbox.fault("/v2/invoice", drop=True, count=1)
    client.create_invoice(simple_invoice("T1-DROP"))
    assert invoices_in_sandbox(client, "T1-DROP") == 1
    assert sandbox.count("/v2/invoice", "POST") == 2  # dropped, looked up, sent once more


@pytest.fixture
def proxy_factory(sandbox_server: SandboxServer) -> Iterator[Callable[..., ForwardingProxy]]:
    proxies: list[ForwardingProxy] = []

    def make(**predicates: Callable[[Seen], bool]) -> ForwardingProxy:
        proxy = ForwardingProxy(sandbox_server.url, **predicates).start()
        proxies.append(proxy)
        return proxy

    yield make
    for proxy in proxies:
        proxy.stop()


def is_create(seen: Seen) -> bool:
    return seen.method == "POST" and seen.path == "/v2/invoice"


def first_only(predicate: Callable[[Seen], bool]) -> Callable[[Seen], bool]:
    """True for the first request matching *predicate*, False afterwards."""
    matched: list[Seen] = []

    def check(seen: Seen) -> bool:
        if predicate(seen) and not matched:
            matched.append(seen)
            return True
        return False

    return check


def test_read_timeout_on_a_read_is_retried(
    make_client: Callable[..., QPayClient], sandbox: SandboxControl, proxy_factory: Callable[..., ForwardingProxy]
) -> None:
    proxy = proxy_factory(hold_answer=first_only(lambda seen: seen.path == "/v2/invoice/list"))
    client = make_client(base_url=proxy.url, timeout=(2.0, 0.3))
    assert client.list_invoices().count == 0
    assert sandbox.count("/v2/invoice/list") == 2


def test_read_timeout_on_create_returns_the_created_invoice(
    make_client: Callable[..., QPayClient], sandbox: SandboxControl, proxy_factory: Callable[..., ForwardingProxy]
) -> None:
    proxy = proxy_factory(hold_answer=first_only(is_create))  # created, but the answer comes too late
    client = make_client(base_url=proxy.url, timeout=(2.0, 0.3))
    created = client.create_invoice(simple_invoice("T1-SLOW"))
    assert created.recovered
    assert sandbox.count("/v2/invoice", "POST") == 1
    assert invoices_in_sandbox(client, "T1-SLOW") == 1


def test_answer_lost_after_creation_returns_that_invoice_without_resending(
    make_client: Callable[..., QPayClient], sandbox: SandboxControl, proxy_factory: Callable[..., ForwardingProxy]
) -> None:
    proxy = proxy_factory(drop_answer=is_create)  # the service creates it; the answer never arrives
    client = make_client(base_url=proxy.url)
    created = client.create_invoice(simple_invoice("T1-LOST", amount="12500.50"))
    assert sandbox.count("/v2/invoice", "POST") == 1  # never sent twice
    assert invoices_in_sandbox(client, "T1-LOST") == 1
    invoice = client.get_invoice(created.invoice_id)
    assert invoice.sender_invoice_no == "T1-LOST"
    # The rebuilt answer has what the till needs to show the QR.
    assert created.recovered
    assert created.qr_text == invoice.qr_text and created.qr_text
    assert created.has_qr_image and created.qPay_shortUrl and created.urls


def test_sandbox_dropping_the_answer_after_creation_leaves_exactly_one_invoice(
    client: QPayClient, sandbox: SandboxControl
) -> None:
    # The sandbox's own fault: it creates the invoice, then closes the socket unanswered.
    sandbox.fault("/v2/invoice", method="POST", drop=True, after_processing=True)
    created = client.create_invoice(simple_invoice("T1-DROPPED"))
    assert created.recovered
    assert sandbox.count("/v2/invoice", "POST") == 1
    assert invoices_in_sandbox(client, "T1-DROPPED") == 1


def test_reconcile_waits_before_looking_up(
    make_client: Callable[..., QPayClient], proxy_factory: Callable[..., ForwardingProxy], sleeps: SleepRecorder
) -> None:
    proxy = proxy_factory(drop_answer=is_create)
    client = make_client(base_url=proxy.url, retry_policy=RetryPolicy(base_delay=0.01, reconcile_delays=(1.5, 3.0)))
    client.create_invoice(simple_invoice("T1-WAIT"))
    assert sleeps.delays == [1.5]  # found at the first look-up, after the first wait


def test_request_lost_twice_is_outcome_unknown_and_never_sent_a_third_time(
    make_client: Callable[..., QPayClient], sandbox: SandboxControl, proxy_factory: Callable[..., ForwardingProxy]
) -> None:
    proxy = proxy_factory(forward=lambda seen: not is_create(seen))
    client = make_client(base_url=proxy.url)
    with pytest.raises(OutcomeUnknownError):
        client.create_invoice(simple_invoice("T1-GONE"))
    assert sum(1 for seen in proxy.seen if is_create(seen)) == 2
    assert sandbox.count("/v2/invoice/list") == 2  # looked up after each loss
    assert invoices_in_sandbox(client, "T1-GONE") == 0


def test_failed_look_up_is_outcome_unknown_and_nothing_is_resent(
    make_client: Callable[..., QPayClient], sandbox: SandboxControl, proxy_factory: Callable[..., ForwardingProxy]
) -> None:
    proxy = proxy_factory(drop_answer=is_create)
    client = make_client(base_url=proxy.url)
    client.authenticate()
    sandbox.fault("/v2/invoice/list", status=500, count=50)
    with pytest.raises(OutcomeUnknownError, match="look it up"):
        client.create_invoice(simple_invoice("T1-BLIND"))
    assert sandbox.count("/v2/invoice", "POST") == 1
    sandbox.clear_faults()
    found = client.find_invoice("T1-BLIND")  # what the till does next
    assert found is not None and found.qr_text


def test_lookup_ignores_cancelled_and_other_amounts(client: QPayClient) -> None:
    old = client.create_invoice(simple_invoice("T1-SAME", amount="100"))
    client.cancel_invoice(old.invoice_id)
    assert client.find_invoice("T1-SAME") is None
    other = client.create_invoice(simple_invoice("T1-SAME", amount="200"))
    assert client.find_invoice("T1-SAME", amount=None).invoice_id == other.invoice_id  # type: ignore[union-attr]
    assert client.find_invoice("T1-SAME", amount=Decimal("100")) is None


# -- cancel and refund: re-read the payment instead of resending ------------------------------------------


def is_reversal(seen: Seen) -> bool:
    return seen.method == "POST" and seen.path.startswith(("/v2/payment/cancel/", "/v2/payment/refund/"))


@pytest.mark.contract_run_only
@pytest.mark.parametrize(("action", "final"), [("cancel_payment", "CANCELLED"), ("refund_payment", "REFUNDED")])
def test_lost_answer_on_reversal_reads_the_payment(
    make_client: Callable[..., QPayClient],
    sandbox: SandboxControl,
    proxy_factory: Callable[..., ForwardingProxy],
    action: str,
    final: str,
) -> None:
    proxy = proxy_factory(drop_answer=is_reversal)
    client = make_client(base_url=proxy.url)
    created = client.create_invoice(simple_invoice())
    payment_id = sandbox.pay(created.invoice_id, transaction_type="CARD")["payment_id"]
    assert getattr(client, action)(payment_id) is None  # done, as the re-read shows
    assert sandbox.count_prefix("/v2/payment/cancel/") + sandbox.count_prefix("/v2/payment/refund/") == 1
    assert client.get_payment(payment_id).status == final


@pytest.mark.parametrize("action", ["cancel_payment", "refund_payment"])
def test_reversal_lost_on_the_way_is_outcome_unknown_not_resent(
    make_client: Callable[..., QPayClient],
    sandbox: SandboxControl,
    proxy_factory: Callable[..., ForwardingProxy],
    action: str,
) -> None:
    proxy = proxy_factory(forward=lambda seen: not is_reversal(seen))
    client = make_client(base_url=proxy.url)
    created = client.create_invoice(simple_invoice())
    payment_id = sandbox.pay(created.invoice_id, transaction_type="CARD")["payment_id"]
    with pytest.raises(OutcomeUnknownError, match="still PAID"):
        getattr(client, action)(payment_id)
    assert sum(1 for seen in proxy.seen if is_reversal(seen)) == 1
    assert sandbox.count(f"/v2/payment/{payment_id}", "GET") == 1


def test_reversal_with_5xx_reads_the_payment(client: QPayClient, sandbox: SandboxControl) -> None:
    created = client.create_invoice(simple_invoice())
    payment_id = sandbox.pay(created.invoice_id, transaction_type="CARD")["payment_id"]
    sandbox.fault("/v2/payment/refund/", status=500, count=1)  # refused before any work
    with pytest.raises(OutcomeUnknownError):
        client.refund_payment(payment_id)
    assert sandbox.count(f"/v2/payment/refund/{payment_id}") == 1


def test_cancel_invoice_lost_answer_is_checked(
    make_client: Callable[..., QPayClient], sandbox: SandboxControl, proxy_factory: Callable[..., ForwardingProxy]
) -> None:
    proxy = proxy_factory(drop_answer=lambda seen: seen.method == "DELETE")
    client = make_client(base_url=proxy.url)
    created = client.create_invoice(simple_invoice())
    client.cancel_invoice(created.invoice_id)
    assert sandbox.count(f"/v2/invoice/{created.invoice_id}", "DELETE") == 1
    assert client.get_invoice(created.invoice_id).status == "CANCELLED"


def test_create_ebarimt_lost_answer_is_not_resent(
    make_client: Callable[..., QPayClient], sandbox: SandboxControl, proxy_factory: Callable[..., ForwardingProxy]
) -> None:
    proxy = proxy_factory(drop_answer=lambda seen: seen.path == "/v2/ebarimt_v3/create")
    client = make_client(base_url=proxy.url)
    created = client.create_invoice(simple_invoice())
    payment_id = sandbox.pay(created.invoice_id)["payment_id"]
    with pytest.raises(OutcomeUnknownError):
        client.create_ebarimt(payment_id)
    assert sandbox.count("/v2/ebarimt_v3/create") == 1
