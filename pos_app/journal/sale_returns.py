"""What a sale's partial returns leave: the taxes and money the customer keeps, what the sale can still give back
tender by tender, and why a part of it cannot be returned now. Read from the sale's record and its return rows."""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal
from typing import TYPE_CHECKING

from pos_app.domain.returns import Refundable, TenderSource
from pos_app.domain.taxes import ZERO_TAX, TaxSplit, cents
from pos_app.domain.tenders import TenderKind

from .receipt_rows import ReceiptStatus
from .return_rows import PartReturn
from .tender_rows import JournalTender

if TYPE_CHECKING:
    from .records import JournalSale

_ZERO = Decimal("0.00")


def returned_taxes(sale: JournalSale, part_return: PartReturn) -> TaxSplit:
    """The VAT and city tax inside what `part_return` gave back: its lines' own (worked out with the shop's rates
    when it was recorded), else (a return recorded without them) the sale's taxes shared by amount."""
    taxes = [back.taxes for back in part_return.lines]
    if all(split is not None for split in taxes):
        known = [split for split in taxes if split is not None]
        return TaxSplit(sum((split.vat for split in known), _ZERO), sum((split.city_tax for split in known), _ZERO))
    if not sale.total:
        return ZERO_TAX
    share = part_return.amount / sale.total
    return TaxSplit(cents(sale.taxes.vat * share), cents(sale.taxes.city_tax * share))


def kept_taxes(sale: JournalSale, returns: Iterable[PartReturn]) -> TaxSplit:
    """The VAT and city tax inside what the customer keeps after `returns` (some of the sale's): its own taxes less
    those of the returns."""
    vat, city_tax = sale.taxes.vat, sale.taxes.city_tax
    for part_return in returns:
        back = returned_taxes(sale, part_return)
        vat, city_tax = vat - back.vat, city_tax - back.city_tax
    return TaxSplit(vat, city_tax)


def _taken_off(returns: Iterable[PartReturn], source: TenderSource, ref: str | None = None) -> Decimal:
    return sum((part.back.amount for one in returns for part in one.money
                if part.back.source is source and (ref is None or part.back.ref == ref)), _ZERO)


def _tender_ref(tender: JournalTender) -> str:
    return tender.as_payment().payment_id


def refundable(sale: JournalSale) -> Refundable:
    """What `sale` can still give back, tender by tender (its returns so far taken off), and the rounding the
    drawer still holds with its cash (what the cash was taken with, less what went back with earlier returns)."""
    returns = sale.part_returns
    kept = sale.tenders_kept
    cash = sum((t.amount for t in kept if t.kind is TenderKind.CASH), _ZERO) - _taken_off(returns, TenderSource.CASH)
    rounding = sum((t.rounding for t in kept if t.kind is TenderKind.CASH), _ZERO) - sum(
        (part.back.rounding for one in returns for part in one.money if part.back.source is TenderSource.CASH), _ZERO)
    terminal = tuple((_tender_ref(t), t.amount - _taken_off(returns, TenderSource.CARD_TERMINAL, _tender_ref(t)))
                     for t in kept if t.kind is TenderKind.CARD_TERMINAL)
    qpay = _ZERO
    if sale.payments_kept:
        qpay = sale.total - sum((t.amount for t in kept), _ZERO) - _taken_off(returns, TenderSource.QPAY)
    refunded = {part.back.ref for one in returns for part in one.money if part.back.via is TenderSource.QPAY}
    whole = tuple((payment.payment_id, payment.amount) for payment in sale.payments_kept
                  if payment.is_card and payment.payment_id not in refunded)
    return Refundable(max(cash, _ZERO), tuple((ref, left) for ref, left in terminal if left > 0), max(qpay, _ZERO),
                      whole, rounding if cash > 0 else _ZERO)


def kept_money(sale: JournalSale) -> dict[TenderSource, Decimal]:
    """What the customer's kept goods were paid with, by tender: what the receipt for them lists."""
    returns = sale.part_returns
    kept = sale.tenders_kept
    cash = sum((t.amount for t in kept if t.kind is TenderKind.CASH), _ZERO)
    terminal = sum((t.amount for t in kept if t.kind is TenderKind.CARD_TERMINAL), _ZERO)
    qpay = sale.total - cash - terminal if sale.payments_kept else _ZERO
    return {TenderSource.CASH: cash - _taken_off(returns, TenderSource.CASH),
            TenderSource.CARD_TERMINAL: terminal - _taken_off(returns, TenderSource.CARD_TERMINAL),
            TenderSource.QPAY: qpay - _taken_off(returns, TenderSource.QPAY)}


def part_return_problem(sale: JournalSale) -> str:
    """Why a part of `sale` cannot be returned now ("" when it can): paid and kept, no receipt being issued or
    voided, no give-back of the whole sale, no return still waiting for QPay."""
    if sale.status.value not in ("paid", "completed") or not sale.money_kept:
        return f"Sale {sale.number} has nothing paid and kept to return."
    if sale.reversal_status is not None:
        return f"Sale {sale.number}'s payment was given back (or is being given back) as a whole."
    if sale.receipt_status is ReceiptStatus.CANCELLING:
        return f"Sale {sale.number}'s receipt is being voided: check it again (F5) first."
    if any(not part.is_done for part in sale.part_returns):
        return f"Sale {sale.number}'s last return waits for QPay's answer: check it again (F5) first."
    return ""
