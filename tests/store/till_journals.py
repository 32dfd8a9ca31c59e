"""Tills' journal files with a mix of sales, written with the journal's own steps (as the till writes them), for
the tests of the journal shipped to the store and of the day close across tills."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from decimal import Decimal
from pathlib import Path

from pos_app.domain.cart import CartLine
from pos_app.domain.sale import INDIVIDUAL, IssuedReceipt, ReceiptVia
from pos_app.domain.taxes import TaxSplit
from pos_app.domain.tenders import CardTender, CashTender
from pos_app.journal import Journal, ReversalKind
from pos_app.storelink.shipping import JournalShipper
from tests.journal.test_day_summary import DAY, GOLOMT, KHAN, UB, DayBuilder, SettableClock, at, build_day, pay

__all__ = ["DAY", "DAYS", "SettableClock", "at", "build_day", "counter_sale", "mixed_day", "shipper_for",
           "till_journal"]

DAYS = (DAY - timedelta(days=2), DAY - timedelta(days=1), DAY, DAY + timedelta(days=1))


def till_journal(path: Path, terminal: str, clock: SettableClock) -> Journal:
    return Journal(path, terminal, clock=clock)


def counter_sale(journal: Journal, total: str, tender: CashTender | CardTender, *,
                 posapi_vat: str | None = None) -> str:
    """A sale paid at the counter (cash or the card terminal), with its PosAPI receipt when `posapi_vat` is given."""
    amount = Decimal(total)
    lines = (CartLine("Талх", Decimal(1), amount),)
    vat = (amount / 11).quantize(Decimal("0.01"))
    number = journal.tenders.begin(lines, amount, TaxSplit(vat, Decimal("0.00")), tender, ReceiptVia.POSAPI)
    if posapi_vat is not None:
        journal.posapi.started(number, INDIVIDUAL, lambda sale, bill: '{"billIdSuffix": "%s"}' % bill)
        receipt = IssuedReceipt(f"R-{number}", "AB 12345678", "qr", amount, Decimal(posapi_vat), Decimal(0))
        journal.posapi.issued(number, receipt, "2026-11-21 09:00:05")
    return number


def mixed_day(journal: Journal, clock: SettableClock, *, aware: bool = False, scale: int = 1) -> dict[str, str]:
    """Sales of every kind around `DAY` in one till's journal: QPay (receipts, refunds, cancels), cash and the card
    terminal (with PosAPI receipts, handed back, returned), a sale begun two days before and given back on the
    day, one paid across midnight, and the day after. `aware`: the shop's times with the Ulaanbaatar zone, as
    the app writes them. `scale` makes each till's amounts its own."""
    def moment(day: date, hour: int, minute: int = 0) -> datetime:
        plain = at(day, hour, minute)
        return plain.replace(tzinfo=UB) if aware else plain

    def money(amount: int) -> str:
        return f"{amount * scale}.00"

    till = DayBuilder(journal)
    numbers: dict[str, str] = {}
    clock.at(moment(DAY - timedelta(days=2), 15))
    numbers["long_ago"] = till.completed(money(7000), "636.36", (pay(money(7000), KHAN, "CARD"),))
    clock.at(moment(DAY - timedelta(days=1), 23, 50))
    numbers["across_midnight"] = till.opened(money(4400), "400.00")
    clock.at(moment(DAY, 0, 10))
    journal.sales.payments_seen(numbers["across_midnight"], (pay(money(4400), GOLOMT, "P2P"),))
    clock.at(moment(DAY, 9))
    till.refund(numbers["long_ago"], money(7000))
    numbers["qpay_receipt"] = till.completed(money(10000), "909.09", (pay(money(10000), KHAN, "P2P"),))
    numbers["owes_receipt"] = till.paid(money(3500), "318.18", (pay(money(3500), GOLOMT, "CARD"),))
    cancelled = numbers["cancelled"] = till.opened(money(5000))
    journal.sales.cancel_started(cancelled)
    journal.sales.invoice_cancelled(cancelled)
    numbers["open"] = till.opened(money(1200))
    numbers["cash"] = counter_sale(journal, money(2500), CashTender(Decimal(money(2500)), Decimal(money(3000))),
                                   posapi_vat="227.27")
    numbers["terminal"] = counter_sale(journal, money(6000), CardTender(Decimal(money(6000)), "AB1234"),
                                       posapi_vat="545.45")
    numbers["cash_no_receipt"] = counter_sale(journal, money(1500), CashTender(Decimal(money(1500)),
                                                                               Decimal(money(1500))))
    handed = numbers["handed_back"] = journal.tenders.begin(
        (CartLine("Сүү", Decimal(1), Decimal(money(8000))),), Decimal(money(8000)), TaxSplit(Decimal(0), Decimal(0)),
        CashTender(Decimal(money(3000)), Decimal(money(3000))), ReceiptVia.POSAPI)
    journal.tenders.handed_back(handed, "customer left")
    card_cancel = numbers["card_cancel"] = till.paid(money(4000), "363.64", (pay(money(4000), GOLOMT, "CARD"),))
    journal.reversals.started(card_cancel, ReversalKind.CANCEL, "wrong amount")
    journal.reversals.done(card_cancel, Decimal(money(4000)))
    clock.at(moment(DAY + timedelta(days=1), 10))
    numbers["next_day"] = till.completed(money(900), "81.82", (pay(money(900), KHAN, "P2P"),))
    journal.tenders.refunded(numbers["cash"], "item returned")
    return numbers


def shipper_for(url: str, till: str, key: str, journal: Journal) -> JournalShipper:
    """A shipper that looks often and retries soon, as tests want it."""
    return JournalShipper(url, till, key, journal, interval=0.2, first_wait=0.05, max_wait=0.5)

