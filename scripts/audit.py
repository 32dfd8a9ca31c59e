"""Audit requirements.lock for known vulnerabilities with pip-audit (make audit, run by make test).

    .venv/bin/python scripts/audit.py [--lock requirements.lock] [--service auto|osv|pypi]
                                      [--osv-url URL] [--require-service]

pip-audit asks a vulnerability service about every pinned version: OSV's API or PyPI's per-release
JSON. `auto` uses the first of the two that answers. When neither can be reached (a machine with no
route to them, as in this project's own CI), nothing can be audited: the script says so in one loud
paragraph and exits 0, or 3 with --require-service (set POS_AUDIT_REQUIRE_SERVICE=1 where the
network is open, as on the installer workflow's runners). Found vulnerabilities exit 1; a package
the service could not answer for fails the audit too (--strict), so a green run means every pinned
version was looked up.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

import requests

ROOT = Path(__file__).resolve().parent.parent
OSV_URL = "https://api.osv.dev/v1/query"
# pip-audit's PyPI service reads this per-release page; a known old release tells whether it is served.
PYPI_PROBE = "https://pypi.org/pypi/pip/23.0/json"
NOT_AUDITED = 3


def osv_answers(url: str, timeout: float) -> bool:
    try:
        answer = requests.post(url, json={"package": {"name": "pip", "ecosystem": "PyPI"}, "version": "23.0"},
                               timeout=timeout)
    except requests.RequestException:
        return False
    return answer.status_code == 200


def pypi_answers(url: str, timeout: float) -> bool:
    try:
        return requests.get(url, timeout=timeout).status_code == 200
    except requests.RequestException:
        return False


def choose_service(wanted: str, osv_url: str, pypi_probe: str, timeout: float) -> str | None:
    if wanted != "auto":
        return wanted
    if osv_answers(osv_url, timeout):
        return "osv"
    if pypi_answers(pypi_probe, timeout):
        return "pypi"
    return None


def pinned_count(lock: Path) -> int:
    return sum(1 for line in lock.read_text(encoding="utf-8").splitlines()
               if line.strip() and not line.lstrip().startswith("#"))


def pip_audit_command(lock: Path, service: str, osv_url: str, timeout: float) -> list[str]:
    command = [sys.executable, "-m", "pip_audit", "--requirement", str(lock), "--no-deps", "--disable-pip",
               "--strict", "--progress-spinner", "off", "--desc", "off", "--timeout", str(int(timeout)),
               "--vulnerability-service", service]
    if service == "osv":
        command += ["--osv-url", osv_url]
    return command


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lock", type=Path, default=ROOT / "requirements.lock")
    parser.add_argument("--service", choices=("auto", "osv", "pypi"), default="auto")
    parser.add_argument("--osv-url", default=OSV_URL)
    parser.add_argument("--pypi-probe", default=PYPI_PROBE, help=argparse.SUPPRESS)  # tests point it elsewhere
    parser.add_argument("--timeout", type=float, default=15.0, help="seconds per request to the service")
    parser.add_argument("--require-service", action="store_true",
                        default=os.environ.get("POS_AUDIT_REQUIRE_SERVICE") == "1",
                        help="fail (exit 3) when no vulnerability service can be reached")
    args = parser.parse_args(argv)
    if not args.lock.is_file():
        print(f"audit: {args.lock} is missing (make lock writes it)", file=sys.stderr)
        return 2

    service = choose_service(args.service, args.osv_url, args.pypi_probe, min(args.timeout, 10.0))
    if service is None:
        print(f"audit: NOT AUDITED. Neither OSV ({args.osv_url}) nor PyPI's per-release JSON answers from this "
              f"machine, so the {pinned_count(args.lock)} pinned versions in {args.lock.name} were not looked up. "
              "Run `make audit` where the network is open (the installer workflow does, with "
              "POS_AUDIT_REQUIRE_SERVICE=1).", file=sys.stderr)
        return NOT_AUDITED if args.require_service else 0
    print(f"audit: {pinned_count(args.lock)} pinned versions from {args.lock.name} against {service}",
          file=sys.stderr)
    return subprocess.run(pip_audit_command(args.lock, service, args.osv_url, args.timeout), check=False).returncode


if __name__ == "__main__":
    sys.exit(main())
