"""Every text the app shows is translated into Mongolian and English, and no translation drops a placeholder.

pyside6-lupdate reads the sources afresh into a temporary file: a text added to the code but not to
resources/translations/*.ts, or left unfinished there, fails here. So does a translation that loses a
`{field}`, a `%n`, a shortcut like `(F2)` or a menu's `&`, and a `tr()` or `translate()` call that lupdate does
not read as written (it would drop the text from the .ts files, and the till would show it in English).
"""

from __future__ import annotations

import ast
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


class _TextCalls(ast.NodeVisitor):
    """Each `self.tr(...)` and `translate(...)` call whose texts are written out: its line, (context, source) and
    whether it passes a count (`%n`). A `tr` call's context is its class, as lupdate names it."""

    def __init__(self) -> None:
        self.classes: list[str] = []
        self.calls: list[tuple[int, Key, bool]] = []

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        self.classes.append(node.name)
        self.generic_visit(node)
        self.classes.pop()

    def visit_Call(self, node: ast.Call) -> None:
        name = getattr(node.func, "attr", None) or getattr(node.func, "id", None)
        written = [arg.value if isinstance(arg, ast.Constant) and isinstance(arg.value, str) else None
                   for arg in node.args]
        if name == "tr" and self.classes and written and written[0]:
            self.calls.append((node.lineno, (self.classes[-1], written[0]), len(node.args) >= 3))
        elif name == "translate" and len(written) >= 2 and written[0] and written[1]:
            self.calls.append((node.lineno, (written[0], written[1]), len(node.args) >= 4))
        self.generic_visit(node)


def test_lupdate_reads_every_text_as_the_code_asks_for_it(in_the_code) -> None:
    """lupdate skips `translate(ctx, text, "", len(x))` (a call as the count) and reads a count only from `tr`:
    such a text vanishes from the .ts files at the next make update-translations, or loses its plural forms."""
    wrong = []
    for path in sorted((ROOT / "pos_app").rglob("*.py")):
        calls = _TextCalls()
        calls.visit(ast.parse(path.read_text(encoding="utf-8")))
        for line, key, counted in calls.calls:
            message = in_the_code.get(key)
            if message is None or counted and message.get("numerus") != "yes":
                wrong.append(f"{path.relative_to(ROOT)}:{line} {key[1]!r}"
                             + (" (not read)" if message is None else " (its count not read: use self.tr)"))
    assert not wrong, f"{len(wrong)} text(s) lupdate does not read as written: {wrong[:5]}"


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
