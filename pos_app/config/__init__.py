"""config layer: the shop's settings file and the password in the OS keyring.

Plain Python plus platformdirs and keyring: no Qt, no network.
"""

from .secrets import (
    SERVICE_NAME,
    KeyringSecretStore,
    SecretStore,
    SecretStoreError,
    SessionSecretStore,
    direct_account,
    open_secret_store,
    secret_account,
)
from .settings import (
    DEFAULT_BASE_URLS,
    TRAINING_INVOICE_CODE,
    TRAINING_PASSWORD,
    TRAINING_USERNAME,
    Environment,
    Settings,
    SettingsError,
    SettingsFileError,
    SettingsProblem,
    default_settings_path,
    load_settings,
    parse_listen_address,
    save_settings,
)

__all__ = [
    "DEFAULT_BASE_URLS", "SERVICE_NAME", "TRAINING_INVOICE_CODE", "TRAINING_PASSWORD",
    "TRAINING_USERNAME", "Environment", "KeyringSecretStore", "SecretStore", "SecretStoreError",
    "SessionSecretStore", "Settings", "SettingsError", "SettingsFileError", "SettingsProblem",
    "default_settings_path", "direct_account", "load_settings", "open_secret_store", "parse_listen_address",
    "save_settings", "secret_account",
]
