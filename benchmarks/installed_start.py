"""What the installer costs: its size, and the installed app's cold start beside the source checkout's.

The .deb (from `make package`) is unpacked into a temporary folder, as smoke.sh does. Then, alternating
in rounds so a busy machine hurts both alike: the installed bundle `opt/pos-app/pos-app --quit-when-ready`
and the checkout's `python -m pos_app.launch --quit-when-ready`, each with a fresh POS_APP_HOME,
QT_QPA_PLATFORM=offscreen and POS_APP_REPORT_STARTUP=1, timed from the spawn to the `window-shown` line
(the first window is on screen) and to `ready` (training sandbox up: sales can start).

    .venv/bin/python benchmarks/installed_start.py dist/pos-app_0.1.0_amd64.deb [--starts 5]

Prints a Markdown table and writes JSON to benchmarks/results/installed_start.json; no pass/fail on the
numbers (it exits 1 only if a start failed).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_OUTPUT = ROOT / "benchmarks" / "results" / "installed_start.json"


def start(command: list[str]) -> tuple[float, float]:
    with tempfile.TemporaryDirectory() as home:
        env = {**os.environ, "POS_APP_HOME": home, "QT_QPA_PLATFORM": "offscreen", "POS_APP_REPORT_STARTUP": "1"}
        began = time.perf_counter()
        process = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        shown = ready = float("nan")
        assert process.stdout is not None
        for line in process.stdout:
            if line.startswith("window-shown") and shown != shown:
                shown = time.perf_counter() - began
            elif line.startswith("ready"):
                ready = time.perf_counter() - began
        if process.wait(timeout=120) != 0 or ready != ready:
            raise SystemExit(f"start failed: {' '.join(command)}")
        return shown, ready


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("deb", type=Path)
    parser.add_argument("--starts", type=int, default=5)
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as unpacked:
        subprocess.run(["dpkg-deb", "-x", str(args.deb), unpacked], check=True)
        installed = [str(Path(unpacked) / "opt" / "pos-app" / "pos-app"), "--quit-when-ready"]
        source = [sys.executable, "-m", "pos_app.launch", "--quit-when-ready"]
        start(installed)      # first run of each warms the disk cache; not counted
        start(source)
        runs: dict[str, list[tuple[float, float]]] = {"installed": [], "source": []}
        for _ in range(args.starts):
            runs["installed"].append(start(installed))
            runs["source"].append(start(source))
        bundle_mb = sum(path.lstat().st_size for path in (Path(unpacked) / "opt").rglob("*")
                        if path.is_file() and not path.is_symlink()) / 1e6
    medians = {name: (statistics.median(s for s, _ in values), statistics.median(r for _, r in values))
               for name, values in runs.items()}
    print("| measure | value |\n|---|---:|")
    print(f"| installer (`{args.deb.name}`, xz) | {args.deb.stat().st_size / 1e6:.0f} MB |")
    print(f"| installed bundle (/opt/pos-app) | {bundle_mb:.0f} MB |")
    for name in ("installed", "source"):
        shown, ready = medians[name]
        print(f"| cold start, {name}: spawn → first window / → ready to sell (median of {args.starts}) "
              f"| {shown * 1000:.0f} ms / {ready * 1000:.0f} ms |")
    print(f"| installed against source, first window | {medians['installed'][0] / medians['source'][0]:.2f}× |")
    result = {"starts": args.starts, "deb_mb": args.deb.stat().st_size / 1e6, "bundle_mb": bundle_mb,
              "installed_over_source": medians["installed"][0] / medians["source"][0],
              **{name: {"window_shown_s": shown, "ready_s": ready} for name, (shown, ready) in medians.items()},
              "cpus": os.cpu_count(), "load_average": list(os.getloadavg())}
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
