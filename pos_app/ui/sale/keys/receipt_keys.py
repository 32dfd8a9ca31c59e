"""The till window's receipt printing: Ctrl+P and the preview on a finished sale, a copy from the history,
and what the printer said, on the receipt page and in the status bar. A part of `MainWindow` (its texts keep
the window's translation context)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QApplication

from pos_app.domain.sale import Stage


class WindowPrintActions:
    """Mixed into `MainWindow`: uses its flow, pages, printing and `printed_numbers`."""

    def on_print_triggered(self) -> None:
        """Ctrl+P on a finished sale: its receipt on the receipt printer (a copy once it printed)."""
        sale = self.flow.sale
        if sale is not None and self.flow.stage is Stage.COMPLETED:
            self.print_receipt(sale.number, copy=sale.number in self.printed_numbers)

    def on_preview_triggered(self) -> None:
        sale = self.flow.sale
        if sale is not None and self.flow.stage is Stage.COMPLETED:
            copy = sale.number in self.printed_numbers
            self.printing.preview(self.printing.sale_layouts(sale.number, copy=copy), self)

    def print_receipt(self, number: str, *, copy: bool = True) -> None:
        """Print sale `number` (this one, or a copy from the history); with no printer set, the preview opens
        (over the history when it is open: a window-modal dialog blocks its parent window)."""
        if self._shows_sale(number) and self.printing.choice.is_set:
            self.receipt_page.show_print_status(QCoreApplication.translate("MainWindow", "Printing…"))
        self.printing.print_sale(number, copy=copy, on_done=lambda text, ok: self._on_receipt_printed(number, text, ok))

    def _shows_sale(self, number: str) -> bool:
        return (self.pages.currentWidget() is self.receipt_page and self.flow.sale is not None
                and self.flow.sale.number == number)

    def _on_receipt_printed(self, number: str, text: str, ok: bool) -> None:
        if ok:
            self.printed_numbers.add(number)
        if self._shows_sale(number):
            self.receipt_page.show_print_status(text, ok)

    def on_printing_preview_closed(self) -> None:
        # Over the history, the history takes the keyboard back by itself; over the till, give it back here.
        if QApplication.activeModalWidget() is None:
            self.restore_focus()

    def on_printing_printed(self, text: str) -> None:
        self.statusBar().showMessage(text, 8000)

    def on_printing_failed(self, text: str) -> None:
        self.statusBar().showMessage(text, 30000)
