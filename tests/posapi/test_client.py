"""The clients over real sockets (tests.qpay.helpers.TinyServer): what is sent, how often, and what is raised."""

from __future__ import annotations

import json
import logging
import socket
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
import requests

from pos_app.posapi import (
    EbarimtLookupClient,
    LotteriesExhaustedError,
    NotFoundError,
    OutcomeUnknownError,
    PaymentIncompleteError,
    PosApiClient,
    PosApiConnectionError,
    ReceiptRefusedError,
    ServerError,
    build_receipt,
)
from pos_app.posapi.transport import validate_base_url
from tests.qpay.helpers import Reply, Seen, SleepRecorder, TinyServer

from .helpers import FAST, POS, RECEIPT_ANSWER, bread, cash

Handler = Callable[[Seen], Reply]


@pytest.fixture
def serve() -> Iterator[Callable[[Handler], TinyServer]]:
    servers: list[TinyServer] = []

    def start(handler: Handler) -> TinyServer:
        server = TinyServer(handler).start()
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.stop()


@pytest.fixture
def sleeps() -> SleepRecorder:
    return SleepRecorder()


def _client(url: str, sleeps: SleepRecorder, **options: Any) -> PosApiClient:
    options.setdefault("timeout", (1.0, 2.0))
    return PosApiClient(url, retry_policy=FAST, sleep=sleeps, **options)


def _request() -> Any:
    return build_receipt(POS, [bread()], cash(5600), bill_id_suffix="000042")


def test_issue_sends_the_body_once_and_reads_the_answer(serve: Any, sleeps: SleepRecorder) -> None:
    server = serve(lambda seen: Reply(200, RECEIPT_ANSWER))
    with _client(server.url, sleeps) as posapi:
        issued = posapi.issue_receipt(_request())
    assert issued.id == RECEIPT_ANSWER["id"] and issued.lottery == "AB 12345678"
    [seen] = server.seen
    assert (seen.method, seen.path) == ("POST", "/rest/receipt")
    assert seen.headers["Content-Type"] == "application/json"
    assert seen.json() == _request().to_payload()


@pytest.mark.parametrize(("status", "error"), [("ERROR", ReceiptRefusedError), ("PAYMENT", PaymentIncompleteError)])
def test_a_refusal_in_a_200_answer(serve: Any, sleeps: SleepRecorder, status: str, error: type[Exception]) -> None:
    server = serve(lambda seen: Reply(200, {"status": status, "message": "Алдаа"}))
    with pytest.raises(error, match="Алдаа"):
        _client(server.url, sleeps).issue_receipt(_request())
    assert len(server.seen) == 1


@pytest.mark.parametrize("reply", [
    Reply(500, {"status": "ERROR", "message": "internal"}),
    Reply(503),
    Reply(200, "<html>not json</html>"),
    Reply(200, [1, 2]),
    Reply(200, {"status": "SUCCESS"}),          # success without a receipt id: cannot be printed
    Reply(200, {"status": "SOMETHING_NEW"}),
    Reply(200, {"status": "SUCCESS", "id": "1", "receipts": "bad"}),
    Reply(drop=True),
], ids=["500", "503", "not-json", "list", "no-id", "unknown-status", "bad-shape", "dropped"])
def test_a_lost_or_unreadable_answer_is_outcome_unknown_and_sent_once(serve: Any, sleeps: SleepRecorder,
                                                                       reply: Reply) -> None:
    server = serve(lambda seen: reply)
    with pytest.raises(OutcomeUnknownError) as caught:
        _client(server.url, sleeps).issue_receipt(_request())
    assert caught.value.bill_id_suffix == "000042"
    assert len(server.seen) == 1 and sleeps.delays == []


def _silent(release: threading.Event) -> Handler:
    def handler(seen: Seen) -> Reply:
        release.wait(10)   # never answers within the client's read timeout
        return Reply(drop=True)
    return handler


def test_an_unanswered_receipt_times_out_once_as_outcome_unknown(serve: Any, sleeps: SleepRecorder) -> None:
    release = threading.Event()
    server = serve(_silent(release))
    try:
        with pytest.raises(OutcomeUnknownError, match="ReadTimeout"):
            _client(server.url, sleeps, timeout=(1.0, 0.3)).issue_receipt(_request())
        assert len(server.seen) == 1 and sleeps.delays == []
    finally:
        release.set()


def test_an_unanswered_read_is_tried_again_then_a_connection_error(serve: Any, sleeps: SleepRecorder) -> None:
    release = threading.Event()
    server = serve(_silent(release))
    try:
        with pytest.raises(PosApiConnectionError):
            _client(server.url, sleeps, timeout=(1.0, 0.2)).info()
        assert len(server.wait_for(lambda seen: len(seen) == 3)) == 3 and len(sleeps.delays) == 2
    finally:
        release.set()


def _closed_port() -> str:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    return f"http://127.0.0.1:{port}"


def test_a_receipt_that_never_left_is_a_connection_error_and_may_be_tried_again(sleeps: SleepRecorder) -> None:
    with pytest.raises(PosApiConnectionError) as caught:
        _client(_closed_port(), sleeps).issue_receipt(_request())
    assert not isinstance(caught.value, OutcomeUnknownError) and len(sleeps.delays) == 2


def test_reads_are_tried_again_after_a_5xx(serve: Any, sleeps: SleepRecorder) -> None:
    answers = iter([Reply(502), Reply(200, {"leftLotteries": 12, "lastSentDate": "2030-01-01 10:00:00"})])
    server = serve(lambda seen: next(answers))
    info = _client(server.url, sleeps).info()
    assert info.leftLotteries == 12 and len(server.seen) == 2 and len(sleeps.delays) == 1


def test_reads_give_up_with_a_server_error(serve: Any, sleeps: SleepRecorder) -> None:
    server = serve(lambda seen: Reply(500, {"message": "down"}))
    with pytest.raises(ServerError, match="down"):
        _client(server.url, sleeps).bank_accounts()
    assert len(server.seen) == 3


def test_void_receipt(serve: Any, sleeps: SleepRecorder) -> None:
    replies = iter([Reply(200), Reply(200, {"status": "ERROR", "message": "Баталгаажсан"}), Reply(500)])
    server = serve(lambda seen: next(replies))
    posapi = _client(server.url, sleeps)
    posapi.void_receipt(RECEIPT_ANSWER["id"], RECEIPT_ANSWER["date"])
    assert server.seen[0].method == "DELETE" and server.seen[0].json() == {"id": RECEIPT_ANSWER["id"],
                                                                           "date": "2025-03-31 10:15:00"}
    with pytest.raises(ReceiptRefusedError, match="Баталгаажсан"):
        posapi.void_receipt("1", "2025-03-31 10:15:00")
    with pytest.raises(OutcomeUnknownError):
        posapi.void_receipt("1", "2025-03-31 10:15:00")
    assert len(server.seen) == 3


def test_info_bank_accounts_send_data_and_readiness(serve: Any, sleeps: SleepRecorder) -> None:
    from datetime import datetime

    def handler(seen: Seen) -> Reply:
        return {
            "/rest/info": Reply(200, {"leftLotteries": 0, "lastSentDate": "2030-01-01 10:00:00", "x": 1}),
            "/rest/bankAccounts": Reply(200, [{"id": 9, "tin": "37900846788", "bankAccountNo": "5041466217",
                                               "iBan": "MN12", "bankId": 5, "bankName": "Хаан"}]),
            "/rest/sendData": Reply(200, {}),
        }[seen.path]

    server = serve(handler)
    posapi = _client(server.url, sleeps)
    assert posapi.info().model_extra == {"x": 1}
    [account] = posapi.bank_accounts("37900846788")
    assert account.bankAccountNo == "5041466217" and server.seen[-1].query == "tin=37900846788"
    assert posapi.send_data().model_dump() == {}
    with pytest.raises(LotteriesExhaustedError):
        posapi.check_ready(datetime(2030, 1, 1, 12, 0))


def test_lookups(serve: Any, sleeps: SleepRecorder) -> None:
    def handler(seen: Seen) -> Reply:
        if seen.path == "/api/info/check/getTinInfo":
            if seen.query == "regNo=0000000":
                return Reply(200, {"status": 404, "msg": "Олдсонгүй", "data": None})
            return Reply(200, {"status": 200, "msg": "Амжилттай", "data": 31654321554})
        if seen.path == "/api/info/check/getInfo":
            found = seen.query == "tin=31654321554"
            return Reply(200, {"status": 200, "data": {"name": "Номин", "vatPayer": True, "found": found}})
        return Reply(404)

    server = serve(handler)
    lookup = EbarimtLookupClient(server.url, retry_policy=FAST, sleep=sleeps, timeout=(1.0, 2.0))
    tin, org = lookup.organisation_by_register("5317878")
    assert tin == "31654321554" and org.name == "Номин" and org.vatPayer is True
    with pytest.raises(NotFoundError, match="Олдсонгүй"):
        lookup.tin_by_register("0000000")
    with pytest.raises(NotFoundError):
        lookup.organisation("11111111111")
    with pytest.raises(NotFoundError):
        lookup.branches()
    with pytest.raises(ValueError):
        lookup.organisation(" ")


class RecordingSession(requests.Session):
    def __init__(self) -> None:
        super().__init__()
        self.timeouts: list[Any] = []

    def request(self, method: Any, url: Any, *args: Any, **kwargs: Any) -> requests.Response:  # type: ignore[override]
        self.timeouts.append(kwargs.get("timeout"))
        return super().request(method, url, *args, **kwargs)


def test_every_request_carries_an_explicit_timeout(serve: Any, sleeps: SleepRecorder) -> None:
    def handler(seen: Seen) -> Reply:
        if seen.path == "/rest/receipt":
            return Reply(200, RECEIPT_ANSWER if seen.method == "POST" else None)
        if seen.path == "/rest/bankAccounts":
            return Reply(200, [])
        if seen.path.startswith("/api/"):
            return Reply(200, {"status": 200, "data": {"found": True} if "getInfo" in seen.path else []})
        return Reply(200, {})

    server = serve(handler)
    session = RecordingSession()
    posapi = PosApiClient(server.url, session=session, timeout=(1.5, 4.0), sleep=sleeps)
    lookup = EbarimtLookupClient(server.url, session=session, timeout=(1.5, 4.0), sleep=sleeps)
    posapi.issue_receipt(_request())
    posapi.void_receipt("1", "2025-03-31 10:15:00")
    posapi.info()
    posapi.send_data()
    posapi.bank_accounts()
    lookup.organisation("31654321554")
    lookup.branches()
    lookup.product_tax_codes()
    assert len(session.timeouts) == 8 and set(session.timeouts) == {(1.5, 4.0)}
    session.close()


def test_bodies_never_reach_the_log(serve: Any, sleeps: SleepRecorder, caplog: pytest.LogCaptureFixture) -> None:
    server = serve(lambda seen: Reply(200, RECEIPT_ANSWER))
    with caplog.at_level(logging.DEBUG, logger="pos_app.posapi"):
        issued = _client(server.url, sleeps).issue_receipt(_request())
    assert "POST /rest/receipt -> 200" in caplog.text
    for secret in ("AB 12345678", "QRDATA", "Талх", "5600"):
        assert secret not in caplog.text and secret not in repr(issued)


def test_usable_from_worker_threads(serve: Any, sleeps: SleepRecorder) -> None:
    server = serve(lambda seen: Reply(200, {"leftLotteries": 7}))
    posapi = _client(server.url, sleeps)
    with ThreadPoolExecutor(4) as pool:
        assert [info.leftLotteries for info in pool.map(lambda _: posapi.info(), range(8))] == [7] * 8


@pytest.mark.parametrize(("url", "ok"), [
    ("http://localhost:7080", True), ("http://127.0.0.1:7080/", True), ("http://192.168.1.20:7080", True),
    ("http://10.0.0.5:7080", True), ("https://posapi.shop.mn", True), ("http://posapi.shop.mn", False),
    ("http://user:pw@localhost:7080", False), ("ftp://localhost", False), ("http://8.8.8.8:7080", False),
])
def test_base_urls(url: str, ok: bool) -> None:
    if ok:
        assert validate_base_url(url) == url.rstrip("/")
    else:
        with pytest.raises(ValueError):
            validate_base_url(url)
    assert validate_base_url("http://posapi.lan:7080", allow_plain_http=True) == "http://posapi.lan:7080"


def test_the_lookup_client_refuses_plain_http_to_the_internet() -> None:
    with pytest.raises(ValueError):
        EbarimtLookupClient("http://api.ebarimt.mn")
    assert EbarimtLookupClient().base_url == "https://api.ebarimt.mn"


def test_the_json_sent_is_exactly_the_payload(serve: Any, sleeps: SleepRecorder) -> None:
    server = serve(lambda seen: Reply(200, RECEIPT_ANSWER))
    request = build_receipt(POS, [bread(unit_price="5600.10")], cash("5600.10"), bill_id_suffix="3")
    _client(server.url, sleeps).issue_receipt(request)
    assert json.loads(server.seen[0].body)["totalAmount"] == 5600.1
