"""The cashier's shift on paper: the X report (the open shift so far) and the Z report (its close, with the cash
counted against what the drawer should hold). A pure function of the report, the shop's header and the moment of
printing, like the other slips (slips.py).
"""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

from pos_app.domain.shift import ReportKind, ShiftClose, ShiftReport, Tally
from pos_app.domain.tenders import TenderKind
from pos_app.formats import money_text, signed_money_text

from .sale_slip import header_blocks, moment_text, translate
from .slip_blocks import Align, Block, Feed, Kind, Pair, ReceiptLayout, Rule, ShopHeader, Size, Text

__all__ = ["kind_name", "shift_report_layout", "signed_difference"]


def kind_name(kind: TenderKind) -> str:
    """A tender kind as the slip names it."""
    names = {TenderKind.CASH: translate("Receipt", "Cash"),
             TenderKind.CARD_TERMINAL: translate("Receipt", "Card terminal"),
             TenderKind.QPAY: translate("Receipt", "QPay")}
    return names[kind]


def signed_difference(difference: Decimal) -> str:
    """Counted − expected, signed and said: ``+500 ₮ over``, ``-1,200 ₮ short``, ``0 ₮ balances``."""
    if difference > 0:
        return translate("Receipt", "+{amount} over").format(amount=money_text(difference))
    if difference < 0:
        return translate("Receipt", "-{amount} short").format(amount=money_text(-difference))
    return translate("Receipt", "{amount} balances").format(amount=money_text(difference))


def _tally(label: str, tally: Tally) -> Pair:
    return Pair(label.format(count=tally.count), money_text(tally.amount))


def shift_report_layout(report: ShiftReport | ShiftClose, shop: ShopHeader, printed_at: datetime) -> ReceiptLayout:
    """The X report (a `ShiftReport` of an open shift) or the Z report (a `ShiftClose`): when the shift opened and
    the report was taken, each tender kind apart (taken and refunded), the cash drawer (float, cash given, change,
    its rounding, paid in and out, expected) and, for a Z, the cash counted and the difference."""
    close = report if isinstance(report, ShiftClose) else None
    figures = close.report if close is not None else report
    assert isinstance(figures, ShiftReport)
    shift = figures.shift
    is_z = figures.kind is ReportKind.Z
    mark = translate("Receipt", "Z REPORT") if is_z else translate("Receipt", "X REPORT")
    blocks: list[Block] = [*header_blocks(shop, shift.terminal), Rule(),
                           Text(mark, Align.CENTER, Size.LARGE, bold=True),
                           Pair(translate("Receipt", "Shift opened"), moment_text(shift.opened_at)),
                           Pair(translate("Receipt", "Shift closed") if is_z else translate("Receipt", "Taken"),
                                moment_text(figures.taken_at)),
                           Pair(translate("Receipt", "Printed"), moment_text(printed_at))]
    for kind in figures.by_kind:
        blocks += [Rule(), Text(kind_name(kind.kind), bold=True),
                   _tally(translate("Receipt", "Taken ({count})"), kind.taken),
                   _tally(translate("Receipt", "Refunded ({count})"), kind.refunded),
                   Pair(translate("Receipt", "Net"), money_text(kind.net))]
    blocks += [Rule(), Text(translate("Receipt", "CASH DRAWER"), Align.CENTER, bold=True),
               Pair(translate("Receipt", "Float"), money_text(figures.float_amount)),
               Pair(translate("Receipt", "Cash given"), money_text(figures.cash_given)),
               Pair(translate("Receipt", "Change"), money_text(figures.cash_change)),
               *([Pair(translate("Receipt", "Cash rounding"), signed_money_text(figures.cash_rounding))]
                 if figures.cash_rounding else []),
               _tally(translate("Receipt", "Paid in ({count})"), figures.paid_in),
               _tally(translate("Receipt", "Paid out ({count})"), figures.paid_out),
               Pair(translate("Receipt", "Expected cash"), money_text(figures.expected_cash), bold=True)]
    if close is not None:
        blocks += [Pair(translate("Receipt", "Counted"), money_text(close.counted), bold=True),
                   Pair(translate("Receipt", "Difference"), signed_difference(close.difference), bold=True)]
    # The Z report is the cashier's hand-over of the drawer: it is signed.
    if is_z:
        blocks += [Feed(), Text(translate("Receipt", "Cashier's signature"), Align.LEFT), Feed(2)]
    blocks.append(Rule())
    title = (translate("Receipt", "Z report {terminal} {moment}") if is_z
             else translate("Receipt", "X report {terminal} {moment}")).format(
        terminal=shift.terminal, moment=moment_text(figures.taken_at))
    return ReceiptLayout(Kind.DAY, title, tuple(blocks))
