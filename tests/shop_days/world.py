"""The shop a generated day runs in: both sandboxes over real HTTP, one clock for the shop, and one to three tills,
each with its own journal file and its own clients, built exactly as the till builds them (no Qt).

The shop's time is real time plus an offset that the day moves; the sandboxes' clocks are moved with it (PosAPI's
ahead of the till's or behind it by the day's `skew`), so that dates, expiry and midnight happen for everyone at
once. What the customer and the cashier hand over at the counter is kept here too (`Drawer`): the till's own
figures are checked against it, never against themselves.
"""

from __future__ import annotations

import itertools
import time
from dataclasses import dataclass
from datetime import date, datetime, timedelta, timezone
from decimal import Decimal
from pathlib import Path
from typing import Any

import requests

from pos_app.checkout import Checkout, CheckoutConfig
from pos_app.checkout.posapi_desk import PosApiDesk, PosApiSetup
from pos_app.checkout.training import TrainingDesk
from pos_app.domain.receipt_bills import SAME_DAY_MARGIN
from pos_app.journal import Journal
from pos_app.posapi import EbarimtLookupClient, PosApiClient, PosIdentity, RetryPolicy
from pos_app.qpay import QPayClient
from pos_app.sandbox import SandboxServer
from pos_app.sandbox.posapi import PosApiSandboxServer
from pos_app.config.settings import STORE_INVOICE_CODE
from pos_app.store.credentials import OWNER, add_credential
from pos_app.store.server import StoreServer
from pos_app.storelink.shipping import JournalShipper
from tests.qpay.helpers import FAST_POLICY, INVOICE_CODE, PASSWORD, USERNAME

UB = timezone(timedelta(hours=8), "+08")
POSAPI_TIN = "37900846788"
NO_RETRIES = RetryPolicy(max_attempts=1, base_delay=0, max_delay=0, jitter=0)
FLOAT = Decimal(50_000)            # every till's shift opens with this in the drawer
OWNER_NAME = "owner"
SKEW_LIMIT = SAME_DAY_MARGIN - timedelta(minutes=1)   # PosAPI's clock may differ from the till's by less


class ShopClock:
    """The shop's time: real time plus `offset`. Each reading moves on by at least a microsecond, so a till's
    steps stay in order even when the machine's clock does not move between them."""

    def __init__(self) -> None:
        self.offset = 0.0
        self._last = datetime.min.replace(tzinfo=UB)

    def __call__(self) -> datetime:
        moment = datetime.fromtimestamp(time.time() + self.offset, UB)
        if moment <= self._last:
            moment = self._last + timedelta(microseconds=1)
        self._last = moment
        return moment

    def peek(self) -> datetime:
        return max(datetime.fromtimestamp(time.time() + self.offset, UB), self._last)


@dataclass
class Drawer:
    """The cash that physically went in and out of one till's drawer (the harness's own count)."""

    float_amount: Decimal = FLOAT
    cash_in: Decimal = Decimal(0)       # what customers handed over, less the change handed back
    cash_out: Decimal = Decimal(0)      # cash given back (tenders handed back, returns)

    @property
    def expected(self) -> Decimal:
        return self.float_amount + self.cash_in - self.cash_out


class Till:
    """One till: its journal, its QPay checkout, its PosAPI desk (None: it has none, and QPay sales get QPay's own
    ebarimt), the customer's QPay app, its drawer."""

    journal: Journal
    checkout: Checkout
    posapi: PosApiDesk | None
    customer: TrainingDesk

    def __init__(self, terminal: str, number: int, folder: Path, clock: ShopClock, qpay_url: str,
                 posapi_url: str | None, store: StoreLink | None = None) -> None:
        self.terminal, self.number, self.folder, self.clock = terminal, number, folder, clock
        self.qpay_url, self.posapi_url, self.store = qpay_url, posapi_url, store
        self.drawer = Drawer()
        self.shipper: JournalShipper | None = None
        self.open()

    def __repr__(self) -> str:
        return f"Till({self.terminal})"

    def open(self) -> None:
        self.journal = Journal(self.folder / f"{self.terminal}.sqlite3", self.terminal, clock=self.clock)
        if self.store is None:
            client = QPayClient(self.qpay_url, USERNAME, PASSWORD, retry_policy=FAST_POLICY, timeout=(2, 3))
            code = INVOICE_CODE
        else:       # QPay through the shop's store, as this till, and its journal shipped there
            key = self.store.keys[self.terminal]
            client = QPayClient(self.store.url, self.terminal, key, retry_policy=FAST_POLICY, timeout=(2, 3))
            code = STORE_INVOICE_CODE
            self.shipper = JournalShipper(self.store.url, self.terminal, key, self.journal, interval=0.2,
                                          first_wait=0.05, max_wait=0.5).start()
        self.checkout = Checkout(client, CheckoutConfig(invoice_code=code, callback_url="http://127.0.0.1:9/cb"))
        self.posapi = None
        if self.posapi_url is not None:
            identity = PosIdentity(merchant_tin=POSAPI_TIN, pos_no=self.terminal, branch_no="1", district_code="2501")
            self.posapi = PosApiDesk(PosApiClient(self.posapi_url, retry_policy=NO_RETRIES, timeout=(2, 3)),
                                     EbarimtLookupClient(self.posapi_url, retry_policy=NO_RETRIES),
                                     PosApiSetup(identity, till=self.number))
        self.customer = TrainingDesk(self.qpay_url)

    def close(self) -> None:
        if self.shipper is not None:
            self.shipper.stop()
            self.shipper = None
        self.customer.close()
        if self.posapi is not None:
            self.posapi.close()
        self.checkout.client.close()
        self.journal.close()

    def restart(self) -> None:
        """The till closed and started again on the same journal file (its memory, `PrintOnly`, is gone)."""
        self.close()
        self.open()


class StoreLink:
    """The shop's store (pos-store on its own SQLite file) in front of the QPay sandbox: its tills' keys and the
    owner's, who reads the day's report."""

    def __init__(self, folder: Path, qpay_url: str, terminals: list[str]) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        self.server = StoreServer(f"sqlite:///{folder}/store.sqlite3", qpay_url, USERNAME, PASSWORD,
                                  invoice_code=INVOICE_CODE).start()
        self.keys = {terminal: add_credential(self.server.engine, terminal) for terminal in terminals}
        self.keys[OWNER_NAME] = add_credential(self.server.engine, OWNER_NAME, OWNER)

    @property
    def url(self) -> str:
        return self.server.url

    def day(self, day: date) -> dict[str, Any]:
        answer = requests.get(f"{self.url}/store/day/{day.isoformat()}", auth=(OWNER_NAME, self.keys[OWNER_NAME]),
                              timeout=30)
        answer.raise_for_status()
        return dict(answer.json())

    def stop(self) -> None:
        self.server.stop()


class Shop:
    """Both sandboxes (started once, reset for each generated day) and the day's tills."""

    def __init__(self) -> None:
        self.qpay = SandboxServer().start()
        self.posapi = PosApiSandboxServer().start()
        self.clock = ShopClock()
        self.skew = 0.0
        self.cash_step = Decimal(1)
        self.store: StoreLink | None = None
        self.tills: list[Till] = []
        self._days = itertools.count()

    def stop(self) -> None:
        self.close_day()
        self.qpay.stop()
        self.posapi.stop()

    def open_day(self, folder: Path, tills: int, with_posapi: tuple[bool, ...], skew_seconds: float,
                 start: datetime | None = None, *, through_store: bool = False, cash_step: Decimal = Decimal(1)
                 ) -> None:
        """A new generated day: fresh sandboxes, fresh journals in `folder`, the clocks at `start` (or now); the
        tills' QPay through a store of their own when `through_store`; cash rounded by `cash_step`."""
        self.close_day()
        self.cash_step = cash_step
        self.qpay.reset()
        self.posapi.reset()
        self.clock = ShopClock()
        self.skew = max(-SKEW_LIMIT.total_seconds(), min(SKEW_LIMIT.total_seconds(), skew_seconds))
        if start is not None:
            self.move_to(start)
        self._sync_services()
        self.posapi_send_data()
        day_folder = folder / f"day{next(self._days)}"
        terminals = [f"T{index + 1}" for index in range(tills)]
        self.store = StoreLink(day_folder, self.qpay.url, terminals) if through_store else None
        self.tills = [Till(terminal, index + 1, day_folder, self.clock, self.qpay.url,
                           self.posapi.url if with_posapi[index] else None, self.store)
                      for index, terminal in enumerate(terminals)]

    def close_day(self) -> None:
        for till in self.tills:
            till.close()
        self.tills = []
        if self.store is not None:
            self.store.stop()
            self.store = None

    # -- time -----------------------------------------------------------------------------------------------

    def now(self) -> datetime:
        return self.clock.peek()

    def advance(self, seconds: float) -> None:
        self.clock.offset += seconds
        self._sync_services()

    def move_to(self, moment: datetime) -> None:
        """Forward only (the services' clocks never go back)."""
        ahead = (moment - self.clock.peek()).total_seconds()
        if ahead > 0:
            self.advance(ahead)

    def _sync_services(self) -> None:
        self.qpay.sandbox.state.clock.set_offset(self.clock.offset)
        self.posapi.sandbox.clock.set_offset(self.clock.offset + self.skew)

    def posapi_now(self) -> datetime:
        return self.posapi.sandbox.clock.now()

    def posapi_send_data(self) -> None:
        """What PosAPI's own timer does: the day's receipts sent, the lotteries topped up (else it refuses)."""
        self.posapi.sandbox.send_data()

    # -- what the services hold -----------------------------------------------------------------------------

    def posapi_receipts(self) -> list[dict[str, Any]]:
        with self.posapi.sandbox.lock:
            return [dict(record) for record in self.posapi.sandbox.receipts.values()]

    def qpay_invoices(self) -> list[dict[str, Any]]:
        state = self.qpay.sandbox.state
        with state.lock:
            return [dict(invoice) for invoice in state.invoices.values()]

    def qpay_payments(self) -> list[dict[str, Any]]:
        state = self.qpay.sandbox.state
        with state.lock:
            return [dict(payment) for payment in state.payments.values()]

    def qpay_ebarimts(self) -> list[dict[str, Any]]:
        state = self.qpay.sandbox.state
        with state.lock:
            return [dict(ebarimt) for ebarimt in state.ebarimts.values()]

    def days(self) -> list[date]:
        """Every shop day a journal holds a step of."""
        found: set[date] = set()
        for till in self.tills:
            for sale in till.journal.queries.between(date(2000, 1, 1), date(2100, 1, 1)):
                for at, _kind, _detail in till.journal.queries.events(sale.number):
                    found.add(at.date())
        return sorted(found)
