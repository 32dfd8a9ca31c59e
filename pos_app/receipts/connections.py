"""Where an ESC/POS printer is, as the settings write it (parsed by `escpos_target`), and sending a print job
there (its failures told in words by `printer_failures`).

The setting is one line of text:

    usb:04b8:0202            vendor:product id in hex (lsusb / Device Manager); usb:04b8:0202:82:01 also
                             names the in and out endpoints (else they are read from the device)
    serial:/dev/ttyUSB0      serial:COM3:19200 with a baud rate (9600 when none is given)
    network:192.168.1.50     port 9100 unless given: network:192.168.1.50:9100, network:[fe80::1]:9100
    win32:POS-80             a Windows printer (its driver set to pass raw data through), Windows only
    cups:POS-80              a CUPS queue, sent with CUPS's own `lp -o raw` (no pycups needed)
    file:/dev/usb/lp0        a device file (a printer on the kernel's usblp / parallel driver)

`send_escpos` renders every slip into python-escpos's Dummy printer first, so a rendering bug never
leaves half a receipt on paper; then it opens the printer, asks its paper sensor where the connection
can answer (network, USB, serial; a printer that stays silent is printed to anyway), sends the job in
one piece and closes the connection, whatever happened. Every failure of the device becomes a
`PrintError` whose message names the printer and what to check, raised `from None`: no traceback or
driver text reaches the cashier. The messages are translated (context "Printing") when the error is raised,
in the language the till speaks at that moment.
"""

from __future__ import annotations

import socket
import subprocess
from collections.abc import Sequence

from escpos.constants import RT_MASK_NOPAPER, RT_STATUS_PAPER
from escpos.exceptions import DeviceNotFoundError, Error as EscposError
from escpos.printer import LP, Dummy, File, Network, Serial, Usb, Win32Raw
from PySide6.QtCore import QCoreApplication

from . import cups_jobs
from .delivery import Delivery
from .errors import PaperOut, PrintError, PrinterSetupError, PrinterUnavailable
from .escpos_out import CD_KICK_2, make_profile, render_escpos
from .escpos_target import DEFAULT_BAUDRATE, DEFAULT_PORT, ESC_POS_KINDS, EscposTarget, parse_target, printer_models
from .layout import Paper, ReceiptLayout
from .network_job import JobNotTaken, abort, deliver, status_byte
from .printer_failures import job_not_taken, not_answering
from .printer_words import JobRefused, what_to_check

try:                                   # pyusb and pyserial come with python-escpos[usb,serial]
    import usb.core
    import usb.util
except ImportError:                    # pragma: no cover - the extras are dependencies of the app
    usb = None
try:
    import serial
except ImportError:                    # pragma: no cover
    serial = None
try:                                   # only on Windows
    import pywintypes
    _WIN32_ERRORS: tuple[type[BaseException], ...] = (pywintypes.error,)
except ImportError:
    _WIN32_ERRORS = ()

__all__ = ["DEFAULT_BAUDRATE", "DEFAULT_PORT", "ESC_POS_KINDS", "EscposTarget", "open_escpos", "parse_target",
           "printer_models", "send_escpos"]

_MIN_WRITE_SECONDS = 30.0     # a busy printer takes a long job slowly; a dead one must not hang the queue
WRITE_SECONDS = _MIN_WRITE_SECONDS   # the time a network printer is given to take a whole job (and confirm it)
SEND_BUFFER = 64 * 1024              # bytes a network job may have in this computer's buffer
translate = QCoreApplication.translate     # lupdate reads translate("Printing", "...") calls


# -- the devices -----------------------------------------------------------------

class _Network(Network):
    """python-escpos's Network, connecting with a timeout over IPv4 or IPv6, and closing gently: the data
    sent is flushed with the FIN, not dropped by a reset."""

    def __init__(self, host: str, port: int, timeout: float, write_timeout: float, **kwargs) -> None:
        super().__init__(host, port, timeout, **kwargs)
        self.write_timeout = write_timeout

    def open(self, raise_not_found: bool = True) -> None:
        self.device = socket.create_connection((self.host, self.port), timeout=self.timeout)
        self.device.settimeout(self.write_timeout)
        # A send buffer of a printer's size, not the megabytes Linux grows it to: a job the printer does not
        # take then waits here, where network_job times it, rather than in a buffer closed along with the socket.
        self.device.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER)

    def close(self) -> None:
        sock, self._device = self._device, False
        if not sock:
            return
        try:
            sock.shutdown(socket.SHUT_WR)
            sock.setblocking(False)
            while sock.recv(256):         # unread bytes (a late status answer) would make close() a reset
                pass
        except OSError:
            pass
        finally:
            sock.close()


class _Usb(Usb):
    """python-escpos's Usb; without endpoints in the setting, the interface's own bulk endpoints are used."""

    def __init__(self, *args, find_endpoints: bool, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.find_endpoints = find_endpoints

    def open(self, raise_not_found: bool = True) -> None:
        super().open(raise_not_found)
        if self.find_endpoints and self._device:
            try:
                interface = self._device.get_active_configuration()[(0, 0)]
                for endpoint in interface:
                    address = endpoint.bEndpointAddress
                    if usb.util.endpoint_type(endpoint.bmAttributes) != usb.util.ENDPOINT_TYPE_BULK:
                        continue
                    if usb.util.endpoint_direction(address) == usb.util.ENDPOINT_IN:
                        self.in_ep = address
                    else:
                        self.out_ep = address
            except (usb.core.USBError, LookupError, NotImplementedError, ValueError):
                pass                       # python-escpos's usual 0x82 / 0x01


class _Lp(LP):
    """python-escpos's LP (CUPS's `lp -o raw`), whose job ends with the data (no extra line feed) and
    whose failure is noticed: lp's exit status is checked, and a hung lp is stopped."""

    wait_seconds = _MIN_WRITE_SECONDS
    job: cups_jobs.CupsJob = cups_jobs.CupsJob("", 0)

    def open(self, job_name: str = "python-escpos", raise_not_found: bool = True, _close_opened: bool = True) -> None:
        """As LP.open, but lp's answer is kept: the job's number, or why it refused the job."""
        if self._device and _close_opened:
            self.close()
        self._is_closing = False
        self.job_name = job_name
        try:
            self.printer_name = self.printer_name or self._get_system_default_printer()
            assert self.printer_name in self.printers, "Incorrect printer name"   # noqa: S101 - as LP.open
            self.device = subprocess.Popen(["lp", "-d", self.printer_name, "-t", self.job_name, "-o", "raw"],  # noqa: S603,S607
                                           stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        except (AssertionError, subprocess.SubprocessError) as error:
            self.device = None
            raise DeviceNotFoundError(f"Unable to start a print job for the printer {self.printer_name}") from error
        self.job = cups_jobs.CupsJob(self.printer_name, 0)

    def close(self) -> None:
        process, self._device = self._device, False
        if not process:
            return
        try:
            if process.stdin and not process.stdin.closed:
                try:
                    process.stdin.close()
                except BrokenPipeError:   # lp quit early: its exit status tells
                    pass
            process.stdin = None
            answer, refusal = process.communicate(timeout=self.wait_seconds)
        except subprocess.TimeoutExpired:
            process.kill()
            process.communicate()
            raise
        if process.returncode:
            raise JobRefused(cups_jobs.lp_refusal(refusal.decode(errors="replace"), process.returncode))
        self.job = cups_jobs.job_id(answer.decode(errors="replace")) or cups_jobs.CupsJob(self.printer_name, 0)


def open_escpos(target: EscposTarget, paper: Paper, *, model: str = "default", timeout: float = 5.0,
                job: str = "Receipt"):
    """A python-escpos printer for `target`, opened (USB device claimed, socket connected, lp started).
    Failures are PrinterUnavailable / PrinterSetupError with a sentence for the cashier."""
    profile = make_profile(paper, model)
    write_timeout = max(timeout, _MIN_WRITE_SECONDS)
    try:
        if target.kind == "network":
            printer = _Network(target.host, target.port, timeout, write_timeout, profile=profile)
        elif target.kind == "usb":
            endpoints = {} if target.in_ep is None else {"in_ep": target.in_ep, "out_ep": target.out_ep}
            printer = _Usb(target.vendor_id, target.product_id, timeout=int(write_timeout * 1000),
                           find_endpoints=target.in_ep is None, profile=profile, **endpoints)
        elif target.kind == "serial":
            printer = Serial(target.device, target.baudrate, timeout=timeout, profile=profile)
        elif target.kind == "win32":
            printer = Win32Raw(target.name, profile=profile)
        elif target.kind == "cups":
            printer = _Lp(target.name, profile=profile)
        elif target.kind == "file":
            printer = File(target.device, auto_flush=False, profile=profile)
        else:
            raise PrinterSetupError(translate("Printing", "Unknown kind of printer connection: {kind}.").format(
                kind=target.kind))
    except RuntimeError:                  # python-escpos: this connection's library or system is missing
        raise PrinterSetupError(_missing_support(target)) from None
    try:
        if target.kind in ("win32", "cups"):
            printer.open(job_name=job[:100])
        else:
            printer.open()
        if target.kind == "serial":
            printer.device.write_timeout = write_timeout
    except RuntimeError:                  # python-escpos: pyusb is missing
        raise PrinterSetupError(_missing_support(target)) from None
    except _DEVICE_ERRORS as error:
        _close_quietly(printer)
        raise not_answering(target, error, timeout) from None
    return printer


def _missing_support(target: EscposTarget) -> str:
    if target.kind == "win32":
        return translate("Printing", "Windows printers (win32:) can be used only on Windows, with pywin32 installed.")
    if target.kind == "cups":
        return translate("Printing", "CUPS printers (cups:) can be used only on Linux or macOS.")
    return translate("Printing", "The {printer} cannot be used: its driver library (pyusb / pyserial) is not "
                                 "installed.").format(printer=target.describe())


def _close_quietly(printer) -> None:
    """Close after a failure: the first error is the one told; the device is let go even when its close
    fails (else python-escpos would try again on garbage collection and print a traceback)."""
    try:
        printer.close()
    except Exception:                     # noqa: BLE001
        device, printer._device = printer._device, False
        try:
            if hasattr(device, "close"):
                device.close()
        except Exception:                 # noqa: BLE001, S110 - the first error is the one the cashier sees
            pass


def _read_paper_status(printer, target: EscposTarget, wait: float) -> int | None:
    """Ask the paper sensor (DLE EOT 4) and wait up to `wait` seconds; the status byte, or None when the
    printer does not say (not every printer or cable answers)."""
    if target.kind == "network":
        sock = printer.device
        sock.sendall(RT_STATUS_PAPER)
        sock.settimeout(wait)
        try:
            reply = sock.recv(16)
        except (socket.timeout, TimeoutError):
            return None
        finally:
            sock.settimeout(printer.write_timeout)
    elif target.kind == "usb":
        device = printer.device
        device.write(printer.out_ep, RT_STATUS_PAPER, printer.timeout)
        try:
            reply = bytes(device.read(printer.in_ep, 16, max(1, int(wait * 1000))))
        except (usb.core.USBError, ValueError, NotImplementedError):
            return None                   # a timeout, or no in endpoint to read from
    elif target.kind == "serial":
        port = printer.device
        port.write(RT_STATUS_PAPER)
        before, port.timeout = port.timeout, wait
        try:
            reply = port.read(1)          # read(16) would wait out the timeout for the other 15
            reply += port.read(min(16, port.in_waiting)) if reply else b""
        finally:
            port.timeout = before
    else:
        return None
    return status_byte(reply)


def send_escpos(layouts: Sequence[ReceiptLayout], target: EscposTarget, paper: Paper, *, model: str = "default",
                cut: bool = True, open_drawer: bool = False, text_as_image: bool = False, timeout: float = 5.0,
                status_timeout: float = 1.0, write_timeout: float = WRITE_SECONDS,
                job_seconds: float = cups_jobs.JOB_SECONDS) -> Delivery:
    """Print the slips on the ESC/POS printer at `target`, as one job. Rendered in full before the printer
    is opened; a printer whose paper sensor says "no paper" gets nothing more (PaperOut). The status answer
    is awaited for `status_timeout` seconds at most (and never longer than `timeout`, the time allowed to
    connect): a real-time status comes back at once from a printer that answers at all.

    Confirmed (`Delivery.printed()`) only when the printer answered the status again after the job (a network
    printer within `write_timeout` of the job's start: `network_job`), or CUPS completed the job within
    `job_seconds`; otherwise the job is sent, not confirmed, and the Delivery says why."""
    if not layouts:
        return Delivery.printed()
    profile = make_profile(paper, model)
    dummy = Dummy(profile=profile)
    for layout in layouts:
        render_escpos(layout, dummy, paper, cut=cut, open_drawer=open_drawer, text_as_image=text_as_image)
    data = dummy.output
    printer = open_escpos(target, paper, model=model, timeout=timeout, job=layouts[0].title)
    try:
        status = None
        if target.kind in ("network", "usb", "serial"):
            status = _read_paper_status(printer, target, min(timeout, status_timeout))
        _check_paper(status, target)
        after = None
        if target.kind == "network":
            after = deliver(printer.device, data, write_timeout, ask_status=status is not None)
        else:
            printer._raw(data)
            if status is not None:        # asked again once the job is written: answered after reading it
                if target.kind == "serial":
                    printer.device.flush()
                after = _read_paper_status(printer, target, min(timeout, status_timeout))
        printer.close()                   # flushes the file, ends lp's job (and checks it)
        _check_paper(after, target)
        if target.kind == "cups":
            return cups_jobs.follow(printer.job, target.describe(), job_seconds)
        if after is not None:
            return Delivery.printed()
        return Delivery.unconfirmed(_unconfirmed(target, status))
    except PrintError:
        raise
    except JobNotTaken as error:
        abort(printer._device)
        raise job_not_taken(target, error) from None
    except JobRefused as error:
        raise PrinterUnavailable(translate("Printing", "The receipt printer ({printer}) refused the job: {reason}. "
                                                       "{hint}").format(printer=target.describe(), reason=error,
                                                                        hint=what_to_check(target.kind))) from None
    except _DEVICE_ERRORS as error:
        raise not_answering(target, error, timeout) from None
    finally:
        _close_quietly(printer)


def _check_paper(status: int | None, target: EscposTarget) -> None:
    if status is not None and status & RT_MASK_NOPAPER == RT_MASK_NOPAPER:
        raise PaperOut(translate("Printing", "The receipt printer ({printer}) is out of paper or its cover is "
                                             "open. Put in a new roll, close the cover and print again.").format(
            printer=target.describe()))


def _unconfirmed(target: EscposTarget, status: int | None) -> str:
    if target.kind in ("network", "usb", "serial") and status is None:
        return translate("Printing", "the printer does not answer status questions")
    return translate("Printing", "this connection cannot tell whether it printed")


def kick_drawer(target: EscposTarget, paper: Paper, *, model: str = "default", timeout: float = 5.0) -> None:
    """Open the cash drawer on the printer's drawer port (pin 2), printing nothing."""
    printer = open_escpos(target, paper, model=model, timeout=timeout, job="cash drawer")
    try:
        printer._raw(CD_KICK_2)
        printer.close()
    except PrintError:
        raise
    except _DEVICE_ERRORS as error:
        raise not_answering(target, error, timeout) from None
    finally:
        _close_quietly(printer)


# -- failures in words -----------------------------------------------------------

_DEVICE_ERRORS: tuple[type[BaseException], ...] = (
    EscposError, OSError, subprocess.SubprocessError, JobRefused, ValueError, *_WIN32_ERRORS,
    *((usb.core.USBError,) if usb else ()), *((serial.SerialException,) if serial else ()))
