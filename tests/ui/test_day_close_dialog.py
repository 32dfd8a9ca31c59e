"""The day close dialog on a real journal file: read on a worker, shown, reloaded, exported, closed (Z report).

Every clock is the test's own: nothing depends on today's date.
"""

from __future__ import annotations

import sqlite3
import threading
from contextlib import contextmanager
from dataclasses import replace as dataclass_replace
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Callable, Iterator

import pytest
from PySide6.QtCore import QDate, Qt
from PySide6.QtWidgets import QApplication, QDateTimeEdit, QFileDialog, QMessageBox
from pytestqt.qtbot import QtBot

from pos_app.journal.closed_days import ClosedDays, close_day
from pos_app.journal.day_csv import CSV_ENCODING, sales_csv, sales_csv_path, to_csv
from pos_app.journal.day_summary import day_summary, load_day
from pos_app.journal.journal import Journal
from pos_app.ui.day_close.dialog import ALERT_COLOR, DayCloseDialog
from pos_app.ui.common.style import STYLESHEET
from pos_app.ui.common.tasks import TaskRunner
from tests.journal.test_day_given_back import tender_day
from tests.journal.test_day_summary import DAY, GOLOMT, KHAN, DayBuilder, SettableClock, at, build_day, pay

WAIT_MS = 10_000


@pytest.fixture
def journal_path(tmp_path: Path) -> Path:
    path = tmp_path / "data" / "journal.sqlite3"
    path.parent.mkdir()
    build_day(path)
    return path


@pytest.fixture
def clock() -> SettableClock:
    return SettableClock(at(DAY, 20))       # the evening of the day shown: the day can be closed


@pytest.fixture
def journal(journal_path: Path, clock: SettableClock) -> Iterator[Journal]:
    with Journal(journal_path, "T1", clock=clock) as opened:
        yield opened


class GatedJournal:
    """The journal, but each read waits for `gate` (so a test sees the dialog while it loads) and notes its thread.
    It is its own store (`read_day(journal.store, day)` reads through `reading()`)."""

    def __init__(self, journal: Journal) -> None:
        self.journal = journal
        self.store = self
        self.terminal_id = journal.terminal_id
        self.path = journal.path
        self.gate = threading.Event()
        self.threads: list[str] = []

    @contextmanager
    def reading(self) -> Iterator[sqlite3.Connection]:
        self.threads.append(threading.current_thread().name)
        if not self.gate.wait(WAIT_MS / 1000):
            raise TimeoutError("the test never opened the gate")
        with self.journal.store.reading() as db:
            yield db

    def now(self) -> datetime:
        return self.journal.now()


@pytest.fixture
def gated(journal: Journal, runner: TaskRunner) -> Iterator[GatedJournal]:
    wrapped = GatedJournal(journal)
    yield wrapped
    wrapped.gate.set()   # before the runner shuts down: no worker left waiting


@pytest.fixture
def make_dialog(qtbot: QtBot, runner: TaskRunner) -> Callable[..., DayCloseDialog]:
    QApplication.instance().setStyleSheet(STYLESHEET)  # type: ignore[union-attr]

    def make(journal: Journal | GatedJournal, wait: bool = True,
             today: Callable[[], date] = lambda: DAY) -> DayCloseDialog:
        dialog = DayCloseDialog(journal, runner, today=today, now=lambda: at(DAY, 20))  # type: ignore[arg-type]
        qtbot.addWidget(dialog)
        if wait and dialog.summary is None:
            # The first read's answer arrives through the event loop, i.e. inside this wait (unless the worker
            # was done before the runner added its callback: then it was shown during the constructor).
            with qtbot.waitSignal(dialog.loaded, timeout=WAIT_MS):
                dialog.show()
        else:
            dialog.show()
        dialog.activateWindow()
        qtbot.waitUntil(dialog.isActiveWindow, timeout=WAIT_MS)
        return dialog

    return make


def settle(qtbot: QtBot, runner: TaskRunner) -> None:
    qtbot.waitUntil(lambda: runner.pending == 0, timeout=WAIT_MS)


def test_it_shows_todays_figures_from_the_journal(make_dialog, journal: Journal) -> None:
    dialog = make_dialog(journal)
    assert dialog.objectName() == "dayCloseDialog"
    assert dialog.summary == day_summary(journal.store, DAY)
    assert dialog.selected_day() == DAY and dialog.date_edit.maximumDate() == QDate(2026, 11, 21)
    assert dialog.date_edit.calendarPopup()
    assert "T1" in dialog.terminal_label.text()
    assert dialog.figures.net_label.text().endswith("57,500 ₮")
    assert dialog.figures.attention.isVisible()
    shown = dialog.figures.shown()
    assert shown["paid"] == ("10", "76,500 ₮")
    assert "overpaid" not in shown                      # shown only when someone paid beyond the total
    assert shown["receipt_vat"] == ("", "4,646.07 ₮")
    assert shown["receipt_city_tax"] == ("", "214.30 ₮")
    assert shown["without_receipt"] == ("2", "6,000 ₮")
    assert shown["no_receipt_vat"] == ("", "545.45 ₮") and shown["no_receipt_city_tax"] == ("", "0 ₮")
    assert shown["given_back"] == ("2", "19,000 ₮")
    assert shown["net"] == ("", "57,500 ₮")
    assert shown["receipts_issued"] == ("9", "") and shown["receipts_voided"] == ("2", "")
    assert shown[f"bank:{KHAN}"] == ("7", "48,500 ₮")
    assert shown[f"bank:{GOLOMT}"] == ("3", "19,000 ₮")
    assert shown["bank:"] == ("1", "9,000 ₮")
    # Each tender: paid, given back, net (QPay's card payments were cancelled and refunded, 19,000).
    assert shown["tender:CARD"] == ("56,000 ₮", "19,000 ₮", "37,000 ₮")
    assert shown["tender:P2P"] == ("19,000 ₮", "0 ₮", "19,000 ₮") and shown["tender:"] == ("1,500 ₮", "0 ₮", "1,500 ₮")
    assert shown["cancelled"] == ("1", "5,000 ₮") and shown["expired"] == ("1", "1,200 ₮")
    assert shown["failed"] == ("1", "800 ₮")
    assert shown["given_back_cancel"] == ("1", "4,000 ₮") and shown["given_back_refund"] == ("1", "15,000 ₮")
    assert shown["reversals_pending"] == ("1", "") and shown["reversals_failed"] == ("1", "")
    assert shown["receipt_voids_pending"] == ("1", "") and shown["unfinished"] == ("2", "1,700 ₮")
    assert shown["owes_receipt"] == ("2", "6,000 ₮")
    figures = dialog.figures
    assert figures.alerts() == {"reversals_pending", "reversals_failed", "receipt_voids_pending", "unfinished",
                                "owes_receipt"}
    # The sales owed a receipt are named: the one whose receipt failed, the one voided while its money was kept.
    assert "T1-20261121-000003" in figures.attention.text() and "T1-20261121-000010" in figures.attention.text()
    row = next(row for row in range(figures.details_table.rowCount())
               if figures.details_table.item(row, 0).data(Qt.ItemDataRole.UserRole) == "unfinished")
    assert figures.details_table.item(row, 1).foreground().color().name() == ALERT_COLOR
    labels = {figures.details_table.item(row, 0).text() for row in range(figures.details_table.rowCount())}
    assert {KHAN, GOLOMT, "Unknown", "Needs attention"} <= labels
    tenders = [figures.tenders_table.item(row, 0).text() for row in range(figures.tenders_table.rowCount())]
    assert tenders == ["QPay card", "QPay bank transfer", "Unknown"]
    assert dialog.export_button.isEnabled() and dialog.date_edit.isEnabled()
    assert dialog.close_day_button.isEnabled() and dialog.close_day_button.text() == "Close the day…"


@pytest.mark.parametrize(("speaking", "refunded", "tenders"), [
    ("en", "Refunded", ["Cash", "Card terminal", "QPay card", "QPay bank transfer"]),
    ("mn", "Буцаан олгосон", ["Бэлэн мөнгө", "Картын терминал", "QPay карт", "QPay дансны шилжүүлэг"]),
])
def test_cash_given_back_is_no_card_refund_and_each_tender_shows_its_net(tmp_path: Path, language, make_dialog,
                                                                         speaking: str, refunded: str,
                                                                         tenders: list[str]) -> None:
    """Issue 31, point 10: cash and the card terminal returned at the counter are refunds (not card payments
    refunded); each tender shows what it brought in, what went back through it and the net, in both languages."""
    path = tmp_path / "journal.sqlite3"
    tender_day(path)
    assert language.use(speaking)
    with Journal(path, "T1", clock=SettableClock(at(DAY, 20))) as journal:
        dialog = make_dialog(journal)
        figures = dialog.figures
        shown = figures.shown()
        labels = {figures.details_table.item(row, 0).data(Qt.ItemDataRole.UserRole):
                  figures.details_table.item(row, 0).text() for row in range(figures.details_table.rowCount())}
        names = [figures.tenders_table.item(row, 0).text() for row in range(figures.tenders_table.rowCount())]
        dialog.close()
    assert labels["given_back_refund"] == refunded and "card" not in labels["given_back_cancel"].lower()
    assert "карт" not in labels["given_back_cancel"].lower()
    assert names == tenders
    if speaking == "en":
        assert shown["given_back_refund"] == ("2", "3,500 ₮") and shown["given_back_cancel"] == ("1", "3,000 ₮")
        assert shown["tender:CASH"] == ("5,500 ₮", "1,500 ₮", "4,000 ₮")
        assert shown["tender:TERMINAL"] == ("8,000 ₮", "2,000 ₮", "6,000 ₮")
        assert shown["tender:CARD"] == ("13,000 ₮", "3,000 ₮", "10,000 ₮")
        assert shown["tender:P2P"] == ("7,000 ₮", "0 ₮", "7,000 ₮") and shown["net"] == ("", "27,000 ₮")


def test_it_fits_a_1024_by_768_screen_with_every_figure_in_sight(make_dialog, journal: Journal) -> None:
    dialog = make_dialog(journal)
    assert dialog.width() <= 1024 and dialog.height() <= 768 - 60       # room for a title bar and a panel
    hint = dialog.minimumSizeHint()
    assert hint.width() <= 1024 and hint.height() <= 768 - 60
    for table in (dialog.figures.totals_table, dialog.figures.details_table, dialog.figures.tenders_table):
        assert not table.verticalScrollBar().isVisible(), table.objectName()
    # Needs attention comes first, so a long list of banks can never push it out of sight.
    assert dialog.figures.details_table.item(0, 0).text() == "Needs attention"


def test_the_journal_is_read_on_a_worker_and_loading_disables_what_starts_work(
        qtbot: QtBot, make_dialog, gated: GatedJournal) -> None:
    dialog = make_dialog(gated, wait=False)
    qtbot.waitUntil(lambda: len(gated.threads) == 1, timeout=WAIT_MS)
    assert dialog.status.text() == "Loading…"
    assert not dialog.date_edit.isEnabled() and not dialog.export_button.isEnabled()
    assert not dialog.refresh_button.isEnabled()
    assert dialog.day_actions.export_to("/nowhere.csv") is False        # nothing to export yet
    with qtbot.waitSignal(dialog.loaded, timeout=WAIT_MS):
        gated.gate.set()
    assert gated.threads[0].startswith("pos-task")
    assert dialog.date_edit.isEnabled() and dialog.export_button.isEnabled() and dialog.refresh_button.isEnabled()
    assert dialog.status.text() != "Loading…"


def test_changing_the_date_reloads_that_day(qtbot: QtBot, make_dialog, journal: Journal) -> None:
    dialog = make_dialog(journal)
    yesterday = DAY - timedelta(days=1)
    with qtbot.waitSignal(dialog.loaded, timeout=WAIT_MS) as blocker:
        dialog.date_edit.setDate(QDate(yesterday.year, yesterday.month, yesterday.day))
    assert blocker.args[0].day == yesterday and dialog.summary is blocker.args[0]
    assert dialog.figures.shown()["paid"] == ("1", "88,888 ₮")
    assert dialog.figures.shown()["unfinished"] == ("0", "0 ₮") and dialog.figures.alerts() == set()
    assert not dialog.figures.attention.isVisible()
    assert dialog.default_file_name() == "pos-app-T1-2026-11-20.csv"
    dialog.date_edit.setDate(QDate(2026, 11, 22))          # the future is not offered
    assert dialog.selected_day() == DAY


def test_a_date_changed_during_a_read_is_read_next(qtbot: QtBot, make_dialog, gated: GatedJournal) -> None:
    dialog = make_dialog(gated, wait=False)
    qtbot.waitUntil(lambda: len(gated.threads) == 1, timeout=WAIT_MS)
    dialog.date_edit.setDate(QDate(2026, 11, 20))
    with qtbot.waitSignal(dialog.loaded, timeout=WAIT_MS,
                          check_params_cb=lambda summary: summary.day == date(2026, 11, 20)):
        gated.gate.set()
    assert dialog.figures.shown()["paid"] == ("1", "88,888 ₮")


def test_refresh_reads_again_and_shows_a_new_sale(qtbot: QtBot, make_dialog, journal: Journal,
                                                  journal_path: Path) -> None:
    dialog = make_dialog(journal)
    with Journal(journal_path, "T1", clock=SettableClock(datetime(2026, 11, 21, 18, 0))) as till:
        DayBuilder(till).completed("500.00", "45.45", (pay("500.00", KHAN, "P2P"),))
        DayBuilder(till).paid("1000.00", "90.91", (pay("1200.00", GOLOMT, "P2P"),))    # paid 200 too much
    with qtbot.waitSignal(dialog.loaded, timeout=WAIT_MS):
        qtbot.keyClick(dialog.date_edit, Qt.Key.Key_F5)
    assert dialog.figures.shown()["paid"] == ("12", "78,200 ₮")
    assert dialog.figures.shown()["overpaid"] == ("", "200 ₮")
    assert dialog.figures.shown()["owes_receipt"] == ("3", "7,200 ₮")


def test_export_writes_the_summary_and_the_sales_next_to_it(qtbot: QtBot, make_dialog, journal: Journal,
                                                            tmp_path: Path) -> None:
    dialog = make_dialog(journal)
    target = tmp_path / dialog.default_file_name()
    with qtbot.waitSignal(dialog.exported, timeout=WAIT_MS) as blocker:
        assert dialog.day_actions.export_to(str(target))
    assert blocker.args == [str(target)]
    report = load_day(journal.queries, DAY)
    assert target.read_bytes().decode(CSV_ENCODING) == to_csv(report.summary)
    sales_file = tmp_path / "pos-app-T1-2026-11-21-sales.csv"
    assert sales_csv_path(target) == sales_file
    assert sales_file.read_bytes().decode(CSV_ENCODING) == sales_csv(report.sales)
    assert KHAN in sales_file.read_bytes().decode(CSV_ENCODING)
    assert dialog.status.text().startswith("Saved to ") and str(target) in dialog.status.text()
    assert dialog.status.property("kind") == "done"
    assert dialog.export_button.isEnabled()


def test_a_write_error_is_shown_and_nothing_is_lost(qtbot: QtBot, make_dialog, journal: Journal,
                                                    tmp_path: Path) -> None:
    dialog = make_dialog(journal)
    shown_before = dialog.figures.shown()
    missing = tmp_path / "no such folder" / "day.csv"
    with qtbot.waitSignal(dialog.export_failed, timeout=WAIT_MS) as blocker:
        assert dialog.day_actions.export_to(str(missing))
    assert blocker.args[0] == dialog.status.text()
    assert dialog.status.text().startswith(f"Could not save {missing}: ")
    assert ".tmp" not in dialog.status.text()
    assert dialog.status.property("kind") == "error"
    assert not missing.parent.exists()
    # The summary is still there and can be saved elsewhere.
    assert dialog.figures.shown() == shown_before and dialog.export_button.isEnabled()
    good = tmp_path / "day.csv"
    with qtbot.waitSignal(dialog.exported, timeout=WAIT_MS):
        dialog.day_actions.export_to(str(good))
    assert good.exists() and (tmp_path / "day-sales.csv").exists()


def test_the_export_button_disables_itself_while_saving(qtbot: QtBot, make_dialog, journal: Journal,
                                                        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from pos_app.ui.day_close import actions as day_close_actions

    gate = threading.Event()
    real_save = day_close_actions.save_csv

    def slow_save(*args):  # noqa: ANN002, ANN202
        if not gate.wait(WAIT_MS / 1000):
            raise TimeoutError("the test never opened the gate")
        return real_save(*args)

    monkeypatch.setattr(day_close_actions, "save_csv", slow_save)
    dialog = make_dialog(journal)
    try:
        assert dialog.day_actions.export_to(str(tmp_path / "day.csv"))
        assert not dialog.export_button.isEnabled() and dialog.status.text() == "Saving…"
        assert dialog.day_actions.export_to(str(tmp_path / "again.csv")) is False      # one save at a time
        with qtbot.waitSignal(dialog.exported, timeout=WAIT_MS):
            gate.set()
    finally:
        gate.set()
    assert dialog.export_button.isEnabled()
    assert not (tmp_path / "again.csv").exists()


def test_export_button_and_ctrl_e_open_a_save_dialog_without_blocking(qtbot: QtBot, make_dialog, journal: Journal,
                                                                     tmp_path: Path) -> None:
    dialog = make_dialog(journal)
    qtbot.mouseClick(dialog.export_button, Qt.MouseButton.LeftButton)   # returns: the file dialog does not block
    chooser = dialog.findChild(QFileDialog)
    assert chooser is not None and chooser.isVisible()
    assert chooser.acceptMode() == QFileDialog.AcceptMode.AcceptSave
    assert [Path(name).name for name in chooser.selectedFiles()] == ["pos-app-T1-2026-11-21.csv"]
    chooser.setDirectory(str(tmp_path))
    chooser.selectFile(str(tmp_path / "chosen.csv"))
    with qtbot.waitSignal(dialog.exported, timeout=WAIT_MS) as blocker:
        chooser.accept()
    assert Path(blocker.args[0]) == tmp_path / "chosen.csv"
    assert (tmp_path / "chosen-sales.csv").exists()
    qtbot.waitUntil(lambda: dialog.findChild(QFileDialog) is None, timeout=WAIT_MS)

    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow, timeout=WAIT_MS)
    qtbot.keyClick(dialog.date_edit, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: dialog.findChild(QFileDialog) is not None, timeout=WAIT_MS)
    chooser = dialog.findChild(QFileDialog)
    assert Path(chooser.directory().absolutePath()) == tmp_path        # it remembers where the last file went
    chooser.reject()


def test_escape_closes_the_dialog(qtbot: QtBot, make_dialog, journal: Journal) -> None:
    dialog = make_dialog(journal)
    qtbot.waitUntil(lambda: dialog.date_edit.isEnabled() and dialog.date_edit.hasFocus(), timeout=WAIT_MS)
    with qtbot.waitSignal(dialog.rejected, timeout=WAIT_MS):
        qtbot.keyClick(dialog.date_edit, Qt.Key.Key_Escape)
    assert not dialog.isVisible()


def test_the_close_button_closes_the_dialog(qtbot: QtBot, make_dialog, journal: Journal) -> None:
    dialog = make_dialog(journal)
    with qtbot.waitSignal(dialog.finished, timeout=WAIT_MS):
        qtbot.mouseClick(dialog.close_button, Qt.MouseButton.LeftButton)
    assert not dialog.isVisible()


def test_a_journal_that_cannot_be_read_is_said_so(qtbot: QtBot, make_dialog, journal_path: Path) -> None:
    closed = Journal(journal_path, "T1", clock=SettableClock(at(DAY, 20)))
    closed.close()
    dialog = make_dialog(closed, wait=False)
    qtbot.waitUntil(lambda: dialog.status.property("kind") == "error", timeout=WAIT_MS)
    assert "Could not read the journal" in dialog.status.text() and "closed" in dialog.status.text()
    assert dialog.status.property("kind") == "error"
    assert dialog.summary is None and not dialog.export_button.isEnabled()
    assert dialog.date_edit.isEnabled() and dialog.refresh_button.isEnabled()   # the owner can try again


def test_an_answer_after_closing_is_not_shown(qtbot: QtBot, make_dialog, gated: GatedJournal,
                                              runner: TaskRunner) -> None:
    dialog = make_dialog(gated, wait=False)
    qtbot.waitUntil(lambda: len(gated.threads) == 1, timeout=WAIT_MS)
    seen: list[object] = []
    dialog.loaded.connect(seen.append)
    dialog.reject()
    gated.gate.set()
    settle(qtbot, runner)
    assert seen == [] and dialog.summary is None


def test_a_dialog_let_go_of_dies_on_the_gui_thread_whatever_a_worker_still_holds(
        qtbot: QtBot, make_dialog, gated: GatedJournal, runner: TaskRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    """A worker lets go of its task's future a moment after reporting back. Nothing the future holds may keep
    the dialog: dropping a parentless dialog then deletes it, and every widget in it, on that worker while the
    GUI thread paints it (the crash in QPainter, QLabel and harfbuzz this once was)."""
    worker_may_go = threading.Event()
    real_run = runner.run_in_background

    def run_and_hold_the_worker(task, on_done=None, **kinds):  # noqa: ANN001, ANN003, ANN202
        future = real_run(task, on_done, **kinds)
        # Added while the read waits at the gate, so it runs on the worker, after the runner's report.
        future.add_done_callback(lambda _done: worker_may_go.wait(WAIT_MS / 1000))
        return future

    monkeypatch.setattr(runner, "run_in_background", run_and_hold_the_worker)
    died_on: list[str] = []
    try:
        dialog = make_dialog(gated, wait=False)
        qtbot.waitUntil(lambda: len(gated.threads) == 1, timeout=WAIT_MS)
        with qtbot.waitSignal(dialog.loaded, timeout=WAIT_MS):
            gated.gate.set()                   # the worker reports, then waits holding the future
        dialog.destroyed.connect(lambda: died_on.append(threading.current_thread().name),
                                 Qt.ConnectionType.DirectConnection)
        del dialog                             # as a caller lets go of a dialog it is done with
    finally:
        worker_may_go.set()
    assert died_on == [threading.current_thread().name]


def test_a_dialog_that_was_shown_a_failure_dies_when_let_go_of(qtbot: QtBot, make_dialog, journal: Journal,
                                                                 tmp_path: Path) -> None:
    """`future.result()` raising in the dialog adds its frame (the dialog, the future) to the traceback the
    future keeps: a cycle only the garbage collector would free, on whatever thread it next runs."""
    dialog = make_dialog(journal)
    with qtbot.waitSignal(dialog.export_failed, timeout=WAIT_MS):
        assert dialog.day_actions.export_to(str(tmp_path / "no such folder" / "day.csv"))
    died_on: list[str] = []
    dialog.destroyed.connect(lambda: died_on.append(threading.current_thread().name),
                             Qt.ConnectionType.DirectConnection)
    del dialog
    assert died_on == [threading.current_thread().name]


def test_the_date_field_has_the_keyboard_after_each_read(qtbot: QtBot, make_dialog, journal: Journal) -> None:
    dialog = make_dialog(journal)
    qtbot.waitUntil(dialog.date_edit.hasFocus, timeout=WAIT_MS)
    dialog.date_edit.setCurrentSection(QDateTimeEdit.Section.DaySection)
    with qtbot.waitSignal(dialog.loaded, timeout=WAIT_MS) as blocker:
        qtbot.keyClick(dialog.date_edit, Qt.Key.Key_Down)     # one day back, read when the keys settle
    assert blocker.args[0].day == date(2026, 11, 20)
    qtbot.waitUntil(dialog.date_edit.hasFocus, timeout=WAIT_MS)


# -- closing the day ------------------------------------------------------------------------------


def _confirmation(qtbot: QtBot, dialog: DayCloseDialog) -> QMessageBox:
    actions = dialog.day_actions
    qtbot.waitUntil(lambda: actions.confirmation is not None and actions.confirmation.isVisible(), timeout=WAIT_MS)
    assert actions.confirmation is not None
    return actions.confirmation


def test_enter_and_esc_keep_the_day_open_and_ctrl_enter_closes_it(qtbot: QtBot, make_dialog,
                                                                    journal: Journal) -> None:
    """A bare Enter (a scanner's too) or Esc at "Close the day?" keeps the day open; Ctrl+Enter, named on the
    button, closes it. The question is asked by the keyboard (Space on the button)."""
    dialog = make_dialog(journal)
    closed: list[object] = []
    dialog.day_closed.connect(closed.append)

    def ask() -> QMessageBox:
        dialog.close_day_button.setFocus()           # (its place in the Tab order: the dialog's own tests)
        qtbot.keyClick(dialog.close_day_button, Qt.Key.Key_Space)
        box = _confirmation(qtbot, dialog)
        assert "Ctrl+Enter" in " ".join(button.text() for button in box.buttons())
        return box

    for key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Escape):
        box = ask()
        qtbot.keyClick(QApplication.focusWidget() or box, key)
        qtbot.waitUntil(lambda: dialog.day_actions.confirmation is None, timeout=WAIT_MS)
        qtbot.wait(100)
        assert not closed and dialog.summary is not None and not dialog.summary.is_closed
    box = ask()
    with qtbot.waitSignal(dialog.day_closed, timeout=WAIT_MS):
        qtbot.keyClick(QApplication.focusWidget() or box, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert dialog.summary is not None and dialog.summary.is_closed


def test_closing_the_day_stores_its_figures_and_later_sales_do_not_change_them(
        qtbot: QtBot, make_dialog, journal: Journal, journal_path: Path, clock: SettableClock) -> None:
    dialog = make_dialog(journal)
    before = dialog.summary
    qtbot.mouseClick(dialog.close_day_button, Qt.MouseButton.LeftButton)     # asks first, without blocking
    box = _confirmation(qtbot, dialog)
    assert "never change" in box.text()
    with qtbot.waitSignal(dialog.day_closed, timeout=WAIT_MS) as blocker:
        # Ctrl+Enter confirms
        qtbot.keyClick(box, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    stored = blocker.args[0]
    assert stored.closed_at is not None and at(DAY, 20) < stored.closed_at < at(DAY, 20, 1)
    assert stored == dataclass_replace(before, closed_at=stored.closed_at)
    assert dialog.summary == stored and ClosedDays(journal_path).get("T1", DAY).summary == stored  # type: ignore[union-attr]
    assert not dialog.close_day_button.isEnabled() and dialog.close_day_button.text() == "Day closed"
    assert "Closed at" in dialog.figures.headline.text()
    assert dialog.status.text().startswith("Day closed at ") and dialog.status.property("kind") == "done"
    assert dialog.day_actions.close_day() is False                                        # once only

    clock.at(at(DAY, 21))                                                     # a sale after the close
    DayBuilder(journal).completed("500.00", "45.45", (pay("500.00", KHAN, "P2P"),))
    with qtbot.waitSignal(dialog.loaded, timeout=WAIT_MS) as reread:
        qtbot.mouseClick(dialog.refresh_button, Qt.MouseButton.LeftButton)
    assert reread.args[0] == stored and dialog.figures.shown()["paid"] == ("10", "76,500 ₮")
    assert not dialog.close_day_button.isEnabled()


def test_escape_keeps_the_day_open(qtbot: QtBot, make_dialog, journal: Journal, journal_path: Path,
                                   runner: TaskRunner) -> None:
    dialog = make_dialog(journal)
    qtbot.mouseClick(dialog.close_day_button, Qt.MouseButton.LeftButton)
    box = _confirmation(qtbot, dialog)
    qtbot.keyClick(box, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: dialog.day_actions.confirmation is None, timeout=WAIT_MS)
    settle(qtbot, runner)
    assert ClosedDays(journal_path).get("T1", DAY) is None
    assert dialog.close_day_button.isEnabled() and not dialog.summary.is_closed  # type: ignore[union-attr]


def test_the_next_day_starts_at_the_close_and_shows_the_corrections(qtbot: QtBot, make_dialog, journal: Journal,
                                                                     clock: SettableClock) -> None:
    shown_day = [DAY]
    dialog = make_dialog(journal, today=lambda: shown_day[0])
    with qtbot.waitSignal(dialog.day_closed, timeout=WAIT_MS):
        assert dialog.day_actions.close_day(DAY)
    closed = dialog.summary
    clock.at(at(DAY + timedelta(days=1), 10))
    refunded = DayBuilder(journal).completed("11000.00", "1000.00", (pay("11000.00", KHAN, "CARD"),))
    journal.reversals.started(refunded, "refund", "wrong size")  # type: ignore[arg-type]
    journal.reversals.done(refunded, load_day(journal.queries, DAY + timedelta(days=1)).sales[0].sale.total)
    shown_day[0] = DAY + timedelta(days=1)                 # midnight passed: the next day may be shown
    with qtbot.waitSignal(dialog.loaded, timeout=WAIT_MS):
        dialog.on_refresh_button_clicked()
    with qtbot.waitSignal(dialog.loaded, timeout=WAIT_MS,
                          check_params_cb=lambda summary: summary.day == DAY + timedelta(days=1)):
        dialog.date_edit.setDate(QDate(2026, 11, 22))
    assert (dialog.figures.shown()["paid"] == ("1", "11,000 ₮")
            and dialog.figures.shown()["given_back_refund"] == ("1", "11,000 ₮"))
    assert "when the day before was closed" in dialog.figures.headline.text()
    assert dialog.close_day_button.isEnabled()
    with qtbot.waitSignal(dialog.loaded, timeout=WAIT_MS):
        dialog.date_edit.setDate(QDate(2026, 11, 21))
    assert dialog.summary == closed and not dialog.close_day_button.isEnabled()


def test_a_day_closed_elsewhere_meanwhile_is_said_so_and_shown_as_stored(qtbot: QtBot, make_dialog,
                                                                           journal: Journal) -> None:
    dialog = make_dialog(journal)
    stored = close_day(journal.store, DAY).summary            # another dialog (or till) was first
    with qtbot.waitSignal(dialog.close_failed, timeout=WAIT_MS) as blocker:
        assert dialog.day_actions.close_day()
    assert "already closed" in blocker.args[0]
    qtbot.waitUntil(lambda: dialog.summary == stored and dialog.close_day_button.text() == "Day closed",
                    timeout=WAIT_MS)
    assert not dialog.close_day_button.isEnabled()
    assert dialog.status.text() == blocker.args[0] and dialog.status.property("kind") == "error"
