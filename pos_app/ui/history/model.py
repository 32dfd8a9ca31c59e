"""The sales history's table: a sale's state and event-log steps in words, and the table model of the range's
sales (the journal's sales, newest first)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from PySide6.QtCore import (
    QT_TRANSLATE_NOOP,
    QAbstractTableModel,
    QCoreApplication,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QWidget

from pos_app.bank_names import banks_text
from pos_app.domain.sale import ReceiptVia
from pos_app.formats import datetime_text, money_text, time_text
from pos_app.journal import (
    JournalSale,
    JournalStatus,
    ReceiptStatus,
    ReversalKind,
    ReversalStatus,
)
from pos_app.journal.sale_returns import part_return_problem

from pos_app.ui.common.receipt_words import lottery_text

_S = JournalStatus
# Steps the service can still settle: "Check again" asks it (a paid sale without a receipt has
# nothing to ask: its receipt is issued on the till's screen).
_CHECKABLE_STATUSES = frozenset({_S.CREATING, _S.OPEN, _S.CANCELLING, _S.RECEIPT_PENDING})
_PAID_STATUSES = frozenset({_S.PAID, _S.RECEIPT_PENDING, _S.COMPLETED})


translate = QCoreApplication.translate     # lupdate reads translate("History", "...") calls


# -- a sale in words ------------------------------------------------------------------

def can_check_again(sale: JournalSale) -> bool:
    """A step whose outcome the service can tell: the sale's own, or a give back or receipt cancel after it, or a
    partial return's QPay refund or receipt correction."""
    stale = sale.stale_receipts
    correctable = bool(stale) and not sale.failure and all(row.voidable_at_till and not row.details_lost
                                                           and not row.failure for row in stale)
    return (sale.status in _CHECKABLE_STATUSES or sale.reversal_status is ReversalStatus.PENDING
            or sale.receipt_status is ReceiptStatus.CANCELLING or any(not r.is_done for r in sale.part_returns)
            or (bool(sale.part_returns) and (correctable or sale.owes_receipt)))


def can_return_items(sale: JournalSale) -> bool:
    """A part of the sale can be returned now (see `journal.sale_returns.part_return_problem`)."""
    return not part_return_problem(sale) and bool(sale.kept_lines)


def can_reprint(sale: JournalSale) -> bool:
    return sale.receipt is not None or sale.status in _PAID_STATUSES


def status_text(sale: JournalSale) -> str:
    """The sale's state as the cashier says it: what happened to the money and the receipt."""
    if sale.part_returns and sale.reversal_status is None:
        return _returned_text(sale)
    refund = sale.reversal_kind is ReversalKind.REFUND
    if sale.reversal_status is ReversalStatus.DONE and sale.tenders and not sale.payments:
        text = (translate("History", "Returned") if refund
                else translate("History", "Cancelled, payments handed back"))
        if sale.has_active_receipt:
            text += translate("History", ", receipt still valid")
        return text
    if sale.reversal_status is ReversalStatus.DONE:
        text = translate("History", "Refunded") if refund else translate("History", "Card payment cancelled")
        if sale.has_active_receipt:
            text += translate("History", ", receipt still valid")
        return text
    if sale.reversal_status is ReversalStatus.PENDING:
        return translate("History", "Refund pending…") if refund else translate("History", "Card cancel pending…")
    if sale.receipt_status is ReceiptStatus.CANCELLING:
        return translate("History", "Receipt being voided…")
    if sale.status is _S.COMPLETED and sale.owes_receipt:
        text = translate("History", "Receipt voided, money kept: owed a receipt")
    elif sale.status is _S.COMPLETED and sale.receipt_status is ReceiptStatus.CANCELLED:
        text = translate("History", "Receipt voided")
    elif sale.status is _S.COMPLETED and sale.receipt_via is ReceiptVia.NONE:
        text = translate("History", "Completed, no receipt (no PosAPI)")
    elif sale.status is _S.RECEIPT_PENDING and sale.receipt_via is ReceiptVia.POSAPI:
        text = translate("History", "Receipt pending: PosAPI is asked again")
    else:
        text = {
            _S.TENDERING: translate("History", "Being paid at the counter"),
            _S.CREATING: translate("History", "Creating invoice…"),
            _S.OPEN: translate("History", "Waiting for payment"),
            _S.CANCELLING: translate("History", "Cancelling…"),
            _S.CANCELLED: translate("History", "Cancelled"),
            _S.FAILED: translate("History", "Not created"),
            _S.PAID: translate("History", "Paid, no receipt"),
            _S.RECEIPT_PENDING: translate("History", "Receipt pending…"),
            _S.COMPLETED: translate("History", "Completed"),
            _S.EXPIRED: translate("History", "Expired"),
        }[sale.status]
    if sale.reversal_status is ReversalStatus.FAILED:
        text += translate("History", " · give back failed")
    return text


def _returned_text(sale: JournalSale) -> str:
    text = (translate("History", "Partly returned") if sale.kept_lines
            else translate("History", "Returned by items"))
    if any(part.is_refused for one in sale.part_returns for part in one.money):
        text += translate("History", ", QPay refused a refund: check again (F5)")
    elif any(not part.is_done for part in sale.part_returns):
        text += translate("History", ", QPay's refund pending…")
    elif sale.stale_receipts:
        text += translate("History", ", receipt still valid: needs attention")
    elif sale.status is _S.RECEIPT_PENDING:
        text += translate("History", ", receipt being corrected…")
    elif sale.receipt_status is ReceiptStatus.CANCELLING:
        text += translate("History", ", receipt being voided…")
    elif sale.owes_receipt:
        text += translate("History", ", owed a receipt")
    elif any(row.settled for row in sale.valid_receipts):
        text += translate("History", ", receipt settled by a manager")
    return text


def reversal_kind_text(kind: ReversalKind | None) -> str:
    """How the history names a give-back: a refund or a card payment cancel (empty when none)."""
    words = {ReversalKind.REFUND: translate("History", "Refund"),
             ReversalKind.CANCEL: translate("History", "Card payment cancel")}
    return words.get(kind, "") if kind else ""


def payment_type_text(kind: str) -> str:
    """A payment's type in the cashier's words (QPay card, bank transfer, cash, card terminal)."""
    words = {"CARD": translate("History", "QPay card"), "P2P": translate("History", "QPay bank transfer"),
             "CASH": translate("History", "Cash"), "TERMINAL": translate("History", "Card terminal")}
    return words.get(kind.upper(), kind or translate("History", "not given"))


_STEP_WORDS = {
    "sale_begun": QT_TRANSLATE_NOOP("History", "Sale started"),
    "invoice_opened": QT_TRANSLATE_NOOP("History", "Invoice created"),
    "invoice_failed": QT_TRANSLATE_NOOP("History", "Invoice not created"),
    "cancel_started": QT_TRANSLATE_NOOP("History", "Invoice cancel asked"),
    "invoice_cancelled": QT_TRANSLATE_NOOP("History", "Invoice cancelled"),
    "cancel_failed": QT_TRANSLATE_NOOP("History", "Invoice cancel failed"),
    "payments_seen": QT_TRANSLATE_NOOP("History", "Paid"),
    "receipt_started": QT_TRANSLATE_NOOP("History", "Receipt asked"),
    "receipt_issued": QT_TRANSLATE_NOOP("History", "Receipt issued"),
    "receipt_failed": QT_TRANSLATE_NOOP("History", "Receipt failed"),
    "expired": QT_TRANSLATE_NOOP("History", "Invoice expired"),
    "reversal_started": QT_TRANSLATE_NOOP("History", "Give back asked"),
    "reversal_done": QT_TRANSLATE_NOOP("History", "Payment given back"),
    "reversal_failed": QT_TRANSLATE_NOOP("History", "Give back failed"),
    "receipt_cancel_started": QT_TRANSLATE_NOOP("History", "Receipt cancel asked"),
    "receipt_cancelled": QT_TRANSLATE_NOOP("History", "Receipt cancelled"),
    "receipt_cancel_failed": QT_TRANSLATE_NOOP("History", "Receipt cancel failed"),
    "tender_taken": QT_TRANSLATE_NOOP("History", "Payment taken at the counter"),
    "qpay_rest_started": QT_TRANSLATE_NOOP("History", "QPay invoice for the rest"),
    "tenders_handed_back": QT_TRANSLATE_NOOP("History", "Payments handed back"),
    "tenders_refunded": QT_TRANSLATE_NOOP("History", "Returned: money given back"),
    "receipt_asked_again": QT_TRANSLATE_NOOP("History", "Receipt asked for again (same bill number)"),
    "receipt_found_taken": QT_TRANSLATE_NOOP("History", "Receipt found issued (its answer was lost)"),
    "part_return_started": QT_TRANSLATE_NOOP("History", "Items returned: money given back"),
    "part_return_refunded": QT_TRANSLATE_NOOP("History", "QPay's part of a return answered"),
    "part_return_refund_asked": QT_TRANSLATE_NOOP("History", "QPay asked to give a return's part back"),
    "part_return_refund_refused": QT_TRANSLATE_NOOP("History", "QPay refused to give a return's part back"),
    "receipt_correction_started": QT_TRANSLATE_NOOP("History", "Receipt correction asked (replaces the last one)"),
    "receipts_left_settled": QT_TRANSLATE_NOOP("History", "Receipt left valid: settled by a manager"),
}


def step_text(kind: str, detail: dict[str, Any]) -> str:
    words = translate("History", _STEP_WORDS[kind]) if kind in _STEP_WORDS else kind
    extra = []
    if kind == "reversal_started":
        extra.append(reversal_kind_text(ReversalKind(detail["kind"])) if detail.get("kind") in ("cancel", "refund")
                     else str(detail.get("kind", "")))
    amount = detail.get("amount")
    if kind == "part_return_started" and detail.get("total"):
        total = Decimal(str(detail["total"]))
        extra.append(translate("History", "items worth {amount}").format(amount=money_text(total)))
        if amount and Decimal(str(amount)) == total:
            amount = None        # all of it given back at once (no QPay refund to wait for): said once
    if kind == "tender_taken":
        for record in detail.get("payments") or ():
            extra.append(f"{payment_type_text(str(record.get('type', '')))} "
                         f"{money_text(Decimal(str(record.get('amount', '0'))))}")
    if amount:
        extra.append(money_text(Decimal(str(amount))))
    if detail.get("bill"):
        extra.append(translate("History", "bill {bill}").format(bill=detail["bill"]))
    if detail.get("lottery"):
        extra.append(translate("History", "lottery {lottery}").format(lottery=detail["lottery"]))
    if detail.get("corrects"):
        extra.append(translate("History", "replaces {receipt}").format(receipt=detail["corrects"]))
    if detail.get("manager"):
        extra.append(str(detail["manager"]))
    if detail.get("reason"):
        extra.append(str(detail["reason"]))
    return f"{words}: {'; '.join(extra)}" if extra else words


# -- the table ------------------------------------------------------------------------

class SalesModel(QAbstractTableModel):
    """The sales of the range, newest first (as the journal lists them)."""

    TIME, NUMBER, STATUS, AMOUNT, BANK, LOTTERY = range(6)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._sales: list[JournalSale] = []
        self.show_day = False
        self._headers = (self.tr("Time"), self.tr("Sale"), self.tr("Status"), self.tr("Amount"),
                         self.tr("Bank"), self.tr("Lottery"))

    def set_sales(self, sales: list[JournalSale], show_day: bool = False) -> None:
        self.beginResetModel()
        self._sales = list(sales)
        self.show_day = show_day
        self.endResetModel()

    @property
    def sales(self) -> list[JournalSale]:
        return list(self._sales)

    def summary_text(self) -> str:
        """The range's line under the table: how many sales, paid, given back (whole and by items), net.
        `self.tr`, not `translate`: lupdate reads a count (`%n`) from `tr` calls only."""
        sales = self._sales
        paid = sum((sale.total for sale in sales if sale.status in _PAID_STATUSES), Decimal(0))
        back = sum((sale.reversed_amount for sale in sales if sale.is_reversed), Decimal(0))
        back += sum((part.amount for sale in sales for part in sale.part_returns), Decimal(0))
        text = self.tr("%n sale(s) · paid {paid}", "", len(sales)).format(paid=money_text(paid))
        if back:
            text += self.tr(" · given back {back} · net {net}").format(back=money_text(back),
                                                                       net=money_text(paid - back))
        return text

    def sale(self, row: int) -> JournalSale | None:
        return self._sales[row] if 0 <= row < len(self._sales) else None

    def row_of(self, number: str) -> int:
        return next((row for row, sale in enumerate(self._sales) if sale.number == number), -1)

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._sales)

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._headers)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation is Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return self._headers[section]
        if orientation is Qt.Orientation.Horizontal and role == Qt.ItemDataRole.TextAlignmentRole \
                and section == self.AMOUNT:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        sale = self.sale(index.row()) if index.isValid() else None
        if sale is None:
            return None
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            if column == self.TIME:
                return datetime_text(sale.created_at) if self.show_day else time_text(sale.created_at)
            if column == self.NUMBER:
                return sale.number
            if column == self.STATUS:
                return status_text(sale)
            if column == self.AMOUNT:
                return money_text(sale.total)
            if column == self.BANK:
                return banks_text(payment.bank for payment in sale.payments)
            if column == self.LOTTERY:
                shown = sale.valid_receipts or sale.receipts
                return ", ".join(dict.fromkeys(lottery_text(row.receipt, posapi=row.is_posapi) for row in shown))
        if role == Qt.ItemDataRole.TextAlignmentRole and column == self.AMOUNT:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.ToolTipRole and column == self.STATUS and sale.failure:
            return sale.failure
        if role == Qt.ItemDataRole.ForegroundRole and column == self.LOTTERY \
                and sale.receipt_status is ReceiptStatus.CANCELLED:
            return QColor("#9aa5b1")         # a voided receipt's lottery no longer counts
        if role == Qt.ItemDataRole.ToolTipRole and column == self.LOTTERY \
                and sale.receipt_status is ReceiptStatus.CANCELLED:
            return self.tr("The receipt was voided in the tax system.")
        if role == Qt.ItemDataRole.UserRole:
            return sale
        return None

