"""What the till loads before its first window: nothing the window does not need (issue 21, the start).

Each check runs in a fresh interpreter, so what the test session already imported cannot hide anything.
"""

from __future__ import annotations

import json
import subprocess
import sys

# Loaded later, where they are first needed: python-escpos (its printer database alone is ~130 ms) with the
# first ESC/POS job or the printer settings; FastAPI and uvicorn with the training sandbox, on a worker; the
# store's database libraries never in the till; openpyxl with a workbook imported.
NOT_BEFORE_THE_WINDOW = ("escpos", "fastapi", "uvicorn", "sqlalchemy", "alembic", "psycopg", "openpyxl")


def _loaded_after(statement: str) -> set[str]:
    code = (f"import json, sys\n{statement}\n"
            "print(json.dumps(sorted({name.split('.')[0] for name in sys.modules})))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                          env={"QT_QPA_PLATFORM": "offscreen", "PATH": "/usr/bin:/bin"}, check=True)
    return set(json.loads(done.stdout.strip().splitlines()[-1]))


def test_the_till_loads_no_heavy_module_its_first_window_does_not_need() -> None:
    loaded = _loaded_after("import pos_app.app")
    assert loaded & set(NOT_BEFORE_THE_WINDOW) == set()


def test_the_check_sees_a_heavy_module() -> None:
    assert "escpos" in _loaded_after("import pos_app.receipts.connections")
