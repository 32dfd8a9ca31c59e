"""Setting a slip's blocks in Qt: each block measured into rows, then the rows drawn.

The `ReceiptLayout` blocks are set in the bundled DejaVu fonts in a column as
wide as the roll's printable width (see qt_out, which puts the rows on a
picture, a PDF page or a printer's page). Each block is first measured into
rows (a line of text, a rule, a QR code, a blank line) and only then drawn,
so the height of a slip is known before a page is made.

Works on a worker thread, once the fonts are registered (qt_out.ensure_fonts).
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath

from .layout import Align, Block, Feed, Pair, QrCode, Rule, Size, Text
from .qr import qr_matrix

_log = logging.getLogger("pos_app.receipts.qt_out")     # the name its records have always had

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

_BLACK = QColor(0, 0, 0)


def mm_to_px(mm: float, dpi: float) -> float:
    """A length in millimetres as device pixels at `dpi`."""
    return mm / 25.4 * dpi


# -- measuring: blocks into rows ------------------------------------------------------

@dataclass(frozen=True)
class Row:
    """One unbreakable strip of a slip: `draw(painter, left, top)` paints it, `height` device pixels tall.
    A blank row (a feed) is left out at the top of a new page."""

    height: float
    draw: Callable[[QPainter, float, float], None]
    blank: bool = False


def _nothing(_painter: QPainter, _left: float, _top: float) -> None:
    pass


def _text_row(pieces: list[tuple[QFont, str, float]], metrics: QFontMetricsF, min_height: float = 0.0) -> Row:
    """A line of text pieces, each (font, text, x offset), on one baseline, in `metrics`' font; at least
    `min_height` tall (text shrunk to fit keeps a normal line's height, its line centred in it)."""
    height = max(metrics.lineSpacing(), min_height)
    ascent = (height - metrics.lineSpacing()) / 2 + metrics.ascent()

    def draw(painter: QPainter, left: float, top: float) -> None:
        painter.setPen(_BLACK)
        for font, text, dx in pieces:
            painter.setFont(font)
            painter.drawText(QPointF(left + dx, top + ascent), text)

    return Row(height, draw)


class Typesetter:
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

    def rows(self, block: Block) -> list[Row]:
        if isinstance(block, Text):
            return self.text(block)
        if isinstance(block, Pair):
            return self.pair(block)
        if isinstance(block, Rule):
            return [self.rule()]
        if isinstance(block, QrCode):
            return self.qr(block)
        if isinstance(block, Feed):
            return [Row(max(0, block.lines) * self.normal_line(), _nothing, blank=True)]
        raise TypeError(f"not a slip block: {block!r}")

    def normal_line(self) -> float:
        return QFontMetricsF(self.font(Size.NORMAL, False)).lineSpacing()

    def aligned(self, font: QFont, lines: list[str], align: Align) -> list[Row]:
        metrics = QFontMetricsF(font)
        rows = []
        for text in lines:
            room = self.width - metrics.horizontalAdvance(text)
            dx = 0.0 if align is Align.LEFT else room / 2 if align is Align.CENTER else room
            rows.append(_text_row([(font, text, max(0.0, dx))], metrics, self.normal_line()))
        return rows

    def text(self, block: Text) -> list[Row]:
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

    def pair(self, block: Pair) -> list[Row]:
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

    def rule(self) -> Row:
        height = self.normal_line()
        dash, gap = mm_to_px(RULE_DASH_MM, self.dpi), mm_to_px(RULE_GAP_MM, self.dpi)
        thickness = max(1, round(mm_to_px(RULE_THICKNESS_MM, self.dpi)))
        count = max(1, math.floor((self.width + gap) / (dash + gap)))
        start = (self.width - (count * dash + (count - 1) * gap)) / 2
        width = self.width

        def draw(painter: QPainter, left: float, top: float) -> None:
            y = round(top + (height - thickness) / 2)
            for index in range(count):
                x0 = round(left + start + index * (dash + gap))
                x1 = min(round(left + start + index * (dash + gap) + dash), round(left + width))
                painter.fillRect(QRectF(x0, y, x1 - x0, thickness), _BLACK)

        return Row(height, draw)

    def qr(self, block: QrCode) -> list[Row]:
        try:
            matrix = qr_matrix(block.data)
        except ValueError:
            _log.warning("A QR code of %d characters is too long to draw; its text is printed instead.",
                         len(block.data))
            return self.text(Text(block.data, Align.CENTER))
        count = len(matrix)
        target = min(mm_to_px(QR_SIDE_MM, self.dpi), self.width * QR_COLUMN_SHARE)
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

        return [Row(side + 2 * quiet, draw)]


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


def draw_rows(rows: Sequence[Row], painter: QPainter, left: float, top: float) -> float:
    """Paints the rows one under the other from (`left`, `top`); the y below the last."""
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
    y = top
    for row in rows:
        row.draw(painter, left, y)
        y += row.height
    painter.restore()
    return y
