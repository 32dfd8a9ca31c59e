"""The sales history's words and work for what returns need: a check's outcome in words, a partial return run on
the money worker and its outcome, and the words for a receipt a return left standing.

Texts keep the dialog's translation context ("HistoryDialog"), where they were first written.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

from pos_app.checkout.partial_returns import refused_refunds, return_part
from pos_app.checkout.recovery import Recovered
from pos_app.domain.returns import TenderSource
from pos_app.formats import money_text
from pos_app.journal import JournalSale, ReceiptStatus, ReversalKind
from pos_app.journal.return_rows import PartReturn

from pos_app.ui.common.messages import describe_error
from pos_app.ui.history.return_items_dialog import money_words

if TYPE_CHECKING:
    from pos_app.ui.history.action_runner import ActionDone
    from pos_app.checkout.sale_services import SaleServices

translate = QCoreApplication.translate     # lupdate reads translate("HistoryDialog", "...") calls


def recovery_words(result: Recovered) -> tuple[str, bool]:
    """What "Check again" learnt, in words ({number} to fill in), and whether it is bad news."""
    texts = {
        Recovered.FAILED: (translate("HistoryDialog",
                                     "No invoice was created for sale {number}: nothing was charged."), False),
        Recovered.WAITING: (translate("HistoryDialog",
                                      "Sale {number} is still waiting for the customer's payment."), False),
        Recovered.CANCELLED: (translate("HistoryDialog",
                                        "Sale {number} is cancelled: nothing was charged."), False),
        Recovered.PAID: (translate("HistoryDialog",
                                   "Sale {number} is paid; its receipt is not issued."), False),
        Recovered.COMPLETED: (translate("HistoryDialog",
                                        "Sale {number} is complete: its receipt was issued."), False),
        Recovered.REVERSED: (translate("HistoryDialog", "The payment of sale {number} was given back."), False),
        Recovered.NOT_REVERSED: (translate("HistoryDialog",
                                           "The payment of sale {number} was not given back: it is still "
                                           "paid. You may give it back again."), True),
        Recovered.RECEIPT_CANCELLED: (translate("HistoryDialog",
                                                "The tax receipt of sale {number} is cancelled."), False),
        Recovered.RECEIPT_REFUSED: (translate("HistoryDialog",
                                              "The tax system refused the receipt of sale {number}; it is "
                                              "still owed one."), True),
        Recovered.RECEIPT_CANCEL_REFUSED: (translate("HistoryDialog",
                                                     "The tax system refused to void the receipt of sale "
                                                     "{number}: it stays valid."), True),
        Recovered.UNSETTLED: (translate("HistoryDialog",
                                        "Sale {number} could not be checked yet: try again later."), True),
        Recovered.TENDERING: (translate("HistoryDialog",
                                        "Sale {number} is being paid at the till: finish it there."), False),
        Recovered.RETURNED: (translate("HistoryDialog",
                                       "Sale {number}'s return is settled: see its details."), False),
        Recovered.REFUND_REFUSED: (translate("HistoryDialog",
                                             "QPay refused to give back part of sale {number}'s return: nothing "
                                             "went back. Check again (F5) to ask QPay again or hand it over in "
                                             "cash."), True),
        Recovered.NEEDS_PERSON: (translate("HistoryDialog",
                                           "Sale {number}'s receipt was asked on an earlier day and its answer "
                                           "was lost: look it up in PosAPI before issuing another."), True),
    }
    return texts[result]


def return_work(services: SaleServices, number: str, quantities: tuple[tuple[int, str], ...],
                reason: str) -> Callable[[], JournalSale]:
    """The partial return, for the money worker."""
    return lambda: return_part(services.journal, services.checkout, services.posapi, number, quantities, reason,
                               services.cash_step, services.tax_rates)


def stale_words(sale: JournalSale, posapi_set: bool) -> str:
    """What to do about the receipts a return left standing ("" when there are none): void or correct it when the
    till can, else correct it in the ebarimt portal and have a manager mark it settled; never a retry that cannot
    work."""
    rows = sale.stale_receipts
    if not rows:
        return ""
    amount = money_text(sum((row.receipt.amount for row in rows), Decimal(0)))
    refused = next((row.failure for row in rows if row.failure), "") or sale.failure
    voidable = all(row.voidable_at_till and not row.details_lost for row in rows)
    correctable = all(row.is_posapi for row in rows) or posapi_set
    if voidable and not refused and not (sale.kept_lines and sale.money_kept):
        return translate("HistoryDialog", "Its tax receipt of {amount} is still valid for goods given back: void it "
                                          "with Cancel receipt (F8).").format(amount=amount)
    if voidable and not refused and correctable:
        return translate("HistoryDialog", "Its tax receipt of {amount} is still valid for goods given back: correct "
                                          "it with Check again (F5).").format(amount=amount)
    if refused:
        why = translate("HistoryDialog", "the tax system refused it ({reason})").format(reason=refused)
    elif any(row.details_lost for row in rows):
        why = translate("HistoryDialog", "its id was lost with PosAPI's answer")
    elif all(row.is_posapi for row in rows):
        why = translate("HistoryDialog", "PosAPI voids receipts to individuals only, and a receipt needs items")
    else:
        why = translate("HistoryDialog", "QPay's receipt is for the whole payment and no PosAPI is set to correct "
                                         "it")
    return translate("HistoryDialog",
                     "Its tax receipt of {amount} is still valid for goods given back: {why}. Correct it in the "
                     "ebarimt portal (or PosAPI's own tools), then a manager marks it settled (Shift+F8)."
                     ).format(amount=amount, why=why)


def refused_refund_words(sale: JournalSale) -> str:
    """The cashier's choice about the QPay refunds QPay refused after a return: how much, why, and the cash it
    comes to."""
    refused = refused_refunds(sale)
    return translate("HistoryDialog",
                     "QPay refused to give back {amount} of sale {number}'s return ({reason}): nothing went back. "
                     "Ask QPay again, or hand the customer {cash} in cash from the drawer now?").format(
        amount=money_text(sum((part.back.amount for part, _ in refused), Decimal(0))), number=sale.number,
        reason="; ".join(dict.fromkeys(part.note for part, _ in refused)),
        cash=money_text(sum((cash.handed for _, cash in refused), Decimal(0))))


def return_words(number: str, done: ActionDone, posapi_set: bool, *,
                 refused: JournalSale | None = None) -> tuple[str, bool]:
    """The partial return's outcome: the money per tender to hand over, and the receipt. `refused`: the sale
    before the QPay refunds QPay refused were asked again or handed over in cash (only what that did is said)."""
    after = done.after
    last = after.part_returns[-1] if after is not None and after.part_returns else None
    if done.error is not None and (last is None or refused is not None):
        what = (translate("HistoryDialog", "The return of sale {number} is not settled.") if refused is not None
                else translate("HistoryDialog", "Nothing of sale {number} was returned."))
        return describe_error(done.error, what.format(number=number)), True
    assert after is not None and last is not None
    if refused is not None:
        text = _settled_words(number, refused, after)
        if refused_refunds(after):
            return text, True
    else:
        text = _money_words(number, last)
    if done.error is not None:
        return describe_error(done.error, text + " " + translate(
            "HistoryDialog", "Its tax receipt is not put right yet:")), True
    stale = stale_words(after, posapi_set)
    if stale:
        return f"{text} {stale}", True
    if after.receipts and after.receipts[-1].status is ReceiptStatus.ISSUED and after.receipts[-1].replaces:
        text += " " + translate("HistoryDialog", "Its tax receipt is corrected for what the customer keeps.")
    elif after.receipts and not after.valid_receipts:
        text += " " + translate("HistoryDialog", "Its tax receipt is voided.")
    elif after.valid_receipts and after.receipts[-1].issued_at > last.at:
        text += " " + translate("HistoryDialog", "What the customer keeps has a new tax receipt.")
    return text + " " + translate("HistoryDialog", "Reprint (Ctrl+P) prints the return slip."), False


def _money_words(number: str, last: PartReturn) -> str:
    text = translate("HistoryDialog", "Sale {number}: {amount} given back.").format(
        number=number, amount=money_text(last.amount))
    parts = [money_words(part.back) for part in last.money if part.is_done]
    pending = [part for part in last.money if not part.is_done]
    if parts:
        text += " " + "; ".join(parts) + "."
    if pending:
        text += " " + translate("HistoryDialog", "QPay's refund of {amount} is not answered yet: press Check again "
                                                 "(F5) before giving it another way.").format(
            amount=money_text(sum((part.back.amount for part in pending), Decimal(0))))
    if any(part.back.via is TenderSource.CASH and part.note for part in last.money):
        text += " " + translate("HistoryDialog", "QPay did not take a payment back: that money goes back in cash.")
    return text


def _settled_words(number: str, before: JournalSale, after: JournalSale) -> str:
    """What asking QPay again, or handing a refused refund over in cash, did (`before` it, `after` it)."""
    if refused_refunds(after):
        return translate("HistoryDialog", "QPay refused again: {reason}. Nothing went back; check again (F5) to ask "
                                          "once more or hand it over in cash.").format(
            reason="; ".join(dict.fromkeys(part.note for part, _ in refused_refunds(after))))
    pending = [part for one in after.part_returns for part in one.money if not part.is_done]
    if pending:
        return translate("HistoryDialog", "QPay's answer was lost: press Check again (F5) before giving it another "
                                          "way.")
    waiting = {(one.id, place) for one in before.part_returns for place, part in enumerate(one.money)
               if not part.is_done}           # (a part keeps its place; given in cash, it names no payment)
    parts = [money_words(part.back) for one in after.part_returns for place, part in enumerate(one.money)
             if (one.id, place) in waiting]
    return translate("HistoryDialog", "Sale {number}'s return is settled:").format(number=number) + " " + \
        "; ".join(parts) + "."


def give_back_words(sale: JournalSale, kind: ReversalKind, done: ActionDone, receipt_left: BaseException | None,
                    still_pending: str, posapi_set: bool) -> tuple[str, bool]:
    """A whole sale given back: the money, then its receipt (`receipt_left`: its void failed after the money went
    back). A receipt the till cannot void is never offered again: what to do instead is said."""
    after, number = done.after, sale.number
    amount = money_text(after.reversed_amount) if after is not None and after.reversed_amount else ""
    stale = stale_words(after, posapi_set) if after is not None else ""
    if receipt_left is not None:
        then = stale or translate("HistoryDialog", "cancel it with Cancel receipt (F8).")
        return describe_error(receipt_left, translate(
            "HistoryDialog", "{amount} was given back for sale {number}, but its tax receipt could not be cancelled:"
        ).format(amount=amount, number=number) + " " + then), True
    if done.error is not None:
        return describe_error(done.error, translate("HistoryDialog",
                                                    "The payment of sale {number} was not given back.")
                              .format(number=number)) + still_pending, True
    if sale.can_return_tenders:
        text = translate("HistoryDialog", "Sale {number} is returned: {amount} given back.")
    elif kind is ReversalKind.REFUND:
        text = translate("HistoryDialog", "Sale {number}: {amount} refunded to the customer's card.")
    else:
        text = translate("HistoryDialog", "Sale {number}: the card payment of {amount} is cancelled.")
    text = text.format(number=number, amount=amount)
    if after is not None and after.receipt_status is ReceiptStatus.CANCELLED:
        text += " " + translate("HistoryDialog", "Its tax receipt is cancelled.")
    elif stale:
        return f"{text} {stale}", True
    elif after is not None and after.has_active_receipt:
        text += " " + translate("HistoryDialog", "Its tax receipt is still valid.")
    return text, False
