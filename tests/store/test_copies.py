"""Copies of the store on one PostgreSQL database, in front of one QPay sandbox: tills sell through any copy, a
sale number is sent to QPay once whichever copies it reaches at once (the create lease on its claim), a lease
left by a copy that died is looked up, never sent again, and a callback heard at one copy reaches the till's
stream at another (LISTEN/NOTIFY)."""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from typing import Any

import pytest
import requests
from sqlalchemy import event, insert

from pos_app.qpay import CallbackHint, QPayClient, QPayError
from pos_app.qpay.models import InvoiceCreated
from pos_app.sandbox import SandboxServer
from pos_app.sandbox.service import SandboxOptions
from pos_app.store.creating import CreateLeases
from pos_app.store.credentials import add_credential
from pos_app.store.db import invoices, open_database
from pos_app.store.invoice_rows import InvoiceRows
from pos_app.store.server import StoreServer
from pos_app.storelink.hints import StoreHints
from tests.pg_server import PostgresServer

from .helpers import INVOICE_CODE, PASSWORD, USERNAME, simple_invoice


@dataclass
class Chain:
    sandbox: SandboxServer
    copies: list[StoreServer]
    keys: dict[str, str]

    def client(self, till: str, copy: int) -> QPayClient:
        return QPayClient(self.copies[copy].url, till, self.keys[till])

    def creates(self, sender_invoice_no: str = "") -> list[dict[str, Any]]:
        """What QPay holds: every invoice (of one sale number), from the sandbox's own records."""
        state = self.sandbox.sandbox.state
        with state.lock:
            return [dict(invoice) for invoice in state.invoices.values()
                    if not sender_invoice_no or invoice.get("sender_invoice_no") == sender_invoice_no]

    def create_requests(self) -> int:
        log = requests.get(f"{self.sandbox.url}/_sandbox/requests", timeout=10).json()
        return sum(1 for entry in log if entry.get("method") == "POST" and entry.get("path") == "/v2/invoice")

    def fault(self, **fault: Any) -> None:
        requests.post(f"{self.sandbox.url}/_sandbox/faults", json=fault, timeout=10).raise_for_status()

    def pay(self, invoice_id: str) -> None:
        requests.post(f"{self.sandbox.url}/_sandbox/invoices/{invoice_id}/pay", timeout=10).raise_for_status()


@contextmanager
def store_copies(db_url: str, count: int, tills: tuple[str, ...] = ("T1", "T2", "T3")) -> Iterator[Chain]:
    # The live service's rule: one session per account, which the copies share (`session`).
    with ExitStack() as stack:
        sandbox = stack.enter_context(SandboxServer("127.0.0.1", 0, SandboxOptions(single_session=True)))
        copies = []
        for _ in range(count):
            copy = StoreServer(db_url, sandbox.url, USERNAME, PASSWORD, invoice_code=INVOICE_CODE)
            stack.callback(copy.stop)
            copies.append(copy.start())
        keys = {till: add_credential(copies[0].engine, till) for till in tills}
        for copy in copies:
            assert copy.context.relay.listening.wait(10)
        yield Chain(sandbox, copies, keys)


@pytest.fixture
def chain_db(postgres_server: PostgresServer) -> Iterator[str]:
    url = postgres_server.create_database()
    yield url
    postgres_server.drop_database(url)


def test_tills_sell_through_different_copies(chain_db: str) -> None:
    with store_copies(chain_db, 3) as chain:
        made: dict[str, InvoiceCreated] = {}
        for copy, till in enumerate(("T1", "T2", "T3")):
            with chain.client(till, copy) as client:
                made[till] = client.create_invoice(simple_invoice(f"{till}-0001", 1500 + copy))
        chain.pay(made["T2"].invoice_id)
        # Any copy knows every till's invoices (the claims are in the database) and keeps the others' hidden.
        with chain.client("T1", 2) as client:
            assert client.get_invoice(made["T1"].invoice_id).invoice_id == made["T1"].invoice_id
            assert client.find_invoice("T1-0001") is not None
            assert client.find_invoice("T2-0001") is None
        with chain.client("T2", 0) as client:
            assert client.paid_state(made["T2"].invoice_id).is_paid
            # Asked again at another copy (its answer was lost): looked up, never made twice.
            assert client.create_invoice(simple_invoice("T2-0001", 1501)).invoice_id == made["T2"].invoice_id
        assert len(chain.creates()) == 3


def test_one_number_through_two_copies_at_once_makes_one_invoice(chain_db: str) -> None:
    with store_copies(chain_db, 2) as chain:
        # QPay is slow to make it, so both copies have the number in hand at once.
        chain.fault(path_prefix="/v2/invoice", method="POST", delay_ms=1500)
        barrier = threading.Barrier(2)
        answers: list[InvoiceCreated | QPayError] = []

        def sell(copy: int) -> None:
            with chain.client("T1", copy) as client:
                client.authenticate()
                barrier.wait(10)
                try:
                    answers.append(client.create_invoice(simple_invoice("T1-0042", 4200)))
                except QPayError as exc:      # unknown to the till (a 503): it looks it up later
                    answers.append(exc)

        sellers = [threading.Thread(target=sell, args=(copy,)) for copy in (0, 1)]
        for seller in sellers:
            seller.start()
        for seller in sellers:
            seller.join(60)
        made = chain.creates("T1-0042")
        assert len(made) == 1 and chain.create_requests() == 1
        invoice_id = made[0]["invoice_id"]
        assert len(answers) == 2
        assert [answer.invoice_id for answer in answers if isinstance(answer, InvoiceCreated)] \
            in ([invoice_id], [invoice_id, invoice_id])
        for copy in (0, 1):       # whoever was told 503 finds the same invoice at either copy
            with chain.client("T1", copy) as client:
                found = client.find_invoice("T1-0042")
                assert found is not None and found.invoice_id == invoice_id
        assert chain.copies[0].context.invoices.by_sender("T1-0042").invoice_id == invoice_id  # type: ignore[union-attr]


def test_a_lease_is_one_holders_until_it_runs_out(store_db_url: str) -> None:
    """The lease itself, with a clock of the test's: held, waited for, run out and taken over, released only by
    its holder; a claim whose invoice is made is never leased again (it is looked up)."""
    engine = open_database(store_db_url)
    try:
        rows, now, waits = InvoiceRows(engine), [1000.0], []
        a = CreateLeases(rows, "copy-a", lambda: now[0], waits.append, lease_s=60, wait_s=1, poll_s=0.5)
        b = CreateLeases(rows, "copy-b", lambda: now[0], waits.append, lease_s=60, wait_s=1, poll_s=0.5)
        by_a = a.new_holder()
        row, new = rows.claim("T1", "T1-0500", "", by_a, a.until())
        assert new and rows.lease_of(row.ref) == (by_a, 1060.0)
        again, new = rows.claim("T1", "T1-0500", "")
        assert not new and again.ref == row.ref
        by_b = b.new_holder()
        assert b.wait_for_turn(again, by_b) == (again, False) and waits == [0.5, 0.5]   # a holds it
        now[0] += 61
        assert b.wait_for_turn(again, by_b) == (again, True)         # a's ran out: b's now
        a.release(row.ref, by_a)                                      # too late: b's, left alone
        assert rows.lease_of(row.ref) == (by_b, 1121.0)
        b.release(row.ref, by_b)
        assert rows.lease_of(row.ref) == (None, None)
        assert rows.made(row.ref, "INV-0500")
        made = rows.by_ref(row.ref)
        assert made is not None and a.wait_for_turn(made, a.new_holder()) == (made, False)
        assert rows.lease_of(row.ref) == (None, None)
    finally:
        engine.dispose()


def test_a_made_invoice_ends_its_lease_and_is_remembered(store_db_url: str) -> None:
    """Making the invoice ends the create lease in the same statement (no release after it), and the made row
    is remembered: a callback's look-up by reference, and the owner of its invoice, ask the database nothing.
    A claim not made yet is never remembered (a second create waits for it by reading the row)."""
    engine = open_database(store_db_url)
    try:
        rows, statements = InvoiceRows(engine), []
        event.listen(engine, "before_cursor_execute", lambda *call: statements.append(call[2]))
        row, _new = rows.claim("T1", "T1-0600", "", "copy-a/1", 2000.0)
        assert rows.by_ref(row.ref) == row and rows.remembered_ref(row.ref) is None    # not made: read each time
        assert rows.made(row.ref, "INV-0600")
        assert rows.lease_of(row.ref) == (None, None)
        made = rows.remembered_ref(row.ref)
        assert made is not None and (made.till, made.invoice_id) == ("T1", "INV-0600")
        statements.clear()
        assert rows.by_ref(row.ref) == made and rows.owner("INV-0600") == "T1"
        assert rows.remembered_owner("INV-0600") == "T1" and statements == []
        assert not rows.made(row.ref, "INV-OTHER")         # a claim never changes its invoice
    finally:
        engine.dispose()


def _claim_left_by_a_dead_copy(copy: StoreServer, sender_invoice_no: str, until: float) -> None:
    """A claim as a copy killed mid-create leaves it: no invoice id, its lease running until `until`."""
    with copy.engine.begin() as db:
        db.execute(insert(invoices).values(
            ref=f"dead-{sender_invoice_no}", till="T1", sender_invoice_no=sender_invoice_no, invoice_id=None,
            till_callback_url="", created_at="2026-11-27T10:00:00+00:00", sending_by="dead-copy/000000",
            sending_until=until))


def test_a_lease_left_by_a_killed_copy_is_looked_up_never_sent_twice(chain_db: str) -> None:
    with store_copies(chain_db, 2) as chain:
        alive = chain.copies[1]
        # 1. It had reached QPay before its copy died: its lease ran out, the next create finds that invoice.
        _claim_left_by_a_dead_copy(alive, "T1-0100", time.time() - 1)
        with QPayClient(chain.sandbox.url, USERNAME, PASSWORD) as direct:
            sent = direct.create_invoice(simple_invoice("T1-0100", 700, invoice_code=INVOICE_CODE))
        with chain.client("T1", 1) as client:
            assert client.create_invoice(simple_invoice("T1-0100", 700)).invoice_id == sent.invoice_id
        assert len(chain.creates("T1-0100")) == 1 and chain.create_requests() == 1
        assert alive.context.invoices.by_sender("T1-0100").invoice_id == sent.invoice_id  # type: ignore[union-attr]
        assert alive.context.invoices.lease_of("dead-T1-0100") == (None, None)

        # 2. It died before sending: looked up (nothing), then sent once.
        _claim_left_by_a_dead_copy(alive, "T1-0101", time.time() - 1)
        with chain.client("T1", 1) as client:
            made = client.create_invoice(simple_invoice("T1-0101", 800))
        assert [invoice["invoice_id"] for invoice in chain.creates("T1-0101")] == [made.invoice_id]
        assert chain.create_requests() == 2

        # 3. Its lease still runs: the copy waits a little, finds nothing at QPay, and says "being created"
        # (unknown to the till), never sends.
        _claim_left_by_a_dead_copy(alive, "T1-0102", time.time() + 600)
        alive.context.creating.wait_s = 0.5
        with chain.client("T1", 1) as client:
            token = client.authenticate().access_token
        answer = requests.post(f"{alive.url}/v2/invoice", json=simple_invoice("T1-0102", 900),
                               headers={"Authorization": f"Bearer {token}"}, timeout=30)
        assert answer.status_code == 503 and answer.json()["error_code"] == "INVOICE_BEING_CREATED"
        assert answer.headers["Retry-After"]
        assert chain.creates("T1-0102") == [] and chain.create_requests() == 2
        assert alive.context.invoices.lease_of("dead-T1-0102")[0] == "dead-copy/000000"


def test_a_callback_at_one_copy_reaches_a_till_listening_at_another(chain_db: str) -> None:
    with store_copies(chain_db, 3) as chain:
        heard: dict[str, queue.Queue[CallbackHint]] = {"T1": queue.Queue(), "T2": queue.Queue()}
        # T1 listens at copy B, T2 at copy C; both sell through copy A, so QPay calls A back.
        listeners = [StoreHints(chain.copies[copy].url, till, chain.keys[till], heard[till].put).start()
                     for copy, till in ((1, "T1"), (2, "T2"))]
        try:
            for listener in listeners:
                assert listener.connected.wait(10)
            for till in ("T1", "T2"):
                with chain.client(till, 0) as client:
                    created = client.create_invoice(simple_invoice(f"{till}-0200", 2500))
                chain.pay(created.invoice_id)
                assert heard[till].get(timeout=15).invoice_id == created.invoice_id
            assert heard["T1"].empty() and heard["T2"].empty()     # each hint once, to its own till only
        finally:
            for listener in listeners:
                listener.stop()


def test_a_callback_where_its_till_listens_is_not_sent_on(chain_db: str) -> None:
    """The till's stream is at the copy QPay called back: the hint goes to it there, and nothing to the other
    copies (no `NOTIFY`, a database round trip saved on each such callback)."""
    with store_copies(chain_db, 2) as chain:
        notified: list[str] = []
        event.listen(chain.copies[0].engine, "before_cursor_execute",
                     lambda *call: notified.append(call[2]) if "pg_notify" in call[2] else None)
        heard: queue.Queue[CallbackHint] = queue.Queue()
        listener = StoreHints(chain.copies[0].url, "T1", chain.keys["T1"], heard.put).start()
        try:
            assert listener.connected.wait(10)
            with chain.client("T1", 0) as client:
                created = client.create_invoice(simple_invoice("T1-0300", 2500))
            chain.pay(created.invoice_id)
            assert heard.get(timeout=15).invoice_id == created.invoice_id
            assert notified == [] and chain.copies[1].context.relay.relayed == 0
        finally:
            listener.stop()
