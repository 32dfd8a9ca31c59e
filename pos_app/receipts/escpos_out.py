"""A layout as ESC/POS bytes, for 58 and 80 mm thermal printers (through any python-escpos printer).

Text goes in the printer's font A, wrapped to the paper's columns and aligned with ESC a; bold with
ESC E, large type with GS ! (double width and height), small type in font B (ESC M 1: 9 x 17 dots, 42
columns on 58 mm and 64 on 80 mm). Large text too long for half the columns but not for all of them (a
title such as "*** RECEIPT CANCELLED ***") goes on one line at double height only rather than break.
The QR code is a raster image (GS v 0) drawn here, because cheap printers differ in their native QR
support.

Letters: a line is sent as printer text only when every character of it is in a code page we trust
this printer to have, encoded here and preceded by ESC t where the page changes; anything else (the
Mongolian Ө, Ү and the sign ₮ on most printers) is sent as a picture of the line (`text_image`). So
python-escpos's MagicEncode never sees our text and never prints a "?" for a letter it cannot place.
A generic printer ("default" profile) is trusted with CP437 and CP866 only: the default profile claims
dozens of pages that a cheap printer may map differently; a named model gets the pages its profile
declares (Epson's TM-T20II has RK1048, which spells Ө and Ү but not ₮).
"""

from __future__ import annotations

import codecs
import copy
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from escpos.capabilities import CAPABILITIES, CLASS_CACHE, Profile
from escpos.constants import CD_KICK_2, PAPER_FULL_CUT, PAPER_PART_CUT
from PIL import Image, ImageChops
from PySide6.QtCore import QCoreApplication

from .errors import PrinterSetupError
from .layout import Align, Feed, Pair, Paper, QrCode, ReceiptLayout, Rule, Size, Text, pair_lines, wrap
from .qr import QUIET_ZONE, qr_matrix
from .text_image import line_image

__all__ = ["CodePage", "ESC_POS_MODELS", "GENERIC_CODE_PAGES", "PaperProfile", "make_profile", "profile_name",
           "python_codec", "qr_image", "render_escpos", "safe_code_pages"]

ESC = b"\x1b"
GS = b"\x1d"
INIT = ESC + b"@"
GENERIC_CODE_PAGES = ("CP437", "CP866")     # what a printer of unknown make is trusted to have
ESC_POS_MODELS: tuple[str, ...] = tuple(sorted(CAPABILITIES["profiles"], key=str.lower))
QR_MODULE_DOTS = {Paper.MM58: 5, Paper.MM80: 6, Paper.MM80_42: 6}   # 0.6 / 0.75 mm modules at 203 dpi
QR_BORDER = QUIET_ZONE        # modules of quiet zone on every side (the standard's)
CUT_FEED_LINES = 6                                # lines fed so the last printed line clears the cutter
RASTER_BAND_ROWS = 256                            # rows per GS v 0 command (small printer buffers)
# Code pages python-escpos knows by name but without a Python codec.
_CODEC_NAMES = {"RK1048": "kz1048", "KZ1048": "kz1048", "KZ-1048": "kz1048"}
_ALIGN = {Align.LEFT: 0, Align.CENTER: 1, Align.RIGHT: 2}
SELECT_FONT_A, SELECT_FONT_B = ESC + b"M\x00", ESC + b"M\x01"
translate = QCoreApplication.translate     # lupdate reads translate("Printing", "...") calls


# -- profiles and code pages ----------------------------------------------------

def profile_name(model: str) -> str:
    """python-escpos's name for `model` (any case; "" is "default"); PrinterSetupError when it has none."""
    wanted = (model or "").strip() or "default"
    for name in CAPABILITIES["profiles"]:
        if name.lower() == wanted.lower():
            return name
    raise PrinterSetupError(translate("Printing", 'The printer model "{model}" is unknown. Leave the model empty '
                                                  "for a generic ESC/POS printer, or use one of: {models}.").format(
        model=wanted, models=", ".join(ESC_POS_MODELS)))


class PaperProfile(Profile):
    """A python-escpos profile of a model with the paper's width set. A `Profile`, the only kind of profile
    object python-escpos printers accept as it is (`Dummy(profile=...)`); the model's own data, copied."""

    columns = None                     # Profile's column override: none, the model's fonts decide

    def __init__(self, model: str, paper: Paper) -> None:   # not Profile's, which would drop the features
        self.model = model
        self.profile_data = copy.deepcopy(CAPABILITIES["profiles"][model])
        width = self.profile_data.setdefault("media", {}).setdefault("width", {})
        width["pixels"] = paper.dots
        width["mm"] = paper.printable_mm


def make_profile(paper: Paper, model: str = "default") -> PaperProfile:
    """The python-escpos profile of `model` ("" or "default": a generic printer) with the paper's printable
    width in dots (python-escpos's image() prints a complaint to stdout without it). Unknown model:
    PrinterSetupError."""
    return PaperProfile(profile_name(model), paper)


def _model_of(profile) -> str:
    if isinstance(profile, PaperProfile):
        return profile.model
    for name, cls in CLASS_CACHE.items():
        if type(profile) is cls:
            return name
    return "default"         # a profile of the caller's own making: trust only the generic pages


def python_codec(page: str) -> str | None:
    """The Python codec for a python-escpos code page name (CP866 -> cp866, RK1048 -> kz1048), or None."""
    name = _CODEC_NAMES.get(page.upper()) or CAPABILITIES["encodings"].get(page, {}).get("python_encode")
    if not name:
        return None
    try:
        return codecs.lookup(name).name
    except LookupError:
        return None


@lru_cache(maxsize=64)
def _upper_half(codec: str) -> Mapping[str, int]:
    """Characters of bytes 0x80-0xFF in a single-byte reading of `codec` (control characters left out)."""
    chars: dict[str, int] = {}
    for byte in range(0x80, 0x100):
        try:
            char = bytes((byte,)).decode(codec)
        except UnicodeDecodeError:
            continue
        if len(char) == 1 and not unicodedata.category(char).startswith("C") and char not in chars:
            chars[char] = byte
    return chars


def _printable_ascii(char: str) -> bool:
    return " " <= char <= "~"


@dataclass(frozen=True)
class CodePage:
    """A code page the printer selects with ESC t `number`, read and written with Python's `codec`."""

    name: str
    number: int
    codec: str
    chars: Mapping[str, int] = field(repr=False, compare=False, hash=False, default_factory=dict)

    def can(self, char: str) -> bool:
        return _printable_ascii(char) or char in self.chars

    def encode(self, text: str) -> bytes | None:
        """`text` in this page, or None when a character is not in it."""
        if not all(self.can(char) for char in text):
            return None
        return bytes(ord(char) if _printable_ascii(char) else self.chars[char] for char in text)


def safe_code_pages(profile, model: str = "default") -> tuple[CodePage, ...]:
    """The code pages text may use on this printer, in order of preference (lowest ESC t number first):
    CP437 and CP866 for a generic printer; for a named model every page its profile declares that Python
    can encode (pages named "Unknown" or without a codec are left out)."""
    generic = profile_name(model) == "default"
    pages: dict[str, CodePage] = {}
    for number, name in sorted(((int(n), name) for n, name in profile.codePages.items())):
        if name in pages or (generic and name not in GENERIC_CODE_PAGES) or not 0 <= number <= 255:
            continue
        codec = python_codec(name)
        if codec is not None:
            pages[name] = CodePage(name, number, codec, _upper_half(codec))
    return tuple(pages.values())


def _encode_line(line: str, pages: Sequence[CodePage], current: CodePage | None
                 ) -> list[tuple[CodePage | None, bytes]] | None:
    """The line as (code page, bytes) runs, staying in `current` where it can; None if some character is
    in none of the pages. Plain ASCII needs no page."""
    if all(_printable_ascii(char) for char in line):
        return [(None, line.encode("ascii"))]
    ordered = ([current] if current in pages else []) + [page for page in pages if page != current]
    for page in ordered:
        data = page.encode(line)
        if data is not None:
            return [(page, data)]
    runs: list[tuple[CodePage | None, bytes]] = []
    start, page = 0, current
    while start < len(line):
        if page is None or not page.can(line[start]):
            usable = [candidate for candidate in ordered if candidate.can(line[start])]
            if not usable:
                return None
            page = max(usable, key=lambda candidate: _reach(candidate, line, start))   # the first of the longest
        end = _reach(page, line, start)
        runs.append((page, page.encode(line[start:end]) or b""))
        start = end
    return runs


def _reach(page: CodePage, line: str, start: int) -> int:
    """Where the run of `line` from `start` that `page` can spell ends."""
    end = start
    while end < len(line) and page.can(line[end]):
        end += 1
    return end


# -- images ----------------------------------------------------------------------

def qr_image(data: str, paper: Paper) -> Image.Image:
    """The QR code (error correction M, 4-module quiet zone) as a 1-bit image the paper's width, centred;
    modules of 6 dots on 80 mm and 5 on 58 mm, smaller only when the code would not fit otherwise."""
    inner = qr_matrix(data)
    light = [False] * (len(inner) + 2 * QR_BORDER)
    matrix = ([light] * QR_BORDER + [[False] * QR_BORDER + row + [False] * QR_BORDER for row in inner]
              + [light] * QR_BORDER)
    modules = len(matrix)
    module = max(1, min(QR_MODULE_DOTS[paper], paper.dots // modules))
    small = Image.new("1", (modules, modules), 1)
    small.putdata([0 if dark else 1 for row in matrix for dark in row])
    side = modules * module
    code_image = small.resize((side, side), Image.Resampling.NEAREST)
    canvas = Image.new("1", (paper.dots, side), 1)
    canvas.paste(code_image, ((paper.dots - side) // 2, 0))
    return canvas


def _raster(image: Image.Image) -> tuple[bytes, int]:
    """GS v 0 commands for a 1-bit image (black = dot), cut after its last black column (to the byte);
    returns the bytes and the width sent in dots."""
    ink = ImageChops.invert(image.convert("L"))
    box = ink.getbbox()
    width_bytes = max(1, -(-box[2] // 8)) if box else 1
    ink = ink.crop((0, 0, width_bytes * 8, image.height)).convert("1", dither=Image.Dither.NONE)
    out = bytearray()
    for top in range(0, image.height, RASTER_BAND_ROWS):
        band = ink.crop((0, top, width_bytes * 8, min(image.height, top + RASTER_BAND_ROWS)))
        out += GS + b"v0\x00" + width_bytes.to_bytes(2, "little") + band.height.to_bytes(2, "little")
        out += band.tobytes()
    return bytes(out), width_bytes * 8


# -- the writer ------------------------------------------------------------------

def _clean(text: str) -> str:
    return "".join(" " if unicodedata.category(char) == "Cc" else char for char in text)


class _Writer:
    """ESC/POS for one layout, sending a mode only when it changes."""

    def __init__(self, paper: Paper, pages: Sequence[CodePage], text_as_image: bool) -> None:
        self.paper = paper
        self.pages = tuple(pages)
        self.text_as_image = text_as_image
        self.out = bytearray(INIT)
        self.align, self.bold, self.page = Align.LEFT, False, None   # after ESC @
        self.small, self.magnify = False, 0                          # font A, GS ! 0

    def _set(self, align: Align, size: Size, bold: bool, narrow: bool) -> None:
        if align is not self.align:
            self.out += ESC + b"a" + bytes((_ALIGN[align],))
            self.align = align
        small = size is Size.SMALL
        if small != self.small:
            self.out += SELECT_FONT_B if small else SELECT_FONT_A
            self.small = small
        magnify = (0x01 if narrow else 0x11) if size is Size.LARGE else 0x00     # GS !: width << 4 | height
        if magnify != self.magnify:
            self.out += GS + b"!" + bytes((magnify,))
            self.magnify = magnify
        if bold != self.bold:
            self.out += ESC + b"E" + (b"\x01" if bold else b"\x00")
            self.bold = bold

    def feed(self, lines: int) -> None:
        if lines <= 0:
            return
        if self.magnify:               # an empty line is as high as the current character size
            self.out += GS + b"!\x00"
            self.magnify = 0
        self.out += b"\n" * lines

    def line(self, text: str, *, align: Align = Align.LEFT, size: Size = Size.NORMAL, bold: bool = False,
             narrow: bool = False) -> None:
        """One printed line; `narrow`: large type at single width (double height only)."""
        text = _clean(text).rstrip()
        if not text:
            self.feed(1)
            return
        narrow = narrow and size is Size.LARGE
        runs = None if self.text_as_image else _encode_line(text, self.pages, self.page)
        if runs is None:
            self.image(line_image(text, self.paper, size=size, bold=bold, align=align, narrow=narrow))
            return
        self._set(align, size, bold, narrow)
        for page, data in runs:
            if page is not None and page != self.page:
                self.out += ESC + b"t" + bytes((page.number,))
                self.page = page
            self.out += data
        self.out += b"\n"

    def image(self, image: Image.Image) -> None:
        data, width = _raster(image)
        if width < self.paper.dots and self.align is not Align.LEFT:   # a cut-down picture starts at the left
            self.out += ESC + b"a\x00"
            self.align = Align.LEFT
        self.out += data

    def block(self, block) -> None:
        if isinstance(block, Text):
            text = _clean(block.text)
            lines = wrap(text, self.paper.columns_for(block.size))
            whole = wrap(text, self.paper.columns)
            narrow = block.size is Size.LARGE and len(lines) > 1 and len(whole) == 1
            for line in whole if narrow else lines:
                self.line(line, align=block.align, size=block.size, bold=block.bold, narrow=narrow)
        elif isinstance(block, Pair):
            for text in pair_lines(_clean(block.left), _clean(block.right), self.paper.columns_for(block.size)):
                self.line(text, size=block.size, bold=block.bold)
        elif isinstance(block, Rule):
            self.line("-" * self.paper.columns)
        elif isinstance(block, Feed):
            self.feed(block.lines)
        elif isinstance(block, QrCode):
            try:
                self.image(qr_image(block.data, self.paper))
            except ValueError:          # too long for a QR code: its text is printed instead (as in qt_out)
                self.block(Text(block.data, Align.CENTER))
        else:
            raise TypeError(f"not a layout block: {type(block).__name__}")


def render_escpos(layout: ReceiptLayout, printer, paper: Paper, *, cut: bool = True, open_drawer: bool = False,
                  text_as_image: bool = False, code_pages: Sequence[CodePage] | None = None) -> None:
    """Write `layout` to a python-escpos printer (one write): ESC @, the blocks, a feed past the cutter and
    the cut (`cut`, where the profile has a cutter), and the drawer kick on pin 2 when `open_drawer` and
    the layout is a first sale receipt. `text_as_image` sends every text line as a picture (for printers
    whose code pages are wrong). `code_pages`: the pages text may use; by default those
    `safe_code_pages` trusts for the printer's profile."""
    if code_pages is None:
        code_pages = safe_code_pages(printer.profile, _model_of(printer.profile))
    writer = _Writer(paper, code_pages, text_as_image)
    for block in layout.blocks:
        writer.block(block)
    writer.out += ESC + b"d" + bytes((CUT_FEED_LINES,))
    if cut:
        if printer.profile.supports("paperFullCut"):
            writer.out += PAPER_FULL_CUT
        elif printer.profile.supports("paperPartCut"):
            writer.out += PAPER_PART_CUT
    if open_drawer and layout.opens_drawer:
        writer.out += CD_KICK_2
    printer._raw(bytes(writer.out))
