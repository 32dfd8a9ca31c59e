"""The lock and the audit of it: requirements.lock pins what is installed, and scripts/audit.py fails on a
known vulnerability, on a service that cannot answer for a package, and (when asked) on no service at all.

The vulnerability service here is a stand-in of the tests' own speaking OSV's query API over real HTTP, so
pip-audit itself reads the answers; the real service is not reachable from this machine (make audit says so).
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Iterator
from importlib import metadata
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from tests.qpay.helpers import Reply, Seen, TinyServer

ROOT = Path(__file__).resolve().parents[1]
LOCK = ROOT / "requirements.lock"
AUDIT = ROOT / "scripts" / "audit.py"
CLOSED = "http://127.0.0.1:9"  # the discard port: nothing listens there


def locked() -> dict[str, str]:
    pins: dict[str, str] = {}
    for line in LOCK.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        match = re.fullmatch(r"([A-Za-z0-9_.\-]+)==([^\s;#]+)", line)
        assert match, f"requirements.lock: {line!r} is not a name==version pin"
        pins[canonicalize_name(match[1])] = match[2]
    return pins


def installed_requirements(name: str, extras: tuple[str, ...] = ()) -> dict[str, str]:
    """Every distribution *name* needs in this environment (markers evaluated), with its version."""
    found: dict[str, str] = {}
    todo = [(name, extras)]
    while todo:
        current, wanted = todo.pop()
        dist = metadata.distribution(current)
        for text in dist.requires or []:
            requirement = Requirement(text)
            if requirement.marker is not None and not any(
                    requirement.marker.evaluate({"extra": extra}) for extra in (*wanted, "")):
                continue
            key = canonicalize_name(requirement.name)
            if key in found:
                continue
            found[key] = metadata.version(requirement.name)
            todo.append((requirement.name, tuple(requirement.extras)))
    return found


def test_the_lock_pins_every_installed_dependency_at_its_installed_version() -> None:
    pins = locked()
    needed = installed_requirements("pos-app", ("dev",))
    assert "pyside6-essentials" in needed and "pip-audit" in needed
    missing = sorted(name for name in needed if name not in pins)
    assert not missing, f"not in requirements.lock (run make lock): {missing}"
    drifted = {name: (pins[name], version) for name, version in needed.items() if pins[name] != version}
    assert not drifted, f"requirements.lock pins other versions than are installed (lock, installed): {drifted}"


def test_every_install_takes_the_locked_versions() -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    installs = [line for line in makefile.splitlines() if "pip install" in line and "-e " in line
                and "--upgrade -e" not in line]
    assert len(installs) == 2 and all("--constraint requirements.lock" in line for line in installs), installs


# -- the audit ---------------------------------------------------------------------------------------------


class OsvStandIn:
    """OSV's query API over real HTTP: *vulnerable* packages have one made-up advisory, `broken-service` fails."""

    def __init__(self) -> None:
        self.vulnerable = {"requests"}
        self.server = TinyServer(self.answer)

    @property
    def url(self) -> str:
        return self.server.url

    @property
    def seen(self) -> list[Seen]:
        return self.server.seen

    def answer(self, seen: Seen) -> Reply:
        name = seen.json()["package"]["name"]
        if name == "broken-service":
            return Reply(500, {"message": "the service failed"})
        if name not in self.vulnerable:
            return Reply(200, {})
        return Reply(200, {"vulns": [{
            "id": "PYSEC-0000-TEST", "summary": "a vulnerability the test made up", "aliases": ["CVE-0000-0000"],
            "affected": [{"package": {"name": name, "ecosystem": "PyPI"},
                          "ranges": [{"type": "ECOSYSTEM", "events": [{"introduced": "0"}, {"fixed": "99.0"}]}]}],
        }]})


@pytest.fixture
def osv() -> Iterator[OsvStandIn]:
    stand_in = OsvStandIn()
    stand_in.server.start()
    yield stand_in
    stand_in.server.stop()


def audit(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(AUDIT), *args], capture_output=True, text=True, timeout=120,
                          check=False)


def lock_file(tmp_path: Path, *pins: str) -> Path:
    path = tmp_path / "requirements.lock"
    path.write_text("# a lock of the test's own\n" + "\n".join(pins) + "\n", encoding="utf-8")
    return path


def test_a_locked_version_with_a_known_vulnerability_fails_the_audit(osv: OsvStandIn, tmp_path: Path) -> None:
    lock = lock_file(tmp_path, "requests==2.31.0", "idna==3.7")
    result = audit("--lock", str(lock), "--osv-url", f"{osv.url}/v1/query")
    assert result.returncode == 1, result.stdout + result.stderr
    assert "PYSEC-0000-TEST" in result.stdout and "requests" in result.stdout
    asked = {seen.json()["package"]["name"] for seen in osv.seen if seen.json().get("version") != "23.0"}
    assert asked == {"requests", "idna"}


def test_the_whole_lock_passes_when_the_service_knows_nothing_against_it(osv: OsvStandIn) -> None:
    # Also proves every line of the real lock is a pin pip-audit accepts without resolving anything.
    osv.vulnerable.clear()
    result = audit("--osv-url", f"{osv.url}/v1/query")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "No known vulnerabilities found" in result.stdout + result.stderr
    asked = {seen.json()["package"]["name"] for seen in osv.seen}
    assert asked >= set(locked())


def test_a_package_the_service_cannot_answer_for_fails_the_audit(osv: OsvStandIn, tmp_path: Path) -> None:
    lock = lock_file(tmp_path, "idna==3.7", "broken-service==1.0")
    result = audit("--lock", str(lock), "--osv-url", f"{osv.url}/v1/query")
    assert result.returncode != 0, result.stdout + result.stderr


def test_no_service_at_all_is_said_loudly_and_fails_when_a_service_is_required(tmp_path: Path) -> None:
    lock = lock_file(tmp_path, "idna==3.7")
    unreachable = ("--lock", str(lock), "--osv-url", f"{CLOSED}/v1/query", "--pypi-probe", f"{CLOSED}/pypi")
    tolerated = audit(*unreachable)
    assert tolerated.returncode == 0
    assert "NOT AUDITED" in tolerated.stderr and "1 pinned versions" in tolerated.stderr
    required = audit(*unreachable, "--require-service")
    assert required.returncode == 3 and "NOT AUDITED" in required.stderr


def test_a_missing_lock_is_an_error(tmp_path: Path) -> None:
    result = audit("--lock", str(tmp_path / "nothing.lock"))
    assert result.returncode == 2 and "missing" in result.stderr
