"""The store in copies behind a real load balancer (Debian's HAProxy, `balancer.StoreCopies`) on one PostgreSQL
database, in front of a real QPay sandbox: tills (the till's own `QPayClient`) sell through two and three copies;
a copy killed with SIGKILL mid-sale and PostgreSQL stopped hard for 10 s lose and double nothing (each sale
number makes exactly one invoice at QPay, and every sale is paid); the live one-session rule sees at most two
logins for all the copies together.

A till whose call got no readable answer settles it as the till does: by reading back (`find_invoice`), and
only a number QPay does not know is asked for again.
"""

from __future__ import annotations

import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from decimal import Decimal

import pytest
import requests

from pos_app.qpay import CallbackHint, QPayClient, QPayError
from pos_app.qpay.models import InvoiceCreated
from pos_app.sandbox import SandboxServer
from pos_app.sandbox.service import SandboxOptions
from pos_app.store.creating import LEASE_S
from pos_app.storelink.hints import StoreHints
from tests.pg_server import PostgresServer

from tests.qpay.helpers import wait_until

from .balancer import StoreCopies
from .helpers import INVOICE_CODE, PASSWORD, USERNAME, simple_invoice

SETTLE_S = 60.0           # a lost answer is read back until it settles within this (an outage is 10 s)
# A copy killed mid-create (or cut off from the database) keeps that number's create lease until it runs out
# (docs/store.md, "How it keeps money right"): meanwhile the store answers 503 and the till asks again, so a
# create settles within the lease and a margin.
CREATE_SETTLE_S = LEASE_S + 30.0
OUTAGE_S = 10.0
DAY = "20261127"


@pytest.fixture
def sandbox() -> Iterator[SandboxServer]:
    # The live service's rule: one session per merchant account (a login ends the others), for every test here.
    server = SandboxServer("127.0.0.1", 0, SandboxOptions(single_session=True)).start()
    yield server
    server.stop()


@pytest.fixture
def store_copies(postgres_server: PostgresServer,
                 sandbox: SandboxServer) -> Iterator[Callable[..., StoreCopies]]:
    """`store_copies(n)`: n copies on a fresh database of the session's PostgreSQL, behind HAProxy."""
    started: list[tuple[StoreCopies, str]] = []

    def start(count: int, *, db_url: str | None = None, qpay_url: str | None = None,
              https: bool = False) -> StoreCopies:
        url = db_url or postgres_server.create_database("balancer")
        copies = StoreCopies(url, qpay_url or sandbox.url, count, username=USERNAME, password=PASSWORD,
                             invoice_code=INVOICE_CODE, https=https).start()
        started.append((copies, url if db_url is None else ""))
        return copies

    yield start
    for copies, own_database in started:
        copies.stop()
        if own_database:
            postgres_server.drop_database(own_database)


def sale_numbers(sandbox: SandboxServer) -> Counter[str]:
    """How many invoices QPay holds for each sale number."""
    return Counter(str(invoice["sender_invoice_no"]) for invoice in list(sandbox.sandbox.state.invoices.values()))


def logins(sandbox: SandboxServer) -> int:
    return sum(1 for entry in sandbox.sandbox.log.entries()
               if entry.get("path") == "/v2/auth/token" and entry.get("status") == 200)


def settled_create(client: QPayClient, number: str, amount: int) -> str:
    """The invoice of `number`: created, or (no readable answer) read back, and asked again only when QPay does
    not have it."""
    try:
        return client.create_invoice(simple_invoice(number, amount)).invoice_id
    except QPayError as lost:
        status = getattr(lost, "status", None) or 0          # none: no answer at all
        if 400 <= status < 500 and status not in (401, 409, 429):
            raise

    def read_back() -> str | None:
        try:
            found = client.find_invoice(number, amount=Decimal(amount))
            return found.invoice_id if found is not None else \
                client.create_invoice(simple_invoice(number, amount)).invoice_id
        except QPayError:
            return None                      # still no answer: read back again

    return str(wait_until(read_back, CREATE_SETTLE_S))


def settled_paid(client: QPayClient, invoice_id: str) -> bool:
    def read() -> tuple[bool] | None:
        try:
            return (client.paid_state(invoice_id).is_paid,)
        except QPayError:
            return None

    return bool(wait_until(read, SETTLE_S)[0])


def not_ready(url: str) -> bool:
    """Whether the copy at `url` says it cannot serve (its database does not answer)."""
    try:
        return requests.get(f"{url}/store/health/ready", timeout=5).status_code == 503
    except requests.RequestException:
        return False


class Tills:
    """Tills selling at once through one address, each on a thread of its own: create, the payer pays at the
    sandbox, the till checks; `between` runs after each till's sale (a test's moment to break something)."""

    def __init__(self, url: str, keys: dict[str, str], sandbox: SandboxServer, certificate_sha256: str = "") -> None:
        self.url, self.keys, self.sandbox = url, keys, sandbox
        self.certificate_sha256 = certificate_sha256
        self.sold: dict[str, str] = {}          # sale number -> invoice id
        self.paid: dict[str, bool] = {}
        self.failures: list[str] = []
        self._lock = threading.Lock()

    def run(self, sales: int, between: Callable[[str, int], None] = lambda till, sale: None) -> None:
        threads = [threading.Thread(target=self._till, args=(till, sales, between), name=f"till-{till}")
                   for till in self.keys]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert not self.failures, self.failures

    def _till(self, till: str, sales: int, between: Callable[[str, int], None]) -> None:
        import requests

        client = QPayClient(self.url, till, self.keys[till], certificate_sha256=self.certificate_sha256)
        try:
            for sale in range(1, sales + 1):
                number = f"{till}-{DAY}-{sale:06d}"
                invoice_id = settled_create(client, number, 1000 + sale)
                answer = requests.post(f"{self.sandbox.url}/_sandbox/invoices/{invoice_id}/pay", json={}, timeout=10)
                assert answer.status_code == 200, answer.text
                paid = settled_paid(client, invoice_id)
                with self._lock:
                    self.sold[number], self.paid[number] = invoice_id, paid
                between(till, sale)
        except Exception as exc:  # noqa: BLE001 - told to the test, which fails on it
            with self._lock:
                self.failures.append(f"{till}: {type(exc).__name__}: {exc}")
        finally:
            client.close()


def assert_nothing_lost_or_doubled(tills: Tills, sandbox: SandboxServer, expected: int) -> None:
    counts = sale_numbers(sandbox)
    assert len(tills.sold) == expected
    assert {number: counts[number] for number in tills.sold} == dict.fromkeys(tills.sold, 1)
    assert all(tills.paid.values()), [number for number, paid in tills.paid.items() if not paid]


@pytest.mark.parametrize("count", [2, 3])
def test_tills_sell_through_copies_behind_the_balancer(count: int, store_copies: Callable[..., StoreCopies],
                                                       sandbox: SandboxServer) -> None:
    copies = store_copies(count)
    keys = {till: copies.add_till(till) for till in ("T1", "T2", "T3")}
    tills = Tills(copies.url, keys, sandbox)
    tills.run(4)
    assert_nothing_lost_or_doubled(tills, sandbox, 12)
    assert all(copy.alive for copy in copies.copies)


def test_tills_pinning_the_balancers_certificate_sell_through_it_over_https(
        store_copies: Callable[..., StoreCopies], sandbox: SandboxServer) -> None:
    """docs/store.md's set-up: HAProxy serves HTTPS to the tills (its certificate pinned at each till), the copies
    plain HTTP behind it on loopback."""
    copies = store_copies(2, https=True)
    assert copies.url.startswith("https://") and copies.certificate_sha256
    keys = {till: copies.add_till(till) for till in ("T1", "T2")}
    tills = Tills(copies.url, keys, sandbox, certificate_sha256=copies.certificate_sha256)
    tills.run(2)
    assert_nothing_lost_or_doubled(tills, sandbox, 4)
    with pytest.raises(QPayError):            # a till that pinned another certificate sends it nothing
        QPayClient(copies.url, "T1", keys["T1"], certificate_sha256="AB" * 32).authenticate()


@pytest.mark.timeout(CREATE_SETTLE_S * 3)
def test_a_copy_killed_mid_sale_loses_and_doubles_nothing(store_copies: Callable[..., StoreCopies],
                                                          sandbox: SandboxServer) -> None:
    copies = store_copies(3)
    keys = {till: copies.add_till(till) for till in ("T1", "T2", "T3", "T4")}
    victim = copies.copies[0]
    killed = threading.Event()

    def kill_once(till: str, sale: int) -> None:
        if till == "T1" and sale == 2 and not killed.is_set():
            killed.set()
            victim.kill()                 # other tills are mid-sale on it now and then: round robin

    tills = Tills(copies.url, keys, sandbox)
    tills.run(6, kill_once)
    assert killed.is_set() and not victim.alive
    assert_nothing_lost_or_doubled(tills, sandbox, 24)


@pytest.mark.timeout(CREATE_SETTLE_S * 3)
def test_postgresql_stopped_for_10_s_loses_and_doubles_nothing(store_copies: Callable[..., StoreCopies],
                                                               sandbox: SandboxServer) -> None:
    with PostgresServer() as private:            # its own server: stopping the session's would break others
        copies = store_copies(2, db_url=private.url)
        keys = {till: copies.add_till(till) for till in ("T1", "T2", "T3")}
        outage = threading.Event()

        def stop_postgresql(till: str, sale: int) -> None:
            if till == "T1" and sale == 2 and not outage.is_set():
                outage.set()
                private.halt()
                began = time.monotonic()
                # The other tills keep selling into it: it ends once every copy has seen it, 10 s after it began.
                wait_until(lambda: time.monotonic() - began >= OUTAGE_S
                           and all(not_ready(copy.url) for copy in copies.copies), 3 * OUTAGE_S)
                private.resume()

        tills = Tills(copies.url, keys, sandbox)
        tills.run(5, stop_postgresql)
        assert outage.is_set()
        assert_nothing_lost_or_doubled(tills, sandbox, 15)
        copies.stop()


def test_three_copies_log_in_at_qpay_at_most_twice(store_copies: Callable[..., StoreCopies]) -> None:
    live = SandboxServer("127.0.0.1", 0, SandboxOptions(profile="live")).start()
    try:
        copies = store_copies(3, qpay_url=live.url)
        keys = {till: copies.add_till(till) for till in ("T1", "T2", "T3")}
        tills = Tills(copies.url, keys, live)
        tills.run(4)
        assert_nothing_lost_or_doubled(tills, live, 12)
        assert logins(live) <= 2
    finally:
        live.stop()


def test_one_number_sent_through_two_copies_at_once_makes_one_invoice(store_copies: Callable[..., StoreCopies],
                                                                      sandbox: SandboxServer) -> None:
    copies = store_copies(2)
    key = copies.add_till("T1")
    # QPay is slow to make it, so both copies have the number in hand at once.
    requests.post(f"{sandbox.url}/_sandbox/faults", json={"path_prefix": "/v2/invoice", "method": "POST",
                                                          "delay_ms": 1500}, timeout=10).raise_for_status()
    number, barrier = f"T1-{DAY}-000042", threading.Barrier(2)
    answers: list[InvoiceCreated | QPayError] = []

    def sell(copy: int) -> None:
        client = QPayClient(copies.copies[copy].url, "T1", key)
        try:
            client.authenticate()
            barrier.wait(30)
            answers.append(client.create_invoice(simple_invoice(number, 4200)))
        except QPayError as exc:          # unknown to the till (a 503): it reads it back later
            answers.append(exc)
        finally:
            client.close()

    sellers = [threading.Thread(target=sell, args=(copy,)) for copy in (0, 1)]
    for seller in sellers:
        seller.start()
    for seller in sellers:
        seller.join(120)
    assert sale_numbers(sandbox)[number] == 1
    invoice_id = next(invoice["invoice_id"] for invoice in sandbox.sandbox.state.invoices.values()
                      if invoice["sender_invoice_no"] == number)
    assert len(answers) == 2
    assert all(answer.invoice_id == invoice_id for answer in answers if isinstance(answer, InvoiceCreated))
    for copy in copies.copies:            # whoever was told 503 reads the same invoice back at any copy
        client = QPayClient(copy.url, "T1", key)
        try:
            found = client.find_invoice(number)
            assert found is not None and found.invoice_id == invoice_id
        finally:
            client.close()


def test_a_callback_at_one_copy_reaches_a_till_listening_at_another(store_copies: Callable[..., StoreCopies],
                                                                    sandbox: SandboxServer) -> None:
    copies = store_copies(3)
    key = copies.add_till("T1")
    heard: list[CallbackHint] = []
    hint_came = threading.Event()

    def on_hint(hint: CallbackHint) -> None:
        heard.append(hint)
        hint_came.set()

    hints = StoreHints(copies.copies[2].url, "T1", key, on_hint).start()      # the till listens at copy 3
    client = QPayClient(copies.copies[1].url, "T1", key)                       # ... and sells through copy 2
    try:
        assert hints.connected.wait(30)
        invoice_id = client.create_invoice(simple_invoice(f"T1-{DAY}-000007", 700)).invoice_id
        callback_url = sandbox.sandbox.state.invoices[invoice_id]["callback_url"]
        ref = callback_url.rsplit("/", 1)[1]
        # QPay calls back copy 1 (the balancer may send it to any copy).
        answer = requests.post(f"{copies.copies[0].url}/store/callback/{ref}", json={"invoice_id": invoice_id},
                               timeout=10)
        assert answer.status_code == 200
        assert hint_came.wait(30)
        assert [hint.invoice_id for hint in heard] == [invoice_id]
    finally:
        hints.stop()
        client.close()
