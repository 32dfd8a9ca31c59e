"""The shop's time zone and tax rates as settings: defaults, the rules they follow, the file."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone
from decimal import Decimal
from pathlib import Path

import pytest

from pos_app.config.settings import Settings, load_settings, save_settings
from pos_app.domain.taxes import TaxRates


def test_defaults_are_ulaanbaatar_vat_10_and_city_tax_2() -> None:
    settings = Settings()
    assert (settings.time_zone, settings.vat_rate, settings.city_tax_rate) == ("Asia/Ulaanbaatar", "10", "2")
    assert settings.tax_rates == TaxRates(vat=Decimal("0.10"), city=Decimal("0.02"))
    assert settings.clock().now().utcoffset() == timedelta(hours=8)
    assert settings.problems() == []


def test_the_rates_become_exact_fractions() -> None:
    rates = Settings(vat_rate="12.5", city_tax_rate="1").tax_rates
    assert rates == TaxRates(vat=Decimal("0.125"), city=Decimal("0.01"))
    assert isinstance(rates.vat, Decimal) and isinstance(rates.city, Decimal)


def test_the_clock_is_in_the_settings_zone() -> None:
    clock = Settings(time_zone="Asia/Hovd").clock()
    assert clock.now().utcoffset() == timedelta(hours=7)
    half_past_midnight = datetime(2026, 11, 20, 16, 30, tzinfo=timezone.utc)
    assert Settings().clock().now().tzinfo is not None
    assert half_past_midnight.astimezone(Settings().clock().zone).date().isoformat() == "2026-11-21"


@pytest.mark.parametrize("zone", ["Asia/Ulaanbaatar", "Asia/Hovd", "Asia/Choibalsan", "UTC"])
def test_any_known_time_zone_is_fine(zone: str) -> None:
    assert Settings(time_zone=zone).problems() == []


@pytest.mark.parametrize("zone", ["", "Ulaanbaatar", "Asia/Ulan Bator", "UTC+8", "../../etc/passwd", " UTC"])
def test_an_unknown_time_zone_is_a_problem(zone: str) -> None:
    [problem] = Settings(time_zone=zone).problems()
    assert problem.field == "time_zone"
    assert problem.message == "The time zone must be a time zone name such as Asia/Ulaanbaatar."
    with pytest.raises(ValueError):
        Settings(time_zone=zone).clock()


@pytest.mark.parametrize("rate", ["0", "10", "8", "12.5", "99.99"])
def test_vat_rates_that_are_fine(rate: str) -> None:
    assert Settings(vat_rate=rate).problems() == []


@pytest.mark.parametrize("rate", ["", "100", "10%", "0.1.0", "-10", "10.001", "ten", "1e1", "NaN", "１０", " 10"])
def test_vat_rates_that_are_not(rate: str) -> None:
    [problem] = Settings(vat_rate=rate).problems()
    assert problem.field == "vat_rate" and "percentage below 100" in problem.message
    with pytest.raises(ValueError):
        Settings(vat_rate=rate).tax_rates     # noqa: B018 - the property raises


@pytest.mark.parametrize("rate", ["1", "2"])
def test_city_tax_is_1_or_2_percent(rate: str) -> None:
    assert Settings(city_tax_rate=rate).problems() == []


@pytest.mark.parametrize("rate", ["", "0", "3", "1.5", "2.0", "0.02", "2%"])
def test_other_city_tax_rates_are_refused(rate: str) -> None:
    [problem] = Settings(city_tax_rate=rate).problems()
    assert problem.field == "city_tax_rate"
    assert problem.message == "The city tax rate must be 1 or 2 (percent)."


def test_they_are_kept_in_the_settings_file(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    settings = Settings(time_zone="Asia/Hovd", vat_rate="10", city_tax_rate="1")
    save_settings(settings, path)
    stored = json.loads(path.read_text(encoding="utf-8"))
    assert (stored["time_zone"], stored["vat_rate"], stored["city_tax_rate"]) == ("Asia/Hovd", "10", "1")
    assert load_settings(path) == settings


def test_an_older_file_without_them_takes_the_defaults(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"terminal_id": "T2"}), encoding="utf-8")
    settings = load_settings(path)
    assert (settings.terminal_id, settings.time_zone, settings.city_tax_rate) == ("T2", "Asia/Ulaanbaatar", "2")


def test_a_rate_given_as_a_number_is_a_type_error_not_a_guess(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"city_tax_rate": 1}), encoding="utf-8")
    with pytest.raises(ValueError, match="city tax rate must be text"):
        load_settings(path)


# -- cash rounding (issue 31) -------------------------------------------------------------------------------------

def test_cash_is_rounded_to_1_togrog_by_default_and_to_a_note_or_coin_the_shop_chooses() -> None:
    assert Settings().cash_rounding == "1" and Settings().cash_step == Decimal(1)
    for step in ("1", "5", "10", "50", "100"):
        assert Settings(cash_rounding=step).problems() == [] and Settings(cash_rounding=step).cash_step == int(step)


@pytest.mark.parametrize("step", ["0", "", "3", "1.5", "1000", " 5", "-10"])
def test_no_rounding_or_another_step_is_a_problem_and_cash_keeps_whole_togrog(step: str) -> None:
    settings = Settings(cash_rounding=step)
    [problem] = settings.problems()
    assert problem.field == "cash_rounding" and "1, 5, 10, 50 or 100" in problem.message
    assert settings.cash_step == Decimal(1)          # the careful side: whole tögrög, the least rounding


def test_an_older_settings_file_rounds_cash_to_1_togrog(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"terminal_id": "T1"}), encoding="utf-8")
    assert load_settings(path).cash_step == Decimal(1)
    save_settings(Settings(cash_rounding="50"), path)
    assert load_settings(path).cash_step == Decimal(50)
