"""A line of receipt text as a picture, drawn the way a thermal printer draws its own font.

When a printer's code pages cannot spell a line (the Mongolian letters Ө, Ү and the tugrik sign ₮ are
missing from almost every one), the ESC/POS back end sends the line as a raster image instead. The
picture keeps the printer's grid: every character takes one font-A cell (12 x 24 dots, double in large
type; font B's 9 x 17 in small type), so a line drawn here lines up with the lines the printer writes
itself, and alignment follows the printer's rule (left, centred, right within the printable width).

The bundled DejaVu Sans Mono has every Cyrillic letter and ₮; at 20 px its ascent plus descent is
exactly one font-A cell high, at 14 px one font-B cell (13 + 4 = 17, 8.4 dots wide). The replay of
printed bytes (`escpos_replay`) draws the printer's own text with the same cells, so sample receipts
look like the paper.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

import pos_app

from .layout import Align, Paper, Size

__all__ = ["CELL_HEIGHT", "CELL_WIDTH", "FONT_A", "FONT_B", "FONT_DIR", "LINE_PITCH", "PrinterFont", "cell_image",
           "draw_cells", "font_for", "line_image", "printer_font", "threshold"]

FONT_DIR = pos_app.RESOURCES / "fonts"
CELL_WIDTH = 12           # font A, in dots at 203 dpi
CELL_HEIGHT = 24
LINE_PITCH = 30           # the printer's default line feed (24 dots of character, 6 of spacing)
BLACK_BELOW = 150         # grey levels darker than this become a printed dot


@dataclass(frozen=True)
class PrinterFont:
    """One of the printer's fonts: its name (ESC M 0 is "A", ESC M 1 "B"), its cell in dots and the
    DejaVu Sans Mono pixel size whose ascent plus descent fills the cell."""

    name: str
    cell_width: int
    cell_height: int
    pixels: int


FONT_A = PrinterFont("A", CELL_WIDTH, CELL_HEIGHT, 20)   # 20 px: ascent 19 + descent 5 = 24, advance 12.05
FONT_B = PrinterFont("B", 9, 17, 14)                     # 14 px: ascent 13 + descent 4 = 17, advance 8.42
_FONTS = {font.name: font for font in (FONT_A, FONT_B)}


def printer_font(name: str) -> PrinterFont:
    """The printer font called `name` ("A" or "B")."""
    return _FONTS[name]


def font_for(size: Size) -> PrinterFont:
    """The printer font a layout size prints in: font B for small type, font A otherwise."""
    return FONT_B if size is Size.SMALL else FONT_A


@lru_cache(maxsize=8)
def _font(bold: bool, pixels: int) -> ImageFont.FreeTypeFont:
    name = "DejaVuSansMono-Bold.ttf" if bold else "DejaVuSansMono.ttf"
    return ImageFont.truetype(str(FONT_DIR / name), pixels)


@lru_cache(maxsize=4096)
def cell_image(char: str, width: int = 1, height: int = 1, bold: bool = False, font: str = "A") -> Image.Image:
    """One character in its cell ("L", black on white): the printer font's cell (font A 12 x 24 dots,
    font B 9 x 17) times the width and height multipliers (GS !). Glyphs wider than the cell are
    clipped, as on the printer."""
    cells = printer_font(font)
    scale = max(1, height)
    face = _font(bold, cells.pixels * scale)
    cell = Image.new("L", (cells.cell_width * scale, cells.cell_height * scale), 255)
    if char.strip():
        ascent, _descent = face.getmetrics()
        ImageDraw.Draw(cell).text((cell.width / 2, ascent), char, font=face, fill=0, anchor="ms")
    if width != scale:
        cell = cell.resize((cells.cell_width * max(1, width), cell.height), Image.Resampling.BILINEAR)
    return cell


def draw_cells(target: Image.Image, x: int, y: int, text: str, width: int = 1, height: int = 1,
               bold: bool = False, font: str = "A") -> int:
    """Paste `text` cell by cell onto `target` ("L") with its top-left corner at (x, y); returns the x
    after the last cell."""
    for char in text:
        cell = cell_image(char, width, height, bold, font)
        target.paste(cell, (x, y))
        x += cell.width
    return x


def line_image(text: str, paper: Paper, *, size: Size = Size.NORMAL, bold: bool = False,
               align: Align = Align.LEFT, narrow: bool = False) -> Image.Image:
    """`text` as one printed line: a 1-bit image `paper.dots` wide, one line pitch high (30 dots; 48 in
    large type, where the characters are taller than the pitch), characters at the top in font-A cells
    (font-B cells in small type), `paper.columns_for(size)` of them a line. `narrow`: large type at
    single width (double height only, GS ! 0x01), a whole line of font-A columns. Text longer than the
    line is cut at the paper's edge."""
    high = 2 if size is Size.LARGE else 1
    narrow = narrow and size is Size.LARGE
    wide = 1 if narrow else high
    cells = font_for(size)
    text = text[:paper.columns_for(Size.NORMAL if narrow else size)]
    used = len(text) * cells.cell_width * wide
    if align is Align.CENTER:
        x = (paper.dots - used) // 2
    elif align is Align.RIGHT:
        x = paper.dots - used
    else:
        x = 0
    canvas = Image.new("L", (paper.dots, max(LINE_PITCH, cells.cell_height * high)), 255)
    draw_cells(canvas, x, 0, text, wide, high, bold, cells.name)
    return threshold(canvas)


def threshold(image: Image.Image) -> Image.Image:
    """A grey image as printed dots ("1": 0 black, 255 white)."""
    return image.convert("L").point(lambda value: 255 if value >= BLACK_BELOW else 0).convert(
        "1", dither=Image.Dither.NONE)
