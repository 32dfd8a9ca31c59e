"""The city tax rate is an option (`SandboxOptions.city_tax_rate`, `--city-tax-rate`): 2 % unless told 1 %."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal
from typing import Any

import pytest

from pos_app.sandbox import SandboxServer, cli
from pos_app.sandbox.service import Sandbox, SandboxOptions

from .conftest import Api
from .test_ebarimt import created, dec, line


@pytest.fixture
def one_percent() -> Iterator[Api]:
    with SandboxServer(options=SandboxOptions(city_tax_rate=Decimal("0.01"))) as server:
        api = Api(server.url)
        api.login()
        yield api


def receipt_for(api: Api, lines: list[dict[str, Any]]) -> dict[str, Any]:
    invoice = api.invoice(amount=None, tax_type="1", district_code="3505", lines=lines)
    return created(api, api.pay(invoice["invoice_id"])["payment_id"])


def test_a_receipt_at_1_percent_divides_by_1_11(one_percent: Api) -> None:
    receipt = receipt_for(one_percent, [line("Vodka", "1", "32000.00", city_tax=True), line("Milk", "2", "3500.00")])
    # Vodka: 32000 / 1.11 × 0.10 = 2882.88, × 0.01 = 288.29; milk (no city tax): 7000 / 1.10 × 0.10 = 636.36.
    assert [(i["name"], i["vat"], i["city_tax"]) for i in receipt["barimt_items"]] == [
        ("Vodka", "2882.88", "288.29"), ("Milk", "636.36", "0.00")]
    assert (dec(receipt["vat_amount"]), dec(receipt["city_tax_amount"])) == (Decimal("3519.24"), Decimal("288.29"))


def test_the_default_is_still_2_percent(authed: Api) -> None:
    receipt = receipt_for(authed, [line("Vodka", "1", "32000.00", city_tax=True)])
    assert (receipt["vat_amount"], receipt["city_tax_amount"]) == ("2857.14", "571.43")


@pytest.mark.parametrize("rate", [Decimal("1"), Decimal("-0.01"), Decimal("NaN"), 0.01, "0.01"])
def test_a_rate_that_is_not_a_decimal_fraction_is_refused(rate: Any) -> None:
    with pytest.raises(ValueError, match="city tax rate"):
        Sandbox(SandboxOptions(city_tax_rate=rate))


def test_the_program_takes_the_rate_in_percent(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[SandboxOptions] = []

    class Refusing:
        def __init__(self, host: str, port: int, options: SandboxOptions) -> None:
            seen.append(options)

        def start(self) -> None:
            raise OSError("not in this test")

    monkeypatch.setattr(cli, "SandboxServer", Refusing)
    assert cli.main(["--port", "0", "--city-tax-rate", "1"]) == 1
    assert cli.main(["--port", "0"]) == 1
    assert [options.city_tax_rate for options in seen] == [Decimal("0.01"), Decimal("0.02")]


@pytest.mark.parametrize("text", ["x", "100", "-1", "nan"])
def test_the_program_refuses_a_rate_that_is_not_a_percentage(text: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        cli.parse_args(["--city-tax-rate", text])
    assert stopped.value.code == 2 and "--city-tax-rate" in capsys.readouterr().err
