"""The receipt printer the settings chose, and the one call that prints on it.

`print_layouts(layouts, choice)` is blocking I/O: run it on a worker (the
app's printing queue), never on the GUI thread. It prints every layout or
raises a `PrintError` whose message tells the cashier what to check; the
sale is in the journal either way, so a failed print is reprinted from the
history, never lost.
"""

from __future__ import annotations

import shutil
import sys
from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication

from pos_app.config.settings import SYSTEM_PRINTER, Settings

from .delivery import Delivery
from .escpos_target import EscposTarget, parse_target
from .errors import PrinterNotSet
from .slip_blocks import Paper, ReceiptLayout, ShopHeader

__all__ = ["PrinterChoice", "print_layouts", "shop_header"]

translate = QCoreApplication.translate     # lupdate reads translate("Printing", "...") calls


@dataclass(frozen=True)
class PrinterChoice:
    """Where and how slips are printed (from the settings; plain values, safe to hand to a worker)."""

    printer: str = ""                 # "" none, "system", "system:<name>", or an ESC/POS connection
    paper: Paper = Paper.MM80
    model: str = ""                   # ESC/POS profile; "" a generic printer
    cut: bool = True
    open_drawer: bool = False
    text_as_image: bool = False
    auto_print: bool = True

    @classmethod
    def from_settings(cls, settings: Settings) -> PrinterChoice:
        return cls(settings.printer.strip(), Paper.of(settings.paper_width), settings.printer_model.strip(),
                   settings.cut_paper, settings.open_drawer, settings.text_as_image, settings.auto_print)

    @property
    def is_set(self) -> bool:
        return bool(self.printer)

    @property
    def is_system(self) -> bool:
        return self.printer.partition(":")[0] == SYSTEM_PRINTER

    @property
    def system_name(self) -> str:
        """The system printer's name ("" = the computer's default printer)."""
        return self.printer.partition(":")[2].strip() if self.is_system else ""

    def escpos_target(self) -> EscposTarget:
        return parse_target(self.printer)

    def describe(self) -> str:
        """The printer in words, in the till's language ("the default system printer")."""
        if not self.is_set:
            return translate("Printing", "no printer")
        if self.is_system:
            if self.system_name:
                return translate("Printing", "system printer {name}").format(name=self.system_name)
            return translate("Printing", "the default system printer")
        return self.escpos_target().describe()


def shop_header(settings: Settings) -> ShopHeader:
    return ShopHeader(settings.shop_name.strip(), settings.shop_register.strip(), settings.shop_address.strip(),
                      settings.terminal_id)


def open_drawer(choice: PrinterChoice) -> bool:
    """Kick the cash drawer wired to the ESC/POS receipt printer (pin 2), when the settings ask for it (blocking:
    call on a worker). False when there is no such drawer to open (no printer, a system printer, or off)."""
    if not choice.is_set or choice.is_system or not choice.open_drawer:
        return False
    from .connections import kick_drawer

    kick_drawer(choice.escpos_target(), choice.paper, model=choice.model or "default")
    return True


def spooler_is_cups() -> bool:
    """Whether the system's printers are CUPS queues that `lp` reaches (Linux, the BSDs, macOS; not Windows)."""
    return not sys.platform.startswith("win") and shutil.which("lp") is not None


def print_layouts(layouts: Sequence[ReceiptLayout], choice: PrinterChoice) -> Delivery:
    """Print the slips in order on the chosen printer (blocking: call on a worker). Whether the printer or the
    spooler confirmed it took the whole job (`Delivery`); a failure raises PrintError."""
    if not layouts:
        return Delivery.printed()
    if not choice.is_set:
        raise PrinterNotSet(translate("Printing", "No receipt printer is set: choose one in Settings (Ctrl+,)."))
    if choice.is_system:
        from . import qt_out         # Qt's printing stack loads only for shops that use it

        printer = qt_out.system_printer(choice.system_name, choice.paper)
        if spooler_is_cups():
            return qt_out.print_through_cups(layouts, printer, choice.paper)
        qt_out.print_layouts(layouts, printer, choice.paper)
        return Delivery.unconfirmed(translate("Printing", "the system's print queue took the job but does not say "
                                                          "when it printed"))
    from .connections import send_escpos   # python-escpos loads with the first ESC/POS job, not at start

    return send_escpos(layouts, choice.escpos_target(), choice.paper, model=choice.model or "default",
                       cut=choice.cut, open_drawer=choice.open_drawer, text_as_image=choice.text_as_image)
