"""Slips drawn by Qt: on a system printer, into a PDF, or as a picture.

The same `ReceiptLayout` the ESC/POS back end prints in character columns is
set here in the bundled DejaVu fonts (they have ө, ү and ₮) in a column as wide
as the roll's printable width: normal text about 9 pt, large text twice that,
small text (a receipt id) three quarters of it (as the printer's font B is of
its font A), a label and its value on one line with the value flush right,
dashed rules, and the QR code as crisp black squares on whole device pixels,
so a phone reads it off paper, a PDF or a screen.

Each block is first measured into rows (a line of text, a rule, a QR code, a
blank line) and only then drawn, so the height of a slip is known before a
page is made, and a long slip breaks onto a new page between two rows, never
through a line of text or the code.

Nothing here touches widgets: every call works on a worker thread (a painter
on a QImage, a QPdfWriter or a QPrinter is allowed off the GUI thread); the
app runs them on its printing queue. It does need the QGuiApplication to
exist, for the fonts, and the GUI thread calls `ensure_fonts` (and, for a
system printer, `prepare_printing`) before it hands a job over: a worker holds
the GIL through every Qt call, so it must make none that loads a plugin or
connects signals (Qt's connection mutexes are what the GUI thread holds while
it waits for the GIL: see ui/sale/pages/logos.py). What is left for the worker is safe:
a QImage made with an explicit format and size, the raster and PDF paint
engines, fonts already registered, QBuffer/QPdfWriter objects with no
connections; no image is ever read, so no image plugin probes anything.

A failure is a `PrintError` whose message is translated (context "Printing")
when it is raised, in the language the till speaks at that moment.
"""

from __future__ import annotations

import logging
import math
import os
import tempfile
import threading
from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QCoreApplication, QIODevice, QMarginsF, QSizeF
from PySide6.QtGui import (QColor, QFontDatabase, QGuiApplication, QImage, QPageLayout, QPageSize, QPainter,
                           QPdfWriter)
from PySide6.QtPrintSupport import QPrinter, QPrinterInfo

import pos_app
from pos_app.files import replace_file

from . import cups_jobs
from .delivery import Delivery
from .errors import PrintError, PrinterUnavailable
from .layout import Align as Align, Block as Block, Feed as Feed, Pair as Pair, Paper, QrCode as QrCode
from .layout import ReceiptLayout, Rule as Rule, Size as Size, Text as Text
from .qt_typeset import Row, Typesetter, draw_rows, mm_to_px
# the typesetting moved to qt_typeset: its names stay importable from here
from .qt_typeset import (FAMILY as FAMILY, LARGE_MIN_SCALE as LARGE_MIN_SCALE, LARGE_PT as LARGE_PT,
                         LINE_MIN_SCALE as LINE_MIN_SCALE, NORMAL_PT as NORMAL_PT, QR_COLUMN_SHARE as QR_COLUMN_SHARE,
                         QR_QUIET_MODULES as QR_QUIET_MODULES, QR_SIDE_MM as QR_SIDE_MM, RULE_DASH_MM as RULE_DASH_MM,
                         RULE_GAP_MM as RULE_GAP_MM, RULE_THICKNESS_MM as RULE_THICKNESS_MM, SMALL_PT as SMALL_PT,
                         WORD_MIN_SCALE as WORD_MIN_SCALE)
from .qr import qr_matrix as qr_matrix

__all__ = ["PDF_DPI", "ensure_fonts", "layout_height", "paint", "prepare_printing", "print_layouts", "receipt_image",
           "roll_mm", "system_printer", "write_pdf"]

_log = logging.getLogger(__name__)
translate = QCoreApplication.translate     # lupdate reads translate("Printing", "...") calls

FONT_DIR = pos_app.RESOURCES / "fonts"

MARGIN_MM = 3.0                 # white above and below a slip in a PDF or a picture
PDF_DPI = 300
CREATOR = "pos-app"

_WHITE = QColor(255, 255, 255)


# -- fonts -----------------------------------------------------------------------

_fonts_lock = threading.Lock()
_fonts_ready = False


def ensure_fonts() -> None:
    """Register the bundled DejaVu fonts with Qt, once per process. Call it on the GUI thread before a worker
    draws: registering emits QGuiApplication.fontDatabaseChanged, which a worker must not do (see above).

    Raises RuntimeError when there is no QGuiApplication yet: Qt has no font database without one.
    """
    global _fonts_ready
    if _fonts_ready:
        return
    with _fonts_lock:
        if _fonts_ready:
            return
        if not isinstance(QGuiApplication.instance(), QGuiApplication):
            raise RuntimeError("Slips are drawn with Qt's fonts: create the QApplication before printing.")
        if threading.current_thread() is not threading.main_thread():
            _log.warning("Slip fonts registered on a worker: call qt_out.ensure_fonts() on the GUI thread first.")
        for path in sorted(FONT_DIR.glob("DejaVu*.ttf")):
            if QFontDatabase.addApplicationFont(str(path)) < 0:
                _log.warning("The font %s could not be loaded; slips use a system font instead.", path.name)
        _fonts_ready = True


_printing_ready = False


def prepare_printing() -> None:
    """On the GUI thread, before a worker prints to a system printer: the fonts, and Qt's print-support plugin
    (CUPS, the Windows spooler), which the first printer call loads; so the worker loads no plugin."""
    global _printing_ready
    ensure_fonts()
    if not _printing_ready:
        QPrinterInfo.defaultPrinterName()
        _printing_ready = True


# -- units -----------------------------------------------------------------------

def roll_mm(paper: Paper) -> float:
    """The full width of the roll (58 or 80 mm); the slip is drawn in its middle `paper.printable_mm`."""
    return paper.roll_mm


# -- measuring and drawing: see qt_typeset -------------------------------------------

def _rows(layout: ReceiptLayout, width: float, dpi: float) -> list[Row]:
    ensure_fonts()
    setter = Typesetter(width, dpi)
    return [row for block in layout.blocks for row in setter.rows(block)]


# -- the public drawing calls -------------------------------------------------------

def layout_height(layout: ReceiptLayout, paper: Paper, dpi: float) -> int:
    """The height in device pixels at `dpi` of `layout` drawn `paper.printable_mm` wide (no margins)."""
    rows = _rows(layout, mm_to_px(paper.printable_mm, dpi), dpi)
    return math.ceil(sum(row.height for row in rows))


def paint(layout: ReceiptLayout, painter: QPainter, *, left: float, top: float, width: float, dpi: float) -> float:
    """Draw `layout` with `painter` in a column `width` device pixels wide whose top left is (`left`, `top`),
    at `dpi` device pixels an inch. Returns the y below the last block."""
    return draw_rows(_rows(layout, width, dpi), painter, left, top)


def receipt_image(layout: ReceiptLayout, paper: Paper, dpi: float = 203) -> QImage:
    """The slip as a white picture as wide as the roll (58 or 80 mm at `dpi`) and as tall as its content plus
    a small margin, the text in the roll's printable middle. For previews and documentation."""
    column = mm_to_px(paper.printable_mm, dpi)
    rows = _rows(layout, column, dpi)
    width = round(mm_to_px(roll_mm(paper), dpi))
    margin = round(mm_to_px(MARGIN_MM, dpi))
    height = math.ceil(sum(row.height for row in rows)) + 2 * margin
    image = QImage(width, height, QImage.Format.Format_RGB32)     # allocated, not read: no plugin on a worker
    image.fill(_WHITE)
    dots_per_meter = round(dpi / 0.0254)
    image.setDotsPerMeterX(dots_per_meter)
    image.setDotsPerMeterY(dots_per_meter)
    painter = QPainter(image)
    try:
        draw_rows(rows, painter, round((width - column) / 2), margin)
    finally:
        painter.end()
    return image


def write_pdf(layouts: Sequence[ReceiptLayout], path: str | os.PathLike[str], paper: Paper) -> None:
    """Save the slips as a PDF, one page per slip, each page as wide as the roll and as tall as its slip.

    The file appears whole or not at all (written beside it, then renamed over it). Raises PrintError,
    naming the file, when it cannot be written."""
    if not layouts:
        raise ValueError("write_pdf needs at least one slip")
    target = Path(path)
    _replace_file(target, _pdf_bytes(layouts, paper))


def _pdf_bytes(layouts: Sequence[ReceiptLayout], paper: Paper) -> bytes:
    ensure_fonts()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QPdfWriter(buffer)
    writer.setResolution(PDF_DPI)
    writer.setTitle(" + ".join(layout.title for layout in layouts))
    writer.setCreator(CREATOR)
    column = mm_to_px(paper.printable_mm, PDF_DPI)
    left = (mm_to_px(roll_mm(paper), PDF_DPI) - column) / 2
    margin = round(mm_to_px(MARGIN_MM, PDF_DPI))
    painter = QPainter()
    try:
        for index, layout in enumerate(layouts):
            rows = _rows(layout, column, PDF_DPI)
            height_px = math.ceil(sum(row.height for row in rows)) + 2 * margin
            size = QPageSize(QSizeF(roll_mm(paper), height_px / PDF_DPI * 25.4), QPageSize.Unit.Millimeter,
                             layout.title, QPageSize.SizeMatchPolicy.ExactMatch)
            writer.setPageLayout(QPageLayout(size, QPageLayout.Orientation.Portrait, QMarginsF(0, 0, 0, 0)))
            if index == 0:
                if not painter.begin(writer):
                    raise PrintError(translate("Printing", "The PDF could not be drawn."))
            elif not writer.newPage():
                raise PrintError(translate("Printing", "The PDF could not be drawn."))
            draw_rows(rows, painter, left, margin)
    finally:
        if painter.isActive():
            painter.end()
        buffer.close()
    return bytes(data.data())


def _replace_file(target: Path, data: bytes) -> None:
    """`data` at `target`, never half a file (pos_app/files.py); a failure in the shop's words."""
    try:
        replace_file(target, data)
    except OSError as error:
        raise _not_saved(target, error) from error


def _not_saved(target: Path, error: OSError) -> PrintError:
    return PrintError(translate("Printing", "The PDF {path} cannot be saved: {reason}.").format(
        path=target, reason=_why(error)))


def _why(error: OSError) -> str:
    if isinstance(error, FileNotFoundError):
        return translate("Printing", "its folder does not exist")
    if isinstance(error, NotADirectoryError):
        return translate("Printing", "a part of its folder is a file, not a folder")
    if isinstance(error, IsADirectoryError):
        return translate("Printing", "a folder of that name is in the way")
    if isinstance(error, PermissionError):
        return translate("Printing", "this user may not write there")
    # a rarer error in the system's own words (not translated)
    return (error.strerror or str(error) or type(error).__name__).rstrip(".").lower()


# -- system printers ----------------------------------------------------------------------

def system_printer(name: str, paper: Paper) -> QPrinter:
    """A high-resolution QPrinter for the installed printer `name` ("" = the computer's default printer),
    on the driver's page as wide as the roll when it offers one. Raises PrinterUnavailable when there is
    no such printer. On a worker, after `prepare_printing` on the GUI thread (the plugin is loaded then)."""
    name = name.strip()
    info = QPrinterInfo.printerInfo(name) if name else QPrinterInfo.defaultPrinter()
    if info.isNull():
        installed = QPrinterInfo.availablePrinterNames()
        if name and installed:
            message = translate("Printing", "No printer named “{name}” is installed on this computer. "
                                            "Installed: {printers}.").format(name=name, printers=", ".join(installed))
        elif name:
            message = translate("Printing", "No printer named “{name}” is installed on this computer.").format(
                name=name)
        elif installed:
            message = translate("Printing", "This computer has no default printer: choose one by name in Settings.")
        else:
            message = translate("Printing", "No printer is installed on this computer.")
        raise PrinterUnavailable(message)
    printer = QPrinter(info, QPrinter.PrinterMode.HighResolution)
    printer.setFullPage(False)
    page = _page_size(info, paper)
    if page is not None:
        printer.setPageSize(page)
    return printer


def _page_size(info: QPrinterInfo, paper: Paper) -> QPageSize | None:
    """The driver's page for this roll (its width within 1.5 mm of the roll's): the default one if it is,
    else the longest such page; with none, the driver's default page. Always set: a QPrinter starts on the
    locale's page (A4), not on the driver's default (issue 32, point 22)."""
    def fits(size: QPageSize) -> bool:
        return size.isValid() and abs(size.size(QPageSize.Unit.Millimeter).width() - roll_mm(paper)) <= 1.5

    default = info.defaultPageSize()
    if fits(default):
        return default
    rolls = [size for size in info.supportedPageSizes() if fits(size)]
    roll = max(rolls, key=lambda size: size.size(QPageSize.Unit.Millimeter).height(), default=None)
    return roll or (default if default.isValid() else None)


def _printer_name(printer: QPrinter) -> str:
    if printer.outputFormat() is QPrinter.OutputFormat.PdfFormat and printer.outputFileName():
        return printer.outputFileName()
    return printer.printerName() or translate("Printing", "(the default printer)")


def print_through_cups(layouts: Sequence[ReceiptLayout], printer: QPrinter, paper: Paper,
                       job_seconds: float = cups_jobs.JOB_SECONDS) -> Delivery:
    """Print the slips on a CUPS queue as `print_layouts` would, but drawn into a PDF on the printer's page
    and handed to CUPS with `lp` (as the `cups:` connection does), so that a queue that rejects the job says
    so, and the job is followed until CUPS completes it: Qt's own CUPS printing reports success either way."""
    if not layouts:
        return Delivery.printed()
    queue = printer.printerName()
    page = printer.pageLayout().pageSize()
    title = layouts[0].title if len(layouts) == 1 else f"{layouts[0].title} (+{len(layouts) - 1})"
    with tempfile.TemporaryDirectory(prefix="pos-print-") as folder:
        path = Path(folder) / "slips.pdf"
        printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
        printer.setOutputFileName(str(path))
        print_layouts(layouts, printer, paper)
        options = {"PageSize": page.key()} if page.isValid() and page.key() else {}
        job = cups_jobs.submit_file(queue, path, title, options)
    return cups_jobs.follow(job, queue, job_seconds)


def print_layouts(layouts: Sequence[ReceiptLayout], printer: QPrinter, paper: Paper) -> None:
    """Print the slips as one job on `printer`, each from the top of a new page, in a column
    `paper.printable_mm` wide at the top left of the printable area. A slip taller than the page goes on
    over more pages, broken between lines. Raises PrinterUnavailable when the printer will not print."""
    if not layouts:
        return
    ensure_fonts()
    name = _printer_name(printer)
    titles = [layout.title for layout in layouts]
    printer.setDocName(titles[0] if len(titles) == 1 else f"{titles[0]} (+{len(titles) - 1})")
    painter = QPainter()
    if not painter.begin(printer):
        raise PrinterUnavailable(translate("Printing", "The printer {printer} cannot print now: it did not take "
                                                       "the job. Check that it is on and connected, then print "
                                                       "again.").format(printer=name))
    failed = False
    try:
        dpi = printer.resolution()
        page_height = float(printer.height())       # the printable area, in device pixels
        width = min(mm_to_px(paper.printable_mm, dpi), float(printer.width()))
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        for index, layout in enumerate(layouts):
            if index and not printer.newPage():
                failed = True
                break
            y = 0.0
            for row in _rows(layout, width, dpi):
                if row.blank and (y == 0 or y + row.height > page_height):
                    continue            # no blank lines at the top of a page, nor spilling onto a new one
                if y > 0 and y + row.height > page_height:
                    if not printer.newPage():
                        failed = True
                        break
                    y = 0.0
                row.draw(painter, 0.0, y)
                y += row.height
            if failed:
                break
    finally:
        ended = painter.end()
    if failed or not ended or printer.printerState() in (QPrinter.PrinterState.Error, QPrinter.PrinterState.Aborted):
        raise PrinterUnavailable(translate("Printing", "The printer {printer} cannot print now: the job did not "
                                                       "finish. Check the printer, then print again.").format(
            printer=name))
