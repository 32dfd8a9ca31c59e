"""pos-app: a point-of-sale till for shop counters in Mongolia."""

import sys
from pathlib import Path

__version__ = "0.1.0"

# Fonts, translations, the sample catalog and the icon: beside the package in a checkout, and in the
# bundle's folder in a frozen (PyInstaller) build.
RESOURCES = Path(getattr(sys, "_MEIPASS", Path(__file__).resolve().parent.parent)) / "resources"
FROZEN = bool(getattr(sys, "frozen", False))
