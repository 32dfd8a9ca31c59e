"""Which language the till speaks, and loading its translations.

Mongolian first: the settings' `language` when it names one we ship, else the
computer's language when we ship it, else Mongolian. Translations are Qt's
`.qm` files compiled from `resources/translations/*.ts` by the build (`make
translations`); a missing file leaves the English source texts, never a crash.
"""

from __future__ import annotations

import logging
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLocale, QTranslator

import pos_app

logger = logging.getLogger(__name__)

TRANSLATIONS_DIR = pos_app.RESOURCES / "translations"
LANGUAGES = {"mn": "Монгол", "en": "English"}     # what we ship, each named in itself
DEFAULT_LANGUAGE = "mn"


def choose_language(setting: str, system: QLocale | None = None) -> str:
    """"mn" or "en": the setting when it names one we ship ("mn", "mn_MN", "en-US"...), else the system's."""
    for wanted in (setting, (system or QLocale.system()).name()):
        code = wanted.replace("-", "_").split("_")[0].lower()
        if code in LANGUAGES:
            return code
    return DEFAULT_LANGUAGE


class Language:
    """The installed translator (one at a time), swapped by `use()`."""

    def __init__(self, app: QCoreApplication, folder: Path = TRANSLATIONS_DIR) -> None:
        self.app = app
        self.folder = folder
        self.code = ""
        self._translator: QTranslator | None = None
        self._locale_before = QLocale()

    def stop(self) -> None:
        """Back to the source texts (tests share one application between them)."""
        if self._translator is not None:
            self.app.removeTranslator(self._translator)
            self._translator = None
        self.code = ""
        QLocale.setDefault(self._locale_before)

    def use(self, code: str) -> bool:
        """Speak `code` ("mn"/"en") from now on; False when its translations are missing (English stays)."""
        if self._translator is not None:
            self.app.removeTranslator(self._translator)
            self._translator = None
        translator = QTranslator(self.app)
        loaded = translator.load(f"pos_app_{code}", str(self.folder))
        if loaded:
            self.app.installTranslator(translator)
            self._translator = translator
        else:
            logger.warning("no translations for %s in %s: run `make translations`", code, self.folder)
        self.code = code
        QLocale.setDefault(QLocale(QLocale.Language.Mongolian if code == "mn" else QLocale.Language.English,
                                   QLocale.Country.Mongolia if code == "mn" else QLocale.Country.UnitedStates))
        return loaded
