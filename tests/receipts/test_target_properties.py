"""Property tests of `parse_target`, the reader of the `printer` setting (an ESC/POS connection).

Whatever the setting holds, the answer is an `EscposTarget` that writes itself back to the same target,
or a `PrinterSetupError` whose sentence says how the setting is written: never a ValueError from int(),
never a hang. A setting the printer code accepts is one the settings dialog accepts too.
"""

from __future__ import annotations

import ipaddress
import string

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from pos_app.config.settings import Settings
from pos_app.receipts.connections import DEFAULT_BAUDRATE, DEFAULT_PORT, ESC_POS_KINDS, EscposTarget, parse_target
from pos_app.receipts.errors import PrinterSetupError

PROPERTY = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])

KINDS = st.sampled_from([*ESC_POS_KINDS, "USB", " network ", "system", "bluetooth", ""])
# The awkward parts: digits Python's str.isdigit() takes but int() refuses ("²") or reads ("٣"), brackets,
# colons, blanks, control characters, and runs of digits too long for int().
RESTS = (st.text(max_size=40)
         | st.text(alphabet="0123456789abcdefx:[]. \t\u00b2\u0663\x00\x1f", max_size=30)
         | st.sampled_from(["1" * 5000, "h:" + "1" * 5000, "COM3:" + "9" * 5000, "[::1]:²", "[::1", "::1",
                            "h:²", "h:٣", "COM3:²", "04b8:0202:82:01:00", "0x04b8:0x0202"]))


@PROPERTY
@given(KINDS, st.sampled_from([":", "", "::"]), RESTS)
@example("serial", ":", "COM3:²")       # str.isdigit() takes "²"; int() raised a ValueError
@example("network", ":", "printer:²")
@example("network", ":", "h:" + "1" * 5000)   # int() refuses over 4300 digits with a ValueError
def test_any_setting_is_a_target_or_says_how_it_is_written(kind: str, colon: str, rest: str) -> None:
    text = kind + colon + rest
    try:
        target = parse_target(text)
    except PrinterSetupError as error:        # only this: a ValueError here stops the printing worker
        assert error.message.strip() and error.message.endswith(".") and len(error.message) <= 600
        return
    assert target.kind in ESC_POS_KINDS
    assert parse_target(target.setting) == target
    assert target.describe()
    if target.kind == "network":
        assert 1 <= target.port <= 65535
    if target.kind == "serial":
        assert 50 <= target.baudrate <= 4_000_000 and target.device


@PROPERTY
@given(st.integers(1, 0xFFFF), st.integers(1, 0xFFFF), st.none() | st.tuples(st.integers(0x81, 0x8F),
                                                                            st.integers(0x01, 0x0F)),
       st.booleans())
def test_usb_ids_read_back(vendor: int, product: int, endpoints: tuple[int, int] | None, prefixed: bool) -> None:
    hex_id = "0x{:x}" if prefixed else "{:04X}"
    text = f"usb:{hex_id.format(vendor)}:{hex_id.format(product)}"
    if endpoints:
        text += f":{endpoints[0]:02x}:{endpoints[1]:02x}"
    target = parse_target(text)
    assert (target.vendor_id, target.product_id) == (vendor, product)
    assert (target.in_ep, target.out_ep) == (endpoints or (None, None))


@PROPERTY
@given(st.from_regex(r"(COM[1-9][0-9]?|/dev/tty[A-Za-z]{1,4}[0-9]{0,2})", fullmatch=True),
       st.none() | st.integers(50, 4_000_000))
def test_serial_ports_read_back(device: str, baudrate: int | None) -> None:
    target = parse_target(f"serial:{device}" + (f":{baudrate}" if baudrate else ""))
    assert (target.device, target.baudrate) == (device, baudrate or DEFAULT_BAUDRATE)


HOSTS = (st.from_regex(r"[a-z0-9]([a-z0-9-]{0,10}[a-z0-9])?(\.[a-z0-9]{1,8}){0,3}", fullmatch=True)
         | st.ip_addresses().map(str))


@PROPERTY
@given(HOSTS, st.none() | st.integers(1, 65535))
def test_network_addresses_read_back(host: str, port: int | None) -> None:
    shown = f"[{host}]" if ":" in host else host
    target = parse_target(f"network:{shown}" + (f":{port}" if port else ""))
    assert (target.host, target.port) == (host, port or DEFAULT_PORT)
    if ":" in host:
        ipaddress.IPv6Address(target.host)


@PROPERTY
@given(st.sampled_from(["win32", "cups", "file"]),
       st.text(alphabet=st.characters(min_codepoint=0x20, blacklist_categories=("Cs",)), min_size=1, max_size=40))
def test_printer_names_and_paths_read_back(kind: str, name: str) -> None:
    try:
        target = parse_target(f"{kind}:{name}")
    except PrinterSetupError:
        assert not name.strip()
        return
    assert (target.name or target.device) == name.strip()


@PROPERTY
@given(KINDS, RESTS)
def test_a_setting_the_printer_reads_is_one_the_settings_accept(kind: str, rest: str) -> None:
    text = f"{kind}:{rest}"
    try:
        parse_target(text)
    except PrinterSetupError:
        return
    # The settings want the kind as the dialog writes it (lower case, no blanks); parse_target is kinder.
    if len(text) <= 200 and text == text.strip() and text.isprintable() and kind in ESC_POS_KINDS:
        assert Settings(printer=text).problems() == []


@pytest.mark.parametrize("text", ["serial:COM3:²", "network:printer:²", "network:[::1]:²",
                                  "network:h:" + "1" * 5000, "serial:COM3:" + "1" * 5000, "network:h:٣"])
def test_digits_that_are_not_ascii_or_too_many_are_a_setup_error(text: str) -> None:
    with pytest.raises(PrinterSetupError):
        parse_target(text)


def test_an_empty_setting_says_how_to_write_one() -> None:
    with pytest.raises(PrinterSetupError, match="usb:04b8:0202"):
        parse_target("   ")
    assert isinstance(parse_target("file:/dev/usb/lp0"), EscposTarget)


def test_letters_stay_out_of_the_hex_ids() -> None:
    assert all(ch in string.hexdigits for ch in parse_target("usb:04b8:0202").setting[4:].replace(":", ""))


def test_a_baud_rate_after_a_control_blank_is_read_or_refused_never_a_crash() -> None:
    """Found by the property above: "\\x1f" is a blank to str.strip() but not to int(), so the baud rate was
    checked stripped and read unstripped (a ValueError, not a setup error)."""
    assert parse_target("serial:COM3:\x1f9600").baudrate == 9600
    with pytest.raises(PrinterSetupError):
        parse_target("serial::\x1f0")
