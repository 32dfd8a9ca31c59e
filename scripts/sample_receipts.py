"""Sample receipts as PNG, through both real back ends: `make sample-receipts`.

ESC/POS: the layout is printed into python-escpos's `Dummy` printer and the
bytes are read back into a picture of the paper (`escpos_replay`), dot for
dot at 203 dpi. Qt: the layout is written as a PDF and pdftoppm turns it into
PNG. The sales come from a real journal (`pos_app.receipts.samples`).
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from datetime import date
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtGui import QGuiApplication  # noqa: E402

from pos_app.journal import Journal  # noqa: E402
from pos_app.journal.day_summary import summarize  # noqa: E402
from pos_app.receipts import qt_out  # noqa: E402
from pos_app.receipts.escpos_out import make_profile, render_escpos  # noqa: E402
from pos_app.receipts.escpos_replay import replay  # noqa: E402
from pos_app.receipts.layout import (  # noqa: E402
    Paper,
    ReceiptLayout,
    day_summary_layout,
    printer_test_page,
    refund_slip,
    sale_receipt,
    void_slip,
)
from pos_app.receipts.samples import ORGANIZATION, PRINTED_AT, SHOP, Sales, SteppingClock  # noqa: E402


def escpos_png(layout: ReceiptLayout, paper: Paper, path: Path) -> None:
    from escpos.printer import Dummy

    printer = Dummy(profile=make_profile(paper))
    render_escpos(layout, printer, paper, cut=True, open_drawer=False)
    replay(printer.output, paper).save(path, optimize=True)


def qt_png(layout: ReceiptLayout, paper: Paper, path: Path, work: Path) -> None:
    pdf = work / f"{path.stem}.pdf"
    qt_out.write_pdf([layout], pdf, paper)
    subprocess.run(["pdftoppm", "-r", "203", "-png", "-singlefile", str(pdf), str(path.with_suffix(""))],
                   check=True)


def main(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    QGuiApplication([])
    with tempfile.TemporaryDirectory() as temp:
        work = Path(temp)
        journal = Journal(work / "journal.sqlite3", "T1", clock=SteppingClock())
        sales = Sales(journal)
        individual = sale_receipt(sales.issued(), SHOP, PRINTED_AT)
        organization = sale_receipt(sales.issued(ORGANIZATION), SHOP, PRINTED_AT)
        refunded = refund_slip(sales.refunded(), SHOP, PRINTED_AT)
        voided = void_slip(sales.receipt_voided(), SHOP, PRINTED_AT)
        day = date(2026, 11, 21)
        summary = day_summary_layout(summarize(journal.queries.between(day, day), day, "T1"), SHOP, PRINTED_AT)
        journal.close()
        outputs = {
            "escpos-80mm-individual": (escpos_png, individual, Paper.MM80),
            "escpos-80mm-organization": (escpos_png, organization, Paper.MM80),
            "escpos-58mm-individual": (escpos_png, individual, Paper.MM58),
            "escpos-58mm-organization": (escpos_png, organization, Paper.MM58),
            "escpos-80mm-refund": (escpos_png, refunded, Paper.MM80),
            "escpos-80mm-void": (escpos_png, voided, Paper.MM80),
            "escpos-80mm-day-close": (escpos_png, summary, Paper.MM80),
            "escpos-58mm-test-page": (escpos_png, printer_test_page(SHOP, "network printer 192.168.1.50:9100",
                                                                   Paper.MM58, PRINTED_AT), Paper.MM58),
            "qt-80mm-individual": (qt_png, individual, Paper.MM80),
            "qt-58mm-organization": (qt_png, organization, Paper.MM58),
        }
        for name, (make, layout, paper) in outputs.items():
            path = folder / f"{name}.png"
            if make is qt_png:
                qt_png(layout, paper, path, work)
            else:
                escpos_png(layout, paper, path)
            print(path)


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/receipts"))
