"""The day close's actions: export the day as CSV, close the day (its Z report), and print it.

A part of `DayCloseDialog` (see dialog.py). The CSV files are written and the day is closed
on the task runner's workers, never on the GUI thread. Texts keep the "DayCloseDialog" translation context.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QStandardPaths
from PySide6.QtWidgets import QFileDialog, QMessageBox, QPushButton

from pos_app.formats import date_text, time_text
from pos_app.journal.closed_days import DayAlreadyClosed, close_day
from pos_app.journal.day_csv import save_csv
from pos_app.journal.day_summary import DayReport, DaySummary, SaleDay
from pos_app.journal.journal import Journal

from pos_app.ui.common.csv_dialog import open_csv_dialog
from pos_app.ui.common.questions import ask
from pos_app.ui.common.tasks import TaskRunner
from pos_app.ui.printing.printing import ReceiptPrinting

translate = QCoreApplication.translate     # lupdate reads translate("DayCloseDialog", "...") calls


@dataclass(frozen=True)
class DayButtons:
    """The dialog's buttons the actions start from: an action runs only while its button is enabled (and the
    windows it opens belong to the buttons' window)."""

    export: QPushButton
    close_day: QPushButton
    print: QPushButton


class DayCloseActions:
    """What the dialog does in the background or in another window: export, close the day, print.

    *shown_summary* and *shown_sales* are the day shown (no summary before the first read), *file_name* the
    CSV's suggested name; *is_loading* and
    *is_closed* say whether the day is being read and whether the dialog was closed (nothing starts then, and a
    late answer is not shown). *set_status(text, kind)* says what happened and *update_buttons* enables what
    applies. *show_closed(day, report)* shows a day just closed (when it is still the day shown),
    *reload_with_note(text, kind)* reads the day again and says *text* once it is back. *exported*,
    *export_failed*, *day_closed*, *close_failed* and *printed* hear the outcomes. `exporting` and `closing` say
    what is under way.
    """

    def __init__(self, runner: TaskRunner, journal: Journal, printing: ReceiptPrinting | None,
                 buttons: DayButtons, *, shown_summary: Callable[[], DaySummary | None],
                 shown_sales: Callable[[], tuple[SaleDay, ...]], file_name: Callable[[], str],
                 is_loading: Callable[[], bool], is_closed: Callable[[], bool], set_status: Callable[..., None],
                 update_buttons: Callable[[], None], show_closed: Callable[[date, DayReport], None],
                 reload_with_note: Callable[[str, str], None], exported: Callable[[str], None],
                 export_failed: Callable[[str], None], day_closed: Callable[[DaySummary], None],
                 close_failed: Callable[[str], None], printed: Callable[[str, bool], None]) -> None:
        self._runner = runner
        self._journal = journal
        self._printing = printing
        self._buttons = buttons
        self._shown_summary = shown_summary
        self._shown_sales = shown_sales
        self._file_name = file_name
        self._is_loading = is_loading
        self._is_closed = is_closed
        self._set_status = set_status
        self._update_buttons = update_buttons
        self._show_closed = show_closed
        self._reload_with_note = reload_with_note
        self._exported = exported
        self._export_failed = export_failed
        self._day_closed = day_closed
        self._close_failed = close_failed
        self._printed = printed
        self.exporting = False
        self.closing = False
        self.confirmation: QMessageBox | None = None
        self._file_dialog: QFileDialog | None = None
        self._export_dir = (QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
                            or QStandardPaths.writableLocation(QStandardPaths.StandardLocation.HomeLocation))

    def dismiss(self) -> None:
        """The dialog closes: the file dialog or the question it opened goes with it."""
        if self._file_dialog is not None:
            self._file_dialog.reject()
        if self.confirmation is not None:
            self.confirmation.reject()

    # -- export ----------------------------------------------------------------------------

    @staticmethod
    def _save_csv(path: str, summary: DaySummary, sales: tuple[SaleDay, ...]) -> tuple[Path, Path]:
        """Write the CSV files (on a worker); `save_csv` is looked up here at each export."""
        return save_csv(path, summary, sales)

    def on_export_button_clicked(self) -> None:
        if not self._buttons.export.isEnabled() or self._file_dialog is not None:
            return
        self._file_dialog = open_csv_dialog(
            self._buttons.export.window(), translate("DayCloseDialog", "Save the day as CSV"),
            translate("DayCloseDialog", "CSV files (*.csv)"), self._export_dir, self._file_name(),
            self.export_to, self.on_file_dialog_finished)

    def on_file_dialog_finished(self, _result: int) -> None:
        dialog, self._file_dialog = self._file_dialog, None
        if dialog is not None:
            dialog.deleteLater()

    def export_to(self, path: str) -> bool:
        """Write the shown day's summary to `path` and its sales next to it, on a worker.

        Returns False (and starts nothing) while loading, exporting, or before
        the first summary is read. `exported` or `export_failed` follows.
        """
        summary, sales = self._shown_summary(), self._shown_sales()
        if self._is_closed() or not path or self._is_loading() or self.exporting or summary is None:
            return False
        self.exporting = True
        self._update_buttons()
        self._set_status(translate("DayCloseDialog", "Saving…"))
        save = self._save_csv
        self._runner.run_in_background(lambda: save(path, summary, sales),
                                       lambda future: self.on_export_finished(path, future))
        return True

    def on_export_finished(self, path: str, future: Future[tuple[Path, Path]]) -> None:
        self.exporting = False
        if self._is_closed():
            return
        self._update_buttons()
        try:
            summary_path, sales_path = future.result()
        except OSError as error:
            # Name the file the owner chose, not the temporary file the error may mention.
            reason = error.strerror or type(error).__name__
            text = translate("DayCloseDialog", "Could not save {path}: {reason}. Nothing was changed; "
                           "choose another folder and try again.").format(path=path, reason=reason)
            self._set_status(text, "error")
            self._export_failed(text)
            return
        except Exception as error:  # noqa: BLE001 - every failure is shown in words
            text = translate("DayCloseDialog", "Could not save {path} ({error}).").format(
                path=path, error=type(error).__name__)
            self._set_status(text, "error")
            self._export_failed(text)
            return
        self._export_dir = str(summary_path.parent)
        self._set_status(translate("DayCloseDialog", "Saved to {summary} and {sales}.").format(
            summary=summary_path, sales=sales_path.name), "done")
        self._exported(str(summary_path))

    # -- closing the day (the Z report) ------------------------------------------------------

    def on_close_day_button_clicked(self) -> None:
        """Ask first (without blocking): a closed day is never changed."""
        summary = self._shown_summary()
        if not self._buttons.close_day.isEnabled() or self.confirmation is not None or summary is None:
            return
        day = summary.day
        box, yes_button = ask(self._buttons.close_day.window(), translate(
            "DayCloseDialog",
            "Close {day}? Its figures are stored as they are now and never change; what happens after this "
            "counts on the next day.").format(day=date_text(day)),
            translate("DayCloseDialog", "Close the day"), translate("DayCloseDialog", "Back"))

        def on_finished() -> None:
            self.confirmation = None
            box.deleteLater()
            if box.clickedButton() is yes_button and not self._is_closed():
                self.close_day(day)

        box.finished.connect(on_finished)
        self.confirmation = box
        box.open()

    def close_day(self, day: date | None = None) -> bool:
        """Close the shown day now (on a worker) and store its Z report; `day_closed` or `close_failed` follows.

        Returns False (and starts nothing) while loading or closing, before the first read, when the day shown
        is already closed, or when `day` is not the day shown.
        """
        summary = self._shown_summary()
        if (self._is_closed() or self._is_loading() or self.closing or summary is None or summary.is_closed
                or (day is not None and day != summary.day)):
            return False
        day = summary.day
        self.closing = True
        self._update_buttons()
        self._set_status(translate("DayCloseDialog", "Closing the day…"))
        journal = self._journal
        self._runner.run_in_background(lambda: close_day(journal.store, day),
                                       lambda future: self.on_close_finished(day, future))
        return True

    def on_close_finished(self, day: date, future: Future[DayReport]) -> None:
        self.closing = False
        if self._is_closed():
            return
        try:
            report = future.result()
        except DayAlreadyClosed:
            text = translate("DayCloseDialog", "This day was already closed; its stored figures are shown.")
            self._set_status(text, "error")
            self._update_buttons()
            self._close_failed(text)
            self._reload_with_note(text, "error")       # still said once the stored figures are read
            return
        except Exception as error:  # noqa: BLE001 - every failure is shown in words
            text = translate("DayCloseDialog", "Could not close the day: {}").format(str(error) or type(error).__name__)
            self._set_status(text, "error")
            self._update_buttons()
            self._close_failed(text)
            return
        self._show_closed(day, report)
        closed_at = report.summary.closed_at
        self._set_status(translate(
            "DayCloseDialog", "Day closed at {}. Its figures are stored and stay as they are.").format(
            time_text(closed_at) if closed_at is not None else ""), "done")
        self._update_buttons()
        self._day_closed(report.summary)

    # -- printing ---------------------------------------------------------------------------

    def on_print_button_clicked(self) -> None:
        """The summary on screen, through the till's printer (the preview when none is set)."""
        summary = self._shown_summary()
        if self._printing is None or not self._buttons.print.isEnabled() or summary is None:
            return
        if self._printing.choice.is_set:
            self._set_status(translate("DayCloseDialog", "Printing…"))
        self._printing.print_day(summary, on_done=self._on_printed)

    def _on_printed(self, text: str, ok: bool) -> None:
        if self._is_closed():
            return
        self._set_status(text, "done" if ok else "error")
        self._printed(text, ok)


__all__ = ["DayButtons", "DayCloseActions"]
