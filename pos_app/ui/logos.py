"""Bank logos, loaded once: memory, then a disk cache, then the network, all off the GUI thread.

A logo is decoration. The till must look finished without one (offline, a
404, a broken file), so every failure falls back to `fallback_icon`, a badge
with the bank's initials, and is not retried for the rest of the session.
"""

from __future__ import annotations

import hashlib
import logging
import os
import tempfile
from collections.abc import Callable
from concurrent.futures import Future
from functools import partial
from pathlib import Path
from urllib.parse import urlsplit

import requests
from PySide6.QtCore import QObject, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFont, QGuiApplication, QImage, QPainter, QPixmap

from .tasks import TaskRunner

logger = logging.getLogger(__name__)

MAX_LOGO_BYTES = 512 * 1024
FETCH_TIMEOUT = (2, 5)                 # seconds: connect, read

Fetch = Callable[[str], bytes]


class LogoError(Exception):
    """A logo could not be had: bad URL, too big, or not an image."""


def fetch_logo(url: str) -> bytes:
    """The bytes at an http(s) *url*, at most MAX_LOGO_BYTES of them."""
    if urlsplit(url).scheme.lower() not in ("http", "https"):
        raise LogoError("a logo URL must be http or https")
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


def _write_atomically(path: Path, data: bytes) -> None:
    # Write beside the target, then rename: a crash never leaves half a logo behind.
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".logo-", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def load_logo(url: str, cache_dir: Path | None, fetch: Fetch) -> QImage:
    """Runs on a worker: the disk cache if it holds a readable image, else *fetch* (and cache it)."""
    path = cache_file(cache_dir, url) if cache_dir is not None else None
    if path is not None and path.is_file():
        image = QImage.fromData(path.read_bytes())
        if not image.isNull():
            return image
        logger.warning("unreadable cached logo %s; fetching it again", path.name)
    data = fetch(url)
    image = QImage.fromData(data)
    if image.isNull():
        raise LogoError("the logo is not an image")
    if path is not None:
        try:
            _write_atomically(path, data)
        except OSError as error:   # a read-only or full disk only costs a re-fetch next run
            logger.warning("could not cache a logo: %s", error)
    return image


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

    def on_load_finished(self, url: str, future: Future[QImage]) -> None:
        self._loading.discard(url)
        try:
            image = future.result()
        except Exception as error:
            logger.info("bank logo unavailable (%s): %s", type(error).__name__, url)
            self._failed.add(url)
            self.failed.emit(url)
            return
        # QPixmap belongs to the GUI thread, so the worker hands over a QImage.
        pixmap = QPixmap.fromImage(image)
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
