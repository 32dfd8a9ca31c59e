"""The cashier's shift: opened with the float counted in the drawer, its X figures while it runs, closed by
counting the drawer (the Z report).

The dialog reads and writes the journal on the task runner's money worker, never on the GUI thread; it only
shows what `pos_app.journal.shifts` and `pos_app.domain.shift` compute. Open it with `open()`: it never blocks
the till. The dialog is the view; its part `ShiftActions` (actions.py) reads the X figures, opens, closes, prints
and exports, and holds the shift shown.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor, QFont, QKeyEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from pos_app.domain.shift import ShiftClose, ShiftError, ShiftReport, parse_cash_count
from pos_app.formats import datetime_text, money_text, signed_money_text
from pos_app.journal.journal import Journal
from pos_app.receipts.shift_slips import kind_name, signed_difference

from pos_app.ui.common.figure_table import figure_table
from pos_app.ui.common.messages import describe_error
from pos_app.ui.printing.printing import ReceiptPrinting
from pos_app.ui.shift.actions import ShiftActions, ShiftView
from pos_app.ui.common.tasks import TaskRunner

KEY_ROLE = Qt.ItemDataRole.UserRole          # the figure's key on its first cell (see `figures()`)
_STYLE = """
QLabel#shiftHeadline { font-size: 12pt; color: #1f2933; }
QLabel#shiftStatus { font-size: 11pt; }
QLabel#shiftStatus[kind="error"], QLabel#difference[kind="error"], QLabel#difference[kind="short"] { color: #ba2525; }
QLabel#shiftStatus[kind="done"], QLabel#difference[kind="balances"] { color: #0e7c4a; }
QLabel#difference[kind="over"] { color: #9a6700; }
QLabel#difference { font-size: 16pt; font-weight: 700; }
QLabel#expected { font-size: 12pt; }
QLineEdit#float, QLineEdit#counted { font-size: 16pt; }
QTableWidget { font-size: 11pt; background: white; }
QTableWidget::item { padding: 0px 6px; }
"""


@dataclass(frozen=True)
class _Row:
    key: str = ""            # empty: a section title
    label: str = ""
    count: str = ""
    amount: str = ""
    bold: bool = False


class ShiftDialog(QDialog):
    """This terminal's shift: open it, follow it (X), close it (Z).

    Widgets by object name: `shiftHeadline`, `float` and `openShift` (no shift open), `figures` (the table),
    `counted`, `expected`, `difference` and `closeShift` (the count), `shiftStatus`, `refresh` (F5), `printX` and
    `printZ` (Ctrl+P, with *printing*), `export` (Ctrl+E) and `close`.

    Its part `shift_actions` does the work (`reload`, `open_shift`, `close_shift`, `print_report`, `export_to`),
    holds what is shown (`view`, `shift`, `report`, `shown_report()`) and an open question (`confirmation`), and
    says what happened: `loaded(object)` after each read, with the open shift's X `ShiftReport` or None when no
    shift is open; `shift_opened(JournalShift)`; `shift_closed(JournalShift)` with its `.close` (the Z report);
    `failed(str)` with the message shown; `exported(str)` with the CSV's path; `printed(str, bool)` after a print.
    """

    def __init__(self, runner: TaskRunner, journal: Journal, printing: ReceiptPrinting | None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("shiftDialog")
        self.setWindowTitle(self.tr("Shift"))
        self.setStyleSheet(_STYLE)
        self._printable = printing is not None
        self._terminal = journal.terminal_id

        self.headline = QLabel()
        self.headline.setObjectName("shiftHeadline")
        self.headline.setWordWrap(True)

        # -- no shift open: the float -------------------------------------------------------------
        self.float_edit = QLineEdit()
        self.float_edit.setObjectName("float")
        self.float_edit.setPlaceholderText("0")
        float_label = QLabel(self.tr("&Float counted in the drawer"))
        float_label.setBuddy(self.float_edit)
        self.open_button = _button(self.tr("Open shift  (Enter)"), "openShift")
        self.open_box = _column(float_label, self.float_edit, self.open_button)

        # -- a shift open: its figures and the count ---------------------------------------------------
        self.figures_table = self._make_table()
        self.counted_edit = QLineEdit()
        self.counted_edit.setObjectName("counted")
        counted_label = QLabel(self.tr("Cash &counted in the drawer"))
        counted_label.setBuddy(self.counted_edit)
        self.expected_label = QLabel()
        self.expected_label.setObjectName("expected")
        self.difference_label = QLabel()
        self.difference_label.setObjectName("difference")
        self.difference_label.setWordWrap(True)
        self.close_shift_button = _button(self.tr("Close shift (Z report)…"), "closeShift")
        self.close_shift_button.setToolTip(self.tr("Count the drawer, then store the shift's Z report: it never "
                                                   "changes afterwards"))
        self.count_box = _column(counted_label, self.counted_edit, self.expected_label, self.difference_label,
                                 self.close_shift_button)

        middle = QHBoxLayout()
        middle.addWidget(self.figures_table, 3)
        middle.addWidget(self.open_box, 2)
        middle.addWidget(self.count_box, 2)

        # -- bottom: what happened, and the buttons ---------------------------------------------------
        self.status = QLabel()
        self.status.setObjectName("shiftStatus")
        self.status.setWordWrap(True)
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.refresh_button = _button(self.tr("Refresh  (F5)"), "refresh")
        self.print_x_button = _button(self.tr("Print X report  (Ctrl+P)"), "printX")
        self.print_z_button = _button(self.tr("Print Z report  (Ctrl+P)"), "printZ")
        self.export_button = _button(self.tr("Export…  (Ctrl+E)"), "export")
        self.export_button.setToolTip(self.tr("Save the report shown as a CSV file"))
        self.close_button = _button(self.tr("Close"), "close")
        bottom = QHBoxLayout()
        bottom.addWidget(self.status, 1)
        for button in (self.refresh_button, self.print_x_button, self.print_z_button, self.export_button,
                       self.close_button):
            bottom.addWidget(button)

        layout = QVBoxLayout(self)
        layout.addWidget(self.headline)
        layout.addLayout(middle, 1)
        layout.addLayout(bottom)
        self.setMinimumSize(720, 520)
        self.resize(920, 640)                 # within 1024x768 with a title bar and a panel

        self.shift_actions = actions = ShiftActions(
            runner, journal, printing, self, float_edit=self.float_edit, counted_edit=self.counted_edit,
            refresh_button=self.refresh_button, print_z_button=self.print_z_button, export_button=self.export_button,
            show=self._show, update_buttons=self._update_buttons, set_status=self._set_status)

        self.float_edit.returnPressed.connect(actions.on_float_edit_return_pressed)
        self.open_button.clicked.connect(actions.on_open_shift_button_clicked)
        self.counted_edit.textChanged.connect(self.on_counted_edit_text_changed)
        self.counted_edit.returnPressed.connect(actions.on_counted_edit_return_pressed)
        self.close_shift_button.clicked.connect(actions.on_close_shift_button_clicked)
        self.refresh_button.clicked.connect(actions.on_refresh_button_clicked)
        self.print_x_button.clicked.connect(actions.print_report)
        self.print_z_button.clicked.connect(actions.print_report)
        self.export_button.clicked.connect(actions.on_export_button_clicked)
        self.close_button.clicked.connect(self.reject)
        QShortcut(QKeySequence("Ctrl+P"), self, actions.on_print_shortcut_activated)
        QShortcut(QKeySequence("Ctrl+E"), self, actions.on_export_button_clicked)
        QShortcut(QKeySequence(Qt.Key.Key_F5), self, actions.on_refresh_button_clicked)

        self._show()
        actions.reload()

    # -- what is shown ------------------------------------------------------------------------------

    def figures(self) -> dict[str, tuple[str, str]]:
        """What the table shows: figure key → (count text, amount text). Keys: ``taken:<kind>``,
        ``refunded:<kind>`` (kinds as `TenderKind` values), ``float``, ``cash_given``, ``cash_change``,
        ``cash_rounding`` (when not 0), ``paid_in``, ``paid_out``, ``expected`` and, for a Z, ``counted`` and
        ``difference``."""
        table = self.figures_table
        shown: dict[str, tuple[str, str]] = {}
        for row in range(table.rowCount()):
            item = table.item(row, 0)
            if item is not None and item.data(KEY_ROLE):
                shown[item.data(KEY_ROLE)] = (table.item(row, 1).text(), table.item(row, 2).text())
        return shown

    def _show(self) -> None:
        actions = self.shift_actions
        view, shift = actions.view, actions.shift
        self.open_box.setVisible(view is ShiftView.NO_SHIFT)
        self.figures_table.setVisible(view in (ShiftView.OPEN, ShiftView.CLOSED))
        self.count_box.setVisible(view in (ShiftView.OPEN, ShiftView.CLOSED))
        self.close_shift_button.setVisible(view is ShiftView.OPEN)
        self.counted_edit.setReadOnly(view is not ShiftView.OPEN)
        if view is ShiftView.LOADING:
            self.headline.setText(self.tr("Reading the shift…"))
        elif view is ShiftView.NO_SHIFT or shift is None:
            self.headline.setText(self.tr("No shift is open on terminal {terminal}. Count the cash in the drawer "
                                          "and open one with it as its float.").format(terminal=self._terminal))
        elif view is ShiftView.OPEN:
            self.headline.setText(self.tr("Shift open since {moment} on terminal {terminal}.").format(
                moment=datetime_text(shift.shift.opened_at), terminal=self._terminal))
        else:
            assert shift.close is not None
            self.headline.setText(self.tr("Shift of {opened} closed at {closed} on terminal {terminal}: its Z "
                                          "report is stored.").format(
                opened=datetime_text(shift.shift.opened_at), closed=datetime_text(shift.close.report.taken_at),
                terminal=self._terminal))
            self.counted_edit.setText(money_text(shift.close.counted))
        self._fill(actions.shown_report())
        self._show_count()
        self._update_buttons()

    def _show_count(self) -> None:
        """The expected cash and, as the cashier types the count, the difference (a Z's once closed)."""
        shown = self.shift_actions.shown_report()
        if shown is None:
            self.expected_label.clear()
            self._set_difference("", "")
            return
        report = shown.report if isinstance(shown, ShiftClose) else shown
        self.expected_label.setText(self.tr("Expected in the drawer: {amount}").format(
            amount=money_text(report.expected_cash)))
        if isinstance(shown, ShiftClose):
            counted = shown.counted
        elif not self.counted_edit.text().strip():
            self._set_difference(self.tr("Type the cash counted in the drawer."), "")
            return
        else:
            try:
                counted = parse_cash_count(self.counted_edit.text())
            except ShiftError as error:
                self._set_difference(describe_error(error, ""), "error")
                return
        difference = counted - report.expected_cash
        kind = "over" if difference > 0 else "short" if difference < 0 else "balances"
        self._set_difference(self.tr("Difference: {difference}").format(difference=signed_difference(difference)),
                             kind)

    def on_counted_edit_text_changed(self, _text: str) -> None:
        self._show_count()

    def _set_difference(self, text: str, kind: str) -> None:
        self.difference_label.setText(text)
        _restyle(self.difference_label, kind)

    def _set_status(self, text: str, kind: str = "") -> None:
        self.status.setText(text)
        _restyle(self.status, kind)

    def _update_buttons(self) -> None:
        actions = self.shift_actions
        view, busy = actions.view, actions.busy()
        printable = self._printable
        self.float_edit.setEnabled(not actions.opening)
        self.open_button.setEnabled(view is ShiftView.NO_SHIFT and not busy)
        self.counted_edit.setEnabled(not actions.closing)
        self.close_shift_button.setEnabled(view is ShiftView.OPEN and actions.report is not None and not busy)
        self.refresh_button.setVisible(view is not ShiftView.CLOSED)
        self.refresh_button.setEnabled(not busy)
        self.print_x_button.setVisible(printable and view is ShiftView.OPEN)
        self.print_z_button.setVisible(printable and view is ShiftView.CLOSED)
        for button in (self.print_x_button, self.print_z_button):
            button.setEnabled(not actions.printing_now and not actions.reading and actions.shown_report() is not None)
        self.export_button.setVisible(view in (ShiftView.OPEN, ShiftView.CLOSED))
        self.export_button.setEnabled(not actions.exporting and not actions.reading
                                      and actions.shown_report() is not None)
        self.figures_table.setEnabled(not actions.reading)     # greyed: the figures are being read again

    # -- the table ----------------------------------------------------------------------------------

    def _make_table(self) -> QTableWidget:
        return figure_table("figures", self.tr("Count"), self.tr("Amount"), 10)   # every row in sight at 768 px

    def _rows(self, shown: ShiftReport | ShiftClose) -> list[_Row]:
        close = shown if isinstance(shown, ShiftClose) else None
        report = close.report if close is not None else shown
        assert isinstance(report, ShiftReport)
        rows: list[_Row] = []
        for kind in report.by_kind:
            key = kind.kind.value
            rows += [_Row(label=kind_name(kind.kind)),
                     _Row(f"taken:{key}", self.tr("Taken"), str(kind.taken.count), money_text(kind.taken.amount)),
                     _Row(f"refunded:{key}", self.tr("Refunded"), str(kind.refunded.count),
                          money_text(kind.refunded.amount))]
        rows += [_Row(label=self.tr("Cash drawer")),
                 _Row("float", self.tr("Float"), "", money_text(report.float_amount)),
                 _Row("cash_given", self.tr("Cash given by customers"), "", money_text(report.cash_given)),
                 _Row("cash_change", self.tr("Change handed back"), "", money_text(report.cash_change)),
                 *([_Row("cash_rounding", self.tr("Cash rounding (whole tögrög)"), "",
                         signed_money_text(report.cash_rounding))] if report.cash_rounding else []),
                 _Row("paid_in", self.tr("Paid in"), str(report.paid_in.count), money_text(report.paid_in.amount)),
                 _Row("paid_out", self.tr("Paid out"), str(report.paid_out.count),
                      money_text(report.paid_out.amount)),
                 _Row("expected", self.tr("Expected in the drawer"), "", money_text(report.expected_cash), True)]
        if close is not None:
            rows += [_Row("counted", self.tr("Counted"), "", money_text(close.counted), True),
                     _Row("difference", self.tr("Difference"), "", signed_difference(close.difference), True)]
        return rows

    def _fill(self, shown: ShiftReport | ShiftClose | None) -> None:
        table = self.figures_table
        rows = self._rows(shown) if shown is not None else []
        table.clearSpans()
        table.setRowCount(len(rows))
        right = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        for index, row in enumerate(rows):
            cells = (QTableWidgetItem(row.label), QTableWidgetItem(row.count), QTableWidgetItem(row.amount))
            cells[0].setData(KEY_ROLE, row.key)
            for column, cell in enumerate(cells):
                if column:
                    cell.setTextAlignment(right)
                if row.bold or not row.key:
                    font = QFont(cell.font())
                    font.setBold(True)
                    cell.setFont(font)
                if not row.key:
                    cell.setBackground(QBrush(QColor("#e4e7eb")))
                table.setItem(index, column, cell)
            if not row.key:
                table.setSpan(index, 0, 1, 3)

    # -- closing the dialog ---------------------------------------------------------------------------

    def done(self, result: int) -> None:
        self.shift_actions.close()   # answers still on their way are not shown any more
        super().done(result)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt's name
        # The fields act on Enter themselves. QDialog would press the default button of any child, the open
        # question's included: the Enter that asked would answer it at once.
        if event.key() not in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            super().keyPressEvent(event)

    def showEvent(self, event) -> None:  # noqa: ANN001 - Qt's QShowEvent
        if self.shift_actions.closed:      # shown again after a close: read the shift afresh
            self.shift_actions.reopen()
            self.counted_edit.clear()
            self._show()
            self.shift_actions.reload()
        super().showEvent(event)


def _button(text: str, name: str) -> QPushButton:
    button = QPushButton(text)
    button.setObjectName(name)
    button.setAutoDefault(False)          # Enter in a field must not press a button the cashier did not mean
    return button


def _column(*widgets: QWidget) -> QWidget:
    box = QWidget()
    layout = QVBoxLayout(box)
    layout.setContentsMargins(0, 0, 0, 0)
    for widget in widgets:
        layout.addWidget(widget)
    layout.addStretch(1)
    return box


def _restyle(label: QLabel, kind: str) -> None:
    label.setProperty("kind", kind)
    label.style().unpolish(label)
    label.style().polish(label)


__all__ = ["KEY_ROLE", "ShiftDialog"]
