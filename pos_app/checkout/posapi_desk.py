"""The sale's receipt through the shop's PosAPI 3.0, in the journal's terms (no Qt; worker threads): one receipt
for the whole sale and every tender (cash, the card terminal, QPay as non-cash), issued, settled after a lost
answer, and voided for a return.

Each step is journalled before its call (`pos_app.journal.posapi_steps`). The spec has no look-up of a receipt,
but a bill number may not repeat within a day; so a request whose answer was lost (a timeout, a dropped connection,
a 5xx, an unreadable answer, or PosAPI not reachable at all) stays pending and is asked again *unchanged*, the same
bill number, that same day (`settle`): the receipt it makes then is the only one, and "that bill number is taken"
means the first request made it (recorded as issued, its id and lottery lost with the answer). Any other refusal to
a request asked again proves nothing about the first one, so the step stays pending; and on a later day the number
is free again, so the till no longer asks by itself: the sale waits under "needs attention" for a person.

The lottery number and QR data are kept only in memory until printed (`PrintOnly`): the spec forbids keeping
them in any other form.
"""

from __future__ import annotations

import json
import logging
import threading
from collections import OrderedDict
from dataclasses import dataclass, replace
from datetime import datetime
from decimal import Decimal

from pos_app.checkout.errors import ReceiptNeedsPerson
from pos_app.domain.receipt_bills import asking_again_is_safe
from pos_app.domain.returns import TenderSource
from pos_app.domain.sale import IssuedReceipt, Receiver, ReceiverKind
from pos_app.domain.taxes import TaxRates
from pos_app.domain.tenders import TenderKind
from pos_app.journal import Journal, JournalError, JournalReceipt, JournalSale, JournalStatus, ReceiptStatus
from pos_app.journal.sale_returns import kept_money
from pos_app.posapi import (
    EbarimtLookupClient,
    NotFoundError,
    OutcomeUnknownError,
    PaymentEntry,
    PosApiClient,
    PosApiError,
    PosIdentity,
    ReceiptLine,
    ReceiptRefusedError,
    ReceiptRequest,
    build_receipt,
)
from pos_app.posapi.models import ReceiptIssued

logger = logging.getLogger(__name__)

__all__ = ["ORGANIZATION_VOID", "PosApiDesk", "PosApiSetup", "PrintOnly", "ReceiptNeedsPerson", "may_ask_again",
           "receipt_request"]

_CLASSIFICATION_DIGITS = 7     # PosAPI's classificationCode (БҮНА); the catalog's shorter codes are QPay's
KEEP_IN_MEMORY = 500           # receipts whose lottery the till can still print (a reprint in the same session)
# PosAPI's DELETE takes receipts to individuals only (B2C); the till never sends one it knows will be refused.
ORGANIZATION_VOID = ("a receipt to an organization cannot be voided through PosAPI: correct it in the ebarimt "
                     "portal (or PosAPI's own tools), then a manager marks it settled in the history")


@dataclass(frozen=True)
class PosApiSetup:
    identity: PosIdentity
    rates: TaxRates = TaxRates()
    till: int = 1      # this till's number on its bills, unique among the tills on one PosAPI (`receipt_bills`)


class PrintOnly:
    """The lottery numbers and QR data of the receipts PosAPI issued in this session, by receipt id, in memory
    only (the spec allows them on the printed receipt alone). Safe to share between threads."""

    def __init__(self, size: int = KEEP_IN_MEMORY) -> None:
        self._lock = threading.Lock()
        self._size = size
        self._held: OrderedDict[str, tuple[str, str]] = OrderedDict()

    def __repr__(self) -> str:
        return f"PrintOnly({len(self._held)} receipts)"     # never the numbers themselves

    def keep(self, receipt: IssuedReceipt) -> None:
        with self._lock:
            self._held[receipt.receipt_id] = (receipt.lottery, receipt.qr_data)
            while len(self._held) > self._size:
                self._held.popitem(last=False)

    def fill(self, receipt: IssuedReceipt) -> IssuedReceipt:
        """The receipt with its lottery and QR data when this session still holds them."""
        with self._lock:
            held = self._held.get(receipt.receipt_id) if receipt.receipt_id else None
        if held is None or receipt.lottery:
            return receipt
        return replace(receipt, lottery=held[0], qr_data=held[1])

    def fill_sale(self, sale: JournalSale) -> JournalSale:
        receipts = tuple(replace(row, receipt=self.fill(row.receipt)) for row in sale.receipts)
        return replace(sale, receipts=receipts)


def receipt_request(sale: JournalSale, setup: PosApiSetup, bill: str, customer_tin: str | None,
                    inactive_id: str | None = None) -> ReceiptRequest:
    """The body of ``POST /rest/receipt`` for the whole sale: its lines, and one payment line for each tender kept
    (cash, the card terminal) and one for QPay's part (non-cash, at what it applied: an over-payment is not the
    receipt's). After a partial return: the lines the customer kept and what paid for them, tender by tender;
    `inactive_id` names the receipt this one corrects."""
    lines = [ReceiptLine(
        name=line.description[:255], qty=line.quantity, unit_price=line.unit_price, city_taxed=line.city_tax,
        total=line.total, barcode=line.barcode or None, measure_unit=line.unit,
        classification_code=(line.classification_code if len(line.classification_code) == _CLASSIFICATION_DIGITS
                             and line.classification_code.isdigit() else None))
        for line in sale.kept_lines]
    if sale.part_returns:
        kept = kept_money(sale)
        payments = [entry(kept[source]) for source, entry in _KEPT_ENTRIES if kept[source] > 0]
    else:
        payments = [PaymentEntry.cash(t.amount) if t.kind is TenderKind.CASH else PaymentEntry.card(t.amount)
                    for t in sale.tenders_kept]
        if sale.payments_kept:
            payments.append(PaymentEntry.non_cash(sale.total - sum((t.amount for t in sale.tenders_kept),
                                                                   Decimal(0))))
    return build_receipt(setup.identity, lines, payments, bill_id_suffix=bill, customer_tin=customer_tin,
                         rates=setup.rates, inactive_id=inactive_id)


_KEPT_ENTRIES = ((TenderSource.CASH, PaymentEntry.cash), (TenderSource.CARD_TERMINAL, PaymentEntry.card),
                 (TenderSource.QPAY, PaymentEntry.non_cash))


def may_ask_again(sale: JournalSale, now: datetime) -> bool:
    """The sale's pending request may be asked again now with its bill number (`asking_again_is_safe`); a request
    whose sending time is not known may not."""
    return sale.receipt_bill_at is not None and asking_again_is_safe(sale.receipt_bill_at, now)


def _request_text(request: ReceiptRequest) -> str:
    return json.dumps(request.to_payload(), ensure_ascii=False, sort_keys=True)


def _bill_taken(exc: ReceiptRefusedError) -> bool:
    """The refusal says the bill number was used already today (the first request made the receipt)."""
    text = exc.message.lower()
    return "billidsuffix" in text and any(word in text for word in ("already", "used", "duplicate", "давхар"))


def _already_voided(exc: PosApiError) -> bool:
    text = exc.message.lower()
    return "already" in text and ("returned" in text or "return" in text or "буцаа" in text)


class PosApiDesk:
    """The till's PosAPI: issue, settle and void receipts, journalled. `lookups` finds an organization's TIN."""

    def __init__(self, client: PosApiClient, lookups: EbarimtLookupClient, setup: PosApiSetup,
                 print_only: PrintOnly | None = None) -> None:
        self.client = client
        self.lookups = lookups
        self.setup = setup
        self.print_only = print_only or PrintOnly()

    def __repr__(self) -> str:
        return f"PosApiDesk({self.client.base_url!r})"

    def close(self) -> None:
        self.client.close()
        self.lookups.close()

    # -- issuing ------------------------------------------------------------------------------------------------

    def organization(self, register: str) -> tuple[str, Receiver]:
        """The TIN of the organization with `register` and the receiver named as the tax system names it (its
        TIN, then its registration: two look-ups). `NotFoundError` when the register is no taxpayer's."""
        tin, found = self.lookups.organisation_by_register(register)
        return tin, Receiver.organization(register, found.name or "")

    def issue(self, journal: Journal, number: str, receiver: Receiver) -> JournalSale:
        """The sale's receipt for `receiver`. A request still pending (its answer lost) is asked again as it was,
        whatever receiver is asked now: the service may have made it already."""
        sale = journal.queries.get(number)
        if sale.status is JournalStatus.RECEIPT_PENDING:
            return self.settle(journal, sale)
        tin = None
        if receiver.kind is ReceiverKind.ORGANIZATION:
            tin, receiver = self.organization(receiver.register)    # before the step: nothing is sent yet
        _, text = journal.posapi.started(
            number, receiver, lambda recorded, bill: _request_text(receipt_request(recorded, self.setup, bill, tin)),
            till=self.setup.till)
        return self._send(journal, number, text, receiver, again=False)

    def reissue(self, journal: Journal, number: str, receiver: Receiver) -> JournalSale:
        """The receipt was made for another receiver: void it (``DELETE``), then issue it for `receiver`."""
        sale = journal.queries.get(number)
        if sale.has_active_receipt:
            if not all(row.voidable_at_till for row in sale.valid_receipts):
                raise JournalError(f"Sale {number}: {ORGANIZATION_VOID}")
            journal.reversals.receipt_cancel_started(number)
            self.void(journal, number)
        return self.issue(journal, number, receiver)

    def correct(self, journal: Journal, number: str, replaced: JournalReceipt) -> JournalSale:
        """A partial return left `replaced` standing: a new receipt for what the customer kept, for the same
        receiver, naming it (`inactiveId`; PosAPI keeps the lottery of the receipt it replaces and marks that one
        corrected). Its bill number and lost answers go as any receipt's (`settle`)."""
        sale = journal.queries.get(number)
        if sale.status is JournalStatus.RECEIPT_PENDING:
            return self.settle(journal, sale)
        receiver = replaced.receipt.receiver
        tin = None
        if receiver.kind is ReceiverKind.ORGANIZATION:
            tin = self.lookups.tin_by_register(receiver.register)    # before the step: nothing is sent yet
        inactive = replaced.receipt.receipt_id
        _, text = journal.posapi.correction_started(
            number, replaced.row_id,
            lambda recorded, bill: _request_text(receipt_request(recorded, self.setup, bill, tin, inactive)),
            till=self.setup.till)
        return self._send(journal, number, text, receiver, again=False)

    def settle(self, journal: Journal, sale: JournalSale) -> JournalSale:
        """A pending request asked again, unchanged, the same day; `ReceiptNeedsPerson` on a later day."""
        if not sale.receipt_request or sale.receiver is None:
            journal.sales.receipt_failed(sale.number, "the receipt request was not recorded in full")
            return journal.queries.get(sale.number)
        if not may_ask_again(sale, journal.now()):
            raise ReceiptNeedsPerson(f"Sale {sale.number}: its receipt was asked on {sale.receipt_bill_day} (bill "
                                     f"{sale.receipt_bill}) and the answer was lost, near midnight or on another day "
                                     "than today. Look it up in PosAPI before issuing another.")
        journal.posapi.asked_again(sale.number)
        return self._send(journal, sale.number, sale.receipt_request, sale.receiver, again=True)

    def _send(self, journal: Journal, number: str, text: str, receiver: Receiver, *, again: bool) -> JournalSale:
        request = ReceiptRequest.model_validate(json.loads(text, parse_float=Decimal))
        try:
            answer = self.client.issue_receipt(request)
        except ReceiptRefusedError as exc:
            if again and _bill_taken(exc):
                journal.posapi.found_taken(number, request.totalAmount, request.totalVAT,
                                           request.totalCityTax)
                return journal.queries.get(number)
            if again:
                raise     # proves nothing about the first request: still pending
            if _bill_taken(exc):
                # A number this till never sent before: another till on this PosAPI numbers its bills the same.
                journal.sales.receipt_failed(number, f"refused: bill number {request.billIdSuffix} was used today by "
                                                     "another till on this PosAPI: give each till its own number on "
                                                     "receipts (Settings, Till)")
                raise
            journal.sales.receipt_failed(number, f"refused: {exc.message}")
            raise
        receipt = issued(answer, request, receiver)
        self.print_only.keep(receipt)
        journal.posapi.issued(number, receipt, answer.date or "")
        return journal.queries.get(number)

    # -- voiding ------------------------------------------------------------------------------------------------

    def void(self, journal: Journal, number: str) -> JournalSale:
        """``DELETE /rest/receipt`` for each of the sale's PosAPI receipts being voided. A lost answer is asked
        once more (a second void cannot issue anything); "already returned" then means done. A refusal ends that
        void as refused (the receipt stays valid, the reason kept); the first refusal is raised at the end."""
        refused: list[Exception] = []
        for row in journal.queries.get(number).receipts:
            if row.status is not ReceiptStatus.CANCELLING or not row.is_posapi:
                continue
            if row.details_lost:
                reason = "its id was lost with PosAPI's answer: void it in PosAPI itself"
                journal.reversals.receipt_cancel_failed(number, reason, row.payment_id)
                refused.append(JournalError(f"Sale {number}: the receipt's {reason}."))
                continue
            if not row.voidable_at_till:       # never a DELETE that is certain to be refused
                journal.reversals.receipt_cancel_failed(number, ORGANIZATION_VOID, row.payment_id)
                refused.append(JournalError(f"Sale {number}: {ORGANIZATION_VOID}"))
                continue
            try:
                self._void_once_more_if_lost(row.receipt.receipt_id, row.printed_at)
            except (ReceiptRefusedError, NotFoundError) as exc:
                journal.reversals.receipt_cancel_failed(number, f"refused: {exc.message}", row.payment_id)
                refused.append(exc)
                continue
            journal.reversals.receipt_cancelled(number, row.payment_id)
        if refused:
            raise refused[0]
        return journal.queries.get(number)

    def _void_once_more_if_lost(self, receipt_id: str, printed_at: str) -> None:
        try:
            self.client.void_receipt(receipt_id, printed_at)
        except OutcomeUnknownError:
            logger.warning("receipt void: answer lost; asking once more")
            try:
                self.client.void_receipt(receipt_id, printed_at)
            except (ReceiptRefusedError, NotFoundError) as exc:
                if _already_voided(exc):
                    return
                # The first void may have done it: a refusal now proves nothing about it. Left being voided.
                raise OutcomeUnknownError(f"the void's answer was lost and asking again was refused "
                                          f"({exc.message}); the receipt may be voided", method="DELETE",
                                          path="/rest/receipt") from exc
        except ReceiptRefusedError as exc:
            if not _already_voided(exc):
                raise


def issued(answer: ReceiptIssued, request: ReceiptRequest, receiver: Receiver) -> IssuedReceipt:
    """The receipt PosAPI answered: its id, lottery and QR from the answer, the amounts the request sent (the
    answer need not repeat them), the receiver asked."""
    assert answer.id
    return IssuedReceipt(receipt_id=answer.id, lottery=answer.lottery or "", qr_data=answer.qr_data or "",
                         amount=request.totalAmount, vat=request.totalVAT, city_tax=request.totalCityTax,
                         receiver=receiver, payment_id="")
