"""Why an ESC/POS printer did not take a job, in words: from the error's whole chain (python-escpos, pyusb,
pyserial, sockets, lp), with what to check for the kind of connection. Texts are translated (context "Printing")
when a message is made, in the language the till speaks at that moment."""

from __future__ import annotations

import errno
import os
import sys
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

from .errors import PrinterUnavailable
from .printer_words import JobRefused, what_to_check

if TYPE_CHECKING:
    from .escpos_target import EscposTarget
    from .network_job import JobNotTaken

translate = QCoreApplication.translate     # lupdate reads translate("Printing", "...") calls


def _chain(error: BaseException) -> list[BaseException]:
    seen: list[BaseException] = []
    current: BaseException | None = error
    while current is not None and current not in seen:
        seen.append(current)
        current = current.__cause__ or current.__context__
    return seen


def _reason(target: EscposTarget, error: BaseException, timeout: float) -> str:
    # An error of pyusb's or pyserial's can only come from a module already loaded (python-escpos loads them
    # with the first job): looked up, not imported, so the till's start does not load them.
    usb_core, serial = sys.modules.get("usb.core"), sys.modules.get("serial")
    subprocess, socket = sys.modules.get("subprocess"), sys.modules.get("socket")   # likewise (lp, the network)
    for cause in _chain(error):
        if usb_core and isinstance(cause, usb_core.NoBackendError):
            return translate("Printing", "this computer has no USB driver library (libusb) installed")
        if usb_core and isinstance(cause, usb_core.USBTimeoutError):
            return translate("Printing", "it did not take the data in time")
        if usb_core and isinstance(cause, usb_core.USBError):
            if cause.errno == 13:
                return translate("Printing", "access to the USB device was denied")
            if cause.errno == 19:
                return translate("Printing", "the USB device is gone")
            return translate("Printing", "the USB connection failed")
        if serial and isinstance(cause, serial.SerialTimeoutException):
            return translate("Printing", "it did not take the data in time")
        if isinstance(cause, JobRefused):
            return str(cause)                          # translated when lp's status was read
        if subprocess and isinstance(cause, subprocess.TimeoutExpired):
            return translate("Printing", "lp did not finish in time")
        if isinstance(cause, AssertionError):          # python-escpos's checks before opening a device
            if target.kind == "usb":
                return translate("Printing", "it is not found on USB")
            return translate("Printing", "the system has no printer of that name")
        if isinstance(cause, TimeoutError):     # socket.timeout is TimeoutError
            return translate("Printing", "no answer within {seconds} s").format(seconds=f"{timeout:g}")
        if socket and isinstance(cause, socket.gaierror):
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


def not_answering(target: EscposTarget, error: BaseException, timeout: float) -> PrinterUnavailable:
    """A printer that did not answer: which one, why (from `error`'s chain) and what to check."""
    return PrinterUnavailable(translate("Printing", "The receipt printer ({printer}) does not answer: {reason}. "
                                                    "{hint}").format(printer=target.describe(),
                                                                     reason=_reason(target, error, timeout),
                                                                     hint=what_to_check(target.kind)))


def job_not_taken(target: EscposTarget, error: JobNotTaken) -> PrinterUnavailable:
    """A network printer that did not take the whole job: the time that ran out, and how much it took."""
    if error.closed:
        reason = translate("Printing", "it closed the connection before it took the whole job")
    elif error.taken is not None:
        reason = translate("Printing", "it took only {taken} of {total} kB within {seconds} s").format(
            taken=f"{error.taken / 1024:.1f}", total=f"{error.total / 1024:.1f}", seconds=f"{error.seconds:g}")
    else:
        reason = translate("Printing", "it did not take the whole job within {seconds} s").format(
            seconds=f"{error.seconds:g}")
    return PrinterUnavailable(translate("Printing", "The receipt printer ({printer}) did not print the whole job: "
                                                    "{reason}; part of it may have come out. {hint}").format(
        printer=target.describe(), reason=reason, hint=what_to_check(target.kind)))
