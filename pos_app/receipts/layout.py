"""What a printed slip says, as one description both back ends draw.

A layout is a tuple of blocks (a line of text, a label with its amount, a
rule, a QR code, a blank line). The ESC/POS back end prints them in the
printer's character columns; the Qt back end draws them in points. Neither
decides *what* is printed: that is all here, so a receipt on a 58 mm thermal
printer, on A4 and in a PDF say the same thing.

No Qt widgets, no printer I/O: building a layout is a pure function of the
journal's record of the sale, the shop's header and the moment of printing.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from enum import Enum
from typing import Union

from PySide6.QtCore import QCoreApplication

from pos_app.domain.sale import IssuedReceipt, Receiver, ReceiverKind
from pos_app.formats import date_text, datetime_text, money_text, quantity_text
from pos_app.journal import JournalSale, ReceiptStatus, ReversalKind, ReversalStatus
from pos_app.journal.day_summary import UNKNOWN, DaySummary

__all__ = ["Align", "Block", "Feed", "Kind", "Pair", "Paper", "QrCode", "ReceiptLayout", "Rule", "ShopHeader",
           "Size", "Text", "day_summary_layout", "layouts_for", "pair_lines", "printer_test_page",
           "refund_slip", "sale_receipt",
           "void_slip", "wrap"]


translate = QCoreApplication.translate     # lupdate reads translate("Receipt", "...") calls


def _unknown() -> str:
    # The day summary's key for a bank or type the service did not name (its CSV keeps the English word).
    assert UNKNOWN == "Unknown"
    return translate("Receipt", "Unknown")


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

    @property
    def opens_drawer(self) -> bool:
        """Only a sale's first receipt opens the cash drawer; copies, slips and reports do not."""
        return self.kind is Kind.SALE

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



# -- the slips ------------------------------------------------------------------

def _header(shop: ShopHeader, terminal: str) -> list[Block]:
    blocks: list[Block] = []
    if shop.name:
        blocks.append(Text(shop.name, Align.CENTER, bold=True))
    if shop.register:
        blocks.append(Text(translate("Receipt", "Register no. {register}").format(register=shop.register),
                           Align.CENTER))
    if shop.address:
        blocks.append(Text(shop.address, Align.CENTER))
    blocks.append(Text(translate("Receipt", "Terminal {terminal}").format(terminal=terminal or shop.terminal),
                       Align.CENTER))
    return blocks


def _moment(moment: datetime) -> str:
    return datetime_text(moment, seconds=True)


def _lines(sale: JournalSale) -> list[Block]:
    blocks: list[Block] = []
    for line in sale.lines:
        blocks.append(Text(line.description))
        blocks.append(Pair(f"  {quantity_text(line.quantity)} x {money_text(line.unit_price)}",
                           money_text(line.total)))
    return blocks


def _taxes(sale: JournalSale) -> tuple[Decimal, Decimal]:
    """The receipts' own figures (summed over a sale's receipts, one a payment), else the sale's split."""
    receipts = sale.current_receipts
    if receipts:
        return sum((r.vat for r in receipts), Decimal(0)), sum((r.city_tax for r in receipts), Decimal(0))
    return sale.taxes.vat, sale.taxes.city_tax


def _payments(sale: JournalSale) -> list[Block]:
    blocks: list[Block] = []
    for payment in sale.payments:
        blocks.append(Pair(translate("Receipt", "Paid via"), payment.bank or "QPay"))
        blocks.append(Pair(translate("Receipt", "Payment id"), payment.payment_id))
    return blocks


def _receiver_text(sale: JournalSale) -> str:
    return _receiver_name(sale.receipt.receiver if sale.receipt is not None else sale.receiver)


def _receiver_name(receiver: Receiver | None) -> str:
    if receiver is not None and receiver.kind is ReceiverKind.ORGANIZATION:
        return translate("Receipt", "Organization {register}").format(register=receiver.register)
    return translate("Receipt", "Individual")


def _voided(sale: JournalSale) -> tuple[IssuedReceipt, ...]:
    """The receipts being voided or voided (the void slip's), oldest first."""
    return tuple(row.receipt for row in sale.receipts
                 if row.status in (ReceiptStatus.CANCELLING, ReceiptStatus.CANCELLED))


def sale_receipt(sale: JournalSale, shop: ShopHeader, printed_at: datetime, *, copy: bool = False) -> ReceiptLayout:
    """The customer's receipt: the shop, the lines, the taxes, the payment and, once issued, the ebarimt
    (lottery number in large type, its QR code, its id, the receiver). A reprint is marked as a copy."""
    blocks: list[Block] = _header(shop, sale.terminal)
    if copy:
        blocks += [Feed(), Text(translate("Receipt", "COPY"), Align.CENTER, Size.LARGE, bold=True)]
    blocks += [Rule(),
               Pair(translate("Receipt", "Sale"), sale.number),
               Pair(translate("Receipt", "Date"), _moment(sale.created_at)),
               Rule()]
    blocks += _lines(sale)
    vat, city_tax = _taxes(sale)
    blocks += [Rule(),
               Pair(translate("Receipt", "TOTAL"), money_text(sale.total), Size.LARGE, bold=True),
               Pair(translate("Receipt", "VAT"), money_text(vat)),
               Pair(translate("Receipt", "City tax"), money_text(city_tax)),
               Rule()]
    blocks += _payments(sale)
    receipts = sale.current_receipts
    if receipts:
        blocks += [Rule(),
                   Text(translate("Receipt", "Ebarimt receipt"), Align.CENTER, bold=True),
                   Pair(translate("Receipt", "Receiver"), _receiver_text(sale))]
    for receipt in receipts:      # one a payment: each with its own lottery number and QR
        if len(receipts) > 1:
            blocks += [Feed(), Pair(translate("Receipt", "Payment"), money_text(receipt.amount), bold=True)]
        blocks += [Text(translate("Receipt", "Receipt id")),
                   Text(receipt.receipt_id, Align.RIGHT, Size.SMALL),
                   Feed(),
                   Text(translate("Receipt", "Lottery"), Align.CENTER),
                   Text(receipt.lottery, Align.CENTER, Size.LARGE, bold=True)]
        if receipt.qr_data:
            blocks.append(QrCode(receipt.qr_data))
    if not receipts:
        blocks += [Feed(), Text(translate("Receipt", "No ebarimt receipt issued for this sale."), Align.CENTER)]
    if copy:
        blocks.append(Text(translate("Receipt", "Printed {moment}").format(moment=_moment(printed_at)), Align.CENTER))
    blocks += [Feed(), Text(translate("Receipt", "Thank you!"), Align.CENTER)]
    kind = Kind.COPY if copy else Kind.SALE
    return ReceiptLayout(kind, translate("Receipt", "Receipt {number}").format(number=sale.number), tuple(blocks))


def _slip_head(sale: JournalSale, shop: ShopHeader, mark: str, printed_at: datetime) -> list[Block]:
    return [*_header(shop, sale.terminal), Rule(),
            Text(f"*** {mark} ***", Align.CENTER, Size.LARGE, bold=True), Rule(),
            Pair(translate("Receipt", "Sale"), sale.number),
            Pair(translate("Receipt", "Sale date"), _moment(sale.created_at)),
            Pair(translate("Receipt", "Printed"), _moment(printed_at))]


def void_slip(sale: JournalSale, shop: ShopHeader, printed_at: datetime) -> ReceiptLayout:
    """The slip for a cancelled ebarimt: which receipt (id, lottery) is void, and for how much. No QR: a
    void receipt's code must not be scanned as a valid one."""
    blocks = _slip_head(sale, shop, translate("Receipt", "RECEIPT CANCELLED"), printed_at)
    for receipt in _voided(sale):
        blocks += [Text(translate("Receipt", "Receipt id")), Text(receipt.receipt_id, Align.RIGHT, Size.SMALL),
                   Pair(translate("Receipt", "Lottery"), receipt.lottery),
                   Pair(translate("Receipt", "Receiver"), _receiver_name(receipt.receiver)),
                   Pair(translate("Receipt", "Amount"), money_text(receipt.amount), bold=True)]
    if sale.receipt_status is ReceiptStatus.CANCELLING:
        blocks.append(Text(translate("Receipt", "The cancel is not confirmed yet."), Align.CENTER))
    blocks += [Feed(), Text(translate("Receipt", "This receipt is no longer valid."), Align.CENTER)]
    title = translate("Receipt", "Cancelled receipt {number}").format(number=sale.number)
    return ReceiptLayout(Kind.VOID, title, tuple(blocks))


def refund_slip(sale: JournalSale, shop: ShopHeader, printed_at: datetime) -> ReceiptLayout:
    """The slip for money given back to the customer's card (a cancel or a refund of the payment)."""
    refund = sale.reversal_kind is ReversalKind.REFUND
    mark = translate("Receipt", "REFUND") if refund else translate("Receipt", "PAYMENT CANCELLED")
    blocks = _slip_head(sale, shop, mark, printed_at)
    blocks += [Rule()]
    blocks += _lines(sale)
    blocks += [Rule(), Pair(translate("Receipt", "Sale total"), money_text(sale.total))]
    given_back = sale.reversed_amount if sale.is_reversed else sale.paid_amount
    label = translate("Receipt", "Given back") if sale.is_reversed else translate("Receipt", "To give back")
    blocks.append(Pair(label, money_text(given_back), Size.LARGE, bold=True))
    blocks += _payments(sale)
    if sale.reversal_reason:
        blocks += [Rule(), Text(translate("Receipt", "Reason")), Text(sale.reversal_reason)]
    if sale.reversal_status is not ReversalStatus.DONE:
        blocks.append(Text(translate("Receipt", "The bank has not confirmed this yet."), Align.CENTER))
    if sale.receipts:
        voided = not sale.valid_receipts
        state = translate("Receipt", "cancelled") if voided else translate("Receipt", "not cancelled yet")
        blocks.append(Pair(translate("Receipt", "Ebarimt receipt"), state))
    blocks += [Feed(), Text(translate("Receipt", "Customer signature"), Align.LEFT), Feed(2), Rule()]
    return ReceiptLayout(Kind.REFUND, f"{mark.title()} {sale.number}", tuple(blocks))


def layouts_for(sale: JournalSale, shop: ShopHeader, printed_at: datetime) -> tuple[ReceiptLayout, ...]:
    """What a reprint from the history prints: the receipt (marked as a copy), then a slip for each thing
    undone afterwards (the payment given back, the ebarimt cancelled)."""
    layouts = [sale_receipt(sale, shop, printed_at, copy=True)]
    if sale.reversal_status in (ReversalStatus.PENDING, ReversalStatus.DONE):
        layouts.append(refund_slip(sale, shop, printed_at))
    if _voided(sale):
        layouts.append(void_slip(sale, shop, printed_at))
    return tuple(layouts)


def printer_test_page(shop: ShopHeader, printer: str, paper: Paper, printed_at: datetime) -> ReceiptLayout:
    """What "Print test page" prints: whether the width, Mongolian letters, large type, the QR code and the
    cutter all work, before the first customer."""
    def ruler(size: Size) -> str:
        return "".join(str(column % 10) for column in range(1, paper.columns_for(size) + 1))

    blocks: list[Block] = [*_header(shop, shop.terminal), Rule(),
                           Text(translate("Receipt", "Printer test page"), Align.CENTER, Size.LARGE, bold=True),
                           Text(translate("Receipt", "Printer")), Text(printer, Align.RIGHT),
                           Pair(translate("Receipt", "Paper"),
                                translate("Receipt", "{width} mm, {columns} characters").format(
                                    width=f"{paper.roll_mm:g}", columns=paper.columns)),
                           Pair(translate("Receipt", "Printed"), _moment(printed_at)),
                           Rule(),
                           Text(ruler(Size.NORMAL)),
                           Text(ruler(Size.SMALL), size=Size.SMALL),
                           Text(translate("Receipt", "Each line of digits above must fit on one line.")),
                           Rule(),
                           Text("Аа Бб Өө Үү Ээ Яя Ёё — ₮"),
                           Text("Сүү 1л, Өндөг 10ш, Хүнсний дэлгүүр"),
                           Pair("Нийт дүн", money_text(Decimal("12500"))),
                           Text(translate("Receipt", "Lottery"), Align.CENTER),
                           Text("AB 12345678", Align.CENTER, Size.LARGE, bold=True),
                           QrCode("pos-app printer test"),
                           Text(translate("Receipt", "If every letter above reads right, the printer is ready."),
                                Align.CENTER)]
    return ReceiptLayout(Kind.TEST, translate("Receipt", "Printer test page"), tuple(blocks))


def day_summary_layout(summary: DaySummary, shop: ShopHeader, printed_at: datetime) -> ReceiptLayout:
    """The end-of-day summary as a slip (a closed day's is its Z report: it says when it was closed)."""
    blocks: list[Block] = [*_header(shop, summary.terminal), Rule(),
                           Text(translate("Receipt", "DAY CLOSE"), Align.CENTER, Size.LARGE, bold=True),
                           Pair(translate("Receipt", "Day"), date_text(summary.day))]
    if summary.since is not None:
        blocks.append(Pair(translate("Receipt", "From"), _moment(summary.since)))
    if summary.closed_at is not None:
        blocks.append(Pair(translate("Receipt", "Closed"), _moment(summary.closed_at)))
    blocks += [Pair(translate("Receipt", "Printed"), _moment(printed_at)),
               Rule(),
               Pair(translate("Receipt", "Sales begun"), str(summary.sales_count)),
               Pair(translate("Receipt", "Paid ({count})").format(count=summary.paid.count),
                    money_text(summary.paid.amount))]
    if summary.overpaid:
        blocks.append(Pair(translate("Receipt", "Paid beyond the total"), money_text(summary.overpaid)))
    blocks += [Pair(translate("Receipt", "Given back ({count})").format(count=summary.given_back.count),
                    money_text(summary.given_back.amount)),
               Pair(translate("Receipt", "NET"), money_text(summary.net), Size.LARGE, bold=True),
               Rule(),
               Pair(translate("Receipt", "Receipts issued"), str(summary.receipts_issued)),
               Pair(translate("Receipt", "Receipts cancelled"), str(summary.receipts_voided)),
               Pair(translate("Receipt", "VAT with receipt"), money_text(summary.receipt_vat)),
               Pair(translate("Receipt", "City tax with receipt"), money_text(summary.receipt_city_tax)),
               Pair(translate("Receipt", "Without receipt ({count})").format(count=summary.without_receipt.count),
                    money_text(summary.without_receipt.amount)),
               Pair(translate("Receipt", "VAT without receipt"), money_text(summary.no_receipt_vat)),
               Pair(translate("Receipt", "City tax without receipt"), money_text(summary.no_receipt_city_tax)),
               Rule()]
    if summary.by_bank:
        blocks.append(Text(translate("Receipt", "By bank"), bold=True))
        blocks += [Pair(f"{bank or _unknown()} ({tally.count})", money_text(tally.amount))
                   for bank, tally in summary.by_bank]
    if summary.by_payment_type:
        blocks.append(Text(translate("Receipt", "By payment type"), bold=True))
        blocks += [Pair(f"{kind or _unknown()} ({tally.count})", money_text(tally.amount))
                   for kind, tally in summary.by_payment_type]
    blocks += [Rule(),
               Pair(translate("Receipt", "Cancelled ({count})").format(count=summary.cancelled.count),
                    money_text(summary.cancelled.amount)),
               Pair(translate("Receipt", "Expired ({count})").format(count=summary.expired.count),
                    money_text(summary.expired.amount)),
               Pair(translate("Receipt", "Failed ({count})").format(count=summary.failed.count),
                    money_text(summary.failed.amount))]
    if summary.needs_attention:
        blocks += [Rule(), Text(translate("Receipt", "NEEDS ATTENTION"), Align.CENTER, bold=True),
                   Pair(translate("Receipt", "Owed a receipt"), str(summary.owes_receipt.count))]
        blocks += [Pair(number, money_text(missing), Size.SMALL) for number, missing in summary.owing]
        blocks += [Pair(translate("Receipt", "Unfinished sales"), str(summary.unfinished.count)),
                   Pair(translate("Receipt", "Give-backs pending"), str(summary.reversals_pending)),
                   Pair(translate("Receipt", "Give-backs failed"), str(summary.reversals_failed)),
                   Pair(translate("Receipt", "Receipt cancels pending"), str(summary.receipt_voids_pending))]
    blocks += [Feed(), Text(translate("Receipt", "Signature"), Align.LEFT), Feed(2), Rule()]
    title = translate("Receipt", "Day close {day}").format(day=date_text(summary.day))
    return ReceiptLayout(Kind.DAY, title, tuple(blocks))
