"""What every whole-sale fault case checks, and how a case drives the till through a sale.

`assert_sale_kept` is the one invariant checker (the fault matrix and the crash tests use it):

1. no sale lost: the journal holds the sale, its lines and its total (the lines add up to it);
2. no invoice twice: the service holds at most one invoice for the sale's number that is not
   cancelled, and it is the one the journal records; so for each invoice for the rest of a partly
   paid sale (`<number>-2`...), whose payments count for the sale;
3. never paid without the money: a sale the journal calls paid is paid in full at the service,
   with the payments the journal lists;
4. no paid sale without its receipt offer: when the service has the money, the till offers the
   receipt (Stage.PAID) or has issued it; the receipt is then issued and each payment has exactly
   one active ebarimt, the one the journal records;
5. journal and service agree on every receipt: the same receipts, each with the same status
   (valid or voided; a void still being asked may be either) and the same receiver.

The service is read from the sandbox's own records (cancelled invoices included), not through the
client under test, so a client bug cannot hide a duplicate.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date, timedelta
from decimal import Decimal
from typing import Any

from PySide6.QtCore import Qt

from pos_app.domain.sale import Stage
from pos_app.journal import Journal, JournalSale, JournalStatus, ReceiptStatus
from pos_app.journal.sale_invoices import InvoiceStatus
from pos_app.sandbox import SandboxServer

from .conftest import WAIT_MS, Till

PAID_STATUSES = frozenset({JournalStatus.PAID, JournalStatus.RECEIPT_PENDING, JournalStatus.COMPLETED})


# -- the service's records ------------------------------------------------------------------------------


def invoices_numbered(sandbox: SandboxServer, number: str) -> list[dict[str, Any]]:
    """Every invoice the service holds for this sender_invoice_no, cancelled ones too."""
    state = sandbox.sandbox.state
    with state.lock:
        return [dict(invoice) for invoice in state.invoices.values() if invoice["sender_invoice_no"] == number]


def paid_payments(sandbox: SandboxServer, invoice_id: str) -> list[dict[str, Any]]:
    state = sandbox.sandbox.state
    with state.lock:
        return [dict(payment) for payment in state.invoice_payments(invoice_id)
                if payment["payment_status"] == "PAID"]


def receipts_of(sandbox: SandboxServer, payment_ids: Iterable[str]) -> list[dict[str, Any]]:
    """Every ebarimt the service made for these payments (voided ones too)."""
    ids = set(payment_ids)
    state = sandbox.sandbox.state
    with state.lock:
        return [dict(receipt) for receipt in state.ebarimts.values() if receipt["payment_id"] in ids]


def allow_on_invoice(sandbox: SandboxServer, invoice_id: str, **flags: Any) -> None:
    """Change what an invoice accepts (allow_partial, allow_exceed...) in the service's records: the
    stand-in for an account whose invoices take part payments, which the till's invoices do not ask for."""
    state = sandbox.sandbox.state
    with state.lock:
        state.invoices[invoice_id].update(flags)


# -- the invariants ---------------------------------------------------------------------------------------


def assert_sale_kept(till: Till, sandbox: SandboxServer, number: str, *,
                     lines: list[tuple[str | None, Decimal]] | None = None, issue: bool = True) -> JournalSale:
    """The four invariants for one sale (see the module docstring). With `issue`, a sale that is paid and
    offered its receipt has it issued here (from the keyboard), and the one ebarimt is checked."""
    journal = till.app.backend.journal  # type: ignore[union-attr]
    # 1. no sale lost
    sale = journal.queries.get(number)
    assert sale.lines, f"sale {number} lost its lines"
    assert sale.total == sum((line.total for line in sale.lines), Decimal(0)) and sale.total > 0
    if lines is not None:
        assert [(line.barcode, line.quantity) for line in sale.lines] == lines
    # 2. no invoice twice
    invoices = invoices_numbered(sandbox, number)
    live = [invoice for invoice in invoices if invoice["invoice_status"] != "CANCELLED"]
    assert len(live) <= 1, f"sale {number} has {len(live)} live invoices at the service: " + ", ".join(
        f"{invoice['invoice_id']} {invoice['invoice_status']}" for invoice in live)
    if live:
        assert sale.status is not JournalStatus.FAILED, f"sale {number} is marked failed but its invoice exists"
        if sale.status is not JournalStatus.CREATING:
            assert sale.invoice_id == live[0]["invoice_id"], "the journal records another invoice than the live one"
    if sale.invoice_id is not None:
        assert sale.invoice_id in {invoice["invoice_id"] for invoice in invoices}, "the journal's invoice is unknown"
    payments = paid_payments(sandbox, live[0]["invoice_id"]) if live else []
    payments += remainder_payments(sandbox, journal, sale)   # a partly paid sale's invoices for the rest
    paid = sum((payment["payment_amount"] for payment in payments), Decimal(0))
    service_paid = bool(live) and paid >= sale.qpay_due      # a split sale: its tenders are not at the service
    # 3. never paid without the money (a sale given back has no paid payment left: not asked here)
    if sale.status in PAID_STATUSES and sale.reversal_status is None:
        assert service_paid, f"sale {number} is {sale.status.value} in the journal, the service has {paid}"
        assert {p.payment_id for p in sale.payments} <= {p["payment_id"] for p in payments}
        assert sale.paid_amount >= sale.total
    # 4. no paid sale without its receipt offer; then exactly one ebarimt
    if service_paid:
        def offered() -> bool:
            on_screen = till.flow.sale is not None and till.flow.sale.number == number
            return ((on_screen and till.flow.stage in (Stage.PAID, Stage.COMPLETED))
                    or journal.queries.get(number).status is JournalStatus.COMPLETED)

        till.qtbot.waitUntil(offered, timeout=WAIT_MS)
        if issue and journal.queries.get(number).status is not JournalStatus.COMPLETED:
            issue_receipt(till)
        sale = journal.queries.get(number)
        if issue or sale.status is JournalStatus.COMPLETED:
            assert sale.status is JournalStatus.COMPLETED and sale.receipt is not None
            for payment in payments:
                active = [r for r in receipts_of(sandbox, [payment["payment_id"]]) if r["barimt_status"] == "CREATED"]
                assert [r["id"] for r in active] == [r.receipt.receipt_id for r in sale.valid_receipts
                                                     if r.payment_id == payment["payment_id"]], \
                    f"sale {number}: payment {payment['payment_id']} has {len(active)} active ebarimt(s)"
    assert_receipts_agree(sandbox, sale)
    return sale


def assert_receipts_agree(sandbox: SandboxServer, sale: JournalSale) -> None:
    """5. The journal's receipts are the service's: the same ids, status and receiver."""
    made = {receipt["id"]: receipt for receipt in receipts_of(sandbox, [p.payment_id for p in sale.payments])}
    recorded = {row.receipt.receipt_id: row for row in sale.receipts}
    pending = sale.status is JournalStatus.RECEIPT_PENDING   # made, answer not recorded yet
    missing = set(made) - set(recorded)
    assert not (set(recorded) - set(made)), f"sale {sale.number}: receipts unknown to the service"
    assert pending or not missing, f"sale {sale.number}: the service made receipts the journal lacks: {missing}"
    for receipt_id, row in recorded.items():
        service = made[receipt_id]
        service_valid = service["barimt_status"] == "CREATED"
        if row.status is ReceiptStatus.ISSUED:
            assert service_valid, f"sale {sale.number}: receipt {receipt_id} valid here, voided at the service"
        elif row.status is ReceiptStatus.CANCELLED:
            assert not service_valid, f"sale {sale.number}: receipt {receipt_id} voided here, valid at the service"
        assert (service["ebarimt_receiver_type"], service["ebarimt_receiver"]) == (
            row.receipt.receiver.kind.value, row.receipt.receiver.register), \
            f"sale {sale.number}: receipt {receipt_id} has another receiver at the service"


def remainder_payments(sandbox: SandboxServer, journal: Journal, sale: JournalSale) -> list[dict[str, Any]]:
    """2. for a partly paid sale's invoices for the rest (`<number>-2`...): each number has at most one live
    invoice at the service, the one the journal records (none when it records the attempt failed); their paid
    payments count for the sale. And a cancelled sale (its part given back) keeps no money on any invoice."""
    rows = journal.remainders.invoices(sale.number)
    payments: list[dict[str, Any]] = []
    for row in rows:
        live = [invoice for invoice in invoices_numbered(sandbox, row.sender_invoice_no)
                if invoice["invoice_status"] != "CANCELLED"]
        assert len(live) <= 1, f"{row.sender_invoice_no} has {len(live)} live invoices at the service"
        if row.status is InvoiceStatus.FAILED:
            assert not live, f"{row.sender_invoice_no} is marked failed but its invoice exists"
        elif live and row.status is not InvoiceStatus.CREATING:
            assert row.invoice_id == live[0]["invoice_id"], f"{row.sender_invoice_no}: another invoice recorded"
        payments += [payment for invoice in live for payment in paid_payments(sandbox, invoice["invoice_id"])]
    if sale.status is JournalStatus.CANCELLED:
        numbers = [sale.number] + [row.sender_invoice_no for row in rows]
        kept = [payment for each in numbers for invoice in invoices_numbered(sandbox, each)
                for payment in paid_payments(sandbox, invoice["invoice_id"])]
        assert not kept, f"sale {sale.number} is cancelled but the service keeps {len(kept)} payment(s)"
    return payments


def assert_every_sale_kept(till: Till, sandbox: SandboxServer, *, issue: bool = True) -> list[JournalSale]:
    """`assert_sale_kept` for every sale in the till's journal (a failed charge leaves one behind)."""
    journal = till.app.backend.journal  # type: ignore[union-attr]
    numbers = [sale.number for sale in journal.queries.between(*_all_days(till))]
    assert numbers, "the journal holds no sale at all"
    return [assert_sale_kept(till, sandbox, number, issue=issue) for number in reversed(numbers)]


def _all_days(till: Till) -> tuple[date, date]:
    """The days around the till's own today (its shop's time zone, not the computer's; a test may cross
    midnight)."""
    today = till.app.backend.clock.today()  # type: ignore[union-attr]
    return today - timedelta(days=1), today + timedelta(days=1)


# -- driving a sale through faults ---------------------------------------------------------------------------


@dataclass
class Outcomes:
    """What the flow reported: failures the cashier saw (each answered by trying again)."""

    charge_failed: list[str] = field(default_factory=list)
    receipt_failed: list[str] = field(default_factory=list)

    @classmethod
    def watch(cls, till: Till) -> Outcomes:
        seen = cls()
        till.flow.charge_failed.connect(seen.charge_failed.append)
        till.flow.receipt_failed.connect(seen.receipt_failed.append)
        return seen


def charge(till: Till, outcomes: Outcomes, attempts: int = 4) -> None:
    """F12 until the invoice is shown: a failed charge goes back to the cart, and the cashier charges again."""
    for _ in range(attempts):
        failed = len(outcomes.charge_failed)
        till.key(Qt.Key.Key_F12)
        till.qtbot.waitUntil(lambda failed=failed: till.flow.stage is Stage.AWAITING_PAYMENT
                             or len(outcomes.charge_failed) > failed, timeout=WAIT_MS)
        if till.flow.stage is Stage.AWAITING_PAYMENT:
            return
        till.qtbot.waitUntil(till.window.sale_page.entry.hasFocus, timeout=WAIT_MS)
    raise AssertionError(f"no invoice after {attempts} charges: {outcomes.charge_failed}")


def issue_receipt(till: Till, attempts: int = 5) -> None:
    """Enter (an individual's receipt) until it is issued: a failed issue leaves the receipt step offered."""
    failures: list[str] = []

    def failed(text: str) -> None:
        failures.append(text)

    till.flow.receipt_failed.connect(failed)
    try:
        for attempt in range(attempts):
            till.qtbot.waitUntil(lambda: till.flow.stage is Stage.PAID, timeout=WAIT_MS)
            till.key(Qt.Key.Key_Return)
            till.qtbot.waitUntil(lambda attempt=attempt: till.flow.stage is Stage.COMPLETED
                                 or len(failures) > attempt, timeout=WAIT_MS)
            if till.flow.stage is Stage.COMPLETED:
                return
        raise AssertionError(f"no receipt after {attempts} tries: {failures}")
    finally:
        till.flow.receipt_failed.disconnect(failed)
