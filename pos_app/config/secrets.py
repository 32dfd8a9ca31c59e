"""The QPay password: kept only in the OS keyring, or in memory when there is none.

Nothing here writes a password to a file, a log, an exception message or a repr.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Protocol
from urllib.parse import urlsplit

from pos_app import FROZEN

from .settings import Environment, Settings

# keyring (and the backends it looks for) loads when the store is first opened, on a worker: the till's first
# window needs none of it.
if TYPE_CHECKING:
    import keyring.backend

SERVICE_NAME = "pos-app"
NO_KEYRING_PROBLEM = ("No system keyring is available, so the password is kept for this session "
                      "only and must be entered again after a restart.")
_PROBE_ACCOUNT = "pos-app-probe"  # never stored: only read, to see whether the keyring answers at all


class SecretStoreError(RuntimeError):
    """The keyring failed. The message never contains a password."""


class SecretStore(Protocol):
    persistent: bool          # True: the password survives a restart
    problem: str | None       # why the password is session-only, or None

    def get_password(self, account: str) -> str | None: ...

    def set_password(self, account: str, password: str) -> None: ...

    def delete_password(self, account: str) -> None: ...


def secret_account(environment: Environment | str, base_url: str, username: str) -> str:
    """`production:merchant.qpay.mn:SHOP1`: the host keeps two services' passwords apart."""
    try:
        parts = urlsplit(base_url)
        host = parts.hostname or ""
        port = parts.port
    except ValueError:
        host, port = "", None
    if port is not None:
        host = f"{host}:{port}"
    return f"{Environment(environment).value}:{host}:{username}"


def direct_account(settings: Settings) -> str:
    """Where a till at a store keeps the password of the QPay account it sells with when the store is down: the
    production account of it, the same a production till of that account uses."""
    return secret_account(Environment.PRODUCTION, settings.direct_base_url, settings.direct_username)


class KeyringSecretStore:
    persistent = True
    problem: str | None = None

    def __init__(self, backend: keyring.backend.KeyringBackend) -> None:
        self._backend = backend

    def __repr__(self) -> str:
        return f"KeyringSecretStore(backend={type(self._backend).__name__})"

    def get_password(self, account: str) -> str | None:
        try:
            return self._backend.get_password(SERVICE_NAME, account)
        except Exception as error:  # a broken backend may raise anything, not only KeyringError
            raise _store_error("read the password from", error) from None

    def set_password(self, account: str, password: str) -> None:
        try:
            self._backend.set_password(SERVICE_NAME, account, password)
        except Exception as error:
            raise _store_error("save the password in", error, password) from None

    def delete_password(self, account: str) -> None:
        from keyring.errors import PasswordDeleteError

        try:
            self._backend.delete_password(SERVICE_NAME, account)
        except PasswordDeleteError:
            pass  # nothing stored: already deleted
        except Exception as error:
            raise _store_error("delete the password from", error) from None


class SessionSecretStore:
    """Passwords in memory only, for when the computer has no usable keyring."""

    persistent = False

    def __init__(self, problem: str = NO_KEYRING_PROBLEM) -> None:
        self.problem: str | None = problem
        self._passwords: dict[str, str] = {}

    def __repr__(self) -> str:
        return f"SessionSecretStore(accounts={len(self._passwords)})"

    def get_password(self, account: str) -> str | None:
        return self._passwords.get(account)

    def set_password(self, account: str, password: str) -> None:
        self._passwords[account] = password

    def delete_password(self, account: str) -> None:
        self._passwords.pop(account, None)


def open_secret_store(keyring_backend: keyring.backend.KeyringBackend | None = None) -> SecretStore:
    """The OS keyring if it works, else a session store whose `problem` says why.

    Probes the keyring, which may block (an unlock prompt): call it off the GUI thread.
    """
    import keyring
    import keyring.backends.fail

    try:
        if keyring_backend is None and FROZEN:
            keyring_backend = platform_keyring()
        backend = keyring.get_keyring() if keyring_backend is None else keyring_backend
        usable = not isinstance(backend, keyring.backends.fail.Keyring) and backend.priority > 0
        if usable:
            backend.get_password(SERVICE_NAME, _PROBE_ACCOUNT)
    except Exception:  # no keyring, a locked one or a broken one: all mean session-only
        usable = False
    return KeyringSecretStore(backend) if usable else SessionSecretStore()


def platform_keyring(platform: str = sys.platform) -> keyring.backend.KeyringBackend:
    """The system keyring named outright: a frozen build has no package metadata, so keyring's own discovery
    (entry points) finds nothing there. Windows Credential Manager, macOS Keychain, else Secret Service."""
    if platform == "win32":
        from keyring.backends.Windows import WinVaultKeyring

        return WinVaultKeyring()
    if platform == "darwin":
        from keyring.backends.macOS import Keyring as MacKeyring

        return MacKeyring()
    from keyring.backends.SecretService import Keyring as SecretServiceKeyring

    return SecretServiceKeyring()


def _store_error(action: str, error: Exception, password: str | None = None) -> SecretStoreError:
    detail = str(error)
    if password:
        detail = detail.replace(password, "***")
    detail = detail[:200] or type(error).__name__
    return SecretStoreError(f"Could not {action} the system keyring ({detail}).")
