"""The slips as they will come out of the printer, with Print and Save as PDF.

The layouts are built and drawn on a worker (building may read the journal);
the dialog only shows the finished pictures. Print sends them to the chosen
receipt printer, or, for a system printer or none, through the system print
dialog; Save as PDF writes a receipt-sized PDF. Both run on the printing worker.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from collections.abc import Callable, Sequence
from concurrent.futures import Future
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QImage, QKeySequence, QPixmap
from PySide6.QtPrintSupport import QPrintDialog, QPrinter
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from pos_app.receipts import qt_out
from pos_app.receipts.errors import PrintError
from pos_app.receipts.layout import Paper, ReceiptLayout

from pos_app.ui.common.messages import describe_error

if TYPE_CHECKING:
    from pos_app.receipts.printers import PrinterChoice
    from pos_app.ui.common.tasks import TaskRunner

Build = Callable[[], Sequence[ReceiptLayout]]     # the slips, built on a worker


class SlipPrinting(Protocol):
    """What the preview uses of the till's printing (`printing.ReceiptPrinting`, which opens this dialog)."""

    runner: TaskRunner

    @property
    def choice(self) -> PrinterChoice: ...

    def print(self, build: Build, what: str, *, on_done: Callable[[str, bool], None] | None = None) -> None: ...

PREVIEW_DPI = 150          # sharp on screen, and an 80 mm slip is ~470 px wide


class ReceiptPreviewDialog(QDialog):
    """Object names for tests: `pictures` (one QLabel a slip inside it), `status`, `print`, `save_pdf`."""

    loaded = Signal()
    load_failed = Signal(str)
    saved = Signal(str)                   # the PDF's path
    save_failed = Signal(str)
    print_finished = Signal(str, bool)    # the sentence shown, and whether it printed

    def __init__(self, printing: SlipPrinting, build: Build, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.printing = printing
        self.layouts: tuple[ReceiptLayout, ...] = ()
        self.print_dialog: QPrintDialog | None = None
        self.file_dialog: QFileDialog | None = None
        self._closed = False
        self.setWindowTitle(self.tr("Print preview"))
        self.setWindowModality(Qt.WindowModality.WindowModal)

        self.pictures = QWidget()
        self.pictures.setObjectName("pictures")
        self.pictures.setStyleSheet("background: #d8d8d8;")
        self._column = QVBoxLayout(self.pictures)
        self._column.setAlignment(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop)
        self._column.setSpacing(16)
        scroll = QScrollArea()
        scroll.setWidget(self.pictures)
        scroll.setWidgetResizable(True)
        self.status = QLabel(self.tr("Preparing the preview…"))
        self.status.setObjectName("status")
        self.status.setWordWrap(True)

        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.buttons.button(QDialogButtonBox.StandardButton.Close).setText(self.tr("Close  (Esc)"))
        self.print_button = QPushButton(self.tr("Print  (Ctrl+P)"))
        self.print_button.setObjectName("print")
        self.print_button.setShortcut(QKeySequence("Ctrl+P"))
        self.save_button = QPushButton(self.tr("Save as PDF…  (Ctrl+S)"))
        self.save_button.setObjectName("save_pdf")
        self.save_button.setShortcut(QKeySequence("Ctrl+S"))
        for button in (self.print_button, self.save_button):
            button.setEnabled(False)
            button.setAutoDefault(False)
            self.buttons.addButton(button, QDialogButtonBox.ButtonRole.ActionRole)
        self.buttons.rejected.connect(self.reject)
        self.print_button.clicked.connect(self.on_print_clicked)
        self.save_button.clicked.connect(self.on_save_clicked)

        layout = QVBoxLayout(self)
        layout.addWidget(scroll, 1)
        layout.addWidget(self.status)
        layout.addWidget(self.buttons)
        self.resize(620, 760)

        paper = printing.choice.paper
        # The worker paints on QImages (allowed off the GUI thread, and nothing is read, so no image plugin
        # probes); the fonts are registered here first, since registering them on a worker could deadlock
        # with the GUI thread over the GIL (see logos.py). The pictures become QPixmaps back here.
        qt_out.ensure_fonts()

        def draw() -> tuple[Sequence[ReceiptLayout], list[QImage]]:
            layouts = build()
            return layouts, [qt_out.receipt_image(layout, paper, PREVIEW_DPI) for layout in layouts]

        printing.runner.run_in_background(draw, self._on_drawn)

    def _on_drawn(self, done: Future[tuple[Sequence[ReceiptLayout], list[QImage]]]) -> None:
        if self._closed:
            return
        try:
            layouts, images = done.result()
        except Exception as exc:  # noqa: BLE001
            text = describe_error(exc, self.tr("The slip could not be prepared."))
            self.status.setText(text)
            self.load_failed.emit(text)
            return
        self.layouts = tuple(layouts)
        if self.layouts:
            self.setWindowTitle(self.tr("Print preview — {title}").format(title=self.layouts[0].title))
        for image in images:
            picture = QLabel()
            picture.setPixmap(QPixmap.fromImage(image))
            picture.setStyleSheet("background: white; border: 1px solid #aaa;")
            self._column.addWidget(picture)
        paper = self.printing.choice.paper
        width = (self.tr("80 mm, 42 characters") if paper is Paper.MM80_42
                 else self.tr("{width} mm").format(width=f"{paper.roll_mm:g}"))
        self.status.setText(self.tr("{count} slip(s), {paper} paper.").format(count=len(self.layouts), paper=width))
        self.print_button.setEnabled(bool(self.layouts))
        self.save_button.setEnabled(bool(self.layouts))
        self.print_button.setFocus()
        self.loaded.emit()

    # -- print ------------------------------------------------------------------------------------

    def on_print_clicked(self) -> None:
        if not self.layouts:
            return
        choice = self.printing.choice
        if choice.is_set and not choice.is_system:
            layouts = self.layouts
            self._printing_started()
            self.printing.print(lambda: layouts, self.layouts[0].title, on_done=self._on_printed)
            return
        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        if choice.system_name:
            printer.setPrinterName(choice.system_name)
        printer.setDocName(self.layouts[0].title)
        dialog = QPrintDialog(printer, self)
        dialog.setWindowTitle(self.tr("Print"))
        dialog.accepted.connect(lambda: self._print_on(printer))
        self.print_dialog = dialog
        # PySide6's QPrintDialog.open() is only the (receiver, member) overload; QDialog's is the plain one.
        QDialog.open(dialog)

    def _print_on(self, printer: QPrinter) -> None:
        # The QPrinter was made on this (GUI) thread, which loaded Qt's print-support plugin; the worker only
        # paints on it, as it does into the PDF (QPdfWriter) below.
        layouts, paper, what = self.layouts, self.printing.choice.paper, self.layouts[0].title
        self._printing_started()
        self.printing.runner.run_in_background(lambda: qt_out.print_layouts(layouts, printer, paper),
                                               lambda done: self._on_system_printed(what, done), printing=True)

    def _printing_started(self) -> None:
        self.print_button.setEnabled(False)
        self.status.setText(self.tr("Printing…"))

    def _on_system_printed(self, what: str, done: Future[None]) -> None:
        try:
            done.result()
        except Exception as exc:  # noqa: BLE001
            reason = exc.message if isinstance(exc, PrintError) else describe_error(exc, "")
            self._on_printed(self.tr("{what} did not print. {reason}").format(what=what, reason=reason), False)
        else:
            self._on_printed(self.tr("{what} sent to the printer.").format(what=what), True)

    def _on_printed(self, text: str, ok: bool) -> None:
        if self._closed:
            return
        self.print_button.setEnabled(True)
        self.status.setText(text)
        self.print_finished.emit(text, ok)

    # -- PDF ----------------------------------------------------------------------------------------

    def suggested_pdf_name(self) -> str:
        title = self.layouts[0].title if self.layouts else "receipt"
        return "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in title).strip("-") + ".pdf"

    def on_save_clicked(self) -> None:
        if not self.layouts:
            return
        dialog = QFileDialog(self, self.tr("Save as PDF"), str(Path.home() / self.suggested_pdf_name()),
                             self.tr("PDF files (*.pdf)"))
        dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        dialog.setDefaultSuffix("pdf")
        dialog.fileSelected.connect(self.save_to)
        self.file_dialog = dialog
        dialog.open()

    def save_to(self, path: str) -> None:
        """Write the slips as one PDF (a page a slip, each the roll's width) on the printing worker."""
        layouts, paper = self.layouts, self.printing.choice.paper
        self.save_button.setEnabled(False)
        self.status.setText(self.tr("Saving {path}…").format(path=path))
        self.printing.runner.run_in_background(lambda: qt_out.write_pdf(layouts, path, paper),
                                               lambda done: self._on_saved(path, done), printing=True)

    def _on_saved(self, path: str, done: Future[None]) -> None:
        if self._closed:
            return
        self.save_button.setEnabled(True)
        try:
            done.result()
        except Exception as exc:  # noqa: BLE001
            text = exc.message if isinstance(exc, PrintError) else describe_error(
                exc, self.tr("The PDF could not be saved."))
            self.status.setText(text)
            self.save_failed.emit(text)
            return
        self.status.setText(self.tr("Saved {path}.").format(path=path))
        self.saved.emit(path)

    def done(self, result: int) -> None:
        self._closed = True
        super().done(result)
