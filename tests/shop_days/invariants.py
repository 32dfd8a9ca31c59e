"""The money and tax invariants of a shop's day, read from the tills' journals and from what the services hold.

`always` holds after every step, whatever faults are pending: what the journal says happened did happen, and the
services never hold more than one of anything for a sale. `settled` holds once every till has settled its sales
with the services (nothing left to learn): then the journals and the services agree on everything.
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Any

from pos_app.domain.sale import ReceiptVia, ReceiverKind
from pos_app.journal import JournalSale, JournalStatus, ReceiptStatus
from pos_app.journal.day_moves import HALF_WAY_STATUSES
from pos_app.journal.closed_days import summary_from_json
from pos_app.journal.day_combine import combine
from pos_app.journal.day_summary import day_summary, load_day, needs_attention
from pos_app.journal.shifts import current_shift, shift_x_report
from pos_app.journal.tender_rows import TenderStatus

from .world import Shop, Till

ACTIVE = "ACTIVE"
_ZERO = Decimal(0)
_PAID = {JournalStatus.PAID, JournalStatus.RECEIPT_PENDING, JournalStatus.COMPLETED}


class InvariantBroken(AssertionError):
    pass


def _fail(what: str, **facts: Any) -> None:
    raise InvariantBroken(what + "".join(f"\n  {key}: {value!r}" for key, value in facts.items()))


@dataclass(frozen=True)
class Known:
    """A PosAPI receipt a till knows of: by its id, or (its answer lost) by its bill number."""

    terminal: str
    number: str
    how: str       # "id", "lost" (recorded, details lost), "pending" (asked, answer not known yet)


def all_sales(till: Till) -> list[JournalSale]:
    return till.journal.queries.between(date(2000, 1, 1), date(2100, 1, 1))


def _amount(value: Any) -> Decimal:
    return Decimal(str(value))


def _posapi_knowledge(shop: Shop) -> tuple[dict[str, Known], dict[str, list[Known]]]:
    """What the tills know of PosAPI's receipts: by receipt id, and by bill number (for those whose answer was lost
    or is still pending)."""
    by_id: dict[str, Known] = {}
    by_bill: dict[str, list[Known]] = defaultdict(list)
    for till in shop.tills:
        for sale in all_sales(till):
            for row in sale.receipts:
                if not row.is_posapi:
                    continue
                if row.receipt.receipt_id:
                    by_id[row.receipt.receipt_id] = Known(till.terminal, sale.number, "id")
                elif row.bill:
                    by_bill[row.bill].append(Known(till.terminal, sale.number, "lost"))
            if sale.status is JournalStatus.RECEIPT_PENDING and sale.receipt_via is ReceiptVia.POSAPI \
                    and sale.receipt_bill:
                by_bill[sale.receipt_bill].append(Known(till.terminal, sale.number, "pending"))
    return by_id, by_bill


def always(shop: Shop) -> None:
    """After every step."""
    _one_invoice_a_sale_number(shop)
    _posapi_receipts_are_known_and_one_a_sale(shop)
    _bill_numbers_unique(shop)
    for till in shop.tills:
        sales = all_sales(till)
        for sale in sales:
            _tenders_add_up(till, sale)
            _journal_receipts_exist(shop, till, sale)
            _journal_payments_exist(shop, sale)
        _drawer_agrees(till)
        _paid_sales_have_a_receipt_or_attention(till, sales, strict=False)


def settled(shop: Shop) -> None:
    """Once every till settled everything it could (no faults pending)."""
    always(shop)
    for till in shop.tills:
        sales = all_sales(till)
        _paid_sales_have_a_receipt_or_attention(till, sales, strict=True)
        for sale in sales:
            _journal_knows_every_payment(shop, sale)
    _day_close_taxes_equal_active_receipts(shop)
    _the_stores_day_is_its_tills(shop)


# -- QPay ---------------------------------------------------------------------------------------------------------

def _one_invoice_a_sale_number(shop: Shop) -> None:
    counts = Counter(invoice["sender_invoice_no"] for invoice in shop.qpay_invoices())
    twice = {number: count for number, count in counts.items() if count > 1}
    if twice:
        _fail("QPay holds more than one invoice for a sale number", numbers=twice)


def _sale_invoices(shop: Shop, sale: JournalSale) -> list[dict[str, Any]]:
    own = {sale.number} | {f"{sale.number}-{n}" for n in range(2, 10)}
    return [invoice for invoice in shop.qpay_invoices() if invoice["sender_invoice_no"] in own]


def _journal_payments_exist(shop: Shop, sale: JournalSale) -> None:
    """Every QPay payment the journal records was made at QPay, for that amount, on one of the sale's invoices."""
    if not sale.payments:
        return
    invoices = {invoice["invoice_id"] for invoice in _sale_invoices(shop, sale)}
    payments = {payment["payment_id"]: payment for payment in shop.qpay_payments()}
    for payment in sale.payments:
        held = payments.get(payment.payment_id)
        if held is None or held["invoice_id"] not in invoices:
            _fail("the journal records a QPay payment QPay never took for this sale", sale=sale.number,
                  payment=payment.payment_id)
        if _amount(held["payment_amount"]) != payment.amount:
            _fail("a QPay payment's amount differs", sale=sale.number, journal=payment.amount,
                  qpay=held["payment_amount"])


def _journal_knows_every_payment(shop: Shop, sale: JournalSale) -> None:
    """Settled: every payment QPay took on the sale's invoices is the journal's (kept or given back). A sale still
    waiting (partly paid: the journal records its payments once they cover it) is under "needs attention"."""
    if sale.status in HALF_WAY_STATUSES:
        return
    invoices = {invoice["invoice_id"] for invoice in _sale_invoices(shop, sale)}
    taken = {payment["payment_id"] for payment in shop.qpay_payments() if payment["invoice_id"] in invoices}
    known = {payment.payment_id for payment in sale.payments} | {p.payment_id for p in sale.given_back}
    if taken - known:
        _fail("QPay took a payment for this sale that the journal does not know", sale=sale.number,
              status=sale.status.value, unknown=sorted(taken - known))


# -- the till's own money -------------------------------------------------------------------------------------------

def _tenders_add_up(till: Till, sale: JournalSale) -> None:
    """A paid sale's money (its tenders kept and QPay's payments) covers its total; a tender never covers more
    than was due when it was taken, and cash is whole tögrög in the drawer."""
    if sale.status in _PAID and sale.reversal_status is None:
        if sale.paid_amount < sale.total:
            _fail("a paid sale's money does not cover its total", sale=sale.number, paid=sale.paid_amount,
                  total=sale.total)
    applied = sum((t.amount for t in sale.tenders if t.status is not TenderStatus.HANDED_BACK), _ZERO)
    if applied > sale.total:
        _fail("the tenders applied exceed the sale's total", sale=sale.number, applied=applied, total=sale.total)


def _drawer_agrees(till: Till) -> None:
    shift = current_shift(till.journal.store)
    if shift is None:
        return
    report = shift_x_report(till.journal.store)
    if report.expected_cash != till.drawer.expected:
        _fail("the shift's expected cash is not what went through the drawer", till=till.terminal,
              journal=report.expected_cash, drawer=till.drawer.expected, float=report.float_amount,
              given=report.cash_given, change=report.cash_change, refunds=report.cash_refunds)
    if report.expected_cash != report.expected_cash.to_integral_value():
        _fail("the drawer's expected cash has möngö", till=till.terminal, expected=report.expected_cash)


def _paid_sales_have_a_receipt_or_attention(till: Till, sales: list[JournalSale], *, strict: bool) -> None:
    """Every sale whose money was kept has a valid receipt, or is under the day close's "needs attention" (a sale
    that cannot get one, no PosAPI and paid at the counter, is said so and needs none)."""
    for sale in sales:
        if not sale.money_kept or sale.receipt_via is ReceiptVia.NONE:
            continue
        if sale.valid_receipts:
            continue
        if needs_attention(sale):
            continue
        if strict or sale.status is JournalStatus.COMPLETED:
            _fail("a paid sale has no valid receipt and is not under needs attention", till=till.terminal,
                  sale=sale.number, status=sale.status.value)


# -- receipts ---------------------------------------------------------------------------------------------------

def _posapi_receipts_are_known_and_one_a_sale(shop: Shop) -> None:
    by_id, by_bill = _posapi_knowledge(shop)
    active_per_sale: Counter[tuple[str, str]] = Counter()
    for record in shop.posapi_receipts():
        if record["state"] != ACTIVE:
            continue
        known = by_id.get(record["id"])
        if known is None:
            candidates = by_bill.get(str(record["response"].get("billIdSuffix")), [])
            if not candidates:
                _fail("PosAPI holds an active receipt no till knows of", id=record["id"],
                      bill=record["response"].get("billIdSuffix"), date=record["date"])
            known = candidates[0]
        active_per_sale[(known.terminal, known.number)] += 1
    twice = {key: count for key, count in active_per_sale.items() if count > 1}
    if twice:
        _fail("a sale has more than one active PosAPI receipt", sales=twice)


def _bill_numbers_unique(shop: Shop) -> None:
    """A bill number is unique for the merchant and the day (PosAPI's day of the receipt)."""
    seen = Counter((record["date"][:10], str(record["response"].get("billIdSuffix")))
                   for record in shop.posapi_receipts())
    twice = {key: count for key, count in seen.items() if count > 1}
    if twice:
        _fail("one bill number was used twice in a day", bills=twice)


def _journal_receipts_exist(shop: Shop, till: Till, sale: JournalSale) -> None:
    """Every receipt the journal holds valid is valid at the service that issued it, for the receiver it says;
    every receipt it holds voided is no longer valid there."""
    posapi = {record["id"]: record for record in shop.posapi_receipts()}
    ebarimts = {record["id"]: record for record in shop.qpay_ebarimts()}
    for row in sale.receipts:
        receipt_id = row.receipt.receipt_id
        if row.is_posapi:
            if not receipt_id:       # recorded with its details lost: PosAPI holds one with its bill number
                if row.is_valid and not any(str(r["response"].get("billIdSuffix")) == row.bill
                                            and r["state"] == ACTIVE for r in posapi.values()):
                    _fail("a receipt recorded as made (its answer lost) is not active in PosAPI", sale=sale.number,
                          bill=row.bill)
                continue
            held = posapi.get(receipt_id)
            if held is None:
                _fail("the journal records a PosAPI receipt PosAPI never made", sale=sale.number, id=receipt_id)
            state = held["state"]
            kind = held["type"]
            receiver_kind = ReceiverKind.ORGANIZATION if kind.startswith("B2B") else ReceiverKind.INDIVIDUAL
        else:
            held = ebarimts.get(receipt_id)
            if held is None:
                _fail("the journal records a QPay ebarimt QPay never made", sale=sale.number, id=receipt_id)
            state = ACTIVE if held["status"] else "CANCELLED"
            receiver_kind = (ReceiverKind.ORGANIZATION if held["ebarimt_receiver_type"] == "84"
                             else ReceiverKind.INDIVIDUAL)
        if row.status is ReceiptStatus.ISSUED and state != ACTIVE and not (state == "CORRECTED"
                                                                          and _being_corrected(sale, receipt_id)):
            _fail("a receipt the journal holds valid is not active at the service", sale=sale.number,
                  id=receipt_id, state=state)
        if row.status is ReceiptStatus.CANCELLED and state == ACTIVE:
            _fail("a receipt the journal holds voided is still active at the service", sale=sale.number,
                  id=receipt_id)
        if row.is_valid and row.receipt.receiver.kind is not receiver_kind:
            _fail("the journal's receiver differs from the service's", sale=sale.number, id=receipt_id,
                  journal=row.receipt.receiver.kind.value, service=receiver_kind.value)


def _being_corrected(sale: JournalSale, receipt_id: str) -> bool:
    """A correction naming the receipt (PosAPI's inactiveId) was sent and its answer is not known yet: PosAPI may
    hold the receipt replaced already, the till learns it by asking again (or a person, on a later day)."""
    if sale.status is not JournalStatus.RECEIPT_PENDING or not sale.receipt_request:
        return False
    return bool(json.loads(sale.receipt_request).get("inactiveId") == receipt_id)


def _day_close_taxes_equal_active_receipts(shop: Shop) -> None:
    """Over every day of the run, the day closes' VAT and city tax with receipt add up to the active receipts'
    in PosAPI and QPay."""
    days = shop.days()
    vat = city = _ZERO
    for till in shop.tills:
        for day in days:
            summary = day_summary(till.journal.store, day)
            vat += summary.receipt_vat
            city += summary.receipt_city_tax
    active_vat = active_city = _ZERO
    for record in shop.posapi_receipts():
        if record["state"] == ACTIVE:
            active_vat += _amount(record["response"].get("totalVAT") or 0)
            active_city += _amount(record["response"].get("totalCityTax") or 0)
    for record in shop.qpay_ebarimts():
        if record["status"]:
            active_vat += _amount(record["vat_amount"])
            active_city += _amount(record["city_tax_amount"])
    if (vat, city) != (active_vat, active_city):
        _fail("the day closes' taxes with receipt are not the active receipts' sums", day_closes=(vat, city),
              services=(active_vat, active_city), days=days)


def _the_stores_day_is_its_tills(shop: Shop) -> None:
    """The store rebuilds each till's day from the journal it shipped: the same figures as the till's own day close,
    and the shop's total their sum."""
    if shop.store is None:
        return
    for till in shop.tills:
        assert till.shipper is not None
        if not till.shipper.wait_caught_up(30):
            _fail("a till's journal did not reach the store", till=till.terminal)
    for day in shop.days():
        report = shop.store.day(day)
        said = {record["terminal"]: summary_from_json(json.dumps(record)) for shop_day in report["shops"]
                for record in shop_day["tills"]}
        own = {till.terminal: load_day(till.journal.queries, day).summary for till in shop.tills}
        for terminal, summary in own.items():
            if summary.sales_count == 0 and summary.paid.count == 0 and terminal not in said:
                continue
            if said.get(terminal) != summary:
                _fail("the store's day of a till is not the till's own", till=terminal, day=day,
                      store=said.get(terminal), till_says=summary)
        total, summed = summary_from_json(json.dumps(report["total"])), combine(list(said.values()))
        figures = ("paid", "given_back", "net", "vat", "city_tax", "receipt_vat", "receipt_city_tax", "needs_attention")
        if [getattr(total, name) for name in figures] != [getattr(summed, name) for name in figures]:
            _fail("the store's total is not the sum of its tills", day=day, store=total, tills=summed)
