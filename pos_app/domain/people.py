"""Who is at the till: cashiers and managers, each with a PIN kept only as a scrypt hash.

A PIN is 4 to 8 digits (a till's PIN pad, typed fast); it is never stored, logged or shown: `hash_pin` makes
``scrypt$<n>$<r>$<p>$<salt hex>$<hash hex>`` with a fresh random salt, and `pin_matches` compares in constant
time. A manager may do everything a cashier may, and the things that move money back or change the shop's
setup: refunds, voids, price edits, Settings, the drawer without a sale, discounts above the shop's limit.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass, field

PIN = re.compile(r"^[0-9]{4,8}$")
NAME_MAX = 40
# scrypt at n=2**14, r=8 takes some tens of milliseconds and 16 MiB: slow for a guesser, quick at the till.
SCRYPT_N, SCRYPT_R, SCRYPT_P = 2 ** 14, 8, 1
_SALT_BYTES, _HASH_BYTES = 16, 32
PIN_TAKEN = "Someone else uses that PIN: choose another"     # the journal refuses it (it holds the people)


class PeopleError(ValueError):
    """A name, PIN or role the till refuses (`template`/`params` as `CartError`, so the window translates)."""

    def __init__(self, template: str, **params: object) -> None:
        self.template = template
        self.params = params
        super().__init__(template.format(**params))


class Role(enum.Enum):
    CASHIER = "cashier"
    MANAGER = "manager"


class Permission(enum.Enum):
    REFUND = "refund"                 # give a payment back, take cash or card back
    VOID = "void"                     # void a receipt
    PRICE = "price"                   # change an item's price or name
    SETTINGS = "settings"
    DRAWER = "drawer"                 # open the drawer without a sale
    BIG_DISCOUNT = "big_discount"     # a discount above the shop's limit
    USERS = "users"                   # add people and change their PINs


MANAGER_ONLY = frozenset(Permission)


@dataclass(frozen=True)
class Person:
    name: str
    role: Role
    pin_hash: str = field(default="", repr=False, compare=False)

    def may(self, permission: Permission) -> bool:
        return self.role is Role.MANAGER or permission not in MANAGER_ONLY

    @property
    def is_manager(self) -> bool:
        return self.role is Role.MANAGER


def check_name(name: str) -> str:
    text = " ".join(str(name).split())
    if not 1 <= len(text) <= NAME_MAX:
        raise PeopleError("A name is 1 to {maximum} characters", maximum=NAME_MAX)
    return text


def check_pin(pin: str) -> str:
    if not isinstance(pin, str) or not PIN.match(pin):
        raise PeopleError("A PIN is 4 to 8 digits")
    return pin


def hash_pin(pin: str, *, salt: bytes | None = None) -> str:
    check_pin(pin)
    import hashlib    # here: OpenSSL's hashes load with the first PIN, not with the till's first window
    import secrets

    salt = salt if salt is not None else secrets.token_bytes(_SALT_BYTES)
    digest = hashlib.scrypt(pin.encode(), salt=salt, n=SCRYPT_N, r=SCRYPT_R, p=SCRYPT_P, dklen=_HASH_BYTES)
    return f"scrypt${SCRYPT_N}${SCRYPT_R}${SCRYPT_P}${salt.hex()}${digest.hex()}"


def pin_matches(pin: str, stored: str) -> bool:
    """The PIN against a stored hash; False (never an error) for a malformed PIN or hash."""
    if not isinstance(pin, str) or not PIN.match(pin):
        return False
    import hashlib
    import hmac

    try:
        kind, n, r, p, salt, digest = stored.split("$")
        if kind != "scrypt":
            return False
        expected = bytes.fromhex(digest)
        got = hashlib.scrypt(pin.encode(), salt=bytes.fromhex(salt), n=int(n), r=int(r), p=int(p),
                             dklen=len(expected), maxmem=64 * 1024 * 1024)
    except (ValueError, TypeError):
        return False
    return hmac.compare_digest(got, expected)


def who_matches(people: list[Person] | tuple[Person, ...], pin: str) -> Person | None:
    """The person whose PIN this is (PINs are unique at a till: `PeopleBook` refuses a PIN already taken)."""
    for person in people:
        if pin_matches(pin, person.pin_hash):
            return person
    return None
