"""The plain-paper print path renders the sale and its lottery number (Qt to PDF, a real back end)."""

from __future__ import annotations

import shutil
import subprocess
from decimal import Decimal
from pathlib import Path

import pytest
from PySide6.QtPrintSupport import QPrinter

from pos_app.domain.cart import CartLine
from pos_app.domain.sale import (
    IssuedReceipt,
    OpenInvoice,
    PaymentSeen,
    Receiver,
    Sale,
    Stage,
)
from pos_app.domain.taxes import TaxSplit
from pos_app.ui.printing import receipt_html, render


def _completed_sale() -> Sale:
    sale = Sale("T1-20261121-000007", (CartLine("Сүү <1л>", Decimal(2), Decimal("3500")),), Decimal("7000"),
                TaxSplit(Decimal("636.36"), Decimal("0.00")))
    sale.move_to(Stage.CHARGING)
    sale.charged(OpenInvoice("inv-1", qr_text="x"))
    sale.paid((PaymentSeen("pay-1", Decimal("7000"), "Khan bank"),))
    sale.move_to(Stage.ISSUING_RECEIPT)
    sale.receipt_issued(IssuedReceipt("r-1", "AB 12345678", "qr", Decimal("7000"), Decimal("636.36"),
                                      Decimal("0.00"), Receiver.organization("5395305")))
    return sale


def test_the_receipt_text_holds_lottery_taxes_and_receiver_with_markup_escaped() -> None:
    html = receipt_html(_completed_sale())
    assert "AB 12345678" in html and "636.36" in html and "5395305" in html
    assert "&lt;1л&gt;" in html and "<1л>" not in html


def test_a_sale_prints_to_pdf(qtbot, tmp_path: Path) -> None:
    target = tmp_path / "receipt.pdf"
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(target))
    render(_completed_sale(), printer)
    assert target.read_bytes().startswith(b"%PDF")
    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext (poppler-utils) is not installed; the PDF was written")
    text = subprocess.run(["pdftotext", str(target), "-"], capture_output=True, text=True, check=True).stdout
    assert "AB 12345678" in text and "T1-20261121-000007" in text
