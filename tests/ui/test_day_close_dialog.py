"""The day close dialog on a real journal file: read on a worker, shown, reloaded, exported."""

from __future__ import annotations

import threading
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Callable, Iterator

import pytest
from PySide6.QtCore import QDate, Qt
from PySide6.QtWidgets import QApplication, QDateTimeEdit, QFileDialog
from pytestqt.qtbot import QtBot

from pos_app.journal.day_summary import CSV_ENCODING, day_summary, load_day, sales_csv, sales_csv_path, to_csv
from pos_app.journal.journal import Journal
from pos_app.ui.day_close_dialog import ALERT_COLOR, DayCloseDialog
from pos_app.ui.style import STYLESHEET
from pos_app.ui.tasks import TaskRunner
from tests.journal.test_day_summary import DAY, GOLOMT, KHAN, DayBuilder, SettableClock, build_day, pay

WAIT_MS = 10_000


@pytest.fixture
def runner() -> Iterator[TaskRunner]:
    tasks = TaskRunner()
    yield tasks
    tasks.shutdown(wait=True)


@pytest.fixture
def journal_path(tmp_path: Path) -> Path:
    path = tmp_path / "data" / "journal.sqlite3"
    path.parent.mkdir()
    build_day(path)
    return path


@pytest.fixture
def journal(journal_path: Path) -> Iterator[Journal]:
    with Journal(journal_path, "T1") as opened:
        yield opened


class GatedJournal:
    """The journal, but each read waits for `gate` (so a test sees the dialog while it loads) and notes its thread."""

    def __init__(self, journal: Journal) -> None:
        self.journal = journal
        self.terminal_id = journal.terminal_id
        self.gate = threading.Event()
        self.threads: list[str] = []

    def sales_between(self, start: date, end: date):  # noqa: ANN201 - as Journal's
        self.threads.append(threading.current_thread().name)
        if not self.gate.wait(WAIT_MS / 1000):
            raise TimeoutError("the test never opened the gate")
        return self.journal.sales_between(start, end)


@pytest.fixture
def gated(journal: Journal, runner: TaskRunner) -> Iterator[GatedJournal]:
    wrapped = GatedJournal(journal)
    yield wrapped
    wrapped.gate.set()   # before the runner shuts down: no worker left waiting


@pytest.fixture
def make_dialog(qtbot: QtBot, runner: TaskRunner) -> Callable[..., DayCloseDialog]:
    QApplication.instance().setStyleSheet(STYLESHEET)  # type: ignore[union-attr]

    def make(journal: Journal | GatedJournal, wait: bool = True) -> DayCloseDialog:
        dialog = DayCloseDialog(journal, runner, today=lambda: DAY)  # type: ignore[arg-type]
        qtbot.addWidget(dialog)
        if wait:
            # The first read's answer can only arrive through the event loop, i.e. inside this wait.
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
    assert dialog.summary == day_summary(journal, DAY)
    assert dialog.selected_day() == DAY and dialog.date_edit.maximumDate() == QDate(2026, 11, 21)
    assert dialog.date_edit.calendarPopup()
    assert "T1" in dialog.terminal_label.text()
    assert dialog.net_label.text().endswith("57,500 ₮")
    assert dialog.attention.isVisible()
    shown = dialog.figures()
    assert shown["paid"] == ("10", "76,500 ₮")
    assert shown["vat"] == ("", "6,918.80 ₮")
    assert shown["city_tax"] == ("", "214.30 ₮")
    assert shown["given_back"] == ("2", "19,000 ₮")
    assert shown["net"] == ("", "57,500 ₮")
    assert shown["receipts_issued"] == ("8", "") and shown["receipts_voided"] == ("2", "")
    assert shown[f"bank:{KHAN}"] == ("7", "48,500 ₮")
    assert shown[f"bank:{GOLOMT}"] == ("3", "19,000 ₮")
    assert shown["bank:"] == ("1", "9,000 ₮")
    assert shown["type:CARD"] == ("6", "56,000 ₮") and shown["type:P2P"] == ("4", "19,000 ₮")
    assert shown["type:"] == ("1", "1,500 ₮")
    assert shown["cancelled"] == ("1", "5,000 ₮") and shown["expired"] == ("1", "1,200 ₮")
    assert shown["failed"] == ("1", "800 ₮")
    assert shown["given_back_cancel"] == ("1", "4,000 ₮") and shown["given_back_refund"] == ("1", "15,000 ₮")
    assert shown["reversals_pending"] == ("1", "") and shown["reversals_failed"] == ("1", "")
    assert shown["receipt_voids_pending"] == ("1", "") and shown["unfinished"] == ("3", "5,200 ₮")
    assert dialog.alerts() == {"reversals_pending", "reversals_failed", "receipt_voids_pending", "unfinished"}
    row = next(row for row in range(dialog.details_table.rowCount())
               if dialog.details_table.item(row, 0).data(Qt.ItemDataRole.UserRole) == "unfinished")
    assert dialog.details_table.item(row, 1).foreground().color().name() == ALERT_COLOR
    labels = {dialog.details_table.item(row, 0).text() for row in range(dialog.details_table.rowCount())}
    assert {KHAN, GOLOMT, "Unknown", "Card", "Bank transfer (P2P)", "Needs attention"} <= labels
    assert dialog.export_button.isEnabled() and dialog.date_edit.isEnabled()


def test_the_journal_is_read_on_a_worker_and_loading_disables_what_starts_work(
        qtbot: QtBot, make_dialog, gated: GatedJournal) -> None:
    dialog = make_dialog(gated, wait=False)
    qtbot.waitUntil(lambda: len(gated.threads) == 1, timeout=WAIT_MS)
    assert dialog.status.text() == "Loading…"
    assert not dialog.date_edit.isEnabled() and not dialog.export_button.isEnabled()
    assert not dialog.refresh_button.isEnabled()
    assert dialog.export_to("/nowhere.csv") is False        # nothing to export yet
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
    assert dialog.figures()["paid"] == ("1", "88,888 ₮")
    assert dialog.figures()["unfinished"] == ("0", "0 ₮") and dialog.alerts() == set()
    assert not dialog.attention.isVisible()
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
    assert dialog.figures()["paid"] == ("1", "88,888 ₮")


def test_refresh_reads_again_and_shows_a_new_sale(qtbot: QtBot, make_dialog, journal: Journal,
                                                  journal_path: Path) -> None:
    dialog = make_dialog(journal)
    with Journal(journal_path, "T1", clock=SettableClock(datetime(2026, 11, 21, 18, 0))) as till:
        DayBuilder(till).completed("500.00", "45.45", (pay("500.00", KHAN, "P2P"),))
    with qtbot.waitSignal(dialog.loaded, timeout=WAIT_MS):
        qtbot.keyClick(dialog.date_edit, Qt.Key.Key_F5)
    assert dialog.figures()["paid"] == ("11", "77,000 ₮")


def test_export_writes_the_summary_and_the_sales_next_to_it(qtbot: QtBot, make_dialog, journal: Journal,
                                                            tmp_path: Path) -> None:
    dialog = make_dialog(journal)
    target = tmp_path / dialog.default_file_name()
    with qtbot.waitSignal(dialog.exported, timeout=WAIT_MS) as blocker:
        assert dialog.export_to(str(target))
    assert blocker.args == [str(target)]
    summary, sales = load_day(journal, DAY)
    assert target.read_bytes().decode(CSV_ENCODING) == to_csv(summary)
    sales_file = tmp_path / "pos-app-T1-2026-11-21-sales.csv"
    assert sales_csv_path(target) == sales_file
    assert sales_file.read_bytes().decode(CSV_ENCODING) == sales_csv(sales)
    assert KHAN in sales_file.read_bytes().decode(CSV_ENCODING)
    assert dialog.status.text().startswith("Saved to ") and str(target) in dialog.status.text()
    assert dialog.status.property("kind") == "done"
    assert dialog.export_button.isEnabled()


def test_a_write_error_is_shown_and_nothing_is_lost(qtbot: QtBot, make_dialog, journal: Journal,
                                                    tmp_path: Path) -> None:
    dialog = make_dialog(journal)
    shown_before = dialog.figures()
    missing = tmp_path / "no such folder" / "day.csv"
    with qtbot.waitSignal(dialog.export_failed, timeout=WAIT_MS) as blocker:
        assert dialog.export_to(str(missing))
    assert blocker.args[0] == dialog.status.text()
    assert dialog.status.text().startswith(f"Could not save {missing}: ")
    assert ".tmp" not in dialog.status.text()
    assert dialog.status.property("kind") == "error"
    assert not missing.parent.exists()
    # The summary is still there and can be saved elsewhere.
    assert dialog.figures() == shown_before and dialog.export_button.isEnabled()
    good = tmp_path / "day.csv"
    with qtbot.waitSignal(dialog.exported, timeout=WAIT_MS):
        dialog.export_to(str(good))
    assert good.exists() and (tmp_path / "day-sales.csv").exists()


def test_the_export_button_disables_itself_while_saving(qtbot: QtBot, make_dialog, journal: Journal,
                                                        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from pos_app.ui import day_close_dialog

    gate = threading.Event()
    real_save = day_close_dialog.save_csv

    def slow_save(*args):  # noqa: ANN002, ANN202
        if not gate.wait(WAIT_MS / 1000):
            raise TimeoutError("the test never opened the gate")
        return real_save(*args)

    monkeypatch.setattr(day_close_dialog, "save_csv", slow_save)
    dialog = make_dialog(journal)
    try:
        assert dialog.export_to(str(tmp_path / "day.csv"))
        assert not dialog.export_button.isEnabled() and dialog.status.text() == "Saving…"
        assert dialog.export_to(str(tmp_path / "again.csv")) is False      # one save at a time
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
    closed = Journal(journal_path, "T1")
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


def test_the_date_field_has_the_keyboard_after_each_read(qtbot: QtBot, make_dialog, journal: Journal) -> None:
    dialog = make_dialog(journal)
    qtbot.waitUntil(dialog.date_edit.hasFocus, timeout=WAIT_MS)
    dialog.date_edit.setCurrentSection(QDateTimeEdit.Section.DaySection)
    with qtbot.waitSignal(dialog.loaded, timeout=WAIT_MS) as blocker:
        qtbot.keyClick(dialog.date_edit, Qt.Key.Key_Down)     # one day back, read when the keys settle
    assert blocker.args[0].day == date(2026, 11, 20)
    qtbot.waitUntil(dialog.date_edit.hasFocus, timeout=WAIT_MS)
