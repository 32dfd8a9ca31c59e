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

# The blocks, the sale receipt and the other documents live in slip_blocks, sale_slip and slips; every name
# stays importable from here.
from .sale_slip import sale_receipt as sale_receipt
from .sale_slip import translate as translate
from .shift_slips import shift_report_layout as shift_report_layout
from .slip_blocks import Align as Align
from .slip_blocks import Block as Block
from .slip_blocks import Feed as Feed
from .slip_blocks import Kind as Kind
from .slip_blocks import Pair as Pair
from .slip_blocks import Paper as Paper
from .slip_blocks import QrCode as QrCode
from .slip_blocks import ReceiptLayout as ReceiptLayout
from .slip_blocks import Rule as Rule
from .slip_blocks import ShopHeader as ShopHeader
from .slip_blocks import Size as Size
from .slip_blocks import Text as Text
from .slip_blocks import pair_lines as pair_lines
from .slip_blocks import wrap as wrap
from .slips import day_summary_layout as day_summary_layout
from .slips import layouts_for as layouts_for
from .slips import printer_test_page as printer_test_page
from .slips import refund_slip as refund_slip
from .slips import void_slip as void_slip


__all__ = ["Align", "Block", "Feed", "Kind", "Pair", "Paper", "QrCode", "ReceiptLayout", "Rule", "ShopHeader",
           "Size", "Text", "day_summary_layout", "layouts_for", "pair_lines", "printer_test_page",
           "refund_slip", "sale_receipt", "shift_report_layout",
           "void_slip", "wrap"]
