"""Reading ESC/POS bytes back (the tests' and the docs' view of the paper), and the line pictures."""

from __future__ import annotations

import pytest
from PIL import Image, ImageChops

from pos_app.receipts.escpos_out import python_codec
from pos_app.receipts.escpos_replay import (
    Cell,
    Cut,
    DrawerKick,
    PaperFeed,
    PrintedImage,
    PrintedLine,
    printed_text,
    read_escpos,
    replay,
)
from pos_app.receipts.layout import Align, Paper, Size
from pos_app.receipts.text_image import CELL_HEIGHT, CELL_WIDTH, FONT_A, FONT_B, LINE_PITCH, line_image

INIT = b"\x1b@"
LF = b"\n"


def raster(image: Image.Image) -> bytes:
    """GS v 0 for a 1-bit image (black = a dot)."""
    ink = ImageChops.invert(image.convert("L")).convert("1")
    width_bytes = (image.width + 7) // 8
    ink = ink.crop((0, 0, width_bytes * 8, image.height))
    return (b"\x1dv0\x00" + width_bytes.to_bytes(2, "little") + image.height.to_bytes(2, "little")
            + ink.tobytes())


def ink_box(image: Image.Image) -> tuple[int, int, int, int] | None:
    return ImageChops.invert(image.convert("L")).getbbox()


# -- text -------------------------------------------------------------------------

def test_text_is_decoded_with_the_code_page_esc_t_selected() -> None:
    data = (INIT + b"\x1bt\x11" + "Талх".encode("cp866") + LF
            + b"\x1bt\x35" + "Өндөг сүү".encode("kz1048") + LF
            + b"\x1bt\x2e" + "Хлеб".encode("cp1251") + LF
            + b"\x1bt\x00" + "Ñandú".encode("cp437") + LF)
    assert printed_text(data) == "Талх\nӨндөг сүү\nХлеб\nÑandú"
    pages = [line.code_pages for line in read_escpos(data) if isinstance(line, PrintedLine)]
    assert pages == [("CP866",), ("RK1048",), ("CP1251",), ("CP437",)]


def test_code_page_numbers_follow_the_models_profile() -> None:
    # CT-S651 has CP866 at 7 where the generic profile has an unnamed page.
    data = INIT + b"\x1bt\x07" + "Талх".encode("cp866") + LF
    assert printed_text(data, model="CT-S651") == "Талх"
    assert printed_text(data) == "\ufffd" * 4


def test_escpos_code_page_names_map_to_python_codecs() -> None:
    assert python_codec("CP866") == "cp866"
    assert python_codec("CP437") == "cp437"
    assert python_codec("RK1048") == "kz1048"
    assert python_codec("CP1251") == "cp1251"
    assert python_codec("ISO_8859-5") == "iso8859-5"
    assert python_codec("Unknown") is None and python_codec("TCVN-3-1") is None


def test_esc_at_resets_modes_and_code_page() -> None:
    data = (b"\x1ba\x01\x1d!\x11\x1bE\x01\x1bt\x11" + "Я".encode("cp866") + LF
            + INIT + b"A" + LF)
    first, second = [item for item in read_escpos(data) if isinstance(item, PrintedLine)]
    assert first.cells == (Cell("Я", 2, 2, True, "CP866"),) and first.align is Align.CENTER
    assert second.cells == (Cell("A"),) and second.align is Align.LEFT


def test_sizes_bold_alignment_feeds_and_the_drawer_are_read() -> None:
    data = (INIT + b"\x1b!\x38" + b"Big" + LF + b"\x1b!\x00\x1ba\x32" + b"R" + LF
            + b"\x1bd\x03" + b"\x1bJ\x10" + b"\x1bp\x00\x32\x32" + b"\x1dV\x42\x00")
    items = read_escpos(data)
    big, right, *blank = [item for item in items if isinstance(item, PrintedLine)]
    assert (big.text, big.width, big.height, big.bold) == ("Big", 2, 2, True)
    assert (right.text, right.align) == ("R", Align.RIGHT)
    assert [line.text for line in blank] == ["", "", ""]
    assert PaperFeed(16) in items and DrawerKick(2) in items and items[-1] == Cut(partial=False)


def test_esc_m_selects_font_b_and_back_and_printed_text_keeps_its_lines() -> None:
    receipt_id = b"037900846788001094500100110000018"
    data = (INIT + b"Receipt id" + LF + b"\x1ba\x02\x1bM\x01" + receipt_id + LF + b"\x1bM\x00\x1ba\x00" + b"A" + LF
            + b"\x1bM\x31" + b"b" + b"\x1bM\x30" + b"a" + LF + b"\x1b!\x01" + b"B" + LF + INIT + b"A" + LF)
    label, small, normal, mixed, by_mode, after_init = [item for item in read_escpos(data)
                                                        if isinstance(item, PrintedLine)]
    assert printed_text(data).splitlines() == ["Receipt id", receipt_id.decode(), "A", "ba", "B", "A"]
    assert label.fonts == ("A",) and normal.fonts == ("A",) and after_init.fonts == ("A",)
    assert small.fonts == ("B",) and small.align is Align.RIGHT
    assert small.dots == len(receipt_id) * FONT_B.cell_width and small.dots_high == FONT_B.cell_height
    assert mixed.cells == (Cell("b", font="B"), Cell("a"))
    assert by_mode.cells == (Cell("B", font="B"),)                 # ESC ! bit 0 is font B too
    assert normal.dots == FONT_A.cell_width and normal.dots_high == FONT_A.cell_height


def test_real_time_status_requests_print_nothing() -> None:
    assert read_escpos(b"\x10\x04\x04\x10\x04\x01") == []


def test_bytes_nobody_can_account_for_are_an_error() -> None:
    with pytest.raises(ValueError, match="unknown ESC/POS command"):
        read_escpos(INIT + b"\x1b\x7f")
    with pytest.raises(ValueError, match="cut short"):
        read_escpos(b"\x1dv0\x00\x02\x00\x05\x00\xff")
    with pytest.raises(ValueError, match="unknown ESC/POS font"):
        read_escpos(INIT + b"\x1bM\x05" + b"x" + LF)
    with pytest.raises(ValueError, match="cut short"):
        read_escpos(INIT + b"\x1bM")


# -- pictures of the paper ------------------------------------------------------------

@pytest.mark.parametrize("paper", list(Paper))
def test_the_picture_is_white_paper_with_black_dots(paper: Paper) -> None:
    data = INIT + b"\x1bE\x01\x1bt\x11" + "Талх".encode("cp866") + b" abc" + LF + b"\x1dV\x00"
    with_margins = replay(data, paper)
    bare = replay(data, paper, margins=False)
    assert with_margins.mode == bare.mode == "L"
    assert {value for value, count in enumerate(with_margins.histogram()) if count} == {0, 255}
    assert bare.width == paper.dots and with_margins.width > paper.dots
    assert with_margins.getpixel((0, with_margins.height // 2)) == 255


def test_text_is_drawn_in_font_a_cells_where_the_printer_puts_it() -> None:
    paper = Paper.MM80
    data = INIT + b"\x1ba\x02" + b"X" + LF + b"\x1ba\x01\x1d!\x11" + b"W" + LF
    image = replay(data, paper, margins=False)
    assert image.height == LINE_PITCH + 2 * CELL_HEIGHT
    x_box = ink_box(image.crop((0, 0, paper.dots, LINE_PITCH)))
    assert x_box is not None and x_box[0] >= paper.dots - CELL_WIDTH           # right-aligned, one cell
    w_box = ink_box(image.crop((0, LINE_PITCH, paper.dots, image.height)))
    assert w_box is not None
    middle = (w_box[0] + w_box[2]) / 2
    assert abs(middle - paper.dots / 2) <= 2 and w_box[2] - w_box[0] > CELL_WIDTH   # centred, double width


def test_printer_text_and_a_picture_of_the_same_line_look_the_same() -> None:
    paper = Paper.MM58
    as_text = replay(INIT + b"\x1ba\x01" + b"Thank you!" + LF, paper, margins=False)
    as_image = line_image("Thank you!", paper, align=Align.CENTER).convert("L")
    assert ImageChops.difference(as_text, as_image).getbbox() is None


@pytest.mark.parametrize("paper", list(Paper))
@pytest.mark.parametrize("align", list(Align))
def test_a_font_b_line_replays_exactly_as_line_image_draws_small_type(paper: Paper, align: Align) -> None:
    text = "037900846788001094500100110000018"
    data = INIT + b"\x1ba" + bytes((list(Align).index(align),)) + b"\x1bM\x01" + text.encode() + LF
    as_text = replay(data, paper, margins=False)
    as_image = line_image(text, paper, size=Size.SMALL, align=align).convert("L")
    assert as_text.size == as_image.size == (paper.dots, LINE_PITCH)
    assert ImageChops.difference(as_text, as_image).getbbox() is None
    box = ink_box(as_text)
    assert box is not None and box[3] <= FONT_B.cell_height


def test_font_b_and_font_a_on_one_line_share_the_bottom_line() -> None:
    paper = Paper.MM80
    image = replay(INIT + b"\x1bM\x01" + b"_" + b"\x1bM\x00" + b"_" + LF, paper, margins=False)
    small, normal = ink_box(image.crop((0, 0, FONT_B.cell_width, LINE_PITCH))), ink_box(
        image.crop((FONT_B.cell_width, 0, FONT_B.cell_width + CELL_WIDTH, LINE_PITCH)))
    assert small is not None and normal is not None
    assert abs(small[3] - normal[3]) <= 1 and small[3] > FONT_B.cell_height


def test_a_raster_image_is_drawn_dot_for_dot_and_a_cut_as_a_dashed_line() -> None:
    paper = Paper.MM80
    square = Image.new("1", (16, 16), 0)
    data = INIT + raster(square) + b"\x1bp\x00\x32\x32" + b"\x1dV\x00"
    image = replay(data, paper, margins=False)
    assert ink_box(image.crop((0, 0, paper.dots, 16))) == (0, 0, 16, 16)
    cut_row = [image.getpixel((x, image.height - 12)) for x in range(paper.dots)]
    assert 0 in cut_row and 255 in cut_row                                    # dashes across
    assert cut_row.count(0) > paper.dots // 3
    assert replay(INIT + raster(square), paper, margins=False).height == 16      # the kick draws nothing


def test_a_narrow_image_follows_the_alignment() -> None:
    paper = Paper.MM58
    square = Image.new("1", (16, 16), 0)
    image = replay(INIT + b"\x1ba\x01" + raster(square), paper, margins=False)
    assert ink_box(image) == ((paper.dots - 16) // 2, 0, (paper.dots - 16) // 2 + 16, 16)


def test_text_longer_than_the_paper_goes_on_to_the_next_line() -> None:
    paper = Paper.MM58
    image = replay(INIT + b"x" * (paper.columns + 1) + LF, paper, margins=False)
    assert image.height == 2 * LINE_PITCH
    assert printed_text(INIT + b"x" * (paper.columns + 1) + LF) == "x" * (paper.columns + 1)


def test_font_b_text_longer_than_the_paper_goes_on_at_its_own_columns() -> None:
    paper = Paper.MM58
    columns = paper.columns_for(Size.SMALL)
    image = replay(INIT + b"\x1bM\x01" + b"x" * columns + LF, paper, margins=False)
    assert image.height == LINE_PITCH
    image = replay(INIT + b"\x1bM\x01" + b"x" * (columns + 1) + LF, paper, margins=False)
    assert image.height == 2 * LINE_PITCH


def test_printed_text_skips_pictures_and_keeps_blank_lines() -> None:
    square = Image.new("1", (8, 8), 0)
    data = INIT + b"a" + LF + raster(square) + LF + b"b" + LF
    assert printed_text(data) == "a\n\nb"
    assert [type(item) for item in read_escpos(data)] == [PrintedLine, PrintedImage, PrintedLine, PrintedLine]


# -- line pictures --------------------------------------------------------------------

@pytest.mark.parametrize("paper", list(Paper))
def test_a_line_picture_is_the_papers_width_and_a_line_high(paper: Paper) -> None:
    normal = line_image("Сүү ₮", paper)
    large = line_image("Сүү ₮", paper, size=Size.LARGE, bold=True)
    small = line_image("Сүү ₮", paper, size=Size.SMALL)
    assert normal.mode == large.mode == small.mode == "1"
    assert normal.size == small.size == (paper.dots, LINE_PITCH)
    assert large.size == (paper.dots, 2 * CELL_HEIGHT)
    small_box, normal_box = ink_box(small), ink_box(normal)
    assert small_box is not None and normal_box is not None
    assert small_box[3] <= FONT_B.cell_height < normal_box[3] <= CELL_HEIGHT


def test_a_line_picture_aligns_like_the_printer() -> None:
    paper = Paper.MM80
    text = "Өндөг"
    used = len(text) * CELL_WIDTH
    left = ink_box(line_image(text, paper))
    centre = ink_box(line_image(text, paper, align=Align.CENTER))
    right = ink_box(line_image(text, paper, align=Align.RIGHT))
    assert left is not None and centre is not None and right is not None
    assert left[0] < CELL_WIDTH and left[2] <= used
    assert (paper.dots - used) // 2 <= centre[0] and centre[2] <= (paper.dots + used) // 2 + 1
    assert right[0] >= paper.dots - used and right[2] <= paper.dots


def test_each_character_takes_one_cell_and_a_line_too_long_is_cut() -> None:
    paper = Paper.MM58
    full = line_image("Ү" * paper.columns, paper)
    box = ink_box(full)
    assert box is not None and box[2] > paper.dots - CELL_WIDTH
    assert ImageChops.difference(line_image("Ү" * (paper.columns + 5), paper), full).getbbox() is None
    large = ink_box(line_image("Ү" * (paper.columns // 2), paper, size=Size.LARGE))
    assert large is not None and large[2] > paper.dots - 2 * CELL_WIDTH
    small_columns = paper.columns_for(Size.SMALL)
    small = line_image("Ү" * small_columns, paper, size=Size.SMALL)
    small_box = ink_box(small)
    assert small_box is not None and small_box[2] > small_columns * FONT_B.cell_width - FONT_B.cell_width
    assert small_box[2] <= small_columns * FONT_B.cell_width <= paper.dots
    too_long = line_image("Ү" * (small_columns + 5), paper, size=Size.SMALL)
    assert ImageChops.difference(too_long, small).getbbox() is None


def test_bold_prints_more_dots() -> None:
    plain = line_image("Өглөөний Үүр", Paper.MM80)
    bold = line_image("Өглөөний Үүр", Paper.MM80, bold=True)
    assert bold.histogram()[0] > plain.histogram()[0] * 1.2
