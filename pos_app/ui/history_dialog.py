"""The sales history: the journal's sales of a date range, one sale's details and
event log, and what can still be done to a sale after the cashier moved on
(cancel its open invoice, give a card payment back, cancel its tax receipt,
reprint it, check an unfinished step again).

Every journal read and service call runs through the task runner; calls that
move money go to its money worker, one at a time. Tasks get plain values and
return plain values (the journal's state read after the call, on the worker
too), so nothing here waits on disk or network on the GUI thread.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from html import escape
from typing import Any

from PySide6.QtCore import (
    QT_TRANSLATE_NOOP,
    QAbstractTableModel,
    QCoreApplication,
    QDate,
    QItemSelectionModel,
    QLocale,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QColor, QKeySequence, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDateEdit,
    QDialog,
    QHBoxLayout,
    QHeaderView,
    QInputDialog,
    QLabel,
    QMessageBox,
    QPushButton,
    QSplitter,
    QTableView,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from pos_app.checkout.after_sale import (
    CancelOutcome,
    CancelResult,
    cancel_open_invoice,
    give_back,
)
from pos_app.checkout.receipts import cancel_receipts, issue_receipts
from pos_app.checkout.recovery import Recovered, RecoveryOutcome, recover
from pos_app.domain.sale import Receiver, ReceiverKind
from pos_app.formats import datetime_text, money_text, quantity_text, time_text
from pos_app.journal import (
    JournalSale,
    JournalStatus,
    ReceiptStatus,
    ReversalKind,
    ReversalStatus,
)

from .give_back_dialog import GiveBackDialog
from .messages import describe_error
from .sale_flow import Services
from .tasks import TaskRunner

logger = logging.getLogger(__name__)

_S = JournalStatus
# Steps the service can still settle: "Check again" asks it (a paid sale without a receipt has
# nothing to ask: its receipt is issued on the till's screen).
_CHECKABLE_STATUSES = frozenset({_S.CREATING, _S.OPEN, _S.CANCELLING, _S.RECEIPT_PENDING})
_PAID_STATUSES = frozenset({_S.PAID, _S.RECEIPT_PENDING, _S.COMPLETED})


translate = QCoreApplication.translate     # lupdate reads translate("History", "...") calls


# -- a sale in words ------------------------------------------------------------------

def can_check_again(sale: JournalSale) -> bool:
    """A step whose outcome the service can tell: the sale's own, or a give back or receipt cancel after it."""
    return (sale.status in _CHECKABLE_STATUSES or sale.reversal_status is ReversalStatus.PENDING
            or sale.receipt_status is ReceiptStatus.CANCELLING)


def can_reprint(sale: JournalSale) -> bool:
    return sale.receipt is not None or sale.status in _PAID_STATUSES


def status_text(sale: JournalSale) -> str:
    """The sale's state as the cashier says it: what happened to the money and the receipt."""
    refund = sale.reversal_kind is ReversalKind.REFUND
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
    else:
        text = {
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


def _kind_text(kind: ReversalKind | None) -> str:
    words = {ReversalKind.REFUND: translate("History", "Refund"),
             ReversalKind.CANCEL: translate("History", "Card payment cancel")}
    return words.get(kind, "") if kind else ""


def _payment_type_text(kind: str) -> str:
    words = {"CARD": translate("History", "Card"), "P2P": translate("History", "Bank transfer (P2P)")}
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
}


def step_text(kind: str, detail: dict[str, Any]) -> str:
    words = translate("History", _STEP_WORDS[kind]) if kind in _STEP_WORDS else kind
    extra = []
    if kind == "reversal_started":
        extra.append(_kind_text(ReversalKind(detail["kind"])) if detail.get("kind") in ("cancel", "refund")
                     else str(detail.get("kind", "")))
    if detail.get("amount"):
        extra.append(money_text(Decimal(str(detail["amount"]))))
    if detail.get("lottery"):
        extra.append(translate("History", "lottery {lottery}").format(lottery=detail["lottery"]))
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
                return ", ".join(dict.fromkeys(payment.bank for payment in sale.payments if payment.bank))
            if column == self.LOTTERY:
                return ", ".join(receipt.lottery for receipt in sale.current_receipts)
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


# -- what a background action brings back ---------------------------------------------------

@dataclass(frozen=True)
class ActionDone:
    """A finished action: its value or its error, and the sale as the journal has it afterwards."""

    value: Any = None
    error: BaseException | None = None
    after: JournalSale | None = None


def _guarded(services: Services, number: str, work: Callable[[], Any]) -> Callable[[], ActionDone]:
    """The task for the worker: run `work`, then read the sale again (a failure included)."""
    journal = services.journal

    def task() -> ActionDone:
        try:
            value = work()
        except Exception as exc:  # noqa: BLE001 - shown in words; the journal says what is left
            try:
                after: JournalSale | None = journal.get(number)
            except Exception:  # noqa: BLE001
                after = None
            return ActionDone(None, exc, after)
        return ActionDone(value, None, journal.get(number))

    return task


class HistoryDialog(QDialog):
    """The day's (or a range's) sales and what can still be done to them.

    Widgets tests may use: `start_date`, `end_date`, `today_button`, `refresh_button`, `range_error`,
    `table`, `model`, `summary`, `details`, `event_log`, `note`, `message`, the action buttons
    (`cancel_invoice_button`, `give_back_button`, `cancel_receipt_button`, `reprint_button`,
    `check_again_button`), `confirmation` (an open question) and `give_back_dialog`.
    """

    reprint_requested = Signal(str)       # the sale's number: the till prints a copy of it
    sales_loaded = Signal()               # the table shows the range's sales (again)
    details_shown = Signal(str)           # the sale's number: its details and event log are on screen
    action_finished = Signal(str)         # an action's outcome, in words; the table is reloaded

    def __init__(self, services: Services, runner: TaskRunner, parent: QWidget | None = None, *,
                 on_screen: Callable[[], str] = lambda: "", today: Callable[[], date] = date.today) -> None:
        super().__init__(parent)
        self.services = services
        self.runner = runner
        self._on_screen = on_screen
        self._today = today
        self._closed = False
        self._busy = False                   # a money action is running
        self._load_generation = 0
        self._details_generation = 0
        self._selected = ""                  # the selected sale's number, kept across reloads
        self._restoring = False
        self._finished_text: str | None = None
        self.confirmation: QMessageBox | QInputDialog | None = None
        self.give_back_dialog: GiveBackDialog | None = None
        self.setWindowTitle(self.tr("Sales history"))
        self.setObjectName("history")

        # -- range --------------------------------------------------------------
        day = QDate(today())
        self.start_date = self._date_edit("start_date", day)
        self.end_date = self._date_edit("end_date", day)
        self.today_button = self._button("today", self.tr("Today  (Ctrl+T)"), "Ctrl+T", self.on_today_clicked)
        self.refresh_button = self._button("refresh", self.tr("Refresh  (Ctrl+R)"), "Ctrl+R",
                                           self.on_refresh_clicked)
        self.close_button = QPushButton(self.tr("Close  (Esc)"))
        self.close_button.setObjectName("close")
        self.close_button.setAutoDefault(False)
        self.close_button.clicked.connect(self.reject)
        self.range_error = QLabel()
        self.range_error.setObjectName("fieldError")
        self.range_error.hide()
        from_label = QLabel(self.tr("&From"))
        from_label.setBuddy(self.start_date)
        to_label = QLabel(self.tr("t&o"))
        to_label.setBuddy(self.end_date)
        range_row = QHBoxLayout()
        range_row.addWidget(from_label)
        range_row.addWidget(self.start_date)
        range_row.addWidget(to_label)
        range_row.addWidget(self.end_date)
        range_row.addWidget(self.today_button)
        range_row.addWidget(self.refresh_button)
        range_row.addWidget(self.range_error)
        range_row.addStretch(1)
        range_row.addWidget(self.close_button)     # up here: five actions fill the row below at 1024x768

        # -- sales ---------------------------------------------------------------
        self.model = SalesModel(self)
        self.table = QTableView()
        self.table.setObjectName("sales")
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setAlternatingRowColors(True)
        self.table.setTabKeyNavigation(False)
        self.table.verticalHeader().hide()
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(SalesModel.STATUS, QHeaderView.ResizeMode.Stretch)
        self.table.selectionModel().currentRowChanged.connect(self.on_table_current_row_changed)
        self.table.activated.connect(self.on_table_activated)
        self.summary = QLabel()
        self.summary.setObjectName("summary")

        # -- details ------------------------------------------------------------------
        self.details = QTextBrowser()
        self.details.setObjectName("details")
        self.details.setOpenLinks(False)
        self.event_log = QTextBrowser()
        self.event_log.setObjectName("events")
        self.event_log.setOpenLinks(False)
        details_row = QSplitter(Qt.Orientation.Horizontal)
        details_row.addWidget(self.details)
        details_row.addWidget(self.event_log)
        details_row.setStretchFactor(0, 2)
        details_row.setStretchFactor(1, 1)
        details_row.setSizes([640, 340])

        # -- actions ---------------------------------------------------------------------
        self.cancel_invoice_button = self._button("cancel_invoice", self.tr("Cancel invoice  (F6)"), "F6",
                                                  self.on_cancel_invoice_clicked)
        self.give_back_button = self._button("give_back", self.tr("Give back payment…  (F7)"), "F7",
                                             self.on_give_back_clicked)
        self.cancel_receipt_button = self._button("cancel_receipt", self.tr("Cancel receipt  (F8)"), "F8",
                                                  self.on_cancel_receipt_clicked)
        self.issue_receipt_button = self._button("issue_receipt", self.tr("Issue receipt  (F9)"), "F9",
                                                 self.on_issue_receipt_clicked)
        self.reprint_button = self._button("reprint", self.tr("Reprint  (Ctrl+P)"), "Ctrl+P",
                                           self.on_reprint_clicked)
        self.check_again_button = self._button("check_again", self.tr("Check again  (F5)"), "F5",
                                               self.on_check_again_clicked)
        self.cancel_invoice_button.setToolTip(self.tr("Cancel the sale's open invoice: its QR code stops working."))
        self.cancel_receipt_button.setToolTip(self.tr("Void the sale's tax receipt (ebarimt) in the tax system."))
        self.issue_receipt_button.setToolTip(self.tr("Issue the tax receipt of a paid sale that has none."))
        self.reprint_button.setToolTip(self.tr("Print the sale and its receipt again."))
        self.check_again_button.setToolTip(self.tr("Ask the payment service how an unfinished step ended."))
        self.action_buttons = (self.cancel_invoice_button, self.give_back_button, self.cancel_receipt_button,
                               self.issue_receipt_button, self.reprint_button, self.check_again_button)

        self.note = QLabel()                  # why an action is not offered for this sale
        self.note.setObjectName("muted")
        self.note.setWordWrap(True)
        self.note.hide()
        self.message = QLabel()               # the last action's outcome, or its error
        self.message.setObjectName("message")
        self.message.setWordWrap(True)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.message.hide()
        actions_row = QHBoxLayout()
        for button in self.action_buttons:
            actions_row.addWidget(button)
        actions_row.addStretch(1)

        lower = QWidget()
        lower_layout = QVBoxLayout(lower)
        lower_layout.setContentsMargins(0, 0, 0, 0)
        lower_layout.addWidget(details_row, 1)
        lower_layout.addLayout(actions_row)
        lower_layout.addWidget(self.note)
        lower_layout.addWidget(self.message)
        upper = QWidget()
        upper_layout = QVBoxLayout(upper)
        upper_layout.setContentsMargins(0, 0, 0, 0)
        upper_layout.addWidget(self.table, 1)
        upper_layout.addWidget(self.summary)
        splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.setChildrenCollapsible(False)
        splitter.addWidget(upper)
        splitter.addWidget(lower)
        splitter.setStretchFactor(0, 2)
        splitter.setStretchFactor(1, 3)
        splitter.setSizes([240, 360])     # about eight sales; the details need the room more

        layout = QVBoxLayout(self)
        layout.addLayout(range_row)
        layout.addWidget(splitter, 1)
        # Compact controls: the till's large buttons would not fit five in a row at 1024x768.
        self.setStyleSheet("QPushButton { font-size: 11pt; padding: 6px 10px; }"
                           "QTableView#sales { font-size: 11pt; }")
        self.resize(1000, 700)

        self.setTabOrder(self.table, self.details)
        self.start_date.dateChanged.connect(self.on_start_date_date_changed)
        self.end_date.dateChanged.connect(self.on_end_date_date_changed)
        self._show_details(None)
        self.table.setFocus()
        self.reload()

    # -- building -------------------------------------------------------------------------

    def _date_edit(self, name: str, day: QDate) -> QDateEdit:
        edit = QDateEdit(day)
        edit.setObjectName(name)
        edit.setCalendarPopup(True)
        edit.setDisplayFormat(QLocale().dateFormat(QLocale.FormatType.ShortFormat))
        return edit

    def _button(self, name: str, text: str, shortcut: str, slot: Callable[[], None]) -> QPushButton:
        button = QPushButton(text)
        button.setObjectName(name)
        button.setShortcut(QKeySequence(shortcut))
        button.setAutoDefault(False)       # Enter belongs to the table ("show details"), never to a button
        button.clicked.connect(slot)
        return button

    # -- loading --------------------------------------------------------------------------------

    def reload(self) -> bool:
        """Read the range's sales again (in the background); the selected sale stays selected.
        False when the range is not valid (the list is kept as it was)."""
        start, end = self.start_date.date().toPython(), self.end_date.date().toPython()
        if start > end:
            self.range_error.setText(self.tr("The first day is after the last day: change one of them."))
            self.range_error.show()
            return False
        self.range_error.hide()
        self._load_generation += 1
        generation = self._load_generation
        journal = self.services.journal
        self.runner.run_in_background(lambda: journal.sales_between(start, end),
                                      lambda done: self._on_sales_read(generation, start != end, done))
        return True

    def _on_sales_read(self, generation: int, several_days: bool, done: Future[list[JournalSale]]) -> None:
        if self._closed or generation != self._load_generation:
            return
        try:
            sales = done.result()
        except Exception as exc:  # noqa: BLE001 - the journal could not be read: say so, keep the old list
            self._show_message(describe_error(exc, self.tr("The sales could not be read from the journal.")),
                               error=True)
            self._emit_finished()
            return
        keep = self._selected
        self._restoring = True
        try:
            self.model.set_sales(sales, show_day=several_days)
            self._show_summary(sales)
            row = self.model.row_of(keep) if keep else -1
            if row < 0 and sales:
                row = 0
            if row >= 0:
                index = self.model.index(row, 0)
                self.table.selectionModel().setCurrentIndex(
                    index, QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows)
                self.table.scrollTo(index)
        finally:
            self._restoring = False
        self._select(self.model.sale(row))     # its details read again: an action may have changed them
        self.sales_loaded.emit()
        self._emit_finished()

    def _emit_finished(self) -> None:
        if self._finished_text is not None:
            text, self._finished_text = self._finished_text, None
            self.action_finished.emit(text)

    def _show_summary(self, sales: list[JournalSale]) -> None:
        paid = sum((sale.total for sale in sales if sale.status in _PAID_STATUSES), Decimal(0))
        back = sum((sale.reversed_amount for sale in sales if sale.is_reversed), Decimal(0))
        text = self.tr("%n sale(s) · paid {paid}", "", len(sales)).format(paid=money_text(paid))
        if back:
            text += self.tr(" · given back {back} · net {net}").format(back=money_text(back),
                                                                       net=money_text(paid - back))
        self.summary.setText(text)

    def selected_sale(self) -> JournalSale | None:
        row = self.model.row_of(self._selected) if self._selected else -1
        return self.model.sale(row)

    def _select(self, sale: JournalSale | None) -> None:
        """Show the sale's details now and its event log once read."""
        self._selected = sale.number if sale else ""
        self._show_details(sale)
        self._update_actions()
        if sale is None:
            return
        self._details_generation += 1
        generation, number, journal = self._details_generation, sale.number, self.services.journal
        self.runner.run_in_background(lambda: journal.events(number),
                                      lambda done: self._on_events_read(generation, number, done))

    def _on_events_read(self, generation: int, number: str, done: Future[list[tuple[datetime, str, dict]]]) -> None:
        if self._closed or generation != self._details_generation or number != self._selected:
            return
        try:
            events = done.result()
        except Exception as exc:  # noqa: BLE001
            self.event_log.setPlainText(describe_error(exc, self.tr("The sale's event log could not be read.")))
        else:
            self.event_log.setHtml(self._events_html(events))
        self.details_shown.emit(number)

    # -- details ------------------------------------------------------------------------------

    def _show_details(self, sale: JournalSale | None) -> None:
        if sale is None:
            self.details.setHtml("<p>" + escape(self.tr("No sale selected.")) + "</p>")
            self.event_log.clear()
            return
        self.details.setHtml(self._details_html(sale))
        self.event_log.setHtml("<p>" + escape(self.tr("Reading the event log…")) + "</p>")

    def _details_html(self, sale: JournalSale) -> str:
        muted = "color:#616e7c"

        def section(title: str) -> str:
            return f"<p style='margin-top:8px; margin-bottom:1px'><b>{escape(title)}</b></p>"

        def table(headers: list[str], rows: list[list[str]], right: frozenset[int] = frozenset()) -> str:
            def cell(tag: str, i: int, text: str) -> str:
                align = "right" if i in right else "left"
                pad = "" if i == len(headers) - 1 else " style='padding-right:18px'"
                return f"<{tag} align='{align}'{pad}>{escape(text)}</{tag}>"
            head = "".join(cell("th", i, h) for i, h in enumerate(headers))
            body = "".join("<tr>" + "".join(cell("td", i, c) for i, c in enumerate(row)) + "</tr>" for row in rows)
            return f"<table cellspacing='0' cellpadding='1'><tr style='{muted}'>{head}</tr>{body}</table>"

        def line(pairs: list[tuple[str, str]]) -> str:
            return " · ".join(f"<span style='{muted}'>{escape(name)}</span> {escape(value)}"
                              for name, value in pairs if value)

        title = self.tr("Sale {number}").format(number=sale.number)
        parts = [f"<p style='margin-bottom:2px; font-size:12pt'><b>{escape(title)} — "
                 f"{escape(status_text(sale))}</b></p>",
                 "<p style='margin-top:0'>" + line([
                     (self.tr("Started"), datetime_text(sale.created_at, seconds=True)),
                     (self.tr("Total"), money_text(sale.total)),
                     (self.tr("VAT"), money_text(sale.taxes.vat)),
                     (self.tr("City tax"), money_text(sale.taxes.city_tax) if sale.taxes.city_tax else "")])
                 + ("<br>" + line([(self.tr("Invoice"), sale.invoice_id)]) if sale.invoice_id else "") + "</p>"]
        parts.append(section(self.tr("Lines")))
        parts.append(table([self.tr("Item"), self.tr("Qty"), self.tr("Price"), self.tr("Amount")],
                           [[line_.description, quantity_text(line_.quantity), money_text(line_.unit_price),
                             money_text(line_.total)] for line_ in sale.lines], frozenset({1, 2, 3})))
        parts.append(section(self.tr("Payments")))
        if sale.payments:
            parts.append(table([self.tr("Bank"), self.tr("Type"), self.tr("Amount"), self.tr("Payment id")],
                               [[payment.bank, _payment_type_text(payment.kind), money_text(payment.amount),
                                 payment.payment_id] for payment in sale.payments], frozenset({2})))
        else:
            parts.append("<p style='margin-top:0'>" + escape(self.tr("None.")) + "</p>")
        parts.append(section(self.tr("Tax receipt")))
        if sale.receipts:
            parts.append(table([self.tr("Receipt id"), self.tr("Lottery"), self.tr("Amount"), self.tr("Receiver"),
                                self.tr("Status")],
                               [[row.receipt.receipt_id, row.receipt.lottery, money_text(row.receipt.amount),
                                 self._receiver_text(row.receipt.receiver),
                                 self._receipt_status_text(row.status)
                                 + (" · " + self.tr("void refused: {reason}").format(reason=row.failure)
                                    if row.failure else "")]
                                for row in sale.receipts], frozenset({2})))
            if sale.owes_receipt and sale.status is not _S.RECEIPT_PENDING:
                parts.append("<p style='margin-top:0; color:#ba2525'>" + escape(self.tr(
                    "The money was kept but has no valid receipt: issue one with Issue receipt (F9).")) + "</p>")
        else:
            text = (self.tr("Being issued…") if sale.receipt_status is ReceiptStatus.PENDING
                    else self.tr("Not issued (the last try failed).") if sale.receipt_status is ReceiptStatus.FAILED
                    else self.tr("None."))
            parts.append(f"<p style='margin-top:0'>{escape(text)}</p>")
        if sale.reversal_status is not None:
            parts.append(section(self.tr("Payment given back")))
            status = {ReversalStatus.DONE: self.tr("Done"),
                      ReversalStatus.PENDING: self.tr("Pending: the answer was not recorded"),
                      ReversalStatus.FAILED: self.tr("Failed: the payment is still paid")}[sale.reversal_status]
            if sale.reversal_status is ReversalStatus.FAILED and sale.given_back:
                status = self.tr("Failed half-way: {amount} went back, the rest is still paid").format(
                    amount=money_text(sum((payment.amount for payment in sale.given_back), Decimal(0))))
            parts.append(table([self.tr("How"), self.tr("Amount"), self.tr("Status"), self.tr("Reason")],
                               [[_kind_text(sale.reversal_kind),
                                 money_text(sale.reversed_amount) if sale.reversed_amount else "",
                                 status, sale.reversal_reason]], frozenset({1})))
        if sale.failure:
            parts.append(section(self.tr("Last failure")))
            parts.append(f"<p style='margin-top:0; color:#ba2525'>{escape(sale.failure)}</p>")
        return "".join(parts)

    def _receiver_text(self, receiver: Receiver) -> str:
        if receiver.kind is ReceiverKind.ORGANIZATION:
            return self.tr("Organization {register}").format(register=receiver.register)
        return self.tr("Individual")

    def _receipt_status_text(self, status: ReceiptStatus | None) -> str:
        return {ReceiptStatus.ISSUED: self.tr("Valid"), ReceiptStatus.CANCELLING: self.tr("Being voided…"),
                ReceiptStatus.CANCELLED: self.tr("Voided in the tax system"),
                ReceiptStatus.PENDING: self.tr("Being issued…"),
                ReceiptStatus.FAILED: self.tr("Failed")}.get(status, "") if status else ""

    def _events_html(self, events: list[tuple[datetime, str, dict]]) -> str:
        rows = "".join(
            f"<tr><td style='color:#616e7c; padding-right:8px' valign='top'>{escape(time_text(at, seconds=True))}</td>"
            f"<td>{escape(step_text(kind, detail))}</td></tr>" for at, kind, detail in events)
        return ("<h4 style='margin-bottom:2px'>" + escape(self.tr("Event log")) + "</h4>"
                f"<table cellspacing='0' cellpadding='1'>{rows}</table>")

    # -- which actions apply ------------------------------------------------------------------------

    def _is_on_screen(self, sale: JournalSale) -> bool:
        return bool(sale.number) and sale.number == self._on_screen()

    def _give_back_problem(self, sale: JournalSale) -> str:
        """Why a paid sale cannot be given back here ("" when it can, or it is not paid)."""
        if sale.can_reverse or sale.status not in (_S.PAID, _S.COMPLETED) or not sale.payments:
            return ""
        if sale.reversal_status is ReversalStatus.DONE:
            return self.tr("The payment was already given back.")
        if sale.reversal_status is ReversalStatus.PENDING:
            return self.tr("The payment is being given back: press Check again (F5) to learn how it ended.")
        return self.tr("Paid by bank transfer (P2P): QPay cannot give it back. Return the money another way.")

    def _update_actions(self) -> None:
        sale = self.selected_sale()
        on_screen = sale is not None and self._is_on_screen(sale)
        usable = sale is not None and not on_screen and not self._busy
        self.cancel_invoice_button.setEnabled(usable and sale.status is _S.OPEN and sale.invoice_id is not None)
        self.give_back_button.setEnabled(usable and sale.can_reverse)
        self.cancel_receipt_button.setEnabled(usable and sale.has_active_receipt and bool(sale.payments))
        self.issue_receipt_button.setEnabled(usable and sale.can_issue_receipt
                                             and sale.status is not _S.RECEIPT_PENDING)
        self.reprint_button.setEnabled(usable and can_reprint(sale))
        self.check_again_button.setEnabled(usable and can_check_again(sale))
        problem = self._give_back_problem(sale) if sale is not None else ""
        self.give_back_button.setToolTip(problem or self.tr("Cancel or refund the sale's card payment."))
        self.note.setText(self.on_screen_text() if on_screen else problem)
        self.note.setVisible(bool(self.note.text()))

    def on_screen_text(self) -> str:
        return self.tr("This sale is on the till's screen: finish it there.")

    def _usable(self) -> JournalSale | None:
        """The selected sale, when an action may start on it now; otherwise says why not."""
        sale = self.selected_sale()
        if sale is None or self._busy:
            return None
        if self._is_on_screen(sale):
            self._show_message(self.on_screen_text(), error=True)
            self._update_actions()
            return None
        return sale

    # -- running an action --------------------------------------------------------------------------

    def _start(self, sale: JournalSale, busy_text: str, work: Callable[[], Any],
               words: Callable[[ActionDone], tuple[str, bool]]) -> None:
        """Run `work` on the money worker; show its outcome (`words` gives text and whether it is an error)."""
        self._busy = True
        self._update_actions()
        self._show_message(busy_text, error=False)
        task = _guarded(self.services, sale.number, work)
        self.runner.run_in_background(task, lambda done: self._on_action_done(done, words), money=True)

    def _on_action_done(self, done: Future[ActionDone], words: Callable[[ActionDone], tuple[str, bool]]) -> None:
        if self._closed:
            return
        self._busy = False
        try:
            outcome = done.result()
            text, is_error = words(outcome)
        except Exception as exc:  # noqa: BLE001 - a bug in wording must not leave the buttons off
            logger.exception("history action outcome")
            text, is_error = describe_error(exc, self.tr("Something went wrong.")), True
        self._show_message(text, error=is_error)
        self._finished_text = text
        if not self.reload():
            self._emit_finished()
        self.table.setFocus()

    def _show_message(self, text: str, *, error: bool) -> None:
        self.message.setText(text)
        self.message.setProperty("kind", "error" if error else "info")
        self.message.style().unpolish(self.message)
        self.message.style().polish(self.message)
        self.message.setVisible(bool(text))

    def _still_pending(self, after: JournalSale | None) -> str:
        if after is not None and (after.reversal_status is ReversalStatus.PENDING
                                  or after.receipt_status is ReceiptStatus.CANCELLING
                                  or after.status in (_S.CANCELLING, _S.CREATING)):
            return " " + self.tr("Its outcome is not known yet: press Check again (F5) before trying again.")
        return ""

    # -- cancel invoice ---------------------------------------------------------------------------------

    def on_cancel_invoice_clicked(self) -> None:
        sale = self._usable()
        if sale is None or sale.status is not _S.OPEN:
            return
        self._confirm(self.tr("Cancel the invoice of sale {number} ({amount})? The customer's QR code stops "
                              "working.").format(number=sale.number, amount=money_text(sale.total)),
                      self.tr("Cancel invoice"), lambda: self._cancel_invoice(sale))

    def _cancel_invoice(self, sale: JournalSale) -> None:
        services, number = self.services, sale.number

        def words(done: ActionDone) -> tuple[str, bool]:
            if done.error is not None:
                return describe_error(done.error, self.tr("The invoice of sale {number} could not be cancelled.")
                                      .format(number=number)) + self._still_pending(done.after), True
            outcome: CancelOutcome = done.value
            if outcome.result is CancelResult.CANCELLED:
                return self.tr("Sale {number} is cancelled: nothing was charged.").format(number=number), False
            if outcome.result is CancelResult.PAID:
                return self.tr("The customer has already paid sale {number}, so it cannot be cancelled. "
                               "It is now recorded as paid.").format(number=number), True
            return self.tr("Part of sale {number} is already paid, so it cannot be cancelled. It stays open, "
                           "waiting for the rest.").format(number=number), True

        self._start(sale, self.tr("Cancelling the invoice of sale {number}…").format(number=number),
                    lambda: cancel_open_invoice(services.journal, services.checkout, number), words)

    # -- give back ------------------------------------------------------------------------------------------

    def on_give_back_clicked(self) -> None:
        sale = self._usable()
        if sale is None or not sale.can_reverse:
            return
        dialog = GiveBackDialog(sale, self, today=self._today)
        self.give_back_dialog = dialog
        dialog.accepted.connect(lambda: self.on_give_back_dialog_accepted(dialog))
        dialog.finished.connect(lambda _result: self.on_give_back_dialog_finished(dialog))
        dialog.open()

    def on_give_back_dialog_finished(self, dialog: GiveBackDialog) -> None:
        if self.give_back_dialog is dialog:
            self.give_back_dialog = None
        dialog.deleteLater()
        if not self._closed:
            self.activateWindow()      # the keyboard comes back to the history, not to a closed dialog
            self.table.setFocus()

    def on_give_back_dialog_accepted(self, dialog: GiveBackDialog) -> None:
        sale, kind = dialog.sale, dialog.result_kind
        reason, void = dialog.result_reason, dialog.result_void_receipt
        if self._closed or kind is None:
            return
        if self._busy or self._is_on_screen(sale):
            self._show_message(self.on_screen_text() if self._is_on_screen(sale)
                               else self.tr("Another action is still running: try again when it ends."), error=True)
            return
        services, number = self.services, sale.number

        def work() -> Any:
            try:
                return give_back(services.journal, services.checkout, number, kind, reason, void_receipt=void)
            except Exception as exc:
                after = services.journal.get(number)
                if after.is_reversed:            # the money went back; only the receipt step failed
                    return _ReceiptLeft(exc)
                raise

        def words(done: ActionDone) -> tuple[str, bool]:
            after = done.after
            amount = money_text(after.reversed_amount) if after is not None and after.reversed_amount else ""
            if isinstance(done.value, _ReceiptLeft):
                return describe_error(done.value.error, self.tr(
                    "{amount} was given back for sale {number}, but its tax receipt could not be cancelled: "
                    "cancel it with Cancel receipt (F8).").format(amount=amount, number=number)), True
            if done.error is not None:
                return describe_error(done.error, self.tr("The payment of sale {number} was not given back.")
                                      .format(number=number)) + self._still_pending(after), True
            text = (self.tr("Sale {number}: {amount} refunded to the customer's card.") if kind is ReversalKind.REFUND
                    else self.tr("Sale {number}: the card payment of {amount} is cancelled.")).format(
                number=number, amount=amount)
            if after is not None and after.receipt_status is ReceiptStatus.CANCELLED:
                text += " " + self.tr("Its tax receipt is cancelled.")
            elif after is not None and after.has_active_receipt:
                text += " " + self.tr("Its tax receipt is still valid.")
            return text, False

        busy = (self.tr("Refunding the payment of sale {number}…") if kind is ReversalKind.REFUND
                else self.tr("Cancelling the card payment of sale {number}…")).format(number=number)
        self._start(sale, busy, work, words)

    # -- cancel receipt --------------------------------------------------------------------------------------

    def on_cancel_receipt_clicked(self) -> None:
        sale = self._usable()
        if sale is None or not sale.has_active_receipt:
            return
        lottery = sale.receipt.lottery if sale.receipt else ""
        self._confirm(self.tr("Cancel the tax receipt of sale {number} (lottery {lottery})? This voids it in the "
                              "tax system (ebarimt). The payment is not given back.")
                      .format(number=sale.number, lottery=lottery),
                      self.tr("Cancel receipt"), lambda: self._cancel_receipt(sale))

    def _cancel_receipt(self, sale: JournalSale) -> None:
        services, number = self.services, sale.number

        def words(done: ActionDone) -> tuple[str, bool]:
            if done.error is not None:
                return describe_error(done.error, self.tr("The tax receipt of sale {number} was not cancelled.")
                                      .format(number=number)) + self._still_pending(done.after), True
            return self.tr("The tax receipt of sale {number} is cancelled in the tax system.").format(
                number=number), False

        self._start(sale, self.tr("Cancelling the tax receipt of sale {number}…").format(number=number),
                    lambda: cancel_receipts(services.journal, services.checkout, number), words)

    # -- issue receipt -----------------------------------------------------------------------------------------

    def on_issue_receipt_clicked(self) -> None:
        """A paid sale whose money was kept and that has no valid receipt (left without one, or voided): the
        receiver is asked (an organization's register number, or empty for an individual)."""
        sale = self._usable()
        if sale is None or not sale.can_issue_receipt:
            return
        box = QInputDialog(self)
        box.setWindowTitle(self.tr("Issue receipt"))
        box.setLabelText(self.tr("Receipt of sale {number}: the organization's 7-digit register number, "
                                 "or nothing for an individual.").format(number=sale.number))
        box.setOkButtonText(self.tr("Issue receipt"))
        box.setCancelButtonText(self.tr("Back"))
        if sale.receiver is not None and sale.receiver.kind is ReceiverKind.ORGANIZATION:
            box.setTextValue(sale.receiver.register)

        def on_finished(result: int) -> None:
            self.confirmation = None
            box.deleteLater()
            if self._closed or result != QDialog.DialogCode.Accepted or self._busy:
                return
            text = box.textValue().strip()
            try:
                receiver = Receiver.organization(text) if text else Receiver()
            except ValueError:
                self._show_message(self.tr("Check the register number: an organization's has exactly 7 digits."),
                                   error=True)
                return
            self._issue_receipt(sale, receiver)

        box.finished.connect(on_finished)
        self.confirmation = box
        box.open()

    def _issue_receipt(self, sale: JournalSale, receiver: Receiver) -> None:
        services, number = self.services, sale.number

        def words(done: ActionDone) -> tuple[str, bool]:
            if done.error is not None:
                return describe_error(done.error, self.tr("The tax receipt of sale {number} was not issued.")
                                      .format(number=number)), True
            after: JournalSale = done.value
            return self.tr("The tax receipt of sale {number} is issued: lottery {lottery}.").format(
                number=number, lottery=", ".join(receipt.lottery for receipt in after.current_receipts)), False

        self._start(sale, self.tr("Issuing the tax receipt of sale {number}…").format(number=number),
                    lambda: issue_receipts(services.journal, services.checkout, number, receiver), words)

    # -- reprint ----------------------------------------------------------------------------------------------

    def on_reprint_clicked(self) -> None:
        sale = self._usable()
        if sale is None or not can_reprint(sale):
            return
        self.reprint_requested.emit(sale.number)

    # -- check again -------------------------------------------------------------------------------------------

    def on_check_again_clicked(self) -> None:
        sale = self._usable()
        if sale is None or not can_check_again(sale):
            return
        services, number = self.services, sale.number

        def work() -> RecoveryOutcome | None:
            current = services.journal.get(number)
            if not can_check_again(current):
                return None                  # settled meanwhile (the till's own retries)
            return recover(services.journal, services.checkout, current)

        def words(done: ActionDone) -> tuple[str, bool]:
            if done.error is not None:
                return describe_error(done.error, self.tr("Sale {number} could not be checked.")
                                      .format(number=number)), True
            outcome: RecoveryOutcome | None = done.value
            if outcome is None:
                return self.tr("Sale {number} has nothing left to check.").format(number=number), False
            texts = {
                Recovered.FAILED: (self.tr("No invoice was created for sale {number}: nothing was charged."), False),
                Recovered.WAITING: (self.tr("Sale {number} is still waiting for the customer's payment."), False),
                Recovered.CANCELLED: (self.tr("Sale {number} is cancelled: nothing was charged."), False),
                Recovered.PAID: (self.tr("Sale {number} is paid; its receipt is not issued."), False),
                Recovered.COMPLETED: (self.tr("Sale {number} is complete: its receipt was issued."), False),
                Recovered.REVERSED: (self.tr("The payment of sale {number} was given back."), False),
                Recovered.NOT_REVERSED: (self.tr("The payment of sale {number} was not given back: it is still "
                                                 "paid. You may give it back again."), True),
                Recovered.RECEIPT_CANCELLED: (self.tr("The tax receipt of sale {number} is cancelled."), False),
                Recovered.RECEIPT_REFUSED: (self.tr("The tax system refused the receipt of sale {number}; it is "
                                                    "still owed one."), True),
                Recovered.RECEIPT_CANCEL_REFUSED: (self.tr("The tax system refused to void the receipt of sale "
                                                           "{number}: it stays valid."), True),
                Recovered.UNSETTLED: (self.tr("Sale {number} could not be checked yet: try again later."), True),
            }
            text, is_error = texts[outcome.result]
            return text.format(number=number), is_error

        self._start(sale, self.tr("Checking sale {number} with the payment service…").format(number=number),
                    work, words)

    # -- questions -------------------------------------------------------------------------------------------------

    def _confirm(self, question: str, yes: str, on_yes: Callable[[], None]) -> None:
        """A non-blocking question: Enter confirms, Esc keeps things as they are."""
        box = QMessageBox(QMessageBox.Icon.Question, self.windowTitle(), question, parent=self)
        yes_button = box.addButton(yes, QMessageBox.ButtonRole.AcceptRole)
        no_button = box.addButton(self.tr("Back"), QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(yes_button)
        box.setEscapeButton(no_button)

        def on_finished() -> None:
            self.confirmation = None
            box.deleteLater()
            if self._closed:
                return
            self.activateWindow()      # the keyboard comes back to the history, not to a closed box
            if box.clickedButton() is yes_button and not self._busy:
                on_yes()
            self.table.setFocus()

        box.finished.connect(on_finished)
        self.confirmation = box
        box.open()

    # -- slots -------------------------------------------------------------------------------------------------------

    def on_table_current_row_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if self._restoring:
            return
        sale = self.model.sale(current.row()) if current.isValid() else None
        if sale is None or sale.number != self._selected:
            self._select(sale)

    def on_table_activated(self, index: QModelIndex) -> None:
        """Enter: the sale's details, read fresh; the keyboard moves into them (Shift+Tab goes back)."""
        sale = self.model.sale(index.row())
        if sale is None:
            return
        self._select(sale)
        self.details.setFocus()

    def on_today_clicked(self) -> None:
        today = QDate(self._today())
        for edit in (self.start_date, self.end_date):
            edit.blockSignals(True)
            edit.setDate(today)
            edit.blockSignals(False)
        self.reload()   # also when the dates were already today: the cashier asked to see them again
        self.table.setFocus()

    def on_refresh_clicked(self) -> None:
        self.reload()

    def on_start_date_date_changed(self, _day: QDate) -> None:
        self.reload()

    def on_end_date_date_changed(self, _day: QDate) -> None:
        self.reload()

    # -- showing and closing ------------------------------------------------------------------------------------------

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._closed:          # shown again after a close: answers matter again
            self._closed = False
            self._busy = False    # an action left running was settled in the journal; the reload shows it
            self.reload()
        self.table.setFocus()

    def done(self, result: int) -> None:
        self._closed = True
        if self.confirmation is not None:
            self.confirmation.reject()
        if self.give_back_dialog is not None:
            self.give_back_dialog.reject()
        super().done(result)


@dataclass(frozen=True)
class _ReceiptLeft:
    """Given back, but the receipt cancel after it failed."""

    error: BaseException
