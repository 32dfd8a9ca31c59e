"""`python -m pos_app.sandbox.posapi --port 0` (the `pos-posapi-sandbox` program), and the public SDK
ebarimt-pos-sdk against the sandbox when it is importable (it is not a dependency: the test skips)."""

from __future__ import annotations

import queue
import re
import signal
import subprocess
import sys
import threading
import tomllib
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
import requests

from pos_app.sandbox.posapi import PosApiSandboxServer

from .conftest import B2B_TIN, sale

REPO = Path(__file__).resolve().parents[3]
LISTENING = re.compile(r"^posapi sandbox listening on (http://127\.0\.0\.1:\d+)$")


def _first_line(process: subprocess.Popen[str], timeout: float = 30) -> str:
    lines: queue.Queue[str] = queue.Queue()
    assert process.stdout is not None
    threading.Thread(target=lambda: lines.put(process.stdout.readline()), daemon=True).start()
    return lines.get(timeout=timeout).strip()


def test_cli_on_port_0_prints_its_url_and_serves() -> None:
    process = subprocess.Popen([sys.executable, "-m", "pos_app.sandbox.posapi", "--port", "0"], cwd=REPO,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = _first_line(process)
        match = LISTENING.match(line)
        assert match, line
        info = requests.get(f"{match[1]}/rest/info", timeout=10).json()
        assert info["leftLotteries"] == 1000
        result = requests.post(f"{match[1]}/rest/receipt", json=sale((1100, 100, 0)), timeout=10).json()
        assert result["status"] == "SUCCESS"
    finally:
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=30) == 0


def test_cli_refuses_a_bad_option() -> None:
    result = subprocess.run([sys.executable, "-m", "pos_app.sandbox.posapi", "--port", "0", "--lotteries", "-1"],
                            cwd=REPO, capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 1 and "cannot start" in result.stderr


def test_the_console_script_is_declared() -> None:
    scripts = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]["scripts"]
    assert scripts["pos-posapi-sandbox"] == "pos_app.sandbox.posapi.cli:main"


def test_the_public_sdk_talks_to_the_sandbox() -> None:
    sdk: Any = pytest.importorskip("ebarimt_pos_sdk")
    with PosApiSandboxServer() as server, sdk.EbarimtRestClient(sdk.RestClientSettings(base_url=server.url)) as client:
        body = sale((5600, 500, 100))
        receipt = client.receipt.create(body)
        assert receipt.status == "SUCCESS" and len(receipt.id) == 33 and receipt.lottery
        # Decimals: the SDK dumps them as JSON strings ("1100"), which the sandbox reads as numbers.
        snake = {"branch_no": "001", "total_amount": Decimal("1100"), "merchant_tin": B2B_TIN, "pos_no": "001",
                 "type": "B2C_RECEIPT", "bill_id_suffix": "SDK2",
                 "receipts": [{"total_amount": 1100, "tax_type": "VAT_ABLE", "merchant_tin": B2B_TIN,
                               "items": [{"name": "Талх", "measure_unit": "ш", "qty": 1, "unit_price": 1100,
                                          "total_amount": Decimal("1100.00")}]}]}
        assert client.receipt.create(snake).total_vat == 100
        info = client.info.read()
        assert info.left_lotteries == 998 and info.app_info.database == "QSQLITE"
        assert [a.iban for a in client.bank_accounts.read("110718991986")] == ["1001000151111111111"]
        client.receipt.delete({"id": receipt.id, "date": receipt.date})
        client.send_data.send()
        with pytest.raises(sdk.PosApiHttpError):
            client.receipt.delete({"id": receipt.id, "date": receipt.date})
