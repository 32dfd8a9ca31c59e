"""Generated shop days (hypothesis stateful): the real checkout and journal of one to three tills against both
sandboxes over real HTTP, without Qt, through carts, tenders, receipts, returns, faults, restarts and midnight,
with the money and tax invariants checked after every step (`invariants`).

Each rule is what a cashier, a customer, the network or the clock does; it calls the till's own functions in
`pos_app.checkout` exactly as the window's workers do, and reads the journal to know what it may do next, as the
window does. A call that fails the way the till expects (a refusal, a lost answer, a step the journal refuses
because the state moved on) is part of the day; anything else fails the run.
"""

from __future__ import annotations

import os
from collections import Counter
from datetime import datetime, time, timedelta
from decimal import ROUND_CEILING, ROUND_DOWN, Decimal
from pathlib import Path
from typing import Any, Callable

import requests
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from pos_app.checkout import charging, tenders
from pos_app.checkout.after_sale import cancel_open_invoice, give_back
from pos_app.checkout.errors import ReceiptNeedsPerson, TrainingError
from pos_app.checkout.partial import check_sale, close_paid_sale, give_part_back, invoice_rest
from pos_app.checkout.partial_returns import ask_refunds_again, refunds_in_cash, refused_refunds, return_part
from pos_app.checkout.posapi_desk import may_ask_again
from pos_app.checkout.recovery import recover_all, settled_by_hand
from pos_app.checkout.returns import (
    can_void_at_till,
    issue_owed_receipt,
    return_tenders,
    settle_left_receipts,
    void_receipts,
)
from pos_app.domain.cart import Cart
from pos_app.domain.catalog import CatalogItem
from pos_app.domain.discounts import Discount, DiscountKind
from pos_app.domain.returns import TenderSource
from pos_app.domain.sale import INDIVIDUAL, ReceiptVia, Receiver
from pos_app.domain.tender_errors import TenderError
from pos_app.domain.tenders import CardTender, CashTender, Tendering
from pos_app.journal import JournalError, JournalSale, JournalStatus, ReversalKind
from pos_app.journal.return_rows import kept_after
from pos_app.journal.sale_returns import part_return_problem
from pos_app.journal.shifts import open_shift
from pos_app.posapi import PosApiError
from pos_app.qpay import QPayError

from . import invariants
from .world import FLOAT, UB, Shop, Till

ORGANIZATION = Receiver.organization("5395305")     # a register the sandboxes know
EXPECTED = (QPayError, PosApiError, ReceiptNeedsPerson, TrainingError)
CENT = Decimal("0.01")

# A small catalog: whole prices, prices with cents, city-taxed items, items sold by weight.
CATALOG = (
    CatalogItem("4900000000011", "Талх", Decimal(2500), "", "", False),
    CatalogItem("4900000000028", "Сүү", Decimal(3500), "", "", True),
    CatalogItem("4900000000035", "Архи", Decimal("23999.99"), "", "", True),
    CatalogItem("4900000000042", "Алим", Decimal("6990.50"), "", "", False, unit="kg"),
    CatalogItem("4900000000059", "Мах", Decimal(18900), "", "", True, unit="kg"),
    CatalogItem("4900000000066", "Ус", Decimal(990), "", "", False),
)

line_strategy = st.one_of(
    st.tuples(st.just("item"), st.integers(0, len(CATALOG) - 1), st.integers(1, 4)),
    st.tuples(st.just("weighed"), st.sampled_from((3, 4)), st.integers(50, 2500)),        # grams
    st.tuples(st.just("free"), st.integers(1, 3), st.integers(1, 40_000)),                 # cents of a price? below
)
discount_strategy = st.one_of(st.none(), st.tuples(st.sampled_from(("percent", "amount")), st.integers(1, 30)))
cart_strategy = st.tuples(st.lists(st.tuples(line_strategy, discount_strategy), min_size=1, max_size=4),
                          discount_strategy)
receiver_strategy = st.sampled_from((INDIVIDUAL, INDIVIDUAL, ORGANIZATION))

# What the network does to the next matching call: (service, method, path prefix, fault).
FAULTS = (
    ("qpay", "POST", "/v2/invoice", "drop_after"), ("qpay", "POST", "/v2/invoice", "status500"),
    ("qpay", "POST", "/v2/payment/check", "status500"), ("qpay", "POST", "/v2/payment/check", "drop"),
    ("qpay", "DELETE", "/v2/invoice", "drop_after"), ("qpay", "POST", "/v2/ebarimt", "drop_after"),
    ("qpay", "DELETE", "/v2/payment", "drop_after"), ("qpay", "POST", "/v2/payment/refund", "drop_after"),
    ("qpay", None, "/v2/payment/cancel", "status400"),
    ("qpay", None, "/v2/", "timeout"),
    ("posapi", "POST", "/rest/receipt", "drop_after"), ("posapi", "POST", "/rest/receipt", "drop"),
    ("posapi", "POST", "/rest/receipt", "status503"), ("posapi", "DELETE", "/rest/receipt", "drop_after"),
    ("posapi", None, "/rest/", "timeout"),
)


def build_cart(spec: Any) -> Cart:
    lines, sale_discount = spec
    cart = Cart()
    for (kind, a, b), discount in lines:
        if kind == "item":
            index = cart.add_item(CATALOG[a], b)
        elif kind == "weighed":
            index = cart.add_weighed(CATALOG[a], Decimal(b) / 1000)
        else:
            index = cart.add_free_line("Үйлчилгээ", a, Decimal(b) / 4 if b % 3 else Decimal(b), city_tax=b % 2 == 0)
        if discount is not None:
            cart.set_line_discount(index, _discount(discount, cart.lines[index].gross))
    if sale_discount is not None:
        cart.set_sale_discount(_discount(sale_discount, cart.total))
    return cart


def _discount(spec: tuple[str, int], base: Decimal) -> Discount | None:
    kind, value = spec
    if kind == "percent":
        return Discount(DiscountKind.PERCENT, Decimal(value))
    amount = (base * value / 100).quantize(CENT)
    return Discount(DiscountKind.AMOUNT, amount) if amount > 0 else None


def _can_return_a_part(sale: JournalSale) -> bool:
    return not part_return_problem(sale) and any(line.quantity > 0 for line in sale.kept_lines)


def _cash_handed_back(sale: JournalSale) -> Decimal:
    """The cash the till has told the cashier to hand back for the sale's returns (whole tögrög each)."""
    return sum((part.back.handed for part_return in sale.part_returns for part in part_return.money
                if part.is_done and part.back.via is TenderSource.CASH), Decimal(0))


def _said(result: object) -> str:
    """A call's answer in a line of the trace."""
    if isinstance(result, JournalSale):
        return f"{result.number} {result.status.value} paid {result.paid_amount} of {result.total}"
    if isinstance(result, tuple) and result and isinstance(result[0], str):
        return str(result[0])
    return type(result).__name__ if result is not None and not isinstance(result, str) else str(result)


def _cannot_void_at_the_till(exc: BaseException) -> bool:
    """The receipt's id was lost with PosAPI's answer: the till says to void it in PosAPI itself."""
    return "void it in PosAPI itself" in str(exc)


def whole_up(amount: Decimal) -> Decimal:
    return amount.quantize(Decimal(1), rounding=ROUND_CEILING)


class ShopDay(RuleBasedStateMachine):
    """One generated day of one shop."""

    shop: Shop | None = None          # started once for the run (both sandboxes), reset for each day
    folder: Path | None = None

    def __init__(self) -> None:
        super().__init__()
        self.tried: Counter[str] = Counter()
        self.trace: list[str] = []           # what each step did, shown with a failure
        self.subject = ""                    # the till or sale the step is about
        self.faults_armed = 0

    # -- the day --------------------------------------------------------------------------------------------

    @initialize(tills=st.integers(1, 3), posapi=st.lists(st.booleans(), min_size=3, max_size=3),
                skew=st.sampled_from((-540.0, -10.0, 0.0, 0.0, 10.0, 540.0)),
                start=st.sampled_from(("morning", "before_midnight", "month_end", "year_end")),
                store=st.sampled_from((False, False, True)), cash_step=st.sampled_from((1, 1, 5, 10, 50, 100)))
    def open_the_shop(self, tills: int, posapi: list[bool], skew: float, start: str, store: bool,
                      cash_step: int) -> None:
        assert self.shop is not None and self.folder is not None
        self.shop.open_day(self.folder, tills, tuple(not flag or index == 0 for index, flag in enumerate(posapi)),
                           skew, self._start(start), through_store=store, cash_step=Decimal(cash_step))
        for till in self.shop.tills:
            open_shift(till.journal.store, FLOAT)
        facets = (f"{tills} till(s)", "at a store" if store else "QPay direct", f"starts {start.replace('_', ' ')}",
                  f"PosAPI {skew:+.0f} s from the till", f"cash by {cash_step} ₮")
        self.tried["day"] += 1
        for facet in facets:
            self.tried[f"day: {facet}"] += 1
        self.trace.append("day: " + ", ".join(facets))

    def _start(self, start: str) -> datetime:
        today = datetime.now(UB).date() + timedelta(days=1)
        if start == "morning":
            return datetime.combine(today, time(9), tzinfo=UB)
        if start == "before_midnight":
            return datetime.combine(today, time(23, 57), tzinfo=UB)
        if start == "month_end":
            first = (today.replace(day=1) + timedelta(days=32)).replace(day=1)
            return datetime.combine(first - timedelta(days=1), time(23, 56), tzinfo=UB)
        return datetime.combine(today.replace(month=12, day=31), time(23, 55), tzinfo=UB)

    @property
    def tills(self) -> list[Till]:
        assert self.shop is not None
        return self.shop.tills

    def _pick_till(self, data: st.DataObject) -> Till:
        till = data.draw(st.sampled_from(self.tills), label="till")
        self.subject = till.terminal
        return till

    def _sales(self, predicate: Callable[[JournalSale], bool]) -> list[tuple[Till, JournalSale]]:
        return [(till, sale) for till in self.tills for sale in invariants.all_sales(till) if predicate(sale)]

    def _pick_sale(self, data: st.DataObject, predicate: Callable[[JournalSale], bool]
                   ) -> tuple[Till, JournalSale] | None:
        found = {sale.number: (till, sale) for till, sale in self._sales(predicate)}
        if not found:
            return None
        number = data.draw(st.sampled_from(sorted(found)), label="sale")
        self.subject = number
        return found[number]

    def _attempt(self, name: str, action: Callable[[], object], *,
                 refused: Callable[[BaseException], bool] = lambda exc: False) -> object:
        """Run one of the till's calls: what the till expects to be refused or left unknown is part of the day
        (`refused` names a journal refusal the window shows the cashier as it is)."""
        self.tried[name] += 1
        try:
            result = action()
        except EXPECTED as exc:
            self.tried[f"{name}: {type(exc).__name__}"] += 1
            self.trace.append(f"{name} [{self.subject}]: {type(exc).__name__}: {str(exc)[:160]}")
            return None
        except JournalError as exc:
            if not refused(exc):
                self.trace.append(f"{name} [{self.subject}]: {type(exc).__name__}: {exc}")
                raise
            self.tried[f"{name}: {type(exc).__name__}"] += 1
            self.trace.append(f"{name} [{self.subject}]: refused: {str(exc)[:160]}")
            return None
        self.trace.append(f"{name} [{self.subject}]: {_said(result)}")
        return result

    # -- selling --------------------------------------------------------------------------------------------

    @rule(data=st.data(), cart=cart_strategy)
    def sell_by_qpay(self, data: st.DataObject, cart: Any) -> None:
        till = self._pick_till(data)
        sale = self._domain_sale(till, build_cart(cart))
        self._attempt("QPay sale", lambda: charging.charge(till.journal, till.checkout, sale))

    @rule(data=st.data(), cart=cart_strategy, over=st.sampled_from((0, 0, 1, 500, 20_000, 25_000)))
    def sell_for_cash(self, data: st.DataObject, cart: Any, over: int) -> None:
        """The customer hands over what the till asks in cash (the due rounded as the shop rounds cash), or more."""
        assert self.shop is not None
        till = self._pick_till(data)
        sale = self._domain_sale(till, build_cart(cart))
        step = self.shop.cash_step
        given = Tendering(sale.total).cash_due(step) + over        # never 0: a small sale is not given away
        tender = self._cash(Tendering(sale.total), given, step)
        if tender is not None:
            self._take(till, sale, tender, "cash sale", data)

    def _cash(self, tendering: Tendering, given: Decimal, step: Decimal) -> CashTender | None:
        """The cash tender the till makes of what was handed over (refused: the cashier types it again)."""
        try:
            return tendering.cash_tender(given, step)
        except TenderError as exc:
            self.tried["cash refused by the till"] += 1
            self.trace.append(f"cash {given} refused by the till: {exc}")
            return None

    @rule(data=st.data(), cart=cart_strategy)
    def sell_by_card_terminal(self, data: st.DataObject, cart: Any) -> None:
        till = self._pick_till(data)
        sale = self._domain_sale(till, build_cart(cart))
        self._take(till, sale, CardTender(sale.total, "AB1234"), "card terminal sale", data)

    @rule(data=st.data(), cart=cart_strategy, share=st.integers(1, 99), rest=st.sampled_from(("qpay", "card")))
    def sell_split(self, data: st.DataObject, cart: Any, share: int, rest: str) -> None:
        """Part in cash first, then the rest by QPay or on the card terminal."""
        assert self.shop is not None
        till = self._pick_till(data)
        sale = self._domain_sale(till, build_cart(cart))
        part = whole_up(sale.total * share / 100)
        if not 0 < part < sale.total:
            return
        tender = self._cash(Tendering(sale.total), part, self.shop.cash_step)
        if tender is None:
            return
        number = self._take(till, sale, tender, "split: cash part", None)
        if number is None:
            return
        journalled = till.journal.queries.get(number)
        if journalled.status is not JournalStatus.TENDERING:     # the cash covered it (the due rounded down to it)
            self._receipt_at_once(data, till, number)
            return
        recorded = journalled.to_sale()
        if rest == "qpay":
            self._attempt("split: QPay rest", lambda: charging.charge_rest(till.journal, till.checkout, recorded))
        else:
            due = journalled.total - journalled.tendered
            self._take(till, recorded, CardTender(due, "CD5678"), "split: card rest", data)

    def _domain_sale(self, till: Till, cart: Cart) -> Any:
        from pos_app.domain.sale import Sale

        via = ReceiptVia.POSAPI if till.posapi is not None else ReceiptVia.QPAY
        return Sale("", cart.lines, cart.total, cart.taxes, receipt_via=via, sale_discount=cart.sale_discount)

    def _take(self, till: Till, sale: Any, tender: CashTender | CardTender, name: str,
              data: st.DataObject | None) -> str | None:
        if sale.receipt_via is ReceiptVia.QPAY:      # no PosAPI: a counter sale gets no receipt at all
            from dataclasses import replace

            sale = replace(sale, receipt_via=ReceiptVia.NONE)
        number = self._attempt(name, lambda: tenders.take_tender(till.journal, sale, tender))
        if isinstance(number, str) and isinstance(tender, CashTender):
            till.drawer.cash_in += tender.taken      # what stays in the drawer: given less change
        if isinstance(number, str) and data is not None:
            self._receipt_at_once(data, till, number)
        return number if isinstance(number, str) else None

    # -- the customer pays -------------------------------------------------------------------------------------

    def _any(self, predicate: Callable[[JournalSale], bool]) -> bool:
        return self.shop is not None and bool(self._sales(predicate))

    @precondition(lambda self: self._any(lambda sale: sale.status is JournalStatus.OPEN))
    @rule(data=st.data(), part=st.sampled_from((None, None, None, 30, 70)), card=st.booleans())
    def customer_pays(self, data: st.DataObject, part: int | None, card: bool) -> None:
        """The customer pays the sale's newest invoice, in full or a part of it (an invoice that takes parts, as
        the live service's may), by card or by bank transfer."""
        assert self.shop is not None
        picked = self._pick_sale(data, lambda sale: sale.status is JournalStatus.OPEN)
        if picked is None:
            return
        till, sale = picked
        live = [row for row in till.journal.remainders.invoices(sale.number) if row.is_live]
        invoice_id = live[-1].invoice_id if live else sale.invoice_id
        assert invoice_id
        body: dict[str, Any] = {"transaction_type": "CARD" if card else "P2P"}
        if part is not None:
            state = self.shop.qpay.sandbox.state
            with state.lock:
                invoice = state.invoices[invoice_id]
                invoice["allow_partial"] = True
                body["amount"] = str((invoice["amount"] * part / 100).quantize(CENT))
        name = "customer pays" if part is None else "customer pays a part"
        self.tried[name] += 1
        answer = requests.post(f"{self.shop.qpay.url}/_sandbox/invoices/{invoice_id}/pay", json=body, timeout=5)
        if answer.status_code != 200:
            self.tried[f"{name}: refused {answer.json().get('error', answer.status_code)}"] += 1
            self.trace.append(f"{name} [{sale.number}]: refused {answer.json().get('error', answer.status_code)}")
        else:
            self.trace.append(f"{name} [{sale.number}]: {body}")

    @precondition(lambda self: self._any(lambda sale: sale.status in (JournalStatus.OPEN, JournalStatus.CANCELLING)))
    @rule(data=st.data())
    def check_payment(self, data: st.DataObject) -> None:
        picked = self._pick_sale(data, lambda sale: sale.status in (JournalStatus.OPEN, JournalStatus.CANCELLING))
        if picked is None:
            return
        till, sale = picked

        def check() -> None:
            result = check_sale(till.journal, till.checkout, sale.number)
            if result.check.is_paid and result.remainders:
                close_paid_sale(till.journal, till.checkout, sale.number)

        self._attempt("check the payment", check)
        self._receipt_at_once(data, till, sale.number)

    def _receipt_at_once(self, data: st.DataObject, till: Till, number: str) -> None:
        """Paid: the window goes to the receipt step, and the cashier mostly issues it there and then."""
        sale = till.journal.queries.get(number)
        if not sale.can_issue_receipt or not data.draw(st.integers(0, 3), label="receipt now") or \
                sale.status is not JournalStatus.PAID:
            return
        receiver = data.draw(receiver_strategy, label="receiver")
        self._attempt("issue the receipt at once", lambda: issue_owed_receipt(till.journal, till.checkout,
                                                                              till.posapi, number, receiver))

    @precondition(lambda self: self._any(lambda sale: sale.status is JournalStatus.OPEN))
    @rule(data=st.data())
    def invoice_the_rest(self, data: st.DataObject) -> None:
        picked = self._pick_sale(data, lambda sale: sale.status is JournalStatus.OPEN)
        if picked is None:
            return
        till, sale = picked

        def rest() -> None:
            check = check_sale(till.journal, till.checkout, sale.number)
            if check.part_paid and not check.unpaid_remainders:
                invoice_rest(till.journal, till.checkout, sale.number)

        self._attempt("invoice the rest", rest)

    @precondition(lambda self: self._any(lambda sale: sale.status is JournalStatus.OPEN))
    @rule(data=st.data())
    def give_the_part_back(self, data: st.DataObject) -> None:
        picked = self._pick_sale(data, lambda sale: sale.status is JournalStatus.OPEN and not sale.tenders_kept)
        if picked is None:
            return
        till, sale = picked

        def part_back() -> None:
            check = check_sale(till.journal, till.checkout, sale.number)
            if check.can_give_back:
                give_part_back(till.journal, till.checkout, sale.number)

        self._attempt("give the part back", part_back)

    @precondition(lambda self: self._any(lambda sale: sale.status in (JournalStatus.OPEN, JournalStatus.TENDERING)))
    @rule(data=st.data())
    def cancel_the_sale(self, data: st.DataObject) -> None:
        picked = self._pick_sale(data, lambda sale: sale.status in (JournalStatus.OPEN, JournalStatus.TENDERING))
        if picked is None:
            return
        till, sale = picked
        if sale.status is JournalStatus.OPEN:
            if sale.paid_amount > 0:
                return          # partly paid: the cashier invoices the rest or gives the part back
            self._attempt("cancel the invoice", lambda: cancel_open_invoice(till.journal, till.checkout, sale.number))
            return
        cash = sum((t.tender.taken for t in sale.tenders_kept if isinstance(t.tender, CashTender)), Decimal(0))
        if self._attempt("hand the tenders back", lambda: tenders.hand_back(till.journal, sale.number)) is not None:
            till.drawer.cash_out += cash

    @rule(data=st.data())
    def expire_time_passes(self, data: st.DataObject) -> None:
        assert self.shop is not None
        minutes = data.draw(st.sampled_from((1, 5, 30, 240)), label="minutes")
        self.shop.advance(minutes * 60)
        self.tried["time passes"] += 1
        self.trace.append("time passes")

    # -- receipts ------------------------------------------------------------------------------------------------

    @precondition(lambda self: self._any(lambda sale: sale.can_issue_receipt))
    @rule(data=st.data(), receiver=receiver_strategy)
    def issue_the_receipt(self, data: st.DataObject, receiver: Receiver) -> None:
        picked = self._pick_sale(data, lambda sale: sale.can_issue_receipt)
        if picked is None:
            return
        till, sale = picked
        self._attempt("issue the receipt", lambda: issue_owed_receipt(till.journal, till.checkout, till.posapi,
                                                                      sale.number, receiver))

    @precondition(lambda self: self._any(lambda sale: can_void_at_till(sale) and sale.money_kept))
    @rule(data=st.data())
    def void_the_receipt(self, data: st.DataObject) -> None:
        """F8 in the history: offered only where the till can ask the void (never an organization's PosAPI
        receipt)."""
        picked = self._pick_sale(data, lambda sale: can_void_at_till(sale) and sale.money_kept
                                 and not any(row.details_lost for row in sale.valid_receipts))
        if picked is None:
            return
        till, sale = picked
        self._attempt("void the receipt", lambda: void_receipts(till.journal, till.checkout, till.posapi,
                                                                sale.number), refused=_cannot_void_at_the_till)

    # -- returns -------------------------------------------------------------------------------------------------

    @precondition(lambda self: self._any(lambda sale: sale.can_return_tenders))
    @rule(data=st.data())
    def return_a_counter_sale(self, data: st.DataObject) -> None:
        picked = self._pick_sale(data, lambda sale: sale.can_return_tenders)
        if picked is None:
            return
        till, sale = picked
        # The customer gets back the cash they paid: what the drawer kept of it, its rounding too.
        cash = sum((t.tender.taken for t in sale.tenders_kept if isinstance(t.tender, CashTender)), Decimal(0))
        done = self._attempt("return a counter sale", lambda: return_tenders(
            till.journal, till.checkout, till.posapi, sale.number, "returned by the customer"),
            refused=_cannot_void_at_the_till)
        if done is not None or not till.journal.queries.get(sale.number).money_kept:
            till.drawer.cash_out += cash

    @precondition(lambda self: self._any(_can_return_a_part))
    @rule(data=st.data(), share=st.sampled_from(("one", "half", "all_of_a_line", "everything")))
    def return_some_items(self, data: st.DataObject, share: str) -> None:
        """Shift+F7 in the history: chosen lines and quantities back; the cash the till says leaves the drawer."""
        assert self.shop is not None
        picked = self._pick_sale(data, _can_return_a_part)
        if picked is None:
            return
        till, sale = picked
        kept = kept_after(sale.lines, sale.part_returns)          # by the line's place in the sale
        chosen = [index for index, line in enumerate(kept) if line is not None and line.quantity > 0]
        if share == "everything":
            quantities = [(index, line.quantity) for index, line in enumerate(kept) if index in chosen and line]
        else:
            index = data.draw(st.sampled_from(chosen), label="line")
            line = kept[index]
            assert line is not None
            half = (line.quantity / 2).quantize(Decimal("0.001") if line.weighed else Decimal(1), ROUND_DOWN)
            quantity = {"one": min(line.quantity, Decimal(1)), "all_of_a_line": line.quantity, "half": half}[share]
            quantities = [(index, quantity)] if quantity > 0 else []
        if not quantities:
            return
        before = _cash_handed_back(sale)
        step = self.shop.cash_step
        self._attempt(f"return items ({share})", lambda: return_part(
            till.journal, till.checkout, till.posapi, sale.number, quantities, "returned by the customer", step),
            refused=lambda exc: "cannot be returned" in str(exc))
        till.drawer.cash_out += _cash_handed_back(till.journal.queries.get(sale.number)) - before

    @precondition(lambda self: self._any(lambda sale: bool(refused_refunds(sale))))
    @rule(data=st.data(), in_cash=st.booleans())
    def the_cashier_settles_a_refund_qpay_refused(self, data: st.DataObject, in_cash: bool) -> None:
        """F5 in the history on a return whose QPay refund QPay refused after the return (at a restart or a
        check): the cashier asks QPay again, or hands over in cash what the history says."""
        picked = self._pick_sale(data, lambda sale: bool(refused_refunds(sale)))
        if picked is None:
            return
        till, sale = picked
        before = _cash_handed_back(sale)
        settle = refunds_in_cash if in_cash else ask_refunds_again
        self._attempt("a refused refund handed over in cash" if in_cash else "a refused refund asked again",
                      lambda: settle(till.journal, till.checkout, till.posapi, sale.number))
        till.drawer.cash_out += _cash_handed_back(till.journal.queries.get(sale.number)) - before

    @precondition(lambda self: self._any(lambda sale: sale.can_reverse))
    @rule(data=st.data(), refund=st.booleans())
    def give_a_qpay_sale_back(self, data: st.DataObject, refund: bool) -> None:
        picked = self._pick_sale(data, lambda sale: sale.can_reverse)
        if picked is None:
            return
        till, sale = picked
        kind = ReversalKind.REFUND if refund else ReversalKind.CANCEL
        # A receipt whose id was lost with PosAPI's answer cannot be voided at the till: the money goes back, the
        # receipt stays under needs attention, and the cashier is told to void it in PosAPI itself.
        self._attempt("give a QPay sale back", lambda: give_back(till.journal, till.checkout, sale.number, kind,
                                                                 "returned by the customer", posapi=till.posapi),
                      refused=_cannot_void_at_the_till)

    @precondition(lambda self: self._any(lambda sale: bool(sale.stale_receipts)))
    @rule(data=st.data())
    def a_manager_settles_a_receipt_left_standing(self, data: st.DataObject) -> None:
        """An organization's receipt (or one whose void was refused) a return left valid: the manager corrects it
        in the ebarimt portal, then marks it settled in the history (Shift+F8)."""
        picked = self._pick_sale(data, lambda sale: bool(sale.stale_receipts))
        if picked is None:
            return
        till, sale = picked
        self._attempt("a manager settles a receipt left standing", lambda: settle_left_receipts(
            till.journal, sale.number, "manager", "corrected in the ebarimt portal"))

    # -- the network, the till, the clock ----------------------------------------------------------------------

    @rule(fault=st.sampled_from(FAULTS))
    def the_network_fails_once(self, fault: tuple[str, str | None, str, str]) -> None:
        assert self.shop is not None
        service, method, path, kind = fault
        body: dict[str, Any] = {"path_prefix": path, "count": 1}
        if method:
            body["method"] = method
        if kind == "drop_after":
            body.update(drop=True, after_processing=True)
        elif kind == "drop":
            body["drop"] = True
        elif kind == "timeout":
            body["delay_ms"] = 3300      # past the clients' 3 s read timeout
        else:
            body["status"] = int(kind.removeprefix("status"))
        url = self.shop.qpay.url if service == "qpay" else self.shop.posapi.url
        requests.post(f"{url}/_sandbox/faults", json=body, timeout=5).raise_for_status()
        self.faults_armed += 1
        self.tried[f"fault: {service} {method or '*'} {path} {kind}"] += 1
        self.trace.append(f"fault: {service} {method or '*'} {path} {kind}")

    @rule(data=st.data())
    def the_till_restarts(self, data: st.DataObject) -> None:
        till = self._pick_till(data)
        till.restart()
        self._attempt("recovery at start", lambda: recover_all(till.journal, till.checkout, posapi=till.posapi))

    @rule(data=st.data())
    def recovery_runs(self, data: st.DataObject) -> None:
        """The till's minute timer: every unfinished sale settled with the services."""
        till = self._pick_till(data)
        self._attempt("recovery", lambda: recover_all(till.journal, till.checkout, posapi=till.posapi))

    @rule(to=st.sampled_from(("midnight", "midnight", "next_morning")))
    def the_clock_moves_to(self, to: str) -> None:
        assert self.shop is not None
        now = self.shop.now()
        if to == "midnight":
            midnight = datetime.combine(now.date() + timedelta(days=1), time(), tzinfo=UB)
            self.shop.move_to(midnight - timedelta(seconds=20))
        else:
            self.shop.move_to(datetime.combine(now.date() + timedelta(days=1), time(8), tzinfo=UB))
            self.shop.posapi_send_data()
        self.tried[f"clock: {to}"] += 1
        self.trace.append(f"clock: {to}")

    @precondition(lambda self: self._any(lambda sale: sale.status is JournalStatus.RECEIPT_PENDING))
    @rule(data=st.data())
    def a_person_settles_a_receipt_in_posapi(self, data: st.DataObject) -> None:
        """A manager looks a lost receipt up in PosAPI itself, by its bill number, and says what it holds."""
        assert self.shop is not None
        picked = self._pick_sale(data, lambda sale: sale.status is JournalStatus.RECEIPT_PENDING
                                 and sale.receipt_via is ReceiptVia.POSAPI and bool(sale.receipt_bill))
        if picked is None:
            return
        till, sale = picked
        self._person_settles(till, sale)

    def _person_settles(self, till: Till, sale: JournalSale) -> None:
        assert self.shop is not None
        if may_ask_again(sale, till.journal.now()):
            return      # the till asks again by itself
        # PosAPI's own screen: the receipts of its day around the request's, by bill number.
        sent = sale.receipt_bill_at or till.journal.now()
        days = {(sent + timedelta(days=shift)).date().isoformat() for shift in (-1, 0, 1)}
        made = any(str(r["response"].get("billIdSuffix")) == sale.receipt_bill and r["state"] == "ACTIVE"
                   and r["date"][:10] in days for r in self.shop.posapi_receipts())
        self._attempt("a person settles a receipt", lambda: settled_by_hand(till.journal, sale.number, made,
                                                                             "looked up in PosAPI"))

    # -- the invariants ---------------------------------------------------------------------------------------

    @invariant()
    def money_and_tax_hold(self) -> None:
        if self.shop is not None and self.shop.tills:
            self._with_trace(lambda: invariants.always(self.shop))

    def _with_trace(self, check: Callable[[], None]) -> None:
        try:
            check()
        except AssertionError as exc:
            raise AssertionError(f"{exc}\nwhat the day did:\n  " + "\n  ".join(self.trace[-60:])) from None

    def teardown(self) -> None:
        """The end of the day: faults cleared, every till settles what it can; then everything must agree."""
        if self.shop is None or not self.shop.tills:
            return
        try:
            self._settle_everything()
            self._with_trace(lambda: invariants.settled(self.shop))
        finally:
            report = os.environ.get("SHOP_DAYS_REPORT")
            if report:
                with open(report, "a", encoding="utf-8") as out:
                    out.write("".join(f"{name}\t{count}\n" for name, count in sorted(self.tried.items())))
            self.shop.close_day()

    def _settle_everything(self) -> None:
        assert self.shop is not None
        for url in (self.shop.qpay.url, self.shop.posapi.url):
            requests.delete(f"{url}/_sandbox/faults", timeout=5).raise_for_status()
        for _ in range(2):          # a remainder invoice cancelled in the first pass is settled in the second
            for till in self.tills:
                recover_all(till.journal, till.checkout, posapi=till.posapi)
                # Before the day is closed, a manager looks up in PosAPI the receipts the till may not ask again.
                for sale in invariants.all_sales(till):
                    if sale.status is JournalStatus.RECEIPT_PENDING and sale.receipt_via is ReceiptVia.POSAPI:
                        self._person_settles(till, sale)
                for sale in invariants.all_sales(till):
                    if sale.status in (JournalStatus.OPEN, JournalStatus.CANCELLING):
                        try:
                            result = check_sale(till.journal, till.checkout, sale.number)
                            if result.check.is_paid and result.remainders:
                                close_paid_sale(till.journal, till.checkout, sale.number)
                        except EXPECTED + (JournalError,):
                            pass
