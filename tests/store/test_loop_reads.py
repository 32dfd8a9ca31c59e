"""The tills' polls sent to QPay from the store's event loop (`store/loop_reads.py`): answered as the worker
threads answer them, a refused token renewed once, silence an unknown outcome (never a refusal), an unreadable
answer a bad gateway, and the worker's way behind a proxy."""

from __future__ import annotations

import asyncio
import json
import socket
from decimal import Decimal
from typing import Any

import pytest
import requests

from pos_app.qpay import APIConnectionError, InvalidResponseError, NotFoundError, OutcomeUnknownError, QPayClient
from pos_app.store.jsonio import exact_json_bytes
from pos_app.store.loop_reads import LoopReads, TokenRefused
from pos_app.store.server import StoreServer
from tests.qpay.helpers import Reply, Routes, TinyServer

from .helpers import PASSWORD, USERNAME, running_shop, simple_invoice


class FrozenClock:
    """The store's monotonic clock held still: the QPay session's row, once read, stays in hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class Till:
    """A till polling the store as its client does, each answer kept whole (status, headers, body)."""

    def __init__(self, shop: Any, name: str) -> None:
        self.url = shop.store.url
        self.client = shop.client(name)
        self.token = self.client.tokens.access_token()

    def poll(self, invoice_id: str) -> requests.Response:
        return requests.post(f"{self.url}/v2/payment/check", json={"object_type": "INVOICE", "object_id": invoice_id},
                             headers={"Authorization": f"Bearer {self.token}"}, timeout=30)


def qpay_logins(shop: Any) -> int:
    return len([r for r in shop.sandbox_requests() if r.get("path") == "/v2/auth/token"])


def test_polls_are_answered_from_the_event_loop_as_the_worker_threads_answer_them(store_db_url: str) -> None:
    with running_shop(store_db_url, ("T1",), clock=FrozenClock()) as shop:
        t1 = shop.client("T1")
        created = t1.create_invoice(simple_invoice("T1-20261128-000001", 1500))
        shop.pay(created.invoice_id)
        reads = shop.store.context.upstream.loop_reads
        before = reads.calls
        assert t1.paid_state(created.invoice_id, Decimal(1500)).is_paid
        token = t1.tokens.access_token()
        on_loop = requests.get(f"{shop.store.url}/v2/invoice/{created.invoice_id}",
                               headers={"Authorization": f"Bearer {token}"}, timeout=30)
        assert on_loop.status_code == 200 and on_loop.headers["content-type"] == "application/json"
        assert reads.calls >= before + 2
        on_worker = exact_json_bytes(shop.store.context.upstream.call("GET", f"/v2/invoice/{created.invoice_id}",
                                                                      safe_to_repeat=True))
        assert json.loads(on_loop.content, parse_float=Decimal) == json.loads(on_worker, parse_float=Decimal)
        # Another till's invoice is still not found, on the loop as on a worker.
        shop.add_till("T2")
        with pytest.raises(NotFoundError):
            shop.client("T2").check_payment(created.invoice_id)


def test_a_token_qpay_refuses_on_a_poll_is_renewed_once_and_the_poll_answered(store_db_url: str) -> None:
    with running_shop(store_db_url, ("T1",), clock=FrozenClock()) as shop:
        till = Till(shop, "T1")
        created = till.client.create_invoice(simple_invoice("T1-20261128-000002", 900))
        assert till.poll(created.invoice_id).status_code == 200
        assert qpay_logins(shop) == 1
        # Someone else logs in as the merchant: QPay's one session moves there, the store's token is refused.
        QPayClient(shop.sandbox.url, USERNAME, PASSWORD).authenticate()
        reads = shop.store.context.upstream.loop_reads
        before = reads.calls
        answer = till.poll(created.invoice_id)
        assert answer.status_code == 200, answer.text
        assert reads.calls == before + 1          # asked on the loop, refused, then renewed and asked on a worker
        assert qpay_logins(shop) == 3             # the store's first, the other's, the store's one renewal
        assert till.poll(created.invoice_id).status_code == 200
        assert qpay_logins(shop) == 3


def test_silence_on_a_poll_is_an_unknown_outcome_never_a_refusal(store_db_url: str) -> None:
    with running_shop(store_db_url, ("T1",), clock=FrozenClock()) as shop:
        till = Till(shop, "T1")
        created = till.client.create_invoice(simple_invoice("T1-20261128-000003", 700))
        assert till.poll(created.invoice_id).status_code == 200
        shop.fault(path_prefix="/v2/payment/check", drop=True, count=2)   # the poll, and the one ask again
        lost = till.poll(created.invoice_id)
        assert lost.status_code == 504 and lost.json()["error_code"] == "QPAY_NO_ANSWER"
        shop.fault(path_prefix="/v2/payment/check", status=503, count=1)
        refused = till.poll(created.invoice_id)
        assert refused.status_code == 503
        assert till.poll(created.invoice_id).status_code == 200


def test_behind_a_proxy_the_polls_go_the_worker_threads_way(store_db_url: str,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HTTP_PROXY", "http://127.0.0.1:9")
    monkeypatch.delenv("NO_PROXY", raising=False)
    monkeypatch.delenv("no_proxy", raising=False)
    store = StoreServer(store_db_url, "http://127.0.0.1:9", USERNAME, PASSWORD)
    try:
        assert store.context.upstream.loop_reads is None
    finally:
        store.closed()


def test_the_connections_close_with_the_store(store_db_url: str) -> None:
    with running_shop(store_db_url, ("T1",)) as shop:
        t1 = shop.client("T1")
        t1.check_payment(t1.create_invoice(simple_invoice("T1-20261128-000004", 500)).invoice_id)
        reads = shop.store.context.upstream.loop_reads
        assert reads.is_open
    assert not reads.is_open


# -- LoopReads on its own, against a server that answers what the test says -------------------------------------

def read(server: TinyServer | str, path: str = "/v2/payment/check") -> bytes:
    async def go() -> bytes:
        reads = LoopReads(server if isinstance(server, str) else server.url, timeout=(2.0, 2.0), user_agent="test")
        try:
            # As the gateway passes a till's body on (`_for_qpay`): each amount a number whose text is exact.
            return await reads.call("POST", path, "the-token", {"object_id": "x", "amount": 1.5})
        finally:
            await reads.close()
    return asyncio.run(go())


@pytest.fixture
def routes() -> Any:
    handler = Routes()
    server = TinyServer(handler).start()
    try:
        yield handler, server
    finally:
        server.stop()


def test_the_answer_passes_as_it_came_and_the_request_as_the_client_sends_it(routes: Any) -> None:
    handler, server = routes
    handler.on("POST", "/v2/payment/check", Reply(200, b'{"count": 1, "paid_amount": 1.50, "rows": []}'))
    assert read(server) == b'{"count": 1, "paid_amount": 1.50, "rows": []}'
    seen = server.seen[-1]
    assert seen.headers["Authorization"] == "Bearer the-token"
    assert json.loads(seen.body, parse_float=Decimal) == {"object_id": "x", "amount": Decimal("1.5")}
    handler.on("POST", "/v2/payment/check", Reply(200, b""))
    assert read(server) == b"null"


@pytest.mark.parametrize("body", [b"<html>busy</html>", b"[" * 100_000, b'{"a": 1e99999999999999999999}'])
def test_an_unreadable_answer_is_an_invalid_response(routes: Any, body: bytes) -> None:
    handler, server = routes
    handler.on("POST", "/v2/payment/check", Reply(200, body))
    with pytest.raises(InvalidResponseError):
        read(server)


def test_a_401_is_token_refused_and_other_refusals_are_the_clients_errors(routes: Any) -> None:
    handler, server = routes
    handler.on("POST", "/v2/payment/check", Reply(401, {"error": "NO_AUTHORIZATION", "message": "expired"}))
    with pytest.raises(TokenRefused):
        read(server)
    handler.on("POST", "/v2/payment/check", Reply(404, {"error": "INVOICE_NOTFOUND", "message": "no such"}))
    with pytest.raises(NotFoundError):
        read(server)


def test_no_server_is_could_not_reach_and_a_dropped_answer_is_unknown(routes: Any) -> None:
    handler, server = routes
    handler.on("POST", "/v2/payment/check", Reply(drop=True))
    with pytest.raises(OutcomeUnknownError):
        read(server)
    assert len(server.seen) == 2          # asked once more on a fresh connection, then given up
    with socket.socket() as bound:         # a port bound once, where nothing listens now
        bound.bind(("127.0.0.1", 0))
        port = bound.getsockname()[1]
    with pytest.raises(APIConnectionError) as caught:
        read(f"http://127.0.0.1:{port}")
    assert not isinstance(caught.value, OutcomeUnknownError)
