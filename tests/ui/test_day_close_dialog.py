"""The day close dialog on a real journal file: figures, another day, CSV export and its failure."""

from __future__ import annotations

import csv
from collections.abc import Iterator
from datetime import date, datetime
from decimal import Decimal
from pathlib import Path

import pytest
from PySide6.QtCore import QDate
from pytestqt.qtbot import QtBot

from pos_app.domain.cart import CartLine
from pos_app.domain.sale import IssuedReceipt, OpenInvoice, PaymentSeen, Receiver
from pos_app.domain.taxes import TaxSplit
from pos_app.journal import Journal
from pos_app.ui.day_close_dialog import DayCloseDialog
from pos_app.ui.tasks import TaskRunner

TODAY = date(2026, 11, 21)
YESTERDAY = date(2026, 11, 20)
WAIT_MS = 15_000


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 11, 21, 9, 0)

    def __call__(self) -> datetime:
        return self.now


def paid_sale(journal: Journal, total: str, bank: str, kind: str, number_suffix: str) -> str:
    amount = Decimal(total)
    number = journal.begin_sale([CartLine("Сүү 1л", Decimal(1), amount)], amount,
                                TaxSplit(amount / 11, Decimal(0)))
    journal.invoice_opened(number, OpenInvoice(f"inv-{number_suffix}"))
    journal.payments_seen(number, [PaymentSeen(f"pay-{number_suffix}", amount, bank, kind)])
    journal.receipt_started(number, Receiver())
    journal.receipt_issued(number, IssuedReceipt(f"r-{number_suffix}", "AB 12345678", "qr", amount,
                                                 Decimal("100"), Decimal(0), Receiver()))
    return number


@pytest.fixture
def journal(tmp_path: Path) -> Iterator[Journal]:
    clock = Clock()
    with Journal(tmp_path / "journal.sqlite3", "T1", clock=clock) as journal:
        paid_sale(journal, "3500", "Хаан банк", "P2P", "1")
        paid_sale(journal, "12500.50", "Golomt", "CARD", "2")
        clock.now = datetime(2026, 11, 20, 18, 0)
        paid_sale(journal, "999", "Golomt", "CARD", "3")
        clock.now = datetime(2026, 11, 21, 10, 0)
        yield journal


@pytest.fixture
def runner() -> Iterator[TaskRunner]:
    runner = TaskRunner()
    yield runner
    runner.shutdown(wait=True)


@pytest.fixture
def dialog(qtbot: QtBot, journal: Journal, runner: TaskRunner) -> Iterator[DayCloseDialog]:
    dialog = DayCloseDialog(journal, runner, today=lambda: TODAY)
    qtbot.addWidget(dialog)
    with qtbot.waitSignal(dialog.loaded, timeout=WAIT_MS):
        dialog.open()
    yield dialog
    dialog.reject()


def test_todays_figures_of_this_terminal(dialog: DayCloseDialog) -> None:
    summary = dialog.summary
    assert summary is not None and summary.day == TODAY and summary.terminal == "T1"
    assert summary.paid.count == 2 and summary.paid.amount == Decimal("16000.50")
    assert summary.net == Decimal("16000.50")
    assert dict(summary.by_bank)["Хаан банк"].amount == Decimal("3500")
    assert dict(summary.by_payment_type)["CARD"].amount == Decimal("12500.50")
    assert "16,000.50" in dialog.findChild(type(dialog.terminal_label), "dayNet").text()


def test_another_day_is_read_again(qtbot: QtBot, dialog: DayCloseDialog) -> None:
    with qtbot.waitSignal(dialog.loaded, timeout=WAIT_MS) as loaded:
        dialog.date_edit.setDate(QDate(2026, 11, 20))
    assert loaded.args[0].day == YESTERDAY and loaded.args[0].paid.amount == Decimal("999")


def test_export_writes_the_summary_and_the_sales(qtbot: QtBot, dialog: DayCloseDialog, tmp_path: Path) -> None:
    target = tmp_path / "out" / "close.csv"
    target.parent.mkdir()
    with qtbot.waitSignal(dialog.exported, timeout=WAIT_MS) as exported:
        assert dialog.export_to(str(target))
    summary_path = Path(exported.args[0])
    rows = list(csv.reader(summary_path.read_text(encoding="utf-8-sig").splitlines()))
    assert any("16000.50" in row for row in rows)
    sales_files = [path for path in target.parent.iterdir() if path != summary_path]
    assert len(sales_files) == 1
    sales_text = sales_files[0].read_text(encoding="utf-8-sig")
    assert "Хаан банк" in sales_text and "12500.50" in sales_text and "999" not in sales_text.split("\n", 1)[1]


def test_an_export_that_cannot_be_written_says_so_and_keeps_the_figures(qtbot: QtBot, dialog: DayCloseDialog,
                                                                        tmp_path: Path) -> None:
    target = tmp_path / "missing" / "folder" / "close.csv"
    with qtbot.waitSignal(dialog.export_failed, timeout=WAIT_MS) as failed:
        assert dialog.export_to(str(target))
    assert "Could not save" in failed.args[0]
    assert dialog.summary is not None and dialog.summary.paid.count == 2
    assert dialog.export_button.isEnabled()
