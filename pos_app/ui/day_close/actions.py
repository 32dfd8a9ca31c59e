"""The day close's actions: export the day as CSV, close the day (its Z report), and print it.

A mixin of `DayCloseDialog` (see day_close_dialog.py). The CSV files are written and the day is closed
on the task runner's workers, never on the GUI thread. Texts keep the "DayCloseDialog" translation context.
"""

from __future__ import annotations

from concurrent.futures import Future
from datetime import date
from pathlib import Path

from PySide6.QtCore import QCoreApplication

from pos_app.formats import date_text, time_text
from pos_app.journal.closed_days import DayAlreadyClosed, close_day
from pos_app.journal.day_summary import DayReport

from pos_app.ui.common.csv_dialog import open_csv_dialog
from pos_app.ui.common.questions import ask

translate = QCoreApplication.translate     # lupdate reads translate("DayCloseDialog", "...") calls


class DayCloseActions:
    """What the dialog does in the background or in another window. The host (`DayCloseDialog`) provides the
    widgets and signals, `selected_day()`, `default_file_name()`, `reload()`, `_save_csv()`, `_set_status()`,
    `_update_buttons()`, `_show_summary()` and the state flags."""

    # -- export ----------------------------------------------------------------------------

    def on_export_button_clicked(self) -> None:
        if not self.export_button.isEnabled() or self._file_dialog is not None:
            return
        self._file_dialog = open_csv_dialog(
            self, translate("DayCloseDialog", "Save the day as CSV"),
            translate("DayCloseDialog", "CSV files (*.csv)"), self._export_dir, self.default_file_name(),
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
        if self._closed or not path or self._loading or self._exporting or self.summary is None:
            return False
        summary, sales = self.summary, self._sales
        self._exporting = True
        self._update_buttons()
        self._set_status(translate("DayCloseDialog", "Saving…"))
        save = self._save_csv
        self._runner.run_in_background(lambda: save(path, summary, sales),
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
            text = translate("DayCloseDialog", "Could not save {path}: {reason}. Nothing was changed; "
                           "choose another folder and try again.").format(path=path, reason=reason)
            self._set_status(text, "error")
            self.export_failed.emit(text)
            return
        except Exception as error:  # noqa: BLE001 - every failure is shown in words
            text = translate("DayCloseDialog", "Could not save {path} ({error}).").format(
                path=path, error=type(error).__name__)
            self._set_status(text, "error")
            self.export_failed.emit(text)
            return
        self._export_dir = str(summary_path.parent)
        self._set_status(translate("DayCloseDialog", "Saved to {summary} and {sales}.").format(
            summary=summary_path, sales=sales_path.name), "done")
        self.exported.emit(str(summary_path))

    # -- closing the day (the Z report) ------------------------------------------------------

    def on_close_day_button_clicked(self) -> None:
        """Ask first (without blocking): a closed day is never changed."""
        if not self.close_day_button.isEnabled() or self.confirmation is not None or self.summary is None:
            return
        day = self.summary.day
        box, yes_button = ask(self, translate(
            "DayCloseDialog",
            "Close {day}? Its figures are stored as they are now and never change; what happens after this "
            "counts on the next day.").format(day=date_text(day)),
            translate("DayCloseDialog", "Close the day"), translate("DayCloseDialog", "Back"))

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
        self._set_status(translate("DayCloseDialog", "Closing the day…"))
        journal = self._journal
        self._runner.run_in_background(lambda: close_day(journal.store, day),
                                       lambda future: self.on_close_finished(day, future))
        return True

    def on_close_finished(self, day: date, future: Future[DayReport]) -> None:
        self._closing = False
        if self._closed:
            return
        try:
            report = future.result()
        except DayAlreadyClosed:
            text = translate("DayCloseDialog", "This day was already closed; its stored figures are shown.")
            self._set_status(text, "error")
            self._update_buttons()
            self._note = (text, "error")       # still said once the stored figures are read
            self.close_failed.emit(text)
            self.reload()
            return
        except Exception as error:  # noqa: BLE001 - every failure is shown in words
            text = translate("DayCloseDialog", "Could not close the day: {}").format(str(error) or type(error).__name__)
            self._set_status(text, "error")
            self._update_buttons()
            self.close_failed.emit(text)
            return
        if day == self.selected_day() and not self._loading:
            self.summary = report.summary
            self._sales = report.sales
            self._show_summary(report.summary)
        closed_at = report.summary.closed_at
        self._set_status(translate(
            "DayCloseDialog", "Day closed at {}. Its figures are stored and stay as they are.").format(
            time_text(closed_at) if closed_at is not None else ""), "done")
        self._update_buttons()
        self.day_closed.emit(report.summary)

    # -- printing ---------------------------------------------------------------------------

    def on_print_button_clicked(self) -> None:
        """The summary on screen, through the till's printer (the preview when none is set)."""
        if self._printing is None or not self.print_button.isEnabled() or self.summary is None:
            return
        if self._printing.choice.is_set:
            self._set_status(translate("DayCloseDialog", "Printing…"))
        self._printing.print_day(self.summary, on_done=self._on_printed)

    def _on_printed(self, text: str, ok: bool) -> None:
        if self._closed:
            return
        self._set_status(text, "done" if ok else "error")
        self.printed.emit(text, ok)


__all__ = ["DayCloseActions"]
