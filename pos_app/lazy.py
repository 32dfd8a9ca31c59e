"""Loading put off until it is needed: a package's names, each loaded from its module when first used (PEP 562);
and pydantic's deferred validators, built all at once on the worker that builds the payment side.

`from pos_app.qpay import QPayClient` works as it always did, but importing one light module of a package
(`pos_app.qpay.errors`, `pos_app.config.settings`) no longer loads pydantic, requests, PyJWT or keyring with
the package: the till's first window needs none of them (issue 21, the start). Each package lists its names
twice on purpose: under `if TYPE_CHECKING:`, where type checkers and the installer's bundler read them, and in
the table given here, which `tests/test_architecture.py` holds equal to that list.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any


def lazy_names(package: str, table: Mapping[str, str]) -> tuple[Callable[[str], Any], Callable[[], list[str]],
                                                                  list[str]]:
    """`__getattr__`, `__dir__` and `__all__` for *package*, whose *table* maps each module (relative, without its
    dot) to its names, separated by spaces."""
    module_of = {name: module for module, names in table.items() for name in names.split()}
    # A name that is also a module's would lose to it: importing `package.x` sets the package's `x` to the module.
    clashes = set(module_of) & set(table)
    if clashes:
        raise ValueError(f"{package}: names that are also its modules' names: {sorted(clashes)}")

    def __getattr__(name: str) -> Any:   # noqa: N807 - the module-level hook of PEP 562
        module = module_of.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f"{package}.{module}"), name)
        globals_of_package = importlib.import_module(package).__dict__
        globals_of_package[name] = value        # the next use is a plain look-up
        return value

    def __dir__() -> list[str]:   # noqa: N807
        return sorted(set(importlib.import_module(package).__dict__) | set(module_of))

    return __getattr__, __dir__, sorted(module_of)


def deferred_models() -> list[type]:
    """The till's pydantic models whose validators are not built yet (`defer_build`)."""
    from pydantic import BaseModel

    waiting, left = list(BaseModel.__subclasses__()), []
    while waiting:
        model = waiting.pop()
        waiting.extend(model.__subclasses__())
        if model.__module__.startswith("pos_app.") and not model.__pydantic_complete__:
            left.append(model)
    return left


def build_deferred_models() -> int:
    """Build now the validators pydantic deferred (`defer_build`) for the till's models: once, on the worker
    that builds the payment side, before any call is made. Deferring keeps pydantic's work out of the first
    window; building them here keeps it off the calls themselves, where two threads first using one model at
    once could race in pydantic's lazy rebuild. The number built."""
    models = deferred_models()
    for model in models:
        model.model_rebuild()  # type: ignore[attr-defined]
    return len(models)
