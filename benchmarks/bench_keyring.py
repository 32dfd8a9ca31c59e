"""A keyring backend for the start benchmark: the account's password from the environment
(`BENCH_KEYRING_PASSWORD`), so a till with a real account starts as it does at a shop, without a desktop keyring
on the benchmark's machine. Chosen with PYTHON_KEYRING_BACKEND=bench_keyring.EnvironmentKeyring."""

from __future__ import annotations

import os

from keyring.backend import KeyringBackend


class EnvironmentKeyring(KeyringBackend):
    priority = 1  # type: ignore[assignment]

    def get_password(self, service: str, username: str) -> str | None:
        return os.environ.get("BENCH_KEYRING_PASSWORD")

    def set_password(self, service: str, username: str, password: str) -> None:
        raise NotImplementedError("the benchmark's keyring is read-only")

    def delete_password(self, service: str, username: str) -> None:
        raise NotImplementedError("the benchmark's keyring is read-only")
