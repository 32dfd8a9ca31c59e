"""Who may call the store: a till (or an owner) by name and key. `pos-store add-till` makes the key and shows it
once; the database keeps only its hash.

A key is 32 random bytes, so a plain SHA-256 is enough to keep it (no guessing a key from its hash, and no slow
hash needed against a dictionary: a key is not a password a person chose); comparison is constant-time.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass, field
from datetime import UTC, datetime

from sqlalchemy import Engine, delete, insert, select

from .db import credentials

TILL = "till"
OWNER = "owner"
_NAME = re.compile(r"^[A-Za-z0-9._-]{1,64}$")


class CredentialError(ValueError):
    """A name that cannot be used (its words say why)."""


@dataclass(frozen=True)
class Caller:
    name: str
    role: str
    shop: str
    generation: str = field(default="", repr=False)   # of its key: a token outlives no key (see tokens)

    @property
    def is_till(self) -> bool:
        return self.role == TILL


def _hash(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


def add_credential(engine: Engine, name: str, role: str = TILL, shop: str = "") -> str:
    """A new key for `name`, returned once (a name already there is refused: retire it first)."""
    if not _NAME.match(name):
        raise CredentialError(f"a name is 1 to 64 letters, digits, '.', '_' or '-', not {name!r}")
    if role not in (TILL, OWNER):
        raise CredentialError(f"a role is {TILL!r} or {OWNER!r}")
    key = secrets.token_urlsafe(32)
    with engine.begin() as db:
        if db.execute(select(credentials.c.name).where(credentials.c.name == name)).first() is not None:
            raise CredentialError(f"{name} already has a key (remove it first to make a new one)")
        db.execute(insert(credentials).values(name=name, role=role, shop=shop, key_hash=_hash(key),
                                              created_at=datetime.now(UTC).isoformat()))
    return key


def remove_credential(engine: Engine, name: str) -> bool:
    with engine.begin() as db:
        return db.execute(delete(credentials).where(credentials.c.name == name)).rowcount > 0


def check_credential(engine: Engine, name: str, key: str) -> Caller | None:
    """The caller when `key` is `name`'s key; None for an unknown name or a wrong key (the same answer)."""
    with engine.connect() as db:
        row = db.execute(select(credentials).where(credentials.c.name == name)).first()
    expected = row.key_hash if row is not None else _hash("no such name: compare anyway")
    if not hmac.compare_digest(expected, _hash(key)) or row is None:
        return None
    return _caller(row)


def caller_named(engine: Engine, name: str) -> Caller | None:
    with engine.connect() as db:
        row = db.execute(select(credentials).where(credentials.c.name == name)).first()
    return _caller(row) if row is not None else None


def _caller(row: object) -> Caller:
    # The hash's first characters tell one key of a name from the next (a till removed and added again).
    return Caller(row.name, row.role, row.shop, row.key_hash[:16])  # type: ignore[attr-defined]
