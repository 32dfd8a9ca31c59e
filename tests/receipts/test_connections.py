"""The printer connection setting, and print jobs sent to real endpoints: a TCP server on loopback acting
as a network printer, a file, and stand-in `lp` / `lpstat` commands for CUPS."""

from __future__ import annotations

import os
import re
import select
import socket
import stat
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

if not sys.platform.startswith("win"):
    import tty

import pytest
from escpos.printer import Dummy

from pos_app.receipts.connections import (
    DEFAULT_BAUDRATE,
    DEFAULT_PORT,
    ESC_POS_KINDS,
    EscposTarget,
    parse_target,
    printer_models,
    send_escpos,
)
from pos_app.receipts.errors import PaperOut, PrinterSetupError, PrinterUnavailable
from pos_app.receipts.escpos_out import make_profile, render_escpos
from pos_app.receipts.layout import Paper, ReceiptLayout, sale_receipt

from .conftest import PRINTED_AT, SHOP, Sales

STATUS_QUERY = b"\x10\x04\x04"          # DLE EOT 4: the paper sensor
PAPER_PRESENT = b"\x12"
PAPER_OUT = b"\x72"                      # python-escpos's RT_MASK_NOPAPER: paper-end bits set
CYRILLIC = re.compile("[А-Яа-яЁёӨөҮү]")
posix_only = pytest.mark.skipif(sys.platform.startswith("win"), reason="stand-in shell scripts")
linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a pseudo-terminal as the serial port")


class NetworkPrinter:
    """A one-job printer on 127.0.0.1: answers each paper status query with `status` (never, when None),
    and keeps everything it is sent until the connection closes."""

    def __init__(self, status: bytes | None) -> None:
        self.status = status
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.listener.settimeout(5)
        self.port = self.listener.getsockname()[1]
        self.received = bytearray()
        self.finished = threading.Event()
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        try:
            connection, _ = self.listener.accept()
            with connection:
                connection.settimeout(5)
                answered = 0
                while chunk := connection.recv(65536):
                    self.received += chunk
                    asked = self.received.count(STATUS_QUERY)
                    if self.status is not None and asked > answered:
                        connection.sendall(self.status * (asked - answered))
                        answered = asked
        finally:
            self.finished.set()
            self.listener.close()

    def job(self) -> bytes:
        assert self.finished.wait(5), "the job never ended"
        return bytes(self.received)

    @property
    def target(self) -> EscposTarget:
        return parse_target(f"network:127.0.0.1:{self.port}")


class SerialPrinter:
    """A printer on the far end of a pseudo-terminal: pyserial opens its other end as a serial port."""

    def __init__(self, status: bytes | None) -> None:
        self.status = status
        self.master, self.slave = os.openpty()
        tty.setraw(self.slave)
        self.port = os.ttyname(self.slave)
        self.received = bytearray()
        self.finished = threading.Event()
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        answered = 0
        try:
            while True:
                ready, _, _ = select.select([self.master], [], [], 5)
                if not ready:
                    return
                chunk = os.read(self.master, 65536)
                if not chunk:
                    return
                self.received += chunk
                asked = self.received.count(STATUS_QUERY)
                if self.status is not None and asked > answered:
                    os.write(self.master, self.status * (asked - answered))
                    answered = asked
        except OSError:                   # EIO: every end of the port is closed and all was read
            pass
        finally:
            os.close(self.master)
            self.finished.set()

    def job(self) -> bytes:
        """What was sent (call after send_escpos returned: pyserial has closed its end, so closing ours
        leaves only the bytes already in the terminal's buffer to read)."""
        os.close(self.slave)
        assert self.finished.wait(5), "the job never ended"
        return bytes(self.received)


def rendered(layouts: list[ReceiptLayout], paper: Paper = Paper.MM80, **options: bool) -> bytes:
    printer = Dummy(profile=make_profile(paper))
    for layout in layouts:
        render_escpos(layout, printer, paper, **options)
    return printer.output


def free_port() -> int:
    with socket.create_server(("127.0.0.1", 0)) as probe:
        return probe.getsockname()[1]


# -- the setting ------------------------------------------------------------------

@pytest.mark.parametrize("text, expected", [
    ("usb:04b8:0202", EscposTarget("usb", vendor_id=0x04B8, product_id=0x0202)),
    ("USB:0x0416:0x5011:81:03", EscposTarget("usb", vendor_id=0x0416, product_id=0x5011, in_ep=0x81, out_ep=0x03)),
    ("serial:/dev/ttyUSB0", EscposTarget("serial", device="/dev/ttyUSB0", baudrate=DEFAULT_BAUDRATE)),
    ("serial:COM3:115200", EscposTarget("serial", device="COM3", baudrate=115200)),
    ("network:192.168.1.50", EscposTarget("network", host="192.168.1.50", port=DEFAULT_PORT)),
    ("network:192.168.1.50:9101", EscposTarget("network", host="192.168.1.50", port=9101)),
    ("network:[fe80::1]:9100", EscposTarget("network", host="fe80::1", port=9100)),
    ("network:printer.shop.local", EscposTarget("network", host="printer.shop.local", port=9100)),
    ("win32:POS-80 Printer", EscposTarget("win32", name="POS-80 Printer")),
    ("cups:POS80", EscposTarget("cups", name="POS80")),
    (" file:/dev/usb/lp0 ", EscposTarget("file", device="/dev/usb/lp0")),
])
def test_each_kind_of_setting_is_read(text: str, expected: EscposTarget) -> None:
    target = parse_target(text)
    assert target == expected
    assert parse_target(target.setting) == target


def test_the_kinds_are_the_ones_the_settings_accept() -> None:
    from pos_app.config.settings import ESCPOS_PREFIXES

    assert ESC_POS_KINDS == ESCPOS_PREFIXES


def test_the_models_offered_are_python_escpos_profiles_each_usable() -> None:
    models = printer_models()
    assert "TM-T20II" in models and "default" not in models
    for model in models:
        assert make_profile(Paper.MM58, model).model == model


def test_a_target_describes_itself_for_messages() -> None:
    assert parse_target("network:192.168.1.50").describe() == "network printer 192.168.1.50:9100"
    assert parse_target("network:[fe80::1]").describe() == "network printer [fe80::1]:9100"
    assert parse_target("usb:4b8:202").describe() == "USB printer 04b8:0202"
    assert parse_target("serial:COM3").describe() == "serial printer COM3 at 9600 baud"
    assert parse_target("cups:POS80").describe() == 'CUPS printer "POS80"'
    assert parse_target("win32:POS 80").describe() == 'Windows printer "POS 80"'
    assert parse_target("file:/dev/usb/lp0").describe() == "printer device /dev/usb/lp0"


@pytest.mark.parametrize("text, says", [
    ("usb:zz", "usb:VID:PID"),
    ("usb:04b8", "usb:VID:PID"),
    ("usb:0000:0202", "usb:VID:PID"),
    ("usb:04b8:0202:01:82", "an in endpoint is 81 to 8f"),
    ("network:", "network:ADDRESS"),
    ("network:192.168.1.50:99999", "network:ADDRESS:PORT"),
    ("network:[fe80::1", "in brackets"),
    ("network:shop printer", "network:ADDRESS"),
    ("serial:", "serial:PORT"),
    ("win32:", "win32:NAME"),
    ("cups: ", "cups:NAME"),
    ("file:", "file:PATH"),
    ("bogus:x", "must start with usb:, serial:, network:, win32:, cups: or file:"),
    ("system", "must start with usb:"),
    ("", "No ESC/POS printer connection is set"),
])
def test_a_setting_that_cannot_be_used_says_how_to_write_one(text: str, says: str) -> None:
    with pytest.raises(PrinterSetupError) as caught:
        parse_target(text)
    assert says in caught.value.message
    assert caught.value.message.endswith(".")


# -- a network printer ----------------------------------------------------------------

def test_a_network_printer_receives_exactly_the_rendered_job(sales: Sales) -> None:
    printer = NetworkPrinter(PAPER_PRESENT)
    layouts = [sale_receipt(sales.issued(), SHOP, PRINTED_AT)]
    assert send_escpos(layouts, printer.target, Paper.MM80, open_drawer=True).confirmed
    assert printer.job() == STATUS_QUERY + rendered(layouts, open_drawer=True) + STATUS_QUERY


def test_several_slips_go_as_one_job_each_cut(sales: Sales) -> None:
    printer = NetworkPrinter(PAPER_PRESENT)
    sale = sales.refunded()
    layouts = [sale_receipt(sale, SHOP, PRINTED_AT, copy=True), sale_receipt(sale, SHOP, PRINTED_AT)]
    send_escpos(layouts, printer.target, Paper.MM58, cut=False)
    job = printer.job()
    assert job == STATUS_QUERY + rendered(layouts, Paper.MM58, cut=False) + STATUS_QUERY
    assert job.count(b"\x1b@") >= 2


def test_a_printer_out_of_paper_gets_nothing_but_the_question(sales: Sales) -> None:
    printer = NetworkPrinter(PAPER_OUT)
    with pytest.raises(PaperOut) as caught:
        send_escpos([sale_receipt(sales.issued(), SHOP, PRINTED_AT)], printer.target, Paper.MM80)
    assert printer.job() == STATUS_QUERY
    assert f"127.0.0.1:{printer.port}" in caught.value.message
    assert "out of paper" in caught.value.message
    assert caught.value.__cause__ is None and caught.value.__context__ is None


def test_a_printer_that_never_answers_the_status_is_printed_to_after_the_timeout(sales: Sales) -> None:
    printer = NetworkPrinter(None)
    layouts = [sale_receipt(sales.issued(), SHOP, PRINTED_AT)]
    delivery = send_escpos(layouts, printer.target, Paper.MM80, timeout=0.3)
    assert printer.job() == STATUS_QUERY + rendered(layouts)
    assert not delivery.confirmed and delivery.note == "the printer does not answer status questions"


def test_a_closed_port_is_an_unavailable_printer_named_in_the_message(sales: Sales) -> None:
    port = free_port()
    with pytest.raises(PrinterUnavailable) as caught:
        send_escpos([sale_receipt(sales.issued(), SHOP, PRINTED_AT)], parse_target(f"network:127.0.0.1:{port}"),
                    Paper.MM80, timeout=1.0)
    assert caught.value.message == (f"The receipt printer (network printer 127.0.0.1:{port}) does not answer: "
                                     "connection refused. Check that it is switched on and connected, and its "
                                     "address in Settings.")
    assert caught.value.__suppress_context__ and caught.value.__cause__ is None


def test_a_failure_is_told_in_the_tills_language(language, sales: Sales) -> None:
    """With the Mongolian translation installed, a printer that does not answer is told in Mongolian (on a
    worker thread, as the till prints), the printer's address kept as it is."""
    port = free_port()
    layouts = [sale_receipt(sales.issued(), SHOP, PRINTED_AT)]
    assert language.use("mn")
    with ThreadPoolExecutor(1) as worker:
        failure = worker.submit(send_escpos, layouts, parse_target(f"network:127.0.0.1:{port}"), Paper.MM80,
                                timeout=1.0).exception()
    assert isinstance(failure, PrinterUnavailable)
    message = failure.message
    assert CYRILLIC.search(message), message
    assert f"127.0.0.1:{port}" in message
    assert "?" not in message
    assert "does not answer" not in message and "connection refused" not in message
    assert "Check that" not in message
    assert parse_target("network:192.168.1.50").describe() != "network printer 192.168.1.50:9100"
    language.stop()
    assert parse_target("network:192.168.1.50").describe() == "network printer 192.168.1.50:9100"


def test_an_unknown_model_fails_before_anything_is_sent(sales: Sales) -> None:
    printer = NetworkPrinter(PAPER_PRESENT)
    with pytest.raises(PrinterSetupError):
        send_escpos([sale_receipt(sales.issued(), SHOP, PRINTED_AT)], printer.target, Paper.MM80, model="nope")
    with socket.create_connection(("127.0.0.1", printer.port), timeout=5):
        pass                               # the printer's one connection, to let its thread end
    assert printer.job() == b""


def test_nothing_is_sent_for_no_slips() -> None:
    send_escpos([], parse_target(f"network:127.0.0.1:{free_port()}"), Paper.MM80)


# -- a device file ------------------------------------------------------------------

def test_a_file_printer_gets_the_job_without_a_status_question(sales: Sales, tmp_path: Path) -> None:
    device = tmp_path / "lp0"
    layouts = [sale_receipt(sales.issued(), SHOP, PRINTED_AT)]
    send_escpos(layouts, parse_target(f"file:{device}"), Paper.MM58, text_as_image=True)
    assert device.read_bytes() == rendered(layouts, Paper.MM58, text_as_image=True)


def test_a_missing_device_file_is_an_unavailable_printer(sales: Sales, tmp_path: Path) -> None:
    missing = tmp_path / "no" / "lp0"
    with pytest.raises(PrinterUnavailable) as caught:
        send_escpos([sale_receipt(sales.issued(), SHOP, PRINTED_AT)], parse_target(f"file:{missing}"), Paper.MM80)
    assert caught.value.message.startswith(f"The receipt printer (printer device {missing}) does not answer: "
                                           "there is no such device.")


@linux_only
def test_a_serial_printer_gets_the_job_after_its_paper_status(sales: Sales) -> None:
    printer = SerialPrinter(PAPER_PRESENT)
    layouts = [sale_receipt(sales.issued(), SHOP, PRINTED_AT)]
    assert send_escpos(layouts, parse_target(f"serial:{printer.port}:19200"), Paper.MM58).confirmed
    assert printer.job() == STATUS_QUERY + rendered(layouts, Paper.MM58) + STATUS_QUERY


@linux_only
def test_a_serial_printer_out_of_paper_gets_nothing_but_the_question(sales: Sales) -> None:
    printer = SerialPrinter(PAPER_OUT)
    with pytest.raises(PaperOut, match="out of paper"):
        send_escpos([sale_receipt(sales.issued(), SHOP, PRINTED_AT)], parse_target(f"serial:{printer.port}"),
                    Paper.MM80)
    assert printer.job() == STATUS_QUERY


@linux_only
def test_a_serial_printer_that_cannot_answer_is_printed_to_after_the_timeout(sales: Sales) -> None:
    printer = SerialPrinter(None)
    layouts = [sale_receipt(sales.issued(), SHOP, PRINTED_AT)]
    send_escpos(layouts, parse_target(f"serial:{printer.port}"), Paper.MM80, timeout=0.3)
    assert printer.job() == STATUS_QUERY + rendered(layouts)


def test_a_missing_serial_port_is_an_unavailable_printer(sales: Sales, tmp_path: Path) -> None:
    port = tmp_path / "ttyUSB9"
    with pytest.raises(PrinterUnavailable) as caught:
        send_escpos([sale_receipt(sales.issued(), SHOP, PRINTED_AT)], parse_target(f"serial:{port}"), Paper.MM80)
    assert f"serial printer {port} at 9600 baud" in caught.value.message
    assert "Errno" not in caught.value.message and "Traceback" not in caught.value.message


@pytest.mark.skipif(sys.platform.startswith("win"), reason="Windows printers are usable on Windows")
def test_a_windows_printer_elsewhere_is_a_setup_error(sales: Sales) -> None:
    with pytest.raises(PrinterSetupError, match="only on Windows"):
        send_escpos([sale_receipt(sales.issued(), SHOP, PRINTED_AT)], parse_target("win32:POS-80"), Paper.MM80)


# -- CUPS through lp --------------------------------------------------------------------

def write_script(folder: Path, name: str, body: str) -> None:
    script = folder / name
    script.write_text("#!/bin/sh\n" + body)
    script.chmod(script.stat().st_mode | stat.S_IXUSR)


@pytest.fixture
def fake_cups(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """`lpstat` knowing one queue, "POS80", and an `lp` that keeps its job in a file (exit status from
    LP_STATUS)."""
    folder = tmp_path / "bin"
    folder.mkdir()
    write_script(folder, "lpstat", 'case "$1" in\n'
                                   '  -e) echo POS80 ;;\n'
                                   '  -v) echo "device for POS80: usb://Fake/POS80" ;;\n'
                                   '  -d) echo "system default destination: POS80" ;;\n'
                                   'esac\n')
    write_script(folder, "lp", 'cat > "$LP_JOB"\necho "$@" > "$LP_JOB.args"\nexit "${LP_STATUS:-0}"\n')
    monkeypatch.setenv("PATH", f"{folder}{os.pathsep}{os.environ.get('PATH', '')}")
    monkeypatch.setenv("LP_JOB", str(tmp_path / "job"))
    return tmp_path / "job"


@posix_only
def test_a_cups_queue_gets_the_job_raw_through_lp(sales: Sales, fake_cups: Path) -> None:
    layouts = [sale_receipt(sales.issued(), SHOP, PRINTED_AT)]
    send_escpos(layouts, parse_target("cups:POS80"), Paper.MM80)
    assert fake_cups.read_bytes() == rendered(layouts)
    arguments = Path(f"{fake_cups}.args").read_text()
    assert "-d POS80" in arguments and "-o raw" in arguments


@posix_only
def test_an_unknown_cups_queue_is_an_unavailable_printer(sales: Sales, fake_cups: Path) -> None:
    with pytest.raises(PrinterUnavailable) as caught:
        send_escpos([sale_receipt(sales.issued(), SHOP, PRINTED_AT)], parse_target("cups:Kitchen"), Paper.MM80)
    assert caught.value.message.startswith('The receipt printer (CUPS printer "Kitchen") does not answer: '
                                           "the system has no printer of that name.")
    assert not fake_cups.exists()


@posix_only
def test_lp_failing_is_an_unavailable_printer(sales: Sales, fake_cups: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LP_STATUS", "1")
    with pytest.raises(PrinterUnavailable) as caught:
        send_escpos([sale_receipt(sales.issued(), SHOP, PRINTED_AT)], parse_target("cups:POS80"), Paper.MM80)
    assert 'CUPS printer "POS80"' in caught.value.message and "lp ended with status 1" in caught.value.message


@posix_only
def test_without_cups_commands_the_printer_is_unavailable(sales: Sales, tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))
    with pytest.raises(PrinterUnavailable) as caught:
        send_escpos([sale_receipt(sales.issued(), SHOP, PRINTED_AT)], parse_target("cups:POS80"), Paper.MM80)
    assert "lp and lpstat commands are not installed" in caught.value.message
