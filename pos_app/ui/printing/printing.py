"""Printing from the till: every slip goes through here, on the printing worker.

`ReceiptPrinting` holds the printer the settings chose and the shop's header.
A job is a function that *builds* the layouts (it may read the journal, so it
runs on the worker too) and the printer it goes to; the answer comes back as
`printed` or `failed`, in words: "printed" when the printer or the spooler confirmed it took the whole
job, else "sent, not confirmed" (still `printed`: a reprint is a copy) or why it failed. With no printer set, a
job opens the preview instead, where the slip can still go to any system printer or to a PDF.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from datetime import datetime
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QApplication, QWidget

from pos_app.formats import date_text
from pos_app.receipts.errors import PrintError

from pos_app.ui.common.messages import describe_error
from pos_app.ui.common.tasks import TaskRunner

# The printers' module (python-escpos's side of it too) loads with the first slip or the settings, after the
# first window (issue 21, the start).
if TYPE_CHECKING:
    from pos_app.receipts.delivery import Delivery
    from pos_app.receipts.printers import PrinterChoice
    from pos_app.receipts.slip_blocks import ReceiptLayout, ShopHeader
    from pos_app.checkout.posapi_desk import PrintOnly
    from pos_app.journal.day_summary import DaySummary
    from pos_app.journal import Journal

logger = logging.getLogger(__name__)

Build = Callable[[], Sequence["ReceiptLayout"]]
Done = Callable[[str, bool], None]      # the sentence shown, and whether it printed


class ReceiptPrinting(QObject):
    """The till's one way to print (receipts, copies, slips, the day close, the test page)."""

    printed = Signal(str)        # what printed, and where
    failed = Signal(str)         # why not, and what to do (the sale is kept for a reprint)
    preview_closed = Signal()

    def __init__(self, runner: TaskRunner, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.runner = runner
        self._choice: PrinterChoice | None = None    # none set until the settings are read
        self._shop: ShopHeader | None = None
        self.journal: Journal | None = None
        self.print_only: PrintOnly | None = None     # PosAPI's lottery numbers, held in memory for the slips
        self.clock: Callable[[], datetime] = datetime.now   # "Printed ..." on slips: the app gives the shop's time
        self.preview_dialog: QWidget | None = None

    def configure(self, choice: PrinterChoice, shop: ShopHeader, journal: Journal | None,
                  clock: Callable[[], datetime] | None = None, print_only: PrintOnly | None = None) -> None:
        self._choice, self._shop, self.journal, self.print_only = choice, shop, journal, print_only
        if clock is not None:
            self.clock = clock

    @property
    def choice(self) -> PrinterChoice:
        """The printer the settings chose (none until they are read)."""
        if self._choice is None:
            from pos_app.receipts.printers import PrinterChoice
            self._choice = PrinterChoice()
        return self._choice

    @property
    def shop(self) -> ShopHeader:
        """The shop's name and numbers atop every slip (empty until the settings are read)."""
        if self._shop is None:
            from pos_app.receipts.slip_blocks import ShopHeader
            self._shop = ShopHeader()
        return self._shop

    # -- what can be printed ---------------------------------------------------------------

    def sale_layouts(self, number: str, *, copy: bool) -> Build:
        """The receipt of sale `number` as the journal has it (a copy adds the slips of what was undone)."""
        journal, shop, clock, print_only = self.journal, self.shop, self.clock, self.print_only
        if journal is None:
            raise RuntimeError("no journal to print from yet")

        from pos_app.receipts.layout import layouts_for, sale_receipt   # with the first slip, not at the start

        def build() -> Sequence[ReceiptLayout]:
            sale = journal.queries.get(number)
            if print_only is not None:
                sale = print_only.fill_sale(sale)
            if copy:
                return layouts_for(sale, shop, clock())
            return (sale_receipt(sale, shop, clock()),)
        return build

    def day_layouts(self, summary: DaySummary) -> Build:
        shop, clock = self.shop, self.clock
        from pos_app.receipts.layout import day_summary_layout

        return lambda: (day_summary_layout(summary, shop, clock()),)

    # -- printing ------------------------------------------------------------------------------

    def print_sale(self, number: str, *, copy: bool = False, on_done: Done | None = None) -> None:
        what = self.tr("The copy of sale {number}") if copy else self.tr("The receipt of sale {number}")
        self.print(self.sale_layouts(number, copy=copy), what.format(number=number), on_done=on_done)

    def print_day(self, summary: DaySummary, on_done: Done | None = None) -> None:
        self.print(self.day_layouts(summary), self.tr("The day close of {day}").format(day=date_text(summary.day)),
                   on_done=on_done)

    def print(self, build: Build, what: str, choice: PrinterChoice | None = None,
              on_done: Done | None = None) -> None:
        """Print on the chosen printer in the background; with none set, open the preview instead.

        `on_done(text, ok)` (GUI thread) gets the same sentence as `printed`/`failed`."""
        choice = choice or self.choice
        if not choice.is_set:
            self.preview(build)
            return
        if choice.is_system:
            from pos_app.receipts import qt_out   # Qt's printing stack loads only for shops that use it

            # Here, on the GUI thread: the worker must load no Qt plugin and register no font while it holds
            # the GIL (a deadlock with the GUI thread, see logos.py). An ESC/POS job makes no such Qt call:
            # Pillow draws, python-escpos sends, and Qt only translates its error messages.
            qt_out.prepare_printing()
        from pos_app.receipts.printers import print_layouts   # (here: the worker imports nothing of its own)

        def job() -> Delivery:
            return print_layouts(build(), choice)

        self.runner.run_in_background(job, lambda done: self._on_job_done(what, choice, done, on_done),
                                      printing=True)

    def _on_job_done(self, what: str, choice: PrinterChoice, done: Future[Delivery],
                     on_done: Done | None) -> None:
        try:
            delivery = done.result()
        except Exception as exc:  # noqa: BLE001 - every failure is told in words, none is lost
            if not isinstance(exc, PrintError):
                logger.error("printing failed: %s", type(exc).__name__)
            reason = exc.message if isinstance(exc, PrintError) else describe_error(
                exc, self.tr("The printer could not be used."))
            text = self.tr("{what} did not print. {reason} The sale is saved: reprint it from the history "
                           "(F4) when the printer is ready.").format(what=what, reason=reason)
            self.failed.emit(text)
            if on_done is not None:
                on_done(text, False)
            return
        if delivery.confirmed:
            text = self.tr("{what} printed ({printer}).").format(what=what, printer=choice.describe())
        else:       # it went out and is taken as printed (a reprint is a copy), but nothing says it is on paper
            text = self.tr("{what} was sent ({printer}) but not confirmed: {reason}. If it did not come out, "
                           "print it again.").format(
                what=what, printer=choice.describe(), reason=delivery.note)
        self.printed.emit(text)
        if on_done is not None:
            on_done(text, True)

    def open_drawer(self) -> None:
        """Open the cash drawer (cash taken), on the printing worker; a failure is said, never raised."""
        choice = self.choice
        from pos_app.receipts.printers import open_drawer

        def done(result: Future[bool]) -> None:
            try:
                result.result()
            except Exception as exc:  # noqa: BLE001 - the cashier opens it by key; the sale goes on
                reason = exc.message if isinstance(exc, PrintError) else type(exc).__name__
                self.failed.emit(self.tr("The cash drawer did not open: {reason}").format(reason=reason))

        self.runner.run_in_background(lambda: open_drawer(choice), done, printing=True)

    # -- preview -------------------------------------------------------------------------------

    def preview(self, build: Build, parent: QWidget | None = None) -> None:
        """Show the slips as they will print, with Print and Save as PDF (built on a worker first)."""
        from pos_app.ui.printing.preview import ReceiptPreviewDialog   # Qt's preview loads only when first asked for

        owner = parent or QApplication.activeModalWidget() or QApplication.activeWindow()
        dialog = ReceiptPreviewDialog(self, build, owner)
        dialog.finished.connect(lambda _result: self._preview_closed(dialog))
        self.preview_dialog = dialog
        dialog.open()

    def _preview_closed(self, dialog: QWidget) -> None:
        if self.preview_dialog is dialog:
            self.preview_dialog = None
        dialog.deleteLater()
        self.preview_closed.emit()
