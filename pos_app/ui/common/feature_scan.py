"""PySide6's question to every module imported after it, answered from the file's bytes (issue 21, the start).

Since PySide 6.4 (PYSIDE-2029), for its `from __feature__ import ...` switches, PySide6 asks of each module
imported after it whether it uses PySide: it reads the module's whole source through `inspect.getsource`
(linecache, tokenize's encoding check), a fraction of a millisecond a module and some tens of milliseconds
for the modules the till's first window imports. The same question, "PySide6" in the source, is answered
here by reading the file's bytes. A module with no source file is asked the upstream way; a PySide6 that asks
nothing (or asks otherwise) is left as it is.

Imported for its effect, by `pos_app.app.root` right after PySide6 and before the till's own modules.
"""

from __future__ import annotations

import sys
from types import ModuleType


def _answer_from_bytes() -> None:
    feature = sys.modules.get("shibokensupport.feature")
    upstream = getattr(feature, "_mod_uses_pyside", None)
    if feature is None or not callable(upstream) or getattr(upstream, "reads_bytes", False):
        return

    def mod_uses_pyside(module: ModuleType) -> bool:
        path = getattr(module, "__file__", None)
        if not isinstance(path, str) or not path.endswith(".py"):
            return bool(upstream(module))
        try:
            with open(path, "rb") as source:
                return b"PySide6" in source.read()
        except OSError:
            return bool(upstream(module))    # a frozen bundle's module: no file, upstream says so

    mod_uses_pyside.reads_bytes = True  # type: ignore[attr-defined]
    feature._mod_uses_pyside = mod_uses_pyside  # type: ignore[attr-defined]


_answer_from_bytes()
