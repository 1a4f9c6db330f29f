"""The score chart on a page: ``{% load charts %}`` then ``{% score_chart game %}``."""

from __future__ import annotations

from typing import Any

from django import template

from scorekeeper.models import Game
from scorekeeper.web.charts import score_chart as build_chart

register = template.Library()


@register.inclusion_tag("scorekeeper/score_chart.html")
def score_chart(game: Game) -> dict[str, Any]:
    """The game's score-progression chart (docs/rules.md 6 (every variant)) with its sentence:
    the game's hands are read (one query, none when prefetched). Seats should be
    prefetched (``Game.objects.for_table()``)."""
    score = game.score()
    return {"chart": build_chart(game.setup, score), "chart_id": f"score-chart-{game.pk}"}
