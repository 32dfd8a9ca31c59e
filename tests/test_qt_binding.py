"""The Qt binding keeps None alive: a till runs all day on millions of Qt calls that return nothing.

PySide6 6.12.0 dropped a reference to None on every such call on Python 3.11 (None is not immortal
before 3.12), so a few tens of thousands of calls ended the process with "Fatal Python error:
none_dealloc". pyproject.toml keeps PySide6 below 6.12; this test catches a binding that does it again.
"""

from __future__ import annotations

import sys

from PySide6.QtGui import QImage
from PySide6.QtWidgets import QLabel


def test_void_qt_calls_do_not_use_up_references_to_none(qapp) -> None:
    image = QImage(8, 8, QImage.Format.Format_RGB32)
    label = QLabel()
    before = sys.getrefcount(None)
    for _ in range(2000):
        image.fill(0)
        label.setText("₮")
    assert sys.getrefcount(None) >= before - 100   # 4,000 calls: a leaking binding loses ~4,000
