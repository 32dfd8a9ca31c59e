"""Bank logos, loaded once: memory, then a disk cache, then the network, all off the GUI thread.

A logo is decoration. The till must look finished without one (offline, a
404, a broken file), so every failure falls back to `fallback_icon`, a badge
with the bank's initials, and is not retried for the rest of the session.

The worker makes no Qt call: it fetches and decodes with Pillow into plain
`LogoPixels`, and the GUI thread makes the QImage and QPixmap. Qt's image
reader, asked to guess a format, loads its plugins and lets them probe the
bytes (the SVG plugin connects signals to do it), which takes Qt's connection
mutexes while the worker holds the GIL; the GUI thread, which can hold such a
mutex while it waits for the GIL (deleting a view that asks its model's Python
wrapper about a disconnect), then deadlocks with it and the till freezes.
"""

from __future__ import annotations

import hashlib
import io
import logging
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from urllib.parse import urlsplit

from PySide6.QtCore import QObject, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFont, QGuiApplication, QImage, QPainter, QPixmap

from pos_app.files import replace_file

from pos_app.ui.common.tasks import TaskRunner

logger = logging.getLogger(__name__)

MAX_LOGO_BYTES = 512 * 1024
MAX_LOGO_PIXELS = 2048 * 2048          # a logo's width x height; more is a decompression bomb, not a logo
# Pillow decodes only these (never, say, EPS, which it hands to Ghostscript).
LOGO_FORMATS = ("PNG", "JPEG", "GIF", "WEBP", "BMP", "ICO")
FETCH_TIMEOUT = (2, 5)                 # seconds: connect, read

Fetch = Callable[[str], bytes]


class LogoError(Exception):
    """A logo could not be had: bad URL, too big, or not an image."""


def fetch_logo(url: str) -> bytes:
    """The bytes at an http(s) *url*, at most MAX_LOGO_BYTES of them."""
    if urlsplit(url).scheme.lower() not in ("http", "https"):
        raise LogoError("a logo URL must be http or https")
    import requests   # on the logo worker, with the first logo not yet cached (not before the first window)

    with requests.get(url, timeout=FETCH_TIMEOUT, stream=True) as response:
        response.raise_for_status()
        data = bytearray()
        for chunk in response.iter_content(chunk_size=64 * 1024):
            data += chunk
            if len(data) > MAX_LOGO_BYTES:
                raise LogoError("the logo is larger than 512 KiB")
    return bytes(data)


def cache_file(cache_dir: Path, url: str) -> Path:
    return cache_dir / (hashlib.sha256(url.encode("utf-8")).hexdigest() + ".png")



@dataclass(frozen=True)
class LogoPixels:
    """A decoded logo as plain values (made on a worker): `rgba` holds width x height RGBA8888 pixels, row by row."""

    width: int
    height: int
    rgba: bytes

    def to_image(self) -> QImage:
        """The logo as a QImage; call it on the GUI thread."""
        image = QImage(self.rgba, self.width, self.height, 4 * self.width, QImage.Format.Format_RGBA8888)
        return image.copy()             # the first QImage only borrows `rgba`; the copy owns its pixels


def decode_logo(data: bytes) -> LogoPixels:
    """*data* decoded by Pillow (no Qt, so safe on a worker); LogoError when it is not a logo we read."""
    if len(data) > MAX_LOGO_BYTES:
        raise LogoError("the logo is larger than 512 KiB")
    from PIL import Image   # with the first logo decoded (on a worker), not before the till's first window

    try:
        with Image.open(io.BytesIO(data), formats=LOGO_FORMATS) as picture:
            if picture.width * picture.height > MAX_LOGO_PIXELS:
                raise LogoError(f"the logo is too large ({picture.width} x {picture.height} pixels)")
            rgba = picture.convert("RGBA")
    except LogoError:
        raise
    except Exception as error:  # noqa: BLE001 - whatever Pillow makes of broken bytes, it is not a logo
        raise LogoError("the logo is not an image") from error
    if rgba.width < 1 or rgba.height < 1:
        raise LogoError("the logo is empty")
    return LogoPixels(rgba.width, rgba.height, rgba.tobytes())


def load_logo(url: str, cache_dir: Path | None, fetch: Fetch) -> LogoPixels:
    """Runs on a worker: the disk cache if it holds a readable image, else *fetch* (and cache it).

    No Qt here (see the module's note): the GUI thread turns the pixels into a QPixmap."""
    path = cache_file(cache_dir, url) if cache_dir is not None else None
    if path is not None and path.is_file():
        try:
            return decode_logo(path.read_bytes())
        except (LogoError, OSError):
            logger.warning("unreadable cached logo %s; fetching it again", path.name)
    data = fetch(url)
    pixels = decode_logo(data)
    if path is not None:
        try:
            replace_file(path, data, mode=0o600, make_folder=True)
        except OSError as error:   # a read-only or full disk only costs a re-fetch next run
            logger.warning("could not cache a logo: %s", error)
    return pixels


class LogoCache(QObject):
    loaded = Signal(str, QPixmap)
    failed = Signal(str)

    def __init__(self, runner: TaskRunner, cache_dir: Path | None, fetch: Fetch | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._runner = runner
        self._cache_dir = cache_dir
        self._fetch = fetch or fetch_logo
        # A few dozen small logos at most, so memory holds them all for the session.
        self._pixmaps: dict[str, QPixmap] = {}
        self._loading: set[str] = set()
        self._failed: set[str] = set()

    def request(self, url: str) -> QPixmap | None:
        """The logo now if it is in memory; otherwise None, and `loaded` or `failed` follows.

        A URL already loading or already failed this session starts nothing new.
        """
        pixmap = self._pixmaps.get(url)
        if pixmap is not None:
            return pixmap
        if url in self._loading or url in self._failed:
            return None
        self._loading.add(url)
        self._runner.run_in_background(partial(load_logo, url, self._cache_dir, self._fetch),
                                       partial(self.on_load_finished, url))
        return None

    def has_failed(self, url: str) -> bool:
        return url in self._failed

    def on_load_finished(self, url: str, future: Future[LogoPixels]) -> None:
        """GUI thread (the TaskRunner delivers it here): the worker's pixels become a QPixmap."""
        self._loading.discard(url)
        try:
            pixmap = QPixmap.fromImage(future.result().to_image())
            if pixmap.isNull():
                raise LogoError("the logo could not be drawn")
        except Exception as error:
            logger.info("bank logo unavailable (%s): %s", type(error).__name__, url)
            self._failed.add(url)
            self.failed.emit(url)
            return
        self._pixmaps[url] = pixmap
        self.loaded.emit(url, pixmap)


# -- the offline look ---------------------------------------------------------------

def bank_initials(name: str) -> str:
    """One or two capital letters: the first letter of the name's first two words."""
    letters = [word[0] for word in name.split() if word[0].isalnum()][:2]
    return "".join(letters).upper() or "?"


def badge_colour(name: str) -> QColor:
    # sha256, not hash(): Python salts str hashes per process, and a bank should
    # keep its colour from one day to the next.
    hue = int.from_bytes(hashlib.sha256(name.encode("utf-8")).digest()[:2], "big") % 360
    return QColor.fromHsv(hue, 170, 175)


def fallback_icon(name: str, size: int) -> QPixmap:
    """A round badge with the bank's initials on a colour of its own, *size* px across."""
    ratio = QGuiApplication.instance().devicePixelRatio() if QGuiApplication.instance() else 1.0
    pixmap = QPixmap(round(size * ratio), round(size * ratio))
    pixmap.setDevicePixelRatio(ratio)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    try:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(badge_colour(name))
        painter.drawEllipse(QRectF(0.5, 0.5, size - 1, size - 1))
        initials = bank_initials(name)
        font = QFont()
        font.setBold(True)
        font.setPixelSize(max(6, round(size * (0.42 if len(initials) == 1 else 0.36))))
        painter.setFont(font)
        painter.setPen(QColor(Qt.GlobalColor.white))
        painter.drawText(QRectF(0, 0, size, size), Qt.AlignmentFlag.AlignCenter, initials)
    finally:
        painter.end()
    return pixmap
