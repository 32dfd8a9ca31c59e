"""Print a finished sale through the system print dialog (the receipts issue
brings the thermal-printer layout; this is the plain-paper path)."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QTextDocument
from PySide6.QtPrintSupport import QPrintDialog, QPrinter
from PySide6.QtWidgets import QDialog, QWidget

from pos_app.domain.money import format_mnt
from pos_app.domain.sale import ReceiverKind, Sale

from .cart_model import format_quantity


def _tr(text: str) -> str:
    return QCoreApplication.translate("Printing", text)


def receipt_html(sale: Sale) -> str:
    rows = "".join(
        f"<tr><td>{escape(line.description)}</td><td align='right'>{format_quantity(line.quantity)}</td>"
        f"<td align='right'>{format_mnt(line.unit_price)}</td><td align='right'>{format_mnt(line.total)}</td></tr>"
        for line in sale.lines)
    receipt = sale.receipt
    parts = [f"<h3>{escape(_tr('Sale'))} {escape(sale.number)}</h3>",
             f"<table width='100%'>{rows}</table>",
             f"<p><b>{escape(_tr('Total'))}: {format_mnt(sale.total)}</b><br>",
             f"{escape(_tr('Paid via'))}: {escape(sale.bank)}</p>"]
    if receipt is not None:
        receiver = (f"{_tr('Organization')} {receipt.receiver.register}"
                    if receipt.receiver.kind is ReceiverKind.ORGANIZATION else _tr("Individual"))
        parts += [f"<p>{escape(_tr('VAT'))}: {format_mnt(receipt.vat)}<br>",
                  f"{escape(_tr('City tax'))}: {format_mnt(receipt.city_tax)}<br>",
                  f"{escape(_tr('Receiver'))}: {escape(receiver)}<br>",
                  f"{escape(_tr('Receipt'))}: {escape(receipt.receipt_id)}</p>",
                  f"<h1>{escape(_tr('Lottery'))}: {escape(receipt.lottery)}</h1>"]
    return "".join(parts)


def render(sale: Sale, printer: QPrinter) -> None:
    document = QTextDocument()
    document.setHtml(receipt_html(sale))
    document.print_(printer)


def print_sale(sale: Sale, parent: QWidget) -> QPrintDialog:
    """Open the system print dialog (non-blocking); print when the cashier accepts."""
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    dialog = QPrintDialog(printer, parent)
    dialog.setWindowTitle(_tr("Print receipt"))
    dialog.accepted.connect(lambda: render(sale, printer))
    # QPrintDialog.open() in PySide6 is only the (receiver, member) overload; QDialog's plain
    # open() is the non-blocking, window-modal one wanted here.
    QDialog.open(dialog)
    return dialog
