"""Importing a game document: parse the JSON, store the game, score every hand."""

from __future__ import annotations

import json

from benchmarks import Timing, measure
from benchmarks.games import game_document, import_text


def bench_import_60_hands() -> Timing:
    text = json.dumps(game_document(60))
    return measure(
        "import a 60-hand game (parse, store, score)",
        lambda: import_text(text),
        iterations=30,
        count_queries=True,
    )


def bench_import_1000_hands() -> Timing:
    """The longest document import accepts (MAX_HANDS): scored once, stored in bulk."""
    text = json.dumps(game_document(1000))
    return measure(
        "import a 1,000-hand game (parse, score, store)",
        lambda: import_text(text),
        iterations=5,
        warmup=1,
    )
