"""The payment QR as a widget: `setData` checks what it is given, `paintEvent` only draws.

The service may send a ready PNG (`qr_image`), the payload text (`qr_text`), or
both. A PNG that decodes is shown as it came; otherwise the code is built from
the text. Either way it is drawn on white with crisp, unsmoothed modules, since
a blurred module edge is what makes a phone camera hesitate.
"""

from __future__ import annotations

from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPaintEvent
from PySide6.QtWidgets import QSizePolicy, QWidget

from pos_app.receipts.qr import QUIET_ZONE, qr_matrix

__all__ = ["QUIET_ZONE", "QRWidget", "qr_matrix"]
MINIMUM_SIDE = 160
PREFERRED_SIDE = 360


class QRWidget(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.source = ""                       # "image", "text" or "" (nothing to show)
        self._image: QImage | None = None
        self._matrix: list[list[bool]] | None = None
        self.setMinimumSize(MINIMUM_SIDE, MINIMUM_SIDE)
        policy = QSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)

    # -- data ------------------------------------------------------------------------

    def setData(self, qr_image: bytes = b"", qr_text: str = "") -> None:
        """Show *qr_image* if it is a readable image, else the code for *qr_text*.

        Raises ValueError if neither is usable. The widget is cleared first, so a
        failed call never leaves the previous sale's code on screen.
        """
        self.clear()
        image = QImage.fromData(qr_image) if qr_image else QImage()
        if not image.isNull():
            self._image = image
            self.source = "image"
        elif qr_text:
            self._matrix = qr_matrix(qr_text)
            self.source = "text"
        elif qr_image:
            raise ValueError("the QR image is not a readable image and there is no QR text")
        else:
            raise ValueError("neither a QR image nor QR text was given")
        self.update()

    def clear(self) -> None:
        self._image = None
        self._matrix = None
        self.source = ""
        self.update()

    # -- geometry --------------------------------------------------------------------

    def sizeHint(self) -> QSize:
        return QSize(PREFERRED_SIDE, PREFERRED_SIDE)

    def minimumSizeHint(self) -> QSize:
        return QSize(MINIMUM_SIDE, MINIMUM_SIDE)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return max(width, MINIMUM_SIDE)

    # -- drawing ---------------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        try:
            painter.fillRect(self.rect(), Qt.GlobalColor.white)
            if self._matrix is not None:
                self._paint_matrix(painter, self._matrix)
            elif self._image is not None:
                self._paint_image(painter, self._image)
        finally:
            painter.end()

    def _paint_matrix(self, painter: QPainter, matrix: list[list[bool]]) -> None:
        side = min(self.width(), self.height())
        modules = len(matrix) + 2 * QUIET_ZONE
        # Whole pixels per module keep every module the same size; only a widget
        # smaller than the code itself falls back to fractional modules.
        module = float(side // modules) if side >= modules else side / modules
        drawn = module * modules
        left = (self.width() - drawn) / 2 + QUIET_ZONE * module
        top = (self.height() - drawn) / 2 + QUIET_ZONE * module
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(Qt.GlobalColor.black))
        for row, cells in enumerate(matrix):
            for column, dark in enumerate(cells):
                if dark:
                    painter.drawRect(_module_rect(left, top, module, row, column))

    def _paint_image(self, painter: QPainter, image: QImage) -> None:
        side = min(self.width(), self.height())
        size = image.size().scaled(side, side, Qt.AspectRatioMode.KeepAspectRatio)
        target = QRect((self.width() - size.width()) // 2, (self.height() - size.height()) // 2,
                       size.width(), size.height())
        # Nearest-neighbour scaling (Qt.FastTransformation) keeps module edges sharp.
        scaled = image.scaled(size, Qt.AspectRatioMode.IgnoreAspectRatio,
                              Qt.TransformationMode.FastTransformation)
        painter.drawImage(target, scaled)


def _module_rect(left: float, top: float, module: float, row: int, column: int) -> QRect:
    # Rounding both edges (not the width) lets neighbouring modules meet without seams.
    x0, y0 = round(left + column * module), round(top + row * module)
    x1, y1 = round(left + (column + 1) * module), round(top + (row + 1) * module)
    return QRect(x0, y0, x1 - x0, y1 - y0)
