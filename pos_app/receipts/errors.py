"""Why a slip did not print, in words for the cashier.

Every failure of a printer, whatever its connection, becomes one of these;
the message says what to check and never names a secret. The sale itself is
never at stake: it is in the journal and can be reprinted from the history.
"""

from __future__ import annotations

__all__ = ["PaperOut", "PrintError", "PrinterNotSet", "PrinterSetupError", "PrinterUnavailable"]


class PrintError(Exception):
    """A slip did not print. `str()` is a sentence for the cashier."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class PrinterNotSet(PrintError):
    """No receipt printer is chosen in the settings."""


class PrinterSetupError(PrintError):
    """The printer setting cannot be used as written (e.g. `usb:` without a vendor and product id)."""


class PrinterUnavailable(PrintError):
    """The printer is off, unplugged, unreachable or refused the job."""


class PaperOut(PrintError):
    """The printer says its paper is out (or its cover is open)."""
