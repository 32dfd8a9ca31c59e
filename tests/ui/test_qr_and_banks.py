"""The payment QR, the bank logos and list, and the customer's screen."""

from __future__ import annotations

import io
import threading
from collections.abc import Callable, Iterator

import pytest
import qrcode
from PIL import Image
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QImage, QPixmap
from PySide6.QtWidgets import QApplication, QLineEdit, QVBoxLayout, QWidget

from pos_app.domain.sale import BankApp, OpenInvoice
from pos_app.sandbox.banks import BANKS_BY_KEY
from pos_app.ui.sale.pages.bank_list import ICON_SIDE, BankList
from pos_app.ui.sale.pages.customer_display import CustomerDisplay
from pos_app.ui.sale.pages.logos import (
    LogoCache,
    LogoError,
    badge_colour,
    bank_initials,
    cache_file,
    fallback_icon,
    fetch_logo,
)
from pos_app.ui.common.qr_widget import QRWidget, qr_matrix
from pos_app.ui.common.tasks import TaskRunner

PAYLOAD = ("0002010102121531279404962794049600022310027138152045734530349654031005802MN"
           "5904TEST6011Ulaanbaatar6304ABCD")


# -- helpers --------------------------------------------------------------------------

def qr_png(text: str) -> bytes:
    buffer = io.BytesIO()
    qrcode.make(text).save(buffer)        # error correction M, like the widget
    return buffer.getvalue()


def solid_png(colour: str, side: int = 48) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (side, side), colour).save(buffer, format="PNG")
    return buffer.getvalue()


def is_dark(image: QImage, x: float, y: float) -> bool:
    return image.pixelColor(int(x), int(y)).lightness() < 128


def dark_box(image: QImage) -> tuple[int, int, int, int]:
    """Left, top, right, bottom (inclusive) of the dark pixels."""
    xs, ys = [], []
    for y in range(image.height()):
        for x in range(image.width()):
            if is_dark(image, x, y):
                xs.append(x)
                ys.append(y)
    assert xs, "nothing dark was drawn"
    return min(xs), min(ys), max(xs), max(ys)


def dark_box_or_none(image: QImage) -> tuple[int, int, int, int] | None:
    try:
        return dark_box(image)
    except AssertionError:
        return None


def grab(widget: QWidget, side: int = 300) -> QImage:
    widget.resize(side, side)
    return widget.grab().toImage()


def counting(fetch: Callable[[str], bytes]) -> tuple[Callable[[str], bytes], list[str]]:
    calls: list[str] = []

    def counted(url: str) -> bytes:
        calls.append(url)
        return fetch(url)

    return counted, calls


def refuse(url: str) -> bytes:
    raise ConnectionError("offline")


@pytest.fixture
def runner(qapp: QApplication) -> Iterator[TaskRunner]:
    runner = TaskRunner()
    yield runner
    runner.shutdown()


@pytest.fixture
def held_fetch() -> Iterator[tuple[Callable[[str], bytes], threading.Event, list[str]]]:
    """A fetch that answers a red square only once released, so "while loading" is certain."""
    release = threading.Event()
    calls: list[str] = []

    def fetch(url: str) -> bytes:
        calls.append(url)
        if not release.wait(10):
            raise TimeoutError("the test never released the fetch")
        return solid_png("red")

    yield fetch, release, calls
    release.set()                          # never leave a worker blocked at shutdown


# -- the QR widget ------------------------------------------------------------------------

def test_a_readable_png_is_shown_as_the_image(qtbot) -> None:
    widget = QRWidget()
    qtbot.addWidget(widget)
    widget.setData(qr_png(PAYLOAD), PAYLOAD)
    assert widget.source == "image"


def test_text_alone_is_drawn_as_a_code(qtbot) -> None:
    widget = QRWidget()
    qtbot.addWidget(widget)
    widget.setData(qr_text=PAYLOAD)
    assert widget.source == "text"


def test_a_broken_png_falls_back_to_the_text(qtbot) -> None:
    widget = QRWidget()
    qtbot.addWidget(widget)
    widget.setData(b"\x89PNG\r\n\x1a\nnot really", PAYLOAD)
    assert widget.source == "text"


@pytest.mark.parametrize("image, text", [(b"", ""), (b"garbage", ""), (b"", "x" * 3000)])
def test_nothing_usable_raises_and_leaves_no_old_code(qtbot, image: bytes, text: str) -> None:
    widget = QRWidget()
    qtbot.addWidget(widget)
    widget.setData(qr_text=PAYLOAD)
    with pytest.raises(ValueError):
        widget.setData(image, text)
    assert widget.source == ""
    assert dark_box_or_none(grab(widget, 200)) is None


def test_clear_empties_the_widget(qtbot) -> None:
    widget = QRWidget()
    qtbot.addWidget(widget)
    widget.setData(qr_text=PAYLOAD)
    widget.clear()
    assert widget.source == ""


@pytest.mark.parametrize("text", ["A", "hello", PAYLOAD, "x" * 500, "y" * 2000])
def test_qr_matrix_is_a_square_of_21_plus_4k_modules(text: str) -> None:
    matrix = qr_matrix(text)
    side = len(matrix)
    assert all(len(row) == side for row in matrix)
    assert side >= 21 and (side - 21) % 4 == 0
    # The top-left finder pattern: a dark ring, a light ring, a dark 3x3 core.
    assert all(matrix[0][:7]) and all(row[0] for row in matrix[:7])
    assert not any(matrix[1][1:6]) and all(matrix[3][2:5])


def test_qr_matrix_refuses_empty_and_oversized_text() -> None:
    with pytest.raises(ValueError):
        qr_matrix("")
    with pytest.raises(ValueError, match="too long"):
        qr_matrix("x" * 3000)


@pytest.mark.parametrize("source", ["image", "text"])
def test_the_drawn_code_reads_back_as_its_matrix(qtbot, source: str) -> None:
    widget = QRWidget()
    qtbot.addWidget(widget)
    widget.setData(qr_png(PAYLOAD) if source == "image" else b"", PAYLOAD)
    image = grab(widget, 300)
    assert image.pixelColor(0, 0) == QColor("white")

    left, top, right, bottom = dark_box(image)
    assert abs((right - left) - (bottom - top)) <= 2, "the code is not square"
    assert abs(left - (299 - right)) <= 2 and abs(top - (299 - bottom)) <= 2, "not centred"

    matrix = qr_matrix(PAYLOAD)
    module = (right - left + 1) / len(matrix)
    assert left >= 3.5 * module and top >= 3.5 * module, "no quiet zone"
    # Three finder patterns' outer corners are dark, the fourth corner is not a finder.
    for x, y in ((left, top), (right, top), (left, bottom)):
        assert is_dark(image, x, y)
    read = [[is_dark(image, left + (column + 0.5) * module, top + (row + 0.5) * module)
             for column in range(len(matrix))] for row in range(len(matrix))]
    assert read == matrix


def test_the_widget_wants_to_be_square(qtbot) -> None:
    widget = QRWidget()
    qtbot.addWidget(widget)
    assert widget.sizeHint().width() == widget.sizeHint().height() >= 300
    assert widget.hasHeightForWidth() and widget.heightForWidth(250) == 250
    assert widget.minimumSizeHint().width() >= 160


# -- logos ----------------------------------------------------------------------------

def test_a_sandbox_logo_loads_then_comes_from_memory(qtbot, runner, sandbox_server, tmp_path) -> None:
    assert "khanbank" in BANKS_BY_KEY
    url = sandbox_server.url + "/_sandbox/logos/khanbank.png"
    logos = LogoCache(runner, tmp_path)
    with qtbot.waitSignal(logos.loaded, timeout=10_000) as blocker:
        assert logos.request(url) is None
    loaded_url, pixmap = blocker.args
    assert loaded_url == url
    assert isinstance(pixmap, QPixmap) and not pixmap.isNull() and pixmap.width() == 96
    assert cache_file(tmp_path, url).is_file()

    again = logos.request(url)
    assert again is not None and again.cacheKey() == pixmap.cacheKey()
    assert runner.pending == 0


def test_a_new_session_reads_the_disk_cache_without_fetching(qtbot, runner, sandbox_server,
                                                            tmp_path) -> None:
    url = sandbox_server.url + "/_sandbox/logos/xacbank.png"
    first = LogoCache(runner, tmp_path)
    with qtbot.waitSignal(first.loaded, timeout=10_000):
        first.request(url)

    fetch, calls = counting(refuse)
    second = LogoCache(runner, tmp_path, fetch=fetch)
    with qtbot.waitSignal(second.loaded) as blocker:
        assert second.request(url) is None
    assert not blocker.args[1].isNull()
    assert calls == []


def test_an_unreadable_cache_file_is_fetched_again(qtbot, runner, tmp_path) -> None:
    url = "http://logos.test/a.png"
    cache_file(tmp_path, url).write_bytes(b"half a png")
    fetch, calls = counting(lambda url: solid_png("blue"))
    logos = LogoCache(runner, tmp_path, fetch=fetch)
    with qtbot.waitSignal(logos.loaded):
        logos.request(url)
    assert calls == [url]
    assert not QImage.fromData(cache_file(tmp_path, url).read_bytes()).isNull()
    assert [p.name for p in tmp_path.iterdir()] == [cache_file(tmp_path, url).name]  # no temp files


def test_an_unreachable_logo_fails_once_per_session(qtbot, runner, tmp_path) -> None:
    url = "http://127.0.0.1:9/x.png"
    fetch, calls = counting(fetch_logo)
    logos = LogoCache(runner, tmp_path, fetch=fetch)
    with qtbot.waitSignal(logos.failed, timeout=10_000) as blocker:
        assert logos.request(url) is None
    assert blocker.args == [url]
    assert logos.has_failed(url)

    assert logos.request(url) is None
    assert runner.pending == 0 and calls == [url]
    assert not any(tmp_path.iterdir())


@pytest.mark.parametrize("answer", [b"<html>not found</html>", b""])
def test_something_that_is_not_an_image_fails(qtbot, runner, answer: bytes) -> None:
    logos = LogoCache(runner, None, fetch=lambda url: answer)
    with qtbot.waitSignal(logos.failed):
        logos.request("http://logos.test/b.png")


def test_a_missing_sandbox_logo_fails(qtbot, runner, sandbox_server) -> None:
    logos = LogoCache(runner, None)
    with qtbot.waitSignal(logos.failed, timeout=10_000):
        logos.request(sandbox_server.url + "/_sandbox/logos/no-such-bank.png")


@pytest.mark.parametrize("url", ["file:///etc/passwd", "ftp://logos.test/a.png", "", "logo.png"])
def test_only_http_urls_are_fetched(url: str) -> None:
    with pytest.raises(LogoError):
        fetch_logo(url)


def test_many_requests_while_loading_fetch_once(qtbot, runner, held_fetch) -> None:
    fetch, release, calls = held_fetch
    logos = LogoCache(runner, None, fetch=fetch)
    url = "http://logos.test/c.png"
    with qtbot.waitSignal(logos.loaded) as blocker:
        assert [logos.request(url) for _ in range(10)] == [None] * 10
        release.set()
    assert blocker.args[0] == url
    assert calls == [url]
    assert logos.request(url) is not None


def test_the_fallback_badge_is_round_and_stable(qapp) -> None:
    icon = fallback_icon("Хаан банк", 40)
    assert not icon.isNull() and icon.deviceIndependentSize().toSize().width() == 40
    image = icon.toImage()
    assert image.pixelColor(0, 0).alpha() == 0                       # round: corners see through
    side = image.width()
    inside_the_ring = image.pixelColor(side // 2, side // 12 + 2)
    assert inside_the_ring.rgb() == badge_colour("Хаан банк").rgb()
    assert badge_colour("Хаан банк") == badge_colour("Хаан банк") != badge_colour("Хас банк")
    assert bank_initials("Хаан банк") == "ХБ"
    assert bank_initials("qPay wallet") == "QW"
    assert bank_initials("Monpay") == "M"
    assert bank_initials("Trade and Development bank") == "TA"
    assert bank_initials("  ") == "?"


# -- the bank list --------------------------------------------------------------------------

def icon_pixel(bank_list: BankList, row: int, x: int, y: int) -> QColor:
    return bank_list.item(row).icon().pixmap(ICON_SIDE, ICON_SIDE).toImage().pixelColor(x, y)


def test_the_list_shows_badges_at_once_then_the_logos(qtbot, runner, held_fetch) -> None:
    fetch, release, calls = held_fetch
    logos = LogoCache(runner, None, fetch=fetch)
    bank_list = BankList(logos)
    qtbot.addWidget(bank_list)
    banks = (BankApp("Khan bank", "Хаан банк", "http://logos.test/khan.png", "khanbank://q?x=1"),
             BankApp("Xac bank", "Хас банк", "http://logos.test/xac.png", "xacbank://q?x=1"),
             BankApp("No logo bank", "", "", ""))
    bank_list.set_banks(banks)

    assert [bank_list.item(row).text() for row in range(3)] == ["Khan bank", "Xac bank", "No logo bank"]
    assert bank_list.item(0).toolTip() == "Хаан банк\nkhanbank://q?x=1"
    for row in range(3):
        assert icon_pixel(bank_list, row, 1, 1).alpha() == 0          # the round badge for now
    release.set()
    qtbot.waitUntil(lambda: [icon_pixel(bank_list, row, 1, 1) for row in range(2)] == [QColor("red")] * 2)
    assert icon_pixel(bank_list, 2, 1, 1).alpha() == 0                 # no URL: the badge stays
    assert sorted(calls) == ["http://logos.test/khan.png", "http://logos.test/xac.png"]

    # The next invoice's list takes the logos from memory straight away.
    bank_list.set_banks(banks[:1])
    assert bank_list.count() == 1 and icon_pixel(bank_list, 0, 1, 1) == QColor("red")
    assert runner.pending == 0


def test_a_failed_logo_keeps_its_badge(qtbot, runner) -> None:
    logos = LogoCache(runner, None, fetch=refuse)
    bank_list = BankList(logos)
    qtbot.addWidget(bank_list)
    with qtbot.waitSignal(logos.failed):
        bank_list.set_banks((BankApp("Most money", logo_url="http://logos.test/most.png"),))
    assert icon_pixel(bank_list, 0, 1, 1).alpha() == 0
    assert icon_pixel(bank_list, 0, ICON_SIDE // 2, 4).rgb() == badge_colour("Most money").rgb()


def test_the_list_takes_no_focus_and_no_selection(qtbot, runner) -> None:
    bank_list = BankList(LogoCache(runner, None, fetch=refuse))
    qtbot.addWidget(bank_list)
    bank_list.set_banks((BankApp("Khan bank"),))
    assert bank_list.focusPolicy() == Qt.FocusPolicy.NoFocus
    assert not bank_list.item(0).flags() & Qt.ItemFlag.ItemIsSelectable
    assert bank_list.iconSize().width() in range(32, 41)


# -- the customer display --------------------------------------------------------------------

@pytest.fixture
def cashier_window(qtbot) -> tuple[QWidget, QLineEdit]:
    window = QWidget()
    entry = QLineEdit(window)
    QVBoxLayout(window).addWidget(entry)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window, entry


def give_focus_back(qtbot, window: QWidget, entry: QLineEdit) -> None:
    window.activateWindow()
    entry.setFocus()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window and entry.hasFocus())


def test_the_display_is_a_window_that_cannot_take_focus(qtbot) -> None:
    display = CustomerDisplay("Номин дэлгүүр")
    qtbot.addWidget(display)
    assert display.isWindow() and display.windowTitle()
    assert display.testAttribute(Qt.WidgetAttribute.WA_ShowWithoutActivating)
    assert display.windowFlags() & Qt.WindowType.WindowDoesNotAcceptFocus
    assert all(widget.focusPolicy() == Qt.FocusPolicy.NoFocus
               for widget in [display, *display.findChildren(QWidget)])


def test_the_display_follows_the_sale_without_stealing_focus(qtbot, cashier_window) -> None:
    window, entry = cashier_window
    display = CustomerDisplay("Номин дэлгүүр")
    qtbot.addWidget(display)
    display.show()
    qtbot.waitExposed(display)
    # The offscreen test platform activates every window it shows (a real desktop
    # honours WA_ShowWithoutActivating); what is checked here is that updates never do.
    give_focus_back(qtbot, window, entry)

    invoice = OpenInvoice("inv-1", qr_text=PAYLOAD, qr_image=qr_png(PAYLOAD), banks=())
    display.show_invoice("12,500₮", invoice)
    QApplication.processEvents()
    assert QApplication.activeWindow() is window and entry.hasFocus()
    assert display.qr.source == "image" and not display.qr.isHidden()
    assert display.amount.text() == "12,500₮"
    assert not display.hint.isHidden() and display.paid.isHidden()
    assert display.shop.text() == "Номин дэлгүүр"

    display.show_paid("12,500₮")
    QApplication.processEvents()
    assert QApplication.activeWindow() is window and entry.hasFocus()
    assert display.qr.source == "" and display.qr.isHidden()
    assert not display.paid.isHidden() and display.paid.text()
    assert display.amount.text() == "12,500₮"

    display.show_idle()
    QApplication.processEvents()
    assert QApplication.activeWindow() is window and entry.hasFocus()
    assert display.qr.isHidden() and display.paid.isHidden() and display.amount.isHidden()


def test_an_invoice_without_a_usable_qr_still_shows_the_amount(qtbot) -> None:
    display = CustomerDisplay()
    qtbot.addWidget(display)
    display.show_invoice("900₮", OpenInvoice("inv-2", qr_image=b"junk"))
    assert display.qr.isHidden() and display.qr.source == ""
    assert display.amount.text() == "900₮" and not display.hint.isHidden()
    assert display.shop.isHidden()
