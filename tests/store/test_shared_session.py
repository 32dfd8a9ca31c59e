"""Copies of the store on one database share one QPay session (the sandbox's live rule: a login ends the
others), renew it one at a time, share QPay's 429 wait, and migrate a new database one at a time."""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
import requests
from alembic import command
from alembic.config import Config
from sqlalchemy import create_engine, select, text

from pos_app.qpay import QPayClient
from pos_app.sandbox import SandboxServer
from pos_app.sandbox.service import SandboxOptions
from pos_app.store.credentials import add_credential
from pos_app.store.db import MIGRATION_LOCK, MIGRATIONS, migrate, qpay_sessions
from pos_app.store.sealing import SEALED_PREFIX
from pos_app.store.server import StoreServer
from pos_app.store.session import RE_READ_S
from tests.pg_server import PostgresServer
from tests.qpay.helpers import FAST_POLICY, wait_until

from .helpers import INVOICE_CODE, PASSWORD, USERNAME, simple_invoice

ROOT = Path(__file__).resolve().parents[2]
HOUR = 3600.0


class MovableClock:
    """Real time plus an offset the test moves (the store's wall clock and its monotonic one)."""

    def __init__(self) -> None:
        self.offset = 0.0

    def wall(self) -> float:
        return time.time() + self.offset

    def monotonic(self) -> float:
        return time.monotonic() + self.offset


@dataclass
class Chain:
    sandbox: SandboxServer
    copies: list[StoreServer]
    clock: MovableClock
    keys: dict[str, str] = field(default_factory=dict)
    statuses: list[int] = field(default_factory=list)     # every answer a till got from any copy

    def till(self, name: str, copy: int) -> QPayClient:
        """A till's own client, talking to one copy; its answers are kept in `statuses`."""
        client = QPayClient(self.copies[copy].url, name, self.keys[name], retry_policy=FAST_POLICY)
        client.session.hooks["response"].append(lambda answer, *_, **__: self.statuses.append(answer.status_code))
        return client

    def requests_at_qpay(self, path: str) -> list[dict[str, Any]]:
        log = requests.get(f"{self.sandbox.url}/_sandbox/requests", timeout=10).json()
        return [entry for entry in log if entry.get("path") == path]

    def logins(self) -> int:
        return len(self.requests_at_qpay("/v2/auth/token"))

    def refreshes(self) -> int:
        return len(self.requests_at_qpay("/v2/auth/refresh"))

    def refused_at_qpay(self) -> list[dict[str, Any]]:
        log = requests.get(f"{self.sandbox.url}/_sandbox/requests", timeout=10).json()
        return [entry for entry in log if entry.get("status") == 401]

    def move_time(self, seconds: float) -> None:
        """QPay's clock and the store's, together."""
        answer = requests.post(f"{self.sandbox.url}/_sandbox/clock", json={"advance_seconds": seconds}, timeout=10)
        assert answer.status_code == 200, answer.text
        self.clock.offset += seconds

    def pay(self, invoice_id: str) -> None:
        answer = requests.post(f"{self.sandbox.url}/_sandbox/invoices/{invoice_id}/pay", timeout=10)
        assert answer.status_code == 200, answer.text


@contextmanager
def running_chain(db_url: str, copies: int, tills: int = 4, *, profile: str = "live") -> Iterator[Chain]:
    """*copies* stores on one database in front of one QPay sandbox (one session per account), *tills* tills."""
    sandbox = SandboxServer(options=SandboxOptions(profile=profile, single_session=True)).start()
    clock = MovableClock()
    with ExitStack() as stack:
        stack.callback(sandbox.stop)
        stores = []
        for _ in range(copies):
            store = StoreServer(db_url, sandbox.url, USERNAME, PASSWORD, invoice_code=INVOICE_CODE,
                                wall_clock=clock.wall, clock=clock.monotonic)
            stack.callback(store.stop)
            stores.append(store.start())
        chain = Chain(sandbox, stores, clock)
        for n in range(1, tills + 1):
            chain.keys[f"T{n}"] = add_credential(stores[0].engine, f"T{n}")
        yield chain


def copies_on(db_url: str) -> int:
    """SQLite is the one-shop store (one process, one copy); PostgreSQL holds a chain's copies."""
    return 2 if db_url.startswith("postgresql") else 1


def sell_at_once(chain: Chain, round_: str, sales: int = 2) -> dict[str, str]:
    """Every till sells through its copy (till n through copy n mod copies), all at the same time."""
    made: dict[str, str] = {}
    failures: list[BaseException] = []

    def sell(name: str, copy: int) -> None:
        try:
            client = chain.till(name, copy)
            for n in range(sales):
                number = f"{name}-{round_}-{n}"
                created = client.create_invoice(simple_invoice(number, 1000 + n))
                made[number] = created.invoice_id
                assert client.paid_state(created.invoice_id, Decimal(1000 + n)).state == "UNPAID"
            client.close()
        except BaseException as exc:  # noqa: BLE001 - handed to the test thread
            failures.append(exc)

    threads = [threading.Thread(target=sell, args=(name, n % len(chain.copies)))
               for n, name in enumerate(sorted(chain.keys))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert not failures, failures
    assert len(made) == sales * len(chain.keys)
    return made


def session_row(chain: Chain) -> Any:
    with chain.copies[0].engine.connect() as db:
        return db.execute(select(qpay_sessions)).one()


@pytest.mark.parametrize("copies", [2, 3])
def test_copies_on_one_database_share_one_login(postgres_server: PostgresServer, copies: int) -> None:
    url = postgres_server.create_database()
    try:
        with running_chain(url, copies, tills=2 * copies) as chain:
            made = sell_at_once(chain, "a")
            for invoice_id in made.values():
                chain.pay(invoice_id)
            assert chain.logins() == 1
            assert chain.refused_at_qpay() == []
            assert 401 not in chain.statuses
            assert sum(store.context.upstream.logins for store in chain.copies) == 1
            row = session_row(chain)
            assert (row.logins, row.refreshes) == (1, 0)
    finally:
        postgres_server.drop_database(url)


def test_the_token_is_never_shown(store_db_url: str) -> None:
    with running_chain(store_db_url, 1, tills=1) as chain:
        sell_at_once(chain, "a", sales=1)
        upstream = chain.copies[0].context.upstream
        row = upstream.session.row()
        token = row.access_token.reveal()
        assert token
        kept = session_row(chain)
        for shown in (repr(upstream.session), repr(row), str(row), repr(upstream), kept.access_token):
            assert token not in shown
        assert kept.access_token.startswith(SEALED_PREFIX) and kept.refresh_token.startswith(SEALED_PREFIX)
        assert upstream.session_problem() is None


def test_tokens_running_out_are_renewed_once_for_all_copies(store_db_url: str) -> None:
    """The live profile: both tokens end a day after the login, so the renewal is a login, one for all."""
    with running_chain(store_db_url, copies_on(store_db_url)) as chain:
        sell_at_once(chain, "before")
        chain.move_time(86400 - 10)             # inside the renewal margin of both tokens
        sell_at_once(chain, "after")
        assert chain.logins() == 2
        assert chain.refused_at_qpay() == []
        assert 401 not in chain.statuses


def test_an_access_token_running_out_is_refreshed_once_for_all_copies(store_db_url: str) -> None:
    """The contract's lifetimes (access 10 minutes, refresh an hour): one refresh for every copy, no login."""
    with running_chain(store_db_url, copies_on(store_db_url), profile="contract") as chain:
        sell_at_once(chain, "before")
        chain.move_time(600 - 10)
        sell_at_once(chain, "after")
        assert (chain.logins(), chain.refreshes()) == (1, 1)
        assert 401 not in chain.statuses
        row = session_row(chain)
        assert (row.logins, row.refreshes, row.version) == (1, 1, 2)


def test_copies_recover_from_another_login_with_one_login_between_them(store_db_url: str) -> None:
    with running_chain(store_db_url, copies_on(store_db_url)) as chain:
        sell_at_once(chain, "before")
        # Someone else logs in on the account (the merchant's own web page, say): the store's session ends.
        with QPayClient(chain.sandbox.url, USERNAME, PASSWORD) as other:
            other.authenticate()
        sell_at_once(chain, "after")
        assert chain.logins() == 3               # the store's first, the other one, and one to recover
        assert 401 not in chain.statuses         # the copies took QPay's 401s on themselves
        assert session_row(chain).logins == 2


def test_a_429_at_one_copy_makes_the_other_wait_without_asking_qpay(store_db_url: str) -> None:
    with running_chain(store_db_url, 2, tills=2) as chain:
        t1, t2 = chain.till("T1", 0), chain.till("T2", 1)
        created = t1.create_invoice(simple_invoice("T1-0001"))
        assert t2.create_invoice(simple_invoice("T2-0001")).invoice_id     # copy B has read the session too
        answer = requests.post(f"{chain.sandbox.url}/_sandbox/faults", timeout=10, json={
            "path_prefix": "/v2/payment/check", "status": 429, "retry_after": 30})
        assert answer.status_code == 200, answer.text

        def check(copy: int, till: QPayClient) -> requests.Response:
            return requests.post(f"{chain.copies[copy].url}/v2/payment/check",
                                 json={"object_type": "INVOICE", "object_id": created.invoice_id},
                                 headers={"Authorization": f"Bearer {till.tokens.access_token()}"}, timeout=10)

        assert check(0, t1).status_code == 429
        chain.clock.offset += RE_READ_S          # copy B's view of the session is due to be read again
        t1_at_b = chain.till("T1", 1)
        answer = check(1, t1_at_b)
        assert answer.status_code == 429
        assert 20 <= int(answer.headers["Retry-After"]) <= 30
        assert len(chain.requests_at_qpay("/v2/payment/check")) == 1     # only copy A asked QPay
        # The wait is every copy's at once: no reason to take copies out of the balancer (readiness), which
        # would turn the store's own 429 with its Retry-After into the balancer's bare 503.
        assert chain.copies[1].context.upstream.session_problem() is None


def test_a_failed_login_is_the_sessions_problem(store_db_url: str) -> None:
    with running_chain(store_db_url, 1, tills=1) as chain:
        upstream = chain.copies[0].context.upstream
        assert upstream.session_problem() is None               # no login yet, none failed
        answer = requests.post(f"{chain.sandbox.url}/_sandbox/faults", timeout=10, json={
            "path_prefix": "/v2/auth/token", "status": 401, "count": 5})
        assert answer.status_code == 200, answer.text
        till = chain.till("T1", 0)
        answer = requests.post(f"{chain.copies[0].url}/v2/payment/check",
                               json={"object_type": "INVOICE", "object_id": "none"},
                               headers={"Authorization": f"Bearer {till.tokens.access_token()}"}, timeout=10)
        assert answer.status_code >= 400
        problem = upstream.session_problem()
        assert problem is not None and problem.startswith("QPay login failed")
        assert PASSWORD not in problem


@pytest.mark.parametrize("profile", ["live", "contract"])
def test_an_hour_of_selling_through_two_copies_logs_in_at_most_twice(postgres_server: PostgresServer,
                                                                        profile: str) -> None:
    url = postgres_server.create_database()
    try:
        with running_chain(url, 2, tills=4, profile=profile) as chain:
            for step in range(12):                 # five minutes a step
                made = sell_at_once(chain, f"s{step}", sales=1)
                for invoice_id in made.values():
                    chain.pay(invoice_id)
                chain.move_time(HOUR / 12)
            assert chain.logins() <= 2
            assert 401 not in chain.statuses
            if profile == "contract":               # a refresh every ten minutes or so, one for all copies
                assert chain.refreshes() <= 7
    finally:
        postgres_server.drop_database(url)


# -- migrations, one copy at a time --------------------------------------------------------------------------

MIGRATE = ("import sys; from pos_app.store.db import open_database; print('ready', flush=True); sys.stdin.read(); "
           "open_database(sys.argv[1])")


def test_two_processes_migrating_one_new_database_at_once_both_succeed(postgres_server: PostgresServer,
                                                                         tmp_path: Path) -> None:
    url = postgres_server.create_database()
    try:
        logs = [tmp_path / f"copy{n}.log" for n in range(2)]
        processes = []
        for log in logs:
            with log.open("w") as errors:
                processes.append(subprocess.Popen([sys.executable, "-c", MIGRATE, url], cwd=ROOT, text=True,
                                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=errors))
        for process in processes:
            assert process.stdout is not None and process.stdout.readline() == "ready\n"
        # Both have imported everything and wait on their stdin: let them go together.
        for process in processes:
            assert process.stdin is not None
            process.stdin.close()
        returncodes = [process.wait(timeout=120) for process in processes]
        for process in processes:
            assert process.stdout is not None
            process.stdout.close()
        assert returncodes == [0, 0], [log.read_text() for log in logs]
        engine = create_engine(url)
        with engine.connect() as db:
            assert db.execute(text("SELECT version_num FROM alembic_version")).scalar() == "0002"
        engine.dispose()
    finally:
        postgres_server.drop_database(url)


def _upgrade(connection: Any) -> None:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    command.upgrade(config, "head")


def _waiting_on(engine: Any, kind: str) -> bool:
    with engine.connect() as db:
        return bool(db.execute(text("SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
                                    "AND wait_event = :kind AND datname = current_database()"),
                               {"kind": kind}).scalar())


def _second_migration_while_the_first_is_open(url: str, first_takes_the_lock: bool,
                                              second: Callable[[Any], None]) -> BaseException | None:
    """The first migration done but not yet committed; the second started meanwhile (and seen waiting);
    then the first commits. What the second raised, if anything."""
    engine = create_engine(url)
    outcome: list[BaseException | None] = []

    def run_second() -> None:
        try:
            second(engine)
            outcome.append(None)
        except Exception as exc:  # noqa: BLE001 - handed to the test thread
            outcome.append(exc)

    try:
        with engine.connect() as first:
            first.begin()
            if first_takes_the_lock:
                first.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
            _upgrade(first)
            thread = threading.Thread(target=run_second)
            thread.start()
            kind = "advisory" if first_takes_the_lock else "transactionid"
            wait_until(lambda: _waiting_on(engine, kind), 60)
            first.commit()
        thread.join(60)
        return outcome[0]
    finally:
        engine.dispose()


def test_without_the_lock_a_second_migration_fails_with_it_it_waits(postgres_server: PostgresServer) -> None:
    def unlocked(engine: Any) -> None:
        with engine.begin() as connection:
            _upgrade(connection)

    url = postgres_server.create_database()
    try:
        failed = _second_migration_while_the_first_is_open(url, False, unlocked)
        assert failed is not None                    # it made the same tables at the same time: refused
    finally:
        postgres_server.drop_database(url)
    url = postgres_server.create_database()
    try:
        assert _second_migration_while_the_first_is_open(url, True, migrate) is None   # waited, found it done
    finally:
        postgres_server.drop_database(url)
