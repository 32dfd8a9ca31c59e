"""The shift dialog's actions: open the shift, close it (the Z report), print the X or Z report, export it as CSV.

A mixin of `ShiftDialog` (see shift_dialog.py). Every journal call runs on the task runner's money worker, in
order with the tenders the till writes there, so a close counts every sale taken before it; the CSV is written on
a worker too. Texts keep the "ShiftDialog" translation context.
"""

from __future__ import annotations

from concurrent.futures import Future
from enum import Enum
from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

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


class ShiftActions:
    """What the dialog does in the background or in another window. The host (`ShiftDialog`) provides the widgets
    and signals, `shown_report()`, `_set_status()`, `_update_buttons()`, `_show()` and the state flags."""

    # -- reading (the X figures) ---------------------------------------------------------------------

    def on_refresh_button_clicked(self) -> None:
        if self.refresh_button.isVisible():
            self.reload()

    def reload(self, keep_status: bool = False) -> bool:
        """Read the open shift and its X figures (on the money worker); `loaded` follows. False while busy."""
        if self._closed or self._busy() or self.view is ShiftView.CLOSED:
            return False
        self._reading = True
        self._keep_status = keep_status
        self._update_buttons()
        if not keep_status:
            self._set_status(translate("ShiftDialog", "Reading the journal…"))
        journal = self._journal
        self._runner.run_in_background(lambda: _read_shift(journal), self.on_read_finished, money=True)
        return True

    def on_read_finished(self, future: Future[tuple[JournalShift | None, ShiftReport | None]]) -> None:
        self._reading = False
        if self._closed:
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
            (self.float_edit if shift is None else self.counted_edit).setFocus()
        self.loaded.emit(report)

    # -- opening -----------------------------------------------------------------------------------

    def on_float_edit_return_pressed(self) -> None:
        self.open_shift(self.float_edit.text())

    def on_open_shift_button_clicked(self) -> None:
        self.open_shift(self.float_edit.text())

    def open_shift(self, float_text: str) -> bool:
        """Open the shift with the float typed (on the money worker); `shift_opened` or `failed` follows.
        False (and nothing started) when the amount is refused, a shift is shown open, or work is running."""
        if self._closed or self.view is not ShiftView.NO_SHIFT or self._busy():
            return False
        try:
            amount = parse_cash_count(float_text)
        except ShiftError as error:
            self._refuse(error, self.float_edit)
            return False
        self._opening = True
        self._update_buttons()
        self._set_status(translate("ShiftDialog", "Opening the shift…"))
        journal = self._journal
        self._runner.run_in_background(lambda: open_shift(journal.store, amount), self.on_open_finished, money=True)
        return True

    def on_open_finished(self, future: Future[JournalShift]) -> None:
        self._opening = False
        if self._closed:
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
            self.float_edit.setFocus()
            return
        self.float_edit.clear()
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
        if (self._closed or self.view is not ShiftView.OPEN or self.report is None or self._busy()
                or self.confirmation is not None):
            return
        try:
            counted = parse_cash_count(self.counted_edit.text())
        except ShiftError as error:
            self._refuse(error, self.counted_edit)
            return
        expected = self.report.expected_cash
        box, yes_button = ask(self, translate(
            "ShiftDialog", "Close the shift with {counted} counted in the drawer? Expected {expected}: {difference}. "
                           "Its Z report is stored and never changes.").format(
            counted=money_text(counted), expected=money_text(expected),
            difference=signed_difference(counted - expected)),
            translate("ShiftDialog", "Close the shift"), translate("ShiftDialog", "Keep it open"))

        def on_finished() -> None:
            self.confirmation = None
            box.deleteLater()
            if self._closed:
                return
            if box.clickedButton() is yes_button:
                self.close_shift(counted)
            else:
                self.counted_edit.setFocus()

        box.finished.connect(on_finished)
        self.confirmation = box
        box.open()

    def close_shift(self, counted: object) -> bool:
        """Close the open shift with the cash `counted` (on the money worker) and store its Z report;
        `shift_closed` or `failed` follows. False (and nothing started) when refused or busy."""
        if self._closed or self.view is not ShiftView.OPEN or self._busy():
            return False
        try:
            amount = parse_cash_count(counted)
        except ShiftError as error:
            self._refuse(error, self.counted_edit)
            return False
        self._closing = True
        self._update_buttons()
        self._set_status(translate("ShiftDialog", "Closing the shift…"))
        journal = self._journal
        self._runner.run_in_background(lambda: close_shift(journal.store, amount), self.on_close_finished, money=True)
        return True

    def on_close_finished(self, future: Future[JournalShift]) -> None:
        self._closing = False
        if self._closed:
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
            self.counted_edit.setFocus()
            return
        assert closed.close is not None
        self.shift, self.report = closed, closed.close.report
        self.view = ShiftView.CLOSED
        self._show()
        self._set_status(translate("ShiftDialog", "Shift closed at {time}: its Z report is stored.").format(
            time=time_text(closed.close.report.taken_at)), "done")
        self.print_z_button.setFocus()
        self.shift_closed.emit(closed)

    # -- printing ----------------------------------------------------------------------------------

    def on_print_shortcut_activated(self) -> None:
        """Ctrl+P: the report on screen (X while open, Z once closed)."""
        self.print_report()

    def print_report(self) -> bool:
        """The X or Z report shown, through the till's printer (the preview when none is set); `printed` follows
        a print. False when there is nothing to print, no printing, or a print is running."""
        shown = self.shown_report()
        if self._closed or self._printing is None or shown is None or self._printing_now or self._reading:
            return False
        printing = self._printing
        shop, clock = printing.shop, printing.clock
        z = isinstance(shown, ShiftClose)
        what = translate("ShiftDialog", "The Z report") if z else translate("ShiftDialog", "The X report")
        if printing.choice.is_set:          # else the preview opens and prints from there
            self._printing_now = True
            self._update_buttons()
            self._set_status(translate("ShiftDialog", "Printing…"))
        printing.print(lambda: (shift_report_layout(shown, shop, clock()),), what, on_done=self._on_printed)
        return True

    def _on_printed(self, text: str, ok: bool) -> None:
        self._printing_now = False
        if self._closed:
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
        if not self.export_button.isEnabled() or not self.export_button.isVisible() or self._file_dialog is not None:
            return
        self._file_dialog = open_csv_dialog(
            self, translate("ShiftDialog", "Save the shift report as CSV"),
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
        if self._closed or not path or shown is None or self._exporting:
            return False
        text = shift_csv(shown)
        self._exporting = True
        self._update_buttons()
        self._set_status(translate("ShiftDialog", "Saving…"))
        self._runner.run_in_background(lambda: save_shift_csv(path, text),
                                       lambda future: self.on_export_finished(path, future))
        return True

    def on_export_finished(self, path: str, future: Future[Path]) -> None:
        self._exporting = False
        if self._closed:
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

    def _busy(self) -> bool:
        return self._reading or self._opening or self._closing


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
