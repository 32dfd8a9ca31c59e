"""Slips as ESC/POS bytes, through python-escpos's own Dummy printer, read back with escpos_replay."""

from __future__ import annotations

from datetime import date

import pytest
import zxingcpp
from escpos.constants import CD_KICK_2, PAPER_FULL_CUT
from escpos.printer import Dummy
from PIL import ImageChops

from pos_app.journal import Journal
from pos_app.journal.day_summary import summarize
from pos_app.receipts.errors import PrinterSetupError
from pos_app.receipts.escpos_out import (
    CUT_FEED_LINES,
    ESC_POS_MODELS,
    make_profile,
    qr_image,
    render_escpos,
    safe_code_pages,
)
from pos_app.receipts.escpos_replay import Cut, DrawerKick, PrintedImage, PrintedLine, printed_text, read_escpos, replay
from pos_app.receipts.layout import (
    Align,
    Feed,
    Kind,
    Pair,
    Paper,
    QrCode,
    ReceiptLayout,
    Rule,
    Size,
    Text,
    day_summary_layout,
    layouts_for,
    printer_test_page,
    refund_slip,
    sale_receipt,
    void_slip,
)
from pos_app.receipts.text_image import FONT_A, FONT_B, LINE_PITCH, line_image

from .conftest import LOTTERY, ORGANIZATION, PRINTED_AT, QR_DATA, RECEIPT_ID, SHOP, Sales

MONGOLIAN = ReceiptLayout(Kind.TEST, "Mongolian", (
    Text("Сүү"),
    Text("Өндөг 10ш"),
    Text("₮"),
    Text("Талх"),
    Pair("Нийт дүн", "12,500 ₮"),
))
RK1048_MODELS = [model for model in ESC_POS_MODELS if model != "default"
                 and "RK1048" in make_profile(Paper.MM80, model).codePages.values()]


def render(layout: ReceiptLayout, paper: Paper = Paper.MM80, model: str = "default", **options: bool) -> bytes:
    printer = Dummy(profile=make_profile(paper, model))
    render_escpos(layout, printer, paper, **options)
    return printer.output


def without_images(data: bytes) -> bytes:
    """The bytes with every GS v 0 picture's dots taken out (they may hold any byte, a "?" too)."""
    kept = bytearray()
    at = 0
    while (start := data.find(b"\x1dv0", at)) >= 0:
        width = int.from_bytes(data[start + 4:start + 6], "little")
        height = int.from_bytes(data[start + 6:start + 8], "little")
        kept += data[at:start]
        at = start + 8 + width * height
    return bytes(kept + data[at:])


def lines(data: bytes, model: str = "default") -> list[PrintedLine]:
    return [item for item in read_escpos(data, model=model) if isinstance(item, PrintedLine) and item.cells]


def images(data: bytes) -> list[PrintedImage]:
    return [item for item in read_escpos(data) if isinstance(item, PrintedImage)]


def size_of(line: PrintedLine) -> Size:
    """The layout size a printed line was sent in: font B is small type, double width large."""
    if line.fonts == ("B",):
        return Size.SMALL
    return Size.LARGE if line.width == 2 else Size.NORMAL


def every_kind_of_slip(sales: Sales, journal: Journal, paper: Paper) -> dict[Kind, ReceiptLayout]:
    refunded = sales.refunded()
    voided = sales.receipt_voided()
    day = date(2026, 11, 21)
    return {
        Kind.SALE: sale_receipt(sales.issued(ORGANIZATION), SHOP, PRINTED_AT),
        Kind.COPY: layouts_for(sales.issued(), SHOP, PRINTED_AT)[0],
        Kind.REFUND: refund_slip(refunded, SHOP, PRINTED_AT),
        Kind.VOID: void_slip(voided, SHOP, PRINTED_AT),
        Kind.DAY: day_summary_layout(summarize(journal.queries.between(day, day), day, "T1"), SHOP, PRINTED_AT),
        Kind.TEST: printer_test_page(SHOP, "network printer 10.0.0.5:9100", paper, PRINTED_AT),
    }


# -- the receipt ------------------------------------------------------------------

@pytest.mark.parametrize("paper", list(Paper))
def test_a_receipt_starts_with_init_and_ends_fed_past_the_cutter_and_cut(sales: Sales, paper: Paper) -> None:
    data = render(sale_receipt(sales.issued(), SHOP, PRINTED_AT), paper)
    assert data.startswith(b"\x1b@")
    assert data.endswith(b"\x1bd" + bytes((CUT_FEED_LINES,)) + PAPER_FULL_CUT)
    assert [item for item in read_escpos(data) if isinstance(item, Cut)] == [Cut(partial=False)]


@pytest.mark.parametrize("paper", list(Paper))
def test_the_lottery_number_is_printer_text_in_large_bold_type(sales: Sales, paper: Paper) -> None:
    data = render(sale_receipt(sales.issued(), SHOP, PRINTED_AT), paper)
    assert LOTTERY.encode() in data
    lottery = next(line for line in lines(data) if line.text.strip() == LOTTERY)
    assert (lottery.width, lottery.height, lottery.bold, lottery.align) == (2, 2, True, Align.CENTER)


@pytest.mark.parametrize("paper", list(Paper))
def test_the_printed_qr_code_reads_back_as_the_receipts_qr_data(sales: Sales, paper: Paper) -> None:
    data = render(sale_receipt(sales.issued(), SHOP, PRINTED_AT), paper)
    codes = zxingcpp.read_barcodes(replay(data, paper))
    assert [(code.format, code.text) for code in codes] == [(zxingcpp.BarcodeFormat.QRCode, QR_DATA)]


@pytest.mark.parametrize("paper", list(Paper))
def test_the_receipt_id_prints_whole_on_one_line_in_font_b(sales: Sales, paper: Paper) -> None:
    for layout in (sale_receipt(sales.issued(ORGANIZATION), SHOP, PRINTED_AT),
                   void_slip(sales.receipt_voided(), SHOP, PRINTED_AT)):
        data = render(layout, paper)
        assert RECEIPT_ID in printed_text(data).splitlines()
        (receipt_id,) = [line for line in lines(data) if RECEIPT_ID[:8] in line.text]
        assert receipt_id.text == RECEIPT_ID and receipt_id.fonts == ("B",) and receipt_id.align is Align.RIGHT
        assert receipt_id.dots <= paper.dots
        commands = without_images(data)               # picture dots may hold any byte
        at = commands.index(RECEIPT_ID.encode())
        assert commands.rfind(b"\x1bM\x01", 0, at) > commands.rfind(b"\x1bM\x00", 0, at)   # font B before it
        after = commands.find(b"\x1bM\x00", at)                                            # font A after it,
        assert after > at and commands.count(b"\x1bM\x01") == 1                             # before more text
        assert printed_text(commands[after:]).strip(), "nothing printed after the id"
        assert all(line.fonts == ("A",) for line in lines(data) if line.text != RECEIPT_ID)


@pytest.mark.parametrize("paper", list(Paper))
def test_small_type_wraps_at_font_b_columns(paper: Paper) -> None:
    columns = paper.columns_for(Size.SMALL)
    layout = ReceiptLayout(Kind.TEST, "t", (Text("7" * (columns + 3), size=Size.SMALL),
                                            Pair("Receipt id", "8" * 20, Size.SMALL)))
    printed = lines(render(layout, paper, cut=False))
    assert [len(line.text) for line in printed] == [columns, 3, columns]
    assert all(line.fonts == ("B",) and line.dots <= paper.dots for line in printed)


def test_an_organizations_receipt_prints_its_register_number(sales: Sales) -> None:
    text = printed_text(render(sale_receipt(sales.issued(ORGANIZATION), SHOP, PRINTED_AT)))
    assert any(line.startswith("Receiver") and line.endswith("Organization 6235972") for line in text.splitlines())


def test_the_qr_code_has_whole_dot_modules_a_quiet_zone_and_sits_in_the_middle() -> None:
    for paper, module in ((Paper.MM80, 6), (Paper.MM58, 5)):
        image = qr_image(QR_DATA, paper)
        assert image.width == paper.dots
        ink = ImageChops.invert(image.convert("L")).getbbox()
        assert ink is not None
        left, top, right, bottom = ink
        assert top == 4 * module and image.height - bottom == 4 * module          # the quiet zone
        assert abs(left - (paper.dots - right)) <= 1                               # centred
        assert (right - left) % module == 0


def test_a_qr_code_too_big_for_large_modules_gets_smaller_ones() -> None:
    image = qr_image("x" * 1200, Paper.MM58)
    assert image.width == Paper.MM58.dots
    codes = zxingcpp.read_barcodes(image.convert("L"))
    assert [code.text for code in codes] == ["x" * 1200]


# -- Mongolian letters --------------------------------------------------------------

def test_python_escpos_alone_would_print_a_question_mark_for_mongolian_letters() -> None:
    printer = Dummy(profile=make_profile(Paper.MM80))
    printer.text("Сүү")              # what this module never does: MagicEncode's fallback
    assert b"?" in printer.output


def test_mongolian_letters_are_never_a_question_mark() -> None:
    data = render(MONGOLIAN)
    assert "?" not in MONGOLIAN.text()
    assert "?" not in printed_text(data)
    assert b"?" not in without_images(data)


def test_on_a_generic_printer_lines_with_mongolian_letters_or_the_tugrik_are_pictures() -> None:
    data = render(MONGOLIAN, cut=False)
    assert [line.text for line in lines(data)] == ["Талх"]
    assert len(images(data)) == 4                       # Сүү, Өндөг 10ш, ₮ and the total
    assert "Сүү".encode("cp866", "replace") not in data


def test_a_line_of_russian_letters_goes_as_cp866_text() -> None:
    data = render(MONGOLIAN, cut=False)
    talkh = lines(data)[0]
    assert talkh.code_pages == ("CP866",)
    assert b"\x1bt\x11" + "Талх".encode("cp866") + b"\n" in data


@pytest.mark.parametrize("model", RK1048_MODELS)
def test_a_model_with_the_kazakh_code_page_prints_mongolian_letters_as_text(model: str) -> None:
    assert RK1048_MODELS, "python-escpos lists no model with RK1048"
    layout = ReceiptLayout(Kind.TEST, "t", (Text("Өглөөний Үүр, сүү"), Text("12,500 ₮")))
    data = render(layout, model=model, cut=False)
    number = {name: int(n) for n, name in make_profile(Paper.MM80, model).codePages.items()}["RK1048"]
    assert b"\x1bt" + bytes((number,)) + "Өглөөний Үүр, сүү".encode("kz1048") in data
    (line,) = lines(data, model)
    assert line.text == "Өглөөний Үүр, сүү" and line.code_pages == ("RK1048",)
    assert len(images(data)) == 1                       # ₮ is in no code page: a picture
    assert "?" not in printed_text(data, model=model)


@pytest.mark.parametrize("size, align", [(Size.NORMAL, Align.CENTER), (Size.LARGE, Align.RIGHT),
                                         (Size.SMALL, Align.RIGHT)])
def test_a_line_sent_as_a_picture_prints_exactly_as_line_image_draws_it(size: Size, align: Align) -> None:
    for paper in Paper:
        layout = ReceiptLayout(Kind.TEST, "t", (Text("Сүү 1л ₮", align, size, bold=True),))
        printed = replay(render(layout, paper, cut=False), paper, margins=False)
        expected = line_image("Сүү 1л ₮", paper, size=size, bold=True, align=align).convert("L")
        assert printed.width == expected.width
        top = printed.crop((0, 0, expected.width, expected.height))
        assert ImageChops.difference(top, expected).getbbox() is None


def test_a_picture_line_is_sent_only_as_wide_as_its_ink_and_from_the_left_edge() -> None:
    layout = ReceiptLayout(Kind.TEST, "t", (Text("ү", Align.CENTER), Text("ү")))
    data = render(layout, cut=False)
    centred, left = images(data)
    assert centred.image.width <= Paper.MM80.dots // 2 + 16 and left.image.width == 16     # a 12-dot cell: 2 bytes
    assert centred.align is Align.LEFT and left.align is Align.LEFT


# -- fitting the paper --------------------------------------------------------------

@pytest.mark.parametrize("paper", list(Paper))
def test_no_line_or_picture_is_wider_than_the_paper(sales: Sales, journal: Journal, paper: Paper) -> None:
    for kind, layout in every_kind_of_slip(sales, journal, paper).items():
        for model in ("default", "TM-T20II"):
            data = render(layout, paper, model, open_drawer=True)
            printed = lines(data, model)
            assert printed, kind
            for line in printed:
                assert len(line.fonts) == 1 and len({cell.width for cell in line.cells}) == 1, line.text
                assert len(line.text) <= paper.columns_for(size_of(line)), (kind, line.text)
                assert line.dots <= paper.dots
            for image in images(data):
                assert image.image.width <= paper.dots


@pytest.mark.parametrize("paper", list(Paper))
def test_large_type_lines_use_half_the_columns(sales: Sales, paper: Paper) -> None:
    layout = ReceiptLayout(Kind.TEST, "t", (Pair("TOTAL", "17,250.75 MNT", Size.LARGE, bold=True),
                                            Text("A" * (paper.columns + 2), size=Size.LARGE)))
    large = [line for line in lines(render(layout, paper)) if line.width == 2]
    assert [len(line.text) for line in large[-3:]] == [paper.columns // 2] * 2 + [2]
    assert all(len(line.text) <= paper.columns // 2 for line in large)
    assert large[0].text.startswith("TOTAL")


@pytest.mark.parametrize("paper", list(Paper))
def test_a_large_title_too_long_for_half_the_columns_stays_on_one_line_at_double_height(
        sales: Sales, paper: Paper) -> None:
    title = "*** RECEIPT CANCELLED ***"          # 25: more than half the columns, less than all of them
    layout = ReceiptLayout(Kind.TEST, "t", (Text(title, Align.CENTER, Size.LARGE, bold=True), Feed(),
                                            Text("Lottery", Align.CENTER, Size.LARGE), Text("after")))
    data = render(layout, paper, cut=False)
    mark, lottery, after = lines(data)
    assert (mark.text, mark.width, mark.height, mark.bold, mark.align) == (title, 1, 2, True, Align.CENTER)
    assert (lottery.width, lottery.height) == (2, 2) and (after.width, after.height) == (1, 1)
    assert b"\x1d!\x01\x1bE\x01" + title.encode() in data
    void = render(void_slip(sales.receipt_voided(), SHOP, PRINTED_AT), paper)
    assert title in printed_text(void).splitlines()


@pytest.mark.parametrize("paper", list(Paper))
def test_a_double_height_title_as_a_picture_prints_as_line_image_draws_it(paper: Paper) -> None:
    title = "*** ТӨЛБӨР БУЦААГДСАН ***"          # Ө: a picture on a generic printer
    layout = ReceiptLayout(Kind.TEST, "t", (Text(title, Align.CENTER, Size.LARGE, bold=True),))
    printed = replay(render(layout, paper, cut=False), paper, margins=False)
    expected = line_image(title, paper, size=Size.LARGE, bold=True, align=Align.CENTER, narrow=True).convert("L")
    assert expected.height == 2 * FONT_A.cell_height
    assert ImageChops.difference(printed.crop((0, 0, expected.width, expected.height)), expected).getbbox() is None
    ink = ImageChops.invert(expected).getbbox()
    assert ink is not None and ink[2] - ink[0] > (len(title) - 1) * FONT_A.cell_width    # one line, single width


def test_rules_span_the_columns_and_feeds_are_blank_lines() -> None:
    for paper in Paper:
        layout = ReceiptLayout(Kind.TEST, "t", (Rule(), Feed(2), Text("x")))
        printed = [item.text for item in read_escpos(render(layout, paper, cut=False))
                   if isinstance(item, PrintedLine)]
        assert printed[:4] == ["-" * paper.columns, "", "", "x"]


# -- cut and drawer -----------------------------------------------------------------

def test_without_cut_there_is_no_cut_command(sales: Sales) -> None:
    data = render(sale_receipt(sales.issued(), SHOP, PRINTED_AT), cut=False)
    assert not [item for item in read_escpos(data) if isinstance(item, Cut)]
    assert PAPER_FULL_CUT not in without_images(data)


def test_the_drawer_opens_for_a_first_sale_receipt_only(sales: Sales, journal: Journal) -> None:
    for kind, layout in every_kind_of_slip(sales, journal, Paper.MM80).items():
        data = render(layout, open_drawer=True)
        kicks = [item for item in read_escpos(data) if isinstance(item, DrawerKick)]
        assert kicks == ([DrawerKick(2)] if kind is Kind.SALE else []), kind
        assert (CD_KICK_2 in without_images(data)) is (kind is Kind.SALE)
        assert data.endswith(CD_KICK_2) is (kind is Kind.SALE)
    data = render(sale_receipt(sales.issued(), SHOP, PRINTED_AT), open_drawer=False)
    assert not [item for item in read_escpos(data) if isinstance(item, DrawerKick)]


# -- text as pictures ---------------------------------------------------------------

@pytest.mark.parametrize("paper", list(Paper))
def test_text_as_image_sends_no_text_at_all_and_the_qr_still_reads(sales: Sales, paper: Paper) -> None:
    data = render(sale_receipt(sales.issued(), SHOP, PRINTED_AT), paper, text_as_image=True)
    assert lines(data) == []
    assert not printed_text(data).strip()
    assert LOTTERY.encode() not in without_images(data)
    assert len(images(data)) > 20
    codes = zxingcpp.read_barcodes(replay(data, paper))
    assert [code.text for code in codes] == [QR_DATA]


@pytest.mark.parametrize("paper", list(Paper))
def test_text_as_image_draws_the_receipt_id_in_font_b_cells(sales: Sales, paper: Paper) -> None:
    data = render(sale_receipt(sales.issued(), SHOP, PRINTED_AT), paper, text_as_image=True)
    expected = line_image(RECEIPT_ID, paper, size=Size.SMALL, align=Align.RIGHT)
    (picture,) = [item.image for item in images(data)
                  if ImageChops.difference(item.image, expected.convert("L")).getbbox() is None]
    assert picture.height == LINE_PITCH                            # the printer's line pitch, as text would take
    ink = ImageChops.invert(picture).getbbox()
    assert ink is not None
    left, top, right, bottom = ink
    assert bottom <= FONT_B.cell_height and bottom - top > FONT_B.cell_height // 2    # font-B high
    assert right - left > (len(RECEIPT_ID) - 1) * FONT_B.cell_width                   # the whole id, 9-dot cells
    assert paper.dots - left <= len(RECEIPT_ID) * FONT_B.cell_width
    normal = line_image(RECEIPT_ID[:paper.columns], paper, align=Align.RIGHT).convert("L")
    assert all(ImageChops.difference(item.image, normal).getbbox() is not None for item in images(data))


# -- compact output -----------------------------------------------------------------

def test_modes_and_code_pages_are_sent_only_when_they_change() -> None:
    layout = ReceiptLayout(Kind.TEST, "t", (
        Text("Талх", bold=True), Text("Хлеб", bold=True), Text("Масло", bold=True),
        Text("Total", Align.CENTER, Size.LARGE, bold=True), Text("Again", Align.CENTER, Size.LARGE, bold=True),
        Text("0379", size=Size.SMALL), Text("0088", size=Size.SMALL), Text("Lottery"), Text("Thanks")))
    data = render(layout, cut=False)
    assert data.count(b"\x1bt\x11") == 1
    assert data.count(b"\x1bE\x01") == 1
    assert data.count(b"\x1d!\x11") == 1
    assert data.count(b"\x1ba\x01") == 1
    assert data.count(b"\x1bM\x01") == 1 and data.count(b"\x1bM\x00") == 1
    assert data.index(b"\x1bM\x01") < data.index(b"0379") < data.index(b"0088") < data.index(b"\x1bM\x00") \
        < data.index(b"Lottery")


def test_a_line_mixing_code_pages_switches_within_it_rather_than_becoming_a_picture() -> None:
    layout = ReceiptLayout(Kind.TEST, "t", (Text("Ñandú и Талх"),))     # CP437 for Ñ ú, CP866 for Cyrillic
    data = render(layout, cut=False)
    (line,) = lines(data)
    assert line.text == "Ñandú и Талх" and line.code_pages == ("CP437", "CP866")
    assert images(data) == []


# -- profiles -----------------------------------------------------------------------

def test_the_profile_knows_the_paper_width_so_python_escpos_images_print_quietly(capsys) -> None:
    for paper in Paper:
        profile = make_profile(paper)
        assert profile.profile_data["media"]["width"]["pixels"] == paper.dots
        printer = Dummy(profile=profile)
        printer.image(line_image("ok", paper), center=True)
        assert printer.output.startswith(b"\x1dv0")
    assert capsys.readouterr().out == ""
    assert make_profile(Paper.MM80, "TM-T20II").profile_data is not make_profile(Paper.MM80, "TM-T20II").profile_data


def test_an_unknown_model_is_a_setup_error_that_says_so() -> None:
    with pytest.raises(PrinterSetupError) as caught:
        make_profile(Paper.MM80, "XP-58 Turbo")
    assert 'model "XP-58 Turbo" is unknown' in caught.value.message
    assert "TM-T20II" in caught.value.message
    assert make_profile(Paper.MM58, "tm-t20ii").model == "TM-T20II"
    assert make_profile(Paper.MM58, "").model == "default"


def test_a_generic_printer_is_trusted_with_cp437_and_cp866_only() -> None:
    pages = safe_code_pages(make_profile(Paper.MM80), "default")
    assert [(page.name, page.number, page.codec) for page in pages] == [("CP437", 0, "cp437"), ("CP866", 17, "cp866")]


def test_a_named_model_gets_its_declared_pages_that_python_can_write() -> None:
    pages = {page.name: page for page in safe_code_pages(make_profile(Paper.MM80, "TM-T20II"), "TM-T20II")}
    assert pages["RK1048"].number == 53 and pages["RK1048"].codec == "kz1048"
    assert pages["CP1251"].number == 46
    assert "Unknown" not in pages and "TCVN-3-1" not in pages        # no name, no Python codec
    numbers = [page.number for page in pages.values()]
    assert numbers == sorted(numbers)


def test_a_qr_too_long_for_any_version_prints_its_text_instead() -> None:
    data = "9" * 8000
    printer = Dummy(profile=make_profile(Paper.MM80))
    render_escpos(ReceiptLayout(Kind.TEST, "t", (QrCode(data),)), printer, Paper.MM80)
    assert printed_text(printer.output).replace("\n", "") == data


def test_a_180_dpi_printer_gets_nothing_wider_than_its_512_dots(sales: Sales) -> None:
    """Epson's TM-T88 prints 512 dots (42 characters) on 80 mm: no picture or line may be wider."""
    paper = Paper.MM80_42
    printer = Dummy(profile=make_profile(paper, "TM-T88V"))
    render_escpos(sale_receipt(sales.issued(ORGANIZATION), SHOP, PRINTED_AT), printer, paper)
    items = read_escpos(printer.output, model="TM-T88V")
    assert all(item.image.width <= 512 for item in items if isinstance(item, PrintedImage))
    assert all(len(line) <= 42 for line in printed_text(printer.output, model="TM-T88V").splitlines()
               if not line.isdigit())          # the receipt id is in the small font: 56 of those fit
    assert zxingcpp.read_barcodes(replay(printer.output, paper, model="TM-T88V"))[0].text == QR_DATA
