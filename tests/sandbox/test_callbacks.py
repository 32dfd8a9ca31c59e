"""Callbacks (contract 6): delivered to a real HTTP receiver on loopback, in the background.

Each test runs its own sandbox: callback delivery is a shared thread pool, and
deliveries queued by other tests' payments (to unreachable URLs) must not
delay or pollute these.
"""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Callable, Iterator
from urllib.parse import parse_qs, urlsplit

import pytest

from pos_app.sandbox import SandboxOptions, SandboxServer
from tests.qpay.helpers import wait_until

from .conftest import Api

WAIT = 10.0  # seconds: an upper bound only, every wait returns as soon as the condition holds


class Receiver:
    """A merchant's callback endpoint: records requests, answers from a script of statuses."""

    def __init__(self, statuses: list[int] | None = None, gate: threading.Event | None = None) -> None:
        self.received: list[dict[str, Any]] = []
        self.arrived = threading.Event()
        self.statuses = list(statuses or [])
        self.gate = gate
        self._changed = threading.Condition()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def _handle(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else b""
                url = urlsplit(self.path)
                with receiver._changed:
                    receiver.received.append({
                        "method": self.command, "path": url.path, "query": parse_qs(url.query),
                        "content_type": self.headers.get("Content-Type"), "body": body})
                    status = receiver.statuses.pop(0) if receiver.statuses else 200
                    receiver._changed.notify_all()
                receiver.arrived.set()
                if receiver.gate is not None:
                    receiver.gate.wait(WAIT)
                payload = b"SUCCESS"
                self.send_response(status)
                self.send_header("Content-Type", "text/plain")
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

            do_GET = do_POST = _handle

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.05},
                                       daemon=True)
        self.thread.start()

    @property
    def url(self) -> str:
        host, port = self.server.server_address[:2]
        return f"http://{host}:{port}"

    def wait_for(self, count: int, path: str | None = None) -> list[dict[str, Any]]:
        """The first `count` requests (to `path`), waiting for them to arrive."""
        def matching() -> list[dict[str, Any]]:
            return [r for r in self.received if path is None or r["path"] == path]
        with self._changed:
            assert self._changed.wait_for(lambda: len(matching()) >= count, WAIT), self.received
            return matching()[:count]

    def close(self) -> None:
        if self.gate is not None:
            self.gate.set()
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def receivers() -> Iterator[Callable[..., Receiver]]:
    made: list[Receiver] = []

    def make(statuses: list[int] | None = None, gate: threading.Event | None = None) -> Receiver:
        made.append(Receiver(statuses, gate))
        return made[-1]

    yield make
    for receiver in made:
        receiver.close()


def _sandbox(style: str = "post") -> Iterator[Api]:
    server = SandboxServer(options=SandboxOptions(callback_style=style)).start()
    api = Api(server.url)
    api.login()
    try:
        yield api
    finally:
        server.stop()


@pytest.fixture
def own() -> Iterator[Api]:
    """A fresh sandbox of its own (POST callbacks, the contract's form), logged in."""
    yield from _sandbox("post")


@pytest.fixture
def own_get_style() -> Iterator[Api]:
    """A fresh sandbox sending the live variant: GET ?qpay_payment_id=."""
    yield from _sandbox("get")


def deliveries(api: Api) -> list[dict[str, Any]]:
    answer = api.control("GET", "/callbacks")
    assert answer.status_code == 200, answer.text
    return answer.json()


def test_payment_callback_posts_the_invoice_id_as_json(own: Api, receivers) -> None:
    receiver = receivers()
    invoice = own.invoice(callback_url=f"{receiver.url}/qpay/callback")
    own.pay(invoice["invoice_id"])

    [request] = receiver.wait_for(1)
    assert request["method"] == "POST"
    assert request["path"] == "/qpay/callback"
    assert request["content_type"].startswith("application/json")
    assert json.loads(request["body"]) == {"invoice_id": invoice["invoice_id"]}

    [record] = wait_until(lambda: deliveries(own))
    assert record["method"] == "POST"
    assert record["url"] == f"{receiver.url}/qpay/callback"
    assert record["attempt"] == 1 and record["status"] == 200


def test_get_style_sandbox_sends_qpay_payment_id_in_the_query(own_get_style: Api, receivers) -> None:
    receiver = receivers()
    invoice = own_get_style.invoice(callback_url=f"{receiver.url}/cb?order=77")
    payment = own_get_style.pay(invoice["invoice_id"])

    [request] = receiver.wait_for(1)
    assert request["method"] == "GET"
    assert request["path"] == "/cb"
    assert request["query"] == {"order": ["77"], "qpay_payment_id": [payment["payment_id"]]}
    assert request["body"] == b""


def test_callback_is_retried_until_the_receiver_answers_200(own: Api, receivers) -> None:
    receiver = receivers(statuses=[500, 500])
    invoice = own.invoice(callback_url=f"{receiver.url}/flaky")
    own.pay(invoice["invoice_id"])

    requests_seen = receiver.wait_for(3)
    assert [json.loads(r["body"]) for r in requests_seen] == [{"invoice_id": invoice["invoice_id"]}] * 3

    records = wait_until(lambda: [r for r in deliveries(own) if r.get("status") == 200] and deliveries(own))
    assert [(r["attempt"], r["status"]) for r in records] == [(1, 500), (2, 500), (3, 200)]
    assert [r["time"] for r in records] == sorted(r["time"] for r in records)
    assert len(receiver.received) == 3


def test_callback_delivery_gives_up_after_four_attempts(own: Api, receivers) -> None:
    receiver = receivers(statuses=[503] * 10)
    invoice = own.invoice(callback_url=f"{receiver.url}/down")
    own.pay(invoice["invoice_id"])

    receiver.wait_for(4)
    records = wait_until(lambda: len(deliveries(own)) >= 4 and deliveries(own))
    assert [(r["attempt"], r["status"]) for r in records] == [(1, 503), (2, 503), (3, 503), (4, 503)]


def test_unreachable_callback_url_is_recorded_as_an_error(own: Api) -> None:
    invoice = own.invoice(callback_url="http://127.0.0.1:9/nobody-listens")
    own.pay(invoice["invoice_id"])
    first = wait_until(lambda: deliveries(own))[0]
    assert first["attempt"] == 1
    assert "status" not in first and first["error"]


def test_pay_returns_before_a_slow_receiver_answers(own: Api, receivers) -> None:
    gate = threading.Event()
    receiver = receivers(gate=gate)
    invoice = own.invoice(callback_url=f"{receiver.url}/slow")

    payment = own.pay(invoice["invoice_id"])  # returns while the receiver may still hold the callback
    assert payment["payment_status"] == "PAID"
    assert receiver.arrived.wait(WAIT)  # the callback is being delivered ...
    assert not gate.is_set()  # ... and the receiver has not answered yet
    assert own.call("POST", "/v2/payment/check", {"object_type": "INVOICE",
                                                  "object_id": invoice["invoice_id"]}).json()["count"] == 1
    assert deliveries(own) == []  # no attempt finished

    gate.set()
    [record] = wait_until(lambda: deliveries(own))
    assert record["status"] == 200


@pytest.mark.parametrize("operation,status", [("refund", "REFUNDED"), ("cancel", "CANCELLED")])
def test_card_refund_or_cancel_notifies_the_callback_url_in_its_body(own: Api, receivers, operation: str,
                                                                     status: str) -> None:
    receiver = receivers()
    invoice = own.invoice(callback_url=f"{receiver.url}/paid")
    card = own.pay(invoice["invoice_id"], transaction_type="CARD")
    receiver.wait_for(1, "/paid")

    answer = own.call("POST", f"/v2/payment/{operation}/{card['payment_id']}",
                      {"callback_url": f"{receiver.url}/reversed", "note": "wrong item"})
    assert answer.status_code == 200, answer.text

    [request] = receiver.wait_for(1, "/reversed")
    assert request["method"] == "POST"
    assert json.loads(request["body"]) == {"payment_id": card["payment_id"], "payment_status": status}


def test_reset_stops_callbacks_queued_before_it(own: Api, receivers) -> None:
    receiver = receivers(statuses=[503] * 10)
    invoice = own.invoice(callback_url=f"{receiver.url}/down")
    own.pay(invoice["invoice_id"])
    receiver.wait_for(1)
    assert own.control("POST", "/reset").status_code == 200
    # A later callback proves the pool went on working; none of the old retries was recorded.
    own.login()
    fresh = receivers()
    second = own.invoice(callback_url=f"{fresh.url}/up")
    own.pay(second["invoice_id"])
    fresh.wait_for(1)
    records = wait_until(lambda: deliveries(own))
    assert [r["url"] for r in records] == [f"{fresh.url}/up"]
    assert len(receiver.received) <= 2  # at most the try under way when the reset came
