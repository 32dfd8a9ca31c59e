"""Barcodes printed by the shop's label scale: an item code and the item's weight or price in one EAN-13.

**The layout** (GS1's restricted-circulation numbers for variable-measure goods, used in-store)::

    PP CCCCC VVVVV K        2 + code_digits + value_digits + 1 = 13 digits
    PP CCCC  X VVVVV K      with a verifier digit X (see below): 2 + code_digits + 1 + value_digits + 1

* ``PP``: the prefix, two digits from 20 to 29; the shop's scale is set up to use some of them (`prefixes`;
  empty: the till reads no scale labels). A code with any other prefix is an ordinary product code.
* ``C…``: the item code (`code_digits`, 4 to 6, leading zeros kept), the scale's PLU for the item.
* ``V…``: the value (`value_digits`, the rest of the 10 digits between prefix and check digit):
  - kind **weight**: the net weight in grams; `ScaleCode.weight` is it in kilograms, exactly grams / 1000
    (00750 → 0.750 kg). The line is then that weight × the catalog's price per kilogram.
  - kind **price**: the price of the weighed item, what the customer pays for it, in whole tögrög
    (`price_decimals` 0) or with 2 decimals (2: 12345 → 123.45). The line is then 1 × that price.
* ``K``: the EAN-13 check digit (GS1 modulo 10, weights 1, 3, 1, 3… from the left), always verified.
* ``X`` (optional, `verifier_digit`): GS1's price/measure verifier digit (General Specifications 7.9.3),
  which some scales write just before a value of 4 or 5 digits. It guards the value on its own: a label
  whose value was misprinted or misread in a way the EAN-13 check digit lets through is refused. The till
  supports it because a scale that writes one, read as if it did not, gives a wrong price or weight
  without any error (the verifier digit read as the value's first digit); so it has to be set to match.

**The item code and the catalog**: a weighed item's barcode in the catalog is its item code. The till looks
the code up as it is (``"01234"``), then as the prefix and code (``"2101234"``), the first found wins:
`ScaleCode.catalog_keys` gives them in that order.

A code is read only when it is 13 ASCII digits with a prefix of the format (else `read_scale_barcode` gives
None, and the code is an ordinary one). A scale code that does not check out (either check digit) or holds a
weight or price of 0 is refused with a `ScaleError`: an English template with ``{name}`` fields and its
params (as `pos_app.domain.cart.CartError`), so the window can translate it; every template is listed in
`SCALE_MESSAGES`.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from enum import Enum

__all__ = ["CODE_DIGITS", "PREFIX_RANGE", "PRICE_DECIMALS", "SCALE_MESSAGES", "VERIFIED_VALUE_DIGITS", "ScaleCode",
           "ScaleError", "ScaleFormat", "ScaleKind", "ean13_check_digit", "is_valid_ean13", "parse_scale_prefixes",
           "read_scale_barcode", "verifier_digit"]

# GS1 keeps prefixes 20 to 29 for numbers used within a region (in-store); any other prefix is a real product's.
PREFIX_RANGE = range(20, 30)
CODE_DIGITS = (4, 5, 6)
PRICE_DECIMALS = (0, 2)
VERIFIED_VALUE_DIGITS = (4, 5)     # GS1 defines a verifier digit for a value of 4 or 5 digits only
_MIDDLE_DIGITS = 10                 # between the 2-digit prefix and the check digit of an EAN-13

# -- the messages (templates for `ScaleError`) ----------------------------------------------------------------
BAD_CHECK_DIGIT = "Scale label {code} did not read right (its check digit is wrong): scan or type it again"
BAD_VERIFIER_DIGIT = ("Scale label {code} did not read right (the check digit of its weight or price is wrong): "
                      "scan or type it again")
NO_WEIGHT = "Scale label {code} shows no weight: weigh the item again"
NO_PRICE = "Scale label {code} shows a price of 0: weigh the item again"

SCALE_MESSAGES = (BAD_CHECK_DIGIT, BAD_VERIFIER_DIGIT, NO_WEIGHT, NO_PRICE)


class ScaleError(ValueError):
    """A scale label the till refuses, with a message fit to show the cashier.

    `template` (English, with ``{name}`` fields; one of `SCALE_MESSAGES`) and `params` let the window
    translate the message; ``str()`` is the English text.
    """

    def __init__(self, template: str, **params: object) -> None:
        self.template = template
        self.params = params
        super().__init__(template.format(**params))


class ScaleKind(Enum):
    WEIGHT = "weight"   # the value is the net weight in grams
    PRICE = "price"     # the value is the item's price


def _is_digits(text: str) -> bool:
    # str.isdigit alone also takes "²" and other scripts' digits, which int() or a scanner would not agree on.
    return text.isascii() and text.isdigit()


def ean13_check_digit(first12: str) -> int:
    """The EAN-13 check digit of its first 12 digits (GS1 modulo 10: weights 1, 3, 1, 3… from the left)."""
    if len(first12) != 12 or not _is_digits(first12):
        raise ValueError("an EAN-13 check digit needs 12 digits")
    total = sum(int(digit) * (3 if position % 2 else 1) for position, digit in enumerate(first12))
    return -total % 10


def is_valid_ean13(code: str) -> bool:
    """13 ASCII digits whose last is the check digit of the other 12."""
    return len(code) == 13 and _is_digits(code) and ean13_check_digit(code[:12]) == int(code[12])


# GS1 General Specifications 7.9.3: each digit's weighted product, by weighting factor.
_TWO_MINUS = (0, 2, 4, 6, 8, 9, 1, 3, 5, 7)     # 2 × d, units digit less tens digit
_THREE = (0, 3, 6, 9, 2, 5, 8, 1, 4, 7)         # 3 × d, units digit
_FIVE_PLUS = (0, 5, 1, 6, 2, 7, 3, 8, 4, 9)     # 5 × d, units digit plus tens digit
_FIVE_MINUS = (0, 5, 9, 4, 8, 3, 7, 2, 6, 1)    # 5 × d, units digit less tens digit
_VERIFIER_WEIGHTS: dict[int, tuple[tuple[int, ...], ...]] = {
    4: (_TWO_MINUS, _TWO_MINUS, _THREE, _FIVE_MINUS),
    5: (_FIVE_PLUS, _TWO_MINUS, _FIVE_MINUS, _FIVE_PLUS, _TWO_MINUS),
}


def verifier_digit(value: str) -> int:
    """GS1's price/measure verifier digit of a value of 4 or 5 digits (General Specifications 7.9.3)."""
    if len(value) not in VERIFIED_VALUE_DIGITS or not _is_digits(value):
        raise ValueError("a verifier digit needs a value of 4 or 5 digits")
    total = sum(table[int(digit)] for table, digit in zip(_VERIFIER_WEIGHTS[len(value)], value, strict=True))
    if len(value) == 4:
        return total * 3 % 10
    # The digit whose 5- product brings the sum up to a multiple of 10.
    return _FIVE_MINUS.index(-total % 10)


def parse_scale_prefixes(text: str) -> frozenset[str]:
    """The prefixes a setting names: "" (none: off), a range "20-29", a list "21,22", or both "20,23-25".

    ValueError unless every prefix is two digits from 20 to 29 and every range goes upwards.
    """
    prefixes: set[str] = set()
    if not text.strip():
        return frozenset()
    for part in text.split(","):
        first, dash, last = (piece.strip() for piece in part.partition("-"))
        ends = (first, last) if dash else (first,)
        if not all(len(end) == 2 and _is_digits(end) and int(end) in PREFIX_RANGE for end in ends):
            raise ValueError(f"not a prefix or range of prefixes from 20 to 29: {part.strip()!r}")
        low, high = int(ends[0]), int(ends[-1])
        if low > high:
            raise ValueError(f"a range of prefixes must go upwards: {part.strip()!r}")
        prefixes.update(str(prefix) for prefix in range(low, high + 1))
    return frozenset(prefixes)


@dataclass(frozen=True)
class ScaleFormat:
    """How the shop's scale writes its labels (see the module's docstring); no prefixes: the till reads none."""

    prefixes: frozenset[str]
    kind: ScaleKind
    code_digits: int = 5
    value_digits: int = 5
    price_decimals: int = 0          # the price's implied decimals: 0 whole tögrög, 2 with cents
    verifier_digit: bool = False     # a GS1 verifier digit of the value sits just before it

    def __post_init__(self) -> None:
        # Callers may pass a set and "price"; keep the fields what they say. A wrong layout is a programming or
        # settings mistake (the settings check each field first), so a plain ValueError.
        object.__setattr__(self, "prefixes", frozenset(self.prefixes))
        object.__setattr__(self, "kind", ScaleKind(self.kind))
        if not all(isinstance(prefix, str) and len(prefix) == 2 and _is_digits(prefix)
                   and int(prefix) in PREFIX_RANGE for prefix in self.prefixes):
            raise ValueError("scale prefixes are two digits from 20 to 29")
        if self.code_digits not in CODE_DIGITS:
            raise ValueError("a scale item code has 4, 5 or 6 digits")
        if self.code_digits + self.value_digits + int(self.verifier_digit) != _MIDDLE_DIGITS:
            raise ValueError("the item code, the value and the verifier digit must fill the 10 middle digits")
        if self.verifier_digit and self.value_digits not in VERIFIED_VALUE_DIGITS:
            raise ValueError("a verifier digit goes with a value of 4 or 5 digits only")
        if self.price_decimals not in PRICE_DECIMALS:
            raise ValueError("a scale price has 0 or 2 decimals")

    @classmethod
    def from_text(cls, prefixes: str, kind: str, code_digits: str, price_decimals: str,
                  verifier_digit: str = "no") -> ScaleFormat:
        """The format the settings' text values describe (ValueError when one is not valid).

        `prefixes` as `parse_scale_prefixes` reads it; `kind` "weight" or "price"; `code_digits` "4", "5" or
        "6" (the value takes the rest); `price_decimals` "0" or "2"; `verifier_digit` "no" or "yes".
        """
        if code_digits not in {str(digits) for digits in CODE_DIGITS}:
            raise ValueError(f"not a number of item code digits: {code_digits!r}")
        if price_decimals not in {str(decimals) for decimals in PRICE_DECIMALS}:
            raise ValueError(f"not a number of price decimals: {price_decimals!r}")
        if verifier_digit not in ("no", "yes"):
            raise ValueError(f"a verifier digit is no or yes: {verifier_digit!r}")
        verified = verifier_digit == "yes"
        return cls(prefixes=parse_scale_prefixes(prefixes), kind=ScaleKind(kind), code_digits=int(code_digits),
                   value_digits=_MIDDLE_DIGITS - int(code_digits) - int(verified),
                   price_decimals=int(price_decimals), verifier_digit=verified)


@dataclass(frozen=True)
class ScaleCode:
    """What a scale label says: the item code and its weight (kind weight) or its price (kind price)."""

    item_code: str
    weight: Decimal | None       # kilograms, exact (grams / 1000)
    price: Decimal | None        # what the customer pays for the item, tögrög
    prefix: str = ""             # the label's two-digit prefix

    @property
    def catalog_keys(self) -> tuple[str, ...]:
        """The barcodes to look the item up by in the catalog, in order: the code itself, then prefix + code."""
        return (self.item_code, self.prefix + self.item_code) if self.prefix else (self.item_code,)


def read_scale_barcode(code: str, fmt: ScaleFormat) -> ScaleCode | None:
    """The scale label `code` read by `fmt`: None when it is not one (not 13 ASCII digits, or its prefix is
    not one of the format's); ScaleError when it is one that does not check out or holds 0."""
    code = code.strip()
    if len(code) != 13 or not _is_digits(code) or code[:2] not in fmt.prefixes:
        return None
    if not is_valid_ean13(code):
        raise ScaleError(BAD_CHECK_DIGIT, code=code)
    item_code = code[2:2 + fmt.code_digits]
    value = code[12 - fmt.value_digits:12]
    if fmt.verifier_digit and verifier_digit(value) != int(code[11 - fmt.value_digits]):
        raise ScaleError(BAD_VERIFIER_DIGIT, code=code)
    # scaleb moves the decimal point exactly: "00750" grams → 0.750 kg, "12345" with 2 decimals → 123.45.
    if fmt.kind is ScaleKind.WEIGHT:
        weight = Decimal(int(value)).scaleb(-3)
        if not weight:
            raise ScaleError(NO_WEIGHT, code=code)
        return ScaleCode(item_code=item_code, weight=weight, price=None, prefix=code[:2])
    price = Decimal(int(value)).scaleb(-fmt.price_decimals)
    if not price:
        raise ScaleError(NO_PRICE, code=code)
    return ScaleCode(item_code=item_code, weight=None, price=price, prefix=code[:2])
