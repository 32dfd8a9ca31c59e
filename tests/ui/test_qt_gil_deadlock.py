"""No Qt call that can take Qt's global locks runs on a worker while it holds the GIL.

The deadlock this guards against froze a full test run (and can freeze a till on the payment screen):
a worker decoding a bank logo with `QImage.fromData` held the GIL while Qt's SVG plugin, probing the
bytes, waited for a connection mutex; the GUI thread held that mutex in `QObject::disconnect` and waited
for the GIL. The stress runs in a child process (`gil_deadlock_child.py`): a GIL deadlock defeats
pytest-timeout's signal, so here a hang is a failed assertion, not a hung suite.
"""

from __future__ import annotations

import io
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PIL import Image
from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QFontDatabase, QImage, QPixmap
from PySide6.QtPrintSupport import QPrinterInfo

from pos_app.receipts import qt_out
from pos_app.receipts.layout import Kind, ReceiptLayout, Text
from pos_app.receipts.printers import PrinterChoice
from pos_app.ui.sale.pages import logos
from pos_app.ui.sale.pages.logos import MAX_LOGO_BYTES, LogoCache, LogoError, LogoPixels, decode_logo, load_logo
from pos_app.ui.printing.printing import ReceiptPrinting
from pos_app.ui.common.tasks import TaskRunner

ROOT = Path(__file__).resolve().parents[2]
STRESS_SECONDS = 2.0        # the old load_logo hung within a second, every time
CHILD_TIMEOUT = 40.0        # the child's own faulthandler watchdog (below) answers first, with every stack
SVG = b'<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8"/></svg>'


def png(colour: tuple[int, int, int, int], size: tuple[int, int] = (4, 3)) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGBA", size, colour).save(buffer, format="PNG")
    return buffer.getvalue()


# -- the stress ---------------------------------------------------------------------------------------------

def test_logos_load_while_the_gui_thread_churns_connections_without_a_deadlock() -> None:
    command = [sys.executable, "-X", "faulthandler", "-c",
               "import faulthandler, runpy, sys; faulthandler.dump_traceback_later(25, exit=True); "
               f"sys.argv[1:] = ['{STRESS_SECONDS}']; "
               "runpy.run_module('tests.ui.gil_deadlock_child', run_name='__main__')"]
    try:
        result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=CHILD_TIMEOUT,
                                check=False)
    except subprocess.TimeoutExpired as hung:
        pytest.fail(f"the logo stress hung (a Qt/GIL deadlock): {hung.stderr!r}")
    assert result.returncode == 0, f"the logo stress failed or deadlocked:\n{result.stdout}\n{result.stderr}"
    assert result.stdout.startswith("ok "), result.stdout


# -- logos: Pillow on the worker, Qt on the GUI thread ----------------------------------------------------------

def test_a_logo_is_decoded_into_plain_rgba_values() -> None:
    pixels = decode_logo(png((200, 10, 20, 128)))
    assert (pixels.width, pixels.height) == (4, 3)
    assert pixels.rgba == bytes((200, 10, 20, 128)) * 12


def test_the_pixels_become_the_same_picture_on_the_gui_thread(qapp) -> None:
    image = decode_logo(png((200, 10, 20, 255))).to_image()
    assert (image.width(), image.height()) == (4, 3)
    assert image.pixelColor(3, 2).getRgb() == (200, 10, 20, 255)


@pytest.mark.parametrize("data", [SVG, b"<html>not found</html>", b"", png((0, 0, 0, 255))[:40]])
def test_what_pillow_does_not_read_as_a_logo_is_refused(data: bytes) -> None:
    with pytest.raises(LogoError):
        decode_logo(data)


def test_a_logo_too_big_in_bytes_or_in_pixels_is_refused() -> None:
    with pytest.raises(LogoError, match="512 KiB"):
        decode_logo(b"\x89PNG" + bytes(MAX_LOGO_BYTES))
    huge = png((255, 255, 255, 255), (4096, 1100))          # a few KB that would decode to 18 MB
    assert len(huge) < MAX_LOGO_BYTES
    with pytest.raises(LogoError, match="too large"):
        decode_logo(huge)


def test_load_logo_makes_no_qt_object(tmp_path: Path) -> None:
    pixels = load_logo("http://logos.test/a.png", tmp_path, lambda url: png((1, 2, 3, 255)))
    assert isinstance(pixels, LogoPixels) and pixels.rgba[:4] == bytes((1, 2, 3, 255))
    again = load_logo("http://logos.test/a.png", tmp_path, lambda url: pytest.fail("the cache is read first"))
    assert again == pixels


class ThreadLog:
    """The threads a Qt class was used on, by name."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, str]] = []

    def record(self, what: str) -> None:
        self.calls.append((what, threading.current_thread().name))

    def off_the_gui_thread(self) -> list[tuple[str, str]]:
        return [call for call in self.calls if call[1] != threading.main_thread().name]


def watched(log: ThreadLog, cls: type, *statics: str) -> type:
    """A subclass of the Qt class `cls` that logs its construction and the named static calls."""
    members: dict[str, Any] = {}

    def init(self: Any, *args: Any) -> None:
        log.record(cls.__name__)
        cls.__init__(self, *args)

    members["__init__"] = init
    for name in statics:
        def static(*args: Any, _name: str = name) -> Any:
            log.record(f"{cls.__name__}.{_name}")
            return getattr(cls, _name)(*args)
        members[name] = staticmethod(static)
    return type(f"Watched{cls.__name__}", (cls,), members)


def test_the_logo_cache_makes_its_qimage_and_qpixmap_on_the_gui_thread(qtbot, monkeypatch) -> None:
    log = ThreadLog()
    monkeypatch.setattr(logos, "QImage", watched(log, QImage, "fromData"))
    monkeypatch.setattr(logos, "QPixmap", watched(log, QPixmap, "fromImage"))
    runner = TaskRunner()
    try:
        cache = LogoCache(runner, None, fetch=lambda url: png((0, 128, 0, 255)))
        with qtbot.waitSignal(cache.loaded, timeout=10_000) as blocker:
            assert cache.request("http://logos.test/green.png") is None
        assert blocker.args[1].toImage().pixelColor(0, 0).getRgb() == (0, 128, 0, 255)
    finally:
        runner.shutdown()
    assert ("QPixmap.fromImage", threading.main_thread().name) in log.calls
    assert log.off_the_gui_thread() == []


# -- printing: what loads plugins or registers fonts happens on the GUI thread first --------------------------

LAYOUT = ReceiptLayout(Kind.TEST, "Test", (Text("Сүү 3,500 ₮"),))


@pytest.fixture
def fresh_qt_printing(monkeypatch: pytest.MonkeyPatch) -> ThreadLog:
    """qt_out as in a new process (no fonts registered, no printer plugin asked for), its Qt calls logged."""
    log = ThreadLog()
    monkeypatch.setattr(qt_out, "_fonts_ready", False)
    monkeypatch.setattr(qt_out, "_printing_ready", False)
    monkeypatch.setattr(qt_out, "QFontDatabase", watched(log, QFontDatabase, "addApplicationFont"))
    monkeypatch.setattr(qt_out, "QPrinterInfo", watched(log, QPrinterInfo, "defaultPrinterName", "printerInfo",
                                                        "defaultPrinter", "availablePrinterNames"))
    return log


def wait_for(qtbot: Any, condition: Callable[[], bool]) -> None:
    qtbot.waitUntil(condition, timeout=20_000)


def test_the_preview_registers_the_fonts_on_the_gui_thread_before_its_worker_draws(
        qtbot, fresh_qt_printing: ThreadLog) -> None:
    runner = TaskRunner()
    printing = ReceiptPrinting(runner)
    try:
        printing.preview(lambda: (LAYOUT,))
        dialog = printing.preview_dialog
        assert dialog is not None
        wait_for(qtbot, lambda: bool(dialog.layouts))
        dialog.reject()
    finally:
        runner.shutdown()
        QCoreApplication.processEvents()
    assert ("QFontDatabase.addApplicationFont", threading.main_thread().name) in fresh_qt_printing.calls
    assert fresh_qt_printing.off_the_gui_thread() == []


def test_a_system_printer_job_loads_the_print_plugin_on_the_gui_thread_first(
        qtbot, fresh_qt_printing: ThreadLog) -> None:
    runner = TaskRunner()
    printing = ReceiptPrinting(runner)
    answers: list[bool] = []
    try:
        printing.print(lambda: (LAYOUT,), "The test page", PrinterChoice("system:no such printer"),
                       on_done=lambda _text, ok: answers.append(ok))
        wait_for(qtbot, lambda: bool(answers))
    finally:
        runner.shutdown()
    assert answers == [False]                                 # no such printer here, which is fine
    on_gui = [what for what, thread in fresh_qt_printing.calls if thread == threading.main_thread().name]
    assert "QFontDatabase.addApplicationFont" in on_gui and "QPrinterInfo.defaultPrinterName" in on_gui
    # the worker only looked the printer up, after the plugin was loaded; it registered no font
    assert {what for what, _thread in fresh_qt_printing.off_the_gui_thread()} <= {
        "QPrinterInfo.printerInfo", "QPrinterInfo.availablePrinterNames"}
