"""CallbackReceiver: the service's callbacks over real HTTP become hints; anything else is refused.

The sandbox delivers real callbacks (POST from the session sandbox, GET from
one started with ``callback_style="get"``); hand-made requests cover what the
service would never send. No sleeping: hints are awaited on a condition, and
"no hint" is shown by a valid callback sent afterwards arriving first (hints
are handed over in order, one at a time).
"""

from __future__ import annotations

import json
import logging
import socket
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
import requests

from pos_app.checkout.callback_receiver import MAX_BODY_BYTES, CallbackReceiver
from pos_app.qpay import CALLBACK_ACK, CallbackHint, QPayClient
from pos_app.sandbox import SandboxOptions, SandboxServer
from tests.qpay.helpers import (
    FAST_POLICY,
    PASSWORD,
    USERNAME,
    SandboxControl,
    simple_invoice,
    wait_until,
)

WAIT = 10.0  # an upper bound only: every wait returns as soon as its condition holds


class Hints:
    """Collects hints from the receiver's background thread; tests wait on a condition."""

    def __init__(self, fail: bool = False) -> None:
        self.received: list[CallbackHint] = []
        self.threads: list[str] = []
        self.fail = fail
        self._changed = threading.Condition()

    def __call__(self, hint: CallbackHint) -> None:
        with self._changed:
            self.received.append(hint)
            self.threads.append(threading.current_thread().name)
            self._changed.notify_all()
        if self.fail:
            raise RuntimeError("the app's handler broke")

    def wait_for(self, predicate: Callable[[list[CallbackHint]], bool]) -> list[CallbackHint]:
        with self._changed:
            assert self._changed.wait_for(lambda: predicate(self.received), WAIT), self.received
            return list(self.received)

    def wait_for_invoice(self, invoice_id: str) -> list[CallbackHint]:
        return self.wait_for(lambda got: any(h.invoice_id == invoice_id for h in got))


@pytest.fixture
def hints() -> Hints:
    return Hints()


@pytest.fixture
def receiver(hints: Hints) -> Iterator[CallbackReceiver]:
    with CallbackReceiver(on_hint=hints) as running:
        yield running


@pytest.fixture
def http() -> Iterator[requests.Session]:
    session = requests.Session()
    session.trust_env = False  # straight to loopback, whatever proxy the environment names
    yield session
    session.close()


def make_client(base_url: str) -> QPayClient:
    return QPayClient(base_url, USERNAME, PASSWORD, retry_policy=FAST_POLICY, timeout=(2.0, 5.0))


@pytest.fixture
def client(sandbox_server: SandboxServer) -> Iterator[QPayClient]:
    made = make_client(sandbox_server.url)
    yield made
    made.close()


def deliveries_to(control: SandboxControl, url: str) -> list[dict[str, Any]]:
    answer = control.http.get(f"{control.url}/_sandbox/callbacks", timeout=10)
    assert answer.status_code == 200, answer.text
    return [entry for entry in answer.json() if entry["url"] == url]


def no_hint_before_the_next(receiver: CallbackReceiver, hints: Hints, http: requests.Session) -> None:
    """Send a valid callback and wait for it: had anything before it made a hint, it would be first."""
    before = len(hints.received)
    assert http.post(receiver.url, json={"invoice_id": "sentinel"}, timeout=5).status_code == 200
    got = hints.wait_for(lambda got: len(got) > before)
    assert got[before:] == [CallbackHint(invoice_id="sentinel")]


# -- the service's own callbacks -------------------------------------------------------------------------


@pytest.mark.contract_run_only
def test_a_post_callback_from_the_sandbox_becomes_a_hint(
    sandbox_server: SandboxServer, client: QPayClient, receiver: CallbackReceiver, hints: Hints
) -> None:
    control = SandboxControl(sandbox_server.url)
    created = client.create_invoice(simple_invoice(callback_url=receiver.url))
    control.pay(created.invoice_id)

    got = hints.wait_for_invoice(created.invoice_id)
    assert got == [CallbackHint(invoice_id=created.invoice_id)]
    assert hints.threads[0] != threading.main_thread().name

    # The sandbox took the answer as a delivery: one attempt, 200, no retry queued.
    delivered = wait_until(lambda: deliveries_to(control, receiver.url))
    assert [(d["method"], d["status"], d["attempt"]) for d in delivered] == [("POST", 200, 1)]
    assert delivered[0]["json"] == {"invoice_id": created.invoice_id}
    assert "error" not in delivered[0]


def test_a_get_callback_from_a_live_style_sandbox_becomes_a_hint(receiver: CallbackReceiver, hints: Hints) -> None:
    server = SandboxServer(options=SandboxOptions(callback_style="get")).start()
    try:
        control = SandboxControl(server.url)
        with make_client(server.url) as client:
            created = client.create_invoice(simple_invoice(callback_url=receiver.url))
            payment = control.pay(created.invoice_id)

            got = hints.wait_for(lambda got: len(got) >= 1)
            assert got == [CallbackHint(payment_id=payment["payment_id"])]
            # The hint is only an id to look up: the app's check finds the invoice from it.
            assert client.get_payment(got[0].payment_id).object_id == created.invoice_id

        delivered = wait_until(lambda: deliveries_to(control, receiver.url))
        assert [(d["method"], d["status"], d["attempt"]) for d in delivered] == [("GET", 200, 1)]
        assert delivered[0]["params"] == {"qpay_payment_id": payment["payment_id"]}
    finally:
        server.stop()


@pytest.mark.contract_run_only
def test_an_on_hint_that_raises_still_acknowledges_and_keeps_serving(
    sandbox_server: SandboxServer, client: QPayClient, caplog: pytest.LogCaptureFixture
) -> None:
    failing = Hints(fail=True)
    control = SandboxControl(sandbox_server.url)
    with caplog.at_level(logging.ERROR, logger="pos_app.checkout.callback_receiver"), \
            CallbackReceiver(on_hint=failing) as receiver:
        created = client.create_invoice(simple_invoice(callback_url=receiver.url))
        control.pay(created.invoice_id)
        failing.wait_for_invoice(created.invoice_id)
        delivered = wait_until(lambda: deliveries_to(control, receiver.url))
        assert [(d["status"], d["attempt"]) for d in delivered] == [(200, 1)]

        # The hint thread survived the exception: the next callback is handed over too.
        answer = requests.post(receiver.url, json={"invoice_id": "next-one"}, timeout=5)
        assert (answer.status_code, answer.text) == (200, CALLBACK_ACK)
        failing.wait_for_invoice("next-one")
        wait_until(lambda: sum("handler failed" in r.getMessage() for r in caplog.records) >= 2)


# -- the answer ------------------------------------------------------------------------------------------


def test_both_forms_are_answered_with_plain_text_success(
    receiver: CallbackReceiver, hints: Hints, http: requests.Session
) -> None:
    for answer in (
        http.post(receiver.url, json={"invoice_id": "inv-1"}, timeout=5),
        http.get(receiver.url, params={"qpay_payment_id": "480000000000001"}, timeout=5),
        http.get(receiver.url, params={"pay_payment_id": "480000000000002"}, timeout=5),  # the contract's name
    ):
        assert answer.status_code == 200
        assert answer.text == CALLBACK_ACK == "SUCCESS"
        assert answer.headers["Content-Type"].startswith("text/plain")
    assert hints.wait_for(lambda got: len(got) >= 3) == [
        CallbackHint(invoice_id="inv-1"),
        CallbackHint(payment_id="480000000000001"),
        CallbackHint(payment_id="480000000000002"),
    ]


def test_a_duplicate_callback_gives_two_hints(receiver: CallbackReceiver, hints: Hints, http: requests.Session) -> None:
    for _ in range(2):
        assert http.post(receiver.url, json={"invoice_id": "inv-dup"}, timeout=5).status_code == 200
    assert hints.wait_for(lambda got: len(got) >= 2) == [CallbackHint(invoice_id="inv-dup")] * 2


# -- what is refused ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("method", "kwargs", "status"),
    [
        ("POST", {"data": b"not json", "headers": {"Content-Type": "application/json"}}, 400),
        ("POST", {"data": b'["inv-1"]', "headers": {"Content-Type": "application/json"}}, 400),
        ("POST", {"json": {"invoice_id": 12}}, 400),
        ("POST", {"json": {"invoice_id": "../../etc/passwd"}}, 400),
        ("POST", {"json": {"payment_id": "1", "payment_status": "REFUNDED"}}, 400),
        ("POST", {}, 400),  # no body, no query
        ("POST", {"data": b"\xff\xfe", "headers": {"Content-Type": "application/json"}}, 400),
        ("POST", {"data": {"invoice_id": "inv-1"}}, 415),  # a form, not JSON
        ("POST", {"data": b'{"invoice_id": "inv-1"}', "headers": {"Content-Type": "text/html"}}, 415),
        ("GET", {}, 400),  # empty query
        ("GET", {"params": {"qpay_payment_id": ""}}, 400),
        ("GET", {"params": {"qpay_payment_id": "1 2"}}, 400),
        ("GET", {"params": {"payment": "1"}}, 400),
        ("GET", {"json": {"invoice_id": "inv-1"}}, 400),  # the GET form reads the query only
    ],
)
def test_malformed_callbacks_get_400_and_no_hint(
    receiver: CallbackReceiver, hints: Hints, http: requests.Session, method: str, kwargs: dict[str, Any],
    status: int,
) -> None:
    answer = http.request(method, receiver.url, timeout=5, **kwargs)
    assert answer.status_code == status
    assert answer.headers["Content-Type"] == "application/json"
    assert set(answer.json()) == {"error"} and len(answer.text) < 100
    no_hint_before_the_next(receiver, hints, http)


def test_other_paths_are_404(receiver: CallbackReceiver, hints: Hints, http: requests.Session) -> None:
    base = receiver.url.removesuffix("/qpay/callback")
    for url in (base + "/", base + "/qpay/callback/", base + "/qpay/callbackx", base + "/other?qpay_payment_id=1"):
        assert http.get(url, timeout=5).status_code == 404
    assert http.post(base + "/other", json={"invoice_id": "inv-1"}, timeout=5).status_code == 404
    assert http.put(base + "/other", timeout=5).status_code == 404
    no_hint_before_the_next(receiver, hints, http)


def test_other_methods_are_405(receiver: CallbackReceiver, hints: Hints, http: requests.Session) -> None:
    for method in ("PUT", "DELETE", "PATCH", "OPTIONS", "HEAD", "BREW"):
        answer = http.request(method, receiver.url, json={"invoice_id": "inv-1"}, timeout=5)
        assert answer.status_code == 405, method
        assert answer.headers["Allow"] == "GET, POST"
    no_hint_before_the_next(receiver, hints, http)


def test_a_body_over_64_kib_is_refused(receiver: CallbackReceiver, hints: Hints, http: requests.Session) -> None:
    body = json.dumps({"invoice_id": "inv-1", "pad": "x" * (100 * 1024)}).encode()
    answer = http.post(receiver.url, data=body, headers={"Content-Type": "application/json"}, timeout=5)
    assert answer.status_code == 413
    just_fits = json.dumps({"invoice_id": "inv-2", "pad": "x" * (MAX_BODY_BYTES - 40)}).encode()
    assert len(just_fits) <= MAX_BODY_BYTES
    assert http.post(receiver.url, data=just_fits, headers={"Content-Type": "application/json"},
                     timeout=5).status_code == 200
    assert hints.wait_for(lambda got: len(got) >= 1) == [CallbackHint(invoice_id="inv-2")]


def test_the_413_comes_from_the_headers_before_any_body_is_read(receiver: CallbackReceiver) -> None:
    host, port = receiver.host, receiver.port
    with socket.create_connection((host, port), timeout=WAIT) as raw:
        raw.sendall(b"POST /qpay/callback HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                    b"Content-Length: 1073741824\r\n\r\n")  # claims 1 GiB, sends none of it
        answer = raw.recv(4096)
    assert answer.startswith(b"HTTP/1.1 413 ")


def test_a_chunked_body_needs_a_length(receiver: CallbackReceiver, hints: Hints, http: requests.Session) -> None:
    answer = http.post(receiver.url, data=iter([b'{"invoice_id": ', b'"inv-1"}']),
                       headers={"Content-Type": "application/json"}, timeout=5)
    assert answer.status_code == 411
    no_hint_before_the_next(receiver, hints, http)


# -- robustness --------------------------------------------------------------------------------------------


def test_a_hung_client_does_not_block_others(receiver: CallbackReceiver, hints: Hints, http: requests.Session) -> None:
    with socket.create_connection((receiver.host, receiver.port), timeout=WAIT) as hung:
        hung.sendall(b"POST /qpay/callback HTTP/1.1\r\nHost: x\r\nContent-Length: 30\r\n\r\n{\"inv")
        with socket.create_connection((receiver.host, receiver.port), timeout=WAIT) as silent:
            answer = http.post(receiver.url, json={"invoice_id": "inv-ok"}, timeout=5)
            assert (answer.status_code, answer.text) == (200, CALLBACK_ACK)
            assert hints.wait_for(lambda got: len(got) >= 1) == [CallbackHint(invoice_id="inv-ok")]
            assert silent.fileno() >= 0


def test_a_hung_client_is_cut_off_after_the_socket_timeout() -> None:
    with CallbackReceiver(on_hint=Hints(), timeout=0.3) as receiver, \
            socket.create_connection((receiver.host, receiver.port), timeout=WAIT) as hung:
        hung.sendall(b"POST /qpay/callback HTTP/1.1\r\nHost: x\r\n")  # headers never finished
        started = time.monotonic()
        assert hung.recv(4096) == b""  # the server closed it
        assert time.monotonic() - started < WAIT


def test_stop_cuts_open_connections_and_frees_the_port(hints: Hints) -> None:
    receiver = CallbackReceiver(on_hint=hints).start()
    port = receiver.port
    hung = socket.create_connection((receiver.host, port), timeout=WAIT)
    try:
        # One full request first: its answer proves the connection was accepted and is being served
        # (kept alive), so stop() has a live connection to cut, not one still waiting in the backlog.
        hung.sendall(b"GET /qpay/callback?qpay_payment_id=1 HTTP/1.1\r\nHost: x\r\n\r\n")
        first = b""
        while not first.endswith(CALLBACK_ACK.encode()):
            chunk = hung.recv(4096)
            assert chunk, first
            first += chunk
        assert first.startswith(b"HTTP/1.1 200 ")
        hung.sendall(b"GET /qpay/callback?qpay_payment_id=2 HTTP/1.1\r\n")  # never finished
        receiver.stop()
        assert hung.recv(4096) == b""
    finally:
        hung.close()
    receiver.stop()  # twice is fine
    with pytest.raises(RuntimeError):
        _ = receiver.url
    with pytest.raises(requests.ConnectionError):
        requests.get(f"http://127.0.0.1:{port}/qpay/callback?qpay_payment_id=1", timeout=2)


# -- settings, logging ---------------------------------------------------------------------------------------


def test_url_names_loopback_port_and_path(hints: Hints) -> None:
    receiver = CallbackReceiver(on_hint=hints)
    with pytest.raises(RuntimeError):
        _ = receiver.url
    with receiver:
        assert receiver.running
        assert receiver.url == f"http://127.0.0.1:{receiver.port}/qpay/callback" and receiver.port > 0
    assert not receiver.running
    with CallbackReceiver(on_hint=hints, path="/hooks/qpay") as other:
        assert other.url.endswith("/hooks/qpay")
        assert requests.get(other.url, params={"qpay_payment_id": "7"}, timeout=5).status_code == 200
        assert requests.get(other.url.replace("/hooks/qpay", "/qpay/callback"), timeout=5).status_code == 404
        assert hints.wait_for(lambda got: len(got) >= 1) == [CallbackHint(payment_id="7")]
    with pytest.raises(ValueError):
        CallbackReceiver(on_hint=hints, path="qpay/callback")


def test_nothing_on_stderr_and_debug_logs_carry_no_headers_or_query(
    receiver: CallbackReceiver, hints: Hints, http: requests.Session, caplog: pytest.LogCaptureFixture,
    capfd: pytest.CaptureFixture[str],
) -> None:
    secret = "Bearer s3cr3t-token-value"
    with caplog.at_level(logging.DEBUG, logger="pos_app.checkout.callback_receiver"):
        http.get(receiver.url, params={"qpay_payment_id": "480000000000009"}, headers={"Authorization": secret},
                 timeout=5)
        http.post(receiver.url, data=b"nope", headers={"Authorization": secret, "Content-Type": "application/json"},
                  timeout=5)
        http.get(receiver.url.replace("/qpay/callback", "/missing"), headers={"Cookie": secret}, timeout=5)
        with socket.create_connection((receiver.host, receiver.port), timeout=WAIT) as raw:
            raw.sendall(b"GARBAGE " + secret.encode() + b"\r\n\r\n")  # a bad request line
            raw.recv(4096)
        hints.wait_for(lambda got: len(got) >= 1)
        wait_until(lambda: sum(r.getMessage().startswith("callback GET") for r in caplog.records) >= 2)
    text = "\n".join(r.getMessage() for r in caplog.records)
    assert all(r.levelno == logging.DEBUG for r in caplog.records)
    assert "callback GET /qpay/callback -> 200" in text and "callback POST /qpay/callback -> 400" in text
    assert "s3cr3t" not in text and "480000000000009" not in text and "Authorization" not in text
    captured = capfd.readouterr()
    assert captured.err == "" and captured.out == ""


def test_repr_is_short_and_binds_loopback_by_default(receiver: CallbackReceiver) -> None:
    assert receiver.host == "127.0.0.1"
    assert repr(receiver) == f"CallbackReceiver(host='127.0.0.1', port={receiver.port}, path='/qpay/callback', running)"
