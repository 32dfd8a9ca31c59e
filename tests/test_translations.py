"""Every text the app shows is translated into Mongolian and English, and no translation drops a placeholder.

pyside6-lupdate reads the sources afresh into a temporary file: a text added to the code but not to
resources/translations/*.ts, or left unfinished there, fails here. So does a translation that loses a
`{field}`, a `%n`, a shortcut like `(F2)` or a menu's `&`.
"""

from __future__ import annotations

import re
import subprocess
import sys
import xml.etree.ElementTree as ElementTree
from collections import Counter
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication

ROOT = Path(__file__).resolve().parents[1]
TRANSLATIONS = ROOT / "resources" / "translations"
LANGUAGES = ("mn", "en")
TOOLS = Path(sys.executable).parent

Key = tuple[str, str]          # (context, source)


def _messages(path: Path) -> dict[Key, ElementTree.Element]:
    root = ElementTree.parse(path).getroot()
    return {(context.findtext("name") or "", message.findtext("source") or ""): message
            for context in root.iter("context") for message in context.iter("message")}


@pytest.fixture(scope="module")
def in_the_code(tmp_path_factory: pytest.TempPathFactory) -> dict[Key, ElementTree.Element]:
    fresh = tmp_path_factory.mktemp("lupdate") / "fresh.ts"
    sources = sorted(str(path) for path in (ROOT / "pos_app").rglob("*.py"))
    subprocess.run([str(TOOLS / "pyside6-lupdate"), *sources, "-silent", "-ts", str(fresh)], check=True,
                   capture_output=True)
    return _messages(fresh)


@pytest.fixture(scope="module", params=LANGUAGES)
def translated(request: pytest.FixtureRequest) -> tuple[str, dict[Key, ElementTree.Element]]:
    return request.param, _messages(TRANSLATIONS / f"pos_app_{request.param}.ts")


def _texts(message: ElementTree.Element) -> list[str]:
    translation = message.find("translation")
    assert translation is not None
    forms = translation.findall("numerusform")
    return [form.text or "" for form in forms] if forms else [translation.text or ""]


def test_the_code_has_texts_to_translate(in_the_code) -> None:
    assert len(in_the_code) > 400
    assert ("MainWindow", "Print receipt") in in_the_code and ("Receipt", "Lottery") in in_the_code


def test_every_text_in_the_code_is_in_each_translation(in_the_code, translated) -> None:
    language, messages = translated
    missing = sorted(set(in_the_code) - set(messages))
    assert not missing, f"pos_app_{language}.ts lacks {len(missing)} text(s) (run make update-translations): " \
                        f"{missing[:5]}"


def test_every_translation_is_finished(in_the_code, translated) -> None:
    language, messages = translated
    unfinished = [key for key in in_the_code if key in messages and (
        messages[key].find("translation").get("type") in ("unfinished", "vanished", "obsolete")  # type: ignore[union-attr]
        or not all(text.strip() for text in _texts(messages[key])))]
    assert not unfinished, f"pos_app_{language}.ts: {len(unfinished)} unfinished, e.g. {unfinished[:5]}"


FIELD = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*(?:![rsa])?(?::[^{}]*)?\}")
SHORTCUT = re.compile(r"\((?:F\d+|Ctrl\+[^)]+|Alt\+[^)]+|Shift\+[^)]+|Enter|Esc|Delete)\)")
PERCENT = re.compile(r"%(?:n|\d)")


def _marks(text: str) -> Counter[str]:
    marks = Counter(FIELD.findall(text)) + Counter(PERCENT.findall(text)) + Counter(SHORTCUT.findall(text))
    marks["\\n"] = text.count("\n")
    marks["&mnemonic"] = len(re.findall(r"&(?=\w)", text))
    return +marks


def test_no_translation_drops_or_adds_a_placeholder(translated) -> None:
    language, messages = translated
    wrong = [(key, text) for key, message in messages.items() if message.find("translation").get("type") != "vanished"  # type: ignore[union-attr]
             for text in _texts(message) if text and _marks(text) != _marks(key[1])]
    assert not wrong, f"pos_app_{language}.ts: {len(wrong)} translation(s) change placeholders, e.g. {wrong[:3]}"


def test_the_compiled_mongolian_speaks_mongolian(language) -> None:
    assert language.use("mn")
    lottery = QCoreApplication.translate("Receipt", "Lottery")
    assert lottery != "Lottery" and re.search("[А-Яа-яӨөҮү]", lottery)
    language.stop()
    assert QCoreApplication.translate("Receipt", "Lottery") == "Lottery"
