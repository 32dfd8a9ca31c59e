"""The settings file read as it is: its JSON object, no value checked yet (`settings.load_settings` checks them).

Apart from `settings`, so the till can read the language for its first window without loading the checks
and what they need (issue 21, the start).
"""

from __future__ import annotations

from pathlib import Path

from pos_app import json_nesting

MAX_SETTINGS_FILE_BYTES = 1_000_000  # a real file is under 1 kB; refuse to parse junk of any size


class SettingsFileError(ValueError):
    """The settings file exists but cannot be used; it is left untouched on disk."""

    def __init__(self, path: Path, reason: str) -> None:
        self.path = path
        super().__init__(f"The settings file {path} cannot be used: {reason}")


def read_settings_file(path: Path) -> dict[str, object] | None:
    """The file's JSON object as it is, its values unchecked (`load_settings` checks them); None when the file
    is missing; SettingsFileError (naming it) when it is no JSON object."""
    path = Path(path)
    try:
        with open(path, "rb") as file:
            raw = file.read(MAX_SETTINGS_FILE_BYTES + 1)
    except FileNotFoundError:
        return None
    except OSError as error:
        raise SettingsFileError(path, f"it could not be read ({error.strerror or type(error).__name__}).") from None
    if len(raw) > MAX_SETTINGS_FILE_BYTES:
        raise SettingsFileError(path, "it is too large to be a settings file.")
    try:
        data = json_nesting.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise SettingsFileError(path, "it is not UTF-8 text.") from None
    except json_nesting.NestedTooDeeply:
        raise SettingsFileError(path, "it is not valid JSON (nested too deeply).") from None
    except json_nesting.JSONDecodeError as error:
        # `from None`: the decode error carries the whole file text, which must not reach a log.
        raise SettingsFileError(
            path, f"it is not valid JSON (line {error.lineno}, column {error.colno}).") from None
    except ValueError:
        # Python refuses integers of more than 4300 digits with a plain ValueError, not a JSONDecodeError.
        raise SettingsFileError(path, "it is not valid JSON (a number is too long).") from None
    if not isinstance(data, dict):
        raise SettingsFileError(path, "it must hold a JSON object.")
    return data
