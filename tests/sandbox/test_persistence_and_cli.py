"""State that survives a restart (`--state FILE`), merchant files (`--merchants FILE`) and the
`pos-sandbox` program itself."""

from __future__ import annotations

import json
import queue
import re
import shutil
import signal
import subprocess
import sys
import threading
from decimal import Decimal
from pathlib import Path
from typing import Any, Iterator

import pytest
import requests

from pos_app.sandbox import Sandbox, SandboxOptions, SandboxServer

from .conftest import Api, assert_error, simple_invoice

REPO = Path(__file__).resolve().parents[2]
LISTENING = re.compile(r"^sandbox listening on (http://127\.0\.0\.1:\d+)$")
CONTRACT_OPERATIONS = [
    ("post", "/v2/auth/token"), ("post", "/v2/auth/refresh"), ("post", "/v2/invoice"),
    ("get", "/v2/invoice/{invoice_id}"), ("delete", "/v2/invoice/{invoice_id}"),
    ("post", "/v2/invoice/list"), ("post", "/v2/invoice/check"), ("get", "/v2/payment/{payment_id}"),
    ("post", "/v2/payment/check"), ("post", "/v2/payment/list"),
    ("post", "/v2/payment/cancel/{payment_id}"), ("post", "/v2/payment/refund/{payment_id}"),
    ("post", "/v2/ebarimt_v3/create"), ("delete", "/v2/ebarimt_v3/{payment_id}"),
]


def dec(value: Any) -> Decimal:
    return Decimal(str(value))


# -- persistence ---------------------------------------------------------------------------------

def test_state_file_keeps_invoices_payments_receipts_and_merchant_changes(tmp_path: Path) -> None:
    options = SandboxOptions(state_file=tmp_path / "state.db")
    with SandboxServer(options=options) as first:
        api = Api(first.url)
        api.login()
        invoice = api.invoice(amount="12500.50", allow_partial=True)
        api.pay(invoice["invoice_id"], amount="2500.50", transaction_type="CARD")
        payment = api.pay(invoice["invoice_id"])
        receipt = api.call("POST", "/v2/ebarimt_v3/create",
                           {"payment_id": payment["payment_id"], "ebarimt_receiver_type": "84",
                            "ebarimt_receiver": "5395305"}).json()
        patched = api.control("PATCH", "/merchants/TEST_MERCHANT", {"max_amount": 20000})
        assert patched.status_code == 200, patched.text
        old_token = api.token
        detail_before = api.call("GET", f"/v2/invoice/{invoice['invoice_id']}").json()

    with SandboxServer(options=SandboxOptions(state_file=tmp_path / "state.db")) as second:
        api = Api(second.url)
        # Signing keys are made fresh at each start: tokens do not outlive the process.
        assert_error(api.call("GET", f"/v2/invoice/{invoice['invoice_id']}", token=old_token),
                     401, "AUTHENTICATION_FAILED")
        api.login()

        detail = api.call("GET", f"/v2/invoice/{invoice['invoice_id']}").json()
        assert detail["invoice_status"] == "CLOSED"
        assert dec(detail["total_amount"]) == Decimal("12500.50")
        assert detail["allow_partial"] is True
        assert detail["qr_text"] == detail_before["qr_text"]

        assert api.call("GET", f"/v2/payment/{payment['payment_id']}").json() == payment
        check = api.call("POST", "/v2/payment/check", {"object_type": "INVOICE",
                                                       "object_id": invoice["invoice_id"]}).json()
        assert check["count"] == 2
        assert dec(check["paid_amount"]) == Decimal("12500.50")

        again = api.call("POST", "/v2/ebarimt_v3/create",
                         {"payment_id": payment["payment_id"], "ebarimt_receiver_type": "84",
                          "ebarimt_receiver": "5395305"}).json()
        assert again["id"] == receipt["id"]
        assert again["ebarimt_lottery"] == receipt["ebarimt_lottery"]

        # The merchant's new maximum survived too.
        assert_error(api.call("POST", "/v2/invoice", simple_invoice(amount="20000.01")), 400, "MAX_AMOUNT_ERR")

        # The payer's short link still leads to the invoice (on the new address).
        page = requests.get(detail["qPay_shortUrl"], timeout=10)
        assert page.status_code == 200 and "12500.50" in page.text

        # Cancelling a card payment after the restart still works and is kept.
        card_id = next(r["payment_id"] for r in check["rows"] if r["payment_type"] == "CARD")
        assert api.call("POST", f"/v2/payment/cancel/{card_id}").status_code == 200

    with SandboxServer(options=SandboxOptions(state_file=tmp_path / "state.db")) as third:
        api = Api(third.url)
        api.login()
        assert api.call("GET", f"/v2/payment/{card_id}").json()["payment_status"] == "CANCELLED"


def test_state_file_keeps_the_clock_and_reset_empties_it(tmp_path: Path) -> None:
    with SandboxServer(options=SandboxOptions(state_file=tmp_path / "state.db")) as first:
        api = Api(first.url)
        api.login()
        invoice = api.invoice()
        api.control("POST", "/clock", {"advance_seconds": 7200})

    with SandboxServer(options=SandboxOptions(state_file=tmp_path / "state.db")) as second:
        api = Api(second.url)
        assert api.control("GET", "/clock").json()["offset_seconds"] == 7200
        api.control("POST", "/reset")

    with SandboxServer(options=SandboxOptions(state_file=tmp_path / "state.db")) as third:
        api = Api(third.url)
        assert api.control("GET", "/clock").json()["offset_seconds"] == 0
        api.login()
        assert_error(api.call("GET", f"/v2/invoice/{invoice['invoice_id']}"), 404, "INVOICE_NOTFOUND")


# -- merchants file ------------------------------------------------------------------------------

def test_merchants_file_adds_a_second_merchant_that_can_log_in(tmp_path: Path) -> None:
    path = tmp_path / "merchants.json"
    path.write_text(json.dumps([
        {"username": "TEST_MERCHANT", "password": "123456", "invoice_codes": ["TEST_INVOICE"]},
        {"username": "SECOND_SHOP", "password": "pw-2", "invoice_codes": ["SECOND_INVOICE"],
         "name": "SECOND SHOP", "max_amount": "5000"},
    ]), encoding="utf-8")
    with SandboxServer(options=SandboxOptions(merchants_file=path)) as server:
        first, second = Api(server.url), Api(server.url)
        first.login()
        second.login("SECOND_SHOP", "pw-2")
        assert second.call("POST", "/v2/invoice", simple_invoice(invoice_code="SECOND_INVOICE",
                                                                 amount=5000)).status_code == 200
        assert_error(second.call("POST", "/v2/invoice", simple_invoice(amount=100)), 400, "INVOICE_CODE_INVALID")
        assert_error(second.call("POST", "/v2/invoice", simple_invoice(invoice_code="SECOND_INVOICE",
                                                                       amount=5001)), 400, "MAX_AMOUNT_ERR")
        assert first.call("POST", "/v2/invoice", simple_invoice(amount=5001)).status_code == 200
        wrong = requests.post(f"{server.url}/v2/auth/token", auth=("SECOND_SHOP", "123456"), timeout=10)
        assert_error(wrong, 401, "AUTHENTICATION_FAILED")


@pytest.mark.parametrize("content,message", [
    pytest.param('{"username": "A", "password": "b"}', "JSON list", id="not-a-list"),
    pytest.param('[{"username": "A"}]', "username and password", id="no-password"),
    pytest.param('[{"username": "A", "password": "b", "colour": "red"}]', "unknown merchant fields: colour",
                 id="unknown-field"),
    pytest.param('[{"username": "A", "password": "b"}, {"username": "A", "password": "c"}]', "duplicate",
                 id="duplicate"),
    pytest.param("this is not json", None, id="not-json"),
    pytest.param('[{"username": "A", "password": "b", "min_amount": "lots"}]', None, id="bad-amount"),
    pytest.param('[1]', None, id="not-an-object"),
    pytest.param('[{"username": "A", "password": "b", "invoice_codes": "TEST_INVOICE"}]', None,
                 id="codes-not-a-list"),
    pytest.param('[{"username": "A", "password": "b", "active": "no"}]', None, id="flag-not-a-bool"),
    pytest.param('[{"username": "A", "password": "b", "min_amount": -5}]', None, id="negative-amount"),
    pytest.param('[{"username": "A", "password": "b", "min_amount": "NaN"}]', None, id="nan-amount"),
    pytest.param('[{"username": "A", "password": "b", "min_amount": 10, "max_amount": 5}]', None,
                 id="min-above-max"),
])
def test_bad_merchants_file_is_a_value_error(tmp_path: Path, content: str, message: str | None) -> None:
    path = tmp_path / "merchants.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(ValueError, match=None if message is None else re.escape(message)):
        Sandbox(SandboxOptions(merchants_file=path))


# -- the program -------------------------------------------------------------------------------

def _first_line(process: subprocess.Popen[str], timeout: float = 15.0) -> str:
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=lambda: lines.put(process.stdout.readline()), daemon=True).start()
    try:
        return lines.get(timeout=timeout).rstrip("\n")
    except queue.Empty:
        raise AssertionError(f"no output within {timeout} s") from None


@pytest.fixture
def launch() -> Iterator[Any]:
    started: list[subprocess.Popen[str]] = []

    def run(command: list[str]) -> subprocess.Popen[str]:
        process = subprocess.Popen(command, cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                   text=True)
        started.append(process)
        return process

    yield run
    for process in started:  # only the processes this test started, by handle
        if process.poll() is None:
            process.kill()
        process.communicate(timeout=10)


def _serves_the_contract_then_stops_on_sigterm(process: subprocess.Popen[str]) -> None:
    line = _first_line(process)
    match = LISTENING.match(line)
    assert match, line
    url = match.group(1)

    spec = requests.get(f"{url}/openapi.json", timeout=10)
    assert spec.status_code == 200
    paths = spec.json()["paths"]
    missing = [(method, path) for method, path in CONTRACT_OPERATIONS if method not in paths.get(path, {})]
    assert missing == []
    # It is a working sandbox, not just a document.
    assert requests.post(f"{url}/v2/auth/token", auth=("TEST_MERCHANT", "123456"), timeout=10).status_code == 200

    process.send_signal(signal.SIGTERM)
    assert process.wait(timeout=10) == 0


def test_python_m_pos_app_sandbox_listens_serves_and_exits_0_on_sigterm(launch) -> None:
    process = launch([sys.executable, "-m", "pos_app.sandbox", "--port", "0"])
    _serves_the_contract_then_stops_on_sigterm(process)


def test_pos_sandbox_console_script_does_the_same(launch) -> None:
    script = shutil.which("pos-sandbox", path=str(Path(sys.executable).parent))
    if script is None:
        pytest.skip(f"the pos-sandbox console script is not installed next to {sys.executable}")
    process = launch([script, "--port", "0"])
    _serves_the_contract_then_stops_on_sigterm(process)


def test_program_with_a_bad_merchants_file_exits_1_with_a_message(launch, tmp_path: Path) -> None:
    path = tmp_path / "merchants.json"
    path.write_text('{"not": "a list"}', encoding="utf-8")
    process = launch([sys.executable, "-m", "pos_app.sandbox", "--port", "0", "--merchants", str(path)])
    out, err = process.communicate(timeout=15)
    assert process.returncode == 1
    assert out == ""
    assert err.startswith("pos-sandbox: cannot start:") and "JSON list" in err
