"""The store over HTTPS: its own certificate, made once and kept (key 0600), pinned by the till's fingerprint, or
the owner's from an authority; every till call (the QPay client, the hints' stream, the health probe) verifies it,
and a certificate that is not the pinned one is refused before anything is sent."""

from __future__ import annotations

import os
import queue
import re
import ssl
import stat
from collections.abc import Iterator
from contextlib import contextmanager
import subprocess
import sys
from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
import requests

from pos_app.qpay import APIConnectionError, CallbackHint, CertificateChangedError, QPayClient
from pos_app.qpay.transport import certificate_sha256, http_session
from pos_app.sandbox import SandboxServer
from pos_app.store.certificates import certificate_fingerprint, made_certificate, tls_files
from pos_app.store.credentials import add_credential
from pos_app.store.server import StoreServer
from pos_app.storelink.certificate import certificate_to_pin
from pos_app.storelink.direct import store_answers
from pos_app.storelink.hints import StoreHints
from pos_app.storelink.shop_day import ShopDayUnavailable, ShopDays
from pos_app.ui.common.messages import describe_error

from .helpers import INVOICE_CODE, PASSWORD, USERNAME, simple_invoice
from .test_cli import STARTUP_SECONDS, serving

A_DAY = date(2026, 11, 28)     # the shop day asked for (refused before any request: any day would do)

WRONG_PIN = ":".join(["AB"] * 32)


class CountedStore(StoreServer):
    """The store, counting every HTTP request that reaches its application (past TLS)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.paths: list[str] = []

    def app(self) -> Any:
        inner = super().app()

        async def counted(scope: dict[str, Any], receive: Any, send: Any) -> None:
            if scope["type"] == "http":
                self.paths.append(scope["path"])
            await inner(scope, receive, send)

        return counted


@contextmanager
def https_shop(tmp_path: Path, cert: Path | None = None, key: Path | None = None) -> Iterator[tuple[CountedStore,
                                                                                                   SandboxServer, str]]:
    if cert is None or key is None:
        cert, key = made_certificate(tmp_path / "store-data", ["localhost", "127.0.0.1"])
    sandbox = SandboxServer("127.0.0.1", 0).start()
    store = CountedStore(f"sqlite:///{tmp_path}/store.sqlite3", sandbox.url, USERNAME, PASSWORD,
                         invoice_code=INVOICE_CODE, tls_cert=str(cert), tls_key=str(key))
    try:
        store.start()
        yield store, sandbox, add_credential(store.engine, "T1")
    finally:
        store.stop()
        sandbox.stop()


def test_a_till_with_the_pin_sells_and_hears_its_hint_over_https(tmp_path: Path) -> None:
    with https_shop(tmp_path) as (store, sandbox, key):
        assert store.url.startswith("https://127.0.0.1:")
        pin = certificate_fingerprint(tmp_path / "store-data" / "store-certificate.pem")
        assert certificate_to_pin(store.url) == pin     # what the till shows the owner at set-up
        heard: queue.Queue[CallbackHint] = queue.Queue()
        hints = StoreHints(store.url, "T1", key, heard.put, certificate_sha256=pin).start()
        try:
            assert hints.connected.wait(10)
            with QPayClient(store.url, "T1", key, certificate_sha256=pin) as client:
                created = client.create_invoice(simple_invoice("T1-0001", 2500))
                requests.post(f"{sandbox.url}/_sandbox/invoices/{created.invoice_id}/pay", timeout=10)
                # QPay's callback, as the shop's proxy forwards it (the sandbox trusts no self-made certificate).
                row = store.context.invoices.by_invoice(created.invoice_id)
                assert row is not None
                with http_session(pin) as proxy:
                    proxy.post(store.context.callback_url(row.ref), json={"invoice_id": created.invoice_id},
                               timeout=10)
                assert heard.get(timeout=10).invoice_id == created.invoice_id
                assert client.check_payment(created.invoice_id).paid_amount == Decimal(2500)
        finally:
            hints.stop()
        assert store_answers(store.url, pin)


def test_a_certificate_that_is_not_the_pinned_one_is_refused_before_anything_is_sent(tmp_path: Path) -> None:
    with https_shop(tmp_path) as (store, _sandbox, key):
        client = QPayClient(store.url, "T1", key, certificate_sha256=WRONG_PIN)
        with pytest.raises(CertificateChangedError) as refused:
            client.create_invoice(simple_invoice("T1-0002", 2500))
        client.close()
        assert "The store server's certificate changed" in describe_error(refused.value, "Could not pay.")
        states: queue.Queue[bool] = queue.Queue()
        hints = StoreHints(store.url, "T1", key, lambda hint: None, states.put, certificate_sha256=WRONG_PIN)
        hints.start()
        try:
            assert states.get(timeout=10) is False      # "the store is not answering", never a stream
            assert not hints.connected.is_set()
        finally:
            hints.stop()
        assert not store_answers(store.url, WRONG_PIN)
        with pytest.raises(ShopDayUnavailable):
            ShopDays(store.url, "T1", key, WRONG_PIN).read(A_DAY)
        assert store.paths == []        # no request, no key, no body reached the store
        # Without a pin, a certificate no authority vouches for is refused too: never silently accepted.
        with QPayClient(store.url, "T1", key) as unpinned, pytest.raises(APIConnectionError):
            unpinned.authenticate()
        assert store.paths == []


def test_plain_http_to_the_https_port_gets_nothing(tmp_path: Path) -> None:
    with https_shop(tmp_path) as (store, _sandbox, _key):
        with pytest.raises(requests.ConnectionError):
            requests.get(store.url.replace("https://", "http://") + "/store/health", timeout=10)
        assert store.paths == []


def test_the_owners_certificate_from_an_authority_needs_no_pin(tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.ui.tls_sandbox import make_certificates

    ca, cert, key_file = make_certificates(tmp_path)
    monkeypatch.setenv("REQUESTS_CA_BUNDLE", str(ca))     # the authority, as the system's store would hold it
    with https_shop(tmp_path, cert, key_file) as (store, _sandbox, key):
        assert certificate_to_pin(store.url) is None       # nothing for the owner to compare
        with QPayClient(store.url, "T1", key) as client:
            assert client.authenticate().access_token
        assert store.paths == ["/store/health", "/v2/auth/token"]


def test_the_made_certificate_is_kept_owner_only_and_reused(tmp_path: Path) -> None:
    cert, key = made_certificate(tmp_path, ["shop-server", "192.168.1.10"])
    assert stat.S_IMODE(key.stat().st_mode) == 0o600
    first = certificate_fingerprint(cert)
    assert re.fullmatch(r"([0-9A-F]{2}:){31}[0-9A-F]{2}", first)
    assert made_certificate(tmp_path, ["other-names"]) == (cert, key) and certificate_fingerprint(cert) == first
    assert certificate_sha256(ssl.PEM_cert_to_DER_cert(cert.read_text())) == first


def test_https_by_default_off_loopback_and_settings_that_do_not_go_together(tmp_path: Path) -> None:
    assert tls_files("auto", "", "", [], "127.0.0.1", tmp_path) is None          # this computer only: plain
    assert tls_files("off", "", "", [], "0.0.0.0", tmp_path) is None            # behind a proxy that does TLS
    made = tls_files("auto", "", "", [], "0.0.0.0", tmp_path)
    assert made is not None and made[0].parent == tmp_path
    assert tls_files("on", "", "", [], "127.0.0.1", tmp_path) == made
    assert tls_files("auto", "own.pem", "own-key.pem", [], "127.0.0.1", tmp_path) == (Path("own.pem"),
                                                                                       Path("own-key.pem"))
    for mode, cert, key in (("off", "own.pem", "own-key.pem"), ("auto", "own.pem", ""), ("sometimes", "", "")):
        with pytest.raises(ValueError):
            tls_files(mode, cert, key, [], "0.0.0.0", tmp_path)


def test_pos_store_serves_https_with_the_certificate_it_made_and_prints_its_fingerprint(tmp_path: Path) -> None:
    """Twice, as after a restart: the same certificate (the tills' pin still holds)."""
    printed = subprocess.run([sys.executable, "-m", "pos_app.store", "certificate", "--tls-name",  # noqa: S603
                              "shop-server,127.0.0.1"], env={**os.environ, "POS_STORE_HOME": str(tmp_path)},
                             capture_output=True, text=True, timeout=STARTUP_SECONDS, check=False)
    assert printed.returncode == 0, printed.stderr
    fingerprint = printed.stdout.splitlines()[-1]
    key_file = tmp_path / "store-key.pem"
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    for _ in range(2):
        with serving(tmp_path, "--qpay-url", "training", "--port", "0", "--tls", "on") as child:
            line = child.next_line() or ""
            found = re.fullmatch(r"store listening on https://127\.0\.0\.1:(\d+)\n", line)
            assert found is not None, line
            served = ssl.get_server_certificate(("127.0.0.1", int(found[1])), timeout=10)
            assert certificate_sha256(ssl.PEM_cert_to_DER_cert(served)) == fingerprint
            assert child.stop() == 0
