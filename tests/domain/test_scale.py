"""Scale labels: EAN-13s with a 2x prefix carrying an item code and a weight or a price, read exactly or refused
in words. The check digits are computed here independently, from the standards' own weights."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from pos_app.domain.scale import (
    BAD_CHECK_DIGIT,
    BAD_VERIFIER_DIGIT,
    NO_PRICE,
    NO_WEIGHT,
    SCALE_MESSAGES,
    ScaleCode,
    ScaleError,
    ScaleFormat,
    ScaleKind,
    ean13_check_digit,
    is_valid_ean13,
    parse_scale_prefixes,
    read_scale_barcode,
    verifier_digit,
)

PROPERTY = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
ALL_PREFIXES = frozenset(str(prefix) for prefix in range(20, 30))
WEIGHT = ScaleFormat(prefixes=ALL_PREFIXES, kind=ScaleKind.WEIGHT)
PRICE = ScaleFormat(prefixes=ALL_PREFIXES, kind=ScaleKind.PRICE)


def standard_check_digit(first12: str) -> int:
    """EAN-13: the digits weighted 1, 3, 1, 3… from the left; the check digit brings the sum to a multiple of 10."""
    total = sum(int(digit) * weight for digit, weight in zip(first12, [1, 3] * 6, strict=True))
    return (10 - total % 10) % 10


def ean13(first12: str) -> str:
    return first12 + str(standard_check_digit(first12))


def wrong_check_digit(code: str) -> str:
    return code[:12] + str((int(code[12]) + 1) % 10)


# GS1 General Specifications 7.9.3, each weighting factor as the standard words it (not as a table).
def two_minus(digit: int) -> int:        # 2 × d; units digit less tens digit
    product = 2 * digit
    return (product % 10 - product // 10) % 10


def five_plus(digit: int) -> int:        # 5 × d; units digit plus tens digit
    product = 5 * digit
    return (product % 10 + product // 10) % 10


def five_minus(digit: int) -> int:       # 5 × d; units digit less tens digit
    product = 5 * digit
    return (product % 10 - product // 10) % 10


def standard_verifier_digit(value: str) -> int:
    digits = [int(digit) for digit in value]
    if len(digits) == 4:      # weights 2-, 2-, 3, 5-; the sum × 3, its units digit
        a, b, c, d = digits
        return (two_minus(a) + two_minus(b) + (3 * c) % 10 + five_minus(d)) * 3 % 10
    a, b, c, d, e = digits    # weights 5+, 2-, 5-, 5+, 2-; the digit whose 5- product makes the sum a multiple of 10
    total = five_plus(a) + two_minus(b) + five_minus(c) + five_plus(d) + two_minus(e)
    return next(check for check in range(10) if five_minus(check) == (10 - total % 10) % 10)


# --- the EAN-13 check digit -----------------------------------------------------------------------------------

@pytest.mark.parametrize("code", ["4006381333931", "5901234123457", "2000000000008", "2101234007501"])
def test_real_ean13_codes_check_out(code: str) -> None:
    assert ean13_check_digit(code[:12]) == standard_check_digit(code[:12]) == int(code[12])
    assert is_valid_ean13(code)
    assert not is_valid_ean13(wrong_check_digit(code))


@pytest.mark.parametrize("code", ["400638133393", "40063813339311", "400638133393X", "", "４００６３８１３３３９３１",
                                  "40063813339³1"])
def test_what_is_not_13_ascii_digits_is_no_ean13(code: str) -> None:
    assert not is_valid_ean13(code)


@pytest.mark.parametrize("first12", ["40063813339", "4006381333931", "40063813339x"])
def test_a_check_digit_needs_12_digits(first12: str) -> None:
    with pytest.raises(ValueError):
        ean13_check_digit(first12)


@PROPERTY
@given(st.from_regex(r"[0-9]{12}", fullmatch=True))
def test_the_check_digit_is_the_standards(first12: str) -> None:
    assert ean13_check_digit(first12) == standard_check_digit(first12)


# --- reading labels -------------------------------------------------------------------------------------------

def test_a_weight_label_gives_the_item_code_and_its_weight_in_kilograms() -> None:
    code = ean13("21" + "01234" + "00750")
    assert read_scale_barcode(code, WEIGHT) == ScaleCode(item_code="01234", weight=Decimal("0.750"), price=None,
                                                         prefix="21")


def test_a_label_is_read_whatever_whitespace_the_scanner_adds() -> None:
    code = ean13("21" + "01234" + "12345")
    assert read_scale_barcode(f" {code}\n", WEIGHT) == read_scale_barcode(code, WEIGHT)


def test_the_weight_is_exact_grams() -> None:
    read = read_scale_barcode(ean13("20" + "00007" + "00001"), WEIGHT)
    assert read is not None and read.weight == Decimal("0.001") and read.weight * 1000 == 1
    heaviest = read_scale_barcode(ean13("20" + "00007" + "99999"), WEIGHT)
    assert heaviest is not None and heaviest.weight == Decimal("99.999")


def test_the_catalog_is_asked_for_the_code_then_prefix_and_code() -> None:
    read = read_scale_barcode(ean13("27" + "00042" + "01500"), WEIGHT)
    assert read is not None and read.catalog_keys == ("00042", "2700042")
    assert ScaleCode(item_code="00042", weight=Decimal(1), price=None).catalog_keys == ("00042",)


def test_a_price_label_gives_the_price_in_whole_togrog() -> None:
    read = read_scale_barcode(ean13("23" + "00042" + "12990"), PRICE)
    assert read == ScaleCode(item_code="00042", weight=None, price=Decimal(12990), prefix="23")


def test_a_price_label_with_two_decimals() -> None:
    cents = ScaleFormat(prefixes=ALL_PREFIXES, kind=ScaleKind.PRICE, price_decimals=2)
    read = read_scale_barcode(ean13("23" + "00042" + "12345"), cents)
    assert read is not None and read.price == Decimal("123.45") and str(read.price) == "123.45"


@pytest.mark.parametrize("code_digits, middle, item_code, price", [
    (4, "1234" + "125000", "1234", Decimal(125000)),     # a big piece of meat: 6 digits of tögrög
    (6, "123456" + "9990", "123456", Decimal(9990)),
])
def test_the_item_code_and_value_split_the_ten_digits_as_set(code_digits: int, middle: str, item_code: str,
                                                             price: Decimal) -> None:
    fmt = ScaleFormat(prefixes=ALL_PREFIXES, kind=ScaleKind.PRICE, code_digits=code_digits,
                      value_digits=10 - code_digits)
    assert read_scale_barcode(ean13("22" + middle), fmt) == ScaleCode(item_code, None, price, "22")


def test_only_the_formats_prefixes_are_scale_labels() -> None:
    fmt = ScaleFormat(prefixes=parse_scale_prefixes("21,22"), kind=ScaleKind.WEIGHT)
    assert read_scale_barcode(ean13("22" + "00001" + "01000"), fmt) is not None
    assert read_scale_barcode(ean13("23" + "00001" + "01000"), fmt) is None
    # Not even refused when its check digit is wrong: it is not a scale label, the catalog decides.
    assert read_scale_barcode(wrong_check_digit(ean13("29" + "00001" + "01000")), fmt) is None


def test_with_no_prefixes_no_code_is_a_scale_label() -> None:
    off = ScaleFormat(prefixes=frozenset(), kind=ScaleKind.WEIGHT)
    assert read_scale_barcode(ean13("21" + "01234" + "00750"), off) is None


@pytest.mark.parametrize("code", [
    "8656000010011",                      # the sample catalog's milk (its last digit is no check digit)
    "8656000010017",                      # an ordinary Mongolian product code
    "4006381333931",
    "210123400750",                       # 12 digits
    "21012340075051",                     # 14 digits
    "21A1234007505",                      # letters
    "２１０１２３４００７５０５",              # full-width digits
    "",
])
def test_what_is_not_a_scale_label_gives_none(code: str) -> None:
    assert read_scale_barcode(code, WEIGHT) is None
    assert read_scale_barcode(code, PRICE) is None


def test_a_wrong_check_digit_is_refused_in_words() -> None:
    code = wrong_check_digit(ean13("21" + "01234" + "00750"))
    with pytest.raises(ScaleError) as refused:
        read_scale_barcode(code, WEIGHT)
    assert refused.value.template == BAD_CHECK_DIGIT and refused.value.params == {"code": code}
    assert str(refused.value) == (f"Scale label {code} did not read right (its check digit is wrong): "
                                  "scan or type it again")
    assert isinstance(refused.value, ValueError)


def test_a_weight_of_zero_is_refused() -> None:
    with pytest.raises(ScaleError) as refused:
        read_scale_barcode(ean13("21" + "01234" + "00000"), WEIGHT)
    assert refused.value.template == NO_WEIGHT and "shows no weight" in str(refused.value)


def test_a_price_of_zero_is_refused() -> None:
    with pytest.raises(ScaleError) as refused:
        read_scale_barcode(ean13("21" + "01234" + "00000"), PRICE)
    assert refused.value.template == NO_PRICE and "price of 0" in str(refused.value)


# --- the verifier digit of the value (GS1 7.9.3) --------------------------------------------------------------

def test_the_standards_examples_of_verifier_digits() -> None:
    assert verifier_digit("2875") == standard_verifier_digit("2875") == 9
    assert verifier_digit("14685") == standard_verifier_digit("14685") == 6


@PROPERTY
@given(st.from_regex(r"[0-9]{4,5}", fullmatch=True))
def test_the_verifier_digit_is_the_standards(value: str) -> None:
    assert verifier_digit(value) == standard_verifier_digit(value)


@PROPERTY
@given(st.from_regex(r"[0-9]{4,5}", fullmatch=True), st.data())
def test_a_verifier_digit_catches_any_one_digit_changed(value: str, data: st.DataObject) -> None:
    position = data.draw(st.integers(0, len(value) - 1))
    other = data.draw(st.sampled_from([digit for digit in "0123456789" if digit != value[position]]))
    assert verifier_digit(value[:position] + other + value[position + 1:]) != verifier_digit(value)


@pytest.mark.parametrize("value", ["123", "123456", "12a4"])
def test_a_verifier_digit_needs_4_or_5_digits(value: str) -> None:
    with pytest.raises(ValueError):
        verifier_digit(value)


def test_a_price_label_with_a_verifier_digit() -> None:
    fmt = ScaleFormat(prefixes=ALL_PREFIXES, kind=ScaleKind.PRICE, code_digits=4, value_digits=5, verifier_digit=True)
    code = ean13("24" + "0042" + "6" + "14685")
    assert read_scale_barcode(code, fmt) == ScaleCode("0042", None, Decimal(14685), "24")
    weight = ScaleFormat(prefixes=ALL_PREFIXES, kind=ScaleKind.WEIGHT, code_digits=5, value_digits=4,
                         verifier_digit=True)
    assert read_scale_barcode(ean13("24" + "00042" + "9" + "2875"), weight) == ScaleCode(
        "00042", Decimal("2.875"), None, "24")


def test_a_wrong_verifier_digit_is_refused_even_when_the_ean_checks_out() -> None:
    fmt = ScaleFormat(prefixes=ALL_PREFIXES, kind=ScaleKind.PRICE, code_digits=4, value_digits=5, verifier_digit=True)
    code = ean13("24" + "0042" + "7" + "14685")
    assert is_valid_ean13(code)
    with pytest.raises(ScaleError) as refused:
        read_scale_barcode(code, fmt)
    assert refused.value.template == BAD_VERIFIER_DIGIT and code in str(refused.value)
    # Read without the verifier digit, the same label would have been a price of 714,685 tögrög.
    unverified = ScaleFormat(prefixes=ALL_PREFIXES, kind=ScaleKind.PRICE, code_digits=4, value_digits=6)
    assert read_scale_barcode(code, unverified) == ScaleCode("0042", None, Decimal(714685), "24")


# --- the format and the settings' text ------------------------------------------------------------------------

@pytest.mark.parametrize("text, prefixes", [
    ("20-29", ALL_PREFIXES),
    ("21,22", {"21", "22"}),
    (" 20 , 23 - 25 ", {"20", "23", "24", "25"}),
    ("28", {"28"}),
    ("22-22,22", {"22"}),
    ("", set()),
    ("  ", set()),
])
def test_prefixes_are_a_range_or_a_list(text: str, prefixes: set[str]) -> None:
    assert parse_scale_prefixes(text) == frozenset(prefixes)


@pytest.mark.parametrize("text", ["19", "30", "20-30", "2", "020", "25-21", "20-", "-", "20,,21", "twenty", "2O",
                                  "20;21", "20-22-24", "٢٠"])
def test_other_prefixes_are_refused(text: str) -> None:
    with pytest.raises(ValueError):
        parse_scale_prefixes(text)


def test_the_settings_text_gives_the_format() -> None:
    assert ScaleFormat.from_text("20-29", "weight", "5", "0") == WEIGHT
    assert ScaleFormat.from_text("21,22", "price", "4", "2", "yes") == ScaleFormat(
        prefixes=frozenset({"21", "22"}), kind=ScaleKind.PRICE, code_digits=4, value_digits=5, price_decimals=2,
        verifier_digit=True)
    assert ScaleFormat.from_text("", "weight", "6", "0").prefixes == frozenset()
    assert ScaleFormat.from_text("20", "price", "6", "0").value_digits == 4


@pytest.mark.parametrize("prefixes, kind, code_digits, price_decimals, verifier", [
    ("30", "weight", "5", "0", "no"), ("20-29", "volume", "5", "0", "no"), ("20-29", "weight", "7", "0", "no"),
    ("20-29", "weight", " 5", "0", "no"), ("20-29", "price", "5", "1", "no"), ("20-29", "price", "6", "0", "yes"),
    ("20-29", "price", "5", "0", "true"),
])
def test_settings_text_that_is_no_format_is_refused(prefixes: str, kind: str, code_digits: str,
                                                    price_decimals: str, verifier: str) -> None:
    with pytest.raises(ValueError):
        ScaleFormat.from_text(prefixes, kind, code_digits, price_decimals, verifier)


def test_a_format_keeps_its_fields_what_they_say() -> None:
    fmt = ScaleFormat(prefixes={"21"}, kind="price")  # type: ignore[arg-type]
    assert fmt.prefixes == frozenset({"21"}) and isinstance(fmt.prefixes, frozenset) and fmt.kind is ScaleKind.PRICE


@pytest.mark.parametrize("changes", [
    {"prefixes": frozenset({"30"})}, {"prefixes": frozenset({"2"})}, {"code_digits": 3, "value_digits": 7},
    {"code_digits": 5, "value_digits": 4}, {"price_decimals": 1}, {"verifier_digit": True},
    {"code_digits": 4, "value_digits": 5, "verifier_digit": True, "kind": "volume"},
])
def test_a_format_that_does_not_fill_an_ean13_is_refused(changes: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        ScaleFormat(**{"prefixes": ALL_PREFIXES, "kind": ScaleKind.WEIGHT, **changes})  # type: ignore[arg-type]


# --- properties -----------------------------------------------------------------------------------------------

@st.composite
def formats(draw: st.DrawFn) -> ScaleFormat:
    verified = draw(st.booleans())
    code_digits = draw(st.sampled_from([4, 5] if verified else [4, 5, 6]))
    prefixes = draw(st.frozensets(st.sampled_from(sorted(ALL_PREFIXES))))
    return ScaleFormat(prefixes=prefixes, kind=draw(st.sampled_from(ScaleKind)), code_digits=code_digits,
                       value_digits=10 - code_digits - verified, price_decimals=draw(st.sampled_from([0, 2])),
                       verifier_digit=verified)


@PROPERTY
@given(st.from_regex(r"[0-9]{13}", fullmatch=True) | st.text(max_size=16), formats())
@example("2101234007501", WEIGHT)
@example("2101234007505", WEIGHT)
def test_any_code_is_a_scale_label_none_or_refused_in_words(code: str, fmt: ScaleFormat) -> None:
    try:
        read = read_scale_barcode(code, fmt)
    except ScaleError as refused:
        assert refused.template in SCALE_MESSAGES and str(refused) == refused.template.format(**refused.params)
        return
    if read is not None:
        assert len(read.item_code) == fmt.code_digits and read.prefix in fmt.prefixes
        assert (read.weight is None) != (read.price is None)
        assert (read.weight or read.price or 0) > 0


@PROPERTY
@given(formats(), st.data())
def test_a_generated_label_reads_back_exactly(fmt: ScaleFormat, data: st.DataObject) -> None:
    prefix = data.draw(st.sampled_from(sorted(fmt.prefixes or ALL_PREFIXES)))
    item_code = data.draw(st.from_regex(rf"[0-9]{{{fmt.code_digits}}}", fullmatch=True))
    amount = data.draw(st.integers(1, 10 ** fmt.value_digits - 1))
    value = str(amount).zfill(fmt.value_digits)
    verifier = str(standard_verifier_digit(value)) if fmt.verifier_digit else ""
    code = ean13(prefix + item_code + verifier + value)
    read = read_scale_barcode(code, fmt)
    if not fmt.prefixes:
        assert read is None
        return
    assert read is not None and read.item_code == item_code and read.catalog_keys == (item_code, prefix + item_code)
    if fmt.kind is ScaleKind.WEIGHT:
        assert read.price is None and read.weight == Decimal(amount) / 1000 and read.weight * 1000 == amount
    else:
        assert read.weight is None and read.price == Decimal(amount) / 10 ** fmt.price_decimals
        assert read.price * 10 ** fmt.price_decimals == amount
        assert read.price.as_tuple().exponent == -fmt.price_decimals     # cents kept as cents
    with pytest.raises(ScaleError):
        read_scale_barcode(wrong_check_digit(code), fmt)
