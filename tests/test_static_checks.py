"""ruff (with bandit's security rules) and mypy --strict, as configured in pyproject.toml, pass on the project
and still catch what they are there for. `make lint` runs the same two commands for a quick look."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
CONFIG = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))

# One line per security rule the till relies on; ruff must flag each with the project's configuration.
INSECURE = {
    "S113": "import requests\nrequests.get('https://merchant.qpay.mn/v2/invoice')\n",
    "S602": "import subprocess\nsubprocess.run('lp ' + name, shell=True)\n",
    "S608": "def find(db, number):\n    return db.execute(f\"SELECT * FROM sales WHERE number = '{number}'\")\n",
    "S105": "password = 'WBDUzy8n'\n",
    "S324": "import hashlib\nhashlib.md5(b'receipt')\n",
    "S301": "import pickle\npickle.loads(data)\n",
    "S506": "import yaml\nyaml.load(text)\n",
    "S501": "import requests\nrequests.get('https://merchant.qpay.mn', verify=False, timeout=5)\n",
    "S104": "import socket\nsocket.socket().bind(('0.0.0.0', 8765))\n",
}


def run(*command: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=300, check=False)


def ruff(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return run(str(BIN / "ruff"), "check", "--no-cache", "--config", str(ROOT / "pyproject.toml"), *args, cwd=cwd)


def test_ruff_finds_nothing_in_the_project() -> None:
    result = ruff(".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_selects_the_security_rules_for_the_app() -> None:
    lint = CONFIG["tool"]["ruff"]["lint"]
    assert "S" in lint["select"]
    ignored_in_app = set(lint.get("ignore", [])) | {
        rule for pattern, rules in lint.get("per-file-ignores", {}).items()
        if pattern.startswith("pos_app") for rule in rules}
    assert ignored_in_app <= {"S101"}, f"security rules switched off for the app: {ignored_in_app}"


@pytest.mark.parametrize("rule", sorted(INSECURE))
def test_ruff_flags_insecure_code_in_the_app(rule: str, tmp_path: Path) -> None:
    module = tmp_path / "pos_app" / "insecure.py"
    module.parent.mkdir()
    module.write_text(INSECURE[rule], encoding="utf-8")
    result = ruff("--select", "S", "--output-format", "concise", str(module.relative_to(tmp_path)), cwd=tmp_path)
    assert result.returncode == 1 and f"{rule} " in result.stdout, result.stdout + result.stderr
    # The project's own selection flags it too (not only an explicit --select).
    assert f"{rule} " in ruff("--output-format", "concise", str(module.relative_to(tmp_path)), cwd=tmp_path).stdout


def test_mypy_strict_passes_on_the_domain_and_the_client() -> None:
    mypy = CONFIG["tool"]["mypy"]
    assert mypy["strict"] is True
    assert {"pos_app/domain", "pos_app/qpay"} <= set(mypy["files"])
    result = run(str(BIN / "mypy"), "--config-file", str(ROOT / "pyproject.toml"))
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_with_the_project_settings_refuses_loose_money_code(tmp_path: Path) -> None:
    module = tmp_path / "loose.py"
    module.write_text("from decimal import Decimal\n\n"
                      "def total(prices):\n    return sum(prices)\n\n"
                      "def vat(amount: Decimal) -> Decimal:\n    return amount * 0.1\n", encoding="utf-8")
    result = run(str(BIN / "mypy"), "--config-file", str(ROOT / "pyproject.toml"), "--no-incremental",
                 str(module), cwd=tmp_path)
    assert result.returncode == 1
    assert "missing a type annotation" in result.stdout          # strict: no untyped functions
    assert "Unsupported operand types" in result.stdout or "float" in result.stdout  # Decimal * float
