"""The store on a shop's network, where anyone can connect without logging in (issue 34): half-open and slow
connections, large bodies, floods of bad requests, refresh tokens used twice, another till's sale numbers and
blank ids; each against a real store on real sockets (a store process of its own where its open files and its
log are what is measured)."""

from __future__ import annotations

import base64
import itertools
import logging
import os
import re
import resource
import select
import signal
import socket
import ssl
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import AbstractContextManager, ExitStack
from pathlib import Path
from typing import Any

import pytest
import requests
from sqlalchemy import insert, select as sql_select

from pos_app.qpay import QPayClient
from pos_app.store.certificates import certificate_fingerprint, made_certificate
from pos_app.store.db import used_refresh_tokens
from pos_app.store import limits
from pos_app.store.limits import PROTOCOLS, ConnectionGuard, ConnectionLimits
from pos_app.store.log_limits import FloodLimitedHandler
from pos_app.store.server import StoreServer
from pos_app.store.tokens import TillTokens

from tests.qpay.helpers import wait_until

from .helpers import PASSWORD, USERNAME, Shop, running_shop, simple_invoice

WAIT = 60.0          # a generous bound on anything awaited (never asserted on)
SHORT = ConnectionLimits(header_timeout=0.5, keep_alive=0.5)


def guarded_shop(db_url: str, limits: ConnectionLimits, tills: tuple[str, ...] = ("T1", "T2")
                 ) -> AbstractContextManager[Shop]:
    return running_shop(db_url, tills, single_session=False, limits=limits)


@pytest.fixture(autouse=True, params=sorted(PROTOCOLS))
def http_parser(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Each test on each of uvicorn's request parsers the store can serve with (httptools, h11)."""
    monkeypatch.setattr(limits, "DEFAULT_PARSER", request.param)
    return str(request.param)


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path}/store.sqlite3"


def _address(url: str) -> tuple[str, int]:
    host, port = url.removeprefix("http://").removeprefix("https://").rsplit(":", 1)
    return host, int(port)


def _half_open(url: str, count: int, source: str = "") -> list[socket.socket]:
    """`count` connections that each sent the start of a request and never its end."""
    held = []
    for _ in range(count):
        sock = socket.create_connection(_address(url), timeout=WAIT, source_address=(source, 0) if source else None)
        try:
            sock.sendall(b"GET /store/health HTTP/1.1\r\nHost: store\r\n")
        except OSError:
            pass                                      # already closed by the store: held all the same
        held.append(sock)
    return held


def _closed_by_the_store(sock: socket.socket) -> bool:
    """Whether the store closes this connection (read until it does, within `WAIT`)."""
    sock.settimeout(WAIT)
    try:
        while sock.recv(65536):
            pass
    except (ConnectionResetError, ssl.SSLError):      # a TLS connection's end without TLS's own goodbye
        pass
    except TimeoutError:
        return False
    return True


def _bearer(shop: Shop, till: str = "T1") -> dict[str, str]:
    return {"Authorization": f"Bearer {shop.client(till).authenticate().access_token}"}


def _envelope(answer: requests.Response, status: int) -> dict[str, Any]:
    assert answer.status_code == status, (answer.request.method, answer.request.url, answer.text)
    said = answer.json()
    assert set(said) == {"error_code", "message"} and said["message"], said
    return dict(said)


# -- 1. connections ----------------------------------------------------------------------------------------------

def test_a_till_gets_its_answer_while_1100_half_open_connections_are_held(sqlite_url: str) -> None:
    limits = ConnectionLimits(header_timeout=3600, max_connections=300, max_waiting_per_address=5000)
    with guarded_shop(sqlite_url, limits) as shop, ExitStack() as held:
        for sock in _half_open(shop.store.url, 1100):
            held.callback(sock.close)
        assert requests.get(f"{shop.store.url}/store/health", timeout=WAIT).json() == {"status": "ok"}
        created = shop.client("T1").create_invoice(simple_invoice("T1-20261128-000001"))
        assert shop.client("T1").get_invoice(created.invoice_id).invoice_id == created.invoice_id
        # The store held no more than its cap: the connections that waited longest made room.
        assert len(shop.store.guard.open) <= limits.max_connections
        assert shop.store.guard.closed_early >= 1100 - limits.max_connections


def test_one_address_holds_a_few_waiting_connections_only(sqlite_url: str) -> None:
    limits = ConnectionLimits(header_timeout=3600, max_waiting_per_address=20)
    with guarded_shop(sqlite_url, limits) as shop, ExitStack() as held:
        for sock in _half_open(shop.store.url, 200, source="127.0.0.2"):
            held.callback(sock.close)
        requests.get(f"{shop.store.url}/store/health", timeout=WAIT).raise_for_status()
        assert shop.store.guard.waiting <= 20 + 1
        assert len(shop.store.guard.open) <= 20 + 1


def test_a_connection_that_does_not_finish_its_headers_is_closed(sqlite_url: str) -> None:
    with guarded_shop(sqlite_url, SHORT) as shop:
        silent = socket.create_connection(_address(shop.store.url), timeout=WAIT)
        assert _closed_by_the_store(silent)
        # A byte at a time, each well within the deadline: the deadline is for the whole headers.
        trickle = socket.create_connection(_address(shop.store.url), timeout=WAIT)
        closed = False
        for byte in itertools.islice(itertools.cycle(b"GET / HTTP/1.1\r\nX-Slow: " + b"a" * 1000), 100_000):
            readable, _, _ = select.select([trickle], [], [], 0.05)
            if readable and not trickle.recv(1024):
                closed = True
                break
            try:
                trickle.send(bytes([byte]))
            except OSError:
                closed = True
                break
        assert closed
        # An idle connection after its answer is closed too (keep-alive).
        idle = socket.create_connection(_address(shop.store.url), timeout=WAIT)
        idle.sendall(b"GET /store/health HTTP/1.1\r\nHost: store\r\n\r\n")
        assert idle.recv(65536).startswith(b"HTTP/1.1 200")
        assert _closed_by_the_store(idle)
        for sock in (silent, trickle, idle):
            sock.close()


def test_an_event_stream_outlives_the_deadlines(sqlite_url: str) -> None:
    with guarded_shop(sqlite_url, SHORT) as shop:
        stream = requests.get(f"{shop.store.url}/store/events", headers=_bearer(shop), stream=True, timeout=WAIT)
        lines = stream.iter_lines()
        assert next(lines).startswith(b"retry:")
        # A connection that says nothing, opened now: once the store has closed it, the stream has outlived the
        # deadline too.
        silent = socket.create_connection(_address(shop.store.url), timeout=WAIT)
        assert _closed_by_the_store(silent)
        silent.close()
        created = shop.client("T1").create_invoice(simple_invoice("T1-20261128-000002"))
        row = shop.store.context.invoices.by_invoice(created.invoice_id)
        assert row is not None
        assert requests.get(shop.store.context.callback_url(row.ref), params={"qpay_payment_id": "P1"},
                            timeout=WAIT).text == "SUCCESS"
        assert any(line.startswith(b"data:") and created.invoice_id.encode() in line for line in lines)
        stream.close()


def test_headers_beyond_the_limit_are_refused(sqlite_url: str) -> None:
    with guarded_shop(sqlite_url, SHORT) as shop:
        sock = socket.create_connection(_address(shop.store.url), timeout=WAIT)
        try:
            sock.sendall(b"GET /store/health HTTP/1.1\r\nHost: store\r\nX-Big: " + b"a" * 100_000 + b"\r\n\r\n")
        except OSError:
            pass                                       # closed while we sent: refused all the same
        answer = _until_closed(sock)
        assert answer == b"" or answer.startswith((b"HTTP/1.1 400", b"HTTP/1.1 431")), answer[:100]
        sock.close()
        # Headers beyond the limit that never end: refused (h11) once past it, not read on and on.
        answer, _sent = _answer_while_sending(shop.store.url, b"GET / HTTP/1.1\r\nX-Big: ", 10 * 1024 * 1024)
        assert answer.startswith(b"HTTP/1.1 400"), answer[:100]
        assert requests.get(f"{shop.store.url}/store/health", timeout=WAIT).status_code == 200


# -- 2. bodies -----------------------------------------------------------------------------------------------------

def _answer_while_sending(url: str, head: bytes, body_size: int, chunked: bool = False) -> tuple[bytes, int]:
    """Send `head` then up to `body_size` bytes of body, stopping once the store answers: (its answer's first
    bytes, how many body bytes were sent). The store closes a connection right after refusing it, with body
    bytes still unread, so its socket answers them with a reset, and a reset that overtakes the answer throws
    it away unread (one exchange in many, more often on a busy machine): such an exchange is tried again."""
    for _attempt in range(3):
        answer, sent = _one_exchange(url, head, body_size, chunked)
        if answer:
            break
    return answer, sent


def _one_exchange(url: str, head: bytes, body_size: int, chunked: bool) -> tuple[bytes, int]:
    sock = socket.create_connection(_address(url), timeout=WAIT)
    sock.sendall(head)
    sock.setblocking(False)
    piece = b"x" * 65536
    framed = (b"%x\r\n" % len(piece) + piece + b"\r\n") if chunked else piece
    sent, pending, answer = 0, b"", b""
    try:
        while sent < body_size or pending:
            readable, writable, _ = select.select([sock], [sock] if pending or sent < body_size else [], [], WAIT)
            if readable:
                answer = _until_closed(sock)
                break
            if not writable:
                break
            if not pending:
                pending, sent = framed, sent + len(piece)
            pending = pending[sock.send(pending):]
        if not answer:
            sock.setblocking(True)
            sock.settimeout(WAIT)
            if chunked:
                sock.sendall(b"0\r\n\r\n")
            answer = _until_closed(sock)
    except (ConnectionResetError, BrokenPipeError):
        pass
    finally:
        sock.close()
    return answer, sent


def _until_closed(sock: socket.socket) -> bytes:
    """The answer read until the store closes the connection (each refusal here closes it): httptools writes an
    answer's head and body apart, so one `recv` may hold the head only."""
    sock.setblocking(True)
    sock.settimeout(WAIT)
    answer = b""
    try:
        while chunk := sock.recv(65536):
            answer += chunk
    except ConnectionResetError:
        pass
    return answer


def test_a_body_over_the_limit_is_refused_before_it_is_read(sqlite_url: str) -> None:
    with guarded_shop(sqlite_url, SHORT) as shop:
        token = _bearer(shop)["Authorization"].encode()
        size = 50 * 1024 * 1024
        head = (b"POST /v2/invoice HTTP/1.1\r\nHost: store\r\nAuthorization: " + token +
                b"\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n" % size)
        answer, sent = _answer_while_sending(shop.store.url, head, size)
        assert answer.startswith(b"HTTP/1.1 413") and b'"error_code":"TOO_LARGE"' in answer.replace(b" ", b"")
        assert sent < size
        # Sent in chunks, no length said: cut once it passes the limit.
        head = (b"POST /v2/invoice HTTP/1.1\r\nHost: store\r\nAuthorization: " + token +
                b"\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n")
        answer, sent = _answer_while_sending(shop.store.url, head, size, chunked=True)
        assert answer.startswith(b"HTTP/1.1 413"), answer[:200]
        assert sent < size
        # A body within the limit is taken as before.
        assert shop.client("T1").create_invoice(simple_invoice("T1-20261128-000003")).invoice_id


def test_the_caller_is_refused_before_its_body_is_read(sqlite_url: str) -> None:
    with guarded_shop(sqlite_url, SHORT) as shop:
        # A journal batch may be large; without a key its body is never read: answered before it is all sent.
        size = 30 * 1024 * 1024
        head = b"POST /store/journal/T1 HTTP/1.1\r\nHost: store\r\nContent-Length: %d\r\n\r\n" % size
        answer, sent = _answer_while_sending(shop.store.url, head, size)
        assert answer.startswith(b"HTTP/1.1 401")
        assert sent < size
        # Each /v2 route that reads a body: a body that is no JSON, without a token, is a 401 (it was a 400).
        for path in ("/v2/invoice", "/v2/invoice/list", "/v2/invoice/check", "/v2/payment/check",
                     "/v2/payment/list", "/v2/ebarimt_v3/create", "/v2/payment/cancel/P1",
                     "/v2/payment/refund/P1"):
            answer = requests.post(shop.store.url + path, data=b"{not json", timeout=WAIT)
            assert _envelope(answer, 401)["error_code"] == "AUTHENTICATION_FAILED", path
        owner = shop.add_owner("boss")
        answer = requests.put(f"{shop.store.url}/store/catalog", data=b"\xff" * 1000, timeout=WAIT,
                              auth=("boss", owner + "x"))
        _envelope(answer, 401)


# -- 3 and 4. the open-file limit and the log, in a store process of its own -------------------------------------

def _pos_store(*args: str, **popen: Any) -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, "-m", "pos_app.store", *args], **popen)


def _rss_kb(pid: int) -> int:
    status = Path(f"/proc/{pid}/status").read_text()
    found = re.search(r"VmRSS:\s+(\d+) kB", status)
    assert found is not None
    return int(found.group(1))


def _https_shop(tmp_path: Path, limits: ConnectionLimits) -> tuple[AbstractContextManager[Shop], str]:
    """A shop whose store serves HTTPS with a certificate of its own, and that certificate's pin."""
    cert, key = made_certificate(tmp_path / "store-data", ["localhost", "127.0.0.1"])
    return (running_shop(f"sqlite:///{tmp_path}/store.sqlite3", ("T1",), single_session=False, limits=limits,
                         tls_cert=str(cert), tls_key=str(key)), certificate_fingerprint(cert))


def test_over_https_1100_connections_that_never_shake_hands_lock_no_till_out(tmp_path: Path) -> None:
    # uvicorn's own TLS left a connection's handshake to asyncio: 60 s, counted nowhere, so a flood of them
    # could take every open file the store has.
    limits = ConnectionLimits(header_timeout=3600, max_connections=300, max_waiting_per_address=5000)
    shop_running, pin = _https_shop(tmp_path, limits)
    with shop_running as shop, ExitStack() as held:
        for _ in range(1100):
            sock = socket.create_connection(_address(shop.store.url), timeout=WAIT)   # and never a ClientHello
            held.callback(sock.close)
        with QPayClient(shop.store.url, "T1", shop.keys["T1"], certificate_sha256=pin) as till:
            created = till.create_invoice(simple_invoice("T1-20261128-000001"))
            assert till.get_invoice(created.invoice_id).invoice_id == created.invoice_id
        assert len(shop.store.guard.open) <= limits.max_connections
        assert shop.store.guard.closed_early >= 1100 - limits.max_connections


def test_over_https_a_connection_is_closed_when_its_handshake_or_its_headers_are_late(tmp_path: Path) -> None:
    shop_running, pin = _https_shop(tmp_path, SHORT)
    with shop_running as shop:
        silent = socket.create_connection(_address(shop.store.url), timeout=WAIT)
        shaken = ssl.create_default_context()
        shaken.check_hostname, shaken.verify_mode = False, ssl.CERT_NONE
        half_open = shaken.wrap_socket(socket.create_connection(_address(shop.store.url), timeout=WAIT))
        half_open.sendall(b"GET /store/health HTTP/1.1\r\nHost: store\r\n")      # and never the end
        with silent, half_open:
            assert _closed_by_the_store(silent)
            assert _closed_by_the_store(half_open)
        # A till that says what it wants in time is served, its request sent right after the handshake.
        with QPayClient(shop.store.url, "T1", shop.keys["T1"], certificate_sha256=pin) as till:
            assert till.authenticate().access_token


def test_over_https_connections_pushed_out_after_their_handshake_free_their_files(tmp_path: Path) -> None:
    # asyncio's TLS close waits 30 s for the client's goodbye by default: a pushed-out connection kept its file
    # that long, counted nowhere.
    limits = ConnectionLimits(header_timeout=3600, max_connections=3, max_waiting_per_address=5000)
    shop_running, _pin = _https_shop(tmp_path, limits)
    client_side = ssl.create_default_context()
    client_side.check_hostname, client_side.verify_mode = False, ssl.CERT_NONE
    with shop_running as shop, ExitStack() as held:
        files_before = len(os.listdir("/proc/self/fd"))
        for _ in range(20):
            sock = client_side.wrap_socket(socket.create_connection(_address(shop.store.url), timeout=WAIT))
            held.callback(sock.close)                  # shook hands, and then says nothing
        assert len(shop.store.guard.open) <= limits.max_connections
        # The 20 client sockets are this process's too; the store keeps its 3, and the files of the 17 it
        # pushed out are freed within a few seconds (`TLS_SHUTDOWN_S`), not 30.
        wait_until(lambda: len(os.listdir("/proc/self/fd")) <= files_before + 20 + 3 + 2, timeout=15)


def _low_file_limit() -> None:
    resource.setrlimit(resource.RLIMIT_NOFILE, (512, 512))


@pytest.mark.timeout(600)
def test_a_store_with_few_open_files_keeps_serving_under_a_flood(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path}/store.sqlite3"
    adding = subprocess.run([sys.executable, "-m", "pos_app.store", "add-till", "T1", "--db", db],
                            capture_output=True, check=True, timeout=WAIT)
    key = adding.stdout.decode().strip().splitlines()[-1]
    log = tmp_path / "store.log"
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    with open(log, "wb") as stderr:
        store = _pos_store("serve", "--qpay-url", "training", "--db", db, "--port", "0", stdout=subprocess.PIPE,
                           stderr=stderr, env=env, preexec_fn=_low_file_limit)
    try:
        assert store.stdout is not None
        started = store.stdout.readline().decode()
        assert started.startswith("store listening on "), started
        url = started.split()[-1]
        till = QPayClient(url, "T1", key)
        assert till.authenticate().access_token
        before = _rss_kb(store.pid)
        with ExitStack() as held:
            for sock in _half_open(url, 1100):        # twice its open-file limit
                held.callback(sock.close)
            assert requests.get(f"{url}/store/health", timeout=WAIT).json() == {"status": "ok"}
            created = till.create_invoice(simple_invoice("T1-20261128-000001"))
            assert till.get_invoice(created.invoice_id).invoice_id == created.invoice_id
        # Six 50 MB bodies without a token, in chunks: none is read whole.
        head = b"POST /v2/invoice HTTP/1.1\r\nHost: store\r\nTransfer-Encoding: chunked\r\n\r\n"
        for _ in range(6):
            answer, _sent = _answer_while_sending(url, head, 50 * 1024 * 1024, chunked=True)
            assert answer.startswith((b"HTTP/1.1 401", b"HTTP/1.1 413")), answer[:100]
        assert _rss_kb(store.pid) - before < 100 * 1024
        # Bad requests by the thousand (each a warning of uvicorn's): the log stays small.
        for _ in range(2000):
            with socket.create_connection(_address(url), timeout=WAIT) as sock:
                sock.sendall(b"NOT HTTP AT ALL\r\n\r\n")
                sock.recv(1024)
        assert requests.get(f"{url}/store/health", timeout=WAIT).status_code == 200
    finally:
        store.send_signal(signal.SIGTERM)
        store.wait(WAIT)
        if store.stdout is not None:
            store.stdout.close()
    said = log.read_text()
    assert len(said) < 20_000, said[-3000:]
    assert "Invalid HTTP request received" in said
    assert "similar messages suppressed" in said


def test_ten_thousand_connection_errors_make_a_log_of_a_few_kb(tmp_path: Path) -> None:
    path = tmp_path / "log.txt"
    now = [0.0]
    target = logging.FileHandler(path)
    target.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
    handler = FloodLimitedHandler(target, burst=5, interval=60.0, clock=lambda: now[0])
    logger = logging.getLogger("test_lan_hardening.uvicorn.error")
    logger.propagate = False
    logger.addHandler(handler)
    try:
        for number in range(10_000):
            now[0] = number * 0.001                     # 10 s of them
            logger.warning("Invalid HTTP request received.")
            try:
                raise OSError(24, "Too many open files")
            except OSError:
                logger.exception("socket.accept() out of system resource\nsocket: <fd=%d>", 6)
        now[0] = 120.0
        logger.warning("Invalid HTTP request received.")
    finally:
        logger.removeHandler(handler)
        handler.close()
    said = path.read_text()
    assert len(said) < 8_000, said
    assert said.count("Invalid HTTP request received.") >= 5
    assert "9995 similar messages suppressed (Invalid HTTP request received.)" in said
    assert said.count("Traceback") == 1
    assert "Too many open files" in said and "socket.accept() out of system resource" in said


# -- 5. refresh tokens used once -----------------------------------------------------------------------------------

def test_a_refresh_token_is_used_once_at_every_copy(store_db_url: str) -> None:
    with running_shop(store_db_url, ("T1",), single_session=False) as shop:
        basic = base64.b64encode(f"T1:{shop.keys['T1']}".encode()).decode()
        pair = requests.post(f"{shop.store.url}/v2/auth/token", headers={"Authorization": f"Basic {basic}"},
                             timeout=WAIT).json()

        def refresh(url: str, token: str) -> requests.Response:
            return requests.post(f"{url}/v2/auth/refresh", headers={"Authorization": f"Bearer {token}"},
                                 timeout=WAIT)

        renewed = refresh(shop.store.url, pair["refresh_token"])
        assert renewed.status_code == 200
        said = _envelope(refresh(shop.store.url, pair["refresh_token"]), 401)
        assert said["error_code"] == "AUTHENTICATION_FAILED"
        # Another copy of the store on the same database refuses it as well, and takes the new one once.
        other = StoreServer(store_db_url, shop.sandbox.url, USERNAME, PASSWORD).start()
        try:
            _envelope(refresh(other.url, pair["refresh_token"]), 401)
            assert refresh(other.url, renewed.json()["refresh_token"]).status_code == 200
            _envelope(refresh(shop.store.url, renewed.json()["refresh_token"]), 401)
        finally:
            other.stop()
        # The access token of a pair still works; the till's client logs in again when its refresh is refused.
        assert requests.get(f"{shop.store.url}/store/events", timeout=WAIT, stream=True,
                            headers={"Authorization": f"Bearer {pair['access_token']}"}).status_code == 200


def test_used_refresh_tokens_are_pruned_once_run_out(sqlite_url: str) -> None:
    with running_shop(sqlite_url, ("T1",)) as shop:
        engine = shop.store.engine
        with engine.begin() as db:
            db.execute(insert(used_refresh_tokens).values(jti="old", expires_at=time.time() - 10))
            db.execute(insert(used_refresh_tokens).values(jti="young", expires_at=time.time() + 3600))
        tokens: TillTokens = shop.store.context.tokens
        pair = tokens.pair(_caller(shop, "T1"))
        assert tokens.use_refresh(str(pair["refresh_token"]))
        assert not tokens.use_refresh(str(pair["refresh_token"]))
        assert not tokens.use_refresh(str(pair["access_token"]))
        with engine.connect() as db:
            kept = {row.jti for row in db.execute(sql_select(used_refresh_tokens.c.jti))}
        assert "old" not in kept and "young" in kept and len(kept) == 2


def _caller(shop: Shop, name: str) -> Any:
    from pos_app.store.credentials import caller_named

    return caller_named(shop.store.engine, name)


# -- 6. sale numbers owned by their till ------------------------------------------------------------------------

def test_a_till_cannot_take_another_tills_sale_number(store_db_url: str) -> None:
    with running_shop(store_db_url, ("T1", "T2"), single_session=False) as shop:
        headers = _bearer(shop, "T2")
        for number in ("T1-20261128-000001", "T1-20261128-000001-2", "T10-20261128-000001"):
            answer = requests.post(f"{shop.store.url}/v2/invoice", json=simple_invoice(number), headers=headers,
                                   timeout=WAIT)
            assert _envelope(answer, 403)["error_code"] == "INVOICE_NO_NOT_YOURS", number
        assert not [call for call in shop.sandbox_requests() if "T1-20261128" in str(call)]
        # T1's own sale is made as if nothing had happened; T2's own numbers and numbers of no till are T2's.
        assert shop.client("T1").create_invoice(simple_invoice("T1-20261128-000001")).invoice_id
        for number in ("T2-20261128-000001", "INV-1", "T1-1"):
            assert shop.client("T2").create_invoice(simple_invoice(number)).invoice_id, number


# -- 7. a blank id is not found --------------------------------------------------------------------------------

BLANK_IDS = ("", "%20", "%20%20", "%09", "%0A", "%00", "x%00", "%20x", "x%20", "%E2%80%83", "%7F")
PATHS_WITH_AN_ID = (("GET", "/v2/invoice/{}"), ("DELETE", "/v2/invoice/{}"), ("GET", "/v2/payment/{}"),
                    ("POST", "/v2/payment/cancel/{}"), ("DELETE", "/v2/payment/cancel/{}"),
                    ("POST", "/v2/payment/refund/{}"), ("DELETE", "/v2/payment/refund/{}"),
                    ("GET", "/v2/ebarimt_v3/{}"), ("DELETE", "/v2/ebarimt_v3/{}"),
                    ("GET", "/store/callback/{}"), ("POST", "/store/callback/{}"),
                    ("GET", "/store/journal/{}/last"), ("POST", "/store/journal/{}"), ("GET", "/store/day/{}"))


@pytest.fixture(scope="module")
def blank_shop(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Shop, dict[str, str]]]:
    url = f"sqlite:///{tmp_path_factory.mktemp('blank')}/store.sqlite3"
    with running_shop(url, ("T1",), single_session=False) as shop:
        yield shop, _bearer(shop)


@pytest.mark.parametrize(("method", "path"), PATHS_WITH_AN_ID)
@pytest.mark.parametrize("signed_in", [True, False], ids=["token", "nobody"])
def test_a_blank_id_is_not_found(blank_shop: tuple[Shop, dict[str, str]], method: str, path: str,
                                 signed_in: bool) -> None:
    shop, headers = blank_shop
    for blank in BLANK_IDS:
        answer = requests.request(method, shop.store.url + path.format(blank), headers=headers if signed_in else {},
                                  data=b"{}", timeout=WAIT)
        assert _envelope(answer, 404)["error_code"] == "NOT_FOUND", (method, path, blank)


def test_the_guard_serves_on_the_parser_asked_for(http_parser: str) -> None:
    served = ConnectionGuard(SHORT).uvicorn_options()["http"]
    assert issubclass(served, PROTOCOLS[http_parser])
    assert "httptools" in PROTOCOLS         # a dependency: the store's default parser
