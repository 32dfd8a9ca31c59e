"""The package's own rules until tests/test_architecture.py and pyproject's mypy list name it: no Qt, nothing
from the window, the app or the other services; small modules; mypy --strict clean."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.test_architecture import PACKAGE, _offences

ROOT = PACKAGE.parent
MODULES = sorted((PACKAGE / "posapi").rglob("*.py"))


def test_posapi_needs_no_qt_and_nothing_above_it() -> None:
    forbidden = ("PySide6", "pos_app.ui", "pos_app.app", "pos_app.sandbox", "pos_app.qpay",
                 "pos_app.checkout", "pos_app.journal", "pos_app.receipts", "httpx")
    assert _offences("posapi", forbidden) == []


@pytest.mark.parametrize("module", MODULES, ids=[m.name for m in MODULES])
def test_modules_stay_under_400_lines(module: Path) -> None:
    assert len(module.read_text(encoding="utf-8").splitlines()) < 400


def test_mypy_strict_passes_on_posapi() -> None:
    result = subprocess.run(
        [str(Path(sys.executable).parent / "mypy"), "--config-file", str(ROOT / "pyproject.toml"), "--strict",
         "pos_app/posapi"], cwd=ROOT, capture_output=True, text=True, timeout=300, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
