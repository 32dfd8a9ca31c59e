"""The secrets the store keeps in its database, sealed: the QPay session's tokens (`session`) and the key that signs
the tills' tokens (`tokens.signing_key`). Every copy of the store holds the merchant's QPay password, and nothing
else that is secret, so the sealing key is made from it (scrypt, salted with the user name); a copy of the
database (a backup, a report user's read access, the SQLite file) opens none of them.

A sealed value is `sealed:v1:` and a Fernet token (AES-128-CBC with HMAC-SHA256: `cryptography`'s, a direct
dependency already). A value without the prefix was kept in the clear by an older store: it is read as it is
and sealed when next written. One sealed under another password opens as None: the session renews it (a login,
which only the right password passes); the signing key is replaced only after such a login (`tokens`).
"""

from __future__ import annotations

import base64

from cryptography.fernet import Fernet, InvalidToken
from cryptography.hazmat.primitives.kdf.scrypt import Scrypt

__all__ = ["SEALED_PREFIX", "Sealer"]

SEALED_PREFIX = "sealed:v1:"
_SALT_PREFIX = b"pos-store database secrets v1\0"
# scrypt's cost: made once a start (about 50 ms here), and as dear for a guess at the password from a stolen
# database.
_SCRYPT_N, _SCRYPT_R, _SCRYPT_P = 2 ** 14, 8, 1


class Sealer:
    def __init__(self, password: str, username: str) -> None:
        if not password:
            raise ValueError("sealing needs the QPay password")
        key = Scrypt(salt=_SALT_PREFIX + username.encode("utf-8"), length=32, n=_SCRYPT_N, r=_SCRYPT_R,
                     p=_SCRYPT_P).derive(password.encode("utf-8"))
        self._fernet = Fernet(base64.urlsafe_b64encode(key))

    def __repr__(self) -> str:
        return "Sealer()"

    def seal(self, value: str) -> str:
        """`value` as the database keeps it ("" stays "": nothing to hide, and "none held" stays readable)."""
        if not value:
            return ""
        return SEALED_PREFIX + self._fernet.encrypt(value.encode("utf-8")).decode("ascii")

    def open(self, stored: str) -> str | None:
        """What `seal` was given; a value an older store kept in the clear as it is; None when sealed under
        another password (or damaged)."""
        if not stored.startswith(SEALED_PREFIX):
            return stored
        try:
            return self._fernet.decrypt(stored[len(SEALED_PREFIX):].encode("ascii")).decode("utf-8")
        except (InvalidToken, UnicodeError, ValueError):
            return None

    @staticmethod
    def is_sealed(stored: str) -> bool:
        return stored.startswith(SEALED_PREFIX)
