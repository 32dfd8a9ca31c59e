"""The till window's receipt keys: the receiver chosen and the receipt issued (or voided and issued again) on the
receipt page, Ctrl+P and the preview on a finished sale, a copy from the history, and what the printer said, on
the receipt page and in the status bar. A part of `MainWindow` (its texts keep the window's translation context)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QApplication, QMainWindow, QStackedWidget

from pos_app.domain.sale import Stage

from pos_app.ui.common.actions import window_action

if TYPE_CHECKING:
    from pos_app.ui.printing.printing import ReceiptPrinting
    from pos_app.ui.sale.flow.flow import SaleFlow
    from pos_app.ui.sale.pages.later_pages import LaterPages

translate = QCoreApplication.translate     # lupdate reads translate("MainWindow", "...") calls


class ReceiptKeys(QObject):
    """Owns the Receipt menu's actions (added to `window`) and the printer's answers on screen; `printed_numbers`:
    the sales whose receipt printed this session (Ctrl+P then prints a copy)."""

    def __init__(self, window: QMainWindow, *, flow: SaleFlow, printing: ReceiptPrinting, pages: QStackedWidget,
                 later: LaterPages, restore_focus: Callable[[], None]) -> None:
        super().__init__(window)      # (gone with the window: the flow and the printing outlive a rebuilt one)
        self.window = window
        self.flow = flow
        self.printing = printing
        self.pages = pages
        self.later = later
        self.restore_focus = restore_focus
        self.printed_numbers: set[str] = set()
        # (the receipt page's slots through a lambda: the page is built once the window is up, later_pages.py)
        self.issue_action = window_action(window, translate("MainWindow", "Issue receipt"), "Return",
                                          lambda: later.receipt_page.on_issue_clicked())
        self.issue_action.setShortcuts([QKeySequence("Return"), QKeySequence("Enter"), QKeySequence("Ctrl+Return")])
        self.individual_action = window_action(window, translate("MainWindow", "Individual receipt"), "Alt+I",
                                               lambda: later.receipt_page.choose_individual())
        self.organization_action = window_action(window, translate("MainWindow", "Organization receipt"), "Alt+O",
                                                 lambda: later.receipt_page.choose_organization())
        self.reissue_action = window_action(window, translate("MainWindow", "Void and issue for the receiver chosen"),
                                            "Alt+V", lambda: later.receipt_page.on_reissue_clicked())
        self.print_action = window_action(window, translate("MainWindow", "Print receipt"),
                                          QKeySequence.StandardKey.Print, self.on_print_triggered)
        self.preview_action = window_action(window, translate("MainWindow", "Print preview…"), "Alt+P",
                                            self.on_preview_triggered)
        printing.printed.connect(self.on_printing_printed)
        printing.failed.connect(self.on_printing_failed)
        printing.preview_closed.connect(self.on_printing_preview_closed)

    def menu_actions(self) -> tuple[QAction, ...]:
        """In the Receipt menu's order."""
        return (self.individual_action, self.organization_action, self.issue_action, self.reissue_action,
                self.print_action, self.preview_action)

    def remember_printed(self, numbers: Iterable[str]) -> None:
        """Printed in this session before the window was rebuilt (another language): Ctrl+P prints a copy."""
        self.printed_numbers.update(numbers)

    def update_actions(self, stage: Stage | None) -> None:
        self.issue_action.setEnabled(stage is Stage.PAID)
        self.individual_action.setEnabled(stage is Stage.PAID)
        self.organization_action.setEnabled(stage is Stage.PAID)
        self.print_action.setEnabled(stage is Stage.COMPLETED)
        self.preview_action.setEnabled(stage is Stage.COMPLETED)

    def on_print_triggered(self) -> None:
        """Ctrl+P on a finished sale: its receipt on the receipt printer (a copy once it printed)."""
        sale = self.flow.sale
        if sale is not None and self.flow.stage is Stage.COMPLETED:
            self.print_receipt(sale.number, copy=sale.number in self.printed_numbers)

    def on_preview_triggered(self) -> None:
        sale = self.flow.sale
        if sale is not None and self.flow.stage is Stage.COMPLETED:
            copy = sale.number in self.printed_numbers
            self.printing.preview(self.printing.sale_layouts(sale.number, copy=copy), self.window)

    def print_receipt(self, number: str, *, copy: bool = True) -> None:
        """Print sale `number` (this one, or a copy from the history); with no printer set, the preview opens
        (over the history when it is open: a window-modal dialog blocks its parent window)."""
        if self._shows_sale(number) and self.printing.choice.is_set:
            self.later.receipt_page.show_print_status(translate("MainWindow", "Printing…"))
        self.printing.print_sale(number, copy=copy, on_done=lambda text, ok: self._on_receipt_printed(number, text, ok))

    def _shows_sale(self, number: str) -> bool:
        return (self.pages.currentWidget() is self.later.receipt_page and self.flow.sale is not None
                and self.flow.sale.number == number)

    def _on_receipt_printed(self, number: str, text: str, ok: bool) -> None:
        if ok:
            self.printed_numbers.add(number)
        if self._shows_sale(number):
            self.later.receipt_page.show_print_status(text, ok)

    def on_printing_preview_closed(self) -> None:
        # Over the history, the history takes the keyboard back by itself; over the till, give it back here.
        if QApplication.activeModalWidget() is None:
            self.restore_focus()

    def on_printing_printed(self, text: str) -> None:
        self.window.statusBar().showMessage(text, 8000)

    def on_printing_failed(self, text: str) -> None:
        self.window.statusBar().showMessage(text, 30000)
