"""The day close: the owner's look at one day of this till, its CSV for the accountant, and its Z report.

The dialog reads the journal and writes the CSV files on the task runner,
never on the GUI thread; it only shows what `pos_app.journal.day_summary`
computes. "Close the day" stores the day's figures as its Z report
(`pos_app.journal.closed_days`): from then on the day shows those stored
figures, and what happens later counts on the next day. Open it with
`open()`: it never blocks the till.

The dialog owns a part for each job: its figures (figures.py: the headline and the tables), the shop's view at a
store (shop.py) and its actions (actions.py: export, close the day, print); this module lays them out, reads the
day and ties the parts together.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future
from datetime import date, datetime

from PySide6.QtCore import QDate, QLocale, Qt, QTimer, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QDateEdit,
    QDialog,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from pos_app.formats import time_text
from pos_app.journal.closed_days import read_day
from pos_app.journal.day_summary import DayReport, DaySummary, SaleDay
from pos_app.journal.journal import Journal

from pos_app.ui.day_close.actions import DayButtons, DayCloseActions
from pos_app.ui.day_close.figures import ALERT_COLOR, ALERT_ROLE, KEY_ROLE, DayCloseFigures
from pos_app.ui.day_close.shop import DayCloseShop, ShopDayReader
from pos_app.ui.printing.printing import ReceiptPrinting
from pos_app.ui.common.tasks import TaskRunner
from pos_app.ui.common.weak_calls import weak_method

_RELOAD_DELAY_MS = 300                        # let arrow keys and typing settle before reading the journal

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


class DayCloseDialog(QDialog):
    """One day of this terminal: paid, taxes with and without receipt, banks, what was given back, what needs
    attention (from any day), and the day's close.

    Its parts: `figures` (the headline and the tables, and what they show), `shop` (at a store, the shop's
    figures beside this till's) and `day_actions` (export, close the day, print).

    Signals (for tests and the window): `loaded(DaySummary)` after each read,
    `load_failed(str)`, `exported(str)` with the summary CSV's path once both
    files are written, `export_failed(str)` with the message shown,
    `day_closed(DaySummary)` with the stored Z report, `close_failed(str)`.

    Widgets by object name: `day` (the date), `terminal`, `refresh`, `dayNet`,
    `dayHeadline`, `dayAttention`, `totals`, `tenders` and `details` (the tables),
    `dayStatus`, `closeDay`, `print`, `export` and `close`. With *printing*,
    Print (Ctrl+P) sends the day's summary to the receipt printer
    (`printed(text, ok)` follows). With *shop_days* (at a store), `thisTill`
    and `wholeShop` switch to the shop's figures read from the store
    (`shop_loaded(shop_day)` / `shop_failed(str)`; see `day_close_shop`).
    """

    loaded = Signal(object)
    load_failed = Signal(str)
    exported = Signal(str)
    export_failed = Signal(str)
    printed = Signal(str, bool)
    day_closed = Signal(object)
    close_failed = Signal(str)
    shop_loaded = Signal(object)
    shop_failed = Signal(str)

    def __init__(self, journal: Journal, runner: TaskRunner, parent: QWidget | None = None,
                 today: Callable[[], date] = date.today, printing: ReceiptPrinting | None = None,
                 now: Callable[[], datetime] = datetime.now, shop_days: ShopDayReader | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("dayCloseDialog")
        self.setWindowTitle(self.tr("Day close"))
        self.setStyleSheet(_STYLE)
        self._journal = journal
        self._runner = runner
        self._today, self._now = today, now     # the shop's day and time (the app passes its time zone's)
        self._terminal = journal.terminal_id
        self.summary: DaySummary | None = None
        self._sales: tuple[SaleDay, ...] = ()
        self._loading = False
        self._reload_pending = False
        self._note: tuple[str, str] | None = None     # shown after the next read instead of "Read at …"
        self._closed = False
        self._refocus_date = False

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
        top.addSpacing(16)
        # The parts get the dialog's methods weakly (see weak_calls): a dialog let go of dies at once.
        is_closed = weak_method(self._is_closed, gone=True)
        set_status, update_buttons = weak_method(self._set_status), weak_method(self._update_buttons)
        self.shop = DayCloseShop(
            self, top, shop_days, runner, self.terminal_label, selected_day=weak_method(self.selected_day), now=now,
            is_closed=is_closed, show_till=weak_method(self._show_till), show_summary=weak_method(self._show_summary),
            set_status=set_status, update_buttons=update_buttons, on_loaded=self.shop_loaded.emit,
            on_failed=self.shop_failed.emit)
        top.addStretch(1)
        top.addWidget(self.refresh_button)

        # -- the headline (what the day brought in) over the figures: two columns side by side (one would not fit
        # 768 pixels); each tender under the totals --
        self.figures = figures = DayCloseFigures()
        totals = QVBoxLayout()
        totals.addWidget(figures.totals_table, 1)
        totals.addWidget(figures.tenders_table)
        tables = QHBoxLayout()
        tables.addLayout(totals, 1)
        tables.addWidget(figures.details_table, 1)

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

        self.day_actions = DayCloseActions(
            runner, journal, printing, DayButtons(self.export_button, self.close_day_button, self.print_button),
            shown_summary=weak_method(self._shown_summary), shown_sales=weak_method(self._shown_sales),
            file_name=weak_method(self.default_file_name), is_loading=weak_method(self._is_loading),
            is_closed=is_closed, set_status=set_status, update_buttons=update_buttons,
            show_closed=weak_method(self._show_closed_day), reload_with_note=weak_method(self._reload_with_note),
            exported=self.exported.emit, export_failed=self.export_failed.emit, day_closed=self.day_closed.emit,
            close_failed=self.close_failed.emit, printed=self.printed.emit)

        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(figures.net_label)
        layout.addWidget(figures.headline)
        layout.addWidget(figures.attention)
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
        self.export_button.clicked.connect(self.day_actions.on_export_button_clicked)
        self.close_day_button.clicked.connect(self.day_actions.on_close_day_button_clicked)
        self.print_button.clicked.connect(self.day_actions.on_print_button_clicked)
        self.close_button.clicked.connect(self.reject)
        QShortcut(QKeySequence("Ctrl+P"), self, self.day_actions.on_print_button_clicked)
        QShortcut(QKeySequence("Ctrl+E"), self, self.day_actions.on_export_button_clicked)
        QShortcut(QKeySequence(Qt.Key.Key_F5), self, self.on_refresh_button_clicked)

        self._show_summary(None)
        self._refocus_date = True          # the date field has the keyboard once the first read is back
        self.reload()

    # -- what is shown -------------------------------------------------------------------

    def selected_day(self) -> date:
        return self.date_edit.date().toPython()

    def default_file_name(self) -> str:
        return f"pos-app-{self._terminal}-{self.selected_day().isoformat()}.csv"

    def _shown_summary(self) -> DaySummary | None:
        return self.summary

    def _shown_sales(self) -> tuple[SaleDay, ...]:
        return self._sales

    def _is_loading(self) -> bool:
        return self._loading

    def _is_closed(self) -> bool:
        return self._closed

    def _show_summary(self, summary: DaySummary | None) -> None:
        self.figures.show(summary)
        if summary is not None:
            self.close_day_button.setText(self.tr("Day closed") if summary.is_closed else self.tr("Close the day…"))

    def _show_till(self) -> None:
        """This till's own figures again (after the shop's)."""
        self.terminal_label.setText(self.tr("Terminal: {}").format(self._terminal))
        self._show_summary(self.summary)

    def _set_status(self, text: str, kind: str = "") -> None:
        self.status.setText(text)
        self.status.setProperty("kind", kind)
        self.status.style().unpolish(self.status)
        self.status.style().polish(self.status)

    def _update_buttons(self) -> None:
        self.date_edit.setEnabled(not self._loading)
        self.refresh_button.setEnabled(not self._loading)
        this_till = self.shop.scope_allows()      # closing, printing and the CSV are this till's alone
        exporting, closing = self.day_actions.exporting, self.day_actions.closing
        self.export_button.setEnabled(not self._loading and not exporting and self.summary is not None
                                      and this_till)
        self.close_day_button.setEnabled(not self._loading and not closing and self.summary is not None
                                         and not self.summary.is_closed and this_till)
        self.print_button.setEnabled(not self._loading and self.summary is not None and this_till)
        for button in (self.shop.this_till_button, self.shop.whole_shop_button):
            button.setEnabled(not self._loading and not closing)
        for table in (self.figures.totals_table, self.figures.details_table):
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
        self._runner.run_in_background(lambda: read_day(journal.store, day),
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
        note, self._note = self._note, None
        if not self.shop.show_current():          # the shop's figures, when shown, are read next
            self._show_summary(summary)
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

    def _reload_with_note(self, text: str, kind: str) -> None:
        """Read the day again, and say *text* once it is back (instead of "Read at …")."""
        self._note = (text, kind)
        self.reload()

    def _show_closed_day(self, day: date, report: DayReport) -> None:
        """The day just closed: its stored figures, when it is still the day shown."""
        if day == self.selected_day() and not self._loading:
            self.summary = report.summary
            self._sales = report.sales
            self._show_summary(report.summary)

    # -- closing ----------------------------------------------------------------------------

    def done(self, result: int) -> None:
        self._closed = True   # answers still on their way are not shown any more
        self._reload_timer.stop()
        self.day_actions.dismiss()
        super().done(result)

    def showEvent(self, event) -> None:  # noqa: ANN001 - Qt's QShowEvent
        if self._closed:                  # shown again after a close: read the day afresh
            self._closed = False
            self.reload()
        super().showEvent(event)


def _qdate(day: date) -> QDate:
    return QDate(day.year, day.month, day.day)


__all__ = ["ALERT_COLOR", "ALERT_ROLE", "KEY_ROLE", "DayCloseDialog"]
