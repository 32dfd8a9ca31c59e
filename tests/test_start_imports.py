"""What the till loads before its first window: nothing the window does not need (issue 21, the start).

Each check runs in a fresh interpreter, so what the test session already imported cannot hide anything.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

# Loaded later, where they are first needed: python-escpos (its printer database alone is ~130 ms) with the
# first ESC/POS job or the printer settings; the payment clients (pydantic's models, requests, PyJWT and
# cryptography) and the keyring on the worker that builds the payment side, after the window is up; FastAPI and
# uvicorn with the training sandboxes, on that worker too; qrcode with the first code drawn, Pillow with the
# first bank logo; the store's database libraries never in the till; openpyxl with a workbook imported.
NOT_BEFORE_THE_WINDOW = ("escpos", "pydantic", "requests", "urllib3", "jwt", "cryptography", "keyring", "fastapi",
                         "uvicorn", "starlette", "sqlalchemy", "alembic", "psycopg", "openpyxl", "qrcode", "PIL",
                         "usb", "serial")
# The till's own layers that speak to the services, loaded with the payment side (their error classes alone are
# light and may come before).
LAYERS_NOT_BEFORE_THE_WINDOW = ("pos_app.app.start.payment_side", "pos_app.checkout.service", "pos_app.qpay.client",
                                "pos_app.posapi.client", "pos_app.sandbox", "pos_app.storelink", "pos_app.store")
# The window's own later parts, built or loaded just after its first paint (ui/sale/pages/later_pages.py) or when first
# used: the payment and receipt pages and the customer's display (the bank logos with them), the printers and
# the slips, the PIN screen, the parked sales, the free line, the shift's figures, the journal's records and
# the settings' checks.
LATER_PARTS = ("pos_app.ui.sale.pages.payment_page", "pos_app.ui.sale.pages.receipt_page",
               "pos_app.ui.sale.pages.customer_display", "pos_app.ui.sale.pages.part_paid_box",
               "pos_app.ui.sale.pages.bank_list", "pos_app.ui.common.qr_widget", "pos_app.ui.sale.pages.logos",
               "pos_app.receipts.printers", "pos_app.receipts.slip_blocks", "pos_app.ui.people.pin_dialog",
               "pos_app.ui.sale.dialogs.parked", "pos_app.domain.shift", "pos_app.journal.records",
               "pos_app.ui.sale.dialogs.free_line", "pos_app.config.settings",
               # the time zone database, with the settings' checks on the worker; sqlite3 with the journal,
               # OpenSSL's hashes with the first PIN
               "zoneinfo", "sqlite3", "_sqlite3", "hashlib", "_hashlib")

# The window shown, then what is loaded at that moment: the start's work on the worker (the till's books, then
# the payment side) has not begun, so nothing it imports can hide in the answer.
AT_THE_FIRST_WINDOW = """
import json, os, sys
import pos_app.app.root as app_module

def start(self):
    self.window.show()
    print(json.dumps(sorted(sys.modules)), flush=True)
    os._exit(0)

app_module.PosApp.start = start
app_module.main([])
"""


def _loaded(code: str, home: Path) -> set[str]:
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True,
                          env={"QT_QPA_PLATFORM": "offscreen", "PATH": "/usr/bin:/bin", "POS_APP_HOME": str(home)})
    return set(json.loads(done.stdout.strip().splitlines()[-1]))


def _later(modules: set[str]) -> list[str]:
    """The later parts among `modules` (a part's own submodules too)."""
    return sorted(name for name in modules
                  if any(name == part or name.startswith(part + ".") for part in LATER_PARTS))


def _heavy(modules: set[str]) -> set[str]:
    return ({name for name in modules if name.split(".")[0] in NOT_BEFORE_THE_WINDOW}
            | {name for name in modules if name.startswith(LAYERS_NOT_BEFORE_THE_WINDOW)})


def test_the_till_shows_its_first_window_before_loading_what_it_does_not_need(tmp_path: Path) -> None:
    loaded = _loaded(AT_THE_FIRST_WINDOW, tmp_path)
    assert "pos_app.ui.shell.main_window" in loaded       # the window was built: the snapshot is of the real start
    assert sorted(_heavy(loaded)) == []


def test_the_window_shows_with_the_cart_alone_and_builds_the_rest_once_it_is_up(tmp_path: Path) -> None:
    loaded = _loaded(AT_THE_FIRST_WINDOW, tmp_path)
    assert _later(loaded) == []


def test_a_shop_s_settings_file_loads_no_more_before_the_window(tmp_path: Path) -> None:
    """Only its language is read before the window; the rest is read and checked on the worker."""
    settings = tmp_path / "config" / "settings.json"
    settings.parent.mkdir()
    settings.write_text(json.dumps({"language": "mn", "time_zone": "Asia/Ulaanbaatar", "shop_name": "Nomin"}),
                        encoding="utf-8")
    loaded = _loaded(AT_THE_FIRST_WINDOW, tmp_path)
    assert sorted(_heavy(loaded)) == []
    assert _later(loaded) == []


def test_the_check_sees_a_heavy_module(tmp_path: Path) -> None:
    code = ("import json, sys\nimport pos_app.receipts.connections, pos_app.app.start.payment_side\n"
            "print(json.dumps(sorted(sys.modules)))")
    heavy = {name.split(".")[0] for name in _heavy(_loaded(code, tmp_path))}
    assert {"escpos", "pydantic", "requests", "jwt", "cryptography"} <= heavy
    assert "pos_app" in heavy      # the backend itself


def test_the_payment_side_leaves_no_model_to_build_on_a_call() -> None:
    """Deferred until after the window (`defer_build`), the clients' validators are all built by the worker
    that builds the payment side, never by two calls at once (pos_app/lazy.py)."""
    import pos_app.app.start.payment_side  # noqa: F401 - the models the payment side uses
    from pos_app.lazy import build_deferred_models, deferred_models

    build_deferred_models()
    assert [model.__qualname__ for model in deferred_models()] == []


FEATURE_SCAN = """
import json, sys
import PySide6.QtCore
feature = sys.modules["shibokensupport.feature"]
upstream = feature._mod_uses_pyside
import pos_app.app.root
ours = feature._mod_uses_pyside
differ = [name for name, module in list(sys.modules.items()) if module is not None and upstream(module) != ours(module)]
uses = sum(ours(module) for module in list(sys.modules.values()) if module is not None)
print(json.dumps({"replaced": getattr(ours, "reads_bytes", False), "uses": uses, "differ": differ}))
"""


def test_pyside_s_scan_of_each_import_gives_the_same_answers_from_the_bytes(tmp_path: Path) -> None:
    """ui/common/feature_scan.py: PySide6's private hook is there (a new PySide6 that changed it fails here first) and
    answers for every module loaded as the upstream one does."""
    done = subprocess.run([sys.executable, "-c", FEATURE_SCAN], capture_output=True, text=True, timeout=120,
                          check=True, env={"QT_QPA_PLATFORM": "offscreen", "PATH": "/usr/bin:/bin",
                                           "POS_APP_HOME": str(tmp_path)})
    answer = json.loads(done.stdout.strip().splitlines()[-1])
    assert answer["replaced"] is True
    assert answer["uses"] > 20           # the window's own modules, which do use PySide6
    assert answer["differ"] == []


COLLECTIONS_WHILE_LOADING = """
import gc, json, sys
during = []

def watch(phase, info):
    app = sys.modules.get("pos_app.app.root")
    if phase == "start" and app is not None and not hasattr(app, "main"):   # pos_app.app.root is still loading
        during.append(info["generation"])

gc.callbacks.append(watch)
if sys.argv[1] == "launch":
    import pos_app.launch
    try:
        pos_app.launch.main(["--help"])      # loads the till, then its command line says its help and exits
    except SystemExit:
        pass
else:
    import pos_app.app.root
print(json.dumps({"collections": len(during), "enabled": gc.isenabled()}))
"""


def _collections_while_loading(how: str, home: Path) -> dict[str, object]:
    done = subprocess.run([sys.executable, "-c", COLLECTIONS_WHILE_LOADING, how], capture_output=True, text=True,
                          timeout=120, check=True, env={"QT_QPA_PLATFORM": "offscreen", "PATH": "/usr/bin:/bin",
                                                        "POS_APP_HOME": str(home)})
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_the_entry_point_holds_the_garbage_collector_while_the_till_loads(tmp_path: Path) -> None:
    """pos_app/launch.py: no collection walks the start's objects while they load; it runs again after (the
    till enables it once its window is up, the entry point when the till returns: here, at once)."""
    assert _collections_while_loading("launch", tmp_path) == {"collections": 0, "enabled": True}
    assert _collections_while_loading("import", tmp_path)["collections"] > 0     # the check sees them
