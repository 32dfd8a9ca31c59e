"""The till's entry point (`pos-app`, the installer's launcher, `python -m pos_app.launch`).

Python's cyclic garbage collector is held while the till's modules load: the start makes tens of thousands
of objects that live as long as the till (classes, enums, Qt's wrappers), and some fifty collections would
walk them all again and again, for nothing, before the first window (issue 21, the start). It runs again
before anything else does.
"""

from __future__ import annotations

import gc
from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    gc.disable()
    try:
        from pos_app.app import main as till
    finally:
        gc.enable()
    return till(argv)


if __name__ == "__main__":
    raise SystemExit(main())
