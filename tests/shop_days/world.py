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

from pos_app.checkout import Checkout, CheckoutConfig
from pos_app.checkout.posapi_desk import PosApiDesk, PosApiSetup
from pos_app.checkout.training import TrainingDesk
from pos_app.domain.receipt_bills import SAME_DAY_MARGIN
from pos_app.journal import Journal
from pos_app.posapi import EbarimtLookupClient, PosApiClient, PosIdentity, RetryPolicy
from pos_app.qpay import QPayClient
from pos_app.sandbox import SandboxServer
from pos_app.sandbox.posapi import PosApiSandboxServer
from tests.qpay.helpers import FAST_POLICY, INVOICE_CODE, PASSWORD, USERNAME

UB = timezone(timedelta(hours=8), "+08")
POSAPI_TIN = "37900846788"
NO_RETRIES = RetryPolicy(max_attempts=1, base_delay=0, max_delay=0, jitter=0)
FLOAT = Decimal(50_000)            # every till's shift opens with this in the drawer
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
                 posapi_url: str | None) -> None:
        self.terminal, self.number, self.folder, self.clock = terminal, number, folder, clock
        self.qpay_url, self.posapi_url = qpay_url, posapi_url
        self.drawer = Drawer()
        self.open()

    def __repr__(self) -> str:
        return f"Till({self.terminal})"

    def open(self) -> None:
        self.journal = Journal(self.folder / f"{self.terminal}.sqlite3", self.terminal, clock=self.clock)
        client = QPayClient(self.qpay_url, USERNAME, PASSWORD, retry_policy=FAST_POLICY, timeout=(2, 3))
        self.checkout = Checkout(client, CheckoutConfig(invoice_code=INVOICE_CODE, callback_url="http://127.0.0.1:9/cb"))
        self.posapi = None
        if self.posapi_url is not None:
            identity = PosIdentity(merchant_tin=POSAPI_TIN, pos_no=self.terminal, branch_no="1", district_code="2501")
            self.posapi = PosApiDesk(PosApiClient(self.posapi_url, retry_policy=NO_RETRIES, timeout=(2, 3)),
                                     EbarimtLookupClient(self.posapi_url, retry_policy=NO_RETRIES),
                                     PosApiSetup(identity, till=self.number))
        self.customer = TrainingDesk(self.qpay_url)

    def close(self) -> None:
        self.customer.close()
        if self.posapi is not None:
            self.posapi.close()
        self.checkout.client.close()
        self.journal.close()

    def restart(self) -> None:
        """The till closed and started again on the same journal file (its memory, `PrintOnly`, is gone)."""
        self.close()
        self.open()


class Shop:
    """Both sandboxes (started once, reset for each generated day) and the day's tills."""

    def __init__(self) -> None:
        self.qpay = SandboxServer().start()
        self.posapi = PosApiSandboxServer().start()
        self.clock = ShopClock()
        self.skew = 0.0
        self.tills: list[Till] = []
        self._days = itertools.count()

    def stop(self) -> None:
        self.close_day()
        self.qpay.stop()
        self.posapi.stop()

    def open_day(self, folder: Path, tills: int, with_posapi: tuple[bool, ...], skew_seconds: float,
                 start: datetime | None = None) -> None:
        """A new generated day: fresh sandboxes, fresh journals in `folder`, the clocks at `start` (or now)."""
        self.close_day()
        self.qpay.reset()
        self.posapi.reset()
        self.clock = ShopClock()
        self.skew = max(-SKEW_LIMIT.total_seconds(), min(SKEW_LIMIT.total_seconds(), skew_seconds))
        if start is not None:
            self.move_to(start)
        self._sync_services()
        self.posapi_send_data()
        self.tills = [Till(f"T{index + 1}", index + 1, folder / f"day{next(self._days)}", self.clock, self.qpay.url,
                           self.posapi.url if with_posapi[index] else None) for index in range(tills)]

    def close_day(self) -> None:
        for till in self.tills:
            till.close()
        self.tills = []

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
            for sale in till.journal.sales_between(date(2000, 1, 1), date(2100, 1, 1)):
                for at, _kind, _detail in till.journal.events(sale.number):
                    found.add(at.date())
        return sorted(found)
