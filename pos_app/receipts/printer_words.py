"""ESC/POS printers' settings in words: how a setting is written, and what to check when a printer does not
answer (why it did not is `printer_failures`). Texts are translated (context "Printing") when a message is made,
in the language the till speaks at that moment."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

translate = QCoreApplication.translate     # lupdate reads translate("Printing", "...") calls


class JobRefused(Exception):
    """The system's print command took the job and failed (its exit status)."""


# Texts are translated when a message is made (on the printing worker), never at import: the till's
# language can change while it runs.

def setting_examples() -> str:
    """A setting of each kind, as an example (the end of a "use one of" sentence)."""
    return translate("Printing", "usb:04b8:0202, serial:COM3, network:192.168.1.50:9100, win32:<printer name>, "
                                 "cups:<printer name> or file:/dev/usb/lp0")


def how_written(kind: str) -> str:
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


def what_to_check(kind: str) -> str:
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
