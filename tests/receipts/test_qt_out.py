"""The Qt back end, read back as a customer would: slips written to PDF and turned into pictures by poppler
(`pdfinfo`, `pdftotext`, `pdftoppm`), the QR code scanned off the picture by zxing, the words read off the
PDF's text, a long slip printed through a QPrinter onto pages."""

from __future__ import annotations

import re
import subprocess
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import pytest
import zxingcpp
from PIL import Image
from PySide6.QtCore import QMarginsF, QSizeF
from PySide6.QtGui import QColor, QImage, QPageLayout, QPageSize, QPainter
from PySide6.QtPrintSupport import QPrinter

from pos_app.domain.sale import INDIVIDUAL
from pos_app.receipts import qt_out
from pos_app.receipts.errors import PrintError, PrinterUnavailable
from pos_app.receipts.layout import (Align, Feed, Kind, Pair, Paper, QrCode, ReceiptLayout, Rule, Size, Text,
                                     printer_test_page, refund_slip, sale_receipt, void_slip)
from tests.receipts.conftest import LOTTERY, ORGANIZATION, PRINTED_AT, QR_DATA, RECEIPT_ID, SHOP, Sales

MM_PER_PT = 25.4 / 72


@pytest.fixture(autouse=True)
def _app(qapp: object) -> None:
    """Qt's fonts need the application object."""


# -- reading a PDF back ---------------------------------------------------------------

@dataclass(frozen=True)
class Word:
    text: str
    x_min: float
    y_min: float
    x_max: float
    y_max: float


@dataclass(frozen=True)
class PdfPage:
    width_mm: float
    height_mm: float
    words: tuple[Word, ...]

    @property
    def text(self) -> str:
        return " ".join(word.text for word in self.words)


def _run(*command: str) -> str:
    return subprocess.run(command, check=True, capture_output=True, text=True, timeout=60).stdout


def pdf_info(path: Path) -> dict[str, str]:
    return dict(line.split(":", 1) for line in _run("pdfinfo", str(path)).splitlines() if ":" in line)


_PAGE = re.compile(r'<page width="([\d.]+)" height="([\d.]+)">(.*?)</page>', re.S)
_WORD = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)</word>')


def pdf_pages(path: Path) -> list[PdfPage]:
    """Every page's size (mm) and words with their boxes (in points from the top left), as poppler reads them."""
    html = _run("pdftotext", "-bbox", str(path), "-")
    pages = []
    for width, height, body in _PAGE.findall(html):
        words = tuple(Word(_unescape(text), float(x0), float(y0), float(x1), float(y1))
                      for x0, y0, x1, y1, text in _WORD.findall(body))
        pages.append(PdfPage(float(width) * MM_PER_PT, float(height) * MM_PER_PT, words))
    return pages


def _unescape(text: str) -> str:
    return text.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", '"').replace("&amp;", "&")


def pdf_pictures(path: Path, dpi: int = 300) -> list[Image.Image]:
    """The PDF's pages as PNG pictures, as `pdftoppm -png` draws them."""
    prefix = path.with_suffix("")
    _run("pdftoppm", "-r", str(dpi), "-png", str(path), str(prefix))
    files = sorted(path.parent.glob(f"{prefix.name}-*.png"), key=lambda p: int(p.stem.rsplit("-", 1)[1]))
    return [Image.open(file).convert("L") for file in files]


def qr_codes(picture: Image.Image) -> list[str]:
    return [result.text for result in zxingcpp.read_barcodes(picture)
            if result.format == zxingcpp.BarcodeFormat.QRCode]


def as_picture(image: QImage, path: Path) -> Image.Image:
    assert image.save(str(path))
    return Image.open(path).convert("L")


def layout_words(layout: ReceiptLayout) -> set[str]:
    """Every word the layout prints (not the QR's data)."""
    return {word for line in layout.text().splitlines() if not line.startswith("[QR ") for word in line.split()}


def expected_page_height_mm(layout: ReceiptLayout, paper: Paper) -> float:
    margin = round(qt_out.MARGIN_MM / 25.4 * qt_out.PDF_DPI)
    return (qt_out.layout_height(layout, paper, qt_out.PDF_DPI) + 2 * margin) / qt_out.PDF_DPI * 25.4


# -- a receipt as a PDF --------------------------------------------------------------------

@pytest.mark.parametrize("paper", list(Paper), ids=lambda paper: f"{paper.value}mm")
@pytest.mark.parametrize("receiver", ["individual", "organization"])
def test_a_receipt_as_pdf_is_one_roll_wide_page_with_every_word_and_a_readable_qr(
        sales: Sales, tmp_path: Path, paper: Paper, receiver: str) -> None:
    sale = sales.issued(ORGANIZATION if receiver == "organization" else INDIVIDUAL)
    layout = sale_receipt(sale, SHOP, PRINTED_AT)
    path = tmp_path / "receipt.pdf"

    qt_out.write_pdf([layout], path, paper)

    info = pdf_info(path)
    assert info["Pages"].strip() == "1"
    assert info["Title"].strip() == layout.title
    assert info["Creator"].strip() == "pos-app"
    [page] = pdf_pages(path)
    assert page.width_mm == pytest.approx(paper.roll_mm, abs=0.5)
    assert page.height_mm == pytest.approx(expected_page_height_mm(layout, paper), abs=0.5)
    assert 100 < page.height_mm < 250              # a strip of roll, not an A4 sheet
    text = _run("pdftotext", str(path), "-")
    for expected in (LOTTERY, "Сүү", "Өндөг", "₮", SHOP.name, RECEIPT_ID):
        assert expected in text
    assert ("Organization 6235972" in text) == (receiver == "organization")
    assert ("Individual" in text) == (receiver == "individual")
    assert "?" not in text
    assert layout_words(layout) <= set(text.split())
    [picture] = pdf_pictures(path)
    assert qr_codes(picture) == [QR_DATA]


@pytest.mark.parametrize("paper", list(Paper), ids=lambda paper: f"{paper.value}mm")
def test_the_receipt_id_is_one_word_in_small_type_flush_right(sales: Sales, tmp_path: Path, paper: Paper) -> None:
    path = tmp_path / "slips.pdf"
    layouts = [sale_receipt(sales.issued(), SHOP, PRINTED_AT), void_slip(sales.receipt_voided(), SHOP, PRINTED_AT)]

    qt_out.write_pdf(layouts, path, paper)

    assert _run("pdftotext", str(path), "-").count(RECEIPT_ID) == 2
    for page in pdf_pages(path):
        (receipt_id,) = [word for word in page.words if word.text == RECEIPT_ID]
        label = next(word for word in page.words if word.text == "Receipt")
        ratio = (receipt_id.y_max - receipt_id.y_min) / (label.y_max - label.y_min)
        assert ratio <= 0.8 if paper is Paper.MM58 else ratio == pytest.approx(0.75, abs=0.05)   # shrunk on 58 mm
        right_edge = (page.width_mm + paper.printable_mm) / 2 / MM_PER_PT
        assert receipt_id.x_max == pytest.approx(right_edge, abs=1.5)
        assert receipt_id.x_min >= (page.width_mm - paper.printable_mm) / 2 / MM_PER_PT - 0.5


def test_small_type_is_three_quarters_of_normal_and_keeps_a_normal_lines_height() -> None:
    dpi = 300
    normal = qt_out.layout_height(ReceiptLayout(Kind.TEST, "", (Text("x"),)), Paper.MM80, dpi)
    small = qt_out.layout_height(ReceiptLayout(Kind.TEST, "", (Text("x", size=Size.SMALL),)), Paper.MM80, dpi)
    assert small == normal
    assert qt_out.SMALL_PT == pytest.approx(0.75 * qt_out.NORMAL_PT)
    words = " ".join(["слово"] * 40)
    assert qt_out.layout_height(ReceiptLayout(Kind.TEST, "", (Text(words, size=Size.SMALL),)), Paper.MM80, dpi) \
        < qt_out.layout_height(ReceiptLayout(Kind.TEST, "", (Text(words),)), Paper.MM80, dpi)   # fewer lines


def test_slips_in_one_pdf_get_a_page_each_sized_to_the_slip_and_a_void_has_no_qr(
        sales: Sales, tmp_path: Path) -> None:
    void = void_slip(sales.receipt_voided(), SHOP, PRINTED_AT)
    refund = refund_slip(sales.refunded(), SHOP, PRINTED_AT)
    path = tmp_path / "slips.pdf"

    qt_out.write_pdf([void, refund], path, Paper.MM80)

    first, second = pdf_pages(path)
    for page, layout in ((first, void), (second, refund)):
        assert page.width_mm == pytest.approx(80, abs=0.5)
        assert page.height_mm == pytest.approx(expected_page_height_mm(layout, Paper.MM80), abs=0.5)
    assert "CANCELLED" in first.text and LOTTERY in first.text and "REFUND" not in first.text
    assert "REFUND" in second.text and "Сүү нь муудсан байсан" in second.text
    void_picture, refund_picture = pdf_pictures(path)
    assert qr_codes(void_picture) == []
    assert qr_codes(refund_picture) == []


def test_a_pdf_is_replaced_whole(sales: Sales, tmp_path: Path) -> None:
    folder = tmp_path / "pdfs"
    folder.mkdir()
    path = folder / "receipt.pdf"
    path.write_bytes(b"an older file")
    qt_out.write_pdf([sale_receipt(sales.issued(), SHOP, PRINTED_AT)], path, Paper.MM58)
    assert path.read_bytes().startswith(b"%PDF")
    assert [p.name for p in folder.iterdir()] == ["receipt.pdf"]


@pytest.mark.parametrize("where", ["inside a file", "missing folder", "a folder in the way"])
def test_a_pdf_that_cannot_be_written_is_a_print_error_naming_the_file(
        sales: Sales, tmp_path: Path, where: str) -> None:
    place = tmp_path / "place"
    place.mkdir()
    if where == "inside a file":
        (place / "notes.txt").write_text("a file")
        path = place / "notes.txt" / "receipt.pdf"
    elif where == "missing folder":
        path = place / "missing" / "receipt.pdf"
    else:
        path = place / "receipt.pdf"
        path.mkdir()
    before = sorted(place.rglob("*"))

    with pytest.raises(PrintError) as raised:
        qt_out.write_pdf([sale_receipt(sales.issued(), SHOP, PRINTED_AT)], path, Paper.MM80)

    assert str(path) in str(raised.value)
    assert str(raised.value).endswith(".")
    assert sorted(place.rglob("*")) == before          # no half-written or temporary file left behind


# -- a receipt as a picture ------------------------------------------------------------------

@pytest.mark.parametrize("paper", list(Paper), ids=lambda paper: f"{paper.value}mm")
def test_a_receipt_picture_is_the_roll_wide_with_a_large_lottery_line_and_a_readable_qr(
        sales: Sales, tmp_path: Path, paper: Paper) -> None:
    dpi = 203
    layout = sale_receipt(sales.issued(), SHOP, PRINTED_AT)

    image = qt_out.receipt_image(layout, paper, dpi)

    assert image.width() == round(paper.roll_mm / 25.4 * dpi)
    assert image.dotsPerMeterX() == round(dpi / 0.0254)
    margin = round(qt_out.MARGIN_MM / 25.4 * dpi)
    assert image.height() == qt_out.layout_height(layout, paper, dpi) + 2 * margin
    picture = as_picture(image, tmp_path / f"receipt-{paper.value}.png")
    assert qr_codes(picture) == [QR_DATA]
    # nothing outside the printable column
    column = paper.printable_mm / 25.4 * dpi
    side = int((image.width() - column) / 2) - 1
    pixels = picture.load()
    assert all(pixels[x, y] > 250 for y in range(picture.height) for x in (*range(side), *range(
        picture.width - side, picture.width)))
    # the lottery number is drawn where its row is, in large type
    index = next(i for i, block in enumerate(layout.blocks) if isinstance(block, Text) and block.text == LOTTERY)
    top = margin + qt_out.layout_height(ReceiptLayout(Kind.SALE, "", layout.blocks[:index]), paper, dpi)
    height = qt_out.layout_height(ReceiptLayout(Kind.SALE, "", layout.blocks[index:index + 1]), paper, dpi)
    ink = [x for y in range(top, top + height) for x in range(picture.width) if pixels[x, y] < 128]
    assert ink, "the lottery line is blank"
    assert (max(ink) - min(ink)) / dpi * 25.4 > 0.6 * paper.printable_mm
    assert height > 1.8 * qt_out.layout_height(ReceiptLayout(Kind.SALE, "", (Text("x"),)), paper, dpi)


def test_text_is_wrapped_and_shrunk_to_stay_inside_the_column(tmp_path: Path) -> None:
    paper, dpi = Paper.MM58, 203
    long_text = "Талх (Талх Чихэр) — хар, зүсмэл, том савлагаатай, өглөөний шинэ гурил " * 3
    one_line = qt_out.layout_height(ReceiptLayout(Kind.TEST, "", (Text("x"),)), paper, dpi)
    blocks = (Text(long_text), Text(long_text, Align.RIGHT), Text(long_text, Align.CENTER, Size.LARGE, True),
              Pair(long_text, "12,345,678.90 ₮"), Pair("TOTAL", "12,345,678.90 ₮", Size.LARGE, True),
              Text("0123456789" * 5), Rule(), QrCode(QR_DATA), Feed(2))
    layout = ReceiptLayout(Kind.TEST, "long", blocks)

    assert qt_out.layout_height(ReceiptLayout(Kind.TEST, "", (Text(long_text),)), paper, dpi) >= 5 * one_line
    assert qt_out.layout_height(ReceiptLayout(Kind.TEST, "", (Text("0123456789" * 3),)), paper, dpi) \
        == one_line                                     # a ruler shrinks to stay on one line
    image = qt_out.receipt_image(layout, paper, dpi)
    picture = as_picture(image, tmp_path / "long.png")
    column = paper.printable_mm / 25.4 * dpi
    side = int((image.width() - column) / 2) - 1
    pixels = picture.load()
    assert all(pixels[x, y] > 250 for y in range(picture.height) for x in (*range(side), *range(
        picture.width - side, picture.width)))
    assert qr_codes(picture) == [QR_DATA]


def test_a_line_a_little_too_long_shrinks_a_little_rather_than_leave_a_word_alone(tmp_path: Path) -> None:
    paper, dpi = Paper.MM58, 203
    one_line = qt_out.layout_height(ReceiptLayout(Kind.TEST, "", (Text("x"),)), paper, dpi)
    address = Text(SHOP.address, Align.CENTER)                  # about 2% too wide for 48 mm at 9 pt
    receiver = Pair("Receiver", "Organization 6235972")         # about 8% too wide
    for block in (address, receiver):
        assert qt_out.layout_height(ReceiptLayout(Kind.TEST, "", (block,)), paper, dpi) == one_line, block
    path = tmp_path / "near.pdf"
    qt_out.write_pdf([ReceiptLayout(Kind.TEST, "near", (Text("Terminal T1"), address, receiver))], path, paper)
    [page] = pdf_pages(path)
    height = {word.text: word.y_max - word.y_min for word in page.words}
    for word in ("хороо", "Receiver", "6235972"):
        assert height[word] >= qt_out.LINE_MIN_SCALE * height["Terminal"] - 0.5, word
    assert len({round(word.y_max) for word in page.words if word.text in SHOP.address.split()}) == 1


def test_paint_draws_at_the_place_given_and_returns_the_bottom(sales: Sales, tmp_path: Path) -> None:
    layout = sale_receipt(sales.issued(), SHOP, PRINTED_AT)
    dpi = 150
    width = Paper.MM80.printable_mm / 25.4 * dpi
    image = QImage(int(width) + 40, qt_out.layout_height(layout, Paper.MM80, dpi) + 60, QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    bottom = qt_out.paint(layout, painter, left=20, top=30, width=width, dpi=dpi)
    painter.end()
    assert bottom == pytest.approx(30 + qt_out.layout_height(layout, Paper.MM80, dpi), abs=1)
    picture = as_picture(image, tmp_path / "painted.png")
    assert qr_codes(picture) == [QR_DATA]
    assert all(picture.getpixel((x, y)) > 250 for y in range(30) for x in range(picture.width))


# -- printing on pages --------------------------------------------------------------------------

def long_layout() -> ReceiptLayout:
    blocks = [Text("LONG LIST", Align.CENTER, Size.LARGE, True), Rule()]
    for number in range(1, 81):
        blocks.append(Pair(f"Item{number:02d} Сүү", f"{number},000 ₮"))
        if number == 40:
            blocks += [Feed(), QrCode(QR_DATA), Feed()]
    blocks += [Rule(), Text("END OF LIST", Align.CENTER)]
    return ReceiptLayout(Kind.TEST, "Long list", tuple(blocks))


def pdf_printer(path: Path, page_mm: tuple[float, float] | None = None) -> QPrinter:
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(path))
    if page_mm is not None:
        size = QPageSize(QSizeF(*page_mm), QPageSize.Unit.Millimeter, "short", QPageSize.SizeMatchPolicy.ExactMatch)
        printer.setPageLayout(QPageLayout(size, QPageLayout.Orientation.Portrait, QMarginsF(5, 5, 5, 5),
                                          QPageLayout.Unit.Millimeter))
    return printer


@pytest.mark.parametrize("page_mm", [None, (90.0, 150.0)], ids=["A4", "short page"])
def test_a_slip_taller_than_the_page_goes_on_over_pages_without_losing_a_line(
        sales: Sales, tmp_path: Path, page_mm: tuple[float, float] | None) -> None:
    void = void_slip(sales.receipt_voided(), SHOP, PRINTED_AT)
    path = tmp_path / "printed.pdf"
    printer = pdf_printer(path, page_mm)
    margin_mm = printer.pageLayout().margins(QPageLayout.Unit.Millimeter)

    qt_out.print_layouts([long_layout(), void], printer, Paper.MM80)

    pages = pdf_pages(path)
    assert len(pages) >= 3
    assert pdf_info(path)["Title"].strip() == "Long list (+1)"
    names = [word.text for page in pages for word in page.words if word.text.startswith("Item")]
    assert names == [f"Item{number:02d}" for number in range(1, 81)]      # each line once, in order
    for page in pages:
        bottom = page.height_mm - margin_mm.bottom()
        for word in page.words:                    # every line whole inside the printable area, in the column
            assert word.y_max * MM_PER_PT <= bottom + 0.1, word
            assert word.y_min * MM_PER_PT >= margin_mm.top() - 0.1, word
            assert word.x_max * MM_PER_PT <= margin_mm.left() + Paper.MM80.printable_mm + 0.1, word
    # the void slip starts a page of its own, with its header first
    start = next(i for i, page in enumerate(pages) if "CANCELLED" in page.text)
    assert pages[start].text.startswith(SHOP.name)
    assert not any(word.text.startswith("Item") or word.text == "END" for word in pages[start].words)
    assert "END OF LIST" in pages[start - 1].text
    pictures = pdf_pictures(path, dpi=200)
    assert [code for picture in pictures for code in qr_codes(picture)] == [QR_DATA]   # the QR is never cut


def test_a_printer_that_will_not_start_is_unavailable(sales: Sales, tmp_path: Path) -> None:
    printer = pdf_printer(tmp_path / "missing" / "printed.pdf")
    with pytest.raises(PrinterUnavailable, match="cannot print now"):
        qt_out.print_layouts([sale_receipt(sales.issued(), SHOP, PRINTED_AT)], printer, Paper.MM80)


def test_a_printer_that_is_not_installed_is_unavailable() -> None:
    with pytest.raises(PrinterUnavailable, match="No printer named “no such printer” is installed"):
        qt_out.system_printer("no such printer", Paper.MM80)


# -- on a worker thread --------------------------------------------------------------------------

def test_a_worker_thread_draws_the_same_slips_as_the_gui_thread(sales: Sales, tmp_path: Path) -> None:
    layouts = [sale_receipt(sales.issued(ORGANIZATION), SHOP, PRINTED_AT), printer_test_page(
        SHOP, "EPSON TM-T20", Paper.MM58, PRINTED_AT)]
    here = tmp_path / "gui.pdf"
    qt_out.write_pdf(layouts, here, Paper.MM58)
    image_here = qt_out.receipt_image(layouts[0], Paper.MM58)

    def on_worker() -> tuple[str, QImage, str]:
        there = tmp_path / "worker.pdf"
        qt_out.write_pdf(layouts, there, Paper.MM58)
        printed = tmp_path / "worker-printed.pdf"
        qt_out.print_layouts(layouts, pdf_printer(printed), Paper.MM58)
        return threading.current_thread().name, qt_out.receipt_image(layouts[0], Paper.MM58), str(there)

    with ThreadPoolExecutor(1, thread_name_prefix="printing") as pool:
        thread, image_there, there = pool.submit(on_worker).result(timeout=60)

    assert thread.startswith("printing")
    assert _run("pdftotext", there, "-") == _run("pdftotext", str(here), "-")
    assert [(p.width_mm, p.height_mm) for p in pdf_pages(Path(there))] \
        == [(p.width_mm, p.height_mm) for p in pdf_pages(here)]
    assert image_there == image_here
    assert LOTTERY in _run("pdftotext", str(tmp_path / "worker-printed.pdf"), "-")


def test_drawing_many_slips_leaves_none_alive(sales: Sales, tmp_path: Path) -> None:
    """Drawing slips all day leaves None's references alone (PySide6 6.12.0 dropped one on every void call
    on Python 3.11, which ends in "Fatal Python error: none_dealloc"; see tests/test_qt_binding.py)."""
    layout = sale_receipt(sales.issued(), SHOP, PRINTED_AT)
    qt_out.receipt_image(layout, Paper.MM80)          # first-time work (caches) out of the count
    before = sys.getrefcount(None)
    for _ in range(10):
        qt_out.receipt_image(layout, Paper.MM80)
        qt_out.write_pdf([layout], tmp_path / "again.pdf", Paper.MM80)
    assert sys.getrefcount(None) >= before - 50
