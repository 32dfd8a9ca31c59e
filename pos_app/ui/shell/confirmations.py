"""The till window's questions: a non-blocking confirmation whose safe answer is the default, and the question
before quitting mid-sale; and the keyboard given back to the entry when the till is active again. A part of
`MainWindow` (its texts keep the window's translation context)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QMainWindow

from pos_app.domain.sale import Stage

from pos_app.ui.common.questions import ask


translate = QCoreApplication.translate     # lupdate reads translate("MainWindow", "...") calls


class WindowQuestions:
    """Mixed into `MainWindow` (before QMainWindow): uses its flow, pages and `confirmation`."""

    def _confirm(self, question: str, yes: str, on_yes: object, keep: str | None = None) -> None:
        """A non-blocking question whose safe answer is the default: Enter and Esc keep things as they are
        (a scanner's Enter must never clear a cart or cancel a sale); Ctrl+Enter, or a click, does it."""
        box, yes_button = ask(self, question, yes, keep or translate("MainWindow", "Back"))

        def on_finished() -> None:
            self.confirmation = None
            box.deleteLater()
            self.activateWindow()  # the keyboard comes back to the till, not to a closed box
            if box.clickedButton() is yes_button:
                on_yes()  # type: ignore[operator]
            if self.pages.currentWidget() is self.sale_page:
                self.sale_page.focus_entry()

        box.finished.connect(on_finished)
        self.confirmation = box
        box.open()

    def changeEvent(self, event: QEvent) -> None:
        # Back at the till (focus returned from another window): the scanner types into the entry.
        if event.type() == QEvent.Type.ActivationChange and self.isActiveWindow() \
                and self.pages.currentWidget() is self.sale_page and self.confirmation is None:
            self.sale_page.focus_entry()
        QMainWindow.changeEvent(self, event)  # type: ignore[arg-type]

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.ask_before_quit and self.flow.stage in (Stage.CHARGING, Stage.AWAITING_PAYMENT, Stage.CANCELLING,
                                                        Stage.ISSUING_RECEIPT):
            # Qt's Yes/No have no Mongolian; blocking, as the window's close waits for the answer.
            box, quit_button = ask(self, translate(
                "MainWindow", "A sale is in progress. Quit anyway? An open invoice stays open with the service."),
                translate("MainWindow", "Quit"), translate("MainWindow", "Keep working"))
            box.exec()
            if box.clickedButton() is not quit_button:
                event.ignore()
                return
        self.flow.stop()
        self.close_customer_display()
        QMainWindow.closeEvent(self, event)  # type: ignore[arg-type]
