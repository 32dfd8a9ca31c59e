"""`pos-app --self-test` (what the installer smoke test runs): one training sale by itself, exit 0; never in
production."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from PIL import Image

from pos_app.config import Environment, Settings, save_settings


def run_self_test(home: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "POS_APP_HOME": str(home), "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.run([sys.executable, "-m", "pos_app.launch", "--self-test", *extra], env=env, text=True,
                          capture_output=True, timeout=120)


def test_one_training_sale_runs_by_itself_to_its_lottery_number(tmp_path: Path) -> None:
    shot = tmp_path / "window.png"
    done = run_self_test(tmp_path / "home", "--screenshot", str(shot))
    assert done.returncode == 0, done.stderr
    assert "self-test: ok: sale T1-" in done.stdout and "lottery" in done.stdout
    with Image.open(shot) as picture:
        assert picture.width >= 800 and picture.height >= 600


def test_it_refuses_to_touch_a_production_till(tmp_path: Path) -> None:
    home = tmp_path / "home"
    save_settings(Settings(environment=Environment.PRODUCTION, base_url="https://merchant.qpay.mn",
                           username="SHOP", invoice_code="SHOP_INVOICE"), home / "config" / "settings.json")
    done = run_self_test(home)
    assert done.returncode in (1, 2) and "FAILED" in done.stderr
    assert "charging" not in done.stdout
