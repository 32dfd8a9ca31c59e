"""ESC/POS bytes read back: what a thermal printer would put on paper.

`read_escpos(data)` walks the commands the ESC/POS back end uses (and the common ones around them) and
returns what gets printed, in order: lines of text (each character with its size, boldness and the code
page it was decoded with, and its font: A, or B after ESC M 1), raster images (GS v 0), paper feeds,
cuts and drawer kicks. `printed_text` is the text alone; `replay` draws it all as a picture of the paper
(white paper, black dots; a cut as a dashed line across), with the printer's text in the same font-A
and font-B cells `text_image` uses. The tests read receipts through these, and the sample receipt
pictures in the docs are made with `replay`.

A command this reader does not know raises ValueError: a test should fail on bytes nobody can account
for, not skip them.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Union

from escpos.capabilities import CAPABILITIES
from PIL import Image, ImageChops, ImageDraw

from .escpos_out import profile_name, python_codec
from .layout import Align, Paper
from .text_image import BLACK_BELOW, LINE_PITCH, draw_cells, printer_font

__all__ = ["Cell", "Cut", "DrawerKick", "PaperFeed", "PrintedImage", "PrintedLine", "Printed", "printed_text",
           "read_escpos", "replay"]

ESC, GS, DLE, FS = 0x1B, 0x1D, 0x10, 0x1C
_ALIGNS = (Align.LEFT, Align.CENTER, Align.RIGHT)
_PAPER_DOTS = {Paper.MM58: 464, Paper.MM80: 640, Paper.MM80_42: 567}   # the whole roll (at 203, 203, 180 dpi)
_TOP_MARGIN = 24
_CUT_GAP = 24


@dataclass(frozen=True)
class Cell:
    """One printed character: its width and height multipliers (GS !), boldness, code page name
    ("" for plain ASCII) and printer font ("A", or "B" after ESC M 1)."""

    char: str
    width: int = 1
    height: int = 1
    bold: bool = False
    page: str = ""
    font: str = "A"

    @property
    def dots_wide(self) -> int:
        return self.width * printer_font(self.font).cell_width

    @property
    def dots_high(self) -> int:
        return self.height * printer_font(self.font).cell_height


@dataclass(frozen=True)
class PrintedLine:
    cells: tuple[Cell, ...]
    align: Align = Align.LEFT
    pitch: int = LINE_PITCH        # the line spacing in force (dots)

    @property
    def text(self) -> str:
        return "".join(cell.char for cell in self.cells)

    @property
    def width(self) -> int:
        """The largest width multiplier on the line (1 for an empty line)."""
        return max((cell.width for cell in self.cells), default=1)

    @property
    def height(self) -> int:
        return max((cell.height for cell in self.cells), default=1)

    @property
    def bold(self) -> bool:
        return bool(self.cells) and all(cell.bold for cell in self.cells)

    @property
    def code_pages(self) -> tuple[str, ...]:
        """The code pages its non-ASCII characters were read with."""
        return tuple(sorted({cell.page for cell in self.cells if cell.page and not cell.char.isascii()}))

    @property
    def fonts(self) -> tuple[str, ...]:
        """The printer fonts its characters are in ("A", "B")."""
        return tuple(sorted({cell.font for cell in self.cells}))

    @property
    def dots(self) -> int:
        """The line's width on paper."""
        return sum(cell.dots_wide for cell in self.cells)

    @property
    def dots_high(self) -> int:
        """Its tallest character's height on paper (0 for an empty line)."""
        return max((cell.dots_high for cell in self.cells), default=0)


@dataclass(frozen=True)
class PrintedImage:
    image: Image.Image             # "L": 0 a printed dot, 255 paper
    align: Align = Align.LEFT


@dataclass(frozen=True)
class PaperFeed:
    dots: int


@dataclass(frozen=True)
class Cut:
    partial: bool


@dataclass(frozen=True)
class DrawerKick:
    pin: int


Printed = Union[PrintedLine, PrintedImage, PaperFeed, Cut, DrawerKick]


@lru_cache(maxsize=64)
def _code_pages(model: str) -> dict[int, str]:
    pages = CAPABILITIES["profiles"][profile_name(model)].get("codePages", {})
    return {int(number): name for number, name in pages.items()}


@lru_cache(maxsize=4096)
def _decode(byte: int, page: str) -> str:
    codec = python_codec(page) if page else None
    if codec is None:
        return "\ufffd"
    try:
        return bytes((byte,)).decode(codec)
    except UnicodeDecodeError:
        return "\ufffd"


class _Reader:
    def __init__(self, data: bytes, model: str) -> None:
        self.data = data
        self.pages = _code_pages(model)
        self.out: list[Printed] = []
        self.buffer: list[Cell] = []
        self.line_align = Align.LEFT
        self.reset()

    def reset(self) -> None:
        self.buffer = []
        self.align = Align.LEFT
        self.width = self.height = 1
        self.bold = False
        self.page = 0
        self.font = "A"
        self.pitch = LINE_PITCH

    def arg(self, at: int, count: int = 1) -> bytes:
        if at + count > len(self.data):
            raise ValueError(f"ESC/POS command cut short at byte {at}")
        return self.data[at:at + count]

    def flush(self, *, force: bool = True) -> None:
        """Print the buffer as a line (an empty line too when `force`)."""
        if self.buffer or force:
            self.out.append(PrintedLine(tuple(self.buffer), self.line_align if self.buffer else self.align,
                                        self.pitch))
        self.buffer = []

    def char(self, byte: int) -> None:
        if not self.buffer:
            self.line_align = self.align
        if byte < 0x80:
            char, page = chr(byte), ""
        else:
            page = self.pages.get(self.page, "")
            char = _decode(byte, page)
        self.buffer.append(Cell(char, self.width, self.height, self.bold, page, self.font))

    def read(self) -> list[Printed]:
        data, at = self.data, 0
        while at < len(data):
            byte = data[at]
            if byte == 0x0A or byte == 0x0C:
                self.flush()
                at += 1
            elif byte == 0x0D:
                at += 1
            elif byte == 0x09:
                self.char(0x20)
                at += 1
            elif byte == ESC:
                at = self.esc(at)
            elif byte == GS:
                at = self.gs(at)
            elif byte == DLE:
                command = self.arg(at + 1)[0]
                if command == 0x04:            # DLE EOT n: real-time status request
                    at += 3
                elif command == 0x14:          # DLE DC4 fn m t: real-time pulse / requests
                    at += 5
                else:
                    raise ValueError(f"unknown ESC/POS command DLE 0x{command:02x} at byte {at}")
            elif byte == FS:
                command = self.arg(at + 1)[0]
                if command in (0x2E, 0x26):    # FS . / FS &: Kanji mode off / on
                    at += 2
                else:
                    raise ValueError(f"unknown ESC/POS command FS 0x{command:02x} at byte {at}")
            elif byte < 0x20 or byte == 0x7F:
                raise ValueError(f"unexpected control byte 0x{byte:02x} at byte {at}")
            else:
                self.char(byte)
                at += 1
        self.flush(force=False)
        return self.out

    def esc(self, at: int) -> int:
        command = chr(self.arg(at + 1)[0])
        if command == "@":
            self.reset()
            return at + 2
        if command == "a":
            self.align = _ALIGNS[self.arg(at + 2)[0] % 48 % 3]
            return at + 3
        if command in "EG":
            self.bold = bool(self.arg(at + 2)[0] & 1)
            return at + 3
        if command == "!":
            mode = self.arg(at + 2)[0]
            self.font = "B" if mode & 0x01 else "A"
            self.bold = bool(mode & 0x08)
            self.width = 2 if mode & 0x20 else 1
            self.height = 2 if mode & 0x10 else 1
            return at + 3
        if command == "t":
            self.page = self.arg(at + 2)[0]
            return at + 3
        if command == "M":
            font = self.arg(at + 2)[0]
            if font not in (0, 1, 48, 49):
                raise ValueError(f"unknown ESC/POS font ESC M {font} at byte {at}")
            self.font = "B" if font & 1 else "A"
            return at + 3
        if command == "d":
            lines = self.arg(at + 2)[0]
            if self.buffer:
                self.flush()
                lines -= 1
            for _ in range(max(0, lines)):
                self.flush()
            return at + 3
        if command == "J":
            self.flush(force=False)
            self.out.append(PaperFeed(self.arg(at + 2)[0]))
            return at + 3
        if command == "2":
            self.pitch = LINE_PITCH
            return at + 2
        if command == "3":
            self.pitch = self.arg(at + 2)[0]
            return at + 3
        if command == "p":
            self.out.append(DrawerKick(5 if self.arg(at + 2)[0] & 1 else 2))
            return at + 5
        if command in "im":
            self.flush(force=False)
            self.out.append(Cut(partial=True))
            return at + 2
        if command in "-RV{ =r":
            return at + 3
        raise ValueError(f"unknown ESC/POS command ESC {command!r} at byte {at}")

    def gs(self, at: int) -> int:
        command = chr(self.arg(at + 1)[0])
        if command == "!":
            size = self.arg(at + 2)[0]
            self.width, self.height = (size >> 4) + 1, (size & 0x0F) + 1
            return at + 3
        if command == "V":
            mode = self.arg(at + 2)[0]
            self.flush(force=False)
            self.out.append(Cut(partial=bool(mode & 1)))
            return at + (3 if mode in (0, 1, 48, 49) else 4)
        if command == "v":
            if self.arg(at + 2)[0] != 0x30:
                raise ValueError(f"unknown ESC/POS command GS v at byte {at}")
            header = self.arg(at + 4, 4)
            width_bytes = int.from_bytes(header[:2], "little")
            height = int.from_bytes(header[2:], "little")
            raster = self.arg(at + 8, width_bytes * height)
            self.flush(force=False)
            bits = Image.frombytes("1", (width_bytes * 8, height), raster)
            self.out.append(PrintedImage(ImageChops.invert(bits.convert("L")), self.align))
            return at + 8 + width_bytes * height
        if command == "(":
            length = int.from_bytes(self.arg(at + 3, 2), "little")
            return at + 5 + length
        if command in "BaHfhwrI":
            return at + 3
        if command in "LW":
            return at + 4
        raise ValueError(f"unknown ESC/POS command GS {command!r} at byte {at}")


def read_escpos(data: bytes, *, model: str = "default") -> list[Printed]:
    """What `data` prints, in order. Bytes of 0x80 and above are decoded with the code page selected by
    ESC t, as numbered in `model`'s python-escpos profile (page 0 after ESC @)."""
    return _Reader(bytes(data), model).read()


def printed_text(data: bytes, *, model: str = "default") -> str:
    """The text `data` prints, one printed line a line (pictures left out)."""
    return "\n".join(item.text for item in read_escpos(data, model=model) if isinstance(item, PrintedLine))


def _x(align: Align, used: int, dots: int) -> int:
    if align is Align.CENTER:
        return max(0, (dots - used) // 2)
    if align is Align.RIGHT:
        return max(0, dots - used)
    return 0


def _fit(line: PrintedLine, dots: int) -> list[PrintedLine]:
    """A line wider than the paper goes on over several lines, as the printer does."""
    pieces: list[PrintedLine] = []
    cells: list[Cell] = []
    used = 0
    for cell in line.cells:
        if cells and used + cell.dots_wide > dots:
            pieces.append(PrintedLine(tuple(cells), line.align, line.pitch))
            cells, used = [], 0
        cells.append(cell)
        used += cell.dots_wide
    pieces.append(PrintedLine(tuple(cells), line.align, line.pitch))
    return pieces


def replay(data: bytes, paper: Paper, *, model: str = "default", margins: bool = True) -> Image.Image:
    """A picture ("L": black dots on white paper) of what `data` prints on `paper`. With `margins` the
    picture is the whole roll's width with the unprintable edges and a little paper above and below;
    without, it is exactly the printable width (`paper.dots`) from the first printed row."""
    dots = paper.dots
    side = (_PAPER_DOTS[paper] - dots) // 2 if margins else 0
    top = _TOP_MARGIN if margins else 0
    placed: list[tuple[int, Printed]] = []
    y = 0
    for item in read_escpos(data, model=model):
        if isinstance(item, PrintedLine):
            for piece in _fit(item, dots):
                placed.append((y, piece))
                y += max(piece.pitch, piece.dots_high)
        elif isinstance(item, PrintedImage):
            placed.append((y, item))
            y += item.image.height
        elif isinstance(item, PaperFeed):
            y += item.dots
        elif isinstance(item, Cut):
            placed.append((y, item))
            y += _CUT_GAP
    width = dots + 2 * side
    canvas = Image.new("L", (width, y + 2 * top), 255)
    cuts: list[int] = []
    for row, item in placed:
        row += top
        if isinstance(item, PrintedLine):
            line_height = item.dots_high
            x = side + _x(item.align, item.dots, dots)
            for cell in item.cells:
                cell_top = row + line_height - cell.dots_high                 # on a common bottom line
                x = draw_cells(canvas, x, cell_top, cell.char, cell.width, cell.height, cell.bold, cell.font)
        elif isinstance(item, PrintedImage):
            image = item.image.crop((0, 0, min(item.image.width, dots), item.image.height))
            canvas.paste(image, (side + _x(item.align, image.width, dots), row))
        elif isinstance(item, Cut):
            cuts.append(row + _CUT_GAP // 2)
    canvas = canvas.point(lambda value: 255 if value >= BLACK_BELOW else 0)     # a dot is printed or not
    draw = ImageDraw.Draw(canvas)
    for middle in cuts:
        for x in range(0, width, 12):
            draw.line((x, middle, min(width - 1, x + 6), middle), fill=0, width=2)
    return canvas
