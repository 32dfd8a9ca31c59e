"""Property tests of the settings file and the settings' rules.

Whatever bytes the settings file holds (cut off, of the wrong types, huge, nested, not UTF-8), loading gives
`Settings` or a `SettingsFileError` that names the file, says why in a short sentence and quotes none of
it. Whatever text a setting holds, `problems()` lists plain sentences and never raises. Each property
fails when the protection it watches is taken away (see the comments).
"""

from __future__ import annotations

import json
import string
import tempfile
from collections.abc import Iterator
from dataclasses import fields
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from pos_app.config.settings import (
    FIELD_LABELS,
    MAX_SETTINGS_FILE_BYTES,
    Environment,
    Settings,
    SettingsError,
    SettingsFileError,
    load_settings,
    parse_listen_address,
)

PROPERTY = settings(max_examples=150, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
SECRET = "Zq7-SECRET-wbDUzy8n"      # stands for a password someone pasted into the file
TEXT_FIELDS = [f.name for f in fields(Settings) if f.type in ("str", str) and f.name != "environment"]
FLAG_FIELDS = [f.name for f in fields(Settings) if f.type in ("bool", bool)]


@pytest.fixture(scope="module")
def settings_file() -> Iterator[Path]:
    # One file, rewritten for each example (a function-scoped tmp_path would be shared by them anyway).
    with tempfile.TemporaryDirectory() as folder:
        yield Path(folder) / "settings.json"


def load_bytes(path: Path, raw: bytes) -> Settings | SettingsFileError:
    path.write_bytes(raw)
    try:
        return load_settings(path)
    except SettingsFileError as error:
        return error


def assert_clear(error: SettingsFileError, path: Path, raw: bytes) -> None:
    message = str(error)
    assert error.path == path and str(path) in message
    assert message.endswith(".") and len(message) <= 3000
    assert SECRET not in message
    # The JSON decode error holds the whole file: it must not ride along for a log to print.
    assert error.__cause__ is None and (error.__context__ is None or error.__suppress_context__)


# -- the file -------------------------------------------------------------------------------------------------

JSON_SCALARS = (st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True, allow_infinity=True)
                | st.text(max_size=20) | st.just(SECRET))
JSON_VALUES = st.recursive(JSON_SCALARS, lambda inner: st.lists(inner, max_size=3)
                           | st.dictionaries(st.text(max_size=5), inner, max_size=3), max_leaves=6)
SETTING_VALUES = (JSON_VALUES | st.sampled_from([e.value for e in Environment])
                  | st.text(alphabet=string.printable + "\u2028\x00\ud800Ө", max_size=60))
KEYS = st.sampled_from(["environment", *TEXT_FIELDS, *FLAG_FIELDS, "password", "token"]) | st.text(max_size=6)
OBJECTS = st.dictionaries(KEYS, SETTING_VALUES, max_size=12)


def valid_settings() -> st.SearchStrategy[Settings]:
    return st.builds(Settings, environment=st.sampled_from(Environment), terminal_id=st.from_regex(
        r"[A-Za-z0-9_]{1,20}", fullmatch=True), shop_name=st.text(max_size=100), auto_print=st.booleans(),
                     username=st.text(string.ascii_letters, max_size=45))


@PROPERTY
@given(OBJECTS)
def test_any_json_object_loads_or_names_the_file(settings_file: Path, data: dict) -> None:
    raw = json.dumps(data).encode()
    result = load_bytes(settings_file, raw)
    if isinstance(result, SettingsFileError):
        assert_clear(result, settings_file, raw)
        return
    # Loaded: the known keys as written, every other one (a stray password) left out.
    defaults = Settings()
    for name in [*TEXT_FIELDS, *FLAG_FIELDS]:
        assert getattr(result, name) == data.get(name, getattr(defaults, name))
    assert result.environment is Environment(data.get("environment", defaults.environment))
    assert set(result.to_json_dict()) == {"environment", *TEXT_FIELDS, *FLAG_FIELDS}
    result.problems()


@PROPERTY
@given(valid_settings(), st.data())
def test_a_cut_off_file_is_refused_or_loads_what_it_says(settings_file: Path, original: Settings,
                                                         data: st.DataObject) -> None:
    raw = json.dumps(original.to_json_dict(), indent=2, ensure_ascii=False).encode()
    cut = raw[: data.draw(st.integers(0, len(raw) - 1))]
    result = load_bytes(settings_file, cut)
    # A strict prefix of a JSON object is never JSON: nothing is guessed from half a file.
    assert isinstance(result, SettingsFileError)
    assert_clear(result, settings_file, cut)


@PROPERTY
@given(valid_settings(), st.sampled_from([*TEXT_FIELDS, *FLAG_FIELDS, "environment"]),
       st.none() | st.integers() | st.floats() | st.lists(st.text(max_size=3), max_size=2)
       | st.dictionaries(st.text(max_size=3), st.integers(), max_size=2) | st.text(max_size=5) | st.booleans())
def test_a_value_of_the_wrong_type_is_named(settings_file: Path, original: Settings, name: str,
                                            value: object) -> None:
    data = original.to_json_dict()
    data[name] = value
    result = load_bytes(settings_file, json.dumps(data).encode())
    right_type = isinstance(value, bool) if name in FLAG_FIELDS else isinstance(value, str)
    if name == "environment":
        right_type = isinstance(value, str) and value in {e.value for e in Environment}
    if right_type:
        assert isinstance(result, Settings)
        assert getattr(result, name) == (Environment(value) if name == "environment" else value)
    else:
        assert isinstance(result, SettingsFileError)
        assert_clear(result, settings_file, b"")
        label = "environment" if name == "environment" else FIELD_LABELS[name]
        assert label in str(result)


@PROPERTY
@given(st.binary(max_size=300) | st.text(max_size=200).map(lambda text: text.encode("utf-8", "surrogatepass")))
@example(b"\xef\xbb\xbf{}")                                 # a BOM
@example(b'{"terminal_id": "\\ud800"}')                     # a lone surrogate, escaped
@example(b'{"shop_name": ' + b"1" * 5000 + b"}")            # Python refuses ints of over 4300 digits
@example(b'{"shop_name": 1e999999999}')
@example(b"[" * 100_000)                                   # nested beyond the recursion limit
@example(b'{"auto_print": NaN, "shop_name": Infinity}')
def test_any_bytes_load_or_name_the_file(settings_file: Path, raw: bytes) -> None:
    result = load_bytes(settings_file, raw)
    if isinstance(result, SettingsFileError):
        assert_clear(result, settings_file, raw)


def test_a_number_too_long_for_python_is_a_settings_file_error(tmp_path: Path) -> None:
    # Found by the property above: json.loads raises a plain ValueError (not a JSONDecodeError) for an integer
    # of more than 4300 digits, and it escaped load_settings.
    path = tmp_path / "settings.json"
    path.write_text('{"shop_name": ' + "7" * 5000 + "}", encoding="utf-8")
    with pytest.raises(SettingsFileError, match="not valid JSON") as caught:
        load_settings(path)
    assert "7777" not in str(caught.value)


def test_a_file_too_large_is_refused_without_reading_it_all(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_bytes(b'{"shop_name": "' + b"x" * MAX_SETTINGS_FILE_BYTES + b'"}')
    with pytest.raises(SettingsFileError, match="too large"):
        load_settings(path)


# -- the rules ------------------------------------------------------------------------------------------------

WEIRD_TEXT = (st.text(max_size=60) | st.text(alphabet="ab1:/[]@?#. \t\n\x00\u2028\ud800%", max_size=40)
              | st.from_regex(r"https?://[a-z0-9.:@\[\]]{0,20}(/[a-z]{0,5})?([?#][a-z]{0,3})?", fullmatch=True)
              | st.sampled_from(["x" * 5000, "1" * 5000, "http://[::1", "http://a:99999", "usb:", "system:",
                                 "http://ｅxample.com", "http://a\u2100b"]))


@PROPERTY
@given(st.sampled_from(Environment), st.dictionaries(st.sampled_from(TEXT_FIELDS), WEIRD_TEXT, max_size=6))
def test_problems_are_plain_sentences_and_never_raise(environment: Environment, values: dict[str, str]) -> None:
    problems = Settings(environment=environment, **values).problems()
    for problem in problems:
        assert problem.field in FIELD_LABELS
        assert problem.message.endswith(".") and len(problem.message) <= 400
        assert problem.message == problem.template.format(label=FIELD_LABELS[problem.field],
                                                          **dict(problem.params))
    if problems:
        with pytest.raises(SettingsError):
            Settings(environment=environment, **values).check()
    else:
        Settings(environment=environment, **values).check()


@PROPERTY
@given(st.text(max_size=40) | st.text(alphabet="0123456789:[]abf. /\u0663\u00b2\n", max_size=30)
       | st.sampled_from(["h:" + "1" * 5000, "[::1]:8787", ":80", "h:", "h:0", "h:65536", "a b:1", "h:²"]))
def test_a_listen_address_is_host_and_port_or_a_value_error(text: str) -> None:
    try:
        host, port = parse_listen_address(text)
    except ValueError:
        return
    assert 1 <= port <= 65535 and host
    assert not any(ch.isspace() or ch in "/?#@" for ch in host)
    written = text.rpartition(":")[2]
    assert written.isascii() and int(written) == port


@PROPERTY
@given(st.from_regex(r"[a-z0-9.-]{1,20}", fullmatch=True) | st.ip_addresses().map(str), st.integers(1, 65535))
def test_every_listen_address_reads_back(host: str, port: int) -> None:
    written = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    assert parse_listen_address(written) == (host, port)
