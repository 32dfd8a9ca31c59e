"""The back office's dialogs, a part `PosApp` owns: the sales history (F4), the day's close (F6) and the
cashier's shift (F11). Each is built fresh when asked for, its module loaded then (not before the first window:
issue 21, the start), and forgotten when closed. Texts keep the "PosApp" translation context."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject

from pos_app.domain.shop_time import ShopClock

if TYPE_CHECKING:
    from pos_app.app.start.payment_side import Backend
    from pos_app.ui.day_close.dialog import DayCloseDialog
    from pos_app.ui.history.dialog import HistoryDialog
    from pos_app.ui.shell.main_window import MainWindow
    from pos_app.ui.printing.printing import ReceiptPrinting
    from pos_app.ui.sale.flow.flow import SaleFlow
    from pos_app.ui.shift.dialog import ShiftDialog
    from pos_app.ui.common.tasks import TaskRunner
    from pos_app.ui.people.till_people import TillPeople

translate = QCoreApplication.translate     # lupdate reads translate("PosApp", "...") calls


class BackOffice:
    """Opens the history, the day's close and the shift over the window, and keeps each while it is open.

    `window` and `backend` give the ones of the moment: a language change rebuilds the window, new settings
    replace the backend."""

    def __init__(self, window: Callable[[], MainWindow], flow: SaleFlow, runner: TaskRunner,
                 printing: ReceiptPrinting, people: TillPeople, backend: Callable[[], Backend | None]) -> None:
        self.window = window
        self.flow = flow
        self.runner = runner
        self.printing = printing
        self.people = people
        self.backend = backend
        self.history_dialog: HistoryDialog | None = None     # each open while shown (F4, F6, F11)
        self.day_close_dialog: DayCloseDialog | None = None
        self.shift_dialog: ShiftDialog | None = None

    def on_window_history_requested(self) -> None:
        services = self.flow.services
        window = self.window()
        if services is None:
            window.statusBar().showMessage(self.flow.unavailable_reason
                                           or translate("PosApp", "The till is still starting."), 8000)
            return
        flow = self.flow

        def on_screen() -> str:
            return flow.sale.number if flow.sale is not None and not flow.sale.is_final else ""

        backend = self.backend()
        today = backend.clock.today if backend is not None else ShopClock().today
        from pos_app.ui.history.dialog import HistoryDialog

        dialog = HistoryDialog(services, self.runner, window, on_screen=on_screen, today=today,
                               approve=self.people.approve, approve_as=self.people.approve_as)
        dialog.reprint_requested.connect(window.receipt_keys.print_receipt)     # a copy, from the journal
        dialog.finished.connect(lambda _result: self._dialog_closed(dialog))
        self.history_dialog = dialog
        dialog.open()

    def on_window_day_close_requested(self) -> None:
        backend = self.backend()
        if backend is None:
            return
        clock = backend.clock
        link = backend.store_link
        from pos_app.ui.day_close.dialog import DayCloseDialog

        dialog = DayCloseDialog(backend.journal, self.runner, self.window(), printing=self.printing,
                                today=clock.today, now=clock.now,
                                shop_days=link.shop_days.read if link is not None else None)
        dialog.finished.connect(lambda _result: self._dialog_closed(dialog))
        self.day_close_dialog = dialog
        dialog.open()

    def on_window_shift_requested(self) -> None:
        """The cashier's shift (F11): open it with the float counted, follow it (X), close it (Z)."""
        backend = self.backend()
        if backend is None or self.shift_dialog is not None:
            return
        from pos_app.ui.shift.dialog import ShiftDialog

        dialog = ShiftDialog(self.runner, backend.journal, self.printing, self.window())
        dialog.shift_actions.shift_opened.connect(lambda _shift: self._on_shift_opened(dialog))
        dialog.shift_actions.shift_closed.connect(lambda _shift: self.window().tender_keys.on_shift_closed())
        dialog.finished.connect(lambda _result: self._dialog_closed(dialog))
        self.shift_dialog = dialog
        dialog.open()

    def _on_shift_opened(self, dialog: ShiftDialog) -> None:
        # The shift is open: back to the sale at once (the keyboard in the entry, or on to cash when F7 asked for
        # the shift), never left in the count that closes it. F11 again shows its X figures.
        dialog.accept()
        self.window().tender_keys.on_shift_opened()

    def _dialog_closed(self, dialog: QObject) -> None:
        """A closed history, day close or shift is gone for good (each F4/F6/F11 builds a fresh one)."""
        if self.history_dialog is dialog:
            self.history_dialog = None
        if self.day_close_dialog is dialog:
            self.day_close_dialog = None
        if self.shift_dialog is dialog:
            self.shift_dialog = None
        dialog.deleteLater()   # answers still on their way are ignored by the closed dialog
        self.window().restore_focus()
