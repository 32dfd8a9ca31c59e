"""The day close: the owner's look at one day of this till, its CSV for the accountant, and its Z report.

The dialog reads the journal and writes the CSV files on the task runner,
never on the GUI thread; it only shows what `pos_app.journal.day_summary`
computes. "Close the day" stores the day's figures as its Z report
(`pos_app.journal.closed_days`): from then on the day shows those stored
figures, and what happens later counts on the next day. Open it with
`open()`: it never blocks the till.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from concurrent.futures import Future
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path

from PySide6.QtCore import QDate, QLocale, QStandardPaths, Qt, QTimer, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDateEdit,
    QDialog,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMessageBox,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from pos_app.formats import date_text, datetime_text, money_text, time_text
from pos_app.journal.closed_days import DayAlreadyClosed, close_day, read_day
from pos_app.journal.day_csv import save_csv
from pos_app.journal.day_summary import DayReport, DaySummary, SaleDay, Tally
from pos_app.journal.journal import Journal

from .printing import ReceiptPrinting
from .tasks import TaskRunner

KEY_ROLE = Qt.ItemDataRole.UserRole          # the figure's key on its first cell (see `figures()`)
ALERT_ROLE = Qt.ItemDataRole.UserRole + 1     # True on a "needs attention" row that is not zero
ALERT_COLOR = "#ba2525"
_ALERT_BACKGROUND = "#fdecea"
_SECTION_BACKGROUND = "#e4e7eb"
_RELOAD_DELAY_MS = 300                        # let arrow keys and typing settle before reading the journal
_OWING_SHOWN = 4                              # sale numbers named in the attention line (the CSV has them all)

_STYLE = f"""
QLabel#dayNet {{ font-size: 22pt; font-weight: 700; color: #1f2933; }}
QLabel#dayHeadline {{ color: #52606d; font-size: 11pt; }}
QLabel#dayAttention {{ color: {ALERT_COLOR}; font-weight: 600; }}
QLabel#dayStatus {{ font-size: 11pt; }}
QLabel#dayStatus[kind="error"] {{ color: {ALERT_COLOR}; }}
QLabel#dayStatus[kind="done"] {{ color: #0e7c4a; }}
QLabel#terminal, QLabel#dayLabel, QDateEdit#day {{ font-size: 12pt; }}
QTableWidget {{ font-size: 11pt; background: white; }}
QTableWidget::item {{ padding: 0px 6px; }}
"""


@dataclass(frozen=True)
class _Row:
    key: str = ""            # empty: a section title
    label: str = ""
    count: str = ""
    amount: str = ""
    alert: bool = False
    bold: bool = False


class DayCloseDialog(QDialog):
    """One day of this terminal: paid, taxes with and without receipt, banks, what was given back, what needs
    attention (from any day), and the day's close.

    Signals (for tests and the window): `loaded(DaySummary)` after each read,
    `load_failed(str)`, `exported(str)` with the summary CSV's path once both
    files are written, `export_failed(str)` with the message shown,
    `day_closed(DaySummary)` with the stored Z report, `close_failed(str)`.

    Widgets by object name: `day` (the date), `terminal`, `refresh`, `dayNet`,
    `dayHeadline`, `dayAttention`, `totals` and `details` (the tables),
    `dayStatus`, `closeDay`, `print`, `export` and `close`. With *printing*,
    Print (Ctrl+P) sends the day's summary to the receipt printer
    (`printed(text, ok)` follows).
    """

    loaded = Signal(object)
    load_failed = Signal(str)
    exported = Signal(str)
    export_failed = Signal(str)
    printed = Signal(str, bool)
    day_closed = Signal(object)
    close_failed = Signal(str)

    def __init__(self, journal: Journal, runner: TaskRunner, parent: QWidget | None = None,
                 today: Callable[[], date] = date.today, printing: ReceiptPrinting | None = None,
                 now: Callable[[], datetime] = datetime.now) -> None:
        super().__init__(parent)
        self.setObjectName("dayCloseDialog")
        self.setWindowTitle(self.tr("Day close"))
        self.setStyleSheet(_STYLE)
        self._journal = journal
        self._runner = runner
        self._printing = printing
        self._today, self._now = today, now     # the shop's day and time (the app passes its time zone's)
        self._terminal = journal.terminal_id
        self.summary: DaySummary | None = None
        self._sales: tuple[SaleDay, ...] = ()
        self._loading = False
        self._reload_pending = False
        self._exporting = False
        self._closing = False
        self._note: tuple[str, str] | None = None     # shown after the next read instead of "Read at …"
        self.confirmation: QMessageBox | None = None
        self._closed = False
        self._refocus_date = False
        self._file_dialog: QFileDialog | None = None
        self._export_dir = (QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
                            or QStandardPaths.writableLocation(QStandardPaths.StandardLocation.HomeLocation))

        # -- top: the day and the till ------------------------------------------------
        self.date_edit = QDateEdit()
        self.date_edit.setObjectName("day")
        self.date_edit.setCalendarPopup(True)
        self.date_edit.setDisplayFormat(QLocale().dateFormat(QLocale.FormatType.ShortFormat))
        self.date_edit.setKeyboardTracking(False)
        self.date_edit.setMinimumWidth(150)
        first_day = _qdate(today())
        self.date_edit.setMaximumDate(first_day)
        self.date_edit.setDate(first_day)
        day_label = QLabel(self.tr("&Day"))
        day_label.setObjectName("dayLabel")
        day_label.setBuddy(self.date_edit)
        self.terminal_label = QLabel(self.tr("Terminal: {}").format(self._terminal))
        self.terminal_label.setObjectName("terminal")
        self.refresh_button = QPushButton(self.tr("Refresh"))
        self.refresh_button.setObjectName("refresh")
        self.refresh_button.setToolTip(self.tr("Read the journal again (F5)"))

        top = QHBoxLayout()
        top.addWidget(day_label)
        top.addWidget(self.date_edit)
        top.addSpacing(16)
        top.addWidget(self.terminal_label)
        top.addStretch(1)
        top.addWidget(self.refresh_button)

        # -- the headline: what the day brought in --------------------------------------
        self.net_label = QLabel()
        self.net_label.setObjectName("dayNet")
        self.headline = QLabel()
        self.headline.setObjectName("dayHeadline")
        self.headline.setWordWrap(True)
        self.attention = QLabel()
        self.attention.setObjectName("dayAttention")
        self.attention.setWordWrap(True)
        self.attention.hide()

        # -- the figures: two tables side by side (one would not fit 768 pixels) ----------
        self.totals_table = self._make_table("totals")
        self.details_table = self._make_table("details")
        tables = QHBoxLayout()
        tables.addWidget(self.totals_table, 1)
        tables.addWidget(self.details_table, 1)

        # -- bottom: what happened, and the buttons --------------------------------------
        self.status = QLabel()
        self.status.setObjectName("dayStatus")
        self.status.setWordWrap(True)
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.export_button = QPushButton(self.tr("Export CSV…"))
        self.export_button.setObjectName("export")
        self.export_button.setToolTip(self.tr("Save the day's summary and its sales as CSV files (Ctrl+E)"))
        self.print_button = QPushButton(self.tr("Print…  (Ctrl+P)"))
        self.print_button.setObjectName("print")
        self.print_button.setToolTip(self.tr("Print the day's summary on the receipt printer (Ctrl+P)"))
        self.print_button.setVisible(printing is not None)
        self.close_day_button = QPushButton(self.tr("Close the day…"))
        self.close_day_button.setObjectName("closeDay")
        self.close_day_button.setToolTip(self.tr("Store the day's figures as its Z report: they never change "
                                                 "afterwards, and what happens later counts on the next day"))
        self.close_button = QPushButton(self.tr("Close"))
        self.close_button.setObjectName("close")
        for button in (self.refresh_button, self.close_day_button, self.print_button, self.export_button,
                       self.close_button):
            button.setAutoDefault(False)   # Enter in the date field must not close or export
        bottom = QHBoxLayout()
        bottom.addWidget(self.status, 1)
        bottom.addWidget(self.close_day_button)
        bottom.addWidget(self.print_button)
        bottom.addWidget(self.export_button)
        bottom.addWidget(self.close_button)

        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.net_label)
        layout.addWidget(self.headline)
        layout.addWidget(self.attention)
        layout.addLayout(tables, 1)
        layout.addLayout(bottom)
        self.setMinimumSize(760, 560)
        self.resize(1000, 700)                  # within 1024x768 with a title bar and a panel

        self._reload_timer = QTimer(self)
        self._reload_timer.setSingleShot(True)
        self._reload_timer.setInterval(_RELOAD_DELAY_MS)
        self._reload_timer.timeout.connect(self.reload)

        self.date_edit.dateChanged.connect(self.on_date_edit_date_changed)
        self.refresh_button.clicked.connect(self.on_refresh_button_clicked)
        self.export_button.clicked.connect(self.on_export_button_clicked)
        self.close_day_button.clicked.connect(self.on_close_day_button_clicked)
        self.print_button.clicked.connect(self.on_print_button_clicked)
        self.close_button.clicked.connect(self.reject)
        QShortcut(QKeySequence("Ctrl+P"), self, self.on_print_button_clicked)
        QShortcut(QKeySequence("Ctrl+E"), self, self.on_export_button_clicked)
        QShortcut(QKeySequence(Qt.Key.Key_F5), self, self.on_refresh_button_clicked)

        self._show_summary(None)
        self._refocus_date = True          # the date field has the keyboard once the first read is back
        self.reload()

    # -- building ---------------------------------------------------------------------

    def _make_table(self, name: str) -> QTableWidget:
        table = QTableWidget(0, 3)
        table.setObjectName(name)
        table.setHorizontalHeaderLabels(["", self.tr("Count"), self.tr("Amount")])
        table.verticalHeader().hide()
        table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        table.setShowGrid(False)
        table.setWordWrap(False)
        header = table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        header.setDefaultAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        header.setHighlightSections(False)
        rows = table.verticalHeader()
        rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        rows.setDefaultSectionSize(table.fontMetrics().height() + 12)   # 15 rows fit at 768 pixels high
        return table

    @staticmethod
    def _fill(table: QTableWidget, rows: Iterable[_Row]) -> None:
        rows = list(rows)
        table.clearSpans()
        table.setRowCount(len(rows))
        right = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        for index, row in enumerate(rows):
            if not row.key:
                title = QTableWidgetItem(row.label)
                font = title.font()
                font.setBold(True)
                title.setFont(font)
                title.setBackground(QBrush(QColor(_SECTION_BACKGROUND)))
                table.setItem(index, 0, title)
                for column in (1, 2):     # spanned over, but keep the cells (no stale text from before)
                    table.setItem(index, column, QTableWidgetItem(""))
                table.setSpan(index, 0, 1, 3)
                continue
            cells = (QTableWidgetItem(row.label), QTableWidgetItem(row.count), QTableWidgetItem(row.amount))
            cells[0].setData(KEY_ROLE, row.key)
            cells[0].setData(ALERT_ROLE, row.alert)
            for column, cell in enumerate(cells):
                if column:
                    cell.setTextAlignment(right)
                if row.bold or row.alert:
                    font = QFont(cell.font())
                    font.setBold(True)
                    cell.setFont(font)
                if row.alert:
                    cell.setForeground(QBrush(QColor(ALERT_COLOR)))
                    cell.setBackground(QBrush(QColor(_ALERT_BACKGROUND)))
                table.setItem(index, column, cell)

    # -- what is shown -------------------------------------------------------------------

    def selected_day(self) -> date:
        return self.date_edit.date().toPython()

    def default_file_name(self) -> str:
        return f"pos-app-{self._terminal}-{self.selected_day().isoformat()}.csv"

    def figures(self) -> dict[str, tuple[str, str]]:
        """What the tables show: figure key → (count text, amount text). Keys as in `_totals_rows`/`_details_rows`."""
        shown: dict[str, tuple[str, str]] = {}
        for table in (self.totals_table, self.details_table):
            for row in range(table.rowCount()):
                item = table.item(row, 0)
                key = item.data(KEY_ROLE) if item is not None else None
                if key:
                    shown[key] = (table.item(row, 1).text(), table.item(row, 2).text())
        return shown

    def alerts(self) -> set[str]:
        """The keys of the rows shown in red (needs attention, not zero)."""
        return {table.item(row, 0).data(KEY_ROLE)
                for table in (self.totals_table, self.details_table) for row in range(table.rowCount())
                if table.item(row, 0) is not None and table.item(row, 0).data(ALERT_ROLE)}

    def _totals_rows(self, summary: DaySummary) -> list[_Row]:
        rows = [
            _Row(label=self.tr("Sales")),
            self._tally("paid", self.tr("Paid sales"), summary.paid),
        ]
        if summary.overpaid:
            rows.append(_Row("overpaid", self.tr("Of which paid beyond the total"), "", money_text(summary.overpaid)))
        rows += [
            self._tally("given_back", self.tr("Given back"), summary.given_back),
            _Row("net", self.tr("Net (paid − given back)"), "", money_text(summary.net), bold=True),
            _Row(label=self.tr("Receipts and taxes")),
            _Row("receipts_issued", self.tr("Receipts issued"), str(summary.receipts_issued)),
            _Row("receipts_voided", self.tr("Receipts voided"), str(summary.receipts_voided)),
            _Row("receipt_vat", self.tr("VAT with receipt"), "", money_text(summary.receipt_vat)),
            _Row("receipt_city_tax", self.tr("City tax with receipt"), "", money_text(summary.receipt_city_tax)),
            self._tally("without_receipt", self.tr("Paid without receipt"), summary.without_receipt),
            _Row("no_receipt_vat", self.tr("VAT without receipt"), "", money_text(summary.no_receipt_vat)),
            _Row("no_receipt_city_tax", self.tr("City tax without receipt"), "",
                 money_text(summary.no_receipt_city_tax)),
            _Row(label=self.tr("Given back (cancel / refund)")),
            self._tally("given_back_cancel", self.tr("Card payments cancelled"), summary.given_back_cancel),
            self._tally("given_back_refund", self.tr("Card payments refunded"), summary.given_back_refund),
        ]
        return rows

    def _details_rows(self, summary: DaySummary) -> list[_Row]:
        # Needs attention first: it must never scroll out of sight below a long list of banks.
        rows = [
            _Row(label=self.tr("Needs attention")),
            self._tally("owes_receipt", self.tr("Owed a receipt"), summary.owes_receipt,
                        alert=summary.owes_receipt.count > 0),
            self._tally("unfinished", self.tr("Unfinished sales"), summary.unfinished,
                        alert=summary.unfinished.count > 0),
            self._count("reversals_pending", self.tr("Given back, no answer yet"),
                        summary.reversals_pending),
            self._count("reversals_failed", self.tr("Given back, failed"), summary.reversals_failed),
            self._count("receipt_voids_pending", self.tr("Receipt voids, no answer yet"),
                        summary.receipt_voids_pending),
            _Row(label=self.tr("Cancelled / expired / failed")),
            self._tally("cancelled", self.tr("Cancelled invoices"), summary.cancelled),
            self._tally("expired", self.tr("Expired invoices"), summary.expired),
            self._tally("failed", self.tr("Failed (no invoice made)"), summary.failed),
            _Row(label=self.tr("By bank")),
        ]
        rows += [self._tally(f"bank:{bank}", bank or self.tr("Unknown"), value) for bank, value in summary.by_bank]
        if not summary.by_bank:
            rows.append(_Row("bank:none", self.tr("No payments")))
        rows.append(_Row(label=self.tr("By payment type")))
        kind_names = {"CARD": self.tr("Card"), "P2P": self.tr("Bank transfer (P2P)"), "": self.tr("Unknown")}
        rows += [self._tally(f"type:{kind}", kind_names.get(kind, kind), value)
                 for kind, value in summary.by_payment_type]
        if not summary.by_payment_type:
            rows.append(_Row("type:none", self.tr("No payments")))
        return rows

    @staticmethod
    def _tally(key: str, label: str, value: Tally, alert: bool = False) -> _Row:
        return _Row(key, label, str(value.count), money_text(value.amount), alert=alert)

    @staticmethod
    def _count(key: str, label: str, count: int) -> _Row:
        return _Row(key, label, str(count), alert=count > 0)

    def _show_summary(self, summary: DaySummary | None) -> None:
        if summary is None:
            self.net_label.setText(self.tr("Net: —"))
            self.headline.setText("")
            self.attention.hide()
            return
        self.net_label.setText(self.tr("Net: {}").format(money_text(summary.net)))
        headline = [self.tr("{day}: {begun} sales begun, {paid} paid ({paid_amount}), "
                            "{given_back} given back").format(
            day=date_text(summary.day), begun=summary.sales_count, paid=summary.paid.count,
            paid_amount=money_text(summary.paid.amount), given_back=money_text(summary.given_back.amount))]
        if summary.since is not None:
            headline.append(self.tr("Counted from {moment}, when the day before was closed.").format(
                moment=datetime_text(summary.since)))
        if summary.closed_at is not None:
            headline.append(self.tr("Closed at {moment}: these are the figures stored then.").format(
                moment=datetime_text(summary.closed_at)))
        self.headline.setText("  ".join(headline))
        waiting = summary.needs_attention
        attention = [self.tr("{} item(s) need attention: see “Needs attention”.").format(waiting)]
        if summary.owing:
            numbers = ", ".join(number for number, _missing in summary.owing[:_OWING_SHOWN])
            if len(summary.owing) > _OWING_SHOWN:
                numbers += " …"
            attention.append(self.tr("Owed a receipt: {numbers}").format(numbers=numbers))
        self.attention.setText("  ".join(attention))
        self.attention.setVisible(waiting > 0)
        self.close_day_button.setText(self.tr("Day closed") if summary.is_closed else self.tr("Close the day…"))
        self._fill(self.totals_table, self._totals_rows(summary))
        self._fill(self.details_table, self._details_rows(summary))

    def _set_status(self, text: str, kind: str = "") -> None:
        self.status.setText(text)
        self.status.setProperty("kind", kind)
        self.status.style().unpolish(self.status)
        self.status.style().polish(self.status)

    def _update_buttons(self) -> None:
        self.date_edit.setEnabled(not self._loading)
        self.refresh_button.setEnabled(not self._loading)
        self.export_button.setEnabled(not self._loading and not self._exporting and self.summary is not None)
        self.close_day_button.setEnabled(not self._loading and not self._closing and self.summary is not None
                                         and not self.summary.is_closed)
        self.print_button.setEnabled(not self._loading and self.summary is not None)
        for table in (self.totals_table, self.details_table):
            table.setEnabled(not self._loading)   # greyed: the figures are being read again

    # -- loading ---------------------------------------------------------------------------

    def on_date_edit_date_changed(self, _day: QDate) -> None:
        self._reload_timer.start()

    def on_refresh_button_clicked(self) -> None:
        self._reload_timer.stop()
        self.reload()

    def reload(self) -> None:
        """Read the selected day from the journal on a worker; `loaded` follows."""
        if self._closed:
            return
        if self._loading:
            self._reload_pending = True     # read again once this read is back
            return
        self._reload_timer.stop()
        self._reload_pending = False
        self.date_edit.setMaximumDate(max(_qdate(self._today()), self.date_edit.maximumDate()))
        day = self.selected_day()
        self._refocus_date = self._refocus_date or self.date_edit.hasFocus()
        self._loading = True
        self._update_buttons()
        self._set_status(self.tr("Loading…"))
        journal = self._journal
        self._runner.run_in_background(lambda: read_day(journal, day),
                                       lambda future: self.on_load_finished(day, future))

    def on_load_finished(self, day: date, future: Future[DayReport]) -> None:
        self._loading = False
        if self._closed:
            self._reload_pending = False
            return
        if self._reload_pending or day != self.selected_day():
            self.reload()                   # the date moved while reading: this answer is about another day
            return
        try:
            report = future.result()
        except Exception as error:  # noqa: BLE001 - every failure is shown in words
            text = self.tr("Could not read the journal: {}").format(str(error) or type(error).__name__)
            self._set_status(text, "error")
            self._update_buttons()
            self._restore_focus()
            self.load_failed.emit(text)
            return
        summary = self.summary = report.summary
        self._sales = report.sales
        self._show_summary(summary)
        note, self._note = self._note, None
        if note is not None:
            self._set_status(*note)
        else:
            self._set_status(self.tr("Read at {}.").format(time_text(self._now())))
        self._update_buttons()
        self._restore_focus()
        self.loaded.emit(summary)

    def _restore_focus(self) -> None:
        # Disabling the date field took its focus; give it back to the keyboard user.
        if self._refocus_date:
            self._refocus_date = False
            self.date_edit.setFocus()

    # -- export ----------------------------------------------------------------------------

    def on_export_button_clicked(self) -> None:
        if not self.export_button.isEnabled() or self._file_dialog is not None:
            return
        dialog = QFileDialog(self, self.tr("Save the day as CSV"))
        dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        dialog.setFileMode(QFileDialog.FileMode.AnyFile)
        dialog.setNameFilter(self.tr("CSV files (*.csv)"))
        dialog.setDefaultSuffix("csv")
        if self._export_dir:
            dialog.setDirectory(self._export_dir)
        dialog.selectFile(self.default_file_name())
        dialog.fileSelected.connect(self.export_to)
        dialog.finished.connect(self.on_file_dialog_finished)
        self._file_dialog = dialog
        dialog.open()

    def on_file_dialog_finished(self, _result: int) -> None:
        dialog, self._file_dialog = self._file_dialog, None
        if dialog is not None:
            dialog.deleteLater()

    def export_to(self, path: str) -> bool:
        """Write the shown day's summary to `path` and its sales next to it, on a worker.

        Returns False (and starts nothing) while loading, exporting, or before
        the first summary is read. `exported` or `export_failed` follows.
        """
        if self._closed or not path or self._loading or self._exporting or self.summary is None:
            return False
        summary, sales = self.summary, self._sales
        self._exporting = True
        self._update_buttons()
        self._set_status(self.tr("Saving…"))
        self._runner.run_in_background(lambda: save_csv(path, summary, sales),
                                       lambda future: self.on_export_finished(path, future))
        return True

    def on_export_finished(self, path: str, future: Future[tuple[Path, Path]]) -> None:
        self._exporting = False
        if self._closed:
            return
        self._update_buttons()
        try:
            summary_path, sales_path = future.result()
        except OSError as error:
            # Name the file the owner chose, not the temporary file the error may mention.
            reason = error.strerror or type(error).__name__
            text = self.tr("Could not save {path}: {reason}. Nothing was changed; "
                           "choose another folder and try again.").format(path=path, reason=reason)
            self._set_status(text, "error")
            self.export_failed.emit(text)
            return
        except Exception as error:  # noqa: BLE001 - every failure is shown in words
            text = self.tr("Could not save {path} ({error}).").format(path=path, error=type(error).__name__)
            self._set_status(text, "error")
            self.export_failed.emit(text)
            return
        self._export_dir = str(summary_path.parent)
        self._set_status(self.tr("Saved to {summary} and {sales}.").format(
            summary=summary_path, sales=sales_path.name), "done")
        self.exported.emit(str(summary_path))

    # -- closing the day (the Z report) ------------------------------------------------------

    def on_close_day_button_clicked(self) -> None:
        """Ask first (without blocking): a closed day is never changed."""
        if not self.close_day_button.isEnabled() or self.confirmation is not None or self.summary is None:
            return
        day = self.summary.day
        box = QMessageBox(QMessageBox.Icon.Question, self.windowTitle(), self.tr(
            "Close {day}? Its figures are stored as they are now and never change; what happens after this "
            "counts on the next day.").format(day=date_text(day)), parent=self)
        yes_button = box.addButton(self.tr("Close the day"), QMessageBox.ButtonRole.AcceptRole)
        back_button = box.addButton(self.tr("Back"), QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(yes_button)
        box.setEscapeButton(back_button)

        def on_finished() -> None:
            self.confirmation = None
            box.deleteLater()
            if box.clickedButton() is yes_button and not self._closed:
                self.close_day(day)

        box.finished.connect(on_finished)
        self.confirmation = box
        box.open()

    def close_day(self, day: date | None = None) -> bool:
        """Close the shown day now (on a worker) and store its Z report; `day_closed` or `close_failed` follows.

        Returns False (and starts nothing) while loading or closing, before the first read, when the day shown
        is already closed, or when `day` is not the day shown.
        """
        summary = self.summary
        if (self._closed or self._loading or self._closing or summary is None or summary.is_closed
                or (day is not None and day != summary.day)):
            return False
        day = summary.day
        self._closing = True
        self._update_buttons()
        self._set_status(self.tr("Closing the day…"))
        journal = self._journal
        self._runner.run_in_background(lambda: close_day(journal, day),
                                       lambda future: self.on_close_finished(day, future))
        return True

    def on_close_finished(self, day: date, future: Future[DayReport]) -> None:
        self._closing = False
        if self._closed:
            return
        try:
            report = future.result()
        except DayAlreadyClosed:
            text = self.tr("This day was already closed; its stored figures are shown.")
            self._set_status(text, "error")
            self._update_buttons()
            self._note = (text, "error")       # still said once the stored figures are read
            self.close_failed.emit(text)
            self.reload()
            return
        except Exception as error:  # noqa: BLE001 - every failure is shown in words
            text = self.tr("Could not close the day: {}").format(str(error) or type(error).__name__)
            self._set_status(text, "error")
            self._update_buttons()
            self.close_failed.emit(text)
            return
        if day == self.selected_day() and not self._loading:
            self.summary = report.summary
            self._sales = report.sales
            self._show_summary(report.summary)
        closed_at = report.summary.closed_at
        self._set_status(self.tr("Day closed at {}. Its figures are stored and stay as they are.").format(
            time_text(closed_at) if closed_at is not None else ""), "done")
        self._update_buttons()
        self.day_closed.emit(report.summary)

    # -- printing ---------------------------------------------------------------------------

    def on_print_button_clicked(self) -> None:
        """The summary on screen, through the till's printer (the preview when none is set)."""
        if self._printing is None or not self.print_button.isEnabled() or self.summary is None:
            return
        if self._printing.choice.is_set:
            self._set_status(self.tr("Printing…"))
        self._printing.print_day(self.summary, on_done=self._on_printed)

    def _on_printed(self, text: str, ok: bool) -> None:
        if self._closed:
            return
        self._set_status(text, "done" if ok else "error")
        self.printed.emit(text, ok)

    # -- closing ----------------------------------------------------------------------------

    def done(self, result: int) -> None:
        self._closed = True   # answers still on their way are not shown any more
        self._reload_timer.stop()
        if self._file_dialog is not None:
            self._file_dialog.reject()
        if self.confirmation is not None:
            self.confirmation.reject()
        super().done(result)

    def showEvent(self, event) -> None:  # noqa: ANN001 - Qt's QShowEvent
        if self._closed:                  # shown again after a close: read the day afresh
            self._closed = False
            self.reload()
        super().showEvent(event)


def _qdate(day: date) -> QDate:
    return QDate(day.year, day.month, day.day)


__all__ = ["ALERT_ROLE", "KEY_ROLE", "DayCloseDialog"]
