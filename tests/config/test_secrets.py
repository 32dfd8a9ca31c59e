"""The password: in the OS keyring when there is one, else for this session only."""

from __future__ import annotations

import keyring
import keyring.backend
import keyring.backends.fail
import keyring.errors
import pytest

from pos_app.config.secrets import (
    SERVICE_NAME,
    KeyringSecretStore,
    SecretStoreError,
    SessionSecretStore,
    open_secret_store,
    secret_account,
)
from pos_app.config.settings import Environment

PASSWORD = "s3cret-Пароль"
NO_KEYRING = ("No system keyring is available, so the password is kept for this session only "
              "and must be entered again after a restart.")


class MemoryKeyring(keyring.backend.KeyringBackend):
    priority = 1  # type: ignore[assignment]
    viable = False  # keep keyring's own discovery from ever picking this test class

    def __init__(self) -> None:
        super().__init__()
        self.passwords: dict[tuple[str, str], str] = {}

    def get_password(self, service: str, username: str) -> str | None:
        return self.passwords.get((service, username))

    def set_password(self, service: str, username: str, password: str) -> None:
        self.passwords[(service, username)] = password

    def delete_password(self, service: str, username: str) -> None:
        if (service, username) not in self.passwords:
            raise keyring.errors.PasswordDeleteError("not found")
        del self.passwords[(service, username)]


class FailingKeyring(keyring.backend.KeyringBackend):
    priority = 1  # type: ignore[assignment]
    viable = False

    def get_password(self, service: str, username: str) -> str | None:
        raise keyring.errors.KeyringLocked("The keyring is locked")

    def set_password(self, service: str, username: str, password: str) -> None:
        raise keyring.errors.PasswordSetError(f"refused to store {password}")

    def delete_password(self, service: str, username: str) -> None:
        raise keyring.errors.KeyringError("The keyring is locked")


class LockedForWritingKeyring(MemoryKeyring):
    """Answers the probe but refuses to store: the failure shows up only at runtime."""

    def set_password(self, service: str, username: str, password: str) -> None:
        raise keyring.errors.PasswordSetError(f"could not store {password} for {username}")


class BrokenKeyring(MemoryKeyring):
    def get_password(self, service: str, username: str) -> str | None:
        raise OSError("D-Bus connection closed")


class LowPriorityKeyring(MemoryKeyring):
    priority = 0  # type: ignore[assignment]


ACCOUNT = secret_account(Environment.PRODUCTION, "https://merchant.qpay.mn", "SHOP_1")


def test_account_names_environment_host_and_user() -> None:
    assert ACCOUNT == "production:merchant.qpay.mn:SHOP_1"
    assert secret_account("sandbox", "http://127.0.0.1:8080/v2", "SHOP_1") == "sandbox:127.0.0.1:8080:SHOP_1"


def test_two_services_with_one_user_name_do_not_collide() -> None:
    one = secret_account(Environment.SANDBOX, "https://merchant-sandbox.qpay.mn", "SHOP_1")
    other = secret_account(Environment.SANDBOX, "https://other.example", "SHOP_1")
    assert one != other
    assert one != secret_account(Environment.PRODUCTION, "https://merchant-sandbox.qpay.mn", "SHOP_1")


def test_a_working_keyring_keeps_the_password() -> None:
    backend = MemoryKeyring()
    store = open_secret_store(backend)
    assert isinstance(store, KeyringSecretStore)
    assert store.persistent is True and store.problem is None
    assert store.get_password(ACCOUNT) is None
    store.set_password(ACCOUNT, PASSWORD)
    assert backend.passwords == {(SERVICE_NAME, ACCOUNT): PASSWORD}
    assert store.get_password(ACCOUNT) == PASSWORD
    store.delete_password(ACCOUNT)
    assert store.get_password(ACCOUNT) is None
    store.delete_password(ACCOUNT)  # deleting what is not there is fine


def test_the_systems_keyring_is_used_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    backend = MemoryKeyring()
    monkeypatch.setattr(keyring, "get_keyring", lambda: backend)
    store = open_secret_store()
    store.set_password(ACCOUNT, PASSWORD)
    assert backend.passwords[(SERVICE_NAME, ACCOUNT)] == PASSWORD


@pytest.mark.parametrize("backend", [keyring.backends.fail.Keyring(), FailingKeyring(), BrokenKeyring(),
                                     LowPriorityKeyring()], ids=lambda b: type(b).__name__)
def test_without_a_usable_keyring_the_password_is_for_this_session(backend: keyring.backend.KeyringBackend) -> None:
    store = open_secret_store(backend)
    assert isinstance(store, SessionSecretStore)
    assert store.persistent is False
    assert store.problem == NO_KEYRING
    store.set_password(ACCOUNT, PASSWORD)
    assert store.get_password(ACCOUNT) == PASSWORD
    store.delete_password(ACCOUNT)
    assert store.get_password(ACCOUNT) is None
    store.delete_password(ACCOUNT)


def test_a_keyring_that_cannot_even_be_found_means_session_only(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_keyring() -> keyring.backend.KeyringBackend:
        raise keyring.errors.InitError("bad keyringrc.cfg")

    monkeypatch.setattr(keyring, "get_keyring", no_keyring)
    assert open_secret_store().problem == NO_KEYRING


def test_keyring_failures_become_secret_store_errors_without_the_password() -> None:
    store = KeyringSecretStore(FailingKeyring())
    for call in (lambda: store.get_password(ACCOUNT), lambda: store.set_password(ACCOUNT, PASSWORD),
                 lambda: store.delete_password(ACCOUNT)):
        with pytest.raises(SecretStoreError) as caught:
            call()
        assert PASSWORD not in str(caught.value)
        assert caught.value.__suppress_context__  # the backend's own error is not shown in tracebacks


def test_a_refused_save_can_fall_back_to_the_session() -> None:
    store = open_secret_store(LockedForWritingKeyring())
    assert isinstance(store, KeyringSecretStore)
    with pytest.raises(SecretStoreError) as caught:
        store.set_password(ACCOUNT, PASSWORD)
    assert PASSWORD not in str(caught.value)
    assert "keyring" in str(caught.value)
    fallback = SessionSecretStore()
    fallback.set_password(ACCOUNT, PASSWORD)
    assert fallback.get_password(ACCOUNT) == PASSWORD


def test_no_store_shows_a_password_in_its_repr() -> None:
    backend = MemoryKeyring()
    stores = [open_secret_store(backend), SessionSecretStore()]
    for store in stores:
        store.set_password(ACCOUNT, PASSWORD)
        assert PASSWORD not in repr(store) and PASSWORD not in str(store)


def test_a_frozen_build_names_its_platforms_keyring() -> None:
    """PyInstaller bundles carry no entry points, so keyring's discovery finds nothing: the backend is named."""
    from keyring.backends.macOS import Keyring as MacKeyring
    from keyring.backends.SecretService import Keyring as SecretServiceKeyring
    from keyring.backends.Windows import WinVaultKeyring

    from pos_app.config.secrets import platform_keyring

    assert isinstance(platform_keyring("win32"), WinVaultKeyring)
    assert isinstance(platform_keyring("darwin"), MacKeyring)
    assert isinstance(platform_keyring("linux"), SecretServiceKeyring)
