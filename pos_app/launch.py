"""The till's entry point (`pos-app`, the installer's launcher, `python -m pos_app.launch`).

Python's cyclic garbage collector is held until the first window is up: the start makes tens of thousands
of objects that live as long as the till (classes, enums, Qt's wrappers), and some fifty collections would
walk them all again and again, for nothing, before the window shows (issue 21, the start). The till enables
it at its event loop's first turn; this function, whatever happens, when the till returns.
"""

from __future__ import annotations

import gc
from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    gc.disable()     # enabled again by the till once its first window is up (`pos_app.app.root.main`), or here
    try:
        from pos_app.app.root import main as till

        return till(argv)
    finally:
        gc.enable()


if __name__ == "__main__":
    raise SystemExit(main())
