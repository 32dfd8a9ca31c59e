"""Where an ESC/POS printer is, as the settings write it, and sending a print job there.

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

import errno
import ipaddress
import os
import re
import socket
import subprocess
from collections.abc import Sequence
from dataclasses import dataclass

from escpos.constants import RT_MASK_NOPAPER, RT_STATUS_PAPER
from escpos.exceptions import Error as EscposError
from escpos.printer import LP, Dummy, File, Network, Serial, Usb, Win32Raw
from PySide6.QtCore import QCoreApplication

from .errors import PaperOut, PrintError, PrinterSetupError, PrinterUnavailable
from .escpos_out import CD_KICK_2, ESC_POS_MODELS, make_profile, render_escpos
from .layout import Paper, ReceiptLayout

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

ESC_POS_KINDS = ("usb", "serial", "network", "win32", "cups", "file")
DEFAULT_BAUDRATE = 9600
DEFAULT_PORT = 9100
_MIN_WRITE_SECONDS = 30.0     # a busy printer takes a long job slowly; a dead one must not hang the queue
translate = QCoreApplication.translate     # lupdate reads translate("Printing", "...") calls


# Texts are translated when a message is made (on the printing worker), never at import: the till's
# language can change while it runs.

def _examples() -> str:
    return translate("Printing", "usb:04b8:0202, serial:COM3, network:192.168.1.50:9100, win32:<printer name>, "
                                 "cups:<printer name> or file:/dev/usb/lp0")


def _how(kind: str) -> str:
    """How a setting of `kind` is written (the end of a "cannot be used" sentence)."""
    return {
        "usb": translate("Printing", "a USB printer is written usb:VID:PID with its vendor and product id in hex "
                                     "(see lsusb or the Device Manager), e.g. usb:04b8:0202, or with the in and "
                                     "out endpoints too, e.g. usb:04b8:0202:82:01"),
        "serial": translate("Printing", "a serial printer is written serial:PORT or serial:PORT:BAUD, e.g. "
                                        "serial:/dev/ttyUSB0 or serial:COM3:19200"),
        "network": translate("Printing", "a network printer is written network:ADDRESS or network:ADDRESS:PORT, "
                                         "e.g. network:192.168.1.50 or network:192.168.1.50:9100 (an IPv6 address "
                                         "in brackets: network:[fe80::1]:9100)"),
        "win32": translate("Printing", "a Windows printer is written win32:NAME with the printer's name as Windows "
                                       "shows it, e.g. win32:POS-80"),
        "cups": translate("Printing", "a CUPS printer is written cups:NAME with the queue's name as lpstat shows "
                                      "it, e.g. cups:POS-80"),
        "file": translate("Printing", "a printer device is written file:PATH, e.g. file:/dev/usb/lp0"),
    }[kind]


def _hint(kind: str) -> str:
    """What the cashier checks when a printer of `kind` does not answer (a sentence)."""
    return {
        "usb": translate("Printing", "Check that it is switched on and its USB cable is plugged in."),
        "serial": translate("Printing", "Check that it is switched on, its cable is plugged in and the port in "
                                        "Settings is right."),
        "network": translate("Printing", "Check that it is switched on and connected, and its address in "
                                         "Settings."),
        "win32": translate("Printing", "Check that it is switched on and that Settings names it as Windows does."),
        "cups": translate("Printing", "Check that it is switched on and that Settings names its CUPS queue as "
                                      "lpstat does."),
        "file": translate("Printing", "Check that it is switched on and plugged in, and the device path in "
                                      "Settings."),
    }[kind]


_HEX_ID = re.compile(r"(?:0x)?([0-9a-fA-F]{1,4})")
_DIGITS = re.compile(r"[0-9]{1,7}")     # a port or a baud rate
_HOSTNAME = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}"
                       r"[A-Za-z0-9])?)*\.?")


@dataclass(frozen=True)
class EscposTarget:
    """A parsed connection setting. `kind` is one of ESC_POS_KINDS; the other fields belong to it."""

    kind: str
    host: str = ""                 # network
    port: int = 0                  # network
    device: str = ""               # serial: the port; file: the path
    baudrate: int = 0              # serial
    vendor_id: int = 0             # usb
    product_id: int = 0            # usb
    in_ep: int | None = None       # usb, when the setting names the endpoints
    out_ep: int | None = None
    name: str = ""                 # win32, cups: the system's printer name

    def describe(self) -> str:
        """The printer in words, for messages ("network printer 192.168.1.50:9100"), in the till's language."""
        if self.kind == "usb":
            return translate("Printing", "USB printer {vendor}:{product}").format(
                vendor=f"{self.vendor_id:04x}", product=f"{self.product_id:04x}")
        if self.kind == "serial":
            return translate("Printing", "serial printer {port} at {baudrate} baud").format(
                port=self.device, baudrate=self.baudrate)
        if self.kind == "network":
            return translate("Printing", "network printer {address}").format(address=self._address())
        if self.kind == "win32":
            return translate("Printing", 'Windows printer "{name}"').format(name=self.name)
        if self.kind == "cups":
            return translate("Printing", 'CUPS printer "{name}"').format(name=self.name)
        return translate("Printing", "printer device {path}").format(path=self.device)

    @property
    def setting(self) -> str:
        """The setting's text, written in full (parse_target(t.setting) == t)."""
        if self.kind == "usb":
            endpoints = f":{self.in_ep:02x}:{self.out_ep:02x}" if self.in_ep is not None else ""
            return f"usb:{self.vendor_id:04x}:{self.product_id:04x}{endpoints}"
        if self.kind == "serial":
            return f"serial:{self.device}:{self.baudrate}"
        if self.kind == "network":
            return f"network:{self._address()}"
        if self.kind in ("win32", "cups"):
            return f"{self.kind}:{self.name}"
        return f"file:{self.device}"

    def _address(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{host}:{self.port}"


def printer_models() -> tuple[str, ...]:
    """The printer models python-escpos has a profile for, by name (the generic "default" left out: an empty
    model setting means it)."""
    return tuple(model for model in ESC_POS_MODELS if model != "default")


# -- parsing ---------------------------------------------------------------------

def _invalid(text: str, how: str) -> PrinterSetupError:
    shown = text if len(text) <= 60 else text[:57] + "..."
    return PrinterSetupError(translate("Printing", 'The printer setting "{setting}" cannot be used: {how}.').format(
        setting=shown, how=how))


def _usb(text: str, rest: str) -> EscposTarget:
    parts = rest.split(":")
    matches = [_HEX_ID.fullmatch(part.strip()) for part in parts]
    if len(parts) not in (2, 4) or not all(matches):
        raise _invalid(text, _how("usb"))
    numbers = [int(match.group(1), 16) for match in matches if match]
    vendor, product = numbers[:2]
    if not vendor or not product:
        raise _invalid(text, _how("usb"))
    if len(numbers) == 2:
        return EscposTarget("usb", vendor_id=vendor, product_id=product)
    in_ep, out_ep = numbers[2:]
    if not (0x81 <= in_ep <= 0x8F and 0x01 <= out_ep <= 0x0F):
        raise _invalid(text, translate("Printing", "{how} (an in endpoint is 81 to 8f, an out endpoint 01 to 0f)")
                       .format(how=_how("usb")))
    return EscposTarget("usb", vendor_id=vendor, product_id=product, in_ep=in_ep, out_ep=out_ep)


def _serial(text: str, rest: str) -> EscposTarget:
    device, baudrate = rest.strip(), DEFAULT_BAUDRATE
    head, sep, tail = device.rpartition(":")
    if sep and tail.strip().isdigit():
        # str.isdigit() also takes "²" and runs of thousands of digits, which int() refuses with a ValueError.
        if not _DIGITS.fullmatch(tail.strip()):
            raise _invalid(text, _how("serial"))
        device, baudrate = head.strip(), int(tail)
    if not device or not 50 <= baudrate <= 4_000_000:
        raise _invalid(text, _how("serial"))
    return EscposTarget("serial", device=device, baudrate=baudrate)


def _valid_host(host: str) -> bool:
    try:
        ipaddress.ip_address(host)
        return True
    except ValueError:
        return len(host) <= 253 and bool(_HOSTNAME.fullmatch(host))


def _network(text: str, rest: str) -> EscposTarget:
    rest = rest.strip()
    port_text = ""
    if rest.startswith("["):                          # [IPv6] or [IPv6]:port
        host, bracket, after = rest[1:].partition("]")
        if not bracket or (after and not after.startswith(":")):
            raise _invalid(text, _how("network"))
        port_text = after[1:]
        try:
            ipaddress.IPv6Address(host)
        except ValueError:
            raise _invalid(text, _how("network")) from None
    elif rest.count(":") == 1:
        host, _, port_text = rest.partition(":")
    else:                                             # a host, or a bare IPv6 address without a port
        host = rest
    if port_text or rest.endswith(":"):
        if not _DIGITS.fullmatch(port_text) or not 1 <= int(port_text) <= 65535:
            raise _invalid(text, _how("network"))
    if not host or not _valid_host(host):
        raise _invalid(text, _how("network"))
    return EscposTarget("network", host=host, port=int(port_text) if port_text else DEFAULT_PORT)


def parse_target(text: str) -> EscposTarget:
    """The connection setting read (see the module's doc); PrinterSetupError saying how it is written when
    it cannot be used."""
    text = (text or "").strip()
    if not text:
        raise PrinterSetupError(translate("Printing", "No ESC/POS printer connection is set: write one such as "
                                                      "{examples}.").format(examples=_examples()))
    kind, sep, rest = text.partition(":")
    kind = kind.strip().lower()
    if not sep or kind not in ESC_POS_KINDS:
        raise _invalid(text, translate("Printing", "it must start with usb:, serial:, network:, win32:, cups: or "
                                                   "file:, as in {examples}").format(examples=_examples()))
    if kind == "usb":
        return _usb(text, rest)
    if kind == "serial":
        return _serial(text, rest)
    if kind == "network":
        return _network(text, rest)
    value = rest.strip()
    if not value or any(ord(char) < 0x20 for char in value):
        raise _invalid(text, _how(kind))
    if kind == "file":
        return EscposTarget("file", device=value)
    return EscposTarget(kind, name=value)


# -- the devices -----------------------------------------------------------------

class _JobRefused(Exception):
    """The system's print command took the job and failed (its exit status)."""


class _Network(Network):
    """python-escpos's Network, connecting with a timeout over IPv4 or IPv6, and closing gently: the data
    sent is flushed with the FIN, not dropped by a reset."""

    def __init__(self, host: str, port: int, timeout: float, write_timeout: float, **kwargs) -> None:
        super().__init__(host, port, timeout, **kwargs)
        self.write_timeout = write_timeout

    def open(self, raise_not_found: bool = True) -> None:
        self.device = socket.create_connection((self.host, self.port), timeout=self.timeout)
        self.device.settimeout(self.write_timeout)

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
            process.wait(timeout=self.wait_seconds)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
            raise
        if process.returncode:
            raise _JobRefused(translate("Printing", "lp ended with status {status}").format(
                status=process.returncode))


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
        raise _unavailable(target, error, timeout) from None
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


def _status_byte(reply: bytes) -> int | None:
    """The last real-time status byte in `reply` (bits 1 and 4 set, 0 and 7 clear), if any."""
    for byte in reversed(reply):
        if byte & 0x93 == 0x12:
            return byte
    return None


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
    return _status_byte(reply)


def send_escpos(layouts: Sequence[ReceiptLayout], target: EscposTarget, paper: Paper, *, model: str = "default",
                cut: bool = True, open_drawer: bool = False, text_as_image: bool = False, timeout: float = 5.0,
                status_timeout: float = 1.0) -> None:
    """Print the slips on the ESC/POS printer at `target`, as one job. Rendered in full before the printer
    is opened; a printer whose paper sensor says "no paper" gets nothing more (PaperOut). The status answer
    is awaited for `status_timeout` seconds at most (and never longer than `timeout`, the time allowed to
    connect): a real-time status comes back at once from a printer that answers at all."""
    if not layouts:
        return
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
        if status is not None and status & RT_MASK_NOPAPER == RT_MASK_NOPAPER:
            raise PaperOut(translate("Printing", "The receipt printer ({printer}) is out of paper or its cover is "
                                                 "open. Put in a new roll, close the cover and print again.").format(
                printer=target.describe()))
        printer._raw(data)
        printer.close()                   # flushes the file, ends lp's job (and checks it)
    except PrintError:
        raise
    except _JobRefused as error:
        raise PrinterUnavailable(translate("Printing", "The receipt printer ({printer}) refused the job: {reason}. "
                                                       "{hint}").format(printer=target.describe(), reason=error,
                                                                        hint=_hint(target.kind))) from None
    except _DEVICE_ERRORS as error:
        raise _unavailable(target, error, timeout) from None
    finally:
        _close_quietly(printer)


def kick_drawer(target: EscposTarget, paper: Paper, *, model: str = "default", timeout: float = 5.0) -> None:
    """Open the cash drawer on the printer's drawer port (pin 2), printing nothing."""
    printer = open_escpos(target, paper, model=model, timeout=timeout, job="cash drawer")
    try:
        printer._raw(CD_KICK_2)
        printer.close()
    except PrintError:
        raise
    except _DEVICE_ERRORS as error:
        raise _unavailable(target, error, timeout) from None
    finally:
        _close_quietly(printer)


# -- failures in words -----------------------------------------------------------

_DEVICE_ERRORS: tuple[type[BaseException], ...] = (
    EscposError, OSError, subprocess.SubprocessError, _JobRefused, ValueError, *_WIN32_ERRORS,
    *((usb.core.USBError,) if usb else ()), *((serial.SerialException,) if serial else ()))


def _chain(error: BaseException) -> list[BaseException]:
    seen: list[BaseException] = []
    current: BaseException | None = error
    while current is not None and current not in seen:
        seen.append(current)
        current = current.__cause__ or current.__context__
    return seen


def _reason(target: EscposTarget, error: BaseException, timeout: float) -> str:
    for cause in _chain(error):
        if usb and isinstance(cause, usb.core.NoBackendError):
            return translate("Printing", "this computer has no USB driver library (libusb) installed")
        if usb and isinstance(cause, usb.core.USBTimeoutError):
            return translate("Printing", "it did not take the data in time")
        if usb and isinstance(cause, usb.core.USBError):
            if cause.errno == 13:
                return translate("Printing", "access to the USB device was denied")
            if cause.errno == 19:
                return translate("Printing", "the USB device is gone")
            return translate("Printing", "the USB connection failed")
        if serial and isinstance(cause, serial.SerialTimeoutException):
            return translate("Printing", "it did not take the data in time")
        if isinstance(cause, _JobRefused):
            return str(cause)                          # translated when lp's status was read
        if isinstance(cause, subprocess.TimeoutExpired):
            return translate("Printing", "lp did not finish in time")
        if isinstance(cause, AssertionError):          # python-escpos's checks before opening a device
            if target.kind == "usb":
                return translate("Printing", "it is not found on USB")
            return translate("Printing", "the system has no printer of that name")
        if isinstance(cause, (socket.timeout, TimeoutError)):
            return translate("Printing", "no answer within {seconds} s").format(seconds=f"{timeout:g}")
        if isinstance(cause, socket.gaierror):
            return translate("Printing", "its address cannot be found")
        if isinstance(cause, OSError) and isinstance(cause.errno, int):   # pyserial's errors too
            return _os_reason(target, cause.errno)
    return translate("Printing", "the connection failed")


def _os_reason(target: EscposTarget, number: int) -> str:
    if number == errno.ECONNREFUSED:
        return translate("Printing", "connection refused")
    if number in (errno.ECONNRESET, errno.ECONNABORTED, errno.EPIPE):
        if target.kind == "cups":
            return translate("Printing", "lp stopped taking the job")
        return translate("Printing", "the connection was closed")
    if number in (errno.ENOENT, errno.ENODEV, errno.ENXIO):
        if target.kind == "cups":
            return translate("Printing", "CUPS's lp and lpstat commands are not installed")
        return translate("Printing", "there is no such device")
    if number in (errno.EACCES, errno.EPERM):
        return translate("Printing", "permission denied (the user may need to be in the lp or dialout group)")
    if number == errno.EBUSY:
        return translate("Printing", "another program is using it")
    # a rarer error in the system's own words (not translated), else the general reason
    text = os.strerror(number)
    if text and not text.startswith("Unknown error"):
        return text[:1].lower() + text[1:]
    return translate("Printing", "the connection failed")


def _unavailable(target: EscposTarget, error: BaseException, timeout: float) -> PrinterUnavailable:
    return PrinterUnavailable(translate("Printing", "The receipt printer ({printer}) does not answer: {reason}. "
                                                    "{hint}").format(printer=target.describe(),
                                                                     reason=_reason(target, error, timeout),
                                                                     hint=_hint(target.kind)))
