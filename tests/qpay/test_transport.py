"""Base URL rule (https, or http on loopback only) and explicit timeouts."""

from __future__ import annotations

import pytest

from pos_app.qpay import QPayClient
from pos_app.qpay.transport import normalize_timeout, validate_base_url


@pytest.mark.parametrize(
    ("url", "normal"),
    [
        ("https://merchant.qpay.mn", "https://merchant.qpay.mn"),
        ("https://merchant-sandbox.qpay.mn/", "https://merchant-sandbox.qpay.mn"),
        ("http://127.0.0.1:8765", "http://127.0.0.1:8765"),
        ("http://localhost:8765/", "http://localhost:8765"),
        ("http://[::1]:8765", "http://[::1]:8765"),
        ("http://127.1.2.3", "http://127.1.2.3"),
    ],
)
def test_accepted_base_urls(url: str, normal: str) -> None:
    assert validate_base_url(url) == normal


@pytest.mark.parametrize(
    "url",
    [
        "http://merchant.qpay.mn",
        "http://10.0.0.5:8765",
        "http://localhost.example.com",
        "ftp://merchant.qpay.mn",
        "merchant.qpay.mn",
        "https://user:pass@merchant.qpay.mn",
        "https://merchant.qpay.mn/?x=1",
        "",
    ],
)
def test_refused_base_urls(url: str) -> None:
    with pytest.raises(ValueError):
        validate_base_url(url)


def test_client_refuses_plain_http_to_a_remote_host() -> None:
    with pytest.raises(ValueError, match="https"):
        QPayClient("http://merchant.qpay.mn", "TEST_MERCHANT", "123456")


def test_client_needs_credentials() -> None:
    with pytest.raises(ValueError):
        QPayClient("https://merchant.qpay.mn", "", "123456")


def test_timeouts() -> None:
    assert normalize_timeout(5) == (5.0, 5.0)
    assert normalize_timeout((3.05, 27)) == (3.05, 27.0)
    with pytest.raises(ValueError):
        normalize_timeout(0)
    client = QPayClient("https://merchant.qpay.mn", "TEST_MERCHANT", "123456", timeout=(1, 2))
    assert client._transport.timeout == (1.0, 2.0)
