"""Suite-wide settings: Qt renders offscreen, so tests need no display."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
