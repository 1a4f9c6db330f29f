"""The models' modules import one another one way only (issue 34): no module of
``scorekeeper.models`` imports, however indirectly, a module that imports it back.
A module that only names another model in its type hints imports it under
``TYPE_CHECKING``, which runs nothing; those names are left out here."""

from __future__ import annotations

import grimp

PACKAGE = "scorekeeper.models"


def _imports() -> dict[str, set[str]]:
    """Each module of the package and the modules of the package it imports when it runs."""
    graph = grimp.build_graph("scorekeeper", cache_dir=None, exclude_type_checking_imports=True)
    modules = graph.find_children(PACKAGE)
    return {
        module: {
            other
            for other in modules
            if other != module and graph.direct_import_exists(importer=module, imported=other)
        }
        for module in modules
    }


def _circle(imports: dict[str, set[str]]) -> list[str]:
    """A circle of imports (its modules in order, the first repeated last), or []."""
    done: set[str] = set()

    def walk(module: str, path: list[str]) -> list[str]:
        if module in path:
            return [*path[path.index(module) :], module]
        if module in done:
            return []
        for other in sorted(imports[module]):
            if found := walk(other, [*path, module]):
                return found
        done.add(module)
        return []

    for module in sorted(imports):
        if found := walk(module, []):
            return found
    return []


def test_the_models_modules_import_one_another_in_no_circle() -> None:
    imports = _imports()
    assert f"{PACKAGE}.games" in imports  # the package was read
    assert _circle(imports) == []


def test_a_circle_is_found() -> None:
    # The check itself: it finds a circle when there is one, however long.
    assert _circle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _circle({"a": {"b"}, "b": {"c"}, "c": set()}) == []
