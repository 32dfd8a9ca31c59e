"""The store's health for a load balancer: liveness always answers; readiness says whether the database and the
QPay session work. PostgreSQL stopped (a server of this test's own, stopped hard and started again): readiness
and every call that needs the database answer 503 with a reason (never a bare 500, logged once), and once it is
back everything answers again and the copies' hint relay listens again."""

from __future__ import annotations

import logging
import os
import queue
import subprocess
from collections.abc import Iterator

import psycopg
import pytest
import requests
import sqlalchemy as sa

from pos_app.qpay import CallbackHint, QPayClient
from pos_app.sandbox import SandboxServer
from pos_app.sandbox.service import SandboxOptions
from pos_app.store.credentials import add_credential
from pos_app.store.server import StoreServer
from pos_app.storelink.hints import StoreHints
from tests.pg_server import PostgresServer, find_binaries
from tests.qpay.helpers import wait_until

from .helpers import INVOICE_CODE, PASSWORD, USERNAME, running_shop, simple_invoice

WAIT_S = 60.0     # how long the test waits for the store to notice (a bound, never a goal)


def _pg_ctl(server: PostgresServer, *args: str) -> None:
    """pg_ctl on the test's own server's data, as its user (the server is stopped and started in place)."""
    as_user = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
    environment = {key: value for key, value in os.environ.items() if not key.startswith("PG")}
    subprocess.run([*as_user, str(find_binaries(server.root) / "pg_ctl"), *args, "-D",
                    str(server.socket_directory / "data")], cwd=server.socket_directory, env=environment,
                   capture_output=True, timeout=120, check=True)


def _stop_hard(server: PostgresServer) -> None:
    """Stopped as a crash stops it (no goodbye to any client). A checkpoint first: the test server commits
    without waiting for its log (`synchronous_commit=off`), so a crash would lose the last commits, which is the
    test server's shortcut, not what the store meets."""
    with psycopg.connect(sa.make_url(server.url).set(drivername="postgresql").render_as_string(False),
                         autocommit=True, connect_timeout=10) as connection:
        connection.execute("CHECKPOINT")
    _pg_ctl(server, "stop", "-m", "immediate", "-w")


def _start_again(server: PostgresServer) -> None:
    _pg_ctl(server, "start", "-w", "-t", "60", "-l", str(server.socket_directory / "server.log"),
            "-o", f"-p {server.port}")



@pytest.fixture
def own_postgres() -> Iterator[PostgresServer]:
    """A PostgreSQL server for this test alone: stopping the session's would break every other test."""
    server = PostgresServer()
    server.start()
    yield server
    server.stop()


def test_liveness_and_readiness(store_db_url: str) -> None:
    with running_shop(store_db_url) as shop:
        for path in ("/store/health", "/store/health/live"):
            answer = requests.get(f"{shop.store.url}{path}", timeout=10)
            assert (answer.status_code, answer.json()) == (200, {"status": "ok"})
        answer = requests.get(f"{shop.store.url}/store/health/ready", timeout=10)
        assert (answer.status_code, answer.json()) == (200, {"status": "ready"})


def test_readiness_names_a_qpay_session_that_does_not_work(store_db_url: str,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    with running_shop(store_db_url) as shop:
        monkeypatch.setattr(shop.store.context.upstream, "session_problem", lambda: "QPay refuses the login")
        answer = requests.get(f"{shop.store.url}/store/health/ready", timeout=10)
        assert answer.status_code == 503 and answer.headers["Retry-After"]
        assert answer.json() == {"status": "not ready", "reasons": ["QPay session: QPay refuses the login"]}


def test_postgresql_stopped_and_started_again(own_postgres: PostgresServer,
                                              caplog: pytest.LogCaptureFixture) -> None:
    url = own_postgres.create_database()
    with SandboxServer("127.0.0.1", 0, SandboxOptions(single_session=False)) as sandbox:
        copies = [StoreServer(url, sandbox.url, USERNAME, PASSWORD, invoice_code=INVOICE_CODE) for _ in range(2)]
        try:
            for copy in copies:
                copy.start()
                assert copy.context.relay.listening.wait(10)
            a, b = copies
            key = add_credential(a.engine, "T1")
            with QPayClient(a.url, "T1", key) as till:
                token = till.authenticate().access_token
            bearer = {"Authorization": f"Bearer {token}"}

            caplog.set_level(logging.WARNING, logger="pos_app.store")
            _stop_hard(own_postgres)
            ready = requests.get(f"{a.url}/store/health/ready", timeout=30)
            assert ready.status_code == 503 and ready.headers["Retry-After"]
            assert ready.json() == {"status": "not ready", "reasons": ["the database does not answer"]}
            assert requests.get(f"{a.url}/store/health/live", timeout=10).status_code == 200
            calls = [
                lambda: requests.post(f"{a.url}/v2/invoice", json=simple_invoice("T1-0300", 300), headers=bearer,
                                      timeout=30),
                lambda: requests.post(f"{b.url}/v2/auth/token", auth=("T1", key), timeout=30),
                lambda: requests.get(f"{a.url}/store/journal/T1/last", auth=("T1", key), timeout=30),
                lambda: requests.post(f"{b.url}/store/journal/T1", json={"events": []}, auth=("T1", key),
                                      timeout=30),
            ]
            for call in calls * 2:
                answer = call()
                assert answer.status_code == 503, answer.text
                assert answer.json()["error_code"] == "STORE_DATABASE_UNAVAILABLE"
                assert answer.headers["Retry-After"]
            said = [record.getMessage() for record in caplog.records
                    if record.getMessage().startswith("the database does not answer")]
            assert len(said) == 2 and not any(record.exc_info for record in caplog.records)   # once a copy
            assert "Traceback" not in caplog.text
            wait_until(lambda: not b.context.relay.listening.is_set(), WAIT_S)

            _start_again(own_postgres)
            wait_until(lambda: requests.get(f"{a.url}/store/health/ready", timeout=30).status_code == 200, WAIT_S)
            for copy in copies:
                assert copy.context.relay.listening.wait(WAIT_S)
            # Everything answers again, and a callback at A reaches the till listening at B.
            heard: queue.Queue[CallbackHint] = queue.Queue()
            listener = StoreHints(b.url, "T1", key, heard.put).start()
            try:
                assert listener.connected.wait(WAIT_S)
                with QPayClient(a.url, "T1", key) as till:
                    created = till.create_invoice(simple_invoice("T1-0300", 300))
                requests.post(f"{sandbox.url}/_sandbox/invoices/{created.invoice_id}/pay",
                              timeout=10).raise_for_status()
                assert heard.get(timeout=WAIT_S).invoice_id == created.invoice_id
            finally:
                listener.stop()
            last = requests.get(f"{b.url}/store/journal/T1/last", auth=("T1", key), timeout=30)
            assert last.status_code == 200
        finally:
            for copy in copies:
                copy.stop()
