"""The sales history: the journal's sales of a date range, one sale's details and
event log, and what can still be done to a sale after the cashier moved on
(cancel its open invoice, give a card payment back, return some of its items,
cancel its tax receipt or mark one settled, reprint it, check an unfinished step again).

Every journal read and service call runs through the task runner; calls that
move money go to its money worker, one at a time. Tasks get plain values and
return plain values (the journal's state read after the call, on the worker
too), so nothing here waits on disk or network on the GUI thread.

This module builds the dialog (the view: the range, the list, the buttons) and the parts it owns: the
details and event log (`SaleDetails`, details.py), the actions on the selected sale (`HistoryActions`,
actions.py) and how they run (`ActionRunner`, action_runner.py); the table model and a sale in words are
in model.py.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future
from datetime import date, datetime

from PySide6.QtCore import (
    QDate,
    QItemSelectionModel,
    QLocale,
    QModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QKeySequence, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDateEdit,
    QDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSplitter,
    QTableView,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from pos_app.journal import JournalSale

from pos_app.ui.history.actions import ActionButtons, Approve, ApproveAs, HistoryActions
from pos_app.ui.history.details import SaleDetails
from pos_app.ui.history.model import (
    SalesModel,
    can_check_again,
    can_reprint,
    status_text,
    step_text,
)
from pos_app.ui.history.action_runner import ActionDone, ActionRunner
from pos_app.ui.common.messages import describe_error
from pos_app.checkout.sale_services import SaleServices
from pos_app.ui.common.tasks import TaskRunner

__all__ = ["ActionDone", "HistoryDialog", "SalesModel", "can_check_again", "can_reprint", "status_text",
           "step_text"]


class HistoryDialog(QDialog):
    """The day's (or a range's) sales and what can still be done to them.

    Widgets tests may use: `start_date`, `end_date`, `today_button`, `refresh_button`, `range_error`,
    `table`, `model`, `summary`, `details`, `event_log`, `note`, `message`, the action buttons
    (`cancel_invoice_button`, `give_back_button`, `return_items_button`, `cancel_receipt_button`,
    `settle_receipt_button`, `reprint_button`, `check_again_button`). Its parts: `sale_details` fills `details`
    and `event_log`; `sale_actions` holds the actions, with `confirmation` (an open question),
    `give_back_dialog` and `return_dialog`; `action_runner` runs them (`busy` while one runs).
    """

    reprint_requested = Signal(str)       # the sale's number: the till prints a copy of it
    sales_loaded = Signal()               # the table shows the range's sales (again)
    details_shown = Signal(str)           # the sale's number: its details and event log are on screen
    action_finished = Signal(str)         # an action's outcome, in words; the table is reloaded

    def __init__(self, services: SaleServices, runner: TaskRunner, parent: QWidget | None = None, *,
                 on_screen: Callable[[], str] = lambda: "", today: Callable[[], date] = date.today,
                 approve: Approve = lambda _permission, then, _parent: then(),
                 approve_as: ApproveAs = lambda _permission, then, _parent: then("")) -> None:
        super().__init__(parent)
        self._services = services
        self._runner = runner
        self._today = today
        self._closed = False
        self._load_generation = 0
        self._details_generation = 0
        self._selected = ""                  # the selected sale's number, kept across reloads
        self._restoring = False
        self._finished_text: str | None = None
        self.setWindowTitle(self.tr("Sales history"))
        self.setObjectName("history")

        # -- range --------------------------------------------------------------
        day = QDate(today())
        self.start_date = self._date_edit("start_date", day)
        self.end_date = self._date_edit("end_date", day)
        self.today_button = self._button("today", self.tr("Today  (Ctrl+T)"), "Ctrl+T")
        self.refresh_button = self._button("refresh", self.tr("Refresh  (Ctrl+R)"), "Ctrl+R")
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
        for widget in (from_label, self.start_date, to_label, self.end_date, self.today_button, self.refresh_button,
                       self.range_error):
            range_row.addWidget(widget)
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
        self.cancel_invoice_button = self._button("cancel_invoice", self.tr("Cancel invoice  (F6)"), "F6")
        self.give_back_button = self._button("give_back", self.tr("Give back payment…  (F7)"), "F7")
        self.return_items_button = self._button("return_items", self.tr("Return items…  (Shift+F7)"), "Shift+F7")
        self.cancel_receipt_button = self._button("cancel_receipt", self.tr("Cancel receipt  (F8)"), "F8")
        self.settle_receipt_button = self._button("settle_receipt", self.tr("Receipt settled…  (Shift+F8)"),
                                                  "Shift+F8")
        self.issue_receipt_button = self._button("issue_receipt", self.tr("Issue receipt  (F9)"), "F9")
        self.reprint_button = self._button("reprint", self.tr("Reprint  (Ctrl+P)"), "Ctrl+P")
        self.check_again_button = self._button("check_again", self.tr("Check again  (F5)"), "F5")
        self.cancel_invoice_button.setToolTip(self.tr("Cancel the sale's open invoice: its QR code stops working."))
        self.cancel_receipt_button.setToolTip(self.tr("Void the sale's tax receipt (ebarimt) in the tax system."))
        self.issue_receipt_button.setToolTip(self.tr("Issue the tax receipt of a paid sale that has none."))
        self.reprint_button.setToolTip(self.tr("Print the sale and its receipt again."))
        self.check_again_button.setToolTip(self.tr("Ask the payment service how an unfinished step ended."))
        self.return_items_button.setToolTip(self.tr("Return some of the sale's items and give their money back."))
        self.settle_receipt_button.setToolTip(self.tr("A manager records that the receipt was put right elsewhere."))
        # Two rows (the money's, the receipt's): eight do not fit one at 1024x768.
        rows = ((self.cancel_invoice_button, self.give_back_button, self.return_items_button, self.check_again_button),
                (self.cancel_receipt_button, self.issue_receipt_button, self.settle_receipt_button,
                 self.reprint_button))
        self.action_buttons = rows[0] + rows[1]

        self.note = QLabel()                  # why an action is not offered for this sale
        self.note.setObjectName("muted")
        self.note.setWordWrap(True)
        self.note.hide()
        self.message = QLabel()               # the last action's outcome, or its error
        self.message.setObjectName("message")
        self.message.setWordWrap(True)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.message.hide()
        actions = QVBoxLayout()
        for buttons in rows:
            row_layout = QHBoxLayout()
            for button in buttons:
                row_layout.addWidget(button)
            row_layout.addStretch(1)
            actions.addLayout(row_layout)

        lower = QWidget()
        lower_layout = QVBoxLayout(lower)
        lower_layout.setContentsMargins(0, 0, 0, 0)
        lower_layout.addWidget(details_row, 1)
        lower_layout.addLayout(actions)
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

        # -- its parts ------------------------------------------------------------------------------------
        self.sale_details = SaleDetails(self.details, self.event_log, posapi_set=services.posapi is not None)
        self.action_runner = ActionRunner(runner, services.journal, is_closed=lambda: self._closed,
                                          started=self._on_action_started, finished=self._on_action_finished)
        self.sale_actions = HistoryActions(
            services, self.action_runner, self,
            ActionButtons(self.cancel_invoice_button, self.give_back_button, self.return_items_button,
                          self.cancel_receipt_button, self.settle_receipt_button, self.issue_receipt_button,
                          self.reprint_button, self.check_again_button),
            self.note, selected_sale=self.selected_sale, on_screen=on_screen, show_message=self.show_message,
            is_closed=lambda: self._closed, focus_table=self.table.setFocus, reprint=self.reprint_requested.emit,
            today=today, approve=approve, approve_as=approve_as)

        self.setTabOrder(self.table, self.details)
        self.today_button.clicked.connect(self.on_today_clicked)
        self.refresh_button.clicked.connect(self.on_refresh_clicked)
        actions = self.sale_actions
        self.cancel_invoice_button.clicked.connect(actions.on_cancel_invoice_clicked)
        self.give_back_button.clicked.connect(actions.on_give_back_clicked)
        self.return_items_button.clicked.connect(actions.on_return_items_clicked)
        self.cancel_receipt_button.clicked.connect(actions.on_cancel_receipt_clicked)
        self.settle_receipt_button.clicked.connect(actions.on_settle_receipt_clicked)
        self.issue_receipt_button.clicked.connect(actions.on_issue_receipt_clicked)
        self.reprint_button.clicked.connect(actions.on_reprint_clicked)
        self.check_again_button.clicked.connect(actions.on_check_again_clicked)
        self.start_date.dateChanged.connect(self.on_start_date_date_changed)
        self.end_date.dateChanged.connect(self.on_end_date_date_changed)
        self.sale_details.show(None)
        self.table.setFocus()
        self.reload()

    # -- building -------------------------------------------------------------------------

    def _date_edit(self, name: str, day: QDate) -> QDateEdit:
        edit = QDateEdit(day)
        edit.setObjectName(name)
        edit.setCalendarPopup(True)
        edit.setDisplayFormat(QLocale().dateFormat(QLocale.FormatType.ShortFormat))
        return edit

    def _button(self, name: str, text: str, shortcut: str) -> QPushButton:
        button = QPushButton(text)
        button.setObjectName(name)
        button.setShortcut(QKeySequence(shortcut))
        button.setAutoDefault(False)       # Enter belongs to the table ("show details"), never to a button
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
        journal, desk = self._services.journal, self._services.posapi
        # PosAPI's lotteries while this session holds them: the journal never keeps them
        fill: Callable[[JournalSale], JournalSale] = desk.print_only.fill_sale if desk else lambda sale: sale
        self._runner.run_in_background(lambda: [fill(sale) for sale in journal.queries.between(start, end)],
                                      lambda done: self._on_sales_read(generation, start != end, done))
        return True

    def _on_sales_read(self, generation: int, several_days: bool, done: Future[list[JournalSale]]) -> None:
        if self._closed or generation != self._load_generation:
            return
        try:
            sales = done.result()
        except Exception as exc:  # noqa: BLE001 - the journal could not be read: say so, keep the old list
            self.show_message(describe_error(exc, self.tr("The sales could not be read from the journal.")),
                              error=True)
            self._emit_finished()
            return
        keep = self._selected
        self._restoring = True
        try:
            self.model.set_sales(sales, show_day=several_days)
            self.summary.setText(self.model.summary_text())
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

    def selected_sale(self) -> JournalSale | None:
        row = self.model.row_of(self._selected) if self._selected else -1
        return self.model.sale(row)

    def _select(self, sale: JournalSale | None) -> None:
        """Show the sale's details now and its event log once read."""
        self._selected = sale.number if sale else ""
        self.sale_details.show(sale)
        self.sale_actions.update()
        if sale is None:
            return
        self._details_generation += 1
        generation, number, journal = self._details_generation, sale.number, self._services.journal
        self._runner.run_in_background(lambda: journal.queries.events(number),
                                      lambda done: self._on_events_read(generation, number, done))

    def _on_events_read(self, generation: int, number: str, done: Future[list[tuple[datetime, str, dict]]]) -> None:
        if self._closed or generation != self._details_generation or number != self._selected:
            return
        try:
            events = done.result()
        except Exception as exc:  # noqa: BLE001
            self.sale_details.show_events_unread(exc)
        else:
            self.sale_details.show_events(events)
        self.details_shown.emit(number)

    # -- what the actions say -----------------------------------------------------------------------------------

    def show_message(self, text: str, *, error: bool) -> None:
        """The last action's outcome, or its error (an empty text hides it)."""
        self.message.setText(text)
        self.message.setProperty("kind", "error" if error else "info")
        self.message.style().unpolish(self.message)
        self.message.style().polish(self.message)
        self.message.setVisible(bool(text))

    def _on_action_started(self, busy_text: str) -> None:
        self.sale_actions.update()
        self.show_message(busy_text, error=False)

    def _on_action_finished(self, text: str, is_error: bool) -> None:
        self.show_message(text, error=is_error)
        self._finished_text = text
        if not self.reload():
            self._emit_finished()
        self.table.setFocus()

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
            self.action_runner.forget_running()    # it was settled in the journal; the reload shows it
            self.reload()
        self.table.setFocus()

    def done(self, result: int) -> None:
        self._closed = True
        self.sale_actions.close_questions()
        super().done(result)
