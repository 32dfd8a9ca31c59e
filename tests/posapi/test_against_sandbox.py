"""Whole sales through the client against the PosAPI sandbox (pos_app/sandbox/posapi, written from the spec
by others, sharing no code with the client): what the client builds, the service accepts; what it refuses,
the client names."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime, timedelta
from decimal import Decimal

import pytest
import requests

from pos_app.posapi import (
    CardData,
    DataNotSentError,
    EbarimtLookupClient,
    LotteriesExhaustedError,
    PaymentEntry,
    PosApiClient,
    ReceiptRefusedError,
    TaxType,
    build_receipt,
)
from pos_app.sandbox.posapi import PosApiOptions, PosApiSandboxServer

from .helpers import POS, bread, cash


@pytest.fixture(scope="module")
def sandbox() -> Iterator[PosApiSandboxServer]:
    with PosApiSandboxServer(options=PosApiOptions(lotteries=3)) as server:
        yield server


@pytest.fixture
def posapi(sandbox: PosApiSandboxServer) -> Iterator[PosApiClient]:
    sandbox.reset()
    with PosApiClient(sandbox.url, timeout=(2.0, 10.0)) as client:
        yield client


def test_a_mixed_b2c_sale_is_issued_and_voided(posapi: PosApiClient) -> None:
    lines = [bread(), bread(name="Сүү", qty=Decimal(2), unit_price=Decimal("2499.99"), city_taxed=False),
             bread(name="Эм", tax_type=TaxType.VAT_FREE, tax_product_code="304", unit_price=Decimal(1000),
                   city_taxed=False)]
    card = CardData(terminalID="11111", rrn="123456789123", maskedCardNumber="123456XXXXXX7890")
    request = build_receipt(POS, lines, [PaymentEntry.cash(Decimal(5000)), PaymentEntry.card(Decimal("6599.98"), card)],
                            bill_id_suffix="000001")
    issued = posapi.issue_receipt(request)
    assert issued.succeeded and issued.id and issued.lottery and issued.qr_data and len(issued.receipts) == 2
    assert issued.printed_at is not None
    posapi.void_receipt(issued.id, issued.date or "")
    with pytest.raises(ReceiptRefusedError):
        posapi.void_receipt(issued.id, issued.date or "")   # already returned


def test_a_b2b_sale(posapi: PosApiClient) -> None:
    request = build_receipt(POS, [bread()], cash(5600), bill_id_suffix="000002", customer_tin="110718991986")
    issued = posapi.issue_receipt(request)
    assert issued.succeeded and not issued.lottery   # no lottery for an organisation


def test_a_refusal_is_named(posapi: PosApiClient) -> None:
    request = build_receipt(POS, [bread()], cash(5600), bill_id_suffix="000003")
    posapi.issue_receipt(request)
    with pytest.raises(ReceiptRefusedError) as caught:
        posapi.issue_receipt(request)   # the same billIdSuffix the same day
    assert caught.value.message


def test_lotteries_run_out(posapi: PosApiClient) -> None:
    for number in range(3):
        posapi.issue_receipt(build_receipt(POS, [bread()], cash(5600), bill_id_suffix=f"1{number}"))
    info = posapi.info()
    assert info.leftLotteries == 0
    with pytest.raises(LotteriesExhaustedError):
        posapi.check_ready(info.last_sent_at or datetime(2030, 1, 1))
    with pytest.raises(ReceiptRefusedError):
        posapi.issue_receipt(build_receipt(POS, [bread()], cash(5600), bill_id_suffix="20"))
    posapi.send_data()
    assert posapi.info().leftLotteries == 3


def test_data_not_sent_for_too_long_is_refused_until_sent(sandbox: PosApiSandboxServer, posapi: PosApiClient) -> None:
    answer = requests.post(f"{sandbox.url}/_sandbox/clock", json={"advance_seconds": 73 * 3600}, timeout=5)
    assert answer.status_code == 200
    last_sent = posapi.info().last_sent_at
    assert last_sent is not None
    with pytest.raises(DataNotSentError):   # the service's own clock is 73 h on: so is the shop's
        posapi.check_ready(last_sent + timedelta(hours=73))
    request = build_receipt(POS, [bread()], cash(5600), bill_id_suffix="000004")
    with pytest.raises(ReceiptRefusedError):
        posapi.issue_receipt(request)
    posapi.send_data()
    assert posapi.issue_receipt(request).succeeded


def test_lookups_against_the_sandbox(sandbox: PosApiSandboxServer) -> None:
    with EbarimtLookupClient(sandbox.url, timeout=(2.0, 10.0)) as lookup:
        tin, org = lookup.organisation_by_register("5317878")
        assert tin == "37900846788" and org.name and org.vatPayer is True
        assert any(branch.district_code for branch in lookup.branches())
        assert lookup.product_tax_codes()
