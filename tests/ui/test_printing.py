"""Printing from the till: the receipt prints itself after the ebarimt, a copy on Ctrl+P and from the
history, the day close from F6; a printer that is off says so and loses nothing; with no printer the
preview opens, and saves a PDF. The printer is a real ESC/POS device file (python-escpos's File) or a
real closed port on loopback."""

from __future__ import annotations

import re
import socket
import subprocess
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt

from pos_app.config import Settings, save_settings
from pos_app.domain.sale import Stage
from pos_app.journal import JournalStatus
from pos_app.receipts.escpos_replay import printed_text
from pos_app.receipts.printers import PrinterChoice

from tests.cups_server import LoopbackPrinter

from .conftest import MILK, WAIT_MS, Till
from .test_tenders import open_shift, sell_in_cash

CYRILLIC = re.compile("[А-Яа-яӨөҮүЁё]")
CUT = b"\x1dV"           # GS V: the paper is cut
DRAWER = b"\x1bp"        # ESC p: the cash drawer is kicked


def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]       # nothing listens there once the probe is closed


def till_with(make_till: Callable[..., Till], tmp_path: Path, *, posapi: bool = False, **settings: object) -> Till:
    save_settings(Settings(shop_name="Өглөөний Үүр", shop_register="5317878", **settings),  # type: ignore[arg-type]
                  tmp_path / "config" / "settings.json")
    return make_till(posapi=True) if posapi else make_till()


def pay_and_issue(till: Till) -> str:
    till.scan(MILK)
    till.charge()
    till.control.pay(till.invoice_id)
    till.wait_stage(Stage.PAID)
    till.key(Qt.Key.Key_Return)
    till.wait_stage(Stage.COMPLETED)
    assert till.flow.sale is not None and till.flow.sale.receipt is not None
    return till.flow.sale.receipt.lottery


def history_on_the_last_sale(till: Till):
    """F2 then F4: the history, with the sale just made selected and ready to reprint."""
    till.key(Qt.Key.Key_F2)
    till.wait_stage(None)
    till.key(Qt.Key.Key_F4)
    till.qtbot.waitUntil(lambda: till.app.back_office.history_dialog is not None, timeout=WAIT_MS)
    dialog = till.app.back_office.history_dialog
    till.qtbot.waitUntil(lambda: dialog.selected_sale() is not None and dialog.reprint_button.isEnabled(),
                         timeout=WAIT_MS)
    return dialog


def printed(path: Path) -> bytes:
    return path.read_bytes() if path.exists() else b""


def went_out(status: str) -> bool:
    """The job went to the printer: printed, or (a device file, which cannot answer) sent, not confirmed."""
    return "printed" in status or "not confirmed" in status


def test_the_receipt_prints_itself_once_the_ebarimt_is_issued(make_till, tmp_path: Path) -> None:
    device = tmp_path / "usb-lp0"
    till = till_with(make_till, tmp_path, printer=f"file:{device}", paper_width="58", open_drawer=True)
    lottery = pay_and_issue(till)
    page = till.window.receipt_page
    till.qtbot.waitUntil(lambda: went_out(page.print_status.text()), timeout=WAIT_MS)
    data = printed(device)
    assert lottery.encode() in data and CUT in data and DRAWER in data      # a QPay sale: the receipt kicks
    assert "was sent (printer device" in page.print_status.text()     # a device file cannot say it printed
    text = printed_text(data)
    assert "Өглөөний Үүр" not in text            # ө and ү are not in the generic printer's code pages ...
    assert "?" not in text                        # ... so they went as pictures, never as question marks
    assert "Register no. 5317878" in text and "COPY" not in text
    assert page.print_status.isVisible() and not page.print_status.property("failed")


def test_ctrl_p_after_the_automatic_print_prints_a_copy_without_opening_the_drawer(make_till, tmp_path) -> None:
    device = tmp_path / "usb-lp0"
    till = till_with(make_till, tmp_path, printer=f"file:{device}", open_drawer=True)
    pay_and_issue(till)
    page = till.window.receipt_page
    till.qtbot.waitUntil(lambda: went_out(page.print_status.text()), timeout=WAIT_MS)
    device.unlink()
    till.key(Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier)
    till.qtbot.waitUntil(lambda: "copy" in page.print_status.text().lower(), timeout=WAIT_MS)
    data = printed(device)
    assert "COPY" in printed_text(data) and DRAWER not in data


def test_no_automatic_print_when_the_shop_turned_it_off(make_till, tmp_path: Path) -> None:
    device = tmp_path / "usb-lp0"
    till = till_with(make_till, tmp_path, printer=f"file:{device}", auto_print=False)
    pay_and_issue(till)
    till.key(Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier)     # the first print is the receipt itself
    page = till.window.receipt_page
    till.qtbot.waitUntil(lambda: went_out(page.print_status.text()), timeout=WAIT_MS)
    assert "COPY" not in printed_text(printed(device))


def test_in_mongolian_the_printer_failure_is_told_in_mongolian(language, make_till, tmp_path) -> None:
    """The printer's own sentence (what failed, what to check) follows the till's language, not only the frame
    around it."""
    assert language.use("mn")
    port = closed_port()
    save_settings(Settings(shop_name="Өглөөний Үүр", printer=f"network:127.0.0.1:{port}", language="mn"),
                  tmp_path / "config" / "settings.json")
    till = make_till(language=language)
    page = till.window.receipt_page
    pay_and_issue(till)
    till.qtbot.waitUntil(lambda: bool(page.print_status.property("failed")), timeout=WAIT_MS)
    message = page.print_status.text()
    assert CYRILLIC.search(message) and f"127.0.0.1:{port}" in message and "(F4)" in message
    assert not re.search(r"\b(printer|does not answer|connection refused|Check)\b", message), message


def test_a_printer_that_is_off_says_so_and_the_sale_waits_in_the_journal_for_a_reprint(make_till, tmp_path) -> None:
    port = closed_port()
    till = till_with(make_till, tmp_path, printer=f"network:127.0.0.1:{port}")
    lottery = pay_and_issue(till)
    number = till.flow.sale.number  # type: ignore[union-attr]
    page = till.window.receipt_page
    till.qtbot.waitUntil(lambda: "did not print" in page.print_status.text(), timeout=WAIT_MS)
    message = page.print_status.text()
    assert f"127.0.0.1:{port}" in message and "history (F4)" in message
    assert page.print_status.property("failed")
    assert till.app.backend is not None
    assert till.app.backend.journal.queries.get(number).status is JournalStatus.COMPLETED
    # The printer is back (here: the shop chose another one); the history prints the sale again.
    device = tmp_path / "usb-lp0"
    till.app.printing.configure(PrinterChoice(f"file:{device}"), till.app.printing.shop, till.app.backend.journal)
    dialog = history_on_the_last_sale(till)
    with till.qtbot.waitSignal(till.app.printing.printed, timeout=WAIT_MS):
        dialog.reprint_button.click()
    data = printed(device)
    assert lottery.encode() in data and "COPY" in printed_text(data)
    dialog.reject()


def test_with_no_printer_ctrl_p_opens_the_preview_which_saves_a_pdf(till: Till, tmp_path: Path) -> None:
    lottery = pay_and_issue(till)
    till.key(Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier)
    printing = till.app.printing
    till.qtbot.waitUntil(lambda: printing.preview_dialog is not None and printing.preview_dialog.isVisible(),
                         timeout=WAIT_MS)
    preview = printing.preview_dialog
    assert preview.parent() is till.window
    till.qtbot.waitUntil(lambda: bool(preview.layouts), timeout=WAIT_MS)
    assert preview.save_button.isEnabled() and preview.print_button.isEnabled()
    path = tmp_path / "receipt.pdf"
    with till.qtbot.waitSignal(preview.saved, timeout=WAIT_MS):
        preview.save_to(str(path))
    text = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True, check=True).stdout
    assert lottery in text and "Сүү" in text and "₮" in text
    preview.reject()
    till.qtbot.waitUntil(lambda: printing.preview_dialog is None, timeout=WAIT_MS)
    till.qtbot.waitUntil(till.window.isActiveWindow, timeout=WAIT_MS)     # the keyboard is back at the till
    till.key(Qt.Key.Key_F2)
    till.wait_stage(None)


def test_a_reprint_from_the_history_previews_over_the_history_when_no_printer_is_set(till: Till) -> None:
    pay_and_issue(till)
    dialog = history_on_the_last_sale(till)
    dialog.reprint_button.click()
    printing = till.app.printing
    till.qtbot.waitUntil(lambda: printing.preview_dialog is not None and printing.preview_dialog.isVisible(),
                         timeout=WAIT_MS)
    assert printing.preview_dialog.parent() is dialog
    till.qtbot.waitUntil(lambda: bool(printing.preview_dialog.layouts), timeout=WAIT_MS)
    assert "COPY" in printing.preview_dialog.layouts[0].text()
    printing.preview_dialog.reject()
    dialog.reject()


def test_the_day_close_prints_through_the_same_printer(make_till, tmp_path: Path) -> None:
    device = tmp_path / "usb-lp0"
    till = till_with(make_till, tmp_path, printer=f"file:{device}", auto_print=False)
    pay_and_issue(till)
    till.key(Qt.Key.Key_F2)
    till.wait_stage(None)
    till.key(Qt.Key.Key_F6)
    till.qtbot.waitUntil(lambda: till.app.back_office.day_close_dialog is not None, timeout=WAIT_MS)
    dialog = till.app.back_office.day_close_dialog
    till.qtbot.waitUntil(lambda: dialog.summary is not None and dialog.print_button.isEnabled(), timeout=WAIT_MS)
    with till.qtbot.waitSignal(dialog.printed, timeout=WAIT_MS) as done:
        dialog.print_button.click()
    assert done.args[1] is True and went_out(done.args[0])
    text = printed_text(printed(device))
    assert "DAY CLOSE" in text and "Receipts issued" in text
    dialog.reject()


def test_a_cash_sale_opens_the_drawer_once_and_says_the_receipt_is_not_confirmed(make_till, tmp_path) -> None:
    """The cash taken opens the drawer; the receipt does not kick it again. The printer (on loopback) never answers
    the status: its receipt went out, and the till says it is not confirmed, with how to print it again."""
    printer = LoopbackPrinter()
    try:
        till = till_with(make_till, tmp_path, posapi=True, printer=f"network:127.0.0.1:{printer.port}",
                         open_drawer=True)
        open_shift(till)
        sell_in_cash(till, MILK, "10000")
        page = till.window.receipt_page
        till.qtbot.waitUntil(lambda: went_out(page.print_status.text()), timeout=WAIT_MS)
        jobs = printer.wait_for_jobs(2)
        assert sum(job.count(DRAWER) for job in jobs) == 1 and jobs[0].startswith(DRAWER)
        assert DRAWER not in jobs[1] and CUT in jobs[1]
        assert page.print_status.text().endswith("not confirmed: the printer does not answer status questions. "
                                                 "If it did not come out, print it again.")
        assert not page.print_status.property("failed")
    finally:
        printer.close()
