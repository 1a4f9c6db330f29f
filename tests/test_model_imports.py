"""The models' modules import one another one way only (issue 34): no module of
``scorekeeper.models`` imports, however indirectly, a module that imports it back,
not even in type hints (the imports under ``TYPE_CHECKING``) and not through the
package itself (``scorekeeper/models/__init__.py`` imports every module). A
``Game``'s helpers name the abstract ``GameBase`` below them
(``scorekeeper/models/game_base.py``), never ``Game`` above them. The
import-linter contract on ``scorekeeper.models`` (pyproject.toml) says the same of
the modules; only this test sees a module importing the package."""

from __future__ import annotations

import grimp

PACKAGE = "scorekeeper.models"


def _imports() -> dict[str, set[str]]:
    """Each module of the package, and the package itself, with the ones of them
    it imports, when it runs or only to name them in type hints."""
    graph = grimp.build_graph("scorekeeper", cache_dir=None, exclude_type_checking_imports=False)
    modules = graph.find_children(PACKAGE) | {PACKAGE}
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


def test_the_models_modules_import_one_another_in_no_circle_type_hints_included() -> None:
    imports = _imports()
    # The package was read, its type hints too (the querysets name a player only there).
    assert f"{PACKAGE}.games" in imports[PACKAGE]
    assert f"{PACKAGE}.players" in imports[f"{PACKAGE}.game_querysets"]
    assert _circle(imports) == []


def test_a_circle_is_found() -> None:
    # The check itself: it finds a circle when there is one, however long.
    assert _circle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _circle({"a": {"b"}, "b": {"c"}, "c": set()}) == []
