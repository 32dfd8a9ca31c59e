"""`make run` on a fresh machine: what the till's window needs from the system is installed (as root, with
apt-get) or named with the command that installs it, before the window fails to start (scripts/system_packages.sh);
when all of it is there, the check is quick and the till starts.

Each run below is the real `make run` with a `PATH` of its own: the real `dpkg-query`, `awk` and `grep`, and for
who runs it and apt-get small stand-ins (apt-get's records how it was called: a test installs nothing).
"""

from __future__ import annotations

import os
import re
import shutil
import stat
import subprocess
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
MISSING = "pos-app-test-no-such-package"      # dpkg has never heard of it
PRESENT = "libc6"                            # every Debian has it
TOOLS = ("sh", "dpkg-query", "awk", "grep", "make", "sed", "head", "dpkg")   # (the Makefile reads its version)

pytestmark = pytest.mark.skipif(shutil.which("dpkg-query") is None or shutil.which("make") is None,
                                reason="a Debian system with make")


def makefile_variable(name: str) -> list[str]:
    text = (ROOT / "Makefile").read_text(encoding="utf-8").replace("\\\n", " ")
    match = re.search(rf"^{name}\s*:=(.*)$", text, re.MULTILINE)
    assert match, name
    return match[1].split()


def tools(tmp_path: Path, *, uid: int, apt_get: bool) -> Path:
    """A bin folder with the real tools the check uses, `id` saying `uid`, and a recording apt-get if asked."""
    folder = tmp_path / "bin"
    folder.mkdir()
    for tool in TOOLS:
        found = shutil.which(tool)
        assert found, tool
        (folder / tool).symlink_to(found)
    script(folder / "id", f"#!/bin/sh\necho {uid}\n")
    if apt_get:
        script(folder / "apt-get", f"#!/bin/sh\necho \"$*\" >> {tmp_path / 'apt-get.calls'}\n")
    # Where make finds `pos-app` (BIN=...): says it started.
    script(tmp_path / "pos-app", f"#!/bin/sh\necho started > {tmp_path / 'started'}\n")
    return folder


def script(path: Path, text: str) -> None:
    path.write_text(text, encoding="utf-8")
    path.chmod(path.stat().st_mode | stat.S_IXUSR)


def make_run(tmp_path: Path, folder: Path, packages: list[str]) -> subprocess.CompletedProcess[str]:
    # The venv and the translations are taken as made (-o): this is about the system's packages.
    keep = [arg for path in (".venv/.stamp-run", "resources/translations/pos_app_mn.qm",
                             "resources/translations/pos_app_en.qm") for arg in ("-o", path)]
    return subprocess.run(["make", "--no-print-directory", *keep, "run", f"BIN={tmp_path}",
                           f"RUN_PACKAGES={' '.join(packages)}"],
                          cwd=ROOT, env={**os.environ, "PATH": str(folder)}, capture_output=True, text=True,
                          timeout=60, check=False)


def test_with_everything_installed_make_run_starts_the_till_at_once(tmp_path: Path) -> None:
    folder = tools(tmp_path, uid=1000, apt_get=False)
    started = time.monotonic()
    done = make_run(tmp_path, folder, [PRESENT])
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "started").exists()
    assert time.monotonic() - started < 5
    assert "Installing" not in done.stdout and not done.stderr, done.stderr


def test_without_root_make_run_names_what_is_missing_and_the_command_that_installs_it(tmp_path: Path) -> None:
    folder = tools(tmp_path, uid=1000, apt_get=True)
    done = make_run(tmp_path, folder, [PRESENT, MISSING])
    assert done.returncode != 0
    assert not (tmp_path / "started").exists()
    assert f"needs packages that are not installed: {MISSING}" in done.stderr
    assert f"sudo apt-get install -y {MISSING}" in done.stderr
    assert PRESENT not in done.stderr.split("installed:")[1]
    assert not (tmp_path / "apt-get.calls").exists()


def test_as_root_make_run_installs_what_is_missing_then_starts(tmp_path: Path) -> None:
    folder = tools(tmp_path, uid=0, apt_get=True)
    done = make_run(tmp_path, folder, [PRESENT, MISSING])
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "apt-get.calls").read_text(encoding="utf-8").splitlines() == [
        "update -qq", f"install -y -qq {MISSING}"]
    assert (tmp_path / "started").exists()


def test_as_root_without_apt_get_it_still_says_the_command(tmp_path: Path) -> None:
    folder = tools(tmp_path, uid=0, apt_get=False)
    done = make_run(tmp_path, folder, [MISSING])
    assert done.returncode != 0 and f"apt-get install -y {MISSING}" in done.stderr


def debian_package(soname: str) -> str:
    """Debian's name for the package of a library: libxcb-cursor.so.0 is in libxcb-cursor0, libxkbcommon-x11.so.0
    in libxkbcommon-x11-0 (a hyphen when the name ends in a digit)."""
    name, version = re.fullmatch(r"(.+)\.so\.(\d+)", soname).groups()  # type: ignore[union-attr]
    return f"{name}{'-' if name[-1].isdigit() else ''}{version}".lower()


def test_make_run_checks_every_xcb_library_qts_window_links_to() -> None:
    import PySide6

    qt = Path(PySide6.__file__).parent / "Qt"
    linked: set[str] = set()
    for library in (qt / "plugins" / "platforms" / "libqxcb.so", qt / "lib" / "libQt6XcbQpa.so.6"):
        if not library.exists():
            pytest.skip("this PySide6 has no xcb platform")
        listed = subprocess.run(["ldd", str(library)], capture_output=True, text=True, check=True).stdout
        linked |= {line.split()[0] for line in listed.splitlines()
                   if re.match(r"\s*lib(xcb|xkbcommon|X11-xcb)", line)}
    assert "libxcb-cursor.so.0" in linked
    wanted = {debian_package(soname) for soname in linked}
    checked = set(makefile_variable("RUN_PACKAGES"))
    assert wanted <= checked, sorted(wanted - checked)
    assert "$(RUN_PACKAGES)" in makefile_variable("X_PACKAGES")      # the screenshots' X server runs the same window


def test_the_readme_says_what_make_run_needs_and_does() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    setup = readme.split("## Set-up", 1)[1].split("\n## ", 1)[0]
    assert "libxcb-cursor0" in setup and "sudo apt-get install" in setup and "root" in setup
