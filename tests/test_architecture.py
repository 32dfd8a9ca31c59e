"""The dependency rule of docs/architecture.md, checked on every module's imports."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "pos_app"


def _imports(path: Path) -> set[str]:
    """Absolute module names a file imports (relative imports resolved against its package)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts[:-1])
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            names.add(module)
            names.update(f"{module}.{alias.name}" for alias in node.names)
    return names


def _modules(layer: str) -> list[Path]:
    return sorted((PACKAGE / layer).rglob("*.py"))


def _offences(layer: str, forbidden: tuple[str, ...]) -> list[str]:
    return [f"{path.relative_to(PACKAGE.parent)} imports {name}"
            for path in _modules(layer) for name in sorted(_imports(path))
            if any(name == f or name.startswith(f + ".") for f in forbidden)]


LAYERS = ("qpay", "posapi", "journal", "receipts", "ui", "sandbox", "checkout", "config", "store", "storelink")


def test_domain_is_plain_python() -> None:
    forbidden = ("PySide6", "requests", "pydantic", "fastapi", "uvicorn", "sqlite3") + tuple(
        f"pos_app.{layer}" for layer in LAYERS) + ("pos_app.app", "pos_app.backend")
    assert _offences("domain", forbidden) == []


def test_sandbox_imports_nothing_from_the_rest_of_pos_app() -> None:
    forbidden = tuple(f"pos_app.{layer}" for layer in ("domain", "qpay", "posapi", "journal", "receipts", "ui",
                                                       "checkout", "config", "store", "storelink")) + (
        "pos_app.app", "pos_app.backend", "PySide6")
    assert _offences("sandbox", forbidden) == []


@pytest.mark.parametrize("layer", ["qpay", "posapi", "journal", "receipts", "checkout", "config", "storelink"])
def test_service_layers_may_use_domain_but_not_ui_or_widgets(layer: str) -> None:
    forbidden = ("pos_app.ui", "pos_app.app", "pos_app.backend", "pos_app.sandbox", "PySide6.QtWidgets")
    assert _offences(layer, forbidden) == []


@pytest.mark.parametrize("layer", ["qpay", "posapi", "journal", "checkout", "config", "store", "storelink"])
def test_layers_below_the_window_need_no_qt(layer: str) -> None:
    assert _offences(layer, ("PySide6",)) == []


def test_the_backend_builder_needs_no_qt() -> None:
    assert not [name for name in _imports(PACKAGE / "backend.py") if name.startswith(("PySide6", "pos_app.ui"))]


def test_only_ui_and_app_import_widgets() -> None:
    def allowed(path: Path) -> bool:
        return path.relative_to(PACKAGE).parts[0] == "ui" or path == PACKAGE / "app.py"

    offenders = [str(path.relative_to(PACKAGE.parent)) for path in PACKAGE.rglob("*.py")
                 if not allowed(path) and any(n.startswith("PySide6.QtWidgets") for n in _imports(path))]
    assert offenders == []


def test_the_check_sees_relative_imports() -> None:
    names = _imports(PACKAGE / "sandbox" / "api.py")
    assert "pos_app.sandbox.invoices" in names or "pos_app.sandbox" in names


def test_the_store_server_knows_nothing_of_the_till_window_or_its_link() -> None:
    """The store serves tills; it never imports the till's own parts (its window, its backend, its link). It may
    run the training sandbox (`pos-store serve --qpay-url training`) and serve as the sandboxes are served."""
    forbidden = ("pos_app.ui", "pos_app.app", "pos_app.backend", "pos_app.storelink", "pos_app.checkout")
    assert _offences("store", forbidden) == []
