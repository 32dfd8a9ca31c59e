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
it waits for the GIL: see ui/logos.py). What is left for the worker is safe:
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
import threading
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QCoreApplication, QIODevice, QMarginsF, QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import (QColor, QFont, QFontDatabase, QFontMetricsF, QGuiApplication, QImage, QPageLayout,
                           QPageSize, QPainter, QPainterPath, QPdfWriter)
from PySide6.QtPrintSupport import QPrinter, QPrinterInfo

import pos_app

from .errors import PrintError, PrinterUnavailable
from .layout import Align, Block, Feed, Pair, Paper, QrCode, ReceiptLayout, Rule, Size, Text
from .qr import qr_matrix

__all__ = ["PDF_DPI", "ensure_fonts", "layout_height", "paint", "prepare_printing", "print_layouts", "receipt_image",
           "roll_mm", "system_printer", "write_pdf"]

_log = logging.getLogger(__name__)
translate = QCoreApplication.translate     # lupdate reads translate("Printing", "...") calls

FONT_DIR = pos_app.RESOURCES / "fonts"
FAMILY = "DejaVu Sans"

NORMAL_PT = 9.0                 # about a thermal printer's font A (12 x 24 dots at 203 dpi)
LARGE_PT = 2 * NORMAL_PT        # double width and height
SMALL_PT = 0.75 * NORMAL_PT     # about the printer's font B (9 x 17 dots): 6.75 pt
_POINTS = {Size.SMALL: SMALL_PT, Size.NORMAL: NORMAL_PT, Size.LARGE: LARGE_PT}
LARGE_MIN_SCALE = 0.6           # large text shrinks this far to stay on one line before it wraps
WORD_MIN_SCALE = 0.5            # so does a single word (a receipt id, the test page's ruler)
LINE_MIN_SCALE = 0.9            # and any line only a little too long (an address on 58 mm), rather than
                                # leave its last word alone on the next line

QR_SIDE_MM = 32.0               # the receipt QR on an 80 mm roll ...
QR_COLUMN_SHARE = 0.55          # ... and at most this share of a narrower column
QR_QUIET_MODULES = 4            # white modules above and below the code (ISO/IEC 18004)

RULE_DASH_MM = 1.2
RULE_GAP_MM = 0.8
RULE_THICKNESS_MM = 0.25        # two dots of a 203 dpi head

MARGIN_MM = 3.0                 # white above and below a slip in a PDF or a picture
PDF_DPI = 300
CREATOR = "pos-app"

_BLACK = QColor(0, 0, 0)
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


def _px(mm: float, dpi: float) -> float:
    return mm / 25.4 * dpi


# -- measuring: blocks into rows ------------------------------------------------------

@dataclass(frozen=True)
class _Row:
    """One unbreakable strip of a slip: `draw(painter, left, top)` paints it, `height` device pixels tall.
    A blank row (a feed) is left out at the top of a new page."""

    height: float
    draw: Callable[[QPainter, float, float], None]
    blank: bool = False


def _nothing(_painter: QPainter, _left: float, _top: float) -> None:
    pass


def _text_row(pieces: list[tuple[QFont, str, float]], metrics: QFontMetricsF, min_height: float = 0.0) -> _Row:
    """A line of text pieces, each (font, text, x offset), on one baseline, in `metrics`' font; at least
    `min_height` tall (text shrunk to fit keeps a normal line's height, its line centred in it)."""
    height = max(metrics.lineSpacing(), min_height)
    ascent = (height - metrics.lineSpacing()) / 2 + metrics.ascent()

    def draw(painter: QPainter, left: float, top: float) -> None:
        painter.setPen(_BLACK)
        for font, text, dx in pieces:
            painter.setFont(font)
            painter.drawText(QPointF(left + dx, top + ascent), text)

    return _Row(height, draw)


class _Typesetter:
    """Measures blocks into rows for a column `width` device pixels wide at `dpi`."""

    def __init__(self, width: float, dpi: float) -> None:
        self.width = float(width)
        self.dpi = float(dpi)
        self._fonts: dict[tuple[Size, bool], QFont] = {}

    # fonts

    def font(self, size: Size, bold: bool) -> QFont:
        key = (size, bold)
        if key not in self._fonts:
            self._fonts[key] = self._make_font(max(1, round(_POINTS[size] * self.dpi / 72)), bold)
        return self._fonts[key]

    @staticmethod
    def _make_font(pixels: int, bold: bool) -> QFont:
        font = QFont(FAMILY)
        font.setPixelSize(pixels)           # device pixels: the same size on a QImage, a PDF and a printer
        font.setBold(bold)
        font.setHintingPreference(QFont.HintingPreference.PreferNoHinting)   # the same widths everywhere
        return font

    def shrunk(self, font: QFont, measure: Callable[[QFontMetricsF], float], min_scale: float) -> QFont | None:
        """`font` made just small enough for `measure` to fit the width, or None below `min_scale`."""
        full = font.pixelSize()
        natural = measure(QFontMetricsF(font))
        smallest = max(1, math.ceil(full * min_scale))
        for pixels in range(min(full - 1, math.floor(full * self.width / natural)), smallest - 1, -1):
            smaller = QFont(font)
            smaller.setPixelSize(pixels)
            if measure(QFontMetricsF(smaller)) <= self.width:
                return smaller
        return None

    # blocks

    def rows(self, block: Block) -> list[_Row]:
        if isinstance(block, Text):
            return self.text(block)
        if isinstance(block, Pair):
            return self.pair(block)
        if isinstance(block, Rule):
            return [self.rule()]
        if isinstance(block, QrCode):
            return self.qr(block)
        if isinstance(block, Feed):
            return [_Row(max(0, block.lines) * self.normal_line(), _nothing, blank=True)]
        raise TypeError(f"not a slip block: {block!r}")

    def normal_line(self) -> float:
        return QFontMetricsF(self.font(Size.NORMAL, False)).lineSpacing()

    def aligned(self, font: QFont, lines: list[str], align: Align) -> list[_Row]:
        metrics = QFontMetricsF(font)
        rows = []
        for text in lines:
            room = self.width - metrics.horizontalAdvance(text)
            dx = 0.0 if align is Align.LEFT else room / 2 if align is Align.CENTER else room
            rows.append(_text_row([(font, text, max(0.0, dx))], metrics, self.normal_line()))
        return rows

    def text(self, block: Text) -> list[_Row]:
        font = self.font(block.size, block.bold)
        text = block.text
        metrics = QFontMetricsF(font)
        if "\n" not in text and "\r" not in text:
            if metrics.horizontalAdvance(text) <= self.width:
                return self.aligned(font, [text], block.align)
            # large type and a single word (an id, a ruler) shrink a little rather than break; any line
            # shrinks a very little
            single_word = " " not in text.strip()
            min_scale = (WORD_MIN_SCALE if single_word else LARGE_MIN_SCALE if block.size is Size.LARGE
                         else LINE_MIN_SCALE)
            smaller = self.shrunk(font, lambda m: m.horizontalAdvance(text), min_scale)
            if smaller is not None:
                return self.aligned(smaller, [text], block.align)
        return self.aligned(font, _wrap(text, metrics, self.width), block.align)

    def pair(self, block: Pair) -> list[_Row]:
        font = self.font(block.size, block.bold)
        left, right = block.left, block.right

        def one_line(metrics: QFontMetricsF) -> float:
            gap = metrics.horizontalAdvance("  ") if left.strip() else 0.0
            return metrics.horizontalAdvance(left) + gap + metrics.horizontalAdvance(right)

        metrics = QFontMetricsF(font)
        if one_line(metrics) > self.width:
            smaller = self.shrunk(font, one_line, LARGE_MIN_SCALE if block.size is Size.LARGE else LINE_MIN_SCALE)
            if smaller is not None:
                font, metrics = smaller, QFontMetricsF(smaller)
        right_width = metrics.horizontalAdvance(right)
        if one_line(metrics) <= self.width:
            return [_text_row([(font, left, 0.0), (font, right, self.width - right_width)], metrics,
                              self.normal_line())]
        gap = metrics.horizontalAdvance("  ")
        room = self.width - right_width - gap
        words_fit = all(metrics.horizontalAdvance(word) <= room for word in left.split())
        if room >= self.width / 4 and words_fit:
            # the label wraps in the room the value leaves; the value sits on its last line
            lines = _wrap(left, metrics, room)
            rows = self.aligned(font, lines[:-1], Align.LEFT)
            rows.append(_text_row([(font, lines[-1], 0.0), (font, right, self.width - right_width)], metrics))
            return rows
        # the value does not leave the label room: the label across the line, the value flush right below
        rows = self.aligned(font, _wrap(left, metrics, self.width), Align.LEFT) if left.strip() else []
        return rows + self.aligned(font, _wrap(right, metrics, self.width), Align.RIGHT)

    def rule(self) -> _Row:
        height = self.normal_line()
        dash, gap = _px(RULE_DASH_MM, self.dpi), _px(RULE_GAP_MM, self.dpi)
        thickness = max(1, round(_px(RULE_THICKNESS_MM, self.dpi)))
        count = max(1, math.floor((self.width + gap) / (dash + gap)))
        start = (self.width - (count * dash + (count - 1) * gap)) / 2
        width = self.width

        def draw(painter: QPainter, left: float, top: float) -> None:
            y = round(top + (height - thickness) / 2)
            for index in range(count):
                x0 = round(left + start + index * (dash + gap))
                x1 = min(round(left + start + index * (dash + gap) + dash), round(left + width))
                painter.fillRect(QRectF(x0, y, x1 - x0, thickness), _BLACK)

        return _Row(height, draw)

    def qr(self, block: QrCode) -> list[_Row]:
        try:
            matrix = qr_matrix(block.data)
        except ValueError:
            _log.warning("A QR code of %d characters is too long to draw; its text is printed instead.",
                         len(block.data))
            return self.text(Text(block.data, Align.CENTER))
        count = len(matrix)
        target = min(_px(QR_SIDE_MM, self.dpi), self.width * QR_COLUMN_SHARE)
        module = max(1, round(target / count))
        if module * count > self.width:
            module = max(1, math.floor(self.width / count))
        side = module * count
        quiet = QR_QUIET_MODULES * module
        width = self.width
        # each row of the code as runs of dark modules: one path, so no hairline seams between squares
        runs: list[tuple[int, int, int]] = []
        for y, cells in enumerate(matrix):
            x = 0
            while x < count:
                if cells[x]:
                    start = x
                    while x < count and cells[x]:
                        x += 1
                    runs.append((start, y, x - start))
                else:
                    x += 1

        def draw(painter: QPainter, left: float, top: float) -> None:
            x0 = round(left + (width - side) / 2)          # whole device pixels: crisp module edges
            y0 = round(top) + quiet
            path = QPainterPath()
            path.setFillRule(Qt.FillRule.WindingFill)
            for start, y, length in runs:
                path.addRect(QRectF(x0 + start * module, y0 + y * module, length * module, module))
            painter.save()
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
            painter.fillPath(path, _BLACK)
            painter.restore()

        return [_Row(side + 2 * quiet, draw)]


def _wrap(text: str, metrics: QFontMetricsF, width: float) -> list[str]:
    """`text` in lines no wider than `width`, broken at spaces, a word too long for a line cut where it must.
    Leading spaces indent every line of their paragraph. Never empty."""
    lines: list[str] = []
    for paragraph in text.splitlines() or [""]:
        words = paragraph.lstrip(" ")
        indent = paragraph[: len(paragraph) - len(words)]
        if metrics.horizontalAdvance(indent) > width / 3:
            indent = ""
        room = width - metrics.horizontalAdvance(indent)
        line = ""
        for word in words.split():
            while metrics.horizontalAdvance(word) > room and len(word) > 1:
                if line:
                    lines.append(indent + line)
                    line = ""
                cut = _fitting_prefix(word, metrics, room)
                lines.append(indent + word[:cut])
                word = word[cut:]
            candidate = f"{line} {word}" if line else word
            if not line or metrics.horizontalAdvance(candidate) <= room:
                line = candidate
            else:
                lines.append(indent + line)
                line = word
        lines.append(indent + line)
    return lines


def _fitting_prefix(word: str, metrics: QFontMetricsF, width: float) -> int:
    """How many of `word`'s first characters fit `width` (at least one)."""
    low, high = 1, len(word)
    while low < high:
        middle = (low + high + 1) // 2
        if metrics.horizontalAdvance(word[:middle]) <= width:
            low = middle
        else:
            high = middle - 1
    return low


def _rows(layout: ReceiptLayout, width: float, dpi: float) -> list[_Row]:
    ensure_fonts()
    setter = _Typesetter(width, dpi)
    return [row for block in layout.blocks for row in setter.rows(block)]


def _draw_rows(rows: Sequence[_Row], painter: QPainter, left: float, top: float) -> float:
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
    y = top
    for row in rows:
        row.draw(painter, left, y)
        y += row.height
    painter.restore()
    return y


# -- the public drawing calls -------------------------------------------------------

def layout_height(layout: ReceiptLayout, paper: Paper, dpi: float) -> int:
    """The height in device pixels at `dpi` of `layout` drawn `paper.printable_mm` wide (no margins)."""
    rows = _rows(layout, _px(paper.printable_mm, dpi), dpi)
    return math.ceil(sum(row.height for row in rows))


def paint(layout: ReceiptLayout, painter: QPainter, *, left: float, top: float, width: float, dpi: float) -> float:
    """Draw `layout` with `painter` in a column `width` device pixels wide whose top left is (`left`, `top`),
    at `dpi` device pixels an inch. Returns the y below the last block."""
    return _draw_rows(_rows(layout, width, dpi), painter, left, top)


def receipt_image(layout: ReceiptLayout, paper: Paper, dpi: float = 203) -> QImage:
    """The slip as a white picture as wide as the roll (58 or 80 mm at `dpi`) and as tall as its content plus
    a small margin, the text in the roll's printable middle. For previews and documentation."""
    column = _px(paper.printable_mm, dpi)
    rows = _rows(layout, column, dpi)
    width = round(_px(roll_mm(paper), dpi))
    margin = round(_px(MARGIN_MM, dpi))
    height = math.ceil(sum(row.height for row in rows)) + 2 * margin
    image = QImage(width, height, QImage.Format.Format_RGB32)     # allocated, not read: no plugin on a worker
    image.fill(_WHITE)
    dots_per_meter = round(dpi / 0.0254)
    image.setDotsPerMeterX(dots_per_meter)
    image.setDotsPerMeterY(dots_per_meter)
    painter = QPainter(image)
    try:
        _draw_rows(rows, painter, round((width - column) / 2), margin)
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
    column = _px(paper.printable_mm, PDF_DPI)
    left = (_px(roll_mm(paper), PDF_DPI) - column) / 2
    margin = round(_px(MARGIN_MM, PDF_DPI))
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
            _draw_rows(rows, painter, left, margin)
    finally:
        if painter.isActive():
            painter.end()
        buffer.close()
    return bytes(data.data())


def _replace_file(target: Path, data: bytes) -> None:
    """Write `data` to a new file beside `target`, then rename it over `target`: never half a file."""
    temporary = target.with_name(f".{target.name}.{os.getpid()}-{uuid.uuid4().hex[:8]}.part")
    try:
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666)
    except OSError as error:
        raise _not_saved(target, error) from error
    try:
        with os.fdopen(descriptor, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, target)
    except BaseException as error:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        if isinstance(error, OSError):
            raise _not_saved(target, error) from error
        raise


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
    roll_page = _roll_page_size(info, paper)
    if roll_page is not None:
        printer.setPageSize(roll_page)
    return printer


def _roll_page_size(info: QPrinterInfo, paper: Paper) -> QPageSize | None:
    """The driver's page for this roll (its width within 1.5 mm of the roll's), the default one if it is."""
    def fits(size: QPageSize) -> bool:
        return size.isValid() and abs(size.size(QPageSize.Unit.Millimeter).width() - roll_mm(paper)) <= 1.5

    default = info.defaultPageSize()
    if fits(default):
        return None           # the driver's default already is the roll
    rolls = [size for size in info.supportedPageSizes() if fits(size)]
    return max(rolls, key=lambda size: size.size(QPageSize.Unit.Millimeter).height(), default=None)


def _printer_name(printer: QPrinter) -> str:
    if printer.outputFormat() is QPrinter.OutputFormat.PdfFormat and printer.outputFileName():
        return printer.outputFileName()
    return printer.printerName() or translate("Printing", "(the default printer)")


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
        width = min(_px(paper.printable_mm, dpi), float(printer.width()))
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
