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
