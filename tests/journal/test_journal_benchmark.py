"""benchmarks/journal_write.py runs end to end on a tiny journal (no timing asserted: machines are noisy)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "benchmarks" / "journal_write.py"


def run_benchmark(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SCRIPT), *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=90)


def test_a_tiny_run_writes_the_report(tmp_path: Path) -> None:
    work, output = tmp_path / "work", tmp_path / "out" / "journal_write.json"
    work.mkdir()

    done = run_benchmark("--sales", "20", "--round", "5", "--warmup", "2", "--read-repeats", "1",
                         "--tmpdir", str(work), "--output", str(output))

    assert done.returncode == 0, done.stderr
    report = json.loads(output.read_text(encoding="utf-8"))
    assert {"benchmark", "measured_at", "settings", "machine", "results", "elapsed_s"} <= report.keys()
    assert report["settings"]["sales"] == 20
    assert {"python", "sqlite", "cpus", "load_average"} <= report["machine"].keys()
    results = report["results"]
    assert {"pragmas", "steps", "baselines", "ratios", "durability_full_over_normal", "size", "reads",
            "checks"} <= results.keys()
    steps = ("begin_sale", "invoice_opened", "payments_seen", "receipt_started", "receipt_issued")
    for step in steps:
        assert results["steps"][step]["count"] == 20
        assert {"median_ms", "p95_ms", "p99_ms"} <= results["steps"][step].keys()
        assert {"over_bare_full", "over_bare_normal"} <= results["ratios"][step].keys()
    assert results["steps"]["cancel_started"]["count"] == results["steps"]["invoice_cancelled"]["count"] == 2
    assert results["pragmas"]["journal_mode"] == "wal" and results["pragmas"]["synchronous"] == 2
    assert results["checks"]["statuses"] == {"completed": 20}
    assert results["checks"]["events_in_file"] == 20 * len(steps)
    size = results["size"]
    assert size["sales"] == 20 and size["open"]["main_plus_wal_bytes"] > 0
    assert size["after_checkpoint_truncate"]["wal_bytes"] == 0
    assert results["reads"]["sales_between(today, today)"]["rows"] == 20
    assert results["reads"]["unfinished()"]["rows"] == 0
    assert "| `begin_sale` | 20 |" in done.stdout
    assert "not the default 10,000" in done.stdout           # a smaller run says so
    assert list(work.iterdir()) == []                          # the temporary folder was removed


def test_a_failure_exits_with_1(tmp_path: Path) -> None:
    output = tmp_path / "out.json"

    done = run_benchmark("--sales", "1", "--tmpdir", str(tmp_path / "missing"), "--output", str(output))

    assert done.returncode == 1
    assert "journal_write: failed" in done.stderr
    assert not output.exists()
