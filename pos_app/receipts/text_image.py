"""A line of receipt text as a picture, drawn the way a thermal printer draws its own font.

When a printer's code pages cannot spell a line (the Mongolian letters Ө, Ү and the tugrik sign ₮ are
missing from almost every one), the ESC/POS back end sends the line as a raster image instead. The
picture keeps the printer's grid: every character takes one font-A cell (12 x 24 dots, double in large
type), so a line drawn here lines up with the lines the printer writes itself, and alignment follows
the printer's rule (left, centred, right within the printable width).

The bundled DejaVu Sans Mono has every Cyrillic letter and ₮; at 20 px its ascent plus descent is
exactly one cell high. The replay of printed bytes (`escpos_replay`) draws the printer's own text with
the same cells, so sample receipts look like the paper.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

import pos_app

from .layout import Align, Paper, Size

__all__ = ["CELL_HEIGHT", "CELL_WIDTH", "FONT_DIR", "LINE_PITCH", "cell_image", "draw_cells", "line_image", "threshold"]

FONT_DIR = Path(pos_app.__file__).resolve().parent.parent / "resources" / "fonts"
CELL_WIDTH = 12           # font A, in dots at 203 dpi
CELL_HEIGHT = 24
LINE_PITCH = 30           # the printer's default line feed (24 dots of character, 6 of spacing)
BLACK_BELOW = 150         # grey levels darker than this become a printed dot
_FONT_PX = 20             # DejaVu Sans Mono at 20 px: ascent 19 + descent 5 = 24, advance 12.05


@lru_cache(maxsize=8)
def _font(bold: bool, pixels: int) -> ImageFont.FreeTypeFont:
    name = "DejaVuSansMono-Bold.ttf" if bold else "DejaVuSansMono.ttf"
    return ImageFont.truetype(str(FONT_DIR / name), pixels)


@lru_cache(maxsize=4096)
def cell_image(char: str, width: int = 1, height: int = 1, bold: bool = False) -> Image.Image:
    """One character in its cell ("L", black on white): 12 x 24 dots times the width and height
    multipliers (GS !). Glyphs wider than the cell are clipped, as on the printer."""
    scale = max(1, height)
    font = _font(bold, _FONT_PX * scale)
    cell = Image.new("L", (CELL_WIDTH * scale, CELL_HEIGHT * scale), 255)
    if char.strip():
        ascent, _descent = font.getmetrics()
        ImageDraw.Draw(cell).text((cell.width / 2, ascent), char, font=font, fill=0, anchor="ms")
    if width != scale:
        cell = cell.resize((CELL_WIDTH * max(1, width), cell.height), Image.Resampling.BILINEAR)
    return cell


def draw_cells(target: Image.Image, x: int, y: int, text: str, width: int = 1, height: int = 1,
               bold: bool = False) -> int:
    """Paste `text` cell by cell onto `target` ("L") with its top-left corner at (x, y); returns the x
    after the last cell."""
    for char in text:
        cell = cell_image(char, width, height, bold)
        target.paste(cell, (x, y))
        x += cell.width
    return x


def line_image(text: str, paper: Paper, *, size: Size = Size.NORMAL, bold: bool = False,
               align: Align = Align.LEFT) -> Image.Image:
    """`text` as one printed line: a 1-bit image `paper.dots` wide, one line pitch high (30 dots; 48 in
    large type, where the characters are taller than the pitch), characters in font-A cells at the top.
    Text longer than the line is cut at the paper's edge."""
    scale = 2 if size is Size.LARGE else 1
    columns = paper.dots // (CELL_WIDTH * scale)
    text = text[:columns]
    used = len(text) * CELL_WIDTH * scale
    if align is Align.CENTER:
        x = (paper.dots - used) // 2
    elif align is Align.RIGHT:
        x = paper.dots - used
    else:
        x = 0
    canvas = Image.new("L", (paper.dots, max(LINE_PITCH, CELL_HEIGHT * scale)), 255)
    draw_cells(canvas, x, 0, text, scale, scale, bold)
    return threshold(canvas)


def threshold(image: Image.Image) -> Image.Image:
    """A grey image as printed dots ("1": 0 black, 255 white)."""
    return image.convert("L").point(lambda value: 255 if value >= BLACK_BELOW else 0).convert(
        "1", dither=Image.Dither.NONE)
