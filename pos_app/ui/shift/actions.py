"""The shift dialog's actions: read the shift and its X figures, open it, close it (the Z report), print the X or Z
report, export it as CSV; and what the dialog shows meanwhile (which view, which shift, which report).

A part of `ShiftDialog` (dialog.py), which renders what it holds. Every journal call runs on the task runner's
money worker, in order with the tenders the till writes there, so a close counts every sale taken before it; the
CSV is written on a worker too. Texts keep the "ShiftDialog" translation context.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future
from enum import Enum
from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QObject, QStandardPaths, Signal
from PySide6.QtWidgets import QFileDialog, QLineEdit, QMessageBox, QPushButton, QWidget

from pos_app.files import replace_file
from pos_app.domain.shift import ShiftClose, ShiftError, ShiftReport, parse_cash_count
from pos_app.formats import money_text, time_text
from pos_app.journal.day_csv import CSV_ENCODING
from pos_app.journal.shift_json import shift_csv
from pos_app.journal.journal import Journal
from pos_app.journal.shifts import (
    JournalShift,
    NoOpenShift,
    ShiftAlreadyOpen,
    close_shift,
    current_shift,
    open_shift,
    shift_x_report,
)
from pos_app.receipts.shift_slips import shift_report_layout, signed_difference
from pos_app.ui.common.tasks import TaskRunner
from pos_app.ui.printing.printing import ReceiptPrinting

from pos_app.ui.common.csv_dialog import open_csv_dialog
from pos_app.ui.common.messages import describe_error
from pos_app.ui.common.questions import ask

translate = QCoreApplication.translate     # lupdate reads translate("ShiftDialog", "...") calls

# The domain's shift refusals (English templates in pos_app/domain/shift.py, which has no Qt), marked for lupdate
# so `describe_error` finds them translated in the "Shift" context; tests/ui/test_shift_dialog.py keeps it whole.
SHIFT_TEMPLATES = (
    QT_TRANSLATE_NOOP("Shift", "Amount {value} is not a number"),
    QT_TRANSLATE_NOOP("Shift", "Type the cash counted in the drawer (0 when it is empty), then Enter"),
    QT_TRANSLATE_NOOP("Shift", "Counted cash must be at least 0, below 10^12, with at most 2 decimals"),
    QT_TRANSLATE_NOOP("Shift", "A cash move must be above 0, below 10^12, with at most 2 decimals"),
    QT_TRANSLATE_NOOP("Shift", "The shift needs its terminal's id"),
    QT_TRANSLATE_NOOP("Shift", "A shift's moments need their time zone"),
    QT_TRANSLATE_NOOP("Shift", "The shift is already closed"),
    QT_TRANSLATE_NOOP("Shift", "The shift is closed: its Z report holds its figures"),
    QT_TRANSLATE_NOOP("Shift", "A note is at most {maximum} characters"),
)


class ShiftView(Enum):
    """What the dialog shows."""

    LOADING = "loading"      # the first read is on its way
    NO_SHIFT = "no_shift"    # none open: the float field
    OPEN = "open"            # the open shift's X figures and the count
    CLOSED = "closed"        # the shift just closed: its Z report


def save_shift_csv(path: str, text: str) -> Path:
    """Write `text` at `path` through a temporary file put in place at the end, so a failure leaves an earlier
    export as it was (disk: call it on a worker). UTF-8 with a BOM, as the day close's CSV files."""
    return replace_file(Path(path), text.encode(CSV_ENCODING))


class ShiftActions(QObject):
    """What the shift dialog does in the background or in another window, and the shift it shows (a part of
    `ShiftDialog`, which forwards the signals as its own).

    Built with the runner, the journal and the printing (None: no printing); the dialog as the `parent` of its
    question and file dialog; the fields and buttons it reads or gives the keyboard to; and the dialog's callbacks
    `show()` (render `view`, `shift` and `report` again), `update_buttons()` and `set_status(text, kind)`.
    """

    loaded = Signal(object)
    shift_opened = Signal(object)
    shift_closed = Signal(object)
    failed = Signal(str)
    exported = Signal(str)
    printed = Signal(str, bool)

    def __init__(self, runner: TaskRunner, journal: Journal, printing: ReceiptPrinting | None, parent: QWidget, *,
                 float_edit: QLineEdit, counted_edit: QLineEdit, refresh_button: QPushButton,
                 print_z_button: QPushButton, export_button: QPushButton, show: Callable[[], None],
                 update_buttons: Callable[[], None], set_status: Callable[..., None]) -> None:
        super().__init__(parent)
        self._runner, self._journal, self._printing = runner, journal, printing
        self._parent = parent
        self._float_edit, self._counted_edit = float_edit, counted_edit
        self._refresh_button, self._print_z_button, self._export_button = refresh_button, print_z_button, export_button
        self._show, self._update_buttons, self._set_status = show, update_buttons, set_status
        self.view = ShiftView.LOADING
        self.shift: JournalShift | None = None        # the open shift, or the one just closed (with its `.close`)
        self.report: ShiftReport | None = None        # its figures shown (X; the Z's once closed)
        self.confirmation: QMessageBox | None = None
        self.reading = self.opening = self.closing = self.exporting = self.printing_now = False
        self.closed = self._keep_status = False
        self._focus_after_read = True         # the keyboard goes to the field that matters once the read is back
        self._file_dialog: QFileDialog | None = None
        self._export_dir = (QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
                            or QStandardPaths.writableLocation(QStandardPaths.StandardLocation.HomeLocation))

    def shown_report(self) -> ShiftReport | ShiftClose | None:
        """What Print and Export take: the open shift's X figures, or the closed shift's Z report."""
        if self.view is ShiftView.CLOSED and self.shift is not None and self.shift.close is not None:
            return self.shift.close
        return self.report if self.view is ShiftView.OPEN else None

    def close(self) -> None:
        """The dialog closes: answers still on their way are not shown any more; its question and file dialog go."""
        self.closed = True
        if self._file_dialog is not None:
            self._file_dialog.reject()
        if self.confirmation is not None:
            self.confirmation.reject()

    def reopen(self) -> None:
        """The dialog is shown again after a close: the shift is read afresh (`reload` next)."""
        self.closed = False
        self.view = ShiftView.LOADING
        self._focus_after_read = True

    # -- reading (the X figures) ---------------------------------------------------------------------

    def on_refresh_button_clicked(self) -> None:
        if self._refresh_button.isVisible():
            self.reload()

    def reload(self, keep_status: bool = False) -> bool:
        """Read the open shift and its X figures (on the money worker); `loaded` follows. False while busy."""
        if self.closed or self.busy() or self.view is ShiftView.CLOSED:
            return False
        self.reading = True
        self._keep_status = keep_status
        self._update_buttons()
        if not keep_status:
            self._set_status(translate("ShiftDialog", "Reading the journal…"))
        journal = self._journal
        self._runner.run_in_background(lambda: _read_shift(journal), self.on_read_finished, money=True)
        return True

    def on_read_finished(self, future: Future[tuple[JournalShift | None, ShiftReport | None]]) -> None:
        self.reading = False
        if self.closed:
            return
        try:
            shift, report = future.result()
        except Exception as error:  # noqa: BLE001 - every failure is shown in words
            self._fail(describe_error(error, translate("ShiftDialog", "Could not read the shift from the journal.")))
            return
        self.shift, self.report = shift, report
        self.view = ShiftView.NO_SHIFT if shift is None else ShiftView.OPEN
        self._show()
        if not self._keep_status:
            self._set_status(translate("ShiftDialog", "Read at {time}.").format(time=time_text(report.taken_at))
                             if report is not None else "")
        if self._focus_after_read:
            self._focus_after_read = False
            (self._float_edit if shift is None else self._counted_edit).setFocus()
        self.loaded.emit(report)

    # -- opening -----------------------------------------------------------------------------------

    def on_float_edit_return_pressed(self) -> None:
        self.open_shift(self._float_edit.text())

    def on_open_shift_button_clicked(self) -> None:
        self.open_shift(self._float_edit.text())

    def open_shift(self, float_text: str) -> bool:
        """Open the shift with the float typed (on the money worker); `shift_opened` or `failed` follows.
        False (and nothing started) when the amount is refused, a shift is shown open, or work is running."""
        if self.closed or self.view is not ShiftView.NO_SHIFT or self.busy():
            return False
        try:
            amount = parse_cash_count(float_text)
        except ShiftError as error:
            self._refuse(error, self._float_edit)
            return False
        self.opening = True
        self._update_buttons()
        self._set_status(translate("ShiftDialog", "Opening the shift…"))
        journal = self._journal
        self._runner.run_in_background(lambda: open_shift(journal.store, amount), self.on_open_finished, money=True)
        return True

    def on_open_finished(self, future: Future[JournalShift]) -> None:
        self.opening = False
        if self.closed:
            return
        try:
            opened = future.result()
        except ShiftAlreadyOpen:
            self._fail(translate("ShiftDialog", "A shift was opened already (elsewhere): it is shown now."))
            self._focus_after_read = True
            self.reload(keep_status=True)
            return
        except Exception as error:  # noqa: BLE001 - every failure is shown in words
            self._fail(describe_error(error, translate("ShiftDialog", "The shift did not open.")))
            self._float_edit.setFocus()
            return
        self._float_edit.clear()
        self._set_status(translate("ShiftDialog", "Shift opened at {time} with {amount} in the drawer.").format(
            time=time_text(opened.shift.opened_at), amount=money_text(opened.shift.float_amount)), "done")
        self._focus_after_read = True
        self.shift_opened.emit(opened)
        self.reload(keep_status=True)

    # -- closing (the Z report) --------------------------------------------------------------------

    def on_counted_edit_return_pressed(self) -> None:
        self.on_close_shift_button_clicked()

    def on_close_shift_button_clicked(self) -> None:
        """Ask first (without blocking; keeping the shift open is the default): a Z report never changes."""
        if (self.closed or self.view is not ShiftView.OPEN or self.report is None or self.busy()
                or self.confirmation is not None):
            return
        try:
            counted = parse_cash_count(self._counted_edit.text())
        except ShiftError as error:
            self._refuse(error, self._counted_edit)
            return
        expected = self.report.expected_cash
        box, yes_button = ask(self._parent, translate(
            "ShiftDialog", "Close the shift with {counted} counted in the drawer? Expected {expected}: {difference}. "
                           "Its Z report is stored and never changes.").format(
            counted=money_text(counted), expected=money_text(expected),
            difference=signed_difference(counted - expected)),
            translate("ShiftDialog", "Close the shift"), translate("ShiftDialog", "Keep it open"))

        def on_finished() -> None:
            self.confirmation = None
            box.deleteLater()
            if self.closed:
                return
            if box.clickedButton() is yes_button:
                self.close_shift(counted)
            else:
                self._counted_edit.setFocus()

        box.finished.connect(on_finished)
        self.confirmation = box
        box.open()

    def close_shift(self, counted: object) -> bool:
        """Close the open shift with the cash `counted` (on the money worker) and store its Z report;
        `shift_closed` or `failed` follows. False (and nothing started) when refused or busy."""
        if self.closed or self.view is not ShiftView.OPEN or self.busy():
            return False
        try:
            amount = parse_cash_count(counted)
        except ShiftError as error:
            self._refuse(error, self._counted_edit)
            return False
        self.closing = True
        self._update_buttons()
        self._set_status(translate("ShiftDialog", "Closing the shift…"))
        journal = self._journal
        self._runner.run_in_background(lambda: close_shift(journal.store, amount), self.on_close_finished, money=True)
        return True

    def on_close_finished(self, future: Future[JournalShift]) -> None:
        self.closing = False
        if self.closed:
            return
        try:
            closed = future.result()
        except NoOpenShift:
            self._fail(translate("ShiftDialog", "No shift is open any more: it was closed elsewhere."))
            self._focus_after_read = True
            self.reload(keep_status=True)
            return
        except Exception as error:  # noqa: BLE001 - every failure is shown in words; the shift stays open
            self._fail(describe_error(error, translate("ShiftDialog", "The shift did not close.")))
            self._counted_edit.setFocus()
            return
        assert closed.close is not None
        self.shift, self.report = closed, closed.close.report
        self.view = ShiftView.CLOSED
        self._show()
        self._set_status(translate("ShiftDialog", "Shift closed at {time}: its Z report is stored.").format(
            time=time_text(closed.close.report.taken_at)), "done")
        self._print_z_button.setFocus()
        self.shift_closed.emit(closed)

    # -- printing ----------------------------------------------------------------------------------

    def on_print_shortcut_activated(self) -> None:
        """Ctrl+P: the report on screen (X while open, Z once closed)."""
        self.print_report()

    def print_report(self) -> bool:
        """The X or Z report shown, through the till's printer (the preview when none is set); `printed` follows
        a print. False when there is nothing to print, no printing, or a print is running."""
        shown = self.shown_report()
        if self.closed or self._printing is None or shown is None or self.printing_now or self.reading:
            return False
        printing = self._printing
        shop, clock = printing.shop, printing.clock
        z = isinstance(shown, ShiftClose)
        what = translate("ShiftDialog", "The Z report") if z else translate("ShiftDialog", "The X report")
        if printing.choice.is_set:          # else the preview opens and prints from there
            self.printing_now = True
            self._update_buttons()
            self._set_status(translate("ShiftDialog", "Printing…"))
        printing.print(lambda: (shift_report_layout(shown, shop, clock()),), what, on_done=self._on_printed)
        return True

    def _on_printed(self, text: str, ok: bool) -> None:
        self.printing_now = False
        if self.closed:
            return
        self._update_buttons()
        self._set_status(text, "done" if ok else "error")
        self.printed.emit(text, ok)

    # -- export ------------------------------------------------------------------------------------

    def default_file_name(self) -> str:
        shown = self.shown_report()
        report = shown.report if isinstance(shown, ShiftClose) else shown
        if report is None:
            return "pos-app-shift.csv"
        opened = report.shift.opened_at
        return f"pos-app-{report.shift.terminal}-shift-{opened:%Y-%m-%d-%H%M}-{report.kind.value}.csv"

    def on_export_button_clicked(self) -> None:
        if not self._export_button.isEnabled() or not self._export_button.isVisible() or self._file_dialog is not None:
            return
        self._file_dialog = open_csv_dialog(
            self._parent, translate("ShiftDialog", "Save the shift report as CSV"),
            translate("ShiftDialog", "CSV files (*.csv)"), self._export_dir, self.default_file_name(),
            self.export_to, self.on_file_dialog_finished)

    def on_file_dialog_finished(self, _result: int) -> None:
        dialog, self._file_dialog = self._file_dialog, None
        if dialog is not None:
            dialog.deleteLater()

    def export_to(self, path: str) -> bool:
        """Write the report shown (X or Z) at `path` as CSV, on a worker; `exported` or `failed` follows.
        False (and nothing started) with nothing shown or while saving."""
        shown = self.shown_report()
        if self.closed or not path or shown is None or self.exporting:
            return False
        text = shift_csv(shown)
        self.exporting = True
        self._update_buttons()
        self._set_status(translate("ShiftDialog", "Saving…"))
        self._runner.run_in_background(lambda: save_shift_csv(path, text),
                                       lambda future: self.on_export_finished(path, future))
        return True

    def on_export_finished(self, path: str, future: Future[Path]) -> None:
        self.exporting = False
        if self.closed:
            return
        self._update_buttons()
        try:
            saved = future.result()
        except OSError as error:
            # The file the cashier chose, not the temporary one the error may name.
            reason = error.strerror or type(error).__name__
            self._fail(translate("ShiftDialog", "Could not save {path}: {reason}. Choose another folder and try "
                                                "again.").format(path=path, reason=reason))
            return
        except Exception as error:  # noqa: BLE001 - every failure is shown in words
            self._fail(translate("ShiftDialog", "Could not save {path} ({error}).").format(
                path=path, error=type(error).__name__))
            return
        self._export_dir = str(saved.parent)
        self._set_status(translate("ShiftDialog", "Saved to {path}.").format(path=saved), "done")
        self.exported.emit(str(saved))

    # -- saying what went wrong --------------------------------------------------------------------

    def _refuse(self, error: ShiftError, field: object) -> None:
        """Input refused: said in the dialog, the text kept and the field given the keyboard back."""
        self._fail(describe_error(error, ""))
        field.setFocus()            # type: ignore[attr-defined]

    def _fail(self, text: str) -> None:
        self._set_status(text, "error")
        self._update_buttons()
        self.failed.emit(text)

    def busy(self) -> bool:
        return self.reading or self.opening or self.closing


def _read_shift(journal: Journal) -> tuple[JournalShift | None, ShiftReport | None]:
    """The open shift and its X figures now (on a worker); (None, None) when none is open."""
    shift = current_shift(journal.store)
    if shift is None:
        return None, None
    try:
        return shift, shift_x_report(journal.store)
    except NoOpenShift:              # closed elsewhere between the two reads
        return None, None


__all__ = ["SHIFT_TEMPLATES", "ShiftActions", "ShiftView", "save_shift_csv"]
