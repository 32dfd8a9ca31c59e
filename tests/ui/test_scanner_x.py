"""Scans as a real keyboard sends them (issue 32, point 4): X key events from `xdotool` on Xvfb, a character
every 2 ms, into every field a scan can meet in a real till process (tests/ui/x_scan_child.py). A refused scan
leaves the field exactly as it was; an accepted one lands whole in the cart, right after F2 too."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from .conftest import MILK, YOGURT

pytestmark = pytest.mark.skipif(not (shutil.which("Xvfb") and shutil.which("xdotool")),
                                reason="needs Xvfb and xdotool (make test installs them)")
CHILD_TIMEOUT = 180


@pytest.fixture
def x_display() -> Iterator[str]:
    """A throwaway X server at 1366×768; its display number chosen by the server (-displayfd)."""
    read, write = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1366x768x24", "-nolisten", "tcp"],
                              pass_fds=(write,), stderr=subprocess.DEVNULL)
    os.close(write)
    with os.fdopen(read) as pipe:
        number = pipe.readline().strip()
    try:
        assert number, "Xvfb did not start"
        yield f":{number}"
    finally:
        server.terminate()
        server.wait(timeout=10)


def test_scans_typed_by_x_key_events_into_every_field(x_display: str, sandbox_server, posapi_server,
                                                      tmp_path: Path) -> None:
    out = tmp_path / "walk.json"
    env = {**os.environ, "DISPLAY": x_display}
    env.pop("QT_QPA_PLATFORM", None)
    run = subprocess.run([sys.executable, "-X", "faulthandler", "-m", "tests.ui.x_scan_child", str(tmp_path / "home"),
                          sandbox_server.url, posapi_server.url, str(out)],
                         env=env, timeout=CHILD_TIMEOUT, capture_output=True, text=True,
                         cwd=Path(__file__).resolve().parents[2])
    assert out.exists(), run.stderr[-3000:]
    walk = json.loads(out.read_text())
    assert walk["trouble"] == "", (walk, run.stderr[-3000:])
    at = {record["station"]: record for record in walk["records"]}

    assert at["entry"]["cart"] == [MILK] and at["entry"]["after"][0] == ""
    # The card terminal's approval code: refused, the field empty, and the next Enter takes no payment.
    assert at["approval"]["refused"] == ["865600001001"]
    assert at["approval"]["after"] == at["approval"]["before"] == ["", 0, ""]
    assert at["approval-enter"]["stage"] == "tendering" and at["approval-enter"]["after"][0] == ""
    # The cash given: the amount due is back, selected, as it was.
    assert at["cash"]["refused"] == [YOGURT] and at["cash"]["after"] == at["cash"]["before"]
    assert at["cash"]["before"][2] != ""
    # A dialog's field and the paid screen's register keep what the cashier typed.
    assert at["free-line"]["refused"] == [YOGURT] and at["free-line"]["after"] == at["free-line"]["before"]
    assert at["free-line"]["before"][0] == "Bag"
    assert at["register"]["after"] == at["register"]["before"] == ["53", 2, ""]
    # F2 from the receipt screen and a scan at once: the next sale starts with the item the paid screen held for
    # it, then the whole code just scanned.
    assert at["after-F2"]["cart"] == [YOGURT, MILK] and at["after-F2"]["after"][0] == ""
