"""One real sandbox on loopback for the session, reset before every test (as with moto)."""

from __future__ import annotations

from typing import Any

import pytest
import requests

from pos_app.sandbox import SandboxServer

USERNAME, PASSWORD, INVOICE_CODE = "TEST_MERCHANT", "123456", "TEST_INVOICE"


class Api:
    """A thin raw-HTTP helper for sandbox tests (the real client is tested in tests/qpay)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.http = requests.Session()
        self.token: str | None = None

    def login(self, username: str = USERNAME, password: str = PASSWORD) -> dict[str, Any]:
        answer = self.http.post(f"{self.url}/v2/auth/token", auth=(username, password), timeout=10)
        assert answer.status_code == 200, answer.text
        pair = answer.json()
        self.token = pair["access_token"]
        return pair

    def call(self, method: str, path: str, body: Any = None, *, token: str | None = None,
             **kwargs: Any) -> requests.Response:
        headers = kwargs.pop("headers", {})
        bearer = token or self.token
        if bearer:
            headers.setdefault("Authorization", f"Bearer {bearer}")
        return self.http.request(method, f"{self.url}{path}", json=body, headers=headers,
                                 timeout=10, **kwargs)

    def invoice(self, **fields: Any) -> dict[str, Any]:
        """Create an invoice (simple shape unless fields say otherwise) and return the answer."""
        body = simple_invoice(**fields)
        answer = self.call("POST", "/v2/invoice", body)
        assert answer.status_code == 200, answer.text
        return answer.json()

    def pay(self, invoice_id: str, **body: Any) -> dict[str, Any]:
        answer = self.http.post(f"{self.url}/_sandbox/invoices/{invoice_id}/pay", json=body or None,
                                timeout=10)
        assert answer.status_code == 200, answer.text
        return answer.json()

    def control(self, method: str, path: str, body: Any = None) -> requests.Response:
        return self.http.request(method, f"{self.url}/_sandbox{path}", json=body, timeout=10)


def simple_invoice(**fields: Any) -> dict[str, Any]:
    body: dict[str, Any] = {
        "invoice_code": INVOICE_CODE, "sender_invoice_no": "T1-20261121-0001",
        "invoice_receiver_code": "terminal", "invoice_description": "Sale at till 1",
        "amount": 12500, "callback_url": "http://127.0.0.1:9/callback",
    }
    body.update(fields)
    return {key: value for key, value in body.items() if value is not None}


def assert_error(answer: requests.Response, status: int, code: str) -> None:
    assert answer.status_code == status, answer.text
    assert answer.headers["content-type"].startswith("application/json")
    body = answer.json()
    assert body["error_code"] == code, body
    assert isinstance(body["message"], str) and body["message"]


@pytest.fixture
def api(sandbox_server: SandboxServer) -> Api:
    return Api(sandbox_server.url)


@pytest.fixture
def authed(api: Api) -> Api:
    api.login()
    return api
