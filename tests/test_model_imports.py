"""The models' modules import one another one way only (issue 34): no module of
``scorekeeper.models`` imports, however indirectly, a module that imports it back.
A module that only names another model in its type hints imports it under
``TYPE_CHECKING``, which runs nothing: the one circle those names still make is a
``Game`` with the helpers its methods call, each naming ``Game`` back."""

from __future__ import annotations

import grimp

PACKAGE = "scorekeeper.models"

# A Game and the modules its methods' bodies are in (scorekeeper/models/games.py).
GAME_AND_ITS_HELPERS = {
    f"{PACKAGE}.{name}"
    for name in (
        "games",
        "game_documents",
        "game_hands",
        "game_querysets",
        "game_transactions",
        "hand_plans",
        "new_games",
        "used_tokens",
    )
}


def _imports(*, type_hints: bool = False) -> dict[str, set[str]]:
    """Each module of the package and the modules of the package it imports when
    it runs (``type_hints``: and those it names under ``TYPE_CHECKING``)."""
    graph = grimp.build_graph(
        "scorekeeper", cache_dir=None, exclude_type_checking_imports=not type_hints
    )
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


def test_only_a_games_helpers_name_it_back_and_only_in_type_hints() -> None:
    # A Game's modules taken as one: the circle left is inside it, none through it
    # (the nights', the players' and every other module import one way only).
    def one(module: str) -> str:
        return f"{PACKAGE}.games" if module in GAME_AND_ITS_HELPERS else module

    merged: dict[str, set[str]] = {}
    for module, imported in _imports(type_hints=True).items():
        merged.setdefault(one(module), set()).update(one(other) for other in imported)
    assert _circle({module: imported - {module} for module, imported in merged.items()}) == []


def test_a_circle_is_found() -> None:
    # The check itself: it finds a circle when there is one, however long.
    assert _circle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _circle({"a": {"b"}, "b": {"c"}, "c": set()}) == []
