"""The dependency rule of docs/architecture.md, checked on every module's imports."""

from __future__ import annotations

import ast
import types
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
        f"pos_app.{layer}" for layer in LAYERS) + ("pos_app.app",)
    assert _offences("domain", forbidden) == []


def test_sandbox_imports_nothing_from_the_rest_of_pos_app() -> None:
    forbidden = tuple(f"pos_app.{layer}" for layer in ("domain", "qpay", "posapi", "journal", "receipts", "ui",
                                                       "checkout", "config", "store", "storelink")) + (
        "pos_app.app", "PySide6")
    assert _offences("sandbox", forbidden) == []


@pytest.mark.parametrize("layer", ["qpay", "posapi", "journal", "receipts", "checkout", "config", "storelink"])
def test_service_layers_may_use_domain_but_not_ui_or_widgets(layer: str) -> None:
    forbidden = ("pos_app.ui", "pos_app.app", "pos_app.sandbox", "PySide6.QtWidgets")
    assert _offences(layer, forbidden) == []


@pytest.mark.parametrize("layer", ["qpay", "posapi", "journal", "checkout", "config", "store", "storelink"])
def test_layers_below_the_window_need_no_qt(layer: str) -> None:
    assert _offences(layer, ("PySide6",)) == []


def test_the_start_needs_no_qt() -> None:
    """The start's two halves run on a worker: they build the till's parts, never a widget."""
    offences = [f"{path.relative_to(PACKAGE.parent)} imports {name}" for path in _modules("app/start")
                for name in _imports(path) if name.startswith(("PySide6", "pos_app.ui"))]
    assert offences == []


def test_only_ui_and_app_import_widgets() -> None:
    def allowed(path: Path) -> bool:
        return path.relative_to(PACKAGE).parts[0] == "ui" or path.parent == PACKAGE / "app"

    offenders = [str(path.relative_to(PACKAGE.parent)) for path in PACKAGE.rglob("*.py")
                 if not allowed(path) and any(n.startswith("PySide6.QtWidgets") for n in _imports(path))]
    assert offenders == []


def test_the_check_sees_relative_imports() -> None:
    names = _imports(PACKAGE / "sandbox" / "api.py")
    assert "pos_app.sandbox.invoices" in names or "pos_app.sandbox" in names


def test_the_store_server_knows_nothing_of_the_till_window_or_its_link() -> None:
    """The store serves tills; it never imports the till's own parts (its window, its backend, its link). It may
    run the training sandbox (`pos-store serve --qpay-url training`) and serve as the sandboxes are served."""
    forbidden = ("pos_app.ui", "pos_app.app", "pos_app.storelink", "pos_app.checkout")
    assert _offences("store", forbidden) == []


# -- a house a newcomer can live in ------------------------------------------------------------------------------

LONGEST_SHOWN = 10


def test_the_longest_modules_are_shown(capsys: pytest.CaptureFixture[str]) -> None:
    """A module's length is information, not a rule (issue 33): a house is cut by job, never to fit a line count.
    The longest are shown, for a reader looking for two jobs grown into one module."""
    lengths = sorted(((len(path.read_text(encoding="utf-8").splitlines()), str(path.relative_to(PACKAGE.parent)))
                      for path in PACKAGE.rglob("*.py")), reverse=True)
    assert lengths
    with capsys.disabled():
        print("\nthe longest modules: " + ", ".join(f"{name} {count}" for count, name in lengths[:LONGEST_SHOWN]))


def test_every_package_says_its_job() -> None:
    silent = [str(path.relative_to(PACKAGE.parent)) for path in PACKAGE.rglob("__init__.py")
              if not ast.get_docstring(ast.parse(path.read_text(encoding="utf-8")))]
    assert silent == []


def _lazy_packages() -> list[Path]:
    return sorted(path for path in PACKAGE.rglob("__init__.py") if "lazy_names(" in path.read_text(encoding="utf-8"))


def test_a_lazy_package_lists_the_same_names_for_the_type_checker_and_for_the_run() -> None:
    """A package whose names load when first used (pos_app/lazy.py) says them twice: under `if TYPE_CHECKING:`
    (type checkers, the installer's bundler) and in its table. The two lists are the same, and each name loads."""
    import importlib

    assert len(_lazy_packages()) >= 5
    for path in _lazy_packages():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        checked = {(node.module, alias.name) for block in tree.body
                   if isinstance(block, ast.If) and _is_type_checking(block)
                   for node in block.body if isinstance(node, ast.ImportFrom) for alias in node.names}
        call = next(node for node in ast.walk(tree) if isinstance(node, ast.Call)
                    and getattr(node.func, "id", "") == "lazy_names")
        table = ast.literal_eval(call.args[1])
        listed = {(module, name) for module, names in table.items() for name in names.split()}
        assert checked == listed, path
        package = importlib.import_module(_module_name(path))
        assert sorted(package.__all__) == sorted(name for _, name in listed)
        for module in table:      # each module loaded first: one named like a name would shadow it (lazy.py)
            importlib.import_module(f"{package.__name__}.{module}")
        for name in package.__all__:
            assert not isinstance(getattr(package, name), types.ModuleType), f"{package.__name__}.{name}"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imported(node: ast.stmt, package: str, modules: set[str]) -> set[str]:
    """The package's `modules` one import statement of a module in `package` names (`from . import x` is an import
    of x, not of the package); nothing for any other statement."""
    if isinstance(node, ast.Import):
        return {alias.name for alias in node.names if alias.name in modules}
    if not isinstance(node, ast.ImportFrom):
        return set()
    base = node.module or ""
    if node.level:
        parts = package.split(".")[: len(package.split(".")) - node.level + 1]
        base = ".".join(parts + ([node.module] if node.module else []))
    submodules = {f"{base}.{alias.name}" for alias in node.names} & modules
    whole = {base} if len(submodules) < len(node.names) and base in modules else set()
    return submodules | whole


def _runtime_imports(path: Path, modules: set[str]) -> set[str]:
    """The package's modules this file imports when it runs: at its top or inside a function (a lazy import
    closes a circle too, only later); imports for the type checker alone do not count. `from . import x` is
    an import of x, not of the package."""
    package = _module_name(path) if path.name == "__init__.py" else _module_name(path).rpartition(".")[0]
    found: set[str] = set()

    def visit(nodes: list[ast.stmt]) -> None:
        for node in nodes:
            if isinstance(node, ast.If) and _is_type_checking(node):
                visit(node.orelse)
                continue
            found.update(_imported(node, package, modules))
            for field in ("body", "orelse", "finalbody", "handlers"):
                children = getattr(node, field, None)
                if isinstance(children, list):
                    visit([child for child in children if isinstance(child, ast.stmt)]
                          + [stmt for handler in children if isinstance(handler, ast.ExceptHandler)
                             for stmt in handler.body])

    visit(ast.parse(path.read_text(encoding="utf-8")).body)
    return found - {_module_name(path)}


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import graph's strongly connected parts of more than one module (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, edges = work[-1]
            step = next(edges, None)
            if step is not None:
                if step not in index:
                    index[step] = low[step] = len(index)
                    stack.append(step)
                    on_stack.add(step)
                    work.append((step, iter(sorted(graph[step]))))
                elif step in on_stack:
                    low[node] = min(low[node], index[step])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                part = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    part.append(member)
                    if member == node:
                        break
                if len(part) > 1:
                    circles.append(sorted(part))
    return circles


def test_no_two_modules_import_each_other() -> None:
    paths = {_module_name(path): path for path in PACKAGE.rglob("*.py")}
    graph = {name: _runtime_imports(path, set(paths)) for name, path in paths.items()}
    assert _circles(graph) == []


def test_the_circle_check_finds_a_circle() -> None:
    assert _circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def _private_imports(source: str, module: str, *, is_package: bool = False) -> list[str]:
    """Where `source` (the module `module`) imports a private name (`_x`, not a dunder) from a pos_app module:
    `from M import _x`, relative or absolute, at the top, in a function or for the type checker alone."""
    package = module if is_package else module.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.ImportFrom):
            continue
        base = node.module or ""
        if node.level:
            parts = package.split(".")[: len(package.split(".")) - node.level + 1]
            base = ".".join(parts + ([node.module] if node.module else []))
        if base != "pos_app" and not base.startswith("pos_app."):
            continue
        found += [f"{node.lineno}: from {base} import {alias.name}" for alias in node.names
                  if alias.name.startswith("_") and not (alias.name.startswith("__") and alias.name.endswith("__"))]
    return found


def test_no_private_name_is_imported_from_another_module() -> None:
    """A private name is its module's own: a name two modules share is public (named for its job), or the two
    are one job and live in one module."""
    offences = [f"{path.relative_to(PACKAGE.parent)}:{where}" for path in sorted(PACKAGE.rglob("*.py"))
                for where in _private_imports(path.read_text(encoding="utf-8"), _module_name(path),
                                              is_package=path.name == "__init__.py")]
    assert offences == []


def test_the_private_import_check_finds_one() -> None:
    source = ("from __future__ import annotations\n"
              "from pos_app import __version__\n"
              "from pathlib import _ignore\n"
              "from .day_summary import DaySummary, _largest_first as largest\n"
              "from ..qpay.transport import _NO_BODY\n"
              "from pos_app.receipts.sale_slip import header_blocks\n"
              "def later() -> None:\n"
              "    from . import _hidden\n")
    assert _private_imports(source, "pos_app.journal.day_combine") == [
        "4: from pos_app.journal.day_summary import _largest_first",
        "5: from pos_app.qpay.transport import _NO_BODY",
        "8: from pos_app.journal import _hidden"]
    assert _private_imports("from .tasks import _Task\n", "pos_app.ui", is_package=True) == [
        "1: from pos_app.ui.tasks import _Task"]


# -- one owner for every money step ------------------------------------------------------------------------------

_WRITING = frozenset({"store.writing", "store.step", "store.failed_step"})   # the journal's own transactions
# Written from the window, and no money: people, parked carts and the till's own log.
_NOT_MONEY = ("People", "Parked", "TillLog")


def _self_calls(function: ast.FunctionDef, part: str) -> set[str]:
    """The names this method of the journal's `part` uses on `self` (called, or entered as `with self.x():`), as
    the journal reaches them: `self.x` as `part.x`, `self.store.writing` and `self.sales.x` as they are."""
    names = set()
    for node in ast.walk(function):
        if not isinstance(node, ast.Attribute):
            continue
        if isinstance(node.value, ast.Name) and node.value.id == "self":
            names.add(f"{part}.{node.attr}")
        elif (isinstance(node.value, ast.Attribute) and isinstance(node.value.value, ast.Name)
              and node.value.value.id == "self"):
            names.add(f"{node.value.attr}.{node.attr}")
    return names


def _journal_write_steps() -> set[str]:
    """The journal's money steps, as `part.step`: the public methods of the parts `Journal` holds that write
    (through the store's transactions, or through another method that does)."""
    classes = {node.name: node for path in _modules("journal")
               for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))) if isinstance(node, ast.ClassDef)}
    init = next(item for item in classes["Journal"].body if isinstance(item, ast.FunctionDef)
                and item.name == "__init__")
    parts = {target.attr: node.value.func.id for node in ast.walk(init)
             if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call)
             and isinstance(node.value.func, ast.Name)
             for target in node.targets if isinstance(target, ast.Attribute)}
    methods = {f"{part}.{item.name}": (name, _self_calls(item, part)) for part, name in parts.items()
               for item in classes[name].body if isinstance(item, ast.FunctionDef)}
    writing = set(_WRITING)
    while True:
        more = {name for name, (_, used) in methods.items() if used & writing} - writing
        if not more:
            break
        writing |= more
    return {name for name in writing if name in methods and not name.split(".")[1].startswith("_")
            and methods[name][0] not in _NOT_MONEY}


def _journal_writes_in(source: str, steps: set[str]) -> list[str]:
    """Where `source` calls one of `steps` on a journal (`journal.tenders.x(...)`, `services.journal.sales.x(...)`):
    line and step."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and isinstance(node.func.value, ast.Attribute)):
            continue
        step = f"{node.func.value.attr}.{node.func.attr}"
        owner = node.func.value.value
        name = owner.id if isinstance(owner, ast.Name) else owner.attr if isinstance(owner, ast.Attribute) else ""
        if step in steps and name.lower().endswith("journal"):
            found.append(f"{node.lineno}: {step}")
    return found


def test_the_window_writes_no_money_step_to_the_journal() -> None:
    """Every money step is written by `checkout/` (write the step, make the call, write the answer); the window
    calls checkout and reads the journal."""
    steps = _journal_write_steps()
    assert {"sales.begin", "sales.invoice_opened", "sales.invoice_failed", "tenders.rest_started", "tenders.begin",
            "tenders.take", "tenders.handed_back", "sales.payments_seen", "posapi.started"} <= steps
    assert not steps & {"queries.get", "queries.events", "now", "parked.park", "people.add", "till_log.note"}
    offences = [f"{path.relative_to(PACKAGE.parent)}:{where}" for path in _modules("ui")
                for where in _journal_writes_in(path.read_text(encoding="utf-8"), steps)]
    assert offences == []


def test_the_journal_is_one_store_and_parts_over_it() -> None:
    """`Journal` holds its parts (`journal.sales`, `journal.queries`…), built over one `JournalStore`: it inherits
    from nothing, and no module of the journal imports `journal.py` back (only the package's lazy names do)."""
    classes = {node.name: node for path in _modules("journal")
               for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))) if isinstance(node, ast.ClassDef)}
    assert classes["Journal"].bases == []
    back = [str(path.relative_to(PACKAGE.parent)) for path in _modules("journal")
            if path.name not in ("journal.py", "__init__.py") and "pos_app.journal.journal" in _imports(path)]
    assert back == []


def test_the_money_step_check_finds_a_write() -> None:
    source = ("def take(services, journal, sale, tender):\n"
              "    journal.queries.get(sale.number)\n"
              "    sale.tender_taken(tender)\n"
              "    services.journal.tenders.begin(sale.lines, sale.total, sale.taxes, tender, sale.receipt_via)\n"
              "    return journal.tenders.handed_back(sale.number, 'gone')\n")
    assert _journal_writes_in(source, _journal_write_steps()) == ["4: tenders.begin", "5: tenders.handed_back"]


# -- a house by capability (issue 33) ----------------------------------------------------------------------------

def _classes(sources: dict[str, str]) -> dict[str, ast.ClassDef]:
    return {node.name: node for source in sources.values()
            for node in ast.walk(ast.parse(source)) if isinstance(node, ast.ClassDef)}


def _one_use_mixins(sources: dict[str, str]) -> list[str]:
    """The slices of one host among `sources` (module name → source): a class made of nothing but the package's own
    plain classes (no base from a library: not an exception, a model, a widget or a Protocol), never built on
    its own, and the base of exactly one class. A mixin several classes share is a capability and is fine."""
    classes = _classes(sources)
    built = {node.func.id for source in sources.values() for node in ast.walk(ast.parse(source))
             if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)}

    def base_names(node: ast.ClassDef) -> list[str]:
        return [base.id if isinstance(base, ast.Name) else ast.unparse(base) for base in node.bases]

    def plain(name: str, seen: frozenset[str] = frozenset()) -> bool:
        node = classes.get(name)
        return node is not None and name not in seen and all(
            base == "object" or plain(base, seen | {name}) for base in base_names(node))

    hosts: dict[str, list[str]] = {}
    for node in classes.values():
        for base in base_names(node):
            hosts.setdefault(base, []).append(node.name)
    return sorted(f"{name} (a slice of {users[0]})" for name, users in hosts.items()
                  if len(users) == 1 and plain(name) and name not in built)


def _sources() -> dict[str, str]:
    return {_module_name(path): path.read_text(encoding="utf-8") for path in sorted(PACKAGE.rglob("*.py"))}


def test_no_class_is_assembled_from_one_use_mixins() -> None:
    """A class is built from owned parts, each made with what it uses (as Anki's `Collection` holds `col.decks`),
    never from slices of itself that expect the host's attributes."""
    assert _one_use_mixins(_sources()) == []


def test_the_mixin_check_finds_a_slice_and_leaves_shared_mixins() -> None:
    sources = {"a": "class Keys:\n    pass\nclass Words:\n    pass\nclass Shared:\n    pass\n"
                    "class Base(Exception):\n    pass\nclass Error(Base):\n    pass\n"
                    "class Window(Keys, Shared, QMainWindow):\n    pass\n",
               "b": "class Dialog(Shared, QDialog):\n    pass\nclass Profile:\n    pass\n"
                    "class Live(Profile):\n    pass\nPROFILE = Profile()\nclass Page(Words):\n    pass\n"}
    assert _one_use_mixins(sources) == ["Keys (a slice of Window)", "Words (a slice of Page)"]


def _type_only_imports(source: str, module: str, modules: set[str], *, is_package: bool = False) -> set[str]:
    """The package's `modules` that `source` (the module `module`) imports for the type checker alone (under
    `if TYPE_CHECKING:`)."""
    package = module if is_package else module.rpartition(".")[0]
    found: set[str] = set()
    for block in ast.walk(ast.parse(source)):
        if not (isinstance(block, ast.If) and _is_type_checking(block)):
            continue
        for node in block.body:
            found.update(_imported(node, package, modules))
    return found - {module}


def _every_import(path: Path, modules: set[str]) -> set[str]:
    """The package's modules this file imports, at run time (at its top or lazily) or for the type checker."""
    return _runtime_imports(path, modules) | _type_only_imports(
        path.read_text(encoding="utf-8"), _module_name(path), modules, is_package=path.name == "__init__.py")


def test_no_module_imports_its_importer_back_not_even_for_types() -> None:
    """An import for the type checker alone that closes a circle hides two modules that are one job, or a part
    that knows its host: the part is handed what it uses (or names it in a small Protocol of its own)."""
    paths = {_module_name(path): path for path in PACKAGE.rglob("*.py")}
    graph = {name: _every_import(path, set(paths)) for name, path in paths.items()}
    assert _circles(graph) == []


def test_the_type_import_check_finds_a_back_edge() -> None:
    modules = {"pos_app.ui.shell.main_window", "pos_app.ui.sale.scanning.routing", "pos_app.ui.common.tasks"}
    source = ("from typing import TYPE_CHECKING\n"
              "from pos_app.ui.common.tasks import TaskRunner\n"
              "if TYPE_CHECKING:\n"
              "    from ...shell.main_window import MainWindow\n")
    found = _type_only_imports(source, "pos_app.ui.sale.scanning.routing", modules)
    assert found == {"pos_app.ui.shell.main_window"}
    graph = {"pos_app.ui.shell.main_window": {"pos_app.ui.sale.scanning.routing"},
             "pos_app.ui.sale.scanning.routing": found}
    assert _circles(graph) == [["pos_app.ui.sale.scanning.routing", "pos_app.ui.shell.main_window"]]


# The window's folders. Capabilities never import each other; the shared folders are handed to every capability by
# the root (who is at the till, the printing); common imports no other folder; the shell hosts the sale.
UI_COMMON = "common"
UI_SHARED = ("people", "printing")
UI_CAPABILITIES = ("sale", "history", "day_close", "shift", "settings")
UI_SHELL = "shell"


def _ui_folder_may_import(importer: str, imported: str) -> bool:
    if imported in (importer, UI_COMMON):
        return True
    if importer == UI_COMMON:
        return False
    if importer in UI_SHARED:
        return False
    if importer == UI_SHELL:
        return imported in (*UI_SHARED, "sale")
    return imported in UI_SHARED


def _sideways(imports: dict[str, set[str]]) -> list[str]:
    """The imports (module → every pos_app module it imports, at run time or for types) that cross `ui/`'s folders
    against the rule above."""
    found = []
    for module, names in sorted(imports.items()):
        parts = module.split(".")
        if parts[:2] != ["pos_app", "ui"] or len(parts) < 4:
            continue
        for name in sorted(names):
            other = name.split(".")
            if other[:2] == ["pos_app", "ui"] and len(other) > 2 and not _ui_folder_may_import(parts[2], other[2]):
                found.append(f"{module} imports {name}")
    return found


def test_every_ui_module_lives_in_a_capability_folder() -> None:
    flat = [path.name for path in (PACKAGE / "ui").glob("*.py") if path.name != "__init__.py"]
    folders = sorted(path.name for path in (PACKAGE / "ui").iterdir() if (path / "__init__.py").exists())
    assert flat == [] and folders == sorted((UI_COMMON, UI_SHELL, *UI_SHARED, *UI_CAPABILITIES))


def test_the_window_s_capabilities_never_import_each_other() -> None:
    paths = {_module_name(path): path for path in PACKAGE.rglob("*.py")}
    imports = {name: _every_import(path, set(paths)) for name, path in paths.items()}
    assert _sideways(imports) == []


def test_the_sideways_check_finds_one() -> None:
    imports = {"pos_app.ui.history.dialog": {"pos_app.ui.sale.flow.flow", "pos_app.ui.printing.printing",
                                             "pos_app.ui.common.tasks", "pos_app.ui.history.model"},
               "pos_app.ui.common.tasks": {"pos_app.ui.people.till_people"},
               "pos_app.ui.shell.main_window": {"pos_app.ui.sale.cart.sale_page", "pos_app.ui.shift.dialog"}}
    assert _sideways(imports) == ["pos_app.ui.common.tasks imports pos_app.ui.people.till_people",
                                  "pos_app.ui.history.dialog imports pos_app.ui.sale.flow.flow",
                                  "pos_app.ui.shell.main_window imports pos_app.ui.shift.dialog"]


def test_only_the_launcher_imports_the_root() -> None:
    """The composition root builds and connects every part; nothing below it may reach back for it."""
    offences = [f"{path.relative_to(PACKAGE.parent)} imports {name}" for path in PACKAGE.rglob("*.py")
                if path.relative_to(PACKAGE).parts[0] != "app" and path.name != "launch.py"
                for name in _imports(path) if name == "pos_app.app" or name.startswith("pos_app.app.")]
    assert offences == []
