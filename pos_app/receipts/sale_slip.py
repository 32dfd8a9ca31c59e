"""The customer's sale receipt, and the parts every slip shares (the shop's header, the lines, the payments).

A pure function of the journal's record of the sale, the shop's header and the moment of printing.
"""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

from PySide6.QtCore import QCoreApplication

from pos_app.bank_names import bank_text
from pos_app.domain.sale import IssuedReceipt, ReceiptVia, Receiver, ReceiverKind
from pos_app.domain.tenders import CashTender
from pos_app.formats import datetime_text, discount_text, money_text, quantity_text, signed_money_text
from pos_app.journal import JournalSale, ReceiptStatus

from .slip_blocks import Align, Block, Feed, Kind, Pair, QrCode, ReceiptLayout, Rule, ShopHeader, Size, Text


translate = QCoreApplication.translate     # lupdate reads translate("Receipt", "...") calls

# -- the slips ------------------------------------------------------------------

def header_blocks(shop: ShopHeader, terminal: str) -> list[Block]:
    """The head of every slip: the shop, its register number and address, and the terminal."""
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


def moment_text(moment: datetime) -> str:
    """A moment as every slip prints it (to the second)."""
    return datetime_text(moment, seconds=True)


def line_blocks(sale: JournalSale) -> list[Block]:
    """The lines the customer has (after partial returns: what they kept), each with its discount."""
    blocks: list[Block] = []
    lines = sale.kept_lines
    for line in lines:
        blocks.append(Text(line.description))
        blocks.append(Pair(f"  {quantity_text(line.quantity)} x {money_text(line.unit_price)}",
                           money_text(line.gross)))
        if line.discount:
            label = discount_text(line.line_discount) if line.line_discount else ""
            blocks.append(Pair("  " + translate("Receipt", "Discount {label}").format(label=label),
                               money_text(-line.discount)))
    shared = sum((line.sale_share for line in lines), Decimal(0))
    if shared:
        blocks += [Rule(), Pair(translate("Receipt", "Subtotal"), money_text(sale.kept_total + shared)),
                   Pair(translate("Receipt", "Sale discount"), money_text(-shared))]
    return blocks


def _taxes(sale: JournalSale) -> tuple[Decimal, Decimal]:
    """The receipts' own figures (summed over a sale's receipts, one a payment), else the sale's split."""
    receipts = sale.current_receipts
    if receipts:
        return sum((r.vat for r in receipts), Decimal(0)), sum((r.city_tax for r in receipts), Decimal(0))
    return sale.taxes.vat, sale.taxes.city_tax


def payment_blocks(sale: JournalSale) -> list[Block]:
    """How the sale was paid: the tenders at the counter (cash with its change), then QPay's payments."""
    blocks: list[Block] = []
    for row in sale.tenders:
        tender = row.tender
        if isinstance(tender, CashTender):
            blocks.append(Pair(translate("Receipt", "Cash"), money_text(tender.given)))
            if tender.rounding:         # cash is whole tögrög: the total's möngö rounded, outside the receipt
                blocks.append(Pair(translate("Receipt", "Cash rounding"), signed_money_text(tender.rounding)))
            if tender.change:
                blocks.append(Pair(translate("Receipt", "Change"), money_text(tender.change), bold=True))
        else:
            blocks.append(Pair(translate("Receipt", "Card terminal"), money_text(tender.amount)))
            blocks.append(Pair(translate("Receipt", "Approval code"), tender.approval_code))
    for payment in sale.payments:
        blocks.append(Pair(translate("Receipt", "Paid via"), bank_text(payment.bank) or "QPay"))
        blocks.append(Pair(translate("Receipt", "Payment id"), payment.payment_id))
    return blocks


def _receiver_text(sale: JournalSale) -> str:
    return receiver_name(sale.receipt.receiver if sale.receipt is not None else sale.receiver)


def receiver_name(receiver: Receiver | None) -> str:
    """Whom a receipt was issued to, in words: an organization by name or register, else an individual."""
    if receiver is not None and receiver.kind is ReceiverKind.ORGANIZATION and receiver.name:
        return translate("Receipt", "{name}, register {register}").format(name=receiver.name,
                                                                          register=receiver.register)
    if receiver is not None and receiver.kind is ReceiverKind.ORGANIZATION:
        return translate("Receipt", "Organization {register}").format(register=receiver.register)
    return translate("Receipt", "Individual")


def voided_receipts(sale: JournalSale) -> tuple[IssuedReceipt, ...]:
    """The receipts being voided or voided (the void slip's), oldest first."""
    return tuple(row.receipt for row in sale.receipts
                 if row.status in (ReceiptStatus.CANCELLING, ReceiptStatus.CANCELLED))


def sale_receipt(sale: JournalSale, shop: ShopHeader, printed_at: datetime, *, copy: bool = False) -> ReceiptLayout:
    """The customer's receipt: the shop, the lines, the taxes, the payment and, once issued, the ebarimt
    (lottery number in large type, its QR code, its id, the receiver). A reprint is marked as a copy."""
    blocks: list[Block] = header_blocks(shop, sale.terminal)
    if copy:
        blocks += [Feed(), Text(translate("Receipt", "COPY"), Align.CENTER, Size.LARGE, bold=True)]
    blocks += [Rule(),
               Pair(translate("Receipt", "Sale"), sale.number),
               Pair(translate("Receipt", "Date"), moment_text(sale.created_at))]
    if sale.cashier:
        blocks.append(Pair(translate("Receipt", "Cashier"), sale.cashier))
    blocks.append(Rule())
    blocks += line_blocks(sale)
    vat, city_tax = _taxes(sale)
    blocks += [Rule(),
               Pair(translate("Receipt", "TOTAL"), money_text(sale.kept_total), Size.LARGE, bold=True),
               Pair(translate("Receipt", "VAT"), money_text(vat)),
               Pair(translate("Receipt", "City tax"), money_text(city_tax)),
               Rule()]
    if sale.part_returns:
        blocks.append(Text(translate("Receipt", "Items returned: {amount} (see the return slips)").format(
            amount=money_text(sale.total - sale.kept_total)), Align.CENTER, Size.SMALL))
    blocks += payment_blocks(sale)
    receipts = sale.current_receipts
    if receipts:
        blocks += [Rule(),
                   Text(translate("Receipt", "Ebarimt receipt"), Align.CENTER, bold=True),
                   Pair(translate("Receipt", "Receiver"), _receiver_text(sale))]
    for receipt in receipts:      # one a payment: each with its own lottery number and QR
        if len(receipts) > 1:
            blocks += [Feed(), Pair(translate("Receipt", "Payment"), money_text(receipt.amount), bold=True)]
        if not receipt.receipt_id:     # PosAPI made it, but its answer was lost: its bill number is known
            blocks += [Text(translate("Receipt", "Registered with the tax system; its lottery number was lost with "
                                                 "the answer."), Align.CENTER, Size.SMALL)]
            continue
        blocks += [Text(translate("Receipt", "Receipt id")),
                   Text(receipt.receipt_id, Align.RIGHT, Size.SMALL),
                   Feed()]
        if receipt.lottery or receipt.receiver.kind is ReceiverKind.INDIVIDUAL:   # an organization's has none
            blocks.append(Text(translate("Receipt", "Lottery"), Align.CENTER))
        if receipt.lottery:
            blocks.append(Text(receipt.lottery, Align.CENTER, Size.LARGE, bold=True))
        elif receipt.receiver.kind is ReceiverKind.INDIVIDUAL:
            # A PosAPI receipt's lottery is printed once, from memory (the spec forbids keeping it).
            blocks.append(Text(translate("Receipt", "(on the original receipt)"), Align.CENTER))
        if receipt.qr_data:
            blocks.append(QrCode(receipt.qr_data))
    if not receipts and sale.receipt_via is ReceiptVia.NONE:
        blocks += [Feed(), Text(translate("Receipt", "No ebarimt receipt: this shop issues none for cash or card "
                                                     "terminal sales yet."), Align.CENTER)]
    elif not receipts:
        blocks += [Feed(), Text(translate("Receipt", "No ebarimt receipt issued for this sale."), Align.CENTER)]
    if copy:
        blocks.append(Text(translate("Receipt", "Printed {moment}").format(moment=moment_text(printed_at)),
                           Align.CENTER))
    blocks += [Feed(), Text(translate("Receipt", "Thank you!"), Align.CENTER)]
    kind = Kind.COPY if copy else Kind.SALE
    cash_taken = any(isinstance(row.tender, CashTender) for row in sale.tenders)
    return ReceiptLayout(kind, translate("Receipt", "Receipt {number}").format(number=sale.number), tuple(blocks),
                         cash_taken)
