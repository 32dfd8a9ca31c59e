"""config layer: the shop's settings file and the password in the OS keyring.

Plain Python plus platformdirs and keyring: no Qt, no network.
"""

from typing import TYPE_CHECKING

from pos_app.lazy import lazy_names

if TYPE_CHECKING:    # what type checkers and the installer's bundler read; loaded when first used
    from .secrets import (
        SERVICE_NAME as SERVICE_NAME,
        KeyringSecretStore as KeyringSecretStore,
        SecretStore as SecretStore,
        SecretStoreError as SecretStoreError,
        SessionSecretStore as SessionSecretStore,
        direct_account as direct_account,
        open_secret_store as open_secret_store,
        secret_account as secret_account,
    )
    from .environment import Environment as Environment
    from .settings import (
        DEFAULT_BASE_URLS as DEFAULT_BASE_URLS,
        TRAINING_INVOICE_CODE as TRAINING_INVOICE_CODE,
        TRAINING_PASSWORD as TRAINING_PASSWORD,
        TRAINING_USERNAME as TRAINING_USERNAME,
        Settings as Settings,
        SettingsError as SettingsError,
        SettingsProblem as SettingsProblem,
        default_settings_path as default_settings_path,
        load_settings as load_settings,
        parse_listen_address as parse_listen_address,
        save_settings as save_settings,
    )
    from .settings_file import SettingsFileError as SettingsFileError

__getattr__, __dir__, __all__ = lazy_names(__name__, {
    "secrets": "SERVICE_NAME KeyringSecretStore SecretStore SecretStoreError SessionSecretStore direct_account "
               "open_secret_store secret_account",
    "environment": "Environment",
    "settings": "DEFAULT_BASE_URLS TRAINING_INVOICE_CODE TRAINING_PASSWORD TRAINING_USERNAME Settings SettingsError "
                "SettingsProblem default_settings_path load_settings parse_listen_address save_settings",
    "settings_file": "SettingsFileError",
})
