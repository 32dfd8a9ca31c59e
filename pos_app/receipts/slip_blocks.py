"""The blocks a slip is made of, and fitting text to a printer's character columns.

A layout (see layout.py) is a tuple of these blocks: a line of text, a label
with its amount, a rule, a QR code, a blank line. No Qt, no printer I/O.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Union


class Paper(Enum):
    """Thermal rolls. `columns`: characters of the printer's font A (12 dots wide) in a line; `dots`: the
    printable width in the printer's dots; `printable_mm`: the width both back ends draw in.

    Most 80 mm printers have 576 dots at 203 dpi (48 characters); Epson's TM-T88 series and its kin
    print 512 dots at 180 dpi (42 characters): a 576-dot picture would not fit them."""

    MM58 = "58"
    MM80 = "80"
    MM80_42 = "80-42"

    @property
    def columns(self) -> int:
        return {Paper.MM58: 32, Paper.MM80: 48, Paper.MM80_42: 42}[self]

    @property
    def dots(self) -> int:
        return {Paper.MM58: 384, Paper.MM80: 576, Paper.MM80_42: 512}[self]

    def columns_for(self, size: Size) -> int:
        """Characters of `size` in a line: font A's `columns`; half as many in large type (double width);
        font B's (9 dots wide) in small type: 42 on 58 mm, 64 on 80 mm."""
        if size is Size.LARGE:
            return self.columns // 2
        if size is Size.SMALL:
            return self.dots // 9
        return self.columns

    @property
    def roll_mm(self) -> float:
        return 58.0 if self is Paper.MM58 else 80.0

    @property
    def printable_mm(self) -> float:
        return 48.0 if self is Paper.MM58 else 72.0

    @classmethod
    def of(cls, value: str) -> Paper:
        try:
            return cls(str(value).strip().removesuffix("mm").strip())
        except ValueError:
            return cls.MM80


class Align(Enum):
    LEFT = "left"
    CENTER = "center"
    RIGHT = "right"


class Size(Enum):
    SMALL = 0          # the printer's font B (9 x 17 dots): a long id on one line
    NORMAL = 1
    LARGE = 2          # double width and height: the total and the lottery number


class Kind(Enum):
    """What a layout is for: names print jobs and PDF files, and decides whether the drawer opens."""

    SALE = "receipt"
    COPY = "copy"
    VOID = "void"
    REFUND = "refund"
    DAY = "day"
    TEST = "test"


@dataclass(frozen=True)
class Text:
    text: str
    align: Align = Align.LEFT
    size: Size = Size.NORMAL
    bold: bool = False


@dataclass(frozen=True)
class Pair:
    """A label on the left and its value on the right of the same line (wrapped when they do not fit)."""

    left: str
    right: str
    size: Size = Size.NORMAL
    bold: bool = False


@dataclass(frozen=True)
class Rule:
    """A dashed line across the paper."""


@dataclass(frozen=True)
class QrCode:
    data: str


@dataclass(frozen=True)
class Feed:
    lines: int = 1


Block = Union[Text, Pair, Rule, QrCode, Feed]


@dataclass(frozen=True)
class ReceiptLayout:
    kind: Kind
    title: str                      # the print job's name, e.g. "Receipt 20261121-T1-0007"
    blocks: tuple[Block, ...]
    cash_taken: bool = False        # a sale's cash opened the drawer when it was taken (ui/sale/keys/tender_keys.py)

    @property
    def opens_drawer(self) -> bool:
        """Only a sale's first receipt opens the cash drawer, and not when its cash already did (one kick a
        sale); copies, slips and reports do not."""
        return self.kind is Kind.SALE and not self.cash_taken

    def text(self) -> str:
        """Every word the layout prints, one block a line (for tests and logs-free checks)."""
        parts = []
        for block in self.blocks:
            if isinstance(block, Text):
                parts.append(block.text)
            elif isinstance(block, Pair):
                parts.append(f"{block.left} {block.right}")
            elif isinstance(block, QrCode):
                parts.append(f"[QR {block.data}]")
        return "\n".join(parts)


@dataclass(frozen=True)
class ShopHeader:
    """The top of every slip, from the settings."""

    name: str = ""
    register: str = ""              # the shop's tax register number (ТТД)
    address: str = ""
    terminal: str = ""


# -- text fitting for character-column printers --------------------------------

def wrap(text: str, width: int) -> list[str]:
    """`text` in lines of at most `width` characters, broken at spaces where possible; never empty. A
    paragraph's leading indent is kept on each of its lines (while it leaves room for text)."""
    width = max(1, width)
    lines: list[str] = []
    for paragraph in text.splitlines() or [""]:
        body = paragraph.lstrip(" ")
        indent = " " * (len(paragraph) - len(body)) if len(paragraph) - len(body) < width // 2 else ""
        room = width - len(indent)
        line = ""
        for word in body.split(" "):
            while len(word) > room:                 # a word longer than the line: cut it
                if line:
                    lines.append(indent + line)
                    line = ""
                lines.append(indent + word[:room])
                word = word[room:]
            if not line:
                line = word
            elif len(line) + 1 + len(word) <= room:
                line = f"{line} {word}"
            else:
                lines.append(indent + line)
                line = word
        lines.append(indent + line)
    return lines


def pair_lines(left: str, right: str, width: int) -> list[str]:
    """Label and value on one line of `width` characters, the value flush right; the label wraps above it
    when both do not fit, and goes on lines of its own when the value leaves it too little room."""
    width = max(1, width)
    room = width - len(right) - 1
    if room < max(1, width // 3):
        lines = wrap(left, width) if left else []
        return lines + [line.rjust(width) for line in wrap(right, width)]
    lines = wrap(left, room) if left else [""]
    last = lines.pop()
    return lines + [last.ljust(room) + " " + right]

