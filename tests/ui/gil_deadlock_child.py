"""The Qt/GIL deadlock stress, run in a process of its own by `test_qt_gil_deadlock.py`.

    python -m tests.ui.gil_deadlock_child [SECONDS] [LOGOS_MODULE_FILE]

For SECONDS (default 3) the real `LogoCache` loads logo after logo on the real TaskRunner's workers (SVG,
PNG and junk bytes from a fetch function, every URL new, so every request is a real `load_logo`) while
the GUI thread connects and disconnects signals in a tight loop: it gives list views fresh models and
deletes the views, as the history dialog does when it closes.

The deadlock: the event loop runs without the GIL, and `~QAbstractItemView` calls
`QObject::disconnect` for each model connection, which holds Qt's connection mutex (one of a small
pool, picked by the object's address) while it asks the model's Python wrapper about
`disconnectNotify`, which needs the GIL. A worker that holds the GIL inside a Qt call that connects or
disconnects (`QImage.fromData` without a format: the SVG plugin's probe builds a QTextStream, which
connects a QBuffer) and meets that mutex waits for ever, and so does the GUI thread.

Prints `ok LOADED FAILED of REQUESTED` and exits 0 when every request was answered. LOGOS_MODULE_FILE
swaps in another implementation of `pos_app/ui/sale/pages/logos.py` (to show that the old one hangs).
"""

from __future__ import annotations

import importlib.util
import io
import os
import sys
import time
from collections import deque
from types import ModuleType

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PIL import Image  # noqa: E402
from PySide6.QtCore import QCoreApplication, QEvent, QEventLoop, QStringListModel, QTimer  # noqa: E402
from PySide6.QtWidgets import QApplication, QListView  # noqa: E402

from pos_app.ui.common.tasks import TaskRunner  # noqa: E402

VIEWS = 16                  # views made and deleted between two looks at the event queue
KEPT = 2000                 # models kept alive, so new ones land at new addresses (every mutex of the pool)
IN_FLIGHT = 400             # logo loads queued at once, so the workers never idle
SVG = (b'<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="48" height="48">'
       b'<circle cx="24" cy="24" r="20" fill="#c00"/></svg>')


def _png() -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (48, 48), "blue").save(buffer, format="PNG")
    return buffer.getvalue()


PNG = _png()
ANSWERS = (SVG, PNG, b"<html>not found</html>")


def fetch(url: str) -> bytes:
    number = int(url.rsplit("/", 1)[1].split(".")[0])
    return ANSWERS[number % len(ANSWERS)]


def logos_module(path: str | None) -> ModuleType:
    if not path:
        from pos_app.ui.sale.pages import logos
        return logos
    spec = importlib.util.spec_from_file_location("pos_app.ui._logos_under_test", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def main(seconds: float, module_file: str | None) -> int:
    app = QApplication([sys.argv[0]])
    logos = logos_module(module_file)
    runner = TaskRunner(workers=4)
    cache = logos.LogoCache(runner, None, fetch=fetch)
    answered = {"loaded": 0, "failed": 0}
    cache.loaded.connect(lambda _url, _pixmap: answered.__setitem__("loaded", answered["loaded"] + 1))
    cache.failed.connect(lambda _url: answered.__setitem__("failed", answered["failed"] + 1))
    kept: deque[QStringListModel] = deque(maxlen=KEPT)
    requested = 0
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        while requested - answered["loaded"] - answered["failed"] < IN_FLIGHT:
            assert cache.request(f"http://logos.test/{requested}.img") is None
            requested += 1
        for _ in range(VIEWS):
            view = QListView()
            model = QStringListModel(["Khan bank", "Xac bank"])
            view.setModel(model)
            view.deleteLater()
            kept.append(model)
        # Without the GIL: each ~QAbstractItemView disconnects its model under a connection mutex.
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        app.processEvents()
    if runner.pending:     # the last loads: wait until the runner has handed every one back, or 10 s
        loop = QEventLoop()
        runner.busy_changed.connect(lambda busy: None if busy else loop.quit())
        QTimer.singleShot(10_000, loop.quit)
        loop.exec()
    runner.shutdown()
    print(f"ok {answered['loaded']} {answered['failed']} of {requested}", flush=True)
    return 0 if answered["loaded"] + answered["failed"] == requested and answered["loaded"] else 1


if __name__ == "__main__":
    sys.exit(main(float(sys.argv[1]) if len(sys.argv) > 1 else 3.0, sys.argv[2] if len(sys.argv) > 2 else None))
