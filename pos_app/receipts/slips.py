"""The other documents: the refund, return and void slips, a reprint's set of slips, the printer test page and the
day close. Pure functions, like the sale receipt (sale_slip.py).
"""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

from pos_app.domain.returns import TenderSource
from pos_app.domain.tenders import CashTender
from pos_app.formats import date_text, money_text, quantity_text, signed_money_text
from pos_app.journal import JournalSale, ReceiptStatus, ReversalKind, ReversalStatus
from pos_app.journal.return_rows import PartReturn
from pos_app.journal.tender_rows import TenderStatus
from pos_app.journal.day_summary import UNKNOWN, DaySummary

from .sale_slip import (header_blocks, line_blocks, moment_text, payment_blocks, receiver_name, sale_receipt, translate,
                        voided_receipts)
from .slip_blocks import Align, Block, Feed, Kind, Pair, Paper, QrCode, ReceiptLayout, Rule, ShopHeader, Size, Text


def _unknown() -> str:
    # The day summary's key for a bank or type the service did not name (its CSV keeps the English word).
    assert UNKNOWN == "Unknown"
    return translate("Receipt", "Unknown")


def _tender_name(kind: str) -> str:
    """A payment type as the day close names it: the tender the money went through."""
    names = {"CASH": translate("Receipt", "Cash"), "TERMINAL": translate("Receipt", "Card terminal"),
             "CARD": translate("Receipt", "QPay card"), "P2P": translate("Receipt", "QPay bank transfer")}
    if not kind:
        return _unknown()
    return names.get(kind) or translate("Receipt", "QPay {kind}").format(kind=kind)


def _slip_head(sale: JournalSale, shop: ShopHeader, mark: str, printed_at: datetime) -> list[Block]:
    return [*header_blocks(shop, sale.terminal), Rule(),
            Text(f"*** {mark} ***", Align.CENTER, Size.LARGE, bold=True), Rule(),
            Pair(translate("Receipt", "Sale"), sale.number),
            Pair(translate("Receipt", "Sale date"), moment_text(sale.created_at)),
            Pair(translate("Receipt", "Printed"), moment_text(printed_at))]


def void_slip(sale: JournalSale, shop: ShopHeader, printed_at: datetime) -> ReceiptLayout:
    """The slip for a cancelled ebarimt: which receipt (id, lottery) is void, and for how much. No QR: a
    void receipt's code must not be scanned as a valid one."""
    blocks = _slip_head(sale, shop, translate("Receipt", "RECEIPT CANCELLED"), printed_at)
    for receipt in voided_receipts(sale):
        blocks += [Text(translate("Receipt", "Receipt id")), Text(receipt.receipt_id, Align.RIGHT, Size.SMALL),
                   *([Pair(translate("Receipt", "Lottery"), receipt.lottery)] if receipt.lottery else []),
                   Pair(translate("Receipt", "Receiver"), receiver_name(receipt.receiver)),
                   Pair(translate("Receipt", "Amount"), money_text(receipt.amount), bold=True)]
    if sale.receipt_status is ReceiptStatus.CANCELLING:
        blocks.append(Text(translate("Receipt", "The cancel is not confirmed yet."), Align.CENTER))
    blocks += [Feed(), Text(translate("Receipt", "This receipt is no longer valid."), Align.CENTER)]
    title = translate("Receipt", "Cancelled receipt {number}").format(number=sale.number)
    return ReceiptLayout(Kind.VOID, title, tuple(blocks))


def refund_slip(sale: JournalSale, shop: ShopHeader, printed_at: datetime) -> ReceiptLayout:
    """The slip for money given back whole: QPay's payments cancelled or refunded, or the tenders of a sale paid at
    the counter returned (the cash from the drawer in whole tögrög, the terminal's refunded on it)."""
    refund = sale.reversal_kind is ReversalKind.REFUND
    mark = translate("Receipt", "REFUND") if refund else translate("Receipt", "PAYMENT CANCELLED")
    blocks = _slip_head(sale, shop, mark, printed_at)
    blocks += [Rule()]
    blocks += line_blocks(sale)
    blocks += [Rule(), Pair(translate("Receipt", "Sale total"), money_text(sale.total))]
    given_back = sale.reversed_amount if sale.is_reversed else sale.paid_amount
    label = translate("Receipt", "Given back") if sale.is_reversed else translate("Receipt", "To give back")
    # At the counter the customer got the cash the drawer kept of them (whole tögrög): that is what they sign for.
    handed = sum((row.tender.taken if isinstance(row.tender, CashTender) else row.amount
                  for row in sale.tenders if row.status is not TenderStatus.COUNTED), Decimal(0))
    rounding = handed - given_back if sale.is_reversed and handed else Decimal(0)
    blocks.append(Pair(label, money_text(given_back + rounding), Size.LARGE, bold=True))
    if rounding:
        blocks.append(Pair(translate("Receipt", "Cash rounding"), signed_money_text(rounding)))
    blocks += payment_blocks(sale)
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


def return_slip(sale: JournalSale, part: PartReturn, shop: ShopHeader, printed_at: datetime) -> ReceiptLayout:
    """The slip for items returned: what went back, its money tender by tender, and what became of the tax
    receipt, for the customer's signature."""
    mark = translate("Receipt", "RETURN")
    blocks = _slip_head(sale, shop, mark, printed_at)
    blocks += [Pair(translate("Receipt", "Returned"), moment_text(part.at)), Rule()]
    for back in part.lines:
        line = sale.lines[back.line]
        blocks += [Text(line.description),
                   Pair(f"  {quantity_text(back.quantity)} x {money_text(line.unit_price)}", money_text(back.amount))]
    blocks += [Rule(), Pair(translate("Receipt", "Given back"), money_text(part.amount), Size.LARGE, bold=True)]
    names = {TenderSource.CASH: translate("Receipt", "Cash"),
             TenderSource.CARD_TERMINAL: translate("Receipt", "Card terminal"),
             TenderSource.QPAY: translate("Receipt", "QPay")}
    for money in part.money:
        label = names[money.back.via] + ("" if money.is_done else " (" + translate("Receipt", "not confirmed") + ")")
        blocks.append(Pair(label, money_text(money.back.handed)))        # cash: the whole tögrög handed over
        if money.back.rounding:
            blocks.append(Pair(translate("Receipt", "Cash rounding"), signed_money_text(money.back.rounding)))
    if part.reason:
        blocks += [Rule(), Text(translate("Receipt", "Reason")), Text(part.reason)]
    later = [row for row in sale.receipts if row.issued_at > part.at and row.replaces is not None]
    if later:
        blocks.append(Pair(translate("Receipt", "Ebarimt receipt"), translate("Receipt", "corrected")))
        blocks += [Text(translate("Receipt", "Receipt id")), Text(later[0].receipt.receipt_id, Align.RIGHT, Size.SMALL)]
    elif sale.receipts and not sale.valid_receipts:
        blocks.append(Pair(translate("Receipt", "Ebarimt receipt"), translate("Receipt", "cancelled")))
    elif sale.stale_receipts:
        blocks.append(Pair(translate("Receipt", "Ebarimt receipt"), translate("Receipt", "not corrected yet")))
    blocks += [Feed(), Text(translate("Receipt", "Customer signature"), Align.LEFT), Feed(2), Rule()]
    return ReceiptLayout(Kind.REFUND, translate("Receipt", "Return {number}").format(number=sale.number),
                         tuple(blocks))


def layouts_for(sale: JournalSale, shop: ShopHeader, printed_at: datetime) -> tuple[ReceiptLayout, ...]:
    """What a reprint from the history prints: the receipt (marked as a copy; after partial returns, for what
    the customer kept), then a slip for each thing undone afterwards (items returned, the payment given back,
    the ebarimt cancelled)."""
    layouts = [sale_receipt(sale, shop, printed_at, copy=True)]
    layouts += [return_slip(sale, part, shop, printed_at) for part in sale.part_returns]
    if sale.reversal_status in (ReversalStatus.PENDING, ReversalStatus.DONE):
        layouts.append(refund_slip(sale, shop, printed_at))
    if voided_receipts(sale):
        layouts.append(void_slip(sale, shop, printed_at))
    return tuple(layouts)


def printer_test_page(shop: ShopHeader, printer: str, paper: Paper, printed_at: datetime) -> ReceiptLayout:
    """What "Print test page" prints: whether the width, Mongolian letters, large type, the QR code and the
    cutter all work, before the first customer."""
    def ruler(size: Size) -> str:
        return "".join(str(column % 10) for column in range(1, paper.columns_for(size) + 1))

    blocks: list[Block] = [*header_blocks(shop, shop.terminal), Rule(),
                           Text(translate("Receipt", "Printer test page"), Align.CENTER, Size.LARGE, bold=True),
                           Text(translate("Receipt", "Printer")), Text(printer, Align.RIGHT),
                           Pair(translate("Receipt", "Paper"),
                                translate("Receipt", "{width} mm, {columns} characters").format(
                                    width=f"{paper.roll_mm:g}", columns=paper.columns)),
                           Pair(translate("Receipt", "Printed"), moment_text(printed_at)),
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
    blocks: list[Block] = [*header_blocks(shop, summary.terminal), Rule(),
                           Text(translate("Receipt", "DAY CLOSE"), Align.CENTER, Size.LARGE, bold=True),
                           Pair(translate("Receipt", "Day"), date_text(summary.day))]
    if summary.since is not None:
        blocks.append(Pair(translate("Receipt", "From"), moment_text(summary.since)))
    if summary.closed_at is not None:
        blocks.append(Pair(translate("Receipt", "Closed"), moment_text(summary.closed_at)))
    blocks += [Pair(translate("Receipt", "Printed"), moment_text(printed_at)),
               Rule(),
               Pair(translate("Receipt", "Sales begun"), str(summary.sales_count)),
               Pair(translate("Receipt", "Paid ({count})").format(count=summary.paid.count),
                    money_text(summary.paid.amount))]
    if summary.overpaid:
        blocks.append(Pair(translate("Receipt", "Paid beyond the total"), money_text(summary.overpaid)))
    if summary.cash_rounding:
        blocks.append(Pair(translate("Receipt", "Cash rounding"), signed_money_text(summary.cash_rounding)))
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
    if summary.by_tender:                   # each tender: what it brought in, what went back through it, the net
        blocks.append(Text(translate("Receipt", "By tender"), Align.CENTER, bold=True))
        for tender in summary.by_tender:
            blocks += [Text(_tender_name(tender.kind), bold=True),
                       Pair(translate("Receipt", "Paid ({count})").format(count=tender.paid.count),
                            money_text(tender.paid.amount)),
                       Pair(translate("Receipt", "Given back ({count})").format(count=tender.given_back.count),
                            money_text(tender.given_back.amount)),
                       Pair(translate("Receipt", "Net"), money_text(tender.net))]
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
