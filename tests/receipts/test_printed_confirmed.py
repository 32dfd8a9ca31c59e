"""A receipt is "printed" only when it is on paper (issue 32, points 20 to 23): a network printer on loopback that
never reads, or drops the connection after 2 KiB, or stops reading with its buffer full; and a real CUPS server
(tests/cups_server.py) with a raw queue, a driver whose default page is an 80 mm roll, and a queue that rejects
jobs, printed to through `cups:` and through Qt's system printer."""

from __future__ import annotations

import re
import socket
import subprocess
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import pytest

from pos_app.receipts import qt_out
from pos_app.receipts.connections import parse_target, send_escpos
from pos_app.receipts.errors import PrinterUnavailable
from pos_app.receipts.layout import Paper, ReceiptLayout, sale_receipt
from pos_app.receipts.printers import PrinterChoice, print_layouts
from tests.cups_server import ROLL_PAGE, CupsServer

from .conftest import PRINTED_AT, SHOP, Sales
from .test_connections import PAPER_PRESENT, STATUS_QUERY, rendered

pytestmark = pytest.mark.skipif(not hasattr(socket, "SO_LINGER"), reason="POSIX sockets")
T = TypeVar("T")
MM_PER_POINT = 25.4 / 72


class StuckPrinter:
    """A network printer on 127.0.0.1 with a small buffer (4 KiB) that takes part of a job and no more: it
    reads `reads` bytes (answering the paper status query at the start when `answers`), then either closes the
    connection (`drops`) or holds it open without reading until the test ends."""

    def __init__(self, reads: int = 0, *, drops: bool = False, answers: bool = False) -> None:
        self.reads, self.drops, self.answers = reads, drops, answers
        self.listener = socket.socket()
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)   # inherited by the connection
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(1)
        self.port = self.listener.getsockname()[1]
        self.received = bytearray()
        self.done = threading.Event()
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        connection, _ = self.listener.accept()
        try:
            while len(self.received) < self.reads:
                chunk = connection.recv(min(4096, self.reads - len(self.received)))
                if not chunk:
                    break
                if self.answers and not self.received and chunk.startswith(STATUS_QUERY):
                    connection.sendall(PAPER_PRESENT)
                self.received += chunk
            if not self.drops:
                self.done.wait(30)
        finally:
            connection.close()
            self.listener.close()

    @property
    def setting(self) -> str:
        return f"network:127.0.0.1:{self.port}"

    def close(self) -> None:
        self.done.set()


@pytest.fixture
def stuck_printer() -> Callable[..., StuckPrinter]:
    printers: list[StuckPrinter] = []

    def make(*args: object, **kwargs: bool) -> StuckPrinter:
        printers.append(StuckPrinter(*args, **kwargs))  # type: ignore[arg-type]
        return printers[-1]
    yield make
    for printer in printers:
        printer.close()


def receipts(sales: Sales, count: int = 1) -> list[ReceiptLayout]:
    return [sale_receipt(sales.issued(), SHOP, PRINTED_AT) for _ in range(count)]


def timed(call: Callable[[], T]) -> tuple[T | BaseException, float]:
    started = time.monotonic()
    try:
        result: T | BaseException = call()
    except BaseException as error:      # noqa: BLE001 - the test looks at it
        result = error
    return result, time.monotonic() - started


# -- point 20: a network printer that does not take the whole job ------------------------

def test_a_printer_that_never_reads_is_not_said_to_have_printed(sales: Sales, stuck_printer) -> None:
    printer = stuck_printer()
    layouts = receipts(sales)
    total = len(rendered(layouts)) / 1024
    failure, seconds = timed(lambda: send_escpos(layouts, parse_target(printer.setting), Paper.MM80,
                                                 status_timeout=0.2, write_timeout=1.0))
    assert isinstance(failure, PrinterUnavailable), failure
    taken = re.search(r"it took only ([\d.]+) of ([\d.]+) kB within 1 s", failure.message)
    assert taken, failure.message
    assert float(taken[1]) < 16 and float(taken[2]) == pytest.approx(total, abs=0.1)
    assert f"127.0.0.1:{printer.port}" in failure.message and "part of it may have come out" in failure.message
    assert seconds < 1.2 + 1.5


def test_a_printer_that_drops_the_connection_after_2_kib_is_not_said_to_have_printed(sales: Sales,
                                                                                      stuck_printer) -> None:
    printer = stuck_printer(2048, drops=True)
    failure, seconds = timed(lambda: send_escpos(receipts(sales), parse_target(printer.setting), Paper.MM80,
                                                 status_timeout=0.2, write_timeout=2.0))
    assert isinstance(failure, PrinterUnavailable), failure
    assert "it closed the connection before it took the whole job" in failure.message
    assert len(printer.received) == 2048 and seconds < 2.5


def test_a_printer_that_answered_and_then_stops_reading_is_not_said_to_have_printed(sales: Sales,
                                                                                     stuck_printer) -> None:
    printer = stuck_printer(len(STATUS_QUERY), answers=True)
    failure, _ = timed(lambda: send_escpos(receipts(sales), parse_target(printer.setting), Paper.MM80,
                                           write_timeout=0.8))
    assert isinstance(failure, PrinterUnavailable), failure
    assert "within 0.8 s" in failure.message


# -- point 23: the time named is the one that ran out, and the wait is bounded --------------------

def test_with_its_buffer_full_the_message_names_the_time_that_ran_out(sales: Sales, stuck_printer) -> None:
    """Ten receipts are more than every buffer between here and the printer holds: the write itself waits."""
    printer = stuck_printer()
    failure, seconds = timed(lambda: send_escpos(receipts(sales, 10), parse_target(printer.setting), Paper.MM80,
                                                 timeout=0.5, status_timeout=0.2, write_timeout=1.5))
    assert isinstance(failure, PrinterUnavailable), failure
    assert "within 1.5 s" in failure.message and "0.5 s" not in failure.message
    assert 1.2 < seconds < 1.5 + 0.2 + 1.0


# -- points 20 and 21 through CUPS: its job state ------------------------------------------

def test_a_raw_cups_queue_says_printed_once_cups_completed_the_job(sales: Sales, cups: CupsServer) -> None:
    layouts = receipts(sales)
    before = len(cups.printer.jobs)
    delivery = send_escpos(layouts, parse_target("cups:raw"), Paper.MM80, job_seconds=5)
    assert delivery.confirmed
    assert cups.printer.wait_for_jobs(before + 1)[before] == rendered(layouts)


def test_a_cups_queue_that_rejects_jobs_is_a_failure_in_words(sales: Sales, cups: CupsServer) -> None:
    with pytest.raises(PrinterUnavailable) as caught:
        send_escpos(receipts(sales), parse_target("cups:closed"), Paper.MM80)
    assert caught.value.message.startswith('The receipt printer (CUPS printer "closed") refused the job: its CUPS '
                                           "queue does not accept jobs")


def in_a_new_thread(call: Callable[[], T]) -> T:
    """Run as the till's printing worker does: a thread of its own (libcups reads CUPS_SERVER once a thread)."""
    outcome: list[T | BaseException] = []

    def run() -> None:
        try:
            outcome.append(call())
        except BaseException as error:   # noqa: BLE001 - raised again below
            outcome.append(error)
    worker = threading.Thread(target=run)
    worker.start()
    worker.join(30)
    if isinstance(outcome[0], BaseException):
        raise outcome[0]
    return outcome[0]


def test_qts_system_printer_on_a_queue_that_rejects_jobs_is_a_failure(qapp, sales: Sales, cups: CupsServer) -> None:
    qt_out.prepare_printing()
    choice = PrinterChoice("system:closed", Paper.MM80)
    with pytest.raises(PrinterUnavailable) as caught:
        in_a_new_thread(lambda: print_layouts(receipts(sales), choice))
    assert 'The printer "closed" did not take the job: its CUPS queue does not accept jobs' in caught.value.message


# -- point 22: the queue's default page -------------------------------------------------------------

def page_mm(pdf: bytes, tmp_path: Path) -> tuple[float, float]:
    path = tmp_path / "printed.pdf"
    path.write_bytes(pdf)
    info = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True).stdout
    found = re.search(r"Page size:\s+([\d.]+) x ([\d.]+) pts", info)
    assert found, info
    return float(found[1]) * MM_PER_POINT, float(found[2]) * MM_PER_POINT


def test_a_queue_whose_default_page_is_an_80_mm_roll_gets_the_job_on_the_roll(qapp, sales: Sales, cups: CupsServer,
                                                                             tmp_path: Path) -> None:
    cups.device("roll").unlink(missing_ok=True)
    qt_out.prepare_printing()
    choice = PrinterChoice("system:roll", Paper.MM80)
    delivery = in_a_new_thread(lambda: print_layouts(receipts(sales), choice))
    width, height = page_mm(cups.wait_for_output("roll"), tmp_path)
    assert width == pytest.approx(80, abs=0.5) and height == pytest.approx(297, abs=0.5), ROLL_PAGE
    assert delivery.confirmed                       # the job completed in CUPS
