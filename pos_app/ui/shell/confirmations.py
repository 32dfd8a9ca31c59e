"""The till window's questions: one open at a time, non-blocking, whose safe answer is the default; and the
question before quitting mid-sale. A part of `MainWindow` (its texts keep the window's translation context)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QAbstractButton, QMessageBox, QWidget

from pos_app.domain.sale import Stage

from pos_app.ui.common.questions import ask


translate = QCoreApplication.translate     # lupdate reads translate("MainWindow", "...") calls
_IN_PROGRESS = (Stage.CHARGING, Stage.AWAITING_PAYMENT, Stage.CANCELLING, Stage.ISSUING_RECEIPT)


class Confirmations:
    """The question open over `window` (`current`, None when none is): while one is, a scan adds nothing and the
    window gives its entry no keyboard. `keyboard_back` runs after a confirmation is answered."""

    def __init__(self, window: QWidget, keyboard_back: Callable[[], None]) -> None:
        self.window = window
        self.keyboard_back = keyboard_back
        self.current: QMessageBox | None = None

    def confirm(self, question: str, yes: str, on_yes: Callable[[], object], keep: str | None = None) -> None:
        """A non-blocking question whose safe answer is the default: Enter and Esc keep things as they are
        (a scanner's Enter must never clear a cart or cancel a sale); Ctrl+Enter, or a click, does it."""
        box, yes_button = ask(self.window, question, yes, keep or translate("MainWindow", "Back"))

        def on_answer(clicked: QAbstractButton | None) -> None:
            if clicked is yes_button:
                on_yes()
            self.keyboard_back()

        self.open(box, on_answer)

    def open(self, box: QMessageBox, on_answer: Callable[[QAbstractButton | None], None]) -> None:
        """`box` is the open question until answered; then it goes, the keyboard comes back to the till (not to a
        closed box) and `on_answer` has the button clicked."""

        def on_finished() -> None:
            self.current = None
            box.deleteLater()
            self.window.activateWindow()
            on_answer(box.clickedButton())

        box.finished.connect(on_finished)
        self.current = box
        box.open()

    def may_quit(self, stage: Stage | None) -> bool:
        """Before the window closes: with a sale in progress, asked (blocking, as the close waits for the answer;
        Qt's Yes/No have no Mongolian)."""
        if stage not in _IN_PROGRESS:
            return True
        box, quit_button = ask(self.window, translate(
            "MainWindow", "A sale is in progress. Quit anyway? An open invoice stays open with the service."),
            translate("MainWindow", "Quit"), translate("MainWindow", "Keep working"))
        box.exec()
        return box.clickedButton() is quit_button
