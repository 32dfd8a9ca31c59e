"""Where the till keeps its files: the settings, the journals, the training sandbox's state, the caches.

Light on purpose: the window is built from these before anything heavy is loaded (issue 21, the start).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import platformdirs

from pos_app.config.environment import Environment
from pos_app.journal.lock import JournalLock

APP_NAME = "pos-app"
HOME_VARIABLE = "POS_APP_HOME"  # one folder for config, data and cache (tests, demos, portable use)


@dataclass(frozen=True)
class AppPaths:
    config_dir: Path
    data_dir: Path
    cache_dir: Path

    @property
    def settings_file(self) -> Path:
        return self.config_dir / "settings.json"

    def journal_file(self, environment: Environment) -> Path:
        """One journal per environment: training sales never mix with real money in the history or the day's close."""
        if environment is Environment.PRODUCTION:
            return self.data_dir / "journal.sqlite3"
        return self.data_dir / f"journal-{environment.value}.sqlite3"

    def instance_lock(self) -> JournalLock:
        """`pos-app.lock` in the data folder, held while the app runs: one app per data folder
        (its journals and its training sandbox)."""
        return JournalLock(self.data_dir / "pos-app")

    @property
    def sandbox_state_file(self) -> Path:
        return self.data_dir / "training-sandbox.sqlite3"

    @property
    def logo_cache_dir(self) -> Path:
        return self.cache_dir / "bank-logos"

    @classmethod
    def default(cls) -> AppPaths:
        home = os.environ.get(HOME_VARIABLE)
        if home:
            root = Path(home)
            return cls(root / "config", root / "data", root / "cache")
        return cls(platformdirs.user_config_path(APP_NAME, appauthor=False),
                   platformdirs.user_data_path(APP_NAME, appauthor=False),
                   platformdirs.user_cache_path(APP_NAME, appauthor=False))
