"""The settings: their rules, and the file they are kept in."""

from __future__ import annotations

import ast
import json
import os
import stat
from dataclasses import fields, replace
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pos_app.config.settings import (
    DEFAULT_BASE_URLS,
    TRAINING_INVOICE_CODE,
    TRAINING_USERNAME,
    Environment,
    Settings,
    SettingsError,
    SettingsFileError,
    default_settings_path,
    load_settings,
    parse_listen_address,
    save_settings,
)

posix_only = pytest.mark.skipif(os.name == "nt", reason="POSIX permission bits")

LIVE = Settings(environment=Environment.PRODUCTION, base_url="https://merchant.qpay.mn",
                username="SHOP_1", invoice_code="SHOP_1_INVOICE", terminal_id="T2",
                shop_name="Номин дэлгүүр", district_code="3505", classification_code="2111",
                tax_type="1", language="mn")


def _fields_at_fault(settings: Settings) -> set[str]:
    return {problem.field for problem in settings.problems()}


# --- defaults and rules -------------------------------------------------------

def test_defaults_are_training_with_the_built_in_merchant() -> None:
    settings = Settings()
    assert settings.environment is Environment.TRAINING
    assert settings.terminal_id == "T1"
    assert settings.tax_type == "1"
    assert settings.problems() == []
    assert settings.check() is settings
    assert settings.effective_username == TRAINING_USERNAME
    assert settings.effective_invoice_code == TRAINING_INVOICE_CODE


def test_live_environments_use_the_owners_account() -> None:
    assert LIVE.problems() == []
    assert LIVE.effective_username == "SHOP_1"
    assert LIVE.effective_invoice_code == "SHOP_1_INVOICE"


def test_training_needs_no_account() -> None:
    assert Settings(base_url="", username="", invoice_code="").problems() == []


def test_environment_given_as_text_becomes_an_environment() -> None:
    assert Settings(environment="sandbox").environment is Environment.SANDBOX  # type: ignore[arg-type]
    with pytest.raises(SettingsError) as caught:
        Settings(environment="staging")  # type: ignore[arg-type]
    assert [p.field for p in caught.value.problems] == ["environment"]


def test_production_refuses_plain_http() -> None:
    settings = replace(LIVE, base_url="http://merchant.qpay.mn")
    [problem] = settings.problems()
    assert problem.field == "base_url"
    assert "https://" in problem.message
    with pytest.raises(SettingsError) as caught:
        settings.check()
    assert caught.value.problems == [problem]
    assert problem.message in str(caught.value)


def test_sandbox_allows_plain_http() -> None:
    settings = replace(LIVE, environment=Environment.SANDBOX, base_url="http://127.0.0.1:8080")
    assert settings.problems() == []


@pytest.mark.parametrize("base_url", [
    "", "merchant.qpay.mn", "/v2", "ftp://merchant.qpay.mn", "https://", "https://merchant.qpay.mn:port",
    "https://user:secret@merchant.qpay.mn", "https://merchant.qpay.mn/v2?x=1", "https://merchant .qpay.mn",
])
def test_a_live_service_needs_an_absolute_web_address(base_url: str) -> None:
    for environment in (Environment.SANDBOX, Environment.PRODUCTION):
        assert _fields_at_fault(replace(LIVE, environment=environment, base_url=base_url)) == {"base_url"}


def test_default_addresses_pass_their_own_rules() -> None:
    for environment, url in DEFAULT_BASE_URLS.items():
        assert replace(LIVE, environment=environment, base_url=url).problems() == []


@pytest.mark.parametrize("value", ["", "SHOP 1", " SHOP", "SHOP\t", "X" * 46])
@pytest.mark.parametrize("field", ["username", "invoice_code"])
def test_live_credentials_are_required_single_words(field: str, value: str) -> None:
    assert _fields_at_fault(replace(LIVE, **{field: value})) == {field}


def test_credentials_of_45_characters_are_enough() -> None:
    assert replace(LIVE, username="U" * 45, invoice_code="I" * 45).problems() == []


@pytest.mark.parametrize("terminal_id", ["", "T 1", "T-1", "Т1", "T" * 21, "T1\n"])
def test_terminal_id_follows_the_sale_number_rule(terminal_id: str) -> None:
    assert _fields_at_fault(Settings(terminal_id=terminal_id)) == {"terminal_id"}


@pytest.mark.parametrize("callback_url", ["", "http://127.0.0.1/cb", "https://myshop.mn/qpay/callback"])
def test_callback_may_be_empty_or_a_web_address(callback_url: str) -> None:
    assert replace(LIVE, callback_url=callback_url).problems() == []


@pytest.mark.parametrize("callback_url", ["myshop.mn", "ftp://myshop.mn", "https://"])
def test_callback_must_not_be_anything_else(callback_url: str) -> None:
    assert _fields_at_fault(Settings(callback_url=callback_url)) == {"callback_url"}


@pytest.mark.parametrize(("listen", "parsed"), [("127.0.0.1:8787", ("127.0.0.1", 8787)),
                                               ("0.0.0.0:1", ("0.0.0.0", 1)),
                                               ("[::1]:65535", ("::1", 65535)),
                                               ("till.local:8080", ("till.local", 8080))])
def test_the_callback_receiver_listens_on_a_host_and_port(listen: str, parsed: tuple[str, int]) -> None:
    assert replace(LIVE, callback_listen=listen).problems() == []
    assert parse_listen_address(listen) == parsed


@pytest.mark.parametrize("listen", ["8787", "127.0.0.1", "127.0.0.1:0", "127.0.0.1:65536", ":8787",
                                    "127.0.0.1:80a", "127.0.0.1:８７", "http://127.0.0.1:8787", "a b:1"])
def test_the_callback_receiver_address_must_be_a_host_and_port(listen: str) -> None:
    assert _fields_at_fault(Settings(callback_listen=listen)) == {"callback_listen"}
    with pytest.raises(ValueError):
        parse_listen_address(listen)


@pytest.mark.parametrize("field", ["district_code", "classification_code", "tax_type"])
@pytest.mark.parametrize("value", ["35-05", "дүүрэг", "1 ", "1" * 21])
def test_ebarimt_codes_are_short_and_alphanumeric(field: str, value: str) -> None:
    assert _fields_at_fault(Settings(**{field: value})) == {field}


def test_catalog_file_is_not_looked_for_when_checking() -> None:
    assert Settings(catalog_file="/no/such/folder/catalog.csv").problems() == []


def test_problems_lists_every_problem_in_plain_sentences() -> None:
    settings = Settings(environment=Environment.PRODUCTION, terminal_id="", tax_type="?")
    problems = settings.problems()
    assert [p.field for p in problems] == ["base_url", "username", "invoice_code", "terminal_id", "tax_type"]
    assert all(p.message[0].isupper() and p.message.endswith(".") for p in problems)


def test_settings_hold_no_password() -> None:
    names = {field.name for field in fields(Settings)}
    assert not any("password" in name or "secret" in name for name in names)
    assert "password" not in repr(LIVE).lower()
    assert "password" not in str(LIVE.to_json_dict()).lower()


# --- JSON ---------------------------------------------------------------------

def test_json_round_trip() -> None:
    data = LIVE.to_json_dict()
    assert data["environment"] == "production"
    flags = {"auto_print", "cut_paper", "open_drawer", "text_as_image", "training_posapi", "store_direct_allowed"}
    assert all(isinstance(value, bool) if name in flags else isinstance(value, str) for name, value in data.items())
    assert Settings.from_json_dict(json.loads(json.dumps(data))) == LIVE


def test_missing_keys_take_their_defaults() -> None:
    assert Settings.from_json_dict({}) == Settings()
    assert Settings.from_json_dict({"terminal_id": "T9"}) == Settings(terminal_id="T9")


def test_unknown_keys_and_secrets_are_ignored() -> None:
    data = {**LIVE.to_json_dict(), "password": "hunter2", "qpay_secret": "hunter2", "future_option": 1}
    settings = Settings.from_json_dict(data)
    assert settings == LIVE
    assert "hunter2" not in repr(settings)


def test_wrong_types_are_settings_errors() -> None:
    with pytest.raises(SettingsError) as caught:
        Settings.from_json_dict({"terminal_id": 1, "username": None, "environment": "live"})
    assert {p.field for p in caught.value.problems} == {"terminal_id", "username", "environment"}


def test_flags_must_be_json_booleans() -> None:
    assert Settings.from_json_dict({"open_drawer": True, "auto_print": False}) == Settings(open_drawer=True,
                                                                                          auto_print=False)
    with pytest.raises(SettingsError) as caught:
        Settings.from_json_dict({"open_drawer": "yes", "cut_paper": 1})
    assert {p.field for p in caught.value.problems} == {"open_drawer", "cut_paper"}
    assert "true or false" in str(caught.value)


@pytest.mark.parametrize("printer", ["", "system", "system:Office HP", "usb:04b8:0202", "serial:COM3",
                                     "network:192.168.1.50:9100", "win32:POS-80", "cups:TM20", "file:/dev/usb/lp0"])
def test_receipt_printer_settings_that_are_fine(printer: str) -> None:
    assert Settings(printer=printer).problems() == []


@pytest.mark.parametrize("field, value", [("printer", "usb"), ("printer", "bluetooth:AA"), ("printer", "network:"),
                                          ("paper_width", "70"), ("shop_register", "53 17878"),
                                          ("shop_address", "x" * 201), ("printer_model", "TM/T20")])
def test_receipt_printer_settings_that_are_not(field: str, value: str) -> None:
    problems = Settings(**{field: value}).problems()
    assert [p.field for p in problems] == [field]
    assert problems[0].message.endswith(".")


def test_values_are_not_validated_on_reading_so_they_can_be_fixed() -> None:
    settings = Settings.from_json_dict({"environment": "production", "base_url": "http://merchant.qpay.mn"})
    assert _fields_at_fault(settings) == {"base_url", "username", "invoice_code"}


JSON_SCALARS = st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=30)
JSON_VALUES = st.recursive(JSON_SCALARS, lambda inner: st.lists(inner, max_size=3)
                           | st.dictionaries(st.text(max_size=5), inner, max_size=3), max_leaves=8)
KEYS = st.sampled_from([field.name for field in fields(Settings)] + ["password", "extra"]) | st.text(max_size=8)
VALUES = JSON_VALUES | st.sampled_from([e.value for e in Environment])


@given(st.dictionaries(KEYS, VALUES, max_size=14))
def test_any_json_object_gives_settings_or_a_settings_error(data: dict) -> None:
    try:
        settings = Settings.from_json_dict(data)
    except (SettingsError, SettingsFileError):
        return
    assert isinstance(settings, Settings)
    settings.problems()  # never raises either


@given(st.builds(Settings, environment=st.sampled_from(Environment),
                 **{field.name: st.booleans() if field.type == "bool" else st.text(max_size=50)
                    for field in fields(Settings) if field.name != "environment"}))
def test_every_settings_survive_json(settings: Settings) -> None:
    assert Settings.from_json_dict(json.loads(json.dumps(settings.to_json_dict()))) == settings


# --- the file -----------------------------------------------------------------

def test_the_file_lives_in_the_users_config_folder() -> None:
    path = default_settings_path()  # only computed: nothing is created
    assert path.name == "settings.json"
    assert path.parent.name == "pos-app"


def test_a_missing_file_gives_defaults(tmp_path: Path) -> None:
    assert load_settings(tmp_path / "settings.json") == Settings()


def test_save_and_load_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "config" / "settings.json"
    save_settings(LIVE, path)
    assert load_settings(path) == LIVE
    text = path.read_text(encoding="utf-8")
    assert "Номин дэлгүүр" in text
    assert text == json.dumps(LIVE.to_json_dict(), indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def test_saving_again_replaces_the_file(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    save_settings(LIVE, path)
    save_settings(Settings(terminal_id="T7"), path)
    assert load_settings(path) == Settings(terminal_id="T7")


@posix_only
def test_file_and_folder_are_for_the_owner_only(tmp_path: Path) -> None:
    path = tmp_path / "config" / "settings.json"
    save_settings(LIVE, path)
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert stat.S_IMODE(os.stat(path.parent).st_mode) == 0o700


@posix_only
def test_an_existing_folder_keeps_its_mode(tmp_path: Path) -> None:
    os.chmod(tmp_path, 0o755)
    save_settings(LIVE, tmp_path / "settings.json")
    assert stat.S_IMODE(os.stat(tmp_path).st_mode) == 0o755
    assert stat.S_IMODE(os.stat(tmp_path / "settings.json").st_mode) == 0o600


def test_saving_leaves_no_temporary_files(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    save_settings(LIVE, path)
    save_settings(Settings(), path)
    assert [p.name for p in tmp_path.iterdir()] == ["settings.json"]


def test_a_failed_write_keeps_the_old_file_and_leaves_no_temporary_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "settings.json"
    save_settings(LIVE, path)

    def no_replace(source: object, target: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", no_replace)
    with pytest.raises(OSError):
        save_settings(Settings(), path)
    assert [p.name for p in tmp_path.iterdir()] == ["settings.json"]
    assert load_settings(path) == LIVE


def test_invalid_settings_are_not_saved(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    with pytest.raises(SettingsError):
        save_settings(replace(LIVE, base_url="http://merchant.qpay.mn"), path)
    assert not path.exists()


@pytest.mark.parametrize("content", [b"{not json", b"", b"[1, 2]", b"\xff\xfe{}",
                                     b'{"environment": "live"}', b'{"terminal_id": 7}', b"[" * 100_000])
def test_a_bad_file_is_named_in_the_error_and_left_as_it_is(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "settings.json"
    path.write_bytes(content)
    with pytest.raises(SettingsFileError) as caught:
        load_settings(path)
    assert str(path) in str(caught.value)
    assert caught.value.path == path
    assert path.read_bytes() == content


def test_a_bad_file_error_does_not_quote_the_file(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text('{"password": "hunter2", "terminal_id": ', encoding="utf-8")
    with pytest.raises(SettingsFileError) as caught:
        load_settings(path)
    assert "hunter2" not in str(caught.value)
    assert caught.value.__suppress_context__


def test_an_unreadable_file_is_a_settings_file_error(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.mkdir()  # a folder where the file should be: unreadable on every platform
    with pytest.raises(SettingsFileError) as caught:
        load_settings(path)
    assert str(path) in str(caught.value)


def test_a_password_in_the_file_is_never_loaded_and_dropped_on_save(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({**LIVE.to_json_dict(), "password": "hunter2"}), encoding="utf-8")
    settings = load_settings(path)
    assert settings == LIVE
    assert "hunter2" not in repr(settings) and "hunter2" not in str(settings)
    assert "hunter2" in path.read_text(encoding="utf-8")  # loading never rewrites the file
    save_settings(settings, path)
    assert "hunter2" not in path.read_text(encoding="utf-8")


def test_unknown_keys_in_the_file_are_ignored(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"terminal_id": "T3", "scale": {"port": "COM4"}}), encoding="utf-8")
    assert load_settings(path) == Settings(terminal_id="T3")


# --- layering -----------------------------------------------------------------

def test_config_uses_neither_qt_nor_requests() -> None:
    folder = Path(__file__).resolve().parents[2] / "pos_app" / "config"
    imported: set[str] = set()
    for module in folder.glob("*.py"):
        for node in ast.walk(ast.parse(module.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                imported.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and not node.level:
                imported.add((node.module or "").split(".")[0])
    assert imported.isdisjoint({"PySide6", "requests", "pydantic", "fastapi"})


def test_text_that_cannot_be_saved_is_a_problem(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text('{"shop_name": "Shop \\ud800"}', encoding="utf-8")  # a lone surrogate: valid JSON, not UTF-8
    settings = load_settings(path)
    assert _fields_at_fault(settings) == {"shop_name"}
    with pytest.raises(SettingsError):
        save_settings(settings, path)


# --- the training service's profile -------------------------------------------

def test_the_training_service_answers_as_the_contract_says_unless_told_otherwise() -> None:
    assert Settings().training_profile == "contract"
    assert Settings(training_profile="live").problems() == []
    assert replace(LIVE, training_profile="live").problems() == []   # kept, though only training uses it


def test_the_training_profile_survives_the_file(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    save_settings(Settings(training_profile="live"), path)
    assert json.loads(path.read_text(encoding="utf-8"))["training_profile"] == "live"
    assert load_settings(path) == Settings(training_profile="live")


@pytest.mark.parametrize("profile", ["", "Live", "production", "contract ", "sandbox"])
def test_another_training_profile_is_refused_in_plain_words(tmp_path: Path, profile: str) -> None:
    [problem] = Settings(training_profile=profile).problems()
    assert problem.field == "training_profile"
    assert problem.message == ("The training service's answers must be contract (as the contract says) or live "
                               "(as the live service answers).")
    path = tmp_path / "settings.json"
    with pytest.raises(SettingsError):
        save_settings(Settings(training_profile=profile), path)
    assert not path.exists()


def test_a_hand_edited_profile_loads_so_it_can_be_fixed(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"training_profile": "LIVE"}), encoding="utf-8")
    assert _fields_at_fault(load_settings(path)) == {"training_profile"}
    path.write_text(json.dumps({"training_profile": 1}), encoding="utf-8")
    with pytest.raises(SettingsFileError, match="training service's answers must be text"):
        load_settings(path)


# --- PosAPI (issue 18) ----------------------------------------------------------

def test_training_uses_its_own_posapi_unless_turned_off() -> None:
    assert Settings().uses_posapi and not Settings(training_posapi=False).uses_posapi
    assert not LIVE.uses_posapi                         # a shop's own PosAPI only when its address is set


def test_a_shops_posapi_needs_its_registration() -> None:
    shop = replace(LIVE, posapi_url="http://localhost:7080", district_code="")
    assert shop.uses_posapi
    assert [p.field for p in shop.problems()] == ["district_code", "posapi_tin", "posapi_pos_no"]
    good = replace(shop, posapi_tin="37900846788", posapi_pos_no="T1", posapi_branch_no="01",
                   district_code="2501")
    assert good.problems() == []
    assert [p.field for p in replace(good, posapi_branch_no="1234", posapi_tin="12").problems()] == [
        "posapi_tin", "posapi_branch_no"]
    assert [p.field for p in replace(good, posapi_url="localhost:7080").problems()] == ["posapi_url"]


def test_without_a_posapi_address_its_fields_are_not_asked() -> None:
    assert replace(LIVE, posapi_tin="x", district_code="25a").problems() == []


# --- the label scale's barcodes (issue 19) ---------------------------------------

def test_scale_labels_default_to_weight_with_prefixes_20_to_29() -> None:
    from pos_app.domain.scale import ScaleFormat, ScaleKind

    settings = Settings()
    assert (settings.scale_prefixes, settings.scale_kind, settings.scale_code_digits, settings.scale_price_decimals,
            settings.scale_verifier_digit) == ("20-29", "weight", "5", "0", "no")
    assert settings.scale_format == ScaleFormat(prefixes=frozenset(str(prefix) for prefix in range(20, 30)),
                                                kind=ScaleKind.WEIGHT, code_digits=5, value_digits=5)
    assert settings.problems() == []


@pytest.mark.parametrize("text, prefixes", [("20-29", {str(prefix) for prefix in range(20, 30)}),
                                            ("21,22", {"21", "22"}), ("20, 25-26", {"20", "25", "26"}),
                                            ("", set())])
def test_scale_prefixes_are_a_range_a_list_or_off(text: str, prefixes: set[str]) -> None:
    settings = Settings(scale_prefixes=text)
    assert settings.problems() == []
    assert settings.scale_format.prefixes == frozenset(prefixes)


def test_a_price_scale_with_cents_and_a_verifier_digit() -> None:
    from pos_app.domain.scale import ScaleKind

    fmt = Settings(scale_kind="price", scale_code_digits="4", scale_price_decimals="2",
                   scale_verifier_digit="yes").scale_format
    assert (fmt.kind, fmt.code_digits, fmt.value_digits, fmt.price_decimals, fmt.verifier_digit) == (
        ScaleKind.PRICE, 4, 5, 2, True)
    assert Settings(scale_code_digits="6").scale_format.value_digits == 4


@pytest.mark.parametrize("field, value, message", [
    ("scale_prefixes", "19-29", "The scale label prefixes must be empty (off), a range such as 20-29 or a list such "
                                "as 21,22 of two-digit prefixes from 20 to 29."),
    ("scale_prefixes", "21;22", "The scale label prefixes must be empty (off)"),
    ("scale_prefixes", "29-20", "The scale label prefixes must be empty (off)"),
    ("scale_prefixes", "86", "The scale label prefixes must be empty (off)"),   # would take every product code
    ("scale_kind", "Weight", "The scale label value must be weight or price."),
    ("scale_kind", "", "The scale label value must be weight or price."),
    ("scale_code_digits", "7", "The scale item code digits must be 4, 5 or 6."),
    ("scale_code_digits", "five", "The scale item code digits must be 4, 5 or 6."),
    ("scale_price_decimals", "1", "The scale price decimals must be 0 (whole tögrög) or 2 (with cents)."),
    ("scale_verifier_digit", "true", "The scale verifier digit must be no or yes (a check digit of the weight or "
                                     "price, just before it)."),
])
def test_bad_scale_settings_are_refused_with_the_field_named(tmp_path: Path, field: str, value: str,
                                                             message: str) -> None:
    settings = Settings(**{field: value})
    [problem] = settings.problems()
    assert problem.field == field and problem.message.startswith(message) and problem.message.endswith(".")
    with pytest.raises(ValueError):
        settings.scale_format  # noqa: B018 - the property raises
    with pytest.raises(SettingsError):
        save_settings(settings, tmp_path / "settings.json")


def test_a_verifier_digit_needs_an_item_code_of_4_or_5_digits() -> None:
    [problem] = Settings(scale_code_digits="6", scale_verifier_digit="yes").problems()
    assert problem.field == "scale_code_digits"
    assert problem.message == "The scale item code digits must be 4 or 5 when the scale writes a verifier digit."
    assert Settings(scale_code_digits="5", scale_verifier_digit="yes").problems() == []


def test_the_scale_settings_survive_the_file(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    settings = Settings(scale_prefixes="21,22", scale_kind="price", scale_code_digits="4",
                        scale_price_decimals="2", scale_verifier_digit="yes")
    save_settings(settings, path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert {name: data[name] for name in ("scale_prefixes", "scale_kind", "scale_code_digits",
                                          "scale_price_decimals", "scale_verifier_digit")} == {
        "scale_prefixes": "21,22", "scale_kind": "price", "scale_code_digits": "4", "scale_price_decimals": "2",
        "scale_verifier_digit": "yes"}
    assert load_settings(path) == settings
    # A file from before issue 19 reads with the defaults.
    assert Settings.from_json_dict({"terminal_id": "T2"}).scale_prefixes == "20-29"


# --- a till at a store selling directly while the store is down ----------------------------------------------

STORE = Settings(environment=Environment.STORE, base_url="https://192.168.1.10:8770", terminal_id="T1")


def test_the_direct_account_is_checked_only_when_the_owner_allows_selling_directly() -> None:
    assert STORE.direct_base_url == "https://merchant.qpay.mn" and not STORE.store_direct_allowed
    assert STORE.problems() == []                      # not allowed: the empty direct account is no problem
    allowed = replace(STORE, store_direct_allowed=True)
    assert _fields_at_fault(allowed) == {"direct_username", "direct_invoice_code"}
    assert [problem.message for problem in allowed.problems()] == [
        "Enter the direct QPay user name.", "Enter the direct QPay invoice code."]
    filled = replace(allowed, direct_username="SHOP_1", direct_invoice_code="SHOP_1_INVOICE")
    assert filled.problems() == []
    assert _fields_at_fault(replace(filled, direct_username="SHOP 1", direct_invoice_code="x" * 46)) == {
        "direct_username", "direct_invoice_code"}
    # Elsewhere than at a store the direct account is not used, and not checked.
    assert replace(LIVE, store_direct_allowed=True).problems() == []


@pytest.mark.parametrize("url", ["http://merchant.qpay.mn", "http://127.0.0.1:8000", "", "merchant.qpay.mn",
                                 "https://user:secret@merchant.qpay.mn"])
def test_the_direct_account_is_a_production_one_over_https_only(url: str) -> None:
    settings = replace(STORE, store_direct_allowed=True, direct_base_url=url, direct_username="SHOP_1",
                       direct_invoice_code="SHOP_1_INVOICE")
    assert _fields_at_fault(settings) == {"direct_base_url"}


def test_the_direct_account_round_trips_through_the_file(tmp_path: Path) -> None:
    settings = replace(STORE, store_direct_allowed=True, direct_base_url="https://merchant.qpay.mn",
                       direct_username="SHOP_1", direct_invoice_code="SHOP_1_INVOICE")
    save_settings(settings, tmp_path / "settings.json")
    assert load_settings(tmp_path / "settings.json") == settings
    assert "password" not in (tmp_path / "settings.json").read_text(encoding="utf-8").lower()


def test_the_direct_password_is_the_production_accounts() -> None:
    from pos_app.config import direct_account, secret_account

    settings = replace(STORE, direct_username="SHOP_1")
    assert direct_account(settings) == secret_account(Environment.PRODUCTION, "https://merchant.qpay.mn", "SHOP_1")


def test_each_till_on_a_posapi_has_its_own_number_on_receipts() -> None:
    # Issue 31: bill numbers are unique per merchant and day across its tills, so each carries its till's number.
    good = replace(LIVE, posapi_url="http://localhost:7080", posapi_tin="37900846788", posapi_pos_no="T1",
                   district_code="2501")
    assert good.problems() == []                                        # T1: till 1
    nameless = replace(good, terminal_id="COUNTER")
    [problem] = nameless.problems()
    assert problem.field == "posapi_till_number" and "1 to 99" in problem.message
    assert replace(nameless, posapi_till_number="4").problems() == []
    for wrong in ("0", "100", "x", "1.5", "٣"):
        assert [p.field for p in replace(good, posapi_till_number=wrong).problems()] == ["posapi_till_number"]
    assert replace(good, posapi_till_number="12").problems() == []
    assert Settings(posapi_till_number="3").posapi_till_number == "3"   # and it survives JSON below
    assert Settings.from_json_dict(Settings(posapi_till_number="3").to_json_dict()).posapi_till_number == "3"


def test_tills_at_a_store_sharing_the_shops_posapi_each_need_their_number() -> None:
    # Issue 31 (found in review): at a store the PosAPI checks were skipped, so two tills without digits in their
    # terminal ids both numbered their bills as till 1 and a dropped request recorded a receipt never made.
    store = Settings(environment=Environment.STORE, base_url="https://store.example", terminal_id="KASSA",
                     posapi_url="http://192.168.1.20:7080", posapi_tin="37900846788", posapi_pos_no="KASSA",
                     district_code="2501")
    assert [p.field for p in store.problems() if p.field.startswith("posapi")] == ["posapi_till_number"]
    assert [p.field for p in replace(store, posapi_till_number="2").problems() if p.field.startswith("posapi")] == []
    assert [p.field for p in replace(store, posapi_tin="12").problems() if p.field.startswith("posapi")] == [
        "posapi_tin", "posapi_till_number"]


# --- the store's certificate, pinned at set-up ----------------------------------------------------------------

PIN = ":".join(["AB"] * 32)


@pytest.mark.parametrize("url", ["http://192.168.1.10:8770", "http://store.local:8770"])
def test_a_store_across_the_network_is_reached_over_https_only(url: str) -> None:
    assert _fields_at_fault(replace(STORE, base_url=url)) == {"base_url"}
    assert replace(STORE, base_url="http://127.0.0.1:8770").problems() == []    # this computer's own store


@pytest.mark.parametrize("pin", ["", PIN, PIN.lower(), PIN.replace(":", ""), PIN.replace(":", " ")])
def test_the_pinned_fingerprint_is_64_hex_digits_as_pos_store_prints_it(pin: str) -> None:
    assert replace(STORE, store_certificate_sha256=pin).problems() == []


@pytest.mark.parametrize("pin", ["AB:CD", PIN + ":00", PIN.replace("AB", "XY", 1), "sha256/" + PIN])
def test_a_fingerprint_that_is_not_one_is_refused(pin: str) -> None:
    assert _fields_at_fault(replace(STORE, store_certificate_sha256=pin)) == {"store_certificate_sha256"}


def test_the_pin_round_trips_through_the_file_and_is_used_at_a_store_only(tmp_path: Path) -> None:
    settings = replace(STORE, store_certificate_sha256=PIN)
    save_settings(settings, tmp_path / "settings.json")
    assert load_settings(tmp_path / "settings.json") == settings
    assert settings.pinned_certificate_sha256 == PIN
    assert replace(LIVE, store_certificate_sha256=PIN).pinned_certificate_sha256 == ""   # QPay's: an authority's
    assert Settings.from_json_dict({"terminal_id": "T2"}).store_certificate_sha256 == ""  # a file from before
